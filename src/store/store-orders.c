/* store-orders.c: order sets (see store.h).
 *
 * Every set ever accepted is kept.  At most one set per (game, turn,
 * player) is in force (a partial unique index says so); a new set turns
 * the earlier one's in_force off in the same transaction.  Which sets an
 * adjudication used is recorded in turn_orders by store_turn_record. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

/* STORE_OK if turn is the game's open turn: a live state not yet
 * adjudicated. */
static int
turn_open(struct store *s, const char *game, int turn, char **cause)
{
	int64_t	adjudicated;
	int	code;

	code = st_int64(s, cause, &adjudicated,
	    "SELECT adjudicated IS NOT NULL FROM states"
	    " WHERE game = ? AND turn = ? AND superseded = 0", "si",
	    game, turn);
	if (code == STORE_NOTFOUND || (code == STORE_OK && adjudicated))
		return st_cause(cause, STORE_NOTFOUND,
		    "turn %d of game '%s' is not open for orders", turn,
		    game);
	return code;
}

static int
orders_check(struct store *s, const struct store_orders_new *o,
    char **cause)
{
	int64_t	removed;
	int	code;

	if ((code = st_game_exists(s, o->game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("player", o->player, cause)) != STORE_OK)
		return code;
	if ((unsigned)o->source >= STORE_SOURCE_COUNT)
		return st_cause(cause, STORE_ERROR, "unknown order source %d",
		    (int)o->source);
	if (o->source != STORE_SOURCE_MAIL && o->message_id != NULL)
		return st_cause(cause, STORE_ERROR,
		    "only orders from mail have a Message-ID");
	if (o->text == NULL || o->normalised == NULL)
		return st_cause(cause, STORE_ERROR,
		    "an order set needs its text and normalised text");
	code = st_int64(s, cause, &removed,
	    "SELECT removed FROM players WHERE game = ? AND id = ?", "ss",
	    o->game, o->player);
	if (code == STORE_NOTFOUND || (code == STORE_OK && removed))
		return st_cause(cause, STORE_NOTFOUND,
		    "game '%s' has no active player '%s'", o->game, o->player);
	if (code != STORE_OK)
		return code;
	return turn_open(s, o->game, o->turn, cause);
}

enum store_code
store_orders_add(struct store *s, const struct store_orders_new *o,
    int64_t *id, char **cause)
{
	struct txn	t;
	int		code;

	/* The checks run inside the transaction: the turn cannot close
	 * between the check and the insert. */
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = orders_check(s, o, cause);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE order_sets SET"
		    " in_force = 0 WHERE game = ? AND turn = ? AND player = ?"
		    " AND in_force = 1", "sis", o->game, o->turn, o->player);
	if (code == STORE_OK) {
		code = st_run(s, cause, NULL,
		    "INSERT INTO order_sets (game, turn, player, source,"
		    " message_id, sender, received, text, normalised)"
		    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "sisssslss",
		    o->game, o->turn, o->player, store_source_name(o->source),
		    o->message_id, o->sender, o->received, o->text,
		    o->normalised);
		if (code == STORE_EXISTS)
			code = st_cause(cause, code, "message %s already "
			    "gave an order set", o->message_id);
	}
	if (code == STORE_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(s->db);
	return txn_end(s, &t, code, cause);
}

#define ORDERS_COLUMNS							\
	"o.id, o.game, o.turn, o.player, o.source, o.message_id, o.sender,"	\
	" o.received, o.text, o.normalised, o.in_force, o.rolled_back,"	\
	" EXISTS (SELECT 1 FROM turn_orders JOIN states"		\
	" ON states.id = turn_orders.state WHERE turn_orders.order_set ="	\
	" o.id AND states.superseded = 0)"

static void
orders_fill(sqlite3_stmt *st, struct store_orders *o)
{
	enum store_source	src = STORE_SOURCE_CLI;

	o->id = sqlite3_column_int64(st, 0);
	o->game = st_col_text(st, 1, 1);
	o->turn = sqlite3_column_int(st, 2);
	o->player = st_col_text(st, 3, 1);
	store_source_parse(st_col_text(st, 4, 1), &src);
	o->source = src;
	o->message_id = st_col_text(st, 5, 0);
	o->sender = st_col_text(st, 6, 0);
	o->received = sqlite3_column_int64(st, 7);
	o->text = st_col_text(st, 8, 1);
	o->normalised = st_col_text(st, 9, 1);
	o->in_force = sqlite3_column_int(st, 10);
	o->rolled_back = sqlite3_column_int(st, 11);
	o->used = sqlite3_column_int(st, 12);
}

static int
orders_walk(struct store *s, const char *game, const char *sql,
    const char *fmt, int turn, int (*cb)(const struct store_orders *, void *),
    void *arg, char **cause)
{
	struct store_orders	 o;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, sql, fmt, game, turn);
	if (code != STORE_OK)
		return code;
	/* The strings point into the statement's row: borrowed, valid
	 * during the call, as store.h says. */
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		orders_fill(st, &o);
		stop = cb(&o, arg);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_orders_in_force(struct store *s, const char *game, int turn,
    int (*cb)(const struct store_orders *, void *), void *arg, char **cause)
{
	return orders_walk(s, game, "SELECT " ORDERS_COLUMNS
	    " FROM order_sets o WHERE o.game = ? AND o.turn = ?"
	    " AND o.in_force = 1 ORDER BY o.player", "si", turn, cb, arg,
	    cause);
}

enum store_code
store_orders_list(struct store *s, const char *game, int turn,
    int (*cb)(const struct store_orders *, void *), void *arg, char **cause)
{
	if (turn < 0)
		return orders_walk(s, game, "SELECT " ORDERS_COLUMNS
		    " FROM order_sets o WHERE o.game = ? ORDER BY o.id", "s",
		    turn, cb, arg, cause);
	return orders_walk(s, game, "SELECT " ORDERS_COLUMNS
	    " FROM order_sets o WHERE o.game = ? AND o.turn = ?"
	    " ORDER BY o.id", "si", turn, cb, arg, cause);
}
