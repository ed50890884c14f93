#!/bin/sh
# test_ms_offered.sh - every command line a Masquerade mail offers is one
# the game accepts (test_offered.sh does the same for The Red Death).
# Two whole games are played by the bots, each move a reply by mail: 3
# players in English (bots playing at random: more Spells), 4 in Japanese
# (careful bots); in each, two players read their mail in the other
# languages (SET LANG by mail).
# Everyone asks for HELP at the start and when a Spell phase and a fight
# are first asked for; each player when first asked for an Order, a Stage,
# an Event. At the first Spell phase the host extends the deadline (an
# admin mail) and the clock runs on to 10 hours before it (a reminder).
# After every reply `serve --once` mails everyone; the mails of each pass
# are kept with the game's folder as it was then.
# In each mail the lines offered to copy are read from the text part: the
# command lines under "YOUR MOVE" (あなたの番, 轮到你): DANCER, ORDER, STAGE,
# the "For example" (例, 例如) PLAYs, REVEAL, PASS, CHALLENGE, BANK,
# DISCARD, KEEP, EVENT, SWAP; the HTML part must offer the same, in the
# same order. The command table of the welcome and help mails is read too
# (its HTML must match), and its lines tried where they need no choice
# (STATUS, HELP, SET LANG) or name one the same mail offers (STAGE tower
# when the Tower is offered). Each line is tried with `masqued submit` for
# the mail's reader on a scratch copy of the data folder with the game as
# the mail saw it: each must be accepted. A line already tried for the same
# reader in the same state is not tried again. make test tries a fixed half
# of the lines (chosen by the hash of reader, line and state); MQ_SWEEP=full
# tries every one, and plays a third game (5 players, in Chinese). The
# loops run the release binary ($MREL), as play_out does.
. tests/cli/lib.sh
PY=/usr/bin/python3
ROOT=$PWD

# The mail reader: ms_offered.py GAMEDATA STATS STEP...: each STEP folder
# holds the mails one serve sent (*.eml) and game/, the game's folder as it
# was then. Prints "step<TAB>player<TAB>kind<TAB>lang<TAB>line" for each
# line to try that was not tried before for that player in the same state;
# appends "kind lang offer|table VERB" per line read to STATS; exits 1 with
# a sentence when a mail's HTML part does not offer what its text part does.
cat >$T/ms_offered.py <<'PYEOF'
import email, glob, hashlib, html, json, os, re, sys

gd = json.load(open(sys.argv[1]))
stats = open(sys.argv[2], 'a')
tried = set()

# the command words (ms_data.c's keywords), to their English form
KEYWORDS = {
    'DANCER': 'dancer ダンサー 舞者', 'ORDER': 'order 順番 顺序 順序',
    'STAGE': 'stage ステージ 舞台', 'PLAY': 'play 使う 使用 プレイ 打出',
    'PAY': 'pay 払う 支付', 'ON': 'on 対象 对 對', 'BANK': 'bank 貯める 存',
    'REVEAL': 'reveal 公開 揭示', 'PASS': 'pass done パス 过 過',
    'CHALLENGE': 'challenge 挑戦 挑战 挑戰', 'DISCARD': 'discard 捨てる 弃 棄',
    'KEEP': 'keep 残す 保留', 'EVENT': 'event イベント 事件',
    'SWAP': 'swap 交代 交换 交換', 'STATUS': 'status 状況 状态 狀態 ステータス',
    'HELP': 'help ヘルプ 帮助 幫助'}
WORD = {w: k for k, ws in KEYWORDS.items() for w in ws.split()}
VERBS = set(KEYWORDS) - {'PAY', 'ON'}
# every card's names (ms_data.c's aliases: lower case, words joined by -)
NAMES = {}
for kind in ('dancers', 'orders', 'stages', 'events', 'spells'):
    for c in gd[kind]:
        for l in ('en', 'ja', 'zh'):
            n = c.get('name_' + l)
            if n:
                NAMES['-'.join(n.lower().split())] = c['id']
                if kind == 'spells' and n.lower().startswith('the '):
                    NAMES['-'.join(n.lower().split()[1:])] = c['id']
OWED = re.compile(r'(YOUR MOVE|あなたの番|轮到你)')
TABLE = re.compile(r'(THE COMMANDS|コマンド一覧|命令列表)')

def verb(line):
    w = line.split()
    if len(w) >= 2 and w[0].upper() == 'SET' and w[1].upper() == 'LANG':
        return 'SET'
    v = WORD.get(w[0].lower()) if w else None
    return v if v in VERBS else None

def command(line):
    """The command of a line: up to two spaces, an aside or a colon."""
    return re.split(r'\s{2,}|（| \(|：|:', line.strip())[0].strip()

def commands(lines):
    """The command lines of a section: two spaces in, starting with a
    command word (an indented line more is what the one above does)."""
    return [command(l) for l in lines
            if l.startswith('  ') and not l.startswith('   ') and verb(l)]

def canonical(c):
    """A command as the engine reads it: words and card names to ids."""
    w = [x.lower() for x in c.split()]
    out, i = [], 0
    while i < len(w):
        for n in range(min(8, len(w) - i), 0, -1):
            j = '-'.join(w[i:i + n])
            if j in NAMES:
                out.append(NAMES[j])
                i += n
                break
        else:
            out.append(WORD.get(w[i], w[i]))
            i += 1
    return tuple(out)

# the line a deadline's default is told on ("  STAGE Library."): what the
# engine plays, not an offer (the HTML says it in a sentence)
DEFAULT = re.compile(r'(applied for you:|適用されます：|默认操作：)\s*$')

def sections_txt(text):
    """{"owed": [lines], "table": [lines]} of the text part."""
    out, on, last = {'owed': [], 'table': []}, None, ''
    for l in text.split('\n'):
        told, last = DEFAULT.search(last), l
        if told:
            continue
        if l.startswith('-- '):
            on = 'owed' if OWED.match(l[3:]) else \
                'table' if TABLE.match(l[3:]) else None
        elif on:
            out[on].append(l)
    return out

def sections_html(src):
    out = {'owed': [], 'table': []}
    for part in re.split(r'(?=<h2[ >])', src):
        m = re.match(r'<h2[^>]*>(.*?)</h2>', part, re.S)
        if not m:
            continue
        on = 'owed' if OWED.match(m.group(1)) else \
            'table' if TABLE.match(m.group(1)) else None
        if on:
            for d, tr in re.findall(r'white-space:pre-wrap[^>]*>(.*?)</div>'
                                    r'|<tr>(.*?)</tr>', part, re.S):
                if tr:
                    d = row_line(tr)
                out[on] += html.unescape(re.sub(r'<[^>]+>', '', d)).split('\n')
    return out

def row_line(tr):
    """A row of a list's table as the text part's line: a choice's cells
    two spaces in, three apart; a row across them (what the choice above
    does) six in."""
    cells = re.findall(r'<td([^>]*)>(.*?)</td>', tr, re.S)
    if len(cells) == 1 and 'colspan' in cells[0][0]:
        return '      ' + cells[0][1]
    return '  ' + '   '.join(c for _, c in cells)

def read(step, f, state):
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
    st, sh = sections_txt(txt), sections_html(src)
    offers, table = commands(st['owed']), commands(st['table'])
    if offers != commands(sh['owed']):
        sys.exit('%s: the text part offers %s, the HTML part %s'
                 % (where, offers, commands(sh['owed'])))
    if table != commands(sh['table']):
        sys.exit("%s: the text part's command table is %s, the HTML part's %s"
                 % (where, table, commands(sh['table'])))
    if not re.match(r'[a-z0-9_-]+$', who) or who == 'admin':
        return
    offered = set(canonical(c) for c in offers)
    lines = [(c, 'offer') for c in offers]
    lines += [(c, 'table') for c in table
              if verb(c) in ('STATUS', 'HELP', 'SET') or canonical(c) in offered]
    for c, what in lines:
        stats.write('%s %s %s %s\n' % (kind, lang, what, verb(c)))
        key = json.dumps([who, c, state])
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
    # the game's state: its log, which only grows
    state = os.path.getsize(os.path.join(step, 'game', 'log'))
    for f in sorted(glob.glob(os.path.join(step, '*.eml'))):
        read(step, f, state)
PYEOF

. tests/cli/lib_offered.sh

# game NPLAYERS LANG SETLANGS SEED STYLE: a whole game of NPLAYERS in
# LANG; SETLANGS ("bob=ja carol=zh") write SET LANG by mail first; SEED
# (one byte, repeated) deals the cards; the bots play in STYLE (careful or
# random: the random ones play more Spells).
game() {
	np=$1 lang=$2 setl=$3 seed=$(printf "$4%.0s" $(seq 32)) style=$5
	D=$T/$lang
	O=$D/mail/outbox/new
	IN=$D/mail/inbox/new
	R=$T/$lang.steps
	k=0
	mkdir -p $R
	PLAYERS=$(echo alice bob carol dave eve | cut -d' ' -f1-$np)
	expect 0 "init" -- $M -C $D init
	# the same game every run: the random bots' stream is keyed by the
	# log's head, so the test-only keys (tests/golden/mail/keys/) and a
	# fixed game id (MASQUED_GAME_ID, as test_golden_mail.sh) in place of
	# init's random key and a random id
	cp tests/golden/mail/keys/server.key tests/golden/mail/keys/server.pub \
	    tests/golden/mail/keys/tag.key $D/keys/ || fail "copying the test keys"
	chmod 600 $D/keys/server.key $D/keys/tag.key
	# every move is a reply by mail: more than 30 an hour from one player
	echo "rate_limit = 86400" >>$D/masqued.conf
	args=""
	for p in $PLAYERS; do args="$args --player $p=$p@x.test"; done
	expect 0 "new masquerade ($np players, $lang)" -- env \
	    MASQUED_GAME_ID=offered$(printf %s $lang | tr 'enjzh' 'abcde' | cut -c1) \
	    $M -C $D new masquerade $args --seed $seed --lang $lang
	G=$(cat $T/out)
	mails	# the welcomes
	for p in $PLAYERS; do
		f=$(grep -l "^To: $p@x.test" $R/1/*.eml | head -n 1)
		[ -n "$f" ] || fail "no welcome mail to $p"
		sed -n 's/^Reply-To: //p' "$f" | tr -d '\r' >$T/rt.$p
	done
	for s in $setl; do ask ${s%=*} "SET LANG ${s#*=}"; done
	for p in $PLAYERS; do ask $p "HELP"; done
	helped="" step=0
	while :; do
		step=$((step + 1))
		[ $step -lt 1000 ] || fail "$G: the game did not end"
		$MREL -C $D view $G admin --json >$T/admin.json || fail "view admin"
		grep -q '"phase": "over"' $T/admin.json && break
		owes=$(sed -n 's/^  "owes": "\(.*\)",$/\1/p' $T/admin.json)
		# everyone asks for HELP when a Spell phase and a fight first
		# come; at the Spell phase, the host's extension and a reminder
		case "$owes" in spell | fight)
			case " $helped " in *" $owes "*) ;; *)
				helped="$helped $owes"
				for p in $PLAYERS; do ask $p "HELP"; done
				if [ $owes = spell ]; then
					expect 0 "admin extend" -- \
					    $MREL -C $D admin $G extend 1h --why "a late guest"
					mails
					export MASQUED_NOW=$((MASQUED_NOW + 63 * 3600))
					mails
				fi
			esac
		esac
		for p in $PLAYERS; do
			c=$($MREL -C $D bot $G $p --style $style) || fail "bot $p"
			[ -n "$c" ] || continue
			# HELP the first time each is asked for an Order, a
			# Stage, an Event: the table's lines then name a choice
			v=${c%% *}
			case $v in ORDER | STAGE | EVENT)
				case " $helped " in *" $p:$v "*) ;; *)
					helped="$helped $p:$v"
					ask $p "HELP"
				esac
			esac
			ask $p "$c"
		done
	done
	expect 0 "the game verifies" -- $M -C $D verify $G
	tries $T/ms_offered.py $ROOT/config/games/masquerade.json
}

. tests/cli/lib_mail.sh
nmail=0 ntry=0 ngames=2
: >$T/stats
game 3 en "bob=ja carol=zh" 56 random
game 4 ja "alice=zh dave=en" 55 careful
# MQ_SWEEP=full: a game of five too
if [ "${MQ_SWEEP:-}" = full ]; then
	game 5 zh "bob=en eve=ja" 99 random
	ngames=3
fi

# The test read what it meant to: the Dancers, Orders, Stages and the
# PLAY examples offered in each language, and the table's lines; every
# other kind of line somewhere; the turn, receipt, help, admin and
# reminder mails' offers. Each game plays the same every run (the keys
# and game ids are fixed). (A KEEP is offered only to a hand too full for
# what a Request for a Tune gives; its lines are tried when they come,
# and not asked for here.)
for l in en ja zh; do
	for v in DANCER ORDER STAGE PLAY PASS; do
		grep -q " $l offer $v\$" $T/stats || fail "no $v line offered in $l"; ok
	done
	grep -q "^help $l table STAGE\$" $T/stats || fail "no table STAGE line tried in $l"; ok
done
for v in EVENT REVEAL CHALLENGE BANK DISCARD SWAP; do
	grep -q " offer $v\$" $T/stats || fail "no $v line offered"; ok
done
for v in DANCER ORDER EVENT; do
	grep -q "^[a-z]* [a-z]* table $v\$" $T/stats || fail "no table $v line tried"; ok
done
for kind in turn receipt help admin reminder; do
	grep -q "^$kind .* offer " $T/stats || fail "no $kind mail offered a line"; ok
done
[ $ntry -ge 300 ] || fail "only $ntry lines tried"; ok
echo "$(basename "$0"): $ngames games, $nmail mails, $(wc -l <$T/stats) lines offered," \
    "$ntry tried"
done_checks
