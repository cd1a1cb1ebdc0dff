/* store-int.h: what the store's files share; not for callers.
 *
 * Every statement goes through st_prepare/st_run with a bind format, so no
 * SQL text is ever built from a value: the format letters say how each
 * argument is bound.
 *   s  const char *		text (NULL binds NULL)
 *   i  int			integer
 *   l  int64_t			integer
 *   t  int64_t			integer, but 0 binds NULL (optional times)
 */
#ifndef NV_STORE_INT_H
#define NV_STORE_INT_H

#include <sqlite3.h>
#include <stdarg.h>

#include "store.h"

struct st_cache;

struct store {
	sqlite3		*db;
	char		*path;
	int		 explicit_txn;	/* store_begin() is open */
	struct st_cache	*cache;		/* prepared statements (store-stmt.c) */
	int		 deferred;	/* store_defer_sync(): 1 + the
					   synchronous level to go back to;
					   0 when not deferred */
	int		 sync;		/* 1 + the synchronous level
					   st_synchronous() read or set;
					   0 when not known */
};

/* A transaction of one store function: its own BEGIN IMMEDIATE, or a
 * savepoint inside the caller's transaction. */
struct txn {
	int	 outer;		/* we began it: COMMIT/ROLLBACK, not RELEASE */
};

/* The numbered migrations (migrations.c): store_migrations[i] brings the
 * schema from version i to i + 1.  Never edit one that has shipped: add
 * another. */
extern const char *const store_migrations[];
extern const int	 store_nmigrations;

/* Sets *cause (if cause is not NULL; an earlier value is freed) and
 * returns code. */
int	st_cause(char **cause, int code, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Maps the SQLite result rc (after a failed call on s->db) to a store
 * code with a cause "what: SQLite's message". */
int	st_fail(struct store *, int rc, const char *what, char **cause);

/* Prepares sql and binds the arguments by fmt.  STORE_OK or an error
 * (with *stmt NULL). */
int	st_prepare(struct store *, sqlite3_stmt **stmt, char **cause,
	    const char *sql, const char *fmt, ...);
int	st_vprepare(struct store *, sqlite3_stmt **stmt, char **cause,
	    const char *sql, const char *fmt, va_list);
/* A statement from the connection's cache (store-stmt.c), bound by fmt:
 * lent to the caller until st_release(), which resets it; prepared once
 * per connection.  STORE_OK or an error (with *stmt NULL).  Never
 * sqlite3_finalize() a cached statement. */
int	st_cached(struct store *, sqlite3_stmt **stmt, char **cause,
	    const char *sql, const char *fmt, ...);
int	st_vcached(struct store *, sqlite3_stmt **stmt, char **cause,
	    const char *sql, const char *fmt, va_list);
/* Hands back a statement of st_cached() (reset and unbound, kept), or
 * finalizes one of st_prepare().  NULL is ignored. */
void	st_release(struct store *, sqlite3_stmt *);
/* Statements kept (for tests), and finalizing them all (store_close). */
size_t	st_cache_count(struct store *);
void	st_cache_free(struct store *);
/* Binds the arguments of fmt to st from parameter 1: an SQLite code. */
int	st_bind(sqlite3_stmt *, const char *fmt, va_list);
/* Resets a prepared statement and binds new arguments by fmt, to run one
 * statement for many rows. */
int	st_rebind(struct store *, sqlite3_stmt *, char **cause,
	    const char *fmt, ...);
/* Steps: STORE_OK with *row = 1 for a row or 0 when done, or an error
 * (the statement is then released or finalized by the caller). */
int	st_step(struct store *, sqlite3_stmt *, int *row, char **cause);
/* Prepares (cached), binds, runs to completion and releases.  *changes (may be
 * NULL) is the number of rows changed. */
int	st_run(struct store *, char **cause, int *changes, const char *sql,
	    const char *fmt, ...);
/* Sets PRAGMA synchronous to level (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA)
 * with a statement from the cache, and returns the level it was (FULL
 * when it cannot be read). */
int	st_synchronous(struct store *, int level);
/* st_run in a transaction of its own committed without a sync
 * (synchronous = NORMAL: in WAL mode written, not synced), for a write
 * that must survive a crash of the process, not of the machine; inside
 * the caller's transaction it simply joins it (store-attempt.c). */
int	st_run_light(struct store *, char **cause, int *changes,
	    const char *sql, const char *fmt, ...);
/* Runs a query expected to return one integer: STORE_OK with *out, or
 * STORE_NOTFOUND when there is no row. */
int	st_int64(struct store *, char **cause, int64_t *out, const char *sql,
	    const char *fmt, ...);

/* Column helpers: a copy of a text column (NULL stays NULL; owned by the
 * caller), or a borrowed pointer ("" for NULL when empty is set). */
char	*st_col_dup(sqlite3_stmt *, int col);
const char *st_col_text(sqlite3_stmt *, int col, int empty);

int	txn_begin(struct store *, struct txn *, char **cause);
/* Commits (code STORE_OK) or rolls back (any other code) and returns the
 * final code: a failed commit turns STORE_OK into its error. */
int	txn_end(struct store *, struct txn *, int code, char **cause);

/* STORE_OK if id is a valid id (str_is_id), else STORE_ERROR naming what. */
int	st_check_id(const char *what, const char *id, char **cause);
/* STORE_OK if the game exists, else STORE_NOTFOUND "no game 'x'". */
int	st_game_exists(struct store *, const char *game, char **cause);

/* STORE_OK if the player exists (and, when active is set, is not
 * removed), else STORE_NOTFOUND with a cause (also for no such game). */
int	st_player_exists(struct store *, const char *game, const char *id,
	    int active, char **cause);

/* The index in names[0..n) of s: 0 with *out, or -1 (unknown name). */
int	st_name_parse(const char *const *names, int n, const char *s,
	    int *out);

/* Direct access to the connection, for tests only. */
sqlite3	*store_db(struct store *);

#endif
