/* move-force.c: ships moved by the rules rather than by their plots
 * (see turn.h: move_force, move_place).
 *
 * A forced move walks its path hex by hex and stops before the first hex
 * that is not free, telling the caller what is there: the module decides
 * what that contact means (a collision, a blocked drift).  Every hex
 * entered goes through hexindex_move(), so the turn's index stays exact.
 *
 * During the mover's round (a contact() or terrain() hook), a forced
 * move must not disturb the round's bookkeeping: a ship whose own step is
 * undecided cannot be moved, a hex an undecided ship steps into is not
 * free, and a ship moved away counts as having left its hex (MV_FORCED),
 * so a follower may take it, as after any move. */
#include "config.h"

#include <stddef.h>

#include "events.h"
#include "hexindex.h"
#include "move-int.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"

int
mv_spoken_for(const struct round *r, struct nv_hex h)
{
	const struct mv	*m;
	int		 d, k;

	/* A ship stepping into h stands beside it, where the index has it
	 * until its step is applied. */
	for (d = 0; d < NV_DIR_COUNT; d++) {
		k = hexindex_ship_at(r->ix, hex_neighbour(h, d));
		if (k < 0)
			continue;
		m = &r->mv[k];
		if ((m->state == MV_PENDING || m->state == MV_CONTEST ||
		    (m->state == MV_DONE && !m->moved)) && hex_eq(m->to, h))
			return k;
	}
	return -1;
}

/* 1 if ship i may be moved now. */
static int
movable(const struct nv_turn *t, int i)
{
	const struct round	*r = t->mover;
	const struct mv		*m;

	if (i < 0 || (size_t)i >= t->st->nships ||
	    !ship_on_map(&t->st->ships[i]))
		return 0;
	if (r == NULL)
		return 1;
	m = &r->mv[i];
	return m->state != MV_PENDING && m->state != MV_CONTEST &&
	    !(m->state == MV_DONE && !m->moved);
}

/* What keeps a ship out of hex h (ship: the one moving), NV_FORCE_DONE if
 * nothing; res gets the ship or marker. */
static enum nv_force_end
hex_taken(struct nv_turn *t, int ship, struct nv_hex h,
    struct nv_force_result *res)
{
	const struct round	*r = t->mover;
	int			 k;

	if (!state_on_map(t->st, h))
		return NV_FORCE_EDGE;
	if (state_is_land(t->st, h))
		return NV_FORCE_LAND;
	if (hexindex_is_wreck(t->ix, h))
		return NV_FORCE_WRECK;
	if ((k = hexindex_obstacle_at(t->ix, h)) >= 0) {
		res->marker = k;
		return NV_FORCE_MARKER;
	}
	k = hexindex_ship_at(t->ix, h);
	if ((k < 0 || k == ship) && r != NULL)
		k = mv_spoken_for(r, h);
	if (k >= 0 && k != ship) {
		res->other = k;
		return NV_FORCE_SHIP;
	}
	return NV_FORCE_DONE;
}

/* A ship moved during the round has left the hex it held when the round
 * began. */
static void
left(struct nv_turn *t, int ship)
{
	struct round	*r = t->mover;

	if (r != NULL && (size_t)ship < r->n)
		r->mv[ship].state = MV_FORCED;
}

int
move_force(struct nv_turn *t, const struct nv_force *f,
    struct nv_force_result *res)
{
	struct nv_ship	*s;
	struct nv_hex	 to, from;
	char		 h1[8], h2[8];
	int		 k;

	res->why = NV_FORCE_DONE;
	res->moved = 0;
	res->other = res->marker = -1;
	if (!movable(t, f->ship)) {
		res->why = NV_FORCE_BUSY;
		return 0;
	}
	s = &t->st->ships[f->ship];
	res->hex = s->hex;
	for (k = 0; k < f->npath; k++) {
		if (f->path[k] < 0 || f->path[k] >= NV_DIR_COUNT)
			break;
		to = hex_neighbour(s->hex, f->path[k]);
		res->hex = to;
		if ((res->why = hex_taken(t, f->ship, to, res)) !=
		    NV_FORCE_DONE)
			break;
		from = s->hex;
		hexindex_move(t->ix, f->ship, to);
		res->moved++;
		if (k == f->npath - 1 && f->facing >= 0 &&
		    f->facing < NV_DIR_COUNT)
			s->facing = f->facing;
		turn_event(t, event_kind_name(NV_EV_MOVE), f->ship, -1,
		    "%s %s from %s to %s, facing %s", t->desc[f->ship],
		    f->verb != NULL ? f->verb : "is moved",
		    state_hex_name(t->st, from, h1),
		    state_hex_name(t->st, to, h2), dir_name(s->facing));
		events_path(t->ev, from, to);
	}
	if (f->facing >= 0 && f->facing < NV_DIR_COUNT)
		s->facing = f->facing;
	if (res->moved > 0) {
		t->plots[f->ship].run = 0;
		left(t, f->ship);
	}
	return 0;
}

int
move_place(struct nv_turn *t, int ship, struct nv_hex h, int facing)
{
	struct nv_force_result	 res;
	enum nv_force_end	 why;

	res.other = res.marker = -1;
	if (!movable(t, ship))
		return -1;
	why = hex_taken(t, ship, h, &res);
	if (why == NV_FORCE_LAND && t->rs->ops->ships_on_land)
		why = NV_FORCE_DONE;
	if (why != NV_FORCE_DONE && why != NV_FORCE_MARKER)
		return -1;
	if (!hex_eq(t->st->ships[ship].hex, h)) {
		hexindex_move(t->ix, ship, h);
		left(t, ship);
	}
	if (facing >= 0 && facing < NV_DIR_COUNT)
		t->st->ships[ship].facing = facing;
	return 0;
}
