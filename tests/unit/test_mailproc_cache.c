/* test_mailproc_cache.c: what a cycle's mails share (mailproc-cache.c):
 * the game's ruleset and state read once, read again when a mail of the
 * cycle changed the state, and each mail working on its own copy. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "diag.h"
#include "mailproc-int.h"
#include "mailproc_fixture.h"
#include "state.h"

#define DONE		0
#define REJECTED	1
#define ACCEPTED(to)	{ to, NULL, { "Orders accepted" } }
#define REPORT(to)	{ to, "Turn 1 report", { "NAVARCH -- turn 1 " } }
#define GONE		"/nonexistent/navarch-data"
#define NIKE_T1		"nike: from 0508 "	/* where the scenario puts her */

/* The second mail of a cycle about a game reads neither the ruleset nor
 * the state's file again (the data directory is gone, and it is done);
 * a GM's PROCESS changes the state, and the next mail, with the data
 * directory still gone, sees turn 2: the new state was parsed with the
 * ruleset in hand. */
static void
test_cache_state_seen(void **state)
{
	static const struct step first[] = {
		{ "athens-orders", 60, DONE, { ACCEPTED("a@example.org") },
		  "SELECT count(*) FROM order_sets", "1" },
	};
	static const struct step again[] = {
		{ "athens-partial", 90, DONE, { ACCEPTED("a@example.org") },
		  "SELECT count(*) || '/' || sum(in_force) FROM order_sets",
		  "2/1" },
	};
	static const struct step process[] = {
		{ "gm-process", 120, DONE, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org"), { "gm@example.org", NULL,
		    { "PROCESS: turn 1 is played" } } },
		  "SELECT count(*) FROM states WHERE superseded = 0", "2" },
	};
	static const struct step late[] = {
		/* The first mail's "@@" is 1 again: already done. */
		{ "athens-orders", 170, MAILPROC_DUPLICATE, { { NULL } }, NULL,
		  NULL },
		/* Read on the state of turn 2, where nike is no longer
		 * where she started. */
		{ "athens-partial", 180, DONE, { { "a@example.org", NULL,
		    { "Game demo, turn 2: your mail", "Orders accepted for "
		      "turn 2", "nike: from " }, { "turn 1", NIKE_T1 } } },
		  NULL, NULL },
	};
	struct mpfx	*f = *state;
	const char	*datadir = f->mp.datadir;

	RUN_STEPS(f, first);
	f->mp.datadir = GONE;
	RUN_STEPS(f, again);
	/* The turn's reports read the data files: they are back. */
	f->mp.datadir = datadir;
	RUN_STEPS(f, process);
	f->mp.datadir = GONE;
	RUN_STEPS(f, late);
	f->mp.datadir = datadir;
}

/* Each call hands out a copy of the state, with the cache's ruleset: what
 * a mail does to its copy is not what the next mail gets. */
static void
test_cache_copy(void **state)
{
	struct mpfx		*f = *state;
	struct play_game	 a, b;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL;
	int			 ta = 0, tb = 0, speed;

	assert_int_equal(mp_cache_game(&f->mp, "demo", &a, &ta, &d, &cause),
	    PLAY_OK);
	assert_int_equal(ta, 1);
	assert_true(a.st->nships > 0);
	speed = a.st->ships[0].speed;
	a.st->ships[0].speed = speed + 3;
	assert_int_equal(mp_cache_game(&f->mp, "demo", &b, &tb, &d, &cause),
	    PLAY_OK);
	assert_int_equal(tb, 1);
	assert_ptr_not_equal(a.st, b.st);
	assert_ptr_equal(a.rs, b.rs);
	assert_int_equal(b.st->ships[0].speed, speed);
	mp_game_release(&a);
	mp_game_release(&b);
	assert_null(a.st);
	/* An unknown game is the store's answer, nothing kept. */
	assert_int_not_equal(mp_cache_game(&f->mp, "nosuch", &a, &ta, &d,
	    &cause), PLAY_OK);
	free(cause);
	diag_free(&d);
	/* Freed, and usable again. */
	mailproc_free(&f->mp);
	assert_null(f->mp.cache);
	cause = NULL;
	assert_int_equal(mp_cache_game(&f->mp, "demo", &a, &ta, &d, &cause),
	    PLAY_OK);
	mp_game_release(&a);
	diag_free(&d);
}

const struct CMUnitTest	mailproc_cache_tests[] = {
	cmocka_unit_test_setup_teardown(test_cache_state_seen, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_cache_copy, mpfx_setup,
	    mpfx_teardown),
};
const size_t	mailproc_cache_ntests = sizeof mailproc_cache_tests /
    sizeof mailproc_cache_tests[0];
