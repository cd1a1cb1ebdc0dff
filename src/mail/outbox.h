/* outbox.h: sending what the store's outbox holds (docs/sending.md).
 *
 * Delivery is at-least-once: a message is marked sent only after the
 * server accepted it and the driver made it durable (send_flush), so a
 * crash (or a failed commit) between the two sends it again on the next
 * drain, with the same bytes and therefore the same Message-ID, fixed when it was queued; receivers can recognise the
 * duplicate.  Nothing is ever sent twice on purpose. */
#ifndef NV_OUTBOX_H
#define NV_OUTBOX_H

#include <stdint.h>

struct sender;
struct store;

#include <signal.h>

struct outbox_stats {
	int	sent;		/* accepted by the driver, marked sent */
	int	retry;		/* SEND_TEMP: scheduled again with backoff */
	int	failed;		/* marked failed: SEND_PERM, or the backoff
				   schedule ran out (an audit entry each) */
	int	more;		/* the drain stopped (budget, stop) with
				   mail still due: drain again soon */
};

/* How a drain is paced.  NULL, or a zeroed struct, sends every due mail
 * as fast as the driver takes them. */
struct outbox_pace {
	double		 rate;		/* most mails per second, for a relay
					   that limits them; 0: no limit */
	int64_t		 budget_ms;	/* stop starting mails after this
					   long, so that intake is not kept
					   waiting; 0: no limit */
	volatile sig_atomic_t *stop;	/* NULL; non-zero: stop after the
					   mail in hand */
	/* The monotonic clock in nanoseconds and the wait, for the tests;
	 * NULL: CLOCK_MONOTONIC and nanosleep (a signal cuts a wait
	 * short: the loop then looks at stop). */
	int64_t		(*clock_ns)(void *arg);
	void		(*sleep_ns)(void *arg, int64_t ns);
	void		*arg;
};

/* A drain through a driver that needs a flush (send_batches: the file:
 * Maildir) sends up to OUTBOX_BATCH mails, flushes them and only then
 * marks them sent, in one transaction; it settles sooner when the next
 * mail would start more than OUTBOX_BATCH_MS after the batch's first (a
 * slow driver, a send_rate), when the drain ends, and when it stops.  A
 * flush that fails counts a failed attempt (SEND_TEMP) for each mail of
 * the batch: none is marked sent before it is durable.  64: a flush (one
 * syncfs, a few ms on a shared disk) is then under 0.1 ms a mail, a few
 * per cent of a mail's own cost, and a crash before the flush sends at
 * most 64 mails again.  A driver without a flush (SMTP: the server's
 * 250 is durable) has each mail marked as soon as it is accepted, as
 * before. */
#define OUTBOX_BATCH		64
#define OUTBOX_BATCH_MS		1000

/* The audit actor and action of a message given up on. */
#define OUTBOX_ACTOR		"navarchd"
#define OUTBOX_ACTION_FAILED	"mail-failed"

/* Sends every message due at now (store_outbox_next_due, earliest
 * first), each through sender, and records each outcome: SEND_OK marks it
 * sent once the driver made it durable (in batches, above); SEND_TEMP counts a failed attempt (store_outbox_mark_failed,
 * permanent 0: retried after the backoff, failed when it runs out);
 * SEND_PERM marks it failed at once with the server's answer.  A message
 * that ends failed also gets an audit entry (OUTBOX_ACTION_FAILED, with
 * the recipient and the cause) for the GM.  pace (may be NULL) spaces the
 * mails at its rate (mail i starts no earlier than i / rate seconds after
 * the first) and stops at its budget or its stop flag, setting
 * stats->more.  *stats (may be NULL) is zeroed and counts what was done,
 * also when an error stops the drain.  Returns STORE_OK; STORE_BUSY (the
 * database is locked: try again next cycle); STORE_ERROR; both with
 * *cause (owned by the caller). */
int	outbox_drain(struct store *, struct sender *, int64_t now,
	    const struct outbox_pace *pace, struct outbox_stats *stats,
	    char **cause);

#endif
