/* test_mime_guard.c: the guards mail_parse() puts before libetpan, which
 * recurses without a limit: nested parts written every way libetpan reads
 * them (comments, folding, case, encoded words, message/rfc822 chains,
 * digests), nested comments, and the mbox "From " line.
 *
 * Each way of writing a nested Content-Type is checked three times: that
 * libetpan itself really nests on it (the depth of its own tree, so the
 * table cannot hold a variant that only looks dangerous), that the guard
 * counts it, and that mail_parse refuses it deep and accepts it shallow. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libetpan/libetpan.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* One way to write a level.  head is the Content-Type field of level %d
 * (the boundary's number), ending in LF; multipart levels close their
 * boundary, message levels hold the next level as the attached mail's
 * header. */
enum kind { MULTI, MESSAGE, DIGEST };

static const struct variant {
	const char	*name;
	enum kind	 kind;
	const char	*head;
	int		 flat;	/* libetpan 1.9.4 does not nest on it */
} variants[] = {
	{ "plain", MULTI, "Content-Type: multipart/mixed; boundary=b%d\n" },
	{ "comment before the type", MULTI,
	    "Content-Type:(c)multipart/mixed; boundary=b%d\n" },
	{ "comments everywhere", MULTI,
	    "Content-Type:(a)multipart(b)/(c)mixed(d);(e)boundary=b%d\n" },
	/* libetpan 1.9.4 (Debian 12) reads none of the flat ones as it
	 * should: its comment parser fails on a comment after a blank, a
	 * nested comment and a quoted pair, and the field is ignored or its
	 * subtype lost.  The guard asks libetpan itself, so a libetpan that
	 * reads them will have them counted. */
	{ "nested comments", MULTI,
	    "Content-Type: (a (b (c))) multipart/mixed; boundary=b%d\n", 1 },
	{ "quoted pair in a comment", MULTI,
	    "Content-Type: (a \\) b) multipart/mixed; boundary=b%d\n", 1 },
	{ "blank, comment, slash", MULTI,
	    "Content-Type: multipart (x) / (y) mixed; boundary=b%d\n", 1 },
	{ "message/rfc822 after blanks and comments", MESSAGE,
	    "Content-Type: (m) message (n) / (o) RFC822\n", 1 },
	{ "folded before the type", MULTI,
	    "Content-Type:\n multipart/mixed; boundary=b%d\n" },
	{ "folded with CRLF", MULTI,
	    "Content-Type:\r\n\tmultipart/mixed;\r\n boundary=b%d\r\n" },
	{ "folded inside", MULTI,
	    "Content-Type: multipart\n /mixed;\n boundary=b%d\n" },
	{ "odd case", MULTI,
	    "CONTENT-type: MuLtIpArT/MiXeD; BOUNDARY=b%d\n" },
	{ "blanks before the colon", MULTI,
	    "Content-Type \t: multipart/mixed; boundary=b%d\n" },
	{ "comment before the colon", MULTI,
	    "Content-Type (x): multipart/mixed; boundary=b%d\n" },
	{ "folded before the colon", MULTI,
	    "Content-Type\n : multipart/mixed; boundary=b%d\n" },
	{ "blanks around the slash", MULTI,
	    "Content-Type: multipart / mixed; boundary=b%d\n" },
	{ "no subtype", MULTI, "Content-Type: multipart; boundary=b%d\n" },
	{ "quoted boundary", MULTI,
	    "Content-Type: multipart/alternative; boundary=\"b%d\"\n" },
	{ "encoded word", MULTI,
	    "Content-Type: =?us-ascii?Q?multipart/mixed;_boundary=3Db%d?=\n" },
	{ "tab and lower case", MULTI,
	    "content-type:\tmultipart/related;\tboundary=b%d\n" },
	{ "message/rfc822", MESSAGE, "Content-Type: message/rfc822\n" },
	{ "message/rfc822 with comments", MESSAGE,
	    "Content-Type:(m)message(n)/(o)RFC822\n" },
	{ "message/rfc822 folded", MESSAGE,
	    "Content-Type:\n message/\n\trfc822\n" },
	{ "digest parts", DIGEST,
	    "Content-Type: multipart/digest; boundary=b%d\n" },
};

/* v's field for level i: its "%d" is the level's number. */
static void
head(struct buf *b, const struct variant *v, int i)
{
	const char	*p = strstr(v->head, "%d");

	if (p == NULL) {
		buf_adds(b, v->head);
		return;
	}
	buf_add(b, v->head, (size_t)(p - v->head));
	buf_printf(b, "%d", i);
	buf_adds(b, p + 2);
}

/* The message of n levels written as v says, innermost a text part. */
static void
build(const struct variant *v, int n, struct buf *b)
{
	int	i;

	buf_reset(b);
	buf_adds(b, "From: a@example.org\nSubject: deep\n");
	for (i = 0; i < n; i++) {
		head(b, v, i);
		switch (v->kind) {
		case MULTI:
			buf_printf(b, "\n--b%d\n", i);
			break;
		case MESSAGE:
			buf_adds(b, "\nFrom: b@example.org\n");
			break;
		case DIGEST:
			/* A part with no header of its own: message/rfc822
			 * by default in a digest. */
			buf_printf(b, "\n--b%d\n\nFrom: b@example.org\n", i);
			break;
		}
	}
	buf_adds(b, "Content-Type: text/plain\n\ndeep orders\n");
	for (i = n - 1; i >= 0; i--)
		if (v->kind != MESSAGE)
			buf_printf(b, "\n--b%d--\n", i);
}

/* The depth of libetpan's own tree (1 for a single part). */
static int
etpan_depth(const struct mailmime *m)
{
	clistiter	*it;
	int		 d, max = 0;

	if (m == NULL)
		return 0;
	switch (m->mm_type) {
	case MAILMIME_MULTIPLE:
		for (it = clist_begin(m->mm_data.mm_multipart.mm_mp_list);
		    it != NULL; it = clist_next(it))
			if ((d = etpan_depth(clist_content(it))) > max)
				max = d;
		return 1 + max;
	case MAILMIME_MESSAGE:
		return 1 + etpan_depth(m->mm_data.mm_message.mm_msg_mime);
	default:
		return 1;
	}
}

static int
depth_of(const char *raw, size_t len)
{
	struct mailmime	*mime = NULL;
	size_t		 idx = 0;
	int		 d;

	assert_int_equal(mailmime_parse(raw, len, &idx, &mime),
	    MAILIMF_NO_ERROR);
	d = etpan_depth(mime);
	mailmime_free(mime);
	return d;
}

/* The table holds what it claims: every variant but the flat ones
 * nests in libetpan itself, at least one level per level written. */
static void
test_libetpan_nests(void **state)
{
	struct buf	b = BUF_INIT;
	size_t		i;
	int		d, want;

	(void)state;
	for (i = 0; i < NELEM(variants); i++) {
		build(&variants[i], 10, &b);
		d = depth_of(b.p, b.len);
		want = 1 + 10;
		if (!variants[i].flat && d < want)
			fail_msg("%s: libetpan nests %d deep, not %d: the "
			    "variant is not what it claims", variants[i].name,
			    d, want);
	}
	buf_free(&b);
}

/* The guard's bound: libetpan nests at most 2 n + 2 deep (the top message and a single part are two) when the guard
 * counts n, for every variant. */
static void
test_counted(void **state)
{
	struct buf	 b = BUF_INIT;
	size_t		 i, n;
	int		 d;

	(void)state;
	for (i = 0; i < NELEM(variants); i++) {
		build(&variants[i], 10, &b);
		n = mime_raw_nesting(b.p, b.len, 1000);
		d = depth_of(b.p, b.len);
		if ((size_t)d > 2 * n + 2)
			fail_msg("%s: the guard counts %zu, libetpan nests %d "
			    "deep", variants[i].name, n, d);
		if (!variants[i].flat && n < 10)
			fail_msg("%s: the guard counts %zu of 10 levels",
			    variants[i].name, n);
	}
	/* Text that only mentions a type is not counted. */
	buf_reset(&b);
	buf_adds(&b, "From: a@example.org\nContent-Type: text/plain\n\n"
	    "Content-Type is multipart/mixed, said nobody\n"
	    "Content-Type: text/html\n"
	    "Content-Typed: multipart/mixed; boundary=x\n"
	    "X-Content-Type: multipart/mixed; boundary=x\n");
	assert_int_equal(mime_raw_nesting(b.p, b.len, 1000), 0);
	buf_free(&b);
}

static void
expect_refused(const char *raw, size_t len, const char *cause_has,
    const char *what)
{
	struct mail_msg	*m = NULL;
	char		*cause = NULL;

	if (mail_parse(raw, len, &m, &cause) == 0)
		fail_msg("%s: accepted", what);
	assert_null(m);
	if (strstr(cause, cause_has) == NULL)
		fail_msg("%s: cause \"%s\" lacks \"%s\"", what, cause,
		    cause_has);
	free(cause);
}

static void
test_refused_deep(void **state)
{
	struct buf	 b = BUF_INIT;
	struct mail_msg	*m;
	char		*cause;
	size_t		 i;

	(void)state;
	for (i = 0; i < NELEM(variants); i++) {
		if (variants[i].flat)
			continue;
		/* Just over the limit, and 40,000 levels (the poison mail
		 * of issue 10 was the comment variant, 2.4 MB). */
		build(&variants[i], MAIL_NEST_MAX + 1, &b);
		expect_refused(b.p, b.len, "nested", variants[i].name);
		build(&variants[i], 40000, &b);
		expect_refused(b.p, b.len, "nested", variants[i].name);
		/* Real mail nests a few levels: accepted, and the text of
		 * the innermost part is found through all of them. */
		build(&variants[i], 8, &b);
		cause = NULL;
		if (mail_parse(b.p, b.len, &m, &cause) != 0)
			fail_msg("%s, 8 levels: %s", variants[i].name, cause);
		if (variants[i].kind == MULTI)
			if (strcmp(m->body, "deep orders\n") != 0)
				fail_msg("%s: body \"%s\"", variants[i].name,
				    m->body);
		mail_msg_free(m);
	}
	buf_free(&b);
}

static void
test_comments(void **state)
{
	struct buf	 b = BUF_INIT;
	struct mail_msg	*m;
	char		*cause = NULL;
	int		 i;

	(void)state;
	/* 100,000 nested comments in From: libetpan's address parser would
	 * recurse on each. */
	buf_adds(&b, "From: ");
	for (i = 0; i < 100000; i++)
		buf_addc(&b, '(');
	buf_adds(&b, "\nSubject: x\n\nbody\n");
	assert_true(mime_raw_comment_depth(b.p, b.len) >= 100000);
	expect_refused(b.p, b.len, "comments", "deep From comment");

	/* Folded over many lines: one field. */
	buf_reset(&b);
	buf_adds(&b, "From: a@example.org\nContent-Type: text/plain ");
	for (i = 0; i < 200; i++)
		buf_adds(&b, "(\n ");
	buf_adds(&b, "x\n\nbody\n");
	expect_refused(b.p, b.len, "comments", "folded comments");

	/* A quoted pair before an LF goes on past the line's end. */
	buf_reset(&b);
	buf_adds(&b, "From: a@example.org\nTo: (\\\n");
	for (i = 0; i < 100; i++)
		buf_adds(&b, "(\\\n");
	buf_adds(&b, "\nbody\n");
	expect_refused(b.p, b.len, "comments", "comment past a line end");

	/* Parentheses on many lines are not nested: each line starts at 0;
	 * and a few levels are fine. */
	buf_reset(&b);
	buf_adds(&b, "From: (a (b (c))) a@example.org\nSubject: :-(\n\n");
	for (i = 0; i < 1000; i++)
		buf_adds(&b, "( an aside\n");
	assert_int_equal(mime_raw_comment_depth(b.p, b.len), 3);
	assert_int_equal(mail_parse(b.p, b.len, &m, &cause), 0);
	assert_string_equal(m->from, "a@example.org");
	mail_msg_free(m);
	buf_free(&b);
}

/* Postfix's local(8) and other delivery agents write an mbox "From "
 * line before the header when they pipe a message to a program. */
static void
test_mbox_line(void **state)
{
	static const char	 plain[] = "From: athens@example.org\n"
	    "Subject: orders\nMessage-ID: <m1@example.org>\n\nSHIP nike\n";
	static const char	 nomid[] = "From: athens@example.org\n"
	    "Subject: orders\n\nSHIP nike\n";
	struct mail_msg		*a, *b;
	char			*raw, *cause = NULL;

	(void)state;
	raw = xasprintf("From athens@example.org  Tue Dec  1 12:00:00 2026\n"
	    "%s", plain);
	assert_int_equal(mail_parse(raw, strlen(raw), &a, &cause), 0);
	assert_string_equal(a->message_id, "m1@example.org");
	assert_string_equal(a->from, "athens@example.org");
	assert_string_equal(a->body, "SHIP nike\n");
	mail_msg_free(a);
	free(raw);

	/* The digest of a mail without Message-ID ignores the line. */
	raw = xasprintf("From MAILER-DAEMON Tue Dec  1 12:00:00 2026\r\n%s",
	    nomid);
	assert_int_equal(mail_parse(raw, strlen(raw), &a, &cause), 0);
	assert_int_equal(mail_parse(nomid, strlen(nomid), &b, &cause), 0);
	assert_string_equal(a->message_id, b->message_id);
	mail_msg_free(a);
	mail_msg_free(b);
	free(raw);

	/* The line alone is no message. */
	raw = xstrdup("From x Tue Dec  1 12:00:00 2026\n");
	expect_refused(raw, strlen(raw), "empty", "a From line alone");
	free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_libetpan_nests),
		cmocka_unit_test(test_counted),
		cmocka_unit_test(test_refused_deep),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_mbox_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
