/* nauta-balistae.c: Balistae (option 18f; nauta.md, "Optional rules";
 * gap 17).
 *
 * A ship with Balistae shoots once a turn, at START (before phase 1) or
 * END (after the last step), as its SHOOT order says (default END).  Its
 * arc is every hex reached by a >= 1 hexes straight ahead and then b <= 2
 * towards the port-bow or starboard-bow hexside, a + b <= 4: the hex
 * centres within 45 degrees of the bow line, 1, 3, 5 and 5 hexes at
 * ranges 1-4.  Its target is the nearest enemy in the arc (by range, then
 * smaller b, then the lower hex) that it sees along the hex line, where land, other
 * ships, hulks and prizes block (a line along a hexside only when both
 * hexes beside it do).  Ships in a fight neither shoot nor are shot.  The
 * shots of a moment are simultaneous: every target is chosen, then the
 * dice rolled by shooter id, then the hits counted. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hexindex.h"
#include "nauta.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static struct nv_hex
walk(struct nv_hex h, int dir, int n)
{
	while (n-- > 0)
		h = hex_neighbour(h, dir);
	return h;
}

int
nauta_in_arc(const struct nauta_data *nd, struct nv_hex from, int facing,
    struct nv_hex h, int *range, int *side)
{
	int		a, b, k, dirs[2];
	struct nv_hex	ahead;

	dirs[0] = dir_turn(facing, -1);		/* port bow */
	dirs[1] = dir_turn(facing, 1);		/* starboard bow */
	for (a = 1; a <= nd->bal_range; a++) {
		ahead = walk(from, facing, a);
		for (b = 0; b <= nd->bal_side && a + b <= nd->bal_range; b++)
			for (k = 0; k < (b == 0 ? 1 : 2); k++)
				if (hex_eq(walk(ahead, dirs[k], b), h)) {
					*range = a + b;
					*side = b;
					return 1;
				}
	}
	return 0;
}

/* A hex that blocks the Balistae's line: land, a hulk, any ship on the
 * map (prizes too). */
static int
blocks(void *ctx, struct nv_hex h)
{
	struct nv_turn	*t = ctx;

	return !state_on_map(t->st, h) || state_is_land(t->st, h) ||
	    hexindex_is_wreck(t->ix, h) || hexindex_ship_at(t->ix, h) >= 0;
}

static int
sight(struct nv_turn *t, struct nv_hex a, struct nv_hex b)
{
	struct nv_hex	block[3];
	int		nblock;

	return hex_line_clear(a, b, blocks, t, block, &nblock);
}

static int
in_fight(const struct nv_ship *s)
{
	return *s->attr[NA_A_GRAPPLED].s != '\0';
}

/* The target of ship i's Balistae, or -1. */
static int
target_of(struct nv_turn *t, int i)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	const struct nv_ship	*s = &t->st->ships[i], *o;
	size_t			 k;
	int			 best = -1, br = 0, bs = 0, r, sd;

	for (k = 0; k < t->st->nships; k++) {
		o = &t->st->ships[k];
		if (o->side == s->side || o->status != NV_STATUS_AFLOAT ||
		    in_fight(o) || !nauta_in_arc(nd, s->hex, s->facing, o->hex,
		    &r, &sd))
			continue;
		if (best >= 0 && (r > br || (r == br && (sd > bs ||
		    (sd == bs && !nauta_before(t->st, (int)k, best))))))
			continue;
		if (!sight(t, s->hex, o->hex))
			continue;
		best = (int)k;
		br = r;
		bs = sd;
	}
	return best;
}

int
nauta_balistae(struct nv_turn *t, int when, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 n = t->st->nships, i;
	int			*target, *hits, die, any = 0;
	struct nv_ship		*s;

	if (nd->opt_balistae < 0)
		return 0;
	target = xcalloc(n + 1, sizeof *target);
	hits = xcalloc(n + 1, sizeof *hits);
	for (i = 0; i < n; i++) {
		s = &t->st->ships[i];
		target[i] = -2;
		if (s->status != NV_STATUS_AFLOAT || nt->shoot[i] != when ||
		    !nauta_has_option(t->rs, s, nd->opt_balistae) ||
		    in_fight(s))
			continue;
		target[i] = target_of(t, (int)i);
		any = 1;
	}
	for (i = 0; i < n && any; i++) {
		if (target[i] == -2)
			continue;
		if (target[i] < 0) {
			turn_event(t, nauta_event_name(NA_EV_NO_SHOT), (int)i,
			    -1, "%s's Balistae find no target", t->desc[i]);
			continue;
		}
		if (turn_roll(t, 6, "balistae", t->st->ships[i].id, &die,
		    cause) != 0) {
			free(target);
			free(hits);
			return -1;
		}
		hits[target[i]] += die >= nd->bal_hit;
		turn_event(t, nauta_event_name(NA_EV_SHOT), (int)i, target[i],
		    "%s's Balistae shoot at %s: %s", t->desc[i],
		    t->desc[target[i]], die >= nd->bal_hit ? "a hit, its "
		    "maximum speed -1 and no Dash from the next turn" :
		    "a miss");
	}
	for (i = 0; i < n; i++)
		t->st->ships[i].attr[NA_A_BALISTAE_HITS].i += hits[i];
	free(target);
	free(hits);
	return 0;
}
