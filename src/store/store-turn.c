/* store-turn.c: adjudicated turns, states, events, rolls, rollback.
 *
 * A turn is adjudicated once: the transaction that writes state N+1 also
 * sets adjudicated on state N, and refuses when it is already set.  A
 * crash before the commit leaves turn N open, to be adjudicated again.
 * Events, rolls and the order sets used hang off state N+1 (the state the
 * adjudication produced), so that a rollback, which marks N+1 superseded,
 * keeps them as history while the replayed turn writes fresh ones. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

static int
turn_check(const struct store_turn *t, char **cause)
{
	size_t	i;

	if (t->turn < 1 || t->state_xml == NULL)
		return st_cause(cause, STORE_ERROR,
		    "recording turn %d of game '%s': needs a turn >= 1 and a "
		    "state", t->turn, t->game);
	for (i = 0; i < t->nevents; i++) {
		if (t->events[i].kind == NULL || t->events[i].text == NULL)
			return st_cause(cause, STORE_ERROR,
			    "event %zu of turn %d has no kind or text", i + 1,
			    t->turn);
	}
	for (i = 0; i < t->nrolls; i++) {
		if (t->rolls[i].label == NULL || t->rolls[i].purpose == NULL)
			return st_cause(cause, STORE_ERROR,
			    "roll %zu of turn %d has no label or purpose",
			    i + 1, t->turn);
	}
	return STORE_OK;
}

static const char *
nz(const char *s)
{
	return s != NULL ? s : "";
}

static int
insert_events(struct store *s, const struct store_turn *t, int64_t state,
    char **cause)
{
	sqlite3_stmt			*st;
	const struct store_event	*e;
	size_t				 i;
	int				 code, row;

	code = st_cached(s, &st, cause, "INSERT INTO events (state, game,"
	    " turn, seq, phase, kind, ship, other, text)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "");
	for (i = 0; code == STORE_OK && i < t->nevents; i++) {
		e = &t->events[i];
		code = st_rebind(s, st, cause, "lsiiissss", state, t->game,
		    t->turn, (int)i + 1, e->phase, e->kind, nz(e->ship),
		    nz(e->other), e->text);
		if (code == STORE_OK)
			code = st_step(s, st, &row, cause);
	}
	st_release(s, st);
	return code;
}

static int
insert_rolls(struct store *s, const struct store_turn *t, int64_t state,
    char **cause)
{
	sqlite3_stmt		*st;
	const struct store_roll	*r;
	size_t			 i;
	int			 code, row;

	code = st_cached(s, &st, cause, "INSERT INTO rolls (state, game,"
	    " turn, seq, phase, label, purpose, ship, sides, result)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "");
	for (i = 0; code == STORE_OK && i < t->nrolls; i++) {
		r = &t->rolls[i];
		code = st_rebind(s, st, cause, "lsiiisssii", state, t->game,
		    t->turn, (int)i + 1, r->phase, r->label, r->purpose,
		    nz(r->ship), r->sides, r->result);
		if (code == STORE_OK)
			code = st_step(s, st, &row, cause);
	}
	st_release(s, st);
	return code;
}

static int
count_missed(struct store *s, const struct store_turn *t, char **cause)
{
	size_t	i;
	int	code = STORE_OK, n;

	for (i = 0; code == STORE_OK && i < t->nmissed; i++) {
		code = st_run(s, cause, &n, "UPDATE players SET missed ="
		    " missed + 1 WHERE game = ? AND id = ?", "ss", t->game,
		    t->missed[i]);
		if (code == STORE_OK && n == 0)
			code = st_cause(cause, STORE_NOTFOUND,
			    "game '%s' has no player '%s'", t->game,
			    t->missed[i]);
	}
	return code;
}

/* The body of store_turn_record, inside its transaction. */
static int
turn_write(struct store *s, const struct store_turn *t, char **cause)
{
	sqlite3_stmt	*st;
	int64_t		 cur = 0, next;
	int		 code, row, done = 0;

	code = st_cached(s, &st, cause, "SELECT id, adjudicated IS NOT NULL"
	    " FROM states WHERE game = ? AND turn = ? AND superseded = 0",
	    "si", t->game, t->turn);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && row) {
		cur = sqlite3_column_int64(st, 0);
		done = sqlite3_column_int(st, 1);
	}
	st_release(s, st);
	if (code != STORE_OK)
		return code;
	if (!row)
		return st_cause(cause, STORE_NOTFOUND,
		    "game '%s' has no state for turn %d", t->game, t->turn);
	if (done)
		return st_cause(cause, STORE_EXISTS,
		    "turn %d of game '%s' was already adjudicated", t->turn,
		    t->game);
	code = st_run(s, cause, NULL, "UPDATE states SET adjudicated = ?"
	    " WHERE id = ?", "ll", t->now, cur);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "INSERT INTO states (game, turn,"
		    " xml, created) VALUES (?, ?, ?, ?)", "sisl", t->game,
		    t->turn + 1, t->state_xml, t->now);
	if (code == STORE_EXISTS)
		return st_cause(cause, code, "game '%s' already has a state "
		    "for turn %d", t->game, t->turn + 1);
	if (code != STORE_OK)
		return code;
	next = sqlite3_last_insert_rowid(s->db);
	code = st_run(s, cause, NULL, "INSERT INTO turn_orders (state,"
	    " order_set) SELECT ?, id FROM order_sets WHERE game = ? AND"
	    " turn = ? AND in_force = 1", "lsi", next, t->game, t->turn);
	if (code == STORE_OK)
		code = insert_events(s, t, next, cause);
	if (code == STORE_OK)
		code = insert_rolls(s, t, next, cause);
	if (code == STORE_OK)
		code = count_missed(s, t, cause);
	return code;
}

enum store_code
store_turn_record(struct store *s, const struct store_turn *t, char **cause)
{
	struct txn	tx;
	int		code;

	if ((code = st_game_exists(s, t->game, cause)) != STORE_OK)
		return code;
	if ((code = turn_check(t, cause)) != STORE_OK)
		return code;
	if ((code = txn_begin(s, &tx, cause)) != STORE_OK)
		return code;
	code = turn_write(s, t, cause);
	return txn_end(s, &tx, code, cause);
}

enum store_code
store_state_get(struct store *s, const char *game, int turn, char **xml,
    int *turn_out, char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row;

	*xml = NULL;
	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (turn < 0)
		code = st_cached(s, &st, cause, "SELECT xml, turn FROM states"
		    " WHERE game = ? AND superseded = 0"
		    " ORDER BY turn DESC LIMIT 1", "s", game);
	else
		code = st_cached(s, &st, cause, "SELECT xml, turn FROM states"
		    " WHERE game = ? AND turn = ? AND superseded = 0", "si",
		    game, turn);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && !row)
		code = st_cause(cause, STORE_NOTFOUND,
		    "game '%s' has no state for turn %d", game, turn);
	if (code == STORE_OK) {
		*xml = st_col_dup(st, 0);
		if (turn_out != NULL)
			*turn_out = sqlite3_column_int(st, 1);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_state_set(struct store *s, const char *game, int turn, const char *xml,
    char **cause)
{
	int64_t	done;
	int	code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (xml == NULL)
		return st_cause(cause, STORE_ERROR, "no state given");
	/* One statement: the check and the write need no transaction of
	 * their own, and join the caller's. */
	code = st_int64(s, cause, &done, "SELECT adjudicated IS NOT NULL"
	    " FROM states WHERE game = ? AND turn = ? AND superseded = 0",
	    "si", game, turn);
	if (code == STORE_NOTFOUND)
		return st_cause(cause, code,
		    "game '%s' has no state for turn %d", game, turn);
	if (code == STORE_OK && done)
		return st_cause(cause, STORE_EXISTS, "turn %d of game '%s' "
		    "was already adjudicated: roll back to it first", turn,
		    game);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE states SET xml = ? WHERE"
		    " game = ? AND turn = ? AND superseded = 0", "ssi", xml,
		    game, turn);
	return code;
}

enum store_code
store_state_history(struct store *s, const char *game,
    int (*cb)(const struct store_state_info *, void *), void *arg,
    char **cause)
{
	struct store_state_info	 i;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT id, turn, created,"
	    " adjudicated, superseded FROM states WHERE game = ? ORDER BY id",
	    "s", game);
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		i.id = sqlite3_column_int64(st, 0);
		i.turn = sqlite3_column_int(st, 1);
		i.created = sqlite3_column_int64(st, 2);
		i.adjudicated = sqlite3_column_int64(st, 3);
		i.superseded = sqlite3_column_int(st, 4);
		stop = cb(&i, arg);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_events_list(struct store *s, const char *game, int turn,
    int (*cb)(const struct store_event_row *, void *), void *arg,
    char **cause)
{
	struct store_event_row	 e;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT e.turn, e.seq, e.phase,"
	    " e.kind, e.ship, e.other, e.text FROM events e JOIN states"
	    " ON states.id = e.state WHERE e.game = ? AND e.turn = ?"
	    " AND states.superseded = 0 ORDER BY e.seq", "si", game, turn);
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		e.turn = sqlite3_column_int(st, 0);
		e.seq = sqlite3_column_int(st, 1);
		e.phase = sqlite3_column_int(st, 2);
		e.kind = st_col_text(st, 3, 1);
		e.ship = st_col_text(st, 4, 1);
		e.other = st_col_text(st, 5, 1);
		e.text = st_col_text(st, 6, 1);
		stop = cb(&e, arg);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_rolls_list(struct store *s, const char *game, int turn,
    int (*cb)(const struct store_roll_row *, void *), void *arg,
    char **cause)
{
	struct store_roll_row	 r;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT r.turn, r.seq, r.phase,"
	    " r.label, r.purpose, r.ship, r.sides, r.result FROM rolls r"
	    " JOIN states ON states.id = r.state WHERE r.game = ? AND"
	    " r.turn = ? AND states.superseded = 0 ORDER BY r.seq", "si",
	    game, turn);
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		r.turn = sqlite3_column_int(st, 0);
		r.seq = sqlite3_column_int(st, 1);
		r.phase = sqlite3_column_int(st, 2);
		r.label = st_col_text(st, 3, 1);
		r.purpose = st_col_text(st, 4, 1);
		r.ship = st_col_text(st, 5, 1);
		r.sides = sqlite3_column_int(st, 6);
		r.result = sqlite3_column_int(st, 7);
		stop = cb(&r, arg);
	}
	st_release(s, st);
	return code;
}

/* The body of store_rollback, inside its transaction. */
static int
rollback_write(struct store *s, const char *game, int turn,
    const char *actor, const char *reason, int64_t now, char **cause)
{
	int64_t	 adjudicated;
	char	*details;
	int	 code;

	code = st_int64(s, cause, &adjudicated, "SELECT adjudicated IS NOT"
	    " NULL FROM states WHERE game = ? AND turn = ? AND"
	    " superseded = 0", "si", game, turn);
	if (code == STORE_NOTFOUND)
		return st_cause(cause, code,
		    "game '%s' has no state for turn %d", game, turn);
	if (code == STORE_OK && !adjudicated)
		return st_cause(cause, STORE_NOTFOUND, "turn %d of game '%s' "
		    "is the current turn: there is nothing to roll back",
		    turn, game);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE states SET superseded ="
		    " 1 WHERE game = ? AND turn > ? AND superseded = 0", "si",
		    game, turn);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE states SET adjudicated ="
		    " NULL WHERE game = ? AND turn = ? AND superseded = 0",
		    "si", game, turn);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "UPDATE order_sets SET in_force"
		    " = 0, rolled_back = 1 WHERE game = ? AND turn > ? AND"
		    " rolled_back = 0", "si", game, turn);
	if (code != STORE_OK)
		return code;
	details = xasprintf("to the start of turn %d: %s", turn, reason);
	code = store_audit_add(s, game, now, actor, "rollback", details,
	    cause);
	free(details);
	return code;
}

enum store_code
store_rollback(struct store *s, const char *game, int turn,
    const char *actor, const char *reason, int64_t now, char **cause)
{
	struct txn	t;
	int		code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (actor == NULL || actor[0] == '\0' || reason == NULL ||
	    reason[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "a rollback needs an actor and a reason");
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = rollback_write(s, game, turn, actor, reason, now, cause);
	return txn_end(s, &t, code, cause);
}
