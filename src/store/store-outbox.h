/* store-outbox.h: the outbox's functions for a drain that sends in
 * batches (outbox.c): rows stay queued until their batch is flushed, so
 * the drain reads on past them, and marks a batch sent at once.  The
 * rest of the outbox is in store.h, which is at its size. */
#ifndef NV_STORE_OUTBOX_H
#define NV_STORE_OUTBOX_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* As store_outbox_next_due, the first in its order (next_attempt, id)
 * after (after_next, after_id), the next_attempt and id of a row already
 * handed out (INT64_MIN, INT64_MIN: from the first).  *out owned by the
 * caller (store_outbox_free).  STORE_OK, STORE_NOTFOUND (nothing more
 * due), STORE_BUSY, STORE_ERROR. */
enum store_code store_outbox_next_due_after(struct store *, int64_t now,
	    int64_t after_next, int64_t after_id, struct store_outbox **out,
	    char **cause);
/* Marks the queued messages among ids[0..n) sent, as
 * store_outbox_mark_sent does, in one transaction committed without a
 * sync; *marked (may be NULL) is how many were queued and are now sent
 * (a row no longer queued is left alone).  STORE_OK, STORE_BUSY,
 * STORE_ERROR (then none is marked). */
enum store_code store_outbox_mark_sent_list(struct store *,
	    const int64_t *ids, size_t n, int64_t now, int *marked,
	    char **cause);

#endif
