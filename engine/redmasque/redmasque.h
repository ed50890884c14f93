/* redmasque.h - The Masque of the Red Death, behind the game interface. */
#ifndef MQ_REDMASQUE_H
#define MQ_REDMASQUE_H

#include "engine/game.h"

extern const struct mq_game_kind mq_redmasque_kind;

#endif
