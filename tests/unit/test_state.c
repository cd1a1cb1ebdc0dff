/* test_state.c: scenario and state files: errors (all of them, with
 * their lines, and exactly those of the schema then the loader: see
 * test_state_doc.c), defaults from the ruleset, canonical round trips.
 *
 * Data and fixtures are found through NAVARCH_DATADIR (the Makefile sets
 * it to the source tree's data/; fixtures are ../tests/unit/fixtures from
 * there).  By hand: export NAVARCH_DATADIR=$PWD/../data. */
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
#include "datafix.h"
#include "diag.h"
#include "fileio.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "xalloc.h"


static struct nv_state *
load(struct datafix *f, const char *file, const char *doc, size_t len,
    struct diag *d)
{
	return state_xml_load(f->rs, file, doc, len, f->rng, f->rnglen, d);
}

/* --- the ruleset a document names --------------------------------------------- */

static const struct {
	const char	*doc;
	const char	*id;	/* NULL: an error */
	const char	*msg;
} ruleset_cases[] = {
	{ "<scenario ruleset=\"classic\" turn=\"1\"/>", "classic", NULL },
	{ "<scenario ruleset=\"nauta\"><map/></scenario>", "nauta", NULL },
	{ "<scenario turn=\"1\"/>", NULL, "no ruleset attribute" },
	{ "<ruleset id=\"classic\"/>", NULL, "a scenario or state file" },
	{ "<scenario ruleset=\"classic\"", NULL, "" },
};

static void
test_ruleset_id(void **state)
{
	struct diag	 d = DIAG_INIT;
	char		*id;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof ruleset_cases / sizeof ruleset_cases[0]; i++) {
		id = state_xml_ruleset("s.xml", ruleset_cases[i].doc,
		    strlen(ruleset_cases[i].doc), &d);
		if (ruleset_cases[i].id != NULL) {
			assert_non_null(id);
			assert_string_equal(id, ruleset_cases[i].id);
			assert_int_equal(d.n, 0);
		} else {
			assert_null(id);
			assert_true(d.errors >= 1);
			assert_non_null(strstr(d.v[0].msg,
			    ruleset_cases[i].msg));
			assert_int_equal(d.v[0].line, 1);
		}
		free(id);
		diag_clear(&d);
	}
	diag_free(&d);
}

/* --- errors -------------------------------------------------------------------- */

/* Most cases are ships (or other lines) put between HEAD and TAIL; their
 * lines count from HEAD_LINES + 1.  A case with full set is the whole
 * document, and lines count from 1. */
#define HEAD								\
	"<?xml version=\"1.0\"?>\n"					\
	"<scenario ruleset=\"classic\" turn=\"1\">\n"			\
	"<map columns=\"10\" rows=\"10\"><land hex=\"0505\"/></map>\n"	\
	"<side id=\"rome\" nation=\"roman\" crew=\"poor\"/>\n"		\
	"<side id=\"greece\" nation=\"hellenistic\" crew=\"average\"/>\n"
#define HEAD_LINES 5
#define TAIL "<wreck hex=\"0707\"/>\n</scenario>\n"
#define Q "class=\"quinquereme\" "
#define T "class=\"trireme\" "

struct want {
	unsigned	 line;
	const char	*msg;
};

static const struct {
	const char	*name;
	int		 full;
	const char	*body;
	size_t		 errors;	/* exactly this many; 0: any */
	struct want	 want[4];	/* none: the document is legal */
} error_cases[] = {
	{ "duplicate id", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\"/>\n"
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0102\" facing=\"N\"/>\n",
	  1, { { 2, "duplicate ship id \"a\"; the other is on line 6" } } },
	{ "two ships in one hex", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\"/>\n"
	  "<ship id=\"b\" side=\"greece\" " T "hex=\"0101\" facing=\"S\"/>\n",
	  1, { { 2, "ship a (line 6) is already in that hex" } } },
	{ "sunk ship shares a hex", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\"/>\n"
	  "<ship id=\"b\" side=\"greece\" " T "hex=\"0101\" facing=\"S\" "
	  "status=\"sunk\"/>\n", 0, { { 0, NULL } } },
	{ "on land", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0505\" facing=\"N\"/>\n",
	  1, { { 1, "hex=\"0505\">: that hex is land" } } },
	{ "on a wreck", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0707\" facing=\"N\"/>\n",
	  1, { { 1, "that hex holds a wreck" } } },
	{ "off the map", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"1101\" facing=\"N\"/>\n",
	  1, { { 1, "<ship id=\"a\" hex=\"1101\">: off the map, which has "
	  "columns 1-10" } } },
	{ "exited ship off the map", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0001\" facing=\"N\" "
	  "status=\"exited\"/>\n", 0, { { 0, NULL } } },
	{ "bad hex name", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"505\" facing=\"N\"/>\n",
	  1, { { 1, "hex=\"505\">: expected CCRR" } } },
	{ "unknown class", 0,
	  "<ship id=\"a\" side=\"rome\" class=\"galleon\" hex=\"0101\" "
	  "facing=\"N\"/>\n",
	  1, { { 1, "class=\"galleon\">: unknown ship class" } } },
	{ "unknown side", 0,
	  "<ship id=\"a\" side=\"persia\" " Q "hex=\"0101\" facing=\"N\"/>\n",
	  1, { { 1, "side=\"persia\">: unknown side" } } },
	{ "unknown crew", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "crew=\"heroic\"/>\n",
	  1, { { 1, "crew=\"heroic\">: unknown crew quality" } } },
	{ "bad facing", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"E\"/>\n",
	  1, { { 1, "facing=\"E\">: legal: N NE SE S SW NW, or 0-5" } } },
	{ "bad status", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "status=\"afloat?\"/>\n", 1, { { 1, "legal: afloat, sunk" } } },
	{ "speed out of range", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "speed=\"7\"/>\n", 1, { { 1, "<ship id=\"a\" speed=\"7\">: "
	  "expected a whole number from -1 to 6" } } },
	{ "no loadout for the nation", 0,
	  "<ship id=\"a\" side=\"rome\" class=\"bireme\" hex=\"0101\" "
	  "facing=\"N\"/>\n", 1, { { 1, "the roman bireme has no loadout for "
	  "nation roman in ruleset classic; nations with one: hellenistic, "
	  "asiatic" } } },
	{ "hull above the class's", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "hull=\"9\"/>\n", 1, { { 1, "a quinquereme has at most 8 hull" } } },
	{ "afloat with no hull", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "hull=\"0\"/>\n", 1, { { 1, "a ship with no hull left is sunk" } } },
	{ "marines disagree with the mix", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "marines=\"5\" marines-heavy=\"3\"/>\n",
	  1, { { 1, "mix adds up to 3" } } },
	{ "upper-case id", 0,
	  "<ship id=\"Nike\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\"/>\n",
	  1, { { 1, "ship ids are 1-32 of lower-case" } } },
	{ "unknown attribute", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "hul=\"3\"/>\n", 1, { { 1, "unknown attribute hul" } } },
	{ "attribute out of range", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "corvus=\"2\"/>\n", 1, { { 1, "corvus=\"2\">: expected a whole "
	  "number from 0 to 1" } } },
	{ "grappled to no ship", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "grappled=\"zeus\"/>\n", 1, { { 1, "\"zeus\" is not a ship" } } },
	{ "grappled to itself", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "grappled=\"a\"/>\n", 1, { { 1, "\"a\" is the ship itself" } } },
	{ "bad rake", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "rake=\"both\"/>\n",
	  1, { { 1, "legal: none, port, starboard, any" } } },
	{ "too many max-speed uses", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0101\" facing=\"N\" "
	  "max-speed-uses=\"4\"/>\n", 1, { { 1, "at most 3 times" } } },
	{ "every error, not just the first", 0,
	  "<ship id=\"a\" side=\"rome\" " Q "hex=\"0505\" facing=\"N\"/>\n"
	  "<ship id=\"b\" side=\"rome\" class=\"galleon\" hex=\"0101\" "
	  "facing=\"N\"/>\n"
	  "<ship id=\"c\" side=\"rome\" " Q "hex=\"0102\" facing=\"X\"/>\n"
	  "<ship id=\"d\" side=\"rome\" " Q "hex=\"0102\" facing=\"N\"/>\n",
	  4, { { 1, "that hex is land" }, { 2, "unknown ship class" },
	  { 3, "facing=\"X\"" }, { 4, "ship c (line 8) is already" } } },
	{ "wrong ruleset", 1,
	  "<scenario ruleset=\"nauta\" turn=\"1\">\n"
	  "<map columns=\"5\" rows=\"5\"/>\n"
	  "<side id=\"r\" nation=\"roman\" crew=\"poor\"/>\n</scenario>\n",
	  1, { { 1, "ruleset=\"nauta\">: loaded with ruleset classic" } } },
	{ "sides: unknown nation and crew, duplicate", 1,
	  "<scenario ruleset=\"classic\" turn=\"1\">\n"
	  "<map columns=\"5\" rows=\"5\"/>\n"
	  "<side id=\"r\" nation=\"gaul\" crew=\"poor\"/>\n"
	  "<side id=\"s\" nation=\"roman\" crew=\"superb\"/>\n"
	  "<side id=\"s\" nation=\"roman\" crew=\"poor\"/>\n</scenario>\n",
	  3, { { 3, "nation=\"gaul\">: unknown nation" },
	  { 4, "crew=\"superb\">: unknown crew quality" },
	  { 5, "duplicate side id \"s\"" } } },
	{ "small hex names on a big map", 1,
	  "<scenario ruleset=\"classic\" turn=\"1\">\n"
	  "<map columns=\"100\" rows=\"5\"><land hex=\"0101\"/></map>\n"
	  "<side id=\"r\" nation=\"roman\" crew=\"poor\"/>\n</scenario>\n",
	  1, { { 2, "expected CCCRRR, 3 digits" } } },
	{ "result: winner not a side", 1,
	  "<scenario ruleset=\"classic\" turn=\"1\">\n"
	  "<map columns=\"5\" rows=\"5\"/>\n"
	  "<side id=\"r\" nation=\"roman\" crew=\"poor\"/>\n"
	  "<result status=\"won\" winner=\"q\">\n"
	  "<score side=\"x\" points=\"1\"/></result>\n</scenario>\n",
	  2, { { 4, "winner=\"q\" is not a side" },
	  { 5, "<score side=\"x\">: unknown side" } } },
	{ "schema: no map", 1,
	  "<scenario ruleset=\"classic\" turn=\"1\">\n"
	  "<side id=\"r\" nation=\"roman\" crew=\"poor\"/>\n</scenario>\n",
	  0, { { 2, "" } } },
	{ "malformed", 1, "<scenario ruleset=\"classic\" turn=\"1\">\n<map>\n",
	  0, { { 3, "" } } },
	{ "doctype", 1, "<!DOCTYPE s [<!ENTITY e \"x\">]>\n"
	  "<scenario ruleset=\"classic\" turn=\"1\"/>\n",
	  1, { { 1, "DOCTYPE declarations are not allowed" } } },
};

static int
has_error(const struct diag *d, unsigned line, const char *msg)
{
	size_t	i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].line == line && strcmp(d->v[i].file, "s.xml") == 0 &&
		    strstr(d->v[i].msg, msg) != NULL)
			return 1;
	return 0;
}

static void
test_errors(void **state)
{
	struct datafix	*f = *state;
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT, out = BUF_INIT;
	struct nv_state	*st;
	unsigned	 base;
	size_t		 i, k;
	int		 ok, failed = 0;

	for (i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
		buf_reset(&b);
		if (!error_cases[i].full)
			buf_adds(&b, HEAD);
		buf_adds(&b, error_cases[i].body);
		if (!error_cases[i].full)
			buf_adds(&b, TAIL);
		base = error_cases[i].full ? 0 : HEAD_LINES;
		st = load(f, "s.xml", b.p, b.len, &d);
		if (error_cases[i].want[0].msg == NULL)
			ok = st != NULL && d.n == 0;
		else
			ok = st == NULL && (error_cases[i].errors == 0 ||
			    d.errors == error_cases[i].errors);
		for (k = 0; k < 4 && error_cases[i].want[k].msg != NULL; k++)
			if (!has_error(&d, base + error_cases[i].want[k].line,
			    error_cases[i].want[k].msg))
				ok = 0;
		if (!datafix_errors_as_before(f, "s.xml", b.p, b.len, &d)) {
			print_error("case \"%s\": not the errors of the schema "
			    "then the loader\n", error_cases[i].name);
			ok = 0;
		}
		if (!ok) {
			diag_format(&d, &out);
			print_error("case \"%s\": got:\n%s", error_cases[i].name,
			    buf_str(&out));
			buf_reset(&out);
			failed++;
		}
		state_free(st);
		diag_clear(&d);
	}
	buf_free(&b);
	buf_free(&out);
	diag_free(&d);
	assert_int_equal(failed, 0);
}

/* --- defaults ------------------------------------------------------------------- */

static struct nv_state *
load_fixture(struct datafix *f, const char *name, char **text, size_t *len)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*rel = xasprintf("../tests/unit/fixtures/%s", name);

	*text = datafix_read(rel, len);
	free(rel);
	st = load(f, name, *text, *len, &d);
	diag_format(&d, &b);
	if (st == NULL || d.n != 0)
		fail_msg("%s does not load cleanly:\n%s", name, buf_str(&b));
	buf_free(&b);
	diag_free(&d);
	return st;
}

/* scenario-minimal.xml: what each ship gets from class, nation, crew. */
static const struct {
	const char	*ship;
	int		 attr;
	long		 value;
} default_cases[] = {
	/* roman poor quinquereme with a corvus: loadout 10 heavy, 1 bow,
	 * 1 catapult; straight = turn circle 2 + 1 for a poor crew */
	{ "victoria", CL_A_HULL, 8 },
	{ "victoria", CL_A_MARINES, 10 },
	{ "victoria", CL_A_M_HEAVY, 10 },
	{ "victoria", CL_A_M_MEDIUM, 0 },
	{ "victoria", CL_A_BOWS, 1 },
	{ "victoria", CL_A_CATAPULTS, 1 },
	{ "victoria", CL_A_STONES, 0 },
	{ "victoria", CL_A_CORVUS, 1 },
	{ "victoria", CL_A_STRAIGHT, 3 },
	{ "victoria", CL_A_HOLES, 0 },
	{ "victoria", CL_A_MAX_USES, 0 },
	/* roman quadrireme with its own average crew */
	{ "aquila", CL_A_M_HEAVY, 5 },
	{ "aquila", CL_A_STRAIGHT, 1 },
	/* hellenistic heptere */
	{ "melqart", CL_A_HULL, 10 },
	{ "melqart", CL_A_M_MEDIUM, 15 },
	{ "melqart", CL_A_BOWS, 4 },
	{ "melqart", CL_A_CATAPULTS, 3 },
	{ "melqart", CL_A_STONES, 2 },
	{ "melqart", CL_A_STRAIGHT, 3 },
	/* marines="3" alone: all of the nation's type */
	{ "tanit", CL_A_MARINES, 3 },
	{ "tanit", CL_A_M_MEDIUM, 3 },
	{ "tanit", CL_A_M_LIGHT, 0 },
	/* a mix alone fixes the total */
	{ "baal", CL_A_MARINES, 2 },
	{ "baal", CL_A_M_LIGHT, 1 },
	{ "baal", CL_A_M_MEDIUM, 1 },
	/* asiatic elite quinquereme: hellenistic numbers, light marines;
	 * turn circle 2 - 1 */
	{ "mithra", CL_A_M_LIGHT, 8 },
	{ "mithra", CL_A_M_MEDIUM, 0 },
	{ "mithra", CL_A_BOWS, 2 },
	{ "mithra", CL_A_STRAIGHT, 1 },
};

static void
test_defaults(void **state)
{
	struct datafix		*f = *state;
	struct nv_state		*st;
	const struct nv_ship	*s;
	char			*text;
	size_t			 len, i;
	static const char *const order[] = { "aquila", "baal", "melqart",
	    "mithra", "tanit", "victoria" };

	st = load_fixture(f, "scenario-minimal.xml", &text, &len);
	for (i = 0; i < sizeof default_cases / sizeof default_cases[0]; i++) {
		s = &st->ships[state_ship_index(st, default_cases[i].ship)];
		if (s->attr[default_cases[i].attr].i != default_cases[i].value)
			fail_msg("%s %s: %ld, expected %ld", s->id,
			    f->rs->ops->ship_attrs[default_cases[i].attr].name,
			    s->attr[default_cases[i].attr].i,
			    default_cases[i].value);
	}
	/* Ships in id order; common defaults. */
	assert_int_equal(st->nships, 6);
	for (i = 0; i < st->nships; i++) {
		assert_string_equal(st->ships[i].id, order[i]);
		assert_int_equal(st->ships[i].status, NV_STATUS_AFLOAT);
		assert_int_equal(st->ships[i].owner, st->ships[i].side);
		assert_string_equal(st->ships[i].attr[CL_A_RAKE].s, "none");
		assert_string_equal(st->ships[i].attr[CL_A_REPULSE].s, "cut");
		assert_string_equal(st->ships[i].attr[CL_A_OBLIGATION].s, "");
		assert_string_equal(st->ships[i].attr[CL_A_GRAPPLED].s, "");
	}
	s = &st->ships[state_ship_index(st, "VICTORIA")];
	assert_int_equal(s->crew, ruleset_crew_index(f->rs, "poor"));
	assert_int_equal(s->speed, 0);
	s = &st->ships[state_ship_index(st, "aquila")];
	assert_int_equal(s->facing, NV_DIR_NE);		/* facing="1" */
	assert_int_equal(s->speed, 2);
	assert_int_equal(s->crew, ruleset_crew_index(f->rs, "average"));
	assert_string_equal(st->ships[state_ship_index(st, "melqart")].name,
	    "Melqart & sons");
	assert_string_equal(st->title, "Ecnomus (small)");
	assert_true(state_is_land(st, hex_from_cr(1, 12)));
	assert_false(state_is_land(st, hex_from_cr(2, 12)));
	assert_int_equal(st->turn, 1);
	assert_int_equal(st->result.kind, NV_RESULT_PLAYING);
	state_free(st);
	free(text);
}

/* --- canonical output ------------------------------------------------------------- */

static const struct {
	const char	*in;
	const char	*canon;		/* expected save; NULL: in itself */
} trip_cases[] = {
	{ "scenario-minimal.xml", "scenario-minimal.canon.xml" },
	{ "scenario-minimal.canon.xml", NULL },
	{ "state-full.xml", NULL },
	{ "state-bigmap.xml", NULL },
	/* Issue 10: ships that left the map at column 0, row 0 and past
	 * the far corner; those at 0 were saved as hex="????". */
	{ "state-exited.xml", NULL },
};

static void
test_round_trip(void **state)
{
	struct datafix	*f = *state;
	struct nv_state	*st, *st2;
	struct diag	 d = DIAG_INIT;
	struct buf	 one = BUF_INIT, two = BUF_INIT;
	char		*text, *canon, *rel;
	size_t		 len, clen, i;

	for (i = 0; i < sizeof trip_cases / sizeof trip_cases[0]; i++) {
		st = load_fixture(f, trip_cases[i].in, &text, &len);
		canon = text;
		clen = len;
		if (trip_cases[i].canon != NULL) {
			rel = xasprintf("../tests/unit/fixtures/%s",
			    trip_cases[i].canon);
			canon = datafix_read(rel, &clen);
			free(rel);
		}
		state_xml_save(st, &one);
		assert_int_equal(one.len, clen);
		assert_memory_equal(one.p, canon, clen);
		/* Loading the output and saving again: the same bytes. */
		st2 = load(f, "again.xml", one.p, one.len, &d);
		assert_non_null(st2);
		state_xml_save(st2, &two);
		assert_string_equal(buf_str(&one), buf_str(&two));
		state_free(st);
		state_free(st2);
		if (canon != text)
			free(canon);
		free(text);
		buf_reset(&one);
		buf_reset(&two);
	}
	buf_free(&one);
	buf_free(&two);
	diag_free(&d);
}

static void
test_captured_and_result(void **state)
{
	struct datafix		*f = *state;
	struct nv_state		*st, *copy;
	const struct nv_ship	*s;
	struct buf		 b = BUF_INIT, c = BUF_INIT;
	char			*text;
	size_t			 len;

	st = load_fixture(f, "state-full.xml", &text, &len);
	s = &st->ships[state_ship_index(st, "salaminia")];
	assert_int_equal(s->status, NV_STATUS_CAPTURED);
	assert_int_equal(s->side, state_side_index(st, "sparta"));
	assert_int_equal(s->owner, state_side_index(st, "athens"));
	assert_true(ship_on_map(s));
	state_xml_save(st, &b);
	assert_non_null(strstr(buf_str(&b), "<ship id=\"salaminia\" "
	    "side=\"sparta\" owner=\"athens\""));
	/* Other state: lists, choices, the wreck, the result. */
	s = &st->ships[state_ship_index(st, "nike")];
	assert_string_equal(s->attr[CL_A_RAKED_BY].s, "paralos");
	assert_int_equal(s->attr[CL_A_RAKED].i, 1);
	s = &st->ships[state_ship_index(st, "paralos")];
	assert_string_equal(s->attr[CL_A_OBLIGATION].s, "back");
	assert_string_equal(s->attr[CL_A_REPULSE].s, "counter");
	assert_int_equal(st->nwrecks, 2);
	assert_true(state_is_wreck(st, hex_from_cr(9, 9)));
	assert_string_equal(st->wrecks[1].ship, "delos");
	assert_int_equal(st->settings.turn_limit, 12);
	assert_int_equal(st->settings.visibility, 5);
	assert_int_equal(st->result.kind, NV_RESULT_WON);
	assert_int_equal(st->result.winner, state_side_index(st, "sparta"));
	assert_int_equal(st->result.score[1], 11);
	assert_string_equal(st->result.reason,
	    "Athens lost two ships.\nSecond line.");
	assert_string_equal(st->title, "Naxos <after> \"the storm\" & more");
	/* A clone saves the same bytes. */
	copy = state_clone(st);
	state_xml_save(copy, &c);
	assert_string_equal(buf_str(&b), buf_str(&c));
	state_free(copy);
	state_free(st);
	buf_free(&b);
	buf_free(&c);
	free(text);
}

static void
test_big_map(void **state)
{
	struct datafix	*f = *state;
	struct nv_state	*st;
	char		*text, name[8];
	size_t		 len;
	int		 i;

	st = load_fixture(f, "state-bigmap.xml", &text, &len);
	assert_int_equal(state_hex_digits(st), 3);
	i = state_ship_index(st, "r1");
	assert_string_equal(state_hex_name(st, st->ships[i].hex, name),
	    "100149");
	assert_true(state_is_land(st, hex_from_cr(120, 150)));
	assert_true(state_is_land(st, hex_from_cr(99, 100)));
	assert_int_equal(st->ships[state_ship_index(st, "b-2")].speed, -1);
	state_free(st);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ruleset_id),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_captured_and_result),
		cmocka_unit_test(test_big_map),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
