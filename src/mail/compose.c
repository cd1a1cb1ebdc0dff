/* compose.c: one outgoing mail as bytes (compose.h, docs/sending.md).
 *
 * Every header value a caller passes is checked before anything is
 * written: a control character (CR and LF above all) would let text from a
 * player, such as a Subject, add headers of its own. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "buf.h"
#include "compose.h"
#include "compose-int.h"
#include "xalloc.h"

#define ID_PART_MAX	32
#define UNIQUE_MAX	128
#define MSGID_MAX	250
#define FILENAME_MAX_	64
#define TYPE_PART_MAX	63

static const char *const auto_names[] = {
#define X(e, s) s,
	COMPOSE_AUTOS(X)
#undef X
};

const char *
compose_auto_name(enum compose_auto a)
{
	if ((unsigned)a >= COMPOSE_AUTO_COUNT)
		return NULL;
	return auto_names[a];
}

static int fail(char **, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(char **cause, const char *fmt, ...)
{
	va_list	ap;

	if (cause != NULL) {
		va_start(ap, fmt);
		*cause = xvasprintf(fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* 0 when value is one line of printable text (tab allowed; bytes above
 * 0x7f only when utf8 is set and they are well-formed UTF-8). */
static int
check_value(const char *name, const char *value, int utf8, char **cause)
{
	const unsigned char	*p;
	size_t			 bad;

	if (value == NULL)
		return fail(cause, "the %s header has no value", name);
	for (p = (const unsigned char *)value; *p != '\0'; p++) {
		if (*p == '\r' || *p == '\n')
			return fail(cause, "the %s header holds a line break "
			    "(CR or LF): a header value must be one line",
			    name);
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			return fail(cause, "the %s header holds a control "
			    "character: only printable text is allowed",
			    name);
		if (*p >= 0x80 && !utf8)
			return fail(cause, "the %s header holds a non-ASCII "
			    "byte: only ASCII is allowed there", name);
	}
	if (utf8 && !cenc_utf8_valid(value, strlen(value), &bad))
		return fail(cause, "the %s header is not valid UTF-8", name);
	return 0;
}

/* An addr-spec: local@domain, no spaces or brackets. */
static int
addr_spec_ok(const char *s, size_t len)
{
	const char	*at;
	size_t		 i;

	if (len == 0 || (at = memchr(s, '@', len)) == NULL || at == s ||
	    at == s + len - 1 || memchr(at + 1, '@', len - (at + 1 - s)))
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '<' || s[i] == '>' ||
		    s[i] == ',' || s[i] == '"')
			return 0;
	return 1;
}

/* "addr" or "Name <addr>" (one mailbox). */
static int
check_mailbox(const char *name, const char *value, char **cause)
{
	const char	*lt, *end;

	if (check_value(name, value, 0, cause) != 0)
		return -1;
	end = value + strlen(value);
	if ((lt = strchr(value, '<')) == NULL) {
		if (addr_spec_ok(value, (size_t)(end - value)))
			return 0;
	} else if (end[-1] == '>' && strchr(lt + 1, '<') == NULL &&
	    addr_spec_ok(lt + 1, (size_t)(end - 1 - (lt + 1))) &&
	    memchr(value, '>', (size_t)(lt - value)) == NULL)
		return 0;
	return fail(cause, "the %s header is not one address such as "
	    "\"player@example.org\" or \"Name <player@example.org>\"", name);
}

/* "<left@right>": ASCII without spaces or other brackets. */
static int
check_msgid(const char *name, const char *value, char **cause)
{
	size_t	len;

	if (check_value(name, value, 0, cause) != 0)
		return -1;
	len = strlen(value);
	if (len < 5 || len > MSGID_MAX || value[0] != '<' ||
	    value[len - 1] != '>' || !addr_spec_ok(value + 1, len - 2))
		return fail(cause, "the %s header is not one message id such "
		    "as \"<navarch.g1.t1.report.athens@example.org>\"", name);
	return 0;
}

int
compose_msgid_ok(const char *id)
{
	char	*v;
	int	 ok;

	if (id == NULL || strlen(id) > MSGID_MAX - 2)
		return 0;
	v = xasprintf("<%s>", id);
	ok = check_msgid("Message-ID", v, NULL) == 0;
	free(v);
	return ok;
}

static int
check_attachment(const struct compose_attachment *a, char **cause)
{
	const char	*slash;
	size_t		 i, len;

	len = a->filename == NULL ? 0 : strlen(a->filename);
	if (len == 0 || len > FILENAME_MAX_ ||
	    strspn(a->filename, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789._-") != len || a->filename[0] == '.')
		return fail(cause, "attachment name \"%s\" is not 1-64 of "
		    "A-Z a-z 0-9 . _ - (not starting with a dot)",
		    a->filename == NULL ? "" : a->filename);
	if (a->type == NULL || (slash = strchr(a->type, '/')) == NULL ||
	    slash == a->type || slash[1] == '\0' ||
	    (size_t)(slash - a->type) > TYPE_PART_MAX ||
	    strlen(slash + 1) > TYPE_PART_MAX)
		goto bad_type;
	for (i = 0; a->type[i] != '\0'; i++)
		if (&a->type[i] != slash &&
		    strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		    "0123456789!#$&^_.+-", a->type[i]) == NULL)
			goto bad_type;
	if (a->data == NULL && a->len != 0)
		return fail(cause, "attachment %s has no data", a->filename);
	return 0;
bad_type:
	return fail(cause, "attachment type \"%s\" is not a MIME type such as "
	    "image/svg+xml", a->type == NULL ? "" : a->type);
}

static int
check_msg(const struct compose_msg *m, char **cause)
{
	size_t	i, bad;

	if (check_mailbox("From", m->from, cause) != 0 ||
	    check_mailbox("To", m->to, cause) != 0 ||
	    check_value("Subject", m->subject, 1, cause) != 0 ||
	    check_msgid("Message-ID", m->message_id, cause) != 0)
		return -1;
	if (m->in_reply_to != NULL &&
	    check_msgid("In-Reply-To", m->in_reply_to, cause) != 0)
		return -1;
	for (i = 0; i < m->nreferences; i++)
		if (check_msgid("References", m->references[i], cause) != 0)
			return -1;
	if ((unsigned)m->auto_submitted >= COMPOSE_AUTO_COUNT)
		return fail(cause, "%s", "unknown Auto-Submitted keyword");
	if (m->date < 0 || m->date > INT64_C(253402300799))
		return fail(cause, "%s", "the date is outside years 1970-9999");
	if (m->body == NULL)
		return fail(cause, "%s", "the message has no body");
	if (!cenc_utf8_valid(m->body, strlen(m->body), &bad)) {
		if (cause != NULL)
			*cause = xasprintf("the body is not valid UTF-8 "
			    "(byte %zu)", bad + 1);
		return -1;
	}
	for (i = 0; i < m->nattachments; i++)
		if (check_attachment(&m->attachments[i], cause) != 0)
			return -1;
	return 0;
}

static void
add_date(struct buf *b, int64_t t)
{
	static const char *const days[] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
	};
	static const char *const months[] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
	};
	time_t		tt = (time_t)t;
	struct tm	tm;

	/* Names from tables, not strftime: no locale may change them. */
	gmtime_r(&tt, &tm);
	buf_printf(b, "Date: %s, %02d %s %04d %02d:%02d:%02d +0000\r\n",
	    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
	    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* "Name:" head, then value on the same line, or folded onto the next when
 * the line would pass 78 characters (a Message-ID cannot be folded
 * inside, but the space before it can). */
static void
add_field(struct buf *b, const char *name, const char *head,
    const char *value)
{
	size_t	len = strlen(name) + strlen(head) + 1 + strlen(value);

	buf_printf(b, "%s%s%s%s\r\n", name, head,
	    len > COMPOSE_LINE_MAX ? "\r\n " : " ", value);
}

static void
add_references(struct buf *b, const char *const *refs, size_t n)
{
	size_t	i, col, len;

	buf_adds(b, "References:");
	col = strlen("References:");
	for (i = 0; i < n; i++) {
		len = strlen(refs[i]);
		if (col + 1 + len > COMPOSE_LINE_MAX) {
			buf_adds(b, "\r\n");
			col = 0;
		}
		buf_addc(b, ' ');
		buf_adds(b, refs[i]);
		col += 1 + len;
	}
	buf_adds(b, "\r\n");
}

/* 1 when the body can go as 7bit: printable ASCII and tabs, short lines,
 * and (in a multipart) no line that could be taken for the boundary. */
static int
body_is_7bit(const char *body, int multipart)
{
	const char	*p = body, *nl;
	size_t		 len, i;

	for (;; p = nl + 1) {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len > COMPOSE_LINE_MAX)
			return 0;
		for (i = 0; i < len; i++)
			if ((p[i] < 0x20 && p[i] != '\t') ||
			    (unsigned char)p[i] >= 0x7f)
				return 0;
		if (multipart && len >= 2 + strlen(COMPOSE_BOUNDARY) &&
		    strncmp(p, "--" COMPOSE_BOUNDARY,
		    2 + strlen(COMPOSE_BOUNDARY)) == 0)
			return 0;
		if (nl == NULL)
			return 1;
	}
}

/* The text part's headers, a blank line and the text, CRLF line ends. */
static void
add_text(struct buf *b, const char *body, int multipart)
{
	const char	*p = body, *nl;
	size_t		 len;
	int		 plain;

	plain = body_is_7bit(body, multipart);
	buf_printf(b, "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: %s\r\n\r\n",
	    plain ? "7bit" : "quoted-printable");
	while (*p != '\0') {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (plain) {
			buf_add(b, p, len);
			buf_adds(b, "\r\n");
		} else
			cenc_qp_line(b, p, len);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
}

static void
add_attachment(struct buf *b, const struct compose_attachment *a)
{
	size_t	 len;
	char	*value;

	buf_adds(b, "--" COMPOSE_BOUNDARY "\r\n");
	len = strlen("Content-Type: ; name=\"\"") + strlen(a->type) +
	    strlen(a->filename);
	buf_printf(b, "Content-Type: %s;%sname=\"%s\"\r\n", a->type,
	    len > COMPOSE_LINE_MAX ? "\r\n " : " ", a->filename);
	value = xasprintf("filename=\"%s\"", a->filename);
	add_field(b, "Content-Disposition:", " attachment;", value);
	free(value);
	buf_adds(b, "Content-Transfer-Encoding: base64\r\n\r\n");
	cenc_base64_lines(b, a->data, a->len);
}

int
compose_build(const struct compose_msg *m, char **out, size_t *len,
    char **cause)
{
	struct buf	b = BUF_INIT;
	size_t		i;
	int		multipart = m->nattachments > 0;

	if (check_msg(m, cause) != 0)
		return -1;
	buf_printf(&b, "From: %s\r\nTo: %s\r\n", m->from, m->to);
	cenc_subject(&b, m->subject);
	add_date(&b, m->date);
	add_field(&b, "Message-ID:", "", m->message_id);
	if (m->in_reply_to != NULL)
		add_field(&b, "In-Reply-To:", "", m->in_reply_to);
	if (m->nreferences > 0)
		add_references(&b, m->references, m->nreferences);
	buf_printf(&b, "Auto-Submitted: %s\r\nMIME-Version: 1.0\r\n",
	    compose_auto_name(m->auto_submitted));
	if (!multipart)
		add_text(&b, m->body, 0);
	else {
		buf_adds(&b, "Content-Type: multipart/mixed;\r\n"
		    " boundary=\"" COMPOSE_BOUNDARY "\"\r\n\r\n"
		    "--" COMPOSE_BOUNDARY "\r\n");
		add_text(&b, m->body, 1);
		for (i = 0; i < m->nattachments; i++)
			add_attachment(&b, &m->attachments[i]);
		buf_adds(&b, "--" COMPOSE_BOUNDARY "--\r\n");
	}
	if (len != NULL)
		*len = b.len;
	*out = buf_detach(&b);
	return 0;
}

/* 1 when s is 1-max of [A-Za-z0-9_-], with inner dots if dots is set. */
static int
id_part_ok(const char *s, size_t max, int dots)
{
	size_t	i, len = s == NULL ? 0 : strlen(s);

	if (len == 0 || len > max)
		return 0;
	for (i = 0; i < len; i++) {
		if (s[i] == '.' && dots && i > 0 && i < len - 1 &&
		    s[i - 1] != '.')
			continue;
		if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		    "0123456789_-", s[i]) == NULL)
			return 0;
	}
	return 1;
}

int
compose_message_id(const char *game, int turn, const char *kind,
    const char *unique, const char *host, char **out, char **cause)
{
	struct buf	b = BUF_INIT;

	if (game != NULL && !id_part_ok(game, ID_PART_MAX, 0))
		return fail(cause, "game \"%s\" cannot be part of a Message-ID:"
		    " 1-32 of A-Z a-z 0-9 _ -", game);
	if (!id_part_ok(kind, ID_PART_MAX, 0))
		return fail(cause, "kind \"%s\" cannot be part of a Message-ID:"
		    " 1-32 of A-Z a-z 0-9 _ -", kind == NULL ? "" : kind);
	if (!id_part_ok(unique, UNIQUE_MAX, 1))
		return fail(cause, "\"%s\" cannot be part of a Message-ID: "
		    "1-128 of A-Z a-z 0-9 _ - and inner dots",
		    unique == NULL ? "" : unique);
	if (!id_part_ok(host, UNIQUE_MAX, 1))
		return fail(cause, "host \"%s\" is not a domain name",
		    host == NULL ? "" : host);
	buf_adds(&b, "<navarch.");
	if (game != NULL)
		buf_printf(&b, "%s.", game);
	if (turn >= 0)
		buf_printf(&b, "t%d.", turn);
	buf_printf(&b, "%s.%s@%s>", kind, unique, host);
	*out = buf_detach(&b);
	return 0;
}

char *
compose_report_subject(const char *game, int turn)
{
	return xasprintf("[navarch %s] Turn %d report", game, turn);
}

char *
compose_reply_subject(const char *subject)
{
	if (subject == NULL || *subject == '\0')
		return xstrdup("Re: your mail");
	if (strncasecmp(subject, "re:", 3) == 0)
		return xstrdup(subject);
	return xasprintf("Re: %s", subject);
}
