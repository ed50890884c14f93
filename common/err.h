/*
 * err.h - the one error idiom of the tree.
 *
 * Every function that can fail returns an int status (0 on success) and, when
 * given a non-NULL struct mq_err, records one human sentence for the caller.
 * The status values are the documented exit codes of the masqued command, so
 * the CLI can hand them straight to exit().
 */
#ifndef MQ_ERR_H
#define MQ_ERR_H

#include <stddef.h>

enum mq_status {
	MQ_OK = 0,
	MQ_REFUSED = 1,		/* the input was refused, or a check failed */
	MQ_USAGE = 2,		/* bad command line */
	MQ_BADDATA = 3,		/* a log, receipt or file failed verification */
	MQ_IO = 4,		/* I/O, key, data folder, server or memory failure */
};

struct mq_err {
	int code;
	char msg[512];
};

/* Record a sentence in err (if non-NULL) and return code. */
int mq_fail(struct mq_err *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Like mq_fail, appending ": strerror(errno)". */
int mq_fail_errno(struct mq_err *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Show the control characters of s (a line break or a tab from what a user
 * typed, say) as \n, \r, \t or \xHH, in place, cut to fit size: a
 * sentence that quotes input stays one line. Returns the new length.
 * mq_fail and mq_fail_errno do it to every sentence.
 */
size_t mq_escape_controls(char *s, size_t size);

/*
 * The data folder (-C, absolute), named once by the command line: a
 * sentence of mq_fail_errno that names a path in it and fails with EROFS
 * or EACCES says what to do, "make the data folder writable by the user
 * that runs masqued" (mq_err_writable_hint). NULL forgets it.
 */
void mq_err_set_datadir(const char *dir);
/* That hint appended to err's sentence, if errnum is EROFS or EACCES and
 * the sentence names a path in the data folder; else nothing. */
void mq_err_writable_hint(struct mq_err *err, int errnum);
/*
 * For a sentence built by hand (a log line): strerror(errnum), and after
 * it the same hint when errnum is EROFS or EACCES and path is the data
 * folder or in it ("Permission denied: make the data folder /d writable by
 * the user that runs masqued"), into buf (MQ_STRERROR_HINT_MAX holds it
 * whole). Returns buf.
 */
#define MQ_STRERROR_HINT_MAX	4400
const char *mq_strerror_hint(int errnum, const char *path, char *buf,
    size_t n);

/* Reset err to "no error". */
void mq_err_clear(struct mq_err *err);

/* Abort with a message: only for broken invariants, never for input. */
_Noreturn void mq_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

#define MQ_TRY(expr) do { int mq_try_rc_ = (expr); if (mq_try_rc_) return mq_try_rc_; } while (0)

#endif
