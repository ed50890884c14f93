/*
 * cmd_verify.c - settling disputes: verify a log (chain, signatures,
 * canonical form, commitments, and that it replays), and verify a receipt.
 * Exit 0 only if sound, else 3 and "entry SEQ: what is wrong" on stderr.
 * A game's export (the end mail tells the players to run verify on it) is
 * verified as its log, replayed with the game data it carries.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/mailmark.h"
#include "daemon/checkpoint.h"
#include "daemon/export_file.h"
#include "daemon/gamedata.h"
#include "daemon/kept.h"
#include "daemon/receipt.h"
#include "daemon/replay.h"
#include "daemon/store.h"
#include "fileio.h"

/* GAME (in the data folder) or a path to a log file. */
static void
log_path(const struct mq_cli *cli, const char *arg, char *out, size_t n)
{
	if (strchr(arg, '/') != NULL || access(arg, F_OK) == 0)
		snprintf(out, n, "%s", arg);
	else
		snprintf(out, n, "%s/games/%s/log", cli->datadir, arg);
}

/* The log path names is there, else why not: a game's folder without its
 * log (MQ_BADDATA), or neither a file nor a game (MQ_REFUSED). */
static int
log_there(const struct mq_cli *cli, const char *arg, const char *path,
    struct mq_err *err)
{
	char dir[1400], near[MQ_GAME_ID_LEN + 1];
	struct mq_store s;
	int rc;

	if (strchr(arg, '/') != NULL || access(path, F_OK) == 0)
		return 0;
	snprintf(dir, sizeof(dir), "%s/games/%s", cli->datadir, arg);
	if (access(dir, F_OK) == 0)
		/* the game's folder without its log: as every command says it */
		return mq_fail(err, MQ_BADDATA, "The log of game %s is missing "
		    "(%s/log); the game stops until you put it back from a "
		    "backup.", arg, dir);
	/* no data folder at all: said as every other command says it (exit
	 * 4), not as a game missing from one */
	rc = mq_store_open(cli->datadir, 0, &s, err);
	mq_store_close(&s);
	if (rc != 0)
		return rc;
	/* neither a file here nor a game: as log and view say it */
	mq_store_near_game(cli->datadir, arg, near, sizeof(near));
	if (near[0])
		return mq_fail(err, MQ_REFUSED, "There is no game \"%s\" in %s, "
		    "and no log file of that name; did you mean %s?", arg,
		    cli->datadir, near);
	return mq_fail(err, MQ_REFUSED, "There is no game \"%s\" in %s, and no "
	    "log file of that name.", arg, cli->datadir);
}

/* The key given (--key, parsed already into pk), else the data folder's. */
static int
trusted_key(const struct mq_cli *cli, const char *keyarg, unsigned char pk[32],
    struct mq_err *err)
{
	if (keyarg != NULL)
		return 0;
	return mq_keys_load_pub(cli->datadir, pk, err);
}

/*
 * An export's own data_hash (export_file.c puts it beside its log) is the
 * genesis's, which the replay held its game data to: an outside verifier
 * (tests/verify_export.py) checks that field, so one that disagrees must
 * not verify "ok" here.
 */
static int
export_data_hash_ok(const char *dir, const struct mq_game *g)
{
	char path[1400], buf[128];
	const char *want = json_string_value(json_object_get(g->genesis,
	    "data_hash"));
	struct mq_err e;
	size_t len;
	int present;

	snprintf(path, sizeof(path), "%s/data_hash", dir);
	return want != NULL && mq_file_read_small(path, buf, sizeof(buf), &len,
	    &present, &e) == 0 && present && strlen(buf) == len &&
	    strcmp(buf, want) == 0;
}

/*
 * An export's game data is this masqued's own for its kind: a game played
 * under rules the host changed (config/games edited, MASQUED_GAMES) replays
 * soundly under them, and a player must hear that they were not the
 * published ones. 0, or MQ_BADDATA (MQ_IO: this masqued's own data cannot
 * be read) and a sentence.
 */
static int
export_rules_ours(const struct mq_game *g, struct mq_err *err)
{
	const char *kind = json_string_value(json_object_get(g->genesis, "kind"));
	const char *theirs = json_string_value(json_object_get(g->genesis,
	    "data_hash"));
	char ours[65];
	struct mq_gamedata gd;
	struct mq_err e;

	if (kind == NULL || theirs == NULL)
		return 0;	/* the replay said so already */
	if (mq_gamedata_load(kind, &gd, &e) != 0)
		return mq_fail(err, MQ_IO, "Game %s replays soundly, but whether "
		    "its rules are this masqued's cannot be told: %s", g->id,
		    e.msg);
	sodium_bin2hex(ours, sizeof(ours), gd.hash, sizeof(gd.hash));
	mq_gamedata_free(&gd);
	if (strcmp(ours, theirs) == 0)
		return 0;
	return mq_fail(err, MQ_BADDATA, "Game %s was played under game data "
	    "(its rules, cards and board) that are not this masqued's: its "
	    "data_hash is %.16s..., this masqued's %s data %.16s... (changed "
	    "by the host, or another masqued version's); it replays soundly "
	    "under its own.", g->id, theirs, kind, ours);
}

/*
 * A game's log of n entries (and a torn last line of torn bytes) shorter
 * than a witness in dir says it went to (upto): the mark of mailed entries
 * (an old backup put back, or a hand), or, with ended set, the ended mark,
 * written once the game's end entry is logged, so that a log cut with its
 * mark of mailed entries deleted as well is still told cut. MQ_BADDATA,
 * the sentence in err.
 */
static int
cut_sentence(const char *dir, uint64_t n, size_t torn, uint64_t upto,
    int ended, struct mq_err *err)
{
	char witness[160];

	if (ended)
		snprintf(witness, sizeof(witness), "the game was recorded as "
		    "ended at entry %llu", (unsigned long long)upto);
	else
		snprintf(witness, sizeof(witness), "entries up to %llu were "
		    "mailed to the players", (unsigned long long)upto);
	if (torn > 0)
		/* as an editor that drops the last line end leaves it */
		return mq_fail(err, MQ_BADDATA, "entry %llu: the log ends at "
		    "entry %llu and a last line of %zu bytes with no line "
		    "end, but %s (%s/%s): if that line is entry %llu whole, "
		    "put its line end back; else its last entries were "
		    "removed.", (unsigned long long)(n + 1),
		    (unsigned long long)n, torn, witness, dir,
		    ended ? "ended" : "mailed", (unsigned long long)(n + 1));
	return mq_fail(err, MQ_BADDATA, "entry %llu: the log ends at entry "
	    "%llu, but %s (%s/%s): its last entries were removed.",
	    (unsigned long long)(n + 1), (unsigned long long)n, witness, dir,
	    ended ? "ended" : "mailed");
}

/* The game id a data folder's game folder dir names (DATA/games/ID), or
 * NULL for a folder that is none (an export's, a log copied away). */
static const char *
game_folder(const char *dir)
{
	const char *id = strrchr(dir, '/');
	size_t n;

	if (id == NULL || strlen(++id) != 8 ||
	    strspn(id, "abcdefghijklmnopqrstuvwxyz234567") != 8)
		return NULL;
	n = (size_t)(id - 1 - dir);
	return n >= 5 && strncmp(dir + n - 5, "games", 5) == 0 &&
	    (n == 5 || dir[n - 6] == '/') ? id : NULL;
}

/*
 * Each entry of lf dated before the entry before it, a warning line into
 * out: the host's clock went back (or MASQUED_NOW was pinned back). The
 * log is sound, and verify passes; but these times are the evidence of a
 * dispute over a deadline, so a player or host must see where the clock
 * went back. 0, or MQ_IO (out of memory) with err set.
 */
static int
clock_backs(struct mq_logfile *lf, struct mq_buf *out, struct mq_err *err)
{
	const char *game = mq_logfile_game(lf);
	const struct mq_log_entry *e;
	long long ts, prev = 0;
	char s[200];
	int rc;

	mq_logfile_rewind(lf);
	while ((rc = mq_logfile_next(lf, &e, err)) == 0 && e != NULL) {
		ts = json_integer_value(json_object_get(e->body, "ts"));
		if (e->seq > 1 && ts < prev) {
			mq_log_clock_back(e->seq, ts, prev, s, sizeof(s));
			/* the game named, as each line of verify names it */
			mq_buf_printf(out, "masqued: warning: game %s: %s; the "
			    "chain and signatures are sound, but the times there "
			    "are only what the server's clock said.\n", game, s);
		}
		prev = ts;
	}
	if (rc == 0 && out->oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	return rc;
}

/*
 * What an export (in dir, its log of n entries replayed into g) must be
 * beyond a sound log: export is made of a game that is over, its end
 * entry logged, and under this masqued's game data. 0, or MQ_BADDATA (MQ_IO:
 * this masqued's own data cannot be read) and a sentence; one that names
 * an entry ("entry N: ...") for an export cut short.
 */
static int
export_whole(const char *dir, const struct mq_game *g, uint64_t n,
    struct mq_err *err)
{
	if (!mq_game_over(g))
		/* its last entries cut: with no mark of mailed entries beside
		 * it, it would else verify "ok" */
		return mq_fail(err, MQ_BADDATA, "entry %llu: the export ends at "
		    "entry %llu, before the game is over: its last entries were "
		    "removed.", (unsigned long long)(n + 1),
		    (unsigned long long)n);
	if (g->end_seq == 0)
		/* over in play, but cut of its end entry alone: the entry
		 * that says how it ended (export waits for it) is part of
		 * an export */
		return mq_fail(err, MQ_BADDATA, "entry %llu: the export ends at "
		    "entry %llu, where the game is over but before its end "
		    "entry (the result): its last entry was removed.",
		    (unsigned long long)(n + 1), (unsigned long long)n);
	if (!export_data_hash_ok(dir, g))
		return mq_fail(err, MQ_BADDATA, "The export's data_hash is not "
		    "the hash of its game data (the data_hash of entry 1).");
	return export_rules_ours(g, err);
}

/*
 * The game id the first line of the log at path holds, into id (empty
 * when it holds none): a log that does not verify still names its game
 * so in verify's line, when no game folder names it.
 */
static void
first_game(const char *path, char id[MQ_GAME_ID_LEN + 1])
{
	char *line = NULL;
	const char *tab, *g;
	size_t cap = 0;
	ssize_t n;
	json_t *body = NULL;
	FILE *f;

	id[0] = '\0';
	if ((f = fopen(path, "r")) == NULL)
		return;
	if ((n = getline(&line, &cap, f)) > 0 &&
	    (tab = memchr(line, '\t', (size_t)n)) != NULL)
		body = json_loadb(line, (size_t)(tab - line), 0, NULL);
	g = json_string_value(json_object_get(body, "game"));
	if (g != NULL && strlen(g) == MQ_GAME_ID_LEN &&
	    strspn(g, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN)
		snprintf(id, MQ_GAME_ID_LEN + 1, "%s", g);
	json_decref(body);
	free(line);
	fclose(f);
}

/*
 * Verify the log at path under pk, and that it is not shorter than the
 * mark of mailed entries beside it; print the "ok" line, said added to it.
 * 0, or MQ_BADDATA (MQ_IO for a log that cannot be read) with err set;
 * game gets the id of the game the log is of, as far as it is told (its
 * folder's, else its first line's; empty when neither names one).
 */
static int
verify_file(const char *path, const unsigned char pk[32], const char *said,
    int export, char game[MQ_GAME_ID_LEN + 1], struct mq_err *err)
{
	struct mq_game *g = NULL, g0;
	struct mq_logfile *lf;
	struct mq_buf back = MQ_BUF_INIT;
	char tail[1800] = "";
	const char *slash, *folder;
	uint64_t n = 0, mark, end;
	size_t torn = 0;
	int rc, present, ended;

	/* the mark of mailed entries beside a game's log, and its ended mark,
	 * read before the log: a serve at work may append and mail more
	 * meanwhile, never fewer */
	slash = strrchr(path, '/');
	snprintf(g0.dir, sizeof(g0.dir), "%.*s", slash ? (int)(slash - path) : 1,
	    slash ? path : ".");
	mark = mq_mailmark_read(&g0, &present);
	ended = mq_game_ended_seq(g0.dir, &end);
	if ((folder = game_folder(g0.dir)) != NULL)
		snprintf(game, MQ_GAME_ID_LEN + 1, "%s", folder);
	else
		first_game(path, game);
	if ((rc = mq_logfile_open_read(path, pk, &lf, err)) == 0) {
		n = mq_logfile_seq(lf);
		torn = mq_logfile_torn(lf);
		/* two games' logs swapped: said so, before the game data (of
		 * the folder's game) or the mark are blamed */
		if ((folder = game_folder(g0.dir)) != NULL &&
		    *mq_logfile_game(lf) != '\0' &&
		    strcmp(folder, mq_logfile_game(lf)) != 0)
			rc = mq_fail(err, MQ_BADDATA, "entry 1: this log is game "
			    "%s's, not game %s's: %s holds another game's log (put "
			    "game %s's own back).", mq_logfile_game(lf), folder,
			    g0.dir, folder);
		if (rc == 0)
			rc = clock_backs(lf, &back, err);
		mq_logfile_close(lf);
	}
	if (rc == 0 && (rc = mq_game_open_file(path, pk, 0, &g, err)) == 0 &&
	    present && mark > n) {
		rc = cut_sentence(g0.dir, n, torn, mark, 0, err);
		mq_game_close(g);
	} else if (rc == 0 && ended && end > n) {
		/* the second witness: a cut whose mailed mark went too */
		rc = cut_sentence(g0.dir, n, torn, end, 1, err);
		mq_game_close(g);
	} else if (rc == 0 && export && (rc = export_whole(g0.dir, g, n,
	    err)) != 0)
		mq_game_close(g);
	if (rc == 0) {
		/* A torn tail is what a crash mid-append leaves, and the next
		 * append moves it to quarantine (DESIGN): not a failure, but said. */
		if (torn > 0)
			snprintf(tail, sizeof(tail), "; a torn last line of %zu bytes "
			    "is not an entry (a crash mid-append leaves one; the next "
			    "append moves it to the quarantine file)", torn);
		if (!present && mq_mailmark_damaged(g0.dir))
			snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail),
			    "; but its mark of mailed "
			    "entries %s/mailed is damaged, so whether entries were "
			    "cut from its end cannot be told (the game's next entry "
			    "writes a good mark)", g0.dir);
		else if (!present && !export && game_folder(g0.dir) != NULL &&
		    mq_mailmark_missing(g0.dir))
			snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail),
			    "; but its mark of mailed entries %s/mailed is missing, "
			    "so whether entries were cut from its end cannot be "
			    "told (serve writes a new one when it starts)", g0.dir);
		printf("ok: game %s, %llu entr%s, chain, signatures, commitments and "
		    "replay sound%s%s.\n", g->id, (unsigned long long)n,
		    n == 1 ? "y" : "ies", tail, said);
		/* after the verdict, which they do not change (stderr) */
		fflush(stdout);
		fputs(mq_buf_str(&back), stderr);
		mq_buf_free(&back);
		mq_game_close(g);
		return 0;
	}
	mq_buf_free(&back);
	/* A log that cannot be read at all is an I/O failure; anything else is
	 * a verification failure. */
	if (rc != MQ_IO)
		rc = MQ_BADDATA;
	err->code = rc;
	return rc;
}

/*
 * A verification's failure (MQ_BADDATA) in err, the game named first,
 * "game G: entry 3: ...", as the ok line and the warnings name it: a host
 * who verifies several games reads which line is which. rc returned.
 */
static int
name_game(int rc, const char *game, struct mq_err *err)
{
	char msg[sizeof(err->msg)];

	if (rc != MQ_BADDATA || game[0] == '\0')
		return rc;
	snprintf(msg, sizeof(msg), "%s", err->msg);
	return mq_fail(err, rc, "game %s: %s", game, msg);
}

int
mq_cmd_verify(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_err err;
	char game[MQ_GAME_ID_LEN + 1] = "";
	unsigned char pk[32], xpk[32];
	char path[1400], xdir[1200] = "", pub[1300];
	char xkey[160] = "";
	const char *key = NULL;
	int rc, a, keys = 0;

	/* given twice, which key was meant? as verify-receipt says */
	for (a = 2; a < argc; a++)
		keys += strcmp(argv[a], "--key") == 0;
	if (keys > 1)
		return mq_cli_usage("--key is given twice");
	if (argc == 4 && strcmp(argv[2], "--key") == 0)
		key = argv[3];
	else if (argc != 2)
		return mq_cli_usage("verify takes GAME|LOGFILE|EXPORT [--key PUB]");
	/* a key mistyped (exit 2) or a key file missing (4) is said first,
	 * as a usage error is, before the game is looked for */
	if (key != NULL && mq_keys_parse_pub(key, pk, &err) != 0)
		return mq_cli_report(&err);
	log_path(cli, argv[1], path, sizeof(path));
	if ((strchr(argv[1], '/') != NULL || access(argv[1], F_OK) == 0) &&
	    access(argv[1], R_OK) == 0) {
		/* a game's export: its log, replayed with its own game data */
		if ((rc = mq_export_unpack(argv[1], xdir, sizeof(xdir), xpk,
		    &err)) == 0)
			snprintf(path, sizeof(path), "%s/log", xdir);
		else if (rc != 1)
			return mq_cli_report(&err);
	}
	if (xdir[0] != '\0') {
		if (key == NULL) {
			/* no key given: the export's own, said with the result */
			char hexkey[65];

			memcpy(pk, xpk, sizeof(pk));
			sodium_bin2hex(hexkey, sizeof(hexkey), xpk, 32);
			snprintf(xkey, sizeof(xkey), "; signed by the export's key "
			    "%s, which must be the server key the game's mails show",
			    hexkey);
		}
		if ((rc = verify_file(path, pk, xkey, 1, game, &err)) != 0) {
			mq_export_reword(xdir, &err);
			name_game(rc, game, &err);
		}
		mq_export_clean(xdir);
		return rc ? mq_cli_report(&err) : 0;
	}
	if ((rc = log_there(cli, argv[1], path, &err)) != 0)
		return mq_cli_report(&err);
	if (access(path, R_OK) != 0) {
		mq_fail_errno(&err, MQ_IO, "Cannot read the log %s", path);
		return mq_cli_report(&err);
	}
	snprintf(pub, sizeof(pub), "%s/keys/server.pub", cli->datadir);
	if (key == NULL && (strchr(argv[1], '/') != NULL ||
	    access(argv[1], F_OK) == 0) && access(pub, F_OK) != 0) {
		/* a file that is no export, and no data folder (a player who
		 * saved the mail, not the export): as log and replay say it,
		 * not "Cannot read the key file data/keys/server.pub" */
		mq_fail(&err, MQ_REFUSED, "%s is no game's export (masqued "
		    "export GAME writes one); a game's log file is verified "
		    "under its server's key, a data folder's (-C DATADIR) or "
		    "--key PUB; a game of the data folder is named by its id.",
		    argv[1]);
		return mq_cli_report(&err);
	}
	if ((rc = trusted_key(cli, key, pk, &err)))
		return mq_cli_report(&err);
	rc = verify_file(path, pk, "", 0, game, &err);
	/* a file given by name that is no log at all (docs/commands.md): said as
	 * log, state and replay say it (exit 1), not as a damaged log */
	/* (a lone torn line is a log's: a crash in its first append) */
	if (rc == MQ_BADDATA && strncmp(err.msg, "entry 1:", 8) == 0 &&
	    strstr(err.msg, "holds no complete entry") == NULL &&
	    (strchr(argv[1], '/') != NULL || access(argv[1], F_OK) == 0) &&
	    !mq_logfile_shaped(path)) {
		char why[sizeof(err.msg)];
		size_t n;

		snprintf(why, sizeof(why), "%s", err.msg);
		if ((n = strlen(why)) > 0 && why[n - 1] == '.')
			why[n - 1] = '\0';
		rc = mq_fail(&err, MQ_REFUSED, "The file %s is neither a "
		    "game's export (masqued export GAME writes one) nor a "
		    "game's log (%s); a game of the data folder is named by "
		    "its id.", argv[1], why);
	}
	name_game(rc, game, &err);
	return rc ? mq_cli_report(&err) : 0;
}

/*
 * What the receipt's signed body holds, for its ok line: "bob: PLAY
 * discuss; MOVE cw" (a secret's text is in the body beside its
 * commitment; a command without it is told by its commitment). Not the
 * mail's readable lines, which a player may have changed. Into out.
 */
static void
receipt_what(const struct mq_receipt *r, struct mq_buf *out)
{
	json_t *b = json_loads(r->body, 0, NULL), *c;
	const char *who = json_string_value(json_object_get(b, "player"));
	const char *type = json_string_value(json_object_get(b, "type"));
	const char *text, *commit;
	size_t i;

	if (b == NULL) {
		out->oom = 1;	/* told as out of memory, not as no move */
		return;
	}
	if (json_array_size(json_object_get(b, "commands")) == 0) {
		/* no receipt of masqued's is of another entry: told by its type */
		mq_buf_printf(out, "a%s %s entry", type != NULL &&
		    type[0] != '\0' && strchr("aeiou", type[0]) != NULL ? "n" : "",
		    type != NULL ? type : "untyped");
		json_decref(b);
		return;
	}
	mq_buf_printf(out, "%s:", who != NULL ? who : "?");
	json_array_foreach(json_object_get(b, "commands"), i, c) {
		text = json_string_value(json_object_get(c, "text"));
		commit = json_string_value(json_object_get(c, "commit"));
		if (text != NULL)
			mq_buf_printf(out, "%s %s", i ? ";" : "", text);
		else
			mq_buf_printf(out, "%s a secret of commitment %.16s...",
			    i ? ";" : "", commit != NULL ? commit : "?");
	}
	json_decref(b);
}

/*
 * The moves of the receipt's entry that a later one of the same seat
 * changed before they were revealed (replay.h's rule, the receipt mail's
 * "changes your move of entry N"), in g (the log replayed as far as it
 * is sound), appended to out: "; entry 23 changed it (PLAY mock TARGET
 * alice, bob's own mail)", "; entry 25 changed its MOVE stay (MOVE cw,
 * entered by the host)". The receipt is sound, but not the move played.
 */
static void
receipt_changed(struct mq_game *g, const struct mq_receipt *r,
    struct mq_buf *out)
{
	const struct mq_log_entry *e;
	const struct mq_change *x, *first = NULL;
	json_t *b = json_loads(r->body, 0, NULL), *c;
	const char *text, *who;
	struct mq_err err;
	size_t i, k, n = json_array_size(json_object_get(b, "commands"));
	int whole = n > 0, some = 0, listed;

	if (b == NULL)
		out->oom = 1;	/* told as out of memory, not left out */
	for (i = 0; i < n; i++) {
		if ((x = mq_game_change_of(g->changes, g->nchanges, r->seq,
		    (int)i)) == NULL) {
			whole = 0;
			continue;
		}
		some = 1;
		if (first == NULL)
			first = x;
		whole &= x->by == first->by && x->by != r->seq;
	}
	for (i = 0; some && i < n; i++) {
		if ((x = mq_game_change_of(g->changes, g->nchanges, r->seq,
		    (int)i)) == NULL || (whole && i > 0))
			continue;
		c = json_array_get(json_object_get(b, "commands"), i);
		text = json_string_value(json_object_get(c, "text"));
		if (x->by == r->seq) {
			c = json_array_get(json_object_get(b, "commands"),
			    (size_t)x->by_index);
			mq_buf_printf(out, "; a later command of the same "
			    "entry changed its %s (%s)", text != NULL ? text : "?",
			    json_string_value(json_object_get(c, "text")) ?
			    json_string_value(json_object_get(c, "text")) : "?");
			continue;
		}
		if (mq_logfile_find(g->lf, x->by, &e, &err) != 0 || e == NULL) {
			mq_buf_printf(out, "; entry %llu changed %s%s",
			    (unsigned long long)x->by, whole ? n > 1 ? "them" :
			    "it" : "its ",
			    whole ? "" : text != NULL ? text : "?");
			continue;
		}
		mq_buf_printf(out, "; entry %llu changed %s%s (",
		    (unsigned long long)x->by, whole ? n > 1 ? "them" : "it" :
		    "its ",
		    whole ? "" : text != NULL ? text : "?");
		/* what it holds in its place: of the whole entry, its moves
		 * that changed this one's */
		for (k = 0, listed = 0; k < n; k++) {
			const struct mq_change *y = mq_game_change_of(g->changes,
			    g->nchanges, r->seq, (int)k);

			if (y == NULL || y->by != x->by || (!whole && k != i))
				continue;
			c = json_array_get(json_object_get(e->body, "commands"),
			    (size_t)y->by_index);
			mq_buf_printf(out, "%s%s", listed++ ? "; " : "",
			    json_string_value(json_object_get(c, "text")) ?
			    json_string_value(json_object_get(c, "text")) : "?");
		}
		who = json_string_value(json_object_get(e->body, "player"));
		/* no mail of the player's holds it: a dispute turns on that */
		if (json_object_get(e->body, "msg") == NULL)
			mq_buf_printf(out, ", entered by the host)");
		else
			mq_buf_printf(out, ", %s's own mail)", who != NULL ? who :
			    "the player");
	}
	json_decref(b);
}

/*
 * After what a player kept (a receipt or checkpoint of entries up to upto)
 * was checked against the log of GAME at path, signed under pk: the log as
 * a whole, as verify checks it. A log damaged or cut past those entries
 * leaves their verdict standing, but is no sound log. 0 when it is sound;
 * else MQ_BADDATA (MQ_IO: it cannot be read) and one sentence, as log and
 * state say a damage past what they show. The warnings of its entries
 * dated before the entry before them (clock_backs) into back, as verify
 * gives them.
 */
static int
whole_log(const char *game, const char *path, const char *export,
    const unsigned char pk[32], uint64_t upto, const struct mq_receipt *r,
    struct mq_buf *changed, struct mq_buf *back, struct mq_err *err)
{
	struct mq_game *g = NULL, g0;
	struct mq_logfile *lf;
	struct mq_damage dmg;
	struct mq_err why, cut;
	char what[1500], tail[400] = "";
	const char *slash;
	uint64_t n, mark, bad, end;
	size_t torn, len;
	int present, rc, ended;

	/* the marks before the log, as verify_file reads them */
	slash = strrchr(path, '/');
	snprintf(g0.dir, sizeof(g0.dir), "%.*s", slash ? (int)(slash - path) : 1,
	    slash ? path : ".");
	mark = mq_mailmark_read(&g0, &present);
	ended = mq_game_ended_seq(g0.dir, &end);
	MQ_TRY(mq_logfile_open_sound(path, pk, 0, &lf, &bad, &why, err));
	n = mq_logfile_seq(lf);
	torn = mq_logfile_torn(lf);
	/* the entries that are sound, as far as they go: the times a
	 * dispute over a deadline turns on, where the clock went back */
	rc = clock_backs(lf, back, err);
	mq_logfile_close(lf);
	if (rc != 0)
		return rc;
	/* an entry that verifies but does not replay is found by the replay */
	memset(&dmg, 0, sizeof(dmg));
	MQ_TRY(mq_game_open_file_sound(path, pk, 0, &dmg, &g, err));
	if (r != NULL)
		receipt_changed(g, r, changed);
	/* an export cut before the game's end (or not of this masqued's
	 * game data) verifies only as far as verify says it does */
	if (dmg.seq == 0 && export != NULL &&
	    (rc = export_whole(g0.dir, g, n, &cut)) != 0) {
		if (rc != MQ_BADDATA) {
			mq_game_close(g);
			return mq_fail(err, rc, "%s", cut.msg);
		}
		if (strncmp(cut.msg, "entry ", 6) == 0)
			dmg.seq = strtoull(cut.msg + 6, NULL, 10);
		else {	/* the export's as a whole */
			dmg.seq = upto;
			cut.msg[0] = (char)tolower((unsigned char)cut.msg[0]);
		}
		snprintf(dmg.why, sizeof(dmg.why), "%s", cut.msg);
	}
	mq_game_close(g);
	if (dmg.seq == 0 && present && mark > n) {
		cut_sentence(g0.dir, n, torn, mark, 0, &cut);
		dmg.seq = n + 1;
		snprintf(dmg.why, sizeof(dmg.why), "%s", cut.msg);
	} else if (dmg.seq == 0 && ended && end > n) {
		cut_sentence(g0.dir, n, torn, end, 1, &cut);
		dmg.seq = n + 1;
		snprintf(dmg.why, sizeof(dmg.why), "%s", cut.msg);
	}
	/* as verify's ok line says it: a log whose cut cannot be told is
	 * no proof that none was made, so a kept mail's ok is not the last
	 * word (a warning, the verdict standing) */
	if (dmg.seq == 0 && !present && export == NULL &&
	    game_folder(g0.dir) != NULL && (mq_mailmark_damaged(g0.dir) ||
	    mq_mailmark_missing(g0.dir))) {
		mq_buf_printf(back, "masqued: warning: game %s: its mark of "
		    "mailed entries %s/mailed is %s, so whether entries were "
		    "cut from the end of its log cannot be told (%s).\n",
		    game_folder(g0.dir), g0.dir, mq_mailmark_damaged(g0.dir) ?
		    "damaged" : "missing", mq_mailmark_damaged(g0.dir) ?
		    "the game's next entry writes a good mark" :
		    "serve writes a new one when it starts");
		if (back->oom)
			return mq_fail(err, MQ_IO, "Out of memory.");
	}
	if (dmg.seq == 0)
		return 0;
	if ((len = strlen(dmg.why)) > 0 && dmg.why[len - 1] == '.')
		dmg.why[len - 1] = '\0';
	if (export != NULL)	/* a player's export, named as they gave it */
		snprintf(what, sizeof(what), "export %s", export);
	else if (strchr(game, '/') == NULL && access(game, F_OK) != 0) {
		/* a game of the data folder: the host's, whose game stops */
		snprintf(what, sizeof(what), "log of game %s", game);
		snprintf(tail, sizeof(tail), "; the game stops until you put "
		    "it back from a backup (masqued verify %s)", game);
	} else
		snprintf(what, sizeof(what), "log %s", path);
	if (dmg.seq > upto)
		return mq_fail(err, MQ_BADDATA, "What was checked rests on "
		    "entries 1 to %llu, which are sound; but the %s does not "
		    "verify further on (%s)%s.", (unsigned long long)upto, what,
		    dmg.why, tail);
	/* one that does not replay, at or before them: the chain and the
	 * signatures up to it held what was checked */
	return mq_fail(err, MQ_BADDATA, "What was checked is in the %s, but "
	    "the %s does not verify (%s)%s.", export ? "export" : "log", what,
	    dmg.why, tail);
}

/*
 * rc and err of checking a kept entry (seq) against the log at path: a
 * damage the log's reading met before that entry is said as the log's,
 * naming it, not as if the kept entry were at fault.
 */
static int
damaged_before(int rc, uint64_t seq, const char *path, const char *export,
    struct mq_err *err)
{
	char why[sizeof(err->msg)];
	size_t len;

	if (rc != MQ_BADDATA || strncmp(err->msg, "entry ", 6) != 0 ||
	    strtoull(err->msg + 6, NULL, 10) >= seq)
		return rc;
	snprintf(why, sizeof(why), "%s", err->msg);
	if ((len = strlen(why)) > 0 && why[len - 1] == '.')
		why[len - 1] = '\0';
	return mq_fail(err, MQ_BADDATA, "The %s %s does not verify up to the "
	    "kept entry %llu (%s), so what the file holds cannot be checked "
	    "against it; masqued verify says more.", export ? "export" : "log",
	    export ? export : path, (unsigned long long)seq, why);
}

/*
 * A file a player kept (kept.h): the receipt in it, and the checkpoint
 * every mail carries; each checked, and with GAME, against its log.
 */
int
mq_cmd_verify_receipt(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_buf text = MQ_BUF_INIT, what = MQ_BUF_INIT;
	struct mq_buf changed = MQ_BUF_INIT, back = MQ_BUF_INIT;
	struct mq_checkpoint cp;
	struct mq_receipt r;
	struct mq_err err, log_err;
	unsigned char pk[32];
	const char *game = NULL, *key = NULL;
	unsigned char xpk[32];
	char path[1400], shown[65], xdir[1200] = "", xkey[240] = "";
	char pub[1300];
	int a, rc, has_r = 0, has_cp = 0, log_rc = 0, ours = 0;

	memset(&r, 0, sizeof(r));
	if (argc < 2)
		return mq_cli_usage("verify-receipt takes FILE [GAME|EXPORT] [--key PUB]");
	for (a = 2; a < argc; a++) {
		if (strcmp(argv[a], "--key") == 0 && key != NULL)
			return mq_cli_usage("--key is given twice");
		if (strcmp(argv[a], "--key") == 0 && a + 1 < argc)
			key = argv[++a];
		else if (game == NULL && argv[a][0] != '-')
			game = argv[a];
		else
			return mq_cli_usage("verify-receipt takes FILE [GAME|EXPORT] [--key PUB]");
	}
	if (key != NULL && (rc = mq_keys_parse_pub(key, pk, &err)))
		return mq_cli_report(&err);
	/* on the server (a data folder with its key), neither GAME nor
	 * --key: its key is the one to trust, not the one the file shows,
	 * and the game the file names is checked against its log if it is
	 * there: the strong answer, not "give --key PUB" */
	snprintf(pub, sizeof(pub), "%s/keys/server.pub", cli->datadir);
	if (game == NULL && key == NULL && access(pub, F_OK) == 0) {
		if ((rc = mq_keys_load_pub(cli->datadir, pk, &err)) != 0)
			return mq_cli_report(&err);
		key = pub;
		ours = 1;
	}
	if ((rc = mq_kept_read(argv[1], &text, &err)) != 0)
		goto out;
	if ((rc = mq_receipt_find(mq_buf_str(&text), text.len, key ? pk : NULL,
	    &r, &err)) == 0)
		has_r = 1;
	else if (rc != 1)
		goto out;
	if ((rc = mq_checkpoint_find(mq_buf_str(&text), text.len, &cp,
	    &err)) == 0) {
		has_cp = 1;
		if ((rc = mq_checkpoint_check(&cp, key ? pk : NULL, &err)) != 0)
			goto out;
	} else if (rc != 1)
		goto out;
	if (!has_r && !has_cp) {
		rc = mq_fail(&err, MQ_BADDATA, "The file %s holds neither a receipt nor "
		    "a checkpoint: keep the receipt's lines, or the whole mail.",
		    argv[1]);
		goto out;
	}
	rc = 0;
	if (ours) {
		const char *id = has_r ? r.game : cp.game;

		snprintf(path, sizeof(path), "%s/games/%s/log", cli->datadir, id);
		if (strlen(id) == MQ_GAME_ID_LEN &&
		    strspn(id, "abcdefghijklmnopqrstuvwxyz234567") ==
		    MQ_GAME_ID_LEN && access(path, F_OK) == 0)
			game = id;
	}
	if (game != NULL) {
		log_path(cli, game, path, sizeof(path));
		/* a game's export, as a player has it: its log */
		if ((strchr(game, '/') != NULL || access(game, F_OK) == 0) &&
		    access(game, R_OK) == 0 && (rc = mq_export_unpack(game, xdir,
		    sizeof(xdir), xpk, &err)) == 0)
			snprintf(path, sizeof(path), "%s/log", xdir);
		else if (rc != 1 && rc != 0)
			goto out;
		rc = xdir[0] ? 0 : log_there(cli, game, path, &err);
	}
	/* an export is a file the player holds, as the mail is: with no
	 * --key, both must be of one key, and the answer names it */
	if (rc == 0 && xdir[0] && key == NULL) {
		const unsigned char *mine = has_r ? r.pk : cp.pk;

		if (sodium_memcmp(mine, xpk, 32) != 0 ||
		    (has_r && has_cp && sodium_memcmp(cp.pk, xpk, 32) != 0)) {
			char mailkey[65];

			/* both keys whole, as the mails show the server key */
			sodium_bin2hex(mailkey, sizeof(mailkey), sodium_memcmp(mine,
			    xpk, 32) != 0 ? mine : cp.pk, 32);
			sodium_bin2hex(shown, sizeof(shown), xpk, 32);
			rc = mq_fail(&err, MQ_BADDATA, "The export %s is signed by "
			    "another key than the mail's, so they are not of one "
			    "server: the export by the key %s, the mail by %s.",
			    game, shown, mailkey);
			goto out;
		}
		sodium_bin2hex(shown, sizeof(shown), xpk, 32);
		snprintf(xkey, sizeof(xkey), "; the mail and the export are of "
		    "the key %s, which must be the server key every mail of the "
		    "game shows (or give --key PUB)", shown);
	}
	if (rc == 0 && game != NULL && has_r)
		rc = damaged_before(mq_receipt_against_log(&r, path, &err), r.seq,
		    path, xdir[0] ? game : NULL, &err);
	if (rc == 0 && game != NULL && has_cp)
		rc = damaged_before(mq_checkpoint_against_log(&cp, path, &err),
		    cp.seq, path, xdir[0] ? game : NULL, &err);
	/* their verdict stands, said first; the log's after it (exit 3) */
	if (rc == 0 && game != NULL)
		log_rc = whole_log(game, path, xdir[0] ? game : NULL,
		    has_r ? r.pk : cp.pk, has_r &&
		    (!has_cp || r.seq > cp.seq) ? r.seq : cp.seq,
		    has_r ? &r : NULL, &changed, &back, &log_err);
	/* what the signed body holds, not what the mail's lines say */
	if (rc == 0 && has_r)
		receipt_what(&r, &what);
	if (rc == 0 && (what.oom || changed.oom))
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
	/* with neither GAME nor --key the only key is the one the file
	 * shows: a file made up whole passes under its own, so the answer
	 * names the key, for the player to hold it against their mails' */
	if (rc == 0 && has_r && (game != NULL || key != NULL))
		printf("ok: the receipt for entry %llu of game %s (%s) is "
		    "sound%s%s%s%s.\n", (unsigned long long)r.seq, r.game,
		    mq_buf_str(&what), ours && game == NULL ? ", signed by "
		    "this data folder's server key (the game is not in it, "
		    "so no log to check it against)" : "", game == NULL ? "" :
		    xdir[0] ? ", and the export holds that entry" :
		    ", and the log still holds that entry", mq_buf_str(&changed),
		    xkey);
	else if (rc == 0 && has_r) {
		sodium_bin2hex(shown, sizeof(shown), r.pk, 32);
		printf("ok: the receipt for entry %llu of game %s (%s) is sound "
		    "under the key it shows, %s: it is the server's receipt if "
		    "that is the server key every mail of the game shows (or "
		    "give --key PUB, or GAME on the server).\n",
		    (unsigned long long)r.seq, r.game, mq_buf_str(&what), shown);
	}
	/* only the head is signed: the number and game beside it are the
	 * mail's word until a log confirms them */
	if (rc == 0 && has_cp && game != NULL)
		printf("ok: the checkpoint of entry %llu of game %s is signed by "
		    "the server, and the %s entry is the one it signs%s.\n",
		    (unsigned long long)cp.seq, cp.game, xdir[0] ? "export's" :
		    "log's", xkey);
	else if (rc == 0 && has_cp && key != NULL)
		printf("ok: the checkpoint's head is signed by the server (the "
		    "mail calls it entry %llu of game %s; %s).\n",
		    (unsigned long long)cp.seq, cp.game, ours ? "that game is "
		    "not in this data folder, so no log to check that against" :
		    "give GAME to check that against the log");
	else if (rc == 0 && has_cp) {
		sodium_bin2hex(shown, sizeof(shown), cp.pk, 32);
		printf("ok: the checkpoint's head is signed by the key the mail "
		    "shows, %s: it is the server's if that is the server key "
		    "every mail of the game shows (or give --key PUB; the mail "
		    "calls it entry %llu of game %s, give GAME to check that "
		    "against the log).\n", shown, (unsigned long long)cp.seq,
		    cp.game);
	}
	/* after the verdict, which they do not change (stderr), as verify
	 * gives them */
	if (rc == 0 && back.len > 0) {
		fflush(stdout);
		fputs(mq_buf_str(&back), stderr);
	}
	if (rc == 0 && log_rc != 0) {
		rc = log_rc;
		err = log_err;
	}
out:
	if (xdir[0] != '\0') {
		if (rc)
			mq_export_reword(xdir, &err);
		mq_export_clean(xdir);
	}
	mq_receipt_free(&r);
	mq_buf_free(&text);
	mq_buf_free(&what);
	mq_buf_free(&changed);
	mq_buf_free(&back);
	return rc ? mq_cli_report(&err) : 0;
}
