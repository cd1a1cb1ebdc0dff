/* store-stmt.c: the connection's cache of prepared statements.
 *
 * Preparing a statement parses and plans its SQL: for the short queries
 * of a mail's intake that was a seventh of the work (issue 16).  A store
 * function asks st_cached() for its statement and hands it back with
 * st_release(); the statement is prepared once per connection
 * (SQLITE_PREPARE_PERSISTENT) and reset and unbound, not finalized, when
 * handed back.
 *
 * Invariants:
 * - A statement in the table that is not lent out is reset and has no
 *   bindings: it holds no read transaction, no lock and no pointer into a
 *   caller's memory (text is bound SQLITE_STATIC).
 * - An entry's key is the statement's own text (sqlite3_sql()), equal to
 *   the SQL it was asked for: a text holding more than one statement is
 *   never cached.  So st_release() finds an entry from the statement.
 * - A statement is lent to one caller at a time: asking for a text whose
 *   statement is out (a query nested in a walk of the same query) gets a
 *   statement of its own, finalized when released.
 * Schema changes need nothing here: SQLite prepares a statement again
 * when the schema it was planned on changes (a migration, another
 * process).  An error, a busy database or a rollback leaves a statement
 * reusable once reset. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

/* Slots of the open-addressed table (a power of two), and the most
 * statements kept: the store has a few hundred texts, all static. */
#define ST_SLOTS	1024
#define ST_MAX		(ST_SLOTS / 2)

struct st_entry {
	sqlite3_stmt	*st;	/* NULL: a free slot (never deleted) */
	uint32_t	 hash;
	int		 lent;
};

struct st_cache {
	struct st_entry	 slots[ST_SLOTS];
	size_t		 n;
};

/* FNV-1a of the text. */
static uint32_t
hash_text(const char *s)
{
	uint32_t	h = 2166136261u;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return h;
}

/* The entry of sql's statement, or the free slot where it would go. */
static struct st_entry *
find(struct st_cache *c, const char *sql, uint32_t h)
{
	struct st_entry	*e;
	size_t		 i;

	for (i = h & (ST_SLOTS - 1);; i = (i + 1) & (ST_SLOTS - 1)) {
		e = &c->slots[i];
		if (e->st == NULL)
			return e;
		if (e->hash == h && strcmp(sqlite3_sql(e->st), sql) == 0)
			return e;
	}
}

/* Prepares sql into *stmt: persistent and in the table when e (a free
 * slot) is given and the text is one statement, else a statement of the
 * caller's own. */
static int
prepare(struct store *s, struct st_entry *e, uint32_t h, const char *sql,
    sqlite3_stmt **stmt, char **cause)
{
	const char	*tail;
	int		 rc;

	rc = sqlite3_prepare_v3(s->db, sql, -1,
	    e != NULL ? SQLITE_PREPARE_PERSISTENT : 0, stmt, &tail);
	if (rc != SQLITE_OK) {
		*stmt = NULL;
		return st_fail(s, rc, "prepare", cause);
	}
	if (e != NULL && *stmt != NULL && *tail == '\0' &&
	    strcmp(sqlite3_sql(*stmt), sql) == 0) {
		e->st = *stmt;
		e->hash = h;
		e->lent = 1;
		s->cache->n++;
	}
	return STORE_OK;
}

int
st_vcached(struct store *s, sqlite3_stmt **stmt, char **cause,
    const char *sql, const char *fmt, va_list ap)
{
	struct st_entry	*e;
	uint32_t	 h;
	int		 code, rc;

	*stmt = NULL;
	if (s->cache == NULL)
		s->cache = xcalloc(1, sizeof *s->cache);
	h = hash_text(sql);
	e = find(s->cache, sql, h);
	if (e->st != NULL && !e->lent) {
		e->lent = 1;
		*stmt = e->st;
	} else {
		if (e->st != NULL || s->cache->n >= ST_MAX)
			e = NULL;
		if ((code = prepare(s, e, h, sql, stmt, cause)) != STORE_OK)
			return code;
		if (*stmt == NULL)	/* only a comment or blanks */
			return st_cause(cause, STORE_ERROR,
			    "prepare: no statement in '%s'", sql);
	}
	rc = st_bind(*stmt, fmt, ap);
	if (rc != SQLITE_OK) {
		code = st_fail(s, rc, "bind", cause);
		st_release(s, *stmt);
		*stmt = NULL;
		return code;
	}
	return STORE_OK;
}

int
st_cached(struct store *s, sqlite3_stmt **stmt, char **cause,
    const char *sql, const char *fmt, ...)
{
	va_list	ap;
	int	code;

	va_start(ap, fmt);
	code = st_vcached(s, stmt, cause, sql, fmt, ap);
	va_end(ap);
	return code;
}

void
st_release(struct store *s, sqlite3_stmt *st)
{
	struct st_entry	*e;

	if (st == NULL)
		return;
	if (s->cache != NULL) {
		e = find(s->cache, sqlite3_sql(st), hash_text(sqlite3_sql(st)));
		if (e->st == st) {
			/* Its error, if the last step failed, was told. */
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			e->lent = 0;
			return;
		}
	}
	sqlite3_finalize(st);
}

size_t
st_cache_count(struct store *s)
{
	return s->cache != NULL ? s->cache->n : 0;
}

void
st_cache_free(struct store *s)
{
	size_t	i;

	if (s->cache == NULL)
		return;
	for (i = 0; i < ST_SLOTS; i++)
		sqlite3_finalize(s->cache->slots[i].st);
	free(s->cache);
	s->cache = NULL;
}
