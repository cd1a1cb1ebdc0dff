/* test_store_sync.c: group commit (store_defer_sync, store_sync).
 *
 * The store is opened through a VFS of the test's own, a shim over the
 * default one that counts each file's syncs and remembers how far the
 * file was written when it was last synced.  So the test sees what a
 * power cut would keep: a transaction is durable when the write-ahead
 * log was synced after its frames were written. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store.h"
#include "store-int.h"
#include "store-sync.h"
#include "xalloc.h"

/* --- the counting VFS ---------------------------------------------------- */

struct shim_file {
	sqlite3_file	 base;
	sqlite3_file	*real;		/* right after this struct */
	int		 wal;
};

/* The write-ahead log's figures (there is one log in these tests). */
static struct {
	int		syncs;		/* its xSync calls */
	sqlite3_int64	written;	/* the end of the furthest write */
	sqlite3_int64	synced;		/* written, at the last sync */
} wal;

static sqlite3_vfs	*real_vfs;

#define REAL(f)	(((struct shim_file *)(f))->real)

static int
sh_close(sqlite3_file *f)
{
	return REAL(f)->pMethods->xClose(REAL(f));
}

static int
sh_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	return REAL(f)->pMethods->xRead(REAL(f), p, n, off);
}

static int
sh_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	if (((struct shim_file *)f)->wal && off + n > wal.written)
		wal.written = off + n;
	return REAL(f)->pMethods->xWrite(REAL(f), p, n, off);
}

static int
sh_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	if (((struct shim_file *)f)->wal) {
		if (wal.written > size)
			wal.written = size;
		if (wal.synced > size)
			wal.synced = size;
	}
	return REAL(f)->pMethods->xTruncate(REAL(f), size);
}

static int
sh_sync(sqlite3_file *f, int flags)
{
	if (((struct shim_file *)f)->wal) {
		wal.syncs++;
		wal.synced = wal.written;
	}
	return REAL(f)->pMethods->xSync(REAL(f), flags);
}

static int
sh_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return REAL(f)->pMethods->xFileSize(REAL(f), size);
}

static int
sh_lock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xLock(REAL(f), l);
}

static int
sh_unlock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xUnlock(REAL(f), l);
}

static int
sh_check(sqlite3_file *f, int *out)
{
	return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}

static int
sh_fcntl(sqlite3_file *f, int op, void *arg)
{
	return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}

static int
sh_sector(sqlite3_file *f)
{
	return REAL(f)->pMethods->xSectorSize(REAL(f));
}

static int
sh_caps(sqlite3_file *f)
{
	return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}

static int
sh_shm_map(sqlite3_file *f, int pg, int sz, int ext, void volatile **pp)
{
	return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, ext, pp);
}

static int
sh_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}

static void
sh_shm_barrier(sqlite3_file *f)
{
	REAL(f)->pMethods->xShmBarrier(REAL(f));
}

static int
sh_shm_unmap(sqlite3_file *f, int del)
{
	return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}

/* Version 2: no memory mapping (xFetch), which SQLite then does not use. */
static const sqlite3_io_methods sh_methods = {
	2, sh_close, sh_read, sh_write, sh_truncate, sh_sync, sh_size,
	sh_lock, sh_unlock, sh_check, sh_fcntl, sh_sector, sh_caps,
	sh_shm_map, sh_shm_lock, sh_shm_barrier, sh_shm_unmap, NULL, NULL
};

static int
sh_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags,
    int *out)
{
	struct shim_file	*sf = (struct shim_file *)f;
	int			 rc;

	(void)vfs;
	sf->real = (sqlite3_file *)(sf + 1);
	sf->wal = (flags & SQLITE_OPEN_WAL) != 0;
	sf->base.pMethods = NULL;
	rc = real_vfs->xOpen(real_vfs, name, sf->real, flags, out);
	if (rc == SQLITE_OK)
		sf->base.pMethods = &sh_methods;
	if (rc == SQLITE_OK && sf->wal)
		wal.written = wal.synced = 0;
	return rc;
}

static int
sh_delete(sqlite3_vfs *vfs, const char *name, int dirsync)
{
	(void)vfs;
	return real_vfs->xDelete(real_vfs, name, dirsync);
}

static int
sh_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	(void)vfs;
	return real_vfs->xAccess(real_vfs, name, flags, out);
}

static int
sh_full(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	(void)vfs;
	return real_vfs->xFullPathname(real_vfs, name, n, out);
}

static int
sh_random(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xRandomness(real_vfs, n, out);
}

static int
sh_sleep(sqlite3_vfs *vfs, int us)
{
	(void)vfs;
	return real_vfs->xSleep(real_vfs, us);
}

static int
sh_time(sqlite3_vfs *vfs, double *out)
{
	(void)vfs;
	return real_vfs->xCurrentTime(real_vfs, out);
}

static int
sh_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xGetLastError(real_vfs, n, out);
}

static sqlite3_vfs	sh_vfs;

static void
shim_install(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	assert_non_null(real_vfs);
	memset(&sh_vfs, 0, sizeof sh_vfs);
	sh_vfs.iVersion = 1;
	sh_vfs.szOsFile = (int)sizeof(struct shim_file) + real_vfs->szOsFile;
	sh_vfs.mxPathname = real_vfs->mxPathname;
	sh_vfs.zName = "nv-count";
	sh_vfs.xOpen = sh_open;
	sh_vfs.xDelete = sh_delete;
	sh_vfs.xAccess = sh_access;
	sh_vfs.xFullPathname = sh_full;
	sh_vfs.xRandomness = sh_random;
	sh_vfs.xSleep = sh_sleep;
	sh_vfs.xCurrentTime = sh_time;
	sh_vfs.xGetLastError = sh_error;
	/* The default from now on: store_open() names no VFS. */
	assert_int_equal(sqlite3_vfs_register(&sh_vfs, 1), SQLITE_OK);
}

/* --- the tests ------------------------------------------------------------ */

static int64_t
sync_level(struct store *s)
{
	sqlite3_stmt	*st;
	int64_t		 v;

	assert_int_equal(sqlite3_prepare_v2(store_db(s), "PRAGMA synchronous",
	    -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* One committed transaction of the store's, with a sync as the
 * connection is set (not a light one, which never syncs). */
static void
commit_one(struct store *s, int i)
{
	char	 digest[65], *cause = NULL;

	snprintf(digest, sizeof digest, "%064d", i);
	assert_int_equal(store_attempt_quarantine(s, digest, 1000 + i,
	    &cause), STORE_OK);
}

static void
test_group_commit(void **state)
{
	struct store	*s;
	char		 dir[] = "/tmp/nv-gsync-XXXXXX", *db, *cause = NULL;
	int		 i, before;

	(void)state;
	assert_non_null(mkdtemp(dir));
	db = xasprintf("%s/nv.db", dir);
	assert_int_equal(store_open(db, 1000, &s, &cause), STORE_OK);
	/* Not deferred: each commit syncs the log, after its frames. */
	assert_int_equal(sync_level(s), 2);
	before = wal.syncs;
	commit_one(s, 1);
	assert_int_equal(wal.syncs, before + 1);
	assert_true(wal.synced == wal.written && wal.written > 0);

	/* Deferred: ten commits, written, none synced. */
	assert_int_equal(store_defer_sync(s, 1, &cause), STORE_OK);
	assert_int_equal(sync_level(s), 1);
	before = wal.syncs;
	for (i = 2; i < 12; i++)
		commit_one(s, i);
	assert_int_equal(wal.syncs, before);
	assert_true(wal.written > wal.synced);
	/* A light write leaves the connection deferred. */
	assert_int_equal(store_outbox_mark_sent(s, 424242, 5000, &cause),
	    STORE_NOTFOUND);
	free(cause);
	cause = NULL;
	assert_int_equal(sync_level(s), 1);
	/* One sync makes them all durable: every byte written is synced. */
	assert_int_equal(store_sync(s, &cause), STORE_OK);
	assert_int_equal(wal.syncs, before + 1);
	assert_true(wal.synced == wal.written);

	/* Not inside a transaction: what it would sync is not committed. */
	assert_int_equal(store_begin(s, &cause), STORE_OK);
	assert_int_equal(store_sync(s, &cause), STORE_ERROR);
	assert_non_null(strstr(cause, "inside a transaction"));
	free(cause);
	cause = NULL;
	assert_int_equal(store_abort(s, &cause), STORE_OK);

	/* The end of the deferral syncs what is left, and each commit syncs
	 * again after it. */
	commit_one(s, 12);
	assert_true(wal.written > wal.synced);
	before = wal.syncs;
	assert_int_equal(store_defer_sync(s, 0, &cause), STORE_OK);
	assert_int_equal(wal.syncs, before + 1);
	assert_true(wal.synced == wal.written);
	assert_int_equal(sync_level(s), 2);
	commit_one(s, 13);
	assert_int_equal(wal.syncs, before + 2);
	assert_true(wal.synced == wal.written);
	/* Ending a deferral that was not begun does nothing. */
	assert_int_equal(store_defer_sync(s, 0, &cause), STORE_OK);
	assert_int_equal(wal.syncs, before + 2);

	/* Light writes, not deferred: written, not synced, and the commit
	 * after them syncs again (the level the store remembers is the
	 * connection's). */
	for (i = 0; i < 3; i++) {
		int	 fails, q;
		char	 digest[65];

		snprintf(digest, sizeof digest, "%064d", 100 + i);
		assert_int_equal(store_attempt_begin(s, digest, 2000, &fails,
		    &q, &cause), STORE_OK);
		assert_int_equal(store_attempt_end(s, digest, &cause),
		    STORE_OK);
		assert_int_equal(wal.syncs, before + 2);
		assert_int_equal(sync_level(s), 2);
	}
	assert_true(wal.written > wal.synced);
	commit_one(s, 15);
	assert_int_equal(wal.syncs, before + 3);
	assert_true(wal.synced == wal.written);

	/* Closed while deferred: what was committed leaves synced. */
	assert_int_equal(store_defer_sync(s, 1, &cause), STORE_OK);
	commit_one(s, 14);
	assert_true(wal.written > wal.synced);
	before = wal.syncs;
	store_close(s);
	assert_true(wal.syncs > before);

	/* Everything is there. */
	assert_int_equal(store_open(db, 1000, &s, &cause), STORE_OK);
	{
		sqlite3_stmt	*st;

		assert_int_equal(sqlite3_prepare_v2(store_db(s), "SELECT "
		    "count(*) FROM mail_attempts WHERE quarantined IS NOT NULL",
		    -1, &st, NULL), SQLITE_OK);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(st, 0), 15);
		sqlite3_finalize(st);
	}
	store_close(s);
	free(db);
	db = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(db), 0);
	free(db);
}

/* An in-memory database has no log to sync: nothing to do, no error. */
static void
test_memory(void **state)
{
	struct store	*s;
	char		*cause = NULL;

	(void)state;
	assert_int_equal(store_open(":memory:", 0, &s, &cause), STORE_OK);
	assert_int_equal(store_defer_sync(s, 1, &cause), STORE_OK);
	commit_one(s, 1);
	assert_int_equal(store_sync(s, &cause), STORE_OK);
	assert_int_equal(store_defer_sync(s, 0, &cause), STORE_OK);
	store_close(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group_commit),
		cmocka_unit_test(test_memory),
	};

	shim_install();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
