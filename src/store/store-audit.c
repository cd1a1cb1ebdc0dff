/* store-audit.c: the GM's audit log (see store.h).
 *
 * Entries are only ever appended.  Store functions that are GM actions in
 * themselves (store_rollback, store_seed_reveal) write their entry in
 * their own transaction; for the others the caller adds one in the same
 * transaction as the change (store_begin ... store_commit). */
#include "config.h"

#include <stdlib.h>

#include "store-int.h"

enum store_code
store_audit_add(struct store *s, const char *game, int64_t now,
    const char *actor, const char *action, const char *details,
    char **cause)
{
	int	code;

	if (game != NULL && (code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (actor == NULL || actor[0] == '\0' || action == NULL ||
	    action[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "an audit entry needs an actor and an action");
	return st_run(s, cause, NULL, "INSERT INTO audit (game, time, actor,"
	    " action, details) VALUES (?, ?, ?, ?, ?)", "slsss", game, now,
	    actor, action, details != NULL ? details : "");
}

enum store_code
store_audit_list(struct store *s, const char *game,
    int (*cb)(const struct store_audit *, void *), void *arg, char **cause)
{
	struct store_audit	 a;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	if (game != NULL)
		code = st_cached(s, &st, cause, "SELECT id, game, time, actor,"
		    " action, details FROM audit WHERE game = ? ORDER BY id",
		    "s", game);
	else
		code = st_cached(s, &st, cause, "SELECT id, game, time, actor,"
		    " action, details FROM audit ORDER BY id", "");
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		a.id = sqlite3_column_int64(st, 0);
		a.game = st_col_text(st, 1, 0);
		a.time = sqlite3_column_int64(st, 2);
		a.actor = st_col_text(st, 3, 1);
		a.action = st_col_text(st, 4, 1);
		a.details = st_col_text(st, 5, 1);
		stop = cb(&a, arg);
	}
	st_release(s, st);
	return code;
}
