/* test_store_squadron.c: migration 8 (issue 14): who commands a
 * squadron, changes of command that wait for a later turn (one replacing
 * another, applied at their turn and not before, dropped for a removed
 * player), and a removed player's squadrons freed; migration 13: a
 * squadron's standing order that waits. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

struct text {
	char	t[512];
};

static void
add(struct text *b, const char *s)
{
	size_t	len = strlen(b->t);

	snprintf(b->t + len, sizeof b->t - len, "%s%s", len > 0 ? " " : "",
	    s);
}

static int
sq_cb(const char *squadron, const char *player, void *arg)
{
	char	one[80];

	snprintf(one, sizeof one, "%s=%s", squadron, player);
	add(arg, one);
	return 0;
}

static int
pending_cb(const struct store_assignment *a, void *arg)
{
	char	one[120];

	snprintf(one, sizeof one, "%d:%s:%s=%s:%s", a->turn,
	    store_assign_kind_name(a->kind), a->what, a->player, a->actor);
	add(arg, one);
	return 0;
}

static void
squadrons(struct store *s, const char *want)
{
	struct text	b = { "" };
	char		*cause = NULL;

	expect_code(store_squadron_list(s, "g1", sq_cb, &b, &cause),
	    STORE_OK, &cause);
	assert_string_equal(b.t, want);
}

static void
pending(struct store *s, const char *want)
{
	struct text	b = { "" };
	char		*cause = NULL;

	expect_code(store_assign_pending(s, "g1", pending_cb, &b, &cause),
	    STORE_OK, &cause);
	assert_string_equal(b.t, want);
}

static void
ship_of(struct store *s, const char *ship, const char *want)
{
	char	*sql, *got;

	sql = xasprintf("SELECT player FROM player_ships WHERE game = 'g1'"
	    " AND ship = '%s'", ship);
	got = sql_text(s, sql);
	if (want == NULL)
		assert_null(got);
	else
		assert_string_equal(got != NULL ? got : "(none)", want);
	free(got);
	free(sql);
}

static void
setup_players(struct store *s)
{
	char	*cause = NULL;

	make_game(s, "g1");
	make_players(s, "g1");
	expect_code(store_player_add(s, "g1", "athens", "cimon",
	    "c@example.org", "$y$hash-c", 0, &cause), STORE_OK, &cause);
	expect_code(store_player_add(s, "g1", "athens", "nicias",
	    "n@example.org", "$y$hash-n", 0, &cause), STORE_OK, &cause);
}

static void
test_squadron_commands(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL;

	setup_players(f->s);
	squadrons(f->s, "");
	expect_code(store_squadron_assign(f->s, "g1", "right", "cimon",
	    &cause), STORE_OK, &cause);
	expect_code(store_squadron_assign(f->s, "g1", "left", "nicias",
	    &cause), STORE_OK, &cause);
	squadrons(f->s, "left=nicias right=cimon");
	/* One player a squadron: a second assignment moves it. */
	expect_code(store_squadron_assign(f->s, "g1", "left", "cimon",
	    &cause), STORE_OK, &cause);
	squadrons(f->s, "left=cimon right=cimon");
	/* Refused: an unknown player, a bad id, an unknown game. */
	expect_code(store_squadron_assign(f->s, "g1", "left", "pericles",
	    &cause), STORE_NOTFOUND, &cause);
	expect_code(store_squadron_assign(f->s, "g1", "Left Wing", "cimon",
	    &cause), STORE_ERROR, &cause);
	expect_code(store_squadron_list(f->s, "nogame", sq_cb, NULL,
	    &cause), STORE_NOTFOUND, &cause);
	/* A removed player's squadrons have no player any more. */
	expect_code(store_player_remove(f->s, "g1", "cimon", &cause),
	    STORE_OK, &cause);
	squadrons(f->s, "");
	expect_code(store_squadron_assign(f->s, "g1", "left", "cimon",
	    &cause), STORE_NOTFOUND, &cause);
}

static void
test_assign_later(void **state)
{
	struct fx		*f = *state;
	struct store_assignment	 a = { .turn = 3, .kind = STORE_ASSIGN_SHIP,
	    .what = "a1", .player = "cimon", .actor = "mail:athens",
	    .created = 2000 };
	const char		*ships[] = { "a1", "a2" };
	char			*cause = NULL;

	setup_players(f->s);
	expect_code(store_player_assign_ships(f->s, "g1", "nicias", ships, 2,
	    &cause), STORE_OK, &cause);
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_OK,
	    &cause);
	a.kind = STORE_ASSIGN_SQUADRON;
	a.what = "left";
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_OK,
	    &cause);
	a.kind = STORE_ASSIGN_SHIP;
	a.what = "a2";
	a.turn = 4;
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_OK,
	    &cause);
	pending(f->s, "3:ship:a1=cimon:mail:athens "
	    "3:squadron:left=cimon:mail:athens 4:ship:a2=cimon:mail:athens");
	/* A later change of the same ship replaces the pending one. */
	a.what = "a1";
	a.player = "athens";
	a.actor = "cli:gm";
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_OK,
	    &cause);
	pending(f->s, "3:squadron:left=cimon:mail:athens "
	    "4:ship:a1=athens:cli:gm 4:ship:a2=cimon:mail:athens");
	/* Refused: no such player, a bad kind or turn. */
	a.player = "pericles";
	expect_code(store_assign_later(f->s, "g1", &a, &cause),
	    STORE_NOTFOUND, &cause);
	a.player = "cimon";
	a.turn = 0;
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_ERROR,
	    &cause);
	/* Nothing due before turn 3; at 3 the squadron, at 4 the ships. */
	expect_code(store_assign_due(f->s, "g1", 2, &cause), STORE_OK,
	    &cause);
	ship_of(f->s, "a1", "nicias");
	squadrons(f->s, "");
	expect_code(store_assign_due(f->s, "g1", 3, &cause), STORE_OK,
	    &cause);
	squadrons(f->s, "left=cimon");
	ship_of(f->s, "a1", "nicias");
	pending(f->s, "4:ship:a1=athens:cli:gm 4:ship:a2=cimon:mail:athens");
	expect_code(store_assign_due(f->s, "g1", 4, &cause), STORE_OK,
	    &cause);
	ship_of(f->s, "a1", "athens");
	ship_of(f->s, "a2", "cimon");
	pending(f->s, "");
}

static void
test_assign_removed(void **state)
{
	struct fx		*f = *state;
	struct store_assignment	 a = { .turn = 2, .kind = STORE_ASSIGN_SHIP,
	    .what = "a1", .player = "cimon", .actor = "cli:gm",
	    .created = 2000 };
	char			*cause = NULL;

	setup_players(f->s);
	expect_code(store_assign_later(f->s, "g1", &a, &cause), STORE_OK,
	    &cause);
	/* Removed before it takes effect: it is forgotten. */
	expect_code(store_player_remove(f->s, "g1", "cimon", &cause),
	    STORE_OK, &cause);
	pending(f->s, "");
	expect_code(store_assign_due(f->s, "g1", 2, &cause), STORE_OK,
	    &cause);
	ship_of(f->s, "a1", NULL);
}

static int
standing_cb(const struct store_standing *o, void *arg)
{
	char	one[160];

	snprintf(one, sizeof one, "%d:%s=%s:%s", o->turn, o->squadron,
	    o->standing, o->actor);
	add(arg, one);
	return 0;
}

static void
standing_pending(struct store *s, const char *want)
{
	struct text	b = { "" };
	char		*cause = NULL;

	expect_code(store_standing_pending(s, "g1", standing_cb, &b, &cause),
	    STORE_OK, &cause);
	assert_string_equal(b.t, want);
}

/* Migration 13: a squadron's standing order waiting for a later turn,
 * one a squadron (a later one replaces), forgotten once due. */
static void
test_standing_later(void **state)
{
	struct fx		*f = *state;
	struct store_standing	 o = { .turn = 2, .squadron = "left",
	    .standing = "SPEED 2", .actor = "mail:athens", .created = 2000 };
	char			*cause = NULL;

	setup_players(f->s);
	expect_code(store_standing_later(f->s, "g1", &o, &cause), STORE_OK,
	    &cause);
	o.squadron = "right";
	o.standing = "";
	o.turn = 3;
	expect_code(store_standing_later(f->s, "g1", &o, &cause), STORE_OK,
	    &cause);
	standing_pending(f->s, "2:left=SPEED 2:mail:athens "
	    "3:right=:mail:athens");
	/* A later one for the same squadron replaces it. */
	o.squadron = "left";
	o.standing = "SPEED 1 MOVE F";
	o.actor = "cli:gm";
	expect_code(store_standing_later(f->s, "g1", &o, &cause), STORE_OK,
	    &cause);
	standing_pending(f->s, "3:left=SPEED 1 MOVE F:cli:gm "
	    "3:right=:mail:athens");
	/* Refused: a bad squadron id, no turn, no words. */
	o.squadron = "Left Wing";
	expect_code(store_standing_later(f->s, "g1", &o, &cause),
	    STORE_ERROR, &cause);
	o.squadron = "left";
	o.turn = 0;
	expect_code(store_standing_later(f->s, "g1", &o, &cause),
	    STORE_ERROR, &cause);
	o.turn = 3;
	o.standing = NULL;
	expect_code(store_standing_later(f->s, "g1", &o, &cause),
	    STORE_ERROR, &cause);
	/* Those due at the start of a turn are forgotten, not the later. */
	expect_code(store_standing_done(f->s, "g1", 2, &cause), STORE_OK,
	    &cause);
	standing_pending(f->s, "3:left=SPEED 1 MOVE F:cli:gm "
	    "3:right=:mail:athens");
	expect_code(store_standing_done(f->s, "g1", 3, &cause), STORE_OK,
	    &cause);
	standing_pending(f->s, "");
	expect_code(store_standing_pending(f->s, "nope", standing_cb, NULL,
	    &cause), STORE_NOTFOUND, &cause);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)

const struct CMUnitTest store_squadron_tests[] = {
	T(test_squadron_commands),
	T(test_assign_later),
	T(test_assign_removed),
	T(test_standing_later),
};
const size_t store_squadron_ntests =
    sizeof store_squadron_tests / sizeof store_squadron_tests[0];
