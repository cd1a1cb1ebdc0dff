/* daemon-mail.c: one message taken in, from its bytes to intake_commit,
 * intake_abort or intake_quarantine (daemon.h, docs/intake.md).
 *
 * No mail can stop the mail after it.  The order of the steps is the
 * argument:
 * 1. an attempt is recorded in the store, by the SHA-256 of the bytes,
 *    before a byte is parsed; it ends when the processing returns,
 *    whatever it says.  An attempt that never ended is a mail that took
 *    the daemon down (a crash, a kill): after DAEMON_ATTEMPTS_MAX of them
 *    the mail is quarantined unparsed;
 * 2. the bytes are parsed in a child process with limits
 *    (mail_parse_child): a parser that crashes or breaks a limit costs an
 *    attempt, not the daemon; the mail is tried once more, then
 *    quarantined;
 * 3. a mail the parser refuses, one too large to read, or one whose
 *    processing fails for good is quarantined at once;
 * 4. quarantined means: recorded in the store with the GM's notice (one
 *    transaction), then moved out of the mailbox; a mail that comes back
 *    (the move failed) is known by its record and only moved again.
 * Every mail that gets no answer is logged at warning level, saying why;
 * an answered one at info. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon.h"
#include "intake.h"
#include "log.h"
#include "mailproc.h"
#include "mime.h"
#include "store.h"
#include "xalloc.h"

/* What one message needs besides itself. */
struct one {
	const struct daemon_config	*c;
	struct mailproc			*mp;
	struct intake			*in;
	struct intake_msg		*m;
	int64_t				 now;
	struct daemon_stats		*st;
	char				 digest[65];	/* "" when not read */
};

static int
finish(struct one *o, int commit)
{
	char	*cause = NULL;
	int	 rc;

	rc = commit ? intake_commit(o->in, o->m, &cause) :
	    intake_abort(o->in, o->m, &cause);
	if (rc != INTAKE_OK) {
		log_warn("%s: %s: %s", o->m->where, commit ? "cannot mark it "
		    "processed (its Message-ID is recorded, so it will be "
		    "skipped)" : "cannot leave it for the next poll", cause);
		free(cause);
	}
	return rc;
}

/* The attempt ended: forgotten.  A failure here only costs the mail one
 * attempt it did not use up. */
static void
end_attempt(struct one *o)
{
	char	*cause = NULL;

	if (o->digest[0] == '\0')
		return;
	if (store_attempt_end(o->mp->store, o->digest, &cause) != STORE_OK) {
		log_warn("%s: cannot end its attempt: %s", o->m->where, cause);
		free(cause);
	}
}

/* Where a quarantined mail goes, for the log and the GM. */
static char *
folder_name(const struct one *o)
{
	const char	*q = o->c->intake.quarantine != NULL ?
			    o->c->intake.quarantine : INTAKE_QUARANTINE;

	if (strcmp(o->in->ops->scheme, "maildir") == 0)
		return xasprintf("%s/.%s", o->in->url, q);
	if (strcmp(o->in->ops->scheme, "imap") == 0)
		return xasprintf("the IMAP folder %s", q);
	return NULL;	/* stdin: refused, nowhere */
}

/* Sets the mail aside for good: the record and the GM's notice, then the
 * move.  DAEMON_MAIL_QUARANTINED, or DAEMON_MAIL_TEMP when not even the
 * record could be written (the mail stays for the next poll). */
static int
quarantine(struct one *o, const char *reason, int attempts, int again)
{
	struct mailproc_quarantine	 q;
	char				*folder, *from = NULL, *subject = NULL;
	char				*told, *why_not, *cause = NULL;
	int				 temporary, rc;

	memset(&q, 0, sizeof q);
	folder = folder_name(o);
	if (o->m->raw != NULL) {
		from = mail_raw_field(o->m->raw, o->m->len, "From");
		subject = mail_raw_field(o->m->raw, o->m->len, "Subject");
	}
	q.digest = o->digest[0] != '\0' ? o->digest : NULL;
	q.where = o->m->where;
	q.folder = folder;
	q.reason = reason;
	q.size = o->m->len;
	q.attempts = attempts;
	q.again = again;
	q.from = from;
	q.subject = subject;
	rc = mailproc_quarantined(o->mp, &q, o->now, &told, &why_not,
	    &temporary, &cause);
	free(from);
	free(subject);
	if (rc != 0) {
		log_warn("%s: cannot be quarantined (%s): %s; will try again",
		    o->m->where, reason, cause);
		free(cause);
		free(folder);
		finish(o, 0);
		return DAEMON_MAIL_TEMP;
	}
	if (intake_quarantine(o->in, o->m, &cause) != INTAKE_OK) {
		log_warn("%s: cannot be moved to the quarantine folder (it is "
		    "recorded, so it will be moved when it comes again): %s",
		    o->m->where, cause);
		free(cause);
	}
	/* Not the GM's address: navarch deliver's output goes into the
	 * bounce to the sender. */
	log_warn("%s: quarantined%s%s: %s; %s%s", o->m->where,
	    folder != NULL ? " in " : " (refused)", folder != NULL ? folder :
	    "", reason, told != NULL ? "the GM is told" :
	    "the GM is not told: ", told != NULL ? "" : why_not);
	o->st->quarantined++;
	free(told);
	free(why_not);
	free(folder);
	return DAEMON_MAIL_QUARANTINED;
}

/* The parsed mail, processed and answered in the store. */
static int
process(struct one *o, const struct mail_msg *msg)
{
	struct mailproc_result	 res;
	char			*cause = NULL, *reason;
	int			 rc, temporary;

	memset(&res, 0, sizeof res);
	rc = mailproc_parsed(o->mp, msg, o->now, &res, &cause);
	end_attempt(o);
	if (rc == 0) {
		/* An answered mail is business as usual; one that is not
		 * (automatic mail, a duplicate, a stranger over the day's
		 * limit, ...) is logged so that its policy can be seen. */
		if (res.queued > 0)
			log_info("%s: %s: %s", o->m->where,
			    mailproc_outcome_name(res.outcome),
			    res.summary != NULL ? res.summary : "");
		else
			log_warn("%s: not answered: %s: %s", o->m->where,
			    mailproc_outcome_name(res.outcome),
			    res.summary != NULL ? res.summary : "");
		o->st->messages++;
		o->st->queued += (int)res.queued;
		mailproc_result_free(&res);
		finish(o, 1);
		return DAEMON_MAIL_DONE;
	}
	temporary = res.temporary;
	mailproc_result_free(&res);
	if (temporary) {
		log_warn("%s: %s; will try again", o->m->where, cause);
		free(cause);
		finish(o, 0);
		return DAEMON_MAIL_TEMP;
	}
	/* It will never get better. */
	reason = xasprintf("it cannot be processed: %s", cause);
	free(cause);
	rc = quarantine(o, reason, 0, 0);
	free(reason);
	return rc;
}

int
daemon_mail(const struct daemon_config *c, struct mailproc *mp,
    struct intake *in, struct intake_msg *m, const char *rejected,
    int64_t now, struct daemon_stats *st)
{
	struct one	 o = { c, mp, in, m, now, st, "" };
	struct mail_msg	*msg = NULL;
	char		*cause = NULL, *reason;
	int		 before = 0, done = 0, code, rc;

	if (rejected != NULL)
		return quarantine(&o, rejected, 0, 0);
	mail_sha256_hex(m->raw, m->len, o.digest);
	code = store_attempt_begin(mp->store, o.digest, now, &before, &done,
	    &cause);
	if (code != STORE_OK) {
		log_warn("%s: cannot record the attempt: %s; will try again",
		    m->where, cause);
		free(cause);
		finish(&o, 0);
		return DAEMON_MAIL_TEMP;
	}
	if (done)
		return quarantine(&o, "it was quarantined before and is back "
		    "(a move that failed)", 0, 1);
	if (before >= DAEMON_ATTEMPTS_MAX) {
		reason = xasprintf("%d attempts at it never finished (the "
		    "daemon was killed or crashed while it worked on it)",
		    before);
		rc = quarantine(&o, reason, before, 0);
		free(reason);
		return rc;
	}
	switch (mail_parse_child(m->raw, m->len, &c->parse, &msg, &cause)) {
	case MAIL_CHILD_OK:
		rc = process(&o, msg);
		mail_msg_free(msg);
		return rc;
	case MAIL_CHILD_REFUSED:
		reason = xasprintf("it cannot be read as a mail: %s", cause);
		rc = quarantine(&o, reason, 0, 0);
		break;
	case MAIL_CHILD_FAILED:
		/* This attempt never finished either. */
		if (before + 1 >= DAEMON_ATTEMPTS_MAX) {
			reason = xasprintf("the parser did not finish %d "
			    "attempts at it (%s)", before + 1, cause);
			rc = quarantine(&o, reason, before + 1, 0);
			break;
		}
		log_warn("%s: %s; it will be tried once more, then "
		    "quarantined", m->where, cause);
		free(cause);
		finish(&o, 0);
		return DAEMON_MAIL_AGAIN;
	default:
		log_warn("%s: %s; will try again", m->where, cause);
		free(cause);
		end_attempt(&o);
		finish(&o, 0);
		return DAEMON_MAIL_TEMP;
	}
	free(reason);
	free(cause);
	return rc;
}
