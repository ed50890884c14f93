/*
 * export_file.c - a game's export read back (masqued export, as the players
 * get it once the game is over): its log and game data unpacked into a
 * temporary folder, where the commands that read a log take them
 * (verify, log, state, replay); see export_file.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "buf.h"
#include "jload.h"

#include "daemon/export_file.h"
#include "daemon/log.h"

/* Write len bytes of data to dir/name, whole. */
static int
put_file(const char *dir, const char *name, const char *data, size_t len,
    struct mq_err *err)
{
	char path[1400];
	ssize_t w;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	while (len > 0) {
		if ((w = write(fd, data, len)) == -1 && errno == EINTR)
			continue;
		if (w <= 0) {
			int rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", path);

			close(fd);
			return rc;
		}
		data += w;
		len -= (size_t)w;
	}
	if (close(fd) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	return 0;
}

void
mq_export_clean(const char *dir)
{
	char path[1400];

	if (dir[0] == '\0')
		return;
	snprintf(path, sizeof(path), "%s/log", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/data.json", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/data_hash", dir);
	unlink(path);
	rmdir(dir);
}

void
mq_export_reword(const char *dir, struct mq_err *err)
{
	static const struct {
		const char *name, *as;
	} names[] = {
		{ "/data.json", "of the export" },
		{ "/log", "the export's log" },
		{ "", "the export's folder" },
	};
	struct mq_buf b = MQ_BUF_INIT;
	const char *p, *at;
	size_t dlen, i, nlen;

	if (err == NULL || dir[0] == '\0' || strstr(err->msg, dir) == NULL)
		return;
	dlen = strlen(dir);
	for (p = err->msg; (at = strstr(p, dir)) != NULL; p = at + dlen + nlen) {
		mq_buf_add(&b, p, (size_t)(at - p));
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			nlen = strlen(names[i].name);
			if (strncmp(at + dlen, names[i].name, nlen) == 0)
				break;
		}
		mq_buf_puts(&b, names[i].as);
	}
	mq_buf_puts(&b, p);
	if (!b.oom)
		snprintf(err->msg, sizeof(err->msg), "%s", mq_buf_str(&b));
	mq_buf_free(&b);
}

/* 0 when the export's "game" is the id its first entry holds; else
 * MQ_BADDATA and a sentence. */
static int
same_game(const char *file, const json_t *doc, const json_t *first,
    struct mq_err *err)
{
	const char *id = json_string_value(json_object_get(doc, "game"));
	const char *line = json_string_value(first), *tab;
	json_t *body = NULL;
	const char *logged = NULL;
	int rc = 0;

	if (id == NULL)
		return mq_fail(err, MQ_BADDATA, "The export %s lacks its game, "
		    "the id its log holds.", file);
	if (line != NULL && (tab = strchr(line, '\t')) != NULL &&
	    (body = json_loadb(line, (size_t)(tab - line), 0, NULL)) != NULL)
		logged = json_string_value(json_object_get(body, "game"));
	/* a first entry that does not read is the log's check to say */
	if (logged != NULL && strcmp(id, logged) != 0)
		rc = mq_fail(err, MQ_BADDATA, "The export %s names game \"%s\", "
		    "but its log is of game %s.", file, id, logged);
	json_decref(body);
	return rc;
}

int
mq_export_unpack(const char *file, char *dir, size_t n, unsigned char pk[32],
    struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *doc, *log, *data, *line;
	json_error_t je;
	const char *fmt, *pkhex, *dh, *tmp = getenv("TMPDIR");
	size_t i, pklen;
	int rc;

	dir[0] = '\0';
	if ((doc = mq_json_load_file(file, JSON_REJECT_DUPLICATES, &je)) == NULL) {
		/* a document of several lines that stops before it is whole: an
		 * export cut short (a log's line is one line, whole or torn) */
		if (json_error_code(&je) == json_error_out_of_memory)
			return mq_fail(err, MQ_IO, "Out of memory reading %s.", file);
		if (json_error_code(&je) == json_error_premature_end_of_input &&
		    je.line > 1)
			return mq_fail(err, MQ_BADDATA, "The export %s is cut short: "
			    "its JSON stops at line %d before it is whole; copy it "
			    "again.", file, je.line);
		return 1;
	}
	fmt = json_string_value(json_object_get(doc, "format"));
	if (fmt == NULL || strncmp(fmt, "masqued-export-", 15) != 0) {
		json_decref(doc);
		return 1;
	}
	log = json_object_get(doc, "log");
	data = json_object_get(doc, "data");
	pkhex = json_string_value(json_object_get(doc, "public_key"));
	if (strcmp(fmt, "masqued-export-v1") != 0) {
		rc = mq_fail(err, MQ_BADDATA, "The export %s is of format %s, which "
		    "this masqued does not read (masqued-export-v1).", file, fmt);
		goto out;
	}
	if (!json_is_array(log) || json_array_size(log) == 0 ||
	    !json_is_object(data) || pkhex == NULL ||
	    sodium_hex2bin(pk, 32, pkhex, strlen(pkhex), NULL, &pklen, NULL) != 0 ||
	    pklen != 32 || strlen(pkhex) != 64) {
		rc = mq_fail(err, MQ_BADDATA, "The export %s lacks its log, its game "
		    "data or its public_key (64 hex digits).", file);
		goto out;
	}
	/* the id the export names is the log's (verify_export.py holds it
	 * so too): a file renamed to another game's is no copy of it */
	if ((rc = same_game(file, doc, json_array_get(log, 0), err)) != 0)
		goto out;
	json_array_foreach(log, i, line) {
		if (!json_is_string(line)) {
			rc = mq_fail(err, MQ_BADDATA, "entry %zu: the export's log line "
			    "is not a string.", i + 1);
			goto out;
		}
		mq_buf_add(&b, json_string_value(line), json_string_length(line));
		mq_buf_puts(&b, "\n");
	}
	snprintf(dir, n, "%s/masqued-export.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (b.oom) {
		rc = mq_fail(err, MQ_IO, "Out of memory.");
		dir[0] = '\0';
	} else if (mkdtemp(dir) == NULL) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot make a folder to read the "
		    "export in (%s)", dir);
		dir[0] = '\0';
	} else if ((rc = put_file(dir, "log", b.data, b.len, err)) == 0) {
		mq_buf_reset(&b);
		if ((rc = mq_log_canon(data, &b, err)) == 0)
			rc = put_file(dir, "data.json", b.data, b.len, err);
		/* its own data_hash, for verify to hold to the genesis's */
		if (rc == 0 && (dh = json_string_value(json_object_get(doc,
		    "data_hash"))) != NULL)
			rc = put_file(dir, "data_hash", dh, strlen(dh), err);
	}
out:
	if (rc) {
		mq_export_clean(dir);
		dir[0] = '\0';		/* nothing left behind, as said */
	}
	mq_buf_free(&b);
	json_decref(doc);
	return rc;
}
