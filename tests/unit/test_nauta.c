/* test_nauta.c: the Nauta module's data and figures (src/game/nauta/).
 *
 * The real data/rulesets/nauta.xml loaded with its schema: its numbers
 * against nauta.md's tables; the Balistae arc against nauta.md's count
 * (1, 3, 5 and 5 hexes at ranges 1-4) and hand-picked hexes; a ship's
 * maximum speed, value and Dash from tables worked out by hand; the id
 * lists; and the loader's answers to broken data.  The turn itself is
 * the case suite's (tests/cases/3NN-nauta-*). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "hex.h"
#include "nauta/nauta.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

struct nfix {
	struct nv_ruleset	*rs;
	char			*xml, *rng;
	size_t			 xmllen, rnglen;
};

static int
setup(void **state)
{
	struct nfix	*f = xcalloc(1, sizeof *f);
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;

	f->xml = datafix_read("rulesets/nauta.xml", &f->xmllen);
	f->rng = datafix_read("schema/ruleset-nauta.rng", &f->rnglen);
	f->rs = ruleset_load("nauta.xml", f->xml, f->xmllen, f->rng,
	    f->rnglen, &d);
	if (f->rs == NULL) {
		diag_format(&d, &b);
		fail_msg("nauta.xml does not load:\n%s", buf_str(&b));
	}
	diag_free(&d);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct nfix	*f = *state;

	ruleset_free(f->rs);
	free(f->xml);
	free(f->rng);
	free(f);
	return 0;
}

/* ---- the data ----------------------------------------------------------- */

static const struct {
	const char	*id;
	int		 size, soldiers, max, accel, decel, points, extras;
} classes[] = {			/* nauta.md, "Ship data" */
	{ "moneris",	  0, 0, 6, 3, 4,  15, 0 },
	{ "biremis",	  1, 0, 5, 2, 3,  20, 1 },
	{ "triremis",	  2, 1, 5, 2, 3,  30, 1 },
	{ "quadriremis",  3, 2, 5, 2, 3,  45, 1 },
	{ "quinqueremis", 4, 4, 5, 1, 2,  65, 2 },
	{ "hexeris",	  5, 6, 4, 1, 2,  80, 2 },
	{ "hepteris",	  5, 6, 4, 1, 2,  80, 2 },
	{ "deceris",	  6, 8, 4, 1, 2, 100, 2 },
};

static void
test_data(void **state)
{
	const struct nv_ruleset		*rs = ((struct nfix *)*state)->rs;
	const struct nauta_data		*nd = nauta_data(rs);
	const struct nauta_class	*c;
	size_t				 i;
	int				 k, p, sum;

	assert_ptr_equal(rs->ops, ruleset_ops_find("nauta"));
	assert_int_equal(rs->nclasses, sizeof classes / sizeof classes[0]);
	for (i = 0; i < rs->nclasses; i++) {
		assert_string_equal(rs->classes[i].id, classes[i].id);
		c = &nd->classes[i];
		assert_int_equal(c->size, classes[i].size);
		assert_int_equal(c->soldiers, classes[i].soldiers);
		assert_int_equal(c->max_speed, classes[i].max);
		assert_int_equal(c->accel, classes[i].accel);
		assert_int_equal(c->decel, classes[i].decel);
		assert_int_equal(c->points, classes[i].points);
		assert_int_equal(c->extras, classes[i].extras);
	}
	/* The schedule: n steps in all, floor(p*n/6) - floor((p-1)*n/6) a
	 * phase; 7 twice in phase 6, 8 twice in phases 3 and 6. */
	assert_int_equal(rs->phases, 6);
	assert_int_equal(rs->max_speed, 8);
	for (k = 0; k <= 8; k++) {
		for (p = 1, sum = 0; p <= 6; p++) {
			assert_int_equal(ruleset_moves(rs, k, p),
			    p * k / 6 - (p - 1) * k / 6);
			sum += ruleset_moves(rs, k, p);
		}
		assert_int_equal(sum, k);
	}
	assert_int_equal(ruleset_moves(rs, 8, 3), 2);
	assert_int_equal(nd->crews[ruleset_crew_index(rs, "skilled")].budget,
	    90);
	assert_int_equal(nd->crews[ruleset_crew_index(rs, "green")].initiative,
	    -1);
	assert_int_equal(nd->extra_cost, 5);
	assert_int_equal(nd->admiral_loss, 50);
	assert_int_equal(nd->turns_default, 12);
	assert_false(nd->lateral_auto);
	assert_false(nd->crew_contest);
	/* Options: harpax needs balistae; fast excludes towers. */
	k = nauta_option_index(nd, "harpax");
	assert_true(k >= 0);
	assert_true(nd->options[k].requires >> nd->opt_balistae & 1UL);
	k = nauta_option_index(nd, "fast");
	assert_int_equal(nd->options[k].max_speed, 6);
	assert_true(nd->options[k].excludes >>
	    nauta_option_index(nd, "towers") & 1UL);
	assert_int_equal(nauta_option_index(nd, "saving-admiral"), -1);
}

/* ---- the Balistae arc ---------------------------------------------------- */

static void
test_arc_counts(void **state)
{
	const struct nauta_data	*nd = nauta_data(((struct nfix *)*state)->rs);
	struct nv_hex		 from = hex_from_cr(10, 10), h;
	int			 f, q, r, range, side, count[10];

	for (f = 0; f < 6; f++) {
		memset(count, 0, sizeof count);
		for (q = -6; q <= 6; q++)
			for (r = -6; r <= 6; r++) {
				h.q = from.q + q;
				h.r = from.r + r;
				if (!nauta_in_arc(nd, from, f, h, &range, &side))
					continue;
				assert_int_equal(range, hex_distance(from, h));
				count[range]++;
			}
		assert_int_equal(count[0], 0);
		assert_int_equal(count[1], 1);
		assert_int_equal(count[2], 3);
		assert_int_equal(count[3], 5);
		assert_int_equal(count[4], 5);
		assert_int_equal(count[5], 0);
	}
}

/* From 0505 facing S: hexes worked out with shared/notes/hex-math.md. */
static const struct {
	const char	*hex;
	int		 in, range, side;
} arc_rows[] = {
	{ "0506", 1, 1, 0 },	/* straight ahead */
	{ "0508", 1, 3, 0 },
	{ "0606", 1, 2, 1 },	/* a=1, then port bow (SE) */
	{ "0406", 1, 2, 1 },	/* a=1, then starboard bow (SW) */
	{ "0708", 1, 4, 2 },	/* a=2, b=2 towards the port bow */
	{ "0207", 0, 0, 0 },	/* a=1, b=3: outside */
	{ "0504", 0, 0, 0 },	/* astern */
	{ "0605", 0, 0, 0 },	/* the port bow hex itself: b needs a >= 1 */
	{ "0509", 1, 4, 0 },
	{ "0510", 0, 0, 0 },	/* range 5 */
};

static void
test_arc_rows(void **state)
{
	const struct nauta_data	*nd = nauta_data(((struct nfix *)*state)->rs);
	struct nv_hex		 from, h;
	size_t			 i;
	int			 range, side, in;

	assert_int_equal(hex_parse("0505", 2, &from), 0);
	for (i = 0; i < sizeof arc_rows / sizeof arc_rows[0]; i++) {
		assert_int_equal(hex_parse(arc_rows[i].hex, 2, &h), 0);
		in = nauta_in_arc(nd, from, NV_DIR_S, h, &range, &side);
		if (in != arc_rows[i].in)
			fail_msg("%s: in arc %d, expected %d", arc_rows[i].hex,
			    in, arc_rows[i].in);
		if (in) {
			assert_int_equal(range, arc_rows[i].range);
			assert_int_equal(side, arc_rows[i].side);
		}
	}
}

/* ---- a ship's figures ---------------------------------------------------- */

static const struct {
	const char	*cls, *options, *admiral;
	int		 damage, dashes, hits, extra;
	int		 max, value, dash;
} figure_rows[] = {
	{ "triremis", "", "", 0, 0, 0, 0,		5, 30, 2 },
	{ "triremis", "fast", "", 0, 0, 0, 1,		6, 40, 2 },
	{ "triremis", "towers", "", 0, 0, 0, 0,		4, 30, 2 },
	{ "triremis", "", "", 1, 0, 0, 0,		3, 30, 0 },
	{ "triremis", "", "", 0, 1, 0, 0,		4, 30, 0 },
	{ "triremis", "", "aboard", 0, 1, 0, 0,		4, 30, 1 },
	{ "triremis", "", "aboard", 0, 2, 0, 0,		3, 30, 0 },
	{ "triremis", "", "", 0, 0, 1, 0,		4, 30, 0 },
	{ "deceris", "", "", 1, 1, 1, 0,		1, 100, 0 },
	{ "deceris", "", "", 1, 2, 3, 0,		1, 100, 0 },
	{ "quinqueremis", "balistae harpax pirophoros", "", 0, 0, 0, 2,
							5, 82, 2 },
	{ "moneris", "", "", 0, 0, 0, 0,		6, 15, 2 },
};

static void
test_figures(void **state)
{
	const struct nv_ruleset	*rs = ((struct nfix *)*state)->rs;
	struct nv_ship		 s;
	size_t			 i;

	for (i = 0; i < sizeof figure_rows / sizeof figure_rows[0]; i++) {
		memset(&s, 0, sizeof s);
		s.attr = xcalloc(NA_A_COUNT, sizeof *s.attr);
		s.cls = ruleset_class_index(rs, figure_rows[i].cls);
		assert_true(s.cls >= 0);
		s.attr[NA_A_OPTIONS].s = xstrdup(figure_rows[i].options);
		s.attr[NA_A_ADMIRAL].s = xstrdup(figure_rows[i].admiral);
		s.attr[NA_A_DAMAGE].i = figure_rows[i].damage;
		s.attr[NA_A_DASHES].i = figure_rows[i].dashes;
		s.attr[NA_A_BALISTAE_HITS].i = figure_rows[i].hits;
		s.attr[NA_A_EXTRA].i = figure_rows[i].extra;
		if (nauta_max_speed(rs, &s) != figure_rows[i].max ||
		    nauta_value(rs, &s) != figure_rows[i].value ||
		    nauta_dash_due(rs, &s, NULL) != figure_rows[i].dash)
			fail_msg("row %zu (%s %s): max %d value %d dash %d; "
			    "expected %d %d %d", i, figure_rows[i].cls,
			    figure_rows[i].options, nauta_max_speed(rs, &s),
			    nauta_value(rs, &s), nauta_dash_due(rs, &s, NULL),
			    figure_rows[i].max, figure_rows[i].value,
			    figure_rows[i].dash);
		free(s.attr[NA_A_OPTIONS].s);
		free(s.attr[NA_A_ADMIRAL].s);
		free(s.attr);
	}
}

/* ---- id lists ---------------------------------------------------------- */

static const struct {
	const char	*list, *op, *id, *want;
} id_rows[] = {
	{ "", "+", "b1", "b1" },
	{ "b1", "+", "a1", "a1 b1" },
	{ "a1 b1", "+", "a2", "a1 a2 b1" },
	{ "a1 b1", "+", "b1", "a1 b1" },
	{ "a1 a2 b1", "-", "a2", "a1 b1" },
	{ "a1 b1", "-", "a", "a1 b1" },		/* a prefix is no id */
	{ "a1", "-", "a1", "" },
};

static void
test_ids(void **state)
{
	struct nv_ship	s;
	size_t		i;

	(void)state;
	memset(&s, 0, sizeof s);
	s.attr = xcalloc(NA_A_COUNT, sizeof *s.attr);
	for (i = 0; i < sizeof id_rows / sizeof id_rows[0]; i++) {
		s.attr[NA_A_CONTACT].s = xstrdup(id_rows[i].list);
		if (id_rows[i].op[0] == '+')
			nauta_ids_add(&s, NA_A_CONTACT, id_rows[i].id);
		else
			nauta_ids_remove(&s, NA_A_CONTACT, id_rows[i].id);
		assert_string_equal(s.attr[NA_A_CONTACT].s, id_rows[i].want);
		free(s.attr[NA_A_CONTACT].s);
	}
	assert_true(nauta_ids_contain("a1 b10 b1", "b1"));
	assert_false(nauta_ids_contain("a1 b10", "b1"));
	assert_false(nauta_ids_contain("", "b1"));
	free(s.attr);
}

/* ---- broken data ------------------------------------------------------- */

static const struct {
	const char	*name, *from, *to, *msg;
} broken_rows[] = {
	{ "a schedule short of the Dash's steps",
	  "    <speed value=\"8\" phases=\"1 2 3 3 4 5 6 6\"/>\n", "",
	  "the schedule stops at 7 steps but a Dash on a ship of maximum "
	  "speed 6 makes 8; add rows up to 8" },
	{ "a row that moves a ship too far",
	  "<speed value=\"7\" phases=\"1 2 3 4 5 6 6\"/>",
	  "<speed value=\"7\" phases=\"1 2 3 4 5 6\"/>",
	  "speed 7 moves 6 steps in the schedule" },
	{ "an option needing an unknown one", "requires=\"balistae\"",
	  "requires=\"catapults\"", "there is no option catapults" },
	{ "a nation with an unknown crew", "crews=\"skilled\"/>",
	  "crews=\"veteran\"/>", "no crew veteran in <crews>" },
	{ "saving-admiral as a ship option", "<option id=\"fast\"",
	  "<option id=\"saving-admiral\"", "saving-admiral is a scenario "
	  "switch, not a ship option" },
};

static void
test_broken(void **state)
{
	const struct nfix	*f = *state;
	struct nv_ruleset	*rs;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	char			*xml, *at;
	size_t			 i;

	for (i = 0; i < sizeof broken_rows / sizeof broken_rows[0]; i++) {
		at = strstr(f->xml, broken_rows[i].from);
		assert_non_null(at);
		xml = xasprintf("%.*s%s%s", (int)(at - f->xml), f->xml,
		    broken_rows[i].to, at + strlen(broken_rows[i].from));
		rs = ruleset_load("nauta.xml", xml, strlen(xml), f->rng,
		    f->rnglen, &d);
		diag_format(&d, &b);
		if (rs != NULL || strstr(buf_str(&b), broken_rows[i].msg) ==
		    NULL)
			fail_msg("%s: loaded %d, errors:\n%s", broken_rows[i].name,
			    rs != NULL, buf_str(&b));
		ruleset_free(rs);
		diag_clear(&d);
		buf_reset(&b);
		free(xml);
	}
	diag_free(&d);
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_arc_counts),
		cmocka_unit_test(test_arc_rows),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_broken),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
