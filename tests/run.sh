#!/bin/sh
# run.sh - run every test: the cmocka unit tests, the CLI tests, the
# end-to-end test. Each suite counts as one pass or one failure in the closing
# line; its own output says which case failed.
set -u
cd "$(dirname "$0")/.."

UNIT_ONLY=0
[ "${1:-}" = "--unit-only" ] && UNIT_ONLY=1

export MASQUED="$PWD/build/asan/masqued"
export MASQUED_REL="$PWD/masqued"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export MQ_ROOT="$PWD"

pass=0
fail=0
failed=""
LOGDIR=$(mktemp -d /tmp/masqued-tests.XXXXXX)

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

run_one() {	# name, command...
	name=$1; shift
	log="$LOGDIR/$(echo "$name" | tr '/ ' '__').log"
	start=$(date +%s)
	if "$@" >"$log" 2>&1 && ! missing_command "$log"; then
		pass=$((pass + 1))
		printf 'ok   %-40s (%ss)\n' "$name" "$(( $(date +%s) - start ))"
	else
		fail=$((fail + 1))
		failed="$failed $name"
		printf 'FAIL %-40s (%ss)\n' "$name" "$(( $(date +%s) - start ))"
		tail -n 40 "$log" | sed 's/^/     | /'
	fi
}

for t in build/asan/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" "$t"
done

if [ "$UNIT_ONLY" = 0 ]; then
	for t in tests/cli/test_*.sh; do
		[ -f "$t" ] || continue
		run_one "cli/$(basename "$t" .sh)" sh "$t"
	done
	for t in tests/cli/*.py; do
		[ -f "$t" ] || continue
		run_one "cli/$(basename "$t" .py)" /usr/bin/python3 "$t"
	done
	if [ -f tests/e2e/run.sh ] && [ "${MQ_SKIP_E2E:-0}" != 1 ]; then
		run_one "e2e" sh tests/e2e/run.sh
	fi
fi

echo
[ -n "$failed" ] && echo "failed:$failed (logs in $LOGDIR)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && rm -rf "$LOGDIR"
[ "$fail" -eq 0 ]
