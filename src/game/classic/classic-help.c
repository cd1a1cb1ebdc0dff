/* classic-help.c: examples of the classic verbs for HELP, made of the
 * game's own ships (ruleset.h, struct nv_verb's example()).
 *
 * Each maker proposes variants, most telling first; the mail layer shows
 * the first one the validator accepts for one of the player's ships, so
 * nothing here needs to know the ship's figures, turning circle or
 * obligations: a variant the rules refuse is simply not shown. */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "classic.h"
#include "state.h"

static void
steps(struct buf *out, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		buf_adds(out, i > 0 ? " F" : "F");
}

int
classic_example_speed(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	int	n = ruleset_example_speed_kept(&st->ships[ship], 1);

	if (k != 2)
		return ruleset_example_speed(st, ship, k, out);
	buf_printf(out, "SPEED %d MOVE ", n);
	steps(out, n);
	return 0;
}

int
classic_example_move(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	const struct nv_ship	*s = &st->ships[ship];
	int			 n = ruleset_example_speed_kept(s,
				    k == 1 ? 2 : 1);

	switch (k) {
	case 0:		/* a turn after the last step */
	case 1:		/* a turn between two */
		buf_adds(out, "MOVE ");
		steps(out, k == 0 ? n : n - 1);
		buf_adds(out, k == 0 ? " L" : " R F");
		return 0;
	case 2:
		buf_adds(out, "MOVE ");
		steps(out, n);
		return 0;
	case 3:
		buf_adds(out, "MOVE B");
		return 0;
	default:
		return -1;
	}
}

int
classic_example_fire(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	static const struct {
		int		 attr;
		const char	*word;
	} w[] = {
		{ CL_A_BOWS, "BOW" },
		{ CL_A_CATAPULTS, "CATAPULT" },
		{ CL_A_STONES, "STONE" },
	};
	const struct nv_ship	*s = &st->ships[ship];
	int			 t = state_nearest_enemy(st, ship), i, n = 0;

	if (t < 0)
		return -1;
	for (i = 0; i < (int)(sizeof w / sizeof w[0]); i++) {
		if (s->attr[w[i].attr].i <= 0)
			continue;
		if (n++ == k) {
			buf_printf(out, "FIRE 1 %s AT %s PHASE 3", w[i].word,
			    st->ships[t].id);
			return 0;
		}
	}
	if (n > 0 && k == n) {
		buf_printf(out, "FIRE ALL AT %s", st->ships[t].id);
		return 0;
	}
	return -1;
}

int
classic_example_board(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	int	t = state_nearest_enemy(st, ship);

	if (t < 0 || k != 0)
		return -1;
	buf_printf(out, "BOARD %s", st->ships[t].id);
	return 0;
}

int
classic_example_repulse(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	static const char *const v[] = { "REPULSE COUNTER", "REPULSE CUT" };

	(void)st;
	(void)ship;
	return ruleset_example_words(v, sizeof v / sizeof v[0], k, out);
}

int
classic_example_rake(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	static const char *const v[] = { "RAKE PORT", "RAKE", "RAKE NONE" };

	(void)st;
	(void)ship;
	return ruleset_example_words(v, sizeof v / sizeof v[0], k, out);
}
