/* test_mailproc_svg.c: the SVG map attached to report mails.
 *
 * The fixture's demo game has no fog; a second game, "fog", is the demo
 * with visibility 8, which after a turn without orders (every ship holds)
 * lets athens see sidon alone of the Persian ships and persia paralos
 * alone of the Athenian ones.  Each report's picture is taken from the
 * outbox (the test composer writes attachments out whole), parsed with
 * libxml2 and counted with XPath; a side's must show exactly the ships
 * its text report shows and leave no trace of the others.  A big
 * battle's report goes in parts, a mail and a picture each. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "fileio.h"
#include "mailproc_fixture.h"
#include "xpathfix.h"
#include "password.h"
#include "store.h"
#include "xalloc.h"

#define SVG_NS		"http://www.w3.org/2000/svg"
#define SVG_TYPE	"image/svg+xml"
/* The demo's map is 20 by 12 hexes; each hex shows its name unless a
 * ship is drawn on it. */
#define HEXES		240

static const char *const athenians[] = { "nike", "paralos", "salaminia" };
static const char *const persians[] = { "azes", "tyre", "sidon" };

/* Adds game "fog": the demo scenario with visibility 8, its deadline at
 * T0 + 1 day (a day before the demo's, so a tick then plays it alone),
 * its players at fa@, fp@ and fobs@example.org. */
static void
add_fog_game(struct mpfx *f)
{
	static const struct mpfx_game fog = { "fog", 8, T0 + DAY, "fog-seed",
	    "f" };

	mpfx_add_game(f, &fog);
}

static void
tick(struct mpfx *f, int64_t at, size_t played)
{
	struct mailproc_tick_result	 r;
	char				*cause = NULL;

	if (mailproc_tick(&f->mp, T0 + at, &r, &cause) != 0)
		fail_msg("tick failed: %s", cause);
	assert_int_equal(r.adjudicated, played);
	mailproc_tick_result_free(&r);
}

/* --- the picture, parsed --------------------------------------------- */

struct pic {
	char			*mail;	/* the whole outbox message */
	char			*svg;
	xmlDocPtr		 doc;
	xmlXPathContextPtr	 xp;
};

/* The report mail to to about game's turn 1, its text and its picture
 * (which must be there and parse as an SVG document). */
static void
pic_get(struct mpfx *f, struct pic *p, const char *to, const char *game)
{
	char		*subject, *name;
	xmlNodePtr	 root;

	subject = xasprintf("[navarch %s] Turn 1 report", game);
	name = xasprintf("%s-turn-1.svg", game);
	p->mail = mpfx_outbox(f, to, subject);
	p->svg = mpfx_attachment(p->mail, name, SVG_TYPE);
	if (p->svg == NULL)
		fail_msg("the report to %s has no picture:\n%s", to, p->mail);
	p->doc = xmlReadMemory(p->svg, (int)strlen(p->svg), name, "UTF-8",
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (p->doc == NULL)
		fail_msg("the picture to %s is not XML:\n%.2000s", to, p->svg);
	root = xmlDocGetRootElement(p->doc);
	assert_non_null(root);
	assert_string_equal((const char *)root->name, "svg");
	assert_non_null(root->ns);
	assert_string_equal((const char *)root->ns->href, SVG_NS);
	p->xp = xmlXPathNewContext(p->doc);
	assert_int_equal(xmlXPathRegisterNs(p->xp, BAD_CAST "s",
	    BAD_CAST SVG_NS), 0);
	free(subject);
	free(name);
}

static void
pic_free(struct pic *p)
{
	xmlXPathFreeContext(p->xp);
	xmlFreeDoc(p->doc);
	free(p->svg);
	free(p->mail);
}

/* The number an XPath expression evaluates to on the picture. */
#define num(p, ...)	xp_num((p)->xp, __VA_ARGS__)

/* The picture shows ship id: drawn on the map, with its tooltip, and a
 * line in the legend. */
static void
shows(const struct pic *p, const char *id)
{
	if (num(p, "count(//s:g[@class='ship']/s:title[contains(., ' %s ')])",
	    id) != 1)
		fail_msg("the picture does not draw %s:\n%.3000s", id, p->svg);
	if (num(p, "count(//s:text[@class='legend-ship']/s:tspan[. = '%s'])",
	    id) != 1)
		fail_msg("the legend does not list %s", id);
}

/* Nothing of ship id, or of its name (the id capitalised), is anywhere
 * in the picture: no drawing, tooltip, legend line or wreck. */
static void
hides(const struct pic *p, const char *id)
{
	char	*name = xstrdup(id);

	name[0] = (char)(name[0] - 'a' + 'A');
	if (strstr(p->svg, id) != NULL || strstr(p->svg, name) != NULL)
		fail_msg("the picture gives away %s:\n%s", id, p->svg);
	free(name);
}

/* The ships drawn, each once with its code once on the map and once in
 * the legend, and the hex names of every hex without a drawn ship: a
 * hidden ship leaves its hex named (no gap gives it away) and takes no
 * code. */
static void
counts(const struct pic *p, int ships, const char *const *codes,
    size_t ncodes)
{
	size_t	i;

	assert_int_equal(num(p, "count(//s:g[@class='ship'])"), ships);
	assert_int_equal(num(p, "count(//s:text[@class='legend-ship'])"),
	    ships);
	assert_int_equal(num(p, "count(//s:text[@class='hexname'])"),
	    HEXES - ships);
	assert_int_equal(num(p, "count(//s:text[@class='code'])"), ships);
	assert_int_equal((int)ncodes, ships);
	for (i = 0; i < ncodes; i++)
		if (num(p, "count(//s:text[@class='code'][. = '%s'])",
		    codes[i]) != 1)
			fail_msg("code %s is not on the map once", codes[i]);
}

/* The text report and the picture show the same ships. */
static void
same_ships(const struct pic *p)
{
	const char	*text = strstr(p->mail, "\n\n");
	size_t		 i;
	int		 in_text, in_pic;

	for (i = 0; i < 6; i++) {
		const char *id = i < 3 ? athenians[i] : persians[i - 3];

		in_text = strstr(text, id) != NULL;
		in_pic = strstr(p->svg, id) != NULL;
		if (in_text != in_pic)
			fail_msg("%s is %s the text but %s the picture", id,
			    in_text ? "in" : "not in", in_pic ? "in" : "not in");
	}
}

/* --- tests --------------------------------------------------------------- */

/* Under fog a side's picture shows its own ships and the enemy ships its
 * text report shows, and nothing else; the GM's and the observer's show
 * everything. */
static void
test_svg_fog(void **state)
{
	struct mpfx		*f = *state;
	/* Codes number every ship, seen or not: sidon is B2 and paralos
	 * A2 in every report (docs/maps.md, "Ship codes"). */
	static const char *const a_codes[] = { "A1", "A2", "A3", "B2" };
	static const char *const p_codes[] = { "B1", "B2", "B3", "A2" };
	static const char *const all_codes[] = { "A1", "A2", "A3", "B1", "B2",
	    "B3" };
	struct pic		 p;
	size_t			 i;

	add_fog_game(f);
	tick(f, DAY, 1);

	pic_get(f, &p, "fa@example.org", "fog");
	for (i = 0; i < 3; i++)
		shows(&p, athenians[i]);
	shows(&p, "sidon");
	hides(&p, "azes");
	hides(&p, "tyre");
	counts(&p, 4, a_codes, 4);
	/* The reader's ships lead the legend. */
	assert_int_equal(num(&p, "count((//s:text[@class='legend-ship'])[1]"
	    "/s:tspan[. = 'athens'])"), 1);
	same_ships(&p);
	pic_free(&p);

	pic_get(f, &p, "fp@example.org", "fog");
	for (i = 0; i < 3; i++)
		shows(&p, persians[i]);
	shows(&p, "paralos");
	hides(&p, "nike");
	hides(&p, "salaminia");
	counts(&p, 4, p_codes, 4);
	assert_int_equal(num(&p, "count((//s:text[@class='legend-ship'])[1]"
	    "/s:tspan[. = 'persia'])"), 1);
	same_ships(&p);
	pic_free(&p);

	pic_get(f, &p, "gm@example.org", "fog");
	for (i = 0; i < 3; i++) {
		shows(&p, athenians[i]);
		shows(&p, persians[i]);
	}
	counts(&p, 6, all_codes, 6);
	pic_free(&p);

	pic_get(f, &p, "fobs@example.org", "fog");
	counts(&p, 6, all_codes, 6);
	pic_free(&p);
}

/* Without fog a side's picture is the whole map too, its own ships first
 * in the legend; every report mail carries one, named after the game and
 * the turn. */
static void
test_svg_no_fog(void **state)
{
	struct mpfx		*f = *state;
	static const char *const codes[] = { "A1", "A2", "A3", "B1", "B2",
	    "B3" };
	static const char *const to[] = { "a@example.org", "p@example.org",
	    "gm@example.org", "obs@example.org" };
	struct pic		 p;
	size_t			 i;

	tick(f, 2 * DAY, 1);
	for (i = 0; i < 4; i++) {
		pic_get(f, &p, to[i], "demo");
		counts(&p, 6, codes, 6);
		same_ships(&p);
		pic_free(&p);
	}
	pic_get(f, &p, "p@example.org", "demo");
	assert_int_equal(num(&p, "count((//s:text[@class='legend-ship'])[1]"
	    "/s:tspan[. = 'persia'])"), 1);
	pic_free(&p);
}

/* svg = no: the report mails are text alone; the text is unchanged. */
static void
test_svg_off(void **state)
{
	struct mpfx	*f = *state;
	static const char *const to[] = { "a@example.org", "p@example.org",
	    "gm@example.org", "obs@example.org" };
	char		*mail, *att;
	size_t		 i;

	assert_int_equal(store_game_set_settings(f->s, "demo",
	    "early = on\nsvg = no\n", NULL), 0);
	tick(f, 2 * DAY, 1);
	for (i = 0; i < 4; i++) {
		mail = mpfx_outbox(f, to[i], "Turn 1 report");
		assert_non_null(strstr(mail, "NAVARCH -- turn 1 "));
		att = mpfx_attachment(mail, "demo-turn-1.svg", SVG_TYPE);
		if (att != NULL)
			fail_msg("svg = no, yet the mail to %s has a picture",
			    to[i]);
		assert_null(strstr(mail, MPFX_ATT_START));
		free(mail);
	}
}

/* RESEND sends the same picture again, with the side's fog; svg = no
 * leaves it out of a RESEND too. */
static void
test_svg_resend(void **state)
{
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	static const char	 raw[] = "From: fa@example.org\n"
	    "Message-ID: <fog-resend-%d@example.org>\nSubject: x\n\n"
	    "GAME fog\nPLAYER athens\nPASSWORD athens-pw\nRESEND\n";
	struct pic		 first;
	char			*mail, *again, *msg, *cause = NULL;
	int			 round;

	add_fog_game(f);
	tick(f, DAY, 1);
	pic_get(f, &first, "fa@example.org", "fog");
	for (round = 0; round < 2; round++) {
		if (round == 1)
			assert_int_equal(store_game_set_settings(f->s, "fog",
			    "svg = no\n", NULL), 0);
		msg = xasprintf(raw, round);
		if (mailproc_message(&f->mp, msg, strlen(msg), T0 + DAY + 60 +
		    round, &r, &cause) != 0)
			fail_msg("RESEND failed: %s", cause);
		assert_int_equal(r.outcome, MAILPROC_DONE);
		mailproc_result_free(&r);
		free(msg);
		mail = mpfx_outbox(f, "fa@example.org", "(again)");
		again = mpfx_attachment(mail, "fog-turn-1.svg", SVG_TYPE);
		if (round == 0) {
			assert_non_null(again);
			assert_string_equal(again, first.svg);
		} else
			assert_null(again);
		free(again);
		free(mail);
	}
	pic_free(&first);
}

/* A player's own SET SVG beats the game's setting svg, either way, and
 * SET SVG GAME gives it back; the other side's mails are as the game
 * says.  One game a row (ids r0...), each at its own addresses. */
static void
test_svg_player(void **state)
{
	static const struct {
		const char	*settings;
		const char	*set;		/* athens's SET SVG */
		int		 athens, persia;	/* a picture */
	} rows[] = {
		{ "", "OFF", 0, 1 },
		{ "svg = no\n", "ON", 1, 0 },
		{ "svg = no\n", "GAME", 0, 0 },
		{ "svg = yes\n", "GAME", 1, 1 },
	};
	static const char	 raw[] = "From: %sa@example.org\n"
	    "Message-ID: <svg-pref-%s@example.org>\nSubject: x\n\n"
	    "GAME %s\nPLAYER athens\nPASSWORD athens-pw\nSET SVG %s\n";
	struct mpfx		*f = *state;
	struct mpfx_game	 g = { NULL, 0, T0 + DAY, "seed", NULL, 0 };
	struct mailproc_result	 r;
	char			 id[8], pre[8], *msg, *to, *mail, *att,
				*cause = NULL;
	size_t			 i;
	int			 side;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		(void)snprintf(id, sizeof id, "r%zu", i);
		(void)snprintf(pre, sizeof pre, "r%zu", i);
		g.id = id;
		g.prefix = pre;
		mpfx_add_game(f, &g);
		assert_int_equal(store_game_set_settings(f->s, id,
		    rows[i].settings, NULL), 0);
		msg = xasprintf(raw, pre, id, id, rows[i].set);
		if (mailproc_message(&f->mp, msg, strlen(msg), T0 + 60, &r,
		    &cause) != 0)
			fail_msg("SET SVG failed: %s", cause);
		assert_int_equal(r.outcome, MAILPROC_DONE);
		mailproc_result_free(&r);
		free(msg);
	}
	tick(f, DAY, sizeof rows / sizeof rows[0]);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		for (side = 0; side < 2; side++) {
			(void)snprintf(id, sizeof id, "r%zu", i);
			to = xasprintf("r%zu%s@example.org", i, side == 0 ?
			    "a" : "p");
			msg = xasprintf("[navarch %s] Turn 1 report", id);
			mail = mpfx_outbox(f, to, msg);
			free(msg);
			msg = xasprintf("%s-turn-1.svg", id);
			att = mpfx_attachment(mail, msg, SVG_TYPE);
			if ((att != NULL) != (side == 0 ? rows[i].athens :
			    rows[i].persia))
				fail_msg("row %zu: %s %s a picture", i, to,
				    att != NULL ? "got" : "did not get");
			free(att);
			free(msg);
			free(mail);
			free(to);
		}
}

/* The report mails with their pictures are one transaction with the
 * turn: the composer failing on a later one leaves no mail and the turn
 * unplayed; the next tick does it all. */
static void
test_svg_atomic(void **state)
{
	struct mpfx			*f = *state;
	struct mailproc_tick_result	 r;
	char				*cause = NULL, *n;

	f->compose_fail_at = 3;		/* the GM's report */
	assert_int_equal(mailproc_tick(&f->mp, T0 + 2 * DAY, &r, &cause), -1);
	assert_non_null(cause);
	assert_non_null(strstr(cause, "the test composer fails here"));
	free(cause);
	cause = NULL;
	mailproc_tick_result_free(&r);
	n = mpfx_sql(f, "SELECT (SELECT count(*) FROM outbox) || '/' ||"
	    " (SELECT count(*) FROM states)");
	assert_string_equal(n, "0/1");
	free(n);
	f->compose_fail_at = 0;
	tick(f, 2 * DAY + 60, 1);
	n = mpfx_sql(f, "SELECT count(*) FROM outbox WHERE body LIKE"
	    " '%" MPFX_ATT_START "demo-turn-1.svg image/svg+xml %'");
	assert_string_equal(n, "4");
	free(n);
}

/* Counts in seen[] the Athenian ships in the table of a side's own
 * ships (YOUR SHIPS, up to ENEMY SHIPS IN SIGHT) of mail. */
static void
own_ships(const char *mail, int *seen)
{
	const char	*from = strstr(mail, "YOUR SHIPS"), *to;
	char		*table, *row;
	size_t		 j;

	assert_non_null(from);
	assert_non_null(to = strstr(from, "ENEMY SHIPS IN SIGHT"));
	table = xstrndup(from, (size_t)(to - from));
	for (j = 0; j < 3; j++) {
		row = xasprintf(" %s ", athenians[j]);
		seen[j] += strstr(table, row) != NULL;
		free(row);
	}
	free(table);
}

/* report_ships = 2: a reader shown six ships gets its report in three
 * mails, each a part that says which it is, with a picture of its own;
 * the GM's note of missed players in part 1 only; every ship reported in
 * exactly one part of a side's report. */
static void
test_report_parts(void **state)
{
	struct mpfx	*f = *state;
	static const char *const to[] = { "a@example.org", "gm@example.org",
	    "obs@example.org" };
	char		*mail, *att, *subject, *name, *n;
	size_t		 i, k, j;
	int		 seen[6];

	assert_int_equal(store_game_set_settings(f->s, "demo",
	    "early = on\nreport_ships = 2\n", NULL), 0);
	tick(f, 2 * DAY, 1);
	n = mpfx_sql(f, "SELECT count(*) FROM outbox WHERE subject LIKE"
	    " '%Turn 1 report, part _ of 3'");
	assert_string_equal(n, "12");	/* four readers, three parts */
	free(n);
	for (i = 0; i < sizeof to / sizeof to[0]; i++) {
		memset(seen, 0, sizeof seen);
		for (k = 1; k <= 3; k++) {
			subject = xasprintf("Turn 1 report, part %zu of 3", k);
			name = xasprintf("demo-turn-1-part-%zu.svg", k);
			mail = mpfx_outbox(f, to[i], subject);
			free(subject);
			subject = xasprintf("Part %zu of 3 of this report", k);
			assert_non_null(strstr(mail, subject));
			assert_non_null(att = mpfx_attachment(mail, name,
			    SVG_TYPE));
			if ((strstr(mail, "For the GM:") != NULL) !=
			    (i == 1 && k == 1))
				fail_msg("the GM's note in part %zu to %s", k,
				    to[i]);
			/* A side's table of its own ships, each by id. */
			if (i == 0)
				own_ships(mail, seen);
			free(att);
			free(mail);
			free(subject);
			free(name);
		}
		for (j = 0; i == 0 && j < 3; j++)
			if (seen[j] != 1)
				fail_msg("%s in %d parts of athens' report",
				    athenians[j], seen[j]);
	}
}

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

const struct CMUnitTest mailproc_svg_tests[] = {
	T(test_svg_fog),
	T(test_svg_no_fog),
	T(test_svg_off),
	T(test_svg_resend),
	T(test_svg_player),
	T(test_svg_atomic),
	T(test_report_parts),
};
const size_t mailproc_svg_ntests =
    sizeof mailproc_svg_tests / sizeof mailproc_svg_tests[0];
