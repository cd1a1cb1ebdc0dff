/* test_map_sheets.c: the map of a big battle (docs/maps.md, "Sheets
 * around the reader's ships", "The overview", "Ship codes").
 *
 * A 200-ship battle scattered over a 90 x 60 map, read by each side (with
 * and without fog) and by the GM: every line within 76 columns, every
 * ship of the reader on exactly one sheet and its code drawn once, the
 * sheets disjoint and each within a window's size; the same sheets and
 * overview when every ship and side is renamed and the ships come in
 * another order; and every ship's code the same on two turns played by
 * the engine, whatever the reader sees on each. */
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
#include "dice.h"
#include "events.h"
#include "hex.h"
#include "map.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

#define COLUMNS	90
#define ROWS	60
#define NSHIPS	200

/* The battle: ship j of NSHIPS at a hex drawn by a fixed LCG (no two in
 * one hex, none on the island at 4530-4532), side j % 2; renamed, ship j
 * is called by the number NSHIPS - 1 - j and the sides by other names,
 * so that the state holds the ships in the opposite order. */
static char *
battle(int renamed)
{
	static const char *const sides[2][2] = { { "athens", "persia" },
	    { "zakynthos", "byblos" } };
	struct buf	 b = BUF_INIT;
	unsigned char	*used = xcalloc(COLUMNS * ROWS + 1, 1);
	uint32_t	 x = 12345;
	int		 j, col, row, s, num;

	buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"1\">"
	    "<title>Two hundred</title><map columns=\"%d\" rows=\"%d\">"
	    "<land hex=\"4530\"/><land hex=\"4531\"/><land hex=\"4532\"/>"
	    "</map>", COLUMNS, ROWS);
	for (s = 0; s < 2; s++)
		buf_printf(&b, "<side id=\"%s\" nation=\"hellenistic\" "
		    "crew=\"average\"/>", sides[renamed][s]);
	for (j = 0; j < NSHIPS; j++) {
		do {
			x = x * 1103515245u + 12345u;
			col = 1 + (int)((x >> 8) % COLUMNS);
			x = x * 1103515245u + 12345u;
			row = 1 + (int)((x >> 8) % ROWS);
		} while (used[(row - 1) * COLUMNS + col - 1] ||
		    (col == 45 && row >= 30 && row <= 32));
		used[(row - 1) * COLUMNS + col - 1] = 1;
		s = j % 2;
		num = renamed ? NSHIPS - 1 - j : j;
		buf_printf(&b, "<ship id=\"%c%03d\" side=\"%s\" "
		    "class=\"trireme\" hex=\"%02d%02d\" facing=\"%s\"/>",
		    renamed ? 'q' : 's', num, sides[renamed][s], col, row,
		    s == 0 ? "NE" : "SW");
	}
	buf_adds(&b, "<wreck hex=\"4533\" ship=\"hulk\"/></scenario>");
	free(used);
	return buf_detach(&b);
}

/* Fog for reader side: its own ships, and the others within 8 hexes of
 * one of them. */
static unsigned char *
fog(const struct nv_state *st, int side)
{
	unsigned char	*vis = xcalloc(st->nships + 1, 1);
	size_t		 i, k;

	for (i = 0; i < st->nships; i++) {
		vis[i] = st->ships[i].side == side;
		for (k = 0; k < st->nships && !vis[i]; k++)
			if (st->ships[k].side == side &&
			    ship_on_map(&st->ships[k]) &&
			    hex_distance(st->ships[k].hex,
			    st->ships[i].hex) <= 8)
				vis[i] = 1;
	}
	return vis;
}

/* How often word occurs in s[0..n) with no letter or digit either side. */
static int
count_word(const char *s, size_t n, const char *word)
{
	size_t		 len = strlen(word), i;
	int		 count = 0;

	for (i = 0; i + len <= n; i++)
		if (memcmp(s + i, word, len) == 0 &&
		    (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (i + len == n || !isalnum((unsigned char)s[i + len])))
			count++;
	return count;
}

static int
in_area(const struct nv_state *st, size_t ship, struct map_area a)
{
	int	col, row;

	hex_to_cr(st->ships[ship].hex, &col, &row);
	return col >= a.col0 && col <= a.col1 && row >= a.row0 &&
	    row <= a.row1;
}

/* Every line at most width, printable ASCII. */
static void
check_lines(const char *out, int width)
{
	const char	*p = out, *nl;

	for (; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_non_null(nl);
		if (nl - p > width)
			fail_msg("line of %d: %.*s", (int)(nl - p),
			    (int)(nl - p), p);
		for (; p < nl; p++)
			assert_true(*p >= 0x20 && *p < 0x7f);
	}
}

/* The sheets of o: disjoint, within a window's size, every ship of the
 * reader (every visible ship for the GM) on exactly one. */
static size_t
check_cover(const struct nv_state *st, const struct map_opts *o,
    struct map_sheet **sheets)
{
	size_t	n = map_cover(st, o, sheets), i, k, on;
	int	fit = map_columns_fit(MAP_WIDTH, 2);

	for (k = 0; k < n; k++) {
		struct map_area a = (*sheets)[k].area;

		assert_true(a.col0 >= 1 && a.col1 <= st->columns);
		assert_true(a.row0 >= 1 && a.row1 <= st->rows);
		assert_true(a.col1 - a.col0 + 1 <= fit);
		assert_true(a.row1 - a.row0 + 1 <= MAP_HEIGHT);
		for (i = 0; i < k; i++) {
			struct map_area b = (*sheets)[i].area;

			assert_false(a.col0 <= b.col1 && b.col0 <= a.col1 &&
			    a.row0 <= b.row1 && b.row0 <= a.row1);
		}
	}
	for (i = 0; i < st->nships; i++) {
		if ((o->side >= 0 && st->ships[i].side != o->side) ||
		    (o->ship_visible != NULL && !o->ship_visible[i]))
			continue;
		for (on = 0, k = 0; k < n; k++)
			on += in_area(st, i, (*sheets)[k].area);
		if (on != 1)
			fail_msg("ship %s on %zu sheets", st->ships[i].id, on);
	}
	return n;
}

/* The map of o: within 76 columns, the overview, and every ship of the
 * reader's code drawn once in the sheets' grids. */
static void
check_render(const struct nv_state *st, const struct map_opts *o)
{
	struct buf	 b = BUF_INIT;
	struct map_sheet *sheets;
	char		(*codes)[MAP_CODE_SIZE];
	const char	*grid, *key;
	size_t		 n, i;

	n = check_cover(st, o, &sheets);
	assert_true(n >= 4);
	map_render(st, o, &b);
	check_lines(buf_str(&b), MAP_WIDTH);
	assert_non_null(strstr(buf_str(&b), "\nOverview of the "));
	grid = strstr(buf_str(&b), "\nSheet 1 of ");
	key = strstr(buf_str(&b), "\nKey:");
	assert_true(grid != NULL && key != NULL && grid < key);
	assert_null(strstr(buf_str(&b), "not in this window"));
	codes = map_ship_codes(st, o->ship_visible);
	for (i = 0; i < st->nships; i++) {
		if (o->side >= 0 && st->ships[i].side != o->side)
			continue;
		if (count_word(grid, (size_t)(key - grid), codes[i]) != 1)
			fail_msg("%s (%s) is not drawn once", codes[i],
			    st->ships[i].id);
	}
	free(codes);
	free(sheets);
	buf_free(&b);
}

static void
test_big_battle(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml = battle(0);
	struct nv_state		*st = datafix_state(fx, xml);
	struct map_opts		 o = MAP_OPTS_INIT;
	unsigned char		*vis;
	int			 side;

	assert_int_equal(st->nships, NSHIPS);
	check_render(st, &o);			/* the GM */
	for (side = 0; side < 2; side++) {
		o.side = side;
		o.ship_visible = NULL;
		check_render(st, &o);
		vis = fog(st, side);
		o.ship_visible = vis;
		check_render(st, &o);
		free(vis);
	}
	state_free(st);
	free(xml);
}

/* The overview's rows (the lines that start with a row number), which
 * name no ship and no side. */
static char *
overview_rows(const struct nv_state *st, const struct map_opts *o)
{
	struct buf	 b = BUF_INIT, rows = BUF_INIT;
	const char	*p, *end, *nl;

	map_render(st, o, &b);
	p = strstr(buf_str(&b), "\nOverview of the ");
	end = strstr(buf_str(&b), "\nSheet 1 of ");
	assert_true(p != NULL && end != NULL);
	for (; p < end; p = nl + 1) {
		nl = strchr(p + 1, '\n');
		if (isdigit((unsigned char)p[1]))
			buf_add(&rows, p + 1, (size_t)(nl - p));
	}
	assert_true(rows.len > 0);
	buf_free(&b);
	return buf_detach(&rows);
}

/* The same battle with every ship and side renamed (and the ships in the
 * opposite order in the state): the same sheets, the same overview. */
static void
test_rename(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml1 = battle(0), *xml2 = battle(1);
	struct nv_state		*st1 = datafix_state(fx, xml1);
	struct nv_state		*st2 = datafix_state(fx, xml2);
	struct map_sheet	*s1, *s2;
	char			*r1, *r2;
	size_t			 n1, n2, k;
	int			 side;

	assert_string_not_equal(st1->ships[0].id, st2->ships[0].id);
	for (side = -1; side < 2; side++) {
		struct map_opts	o = MAP_OPTS_INIT;

		o.side = side;
		n1 = map_cover(st1, &o, &s1);
		n2 = map_cover(st2, &o, &s2);
		assert_int_equal(n1, n2);
		for (k = 0; k < n1; k++)
			assert_memory_equal(&s1[k].area, &s2[k].area,
			    sizeof s1[k].area);
		r1 = overview_rows(st1, &o);
		r2 = overview_rows(st2, &o);
		assert_string_equal(r1, r2);
		free(r1);
		free(r2);
		free(s1);
		free(s2);
	}
	state_free(st1);
	state_free(st2);
	free(xml1);
	free(xml2);
}

/* Two turns played by the engine, the reader seeing different enemies on
 * each: every ship has the same code on both (and the code it has with
 * no fog at all). */
static void
test_codes_two_turns(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml = battle(0), *cause = NULL;
	struct nv_state		*st[3];
	struct nv_dice		*dice = dice_seeded("sheets", "");
	struct nv_events	 ev = NV_EVENTS_INIT;
	char			(*all)[MAP_CODE_SIZE], (*c1)[MAP_CODE_SIZE];
	char			(*c2)[MAP_CODE_SIZE];
	unsigned char		*v1, *v2;
	size_t			 i, both = 0, differ = 0;
	int			 t;

	st[0] = datafix_state(fx, xml);
	for (t = 0; t < 2; t++) {
		if (turn_play(st[t], NULL, dice, &st[t + 1], &ev,
		    &cause) != 0)
			fail_msg("%s", cause);
		events_free(&ev);
	}
	assert_int_equal(st[2]->turn, st[0]->turn + 2);
	v1 = fog(st[1], 0);
	/* On the second turn the reader sees the enemies it did not. */
	v2 = fog(st[2], 0);
	for (i = 0; i < st[2]->nships; i++)
		if (st[2]->ships[i].side != 0)
			v2[i] = !v1[i];
	all = map_ship_codes(st[0], NULL);
	c1 = map_ship_codes(st[1], v1);
	c2 = map_ship_codes(st[2], v2);
	for (i = 0; i < st[0]->nships; i++) {
		assert_string_equal(st[0]->ships[i].id, st[2]->ships[i].id);
		if (v1[i])
			assert_string_equal(c1[i], all[i]);
		else
			assert_string_equal(c1[i], "");
		if (v2[i])
			assert_string_equal(c2[i], all[i]);
		both += v1[i] && v2[i];
		differ += v1[i] != v2[i];
	}
	assert_true(both >= NSHIPS / 2 && differ > 0);
	free(all);
	free(c1);
	free(c2);
	free(v1);
	free(v2);
	for (t = 0; t < 3; t++)
		state_free(st[t]);
	dice_free(dice);
	free(xml);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_big_battle),
		cmocka_unit_test(test_rename),
		cmocka_unit_test(test_codes_two_turns),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
