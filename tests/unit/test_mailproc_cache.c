/* test_mailproc_cache.c: what a cycle's mails share (mailproc-cache.c):
 * the game's ruleset and state read once, read again when a mail of the
 * cycle changed the state, and each mail working on its own copy. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mailproc-int.h"
#include "mailproc_fixture.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

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

/* The name the state of game demo gives nike, as a mail is handed it. */
static char *
nike_name(struct mpfx *f, void *rs_seen)
{
	struct play_game	 g;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL, *name;
	int			 t = 0, i;

	assert_int_equal(mp_cache_game(&f->mp, "demo", &g, &t, &d, &cause),
	    PLAY_OK);
	assert_int_equal(t, 1);
	if (rs_seen != NULL)
		assert_ptr_equal(g.rs, rs_seen);
	assert_true((i = state_ship_index(g.st, "nike")) >= 0);
	name = xstrdup(g.st->ships[i].name);
	mp_game_release(&g);
	diag_free(&d);
	return name;
}

/* A state rewritten behind the cache's back (navarch's correction of the
 * open turn while the daemon runs: same game, same turn) is seen by the
 * next mail, whether the text grew or kept its length to the byte; and
 * after the cache let go of its state (a mail about to play the turn) the
 * next mail has it again, parsed with the ruleset it lent before (the
 * data directory is gone). */
static void
test_cache_behind_back(void **state)
{
	static const struct {
		const char	*from, *to;	/* in the state's text; NULL:
						   not rewritten */
		int		 let_go;	/* mp_cache_let_go first */
		const char	*name;		/* nike's, as the mail sees */
	} t[] = {
		{ "name=\"Nike\"", "name=\"Nika\"", 0, "Nika" }, /* length */
		{ "name=\"Nika\"", "name=\"Nike II\"", 0, "Nike II" },
		{ NULL, NULL, 1, "Nike II" },
		{ "name=\"Nike II\"", "name=\"Nike\"", 1, "Nike" },
	};
	struct mpfx		*f = *state;
	const char		*datadir = f->mp.datadir;
	struct play_game	 g;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL, *xml, *at, *next, *name;
	int			 turn = 0;
	size_t			 i;

	assert_int_equal(mp_cache_game(&f->mp, "demo", &g, &turn, &d,
	    &cause), PLAY_OK);
	f->mp.datadir = GONE;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (t[i].let_go)
			mp_cache_let_go(&f->mp, "demo");
		if (t[i].from != NULL) {
			assert_int_equal(store_state_get(f->s, "demo", -1,
			    &xml, NULL, &cause), STORE_OK);
			assert_non_null(at = strstr(xml, t[i].from));
			next = xasprintf("%.*s%s%s", (int)(at - xml), xml,
			    t[i].to, at + strlen(t[i].from));
			assert_int_equal(store_state_set(f->s, "demo", 1, next,
			    &cause), STORE_OK);
			free(xml);
			free(next);
		}
		name = nike_name(f, g.rs);
		assert_string_equal(name, t[i].name);
		free(name);
	}
	f->mp.datadir = datadir;
	mp_game_release(&g);
	diag_free(&d);
}

const struct CMUnitTest	mailproc_cache_tests[] = {
	cmocka_unit_test_setup_teardown(test_cache_state_seen, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_cache_copy, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_cache_behind_back, mpfx_setup,
	    mpfx_teardown),
};
const size_t	mailproc_cache_ntests = sizeof mailproc_cache_tests /
    sizeof mailproc_cache_tests[0];
