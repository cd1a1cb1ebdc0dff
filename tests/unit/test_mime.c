/* test_mime.c: mail_parse() on real-looking mail (tests/unit/mail/), the
 * subject tag, the own-address check, the limits, and hostile input. */
#include "config.h"

#include <setjmp.h>
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
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define SYNTH	"sha256:"	/* expected message_id prefix when synthesised */

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

static struct mail_msg *
parse_file(const char *name)
{
	struct mail_msg	*m = NULL;
	char		*raw, *cause = NULL;
	size_t		 len;

	raw = slurp(name, &len);
	if (mail_parse(raw, len, &m, &cause) != 0)
		fail_msg("%s: %s", name, cause);
	free(raw);
	return m;
}

/* An independent check that s[0..n) is valid UTF-8 without NUL. */
static int
valid_utf8(const char *s, size_t n)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 i = 0, k, j;
	uint32_t		 c;

	while (i < n) {
		if (u[i] == 0)
			return 0;
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		if ((u[i] & 0xe0) == 0xc0) {
			k = 1;
			c = u[i] & 0x1f;
		} else if ((u[i] & 0xf0) == 0xe0) {
			k = 2;
			c = u[i] & 0x0f;
		} else if ((u[i] & 0xf8) == 0xf0) {
			k = 3;
			c = u[i] & 0x07;
		} else
			return 0;
		for (j = 1; j <= k; j++) {
			if (i + j >= n || (u[i + j] & 0xc0) != 0x80)
				return 0;
			c = (c << 6) | (u[i + j] & 0x3f);
		}
		if ((k == 1 && c < 0x80) || (k == 2 && c < 0x800) ||
		    (k == 3 && c < 0x10000) || c > 0x10ffff ||
		    (c >= 0xd800 && c <= 0xdfff))
			return 0;
		i += k + 1;
	}
	return 1;
}

static void
assert_valid_msg(const struct mail_msg *m)
{
	const char	*s[] = {
		m->message_id, m->from, m->from_name, m->sender, m->reply_to,
		m->return_path, m->subject, m->in_reply_to, m->date,
		m->auto_submitted, m->auto_reason, m->bounce_recipient,
		m->bounce_message_id, m->bounce_action, m->bounce_status,
		m->body_error,
	};
	size_t		 i;

	assert_non_null(m->message_id);
	assert_non_null(m->body);
	assert_int_equal(strlen(m->body), m->body_len);
	assert_true(valid_utf8(m->body, m->body_len));
	assert_null(strchr(m->body, '\r'));
	for (i = 0; i < NELEM(s); i++) {
		if (s[i] != NULL)
			assert_true(valid_utf8(s[i], strlen(s[i])));
	}
	for (i = 0; i < m->nreferences; i++)
		assert_true(valid_utf8(m->references[i],
		    strlen(m->references[i])));
}

/* --- the messages -------------------------------------------------------- */

static const char body_plain[] =
	"GAME salamis\n"
	"PLAYER athens\n"
	"PASSWORD owl-and-olive\n"
	"SHIP a1 F2 R1 F1\n"
	"SHIP a2 F3\n"
	"END\n"
	"\n"
	"-- \n"
	"Anna\n";

static const char body_html[] =
	"GAME salamis\n"
	"\n"
	"PLAYER rhodes\n"
	"PASSWORD caf\xc3\xa9 & <cr\xc3\xa8me>\n"
	"\n"
	"SHIP r1 F1\n"
	"SHIP r2 F2 \xe2\x80\x94 L1\n"
	"\n"
	"END\n"
	"\n"
	"keep   this\n"
	"  indent\n"
	"\n"
	"> old report line one\n"
	"> line two\n"
	"\n"
	"> > deeper\n"
	"\n"
	"cell a cell b\n"
	"\n"
	"Gr\xc3\xbc\xc3\x9f" "e\n";

static const struct msg_case {
	const char	*file;
	const char	*message_id;	/* SYNTH: a digest is expected */
	const char	*from;
	const char	*from_name;
	const char	*subject;
	int		 is_auto;
	int		 is_bounce;
	enum mail_body_source source;
	const char	*body;		/* exact, or NULL to use body_has */
	const char	*body_has;
} msg_cases[] = {
	{ "plain.eml", "7c1e4b2a-1d0e-4c55-9a51-2b1f0c9e8d11@example.org",
	  "anna@example.org", "Anna Keller", "Orders for turn 3", 0, 0,
	  MAIL_BODY_PLAIN, body_plain, NULL },
	{ "plain-crlf.eml", "crlf-5b9d@example.org", "anna@example.org",
	  "Anna Keller", "Orders for turn 3 (CRLF)", 0, 0, MAIL_BODY_PLAIN,
	  body_plain, NULL },
	{ "qp.eml", "qp.0001@mail.example.com", "renee@example.com",
	  "Ren\xc3\xa9" "e Dubois", "Ordres \xe2\x80\x94 tour 4", 0, 0,
	  MAIL_BODY_PLAIN,
	  "GAME salamis\n"
	  "PLAYER corinth\n"
	  "PASSWORD tr\xc3\xa8s-secret\n"
	  "SHIP c1 F1 L1 F2 = a long line that the sender's mail program "
	  "folded with a soft line break\n"
	  "END\n", NULL },
	{ "base64.eml", "b64-77@mx.example.com", "jordan.lee@example.com",
	  "Lee, Jordan", "turn 4", 0, 0, MAIL_BODY_PLAIN,
	  "GAME salamis\n"
	  "PLAYER sparta\n"
	  "PASSWORD laconic\n"
	  "SHIP s1 F3 # full speed \xe2\x80\x94 ramming speed\n"
	  "END\n", NULL },
	/* Latin-1 is read as windows-1252: 0x92 is a right quote. */
	{ "latin1.eml", "latin1.42@post.example.de", "joerg@example.de",
	  "J\xc3\xb6rg M\xc3\xbcller", "Befehle f\xc3\xbcr Zug 5", 0, 0,
	  MAIL_BODY_PLAIN,
	  "GAME salamis\n"
	  "PLAYER thebes\n"
	  "PASSWORD gr\xc3\xbcn\n"
	  "SHIP t1 F2 # Gr\xc3\xbc\xc3\x9f" "e, it\xe2\x80\x99s \xc3\xa0 la "
	  "carte\n"
	  "END\n", NULL },
	/* B encoding, UTF-8 and Latin-1 words side by side. */
	{ "rfc2047-b.eml", "enc-b.1@example.jp", "xiaoming@example.jp",
	  "\xe7\x8e\x8b\xe5\xb0\x8f\xe6\x98\x8e",
	  "Re: [navarch salamis] \xe2\x80\x94 turn f\xc3\xbcnf", 0, 0,
	  MAIL_BODY_PLAIN, "SHIP m1 F1\n", NULL },
	/* Q encoding; an unknown body charset is read as UTF-8. */
	{ "rfc2047-q.eml", "enc-q.2@example.fr", "fl@example.fr",
	  "Fran\xc3\xa7oise L\xc3\xa9ger",
	  "AW: Fwd: [navarch salamis] \xc3\xa9t\xc3\xa9", 0, 0,
	  MAIL_BODY_PLAIN, "SHIP f1 R1 \xe2\x80\x94 d\xc3\xa9j\xc3\xa0\n",
	  NULL },
	/* text/plain is preferred to its text/html alternative. */
	{ "alternative.eml", "CAJ7x=alt-01@mail.gmail.example",
	  "sam.okafor@example.com", "Sam Okafor",
	  "Re: [navarch salamis] Turn 5 report", 0, 0, MAIL_BODY_PLAIN,
	  "PLAYER argos\n"
	  "PASSWORD shield\n"
	  "SHIP g1 F2\n"
	  "END\n"
	  "\n"
	  "On Wed, 5 Jun 2024 at 20:00, Navarch <navarch@games.example.net> "
	  "wrote:\n"
	  "> Turn 5 report\n", NULL },
	{ "html-only.eml", "html-only.3@outlook.example", "priya@example.in",
	  "Priya Natarajan", "orders", 0, 0, MAIL_BODY_HTML, body_html, NULL },
	/* The body and the text/plain attachment, in order; not the PNG. */
	{ "mixed-attachment.eml", "mixed.5@example.org", "anna@example.org",
	  "Anna Keller", "orders attached", 0, 0, MAIL_BODY_PLAIN,
	  "My orders are in the attached file.\n"
	  "GAME salamis\n"
	  "PLAYER athens\n"
	  "PASSWORD owl-and-olive\n"
	  "SHIP a1 F2\n"
	  "SHIP a2 R1 F1\n"
	  "END\n", NULL },
	/* Alternative inside mixed, related inside alternative, a second
	 * mixed in ISO-8859-2; the forwarded message/rfc822 is left out. */
	{ "nested.eml", "nested.6@example.com", "tomas@example.cz",
	  "Tomas Novak", "Fwd: my orders and an old mail", 0, 0,
	  MAIL_BODY_PLAIN,
	  "SHIP n1 F1\n"
	  "SHIP n2 F2 # P\xc5\x99\xc3\xadli\xc5\xa1 \xc5\xbelu\xc5\xa5ou"
	  "\xc4\x8dk\xc3\xbd k\xc5\xaf\xc5\x88\n", NULL },
	{ "no-message-id.eml", SYNTH, "oldclient@example.net", "Old Client",
	  "orders without an id", 0, 0, MAIL_BODY_PLAIN, "SHIP o1 F1\n",
	  NULL },
	{ "auto-replied.eml", "autoreply.8@example.org", "anna@example.org",
	  "Anna Keller", "Automatic reply: [navarch salamis] Turn 6 report",
	  1, 0, MAIL_BODY_PLAIN, "I am away until 20 June and will read "
	  "your mail when I return.\n", NULL },
	{ "vacation-bulk.eml", "vacation.9@example.com",
	  "sam.okafor@example.com", "Sam Okafor", "Out of office", 1, 0,
	  MAIL_BODY_PLAIN, "Out of office until Monday.\n", NULL },
	/* X-Autoreply counts even beside "Auto-Submitted: no"; KOI8-R. */
	{ "x-autoreply.eml", "xar.10@example.ru", "ivan@example.ru",
	  "Ivan Petrov", "Re: [navarch salamis] Turn 6 report", 1, 0,
	  MAIL_BODY_PLAIN, "\xd0\x9e\xd1\x82\xd0\xb2\xd0\xb5\xd1\x82 "
	  "\xd0\xbf\xd0\xbe\xd0\xb7\xd0\xb6\xd0\xb5.\n", NULL },
	{ "list.eml", "list.11@example.org", "anna@example.org",
	  "Anna Keller", "[navarch-players] who wants a rematch?", 1, 0,
	  MAIL_BODY_PLAIN, "Anyone up for Salamis again?\n", NULL },
	{ "postmaster.eml", "postmaster.13@example.com",
	  "postmaster@example.com", NULL, "Your mail", 1, 0,
	  MAIL_BODY_PLAIN, "Please stop.\n", NULL },
	/* The human-readable part of the report is the body. */
	{ "dsn-bounce.eml", "20240608120005.0A1B2C3D4E@games.example.net",
	  "MAILER-DAEMON@games.example.net", NULL,
	  "Undelivered Mail Returned to Sender", 1, 1, MAIL_BODY_PLAIN, NULL,
	  "could not\nbe delivered to one or more recipients.\n" },
	/* Each invalid byte is one U+FFFD; NUL too. */
	{ "invalid-utf8.eml", "broken-utf8@example.net", "broken@example.net",
	  "Broken Client", "bad bytes \xef\xbf\xbd here", 0, 0,
	  MAIL_BODY_PLAIN,
	  "ok \xc3\xa9 then \xef\xbf\xbd and \xef\xbf\xbd cut, overlong "
	  "\xef\xbf\xbd\xef\xbf\xbd, surrogate "
	  "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd end\n"
	  "NUL:\xef\xbf\xbd:\n", NULL },
	{ "huge-header.eml", "huge.14@example.org", "anna@example.org",
	  "Anna Keller", NULL, 0, 0, MAIL_BODY_PLAIN, "SHIP a1 F1\n", NULL },
	/* No closing boundary, base64 cut short: what is there is kept. */
	{ "truncated.eml", "truncated.12@example.org", "anna@example.org",
	  "Anna Keller", "cut off", 0, 0, MAIL_BODY_PLAIN,
	  "SHIP a1 F1\nSHIP a2 F2\nSHIP a3\n", NULL },
};

static void
check_str(const char *file, const char *what, const char *want,
    const char *got)
{
	if (want == NULL && got == NULL)
		return;
	if (want == NULL || got == NULL || strcmp(want, got) != 0)
		fail_msg("%s: %s: want \"%s\", got \"%s\"", file, what,
		    want != NULL ? want : "(null)", got != NULL ? got : "(null)");
}

static void
test_messages(void **state)
{
	const struct msg_case	*c;
	struct mail_msg		*m;
	size_t			 i;

	for (i = 0; i < NELEM(msg_cases); i++) {
		c = &msg_cases[i];
		m = parse_file(c->file);
		assert_valid_msg(m);
		if (strcmp(c->message_id, SYNTH) == 0) {
			assert_int_equal(m->message_id_synth, 1);
			assert_int_equal(strlen(m->message_id), 7 + 64);
			assert_memory_equal(m->message_id, SYNTH, 7);
		} else {
			assert_int_equal(m->message_id_synth, 0);
			check_str(c->file, "message_id", c->message_id,
			    m->message_id);
		}
		check_str(c->file, "from", c->from, m->from);
		check_str(c->file, "from_name", c->from_name, m->from_name);
		if (c->subject != NULL)
			check_str(c->file, "subject", c->subject, m->subject);
		if (m->is_auto != c->is_auto || m->is_bounce != c->is_bounce)
			fail_msg("%s: is_auto %d is_bounce %d (%s)", c->file,
			    m->is_auto, m->is_bounce, m->auto_reason ?
			    m->auto_reason : "no reason");
		assert_int_equal(m->is_auto, m->auto_reason != NULL);
		assert_int_equal(m->body_source, c->source);
		assert_null(m->body_error);
		if (c->body != NULL)
			check_str(c->file, "body", c->body, m->body);
		else if (strstr(m->body, c->body_has) == NULL)
			fail_msg("%s: body lacks \"%s\":\n%s", c->file,
			    c->body_has, m->body);
		mail_msg_free(m);
	}
}

/* --- single fields -------------------------------------------------------- */

enum field {
	F_SENDER, F_REPLY_TO, F_RETURN_PATH, F_IN_REPLY_TO, F_REF0, F_REF1,
	F_NREFS, F_DATE, F_AUTO_SUBMITTED, F_AUTO_REASON, F_BOUNCE_RCPT,
	F_BOUNCE_ID, F_BOUNCE_ACTION, F_BOUNCE_STATUS,
};

static const struct field_case {
	const char	*file;
	enum field	 field;
	const char	*want;		/* NULL: the field is absent */
} field_cases[] = {
	{ "plain.eml", F_RETURN_PATH, "anna@example.org" },
	{ "plain.eml", F_DATE, "Sat, 1 Jun 2024 12:00:00 +0200" },
	{ "plain.eml", F_REPLY_TO, NULL },
	{ "plain.eml", F_AUTO_SUBMITTED, NULL },
	{ "plain.eml", F_AUTO_REASON, NULL },
	{ "qp.eml", F_RETURN_PATH, NULL },
	{ "rfc2047-b.eml", F_REPLY_TO, "xm.replies@example.jp" },
	{ "rfc2047-b.eml", F_IN_REPLY_TO, "turn4.salamis@games.example.net" },
	{ "rfc2047-b.eml", F_NREFS, "2" },
	{ "rfc2047-b.eml", F_REF0, "turn3.salamis@games.example.net" },
	{ "rfc2047-b.eml", F_REF1, "turn4.salamis@games.example.net" },
	{ "alternative.eml", F_IN_REPLY_TO, "turn5.salamis@games.example.net" },
	/* 4000 References: the first and the last, MAIL_REFERENCES_MAX. */
	{ "huge-header.eml", F_NREFS, "64" },
	{ "huge-header.eml", F_REF0, "ref00000@games.example.net" },
	{ "huge-header.eml", F_REF1, "ref03937@games.example.net" },
	{ "auto-replied.eml", F_AUTO_SUBMITTED, "auto-replied" },
	{ "auto-replied.eml", F_AUTO_REASON, "Auto-Submitted: auto-replied" },
	{ "vacation-bulk.eml", F_AUTO_REASON, "Precedence: bulk" },
	{ "x-autoreply.eml", F_AUTO_SUBMITTED, "no" },
	{ "x-autoreply.eml", F_AUTO_REASON, "X-Autoreply field present" },
	{ "list.eml", F_SENDER, "navarch-players-bounces@lists.example.org" },
	{ "list.eml", F_AUTO_REASON, "List-Id field present" },
	{ "postmaster.eml", F_AUTO_REASON, "From is a mail system address" },
	{ "postmaster.eml", F_DATE, NULL },
	{ "dsn-bounce.eml", F_RETURN_PATH, "" },
	{ "dsn-bounce.eml", F_DATE, "Sat,  8 Jun 2024 12:00:05 +0000 (UTC)" },
	{ "dsn-bounce.eml", F_AUTO_SUBMITTED, "auto-replied" },
	/* Of two recipients, the one that failed (not the delayed one),
	 * by its original address. */
	{ "dsn-bounce.eml", F_BOUNCE_RCPT, "Gone@Example.org" },
	{ "dsn-bounce.eml", F_BOUNCE_ACTION, "failed" },
	{ "dsn-bounce.eml", F_BOUNCE_STATUS, "5.1.1" },
	{ "dsn-bounce.eml", F_BOUNCE_ID,
	  "turn6.salamis.gone@games.example.net" },
	{ "auto-replied.eml", F_BOUNCE_RCPT, NULL },
};

static const char *
field_of(const struct mail_msg *m, enum field f, char *tmp, size_t tmplen)
{
	switch (f) {
	case F_SENDER:		return m->sender;
	case F_REPLY_TO:	return m->reply_to;
	case F_RETURN_PATH:	return m->return_path;
	case F_IN_REPLY_TO:	return m->in_reply_to;
	case F_REF0:		return m->nreferences > 0 ?
				    m->references[0] : NULL;
	case F_REF1:		return m->nreferences > 1 ?
				    m->references[1] : NULL;
	case F_NREFS:
		snprintf(tmp, tmplen, "%zu", m->nreferences);
		return tmp;
	case F_DATE:		return m->date;
	case F_AUTO_SUBMITTED:	return m->auto_submitted;
	case F_AUTO_REASON:	return m->auto_reason;
	case F_BOUNCE_RCPT:	return m->bounce_recipient;
	case F_BOUNCE_ID:	return m->bounce_message_id;
	case F_BOUNCE_ACTION:	return m->bounce_action;
	case F_BOUNCE_STATUS:	return m->bounce_status;
	}
	return NULL;
}

static void
test_fields(void **state)
{
	const struct field_case	*c;
	struct mail_msg		*m;
	char			 tmp[32], what[32];
	size_t			 i;

	for (i = 0; i < NELEM(field_cases); i++) {
		c = &field_cases[i];
		m = parse_file(c->file);
		snprintf(what, sizeof what, "field %d", (int)c->field);
		check_str(c->file, what, c->want,
		    field_of(m, c->field, tmp, sizeof tmp));
		mail_msg_free(m);
	}
}

/* --- the digest of a message without Message-ID --------------------------- */

static void
test_digest(void **state)
{
	/* Computed once; it must never change, or every stored digest
	 * would stop matching. */
	static const char want[] = "sha256:13a6b5eb2f4e3e369662cea8971eddd7"
	    "fe91db71a1a7bd1d458986254c0f5567";
	struct mail_msg	*a, *b, *c;
	char		*raw, *cause, *p;
	size_t		 len;

	a = parse_file("no-message-id.eml");
	b = parse_file("no-message-id.eml");
	/* The same mail delivered again, through another relay, with CRLF
	 * line ends and a Return-Path: the same id. */
	c = parse_file("no-message-id-redelivered.eml");
	assert_string_equal(a->message_id, want);
	assert_string_equal(b->message_id, want);
	assert_string_equal(c->message_id, want);
	mail_msg_free(a);
	mail_msg_free(b);
	mail_msg_free(c);

	/* A different text is a different mail. */
	raw = slurp("no-message-id.eml", &len);
	p = strstr(raw, "SHIP o1 F1");
	assert_non_null(p);
	p[9] = '2';
	assert_int_equal(mail_parse(raw, len, &a, &cause), 0);
	assert_int_equal(a->message_id_synth, 1);
	assert_string_not_equal(a->message_id, want);
	mail_msg_free(a);
	free(raw);
}

/* --- what cannot be parsed, and the limits -------------------------------- */

static void
expect_refused(const char *raw, size_t len, const char *cause_has)
{
	struct mail_msg	*m = (struct mail_msg *)1;
	char		*cause = NULL;

	assert_int_equal(mail_parse(raw, len, &m, &cause), -1);
	assert_null(m);
	assert_non_null(cause);
	if (strstr(cause, cause_has) == NULL)
		fail_msg("cause \"%s\" lacks \"%s\"", cause, cause_has);
	free(cause);
}

static void
test_refused(void **state)
{
	static const struct {
		const char	*raw;		/* NULL: from file */
		const char	*file;
		const char	*cause_has;
	} cases[] = {
		{ NULL, "garbage.bin", "not a mail message" },
		{ "", NULL, "empty" },
		{ "\n\nno header at all\n", NULL, "not a mail message" },
		{ "just one line of text", NULL, "not a mail message" },
	};
	struct buf	 b = BUF_INIT;
	char		*raw;
	size_t		 i, len;

	for (i = 0; i < NELEM(cases); i++) {
		if (cases[i].raw == NULL) {
			raw = slurp(cases[i].file, &len);
			expect_refused(raw, len, cases[i].cause_has);
			free(raw);
		} else
			expect_refused(cases[i].raw, strlen(cases[i].raw),
			    cases[i].cause_has);
	}

	/* Over the raw size limit. */
	raw = xmalloc(MAIL_RAW_MAX + 1);
	memset(raw, 'a', MAIL_RAW_MAX + 1);
	memcpy(raw, "From: a@example.org\n\n", 21);
	expect_refused(raw, MAIL_RAW_MAX + 1, "over the limit");
	free(raw);

	/* A nesting bomb: libetpan would recurse once per level. */
	buf_adds(&b, "From: a@example.org\nContent-Type: multipart/mixed; "
	    "boundary=b0\n\n");
	for (i = 1; i < 5000; i++)
		buf_printf(&b, "--b%zu\nContent-Type: multipart/mixed; "
		    "boundary=b%zu\n\n", i - 1, i);
	expect_refused(b.p, b.len, "nested");
	buf_free(&b);
}

static void
test_body_too_big(void **state)
{
	struct buf	 b = BUF_INIT;
	struct mail_msg	*m;
	char		*cause;


	buf_adds(&b, "Message-ID: <big@example.org>\nFrom: a@example.org\n"
	    "Subject: big\n\nSHIP a1 F1\n");
	while (b.len <= MAIL_BODY_MAX + 200)
		buf_adds(&b, "> quoted text of an earlier mail, again and "
		    "again and again\n");
	assert_int_equal(mail_parse(b.p, b.len, &m, &cause), 0);
	assert_string_equal(m->message_id, "big@example.org");
	assert_string_equal(m->from, "a@example.org");
	assert_non_null(m->body_error);
	assert_non_null(strstr(m->body_error, "1 MiB"));
	/* Its head, whole lines, routes the answer (issue 10: a mail that
	 * named its game was answered "names no game"). */
	assert_true(m->body_len > 0 && m->body_len <= MAIL_BODY_HEAD);
	assert_int_equal(m->body_len, strlen(m->body));
	assert_memory_equal(m->body, "SHIP a1 F1\n> quoted", 19);
	assert_int_equal(m->body[m->body_len - 1], '\n');
	mail_msg_free(m);

	/* One part too big to convert at all: its head still is. */
	buf_reset(&b);
	buf_adds(&b, "From: a@example.org\nContent-Type: text/plain; "
	    "charset=iso-8859-1\n\nGAME demo\n");
	while (b.len <= 4 * MAIL_BODY_MAX + 200)
		buf_adds(&b, "caf\xe9 caf\xe9 caf\xe9 caf\xe9\n");
	assert_int_equal(mail_parse(b.p, b.len, &m, &cause), 0);
	assert_non_null(m->body_error);
	assert_true(m->body_len > 0 && m->body_len <= MAIL_BODY_HEAD);
	assert_memory_equal(m->body, "GAME demo\ncaf\xc3\xa9 ", 16);
	assert_int_equal(m->body[m->body_len - 1], '\n');
	mail_msg_free(m);

	/* Just under the limit is fine. */
	buf_reset(&b);
	buf_adds(&b, "From: a@example.org\n\n");
	while (b.len < MAIL_BODY_MAX - 100)
		buf_adds(&b, "0123456789\n");
	assert_int_equal(mail_parse(b.p, b.len, &m, &cause), 0);
	assert_null(m->body_error);
	assert_true(m->body_len > MAIL_BODY_MAX - 200);
	mail_msg_free(m);
	buf_free(&b);
}

/* Every test message cut short at many points, and with bytes
 * overwritten: mail_parse must either succeed with valid UTF-8 or give a
 * cause, and never crash or leak (run under ASan and valgrind). */
static void
test_hostile(void **state)
{
	static const char *const files[] = {
		"plain-crlf.eml", "qp.eml", "base64.eml", "latin1.eml",
		"rfc2047-b.eml", "rfc2047-q.eml", "alternative.eml",
		"html-only.eml", "mixed-attachment.eml", "nested.eml",
		"dsn-bounce.eml", "invalid-utf8.eml", "truncated.eml",
		"x-autoreply.eml",
	};
	static const char noise[] = "\0\r\n=?-<>:;\"\\\xff\xc3";
	struct mail_msg	*m;
	char		*raw, *copy, *cause;
	size_t		 f, len, cut, step, k;
	unsigned	 seed = 12345;

	for (f = 0; f < NELEM(files); f++) {
		raw = slurp(files[f], &len);
		step = len / 97 + 1;
		for (cut = 1; cut <= len; cut += step) {
			copy = xmalloc(cut);	/* exact size: ASan sees overreads */
			memcpy(copy, raw, cut);
			if (mail_parse(copy, cut, &m, &cause) == 0) {
				assert_valid_msg(m);
				mail_msg_free(m);
			} else {
				assert_non_null(cause);
				free(cause);
			}
			/* The same with a few bytes overwritten. */
			for (k = 0; k < 4; k++) {
				seed = seed * 1103515245u + 12345u;
				copy[(seed >> 8) % cut] =
				    noise[(seed >> 20) % (sizeof noise - 1)];
			}
			if (mail_parse(copy, cut, &m, &cause) == 0) {
				assert_valid_msg(m);
				mail_msg_free(m);
			} else
				free(cause);
			free(copy);
		}
		free(raw);
	}
}

static void
test_crlf_same_as_lf(void **state)
{
	struct mail_msg	*lf = parse_file("plain.eml");
	struct mail_msg	*crlf = parse_file("plain-crlf.eml");

	assert_string_equal(lf->body, crlf->body);
	assert_string_equal(lf->date, crlf->date);
	assert_string_equal(lf->from_name, crlf->from_name);
	mail_msg_free(lf);
	mail_msg_free(crlf);
}

/* --- subject tag and own address ----------------------------------------- */

static void
test_subject_tag(void **state)
{
	static const struct {
		const char	*subject;
		const char	*game;	/* NULL: no tag */
	} cases[] = {
		{ "[navarch G12] Turn 3 report", "G12" },
		{ "Re: [navarch G12] Turn 3 report", "G12" },
		{ "RE: Fwd: AW: SV: [navarch salamis-2] Turn 3", "salamis-2" },
		{ "Re: [NAVARCH g12]", "g12" },
		{ "Re:[ navarch   g_12 ]x", "g_12" },
		{ "[list] Re: [navarch G7] hi [navarch G8]", "G7" },
		{ "[navarch] no game", NULL },
		{ "[navarchG12] glued", NULL },
		{ "[navarch G12 extra] two words", NULL },
		{ "[navarch G12", NULL },
		{ "[navarch G!2]", NULL },
		{ "[navarch aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]", NULL }, /* 33 */
		{ "[navarch aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]",
		  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },			/* 32 */
		{ "[[navarch x1]]", "x1" },
		{ "orders", NULL },
		{ "", NULL },
		{ NULL, NULL },
	};
	char	*game;
	size_t	 i;
	int	 r;

	for (i = 0; i < NELEM(cases); i++) {
		r = mail_subject_tag(cases[i].subject, &game);
		if (cases[i].game == NULL) {
			if (r != -1 || game != NULL)
				fail_msg("\"%s\": unexpected tag \"%s\"",
				    cases[i].subject, game);
		} else {
			if (r != 0)
				fail_msg("\"%s\": no tag found",
				    cases[i].subject);
			assert_string_equal(game, cases[i].game);
		}
		free(game);
	}
}

static void
test_own_address(void **state)
{
	static const struct {
		const char	*file;
		const char	*daemon;
		int		 own;
	} cases[] = {
		{ "plain.eml", "navarch@games.example.net", 0 },
		{ "plain.eml", "anna@example.org", 1 },
		{ "plain.eml", "Anna <ANNA@Example.ORG>", 1 },
		{ "plain.eml", "  anna@example.org  ", 1 },
		{ "plain.eml", "anna@example.org.evil", 0 },
		{ "plain.eml", "", 0 },
		{ "plain.eml", "<>", 0 },
		{ "list.eml", "navarch-players-bounces@lists.example.org", 1 },
		{ "dsn-bounce.eml", "MAILER-DAEMON@games.example.net", 1 },
		{ "dsn-bounce.eml", "navarch@games.example.net", 0 },
	};
	struct mail_msg	*m;
	size_t		 i;

	for (i = 0; i < NELEM(cases); i++) {
		m = parse_file(cases[i].file);
		if (mail_is_own_address(m, cases[i].daemon) != cases[i].own)
			fail_msg("%s, \"%s\": want %d", cases[i].file,
			    cases[i].daemon, cases[i].own);
		mail_msg_free(m);
	}
	assert_int_equal(mail_is_own_address(NULL, "a@b"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_digest),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_body_too_big),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_crlf_same_as_lf),
		cmocka_unit_test(test_subject_tag),
		cmocka_unit_test(test_own_address),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
