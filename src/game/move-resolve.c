/* move-resolve.c: deciding one round's steps (see move-int.h).
 *
 * Every ship that steps this round is pending; the round is decided in
 * this order:
 *
 *  1. Steps off the map exit; steps into land or a wreck are blocked.
 *  2. The rest are resolved to a fixed point.  A step into a hex whose
 *     occupant stays fails (a contact); two ships stepping into each
 *     other's hex fail (a swap); a step into a hex that is or becomes
 *     empty, with no other ship stepping in, succeeds.  A hex that is or
 *     becomes empty with two or more ships stepping in is contested: one
 *     contact per pair, and the ruleset names who enters.
 *  3. The contacts found are handed to the ruleset (move-contact.c), then
 *     step 2 runs again: a ship that loses a contest stays, so a ship
 *     following it now fails too.  Each such pass is a "wave".
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
 * stands in the hex it steps into and who else steps there
 * (mv_look_ahead), so a round costs time in proportion to the ships, not
 * to their square (bench/README.md). */
#include "config.h"

#include <stdlib.h>

#include "events.h"
#include "hexindex.h"
#include "move-int.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* The ship that stood in the hex ship i steps into when the round began,
 * or -1. */
int
mv_occupant(const struct round *r, int i)
{
	return r->mv[i].ahead;
}

int
mv_gone(const struct round *r, int o)
{
	enum mv_state	s = r->mv[o].state;

	return s == MV_DONE || s == MV_EXITED || s == MV_FORCED ||
	    !ship_on_map(&r->t->st->ships[o]);
}

static int
stays(const struct round *r, int i)
{
	enum mv_state	s = r->mv[i].state;

	return (s == MV_IDLE || s == MV_FAILED || s == MV_BLOCKED) &&
	    !mv_gone(r, i);
}

/* The hex ship i steps into is empty or its occupant has left.  (A ship
 * that sank leaves a wreck, which settle() finds first.) */
static int
vacated(const struct round *r, int i)
{
	int	o = mv_occupant(r, i);

	return o < 0 || mv_gone(r, o);
}

/* Ships still stepping into the hex ship i steps into (or already in
 * it). */
size_t
mv_entrants(const struct round *r, int i)
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
 * Called after prepare() (move.c) and before anything else of the round,
 * while the index still shows every ship where the round found it and the
 * statuses are the round's (mv_terrain() makes some ships exit).  A ship
 * stepping into a hex comes from one of its six neighbours, so those are
 * the only hexes to look at. */
void
mv_look_ahead(struct round *r)
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

void
mv_block(struct round *r, int i, const char *what)
{
	struct nv_turn	*t = r->t;
	char		 h1[8], h2[8];

	r->mv[i].state = MV_BLOCKED;
	t->plots[i].stopped = 1;
	turn_event(t, mv_ev(NV_EV_BLOCKED), i, -1, "%s cannot enter %s (%s) and "
	    "stops in %s for the rest of the turn", t->desc[i],
	    mv_hname_any(r, r->mv[i].to, h1), what,
	    mv_hname(r, r->mv[i].from, h2));
}

/* What in ship i's way the map decides: the edge, land, a wreck, an
 * obstacle marker it has not been let into; -1 for nothing (open water
 * or ships).  *marker gets the marker's index.  fixed: also the edge and
 * land, which do not change during a round (step 1 decides them). */
static int
obstacle(struct round *r, int i, int fixed, int *marker)
{
	const struct nv_state	*st = r->t->st;
	struct nv_hex		 to = r->mv[i].to;

	*marker = -1;
	if (fixed && !state_on_map(st, to))
		return NV_TERRAIN_EDGE;
	if (fixed && state_is_land(st, to))
		return r->mv[i].passed ? -1 : NV_TERRAIN_LAND;
	if (hexindex_is_wreck(r->ix, to))
		return NV_TERRAIN_WRECK;
	if (!r->mv[i].passed && (*marker = hexindex_obstacle_at(r->ix, to)) >=
	    0)
		return NV_TERRAIN_MARKER;
	return -1;
}

/* Step 1: what the map alone decides, in ship order. */
int
mv_terrain(struct round *r, char **cause)
{
	size_t	i;
	int	kind, marker;

	for (i = 0; i < r->n; i++) {
		if (r->mv[i].state != MV_PENDING ||
		    (kind = obstacle(r, (int)i, 1, &marker)) < 0)
			continue;
		if (mv_terrain_step(r, (int)i, kind, marker, cause) < 0)
			return -1;
	}
	return 0;
}

/* Decides ship i if it can be decided now: 1 if it was, 0 if it waits,
 * -1 with *cause. */
static int
settle(struct round *r, int i, char **cause)
{
	struct mv	*m = &r->mv[i];
	int		 o, kind, marker, rc;

	/* A ship that sank earlier in the phase left a wreck; a module may
	 * have put a marker down. */
	if ((kind = obstacle(r, i, 0, &marker)) >= 0) {
		rc = mv_terrain_step(r, i, kind, marker, cause);
		if (rc <= 0)
			return rc < 0 ? -1 : 1;
	}
	o = mv_occupant(r, i);
	if (o >= 0 && stays(r, o)) {
		m->state = MV_FAILED;
		mv_queue_into(r, i, o);
		return 1;
	}
	if (o >= 0 && r->mv[o].state == MV_PENDING &&
	    hex_eq(r->mv[o].to, m->from)) {
		m->state = r->mv[o].state = MV_FAILED;
		mv_queue_pair(r, NV_CONTACT_SWAP, i < o ? i : o, i < o ? o : i);
		return 1;
	}
	if (!vacated(r, i))
		return 0;		/* waits for the occupant */
	if (mv_entrants(r, i) == 1) {
		m->state = MV_DONE;
		return 1;
	}
	return 0;			/* a contest: see contests() */
}

static int
propagate(struct round *r, char **cause)
{
	size_t	i;
	int	changed, rc;

	do {
		changed = 0;
		for (i = 0; i < r->n; i++)
			if (r->mv[i].state == MV_PENDING) {
				if ((rc = settle(r, (int)i, cause)) < 0)
					return -1;
				changed |= rc;
			}
	} while (changed);
	return 0;
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
		    mv_entrants(r, (int)i) < 2)
			continue;
		for (j = mv[i].first_in; j >= 0; j = mv[j].next_in) {
			if (j < (int)i || mv[j].state != MV_PENDING)
				continue;
			for (k = mv[j].next_in; k >= 0; k = mv[k].next_in)
				if (mv[k].state == MV_PENDING)
					mv_queue_pair(r, NV_CONTACT_SAME_HEX, j,
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
		if (m->turn != 0) {
			t->st->ships[i].facing = dir_turn(t->st->ships[i].facing,
			    m->turn);
			t->plots[i].turns++;
		}
		if (m->straight)
			t->plots[i].run++;
		else
			t->plots[i].run = 0;
		/* Aground: it stops where it entered (mv_stop_events). */
		if (m->stop_on_entry)
			t->plots[i].stopped = 1;
		turn_event(t, mv_ev(m->back ? NV_EV_BACK : NV_EV_MOVE), (int)i,
		    -1, "%s %s from %s to %s, facing %s", t->desc[i],
		    m->back ? "backs" : "moves", mv_hname(r, m->from, h1),
		    mv_hname(r, m->to, h2),
		    dir_name(t->st->ships[i].facing));
		events_path(t->ev, m->from, m->to);
	}
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
		    j = mv_occupant(r, j))
			walk[j] = (int)i + 1;
		if (j < 0 || walk[j] != (int)i + 1 ||
		    r->mv[j].state != MV_PENDING)
			continue;	/* joined an earlier walk's ring */
		nring = 0;
		closed = 1;
		do {
			ring[nring++] = j;
			if (mv_entrants(r, j) != 1)
				closed = 0;
			j = mv_occupant(r, j);
		} while (j != ring[0]);
		for (k = 0; k < nring; k++)
			r->mv[ring[k]].state = closed ? MV_DONE : MV_FAILED;
		decided += nring;
		if (!closed)
			for (k = 0; k < nring; k++)
				mv_queue_into(r, ring[k], mv_occupant(r, ring[k]));
	}
	free(ring);
	free(walk);
	return decided;
}

int
mv_resolve(struct round *r, char **cause)
{
	size_t	i;
	int	waiting;

	for (;;) {
		if (propagate(r, cause) != 0)
			return -1;
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
		if (mv_run_contacts(r, cause) != 0)
			return -1;
	}
}
