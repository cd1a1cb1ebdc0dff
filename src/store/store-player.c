/* store-player.c: players and the ships they command (see store.h).
 *
 * A removed player keeps their row (order sets and history point at it)
 * with removed = 1 and no ships; replace brings the id back with a new
 * address and password. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

int
st_player_exists(struct store *s, const char *game, const char *id, int active,
    char **cause)
{
	int64_t	removed;
	int	code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("player", id, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &removed,
	    "SELECT removed FROM players WHERE game = ? AND id = ?", "ss",
	    game, id);
	if (code == STORE_NOTFOUND || (code == STORE_OK && active && removed))
		return st_cause(cause, STORE_NOTFOUND,
		    "game '%s' has no %splayer '%s'", game,
		    code == STORE_OK ? "active " : "", id);
	return code;
}

enum store_code
store_player_add(struct store *s, const char *game, const char *side,
    const char *id, const char *address, const char *password_hash,
    int admiral, char **cause)
{
	int64_t	one;
	int	code;

	if (id == NULL)
		id = side;
	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("side", side, cause)) != STORE_OK ||
	    (code = st_check_id("player", id, cause)) != STORE_OK)
		return code;
	if (address == NULL || address[0] == '\0' || password_hash == NULL ||
	    password_hash[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "player '%s' needs an address and a password hash", id);
	code = st_int64(s, cause, &one,
	    "SELECT 1 FROM sides WHERE game = ? AND id = ?", "ss", game, side);
	if (code == STORE_NOTFOUND)
		return st_cause(cause, code, "game '%s' has no side '%s'",
		    game, side);
	if (code != STORE_OK)
		return code;
	code = st_run(s, cause, NULL,
	    "INSERT INTO players (game, id, side, address, password, admiral)"
	    " VALUES (?, ?, ?, ?, ?, ?)", "sssssi",
	    game, id, side, address, password_hash, admiral ? 1 : 0);
	if (code == STORE_EXISTS)
		return st_cause(cause, code,
		    "game '%s' already has a player '%s'", game, id);
	return code;
}

enum store_code
store_player_remove(struct store *s, const char *game, const char *id,
    char **cause)
{
	struct txn	t;
	int		code;

	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_player_exists(s, game, id, 1, cause);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "DELETE FROM player_ships"
		    " WHERE game = ? AND player = ?", "ss", game, id);
	/* Their squadrons and the commands to come lose their player. */
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "DELETE FROM squadron_commands"
		    " WHERE game = ? AND player = ?", "ss", game, id);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL, "DELETE FROM assignments"
		    " WHERE game = ? AND player = ?", "ss", game, id);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL,
		    "UPDATE players SET removed = 1, admiral = 0"
		    " WHERE game = ? AND id = ?", "ss", game, id);
	return txn_end(s, &t, code, cause);
}

enum store_code
store_player_replace(struct store *s, const char *game, const char *id,
    const char *address, const char *password_hash, char **cause)
{
	int	code;

	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	if (address == NULL || address[0] == '\0' || password_hash == NULL ||
	    password_hash[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "player '%s' needs an address and a password hash", id);
	return st_run(s, cause, NULL,
	    "UPDATE players SET address = ?, password = ?, missed = 0,"
	    " bounces = 0, removed = 0 WHERE game = ? AND id = ?", "ssss",
	    address, password_hash, game, id);
}

enum store_code
store_player_set_address(struct store *s, const char *game, const char *id,
    const char *address, char **cause)
{
	int	code;

	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	if (address == NULL || address[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "player '%s' needs an address", id);
	/* A new address has not bounced yet. */
	return st_run(s, cause, NULL,
	    "UPDATE players SET address = ?, bounces = 0"
	    " WHERE game = ? AND id = ?", "sss", address, game, id);
}

enum store_code
store_player_set_password(struct store *s, const char *game, const char *id,
    const char *password_hash, char **cause)
{
	int	code;

	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	if (password_hash == NULL || password_hash[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "player '%s' needs a password hash", id);
	return st_run(s, cause, NULL, "UPDATE players SET password = ?"
	    " WHERE game = ? AND id = ?", "sss", password_hash, game, id);
}

/* One text column of an active player; sql: "UPDATE players SET col = ?
 * WHERE game = ? AND id = ?" (a constant: no column name is pasted). */
static enum store_code
set_text(struct store *s, const char *sql, const char *game, const char *id,
    const char *value, char **cause)
{
	int	code;

	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL, sql, "sss", value != NULL ? value : "",
	    game, id);
}

enum store_code
store_player_set_timezone(struct store *s, const char *game, const char *id,
    const char *timezone, char **cause)
{
	return set_text(s, "UPDATE players SET timezone = ? WHERE game = ?"
	    " AND id = ?", game, id, timezone, cause);
}

enum store_code
store_player_set_language(struct store *s, const char *game, const char *id,
    const char *language, char **cause)
{
	return set_text(s, "UPDATE players SET language = ? WHERE game = ?"
	    " AND id = ?", game, id, language, cause);
}

enum store_code
store_player_set_absent(struct store *s, const char *game, const char *id,
    int64_t until, char **cause)
{
	int	code;

	if (until < 0)
		return st_cause(cause, STORE_ERROR, "absent until %lld: not a "
		    "time", (long long)until);
	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL, "UPDATE players SET absent_until = ?"
	    " WHERE game = ? AND id = ?", "lss", until, game, id);
}

/* Each statement a constant (docs/store.md: no SQL from values). */
static const struct {
	const char	*name;
	const char	*values[3];
	const char	*sql;
} prefs[] = {
#define X(e, key, v0, v1, v2) { key, { v0, v1, v2 },			\
	"UPDATE players SET " key " = ? WHERE game = ? AND id = ?" },
	STORE_PREFS(X)
#undef X
};

const char *
store_pref_name(enum store_pref k)
{
	return prefs[k].name;
}

int
store_pref_valid(enum store_pref k, const char *value)
{
	size_t	i;

	for (i = 0; i < 3 && prefs[k].values[i] != NULL; i++)
		if (strcmp(prefs[k].values[i], value) == 0)
			return 1;
	return 0;
}

enum store_code
store_player_set_pref(struct store *s, const char *game, const char *id,
    enum store_pref k, const char *value, char **cause)
{
	int	code;

	if (!store_pref_valid(k, value)) {
		if (cause != NULL)
			*cause = xasprintf("%s: no such value '%s'",
			    prefs[k].name, value);
		return STORE_ERROR;
	}
	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL, prefs[k].sql, "sss", value, game, id);
}

enum store_code
store_player_bounce(struct store *s, const char *game, const char *id,
    char **cause)
{
	int	code;

	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL,
	    "UPDATE players SET bounces = bounces + 1"
	    " WHERE game = ? AND id = ?", "ss", game, id);
}

enum store_code
store_player_assign_ships(struct store *s, const char *game, const char *id,
    const char *const *ships, size_t n, char **cause)
{
	struct txn	t;
	size_t		i;
	int		code;

	for (i = 0; i < n; i++) {
		if ((code = st_check_id("ship", ships[i], cause)) != STORE_OK)
			return code;
	}
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_player_exists(s, game, id, 1, cause);
	/* REPLACE on the (game, ship) key moves a ship between players. */
	for (i = 0; code == STORE_OK && i < n; i++)
		code = st_run(s, cause, NULL,
		    "INSERT OR REPLACE INTO player_ships (game, ship, player)"
		    " VALUES (?, ?, ?)", "sss", game, ships[i], id);
	return txn_end(s, &t, code, cause);
}

#define PLAYER_COLUMNS							\
	"game, id, side, address, password, admiral, missed, bounces, removed,"\
	" timezone, svg, story, absent_until, language"

/* The player's own columns (PLAYER_COLUMNS) of st's row; no ships. */
static void
player_row(sqlite3_stmt *st, struct store_player *p)
{
	memset(p, 0, sizeof *p);
	p->game = st_col_dup(st, 0);
	p->id = st_col_dup(st, 1);
	p->side = st_col_dup(st, 2);
	p->address = st_col_dup(st, 3);
	p->password = st_col_dup(st, 4);
	p->admiral = sqlite3_column_int(st, 5);
	p->missed = sqlite3_column_int(st, 6);
	p->bounces = sqlite3_column_int(st, 7);
	p->removed = sqlite3_column_int(st, 8);
	p->timezone = xstrdup(st_col_text(st, 9, 1));
	p->svg = xstrdup(st_col_text(st, 10, 1));
	p->story = xstrdup(st_col_text(st, 11, 1));
	p->absent_until = sqlite3_column_int64(st, 12);
	p->language = xstrdup(st_col_text(st, 13, 1));
}

static void
ship_add(struct store_player *p, sqlite3_stmt *st, int col)
{
	p->ships = xreallocarray(p->ships, p->nships + 1, sizeof *p->ships);
	p->ships[p->nships++] = st_col_dup(st, col);
}

static int
cmp_ship(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
player_fill(struct store *s, sqlite3_stmt *st, struct store_player *p,
    char **cause)
{
	sqlite3_stmt	*sh;
	int		 code, row;

	player_row(st, p);
	/* Sorted here: with ORDER BY ship SQLite walks every ship of the
	 * game in ship order (the primary key) rather than the player's
	 * own (the (game, player) index).  strcmp is SQLite's BINARY. */
	code = st_cached(s, &sh, cause,
	    "SELECT ship FROM player_ships WHERE game = ? AND player = ?",
	    "ss", p->game, p->id);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, sh, &row, cause)) == STORE_OK && row)
		ship_add(p, sh, 0);
	st_release(s, sh);
	if (p->nships > 1)
		qsort(p->ships, p->nships, sizeof *p->ships, cmp_ship);
	return code;
}

static void
player_clear(struct store_player *p)
{
	size_t	i;

	free(p->game);
	free(p->id);
	free(p->side);
	free(p->address);
	free(p->password);
	free(p->timezone);
	free(p->svg);
	free(p->story);
	free(p->language);
	for (i = 0; i < p->nships; i++)
		free(p->ships[i]);
	free(p->ships);
	memset(p, 0, sizeof *p);
}

void
store_player_free(struct store_player *p)
{
	if (p == NULL)
		return;
	player_clear(p);
	free(p);
}

enum store_code
store_player_get(struct store *s, const char *game, const char *id,
    struct store_player **out, char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row;

	*out = NULL;
	if ((code = st_player_exists(s, game, id, 0, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT " PLAYER_COLUMNS
	    " FROM players WHERE game = ? AND id = ?", "ss", game, id);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && !row)
		code = st_cause(cause, STORE_NOTFOUND,
		    "game '%s' has no player '%s'", game, id);
	if (code == STORE_OK) {
		*out = xcalloc(1, sizeof **out);
		code = player_fill(s, st, *out, cause);
		if (code != STORE_OK) {
			store_player_free(*out);
			*out = NULL;
		}
	}
	st_release(s, st);
	return code;
}

static int
cmp_player_id(const void *a, const void *b)
{
	const struct store_player *const *x = a, *const *y = b;

	return strcmp((*x)->id, (*y)->id);
}

/* The ships of the game's players v[0..n), in one pass over the game's
 * ships in ship order (a query for each player went over every ship of
 * the game each time, players x ships), each ship's player found by id:
 * every list comes out sorted by ship, as player_fill's. */
static int
players_ships(struct store *s, const char *game, struct store_player *v,
    size_t n, char **cause)
{
	struct store_player	**by_id = xcalloc(n + 1, sizeof *by_id);
	struct store_player	 key, *kp = &key, **hit;
	sqlite3_stmt		*st = NULL;
	size_t			 i;
	int			 code, row;

	for (i = 0; i < n; i++)
		by_id[i] = &v[i];
	qsort(by_id, n, sizeof *by_id, cmp_player_id);
	code = st_cached(s, &st, cause, "SELECT player, ship FROM player_ships"
	    " WHERE game = ? ORDER BY ship", "s", game);
	while (code == STORE_OK &&
	    (code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		key.id = (char *)st_col_text(st, 0, 1);
		/* The foreign key keeps every ship's player a row. */
		if ((hit = bsearch(&kp, by_id, n, sizeof *by_id,
		    cmp_player_id)) != NULL)
			ship_add(*hit, st, 1);
	}
	st_release(s, st);
	free(by_id);
	return code;
}

enum store_code
store_player_list(struct store *s, const char *game,
    int (*cb)(const struct store_player *, void *), void *arg, char **cause)
{
	struct store_player	*v = NULL;
	sqlite3_stmt		*st;
	size_t			 i, n = 0;
	int			 code, row;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT " PLAYER_COLUMNS
	    " FROM players WHERE game = ? ORDER BY side, id", "s", game);
	if (code != STORE_OK)
		return code;
	while ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
		v = xreallocarray(v, n + 1, sizeof *v);
		player_row(st, &v[n++]);
	}
	st_release(s, st);
	if (code == STORE_OK && n > 0)
		code = players_ships(s, game, v, n, cause);
	/* The statements are done before the first call: cb may use the
	 * store. */
	for (i = 0; code == STORE_OK && i < n; i++)
		if (cb(&v[i], arg) != 0)
			break;
	for (i = 0; i < n; i++)
		player_clear(&v[i]);
	free(v);
	return code;
}
