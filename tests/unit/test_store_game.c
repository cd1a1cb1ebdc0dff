/* test_store_game.c: games, seeds, sides, observers, players, the
 * schema's own constraints, the audit log and the name tables. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

/* --- games ------------------------------------------------------------- */

struct ids {
	char	ids[8][33];
	int	n;
};

static int
count_games(const struct store_game *g, void *arg)
{
	struct ids	*b = arg;

	if (b->n < 8)
		memcpy(b->ids[b->n], g->id, strlen(g->id) + 1);
	b->n++;
	return 0;
}

static void
test_game_create_get_list(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	struct ids	 seen = { .n = 0 };
	static const char *const one[] = { "red" };
	struct store_game_new n = {
		.id = "a-game", .ruleset = "classic", .scenario = "<x/>",
		.first_turn = 3, .sides = one, .nsides = 1, .now = 77,
		.deadline = 123456,
	};
	char		*cause = NULL, c[65];

	make_game(f->s, "zeta");
	expect_code(store_game_create(f->s, &n, &cause), STORE_OK, &cause);

	expect_code(store_game_get(f->s, "zeta", &g, &cause), STORE_OK,
	    &cause);
	assert_string_equal(g->id, "zeta");
	assert_string_equal(g->settings, "deadline-hours=48");
	assert_int_equal(g->status, STORE_GAME_PLAYING);
	assert_int_equal(g->deadline, 0);
	assert_string_equal(g->gm_address, "gm@example.org");
	assert_null(g->gm_password);
	assert_string_equal(g->seed, "test-seed");
	store_seed_commitment("test-seed", c);
	assert_string_equal(g->seed_commitment, c);
	assert_int_equal(g->seed_revealed, 0);
	assert_int_equal(g->created, 1000);
	assert_int_equal(g->turn, 1);
	store_game_free(g);

	/* No seed given: 64 random hex digits, committed. */
	expect_code(store_game_get(f->s, "a-game", &g, &cause), STORE_OK,
	    &cause);
	assert_int_equal(strlen(g->seed), 64);
	assert_int_equal(strspn(g->seed, "0123456789abcdef"), 64);
	store_seed_commitment(g->seed, c);
	assert_string_equal(g->seed_commitment, c);
	assert_int_equal(g->turn, 3);
	assert_int_equal(g->deadline, 123456);
	assert_string_equal(g->settings, "");
	store_game_free(g);

	expect_code(store_game_list(f->s, count_games, &seen, &cause),
	    STORE_OK, &cause);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.ids[0], "a-game");
	assert_string_equal(seen.ids[1], "zeta");

	expect_code(store_game_get(f->s, "nope", &g, &cause), STORE_NOTFOUND,
	    &cause);
	assert_null(g);
}

/* The scenario's text is read apart from the game: each game's own. */
static void
test_game_scenario(void **state)
{
	static const struct {
		const char	*game;
		enum store_code	 code;
		const char	*text;	/* NULL: none given back */
	} t[] = {
		{ "zeta", STORE_OK, TEST_SCENARIO },
		{ "a-game", STORE_OK, "<x/>" },
		{ "nope", STORE_NOTFOUND, NULL },
		{ "bad id!", STORE_ERROR, NULL },
	};
	static const char *const one[] = { "red" };
	const struct store_game_new n = {
		.id = "a-game", .ruleset = "classic", .scenario = "<x/>",
		.first_turn = 1, .sides = one, .nsides = 1, .now = 77,
	};
	struct fx	*f = *state;
	char		*cause = NULL, *text;
	size_t		 i;

	make_game(f->s, "zeta");
	expect_code(store_game_create(f->s, &n, &cause), STORE_OK, &cause);
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		text = (char *)"untouched";
		expect_code(store_game_scenario(f->s, t[i].game, &text,
		    &cause), t[i].code, &cause);
		if (t[i].text == NULL)
			assert_null(text);
		else
			assert_string_equal(text, t[i].text);
		free(text);
	}
}

static void
test_seed_commitment_vector(void **state)
{
	char	c[65];

	/* FIPS 180-2 test vector. */
	store_seed_commitment("abc", c);
	assert_string_equal(c, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
}

static void
test_game_create_refused(void **state)
{
	static const char *const two[] = { "athens", "sparta" };
	static const char *const dup[] = { "athens", "athens" };
	static const char *const bad[] = { "Athens!" };
	static const struct {
		struct store_game_new	g;
		int			want;
	} cases[] = {
		{ { .id = "g1", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = two, .nsides = 2 },
		  STORE_EXISTS },
		{ { .id = "G 1", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = two, .nsides = 2 },
		  STORE_ERROR },
		{ { .id = "", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = two, .nsides = 2 },
		  STORE_ERROR },
		{ { .id = "g2", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = two, .nsides = 0 },
		  STORE_ERROR },
		{ { .id = "g3", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 0, .sides = two, .nsides = 2 },
		  STORE_ERROR },
		{ { .id = "g4", .ruleset = NULL, .scenario = "<x/>",
		    .first_turn = 1, .sides = two, .nsides = 2 },
		  STORE_ERROR },
		{ { .id = "g5", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = dup, .nsides = 2 },
		  STORE_EXISTS },
		{ { .id = "g6", .ruleset = "classic", .scenario = "<x/>",
		    .first_turn = 1, .sides = bad, .nsides = 1 },
		  STORE_ERROR },
	};
	struct fx	*f = *state;
	char		*cause = NULL;
	size_t		 i;

	make_game(f->s, "g1");
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		expect_code(store_game_create(f->s, &cases[i].g, &cause),
		    cases[i].want, &cause);
	/* Each refused create left nothing behind. */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM games"), 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM sides"), 2);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM states"), 1);
}

static void
test_game_setters(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	char		*cause = NULL;
	int		 i;

	make_game(f->s, "g1");
	for (i = 0; i < STORE_GAME_STATUS_COUNT; i++) {
		expect_code(store_game_set_status(f->s, "g1", i, &cause),
		    STORE_OK, &cause);
		expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK,
		    &cause);
		assert_int_equal(g->status, i);
		store_game_free(g);
	}
	expect_code(store_game_set_status(f->s, "g1", STORE_GAME_STATUS_COUNT,
	    &cause), STORE_ERROR, &cause);
	expect_code(store_game_set_deadline(f->s, "g1", 99, &cause), STORE_OK,
	    &cause);
	expect_code(store_game_set_settings(f->s, "g1", "a=b", &cause),
	    STORE_OK, &cause);
	expect_code(store_game_set_gm(f->s, "g1", "new@example.org", "$y$h",
	    &cause), STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->deadline, 99);
	assert_string_equal(g->settings, "a=b");
	assert_string_equal(g->gm_address, "new@example.org");
	assert_string_equal(g->gm_password, "$y$h");
	store_game_free(g);
	expect_code(store_game_set_deadline(f->s, "g1", 0, &cause), STORE_OK,
	    &cause);
	assert_int_equal(sql_int(f->s, "SELECT deadline IS NULL FROM games"),
	    1);

	expect_code(store_game_set_status(f->s, "nope", STORE_GAME_ENDED,
	    &cause), STORE_NOTFOUND, &cause);
	expect_code(store_game_set_deadline(f->s, "nope", 1, &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_game_set_settings(f->s, "nope", "", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_game_set_gm(f->s, "nope", NULL, NULL, &cause),
	    STORE_NOTFOUND, &cause);
}

static int
collect_audit(const struct store_audit *a, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%s|%s|%s|%s|%lld\n", old != NULL ? old : "",
	    a->game != NULL ? a->game : "-", a->actor, a->action, a->details,
	    (long long)a->time);
	free(old);
	return 0;
}

static void
test_seed_reveal(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	char		*cause = NULL, *log = NULL;

	make_game(f->s, "g1");
	expect_code(store_seed_reveal(f->s, "g1", "gm", 2000, &cause),
	    STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->seed_revealed, 1);
	store_game_free(g);
	expect_code(store_seed_reveal(f->s, "g1", "gm", 2001, &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_seed_reveal(f->s, "nope", "gm", 2001, &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_audit_list(f->s, "g1", collect_audit, &log, &cause),
	    STORE_OK, &cause);
	assert_string_equal(log, "g1|gm|seed-reveal||2000\n");
	free(log);
}

/* --- sides and observers ----------------------------------------------- */

static int
collect_text(const char *t, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%s,", old != NULL ? old : "", t);
	free(old);
	return 0;
}

static int
stop_at_first(const char *t, void *arg)
{
	(*(int *)arg)++;
	return 1;
}

static void
test_sides_observers(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, *list = NULL;
	int		 n = 0;

	make_game(f->s, "g1");
	expect_code(store_side_add(f->s, "g1", "corinth", &cause), STORE_OK,
	    &cause);
	expect_code(store_side_add(f->s, "g1", "corinth", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_side_add(f->s, "nope", "corinth", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_side_add(f->s, "g1", "Bad Side", &cause),
	    STORE_ERROR, &cause);
	expect_code(store_side_list(f->s, "g1", collect_text, &list, &cause),
	    STORE_OK, &cause);
	assert_string_equal(list, "athens,corinth,sparta,");
	free(list);
	list = NULL;
	expect_code(store_side_list(f->s, "g1", stop_at_first, &n, &cause),
	    STORE_OK, &cause);
	assert_int_equal(n, 1);

	expect_code(store_observer_add(f->s, "g1", "z@example.org", &cause),
	    STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "b@example.org", &cause),
	    STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "b@example.org", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_observer_add(f->s, "g1", "", &cause), STORE_ERROR,
	    &cause);
	expect_code(store_observer_add(f->s, "nope", "b@example.org", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_observer_list(f->s, "g1", collect_text, &list,
	    &cause), STORE_OK, &cause);
	assert_string_equal(list, "b@example.org,z@example.org,");
	free(list);
	list = NULL;
	expect_code(store_observer_remove(f->s, "g1", "z@example.org",
	    &cause), STORE_OK, &cause);
	expect_code(store_observer_remove(f->s, "g1", "z@example.org",
	    &cause), STORE_NOTFOUND, &cause);
	expect_code(store_observer_list(f->s, "g1", collect_text, &list,
	    &cause), STORE_OK, &cause);
	assert_string_equal(list, "b@example.org,");
	free(list);
}

/* --- players ----------------------------------------------------------- */

static int
collect_players(const struct store_player *p, void *arg)
{
	char	**out = arg;
	char	 *old = *out;
	size_t	  i;

	*out = xasprintf("%s%s/%s%s:", old != NULL ? old : "", p->side, p->id,
	    p->removed ? "(removed)" : "");
	free(old);
	for (i = 0; i < p->nships; i++) {
		old = *out;
		*out = xasprintf("%s%s,", old, p->ships[i]);
		free(old);
	}
	old = *out;
	*out = xasprintf("%s ", old);
	free(old);
	return 0;
}

static void
test_players(void **state)
{
	static const char *const a_ships[] = { "olympias", "argo", "paralos" };
	static const char *const b_ships[] = { "argo" };
	static const char *const bad_ship[] = { "Argo II" };
	struct fx		*f = *state;
	struct store_player	*p = NULL;
	char			*cause = NULL, *list = NULL;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	expect_code(store_player_add(f->s, "g1", "athens", "athens-2",
	    "a2@example.org", "$y$h2", 0, &cause), STORE_OK, &cause);

	/* Refusals. */
	expect_code(store_player_add(f->s, "g1", "athens", NULL,
	    "x@example.org", "$y$h", 0, &cause), STORE_EXISTS, &cause);
	expect_code(store_player_add(f->s, "g1", "corinth", NULL,
	    "x@example.org", "$y$h", 0, &cause), STORE_NOTFOUND, &cause);
	expect_code(store_player_add(f->s, "nope", "athens", NULL,
	    "x@example.org", "$y$h", 0, &cause), STORE_NOTFOUND, &cause);
	expect_code(store_player_add(f->s, "g1", "athens", "x", "", "$y$h", 0,
	    &cause), STORE_ERROR, &cause);
	expect_code(store_player_add(f->s, "g1", "athens", "x",
	    "x@example.org", NULL, 0, &cause), STORE_ERROR, &cause);
	expect_code(store_player_add(f->s, "g1", "athens", "Bad Id",
	    "x@example.org", "$y$h", 0, &cause), STORE_ERROR, &cause);

	/* Ships: assignment moves a ship between players. */
	expect_code(store_player_assign_ships(f->s, "g1", "athens", a_ships,
	    3, &cause), STORE_OK, &cause);
	expect_code(store_player_assign_ships(f->s, "g1", "athens-2", b_ships,
	    1, &cause), STORE_OK, &cause);
	expect_code(store_player_assign_ships(f->s, "g1", "athens", bad_ship,
	    1, &cause), STORE_ERROR, &cause);
	expect_code(store_player_assign_ships(f->s, "g1", "nobody", b_ships,
	    1, &cause), STORE_NOTFOUND, &cause);
	expect_code(store_player_list(f->s, "g1", collect_players, &list,
	    &cause), STORE_OK, &cause);
	assert_string_equal(list, "athens/athens:olympias,paralos, "
	    "athens/athens-2:argo, sparta/sparta: ");
	free(list);
	list = NULL;

	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->address, "a@example.org");
	assert_string_equal(p->password, "$y$hash-a");
	assert_int_equal(p->admiral, 1);
	assert_int_equal(p->nships, 2);
	store_player_free(p);

	/* Address and bounces. */
	expect_code(store_player_bounce(f->s, "g1", "athens", &cause),
	    STORE_OK, &cause);
	expect_code(store_player_bounce(f->s, "g1", "athens", &cause),
	    STORE_OK, &cause);
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_int_equal(p->bounces, 2);
	store_player_free(p);
	expect_code(store_player_set_address(f->s, "g1", "athens",
	    "a-new@example.org", &cause), STORE_OK, &cause);
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->address, "a-new@example.org");
	assert_int_equal(p->bounces, 0);
	store_player_free(p);
	expect_code(store_player_set_address(f->s, "g1", "nobody",
	    "a@example.org", &cause), STORE_NOTFOUND, &cause);

	/* A new password keeps the counts. */
	expect_code(store_player_bounce(f->s, "g1", "athens", &cause),
	    STORE_OK, &cause);
	expect_code(store_player_set_password(f->s, "g1", "athens",
	    "$y$new", &cause), STORE_OK, &cause);
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->password, "$y$new");
	assert_int_equal(p->bounces, 1);
	store_player_free(p);
	expect_code(store_player_set_password(f->s, "g1", "athens", "",
	    &cause), STORE_ERROR, &cause);
	expect_code(store_player_set_password(f->s, "g1", "nobody", "$y$x",
	    &cause), STORE_NOTFOUND, &cause);

	/* Remove keeps the row, frees the ships; replace brings it back. */
	expect_code(store_player_remove(f->s, "g1", "athens", &cause),
	    STORE_OK, &cause);
	expect_code(store_player_remove(f->s, "g1", "athens", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_player_assign_ships(f->s, "g1", "athens", a_ships,
	    1, &cause), STORE_NOTFOUND, &cause);
	expect_code(store_player_list(f->s, "g1", collect_players, &list,
	    &cause), STORE_OK, &cause);
	assert_string_equal(list, "athens/athens(removed): "
	    "athens/athens-2:argo, sparta/sparta: ");
	free(list);
	list = NULL;
	expect_code(store_player_replace(f->s, "g1", "athens",
	    "heir@example.org", "$y$heir", &cause), STORE_OK, &cause);
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_int_equal(p->removed, 0);
	assert_int_equal(p->admiral, 0);
	assert_string_equal(p->address, "heir@example.org");
	assert_string_equal(p->password, "$y$heir");
	store_player_free(p);
	expect_code(store_player_replace(f->s, "g1", "nobody",
	    "heir@example.org", "$y$heir", &cause), STORE_NOTFOUND, &cause);
	expect_code(store_player_get(f->s, "g1", "nobody", &p, &cause),
	    STORE_NOTFOUND, &cause);
	assert_null(p);
	expect_code(store_player_list(f->s, "nope", collect_players, &list,
	    &cause), STORE_NOTFOUND, &cause);
}

/* --- constraints in the schema itself ---------------------------------- */

/* Writes that bypass the API must still be refused by the schema: each
 * statement breaks one invariant. */
static void
test_schema_constraints(void **state)
{
	static const char *const bad[] = {
		/* two live states for one turn */
		"INSERT INTO states (game, turn, xml, created)"
		" VALUES ('g1', 1, '<x/>', 1)",
		/* a player on a side that does not exist */
		"INSERT INTO players (game, id, side, address, password)"
		" VALUES ('g1', 'p', 'corinth', 'a', 'h')",
		/* a ship for a player that does not exist */
		"INSERT INTO player_ships VALUES ('g1', 'argo', 'nobody')",
		/* a status not in the table */
		"UPDATE games SET status = 'lost'",
		/* a commitment that is not 64 hex digits */
		"UPDATE games SET seed_commitment = 'abc'",
		/* a CLI order set with a Message-ID */
		"INSERT INTO order_sets (game, turn, player, source,"
		" message_id, received, text, normalised)"
		" VALUES ('g1', 1, 'athens', 'cli', '<m>', 1, '', '')",
		/* a second in-force set for one player and turn */
		"INSERT INTO order_sets (game, turn, player, source,"
		" received, text, normalised)"
		" VALUES ('g1', 1, 'athens', 'cli', 1, '', '')",
		/* a roll outside its die */
		"INSERT INTO rolls (state, game, turn, seq, phase, label,"
		" purpose, sides, result) VALUES (1, 'g1', 1, 1, 0, 'l', 'p',"
		" 6, 7)",
		/* an event of a state that does not exist */
		"INSERT INTO events (state, game, turn, seq, phase, kind,"
		" text) VALUES (999, 'g1', 1, 1, 0, 'k', 't')",
		/* an audit entry of a game that does not exist */
		"INSERT INTO audit (game, time, actor, action)"
		" VALUES ('nope', 1, 'gm', 'x')",
		/* a game deleted under its sides */
		"DELETE FROM games WHERE id = 'g1'",
		/* an outbox Message-ID twice */
		"INSERT INTO outbox (message_id, recipient, subject, body,"
		" next_attempt, created) VALUES ('<o>', 'r', 's', 'b', 1, 1);"
		"INSERT INTO outbox (message_id, recipient, subject, body,"
		" next_attempt, created) VALUES ('<o>', 'r', 's', 'b', 1, 1)",
	};
	struct fx	*f = *state;
	sqlite3		*db;
	size_t		 i;
	int		 rc;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	assert_int_equal(sqlite3_exec(store_db(f->s), "INSERT INTO order_sets"
	    " (game, turn, player, source, received, text, normalised)"
	    " VALUES ('g1', 1, 'athens', 'cli', 1, '', '')", NULL, NULL,
	    NULL), SQLITE_OK);
	db = store_db(f->s);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rc = sqlite3_exec(db, "SAVEPOINT t", NULL, NULL, NULL);
		assert_int_equal(rc, SQLITE_OK);
		rc = sqlite3_exec(db, bad[i], NULL, NULL, NULL);
		if ((rc & 0xff) != SQLITE_CONSTRAINT)
			fail_msg("case %zu not refused (%d): %s", i, rc,
			    bad[i]);
		sqlite3_exec(db, "ROLLBACK TO t; RELEASE t", NULL, NULL, NULL);
	}
}

/* --- audit ------------------------------------------------------------- */

static void
test_audit(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, *log = NULL;

	make_game(f->s, "g1");
	make_game(f->s, "g2");
	expect_code(store_audit_add(f->s, "g1", 10, "gm", "pause", "storm",
	    &cause), STORE_OK, &cause);
	expect_code(store_audit_add(f->s, "g2", 11, "gm", "resume", NULL,
	    &cause), STORE_OK, &cause);
	expect_code(store_audit_add(f->s, NULL, 12, "root", "backup",
	    "/var/backups/nv.db", &cause), STORE_OK, &cause);
	expect_code(store_audit_add(f->s, "nope", 12, "gm", "x", NULL,
	    &cause), STORE_NOTFOUND, &cause);
	expect_code(store_audit_add(f->s, "g1", 12, "", "x", NULL, &cause),
	    STORE_ERROR, &cause);
	expect_code(store_audit_add(f->s, "g1", 12, "gm", NULL, NULL, &cause),
	    STORE_ERROR, &cause);

	expect_code(store_audit_list(f->s, "g1", collect_audit, &log, &cause),
	    STORE_OK, &cause);
	assert_string_equal(log, "g1|gm|pause|storm|10\n");
	free(log);
	log = NULL;
	expect_code(store_audit_list(f->s, NULL, collect_audit, &log, &cause),
	    STORE_OK, &cause);
	assert_string_equal(log, "g1|gm|pause|storm|10\n"
	    "g2|gm|resume||11\n" "-|root|backup|/var/backups/nv.db|12\n");
	free(log);
}

/* --- names ------------------------------------------------------------- */

static void
test_names(void **state)
{
	static const struct {
		const char	*name;
		int		 ok;
	} sources[] = { { "cli", 1 }, { "mail", 1 }, { "MAIL", 0 },
	    { "", 0 } };
	enum store_game_status	gs;
	enum store_source	src;
	enum store_outbox_status os;
	size_t			i;
	int			v;

	for (v = 0; v < STORE_GAME_STATUS_COUNT; v++) {
		assert_int_equal(store_game_status_parse(
		    store_game_status_name(v), &gs), 0);
		assert_int_equal(gs, v);
	}
	for (v = 0; v < STORE_OUTBOX_STATUS_COUNT; v++) {
		assert_int_equal(store_outbox_status_parse(
		    store_outbox_status_name(v), &os), 0);
		assert_int_equal(os, v);
	}
	for (i = 0; i < sizeof sources / sizeof sources[0]; i++)
		assert_int_equal(store_source_parse(sources[i].name, &src) ==
		    0, sources[i].ok);
	assert_int_equal(store_game_status_parse("lost", &gs), -1);
	assert_string_equal(store_code_name(STORE_BUSY), "busy");
	assert_string_equal(store_code_name(99), "unknown");
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)

const struct CMUnitTest store_game_tests[] = {
	T(test_game_create_get_list),
	T(test_game_scenario),
	cmocka_unit_test(test_seed_commitment_vector),
	T(test_game_create_refused),
	T(test_game_setters),
	T(test_seed_reveal),
	T(test_sides_observers),
	T(test_players),
	T(test_schema_constraints),
	T(test_audit),
	cmocka_unit_test(test_names),
};
const size_t store_game_ntests =
    sizeof store_game_tests / sizeof store_game_tests[0];
