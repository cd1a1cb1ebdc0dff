/* classic-turn.c: the classic ruleset's turn hooks (see classic.h).
 *
 * begin() turns orders into plots (or the default order), contact() tells
 * what a contact the mover found is, runs the head-on contest and notes
 * the rams (a rake is made at once), phase_end() makes the phase's rams
 * together and then its fire, end() does the end-of-turn steps and
 * records what the next turn needs.  Rulings: shared/rules/classic.md;
 * the movement decisions are written down in docs/movement.md.
 *
 * Rams and rakes (classic-ram.c), fire (classic-fire.c), boarding
 * (classic-board.c), holes, sinking and victory (classic-holes.c) are
 * called from the places they belong; damage and sinking are shared
 * (classic-damage.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic.h"
#include "events.h"
#include "orders.h"
#include "state.h"
#include "xalloc.h"

static const char *
ev(enum nv_event_kind k)
{
	return event_kind_name(k);
}

static const char *
attr_text(const struct nv_ship *s, int a)
{
	return s->attr[a].s != NULL ? s->attr[a].s : "";
}

static void
set_text(struct nv_ship *s, int a, const char *v)
{
	free(s->attr[a].s);
	s->attr[a].s = xstrdup(v);
}

/* ---- begin: plots ------------------------------------------------------ */

static const struct classic_ship_orders *
ship_orders(const struct nv_turn *t, int i)
{
	const struct classic_orders	*co;

	if (t->orders == NULL || t->orders->rs == NULL)
		return NULL;
	co = t->orders->rs;
	if (co->ships == NULL)
		return NULL;
	return &co->ships[i];
}

static void
steps_text(const struct nv_plot *p, struct buf *b)
{
	static const char	 letters[] = "FLRB";
	int			 k;

	for (k = 0; k < p->nsteps; k++) {
		if (k > 0)
			buf_addc(b, ' ');
		buf_addc(b, letters[p->steps[k].token & 3]);
	}
}

/* The letters of MOVE as common steps (plot.h), token the letter: L and
 * R are free turns (classic.md, "Plotted movement": turns take no time). */
static const struct nv_step letter_steps[] = {
	[CL_STEP_F] = { NV_SIDE_BOW, 0, 1, CL_STEP_F },
	[CL_STEP_L] = { NV_TRAVEL_NONE, -1, 0, CL_STEP_L },
	[CL_STEP_R] = { NV_TRAVEL_NONE, 1, 0, CL_STEP_R },
	[CL_STEP_B] = { NV_SIDE_STERN, 0, 1, CL_STEP_B },
};

static struct nv_step
common_step(int letter)
{
	return letter_steps[letter & 3];
}

/* The declared speed and when the ship moves: the speed table's slots,
 * or backing (-1) one hex in the last phase. */
static void
plot_speed(struct nv_turn *t, int i, int speed)
{
	struct classic_turn	*ct = t->rs_turn;
	struct nv_plot		*p = &t->plots[i];

	ct->speed[i] = speed;
	if (speed < 0)
		(void)plot_add_slot(p, t->rs->phases, 0);
	else
		(void)plot_schedule_speed(p, t->rs, speed);
}

static void
plot_forward(struct nv_turn *t, int i, int speed)
{
	int	k;

	for (k = 0; k < speed; k++)
		if (plot_add_step(&t->plots[i], common_step(CL_STEP_F)) != 0)
			break;
	plot_speed(t, i, speed);
}

/* SPEED and MOVE as ordered; validation has checked them. */
static void
plot_ordered(struct nv_turn *t, int i,
    const struct classic_ship_orders *o)
{
	struct classic_turn	*ct = t->rs_turn;
	struct nv_plot	*p = &t->plots[i];
	struct buf	 b = BUF_INIT;
	char		 h[8];
	int		 k, nf = 0, back = 0;

	if (!o->has_move)
		plot_forward(t, i, o->speed);
	else {
		for (k = 0; k < o->nsteps && k < NV_PLOT_MAX; k++) {
			(void)plot_add_step(p, common_step(o->steps[k]));
			nf += o->steps[k] == CL_STEP_F;
			back |= o->steps[k] == CL_STEP_B;
		}
		plot_speed(t, i, back ? -1 : o->has_speed ? o->speed : nf);
	}
	if (ct->speed[i] < 0)
		buf_adds(&b, "backs one hex (MOVE B)");
	else if (ct->speed[i] == 0)
		buf_adds(&b, "holds (speed 0)");
	else {
		buf_printf(&b, "speed %d, steps ", ct->speed[i]);
		steps_text(p, &b);
	}
	turn_event(t, ev(NV_EV_ORDERS), i, -1, "%s in %s facing %s: %s",
	    t->desc[i], state_hex_name(t->st, t->st->ships[i].hex, h),
	    dir_name(t->st->ships[i].facing), buf_str(&b));
	buf_free(&b);
}

/* The default order (classic.md, "Plotted movement"). */
static void
plot_default(struct nv_turn *t, int i)
{
	const struct nv_ruleset	*rs = t->rs;
	struct nv_ship		*s = &t->st->ships[i];
	struct nv_plot		*p = &t->plots[i];
	int			 cruise = classic_cruise(rs, s), v;
	char			 h[8];

	p->defaulted = 1;
	state_hex_name(t->st, s->hex, h);
	if (strcmp(attr_text(s, CL_A_OBLIGATION), CL_OBLIGATION_BACK) == 0) {
		(void)plot_add_step(p, common_step(CL_STEP_B));
		plot_speed(t, i, -1);
		turn_event(t, ev(NV_EV_DEFAULT), i, -1, "%s in %s has no "
		    "movement orders and backs one hex, as it must after its "
		    "ram", t->desc[i], h);
	} else if (s->speed < 0) {
		turn_event(t, ev(NV_EV_DEFAULT), i, -1, "%s in %s has no "
		    "movement orders and holds (speed 0) after going backwards "
		    "last turn", t->desc[i], h);
	} else {
		v = s->speed < cruise ? s->speed : cruise;
		plot_forward(t, i, v);
		if (v == 0)
			turn_event(t, ev(NV_EV_DEFAULT), i, -1, "%s in %s has no "
			    "movement orders and holds (speed 0)", t->desc[i], h);
		else
			turn_event(t, ev(NV_EV_DEFAULT), i, -1, "%s in %s has no "
			    "movement orders and continues straight ahead (%s) "
			    "at speed %d%s", t->desc[i], h, dir_name(s->facing),
			    v, v < s->speed ? ", its cruising speed" : "");
	}
}

static void
plot_ship(struct nv_turn *t, int i)
{
	struct nv_ship				*s = &t->st->ships[i];
	const struct classic_ship_orders	*o = ship_orders(t, i);
	struct classic_turn			*ct = t->rs_turn;
	int					 ordered;
	char					 h[8];

	plot_clear(&t->plots[i]);
	if (!ship_on_map(s))
		return;
	ordered = o != NULL && (o->has_speed || o->has_move);
	if (attr_text(s, CL_A_GRAPPLED)[0] != '\0') {
		/* Grappled ships cannot move, whatever was ordered. */
		t->plots[i].defaulted = !ordered;
		turn_event(t, ev(NV_EV_DEFAULT), i, -1, "%s in %s is grappled "
		    "(to %s) and stays where it is%s", t->desc[i],
		    state_hex_name(t->st, s->hex, h),
		    attr_text(s, CL_A_GRAPPLED),
		    ordered ? "; its movement order is void" : "");
		turn_event_also_ids(t, attr_text(s, CL_A_GRAPPLED));
	} else if (ordered)
		plot_ordered(t, i, o);
	else
		plot_default(t, i);
	ct->max_turn[i] = ct->speed[i] > classic_cruise(t->rs, s);
}

int
classic_begin(struct nv_turn *t, char **cause)
{
	struct classic_turn	*ct = xcalloc(1, sizeof *ct);
	size_t			 i, n = t->st->nships;

	(void)cause;
	ct->max_turn = xcalloc(n + 1, sizeof *ct->max_turn);
	ct->speed = xcalloc(n + 1, sizeof *ct->speed);
	ct->rammed = xcalloc(n + 1, sizeof *ct->rammed);
	ct->contest_die = xcalloc(n + 1, sizeof *ct->contest_die);
	ct->contest_hex = xcalloc(n + 1, sizeof *ct->contest_hex);
	ct->fought = xcalloc(n + 1, sizeof *ct->fought);
	t->rs_turn = ct;
	for (i = 0; i < n; i++)
		plot_ship(t, (int)i);
	return classic_ram_begin(t);
}

/* ---- contacts ---------------------------------------------------------- */

static void
add_touch(struct classic_turn *ct, int a, int b, int across)
{
	if (ct->ntouches == ct->captouches) {
		ct->captouches = ct->captouches == 0 ? 8 : ct->captouches * 2;
		ct->touches = xreallocarray(ct->touches, ct->captouches,
		    sizeof *ct->touches);
	}
	ct->touches[ct->ntouches].a = a;
	ct->touches[ct->ntouches].b = b;
	ct->touches[ct->ntouches].across = across;
	ct->ntouches++;
}

/* The geometry of a contact, as the first half of its sentence. */
static void
contact_where(const struct nv_turn *t, const struct nv_contact *c,
    struct buf *b)
{
	const struct nv_ship	*sa = &t->st->ships[c->a];
	const struct nv_ship	*sb = &t->st->ships[c->b];
	char			 ha[8], hb[8], hx[8];

	state_hex_name(t->st, sa->hex, ha);
	state_hex_name(t->st, sb->hex, hb);
	state_hex_name(t->st, c->hex, hx);
	switch (c->shape) {
	case NV_CONTACT_SWAP:
		buf_printf(b, "%s in %s and %s in %s try to swap hexes and "
		    "meet, %s against %s", t->desc[c->a], ha, t->desc[c->b],
		    hb, hexside_name(c->a_side), hexside_name(c->b_side));
		break;
	case NV_CONTACT_SAME_HEX:
		buf_printf(b, "%s in %s and %s in %s both try to enter %s",
		    t->desc[c->a], ha, t->desc[c->b], hb, hx);
		break;
	default:
		buf_printf(b, "%s in %s %s %s in %s on the %s", t->desc[c->a],
		    ha, c->a_back ? "backs into" : "touches", t->desc[c->b],
		    hb, hexside_name(c->b_side));
		break;
	}
}

static void
describe(struct nv_turn *t, const struct nv_contact *c)
{
	struct buf	 b = BUF_INIT;
	int		 collision = 0;

	contact_where(t, c, &b);
	switch (c->kind) {
	case NV_CONTACT_RAM:
		/* Whether it rams or rakes is told next (classic-ram.c). */
		buf_printf(&b, ": %s's bow strikes",
		    t->st->ships[c->a].id);
		break;
	case NV_CONTACT_FRIENDLY:
		buf_adds(&b, ": a collision between ships of the same side, "
		    "without damage");
		collision = 1;
		break;
	case NV_CONTACT_ASTERN:
		buf_adds(&b, ": a collision while backing, without damage");
		collision = 1;
		break;
	default:
		buf_adds(&b, ": a head-on contact");
		break;
	}
	if (collision && c->shape == NV_CONTACT_SAME_HEX) {
		buf_adds(&b, "; neither enters");
	}
	turn_event(t, ev(collision ? NV_EV_COLLISION : NV_EV_CONTACT), c->a,
	    c->b, "%s", buf_str(&b));
	buf_free(&b);
}

static void
contest_total(struct buf *b, const char *id, int die, int bonus)
{
	if (bonus > 0)
		buf_printf(b, "%s %d+%d=%d", id, die, bonus, die + bonus);
	else
		buf_printf(b, "%s %d", id, die);
}

static void
contest_result(struct nv_turn *t, const struct nv_contact *c, int da,
    int ba, int db, int bb)
{
	const char	*ia = t->st->ships[c->a].id;
	const char	*ib = t->st->ships[c->b].id;
	struct buf	 b = BUF_INIT;

	buf_adds(&b, "head-on contest: ");
	contest_total(&b, ia, da, ba);
	buf_adds(&b, " against ");
	contest_total(&b, ib, db, bb);
	/* The winner's bow strikes: whether it rams or rakes is the next
	 * sentence's (classic-ram.c).  A tie is always a ram both ways. */
	if (da + ba == db + bb)
		buf_printf(&b, ": a tie, %s and %s ram each other", ia, ib);
	else if (da + ba > db + bb)
		buf_printf(&b, ": %s wins, its bow strikes %s", ia, ib);
	else
		buf_printf(&b, ": %s wins, its bow strikes %s", ib, ia);
	turn_event(t, ev(NV_EV_CONTACT), c->a, c->b, "%s", buf_str(&b));
	buf_free(&b);
}

/* Ship i's die in the contest of contact c.  In a contest for an empty
 * hex each ship rolls once, however many others step in: with three or
 * more, its one roll counts against each of them (docs/classic/rams.md),
 * so that no ship's dice depend on the order its pairs are met in. */
static int
contest_die(struct nv_turn *t, const struct nv_contact *c, int i, int *out,
    char **cause)
{
	struct classic_turn	*ct = t->rs_turn;
	int			 hex = c->shape == NV_CONTACT_SAME_HEX;

	if (hex && ct->contest_die[i] > 0 && hex_eq(ct->contest_hex[i],
	    c->hex)) {
		*out = ct->contest_die[i];
		return 0;
	}
	if (turn_roll(t, 6, "head-on contest", t->st->ships[i].id, out,
	    cause) != 0)
		return -1;
	if (hex) {
		ct->contest_die[i] = *out;
		ct->contest_hex[i] = c->hex;
	}
	return 0;
}

/* Both roll 1d6, the lower id first; the better crew adds per level. */
static int
headon_contest(struct nv_turn *t, const struct nv_contact *c, int *ra,
    int *rb, char **cause)
{
	const struct nv_ruleset	*rs = t->rs;
	const struct nv_ship	*sa = &t->st->ships[c->a];
	const struct nv_ship	*sb = &t->st->ships[c->b];
	int			 first = c->a < c->b ? c->a : c->b;
	int			 da, db, diff, ba = 0, bb = 0, ta, tb;
	char			 hx[8];

	if (contest_die(t, c, first, first == c->a ? &da : &db, cause) != 0 ||
	    contest_die(t, c, first == c->a ? c->b : c->a, first == c->a ?
	    &db : &da, cause) != 0)
		return -1;
	diff = rs->crews[sa->crew].level - rs->crews[sb->crew].level;
	if (diff > 0)
		ba = diff * classic_data(rs)->headon_per_level;
	else
		bb = -diff * classic_data(rs)->headon_per_level;
	ta = da + ba;
	tb = db + bb;
	*ra = ta >= tb;
	*rb = tb >= ta;
	contest_result(t, c, da, ba, db, bb);
	if (c->shape == NV_CONTACT_SAME_HEX && ta == tb)
		turn_event(t, ev(NV_EV_CONTACT), c->a, c->b, "neither %s nor "
		    "%s enters %s; they touch across it", sa->id, sb->id,
		    state_hex_name(t->st, c->hex, hx));
	return 0;
}

int
classic_contact(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	struct classic_turn	*ct = t->rs_turn;
	int			 ra = 0, rb = 0, raked = 0;

	describe(t, c);
	if (c->kind == NV_CONTACT_FRIENDLY || c->kind == NV_CONTACT_ASTERN) {
		/* A collision without damage: only the ship(s) that moved
		 * stop, and no speed is lost (classic.md: 0 only after a
		 * ram).  Enemies that collided still touch, for boarding. */
		c->stop_a = 1;
		c->stop_b = c->shape == NV_CONTACT_SWAP ||
		    c->shape == NV_CONTACT_SAME_HEX;
		if (c->kind == NV_CONTACT_ASTERN)
			add_touch(ct, c->a, c->b,
			    c->shape == NV_CONTACT_SAME_HEX);
		return 0;
	}
	/* A ram or a head-on contact stops both ships; the rams are made at
	 * the phase's end (classic_ram_phase), which records speed 0. */
	c->stop_a = c->stop_b = 1;
	if (c->kind == NV_CONTACT_RAM)
		ra = 1;
	else if (headon_contest(t, c, &ra, &rb, cause) != 0)
		return -1;
	if (c->shape == NV_CONTACT_SAME_HEX)
		c->enter = ra && !rb ? c->a : rb && !ra ? c->b : -1;
	/* Both rams of a tie are kept, whatever the other does: neither
	 * comes first. */
	if (ra)
		raked |= classic_ram_found(t, c, c->a, c->b, rb) ==
		    CL_RAM_RAKE;
	if (rb)
		raked |= classic_ram_found(t, c, c->b, c->a, ra) ==
		    CL_RAM_RAKE;
	/* A raker slips away and goes on: the two do not stay touching. */
	if (!raked)
		add_touch(ct, c->a, c->b, c->shape == NV_CONTACT_SAME_HEX &&
		    c->enter < 0);
	return 0;
}

/* ---- phase end: rams and fire ------------------------------------------ */

/* The rams found in the phase's movement are made together, then its
 * fire (classic.md, "The turn").  A contest roll is for one phase. */
int
classic_phase_end(struct nv_turn *t, int phase, char **cause)
{
	struct classic_turn	*ct = t->rs_turn;

	if (classic_ram_phase(t, cause) != 0)
		return -1;
	memset(ct->contest_die, 0, (t->st->nships + 1) *
	    sizeof *ct->contest_die);
	return classic_fire(t, phase, cause);
}

/* ---- end of turn ------------------------------------------------------- */

/* In this order (classic.md, "The turn"): boarding actions and surrender,
 * hole plugging, damage from unplugged holes and sinking; then victory. */
static int
end_of_turn_steps(struct nv_turn *t, char **cause)
{
	if (classic_boarding(t, cause) != 0 || classic_holes(t, cause) != 0)
		return -1;
	return classic_victory(t, cause);
}

static int
rammed_this_turn(const struct classic_turn *ct, int i)
{
	size_t	k;

	for (k = 0; k < ct->nrams; k++)
		if (ct->rams[k].rammer == i)
			return 1;
	return 0;
}

/* What the next turn needs: speed, maximum-speed uses, the straight run
 * for the turning circle, obligations. */
static void
record_ship(struct nv_turn *t, int i)
{
	struct classic_turn	*ct = t->rs_turn;
	struct nv_ship		*s = &t->st->ships[i];
	const struct nv_plot	*p = &t->plots[i];
	const char		*ob = attr_text(s, CL_A_OBLIGATION);
	long			 run;

	s->speed = ct->rammed[i] ? 0 : ct->speed[i];
	if (ct->max_turn[i])
		s->attr[CL_A_MAX_USES].i++;
	s->attr[CL_A_LAST_MAX].i = ct->max_turn[i];
	/* The count carries over only through a turn without turns or B. */
	run = p->run;
	if (p->turns == 0 && ct->speed[i] >= 0)
		run += s->attr[CL_A_STRAIGHT].i;
	s->attr[CL_A_STRAIGHT].i = run > 99 ? 99 : run;
	if (strcmp(ob, CL_OBLIGATION_BACK) == 0 && ct->speed[i] < 0)
		set_text(s, CL_A_OBLIGATION, CL_OBLIGATION_PIVOT);
	else if (strcmp(ob, CL_OBLIGATION_PIVOT) == 0)
		set_text(s, CL_A_OBLIGATION, CL_OBLIGATION_NONE);
	if (rammed_this_turn(ct, i))
		set_text(s, CL_A_OBLIGATION, CL_OBLIGATION_BACK);
}

static void
free_scratch(struct nv_turn *t)
{
	struct classic_turn	*ct = t->rs_turn;

	if (ct == NULL)
		return;
	free(ct->max_turn);
	free(ct->speed);
	free(ct->rammed);
	free(ct->rams);
	free(ct->found);
	free(ct->contest_die);
	free(ct->contest_hex);
	free(ct->touches);
	free(ct->fire_done);
	free(ct->fire_unfired);
	free(ct->fought);
	free(ct);
	t->rs_turn = NULL;
}

int
classic_end(struct nv_turn *t, char **cause)
{
	size_t	i;

	if (end_of_turn_steps(t, cause) != 0) {
		free_scratch(t);
		return -1;
	}
	for (i = 0; i < t->st->nships; i++)
		if (ship_on_map(&t->st->ships[i]))
			record_ship(t, (int)i);
	free_scratch(t);
	return 0;
}

void
classic_abort(struct nv_turn *t)
{
	free_scratch(t);
}
