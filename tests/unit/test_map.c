/* test_map.c: the ASCII hex map.
 *
 * Golden files (tests/unit/golden/map-*.txt) hold the whole output for a
 * table of states and options; every output is also checked for the
 * rules of the medium (width, no tabs, printable ASCII), for every shown
 * ship's code appearing exactly once in the grids, and for fog of war (a
 * hidden ship or wreck leaves the output exactly as if it did not exist).
 * NAVARCH_UPDATE_GOLDEN=1 rewrites the golden files instead of comparing:
 * look at the diff before committing it.  The small map, with every
 * facing, is tests/unit/fixtures/map-small.xml, shared with test_map_svg.c;
 * the real ruleset comes from datafix.h. */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "xpathfix.h"
#include "map.h"
#include "state.h"
#include "xalloc.h"

/* --- scenarios ----------------------------------------------------------- */

/* A generated battle: each side's ships in a cluster around its own
 * centre, facings in turn, an island in the middle of the map. */
struct gen {
	int	columns, rows;
	int	nsides, per_side;
	int	cx[3], cy[3];	/* cluster centres, column and row */
};

static char *
gen_xml(const struct gen *g)
{
	static const char *const classes[] = { "trireme", "bireme",
	    "quadrireme", "quinquereme" };
	static const char *const facings[] = { "N", "NE", "SE", "S", "SW",
	    "NW" };
	struct buf	b = BUF_INIT;
	int		s, j, col, row, n = 0;

	buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"5\">"
	    "<title>Generated %dx%d</title>"
	    "<map columns=\"%d\" rows=\"%d\">", g->columns, g->rows,
	    g->columns, g->rows);
	buf_printf(&b, "<land hex=\"%s\"/>", g->columns > 99 ? "060060" :
	    "1515");
	buf_adds(&b, "</map>");
	for (s = 0; s < g->nsides; s++)
		buf_printf(&b, "<side id=\"s%c\" nation=\"hellenistic\" "
		    "crew=\"average\"/>", 'a' + s);
	for (s = 0; s < g->nsides; s++) {
		for (j = 0; j < g->per_side; j++, n++) {
			col = g->cx[s] + (j % 4) * 3 - 4;
			row = g->cy[s] + (j / 4) * 2 - 2;
			buf_printf(&b, "<ship id=\"s%c%02d\" side=\"s%c\" "
			    "class=\"%s\" facing=\"%s\" speed=\"%d\" "
			    "hex=\"%0*d%0*d\"/>", 'a' + s, j, 'a' + s,
			    classes[n % 4], facings[n % 6], j % 4,
			    g->columns > 99 ? 3 : 2, col,
			    g->columns > 99 ? 3 : 2, row);
		}
	}
	buf_printf(&b, "<wreck hex=\"%s\" ship=\"hulk\"/></scenario>",
	    g->columns > 99 ? "061060" : "1516");
	return buf_detach(&b);
}

static const struct gen gen30 = { 30, 30, 3, 6, { 5, 25, 16 },
	{ 5, 26, 14 } };
static const struct gen gen40 = { 40, 25, 2, 8, { 8, 33 }, { 6, 20 } };
static const struct gen gen120 = { 120, 120, 2, 5, { 20, 100 },
	{ 30, 90 } };

enum src { SRC_SMALL, SRC_DEMO, SRC_GEN30, SRC_GEN40, SRC_GEN120 };

static char *
scenario_text(enum src src)
{
	size_t	len;

	switch (src) {
	case SRC_SMALL:
		return datafix_read("../tests/unit/fixtures/map-small.xml",
		    &len);
	case SRC_DEMO:	return datafix_read("../orders/demo/scenario.xml", &len);
	case SRC_GEN30:	return gen_xml(&gen30);
	case SRC_GEN40:	return gen_xml(&gen40);
	case SRC_GEN120: return gen_xml(&gen120);
	}
	return NULL;
}

static char *
render(const struct nv_state *st, const struct map_opts *o)
{
	struct buf	b = BUF_INIT;

	map_render(st, o, &b);
	return buf_detach(&b);
}

/* --- properties ---------------------------------------------------------- */

static int
in_area(const struct nv_state *st, int ship, struct map_area a)
{
	int	col, row;

	hex_to_cr(st->ships[ship].hex, &col, &row);
	return col >= a.col0 && col <= a.col1 && row >= a.row0 &&
	    row <= a.row1;
}

static void
check_medium(const char *out, int width)
{
	const char	*p, *nl;

	assert_true(strlen(out) > 0 && out[strlen(out) - 1] == '\n');
	for (p = out; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl - p > width)
			fail_msg("line over %d: '%.*s'", width, (int)(nl - p),
			    p);
		for (; p < nl; p++)
			if (*p < 0x20 || *p > 0x7e)
				fail_msg("byte 0x%02x in '%.40s'",
				    (unsigned char)*p, p);
	}
}

static void
check_ships(const struct nv_state *st, const struct map_opts *o,
    const char *out)
{
	const char		*key = strstr(out, "\nKey:");
	struct map_sheet	*cover;
	size_t			 glen, i, ncover = map_cover(st, o, &cover), k;
	char			 code[MAP_CODE_SIZE];
	int			 want;

	assert_non_null(key);
	glen = (size_t)(key - out);
	for (i = 0; i < st->nships; i++) {
		if (o->ship_visible != NULL && !o->ship_visible[i]) {
			assert_int_equal(count_word(out, strlen(out),
			    st->ships[i].id), 0);
			continue;
		}
		map_ship_code(st, (int)i, code);
		if (!ship_on_map(&st->ships[i]))
			want = 0;
		else if (o->cut == MAP_SHEETS)
			want = 1;
		else {
			/* On one of the sheets around the reader's ships
			 * (a window when they fit one), which are
			 * disjoint; the reader's own always are. */
			for (want = 0, k = 0; k < ncover; k++)
				want += in_area(st, (int)i, cover[k].area);
			if (o->side >= 0 && st->ships[i].side == o->side)
				assert_int_equal(want, 1);
		}
		if (count_word(out, glen, code) != want)
			fail_msg("ship %s, code %s: %d in the grid, want %d",
			    st->ships[i].id, code,
			    count_word(out, glen, code), want);
		/* Listed once, in the legend, if it is on the map. */
		assert_int_equal(count_word(key, strlen(key),
		    st->ships[i].id), ship_on_map(&st->ships[i]) ? 1 : 0);
	}
	free(cover);
}

static void
check_all(const struct nv_state *st, const struct map_opts *o,
    const char *out)
{
	check_medium(out, o->width > 0 ? o->width : MAP_WIDTH);
	check_ships(st, o, out);
}

/* --- golden files -------------------------------------------------------- */

struct golden_row {
	const char	*name;		/* in tests/unit/golden/ */
	enum src	 src;
	const char	*side;		/* id, or NULL for all */
	enum map_cut	 cut;
	int		 width, height;
};

static const struct golden_row golden_rows[] = {
	{ "map-small.txt",        SRC_SMALL,  NULL, MAP_WINDOW, 0, 0 },
	{ "map-small-narrow.txt", SRC_SMALL,  "b",  MAP_WINDOW, 24, 0 },
	{ "map-demo.txt",         SRC_DEMO,   NULL, MAP_WINDOW, 0, 0 },
	{ "map-demo-athens.txt",  SRC_DEMO,   "athens", MAP_WINDOW, 0, 0 },
	{ "map-demo-sheets.txt",  SRC_DEMO,   NULL, MAP_SHEETS, 0, 6 },
	{ "map-30x30-all.txt",    SRC_GEN30,  NULL, MAP_WINDOW, 0, 0 },
	{ "map-30x30-sa.txt",     SRC_GEN30,  "sa", MAP_WINDOW, 0, 0 },
	{ "map-30x30-sb.txt",     SRC_GEN30,  "sb", MAP_WINDOW, 0, 0 },
	{ "map-30x30-sc.txt",     SRC_GEN30,  "sc", MAP_WINDOW, 0, 0 },
	{ "map-40x25-sheets.txt", SRC_GEN40,  NULL, MAP_SHEETS, 0, 0 },
	{ "map-120x120-sb.txt",   SRC_GEN120, "sb", MAP_WINDOW, 0, 0 },
};

static void
test_golden(void **state)
{
	const struct datafix	*fx = *state;
	size_t			 i;

	for (i = 0; i < sizeof golden_rows / sizeof golden_rows[0]; i++) {
		const struct golden_row	*g = &golden_rows[i];
		struct map_opts		 o = MAP_OPTS_INIT;
		struct nv_state		*st;
		char			*xml, *out, *again;

		xml = scenario_text(g->src);
		st = datafix_state(fx, xml);
		if (g->side != NULL)
			assert_true((o.side = state_side_index(st, g->side))
			    >= 0);
		o.cut = g->cut;
		o.width = g->width;
		o.height = g->height;
		out = render(st, &o);
		check_all(st, &o, out);
		datafix_golden(g->name, out);
		/* Deterministic: the same again, byte for byte. */
		again = render(st, &o);
		assert_string_equal(out, again);
		free(again);
		free(out);
		state_free(st);
		free(xml);
	}
}

/* --- fog of war ---------------------------------------------------------- */

static const struct {
	enum src	 src;
	const char	*side;
	enum map_cut	 cut;
} fog_rows[] = {
	{ SRC_SMALL, NULL, MAP_WINDOW },
	{ SRC_SMALL, "a", MAP_SHEETS },
	{ SRC_DEMO, "athens", MAP_WINDOW },
	{ SRC_GEN30, "sb", MAP_WINDOW },
	{ SRC_GEN30, NULL, MAP_SHEETS },
};

/* Hiding ship i gives the same output as a state where ship i has left
 * the map (codes number every ship, seen or not, so that they stay the
 * same from turn to turn), and nothing of it (id, name, code) shows. */
static void
fog_one_ship(struct nv_state *st, struct map_opts *o, size_t i)
{
	unsigned char	*vis = xcalloc(st->nships, 1);
	char		*out, *out2, code[MAP_CODE_SIZE];
	const char	*key, *legend;
	int		 status = st->ships[i].status;

	memset(vis, 1, st->nships);
	vis[i] = 0;
	o->ship_visible = vis;
	out = render(st, o);
	check_all(st, o, out);
	if (st->ships[i].name != NULL)
		assert_null(strstr(out, st->ships[i].name));
	/* Its code is nowhere but in the key's drawings (which show A1). */
	map_ship_code(st, (int)i, code);
	key = strstr(out, "\nKey:");
	legend = strstr(out, "\n##### land");
	assert_true(key != NULL && legend != NULL);
	assert_int_equal(count_word(out, (size_t)(key - out), code) +
	    count_word(legend, strlen(legend), code), 0);
	st->ships[i].status = NV_STATUS_EXITED;
	o->ship_visible = NULL;
	out2 = render(st, o);
	st->ships[i].status = status;
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

	for (r = 0; r < sizeof fog_rows / sizeof fog_rows[0]; r++) {
		struct map_opts	 o = MAP_OPTS_INIT;
		struct nv_state	*st;
		char		*xml;

		xml = scenario_text(fog_rows[r].src);
		st = datafix_state(fx, xml);
		o.cut = fog_rows[r].cut;
		for (i = 0; i < st->nships; i++) {
			/* The reader's own side is always its own. */
			o.side = fog_rows[r].side != NULL ?
			    state_side_index(st, fog_rows[r].side) : -1;
			if (o.side >= 0 && st->ships[i].side == o.side)
				continue;
			fog_one_ship(st, &o, i);
		}
		state_free(st);
		free(xml);
	}
}

/* A hidden wreck is not drawn or listed. */
static void
test_fog_wreck(void **state)
{
	const struct datafix	*fx = *state;
	struct map_opts		 o = MAP_OPTS_INIT;
	struct nv_state		*st, *st2;
	unsigned char		 hide[1] = { 0 };
	char			*xml, *xml2, *out, *out2;

	xml = scenario_text(SRC_SMALL);
	st = datafix_state(fx, xml);
	assert_int_equal(st->nwrecks, 1);
	out = render(st, &o);
	assert_non_null(strstr(out, "/wreck\\"));
	assert_int_equal(count_word(out, strlen(out), "old"), 1);
	free(out);
	o.wreck_visible = hide;
	out = render(st, &o);
	assert_int_equal(count_word(out, strlen(out), "old"), 0);
	assert_null(strstr(out, "/wreck\\"));
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

/* --- geometry ------------------------------------------------------------ */

static void
test_columns_fit(void **state)
{
	static const struct { int width, digits, want; } rows[] = {
		{ 76, 2, 13 },	/* 5 * 13 + 2 * 2 + 4 = 73 */
		{ 76, 3, 13 },	/* 75 */
		{ 77, 2, 13 },
		{ 78, 2, 14 },	/* 78 */
		{ 24, 2, 3 },
		{ 24, 3, 2 },
		{ 5, 2, 1 },	/* never below one column */
	};
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		assert_int_equal(map_columns_fit(rows[i].width,
		    rows[i].digits), rows[i].want);
}

static struct nv_state *
blank(const struct datafix *fx, int columns, int rows)
{
	struct nv_state	*st;
	char		*xml;

	xml = xasprintf("<scenario ruleset=\"classic\" turn=\"1\"><map columns=\"%d\" "
	    "rows=\"%d\"/><side id=\"a\" nation=\"hellenistic\" "
	    "crew=\"average\"/></scenario>", columns, rows);
	st = datafix_state(fx, xml);
	free(xml);
	return st;
}

/* Sheets tile the map: every hex on exactly one sheet, each sheet starts
 * on an odd column, fits the width, and neighbours point back. */
static void
test_sheets(void **state)
{
	static const struct { int columns, rows, width, height, n; } rows[] = {
		{ 40, 25, 76, 15, 8 },	/* 4 across (10 columns), 2 down */
		{ 13, 15, 76, 15, 1 },	/* fits one sheet exactly */
		{ 14, 16, 76, 15, 4 },
		{ 1, 1, 76, 15, 1 },
		{ 120, 120, 76, 15, 80 },
		{ 30, 30, 24, 4, 120 },
	};
	static const int	 back[MAP_NB_COUNT] = { MAP_NB_S, MAP_NB_SW,
				    MAP_NB_W, MAP_NB_NW, MAP_NB_N, MAP_NB_NE,
				    MAP_NB_E, MAP_NB_SE };
	const struct datafix	*fx = *state;
	size_t			 i, n, s;
	int			 k, c, r, hits, fit;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct map_opts		 o = MAP_OPTS_INIT;
		struct map_sheet	*sh;
		struct nv_state		*st;
		char			*out;

		st = blank(fx, rows[i].columns, rows[i].rows);
		o.width = rows[i].width;
		o.height = rows[i].height;
		o.cut = MAP_SHEETS;
		n = map_sheets(st, &o, &sh);
		assert_int_equal(n, rows[i].n);
		fit = map_columns_fit(o.width, state_hex_digits(st));
		for (c = 1; c <= st->columns; c++)
			for (r = 1; r <= st->rows; r++) {
				for (hits = 0, s = 0; s < n; s++)
					hits += c >= sh[s].area.col0 &&
					    c <= sh[s].area.col1 &&
					    r >= sh[s].area.row0 &&
					    r <= sh[s].area.row1;
				assert_int_equal(hits, 1);
			}
		for (s = 0; s < n; s++) {
			assert_int_equal(sh[s].number, (int)s + 1);
			assert_int_equal(sh[s].area.col0 % 2, 1);
			assert_true(sh[s].area.col1 - sh[s].area.col0 < fit);
			assert_true(sh[s].area.row1 - sh[s].area.row0 <
			    o.height);
			for (k = 0; k < MAP_NB_COUNT; k++)
				if (sh[s].nb[k] > 0)
					assert_int_equal(
					    sh[sh[s].nb[k] - 1].nb[back[k]],
					    sh[s].number);
		}
		out = render(st, &o);
		check_medium(out, o.width);
		assert_int_equal(count_word(out, strlen(out), "Sheet"),
		    (int)n);
		free(out);
		free(sh);
		state_free(st);
	}
}

/* Windows: centred on the reader's ships, on an odd column when they
 * allow, clamped to the map. */
static void
test_window(void **state)
{
	static const struct {
		enum src	 src;
		const char	*side;
		int		 width, height;
		struct map_area	 want;
	} rows[] = {
		{ SRC_DEMO, NULL, 0, 0, { 4, 16, 1, 12 } },	/* 13 wide */
		{ SRC_DEMO, "athens", 0, 0, { 1, 13, 1, 12 } },
		{ SRC_DEMO, "persia", 0, 0, { 7, 19, 1, 12 } },
		{ SRC_DEMO, "persia", 40, 4, { 11, 16, 3, 6 } },
		{ SRC_SMALL, NULL, 0, 0, { 1, 5, 1, 4 } },
		{ SRC_GEN30, "sa", 0, 0, { 1, 13, 1, 15 } },
		{ SRC_GEN30, "sb", 0, 0, { 18, 30, 16, 30 } },	/* even */
		{ SRC_GEN30, "sc", 0, 0, { 9, 21, 6, 20 } },
		{ SRC_GEN120, "sb", 0, 0, { 93, 105, 82, 96 } },
	};
	const struct datafix	*fx = *state;
	size_t			 i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct map_opts	 o = MAP_OPTS_INIT;
		struct nv_state	*st;
		struct map_area	 a;
		char		*xml;

		xml = scenario_text(rows[i].src);
		st = datafix_state(fx, xml);
		if (rows[i].side != NULL)
			o.side = state_side_index(st, rows[i].side);
		o.width = rows[i].width;
		o.height = rows[i].height;
		a = map_window(st, &o);
		if (a.col0 != rows[i].want.col0 ||
		    a.col1 != rows[i].want.col1 ||
		    a.row0 != rows[i].want.row0 ||
		    a.row1 != rows[i].want.row1)
			fail_msg("row %zu: window %d-%d x %d-%d, want "
			    "%d-%d x %d-%d", i, a.col0, a.col1, a.row0,
			    a.row1, rows[i].want.col0, rows[i].want.col1,
			    rows[i].want.row0, rows[i].want.row1);
		state_free(st);
		free(xml);
	}
}

/* --- codes --------------------------------------------------------------- */

static void
test_codes(void **state)
{
	const struct datafix	*fx = *state;
	struct nv_state		*st;
	unsigned char		 vis[8] = { 1, 0, 1, 1, 1, 1, 1, 1 };
	char			*xml, code[MAP_CODE_SIZE];
	char			(*codes)[MAP_CODE_SIZE];

	xml = scenario_text(SRC_SMALL);
	st = datafix_state(fx, xml);
	/* In id order: a-n a-ne a-se b-nw b-s b-sw prize sunk; prize keeps
	 * its original side's letter. */
	assert_string_equal(map_ship_code(st, 0, code), "A1");
	assert_string_equal(map_ship_code(st, 2, code), "A3");
	assert_string_equal(map_ship_code(st, 3, code), "B1");
	assert_string_equal(map_ship_code(st, 6, code), "B4");
	assert_string_equal(map_ship_code(st, 7, code), "A4");
	/* A hidden ship has no code and leaves the others as they were:
	 * codes do not change as ships come into sight or leave it. */
	codes = map_ship_codes(st, vis);
	assert_string_equal(codes[1], "");
	assert_string_equal(codes[2], "A3");
	assert_string_equal(codes[7], "A4");
	free(codes);
	state_free(st);
	free(xml);
}

/* Numbers in ids count by value: a10 comes after a9 (the state holds the
 * ships in byte order, a1 a10 a2 a9 b10 b9), so ships a1 ... a10 are A1
 * ... A10 and a player never reads A2 for a10. */
static void
test_codes_natural_order(void **state)
{
	static const char	 xml[] = "<scenario ruleset=\"classic\" "
	    "turn=\"1\"><map columns=\"6\" rows=\"6\"/>"
	    "<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>"
	    "<side id=\"b\" nation=\"hellenistic\" crew=\"average\"/>"
	    "<ship id=\"a10\" side=\"a\" class=\"trireme\" hex=\"0101\" "
	    "facing=\"N\"/><ship id=\"a2\" side=\"a\" class=\"trireme\" "
	    "hex=\"0102\" facing=\"N\"/><ship id=\"a9\" side=\"a\" "
	    "class=\"trireme\" hex=\"0103\" facing=\"N\"/>"
	    "<ship id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0104\" "
	    "facing=\"N\"/><ship id=\"b9\" side=\"b\" class=\"trireme\" "
	    "hex=\"0601\" facing=\"S\"/><ship id=\"b10\" side=\"b\" "
	    "class=\"trireme\" hex=\"0602\" facing=\"S\"/></scenario>";
	static const char *const want[][2] = {
		{ "a1", "A1" }, { "a2", "A2" }, { "a9", "A3" }, { "a10", "A4" },
		{ "b9", "B1" }, { "b10", "B2" }
	};
	const struct datafix	*fx = *state;
	struct nv_state		*st = datafix_state(fx, xml);
	unsigned char		 vis[8];
	char			 code[MAP_CODE_SIZE];
	char			(*codes)[MAP_CODE_SIZE];
	size_t			 i;
	int			 k;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		k = state_ship_index(st, want[i][0]);
		assert_true(k >= 0);
		assert_string_equal(map_ship_code(st, k, code),
		    want[i][1]);
	}
	/* Hiding a2 leaves a10 its code. */
	memset(vis, 1, sizeof vis);
	vis[state_ship_index(st, "a2")] = 0;
	codes = map_ship_codes(st, vis);
	assert_string_equal(codes[state_ship_index(st, "a10")], "A4");
	assert_string_equal(codes[state_ship_index(st, "a2")], "");
	free(codes);
	state_free(st);
}

/* --- main ---------------------------------------------------------------- */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_fog),
		cmocka_unit_test(test_fog_wreck),
		cmocka_unit_test(test_columns_fit),
		cmocka_unit_test(test_sheets),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_codes_natural_order),
	};

	return cmocka_run_group_tests(tests, datafix_setup,
	    datafix_teardown);
}
