/* move_fixture.c: fixtures for test_move.c (see move_fixture.h). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "classic/classic.h"
#include "dice.h"
#include "events.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

#include "move_fixture.h"

/* ---- fixture ----------------------------------------------------------- */

static const struct nv_attr_def ship_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	CLASSIC_SHIP_ATTRS(X)
#undef X
};

/* Every contact the hooks saw, "kind a b; ..." (tests only). */
struct buf contact_log;
/* When set, RAM contacts slip into this direction relative to the
 * rammer's facing instead of stopping (a stand-in for the rake). */
int slip_side = -1;
/* When set, adjusts a case's fixture before the turn is played. */
void (*fx_setup)(struct fx *);

static int
logging_contact(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	if (contact_log.len > 0)
		buf_adds(&contact_log, "; ");
	buf_printf(&contact_log, "%s %s %s", contact_kind_name(c->kind),
	    t->st->ships[c->a].id, t->st->ships[c->b].id);
	if (classic_contact(t, c, cause) != 0)
		return -1;
	if (slip_side >= 0 && c->kind == NV_CONTACT_RAM) {
		c->stop_a = 0;
		c->redirect_a = dir_turn(t->st->ships[c->a].facing, slip_side);
	}
	return 0;
}

static void
fx_ruleset(struct fx *f)
{
	static const char *const cls[] = { "trireme", "bireme" };
	static const char *const crew[] = { "poor", "average", "elite" };
	int	s, p, i;

	memset(f, 0, sizeof *f);
	f->ops.name = "classic";
	f->ops.ship_attrs = ship_attrs;
	f->ops.nship_attrs = CL_A_COUNT;
	f->ops.begin = classic_begin;
	f->ops.contact = logging_contact;
	f->ops.phase_end = classic_phase_end;
	f->ops.end = classic_end;
	f->ops.abort = classic_abort;
	f->rs.ops = &f->ops;
	f->rs.phases = 6;
	f->rs.max_speed = 6;
	for (s = 0; s <= 6; s++)
		for (p = 1; p <= 6; p++)
			f->schedule[s * 6 + p - 1] =
			    p * s / 6 > (p - 1) * s / 6;
	f->rs.schedule = f->schedule;
	for (i = 0; i < 2; i++) {
		f->rcls[i].id = xstrdup(cls[i]);
		f->rcls[i].name = xstrdup(cls[i]);
	}
	for (i = 0; i < 3; i++) {
		f->rcrews[i].id = xstrdup(crew[i]);
		f->rcrews[i].level = i;
	}
	f->rs.classes = f->rcls;
	f->rs.nclasses = 2;
	f->rs.crews = f->rcrews;
	f->rs.ncrews = 3;
	/* trireme: max 5, cruise 3; bireme: max 6, cruise 4. */
	f->classes[0] = (struct classic_class){ 0, 4, 5, 3, 1, 2, 4, NULL, 0 };
	f->classes[1] = (struct classic_class){ -1, 3, 6, 4, 1, 2, 3, NULL, 0 };
	f->crews[0] = (struct classic_crew){ 0, -1, 1, 1 };
	f->crews[1] = (struct classic_crew){ 0, 0, 0, 0 };
	f->crews[2] = (struct classic_crew){ 1, 1, -1, 0 };
	f->cd.classes = f->classes;
	f->cd.crews = f->crews;
	f->cd.max_speed_uses = 3;
	f->cd.back_speed = 1;
	f->cd.ram_max_bonus = 1;
	f->cd.headon_per_level = 1;
	f->cd.ram_holes = 1;
	f->cd.rake_cruise = -1;
	f->cd.rake_turn_circle = 1;
	f->cd.rake_keeps_max = 0;
	f->rs.priv = &f->cd;
}

static int
cmp_ship(const void *x, const void *y)
{
	return strcmp(((const struct nv_ship *)x)->id,
	    ((const struct nv_ship *)y)->id);
}

static struct nv_hex
hx(const char *name)
{
	struct nv_hex	h;

	assert_int_equal(hex_parse(name, 2, &h), 0);
	return h;
}

static void
fx_ship(struct nv_ship *s, const struct sspec *sp)
{
	size_t	i;

	memset(s, 0, sizeof *s);
	memcpy(s->id, sp->id, strlen(sp->id) + 1);
	s->side = s->owner = sp->side;
	s->cls = sp->cls;
	s->crew = sp->crew;
	s->hex = hx(sp->hex);
	s->facing = dir_parse(sp->facing);
	s->speed = sp->speed;
	s->status = NV_STATUS_AFLOAT;
	s->attr = xcalloc(CL_A_COUNT, sizeof *s->attr);
	for (i = 0; i < CL_A_COUNT; i++)
		if (ship_attrs[i].kind != NV_ATTR_INT)
			s->attr[i].s = xstrdup("");
	s->attr[CL_A_HULL].i = 4;
	s->attr[CL_A_STRAIGHT].i = sp->straight;
	free(s->attr[CL_A_OBLIGATION].s);
	s->attr[CL_A_OBLIGATION].s = xstrdup(sp->obligation != NULL ?
	    sp->obligation : "");
	free(s->attr[CL_A_GRAPPLED].s);
	s->attr[CL_A_GRAPPLED].s = xstrdup(sp->grappled != NULL ?
	    sp->grappled : "");
}

static void
fx_order(struct classic_ship_orders *o, const char *text)
{
	const char	*p = text;

	o->board = -1;
	if (text == NULL)
		return;
	if (*p == 'S') {
		o->has_speed = 1;
		o->speed = (int)strtol(p + 1, NULL, 10);
		while (*p != '\0' && *p != ' ')
			p++;
	}
	for (; *p != '\0'; p++) {
		if (*p == ' ')
			continue;
		o->has_move = 1;
		o->steps[o->nsteps++] = *p == 'F' ? CL_STEP_F :
		    *p == 'L' ? CL_STEP_L : *p == 'R' ? CL_STEP_R :
		    CL_STEP_B;
	}
}

static void
fx_state(struct fx *f, const struct mcase *mc)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	size_t		 i, j, n;
	int		 col, row;

	st->rs = &f->rs;
	st->turn = 4;
	st->columns = st->rows = 10;
	st->land = xcalloc(100, 1);
	for (i = 0; i < MAXLIST && mc->land[i] != NULL; i++) {
		hex_to_cr(hx(mc->land[i]), &col, &row);
		st->land[(row - 1) * 10 + col - 1] = 1;
	}
	for (n = 0; n < MAXLIST && mc->wrecks[n] != NULL; n++)
		;
	st->wrecks = xcalloc(n + 1, sizeof *st->wrecks);
	for (st->nwrecks = 0; st->nwrecks < n; st->nwrecks++)
		st->wrecks[st->nwrecks].hex = hx(mc->wrecks[st->nwrecks]);
	st->nsides = 2;
	st->sides = xcalloc(2, sizeof *st->sides);
	memcpy(st->sides[0].id, "athens", 7);
	memcpy(st->sides[1].id, "persia", 7);
	for (n = 0; n < MAXSHIPS && mc->ships[n].id != NULL; n++)
		;
	st->ships = xcalloc(n, sizeof *st->ships);
	for (st->nships = 0; st->nships < n; st->nships++)
		fx_ship(&st->ships[st->nships], &mc->ships[st->nships]);
	qsort(st->ships, n, sizeof *st->ships, cmp_ship);
	f->st = st;
	f->co.st = st;
	f->co.ships = xcalloc(n, sizeof *f->co.ships);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (strcmp(mc->ships[j].id, st->ships[i].id) == 0)
				fx_order(&f->co.ships[i], mc->ships[j].order);
	f->orders.st = st;
	f->orders.rs = &f->co;
}

static void
fx_free(struct fx *f)
{
	int	i;

	state_free(f->st);
	free(f->co.ships);
	for (i = 0; i < 2; i++) {
		free(f->rcls[i].id);
		free(f->rcls[i].name);
	}
	for (i = 0; i < 3; i++)
		free(f->rcrews[i].id);
}

/* ---- running a case ---------------------------------------------------- */

static int
traced(const char *kind)
{
	static const char *const kinds[] = { "move", "back", "turn",
	    "blocked", "exit", "stop" };
	size_t	i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kind, kinds[i]) == 0)
			return 1;
	return 0;
}

void
run_turn(const struct mcase *mc, struct nv_dice *dice, struct run *r)
{
	struct buf	 tr = BUF_INIT;
	size_t		 i;

	memset(r, 0, sizeof *r);
	fx_ruleset(&r->f);
	fx_state(&r->f, mc);
	if (fx_setup != NULL)
		fx_setup(&r->f);
	if (dice == NULL)
		dice = r->own = mc->ndice > 0 ?
		    dice_script(mc->dice, mc->ndice) : dice_fixed(3);
	buf_reset(&contact_log);
	r->rc = turn_play(r->f.st, &r->f.orders, dice, &r->out, &r->ev,
	    &r->cause);
	r->contacts = xstrdup(buf_str(&contact_log));
	for (i = 0; i < r->ev.n; i++)
		if (traced(r->ev.v[i].kind))
			buf_printf(&tr, "%s%d:%s:%s", tr.len > 0 ? " " : "",
			    r->ev.v[i].phase, r->ev.v[i].kind,
			    r->ev.v[i].ship);
	r->trace = buf_detach(&tr);
	buf_free(&tr);
}

void
run_free(struct run *r)
{
	state_free(r->out);
	events_free(&r->ev);
	free(r->cause);
	free(r->contacts);
	free(r->trace);
	dice_free(r->own);
	fx_free(&r->f);
}

const struct nv_ship *
out_ship(const struct run *r, const char *id)
{
	int	i = state_ship_index(r->out, id);

	if (i < 0)
		fail_msg("no ship %s in the output", id);
	return &r->out->ships[i];
}

/* The events, one per line, for failure messages. */
static char *
all_events(const struct run *r)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 0; i < r->ev.n; i++)
		buf_printf(&b, "  [%s] %s\n", r->ev.v[i].kind, r->ev.v[i].text);
	return buf_detach(&b);
}

static void
check_events(const struct mcase *mc, const struct run *r)
{
	size_t	i, k = 0;
	int	found;

	for (i = 0; i < MAXLIST && mc->events[i] != NULL; i++) {
		for (found = 0; k < r->ev.n && !found; k++)
			found = strstr(r->ev.v[k].text, mc->events[i]) != NULL;
		if (!found)
			fail_msg("%s: no event (in order) with \"%s\":\n%s",
			    mc->name, mc->events[i], all_events(r));
	}
	for (i = 0; i < MAXLIST && mc->absent[i] != NULL; i++)
		for (k = 0; k < r->ev.n; k++)
			if (strstr(r->ev.v[k].text, mc->absent[i]) != NULL)
				fail_msg("%s: unexpected event \"%s\"",
				    mc->name, r->ev.v[k].text);
}

void
check_case(const struct mcase *mc)
{
	const struct nv_ship	*s;
	struct run		 r;
	size_t			 i;
	char			 h[8];

	run_turn(mc, NULL, &r);
	if (r.rc != 0)
		fail_msg("%s: turn failed: %s", mc->name, r.cause);
	assert_int_equal(r.out->turn, 5);
	for (i = 0; i < MAXSHIPS && mc->want[i].id != NULL; i++) {
		s = out_ship(&r, mc->want[i].id);
		hex_format(s->hex, 2, h);
		if (strcmp(h, mc->want[i].hex) != 0 ||
		    strcmp(dir_name(s->facing), mc->want[i].facing) != 0 ||
		    strcmp(status_name(s->status), mc->want[i].status) != 0 ||
		    (mc->want[i].speed != -9 && s->speed != mc->want[i].speed))
			fail_msg("%s: %s is %s %s %s speed %d, want %s %s %s "
			    "speed %d\n%s", mc->name, s->id, h,
			    dir_name(s->facing), status_name(s->status),
			    s->speed, mc->want[i].hex, mc->want[i].facing,
			    mc->want[i].status, mc->want[i].speed,
			    all_events(&r));
	}
	if (strcmp(r.contacts, mc->contacts != NULL ? mc->contacts : "") != 0)
		fail_msg("%s: contacts \"%s\", want \"%s\"", mc->name,
		    r.contacts, mc->contacts);
	if (mc->trace != NULL && strcmp(r.trace, mc->trace) != 0)
		fail_msg("%s: trace\n  \"%s\", want\n  \"%s\"", mc->name,
		    r.trace, mc->trace);
	check_events(mc, &r);
	run_free(&r);
}
