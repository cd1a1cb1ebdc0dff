/* test_report.c: turn reports, fog of war and templates.
 *
 * Turns are played here with the engine (a busy turn of three sides with
 * a ram, fire, a boarding that ends in a capture, holes and ships far
 * away; the first turn of case 280; and case 281, twenty ships with two
 * rams, a rake, fire, a capture, plugging, a blocked move, a collision
 * and ships off the map, from the case's own files and dice), then
 * reported with the shipped templates (templates/report-*.xsl).  The fog
 * variants are the same turns with <settings visibility="4">: fog
 * changes what a report tells, never the turn.  Golden files
 * (tests/unit/golden/report-*.txt) hold every whole report; every report
 * is also checked for the rules of plain-text mail, for an order template
 * that the orders validator accepts, and, under fog of war, for every id,
 * name and hex of every ship the side must not see (in the text and in
 * the document the template saw).  Broken templates must give a clear
 * error and no text.  NAVARCH_UPDATE_GOLDEN=1 rewrites the golden files: read
 * the diff before committing it. */
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
#include "diag.h"
#include "events.h"
#include "fileio.h"
#include "orders.h"
#include "report.h"
#include "report-int.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* --- files ------------------------------------------------------------------ */

static char *
read_path(const char *path, size_t *len)
{
	char	*buf = NULL, *cause = NULL;

	if (file_read(path, NV_XML_MAX, &buf, len, &cause) != 0)
		fail_msg("%s", cause);
	return buf;
}

/* A file under the data directory's parent (the source tree). */
static char *
read_src(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *buf;

	path = xasprintf("%s/../%s", dir != NULL ? dir : "../data", rel);
	buf = read_path(path, len);
	free(path);
	return buf;
}

static char *
read_template(const char *name, size_t *len)
{
	const char	*dir = getenv("NAVARCH_TEMPLATEDIR");
	char		*path, *buf;

	if (dir == NULL)
		return read_src(name, len);	/* "templates/..." */
	path = xasprintf("%s/%s", dir, strchr(name, '/') + 1);
	buf = read_path(path, len);
	free(path);
	return buf;
}

/* --- playing a turn ---------------------------------------------------------- */

struct played {
	struct nv_ruleset	*rs;
	struct nv_state		*before, *after;
	struct nv_orders	*orders;
	struct nv_dice		*dice;
	struct nv_events	 ev;
};

static const char busy_athens[] =
    "SIDE athens\nSHIP a1 SPEED 2 MOVE F F\nSHIP a2 SPEED 0\n"
    "SHIP a2 FIRE BOW AT p2\nSHIP a3 SPEED 0\nSHIP a3 BOARD p3\n"
    "SHIP a4 SPEED 1\n";
static const char busy_persia[] =
    "SIDE persia\nSHIP p1 SPEED 0\nSHIP p2 SPEED 0\n"
    "SHIP p2 FIRE BOW AT a2\nSHIP p3 SPEED 0\nSHIP p8 SPEED 2 MOVE F F\n"
    "SHIP p9 SPEED 2 MOVE F F\n";
static const char busy_corinth[] =
    "SIDE corinth\nSHIP c1 SPEED 2 MOVE F F\nSHIP c2 SPEED 0\n";

enum game { GAME_BUSY, GAME_BUSY_FOG, GAME_280, GAME_BUSY20,
	GAME_BUSY20_FOG };

#define CASE280	"tests/cases/280-small-battle-to-the-end/"
#define CASE281	"tests/cases/281-busy-turn-twenty-ships/"

/* Case 281's order files: two players a side, one file each. */
static const char *const busy20_orders[] = {
	"orders-athens-1.txt", "orders-athens-2.txt",
	"orders-persia-1.txt", "orders-persia-2.txt"
};

static void
load_orders(struct played *p, const char *name, const char *text)
{
	struct diag	d = DIAG_INIT;
	struct buf	b = BUF_INIT;

	if (orders_parse(p->orders, name, text, strlen(text), &d) != 0) {
		diag_format(&d, &b);
		fail_msg("%s", buf_str(&b));
	}
	diag_free(&d);
}

/* The dice of a case: its "dice: script ..." line, so that the reports
 * are of exactly the turn the case checks, and a change to the case's
 * dice cannot leave a stale copy here. */
static struct nv_dice *
case_dice(const char *dir)
{
	struct nv_dice	*dice;
	char		*path = xasprintf("%scase", dir);
	char		*text, *line, *cause = NULL;
	const char	*s, *e;
	size_t		 len;

	text = read_src(path, &len);
	s = strstr(text, "\ndice: script ");
	if (s == NULL)
		fail_msg("%s: no 'dice: script' line", path);
	s += strlen("\ndice: script ");
	e = strchr(s, '\n');
	line = xstrndup(s, e != NULL ? (size_t)(e - s) : strlen(s));
	dice = dice_script_parse(line, &cause);
	if (dice == NULL)
		fail_msg("%s: %s", path, cause);
	free(line);
	free(text);
	free(path);
	return dice;
}

static void
play(enum game g, struct played *p)
{
	static const int dice280[] = { 3, 5, 2, 2, 4, 1, 5, 3, 2, 4, 6 };
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*rx, *rng, *sx, *cause = NULL, *o1, *o2, *path;
	size_t		 rl, ngl, sl, ol, k;

	memset(p, 0, sizeof *p);
	rx = read_src("data/rulesets/classic.xml", &rl);
	rng = read_src("data/schema/ruleset-classic.rng", &ngl);
	p->rs = ruleset_load("classic.xml", rx, rl, rng, ngl, &d);
	free(rx);
	free(rng);
	assert_non_null(p->rs);
	rng = read_src("data/schema/scenario.rng", &ngl);
	sx = read_src(g == GAME_280 ? CASE280 "state.xml" :
	    g == GAME_BUSY20 || g == GAME_BUSY20_FOG ? CASE281 "state.xml" :
	    "tests/unit/fixtures/report-busy.xml", &sl);
	p->before = state_xml_load(p->rs, "state.xml", sx, sl, rng, ngl, &d);
	if (p->before == NULL) {
		diag_format(&d, &b);
		fail_msg("%s", buf_str(&b));
	}
	free(sx);
	free(rng);
	/* Case 281's state has no fog.  Its fog variant sees 4 hexes: the
	 * two squadrons in the east stay out of each other's sight, p9
	 * behind the land of 1607-1609 although a10 is only 4 hexes off. */
	if (g == GAME_BUSY_FOG || g == GAME_BUSY20_FOG)
		p->before->settings.visibility = 4;
	p->orders = orders_new(p->before);
	if (g == GAME_BUSY20 || g == GAME_BUSY20_FOG) {
		for (k = 0; k < sizeof busy20_orders / sizeof busy20_orders[0];
		    k++) {
			path = xasprintf(CASE281 "%s", busy20_orders[k]);
			o1 = read_src(path, &ol);
			load_orders(p, busy20_orders[k], o1);
			free(o1);
			free(path);
		}
		p->dice = case_dice(CASE281);
	} else if (g == GAME_280) {
		o1 = read_src(CASE280 "orders-t1-athens.txt", &ol);
		o2 = read_src(CASE280 "orders-t1-persia.txt", &ol);
		load_orders(p, "athens.txt", o1);
		load_orders(p, "persia.txt", o2);
		free(o1);
		free(o2);
		p->dice = dice_script(dice280, sizeof dice280 /
		    sizeof dice280[0]);
	} else {
		load_orders(p, "athens.txt", busy_athens);
		load_orders(p, "persia.txt", busy_persia);
		load_orders(p, "corinth.txt", busy_corinth);
		p->dice = dice_seeded("busy3", "");
	}
	assert_int_equal(orders_validate(p->orders, &d), 0);
	if (turn_play(p->before, p->orders, p->dice, &p->after, &p->ev,
	    &cause) != 0)
		fail_msg("%s", cause);
	diag_free(&d);
}

static void
played_free(struct played *p)
{
	events_free(&p->ev);
	orders_free(p->orders);
	state_free(p->after);
	state_free(p->before);
	dice_free(p->dice);
	ruleset_free(p->rs);
}

static void
input_for(struct played *p, enum report_reader r, const char *side,
    struct report_input *in)
{
	memset(in, 0, sizeof *in);
	in->game = "sybota";
	in->before = p->before;
	in->after = p->after;
	in->ev = &p->ev;
	in->orders = p->orders;
	in->rolls = dice_rolls(p->dice, &in->nrolls);
	in->deadline = "Friday 12 June, 18:00 UTC";
	in->reader = r;
	in->side = side != NULL ? state_side_index(p->after, side) : -1;
}

static const char *const template_files[] = {
	"templates/report-side.xsl", "templates/report-gm.xsl",
	"templates/report-observer.xsl"
};

/* Renders with the shipped template; fails the test on an error. */
static char *
render(const struct report_input *in)
{
	struct buf	 b = BUF_INIT;
	char		*xsl, *cause = NULL;
	size_t		 len;

	xsl = read_template(template_files[in->reader], &len);
	if (report_render(in, template_files[in->reader], xsl, len, &b,
	    &cause) != 0)
		fail_msg("%s", cause);
	free(xsl);
	return buf_detach(&b);
}

/* --- checks on every report ------------------------------------------------ */

static void
check_medium(const char *name, const char *text)
{
	char	*cause = NULL;

	if (report_text_check(text, strlen(text), &cause) != 0)
		fail_msg("%s: %s", name, cause);
	/* No mail address of anyone, ever. */
	assert_null(strchr(text, '@'));
}

/* The lines from "SIDE" to "END" are orders the validator accepts for
 * the new state. */
static void
check_order_template(const struct played *p, const char *text)
{
	const char		*s = strstr(text, "\nSIDE "), *e;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;

	if (p->after->result.kind != NV_RESULT_PLAYING) {
		assert_null(s);
		return;
	}
	assert_non_null(s);
	e = strstr(s, "\nEND\n");
	assert_non_null(e);
	o = orders_new(p->after);
	if (orders_parse(o, "template", s + 1, (size_t)(e - s), &d) != 0 ||
	    orders_validate(o, &d) != 0) {
		diag_format(&d, &b);
		fail_msg("order template refused: %s", buf_str(&b));
	}
	assert_true(o->files[0].ship_lines > 0);
	diag_free(&d);
	orders_free(o);
}

/* The golden file of report name. */
static void
golden(const char *name, const char *out)
{
	char	*file = xasprintf("report-%s.txt", name);

	datafix_golden(file, out);
	free(file);
}
/* --- golden reports ---------------------------------------------------------- */

struct golden_row {
	const char		*name;
	enum game		 game;
	enum report_reader	 reader;
	const char		*side;
	/* Must appear: the turn is told (a word of each kind of event). */
	const char		*must[4];
};

static const struct golden_row golden_rows[] = {
	{ "busy-athens", GAME_BUSY, REPORT_SIDE, "athens",
	    { "a1's bow strikes", "surrenders to a3", "fires 1 bow at p2", "p9" } },
	{ "busy-persia", GAME_BUSY, REPORT_SIDE, "persia",
	    { "a1's bow strikes", "SHIP p9 SPEED 2", "captured by athens", NULL } },
	{ "busy-corinth", GAME_BUSY, REPORT_SIDE, "corinth",
	    { "SHIP c1 SPEED 2", "c1 (trireme, corinth) moves", "p9", NULL } },
	{ "busy-gm", GAME_BUSY, REPORT_GM, NULL,
	    { "ORDERS IN FORCE", "SHIP p2 FIRE 1 BOW AT a2", "DICE",
	    "navarch-dice-1" } },
	{ "busy-observer", GAME_BUSY, REPORT_OBSERVER, NULL,
	    { "surrenders to a3", "SHIPS OF Corinth", NULL, NULL } },
	{ "fog-athens", GAME_BUSY_FOG, REPORT_SIDE, "athens",
	    { "Fog of war", "a1's bow strikes", "surrenders to a3", "B2" } },
	{ "fog-persia", GAME_BUSY_FOG, REPORT_SIDE, "persia",
	    { "Fog of war", "p3 (bireme, persia) surrenders", NULL, NULL } },
	{ "fog-corinth", GAME_BUSY_FOG, REPORT_SIDE, "corinth",
	    { "Fog of war", "c1 (trireme, corinth) moves", NULL, NULL } },
	{ "fog-gm", GAME_BUSY_FOG, REPORT_GM, NULL,
	    { "p9 (quinquereme, persia) plugs", "c2", NULL, NULL } },
	{ "280-athens", GAME_280, REPORT_SIDE, "athens",
	    { "sinks in 1105", "Score so far: athens 8", NULL, NULL } },
	{ "280-gm", GAME_280, REPORT_GM, NULL,
	    { "sails off the map", NULL, NULL, NULL } },
	{ "busy20-athens", GAME_BUSY20, REPORT_SIDE, "athens",
	    { "p2 wins, its bow strikes a2", "rakes the oars of p3", "surrenders to a5",
	    "a9 (quadrireme, athens) plugs hole 1 of 1" } },
	{ "busy20-persia", GAME_BUSY20, REPORT_SIDE, "persia",
	    { "a1 (trireme, athens) rams p1", "captured by athens",
	    "p6 (trireme, persia) fails to plug hole 2 of 2",
	    "a collision between ships of the same side" } },
	{ "busy20-gm", GAME_BUSY20, REPORT_GM, NULL,
	    { "SHIP p4 FIRE 2 CATAPULT AT a4", "a7 (trireme, athens) in 0413 touches a2",
	    "sails off the map from 2401", "DICE" } },
	{ "busy20-observer", GAME_BUSY20, REPORT_OBSERVER, NULL,
	    { "sails off the map from 0216", "(pooled)",
	    "head-on contest: a2 2 against p2 5", NULL } },
	{ "busy20-fog-athens", GAME_BUSY20_FOG, REPORT_SIDE, "athens",
	    { "Fog of war", "a1 (trireme, athens) rams p1", "surrenders to a5",
	    "sails off the map from 0216" } },
	{ "busy20-fog-persia", GAME_BUSY20_FOG, REPORT_SIDE, "persia",
	    { "Fog of war", "p2 wins, its bow strikes a2", "sails off the map from 2401",
	    "a collision between ships of the same side" } },
	{ "busy20-fog-gm", GAME_BUSY20_FOG, REPORT_GM, NULL,
	    { "a8 (bireme, athens) sails off", "p10 (bireme, persia) sails off",
	    "ORDERS IN FORCE", NULL } },
	{ "busy20-fog-observer", GAME_BUSY20_FOG, REPORT_OBSERVER, NULL,
	    { "a8 (bireme, athens) sails off", "p7 (bireme, persia) in 1803",
	    NULL, NULL } },
};

static void
test_golden(void **state)
{
	struct played		p;
	struct report_input	in;
	size_t			i, k;
	char			*out, *again;

	(void)state;
	for (i = 0; i < sizeof golden_rows / sizeof golden_rows[0]; i++) {
		const struct golden_row *g = &golden_rows[i];

		play(g->game, &p);
		input_for(&p, g->reader, g->side, &in);
		out = render(&in);
		golden(g->name, out);
		check_medium(g->name, out);
		for (k = 0; k < 4 && g->must[k] != NULL; k++)
			if (strstr(out, g->must[k]) == NULL)
				fail_msg("%s: '%s' missing", g->name,
				    g->must[k]);
		if (g->reader == REPORT_SIDE)
			check_order_template(&p, out);
		else
			assert_null(strstr(out, "ORDERS FOR TURN"));
		/* Determinism: the same inputs, the same bytes. */
		again = render(&in);
		assert_string_equal(out, again);
		free(again);
		free(out);
		played_free(&p);
	}
}

/* Which attributes a template can read (report-names.c): those it names
 * (in any expression or attribute value template, spaces allowed), and
 * every one when it names them by wildcard or copies nodes. */
static void
test_template_names(void **state)
{
	static const struct {
		const char	*body;		/* inside xsl:template */
		const char	*has;		/* names kept, space-separated */
		const char	*lacks;		/* names dropped ("" if all) */
	} rows[] = {
		{ "<xsl:value-of select=\"ships/ship/@hull\"/>", "hull",
		    "holes code" },
		{ "<xsl:if test=\"@ code = 'A1'\">x</xsl:if>", "code",
		    "hull" },
		{ "<xsl:value-of select=\"attribute :: hex\"/>", "hex",
		    "hull" },
		{ "<xsl:for-each select=\"ship\"><xsl:sort "
		    "select=\"@id\"/></xsl:for-each>", "id", "hull" },
		{ "<out a=\"{@facing}\"/>", "facing", "hull" },
		{ "<xsl:value-of select=\"count(@*)\"/>", "hull code", "" },
		{ "<xsl:value-of select=\"@node()\"/>", "hull code", "" },
		{ "<xsl:value-of select=\"attribute::*\"/>", "hull", "" },
		{ "<xsl:copy-of select=\".\"/>", "hull code", "" },
	};
	struct report_names	*n;
	xmlDocPtr		 doc;
	char			*xsl, *w, *list, *save;
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		xsl = xasprintf("<xsl:stylesheet version=\"1.0\" xmlns:xsl="
		    "\"http://www.w3.org/1999/XSL/Transform\"><xsl:template "
		    "match=\"/\">%s</xsl:template></xsl:stylesheet>",
		    rows[i].body);
		doc = xmlReadMemory(xsl, (int)strlen(xsl), "t.xsl", NULL, 0);
		assert_non_null(doc);
		n = report_names_of(doc);
		if (rows[i].lacks[0] == '\0')
			assert_null(n);
		list = xstrdup(rows[i].has);
		for (w = strtok_r(list, " ", &save); w != NULL;
		    w = strtok_r(NULL, " ", &save))
			assert_true(report_names_has(n, w));
		free(list);
		list = xstrdup(rows[i].lacks);
		for (w = strtok_r(list, " ", &save); w != NULL;
		    w = strtok_r(NULL, " ", &save))
			if (report_names_has(n, w))
				fail_msg("row %zu: %s kept", i, w);
		free(list);
		report_names_free(n);
		xmlFreeDoc(doc);
		free(xsl);
	}
}

/* A document keeps only the attributes its template names (report-
 * names.c): the same template made to read every attribute (a top-level
 * variable over @*, which it never prints) gets the whole document, and
 * must write the same bytes, for every reader, with and without fog. */
static void
test_pruned_same(void **state)
{
	static const char	 every[] = "<xsl:variable name=\"every\" "
	    "select=\"//@*\"/>\n";
	struct report_input	 in;
	struct played		 p;
	struct buf		 x = BUF_INIT, a = BUF_INIT, b = BUF_INIT;
	const char		*at;
	char			*xsl, *cause = NULL;
	size_t			 len, i, g;
	enum game		 games[] = { GAME_BUSY20, GAME_BUSY20_FOG };

	(void)state;
	for (g = 0; g < 2; g++) {
		play(games[g], &p);
		for (i = 0; i < 3; i++) {
			xsl = read_template(template_files[i], &len);
			at = strstr(xsl, "<xsl:output");
			assert_non_null(at);
			buf_reset(&x);
			buf_add(&x, xsl, (size_t)(at - xsl));
			buf_adds(&x, every);
			buf_adds(&x, at);
			input_for(&p, (enum report_reader)i, i == REPORT_SIDE ?
			    "persia" : NULL, &in);
			buf_reset(&a);
			buf_reset(&b);
			assert_int_equal(report_render(&in, "pruned", xsl, len,
			    &a, &cause), 0);
			assert_int_equal(report_render(&in, "whole", x.p,
			    x.len, &b, &cause), 0);
			assert_true(a.len > 1000);
			assert_string_equal(buf_str(&a), buf_str(&b));
			free(xsl);
		}
		played_free(&p);
	}
	buf_free(&x);
	buf_free(&a);
	buf_free(&b);
}

/* Observers get everything but the orders. */
static void
test_observer_no_orders(void **state)
{
	struct played		p;
	struct report_input	in;
	struct buf		b = BUF_INIT;
	char			*out, *cause = NULL;

	(void)state;
	play(GAME_BUSY, &p);
	input_for(&p, REPORT_OBSERVER, NULL, &in);
	out = render(&in);
	assert_null(strstr(out, "FIRE 1 BOW"));
	assert_null(strstr(out, "steps F F"));
	assert_null(strstr(out, "holds (speed 0)"));
	assert_non_null(strstr(out, "p9 (quinquereme, persia) plugs"));
	assert_int_equal(report_doc_xml(&in, &b, &cause), 0);
	assert_null(strstr(buf_str(&b), "<orders-in-force"));
	assert_null(strstr(buf_str(&b), "<dice"));
	assert_null(strstr(buf_str(&b), "kind=\"orders\""));
	buf_free(&b);
	free(out);
	played_free(&p);
}

/* A battle leaves dozens of wrecks: the list wraps within 76 columns in
 * every reader's report, and names every one. */
static void
test_many_wrecks(void **state)
{
	struct played		p;
	struct report_input	in;
	char			*out, id[16];
	int			 k, r;

	(void)state;
	play(GAME_BUSY, &p);
	for (k = 0; k < 30; k++) {
		(void)snprintf(id, sizeof id, "hulk%02d", k);
		state_add_wreck(p.after, hex_from_cr(1 + k % 10, 1 + k / 10),
		    id);
	}
	for (r = REPORT_SIDE; r <= REPORT_OBSERVER; r++) {
		input_for(&p, (enum report_reader)r, r == REPORT_SIDE ?
		    "athens" : NULL, &in);
		out = render(&in);
		check_medium("many wrecks", out);
		assert_non_null(strstr(out, "hulk00"));
		assert_non_null(strstr(out, "hulk29"));
		free(out);
	}
	played_free(&p);
}

/* text with every run of white space one space, so that a sentence is
 * found wherever nv:wrap broke its lines. */
static char *
squash(char *text)
{
	char	*r = text, *w = text;

	for (; *r != '\0'; r++)
		if (*r != ' ' && *r != '\n')
			*w++ = *r;
		else if (w > text && w[-1] != ' ')
			*w++ = ' ';
	*w = '\0';
	return text;
}

/* A ship attribute of the state set by hand (the report reads the state
 * as it is). */
static void
set_ship_text(struct nv_state *st, const char *ship, const char *attr,
    const char *value)
{
	const struct nv_attr_def *ad = st->rs->ops->ship_attrs;
	int			 i = state_ship_index(st, ship);
	size_t			 k;

	assert_true(i >= 0);
	for (k = 0; k < st->rs->ops->nship_attrs; k++)
		if (strcmp(ad[k].name, attr) == 0)
			break;
	assert_true(k < st->rs->ops->nship_attrs);
	free(st->ships[i].attr[k].s);
	st->ships[i].attr[k].s = xstrdup(value);
}

/* Lists of ids in the ship details read as words in every template: who
 * a ship is grappled with, and who raked it (which it may not board); and
 * an obligation's sentence (classic's report module writes them all). */
static void
test_id_lists(void **state)
{
	struct played		p;
	struct report_input	in;
	char			*out;
	int			 r;

	(void)state;
	play(GAME_BUSY20, &p);
	set_ship_text(p.after, "p3", "raked-by", "a3 a7");
	set_ship_text(p.after, "p1", "grappled", "a1 a5 a6");
	set_ship_text(p.after, "p2", "obligation", "pivot");
	for (r = REPORT_SIDE; r <= REPORT_OBSERVER; r++) {
		input_for(&p, (enum report_reader)r, r == REPORT_SIDE ?
		    "persia" : NULL, &in);
		out = squash(render(&in));
		if (strstr(out, "Oars raked by a3 and a7:") == NULL ||
		    strstr(out, "it may not board a3 or a7.") == NULL ||
		    strstr(out, "Grappled with a1, a5 and a6: cannot") == NULL ||
		    strstr(out, ". Getting under way after "
		    "backing: at most one turn before the first F, speed up to "
		    "its acceleration from 0.") == NULL)
			fail_msg("%s:\n%s", template_files[r], out);
		free(out);
	}
	played_free(&p);
}

/* The lines report_order_straight offers a ship, in order, by its speed:
 * straight on, each slower speed, then backing, then no more. */
struct straight_row {
	int		 speed;
	const char	*lines[6];	/* NULL-terminated */
};

static const struct straight_row straight_rows[] = {
	{ 2, { "SPEED 2 MOVE F F", "SPEED 1 MOVE F",
	    "SPEED 0", "MOVE B", NULL } },
	{ 0, { "SPEED 0", "MOVE B", NULL } },
	{ -1, { "SPEED 0", "MOVE B", NULL } },
};

static void
test_order_straight(void **state)
{
	struct played	 p;
	struct buf	 b = BUF_INIT;
	char		*want;
	size_t		 r;
	int		 k;

	(void)state;
	play(GAME_BUSY20, &p);
	for (r = 0; r < sizeof straight_rows / sizeof straight_rows[0]; r++) {
		p.after->ships[0].speed = straight_rows[r].speed;
		for (k = 0; straight_rows[r].lines[k] != NULL; k++) {
			buf_reset(&b);
			assert_int_equal(report_order_straight(p.after, 0, k,
			    &b), 0);
			want = xasprintf("SHIP %s %s", p.after->ships[0].id,
			    straight_rows[r].lines[k]);
			assert_string_equal(buf_str(&b), want);
			free(want);
		}
		assert_int_equal(report_order_straight(p.after, 0, k, &b), -1);
	}
	buf_free(&b);
	played_free(&p);
}

/* --- fog of war ----------------------------------------------------------------- */

/* What a side must never read under fog: ids, names and every hex the
 * ship was in during the turn (ships that never came within 4 hexes or
 * behind the island), and what it may (ships alongside). */
struct fog_row {
	enum game	 game;
	const char	*side;
	const char	*hidden[24];
	const char	*shown[10];
};

static const struct fog_row fog_rows[] = {
	{ GAME_BUSY_FOG, "athens",
	    { "c1", "Korkyra", "1812", "1712", "1611",
	      "c2", "Leukas", "1011",
	      "p8", "Arados", "1306", "1305", "1304",
	      "p9", "Gaza", "1802", "1703", "1603",
	      "1608", "old", "corinth", NULL },
	    { "p1", "Azes", "p2", "Tyros", "p3", "Sidon", "0408", NULL } },
	{ GAME_BUSY_FOG, "corinth",
	    { "a1", "Nike", "a2", "Paralos", "a3", "Salaminia", "a4",
	      "Delos", "p1", "Azes", "p2", "Tyros", "p3", "Sidon",
	      "p9", "Gaza", "1802", "1703", "1603", "0409", "0213",
	      "athens", NULL },
	    { "c1", "Korkyra", "1611", "1608", NULL } },
	/* Case 281: the Persian reserve in the east never comes within 4
	 * hexes of an Athenian ship, except p9, which the island hides from
	 * a10 at 4 hexes; p10 sails off the map (2501) there.  a8 sails off
	 * in the far south-west, a9 and a10 watch the east. */
	{ GAME_BUSY20_FOG, "athens",
	    { "p6", "Gaza", "2005", "p7", "Tarsos", "1803",
	      "p8", "Kition", "1804", "p9", "Ugarit", "1606",
	      "p10", "Askalon", "2302", "2401", "2501", NULL },
	    { "p1", "Azes", "p2", "Tyros", "p3", "Sidon", "p4",
	      /* Lost a2 and a8 keep their numbers: a9 stays A9. */
	      "A9  a9 Pallas", "A10 a10 Theseus", NULL } },
	{ GAME_BUSY20_FOG, "persia",
	    { "a8", "Hermes", "0216", "0217", "a9", "Pallas", "1813",
	      "a10", "Theseus", "1610", NULL },
	    { "a1", "Nike", "a3", "Paralos", "a7", "Sounion", "0413",
	      NULL } },
};

static void
check_hidden(const char *what, const char *text, const struct fog_row *f)
{
	size_t	k;

	for (k = 0; f->hidden[k] != NULL; k++) {
		const char *id = f->hidden[k], *p = text;
		size_t	    n = strlen(id);

		/* Whole words only: "a1" must not match inside "a12". */
		while ((p = strstr(p, id)) != NULL) {
			int	before = p > text && (p[-1] == '_' ||
			    p[-1] == '-' || (p[-1] >= '0' && p[-1] <= '9') ||
			    ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'));
			int	after = p[n] == '_' || p[n] == '-' ||
			    (p[n] >= '0' && p[n] <= '9') ||
			    ((p[n] | 32) >= 'a' && (p[n] | 32) <= 'z');

			if (!before && !after)
				fail_msg("%s of %s shows '%s':\n%s", what,
				    f->side, id, text);
			p++;
		}
	}
}

static void
test_fog(void **state)
{
	struct played		p;
	struct report_input	in;
	struct buf		b = BUF_INIT;
	size_t			i, k;
	char			*out, *cause = NULL;

	(void)state;
	for (i = 0; i < sizeof fog_rows / sizeof fog_rows[0]; i++) {
		const struct fog_row *f = &fog_rows[i];

		play(f->game, &p);
		input_for(&p, REPORT_SIDE, f->side, &in);
		out = render(&in);
		check_hidden("report", out, f);
		for (k = 0; f->shown[k] != NULL; k++)
			if (strstr(out, f->shown[k]) == NULL)
				fail_msg("%s: '%s' missing", f->side,
				    f->shown[k]);
		/* The document itself holds nothing hidden either (apart
		 * from the list of sides, which every player knows). */
		buf_reset(&b);
		assert_int_equal(report_doc_xml(&in, &b, &cause), 0);
		{
			char	*doc = xstrdup(buf_str(&b));
			char	*s = strstr(doc, "<sides>");
			char	*e = strstr(doc, "</sides>");

			assert_non_null(s);
			assert_non_null(e);
			memset(s, ' ', (size_t)(e - s));
			check_hidden("document", doc, f);
			free(doc);
		}
		free(out);
		played_free(&p);
	}
	buf_free(&b);
}

/* Without fog the same side sees everything; fog off is the default. */
static void
test_no_fog_shows_all(void **state)
{
	struct played		p;
	struct report_input	in;
	char			*out;

	(void)state;
	play(GAME_BUSY, &p);
	input_for(&p, REPORT_SIDE, "athens", &in);
	out = render(&in);
	assert_non_null(strstr(out, "c2 Leukas"));
	assert_non_null(strstr(out, "p9 Gaza"));
	assert_non_null(strstr(out, "1608"));
	assert_null(strstr(out, "Fog of war"));
	free(out);
	played_free(&p);
}

/* --- templates that are broken ------------------------------------------------- */

#define XSL_HEAD "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\" " \
	"xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\" " \
	"xmlns:nv=\"urn:navarch:report\">\n" \
	"<xsl:output method=\"text\" encoding=\"UTF-8\"/>\n"

struct bad_row {
	const char	*what;
	const char	*xsl;
	const char	*cause[3];	/* substrings the error must hold */
};

static const struct bad_row bad_rows[] = {
	{ "malformed XML",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:text>hi</xsl:txt>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl:5:", "mismatch", NULL } },
	{ "not XSLT",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:value-of/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: not a valid XSLT stylesheet", "line 5", NULL } },
	{ "bad XPath",
	    XSL_HEAD "<xsl:template match=\"/\">\n"
	    "<xsl:value-of select=\"concat('a',\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl", "line 5", NULL } },
	{ "HTML output",
	    "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\" "
	    "xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	    "<xsl:output method=\"html\"/>\n<xsl:template match=\"/\">"
	    "<p>x</p></xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl", "method=\"text\"", NULL } },
	{ "import",
	    XSL_HEAD "<xsl:import href=\"/etc/other.xsl\"/>\n"
	    "<xsl:template match=\"/\">x</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl:4:", "xsl:import is not allowed", NULL } },
	{ "terminating message",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:text>half a report"
	    "&#10;</xsl:text>\n<xsl:message terminate=\"yes\">no deadline"
	    "</xsl:message>\n</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: the template failed", "no deadline", NULL } },
	{ "unknown function",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:text>half</xsl:text>"
	    "\n<xsl:value-of select=\"nv:nosuch(1)\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: the template failed", "line 6", "nosuch" } },
	{ "reads a file",
	    XSL_HEAD "<xsl:template match=\"/\">\n"
	    "<xsl:value-of select=\"document('/etc/passwd')\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: the template failed", NULL, NULL } },
	{ "line too long",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:value-of select=\""
	    "concat(map, '01234567890123456789012345678901234567890123456789"
	    "01234567890123456789012345678', '&#10;')\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: the text breaks the rules of plain-text mail",
	      "has 79 characters (at most 76)", NULL } },
	{ "tab",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:text>a&#9;b&#10;"
	    "</xsl:text>\n</xsl:template></xsl:stylesheet>\n",
	    { "line 1 has a tab", NULL, NULL } },
	{ "signature separator",
	    XSL_HEAD "<xsl:template match=\"/\">\n<xsl:text>a&#10;-- &#10;"
	    "orders&#10;</xsl:text>\n</xsl:template></xsl:stylesheet>\n",
	    { "line 2 is a signature separator", NULL, NULL } },
	{ "nothing at all",
	    XSL_HEAD "<xsl:template match=\"/\"/></xsl:stylesheet>\n",
	    { "does not end with a newline", NULL, NULL } },
	{ "wrong arity",
	    XSL_HEAD "<xsl:template match=\"/\">\n"
	    "<xsl:value-of select=\"nv:pad('x')\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n",
	    { "bad.xsl: the template failed", NULL, NULL } },
};

/* The rules of plain text, character by character: ASCII and UTF-8
 * alike count one a character. */
static const struct {
	const char	*text;
	int		 width;
	const char	*cause;		/* NULL: accepted */
} width_rows[] = {
	{ "plain\n", 5, NULL },
	{ "plain\n", 4, "line 1 has 5 characters (at most 4)" },
	{ "caf\xc3\xa9 \xce\x9d\n", 6, NULL },
	{ "ok\ncaf\xc3\xa9 \xce\x9d\n", 5, "line 2 has 6 characters" },
	{ "ok\xff\n", 0, "line 1 is not valid UTF-8 (byte 0xff)" },
	{ "\xe2\x82\n", 0, "line 1 is not valid UTF-8 (byte 0xe2)" },
	{ "del\x7f\n", 0, "line 1 has the control character 0x7f" },
	{ "a\n\x01\n", 0, "line 2 has the control character 0x01" },
};

static void
test_check_width(void **state)
{
	size_t	 i;
	char	*cause;
	int	 rc;

	(void)state;
	for (i = 0; i < sizeof width_rows / sizeof width_rows[0]; i++) {
		cause = NULL;
		rc = report_text_check_width(width_rows[i].text,
		    strlen(width_rows[i].text), width_rows[i].width, &cause);
		if (width_rows[i].cause == NULL ? rc != 0 : rc == 0 ||
		    strstr(cause, width_rows[i].cause) == NULL)
			fail_msg("row %zu: %d, %s", i, rc,
			    cause != NULL ? cause : "no cause");
		free(cause);
	}
}

static void
test_bad_templates(void **state)
{
	struct played		p;
	struct report_input	in;
	struct buf		b = BUF_INIT;
	size_t			i, k;
	char			*cause;

	(void)state;
	play(GAME_BUSY, &p);
	input_for(&p, REPORT_SIDE, "athens", &in);
	for (i = 0; i < sizeof bad_rows / sizeof bad_rows[0]; i++) {
		const struct bad_row *r = &bad_rows[i];

		buf_reset(&b);
		buf_adds(&b, "kept");
		cause = NULL;
		if (report_render(&in, "bad.xsl", r->xsl, strlen(r->xsl), &b,
		    &cause) == 0)
			fail_msg("%s: accepted, gave:\n%s", r->what,
			    buf_str(&b));
		assert_non_null(cause);
		for (k = 0; k < 3 && r->cause[k] != NULL; k++)
			if (strstr(cause, r->cause[k]) == NULL)
				fail_msg("%s: '%s' not in the error: %s",
				    r->what, r->cause[k], cause);
		/* Never a half report. */
		assert_string_equal(buf_str(&b), "kept");
		free(cause);
	}
	buf_free(&b);
	played_free(&p);
}

/* The extension functions count characters, not bytes. */
static void
test_extension_functions(void **state)
{
	static const char xsl[] = XSL_HEAD
	    "<xsl:template match=\"/\">\n"
	    "<xsl:value-of select=\"concat('[', nv:pad('\xce\x9d\xce\xaf"
	    "\xce\xba\xce\xb7', 6), ']', nv:lpad('7', 3), '&#10;')\"/>\n"
	    "<xsl:value-of select=\"concat(nv:wrap('one two three four', "
	    "'* ', '  ', 10), '&#10;')\"/>\n"
	    "</xsl:template></xsl:stylesheet>\n";
	struct played		p;
	struct report_input	in;
	struct buf		b = BUF_INIT;
	char			*cause = NULL;

	(void)state;
	play(GAME_BUSY, &p);
	input_for(&p, REPORT_GM, NULL, &in);
	if (report_render(&in, "ext.xsl", xsl, strlen(xsl), &b, &cause) != 0)
		fail_msg("%s", cause);
	assert_string_equal(buf_str(&b),
	    "[\xce\x9d\xce\xaf\xce\xba\xce\xb7  ]  7\n"
	    "* one two\n  three\n  four\n");
	buf_free(&b);
	played_free(&p);
}

/* --- the rules of the medium, and wrapping ----------------------------------- */

struct text_row {
	const char	*text;
	int		 ok;
};

static const struct text_row text_rows[] = {
	{ "plain\n", 1 },
	{ "", 0 },
	{ "no newline", 0 },
	{ "a\tb\n", 0 },
	{ "a\rb\n", 0 },
	{ "\xce\x9d\xce\xaf\xce\xba\xce\xb7\n", 1 },
	{ "bad \xff byte\n", 0 },
	{ "overlong \xc0\xaf\n", 0 },
	{ "surrogate \xed\xa0\x80\n", 0 },
	{ "cut \xce\n", 0 },
	{ "--\n", 0 },
	{ "-- \n", 0 },
	{ "--- a rule is fine\n", 1 },
	/* 76 characters fit, 77 do not; 76 two-byte characters fit. */
	{ "0123456789012345678901234567890123456789012345678901234567890123"
	  "456789012345\n", 1 },
	{ "0123456789012345678901234567890123456789012345678901234567890123"
	  "4567890123456\n", 0 },
};

static void
test_text_check(void **state)
{
	struct buf	b = BUF_INIT;
	size_t		i;
	int		k;
	char		*cause;

	(void)state;
	for (i = 0; i < sizeof text_rows / sizeof text_rows[0]; i++) {
		cause = NULL;
		if ((report_text_check(text_rows[i].text,
		    strlen(text_rows[i].text), &cause) == 0) !=
		    text_rows[i].ok)
			fail_msg("row %zu '%s': %s", i, text_rows[i].text,
			    cause != NULL ? cause : "accepted");
		free(cause);
	}
	for (k = 0; k < REPORT_WIDTH; k++)
		buf_adds(&b, "\xc3\xa9");
	buf_addc(&b, '\n');
	assert_int_equal(report_text_check(buf_str(&b), b.len, &cause), 0);
	buf_free(&b);
}

struct wrap_row {
	const char	*text, *first, *rest;
	int		 width;
	const char	*want;
};

static const struct wrap_row wrap_rows[] = {
	{ "a b c", "", "", 76, "a b c" },
	{ "one two three", "  ", "    ", 10, "  one two\n    three" },
	{ "  spaces   collapse  ", "", "", 76, "spaces collapse" },
	{ "abcdefghijkl", "", "  ", 5, "abcde\n  fgh\n  ijk\n  l" },
	{ "\xce\xb1\xce\xb2\xce\xb3 \xce\xb4", "", "", 5,
	  "\xce\xb1\xce\xb2\xce\xb3 \xce\xb4" },
	{ "\xce\xb1\xce\xb2\xce\xb3 \xce\xb4\xce\xb5", "", "", 5,
	  "\xce\xb1\xce\xb2\xce\xb3\n\xce\xb4\xce\xb5" },
	{ "", "> ", "", 76, "> " },
};

static void
test_wrap(void **state)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	(void)state;
	for (i = 0; i < sizeof wrap_rows / sizeof wrap_rows[0]; i++) {
		const struct wrap_row *w = &wrap_rows[i];

		buf_reset(&b);
		report_wrap(w->text, w->first, w->rest, w->width, &b);
		if (strcmp(buf_str(&b), w->want) != 0)
			fail_msg("row %zu: got '%s', want '%s'", i,
			    buf_str(&b), w->want);
	}
	buf_free(&b);
}

/* A word of 1 MB (a hostile mail's line quoted in an answer) is cut into
 * full lines, each with the hanging indent.  Wrapping is linear: this
 * took minutes when the characters left were counted again after every
 * cut. */
static void
test_wrap_long_word(void **state)
{
	struct buf	 b = BUF_INIT;
	char		*word;
	const char	*p, *nl;
	size_t		 n = 1000000, lines = 0, chars = 0, len;

	(void)state;
	word = malloc(n + 1);
	assert_non_null(word);
	memset(word, 'x', n);
	word[n] = '\0';
	report_wrap(word, "", "  ", 76, &b);
	for (p = buf_str(&b); *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		len = (size_t)(nl - p);
		if (lines > 0) {
			assert_true(len > 2 && p[0] == ' ' && p[1] == ' ');
			len -= 2;
		}
		if (*nl != '\0')
			assert_int_equal(len, lines == 0 ? 76 : 74);
		chars += len;
		lines++;
	}
	assert_int_equal(chars, n);
	free(word);
	buf_free(&b);
}

/* Inputs that do not fit are refused with a cause. */
static void
test_bad_input(void **state)
{
	struct played		p;
	struct report_input	in;
	struct buf		b = BUF_INIT;
	char			*cause = NULL;

	(void)state;
	play(GAME_BUSY, &p);
	input_for(&p, REPORT_SIDE, "athens", &in);
	in.side = 7;
	assert_int_equal(report_doc_xml(&in, &b, &cause), -1);
	assert_non_null(strstr(cause, "side 7"));
	free(cause);
	assert_int_equal(b.len, 0);
	buf_free(&b);
	played_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_observer_no_orders),
		cmocka_unit_test(test_template_names),
		cmocka_unit_test(test_pruned_same),
		cmocka_unit_test(test_many_wrecks),
		cmocka_unit_test(test_id_lists),
		cmocka_unit_test(test_order_straight),
		cmocka_unit_test(test_fog),
		cmocka_unit_test(test_no_fog_shows_all),
		cmocka_unit_test(test_check_width),
		cmocka_unit_test(test_bad_templates),
		cmocka_unit_test(test_extension_functions),
		cmocka_unit_test(test_text_check),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_wrap_long_word),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
