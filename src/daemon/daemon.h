/* daemon.h: navarchd's core, shared by navarchd and `navarch deliver`.
 *
 * daemon-config.c reads navarchd.conf (etc/navarchd.conf documents every
 * key); daemon-cycle.c runs one cycle: take in the mail, process each
 * message (mailproc.h) and mark it processed only after its transaction
 * committed, do the clock's work (deadlines, reminders, reports), then
 * drain the outbox.  daemon-priv.c drops root.  navarchd.c is the
 * program: options, signals, the pidfile and the poll loop. */
#ifndef NV_DAEMON_H
#define NV_DAEMON_H

#include <signal.h>
#include <stdint.h>

#include "conf.h"
#include "intake.h"
#include "log.h"
#include "mime.h"
#include "send.h"

struct diag;

/* The embedded default: a local Maildir in, a Maildir outbox out, so a
 * small private game needs no mail server. */
#define DAEMON_DEFAULT_MAILBOX	"maildir:/var/lib/navarch/Maildir"
#define DAEMON_DEFAULT_SMTP	"file:/var/lib/navarch/outbox"

/* send_rate's largest value: a relay that takes more needs no limit. */
#define DAEMON_SEND_RATE_MAX	10000

struct daemon_config {
	struct conf		 conf;		/* the parsed file; owns the
						   strings below */
	char			*file;		/* owned */
	const char		*database;
	const char		*mailbox;
	const char		*smtp;
	const char		*from;
	const char		*gm;		/* NULL: none */
	const char		*pidfile;	/* NULL: none */
	const char		*user;		/* NULL: none */
	const char		*group;		/* NULL: the user's */
	const char		*datadir;
	const char		*templatedir;	/* NULL: $NAVARCH_TEMPLATEDIR,
						   else the installed ones */
	struct intake_config	 intake;
	struct send_config	 send;
	struct mail_limits	 parse;		/* the parser's child */
	long			 poll_interval;
	enum log_level		 log_level;
	long			 hash_cost;	/* 0: the store's default */
	long			 busy_timeout;	/* milliseconds */
	double			 send_rate;	/* mails per second; 0: no
						   limit */
	int			 early;
	long			 grace;
	long			 reminder;
	long			 missed_limit;
	long			 refusals_per_day;
	long			 strangers_per_day;
	long			 auth_failures;
	long			 auth_lockout;	/* seconds */
	long			 sent_keep;	/* seconds a sent mail's body
						   is kept (store_purge) */
};

/* Reads and checks the configuration file at path.  Every problem goes to
 * diag with file:line (the key's line).  0, or -1: a configuration error
 * (exit status 78).  *cfg must be freed with daemon_config_free either
 * way. */
int	daemon_config_load(const char *path, struct daemon_config *,
	    struct diag *);
void	daemon_config_free(struct daemon_config *);
/* The line of key in the file, 0 when it took its default. */
unsigned daemon_config_line(const struct daemon_config *, const char *key);

/* Least privilege (daemon-priv.c, docs/security.md).  Not root: nothing
 * changes (a `user` naming someone else is logged and ignored).  Root
 * without `user`: refused, DAEMON_CONFIG (unless $NAVARCH_ALLOW_ROOT is
 * 1: the test suite and the demo).  Root with `user` (and
 * `group`): becomes that user for good, with that one group, and checks
 * that root cannot be had back: DAEMON_OK; DAEMON_CONFIG (no such user or
 * group, or it is root); DAEMON_FAIL (the system refused).  *cause (owned
 * by the caller) on failure.  Call it after opening the pidfile and
 * syslog and before anything touches the database or a mailbox. */
enum daemon_status daemon_drop_privileges(const struct daemon_config *,
	    char **cause);
/* Its checks alone (root without user, the user and group exist), with
 * the same results, changing nothing: before detaching, so that the
 * refusal reaches the terminal. */
enum daemon_status daemon_check_privileges(const struct daemon_config *,
	    char **cause);
/* Logs a warning when the database can be read by other users. */
void	daemon_check_files(const struct daemon_config *);

/* What one cycle did, for the log and the tests. */
struct daemon_stats {
	int	more;		/* the cycle's time was up with mail still due:
				   run the next cycle at once */
	int	messages;	/* taken in and processed */
	int	quarantined;	/* could not be processed: set aside */
	int	adjudicated;	/* turns played */
	int	queued;		/* outbox rows written */
	int	sent;		/* outbox rows sent */
	int	retry;		/* sending failed, will be retried */
	int	failed;		/* sending failed for good */
};

/* Why a cycle stopped early.  The programs map it onto their exit
 * statuses (navarchd.c with --once, and src/ctl/ctl-exit.c). */
enum daemon_status {
	DAEMON_OK,		/* the whole cycle ran */
	DAEMON_TEMP,		/* a server or the database was not there:
				   try again next poll */
	DAEMON_CONFIG,		/* the configuration cannot work */
	DAEMON_FAIL,		/* anything else */
};

/* Runs one full cycle at time now: intake, processing, the clock's work,
 * sending every mail due (at send_rate).  Sending stops starting mails
 * after budget seconds (0: no limit), setting st->more, so that mail
 * coming in is not kept waiting behind a long paced queue.  Stops taking
 * in mail, and sending, when *stop becomes non-zero (the message in hand
 * is finished).  Logs what it does.  Returns a daemon_status. */
enum daemon_status daemon_cycle(const struct daemon_config *, int64_t now,
	    long budget, volatile sig_atomic_t *stop, struct daemon_stats *);


/* daemon-mail.c: one message taken in (m from intake_next; rejected, the
 * intake's cause, when it was INTAKE_REJECT), through attempts, the
 * parser's child and processing, to intake_commit, intake_abort or
 * intake_quarantine.  Logs what became of it. */
enum daemon_mail {
	DAEMON_MAIL_DONE,	/* processed (answered or not) and committed */
	DAEMON_MAIL_QUARANTINED,	/* set aside for good, GM told */
	DAEMON_MAIL_AGAIN,	/* the parser failed once: left for the next
				   poll, which tries once more */
	DAEMON_MAIL_TEMP,	/* a temporary failure: left, and the rest of
				   the mailbox waits for the next poll */
};
/* Failed attempts (the parser's child, or the daemon itself, crashed
 * with the mail) before a mail is quarantined. */
#define DAEMON_ATTEMPTS_MAX	2
/* What is left to do with a message once what its processing committed
 * is durable (group commit, docs/intake.md): nothing (it was left for the
 * next poll, or mark was NULL and it is done), intake_commit, or
 * intake_quarantine. */
enum daemon_mark {
	DAEMON_MARK_NONE,
	DAEMON_MARK_COMMIT,
	DAEMON_MARK_QUARANTINE,
};
struct mailproc;
struct store;
/* mark NULL: the message is marked (committed or quarantined) at once,
 * after its transaction committed, which must then have synced (navarch
 * deliver).  Otherwise *mark says what is left to do, by daemon_mark(),
 * after the caller's store_sync(); a message left for the next poll was
 * aborted already. */
enum daemon_mail daemon_mail(const struct daemon_config *, struct mailproc *,
	    struct intake *, struct intake_msg *m, const char *rejected,
	    int64_t now, struct daemon_stats *, enum daemon_mark *mark);
/* Does what daemon_mail left in mark (intake_commit or
 * intake_quarantine), logging a failure (which loses nothing: the message
 * comes back and is known by its record). */
void	daemon_mark(struct intake *, struct intake_msg *, enum daemon_mark);
/* daemon_mail in three steps, so that the cycle starts the next mail's
 * parse before it processes the mail in hand (docs/intake.md):
 * begin records the attempt and starts the parse in a child of
 * mp->spawner (without one, the parse waits for parsed); parsed waits
 * for it and says 1 when the mail is to be processed; end does the rest
 * (processing, quarantine, the marks or *mark) as daemon_mail does,
 * and frees the job.
 * busy: the digests of the mails begun and not ended
 * (daemon_mail_digest), a NULL-terminated array, or NULL: a mail with
 * the same bytes as one of them starts at its turn, not before.  cancel,
 * in place of end: the parse killed, the mail left for the next poll, as
 * a stop from outside leaves it (no failure counted).  m and st must
 * outlive the job; m stays the caller's (rejected is copied).
 * ahead, for the mail after the one in hand: waits for its parse and
 * hands its password to mp->checks (mailproc_check_ahead), so that it
 * is checked while the mail in hand is processed; nothing else of the
 * mail is done before its turn.  The pair is dropped when the job ends
 * or is cancelled. */
struct daemon_job;
struct daemon_job *daemon_mail_begin(const struct daemon_config *,
	    struct mailproc *, struct intake *, struct intake_msg *m,
	    const char *rejected, int64_t now, struct daemon_stats *,
	    const char *const *busy);
int	daemon_mail_parsed(struct daemon_job *);
void	daemon_mail_ahead(struct daemon_job *);
enum daemon_mail daemon_mail_end(struct daemon_job *,
	    enum daemon_mark *mark);
void	daemon_mail_cancel(struct daemon_job *);
/* The job's digest (static while the job lives), NULL for a rejected
 * mail. */
const char *daemon_mail_digest(const struct daemon_job *);
/* Processes one message read from fd (navarch deliver) as daemon_mail
 * does: DAEMON_MAIL_DONE, DAEMON_MAIL_QUARANTINED (refused for good:
 * the MTA is to bounce it), or DAEMON_MAIL_TEMP (try again later: the
 * message could not be read, the database not opened, or it failed
 * once). */
enum daemon_mail daemon_deliver(const struct daemon_config *, int fd,
	    int64_t now);
/* Installs (once) the fatal-signal handler that names the mail in hand
 * in DATABASE.crash should the daemon crash (SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT, SIGSYS), then gives the signal back to what handled
 * it before.  collect counts each mail named there as a failed attempt
 * (store_attempt_fail) and removes the file; returns how many. */
void	daemon_crash_setup(const char *database);
int	daemon_crash_collect(struct store *, int64_t now);
/* The mail in hand (its SHA-256 in hex), named should the daemon crash;
 * NULL: none. */
void	daemon_crash_hold(const char *digest);

#endif
