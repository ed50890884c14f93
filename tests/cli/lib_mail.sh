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
