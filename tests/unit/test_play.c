/* test_play.c: the play layer (src/play): its codes, loading, the
 * adjudication and its replay, reports made from a turn's result, the
 * GM's corrections and the plotted path preview.
 *
 * A game is the demo battle (orders/demo) in a fresh database, with the
 * demo's turn-1 orders in force; the preview has a board of its own whose
 * outcome is worked out by hand in its comment. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "fileio.h"
#include "play.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "xalloc.h"

#define NOW	((int64_t)1767261600)

struct fx {
	char		*dir;
	struct store	*s;
};

static char *
read_src(const char *rel)
{
	char	*path = xasprintf("%s/%s", PLAY_SRCDIR, rel), *text, *cause;
	size_t	 len;

	if (file_read(path, 1 << 20, &text, &len, &cause) != 0)
		fail_msg("%s", cause);
	free(path);
	return text;
}

/* Takes the cause by address: ok(store_x(..., &cause), &cause) reads it
 * after store_x set it. */
static void
ok(enum store_code code, char **cause)
{
	if (code != STORE_OK)
		fail_msg("store: %s", *cause != NULL ? *cause : "?");
	free(*cause);
	*cause = NULL;
}

/* The demo game "demo": players athens and persia, an observer, the GM;
 * with orders, turn 1's sets in force. */
static void
add_game(struct store *s, int orders)
{
	static const char *const sides[] = { "athens", "persia" };
	static const char *const files[] = { "orders/demo/turn1-athens.txt",
	    "orders/demo/turn1-persia.txt" };
	struct store_game_new	 g;
	struct store_orders_new	 o;
	char			*scen = read_src("orders/demo/scenario.xml"),
				*text, *cause = NULL;
	int64_t			 id;
	int			 i;

	memset(&g, 0, sizeof g);
	g.id = "demo";
	g.ruleset = "classic";
	g.scenario = scen;
	g.first_turn = 1;
	g.gm_address = "gm@example.org";
	g.seed = "test-seed";
	g.sides = sides;
	g.nsides = 2;
	g.now = NOW;
	ok(store_game_create(s, &g, &cause), &cause);
	for (i = 0; i < 2; i++)
		ok(store_player_add(s, "demo", sides[i], sides[i],
		    sides[i][0] == 'a' ? "a@example.org" : "p@example.org",
		    "not-a-hash", 0, &cause), &cause);
	ok(store_observer_add(s, "demo", "obs@example.org", &cause), &cause);
	for (i = 0; orders && i < 2; i++) {
		text = read_src(files[i]);
		memset(&o, 0, sizeof o);
		o.game = "demo";
		o.turn = 1;
		o.player = sides[i];
		o.source = STORE_SOURCE_CLI;
		o.received = NOW;
		o.text = text;
		o.normalised = text;
		ok(store_orders_add(s, &o, &id, &cause), &cause);
		free(text);
	}
	free(scen);
}

static int
setup(void **state)
{
	struct fx	*f = xcalloc(1, sizeof *f);
	char		 tmpl[] = "/tmp/nv-play-XXXXXX", *path, *cause = NULL;

	assert_non_null(mkdtemp(tmpl));
	f->dir = xstrdup(tmpl);
	path = xasprintf("%s/nv.db", f->dir);
	ok(store_open(path, 0, &f->s, &cause), &cause);
	free(path);
	add_game(f->s, 1);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx	*f = *state;
	char		*cmd = xasprintf("rm -rf '%s'", f->dir);

	store_close(f->s);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", f->dir);
	free(cmd);
	free(f->dir);
	free(f);
	return 0;
}

/* Adjudicates the open turn in its own transaction: a's code. */
static enum play_code
adjudicate(struct fx *f, int force, struct play_adj *a, char **cause)
{
	struct diag	d = DIAG_INIT;
	enum play_code	rc;

	ok(store_begin(f->s, cause), cause);
	rc = play_adjudicate(f->s, PLAY_DATADIR, "demo", force, NOW,
	    "test", a, &d, cause);
	if (rc == PLAY_OK)
		ok(store_commit(f->s, cause), cause);
	else
		(void)store_abort(f->s, NULL);
	diag_free(&d);
	return rc;
}

/* --- codes and loading --------------------------------------------------- */

static void
test_codes(void **state)
{
	static const struct {
		enum play_code	 code;
		const char	*name;
	} rows[] = {
		{ PLAY_OK, "ok" }, { PLAY_INPUT, "input" },
		{ PLAY_CONFIG, "config" }, { PLAY_REFUSED, "refused" },
		{ PLAY_BUSY, "busy" }, { PLAY_STORE, "store" },
		{ (enum play_code)99, "?" },
	};
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		assert_string_equal(play_code_name(rows[i].code), rows[i].name);
}

/* Language codes: only a code's shape may become a path (play-lang.c). */
static void
test_lang_valid(void **state)
{
	static const struct {
		const char	*code;
		int		 valid;
	} rows[] = {
		{ "de", 1 }, { "pt-BR", 1 }, { "gsw", 1 }, { "zh-Hant", 1 },
		{ "es-419", 1 }, { "d", 0 }, { "", 0 }, { "..", 0 },
		{ "de/", 0 }, { "../de", 0 }, { "de-", 0 }, { "de-x", 0 },
		{ "de_DE", 0 }, { "abcdefghi", 0 }, { "de-a-b", 0 },
		{ "x y", 0 },
	};
	size_t	i;

	(void)state;
	assert_false(play_lang_valid(NULL));
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (play_lang_valid(rows[i].code) != rows[i].valid)
			fail_msg("'%s': valid %d, wanted %d", rows[i].code,
			    !rows[i].valid, rows[i].valid);
}

static void
test_load_state(void **state)
{
	static const struct {
		const char	*datadir;	/* NULL: the real one */
		const char	*xml;		/* NULL: the demo scenario */
		enum play_code	 want;
		const char	*cause;		/* in *cause, or NULL */
	} rows[] = {
		{ NULL, NULL, PLAY_OK, NULL },
		{ NULL, "<scenario ruleset=\"nosuch\" turn=\"1\"/>",
		    PLAY_INPUT, "unknown ruleset 'nosuch'" },
		{ NULL, "not a state", PLAY_INPUT, NULL },
		{ "/nonexistent", NULL, PLAY_CONFIG, "/nonexistent/rulesets/"
		    "classic.xml" },
	};
	struct play_game	 g;
	struct diag		 d = DIAG_INIT;
	char			*scen = read_src("orders/demo/scenario.xml"),
				*cause;
	const char		*xml;
	size_t			 i;
	enum play_code		 rc;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		cause = NULL;
		xml = rows[i].xml != NULL ? rows[i].xml : scen;
		rc = play_load_state(rows[i].datadir != NULL ?
		    rows[i].datadir : PLAY_DATADIR, "test", xml, strlen(xml),
		    &g, &d, &cause);
		assert_int_equal(rc, rows[i].want);
		if (rc == PLAY_OK) {
			assert_int_equal(g.st->nships, 6);
			assert_null(cause);
		} else {
			assert_null(g.st);
			assert_true(cause != NULL || d.errors > 0);
		}
		if (rows[i].cause != NULL)
			assert_non_null(strstr(cause, rows[i].cause));
		free(cause);
		play_game_free(&g);
		diag_free(&d);
	}
	free(scen);
}

/* --- adjudication, replay and reports ------------------------------------ */

static void
same_result(const struct play_result *a, const struct play_result *b)
{
	const struct nv_roll	*ra, *rb;
	struct buf		 xa = BUF_INIT, xb = BUF_INIT;
	size_t			 i, na, nb;

	assert_int_equal(a->ev.n, b->ev.n);
	for (i = 0; i < a->ev.n; i++)
		assert_string_equal(a->ev.v[i].text, b->ev.v[i].text);
	ra = dice_rolls(a->dice, &na);
	rb = dice_rolls(b->dice, &nb);
	assert_int_equal(na, nb);
	for (i = 0; i < na; i++)
		assert_int_equal(ra[i].result, rb[i].result);
	state_xml_save(a->next, &xa);
	state_xml_save(b->next, &xb);
	assert_string_equal(buf_str(&xa), buf_str(&xb));
	buf_free(&xa);
	buf_free(&xb);
}

/* The reports of every reader from two results of one turn, byte for
 * byte: the adjudication's own and a replay's. */
static void
same_reports(const struct play_played *a, const struct play_played *b)
{
	static const enum report_reader readers[] = { REPORT_SIDE,
	    REPORT_SIDE, REPORT_GM, REPORT_OBSERVER };
	struct play_templates	*t = play_templates_new(PLAY_TEMPLATEDIR);
	struct play_report	 ra, rb;
	char			*cause = NULL;
	size_t			 i;

	for (i = 0; i < sizeof readers / sizeof readers[0]; i++) {
		assert_int_equal(play_report(a, t, readers[i], (int)i, NULL, NULL,
		    PLAY_REPORT_SVG | PLAY_REPORT_XML, &ra, &cause), PLAY_OK);
		assert_int_equal(play_report(b, t, readers[i], (int)i, NULL, NULL,
		    PLAY_REPORT_SVG | PLAY_REPORT_XML, &rb, &cause), PLAY_OK);
		assert_true(ra.text.len > 0 && ra.svg.len > 0 &&
		    ra.xml.len > 0);
		assert_string_equal(buf_str(&ra.text), buf_str(&rb.text));
		assert_string_equal(buf_str(&ra.svg), buf_str(&rb.svg));
		assert_string_equal(buf_str(&ra.xml), buf_str(&rb.xml));
		assert_int_equal(ra.side, readers[i] == REPORT_SIDE ?
		    (int)i : -1);
		play_report_free(&ra);
		play_report_free(&rb);
	}
	play_templates_free(t);
}

static void
test_reports_from_result(void **state)
{
	struct fx		*f = *state;
	struct play_adj		 a;
	struct play_game	 g;
	struct play_result	 r;
	struct play_played	 pa, pr;
	struct play_fixes	 fx;
	struct play_templates	*t;
	struct play_report	 rep;
	char			*cause = NULL;

	/* A correction of turn 1 shows in its reports. */
	ok(store_audit_add(f->s, "demo", NOW, "test", PLAY_FIX_ACTION,
	    "turn 1 ship nike\nhull=5\nholes=1", &cause), &cause);
	assert_int_equal(adjudicate(f, 0, &a, &cause), PLAY_OK);
	assert_int_equal(a.turn, 1);
	assert_int_equal(a.r.next->turn, 2);
	assert_int_equal(a.nmissed, 0);
	assert_int_equal(play_replay(f->s, PLAY_DATADIR, "demo", 1, &g, &r,
	    &cause), PLAY_OK);
	same_result(&a.r, &r);
	assert_int_equal(play_fixes_load(f->s, "demo", &fx, &cause),
	    PLAY_OK);
	assert_int_equal(fx.n, 1);
	play_played(&pa, "demo", a.before, &a.r);
	play_played(&pr, "demo", g.st, &r);
	pa.fixes = pr.fixes = &fx;
	assert_int_equal(pa.turn, 1);
	same_reports(&pa, &pr);
	t = play_templates_new(PLAY_TEMPLATEDIR);
	assert_int_equal(play_report(&pa, t, REPORT_GM, -1, NULL, NULL, 0, &rep,
	    &cause), PLAY_OK);
	assert_non_null(strstr(buf_str(&rep.text), "hull=5 holes=1"));
	assert_int_equal(rep.svg.len, 0);
	play_report_free(&rep);
	/* A side that does not exist is the caller's mistake. */
	assert_int_equal(play_report(&pa, t, REPORT_SIDE, 2, NULL, NULL, 0, &rep,
	    &cause), PLAY_INPUT);
	assert_non_null(cause);
	free(cause);
	cause = NULL;
	play_templates_free(t);
	play_fixes_free(&fx);
	play_result_free(&r);
	play_game_free(&g);
	play_adj_free(&a);
}

/* A big battle's report in parts: every ship the reader is shown in
 * exactly one part, max at a time (a side's own first), each part a
 * report that says which it is and lists only its ships; small enough,
 * one part, the whole report. */
static void
test_report_parts(void **state)
{
	static const struct {
		enum report_reader	 reader;
		int			 side;
		size_t			 max;
		size_t			 parts;
		const char		*first;	/* ships in part 1, in id
						   order */
	} rows[] = {
		{ REPORT_GM, -1, 2, 3, "azes nike" },
		{ REPORT_GM, -1, 4, 2, "azes nike paralos salaminia" },
		{ REPORT_SIDE, 0, 2, 3, "nike paralos" },
		{ REPORT_SIDE, 1, 4, 2, "azes nike sidon tyre" },
		{ REPORT_OBSERVER, -1, 6, 1, NULL },
		{ REPORT_GM, -1, 0, 1, NULL },
	};
	struct fx		*f = *state;
	struct play_adj		 a;
	struct play_played	 p;
	struct play_parts	 ps;
	struct play_templates	*t = play_templates_new(PLAY_TEMPLATEDIR);
	struct play_report	 rep;
	struct buf		 want = BUF_INIT;
	const struct nv_state	*st;
	char			*cause = NULL, head[64];
	size_t			 i, k, j, seen;

	assert_int_equal(adjudicate(f, 0, &a, &cause), PLAY_OK);
	play_played(&p, "demo", a.before, &a.r);
	st = p.after;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		play_report_parts(&p, rows[i].reader, rows[i].side,
		    rows[i].max, &ps);
		assert_int_equal(ps.n, rows[i].parts);
		if (ps.n == 1) {
			assert_null(ps.v[0].ships);
			play_parts_free(&ps);
			continue;
		}
		buf_reset(&want);
		for (j = 0; j < st->nships; j++)
			if (ps.v[0].ships[j])
				buf_printf(&want, "%s%s", want.len > 0 ? " " :
				    "", st->ships[j].id);
		assert_string_equal(buf_str(&want), rows[i].first);
		for (j = 0; j < st->nships; j++) {
			for (k = 0, seen = 0; k < ps.n; k++)
				seen += ps.v[k].ships[j] != 0;
			assert_int_equal(seen, 1);
		}
		for (k = 0; k < ps.n; k++) {
			assert_int_equal(ps.v[k].n, (int)k + 1);
			assert_int_equal(ps.v[k].of, (int)ps.n);
			assert_int_equal(play_report(&p, t, rows[i].reader,
			    rows[i].side, &ps.v[k], NULL, PLAY_REPORT_SVG |
			    PLAY_REPORT_XML, &rep, &cause), PLAY_OK);
			snprintf(head, sizeof head, "Part %zu of %zu of this "
			    "report", k + 1, ps.n);
			assert_non_null(strstr(buf_str(&rep.text), head));
			/* Its ships are in its document, the others not. */
			for (j = 0; j < st->nships; j++) {
				snprintf(head, sizeof head, " id=\"%s\" name=",
				    st->ships[j].id);
				if ((strstr(buf_str(&rep.xml), head) != NULL)
				    != (ps.v[k].ships[j] != 0))
					fail_msg("row %zu part %zu: %s", i,
					    k + 1, st->ships[j].id);
			}
			assert_true(rep.svg.len > 0);
			play_report_free(&rep);
		}
		play_parts_free(&ps);
	}
	buf_free(&want);
	play_templates_free(t);
	play_adj_free(&a);
}

/* With the current state in hand (the daemon's case), it is not loaded
 * again: the result is the one a replay gives, and the turn recorded. */
static void
test_adjudicate_loaded(void **state)
{
	struct fx		*f = *state;
	struct play_adj		 a;
	struct play_game	 cur, g;
	struct play_result	 r;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL;
	int			 turn;

	assert_int_equal(play_game_state(f->s, PLAY_DATADIR, "demo", -1, &cur,
	    &turn, &d, &cause), PLAY_OK);
	ok(store_begin(f->s, &cause), &cause);
	assert_int_equal(play_adjudicate_loaded(f->s, "demo", &cur, turn, 0,
	    NOW, "test", &a, &d, &cause), PLAY_OK);
	ok(store_commit(f->s, &cause), &cause);
	assert_ptr_equal(a.before, cur.st);
	assert_null(a.g.st);
	assert_int_equal(a.turn, 1);
	assert_int_equal(play_replay(f->s, PLAY_DATADIR, "demo", 1, &g, &r,
	    &cause), PLAY_OK);
	same_result(&a.r, &r);
	play_result_free(&r);
	play_game_free(&g);
	play_adj_free(&a);
	/* The next turn is open now. */
	assert_int_equal(play_game_state(f->s, PLAY_DATADIR, "demo", -1, &g,
	    &turn, &d, &cause), PLAY_OK);
	assert_int_equal(turn, 2);
	play_game_free(&g);
	play_game_free(&cur);
	diag_free(&d);
}

static void
test_report_templates(void **state)
{
	struct fx		*f = *state;
	struct play_adj		 a;
	struct play_played	 p;
	struct play_templates	*t;
	struct play_report	 rep;
	char			*cause = NULL, *path;
	FILE			*fp;

	assert_int_equal(adjudicate(f, 0, &a, &cause), PLAY_OK);
	play_played(&p, "demo", a.before, &a.r);
	/* No template there: a configuration problem, named. */
	t = play_templates_new(f->dir);
	assert_int_equal(play_report(&p, t, REPORT_GM, -1, NULL, NULL, 0, &rep,
	    &cause), PLAY_CONFIG);
	assert_non_null(strstr(cause, "report-gm.xsl"));
	assert_int_equal(rep.text.len, 0);
	free(cause);
	cause = NULL;
	/* One that does not compile: the same, naming it. */
	path = xasprintf("%s/report-side.xsl", f->dir);
	assert_non_null(fp = fopen(path, "w"));
	fputs("<xsl:stylesheet", fp);
	fclose(fp);
	assert_int_equal(play_report(&p, t, REPORT_SIDE, 0, NULL, NULL, 0, &rep,
	    &cause), PLAY_CONFIG);
	assert_non_null(strstr(cause, "report-side.xsl"));
	free(cause);
	play_templates_free(t);
	free(path);
	assert_string_equal(play_template_file(REPORT_OBSERVER),
	    "report-observer.xsl");
	play_adj_free(&a);
}

/* --- refusals and the end ------------------------------------------------ */

static void
test_refusals(void **state)
{
	struct fx	*f = *state;
	struct play_adj	 a;
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;

	/* A paused game is not played, even forced... */
	ok(store_begin(f->s, &cause), &cause);
	ok(store_game_set_status(f->s, "demo", STORE_GAME_PAUSED, &cause),
	    &cause);
	ok(store_commit(f->s, &cause), &cause);
	assert_int_equal(adjudicate(f, 1, &a, &cause), PLAY_REFUSED);
	assert_non_null(strstr(cause, "paused"));
	free(cause);
	cause = NULL;
	/* ... and an unknown game is the store's answer. */
	ok(store_begin(f->s, &cause), &cause);
	assert_int_equal(play_adjudicate(f->s, PLAY_DATADIR, "nosuch", 1, NOW,
	    "test", &a, &d, &cause), PLAY_STORE);
	(void)store_abort(f->s, NULL);
	assert_non_null(cause);
	free(cause);
	diag_free(&d);
}

static void
test_missing_orders(void **state)
{
	struct fx	*f = *state;
	struct play_adj	 a;
	char		*cause = NULL, *path;
	struct store	*s;

	/* A second database with the game but no orders in. */
	path = xasprintf("%s/empty.db", f->dir);
	ok(store_open(path, 0, &s, &cause), &cause);
	add_game(s, 0);
	store_close(f->s);
	f->s = s;
	assert_int_equal(adjudicate(f, 0, &a, &cause), PLAY_REFUSED);
	assert_non_null(strstr(cause, "no orders in from athens, persia"));
	free(cause);
	cause = NULL;
	/* Forced: their ships go straight on, and both missed the turn. */
	assert_int_equal(adjudicate(f, 1, &a, &cause), PLAY_OK);
	assert_int_equal(a.nmissed, 2);
	assert_string_equal(a.who, "athens, persia");
	play_adj_free(&a);
	free(path);
}

/* --- the GM's corrections ------------------------------------------------ */

static void
test_fixes(void **state)
{
	static const struct {
		const char	*action, *details;
	} log[] = {
		{ PLAY_FIX_ACTION, "turn 1 ship nike\nhull=5" },
		{ PLAY_FIX_ACTION, "turn 2 ship tyre\nholes=1\nspeed=2" },
		{ "pause", NULL },
		{ PLAY_FIX_ACTION, "turn two ship tyre\nhull=1" },
		{ PLAY_FIX_ACTION, "turn 3 azes\nhull=1" },
		/* Turn 2's state is gone, and its correction with it. */
		{ "rollback", "to the start of turn 1: the GM's mistake" },
		{ PLAY_FIX_ACTION, "turn 1 ship sidon" },
		{ PLAY_FIX_ACTION, "turn 2 ship azes\nhull=4" },
		/* A squadron's: its own action, "squadron" in the first line. */
		{ PLAY_FIX_SQ_ACTION, "turn 2 squadron rear\nside=athens\n"
		    "standing=SPEED 2" },
		{ PLAY_FIX_SQ_ACTION, "turn 2 ship rear\nside=athens" },
		{ PLAY_FIX_ACTION, "turn 2 squadron rear\nside=athens" },
	};
	static const struct {
		int		 turn;
		const char	*ship;
		size_t		 nkv;
		enum play_fix_kind kind;
	} want[] = {
		{ 1, "nike", 1, PLAY_FIX_SHIP }, { 1, "sidon", 0, PLAY_FIX_SHIP },
		{ 2, "azes", 1, PLAY_FIX_SHIP },
		{ 2, "rear", 2, PLAY_FIX_SQUADRON },
	};
	struct play_fixes	fx;
	struct store_audit	a;
	size_t			i;

	(void)state;
	memset(&fx, 0, sizeof fx);
	for (i = 0; i < sizeof log / sizeof log[0]; i++) {
		memset(&a, 0, sizeof a);
		a.action = log[i].action;
		a.details = log[i].details;
		play_fixes_audit(&fx, &a);
	}
	assert_int_equal(fx.n, sizeof want / sizeof want[0]);
	for (i = 0; i < fx.n; i++) {
		assert_int_equal(fx.v[i].turn, want[i].turn);
		assert_string_equal(fx.v[i].id, want[i].ship);
		assert_int_equal(fx.v[i].nkv, want[i].nkv);
		assert_int_equal(fx.v[i].kind, want[i].kind);
	}
	assert_string_equal(fx.v[2].kv[0], "hull=4");
	play_fixes_free(&fx);
}

/* --- the preview --------------------------------------------------------- */

/* a1 (speed 3, north) steps 0505 -> 0504 -> 0503 and then into p1, which
 * would sail south at speed 2 but holds in the preview: it meets p1, bow
 * to bow, and the head-on contest (every die 1: a tie) is a second
 * contact event with p1, so the path says it twice, as it always did.  a3
 * (speed 2, south) enters 0110 and sails off the map.  a2 is not the
 * player's: it takes its default order and has no line. */
static const char preview_state[] =
    "<scenario ruleset=\"classic\" turn=\"1\">\n"
    "  <settings turn-limit=\"0\" visibility=\"0\"/>\n"
    "  <map columns=\"10\" rows=\"10\"/>\n"
    "  <side id=\"athens\" nation=\"hellenistic\" crew=\"average\"/>\n"
    "  <side id=\"persia\" nation=\"asiatic\" crew=\"average\"/>\n"
    "  <ship id=\"a1\" side=\"athens\" class=\"trireme\" hex=\"0505\" "
    "facing=\"N\" speed=\"3\"/>\n"
    "  <ship id=\"a2\" side=\"athens\" class=\"trireme\" hex=\"0806\" "
    "facing=\"N\" speed=\"1\"/>\n"
    "  <ship id=\"a3\" side=\"athens\" class=\"trireme\" hex=\"0109\" "
    "facing=\"S\" speed=\"2\"/>\n"
    "  <ship id=\"p1\" side=\"persia\" class=\"trireme\" hex=\"0502\" "
    "facing=\"S\" speed=\"2\"/>\n"
    "</scenario>\n";

static void
test_preview(void **state)
{
	static const char *const mine[] = { "a1", "a3" };
	struct play_game	 g;
	struct play_preview	 pv;
	struct diag		 d = DIAG_INIT;
	const struct play_preview_ship *p;
	unsigned char		*may;
	char			*cause = NULL, h[8];

	(void)state;
	assert_int_equal(play_load_state(PLAY_DATADIR, "preview",
	    preview_state, strlen(preview_state), &g, &d, &cause), PLAY_OK);
	may = play_may_order(g.st, "athens", mine, 2);
	assert_int_equal(play_preview(g.st, 0, "SIDE athens\nSHIP a1 SPEED 3\n"
	    "SHIP a3 SPEED 2\n", may, &pv, &cause), PLAY_OK);
	assert_int_equal(pv.nships, 2);
	p = &pv.ships[0];
	assert_string_equal(g.st->ships[p->ship].id, "a1");
	assert_false(p->exits);
	assert_string_equal(state_hex_name(pv.next, pv.next->ships[p->ship].hex,
	    h), "0503");
	assert_int_equal(p->npath, 4);
	assert_int_equal(p->path[0].what, PLAY_PATH_CROSS);
	assert_string_equal(state_hex_name(g.st, p->path[0].hex, h), "0504");
	assert_int_equal(p->path[1].what, PLAY_PATH_CROSS);
	assert_string_equal(state_hex_name(g.st, p->path[1].hex, h), "0503");
	assert_int_equal(p->path[2].what, PLAY_PATH_MEET);
	assert_string_equal(g.st->ships[p->path[2].other].id, "p1");
	assert_int_equal(p->path[3].what, PLAY_PATH_MEET);
	assert_int_equal(p->path[3].other, p->path[2].other);
	p = &pv.ships[1];
	assert_string_equal(g.st->ships[p->ship].id, "a3");
	assert_true(p->exits);
	assert_int_equal(p->npath, 2);
	assert_int_equal(p->path[0].what, PLAY_PATH_CROSS);
	assert_string_equal(state_hex_name(g.st, p->path[0].hex, h), "0110");
	assert_int_equal(p->path[1].what, PLAY_PATH_EXIT);
	assert_non_null(strstr(p->path[1].text, "sails off the map"));
	/* The enemy held: the board's p1 had speed 0, and stayed. */
	assert_int_equal(pv.board->ships[3].speed, 0);
	assert_string_equal(state_hex_name(pv.next, pv.next->ships[3].hex, h),
	    "0502");
	play_preview_free(&pv);
	/* Orders that do not hold on the board: no preview, a reason. */
	assert_int_equal(play_preview(g.st, 0, "SHIP a1 SPEED 9\n", may, &pv,
	    &cause), PLAY_INPUT);
	assert_non_null(strstr(cause, "do not parse"));
	assert_null(pv.board);
	free(cause);
	free(may);
	play_game_free(&g);
	diag_free(&d);
}

/* A ruleset whose ships do not stop when they have no orders. */
static void
hold_not(struct nv_state *st, int ship)
{
	(void)st;
	(void)ship;
}

/* How an enemy holds in the preview is its ruleset's (preview_hold): p1,
 * under way at speed 2, stays under way where the ruleset says so. */
static void
test_preview_hold(void **state)
{
	static const char *const mine[] = { "a1" };
	struct nv_ruleset_ops	 ops;
	struct play_game	 g;
	struct play_preview	 pv;
	struct diag		 d = DIAG_INIT;
	unsigned char		*may;
	char			*cause = NULL;

	(void)state;
	assert_int_equal(play_load_state(PLAY_DATADIR, "preview",
	    preview_state, strlen(preview_state), &g, &d, &cause), PLAY_OK);
	assert_non_null(g.rs->ops->preview_hold);
	ops = *g.rs->ops;
	ops.preview_hold = hold_not;
	g.rs->ops = &ops;
	may = play_may_order(g.st, "athens", mine, 1);
	assert_int_equal(play_preview(g.st, 0, "SIDE athens\nSHIP a1 SPEED 3\n",
	    may, &pv, &cause), PLAY_OK);
	assert_int_equal(pv.board->ships[3].speed, 2);
	play_preview_free(&pv);
	free(may);
	play_game_free(&g);
	diag_free(&d);
}

/* Under fog of war the preview tells only what the side sees: p1, three
 * hexes from a1 with a visibility of two, is not in a1's way (a1 goes
 * through its hex), and nothing names it. */
static void
test_preview_fog(void **state)
{
	static const char *const mine[] = { "a1" };
	struct play_game	 g;
	struct play_preview	 pv;
	struct diag		 d = DIAG_INIT;
	const struct play_preview_ship *p;
	unsigned char		*may;
	char			*fogged, *at, *cause = NULL, h[8];
	size_t			 k;

	(void)state;
	fogged = xstrdup(preview_state);
	at = strstr(fogged, "visibility=\"0\"");
	assert_non_null(at);
	at[strlen("visibility=\"")] = '2';
	assert_int_equal(play_load_state(PLAY_DATADIR, "preview", fogged,
	    strlen(fogged), &g, &d, &cause), PLAY_OK);
	may = play_may_order(g.st, "athens", mine, 1);
	assert_int_equal(play_preview(g.st, 0, "SIDE athens\nSHIP a1 SPEED 3\n",
	    may, &pv, &cause), PLAY_OK);
	assert_int_equal(pv.nships, 1);
	p = &pv.ships[0];
	for (k = 0; k < p->npath; k++)
		assert_int_not_equal(p->path[k].what, PLAY_PATH_MEET);
	assert_string_equal(state_hex_name(pv.next, pv.next->ships[p->ship].hex,
	    h), "0502");
	play_preview_free(&pv);
	free(may);
	free(fogged);
	play_game_free(&g);
	diag_free(&d);
}

/* Wrecks under fog of war, as the side's map shows them: a1 (0505,
 * north at speed 3, visibility 2) sails through 0502 when the wreck
 * there is out of its sight, and nothing in its path names it; a wreck
 * in sight (0503) still stops it. */
static void
test_preview_fog_wreck(void **state)
{
	static const char *const mine[] = { "a1" };
	static const struct {
		const char	*wreck;		/* its hex */
		int		 blocked;
		const char	*to;		/* where a1 ends */
	} t[] = {
		{ "0502", 0, "0502" },
		{ "0503", 1, "0504" },
	};
	struct play_game	 g;
	struct play_preview	 pv;
	struct diag		 d = DIAG_INIT;
	const struct play_preview_ship *p;
	const struct nv_event	*v;
	struct buf		 b = BUF_INIT;
	unsigned char		*may;
	char			*cause = NULL, h[8];
	size_t			 i, k;
	int			 blocked;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"1\">\n"
		    "  <settings turn-limit=\"0\" visibility=\"2\"/>\n"
		    "  <map columns=\"10\" rows=\"10\"/>\n"
		    "  <side id=\"athens\" nation=\"hellenistic\" "
		    "crew=\"average\"/>\n"
		    "  <side id=\"persia\" nation=\"asiatic\" "
		    "crew=\"average\"/>\n"
		    "  <ship id=\"a1\" side=\"athens\" class=\"trireme\" "
		    "hex=\"0505\" facing=\"N\" speed=\"3\"/>\n"
		    "  <ship id=\"p1\" side=\"persia\" class=\"trireme\" "
		    "hex=\"0909\" facing=\"S\" speed=\"0\"/>\n"
		    "  <wreck hex=\"%s\"/>\n"
		    "</scenario>\n", t[i].wreck);
		assert_int_equal(play_load_state(PLAY_DATADIR, "preview",
		    buf_str(&b), strlen(buf_str(&b)), &g, &d, &cause),
		    PLAY_OK);
		assert_int_equal(g.st->nwrecks, 1);
		may = play_may_order(g.st, "athens", mine, 1);
		assert_int_equal(play_preview(g.st, 0,
		    "SIDE athens\nSHIP a1 SPEED 3\n", may, &pv, &cause),
		    PLAY_OK);
		assert_int_equal(pv.nships, 1);
		p = &pv.ships[0];
		for (blocked = 0, k = 0; k < p->npath; k++)
			if (p->path[k].what == PLAY_PATH_BLOCKED) {
				blocked = 1;
				assert_non_null(strstr(p->path[k].text,
				    "wreck"));
			}
		assert_int_equal(blocked, t[i].blocked);
		/* Only the sentences a path quotes are worded (EXIT,
		 * BLOCKED); none names a wreck out of sight. */
		for (k = 0; k < pv.ev.n; k++) {
			v = &pv.ev.v[k];
			assert_int_equal(v->text != NULL,
			    strcmp(v->kind, "blocked") == 0 ||
			    strcmp(v->kind, "exit") == 0);
			if (!t[i].blocked && v->text != NULL &&
			    strstr(v->text, "wreck") != NULL)
				fail_msg("%s: %s", t[i].wreck, v->text);
		}
		assert_string_equal(state_hex_name(pv.next,
		    pv.next->ships[p->ship].hex, h), t[i].to);
		/* The game's own state keeps its wreck. */
		assert_int_equal(g.st->nwrecks, 1);
		play_preview_free(&pv);
		free(may);
		play_game_free(&g);
		buf_free(&b);
	}
	diag_free(&d);
}

/* The side preview in two rulesets: two players' sets of one side played
 * together, each player's ship plotted into the same hex as the other's;
 * the mover's contact between them is the collision, whatever the
 * ruleset says in its sentence.  Apart, none. */
#define ATHENS	"SIDE athens\n"
static void
test_preview_side(void **state)
{
	static const char *const left[] = { "nike" }, *const right[] = {
	    "paralos" };
	static const struct {
		const char	*file;
		const char	*a, *b;		/* athens's two sets */
		size_t		 nships;	/* athens's on the map */
		int		 collide;
	} t[] = {
		{ "orders/demo/scenario.xml", ATHENS "SHIP nike SPEED 1\n",
		  ATHENS "SHIP paralos SPEED 1 MOVE R F\n", 3, 1 },
		{ "orders/demo/scenario.xml", ATHENS "SHIP nike SPEED 1\n",
		  ATHENS "SHIP paralos SPEED 1\n", 3, 0 },
		{ "orders/nauta/duel.xml",
		  ATHENS "SHIP nike SPEED 2 MOVE L F\n",
		  ATHENS "SHIP paralos SPEED 2 MOVE R F\n", 4, 1 },
		{ "orders/nauta/duel.xml", ATHENS "SHIP nike SPEED 2\n",
		  ATHENS "SHIP paralos SPEED 2\n", 4, 0 },
	};
	struct play_orderset	 sets[2];
	struct play_game	 g;
	struct play_preview	 pv;
	struct diag		 d = DIAG_INIT;
	char			*scen, *cause = NULL;
	size_t			 i, k;
	int			 found;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		scen = read_src(t[i].file);
		assert_int_equal(play_load_state(PLAY_DATADIR, t[i].file, scen,
		    strlen(scen), &g, &d, &cause), PLAY_OK);
		memset(sets, 0, sizeof sets);
		sets[0].player = "left";
		sets[0].side = sets[1].side = "athens";
		sets[0].text = t[i].a;
		sets[0].ships = left;
		sets[0].nships = 1;
		sets[1].player = "right";
		sets[1].text = t[i].b;
		sets[1].ships = right;
		sets[1].nships = 1;
		if (play_preview_side(g.st, 0, sets, 2, &pv, &cause) !=
		    PLAY_OK)
			fail_msg("%s: %s", t[i].file, cause);
		assert_int_equal(pv.nships, t[i].nships);
		for (k = 0, found = 0; k < pv.ncollisions; k++) {
			assert_int_equal(g.st->ships[pv.collisions[k].a].side,
			    0);
			assert_int_equal(g.st->ships[pv.collisions[k].b].side,
			    0);
			assert_true(pv.collisions[k].phase >= 1);
			found |= (strcmp(g.st->ships[pv.collisions[k].a].id,
			    "nike") == 0 && strcmp(g.st->ships[
			    pv.collisions[k].b].id, "paralos") == 0) ||
			    (strcmp(g.st->ships[pv.collisions[k].a].id,
			    "paralos") == 0 && strcmp(g.st->ships[
			    pv.collisions[k].b].id, "nike") == 0);
		}
		if (found != t[i].collide || (pv.ncollisions > 0) !=
		    t[i].collide)
			fail_msg("case %zu (%s): %zu collision(s), nike and "
			    "paralos %s", i, t[i].file, pv.ncollisions,
			    found ? "among them" : "not");
		play_preview_free(&pv);
		/* A set another player may not give: refused, no preview. */
		sets[1].ships = left;
		assert_int_equal(play_preview_side(g.st, 0, sets, 2, &pv,
		    &cause), PLAY_INPUT);
		assert_null(pv.board);
		free(cause);
		cause = NULL;
		play_game_free(&g);
		free(scen);
	}
	diag_free(&d);
}

/* play_fix_apply on the demo scenario: what each correction makes of
 * the state, or that it is refused (the state untouched). */
static void
test_fix_apply(void **state)
{
	static const struct {
		enum play_fix_kind	 kind;
		const char		*id, *kv[3];
		const char		*want;	/* in the new XML; NULL: refused */
	} rows[] = {
		{ PLAY_FIX_SQUADRON, "rear", { "side=athens", "name=The rear",
		    NULL }, "<squadron id=\"rear\" side=\"athens\" name=\"The "
		    "rear\"/>" },
		{ PLAY_FIX_SQUADRON, "rear", { "side=athens",
		    "standing=SPEED 1", NULL }, "standing=\"SPEED 1\"" },
		{ PLAY_FIX_SQUADRON, "rear", { "side=sparta", NULL }, NULL },
		{ PLAY_FIX_SQUADRON, "rear", { NULL }, NULL },	/* no side */
		{ PLAY_FIX_SQUADRON, "Rear", { "side=athens", NULL }, NULL },
		{ PLAY_FIX_SQUADRON, "rear", { "side=athens", "hull=3", NULL },
		    NULL },
		{ PLAY_FIX_SHIP, "nike", { "hull=5", NULL }, "hull=\"5\"" },
		{ PLAY_FIX_SHIP, "nike", { "colour=red", NULL }, NULL },
		{ PLAY_FIX_SHIP, "argo", { "hull=5", NULL }, NULL },
		/* No squadron of that id: the loader refuses it. */
		{ PLAY_FIX_SHIP, "nike", { "squadron=rear", NULL }, NULL },
	};
	struct play_game	 g;
	struct play_fix		 f;
	struct diag		 d = DIAG_INIT;
	char			*xml = read_src("orders/demo/scenario.xml"), *out;
	char			*cause = NULL;
	size_t			 i, n;

	(void)state;
	assert_int_equal(play_load_state(PLAY_DATADIR, "demo", xml,
	    strlen(xml), &g, &d, &cause), PLAY_OK);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		memset(&f, 0, sizeof f);
		f.kind = rows[i].kind;
		f.id = (char *)rows[i].id;
		for (n = 0; rows[i].kv[n] != NULL; n++)
			;
		f.kv = (char **)rows[i].kv;
		f.nkv = n;
		diag_clear(&d);
		if (rows[i].want == NULL) {
			if (play_fix_apply(&g, g.st, &f, &out, &d) != -1)
				fail_msg("row %zu applied", i);
			assert_null(out);
			assert_true(d.errors > 0);
			continue;
		}
		if (play_fix_apply(&g, g.st, &f, &out, &d) != 0)
			fail_msg("row %zu refused", i);
		if (strstr(out, rows[i].want) == NULL)
			fail_msg("row %zu: no %s in\n%s", i, rows[i].want, out);
		free(out);
	}
	play_game_free(&g);
	diag_free(&d);
	free(xml);
}

/* play_standing_check: the words as kept, or the error. */
static void
test_standing_check(void **state)
{
	static const struct {
		const char	*squadron, *words, *want;	/* NULL: refused */
	} rows[] = {
		{ "rear", "speed 2 move f f", "SPEED 2 MOVE F F" },
		{ "rear", "fire bow at tyre", "FIRE BOW AT tyre" },
		{ "rear", "FLY AWAY", NULL },
		{ "rear", "", NULL },
		/* Not legal this turn (too fast): kept, with a warning
		 * (docs/orders.md, "Standing orders", 4). */
		{ "rear", "SPEED 9", "SPEED 9" },
	};
	struct play_game	 g;
	struct diag		 d = DIAG_INIT;
	char			*xml = read_src("orders/demo/scenario.xml"), *norm;
	char			*cause = NULL;
	size_t			 i;

	(void)state;
	assert_int_equal(play_load_state(PLAY_DATADIR, "demo", xml,
	    strlen(xml), &g, &d, &cause), PLAY_OK);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		diag_clear(&d);
		if (rows[i].want == NULL) {
			assert_int_equal(play_standing_check(g.st, 0,
			    rows[i].squadron, rows[i].words, &norm, &d), -1);
			assert_null(norm);
			assert_true(d.errors > 0);
			continue;
		}
		assert_int_equal(play_standing_check(g.st, 0, rows[i].squadron,
		    rows[i].words, &norm, &d), 0);
		assert_string_equal(norm, rows[i].want);
		assert_int_equal(d.errors, 0);
		free(norm);
	}
	play_game_free(&g);
	diag_free(&d);
	free(xml);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_lang_valid),
		cmocka_unit_test(test_load_state),
		cmocka_unit_test_setup_teardown(test_reports_from_result, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_adjudicate_loaded, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_report_parts, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_report_templates, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_refusals, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_missing_orders, setup,
		    teardown),
		cmocka_unit_test(test_fixes),
		cmocka_unit_test(test_fix_apply),
		cmocka_unit_test(test_standing_check),
		cmocka_unit_test(test_preview),
		cmocka_unit_test(test_preview_fog),
		cmocka_unit_test(test_preview_fog_wreck),
		cmocka_unit_test(test_preview_hold),
		cmocka_unit_test(test_preview_side),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
