/* daemon-cycle.c: one cycle of navarchd, and `navarch deliver`.
 *
 * Invariant (docs/intake.md): a mail is marked processed (Maildir cur/,
 * IMAP \Seen or moved) or moved to quarantine only after the transaction
 * that recorded it is durable.  navarchd commits in groups: during a poll
 * every transaction commits without a sync (synchronous = NORMAL), the
 * mails whose processing committed wait unmarked, and after a batch one
 * sync of the store (store_sync) makes all of them durable; only then is
 * each marked.  A crash of the process loses no commit; a power cut
 * before the sync may lose the batch's commits, but then none of its
 * mails is marked, so all come again next poll, and one whose
 * transaction did survive is known by its Message-ID and only marked.
 * The poll ends with the sync, before any turn is played or any answer
 * sent.  navarch deliver syncs each commit before it exits (its exit
 * status tells the MTA). */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compose.h"
#include "daemon.h"
#include "intake.h"
#include "log.h"
#include "mailproc.h"
#include "outbox.h"
#include "password-ahead.h"
#include "store.h"
#include "store-purge.h"
#include "store-sync.h"
#include "timefmt.h"
#include "xalloc.h"

/* The composer mailproc calls to turn a reply into message bytes. */
struct compose_ctx {
	int64_t	now;
};

/* Splits "<a> <b>" into its ids; the array and ids are owned. */
static size_t
split_refs(const char *refs, char ***out)
{
	char	**v = NULL, *copy, *p, *end;
	size_t	  n = 0;

	*out = NULL;
	if (refs == NULL)
		return 0;
	copy = xstrdup(refs);
	for (p = copy; (p = strchr(p, '<')) != NULL; p = end + 1) {
		if ((end = strchr(p, '>')) == NULL)
			break;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = xstrndup(p, (size_t)(end - p + 1));
	}
	free(copy);
	*out = v;
	return n;
}

static int
compose_reply(const struct mailproc_reply *r, void *arg, char **out,
    char **cause)
{
	const struct compose_ctx	*ctx = arg;
	struct compose_msg		 m;
	struct compose_attachment	*att = NULL;
	char				*id, *irt = NULL, **refs;
	size_t				 n, i, len;
	int				 rc;

	memset(&m, 0, sizeof m);
	id = xasprintf("<%s>", r->message_id);
	if (r->in_reply_to != NULL)
		irt = xasprintf("<%s>", r->in_reply_to);
	n = split_refs(r->references, &refs);
	m.from = r->from;
	m.to = r->to;
	m.subject = r->subject;
	m.date = ctx->now;
	m.message_id = id;
	m.in_reply_to = irt;
	m.references = (const char *const *)refs;
	m.nreferences = n;
	m.auto_submitted = r->auto_submitted == MAILPROC_AUTO_REPLIED ?
	    COMPOSE_AUTO_REPLIED : COMPOSE_AUTO_GENERATED;
	m.body = r->body;
	/* The two structs say the same; compose.c keeps its own so that it
	 * stays free of the mail processing's headers. */
	if (r->nattachments > 0)
		att = xcalloc(r->nattachments, sizeof *att);
	for (i = 0; i < r->nattachments; i++) {
		att[i].filename = r->attachments[i].name;
		att[i].type = r->attachments[i].type;
		att[i].data = r->attachments[i].data;
		att[i].len = r->attachments[i].len;
	}
	m.attachments = att;
	m.nattachments = r->nattachments;
	rc = compose_build(&m, out, &len, cause);
	free(att);
	for (i = 0; i < n; i++)
		free(refs[i]);
	free(refs);
	free(id);
	free(irt);
	return rc;
}

static void
mailproc_setup(const struct daemon_config *c, struct store *s,
    struct compose_ctx *ctx, struct mailproc *mp)
{
	mailproc_init(mp);
	mp->store = s;
	mp->address = c->from;
	mp->gm = c->gm;
	mp->datadir = c->datadir;
	mp->templatedir = c->templatedir;
	if (c->hash_cost > 0)
		mp->hash_cost = (unsigned)c->hash_cost;
	mp->refusals_per_day = (int)c->refusals_per_day;
	mp->strangers_per_day = (int)c->strangers_per_day;
	mp->auth_failures = (int)c->auth_failures;
	mp->auth_lockout = c->auth_lockout;
	mp->early = c->early;
	mp->grace = c->grace;
	mp->reminder = c->reminder;
	mp->missed_limit = (int)c->missed_limit;
	mp->compose = compose_reply;
	mp->compose_arg = ctx;
}

/* The cycle's parser spawner (mime.h), at its first mail: forked while
 * the daemon is small, before the mails load their games.  Without one
 * each mail forks the daemon for its parser, as navarch deliver does.
 * With one, the thread that checks the next mail's password ahead
 * (password-ahead.h), started after the fork: the spawner has no thread
 * but its own.  NAVARCH_TEST_CHECK_AHEAD=off, a hook for
 * tests/daemon/ahead.sh, leaves it out: every password checked inline,
 * the answers the same. */
static void
spawner_start(const struct daemon_config *c, struct mailproc *mp, int *tried)
{
	const char	*hook = getenv("NAVARCH_TEST_CHECK_AHEAD");
	char		*cause = NULL;

	if (*tried)
		return;
	*tried = 1;
	if (mail_spawner_start(&c->parse, &mp->spawner, &cause) != 0) {
		log_warn("%s; each mail forks its parser", cause);
		free(cause);
		return;
	}
	if (hook != NULL && strcmp(hook, "off") == 0)
		return;
	if (password_ahead_start(&mp->checks, &cause) != 0) {
		log_warn("%s; each password is checked in turn", cause);
		free(cause);
	}
}

/* The worker first: it holds no mail, and its thread is joined. */
static void
spawner_stop(struct mailproc *mp)
{
	struct password_ahead_stats	 ps;

	password_ahead_stats(mp->checks, &ps);
	if (ps.from_worker + ps.inline_checks > 0)
		log_info("passwords: %lu checked ahead, %lu in turn",
		    ps.from_worker, ps.inline_checks);
	password_ahead_stop(mp->checks);
	mp->checks = NULL;
	mail_spawner_stop(mp->spawner);
	mp->spawner = NULL;
}

static enum daemon_status worse(enum daemon_status, enum daemon_status);

/* --- group commit -------------------------------------------------------- */

/* The mails of a poll whose processing committed, not yet marked: they
 * are marked (intake_commit, or intake_quarantine) only after one sync
 * of the store makes all their transactions durable.  A batch is synced
 * and marked at BATCH_MAILS mails, BATCH_MS after its first mail, and at
 * the end of the poll however it ends.  The bounds are what a power cut
 * can cost: the mails of one batch taken in again (each only recognised
 * by its Message-ID and marked), and for IMAP the time a fetched message
 * stays \Seen unmarked.  A sync takes a few milliseconds on a slow disk
 * and a mail at least 2 (its password check alone 1 at hash cost 1), so
 * 256 mails (half a second or more of work) make the sync's part of a
 * mail negligible, and at the default cost (about 55 mails a second) a
 * batch is a second's mail. */
#define BATCH_MAILS	256
#define BATCH_MS	1000

struct batch {
	struct intake_msg	**m;		/* owned, each with its mark */
	enum daemon_mark	 *what;
	size_t			  n;
	int64_t			  first;	/* ms, monotonic: its first */
};

/* Keeps m (now the batch's) to be marked after the sync.  Its bytes are
 * freed: a mark needs only its name (the file, the UID). */
static void
batch_add(struct batch *b, struct intake_msg *m, enum daemon_mark what)
{
	free(m->raw);
	m->raw = NULL;
	m->len = 0;
	if (b->n == 0)
		b->first = time_mono_ms();
	b->m = xreallocarray(b->m, b->n + 1, sizeof *b->m);
	b->what = xreallocarray(b->what, b->n + 1, sizeof *b->what);
	b->m[b->n] = m;
	b->what[b->n] = what;
	b->n++;
}

static int
batch_due(const struct batch *b)
{
	return b->n >= BATCH_MAILS || (b->n > 0 &&
	    time_mono_ms() - b->first >= BATCH_MS);
}

/* For tests/daemon/gcommit.sh only: NAVARCH_TEST_KILL_AT=batch-sync kills
 * the daemon (SIGKILL, as a power cut would stop it: no handler, no
 * cleanup) with a batch committed and neither synced nor marked. */
static void
test_kill_point(const char *name)
{
	const char	*at = getenv("NAVARCH_TEST_KILL_AT");

	if (at != NULL && strcmp(at, name) == 0)
		raise(SIGKILL);
}

/* Marks the batch's mails to be marked processed in one exchange where
 * the driver can (IMAP: two commands for the batch, not two a mail); on
 * a failure, those not known to be marked are left to daemon_mark one by
 * one, which says which failed and why.  A mail done here is DAEMON_MARK_NONE
 * after. */
static void
batch_commit(struct intake *in, struct batch *b)
{
	struct intake_msg	**list;
	size_t			  i, n = 0, done;
	char			 *cause = NULL;

	list = xreallocarray(NULL, b->n, sizeof *list);
	for (i = 0; i < b->n; i++)
		if (b->what[i] == DAEMON_MARK_COMMIT)
			list[n++] = b->m[i];
	if (n > 1 && intake_commit_list(in, list, n, &done, &cause) !=
	    INTAKE_OK) {
		log_info("cannot mark %zu mails processed at once (%s): one "
		    "at a time", n - done, cause);
		free(cause);
	} else
		done = n > 1 ? n : 0;
	for (i = 0; i < b->n && done > 0; i++) {
		if (b->what[i] == DAEMON_MARK_COMMIT) {
			b->what[i] = DAEMON_MARK_NONE;
			done--;
		}
	}
	free(list);
}

/* Marks every message of the batch once the sync of the store said
 * synced (STORE_OK); the batch is empty after.  If the sync failed, no
 * message is marked: each is left for the next poll, where one whose
 * transaction survived is known by its Message-ID (or its quarantine
 * record).  0, or -1 when the sync failed. */
static int
batch_mark(struct intake *in, struct batch *b, int synced, char *cause)
{
	size_t	 i;
	int	 rc = synced == STORE_OK ? 0 : -1;

	if (rc != 0) {
		log_error("%s; the %zu mails taken in since the last sync are "
		    "left for the next poll", cause, b->n);
		free(cause);
		cause = NULL;
	}
	if (rc == 0)
		batch_commit(in, b);
	for (i = 0; i < b->n; i++) {
		if (rc == 0)
			daemon_mark(in, b->m[i], b->what[i]);
		else if (intake_abort(in, b->m[i], &cause) != INTAKE_OK) {
			log_warn("%s: cannot leave it for the next poll: %s",
			    b->m[i]->where, cause);
			free(cause);
			cause = NULL;
		}
		intake_msg_free(b->m[i]);
	}
	b->n = 0;
	return rc;
}

/* One sync of the store, then the batch's marks. */
static int
batch_flush(struct store *s, struct intake *in, struct batch *b)
{
	char	*cause = NULL;

	if (b->n == 0)
		return 0;
	test_kill_point("batch-sync");
	return batch_mark(in, b, store_sync(s, &cause), cause);
}

static void
batch_free(struct batch *b)
{
	free(b->m);
	free(b->what);
}

/* Ends the poll, however it ends: the store goes back to syncing every
 * commit, with one sync of what the poll committed, and the batch is
 * marked after it, before the mailbox is closed (which leaves anything
 * else for the next poll).  Nothing is adjudicated or sent before. */
static enum daemon_status
intake_end(struct mailproc *mp, struct intake *in, struct batch *b,
    enum daemon_status status)
{
	char	*cause = NULL;
	int	 synced;

	if (b->n > 0)
		test_kill_point("batch-sync");
	synced = store_defer_sync(mp->store, 0, &cause);
	if (b->n > 0 && batch_mark(in, b, synced, cause) != 0)
		status = worse(status, DAEMON_TEMP);
	else if (synced != STORE_OK) {
		log_error("%s", cause);
		free(cause);
		status = worse(status, DAEMON_TEMP);
	}
	batch_free(b);
	spawner_stop(mp);
	intake_close(in);
	return status;
}

/* Takes in and processes the mailbox's messages, committing in groups
 * (above): every transaction of the poll commits without a sync, and
 * nothing is marked, answered or adjudicated before the sync after it. */
/* A message taken from the mailbox and started (daemon_mail_begin), or
 * what the mailbox said instead. */
struct taken {
	struct intake_msg	*m;
	char			*cause;		/* owned: the intake's */
	struct daemon_job	*job;
	int			 rc;		/* intake_next's */
};

/* Takes the next message and starts it: its attempt recorded and its
 * parse begun (busy: the digests of the mails begun before it and not
 * ended, NULL-terminated, or NULL).  INTAKE_OK (or INTAKE_REJECT) with
 * t->job, or what the mailbox said (DONE, TEMP, PERM, with t->cause). */
static int
take(const struct daemon_config *c, struct mailproc *mp, struct intake *in,
    int64_t now, struct daemon_stats *st, int *tried,
    const char *const *busy, struct taken *t)
{
	memset(t, 0, sizeof *t);
	t->rc = intake_next(in, &t->m, &t->cause);
	if (t->rc != INTAKE_OK && t->rc != INTAKE_REJECT)
		return t->rc;
	spawner_start(c, mp, tried);
	/* A rejected message (too large, not a file) is quarantined like
	 * any mail that cannot be processed. */
	t->job = daemon_mail_begin(c, mp, in, t->m, t->rc == INTAKE_REJECT ?
	    t->cause : NULL, now, st, busy);
	return t->rc;
}

static void
taken_free(struct taken *t)
{
	daemon_mail_cancel(t->job);
	intake_msg_free(t->m);
	free(t->cause);
	memset(t, 0, sizeof *t);
}

/* Nothing taken yet (a mailbox's answer other than OK counts as one). */
static int
taken_empty(const struct taken *t)
{
	return t->rc == INTAKE_OK && t->job == NULL;
}

/* The two mails after the one in hand (cur), before it is processed:
 * the next one taken if it was not, its parse finished and its password
 * handed to the check-ahead worker; the one after it taken and its
 * parse begun.  While cur is processed, the other core then checks the
 * next mail's password and parses the one after.  Without the worker,
 * one mail ahead, its parse begun, as before. */
static void
ahead(const struct daemon_config *c, struct mailproc *mp, struct intake *in,
    int64_t now, struct daemon_stats *st, int *tried, const struct taken *cur,
    struct taken *next, struct taken *after)
{
	const char	*busy[3] = { NULL, NULL, NULL }, *d;
	size_t		 n = 0;

	if ((d = daemon_mail_digest(cur->job)) != NULL)
		busy[n++] = d;
	if (taken_empty(next))
		(void)take(c, mp, in, now, st, tried, busy, next);
	if (next->job == NULL || mp->checks == NULL)
		return;
	if ((d = daemon_mail_digest(next->job)) != NULL)
		busy[n++] = d;
	if (taken_empty(after))
		(void)take(c, mp, in, now, st, tried, busy, after);
	daemon_mail_ahead(next->job);
}

/* Takes in and processes the mailbox's messages, committing in groups
 * (above): every transaction of the poll commits without a sync, and
 * nothing is marked, answered or adjudicated before the sync after it.
 * A mail ahead: once the mail in hand is parsed and about to be
 * processed, the next one is parsed and its password checked ahead, and
 * the one after it is taken and its parse started (ahead, above), so
 * that a child parses and the worker checks on one core while the
 * daemon processes on the other.  Each mail is still begun, judged,
 * processed and marked in the mailbox's order, and the mails ahead,
 * when the poll stops first (a stop, a temporary failure), are killed
 * and left for the next poll. */
static enum daemon_status
intake_all(const struct daemon_config *c, struct mailproc *mp, int64_t now,
    volatile sig_atomic_t *stop, struct daemon_stats *st)
{
	struct intake		*in;
	struct taken		 cur, next, after;
	struct batch		 b;
	enum daemon_mark	 what;
	char			*cause = NULL;
	int			 rc, temp = 0, tried = 0, err = INTAKE_OK;

	rc = intake_open(c->mailbox, &c->intake, &in, &cause);
	if (rc != INTAKE_OK) {
		log_error("%s: %s", c->mailbox, cause);
		free(cause);
		return rc == INTAKE_TEMP ? DAEMON_TEMP : DAEMON_CONFIG;
	}
	memset(&b, 0, sizeof b);
	memset(&next, 0, sizeof next);
	memset(&after, 0, sizeof after);
	(void)store_defer_sync(mp->store, 1, NULL);
	while (!*stop && !temp) {
		if (!taken_empty(&next)) {
			cur = next;
			next = after;
			memset(&after, 0, sizeof after);
		} else
			(void)take(c, mp, in, now, st, &tried, NULL, &cur);
		if (cur.rc != INTAKE_OK && cur.rc != INTAKE_REJECT) {
			err = cur.rc;
			if (err != INTAKE_DONE)
				log_error("%s: %s", c->mailbox, cur.cause);
			taken_free(&cur);
			break;
		}
		if (daemon_mail_parsed(cur.job) && mp->spawner != NULL &&
		    !*stop)
			ahead(c, mp, in, now, st, &tried, &cur, &next, &after);
		temp = daemon_mail_end(cur.job, &what) == DAEMON_MAIL_TEMP;
		cur.job = NULL;
		if (what != DAEMON_MARK_NONE) {
			batch_add(&b, cur.m, what);
			cur.m = NULL;
		}
		taken_free(&cur);
		if (batch_due(&b) && batch_flush(mp->store, in, &b) != 0)
			temp = 1;
	}
	/* Started and not processed: killed, and left for the next poll
	 * (or what the mailbox said after the mail that stopped the poll:
	 * heard at the next). */
	taken_free(&next);
	taken_free(&after);
	if (err != INTAKE_OK && err != INTAKE_DONE)
		return intake_end(mp, in, &b, err == INTAKE_TEMP ?
		    DAEMON_TEMP : DAEMON_CONFIG);
	return intake_end(mp, in, &b, temp ? DAEMON_TEMP : DAEMON_OK);
}

static enum daemon_status
tick(struct mailproc *mp, int64_t now, struct daemon_stats *st)
{
	struct mailproc_tick_result	 tr;
	char				*cause = NULL;
	int				 rc;

	memset(&tr, 0, sizeof tr);
	rc = mailproc_tick(mp, now, &tr, &cause);
	st->adjudicated += (int)tr.adjudicated;
	st->queued += (int)tr.queued;
	if (tr.summary != NULL)
		log_info("%s", tr.summary);
	if (rc != 0) {
		log_error("deadlines: %s", cause);
		free(cause);
	}
	mailproc_tick_result_free(&tr);
	return rc == 0 ? DAEMON_OK : DAEMON_FAIL;
}

/* The bookkeeping of mail that can no longer matter and the bodies of
 * mail sent sent_mail_keep_days ago (store-purge.c): a failure only
 * delays it to the next cycle. */
static void
purge(const struct daemon_config *c, struct store *s, int64_t now)
{
	struct store_purged	 p;
	char			*cause = NULL;

	if (store_purge(s, now, c->sent_keep, &p, &cause) != STORE_OK) {
		log_warn("purge: %s", cause);
		free(cause);
		return;
	}
	if (p.rates + p.auth + p.attempts > 0)
		log_info("purge: %d reply counts of past days, %d old wrong "
		    "passwords, %d old mail attempts forgotten", p.rates,
		    p.auth, p.attempts);
	if (p.bodies > 0)
		log_info("purge: the bodies of %d mails sent emptied "
		    "(sent_mail_keep_days)", p.bodies);
}

static enum daemon_status
send_all(const struct daemon_config *c, struct store *s, int64_t now,
    long budget, volatile sig_atomic_t *stop, struct daemon_stats *st)
{
	struct sender		*snd;
	struct outbox_stats	 os;
	struct outbox_pace	 pace;
	char			*cause = NULL;
	int			 rc;

	rc = send_open(&c->send, &snd, &cause);
	if (rc != SEND_OK) {
		log_error("%s: %s", c->smtp, cause);
		free(cause);
		return rc == SEND_TEMP ? DAEMON_TEMP : DAEMON_CONFIG;
	}
	memset(&os, 0, sizeof os);
	memset(&pace, 0, sizeof pace);
	pace.rate = c->send_rate;
	pace.budget_ms = (int64_t)budget * 1000;
	pace.stop = stop;
	rc = outbox_drain(s, snd, now, &pace, &os, &cause);
	send_close(snd);
	st->sent += os.sent;
	st->retry += os.retry;
	st->failed += os.failed;
	st->more = os.more;
	if (rc != 0) {
		log_warn("outbox: %s", cause);
		free(cause);
		return DAEMON_TEMP;
	}
	return DAEMON_OK;
}

static enum daemon_status
open_store(const struct daemon_config *c, struct store **s)
{
	char	*cause = NULL;
	int	 rc;

	rc = store_open(c->database, (int)c->busy_timeout, s, &cause);
	if (rc == STORE_OK)
		return DAEMON_OK;
	/* After dropping root, most likely: say whose the files must be. */
	if (access(c->database, R_OK | W_OK) != 0 && errno == EACCES)
		log_error("%s: %s (navarchd runs as uid %ld, which cannot "
		    "use it: the database, its directory, the mailbox and the "
		    "outbox must be that user's)", c->database, cause,
		    (long)geteuid());
	else
		log_error("%s: %s", c->database, cause);
	free(cause);
	return rc == STORE_BUSY ? DAEMON_TEMP : DAEMON_CONFIG;
}

/* The worse of two statuses: a configuration error beats a failure beats
 * a temporary problem. */
static int
rank(enum daemon_status s)
{
	switch (s) {
	case DAEMON_OK:
		return 0;
	case DAEMON_TEMP:
		return 1;
	case DAEMON_FAIL:
		return 2;
	case DAEMON_CONFIG:
		return 3;
	}
	return 2;
}

static enum daemon_status
worse(enum daemon_status a, enum daemon_status b)
{
	return rank(b) > rank(a) ? b : a;
}

enum daemon_status
daemon_cycle(const struct daemon_config *c, int64_t now, long budget,
    volatile sig_atomic_t *stop, struct daemon_stats *st)
{
	struct compose_ctx	 ctx = { now };
	struct mailproc		 mp;
	struct store		*s;
	enum daemon_status	 rc, status;

	memset(st, 0, sizeof *st);
	daemon_crash_setup(c->database);
	if ((status = open_store(c, &s)) != DAEMON_OK)
		return status;
	(void)daemon_crash_collect(s, now);
	mailproc_setup(c, s, &ctx, &mp);
	status = intake_all(c, &mp, now, stop, st);
	if (status != DAEMON_CONFIG && !*stop)
		status = worse(status, tick(&mp, now, st));
	/* Whatever happened above, what is queued goes out. */
	if (status != DAEMON_CONFIG && (rc = send_all(c, s, now, budget, stop,
	    st)) != DAEMON_OK)
		status = worse(status, rc);
	/* After sending, so that with sent_mail_keep_days = 0 the bodies
	 * of the mails this cycle sent (each marked sent in a transaction
	 * of its own, committed by now) go at once. */
	if (status != DAEMON_CONFIG && !*stop)
		purge(c, s, now);
	/* The cycle's template, rulesets and states: read afresh next one. */
	mailproc_free(&mp);
	store_close(s);
	log_info("cycle: %d messages, %d quarantined, %d turns adjudicated, "
	    "%d mails queued, %d sent, %d to retry, %d failed%s",
	    st->messages, st->quarantined, st->adjudicated, st->queued,
	    st->sent, st->retry, st->failed, st->more ? "; more mail is due: "
	    "sending goes on next cycle" : "");
	return status;
}

enum daemon_mail
daemon_deliver(const struct daemon_config *c, int fd, int64_t now)
{
	struct compose_ctx	 ctx = { now };
	struct intake_config	 ic = c->intake;
	struct mailproc		 mp;
	struct daemon_stats	 st;
	struct store		*s;
	struct intake		*in;
	struct intake_msg	*m;
	char			*cause = NULL;
	enum intake_status	 rc;
	enum daemon_mail	 dm;

	memset(&st, 0, sizeof st);
	ic.fd = fd;
	if (intake_open("stdin:", &ic, &in, &cause) != INTAKE_OK) {
		log_error("standard input: %s", cause);
		free(cause);
		return DAEMON_MAIL_TEMP;
	}
	rc = intake_next(in, &m, &cause);
	if (rc != INTAKE_OK && rc != INTAKE_REJECT) {
		log_error("standard input: %s", cause != NULL ? cause :
		    "no message");
		free(cause);
		intake_close(in);
		return DAEMON_MAIL_TEMP;
	}
	/* Whatever keeps the store from us is not the mail's fault: a
	 * temporary failure, so that the MTA keeps it and pipes it again
	 * (a configuration error would bounce it). */
	daemon_crash_setup(c->database);
	if (open_store(c, &s) != DAEMON_OK) {
		free(cause);
		intake_msg_free(m);
		intake_close(in);
		return DAEMON_MAIL_TEMP;
	}
	(void)daemon_crash_collect(s, now);
	mailproc_setup(c, s, &ctx, &mp);
	/* No group commit: each transaction syncs as it commits, before the
	 * message is marked and before the MTA is told by the exit. */
	dm = daemon_mail(c, &mp, in, m, rc == INTAKE_REJECT ? cause : NULL,
	    now, &st, NULL);
	free(cause);
	mailproc_free(&mp);
	store_close(s);
	intake_msg_free(m);
	intake_close(in);
	/* A mail that failed once is tried again by the MTA too. */
	return dm == DAEMON_MAIL_AGAIN ? DAEMON_MAIL_TEMP : dm;
}
