/* store-mark.c: rate limits and turn marks (see store.h).
 *
 * Both are small tables of their own (migration 3) rather than audit
 * entries, so that "at most N a day" and "at most once a turn" are
 * answered by a primary key, not by reading the log. */
#include "config.h"

#include <stdlib.h>

#include "store-int.h"

enum store_code
store_rate_take(struct store *s, const char *key, int64_t day, int limit,
    int *allowed, char **cause)
{
	struct txn	t;
	int64_t		count = 0;
	int		code;

	*allowed = 0;
	if (key == NULL || key[0] == '\0')
		return st_cause(cause, STORE_ERROR, "a rate limit needs a key");
	/* Read and count in one transaction: two processes cannot both
	 * take the last reply of the day. */
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &count, "SELECT count FROM rate_limits"
	    " WHERE key = ? AND day = ?", "sl", key, day);
	if (code == STORE_NOTFOUND) {
		/* No reply yet today: not an error, so no cause. */
		if (cause != NULL) {
			free(*cause);
			*cause = NULL;
		}
		count = 0;
		code = STORE_OK;
	}
	if (code == STORE_OK && count < limit) {
		code = st_run(s, cause, NULL, "INSERT INTO rate_limits (key,"
		    " day, count) VALUES (?, ?, 1) ON CONFLICT (key, day)"
		    " DO UPDATE SET count = count + 1", "sl", key, day);
		if (code == STORE_OK)
			*allowed = 1;
	}
	return txn_end(s, &t, code, cause);
}

enum store_code
store_mark_add(struct store *s, const char *game, int turn,
    const char *kind, const char *who, int64_t now, char **cause)
{
	int	code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (kind == NULL || kind[0] == '\0' || who == NULL || who[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "a turn mark needs a kind and a who");
	code = st_run(s, cause, NULL, "INSERT INTO turn_marks (game, turn,"
	    " kind, who, time) VALUES (?, ?, ?, ?, ?)", "sissl", game, turn,
	    kind, who, now);
	if (code == STORE_EXISTS)
		code = st_cause(cause, code, "turn %d of game '%s' is already "
		    "marked %s for %s", turn, game, kind, who);
	return code;
}

/* Calls cb with the first column of each row of st until it returns
 * non-zero; releases st. */
static int
walk(struct store *s, sqlite3_stmt *st, int (*cb)(const char *, void *),
    void *arg, char **cause)
{
	int	code, row, stop = 0;

	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row)
		stop = cb(st_col_text(st, 0, 1), arg);
	st_release(s, st);
	return code;
}

enum store_code
store_mark_list(struct store *s, const char *game, int turn,
    const char *kind, int (*cb)(const char *who, void *), void *arg,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT who FROM turn_marks"
	    " WHERE game = ? AND turn = ? AND kind = ? ORDER BY who", "sis",
	    game, turn, kind);
	return code == STORE_OK ? walk(s, st, cb, arg, cause) : code;
}

enum store_code
store_mark_list_upto(struct store *s, const char *game, int turn,
    const char *kind, int (*cb)(const char *who, void *), void *arg,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT DISTINCT who FROM turn_marks"
	    " WHERE game = ? AND turn <= ? AND kind = ? ORDER BY who", "sis",
	    game, turn, kind);
	return code == STORE_OK ? walk(s, st, cb, arg, cause) : code;
}

enum store_code
store_mark_remove(struct store *s, const char *game, const char *kind,
    const char *who, char **cause)
{
	return st_run(s, cause, NULL, "DELETE FROM turn_marks WHERE game = ?"
	    " AND kind = ? AND who = ?", "sss", game, kind, who);
}
