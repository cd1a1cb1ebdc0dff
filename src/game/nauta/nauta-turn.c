/* nauta-turn.c: a Nauta turn, in nauta.md's order ("The turn"):
 *
 *	begin		plots from the orders (or the default order), Dashes,
 *			the initiative, Balistae at START
 *	phases		the common mover: timed turns, two sub-steps in a
 *			phase where a Dash needs them, contacts after every
 *			step ordered by the initiative then the moving ship's
 *			id (contact_key), resolved by nauta-ram.c
 *	end		Balistae at END, Pirophoros, boarding, the fights'
 *			three assaults (with the Admiral and the surrender
 *			tests), Saving the Admiral, prizes taken away,
 *			carried speeds, victory
 *
 * Dice are rolled in that sequence, by ship id within a step; every roll
 * is named in the event log (turn_roll). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "events.h"
#include "nauta.h"
#include "orders.h"
#include "plot.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static const char *const event_names[] = {
#define X(e, s) s,
	NAUTA_EVENT_KINDS(X)
#undef X
};

const char *
nauta_event_name(enum nauta_event_kind k)
{
	return (int)k >= 0 && k < NA_EV_COUNT ? event_names[k] : "?";
}

const char *
nauta_desc(const struct nv_turn *t, int ship)
{
	return t->desc[ship];
}

static struct nauta_turn *
scratch_new(struct nv_turn *t)
{
	struct nauta_turn	*nt = xcalloc(1, sizeof *nt);
	size_t			 n = t->st->nships + 1;
	int			 k;

	nt->orders = t->orders;
	nt->start_contact = xcalloc(n, sizeof *nt->start_contact);
	nt->fight_start = xcalloc(n, 1);
	nt->prize_start = xcalloc(n, 1);
	nt->holds = xcalloc(n, 1);
	nt->backing = xcalloc(n, 1);
	nt->stopped = xcalloc(n, 1);
	nt->surrendered = xcalloc(n, 1);
	nt->written = xcalloc(n, sizeof *nt->written);
	nt->steps = xcalloc(n, sizeof *nt->steps);
	nt->speed_now = xcalloc(n, sizeof *nt->speed_now);
	nt->shoot = xcalloc(n, sizeof *nt->shoot);
	nt->round_hex = xcalloc(n, sizeof *nt->round_hex);
	nt->initiative = -1;
	for (k = 0; k < NA_DIE_KINDS; k++) {
		nt->die[k] = xcalloc(n, sizeof *nt->die[k]);
		nt->die_step[k] = xcalloc(n, sizeof *nt->die_step[k]);
	}
	return nt;
}

static void
scratch_free(struct nv_turn *t)
{
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 i;

	if (nt == NULL)
		return;
	for (i = 0; i < t->st->nships; i++)
		free(nt->start_contact[i]);
	free(nt->start_contact);
	free(nt->fight_start);
	free(nt->prize_start);
	free(nt->holds);
	free(nt->backing);
	free(nt->stopped);
	free(nt->surrendered);
	free(nt->written);
	free(nt->steps);
	free(nt->speed_now);
	free(nt->shoot);
	free(nt->round_hex);
	free(nt->rams);
	free(nt->fresh);
	free(nt->pend);
	for (i = 0; i < NA_DIE_KINDS; i++) {
		free(nt->die[i]);
		free(nt->die_step[i]);
	}
	free(nt);
	t->rs_turn = NULL;
}

/* The state of the turn's start that later steps ask about. */
static void
note_start(struct nv_turn *t, struct nauta_turn *nt)
{
	const struct nauta_ship_orders	*so;
	struct nv_ship			*s;
	size_t				 i;
	int				 c;

	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		nt->start_contact[i] = xstrdup(s->attr[NA_A_CONTACT].s);
		nt->fight_start[i] = *s->attr[NA_A_GRAPPLED].s != '\0';
		nt->prize_start[i] = ship_on_map(s) && nauta_is_prize(s);
		nt->round_hex[i] = s->hex;
		so = nauta_ship_orders(t->orders, (int)i);
		nt->shoot[i] = so != NULL && so->shoot != NA_SHOOT_UNSET ?
		    so->shoot : NA_SHOOT_END;
	}
	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		if (nt->prize_start[i] && (c = state_ship_index(t->st,
		    s->attr[NA_A_PRIZE_OF].s)) >= 0)
			nt->holds[c] = 1;
	}
}

static struct nv_step
step_of(char c)
{
	struct nv_step	st;

	switch (c) {
	case 'L':
		st = step_turn(-1, 1);
		break;
	case 'R':
		st = step_turn(1, 1);
		break;
	case 'B':
		st = step_astern();
		break;
	default:
		st = step_forward();
		break;
	}
	st.token = (unsigned char)c;
	return st;
}

/* The plot of the steps; one event says what the ship does. */
static void
plot_steps(struct nv_turn *t, int i, const char *steps, int dash)
{
	struct nauta_turn	*nt = t->rs_turn;
	struct nv_plot		*p = &t->plots[i];
	int			 n = (int)strlen(steps), k;

	for (k = 0; k < n; k++)
		(void)plot_add_step(p, step_of(steps[k]));
	for (k = 0; k < dash; k++)
		(void)plot_add_step(p, step_of('F'));
	(void)plot_schedule_speed(p, t->rs, n + dash);
	nt->steps[i] = n + dash;
	nt->backing[i] = n > 0 && steps[0] == 'B';
}

static void
steps_text(const char *steps, int dash, struct buf *b)
{
	int	k;

	for (k = 0; steps[k] != '\0'; k++)
		buf_printf(b, " %c", steps[k]);
	for (k = 0; k < dash; k++)
		buf_adds(b, " F");
}

/* A ship that may not move: grappled, or holding a prize. */
static int
plot_held(struct nv_turn *t, int i)
{
	struct nauta_turn	*nt = t->rs_turn;
	const struct nv_ship	*s = &t->st->ships[i];
	int			 p;
	char			 h[8];

	if (!nt->fight_start[i] && !nt->holds[i])
		return 0;
	t->plots[i].defaulted = 1;
	if (nt->fight_start[i]) {
		turn_event(t, event_kind_name(NV_EV_DEFAULT), i, -1, "%s in %s "
		    "is grappled to %s and stays where it is", t->desc[i],
		    state_hex_name(t->st, s->hex, h), s->attr[NA_A_GRAPPLED].s);
		turn_event_also_ids(t, s->attr[NA_A_GRAPPLED].s);
	} else {
		p = nauta_prize_held(t->st, i);
		turn_event(t, event_kind_name(NV_EV_DEFAULT), i, p, "%s in %s "
		    "holds the prize %s and stays where it is", t->desc[i],
		    state_hex_name(t->st, s->hex, h),
		    p >= 0 ? t->st->ships[p].id : "?");
	}
	return 1;
}

/* Without a valid order: straight on at the carried speed, at most the
 * maximum, without Dash, turn or boarding (nauta.md, "Movement"). */
static void
plot_default(struct nv_turn *t, int i)
{
	struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*s = &t->st->ships[i];
	int			 v = s->speed < 0 ? 0 : s->speed, max, k;
	char			 steps[NV_PLOT_MAX + 1], h[8];

	max = nauta_max_speed(t->rs, s);
	if (v > max)
		v = max;
	for (k = 0; k < v; k++)
		steps[k] = 'F';
	steps[v] = '\0';
	t->plots[i].defaulted = 1;
	nt->written[i] = v;
	plot_steps(t, i, steps, 0);
	if (v == 0)
		turn_event(t, event_kind_name(NV_EV_DEFAULT), i, -1, "%s in %s "
		    "facing %s has no orders and holds at speed 0", t->desc[i],
		    state_hex_name(t->st, s->hex, h), dir_name(s->facing));
	else
		turn_event(t, event_kind_name(NV_EV_DEFAULT), i, -1, "%s in %s "
		    "facing %s has no orders and goes straight on at speed %d",
		    t->desc[i], state_hex_name(t->st, s->hex, h),
		    dir_name(s->facing), v);
}

static void
plot_ship(struct nv_turn *t, int i)
{
	struct nauta_turn		*nt = t->rs_turn;
	const struct nauta_ship_orders	*so;
	struct nv_ship			*s = &t->st->ships[i];
	struct buf			 b = BUF_INIT;
	char				 h[8];

	plot_clear(&t->plots[i]);
	if (nt->prize_start[i] || plot_held(t, i))
		return;
	so = nauta_ship_orders(t->orders, i);
	if (so == NULL || !so->has_speed) {
		plot_default(t, i);
		return;
	}
	nt->written[i] = so->speed;
	plot_steps(t, i, so->steps, so->dash);
	steps_text(so->steps, so->dash, &b);
	turn_event(t, event_kind_name(NV_EV_ORDERS), i, -1, "%s in %s facing "
	    "%s: speed %d%s, steps%s", t->desc[i], state_hex_name(t->st,
	    s->hex, h), dir_name(s->facing), so->speed, so->dash > 0 ?
	    " and a Dash" : "", b.len > 0 ? buf_str(&b) : " none");
	buf_free(&b);
	if (so->dash > 0) {
		s->attr[NA_A_DASHES].i++;
		turn_event(t, nauta_event_name(NA_EV_DASH), i, -1, "%s Dashes: "
		    "%d steps this turn, maximum speed %d from the next",
		    t->desc[i], so->speed + so->dash,
		    nauta_max_speed(t->rs, s));
	}
}

#define NA_INITIATIVE_ROLLS	10	/* rolls before a tie is settled */

/* One round of initiative dice for the sides still in (in[]); their
 * totals into total[] and a text of them into b. */
static int
initiative_dice(struct nv_turn *t, const int *in, int *total,
    struct buf *b, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	size_t			 k;
	int			 die;

	buf_reset(b);
	for (k = 0; k < t->st->nsides; k++) {
		if (!in[k])
			continue;
		if (turn_roll(t, 6, "initiative", t->st->sides[k].id, &die,
		    cause) != 0)
			return -1;
		total[k] = die + nd->crews[t->st->sides[k].crew].initiative;
		buf_printf(b, "%s%s %d", b->len > 0 ? ", " : "",
		    t->st->sides[k].id, total[k]);
	}
	return 0;
}

/* Each side 1d6 + its crew's initiative; ties at the top roll again
 * (nauta.md, "The turn").  Sides roll in the scenario's order; dice that
 * never break a tie (fixed dice) leave it to the first of the tied sides
 * in that order (docs/rules-nauta.md). */
static int
initiative(struct nv_turn *t, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 n = t->st->nsides, k;
	int			*total, *in, best, count = (int)n, rolls;
	struct buf		 b = BUF_INIT;

	nt->initiative = n > 0 ? 0 : -1;
	total = xcalloc(n + 1, sizeof *total);
	in = xcalloc(n + 1, sizeof *in);
	for (k = 0; k < n; k++)
		in[k] = 1;
	for (rolls = 0; n > 1 && count > 1; rolls++) {
		if (initiative_dice(t, in, total, &b, cause) != 0) {
			free(total), free(in), buf_free(&b);
			return -1;
		}
		for (k = 0, best = -999; k < n; k++)
			if (in[k] && total[k] > best)
				best = total[k];
		for (k = 0, count = 0, nt->initiative = -1; k < n; k++) {
			in[k] = in[k] && total[k] == best;
			count += in[k];
			if (in[k] && nt->initiative < 0)
				nt->initiative = (int)k;
		}
		if (count > 1 && rolls + 1 < NA_INITIATIVE_ROLLS)
			turn_event(t, nauta_event_name(NA_EV_INITIATIVE), -1, -1,
			    "Initiative (%s): a tie, rolled again",
			    buf_str(&b));
		else if (count > 1) {
			turn_event(t, nauta_event_name(NA_EV_INITIATIVE), -1, -1,
			    "Initiative (%s): still tied after %d rolls, it "
			    "goes to %s, the first of them in the scenario",
			    buf_str(&b), NA_INITIATIVE_ROLLS,
			    t->st->sides[nt->initiative].id);
			break;
		}
	}
	if (n > 1)
		turn_event(t, nauta_event_name(NA_EV_INITIATIVE), -1, -1, "%s "
		    "holds the initiative (%s)", t->st->sides[nt->initiative].id,
		    buf_str(&b));
	for (k = 0; k < n; k++)
		t->st->sides[k].attr[NA_S_INITIATIVE].i = (int)k ==
		    nt->initiative;
	free(total);
	free(in);
	buf_free(&b);
	return 0;
}

int
nauta_begin(struct nv_turn *t, char **cause)
{
	struct nauta_turn	*nt = scratch_new(t);
	size_t			 i;

	t->rs_turn = nt;
	note_start(t, nt);
	for (i = 0; i < t->st->nships; i++)
		if (ship_on_map(&t->st->ships[i]))
			plot_ship(t, (int)i);
	if (initiative(t, cause) != 0 ||
	    nauta_balistae(t, NA_SHOOT_START, cause) != 0) {
		scratch_free(t);
		return -1;
	}
	return 0;
}

/* Speed "in that moment" (gap 7): at the start of the phase, the plot's
 * steps (written speed and Dash); 0 if written 0, backing, held or
 * already stopped. */
int
nauta_phase_begin(struct nv_turn *t, int phase, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 i;

	(void)phase;
	(void)cause;
	for (i = 0; i < t->st->nships; i++)
		nt->speed_now[i] = !ship_on_map(&t->st->ships[i]) ||
		    t->plots[i].stopped || nt->backing[i] ||
		    nt->written[i] == 0 ? 0 : nt->steps[i];
	return 0;
}

/* Contacts of a step go by their moving ship's side, the initiative's
 * first (within a rank the mover's own order, by index, only orders the
 * dice: the rank's effects apply together, nauta-effect.c). */
long
nauta_contact_key(const struct nv_turn *t, const struct nv_contact *c)
{
	return nauta_contact_rank(t, c);
}

void
nauta_touch(struct nv_turn *t, int a, int b)
{
	struct nauta_turn	*nt = t->rs_turn;

	nauta_link(t->st, NA_A_CONTACT, a, b);
	if (nt->nfresh + 2 > nt->capfresh) {
		nt->capfresh = nt->capfresh == 0 ? 16 : nt->capfresh * 2;
		nt->fresh = xreallocarray(nt->fresh, nt->capfresh,
		    sizeof *nt->fresh);
	}
	nt->fresh[nt->nfresh++] = a;
	nt->fresh[nt->nfresh++] = b;
}

static int
fresh_pair(const struct nauta_turn *nt, int a, int b)
{
	size_t	k;

	for (k = 0; k + 1 < nt->nfresh; k += 2)
		if ((nt->fresh[k] == a && nt->fresh[k + 1] == b) ||
		    (nt->fresh[k] == b && nt->fresh[k + 1] == a))
			return 1;
	return 0;
}

/* Two ships are in contact until one leaves its hex: a ship that moved
 * this round keeps only the contacts it made in it (a contest won). */
int
nauta_round_end(struct nv_turn *t, int phase, int round, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*s;
	size_t			 i, n, k;
	int			*v;

	(void)phase;
	(void)round;
	(void)cause;
	nauta_effects_flush(t);
	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		if (hex_eq(s->hex, nt->round_hex[i]))
			continue;
		nt->round_hex[i] = s->hex;
		if (*s->attr[NA_A_CONTACT].s == '\0')
			continue;
		n = nauta_ids_ships(t->st, s->attr[NA_A_CONTACT].s, &v);
		for (k = 0; k < n; k++)
			if (!fresh_pair(nt, (int)i, v[k]))
				nauta_unlink(t->st, NA_A_CONTACT, (int)i, v[k]);
		free(v);
	}
	nt->nfresh = 0;
	return 0;
}

int
nauta_end(struct nv_turn *t, char **cause)
{
	int	rc = -1;

	if (nauta_balistae(t, NA_SHOOT_END, cause) == 0 &&
	    nauta_pirophoros(t, cause) == 0 &&
	    nauta_boarding(t, cause) == 0 &&
	    nauta_fights(t, cause) == 0 &&
	    nauta_save_admirals(t, cause) == 0) {
		nauta_prizes(t);
		nauta_speeds(t);
		nauta_victory(t);
		rc = 0;
	}
	scratch_free(t);
	return rc;
}

void
nauta_abort(struct nv_turn *t)
{
	scratch_free(t);
}
