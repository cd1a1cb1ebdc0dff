/* fuzz-orders.c: the order parser, the validator and the turn they feed.
 *
 * Each input is one order file, parsed (orders_parse) and validated
 * (orders_validate) against four fixed states: the demo battle,
 * tests/fuzz/orders-state.xml (the case suite's ship ids, every weapon),
 * the Nauta duel (orders/nauta/duel.xml) and the squadrons' deployment
 * turn 0 (orders/squadrons/scenario.xml: squadrons, standing orders).
 * Both always run, as for a player's mail (and again as the adjudication
 * runs them, standing orders taken: use_standing); the errors are
 * formatted as a reply would quote them.  Orders that validate are played
 * (turn_play with seeded dice), and checked:
 *   - a validated order set always adjudicates (the engine has no other
 *     excuse: the states are playing);
 *   - the same state, orders and seed give the same next state and events
 *     byte for byte (played twice);
 *   - the next state saves as XML that loads again. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "fuzz.h"
#include "fuzz-game.h"
#include "orders.h"
#include "state.h"
#include "state-xml.h"
#include "turn.h"

static struct fuzz_game	 game;
static struct nv_state	*states[4];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_game_init(&game);
	states[0] = fuzz_game_state(&game, "orders/demo/scenario.xml");
	states[1] = fuzz_game_state(&game, "tests/fuzz/orders-state.xml");
	states[2] = fuzz_game_state(&game, "orders/nauta/duel.xml");
	states[3] = fuzz_game_state(&game, "orders/squadrons/scenario.xml");
	return 0;
}

/* Plays the turn; appends the next state and the events to out. */
static void
play(const struct nv_state *st, const struct nv_orders *o, struct buf *out)
{
	struct nv_dice		*dice = dice_seeded("fuzz-seed", "fuzz");
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct nv_state		*next = NULL;
	char			*cause = NULL;
	size_t			 i;

	FUZZ_CHECK(turn_play(st, o, dice, &next, &ev, &cause) == 0,
	    "validated orders did not adjudicate: %s", cause);
	state_xml_save(next, out);
	for (i = 0; i < ev.n; i++)
		buf_printf(out, "%d %s %s %s %s\n", ev.v[i].phase,
		    ev.v[i].kind, ev.v[i].ship, ev.v[i].other,
		    ev.v[i].text);
	state_free(next);
	events_free(&ev);
	dice_free(dice);
}

/* The state part of play()'s output loads again. */
static void
check_reload(const struct nv_state *from, const char *played)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	const char	*end = strstr(played, "</scenario>\n");
	size_t		 len;

	FUZZ_CHECK(end != NULL, "no </scenario> in the saved state");
	len = (size_t)(end - played) + strlen("</scenario>\n");
	st = state_xml_load(from->rs, "next.xml", played, len, game.rng,
	    game.rnglen, &d);
	if (st == NULL)
		diag_format(&d, &b);
	FUZZ_CHECK(st != NULL, "the next state does not load:\n%s%.*s",
	    buf_str(&b), (int)len, played);
	state_free(st);
	diag_free(&d);
}

/* use_standing: as the adjudication validates the orders it plays (every
 * ship without an order takes its standing one); else as a player's
 * mail is checked and echoed. */
static void
one_state(const struct nv_state *st, const char *text, size_t len,
    int use_standing)
{
	struct nv_orders	*o = orders_new(st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT, first = BUF_INIT,
				 second = BUF_INIT;
	int			 rc;

	o->use_standing = use_standing;
	rc = orders_parse(o, "fuzz.txt", text, len, &d);
	rc |= orders_validate(o, &d);
	orders_format(o, &b);
	diag_format(&d, &b);
	FUZZ_CHECK((rc == 0) == (d.errors == 0), "orders returned %d with "
	    "%zu errors", rc, d.errors);
	if (rc == 0) {
		play(st, o, &first);
		play(st, o, &second);
		FUZZ_CHECK(first.len == second.len && memcmp(first.p,
		    second.p, first.len) == 0, "the same turn played twice "
		    "differs:\n%s\n---\n%s", buf_str(&first),
		    buf_str(&second));
		check_reload(st, buf_str(&first));
	}
	buf_free(&first);
	buf_free(&second);
	buf_free(&b);
	diag_free(&d);
	orders_free(o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t	i;

	for (i = 0; i < sizeof states / sizeof states[0]; i++) {
		one_state(states[i], (const char *)data, size, 0);
		one_state(states[i], (const char *)data, size, 1);
	}
	return 0;
}
