/* store_fixture.h: fixtures shared by the store's test files. */
#ifndef NV_STORE_FIXTURE_H
#define NV_STORE_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "store.h"

/* One test's world: a fresh directory with a database in it. */
struct fx {
	char		*dir;
	char		*path;		/* dir/nv.db */
	struct store	*s;
};

int	fx_setup(void **state);		/* opens fx->s on fx->path */
int	fx_setup_closed(void **state);	/* same, store not opened */
int	fx_teardown(void **state);
/* dir/name, owned by the caller. */
char	*fx_file(const struct fx *, const char *name);

/* Asserts code == want; when want is not STORE_OK also that a cause was
 * given (non-empty); frees and clears *cause. */
void	expect_code(int code, int want, char **cause);

/* A game with sides athens and sparta, seed "test-seed", turn 1, created
 * at 1000; players athens and sparta (one per side) with addresses
 * a@example.org and s@example.org. */
#define TEST_SCENARIO	"<scenario turn=\"1\"/>"
void	make_game(struct store *, const char *id);
void	make_players(struct store *, const char *game);

/* Runs sql on the store's connection; returns the first column of the
 * first row as an integer (0 if none). */
int64_t	sql_int(struct store *, const char *sql);
/* The first column of the first row as text (owned by caller), or NULL. */
char	*sql_text(struct store *, const char *sql);

/* Raw access to a database file, bypassing the store: run sql (asserts
 * success), or read the first column of its first row (owned by caller). */
void	raw_exec(const char *path, const char *sql);
char	*raw_text(const char *path, const char *sql);

extern const struct CMUnitTest	store_game_tests[];
extern const size_t		store_game_ntests;
extern const struct CMUnitTest	store_turn_tests[];
extern const size_t		store_turn_ntests;
extern const struct CMUnitTest	store_mail_tests[];
extern const size_t		store_mail_ntests;
extern const struct CMUnitTest	store_notice_tests[];
extern const size_t		store_notice_ntests;
extern const struct CMUnitTest	store_squadron_tests[];
extern const size_t		store_squadron_ntests;
extern const struct CMUnitTest	store_directive_tests[];
extern const size_t		store_directive_ntests;

#endif
