/* outbox.h: sending what the store's outbox holds (docs/sending.md).
 *
 * Delivery is at-least-once: a message is marked sent only after the
 * server accepted it, so a crash (or a failed commit) between the two
 * sends it again on the next drain, with the same bytes and therefore the
 * same Message-ID, fixed when it was queued; receivers can recognise the
 * duplicate.  Nothing is ever sent twice on purpose. */
#ifndef NV_OUTBOX_H
#define NV_OUTBOX_H

#include <stdint.h>

struct sender;
struct store;

struct outbox_stats {
	int	sent;		/* accepted by the driver, marked sent */
	int	retry;		/* SEND_TEMP: scheduled again with backoff */
	int	failed;		/* marked failed: SEND_PERM, or the backoff
				   schedule ran out (an audit entry each) */
};

/* The audit actor and action of a message given up on. */
#define OUTBOX_ACTOR		"navarchd"
#define OUTBOX_ACTION_FAILED	"mail-failed"

/* Sends at most max due messages (store_outbox_next_due at now, earliest
 * first), each through sender, and records each outcome: SEND_OK marks it
 * sent; SEND_TEMP counts a failed attempt (store_outbox_mark_failed,
 * permanent 0: retried after the backoff, failed when it runs out);
 * SEND_PERM marks it failed at once with the server's answer.  A message
 * that ends failed also gets an audit entry (OUTBOX_ACTION_FAILED, with
 * the recipient and the cause) for the GM.  *stats (may be NULL) is
 * zeroed and counts what was done, also when an error stops the drain.
 * Returns STORE_OK; STORE_BUSY (the database is locked: try again next
 * cycle); STORE_ERROR; both with *cause (owned by the caller). */
int	outbox_drain(struct store *, struct sender *, int64_t now, int max,
	    struct outbox_stats *stats, char **cause);

#endif
