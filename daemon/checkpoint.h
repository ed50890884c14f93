/*
 * checkpoint.h - the checkpoint every mail carries (DESIGN.md "Keys": game,
 * seq, head hash, signature), read back from a mail a player kept and
 * checked alone or against a log, so that a log that disagrees with it
 * shows the host changed the game (`masqued verify-receipt`).
 *
 * In the mail's text part (templates/LANG/_footer_txt.mustache):
 *
 *   game cm7d65kr, entry 12        (ja ゲーム …、エントリ 12; zh 游戏 …，条目 12)
 *   head <64 hex: the hash of entry 12>
 *   sig  <base64: Ed25519 over the hash's 32 bytes>
 *   server key <64 hex>            (ja サーバー鍵 …; zh 服务器公钥 …)
 *
 * read the same in every language: the "head" line, the "sig" line after
 * it, the line before it for the game (its one 8-letter [a-z0-9] word) and
 * the entry (its last number), the line after "sig" for the key.
 */
#ifndef MQ_CHECKPOINT_H
#define MQ_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "log.h"
#include "daemon/store.h"

struct mq_checkpoint {
	char game[MQ_GAME_ID_LEN + 1];
	uint64_t seq;
	unsigned char head[MQ_LOG_HASHLEN];
	unsigned char sig[MQ_LOG_SIGLEN];
	unsigned char pk[MQ_LOG_PKLEN];	/* the key the mail shows */
};

/*
 * The checkpoint in a mail's text[0..len): 0 and *cp filled, 1 when the
 * text has none, MQ_BADDATA with a sentence when it has a "head" line but
 * not a whole checkpoint, or a second "head" line after it.
 */
int mq_checkpoint_find(const char *text, size_t len, struct mq_checkpoint *cp,
    struct mq_err *err);

/* Its signature verifies under the key it shows, which must be trusted_pk
 * when that is non-NULL. MQ_BADDATA with a sentence if not. */
int mq_checkpoint_check(const struct mq_checkpoint *cp,
    const unsigned char *trusted_pk, struct mq_err *err);

/* The log (signed by the checkpoint's key: mq_logfile_open_kept) is the
 * checkpoint's game
 * and its entry cp->seq has the hash cp->head. MQ_BADDATA if not, saying
 * whether the mail's entry number was changed (the log holds the head under
 * another), or the log was cut or changed. */
int mq_checkpoint_against_log(const struct mq_checkpoint *cp,
    const char *logpath, struct mq_err *err);

#endif
