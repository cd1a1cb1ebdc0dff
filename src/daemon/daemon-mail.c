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
 *    (mail_spawner_begin, mail_parse_child): a parser that crashes or
 *    breaks a limit fails the attempt, not the daemon, and the mail is
 *    tried once more.  The cycle starts the next mail's parse (steps 1
 *    and 2) before it processes the mail in hand (daemon_mail_begin),
 *    and acts on it at its turn, in order; with the check ahead, it also
 *    reads the next mail's answer and hands its password to a worker
 *    thread (daemon_mail_ahead), which changes nothing in the store;
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
#include "password-ahead.h"
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

/* What became of a mail's start, to be acted on at its turn. */
enum job_state {
	JOB_REJECTED,		/* the intake's cause: quarantined */
	JOB_DEFERRED,		/* the mail in hand has the same bytes: its
				   attempt and parse wait for its turn */
	JOB_NO_ATTEMPT,		/* the attempt could not be recorded */
	JOB_BACK,		/* quarantined before, and back */
	JOB_FAILED,		/* failed too often: quarantined */
	JOB_PARSING,		/* attempt recorded, parse started or done */
};

struct daemon_job {
	struct one		 o;
	enum job_state		 state;
	char			*cause;		/* owned: REJECTED, NO_ATTEMPT */
	int			 fails;		/* before this attempt */
	struct mail_parse	*parse;		/* in flight, or NULL */
	int			 parsed;	/* -1 not yet, else its outcome */
	struct mail_msg		*msg;		/* parsed OK */
	char			*pcause;	/* the parse's cause */
	int			 ahead;		/* its password handed to
						   mp->checks (or tried) */
	uint64_t		 ticket;	/* that pair's, or 0 */
};

/* The attempt recorded, then the parse started in a child of the
 * cycle's spawner (without one, it is parsed at its turn). */
static void
job_start(struct daemon_job *j)
{
	struct one	*o = &j->o;
	char		*cause = NULL;
	int		 done = 0;

	if (store_attempt_begin(o->mp->store, o->digest, o->now, &j->fails,
	    &done, &cause) != STORE_OK) {
		j->state = JOB_NO_ATTEMPT;
		j->cause = cause;
		return;
	}
	if (done) {
		j->state = JOB_BACK;
		return;
	}
	if (j->fails >= DAEMON_ATTEMPTS_MAX) {
		j->state = JOB_FAILED;
		return;
	}
	j->state = JOB_PARSING;
	if (o->mp->spawner != NULL)
		j->parse = mail_spawner_begin(o->mp->spawner, o->m->raw,
		    o->m->len);
}

struct daemon_job *
daemon_mail_begin(const struct daemon_config *c, struct mailproc *mp,
    struct intake *in, struct intake_msg *m, const char *rejected,
    int64_t now, struct daemon_stats *st, const char *const *busy)
{
	struct daemon_job	*j = xcalloc(1, sizeof *j);
	size_t			 i;

	j->o.c = c;
	j->o.mp = mp;
	j->o.in = in;
	j->o.m = m;
	j->o.now = now;
	j->o.st = st;
	j->parsed = -1;
	if (rejected != NULL) {
		j->state = JOB_REJECTED;
		j->cause = xstrdup(rejected);
		return j;
	}
	mail_sha256_hex(m->raw, m->len, j->o.digest);
	/* Its attempt would be the one in hand's (or the one begun before
	 * it), which may still fail, end or be quarantined. */
	for (i = 0; busy != NULL && busy[i] != NULL; i++)
		if (strcmp(busy[i], j->o.digest) == 0) {
			j->state = JOB_DEFERRED;
			return j;
		}
	job_start(j);
	return j;
}

const char *
daemon_mail_digest(const struct daemon_job *j)
{
	return j->o.digest[0] != '\0' ? j->o.digest : NULL;
}

int
daemon_mail_parsed(struct daemon_job *j)
{
	struct one	*o = &j->o;

	if (j->state == JOB_DEFERRED)
		job_start(j);
	if (j->state != JOB_PARSING)
		return 0;
	if (j->parsed == -1) {
		/* Reading the child's answer is the daemon's work on the
		 * mail's bytes: the mail is in hand. */
		daemon_crash_hold(o->digest);
		if (j->parse != NULL)
			j->parsed = mail_spawner_finish(j->parse, &j->msg,
			    &j->pcause);
		else
			j->parsed = mail_parse_child(o->m->raw, o->m->len,
			    &o->c->parse, &j->msg, &j->pcause);
		j->parse = NULL;
		daemon_crash_hold(NULL);
	}
	return j->parsed == MAIL_CHILD_OK;
}

void
daemon_mail_ahead(struct daemon_job *j)
{
	if (j->ahead || j->state != JOB_PARSING || j->o.mp->checks == NULL)
		return;
	j->ahead = 1;
	if (!daemon_mail_parsed(j))
		return;
	/* Reading the parsed mail (its scan) is work on its bytes. */
	daemon_crash_hold(j->o.digest);
	j->ticket = mailproc_check_ahead(j->o.mp, j->msg);
	daemon_crash_hold(NULL);
}

/* What the parse said, acted on: the part of daemon_mail with the mail
 * in hand. */
static enum daemon_mail
judge(struct daemon_job *j)
{
	struct one		*o = &j->o;
	char			*reason = NULL;
	enum daemon_mail	 rc;

	daemon_crash_hold(o->digest);
	switch (j->parsed) {
	case MAIL_CHILD_OK:
		rc = process(o, j->msg);
		break;
	case MAIL_CHILD_REFUSED:
		reason = xasprintf("it cannot be read as a mail: %s", j->pcause);
		rc = quarantine(o, reason, 0, 0);
		break;
	case MAIL_CHILD_FAILED:
		if (j->fails + 1 >= DAEMON_ATTEMPTS_MAX) {
			reason = xasprintf("it failed %d times, the last: %s",
			    j->fails + 1, j->pcause);
			rc = quarantine(o, reason, j->fails + 1, 0);
			break;
		}
		fail_attempt(o);
		log_warn("%s: %s; it will be tried once more, then "
		    "quarantined", o->m->where, j->pcause);
		leave(o);
		rc = DAEMON_MAIL_AGAIN;
		break;
	default:
		log_warn("%s: %s; will try again", o->m->where, j->pcause);
		end_attempt(o);
		leave(o);
		rc = DAEMON_MAIL_TEMP;
		break;
	}
	daemon_crash_hold(NULL);
	free(reason);
	return rc;
}

static void
job_free(struct daemon_job *j)
{
	/* Its password, if checked ahead and not taken, is wiped now. */
	password_ahead_drop(j->o.mp->checks, j->ticket);
	mail_spawner_cancel(j->parse);
	mail_msg_free(j->msg);
	free(j->pcause);
	free(j->cause);
	free(j);
}

enum daemon_mail
daemon_mail_end(struct daemon_job *j, enum daemon_mark *mark)
{
	struct one		*o = &j->o;
	char			*reason;
	enum daemon_mail	 rc;

	if (mark != NULL)
		*mark = DAEMON_MARK_NONE;
	o->mark = mark;

	(void)daemon_mail_parsed(j);
	switch (j->state) {
	case JOB_REJECTED:
		rc = quarantine(o, j->cause, 0, 0);
		break;
	case JOB_NO_ATTEMPT:
		log_warn("%s: cannot record the attempt: %s; will try again",
		    o->m->where, j->cause);
		leave(o);
		rc = DAEMON_MAIL_TEMP;
		break;
	case JOB_BACK:
		rc = quarantine(o, "it was quarantined before and is back "
		    "(a move that failed)", 0, 1);
		break;
	case JOB_FAILED:
		reason = xasprintf("it failed %d times (the parser or the "
		    "daemon crashed on it, or it broke the parser's limits)",
		    j->fails);
		rc = quarantine(o, reason, j->fails, 0);
		free(reason);
		break;
	default:
		rc = judge(j);
		break;
	}
	job_free(j);
	return rc;
}

void
daemon_mail_cancel(struct daemon_job *j)
{
	if (j == NULL)
		return;
	/* Its parse killed; its attempt left as a stop from outside leaves
	 * it (no failure: the mail is simply taken in again). */
	log_info("%s: left for the next poll, not processed in this one",
	    j->o.m->where);
	leave(&j->o);
	job_free(j);
}

enum daemon_mail
daemon_mail(const struct daemon_config *c, struct mailproc *mp,
    struct intake *in, struct intake_msg *m, const char *rejected,
    int64_t now, struct daemon_stats *st, enum daemon_mark *mk)
{
	return daemon_mail_end(daemon_mail_begin(c, mp, in, m, rejected, now,
	    st, NULL), mk);
}
