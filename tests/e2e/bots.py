#!/usr/bin/python3
"""bots.py - the players of the end-to-end test, as five mail clients.

Each bot logs in over IMAP as its player, reads the mail that is new to it
(by UID), and when the game says it owes a move and it has mail it has not
answered, replies over SMTP to that mail's Reply-To, quoting it, the way a
real person's client would:

  alice  English, top-posting, text/plain UTF-8
  bob    Japanese words, top-posting, text/plain ISO-2022-JP (SET LANG ja)
  carol  Chinese words, top-posting, text/plain GB18030 (SET LANG zh)
  dave   English, bottom-posting under the quote, with a signature
  erin   English, HTML only, the quote in a blockquote

What to play comes from the daemon's own careful bot (`masqued bot GAME
PLAYER`, read-only), translated word by word for bob and carol. A bot
waits for the answer to its last reply (a receipt) before it writes again,
so it never sends the same move twice.

  bots.py play  STATE MASQUED DATA GAME ENVFILE TIMEOUT
  bots.py check STATE MASQUED DATA GAME ENVFILE DAEMONLOG

`play` returns when the game is over and every bot holds its end mail.
`check`: every mail in a player's Maildir is addressed to that player and
belongs to its seat, and the Message-IDs the daemon logged as sent for the
seat are exactly those in the box; every commitment a bot was shown is
opened by a reveal that recomputes (BLAKE2b-256 keyed by the salt over
"masqued-commit-v1\\n" + canonical JSON, as tests/verify_export.py does);
the seed and its salt in the end mail give the welcome mail's commitment;
each reply a bot sent is one command entry in the log, no more, no less.
Only the standard library: imaplib, smtplib, email.
"""
import email
import email.policy
import hashlib
import html
import imaplib
import json
import os
import re
import smtplib
import subprocess
import sys
import time
from email.header import Header
from email.mime.text import MIMEText
from email.utils import formataddr, formatdate, make_msgid

DOMAIN = "pbem.test"
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]
STYLE = {"alice": "top_en", "bob": "top_ja", "carol": "top_zh",
         "dave": "bottom_en", "erin": "html_en"}
LANG = {"bob": "ja", "carol": "zh"}
STALL = 90	# seconds without any mail moving: the game is stuck
MARKER = {"ja": "この行より上に返信してください", "zh": "请在此行上方回复"}
ANSWERS = ("receipt", "refused", "help")   # what answers a player's reply
KEYWORDS = {
    "PLAY": ("プレイ", "打出"), "MOVE": ("移動", "移动"),
    "PLAN": ("計画", "计划"), "PLACE": ("配置", "放置"),
    "TARGET": ("対象", "目标"), "SLOT": ("時刻", "时间"),
    "RECOVER": ("回収", "回收"), "cw": ("時計回り", "顺时针"),
    "ccw": ("反時計回り", "逆时针"), "stay": ("留まる", "停留"),
}


class Fail(Exception):
    pass


def say(*a):
    print("bots:", *a, flush=True)


def load_env(path):
    env = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.strip().partition("=")
            env[k] = v.strip("'")
    return env


def run(masqued, data, *args):
    p = subprocess.run([masqued, "-C", data] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def game_over(masqued, data, game):
    rc, out, err = run(masqued, data, "view", game, "admin", "--json")
    if rc != 0:
        raise Fail("view %s admin failed: %s" % (game, err.strip()))
    return json.loads(out).get("phase") == "over"


# --- words -----------------------------------------------------------------

def dictionary(lang):
    """English command words and ids -> lang's words."""
    i = 0 if lang == "ja" else 1
    words = {k: v[i] for k, v in KEYWORDS.items()}
    root = os.environ.get("MQ_ROOT", ".")
    with open(os.path.join(root, "config/games/redmasque.json"),
              encoding="utf-8") as f:
        gd = json.load(f)
    for lst in ("action_cards", "rooms"):
        for x in gd[lst]:
            words[x["id"]] = x["names"][lang]
    return words


def translate(lines, lang):
    if lang is None:
        return lines
    words = dictionary(lang)
    return [" ".join(words.get(w, w) for w in l.split()) for l in lines]


# --- reading mail ----------------------------------------------------------

def text_of(msg):
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def parse(raw):
    return email.message_from_bytes(raw, policy=email.policy.default)


class Bot:
    def __init__(self, name, state, env):
        self.name = name
        self.addr = "%s@%s" % (name, DOMAIN)
        self.env = env
        self.dir = os.path.join(state, name)
        os.makedirs(self.dir, exist_ok=True)
        self.mem = os.path.join(self.dir, "state.json")
        if os.path.exists(self.mem):
            with open(self.mem) as f:
                m = json.load(f)
        else:
            m = {"last_uid": 0, "mails": [], "answered": 0, "sent": {},
                 "langset": []}
        self.__dict__.update(m)

    def save(self):
        m = {k: getattr(self, k) for k in
             ("last_uid", "mails", "answered", "sent", "langset")}
        with open(self.mem + ".tmp", "w") as f:
            json.dump(m, f)
        os.replace(self.mem + ".tmp", self.mem)

    def disconnect(self):
        im, self.im = getattr(self, "im", None), None
        if im is None:
            return
        try:
            im.logout()
        except (imaplib.IMAP4.error, OSError):
            pass
        try:
            im.shutdown()
        except OSError:
            pass

    def fetch(self):
        """New mail over IMAP; False if the server is not there now. The
        session stays open from one call to the next, as a mail client's
        does (a login each time, five bots three times a second, was most
        of the test's CPU); a restarted server is logged into again."""
        try:
            if getattr(self, "im", None) is None:
                im = imaplib.IMAP4("127.0.0.1", int(self.env["IMAP_PORT"]),
                                   timeout=10)
                self.im = im
                im.login(self.addr, "secret")
                im.select("INBOX")
            else:
                im = self.im
                im.noop()	# the mailbox's news: what came since
            typ, d = im.uid("SEARCH", "UID", "%d:*" % (self.last_uid + 1))
            uids = sorted(int(u) for u in (d[0] or b"").split())
            for uid in uids:
                if uid <= self.last_uid:
                    continue	# n:* gives the last message even below n
                typ, d = im.uid("FETCH", str(uid), "(BODY.PEEK[])")
                raw = next(x[1] for x in d if isinstance(x, tuple))
                path = os.path.join(self.dir, "%06d.eml" % uid)
                with open(path, "wb") as f:
                    f.write(raw)
                m = parse(raw)
                self.mails.append({
                    "uid": uid, "file": path,
                    "kind": str(m.get("X-Masqued-Mail", "")),
                    "game": game_of(str(m.get("Message-ID", ""))),
                    "id": str(m.get("Message-ID", "")).strip(),
                })
                self.last_uid = uid
        except (imaplib.IMAP4.error, OSError, StopIteration):
            self.disconnect()
            return False
        if self.last_uid != getattr(self, "saved_uid", None):
            self.save()	# what came, this time or at a broken-off one
            self.saved_uid = self.last_uid
        return True

    def mails_of(self, game):
        return [m for m in self.mails if m["game"] == game]

    def outstanding(self, game):
        """Replies sent to game that have not been answered yet. Answers
        count by Message-ID: a mail server restarted mid-delivery may hand
        over the same answer twice."""
        answers = len({m["id"] for m in self.mails_of(game)
                       if m["kind"] in ANSWERS})
        return len(self.sent.get(game, [])) - answers

    # --- writing mail ---------------------------------------------------

    def reply(self, game, mail, cmds):
        orig = parse(open(mail["file"], "rb").read())
        to = str(orig["Reply-To"])
        lang = LANG.get(self.name)
        lines = translate(cmds, lang)
        if lang and game not in self.langset:	# once per game
            lines = ["SET LANG " + lang] + lines
        quoted = "\n".join("> " + l for l in text_of(orig).splitlines())
        date = str(orig.get("Date", ""))
        style = STYLE[self.name]
        if style == "top_en":
            body = "\n".join(lines) + "\n\nOn %s, masqued <game@%s> wrote:\n%s\n" % (
                date, DOMAIN, quoted)
            msg = MIMEText(body, "plain", "utf-8")
        elif style == "top_ja":
            body = "\n".join(lines) + "\n\n%s masqued のメッセージ:\n%s\n" % (
                date, quoted)
            # the quote may hold what JIS lacks; the commands must not
            "\n".join(lines).encode("iso2022_jp")
            body = body.encode("iso2022_jp", "replace").decode("iso2022_jp")
            msg = MIMEText(body, "plain", "iso-2022-jp")
        elif style == "top_zh":
            body = "\n".join(lines) + "\n\n在 %s，masqued 写道：\n%s\n" % (
                date, quoted)
            msg = MIMEText(body, "plain", "gb18030")
        elif style == "bottom_en":
            body = "On %s, masqued wrote:\n%s\n\n%s\n\n-- \nDave\n" % (
                date, quoted, "\n".join(lines))
            msg = MIMEText(body, "plain", "utf-8")
        else:
            qh = "<br>\n".join(html.escape(l) for l in text_of(orig).splitlines())
            body = ("<html><body>%s<br>\n<div class=\"gmail_quote\">On %s, "
                    "masqued wrote:<br>\n<blockquote>%s</blockquote></div>"
                    "</body></html>\n") % (
                "".join("<div>%s</div>\n" % html.escape(l) for l in lines),
                html.escape(date), qh)
            msg = MIMEText(body, "html", "utf-8")
        subject = str(orig.get("Subject", ""))
        msg["Subject"] = Header("Re: " + subject, "utf-8")
        msg["From"] = formataddr((self.name.capitalize(), self.addr))
        msg["To"] = to
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(self.name, DOMAIN)
        msg["In-Reply-To"] = str(orig["Message-ID"])
        msg["References"] = str(orig["Message-ID"])
        try:
            with smtplib.SMTP("127.0.0.1", int(self.env["SMTP_PORT"]),
                              timeout=10) as s:
                s.sendmail(self.addr, [to], msg.as_bytes())
        except (OSError, smtplib.SMTPException):
            return False	# the server is away: try again next round
        self.sent.setdefault(game, []).append(cmds)
        if lang and game not in self.langset:
            self.langset.append(game)
        self.save()
        return True


def game_of(msgid):
    m = re.match(r"<?([a-z2-7]{8})\.", msgid)
    return m.group(1) if m else ""


def play(state, masqued, data, game, envfile, timeout):
    env = load_env(envfile)
    bots = [Bot(p, state, env) for p in PLAYERS]
    try:
        play_rounds(bots, masqued, data, game, timeout)
    finally:
        for b in bots:
            b.disconnect()


def play_rounds(bots, masqued, data, game, timeout):
    deadline = time.time() + timeout
    replies = 0
    progress, last_change = None, time.time()
    over, seen = False, None
    idle = {}	# bot -> the mail count when it last had nothing to play
    while time.time() < deadline:
        for b in bots:
            b.fetch()
        # the game ends by a move, and a move brings mail: the daemon's
        # view of it is asked again only when some came
        mails = sum(len(b.mails) for b in bots)
        if mails != seen:
            over, seen = game_over(masqued, data, game), mails
        now = (replies, mails)
        if now != progress:
            progress, last_change = now, time.time()
        elif time.time() - last_change > STALL:
            raise Fail("game %s: no mail and no reply for %d seconds" % (
                game, STALL))
        for b in bots:
            mine = b.mails_of(game)
            if over or b.outstanding(game) > 0 or b.answered >= len(b.mails):
                continue
            # a seat with nothing to play asks again once mail has moved
            # (a move brings some): not three times a second while it waits
            if idle.get(b.name) == mails:
                continue
            rc, out, err = run(masqued, data, "bot", game, b.name)
            if rc != 0:
                raise Fail("masqued bot %s %s: %s" % (game, b.name, err.strip()))
            cmds = [l for l in out.splitlines() if l.strip()]
            if not cmds or not mine:
                idle[b.name] = mails
                continue
            n = len(b.mails)
            if b.reply(game, mine[-1], cmds):
                b.answered = n
                b.save()
                replies += 1
        if over and all(any(m["kind"] == "end" for m in b.mails_of(game))
                        for b in bots):
            say("game %s is over after %d replies" % (game, replies))
            return
        time.sleep(0.3)
    raise Fail("game %s did not end within %d seconds" % (game, timeout))


# --- checking ----------------------------------------------------------------

HEX = r"([0-9a-f]{64})"
# after the entry, which move it is ("(card)", "(your move)", "（移動）") and
# "(entered by the host)"; never "(PLACE green, shown at once)", whose comma
# leaves it out: a move shown at once has no reveal to check it by
RE_COMMIT = re.compile(r"^\s+([a-z0-9_-]+)(?:, entry |、エントリ |，条目 )(\d+)"
                       # a label may name a time: "(card for 8:20)"
                       r"(?:\s?[(（](?:[^)）,，、:：]|:(?=\d))*[)）]){0,2}"
                       r"(?::|：)\s*" + HEX + r"\s*$")
# a move the host entered: "bob (entry 42, entered by the host): PLAY dance"
RE_REVEAL = re.compile(r"^\s+([a-z0-9_-]+)\s?(?:\(entry |（エントリ |（条目 )(\d+)"
                       r"(?:(?:, |、|，)[^)）]*)?"
                       r"(?:\)|）)(?::|：)\s*(.+?)\s*$")
RE_ANY_COMMIT = re.compile(r"^\s+\S.*[:：]\s*" + HEX + r"\s*$")
RE_SHOWN = re.compile(r"[(（][^)）]*[,，、][^)）]*[)）]")
# a reveal's salt and commitment, under their labels (盐值, 承诺值 in Chinese;
# ソルト：, コミットメント： in Japanese, the hash joined from the next line)
RE_SALT = re.compile(r"^\s+(?:salt|盐值|ソルト[:：])\s+" + HEX + r"\s*$")
RE_CMT = re.compile(r"^\s+(?:commit|承诺值|コミットメント[:：])\s+" + HEX + r"\s*$")
# the end mail's seed and its salt, beside their labels or (a Japanese
# label, too wide for 78 columns beside a hash) under them, the label's
# colon then joined to the hash as for a commitment
RE_SEED = re.compile(r"^\s+(seed|seed salt|シード|シードのソルト|种子|种子的盐值)"
                     r"[:：]?\s+" + HEX + r"\s*$")
# the welcome's seed commitment, under its label
RE_WELCOME = re.compile(r"^\s+(?:seed commitment|シードのコミットメント|种子承诺值)"
                        r"[:：]?\s+" + HEX + r"\s*$")
# a hash under a label that is no player's commitment: the receipt's own
# commitment, the welcome's seed commitment and server key, the end mail's
# seed, its salt and commitment
RE_LABELLED = re.compile(r"^\s+(?:commitment|コミットメント|承诺值|"
                         r"seed commitment|シードのコミットメント|种子承诺值|"
                         r"server key|サーバー鍵|服务器公钥|"
                         r"シード|シードのソルト|ソルト)[:：]\s*" + HEX + r"\s*$")


def canon(v):
    # jansson's JSON_COMPACT | JSON_SORT_KEYS; our strings are plain text
    return json.dumps(v, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def blake(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).hexdigest()


def commit_of(salt, text, game, player, seq):
    msg = canon({"command": text, "game": game, "player": player, "seq": seq})
    return blake(b"masqued-commit-v1\n" + msg.encode("utf-8"),
                 key=bytes.fromhex(salt))


class Checks:
    n = 0

    def ok(self, cond, what):
        if not cond:
            raise Fail(what)
        self.n += 1


def check_commitments(c, b, game):
    shown, reveals, seed, welcome = set(), {}, {}, None
    for m in b.mails_of(game):
        t = text_of(parse(open(m["file"], "rb").read())).splitlines()
        # a label too wide for 78 columns beside its hash (a Japanese
        # reveal's ソルト：, コミットメント：) has the hash on the next line:
        # joined first, as the reveal's three lines are read together
        j = []
        for line in t:
            if (j and re.search(r"[:：]\s*$", j[-1])
                    and re.fullmatch(r"\s+" + HEX + r"\s*", line)):
                j[-1] = j[-1].rstrip() + " " + line.strip()
            else:
                j.append(line)
        t = j
        for i, line in enumerate(t):
            # a line too long for 78 columns (a Japanese kind label) puts
            # the commitment, whole, on the next line
            if (re.search(r"[:：]\s*$", line) and i + 1 < len(t)
                    and re.fullmatch(r"\s+" + HEX + r"\s*", t[i + 1])):
                line = line.rstrip() + " " + t[i + 1].strip()
            x = RE_COMMIT.match(line)
            if x:
                shown.add((x.group(1), int(x.group(2)), x.group(3)))
            # any other line that ends in a commitment after its colon is
            # a move shown at once ("(PLACE green, shown at once)"): one
            # that is not means RE_COMMIT no longer reads the mails
            elif RE_ANY_COMMIT.match(line) and not RE_LABELLED.match(line):
                c.ok(RE_SHOWN.search(line) is not None, "%s: a commitment "
                     "line RE_COMMIT does not read: %s" % (b.name, line))
            x = RE_REVEAL.match(line)
            if x and i + 2 < len(t):
                s, k = RE_SALT.match(t[i + 1]), RE_CMT.match(t[i + 2])
                if s and k:
                    key = (x.group(1), int(x.group(2)), k.group(1))
                    reveals[key] = (x.group(3), s.group(1))
            if m["kind"] == "end":
                x = RE_SEED.match(line)
                if x:
                    seed["salt" if " " in x.group(1) or "の" in x.group(1)
                         or "盐" in x.group(1) else "seed"] = x.group(2)
            if m["kind"] == "welcome":
                x = RE_WELCOME.match(line)
                if x:
                    welcome = x.group(1)
    c.ok(welcome is not None, "%s: no seed commitment in the welcome mail" % b.name)
    c.ok("seed" in seed and "salt" in seed,
         "%s: the end mail does not show the seed and its salt" % b.name)
    c.ok(blake(bytes.fromhex(seed["seed"]) + bytes.fromhex(seed["salt"])) == welcome,
         "%s: BLAKE2b-256(seed ‖ salt) is not the welcome mail's commitment" % b.name)
    # The Masquerade has no secret moves: nothing to commit to but the seed
    if os.environ.get("E2E_NO_COMMITMENTS") != "1":
        c.ok(len(shown) > 0, "%s: was shown no commitment at all" % b.name)
    for key in sorted(shown):
        c.ok(key in reveals, "%s: the commitment %s of %s, entry %d, was "
             "never opened" % (b.name, key[2], key[0], key[1]))
    for (player, seq, commit), (text, salt) in sorted(reveals.items()):
        c.ok(commit_of(salt, text, game, player, seq) == commit,
             "%s: the reveal of %s, entry %d (%s) does not match its "
             "commitment" % (b.name, player, seq, text))
    return len(shown), len(reveals)


RE_SENT = re.compile(r"^masqued [0-9-]+ [0-9:]+: sent ([a-z2-7]{8})-(\d+)-(\d+)-([a-z_]+) to (\S+)$")
RE_MSGID = re.compile(r"^<([a-z2-7]{8})\.(\d+)\.(\d+)\.([a-z_]+)@" +
                      re.escape(DOMAIN) + r">$")


def check_boxes(c, env, game, daemonlog):
    sent = {}	# seat -> [msgid]
    with open(daemonlog, errors="replace") as f:
        for line in f:
            x = RE_SENT.match(line.strip())
            if x and x.group(1) == game:
                seat = int(x.group(3))
                c.ok(x.group(5) == "%s@%s" % (PLAYERS[seat], DOMAIN),
                     "the daemon sent %s's mail to %s" % (PLAYERS[seat], x.group(5)))
                sent.setdefault(seat, []).append("<%s.%d.%d.%s@%s>" % (
                    game, seat, int(x.group(2)), x.group(4), DOMAIN))
    for seat, name in enumerate(PLAYERS):
        box = os.path.join(env["MAIL_ROOT"], name, "Maildir")
        got = []
        for sub in ("new", "cur"):
            for fn in os.listdir(os.path.join(box, sub)):
                raw = open(os.path.join(box, sub, fn), "rb").read()
                m = parse(raw)
                mid = str(m.get("Message-ID", "")).strip()
                # OpenSMTPD stopped mid-transfer may, once back, deliver an
                # empty message of its own: its delivery headers and nothing
                # else, or an empty file (it never came over SMTP: no such
                # size in its log). Only once the test has stopped it (the
                # stub stays in the box for the later games' checks), and
                # only that shape.
                if (os.environ.get("E2E_MTA_STUBS") == "1" and not mid and
                        set(k.lower() for k in m.keys()) <=
                        {"return-path", "delivered-to"} and
                        not m.get_payload().strip()):
                    print("bots: %s's box holds an empty message the restarted "
                          "server made (%d bytes); not the game's, ignored"
                          % (name, len(raw)))
                    continue
                x = RE_MSGID.match(mid)
                c.ok(x is not None, "%s's box holds a mail that is not the "
                     "game's: Message-ID %s" % (name, mid))
                c.ok(m["To"].addresses[0].addr_spec == "%s@%s" % (name, DOMAIN),
                     "%s's box holds a mail to %s" % (name, m["To"]))
                c.ok(int(x.group(2)) == seat, "%s's box holds %s, meant for "
                     "seat %s" % (name, mid, x.group(2)))
                if x.group(1) == game:
                    got.append(mid)
        mine = sent.get(seat, [])
        c.ok(len(mine) > 0, "the daemon logged no mail sent to %s" % name)
        c.ok(len(set(mine)) == len(mine), "the daemon sent a mail to %s twice" % name)
        # OpenSMTPD, stopped mid-delivery, delivers its queue again when it
        # is back (at least once, as mail servers do): in the game whose
        # server went away, a mail the daemon sent once may arrive twice.
        if os.environ.get("E2E_MTA_RESTARTED") == "1":
            twice = [m for m in set(got) if got.count(m) > 1]
            c.ok(all(got.count(m) == 2 for m in twice) and len(twice) <= 5,
                 "%s received mails more than twice, or too many twice: %s" %
                 (name, twice[:5]))
            if twice:
                print("bots: %s got %d mail(s) twice from the restarted server"
                      % (name, len(twice)))
        else:
            c.ok(len(set(got)) == len(got), "%s received a mail twice" % name)
        c.ok(sorted(set(got)) == sorted(mine), "%s's box (%d mails) differs from "
             "what the daemon sent (%d): missing %s, extra %s" % (
                 name, len(got), len(mine), sorted(set(mine) - set(got))[:5],
                 sorted(set(got) - set(mine))[:5]))
    return sum(len(v) for v in sent.values())


def check(state, masqued, data, game, envfile, daemonlog):
    env = load_env(envfile)
    c = Checks()
    total = check_boxes(c, env, game, daemonlog)
    rc, out, err = run(masqued, data, "log", game, "--json")
    c.ok(rc == 0, "masqued log %s: %s" % (game, err.strip()))
    entries = [json.loads(l) for l in out.splitlines() if l.strip()]
    for name in PLAYERS:
        b = Bot(name, state, env)
        # what came after the end mail the bot stopped at: the server may
        # deliver the last reply's receipt after it (check_boxes has seen
        # every mail in its box by now)
        b.fetch()
        b.disconnect()
        ns, nr = check_commitments(c, b, game)
        mine = [e for e in entries if e.get("type") == "command" and
                e.get("player") == name]
        c.ok(len(mine) == len(b.sent.get(game, [])),
             "%s sent %d replies, the log holds %d command entries of it" % (
                 name, len(b.sent.get(game, [])), len(mine)))
        for e, cmds in zip(mine, b.sent.get(game, [])):
            # each reply, whatever its language or form, is exactly the
            # moves the bot meant, in order
            got = [x.get("text") for x in e.get("commands", [])]
            c.ok(got == cmds, "%s meant %s, entry %d holds %s" % (
                name, cmds, e.get("seq"), got))
        c.ok(b.outstanding(game) == 0, "%s: a reply was never answered" % name)
        if name in LANG:	# SET LANG took: the last mail is in their language
            end = [m for m in b.mails_of(game) if m["kind"] == "end"]
            text = text_of(parse(open(end[-1]["file"], "rb").read()))
            c.ok(MARKER[LANG[name]] in text, "%s's end mail is not in %s" % (
                name, LANG[name]))
        say("%s: %d mails, %d replies, %d commitments all opened by %d reveals"
            % (name, len(b.mails_of(game)), len(mine), ns, nr))
    say("game %s: %d mails sent, each in its player's box only" % (game, total))
    return c.n


def main(argv):
    try:
        if len(argv) == 8 and argv[1] == "play":
            play(argv[2], argv[3], argv[4], argv[5], argv[6], int(argv[7]))
            return 0
        if len(argv) == 8 and argv[1] == "check":
            n = check(*argv[2:8])
            print("checks %d" % n)
            return 0
    except Fail as e:
        print("bots: FAIL: %s" % e, file=sys.stderr)
        return 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
