/* test_classic_fire.c: the parts of missile fire that stand alone (line of
 * sight, the weapon table as loaded from data/rulesets/classic.xml, the
 * kill order).  Whole turns of fire are in tests/cases/150-199.
 *
 * The data directory comes from NAVARCH_DATADIR (set by the Makefile's
 * AM_TESTS_ENVIRONMENT; by hand: export NAVARCH_DATADIR=$PWD/../data). */
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
#include "diag.h"
#include "fileio.h"
#include "hex.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define MAXLAND 6

static struct nv_hex
hx(const char *name)
{
	struct nv_hex	h;

	if (hex_parse(name, 2, &h) != 0)
		fail_msg("bad hex name %s in a test table", name);
	return h;
}

/* ---- line of sight ----------------------------------------------------- */

struct sight_row {
	const char	*name;
	const char	*from, *to;
	const char	*land[MAXLAND];
	int		 clear;
	const char	*block[2];	/* the blocking hex(es), any order */
};

static const struct sight_row sight_rows[] = {
	{ "open sea", "0505", "0905", { NULL }, 1, { NULL } },
	{ "adjacent: nothing between", "0505", "0506",
	    { "0504", "0604", "0605", NULL }, 1, { NULL } },
	{ "land straight between", "0505", "0502", { "0503", NULL }, 0,
	    { "0503", NULL } },
	{ "land beside the line", "0505", "0502", { "0604", "0404", NULL }, 1,
	    { NULL } },
	{ "land at the firer's end", "0505", "0502", { "0505", NULL }, 1,
	    { NULL } },
	{ "land at the target's end", "0505", "0502", { "0502", NULL }, 1,
	    { NULL } },
	{ "hexside, one side land (0605)", "0505", "0705", { "0605", NULL },
	    1, { NULL } },
	{ "hexside, one side land (0604)", "0505", "0705", { "0604", NULL },
	    1, { NULL } },
	{ "hexside, both sides land", "0505", "0705", { "0604", "0605", NULL },
	    0, { "0604", "0605" } },
	{ "two hexsides, one land each", "0505", "0905",
	    { "0604", "0805", NULL }, 1, { NULL } },
	{ "two hexsides, the second both land", "0505", "0905",
	    { "0604", "0804", "0805", NULL }, 0, { "0804", "0805" } },
	{ "hex on a hexside line", "0505", "0905", { "0705", NULL }, 0,
	    { "0705", NULL } },
	{ "diagonal hexside, one land", "0505", "0603", { "0504", NULL }, 1,
	    { NULL } },
	{ "diagonal hexside, both land", "0505", "0603",
	    { "0504", "0604", NULL }, 0, { "0504", "0604" } },
	{ "hexside along the top edge: off the map is not land", "0101",
	    "0301", { "0201", NULL }, 1, { NULL } },
	{ "long line, land far along", "0101", "0110", { "0109", NULL }, 0,
	    { "0109", NULL } },
};

static struct nv_state *
sight_state(const char *const *land)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	int		 i, col, row;

	st->columns = st->rows = 12;
	st->land = xcalloc(144, 1);
	for (i = 0; i < MAXLAND && land[i] != NULL; i++) {
		hex_to_cr(hx(land[i]), &col, &row);
		st->land[(row - 1) * 12 + col - 1] = 1;
	}
	return st;
}

static int
in_block(const struct nv_hex *block, int n, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (hex_eq(block[i], hx(name)))
			return 1;
	return 0;
}

static void
check_sight(const struct sight_row *r, const char *from, const char *to)
{
	struct nv_state	*st = sight_state(r->land);
	struct nv_hex	 block[3];
	int		 nblock = -1, clear, want = 0, i;

	clear = classic_fire_sight(st, hx(from), hx(to), block, &nblock);
	if (clear != r->clear)
		fail_msg("%s (%s to %s): sight %s, want %s", r->name, from, to,
		    clear ? "clear" : "blocked", r->clear ? "clear" :
		    "blocked");
	for (i = 0; i < 2 && r->block[i] != NULL; i++) {
		want++;
		if (!in_block(block, nblock, r->block[i]))
			fail_msg("%s: %s is not named as blocking", r->name,
			    r->block[i]);
	}
	assert_int_equal(nblock, want);
	free(st->land);
	free(st);
}

static void
test_sight(void **state)
{
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof sight_rows / sizeof sight_rows[0]; i++) {
		/* Sight is the same both ways. */
		check_sight(&sight_rows[i], sight_rows[i].from,
		    sight_rows[i].to);
		check_sight(&sight_rows[i], sight_rows[i].to,
		    sight_rows[i].from);
	}
}

/* ---- the weapon table -------------------------------------------------- */

static char *
read_data(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *buf = NULL, *cause = NULL;

	path = xasprintf("%s/%s", dir != NULL ? dir : "../data", rel);
	if (file_read(path, NV_XML_MAX, &buf, len, &cause) != 0)
		fail_msg("%s (set NAVARCH_DATADIR)", cause);
	free(path);
	return buf;
}

static struct nv_ruleset *
load_classic(void)
{
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	struct nv_ruleset	*rs;
	char			*xml, *rng;
	size_t			 xmllen, rnglen;

	xml = read_data("rulesets/classic.xml", &xmllen);
	rng = read_data("schema/ruleset-classic.rng", &rnglen);
	rs = ruleset_load("classic.xml", xml, xmllen, rng, rnglen, &d);
	diag_format(&d, &b);
	if (rs == NULL)
		fail_msg("classic.xml does not load:\n%s", buf_str(&b));
	buf_free(&b);
	diag_free(&d);
	free(xml);
	free(rng);
	return rs;
}

/* classic.md's table, written out independently of the data: the kills
 * and hull damage of one die for a weapon at a range. */
static void
table_says(int w, int range, int roll, int *kills, int *damage)
{
	*kills = *damage = 0;
	switch (w) {
	case CL_W_BOW:
		if ((range == 1 && roll >= 5) ||
		    (range >= 2 && range <= 4 && roll == 6))
			*kills = 1;
		break;
	case CL_W_CATAPULT:
		if ((range >= 1 && range <= 3 && roll >= 5) ||
		    (range >= 4 && range <= 10 && roll == 6))
			*kills = 1;
		break;
	default:
		if (range >= 1 && range <= 3 && roll == 6) {
			*damage = 2;
			*kills = 1;
		} else if (range >= 1 && range <= 3 && roll == 5)
			*damage = 1;
		else if (range >= 4 && range <= 10 && roll == 6)
			*damage = 1;
		break;
	}
}

static void
test_shot_table(void **state)
{
	struct nv_ruleset		*rs = load_classic();
	const struct classic_data	*cd = classic_data(rs);
	const struct classic_shot	*sh;
	int				 w, range, roll, k, d;

	(void)state;
	assert_int_equal(cd->max_range[CL_W_BOW], 4);
	assert_int_equal(cd->max_range[CL_W_CATAPULT], 10);
	assert_int_equal(cd->max_range[CL_W_STONE], 10);
	for (w = 0; w < CL_W_COUNT; w++)
		for (range = 0; range <= 12; range++)
			for (roll = 1; roll <= 6; roll++) {
				table_says(w, range, roll, &k, &d);
				sh = classic_fire_shot(cd, w, range, roll);
				if ((sh != NULL ? sh->kills : 0) != k ||
				    (sh != NULL ? sh->damage : 0) != d)
					fail_msg("%s at range %d, roll %d: "
					    "%d kills %d damage, want %d %d",
					    classic_weapon_id(w), range, roll,
					    sh != NULL ? sh->kills : 0,
					    sh != NULL ? sh->damage : 0, k, d);
			}
	ruleset_free(rs);
}

/* The first line a roll reaches wins, in the order the data lists them,
 * and max-range cuts every line off. */
static void
test_shot_first_line(void **state)
{
	struct classic_shot	shots[] = {
		{ CL_W_STONE, 1, 3, 6, 1, 2 },
		{ CL_W_STONE, 1, 3, 4, 0, 1 },
		{ CL_W_STONE, 2, 5, 1, 9, 9 },
	};
	struct classic_data	cd;
	static const struct { int range, roll, kills, damage, miss; } rows[] = {
		{ 1, 6, 1, 2, 0 }, { 1, 5, 0, 1, 0 }, { 1, 4, 0, 1, 0 },
		{ 1, 3, 0, 0, 1 }, { 2, 3, 9, 9, 0 }, { 3, 6, 1, 2, 0 },
		{ 4, 1, 9, 9, 0 }, { 5, 6, 0, 0, 1 }, { 0, 6, 0, 0, 1 },
	};
	const struct classic_shot *sh;
	size_t			i;

	(void)state;
	memset(&cd, 0, sizeof cd);
	cd.shots = shots;
	cd.nshots = 3;
	cd.max_range[CL_W_STONE] = 4;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		sh = classic_fire_shot(&cd, CL_W_STONE, rows[i].range,
		    rows[i].roll);
		if (rows[i].miss) {
			if (sh != NULL)
				fail_msg("row %zu: a hit, want a miss", i);
			continue;
		}
		if (sh == NULL)
			fail_msg("row %zu: a miss, want a hit", i);
		assert_int_equal(sh->kills, rows[i].kills);
		assert_int_equal(sh->damage, rows[i].damage);
	}
	assert_null(classic_fire_shot(&cd, CL_W_BOW, 1, 6));
}

/* ---- the kill order ------------------------------------------------------ */

/* bows, catapults, stone throwers, light, medium, heavy marines */
#define NL (CL_W_COUNT + CL_M_COUNT)

struct kill_row {
	const char	*name;
	int		 aboard[NL];
	int		 kills;
	int		 after[NL];
	int		 left;		/* kills that found no one */
};

static const struct kill_row kill_rows[] = {
	{ "no kills", { 2, 1, 1, 1, 1, 1 }, 0, { 2, 1, 1, 1, 1, 1 }, 0 },
	{ "a bow first", { 2, 1, 1, 1, 1, 1 }, 1, { 1, 1, 1, 1, 1, 1 }, 0 },
	{ "bows, then a catapult", { 2, 1, 1, 1, 1, 1 }, 3,
	    { 0, 0, 1, 1, 1, 1 }, 0 },
	{ "catapults before stone throwers", { 1, 2, 2, 0, 0, 0 }, 2,
	    { 0, 1, 2, 0, 0, 0 }, 0 },
	{ "stone throwers before marines", { 0, 0, 2, 1, 0, 0 }, 2,
	    { 0, 0, 0, 1, 0, 0 }, 0 },
	{ "artillery, then light marines", { 2, 1, 1, 1, 1, 1 }, 5,
	    { 0, 0, 0, 0, 1, 1 }, 0 },
	{ "light, then medium, then heavy", { 0, 0, 0, 2, 2, 2 }, 3,
	    { 0, 0, 0, 0, 1, 2 }, 0 },
	{ "medium before heavy", { 0, 0, 0, 0, 2, 3 }, 3,
	    { 0, 0, 0, 0, 0, 2 }, 0 },
	{ "everyone, exactly", { 2, 1, 1, 1, 1, 1 }, 7,
	    { 0, 0, 0, 0, 0, 0 }, 0 },
	{ "more kills than crew", { 2, 1, 1, 1, 1, 1 }, 9,
	    { 0, 0, 0, 0, 0, 0 }, 2 },
	{ "no one aboard", { 0, 0, 0, 0, 0, 0 }, 2, { 0, 0, 0, 0, 0, 0 },
	    2 },
	{ "heavy marines only", { 0, 0, 0, 0, 0, 5 }, 2,
	    { 0, 0, 0, 0, 0, 3 }, 0 },
};

static const int kill_attr[NL] = {
	CL_A_BOWS, CL_A_CATAPULTS, CL_A_STONES,
	CL_A_M_LIGHT, CL_A_M_MEDIUM, CL_A_M_HEAVY,
};

static void
test_kill_order(void **state)
{
	const struct kill_row	*r;
	struct nv_ship		 s;
	int			 lost[NL], i, left, marines;
	size_t			 k;

	(void)state;
	for (k = 0; k < sizeof kill_rows / sizeof kill_rows[0]; k++) {
		r = &kill_rows[k];
		memset(&s, 0, sizeof s);
		s.attr = xcalloc(CL_A_COUNT, sizeof *s.attr);
		for (marines = 0, i = 0; i < NL; i++) {
			s.attr[kill_attr[i]].i = r->aboard[i];
			marines += i >= CL_W_COUNT ? r->aboard[i] : 0;
		}
		s.attr[CL_A_MARINES].i = marines;
		left = classic_fire_kills(&s, r->kills, lost);
		if (left != r->left)
			fail_msg("%s: %d kills left, want %d", r->name, left,
			    r->left);
		for (marines = 0, i = 0; i < NL; i++) {
			if (s.attr[kill_attr[i]].i != r->after[i] ||
			    lost[i] != r->aboard[i] - r->after[i])
				fail_msg("%s: column %d is %ld (lost %d), want "
				    "%d", r->name, i, s.attr[kill_attr[i]].i,
				    lost[i], r->after[i]);
			marines += i >= CL_W_COUNT ? r->after[i] : 0;
		}
		if (s.attr[CL_A_MARINES].i != marines)
			fail_msg("%s: marines %ld, want %d", r->name,
			    s.attr[CL_A_MARINES].i, marines);
		free(s.attr);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sight),
		cmocka_unit_test(test_shot_table),
		cmocka_unit_test(test_shot_first_line),
		cmocka_unit_test(test_kill_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
