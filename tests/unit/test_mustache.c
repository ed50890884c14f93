/*
 * test_mustache.c - the templates engine against every test of the official
 * Mustache spec files it claims (interpolation, sections, inverted, comments,
 * partials, delimiters), plus its own errors, limits and UTF-8 handling;
 * decorate's values rendering as their jansson twins; a kept partial set.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "buf.h"
#include "err.h"
#include "mail/mustache.h"
#include "mail/mval.h"

/*
 * Spec tests that cannot pass, by "file/name", with the reason. None today;
 * a listed test is counted as skipped, never silently dropped.
 */
static const char *const skipped[][2] = {
	{ NULL, NULL },
};

static const char *
skip_reason(const char *file, const char *name)
{
	size_t i, n = strlen(file);

	for (i = 0; skipped[i][0] != NULL; i++)
		if (strncmp(skipped[i][0], file, n) == 0 &&
		    skipped[i][0][n] == '/' &&
		    strcmp(skipped[i][0] + n + 1, name) == 0)
			return skipped[i][1];
	return NULL;
}

/* The partial callback over a JSON object of name -> template text. */
static const char *
json_partial(void *ctx, const char *name)
{
	json_t *v = json_object_get((json_t *)ctx, name);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The same, as a kept partial set's source (the daemon's path). */
static int
json_source(void *ctx, const char *name, const char **text,
    struct mq_err *err)
{
	(void)err;
	*text = json_partial(ctx, name);
	return 0;
}

/*
 * Render through the daemon's path: the template parsed once, partials
 * from a kept set, the data as decorate's values over jansson ones. With
 * again, the set and template of the last call render once more (the
 * set's cache and memo in use); without, they are made anew.
 */
static struct mq_mustache_partials *kept_p;
static struct mq_mustache *kept_m;
static struct mq_arena *kept_a;

static void
kept_done(void)
{
	mq_mustache_free(kept_m);
	mq_mustache_partials_free(kept_p);
	mq_arena_free(kept_a);
	kept_m = NULL;
	kept_p = NULL;
	kept_a = NULL;
}

static int
render_kept(const char *tmpl, json_t *data, json_t *partials, int again,
    char **out, struct mq_err *err)
{
	struct mq_mustache_partials *p;
	struct mq_mustache *m;
	struct mq_arena *a;
	int rc = 0;

	*out = NULL;
	mq_err_clear(err);
	if (!again) {
		kept_done();
		assert_non_null(a = mq_arena_new());
		assert_non_null(p = mq_mustache_partials_new(json_source,
		    partials));
		kept_a = a;
		kept_p = p;
		if ((rc = mq_mustache_parse(tmpl, &kept_m, err)) != 0)
			return rc;
	}
	if ((m = kept_m) == NULL)
		return rc;
	a = kept_a;
	p = kept_p;
	return mq_mustache_render_mv(m, mv_json(a, data), partials != NULL ?
	    p : NULL, 0, out, NULL, err);
}

static int
shared_path(struct mq_buf *b, const char *rel)
{
	const char *dir = getenv("MQ_SHARED");

	mq_buf_reset(b);
	if (dir != NULL && *dir != '\0')
		return mq_buf_printf(b, "%s/%s", dir, rel);
	return mq_buf_printf(b, "../shared/%s", rel);
}

static void
run_spec_file(const char *file)
{
	struct mq_buf path = MQ_BUF_INIT, rel = MQ_BUF_INIT;
	json_error_t jerr;
	json_t *root, *tests, *t, *partials;
	struct mq_err err;
	size_t i;
	int pass = 0, fail = 0, skip = 0, kfail = 0, rc, k;
	char *out;
	const char *name, *why;

	assert_int_equal(mq_buf_printf(&rel, "corpus/mustache-spec/%s.json",
	    file), 0);
	assert_int_equal(shared_path(&path, rel.data), 0);
	root = json_load_file(path.data, JSON_DECODE_ANY, &jerr);
	if (root == NULL)
		fail_msg("cannot load %s: %s", path.data, jerr.text);
	tests = json_object_get(root, "tests");
	assert_true(json_is_array(tests));
	assert_true(json_array_size(tests) > 0);
	json_array_foreach(tests, i, t) {
		name = json_string_value(json_object_get(t, "name"));
		assert_non_null(name);
		if ((why = skip_reason(file, name)) != NULL) {
			printf("  skip %s/%s: %s\n", file, name, why);
			skip++;
			continue;
		}
		partials = json_object_get(t, "partials");
		mq_err_clear(&err);
		rc = mq_mustache_render(
		    json_string_value(json_object_get(t, "template")),
		    json_object_get(t, "data"), json_partial, partials, &out,
		    &err);
		if (rc == 0 && strcmp(out, json_string_value(
		    json_object_get(t, "expected"))) == 0)
			pass++;
		else {
			printf("  FAIL %s/%s: rc %d %s\n    got [%s]\n"
			    "    want [%s]\n", file, name, rc, err.msg,
			    rc == 0 ? out : "", json_string_value(
			    json_object_get(t, "expected")));
			fail++;
		}
		free(out);
		/* The same through the daemon's path, twice over one set. */
		for (k = 0; k < 2; k++) {
			rc = render_kept(json_string_value(json_object_get(t,
			    "template")), json_object_get(t, "data"), partials,
			    k, &out, &err);
			if (rc != 0 || strcmp(out, json_string_value(
			    json_object_get(t, "expected"))) != 0) {
				printf("  FAIL kept %s/%s (render %d): rc %d "
				    "%s\n    got [%s]\n", file, name, k + 1,
				    rc, err.msg, rc == 0 ? out : "");
				kfail++;
			}
			free(out);
		}
	}
	printf("mustache spec %-13s %d passed, %d failed, %d skipped "
	    "(of %zu); kept partials: %d failed\n", file, pass, fail, skip,
	    json_array_size(tests), kfail);
	kept_done();
	json_decref(root);
	mq_buf_free(&path);
	mq_buf_free(&rel);
	assert_int_equal(fail, 0);
	assert_int_equal(kfail, 0);
	assert_int_equal(pass + skip, (int)i);
}

static void
spec_interpolation(void **state)
{
	run_spec_file("interpolation");
}

static void
spec_sections(void **state)
{
	run_spec_file("sections");
}

static void
spec_inverted(void **state)
{
	run_spec_file("inverted");
}

static void
spec_comments(void **state)
{
	run_spec_file("comments");
}

static void
spec_partials(void **state)
{
	run_spec_file("partials");
}

static void
spec_delimiters(void **state)
{
	run_spec_file("delimiters");
}

/* Render with data given as JSON text; returns rc, *out set on success. */
static int
render(const char *tmpl, const char *data, json_t *partials, char **out,
    struct mq_err *err)
{
	json_t *d = json_loads(data, JSON_DECODE_ANY, NULL);
	int rc;

	assert_non_null(d);
	mq_err_clear(err);
	rc = mq_mustache_render(tmpl, d, partials != NULL ? json_partial :
	    NULL, partials, out, err);
	json_decref(d);
	if (rc != 0)
		assert_null(*out);
	return rc;
}

static void
expect(const char *tmpl, const char *data, const char *want)
{
	struct mq_err err;
	char *out;

	assert_int_equal(render(tmpl, data, NULL, &out, &err), 0);
	assert_string_equal(out, want);
	free(out);
}

/* The refusal's sentence must hold each of the given fragments. */
static void
expect_refused(const char *tmpl, json_t *partials, ...)
{
	struct mq_err err;
	char *out;
	const char *frag;
	va_list ap;

	assert_int_equal(render(tmpl, "{}", partials, &out, &err), MQ_REFUSED);
	assert_int_equal(err.code, MQ_REFUSED);
	va_start(ap, partials);
	while ((frag = va_arg(ap, const char *)) != NULL)
		if (strstr(err.msg, frag) == NULL)
			fail_msg("message \"%s\" lacks \"%s\"", err.msg, frag);
	va_end(ap);
}

static void
unclosed_section_names_its_line(void **state)
{
	expect_refused("a\nb\n{{#list}}\nx\n", NULL, "\"list\"", "line 3",
	    NULL);
	expect_refused("{{#a}}{{#b}}{{/b}}", NULL, "\"a\"", "line 1", NULL);
}

static void
mismatched_end_names_both_sections(void **state)
{
	expect_refused("{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}", NULL, "\"a\"",
	    "line 3", "\"b\"", "line 2", NULL);
	expect_refused("x\n{{/a}}", NULL, "\"a\"", "line 2", "no section",
	    NULL);
}

static void
unclosed_tag_names_its_line(void **state)
{
	expect_refused("one\ntwo {{name\nthree", NULL, "unclosed tag",
	    "line 2", NULL);
	expect_refused("{{{name}}", NULL, "unclosed tag", "line 1", NULL);
	expect_refused("x {{", NULL, "unclosed tag", NULL);
	expect_refused("{{=<% %>=}}\n<%name", NULL, "unclosed tag", "line 2",
	    NULL);
}

static void
malformed_tags_are_refused(void **state)
{
	expect_refused("\n{{}}", NULL, "without a name", "line 2", NULL);
	expect_refused("{{a b}}", NULL, "invalid tag name", NULL);
	expect_refused("{{a..b}}", NULL, "invalid tag name", NULL);
	expect_refused("{{#.a}}{{/.a}}", NULL, "invalid tag name", NULL);
	expect_refused("{{=<%%>=}}", NULL, "set-delimiter", "line 1", NULL);
	expect_refused("{{=a b c=}}", NULL, "set-delimiter", NULL);
	expect_refused("{{=a=}}", NULL, "set-delimiter", NULL);
	expect_refused("{{<parent}}{{/parent}}", NULL, "inheritance", NULL);
}

static void
long_delimiters_are_refused(void **state)
{
	struct mq_buf t = MQ_BUF_INIT;
	struct mq_err err;
	clock_t c;
	char *out;
	int i;

	/* 16 bytes is the most: the spec's delimiters are 2 or 3. */
	expect("{{=<<<<<<<<<<<<<<<< >>>>>>>>>>>>>>>>=}}<<<<<<<<<<<<<<<<a>>>>>>"
	    ">>>>>>>>>>", "{\"a\": 1}", "1");
	expect_refused("x\n{{=<<<<<<<<<<<<<<<<< >>=}}", NULL, "delimiter",
	    "16 bytes", "line 2", NULL);
	expect_refused("{{=<< >>>>>>>>>>>>>>>>>=}}", NULL, "16 bytes", NULL);
	/* A 100 KB delimiter took seconds to search for: now refused at once. */
	mq_buf_puts(&t, "{{=");
	for (i = 0; i < 100000; i++)
		mq_buf_putc(&t, 'a');
	mq_buf_puts(&t, " }}=}}");
	for (i = 0; i < 100000; i++)
		mq_buf_putc(&t, 'a');
	c = clock();
	assert_int_equal(render(t.data, "{}", NULL, &out, &err), MQ_REFUSED);
	assert_true(clock() - c < CLOCKS_PER_SEC);
	mq_buf_free(&t);
}

static void
partial_recursion_is_limited(void **state)
{
	json_t *p = json_pack("{s:s, s:s}", "loop", "x{{>loop}}",
	    "a", "{{>b}}");

	assert_non_null(p);
	assert_int_equal(json_object_set_new(p, "b", json_string("{{>a}}")),
	    0);
	expect_refused("{{>loop}}", p, "100 deep", "\"loop\"", NULL);
	expect_refused("start {{>a}}", p, "100 deep", NULL);
	json_decref(p);
}

/* Twice, by both paths: refused in time, naming the partial. */
static void
expect_too_big(json_t *p, const char *frag)
{
	struct mq_err err;
	char *out;
	clock_t c = clock();

	assert_int_equal(render("{{>p0}}", "{}", p, &out, &err), MQ_REFUSED);
	if (strstr(err.msg, frag) == NULL ||
	    strstr(err.msg, "is a partial included in a loop?") == NULL)
		fail_msg("message \"%s\" lacks \"%s\"", err.msg, frag);
	assert_int_equal(render_kept("{{>p0}}", NULL, p, 0, &out, &err),
	    MQ_REFUSED);
	assert_null(out);
	kept_done();
	if (strstr(err.msg, frag) == NULL)
		fail_msg("message \"%s\" lacks \"%s\"", err.msg, frag);
	/* unbounded, the first took 6 s and 300 MB, the second forever */
	assert_true(clock() - c < 10 * CLOCKS_PER_SEC);
}

static void
partials_growing_exponentially_are_cut_off(void **state)
{
	json_t *p = json_object();
	char name[16], body[64];
	struct mq_err err;
	json_t *d;
	char *out;
	int i;

	/* p0 = {{>p1}}{{>p1}} ... p22 = 16 x's: 593 bytes, 64 MB out */
	for (i = 0; i < 22; i++) {
		snprintf(name, sizeof(name), "p%d", i);
		snprintf(body, sizeof(body), "{{>p%d}}{{>p%d}}", i + 1, i + 1);
		json_object_set_new(p, name, json_string(body));
	}
	json_object_set_new(p, "p22", json_string("xxxxxxxxxxxxxxxx"));
	expect_too_big(p, "renders more than 4 MiB (in partial \"p");
	/* 90 levels over an empty leaf: no output, 2^90 tags */
	for (i = 22; i < 90; i++) {
		snprintf(name, sizeof(name), "p%d", i);
		snprintf(body, sizeof(body), "{{>p%d}}{{>p%d}}", i + 1, i + 1);
		json_object_set_new(p, name, json_string(body));
	}
	expect_too_big(p, "renders more than 16 million tags (in partial");
	json_decref(p);
	/* At the top: a list of a million, each 5 bytes */
	d = json_pack("{s:[]}", "l");
	for (i = 0; i < 1000000; i++)
		json_array_append_new(json_object_get(d, "l"), json_integer(i));
	assert_int_equal(mq_mustache_render("{{#l}}xxxxx{{/l}}", d, NULL,
	    NULL, &out, &err), MQ_REFUSED);
	assert_string_equal(err.msg, "The template renders more than 4 MiB: "
	    "is a partial included in a loop?");
	/* Under the limit, a big mail still renders: 800 000 bytes */
	json_array_clear(json_object_get(d, "l"));
	for (i = 0; i < 100000; i++)
		json_array_append_new(json_object_get(d, "l"), json_integer(i));
	assert_int_equal(mq_mustache_render("{{#l}}<tr>{{.}}\n{{/l}}", d,
	    NULL, NULL, &out, &err), 0);
	assert_int_equal(strlen(out), 100000 * 5 + 488890);
	free(out);
	json_decref(d);
}

static void
partial_recursion_over_data_is_allowed(void **state)
{
	struct mq_err err;
	struct mq_buf data = MQ_BUF_INIT, want = MQ_BUF_INIT;
	json_t *p = json_pack("{s:s}", "n", "({{#c}}{{>n}}{{/c}})");
	char *out;
	int i;

	/*
	 * 90 levels of data, each one partial deep: under the limit. The
	 * innermost "c" is false: a missing one would resolve to the parent's.
	 */
	for (i = 0; i < 90; i++) {
		mq_buf_puts(&data, "{\"c\":");
		mq_buf_putc(&want, '(');
	}
	mq_buf_puts(&data, "false");
	for (i = 0; i < 90; i++) {
		mq_buf_putc(&data, '}');
		mq_buf_putc(&want, ')');
	}
	assert_int_equal(render("{{>n}}", data.data, p, &out, &err), 0);
	assert_string_equal(out, want.data);
	free(out);
	json_decref(p);
	mq_buf_free(&data);
	mq_buf_free(&want);
}

static void
partial_errors_name_the_partial(void **state)
{
	json_t *p = json_pack("{s:s}", "board", "row\n{{#rows}}\n");

	expect_refused("{{>board}}", p, "partial \"board\"", "\"rows\"",
	    "line 2", NULL);
	json_decref(p);
}

static void
missing_partials_render_empty(void **state)
{
	struct mq_err err;
	char *out;

	assert_int_equal(render("[{{>none}}]", "{}", NULL, &out, &err), 0);
	assert_string_equal(out, "[]");
	free(out);
}

static void
deep_truthy_sections_hit_the_depth_limit(void **state)
{
	struct mq_buf t = MQ_BUF_INIT;
	struct mq_err err;
	char *out;
	int i;

	for (i = 0; i < 5000; i++)
		mq_buf_puts(&t, "{{#a}}");
	for (i = 0; i < 5000; i++)
		mq_buf_puts(&t, "{{/a}}");
	assert_int_equal(render(t.data, "{\"a\":true}", NULL, &out, &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "1000 deep"));
	assert_int_equal(render(t.data, "{}", NULL, &out, &err), 0);
	assert_string_equal(out, "");
	free(out);
	mq_buf_free(&t);
}

static void
utf8_passes_through_untouched(void **state)
{
	/* Japanese and Chinese in template text, data, keys and partials. */
	json_t *p = json_pack("{s:s}", "署名",
	    "— 仮面舞踏会の主催者より\n");
	struct mq_err err;
	char *out;

	expect("こんにちは、{{名前}}さん。あなたの番です：{{行動}}。",
	    "{\"名前\": \"山田太郎\", \"行動\": \"脅す <12:30>\"}",
	    "こんにちは、山田太郎さん。あなたの番です：脅す &lt;12:30&gt;。");
	expect("{{#玩家}}玩家：{{{名字}}}，房间：{{房间.名}}\n{{/玩家}}",
	    "{\"玩家\": [{\"名字\": \"张伟\", \"房间\": {\"名\": \"绿色\"}},"
	    " {\"名字\": \"李娜\", \"房间\": {\"名\": \"紫色\"}}]}",
	    "玩家：张伟，房间：绿色\n玩家：李娜，房间：紫色\n");
	expect("{{^空}}没有新消息。{{/空}}{{! 注释 }}", "{}", "没有新消息。");
	assert_int_equal(render("本文\n  {{>署名}}\n", "{}", p, &out, &err), 0);
	assert_string_equal(out, "本文\n  — 仮面舞踏会の主催者より\n");
	free(out);
	json_decref(p);
}

static void
values_render_as_documented(void **state)
{
	expect("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}",
	    "{\"a\": -12, \"b\": 0.1, \"c\": 1e21, \"d\": true, \"e\": false,"
	    " \"f\": 9007199254740993}",
	    "-12 0.1 1e+21 true false 9007199254740993");
	expect("[{{list}}][{{obj}}][{{nul}}]",
	    "{\"list\": [1], \"obj\": {\"x\": 1}, \"nul\": null}", "[][][]");
	expect("{{q}}|{{{q}}}", "{\"q\": \"it's <b>&\\\"\"}",
	    "it&#39;s &lt;b&gt;&amp;&quot;|it's <b>&\"");
	/* 0, "" and {} are truthy; [] is not. */
	expect("{{#z}}0{{/z}}{{#s}}s{{/s}}{{#o}}o{{/o}}{{#l}}l{{/l}}",
	    "{\"z\": 0, \"s\": \"\", \"o\": {}, \"l\": []}", "0so");
}

static void
nul_in_data_is_refused(void **state)
{
	json_t *d = json_pack("{s:s%}", "s", "a\0b", (size_t)3);
	struct mq_err err;
	char *out;

	assert_non_null(d);
	assert_int_equal(mq_mustache_render("{{s}}", d, NULL, NULL, &out,
	    &err), MQ_REFUSED);
	assert_null(out);
	assert_non_null(strstr(err.msg, "\"s\""));
	json_decref(d);
}

static void
large_lists_and_templates_render(void **state)
{
	struct mq_buf t = MQ_BUF_INIT;
	struct mq_err err;
	json_t *data, *list;
	char *out;
	int i;

	/* 200 000 items and a 200 000-tag template: quadratic would hang. */
	list = json_array();
	for (i = 0; i < 200000; i++)
		json_array_append_new(list, json_pack("{s:i}", "n", i % 10));
	data = json_pack("{s:o, s:s}", "list", list, "x", "<");
	assert_non_null(data);
	assert_int_equal(mq_mustache_render("{{#list}}{{n}}{{/list}}", data,
	    NULL, NULL, &out, &err), 0);
	assert_int_equal(strlen(out), 200000);
	assert_memory_equal(out, "0123456789", 10);
	free(out);
	for (i = 0; i < 200000; i++)
		mq_buf_puts(&t, "{{x}}\n");
	assert_int_equal(mq_mustache_render(t.data, data, NULL, NULL, &out,
	    &err), 0);
	assert_int_equal(strlen(out), 200000 * 5);
	free(out);
	json_decref(data);
	mq_buf_free(&t);
}

static void
null_data_renders_names_empty(void **state)
{
	struct mq_err err;
	char *out;

	assert_int_equal(mq_mustache_render("[{{a}}{{.}}]{{^a}}no{{/a}}", NULL,
	    NULL, NULL, &out, &err), 0);
	assert_string_equal(out, "[]no");
	free(out);
}

/*
 * Decorate's values (mail/mval.h) render as their jansson twins do: the
 * same template over both, every kind of value, dotted names and sections
 * through both, and a jansson value inside an mv one.
 */
static void
mv_values_render_as_their_json_twins(void **state)
{
	static const char *const tmpl =
	    "{{s}}|{{{s}}}|{{i}}|{{z}}|{{t}}|{{f}}|{{n}}|{{l}}|{{o}}|"
	    "{{#l}}<{{.}}>{{/l}}|{{^e}}empty{{/e}}|{{#e}}no{{/e}}|{{o.x}}|"
	    "{{o.missing}}|{{#o}}{{x}}{{s}}{{/o}}|{{#t}}T{{/t}}{{^f}}F{{/f}}|"
	    "{{^n}}N{{/n}}|{{j.k}}|{{#j.arr}}{{z}}{{i}}{{/j.arr}}|{{#z}}0{{/z}}|"
	    "{{#q}}{{/q}}{{^q}}Q{{/q}}|{{#big.x}}{{o.x}}{{/big.x}}{{big.k15}}";
	struct mq_arena *a = mq_arena_new();
	struct mq_mustache *m;
	struct mv *root, *l, *o, *big;
	json_t *j, *twin;
	struct mq_err err;
	char *want, *got, key[16];
	size_t len;
	int i;

	(void)state;
	assert_non_null(a);
	root = mv_obj(a);
	mv_set(a, root, "s", mv_str_ref(a, "a<b & \"c\" 'd'"));
	mv_set(a, root, "i", mv_int(a, -12));
	mv_set(a, root, "z", mv_int(a, 0));
	mv_set(a, root, "t", mv_bool(1));
	mv_set(a, root, "f", mv_bool(0));
	mv_set(a, root, "n", mv_null());
	l = mv_list(a);
	mv_push(a, l, mv_int(a, 1));
	mv_push(a, l, mv_str(a, "two", 3));
	mv_set(a, root, "l", l);
	mv_set(a, root, "e", mv_list(a));
	o = mv_obj(a);
	mv_set(a, o, "x", mv_str_ref(a, "y"));
	mv_set(a, root, "o", o);
	j = json_pack("{s:s, s:[{s:i}, {s:i}]}", "k", "v", "arr", "z", 5, "z", 6);
	assert_non_null(j);
	mv_set(a, root, "j", mv_json(a, j));
	/* enough keys for a hash index, and a replaced value */
	big = mv_obj(a);
	for (i = 0; i < 40; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		mv_set_copy(a, big, key, mv_int(a, i));
	}
	mv_set(a, big, "x", mv_bool(0));
	mv_set(a, big, "x", mv_bool(1));
	mv_set(a, root, "big", big);
	assert_false(mq_arena_oom(a));
	assert_int_equal(mv_size(l), 2);

	twin = mv_to_json(root);
	assert_non_null(twin);
	assert_int_equal(mq_mustache_render(tmpl, twin, NULL, NULL, &want, &err),
	    0);
	assert_int_equal(mq_mustache_parse(tmpl, &m, &err), 0);
	assert_int_equal(mq_mustache_render_mv(m, root, NULL, 0, &got, &len,
	    &err), 0);
	assert_string_equal(got, want);
	assert_int_equal(len, strlen(want));
	assert_string_equal(want, "a&lt;b &amp; &quot;c&quot; &#39;d&#39;|"
	    "a<b & \"c\" 'd'|-12|0|true|false||||<1><two>|empty||y||"
	    "ya&lt;b &amp; &quot;c&quot; &#39;d&#39;|TF|N|v|5-126-12|0|Q|y15");
	free(got);
	free(want);
	mq_mustache_free(m);
	json_decref(twin);
	json_decref(j);
	mq_arena_free(a);
}

/* A source that counts its calls and fails on request. */
struct counted {
	int calls;
	int fail;
};

static int
counted_source(void *ctx, const char *name, const char **text,
    struct mq_err *err)
{
	struct counted *c = ctx;

	c->calls++;
	if (c->fail)
		return mq_fail(err, MQ_IO, "cannot read %s", name);
	*text = strcmp(name, "p") == 0 ? "<{{x}}>\n" : NULL;
	return 0;
}

/*
 * A partial set kept across renders asks its source once per partial and
 * indentation, missing ones included; a failure is the render's, and is
 * not kept: the next render asks again.
 */
static void
a_kept_partial_set_asks_once_and_keeps_no_failure(void **state)
{
	struct counted c = { 0, 1 };
	struct mq_mustache_partials *p;
	struct mq_mustache *m;
	struct mq_err err;
	char *out;
	int i;

	(void)state;
	assert_non_null(p = mq_mustache_partials_new(counted_source, &c));
	assert_int_equal(mq_mustache_parse("[{{>p}}{{>none}}]\n  {{>p}}\n", &m,
	    &err), 0);
	assert_int_equal(mq_mustache_render_mv(m, NULL, p, 0, &out, NULL, &err),
	    MQ_IO);
	assert_null(out);
	assert_non_null(strstr(err.msg, "cannot read p"));
	c.fail = 0;
	c.calls = 0;
	for (i = 0; i < 3; i++) {
		assert_int_equal(mq_mustache_render_mv(m, NULL, p, 0, &out, NULL,
		    &err), 0);
		assert_string_equal(out, "[<>\n]\n  <>\n");
		free(out);
	}
	/* p plain, p indented, none: three, once each */
	assert_int_equal(c.calls, 3);
	mq_mustache_free(m);
	mq_mustache_partials_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spec_interpolation),
		cmocka_unit_test(spec_sections),
		cmocka_unit_test(spec_inverted),
		cmocka_unit_test(spec_comments),
		cmocka_unit_test(spec_partials),
		cmocka_unit_test(spec_delimiters),
		cmocka_unit_test(unclosed_section_names_its_line),
		cmocka_unit_test(mismatched_end_names_both_sections),
		cmocka_unit_test(unclosed_tag_names_its_line),
		cmocka_unit_test(malformed_tags_are_refused),
		cmocka_unit_test(long_delimiters_are_refused),
		cmocka_unit_test(partials_growing_exponentially_are_cut_off),
		cmocka_unit_test(partial_recursion_is_limited),
		cmocka_unit_test(partial_recursion_over_data_is_allowed),
		cmocka_unit_test(partial_errors_name_the_partial),
		cmocka_unit_test(missing_partials_render_empty),
		cmocka_unit_test(deep_truthy_sections_hit_the_depth_limit),
		cmocka_unit_test(utf8_passes_through_untouched),
		cmocka_unit_test(values_render_as_documented),
		cmocka_unit_test(nul_in_data_is_refused),
		cmocka_unit_test(large_lists_and_templates_render),
		cmocka_unit_test(null_data_renders_names_empty),
		cmocka_unit_test(mv_values_render_as_their_json_twins),
		cmocka_unit_test(a_kept_partial_set_asks_once_and_keeps_no_failure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
