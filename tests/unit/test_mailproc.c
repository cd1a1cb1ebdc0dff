/* test_mailproc.c: one order mail at a time, and the clock.  Every test
 * is a table of steps (a mail or a tick) with the outbox rows each must
 * write and a store effect to check (mailproc_fixture.h).  The commands
 * are in test_mailproc_cmd.c, the map attached to reports in
 * test_mailproc_svg.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mailproc_fixture.h"
#include "store.h"
#include "xalloc.h"

#define MSG(n)		"<" n "@example.org>"
#define IN_FORCE(p)	"SELECT group_concat(normalised, '|') FROM order_sets" \
			" WHERE player = '" p "' AND in_force = 1"
#define A_ORDERS	"SHIP nike SPEED 4 MOVE F F L F F\n"		\
			"SHIP paralos SPEED 3 MOVE F F F\n"		\
			"SHIP salaminia SPEED 2 MOVE F R F\n"		\
			"SHIP salaminia FIRE 2 BOW AT sidon PHASE 6\n"

/* Orders are answered at once: as understood, the path, the receipt;
 * the reply threads and goes to the registered address. */
static void
test_orders_accepted(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0 /* DONE */, {
			{ "a@example.org", "Re: orders", {
			    "Orders accepted for turn 1",
			    "  SHIP nike SPEED 4 MOVE F F L F F\n",
			    "nike: from 0508 facing SE, ends in",
			    "Receipt: SHA-256 of your orders in force",
			    "In-Reply-To: <athens-orders-1@example.org>",
			    "Auto-Submitted: auto-replied" },
			    { "athens-pw", "PASSWORD" } },
		  }, IN_FORCE("athens"), A_ORDERS },
		{ "persia-orders", 120, 0, {
			{ "p@example.org", "[navarch demo]", {
			    "read as player persia",
			    "SHIP azes SPEED 3 MOVE F R F F",
			    "tyre: from" }, { "SHIP nike" } },
		  }, "SELECT count(*) FROM order_sets", "2" },
	};

	RUN_STEPS(*state, steps);
}

/* A mail replaces the orders of the ships it names only. */
static void
test_orders_partial(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "athens-partial", 120, 0, {
			{ "a@example.org", "Re: [navarch demo] Your mail", {
			    "replace every order of nike; these keep the "
			    "orders they had: paralos, salaminia",
			    "  SHIP nike SPEED 2 MOVE F F\n",
			    "  SHIP paralos SPEED 3 MOVE F F F\n" } },
		  }, IN_FORCE("athens"),
		  "SHIP nike SPEED 2 MOVE F F\n"
		  "SHIP paralos SPEED 3 MOVE F F F\n"
		  "SHIP salaminia SPEED 2 MOVE F R F\n"
		  "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6\n" },
	};

	RUN_STEPS(*state, steps);
}

/* A SQUADRON line names the squadron's ships: their orders in force are
 * replaced, as a SHIP line's would be (docs/orders.md, Squadrons); the
 * copies are echoed as the ships' lines, the squadron's standing order
 * as its own line, and salaminia keeps its orders. */
static void
test_orders_squadron(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "athens-squadron", 120, 0, {
			{ "a@example.org", "Re: [navarch demo] Your mail", {
			    "replace every order of nike, paralos; these keep "
			    "the orders they had: salaminia",
			    "  SHIP nike SPEED 2 MOVE F F\n",
			    "  SHIP paralos SPEED 2 MOVE F F\n",
			    "  SQUADRON left STANDING SPEED 1\n" } },
		  }, IN_FORCE("athens"),
		  "SHIP nike SPEED 2 MOVE F F\n"
		  "SHIP paralos SPEED 2 MOVE F F\n"
		  "SHIP salaminia SPEED 2 MOVE F R F\n"
		  "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6\n"
		  "SQUADRON left STANDING SPEED 1\n" },
	};

	RUN_STEPS(*state, steps);
}

/* Any error rejects the whole mail; every error is listed with its
 * line; the orders in force stay and the answer says so. */
static void
test_orders_rejected(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "athens-bad", 120, 1 /* REJECTED */, {
			{ "a@example.org", NULL, {
			    "NOT accepted",
			    "line 4: SHIP nike SPEED 9",
			    "line 5: SHIP argo SPEED 2: there is no ship argo",
			    "Your previous orders stay in force:",
			    "  SHIP nike SPEED 4 MOVE F F L F F\n" },
			    { "line 6" } },
		  }, IN_FORCE("athens"), A_ORDERS },
		/* The rejected mail is processed: its id is recorded. */
		{ "athens-bad", 130, 7 /* DUPLICATE */, { { NULL } },
		  "SELECT count(*) FROM processed_mail", "2", 2 },
	};

	RUN_STEPS(*state, steps);
}

/* CLEAR drops every order; CLEAR and orders in one mail both count.
 * CLEAR with words after it is refused: it cannot clear one ship. */
static void
test_orders_clear(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "athens-clear-ship", 90, 1, { { "a@example.org", NULL,
		    { "line 4: 'CLEAR SHIP nike': CLEAR takes nothing after it "
		      "on its line; write CLEAR alone",
		      "Your previous orders stay in force" } } },
		  IN_FORCE("athens"), A_ORDERS },
		{ "athens-clear", 120, 0, { { "a@example.org", NULL,
		    { "CLEAR: all your orders for this turn are dropped" } } },
		  IN_FORCE("athens"), "" },
		{ "athens-clear-then-orders", 180, 0, { { "a@example.org", NULL,
		    { "CLEAR: all", "  SHIP nike SPEED 1 MOVE F\n" } } },
		  IN_FORCE("athens"), "SHIP nike SPEED 1 MOVE F\n" },
	};

	RUN_STEPS(*state, steps);
}

/* Quoted lines are never orders, and the answer explains it. */
static void
test_quoted_only(void **state)
{
	static const struct step steps[] = {
		{ "quoted-only", 60, 0, { { "a@example.org", NULL,
		    { "held no orders and no command",
		      "Quoted lines (starting with '>') are never orders" } } },
		  "SELECT count(*) FROM order_sets", "0" },
	};

	RUN_STEPS(*state, steps);
}

/* Routing: the subject tag of a reply, SIDE for a one-player side;
 * unknown games and players get a short answer to the sender. */
static void
test_routing(void **state)
{
	static const struct step steps[] = {
		{ "persia-by-tag", 60, 0, { { "p@example.org",
		    "Re: [navarch demo] Turn 1 report",
		    { "SHIP tyre SPEED 1" } } }, IN_FORCE("persia"),
		  "SHIP tyre SPEED 1 MOVE F\n" },
		{ "side-routing", 120, 0, { { "p@example.org", NULL,
		    { "read as player persia", "ORDERS: your orders in force",
		      "SHIP tyre SPEED 1" } } }, NULL, NULL },
		{ "player-unknown", 180, 3 /* UNROUTED */, { { "p@example.org",
		    NULL, { "Game demo has no player sparta",
		    "Send a mail with the line HELP" } } }, NULL, NULL },
		{ "observer", 240, 4 /* OBSERVER */, { { NULL } },
		  "SELECT count(*) FROM order_sets", "1" },
	};

	RUN_STEPS(*state, steps);
}

/* A wrong password stores nothing and is refused at the registered
 * address, never the sender's, at most three times a day. */
static void
test_wrong_password(void **state)
{
	static const struct want refusal = { "a@example.org", "Mail refused",
	    { "signed as athens of game demo was refused: the password is "
	      "wrong", "Nothing it held was done" },
	    { "guessed", "mallory" } };
	static const struct step steps[] = {
		{ "wrong-password", 60, 2 /* REFUSED */, { refusal },
		  "SELECT count(*) FROM order_sets", "0" },
		{ "wrong-password", 120, 2, { refusal }, NULL, NULL },
		{ "no-password", 180, 2, { { "a@example.org", NULL,
		    { "it holds no PASSWORD line" } } }, NULL, NULL },
		/* The fourth of the day is not answered... */
		{ "wrong-password", 240, 2, { { NULL } },
		  "SELECT count FROM rate_limits WHERE key ="
		  " 'refusal:demo:athens'", "3" },
		/* ...the next day it is. */
		{ "wrong-password", DAY + 60, 2, { refusal },
		  "SELECT count(*) FROM outbox WHERE recipient LIKE '%evil%'",
		  "0" },
	};

	RUN_STEPS(*state, steps);
}

/* A stranger gets one short answer a day pointing to HELP, which never
 * repeats the subject (test_mailproc_auth.c: forged senders). */
static void
test_unknown_sender(void **state)
{
	static const struct step steps[] = {
		{ "unknown-sender", 60, 3, { { "stranger@else.example",
		    "Your mail to Navarch", { "names no game",
		    "Send a mail with the line HELP" }, { "hello" } } }, NULL,
		  NULL },
		{ "unknown-game", 120, 3, { { NULL } }, NULL, NULL },
		{ "unknown-sender", DAY + 60, 3, { { "stranger@else.example",
		    NULL, { "names no game" } } }, NULL, NULL },
		{ "unknown-game", 2 * DAY + 60, 3, { { "stranger@else.example",
		    NULL, { "HELP", "PRESS TO side|player|ALL" },
		    { "a@example.org" } } },
		  "SELECT count(*) FROM processed_mail", "4" },
	};

	RUN_STEPS(*state, steps);
}

/* Loop and bounce safety: nothing automatic is ever answered; a bounce
 * counts against the player whose address failed. */
static void
test_never_answered(void **state)
{
	static const struct step steps[] = {
		{ "auto-reply", 60, 6 /* IGNORED */, { { NULL } }, NULL, NULL },
		{ "own-address", 120, 6, { { NULL } }, NULL, NULL },
		{ "list-mail", 180, 6, { { NULL } }, NULL, NULL },
		{ "bounce", 240, 5 /* BOUNCE */, { { NULL } },
		  "SELECT bounces FROM players WHERE id = 'athens'", "1" },
		{ "bounce", 250, 5, { { NULL } },
		  "SELECT bounces || ' ' || (SELECT details FROM audit WHERE"
		  " action = 'bounce') FROM players WHERE id = 'athens'",
		  "2 mail to player athens (A@Example.org) bounced: failed "
		  "5.1.1" },
		/* A loop: our own reply coming back as an auto-reply. */
		{ "auto-reply", 300, 6, { { NULL } },
		  "SELECT count(*) FROM outbox", "0" },
	};

	RUN_STEPS(*state, steps);
}

/* A mail is processed once, by Message-ID. */
static void
test_duplicate(void **state)
{
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	static const char	 raw[] = "From: a@example.org\n"
	    "Message-ID: <twice@example.org>\nSubject: x\n\n"
	    "GAME demo\nPLAYER athens\nPASSWORD athens-pw\nSHIP nike SPEED 1\n";
	static const char	 again[] = "From: a@example.org\n"
	    "Message-ID: <once@example.org>\nSubject: x\n\n"
	    "GAME demo\nPLAYER athens\nPASSWORD athens-pw\nSHIP nike SPEED 2\n";
	char			*cause = NULL, *n;
	int			 i;
	static const int	 want[] = { MAILPROC_DONE, MAILPROC_DUPLICATE,
	    MAILPROC_DUPLICATE };

	for (i = 0; i < 3; i++) {
		assert_int_equal(mailproc_message(&f->mp, raw, strlen(raw),
		    T0 + i, &r, &cause), 0);
		assert_int_equal(r.outcome, want[i]);
		assert_string_equal(r.message_id, "twice@example.org");
		mailproc_result_free(&r);
	}
	n = mpfx_sql(f, "SELECT count(*) || '/' || (SELECT count(*) FROM"
	    " outbox) FROM order_sets");
	assert_string_equal(n, "1/1");
	free(n);
	/* The question is asked in the mail's own transaction, undone for
	 * a duplicate: none is left open, and the next mail goes through. */
	assert_int_equal(mailproc_message(&f->mp, again, strlen(again),
	    T0 + 3, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	mailproc_result_free(&r);
	n = mpfx_sql(f, "SELECT count(*) FROM processed_mail");
	assert_string_equal(n, "2");
	free(n);
}

/* One mail is one transaction: the composer failing on the second mail
 * leaves nothing at all (no orders, no Message-ID, no outbox row); the
 * same mail then goes through whole. */
static void
test_atomic(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		{ "press-all", 60, -1, { { NULL } },
		  "SELECT (SELECT count(*) FROM order_sets) || '/' ||"
		  " (SELECT count(*) FROM processed_mail) || '/' ||"
		  " (SELECT count(*) FROM outbox)", "0/0/0" },
	};
	static const struct step again[] = {
		{ "press-all", 60, 0, {
			{ "p@example.org", "Press from athens",
			  { "Fair winds." } },
			{ "a@example.org", NULL, { "PRESS TO ALL: relayed to 1",
			  "SHIP nike SPEED 1" } },
		  }, "SELECT count(*) FROM order_sets", "1" },
	};

	f->compose_fail_at = 2;
	RUN_STEPS(f, steps);
	f->compose_fail_at = 0;
	RUN_STEPS(f, again);
}

/* --- the clock ----------------------------------------------------------- */

#define REPORT(to)	{ to, "Turn 1 report", { "NAVARCH -- turn 1 ",	\
			  "TURN 1, PHASE BY PHASE", "MAP" } }

/* At the deadline (plus grace) the turn is played with the orders in
 * force; players without orders miss it; reports go to every player,
 * the GM and the observers, in the same transaction. */
static void
test_deadline(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ NULL, HOUR, 0, { { NULL } }, NULL, NULL },
		{ NULL, 2 * DAY - 1, 0, { { "p@example.org", "Reminder",
		    { "has no orders from you (player persia, side persia) "
		      "for turn 1", "2026-01-03T10:00Z (UTC)" } } },
		  NULL, NULL },
		{ NULL, 2 * DAY, 1, {
			REPORT("a@example.org"), REPORT("p@example.org"),
			{ "gm@example.org", "Turn 1 report", { "For the GM:",
			  "persia sent no orders this turn (1 turn(s) missed "
			  "in all)" } },
			/* Observers: everything but the orders and the
			 * GM's note. */
			{ "obs@example.org", "Turn 1 report", {
			  "NAVARCH -- turn 1 report for observers" },
			  { "ORDERS IN FORCE", "For the GM:",
			    "SHIP nike SPEED 4" } },
		  }, "SELECT missed FROM players WHERE id = 'persia'", "1" },
		/* Turn 2 has no deadline (no schedule): nothing is due. */
		{ NULL, 5 * DAY, 0, { { NULL } },
		  "SELECT count(*) FROM states", "2" },
	};

	RUN_STEPS(*state, steps);
}

/* When every order is in, the turn is played at the next tick, and
 * the schedule sets the next deadline. */
static void
test_early(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "persia-orders", 120, 0, { { "p@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ NULL, 180, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") },
		  "SELECT deadline - 1767261780 FROM games", "172800" },
		{ NULL, 240, 0, { { NULL } }, NULL, NULL },
	};

	assert_int_equal(store_game_set_settings(f->s, "demo",
	    "# the daemon's settings\nschedule = +48h\n", NULL), 0);
	RUN_STEPS(f, steps);
}

/* early = off waits for the deadline; one reminder a turn. */
static void
test_early_off_and_reminder(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "persia-orders", 120, 0, { { "p@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ NULL, 180, 0, { { NULL } }, NULL, NULL },
		{ "athens-clear", 240, 0, { { "a@example.org", NULL,
		    { "CLEAR" } } }, NULL, NULL },
		/* reminder = 36h: due from T0 + 12 h, once. */
		{ NULL, 11 * HOUR, 0, { { NULL } }, NULL, NULL },
		{ NULL, 13 * HOUR, 0, { { "a@example.org", "Reminder",
		    { "player athens" } } }, NULL, NULL },
		{ NULL, 14 * HOUR, 0, { { NULL } },
		  "SELECT who FROM turn_marks WHERE kind = 'reminder'",
		  "athens" },
		/* Grace 1 h: not yet at the deadline, at it plus an hour.
		 * Meanwhile the late player is told, and the others that
		 * the turn waits (once a turn). */
		{ NULL, 2 * DAY + 1, 0, {
			{ "a@example.org", "Your orders are late", {
			  "The turn waits until 2026-01-03T11:00Z (UTC)",
			  "it has passed" } },
			{ "p@example.org", "Turn 1 waits for orders", {
			  "for orders from: athens (side athens)" } },
		  }, "SELECT group_concat(kind || ':' || who) FROM turn_marks"
		  " WHERE kind IN ('late', 'waiting')",
		  "late:athens,waiting:persia" },
		{ NULL, 2 * DAY + 30 * 60, 0, { { NULL } }, NULL, NULL },
		{ NULL, 2 * DAY + HOUR, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, NULL, NULL },
	};

	assert_int_equal(store_game_set_settings(f->s, "demo",
	    "early = off\nreminder = 36h\ngrace = 1h\n", NULL), 0);
	RUN_STEPS(f, steps);
}

/* A second tick in the same second (navarchd restarted after a crash, or
 * run twice by hand) finds turn 2 open and its reminders due: they must
 * not take the Message-IDs of the turn 1 reports the first tick queued
 * (the tick failed with "exists", crash harness tests/daemon/crash.py). */
static void
test_tick_twice_same_second(void **state)
{
	struct mpfx		*f = *state;
	static const struct step steps[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ "persia-orders", 120, 0, { { "p@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ NULL, 180, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, NULL, NULL },
		{ NULL, 180, 0, { { "a@example.org", "Reminder",
		    { "for turn 2" } }, { "p@example.org", "Reminder",
		    { "for turn 2" } } },
		  "SELECT count(DISTINCT message_id) FROM outbox", "8" },
		{ NULL, 180, 0, { { NULL } }, NULL, NULL },
	};

	assert_int_equal(store_game_set_settings(f->s, "demo",
	    "schedule = +24h\n", NULL), 0);
	RUN_STEPS(f, steps);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_orders_accepted),
		T(test_orders_partial),
		cmocka_unit_test_setup_teardown(test_orders_squadron,
		    mpfx_setup_squadron, mpfx_teardown),
		T(test_orders_rejected),
		T(test_orders_clear),
		T(test_quoted_only),
		T(test_routing),
		T(test_wrong_password),
		T(test_unknown_sender),
		T(test_never_answered),
		T(test_duplicate),
		T(test_atomic),
		T(test_deadline),
		T(test_early),
		T(test_early_off_and_reminder),
		T(test_tick_twice_same_second),
	};
	int	fails;

	fails = cmocka_run_group_tests_name("mailproc", tests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-commands",
	    mailproc_cmd_tests, mailproc_cmd_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-templates",
	    mailproc_tpl_tests, mailproc_tpl_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-svg", mailproc_svg_tests,
	    mailproc_svg_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-side", mailproc_side_tests,
	    mailproc_side_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-clock",
	    mailproc_clock_tests, mailproc_clock_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-cache",
	    mailproc_cache_tests, mailproc_cache_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-auth", mailproc_auth_tests,
	    mailproc_auth_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("mailproc-view", mailproc_view_tests,
	    mailproc_view_ntests, NULL, NULL);
	return fails;
}
