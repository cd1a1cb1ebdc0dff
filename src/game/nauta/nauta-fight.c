/* nauta-fight.c: fighting aboard (nauta.md, "Fighting aboard and
 * prizes", "The Admiral"; docs/rules-nauta.md).
 *
 * Ships joined by grapples form a fight.  Each turn every ship in a fight
 * picks its one victim, the only ship it can hurt this turn: the first of
 * the fight's enemies its BOARD order names, else the enemy it has been
 * grappled to longest, then the one with fewest soldiers, then the lower
 * id.  Then three assaults; in each:
 *
 *  1. every ship in a fight rolls one die (by id): 1d6 + soldier units,
 *     +1 Admiral aboard, and in the first assault its options' bonus
 *     (Archer Towers); against a Cataphract the enemy's total is 1 lower
 *     in the first assault;
 *  2. a ship whose total beats its victim's kills one of the victim's
 *     units (ties nothing); the assault's losses apply together;
 *  3. by id, an Admiral whose ship lost units dies on a 6;
 *  4. by id, a ship with no soldiers surrenders (unless no enemy in its
 *     fight has any either: the fight ends, no capture), and a ship whose
 *     losses first exceed half its starting soldiers tests once a game:
 *     1d6 (+1 Admiral), 1-2 surrenders.  Its captor is the enemy that
 *     killed its units in that assault with most soldiers.
 *
 * A surrendering ship leaves the fight; a fight ends when one side has
 * no ship left in it (its last grapple goes). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "nauta.h"
#include "orders.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

struct fight {
	size_t	 n;		/* ships */
	int	*comp;		/* fight number per ship, -1: none */
	int	*victim;	/* per ship, -1: none */
	int	*total;		/* this assault's totals */
	int	*lost;		/* units lost this assault */
	unsigned char *won;	/* killed a unit of its victim this assault */
};

static int
grappled(const struct nv_ship *s)
{
	return *s->attr[NA_A_GRAPPLED].s != '\0';
}

/* Fights as components of the grapples; comp[i] is the lowest index of
 * i's fight, -1 when it is in none. */
static void
components(const struct nv_state *st, int *comp)
{
	size_t	 i, n = st->nships, k, nn, head, tail;
	int	*queue = xcalloc(n + 1, sizeof *queue), *v, c;

	for (i = 0; i < n; i++)
		comp[i] = -1;
	for (i = 0; i < n; i++) {
		if (comp[i] >= 0 || !ship_on_map(&st->ships[i]) ||
		    !grappled(&st->ships[i]))
			continue;
		comp[i] = (int)i;
		head = tail = 0;
		queue[tail++] = (int)i;
		while (head < tail) {
			c = queue[head++];
			nn = nauta_ids_ships(st, st->ships[c].attr[NA_A_GRAPPLED].s,
			    &v);
			for (k = 0; k < nn; k++)
				if (comp[v[k]] < 0) {
					comp[v[k]] = (int)i;
					queue[tail++] = v[k];
				}
			free(v);
		}
	}
	free(queue);
}

/* How long ship i has fought ship k: since the later of the turns they
 * entered the fight (lower is longer). */
static long
since(const struct nv_state *st, int i, int k)
{
	long	a = st->ships[i].attr[NA_A_FIGHT_SINCE].i;
	long	b = st->ships[k].attr[NA_A_FIGHT_SINCE].i;

	return a > b ? a : b;
}

/* 1 if enemy k is a better victim for ship i than enemy best. */
static int
better_victim(const struct nv_state *st, int i, int k, int best)
{
	long	sk = since(st, i, k), sb = since(st, i, best);
	long	nk = st->ships[k].attr[NA_A_SOLDIERS].i;
	long	nb = st->ships[best].attr[NA_A_SOLDIERS].i;

	if (sk != sb)
		return sk < sb;
	if (nk != nb)
		return nk < nb;
	return nauta_before(st, k, best);
}

static int
victim_of(const struct nv_turn *t, const struct fight *f, int i)
{
	const struct nauta_ship_orders	*so = nauta_ship_orders(t->orders, i);
	const struct nv_state		*st = t->st;
	size_t				 k;
	int				 best = -1;

	for (k = 0; so != NULL && k < so->nboard; k++)
		if (f->comp[so->board[k]] == f->comp[i] &&
		    st->ships[so->board[k]].side != st->ships[i].side)
			return so->board[k];
	for (k = 0; k < f->n; k++) {
		if (f->comp[k] != f->comp[i] ||
		    st->ships[k].side == st->ships[i].side)
			continue;
		if (best < 0 || better_victim(st, i, (int)k, best))
			best = (int)k;
	}
	return best;
}

void
nauta_surrender(struct nv_turn *t, int ship, int captor, const char *why)
{
	struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*s = &t->st->ships[ship];
	int			*v;
	size_t			 n, k;

	n = nauta_ids_ships(t->st, s->attr[NA_A_GRAPPLED].s, &v);
	for (k = 0; k < n; k++)
		nauta_ungrapple(t->st, ship, v[k]);
	turn_event(t, nauta_event_name(NA_EV_SURRENDER), ship, captor, "%s %s "
	    "and surrenders to %s", t->desc[ship], why, t->desc[captor]);
	if (nauta_admiral_aboard(s))
		nt->surrendered[ship] = 1;
	s->status = NV_STATUS_CAPTURED;
	s->side = t->st->ships[captor].side;
	free(s->attr[NA_A_PRIZE_OF].s);
	s->attr[NA_A_PRIZE_OF].s = xstrdup(t->st->ships[captor].id);
	t->plots[ship].stopped = 1;
	for (k = 0; k < n; k++)
		if (!grappled(&t->st->ships[v[k]]))
			turn_event(t, nauta_event_name(NA_EV_FIGHT_END), v[k], -1,
			    "The fight of %s is over", t->desc[v[k]]);
	free(v);
}

static void
fight_free(struct fight *f)
{
	free(f->comp);
	free(f->victim);
	free(f->total);
	free(f->lost);
	free(f->won);
}

/* One die for each ship in a fight, by id. */
static int
assault_dice(struct nv_turn *t, struct fight *f, int a, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	const struct nv_ship	*s;
	char			 purpose[32];
	size_t			 i;
	int			 die;

	(void)snprintf(purpose, sizeof purpose, "assault %d", a);
	for (i = 0; i < f->n; i++) {
		s = &t->st->ships[i];
		if (f->comp[i] < 0 || !grappled(s) || !ship_on_map(s) ||
		    nauta_is_prize(s))
			continue;
		if (turn_roll(t, 6, purpose, s->id, &die, cause) != 0)
			return -1;
		f->total[i] = die + (int)s->attr[NA_A_SOLDIERS].i +
		    (nauta_admiral_aboard(s) ? nd->admiral_bonus : 0) +
		    (a == 1 ? NA_EFFECT(t->rs, s, first_assault) : 0);
	}
	return 0;
}

/* Comparisons of each ship with its victim; losses apply together. */
static void
assault_losses(struct nv_turn *t, struct fight *f, int a)
{
	struct nv_ship	*x, *v;
	size_t		 i;
	int		 g, tx, tv;

	memset(f->lost, 0, f->n * sizeof *f->lost);
	memset(f->won, 0, f->n);
	for (i = 0; i < f->n; i++) {
		x = &t->st->ships[i];
		g = f->victim[i];
		if (f->comp[i] < 0 || g < 0 || !grappled(x) ||
		    !ship_on_map(x) || nauta_is_prize(x))
			continue;
		v = &t->st->ships[g];
		if (!ship_on_map(v) || nauta_is_prize(v) || !grappled(v) ||
		    f->comp[g] != f->comp[i])
			continue;
		tx = f->total[i];
		tv = f->total[g];
		if (a == 1) {
			tx += NA_EFFECT(t->rs, v, enemy_first_assault);
			tv += NA_EFFECT(t->rs, x, enemy_first_assault);
		}
		turn_event(t, nauta_event_name(NA_EV_ASSAULT), (int)i, g,
		    "Assault %d: %s %d against its victim %s %d: %s", a,
		    x->id, tx, v->id, tv, tx > tv ? "it kills a soldier unit" :
		    "no loss");
		if (tx > tv) {
			f->lost[g]++;
			f->won[i] = 1;
		}
	}
	for (i = 0; i < f->n; i++) {
		if (f->lost[i] == 0)
			continue;
		x = &t->st->ships[i];
		x->attr[NA_A_SOLDIERS].i -= f->lost[i];
		if (x->attr[NA_A_SOLDIERS].i < 0)
			x->attr[NA_A_SOLDIERS].i = 0;
		turn_event(t, nauta_event_name(NA_EV_LOSS), (int)i, -1,
		    "%s loses %d soldier unit%s: %ld left", t->desc[i],
		    f->lost[i], f->lost[i] == 1 ? "" : "s",
		    x->attr[NA_A_SOLDIERS].i);
	}
}

/* An Admiral whose ship lost units dies on admiral-dies (by id). */
static int
admiral_rolls(struct nv_turn *t, struct fight *f, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct nv_ship		*s;
	size_t			 i;
	int			 die;

	for (i = 0; i < f->n; i++) {
		s = &t->st->ships[i];
		if (f->lost[i] == 0 || !nauta_admiral_aboard(s))
			continue;
		if (turn_roll(t, 6, "admiral", s->id, &die, cause) != 0)
			return -1;
		if (die < nd->admiral_dies)
			continue;
		free(s->attr[NA_A_ADMIRAL].s);
		s->attr[NA_A_ADMIRAL].s = xstrdup(NA_ADMIRAL_KILLED);
		turn_event(t, nauta_event_name(NA_EV_ADMIRAL), (int)i, -1, "The "
		    "Admiral of %s is killed aboard %s", t->st->sides[s->owner].id,
		    t->desc[i]);
	}
	return 0;
}

/* Ship g's captor: of the enemies that killed its units in this assault
 * and do not give up themselves, the one with most soldiers; failing
 * that, the enemy of its fight with most soldiers left (then the lower
 * id), or -1.  giving_up (may be NULL) marks the ships that give up
 * with it. */
static int
captor_of(const struct nv_turn *t, const struct fight *f, int g,
    const unsigned char *giving_up)
{
	const struct nv_ship	*s;
	size_t			 i;
	int			 best = -1, pass;

	for (pass = 0; pass < 2 && best < 0; pass++)
		for (i = 0; i < f->n; i++) {
			s = &t->st->ships[i];
			if (pass == 0 ? !(f->won[i] && f->victim[i] == g) :
			    f->comp[i] != f->comp[g] ||
			    s->side == t->st->ships[g].side ||
			    !grappled(s) || s->attr[NA_A_SOLDIERS].i == 0)
				continue;
			if (!ship_on_map(s) || nauta_is_prize(s) ||
			    (giving_up != NULL && giving_up[i]))
				continue;
			if (best < 0 || s->attr[NA_A_SOLDIERS].i >
			    t->st->ships[best].attr[NA_A_SOLDIERS].i ||
			    (s->attr[NA_A_SOLDIERS].i ==
			    t->st->ships[best].attr[NA_A_SOLDIERS].i &&
			    nauta_before(t->st, (int)i, best)))
				best = (int)i;
		}
	return best;
}

/* 1 if an enemy in ship g's fight has soldiers left. */
static int
enemy_soldiers(const struct nv_turn *t, const struct fight *f, int g)
{
	size_t	i;

	for (i = 0; i < f->n; i++)
		if (f->comp[i] == f->comp[g] && grappled(&t->st->ships[i]) &&
		    t->st->ships[i].side != t->st->ships[g].side &&
		    t->st->ships[i].attr[NA_A_SOLDIERS].i > 0)
			return 1;
	return 0;
}

/* Ship g has no soldiers and no enemy of its fight has any: it leaves
 * the fight, not captured. */
static void
release(struct nv_turn *t, int g)
{
	int	*v;
	size_t	 n, k;

	n = nauta_ids_ships(t->st, t->st->ships[g].attr[NA_A_GRAPPLED].s, &v);
	for (k = 0; k < n; k++)
		nauta_ungrapple(t->st, g, v[k]);
	free(v);
	turn_event(t, nauta_event_name(NA_EV_FIGHT_END), g, -1, "%s has no "
	    "soldiers left, nor has any enemy in its fight: it is out of the "
	    "fight, not captured", t->desc[g]);
}

/* Ship i's surrender test, if its losses first exceed half its starting
 * soldiers: 1 if it gives up. */
static int
surrender_test(struct nv_turn *t, int i, int *gives, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct nv_ship		*s = &t->st->ships[i];
	long			 start = s->attr[NA_A_SOLDIERS_START].i;
	int			 die, total;

	*gives = 0;
	if (s->attr[NA_A_SURRENDER_TESTED].i ||
	    2 * (start - s->attr[NA_A_SOLDIERS].i) <= start)
		return 0;
	s->attr[NA_A_SURRENDER_TESTED].i = 1;
	if (turn_roll(t, 6, "surrender test", s->id, &die, cause) != 0)
		return -1;
	total = die + (nauta_admiral_aboard(s) ? nd->admiral_bonus : 0);
	turn_event(t, nauta_event_name(NA_EV_SURRENDER), i, -1, "%s has lost "
	    "more than half its soldiers and tests: %d, %s", t->desc[i],
	    total, total <= nd->surrender_on ? "it gives up" : "it fights to "
	    "the last man");
	*gives = total <= nd->surrender_on;
	return 0;
}

/* The surrender tests of an assault: all rolled (by id), then the ships
 * that give up surrender together. */
static int
surrender_tests(struct nv_turn *t, struct fight *f, const unsigned char *zero,
    char **cause)
{
	unsigned char	*gives = xcalloc(f->n + 1, 1);
	struct nv_ship	*s;
	size_t		 i;
	int		 g, c, rc = 0;

	for (i = 0; i < f->n && rc == 0; i++) {
		s = &t->st->ships[i];
		if (f->lost[i] > 0 && !zero[i] && grappled(s) &&
		    ship_on_map(s) && !nauta_is_prize(s)) {
			rc = surrender_test(t, (int)i, &g, cause);
			gives[i] = (unsigned char)g;
		}
	}
	for (i = 0; i < f->n && rc == 0; i++)
		if (gives[i] && (c = captor_of(t, f, (int)i, gives)) >= 0)
			nauta_surrender(t, (int)i, c, "gives up the fight");
	free(gives);
	return rc;
}

/* After an assault: the ships without soldiers give up together (as the
 * assault left every fight), then the surrender tests, by id. */
static int
surrenders(struct nv_turn *t, struct fight *f, char **cause)
{
	unsigned char	*zero = xcalloc(f->n + 1, 1);
	unsigned char	*gives = xcalloc(f->n + 1, 1);
	struct nv_ship	*s;
	size_t		 i;
	int		 c, rc = 0;

	for (i = 0; i < f->n; i++) {
		s = &t->st->ships[i];
		if (f->comp[i] < 0 || !grappled(s) || !ship_on_map(s) ||
		    nauta_is_prize(s) || s->attr[NA_A_SOLDIERS].i > 0)
			continue;
		zero[i] = 1;
		gives[i] = enemy_soldiers(t, f, (int)i);
	}
	/* Releases first, so that no surrender reports a released ship's
	 * fight as over: the events do not depend on the ships' order. */
	for (i = 0; i < f->n; i++)
		if (zero[i] && !gives[i])
			release(t, (int)i);
	for (i = 0; i < f->n; i++)
		if (zero[i] && gives[i] &&
		    (c = captor_of(t, f, (int)i, gives)) >= 0)
			nauta_surrender(t, (int)i, c, "has no soldiers left");
	rc = surrender_tests(t, f, zero, cause);
	free(zero);
	free(gives);
	return rc;
}

int
nauta_fights(struct nv_turn *t, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct fight		 f;
	size_t			 i;
	int			 a, any = 0;

	memset(&f, 0, sizeof f);
	f.n = t->st->nships;
	f.comp = xcalloc(f.n + 1, sizeof *f.comp);
	components(t->st, f.comp);
	for (i = 0; i < f.n; i++)
		any |= f.comp[i] >= 0;
	if (!any) {
		free(f.comp);
		return 0;
	}
	f.victim = xcalloc(f.n + 1, sizeof *f.victim);
	f.total = xcalloc(f.n + 1, sizeof *f.total);
	f.lost = xcalloc(f.n + 1, sizeof *f.lost);
	f.won = xcalloc(f.n + 1, 1);
	for (i = 0; i < f.n; i++)
		f.victim[i] = f.comp[i] >= 0 ? victim_of(t, &f, (int)i) : -1;
	for (a = 1; a <= nd->assaults; a++) {
		if (assault_dice(t, &f, a, cause) != 0)
			goto fail;
		assault_losses(t, &f, a);
		if (admiral_rolls(t, &f, cause) != 0 ||
		    surrenders(t, &f, cause) != 0)
			goto fail;
	}
	fight_free(&f);
	return 0;
fail:
	fight_free(&f);
	return -1;
}
