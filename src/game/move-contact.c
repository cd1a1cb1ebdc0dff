/* move-contact.c: the contacts of a round (see move-int.h).
 *
 * The fixed point (move-resolve.c) queues a contact for every step that
 * meets a ship; each wave's contacts are sorted by (lower ship index,
 * other index), after the ruleset's contact_key() if it has one, and
 * handed to the ruleset's contact() hook one by one, and their outcomes
 * applied: stops, the winner of a contested hex, blocks (no contact: an
 * obstacle), eliminations, and redirected steps (slips), which are made
 * after the round's other steps.
 * docs/movement.md ("Contact kinds") describes the fields. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "hexindex.h"
#include "move-int.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static void
push(struct round *r, struct nv_contact *c)
{
	if (r->nq == r->capq) {
		r->capq = r->capq == 0 ? 8 : r->capq * 2;
		r->q = xreallocarray(r->q, r->capq, sizeof *r->q);
	}
	c->enter = -1;
	c->stop_a = c->stop_b = 1;
	c->redirect_a = c->redirect_b = c->redirect_alt = -1;
	c->block = 0;
	c->block_what = NULL;
	c->eliminate_a = c->eliminate_b = 0;
	r->q[r->nq].c = *c;
	r->q[r->nq].key = 0;
	r->q[r->nq].seq = r->seq++;
	r->nq++;
}

/* Friendly and backing contacts are collisions, whatever their shape. */
static void
classify(const struct round *r, struct nv_contact *c)
{
	const struct nv_ship	*ships = r->t->st->ships;

	if (ships[c->a].side == ships[c->b].side)
		c->kind = NV_CONTACT_FRIENDLY;
	else if (c->a_back || c->b_back)
		c->kind = NV_CONTACT_ASTERN;
	else
		c->kind = c->shape;
}

/* a's step into the hex of b, which stays. */
void
mv_queue_into(struct round *r, int a, int b)
{
	const struct nv_ship	*ships = r->t->st->ships;
	struct nv_contact	 c;
	int			 d = r->mv[a].dir;

	memset(&c, 0, sizeof c);
	c.a = a;
	c.b = b;
	c.a_side = hexside_of(ships[a].facing, d);
	c.b_side = hexside_of(ships[b].facing, dir_opposite(d));
	c.shape = c.b_side == NV_SIDE_BOW ? NV_CONTACT_HEAD_ON :
	    NV_CONTACT_RAM;
	c.a_back = r->mv[a].back;
	c.hex = r->mv[b].from;
	classify(r, &c);
	push(r, &c);
}

/* a and b (a < b) both step: into each other's hex (SWAP) or into one
 * hex (SAME_HEX). */
void
mv_queue_pair(struct round *r, enum nv_contact_kind shape, int a, int b)
{
	const struct nv_ship	*ships = r->t->st->ships;
	struct nv_contact	 c;

	memset(&c, 0, sizeof c);
	c.shape = shape;
	c.a = a;
	c.b = b;
	c.a_side = hexside_of(ships[a].facing, r->mv[a].dir);
	c.b_side = hexside_of(ships[b].facing, r->mv[b].dir);
	c.a_back = r->mv[a].back;
	c.b_back = r->mv[b].back;
	c.hex = shape == NV_CONTACT_SAME_HEX ? r->mv[a].to : r->mv[b].from;
	classify(r, &c);
	push(r, &c);
}

static int
cmp_queued(const void *x, const void *y)
{
	const struct queued	*a = x, *b = y;
	int			 alo = a->c.a < a->c.b ? a->c.a : a->c.b;
	int			 ahi = a->c.a < a->c.b ? a->c.b : a->c.a;
	int			 blo = b->c.a < b->c.b ? b->c.a : b->c.b;
	int			 bhi = b->c.a < b->c.b ? b->c.b : b->c.a;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (alo != blo)
		return alo < blo ? -1 : 1;
	if (ahi != bhi)
		return ahi < bhi ? -1 : 1;
	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	return 0;
}

static int
valid_dir(int dir)
{
	return dir >= 0 && dir < NV_DIR_COUNT;
}

/* A ship slips at most once a round (one that rakes two ships too). */
static void
add_slip(struct round *r, int ship, int dir, int alt)
{
	size_t	k;

	for (k = 0; k < r->nslips; k++)
		if (r->slips[k].ship == ship)
			return;
	if (!valid_dir(dir))
		return;
	if (r->nslips == r->capslips) {
		r->capslips = r->capslips == 0 ? 4 : r->capslips * 2;
		r->slips = xreallocarray(r->slips, r->capslips,
		    sizeof *r->slips);
	}
	r->slips[r->nslips].ship = ship;
	r->slips[r->nslips].dir = dir;
	r->slips[r->nslips].alt = valid_dir(alt) ? alt : -1;
	r->nslips++;
}

/* 1 if ship i stepped in contact c (a always did; b in a swap or a
 * contest for an empty hex). */
static int
stepped(const struct nv_contact *c, int i)
{
	return i == c->a || c->shape == NV_CONTACT_SWAP ||
	    c->shape == NV_CONTACT_SAME_HEX;
}

/* No contact after all: the ships that stepped are blocked, as before a
 * wreck (they become MV_BLOCKED in settle_contests). */
static void
blocked(struct round *r, const struct nv_contact *c)
{
	struct nv_turn	*t = r->t;
	int		 i, k;
	char		 h1[8], h2[8];

	for (k = 0; k < 2; k++) {
		i = k == 0 ? c->a : c->b;
		if (!stepped(c, i) || !ship_on_map(&t->st->ships[i]))
			continue;
		t->plots[i].stopped = 1;
		turn_event(t, mv_ev(NV_EV_BLOCKED), i, k == 0 ? c->b : c->a,
		    "%s cannot enter %s (%s) and stops in %s for the rest of "
		    "the turn", t->desc[i], mv_hname(r, r->mv[i].to, h1),
		    c->block_what != NULL ? c->block_what :
		    t->desc[k == 0 ? c->b : c->a],
		    mv_hname(r, r->mv[i].from, h2));
	}
}

static void
outcome(struct round *r, const struct nv_contact *c)
{
	struct nv_plot	*p = r->t->plots;

	if (c->block)
		blocked(r, c);
	if (c->eliminate_a != 0 && ship_on_map(&r->t->st->ships[c->a]))
		turn_eliminate(r->t, c->a, c->eliminate_a, NULL);
	if (c->eliminate_b != 0 && ship_on_map(&r->t->st->ships[c->b]))
		turn_eliminate(r->t, c->b, c->eliminate_b, NULL);
	if (c->block)
		return;
	if (c->stop_a)
		p[c->a].stopped = 1;
	if (c->stop_b)
		p[c->b].stopped = 1;
	add_slip(r, c->a, c->redirect_a, c->redirect_alt);
	/* Only a ship that stepped has a step to redirect. */
	if (c->shape == NV_CONTACT_SWAP || c->shape == NV_CONTACT_SAME_HEX)
		add_slip(r, c->b, c->redirect_b, c->redirect_alt);
}

/* A contestant enters only if it won against every other contestant:
 * one pass over the wave's contacts marks every loser. */
static void
settle_contests(struct round *r)
{
	const struct nv_contact	*c;
	size_t			 i, k;

	for (k = 0; k < r->nq; k++) {
		c = &r->q[k].c;
		if (c->shape != NV_CONTACT_SAME_HEX)
			continue;
		if (c->enter != c->a)
			r->mv[c->a].lost = 1;
		if (c->enter != c->b)
			r->mv[c->b].lost = 1;
	}
	for (i = 0; i < r->n; i++)
		if (r->mv[i].state == MV_CONTEST)
			r->mv[i].state = r->mv[i].lost ? MV_FAILED : MV_DONE;
	/* A blocked step stays as before a wreck: no `stop` event (the
	 * `blocked` one said it). */
	for (k = 0; k < r->nq; k++) {
		c = &r->q[k].c;
		if (!c->block)
			continue;
		if (r->mv[c->a].state == MV_FAILED)
			r->mv[c->a].state = MV_BLOCKED;
		if (stepped(c, c->b) && r->mv[c->b].state == MV_FAILED)
			r->mv[c->b].state = MV_BLOCKED;
	}
}

/* Hands the wave's contacts to the ruleset in order. */
int
mv_run_contacts(struct round *r, char **cause)
{
	const struct nv_ruleset	*rs = r->t->rs;
	struct nv_contact	*c;
	size_t			 k;

	if (rs->ops->contact_key != NULL)
		for (k = 0; k < r->nq; k++)
			r->q[k].key = rs->ops->contact_key(r->t, &r->q[k].c);
	qsort(r->q, r->nq, sizeof *r->q, cmp_queued);
	for (k = 0; k < r->nq; k++) {
		c = &r->q[k].c;
		if (rs->ops->contact != NULL &&
		    rs->ops->contact(r->t, c, cause) != 0)
			return -1;
		if (c->block || c->shape != NV_CONTACT_SAME_HEX ||
		    (c->enter != c->a && c->enter != c->b))
			c->enter = -1;
		outcome(r, c);
	}
	settle_contests(r);
	r->nq = 0;
	return 0;
}

static int
slip_free(struct round *r, struct nv_hex to)
{
	return state_on_map(r->t->st, to) && !state_is_land(r->t->st, to) &&
	    !hexindex_is_wreck(r->ix, to) && hexindex_ship_at(r->ix, to) < 0 &&
	    hexindex_obstacle_at(r->ix, to) < 0;
}

/* Where slip sl goes: the first choice if free, else the second (if any
 * and free); *ok is 0 if neither is.  Free when the round's other steps
 * are done: a hex that another ship slips out of is not. */
static struct nv_hex
slip_target(struct round *r, const struct slip *sl, int *ok)
{
	struct nv_hex	 to = hex_neighbour(r->t->st->ships[sl->ship].hex,
			    sl->dir);

	*ok = slip_free(r, to);
	if (!*ok && sl->alt >= 0) {
		to = hex_neighbour(r->t->st->ships[sl->ship].hex, sl->alt);
		*ok = slip_free(r, to);
	}
	return to;
}

/* Redirected steps (rakes' slips) are made after the round's other steps,
 * all at once, keeping the facing, unless the ship entered after all,
 * sank, or another contact stopped it.  Two ships that would slip into one
 * hex both stay and stop: the order of their contacts (by id) must not
 * decide which goes. */
void
mv_slips(struct round *r)
{
	struct nv_turn	*t = r->t;
	struct nv_hex	*to = xcalloc(r->nslips + 1, sizeof *to);
	int		*ok = xcalloc(r->nslips + 1, sizeof *ok);
	size_t		 k, e;
	int		 i, j;
	char		 h1[8], h2[8], h3[8];

	for (k = 0; k < r->nslips; k++) {
		i = r->slips[k].ship;
		ok[k] = -1;
		if (r->mv[i].state != MV_DONE && !t->plots[i].stopped &&
		    ship_on_map(&t->st->ships[i]))
			to[k] = slip_target(r, &r->slips[k], &ok[k]);
	}
	for (k = 0; k < r->nslips; k++) {
		i = r->slips[k].ship;
		for (j = -1, e = 0; e < r->nslips && ok[k] == 1; e++)
			if (e != k && ok[e] == 1 && hex_eq(to[e], to[k]))
				j = r->slips[e].ship;
		if (ok[k] < 0)
			continue;
		if (ok[k] == 0 || j >= 0)
			t->plots[i].stopped = 1;
		if (ok[k] == 0)
			turn_event(t, mv_ev(NV_EV_BLOCKED), i, -1, "%s finds "
			    "%s%s%s blocked and stays in %s", t->desc[i],
			    mv_hname_any(r, hex_neighbour(t->st->ships[i].hex,
			    r->slips[k].dir), h1), r->slips[k].alt >= 0 ?
			    " and " : "", r->slips[k].alt >= 0 ? mv_hname_any(r,
			    to[k], h3) : "", mv_hname(r, t->st->ships[i].hex,
			    h2));
		else if (j >= 0)
			turn_event(t, mv_ev(NV_EV_BLOCKED), i, j, "%s and %s "
			    "would both slip into %s: neither does, and %s "
			    "stays in %s", t->desc[i], t->st->ships[j].id,
			    mv_hname(r, to[k], h1), t->st->ships[i].id,
			    mv_hname(r, t->st->ships[i].hex, h2));
		else {
			turn_event(t, mv_ev(NV_EV_MOVE), i, -1, "%s slips from "
			    "%s to %s, facing %s", t->desc[i], mv_hname(r,
			    t->st->ships[i].hex, h1), mv_hname(r, to[k], h2),
			    dir_name(t->st->ships[i].facing));
			events_path(t->ev, t->st->ships[i].hex, to[k]);
			hexindex_move(r->ix, i, to[k]);
			t->plots[i].run = 0;
		}
	}
	free(to);
	free(ok);
}

void
mv_stop_events(struct round *r)
{
	struct nv_turn	*t = r->t;
	size_t		 i;
	char		 h[8];

	for (i = 0; i < r->n; i++)
		if (!r->mv[i].was_stopped && t->plots[i].stopped &&
		    r->mv[i].state != MV_BLOCKED &&
		    r->mv[i].state != MV_EXITED &&
		    ship_on_map(&t->st->ships[i]))
			turn_event(t, mv_ev(NV_EV_STOP), (int)i, -1, "%s stops in "
			    "%s for the rest of the turn", t->desc[i],
			    mv_hname(r, t->st->ships[i].hex, h));
}
