/* nauta-board.c: the end of the turn before the fights: Pirophoros
 * (option 18i) and boarding attempts (nauta.md, "Optional rules",
 * "Boarding"; docs/rules-nauta.md).
 *
 * Pirophoros: a ship ordered to BURN, against an enemy afloat that it
 * rammed this turn (the target named, or else the first it rammed),
 * rolls once a game: on 5-6 the target burns (it counts as sunk, its
 * Admiral is killed, it leaves any fight) and stays as a hulk, the common
 * wreck.  With no such enemy nothing is rolled and nothing spent.
 *
 * Boarding: every ship ordered to BOARD that may (soldiers aboard, not
 * in a fight when the turn began, not holding a prize) picks its target
 * among the enemies afloat in contact with it: the first it listed, or
 * with ANY the one with fewest soldiers.  Then, by attacker id, each
 * makes its attempt: automatic if its target picked it too, else 1d6 of
 * 4 or more, +1 Corvus, +1 Harpax against a ship it rammed this turn,
 * the crews with crew-contest on.  A boarded ship without soldiers
 * surrenders at once to the boarder with most soldiers. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "nauta.h"
#include "orders.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static int
afloat_enemy(const struct nv_turn *t, int i, int k)
{
	const struct nv_ship	*o = &t->st->ships[k];

	return o->status == NV_STATUS_AFLOAT && o->side != t->st->ships[i].side;
}

/* The enemy afloat that ship i rammed first this turn (the earliest
 * step, then the lower hex), or -1. */
static int
first_rammed(const struct nv_turn *t, int i)
{
	const struct nauta_turn	*nt = t->rs_turn;
	const struct na_ram	*r;
	size_t			 k;
	int			 best = -1, step = 0;

	for (k = 0; k < nt->nrams; k++) {
		r = &nt->rams[k];
		if (r->rammer != i || !afloat_enemy(t, i, r->target))
			continue;
		if (best < 0 || r->step < step || (r->step == step &&
		    nauta_before(t->st, r->target, best))) {
			best = r->target;
			step = r->step;
		}
	}
	return best;
}

/* The target of ship i's BURN order, or -1 (said so). */
static int
burn_target(struct nv_turn *t, int i, const struct nauta_ship_orders *so)
{
	int	g;

	g = so->burn_target >= 0 ? so->burn_target : first_rammed(t, i);
	if (g >= 0 && afloat_enemy(t, i, g) && nauta_rammed(t, i, g))
		return g;
	turn_event(t, nauta_event_name(NA_EV_BURN), i, -1, "%s's Pirophoros "
	    "finds no enemy afloat that it rammed this turn%s", t->desc[i],
	    so->burn_target >= 0 ? " (BURN names one it did not ram, or "
	    "that is gone)" : "");
	return -1;
}

/* Every BURN of the turn at once: targets as movement left them, the dice
 * by id, then the fires (docs/rules-nauta.md, "Names never decide"). */
int
nauta_pirophoros(struct nv_turn *t, char **cause)
{
	const struct nauta_data		*nd = nauta_data(t->rs);
	const struct nauta_ship_orders	*so;
	size_t				 i, n = t->st->nships;
	int				*g = xcalloc(n + 1, sizeof *g), die;
	unsigned char			*fire = xcalloc(n + 1, 1);

	for (i = 0; i < n; i++) {
		so = nauta_ship_orders(t->orders, (int)i);
		g[i] = -1;
		if (so != NULL && so->burn &&
		    t->st->ships[i].status == NV_STATUS_AFLOAT &&
		    !t->st->ships[i].attr[NA_A_PIROPHOROS_USED].i)
			g[i] = burn_target(t, (int)i, so);
	}
	for (i = 0; i < n; i++) {
		if (g[i] < 0)
			continue;
		if (turn_roll(t, 6, "pirophoros", t->st->ships[i].id, &die,
		    cause) != 0) {
			free(g);
			free(fire);
			return -1;
		}
		t->st->ships[i].attr[NA_A_PIROPHOROS_USED].i = 1;
		fire[g[i]] |= die >= nd->burn_on;
		turn_event(t, nauta_event_name(NA_EV_BURN), (int)i, g[i], "%s's "
		    "Pirophoros %s %s on fire", t->desc[i], die >= nd->burn_on ?
		    "sets" : "fails to set", t->desc[g[i]]);
	}
	for (i = 0; i < n; i++) {
		if (!fire[i])
			continue;
		nauta_lost(t, (int)i);
		turn_eliminate(t, (int)i, NV_STATUS_COUNT + NA_STATUS_BURNT,
		    NULL);
		state_add_wreck(t->st, t->st->ships[i].hex, t->st->ships[i].id);
	}
	free(g);
	free(fire);
	return 0;
}

/* Ship i's boarding target among the enemies afloat in contact, or -1. */
static int
pick(const struct nv_turn *t, int i, const struct nauta_ship_orders *so)
{
	const struct nv_ship	*s = &t->st->ships[i];
	int			*v, best = -1;
	size_t			 n, k;
	long			 fewest = 0;

	if (so->nboard > 0) {
		for (k = 0; k < so->nboard; k++)
			if (afloat_enemy(t, i, so->board[k]) &&
			    nauta_ids_contain(s->attr[NA_A_CONTACT].s,
			    t->st->ships[so->board[k]].id))
				return so->board[k];
		return -1;
	}
	n = nauta_ids_ships(t->st, s->attr[NA_A_CONTACT].s, &v);
	for (k = 0; k < n; k++)
		if (afloat_enemy(t, i, v[k]) && (best < 0 ||
		    t->st->ships[v[k]].attr[NA_A_SOLDIERS].i < fewest ||
		    (t->st->ships[v[k]].attr[NA_A_SOLDIERS].i == fewest &&
		    nauta_before(t->st, v[k], best)))) {
			best = v[k];
			fewest = t->st->ships[v[k]].attr[NA_A_SOLDIERS].i;
		}
	free(v);
	return best;
}

/* The boarding targets of the turn: -1 where a ship makes no attempt. */
static int *
picks(struct nv_turn *t)
{
	const struct nauta_turn		*nt = t->rs_turn;
	const struct nauta_ship_orders	*so;
	const struct nv_ship		*s;
	size_t				 i;
	int				*p = xcalloc(t->st->nships + 1,
					    sizeof *p);

	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		so = nauta_ship_orders(t->orders, (int)i);
		p[i] = -1;
		if (so == NULL || (!so->board_any && so->nboard == 0) ||
		    s->status != NV_STATUS_AFLOAT ||
		    s->attr[NA_A_SOLDIERS].i == 0 || nt->fight_start[i] ||
		    nt->holds[i])
			continue;
		p[i] = pick(t, (int)i, so);
		if (p[i] < 0)
			turn_event(t, nauta_event_name(NA_EV_BOARD), (int)i, -1,
			    "%s finds no enemy in contact to board",
			    t->desc[i]);
	}
	return p;
}

static int
attempt(struct nv_turn *t, int i, int g, const int *p, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	const struct nv_ship	*s = &t->st->ships[i];
	int			 die, mod;
	struct buf		 b = BUF_INIT;

	if (p[g] == i) {
		turn_event(t, nauta_event_name(NA_EV_BOARD), i, g, "%s and %s "
		    "board each other: grappled", t->desc[i], t->desc[g]);
		return 1;
	}
	if (turn_roll(t, 6, "boarding", s->id, &die, cause) != 0)
		return -1;
	mod = NA_EFFECT(t->rs, s, boarding);
	if (nauta_rammed(t, i, g))
		mod += NA_EFFECT(t->rs, s, boarding_rammed);
	if (nauta_crew_contest(t->st))
		mod += nd->crews[t->st->sides[s->side].crew].contest;
	buf_printf(&b, "%d", die);
	if (mod != 0)
		buf_printf(&b, "%+d=%d", mod, die + mod);
	turn_event(t, nauta_event_name(NA_EV_BOARD), i, g, "%s tries to board "
	    "%s: %s, %s", t->desc[i], t->desc[g], buf_str(&b),
	    die + mod >= nd->board_roll ? "grappled" : "it fails");
	buf_free(&b);
	return die + mod >= nd->board_roll;
}

/* A boarded ship without soldiers surrenders to its boarder with most
 * soldiers (then the lower id). */
static void
empty_surrender(struct nv_turn *t, int g, const int *p)
{
	size_t	i;
	int	best = -1;

	if (t->st->ships[g].attr[NA_A_SOLDIERS].i > 0 ||
	    !ship_on_map(&t->st->ships[g]) ||
	    nauta_is_prize(&t->st->ships[g]))
		return;
	for (i = 0; i < t->st->nships; i++)
		if (p[i] == g && nauta_ids_contain(
		    t->st->ships[i].attr[NA_A_GRAPPLED].s, t->st->ships[g].id) &&
		    (best < 0 || t->st->ships[i].attr[NA_A_SOLDIERS].i >
		    t->st->ships[best].attr[NA_A_SOLDIERS].i ||
		    (t->st->ships[i].attr[NA_A_SOLDIERS].i ==
		    t->st->ships[best].attr[NA_A_SOLDIERS].i &&
		    nauta_before(t->st, (int)i, best))))
			best = (int)i;
	if (best >= 0)
		nauta_surrender(t, g, best, "has no soldiers to fight");
}

int
nauta_boarding(struct nv_turn *t, char **cause)
{
	int	*p = picks(t), *made, rc;
	size_t	 i, n = t->st->nships;

	made = xcalloc(n + 1, sizeof *made);
	for (i = 0; i < n; i++) {
		if (p[i] < 0 || made[i])
			continue;
		made[i] = 1;
		if (p[p[i]] == (int)i)
			made[p[i]] = 1;	/* the pair's one grapple */
		if ((rc = attempt(t, (int)i, p[i], p, cause)) < 0) {
			free(p);
			free(made);
			return -1;
		}
		if (rc == 1)
			nauta_grapple(t->st, (int)i, p[i], t->turn);
	}
	for (i = 0; i < n; i++)
		empty_surrender(t, (int)i, p);
	free(p);
	free(made);
	return 0;
}
