/*
 * receipt.h - a player's signed receipt for one log entry, and checking one
 * alone or against a log (DESIGN.md "Commitments and receipts"):
 *
 *   {"format": "masqued-receipt-v1", "body": "<canonical body>",
 *    "hash": "<hex>", "sig": "<base64>", "public_key": "<hex>"}
 *
 * Also the SET lines the receipt mail lists beside the commands (at the
 * end of this header).
 */
#ifndef MQ_RECEIPT_H
#define MQ_RECEIPT_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "log.h"

struct mq_receipt {
	uint64_t seq;			/* the body's seq */
	char game[16];			/* the body's game */
	char *body;			/* the canonical body, malloc'd */
	unsigned char hash[MQ_LOG_HASHLEN];
	unsigned char pk[MQ_LOG_PKLEN];
};

/* The receipt JSON text (malloc'd, ends with LF) for a signed entry. */
int mq_receipt_make(const struct mq_log_signed *e,
    const unsigned char pk[MQ_LOG_PKLEN], char **out, struct mq_err *err);

/*
 * Check a receipt: its form, a canonical body whose kid is its public_key's,
 * the hash, and the signature under public_key; and public_key must be
 * trusted_pk when that is non-NULL. MQ_BADDATA with a sentence if not.
 * Fills r (if non-NULL; free with mq_receipt_free).
 */
int mq_receipt_check(const char *text, size_t len,
    const unsigned char *trusted_pk, struct mq_receipt *r, struct mq_err *err);

/*
 * The same for the receipt in text a player kept (kept.h): the JSON from
 * the first line that opens it to the line that closes it, whatever comes
 * around it. Returns 1 when the text holds no receipt; MQ_BADDATA when a
 * second one opens after it.
 */
int mq_receipt_find(const char *text, size_t len,
    const unsigned char *trusted_pk, struct mq_receipt *r, struct mq_err *err);

/*
 * Check a (checked) receipt against a log, signed by the receipt's key
 * (a log under another key is said as such: mq_logfile_open_kept): the
 * log holds an entry with the receipt's seq whose body is, byte for byte,
 * the receipt's. MQ_BADDATA with a sentence if not.
 */
int mq_receipt_against_log(const struct mq_receipt *r, const char *logpath,
    struct mq_err *err);

void mq_receipt_free(struct mq_receipt *r);

/*
 * The SET lines a player's mail asked (inbound.h: SET LANG, SET NOTICES),
 * among its results for the receipt to list them with its commands:
 * accepted lines "SET LANG xx" and "SET NOTICES ON|OFF", first, as they
 * were applied first (the receipt is in the language asked already). Not
 * beside HELP alone, which gets the help mail alone (mq_notify_answer).
 * MQ_IO when out of memory (res as it was). mq_receipt_is_setting: whether
 * a result is one of them, no command of the game's.
 */
struct mq_settings;
struct mq_submit_result;
struct mq_cmd_result;
int mq_receipt_list_settings(struct mq_submit_result *res,
    const struct mq_settings *set, struct mq_err *err);
int mq_receipt_is_setting(const struct mq_cmd_result *c);
/* Forget the line numbers of res's commands: the commands of a submit
 * (or of its entry, rebuilt) came in no mail of the player's, whose lines
 * a receipt could name. */
void mq_receipt_no_lines(struct mq_submit_result *res);
/*
 * Whether res logged nothing and its lines were text alone ("HELP",
 * "STATUS"), once or more, the lines that were no command (a greeting
 * beside it: mq_cmd_result's note) aside: the mail that answers it is
 * the one text asks for.
 */
int mq_receipt_only(const struct mq_submit_result *res, const char *text);

#endif
