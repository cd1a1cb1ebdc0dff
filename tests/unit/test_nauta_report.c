/* test_nauta_report.c: what the Nauta report module (src/report/nauta/)
 * puts in the report document, read back with XPath: a ship's figures,
 * the ship table's columns and legend, the sentence of what binds it, the
 * losses against each side's third (the enemy's hidden under fog of war
 * until the game ends), the running score and the order template's
 * help.  The values are worked out by hand from data/rulesets/nauta.xml. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libxml/parser.h>
#include <libxml/xpath.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "events.h"
#include "orders.h"
#include "report.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"
#include "xpathfix.h"

/* a1: a fast triremis, damaged, at speed 2 (maximum 6 - 2 = 4, no Dash);
 * a2: a quinqueremis with 2 extra units, the Admiral's, grappled to b1;
 * b1: a triremis, 1 soldier; b2 sunk (30 points lost by b). */
static const char scenario[] =
    "<scenario ruleset=\"nauta\" turn=\"3\">\n"
    "  <settings visibility=\"%d\"/>\n"
    "  <game options=\"fast\" galleys-per-model=\"5\"/>\n"
    "  <map columns=\"12\" rows=\"12\"/>\n"
    "  <side id=\"a\" nation=\"roman-imperial\" crew=\"normal\" "
    "admiral=\"a2\"/>\n"
    "  <side id=\"b\" nation=\"roman-imperial\" crew=\"normal\" "
    "admiral=\"b1\"/>\n"
    "  <ship id=\"a1\" side=\"a\" class=\"triremis\" options=\"fast\" "
    "hex=\"0303\" facing=\"S\" speed=\"2\" damage=\"1\"/>\n"
    "  <ship id=\"a2\" side=\"a\" class=\"quinqueremis\" "
    "extra-soldiers=\"2\" hex=\"0606\" facing=\"S\" speed=\"0\" "
    "grappled=\"b1\" contact=\"b1\"/>\n"
    "  <ship id=\"b1\" side=\"b\" class=\"triremis\" hex=\"0607\" "
    "facing=\"N\" speed=\"0\"/>\n"
    "  <ship id=\"b2\" side=\"b\" class=\"triremis\" hex=\"1010\" "
    "facing=\"N\" speed=\"0\" status=\"sunk\"/>\n"
    "</scenario>\n";

static int
setup(void **state)
{
	struct datafix	*f = xcalloc(1, sizeof *f);

	f->rs = datafix_ruleset("nauta");
	assert_non_null(f->rs);
	f->rng = datafix_read("schema/scenario.rng", &f->rnglen);
	*state = f;
	return 0;
}

/* Side a's report document of the scenario, as an XPath context. */
static xmlXPathContextPtr
side_report(const struct datafix *f, int visibility, xmlDocPtr *doc)
{
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct report_input	 in;
	struct nv_state		*st;
	struct buf		 b = BUF_INIT, out = BUF_INIT;
	char			*cause = NULL;

	buf_printf(&b, scenario, visibility);
	st = datafix_state(f, buf_str(&b));
	memset(&in, 0, sizeof in);
	in.before = in.after = st;
	in.ev = &ev;
	in.reader = REPORT_SIDE;
	in.side = 0;
	if (report_doc_xml(&in, &out, &cause) != 0)
		fail_msg("%s", cause);
	*doc = xmlReadMemory(buf_str(&out), (int)out.len, "r.xml", NULL, 0);
	assert_non_null(*doc);
	state_free(st);
	buf_free(&b);
	buf_free(&out);
	return xmlXPathNewContext(*doc);
}

static void
assert_has(char *s, const char *want)
{
	if (strstr(s, want) == NULL)
		fail_msg("'%s' does not hold '%s'", s, want);
	free(s);
}

static void
test_ship(void **state)
{
	xmlDocPtr		 doc;
	xmlXPathContextPtr	 x = side_report(*state, 0, &doc);
	char			*s;

	assert_int_equal(xp_num(x, "number(//ships/ship[@id='a1']"
	    "/@max-speed)"), 4);
	assert_int_equal(xp_num(x, "number(//ships/ship[@id='a1']/@dash)"),
	    0);
	assert_int_equal(xp_num(x, "number(//ships/ship[@id='a2']/@value)"),
	    75);
	s = xp_str(x, "string(//ships/ship[@id='a1']/@cols)");
	assert_string_equal(s, "  2   4  1/1 yes    -");
	free(s);
	s = xp_str(x, "string(//ships/ship[@id='a2']/@cols)");
	assert_string_equal(s, "  0   5  6/6   -   +2");
	free(s);
	assert_has(xp_str(x, "string(//ships/ship[@id='a1']/@detail)"),
	    "a1: maximum speed 4; it may write SPEED 0-4 (up 2, down 3); no "
	    "Dash (it is damaged)");
	assert_has(xp_str(x, "string(//ships/ship[@id='a2']/@detail)"),
	    "The Admiral is aboard. In contact with b1. Grappled with b1: "
	    "SPEED 0 until the fight ends.");
	assert_has(xp_str(x, "string(//ship-table/@head)"),
	    "Spd Max Sold Dmg Dash");
	assert_has(xp_str(x, "string(//ship-table/@legend)"),
	    "Each model stands for 5 galleys.");
	assert_has(xp_str(x, "string(//order-template/@help)"),
	    "SPEED n DASH");
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
}

/* Without fog both sides' losses and the running score (what the enemy
 * lost: b lost b2, 30 of 60, a third 20); under fog side a sees only
 * its own. */
static void
test_losses(void **state)
{
	xmlDocPtr		 doc;
	xmlXPathContextPtr	 x = side_report(*state, 0, &doc);

	assert_int_equal(xp_num(x, "count(//losses/side)"), 2);
	assert_int_equal(xp_num(x, "number(//losses/side[@id='b']/@lost)"),
	    30);
	assert_int_equal(xp_num(x, "number(//losses/side[@id='b']/@points)"),
	    60);
	assert_int_equal(xp_num(x, "number(//losses/side[@id='b']/@third)"),
	    20);
	assert_int_equal(xp_num(x, "number(//losses/side[@id='a']/@points)"),
	    110);
	assert_int_equal(xp_num(x, "number(//result/score[@side='a']"
	    "/@points)"), 30);
	assert_int_equal(xp_num(x, "number(//result/score[@side='b']"
	    "/@points)"), 0);
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
	x = side_report(*state, 4, &doc);
	assert_int_equal(xp_num(x, "count(//losses/side)"), 1);
	assert_int_equal(xp_num(x, "count(//losses/side[@id='a'])"), 1);
	assert_int_equal(xp_num(x, "count(//result/score)"), 0);
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
}

/* HELP's examples of the Nauta verbs (nauta-help.c): each variant's
 * words for a1 (at speed 2; nearest enemy b1, b2 being sunk), and
 * whether the validator takes it; every verb has its usage. */
static void
test_examples(void **state)
{
	static const struct {
		const char	*verb;
		int		 k;
		const char	*want;	/* NULL: no such variant */
		int		 legal;
	} ex[] = {
		{ "SPEED", 0, "SPEED 2", 1 },
		{ "SPEED", 1, "SPEED 0", 1 },
		{ "SPEED", 2, "SPEED 3 DASH", -1 },
		{ "SPEED", 3, NULL, 0 },
		{ "MOVE", 1, "MOVE F F", 1 },
		{ "MOVE", 3, NULL, 0 },
		{ "BOARD", 0, "BOARD b1", 1 },
		{ "BOARD", 1, "BOARD ANY", 1 },
		{ "BOARD", 2, NULL, 0 },
		{ "SHOOT", 0, "SHOOT START", -1 },
		{ "SHOOT", 3, NULL, 0 },
		{ "BURN", 0, "BURN b1", -1 },
		{ "ESCAPE", 0, "ESCAPE b1", -1 },
		{ "ESCAPE", 1, NULL, 0 },
	};
	const struct datafix	*f = *state;
	const struct nv_ruleset_ops *ops;
	struct nv_state		*st;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT, text = BUF_INIT;
	size_t			 i, v;
	int			 rc;

	buf_printf(&b, scenario, 0);
	st = datafix_state(f, buf_str(&b));
	ops = st->rs->ops;
	for (v = 0; v < ops->nverbs; v++) {
		assert_non_null(ops->verbs[v].usage);
		assert_non_null(ops->verbs[v].example);
	}
	for (i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		for (v = 0; v < ops->nverbs; v++)
			if (strcmp(ops->verbs[v].name, ex[i].verb) == 0)
				break;
		assert_true(v < ops->nverbs);
		buf_reset(&b);
		rc = ops->verbs[v].example(st, 0, ex[i].k, &b);
		if (ex[i].want == NULL) {
			assert_int_equal(rc, -1);
			continue;
		}
		assert_int_equal(rc, 0);
		assert_string_equal(buf_str(&b), ex[i].want);
		if (ex[i].legal < 0)
			continue;	/* as the ship's figures say */
		buf_reset(&text);
		buf_printf(&text, "SIDE a\nSHIP a1 %s\n", buf_str(&b));
		o = orders_new(st);
		(void)orders_parse(o, "help", buf_str(&text), text.len, &d);
		(void)orders_validate(o, &d);
		if ((d.errors == 0) != ex[i].legal)
			fail_msg("%s: legal %d, errors %zu", buf_str(&text),
			    ex[i].legal, d.errors);
		orders_free(o);
		diag_clear(&d);
	}
	diag_free(&d);
	buf_free(&b);
	buf_free(&text);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ship),
		cmocka_unit_test(test_losses),
		cmocka_unit_test(test_examples),
	};

	return cmocka_run_group_tests(tests, setup, datafix_teardown);
}
