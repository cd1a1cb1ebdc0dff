/* test_send.c: choosing a driver, the file: driver (a Maildir, never a
 * partial file) and outbox_drain against a real store with a scripted
 * driver: sent, retried with backoff, failed for good (audited), bounded,
 * and at-least-once when marking fails after a successful send. */
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

/* --- choosing a driver, checking the configuration ------------------- */

struct open_case {
	const char	*url;
	const char	*user;
	const char	*pwfile;	/* relative to the test directory */
	const char	*from;
	int		 want;
	const char	*cause;		/* substring, for SEND_PERM */
};

static const struct open_case open_cases[] = {
	{ "smtp://127.0.0.1:1", NULL, NULL, FROM, SEND_OK, NULL },
	{ "smtps://mail.example.org", NULL, NULL, FROM, SEND_OK, NULL },
	{ "SMTP://mail.example.org:587/navarch.example.org", NULL, NULL,
	  FROM, SEND_OK, NULL },
	{ "smtp://mail.example.org", "navarch", "pw", FROM, SEND_OK, NULL },
	{ "file:MAILDIR", NULL, NULL, FROM, SEND_OK, NULL },
	{ "file://MAILDIR", NULL, NULL, FROM, SEND_OK, NULL },
	{ "gopher://mail.example.org", NULL, NULL, FROM, SEND_PERM,
	  "use smtp://host[:port], smtps://host[:port] or file:" },
	{ "smtp://user:secret@mail.example.org", NULL, NULL, FROM, SEND_PERM,
	  "bad SMTP URL" },
	{ "smtp://mail.example.org/a b", NULL, NULL, FROM, SEND_PERM,
	  "bad SMTP URL" },
	{ "smtp://", NULL, NULL, FROM, SEND_PERM, "bad SMTP URL" },
	{ "smtp://mail.example.org", "navarch", NULL, FROM, SEND_PERM,
	  "smtp_password_file is not" },
	{ "smtp://mail.example.org", "navarch", "missing", FROM, SEND_PERM,
	  "cannot read the SMTP password" },
	{ "smtp://mail.example.org", "navarch", "empty", FROM, SEND_PERM,
	  "is empty" },
	{ "file:relative/Maildir", NULL, NULL, FROM, SEND_PERM,
	  "file:/absolute/path" },
	{ "file:NOTADIR", NULL, NULL, FROM, SEND_PERM, "not a directory" },
	{ "smtp://mail.example.org", NULL, NULL, "Navarch <n@example.org>",
	  SEND_PERM, "sender address" },
	{ "smtp://mail.example.org", NULL, NULL, "n@example.org\r\nX: y",
	  SEND_PERM, "sender address" },
	{ NULL, NULL, NULL, FROM, SEND_PERM, "cannot send mail" },
};

/* s with MAILDIR and NOTADIR replaced by paths under dir. */
static char *
expand(const char *s, const char *dir)
{
	const char	*p;

	if (s == NULL)
		return NULL;
	if ((p = strstr(s, "MAILDIR")) != NULL)
		return xasprintf("%.*s%s/Maildir", (int)(p - s), s, dir);
	if ((p = strstr(s, "NOTADIR")) != NULL)
		return xasprintf("%.*s%s/file", (int)(p - s), s, dir);
	return xstrdup(s);
}

static void
write_file(const char *path, const char *text)
{
	FILE	*f;

	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void
test_open(void **state)
{
	const struct open_case	*c;
	struct send_config	 cf = { 0 };
	struct sender		*s;
	char			*dir, *url, *pw, *path, *cause;
	size_t			 i;
	int			 rc;

	dir = sfx_tempdir("nvsend");
	path = xasprintf("%s/pw", dir);
	write_file(path, "s3cret\nignored\n");
	free(path);
	path = xasprintf("%s/empty", dir);
	write_file(path, "\n");
	free(path);
	path = xasprintf("%s/file", dir);
	write_file(path, "x");
	free(path);
	for (i = 0; i < NELEM(open_cases); i++) {
		c = &open_cases[i];
		url = expand(c->url, dir);
		pw = c->pwfile != NULL ? xasprintf("%s/%s", dir, c->pwfile) :
		    NULL;
		cf.url = url;
		cf.user = c->user;
		cf.password_file = pw;
		cf.from = c->from;
		cause = NULL;
		rc = send_open(&cf, &s, &cause);
		if (rc != c->want)
			fail_msg("case %zu (%s): %s: %s", i, url ? url : "NULL",
			    send_code_name(rc), cause ? cause : "");
		if (rc == SEND_OK) {
			assert_null(cause);
			assert_non_null(s);
		} else {
			assert_null(s);
			if (strstr(cause, c->cause) == NULL)
				fail_msg("case %zu: \"%s\" lacks \"%s\"", i,
				    cause, c->cause);
			/* A password never appears in a cause. */
			assert_null(strstr(cause, "s3cret"));
			assert_null(strstr(cause, "secret"));
		}
		free(cause);
		send_close(s);
		free(url);
		free(pw);
	}
	sfx_rmtree(dir);
	free(dir);
}

static void
test_names(void **state)
{
	static const struct { const char *s; int ok; enum send_tls t; } tls[] = {
		{ "required", 1, SEND_TLS_REQUIRED },
		{ "optional", 1, SEND_TLS_OPTIONAL },
		{ "off", 1, SEND_TLS_OFF },
		{ "Required", 0, 0 }, { "on", 0, 0 }, { "", 0, 0 },
	};
	static const struct { const char *s; int ok; } addrs[] = {
		{ "a@example.org", 1 }, { "first.last+tag@h", 1 },
		{ "a@b@c", 0 }, { "@example.org", 0 }, { "a@", 0 },
		{ "a b@example.org", 0 }, { "<a@example.org>", 0 },
		{ "a@example.org\r\nRCPT TO:<b@x>", 0 }, { "a,b@x", 0 },
		{ "zoë@example.org", 0 }, { "", 0 },
	};
	enum send_tls	t;
	size_t		i;

	for (i = 0; i < NELEM(tls); i++) {
		assert_int_equal(send_tls_parse(tls[i].s, &t),
		    tls[i].ok ? 0 : -1);
		if (tls[i].ok) {
			assert_int_equal(t, tls[i].t);
			assert_string_equal(send_tls_name(t), tls[i].s);
		}
	}
	for (i = 0; i < NELEM(addrs); i++)
		if (send_addr_ok(addrs[i].s) != addrs[i].ok)
			fail_msg("send_addr_ok(\"%s\") != %d", addrs[i].s,
			    addrs[i].ok);
	assert_int_equal(send_addr_ok(NULL), 0);
	assert_string_equal(send_code_name(SEND_TEMP), "temporary failure");
	assert_null(send_tls_name(SEND_TLS_COUNT));
}

/* --- the file: driver -------------------------------------------------- */

static const char msg_crlf[] =
    "From: navarch@navarch.example.org\r\nTo: a@example.org\r\n"
    "Subject: hi\r\n\r\nline one\r\n.\r\nline three\r\n";

static void
test_file(void **state)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	char			*dir, *md, *sub, *got, *cause = NULL, *first;
	size_t			 len;

	dir = sfx_tempdir("nvsend");
	md = xasprintf("%s/out/Maildir", dir);
	cf.url = xasprintf("file:%s", md);
	cf.from = FROM;
	/* The parent must exist: nothing but the Maildir is created. */
	assert_int_equal(send_open(&cf, &s, &cause), SEND_PERM);
	assert_non_null(strstr(cause, "No such file or directory"));
	free(cause);
	cause = NULL;
	sub = xasprintf("%s/out", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	free(sub);
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);

	/* LF input is written like CRLF input: LF line ends in the file,
	 * the envelope on top, "." lines untouched. */
	assert_int_equal(send_message(s, "a@example.org",
	    "From: x@y\nTo: a@example.org\nSubject: hi\n\nline one\n.\n"
	    "line three", strlen("From: x@y\nTo: a@example.org\nSubject: "
	    "hi\n\nline one\n.\nline three"), &cause), SEND_OK);
	sub = xasprintf("%s/new", md);
	got = sfx_only_file(sub, 0, &len);
	assert_string_equal(got, "Return-Path: <" FROM ">\n"
	    "Delivered-To: a@example.org\n"
	    "From: x@y\nTo: a@example.org\nSubject: hi\n\nline one\n.\n"
	    "line three\n");
	first = got;

	/* A second message gets its own name; tmp/ stays empty. */
	assert_int_equal(send_message(s, "b@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_OK);
	assert_int_equal(sfx_count(sub), 2);
	free(sub);
	sub = xasprintf("%s/tmp", md);
	assert_int_equal(sfx_count(sub), 0);
	free(sub);

	/* A recipient that could inject an SMTP command or a header. */
	assert_int_equal(send_message(s, "a@example.org\r\nBcc: b@x",
	    msg_crlf, strlen(msg_crlf), &cause), SEND_PERM);
	assert_non_null(strstr(cause, "is not a plain address"));
	free(cause);
	cause = NULL;

	/* new/ gone: a temporary failure, and no file left in tmp/. */
	sub = xasprintf("%s/new", md);
	sfx_rmtree(sub);
	assert_int_equal(send_message(s, "a@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_TEMP);
	assert_non_null(strstr(cause, "not written"));
	free(cause);
	free(sub);
	sub = xasprintf("%s/tmp", md);
	assert_int_equal(sfx_count(sub), 0);
	free(sub);

	send_close(s);
	free(first);
	free(md);
	free((char *)cf.url);
	sfx_rmtree(dir);
	free(dir);
}

/* Issue 10: what a crash left in tmp/ stayed there for ever.  Opening
 * the driver removes regular files older than a day, and nothing else. */
static void
test_file_stale_tmp(void **state)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	struct timespec		 old[2];
	char			*dir, *md, *stale, *fresh, *edge, *sub,
				*cause = NULL;

	dir = sfx_tempdir("nvsend");
	md = xasprintf("%s/Maildir", dir);
	cf.url = xasprintf("file:%s", md);
	cf.from = FROM;
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	send_close(s);
	stale = xasprintf("%s/tmp/1.crashed.host", md);
	fresh = xasprintf("%s/tmp/2.in-progress.host", md);
	edge = xasprintf("%s/tmp/3.almost.host", md);
	sub = xasprintf("%s/tmp/olddir", md);
	write_file(stale, "half a message");
	write_file(fresh, "being written");
	write_file(edge, "23 hours old");
	assert_int_equal(mkdir(sub, 0700), 0);
	old[0].tv_sec = old[1].tv_sec = time(NULL) - SEND_FILE_STALE - 3600;
	old[0].tv_nsec = old[1].tv_nsec = 0;
	assert_int_equal(utimensat(AT_FDCWD, stale, old, 0), 0);
	assert_int_equal(utimensat(AT_FDCWD, sub, old, 0), 0);
	old[0].tv_sec = old[1].tv_sec = time(NULL) - SEND_FILE_STALE + 3600;
	assert_int_equal(utimensat(AT_FDCWD, edge, old, 0), 0);

	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	assert_int_equal(access(stale, F_OK), -1);
	assert_int_equal(access(fresh, F_OK), 0);
	assert_int_equal(access(edge, F_OK), 0);
	assert_int_equal(access(sub, F_OK), 0);	/* not a file: left */
	send_close(s);

	free(stale);
	free(fresh);
	free(edge);
	free(sub);
	free(md);
	free((char *)cf.url);
	sfx_rmtree(dir);
	free(dir);
}

/* --- outbox_drain with a scripted driver ------------------------------- */

struct script {
	const int	*codes;		/* what each send returns */
	size_t		 n, calls;
	char		*last_rcpt;
	char		*last_msg;
	struct store	*hold;		/* holds the write lock while set */
	const char	*dbpath;
	int		 lock_after;	/* take the lock in this call (1-) */
};

static struct script	script;

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
	sc->calls++;
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

static const struct send_driver fake_driver = {
	"fake", fake_match, fake_open, fake_send, fake_close
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

static const struct send_driver clock_driver = {
	"clock", fake_match, fake_open, clock_send, fake_close
};

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

	memset(&fclock, 0, sizeof fclock);
	pace.budget_ms = 0;
	assert_int_equal(outbox_drain(f->st, snd, 100, &pace, &st, &cause),
	    STORE_OK);
	assert_int_equal(st.sent, 40);
	assert_int_equal(st.more, 0);
	assert_true(fclock.sends[39] - fclock.sends[0] >= 3900000000);
	assert_true(fclock.sends[39] - fclock.sends[0] < 3901000000);

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
		cmocka_unit_test(test_open),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_file_stale_tmp),
		cmocka_unit_test_setup_teardown(test_drain_outcomes,
		    drain_setup, drain_teardown),
		cmocka_unit_test_setup_teardown(test_drain_backoff,
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
