/* test_ruleset.c: loading data/rulesets/classic.xml with its schema, the
 * numbers it holds, and broken ruleset documents.
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
#include "ruleset.h"
#include "xalloc.h"

struct fixture {
	char		*xml;
	size_t		 xmllen;
	char		*rng;
	size_t		 rnglen;
	struct nv_ruleset *rs;
};

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

static int
setup(void **state)
{
	struct fixture	*f = xcalloc(1, sizeof *f);
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;

	f->xml = read_data("rulesets/classic.xml", &f->xmllen);
	f->rng = read_data("schema/ruleset-classic.rng", &f->rnglen);
	f->rs = ruleset_load("classic.xml", f->xml, f->xmllen, f->rng,
	    f->rnglen, &d);
	diag_format(&d, &b);
	if (f->rs == NULL)
		fail_msg("classic.xml does not load:\n%s", buf_str(&b));
	assert_int_equal(d.n, 0);
	buf_free(&b);
	diag_free(&d);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture	*f = *state;

	ruleset_free(f->rs);
	free(f->xml);
	free(f->rng);
	free(f);
	return 0;
}

/* --- the numbers of classic.xml --------------------------------------------- */

static void
test_common(void **state)
{
	const struct nv_ruleset	*rs = ((struct fixture *)*state)->rs;

	assert_string_equal(rs->id, "classic");
	assert_string_equal(rs->ops->name, "classic");
	assert_ptr_equal(rs->ops, ruleset_ops_find("classic"));
	assert_null(ruleset_ops_find("no-such-ruleset"));
	assert_int_equal(rs->phases, 6);
	assert_int_equal(rs->max_speed, 6);
	assert_int_equal(rs->nclasses, 5);
	assert_int_equal(rs->ncrews, 3);
	assert_int_equal(rs->nnations, 3);
	assert_int_equal(ruleset_class_index(rs, "heptere"), 4);
	assert_int_equal(ruleset_class_index(rs, "galleon"), -1);
	assert_int_equal(ruleset_nation_index(rs, "asiatic"), 2);
	assert_int_equal(ruleset_crew_index(rs, "elite"), 2);
	assert_string_equal(rs->classes[3].name, "Quinquereme");
	assert_string_equal(rs->nations[0].name, "Roman");
	assert_int_equal(rs->ops->nship_attrs, CL_A_COUNT);
	assert_string_equal(rs->ops->ship_attrs[CL_A_STONES].name,
	    "stone-throwers");
	assert_int_equal(rs->ops->nverbs, CL_V_COUNT);
}

/* classic.md, "Movement schedule": the phases each speed moves in. */
static const struct {
	int	speed;
	int	moves[6];	/* phases 1..6 */
} schedule_cases[] = {
	{ 0, { 0, 0, 0, 0, 0, 0 } },
	{ 1, { 0, 0, 0, 0, 0, 1 } },
	{ 2, { 0, 0, 1, 0, 0, 1 } },
	{ 3, { 0, 1, 0, 1, 0, 1 } },
	{ 4, { 0, 1, 1, 0, 1, 1 } },
	{ 5, { 0, 1, 1, 1, 1, 1 } },
	{ 6, { 1, 1, 1, 1, 1, 1 } },
	{ 7, { 0, 0, 0, 0, 0, 0 } },	/* beyond the table */
	{ -1, { 0, 0, 0, 0, 0, 0 } },
};

static void
test_schedule(void **state)
{
	const struct nv_ruleset	*rs = ((struct fixture *)*state)->rs;
	size_t			 i;
	int			 p;

	for (i = 0; i < sizeof schedule_cases / sizeof schedule_cases[0];
	    i++) {
		for (p = 1; p <= 6; p++)
			assert_int_equal(ruleset_moves(rs,
			    schedule_cases[i].speed, p),
			    schedule_cases[i].moves[p - 1]);
		assert_int_equal(ruleset_moves(rs, schedule_cases[i].speed, 0),
		    0);
		assert_int_equal(ruleset_moves(rs, schedule_cases[i].speed, 7),
		    0);
	}
}

/* digest §9, the ship characteristic table. */
static const struct {
	const char	*id;
	int		 ram, hull, max, cruise, turn, accel, points;
} class_cases[] = {
	{ "bireme",	 -1,  4, 5, 3, 0, 3,  4 },
	{ "trireme",	  0,  6, 5, 3, 1, 3,  6 },
	{ "quadrireme",	  0,  7, 4, 3, 1, 3,  7 },
	{ "quinquereme",  1,  8, 3, 2, 2, 2,  8 },
	{ "heptere",	  2, 10, 3, 2, 3, 2, 10 },
};

static void
test_classes(void **state)
{
	const struct nv_ruleset		*rs = ((struct fixture *)*state)->rs;
	const struct classic_class	*c;
	size_t				 i;
	int				 k;

	for (i = 0; i < sizeof class_cases / sizeof class_cases[0]; i++) {
		k = ruleset_class_index(rs, class_cases[i].id);
		assert_true(k >= 0);
		c = &classic_data(rs)->classes[k];
		assert_int_equal(c->ram, class_cases[i].ram);
		assert_int_equal(c->hull, class_cases[i].hull);
		assert_int_equal(c->max_speed, class_cases[i].max);
		assert_int_equal(c->cruise, class_cases[i].cruise);
		assert_int_equal(c->turn_circle, class_cases[i].turn);
		assert_int_equal(c->accel, class_cases[i].accel);
		assert_int_equal(c->points, class_cases[i].points);
	}
}

/* Loadouts: marines light/medium/heavy, then bows, catapults, stone
 * throwers; present 0 for the rulebook's "n/a". */
static const struct {
	const char	*cls, *nation;
	int		 present;
	int		 marines[3];
	int		 weapons[3];
} loadout_cases[] = {
	{ "bireme", "roman", 0, { 0, 0, 0 }, { 0, 0, 0 } },
	{ "bireme", "hellenistic", 1, { 0, 1, 0 }, { 1, 0, 0 } },
	{ "bireme", "asiatic", 1, { 1, 0, 0 }, { 1, 0, 0 } },
	{ "trireme", "roman", 0, { 0, 0, 0 }, { 0, 0, 0 } },
	{ "trireme", "hellenistic", 1, { 0, 2, 0 }, { 1, 0, 0 } },
	{ "quadrireme", "roman", 1, { 0, 0, 5 }, { 1, 0, 0 } },
	{ "quadrireme", "hellenistic", 1, { 0, 4, 0 }, { 2, 0, 0 } },
	{ "quinquereme", "roman", 1, { 0, 0, 10 }, { 1, 1, 0 } },
	{ "quinquereme", "hellenistic", 1, { 0, 8, 0 }, { 2, 2, 0 } },
	{ "quinquereme", "asiatic", 1, { 8, 0, 0 }, { 2, 2, 0 } },
	{ "heptere", "roman", 0, { 0, 0, 0 }, { 0, 0, 0 } },
	{ "heptere", "hellenistic", 1, { 0, 15, 0 }, { 4, 3, 2 } },
	{ "heptere", "asiatic", 1, { 15, 0, 0 }, { 4, 3, 2 } },
};

static void
test_loadouts(void **state)
{
	const struct nv_ruleset		*rs = ((struct fixture *)*state)->rs;
	const struct classic_class	*c;
	const struct classic_loadout	*l;
	size_t				 i, j;
	int				 nat, k;

	for (i = 0; i < sizeof loadout_cases / sizeof loadout_cases[0];
	    i++) {
		c = &classic_data(rs)->classes[ruleset_class_index(rs,
		    loadout_cases[i].cls)];
		nat = ruleset_nation_index(rs, loadout_cases[i].nation);
		l = NULL;
		for (j = 0; j < c->nloadouts; j++)
			if (c->loadouts[j].nation == nat)
				l = &c->loadouts[j];
		assert_int_equal(l != NULL, loadout_cases[i].present);
		for (k = 0; l != NULL && k < 3; k++) {
			assert_int_equal(l->marines[k],
			    loadout_cases[i].marines[k]);
			assert_int_equal(l->weapons[k],
			    loadout_cases[i].weapons[k]);
		}
	}
}

static const struct {
	const char	*id;
	int		 level, max_speed, accel, turn, min_accel;
} crew_cases[] = {
	{ "poor",    0, 0, -1,  1, 1 },
	{ "average", 1, 0,  0,  0, 0 },
	{ "elite",   2, 1,  1, -1, 0 },
};

static void
test_crews_and_rules(void **state)
{
	const struct nv_ruleset		*rs = ((struct fixture *)*state)->rs;
	const struct classic_data	*cd = classic_data(rs);
	size_t				 i;
	int				 k;

	for (i = 0; i < sizeof crew_cases / sizeof crew_cases[0]; i++) {
		k = ruleset_crew_index(rs, crew_cases[i].id);
		assert_int_equal(rs->crews[k].level, crew_cases[i].level);
		assert_int_equal(cd->crews[k].max_speed,
		    crew_cases[i].max_speed);
		assert_int_equal(cd->crews[k].accel, crew_cases[i].accel);
		assert_int_equal(cd->crews[k].turn_circle, crew_cases[i].turn);
		assert_int_equal(cd->crews[k].min_accel,
		    crew_cases[i].min_accel);
	}
	assert_int_equal(cd->nation_marine[0], CL_M_HEAVY);
	assert_int_equal(cd->nation_marine[1], CL_M_MEDIUM);
	assert_int_equal(cd->nation_marine[2], CL_M_LIGHT);
	assert_int_equal(cd->max_speed_uses, 3);
	assert_int_equal(cd->back_speed, 1);
	assert_int_equal(cd->ram_max_bonus, 1);
	assert_int_equal(cd->headon_per_level, 1);
	assert_int_equal(cd->ram_holes, 1);
	assert_int_equal(cd->rake_cruise, -1);
	assert_int_equal(cd->rake_turn_circle, 1);
	assert_int_equal(cd->rake_keeps_max, 0);
	assert_int_equal(cd->grapple_on, 4);
	assert_int_equal(cd->marine_kill_on[CL_M_LIGHT], 6);
	assert_int_equal(cd->marine_kill_on[CL_M_MEDIUM], 5);
	assert_int_equal(cd->marine_kill_on[CL_M_HEAVY], 4);
	assert_int_equal(cd->surrender_ratio, 2);
	assert_int_equal(cd->prize_crew, 1);
	assert_int_equal(cd->plug_on, 5);
	assert_int_equal(cd->plug_on_boarding, 6);
	assert_int_equal(cd->hole_damage, 1);
	assert_int_equal(cd->capture_num, 3);
	assert_int_equal(cd->capture_den, 2);
	assert_int_equal(cd->max_range[CL_W_BOW], 4);
	assert_int_equal(cd->max_range[CL_W_CATAPULT], 10);
	assert_int_equal(cd->max_range[CL_W_STONE], 10);
}

/* classic.md, "Missile fire", in file order. */
static const struct classic_shot shot_cases[] = {
	{ CL_W_BOW,	 1,  1, 5, 1, 0 },
	{ CL_W_BOW,	 2,  3, 6, 1, 0 },
	{ CL_W_BOW,	 4,  4, 6, 1, 0 },
	{ CL_W_CATAPULT, 1,  1, 5, 1, 0 },
	{ CL_W_CATAPULT, 2,  3, 5, 1, 0 },
	{ CL_W_CATAPULT, 4,  4, 6, 1, 0 },
	{ CL_W_CATAPULT, 5, 10, 6, 1, 0 },
	{ CL_W_STONE,	 1,  3, 6, 1, 2 },
	{ CL_W_STONE,	 1,  3, 5, 0, 1 },
	{ CL_W_STONE,	 4, 10, 6, 0, 1 },
};

static void
test_shots(void **state)
{
	const struct classic_data	*cd =
	    classic_data(((struct fixture *)*state)->rs);
	size_t				 i, n;

	n = sizeof shot_cases / sizeof shot_cases[0];
	assert_int_equal(cd->nshots, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(cd->shots[i].weapon, shot_cases[i].weapon);
		assert_int_equal(cd->shots[i].rmin, shot_cases[i].rmin);
		assert_int_equal(cd->shots[i].rmax, shot_cases[i].rmax);
		assert_int_equal(cd->shots[i].roll_min, shot_cases[i].roll_min);
		assert_int_equal(cd->shots[i].kills, shot_cases[i].kills);
		assert_int_equal(cd->shots[i].damage, shot_cases[i].damage);
	}
}

/* --- broken documents -------------------------------------------------------- */

/* Either doc is a whole document, or the real classic.xml with `find`
 * replaced by `repl`; the error expected is on the line where `at`
 * occurs in that document (or on line `line` when at is NULL). */
static const struct {
	const char	*name;
	const char	*doc;
	const char	*find, *repl;
	const char	*at;
	unsigned	 line;
	const char	*msg;
	size_t		 errors;	/* exactly this many; 0: any */
} broken_cases[] = {
	{ "malformed", "<ruleset id=\"classic\" title=\"t\">\n<schedule>\n"
	    "</ruleset>\n", NULL, NULL, NULL, 3, "mismatch", 0 },
	{ "doctype with entities", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n"
	    "<!ENTITY a \"aaaaaaaa\">\n<!ENTITY b \"&a;&a;&a;&a;\">\n]>\n"
	    "<ruleset id=\"classic\" title=\"&b;\"/>\n", NULL, NULL, NULL, 1,
	    "DOCTYPE", 1 },
	{ "external entity", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n"
	    "<!ENTITY x SYSTEM \"file:///etc/passwd\">\n]>\n"
	    "<ruleset id=\"classic\" title=\"t\">&x;</ruleset>\n", NULL, NULL,
	    NULL, 1, "DOCTYPE", 1 },
	/* libxml2 gives an element the line where its start tag ends. */
	{ "schema: hull not a number", NULL, "hull=\"4\"", "hull=\"four\"",
	    "turn-circle=\"0\" accel=\"3\"", 0, "hull", 0 },
	{ "schema: unknown element", NULL, "<holes ", "<hole ",
	    "<hole ", 0, "hole", 0 },
	{ "duplicate class", NULL, "<class id=\"trireme\"",
	    "<class id=\"bireme\"", "turn-circle=\"1\" accel=\"3\" points=\"6\"", 0,
	    "duplicate class id \"bireme\"", 1 },
	{ "duplicate crew", NULL, "<crew id=\"average\"", "<crew id=\"poor\"",
	    "<crew id=\"poor\" level=\"1\"", 0, "duplicate crew id", 1 },
	{ "unknown nation in a loadout", NULL,
	    "<loadout nation=\"roman\" marines=\"5\"",
	    "<loadout nation=\"gaul\" marines=\"5\"", "nation=\"gaul\"", 0,
	    "<loadout nation=\"gaul\"> of class quadrireme: unknown nation",
	    1 },
	{ "second loadout for a nation", NULL,
	    "<loadout nation=\"asiatic\" marines=\"2\"",
	    "<loadout nation=\"hellenistic\" marines=\"2\"",
	    "<loadout nation=\"hellenistic\" marines=\"2\" bows=\"1\" "
	    "catapults=\"0\" stone-throwers=\"0\"/>\n      <loadout "
	    "nation=\"hellenistic\"", 1, "second loadout", 1 },
	{ "phase out of range", NULL, "<speed value=\"1\" phases=\"6\"/>",
	    "<speed value=\"1\" phases=\"7\"/>", "phases=\"7\"", 0,
	    "phase \"7\" is not one of this ruleset's phases 1-6", 2 },
	{ "schedule row with too few moves", NULL,
	    "<speed value=\"2\" phases=\"3 6\"/>",
	    "<speed value=\"2\" phases=\"3\"/>", "<schedule ", 0,
	    "speed 2 moves 1 hexes", 1 },
	{ "a phase listed twice", NULL, "<speed value=\"2\" phases=\"3 6\"/>",
	    "<speed value=\"2\" phases=\"6 6\"/>", "<schedule ", 0,
	    "speed 2 moves 2 hexes in the schedule (twice in a phase)", 1 },
	{ "speed given twice", NULL, "<speed value=\"2\"",
	    "<speed value=\"1\"", "<speed value=\"1\" phases=\"3 6\"", 0,
	    "already has a row", 0 },
	{ "schedule too short", NULL, "<speed value=\"6\" phases=\"1 2 3 4 5 "
	    "6\"/>", "", "<schedule ", 0, "a ship can reach speed 6", 1 },
	{ "cruise above maximum", NULL, "max-speed=\"3\" cruise=\"2\"\n"
	    "           turn-circle=\"2\"", "max-speed=\"3\" cruise=\"4\"\n"
	    "           turn-circle=\"2\"", "turn-circle=\"2\" accel=\"2\"", 0,
	    "cruising speed 4 is above its maximum speed 3", 1 },
	{ "shadowed weapon line", NULL,
	    "<shot range=\"1-3\" roll=\"6\" kills=\"1\" damage=\"2\"/>",
	    "<shot range=\"1-3\" roll=\"4\" kills=\"1\" damage=\"2\"/>",
	    "<shot range=\"1-3\" roll=\"5\"", 0, "can never apply", 1 },
	{ "range beyond max-range", NULL, "<shot range=\"4\" roll=\"6\" "
	    "kills=\"1\" damage=\"0\"/>   <!-- range 4: 6 kills -->\n    "
	    "</weapon>\n    <weapon id=\"catapult\"", "<shot range=\"4-5\" "
	    "roll=\"6\" kills=\"1\" damage=\"0\"/>\n    </weapon>\n    "
	    "<weapon id=\"catapult\"", "range=\"4-5\"", 0,
	    "expected N or N-M within 1-4", 1 },
	{ "weapon twice", NULL, "<weapon id=\"catapult\"",
	    "<weapon id=\"bow\"", "<weapon id=\"bow\" max-range=\"10\"", 0,
	    "this weapon is listed twice", 2 },
	{ "marine type twice", NULL, "<marine type=\"heavy\"",
	    "<marine type=\"light\"", "<marine type=\"light\" kills-on=\"4\"",
	    0, "this type is listed twice", 2 },
	{ "unknown module", NULL, "<ruleset id=\"classic\"",
	    "<ruleset id=\"nonesuch\"", "<ruleset id=", 0,
	    "no ruleset module of that name", 1 },
};

/* The line of the first occurrence of needle in doc (1-based). */
static unsigned
line_of(const char *doc, const char *needle)
{
	const char	*p = strstr(doc, needle), *q;
	unsigned	 line = 1;

	if (p == NULL)
		fail_msg("\"%s\" is not in the document", needle);
	for (q = doc; q < p; q++)
		line += *q == '\n';
	return line;
}

static char *
replace(const char *doc, const char *find, const char *repl)
{
	const char	*p = strstr(doc, find);
	struct buf	 b = BUF_INIT;

	if (p == NULL)
		fail_msg("\"%s\" is not in classic.xml", find);
	buf_add(&b, doc, (size_t)(p - doc));
	buf_adds(&b, repl);
	buf_adds(&b, p + strlen(find));
	return buf_detach(&b);
}

static void
test_broken(void **state)
{
	struct fixture		*f = *state;
	struct nv_ruleset	*rs;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	char			*doc;
	unsigned		 line;
	size_t			 i, j;
	int			 found, failed = 0;

	for (i = 0; i < sizeof broken_cases / sizeof broken_cases[0]; i++) {
		doc = broken_cases[i].doc != NULL ?
		    xstrdup(broken_cases[i].doc) :
		    replace(f->xml, broken_cases[i].find, broken_cases[i].repl);
		line = broken_cases[i].at != NULL ?
		    line_of(doc, broken_cases[i].at) + broken_cases[i].line :
		    broken_cases[i].line;
		rs = ruleset_load("bad.xml", doc, strlen(doc), f->rng,
		    f->rnglen, &d);
		diag_format(&d, &b);
		found = 0;
		for (j = 0; j < d.n; j++)
			if (d.v[j].line == line &&
			    strcmp(d.v[j].file, "bad.xml") == 0 &&
			    strstr(d.v[j].msg, broken_cases[i].msg) != NULL)
				found = 1;
		if (rs != NULL || !found || (broken_cases[i].errors != 0 &&
		    d.errors != broken_cases[i].errors))
			print_error("case \"%s\": expected %zu error(s), one "
			    "at line %u with \"%s\"; got:\n%s",
			    broken_cases[i].name, broken_cases[i].errors, line,
			    broken_cases[i].msg, buf_str(&b)), failed++;
		buf_reset(&b);
		diag_clear(&d);
		ruleset_free(rs);
		free(doc);
	}
	buf_free(&b);
	diag_free(&d);
	assert_int_equal(failed, 0);
}

static void
test_oversize(void **state)
{
	struct fixture	*f = *state;
	struct diag	 d = DIAG_INIT;
	size_t		 len = NV_XML_MAX + 1;
	char		*doc = xmalloc(len);

	/* A well-formed document one byte over the cap. */
	memset(doc, ' ', len);
	memcpy(doc, "<ruleset/>", 10);
	assert_null(ruleset_load("big.xml", doc, len, f->rng, f->rnglen, &d));
	assert_int_equal(d.errors, 1);
	assert_non_null(strstr(d.v[0].msg, "larger than"));
	free(doc);
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_common),
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_loadouts),
		cmocka_unit_test(test_crews_and_rules),
		cmocka_unit_test(test_shots),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_oversize),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
