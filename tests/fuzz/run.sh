#!/bin/sh
# run.sh - build the libFuzzer targets with clang (ASan + UBSan) and run each
# for FUZZ_SECONDS (default 30), starting from tests/fuzz/corpus/<target>/.
# `make fuzz` calls this; it is not part of `make test` (test_fuzz_corpus
# replays the saved corpus there instead).
#
#   FUZZ_SECONDS=300 sh tests/fuzz/run.sh            every target, 5 minutes each
#   FUZZ_SECONDS=60 sh tests/fuzz/run.sh mime log    only these
#   FUZZ_JOBS=2 ...                                  libFuzzer workers per target
#   FUZZ_TIMEOUT=2 ...                               seconds one input may take
#
# An input slower than FUZZ_TIMEOUT seconds (default 5; submit, which plays
# a stored game up to 255 bot mails first and opens it three times, 10) is
# a finding like a crash: saved as build/fuzz/crash-<target>-timeout-*.
# FUZZ_TIMEOUT_<target> (FUZZ_TIMEOUT_submit=20) sets one target's alone.
#
# A target's words, if tests/fuzz/<target>.dict exists, are libFuzzer's -dict.
# New interesting inputs go to build/fuzz/corpus/<target>/ (not the source
# tree); a crash is saved as build/fuzz/crash-<target>-*, and the script exits
# 1. Fix it, then copy the file into tests/fuzz/corpus/<target>/ so that
# `make test` keeps checking it.
set -eu
cd "$(dirname "$0")/../.."

SECONDS_EACH=${FUZZ_SECONDS:-30}
JOBS=${FUZZ_JOBS:-1}
TIMEOUT=${FUZZ_TIMEOUT:-}
TARGETS=${*:-mime reply command ms_command log refusal kept submit}
CLANG=${CLANG:-clang}

# The seconds one input of target $1 may take (see the top).
timeout_of() {
	eval "_tmo=\${FUZZ_TIMEOUT_$1:-}"
	if [ -z "$_tmo" ]; then
		_tmo=${TIMEOUT:-5}
		[ "$1" = submit ] && [ -z "$TIMEOUT" ] && _tmo=10
	fi
	echo "$_tmo"
}
for t in $TARGETS; do
	case $(timeout_of "$t") in
	''|*[!0-9]*|0)
		echo "fuzz: the timeout of $t must be whole seconds, 1 or" \
		    "more, not \"$(timeout_of "$t")\"" >&2
		exit 2 ;;
	esac
done
OUT=build/fuzz
PKGS="jansson libsodium libcurl gmime-3.0"

# clang and libFuzzer's runtime (compiler-rt, a separate package on
# Debian), installed when missing as scripts/deps.sh installs the rest
need=""
command -v "$CLANG" >/dev/null 2>&1 || need="clang"
rt=$("$CLANG" -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null || true)
if [ ! -f "$rt" ] && ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
    >/dev/null 2>&1; then
	need="$need libclang-rt-14-dev"
fi
if [ -n "$need" ]; then
	[ "$CLANG" = clang ] || { echo "fuzz: $CLANG is missing" >&2; exit 4; }
	echo "fuzz: installing$need (libFuzzer)" >&2
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO="sudo"
	APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -qq --no-install-recommends"
	$APT update >/dev/null
	# shellcheck disable=SC2086
	$APT install $need >/dev/null
	command -v "$CLANG" >/dev/null 2>&1 ||
	    { echo "fuzz: clang could not be installed" >&2; exit 4; }
fi

CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1
 -fno-omit-frame-pointer -fsanitize=address,undefined
 -fno-sanitize-recover=undefined -I. -Icommon $(pkg-config --cflags $PKGS)"
LIBS="$(pkg-config --libs $PKGS) -lm"

# The library, once, instrumented for the fuzzer (main.c has its own main).
mkdir -p "$OUT/obj"
objs=""
for src in common/*.c engine/*.c engine/*/*.c mail/*.c daemon/*.c; do
	[ "$src" = daemon/main.c ] && continue
	obj="$OUT/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	objs="$objs $obj"
	# Rebuild when the source or any header is newer than the object.
	if [ ! -f "$obj" ] || [ -n "$(find "$src" common engine mail daemon \
	    -name '*.[ch]' -newer "$obj" 2>/dev/null | head -n 1)" ]; then
		echo "CC fuzz $src"
		# shellcheck disable=SC2086
		"$CLANG" $CFLAGS -fsanitize=fuzzer-no-link -c -o "$obj" "$src"
	fi
done

for t in $TARGETS; do
	echo "LD fuzz $OUT/fuzz_$t"
	# shellcheck disable=SC2086
	"$CLANG" $CFLAGS -fsanitize=fuzzer -Itests/fuzz -o "$OUT/fuzz_$t" \
	    "tests/fuzz/fuzz_$t.c" $objs $LIBS
done

export MQ_ROOT="$PWD"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# -jobs=1 would still fork a worker writing fuzz-0.log into the cwd;
# with more, each worker writes fuzz-N.log there: the cwd is $OUT, so that
# they stay out of the source tree
jobs=""
[ "$JOBS" -gt 1 ] && jobs="-jobs=$JOBS -workers=$JOBS"
ROOT=$PWD
status=0
for t in $TARGETS; do
	mkdir -p "$OUT/corpus/$t"
	tmo=$(timeout_of "$t")
	echo "fuzz $t: ${SECONDS_EACH}s, ${tmo}s an input at most"
	dict=""
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=$ROOT/tests/fuzz/$t.dict"
	# shellcheck disable=SC2086
	if ! (cd "$OUT" && "$ROOT/$OUT/fuzz_$t" "$ROOT/$OUT/corpus/$t" \
	    "$ROOT/tests/fuzz/corpus/$t" \
	    -max_total_time="$SECONDS_EACH" -timeout="$tmo" -rss_limit_mb=2048 \
	    -max_len=65536 $jobs $dict \
	    -artifact_prefix="$ROOT/$OUT/crash-$t-" -print_final_stats=1) \
	    >"$OUT/fuzz_$t.log" 2>&1; then
		status=1
		tail -n 60 "$OUT/fuzz_$t.log" >&2
		echo "fuzz $t: FAILED; the input is $(ls -t "$OUT"/crash-"$t"-* 2>/dev/null |
		    head -n 1); full log $OUT/fuzz_$t.log" >&2
	else
		grep -E '^stat::number_of_executed_units|^stat::new_units_added' \
		    "$OUT/fuzz_$t.log" | sed "s/^/  /" || true
		echo "fuzz $t: ok"
	fi
done
exit $status
