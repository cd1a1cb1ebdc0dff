/* store-ahead.c: orders sent for a later turn (see store.h).
 *
 * A pending set waits for its turn to open; the daemon then makes an
 * order set of it (store_orders_add) or says why not, and marks it, in
 * one transaction.  At most one set of a player is pending for a turn
 * (the unique index orders_ahead_pending): a later mail replaces it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

static const char *const ahead_state_names[] = {
#define X(e, s) s,
	STORE_AHEAD_STATES(X)
#undef X
};

const char *
store_ahead_state_name(enum store_ahead_state v)
{
	return (unsigned)v < STORE_AHEAD_STATE_COUNT ?
	    ahead_state_names[v] : "unknown";
}

enum store_code
store_ahead_add(struct store *s, const struct store_ahead *a, char **cause)
{
	struct txn	t;
	int64_t		removed;
	int		code;

	if ((code = st_game_exists(s, a->game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("player", a->player, cause)) != STORE_OK)
		return code;
	if (a->turn < 1 || a->text == NULL)
		return st_cause(cause, STORE_ERROR, "orders ahead need a turn "
		    "and a text");
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &removed, "SELECT removed FROM players"
	    " WHERE game = ? AND id = ?", "ss", a->game, a->player);
	if (code == STORE_NOTFOUND || (code == STORE_OK && removed))
		code = st_cause(cause, STORE_NOTFOUND, "game '%s' has no "
		    "active player '%s'", a->game, a->player);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE orders_ahead SET state ="
		    " 'replaced' WHERE game = ? AND player = ? AND turn = ?"
		    " AND state = 'pending'", "ssi", a->game, a->player,
		    a->turn);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "INSERT INTO orders_ahead (game,"
		    " player, turn, message_id, received, text) VALUES (?, ?,"
		    " ?, ?, ?, ?)", "ssisls", a->game, a->player, a->turn,
		    a->message_id, a->received, a->text);
	return txn_end(s, &t, code, cause);
}

static int
walk_ahead(struct store *s, sqlite3_stmt *st,
    int (*cb)(const struct store_ahead *, void *), void *arg, char **cause)
{
	struct store_ahead	a;
	int			code, row;

	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		memset(&a, 0, sizeof a);
		a.id = sqlite3_column_int64(st, 0);
		a.game = st_col_text(st, 1, 1);
		a.player = st_col_text(st, 2, 1);
		a.turn = sqlite3_column_int(st, 3);
		a.message_id = st_col_text(st, 4, 0);
		a.received = sqlite3_column_int64(st, 5);
		a.text = st_col_text(st, 6, 1);
		if (cb(&a, arg) != 0)
			break;
	}
	st_release(s, st);
	return code;
}

#define AHEAD_COLUMNS	"id, game, player, turn, message_id, received, text"

/* The pending sets of game: of player (by turn), or with player NULL of
 * every player for turns up to turn (by turn, then as received). */
static int
ahead_query(struct store *s, const char *game, const char *player, int turn,
    int (*cb)(const struct store_ahead *, void *), void *arg, char **cause)
{
	sqlite3_stmt	*st;
	int		 code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (player == NULL)
		code = st_cached(s, &st, cause, "SELECT " AHEAD_COLUMNS
		    " FROM orders_ahead WHERE game = ? AND turn <= ? AND"
		    " state = 'pending' ORDER BY turn, id", "si", game, turn);
	else
		code = st_cached(s, &st, cause, "SELECT " AHEAD_COLUMNS
		    " FROM orders_ahead WHERE game = ? AND player = ? AND"
		    " state = 'pending' ORDER BY turn", "ss", game, player);
	return code == STORE_OK ? walk_ahead(s, st, cb, arg, cause) : code;
}

enum store_code
store_ahead_due(struct store *s, const char *game, int turn,
    int (*cb)(const struct store_ahead *, void *), void *arg, char **cause)
{
	return ahead_query(s, game, NULL, turn, cb, arg, cause);
}

enum store_code
store_ahead_pending(struct store *s, const char *game, const char *player,
    int (*cb)(const struct store_ahead *, void *), void *arg, char **cause)
{
	return ahead_query(s, game, player, 0, cb, arg, cause);
}

enum store_code
store_ahead_mark(struct store *s, int64_t id, enum store_ahead_state state,
    char **cause)
{
	int	changes = 0, code;

	if ((unsigned)state >= STORE_AHEAD_STATE_COUNT)
		return st_cause(cause, STORE_ERROR, "unknown state %d",
		    (int)state);
	code = st_run(s, cause, &changes, "UPDATE orders_ahead SET state = ?"
	    " WHERE id = ? AND state = 'pending'", "sl",
	    ahead_state_names[state], id);
	if (code == STORE_OK && changes == 0)
		return st_cause(cause, STORE_NOTFOUND, "no pending orders "
		    "ahead %lld", (long long)id);
	return code;
}
