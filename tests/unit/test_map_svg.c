/* test_map_svg.c: the SVG hex map.
 *
 * Every output is parsed back with libxml2 and counted with XPath: hex
 * polygons (and which are land), ships, labels, hex names, legend lines,
 * wrecks, each shown ship's code once on the map and once in the legend,
 * each ship's place and rotation.  The same input gives the same bytes.
 * Fog of war: a hidden ship or wreck leaves no id, name or code behind,
 * and the output is exactly that of a state without it.  The small map is
 * compared with tests/unit/golden/map-small.svg; NAVARCH_UPDATE_GOLDEN=1
 * rewrites it (look at the diff, and at the picture, before committing).
 * The small map is tests/unit/fixtures/map-small.xml, the ASCII map's
 * (test_map.c); the real ruleset comes from datafix.h. */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "buf.h"
#include "datafix.h"
#include "xpathfix.h"
#include "map-svg.h"
#include "map.h"
#include "report.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define SVG_NS	"http://www.w3.org/2000/svg"

/* --- scenarios ----------------------------------------------------------- */

/* A map over 99 columns (CCCRRR names), three sides, a name that needs
 * escaping. */
static const char wide_xml[] =
    "<scenario ruleset=\"classic\" turn=\"1\">"
    "<title>Wide &amp; &lt;shallow&gt;</title>"
    "<map columns=\"101\" rows=\"2\"><land hex=\"050001\"/></map>"
    "<side id=\"a\" name=\"A &amp; Co\" nation=\"hellenistic\" "
    "crew=\"average\"/>"
    "<side id=\"b\" nation=\"asiatic\" crew=\"average\"/>"
    "<side id=\"c\" nation=\"asiatic\" crew=\"average\"/>"
    "<ship id=\"x1\" name=\"&lt;b&gt;\" side=\"a\" class=\"trireme\" "
    "hex=\"001001\" facing=\"N\"/>"
    "<ship id=\"y1\" side=\"b\" class=\"trireme\" hex=\"100002\" "
    "facing=\"S\"/>"
    "<ship id=\"z1\" side=\"c\" class=\"bireme\" hex=\"101001\" "
    "facing=\"SE\"/>"
    "</scenario>";

enum src { SRC_SMALL, SRC_DEMO, SRC_WIDE };

static char *
scenario_text(enum src src)
{
	size_t	len;

	switch (src) {
	case SRC_SMALL:
		return datafix_read("../tests/unit/fixtures/map-small.xml",
		    &len);
	case SRC_DEMO:	return datafix_read("../orders/demo/scenario.xml", &len);
	case SRC_WIDE:	return xstrdup(wide_xml);
	}
	return NULL;
}

static char *
render(const struct nv_state *st, const struct map_opts *o)
{
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;

	if (map_svg(st, o, &b, &cause) != 0)
		fail_msg("map_svg: %s", cause);
	assert_null(cause);
	return buf_detach(&b);
}

/* --- reading the output back --------------------------------------------- */

struct doc {
	xmlDocPtr		 doc;
	xmlXPathContextPtr	 xp;
};

static void
doc_parse(struct doc *d, const char *svg)
{
	xmlNodePtr	root;

	d->doc = xmlReadMemory(svg, (int)strlen(svg), "map.svg", "UTF-8",
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (d->doc == NULL)
		fail_msg("the SVG does not parse as XML:\n%.2000s", svg);
	root = xmlDocGetRootElement(d->doc);
	assert_non_null(root);
	assert_string_equal((const char *)root->name, "svg");
	assert_non_null(root->ns);
	assert_string_equal((const char *)root->ns->href, SVG_NS);
	d->xp = xmlXPathNewContext(d->doc);
	assert_int_equal(xmlXPathRegisterNs(d->xp, BAD_CAST "s",
	    BAD_CAST SVG_NS), 0);
}

static void
doc_free(struct doc *d)
{
	xmlXPathFreeContext(d->xp);
	xmlFreeDoc(d->doc);
}

/* The number and the string an XPath expression evaluates to. */
#define num(d, ...)	xp_num((d)->xp, __VA_ARGS__)
#define str(d, ...)	xp_str((d)->xp, __VA_ARGS__)

/* --- what every output must satisfy -------------------------------------- */

static void
check_size(const struct doc *d)
{
	char	*w = str(d, "string(/s:svg/@width)");
	char	*h = str(d, "string(/s:svg/@height)");
	char	*vb = str(d, "string(/s:svg/@viewBox)");
	char	*want = xasprintf("0 0 %s %s", w, h);

	assert_true(num(d, "number(/s:svg/@width)") > 0);
	assert_true(num(d, "number(/s:svg/@height)") > 0);
	assert_string_equal(vb, want);
	free(want);
	free(vb);
	free(h);
	free(w);
}

/* Each shown ship: one shape with a tooltip naming it, its code once on
 * the map and once in the legend; hidden and sunk ships: nothing. */
static void
check_ships(const struct nv_state *st, const struct map_opts *o,
    const struct doc *d, const char *svg)
{
	const unsigned char	*vis = o->ship_visible;
	char			 code[MAP_CODE_SIZE], *title;
	size_t			 i;

	for (i = 0; i < st->nships; i++) {
		const struct nv_ship	*sh = &st->ships[i];

		if ((vis != NULL && !vis[i]) || !ship_on_map(sh)) {
			assert_int_equal(count_word(svg, strlen(svg), sh->id), 0);
			continue;
		}
		map_ship_code(st, (int)i, code);
		assert_int_equal(num(d, "count(//s:text[@class='code']"
		    "[.='%s'])", code), 1);
		assert_int_equal(num(d, "count(//s:tspan[@class="
		    "'legend-code'][.='%s'])", code), 1);
		title = str(d, "string(//s:g[@class='ship'][s:text[.='%s']]"
		    "/s:title)", code);
		assert_int_equal(count_word(title, strlen(title), sh->id), 1);
		assert_non_null(strstr(title, st->rs->classes[sh->cls].id));
		assert_non_null(strstr(title, dir_name(sh->facing)));
		if (sh->name != NULL)
			assert_non_null(strstr(title, sh->name));
		free(title);
	}
}

struct counts {
	int	ships;		/* shapes on the map = legend lines */
	int	land;
	int	wrecks;
};

static void
check_all(const struct nv_state *st, const struct map_opts *o,
    const char *svg, const struct counts *want)
{
	struct doc	d;
	int		hexes = st->columns * st->rows;

	doc_parse(&d, svg);
	check_size(&d);
	assert_int_equal(num(&d, "count(//s:g[@class='grid']/s:polygon)"),
	    hexes);
	assert_int_equal(num(&d, "count(//s:g[@class='grid']/s:polygon"
	    "[@class='land'])"), want->land);
	assert_int_equal(num(&d, "count(//s:text[@class='label'])"),
	    2 * (st->columns + st->rows));
	/* Hex names everywhere but under a ship. */
	assert_int_equal(num(&d, "count(//s:text[@class='hexname'])"),
	    hexes - want->ships);
	assert_int_equal(num(&d, "count(//s:g[@class='ship'])"), want->ships);
	assert_int_equal(num(&d, "count(//s:g[@class='ship']/s:g/s:polygon"
	    "[starts-with(@class,'hull')])"), want->ships);
	assert_int_equal(num(&d, "count(//s:g[@class='ship']/*[1]"
	    "[self::s:title])"), want->ships);
	assert_int_equal(num(&d, "count(//s:text[@class='code'])"),
	    want->ships);
	assert_int_equal(num(&d, "count(//s:text[@class='legend-ship'])"),
	    want->ships);
	assert_int_equal(num(&d, "count(//s:g[@class='wreck'])"),
	    want->wrecks);
	assert_int_equal(num(&d, "count(//s:text[@class='legend-wreck'])"),
	    want->wrecks > 0);
	check_ships(st, o, &d, svg);
	doc_free(&d);
}

/* --- the table of maps --------------------------------------------------- */

static const struct map_row {
	const char	*golden;	/* in tests/unit/golden/, or NULL */
	enum src	 src;
	const char	*side;		/* reader, or NULL for all */
	struct counts	 want;
	const char	*first;		/* the legend's first ship */
} map_rows[] = {
	{ "map-small.svg", SRC_SMALL, NULL,     { 7, 2, 1 }, "a-n" },
	{ NULL,            SRC_SMALL, "b",      { 7, 2, 1 }, "b-nw" },
	{ NULL,            SRC_DEMO,  NULL,     { 6, 3, 0 }, "nike" },
	{ NULL,            SRC_DEMO,  "persia", { 6, 3, 0 }, "azes" },
	{ NULL,            SRC_WIDE,  "c",      { 3, 1, 0 }, "z1" },
};

static void
test_maps(void **state)
{
	const struct datafix	*fx = *state;
	size_t			 i;

	for (i = 0; i < sizeof map_rows / sizeof map_rows[0]; i++) {
		const struct map_row	*r = &map_rows[i];
		struct map_opts		 o = MAP_OPTS_INIT;
		struct nv_state		*st;
		struct doc		 d;
		char			*xml, *out, *again, *first;

		xml = scenario_text(r->src);
		st = datafix_state(fx, xml);
		if (r->side != NULL)
			assert_true((o.side = state_side_index(st, r->side))
			    >= 0);
		out = render(st, &o);
		check_all(st, &o, out, &r->want);
		doc_parse(&d, out);
		first = str(&d, "string((//s:text[@class='legend-ship'])[1]"
		    "/s:tspan[2])");
		assert_string_equal(first, r->first);
		free(first);
		doc_free(&d);
		if (r->golden != NULL)
			datafix_golden(r->golden, out);
		/* Deterministic: the same again, byte for byte. */
		again = render(st, &o);
		assert_string_equal(out, again);
		free(again);
		free(out);
		state_free(st);
		free(xml);
	}
}

/* Where each ship is drawn and which way it points: odd columns half a
 * hex (35) higher than even ones, 60 across a column, 70 down a row, a
 * rotation of 60 degrees a facing clockwise from north. */
static void
test_geometry(void **state)
{
	static const struct {
		enum src	 src;
		const char	*id;
		const char	*transform;
	} rows[] = {
		{ SRC_SMALL, "a-n",   "translate(72 91)" },
		{ SRC_SMALL, "a-ne",  "translate(132 126) rotate(60)" },
		{ SRC_SMALL, "a-se",  "translate(252 126) rotate(120)" },
		{ SRC_SMALL, "b-s",   "translate(72 231) rotate(180)" },
		{ SRC_SMALL, "b-sw",  "translate(132 266) rotate(240)" },
		{ SRC_SMALL, "b-nw",  "translate(252 266) rotate(300)" },
		{ SRC_SMALL, "prize", "translate(312 301) rotate(180)" },
		{ SRC_DEMO,  "nike",  "translate(312 581) rotate(120)" },
		{ SRC_DEMO,  "tyre",  "translate(972 476) rotate(240)" },
		{ SRC_WIDE,  "z1",    "translate(6072 91) rotate(120)" },
	};
	const struct datafix	*fx = *state;
	size_t			 i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct nv_state	*st;
		struct doc	 d;
		char		*xml, *out, *got;

		xml = scenario_text(rows[i].src);
		st = datafix_state(fx, xml);
		out = render(st, NULL);
		doc_parse(&d, out);
		got = str(&d, "string(//s:g[@class='ship'][contains("
		    "s:title, ' %s:') or contains(s:title, ' %s (')]"
		    "/s:g/@transform)", rows[i].id, rows[i].id);
		if (strcmp(got, rows[i].transform) != 0)
			fail_msg("%s: transform '%s', want '%s'", rows[i].id,
			    got, rows[i].transform);
		free(got);
		doc_free(&d);
		free(out);
		state_free(st);
		free(xml);
	}
}

/* Labels name columns and rows with the map's digits: 2, or 3 over 99. */
static void
test_labels(void **state)
{
	static const struct {
		enum src	 src;
		const char	*label;
		int		 want;
	} rows[] = {
		{ SRC_SMALL, "01", 4 },		/* column and row, twice */
		{ SRC_SMALL, "05", 2 },
		{ SRC_SMALL, "06", 0 },
		{ SRC_DEMO,  "12", 4 },
		{ SRC_DEMO,  "20", 2 },
		{ SRC_WIDE,  "001", 4 },
		{ SRC_WIDE,  "101", 2 },
		{ SRC_WIDE,  "01", 0 },
	};
	const struct datafix	*fx = *state;
	size_t			 i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct nv_state	*st;
		struct doc	 d;
		char		*xml, *out;

		xml = scenario_text(rows[i].src);
		st = datafix_state(fx, xml);
		out = render(st, NULL);
		doc_parse(&d, out);
		assert_int_equal(num(&d, "count(//s:text[@class='label']"
		    "[.='%s'])", rows[i].label), rows[i].want);
		doc_free(&d);
		free(out);
		state_free(st);
		free(xml);
	}
}

/* --- fog of war ---------------------------------------------------------- */

/* The scenario text without the element that starts with tag. */
static const struct {
	enum src	 src;
	const char	*side;
} fog_rows[] = {
	{ SRC_SMALL, NULL },
	{ SRC_SMALL, "a" },
	{ SRC_DEMO, "athens" },
	{ SRC_DEMO, "persia" },
	{ SRC_WIDE, "a" },
};

/* Hiding ship i: nothing of it shows, and the picture is the one of a
 * state where ship i has left the map (codes number every ship, seen or
 * not, so that they stay the same from turn to turn). */
static void
fog_one_ship(struct nv_state *st, struct map_opts *o, size_t i)
{
	struct nv_ship		*sh = &st->ships[i];
	unsigned char		*vis = xcalloc(st->nships, 1);
	struct counts		 want = { 0, 0, 0 };
	char			*out, *out2, code[MAP_CODE_SIZE];
	size_t			 k;
	int			 status = sh->status;

	memset(vis, 1, st->nships);
	vis[i] = 0;
	for (k = 0; k < st->nships; k++)
		want.ships += vis[k] && ship_on_map(&st->ships[k]);
	for (k = 0; k < (size_t)(st->columns * st->rows); k++)
		want.land += st->land[k] != 0;
	want.wrecks = (int)st->nwrecks;
	o->ship_visible = vis;
	out = render(st, o);
	check_all(st, o, out, &want);
	/* Nothing of it: not its id, name or code, anywhere. */
	assert_int_equal(count_word(out, strlen(out), sh->id), 0);
	if (sh->name != NULL)
		assert_null(strstr(out, sh->name));
	map_ship_code(st, (int)i, code);
	assert_int_equal(count_word(out, strlen(out), code), 0);
	sh->status = NV_STATUS_EXITED;
	o->ship_visible = NULL;
	out2 = render(st, o);
	sh->status = status;
	assert_string_equal(out, out2);
	free(out2);
	free(out);
	free(vis);
}

static void
test_fog(void **state)
{
	const struct datafix	*fx = *state;
	size_t			 r, i;
	int			 hidden = 0;

	for (r = 0; r < sizeof fog_rows / sizeof fog_rows[0]; r++) {
		struct map_opts	 o = MAP_OPTS_INIT;
		struct nv_state	*st;
		char		*xml;

		xml = scenario_text(fog_rows[r].src);
		st = datafix_state(fx, xml);
		o.side = fog_rows[r].side != NULL ?
		    state_side_index(st, fog_rows[r].side) : -1;
		for (i = 0; i < st->nships; i++) {
			/* The reader always sees its own ships. */
			if (o.side >= 0 && st->ships[i].side == o.side)
				continue;
			fog_one_ship(st, &o, i);
			hidden++;
		}
		state_free(st);
		free(xml);
	}
	assert_true(hidden >= 15);
}

/* A hidden wreck is neither drawn nor listed. */
static void
test_fog_wreck(void **state)
{
	const struct datafix	*fx = *state;
	struct map_opts		 o = MAP_OPTS_INIT;
	struct nv_state		*st, *st2;
	unsigned char		 hide[1] = { 0 };
	struct counts		 want = { 7, 2, 1 };
	char			*xml, *xml2, *out, *out2;

	xml = scenario_text(SRC_SMALL);
	st = datafix_state(fx, xml);
	out = render(st, &o);
	assert_int_equal(count_word(out, strlen(out), "old"), 2);	/* title, legend */
	free(out);
	o.wreck_visible = hide;
	out = render(st, &o);
	want.wrecks = 0;
	check_all(st, &o, out, &want);
	assert_int_equal(count_word(out, strlen(out), "old"), 0);
	xml2 = datafix_without(xml, "<wreck ");
	st2 = datafix_state(fx, xml2);
	o.wreck_visible = NULL;
	out2 = render(st2, &o);
	assert_string_equal(out, out2);
	free(out);
	free(out2);
	free(xml);
	free(xml2);
	state_free(st);
	state_free(st2);
}

/* --- main ---------------------------------------------------------------- */

/* libxml2's parser state, from parsing the outputs back, goes too. */
static int
teardown(void **state)
{
	datafix_teardown(state);
	xmlCleanupParser();
	return 0;
}
/* --- big maps: a window ------------------------------------------------- */

/* A 100 x 100 map: a1 and b1 close together, b2 far off, 5 hexes of
 * visibility (a1 sees b1, not b2).  FAR is b2's line. */
#define BIG_HEAD							\
    "<scenario ruleset=\"classic\" turn=\"1\">"				\
    "<settings turn-limit=\"0\" visibility=\"5\"/>"			\
    "<map columns=\"100\" rows=\"100\"/>"				\
    "<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>"	\
    "<side id=\"b\" nation=\"asiatic\" crew=\"average\"/>"		\
    "<ship id=\"a1\" side=\"a\" class=\"trireme\" hex=\"050050\" "	\
    "facing=\"N\"/>"							\
    "<ship id=\"b1\" side=\"b\" class=\"trireme\" hex=\"052051\" "	\
    "facing=\"S\"/>"
#define BIG_FAR								\
    "<ship id=\"b2\" side=\"b\" class=\"trireme\" hex=\"090090\" "	\
    "facing=\"S\"/>"

/* The SVG of xml as side (NULL: the GM) sees it, with fog. */
static char *
big_svg(const struct datafix *fx, const char *xml, const char *side)
{
	struct map_opts	 o = MAP_OPTS_INIT;
	struct nv_state	*st = datafix_state(fx, xml);
	unsigned char	*sv, *wv;
	char		*out;

	report_fog_map(st, side != NULL ? state_side_index(st, side) : -1,
	    &o, &sv, &wv);
	out = render(st, &o);
	free(sv);
	free(wv);
	state_free(st);
	return out;
}

/* The window the heading names, checked against what is drawn. */
static void
check_window(const char *svg, int c0, int c1, int r0, int r1)
{
	struct doc	 d;
	char		 want[96];

	(void)snprintf(want, sizeof want, "(columns %03d-%03d, rows "
	    "%03d-%03d of 100 by 100)", c0, c1, r0, r1);
	if (strstr(svg, want) == NULL)
		fail_msg("the heading lacks '%s'", want);
	doc_parse(&d, svg);
	assert_int_equal(num(&d, "count(//s:g[@class='grid']/s:polygon)"),
	    (c1 - c0 + 1) * (r1 - r0 + 1));
	assert_int_equal(num(&d, "count(//s:text[@class='label'])"),
	    2 * ((c1 - c0 + 1) + (r1 - r0 + 1)));
	doc_free(&d);
}

static void
test_window(void **state)
{
	const struct datafix	*fx = *state;
	char			*gm, *a, *a_alone;

	/* The GM: every ship, 3 hexes around, c0 odd. */
	gm = big_svg(fx, BIG_HEAD BIG_FAR "</scenario>", NULL);
	check_window(gm, 47, 93, 47, 93);
	assert_int_equal(count_word(gm, strlen(gm), "b2"), 2);	/* code title, legend */
	/* Side a: a1 and b1 only, widened to 20 by 15 around them, and not
	 * a hex of it nearer to b2. */
	a = big_svg(fx, BIG_HEAD BIG_FAR "</scenario>", "a");
	check_window(a, 41, 60, 43, 57);
	assert_int_equal(count_word(a, strlen(a), "b2"), 0);
	assert_null(strstr(a, "090090"));
	/* Nothing of b2 decides side a's picture: the same without it. */
	a_alone = big_svg(fx, BIG_HEAD "</scenario>", "a");
	assert_string_equal(a, a_alone);
	free(gm);
	free(a);
	free(a_alone);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maps),
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_fog),
		cmocka_unit_test(test_fog_wreck),
		cmocka_unit_test(test_window),
	};

	return cmocka_run_group_tests(tests, datafix_setup, teardown);
}
