/* move.c: the common simultaneous mover (see move.h, docs/movement.md).
 *
 * A phase is run as rounds: round k of phase p moves every ship whose
 * plot has the slot (p, k) (plot.h).  At its slot a ship first makes the
 * free steps (turns that take no time) before its next step that costs, pays the
 * slot towards that step and, once it is paid in full, makes it: a turn
 * or a wait in place at once (prepare), a step that travels together
 * with every other ship's (move-resolve.c decides them, handing the
 * contacts it finds to the ruleset through move-contact.c).  Free steps
 * after a ship's last slot come at the end of that slot's phase. */
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

const char *
mv_hname_any(const struct round *r, struct nv_hex h, char *buf)
{
	return state_on_map(r->t->st, h) ? mv_hname(r, h, buf) :
	    "the hex off the map";
}

static const char *const turn_words[] = { "", "", " two hexsides",
	" three hexsides" };

/* A step that does not leave the hex: a turn in place, or a wait. */
static void
step_in_place(struct nv_turn *t, int i, struct nv_step st)
{
	struct nv_ship	*s = &t->st->ships[i];
	char		 h[8];
	int		 k = st.turn < 0 ? -st.turn : st.turn;

	if (st.turn == 0)
		return;
	s->facing = dir_turn(s->facing, st.turn);
	t->plots[i].turns++;
	t->plots[i].run = 0;
	turn_event(t, mv_ev(NV_EV_TURN), i, -1, "%s turns%s to %s in %s, now "
	    "facing %s", t->desc[i], turn_words[k > 3 ? 3 : k],
	    st.turn < 0 ? "port" : "starboard",
	    state_hex_name(t->st, s->hex, h), dir_name(s->facing));
}

/* Ship i's slot has come: free steps, then the slot is paid towards the
 * next step that costs; when it is paid in full the step is made (in
 * place) or becomes pending (a move). */
static void
prepare(struct round *r, int i)
{
	struct nv_plot	*p = &r->t->plots[i];
	struct nv_ship	*s = &r->t->st->ships[i];
	struct mv	*m = &r->mv[i];
	struct nv_step	 st;

	while (p->next < p->nsteps && p->steps[p->next].cost == 0)
		step_in_place(r->t, i, p->steps[p->next++]);
	if (p->next >= p->nsteps)
		return;
	st = p->steps[p->next];
	if (++p->paid < st.cost)
		return;			/* a slow step: this slot is a wait */
	p->paid = 0;
	/* The step is spent even if it fails: a failed step always stops
	 * the ship (a contact or a block), or is redirected. */
	p->next++;
	if (st.travel == NV_TRAVEL_NONE) {
		step_in_place(r->t, i, st);
		return;
	}
	m->back = step_is_astern(st);
	m->dir = dir_turn(s->facing, st.travel);
	m->turn = st.turn;
	m->straight = st.travel == NV_SIDE_BOW && st.turn == 0;
	m->to = hex_neighbour(m->from, m->dir);
	m->state = MV_PENDING;
}

/* 1 if the plot's next slot is (phase, round); slots of earlier rounds
 * that passed unused (never in a valid plot) are skipped. */
static int
slot_due(struct nv_plot *p, int phase, int round)
{
	const struct nv_slot	*sl;

	while (p->slot < p->nslots) {
		sl = &p->slots[p->slot];
		if (sl->phase > phase || (sl->phase == phase &&
		    sl->round > round))
			return 0;
		if (sl->phase == phase && sl->round == round)
			return 1;
		p->slot++;
	}
	return 0;
}

static int
round_end(struct nv_turn *t, int k, char **cause)
{
	const struct nv_ruleset	*rs = t->rs;

	if (rs->ops->round_end == NULL)
		return 0;
	return rs->ops->round_end(t, t->phase, k, cause);
}

/* One round: every ship with the slot (phase, k) moves once. */
static int
round_run(struct nv_turn *t, int k, char **cause)
{
	struct round	 r;
	size_t		 i;
	int		 rc;

	memset(&r, 0, sizeof r);
	r.t = t;
	r.ix = t->ix;
	r.n = t->st->nships;
	r.mv = xcalloc(r.n + 1, sizeof *r.mv);
	for (i = 0; i < r.n; i++) {
		r.mv[i].on = ship_on_map(&t->st->ships[i]);
		r.mv[i].from = t->st->ships[i].hex;
		r.mv[i].was_stopped = t->plots[i].stopped;
	}
	t->round = k;
	t->mover = &r;
	for (i = 0; i < r.n; i++)
		if (r.mv[i].on && !t->plots[i].stopped &&
		    slot_due(&t->plots[i], t->phase, k)) {
			t->plots[i].slot++;
			prepare(&r, (int)i);
		}
	mv_look_ahead(&r);
	rc = mv_terrain(&r, cause);
	if (rc == 0)
		rc = mv_resolve(&r, cause);
	if (rc == 0) {
		mv_slips(&r);
		mv_stop_events(&r);
	}
	t->mover = NULL;
	free(r.q);
	free(r.slips);
	free(r.mv);
	if (rc == 0)
		rc = round_end(t, k, cause);
	t->round = -1;
	return rc;
}

/* Free steps after the last slot happen at the end of that slot's
 * phase, unless the ship has stopped.  Steps that cost, left over beyond
 * the slots (orders validation makes them fit), are dropped. */
static void
trailing_steps(struct nv_turn *t)
{
	struct nv_plot	*p;
	size_t		 i;

	for (i = 0; i < t->st->nships; i++) {
		p = &t->plots[i];
		if (p->next >= p->nsteps || p->stopped ||
		    !ship_on_map(&t->st->ships[i]) ||
		    plot_last_phase(p) != t->phase)
			continue;
		for (; p->next < p->nsteps; p->next++)
			if (p->steps[p->next].cost == 0)
				step_in_place(t, (int)i, p->steps[p->next]);
	}
}

/* The rounds of this phase: one more than the last round of a slot of
 * the phase in any plot that can still move. */
static int
phase_rounds(struct nv_turn *t)
{
	const struct nv_plot	*p;
	size_t			 i;
	int			 k, most = 0;

	for (i = 0; i < t->st->nships; i++) {
		p = &t->plots[i];
		if (!ship_on_map(&t->st->ships[i]) || p->stopped)
			continue;
		for (k = p->slot; k < p->nslots && p->slots[k].phase <=
		    t->phase; k++)
			if (p->slots[k].phase == t->phase &&
			    p->slots[k].round + 1 > most)
				most = p->slots[k].round + 1;
	}
	return most;
}

/* The turn's hex index (t->ix) is kept exact by moving ships only
 * through hexindex_move(): here, in move_force() and in move_place(). */
int
move_phase(struct nv_turn *t, char **cause)
{
	int	k, most = phase_rounds(t);

	for (k = 0; k < most; k++)
		if (round_run(t, k, cause) != 0)
			return -1;
	trailing_steps(t);
	return 0;
}
