/*
 * names.h - a set of names: the keys a mail kind's templates can look up.
 * Decorate makes only values whose key is in the set; any other value
 * could never show in the mail, so leaving it out changes no byte.
 *
 * Internal to mail/. A NULL set stands for every name (no filter).
 */
#ifndef MQ_NAMES_H
#define MQ_NAMES_H

#include <stddef.h>
#include <stdint.h>

struct mq_names;

struct mq_names *mq_names_new(void);	/* NULL when memory runs out */
void mq_names_free(struct mq_names *s);

/* Add name[0..len) (once however often added); MQ_IO when out of memory. */
int mq_names_add(struct mq_names *s, const char *name, size_t len);

/* 1 when name is in s, or s is NULL. */
int mq_names_has(const struct mq_names *s, const char *name);
int mq_names_hasn(const struct mq_names *s, const char *name, size_t len);
/* The same, given hash = mv_hash(name, len) (mval.h). */
int mq_names_hash_has(const struct mq_names *s, const char *name, size_t len,
    uint32_t hash);
/*
 * The same for a string literal (which never moves nor changes): the
 * answer is remembered by its address, as decorate asks the same few
 * dozen literals for every mail.
 */
int mq_names_has_lit(struct mq_names *s, const char *lit);

#endif
