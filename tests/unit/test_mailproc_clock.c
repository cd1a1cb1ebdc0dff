/* test_mailproc_clock.c: the clock by mail and the notices to players
 * (issue 15): PAUSE keeps the time left and RESUME gives it back, +24h
 * extends the current deadline, a deadline in the past or without a zone
 * is refused, AT takes any zone, SET TIMEZONE puts deadlines on the
 * player's clock; what navarch did (a seat, orders entered, a turn it
 * played) is told at the next tick, once; a rollback's new reports say
 * they replace the old ones; ENDGAME ends the game with the final mail.
 * Outcomes: 0 done, 1 rejected. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "mailproc_fixture.h"
#include "diag.h"
#include "password.h"
#include "play.h"
#include "play-clock.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

#define DONE		0
#define REJECTED	1
#define NOTICE(to, subject, text)	{ to, subject, { text } }
#define NOTICED(subject, text)						\
	NOTICE("a@example.org", subject, text),				\
	NOTICE("p@example.org", subject, text),				\
	NOTICE("obs@example.org", subject, NULL)
#define REPORT(to)	{ to, "Turn 1 report", { "NAVARCH -- turn 1 " } }

/* T0 + 2 d is the deadline; the pause at T0 + 60 keeps 2 d - 60 s. */
static void
test_pause_resume_extend(void **state)
{
	static const struct step steps[] = {
		{ "gm-pause-reason", 60, DONE, {
			NOTICE("gm@example.org", NULL, "its clock stopped with "
			  "1 day 23 hours left, which RESUME gives back"),
			NOTICED("Game paused", "(the reason given: a storm "
			  "over the Aegean)"),
		  }, "SELECT status || ' ' || paused_left FROM games",
		  "paused 172740" },
		{ "gm-pause", 120, REJECTED, { NOTICE("gm@example.org", NULL,
		    "PAUSE: game demo is already paused") }, NULL, NULL },
		/* The deadline passes during the pause: nothing happens. */
		{ NULL, 5 * DAY, 0, { { NULL } }, "SELECT count(*) FROM states",
		  "1" },
		/* The time left is given back. */
		{ "gm-resume", 5 * DAY, DONE, {
			NOTICE("gm@example.org", NULL, "RESUME: game demo is "
			  "playing again"),
			NOTICED("Game resumed", "1 day 23 hours left"),
		  }, "SELECT deadline - 1767261600 - 5 * 86400 FROM games",
		  "172740" },
		/* +24h extends the deadline, not now. */
		{ "gm-extend", 5 * DAY + 60, DONE, {
			NOTICE("gm@example.org", NULL, "(it was "
			  "2026-01-08T09:59Z) (the reason given: a player is "
			  "travelling)"),
			NOTICED("Deadline changed", "it was 2026-01-08T09:59Z "
			  "(UTC)"),
		  }, "SELECT deadline - 1767261600 - 5 * 86400 FROM games",
		  "259140" },
		{ "gm-deadline-past", 5 * DAY + 120, REJECTED, {
		    NOTICE("gm@example.org", NULL, "DEADLINE: the deadline "
		    "2025-12-31T10:00Z is not in the future (it is now "
		    "2026-01-06T10:02Z)") },
		  "SELECT deadline - 1767261600 - 5 * 86400 FROM games",
		  "259140" },
		{ "gm-deadline-nozone", 5 * DAY + 180, REJECTED, {
		    NOTICE("gm@example.org", NULL, "whose clock is that; give "
		    "the time's zone") }, NULL, NULL },
		/* Any zone: 21:00 in Paris is 20:00 UTC in January. */
		{ "gm-deadline-zone", 5 * DAY + 240, DONE, {
			NOTICE("gm@example.org", NULL, "the deadline of this "
			  "turn is 2026-01-10T20:00Z (UTC)"),
			NOTICED("Deadline changed", "(the reason given: for "
			  "the feast)"),
		  }, "SELECT deadline FROM games", "1768075200" },
	};

	RUN_STEPS(*state, steps);
}

/* RESUME with a deadline named: from now, refused in the past. */
static void
test_resume_at(void **state)
{
	static const struct step steps[] = {
		{ "gm-pause", 60, DONE, { NOTICE("gm@example.org", NULL,
		    "PAUSE: game demo is paused"), NOTICED("Game paused",
		    NULL) }, NULL, NULL },
		{ "gm-resume-at", 3 * DAY, DONE, {
			NOTICE("gm@example.org", NULL, "the deadline of this "
			  "turn is 2026-01-06T10:00Z (UTC)"),
			NOTICED("Game resumed", "(the reason given: the storm "
			  "passed)"),
		  }, "SELECT status || ' ' || deadline FROM games",
		  "playing 1767693600" },
		{ "gm-resume", 3 * DAY + 60, REJECTED, { NOTICE(
		    "gm@example.org", NULL, "RESUME: game demo is not paused") },
		  NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

static void
test_timezone(void **state)
{
	static const struct step steps[] = {
		{ "athens-tz", 60, DONE, { NOTICE("a@example.org", NULL,
		    "Deadline: 2026-01-03T10:00Z (UTC), Sat 2026-01-03 11:00 "
		    "CET on your clock (Europe/Paris); 1 day 23 hours left.") },
		  "SELECT timezone FROM players WHERE id = 'athens'",
		  "Europe/Paris" },
		{ "athens-tz-bad", 120, REJECTED, { NOTICE("a@example.org",
		    NULL, "SET TIMEZONE: there is no time zone 'Mars/Olympus'") },
		  "SELECT timezone FROM players WHERE id = 'athens'",
		  "Europe/Paris" },
		/* Reports and reminders are on the player's clock too. */
		{ NULL, 36 * HOUR, 0, {
			NOTICE("a@example.org", "Reminder", "Sat 2026-01-03 "
			  "11:00 CET on your clock"),
			NOTICE("p@example.org", "Reminder", "Deadline: "
			  "2026-01-03T10:00Z (UTC); 12 hours left."),
		  }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

static void
add_notice(struct mpfx *f, enum store_notice_kind kind, int turn,
    const char *player, const char *reason, const char *details,
    const char *secret)
{
	struct store_notice_new	 n;
	char			*cause = NULL;

	memset(&n, 0, sizeof n);
	n.game = "demo";
	n.kind = kind;
	n.turn = turn;
	n.player = player;
	n.actor = "cli:gm";
	n.reason = reason;
	n.details = details;
	n.secret = secret;
	n.now = T0 + 30;
	assert_int_equal(store_notice_add(f->s, &n, NULL, &cause), STORE_OK);
}

/* What navarch does is told at the next tick: a welcome with the
 * password (forgotten by the outbox once sent), a seat given to someone
 * new, orders entered for a player; each once. */
static void
test_notices_from_navarch(void **state)
{
	struct mpfx		*f = *state;
	struct store_orders_new	 o;
	char			*h = NULL, *cause = NULL, *got;
	static const struct step steps[] = {
		{ NULL, 60, 0, {
			NOTICE("a@example.org", "Welcome to game demo: you are "
			  "athens, side athens", "Your password: pw-secret-1"),
			NOTICE("old@example.org", "You no longer play in game "
			  "demo", "(the reason given: the player left)"),
			NOTICE("a@example.org", "Player persia replaced",
			  "to someone new (the reason given: the player "
			  "left)"),
			NOTICE("p2@example.org", "Welcome to game demo: you "
			  "are persia", "Your password is the one your GM gave "
			  "you"),
			NOTICE("a@example.org", "Orders entered for you by the "
			  "GM", "  SHIP nike SPEED 2 MOVE F F\n"),
		  }, "SELECT count(*) FROM notices WHERE sent IS NULL OR"
		  " secret IS NOT NULL", "0" },
		/* Told once. */
		{ NULL, 120, 0, { { NULL } }, "SELECT secret FROM outbox"
		  " WHERE subject LIKE '%Welcome%athens%'", "1" },
	};

	add_notice(f, STORE_NOTICE_WELCOME, 1, "athens", NULL, NULL,
	    "pw-secret-1");
	assert_int_equal(password_hash("new-pw", PASSWORD_COST_MIN, &h,
	    &cause), 0);
	assert_int_equal(store_player_replace(f->s, "demo", "persia",
	    "p2@example.org", h, &cause), STORE_OK);
	free(h);
	add_notice(f, STORE_NOTICE_REPLACED, 1, "persia", "the player left",
	    "address=old@example.org", NULL);
	add_notice(f, STORE_NOTICE_WELCOME, 1, "persia", NULL, NULL, NULL);
	memset(&o, 0, sizeof o);
	o.game = "demo";
	o.turn = 1;
	o.player = "athens";
	o.source = STORE_SOURCE_CLI;
	o.received = T0 + 30;
	o.text = "SIDE athens\nSHIP nike SPEED 2 MOVE F F\n";
	o.normalised = "SHIP nike SPEED 2 MOVE F F\n";
	assert_int_equal(store_orders_add(f->s, &o, NULL, &cause), STORE_OK);
	add_notice(f, STORE_NOTICE_ORDERS, 1, "athens", NULL, NULL, NULL);
	RUN_STEPS(f, steps);
	/* The welcome holds the order lines and the map of the side. */
	got = mpfx_outbox(f, "a@example.org", "Welcome");
	assert_non_null(strstr(got, "  SHIP salaminia SPEED 0\n"));
	assert_non_null(strstr(got, "The map as your side sees it:"));
	assert_non_null(strstr(got, "nike        Nike"));
	free(got);
}

/* A turn navarch played (navarch adjudicate writes the notice): the
 * daemon mails its reports, the GM's with who missed it; only the last
 * turn played is reported. */
static void
test_reports_from_navarch(void **state)
{
	struct mpfx	*f = *state;
	struct play_adj	 a;
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;
	int		 i;
	static const struct step steps[] = {
		{ NULL, 60, 0, {
			NOTICE("a@example.org", "Turn 2 report", NULL),
			NOTICE("p@example.org", "Turn 2 report", NULL),
			NOTICE("gm@example.org", "Turn 2 report", "athens "
			  "sent no orders this turn (2 turn(s) missed in all)"),
			NOTICE("obs@example.org", "Turn 2 report", NULL),
		  }, "SELECT count(*) FROM notices WHERE sent IS NULL", "0" },
	};

	for (i = 1; i <= 2; i++) {
		assert_int_equal(store_begin(f->s, &cause), STORE_OK);
		assert_int_equal(play_adjudicate(f->s, MAILPROC_DATADIR, "demo",
		    1, T0 + i, "cli:gm", &a, &d, &cause), 0);
		add_notice(f, STORE_NOTICE_REPORTS, i, NULL, NULL,
		    "missed=athens, persia", NULL);
		assert_int_equal(store_commit(f->s, &cause), STORE_OK);
		play_adj_free(&a);
	}
	diag_free(&d);
	RUN_STEPS(f, steps);
}

/* A turn played again after a rollback: each report says it replaces
 * the one sent before, and why. */
static void
test_rollback_replaces(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, DONE, { NOTICE("a@example.org", NULL,
		    "Orders accepted") }, NULL, NULL },
		{ "persia-orders", 120, DONE, { NOTICE("p@example.org", NULL,
		    "Orders accepted") }, NULL, NULL },
		{ NULL, 180, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, NULL, NULL },
		{ "gm-rollback", 240, DONE, {
			NOTICE("gm@example.org", NULL, "ROLLBACK"),
			NOTICED("Game rolled back to turn 1", "because: a "
			  "ship was misplaced"),
		  }, NULL, NULL },
		/* Every order of turn 1 stays in force: played again. */
		{ NULL, 300, 1, {
			NOTICE("a@example.org", "Turn 1 report (replaces the "
			  "one rolled back)", "because: a ship was "
			  "misplaced."),
			NOTICE("p@example.org", "(replaces the one rolled "
			  "back)", NULL),
			NOTICE("gm@example.org", "(replaces the one rolled "
			  "back)", NULL),
			NOTICE("obs@example.org", "(replaces the one rolled "
			  "back)", NULL),
		  }, "SELECT count(*) FROM states WHERE superseded = 1", "1" },
	};

	RUN_STEPS(*state, steps);
}

static void
test_endgame(void **state)
{
	static const struct step steps[] = {
		{ "gm-endgame-bad", 60, REJECTED, { NOTICE("gm@example.org",
		    NULL, "'ENDGAME WIN sparta': write ENDGAME DRAW or ENDGAME "
		    "WIN and a side (no such side)") }, NULL, NULL },
		{ "gm-endgame", 120, DONE, {
			NOTICE("gm@example.org", NULL, "ENDGAME: game demo is "
			  "over, won by persia (athens left the campaign)"),
			NOTICE("a@example.org", "Game over: won by persia",
			  "The GM ended it (athens left the campaign)"),
			NOTICE("p@example.org", "Game over: won by persia",
			  "navarch replay --archive demo-archive.xml "
			  "--verify"),
			NOTICE("gm@example.org", "Game over", "The seed of the "
			  "dice"),
			NOTICE("obs@example.org", "Game over", NULL),
		  }, "SELECT group_concat(action, ' ') FROM audit", "seed-reveal "
		  "game-end" },
		{ "gm-endgame", 180, REJECTED, { NOTICE("gm@example.org", NULL,
		    "ENDGAME: game demo has ended already") }, NULL, NULL },
		{ "gm-pause", 240, REJECTED, { NOTICE("gm@example.org", NULL,
		    "PAUSE: game demo has ended: its clock is stopped for "
		    "good") }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

static void
test_spec_words(void **state)
{
	static const struct {
		const char	*line;
		size_t		 n;
	} rows[] = {
		{ "+24h because", 1 },
		{ "NONE", 1 },
		{ "@1796155200 x", 1 },
		{ "AT 2026-12-01T20:00Z the feast", 2 },
		{ "2026-12-01T20:00+02:00", 1 },
		{ "2026-12-01T20:00 Europe/Paris for the feast", 2 },
		{ "AT 2026-12-01 20:00 Europe/Paris x", 4 },
		{ "2026-12-01 20:00Z", 2 },
		{ "2026-12-01T20:00 for the feast", 1 },
		{ "the storm passed", 0 },
		{ "", 0 },
	};
	char	*copy, *w[16];
	size_t	 i, n;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		copy = xstrdup(rows[i].line);
		n = str_split_words(copy, w, 16);
		assert_int_equal(play_clock_spec_words(w, n), rows[i].n);
		free(copy);
	}
}

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

const struct CMUnitTest mailproc_clock_tests[] = {
	T(test_pause_resume_extend),
	T(test_resume_at),
	T(test_timezone),
	T(test_notices_from_navarch),
	T(test_reports_from_navarch),
	T(test_rollback_replaces),
	T(test_endgame),
	cmocka_unit_test(test_spec_words),
};
const size_t mailproc_clock_ntests =
    sizeof mailproc_clock_tests / sizeof mailproc_clock_tests[0];
