/* test_store.c: the store: opening, migrations, transactions, busy
 * handling, backup, games, sides, observers, players, constraints, audit.
 * Turns and orders are in test_store_turn.c, mail in test_store_mail.c;
 * main() here runs all three. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

/* --- fixtures ---------------------------------------------------------- */

char *
fx_file(const struct fx *f, const char *name)
{
	return xasprintf("%s/%s", f->dir, name);
}

static struct fx *
fx_new(void)
{
	struct fx	*f;
	const char	*tmp = getenv("TMPDIR");

	f = xcalloc(1, sizeof *f);
	f->dir = xasprintf("%s/nvstore-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	assert_non_null(mkdtemp(f->dir));
	f->path = fx_file(f, "nv.db");
	return f;
}

int
fx_setup_closed(void **state)
{
	*state = fx_new();
	return 0;
}

int
fx_setup(void **state)
{
	struct fx	*f = fx_new();
	char		*cause = NULL;

	expect_code(store_open(f->path, 1000, &f->s, &cause), STORE_OK,
	    &cause);
	*state = f;
	return 0;
}

int
fx_teardown(void **state)
{
	struct fx	*f = *state;
	struct dirent	*de;
	DIR		*d;
	char		*p;

	store_close(f->s);
	if ((d = opendir(f->dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			p = fx_file(f, de->d_name);
			unlink(p);
			free(p);
		}
		closedir(d);
	}
	rmdir(f->dir);
	free(f->dir);
	free(f->path);
	free(f);
	return 0;
}

void
expect_code(int code, int want, char **cause)
{
	if (code != want)
		fail_msg("store returned '%s', expected '%s': %s",
		    store_code_name(code), store_code_name(want),
		    *cause != NULL ? *cause : "(no cause)");
	if (want != STORE_OK) {
		assert_non_null(*cause);
		assert_true(strlen(*cause) > 0);
	}
	free(*cause);
	*cause = NULL;
}

void
make_game(struct store *s, const char *id)
{
	static const char *const sides[] = { "athens", "sparta" };
	struct store_game_new	 g = {
		.id = id, .ruleset = "classic", .scenario = TEST_SCENARIO,
		.first_turn = 1, .settings = "deadline-hours=48",
		.gm_address = "gm@example.org", .seed = "test-seed",
		.sides = sides, .nsides = 2, .now = 1000,
	};
	char			*cause = NULL;

	expect_code(store_game_create(s, &g, &cause), STORE_OK, &cause);
}

void
make_players(struct store *s, const char *game)
{
	char	*cause = NULL;

	expect_code(store_player_add(s, game, "athens", NULL,
	    "a@example.org", "$y$hash-a", 1, &cause), STORE_OK, &cause);
	expect_code(store_player_add(s, game, "sparta", NULL,
	    "s@example.org", "$y$hash-s", 1, &cause), STORE_OK, &cause);
}

int64_t
sql_int(struct store *s, const char *sql)
{
	sqlite3_stmt	*st;
	int64_t		 v = 0;

	assert_int_equal(sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL),
	    SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

char *
sql_text(struct store *s, const char *sql)
{
	sqlite3_stmt	*st;
	char		*v = NULL;

	assert_int_equal(sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL),
	    SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_text(st, 0) != NULL)
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return v;
}

/* Runs sql on a raw connection to path; asserts success. */
static void
raw_exec(const char *path, const char *sql)
{
	sqlite3	*db;
	char	*err = NULL;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", sql, err);
	sqlite3_close(db);
}

/* The first column of the first row of sql on a raw connection to path
 * (owned by the caller). */
static char *
raw_text(const char *path, const char *sql)
{
	sqlite3		*db;
	sqlite3_stmt	*st;
	char		*v;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL),
	    SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* --- opening and migrations ------------------------------------------- */

/* Migration 1 exactly as it shipped.  A migration that has shipped must
 * never change: test_migration1_frozen fails if store_migrations[0] does,
 * and test_upgrade_from_v1 builds an old database from this copy. */
static const char frozen_m1[] =
"CREATE TABLE games (\n"
"  id TEXT PRIMARY KEY NOT NULL,\n"
"  ruleset TEXT NOT NULL,\n"
"  scenario TEXT NOT NULL,\n"
"  settings TEXT NOT NULL DEFAULT '',\n"
"  status TEXT NOT NULL DEFAULT 'playing'\n"
"    CHECK (status IN ('playing', 'paused', 'ended')),\n"
"  deadline INTEGER,\n"
"  gm_address TEXT,\n"
"  gm_password TEXT,\n"
"  seed TEXT NOT NULL,\n"
"  seed_commitment TEXT NOT NULL CHECK (length(seed_commitment) = 64),\n"
"  seed_revealed INTEGER NOT NULL DEFAULT 0 CHECK (seed_revealed IN (0, 1)),\n"
"  created INTEGER NOT NULL\n"
");\n"
"CREATE TABLE sides (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  id TEXT NOT NULL,\n"
"  PRIMARY KEY (game, id)\n"
");\n"
"CREATE TABLE players (\n"
"  game TEXT NOT NULL,\n"
"  id TEXT NOT NULL,\n"
"  side TEXT NOT NULL,\n"
"  address TEXT NOT NULL,\n"
"  password TEXT NOT NULL,\n"
"  admiral INTEGER NOT NULL DEFAULT 0 CHECK (admiral IN (0, 1)),\n"
"  missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0),\n"
"  removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),\n"
"  PRIMARY KEY (game, id),\n"
"  FOREIGN KEY (game, side) REFERENCES sides(game, id)\n"
");\n"
"CREATE TABLE player_ships (\n"
"  game TEXT NOT NULL,\n"
"  ship TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  PRIMARY KEY (game, ship),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n"
"CREATE INDEX player_ships_player ON player_ships(game, player);\n"
"CREATE TABLE observers (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  address TEXT NOT NULL,\n"
"  PRIMARY KEY (game, address)\n"
");\n"
"CREATE TABLE states (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  xml TEXT NOT NULL,\n"
"  created INTEGER NOT NULL,\n"
"  adjudicated INTEGER,\n"
"  superseded INTEGER NOT NULL DEFAULT 0 CHECK (superseded IN (0, 1))\n"
");\n"
"CREATE UNIQUE INDEX states_live ON states(game, turn) WHERE superseded = 0;\n"
"CREATE TABLE order_sets (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL,\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  player TEXT NOT NULL,\n"
"  source TEXT NOT NULL CHECK (source IN ('cli', 'mail')),\n"
"  message_id TEXT,\n"
"  sender TEXT,\n"
"  received INTEGER NOT NULL,\n"
"  text TEXT NOT NULL,\n"
"  normalised TEXT NOT NULL,\n"
"  in_force INTEGER NOT NULL DEFAULT 1 CHECK (in_force IN (0, 1)),\n"
"  rolled_back INTEGER NOT NULL DEFAULT 0 CHECK (rolled_back IN (0, 1)),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id),\n"
"  CHECK (source = 'mail' OR message_id IS NULL)\n"
");\n"
"CREATE UNIQUE INDEX order_sets_message ON order_sets(message_id)\n"
"  WHERE message_id IS NOT NULL;\n"
"CREATE UNIQUE INDEX order_sets_in_force ON order_sets(game, turn, player)\n"
"  WHERE in_force = 1;\n"
"CREATE TABLE turn_orders (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  order_set INTEGER NOT NULL REFERENCES order_sets(id),\n"
"  PRIMARY KEY (state, order_set)\n"
");\n"
"CREATE TABLE events (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL,\n"
"  seq INTEGER NOT NULL,\n"
"  phase INTEGER NOT NULL,\n"
"  kind TEXT NOT NULL,\n"
"  ship TEXT NOT NULL DEFAULT '',\n"
"  other TEXT NOT NULL DEFAULT '',\n"
"  text TEXT NOT NULL,\n"
"  PRIMARY KEY (state, seq)\n"
");\n"
"CREATE TABLE rolls (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL,\n"
"  seq INTEGER NOT NULL,\n"
"  phase INTEGER NOT NULL,\n"
"  label TEXT NOT NULL,\n"
"  purpose TEXT NOT NULL,\n"
"  ship TEXT NOT NULL DEFAULT '',\n"
"  sides INTEGER NOT NULL CHECK (sides >= 1),\n"
"  result INTEGER NOT NULL CHECK (result BETWEEN 1 AND sides),\n"
"  PRIMARY KEY (state, seq)\n"
");\n"
"CREATE TABLE audit (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT REFERENCES games(id),\n"
"  time INTEGER NOT NULL,\n"
"  actor TEXT NOT NULL,\n"
"  action TEXT NOT NULL,\n"
"  details TEXT NOT NULL DEFAULT ''\n"
");\n"
"CREATE INDEX audit_game ON audit(game, id);\n";

/* Rows a version-1 database may hold, in version 1's columns. */
static const char v1_rows[] =
    "INSERT INTO games (id, ruleset, scenario, seed, seed_commitment,"
    " created) VALUES ('old', 'classic', '<s/>', 'x',"
    " '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881',"
    " 5);"
    "INSERT INTO sides VALUES ('old', 'athens');"
    "INSERT INTO players (game, id, side, address, password)"
    " VALUES ('old', 'athens', 'athens', 'a@example.org', '$y$h');"
    "INSERT INTO states (game, turn, xml, created)"
    " VALUES ('old', 1, '<s/>', 5);";

static void
test_open_fresh(void **state)
{
	struct fx	*f = *state;
	char		*mode;

	assert_int_equal(sql_int(f->s, "PRAGMA user_version"),
	    store_schema_version());
	assert_true(store_schema_version() >= 2);
	mode = sql_text(f->s, "PRAGMA journal_mode");
	assert_string_equal(mode, "wal");
	free(mode);
	assert_int_equal(sql_int(f->s, "PRAGMA foreign_keys"), 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM sqlite_master"
	    " WHERE type = 'table' AND name IN ('games', 'sides', 'players',"
	    " 'player_ships', 'observers', 'states', 'order_sets',"
	    " 'turn_orders', 'events', 'rolls', 'audit', 'outbox',"
	    " 'processed_mail')"), 13);
}

static void
test_reopen_keeps_data(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	char		*cause = NULL;

	make_game(f->s, "g1");
	store_close(f->s);
	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_string_equal(g->ruleset, "classic");
	store_game_free(g);
	assert_int_equal(sql_int(f->s, "PRAGMA user_version"),
	    store_schema_version());
}

static void
test_migration1_frozen(void **state)
{
	assert_string_equal(store_migrations[0], frozen_m1);
}

/* An old database built from the frozen copy of migration 1, with rows,
 * upgrades: the rows are kept and the later tables work. */
static void
test_upgrade_from_v1(void **state)
{
	struct fx		*f = *state;
	struct store_player	*p = NULL;
	struct store_outbox_new	 m = { "old", "<m1@example.org>",
	    "a@example.org", "hello", "body" };
	char			*cause = NULL;

	raw_exec(f->path, frozen_m1);
	raw_exec(f->path, v1_rows);
	raw_exec(f->path, "PRAGMA user_version = 1");
	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "PRAGMA user_version"),
	    store_schema_version());
	expect_code(store_player_get(f->s, "old", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->address, "a@example.org");
	assert_int_equal(p->bounces, 0);
	store_player_free(p);
	expect_code(store_outbox_add(f->s, &m, 10, NULL, &cause), STORE_OK,
	    &cause);
	expect_code(store_mail_record(f->s, "<x@y>", 10, &cause), STORE_OK,
	    &cause);
}

/* From every earlier version (0: empty) with the shipped migrations. */
static void
test_upgrade_every_version(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	char		*cause = NULL, *sql, *p;
	int		 v, i;

	for (v = 0; v < store_nmigrations; v++) {
		p = xasprintf("%s/v%d.db", f->dir, v);
		for (i = 0; i < v; i++)
			raw_exec(p, store_migrations[i]);
		if (v >= 1)
			raw_exec(p, v1_rows);
		sql = xasprintf("PRAGMA user_version = %d", v);
		raw_exec(p, sql);
		free(sql);
		expect_code(store_open(p, 0, &f->s, &cause), STORE_OK, &cause);
		assert_int_equal(sql_int(f->s, "PRAGMA user_version"),
		    store_nmigrations);
		if (v >= 1) {
			expect_code(store_game_get(f->s, "old", &g, &cause),
			    STORE_OK, &cause);
			assert_int_equal(g->turn, 1);
			store_game_free(g);
		}
		assert_int_equal(sql_int(f->s, "SELECT count(*) FROM"
		    " pragma_foreign_key_check"), 0);
		store_close(f->s);
		f->s = NULL;
		free(p);
	}
}

static void
test_newer_version_refused(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, *sql;

	sql = xasprintf("PRAGMA user_version = %d", store_nmigrations + 1);
	raw_exec(f->path, sql);
	free(sql);
	assert_int_equal(store_open(f->path, 0, &f->s, &cause), STORE_ERROR);
	assert_null(f->s);
	assert_non_null(strstr(cause, "newer"));
	free(cause);
}

static void
test_not_a_database(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL;
	FILE		*fp;

	fp = fopen(f->path, "w");
	assert_non_null(fp);
	fputs("this is not an SQLite database, not at all, no no no.\n", fp);
	fclose(fp);
	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_ERROR,
	    &cause);
	assert_null(f->s);
	expect_code(store_open("/nonexistent-dir/x.db", 0, &f->s, &cause),
	    STORE_ERROR, &cause);
}

/* --- transactions and busy -------------------------------------------- */

static void
test_busy(void **state)
{
	struct fx	*f = *state;
	sqlite3		*other;
	char		*cause = NULL;
	struct store_game *g = NULL;

	store_close(f->s);
	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_OK, &cause);
	make_game(f->s, "g1");
	assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
	assert_int_equal(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL,
	    NULL), SQLITE_OK);
	/* Writes wait 0 ms for the lock and report a temporary failure. */
	expect_code(store_begin(f->s, &cause), STORE_BUSY, &cause);
	expect_code(store_game_set_deadline(f->s, "g1", 5000, &cause),
	    STORE_BUSY, &cause);
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_BUSY, &cause);
	/* Reads go on in WAL mode, and a second open succeeds. */
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	store_game_free(g);
	assert_int_equal(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(other);
	expect_code(store_game_set_deadline(f->s, "g1", 5000, &cause),
	    STORE_OK, &cause);
}

static void
test_transactions(void **state)
{
	struct fx	*f = *state;
	struct store_game *g = NULL;
	char		*cause = NULL;

	expect_code(store_commit(f->s, &cause), STORE_ERROR, &cause);
	expect_code(store_abort(f->s, &cause), STORE_ERROR, &cause);

	/* Abort undoes everything since begin. */
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_begin(f->s, &cause), STORE_ERROR, &cause);
	make_game(f->s, "g1");
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_NOTFOUND,
	    &cause);

	/* A failing call inside undoes only its own writes. */
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	make_game(f->s, "g1");
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_commit(f->s, &cause), STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	store_game_free(g);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM observers"), 1);
	/* Autocommit again. */
	assert_int_equal(sqlite3_get_autocommit(store_db(f->s)), 1);
}

/* --- backup ------------------------------------------------------------ */

static void
test_backup(void **state)
{
	struct fx	*f = *state;
	struct store	*copy = NULL;
	struct store_game *g = NULL;
	sqlite3		*other;
	char		*cause = NULL, *bk, *ok, *mode;

	make_game(f->s, "g1");
	/* Another connection is in the middle of writing: the backup has
	 * the committed data and not the uncommitted. */
	assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
	assert_int_equal(sqlite3_exec(other, "BEGIN IMMEDIATE;"
	    " INSERT INTO observers VALUES ('g1', 'late@example.org')",
	    NULL, NULL, NULL), SQLITE_OK);
	bk = fx_file(f, "backup.db");
	expect_code(store_backup(f->s, bk, &cause), STORE_OK, &cause);
	assert_int_equal(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(other);
	/* Never overwrites. */
	expect_code(store_backup(f->s, bk, &cause), STORE_EXISTS, &cause);

	/* A backup is one self-contained file: rollback journal mode. */
	mode = raw_text(bk, "PRAGMA journal_mode");
	assert_string_equal(mode, "delete");
	free(mode);
	expect_code(store_open(bk, 0, &copy, &cause), STORE_OK, &cause);
	ok = sql_text(copy, "PRAGMA integrity_check");
	assert_string_equal(ok, "ok");
	free(ok);
	expect_code(store_game_get(copy, "g1", &g, &cause), STORE_OK, &cause);
	assert_string_equal(g->seed, "test-seed");
	store_game_free(g);
	assert_int_equal(sql_int(copy, "SELECT count(*) FROM observers"), 0);
	store_close(copy);
	free(bk);
	bk = xstrdup("/nonexistent-dir/backup.db");
	expect_code(store_backup(f->s, bk, &cause), STORE_ERROR, &cause);
	free(bk);
}

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
	assert_string_equal(g->scenario, TEST_SCENARIO);
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
#define TC(f)	cmocka_unit_test_setup_teardown(f, fx_setup_closed, \
		    fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_open_fresh),
		T(test_reopen_keeps_data),
		cmocka_unit_test(test_migration1_frozen),
		TC(test_upgrade_from_v1),
		TC(test_upgrade_every_version),
		TC(test_newer_version_refused),
		TC(test_not_a_database),
		T(test_busy),
		T(test_transactions),
		T(test_backup),
		T(test_game_create_get_list),
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
	int	fails;

	fails = cmocka_run_group_tests_name("store", tests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-turn", store_turn_tests,
	    store_turn_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-mail", store_mail_tests,
	    store_mail_ntests, NULL, NULL);
	return fails != 0;
}
