/* move-deploy.c: turn 0, the deployment turn (docs/orders.md,
 * "Deployment"): each ship the orders place is put in its hex with
 * move_place(); the others stay where the scenario put them.
 *
 * Placements are secret and simultaneous.  Each side's orders were
 * checked against the state alone, so two of them (two players of a
 * side, or zones that overlap) may still claim one hex, or the hex a
 * ship stays in: then no ship is placed there, each claimant stays where
 * it was (which may free or claim another hex, so the check runs again
 * until nothing changes).  Who claimed first, or has the lower id, never
 * decides.  The ships that move then go in turn to hexes already free;
 * ships that trade hexes in a ring are lifted off the board first. */
#include "config.h"

#include <stdlib.h>

#include "events.h"
#include "hexindex.h"
#include "move.h"
#include "orders-int.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

struct dep {
	struct nv_hex	 to;		/* where it will be */
	int		 facing;	/* -1: as it is */
	int		 placed;	/* the orders place it */
	int		 refused;	/* ... but another claims the hex */
	int		 done;
};

/* One pass: every placement into a hex that another ship will hold too
 * is refused.  Returns how many were refused. */
static size_t
refuse_shared(const struct nv_state *st, struct dep *dp, struct odep_at *v)
{
	size_t	n = 0, i, j, k, refused = 0;

	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i])) {
			v[n].hex = dp[i].to;
			v[n++].ship = (int)i;
		}
	qsort(v, n, sizeof *v, odep_cmp_at);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && hex_eq(v[i].hex, v[j].hex); j++)
			;
		for (k = i; j - i > 1 && k < j; k++)
			if (dp[v[k].ship].placed && !dp[v[k].ship].refused) {
				dp[v[k].ship].refused = 1;
				dp[v[k].ship].to = st->ships[v[k].ship].hex;
				refused++;
			}
	}
	return refused;
}

/* Places every ship whose hex is free now; returns how many. */
static size_t
place_free(struct nv_turn *t, struct dep *dp)
{
	size_t	i, n = 0;

	for (i = 0; i < t->st->nships; i++) {
		if (!dp[i].placed || dp[i].refused || dp[i].done)
			continue;
		if (move_place(t, (int)i, dp[i].to, dp[i].facing) == 0) {
			dp[i].done = 1;
			n++;
		}
	}
	return n;
}

/* The ships left trade hexes in rings: lift the first off the board, so
 * that the others can move, and it into the hex its neighbour left. */
static void
place_rings(struct nv_turn *t, struct dep *dp)
{
	size_t	i;

	for (i = 0; i < t->st->nships; i++) {
		if (!dp[i].placed || dp[i].refused || dp[i].done)
			continue;
		hexindex_move(t->ix, (int)i, hex_from_cr(0, 0));
		while (place_free(t, dp) > 0)
			;
	}
}

static void
tell(struct nv_turn *t, const struct dep *dp, size_t i)
{
	char	h[8], w[8];

	if (dp[i].refused)
		turn_event(t, event_kind_name(NV_EV_DEPLOY), (int)i, -1,
		    "%s is not placed in %s, which another ship also takes or "
		    "holds: it stays in %s, facing %s", t->desc[i],
		    state_hex_name(t->st, dp[i].to, w),
		    state_hex_name(t->st, t->st->ships[i].hex, h),
		    dir_name(t->st->ships[i].facing));
	else
		turn_event(t, event_kind_name(NV_EV_DEPLOY), (int)i, -1,
		    "%s is placed in %s, facing %s", t->desc[i],
		    state_hex_name(t->st, t->st->ships[i].hex, h),
		    dir_name(t->st->ships[i].facing));
}

int
move_deploy(struct nv_turn *t, char **cause)
{
	struct nv_state	*st = t->st;
	struct dep	*dp = xcalloc(st->nships + 1, sizeof *dp);
	struct odep_at	*v = xcalloc(st->nships + 1, sizeof *v);
	struct nv_hex	*wanted = xcalloc(st->nships + 1, sizeof *wanted);
	size_t		 i;

	(void)cause;
	for (i = 0; i < st->nships; i++) {
		dp[i].to = st->ships[i].hex;
		dp[i].facing = -1;
		if (ship_on_map(&st->ships[i]))
			dp[i].placed = orders_placement(t->orders, (int)i,
			    &dp[i].to, &dp[i].facing);
		wanted[i] = dp[i].to;
	}
	/* Each pass refuses at least one placement, or ends. */
	while (refuse_shared(st, dp, v) > 0)
		;
	while (place_free(t, dp) > 0)
		;
	place_rings(t, dp);
	for (i = 0; i < st->nships; i++) {
		if (!dp[i].placed)
			continue;
		dp[i].to = wanted[i];
		tell(t, dp, i);
	}
	free(wanted);
	free(v);
	free(dp);
	return 0;
}
