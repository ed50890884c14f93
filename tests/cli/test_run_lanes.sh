#!/bin/sh
# test_run_lanes.sh - tests/run.sh's two lanes (xargs -P) on a tree of fake
# unit tests: a suite whose name xargs would read as a quote runs; a suite
# that kills its runner (as the OOM killer would) is said to have left no
# outcome, and the suites xargs then never started still run; every suite
# is counted once, and the run fails. The end-to-end test runs beside the
# lanes, and the suites that run alone wait for it; the valgrind sweep runs
# only with MQ_SWEEP=full. (The fake tree is build/asan's,
# whatever tree the suites around this one run on: make clang-san's.)
. tests/cli/lib.sh
R=$T/tree
mkdir -p $R/tests $R/build/asan/tests
cp tests/run.sh $R/tests/
fake() {	# name, body
	printf '#!/bin/sh\n%s\n' "$2" >"$R/build/asan/tests/$1"
	chmod +x "$R/build/asan/tests/$1"
}
fake test_a 'exit 0'
fake test_b 'exit 1'
fake "test_it's" 'exit 0'
fake test_c 'kill -KILL $PPID'
for n in d e f g; do fake test_$n 'exit 0'; done
for jobs in 2 1; do
	expect 1 "run.sh --unit-only, $jobs lane(s)" -- env MQ_BUILD=build/asan MQ_TEST_JOBS=$jobs sh $R/tests/run.sh --unit-only
	for n in test_a test_d test_e test_f test_g "test_it's"; do
		out_has "$(printf 'ok   %-40s' "unit/$n")"
	done
	out_has "$(printf 'FAIL %-40s' unit/test_b)"
	out_has "$(printf 'FAIL %-40s (no outcome: its runner was killed)' unit/test_c)"
	out_has "6 passed, 2 failed"
	rm -rf $(sed -n 's/^failed:.*(logs in \(.*\))$/\1/p' $T/out)
done

# The end-to-end test runs beside the two lanes, and the suites that must
# run alone (SERIAL) start only once it is done: a fake e2e that takes a
# while, a fake serial suite that fails unless the e2e had ended.
R=$T/tree2
mkdir -p $R/tests/e2e $R/tests/cli $R/build/asan/tests
cp tests/run.sh $R/tests/
fake2() { printf '#!/bin/sh\nexit 0\n' >$R/build/asan/tests/$1; chmod +x $R/build/asan/tests/$1; }
# and two of the longest, started first: each runs once
for n in test_a test_alloc_fail; do fake2 $n; done
echo 'exit 0' >$R/tests/cli/test_kill_init.sh
echo 'exit 0' >$R/tests/cli/test_alloc_fail.sh	# MQ_SWEEP=full only
printf 'sleep 2; touch "$MQ_FAKE_DONE"\n' >$R/tests/e2e/run.sh
printf '[ -f "$MQ_FAKE_DONE" ] || { echo "ran beside the e2e"; exit 1; }\n' \
    >$R/tests/cli/test_crash.sh
for jobs in 2 1; do
	rm -f $T/e2e.done
	expect 0 "run.sh with an e2e, $jobs lane(s)" -- env MQ_BUILD=build/asan \
	    MQ_TEST_JOBS=$jobs MQ_FAKE_DONE=$T/e2e.done MQ_SWEEP= sh $R/tests/run.sh
	out_has "$(printf 'ok   %-40s' e2e)"
	out_has "$(printf 'ok   %-40s' cli/test_crash)"
	out_has "5 passed, 0 failed"
	out_has "not run (MQ_SWEEP=full runs them): cli/test_alloc_fail"
	! grep -q "cli/test_alloc_fail  " $T/out || fail "cli/test_alloc_fail ran without MQ_SWEEP=full"; ok
	for n in unit/test_alloc_fail cli/test_kill_init; do
		[ "$(grep -c "^ok   $n " $T/out)" = 1 ] || fail "$n did not run once"; ok
	done
done
# MQ_SWEEP=full runs the valgrind sweep too, once
rm -f $T/e2e.done
expect 0 "run.sh MQ_SWEEP=full" -- env MQ_BUILD=build/asan MQ_TEST_JOBS=2 \
    MQ_FAKE_DONE=$T/e2e.done MQ_SWEEP=full sh $R/tests/run.sh
out_has "6 passed, 0 failed"
[ "$(grep -c "^ok   cli/test_alloc_fail " $T/out)" = 1 ] ||
    fail "cli/test_alloc_fail did not run once under MQ_SWEEP=full"; ok
! grep -q "^not run" $T/out || fail "MQ_SWEEP=full left a suite out"; ok
done_checks
