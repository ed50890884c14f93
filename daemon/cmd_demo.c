/*
 * cmd_demo.c - `masqued demo`: a whole five-player game of The Masque of the
 * Red Death played by email on the embedded Maildir transport. The daemon
 * mails the players into DATADIR/mail/outbox; five bot players read their
 * mail there and answer with real RFC 5322 replies into DATADIR/mail/inbox,
 * each in its own client's style; `serve --once` passes run until the game
 * ends. Prints the story as it goes, where the mail is, and the verdict of
 * `verify`.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/cli.h"
#include "daemon/clock.h"
#include "daemon/demo_client.h"
#include "daemon/serve.h"
#include "daemon/story.h"
#include "mail/mime_in.h"
#include "mail/transport_maildir.h"

#define DEMO_PLAYERS 5

static const char *const names[DEMO_PLAYERS] = {
	"alice", "bob", "carol", "dave", "erin",
};
static const char *const emails[DEMO_PLAYERS] = {
	"alice@gmail.example", "bob@docomo.example", "carol@163.example",
	"dave@html.example", "erin@terrace.example",
};
static const char *const langs[DEMO_PLAYERS] = { "en", "ja", "zh", "en", "en" };
static const enum mq_client_style styles[DEMO_PLAYERS] = {
	MQ_CLIENT_GMAIL_EN, MQ_CLIENT_SJIS_JA, MQ_CLIENT_163_ZH,
	MQ_CLIENT_HTML_ONLY, MQ_CLIENT_BOTTOM_EN,
};
/* the one who asks for fewer mails (SET NOTICES OFF), where there are any */
#define DEMO_QUIET 4
static const char *const client_names[DEMO_PLAYERS] = {
	"Gmail, top-posting", "a Japanese phone, Shift_JIS", "163 Mail, in Chinese",
	"an HTML-only client", "bottom-posting, with a signature",
};

struct inbox_mail {		/* the latest mail a player has not answered */
	int fresh;
	char reply_to[400], subject[400], msgid[400];
	char *text;
};

struct demo {
	char dir[256], game[16];
	const char *kind;		/* redmasque or masquerade */
	struct inbox_mail last[DEMO_PLAYERS];
	char **seen;
	size_t nseen;
	uint64_t story_seq;
	int replies;
	int answered[DEMO_PLAYERS];
	int mails[DEMO_PLAYERS];	/* the game's mails to each */
};

static int
seen(struct demo *dm, const char *name)
{
	size_t i;

	for (i = 0; i < dm->nseen; i++)
		if (strcmp(dm->seen[i], name) == 0)
			return 1;
	dm->seen = realloc(dm->seen, (dm->nseen + 1) * sizeof(*dm->seen));
	dm->seen[dm->nseen++] = strdup(name);
	return 0;
}

static void
header_value(const char *raw, const char *name, char *out, size_t n)
{
	const char *p = raw;
	size_t len = strlen(name);

	out[0] = '\0';
	while (p && *p && !(p[0] == '\r' && p[1] == '\n')) {
		if (strncasecmp(p, name, len) == 0 && p[len] == ':') {
			p += len + 1;
			p += strspn(p, " ");
			snprintf(out, n, "%.*s", (int)strcspn(p, "\r\n"), p);
			return;
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
}

/* Read the new mail in the outbox: each player keeps its latest. */
static void
read_outbox(struct demo *dm)
{
	struct mq_maildir_list l;
	struct mq_mime_msg *m;
	char path[400], *raw;
	size_t i, len;
	int s;

	snprintf(path, sizeof(path), "%s/mail/outbox", dm->dir);
	if (mq_maildir_list(path, &l, NULL) != 0)
		return;
	for (i = 0; i < l.n; i++) {
		if (seen(dm, l.v[i].name))
			continue;
		if (mq_maildir_read(path, &l.v[i], 1 << 24, &raw, &len, NULL) != 0)
			continue;
		if (mq_mime_parse(raw, len, &m, NULL) == 0) {
			for (s = 0; s < DEMO_PLAYERS; s++)
				if (m->recipients && m->recipients[0] &&
				    strcmp(m->recipients[0], emails[s]) == 0)
					break;
			if (s < DEMO_PLAYERS) {
				struct inbox_mail *im = &dm->last[s];

				dm->mails[s]++;
				header_value(raw, "Reply-To", im->reply_to,
				    sizeof(im->reply_to));
				snprintf(im->subject, sizeof(im->subject), "%s",
				    m->subject ? m->subject : "");
				snprintf(im->msgid, sizeof(im->msgid), "%s",
				    m->message_id ? m->message_id : "");
				free(im->text);
				im->text = strdup(m->text);
				im->fresh = 1;
			}
			mq_mime_msg_free(m);
		}
		free(raw);
	}
	mq_maildir_list_free(&l);
}

/*
 * Each player who owes a move and has new mail answers it; *sent counts
 * the replies. A reply that cannot be written whole is out of memory.
 */
static int
answer(struct demo *dm, struct mq_store *s, long long now, int *sent,
    struct mq_err *err)
{
	struct mq_game *g;
	struct mq_rng rng;
	struct mq_cmd cmds[4];
	struct mq_buf text = MQ_BUF_INIT, mail = MQ_BUF_INIT;
	struct mq_reply_in in;
	char path[400], *nm;
	uint8_t key[32] = { 0 };
	struct mq_err e;
	int seat, n, i, rc = 0, dr;

	*sent = 0;
	if (mq_game_open(s, dm->game, 0, 0, &g, NULL) != 0)
		return 0;
	for (seat = 0; rc == 0 && seat < DEMO_PLAYERS; seat++) {
		struct inbox_mail *im = &dm->last[seat];

		if (!im->fresh || g->kind->owes(g->state, seat) == NULL)
			continue;
		key[0] = (uint8_t)seat;
		mq_rng_open(&rng, key, "demo-bot", (int)g->seq, seat);
		n = g->kind->bot(g->state, seat, seat == 1 || seat == 3 ? 0 : 1, &rng,
		    cmds, 4);
		mq_buf_reset(&text);
		if (!dm->answered[seat] && strcmp(langs[seat], "en") != 0)
			mq_buf_printf(&text, "SET LANG %s\n", langs[seat]);
		if (!dm->answered[seat]++ && seat == DEMO_QUIET &&
		    g->kind->has_secrets)
			mq_buf_puts(&text, "SET NOTICES OFF\n");
		for (i = 0; i < n; i++) {
			if (g->kind->format(g->state, &cmds[i], &text) != 0)
				text.oom = 1;
			mq_buf_putc(&text, '\n');
		}
		if (text.oom) {
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			break;
		}
		memset(&in, 0, sizeof(in));
		in.from = emails[seat];
		in.to = im->reply_to;
		in.subject = im->subject;
		in.in_reply_to = im->msgid;
		in.quoted_text = im->text;
		in.commands = mq_buf_str(&text);
		in.date = now;
		in.seq = ++dm->replies;
		mq_buf_reset(&mail);
		if (mq_demo_reply(styles[seat], g->gd.json, &in, &mail) != 0) {
			fprintf(stderr, "demo: %s could not write a reply\n", names[seat]);
			continue;
		}
		snprintf(path, sizeof(path), "%s/mail/inbox", dm->dir);
		/* a reply not delivered is said, and the demo goes on */
		if ((dr = mq_maildir_deliver(path, mq_buf_str(&mail), mail.len, now,
		    &nm, &e)) != 0)
			fprintf(stderr, "demo: %s\n", e.msg);
		if (dr == 0) {
			struct mq_buf w = MQ_BUF_INIT;

			mq_demo_words(styles[seat], g->gd.json, mq_buf_str(&text), &w);
			printf("  %s replies (%s): ", names[seat], client_names[seat]);
			for (i = 0; i < (int)w.len; i++)
				if (w.data[i] != '\n')
					putchar(w.data[i]);
				else if (i + 1 < (int)w.len)
					fputs(" / ", stdout);
			printf("\n");
			mq_buf_free(&w);
			free(nm);
			(*sent)++;
		}
		im->fresh = 0;
	}
	mq_buf_free(&text);
	mq_buf_free(&mail);
	mq_game_close(g);
	return rc;
}

/* The host's story of the entries logged since the last call, whole. */
static int
tell(struct demo *dm, struct mq_store *s, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	int rc;

	rc = mq_story_since(s, dm->game, dm->story_seq ? dm->story_seq : 1, &b,
	    &dm->story_seq, err);
	if (rc == 0)
		fputs(mq_buf_str(&b), stdout);
	mq_buf_free(&b);
	return rc;
}

static int
make_game(struct demo *dm, struct mq_cli *cli, struct mq_err *err)
{
	struct mq_new_game ng;
	struct mq_store s;
	uint8_t seed[32];
	char conf[300];
	FILE *f;
	int i, rc, base;

	MQ_TRY(mq_store_init(dm->dir, err));
	snprintf(conf, sizeof(conf), "%s/masqued.conf", dm->dir);
	if ((f = fopen(conf, "a")) != NULL) {
		fputs("\n# the demo's settings\nfrom = masqued <game@masqued.demo>\n"
		    "reply_local = game\nreply_domain = masqued.demo\n"
		    "rate_limit = 1000\n", f);
		fclose(f);
	}
	memset(&ng, 0, sizeof(ng));
	ng.kind = dm->kind;
	ng.nplayers = DEMO_PLAYERS;
	for (i = 0; i < DEMO_PLAYERS; i++) {
		ng.names[i] = names[i];
		ng.emails[i] = emails[i];
	}
	/* A fixed seed, so every demo tells the same story; for The Red
	 * Death one where some nobles live to see the dawn and one wins
	 * (about one seed in five kills everybody, a dull first look). */
	base = strcmp(dm->kind, "redmasque") == 0 ? 0x50 : 0x5a;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(base ^ i);
	ng.seed = seed;
	ng.lang = "en";
	ng.ts = mq_clock_now();
	MQ_TRY(mq_store_open(dm->dir, 1, &s, err));
	rc = mq_game_create(&s, &ng, dm->game, err);
	mq_store_close(&s);
	if (rc)
		return rc;
	cli->datadir = dm->dir;
	MQ_TRY(mq_cli_welcome(cli, dm->game, err));
	/* Bob reads Japanese, Carol Chinese: their first replies say so. */
	return 0;
}

int
mq_cmd_demo(struct mq_cli *cli, int argc, char **argv)
{
	struct demo dm;
	struct mq_daemon d;
	struct mq_pass_stats st;
	struct mq_err err;
	struct mq_game *g;
	uint64_t n = 0;
	int pass, rc, over = 0, quiet = 0, saved_stderr = -1, logfd, sent;
	char logname[300];
	size_t i;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "redmasque") != 0 &&
	    strcmp(argv[1], "masquerade") != 0))
		return mq_cli_usage("demo takes redmasque (the default) or "
		    "masquerade");
	memset(&dm, 0, sizeof(dm));
	dm.kind = argc == 2 ? argv[1] : "redmasque";
	snprintf(dm.dir, sizeof(dm.dir), "/tmp/masqued-demo.XXXXXX");
	if (mkdtemp(dm.dir) == NULL) {
		mq_fail_errno(&err, MQ_IO, "Cannot make a folder for the demo");
		return mq_cli_report(&err);
	}
	printf("masqued demo: a game of %s by email.\n"
	    "Data folder: %s\n", strcmp(dm.kind, "masquerade") == 0 ?
	    "The Masquerade" : "The Masque of the Red Death", dm.dir);
	if ((rc = make_game(&dm, cli, &err)) != 0)
		return mq_cli_report(&err);
	printf("Game %s: five players, each with a different mail client:\n",
	    dm.game);
	for (i = 0; i < DEMO_PLAYERS; i++)
		printf("  %-6s <%s>, %s (%s%s)\n", names[i], emails[i],
		    client_names[i], langs[i], i == DEMO_QUIET &&
		    strcmp(dm.kind, "masquerade") != 0 ? "; SET NOTICES OFF" : "");
	if ((rc = mq_daemon_open(&d, dm.dir, NULL, &err)) != 0)
		return mq_cli_report(&err);
	/* The daemon's own log goes to a file, so the story reads on its own. */
	snprintf(logname, sizeof(logname), "%s/masqued.log", dm.dir);
	fflush(stderr);
	saved_stderr = dup(2);
	if ((logfd = open(logname, O_WRONLY | O_CREAT | O_APPEND, 0644)) >= 0) {
		dup2(logfd, 2);
		close(logfd);
	}
	for (pass = 1; pass < 2000 && quiet < 3; pass++) {
		d.now = mq_clock_now();
		if ((rc = mq_serve_pass(&d, &st, &err)) != 0 ||
		    (rc = tell(&dm, &d.store, &err)) != 0)
			break;
		read_outbox(&dm);
		if (!over && mq_game_open(&d.store, dm.game, 0, 0, &g, NULL) == 0) {
			over = g->kind->is_over(g->state);
			mq_game_close(g);
		}
		if ((rc = answer(&dm, &d.store, d.now, &sent, &err)) != 0)
			break;
		quiet = sent == 0 && st.messages == 0 && st.sent == 0 ?
		    quiet + 1 : 0;
	}
	mq_daemon_close(&d);
	fflush(stderr);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, 2);
		close(saved_stderr);
	}
	if (rc != 0)	/* a pass, the story or a reply failed: say which */
		goto out;
	printf("\nThe daemon's log: %s\n", logname);
	printf("The mail: %s/mail/outbox/new (%zu sent by the game), "
	    "%s/mail/inbox/cur (%d replies).\nMails to each player:", dm.dir,
	    dm.nseen, dm.dir, dm.replies);
	for (i = 0; i < DEMO_PLAYERS; i++)
		printf("%s %s %d%s", i ? "," : "", names[i], dm.mails[i],
		    i == DEMO_QUIET && strcmp(dm.kind, "masquerade") != 0 ?
		    " (SET NOTICES OFF)" : "");
	printf(".\n");
	{
		char logpath[400];
		struct mq_store s;

		snprintf(logpath, sizeof(logpath), "%s/games/%s/log", dm.dir, dm.game);
		rc = mq_store_open(dm.dir, 0, &s, &err);
		if (rc == 0 && (rc = mq_logfile_verify(logpath, s.keys.pk, &n, &err)) == 0 &&
		    (rc = mq_game_open(&s, dm.game, 0, 0, &g, &err)) == 0) {
			printf("masqued verify %s: ok, %llu entries: chain, signatures, "
			    "commitments and replay sound.\n", dm.game,
			    (unsigned long long)n);
			rc = g->kind->is_over(g->state) ? 0 : MQ_REFUSED;
			if (rc)
				mq_fail(&err, MQ_REFUSED, "The demo game did not end.");
			mq_game_close(g);
		}
		mq_store_close(&s);
	}
out:
	for (i = 0; i < dm.nseen; i++)
		free(dm.seen[i]);
	free(dm.seen);
	for (i = 0; i < DEMO_PLAYERS; i++)
		free(dm.last[i].text);
	if (rc)
		return mq_cli_report(&err);
	printf("Look at the mail with any mail reader, e.g.: mutt -f %s/mail/outbox\n",
	    dm.dir);
	return 0;
}
