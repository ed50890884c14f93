#!/bin/sh
# test_masquerade_mail.sh - a whole game of The Masquerade played by mail:
# three players (alice in English, bob in Japanese, carol in Chinese, by SET
# LANG), each move the bot's, sent as a reply to the player's Reply-To in the
# Maildir inbox, `serve --once` each round. Along the way: HELP and a
# refused line, the host's pause, a reminder. At the end: `masqued verify`
# passes; every mail rendered (no failure logged, nothing left in the spool,
# both parts, the marker line first, no Mustache left); each went to one
# player and names that player; the end mail gives everyone the seed; and
# no mail to alice before the end tells her bob's Mask or what bob drew,
# banked or stole, while they do tell her her own Mask.
# No mail shows the engine's raw words (vp_counters, hand_full, ...); the
# welcome offers the free Dancers, and the Stage and Order requests the
# choices, each with what it does; a Mask's condition and the end's reason
# are sentences. A Guardian is shown by its number: no English or Chinese
# mail shows the Japanese name the card set alone gives it. The text part's
# wrap cuts no Japanese or Chinese word (bob and carol ask for HELP too).
# The ASan binary serves every mail; the release one plays the bots.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707
T0=$MASQUED_NOW
LOG=$T/serve.log

# a bot sends a hundred replies in an hour, more than a person's limit:
# ms_game's rate limit is one no bot reaches
ms_game $D $SEED
serve() { $M -C $D serve --once 2>>$LOG || fail "serve --once: $(tail -n 3 $LOG)"; ok; }
serve
[ "$(ls $O | wc -l)" = 3 ] || fail "expected 3 welcome mails"; ok

. tests/cli/lib_mail.sh
RA=$(reply_to alice); RB=$(reply_to bob); RC=$(reply_to carol)
addr() { case $1 in alice) echo "$RA";; bob) echo "$RB";; carol) echo "$RC";; esac; }

send bob@x.test "$RB" lang-b 'SET LANG ja'
send carol@x.test "$RC" lang-c 'SET LANG zh'
serve

# HELP and a line that is no command: a help mail, and a receipt naming the line
ls $O >$T/before
send alice@x.test "$RA" help-a 'HELP\nDANCE badly'
# bob and carol ask too: the help mail's Spells and Events in ja and zh
send bob@x.test "$RB" help-b 'HELP'
send carol@x.test "$RC" help-c 'HELP'
serve
answer help alice@x.test help
says help "CHALLENGE bob"
answer receipt alice@x.test rcpt
says rcpt "NOT accepted, line 2: DANCE badly"
# and points to what to do now, not "send it again, corrected" (a line
# sent out of turn is no line to correct)
says rcpt "Nothing on this line was applied; see below for what the game asks now."
says rcpt "accepted, line 1: HELP"

# the host pauses and resumes: each player hears it in their language
ls $O >$T/before
expect 0 "admin pause" -- $M -C $D admin $G pause --why "a test"
serve
answer admin alice@x.test admin-a
says admin-a "The host paused the game: no move is taken and no deadline runs until it resumes. Why: a test"
answer admin bob@x.test admin-b
says admin-b "ホストからのお知らせ"
answer admin carol@x.test admin-c
says admin-c "主持人通知"
expect 0 "admin resume" -- $M -C $D admin $G resume --why "back"
serve

# a reminder to whoever chooses the first Dancer, 61 h on (12 h before 72 h)
first=$($MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
ls $O >$T/before
export MASQUED_NOW=$((T0 + 61 * 3600))
serve
answer reminder $first@x.test remind
says remind "DANCER"
# its paragraph fits the lines (in Japanese it ran to 94 columns; each
# language: test_refusal_lang)
narrow remind "===" "-- "

# bob's Mask and alice's, as alice reads their names (English)
mask_of() {
	$MREL -C $D view $G $1 --json | $PY -c '
import json, sys
v = json.load(sys.stdin)
print([p for p in v["players"] if p["name"] == sys.argv[1]][0]["mask"]["name"])' $1
}
BOBMASK=$(mask_of bob); ALICEMASK=$(mask_of alice)
[ -n "$BOBMASK" ] && [ -n "$ALICEMASK" ] || fail "no Masks"; ok

# the game: each round, the command the bot would send for whoever owes one
r=0
while ! $MREL -C $D view $G admin --json | grep -q '"phase": "over"'; do
	r=$((r + 1))
	[ $r -le 300 ] || fail "the game did not end in 300 rounds"
	for p in alice bob carol; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] && send $p@x.test "$(addr $p)" "r$r-$p" "$c"
	done
	serve
done
ok
expect 0 "masqued verify" -- $M -C $D verify $G
out_has "sound"

# every mail rendered, and went out
! grep -v ': pass: ' $LOG | grep -Eqi 'fail|cannot|error' ||
    fail "serve logged a failure: $(grep -v ': pass: ' $LOG | grep -Ei 'fail|cannot|error' | head -n 3)"; ok
[ -z "$(ls $D/spool | grep -v '^dead$')" ] && [ -z "$(ls $D/spool/dead 2>/dev/null)" ] ||
    fail "mail left in the spool: $(ls -R $D/spool)"; ok

# Each mail decoded into $T/all/NNN.{txt,html}; $T/all/index: NNN to kind
mkdir $T/all
$PY - $O $T/all "$G" "$BOBMASK" "$SEED" "$ALICEMASK" <<'EOF' || fail "the mails: see above"
import email, glob, html, json, os, re, sys
outbox, out, game, bobmask, seed, alicemask = sys.argv[1:]
marker = {'en': 'reply above this line', 'ja': 'この行より上に返信',
          'zh': '请在此行上方回复'}
def to_line(name):
    return ('to ' + name, name + ' さんへ', '致 ' + name)
bad, index, ends, seen_own_mask = [], [], {}, False
# A Guardian is known by its number: the card set names it in Japanese
# alone, and no English or Chinese mail may show that name (one a Chinese
# name holds, 魔女 in 魔女之书, cannot be told apart there)
cards = json.load(open('config/games/masquerade.json'))
zh_names = [o.get('name_zh', '') for l in cards.values() if isinstance(l, list)
            for c in l for o in (c, c.get('treasure') or {})]
ja_only = {'alice': [g['name_ja'] for g in cards['guardians']],
           'carol': [g['name_ja'] for g in cards['guardians']
                     if not any(g['name_ja'] in n for n in zh_names)]}
top_guardian = {'alice': 'Top Guardian: number', 'carol': '最上面的守护者（剩'}
guardian_seen = set()
for i, f in enumerate(sorted(glob.glob(outbox + '/*'))):
    m = email.message_from_binary_file(open(f, 'rb'))
    to = m['To'].split('@')[0]
    kind = m['X-Masqued-Mail']
    subject = str(email.header.make_header(email.header.decode_header(m['Subject'])))
    parts = {}
    for p in m.walk():
        k = {'text/plain': 'txt', 'text/html': 'html'}.get(p.get_content_type())
        if k:
            parts[k] = p.get_payload(decode=True).decode('utf-8')
    name = '%s/%03d' % (out, i)
    for k, t in parts.items():
        open(name + '.' + k, 'w').write(t)
    index.append('%03d %s %s' % (i, to, kind))
    what = '%s (%s to %s)' % (os.path.basename(f), kind, to)
    if set(parts) != {'txt', 'html'}:
        bad.append(what + ': not both a text and an HTML part')
        continue
    # the game's name in the reader's language, and its id
    if not any('[%s %s]' % (title, game) in subject
               for title in ('Masquerade', '仮面舞踏会', '假面舞会')):
        bad.append(what + ': the subject does not name the game: ' + subject)
    lines = parts['txt'].split('\n')
    if not any(w in lines[0] for w in marker.values()):
        bad.append(what + ': the first line is not the marker: ' + lines[0])
    if not any(w in lines[1] for w in to_line(to)):
        bad.append(what + ': not addressed to its reader: ' + lines[1])
    for k in parts:
        if '{{' in parts[k] or '}}' in parts[k]:
            bad.append(what + ': Mustache left in the ' + k + ' part')
    txt = ' '.join(parts['txt'].split())
    if kind == 'end':
        ends[to] = seed in txt and seed in parts['html']
    if to == 'alice' and kind != 'end' and alicemask in txt:
        seen_own_mask = True
    if to == 'alice' and kind != 'end':
        if bobmask in txt or bobmask in html.unescape(parts['html']):
            bad.append(what + ': alice reads bob\'s Mask, ' + bobmask)
        for secret in ('bob banked a Spell as a VP counter:',
                       'bob stole a Spell from carol:'):
            if secret in txt:
                bad.append(what + ': alice reads what bob holds: ' + secret)
        # bob's draws, one or told as one line ("bob drew 2 Spells."), with
        # or without their source ("(for winning the fight)"), name none
        if re.search(r'bob drew (a Spell|[0-9]+ Spells)( \([^)]*\))?:', txt):
            bad.append(what + ': alice reads the Spells bob drew')
    # the engine's words are phrased, never shown raw
    for word in ('vp_counters', 'events_prophesied', 'arena_wins', 'hand_full',
                 'deck_empty', 'no_guardian', 'cannot_challenge', 'no_life'):
        if word in txt:
            bad.append(what + ': a raw word in the text: ' + word)
    for name in ja_only.get(to, ()):
        if name in txt or name in html.unescape(parts['html']):
            bad.append(what + ': a Guardian by its Japanese name: ' + name)
    if to in top_guardian and top_guardian[to] in txt:
        guardian_seen.add(to)
    if 'revealed their Mask' in txt and to == 'alice' and 'bob revealed' in txt:
        bad.append(what + ': bob revealed his Mask: this seed no longer tests it')
if sorted(ends) != ['alice', 'bob', 'carol'] or not all(ends.values()):
    bad.append('the end mails do not all give the seed: %s' % ends)
if guardian_seen != set(top_guardian):
    bad.append('no mail to %s shows the top Guardian (the names check would see nothing)'
               % ' or '.join(sorted(set(top_guardian) - guardian_seen)))
if not seen_own_mask:
    bad.append('alice never reads her own Mask (the secrets check would see nothing)')
open(out + '/index', 'w').write('\n'.join(index) + '\n')
for b in bad[:10]:
    print('FAIL: ' + b, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
ok
# every kind a game of it sends, in each language
# the choices are offered with what each does: the free Dancers in the
# welcome, the Stages and the Orders when asked, in each language
f=$(grep " alice welcome" $T/all/index | cut -d' ' -f1)
grep -q "^  DANCER Blade Dancer       (power 3)" $T/all/$f.txt &&
    grep -q "^      +1 power in a challenge it starts" $T/all/$f.txt ||
    fail "alice's welcome does not offer the free Dancers with their powers"; ok
grep -q "At the end it scores 3 VP for 2 or more Treasures" $T/all/$f.txt ||
    fail "alice's Mask's condition is not a sentence"; ok
for w in "^      draw 2 Spells" "^      スペルを2枚引く" "^      抽 2 张咒语"; do
	grep -q "$w" $T/all/*.txt || fail "no Stage request says: $w"; ok
done
grep -h -A1 "^  ORDER [1-5]   " $T/all/*.txt | grep -q "^      " ||
    fail "no Order request says what an Order does"; ok
f=$(grep " alice end" $T/all/index | cut -d' ' -f1)
grep -q "^The game ended because the [A-Z]" $T/all/$f.txt ||
    fail "the end mail does not say why the game ended"; ok
# the scores are given in parts, and each player's parts make their total
# (the end mail gave the totals alone): a line "  NAME: N VP" (in ja/zh
# with ：), then a line "    V  ..." for each part
$PY - $T/all <<'EOF' || fail "the end mails' scores are not in parts that add up"
import re, sys
out = sys.argv[1]
bad = 0
for n, to, kind in (l.split() for l in open(out + '/index')):
    if kind != 'end':
        continue
    lines = open('%s/%s.txt' % (out, n), encoding='utf-8').read().split('\n')
    head = [i for i, l in enumerate(lines) if l.startswith('-- ')]
    scores = lines[head[1] + 1:head[2]]    # after the events, before the table
    found, who = [], None
    for l in scores + ['']:
        m = re.match(r'  (\S+?)(?: \(you\)|（あなた）|（你）)?[:：](\d+) VP$',
                     l.replace(': ', ':').replace('： ', '：'))
        p = re.match(r'    (\d+)  \S', l)
        if p and who:
            parts.append(int(p.group(1)))
            continue
        if who:
            found.append(who)
            if sum(parts) != total:
                print('%s: %s: parts %s do not make %d' % (n, who, parts, total),
                      file=sys.stderr)
                bad += 1
            who = None
        if m:
            who, total, parts = m.group(1), int(m.group(2)), []
    if len(found) != 3 or not any(l.startswith('    ') for l in scores):
        print('%s (to %s): scores in parts for %s' % (n, to, found), file=sys.stderr)
        bad += 1
sys.exit(1 if bad else 0)
EOF
ok
for k in welcome receipt help admin reminder end; do
	grep -q " $k\$" $T/all/index || fail "no $k mail"; ok
done
grep -q "^[0-9]* bob receipt" $T/all/index && grep -q "^[0-9]* carol receipt" $T/all/index ||
    fail "bob and carol got no receipts"; ok
# a receipt's PASS says what it declined (it said "nothing more for now"
# to a player who had passed up a bank or a challenge)
grep -l "accepted: Pass\|受け付けました：パス\|已接受：过" $T/all/*.txt >/dev/null ||
    fail "no receipt of a PASS"; ok
! grep -q "Pass: nothing more for now\|パス（今は何もしない）\|过（现在不再行动）" $T/all/*.txt ||
    fail "a receipt's PASS does not say what it declined: $(grep -h -m1 \
    "Pass: nothing more for now\|パス（今は何もしない）\|过（现在不再行动）" $T/all/*.txt)"; ok
# a player is told when their turn comes: a turn mail after another's move
for p in alice bob carol; do
	n=$(grep -c "^[0-9]* $p turn\$" $T/all/index)
	[ "$n" -ge 5 ] || fail "$p got $n turn mails: not told when their turn came"; ok
done
# ... with what the others did since their last move (alice reads English)
r=0
for f in $(grep "^[0-9]* alice turn\$" $T/all/index | cut -d' ' -f1); do
	sed -n '/^-- SINCE YOUR LAST MOVE/,/^$/p' $T/all/$f.txt | grep -Eq '^  (bob|carol) ' &&
	    r=$((r + 1))
done
[ $r -ge 3 ] || fail "alice's turn mails tell too little of bob's and carol's moves ($r)"; ok
f=$(grep " bob end" $T/all/index | cut -d' ' -f1)
grep -q "ゲーム終了" $T/all/$f.txt || fail "bob's end mail is not in Japanese"; ok
f=$(grep " carol end" $T/all/index | cut -d' ' -f1)
grep -q "游戏结束" $T/all/$f.txt || fail "carol's end mail is not in Chinese"; ok
# every text part fits 78 columns (a wide character takes two), but for
# the receipt's JSON, checked byte for byte; a single card's ability ran to
# 125 before the text part was wrapped whole (deco_wrap_text). No long
# token is let through: a hash of 64 hex digits fits on its own line under
# its label, and the checkpoint's signature (88 characters of base64, 92
# columns indented under "sig") goes on two lines of 44, as in the Red
# Death's mails (test_render)
$PY - $T/all/*.txt <<'EOF' || fail "a Masquerade mail has a line wider than 78 columns"
import sys, unicodedata
def cols(s):
    return sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in s)
bad = 0
for f in sys.argv[1:]:
    for l in open(f, encoding='utf-8').read().split('\n'):
        w = cols(l)
        if w > 78 and not l.lstrip()[:1] in ('{', '"'):
            print('%s: %d columns: %s' % (f, w, l), file=sys.stderr)
            bad += 1
sys.exit(1 if bad else 0)
EOF
ok
# the signature's two lines under "sig" are the checkpoint's, whole
$PY - $T/all/*.txt <<'EOF' || fail "a Masquerade mail's sig is not on two lines of 44"
import sys, re
n = 0
for f in sys.argv[1:]:
    m = re.search(r'\nsig\n    (\S+)\n    (\S+)\n', open(f, encoding='utf-8').read())
    if m is None:
        continue
    if len(m.group(1)) != 44 or len(m.group(2)) != 44:
        print('%s: sig lines of %d and %d' % (f, len(m.group(1)),
              len(m.group(2))), file=sys.stderr)
        sys.exit(1)
    n += 1
sys.exit(0 if n >= 3 else 1)
EOF
ok
# no Japanese or Chinese word is cut by the text part's wrap: it breaks
# between any two wide characters, and cut a katakana word ('パワー' /
# 'が上がります' hardly so), a verb ('残しまし' / 'た', '引' / 'く'), a
# Chinese word ('VP 标' / '记', '咒' / '语'). A break the wrap made (the
# next line's first word would have fitted on the line otherwise) is
# allowed only at a space; after a mark that ends a phrase (、。，：；！？」)
# or a closing ） not before a particle; or before an opening （「.
$PY - $T/all/*.txt <<'EOF' || fail "the wrap cut a Japanese or Chinese word"
import sys, unicodedata
def wide(c):
    return unicodedata.east_asian_width(c) in 'WF'
def cols(s):
    return sum(2 if wide(c) else 1 for c in s)
# the wrap's own rule (mail/deco_util.c): no line starts with these, none
# ends with those
NO_START = set('、。，．・：；？！）」』】〕〉》〗〙｝］ー々'
               'ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.;:!?)]}%')
NO_END = set('([{（「『【〔〈《〖〘［｛')
def first_group(s):	# what the wrap holds together at a line's start
    g = s[0]
    for c in s[1:]:
        if c == ' ' or (wide(c) and wide(g[-1]) and c not in NO_START and
                        g[-1] not in NO_END):
            break
        g += c
    return g
# the wrap goes on a line at its indent, or (a table's row) at the column
# after its last gap of two spaces: a deeper line with no such gap above it
# is a line of the template's own
def gap_at(a, depth):
    return any(a[i - 2:i] == '  ' and a[i] != ' ' and cols(a[:i]) == depth
               for i in range(2, len(a)))
bad = 0
for f in sys.argv[1:]:
    ls = open(f, encoding='utf-8').read().split('\n')
    for a, b in zip(ls, ls[1:]):
        bs = b.lstrip()
        if not a.strip() or not bs or len(b) - len(bs) < len(a) - len(a.lstrip()):
            continue    # not a continuation: it is no deeper
        if len(b) - len(bs) > len(a) - len(a.lstrip()) and \
                not gap_at(a, len(b) - len(bs)):
            continue    # deeper than a's own words: the template's line
        joined = wide(a[-1]) and wide(bs[0])
        if cols(a) + (0 if joined else 1) + cols(first_group(bs)) <= 78:
            continue    # a line break of the template's own
        cut = joined and not (a[-1] in '、。，：；！？」』' or
            (a[-1] == '）' and not '\u3041' <= bs[0] <= '\u309f') or
            bs[0] in '（「')
        # or a line of one or two wide characters left ('た。')
        cut = cut or (len(bs) <= 2 and any(wide(c) for c in bs))
        if cut:
            print('%s: a word cut: %s / %s' % (f, a.strip()[-12:], bs[:12]),
                  file=sys.stderr)
            bad += 1
sys.exit(1 if bad else 0)
EOF
ok
# no mail has two blank lines in a row (the receipt's JSON ends in a line
# end of its own, and the template gave it another blank line)
$PY - $T/all/*.txt <<'EOF' || fail "a Masquerade mail has two blank lines in a row"
import sys
bad = [f for f in sys.argv[1:] if '\n\n\n' in open(f, encoding='utf-8').read()]
for f in bad[:3]:
    print('%s: two blank lines in a row' % f, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
ok
# The wording a player reads: (a) in Chinese no space sets apart two
# Chinese words of the fight ("你 对 守护者", "alice 对 你": one stays
# between Chinese and a name, "你对 bob"); (b) an example PLAY of a fight
# or a Spell phase names only Spells the mail's own hand holds (it was
# "PLAY 狂想曲 PAY 进行曲 圆舞曲" to a player with no 圆舞曲); (c) a list of
# choices lines up its column by display width, a Chinese or Japanese
# character two columns ("DANCER 剑舞姬   （力量 3）" over "DANCER 吟游诗人
# （力量 2）"); (d) no two asides in a row ("（通常为 1）（剩 7 张）")
$PY - $T/all <<'EOF' || fail "a Masquerade mail's wording (above)"
import re, sys, unicodedata
out = sys.argv[1]
def cols(s):
    return sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in s)
bad, plays, fights = [], 0, 0
for n, to, kind in (l.split() for l in open(out + '/index')):
    t = open('%s/%s.txt' % (out, n), encoding='utf-8').read()
    lines = t.split('\n')
    what = '%s (%s to %s)' % (n, kind, to)
    m = re.search('.{0,8}(你 对|对 你|对 守护者).{0,8}', t)
    if m:
        bad.append(what + ': a space between Chinese words: ' + m.group(0))
    m = re.search('.{0,12}）（.{0,8}', t)
    if m:
        bad.append(what + ': two asides in a row: ' + m.group(0))
    hand = {a or b for a, b in
            re.findall(r'^\s+(?:\d+x (.+?) \(level|「(.+?)」×\d+)', t, re.M)}
    ex = False
    for l in lines:
        if l in ('For example:', '例：', '例如：'):
            ex = True
            continue
        if not l.strip():
            ex = False
        m = re.match(r'  PLAY (\S+)((?: PAY \S+(?: \S+)*?)?)(?: ON \S+)?'
                     r'(?: BANK (\S+))?$', l)
        if ex and m:
            plays += 1
            fights += ('REVEAL' in t or '战斗' in t or '戦い' in t)
            names = [m.group(1)] + m.group(2).split()[1:] + \
                ([m.group(3)] if m.group(3) else [])
            for w in names:
                if w not in hand:
                    bad.append('%s: the example "%s" names %s, not in the '
                               'hand %s' % (what, l.strip(), w, sorted(hand)))
    group = []
    for l in lines + ['']:
        m = re.match(r'(  (DANCER|STAGE|CHALLENGE|SWAP) .*?\S)   [(（]', l)
        if m and group and group[0][0] == m.group(2):
            group.append((m.group(2), cols(m.group(1))))
            continue
        if len(set(c for _, c in group)) > 1:
            bad.append('%s: the %s list is not in one column: %s' %
                       (what, group[0][0], group))
        group = [(m.group(2), cols(m.group(1)))] if m else []
if plays == 0 or fights == 0:
    bad.append('no example PLAY in a fight or Spell phase (the check would '
               'see nothing)')
for b in bad[:10]:
    print('FAIL: ' + b, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
ok
done_checks
