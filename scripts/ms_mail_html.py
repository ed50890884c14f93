#!/usr/bin/env python3
"""ms_mail_html.py - the HTML twins of The Masquerade's text templates.

    python3 scripts/ms_mail_html.py templates/LANG/masquerade ...

Each KIND.txt.mustache and each partial _X_txt.mustache (but _top_txt and
_footer_txt, written by hand) gets its KIND.html / _X_html made from it,
so the two parts of a mail say the same: the words escaped, prose lines
joined into paragraphs, indented lines kept as monospace lines, a
"-- TITLE ---" line as a heading, a receipt's {{{json}}} as <pre>; in
_event_txt every line is a list item. A partial of one line with no line
end (_condition_txt) is a phrase said inside a line: its words are only
escaped, and it stays one line with no end. In a paragraph, a line that
ends with a value or a list ("}}}", "{{/x}}", ")") ends its line in the
HTML too (<br>), so the table's "Orders: ...", "Top Guardian: ..." and
the hand's lines do not run together; a line of a word and a value
("hash {{{hash}}}") is a paragraph of its own; lines wrapped between
Japanese or Chinese characters join with no space. Edit the text, then
run this.
"""
import glob
import html
import os
import re
import sys

TAG = re.compile(r'(\{\{\{.*?\}\}\}|\{\{.*?\}\})', re.S)
H2 = ('<h2 style="margin:22px 0 8px;font-size:17px;color:#4b2a6b;'
      'border-bottom:1px solid #ddd3e6;padding-bottom:3px">')
MONO = ('<div style="font-family:Menlo,Consolas,monospace;font-size:13px;'
        'white-space:pre-wrap;margin:0 0 2px">')
PRE = ('<pre style="margin:0;padding:8px;background:#f3f0f6;white-space:pre-wrap;'
       'word-break:break-all;font-size:12px">{{json}}</pre>')


def conv(text):
    out = []
    for part in TAG.split(text):
        if part.startswith('{{{'):
            out.append('{{' + part[3:-3] + '}}')
        elif part.startswith('{{>'):
            out.append(part.replace('top_txt', 'html_top').replace('_txt', '_html'))
        elif part.startswith('{{'):
            out.append(part)
        else:
            part = part.replace(' -> ', ' → ').replace(' >= ', ' ≥ ')
            out.append(html.escape(part, quote=False))
    return ''.join(out)


def line_end(line):
    """Whether a paragraph's line ends its line in HTML: a value or a list
    closes it (the lines of the table), not a word of wrapped prose."""
    return bool(re.search(r'(\}\}\}|\{\{/[^}]*\}\}|[)\uff09])$', line))


def join(para):
    """A paragraph's lines as one: <br> after a line_end line, no space
    where Japanese or Chinese text was wrapped, else a space."""
    out = conv(para[0].strip())
    for prev, line in zip(para, para[1:]):
        if line_end(prev):
            out += '<br>\n'
        elif ord(prev.rstrip()[-1]) > 0x2e7f and ord(line.strip()[0]) > 0x2e7f:
            pass
        else:
            out += ' '
        out += conv(line.strip())
    return out


def standalone(line):
    s = line.strip()
    return bool(re.fullmatch(r'\{\{[#/^!>][^}]*\}\}', s))


def convert(src, name):
    src = re.sub(r'\A\{\{!.*?\}\}\n', '', src, flags=re.S)
    head = ('{{! ' + name + ' as HTML, made by scripts/ms_mail_html.py: '
            'edit the text, then run it. }}\n')
    if name.startswith('_') and src and '\n' not in src:
        return head + conv(src)
    lines = src.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    res, para = [], []
    items = name == '_event_txt.mustache'

    def flush():
        if para:
            res.append('<p style="margin:0 0 6px">' + join(para) + '</p>')
            para.clear()

    for line in lines:
        if line.strip() == '{{{json}}}':
            flush()
            res.append(PRE)
        elif re.fullmatch(r'\w+ \{\{\{\w+\}\}\}', line):
            flush()
            res.append('<p style="margin:0 0 6px">' + conv(line) + '</p>')
        elif standalone(line):
            flush()
            res.append(conv(line.strip()))
        elif items:
            res.append('<li>' + conv(line) + '</li>')
        elif not line.strip():
            flush()
        elif re.match(r'^-- .*-{3,}$', line):
            flush()
            res.append(H2 + conv(re.sub(r'^-- (.*?) -+$', r'\1', line)) + '</h2>')
        elif line.startswith('  '):
            flush()
            res.append(MONO + conv(line) + '</div>')
        else:
            para.append(line)
    flush()
    if not name.startswith('_'):
        return '\n'.join(res + ['{{>html_bottom}}']) + '\n'
    return head + '\n'.join(res) + '\n'


for folder in sys.argv[1:]:
    for path in sorted(glob.glob(os.path.join(folder, '*txt.mustache'))):
        name = os.path.basename(path)
        if name in ('_top_txt.mustache', '_footer_txt.mustache'):
            continue
        out = path.replace('.txt.mustache', '.html.mustache').replace(
            '_txt.mustache', '_html.mustache')
        with open(path, encoding='utf-8') as f:
            text = convert(f.read(), name)
        with open(out, 'w', encoding='utf-8') as f:
            f.write(text)
