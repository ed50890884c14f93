# lib.sh - helpers for the CLI tests: each check says what it checks and
# fails the whole test (exit 1) with what it saw.
set -u
M=${MASQUED:-build/asan/masqued}
MREL=${MASQUED_REL:-./masqued}
PY=/usr/bin/python3	# the tests' Python, for every test that loads lib.sh
export MASQUED_NOW=${MASQUED_NOW:-1790000000}
T=$(mktemp -d /tmp/masqued-cli.XXXXXX)
IMAP_PID=	# fake_imap's server, stopped at exit
SINK_PID=	# smtp_sink's server, stopped at exit
trap '[ -n "$IMAP_PID" ] && kill $IMAP_PID 2>/dev/null; [ -n "$SINK_PID" ] && kill $SINK_PID 2>/dev/null; rm -rf "$T"' EXIT
checks=0

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); }

# expect CODE DESCRIPTION -- command...: the exit code, stderr kept in $T/err
expect() {
	want=$1; what=$2; shift 3
	"$@" >"$T/out" 2>"$T/err"; got=$?
	[ "$got" = "$want" ] || { cat "$T/err" >&2; fail "$what: exit $got, wanted $want"; }
	ok
}
# the last command's stderr holds TEXT (fixed string)
err_has() { grep -qF -- "$1" "$T/err" || { cat "$T/err" >&2; fail "stderr lacks: $1"; }; ok; }
out_has() { grep -qF -- "$1" "$T/out" || { cat "$T/out" >&2; fail "stdout lacks: $1"; }; ok; }
# exactly one line on stderr (an empty stderr is not one: a refusal that
# says nothing passed as one that says one sentence)
one_line() { [ "$(grep -c '' "$T/err")" = 1 ] || { cat "$T/err" >&2; fail "not one line on stderr: $(grep -c '' "$T/err") lines"; }; ok; }
# json_is EXPR [WHAT]: EXPR, a Python expression of j (the JSON on stdout), holds
json_is() {
	/usr/bin/python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$T/out" "$1" ||
	    { cat "$T/out" >&2; fail "${2:-stdout} is not so: $1"; }; ok
}
same_file() { cmp -s "$1" "$2" || fail "$3: $1 and $2 differ"; ok; }
done_checks() { echo "$(basename "$0"): $checks checks passed"; }

# kill_rebuilds [WHAT]: the mails the last pass left in $O (new since
# $T/before) lost as at a kill after their log entry (spool emptied, the
# game's mailed and clock marks put back from $T/mailed and $T/clock):
# the next serve rebuilds them from the archived message, the very same
# mails, and the log stays as $T/log1 holds it
kill_rebuilds() {
	kr=${1:+$1: }
	ls $O | sort | comm -13 $T/before - >$T/new
	(cd $O && for f in $(cat $T/new); do grep -v '^Date:\|^Message-ID:' $f | md5sum; done) | sort >$T/sent.each
	(cd $O && rm $(cat $T/new))
	rm -f $D/spool/*.eml
	cp $T/mailed $D/games/$G/mailed
	cp $T/clock $D/games/$G/clock
	expect 0 "${kr}serve after the staged kill" -- $M -C $D serve --once
	err_has "rebuilt the answers from its archived message"
	! grep -q "they wait for its message" $T/err || { cat $T/err >&2;
	    fail "${kr}the mails wait"; }; ok
	ls $O | sort | comm -13 $T/before - >$T/again
	(cd $O && for f in $(cat $T/again); do grep -v '^Date:\|^Message-ID:' $f | md5sum; done) | sort >$T/again.each
	cmp -s $T/sent.each $T/again.each || fail "${kr}the mails rebuilt are not those sent"; ok
	$MREL -C $D log $G | cmp -s - $T/log1 || fail "${kr}the catching up changed the log"; ok
}

# fake_imap [FAKE_IMAP_X=VALUE ...] MESSAGE...: tests/data/fake_imap.py on
# loopback, its settings first, serving the messages (UIDs 1, 2, ...); its
# port in $T/port, the commands it got in $T/imap.log, its pid IMAP_PID.
# One at a time: a second start stops the first.
fake_imap() {
	[ -n "$IMAP_PID" ] && { kill $IMAP_PID 2>/dev/null; wait $IMAP_PID 2>/dev/null; }
	rm -f $T/port
	(
		while [ $# -gt 0 ]; do
			case $1 in FAKE_IMAP_*=*) export "$1"; shift ;; *) break ;; esac
		done
		exec /usr/bin/python3 tests/data/fake_imap.py $T/port $T/imap.log "$@"
	) &
	IMAP_PID=$!
	fi_n=0
	while [ ! -s $T/port ] && [ $fi_n -lt 50 ]; do sleep 0.1; fi_n=$((fi_n + 1)); done
	[ -s $T/port ] || fail "the fake IMAP server did not start"; ok
}

# smtp_sink [SINK_X=V...] DIR [DELAY]: tests/data/smtp_sink.py on loopback,
# each message it takes a file in DIR (made); its port in $T/sinkport, its
# pid SINK_PID. SINK_REFUSE=DOMAIN refuses that domain's recipients;
# SINK_GREET="421 ..." greets each connection with that line and closes it;
# SINK_SILENT=1 takes each connection and never answers (an IMAP server too).
smtp_sink() {
	rm -f $T/sinkport
	(
		while [ $# -gt 0 ]; do
			case $1 in SINK_*=*) export "$1"; shift ;; *) break ;; esac
		done
		mkdir -p "$1"
		exec /usr/bin/python3 tests/data/smtp_sink.py "$@" >$T/sinkport
	) &
	SINK_PID=$!
	ss_n=0
	while [ ! -s $T/sinkport ] && [ $ss_n -lt 50 ]; do sleep 0.1; ss_n=$((ss_n + 1)); done
	[ -s $T/sinkport ] || fail "the SMTP sink did not start"; ok
}

# SMTP out to URL (the sink's, say), the host at host@x.test: appended to
# DIR's masqued.conf; smtp_point moves it to another URL, as a host mends it.
smtp_conf() {	# dir url
	printf 'admin = host@x.test\noutbound = smtp\nsmtp_url = %s\ntls = no\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
	    "$2" >> "$1/masqued.conf"
}
smtp_point() {	# dir url
	sed -i "s#^smtp_url = .*#smtp_url = $2#" "$1/masqued.conf"
}
# A port nothing listens on (a sink's, once it is stopped), into $T/sinkport.
smtp_gone() {
	smtp_sink $T/gone
	kill $SINK_PID; wait $SINK_PID 2>/dev/null; SINK_PID=
}

# clock_folder: the data folder D made (init), the clock pinned at T0
# (1790000000, exported as MASQUED_NOW); H, an hour in seconds
clock_folder() {
	D=$T/data
	T0=1790000000
	H=3600
	export MASQUED_NOW=$T0
	expect 0 "init" -- $M -C $D init
}

# wait_game: clock_folder, the host at host@x.test, and a Red Death
# (new_game) under policy wait, its placements made (place_all) and the
# mails sent; its id in G
wait_game() {
	clock_folder
	printf 'admin = host@x.test\n' >> $D/masqued.conf
	G=$(new_game $D --option policy=wait) || fail "new"
	place_all $D $G alice bob carol dave
	expect 0 "the mails go out" -- $M -C $D serve --once
}

# mail_folder: the data folder D made (init), with its outbox O and inbox
# IN (Maildir new/) and a rate limit no test reaches (or RATE_LIMIT, set
# before)
mail_folder() {
	D=$T/data
	O=$D/mail/outbox/new
	IN=$D/mail/inbox/new
	expect 0 "init" -- $M -C $D init
	echo "rate_limit = ${RATE_LIMIT:-86400}" >>$D/masqued.conf
}

# wait_mail_game: in a mail folder (mail_folder), the host at
# host@x.test, a Red Death (new_game) under policy wait, its welcomes
# sent; its id in G, the clock at T0 (MASQUED_NOW), H an hour in seconds
wait_mail_game() {
	H=3600
	T0=$MASQUED_NOW
	mail_folder
	echo "admin = host@x.test" >>$D/masqued.conf
	G=$(new_game $D --option policy=wait) || fail "new"
	expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
}

# imap_in DATADIR PORT [LINE...]: appended to DATADIR's masqued.conf, IMAP
# in from 127.0.0.1:PORT (the fake server's), user game, the password in
# MQ_TEST_PW, no TLS; then each LINE
imap_in() {
	ii_d=$1; ii_port=$2; shift 2
	cat >> "$ii_d/masqued.conf" <<CONF
inbound = imap
imap_url = imap://127.0.0.1:$ii_port
imap_user = game
imap_password_env = MQ_TEST_PW
tls = no
CONF
	[ $# -eq 0 ] || printf '%s\n' "$@" >> "$ii_d/masqued.conf"
	export MQ_TEST_PW=secret
}
# imap_conf DATADIR PORT: a masqued.conf of imap_in's alone, the host at
# x@y.test
imap_conf() {
	: > "$1/masqued.conf"
	imap_in "$1" "$2" "admin = x@y.test"
}

# tls_conf DATADIR [LINE...]: a masqued.conf for imaps:// in from the fake
# server and smtps:// out to the sink (their ports in $T/port and
# $T/sinkport), user game, the password in MQ_TEST_PW; then each LINE
tls_conf() {
	tc_d=$1; shift
	cat > "$tc_d/masqued.conf" <<CONF
admin = host@x.test
inbound = imap
imap_url = imaps://127.0.0.1:$(cat $T/port)
imap_user = game
imap_password_env = MQ_TEST_PW
outbound = smtp
smtp_url = smtps://127.0.0.1:$(cat $T/sinkport)
from = masqued <game@example.org>
reply_domain = example.org
CONF
	[ $# -eq 0 ] || printf '%s\n' "$@" >> "$tc_d/masqued.conf"
	export MQ_TEST_PW=secret
}

# ms_game DATADIR SEED [dave]: DATADIR made, with a rate limit no bot
# reaches, and a Masquerade of alice, bob and carol (and dave when asked)
# dealt with SEED; its id in G.
ms_game() {
	expect 0 "init" -- $M -C "$1" init
	echo "rate_limit = 86400" >>"$1/masqued.conf"
	ms_seats="--player alice=alice@x.test --player bob=bob@x.test --player carol=carol@x.test"
	[ "${3:-}" = dave ] && ms_seats="$ms_seats --player dave=dave@x.test"
	expect 0 "new masquerade" -- $M -C "$1" new masquerade $ms_seats --seed "$2"
	G=$(cat $T/out)
}
# ms_mail_game SEED: in a mail folder (mail_folder), a Masquerade of
# alice, bob and carol dealt with SEED, its welcomes sent; its id in G
ms_mail_game() {
	mail_folder
	expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test --seed $1
	G=$(cat $T/out)
	expect 0 "serve: the welcomes" -- $M -C $D serve --once
}
# ms_langs: bob reads Japanese, carol Chinese (SET LANG, no mail)
ms_langs() {
	expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
	expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
}
# ms_sub SEAT LINE: SEAT's LINE submitted by the host to $G in $D, taken
ms_sub() { expect 0 "$1: $2" -- $M -C $D submit $G "$1" "$2"; }
# ms_owes_is WANT WHAT: ms_owes of $G in $D is WANT (else WHAT fails, with it)
ms_owes_is() { mo=$(ms_owes $D $G); [ "$mo" = "$1" ] || fail "$2: $mo"; ok; }
# ms_on NAME ROOM: the public view of $G in $D puts NAME's dancer on ROOM
ms_on() {
	$MREL -C $D view $G public | grep -qE "^$1 .* $2 " ||
	    { $MREL -C $D view $G public >&2; fail "$1's dancer not on the $2"; }; ok
}
# ms_owes DATADIR GAME [SEAT]: the seat to move and what it owes, as SEAT
# (the admin when none) sees it
ms_owes() {
	$MREL -C "$1" view "$2" "${3:-admin}" --json | /usr/bin/python3 -c 'import json, sys
v = json.load(sys.stdin); print(v["to_move"] or "", v["owes"] or "")'
}

# to_move DATADIR: the seat to move in $G there (none: an empty line)
to_move() {
	$MREL -C $1 view $G admin --json | /usr/bin/python3 -c 'import json, sys
v = json.load(sys.stdin); print(v["to_move"] or "")'
}
# ms_bots_until OWES: the bots play $G in $D on (the host submits, no
# mail) until ms_owes is OWES ("bob discard"); 200 moves at most
ms_bots_until() {
	k=0
	while [ "$(ms_owes $D $G)" != "$1" ]; do
		k=$((k + 1))
		[ $k -lt 200 ] || fail "never came to: $1"
		p=$(to_move $D)
		[ -n "$p" ] || fail "nobody to move"
		c=$($MREL -C $D bot $G $p --style careful) || fail "bot $p"
		$MREL -C $D submit $G $p "$c" --never-mail >/dev/null ||
		    fail "submit $p: $c"
	done
	ok
}
# over DATADIR: $G there is over
over() { $MREL -C $1 view $G admin --json | grep -q '"phase": "over"'; }
# ms_to_fight A C B: in $G of $D (ms_game), alice, carol and bob take the
# Dancers A, C and B; bob's on the Library, carol's and alice's on the
# Arena; carol challenges alice: alice's fight window is open
ms_to_fight() {
	ms_sub alice "DANCER $1"
	ms_sub carol "DANCER $2"
	ms_sub bob "DANCER $3"
	ms_sub bob "STAGE library"
	ms_sub carol "STAGE arena"
	ms_sub alice "STAGE arena"
	ms_sub bob PASS
	ms_sub carol "CHALLENGE alice"
	ms_sub carol PASS
	[ "$(ms_owes $D $G)" = "alice fight" ] || fail "alice's window: $(ms_owes $D $G)"; ok
}

# new_game DATADIR [ARG...]: a Red Death of alice, bob, carol and dave
# (then ARGs: more players, options), its fixed seed (or GAME_SEED, set
# before); its id on stdout
new_game() {
	ng_d=$1; shift
	$M -C "$ng_d" new redmasque --player alice=alice@x.test --player bob=bob@x.test \
	    --player carol=carol@x.test --player dave=dave@x.test "$@" \
	    --seed ${GAME_SEED:-0707070707070707070707070707070707070707070707070707070707070707}
}

# place_all DATADIR GAME PLAYER...: the placements, in their order, as
# the PLAYERs' bots would make them (submit --never-mail: their mails are
# never sent, not even by a later serve), until none is owed
place_all() {
	pa_d=$1; pa_g=$2; shift 2
	pa_k=0
	while $MREL -C $pa_d view $pa_g admin --json | grep -q '"phase": "place"'; do
		pa_k=$((pa_k + 1)); [ $pa_k -lt 10 ] || fail "the placements did not end"
		for p in "$@"; do
			c=$($MREL -C $pa_d bot $pa_g $p | grep '^PLACE') || continue
			$MREL -C $pa_d submit $pa_g $p "$c" --never-mail >/dev/null || fail "$p: $c"
		done
	done
	ok
}

# ROUNDS rounds of every player's bot move, submitted --never-mail (no
# later serve mails them either).
play_rounds() {	# datadir game rounds
	r=0
	while [ $r -lt "$3" ]; do
		r=$((r + 1))
		for p in alice bob carol dave; do
			c=$($MREL -C "$1" bot "$2" $p) || fail "bot $p"
			[ -n "$c" ] && { $MREL -C "$1" submit "$2" $p "$c" --never-mail \
			    >/dev/null || fail "submit $p: $c"; }
		done
	done
}

# Play bots until the game is over (release binary: it is a long loop).
play_out() {	# datadir game
	n=0
	while [ $n -lt 400 ]; do
		n=$((n + 1))
		$MREL -C "$1" view "$2" admin --json | grep -q '"phase": "over"' && return 0
		for p in alice bob carol dave; do
			c=$($MREL -C "$1" bot "$2" $p) || fail "bot $p"
			[ -n "$c" ] && { $MREL -C "$1" submit "$2" $p "$c" >/dev/null || fail "submit $p: $c"; }
		done
	done
	fail "the game did not end"
}

# played_export DATADIR OUT: a data folder made, a game of four (new_game)
# played to its end, and its export in OUT; the game's id in G.
played_export() {
	expect 0 "init" -- $M -C "$1" init
	G=$(new_game "$1") || fail "new"
	play_out "$1" $G
	expect 0 "export" -- $MREL -C "$1" export $G
	cp $T/out "$2"
}

# sendmail_folder: the data folder D made (init), the host at host@x.test,
# mail out by tests/data/fake_sendmail.sh: each mail kept in S, those to
# dead.test refused (an address that no longer works)
sendmail_folder() {
	D=$T/data
	S=$T/sendmail
	mkdir -p "$S"
	export FAKE_SENDMAIL_DIR=$S
	echo dead.test > $S/refuse
	expect 0 "init, sendmail out" -- $M -C "$D" init
	printf 'admin = host@x.test\noutbound = sendmail\nsendmail_path = %s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
	    "$PWD/tests/data/fake_sendmail.sh" >> "$D/masqued.conf"
}
# dead_game: in D, a Red Death of alice, bob, carol and dave@dead.test;
# its id on stdout
dead_game() {
	$M -C "$D" new redmasque --player alice=alice@x.test --player bob=bob@x.test \
	    --player carol=carol@x.test --player dave=dave@dead.test 2>/dev/null
}
# dead_games: two dead_games, G and H, their welcomes sent (dave's die)
# and the host's notices of those sent a minute later
dead_games() {
	G=$(dead_game) && H=$(dead_game) || fail "new"
	expect 0 "the welcomes, dave's dead" -- $M -C "$D" serve --once
	MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the host's notices of them" -- $M -C "$D" serve --once
}
# mail_body FILE: the body of the one-part mail FILE, decoded
mail_body() {
	/usr/bin/python3 -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode())' "$1"
}
# sent_mail SUBJECT BODY: the one mail in S whose subject holds SUBJECT and
# whose body a line of matches BODY (grep -E); its file in f
sent_mail() {
	f=$(grep -l "^Subject: .*$1" $S/*.eml |
	    while read -r x; do mail_body "$x" >$T/b.txt; grep -qE "$2" $T/b.txt && echo "$x"; done)
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one mail of $1 with $2: $f"; ok
}
