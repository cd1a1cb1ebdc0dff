/* fuzz-mime.c: the mail parser the daemon runs on the raw bytes of every
 * message it takes in (mail_parse, then what mailproc asks of the result).
 *
 * Besides not crashing, hanging or leaking, a parsed message keeps mime.h's
 * promises, which the rest of the daemon relies on without checking:
 * every string is valid UTF-8 and NUL-terminated, the body is never NULL
 * and body_len is its length, a failure comes with a cause. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mailproc-int.h"
#include "mime.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return 0;
}

/* 1 if s is valid UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
static int
utf8_ok(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	unsigned		 c, n, i, min;

	while (*p != '\0') {
		c = *p++;
		if (c < 0x80)
			continue;
		if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			min = 0x80;
			c &= 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			min = 0x800;
			c &= 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			min = 0x10000;
			c &= 0x07;
		} else
			return 0;
		for (i = 0; i < n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return 0;
			c = (c << 6) | (p[i] & 0x3f);
		}
		p += n;
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return 0;
	}
	return 1;
}

#define CHECK_STR(m, field) \
	FUZZ_CHECK((m)->field == NULL || utf8_ok((m)->field), \
	    "%s is not UTF-8", #field)

static void
check(const struct mail_msg *m)
{
	enum mail_reply_kind	 kind;
	struct mp_reply		 r;
	const char		*p, *end, *nl;
	char			*game = NULL;
	size_t			 i, lines;

	FUZZ_CHECK(m->message_id != NULL && *m->message_id != '\0',
	    "no Message-ID");
	CHECK_STR(m, message_id);
	CHECK_STR(m, from);
	CHECK_STR(m, from_name);
	CHECK_STR(m, sender);
	CHECK_STR(m, reply_to);
	CHECK_STR(m, return_path);
	CHECK_STR(m, subject);
	CHECK_STR(m, in_reply_to);
	CHECK_STR(m, date);
	CHECK_STR(m, auto_submitted);
	CHECK_STR(m, auto_reason);
	CHECK_STR(m, bounce_recipient);
	CHECK_STR(m, bounce_message_id);
	CHECK_STR(m, bounce_action);
	CHECK_STR(m, bounce_status);
	CHECK_STR(m, body_error);
	for (i = 0; i < m->nreferences; i++)
		FUZZ_CHECK(m->references[i] != NULL &&
		    utf8_ok(m->references[i]), "references[%zu]", i);
	FUZZ_CHECK(m->body != NULL, "body is NULL");
	FUZZ_CHECK(strlen(m->body) == m->body_len, "body_len %zu, but the "
	    "body is %zu bytes to its NUL", m->body_len, strlen(m->body));
	FUZZ_CHECK(utf8_ok(m->body), "the body is not UTF-8");
	FUZZ_CHECK(m->body_len <= MAIL_BODY_MAX, "a body of %zu bytes",
	    m->body_len);
	FUZZ_CHECK(m->is_auto == (m->auto_reason != NULL), "is_auto %d "
	    "without its reason", m->is_auto);
	/* What mailproc asks next. */
	if (m->subject != NULL && mail_subject_tag(m->subject, &game) == 0) {
		FUZZ_CHECK(game != NULL && utf8_ok(game), "the tag's game");
		free(game);
	}
	(void)mail_is_own_address(m, "navarch@example.org");
	(void)mail_is_own_address(m, "Navarch <navarch@example.org>");
	/* And the sender's own text, the mail a reply answers left out,
	 * as the daemon reads it. */
	mp_reply_read(m->body, m->body_len, &r);
	FUZZ_CHECK(r.text != NULL && strlen(r.text) == r.len &&
	    r.len <= m->body_len, "the reply's text is %zu bytes of %zu",
	    r.len, m->body_len);
	FUZZ_CHECK(utf8_ok(r.text), "the reply's text is not UTF-8");
	FUZZ_CHECK((r.cut_line == 0) == (r.cut == NULL) &&
	    (r.cut == NULL || utf8_ok(r.cut)), "cut at line %u: %s",
	    r.cut_line, r.cut != NULL ? "a bad separator" : "no separator");
	mp_reply_free(&r);
	/* And what each line is, as a reply's separator. */
	for (p = m->body, end = m->body + m->body_len; p < end; p = nl + 1) {
		kind = mail_reply_line(p, end, &lines);
		FUZZ_CHECK(kind == MAIL_REPLY_TEXT || kind == MAIL_REPLY_BLANK ||
		    kind == MAIL_REPLY_CUT, "a line of kind %d", (int)kind);
		FUZZ_CHECK(lines >= 1 && lines <= 3 && (lines == 1 || kind ==
		    MAIL_REPLY_BLANK), "a line said to take %zu lines", lines);
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_msg	*m = NULL;
	char		*cause = NULL;

	if (mail_parse((const char *)data, size, &m, &cause) == 0) {
		FUZZ_CHECK(m != NULL, "mail_parse gave 0 and no message");
		check(m);
		mail_msg_free(m);
	} else {
		FUZZ_CHECK(cause != NULL, "mail_parse "
		    "failed without a cause");
		free(cause);
	}
	return 0;
}
