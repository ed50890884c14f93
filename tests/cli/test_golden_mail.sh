#!/bin/sh
# test_golden_mail.sh - golden mail tests: one raw message in, with the clock
# pinned, and the log entries and the outgoing mail out, compared byte for
# byte to the files in tests/golden/mail/.
#
# To accept a deliberate change to the log or the mail (a template, the MIME
# builder, an engine rule), rewrite the golden files and review the diff:
#
#	MQ_UPDATE_GOLDEN=1 sh tests/cli/test_golden_mail.sh
#
# The recipe is fixed end to end: MASQUED_NOW pins the clock; the data folder
# gets the test-only keys of tests/golden/mail/keys/ (never use them for a
# real server) in place of init's random ones; --seed fixes the game's draws;
# and MASQUED_GAME_ID (test-only, see mq_game_create in daemon/game_create.c) fixes
# the game's id and derives its seed salt from the seed.
# Files: in.eml (the reply; @TO@ becomes alice's Reply-To), log.jsonl
# (`masqued log GAME --json`), out/NN.eml (the outbox, in name order).
. tests/cli/lib.sh
GD=tests/golden/mail
export MASQUED_NOW=1790000000
export MASQUED_GAME_ID=goldmail

# run DATADIR: the whole recipe into DATADIR; the results in DATADIR.out/
run() {
	d=$1
	expect 0 "init" -- $M -C $d init
	cp $GD/keys/server.key $GD/keys/server.pub $GD/keys/tag.key $d/keys/ ||
	    fail "copying the test keys"
	chmod 600 $d/keys/server.key $d/keys/tag.key
	expect 0 "new, with the id from MASQUED_GAME_ID" -- new_game $d
	[ "$(cat $T/out)" = goldmail ] || fail "the game id is $(cat $T/out), not goldmail"; ok
	expect 0 "serve --once sends the welcome mails" -- $M -C $d serve --once
	f=$(grep -l '^To: alice@x.test' $d/mail/outbox/new/*) || fail "no welcome to alice"
	rt=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
	LC_ALL=C sed "s/@TO@/$rt/g" $GD/in.eml >$d.in.eml
	expect 0 "ingest the reply" -- $M -C $d ingest $d.in.eml
	expect 0 "the game verifies with the test key" -- \
	    $M -C $d verify goldmail --key $GD/keys/server.pub
	mkdir -p $d.out/out
	expect 0 "log --json" -- $M -C $d log goldmail --json
	cp $T/out $d.out/log.jsonl
	n=0
	for f in $(ls $d/mail/outbox/new); do
		n=$((n + 1))
		cp $d/mail/outbox/new/$f $d.out/out/$(printf %02d $n).eml
	done
	[ -z "$(ls $d/spool)" ] || fail "mail left in the spool"; ok
}

run $T/a
# The recipe is deterministic: a second data folder gives the same bytes.
run $T/b
diff -r $T/a.out $T/b.out >$T/diff || { head -n 40 $T/diff; fail "two runs of the same recipe differ"; }; ok
[ $(wc -l <$T/a.out/log.jsonl) = 2 ] || fail "wanted 2 entries (genesis, alice's command)"; ok
[ $(ls $T/a.out/out | wc -l) -ge 6 ] || fail "wanted the welcomes, a receipt and the others' notices"; ok

if [ "${MQ_UPDATE_GOLDEN:-0}" = 1 ]; then
	rm -rf $GD/out
	cp -r $T/a.out/out $GD/out
	cp $T/a.out/log.jsonl $GD/log.jsonl
	echo "$(basename "$0"): golden files rewritten in $GD; review git diff $GD"
	exit 0
fi
[ -f $GD/log.jsonl ] || fail "no golden files: run with MQ_UPDATE_GOLDEN=1 once"
same_file $T/a.out/log.jsonl $GD/log.jsonl "the log entries (MQ_UPDATE_GOLDEN=1 to accept a change)"
[ "$(ls $GD/out)" = "$(ls $T/a.out/out)" ] ||
    fail "the outbox holds $(ls $T/a.out/out | wc -l) mails, the golden files $(ls $GD/out | wc -l)"; ok
for f in $(ls $GD/out); do
	cmp -s $T/a.out/out/$f $GD/out/$f || {
		diff $GD/out/$f $T/a.out/out/$f | head -n 30
		fail "outgoing mail $f differs from $GD/out/$f (MQ_UPDATE_GOLDEN=1 to accept a change)"
	}
	ok
done
done_checks
