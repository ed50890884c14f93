#!/bin/sh
# test_secret_unseen.sh - a player never sees what their view must not show,
# in any byte of any mail. Two data folders, copies of one (same keys, same
# seed, same clock), get the same replies but one: a player's secret choice
# differs. Until it opens, every other player must get the same mails in
# both: the same number, order and size, every header (Subject, Message-ID,
# References, Reply-To, X-Masqued-Mail, the MIME boundary), the text and
# HTML parts (comments, attributes, classes) byte for byte, and the lines of
# the quoted-printable form alike; only the values that hash the secret
# (the commitment, the checkpoint's head and signature) may differ, as
# random-looking strings of the same length. Their `view` and `view --json`
# must be the same too. The Red Death: an action card, an early MOVE beside
# it (the cards resolve, the moves not yet), a midnight plan, an early
# PLACE before its turn; the others' replies after it (a pick, a refused
# move, STATUS, HELP) get the same answers; in English, Japanese, Chinese.
. "$(dirname "$0")/lib.sh"
P4="--player alice=alice@x.test --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test"
SEED=0707070707070707070707070707070707070707070707070707070707070707
n=0
# rt DIR NAME: NAME's reply address, from the welcome
rt() {
	f=$(grep -l "^To: $2@x.test" $1/mail/outbox/new/* | head -n 1)
	sed -n 's/^Reply-To: //p' "$f" | tr -d '\r'
}
put() {	# DIR NAME TEXT (printf %b), one more reply into DIR's inbox
	printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <m%s.%s@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
	    "$2" "$(rt $1 $2)" "$n" "$2" "$3" >$1/mail/inbox/new/$n.$2.test
}
serve() { $M -C $1 serve --once 2>>$T/serve.log || fail "serve $1"; }
# base LANG: $T/base, a game with its welcome sent
base() {
	rm -rf $T/base
	expect 0 "init" -- $M -C $T/base init
	echo "rate_limit = 86400" >>$T/base/masqued.conf
	G=$($M -C $T/base new redmasque $P4 --seed $SEED --lang $1) || fail "new"
	serve $T/base
}
on() { n=$((n + 1)); put $T/base $1 "$2"; serve $T/base; }
fork() {
	rm -rf $T/A $T/B
	cp -a $T/base $T/A && cp -a $T/base $T/B || fail "copy"
	ls $T/A/mail/outbox/new >$T/A/before; ls $T/B/mail/outbox/new >$T/B/before
}
# diverge NAME TEXT-A TEXT-B; both NAME TEXT
diverge() {
	n=$((n + 1)); put $T/A $1 "$2"; put $T/B $1 "$3"; serve $T/A; serve $T/B
}
both() { diverge "$1" "$2" "$2"; }
# same WHAT SECRET: what the others got since the last check, and their views
same() {
	/usr/bin/python3 - $T/A $T/B $2 <<'EOF' || fail "$1: the others see $2's secret"
import email, os, re, sys
A, B, secret = sys.argv[1:4]
def new(d):
    old = set(open(d + '/before').read().split())
    out = []
    for f in sorted(os.listdir(d + '/mail/outbox/new')):
        if f not in old:
            raw = open(d + '/mail/outbox/new/' + f, 'rb').read()
            out.append((f, re.search(rb'^To: (\S+)@', raw, re.M).group(1).decode(), raw))
    return out
na, nb = new(A), new(B)
bad = []
if [(f, t) for f, t, r in na] != [(f, t) for f, t, r in nb]:
    bad.append('not the same mails: %s / %s' % ([(f, t) for f, t, r in na],
                                                 [(f, t) for f, t, r in nb]))
# a signature whole (the HTML part) or on the text part's two lines of 44
mask = lambda b: re.sub(rb'[A-Za-z0-9+/]{86}==|[A-Za-z0-9+/]{44}\r?\n[ \t]+[A-Za-z0-9+/]{42}==',
                        b'<SIG>', re.sub(rb'\b[0-9a-f]{64}\b', b'<H64>', b))
def parts(raw):
    m = email.message_from_bytes(raw)
    out = [b''.join(b'%s: %s\n' % (k.encode(), str(v).encode()) for k, v in m.items())]
    out += [p.get_payload(decode=True) for p in m.walk() if not p.is_multipart()]
    return [mask(x) for x in out]
for (f, to, a), (_, _, b) in zip(na, nb):
    if to == secret or a == b:
        continue
    if len(a) != len(b):
        bad.append('%s to %s: %d bytes, or %d' % (f, to, len(a), len(b)))
    if parts(a) != parts(b):
        bad.append('%s to %s: the contents differ' % (f, to))
    if [len(l) for l in a.split(b'\n')] != [len(l) for l in b.split(b'\n')]:
        bad.append('%s to %s: its lines differ' % (f, to))
if bad:
    sys.exit('\n'.join(bad))
EOF
	ok
	for p in alice bob carol dave; do
		[ $p = $2 ] && continue
		for j in "" --json; do
			$MREL -C $T/A view $G $p $j | sed -E 's/[0-9a-f]{64}/<H64>/g' >$T/va
			$MREL -C $T/B view $G $p $j | sed -E 's/[0-9a-f]{64}/<H64>/g' >$T/vb
			cmp -s $T/va $T/vb || { diff $T/va $T/vb >&2; fail "$1: $p's view $j shows $2's secret"; }
			ok
		done
	done
	ls $T/A/mail/outbox/new >$T/A/before; ls $T/B/mail/outbox/new >$T/B/before
}

for L in en ja zh; do
	base $L
	# an early PLACE stays secret until its turn (alice, bob, carol, dave)
	fork
	diverge dave "PLACE green" "PLACE black"
	same "$L: dave's early PLACE" dave
	both alice "PLACE green"; same "$L: alice places, before dave's turn" dave
	both bob "PLACE blue"; same "$L: bob places, before dave's turn" dave
	on alice "PLACE green"; on bob "PLACE blue"; on carol "PLACE white"
	on dave "PLACE blue"
	# an action card, then the others' replies
	fork
	diverge alice "PLAY jest" "PLAY threaten TARGET carol bob dave SLOT 12:30"
	same "$L: alice's action card" alice
	both bob "PLAY mock TARGET alice"; same "$L: bob's card after it" alice
	both bob "MOVE cw ccw"; same "$L: bob's refused double move" alice
	both carol "STATUS"; same "$L: carol's STATUS" alice
	both dave "HELP"; same "$L: dave's HELP" alice
	# an early MOVE: the cards resolve, the moves are still to come
	fork
	both alice "PLAY jest"
	diverge alice "MOVE cw" "MOVE ccw"
	same "$L: alice's early MOVE" alice
	both bob "PLAY jest"; both carol "PLAY jest"; same "$L: bob, carol" alice
	both dave "PLAY jest"; same "$L: the cards resolve, not alice's move" alice
	both bob "MOVE stay"; same "$L: bob moves" alice
	# a plan, with a card and a move of Dance or not
	fork
	diverge alice "PLAY discuss\nPLAN cw cw cw cw cw cw\nMOVE stay" \
	    "PLAY dance\nPLAN 12:20 ccw\nMOVE cw ccw"
	same "$L: alice's card, plan and move" alice
	both bob "PLAY mock TARGET alice carol dave"; same "$L: bob" alice
	both carol "PLAN CLEAR"; same "$L: carol's plan" alice
done
done_checks
