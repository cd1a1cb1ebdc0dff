/* move.c: the common simultaneous mover (see move.h, docs/movement.md).
 *
 * One phase is run as one or more rounds (a ruleset whose schedule gives
 * a ship two steps in a phase runs two rounds).  In a round every ship
 * that steps first executes the turns before its next F or B (prepare),
 * then all steps happen at once: move-resolve.c decides them, handing the
 * contacts it finds to the ruleset through move-contact.c.  The turns
 * after a ship's last step come at the end of its last movement phase. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "hexindex.h"
#include "move-int.h"
#include "move.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

const char *
mv_ev(enum nv_event_kind k)
{
	return event_kind_name(k);
}

const char *
mv_hname(const struct round *r, struct nv_hex h, char *buf)
{
	return state_hex_name(r->t->st, h, buf);
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

static void
do_turn(struct round *r, int i, int step)
{
	struct nv_turn	*t = r->t;
	struct nv_ship	*s = &t->st->ships[i];
	char		 h[8];

	s->facing = dir_turn(s->facing, step == NV_STEP_PORT ? -1 : 1);
	t->plots[i].turns++;
	t->plots[i].run = 0;
	turn_event(t, mv_ev(NV_EV_TURN), i, -1, "%s turns to %s in %s, now "
	    "facing %s", t->desc[i], step == NV_STEP_PORT ? "port" :
	    "starboard", mv_hname(r, s->hex, h), dir_name(s->facing));
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
	mv_look_ahead(&r);
	mv_terrain(&r);
	rc = mv_resolve(&r, cause);
	if (rc == 0) {
		mv_slips(&r);
		mv_stop_events(&r);
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
