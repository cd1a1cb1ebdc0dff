/* test_store.c: the store: opening, migrations, busy handling,
 * transactions, the statement cache and backup.  Games and players are in test_store_game.c,
 * turns and orders in test_store_turn.c, mail in test_store_mail.c;
 * main() here runs all four groups. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

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

/* Issue 10: the database (password hashes, secret seeds, every side's
 * orders) was created 0644.  Whatever the umask, a new database and its
 * WAL and SHM files are the owner's alone. */
static void
test_open_private(void **state)
{
	struct fx	*f = *state;
	struct stat	 sb;
	char		*cause = NULL, *p;
	const char	*suffix[] = { "", "-wal", "-shm" };
	size_t		 i;
	mode_t		 old = umask(022);

	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_OK, &cause);
	make_game(f->s, "g1");
	umask(old);
	for (i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		p = xasprintf("%s%s", f->path, suffix[i]);
		if (stat(p, &sb) != 0)
			fail_msg("%s is missing", p);
		if ((sb.st_mode & 07777) != 0600)
			fail_msg("%s has mode %o, wanted 600", p,
			    (unsigned)(sb.st_mode & 07777));
		free(p);
	}
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
	    "a@example.org", "hello", "body", 0 };
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

/* A read transaction keeps one snapshot while another connection writes,
 * and never holds the writer up. */
static void
test_read_snapshot(void **state)
{
	struct fx	*f = *state;
	struct store	*writer;
	struct store_game *g = NULL;
	char		*cause = NULL;

	make_game(f->s, "g1");
	expect_code(store_game_set_deadline(f->s, "g1", 1000, &cause),
	    STORE_OK, &cause);
	/* The writer waits 0 ms: a lock held by the reader would show. */
	expect_code(store_open(f->path, 0, &writer, &cause), STORE_OK,
	    &cause);
	expect_code(store_begin_read(f->s, &cause), STORE_OK, &cause);
	expect_code(store_begin_read(f->s, &cause), STORE_ERROR, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->deadline, 1000);
	store_game_free(g);
	expect_code(store_begin(writer, &cause), STORE_OK, &cause);
	expect_code(store_game_set_deadline(writer, "g1", 2000, &cause),
	    STORE_OK, &cause);
	expect_code(store_commit(writer, &cause), STORE_OK, &cause);
	/* Still the snapshot of the first read. */
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->deadline, 1000);
	store_game_free(g);
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->deadline, 2000);
	store_game_free(g);
	assert_int_equal(sqlite3_get_autocommit(store_db(f->s)), 1);
	store_close(writer);
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

/* --- the statement cache (store-stmt.c) ------------------------------ */

/* One row, one integer column, through a cached statement. */
static int64_t
cached_int(struct store *s, const char *sql, const char *fmt, int arg)
{
	sqlite3_stmt	*st;
	char		*cause = NULL;
	int64_t		 v = -1;
	int		 row;

	if (*fmt != '\0')
		expect_code(st_cached(s, &st, &cause, sql, fmt, arg), STORE_OK,
		    &cause);
	else
		expect_code(st_cached(s, &st, &cause, sql, ""), STORE_OK,
		    &cause);
	expect_code(st_step(s, st, &row, &cause), STORE_OK, &cause);
	if (row && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	st_release(s, st);
	return v;
}

/* A statement is prepared once, handed back reset and unbound, and lent
 * to one caller at a time. */
static void
test_stmt_reuse(void **state)
{
	struct fx	*f = *state;
	sqlite3_stmt	*a, *b, *c;
	char		*cause = NULL;
	size_t		 n0 = st_cache_count(f->s);
	int		 row;

	expect_code(st_cached(f->s, &a, &cause, "SELECT ?", "i", 7), STORE_OK,
	    &cause);
	assert_int_equal(st_cache_count(f->s), n0 + 1);
	/* The same text while a is out: a statement of its own. */
	expect_code(st_cached(f->s, &b, &cause, "SELECT ?", "i", 8), STORE_OK,
	    &cause);
	assert_ptr_not_equal(a, b);
	assert_int_equal(st_cache_count(f->s), n0 + 1);
	expect_code(st_step(f->s, a, &row, &cause), STORE_OK, &cause);
	assert_int_equal(row, 1);
	assert_int_equal(sqlite3_column_int(a, 0), 7);
	expect_code(st_step(f->s, b, &row, &cause), STORE_OK, &cause);
	assert_int_equal(sqlite3_column_int(b, 0), 8);
	/* Handed back in the middle of its rows: reset, no read open. */
	st_release(f->s, a);
	assert_int_equal(sqlite3_stmt_busy(a), 0);
	st_release(f->s, b);	/* finalized: not the cache's */
	expect_code(st_cached(f->s, &c, &cause, "SELECT ?", "", 0), STORE_OK,
	    &cause);
	assert_ptr_equal(c, a);
	/* Its binding went with the last caller. */
	expect_code(st_step(f->s, c, &row, &cause), STORE_OK, &cause);
	assert_int_equal(sqlite3_column_type(c, 0), SQLITE_NULL);
	st_release(f->s, c);
	assert_int_equal(st_cache_count(f->s), n0 + 1);
	/* A text of two statements is never kept; an empty one is an error. */
	expect_code(st_cached(f->s, &a, &cause, "SELECT 1; SELECT 2", ""),
	    STORE_OK, &cause);
	st_release(f->s, a);
	assert_int_equal(st_cache_count(f->s), n0 + 1);
	expect_code(st_cached(f->s, &a, &cause, " -- nothing", ""),
	    STORE_ERROR, &cause);
	assert_null(a);
	expect_code(st_cached(f->s, &a, &cause, "SELEKT 1", ""), STORE_ERROR,
	    &cause);
	assert_null(a);
	assert_int_equal(st_cache_count(f->s), n0 + 1);
}

/* A cached statement whose last run failed (a constraint, a busy
 * database) runs again once the cause is gone. */
static void
test_stmt_after_error(void **state)
{
	struct fx	*f = *state;
	sqlite3		*other;
	char		*cause = NULL;
	size_t		 n;

	make_game(f->s, "g1");
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_OK, &cause);
	n = st_cache_count(f->s);
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_observer_add(f->s, "g1", "p@example.org", &cause),
	    STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM observers"), 2);
	/* A step that fails half way through the rows. */
	expect_code(st_run(f->s, &cause, NULL, "SELECT CASE WHEN ? > 1 THEN"
	    " abs(-9223372036854775807 - 1) END FROM observers", "i", 2),
	    STORE_ERROR, &cause);
	expect_code(st_run(f->s, &cause, NULL, "SELECT CASE WHEN ? > 1 THEN"
	    " abs(-9223372036854775807 - 1) END FROM observers", "i", 1),
	    STORE_OK, &cause);
	assert_int_equal(st_cache_count(f->s), n + 1);

	/* Busy: the write lock is another connection's (the store waits
	 * 0 ms); the same statements work when it is let go. */
	store_close(f->s);
	expect_code(store_open(f->path, 0, &f->s, &cause), STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "q@example.org", &cause),
	    STORE_OK, &cause);
	n = st_cache_count(f->s);
	assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
	assert_int_equal(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL,
	    NULL), SQLITE_OK);
	expect_code(store_observer_add(f->s, "g1", "r@example.org", &cause),
	    STORE_BUSY, &cause);
	expect_code(st_run(f->s, &cause, NULL, "INSERT INTO observers"
	    " VALUES (?, ?)", "ss", "g1", "r@example.org"), STORE_BUSY,
	    &cause);
	assert_int_equal(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(other);
	expect_code(store_observer_add(f->s, "g1", "r@example.org", &cause),
	    STORE_OK, &cause);
	expect_code(st_run(f->s, &cause, NULL, "INSERT INTO observers"
	    " VALUES (?, ?)", "ss", "g1", "s@example.org"), STORE_OK, &cause);
	assert_int_equal(st_cache_count(f->s), n + 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM observers"), 5);
	assert_int_equal(sqlite3_get_autocommit(store_db(f->s)), 1);
}

/* Statements outlive a rollback, of the whole transaction or of a
 * savepoint, and see the data as it is after it. */
static void
test_stmt_after_rollback(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL;
	const char	*count = "SELECT count(*) FROM observers";
	sqlite3_stmt	*a, *b;
	size_t		 n;
	int		 row;

	make_game(f->s, "g1");
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_OK, &cause);
	assert_int_equal(cached_int(f->s, count, "", 0), 1);
	n = st_cache_count(f->s);
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	assert_int_equal(cached_int(f->s, count, "", 0), 0);
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_OK, &cause);
	/* A failed write inside undoes itself alone. */
	expect_code(store_observer_add(f->s, "g1", "o@example.org", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_observer_add(f->s, "g1", "p@example.org", &cause),
	    STORE_OK, &cause);
	expect_code(store_commit(f->s, &cause), STORE_OK, &cause);
	assert_int_equal(cached_int(f->s, count, "", 0), 2);
	assert_int_equal(st_cache_count(f->s), n);
	/* Across a schema change by another connection: prepared again. */
	expect_code(st_cached(f->s, &a, &cause, "SELECT * FROM observers", ""),
	    STORE_OK, &cause);
	expect_code(st_step(f->s, a, &row, &cause), STORE_OK, &cause);
	assert_int_equal(sqlite3_column_count(a), 2);
	st_release(f->s, a);
	raw_exec(f->path, "ALTER TABLE observers ADD COLUMN note TEXT");
	expect_code(st_cached(f->s, &b, &cause, "SELECT * FROM observers", ""),
	    STORE_OK, &cause);
	assert_ptr_equal(a, b);
	expect_code(st_step(f->s, b, &row, &cause), STORE_OK, &cause);
	assert_int_equal(row, 1);
	assert_int_equal(sqlite3_column_count(b), 3);
	st_release(f->s, b);
	expect_code(store_observer_add(f->s, "g1", "q@example.org", &cause),
	    STORE_OK, &cause);
	assert_int_equal(cached_int(f->s, "SELECT count(*) FROM"
	    " pragma_table_info('observers')", "", 0), 3);
	assert_int_equal(cached_int(f->s, count, "", 0), 3);
	assert_int_equal(st_cache_count(f->s), n + 2);
}

/* More texts than the cache keeps: every one still runs right, the
 * cache stops growing, and closing finalizes them all (a leak or a
 * statement left open would show under the sanitizers). */
static void
test_stmt_many(void **state)
{
	struct fx	*f = *state;
	char		 sql[64];
	size_t		 most = 0;
	int		 i, round;

	for (round = 0; round < 2; round++)
		for (i = 0; i < 2000; i++) {
			snprintf(sql, sizeof sql, "SELECT ? + %d", i);
			assert_int_equal(cached_int(f->s, sql, "i", round),
			    i + round);
			if (st_cache_count(f->s) > most)
				most = st_cache_count(f->s);
		}
	assert_true(most >= 100);
	assert_true(most < 2000);
	store_close(f->s);
	f->s = NULL;
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)
#define TC(f)	cmocka_unit_test_setup_teardown(f, fx_setup_closed, \
		    fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_open_fresh),
		TC(test_open_private),
		T(test_reopen_keeps_data),
		cmocka_unit_test(test_migration1_frozen),
		TC(test_upgrade_from_v1),
		TC(test_upgrade_every_version),
		TC(test_newer_version_refused),
		TC(test_not_a_database),
		T(test_busy),
		T(test_transactions),
		T(test_read_snapshot),
		T(test_backup),
		T(test_stmt_reuse),
		T(test_stmt_after_error),
		T(test_stmt_after_rollback),
		T(test_stmt_many),
	};
	int	fails;

	fails = cmocka_run_group_tests_name("store", tests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-game", store_game_tests,
	    store_game_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-turn", store_turn_tests,
	    store_turn_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-mail", store_mail_tests,
	    store_mail_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-notice", store_notice_tests,
	    store_notice_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-squadron",
	    store_squadron_tests, store_squadron_ntests, NULL, NULL);
	fails += _cmocka_run_group_tests("store-directive",
	    store_directive_tests, store_directive_ntests, NULL, NULL);
	return fails != 0;
}
