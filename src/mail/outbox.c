/* outbox.c: draining the store's outbox through a send driver.
 *
 * Order per message: send, make durable (the driver's flush, once for a
 * batch of up to OUTBOX_BATCH mails), then record.  Recording first
 * would lose the message on a crash; sending first may send it twice,
 * which the fixed Message-ID makes recognisable (outbox.h).  A refusal
 * is recorded at once.  Each row's outcome moves it out of the due set
 * (sent, failed, or next_attempt in the future) or into the batch,
 * behind the drain's cursor, so a drain ends: every mail due is sent in
 * one drain (issue 10: a count per poll let a wave of answers wait for
 * hours), spaced by the pace's rate and cut short only by its time
 * budget or stop flag. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "outbox.h"
#include "send.h"
#include "store.h"
#include "store-outbox.h"
#include "xalloc.h"

/* Records a failed attempt, and an audit entry if the message is now
 * given up on, in one transaction. */
static int
record_failure(struct store *s, const struct store_outbox *m, int64_t now,
    const char *why, int permanent, struct outbox_stats *st, char **cause)
{
	enum store_outbox_status	 status;
	char				*details;
	int				 code;

	if ((code = store_begin(s, cause)) != STORE_OK)
		return code;
	code = store_outbox_mark_failed(s, m->id, now, why, permanent,
	    &status, cause);
	if (code == STORE_OK && status == STORE_OUTBOX_FAILED) {
		details = xasprintf("%s to %s: %s", m->message_id,
		    m->recipient, why);
		code = store_audit_add(s, m->game, now, OUTBOX_ACTOR,
		    OUTBOX_ACTION_FAILED, details, cause);
		free(details);
	}
	if (code != STORE_OK) {
		store_abort(s, NULL);
		return code;
	}
	if ((code = store_commit(s, cause)) != STORE_OK)
		return code;
	if (status == STORE_OUTBOX_FAILED) {
		st->failed++;
		log_warn("mail %s to %s failed for good: %s", m->message_id,
		    m->recipient, why);
	} else {
		st->retry++;
		log_info("mail %s to %s will be retried: %s", m->message_id,
		    m->recipient, why);
	}
	return STORE_OK;
}

/* Mails sent and not yet flushed, nor marked: the rows without their
 * bodies (for the marks, and the failures if the flush fails). */
struct batch {
	struct store_outbox	*rows[OUTBOX_BATCH];
	size_t			 n, max;	/* max: OUTBOX_BATCH, or 1
						   for a driver without a
						   flush */
	int64_t			 first;		/* the clock when rows[0]
						   was started, ns */
};

/* Makes the batch durable (send_flush), then marks it sent in one
 * transaction; if the flush fails, each of its rows is a failed attempt
 * (SEND_TEMP) instead, and none is marked.  Empties the batch. */
static int
settle(struct store *s, struct sender *snd, struct batch *b, int64_t now,
    struct outbox_stats *st, char **cause)
{
	int64_t	 ids[OUTBOX_BATCH];
	char	*why = NULL;
	size_t	 i, n = b->n;
	int	 code = STORE_OK, marked = 0;

	if (n == 0)
		return STORE_OK;
	b->n = 0;
	if (send_flush(snd, &why) == SEND_OK) {
		for (i = 0; i < n; i++)
			ids[i] = b->rows[i]->id;
		/* A failure here leaves the rows queued: they are sent
		 * again (at-least-once). */
		code = store_outbox_mark_sent_list(s, ids, n, now, &marked,
		    cause);
		if (code == STORE_OK) {
			st->sent += marked;
			for (i = 0; i < n; i++)
				log_debug("mail %s sent to %s",
				    b->rows[i]->message_id,
				    b->rows[i]->recipient);
			if ((size_t)marked != n)
				log_warn("outbox: %zu of %zu mails sent were "
				    "no longer queued", n - (size_t)marked,
				    n);
		}
	} else {
		for (i = 0; i < n && code == STORE_OK; i++)
			code = record_failure(s, b->rows[i], now, why, 0, st,
			    cause);
		free(why);
	}
	for (i = 0; i < n; i++)
		store_outbox_free(b->rows[i]);
	return code;
}

/* Sends one message: accepted, it joins the batch (settled when full);
 * refused, the failure is recorded at once. */
static int
drain_one(struct store *s, struct sender *snd, struct batch *b,
    struct store_outbox *m, int64_t now, struct outbox_stats *st,
    char **cause)
{
	char	*why = NULL;
	int	 rc, code;

	rc = send_message(snd, m->recipient, m->body, strlen(m->body), &why);
	if (rc == SEND_OK) {
		free(m->body);
		m->body = NULL;
		b->rows[b->n++] = m;
		return b->n < b->max ? STORE_OK : settle(s, snd, b, now, st,
		    cause);
	}
	code = record_failure(s, m, now, why, rc == SEND_PERM, st, cause);
	free(why);
	store_outbox_free(m);
	return code;
}

static int64_t
mono_ns(void *arg)
{
	struct timespec	ts;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void
nap_ns(void *arg, int64_t ns)
{
	struct timespec	ts;

	(void)arg;
	ts.tv_sec = (time_t)(ns / 1000000000);
	ts.tv_nsec = (long)(ns % 1000000000);
	/* EINTR: the caller looks at its stop flag and the clock again. */
	(void)nanosleep(&ts, NULL);
}

/* When mail i (from 0) may start: i / rate seconds after start. */
static int64_t
pace_due(const struct outbox_pace *p, int64_t start, long i)
{
	if (p->rate > 0)
		return start + (int64_t)((double)i * 1e9 / p->rate);
	return start;
}

/* Waits until mail i may start.  Returns 0 with *at the clock then, or
 * -1 when it may not start within the budget, or the stop flag was
 * raised meanwhile. */
static int
pace_wait(const struct outbox_pace *p, int64_t start, long i, int64_t *at)
{
	int64_t	(*clock_ns)(void *) = p->clock_ns != NULL ? p->clock_ns :
	    mono_ns;
	void	(*sleep_ns)(void *, int64_t) = p->sleep_ns != NULL ?
	    p->sleep_ns : nap_ns;
	int64_t	 due = pace_due(p, start, i), now;

	for (;;) {
		if (p->stop != NULL && *p->stop)
			return -1;
		now = clock_ns(p->arg);
		if (p->budget_ms > 0 && (due > now ? due : now) - start >=
		    p->budget_ms * 1000000)
			return -1;
		if (now >= due) {
			*at = now;
			return 0;
		}
		sleep_ns(p->arg, due - now);
	}
}

/* 1 when the batch must be settled before mail i: it would start more
 * than OUTBOX_BATCH_MS after the batch's first (a slow driver, or a rate
 * that spaces the mails), so that no mail waits long to be marked. */
static int
batch_old(const struct outbox_pace *p, const struct batch *b, int64_t start,
    long i)
{
	int64_t	now, due;

	if (b->n == 0)
		return 0;
	now = p->clock_ns != NULL ? p->clock_ns(p->arg) : mono_ns(NULL);
	due = pace_due(p, start, i);
	return (due > now ? due : now) - b->first >=
	    (int64_t)OUTBOX_BATCH_MS * 1000000;
}

int
outbox_drain(struct store *s, struct sender *snd, int64_t now,
    const struct outbox_pace *pace, struct outbox_stats *stats,
    char **cause)
{
	static const struct outbox_pace none;
	struct outbox_stats	 local;
	struct store_outbox	*m;
	struct batch		 b;
	char			*why = NULL;
	int64_t			 start, at, after_next = INT64_MIN,
				 after_id = INT64_MIN;
	long			 i;
	int			 code = STORE_OK, code2;

	if (stats == NULL)
		stats = &local;
	if (pace == NULL)
		pace = &none;
	memset(stats, 0, sizeof *stats);
	memset(&b, 0, sizeof b);
	b.max = send_batches(snd) ? OUTBOX_BATCH : 1;
	start = pace->clock_ns != NULL ? pace->clock_ns(pace->arg) :
	    mono_ns(NULL);
	/* Every outcome takes the row out of the due set (sent, failed, or
	 * next_attempt after now), or leaves it in the batch, behind the
	 * cursor (after_next, after_id): the loop ends. */
	for (i = 0;; i++) {
		code = store_outbox_next_due_after(s, now, after_next,
		    after_id, &m, &why);
		if (code == STORE_NOTFOUND) {
			free(why);
			return settle(s, snd, &b, now, stats, cause);
		}
		if (code != STORE_OK)
			break;
		after_next = m->next_attempt;
		after_id = m->id;
		if (batch_old(pace, &b, start, i) &&
		    (code = settle(s, snd, &b, now, stats, cause)) !=
		    STORE_OK) {
			store_outbox_free(m);
			return code;
		}
		if (pace_wait(pace, start, i, &at) != 0) {
			store_outbox_free(m);
			stats->more = 1;
			return settle(s, snd, &b, now, stats, cause);
		}
		if (b.n == 0)
			b.first = at;
		code = drain_one(s, snd, &b, m, now, stats, cause);
		if (code != STORE_OK) {
			/* The mails in hand are still settled (their
			 * marks may fail too: then they are sent again). */
			(void)settle(s, snd, &b, now, stats, &why);
			free(why);
			return code;
		}
	}
	/* The next row could not be read: settle what was sent, then
	 * report the first error. */
	code2 = settle(s, snd, &b, now, stats, cause);
	if (code2 != STORE_OK) {
		free(why);
		return code2;
	}
	*cause = why;
	return code;
}
