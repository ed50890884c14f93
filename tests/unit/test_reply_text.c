/*
 * test_reply_text.c - the reply-text extractor keeps what the player wrote
 * and nothing quoted.
 *
 * Every file of the shared corpus (corpus/reply-fragments/) is checked
 * against the text its author wrote, decided by hand and written below;
 * every sample tests/data/replies/NAME.txt against NAME.expected (one
 * final newline of the .expected file is not part of the text). Then the
 * edges: line ends, NUL, bad UTF-8, the length bound, megabyte inputs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "mail/reply_text.h"

#define MB		(1024 * 1024)
#define MAX_SAMPLES	256

/* Run the extractor on a copy of exactly len bytes, so ASan sees overreads. */
static char *
extract_n(const char *text, size_t len)
{
	struct mq_err err;
	char *copy, *out = NULL;

	copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	mq_err_clear(&err);
	assert_int_equal(mq_reply_extract(copy, len, &out, &err), 0);
	assert_int_equal(err.code, 0);
	assert_non_null(out);
	free(copy);
	return out;
}

static char *
extract(const char *text)
{
	return extract_n(text, strlen(text));
}

static void
check(const char *text, const char *want)
{
	char *got = extract(text);

	assert_string_equal(got, want);
	free(got);
}

static char *
load(const char *path, size_t *len)
{
	FILE *f;
	char *p;
	long n;

	f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	p = malloc((size_t)n + 1);
	assert_non_null(p);
	assert_int_equal(fread(p, 1, (size_t)n, f), (size_t)n);
	p[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return p;
}

static char *
path_of(const char *dir, const char *name)
{
	struct mq_buf b = MQ_BUF_INIT;
	char *s;

	mq_buf_printf(&b, "%s/%s", dir, name);
	s = mq_buf_steal(&b);
	assert_non_null(s);
	return s;
}

static const char *
corpus_dir(void)
{
	static char dir[4096];
	const char *sh = getenv("MQ_SHARED");

	snprintf(dir, sizeof(dir), "%s/corpus/reply-fragments",
	    sh != NULL && *sh ? sh : "../shared");
	return dir;
}

static const char *
samples_dir(void)
{
	static char dir[4096];
	const char *root = getenv("MQ_ROOT");

	snprintf(dir, sizeof(dir), "%s/tests/data/replies",
	    root != NULL && *root ? root : ".");
	return dir;
}

/* ---- the shared corpus, expected text written by hand ---- */

struct corpus_case {
	const char *file;
	const char *want;	/* NULL: built by the test itself */
};

static const char riak_question[] =
    "Hi folks\n"
    "\n"
    "What is the best way to clear a Riak bucket of all key, values after\n"
    "running a test?\n";

static struct corpus_case corpus[] = {
	{ "correct_sig.txt",
	  "this is an email with a correct -- signature." },
	{ "email_1_1.txt",	/* the list footer is not hers */
	  "Hi folks\n\n"
	  "What is the best way to clear a Riak bucket of all key, values after\n"
	  "running a test?\n"
	  "I am currently using the Java HTTP API.\n\n"
	  "-Abhishek Kona" },
	{ "email_1_2.txt",
	  "Hi,\n\n"
	  "You can list the keys for the bucket and call delete for each. Or if you\n"
	  "put the keys (and kept track of them in your test) you can delete them\n"
	  "one at a time (without incurring the cost of calling list first.)\n\n"
	  "Something like:\n\n"
	  "        String bucket = \"my_bucket\";\n"
	  "        BucketResponse bucketResponse = riakClient.listBucket(bucket);\n"
	  "        RiakBucketInfo bucketInfo = bucketResponse.getBucketInfo();\n\n"
	  "        for(String key : bucketInfo.getKeys()) {\n"
	  "            riakClient.delete(bucket, key);\n"
	  "        }\n\n"
	  "would do it.\n\n"
	  "See also\n\n"
	  "http://wiki.basho.com/REST-API.html#Bucket-operations\n\n"
	  "which says\n\n"
	  "\"At the moment there is no straightforward way to delete an entire\n"
	  "Bucket. There is, however, an open ticket for the feature. To delete all\n"
	  "the keys in a bucket, you\xe2\x80\x99ll need to delete them all individually.\"" },
	{ "email_1_3.txt",
	  "Oh thanks.\n\n"
	  "Having the function would be great.\n\n"
	  "-Abhishek Kona" },
	{ "email_1_4.txt",
	  "Awesome! I haven't had another problem with it." },
	{ "email_1_5.txt",
	  "One: Here's what I've got.\n\n"
	  "- This would be the first bullet point that wraps to the second line\n"
	  "to the next\n"
	  "- This is the second bullet point and it doesn't wrap\n"
	  "- This is the third bullet point and I'm having trouble coming up with enough\n"
	  "to say\n"
	  "- This is the fourth bullet point\n\n"
	  "Two:\n"
	  "- Here is another bullet point\n"
	  "- And another one\n\n"
	  "This is a paragraph that talks about a bunch of stuff. It goes on and on\n"
	  "for a while." },
	{ "email_1_6.txt",	/* a custom phone line: his, harmless, kept */
	  "I get proper rendering as well.\n\n"
	  "Sent from a magnificent torch of pixels" },
	{ "email_1_7.txt", ":+1:" },
	{ "email_1_8.txt",
	  "I will reply under this one\n\n"
	  "and under this." },
	{ "email_2_1.txt", "Outlook with a reply" },
	{ "email_2_2.txt", "Outlook with a reply directly above line" },
	{ "email_2_3.txt", "Outlook with a reply directly above line" },
	{ "email_BlackBerry.txt", "Here is another email" },
	{ "email_bullets.txt",
	  "test 2 this should list second\n\n"
	  "and have spaces\n\n"
	  "and retain this formatting\n\n"
	  "   - how about bullets\n"
	  "   - and another" },
	{ "email_iPhone.txt", "Here is another email" },
	{ "email_long_quote.txt", NULL },
	{ "email_multi_word_sent_from_my_mobile_device.txt",
	  "Here is another email" },
	{ "email_one_is_not_on.txt",
	  "Thank, this is really helpful.\n\n"
	  "One outstanding question I had:\n\n"
	  "Locally (on development), when I run..." },
	{ "email_sent_from_my_not_signature.txt",
	  "Here is another email\n\n"
	  "Sent from my desk, is much easier then my mobile phone." },
	{ "email_sig_delimiter_in_middle_of_line.txt",
	  "Hi there!\n\n"
	  "Stuff happened.\n\n"
	  "And here is a fix -- this is not a signature.\n\n"
	  "kthxbai" },
	{ "greedy_on.txt",
	  "On your remote host you can run:\n\n"
	  "     telnet 127.0.0.1 52698\n\n"
	  "This should connect to TextMate (on your Mac, via the tunnel). If that\n"
	  "fails, the tunnel is not working." },
	{ "pathological.txt",
	  "I think you're onto something. I will try to fix the problem as soon as I\n"
	  "get back to a computer." },
};

/*
 * email_long_quote.txt: a 58968-byte line of '>' is a quote; "asdf" and the
 * 707606-byte line "A>>>..." are not (they do not start with '>'), so they
 * are his text, whole; the list footer goes.
 */
static char *
long_quote_want(void)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;

	mq_buf_puts(&b, riak_question);
	mq_buf_puts(&b, "asdf\nA");
	for (i = 0; i < 707605; i++)
		mq_buf_putc(&b, '>');
	mq_buf_puts(&b, "\nI am currently using the Java HTTP API.\n\n"
	    "-Abhishek Kona");
	return mq_buf_steal(&b);
}

static void
corpus_file_yields_what_its_author_wrote(void **state)
{
	const struct corpus_case *c = *state;
	char *path, *text, *got, *want;
	size_t len;

	path = path_of(corpus_dir(), c->file);
	text = load(path, &len);
	got = extract_n(text, len);
	want = c->want ? strdup(c->want) : long_quote_want();
	assert_non_null(want);
	if (strcmp(got, want) != 0)
		fail_msg("%s: got\n%.2000s\n--- want\n%.2000s", c->file, got,
		    want);
	free(want);
	free(got);
	free(text);
	free(path);
}

/* Every file in the corpus folder has a hand-written case above. */
static void
every_corpus_file_has_a_case(void **state)
{
	DIR *d;
	struct dirent *e;
	size_t k, n = 0, len;
	int found;

	(void)state;
	d = opendir(corpus_dir());
	if (d == NULL)
		fail_msg("cannot open %s (set MQ_SHARED)", corpus_dir());
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
			continue;
		found = 0;
		for (k = 0; k < sizeof(corpus) / sizeof(corpus[0]); k++)
			if (strcmp(corpus[k].file, e->d_name) == 0)
				found = 1;
		if (!found)
			fail_msg("corpus file %s has no expected text", e->d_name);
		n++;
	}
	closedir(d);
	assert_int_equal(n, sizeof(corpus) / sizeof(corpus[0]));
}

/* ---- our own samples, one or more per client and language ---- */

static char sample_names[MAX_SAMPLES][256];

static void
sample_yields_its_expected_text(void **state)
{
	const char *name = *state;
	char *tp, *ep, *text, *want, *got;
	size_t tlen, wlen;
	struct mq_buf b = MQ_BUF_INIT;

	mq_buf_printf(&b, "%s.txt", name);
	tp = path_of(samples_dir(), mq_buf_str(&b));
	mq_buf_reset(&b);
	mq_buf_printf(&b, "%s.expected", name);
	ep = path_of(samples_dir(), mq_buf_str(&b));
	mq_buf_free(&b);
	text = load(tp, &tlen);
	want = load(ep, &wlen);
	if (wlen > 0 && want[wlen - 1] == '\n')
		want[--wlen] = '\0';
	got = extract_n(text, tlen);
	if (strcmp(got, want) != 0)
		fail_msg("%s: got\n%s\n--- want\n%s", name, got, want);
	/* The samples quote other people's "PLAY jest": it never survives. */
	assert_null(strstr(got, "PLAY jest"));
	free(got);
	free(want);
	free(text);
	free(ep);
	free(tp);
}

static int
sample_exists(const char *name)
{
	struct mq_buf b = MQ_BUF_INIT;
	FILE *f;

	mq_buf_printf(&b, "%s/%s.txt", samples_dir(), name);
	f = fopen(mq_buf_str(&b), "rb");
	mq_buf_free(&b);
	if (f == NULL)
		return 0;
	fclose(f);
	return 1;
}

static void
samples_cover_every_client_style(void **state)
{
	static const char *need[] = { "gmail_en", "gmail_ja", "gmail_zh",
	    "outlook_en", "outlook_ja", "outlook_zh", "original_message_en",
	    "original_message_ja", "original_message_zh", "apple_en",
	    "apple_ja", "apple_zh", "thunderbird_en", "thunderbird_ja",
	    "thunderbird_zh", "yahoo_en", "yahoo_ja", "yahoo_zh", "qq_en",
	    "qq_ja", "qq_zh", "163_en", "163_ja", "163_zh", "iphone_en",
	    "iphone_ja", "iphone_zh", "forwarded_en", "forwarded_ja",
	    "forwarded_zh", "masqued_unquoted_en", "masqued_unquoted_ja",
	    "masqued_unquoted_zh" };
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(need) / sizeof(need[0]); k++)
		if (!sample_exists(need[k]))
			fail_msg("missing sample %s/%s.txt", samples_dir(),
			    need[k]);
}

/* ---- edges ---- */

static void
commands_in_the_written_part_survive_exactly(void **state)
{
	(void)state;
	check("PLAY threaten TARGET carol SLOT 12:30\n"
	    "MOVE 時計回り\n"
	    "\n"
	    "On Mon, Nov 30, 2026 at 9:20 AM Bob <bob@example.com> wrote:\n"
	    "> PLAY jest\n",
	    "PLAY threaten TARGET carol SLOT 12:30\nMOVE 時計回り");
}

static void
quoted_lines_of_any_depth_are_dropped(void **state)
{
	(void)state;
	check("> a\n>> b\n> > c\n   > d\n>\nMOVE cw\n>>>>e\n| f\n",
	    "MOVE cw");
}

/* A character of no width is not text (a copy from a web page, a client
 * marking the direction): a line of nothing else is blank, and a quote
 * behind one is still a quote; a space of another width ends a line as a
 * space does. */
static void
characters_of_no_width_are_not_text(void **state)
{
	(void)state;
	check("MOVE cw\n\xe2\x80\x8b\n\xe2\x80\x8e\xef\xbb\xbf\n",
	    "MOVE cw");
	check("MOVE cw\n\xe2\x80\x8b> PLAY jest\n\xe2\x80\x8f>> PLACE red\n",
	    "MOVE cw");
	check("MO\xe2\x80\x8bVE cw\xe2\x80\x82\xe2\x80\xaf\n", "MOVE cw");
	/* other characters of the same block stay */
	check("MOVE cw \xe2\x80\x94 now\n", "MOVE cw \xe2\x80\x94 now");
}

static void
marker_ends_the_text_even_when_quoted_or_indented(void **state)
{
	(void)state;
	assert_string_equal(MQ_REPLY_MARKER, "=== masqued");
	/* quoted with '>', our mail is dropped line by line; an answer below it
	 * (bottom-posting) counts */
	check("MOVE cw\n> > === masqued · reply above this line ===\n"
	    "> > PLAY jest\n", "MOVE cw");
	check("> === masqued · reply above this line ===\n> PLAY jest\n\n"
	    "MOVE cw\n", "MOVE cw");
	check("MOVE cw\n  \t=== MASQUED ===\nPLAY jest\n", "MOVE cw");
	check("=== masqued · reply above this line ===\nPLAY jest\n", "");
}

static void
signature_dash_line_ends_the_text(void **state)
{
	(void)state;
	check("MOVE cw\n-- \nAlice\nPLAY jest\n", "MOVE cw");
	check("MOVE cw\n--\nAlice\n", "MOVE cw");
	check("MOVE cw\n---\nAlice\n", "MOVE cw\n---\nAlice");
	check("MOVE cw -- quickly\nPLACE green\n",
	    "MOVE cw -- quickly\nPLACE green");
}

static void
mobile_signature_only_when_the_whole_line(void **state)
{
	(void)state;
	check("MOVE cw\n\nSent from my iPhone\nPLAY jest", "MOVE cw");
	check("MOVE cw\nSent from my Verizon Wireless BlackBerry\nx",
	    "MOVE cw");
	check("MOVE cw\nGet Outlook for Android\nx", "MOVE cw");
	check("MOVE cw\niPadから送信\nx", "MOVE cw");
	check("MOVE cw\n发自我的华为手机\nx", "MOVE cw");
	check("Sent from my desk, PLAY jest is wise.\nMOVE cw",
	    "Sent from my desk, PLAY jest is wise.\nMOVE cw");
}

static void
attribution_is_dropped_but_text_below_kept(void **state)
{
	(void)state;
	check("On Mon, Nov 30, 2026 at 9:20 AM Bob wrote:\n> where?\n\n"
	    "MOVE cw\n", "MOVE cw");
	check("Bob さんは書きました:\n> どこへ?\nMOVE 時計回り\n",
	    "MOVE 時計回り");
}

static void
attribution_wrapped_on_three_lines_is_dropped(void **state)
{
	(void)state;
	check("MOVE cw\n\nOn Dec 16, 2011, at 12:47 PM, Corey Donohoe\n"
	    "<reply@reply.github.com>\nwrote:\n\n> x\n", "MOVE cw");
}

static void
player_line_above_attribution_is_not_swallowed(void **state)
{
	(void)state;
	check("On reflection\nPLACE green\n"
	    "On Mon, Nov 30, 2026 at 9:20 AM Bob wrote:\n> x\n",
	    "On reflection\nPLACE green");
}

static void
sure_attribution_without_quote_marks_ends_the_text(void **state)
{
	(void)state;
	check("MOVE cw\n\nOn 30 Nov 2026, at 09:20, Bob wrote:\n\nPLAY jest\n",
	    "MOVE cw");
}

static void
unsure_attribution_without_quote_is_kept(void **state)
{
	(void)state;
	check("Carol wrote:\nPLAY threaten TARGET carol SLOT 12:30\n",
	    "Carol wrote:\nPLAY threaten TARGET carol SLOT 12:30");
	check("2026年11月30日の予定:\nMOVE 時計回り\n",
	    "2026年11月30日の予定:\nMOVE 時計回り");
	check("キャロルへのメッセージ:\nよろしく\n",
	    "キャロルへのメッセージ:\nよろしく");
}

static void
header_block_needs_three_fields_and_from(void **state)
{
	(void)state;
	check("To: carol\nFrom: me\nPLACE green\n",
	    "To: carol\nFrom: me\nPLACE green");
	check("MOVE cw\n**From:** Bob\n**Sent:** Monday\n**To:** Alice\n"
	    "PLAY jest\n", "MOVE cw");
	check("MOVE cw\n差出人： Bob\n宛先： Alice\n件名： 作戦\nPLAY jest\n",
	    "MOVE cw");
}

static void
underscore_rule_ends_the_text(void **state)
{
	(void)state;
	check("MOVE cw\n____________________\nlist footer\n", "MOVE cw");
	check("MOVE cw\n__________\nPLACE green\n",
	    "MOVE cw\n__________\nPLACE green");
}

static void
white_space_is_trimmed_and_blank_lines_collapsed(void **state)
{
	(void)state;
	check(" \n\n  MOVE cw \t\n\n\n \n\tPLACE green\xe3\x80\x80\xc2\xa0\n\n\n",
	    "  MOVE cw\n\n\tPLACE green");
}

static void
crlf_lf_and_lone_cr_give_the_same_text(void **state)
{
	(void)state;
	check("MOVE cw\r\n> PLAY jest\r\nPLACE green\r\n",
	    "MOVE cw\nPLACE green");
	check("MOVE cw\r> PLAY jest\rPLACE green\r", "MOVE cw\nPLACE green");
	check("MOVE cw\n> PLAY jest\nPLACE green\n", "MOVE cw\nPLACE green");
}

static void
nul_bytes_are_skipped(void **state)
{
	static const char text[] = "MO\0VE cw\n>\0 PLAY jest\n\0\nPLACE green";
	char *got;

	(void)state;
	got = extract_n(text, sizeof(text) - 1);
	assert_string_equal(got, "MOVE cw\n\nPLACE green");
	free(got);
}

/* C0 (but the tab), DEL and C1 controls, as garbage decoded from a broken
 * base64 body holds: dropped, so no answer echoes one to the player */
static void
control_characters_are_skipped(void **state)
{
	(void)state;
	check("PL\x01" "ACE\x1b[2J green\x7f\n\x07\x0b\x0c\n\tMOVE \xc2\x9b" "cw \xc2\xa0x",
	    "PLACE[2J green\n\n\tMOVE cw \xc2\xa0x");
}

static void
invalid_utf8_becomes_replacement_characters(void **state)
{
	(void)state;
	/* stray continuation, overlong, surrogate, past U+10FFFF, cut short */
	check("a\x80" "b\xc0\xaf" "c\xed\xa0\x80" "d\xf4\x90\x80\x80" "e\xe3\x81",
	    "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd"
	    "c\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "d\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "e\xef\xbf\xbd\xef\xbf\xbd");
	check("\xf0\x9f\x8e\xad \xe6\x99\x82 \xc3\xa9", "\xf0\x9f\x8e\xad "
	    "\xe6\x99\x82 \xc3\xa9");
}

static void
byte_order_mark_is_removed(void **state)
{
	(void)state;
	check("\xef\xbb\xbfMOVE cw", "MOVE cw");
}

static void
nothing_past_len_is_read(void **state)
{
	char *got;

	(void)state;
	/* extract_n copies exactly len bytes: ASan catches any overread. */
	got = extract_n("PLAY jest and more", 9);
	assert_string_equal(got, "PLAY jest");
	free(got);
	got = extract_n("\xe3\x81\x82", 2);	/* a cut multibyte char */
	assert_string_equal(got, "\xef\xbf\xbd\xef\xbf\xbd");
	free(got);
	got = extract_n("x\r\n", 2);
	assert_string_equal(got, "x");
	free(got);
}

static void
empty_input_gives_empty_string(void **state)
{
	char *out = NULL;

	(void)state;
	assert_int_equal(mq_reply_extract(NULL, 0, &out, NULL), 0);
	assert_string_equal(out, "");
	free(out);
	check("\n\n \r\n", "");
	check("> only a quote\n", "");
}

static void
megabyte_of_quoted_lines_gives_nothing(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	char *got;

	(void)state;
	mq_buf_puts(&b, "MOVE cw\n");
	while (b.len < MB)
		mq_buf_puts(&b, ">\n> > PLAY jest\n");
	assert_false(b.oom);
	got = extract_n(b.data, b.len);
	assert_string_equal(got, "MOVE cw");
	free(got);
	mq_buf_free(&b);
}

static void
megabyte_single_line_is_kept_whole(void **state)
{
	char *text, *got;

	(void)state;
	text = malloc(MB);
	assert_non_null(text);
	memset(text, 'x', MB);
	memcpy(text + MB - 6, "wrote:", 6);	/* too long to be an attribution */
	got = extract_n(text, MB);
	assert_int_equal(strlen(got), MB);
	assert_memory_equal(got, text, MB);
	free(got);
	memset(text, '>', MB);			/* one huge quoted line */
	got = extract_n(text, MB);
	assert_string_equal(got, "");
	free(got);
	free(text);
}

static void
many_attribution_like_lines_stay_linear(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	char *got;

	(void)state;
	/* Each line could end a wrapped attribution; none starts one. */
	while (b.len < MB)
		mq_buf_puts(&b, "x wrote:\nFrom: a\nTo: b\n\n");
	got = extract_n(b.data, b.len);
	assert_int_equal(strlen(got), b.len - 2);	/* all but the last \n\n */
	assert_memory_equal(got, b.data, b.len - 2);
	free(got);
	mq_buf_free(&b);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct CMUnitTest *)a)->name,
	    ((const struct CMUnitTest *)b)->name);
}

static int
add_samples(struct CMUnitTest *t, size_t *n, size_t max)
{
	DIR *d;
	struct dirent *e;
	size_t len, k = 0, first = *n;

	d = opendir(samples_dir());
	if (d == NULL) {
		fprintf(stderr, "cannot open %s\n", samples_dir());
		return -1;
	}
	while ((e = readdir(d)) != NULL && *n < max && k < MAX_SAMPLES) {
		len = strlen(e->d_name);
		if (len < 5 || len >= sizeof(sample_names[0]) ||
		    strcmp(e->d_name + len - 4, ".txt") != 0)
			continue;
		memcpy(sample_names[k], e->d_name, len - 4);
		sample_names[k][len - 4] = '\0';
		t[*n].name = sample_names[k];
		t[*n].test_func = sample_yields_its_expected_text;
		t[*n].setup_func = NULL;
		t[*n].teardown_func = NULL;
		t[*n].initial_state = sample_names[k];
		(*n)++;
		k++;
	}
	closedir(d);
	qsort(t + first, *n - first, sizeof(*t), by_name);
	return 0;
}

/*
 * A mail that names no game is answered in the language it is written in
 * (its sender may play in two): kana is Japanese, Chinese characters
 * without kana Chinese, Latin letters alone English; quoted lines do not
 * count, and a mail of none of these has no language.
 */
static void
a_mail_s_language_is_told_by_its_script(void **state)
{
	(void)state;
	assert_string_equal(mq_reply_lang_hint("状態を教えてください"), "ja");
	assert_string_equal(mq_reply_lang_hint("STATUS\nｽﾃｰﾀｽ"), "ja");
	assert_string_equal(mq_reply_lang_hint("我的游戏现在怎么样了？"), "zh");
	assert_string_equal(mq_reply_lang_hint("STATUS 状态"), "zh");
	assert_string_equal(mq_reply_lang_hint("> 状態を教えて\n  > 游戏\n"
	    "Where is my game?"), "en");
	assert_null(mq_reply_lang_hint("> 状態を教えて\n?! 42\n"));
	assert_null(mq_reply_lang_hint(""));
	/* a broken sequence is no character */
	assert_null(mq_reply_lang_hint("\xe7\x8a"));
}

int
main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(every_corpus_file_has_a_case),
		cmocka_unit_test(a_mail_s_language_is_told_by_its_script),
		cmocka_unit_test(samples_cover_every_client_style),
		cmocka_unit_test(commands_in_the_written_part_survive_exactly),
		cmocka_unit_test(quoted_lines_of_any_depth_are_dropped),
		cmocka_unit_test(characters_of_no_width_are_not_text),
		cmocka_unit_test(marker_ends_the_text_even_when_quoted_or_indented),
		cmocka_unit_test(signature_dash_line_ends_the_text),
		cmocka_unit_test(mobile_signature_only_when_the_whole_line),
		cmocka_unit_test(attribution_is_dropped_but_text_below_kept),
		cmocka_unit_test(attribution_wrapped_on_three_lines_is_dropped),
		cmocka_unit_test(player_line_above_attribution_is_not_swallowed),
		cmocka_unit_test(sure_attribution_without_quote_marks_ends_the_text),
		cmocka_unit_test(unsure_attribution_without_quote_is_kept),
		cmocka_unit_test(header_block_needs_three_fields_and_from),
		cmocka_unit_test(underscore_rule_ends_the_text),
		cmocka_unit_test(white_space_is_trimmed_and_blank_lines_collapsed),
		cmocka_unit_test(crlf_lf_and_lone_cr_give_the_same_text),
		cmocka_unit_test(nul_bytes_are_skipped),
		cmocka_unit_test(control_characters_are_skipped),
		cmocka_unit_test(invalid_utf8_becomes_replacement_characters),
		cmocka_unit_test(byte_order_mark_is_removed),
		cmocka_unit_test(nothing_past_len_is_read),
		cmocka_unit_test(empty_input_gives_empty_string),
		cmocka_unit_test(megabyte_of_quoted_lines_gives_nothing),
		cmocka_unit_test(megabyte_single_line_is_kept_whole),
		cmocka_unit_test(many_attribution_like_lines_stay_linear),
	};
	static struct CMUnitTest tests[512];
	static char names[sizeof(corpus) / sizeof(corpus[0])][128];
	size_t n = 0, k;

	for (k = 0; k < sizeof(fixed) / sizeof(fixed[0]); k++)
		tests[n++] = fixed[k];
	for (k = 0; k < sizeof(corpus) / sizeof(corpus[0]); k++) {
		snprintf(names[k], sizeof(names[k]), "corpus/%s",
		    corpus[k].file);
		tests[n].name = names[k];
		tests[n].test_func = corpus_file_yields_what_its_author_wrote;
		tests[n].setup_func = NULL;
		tests[n].teardown_func = NULL;
		tests[n].initial_state = &corpus[k];
		n++;
	}
	if (add_samples(tests, &n, sizeof(tests) / sizeof(tests[0])) != 0)
		return 1;
	return _cmocka_run_group_tests("reply_text", tests, n, NULL, NULL);
}
