#!/bin/sh
# test_offered.sh - every command line a Red Death mail offers is one the
# game accepts. Two whole games are played by the bots, each move a reply
# by mail: 4 players with the hard option, 5 with sequential_moves; the
# players read their mail in English, Japanese or Chinese (the game's
# --lang, or SET LANG by mail), ask for HELP three times, and get an admin
# mail and reminders once. After every reply `serve --once` mails everyone;
# the mails of each pass are kept with the game's folder as it was then.
# In each mail the lines offered to copy (the PLACE / PLAY / MOVE lines of
# "your move", text part) are read, and the HTML part must offer the same;
# the welcome and help mails' examples (and the help table's PLAN CLEAR,
# PLAN 12:20 ccw, STATUS, HELP) are read too, and each one offered as it
# stands (indented two columns) is tried whenever the reader may play (alive,
# the game not over): a newcomer copies them. One that needs a card the
# reader may not hold goes under a line that says so ("if you hold Encore:"),
# indented four: those are read, not tried (a newcomer copied PLAY encore
# RECOVER jest mock, offered as it stood, without Encore, and was refused).
# The players ask for HELP a fourth time late in the game, some of their
# cards played. Each line
# is tried with `masqued submit` for the mail's reader on a scratch copy of
# the data folder with the game as the mail saw it: each must be accepted.
# A line already tried for the same reader in the same state is not tried
# again. make test tries a fixed half of the lines (chosen by the hash of
# reader, line and state: about 800 of 1,600); MQ_SWEEP=full tries every
# one. The loops run the release binary ($MREL), as play_out does.
. tests/cli/lib.sh
PY=/usr/bin/python3
ROOT=$PWD

# The mail reader: offered.py GAMEDATA STATS STEP...: each STEP folder
# holds the mails one serve sent (*.eml) and admin.json, the game as it was
# then. Prints "step<TAB>player<TAB>kind<TAB>lang<TAB>line" for each line
# to try that was not tried before for that player in the same state;
# appends "kind lang offer|example VERB" per line read to STATS; exits 1
# with a sentence when a mail's HTML part does not offer what its text
# part does.
cat >$T/offered.py <<'PYEOF'
import email, glob, hashlib, html, json, os, re, sys

gd = json.load(open(sys.argv[1]))
stats = open(sys.argv[2], 'a')
tried = set()

# the command words, as the help mail lists them (rm_parse.c)
VERBS = {'PLAY': 'PLAY', 'プレイ': 'PLAY', '出す': 'PLAY', '打出': 'PLAY',
         '出牌': 'PLAY', '打': 'PLAY', 'MOVE': 'MOVE', '移動': 'MOVE',
         '移动': 'MOVE', 'PLAN': 'PLAN', '計画': 'PLAN', '计划': 'PLAN',
         '計畫': 'PLAN', 'PLACE': 'PLACE', '配置': 'PLACE', '放置': 'PLACE',
         'STATUS': 'STATUS', '状況': 'STATUS', '状态': 'STATUS',
         '狀態': 'STATUS', 'HELP': 'HELP', 'ヘルプ': 'HELP', '帮助': 'HELP',
         '幫助': 'HELP'}
# the syntax lines of the help's table name no real choice
PLACEHOLDERS = {'room', 'card', 'dir', 'd', '部屋', '房间', 'カード', '牌', '方向'}
OWED = re.compile(r'^-- (YOUR MOVE|あなたの番|轮到你)')
COMMANDS = re.compile(r'^-- (THE COMMANDS|コマンド|命令) ')

def word(w, table):
    return table.get(w.upper() if w.isascii() else w)

def verb(line):
    w = line.split()
    return word(w[0], VERBS) if w else None

def command(line):
    """The command of an indented line: up to two spaces or an arrow."""
    return re.split(r'\s{2,}| -> ', line.strip())[0].strip()

def offers_txt(text):
    out, on = [], False
    for l in text.split('\n'):
        if l.startswith('-- '):
            on = bool(OWED.match(l))
        elif on and l == '':
            on = False
        elif on and l.startswith('  ') and verb(l) in ('PLACE', 'PLAY', 'MOVE'):
            out.append(command(l))
    return out

def examples(lines, marked=False):
    """The examples offered as they stand; marked: those under a line
    naming the card they need, indented four."""
    out, on = [], False
    for l in lines:
        lead = len(l) - len(l.lstrip(' '))
        if l.startswith('-- '):
            on = bool(COMMANDS.match(l))
        elif on and lead == (4 if marked else 2) and verb(l):
            c = command(l)
            if '[' in c or '...' in c or '×' in c or \
                    any(x in PLACEHOLDERS for x in c.split()[1:]):
                continue
            out.append(c)
    return out

def offers_html(src):
    out = []
    for m in re.finditer(r'border-left:4px solid #8b0000[^>]*>(.*?)</div>', src, re.S):
        for c in re.findall(r'<code>(.*?)</code>', m.group(1), re.S):
            c = ' '.join(html.unescape(c).split())
            if verb(c):
                out.append(c)
    return out

def examples_html(src, marked=False):
    lines = []
    for m in re.finditer(r'white-space:pre-wrap[^>]*>(.*?)</div>', src, re.S):
        # a no-break space ("12:00 時計回り" held together) is read as
        # the space it is to the parser (words.c)
        lines += html.unescape(re.sub(r'<[^>]+>', '', m.group(1))).replace(
            '\xa0', ' ').split('\n')
    return examples(lines, marked)

def may_play(me, admin):
    """Whether the reader may send a move now: then every example offered
    as it stands must be one the game takes."""
    return admin['phase'] not in ('midnight', 'over') and me['alive']

def read(step, f, admin):
    players = {p['name']: p for p in admin['players']}
    m = email.message_from_binary_file(open(f, 'rb'))
    kind = m['X-Masqued-Mail']
    who = re.sub(r'@.*', '', m['To'])
    parts = {}
    for p in m.walk():
        if p.get_content_type() in ('text/plain', 'text/html'):
            parts[p.get_content_type()] = p.get_payload(decode=True).decode('utf-8')
    txt, src = parts.get('text/plain', ''), parts.get('text/html', '')
    lang = (re.findall(r'<html lang="([a-z]+)"', src) or ['?'])[0]
    where = '%s (%s mail to %s, %s)' % (f, kind, who, lang)
    offers = offers_txt(txt)
    if sorted(offers) != sorted(offers_html(src)):
        sys.exit('%s: the text part offers %s, the HTML part %s'
                 % (where, sorted(offers), sorted(offers_html(src))))
    ex = examples(txt.split('\n'))
    if ex != examples_html(src):
        sys.exit("%s: the text part's examples are %s, the HTML part's %s"
                 % (where, ex, examples_html(src)))
    marked = examples(txt.split('\n'), True)
    if marked != examples_html(src, True):
        sys.exit("%s: the text part's marked examples are %s, the HTML "
                 "part's %s" % (where, marked, examples_html(src, True)))
    for c in marked:
        stats.write('%s %s marked %s\n' % (kind, lang, verb(c)))
    me = players.get(who)
    if me is None:
        return
    lines = [(c, 'offer') for c in offers]
    if may_play(me, admin):
        lines += [(c, 'example') for c in ex]
    for c, what in lines:
        stats.write('%s %s %s %s\n' % (kind, lang, what, verb(c)))
        key = json.dumps([who, c, admin['phase'], admin['round'], me['hand'],
                          me['discards'], me['room'], me['allowance'], me['alive']])
        if key in tried:
            continue
        tried.add(key)
        # make test tries a fixed half (by the hash of what is tried),
        # MQ_SWEEP=full every one
        if os.environ.get('MQ_SWEEP') != 'full' and \
                hashlib.sha256(key.encode()).digest()[0] & 1:
            continue
        print('%s\t%s\t%s\t%s\t%s' % (step, who, kind + ' ' + what, lang, c))

for step in sys.argv[3:]:
    admin = json.load(open(os.path.join(step, 'admin.json')))
    for f in sorted(glob.glob(os.path.join(step, '*.eml'))):
        read(step, f, admin)
PYEOF

. tests/cli/lib_offered.sh
OFFERED_ADMIN=1

# game NPLAYERS LANG OPTION SETLANGS SEED: a whole game of NPLAYERS in
# LANG, with --option OPTION=true; SETLANGS ("bob=ja carol=zh") write SET
# LANG by mail first; SEED (one byte, repeated) deals the cards. Everyone
# asks for HELP before placing, in the first round and in the first move
# phase; there the host extends the deadline by an hour (an admin mail),
# then the clock runs on to 10 hours before it (reminders).
game() {
	np=$1 lang=$2 opt=$3 setl=$4 seed=$(printf "$5%.0s" $(seq 32))
	D=$T/$opt
	O=$D/mail/outbox/new
	IN=$D/mail/inbox/new
	R=$T/$opt.steps
	k=0
	mkdir -p $R
	PLAYERS=$(echo alice bob carol dave eve | cut -d' ' -f1-$np)
	expect 0 "init" -- $M -C $D init
	# every move is a reply by mail: more than 30 an hour from one player
	echo "rate_limit = 86400" >>$D/masqued.conf
	args=""
	for p in $PLAYERS; do args="$args --player $p=$p@x.test"; done
	expect 0 "new ($np players, $lang, $opt)" -- \
	    $M -C $D new redmasque $args --seed $seed --lang $lang --option $opt=true
	G=$(cat $T/out)
	mails	# the welcomes
	for p in $PLAYERS; do
		f=$(grep -l "^To: $p@x.test" $R/1/*.eml | head -n 1)
		[ -n "$f" ] || fail "no welcome mail to $p"
		sed -n 's/^Reply-To: //p' "$f" | tr -d '\r' >$T/rt.$p
	done
	for s in $setl; do ask ${s%=*} "SET LANG ${s#*=}"; done
	for p in $PLAYERS; do ask $p "HELP"; done
	helped=0 step=0
	while :; do
		step=$((step + 1))
		[ $step -lt 500 ] || fail "$G: the game did not end"
		$MREL -C $D view $G admin --json >$T/admin.json || fail "view admin"
		grep -q '"phase": "over"' $T/admin.json && break
		phase=$(sed -n 's/^  "phase": "\(.*\)",$/\1/p' $T/admin.json)
		round=$(sed -n 's/^  "round": \([0-9]*\),$/\1/p' $T/admin.json)
		if { [ "$phase" = act ] && [ $helped = 0 ]; } ||
		    { [ "$phase" = move ] && [ $helped = 1 ]; } ||
		    { [ "$phase" = act ] && [ $helped = 2 ] &&
		    [ "$round" -ge 9 ]; }; then
			helped=$((helped + 1))
			for p in $PLAYERS; do ask $p "HELP"; done
			if [ $helped = 2 ]; then
				expect 0 "admin extend" -- \
				    $MREL -C $D admin $G extend 1h --why "a late guest"
				mails
				export MASQUED_NOW=$((MASQUED_NOW + 63 * 3600))
				mails
			fi
		fi
		for p in $PLAYERS; do
			c=$($MREL -C $D bot $G $p) || fail "bot $p"
			[ -z "$c" ] || ask $p "$c"
		done
	done
	[ $helped = 3 ] || fail "$G: asked for HELP $helped times in the game, not 3"
	expect 0 "the game verifies" -- $M -C $D verify $G
	tries $T/offered.py $ROOT/config/games/redmasque.json
}

. tests/cli/lib_mail.sh
nmail=0 ntry=0
: >$T/stats
# the two deals hold nine of the ten Personality cards (not Premonition)
game 4 en hard "alice=ja bob=zh" 99
game 5 zh sequential_moves "carol=ja dave=en" 55

# The test read what it meant to: offers of each kind in each language,
# the help's examples in each, the welcome's in the games' languages, and
# the turn, resolution, admin and reminder mails' offers.
for l in en ja zh; do
	for v in PLACE PLAY MOVE; do
		grep -q " $l offer $v\$" $T/stats || fail "no $v line offered in $l"; ok
	done
	grep -q "^help $l example PLAY\$" $T/stats || fail "no PLAY example tried in $l"; ok
	grep -q "^help $l marked PLAY\$" $T/stats || fail "no PLAY example marked in $l"; ok
done
for l in en zh; do
	grep -q "^welcome $l example PLAN\$" $T/stats || fail "no PLAN example in the $l welcome"; ok
done
for kind in turn resolution admin reminder; do
	grep -q "^$kind .* offer " $T/stats || fail "no $kind mail offered a line"; ok
done
[ $ntry -ge 500 ] || fail "only $ntry lines tried"; ok
echo "$(basename "$0"): 2 games, $nmail mails, $(wc -l <$T/stats) lines offered," \
    "$ntry tried"
done_checks
