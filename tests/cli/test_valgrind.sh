#!/bin/sh
# test_valgrind.sh - the release ./masqued under valgrind memcheck: no invalid
# read or write, no use of an uninitialised value, no leak (definite or
# possible), on `sim`, `demo`, and a store flow (init, new, submit, receipts,
# view, state, log, verify, export, parse) with its refusals, since error
# paths are where leaks hide. One-time GLib/GMime allocations are in
# tests/valgrind.supp. Skips (and passes) only when valgrind is not installed;
# `make deps` installs it. About 3 minutes on 2 cores: the demo, the longest,
# runs in the background beside the rest.
. tests/cli/lib.sh

if ! command -v valgrind >/dev/null 2>&1; then
	echo "SKIP: valgrind is not installed (make deps installs it)"
	exit 0
fi
[ -x "$MREL" ] || fail "no release binary $MREL (make masqued)"

SUPP=$PWD/tests/valgrind.supp
VG="valgrind -q --error-exitcode=9 --leak-check=full --track-origins=no
 --suppressions=$SUPP"
D=$T/data

# vg CODE DESCRIPTION -- masqued arguments...: exit CODE, and not valgrind's 9
vg() {
	want=$1; what=$2; shift 3
	# shellcheck disable=SC2086
	$VG "$MREL" "$@" >"$T/out" 2>"$T/err"; got=$?
	if grep -q '^==[0-9]*==' "$T/err"; then
		cat "$T/err" >&2
		fail "$what: valgrind found errors"
	fi
	[ "$got" = "$want" ] || { cat "$T/err" >&2; fail "$what: exit $got, wanted $want"; }
	ok
}

# --- demo: a whole game by email, in the background (the longest) ---
(
	cd "$T" || exit 1
	# shellcheck disable=SC2086
	$VG "$MREL" demo >"$T/demo.out" 2>"$T/demo.err"
	echo $? >"$T/demo.rc"
) &
demo_pid=$!

# --- sim: bot games through the one apply(), every invariant checked ---
vg 0 "sim redmasque --games 20" -- sim redmasque --games 20
out_has "violations: 0"
vg 0 "sim masquerade --games 20" -- sim masquerade --games 20 --players 4
out_has "violations: 0"

# --- the store, refusals included ---
vg 0 "init" -- -C $D init
vg 1 "init again" -- -C $D init
vg 4 "not a data folder" -- -C $T/nothing view abcdefgh alice
vg 1 "too few players" -- -C $D new redmasque --player alice=a@x.test
vg 2 "usage" -- -C $D new
G=$($MREL -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707) ||
    fail "new"
vg 0 "new" -- -C $D new redmasque --player alice=a@x.test --player bob=b@x.test \
    --player carol=c@x.test --player dave=d@x.test --lang ja
vg 1 "an illegal command" -- -C $D submit $G alice "PLACE blue" "PLAY scandal"
vg 1 "a malformed command" -- -C $D submit $G alice "DANCE wildly"
vg 1 "an unknown player" -- -C $D submit $G zed "PLAY jest"
vg 0 "a legal submit" -- -C $D submit $G bob "PLAY jest" "MOVE cw" "PLAN cw cw stay stay ccw ccw"
cp $T/out $T/receipt.json
vg 0 "verify-receipt" -- -C $D verify-receipt $T/receipt.json $G
sed 's/PLAY jest/PLAY mock/' $T/receipt.json > $T/receipt.bad
vg 3 "a tampered receipt" -- -C $D verify-receipt $T/receipt.bad
$MREL -C $D serve --once 2>/dev/null || fail "serve --once"
K=$(grep -l "^X-Masqued-Mail: receipt" $D/mail/outbox/new/* | head -n 1)
[ -n "$K" ] || fail "no receipt mail"; ok
vg 0 "verify-receipt of a kept mail" -- -C $D verify-receipt $K $G
vg 0 "view alice" -- -C $D view $G alice
vg 0 "view public --json" -- -C $D view $G public --json
vg 0 "bot" -- -C $D bot $G carol
vg 0 "admin pause" -- -C $D admin $G pause --why "lunch"
vg 0 "admin resume" -- -C $D admin $G resume --why "back"
vg 1 "export before the end" -- -C $D export $G

# The rest of the game with the release binary alone (a long loop).
play_out $D $G
vg 0 "verify" -- -C $D verify $G
out_has "sound"
vg 0 "state --at 3" -- -C $D state $G --json --at 3
vg 0 "log --json" -- -C $D log $G --json
vg 0 "export" -- -C $D export $G
/usr/bin/python3 tests/verify_export.py $T/out >$T/py.out 2>&1 ||
    { cat $T/py.out; fail "the export does not verify"; }; ok
L=$D/games/$G/log
sed '5s/"seq":5/"seq":7/' $L > $T/bad.log
vg 3 "verify a tampered log" -- -C $D verify $T/bad.log
err_has "entry 5"

# --- parse: MIME in, extraction, commands (no tag: auth says why) ---
for f in alternative html_outlook iso2022jp mixed_attachment bounce_report; do
	vg 0 "parse $f" -- -C $D parse tests/data/mime/$f.eml
done

# --- the demo's end ---
wait $demo_pid
[ "$(cat $T/demo.rc)" = 0 ] || { tail -n 40 $T/demo.err >&2; fail "demo under valgrind: exit $(cat $T/demo.rc)"; }
if grep -q '^==[0-9]*==' "$T/demo.err"; then
	cat "$T/demo.err" >&2
	fail "demo: valgrind found errors"
fi
ok
grep -q "masqued verify .*: ok" $T/demo.out || fail "the demo did not verify its log"; ok
grep -q "survives as the most popular noble .* and wins" $T/demo.out ||
    fail "the demo's story has no winner"; ok
dd=$(sed -n 's/^Data folder: //p' $T/demo.out)
case "$dd" in /tmp/masqued-demo.*) rm -rf "$dd" ;; esac
done_checks
