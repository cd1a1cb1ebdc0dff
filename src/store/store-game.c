/* store-game.c: games, sides, observers and seeds (see store.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "password.h"
#include "store-int.h"
#include "xalloc.h"

static const char *const game_status_names[] = {
#define X(e, s) s,
	STORE_GAME_STATUSES(X)
#undef X
};
static const char *const source_names[] = {
#define X(e, s) s,
	STORE_SOURCES(X)
#undef X
};
static const char *const outbox_status_names[] = {
#define X(e, s) s,
	STORE_OUTBOX_STATUSES(X)
#undef X
};

int
st_name_parse(const char *const *names, int n, const char *s, int *out)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (strcmp(names[i], s) == 0) {
			*out = i;
			return 0;
		}
	}
	return -1;
}

const char *
store_game_status_name(enum store_game_status v)
{
	return (unsigned)v < STORE_GAME_STATUS_COUNT ?
	    game_status_names[v] : "unknown";
}

int
store_game_status_parse(const char *s, enum store_game_status *out)
{
	int	i;

	if (st_name_parse(game_status_names, STORE_GAME_STATUS_COUNT, s, &i))
		return -1;
	*out = (enum store_game_status)i;
	return 0;
}

const char *
store_source_name(enum store_source v)
{
	return (unsigned)v < STORE_SOURCE_COUNT ? source_names[v] : "unknown";
}

int
store_source_parse(const char *s, enum store_source *out)
{
	int	i;

	if (st_name_parse(source_names, STORE_SOURCE_COUNT, s, &i))
		return -1;
	*out = (enum store_source)i;
	return 0;
}

const char *
store_outbox_status_name(enum store_outbox_status v)
{
	return (unsigned)v < STORE_OUTBOX_STATUS_COUNT ?
	    outbox_status_names[v] : "unknown";
}

int
store_outbox_status_parse(const char *s, enum store_outbox_status *out)
{
	int	i;

	if (st_name_parse(outbox_status_names, STORE_OUTBOX_STATUS_COUNT, s, &i))
		return -1;
	*out = (enum store_outbox_status)i;
	return 0;
}

void
store_seed_commitment(const char *seed, char out[65])
{
	static const char	 hex[] = "0123456789abcdef";
	struct sha256_ctx	 ctx;
	uint8_t			 dg[SHA256_DIGEST_SIZE];
	size_t			 i;

	sha256_init(&ctx);
	sha256_update(&ctx, strlen(seed), (const uint8_t *)seed);
	sha256_digest(&ctx, sizeof dg, dg);
	for (i = 0; i < sizeof dg; i++) {
		out[2 * i] = hex[dg[i] >> 4];
		out[2 * i + 1] = hex[dg[i] & 15];
	}
	out[2 * sizeof dg] = '\0';
}

/* A new secret seed: 32 bytes from the OS, as 64 hex digits. */
static int
seed_new(char out[65], char **cause)
{
	static const char	hex[] = "0123456789abcdef";
	unsigned char		b[32];
	size_t			i;

	if (password_random(b, sizeof b, cause) != 0)
		return STORE_ERROR;
	for (i = 0; i < sizeof b; i++) {
		out[2 * i] = hex[b[i] >> 4];
		out[2 * i + 1] = hex[b[i] & 15];
	}
	out[64] = '\0';
	return STORE_OK;
}

static int
game_insert(struct store *s, const struct store_game_new *g,
    const char *seed, char **cause)
{
	char	commit[65];
	int	code;
	size_t	i;

	store_seed_commitment(seed, commit);
	code = st_run(s, cause, NULL,
	    "INSERT INTO games (id, ruleset, scenario, settings, deadline,"
	    " gm_address, gm_password, seed, seed_commitment, created)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "sssstssssl",
	    g->id, g->ruleset, g->scenario,
	    g->settings != NULL ? g->settings : "",
	    g->deadline, g->gm_address, g->gm_password, seed, commit, g->now);
	if (code == STORE_EXISTS)
		return st_cause(cause, code, "game '%s' already exists",
		    g->id);
	if (code != STORE_OK)
		return code;
	for (i = 0; code == STORE_OK && i < g->nsides; i++)
		code = store_side_add(s, g->id, g->sides[i], cause);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL,
		    "INSERT INTO states (game, turn, xml, created)"
		    " VALUES (?, ?, ?, ?)", "sisl",
		    g->id, g->first_turn, g->scenario, g->now);
	return code;
}

enum store_code
store_game_create(struct store *s, const struct store_game_new *g,
    char **cause)
{
	struct txn	 t;
	char		 seed[65];
	int		 code;

	if ((code = st_check_id("game", g->id, cause)) != STORE_OK)
		return code;
	if (g->ruleset == NULL || g->scenario == NULL)
		return st_cause(cause, STORE_ERROR,
		    "game '%s' needs a ruleset and a scenario", g->id);
	if (g->nsides == 0)
		return st_cause(cause, STORE_ERROR,
		    "game '%s' needs at least one side", g->id);
	if (g->first_turn < 1)
		return st_cause(cause, STORE_ERROR,
		    "game '%s': the first turn is %d; it must be 1 or more",
		    g->id, g->first_turn);
	if (g->seed == NULL && (code = seed_new(seed, cause)) != STORE_OK)
		return code;
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = game_insert(s, g, g->seed != NULL ? g->seed : seed, cause);
	explicit_bzero(seed, sizeof seed);
	return txn_end(s, &t, code, cause);
}

#define GAME_COLUMNS							\
	"id, ruleset, settings, status, deadline, gm_address,"		\
	" gm_password, seed, seed_commitment, seed_revealed, created,"	\
	" (SELECT MAX(turn) FROM states WHERE game = games.id"		\
	" AND superseded = 0), paused_left"

static void
game_fill(sqlite3_stmt *st, struct store_game *g)
{
	enum store_game_status	v = STORE_GAME_PLAYING;

	g->id = st_col_dup(st, 0);
	g->ruleset = st_col_dup(st, 1);
	g->settings = st_col_dup(st, 2);
	/* The CHECK constraint guarantees a known name. */
	store_game_status_parse(st_col_text(st, 3, 1), &v);
	g->status = v;
	g->deadline = sqlite3_column_int64(st, 4);
	g->gm_address = st_col_dup(st, 5);
	g->gm_password = st_col_dup(st, 6);
	g->seed = st_col_dup(st, 7);
	g->seed_commitment = st_col_dup(st, 8);
	g->seed_revealed = sqlite3_column_int(st, 9);
	g->created = sqlite3_column_int64(st, 10);
	g->turn = sqlite3_column_int(st, 11);
	g->paused_left = sqlite3_column_type(st, 12) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 12);
}

static void
game_clear(struct store_game *g)
{
	free(g->id);
	free(g->ruleset);
	free(g->settings);
	free(g->gm_address);
	free(g->gm_password);
	if (g->seed != NULL)
		explicit_bzero(g->seed, strlen(g->seed));
	free(g->seed);
	free(g->seed_commitment);
	memset(g, 0, sizeof *g);
}

void
store_game_free(struct store_game *g)
{
	if (g == NULL)
		return;
	game_clear(g);
	free(g);
}

/* Runs sql (one row of games, id the one parameter) and steps to that row:
 * STORE_OK with *st on it, to be released (st_release) by the caller
 * whatever the code; STORE_NOTFOUND, STORE_BUSY, STORE_ERROR. */
static int
game_row(struct store *s, const char *sql, const char *id,
    sqlite3_stmt **st, char **cause)
{
	int	code, row;

	*st = NULL;
	if ((code = st_check_id("game", id, cause)) != STORE_OK ||
	    (code = st_cached(s, st, cause, sql, "s", id)) != STORE_OK)
		return code;
	code = st_step(s, *st, &row, cause);
	if (code == STORE_OK && !row)
		code = st_cause(cause, STORE_NOTFOUND, "no game '%s'", id);
	return code;
}

enum store_code
store_game_get(struct store *s, const char *id, struct store_game **out,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code;

	*out = NULL;
	code = game_row(s, "SELECT " GAME_COLUMNS " FROM games WHERE id = ?",
	    id, &st, cause);
	if (code == STORE_OK) {
		*out = xcalloc(1, sizeof **out);
		game_fill(st, *out);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_game_scenario(struct store *s, const char *id, char **out,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code;

	*out = NULL;
	code = game_row(s, "SELECT scenario FROM games WHERE id = ?", id, &st,
	    cause);
	if (code == STORE_OK)
		*out = st_col_dup(st, 0);
	st_release(s, st);
	return code;
}

enum store_code
store_game_list(struct store *s,
    int (*cb)(const struct store_game *, void *), void *arg, char **cause)
{
	struct store_game	 g;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	code = st_cached(s, &st, cause,
	    "SELECT " GAME_COLUMNS " FROM games ORDER BY id", "");
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		game_fill(st, &g);
		stop = cb(&g, arg);
		game_clear(&g);
	}
	st_release(s, st);
	return code;
}

/* Runs an UPDATE of one game's row; no row changed means no such game. */
static int
game_update(struct store *s, const char *id, char **cause, const char *sql,
    const char *fmt, ...)
{
	sqlite3_stmt	*st;
	va_list		 ap;
	int		 code, row;

	if ((code = st_check_id("game", id, cause)) != STORE_OK)
		return code;
	va_start(ap, fmt);
	code = st_vcached(s, &st, cause, sql, fmt, ap);
	va_end(ap);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && sqlite3_changes(s->db) == 0)
		code = st_cause(cause, STORE_NOTFOUND, "no game '%s'", id);
	st_release(s, st);
	return code;
}

enum store_code
store_game_set_status(struct store *s, const char *id,
    enum store_game_status v, char **cause)
{
	if ((unsigned)v >= STORE_GAME_STATUS_COUNT)
		return st_cause(cause, STORE_ERROR, "unknown game status %d",
		    (int)v);
	return game_update(s, id, cause,
	    "UPDATE games SET status = ? WHERE id = ?", "ss",
	    store_game_status_name(v), id);
}

enum store_code
store_game_set_deadline(struct store *s, const char *id, int64_t deadline,
    char **cause)
{
	return game_update(s, id, cause,
	    "UPDATE games SET deadline = ? WHERE id = ?", "ts", deadline, id);
}

enum store_code
store_game_set_paused_left(struct store *s, const char *id, int64_t left,
    char **cause)
{
	if (left < 0)
		return game_update(s, id, cause,
		    "UPDATE games SET paused_left = NULL WHERE id = ?", "s", id);
	return game_update(s, id, cause,
	    "UPDATE games SET paused_left = ? WHERE id = ?", "ls", left, id);
}

enum store_code
store_game_set_settings(struct store *s, const char *id,
    const char *settings, char **cause)
{
	return game_update(s, id, cause,
	    "UPDATE games SET settings = ? WHERE id = ?", "ss",
	    settings != NULL ? settings : "", id);
}

enum store_code
store_game_set_gm(struct store *s, const char *id, const char *address,
    const char *password_hash, char **cause)
{
	return game_update(s, id, cause,
	    "UPDATE games SET gm_address = ?, gm_password = ? WHERE id = ?",
	    "sss", address, password_hash, id);
}

enum store_code
store_seed_reveal(struct store *s, const char *id, const char *actor,
    int64_t now, char **cause)
{
	struct txn	t;
	int64_t		revealed;
	int		code;

	if ((code = st_check_id("game", id, cause)) != STORE_OK)
		return code;
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &revealed,
	    "SELECT seed_revealed FROM games WHERE id = ?", "s", id);
	if (code == STORE_NOTFOUND)
		code = st_cause(cause, code, "no game '%s'", id);
	else if (code == STORE_OK && revealed)
		code = st_cause(cause, STORE_EXISTS,
		    "the seed of game '%s' is already revealed", id);
	if (code == STORE_OK)
		code = st_run(s, cause, NULL,
		    "UPDATE games SET seed_revealed = 1 WHERE id = ?", "s", id);
	if (code == STORE_OK)
		code = store_audit_add(s, id, now, actor, "seed-reveal", NULL,
		    cause);
	return txn_end(s, &t, code, cause);
}

/* --- sides and observers --------------------------------------------- */

enum store_code
store_side_add(struct store *s, const char *game, const char *side,
    char **cause)
{
	int	code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if ((code = st_check_id("side", side, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, NULL,
	    "INSERT INTO sides (game, id) VALUES (?, ?)", "ss", game, side);
	if (code == STORE_EXISTS)
		return st_cause(cause, code,
		    "game '%s' already has a side '%s'", game, side);
	return code;
}

/* Walks a one-text-column query bound to the game. */
static int
list_texts(struct store *s, const char *game, const char *sql,
    int (*cb)(const char *, void *), void *arg, char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row, stop = 0;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if ((code = st_cached(s, &st, cause, sql, "s", game)) != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row)
		stop = cb(st_col_text(st, 0, 1), arg);
	st_release(s, st);
	return code;
}

enum store_code
store_side_list(struct store *s, const char *game,
    int (*cb)(const char *, void *), void *arg, char **cause)
{
	return list_texts(s, game,
	    "SELECT id FROM sides WHERE game = ? ORDER BY id", cb, arg, cause);
}

enum store_code
store_observer_add(struct store *s, const char *game, const char *address,
    char **cause)
{
	int	code;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	if (address == NULL || address[0] == '\0')
		return st_cause(cause, STORE_ERROR, "an observer needs an "
		    "address");
	code = st_run(s, cause, NULL,
	    "INSERT INTO observers (game, address) VALUES (?, ?)", "ss",
	    game, address);
	if (code == STORE_EXISTS)
		return st_cause(cause, code,
		    "%s already observes game '%s'", address, game);
	return code;
}

enum store_code
store_observer_remove(struct store *s, const char *game, const char *address,
    char **cause)
{
	int	code, n;

	if ((code = st_game_exists(s, game, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, &n,
	    "DELETE FROM observers WHERE game = ? AND address = ?", "ss",
	    game, address);
	if (code == STORE_OK && n == 0)
		return st_cause(cause, STORE_NOTFOUND,
		    "%s does not observe game '%s'", address, game);
	return code;
}

enum store_code
store_observer_list(struct store *s, const char *game,
    int (*cb)(const char *, void *), void *arg, char **cause)
{
	return list_texts(s, game,
	    "SELECT address FROM observers WHERE game = ? ORDER BY address",
	    cb, arg, cause);
}
