/* outbox.c: draining the store's outbox through a send driver.
 *
 * Order per message: send, then record.  Recording first would lose the
 * message on a crash; sending first may send it twice, which the fixed
 * Message-ID makes recognisable (outbox.h).  Each row's outcome moves it
 * out of the due set (sent, failed, or next_attempt in the future), so a
 * drain ends: every mail due is sent in one drain (issue 10: a count per
 * poll let a wave of answers wait for hours), spaced by the pace's rate
 * and cut short only by its time budget or stop flag. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "outbox.h"
#include "send.h"
#include "store.h"
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

/* Sends one message and records the outcome. */
static int
drain_one(struct store *s, struct sender *snd, const struct store_outbox *m,
    int64_t now, struct outbox_stats *st, char **cause)
{
	char	*why = NULL;
	int	 rc, code;

	rc = send_message(snd, m->recipient, m->body, strlen(m->body), &why);
	if (rc == SEND_OK) {
		/* A failure here leaves the row queued: it is sent again
		 * (at-least-once). */
		code = store_outbox_mark_sent(s, m->id, now, cause);
		if (code == STORE_OK) {
			st->sent++;
			log_debug("mail %s sent to %s", m->message_id,
			    m->recipient);
		}
		return code;
	}
	code = record_failure(s, m, now, why, rc == SEND_PERM, st, cause);
	free(why);
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

/* Waits until mail i (from 0) may start: i / rate seconds after start.
 * Returns 0, or -1 when it may not start within the budget, or the stop
 * flag was raised meanwhile. */
static int
pace_wait(const struct outbox_pace *p, int64_t start, long i)
{
	int64_t	(*clock_ns)(void *) = p->clock_ns != NULL ? p->clock_ns :
	    mono_ns;
	void	(*sleep_ns)(void *, int64_t) = p->sleep_ns != NULL ?
	    p->sleep_ns : nap_ns;
	int64_t	 due = start, now;

	if (p->rate > 0)
		due = start + (int64_t)((double)i * 1e9 / p->rate);
	for (;;) {
		if (p->stop != NULL && *p->stop)
			return -1;
		now = clock_ns(p->arg);
		if (p->budget_ms > 0 && (due > now ? due : now) - start >=
		    p->budget_ms * 1000000)
			return -1;
		if (now >= due)
			return 0;
		sleep_ns(p->arg, due - now);
	}
}

int
outbox_drain(struct store *s, struct sender *snd, int64_t now,
    const struct outbox_pace *pace, struct outbox_stats *stats,
    char **cause)
{
	static const struct outbox_pace none;
	struct outbox_stats	 local;
	struct store_outbox	*m;
	char			*why = NULL;
	int64_t			 start;
	long			 i;
	int			 code = STORE_OK;

	if (stats == NULL)
		stats = &local;
	if (pace == NULL)
		pace = &none;
	memset(stats, 0, sizeof *stats);
	start = pace->clock_ns != NULL ? pace->clock_ns(pace->arg) :
	    mono_ns(NULL);
	/* Every outcome takes the row out of the due set (sent, failed, or
	 * next_attempt after now), so the loop ends. */
	for (i = 0;; i++) {
		code = store_outbox_next_due(s, now, &m, &why);
		if (code == STORE_NOTFOUND) {
			free(why);
			return STORE_OK;
		}
		if (code != STORE_OK) {
			*cause = why;
			return code;
		}
		if (pace_wait(pace, start, i) != 0) {
			store_outbox_free(m);
			stats->more = 1;
			return STORE_OK;
		}
		code = drain_one(s, snd, m, now, stats, cause);
		store_outbox_free(m);
		if (code != STORE_OK)
			return code;
	}
}
