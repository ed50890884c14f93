/* masquerade.c - The Masquerade's entry in the game registry. */
#include <stdlib.h>
#include <string.h>

#include "engine/masquerade/masquerade.h"
#include "engine/masquerade/ms.h"

_Static_assert(sizeof(struct ms_cmd) <= sizeof(((struct mq_cmd *)0)->u.bytes),
    "struct ms_cmd must fit in struct mq_cmd");

static void *
ms_clone(const void *state)
{
	struct ms_state *c = malloc(sizeof(*c));

	if (c != NULL)
		memcpy(c, state, sizeof(*c));
	return c;
}

static void
ms_free(void *state)
{
	free(state);
}

static int
ms_is_over(const void *state)
{
	return ((const struct ms_state *)state)->phase == MS_PH_OVER;
}

/* Nobody dies in The Masquerade: every seat is a survivor. */
static int
ms_result(const void *state, unsigned *alive)
{
	const struct ms_state *st = state;

	*alive = (1u << st->nplayers) - 1;
	return st->winner;
}

static int
ms_nplayers(const void *state)
{
	return ((const struct ms_state *)state)->nplayers;
}

const struct mq_game_kind mq_masquerade_kind = {
	.name = "masquerade",
	.by_mail = 1,
	.load_data = ms_data_load,
	.free_data = ms_data_free,
	.setup = ms_setup,
	.clone = ms_clone,
	.free_state = ms_free,
	.names_command = ms_names_command,
	.one_choice = ms_one_choice,
	.word_put_right = ms_word_put_right,
	.inner_command = ms_inner_command,
	.parse = ms_parse,
	.format = ms_format,
	.is_secret = ms_is_secret,
	.follows = ms_follows,
	.decision = ms_decision,
	.apply = ms_apply,
	.apply_default = ms_apply_default,
	.default_told = ms_default_told,
	.resolved = ms_resolved,
	.default_command = ms_default_command,
	.owes = ms_owes,
	.view = ms_view,
	.events = ms_events,
	.is_over = ms_is_over,
	.result = ms_result,
	.check = ms_check,
	.nplayers = ms_nplayers,
	.bot = ms_bot,
};
