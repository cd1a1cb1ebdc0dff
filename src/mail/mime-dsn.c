/* mime-dsn.c: what a delivery status notification (RFC 3464) says.
 *
 * A bounce is recorded against the player it failed for, so the report's
 * per-recipient fields (which address, what happened) and the Message-ID
 * of the mail it returns are kept.  The message/delivery-status body is a
 * series of header-like groups separated by blank lines: the first about
 * the message, then one per recipient. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "strutil.h"
#include "xalloc.h"

struct rcpt {
	char	*final;		/* Final-Recipient address */
	char	*orig;		/* Original-Recipient address */
	char	*action;
	char	*status;
};

static void
rcpt_clear(struct rcpt *r)
{
	free(r->final);
	free(r->orig);
	free(r->action);
	free(r->status);
	memset(r, 0, sizeof *r);
}

/* "rfc822; <user@example.org>" -> "user@example.org" (owned). */
static char *
dsn_address(const char *v)
{
	const char	*semi = strchr(v, ';');
	char		*s, *t, *r;
	size_t		 n;

	s = xstrdup(semi != NULL ? semi + 1 : v);
	t = str_trim(s);
	if (*t == '<')
		t++;
	n = strlen(t);
	if (n > 0 && t[n - 1] == '>')
		t[--n] = '\0';
	r = n > 0 ? mime_utf8_dup(t) : NULL;
	free(s);
	return r;
}

static void
set_once(char **dst, const char *v)
{
	char	*s, *t;

	if (*dst != NULL)
		return;
	s = xstrdup(v);
	t = str_trim(s);
	if (*t != '\0')
		*dst = mime_utf8_dup(str_lower(t));
	free(s);
}

static void
dsn_field(struct mail_msg *m, struct rcpt *r, const char *name,
    const char *value)
{
	char	*id;

	if (strcasecmp(name, "Final-Recipient") == 0 && r->final == NULL)
		r->final = dsn_address(value);
	else if (strcasecmp(name, "Original-Recipient") == 0 &&
	    r->orig == NULL)
		r->orig = dsn_address(value);
	else if (strcasecmp(name, "Action") == 0)
		set_once(&r->action, value);
	else if (strcasecmp(name, "Status") == 0)
		set_once(&r->status, value);
	else if (strcasecmp(name, "X-Original-Message-ID") == 0 &&
	    m->bounce_message_id == NULL) {
		id = dsn_address(value);	/* strips <> likewise */
		m->bounce_message_id = id;
	}
}

/* The end of one group: keep its recipient if it is the first, or the
 * first that failed (a report may also list delayed or relayed ones). */
static void
dsn_group(struct mail_msg *m, struct rcpt *r)
{
	const char	*addr = r->orig != NULL ? r->orig : r->final;
	int		 failed = r->action != NULL &&
			    strcmp(r->action, "failed") == 0;
	int		 had_failed = m->bounce_action != NULL &&
			    strcmp(m->bounce_action, "failed") == 0;

	if (addr != NULL && (m->bounce_recipient == NULL ||
	    (failed && !had_failed))) {
		free(m->bounce_recipient);
		free(m->bounce_action);
		free(m->bounce_status);
		m->bounce_recipient = xstrdup(addr);
		m->bounce_action = r->action != NULL ? xstrdup(r->action) :
		    NULL;
		m->bounce_status = r->status != NULL ? xstrdup(r->status) :
		    NULL;
	}
	rcpt_clear(r);
}

/* Hands the field in f (unfolded) to dsn_field. */
static void
dsn_flush(struct mail_msg *m, struct rcpt *r, struct buf *f)
{
	char	*s, *colon;

	if (f->len == 0)
		return;
	s = buf_detach(f);
	colon = strchr(s, ':');
	if (colon != NULL) {
		*colon = '\0';
		dsn_field(m, r, str_trim(s), colon + 1);
	}
	free(s);
}

void
mime_dsn_status(struct mail_msg *m, const char *p, size_t n)
{
	struct rcpt	 r;
	struct buf	 f = BUF_INIT;
	const char	*nl;
	size_t		 pos = 0, end, len;

	memset(&r, 0, sizeof r);
	while (pos < n) {
		nl = memchr(p + pos, '\n', n - pos);
		end = nl != NULL ? (size_t)(nl - p) : n;
		len = end - pos;
		if (len > 0 && p[end - 1] == '\r')
			len--;
		if (len == 0) {			/* blank: end of a group */
			dsn_flush(m, &r, &f);
			dsn_group(m, &r);
		} else if (p[pos] == ' ' || p[pos] == '\t')
			buf_add(&f, p + pos, len);	/* folded */
		else {
			dsn_flush(m, &r, &f);
			buf_add(&f, p + pos, len);
		}
		pos = end + 1;
	}
	dsn_flush(m, &r, &f);
	dsn_group(m, &r);
	buf_free(&f);
}

static void
returned_id(struct mail_msg *m, struct mailimf_fields *fields)
{
	struct mailimf_single_fields	sf;

	if (fields == NULL || m->bounce_message_id != NULL)
		return;
	mailimf_single_fields_init(&sf, fields);
	if (sf.fld_message_id != NULL && sf.fld_message_id->mid_value != NULL)
		m->bounce_message_id =
		    mime_utf8_dup(sf.fld_message_id->mid_value);
}

void
mime_dsn_returned(struct mail_msg *m, const struct mailmime *mime)
{
	char	*dec, *v;
	size_t	 declen;

	if (mime->mm_type == MAILMIME_MESSAGE) {
		returned_id(m, mime->mm_data.mm_message.mm_fields);
		return;
	}
	/* text/rfc822-headers: only the header of the returned mail.  Read
	 * with the raw field reader: libetpan's mailimf_fields_parse leaks
	 * on some malformed headers (found by test_hostile under ASan). */
	if (m->bounce_message_id != NULL ||
	    mime_part_decode(mime, &dec, &declen) != 0)
		return;
	v = mime_raw_field(dec, declen, "Message-ID");
	mailmime_decoded_part_free(dec);
	if (v != NULL) {
		m->bounce_message_id = dsn_address(v);	/* strips <> */
		free(v);
	}
}
