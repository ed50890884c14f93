#!/usr/bin/python3
# make.py - writes the test messages of this folder (raw bytes, committed).
# Rerun only to change them: tests/unit/test_mime_in.c asserts their text.
import base64, os, quopri

HERE = os.path.dirname(os.path.abspath(__file__))


def w(name, data, crlf=False):
    if isinstance(data, str):
        data = data.encode('utf-8')
    if crlf:
        data = data.replace(b'\n', b'\r\n')
    with open(os.path.join(HERE, name), 'wb') as f:
        f.write(data)


def head(ct, cte=None, extra=''):
    h = ('From: Alice Example <Alice@Example.org>\n'
         'To: game+abcdefgh.1.tag@pbem.test\n'
         'Subject: Re: move\n'
         'Message-ID: <m1@example.org>\n'
         'Date: Thu, 01 Jan 2026 10:00:00 +0000\n'
         'MIME-Version: 1.0\n' + extra +
         'Content-Type: ' + ct + '\n')
    if cte:
        h += 'Content-Transfer-Encoding: ' + cte + '\n'
    return (h + '\n').encode('ascii')


# --- charsets: one text/plain message each --------------------------------
JA = 'PLAY 脅迫 TARGET carol\n了解しました。\n'
w('iso2022jp.eml',
  head('text/plain; charset=ISO-2022-JP', '7bit',
       'X-Note: subject in ISO-2022-JP\n').replace(
      b'Subject: Re: move',
      b'Subject: =?ISO-2022-JP?B?' +
      base64.b64encode('日本語の件名'.encode('iso2022_jp')) + b'?=') +
  JA.encode('iso2022_jp'))
w('sjis_cp932.eml',
  head('text/plain; charset=Shift_JIS', '8bit') +
  'PLAY 脅迫 ① 12:00～12:30\n'.encode('cp932'))
w('eucjp.eml',
  head('text/plain; charset=EUC-JP', 'base64') +
  base64.encodebytes(JA.encode('euc_jp')))
w('gb2312_gbk.eml',
  head('text/plain; charset=gb2312', '8bit') +
  '朱镕基说：移动 cw\n'.encode('gbk'))
w('gb18030.eml',
  head('text/plain; charset=GB18030', 'base64') +
  base64.encodebytes('简体中文 😀 €\n'.encode('gb18030')))
w('big5.eml',
  head('text/plain; charset=big5', '8bit') +
  '繁體中文測試：移動\n'.encode('big5'))
w('latin1_smart.eml',
  head('text/plain; charset=iso-8859-1', 'quoted-printable') +
  quopri.encodestring('\u201cCaf\u00e9\u201d \u2013 it\u2019s fine\u2026\n'
                      .encode('cp1252')))
w('iso885915.eml',
  head('text/plain; charset="ISO-8859-15"', '8bit') +
  'Prix : 5 \u20ac, \u0153uvre\n'.encode('iso8859_15'))
w('usascii_8bit.eml',
  head('text/plain; charset=us-ascii', '8bit') +
  'Don\u2019t\n'.encode('cp1252'))

# --- transfer encodings and structure --------------------------------------
w('utf8_qp.eml',
  head('text/plain; charset=utf-8', 'quoted-printable') +
  quopri.encodestring(('MOVE cw\nこれはとても長い行です。' * 3 + '\n')
                      .encode('utf-8')), crlf=True)
w('utf8_base64.eml',
  head('text/plain; charset=UTF-8', 'base64') +
  base64.encodebytes('PLACE green\n好的\n'.encode('utf-8')))
w('alternative.eml', head('multipart/alternative; boundary="ALT"') + b'''\
This is a multi-part message.

--ALT
Content-Type: text/plain; charset=utf-8

PLAY jest TARGET bob
--ALT
Content-Type: text/html; charset=utf-8

<p>PLAY <b>html</b></p>
--ALT--
''')
w('html_first.eml', head('multipart/alternative; boundary="ALT"') + b'''\
--ALT
Content-Type: text/html; charset=utf-8

<p>from html</p>
--ALT
Content-Type: text/plain; charset=utf-8

from plain
--ALT--
''')
w('mixed_attachment.eml', head('multipart/mixed; boundary="MIX"') + b'''\
--MIX
Content-Type: text/plain; charset=utf-8; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

attached notes, not commands
--MIX
Content-Type: multipart/alternative; boundary="ALT"

--ALT
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

MOVE ccw =E2=86=BA
--ALT
Content-Type: text/html; charset=utf-8

<p>MOVE ccw</p>
--ALT--

--MIX
Content-Type: image/png; name="a.png"
Content-Disposition: attachment; filename="a.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--MIX--
''')
# Apple Mail: text, a picture, more text (as an alternative), HTML after
# another picture; every run of text is read, in order.
w('apple_inline.eml', head('multipart/mixed; boundary="Apple-Mail=_1"') + b'''\
--Apple-Mail=_1
Content-Transfer-Encoding: 7bit
Content-Type: text/plain;
	charset=us-ascii

MOVE cw

--Apple-Mail=_1
Content-Disposition: inline;
	filename=IMG_0001.png
Content-Type: image/png;
	x-unix-mode=0644;
	name="IMG_0001.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--Apple-Mail=_1
Content-Type: multipart/alternative; boundary="Apple-Mail=_2"

--Apple-Mail=_2
Content-Type: text/plain; charset=utf-8; format=flowed
Content-Transfer-Encoding: quoted-printable

PLAY jest =E2=98=BA
--Apple-Mail=_2
Content-Type: text/html; charset=utf-8

<html><body><div>PLAY html</div></body></html>
--Apple-Mail=_2--

--Apple-Mail=_1
Content-Disposition: inline;
	filename=IMG_0002.png
Content-Type: image/png; name="IMG_0002.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--Apple-Mail=_1
Content-Transfer-Encoding: quoted-printable
Content-Type: text/html;
	charset=utf-8

<html><body><div>STATUS</div><div><br><blockquote type=3D"cite">MOVE ccw</b=
lockquote></div></body></html>
--Apple-Mail=_1--
''')
# A multipart/mixed of the text and an HTML copy of it side by side, not a
# multipart/alternative (some mailers): the copy is left out, its quote in
# a <blockquote> where the text quotes with ">", its lines in <div>s.
w('mixed_html_copy.eml', head('multipart/mixed; boundary="mix"') + b'''\
--mix
Content-Type: text/plain; charset=utf-8; format=flowed
Content-Transfer-Encoding: quoted-printable

MASQUERADE =E2=98=BA
PLAY jest

On 1 Jan 2026, at 10:00, masqued <game@pbem.test> wrote:

> MOVE ccw

--mix
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<html><body><div>MASQUERADE&nbsp;=E2=98=BA</div><div>PLAY  jest</div><div><=
br></div><div>On 1 Jan 2026, at 10:00, masqued &lt;game@pbem.test&gt; wrote=
:</div><blockquote type=3D"cite">MOVE ccw</blockquote></body></html>
--mix--
''')
# As mutt with a signature file, or a list's footer, sends it: the text,
# the signature as a text/plain part of its own, then an HTML copy of the
# text, all in one multipart/mixed. The copy is not beside the text.
w('mixed_html_copy_apart.eml', head('multipart/mixed; boundary="=-sig"') + b'''\
--=-sig
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

PLAY jest TARGET carol
MOVE cw

On Thu, 1 Jan 2026 at 10:00, masqued <game@pbem.test> wrote:
> The masque: round 2. Choose your card.

--=-sig
Content-Type: text/plain; charset=utf-8
Content-Disposition: inline
Content-Transfer-Encoding: quoted-printable

--=20
Alice =E2=80=94 sent from the train

--=-sig
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<html><body><div>PLAY jest TARGET carol</div><div>MOVE cw</div><div><br></d=
iv><div>On Thu, 1 Jan 2026 at 10:00, masqued &lt;game@pbem.test&gt; wrote:<=
/div><blockquote type=3D"cite">The masque: round 2. Choose your card.</bloc=
kquote></body></html>
--=-sig--
''')
w('html_gmail.eml', head('text/html; charset=UTF-8', 'quoted-printable') + b'''\
<div dir=3D"ltr"><div>PLAY jest TARGET carol</div><div>MOVE cw</div><div><=
br></div></div><br><div class=3D"gmail_quote gmail_quote_container"><div di=
r=3D"ltr" class=3D"gmail_attr">On Thu, 1 Jan 2026 at 10:00, masqued &lt;gam=
e@pbem.test&gt; wrote:<br></div><blockquote class=3D"gmail_quote" style=3D"=
margin:0px"><div>PLAY threaten</div></blockquote></div>
''')
w('html_outlook.eml', head('text/html; charset="iso-8859-1"', 'quoted-printable') + b'''\
<html><head>
<meta http-equiv=3D"Content-Type" content=3D"text/html; charset=3Diso-8859-=
1">
<style type=3D"text/css" style=3D"display:none;"> P {margin-top:0;margin-bo=
ttom:0;} </style>
</head>
<body dir=3D"ltr">
<div style=3D"font-family: Calibri">PLAC&Eacute; green &amp; MOVE&nbsp;cw</=
div>
<div style=3D"font-family: Calibri">Caf=E9 &#8212; &#x263A;</div>
<div id=3D"appendonsend"></div>
<hr style=3D"display:inline-block;width:98%" tabindex=3D"-1">
<div id=3D"divRplyFwdMsg" dir=3D"ltr"><font face=3D"Calibri"><b>From:</b> =
masqued &lt;game@pbem.test&gt;<br><b>Sent:</b> Thursday</font></div>
<div>PLAY threaten</div>
</body></html>
''')
w('html_blockquote.eml', head('text/html; charset=utf-8') + b'''\
<html><body>
<p>MOVE stay<br>PLAN cw stay ccw cw stay stay</p>
<p>On 1 Jan 2026, at 10:00, masqued wrote:</p>
<blockquote type="cite"><div>PLAY threaten</div>
<blockquote><div>nested</div></blockquote><div>still quoted</div></blockquote>
<p>Thanks &lt;3</p>
</body></html>
''')

# format=flowed (RFC 3676): Thunderbird wraps a long line with a trailing
# space; Apple Mail, with delsp=yes, at a space it deletes (or none, in CJK).
w('flowed.eml', head('text/plain; charset=UTF-8; format=flowed', '7bit') + b'''\
PLAY swindle TARGET bob carol dave erin frank grace heidi ivan SLOT \r
12:10 12:40\r
MOVE cw\r
 From here, stuffed \r
\r
On 1/1/26 10:00, masqued wrote:\r
> PLAY threaten TARGET carol \r
> SLOT 12:30\r
>> deeper \r
> back\r
-- \r
Alice\r
''')
w('flowed_delsp.eml',
  head('text/plain; charset=utf-8; format="Flowed"; DelSp="yes"', '8bit') +
  'PLAY threaten TARGET bob  \nSLOT 12:30\n出す 嚇 \n唬 対象 carol\n'.encode())
w('fixed_trailing_space.eml', head('text/plain; charset=utf-8', '7bit') +
  b'PLAY jest \nMOVE cw\n')

# --- charset labels and bytes ---------------------------------------------
w('no_charset_utf8.eml', head('text/plain') + 'MOVE cw — ok\n'.encode())
w('no_charset_latin.eml', head('text/plain') + 'caf\u00e9 \u201cok\u201d\n'.encode('cp1252'))
w('no_content_type.eml',
  b'From: bob@example.org\nSubject: plain\n\nMOVE stay\n')
w('broken_charset.eml', head('text/plain; charset="x-broken//TRANSLIT"') +
  'na\u00efve\n'.encode('cp1252'))
w('unknown_charset_utf8.eml', head('text/plain; charset=klingon-8') +
  'ok ✓\n'.encode())
w('bom.eml', head('text/plain; charset=utf-8') + b'\xef\xbb\xbfPLAY jest\n')
w('bom_latin_label.eml', head('text/plain; charset=iso-8859-1') +
  b'\xef\xbb\xbf\xe5\xa5\xbd\n')
w('nul.eml', head('text/plain; charset=utf-8') + b'PLAY\x00 jest\x00\nMOVE cw\n')
w('invalid_utf8.eml', head('text/plain; charset=utf-8') +
  b'a\xffb\xc3c\xe3\x81d\xc0\xafe\xed\xa0\x80f\n')
w('cr_only.eml', head('text/plain; charset=utf-8') + b'one\rtwo\r\nthree\n')

# --- malformed MIME -------------------------------------------------------
w('no_boundary.eml', head('multipart/mixed') + b'''\
--XYZ
Content-Type: text/plain

lost part
--XYZ--
''')
w('truncated.eml', head('multipart/mixed; boundary="T"') + b'''\
--T
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

MOVE cw
PLAY ja=E3=81=''')
w('no_text.eml', head('multipart/mixed; boundary="N"') + b'''\
--N
Content-Type: image/png
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--N--
''')
w('headers_only.eml', b'From: a@b.example\nSubject: hi\n')

# --- headers, auto-replies, bounces ---------------------------------------
w('headers.eml', b'''\
Return-Path: <alice@example.org>
Delivered-To: Game+ABCDEFGH.2.tag@pbem.test
X-Original-To: game+abcdefgh.2.tag@pbem.test
From: =?UTF-8?B?5bGx55Sw?= =?UTF-8?B?5aSq6YOO?= <Taro.Yamada@Example.JP>
To: "Game, Server" <GAME+abcdefgh.2.tag@pbem.test>, other@example.org
Cc: group: x@example.org, y@example.org;, other@example.org
Subject: =?UTF-8?Q?Re:_[Masque_g7f3]_9:20_=E2=80=94_?=
 =?UTF-8?B?6KGM5YuV44KS6YG444KT44Gn?=
Message-ID: <CAF=abc.123@mail.example.jp>
In-Reply-To: <m-prev@pbem.test> (comment)
References: <m-first@pbem.test> <m-prev@pbem.test>
Date: Thu, 01 Jan 2026 10:00:00 +0900
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

MOVE cw
''')


def auto(name, extra, subject='Re: move'):
    w(name, head('text/plain; charset=utf-8', None, extra)
      .replace(b'Subject: Re: move', b'Subject: ' + subject.encode()) +
      b'I am away.\n')


auto('auto_submitted.eml', 'Auto-Submitted: auto-replied\n')
auto('auto_submitted_no.eml', 'Auto-Submitted: no\n')
auto('precedence_bulk.eml', 'Precedence: bulk\n')
auto('precedence_list.eml', 'Precedence: LIST\n')
auto('x_autoreply.eml', 'X-Autoreply: yes\n')
auto('x_autorespond.eml', 'X-Autorespond: yes\n')
auto('vacation_subject.eml', '', 'Automatic reply: [Masque g7f3] 9:20')
auto('vacation_subject_ja.eml', '', '=?UTF-8?B?' + base64.b64encode(
    '自動応答: 不在です'.encode()).decode() + '?=')

w('bounce_report.eml', b'''\
Return-Path: <>
From: Mail Delivery System <MAILER-DAEMON@mx.pbem.test>
To: game@pbem.test
Subject: Undelivered Mail Returned to Sender
Message-ID: <b1@mx.pbem.test>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="R"

--R
Content-Type: text/plain; charset=us-ascii

The mail system could not deliver your message.
--R
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.pbem.test

Final-Recipient: rfc822; gone@example.org
Action: failed
Status: 5.1.1
--R
Content-Type: message/rfc822

From: game@pbem.test
To: gone@example.org
Subject: [Masque g7f3] 9:20

PLAY in the original
--R--
''')
# OpenSMTPD 6.8's bounce, as Dovecot serves it from the Maildir: a
# multipart/mixed (not a report) with the delivery-status inside, and no
# Return-Path.
w('bounce_opensmtpd.eml', b'''\
Delivered-To: game@pbem.test
Received: from vm (vm [local])
	by vm (OpenSMTPD) with ESMTPA id 2602ca15
	for <game@pbem.test>;
	Sun, 6 Dec 2026 08:20:11 +0000 (UTC)
Subject: Delivery status notification: failed
From: Mailer Daemon <MAILER-DAEMON@vm>
To: game@pbem.test
Date: Sun, 6 Dec 2026 08:20:11 +0000 (UTC)
MIME-Version: 1.0
Content-Type: multipart/mixed;boundary="10767232013593342631/vm"
Message-ID: <8844eac64ecd13b2@vm>

This is a MIME-encapsulated message.

--10767232013593342631/vm
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

    Hi!

    This is the MAILER-DAEMON, please DO NOT REPLY to this email.

    An error has occurred while attempting to deliver a message for
    the following list of recipients:

erin@gone.test: exited abnormally

    Below is a copy of the original message:

--10767232013593342631/vm
Content-Description: Delivery Report
Content-Type: message/delivery-status

Reporting-MTA: dns; vm

Final-Recipient: rfc822; erin@gone.test
Action: failed
Status: 5.3.0

--10767232013593342631/vm
Content-Description: Message headers
Content-Type: text/rfc822-headers

From: The Masque <game@pbem.test>
To: erin@gone.test
Subject: [Masque 6arqh7zf] 9:20 - welcome

--10767232013593342631/vm--
''')
w('bounce_postmaster.eml', b'''\
Return-Path: <>
From: postmaster@example.org
To: game@pbem.test
Subject: Delivery failure

Your message could not be delivered.
''')
w('not_bounce_postmaster.eml', b'''\
Return-Path: <postmaster@example.org>
From: postmaster@example.org
To: game@pbem.test
Subject: Question

Hello.
''')
