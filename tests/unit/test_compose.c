/* test_compose.c: outgoing mail as exact bytes (compose.h).
 *
 * Each built message is compared byte for byte with the expected text,
 * then parsed back with the intake's own parser (mail_parse, libetpan) as
 * an independent check that subject and text decode to what was given;
 * every line is checked to be CRLF-terminated and within 78 characters.
 * A second table feeds header values that would inject headers or are
 * malformed, and expects a refusal naming the field. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "compose.h"
#include "mime.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

struct build_case {
	const char		*name;
	struct compose_msg	 msg;
	const char		*want;
};

static const char *const refs2[] = {
	"<orders.1@player.example.org>",
	"<navarch.g12.t3.ack.0a1b2c@navarch.example.org>"
};
static const char *const refs4[] = {
	"<aaaaaaaaaaaaaaaaaaaaaaaa.1@player.example.org>",
	"<bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.2@player.example.org>",
	"<cccccccccccc.3@player.example.org>",
	"<dddddddddddddddddddddddddddddddddddddddddddddddd.4@player.example.org>",
};
static const char svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
    "width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
    "fill=\"#36c\"/></svg>\n";
static const struct compose_attachment map_svg[] = {
	{ "map.svg", "image/svg+xml", svg, sizeof svg - 1 },
};
static const struct compose_attachment two[] = {
	{ "map.svg", "image/svg+xml", svg, sizeof svg - 1 },
	{ "a-rather-long-attachment-file-name-for-folding.txt",
	  "application/vnd.navarch-orders+plain", "x", 1 },
};

#define FROM	"Navarch <navarch@navarch.example.org>"
#define MID	"<navarch.g12.t3.report.athens@navarch.example.org>"
#define T0	INT64_C(1717272000)	/* Sat, 01 Jun 2024 20:00:00 */

static const struct build_case build_cases[] = {
	{ "plain ASCII report: 7bit",
	  { FROM, "a@example.org", "[navarch g12] Turn 3 report", T0, MID,
	    NULL, NULL, 0, COMPOSE_AUTO_GENERATED,
	    "Turn 3 of game g12.\n\nThe Athenian fleet holds.\n", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: [navarch g12] Turn 3 report\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n"
	    "Turn 3 of game g12.\r\n"
	    "\r\n"
	    "The Athenian fleet holds.\r\n" },
	{ "UTF-8 reply: encoded subject, QP, threading",
	  { FROM, "Kleon <kleon@example.org>",
	    "Re: ordres reçus pour la trirème «Nikē» — tour 3", T0 + 86399,
	    "<navarch.g12.t3.ack.0a1b2c@navarch.example.org>",
	    "<orders.1@player.example.org>", refs2, 2, COMPOSE_AUTO_REPLIED,
	    "Ordres reçus:\r\n  nike: 3L2\r\nΝίκη πλεῖ.\r\n", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: Kleon <kleon@example.org>\r\n"
	    "Subject: =?UTF-8?B?UmU6IG9yZHJlcyByZcOndXMgcG91ciBsYSB0cmlyw6htZSDCq05p?=\r\n"
	    " =?UTF-8?B?a8STwrsg4oCUIHRvdXIgMw==?=\r\n"
	    "Date: Sun, 02 Jun 2024 19:59:59 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.ack.0a1b2c@navarch.example.org>\r\n"
	    "In-Reply-To: <orders.1@player.example.org>\r\n"
	    "References: <orders.1@player.example.org>\r\n"
	    " <navarch.g12.t3.ack.0a1b2c@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-replied\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "Ordres re=C3=A7us:\r\n"
	    "  nike: 3L2\r\n"
	    "=CE=9D=CE=AF=CE=BA=CE=B7 =CF=80=CE=BB=CE=B5=E1=BF=96.\r\n" },
	{ "QP: '=', trailing blanks, long lines, soft breaks between characters",
	  { FROM, "a@example.org", "Long", 0, MID, NULL, NULL, 0,
	    COMPOSE_AUTO_GENERATED,
	    "x=1 \nend\t\n"
	    "01234567890123456789012345678901234567890123456789"
	    "01234567890123456789012345678901234567890123456789 ends\n"
	    "éééééééééééééééééééééééééééééééééé"
	    "ééééé\n", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: Long\r\n"
	    "Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "x=3D1=20\r\n"
	    "end=09\r\n"
	    "012345678901234567890123456789012345678901234567890123456789012345678901234=\r\n"
	    "5678901234567890123456789 ends\r\n"
	    "=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=\r\n"
	    "=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=\r\n"
	    "=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=C3=A9=\r\n"
	    "=C3=A9=C3=A9=C3=A9\r\n" },
	{ "report with its SVG map: multipart/mixed, base64",
	  { FROM, "a@example.org", "[navarch g12] Turn 3 report", T0, MID,
	    NULL, NULL, 0, COMPOSE_AUTO_GENERATED, "See the map.\n", map_svg, 1 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: [navarch g12] Turn 3 report\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: multipart/mixed;\r\n"
	    " boundary=\"=_navarch-part\"\r\n"
	    "\r\n"
	    "--=_navarch-part\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n"
	    "See the map.\r\n"
	    "--=_navarch-part\r\n"
	    "Content-Type: image/svg+xml; name=\"map.svg\"\r\n"
	    "Content-Disposition: attachment; filename=\"map.svg\"\r\n"
	    "Content-Transfer-Encoding: base64\r\n"
	    "\r\n"
	    "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMCIgaGVpZ2h0\r\n"
	    "PSIxMCI+PHJlY3Qgd2lkdGg9IjEwIiBoZWlnaHQ9IjEwIiBmaWxsPSIjMzZjIi8+PC9zdmc+Cg==\r\n"
	    "--=_navarch-part--\r\n" },
	{ "long ASCII subject folds at spaces; long ids fold",
	  { FROM, "a@example.org",
	    "[navarch g12] Turn 3 report: the battle off Salamis goes on, "
	    "the Persian fleet turns north and the Corinthians hold",
	    T0, MID,
	    "<dddddddddddddddddddddddddddddddddddddddddddddddd.4@"
	    "player.example.org>", refs4, 4,
	    COMPOSE_AUTO_REPLIED, "ok", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: [navarch g12] Turn 3 report: the battle off Salamis goes on, the\r\n"
	    " Persian fleet turns north and the Corinthians hold\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "In-Reply-To:\r\n"
	    " <dddddddddddddddddddddddddddddddddddddddddddddddd.4@player.example.org>\r\n"
	    "References: <aaaaaaaaaaaaaaaaaaaaaaaa.1@player.example.org>\r\n"
	    " <bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.2@player.example.org>\r\n"
	    " <cccccccccccc.3@player.example.org>\r\n"
	    " <dddddddddddddddddddddddddddddddddddddddddddddddd.4@player.example.org>\r\n"
	    "Auto-Submitted: auto-replied\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n"
	    "ok\r\n" },
	{ "boundary-like text goes QP; long type and name fold; empty subject",
	  { FROM, "a@example.org", "", T0, MID, NULL, NULL, 0,
	    COMPOSE_AUTO_GENERATED, "--=_navarch-part\n.\n", two, 2 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject:\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: multipart/mixed;\r\n"
	    " boundary=\"=_navarch-part\"\r\n"
	    "\r\n"
	    "--=_navarch-part\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "--=3D_navarch-part\r\n"
	    ".\r\n"
	    "--=_navarch-part\r\n"
	    "Content-Type: image/svg+xml; name=\"map.svg\"\r\n"
	    "Content-Disposition: attachment; filename=\"map.svg\"\r\n"
	    "Content-Transfer-Encoding: base64\r\n"
	    "\r\n"
	    "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMCIgaGVpZ2h0\r\n"
	    "PSIxMCI+PHJlY3Qgd2lkdGg9IjEwIiBoZWlnaHQ9IjEwIiBmaWxsPSIjMzZjIi8+PC9zdmc+Cg==\r\n"
	    "--=_navarch-part\r\n"
	    "Content-Type: application/vnd.navarch-orders+plain;\r\n"
	    " name=\"a-rather-long-attachment-file-name-for-folding.txt\"\r\n"
	    "Content-Disposition: attachment;\r\n"
	    " filename=\"a-rather-long-attachment-file-name-for-folding.txt\"\r\n"
	    "Content-Transfer-Encoding: base64\r\n"
	    "\r\n"
	    "eA==\r\n"
	    "--=_navarch-part--\r\n" },
	{ "unbreakable ASCII subject is encoded",
	  { FROM, "a@example.org",
	    "Supercalifragilisticexpialidocious-and-then-some-more-"
	    "letters-without-any-spaces", T0, MID, NULL, NULL, 0,
	    COMPOSE_AUTO_GENERATED, "", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: =?UTF-8?B?U3VwZXJjYWxpZnJhZ2lsaXN0aWNleHBpYWxpZG9jaW91cy1hbmQt?=\r\n"
	    " =?UTF-8?B?dGhlbi1zb21lLW1vcmUtbGV0dGVycy13aXRob3V0LWFueS1zcGFj?=\r\n"
	    " =?UTF-8?B?ZXM=?=\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n" },
	{ "subject holding =? is encoded",
	  { FROM, "a@example.org", "=?utf-8?q?x?=", T0, MID, NULL, NULL, 0,
	    COMPOSE_AUTO_GENERATED, "", NULL, 0 },
	    "From: Navarch <navarch@navarch.example.org>\r\n"
	    "To: a@example.org\r\n"
	    "Subject: =?UTF-8?B?PT91dGYtOD9xP3g/PQ==?=\r\n"
	    "Date: Sat, 01 Jun 2024 20:00:00 +0000\r\n"
	    "Message-ID: <navarch.g12.t3.report.athens@navarch.example.org>\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "\r\n" },
};

/* Every line ends in CRLF and holds at most 78 characters. */
static void
assert_lines_ok(const char *name, const char *s, size_t len)
{
	size_t	i, col = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\n') {
			if (i == 0 || s[i - 1] != '\r')
				fail_msg("%s: bare LF at byte %zu", name, i);
			col = 0;
			continue;
		}
		if (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'))
			fail_msg("%s: bare CR at byte %zu", name, i);
		if (s[i] != '\r' && ++col > 78)
			fail_msg("%s: line longer than 78 at byte %zu", name, i);
	}
	assert_true(len >= 2 && s[len - 2] == '\r' && s[len - 1] == '\n');
}

/* text with CRLF made LF and without one final LF. */
static char *
lf_text(const char *s)
{
	struct buf	b = BUF_INIT;

	for (; *s != '\0'; s++)
		if (*s != '\r')
			buf_addc(&b, *s);
	if (b.len > 0 && b.p[b.len - 1] == '\n')
		b.len--;
	buf_addc(&b, '\0');
	return buf_detach(&b);
}

static void
test_build(void **state)
{
	const struct build_case	*c;
	struct mail_msg		*m;
	char			*out, *cause = NULL, *want_text, *got_text;
	size_t			 i, len;

	for (i = 0; i < NELEM(build_cases); i++) {
		c = &build_cases[i];
		if (compose_build(&c->msg, &out, &len, &cause) != 0)
			fail_msg("%s: %s", c->name, cause);
		if (strcmp(out, c->want) != 0)
			fail_msg("%s: got\n%s", c->name, out);
		assert_int_equal(len, strlen(c->want));
		assert_lines_ok(c->name, out, len);

		/* Read back by the intake's parser. */
		if (mail_parse(out, len, &m, &cause) != 0)
			fail_msg("%s: mail_parse: %s", c->name, cause);
		/* Without the angle brackets. */
		assert_int_equal(strlen(m->message_id),
		    strlen(c->msg.message_id) - 2);
		assert_memory_equal(m->message_id, c->msg.message_id + 1,
		    strlen(m->message_id));
		if (c->msg.subject[0] != '\0')
			assert_string_equal(m->subject, c->msg.subject);
		assert_string_equal(m->auto_submitted,
		    compose_auto_name(c->msg.auto_submitted));
		want_text = lf_text(c->msg.body);
		got_text = lf_text(m->body);
		if (strcmp(want_text, got_text) != 0)
			fail_msg("%s: text read back as \"%s\"", c->name,
			    got_text);
		free(want_text);
		free(got_text);
		mail_msg_free(m);
		free(out);
	}
}

/* The same text with LF or CRLF line ends gives the same bytes; the same
 * inputs always give the same bytes. */
static void
test_line_ends(void **state)
{
	struct compose_msg	m = build_cases[0].msg;
	char			*a, *b, *cause = NULL;

	m.body = "one\ntwo\n";
	assert_int_equal(compose_build(&m, &a, NULL, &cause), 0);
	m.body = "one\r\ntwo\r\n";
	assert_int_equal(compose_build(&m, &b, NULL, &cause), 0);
	assert_string_equal(a, b);
	free(b);
	m.body = "one\ntwo";	/* no final line end: one is added */
	assert_int_equal(compose_build(&m, &b, NULL, &cause), 0);
	assert_string_equal(a, b);
	free(b);
	assert_int_equal(compose_build(&m, &b, NULL, &cause), 0);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

enum field { F_FROM, F_TO, F_SUBJECT, F_MID, F_IRT, F_REF, F_BODY,
	F_ATT_NAME, F_ATT_TYPE, F_DATE };

struct bad_case {
	enum field	 field;
	const char	*value;
	const char	*cause;		/* expected substring */
};

static const struct bad_case bad_cases[] = {
	/* Header injection: a player's Subject must not add a Bcc. */
	{ F_SUBJECT, "Orders\r\nBcc: victim@example.org", "Subject header "
	  "holds a line break" },
	{ F_SUBJECT, "Orders\nBcc: victim@example.org", "line break" },
	{ F_SUBJECT, "Orders\rX: y", "line break" },
	{ F_SUBJECT, "bell\a", "Subject header holds a control character" },
	{ F_SUBJECT, "caf\xc3", "Subject header is not valid UTF-8" },
	{ F_TO, "a@example.org\r\nBcc: b@example.org", "To header holds a "
	  "line break" },
	{ F_TO, "a@example.org, b@example.org", "To header is not one "
	  "address" },
	{ F_TO, "nobody", "To header is not one address" },
	{ F_TO, "Zoë <z@example.org>", "To header holds a non-ASCII byte" },
	{ F_TO, "A <a@example.org> <b@example.org>", "not one address" },
	{ F_FROM, "x@example.org\n", "From header holds a line break" },
	{ F_FROM, "", "From header is not one address" },
	{ F_MID, "navarch.1@example.org", "Message-ID header is not one "
	  "message id" },
	{ F_MID, "<a@b>\r\nX-Evil: 1", "Message-ID header holds a line "
	  "break" },
	{ F_IRT, "<a b@example.org>", "In-Reply-To header is not one "
	  "message id" },
	{ F_REF, "<a@example.org>\n", "References header holds a line "
	  "break" },
	{ F_BODY, "ok\xff", "body is not valid UTF-8 (byte 3)" },
	{ F_BODY, "\xed\xa0\x80", "body is not valid UTF-8 (byte 1)" },
	{ F_BODY, "\xc0\xaf", "not valid UTF-8" },
	{ F_ATT_NAME, "../etc/passwd", "attachment name \"../etc/passwd\" "
	  "is not" },
	{ F_ATT_NAME, "map\".svg", "attachment name" },
	{ F_ATT_NAME, ".hidden", "attachment name" },
	{ F_ATT_TYPE, "image/svg+xml\r\nX: y", "attachment type" },
	{ F_ATT_TYPE, "svg", "attachment type \"svg\" is not a MIME type" },
	{ F_ATT_TYPE, "image/", "attachment type" },
	{ F_DATE, NULL, "date is outside" },
};

static void
test_refused(void **state)
{
	struct compose_attachment	 att = { "map.svg", "image/svg+xml",
	    "x", 1 };
	const char			*ref;
	struct compose_msg		 m;
	const struct bad_case		*c;
	char				*out = NULL, *cause;
	size_t				 i;

	for (i = 0; i < NELEM(bad_cases); i++) {
		c = &bad_cases[i];
		m = build_cases[0].msg;
		att.filename = "map.svg";
		att.type = "image/svg+xml";
		switch (c->field) {
		case F_FROM: m.from = c->value; break;
		case F_TO: m.to = c->value; break;
		case F_SUBJECT: m.subject = c->value; break;
		case F_MID: m.message_id = c->value; break;
		case F_IRT: m.in_reply_to = c->value; break;
		case F_REF:
			ref = c->value;
			m.references = &ref;
			m.nreferences = 1;
			break;
		case F_BODY: m.body = c->value; break;
		case F_ATT_NAME: att.filename = c->value; break;
		case F_ATT_TYPE: att.type = c->value; break;
		case F_DATE: m.date = -1; break;
		}
		if (c->field == F_ATT_NAME || c->field == F_ATT_TYPE) {
			m.attachments = &att;
			m.nattachments = 1;
		}
		cause = NULL;
		if (compose_build(&m, &out, NULL, &cause) != -1)
			fail_msg("case %zu accepted: %s", i, out);
		assert_non_null(cause);
		if (strstr(cause, c->cause) == NULL)
			fail_msg("case %zu: cause \"%s\" lacks \"%s\"", i,
			    cause, c->cause);
		free(cause);
	}
}

struct mid_case {
	const char	*game;
	int		 turn;
	const char	*kind, *unique, *host;
	const char	*want;		/* NULL: refused */
};

static const struct mid_case mid_cases[] = {
	{ "G12", 3, "report", "athens", "navarch.example.org",
	  "<navarch.G12.t3.report.athens@navarch.example.org>" },
	{ "g12", 0, "ack", "3f9a.c0de", "host",
	  "<navarch.g12.t0.ack.3f9a.c0de@host>" },
	{ NULL, -1, "help", "20240601.a_b-c", "h.example",
	  "<navarch.help.20240601.a_b-c@h.example>" },
	{ "g1", -1, "reminder", "sparta", "h", "<navarch.g1.reminder.sparta@h>" },
	{ "g 1", 1, "report", "a", "h", NULL },
	{ "g1", 1, "re.port", "a", "h", NULL },
	{ "g1", 1, "report", "a@b", "h", NULL },
	{ "g1", 1, "report", ".a", "h", NULL },
	{ "g1", 1, "report", "a..b", "h", NULL },
	{ "g1", 1, "report", "a.", "h", NULL },
	{ "g1", 1, "report", "a", "h>\r\nX: y", NULL },
	{ "g1", 1, "", "a", "h", NULL },
	{ "g1", 1, "report", "", "h", NULL },
	{ "g1", 1, "report", "a", NULL, NULL },
	{ "abcdefghijabcdefghijabcdefghijabc", 1, "report", "a", "h", NULL },
};

static void
test_message_id(void **state)
{
	const struct mid_case	*c;
	char			*out, *cause;
	size_t			 i;
	int			 rc;

	for (i = 0; i < NELEM(mid_cases); i++) {
		c = &mid_cases[i];
		out = cause = NULL;
		rc = compose_message_id(c->game, c->turn, c->kind, c->unique,
		    c->host, &out, &cause);
		if (c->want == NULL) {
			if (rc != -1)
				fail_msg("case %zu accepted: %s", i, out);
			assert_non_null(cause);
			free(cause);
			continue;
		}
		if (rc != 0)
			fail_msg("case %zu: %s", i, cause);
		assert_string_equal(out, c->want);
		free(out);
	}
}

static void
test_subjects(void **state)
{
	static const struct { const char *in, *want; } replies[] = {
		{ "[navarch g12] Turn 3 report", "Re: [navarch g12] Turn 3 report" },
		{ "Re: orders", "Re: orders" },
		{ "RE:orders", "RE:orders" },
		{ "", "Re: your mail" },
		{ NULL, "Re: your mail" },
		{ "Réponse", "Re: Réponse" },
	};
	char	*s;
	size_t	 i;

	s = compose_report_subject("g12", 3);
	assert_string_equal(s, "[navarch g12] Turn 3 report");
	free(s);
	for (i = 0; i < NELEM(replies); i++) {
		s = compose_reply_subject(replies[i].in);
		assert_string_equal(s, replies[i].want);
		free(s);
	}
	assert_string_equal(compose_auto_name(COMPOSE_AUTO_GENERATED),
	    "auto-generated");
	assert_string_equal(compose_auto_name(COMPOSE_AUTO_REPLIED),
	    "auto-replied");
	assert_null(compose_auto_name(COMPOSE_AUTO_COUNT));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_message_id),
		cmocka_unit_test(test_subjects),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
