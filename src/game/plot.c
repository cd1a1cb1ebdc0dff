/* plot.c: steps and slots of a plot (see plot.h). */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "hex.h"
#include "plot.h"
#include "ruleset.h"

static struct nv_step
make_step(int travel, int turn, int cost)
{
	struct nv_step	s;

	s.travel = (signed char)travel;
	s.turn = (signed char)turn;
	s.cost = (unsigned char)cost;
	s.token = 0;
	return s;
}

struct nv_step
step_forward(void)
{
	return make_step(NV_SIDE_BOW, 0, 1);
}

struct nv_step
step_astern(void)
{
	return make_step(NV_SIDE_STERN, 0, 1);
}

struct nv_step
step_turn(int k, int cost)
{
	return make_step(NV_TRAVEL_NONE, k, cost < 0 ? 0 : cost);
}

struct nv_step
step_wait(void)
{
	return make_step(NV_TRAVEL_NONE, 0, 1);
}

struct nv_step
step_diagonal(int travel, int k)
{
	return make_step(travel, k, 1);
}

int
step_is_astern(struct nv_step s)
{
	return s.travel == NV_SIDE_STARBOARD_QUARTER ||
	    s.travel == NV_SIDE_STERN || s.travel == NV_SIDE_PORT_QUARTER;
}

void
plot_clear(struct nv_plot *p)
{
	/* The counters; the lists beyond them are never read. */
	memset(p, 0, offsetof(struct nv_plot, slots));
}

int
plot_add_step(struct nv_plot *p, struct nv_step s)
{
	if (p->nsteps >= NV_PLOT_MAX)
		return -1;
	/* A step that leaves its hex takes a slot: a move needs time. */
	if (s.travel != NV_TRAVEL_NONE && s.cost == 0)
		s.cost = 1;
	if (s.turn < -3 || s.turn > 3)
		s.turn = (signed char)(((s.turn % 6) + 9) % 6 - 3);
	p->steps[p->nsteps++] = s;
	return 0;
}

static int
slot_cmp(struct nv_slot a, int phase, int round)
{
	if (a.phase != phase)
		return a.phase < phase ? -1 : 1;
	if (a.round != round)
		return a.round < round ? -1 : 1;
	return 0;
}

int
plot_add_slot(struct nv_plot *p, int phase, int round)
{
	int	i, c;

	if (phase < 1 || phase > 255 || round < 0 || round > 255)
		return -1;
	/* Slots come in time order from a speed table: append. */
	if (p->nslots < NV_SLOTS_MAX && (p->nslots == 0 ||
	    slot_cmp(p->slots[p->nslots - 1], phase, round) < 0)) {
		p->slots[p->nslots].phase = (unsigned char)phase;
		p->slots[p->nslots].round = (unsigned char)round;
		p->nslots++;
		return 0;
	}
	for (i = p->nslots; i > 0; i--) {
		c = slot_cmp(p->slots[i - 1], phase, round);
		if (c == 0)
			return 0;
		if (c < 0)
			break;
	}
	if (p->nslots >= NV_SLOTS_MAX)
		return -1;
	memmove(&p->slots[i + 1], &p->slots[i],
	    (size_t)(p->nslots - i) * sizeof p->slots[0]);
	p->slots[i].phase = (unsigned char)phase;
	p->slots[i].round = (unsigned char)round;
	p->nslots++;
	return 0;
}

int
plot_schedule_speed(struct nv_plot *p, const struct nv_ruleset *rs,
    int speed)
{
	int	ph, k, n, before = p->nslots;

	for (ph = 1; ph <= rs->phases; ph++) {
		n = ruleset_moves(rs, speed, ph);
		for (k = 0; k < n; k++)
			(void)plot_add_slot(p, ph, k);
	}
	return p->nslots - before;
}

int
plot_last_phase(const struct nv_plot *p)
{
	return p->nslots > 0 ? p->slots[p->nslots - 1].phase : 0;
}
