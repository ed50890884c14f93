#!/bin/sh
# test_alloc_fail.sh - tests/unit/test_alloc_fail.c built without sanitizers
# and linked with ld --wrap for malloc, calloc, realloc, strdup and strndup
# (as make test's ASan build of it is), so every allocation the tree's own
# code makes fails in turn; run under valgrind, which must find no error and
# no leak, and which sees what ASan does not: a read of memory never
# written. tests/run.sh runs it only with MQ_SWEEP=full (four minutes of a
# core). Without valgrind (make deps installs it) it still runs, unchecked.
set -eu
cd "$(dirname "$0")/../.."

# the Makefile's rule builds it (make test's parallel build has already)
make -s --no-print-directory build/allocfail/test_alloc_fail
OUT=build/allocfail

export MQ_ROOT="$PWD"
# Under valgrind (about 30 times slower), sweep only the bot game's first
# step (each is thousands of runs of apply and five views), of The
# Masquerade's only its first Spell step and every 7th allocation of it and
# of its setup, and fewer of the whole mail's, of decorate's, of a submit's,
# of a game's log read again, of a reply's answers rebuilt from the archive,
# of the move that ends a game (its first and its last 3), of a kept mail's
# verify-receipt and of bot's and the story's allocations; make test's ASan
# build sweeps more of each.
export MQ_ALLOC_STEP_EVERY=${MQ_ALLOC_STEP_EVERY:-1000000}
export MQ_ALLOC_MS_MOMENTS=${MQ_ALLOC_MS_MOMENTS:-1}
export MQ_ALLOC_MS_STEP_EVERY=${MQ_ALLOC_MS_STEP_EVERY:-7}
export MQ_ALLOC_RENDER_EVERY=${MQ_ALLOC_RENDER_EVERY:-31}
export MQ_ALLOC_DECORATE_EVERY=${MQ_ALLOC_DECORATE_EVERY:-31}
export MQ_ALLOC_SUBMIT_EVERY=${MQ_ALLOC_SUBMIT_EVERY:-7}
export MQ_ALLOC_STORY_EVERY=${MQ_ALLOC_STORY_EVERY:-7}
export MQ_ALLOC_NOTIFY_EVERY=${MQ_ALLOC_NOTIFY_EVERY:-31}
export MQ_ALLOC_REBUILD_EVERY=${MQ_ALLOC_REBUILD_EVERY:-31}
export MQ_ALLOC_REREAD_EVERY=${MQ_ALLOC_REREAD_EVERY:-7}
# verify-receipt of a kept mail: about 1000 allocations, each run a GMime
# parse and two reads of the log; every 13th and the last 13 (6 s)
export MQ_ALLOC_KEPT_EVERY=${MQ_ALLOC_KEPT_EVERY:-13}
# The move that ends a game: each run opens a game of 127 entries, a few
# seconds under valgrind; the ASan build (make test's unit run) fails every
# 181st allocation and each of the last 61. Here: the first, and the last 3.
export MQ_ALLOC_END_EVERY=${MQ_ALLOC_END_EVERY:-1000000}
export MQ_ALLOC_END_TAIL=${MQ_ALLOC_END_TAIL:-3}
if command -v valgrind >/dev/null 2>&1; then
	exec valgrind -q --error-exitcode=9 --leak-check=full \
	    --suppressions=tests/valgrind.supp "$OUT/test_alloc_fail"
fi
echo "valgrind is not installed (make deps installs it): leaks go unchecked" >&2
exec "$OUT/test_alloc_fail"
