/* masquerade.h - The Masquerade (仮面舞踏会) in the game registry. */
#ifndef MQ_MASQUERADE_H
#define MQ_MASQUERADE_H

#include "engine/game.h"

extern const struct mq_game_kind mq_masquerade_kind;

#endif
