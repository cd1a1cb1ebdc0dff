/* store-sync.c: group commit (store-sync.h, docs/intake.md).
 *
 * The connection's synchronous level is switched with a statement of its
 * own from the statement cache (st_synchronous, shared with
 * st_run_light's light writes); the sync itself is the write-ahead log's
 * own, as a FULL commit makes it. */
#include "config.h"

#include <stdint.h>

#include "store-int.h"
#include "store-sync.h"

/* PRAGMA synchronous for each of SQLite's levels, as statements of their
 * own (a PRAGMA takes no parameters): from the statement cache. */
static const char *const sync_sql[] = {
	"PRAGMA synchronous = OFF", "PRAGMA synchronous = NORMAL",
	"PRAGMA synchronous = FULL", "PRAGMA synchronous = EXTRA"
};

/* The level is read once and then known (s->sync): only this function
 * sets it, and a PRAGMA read and a PRAGMA set for each light write and
 * back were most of what such a write cost (issue 16). */
int
st_synchronous(struct store *s, int level)
{
	int64_t	was = s->sync - 1;

	if (s->sync == 0) {
		if (st_int64(s, NULL, &was, "PRAGMA synchronous", "") !=
		    STORE_OK || was < 0 || was > 3)
			was = 2;
		else
			s->sync = 1 + (int)was;
	}
	if (level >= 0 && level <= 3 && level != was)
		s->sync = st_run(s, NULL, NULL, sync_sql[level], "") ==
		    STORE_OK ? 1 + level : 0;
	return (int)was;
}

/* In WAL mode a commit with synchronous = FULL writes its frames to the
 * log and then syncs the log file (wal.c, sqlite3WalFrames: the xSync of
 * the log's sqlite3_file); NORMAL leaves the sync out.  The log is
 * appended to, and a sync of it makes every frame written before durable,
 * so one sync of the log after many NORMAL commits makes them all as
 * durable as FULL commits would have: that is this sync, on the file
 * SQLITE_FCNTL_JOURNAL_POINTER hands out (the write-ahead log in WAL
 * mode, sqlite3.h), with the flags SQLite's own commit uses.  Frames a
 * checkpoint moved into the database file meanwhile were synced by it.
 * FULL would pad the last frame to a sector only on a file system
 * without powersafe overwrite, which the unix VFS assumes by default.
 * No lock is taken: it is a sync of a file the connection keeps open.
 * Without a log open (nothing read or written yet, or an in-memory
 * database) there is nothing to sync. */
enum store_code
store_sync(struct store *s, char **cause)
{
	sqlite3_file	*f = NULL;
	int		 rc;

	if (!sqlite3_get_autocommit(s->db))
		return st_cause(cause, STORE_ERROR, "%s: cannot sync inside a "
		    "transaction", s->path);
	rc = sqlite3_file_control(s->db, "main", SQLITE_FCNTL_JOURNAL_POINTER,
	    &f);
	if (rc != SQLITE_OK)
		return st_cause(cause, STORE_ERROR, "%s: the write-ahead log: "
		    "%s", s->path, sqlite3_errstr(rc));
	if (f == NULL || f->pMethods == NULL)
		return STORE_OK;
	rc = f->pMethods->xSync(f, SQLITE_SYNC_NORMAL);
	if (rc != SQLITE_OK)
		return st_cause(cause, STORE_ERROR, "%s: syncing the "
		    "write-ahead log: %s", s->path, sqlite3_errstr(rc));
	return STORE_OK;
}

enum store_code
store_defer_sync(struct store *s, int defer, char **cause)
{
	int	code;

	if (defer) {
		if (s->deferred == 0)
			s->deferred = 1 + st_synchronous(s, 1);
		return STORE_OK;
	}
	if (s->deferred == 0)
		return STORE_OK;
	code = store_sync(s, cause);
	(void)st_synchronous(s, s->deferred - 1);
	s->deferred = 0;
	return code;
}
