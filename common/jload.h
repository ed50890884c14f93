/*
 * jload.h - jansson's loaders, for JSON whose every byte matters (a log
 * entry, a game's data, a receipt, a catalog): none of them returns a
 * value made while an allocation failed.
 *
 * jansson 2.14 can lose a byte of a string or a number when an allocation
 * fails while it parses, and still return the value (its lexer ignores a
 * failed append to the token's buffer: a commitment one digit short); or it
 * reports the failure as a syntax error ("invalid token"), or with no code
 * at all, which read as a damaged file. These wrap jansson's allocator for
 * the length of the parse and, when any allocation failed, give NULL with
 * je (if non-NULL) saying json_error_out_of_memory, whatever jansson made.
 * jansson's allocator is the process's: one thread at a time parses (the
 * log's second core only checks signatures).
 */
#ifndef MQ_JLOAD_H
#define MQ_JLOAD_H

#include <jansson.h>
#include <stddef.h>

json_t *mq_json_loadb(const char *buf, size_t len, size_t flags,
    json_error_t *je);
json_t *mq_json_loads(const char *s, size_t flags, json_error_t *je);
json_t *mq_json_load_file(const char *path, size_t flags, json_error_t *je);

#endif
