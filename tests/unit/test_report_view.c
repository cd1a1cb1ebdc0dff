/* test_report_view.c: the reports of a side shared by three players
 * (report_input.player, issue 14): side a's admiral "adm" commands a5,
 * captain "cap1" the squadron van (a1, a2), captain "cap2" the squadron
 * rear (a3, a4); side b (b1, b2) is the enemy.  In each player's report
 * document his ships are group "own", the rest of his side "side" (with
 * their commander), the enemies "enemy"; his order template signs with
 * PLAYER and holds his ships alone (a captain's squadron as a SQUADRON
 * line), legal as it stands for the ships he commands; the admiral's
 * shows the others' ships as comments; SET STORY OWN tells a captain
 * only the events of his ships.  The same for the classic and the Nauta
 * rulesets, and the text of every report stays within 76 columns with
 * the groups in that order; a player who commands no ship is told so,
 * not that he has none left. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

static const char scenario[] =
    "<scenario ruleset=\"%s\" turn=\"3\">\n"
    "  <map columns=\"16\" rows=\"12\"/>\n"
    "  <side id=\"a\" nation=\"%s\" crew=\"%s\"%s/>\n"
    "  <side id=\"b\" nation=\"%s\" crew=\"%s\"%s/>\n"
    "  <squadron id=\"van\" side=\"a\"/>\n"
    "  <squadron id=\"rear\" side=\"a\" standing=\"SPEED 0\"/>\n"
    "  <squadron id=\"flag\" side=\"a\"/>\n"
    "  <squadron id=\"fleet\" side=\"b\"/>\n"
    "  <ship id=\"a1\" side=\"a\" squadron=\"van\" class=\"%s\" "
    "hex=\"0303\" facing=\"S\" speed=\"2\"/>\n"
    "  <ship id=\"a2\" side=\"a\" squadron=\"van\" class=\"%s\" "
    "hex=\"0403\" facing=\"S\" speed=\"2\"/>\n"
    "  <ship id=\"a3\" side=\"a\" squadron=\"rear\" class=\"%s\" "
    "hex=\"0306\" facing=\"S\" speed=\"0\"/>\n"
    "  <ship id=\"a4\" side=\"a\" squadron=\"rear\" class=\"%s\" "
    "hex=\"0406\" facing=\"S\" speed=\"1\"/>\n"
    "  <ship id=\"a5\" side=\"a\" squadron=\"flag\" class=\"%s\" hex=\"0209\" facing=\"N\" "
    "speed=\"0\"/>\n"
    "  <ship id=\"b1\" side=\"b\" squadron=\"fleet\" class=\"%s\" hex=\"1005\" facing=\"N\" "
    "speed=\"0\"/>\n"
    "  <ship id=\"b2\" side=\"b\" squadron=\"fleet\" class=\"%s\" hex=\"1205\" facing=\"N\" "
    "speed=\"0\"/>\n"
    "</scenario>\n";

/* What differs between the rulesets' scenarios. */
struct flavour {
	const char	*ruleset, *nation, *crew, *admiral_a, *admiral_b;
	const char	*cls;
};

static const struct flavour flavours[] = {
	{ "classic", "hellenistic", "average", "", "", "trireme" },
	{ "nauta", "roman-imperial", "normal", " admiral=\"a5\"",
	    " admiral=\"b1\"", "triremis" },
};

/* Who commands a1..a5 (b1, b2: side b's only player's). */
static const char *const commanders[] = {
	"cap1", "cap1", "cap2", "cap2", "adm", NULL, NULL
};

struct game {
	struct datafix	 f;
	struct nv_state	*st;
	struct nv_events ev;
};

static void
game_load(const struct flavour *fl, struct game *g)
{
	struct buf	b = BUF_INIT;
	const char	*c = fl->cls;

	memset(g, 0, sizeof *g);
	g->f.rs = datafix_ruleset(fl->ruleset);
	assert_non_null(g->f.rs);
	g->f.rng = datafix_read("schema/scenario.rng", &g->f.rnglen);
	buf_printf(&b, scenario, fl->ruleset, fl->nation, fl->crew,
	    fl->admiral_a, fl->nation, fl->crew, fl->admiral_b, c, c, c, c,
	    c, c, c);
	g->st = datafix_state(&g->f, buf_str(&b));
	assert_int_equal(g->st->nships, 7);
	buf_free(&b);
	/* The story: one event about a ship of each captain, one about
	 * the enemy and a1 (named second), one about no ship. */
	events_add(&g->ev, 1, event_kind_name(NV_EV_MOVE), "a1", NULL,
	    "Phase 1: a1 goes on.");
	events_add(&g->ev, 1, event_kind_name(NV_EV_MOVE), "a3", NULL,
	    "Phase 1: a3 goes on.");
	events_add(&g->ev, 2, event_kind_name(NV_EV_MOVE), "b1", "a2",
	    "Phase 2: b1 passes a2.");
	events_add(&g->ev, 2, event_kind_name(NV_EV_STOP), NULL, NULL,
	    "Phase 2: the wind drops.");
}

static void
game_free(struct game *g)
{
	events_free(&g->ev);
	state_free(g->st);
	ruleset_free(g->f.rs);
	free(g->f.rng);
}

static void
input_of(const struct game *g, const char *player, int admiral, int own,
    struct report_input *in)
{
	memset(in, 0, sizeof *in);
	in->before = in->after = g->st;
	in->ev = &g->ev;
	in->reader = REPORT_SIDE;
	in->side = 0;
	in->player = player;
	in->commander = player != NULL ? commanders : NULL;
	in->admiral = admiral;
	in->own_story = own;
}

static xmlDocPtr
doc_of(const struct report_input *in, xmlXPathContextPtr *x)
{
	struct buf	 out = BUF_INIT;
	char		*cause = NULL;
	xmlDocPtr	 doc;

	if (report_doc_xml(in, &out, &cause) != 0)
		fail_msg("%s", cause);
	doc = xmlReadMemory(buf_str(&out), (int)out.len, "r.xml", NULL, 0);
	assert_non_null(doc);
	buf_free(&out);
	*x = xmlXPathNewContext(doc);
	return doc;
}

static void
assert_str(xmlXPathContextPtr x, const char *want, const char *expr)
{
	char	*s = xp_str(x, "%s", expr);

	if (strcmp(s, want) != 0)
		fail_msg("%s: '%s', wanted '%s'", expr, s, want);
	free(s);
}

/* The template's lines, one a line, and 1 if they are legal orders for
 * the ships of player (all of side a without one) as they stand. */
static int
template_legal(const struct game *g, xmlXPathContextPtr x,
    const char *player, struct buf *text)
{
	struct nv_orders	*o = orders_new(g->st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	unsigned char		 may[8];
	char			*s;
	size_t			 i;
	int			 n, k, ok;

	n = xp_num(x, "count(//order-template/line)");
	for (k = 1; k <= n; k++) {
		s = xp_str(x, "string(//order-template/line[%d])", k);
		buf_printf(text, "%s\n", s);
		free(s);
	}
	memset(may, 0, sizeof may);
	for (i = 0; i < g->st->nships; i++)
		may[i] = player == NULL ? g->st->ships[i].side == 0 :
		    commanders[i] != NULL && strcmp(commanders[i], player) == 0;
	o->may_order = may;
	ok = orders_parse(o, "template", text->p, text->len, &d) == 0;
	o->may_order = NULL;
	ok = ok && orders_validate(o, &d) == 0 && o->files[0].ship_lines > 0;
	if (!ok) {
		diag_format(&d, &b);
		fprintf(stderr, "%s%s", buf_str(text), buf_str(&b));
	}
	diag_free(&d);
	buf_free(&b);
	orders_free(o);
	return ok;
}

static void
check_captain(const struct flavour *fl)
{
	struct game		 g;
	struct report_input	 in;
	struct buf		 t = BUF_INIT;
	xmlXPathContextPtr	 x;
	xmlDocPtr		 doc;

	game_load(fl, &g);
	input_of(&g, "cap1", 0, 0, &in);
	doc = doc_of(&in, &x);
	assert_str(x, "cap1", "string(//reader/@player)");
	assert_int_equal(xp_num(x, "count(//ships/ship[@group='own'])"), 2);
	assert_str(x, "own", "string(//ships/ship[@id='a1']/@group)");
	assert_str(x, "own", "string(//ships/ship[@id='a2']/@group)");
	assert_str(x, "side", "string(//ships/ship[@id='a3']/@group)");
	assert_str(x, "cap2", "string(//ships/ship[@id='a3']/@commander)");
	assert_str(x, "adm", "string(//ships/ship[@id='a5']/@commander)");
	assert_int_equal(xp_num(x, "count(//enemies/ship[@group='enemy'])"),
	    2);
	/* What binds a ship next turn: its squadron's standing order. */
	assert_str(x, "SPEED 0", "string(//ships/ship[@id='a4']/@standing)");
	/* The template: PLAYER, his squadron's line, nobody else's. */
	assert_str(x, "PLAYER cap1",
	    "string(//order-template/line[@kind='header'][1])");
	assert_int_equal(xp_num(x, "count(//order-template/line"
	    "[@kind='squadron'][starts-with(., 'SQUADRON van ')])"), 1);
	assert_int_equal(xp_num(x, "count(//order-template/line[contains(.,"
	    " 'a3') or contains(., 'a4') or contains(., 'a5') or"
	    " contains(., 'SIDE') or starts-with(., '#')])"), 0);
	assert_true(template_legal(&g, x, "cap1", &t));
	/* The side's whole story by default: all four events. */
	assert_int_equal(xp_num(x, "count(//events//event)"), 4);
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
	/* SET STORY OWN: a3's event is not his. */
	input_of(&g, "cap1", 0, 1, &in);
	doc = doc_of(&in, &x);
	assert_int_equal(xp_num(x, "count(//events//event)"), 3);
	assert_int_equal(xp_num(x, "count(//events//event[@ship='a3'])"), 0);
	assert_int_equal(xp_num(x, "count(//events//event[@other='a2'])"), 1);
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
	buf_free(&t);
	game_free(&g);
}

static void
check_admiral(const struct flavour *fl)
{
	struct game		 g;
	struct report_input	 in;
	struct buf		 t = BUF_INIT;
	xmlXPathContextPtr	 x;
	xmlDocPtr		 doc;
	const char		*p;

	game_load(fl, &g);
	input_of(&g, "adm", 1, 0, &in);
	doc = doc_of(&in, &x);
	assert_str(x, "yes", "string(//reader/@admiral)");
	assert_int_equal(xp_num(x, "count(//ships/ship[@group='own'])"), 1);
	assert_str(x, "own", "string(//ships/ship[@id='a5']/@group)");
	assert_str(x, "cap1", "string(//ships/ship[@id='a1']/@commander)");
	assert_true(template_legal(&g, x, "adm", &t));
	/* His squadron's line, then each captain's ships as comments. */
	p = buf_str(&t);
	if (strncmp(p, "PLAYER adm\nTURN 3\nSQUADRON flag ", 31) != 0 ||
	    strstr(p, "\n# Ordered by cap1:\n# SHIP a1 ") == NULL ||
	    strstr(p, "\n# SHIP a2 ") == NULL ||
	    strstr(p, "\n# Ordered by cap2:\n# SHIP a3 ") == NULL ||
	    strstr(p, "\n# SHIP a4 ") == NULL ||
	    strstr(p, "cap1:") > strstr(p, "cap2:"))
		fail_msg("the admiral's template:\n%s", p);
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
	buf_free(&t);
	game_free(&g);
}

/* The side's only player: every ship of his, the SIDE line. */
static void
check_sole(const struct flavour *fl)
{
	struct game		 g;
	struct report_input	 in;
	struct buf		 t = BUF_INIT;
	xmlXPathContextPtr	 x;
	xmlDocPtr		 doc;

	game_load(fl, &g);
	input_of(&g, NULL, 0, 0, &in);
	doc = doc_of(&in, &x);
	assert_int_equal(xp_num(x, "count(//ships/ship[@group='own'])"), 5);
	assert_int_equal(xp_num(x, "count(//ships/ship[@group='side'])"), 0);
	assert_str(x, "", "string(//reader/@player)");
	assert_str(x, "SIDE a",
	    "string(//order-template/line[@kind='header'][1])");
	assert_int_equal(xp_num(x, "count(//order-template/line"
	    "[@kind='ship'])"), 5);
	assert_true(template_legal(&g, x, NULL, &t));
	xmlXPathFreeContext(x);
	xmlFreeDoc(doc);
	buf_free(&t);
	game_free(&g);
}

/* The shipped template: within 76 columns (report_render checks), own
 * ships, then the rest of the side, then the enemies. */
static void
check_text(const struct flavour *fl)
{
	static const char *const players[] = { "cap1", "cap2", "adm" };
	struct game		 g;
	struct report_input	 in;
	struct buf		 b = BUF_INIT;
	char			*xsl, *cause = NULL;
	const char		*own, *rest, *enemy, *p;
	size_t			 len, i;

	game_load(fl, &g);
	xsl = datafix_read("../templates/report-side.xsl", &len);
	for (i = 0; i < 3; i++) {
		input_of(&g, players[i], i == 2, 0, &in);
		buf_reset(&b);
		if (report_render(&in, "report-side.xsl", xsl, len, &b,
		    &cause) != 0)
			fail_msg("%s: %s", players[i], cause);
		p = buf_str(&b);
		own = strstr(p, "\nYOUR SHIPS\n");
		rest = strstr(p, "\nTHE REST OF YOUR SIDE\n");
		enemy = strstr(p, "\nENEMY SHIPS IN SIGHT\n");
		if (own == NULL || rest == NULL || enemy == NULL ||
		    own > rest || rest > enemy ||
		    strstr(own, i == 0 ? "a1 " : i == 1 ? "a3 " : "a5 ") >
		    rest || strstr(rest, "b1 ") < enemy ||
		    strstr(p, "\nSIDE a\n") != NULL)
			fail_msg("%s's report:\n%s", players[i], p);
	}
	/* An admiral who commands no ship has lost none. */
	input_of(&g, "adm2", 1, 0, &in);
	buf_reset(&b);
	if (report_render(&in, "report-side.xsl", xsl, len, &b, &cause) != 0)
		fail_msg("adm2: %s", cause);
	p = buf_str(&b);
	own = strstr(p, "\nYOUR SHIPS\n");
	rest = strstr(p, "\nTHE REST OF YOUR SIDE\n");
	if (own == NULL || rest == NULL || strstr(p, "no ship left") != NULL ||
	    strstr(own, "You command no ship: those of your side are below") >
	    rest || strstr(rest, "a5 ") == NULL)
		fail_msg("adm2's report:\n%s", p);
	free(xsl);
	buf_free(&b);
	game_free(&g);
}

static void
test_classic(void **state)
{
	(void)state;
	check_captain(&flavours[0]);
	check_admiral(&flavours[0]);
	check_sole(&flavours[0]);
	check_text(&flavours[0]);
}

static void
test_nauta(void **state)
{
	(void)state;
	check_captain(&flavours[1]);
	check_admiral(&flavours[1]);
	check_sole(&flavours[1]);
	check_text(&flavours[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classic),
		cmocka_unit_test(test_nauta),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
