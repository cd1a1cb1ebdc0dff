/* daemon-mail.c: one message taken in, from its bytes to intake_commit,
 * intake_abort or intake_quarantine (daemon.h, docs/intake.md).  The two
 * marks that must wait for the store's sync (intake_commit and
 * intake_quarantine, after a commit) are left to the caller's group
 * commit when it asks (daemon-cycle.c); leaving a mail for the next poll
 * is done at once.
 *
 * No mail can stop the mail after it.  The order of the steps is the
 * argument:
 * 1. an attempt is recorded in the store, by the SHA-256 of the bytes,
 *    before a byte is parsed; it ends when the processing returns,
 *    whatever it says;
 * 2. the bytes are parsed in a child process with limits
 *    (mail_parse_child): a parser that crashes or breaks a limit fails
 *    the attempt, not the daemon, and the mail is tried once more;
 * 3. should the daemon itself crash with the mail in hand (SIGSEGV,
 *    SIGABRT, ...), its fatal-signal handler leaves the mail's digest in
 *    DATABASE.crash, and the next start counts that failure too.  An
 *    attempt cut short from outside (SIGKILL, a stop, a power cut) is no
 *    failure: the mail is simply processed again, as crash consistency
 *    wants (tests/daemon/crash.py);
 * 4. after DAEMON_ATTEMPTS_MAX failures, and at once for a mail the
 *    parser refuses, one too large to read, or one whose processing
 *    failed for good, the mail is quarantined: recorded in the store with
 *    the GM's notice (one transaction), then, once that is durable,
 *    moved out of the mailbox; a mail that comes back (the move failed,
 *    or a crash came first) is known by its record and only moved again.
 * Every mail that gets no answer is logged at warning level, saying why;
 * an answered one at info. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	enum daemon_mark		*mark;	/* NULL: mark at once */
	char				 digest[65];	/* "" when not read */
};

void
daemon_mark(struct intake *in, struct intake_msg *m, enum daemon_mark what)
{
	char	*cause = NULL;

	switch (what) {
	case DAEMON_MARK_NONE:
		return;
	case DAEMON_MARK_COMMIT:
		if (intake_commit(in, m, &cause) == INTAKE_OK)
			return;
		log_warn("%s: cannot mark it processed (its Message-ID is "
		    "recorded, so it will be skipped): %s", m->where, cause);
		break;
	case DAEMON_MARK_QUARANTINE:
		if (intake_quarantine(in, m, &cause) == INTAKE_OK)
			return;
		log_warn("%s: cannot be moved to the quarantine folder (it is "
		    "recorded, so it will be moved when it comes again): %s",
		    m->where, cause);
		break;
	}
	free(cause);
}

/* The mark of a message whose processing committed: at once, or left to
 * the caller's group commit. */
static void
mark(struct one *o, enum daemon_mark what)
{
	if (o->mark != NULL)
		*o->mark = what;
	else
		daemon_mark(o->in, o->m, what);
}

/* Leaves the message for the next poll: at once, as nothing durable
 * depends on it. */
static void
leave(struct one *o)
{
	char	*cause = NULL;

	if (intake_abort(o->in, o->m, &cause) != INTAKE_OK) {
		log_warn("%s: cannot leave it for the next poll: %s",
		    o->m->where, cause);
		free(cause);
	}
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

/* The attempt failed because of the mail (the parser's child).  A
 * failure here only costs the mail one more try. */
static void
fail_attempt(struct one *o)
{
	char	*cause = NULL;

	if (store_attempt_fail(o->mp->store, o->digest, o->now, &cause) !=
	    STORE_OK) {
		log_warn("%s: cannot count the failed attempt: %s",
		    o->m->where, cause);
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
static enum daemon_mail
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
		leave(o);
		return DAEMON_MAIL_TEMP;
	}
	/* Moved once the record and the GM's notice are durable. */
	mark(o, DAEMON_MARK_QUARANTINE);
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
static enum daemon_mail
process(struct one *o, const struct mail_msg *msg)
{
	struct mailproc_result	 res;
	char			*cause = NULL, *reason;
	enum daemon_mail	 m;
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
		mark(o, DAEMON_MARK_COMMIT);
		return DAEMON_MAIL_DONE;
	}
	temporary = res.temporary;
	mailproc_result_free(&res);
	if (temporary) {
		log_warn("%s: %s; will try again", o->m->where, cause);
		free(cause);
		leave(o);
		return DAEMON_MAIL_TEMP;
	}
	/* It will never get better. */
	reason = xasprintf("it cannot be processed: %s", cause);
	free(cause);
	m = quarantine(o, reason, 0, 0);
	free(reason);
	return m;
}

/* --- the daemon's own crash with a mail in hand ---------------------------- */

/* Written in the fatal-signal handler with nothing but open, write and
 * close (async-signal-safe): the file to append to, the line to write
 * (the digest and a newline), and whether a mail is in hand. */
static char			 crash_file[4096];
static char			 crash_line[66];
static volatile sig_atomic_t	 crash_armed;
static const int		 crash_signals[] = {
	SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGSYS
};
#define NCRASH	(sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction		 crash_old[NCRASH];
static int			 crash_installed;

static void
on_crash(int sig)
{
	size_t	i;
	int	fd, e = errno;

	if (crash_armed) {
		crash_armed = 0;
		fd = open(crash_file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
		    0600);
		if (fd != -1) {
			if (write(fd, crash_line, 65) != 65)
				(void)0;	/* nothing more can be done */
			close(fd);
		}
	}
	/* What was there before (the default, or a sanitizer's report)
	 * takes the signal again. */
	for (i = 0; i < NCRASH; i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &crash_old[i], NULL);
	errno = e;
	raise(sig);
}

void
daemon_crash_setup(const char *database)
{
	static char	 altstack[256 * 1024];
	struct sigaction sa;
	stack_t		 ss, old;
	size_t		 i;
	int		 n;

	n = snprintf(crash_file, sizeof crash_file, "%s.crash", database);
	if (n < 0 || (size_t)n >= sizeof crash_file)
		crash_file[0] = '\0';
	if (crash_installed)
		return;
	crash_installed = 1;
	/* A stack of its own, for a crash that is a stack overflow (unless
	 * a sanitizer set one up already). */
	if (sigaltstack(NULL, &old) == 0 && (old.ss_flags & SS_DISABLE)) {
		memset(&ss, 0, sizeof ss);
		ss.ss_sp = altstack;
		ss.ss_size = sizeof altstack;
		(void)sigaltstack(&ss, NULL);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_crash;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_ONSTACK | SA_NODEFER;
	for (i = 0; i < NCRASH; i++)
		sigaction(crash_signals[i], &sa, &crash_old[i]);
}

void
daemon_crash_hold(const char *digest)
{
	crash_armed = 0;
	if (digest == NULL || crash_file[0] == '\0')
		return;
	memcpy(crash_line, digest, 64);
	crash_line[64] = '\n';
	crash_armed = 1;
}

int
daemon_crash_collect(struct store *s, int64_t now)
{
	FILE	*f;
	char	*taken, line[128], *cause = NULL;
	size_t	 n;
	int	 count = 0;

	if (crash_file[0] == '\0')
		return 0;
	/* Taken aside first: another process (navarch deliver) may append
	 * to it meanwhile. */
	taken = xasprintf("%s.%ld", crash_file, (long)getpid());
	if (rename(crash_file, taken) == -1) {
		if (errno != ENOENT)
			log_warn("%s: %s", crash_file, strerror(errno));
		free(taken);
		return 0;
	}
	if ((f = fopen(taken, "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL) {
			n = strspn(line, "0123456789abcdef");
			if (n != 64 || line[64] != '\n')
				continue;
			line[64] = '\0';
			log_warn("the daemon crashed with mail sha256:%s in hand; "
			    "it counts as a failed attempt at it", line);
			if (store_attempt_fail(s, line, now, &cause) != STORE_OK) {
				log_warn("%s", cause);
				free(cause);
				cause = NULL;
			}
			count++;
		}
		fclose(f);
	}
	unlink(taken);
	free(taken);
	return count;
}

/* --- one mail ------------------------------------------------------------------ */

/* Parses in the child and processes: the part of daemon_mail with the
 * mail in hand.  fails: its failures so far. */
static enum daemon_mail
parse_and_process(struct one *o, int fails)
{
	struct mail_msg		*msg = NULL;
	char			*cause = NULL, *reason = NULL;
	enum daemon_mail	 rc;

	switch (o->mp->spawner != NULL ? mail_spawner_parse(o->mp->spawner,
	    o->m->raw, o->m->len, &msg, &cause) : mail_parse_child(o->m->raw,
	    o->m->len, &o->c->parse, &msg, &cause)) {
	case MAIL_CHILD_OK:
		rc = process(o, msg);
		mail_msg_free(msg);
		return rc;
	case MAIL_CHILD_REFUSED:
		reason = xasprintf("it cannot be read as a mail: %s", cause);
		rc = quarantine(o, reason, 0, 0);
		break;
	case MAIL_CHILD_FAILED:
		if (fails + 1 >= DAEMON_ATTEMPTS_MAX) {
			reason = xasprintf("it failed %d times, the last: %s",
			    fails + 1, cause);
			rc = quarantine(o, reason, fails + 1, 0);
			break;
		}
		fail_attempt(o);
		log_warn("%s: %s; it will be tried once more, then "
		    "quarantined", o->m->where, cause);
		leave(o);
		rc = DAEMON_MAIL_AGAIN;
		break;
	default:
		log_warn("%s: %s; will try again", o->m->where, cause);
		end_attempt(o);
		leave(o);
		rc = DAEMON_MAIL_TEMP;
		break;
	}
	free(reason);
	free(cause);
	return rc;
}

enum daemon_mail
daemon_mail(const struct daemon_config *c, struct mailproc *mp,
    struct intake *in, struct intake_msg *m, const char *rejected,
    int64_t now, struct daemon_stats *st, enum daemon_mark *mk)
{
	struct one		 o = { c, mp, in, m, now, st, mk, "" };
	char			*cause = NULL, *reason;
	enum daemon_mail	 rc;
	int			 fails = 0, done = 0, code;

	if (mk != NULL)
		*mk = DAEMON_MARK_NONE;
	if (rejected != NULL)
		return quarantine(&o, rejected, 0, 0);
	mail_sha256_hex(m->raw, m->len, o.digest);
	code = store_attempt_begin(mp->store, o.digest, now, &fails, &done,
	    &cause);
	if (code != STORE_OK) {
		log_warn("%s: cannot record the attempt: %s; will try again",
		    m->where, cause);
		free(cause);
		leave(&o);
		return DAEMON_MAIL_TEMP;
	}
	if (done)
		return quarantine(&o, "it was quarantined before and is back "
		    "(a move that failed)", 0, 1);
	if (fails >= DAEMON_ATTEMPTS_MAX) {
		reason = xasprintf("it failed %d times (the parser or the "
		    "daemon crashed on it, or it broke the parser's limits)",
		    fails);
		rc = quarantine(&o, reason, fails, 0);
		free(reason);
		return rc;
	}
	daemon_crash_hold(o.digest);
	rc = parse_and_process(&o, fails);
	daemon_crash_hold(NULL);
	return rc;
}
