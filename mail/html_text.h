/*
 * html_text.h - HTML mail bodies to plain text, for reading commands.
 *
 * Only what a reply's author wrote matters, so quoted material is dropped
 * before the markup is flattened to lines.
 */
#ifndef MQ_HTML_TEXT_H
#define MQ_HTML_TEXT_H

#include <stddef.h>

#include "err.h"

/* Convert an HTML body to plain text for command reading. First drops quoted blocks:
 * <blockquote>, Gmail's <div class="gmail_quote">, Outlook's reply header block
 * (<div id="divRplyFwdMsg">, <div id="appendonsend"> and everything after it, and the
 * <hr> + "From:" header block), Yahoo's "yahoo_quoted"; then drops <head>, <style>,
 * <script>; turns <br>, <p>, <div>, <tr>, <li>, <h1-6> into line breaks; strips tags;
 * decodes entities (named: the common ones incl. &nbsp; &amp; &lt; &gt; &quot; &#39;,
 * numeric decimal and hex, to UTF-8). Linear time; tolerant of broken HTML.
 *
 * The result is valid UTF-8 (invalid input bytes become U+FFFD) with LF line
 * ends: runs of white space collapse to one space as in a browser (except in
 * <pre>), &nbsp; becomes a plain space, lines carry no leading or trailing
 * spaces, there is never more than one blank line in a row, and a non-empty
 * result ends with exactly one LF. Everything from Outlook's divRplyFwdMsg,
 * appendonsend or <hr> + "From:" block to the end is dropped, as Outlook puts
 * the quoted message after it, not inside it. */
int mq_html_to_text(const char *html, size_t len, char **out, struct mq_err *err);

#endif
