/* store-attempt.c: attempts at processing a mail (see store.h).
 *
 * The daemon records an attempt before it parses a mail's bytes, and
 * ends it once the processing returned, whatever it said.  A failure
 * that is the mail's doing is counted apart: the parser's child crashed
 * or broke a limit, or the daemon itself crashed with the mail in hand
 * (its fatal-signal handler leaves the digest for the next start).  After
 * two, the mail is quarantined instead of tried again, so that one mail
 * cannot stop all mail (docs/intake.md).  An attempt cut short from
 * outside (SIGKILL, a stop, a power cut) is no failure: the mail is
 * processed again as if nothing had happened, as crash consistency
 * wants.
 *
 * These writes must survive a crash of the process, not of the machine:
 * a power cut that loses one only costs the mail one more try.  So they
 * commit with synchronous = NORMAL (WAL: written, not synced), which
 * makes them nearly free beside the mail's own transaction. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

#include "store-int.h"

/* A light transaction: committed with synchronous = NORMAL when it is
 * one of its own (in autocommit), or a savepoint of the caller's. */
struct light {
	struct txn	t;
	int		light, sync;
};

static int
light_begin(struct store *s, struct light *l, char **cause)
{
	int	code;

	l->sync = 2;
	l->light = sqlite3_get_autocommit(s->db);
	if (l->light)
		l->sync = st_synchronous(s, 1);
	if ((code = txn_begin(s, &l->t, cause)) != STORE_OK && l->light)
		(void)st_synchronous(s, l->sync);
	return code;
}

/* Commits (code STORE_OK) or undoes what light_begin began. */
static int
light_end(struct store *s, struct light *l, int code, char **cause)
{
	code = txn_end(s, &l->t, code, cause);
	if (l->light)
		(void)st_synchronous(s, l->sync);
	return code;
}

int
st_run_light(struct store *s, char **cause, int *changes, const char *sql,
    const char *fmt, ...)
{
	sqlite3_stmt	*st;
	struct light	 l;
	va_list		 ap;
	int		 code, row;

	if ((code = light_begin(s, &l, cause)) == STORE_OK) {
		va_start(ap, fmt);
		code = st_vcached(s, &st, cause, sql, fmt, ap);
		va_end(ap);
		if (code == STORE_OK) {
			do
				code = st_step(s, st, &row, cause);
			while (code == STORE_OK && row);
			if (changes != NULL)
				*changes = sqlite3_changes(s->db);
			st_release(s, st);
		}
		code = light_end(s, &l, code, cause);
	}
	return code;
}

static int
check_digest(const char *digest, char **cause)
{
	if (digest == NULL || digest[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "a mail attempt needs the mail's digest");
	return STORE_OK;
}

/* The row is read and counted in one light transaction: a read of its
 * own, then a write, were two, each taking and releasing the log's locks
 * (issue 16: system calls a mail). */
enum store_code
store_attempt_begin(struct store *s, const char *digest, int64_t now,
    int *failures, int *quarantined, char **cause)
{
	sqlite3_stmt	*st;
	struct light	 l;
	int		 code, row;

	*failures = 0;
	*quarantined = 0;
	if ((code = check_digest(digest, cause)) != STORE_OK)
		return code;
	if ((code = light_begin(s, &l, cause)) != STORE_OK)
		return code;
	code = st_cached(s, &st, cause, "SELECT failures, quarantined IS NOT"
	    " NULL FROM mail_attempts WHERE digest = ?", "s", digest);
	if (code == STORE_OK) {
		if ((code = st_step(s, st, &row, cause)) == STORE_OK && row) {
			*failures = sqlite3_column_int(st, 0);
			*quarantined = sqlite3_column_int(st, 1);
		}
		st_release(s, st);
	}
	if (code == STORE_OK && !*quarantined)
		code = st_run(s, cause, NULL, "INSERT INTO mail_attempts"
		    " (digest, attempts, first, last) VALUES (?1, 1, ?2, ?2)"
		    " ON CONFLICT (digest) DO UPDATE SET attempts = attempts"
		    " + 1, last = ?2", "sl", digest, now);
	return light_end(s, &l, code, cause);
}

enum store_code
store_attempt_fail(struct store *s, const char *digest, int64_t now,
    char **cause)
{
	int	code;

	if ((code = check_digest(digest, cause)) != STORE_OK)
		return code;
	return st_run_light(s, cause, NULL, "INSERT INTO mail_attempts (digest,"
	    " failures, first, last) VALUES (?1, 1, ?2, ?2) ON CONFLICT"
	    " (digest) DO UPDATE SET failures = failures + 1, attempts ="
	    " max(attempts - 1, 0), last = ?2", "sl", digest, now);
}

enum store_code
store_attempt_end(struct store *s, const char *digest, char **cause)
{
	int	code;

	if ((code = check_digest(digest, cause)) != STORE_OK)
		return code;
	/* The mail got through: a failure before no longer matters. */
	return st_run_light(s, cause, NULL, "DELETE FROM mail_attempts WHERE digest = ?"
	    " AND quarantined IS NULL", "s", digest);
}

enum store_code
store_attempt_quarantine(struct store *s, const char *digest, int64_t now,
    char **cause)
{
	int	code;

	if ((code = check_digest(digest, cause)) != STORE_OK)
		return code;
	return st_run(s, cause, NULL, "INSERT INTO mail_attempts (digest,"
	    " attempts, first, last, quarantined) VALUES (?1, 0, ?2, ?2, ?2)"
	    " ON CONFLICT (digest) DO UPDATE SET quarantined = ?2", "sl",
	    digest, now);
}
