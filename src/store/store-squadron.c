/* store-squadron.c: who commands the squadrons, and changes of command
 * that wait for the next turn (see store.h, migration 8).
 *
 * A change of command made while a turn is open waits for the start of
 * a later turn (store_assign_later): the orders already sent for the
 * open turn were validated against the commanders they had, so they stay
 * legal, and the turn can always be played.  The adjudication of the
 * turn before applies it (store_assign_due) in the transaction that
 * writes the next state, so a crash never leaves one half done. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

static const char *const assign_kind_names[] = {
#define X(e, s) s,
	STORE_ASSIGN_KINDS(X)
#undef X
};

const char *
store_assign_kind_name(enum store_assign_kind v)
{
	return (unsigned)v < STORE_ASSIGN_KIND_COUNT ?
	    assign_kind_names[v] : "unknown";
}

int
store_squadron_assign(struct store *s, const char *game,
    const char *squadron, const char *player, char **cause)
{
	int	code;

	if ((code = st_check_id("squadron", squadron, cause)) != STORE_OK)
		return code;
	if ((code = st_player_exists(s, game, player, 1, cause)) != STORE_OK)
		return code;
	/* REPLACE on the (game, squadron) key: one player a squadron. */
	return st_run(s, cause, NULL, "INSERT OR REPLACE INTO"
	    " squadron_commands (game, squadron, player) VALUES (?, ?, ?)",
	    "sss", game, squadron, player);
}

int
store_ships_release(struct store *s, const char *game,
    const char *const *ships, size_t n, char **cause)
{
	struct txn	t;
	size_t		i;
	int		code;

	for (i = 0; i < n; i++)
		if ((code = st_check_id("ship", ships[i], cause)) != STORE_OK)
			return code;
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	for (i = 0; code == STORE_OK && i < n; i++)
		code = st_run(s, cause, NULL, "DELETE FROM player_ships"
		    " WHERE game = ? AND ship = ?", "ss", game, ships[i]);
	return txn_end(s, &t, code, cause);
}

int
store_squadron_list(struct store *s, const char *game,
    int (*cb)(const char *, const char *, void *), void *arg, char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT squadron, player FROM"
	    " squadron_commands WHERE game = ? ORDER BY squadron", "s", game);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row)
		if (cb(st_col_text(st, 0, 1), st_col_text(st, 1, 1), arg) != 0)
			break;
	st_release(s, st);
	return code;
}

int
store_assign_later(struct store *s, const char *game,
    const struct store_assignment *a, char **cause)
{
	int	code;

	if ((unsigned)a->kind >= STORE_ASSIGN_KIND_COUNT || a->turn < 1 ||
	    a->actor == NULL)
		return st_cause(cause, STORE_ERROR, "an assignment needs a "
		    "kind, a turn and an actor");
	if ((code = st_check_id(store_assign_kind_name(a->kind), a->what,
	    cause)) != STORE_OK)
		return code;
	if ((code = st_player_exists(s, game, a->player, 1, cause)) !=
	    STORE_OK)
		return code;
	/* The UNIQUE (game, kind, what) key: a later change replaces. */
	return st_run(s, cause, NULL, "INSERT OR REPLACE INTO assignments"
	    " (game, turn, kind, what, player, actor, created)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?)", "sissssl", game, a->turn,
	    store_assign_kind_name(a->kind), a->what, a->player, a->actor,
	    a->created);
}

int
store_assign_pending(struct store *s, const char *game,
    int (*cb)(const struct store_assignment *, void *), void *arg,
    char **cause)
{
	struct store_assignment	 a;
	sqlite3_stmt		*st;
	int			 code, row, k;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT turn, kind, what, player,"
	    " actor, created FROM assignments WHERE game = ?"
	    " ORDER BY turn, kind, what", "s", game);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		memset(&a, 0, sizeof a);
		a.turn = sqlite3_column_int(st, 0);
		if (st_name_parse(assign_kind_names, STORE_ASSIGN_KIND_COUNT,
		    st_col_text(st, 1, 1), &k) != 0)
			continue;	/* the CHECK forbids it */
		a.kind = (enum store_assign_kind)k;
		a.what = st_col_text(st, 2, 1);
		a.player = st_col_text(st, 3, 1);
		a.actor = st_col_text(st, 4, 1);
		a.created = sqlite3_column_int64(st, 5);
		if (cb(&a, arg) != 0)
			break;
	}
	st_release(s, st);
	return code;
}

int
store_assign_due(struct store *s, const char *game, int turn, char **cause)
{
	struct txn	t;
	int		code;

	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	/* Only active players take command (the foreign key holds for a
	 * removed one, but a removed player commands nothing). */
	code = st_run(s, cause, NULL, "INSERT OR REPLACE INTO player_ships"
	    " (game, ship, player) SELECT a.game, a.what, a.player"
	    " FROM assignments a JOIN players p ON p.game = a.game AND"
	    " p.id = a.player WHERE a.game = ? AND a.turn <= ? AND"
	    " a.kind = 'ship' AND p.removed = 0", "si", game, turn);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "INSERT OR REPLACE INTO"
		    " squadron_commands (game, squadron, player)"
		    " SELECT a.game, a.what, a.player FROM assignments a"
		    " JOIN players p ON p.game = a.game AND p.id = a.player"
		    " WHERE a.game = ? AND a.turn <= ? AND"
		    " a.kind = 'squadron' AND p.removed = 0", "si", game,
		    turn);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "DELETE FROM assignments"
		    " WHERE game = ? AND turn <= ?", "si", game, turn);
	return txn_end(s, &t, code, cause);
}

int
store_move_later(struct store *s, const char *game, const struct store_move *m,
    char **cause)
{
	int	code;

	if (m->turn < 1 || m->actor == NULL)
		return st_cause(cause, STORE_ERROR, "a move needs a turn and "
		    "an actor");
	if ((code = st_check_id("ship", m->ship, cause)) != STORE_OK ||
	    (code = st_check_id("squadron", m->squadron, cause)) != STORE_OK)
		return code;
	/* The UNIQUE (game, ship) key: a later move replaces. */
	return st_run(s, cause, NULL, "INSERT OR REPLACE INTO squadron_moves"
	    " (game, turn, ship, squadron, actor, created)"
	    " VALUES (?, ?, ?, ?, ?, ?)", "sisssl", game, m->turn, m->ship,
	    m->squadron, m->actor, m->created);
}

int
store_move_pending(struct store *s, const char *game,
    int (*cb)(const struct store_move *, void *), void *arg, char **cause)
{
	struct store_move	 m;
	sqlite3_stmt		*st;
	int			 code, row;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT turn, ship, squadron, actor,"
	    " created FROM squadron_moves WHERE game = ?"
	    " ORDER BY turn, ship", "s", game);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		memset(&m, 0, sizeof m);
		m.turn = sqlite3_column_int(st, 0);
		m.ship = st_col_text(st, 1, 1);
		m.squadron = st_col_text(st, 2, 1);
		m.actor = st_col_text(st, 3, 1);
		m.created = sqlite3_column_int64(st, 4);
		if (cb(&m, arg) != 0)
			break;
	}
	st_release(s, st);
	return code;
}

int
store_move_done(struct store *s, const char *game, int turn, char **cause)
{
	return st_run(s, cause, NULL, "DELETE FROM squadron_moves"
	    " WHERE game = ? AND turn <= ?", "si", game, turn);
}

int
store_standing_later(struct store *s, const char *game,
    const struct store_standing *o, char **cause)
{
	int	code;

	if (o->turn < 1 || o->actor == NULL || o->standing == NULL)
		return st_cause(cause, STORE_ERROR, "a standing order needs a "
		    "turn, its words and an actor");
	if ((code = st_check_id("squadron", o->squadron, cause)) != STORE_OK)
		return code;
	/* The UNIQUE (game, squadron) key: a later order replaces. */
	return st_run(s, cause, NULL, "INSERT OR REPLACE INTO"
	    " squadron_standing (game, turn, squadron, standing, actor,"
	    " created) VALUES (?, ?, ?, ?, ?, ?)", "sisssl", game, o->turn,
	    o->squadron, o->standing, o->actor, o->created);
}

int
store_standing_pending(struct store *s, const char *game,
    int (*cb)(const struct store_standing *, void *), void *arg,
    char **cause)
{
	struct store_standing	 o;
	sqlite3_stmt		*st;
	int			 code, row;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT turn, squadron, standing,"
	    " actor, created FROM squadron_standing WHERE game = ?"
	    " ORDER BY turn, squadron", "s", game);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		memset(&o, 0, sizeof o);
		o.turn = sqlite3_column_int(st, 0);
		o.squadron = st_col_text(st, 1, 1);
		o.standing = st_col_text(st, 2, 1);
		o.actor = st_col_text(st, 3, 1);
		o.created = sqlite3_column_int64(st, 4);
		if (cb(&o, arg) != 0)
			break;
	}
	st_release(s, st);
	return code;
}

int
store_standing_done(struct store *s, const char *game, int turn,
    char **cause)
{
	return st_run(s, cause, NULL, "DELETE FROM squadron_standing"
	    " WHERE game = ? AND turn <= ?", "si", game, turn);
}
