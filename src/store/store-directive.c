/* store-directive.c: an admiral's directives (see store-directive.h).
 *
 * A directive waits (reported NULL) until the report of a turn carries
 * it; the transaction that queues that report marks it with the turn, so
 * it is shown once, and a crash before the commit leaves it waiting. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"

/* What the report of turn shows again, first made: not reported yet, or
 * reported by that turn or a later one, which a rollback voided. */
#define DUE_FIRST	"(reported IS NULL OR reported >= ?)"

int
store_directive_add(struct store *s, const struct store_directive *d,
    char **cause)
{
	struct txn	t;
	int64_t		removed;
	int		code;

	if ((code = st_game_exists(s, d->game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("player", d->player, cause)) != STORE_OK ||
	    (code = st_check_id("player", d->sender, cause)) != STORE_OK)
		return code;
	if (d->turn < 1 || d->text == NULL || d->text[0] == '\0' ||
	    strlen(d->text) > STORE_DIRECTIVE_MAX)
		return st_cause(cause, STORE_ERROR, "a directive needs a turn "
		    "and a text of 1 to %d bytes", STORE_DIRECTIVE_MAX);
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &removed, "SELECT removed FROM players"
	    " WHERE game = ? AND id = ?", "ss", d->game, d->player);
	if (code == STORE_NOTFOUND || (code == STORE_OK && removed))
		code = st_cause(cause, STORE_NOTFOUND, "game '%s' has no "
		    "active player '%s'", d->game, d->player);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "INSERT INTO directives (game,"
		    " turn, sender, player, text, created) VALUES (?, ?, ?, ?,"
		    " ?, ?)", "sisssl", d->game, d->turn, d->sender,
		    d->player, d->text, d->created);
	return txn_end(s, &t, code, cause);
}

int
store_directive_due(struct store *s, const char *game, const char *player,
    int turn, int again, int (*cb)(const struct store_directive *, void *),
    void *arg, char **cause)
{
	struct store_directive	 d;
	sqlite3_stmt		*st;
	int			 code, row;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, again ? "SELECT id, turn, sender,"
	    " text, created, reported FROM directives WHERE game = ? AND"
	    " player = ? AND reported = ? ORDER BY id" : "SELECT id, turn,"
	    " sender, text, created, reported FROM directives WHERE game = ?"
	    " AND player = ? AND " DUE_FIRST " ORDER BY id", "ssi", game,
	    player, turn);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		memset(&d, 0, sizeof d);
		d.id = sqlite3_column_int64(st, 0);
		d.game = game;
		d.player = player;
		d.turn = sqlite3_column_int(st, 1);
		d.sender = st_col_text(st, 2, 1);
		d.text = st_col_text(st, 3, 1);
		d.created = sqlite3_column_int64(st, 4);
		d.reported = sqlite3_column_int(st, 5);
		if (cb(&d, arg) != 0)
			break;
	}
	st_release(s, st);
	return code;
}

int
store_directive_reported(struct store *s, const char *game,
    const char *player, int turn, int *n, char **cause)
{
	int	code, changes = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, &changes, "UPDATE directives SET reported = ?"
	    " WHERE game = ? AND player = ? AND " DUE_FIRST, "issi", turn,
	    game, player, turn);
	if (n != NULL)
		*n = changes;
	return code;
}
