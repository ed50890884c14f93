#!/bin/sh
# test_hidden_checkpoint.sh - a player never sees what their view must not
# show, not even through a checkpoint. Every mail carries a checkpoint: an
# entry's seq and hash, signed. The Masquerade has no secret move, but a
# BANK (which Spell becomes a VP counter) or a KEEP names a card the others
# must not know; an entry no reply carries (a `submit`, a deadline's or the
# host's default) held nothing else a player could not know or guess (game,
# kid, player, the previous head from the last checkpoint, seq, the time in
# the Date header), so hashing "BANK spell" for each Spell and comparing
# with the checkpoint's head told which. Such an entry now carries a blind
# (from the seed, told at the end); a reply's entry has the hash of the
# player's message in it. Here bots play a whole game by `submit`, one
# player as a host's default; each player then tries every Spell against
# the checkpoints of their own mail, and finds none; a player's SET LANG
# by `submit` is blinded too; the game and its export verify, the C and the Python verifier each checking the blinds.
. "$(dirname "$0")/lib.sh"
export MASQUED_GAME_ID=hidechkm
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade \
    --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
G=hidechkm
expect 0 "serve --once sends the welcome mails" -- $MREL -C $D serve --once
# the host's default for whoever owes first: a timeout entry
for p in alice bob carol dave; do
	$MREL -C $D admin $G default $p --why "phoned: play it for me" \
	    >/dev/null 2>&1 && break
done
$MREL -C $D log $G --json | grep -q '"type":"timeout"' || fail "no default logged"; ok
# a player's own setting by `submit` (SET LANG there and back): an admin
# entry no reply carries, which the others could guess as well ("ja")
expect 0 "SET LANG ja by submit" -- $MREL -C $D submit $G carol "SET LANG ja"
expect 0 "SET LANG en by submit" -- $MREL -C $D submit $G carol "SET LANG en"
n=0
while ! $MREL -C $D view $G admin --json | grep -q '"phase": "over"'; do
	n=$((n + 1))
	[ $n -lt 200 ] || fail "the game did not end"
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] || continue
		$MREL -C $D submit $G $p "$c" >/dev/null || fail "submit $p: $c"
		$MREL -C $D serve --once 2>/dev/null || fail "serve"
	done
done
expect 0 "the log verifies, blinds and all" -- $M -C $D verify $G
expect 0 "log --json" -- $M -C $D log $G --json
cp $T/out $T/log.jsonl
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/export.json
expect 0 "the independent verifier checks the blinds too" -- \
    /usr/bin/python3 tests/verify_export.py $T/export.json

# Each player, from their own mail alone: every checkpoint (entry N, head)
# whose previous head they also hold, against every Spell.
/usr/bin/python3 - "$O" "$T/log.jsonl" config/games/masquerade.json <<'EOF' || fail "a checkpoint tells a hidden Spell"
import email, hashlib, json, os, re, sys
box, logf, data = sys.argv[1:4]
spells = sorted(s['id'][3:] for s in json.load(open(data))['spells'])
log = [json.loads(l) for l in open(logf)]
bodies = {e['seq']: e for e in log}
def h(body):
    c = json.dumps(body, separators=(',', ':'), sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(b'masqued-log-v1\n' + c.encode(), digest_size=32).hexdigest()
# the entries that hold a hidden card and no message of the player's
hidden = {e['seq']: e for e in log if e['type'] in ('command', 'timeout')
          and 'msg' not in e and any(re.search(r'\b(BANK|KEEP)\b', c['text'])
                                     for c in e['commands'])}
assert any(e['type'] == 'command' for e in hidden.values()), 'no BANK by submit'
tried = 0
for me in ('alice', 'bob', 'carol', 'dave'):
    heads = {}
    for f in os.listdir(box):
        raw = open(os.path.join(box, f), 'rb').read()
        if not re.search(rb'^To: %s@' % me.encode(), raw, re.M):
            continue
        m = email.message_from_bytes(raw)
        t = [p.get_payload(decode=True).decode() for p in m.walk()
             if p.get_content_type() == 'text/plain'][0]
        c = re.search(r'entry (\d+)\s+head ([0-9a-f]{64})', t)
        if c:
            heads[int(c.group(1))] = c.group(2)
    for n, e in hidden.items():
        if e['player'] == me or n not in heads or n - 1 not in heads:
            continue
        # the hash format is the one the checkpoint signs
        assert h(e) == heads[n], 'entry %d: not the head mailed' % n
        guess = {k: v for k, v in e.items() if k != 'blind'}
        assert guess['prev'] == heads[n - 1]
        for word in ('BANK', 'KEEP'):
            for s in spells:
                tried += 1
                guess['commands'] = [{'secret': False, 'text': word + ' ' + s}]
                assert h(guess) != heads[n], \
                    '%s learns entry %d: %s %s' % (me, n, word, s)
assert tried, 'no player held the checkpoints around a hidden entry'
# the defaults (timeouts) too, whose KEEP the bots may not reach, and the
# settings
sets = 0
for e in log:
    if e['type'] in ('command', 'timeout') and 'msg' not in e:
        assert 'blind' in e, 'entry %d has no blind' % e['seq']
    if e['type'] == 'admin' and e.get('action') in ('lang', 'notices'):
        sets += 1
        assert 'blind' in e, 'setting entry %d has no blind' % e['seq']
assert sets == 2, '%d setting entries, not 2' % sets
print('%d guesses, none found' % tried)
EOF
ok
done_checks
