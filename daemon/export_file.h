/*
 * export_file.h - a game's export read back: masqued export prints a game
 * that is over as one JSON document ({"format": "masqued-export-v1",
 * "game", "public_key", "log": [lines], "data", "data_hash"}); a player,
 * with no data folder, gives that file to verify, log, state and replay.
 * It is unpacked into a new temporary folder (under $TMPDIR, else /tmp)
 * holding "log" and "data.json", as a game's folder holds them, so that a
 * log file's reader replays it with the game data it carries. The caller
 * removes the folder (mq_export_clean) whatever happens next.
 */
#ifndef MQ_EXPORT_FILE_H
#define MQ_EXPORT_FILE_H

#include <stddef.h>

#include "err.h"

/*
 * If file is a game's export, write its log and its game data (canonical,
 * as hashed) into a new folder dir (n bytes), and its public key into pk:
 * 0. 1 when file is no export (a log, say: dir is ""), or MQ_BADDATA for
 * an export cut short or lacking what a replay needs, MQ_IO when the
 * folder cannot be made or memory runs out (dir is "": nothing is left
 * behind).
 */
int mq_export_unpack(const char *file, char *dir, size_t n,
    unsigned char pk[32], struct mq_err *err);

/*
 * A sentence of err that names dir (the game data "DIR/data.json", the
 * log "DIR/log") names the export instead ("the game data of the export",
 * "the export's log"): the folder is gone by the time it is read.
 */
void mq_export_reword(const char *dir, struct mq_err *err);

/* Remove what mq_export_unpack made in dir, and dir ("" : nothing). */
void mq_export_clean(const char *dir);

#endif
