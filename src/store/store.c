/* store.c: opening, migrations, transactions, statements, backup.
 *
 * Transactions: a store function that writes more than one row runs
 * inside txn_begin/txn_end.  Outside an explicit transaction that is
 * BEGIN IMMEDIATE, so the write lock is taken up front: a deferred
 * transaction that later upgrades to a writer can fail with SQLITE_BUSY
 * that the busy handler cannot wait out (WAL snapshot conflict).  Inside
 * store_begin() it is a savepoint, so the caller's commit decides. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-int.h"
#include "store-sync.h"
#include "strutil.h"
#include "xalloc.h"

static const char *const code_names[] = {
	"ok", "not found", "exists", "busy", "error"
};

const char *
store_code_name(enum store_code c)
{
	if ((unsigned)c >= sizeof code_names / sizeof code_names[0])
		return "unknown";
	return code_names[c];
}

int
store_schema_version(void)
{
	return store_nmigrations;
}

sqlite3 *
store_db(struct store *s)
{
	return s->db;
}

int
st_cause(char **cause, int code, const char *fmt, ...)
{
	va_list	ap;

	if (cause == NULL)
		return code;
	free(*cause);
	va_start(ap, fmt);
	*cause = xvasprintf(fmt, ap);
	va_end(ap);
	return code;
}

int
st_fail(struct store *s, int rc, const char *what, char **cause)
{
	int	code;

	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		code = STORE_BUSY;
		break;
	case SQLITE_CONSTRAINT:
		code = STORE_EXISTS;
		break;
	default:
		code = STORE_ERROR;
		break;
	}
	return st_cause(cause, code, "%s: %s", what,
	    s->db != NULL ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
}

int
st_bind(sqlite3_stmt *st, const char *fmt, va_list ap)
{
	const char	*t;
	int64_t		 l;
	int		 i, rc = SQLITE_OK;

	for (i = 1; *fmt != '\0' && rc == SQLITE_OK; fmt++, i++) {
		switch (*fmt) {
		case 's':
			t = va_arg(ap, const char *);
			if (t == NULL)
				rc = sqlite3_bind_null(st, i);
			else
				rc = sqlite3_bind_text(st, i, t, -1,
				    SQLITE_STATIC);
			break;
		case 'i':
			rc = sqlite3_bind_int(st, i, va_arg(ap, int));
			break;
		case 'l':
			rc = sqlite3_bind_int64(st, i, va_arg(ap, int64_t));
			break;
		case 't':
			l = va_arg(ap, int64_t);
			if (l == 0)
				rc = sqlite3_bind_null(st, i);
			else
				rc = sqlite3_bind_int64(st, i, l);
			break;
		default:
			return SQLITE_MISUSE;
		}
	}
	return rc;
}

int
st_vprepare(struct store *s, sqlite3_stmt **stmt, char **cause,
    const char *sql, const char *fmt, va_list ap)
{
	int	rc;

	*stmt = NULL;
	rc = sqlite3_prepare_v2(s->db, sql, -1, stmt, NULL);
	if (rc != SQLITE_OK)
		return st_fail(s, rc, "prepare", cause);
	rc = st_bind(*stmt, fmt, ap);
	if (rc != SQLITE_OK) {
		sqlite3_finalize(*stmt);
		*stmt = NULL;
		return st_fail(s, rc, "bind", cause);
	}
	return STORE_OK;
}

int
st_prepare(struct store *s, sqlite3_stmt **stmt, char **cause,
    const char *sql, const char *fmt, ...)
{
	va_list	ap;
	int	code;

	va_start(ap, fmt);
	code = st_vprepare(s, stmt, cause, sql, fmt, ap);
	va_end(ap);
	return code;
}

int
st_rebind(struct store *s, sqlite3_stmt *st, char **cause, const char *fmt,
    ...)
{
	va_list	ap;
	int	rc;

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	va_start(ap, fmt);
	rc = st_bind(st, fmt, ap);
	va_end(ap);
	if (rc != SQLITE_OK)
		return st_fail(s, rc, "bind", cause);
	return STORE_OK;
}

int
st_step(struct store *s, sqlite3_stmt *st, int *row, char **cause)
{
	int	rc;

	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*row = 1;
		return STORE_OK;
	}
	*row = 0;
	if (rc == SQLITE_DONE)
		return STORE_OK;
	return st_fail(s, rc, "database", cause);
}

int
st_run(struct store *s, char **cause, int *changes, const char *sql,
    const char *fmt, ...)
{
	sqlite3_stmt	*st;
	va_list		 ap;
	int		 code, row;

	va_start(ap, fmt);
	code = st_vcached(s, &st, cause, sql, fmt, ap);
	va_end(ap);
	if (code != STORE_OK)
		return code;
	do
		code = st_step(s, st, &row, cause);
	while (code == STORE_OK && row);
	if (changes != NULL)
		*changes = sqlite3_changes(s->db);
	st_release(s, st);
	return code;
}

int
st_int64(struct store *s, char **cause, int64_t *out, const char *sql,
    const char *fmt, ...)
{
	sqlite3_stmt	*st;
	va_list		 ap;
	int		 code, row;

	va_start(ap, fmt);
	code = st_vcached(s, &st, cause, sql, fmt, ap);
	va_end(ap);
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && row)
		*out = sqlite3_column_int64(st, 0);
	else if (code == STORE_OK)
		code = st_cause(cause, STORE_NOTFOUND, "no row");
	st_release(s, st);
	return code;
}

char *
st_col_dup(sqlite3_stmt *st, int col)
{
	const unsigned char	*t;

	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return NULL;
	t = sqlite3_column_text(st, col);
	return xstrdup(t != NULL ? (const char *)t : "");
}

const char *
st_col_text(sqlite3_stmt *st, int col, int empty)
{
	const unsigned char	*t;

	t = sqlite3_column_text(st, col);
	if (t == NULL)
		return empty ? "" : NULL;
	return (const char *)t;
}

int
st_check_id(const char *what, const char *id, char **cause)
{
	if (id != NULL && str_is_id(id))
		return STORE_OK;
	return st_cause(cause, STORE_ERROR,
	    "%s id '%s' is not valid: use 1 to 32 of a-z, 0-9, '_' and '-'",
	    what, id != NULL ? id : "");
}

int
st_game_exists(struct store *s, const char *game, char **cause)
{
	int64_t	one;
	int	code;

	if ((code = st_check_id("game", game, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &one, "SELECT 1 FROM games WHERE id = ?",
	    "s", game);
	if (code == STORE_NOTFOUND)
		return st_cause(cause, code, "no game '%s'", game);
	return code;
}

/* --- transactions ---------------------------------------------------- */

static int
exec_plain(struct store *s, const char *sql, const char *what, char **cause)
{
	int	rc;

	rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return st_fail(s, rc, what, cause);
	return STORE_OK;
}

/* exec_plain for one statement of every transaction (BEGIN, COMMIT,
 * SAVEPOINT, RELEASE): from the statement cache. */
static int
exec_cached(struct store *s, const char *sql, const char *what,
    char **cause)
{
	sqlite3_stmt	*st;
	int		 code, rc;

	if ((code = st_cached(s, &st, cause, sql, "")) != STORE_OK)
		return code;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		;
	st_release(s, st);
	if (rc != SQLITE_DONE)
		return st_fail(s, rc, what, cause);
	return STORE_OK;
}

int
txn_begin(struct store *s, struct txn *t, char **cause)
{
	t->outer = sqlite3_get_autocommit(s->db);
	if (t->outer)
		return exec_cached(s, "BEGIN IMMEDIATE", "begin", cause);
	return exec_cached(s, "SAVEPOINT nv", "savepoint", cause);
}

int
txn_end(struct store *s, struct txn *t, int code, char **cause)
{
	if (code == STORE_OK) {
		code = exec_cached(s, t->outer ? "COMMIT" : "RELEASE nv",
		    "commit", cause);
		if (code == STORE_OK)
			return code;
	}
	/* The error (and its cause) is already set: undo quietly. */
	if (t->outer)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	else
		sqlite3_exec(s->db, "ROLLBACK TO nv; RELEASE nv", NULL, NULL,
		    NULL);
	return code;
}

static int
begin(struct store *s, const char *sql, char **cause)
{
	int	code;

	if (!sqlite3_get_autocommit(s->db))
		return st_cause(cause, STORE_ERROR,
		    "a transaction is already open");
	code = exec_cached(s, sql, "begin", cause);
	if (code == STORE_OK)
		s->explicit_txn = 1;
	return code;
}

enum store_code
store_begin(struct store *s, char **cause)
{
	return begin(s, "BEGIN IMMEDIATE", cause);
}

enum store_code
store_begin_read(struct store *s, char **cause)
{
	/* Deferred: the snapshot is taken at the first read and kept to
	 * the end; no write lock is ever asked for. */
	return begin(s, "BEGIN DEFERRED", cause);
}

enum store_code
store_commit(struct store *s, char **cause)
{
	int	code;

	if (!s->explicit_txn || sqlite3_get_autocommit(s->db)) {
		s->explicit_txn = 0;
		return st_cause(cause, STORE_ERROR, "no transaction is open");
	}
	code = exec_cached(s, "COMMIT", "commit", cause);
	if (code != STORE_OK)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	s->explicit_txn = 0;
	return code;
}

enum store_code
store_abort(struct store *s, char **cause)
{
	if (!s->explicit_txn || sqlite3_get_autocommit(s->db)) {
		s->explicit_txn = 0;
		return st_cause(cause, STORE_ERROR, "no transaction is open");
	}
	s->explicit_txn = 0;
	return exec_plain(s, "ROLLBACK", "rollback", cause);
}

/* --- opening and migrations ------------------------------------------ */

static int
user_version(struct store *s, int *v, char **cause)
{
	int64_t	l;
	int	code;

	code = st_int64(s, cause, &l, "PRAGMA user_version", "");
	if (code == STORE_OK)
		*v = (int)l;
	return code;
}

/* Applies migration i (version i -> i+1) in one transaction.  The version
 * is read again inside it: another process may have migrated meanwhile. */
static int
migrate_one(struct store *s, int i, char **cause)
{
	struct txn	 t;
	char		*sql;
	int		 code, v;

	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = user_version(s, &v, cause);
	if (code == STORE_OK && v == i) {
		code = exec_plain(s, store_migrations[i], "migration", cause);
		if (code == STORE_OK) {
			/* PRAGMA takes no parameters; i is our own counter. */
			sql = xasprintf("PRAGMA user_version = %d", i + 1);
			code = exec_plain(s, sql, "migration", cause);
			free(sql);
		}
		if (code != STORE_OK)
			code = st_cause(cause, code, "%s: migration %d: %s",
			    s->path, i + 1, sqlite3_errmsg(s->db));
	}
	return txn_end(s, &t, code, cause);
}

static int
migrate(struct store *s, char **cause)
{
	int	code, v;

	if ((code = user_version(s, &v, cause)) != STORE_OK)
		return code;
	if (v > store_nmigrations)
		return st_cause(cause, STORE_ERROR,
		    "%s: database schema version %d is newer than this "
		    "program's (%d): use a newer navarch", s->path, v,
		    store_nmigrations);
	for (; v < store_nmigrations; v++) {
		if ((code = migrate_one(s, v, cause)) != STORE_OK)
			return code;
	}
	return STORE_OK;
}

static int
configure(struct store *s, int busy_ms, char **cause)
{
	sqlite3_stmt	*st;
	const char	*mode;
	int		 code, row;

	sqlite3_busy_timeout(s->db, busy_ms);
	sqlite3_extended_result_codes(s->db, 1);
	code = exec_plain(s, "PRAGMA foreign_keys = ON", "foreign keys",
	    cause);
	if (code != STORE_OK)
		return code;
	/* journal_mode answers with the mode in force; it stays "memory"
	 * for an in-memory database, which has no WAL. */
	code = st_prepare(s, &st, cause, "PRAGMA journal_mode = WAL", "");
	if (code != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && row) {
		mode = st_col_text(st, 0, 1);
		if (strcmp(mode, "wal") != 0 && strcmp(mode, "memory") != 0)
			code = st_cause(cause, STORE_ERROR,
			    "%s: cannot use WAL (journal mode is %s)",
			    s->path, mode);
	}
	sqlite3_finalize(st);
	return code;
}

/* Creates a missing database file 0600, whatever the umask: it holds
 * password hashes, the secret dice seeds and every side's orders.
 * SQLite gives the WAL and SHM files the database's mode.  A file that
 * exists is left as it is; any other failure is SQLite's to report. */
static void
create_private(const char *path)
{
	int	fd;

	if (*path == '\0' || strcmp(path, ":memory:") == 0 ||
	    strncmp(path, "file:", 5) == 0)
		return;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
}

enum store_code
store_open(const char *path, int busy_ms, struct store **out, char **cause)
{
	struct store	*s;
	int		 rc, code;

	*out = NULL;
	s = xcalloc(1, sizeof *s);
	s->path = xstrdup(path);
	create_private(path);
	rc = sqlite3_open_v2(path, &s->db,
	    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		code = st_cause(cause, STORE_ERROR, "%s: %s", path,
		    s->db != NULL ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
		store_close(s);
		return code;
	}
	code = configure(s, busy_ms < 0 ? 0 : busy_ms, cause);
	if (code == STORE_OK)
		code = migrate(s, cause);
	if (code != STORE_OK) {
		store_close(s);
		return code;
	}
	*out = s;
	return STORE_OK;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	if (s->db != NULL && !sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	/* What was committed without a sync leaves durable. */
	if (s->db != NULL && s->deferred != 0)
		(void)store_sync(s, NULL);
	st_cache_free(s);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

/* --- backup ---------------------------------------------------------- */

/* Creates path exclusively so that a backup never overwrites a file. */
static int
create_new(const char *path, char **cause)
{
	int	fd;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd == -1 && errno == EEXIST)
		return st_cause(cause, STORE_EXISTS,
		    "%s: file exists; a backup never overwrites one", path);
	if (fd == -1)
		return st_cause(cause, STORE_ERROR, "%s: %s", path,
		    strerror(errno));
	close(fd);
	return STORE_OK;
}

enum store_code
store_backup(struct store *s, const char *path, char **cause)
{
	sqlite3		*dst = NULL;
	sqlite3_backup	*b;
	int		 rc, code;

	if ((code = create_new(path, cause)) != STORE_OK)
		return code;
	rc = sqlite3_open_v2(path, &dst, SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		code = st_cause(cause, STORE_ERROR, "%s: %s", path,
		    dst != NULL ? sqlite3_errmsg(dst) : sqlite3_errstr(rc));
		goto out;
	}
	b = sqlite3_backup_init(dst, "main", s->db, "main");
	if (b == NULL) {
		code = st_cause(cause, STORE_ERROR, "%s: %s", path,
		    sqlite3_errmsg(dst));
		goto out;
	}
	/* One step copies every page under one read transaction: in WAL
	 * mode writers carry on meanwhile and the copy is consistent. */
	rc = sqlite3_backup_step(b, -1);
	sqlite3_backup_finish(b);
	if (rc != SQLITE_DONE) {
		code = st_cause(cause, (rc == SQLITE_BUSY ||
		    rc == SQLITE_LOCKED) ? STORE_BUSY : STORE_ERROR,
		    "%s: backup: %s", path, sqlite3_errstr(rc));
		goto out;
	}
	rc = sqlite3_exec(dst, "PRAGMA journal_mode = DELETE", NULL, NULL,
	    NULL);
	if (rc != SQLITE_OK)
		code = st_cause(cause, STORE_ERROR, "%s: %s", path,
		    sqlite3_errmsg(dst));
out:
	sqlite3_close(dst);
	if (code != STORE_OK)
		unlink(path);
	return code;
}
