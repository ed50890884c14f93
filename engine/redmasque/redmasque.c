/* redmasque.c - The Masque of the Red Death's entry in the game registry. */
#include <stdlib.h>
#include <string.h>

#include "engine/redmasque/redmasque.h"
#include "engine/redmasque/rm.h"

_Static_assert(sizeof(struct rm_cmd) <= sizeof(((struct mq_cmd *)0)->u.bytes),
    "struct rm_cmd must fit in struct mq_cmd");

static void *
rm_clone(const void *state)
{
	struct rm_state *c = malloc(sizeof(*c));

	if (c != NULL)
		memcpy(c, state, sizeof(*c));
	return c;
}

static void
rm_free(void *state)
{
	free(state);
}

static int
rm_is_over(const void *state)
{
	return ((const struct rm_state *)state)->phase == RM_PH_OVER;
}

static int
rm_result(const void *state, unsigned *alive)
{
	const struct rm_state *st = state;
	int i;

	*alive = 0;
	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive)
			*alive |= 1u << i;
	return st->winner;
}

static int
rm_nplayers(const void *state)
{
	return ((const struct rm_state *)state)->nplayers;
}

const struct mq_game_kind mq_redmasque_kind = {
	.name = "redmasque",
	.by_mail = 1,
	.players_die = 1,
	.has_secrets = 1,
	.load_data = rm_data_load,
	.free_data = rm_data_free,
	.setup = rm_setup,
	.name_ok = rm_name_ok,
	.clone = rm_clone,
	.free_state = rm_free,
	.names_command = rm_names_command,
	.one_choice = rm_one_choice,
	.word_put_right = rm_word_put_right,
	.inner_command = rm_inner_command,
	.parse = rm_parse,
	.format = rm_format,
	.is_secret = rm_is_secret,
	.goes_first = rm_goes_first,
	.sent_ok = rm_sent_ok,
	.shown_now = rm_shown_now,
	.sender_note = rm_sender_note,
	.decision = rm_decision,
	.moment = rm_moment,
	.now = rm_now,
	.apply = rm_apply,
	.resolved = rm_resolved,
	.default_command = rm_default_command,
	.owes = rm_owes,
	.view = rm_view,
	.events = rm_events,
	.is_over = rm_is_over,
	.result = rm_result,
	.check = rm_check,
	.nplayers = rm_nplayers,
	.bot = rm_bot,
};
