# lib_mail.sh - helpers for the CLI tests that read the mail a game sends,
# as players would: after lib.sh, with D (the data folder), O (its outbox
# new/) and IN (its inbox new/) set and the welcome mails sent.
PY=/usr/bin/python3

reply_to() {	# NAME: the Reply-To of NAME's welcome mail
	f=$(grep -l "^To: $1@x.test" $O/* | head -n 1)
	[ -n "$f" ] || fail "no welcome mail to $1"
	sed -n 's/^Reply-To: //p' "$f" | tr -d '\r'
}
rt() {	# game, name: NAME's reply address in GAME, from its welcome mail
	f=$(grep -l "^To: $2@x.test" $O/* | xargs grep -l "^Reply-To: game+$1\." |
	    head -n 1)
	[ -n "$f" ] || fail "no welcome mail to $2 in $1"
	sed -n 's/^Reply-To: //p' "$f" | tr -d '\r'
}
# send FROM TO ID TEXT: a reply into the Maildir inbox (TEXT: printf %b)
n=0
send() {
	n=$((n + 1))
	printf 'From: %s\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
	    "$1" "$2" "$3" "$4" >$IN/$n.test
}
# A mail's text/plain and text/html parts, decoded, each on one line
# (the wrapping of the text part undone: a line break between Chinese or
# Japanese characters, where masqued wraps with no space, joins them with
# none; HTML entities read), into $T/NAME.txt and $T/NAME.html; the HTML
# source as it is, $T/NAME.source.html.
parts() {	# mail file, name
	$PY - "$1" "$T/$2" <<'EOF'
import email, html, re, sys, unicodedata
def wide(c):
    return unicodedata.east_asian_width(c) in 'WF'
def unwrap(t):
    # a break after a wide mark (、。：）」) had no space either, even
    # before a Latin word ("PLAN、" / "PLACE")
    return re.sub(r'(?<=(\S))\n[ \t]*(?=(\S))',
        lambda m: '' if wide(m.group(1)) and (wide(m.group(2)) or
                                              m.group(1) in '、。：）」，；') else ' ', t)
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
for p in m.walk():
    kind = {'text/plain': 'txt', 'text/html': 'html'}.get(p.get_content_type())
    if kind:
        t = p.get_payload(decode=True).decode('utf-8')
        if kind == 'html':
            open(sys.argv[2] + '.source.html', 'w').write(t)
            t = html.unescape(t)
        if kind == 'txt':
            t = unwrap(t)
        open(sys.argv[2] + '.' + kind, 'w').write(' '.join(t.split()) + '\n')
EOF
}
# answer KIND ADDR NAME: the one new mail of KIND (X-Masqued-Mail) to
# ADDR since the outbox listing $T/before, its parts as $T/NAME.*
answer() {
	ls $O | comm -13 $T/before - >$T/new
	f=$(cd $O && grep -l "^To: $2" $(cat $T/new) | xargs grep -l \
	    "^X-Masqued-Mail: $1")
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one new $1 mail to $2: $f"
	parts "$O/$f" $3
	echo "$O/$f" >$T/$3.file
}
# receipt_of GAME NAME ID TEXT: NAME's reply of TEXT to GAME (to its
# welcome's Reply-To), sent and served; NAME's receipt read as $T/ID.*
receipt_of() {
	ls $O >$T/before
	send $2@x.test "$(rt $1 $2)" $3 "$4"
	expect 0 "serve --once: $3" -- $M -C $D serve --once
	answer receipt $2@x.test $3
}
says() {	# name, sentence: both parts of $T/NAME.* hold it
	for k in txt html; do
		grep -qF -- "$2" $T/$1.$k || { cat $T/$1.$k >&2; fail "$1 ($k) does not say: $2"; }
		ok
	done
}
says_not() {	# name, sentence
	for k in txt html; do
		! grep -qF -- "$2" $T/$1.$k || fail "$1 ($k) still says: $2"
		ok
	done
}
# subject_says NAME TEXT: the Subject of $T/NAME's mail (answer), decoded,
# ends in TEXT
subject_says() {
	ss=$($PY - "$(cat $T/$1.file)" <<'EOF'
import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
print(str(email.header.make_header(email.header.decode_header(m['Subject']))))
EOF
)
	case "$ss" in *"$2") ;; *) fail "$1's subject is '$ss', not '... $2'";; esac; ok
}
# narrow NAME FROM TO: in $T/NAME's mail (answer), the text part's lines
# from the first that holds FROM to the first after it that holds TO are
# at most 76 columns wide (a wide character takes two)
narrow() {
	$PY - "$(cat $T/$1.file)" "$2" "$3" <<'EOF2' || fail "$1: a line too wide"
import email, sys, unicodedata
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
t = [p.get_payload(decode=True).decode('utf-8') for p in m.walk()
    if p.get_content_type() == 'text/plain'][0].split('\n')
start = next(i for i, l in enumerate(t) if sys.argv[2] in l)
end = next(i for i, l in enumerate(t) if i >= start and sys.argv[3] in l)
for l in t[start:end + 1]:
    w = sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in l)
    if w > 76:
        sys.exit('%d columns: %s' % (w, l))
EOF2
	ok
}

# kinsoku FILE: the text part of mail FILE reads as Japanese and Chinese
# are set (JIS X 4051; GB/T 15834): no line starts with a closing mark or a
# small kana, none ends with an opening bracket, and none starts with the
# particle of a bracketed word at the end of the line before
# ("ホスト（host@x.test）" / "を待っています")
kinsoku() {
	$PY - "$1" <<'EOF2' || fail "$1: a line breaks where Japanese or Chinese may not"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
t = [p.get_payload(decode=True).decode('utf-8') for p in m.walk()
    if p.get_content_type() == 'text/plain'][0].split('\n')
no_start = '、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ”'
no_end = '（「『【〔〈《“'
prev = ''
for l in t:
    s, e = l.lstrip(' '), prev.rstrip(' ')
    if s and s[0] in no_start:
        sys.exit('a line starts with %s: %s' % (s[0], l))
    if s and e and e[-1] in no_end:
        sys.exit('a line ends with %s: %s' % (e[-1], prev))
    if s and e and e[-1] in '）」』' and ('\u3041' <= s[0] <= '\u3096' or
                                         s[0] == '的'):
        sys.exit('a particle parted from its word: %s / %s' % (prev, l))
    prev = l
EOF2
	ok
}

# read_new WHO...: each WHO@x.test's first mail in $O since the listing in
# $T/before, read by parts (as WHO), its text part as sent in $T/WHO.raw
read_new() {
	for who in "$@"; do
		f=$(cd $O && grep -l "^To: $who@x.test" $(ls $O | comm -13 $T/before -) | head -n 1)
		[ -n "$f" ] || fail "no mail to $who"; ok
		parts "$O/$f" $who
		$PY - "$O/$f" >$T/$who.raw <<'PYEOF'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print([p.get_payload(decode=True).decode() for p in m.walk()
       if p.get_content_type() == "text/plain"][0])
PYEOF
	done
}

# reply_served WHO ID TEXT [WHAT]: WHO's reply TEXT (its Message-ID ID) to
# its welcome's Reply-To, read by a serve pass; WHO's receipt as $T/ID.*
reply_served() {
	ls $O | sort >$T/before
	send $1@x.test "$(reply_to $1)" $2 "$3"
	expect 0 "serve --once: ${4:-$1's $2}" -- $M -C $D serve --once
	answer receipt $1@x.test $2
}
# kill_and_catch_up NAME ID TEXT: NAME's reply TEXT logged, its mails lost
# (the staged kill), then caught up: the same mails, the same log
kill_and_catch_up() {
	cp $D/games/$G/mailed $T/mailed
	cp $D/games/$G/clock $T/clock
	reply_served $1 $2 "$3"
	$MREL -C $D log $G >$T/log1
	kill_rebuilds "$2"
}
# dry NAME TEXT COND: `masqued parse` of NAME's reply TEXT is so (j)
dry() {
	printf 'From: %s@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry.%s@x.test>\n\n%b\n' \
	    "$1" "$(reply_to $1)" "$1" "$2" >$T/dry.eml
	expect 0 "parse $1's reply" -- $M -C $D parse $T/dry.eml
	json_is "$3" "$1's dry run"
}
# card_in NAME: a card of NAME's hand in card (NAME holds one)
card_in() {
	card=$($MREL -C $D view $G $1 --json | $PY -c 'import json,sys
print(json.load(sys.stdin)["me"]["hand"][0])')
	[ -n "$card" ] || fail "$1 holds no card"; ok
}
# ms_carol_stage_put_right LINES WHAT: carol (who reads Chinese: ms_langs)
# chooses her Dancer, then mails LINES, a Stage on the Library put right on
# its second line: taken, and her receipt says so, as c1
ms_carol_stage_put_right() {
	expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
	ms_owes_is "carol stage" "not carol's Stage"
	reply_served carol c1 "$1" "$2"
	says c1 "代替未被接受的第 1 行。"
	says c1 "已由第 2 行替换，该行已被接受。"
	says_not c1 "可能以它为前提"
	[ "$(ms_owes $D $G)" != "carol stage" ] || fail "carol's Stage not taken"; ok
	ms_on carol Library
}
# put_right_says ID [N]: ID's receipt (en) says line 1 was replaced by
# line N (2 unless given), and line N taken in its place
put_right_says() {
	says $1 "replaced by line ${2:-2}, which was accepted"
	says $1 "in place of line 1, which was refused"
}
# txt_has ID TEXT WHAT: ID's receipt's text part holds TEXT (in any case)
txt_has() { grep -qiF -- "$2" $T/$1.txt || { cat $T/$1.txt >&2; fail "$3"; }; ok; }
# logged_last PATTERN WHAT: the last entry of the log in $T/log1 matches
# PATTERN (grep)
logged_last() { tail -n 1 $T/log1 | grep -q -- "$1" || { cat $T/log1 >&2; fail "$2"; }; ok; }
# to_the_last_move: the bots play $G of $D on, no mail, up to the move that
# would end it (tried on a copy, $T/to_end): that move not played, its
# player in p, its text in move
to_the_last_move() {
	k=0
	move=
	while [ $k -lt 600 ]; do
		k=$((k + 1))
		p=$(to_move $D)
		[ -n "$p" ] || fail "nobody to move, the game not over"
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		rm -rf $T/to_end && cp -a $D $T/to_end
		$MREL -C $T/to_end submit $G $p "$c" --never-mail >/dev/null || fail "submit $p: $c"
		if over $T/to_end; then
			move=$c
			return 0
		fi
		$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "submit $p: $c"
	done
	fail "the game did not end"
}
