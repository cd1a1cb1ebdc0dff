/* test_orders.c: the order language (orders.c) with the classic verbs,
 * validation and normalised output (classic-orders.c, classic-validate.c).
 *
 * The ruleset and the state are built here by hand, so that these tests
 * stand on nothing but the modules under test: the demo scenario of
 * orders/demo (athens, elite: nike, paralos, salaminia; persia, average:
 * azes, sidon, tyre), with a small "setup" language per row to put a ship
 * into the condition a rule is about ("nike.speed=1 nike.crew=average"). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "buf.h"
#include "classic.h"
#include "diag.h"
#include "fileio.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

/* --- fixture ------------------------------------------------------------ */

static const struct nv_attr_def attr_defs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	CLASSIC_SHIP_ATTRS(X)
#undef X
};

static struct nv_ruleset_ops test_ops;

/* The rulebook's table (shared/rules/digests/004_*.md, section 9). */
static const struct {
	const char	*id;
	struct classic_class c;
	int		 bows, catapults;	/* hellenistic loadout */
} classes[] = {
	{ "bireme",	 { -1, 4, 5, 3, 0, 3, 4, NULL, 0 }, 1, 0 },
	{ "trireme",	 { 0, 6, 5, 3, 1, 3, 6, NULL, 0 }, 1, 0 },
	{ "quadrireme",	 { 0, 7, 4, 3, 1, 3, 7, NULL, 0 }, 2, 0 },
	{ "quinquereme", { 1, 8, 3, 2, 2, 2, 8, NULL, 0 }, 2, 2 },
	{ "heptere",	 { 2, 10, 3, 2, 3, 2, 10, NULL, 0 }, 4, 3 },
};
#define NCLASSES (sizeof classes / sizeof classes[0])

/* max speed, accel, turn circle, min accel */
static const struct { const char *id; struct classic_crew c; } crews[] = {
	{ "poor",	{ 0, -1, 1, 1 } },
	{ "average",	{ 0, 0, 0, 1 } },
	{ "elite",	{ 1, 1, -1, 1 } },
};
#define NCREWS (sizeof crews / sizeof crews[0])

static const char *const nations[] = { "roman", "hellenistic", "asiatic" };

static struct nv_ruleset *
rs_new(void)
{
	struct nv_ruleset	*rs = xcalloc(1, sizeof *rs);
	struct classic_data	*cd = xcalloc(1, sizeof *cd);
	size_t			 i;
	int			 s, p;

	test_ops.name = "classic";
	test_ops.ship_attrs = attr_defs;
	test_ops.nship_attrs = CL_A_COUNT;
	test_ops.orders_new = classic_orders_new;
	test_ops.orders_free = classic_orders_free;
	test_ops.verbs = classic_verbs;
	test_ops.nverbs = classic_nverbs;
	test_ops.validate = classic_validate;
	test_ops.format = classic_format;
	rs->ops = &test_ops;
	rs->phases = 6;
	rs->max_speed = 6;
	rs->schedule = xcalloc(7 * 6, 1);
	for (s = 0; s <= 6; s++)
		for (p = 1; p <= 6; p++)
			rs->schedule[s * 6 + p - 1] =
			    (unsigned char)(p * s / 6 > (p - 1) * s / 6);
	rs->nclasses = NCLASSES;
	rs->classes = xcalloc(NCLASSES, sizeof *rs->classes);
	cd->classes = xcalloc(NCLASSES, sizeof *cd->classes);
	for (i = 0; i < NCLASSES; i++) {
		rs->classes[i].id = xstrdup(classes[i].id);
		cd->classes[i] = classes[i].c;
	}
	rs->ncrews = NCREWS;
	rs->crews = xcalloc(NCREWS, sizeof *rs->crews);
	cd->crews = xcalloc(NCREWS, sizeof *cd->crews);
	for (i = 0; i < NCREWS; i++) {
		rs->crews[i].id = xstrdup(crews[i].id);
		rs->crews[i].level = (int)i;
		cd->crews[i] = crews[i].c;
	}
	rs->nnations = 3;
	rs->nations = xcalloc(3, sizeof *rs->nations);
	for (i = 0; i < 3; i++)
		rs->nations[i].id = xstrdup(nations[i]);
	cd->max_speed_uses = 3;
	cd->back_speed = 1;
	rs->priv = cd;
	return rs;
}

static void
rs_free(struct nv_ruleset *rs)
{
	struct classic_data	*cd = rs->priv;
	size_t			 i;

	for (i = 0; i < rs->nclasses; i++)
		free(rs->classes[i].id);
	for (i = 0; i < rs->ncrews; i++)
		free(rs->crews[i].id);
	for (i = 0; i < rs->nnations; i++)
		free(rs->nations[i].id);
	free(rs->classes);
	free(rs->crews);
	free(rs->nations);
	free(rs->schedule);
	free(cd->classes);
	free(cd->crews);
	free(cd);
	free(rs);
}

/* The demo scenario, ships in id order. */
static const struct {
	const char	*id, *side, *cls, *hex, *facing;
} demo_ships[] = {
	{ "azes",	"persia", "trireme",	 "1505", "SW" },
	{ "nike",	"athens", "trireme",	 "0508", "SE" },
	{ "paralos",	"athens", "trireme",	 "0607", "SE" },
	{ "salaminia",	"athens", "quadrireme",	 "0409", "SE" },
	{ "sidon",	"persia", "bireme",	 "1404", "SW" },
	{ "tyre",	"persia", "quinquereme", "1606", "SW" },
};
#define NSHIPS (sizeof demo_ships / sizeof demo_ships[0])

static void
ship_init(const struct nv_ruleset *rs, struct nv_state *st, size_t i)
{
	struct nv_ship	*s = &st->ships[i];
	size_t		 a, c;

	memcpy(s->id, demo_ships[i].id, strlen(demo_ships[i].id) + 1);
	s->side = state_side_index(st, demo_ships[i].side);
	s->owner = s->side;
	s->cls = ruleset_class_index(rs, demo_ships[i].cls);
	s->crew = st->sides[s->side].crew;
	assert_int_equal(hex_parse(demo_ships[i].hex, 2, &s->hex), 0);
	s->facing = dir_parse(demo_ships[i].facing);
	s->status = NV_STATUS_AFLOAT;
	s->attr = xcalloc(CL_A_COUNT, sizeof *s->attr);
	for (a = 0; a < CL_A_COUNT; a++)
		if (attr_defs[a].kind != NV_ATTR_INT)
			s->attr[a].s = xstrdup("");
	c = (size_t)s->cls;
	s->attr[CL_A_HULL].i = classes[c].c.hull;
	s->attr[CL_A_BOWS].i = classes[c].bows;
	s->attr[CL_A_CATAPULTS].i = classes[c].catapults;
}

static struct nv_state *
state_new(const struct nv_ruleset *rs)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	size_t		 i;

	st->rs = rs;
	st->turn = 1;
	st->columns = 20;
	st->rows = 12;
	st->land = xcalloc(20 * 12, 1);
	st->nsides = 2;
	st->sides = xcalloc(2, sizeof *st->sides);
	memcpy(st->sides[0].id, "athens", 7);
	st->sides[0].nation = ruleset_nation_index(rs, "hellenistic");
	st->sides[0].crew = ruleset_crew_index(rs, "elite");
	memcpy(st->sides[1].id, "persia", 7);
	st->sides[1].nation = ruleset_nation_index(rs, "asiatic");
	st->sides[1].crew = ruleset_crew_index(rs, "average");
	st->nships = NSHIPS;
	st->ships = xcalloc(NSHIPS, sizeof *st->ships);
	for (i = 0; i < NSHIPS; i++)
		ship_init(rs, st, i);
	return st;
}

static void
set_text(struct nv_ship *s, int a, const char *v)
{
	free(s->attr[a].s);
	s->attr[a].s = xstrdup(v);
}

/* One "ship.field=value" of a row's setup. */
static void
setup_one(struct nv_state *st, char *word)
{
	char		*dot = strchr(word, '.'), *eq = strchr(word, '=');
	struct nv_ship	*s;
	int		 i, n = 0;

	assert_non_null(dot);
	assert_non_null(eq);
	*dot = *eq = '\0';
	i = state_ship_index(st, word);
	assert_true(i >= 0);
	s = &st->ships[i];
	(void)str_to_int(eq + 1, -1, 99, &n);
	if (strcmp(dot + 1, "speed") == 0)
		s->speed = n;
	else if (strcmp(dot + 1, "crew") == 0)
		s->crew = ruleset_crew_index(st->rs, eq + 1);
	else if (strcmp(dot + 1, "status") == 0)
		s->status = (enum nv_status)status_parse(eq + 1);
	else if (strcmp(dot + 1, "uses") == 0)
		s->attr[CL_A_MAX_USES].i = n;
	else if (strcmp(dot + 1, "straight") == 0)
		s->attr[CL_A_STRAIGHT].i = n;
	else if (strcmp(dot + 1, "raked") == 0)
		s->attr[CL_A_RAKED].i = n;
	else if (strcmp(dot + 1, "bows") == 0)
		s->attr[CL_A_BOWS].i = n;
	else if (strcmp(dot + 1, "catapults") == 0)
		s->attr[CL_A_CATAPULTS].i = n;
	else if (strcmp(dot + 1, "stones") == 0)
		s->attr[CL_A_STONES].i = n;
	else if (strcmp(dot + 1, "obligation") == 0)
		set_text(s, CL_A_OBLIGATION, eq + 1);
	else if (strcmp(dot + 1, "grappled") == 0)
		set_text(s, CL_A_GRAPPLED, eq + 1);
	else if (strcmp(dot + 1, "raked_by") == 0)
		set_text(s, CL_A_RAKED_BY, eq + 1);
	else
		fail_msg("unknown setup field %s", dot + 1);
	assert_true(s->crew >= 0 && (int)s->status >= 0);
}

static void
setup(struct nv_state *st, const char *spec)
{
	char	*copy, *argv[16];
	size_t	 n, i;

	if (spec == NULL)
		return;
	copy = xstrdup(spec);
	n = str_split_words(copy, argv, 16);
	assert_true(n <= 16);
	for (i = 0; i < n; i++)
		setup_one(st, argv[i]);
	free(copy);
}

struct fixture {
	struct nv_ruleset	*rs;
	struct nv_state		*st;
	struct nv_orders	*o;
	struct diag		 d;
	struct buf		 out;
};

static int
fx_setup(void **state)
{
	struct fixture	*fx = xcalloc(1, sizeof *fx);

	fx->rs = rs_new();
	fx->st = state_new(fx->rs);
	fx->o = orders_new(fx->st);
	*state = fx;
	return 0;
}

static int
fx_teardown(void **state)
{
	struct fixture	*fx = *state;

	orders_free(fx->o);
	state_free(fx->st);
	rs_free(fx->rs);
	diag_free(&fx->d);
	buf_free(&fx->out);
	free(fx);
	return 0;
}

/* Parses and validates one file, as navarch check-orders does: every
 * error of both steps.  Returns the parse result. */
static int
run(struct fixture *fx, const char *file, const char *text)
{
	int	rc;

	rc = orders_parse(fx->o, file, text, strlen(text), &fx->d);
	(void)orders_validate(fx->o, &fx->d);
	buf_reset(&fx->out);
	orders_format(fx->o, &fx->out);
	return rc;
}

/* --- the table ------------------------------------------------------------ */

struct experr {
	unsigned	 line;
	const char	*msg;	/* substring of the message */
};

struct row {
	const char	*name;
	const char	*setup;
	const char	*text;
	const char	*out;		/* normalised output, if no errors */
	int		 quoted_only;
	struct experr	 err[6];	/* expected errors, in any order */
};

#define A "SIDE athens\n"
#define P "SIDE persia\n"
#define ERR(l, m) { { l, m } }
#define ERR2(l1, m1, l2, m2) { { l1, m1 }, { l2, m2 } }

static const struct row rows[] = {
	/* Movement. */
	{ "speed and move", NULL, A "SHIP nike SPEED 4 MOVE F F R F F\n",
	    "SHIP nike SPEED 4 MOVE F F R F F\n", 0, { { 0, NULL } } },
	{ "case and packed steps", NULL, A "ship Nike speed 3 move ffrf\n",
	    "SHIP nike SPEED 3 MOVE F F R F\n", 0, { { 0, NULL } } },
	{ "speed alone", NULL, A "SHIP nike SPEED 2\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "move alone implies speed", NULL, A "SHIP nike MOVE F L F\n",
	    "SHIP nike SPEED 2 MOVE F L F\n", 0, { { 0, NULL } } },
	{ "speed and move on two lines", NULL,
	    A "SHIP nike SPEED 3\nSHIP nike MOVE F F R F\n",
	    "SHIP nike SPEED 3 MOVE F F R F\n", 0, { { 0, NULL } } },
	{ "move before speed", NULL, A "SHIP nike MOVE FFF SPEED 3\n",
	    "SHIP nike SPEED 3 MOVE F F F\n", 0, { { 0, NULL } } },
	{ "backwards", NULL, A "SHIP nike MOVE B\n", "SHIP nike MOVE B\n", 0,
	    { { 0, NULL } } },
	{ "speed -1 is backwards", NULL, A "SHIP nike SPEED -1\n",
	    "SHIP nike MOVE B\n", 0, { { 0, NULL } } },
	{ "hold", NULL, A "SHIP nike SPEED 0\n", "SHIP nike SPEED 0\n", 0,
	    { { 0, NULL } } },
	{ "later move replaces", NULL,
	    A "SHIP nike SPEED 4 MOVE FFFF\nSHIP nike MOVE B\n",
	    "SHIP nike MOVE B\n", 0, { { 0, NULL } } },
	{ "later speed replaces", NULL, A "SHIP nike SPEED 4\nSHIP nike SPEED 2\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "turn after the last F", "nike.crew=average nike.straight=1",
	    A "SHIP nike SPEED 2 MOVE F F R\n",
	    "SHIP nike SPEED 2 MOVE F F R\n", 0, { { 0, NULL } } },
	{ "circle counts last turn", "nike.crew=average nike.straight=1",
	    A "SHIP nike SPEED 2 MOVE R F F\n",
	    "SHIP nike SPEED 2 MOVE R F F\n", 0, { { 0, NULL } } },
	{ "circle 1 kept", "nike.crew=average",
	    A "SHIP nike SPEED 3 MOVE F R F L F\n",
	    "SHIP nike SPEED 3 MOVE F R F L F\n", 0, { { 0, NULL } } },
	{ "circle 0: turns in one hex", NULL, A "SHIP nike SPEED 1 MOVE R R F\n",
	    "SHIP nike SPEED 1 MOVE R R F\n", 0, { { 0, NULL } } },
	{ "max speed with a use left", "nike.uses=2",
	    A "SHIP nike SPEED 4\n", "SHIP nike SPEED 4 MOVE F F F F\n", 0,
	    { { 0, NULL } } },
	{ "acceleration from -1", "nike.speed=-1", A "SHIP nike SPEED 3\n",
	    "SHIP nike SPEED 3 MOVE F F F\n", 0, { { 0, NULL } } },
	{ "ships in id order", NULL,
	    A "SHIP salaminia SPEED 1\nSHIP nike SPEED 1\nSHIP paralos SPEED 0\n",
	    "SHIP nike SPEED 1 MOVE F\nSHIP paralos SPEED 0\n"
	    "SHIP salaminia SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "acceleration (the issue's example)", "nike.crew=average nike.speed=1",
	    A "SHIP nike SPEED 5\n", NULL, 0,
	    ERR(2, "SHIP nike SPEED 5: a trireme may change speed by at most 3 "
	    "from 1; legal: SPEED 0-4 or MOVE B") },
	{ "maximum speed", "nike.speed=4", A "SHIP nike SPEED 7\n", NULL, 0,
	    ERR(2, "SHIP nike SPEED 7: the maximum speed of an elite trireme "
	    "is 6; legal: SPEED 0-6") },
	{ "no maximum-speed use left", "nike.uses=3 nike.speed=3",
	    A "SHIP nike SPEED 4\n", NULL, 0,
	    ERR(2, "nike has used its 3 maximum-speed turns and may not pass "
	    "its cruising speed 3; legal: SPEED 0-3 or MOVE B") },
	{ "raked: cruising speed only", "nike.raked=1 nike.speed=2",
	    A "SHIP nike SPEED 4\n", NULL, 0,
	    ERR(2, "nike has been raked and may not pass its cruising speed 2; "
	    "legal: SPEED 0-2 or MOVE B") },
	{ "backwards counts as -1", "nike.crew=average nike.speed=3",
	    A "SHIP nike MOVE B\n", NULL, 0,
	    ERR(2, "a trireme may change speed by at most 3 from 3 (MOVE B "
	    "counts as speed -1); legal: SPEED 0-5") },
	{ "acceleration after backing", "nike.crew=average nike.speed=-1",
	    A "SHIP nike SPEED 3\n", NULL, 0,
	    ERR(2, "at most 3 from -1 (it went backwards last turn); legal: "
	    "SPEED 0-2 or MOVE B") },
	{ "F count and speed", NULL, A "SHIP nike SPEED 4 MOVE F F R F\n",
	    NULL, 0, ERR(2, "MOVE has 3 F but the order is SPEED 4, and the "
	    "number of F must equal the speed") },
	{ "F count over two lines", NULL,
	    A "SHIP nike SPEED 4\nSHIP nike MOVE F F R F\n", NULL, 0,
	    ERR(3, "SHIP nike MOVE F F R F: MOVE has 3 F but the order is "
	    "SPEED 4 (line 2)") },
	{ "B with a speed", NULL, A "SHIP nike SPEED 1 MOVE B\n", NULL, 0,
	    ERR(2, "MOVE B backs one hex, which is speed -1, not SPEED 1") },
	{ "B stands alone", NULL, A "SHIP nike MOVE F B\n", NULL, 0,
	    ERR(2, "B must stand alone") },
	{ "bad step", NULL, A "SHIP nike MOVE F X F\n", NULL, 0,
	    ERR(2, "'X' is not a step") },
	{ "move without steps", NULL, A "SHIP nike MOVE\n", NULL, 0,
	    ERR(2, "MOVE has no steps") },
	{ "speed without a number", NULL, A "SHIP nike SPEED fast\n", NULL, 0,
	    ERR(2, "SPEED needs a speed, a number from 0 up; legal: SPEED 0-6") },
	{ "speed below -1", NULL, A "SHIP nike SPEED -2\n", NULL, 0,
	    ERR(2, "SPEED needs a speed") },
	{ "speed far too high", NULL, A "SHIP nike SPEED 99 MOVE F\n", NULL, 0,
	    ERR(2, "MOVE has 1 F but the order is SPEED 99") },
	{ "speed far too high alone", NULL, A "SHIP nike SPEED 99\n", NULL, 0,
	    ERR(2, "the maximum speed of an elite trireme is 6; legal: "
	    "SPEED 0-4 or MOVE B") },
	{ "too many steps", NULL, A "SHIP nike MOVE "
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\n",
	    NULL, 0, ERR(2, "more than 64 steps") },
	{ "stray word in a movement", NULL, A "SHIP nike SPEED 2 QUICKLY\n",
	    NULL, 0, ERR(2, "QUICKLY is not part of a movement order") },
	{ "speed 0 does not turn", NULL, A "SHIP nike SPEED 0 MOVE L\n", NULL, 0,
	    ERR(2, "a ship at speed 0 neither turns nor moves") },
	{ "turning circle", "nike.crew=average",
	    A "SHIP nike SPEED 3 MOVE F R R F F\n", NULL, 0,
	    ERR(2, "the R at step 3 comes after 0 hexes straight, but a trireme "
	    "must go 1 hex straight between turns; legal: at least 1 F") },
	{ "turning circle from last turn", "tyre.straight=1",
	    P "SHIP tyre SPEED 2 MOVE R F F\n", NULL, 0,
	    ERR(2, "the R at step 1 comes after 1 hex straight, counting 1 from "
	    "last turn, but a quinquereme must go 2 hexes straight between "
	    "turns; legal: at least 1 F before it") },
	{ "turning circle after the last F", "nike.crew=average",
	    A "SHIP nike SPEED 1 MOVE F R R\n", NULL, 0,
	    ERR(2, "the R at step 3 comes after 0 hexes") },
	{ "poor crew: wider circle", "nike.crew=poor",
	    A "SHIP nike SPEED 2 MOVE F R F\n", NULL, 0,
	    ERR(2, "the R at step 2 comes after 1 hex straight, but a poor "
	    "trireme must go 2 hexes") },
	{ "poor crew: circle from last turn", "nike.crew=poor nike.straight=1",
	    A "SHIP nike SPEED 2 MOVE F R F\n", "SHIP nike SPEED 2 MOVE F R F\n",
	    0, { { 0, NULL } } },
	{ "rammer backs", "nike.obligation=back", A "SHIP nike MOVE B\n",
	    "SHIP nike MOVE B\n", 0, { { 0, NULL } } },
	{ "rammer must back", "nike.obligation=back", A "SHIP nike SPEED 0\n",
	    NULL, 0, ERR(2, "nike rammed last turn and must back away one hex; "
	    "legal: MOVE B") },
	{ "pivot after backing", "nike.obligation=pivot nike.speed=-1",
	    A "SHIP nike SPEED 4 MOVE L F F F F\n",
	    "SHIP nike SPEED 4 MOVE L F F F F\n", 0, { { 0, NULL } } },
	{ "pivot: no turning circle", "nike.crew=average nike.obligation=pivot",
	    A "SHIP nike SPEED 2 MOVE R F F\n",
	    "SHIP nike SPEED 2 MOVE R F F\n", 0, { { 0, NULL } } },
	{ "pivot: one turn, first", "nike.obligation=pivot",
	    A "SHIP nike SPEED 3 MOVE L F R F F\n", NULL, 0,
	    ERR(2, "may turn once, before its first F, and then go straight") },
	{ "pivot: two turns", "nike.obligation=pivot",
	    A "SHIP nike SPEED 2 MOVE L L F F\n", NULL, 0,
	    ERR(2, "legal: at most one L or R, before the first F") },
	{ "pivot: acceleration from 0", "nike.obligation=pivot nike.speed=-1",
	    A "SHIP nike SPEED 5\n", NULL, 0,
	    ERR(2, "an elite trireme may change speed by at most 4 from 0 as it "
	    "gets under way after backing from a ram; legal: SPEED 0-4, with "
	    "at most one L or R, before the first F") },
	{ "pivot: no backing", "nike.obligation=pivot", A "SHIP nike MOVE B\n",
	    NULL, 0, ERR(2, "nike backed away from a ram last turn") },
	{ "grappled holds", "nike.grappled=azes", A "SHIP nike SPEED 0\n",
	    "SHIP nike SPEED 0\n", 0, { { 0, NULL } } },
	{ "grappled cannot move", "nike.grappled=azes", A "SHIP nike SPEED 1\n",
	    NULL, 0, ERR(2, "nike is grappled to azes and cannot move; legal: "
	    "SPEED 0") },

	/* Fire. */
	{ "fire: default count", NULL, A "SHIP nike FIRE BOW AT azes\n",
	    "SHIP nike FIRE 1 BOW AT azes\n", 0, { { 0, NULL } } },
	{ "fire: phase, any case", NULL, A "ship nike fire 1 bows at AZES phase 4\n",
	    "SHIP nike FIRE 1 BOW AT azes PHASE 4\n", 0, { { 0, NULL } } },
	{ "fire: ALL", "nike.catapults=2", A "SHIP nike FIRE ALL AT tyre\n",
	    "SHIP nike FIRE 1 BOW AT tyre\nSHIP nike FIRE 2 CATAPULT AT tyre\n",
	    0, { { 0, NULL } } },
	{ "fire: split", "nike.bows=3",
	    A "SHIP nike FIRE 1 BOW AT azes\nSHIP nike FIRE BOWS AT tyre\n",
	    "SHIP nike FIRE 1 BOW AT azes\nSHIP nike FIRE 2 BOW AT tyre\n", 0,
	    { { 0, NULL } } },
	{ "fire: a weapon beats ALL", "nike.catapults=1",
	    A "SHIP nike FIRE ALL AT azes\nSHIP nike FIRE BOW AT tyre\n",
	    "SHIP nike FIRE 1 CATAPULT AT azes\nSHIP nike FIRE 1 BOW AT tyre\n",
	    0, { { 0, NULL } } },
	{ "fire: stone throwers", "nike.stones=2",
	    A "SHIP nike FIRE 2 STONE AT sidon PHASE 6\n",
	    "SHIP nike FIRE 2 STONE AT sidon PHASE 6\n", 0, { { 0, NULL } } },
	{ "fire: more than aboard", NULL, A "SHIP nike FIRE 2 BOW AT azes\n",
	    NULL, 0, ERR(2, "its FIRE orders name 2 bows, more than it has; "
	    "weapons aboard nike: 1 bow") },
	{ "fire: more than aboard in all", NULL,
	    A "SHIP nike FIRE 1 BOW AT azes\nSHIP nike FIRE 1 BOW AT tyre\n",
	    NULL, 0, ERR(3, "SHIP nike FIRE 1 BOW AT tyre: its FIRE orders "
	    "name 2 bows") },
	{ "fire: weapon not aboard", NULL, A "SHIP nike FIRE CATAPULT AT azes\n",
	    NULL, 0, ERR(2, "nike has no catapults; weapons aboard nike: 1 bow") },
	{ "fire: the rest twice", "nike.bows=2",
	    A "SHIP nike FIRE BOW AT azes\nSHIP nike FIRE BOW AT tyre\n", NULL, 0,
	    ERR(3, "the bows not otherwise ordered were given to line 2") },
	{ "fire: nothing left", NULL,
	    A "SHIP nike FIRE 1 BOW AT azes\nSHIP nike FIRE BOW AT tyre\n", NULL,
	    0, ERR(3, "every bow of nike is ordered already") },
	{ "fire: ALL without weapons", "nike.bows=0",
	    A "SHIP nike FIRE ALL AT azes\n", NULL, 0,
	    ERR(2, "nike has no weapons; weapons aboard nike: none") },
	{ "fire: own ship", NULL, A "SHIP nike FIRE BOW AT paralos\n", NULL, 0,
	    ERR(2, "paralos sails for athens, the side of nike; enemy ships: "
	    "azes, sidon, tyre") },
	{ "fire: no such target", NULL, A "SHIP nike FIRE BOW AT xerxes\n",
	    NULL, 0, ERR(2, "there is no ship xerxes; enemy ships: azes, sidon, "
	    "tyre") },
	{ "fire: sunk target", "azes.status=sunk", A "SHIP nike FIRE BOW AT azes\n",
	    NULL, 0, ERR(2, "azes has sunk; enemy ships: sidon, tyre") },
	{ "fire: phase out of range", NULL,
	    A "SHIP nike FIRE BOW AT azes PHASE 7\n", NULL, 0,
	    ERR(2, "PHASE and a phase 1-6") },
	{ "fire: no such weapon", NULL, A "SHIP nike FIRE ARROWS AT azes\n",
	    NULL, 0, ERR(2, "no such weapon; legal: FIRE [n] BOW|CATAPULT|STONE|"
	    "ALL AT ship [PHASE p]") },
	{ "fire: AT missing", NULL, A "SHIP nike FIRE BOW azes\n", NULL, 0,
	    ERR(2, "AT and a target must follow the weapon") },
	{ "fire: ALL with a number", NULL, A "SHIP nike FIRE 2 ALL AT azes\n",
	    NULL, 0, ERR(2, "ALL takes no number") },
	{ "fire: zero", NULL, A "SHIP nike FIRE 0 BOW AT azes\n", NULL, 0,
	    ERR(2, "0 is not a number of weapons") },

	/* Board, repulse, rake. */
	{ "board", NULL, A "SHIP nike BOARD Azes\n", "SHIP nike BOARD azes\n",
	    0, { { 0, NULL } } },
	{ "board: later replaces", NULL,
	    A "SHIP nike BOARD azes\nSHIP nike BOARD sidon\n",
	    "SHIP nike BOARD sidon\n", 0, { { 0, NULL } } },
	{ "board: own ship", NULL, A "SHIP nike BOARD paralos\n", NULL, 0,
	    ERR(2, "paralos sails for athens") },
	{ "board: not the raker", "nike.raked_by=azes",
	    A "SHIP nike BOARD azes\n", NULL, 0,
	    ERR(2, "azes raked nike, and a raked ship cannot board the ship "
	    "that raked it") },
	{ "board: one target", NULL, A "SHIP nike BOARD azes now\n", NULL, 0,
	    ERR(2, "BOARD takes one ship") },
	{ "repulse", NULL, A "SHIP nike REPULSE counter\n",
	    "SHIP nike REPULSE COUNTER\n", 0, { { 0, NULL } } },
	{ "repulse: later replaces", NULL,
	    A "SHIP nike REPULSE COUNTER\nSHIP nike REPULSE CUT\n",
	    "SHIP nike REPULSE CUT\n", 0, { { 0, NULL } } },
	{ "repulse: bad", NULL, A "SHIP nike REPULSE FLEE\n", NULL, 0,
	    ERR(2, "legal: REPULSE CUT or REPULSE COUNTER") },
	{ "rake", NULL, A "SHIP nike RAKE\n", "SHIP nike RAKE\n", 0,
	    { { 0, NULL } } },
	{ "rake starboard", NULL, A "SHIP nike rake starboard\n",
	    "SHIP nike RAKE STARBOARD\n", 0, { { 0, NULL } } },
	{ "rake: later replaces", NULL,
	    A "SHIP nike RAKE PORT\nSHIP nike RAKE NONE\n",
	    "SHIP nike RAKE NONE\n", 0, { { 0, NULL } } },
	{ "rake: bad", NULL, A "SHIP nike RAKE LEFT\n", NULL, 0,
	    ERR(2, "legal: RAKE, RAKE PORT, RAKE STARBOARD or RAKE NONE") },
	{ "every verb, normalised order", "nike.catapults=1",
	    A "ship nike rake port\nship nike board tyre\nship nike repulse cut\n"
	    "ship nike fire all at tyre phase 2\nship nike speed 2\n",
	    "SHIP nike SPEED 2 MOVE F F\nSHIP nike FIRE 1 BOW AT tyre PHASE 2\n"
	    "SHIP nike FIRE 1 CATAPULT AT tyre PHASE 2\nSHIP nike BOARD tyre\n"
	    "SHIP nike REPULSE CUT\nSHIP nike RAKE PORT\n", 0, { { 0, NULL } } },

	/* The ship line and the header. */
	{ "no such ship", NULL, A "SHIP nikee SPEED 1\n", NULL, 0,
	    ERR(2, "SHIP nikee SPEED 1: there is no ship nikee; your ships: "
	    "nike, paralos, salaminia") },
	{ "another side's ship", NULL, A "SHIP azes SPEED 1\n", NULL, 0,
	    ERR(2, "azes sails for persia, not athens; your ships: nike, "
	    "paralos, salaminia") },
	{ "sunk ship", "paralos.status=sunk", A "SHIP paralos SPEED 1\n", NULL,
	    0, ERR(2, "paralos has sunk and can take no orders; your ships: "
	    "nike, salaminia") },
	{ "ship off the map", "paralos.status=exited", A "SHIP paralos SPEED 1\n",
	    NULL, 0, ERR(2, "paralos has left the battle") },
	{ "unknown verb", NULL, A "SHIP nike ROW 3\n", NULL, 0,
	    ERR(2, "ROW is no order for a ship; legal: SPEED, MOVE, FIRE, "
	    "BOARD, REPULSE or RAKE") },
	{ "no verb", NULL, A "SHIP nike\n", NULL, 0,
	    ERR(2, "no order for the ship") },
	{ "verb without SHIP", NULL, A "SPEED 4\n", NULL, 0,
	    ERR(2, "a ship's order starts with SHIP and the ship's id; legal: "
	    "e.g. SHIP nike SPEED 4") },
	{ "not an order", NULL, A "Hello there\n", NULL, 0,
	    ERR(2, "Hello is not an order") },
	{ "no side, said once", NULL, "SHIP nike SPEED 1\nSHIP paralos SPEED 1\n",
	    NULL, 0, ERR(1, "no SIDE line says whose orders these are; legal: "
	    "SIDE athens or SIDE persia") },
	{ "side after the ships", NULL, "SHIP nike SPEED 1\nside Athens\n",
	    "SHIP nike SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "no such side", NULL, "SIDE sparta\n", NULL, 0,
	    ERR(1, "there is no side sparta in this game; legal: SIDE athens "
	    "or SIDE persia") },
	{ "two sides", NULL, "SIDE athens\nSIDE persia\n", NULL, 0,
	    ERR(2, "SIDE persia: this file already said SIDE athens") },
	{ "player who is a side", NULL, "PLAYER athens\nSHIP nike SPEED 1\n",
	    "SHIP nike SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "player for the store", NULL,
	    "PLAYER pericles\nSHIP nike SPEED 1\nSHIP azes SPEED 1\n",
	    "SHIP azes SPEED 1 MOVE F\nSHIP nike SPEED 1 MOVE F\n", 0,
	    { { 0, NULL } } },
	{ "turn", NULL, "GAME salamis\nTURN 1\n" A "SHIP nike SPEED 1\n",
	    "SHIP nike SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "turn mismatch", NULL, A "TURN 2\n", NULL, 0,
	    ERR(2, "TURN 2: the next turn to be played is turn 1; legal: "
	    "TURN 1") },
	{ "turn not a number", NULL, A "TURN two\n", NULL, 0,
	    ERR(2, "two is not a turn number; legal: TURN 1") },
	{ "game without id", NULL, A "GAME\n", NULL, 0,
	    ERR(2, "GAME: a word is missing; legal: GAME id") },
	{ "password not echoed", NULL,
	    A "PASSWORD s3cret word\nSHIP nike SPEED 1\n",
	    "SHIP nike SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "password twice", NULL, A "PASSWORD s3cret\nPASSWORD other\n", NULL,
	    0, ERR(3, "PASSWORD: a second, different password") },
	{ "password missing", NULL, A "PASSWORD\n", NULL, 0,
	    ERR(2, "PASSWORD: no password given") },

	/* Mail clutter. */
	{ "comments and blank lines", NULL,
	    "# my orders\n\n" A "   \nSHIP nike SPEED 2 # full ahead\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "END", NULL, A "SHIP nike SPEED 2\nend\nThanks, see you\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "signature", NULL,
	    A "SHIP nike SPEED 2\n-- \nPericles\nSHIP nike SPEED 9\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "quoted lines", NULL,
	    A "> SHIP nike SPEED 5\nSHIP nike SPEED 1\n>> SHIP paralos MOVE X\n",
	    "SHIP nike SPEED 1 MOVE F\n", 0, { { 0, NULL } } },
	{ "only quoted orders", NULL,
	    "# thanks\n" A "> SHIP nike SPEED 2\n> ship paralos speed 1\n", "", 1,
	    { { 0, NULL } } },
	{ "quoted prose is not orders", NULL, A "> Hello\n", "", 0,
	    { { 0, NULL } } },
	{ "CRLF, spaces and tabs", NULL,
	    "SIDE athens\r\n  \tSHIP   nike\tSPEED 2  \r\n\r\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },
	{ "byte-order mark", NULL, "\xef\xbb\xbf" A "SHIP nike SPEED 2\n",
	    "SHIP nike SPEED 2 MOVE F F\n", 0, { { 0, NULL } } },

	/* Every error of a file at once. */
	{ "many errors", "nike.crew=average",
	    A "SHIP nike SPEED 9\nSHIP azes SPEED 1\nFOO\n"
	    "SHIP paralos FIRE BOW AT nike\nTURN 3\nSHIP salaminia SPEED 2\n",
	    NULL, 0, { { 2, "the maximum speed of a trireme is 5" },
	    { 3, "azes sails for persia" }, { 4, "FOO is not an order" },
	    { 5, "nike sails for athens, the side of paralos" },
	    { 6, "TURN 3: the next turn to be played is turn 1" } } },
};

static size_t
nexpected(const struct row *r)
{
	size_t	n = 0;

	while (n < 6 && r->err[n].msg != NULL)
		n++;
	return n;
}

/* Every expected error is found, and there are no others. */
static void
check_errors(const struct row *r, const struct diag *d)
{
	struct buf	 all = BUF_INIT;
	size_t		 i, j, n = nexpected(r);
	unsigned char	 used[16] = { 0 };

	diag_format(d, &all);
	if (d->errors != n)
		fail_msg("%s: %zu errors, expected %zu:\n%s", r->name,
		    d->errors, n, buf_str(&all));
	for (i = 0; i < n; i++) {
		for (j = 0; j < d->n; j++)
			if (!used[j] && d->v[j].line == r->err[i].line &&
			    strcmp(d->v[j].file, "orders.txt") == 0 &&
			    strstr(d->v[j].msg, r->err[i].msg) != NULL)
				break;
		if (j == d->n)
			fail_msg("%s: no error at line %u with \"%s\"; got:\n%s",
			    r->name, r->err[i].line, r->err[i].msg,
			    buf_str(&all));
		used[j] = 1;
	}
	buf_free(&all);
}

/* The normalised output reads back as the same orders. */
static void
check_roundtrip(struct fixture *fx, const struct row *r)
{
	struct nv_orders	*o = orders_new(fx->st);
	struct diag		 d = DIAG_INIT;
	struct buf		 in = BUF_INIT, out = BUF_INIT;
	int			 side = fx->o->files[0].side_index;

	if (side < 0)
		side = 0;
	buf_printf(&in, "SIDE %s\n%s", fx->st->sides[side].id,
	    buf_str(&fx->out));
	if (fx->o->files[0].side_index < 0)
		buf_reset(&in), buf_printf(&in, "PLAYER x\n%s",
		    buf_str(&fx->out));
	assert_int_equal(orders_parse(o, "again", in.p, in.len, &d), 0);
	assert_int_equal(orders_validate(o, &d), 0);
	orders_format(o, &out);
	if (strcmp(buf_str(&out), buf_str(&fx->out)) != 0)
		fail_msg("%s: output reads back as\n%s", r->name, buf_str(&out));
	assert_int_equal(d.errors, 0);
	buf_free(&in);
	buf_free(&out);
	diag_free(&d);
	orders_free(o);
}

static void
test_rows(void **state)
{
	size_t		 i;
	struct fixture	*fx;
	const struct row *r;
	int		 rc;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		r = &rows[i];
		assert_int_equal(fx_setup((void **)&fx), 0);
		setup(fx->st, r->setup);
		rc = run(fx, "orders.txt", r->text);
		check_errors(r, &fx->d);
		assert_int_equal(fx->o->files[0].quoted_only, r->quoted_only);
		/* The password is never echoed. */
		assert_null(strstr(buf_str(&fx->out), "s3cret"));
		if (r->out != NULL) {
			assert_int_equal(rc, 0);
			if (strcmp(buf_str(&fx->out), r->out) != 0)
				fail_msg("%s: output\n%s\nexpected\n%s", r->name,
				    buf_str(&fx->out), r->out);
			check_roundtrip(fx, r);
		}
		(void)fx_teardown((void **)&fx);
	}
}

/* --- the rest -------------------------------------------------------------- */

static void
test_header(void **state)
{
	struct fixture		*fx = *state;
	const struct nv_orders_header *h;
	static const char text[] = "game Salamis\nPLAYER pericles\nside athens\n"
	    "password  open sesame \nturn 1\nSHIP nike SPEED 1\n"
	    "SHIP nike RAKE\n";

	assert_int_equal(run(fx, "mail", text), 0);
	assert_int_equal(fx->d.errors, 0);
	assert_int_equal(fx->o->nfiles, 1);
	h = &fx->o->files[0];
	assert_string_equal(h->file, "mail");
	assert_string_equal(h->game, "Salamis");
	assert_string_equal(h->player, "pericles");
	assert_string_equal(h->side, "athens");
	assert_string_equal(h->password, "open sesame");
	assert_int_equal(h->turn, 1);
	assert_int_equal(h->side_index, 0);
	assert_int_equal(h->ship_lines, 2);
	assert_int_equal(h->quoted_only, 0);
	assert_null(strstr(buf_str(&fx->out), "sesame"));
}

static void
test_no_header(void **state)
{
	struct fixture		*fx = *state;
	const struct nv_orders_header *h;

	assert_int_equal(run(fx, "empty", "# nothing\n"), 0);
	h = &fx->o->files[0];
	assert_null(h->game);
	assert_null(h->side);
	assert_null(h->player);
	assert_null(h->password);
	assert_int_equal(h->turn, -1);
	assert_int_equal(h->side_index, -1);
	assert_int_equal(h->ship_lines, 0);
	assert_string_equal(buf_str(&fx->out), "");
}

/* Both sides' files make one set of orders, printed in ship id order. */
static void
test_two_files(void **state)
{
	struct fixture	*fx = *state;
	static const char a[] = "SIDE athens\nSHIP nike SPEED 2\n";
	static const char p[] = "SIDE persia\nSHIP tyre SPEED 1\n"
	    "SHIP azes SPEED 7\n";

	assert_int_equal(orders_parse(fx->o, "athens.txt", a, sizeof a - 1,
	    &fx->d), 0);
	assert_int_equal(orders_parse(fx->o, "persia.txt", p, sizeof p - 1,
	    &fx->d), 0);
	assert_int_equal(orders_validate(fx->o, &fx->d), -1);
	assert_int_equal(fx->d.errors, 1);
	assert_string_equal(fx->d.v[0].file, "persia.txt");
	assert_int_equal(fx->d.v[0].line, 3);
	orders_format(fx->o, &fx->out);
	assert_string_equal(buf_str(&fx->out), "SHIP azes SPEED 7 MOVE F F F F "
	    "F F F\nSHIP nike SPEED 2 MOVE F F\nSHIP tyre SPEED 1 MOVE F\n");
	assert_int_equal(fx->o->nfiles, 2);
	assert_int_equal(fx->o->files[1].side_index, 1);
}

/* The store names the ships a PLAYER may order. */
static void
test_may_order(void **state)
{
	struct fixture		*fx = *state;
	static const unsigned char may[NSHIPS] = { 0, 1, 0, 0, 0, 0 };

	fx->o->may_order = may;
	assert_int_equal(run(fx, "mail", "PLAYER demos\nSHIP nike SPEED 1\n"
	    "SHIP paralos SPEED 1\n"), -1);
	assert_int_equal(fx->d.errors, 1);
	assert_int_equal(fx->d.v[0].line, 3);
	assert_non_null(strstr(fx->d.v[0].msg, "paralos is not yours to "
	    "order"));
	assert_string_equal(buf_str(&fx->out), "SHIP nike SPEED 1 MOVE F\n");
}

/* After validation the turn sees plots and resolved fire (classic.h). */
static void
test_resolved(void **state)
{
	struct fixture		*fx = *state;
	const struct classic_orders *co = fx->o->rs;
	const struct classic_ship_orders *so;
	int			 nike = state_ship_index(fx->st, "nike");

	fx->st->ships[nike].attr[CL_A_CATAPULTS].i = 2;
	assert_int_equal(run(fx, "o", "SIDE athens\nSHIP nike SPEED 3\n"
	    "SHIP nike FIRE 1 CATAPULT AT azes PHASE 2\n"
	    "SHIP nike FIRE ALL AT tyre\n"), 0);
	assert_int_equal(fx->d.errors, 0);
	so = &co->ships[nike];
	assert_true(so->has_speed && so->has_move);
	assert_int_equal(so->speed, 3);
	assert_int_equal(so->nsteps, 3);
	assert_int_equal(so->steps[2], NV_STEP_FORWARD);
	assert_int_equal(so->move_line, 2);
	assert_int_equal(so->nfire, 3);
	assert_int_equal(so->fire[0].weapon, CL_W_CATAPULT);
	assert_int_equal(so->fire[0].count, 1);
	assert_int_equal(so->fire[0].phase, 2);
	assert_int_equal(so->fire[1].weapon, CL_W_BOW);
	assert_int_equal(so->fire[1].count, 1);
	assert_int_equal(so->fire[1].target, state_ship_index(fx->st, "tyre"));
	assert_int_equal(so->fire[2].weapon, CL_W_CATAPULT);
	assert_int_equal(so->fire[2].count, 1);
	assert_int_equal(so->fire[2].line, 4);
	assert_string_equal(so->fire[2].text, "SHIP nike FIRE ALL AT tyre");
	assert_int_equal(co->ships[state_ship_index(fx->st, "azes")].board, -1);
}

static void
test_nul_byte(void **state)
{
	struct fixture	*fx = *state;
	static const char text[] = "SIDE athens\nSHIP nike\0 SPEED 1\n"
	    "SHIP paralos SPEED 1\n";

	assert_int_equal(orders_parse(fx->o, "bin", text, sizeof text - 1,
	    &fx->d), -1);
	assert_int_equal(fx->d.errors, 1);
	assert_int_equal(fx->d.v[0].line, 2);
	assert_non_null(strstr(fx->d.v[0].msg, "NUL byte"));
}

/* Errors come out in line order although SIDE is read first. */
static void
test_error_order(void **state)
{
	struct fixture	*fx = *state;

	assert_int_equal(run(fx, "o", "SHIP nike BOGUS\nSIDE sparta\n"
	    "SIDE athens\nSHIP nike ROW\n"), -1);
	assert_int_equal(fx->d.errors, 3);
	assert_int_equal(fx->d.v[0].line, 1);
	assert_int_equal(fx->d.v[1].line, 2);
	assert_int_equal(fx->d.v[2].line, 4);
}

/* The example order files of orders/demo are legal in the demo state. */
static void
test_demo_files(void **state)
{
	static const char *const files[] = {
		"orders/demo/turn1-athens.txt",
		"orders/demo/turn1-persia.txt",
	};
	struct fixture	*fx = *state;
	const char	*srcdir = getenv("srcdir");
	char		*path, *text, *cause;
	size_t		 i, len;
	struct buf	 b = BUF_INIT;

	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		path = xasprintf("%s/%s", srcdir != NULL ? srcdir : "..",
		    files[i]);
		if (file_read(path, 65536, &text, &len, &cause) != 0)
			fail_msg("%s", cause);
		(void)orders_parse(fx->o, path, text, len, &fx->d);
		free(text);
		free(path);
	}
	(void)orders_validate(fx->o, &fx->d);
	diag_format(&fx->d, &b);
	assert_string_equal(buf_str(&b), "");
	assert_int_equal(fx->d.errors, 0);
	orders_format(fx->o, &fx->out);
	/* Every ship of the scenario has an order. */
	for (i = 0; i < NSHIPS; i++) {
		buf_reset(&b);
		buf_printf(&b, "SHIP %s ", demo_ships[i].id);
		if (strstr(buf_str(&fx->out), buf_str(&b)) == NULL)
			fail_msg("no order for %s in\n%s", demo_ships[i].id,
			    buf_str(&fx->out));
	}
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test_setup_teardown(test_header, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_no_header, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_two_files, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_may_order, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_resolved, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_nul_byte, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_error_order, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_demo_files, fx_setup,
		    fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
