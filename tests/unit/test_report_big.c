/* test_report_big.c: maps and reports of battles bigger than the golden
 * files' (docs/maps.md, "Ship codes"; docs/reports.md).
 *
 * A side of more than 99 ships gets codes of four and five characters
 * (A100, A1000), one of more than 9999 "+" codes, and every code is given
 * once; the table of all codes agrees with the code of each ship alone.
 * On a map over 99 hexes are CCCRRR: the reports' ship tables stay
 * aligned (every hex and facing under its heading) and within 76
 * columns, and the ASCII map draws every code whole in its hex.  The
 * battles are made here; the data files come through datafix. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "dice.h"
#include "events.h"
#include "fileio.h"
#include "map.h"
#include "report.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* A battle on a columns x rows map: na ships of side a (a0001 ...,
 * triremes in lines of 50 facing N from 0110) and nb of side b (b0001
 * ..., a column of them facing S at the map's east edge). */
static char *
battle(int columns, int rows, int na, int nb)
{
	struct buf	b = BUF_INIT;
	int		i, dg = columns > 99 || rows > 99 ? 3 : 2;

	buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"1\">"
	    "<map columns=\"%d\" rows=\"%d\"/>"
	    "<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>"
	    "<side id=\"b\" nation=\"roman\" crew=\"average\"/>", columns,
	    rows);
	for (i = 0; i < na; i++)
		buf_printf(&b, "<ship id=\"a%04d\" side=\"a\" class=\"trireme\" "
		    "hex=\"%0*d%0*d\" facing=\"N\"/>", i + 1, dg, 1 + i % 50,
		    dg, 10 + i / 50);
	for (i = 0; i < nb; i++)
		buf_printf(&b, "<ship id=\"b%04d\" side=\"b\" "
		    "class=\"quinquereme\" hex=\"%0*d%0*d\" facing=\"S\"/>",
		    i + 1, dg, columns - i / rows, dg, 1 + i % rows);
	buf_adds(&b, "</scenario>");
	return buf_detach(&b);
}

/* --- codes ----------------------------------------------------------------- */

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The code in codes of the ship with that id. */
static const char *
code_of(const struct nv_state *st, char (*codes)[MAP_CODE_SIZE],
    const char *id)
{
	int	i = state_ship_index(st, id);

	assert_true(i >= 0);
	return codes[i];
}

static void
test_many_codes(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml = battle(150, 250, 10002, 120);
	struct nv_state		*st = datafix_state(fx, xml);
	char			(*codes)[MAP_CODE_SIZE], one[MAP_CODE_SIZE];
	char			**sorted;
	size_t			 i;

	codes = map_ship_codes(st, NULL);
	assert_string_equal(code_of(st, codes, "a0001"), "A1");
	assert_string_equal(code_of(st, codes, "a0099"), "A99");
	assert_string_equal(code_of(st, codes, "a0100"), "A100");
	assert_string_equal(code_of(st, codes, "a1000"), "A1000");
	assert_string_equal(code_of(st, codes, "a9999"), "A9999");
	/* Past 9999 a side: "+" and the place among all (from 0, in the
	 * order ids are read: a10000 is the 10,000th), in base 36. */
	assert_string_equal(code_of(st, codes, "a10000"), "+7pr");
	assert_string_equal(code_of(st, codes, "a10002"), "+7pt");
	assert_string_equal(code_of(st, codes, "b0001"), "B1");
	assert_string_equal(code_of(st, codes, "b0120"), "B120");
	/* Each alone, as the table has it (a sample: alone is linear). */
	for (i = 0; i < st->nships; i += 997)
		assert_string_equal(map_ship_code(st, (int)i, one),
		    codes[i]);
	/* Every code once, none longer than five. */
	sorted = xcalloc(st->nships, sizeof *sorted);
	for (i = 0; i < st->nships; i++) {
		assert_true(strlen(codes[i]) >= 2 && strlen(codes[i]) <= 5);
		sorted[i] = codes[i];
	}
	qsort(sorted, st->nships, sizeof *sorted, cmp_str);
	for (i = 1; i < st->nships; i++)
		if (strcmp(sorted[i - 1], sorted[i]) == 0)
			fail_msg("code %s twice", sorted[i]);
	free(sorted);
	free(codes);
	state_free(st);
	free(xml);
}

/* Every code of four and five characters drawn whole, once, in its hex:
 * the sheets of a map of 1100 ships show each. */
static void
test_long_codes_drawn(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml = battle(60, 40, 1100, 20);
	struct nv_state		*st = datafix_state(fx, xml);
	struct map_opts		 o = MAP_OPTS_INIT;
	struct buf		 out = BUF_INIT;
	char			(*codes)[MAP_CODE_SIZE], *grid, *p, *q;
	size_t			 i, n;

	o.cut = MAP_SHEETS;
	map_render(st, &o, &out);
	codes = map_ship_codes(st, NULL);
	/* The grids end where the legend starts. */
	grid = xstrdup(buf_str(&out));
	if ((p = strstr(grid, "\nKey:")) != NULL)
		*p = '\0';
	for (i = 0; i < st->nships; i++) {
		for (n = 0, p = grid; (q = strstr(p, codes[i])) != NULL;
		    p = q + 1)
			/* A whole word: inside a hex, between its edges. */
			if (q > grid && strchr(" /", q[-1]) != NULL &&
			    strchr(" \\\n", q[strlen(codes[i])]) != NULL)
				n++;
		if (n != 1)
			fail_msg("%s (%s) drawn %zu times", codes[i],
			    st->ships[i].id, n);
	}
	for (p = grid; *p != '\0'; p = q + 1) {
		q = strchr(p, '\n');
		if (q == NULL)
			break;
		assert_true(q - p <= MAP_WIDTH);
	}
	free(grid);
	free(codes);
	buf_free(&out);
	state_free(st);
	free(xml);
}

/* --- report tables --------------------------------------------------------- */

static char *
render(const struct report_input *in, const char *file)
{
	struct buf	 b = BUF_INIT;
	const char	*dir = getenv("NAVARCH_TEMPLATEDIR");
	char		*path, *xsl, *cause = NULL;
	size_t		 len;

	path = xasprintf("%s/%s", dir != NULL ? dir : "../templates", file);
	if (file_read(path, 1024 * 1024, &xsl, &len, &cause) != 0)
		fail_msg("%s (set NAVARCH_TEMPLATEDIR)", cause);
	if (report_render(in, path, xsl, len, &b, &cause) != 0)
		fail_msg("%s", cause);
	free(xsl);
	free(path);
	return buf_detach(&b);
}

/* Every row of each ship table under heading has its hex (digits, then
 * a space) under "Hex" and its facing under "Face". */
static size_t
check_table(const char *text, const char *heading)
{
	const char	*p = strstr(text, heading), *line, *nl;
	size_t		 hexc, facec, rows = 0, k;

	assert_non_null(p);
	p = strstr(p, "\nMap ");
	assert_non_null(p);
	line = p + 1;
	nl = strchr(line, '\n');
	hexc = (size_t)(strstr(line, "Hex") - line);
	facec = (size_t)(strstr(line, "Face") - line);
	assert_true(nl - line <= 76);
	for (line = nl + 1; strchr("\n( ", *line) == NULL; line = nl + 1) {
		nl = strchr(line, '\n');
		assert_true(nl - line <= 76);
		for (k = hexc; k < facec - 1; k++)
			if (line[k] < '0' || line[k] > '9')
				fail_msg("hex not under Hex: %.*s",
				    (int)(nl - line), line);
		assert_true(line[facec - 1] == ' ');
		assert_non_null(strchr("NS", line[facec]));
		rows++;
	}
	return rows;
}

static void
test_big_tables(void **state)
{
	const struct datafix	*fx = *state;
	char			*xml = battle(120, 100, 1005, 4), *out;
	struct nv_state		*st = datafix_state(fx, xml), *next = NULL;
	struct nv_dice		*dice = dice_seeded("big", "");
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct report_input	 in;
	char			*cause = NULL;

	if (turn_play(st, NULL, dice, &next, &ev, &cause) != 0)
		fail_msg("%s", cause);
	memset(&in, 0, sizeof in);
	in.before = st;
	in.after = next;
	in.ev = &ev;
	in.rolls = dice_rolls(dice, &in.nrolls);
	in.reader = REPORT_SIDE;
	in.side = 0;
	out = render(&in, "report-side.xsl");
	/* Codes of five characters and hexes of six: the ship column
	 * gives up one character for the table to fit. */
	assert_non_null(strstr(out, "\nA1005 a1005               trireme     "
	    "005030 N "));
	assert_true(check_table(out, "YOUR SHIPS") >= 1000);
	assert_int_equal(check_table(out, "ENEMY SHIPS"), 4);
	free(out);
	in.reader = REPORT_GM;
	in.side = -1;
	out = render(&in, "report-gm.xsl");
	assert_true(check_table(out, "SHIPS OF a") >= 1000);
	assert_int_equal(check_table(out, "SHIPS OF b"), 4);
	free(out);
	events_free(&ev);
	dice_free(dice);
	state_free(next);
	state_free(st);
	free(xml);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_many_codes),
		cmocka_unit_test(test_long_codes_drawn),
		cmocka_unit_test(test_big_tables),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
