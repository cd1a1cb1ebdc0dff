/* nauta-help.c: examples of the Nauta verbs for HELP, made of the game's
 * own ships (ruleset.h, struct nv_verb's example()).
 *
 * Each maker proposes variants and the mail layer shows the first one the
 * validator accepts, so nothing here knows a ship's speed limits, Dash or
 * turns. */
#include "config.h"

#include "buf.h"
#include "nauta.h"
#include "ruleset.h"
#include "state.h"

int
nauta_example_speed(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	if (k != 2)
		return ruleset_example_speed(st, ship, k, out);
	buf_printf(out, "SPEED %d DASH",
	    ruleset_example_speed_kept(&st->ships[ship], 1) + 1);
	return 0;
}

int
nauta_example_move(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	int	i, n = ruleset_example_speed_kept(&st->ships[ship], 1);

	if (k > 2)
		return -1;
	if (k == 2) {
		buf_adds(out, "SPEED 0 MOVE B");
		return 0;
	}
	/* Turns first, then the steps forward. */
	buf_adds(out, k == 0 ? "MOVE L" : "MOVE");
	for (i = k == 0 ? 1 : 0; i < n; i++)
		buf_adds(out, " F");
	return 0;
}

int
nauta_example_board(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	int	t = state_nearest_enemy(st, ship);

	if (k == 0 && t >= 0)
		buf_printf(out, "BOARD %s", st->ships[t].id);
	else if (k <= 1)
		buf_adds(out, "BOARD ANY");
	else
		return -1;
	return 0;
}

int
nauta_example_shoot(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	static const char *const v[] = { "SHOOT START", "SHOOT END",
	    "SHOOT NONE" };

	(void)st;
	(void)ship;
	return ruleset_example_words(v, sizeof v / sizeof v[0], k, out);
}

/* word and the nearest enemy. */
static int
at_enemy(const struct nv_state *st, int ship, int k, const char *word,
    struct buf *out)
{
	int	t = state_nearest_enemy(st, ship);

	if (k != 0 || t < 0)
		return -1;
	buf_printf(out, "%s %s", word, st->ships[t].id);
	return 0;
}

int
nauta_example_burn(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	return at_enemy(st, ship, k, "BURN", out);
}

int
nauta_example_escape(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	return at_enemy(st, ship, k, "ESCAPE", out);
}
