/* test_mailproc_side.c: a side that coordinates by mail (issue 14, item
 * 4): the admiral's DIRECTIVE, printed once at the top of the named
 * players' next report and nowhere else, and PREVIEW SIDE, every order in
 * force on the side played together, with two captains' squadrons
 * plotted into each other flagged.  One table of steps each
 * (mailproc_fixture.h). */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>

#include "mailproc_fixture.h"
#include "password.h"
#include "store.h"

#define DONE		0
#define REJECTED	1
#define HEAD		"DIRECTIVES FROM YOUR ADMIRAL"
#define RAM		"athens (turn 1): Ram the flagship off the island\n"
#define HOLD		"athens (turn 1): Hold the line until phase 3\n"

/* The demo game, athens's admiral with salaminia, and two captains:
 * athens-l with squadron left (nike), athens-r with right (paralos). */
static void
captains(struct mpfx *f)
{
	static const char *const ships[] = { "nike", "paralos" };
	char	*h = NULL, *cause = NULL;

	assert_int_equal(password_hash("x", PASSWORD_COST_MIN, &h, &cause), 0);
	assert_int_equal(store_player_add(f->s, "demo", "athens", "athens-l",
	    "l@example.org", h, 0, &cause), STORE_OK);
	assert_int_equal(store_player_add(f->s, "demo", "athens", "athens-r",
	    "r@example.org", h, 0, &cause), STORE_OK);
	assert_int_equal(store_squadron_assign(f->s, "demo", "left",
	    "athens-l", &cause), STORE_OK);
	assert_int_equal(store_squadron_assign(f->s, "demo", "right",
	    "athens-r", &cause), STORE_OK);
	assert_int_equal(store_ships_release(f->s, "demo", ships, 2, &cause),
	    STORE_OK);
	free(h);
}

#define REPORT_WITH(to, n, a, b)	{ to, "Turn " n " report",	\
	    { "NAVARCH -- turn " n " ", "of 8\n\n" HEAD "\n", a, b } }
#define REPORT_WITHOUT(to, n)		{ to, "Turn " n " report",	\
	    { "NAVARCH -- turn " n " " }, { HEAD, "Ram the flagship",	\
	    "Hold the line" } }
#define DUE	"SELECT group_concat(player || '=' || ifnull(reported, '-'),"\
	" ' ') FROM (SELECT player, reported FROM directives ORDER BY id)"

static void
test_directive(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		/* HELP knows both commands. */
		{ "side-help", 30, DONE, { { "l@example.org", NULL, {
		    "DIRECTIVE     DIRECTIVE player|ALL text: the admiral's word",
		    "PREVIEW       PREVIEW SIDE: every order in force on your "
		    "side played together" } } }, NULL, NULL },
		/* A captain may not; nor to another side, nor without text. */
		{ "side-directive-captain", 60, REJECTED, { { "l@example.org",
		    NULL, { "line 4: DIRECTIVE: only the admiral of side "
		    "athens gives directives to its players, and player "
		    "athens-l is a captain" } } },
		  "SELECT count(*) FROM directives", "0" },
		{ "side-directive-bad", 90, REJECTED, { { "a@example.org",
		    NULL, { "DIRECTIVE persia: persia is no player of side "
		    "athens; a directive goes to ALL or to one of: athens, "
		    "athens-l, athens-r", "'DIRECTIVE athens-l': write "
		    "DIRECTIVE player text, or DIRECTIVE ALL text" } } },
		  "SELECT count(*) FROM directives", "0" },
		/* Stored: one row for athens-l, one for each other player
		 * (ALL), acknowledged to the admiral. */
		{ "side-directive", 120, DONE, { { "a@example.org", NULL, {
		    "DIRECTIVE: to athens-l; printed at the top of their "
		    "report of turn 1", "  Ram the flagship off the island\n",
		    "DIRECTIVE: to every other player of your side (athens-l, "
		    "athens-r)", "  Hold the line until phase 3\n" },
		    { "not this comment" } } },
		  DUE, "athens-l=- athens-l=- athens-r=-" },
		/* The next report: at its top, for the named players only. */
		{ "gm-process", 180, DONE, {
			REPORT_WITHOUT("a@example.org", "1"),
			REPORT_WITH("l@example.org", "1", RAM, HOLD),
			{ "r@example.org", "Turn 1 report", { HEAD, HOLD },
			  { "Ram the flagship" } },
			REPORT_WITHOUT("p@example.org", "1"),
			REPORT_WITHOUT("gm@example.org", "1"),
			REPORT_WITHOUT("obs@example.org", "1"),
			{ "gm@example.org", NULL, { "PROCESS: turn 1 is "
			  "played" } } },
		  DUE, "athens-l=1 athens-l=1 athens-r=1" },
		/* RESEND of that report shows them again, as first sent. */
		{ "side-resend-l", 200, DONE, {
			REPORT_WITH("l@example.org", "1", RAM, HOLD),
			{ "l@example.org", NULL, { "RESEND: the report of turn "
			  "1 comes again" } } },
		  NULL, NULL },
		/* Once: the report after it has none. */
		{ "gm-process", 240, DONE, {
			REPORT_WITHOUT("a@example.org", "2"),
			REPORT_WITHOUT("l@example.org", "2"),
			REPORT_WITHOUT("r@example.org", "2"),
			REPORT_WITHOUT("p@example.org", "2"),
			REPORT_WITHOUT("gm@example.org", "2"),
			REPORT_WITHOUT("obs@example.org", "2"),
			{ "gm@example.org", NULL, { "PROCESS: turn 2 is "
			  "played" } } },
		  DUE, "athens-l=1 athens-l=1 athens-r=1" },
	};

	captains(f);
	RUN_STEPS(f, steps);
}

static void
test_preview_side(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		/* Only the side's ships, before any orders: none collide. */
		{ "side-preview", 60, DONE, { { "r@example.org", NULL, {
		    "PREVIEW SIDE: the orders in force of every player of side "
		    "athens (0 set(s))", "nike (athens-l, squadron left): from "
		    "0508", "paralos (athens-r, squadron right): from 0607",
		    "salaminia (athens): from 0409",
		    "No two ships of your side would collide." },
		    { "azes: from", "COLLISIONS" } } }, NULL, NULL },
		/* Two captains' squadrons plotted into the same hex. */
		{ "side-orders-l", 120, DONE, { { "l@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "side-orders-r", 180, DONE, { { "r@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "side-preview", 240, DONE, { { "r@example.org", NULL, {
		    "(2 set(s))", "COLLISIONS between ships of your side:\n",
		    "nike and paralos (two players: athens-l and athens-r)",
		    "would collide with" } } },
		  "SELECT count(*) FROM order_sets", "2" },
		/* Plotted apart: no collision. */
		{ "side-orders-r2", 300, DONE, { { "r@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "side-preview", 360, DONE, { { "r@example.org", NULL, {
		    "No two ships of your side would collide." },
		    { "COLLISIONS" } } }, NULL, NULL },
		/* PREVIEW alone is the GM's; PREVIEW SIDE a player's. */
		{ "side-preview-bad", 420, REJECTED, { { "r@example.org", NULL,
		    { "'PREVIEW': a player writes PREVIEW SIDE" } } }, NULL,
		  NULL },
		{ "gm-preview-side", 480, REJECTED, { { "gm@example.org", NULL,
		    { "'PREVIEW SIDE': the GM's PREVIEW takes nothing after "
		    "it" } } }, NULL, NULL },
	};

	captains(f);
	RUN_STEPS(f, steps);
}

/* Under fog of war the preview's map draws what the side's MAP does: the
 * Persian ships, out of sight, are not drawn where they hold.  A side's
 * only player may ask too. */
static void
test_preview_side_fog(void **state)
{
	static const struct step steps[] = {
		{ "side-preview-athens", 60, DONE, { { "a@example.org", NULL, {
		    "(0 set(s))", "nike (athens): from 0508", "The map after "
		    "the preview", "A1" }, { "azes", "tyre", "sidon" } } },
		  NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

/* The preview's map draws the wrecks the side's MAP does: 0407, in
 * sight, and not 0202, out of it (the first in hex order, so that the
 * map's flags must follow the board's wrecks, not the state's). */
static void
test_preview_side_fog_wrecks(void **state)
{
	static const struct step steps[] = {
		{ "side-preview-athens", 60, DONE, { { "a@example.org", NULL, {
		    "The map after the preview", "Wrecks: 0407 (husk)." },
		    { "hulk", "azes" } } },
		  NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

#define T(fn)	cmocka_unit_test_setup_teardown(fn, mpfx_setup_squadrons, \
	    mpfx_teardown)

const struct CMUnitTest mailproc_side_tests[] = {
	T(test_directive),
	T(test_preview_side),
	cmocka_unit_test_setup_teardown(test_preview_side_fog, mpfx_setup_fog,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_preview_side_fog_wrecks,
	    mpfx_setup_fog_wrecks, mpfx_teardown),
};
const size_t mailproc_side_ntests =
    sizeof mailproc_side_tests / sizeof mailproc_side_tests[0];
