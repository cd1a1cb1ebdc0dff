/* store-sync.h: group commit, the durability of a batch of transactions
 * (store-sync.c).  Apart from store.h, which is at its size. */
#ifndef NV_STORE_SYNC_H
#define NV_STORE_SYNC_H

#include "store.h"

/* Group commit (docs/intake.md): store_defer_sync(s, 1) makes every
 * transaction the connection commits from then on durable only later
 * (synchronous = NORMAL: in WAL mode written to the log, not synced), so
 * that a crash of the process loses none of them but a power cut may lose
 * the last; store_sync() then makes every transaction committed so far
 * durable with one sync of the write-ahead log, as a FULL commit would.
 * store_defer_sync(s, 0) syncs and goes back to syncing each commit
 * (synchronous = FULL, the default).  Nothing that tells anyone outside
 * that a transaction happened (a mail marked processed, an answer sent)
 * may come between its commit and the next store_sync().
 * Both: STORE_OK or STORE_ERROR (the sync failed: what was committed since
 * the last sync may not be on the disk). */
enum store_code store_defer_sync(struct store *, int defer, char **cause);
enum store_code store_sync(struct store *, char **cause);

#endif
