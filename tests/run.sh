#!/bin/sh
# run.sh - run every test: the cmocka unit tests, the CLI tests, the
# end-to-end test. Each suite counts as one pass or one failure in the closing
# line; its own output says which case failed.
#
# Suites run two at a time on a machine of two cores or more (MQ_TEST_JOBS
# sets how many; 1 runs them one by one), the longest first so that the two
# lanes end together. The end-to-end test runs beside the two lanes, not in
# one: it mostly waits on its mail servers and its players' polls (about 40%
# of a core over its five minutes), and a lane of its own left a core idle
# that long. The suites that race processes against each other on purpose
# (SERIAL below) run alone at the end, once the end-to-end test is done too,
# so that a loaded machine cannot change what they see. Every suite has its
# own temporary folder and ports, so none sees another's files.
#
#   sh tests/run.sh              every suite
#   sh tests/run.sh --unit-only  the unit tests
#   sh tests/run.sh --one NAME   one suite by its name (unit/test_log,
#                                cli/test_store, e2e): what the lanes call
set -u
cd "$(dirname "$0")/.."

# MQ_BUILD: the sanitized tree (make clang-san's is build/clang)
B=${MQ_BUILD:-build/asan}
export MASQUED="$PWD/$B/masqued"
export MASQUED_REL="$PWD/masqued"
# A sanitizer's finding exits 86, not 1: a test that expects a refusal's
# exit 1 would take a crash on that path for the refusal (stderr is shown
# only when a check fails). A leak exits 23 (LeakSanitizer's own). The
# command-line suites run without LeakSanitizer unless MQ_SWEEP=full
# (run_one says why).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86"
export MQ_ROOT="$PWD"

# the suites that start processes against each other and wait a set time
SERIAL="cli/test_concurrent cli/test_crash cli/test_partial_queue cli/test_workers"
# the longest, started first, the longest of them first (their seconds in
# a lane, make test on two idle cores: 111, 99, 86, 81, 77, and
# test_kill_imap's 87 before its fake server answered at once), so that
# the two lanes end within a short suite of each other. test_offered and
# test_ms_offered were missing here and started late, in their turn among
# the others. cli/test_alloc_fail runs only with MQ_SWEEP=full.
LONGEST="cli/test_alloc_fail cli/test_full_disk_points unit/test_alloc_fail \
cli/test_valgrind cli/test_offered cli/test_ms_offered cli/test_kill_imap \
cli/test_kill_init"
# only with MQ_SWEEP=full: the allocation sweep under valgrind (four
# minutes of a core) finds what ASan's run of it (unit/test_alloc_fail)
# cannot, a read of memory never written, on the paths of a failed malloc
FULL_ONLY="cli/test_alloc_fail"

# A shell that cannot find a command says so and goes on: a check built on
# it (`pgrep ... && fail`) would pass without looking. Such a line in a
# passing test's output fails it.
missing_command() {	# log
	if grep -Eq '(: [0-9]+: [^ :]+: not found$|: command not found$)' "$1"; then
		echo "run.sh: a command the test runs is missing:" >>"$1"
		grep -E '(: [0-9]+: [^ :]+: not found$|: command not found$)' "$1" |
		    head -n 3 >>"$1"
		return 0
	fi
	return 1
}

# Run the suite NAME; its output goes to LOGDIR/NAME.log, its outcome to
# LOGDIR/NAME.status (0 passed, 1 failed), one line on stdout.
run_one() {	# name
	name=$1
	base="$LOGDIR/$(echo "$name" | tr '/ ' '__')"
	case $name in
	unit/*)	set -- "$B/tests/${name#unit/}" ;;
	e2e)	set -- sh tests/e2e/run.sh ;;
	cli/*)	# LeakSanitizer's check at each exit (a stop of the world by
		# ptrace: some 50 ms here) was a third of a command-line
		# suite's time, which run the same commands hundreds of times;
		# the unit suites, the end-to-end daemon and test_valgrind
		# check for leaks, and MQ_SWEEP=full checks every
		# command-line run too
		[ "${MQ_SWEEP:-}" = full ] ||
		    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=86"
		if [ -f "tests/cli/${name#cli/}.sh" ]; then
			set -- sh "tests/cli/${name#cli/}.sh"
		else
			set -- /usr/bin/python3 "tests/cli/${name#cli/}.py"
		fi ;;
	*)	echo "run.sh: no suite $name" >&2; return 2 ;;
	esac
	# a suite listed twice in the pool would run twice, beside itself
	if [ -e "$base.started" ]; then
		printf 'FAIL %-40s (run.sh started it twice)\n' "$name"
		echo 1 >"$base.status"
		return 0
	fi
	: >"$base.started"
	start=$(date +%s)
	if "$@" >"$base.log" 2>&1 && ! missing_command "$base.log"; then
		echo 0 >"$base.status"
		printf 'ok   %-40s (%ss)\n' "$name" "$(( $(date +%s) - start ))"
	else
		echo 1 >"$base.status"
		# one write, so that the other lane's line does not cut into it
		{ printf 'FAIL %-40s (%ss)\n' "$name" "$(( $(date +%s) - start ))"
		  tail -n 40 "$base.log" | sed 's/^/     | /'; } >"$base.tail"
		cat "$base.tail"
	fi
}

if [ "${1:-}" = "--one" ] && [ $# -eq 2 ]; then
	: "${LOGDIR:?run.sh --one needs LOGDIR}"
	run_one "$2"
	exit 0
fi

in_list() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }

UNIT_ONLY=0
[ "${1:-}" = "--unit-only" ] && UNIT_ONLY=1
export LOGDIR=$(mktemp -d /tmp/masqued-tests.XXXXXX)

# every suite's name, in the order they run alone
all=""
for t in "$B"/tests/test_*; do
	[ -x "$t" ] && all="$all unit/$(basename "$t")"
done
if [ "$UNIT_ONLY" = 0 ]; then
	for t in tests/cli/test_*.sh; do
		n=cli/$(basename "$t" .sh)
		[ "${MQ_SWEEP:-}" = full ] || ! in_list "$n" "$FULL_ONLY" ||
		    continue
		[ -f "$t" ] && all="$all $n"
	done
	for t in tests/cli/*.py; do
		[ -f "$t" ] && all="$all cli/$(basename "$t" .py)"
	done
	[ -f tests/e2e/run.sh ] && [ "${MQ_SKIP_E2E:-0}" != 1 ] && all="$all e2e"
fi

jobs=${MQ_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] 2>/dev/null && jobs=2
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# the end-to-end test beside the lanes (two of them), or in the pool
beside=""
[ "$jobs" -ge 2 ] && in_list e2e "$all" && beside=e2e
e2e_pid=""
if [ -n "$beside" ]; then
	sh tests/run.sh --one e2e &
	e2e_pid=$!
fi
# the pool: the longest first, then the rest in their order
pool=""
for n in $LONGEST; do in_list "$n" "$all" && pool="$pool $n"; done
for n in $all; do
	in_list "$n" "$LONGEST" || in_list "$n" "$SERIAL" ||
	    [ "$n" = "$beside" ] || pool="$pool $n"
done
# NUL-separated: xargs reads quotes and backslashes in a line as its own
# syntax. A lane whose runner is killed (by a suite, or the OOM killer) stops
# xargs from starting any more: those never started run here, one by one.
printf '%s\0' $pool | xargs -0 -P "$jobs" -n 1 sh tests/run.sh --one
for n in $pool; do
	[ -e "$LOGDIR/$(echo "$n" | tr '/ ' '__').started" ] ||
	    sh tests/run.sh --one "$n"
done
[ -z "$e2e_pid" ] || wait "$e2e_pid"
for n in $SERIAL; do
	in_list "$n" "$all" && sh tests/run.sh --one "$n"
done

pass=0
fail=0
failed=""
for n in $all; do
	st=$(cat "$LOGDIR/$(echo "$n" | tr '/ ' '__').status" 2>/dev/null)
	if [ "$st" = 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $n"
		[ -z "$st" ] &&
		    printf 'FAIL %-40s (no outcome: its runner was killed)\n' "$n"
	fi
done

echo
[ "${MQ_SWEEP:-}" = full ] || [ "$UNIT_ONLY" = 1 ] ||
    echo "not run (MQ_SWEEP=full runs them): $FULL_ONLY"
[ -n "$failed" ] && echo "failed:$failed (logs in $LOGDIR)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && rm -rf "$LOGDIR"
[ "$fail" -eq 0 ]
