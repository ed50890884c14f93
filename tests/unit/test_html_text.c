/*
 * test_html_text.c - mq_html_to_text: quoted blocks dropped, markup
 * flattened, entities decoded, broken and hostile HTML survived.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "mail/html_text.h"

static void
expect(const char *html, const char *text)
{
	char *out = NULL;

	assert_int_equal(mq_html_to_text(html, strlen(html), &out, NULL), 0);
	assert_non_null(out);
	assert_string_equal(out, text);
	free(out);
}

static void
block_tags_become_line_breaks(void **state)
{
	expect("<div>PLAY jest</div><div>MOVE cw</div>", "PLAY jest\nMOVE cw\n");
	expect("a<br>b<br/>c<BR />d", "a\nb\nc\nd\n");
	/* A browser shows a stray </br> as a line break: two commands. */
	expect("MOVE 3</br>PLAY 4", "MOVE 3\nPLAY 4\n");
	expect("a</BR >b<br / >c", "a\nb\nc\n");
	expect("<p>one</p><p>two</p><ul><li>x</li><li>y</li></ul>",
	    "one\ntwo\nx\ny\n");
	expect("<h1>T</h1>x<h6>U</h6><table><tr><td>a</td><td>b</td></tr>"
	    "<tr><td>c</td></tr></table>", "T\nx\nU\na b\nc\n");
}

static void
white_space_collapses_except_in_pre(void **state)
{
	expect("  PLAY \n\t jest  ", "PLAY jest\n");
	expect("<pre>a  b\n  c</pre>d", "a  b\nc\nd\n");
	expect("<div><br></div><div><br></div><div>x</div><br><br><br>y",
	    "x\n\ny\n");
}

static void
entities_decode(void **state)
{
	expect("&amp; &lt; &gt; &quot; &#39; &apos;", "& < > \" ' '\n");
	expect("a&nbsp;&nbsp;b", "a  b\n");
	expect("&#9731; &#x263a; &#X1F600; &#150;", "☃ ☺ 😀 –\n");
	expect("&#0; &#xD800; &#x110000; &#99999999999;",
	    "\uFFFD \uFFFD \uFFFD \uFFFD\n");
	expect("&copy &amp &unknown; & x &#; &#x;", "© & &unknown; & x &#; &#x;\n");
	expect("caf&eacute; &mdash; &hellip;&shy;", "café — …\n");
}

static void
control_characters_show_as_a_browser_shows_them(void **state)
{
	/* A browser shows one space, not a line break: one line read. */
	expect("MOVE 3&#10;PLAY 4", "MOVE 3 PLAY 4\n");
	expect("a&#13;b&#x0A;&#x0d;c&#9;d&#12;e&#32;&#32;f", "a b c d e f\n");
	/* Other controls show as nothing, raw or written as entities. */
	expect("a&#1;b&#x1b;c&#127;d\x01" "e\x0b" "f\x1b[2Jg\x7f" "h",
	    "abcdef[2Jgh\n");
	expect("a\x0c" "b", "a b\n");
	/* In <pre> a line feed is a line break, the rest keep their width. */
	expect("<pre>a&#10;b&#9;c&#13;d\r\ne</pre>", "a\nb\tc d\ne\n");
	expect("&#0;", "\uFFFD\n");
}

static void
head_style_script_dropped(void **state)
{
	expect("<html><head><title>T</title><style>p{color:red}</style></head>"
	    "<body><script>if (a < b) document.write('<div>x</div>')</script>"
	    "PLAY<!-- a comment <div> --> jest</body></html>", "PLAY jest\n");
	expect("<head><meta charset=utf-8><body>text", "text\n");
	expect("<SCRIPT>x</SCRIPT>ok<Style>y", "ok\n");
}

static void
blockquote_dropped_with_nesting(void **state)
{
	expect("MOVE cw<blockquote>a<blockquote>b</blockquote>c</blockquote>"
	    "after", "MOVE cw\nafter\n");
}

static void
gmail_quote_dropped(void **state)
{
	expect("<div dir=\"ltr\">PLACE green</div><br><div class=\"gmail_quote\">"
	    "<div class=\"gmail_attr\">On Thu wrote:<br></div><blockquote "
	    "class=\"gmail_quote\"><div>old</div></blockquote></div>",
	    "PLACE green\n");
	expect("x<div class='extra gmail_quote_container'><div>q</div></div>y",
	    "x\ny\n");
	/* Not a token match: kept. */
	expect("<div class=\"not_gmail_quote_x\">kept</div>", "kept\n");
}

static void
yahoo_quoted_dropped(void **state)
{
	expect("MOVE stay<div id=\"yahoo_quoted_123\" class=\"yahoo_quoted\">"
	    "<div>On Thursday wrote:</div><div>old</div></div>",
	    "MOVE stay\n");
}

static void
outlook_reply_blocks_end_the_text(void **state)
{
	expect("<div>PLAY jest</div><div id=\"appendonsend\"></div><div>q</div>",
	    "PLAY jest\n");
	expect("<div>PLAY jest</div><div id=\"divRplyFwdMsg\" dir=\"ltr\">"
	    "<b>From:</b> x</div><div>old body</div>", "PLAY jest\n");
	expect("<p>MOVE cw</p><hr style=\"display:inline-block\" tabindex=\"-1\">"
	    "<div><font><b>From:</b> masqued</font></div><p>old</p>",
	    "MOVE cw\n");
	expect("<p>MOVE cw</p><hr><p>&nbsp;差出人: masqued</p><p>old</p>",
	    "MOVE cw\n");
	/* A rule with no header after it is only a line break. */
	expect("a<hr>b", "a\nb\n");
}

static void
broken_html_is_tolerated(void **state)
{
	expect("a < b and c<d", "a < b and c\n");	/* "<d" opens a tag */
	/* An unclosed quote ends at the next '>': more text survives. */
	expect("x <div class=\"unterminated>y</div>z", "x\ny\nz\n");
	expect("<div title='a>b'>in</div>", "in\n");
	expect("</>x</ >y<!doctype html><?xml?>z", "xyz\n");
	expect("<!-- never closed", "");
	/* <!--> and <!---> close at once, as a browser reads them. */
	expect("MOVE 3<!-->PLAY 4<div>x</div>-->y", "MOVE 3PLAY 4\nx\n-->y\n");
	expect("a<!--->b-->c", "ab-->c\n");
	expect("a<!---->b", "ab\n");
	expect("a<!-- x -- y -->b", "ab\n");
	expect("<blockquote>never closed", "");
	expect("<", "<\n");
	expect("", "");
}

static void
invalid_utf8_is_replaced(void **state)
{
	expect("a\xff" "b\xc3", "a\uFFFDb\uFFFD\n");
	expect("a\xc2\xa0" "b", "a b\n");
}

static void
large_hostile_input_is_linear(void **state)
{
	static const char *const unit[] = {
		"<a href=\"", "<hr>", "<div class='", "&#", "<!--", "<x ",
	};
	struct mq_buf b = MQ_BUF_INIT;
	size_t i, k;
	clock_t t;
	char *out;

	for (k = 0; k < sizeof(unit) / sizeof(unit[0]); k++) {
		mq_buf_reset(&b);
		for (i = 0; i < 200000; i++)
			mq_buf_puts(&b, unit[k]);
		t = clock();
		assert_int_equal(mq_html_to_text(b.data, b.len, &out, NULL), 0);
		/* Quadratic work on ~1 MB would take minutes. */
		assert_true(clock() - t < 5 * CLOCKS_PER_SEC);
		free(out);
	}
	mq_buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(block_tags_become_line_breaks),
		cmocka_unit_test(white_space_collapses_except_in_pre),
		cmocka_unit_test(entities_decode),
		cmocka_unit_test(control_characters_show_as_a_browser_shows_them),
		cmocka_unit_test(head_style_script_dropped),
		cmocka_unit_test(blockquote_dropped_with_nesting),
		cmocka_unit_test(gmail_quote_dropped),
		cmocka_unit_test(yahoo_quoted_dropped),
		cmocka_unit_test(outlook_reply_blocks_end_the_text),
		cmocka_unit_test(broken_html_is_tolerated),
		cmocka_unit_test(invalid_utf8_is_replaced),
		cmocka_unit_test(large_hostile_input_is_linear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
