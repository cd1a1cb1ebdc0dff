/* store_fixture.c: fixtures shared by the store's test files (see
 * store_fixture.h). */
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
void
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
char *
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
