/* move.c: the common simultaneous mover (see move.h, docs/movement.md).
 *
 * One phase is run as one or more rounds (a ruleset whose schedule gives
 * a ship two steps in a phase runs two rounds).  In a round every ship
 * that steps first executes the turns before its next F or B, then all
 * steps happen at once:
 *
 *  1. Steps off the map exit; steps into land or a wreck are blocked.
 *  2. The rest are resolved to a fixed point.  A step into a hex whose
 *     occupant stays fails (a contact); two ships stepping into each
 *     other's hex fail (a swap); a step into a hex that is or becomes
 *     empty, with no other ship stepping in, succeeds.  A hex that is or
 *     becomes empty with two or more ships stepping in is contested: one
 *     contact per pair, and the ruleset names who enters.
 *  3. The contacts found are sorted by (lower ship index, other index)
 *     and handed to the ruleset, then step 2 runs again: a ship that
 *     loses a contest stays, so a ship following it now fails too.  Each
 *     such pass is a "wave".
 *  4. When nothing is decided and ships still wait, every ship left waits
 *     on a ring of ships that step into each other's hexes.  A closed
 *     ring (no other ship stepping into any of its hexes) turns; any other
 *     ring is jammed: its ships stay, each in contact with the next.
 *
 * Ships never share a hex, and every step that fails meets a ship: there
 * is always a contact to report.
 *
 * No step looks at every ship: hexes are looked up in the phase's hex
 * index (hexindex.h), and each stepping ship notes once per round who
 * stands in the hex it steps into and who else steps there (look_ahead),
 * so a round costs time in proportion to the ships, not to their square
 * (bench/README.md). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "hexindex.h"
#include "move.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

enum mv_state {
	MV_IDLE,	/* no step this round: stays */
	MV_PENDING,	/* stepping; not yet decided */
	MV_CONTEST,	/* in a contest for an empty hex, being resolved */
	MV_DONE,	/* entered its target hex */
	MV_FAILED,	/* stays: its step met a ship */
	MV_BLOCKED,	/* stays: land or wreck */
	MV_EXITED,	/* left the map */
};

struct mv {
	enum mv_state	 state;
	int		 on;		/* on the map at round start */
	int		 back;		/* the step is B */
	int		 dir;		/* direction of the step */
	int		 moved;		/* DONE and already applied */
	int		 was_stopped;	/* stopped before the round */
	struct nv_hex	 from;
	struct nv_hex	 to;
	/* Made by look_ahead() for a ship that steps, before any step of
	 * the round is applied, so they describe the round's start whatever
	 * moves later: the ship that stood in `to` (-1: none), and the ships
	 * stepping into `to`, in index order: first_in, then each one's
	 * next_in (-1 ends the list). */
	int		 ahead;
	int		 first_in;
	int		 next_in;
	int		 lost;		/* lost a contest (settle_contests) */
};

struct queued {
	struct nv_contact c;
	size_t		 seq;		/* keeps the sort total */
};

struct slip {
	int	ship;
	int	dir;
	int	alt;		/* second choice, or -1 */
};

struct round {
	struct nv_turn	*t;
	struct nv_hexindex *ix;		/* the phase's, kept exact */
	struct mv	*mv;
	size_t		 n;
	struct queued	*q;		/* this wave's contacts */
	size_t		 nq, capq;
	size_t		 seq;
	/* Redirected steps, in contact order. */
	struct slip	*slips;
	size_t		 nslips, capslips;
};

static const char *
ev(enum nv_event_kind k)
{
	return event_kind_name(k);
}

static const char *
hname(const struct round *r, struct nv_hex h, char *buf)
{
	return state_hex_name(r->t->st, h, buf);
}

/* A slip's target: a hex off the map has no name to give. */
static const char *
slip_name(const struct round *r, struct nv_hex h, char *buf)
{
	return state_on_map(r->t->st, h) ? hname(r, h, buf) :
	    "the hex off the map";
}

int
move_count(const struct nv_ruleset *rs, int speed, int phase)
{
	if (speed < 0)
		return phase == rs->phases ? 1 : 0;
	return ruleset_moves(rs, speed, phase);
}

int
move_last_phase(const struct nv_ruleset *rs, int speed)
{
	int	p;

	for (p = rs->phases; p >= 1; p--)
		if (move_count(rs, speed, p) > 0)
			return p;
	return 0;
}

/* The ship that stood in the hex ship i steps into when the round began,
 * or -1. */
static int
occupant(const struct round *r, int i)
{
	return r->mv[i].ahead;
}

static int
stays(const struct round *r, int i)
{
	enum mv_state	s = r->mv[i].state;

	return s == MV_IDLE || s == MV_FAILED || s == MV_BLOCKED;
}

/* The hex ship i steps into is empty or its occupant has left. */
static int
vacated(const struct round *r, int i)
{
	int	o = occupant(r, i);

	return o < 0 || r->mv[o].state == MV_DONE ||
	    r->mv[o].state == MV_EXITED;
}

/* Ships still stepping into the hex ship i steps into (or already in
 * it). */
static size_t
entrants(const struct round *r, int i)
{
	size_t	n = 0;
	int	k;

	for (k = r->mv[i].first_in; k >= 0; k = r->mv[k].next_in) {
		enum mv_state s = r->mv[k].state;

		if (s == MV_PENDING || s == MV_CONTEST || s == MV_DONE)
			n++;
	}
	return n;
}

/* Fills each stepping ship's ahead, first_in and next_in (struct mv).
 * Called after prepare() and before anything else of the round, while the
 * index still shows every ship where the round found it and the statuses
 * are the round's (terrain() makes some ships exit).  A ship stepping into
 * a hex comes from one of its six neighbours, so those are the only hexes
 * to look at. */
static void
look_ahead(struct round *r)
{
	struct mv	*m;
	size_t		 i;
	int		 d, k;

	for (i = 0; i < r->n; i++) {
		m = &r->mv[i];
		m->ahead = m->first_in = m->next_in = -1;
		if (m->state != MV_PENDING)
			continue;
		m->ahead = hexindex_ship_at(r->ix, m->to);
		for (d = 0; d < NV_DIR_COUNT; d++) {
			k = hexindex_ship_at(r->ix, hex_neighbour(m->to, d));
			if (k < 0 || r->mv[k].state != MV_PENDING ||
			    !hex_eq(r->mv[k].to, m->to))
				continue;
			/* i itself is among them: it stands beside `to`. */
			if (m->first_in < 0 || k < m->first_in)
				m->first_in = k;
			if (k > (int)i && (m->next_in < 0 || k < m->next_in))
				m->next_in = k;
		}
	}
}

static void
do_turn(struct round *r, int i, int step)
{
	struct nv_turn	*t = r->t;
	struct nv_ship	*s = &t->st->ships[i];
	char		 h[8];

	s->facing = dir_turn(s->facing, step == NV_STEP_PORT ? -1 : 1);
	t->plots[i].turns++;
	t->plots[i].run = 0;
	turn_event(t, ev(NV_EV_TURN), i, -1, "%s turns to %s in %s, now "
	    "facing %s", t->desc[i], step == NV_STEP_PORT ? "port" :
	    "starboard", hname(r, s->hex, h), dir_name(s->facing));
}

static int
is_turn(int step)
{
	return step == NV_STEP_PORT || step == NV_STEP_STARBOARD;
}

/* Turns before the ship's next F or B, then that step becomes pending. */
static void
prepare(struct round *r, int i)
{
	struct nv_plot	*p = &r->t->plots[i];
	struct nv_ship	*s = &r->t->st->ships[i];
	struct mv	*m = &r->mv[i];

	while (p->next < p->nsteps && is_turn(p->steps[p->next]))
		do_turn(r, i, p->steps[p->next++]);
	if (p->next >= p->nsteps)
		return;
	/* The step is spent even if it fails: a failed step always stops
	 * the ship (a contact or a block), or is redirected. */
	m->back = p->steps[p->next++] == NV_STEP_BACK;
	m->dir = m->back ? dir_opposite(s->facing) : s->facing;
	m->to = hex_neighbour(m->from, m->dir);
	m->state = MV_PENDING;
}

static void
block(struct round *r, int i, const char *what)
{
	struct nv_turn	*t = r->t;
	char		 h1[8], h2[8];

	r->mv[i].state = MV_BLOCKED;
	t->plots[i].stopped = 1;
	turn_event(t, ev(NV_EV_BLOCKED), i, -1, "%s cannot enter %s (%s) and "
	    "stops in %s for the rest of the turn", t->desc[i],
	    hname(r, r->mv[i].to, h1), what, hname(r, r->mv[i].from, h2));
}

/* Step 1: what the map alone decides, in ship order. */
static void
terrain(struct round *r)
{
	struct nv_turn	*t = r->t;
	struct nv_ship	*s;
	struct mv	*m;
	size_t		 i;
	char		 h[8];

	for (i = 0; i < r->n; i++) {
		m = &r->mv[i];
		s = &t->st->ships[i];
		if (m->state != MV_PENDING)
			continue;
		if (!state_on_map(t->st, m->to)) {
			m->state = MV_EXITED;
			s->status = NV_STATUS_EXITED;
			t->plots[i].stopped = 1;
			turn_event(t, ev(NV_EV_EXIT), (int)i, -1, "%s %s off "
			    "the map from %s and leaves the battle",
			    t->desc[i], m->back ? "backs" : "sails",
			    hname(r, m->from, h));
		} else if (state_is_land(t->st, m->to))
			block(r, (int)i, "land");
		else if (hexindex_is_wreck(r->ix, m->to))
			block(r, (int)i, "a wreck");
	}
}

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
static void
queue_into(struct round *r, int a, int b)
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
static void
queue_pair(struct round *r, enum nv_contact_kind shape, int a, int b)
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

/* Decides ship i if it can be decided now; 1 if it was. */
static int
settle(struct round *r, int i)
{
	struct mv	*m = &r->mv[i];
	int		 o;

	/* A ship that sank earlier in the phase left a wreck. */
	if (hexindex_is_wreck(r->ix, m->to)) {
		block(r, i, "a wreck");
		return 1;
	}
	o = occupant(r, i);
	if (o >= 0 && stays(r, o)) {
		m->state = MV_FAILED;
		queue_into(r, i, o);
		return 1;
	}
	if (o >= 0 && r->mv[o].state == MV_PENDING &&
	    hex_eq(r->mv[o].to, m->from)) {
		m->state = r->mv[o].state = MV_FAILED;
		queue_pair(r, NV_CONTACT_SWAP, i < o ? i : o, i < o ? o : i);
		return 1;
	}
	if (!vacated(r, i))
		return 0;		/* waits for the occupant */
	if (entrants(r, i) == 1) {
		m->state = MV_DONE;
		return 1;
	}
	return 0;			/* a contest: see contests() */
}

static void
propagate(struct round *r)
{
	size_t	i;
	int	changed;

	do {
		changed = 0;
		for (i = 0; i < r->n; i++)
			if (r->mv[i].state == MV_PENDING)
				changed |= settle(r, (int)i);
	} while (changed);
}

/* Queues one contact per pair of ships stepping into an empty hex.  The
 * pairs are made in id order, from the lowest id stepping in (i, the
 * first pending ship of its hex's list). */
static void
contests(struct round *r)
{
	struct mv	*mv = r->mv;
	size_t		 i;
	int		 j, k;

	for (i = 0; i < r->n; i++) {
		if (mv[i].state != MV_PENDING || !vacated(r, (int)i) ||
		    entrants(r, (int)i) < 2)
			continue;
		for (j = mv[i].first_in; j >= 0; j = mv[j].next_in) {
			if (j < (int)i || mv[j].state != MV_PENDING)
				continue;
			for (k = mv[j].next_in; k >= 0; k = mv[k].next_in)
				if (mv[k].state == MV_PENDING)
					queue_pair(r, NV_CONTACT_SAME_HEX, j,
					    k);
		}
		for (j = mv[i].first_in; j >= 0; j = mv[j].next_in)
			if (j >= (int)i && mv[j].state == MV_PENDING)
				mv[j].state = MV_CONTEST;
	}
}

/* Applies the steps decided so far, in ship order. */
static void
apply_moves(struct round *r)
{
	struct nv_turn	*t = r->t;
	struct mv	*m;
	size_t		 i;
	char		 h1[8], h2[8];

	for (i = 0; i < r->n; i++) {
		m = &r->mv[i];
		if (m->state != MV_DONE || m->moved)
			continue;
		m->moved = 1;
		hexindex_move(r->ix, (int)i, m->to);
		if (m->back)
			t->plots[i].run = 0;
		else
			t->plots[i].run++;
		turn_event(t, ev(m->back ? NV_EV_BACK : NV_EV_MOVE), (int)i,
		    -1, "%s %s from %s to %s, facing %s", t->desc[i],
		    m->back ? "backs" : "moves", hname(r, m->from, h1),
		    hname(r, m->to, h2),
		    dir_name(t->st->ships[i].facing));
	}
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
static int
run_contacts(struct round *r, char **cause)
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

/* Step 4: every ship still pending waits on a ring.  Closed rings turn;
 * the others jam.  Returns the number of ships decided. */
static size_t
rings(struct round *r)
{
	int	*walk = xcalloc(r->n, sizeof *walk);
	int	*ring = xcalloc(r->n, sizeof *ring);
	size_t	 i, nring, k, decided = 0;
	int	 j, closed;

	for (i = 0; i < r->n; i++) {
		if (r->mv[i].state != MV_PENDING || walk[i] != 0)
			continue;
		for (j = (int)i; j >= 0 && walk[j] == 0 &&
		    r->mv[j].state == MV_PENDING;
		    j = occupant(r, j))
			walk[j] = (int)i + 1;
		if (j < 0 || walk[j] != (int)i + 1 ||
		    r->mv[j].state != MV_PENDING)
			continue;	/* joined an earlier walk's ring */
		nring = 0;
		closed = 1;
		do {
			ring[nring++] = j;
			if (entrants(r, j) != 1)
				closed = 0;
			j = occupant(r, j);
		} while (j != ring[0]);
		for (k = 0; k < nring; k++)
			r->mv[ring[k]].state = closed ? MV_DONE : MV_FAILED;
		decided += nring;
		if (!closed)
			for (k = 0; k < nring; k++)
				queue_into(r, ring[k], occupant(r, ring[k]));
	}
	free(ring);
	free(walk);
	return decided;
}

static int
resolve(struct round *r, char **cause)
{
	size_t	i;
	int	waiting;

	for (;;) {
		propagate(r);
		contests(r);
		apply_moves(r);
		if (r->nq == 0) {
			waiting = 0;
			for (i = 0; i < r->n; i++)
				if (r->mv[i].state == MV_PENDING)
					waiting = 1;
			if (!waiting)
				return 0;
			if (rings(r) == 0) {
				/* Cannot happen (every waiting ship leads
				 * into a ring); never loop forever. */
				*cause = xasprintf("movement of phase %d "
				    "did not settle", r->t->phase);
				return -1;
			}
			continue;
		}
		if (run_contacts(r, cause) != 0)
			return -1;
	}
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
static void
slips(struct round *r)
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
			turn_event(t, ev(NV_EV_BLOCKED), i, -1, "%s finds %s%s%s "
			    "blocked and stays in %s",
			    t->desc[i], slip_name(r, hex_neighbour(s->hex,
			    r->slips[k].dir), h1), r->slips[k].alt >= 0 ?
			    " and " : "", r->slips[k].alt >= 0 ?
			    slip_name(r, alt, h3) : "", hname(r, s->hex, h2));
			continue;
		}
		turn_event(t, ev(NV_EV_MOVE), i, -1, "%s slips from %s to %s, "
		    "facing %s", t->desc[i], hname(r, s->hex, h1),
		    hname(r, to, h2), dir_name(s->facing));
		hexindex_move(r->ix, i, to);
		t->plots[i].run = 0;
	}
}

static void
stop_events(struct round *r)
{
	struct nv_turn	*t = r->t;
	size_t		 i;
	char		 h[8];

	for (i = 0; i < r->n; i++)
		if (!r->mv[i].was_stopped && t->plots[i].stopped &&
		    r->mv[i].state != MV_BLOCKED &&
		    r->mv[i].state != MV_EXITED &&
		    ship_on_map(&t->st->ships[i]))
			turn_event(t, ev(NV_EV_STOP), (int)i, -1, "%s stops in "
			    "%s for the rest of the turn", t->desc[i],
			    hname(r, t->st->ships[i].hex, h));
}

/* One round: every ship with more than `k` steps this phase steps once. */
static int
round_run(struct nv_turn *t, struct nv_hexindex *ix, const int *count, int k,
    char **cause)
{
	struct round	 r;
	size_t		 i;
	int		 rc;

	memset(&r, 0, sizeof r);
	r.t = t;
	r.ix = ix;
	r.n = t->st->nships;
	r.mv = xcalloc(r.n + 1, sizeof *r.mv);
	for (i = 0; i < r.n; i++) {
		r.mv[i].on = ship_on_map(&t->st->ships[i]);
		r.mv[i].from = t->st->ships[i].hex;
		r.mv[i].was_stopped = t->plots[i].stopped;
	}
	for (i = 0; i < r.n; i++)
		if (r.mv[i].on && !t->plots[i].stopped && count[i] > k)
			prepare(&r, (int)i);
	look_ahead(&r);
	terrain(&r);
	rc = resolve(&r, cause);
	if (rc == 0) {
		slips(&r);
		stop_events(&r);
	}
	free(r.q);
	free(r.slips);
	free(r.mv);
	return rc;
}

/* Turns after the last F happen at the end of the ship's last movement
 * phase, unless it has stopped.  Steps left over beyond the schedule
 * (orders validation makes the F count equal the speed) are dropped. */
static void
trailing_turns(struct nv_turn *t)
{
	struct nv_plot	*p;
	struct round	 r;
	size_t		 i;

	memset(&r, 0, sizeof r);
	r.t = t;
	for (i = 0; i < t->st->nships; i++) {
		p = &t->plots[i];
		if (!ship_on_map(&t->st->ships[i]) || p->stopped ||
		    p->speed == 0 ||
		    move_last_phase(t->rs, p->speed) != t->phase)
			continue;
		for (; p->next < p->nsteps; p->next++)
			if (is_turn(p->steps[p->next]))
				do_turn(&r, (int)i, p->steps[p->next]);
	}
}

/* The phase's hex index is built here, from the state as the phase finds
 * it (fire and the hooks may have sunk ships since the last phase), and
 * kept exact by moving ships only through hexindex_move(). */
int
move_phase(struct nv_turn *t, char **cause)
{
	struct nv_hexindex	 ix;
	size_t			 i;
	int			*count, k, most = 0;

	count = xcalloc(t->st->nships + 1, sizeof *count);
	for (i = 0; i < t->st->nships; i++) {
		if (!ship_on_map(&t->st->ships[i]) || t->plots[i].stopped)
			continue;
		count[i] = move_count(t->rs, t->plots[i].speed, t->phase);
		if (count[i] > most)
			most = count[i];
	}
	hexindex_build(&ix, t->st);
	for (k = 0; k < most; k++)
		if (round_run(t, &ix, count, k, cause) != 0) {
			hexindex_free(&ix);
			free(count);
			return -1;
		}
	hexindex_free(&ix);
	free(count);
	trailing_turns(t);
	return 0;
}
