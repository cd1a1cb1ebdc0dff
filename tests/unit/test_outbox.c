/* test_outbox.c: outbox_drain against a real store with a scripted
 * driver: sent, retried with backoff, failed for good (audited),
 * batched (nothing marked sent before its flush; a flush that fails
 * marks none), paced and bounded, and at-least-once when marking fails
 * after a successful send; and with the file: driver, a real Maildir. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "outbox.h"
#include "send.h"
#include "send_fixture.h"
#include "store.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define FROM	"navarch@navarch.example.org"

/* --- outbox_drain with a scripted driver ------------------------------- */

struct script {
	const int	*codes;		/* what each send returns */
	size_t		 n, calls;
	char		*last_rcpt;
	char		*last_msg;
	struct store	*hold;		/* holds the write lock while set */
	const char	*dbpath;
	int		 lock_after;	/* take the lock in this call (1-) */
	/* Flushes: what each returns (past the end: SEND_OK), how many
	 * there were and the sends before each. */
	const int	*flush_codes;
	size_t		 nflush_codes, flushes;
	size_t		 sends_at_flush[8];
	/* The invariant checked at every flush and send: the rows marked
	 * sent are exactly those accepted and made durable before. */
	struct store	*st;
	const int64_t	*ids;		/* the rows queued, to count */
	size_t		 nids;
	int		 accepted;	/* SEND_OK since the last flush */
	int		 durable;	/* accepted, then flushed */
	int		 noflush;	/* fake_noflush_driver */
};

static struct script	script;

/* The rows of sc->ids marked sent. */
static int
count_sent(struct script *sc)
{
	const char	*status;
	int64_t		 next;
	size_t		 i;
	int		 attempts, n = 0;

	for (i = 0; i < sc->nids; i++) {
		sfx_row(sc->st, sc->ids[i], &status, &attempts, &next, NULL);
		n += strcmp(status, "sent") == 0;
	}
	return n;
}

static int
fake_match(const char *url)
{
	return strncmp(url, "fake:", 5) == 0;
}

static int
fake_open(const struct send_config *cf, void **data, char **cause)
{
	*data = &script;
	return SEND_OK;
}

static int
fake_send(void *data, const char *from, const char *rcpt, const char *msg,
    size_t len, char **cause)
{
	struct script	*sc = data;
	int		 code;
	char		*why = NULL;

	code = sc->calls < sc->n ? sc->codes[sc->calls] : SEND_OK;
	/* (At every send only for short cases: it reads every row.) */
	if (sc->ids != NULL && sc->nids <= 10)
		assert_int_equal(count_sent(sc), sc->durable);
	sc->calls++;
	if (code == SEND_OK && sc->noflush)
		sc->durable++;		/* durable as accepted */
	else if (code == SEND_OK)
		sc->accepted++;
	free(sc->last_rcpt);
	free(sc->last_msg);
	sc->last_rcpt = xstrdup(rcpt);
	sc->last_msg = xstrndup(msg, len);
	/* Another process takes the database right after the server said
	 * yes: the message cannot be marked sent. */
	if (sc->lock_after != 0 && (int)sc->calls == sc->lock_after) {
		assert_int_equal(store_open(sc->dbpath, 0, &sc->hold, &why),
		    STORE_OK);
		assert_int_equal(store_begin(sc->hold, &why), STORE_OK);
	}
	if (code != SEND_OK)
		*cause = xasprintf("scripted %s %zu", send_code_name(code),
		    sc->calls);
	return code;
}

static void
fake_close(void *data)
{
}

/* Nothing is marked sent before its flush: the rows sent are those of
 * the flushes that succeeded before this one. */
static int
fake_flush(void *data, char **cause)
{
	struct script	*sc = data;
	int		 code;

	code = sc->flushes < sc->nflush_codes ? sc->flush_codes[sc->flushes] :
	    SEND_OK;
	if (sc->flushes < NELEM(sc->sends_at_flush))
		sc->sends_at_flush[sc->flushes] = sc->calls;
	sc->flushes++;
	if (sc->ids != NULL)
		assert_int_equal(count_sent(sc), sc->durable);
	if (code == SEND_OK)
		sc->durable += sc->accepted;
	sc->accepted = 0;
	if (code != SEND_OK)
		*cause = xasprintf("scripted flush %zu failed", sc->flushes);
	return code;
}

static const struct send_driver fake_driver = {
	.name = "fake", .match = fake_match, .open = fake_open,
	.send = fake_send, .close = fake_close, .flush = fake_flush,
};

/* An SMTP-like driver: every mail is durable when it is accepted. */
static const struct send_driver fake_noflush_driver = {
	.name = "fake", .match = fake_match, .open = fake_open,
	.send = fake_send, .close = fake_close, .flush = NULL,
};

struct drain_fx {
	char		*dir;
	char		*dbpath;
	struct store	*st;
	struct sender	*s;
};

static int
drain_setup(void **state)
{
	struct drain_fx		*f = xcalloc(1, sizeof *f);
	struct send_config	 cf = { "fake:", FROM, NULL, NULL, NULL,
	    SEND_TLS_REQUIRED, 0, 0 };
	char			*cause = NULL;

	f->dir = sfx_tempdir("nvoutbox");
	f->dbpath = xasprintf("%s/nv.db", f->dir);
	f->st = sfx_store(f->dir);
	assert_int_equal(send_open_driver(&fake_driver, &cf, &f->s, &cause),
	    SEND_OK);
	memset(&script, 0, sizeof script);
	script.dbpath = f->dbpath;
	script.st = f->st;
	*state = f;
	return 0;
}

static int
drain_teardown(void **state)
{
	struct drain_fx	*f = *state;

	send_close(f->s);
	store_close(f->st);
	store_close(script.hold);
	free(script.last_rcpt);
	free(script.last_msg);
	sfx_rmtree(f->dir);
	free(f->dir);
	free(f->dbpath);
	free(f);
	return 0;
}

static void
drain(struct drain_fx *f, int64_t now, int sent, int retry, int failed)
{
	struct outbox_stats	st;
	char			*cause = NULL;

	if (outbox_drain(f->st, f->s, now, NULL, &st, &cause) != STORE_OK)
		fail_msg("outbox_drain: %s", cause);
	assert_int_equal(st.sent, sent);
	assert_int_equal(st.retry, retry);
	assert_int_equal(st.failed, failed);
	assert_int_equal(st.more, 0);
}

struct row_want {
	const char	*status;
	int		 attempts;
	int64_t		 next;
	const char	*error;		/* substring; NULL: none */
};

static void
expect_row(struct drain_fx *f, int64_t id, const struct row_want *w)
{
	const char	*status;
	char		*err;
	int		 attempts;
	int64_t		 next;

	sfx_row(f->st, id, &status, &attempts, &next, &err);
	assert_string_equal(status, w->status);
	assert_int_equal(attempts, w->attempts);
	assert_int_equal(next, w->next);
	if (w->error == NULL)
		assert_true(err == NULL || *err == '\0');
	else if (err == NULL || strstr(err, w->error) == NULL)
		fail_msg("last_error \"%s\" lacks \"%s\"", err ? err : "",
		    w->error);
	free(err);
}

static int
count_audit(const struct store_audit *a, void *arg)
{
	char	**last = arg;

	if (strcmp(a->action, OUTBOX_ACTION_FAILED) == 0) {
		free(*last);
		*last = xstrdup(a->details);
	}
	return 0;
}

/* The details of the last mail-failed audit entry (owned by the caller),
 * or NULL. */
static char *
last_failure(struct drain_fx *f)
{
	char	*last = NULL, *cause = NULL;

	assert_int_equal(store_audit_list(f->st, NULL, count_audit, &last,
	    &cause), STORE_OK);
	return last;
}

static void
test_drain_outcomes(void **state)
{
	static const int	 codes[] = { SEND_OK, SEND_TEMP, SEND_PERM };
	static const struct row_want want[] = {
		{ "sent", 1, 10, NULL },
		{ "queued", 1, 160, "scripted temporary failure 2" },
		{ "failed", 1, 100, "scripted permanent failure 3" },
	};
	struct drain_fx	*f = *state;
	int64_t		 ids[3];
	char		*audit;
	size_t		 i;

	ids[0] = sfx_queue(f->st, "<m1@h>", "a@example.org", "one\n", 10);
	ids[1] = sfx_queue(f->st, "<m2@h>", "b@example.org", "two\n", 11);
	ids[2] = sfx_queue(f->st, "<m3@h>", "c@example.org", "three\n", 12);
	script.codes = codes;
	script.n = NELEM(codes);
	drain(f, 100, 1, 1, 1);
	assert_int_equal(script.calls, 3);
	for (i = 0; i < NELEM(ids); i++)
		expect_row(f, ids[i], &want[i]);
	/* The permanent failure is in the GM's audit log. */
	audit = last_failure(f);
	assert_non_null(audit);
	assert_string_equal(audit, "<m3@h> to c@example.org: scripted "
	    "permanent failure 3");
	free(audit);

	/* Nothing is due until the backoff has passed; then it goes. */
	drain(f, 159, 0, 0, 0);
	assert_int_equal(script.calls, 3);
	drain(f, 160, 1, 0, 0);
	assert_string_equal(script.last_rcpt, "b@example.org");
	assert_string_equal(script.last_msg, "two\r\n");
}

/* Temporary failures follow the store's schedule, then fail for good. */
static void
test_drain_backoff(void **state)
{
	static const int	codes[] = { SEND_TEMP, SEND_TEMP, SEND_TEMP,
	    SEND_TEMP, SEND_TEMP, SEND_TEMP, SEND_TEMP, SEND_TEMP };
	static const int64_t	waits[] = { 60, 300, 900, 3600, 14400, 43200,
	    86400 };
	struct drain_fx	*f = *state;
	struct row_want	 w = { "queued", 0, 0, "scripted" };
	int64_t		 id, now = 1000;
	char		*audit;
	size_t		 i;

	id = sfx_queue(f->st, "<b@h>", "a@example.org", "x\n", now);
	script.codes = codes;
	script.n = NELEM(codes);
	for (i = 0; i < NELEM(waits); i++) {
		drain(f, now, 0, 1, 0);
		w.attempts = (int)i + 1;
		w.next = now + waits[i];
		expect_row(f, id, &w);
		now += waits[i];
	}
	assert_null(last_failure(f));
	drain(f, now, 0, 0, 1);
	w.status = "failed";
	w.attempts = 8;
	w.next = now;
	expect_row(f, id, &w);
	audit = last_failure(f);
	assert_non_null(strstr(audit, "<b@h> to a@example.org"));
	free(audit);
	assert_int_equal(script.calls, 8);
}

/* Batches (issue 16): a driver with a flush gets up to OUTBOX_BATCH
 * mails, then a flush, and only then are they marked sent; a flush that
 * fails is a failed attempt for each mail of its batch, and marks none.
 * Refusals are recorded as they come and take no place in a batch.
 * status: runs of a count and a letter per row in queue order, s sent,
 * q queued again (a failed attempt), f failed. */
struct batch_case {
	const char	*name;
	int		 rows;
	int		 noflush;	/* the driver has no flush */
	int		 codes[5];	/* what the first sends return;
					   past them SEND_OK */
	int		 flush_codes[3];	/* the first flushes' */
	size_t		 flushes;
	size_t		 sends_at_flush[3];
	int		 sent, retry, failed;
	const char	*status;
};

#define T	SEND_TEMP
#define P	SEND_PERM
static const struct batch_case batch_cases[] = {
	{ "one batch", 3, 0, { 0 }, { 0 }, 1, { 3 }, 3, 0, 0, "3s" },
	{ "the flush fails: none marked", 3, 0, { 0 }, { T }, 1, { 3 },
	  0, 3, 0, "3q" },
	{ "refusals among accepted mails", 5, 0, { 0, T, 0, P, 0 }, { 0 },
	  1, { 5 }, 3, 1, 1, "1s1q1s1f1s" },
	{ "refusals, then the flush fails", 5, 0, { 0, T, 0, P, 0 },
	  { T }, 1, { 5 }, 0, 4, 1, "3q1f1q" },
	{ "batches of 64", 150, 0, { 0 }, { 0 }, 3, { 64, 128, 150 },
	  150, 0, 0, "150s" },
	{ "the second batch of three fails", 150, 0, { 0 }, { 0, T, 0 }, 3,
	  { 64, 128, 150 }, 86, 64, 0, "64s64q22s" },
	{ "a refusal takes no place in a batch", 70, 0, { T }, { 0 }, 2,
	  { 65, 70 }, 69, 1, 0, "1q69s" },
	{ "no flush: each marked as it is accepted", 4, 1, { 0, T }, { 0 },
	  0, { 0 }, 3, 1, 0, "1s1q2s" },
};
#undef T
#undef P

/* The status letter of row i by the runs of c->status. */
static char
batch_want(const struct batch_case *c, int i)
{
	const char	*p = c->status;
	char		*end;
	long		 n;

	while (*p != '\0') {
		n = strtol(p, &end, 10);
		if (i < n)
			return *end;
		i -= (int)n;
		p = end + 1;
	}
	fail_msg("%s: status \"%s\" too short", c->name, c->status);
	return '?';
}

static void
test_drain_batches(void **state)
{
	static const char *const names[] = { "sent", "queued", "failed" };
	const struct batch_case	*c;
	struct drain_fx		*f = *state;
	struct send_config	 cf = { "fake:", FROM, NULL, NULL, NULL,
	    SEND_TLS_REQUIRED, 0, 0 };
	struct outbox_stats	 st;
	struct sender		*snd;
	const char		*status;
	int64_t			 ids[150], next, base = 10000000;
	char			*cause = NULL, *err, mid[48], want;
	size_t			 i, k;
	int			 attempts, j;

	for (i = 0; i < NELEM(batch_cases); i++) {
		c = &batch_cases[i];
		assert_true(c->rows <= (int)NELEM(ids));
		assert_int_equal(send_open_driver(c->noflush ?
		    &fake_noflush_driver : &fake_driver, &cf, &snd, &cause),
		    SEND_OK);
		for (j = 0; j < c->rows; j++) {
			snprintf(mid, sizeof mid, "<b%zu.%d@h>", i, j);
			ids[j] = sfx_queue(f->st, mid, "a@example.org",
			    "x\n", base + 10);
		}
		free(script.last_rcpt);
		free(script.last_msg);
		memset(&script, 0, sizeof script);
		script.codes = c->codes;
		script.n = NELEM(c->codes);
		script.flush_codes = c->flush_codes;
		script.nflush_codes = NELEM(c->flush_codes);
		script.st = f->st;
		script.ids = ids;
		script.nids = (size_t)c->rows;
		script.noflush = c->noflush;
		if (outbox_drain(f->st, snd, base + 100, NULL, &st, &cause) !=
		    STORE_OK)
			fail_msg("%s: outbox_drain: %s", c->name, cause);
		send_close(snd);
		if (st.sent != c->sent || st.retry != c->retry ||
		    st.failed != c->failed || script.flushes != c->flushes)
			fail_msg("%s: sent %d retry %d failed %d flushes %zu",
			    c->name, st.sent, st.retry, st.failed,
			    script.flushes);
		for (k = 0; k < c->flushes; k++)
			if (script.sends_at_flush[k] != c->sends_at_flush[k])
				fail_msg("%s: flush %zu after %zu sends",
				    c->name, k, script.sends_at_flush[k]);
		assert_int_equal(count_sent(&script), script.durable);
		for (j = 0; j < c->rows; j++) {
			want = batch_want(c, j);
			sfx_row(f->st, ids[j], &status, &attempts, &next,
			    &err);
			if (strcmp(status, names[want == 's' ? 0 :
			    want == 'q' ? 1 : 2]) != 0 || attempts != 1)
				fail_msg("%s: row %d is %s after %d attempts",
				    c->name, j, status, attempts);
			/* A failed flush is the cause of a retry. */
			if (want == 'q' && (j < 5 ? c->codes[j] : SEND_OK) !=
			    SEND_TEMP && (err == NULL ||
			    strstr(err, "scripted flush") == NULL))
				fail_msg("%s: row %d: last_error %s", c->name,
				    j, err ? err : "NULL");
			free(err);
		}
		/* Every row is out of the due set. */
		assert_int_equal(outbox_drain(f->st, f->s, base + 100, NULL,
		    &st, &cause), STORE_OK);
		assert_int_equal(st.sent + st.retry + st.failed, 0);
		/* The next case's "now" comes before this one's retries. */
		base -= 100000;
	}
	script.ids = NULL;
}

/* The file: driver under the outbox, with its new/ removed (with the
 * mails in it) after the third mail is written, before the flush. */
static const char	*vanish_dir;	/* new/ to remove */
static size_t		 vanish_calls;

static int
vanish_open(const struct send_config *cf, void **data, char **cause)
{
	vanish_calls = 0;
	return send_file_driver.open(cf, data, cause);
}

static int
vanish_send(void *data, const char *from, const char *rcpt, const char *msg,
    size_t len, char **cause)
{
	int	code;

	code = send_file_driver.send(data, from, rcpt, msg, len, cause);
	if (++vanish_calls == 3)
		sfx_rmtree(vanish_dir);
	return code;
}

static void
vanish_close(void *data)
{
	send_file_driver.close(data);
}

static int
vanish_flush(void *data, char **cause)
{
	return send_file_driver.flush(data, cause);
}

static const struct send_driver vanish_driver = {
	.name = "vanish", .match = fake_match, .open = vanish_open,
	.send = vanish_send, .close = vanish_close, .flush = vanish_flush,
};

/* A flush that fails leaves every row of its batch queued, a failed
 * attempt each with the driver's cause, none marked sent; the next
 * drain after the backoff sends them again, and marks them. */
static void
test_drain_file_flush_fails(void **state)
{
	struct drain_fx		*f = *state;
	struct send_config	 cf = { 0 };
	struct row_want		 w = { "queued", 1, 160, "may not be on disk" };
	struct outbox_stats	 st;
	struct sender		*snd;
	char			*md, *new, *cause = NULL, mid[32];
	int64_t			 ids[3];
	size_t			 i;

	md = xasprintf("%s/Maildir", f->dir);
	new = xasprintf("%s/new", md);
	cf.url = xasprintf("file:%s", md);
	cf.from = FROM;
	vanish_dir = new;
	assert_int_equal(send_open_driver(&vanish_driver, &cf, &snd, &cause),
	    SEND_OK);
	for (i = 0; i < NELEM(ids); i++) {
		snprintf(mid, sizeof mid, "<v%zu@h>", i);
		ids[i] = sfx_queue(f->st, mid, "a@example.org", "x\n", 10);
	}
	assert_int_equal(outbox_drain(f->st, snd, 100, NULL, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 0);
	assert_int_equal(st.retry, 3);
	for (i = 0; i < NELEM(ids); i++)
		expect_row(f, ids[i], &w);

	assert_int_equal(mkdir(new, 0700), 0);
	assert_int_equal(outbox_drain(f->st, snd, 160, NULL, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 3);
	assert_int_equal(sfx_count(new), 3);
	w.status = "sent";
	w.attempts = 2;
	w.error = NULL;
	for (i = 0; i < NELEM(ids); i++)
		expect_row(f, ids[i], &w);
	send_close(snd);
	free(new);
	free(md);
	free((char *)cf.url);
}

/* Issue 10: 100 mails per poll let a wave of 7,880 answers wait 6.6
 * hours.  Thousands of rows go in one drain, into a real Maildir. */
static void
test_drain_all(void **state)
{
	struct send_config	 cf = { 0 };
	struct outbox_stats	 st;
	struct sender		*snd;
	struct store		*db;
	char			*dir, *md, *sub, *cause = NULL, mid[32];
	int			 i, n = 2000;

	(void)state;
	dir = sfx_tempdir("nvdrain");
	md = xasprintf("%s/Maildir", dir);
	cf.url = xasprintf("file:%s", md);
	cf.from = FROM;
	db = sfx_store(dir);
	assert_int_equal(store_begin(db, &cause), STORE_OK);
	for (i = 0; i < n; i++) {
		snprintf(mid, sizeof mid, "<w%d@h>", i);
		sfx_queue(db, mid, "a@example.org", "Subject: x\n\nanswer\n",
		    10);
	}
	assert_int_equal(store_commit(db, &cause), STORE_OK);
	assert_int_equal(send_open(&cf, &snd, &cause), SEND_OK);
	assert_int_equal(outbox_drain(db, snd, 100, NULL, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, n);
	assert_int_equal(st.more, 0);
	sub = xasprintf("%s/new", md);
	assert_int_equal(sfx_count(sub), (size_t)n);
	free(sub);
	/* Nothing left queued: a second drain has nothing to do. */
	assert_int_equal(outbox_drain(db, snd, 100, NULL, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 0);
	send_close(snd);
	store_close(db);
	free(md);
	free((char *)cf.url);
	sfx_rmtree(dir);
	free(dir);
}

/* A clock the test moves: sleeping advances it, sending records it. */
struct fake_clock {
	int64_t		 now;		/* ns */
	int64_t		 slept;		/* ns, in all */
	int64_t		 sends[64];	/* the clock at each send */
	size_t		 nsends;
	int64_t		 flushed[64];	/* the flush that covered each */
	size_t		 nflushed, flushes;
};

static struct fake_clock	fclock;

static int64_t
fake_clock_ns(void *arg)
{
	struct fake_clock	*c = arg;

	/* Each look at the clock costs a little, like a real one. */
	c->now += 1000;
	return c->now;
}

static void
fake_sleep_ns(void *arg, int64_t ns)
{
	struct fake_clock	*c = arg;

	assert_true(ns > 0);
	c->now += ns;
	c->slept += ns;
}

static int
clock_send(void *data, const char *from, const char *rcpt, const char *msg,
    size_t len, char **cause)
{
	if (fclock.nsends < NELEM(fclock.sends))
		fclock.sends[fclock.nsends] = fclock.now;
	fclock.nsends++;
	/* Sending takes 20 ms of the clock. */
	fclock.now += 20000000;
	return SEND_OK;
}

static int
clock_flush(void *data, char **cause)
{
	fclock.flushes++;
	for (; fclock.nflushed < fclock.nsends &&
	    fclock.nflushed < NELEM(fclock.flushed); fclock.nflushed++)
		fclock.flushed[fclock.nflushed] = fclock.now;
	return SEND_OK;
}

static const struct send_driver clock_driver = {
	.name = "clock", .match = fake_match, .open = fake_open,
	.send = clock_send, .close = fake_close, .flush = clock_flush,
};

/* Paced mails are not kept waiting for their flush (and their mark) for
 * more than OUTBOX_BATCH_MS and the last mail's 20 ms of sending (and 1
 * ms for the looks at the clock): n mails at 10 a second make batches
 * of 10. */
static void
expect_flushed_soon(size_t n)
{
	size_t	i;

	assert_int_equal(fclock.nflushed, n);
	assert_true(fclock.flushes >= n / 10);
	for (i = 0; i < n; i++)
		if (fclock.flushed[i] - fclock.sends[i] >
		    ((int64_t)OUTBOX_BATCH_MS + 21) * 1000000)
			fail_msg("mail %zu flushed %lld ns after it was sent",
			    i, (long long)(fclock.flushed[i] -
			    fclock.sends[i]));
}

/* At 10 mails a second, 40 mails take 3.9 s of the (injected) clock,
 * each starting at least 100 ms after the one before; with a budget of
 * 2 s a drain stops after 20 and says more is due; the next drain sends
 * the rest.  No real time passes. */
static void
test_drain_paced(void **state)
{
	struct drain_fx		*f = *state;
	struct send_config	 cf = { "fake:", FROM, NULL, NULL, NULL,
	    SEND_TLS_REQUIRED, 0, 0 };
	struct outbox_pace	 pace;
	struct outbox_stats	 st;
	struct sender		*snd;
	volatile sig_atomic_t	 stop = 0;
	char			*cause = NULL, mid[32];
	size_t			 i;

	assert_int_equal(send_open_driver(&clock_driver, &cf, &snd, &cause),
	    SEND_OK);
	for (i = 0; i < 60; i++) {
		snprintf(mid, sizeof mid, "<p%zu@h>", i);
		sfx_queue(f->st, mid, "a@example.org", "x\n", 10);
	}
	memset(&fclock, 0, sizeof fclock);
	memset(&pace, 0, sizeof pace);
	pace.rate = 10;
	pace.clock_ns = fake_clock_ns;
	pace.sleep_ns = fake_sleep_ns;
	pace.arg = &fclock;
	pace.budget_ms = 2000;
	pace.stop = &stop;
	assert_int_equal(outbox_drain(f->st, snd, 100, &pace, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 20);
	assert_int_equal(st.more, 1);
	for (i = 1; i < fclock.nsends; i++)
		assert_true(fclock.sends[i] - fclock.sends[i - 1] >=
		    100000000);
	/* Paced, not slowed: the drain waited only what the rate needs. */
	assert_true(fclock.sends[19] - fclock.sends[0] < 1901000000);
	expect_flushed_soon(20);

	memset(&fclock, 0, sizeof fclock);
	pace.budget_ms = 0;
	assert_int_equal(outbox_drain(f->st, snd, 100, &pace, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 40);
	assert_int_equal(st.more, 0);
	assert_true(fclock.sends[39] - fclock.sends[0] >= 3900000000);
	assert_true(fclock.sends[39] - fclock.sends[0] < 3901000000);
	expect_flushed_soon(40);

	/* The stop flag ends a drain before the next mail. */
	sfx_queue(f->st, "<last@h>", "a@example.org", "x\n", 10);
	stop = 1;
	assert_int_equal(outbox_drain(f->st, snd, 100, &pace, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 0);
	assert_int_equal(st.more, 1);
	send_close(snd);
}

/* The real clock, loosely: 40 mails at 400 a second cannot all be sent
 * in less than 39 / 400 s.  (Only a lower bound: never flaky.) */
static void
test_drain_paced_real(void **state)
{
	struct drain_fx		*f = *state;
	struct outbox_pace	 pace;
	struct outbox_stats	 st;
	struct timespec		 t0, t1;
	char			*cause = NULL, mid[32];
	int64_t			 ns;
	int			 i;

	for (i = 0; i < 40; i++) {
		snprintf(mid, sizeof mid, "<r%d@h>", i);
		sfx_queue(f->st, mid, "a@example.org", "x\n", 10);
	}
	memset(&pace, 0, sizeof pace);
	pace.rate = 400;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(outbox_drain(f->st, f->s, 100, &pace, &st, &cause),
	    STORE_OK);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_int_equal(st.sent, 40);
	ns = (int64_t)(t1.tv_sec - t0.tv_sec) * 1000000000 +
	    (t1.tv_nsec - t0.tv_nsec);
	if (ns < 97500000)
		fail_msg("40 mails at 400/s took %lld ns", (long long)ns);
}

/* The server accepted the mail but the database was locked before it
 * could be marked sent: the drain stops with STORE_BUSY, the row stays
 * queued, and the next drain sends the very same bytes (same Message-ID)
 * again: at-least-once. */
static void
test_drain_at_least_once(void **state)
{
	struct drain_fx		*f = *state;
	struct outbox_stats	 st;
	struct row_want		 w = { "queued", 0, 10, NULL };
	char			*cause = NULL, *first;
	int64_t			 id;

	store_close(f->st);
	assert_int_equal(store_open(f->dbpath, 0, &f->st, &cause), STORE_OK);
	id = sfx_queue(f->st, "<once@h>", "a@example.org",
	    "Message-ID: <once@h>\n\nbody\n", 10);
	script.lock_after = 1;
	assert_int_equal(outbox_drain(f->st, f->s, 100, NULL, &st, &cause),
	    STORE_BUSY);
	assert_non_null(cause);
	free(cause);
	cause = NULL;
	assert_int_equal(st.sent, 0);
	expect_row(f, id, &w);
	first = xstrdup(script.last_msg);

	store_close(script.hold);
	script.hold = NULL;
	script.lock_after = 0;
	drain(f, 100, 1, 0, 0);
	assert_int_equal(script.calls, 2);
	assert_string_equal(script.last_msg, first);
	assert_non_null(strstr(first, "Message-ID: <once@h>\r\n"));
	free(first);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_drain_outcomes,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_backoff,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_batches,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_file_flush_fails,
		    drain_setup, drain_teardown),
		cmocka_unit_test(test_drain_all),
		cmocka_unit_test_setup_teardown(test_drain_paced,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_paced_real,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_at_least_once,
		    drain_setup, drain_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
