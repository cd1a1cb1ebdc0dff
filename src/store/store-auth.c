/* store-auth.c: wrong passwords and lock-outs (see store.h; issue 10).
 *
 * The store only counts: what a key is, how many failures make a
 * lock-out and for how long are the caller's (mailproc-auth.c, from
 * navarchd.conf).  Every change is one read and one write inside one
 * transaction, so two processes cannot both count the same failure as
 * the one that locks. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "strutil.h"
#include "xalloc.h"

char *
store_auth_key_player(const char *game, const char *player)
{
	return xasprintf("player:%s:%s", game, player);
}

char *
store_auth_key_gm(const char *game)
{
	return xasprintf("gm:%s", game);
}

char *
store_auth_key_sender(const char *address)
{
	return str_lower(xasprintf("sender:%s", address));
}

static int
check_key(const char *key, char **cause)
{
	if (key == NULL || key[0] == '\0')
		return st_cause(cause, STORE_ERROR, "a password record needs "
		    "a key");
	return STORE_OK;
}

/* Reads key's row into *out (zeroed when there is none): STORE_OK, or
 * an error. */
static int
read_row(struct store *s, const char *key, struct store_auth *out,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row;

	memset(out, 0, sizeof *out);
	code = st_cached(s, &st, cause, "SELECT failures, last_failure,"
	    " locked_until, lockouts FROM auth_failures WHERE key = ?", "s",
	    key);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && row) {
		out->failures = sqlite3_column_int(st, 0);
		out->last_failure = sqlite3_column_int64(st, 1);
		out->locked_until = sqlite3_column_int64(st, 2);
		out->lockouts = sqlite3_column_int(st, 3);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_auth_get(struct store *s, const char *key, struct store_auth *out,
    char **cause)
{
	int	code;

	memset(out, 0, sizeof *out);
	if ((code = check_key(key, cause)) != STORE_OK)
		return code;
	return read_row(s, key, out, cause);
}

enum store_code
store_auth_fail(struct store *s, const char *key, int64_t now, int max,
    int64_t window, int64_t lockout, int *locked, struct store_auth *out,
    char **cause)
{
	struct store_auth	a;
	struct txn		t;
	int			code;

	*locked = 0;
	if ((code = check_key(key, cause)) != STORE_OK)
		return code;
	if (max < 1 || lockout < 0 || window < 0)
		return st_cause(cause, STORE_ERROR, "bad lock-out settings");
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = read_row(s, key, &a, cause);
	if (code == STORE_OK && a.locked_until > now)
		goto done;	/* locked: not counted, not lengthened */
	if (code == STORE_OK) {
		if (a.failures > 0 && now - a.last_failure > window)
			a.failures = 0;
		a.failures++;
		a.last_failure = now;
		if (a.failures >= max) {
			a.failures = 0;
			a.locked_until = now + lockout;
			a.lockouts++;
			*locked = 1;
		}
		code = st_run(s, cause, NULL, "INSERT INTO auth_failures (key,"
		    " failures, last_failure, locked_until, lockouts)"
		    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET"
		    " failures = excluded.failures,"
		    " last_failure = excluded.last_failure,"
		    " locked_until = excluded.locked_until,"
		    " lockouts = excluded.lockouts", "silli", key, a.failures,
		    a.last_failure, a.locked_until, a.lockouts);
	}
done:
	if (code == STORE_OK && out != NULL)
		*out = a;
	if (code != STORE_OK)
		*locked = 0;
	return txn_end(s, &t, code, cause);
}

enum store_code
store_auth_success(struct store *s, const char *key, char **cause)
{
	int	code;

	if ((code = check_key(key, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL, "UPDATE auth_failures SET failures = 0"
	    " WHERE key = ? AND failures > 0", "s", key);
}

enum store_code
store_auth_clear(struct store *s, const char *key, char **cause)
{
	int	code, changes = 0;

	if ((code = check_key(key, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, &changes, "UPDATE auth_failures SET"
	    " failures = 0, locked_until = 0 WHERE key = ? AND"
	    " (failures > 0 OR locked_until > 0)", "s", key);
	if (code == STORE_OK && changes == 0)
		return st_cause(cause, STORE_NOTFOUND, "no wrong password is "
		    "recorded for %s", key);
	return code;
}
