#!/usr/bin/python3
# make.py - writes the message templates of this folder (raw bytes,
# committed). tests/cli/test_mail.sh fills the placeholders: @TO@ (the
# player's real Reply-To address, read from the game's welcome mail),
# @BADTO@ (the same address with its tag altered) and @GAME@ (the game id).
# The huge messages (20 MB, 1,000 nested parts, a 100 KB header line) are
# built by the test itself rather than committed. Rerun only to change them.
import base64, os

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, data, crlf=True):
    if isinstance(data, str):
        data = data.encode('utf-8')
    if crlf:		# what arrives from a real MTA
        data = data.replace(b'\n', b'\r\n')
    with open(os.path.join(HERE, name), 'wb') as f:
        f.write(data)


def head(ct, cte=None, frm='Alice <alice@x.test>', to='@TO@', extra='',
         mid=None, name=''):
    h = ('From: ' + frm + '\n'
         'To: ' + to + '\n'
         'Subject: Re: [Masque @GAME@] 8:00 - welcome\n'
         'Message-ID: <' + (mid or name + '@x.test') + '>\n'
         'Date: Mon, 21 Sep 2026 14:20:00 +0000\n'
         'In-Reply-To: <@GAME@.0.1.welcome@masqued.invalid>\n' + extra +
         'MIME-Version: 1.0\n')
    if ct:
        h += 'Content-Type: ' + ct + '\n'
    if cte:
        h += 'Content-Transfer-Encoding: ' + cte + '\n'
    return (h + '\n').encode('utf-8')


QUOTE = ('\nOn Mon, 21 Sep 2026 at 14:13, masqued <game@masqued.invalid> '
         'wrote:\n> === masqued \u00b7 reply above this line ===\n'
         '> Reply with one line naming the room where your noble starts:\n'
         '>   PLACE blue       Blue\n>   PLACE black      Black\n')


def plain(name, charset, body, cte='8bit', **kw):
    b = body.encode(charset) if charset else body
    if cte == 'base64':
        b = base64.encodebytes(b)
    ct = 'text/plain; charset=' + charset if charset else 'text/plain'
    w(name + '.eml', head(ct, cte, name=name, **kw) + b, crlf=(cte != '8bit'))


# --- bad input: each must be answered (or dropped) and change no game -----

# Malformed MIME: a multipart whose boundary never appears, so there is no
# text part at all, only a truncated attachment.
w('bad_mime.eml', head('multipart/mixed; boundary="never-seen"', name='bad_mime') +
  b'--wrong-boundary\nContent-Type: application/octet-stream\n'
  b'Content-Transfer-Encoding: base64\n\nAAAA=\n--wrong-boundary')
# No charset on 8-bit text (Latin-1 bytes): decoded, not a command.
w('no_charset.eml', head('text/plain', '8bit', name='no_charset') +
  'Caf\u00e9 cr\u00e8me, s\'il vous pla\u00eet\n'.encode('latin-1'), crlf=False)
# A broken charset label (with an iconv suffix in it): decoded somehow,
# never passed to iconv as an instruction.
w('broken_charset.eml', head('text/plain; charset="utf-8//IGNORE\\"x"', '8bit',
  name='broken_charset') + 'Na\u00efve r\u00e9sum\u00e9\n'.encode('latin-1'),
  crlf=False)
# NUL bytes inside the words and lines.
w('nul.eml', head('text/plain; charset=utf-8', '8bit', name='nul') +
  b'Hel\0lo\0 there\n\0\0\n', crlf=False)
# Invalid UTF-8: a lone continuation byte, a truncated sequence, an overlong
# slash and a surrogate, in a body that claims UTF-8.
w('invalid_utf8.eml', head('text/plain; charset=utf-8', '8bit',
  name='invalid_utf8') + b'bad \x80 bytes \xe3\x81 here \xc0\xaf \xed\xa0\x80\n',
  crlf=False)
# A forged tag: the right game and seat, a tag that does not verify.
plain('forged_tag', 'utf-8', 'PLACE blue\n', to='@BADTO@')
# A valid tag from a sender who is not the seat's player.
plain('wrong_from', 'utf-8', 'PLACE blue\n', frm='Mallory <mallory@evil.test>')
# An auto-reply and a bounce, both sent to the player's reply address.
plain('auto_reply', 'utf-8', 'I am away until Monday.\nPLACE blue\n',
      extra='Auto-Submitted: auto-replied\n')
w('bounce.eml', head('multipart/report; report-type=delivery-status; '
  'boundary="R"', frm='Mail Delivery System <MAILER-DAEMON@x.test>',
  name='bounce', extra='Return-Path: <>\n') +
  b'--R\nContent-Type: text/plain\n\nThis message could not be delivered.\n'
  b'PLACE blue\n--R\nContent-Type: message/delivery-status\n\n'
  b'Reporting-MTA: dns; x.test\n\nFinal-Recipient: rfc822; alice@x.test\n'
  b'Action: failed\nStatus: 5.1.1\n--R--\n')
# No command at all: only the quoted mail under an attribution.
plain('no_command', 'utf-8', QUOTE.lstrip('\n'))
# An unknown command.
plain('unknown_command', 'utf-8', 'DANCE wildly\n' + QUOTE)

# --- valid replies: one in each charset, a command in ja, zh or en ---------
plain('iso2022jp', 'iso2022_jp', '配置 青\n' + QUOTE.replace('\u00b7', '-'),
      cte='7bit', extra='X-Charset: ISO-2022-JP\n')
w('iso2022jp.eml', open(os.path.join(HERE, 'iso2022jp.eml'), 'rb').read()
  .replace(b'charset=iso2022_jp', b'charset=ISO-2022-JP'), crlf=False)
plain('shift_jis', 'cp932', '配置　緑\n\n2026年9月21日(月) 14:13 masqued '
      '<game@masqued.invalid>:\n> ① 返信はこの行の上に\n', cte='base64')
w('shift_jis.eml', open(os.path.join(HERE, 'shift_jis.eml'), 'rb').read()
  .replace(b'charset=cp932', b'charset=Shift_JIS'), crlf=False)
plain('euc_jp', 'euc_jp', '配置 白\n' + QUOTE.replace('\u00b7', '-'), cte='base64')
w('euc_jp.eml', open(os.path.join(HERE, 'euc_jp.eml'), 'rb').read()
  .replace(b'charset=euc_jp', b'charset=EUC-JP'), crlf=False)
# GB2312 as labelled, GBK as written (镕 is not in GB2312).
plain('gbk', 'gbk', '放置 蓝\n\n在 2026-09-21 14:13:20，"masqued" '
      '<game@masqued.invalid> 写道：\n> 朱镕基\n')
w('gbk.eml', open(os.path.join(HERE, 'gbk.eml'), 'rb').read()
  .replace(b'charset=gbk', b'charset=GB2312'), crlf=False)
plain('gb18030', 'gb18030', '放置 绿\n\n在 2026-09-21 14:13:20，"masqued" '
      '<game@masqued.invalid> 写道：\n> \U00020000 \u9fa6\n', cte='base64')
w('gb18030.eml', open(os.path.join(HERE, 'gb18030.eml'), 'rb').read()
  .replace(b'charset=gb18030', b'charset=GB18030'), crlf=False)
plain('big5', 'big5', '放置 藍\n\n在 2026-09-21 14:13:20，"masqued" '
      '<game@masqued.invalid> 寫道：\n> 藍色房間\n', cte='base64')
w('big5.eml', open(os.path.join(HERE, 'big5.eml'), 'rb').read()
  .replace(b'charset=big5', b'charset=Big5'), crlf=False)
# --- the same with no charset, or one that says less than the bytes: the
# charset is guessed (mail/mime_guess.c), and the command read ------------
def unlabelled(name, codec, body, label=None, cte='8bit'):
    ct = 'text/plain; charset=' + label if label else 'text/plain'
    w(name + '.eml', head(ct, cte, name=name) + body.encode(codec), crlf=False)


JA_QUOTE = ('\n2026年9月21日(月) 14:13 masqued <game@masqued.invalid>:\n'
            '> 返信はこの行の上に書いてください\n')
ZH_QUOTE = ('\n在 2026-09-21 14:13:20，"masqued" <game@masqued.invalid> 写道：\n'
            '> 请在此行上方回复\n')
ZHT_QUOTE = ('\n在 2026-09-21 14:13:20，"masqued" <game@masqued.invalid> 寫道：\n'
             '> 請在此行上方回覆\n')
unlabelled('nolabel_shift_jis', 'cp932', '配置　緑\n' + JA_QUOTE)
unlabelled('nolabel_euc_jp', 'euc_jp', '配置 白\n' + JA_QUOTE)
unlabelled('nolabel_iso2022jp', 'iso2022_jp', '配置 青\n' + JA_QUOTE, cte='7bit')
unlabelled('nolabel_gbk', 'gbk', '放置 蓝\n' + ZH_QUOTE)
unlabelled('nolabel_big5', 'big5', '放置 藍\n' + ZHT_QUOTE)
unlabelled('utf8label_gbk', 'gbk', '放置 绿\n' + ZH_QUOTE, label='utf-8')
unlabelled('asciilabel_shift_jis', 'cp932', '配置 黒\n' + JA_QUOTE,
           label='us-ascii')
plain('latin1', 'latin-1', 'PLACE orange\n\n-- \nJos\u00e9 \u00c1lvarez, '
      'caf\u00e9 \u00ab\u00a0chez moi\u00a0\u00bb\n')
w('latin1.eml', open(os.path.join(HERE, 'latin1.eml'), 'rb').read()
  .replace(b'charset=latin-1', b'charset=ISO-8859-1'), crlf=False)
plain('cp1252', 'cp1252', 'PLACE violet\n\n-- \n\u201cCheers\u201d \u2014 '
      'Zo\u00eb\n')
w('cp1252.eml', open(os.path.join(HERE, 'cp1252.eml'), 'rb').read()
  .replace(b'charset=cp1252', b'charset=windows-1252'), crlf=False)
plain('utf8', 'utf-8', 'PLACE black\n' + QUOTE, cte='base64')

# --- quoting styles: each must yield exactly these commands ---------------
CMDS = 'PLACE purple\nPLAY jest\n'
VIEW = ('=== masqued \u00b7 reply above this line ===\n'
        'The Masque of the Red Death \u00b7 game @GAME@ \u00b7 8:00 \u00b7 to alice\n'
        '  PLACE blue       Blue\n  PLACE purple     Purple\n')
plain('gmail_top', 'utf-8', CMDS + '\nOn Mon, 21 Sep 2026 at 14:13, masqued '
      '<game@masqued.invalid> wrote:\n' +
      ''.join('> ' + l + '\n' for l in VIEW.splitlines()))
plain('outlook_block', 'utf-8', CMDS + '\n________________________________\n'
      'From: masqued <game@masqued.invalid>\nSent: Monday, September 21, 2026 '
      '2:13 PM\nTo: alice@x.test\nSubject: [Masque @GAME@] 8:00 - welcome\n\n'
      + VIEW)
plain('bottom_post', 'utf-8', 'On Mon, 21 Sep 2026 at 14:13, masqued '
      '<game@masqued.invalid> wrote:\n' +
      ''.join('> ' + l + '\n' for l in VIEW.splitlines()) + '\n' + CMDS +
      '\n-- \nAlice\n')
