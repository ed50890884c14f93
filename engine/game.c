/* game.c - the registry of game kinds. */
#include <string.h>

#include "engine/game.h"
#include "engine/masquerade/masquerade.h"
#include "engine/redmasque/redmasque.h"

static const struct mq_game_kind *const kinds[] = {
	&mq_redmasque_kind,
	&mq_masquerade_kind,
};

const struct mq_game_kind *
mq_game_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kinds[i]->name, name) == 0)
			return kinds[i];
	return NULL;
}
