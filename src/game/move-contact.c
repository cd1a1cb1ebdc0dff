/* move-contact.c: the contacts of a round (see move-int.h).
 *
 * The fixed point (move-resolve.c) queues a contact for every step that
 * meets a ship; each wave's contacts are sorted by (lower ship index,
 * other index) and handed to the ruleset's contact() hook one by one, and
 * their outcomes applied: stops, the winner of a contested hex, and
 * redirected steps (slips), which are made after the round's other steps.
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
	r->q[r->nq].c = *c;
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

static void
add_slip(struct round *r, int ship, int dir, int alt)
{
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

static void
outcome(struct round *r, const struct nv_contact *c)
{
	struct nv_plot	*p = r->t->plots;

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
}

/* Hands the wave's contacts to the ruleset in order. */
int
mv_run_contacts(struct round *r, char **cause)
{
	const struct nv_ruleset	*rs = r->t->rs;
	struct nv_contact	*c;
	size_t			 k;

	qsort(r->q, r->nq, sizeof *r->q, cmp_queued);
	for (k = 0; k < r->nq; k++) {
		c = &r->q[k].c;
		if (rs->ops->contact != NULL &&
		    rs->ops->contact(r->t, c, cause) != 0)
			return -1;
		if (c->shape != NV_CONTACT_SAME_HEX ||
		    (c->enter != c->a && c->enter != c->b))
			c->enter = -1;
		outcome(r, c);
	}
	settle_contests(r);
	r->nq = 0;
	return 0;
}

/* A slip's target: a hex off the map has no name to give. */
static const char *
slip_name(const struct round *r, struct nv_hex h, char *buf)
{
	return state_on_map(r->t->st, h) ? mv_hname(r, h, buf) :
	    "the hex off the map";
}

static int
slip_free(struct round *r, struct nv_hex to)
{
	return state_on_map(r->t->st, to) && !state_is_land(r->t->st, to) &&
	    !hexindex_is_wreck(r->ix, to) && hexindex_ship_at(r->ix, to) < 0;
}

/* A redirected step (a rake's slip) goes into the hex beside, if free
 * (else into the second choice, if any and free), after the phase's other
 * steps; the facing is kept.  A ship that another contact stopped, or
 * that sank, does not slip. */
void
mv_slips(struct round *r)
{
	struct nv_turn	*t = r->t;
	struct nv_ship	*s;
	struct nv_hex	 to, alt;
	size_t		 k;
	int		 i;
	char		 h1[8], h2[8], h3[8];

	for (k = 0; k < r->nslips; k++) {
		i = r->slips[k].ship;
		s = &t->st->ships[i];
		if (r->mv[i].state == MV_DONE || !ship_on_map(s) ||
		    t->plots[i].stopped)
			continue;	/* it entered after all, or stopped */
		to = hex_neighbour(s->hex, r->slips[k].dir);
		alt = to;
		if (!slip_free(r, to) && r->slips[k].alt >= 0) {
			alt = hex_neighbour(s->hex, r->slips[k].alt);
			to = alt;
		}
		if (!slip_free(r, to)) {
			t->plots[i].stopped = 1;
			turn_event(t, mv_ev(NV_EV_BLOCKED), i, -1, "%s finds %s%s%s "
			    "blocked and stays in %s",
			    t->desc[i], slip_name(r, hex_neighbour(s->hex,
			    r->slips[k].dir), h1), r->slips[k].alt >= 0 ?
			    " and " : "", r->slips[k].alt >= 0 ?
			    slip_name(r, alt, h3) : "", mv_hname(r, s->hex, h2));
			continue;
		}
		turn_event(t, mv_ev(NV_EV_MOVE), i, -1, "%s slips from %s to %s, "
		    "facing %s", t->desc[i], mv_hname(r, s->hex, h1),
		    mv_hname(r, to, h2), dir_name(s->facing));
		hexindex_move(r->ix, i, to);
		t->plots[i].run = 0;
	}
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
