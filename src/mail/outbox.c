/* outbox.c: draining the store's outbox through a send driver.
 *
 * Order per message: send, then record.  Recording first would lose the
 * message on a crash; sending first may send it twice, which the fixed
 * Message-ID makes recognisable (outbox.h).  Each row's outcome moves it
 * out of the due set (sent, failed, or next_attempt in the future), so a
 * drain ends; max bounds it besides. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

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

int
outbox_drain(struct store *s, struct sender *snd, int64_t now, int max,
    struct outbox_stats *stats, char **cause)
{
	struct outbox_stats	 local;
	struct store_outbox	*m;
	char			*why = NULL;
	int			 i, code = STORE_OK;

	if (stats == NULL)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	for (i = 0; i < max; i++) {
		code = store_outbox_next_due(s, now, &m, &why);
		if (code == STORE_NOTFOUND) {
			free(why);
			return STORE_OK;
		}
		if (code != STORE_OK) {
			*cause = why;
			return code;
		}
		code = drain_one(s, snd, m, now, stats, cause);
		store_outbox_free(m);
		if (code != STORE_OK)
			return code;
	}
	return STORE_OK;
}
