/* test_subjects.c: order language version 2 with the real classic data
 * (docs/orders.md): the lexer and keyword table every reader shares,
 * squadrons, zones and standing orders in the state file, and the
 * example battle of orders/squadrons played through turn 0 and turn 1.
 * The order subjects themselves are proven with a second ruleset in
 * test_seam_orders.c, and case by case in tests/cases/052-067. */
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
#include "dice.h"
#include "events.h"
#include "orders-lex.h"
#include "orders.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* The real classic ruleset and the scenario schema, for the group. */
static struct datafix	fx;

static int
setup(void **state)
{
	if (datafix_setup(state) != 0)
		return -1;
	fx = *(struct datafix *)*state;
	return 0;
}

/* ---- the lexer ---------------------------------------------------------- */

/* How each line of a text reads: its kind, and the text left of it. */
static const struct {
	const char		*raw;
	enum orders_lex_kind	 kind;
	const char		*text;
} lex_rows[] = {
	{ "  SHIP nike SPEED 3  # fast\r", OLX_TEXT, "SHIP nike SPEED 3" },
	{ "PASSWORD ab#c", OLX_TEXT, "PASSWORD ab#c" },
	{ "# a comment", OLX_BLANK, "" },
	{ "\t", OLX_BLANK, "" },
	{ "> SHIP nike SPEED 3 # quoted", OLX_QUOTED,
	    "> SHIP nike SPEED 3 # quoted" },
	{ "-- ", OLX_STOP, "--" },
	{ "--", OLX_STOP, "--" },
	{ " end  # the rest is a footer", OLX_STOP, "end" },
	{ "END PRESS", OLX_TEXT, "END PRESS" },
};

static void
test_lexer(void **state)
{
	struct orders_lex_line	 l;
	struct orders_lex	 lx;
	char			*copy, *t;
	size_t			 i;
	static const char	 text[] = "\xef\xbb\xbfGAME demo\r\nSIDE a\n\n"
				    "x\0y\nlast";

	(void)state;
	for (i = 0; i < sizeof lex_rows / sizeof lex_rows[0]; i++) {
		l.no = 1;
		l.raw = lex_rows[i].raw;
		l.len = strlen(lex_rows[i].raw);
		if (l.len > 0 && l.raw[l.len - 1] == '\r')
			l.len--;	/* as orders_lex_next cuts it */
		assert_int_equal(orders_lex_clean(&l, &copy, &t),
		    lex_rows[i].kind);
		assert_string_equal(t, lex_rows[i].text);
		free(copy);
	}
	/* A byte-order mark is no text, CRLF ends a line, a NUL is not
	 * plain text, the last line may lack its end. */
	orders_lex_init(&lx, text, sizeof text - 1);
	assert_true(orders_lex_next(&lx, &l));
	assert_int_equal(orders_lex_clean(&l, &copy, &t), OLX_TEXT);
	assert_string_equal(t, "GAME demo");
	free(copy);
	assert_true(orders_lex_next(&lx, &l));
	assert_int_equal(l.no, 2);
	assert_true(orders_lex_next(&lx, &l));
	assert_int_equal(l.len, 0);
	assert_true(orders_lex_next(&lx, &l));
	assert_int_equal(orders_lex_clean(&l, &copy, &t), OLX_NUL);
	assert_null(copy);
	assert_true(orders_lex_next(&lx, &l));
	assert_int_equal(l.no, 5);
	assert_int_equal(l.len, 4);
	assert_false(orders_lex_next(&lx, &l));
	assert_string_equal(orders_lex_rest("PASSWORD  a b c"), "a b c");
	assert_true(orders_lex_quoted_order("> > squadron left SPEED 2"));
	assert_false(orders_lex_quoted_order("> END"));
	assert_false(orders_lex_quoted_order("> standing SPEED 2"));
}

/* The one keyword table: what starts a line, what no ruleset's verb may
 * be (every module compiled in is checked). */
static void
test_keywords(void **state)
{
	const struct nv_ruleset_ops	*ops;
	struct buf			 b = BUF_INIT;
	size_t				 i, k;

	(void)state;
	orders_keyword_list(NULL, &b);
	assert_string_equal(buf_str(&b), "GAME, SIDE, PLAYER, PASSWORD, TURN, "
	    "SHIP, SQUADRON or END");
	assert_int_equal(orders_keyword("squadron"), OKW_SQUADRON);
	assert_int_equal(orders_keyword("speed"), -1);
	assert_true(orders_line_word(NULL, "Squadron"));
	assert_false(orders_line_word(NULL, "STANDING"));
	assert_false(orders_line_word(fx.rs, "SPEED"));
	for (i = 0; (ops = ruleset_ops_nth(i)) != NULL; i++) {
		for (k = 0; k < ops->nverbs; k++)
			if (orders_keyword(ops->verbs[k].name) >= 0)
				fail_msg("%s: verb %s is a keyword", ops->name,
				    ops->verbs[k].name);
		for (k = 0; k < ops->nside_verbs; k++)
			if (orders_keyword(ops->side_verbs[k].name) >= 0)
				fail_msg("%s: side verb %s is a keyword",
				    ops->name, ops->side_verbs[k].name);
	}
	buf_free(&b);
}

/* ---- the state file ------------------------------------------------------ */

#define HEAD	"<?xml version=\"1.0\"?>\n" \
		"<scenario ruleset=\"classic\" turn=\"0\">\n" \
		"<map columns=\"12\" rows=\"12\"/>\n" \
		"<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>\n" \
		"<side id=\"b\" nation=\"hellenistic\" crew=\"average\"/>\n"
#define SHIP_A	"<ship id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0303\" " \
		"facing=\"N\"/>\n"

/* Each broken scenario (lines from 6 on) and the error it gets. */
static const struct {
	const char	*body;
	const char	*error;
} bad_rows[] = {
	{ "<squadron id=\"Left\" side=\"a\"/>\n" SHIP_A,
	    "x.xml:6: <squadron id=\"Left\">: ids are 1-32 of lower-case" },
	{ "<squadron id=\"l\" side=\"a\"/>\n<squadron id=\"l\" side=\"b\"/>\n"
	    SHIP_A, "x.xml:7: duplicate squadron id \"l\"" },
	{ "<squadron id=\"l\" side=\"c\"/>\n" SHIP_A,
	    "x.xml:6: <squadron id=\"l\" side=\"c\">: unknown side" },
	{ "<ship id=\"a1\" side=\"a\" squadron=\"l\" class=\"trireme\" "
	    "hex=\"0303\" facing=\"N\"/>\n",
	    "x.xml:6: <ship id=\"a1\" squadron=\"l\">: unknown squadron" },
	{ "<squadron id=\"l\" side=\"b\"/>\n<ship id=\"a1\" side=\"a\" "
	    "squadron=\"l\" class=\"trireme\" hex=\"0303\" facing=\"N\"/>\n",
	    "x.xml:7: <ship id=\"a1\" squadron=\"l\">: l is a squadron of b; a "
	    "ship belongs to a squadron of the side it started with, a" },
	{ "<zone side=\"a\" from=\"0506\" to=\"0101\"/>\n" SHIP_A,
	    "x.xml:6: <zone>: from is the corner of the lowest column and "
	    "row, to the highest; legal: from=\"0101\" to=\"0506\"" },
	{ "<zone side=\"a\" from=\"0101\" to=\"1313\"/>\n" SHIP_A,
	    "x.xml:6: <zone to=\"1313\">: expected a hex of this 12 x 12 map" },
	{ "<zone side=\"z\" from=\"0101\" to=\"0101\"/>\n" SHIP_A,
	    "x.xml:6: <zone side=\"z\">: unknown side" },
};

static void
test_state_errors(void **state)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*xml;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof bad_rows / sizeof bad_rows[0]; i++) {
		xml = xasprintf(HEAD "%s</scenario>\n", bad_rows[i].body);
		assert_null(state_xml_load(fx.rs, "x.xml", xml, strlen(xml),
		    fx.rng, fx.rnglen, &d));
		diag_format(&d, &b);
		if (strstr(buf_str(&b), bad_rows[i].error) == NULL)
			fail_msg("row %zu: no \"%s\" in:\n%s", i,
			    bad_rows[i].error, buf_str(&b));
		buf_reset(&b);
		diag_clear(&d);
		free(xml);
	}
	buf_free(&b);
	diag_free(&d);
}

/* Turn 0, squadrons, zones and standing orders written canonically and
 * read back the same, byte for byte. */
static void
test_state_round_trip(void **state)
{
	static const char	 want[] =
	    "<scenario ruleset=\"classic\" turn=\"0\">\n"
	    "  <settings turn-limit=\"0\" visibility=\"0\"/>\n"
	    "  <map columns=\"12\" rows=\"12\"/>\n"
	    "  <side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "  <side id=\"b\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "  <squadron id=\"van\" side=\"a\" standing=\"SPEED 2 MOVE F F\"/>\n"
	    "  <squadron id=\"l\" side=\"b\" name=\"The &quot;line&quot;\"/>\n"
	    "  <zone side=\"a\" from=\"0101\" to=\"1203\"/>\n"
	    "  <zone side=\"a\" from=\"0104\" to=\"0104\"/>\n"
	    "  <ship id=\"a1\" side=\"a\" owner=\"a\" squadron=\"van\" "
	    "class=\"trireme\" crew=\"average\" hex=\"0303\" facing=\"N\" "
	    "speed=\"0\" status=\"afloat\" standing=\"BOARD b1\" hull=\"6\"";
	struct nv_state		*st, *again;
	struct buf		 a = BUF_INIT, b = BUF_INIT;
	char			*xml;

	(void)state;
	xml = xstrdup(HEAD
	    "<squadron id=\"van\" side=\"a\" standing=\" SPEED 2\tMOVE F F \"/>\n"
	    "<squadron id=\"l\" side=\"b\" name=\"The &quot;line&quot;\"/>\n"
	    "<zone side=\"a\" from=\"0101\" to=\"1203\"/>\n"
	    "<zone side=\"a\" from=\"0104\" to=\"0104\"/>\n"
	    "<ship id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0303\" "
	    "facing=\"N\" squadron=\"van\" standing=\"BOARD b1\"/>\n"
	    "<ship id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0310\" "
	    "facing=\"S\"/>\n</scenario>\n");
	st = datafix_state(&fx, xml);
	assert_int_equal(st->turn, 0);
	assert_int_equal(state_ship_squadron(st, &st->ships[0]), 0);
	assert_int_equal(state_ship_squadron(st, &st->ships[1]), -1);
	assert_true(state_in_zone(st, 0, hex_from_cr(12, 3)));
	assert_true(state_in_zone(st, 0, hex_from_cr(1, 4)));
	assert_false(state_in_zone(st, 0, hex_from_cr(2, 4)));
	assert_false(state_in_zone(st, 1, hex_from_cr(1, 1)));
	state_xml_save(st, &a);
	if (strstr(buf_str(&a), want) == NULL)
		fail_msg("saved:\n%s", buf_str(&a));
	/* b1: in no squadron, no standing order: as before either existed. */
	assert_non_null(strstr(buf_str(&a), "<ship id=\"b1\" side=\"b\" "
	    "owner=\"b\" class=\"trireme\" crew=\"average\" hex=\"0310\" "
	    "facing=\"S\" speed=\"0\" status=\"afloat\" hull=\"6\""));
	again = datafix_state(&fx, buf_str(&a));
	state_xml_save(again, &b);
	assert_string_equal(buf_str(&a), buf_str(&b));
	state_free(again);
	state_free(st);
	free(xml);
	buf_free(&a);
	buf_free(&b);
}

/* ---- the example battle ------------------------------------------------- */

/* The files of orders/squadrons, checked and played as navarch turn
 * plays them. */
static struct nv_state *
play_files(const struct nv_state *st, const char *const *names,
    struct nv_events *ev, struct buf *out)
{
	struct nv_orders	*o = orders_new(st);
	struct nv_dice		*dice = dice_seeded("42", "");
	struct nv_state		*next = NULL;
	struct diag		 d = DIAG_INIT;
	char			*text, *path, *cause = NULL;
	size_t			 len;

	o->use_standing = 1;
	for (; *names != NULL; names++) {
		path = xasprintf("../orders/squadrons/%s", *names);
		text = datafix_read(path, &len);
		(void)orders_parse(o, *names, text, len, &d);
		free(text);
		free(path);
	}
	(void)orders_validate(o, &d);
	if (d.n > 0) {
		diag_format(&d, out);
		fail_msg("%s", buf_str(out));
	}
	orders_format(o, out);
	if (turn_play(st, o, dice, &next, ev, &cause) != 0)
		fail_msg("turn_play: %s", cause);
	dice_free(dice);
	orders_free(o);
	diag_free(&d);
	return next;
}

static void
at(const struct nv_state *st, const char *id, const char *hex,
    const char *facing)
{
	int	i = state_ship_index(st, id);
	char	h[8];

	assert_true(i >= 0);
	assert_string_equal(state_hex_name(st, st->ships[i].hex, h), hex);
	assert_string_equal(dir_name(st->ships[i].facing), facing);
}

static void
test_example(void **state)
{
	static const char *const t0[] = { "turn0-athens.txt",
	    "turn0-corinth.txt", NULL };
	static const char *const t1[] = { "turn1-athens.txt",
	    "turn1-corinth.txt", NULL };
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct nv_state		*s0, *s1, *s2;
	struct buf		 out = BUF_INIT;
	char			*xml;
	size_t			 len;
	int			 i;

	(void)state;
	xml = datafix_read("../orders/squadrons/scenario.xml", &len);
	s0 = datafix_state(&fx, xml);
	free(xml);
	s1 = play_files(s0, t0, &ev, &out);
	assert_string_equal(buf_str(&out), "SHIP delphis AT 0411 FACING N\n"
	    "SHIP hermes AT 0304 FACING S\nSHIP nike AT 0404 FACING S\n"
	    "SHIP pegasos AT 1011 FACING NW\nSHIP salaminia AT 1103\n"
	    "SHIP nike STANDING SPEED 0\n");
	assert_int_equal(s1->turn, 1);
	at(s1, "hermes", "0304", "S");
	at(s1, "salaminia", "1103", "S");
	at(s1, "paralos", "0902", "S");		/* not placed */
	at(s1, "pegasos", "1011", "NW");
	i = state_ship_index(s1, "nike");
	assert_string_equal(s1->ships[i].standing, "SPEED 0");
	events_free(&ev);
	buf_reset(&out);
	/* Turn 1: the van's line for nike, hermes's own; the rear (paralos,
	 * salaminia) by its standing order SPEED 2. */
	s2 = play_files(s1, t1, &ev, &out);
	assert_non_null(strstr(buf_str(&out), "SHIP nike SPEED 2 MOVE F F\n"));
	assert_non_null(strstr(buf_str(&out), "SHIP hermes SPEED 3 MOVE F F "
	    "F\n"));
	assert_non_null(strstr(buf_str(&out), "SHIP paralos SPEED 2 MOVE F "
	    "F\n"));
	at(s2, "hermes", "0307", "S");
	at(s2, "nike", "0406", "S");
	at(s2, "paralos", "0904", "S");
	at(s2, "salaminia", "1105", "S");
	i = state_ship_index(s2, "hermes");
	assert_string_equal(s2->squadrons[s2->ships[i].squadron - 1].standing,
	    "SPEED 1");
	events_free(&ev);
	state_free(s2);
	state_free(s1);
	state_free(s0);
	buf_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lexer),
		cmocka_unit_test(test_keywords),
		cmocka_unit_test(test_state_errors),
		cmocka_unit_test(test_state_round_trip),
		cmocka_unit_test(test_example),
	};

	return cmocka_run_group_tests(tests, setup, datafix_teardown);
}
