# masqued - play-by-email game server.
#
#   make            build ./masqued (release, -O2 -flto)
#   make test       install what is missing, build with ASan+UBSan, run every test
#   make demo       install what is missing, build, play a whole game by email
#                   (GAME=masquerade: The Masquerade instead of the Red Death)
#   make bench      print the performance measurements, one JSON object per line
#   make e2e        the end-to-end test against OpenSMTPD and Dovecot alone
#   make fuzz       build the libFuzzer targets (clang) and run each briefly
#   make clang-san  build the ASan tree with clang (build/clang/) and run the
#                   unit and CLI tests under it (not part of make test)
#   make deps       install the Debian packages the project needs
#   make install    copy masqued to $(DESTDIR)$(PREFIX)/bin and what it reads
#                   at run time to $(DESTDIR)$(PREFIX)/share/masqued

PKGS      := jansson libsodium libcurl gmime-3.0
CC        ?= cc
CSTD      := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN      := -Wall -Wextra -Werror -Wno-unused-parameter
INC       := -I. -Icommon
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libcurl's headers only: mail/transport_curl.c opens the library itself
# when IMAP or SMTP first needs it (every other command starts without its
# thirty dependencies)
PKG_LIBS   = $(shell pkg-config --libs $(filter-out libcurl,$(PKGS)) 2>/dev/null) -ldl -pthread

LIB_SRC   := $(sort $(wildcard common/*.c engine/*.c engine/*/*.c mail/*.c daemon/*.c))
LIB_SRC   := $(filter-out daemon/main.c,$(LIB_SRC))
TEST_SRC  := $(sort $(wildcard tests/unit/test_*.c))
HDRS      := $(wildcard common/*.h engine/*.h engine/*/*.h mail/*.h daemon/*.h tests/unit/*.h tests/fuzz/*.h)

# -flto: the engine's small functions (draws, track moves, checks) inline
# across files; REL_CFLAGS is on every release link line too, as LTO needs.
REL_CFLAGS  := $(CSTD) $(WARN) -O2 -flto=auto -g $(INC)
ASAN_CFLAGS := $(CSTD) $(WARN) -O1 -g -fno-omit-frame-pointer \
               -fsanitize=address,undefined -fno-sanitize-recover=undefined $(INC)

REL_OBJ   := $(LIB_SRC:%.c=build/rel/%.o)
ASAN_OBJ  := $(LIB_SRC:%.c=build/asan/%.o)
ALLOC_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
TEST_BIN  := $(TEST_SRC:tests/unit/%.c=build/asan/tests/%)
BENCH_SRC := $(sort $(wildcard bench/*.c))
BENCH_BIN := $(BENCH_SRC:bench/%.c=build/rel/bench/%)
E2E_SRC   := $(sort $(wildcard tests/e2e/*.c))
E2E_BIN   := $(E2E_SRC:tests/e2e/%.c=build/asan/e2e/%)

.PHONY: all deps test test-build unit demo bench e2e fuzz clang-san clean screenshots check-deps \
	check-test-deps check-all-deps install FORCE

PREFIX    ?= /usr/local
DESTDIR   ?=

all: check-deps masqued

deps:
	@sh scripts/deps.sh all

# What each target needs, installed when missing (each a cheap check when
# all is there): building, the tests, and the mail servers of the
# end-to-end test and the bench (which, on a machine running Postfix, stop
# with a sentence rather than replace it: scripts/deps.sh).
check-deps:
	@sh scripts/deps.sh build
check-test-deps: check-deps
	@sh scripts/deps.sh test
check-all-deps: check-test-deps
	@sh scripts/deps.sh all

# Nothing compiles before the check is done: under -j a fresh machine would
# otherwise compile against headers apt is still installing. Order-only, so
# the check never makes anything out of date.
$(REL_OBJ) $(ASAN_OBJ) build/rel/daemon/main.o build/asan/daemon/main.o \
$(BENCH_BIN) $(E2E_BIN) build/asan/bench/daemon_fixture: | check-deps
$(TEST_BIN): | check-test-deps

# `masqued --version`: the commit it was built from. build/version.h is
# rewritten only when that changes, so main.o alone is rebuilt then.
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
build/version.h: FORCE
	@mkdir -p build
	@echo '#define MQ_VERSION "$(VERSION)"' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@
	@rm -f $@.tmp
FORCE:
build/rel/daemon/main.o build/asan/daemon/main.o: build/version.h

masqued: $(REL_OBJ) build/rel/daemon/main.o
	@echo "LD      $@"
	@$(CC) $(REL_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

build/rel/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC      $<"
	@$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

build/asan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC asan $<"
	@$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

# -no-pie: the tests run this binary some thousands of times, and a PIE's
# start writes a relocation into each page of its instrumented data (a
# third of its 2,000 page faults, on a machine where a fault is dear);
# loaded where it was linked, those pages are read from the file as they are
build/asan/masqued: $(ASAN_OBJ) build/asan/daemon/main.o
	@echo "LD asan $@"
	@$(CC) $(ASAN_CFLAGS) -no-pie -o $@ $^ $(PKG_LIBS) -lm

build/asan/tests/%: tests/unit/%.c $(ASAN_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD asan $@"
	@$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) -Itests/unit -o $@ $< $(ASAN_OBJ) $(PKG_LIBS) -lcmocka -lm

# test_alloc_fail is linked with ld --wrap (ALLOC_WRAP below), so that every
# allocation of the tree's own code fails in turn, not only jansson's
build/asan/tests/test_alloc_fail: tests/unit/test_alloc_fail.c $(ASAN_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD asan $@ (wrap)"
	@$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) -DMQ_ALLOC_WRAP -Itests/unit -o $@ $< \
	    $(ASAN_OBJ) $(ALLOC_WRAP) $(PKG_LIBS) -lcmocka -lm

build/rel/bench/%: bench/%.c $(REL_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD      $@"
	@$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(REL_OBJ) $(PKG_LIBS) -lm

# make test's fixture (tests/cli/test_workers.sh): linked from the ASan
# objects, not the release ones, whose link-time optimization of the whole
# tree a second time (after ./masqued's) was ten seconds of a core
build/asan/bench/%: bench/%.c $(ASAN_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD asan $@"
	@$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(ASAN_OBJ) $(PKG_LIBS) -lm

build/asan/e2e/%: tests/e2e/%.c $(ASAN_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD asan $@"
	@$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(ASAN_OBJ) $(PKG_LIBS) -lm

# tests/cli/test_alloc_fail.sh's program (MQ_SWEEP=full only): the same
# test built without sanitizers, with ld --wrap, to run under valgrind,
# which sees what ASan does not (a read of memory never written). It
# builds it when it runs.
ALLOC_CFLAGS := $(CSTD) $(WARN) -O1 -g $(INC)
ALLOC_OBJ    := $(LIB_SRC:%.c=build/allocfail/%.o)
$(ALLOC_OBJ) build/allocfail/test_alloc_fail: | check-test-deps

build/allocfail/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC wrap $<"
	@$(CC) $(ALLOC_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

build/allocfail/test_alloc_fail: tests/unit/test_alloc_fail.c $(ALLOC_OBJ) $(HDRS)
	@echo "LD wrap $@"
	@$(CC) $(ALLOC_CFLAGS) $(PKG_CFLAGS) -DMQ_ALLOC_WRAP -Itests/unit -o $@ $< \
	    $(ALLOC_OBJ) $(ALLOC_WRAP) $(PKG_LIBS) -lcmocka -lm

# make test builds on every core (a clean clone's build is minutes of it
# alone), once the packages are in; then tests/run.sh runs the suites two
# at a time.
TEST_JOBS := $(shell nproc 2>/dev/null || echo 1)
test: check-all-deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) test-build
	@sh tests/run.sh
test-build: build/asan/masqued $(TEST_BIN) $(E2E_BIN) masqued build/asan/bench/daemon_fixture

unit: check-test-deps $(TEST_BIN)
	@sh tests/run.sh --unit-only

demo: check-deps masqued
	./masqued demo $(GAME)

bench: check-all-deps masqued $(BENCH_BIN)
	@sh bench/run.sh

e2e: check-all-deps masqued build/asan/masqued $(E2E_BIN)
	@sh tests/e2e/run.sh

fuzz: check-test-deps
	@sh tests/fuzz/run.sh

# The same tree built by clang, whose UBSan checks what gcc's does not:
# NULL + 0 (pointer-overflow; mq_mime_addr_ok's NULL, mime_report's empty
# part were found so), and -Wall -Wextra warn on more. clang is `make
# fuzz`'s (tests/fuzz/run.sh installs it). The end-to-end test is left out
# (it needs the mail servers, and its clients are the gcc tree's).
CLANG       ?= clang
CLANG_CFLAGS := $(CSTD) $(WARN) -O1 -g -fno-omit-frame-pointer \
               -fsanitize=address,undefined,pointer-overflow,float-cast-overflow,nullability \
               -fno-sanitize-recover=all $(INC)
CLANG_OBJ   := $(LIB_SRC:%.c=build/clang/%.o)
CLANG_TESTS := $(TEST_SRC:tests/unit/%.c=build/clang/tests/%)
$(CLANG_OBJ) build/clang/daemon/main.o $(CLANG_TESTS): | check-test-deps
build/clang/daemon/main.o: build/version.h

build/clang/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo "CC clang $<"
	@$(CLANG) $(CLANG_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

build/clang/masqued: $(CLANG_OBJ) build/clang/daemon/main.o
	@echo "LD clang $@"
	@$(CLANG) $(CLANG_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

build/clang/tests/%: tests/unit/%.c $(CLANG_OBJ) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "LD clang $@"
	@$(CLANG) $(CLANG_CFLAGS) $(PKG_CFLAGS) -Itests/unit -o $@ $< $(CLANG_OBJ) $(PKG_LIBS) -lcmocka -lm

clang-san: check-all-deps
	@command -v $(CLANG) >/dev/null 2>&1 || \
	    { echo "clang-san: $(CLANG) is missing (make fuzz installs it)" >&2; exit 4; }
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) build/clang/masqued $(CLANG_TESTS) \
	    masqued build/rel/bench/daemon_fixture
	@MASQUED_FIXTURE=build/rel/bench/daemon_fixture MQ_BUILD=build/clang MQ_SKIP_E2E=1 sh tests/run.sh

screenshots: check-deps masqued
	@sh scripts/screenshots.sh

install: all
	@sh scripts/install.sh "$(DESTDIR)$(PREFIX)" masqued

clean:
	rm -rf build masqued
