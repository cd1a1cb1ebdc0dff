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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "buf.h"
#include "classic/classic.h"
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
	test_ops.nverbs = CL_V_COUNT;
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
	cd->rake_cruise = -1;		/* classic.xml's <rake> */
	cd->rake_turn_circle = 1;
	cd->rake_keeps_max = 0;
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

#include "test_orders-rows.h"

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
	assert_int_equal(so->steps[2], CL_STEP_F);
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

/* HELP's examples (ruleset.h, nv_verb's example()): each verb's
 * variants for a ship of the demo state, the target the nearest enemy
 * (sidon for every Athenian ship), ending when a verb has no more; and
 * every variant the demo state allows is legal there as the validator
 * reads it, or says why not. */
static void
test_examples(void **state)
{
	static const struct {
		const char	*ship;
		const char	*verb;
		int		 k;
		const char	*want;	/* NULL: no such variant */
		int		 legal;
	} ex[] = {
		{ "nike", "SPEED", 0, "SPEED 1", 1 },
		{ "nike", "SPEED", 1, "SPEED 0", 1 },
		{ "nike", "SPEED", 2, "SPEED 1 MOVE F", 1 },
		{ "nike", "SPEED", 3, NULL, 0 },
		{ "nike", "MOVE", 0, "MOVE F L", 1 },
		{ "nike", "MOVE", 1, "MOVE F R F", 1 },
		{ "nike", "MOVE", 2, "MOVE F", 1 },
		{ "nike", "MOVE", 3, "MOVE B", 1 },
		{ "salaminia", "FIRE", 0, "FIRE 1 BOW AT sidon PHASE 3", 1 },
		{ "salaminia", "FIRE", 1, "FIRE ALL AT sidon", 1 },
		{ "nike", "BOARD", 0, "BOARD sidon", 1 },
		{ "nike", "BOARD", 1, NULL, 0 },
		{ "azes", "BOARD", 0, "BOARD paralos", 1 },
		{ "paralos", "REPULSE", 0, "REPULSE COUNTER", 1 },
		{ "paralos", "REPULSE", 1, "REPULSE CUT", 1 },
		{ "paralos", "REPULSE", 2, NULL, 0 },
		{ "salaminia", "RAKE", 0, "RAKE PORT", 1 },
		{ "salaminia", "RAKE", 2, "RAKE NONE", 1 },
		{ "salaminia", "RAKE", 3, NULL, 0 },
	};
	struct fixture		*fx = *state;
	const struct nv_ruleset_ops *ops = fx->st->rs->ops;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT, text = BUF_INIT;
	size_t			 i, v;
	int			 ship, rc;

	for (i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		ship = state_ship_index(fx->st, ex[i].ship);
		assert_true(ship >= 0);
		for (v = 0; v < ops->nverbs; v++)
			if (strcmp(ops->verbs[v].name, ex[i].verb) == 0)
				break;
		assert_true(v < ops->nverbs);
		assert_non_null(ops->verbs[v].usage);
		buf_reset(&b);
		rc = ops->verbs[v].example(fx->st, ship, ex[i].k, &b);
		if (ex[i].want == NULL) {
			assert_int_equal(rc, -1);
			continue;
		}
		assert_int_equal(rc, 0);
		assert_string_equal(buf_str(&b), ex[i].want);
		buf_reset(&text);
		buf_printf(&text, "SIDE %s\nSHIP %s %s\n", fx->st->sides[
		    fx->st->ships[ship].side].id, ex[i].ship, buf_str(&b));
		o = orders_new(fx->st);
		(void)orders_parse(o, "help", buf_str(&text), text.len, &d);
		(void)orders_validate(o, &d);
		if ((d.errors == 0) != ex[i].legal)
			fail_msg("row %zu: %s legal %d, errors %zu", i,
			    buf_str(&text), ex[i].legal, d.errors);
		orders_free(o);
		diag_clear(&d);
	}
	diag_free(&d);
	buf_free(&b);
	buf_free(&text);
}

/* More errors than a diag keeps: all counted once, the rest announced. */
static void
test_many_errors(void **state)
{
	struct fixture	*fx = *state;
	struct buf	 b = BUF_INIT, out = BUF_INIT;
	int		 i;

	buf_adds(&b, "SIDE athens\n");
	for (i = 0; i < 1500; i++)
		buf_printf(&b, "SHIP nosuch%d SPEED 1\n", i);
	assert_int_equal(orders_parse(fx->o, "o", b.p, b.len, &fx->d), -1);
	assert_int_equal(fx->d.errors, 1500);
	assert_int_equal(fx->d.n, 1000);
	diag_format(&fx->d, &out);
	assert_non_null(strstr(buf_str(&out), "\n(500 more errors not "
	    "shown)\n"));
	buf_free(&b);
	buf_free(&out);
}

/* Forty ships a side instead of the demo's: a00 ... a39 of athens in
 * column 1, p00 ... p39 of persia in column 9 (a trireme each). */
static int
fx_setup_fleet(void **state)
{
	struct fixture	*fx;
	struct nv_state	*st;
	size_t		 i, k;

	fx_setup(state);
	fx = *state;
	st = fx->st;
	orders_free(fx->o);
	for (i = 0; i < st->nships; i++) {
		for (k = 0; k < CL_A_COUNT; k++)
			free(st->ships[i].attr[k].s);
		free(st->ships[i].attr);
	}
	free(st->ships);
	st->nships = 80;
	st->ships = xcalloc(st->nships, sizeof *st->ships);
	for (i = 0; i < st->nships; i++) {
		struct nv_ship *s = &st->ships[i];

		(void)snprintf(s->id, sizeof s->id, "%c%02zu", i < 40 ? 'a' :
		    'p', i % 40);
		s->side = s->owner = i < 40 ? 0 : 1;
		s->cls = ruleset_class_index(fx->rs, "trireme");
		s->crew = st->sides[s->side].crew;
		s->hex = hex_from_cr(i < 40 ? 1 + (int)(i % 40) / 12 :
		    9 + (int)(i % 40) / 12, (int)(i % 40) % 12 + 1);
		s->status = NV_STATUS_AFLOAT;
		s->attr = xcalloc(CL_A_COUNT, sizeof *s->attr);
		for (k = 0; k < CL_A_COUNT; k++)
			if (attr_defs[k].kind != NV_ATTR_INT)
				s->attr[k].s = xstrdup("");
		s->attr[CL_A_HULL].i = 6;
	}
	fx->o = orders_new(st);
	return 0;
}

/* The ship lists in error messages stop at ORDERS_LIST_MAX ids. */
static void
test_long_lists(void **state)
{
	struct fixture	*fx = *state;
	struct buf	 want = BUF_INIT;
	int		 i;

	(void)run(fx, "o", "SIDE athens\nSHIP zz SPEED 1\n"
	    "SHIP a01 BOARD zz\nSHIP a02 BOARD a03\n");
	assert_int_equal(fx->d.errors, 3);
	buf_adds(&want, "SHIP zz SPEED 1: there is no ship zz; your ships: ");
	for (i = 0; i < ORDERS_LIST_MAX; i++)
		buf_printf(&want, "%sa%02d", i > 0 ? ", " : "", i);
	buf_adds(&want, " and 10 more");
	assert_string_equal(fx->d.v[0].msg, buf_str(&want));
	assert_non_null(strstr(fx->d.v[1].msg, "there is no ship zz; enemy "
	    "ships: p00, p01, "));
	assert_non_null(strstr(fx->d.v[1].msg, ", p29 and 10 more"));
	/* The same list, made once, for the next error too. */
	assert_non_null(strstr(fx->d.v[2].msg, "a03 sails for athens, the "
	    "side of a02; enemy ships: p00, p01, "));
	assert_non_null(strstr(fx->d.v[2].msg, ", p29 and 10 more"));
	buf_free(&want);
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
		cmocka_unit_test_setup_teardown(test_examples, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_demo_files, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_many_errors, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_long_lists,
		    fx_setup_fleet, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
