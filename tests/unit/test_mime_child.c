/* test_mime_child.c: mail_parse_child() gives what mail_parse() gives, for
 * every test message; a child that breaks its limits is a failure, not a
 * crash of the caller; and the parent reads any answer, whole, cut short
 * or corrupted, without trusting a byte of it.  The same of a cycle's
 * spawner (mail_spawner_parse), mail after mail, and when it is lost;
 * and of its two halves (mail_spawner_begin, mail_spawner_finish) with
 * two mails in flight, finished in either order, one of them over its
 * limits, cancelled, or stopped with the spawner. */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "fileio.h"
#include "mime.h"
#include "mime-int.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

static const char *const files[] = {
	"alternative.eml", "auto-replied.eml", "base64.eml", "dsn-bounce.eml",
	"html-only.eml", "huge-header.eml", "invalid-utf8.eml", "latin1.eml",
	"list.eml", "mixed-attachment.eml", "nested.eml",
	"no-message-id.eml", "plain-crlf.eml", "plain.eml", "postmaster.eml",
	"qp.eml", "rfc2047-b.eml", "rfc2047-q.eml", "truncated.eml",
	"vacation-bulk.eml", "x-autoreply.eml", "garbage.bin",
};

static char *
slurp(const char *name, size_t *len)
{
	char	*path, *data, *cause = NULL;

	path = xasprintf("%s/%s", MAIL_TESTDIR, name);
	if (file_read(path, 64u << 20, &data, len, &cause) != 0)
		fail_msg("%s", cause);
	free(path);
	return data;
}

static int
asan_build(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return 1;
#endif
#endif
	return 0;
}

static void
same_str(const char *what, const char *a, const char *b)
{
	if ((a == NULL) != (b == NULL) || (a != NULL && strcmp(a, b) != 0))
		fail_msg("%s: '%s' and '%s'", what, a != NULL ? a : "(null)",
		    b != NULL ? b : "(null)");
}

static void
same_msg(const struct mail_msg *a, const struct mail_msg *b)
{
	size_t	i;

	same_str("message_id", a->message_id, b->message_id);
	assert_int_equal(a->message_id_synth, b->message_id_synth);
	same_str("from", a->from, b->from);
	same_str("from_name", a->from_name, b->from_name);
	same_str("sender", a->sender, b->sender);
	same_str("reply_to", a->reply_to, b->reply_to);
	same_str("return_path", a->return_path, b->return_path);
	same_str("subject", a->subject, b->subject);
	same_str("in_reply_to", a->in_reply_to, b->in_reply_to);
	assert_int_equal(a->nreferences, b->nreferences);
	for (i = 0; i < a->nreferences; i++)
		same_str("references", a->references[i], b->references[i]);
	same_str("date", a->date, b->date);
	same_str("auto_submitted", a->auto_submitted, b->auto_submitted);
	assert_int_equal(a->is_auto, b->is_auto);
	same_str("auto_reason", a->auto_reason, b->auto_reason);
	assert_int_equal(a->is_bounce, b->is_bounce);
	same_str("bounce_recipient", a->bounce_recipient, b->bounce_recipient);
	same_str("bounce_message_id", a->bounce_message_id,
	    b->bounce_message_id);
	same_str("bounce_action", a->bounce_action, b->bounce_action);
	same_str("bounce_status", a->bounce_status, b->bounce_status);
	same_str("body", a->body, b->body);
	assert_int_equal(a->body_len, b->body_len);
	assert_int_equal(a->body_source, b->body_source);
	same_str("body_error", a->body_error, b->body_error);
}

/* How a test parses in a child: mail_parse_child, or the spawner. */
typedef int (*parse_fn)(void *, const char *, size_t, struct mail_msg **,
    char **);

static int
by_child(void *arg, const char *raw, size_t len, struct mail_msg **m,
    char **cause)
{
	return mail_parse_child(raw, len, arg, m, cause);
}

static int
by_spawner(void *arg, const char *raw, size_t len, struct mail_msg **m,
    char **cause)
{
	return mail_spawner_parse(arg, raw, len, m, cause);
}

/* Every test message through parse: the parse, field by field; a refusal
 * is the same refusal. */
static void
same_for_every_file(parse_fn parse, void *arg)
{
	struct mail_msg	*a, *b;
	char		*raw, *ca, *cb;
	size_t		 i, len;
	int		 ra, rb;

	for (i = 0; i < NELEM(files); i++) {
		raw = slurp(files[i], &len);
		ra = mail_parse(raw, len, &a, &ca);
		rb = parse(arg, raw, len, &b, &cb);
		if (ra == 0) {
			if (rb != MAIL_CHILD_OK)
				fail_msg("%s: %s: %s", files[i],
				    mail_child_status_name(rb), cb);
			same_msg(a, b);
			mail_msg_free(a);
			mail_msg_free(b);
		} else {
			assert_int_equal(rb, MAIL_CHILD_REFUSED);
			assert_null(b);
			assert_string_equal(ca, cb);
			free(ca);
			free(cb);
		}
		free(raw);
	}
}

static void
test_same_as_in_process(void **state)
{
	(void)state;
	same_for_every_file(by_child, NULL);
}

/* One spawner for many mails, each in a child of its own: the same
 * answers, twice over. */
static void
test_spawner_same(void **state)
{
	struct mail_spawner	*sp;
	char			*cause;

	(void)state;
	assert_int_equal(mail_spawner_start(NULL, &sp, &cause), 0);
	same_for_every_file(by_spawner, sp);
	same_for_every_file(by_spawner, sp);
	mail_spawner_stop(sp);
	/* No spawner: a child of the caller's. */
	same_for_every_file(by_spawner, NULL);
}

/* A mail of 6 MiB. */
static void
big_mail(struct buf *b)
{
	buf_adds(b, "From: a@example.org\nSubject: big\n\n");
	while (b->len < (6u << 20))
		buf_adds(b, "a line of text that makes the message big\n");
}

/* A parse over its memory, or its time, fails in the child; the caller
 * gets a cause and goes on. */
static void
test_limits(void **state)
{
	struct mail_limits	 tiny = { 0, 1u << 20, 0, 0 };
	struct mail_limits	 hasty = { 0, 0, 0, 1 };
	struct mail_msg		*m;
	struct buf		 b = BUF_INIT;
	char			*cause;
	int			 rc;

	(void)state;
	big_mail(&b);
	/* AddressSanitizer cannot live with an address-space limit, so
	 * none is set in such a build (mime-child.c). */
	if (!asan_build()) {
		rc = mail_parse_child(b.p, b.len, &tiny, &m, &cause);
		if (rc != MAIL_CHILD_FAILED)
			fail_msg("1 MiB of memory: %s",
			    mail_child_status_name(rc));
		assert_null(m);
		assert_non_null(strstr(cause, "the parser"));
		free(cause);
	}

	/* 1 ms is not enough to parse 6 MiB (and hand it back). */
	rc = mail_parse_child(b.p, b.len, &hasty, &m, &cause);
	if (rc != MAIL_CHILD_FAILED)
		fail_msg("1 ms: %s", mail_child_status_name(rc));
	assert_non_null(strstr(cause, "did not finish within 1 ms"));
	free(cause);

	/* The defaults are enough. */
	assert_int_equal(mail_parse_child(b.p, b.len, NULL, &m, &cause),
	    MAIL_CHILD_OK);
	assert_string_equal(m->from, "a@example.org");
	assert_non_null(m->body_error);
	mail_msg_free(m);
	buf_free(&b);
}

/* The spawner's children have the limits it was given: one that breaks
 * them fails (killed by the caller when it is late), and the next mail
 * is parsed by a fresh child all the same. */
static void
spawner_limit(const struct mail_limits *l, const char *why, int next)
{
	struct mail_spawner	*sp;
	struct mail_msg		*m;
	struct buf		 b = BUF_INIT;
	char			*cause, *raw;
	size_t			 len;
	int			 rc, i;

	big_mail(&b);
	raw = slurp("plain.eml", &len);
	assert_int_equal(mail_spawner_start(l, &sp, &cause), 0);
	for (i = 0; i < 2; i++) {
		rc = mail_spawner_parse(sp, b.p, b.len, &m, &cause);
		if (rc != MAIL_CHILD_FAILED)
			fail_msg("%s: %s", why, mail_child_status_name(rc));
		assert_null(m);
		if (strstr(cause, why) == NULL)
			fail_msg("%s: %s", why, cause);
		free(cause);
		if (!next)
			continue;
		rc = mail_spawner_parse(sp, raw, len, &m, &cause);
		if (rc != MAIL_CHILD_OK)
			fail_msg("after %s: %s", why, cause);
		assert_non_null(m->body);
		mail_msg_free(m);
	}
	mail_spawner_stop(sp);
	free(raw);
	buf_free(&b);
}

static void
test_spawner_limits(void **state)
{
	/* Room for a small mail, not for a copy of 6 MiB. */
	struct mail_limits	 small = { 0, 4u << 20, 0, 0 };
	struct mail_limits	 hasty = { 0, 0, 0, 1 };

	(void)state;
	if (!asan_build())
		spawner_limit(&small, "the parser", 1);
	/* 1 ms may be too short for any mail, so only the big one. */
	spawner_limit(&hasty, "did not finish within 1 ms", 0);
}

/* Parsed by begin and finish with b in flight meanwhile. */
static void
expect_ok(struct mail_parse *p, const char *raw, size_t len)
{
	struct mail_msg	*a, *m;
	char		*cause;
	int		 rc;

	rc = mail_spawner_finish(p, &m, &cause);
	if (rc != MAIL_CHILD_OK)
		fail_msg("%s: %s", mail_child_status_name(rc), cause);
	assert_int_equal(mail_parse(raw, len, &a, &cause), 0);
	same_msg(a, m);
	mail_msg_free(a);
	mail_msg_free(m);
}

/* Two mails in flight at once, each in a child of its own, finished in
 * either order; a third is refused until one is finished. */
static void
test_spawner_two(void **state)
{
	struct mail_spawner	*sp;
	struct mail_parse	*a, *b, *c;
	struct mail_msg		*m;
	char			*ra, *rb, *cause;
	size_t			 la, lb;
	int			 order;

	(void)state;
	ra = slurp("plain.eml", &la);
	rb = slurp("dsn-bounce.eml", &lb);
	assert_int_equal(mail_spawner_start(NULL, &sp, &cause), 0);
	for (order = 0; order < 2; order++) {
		a = mail_spawner_begin(sp, ra, la);
		b = mail_spawner_begin(sp, rb, lb);
		c = mail_spawner_begin(sp, ra, la);
		assert_int_equal(mail_spawner_finish(c, &m, &cause),
		    MAIL_CHILD_TEMP);
		assert_null(m);
		assert_non_null(strstr(cause, "2 mails are being parsed"));
		free(cause);
		if (order == 0) {
			expect_ok(a, ra, la);
			/* A slot free again: a third mail while b runs. */
			c = mail_spawner_begin(sp, ra, la);
			expect_ok(b, rb, lb);
			expect_ok(c, ra, la);
		} else {
			expect_ok(b, rb, lb);
			expect_ok(a, ra, la);
		}
	}
	/* Cancelled: its child killed and reaped, its slot free. */
	a = mail_spawner_begin(sp, ra, la);
	mail_spawner_cancel(a);
	a = mail_spawner_begin(sp, ra, la);
	b = mail_spawner_begin(sp, rb, lb);
	expect_ok(a, ra, la);
	expect_ok(b, rb, lb);
	/* Stopped with two in flight: each finishes as temporary. */
	a = mail_spawner_begin(sp, ra, la);
	b = mail_spawner_begin(sp, rb, lb);
	mail_spawner_stop(sp);
	assert_int_equal(mail_spawner_finish(a, &m, &cause), MAIL_CHILD_TEMP);
	assert_null(m);
	assert_non_null(strstr(cause, "stopped"));
	free(cause);
	mail_spawner_cancel(b);
	/* No spawner: parsed at once, the outcome given by finish. */
	expect_ok(mail_spawner_begin(NULL, rb, lb), rb, lb);
	free(ra);
	free(rb);
}

/* A child killed by its limits while another is in flight: that mail
 * fails, the other is parsed, whichever is finished first. */
static void
test_spawner_two_limits(void **state)
{
	struct mail_limits	 small = { 0, 4u << 20, 0, 0 };
	struct mail_spawner	*sp;
	struct mail_parse	*a, *b;
	struct mail_msg		*m;
	struct buf		 big = BUF_INIT;
	char			*raw, *cause;
	size_t			 len;
	int			 order, rc;

	(void)state;
	/* No address-space limit under AddressSanitizer (mime-child.c). */
	if (asan_build())
		skip();
	big_mail(&big);
	raw = slurp("plain.eml", &len);
	assert_int_equal(mail_spawner_start(&small, &sp, &cause), 0);
	for (order = 0; order < 2; order++) {
		a = mail_spawner_begin(sp, big.p, big.len);
		b = mail_spawner_begin(sp, raw, len);
		if (order == 1)
			expect_ok(b, raw, len);
		rc = mail_spawner_finish(a, &m, &cause);
		if (rc != MAIL_CHILD_FAILED)
			fail_msg("the big mail: %s", mail_child_status_name(rc));
		assert_null(m);
		assert_non_null(strstr(cause, "the parser"));
		free(cause);
		if (order == 0)
			expect_ok(b, raw, len);
	}
	mail_spawner_stop(sp);
	free(raw);
	buf_free(&big);
}

/* The pid of this process's only child, from /proc; -1 if unknown. */
static pid_t
only_child(void)
{
	char	 path[64];
	FILE	*f;
	long	 a = -1, b = -1;
	int	 n;

	snprintf(path, sizeof path, "/proc/self/task/%ld/children",
	    (long)getpid());
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fscanf(f, "%ld %ld", &a, &b);
	fclose(f);
	return n == 1 ? (pid_t)a : -1;
}

/* A spawner lost (killed from outside) before a mail: the mail is parsed
 * by a child of the caller's, and so is every mail after it. */
static void
test_spawner_lost(void **state)
{
	struct mail_spawner	*sp;
	struct mail_parse	*a, *b;
	struct mail_msg		*m;
	char			*cause, *raw;
	size_t			 len;
	pid_t			 pid;
	int			 i;

	(void)state;
	raw = slurp("plain.eml", &len);
	assert_int_equal(mail_spawner_start(NULL, &sp, &cause), 0);
	assert_int_equal(mail_spawner_parse(sp, raw, len, &m, &cause),
	    MAIL_CHILD_OK);
	mail_msg_free(m);
	if ((pid = only_child()) == -1) {
		print_message("no /proc/self/task/PID/children\n");
		mail_spawner_stop(sp);
		free(raw);
		skip();
	}
	assert_int_equal(kill(pid, SIGKILL), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(mail_spawner_parse(sp, raw, len, &m, &cause),
		    MAIL_CHILD_OK);
		assert_non_null(m->body);
		mail_msg_free(m);
	}
	/* Two in flight, children of ours, finished in reverse. */
	a = mail_spawner_begin(sp, raw, len);
	b = mail_spawner_begin(sp, raw, len);
	expect_ok(b, raw, len);
	expect_ok(a, raw, len);
	mail_spawner_stop(sp);
	free(raw);
}

/* SIGCHLD ignored by whoever ran us (an MTA may leave it so): the child
 * is still waited for, and the disposition given back. */
static void
test_sigchld_ignored(void **state)
{
	struct sigaction	 sa, now;
	struct mail_msg		*m;
	char			*raw, *cause;
	size_t			 len;

	(void)state;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGCHLD, &sa, NULL), 0);
	raw = slurp("plain.eml", &len);
	assert_int_equal(mail_parse_child(raw, len, NULL, &m, &cause),
	    MAIL_CHILD_OK);
	mail_msg_free(m);
	free(raw);
	assert_int_equal(sigaction(SIGCHLD, NULL, &now), 0);
	assert_true(now.sa_handler == SIG_IGN);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGCHLD, &sa, NULL);
}

/* Every prefix of an answer, and every answer with one byte changed, is
 * read without a crash (under ASan): a whole one decodes, a cut one is
 * broken. */
static void
test_broken_answers(void **state)
{
	struct mail_msg	*m, *d;
	struct buf	 b = BUF_INIT;
	char		*raw, *cause, *copy;
	size_t		 len, i;
	uint32_t	 n;
	int		 rc;

	(void)state;
	raw = slurp("dsn-bounce.eml", &len);
	assert_int_equal(mail_parse(raw, len, &m, &cause), 0);
	mime_child_encode(&b, m);
	assert_int_equal(mime_child_decode(b.p, b.len, &d, &cause),
	    MAIL_CHILD_OK);
	same_msg(m, d);
	mail_msg_free(d);
	for (i = 0; i < b.len; i++) {
		rc = mime_child_decode(b.p, i, &d, &cause);
		assert_int_equal(rc, MAIL_CHILD_FAILED);
		assert_null(d);
		assert_string_equal(cause, "the parser's answer is broken");
		free(cause);
	}
	copy = xmalloc(b.len);
	for (i = 0; i < b.len; i++) {
		memcpy(copy, b.p, b.len);
		copy[i] ^= (char)0xa5;
		rc = mime_child_decode(copy, b.len, &d, &cause);
		if (rc == MAIL_CHILD_OK)
			mail_msg_free(d);
		else
			free(cause);
	}
	free(copy);
	buf_reset(&b);
	buf_add(&b, "NVR1", 4);
	n = 5;
	buf_add(&b, &n, sizeof n);
	buf_add(&b, "no!!!END1", 9);
	assert_int_equal(mime_child_decode(b.p, b.len, &d, &cause),
	    MAIL_CHILD_REFUSED);
	assert_string_equal(cause, "no!!!");
	free(cause);
	mail_msg_free(m);
	buf_free(&b);
	free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_in_process),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_spawner_same),
		cmocka_unit_test(test_spawner_limits),
		cmocka_unit_test(test_spawner_two),
		cmocka_unit_test(test_spawner_two_limits),
		cmocka_unit_test(test_spawner_lost),
		cmocka_unit_test(test_sigchld_ignored),
		cmocka_unit_test(test_broken_answers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
