/* mime-body.c: the text in which orders are looked for.
 *
 * The rule (docs/mail-parsing.md): every text/plain part, in document
 * order, wherever it sits in the MIME tree, attachments included; only
 * when there is none, every text/html part turned into text.  Parts of an
 * attached message (message/rfc822: a forwarded mail, or the returned mail
 * in a bounce) are someone else's words and never count. */
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

/* Decoded bytes of one part we are willing to convert: a little over the
 * body limit, as conversion can shrink text (UTF-16) and HTML shrinks a
 * lot when its markup goes. */
#define PART_PLAIN_MAX	(4 * (size_t)MAIL_BODY_MAX)
#define PART_HTML_MAX	(8 * (size_t)MAIL_BODY_MAX)
/* libetpan's tree is at most this deep given MAIL_NEST_MAX (each
 * multipart/ or message/ field opens at most two levels); the walk stops
 * there whatever happens. */
#define WALK_DEPTH_MAX	(2 * MAIL_NEST_MAX + 4)

enum pass {
	PASS_PLAIN,	/* text/plain parts, and the bounce report */
	PASS_HTML,	/* text/html parts, when there was no text/plain */
};

struct walk {
	struct mail_msg	*m;
	enum pass	 pass;
	struct buf	 text;
	size_t		 parts;		/* parts that gave text */
	int		 too_big;
};

char *
mime_part_type(const struct mailmime *mime)
{
	const struct mailmime_content	*ct = mime->mm_content_type;
	const struct mailmime_type	*t;
	const char			*type = "text";
	char				*r;

	if (ct == NULL || ct->ct_type == NULL)
		return xstrdup("text/plain");
	t = ct->ct_type;
	if (t->tp_type == MAILMIME_TYPE_DISCRETE_TYPE) {
		switch (t->tp_data.tp_discrete_type->dt_type) {
		case MAILMIME_DISCRETE_TYPE_TEXT:	type = "text"; break;
		case MAILMIME_DISCRETE_TYPE_IMAGE:	type = "image"; break;
		case MAILMIME_DISCRETE_TYPE_AUDIO:	type = "audio"; break;
		case MAILMIME_DISCRETE_TYPE_VIDEO:	type = "video"; break;
		case MAILMIME_DISCRETE_TYPE_APPLICATION:
			type = "application";
			break;
		default:
			type = t->tp_data.tp_discrete_type->dt_extension;
			break;
		}
	} else {
		switch (t->tp_data.tp_composite_type->ct_type) {
		case MAILMIME_COMPOSITE_TYPE_MESSAGE:	type = "message"; break;
		case MAILMIME_COMPOSITE_TYPE_MULTIPART:	type = "multipart"; break;
		default:
			type = t->tp_data.tp_composite_type->ct_token;
			break;
		}
	}
	r = xasprintf("%s/%s", type != NULL ? type : "x",
	    ct->ct_subtype != NULL ? ct->ct_subtype : "x");
	return str_lower(r);
}

int
mime_part_decode(const struct mailmime *mime, char **out, size_t *outlen)
{
	const struct mailmime_data	*d = mime->mm_data.mm_single;
	size_t				 idx = 0;
	int				 enc;

	*out = NULL;
	*outlen = 0;
	if (mime->mm_type != MAILMIME_SINGLE || d == NULL ||
	    d->dt_type != MAILMIME_DATA_TEXT || d->dt_data.dt_text.dt_data ==
	    NULL || d->dt_data.dt_text.dt_length == 0)
		return -1;
	/* Unencoded data is copied all the same, so every result is freed
	 * the same way. */
	enc = d->dt_encoded ? d->dt_encoding : MAILMIME_MECHANISM_8BIT;
	if (mailmime_part_parse(d->dt_data.dt_text.dt_data,
	    d->dt_data.dt_text.dt_length, &idx, enc, out, outlen) !=
	    MAILIMF_NO_ERROR) {
		*out = NULL;
		return -1;
	}
	return 0;
}

static const char *
charset_of(const struct mailmime *mime)
{
	if (mime->mm_content_type == NULL)
		return NULL;
	return mailmime_content_param_get(mime->mm_content_type, "charset");
}

/* 1 if the part is text/plain; format=flowed (RFC 3676); *delsp: with
 * DelSp=yes. */
static int
is_flowed(const struct mailmime *mime, int *delsp)
{
	const char	*f = NULL, *d = NULL;

	if (mime->mm_content_type != NULL) {
		f = mailmime_content_param_get(mime->mm_content_type,
		    "format");
		d = mailmime_content_param_get(mime->mm_content_type,
		    "delsp");
	}
	*delsp = d != NULL && strcasecmp(d, "yes") == 0;
	return f != NULL && strcasecmp(f, "flowed") == 0;
}

/* Appends one text part (plain or HTML, per the pass) to w->text. */
static void
text_part(struct walk *w, const struct mailmime *mime)
{
	struct buf	 utf8 = BUF_INIT, lf = BUF_INIT;
	char		*dec;
	size_t		 declen;
	int		 delsp;

	w->parts++;
	if (w->too_big || mime_part_decode(mime, &dec, &declen) != 0)
		return;
	/* Too big: only its head is read, for the routing lines (GAME,
	 * PLAYER, PASSWORD) of the answer saying so. */
	if (declen > (w->pass == PASS_PLAIN ? PART_PLAIN_MAX : PART_HTML_MAX)) {
		w->too_big = 1;
		declen = MAIL_BODY_HEAD;
	}
	mime_text_to_utf8(&utf8, charset_of(mime), dec, declen);
	mailmime_decoded_part_free(dec);
	/* libetpan's decoders end lines with CRLF; HTML too is read with
	 * LF only, so a CR never becomes text inside <pre>. */
	if (w->pass == PASS_PLAIN && is_flowed(mime, &delsp)) {
		mime_text_lf(&lf, buf_str(&utf8), utf8.len);
		mime_flowed(&w->text, buf_str(&lf), lf.len, delsp);
		buf_free(&lf);
	} else if (w->pass == PASS_PLAIN)
		mime_text_lf(&w->text, buf_str(&utf8), utf8.len);
	else {
		mime_text_lf(&lf, buf_str(&utf8), utf8.len);
		mime_html_text(&w->text, buf_str(&lf), lf.len);
		buf_free(&lf);
	}
	buf_free(&utf8);
	if (w->text.len > 0 && w->text.p[w->text.len - 1] != '\n')
		buf_addc(&w->text, '\n');
	if (w->text.len > MAIL_BODY_MAX)
		w->too_big = 1;
}

static void walk(struct walk *, const struct mailmime *, int depth,
    int in_report);

static void
walk_report(struct walk *w, const struct mailmime *mime, int depth)
{
	const char	*rt = NULL;

	if (mime->mm_content_type != NULL)
		rt = mailmime_content_param_get(mime->mm_content_type,
		    "report-type");
	if (rt == NULL || strcasecmp(rt, "delivery-status") == 0) {
		mime_set_auto(w->m, "a delivery status report "
		    "(multipart/report)");
		w->m->is_bounce = 1;
	} else if (strcasecmp(rt, "disposition-notification") == 0)
		mime_set_auto(w->m, "a read receipt (multipart/report)");
	else
		mime_set_auto(w->m, "a report (multipart/report)");
	walk(w, mime, depth, 1);
}

static void
walk(struct walk *w, const struct mailmime *mime, int depth, int in_report)
{
	char		*type, *dec;
	size_t		 declen;
	clistiter	*it;

	if (mime == NULL || depth > WALK_DEPTH_MAX)
		return;
	type = mime_part_type(mime);
	if (mime->mm_type == MAILMIME_MULTIPLE) {
		if (w->pass == PASS_PLAIN && !in_report &&
		    strcmp(type, "multipart/report") == 0) {
			free(type);
			walk_report(w, mime, depth);
			return;
		}
		for (it = clist_begin(mime->mm_data.mm_multipart.mm_mp_list);
		    it != NULL; it = clist_next(it))
			walk(w, clist_content(it), depth + 1, in_report);
	} else if (mime->mm_type == MAILMIME_MESSAGE) {
		/* An attached message: not the sender's words.  In a report
		 * it is the returned mail, whose Message-ID we want. */
		if (w->pass == PASS_PLAIN && in_report)
			mime_dsn_returned(w->m, mime);
	} else if (w->pass == PASS_PLAIN && strcmp(type, "text/plain") == 0)
		text_part(w, mime);
	else if (w->pass == PASS_HTML && strcmp(type, "text/html") == 0)
		text_part(w, mime);
	else if (w->pass == PASS_PLAIN && in_report &&
	    strcmp(type, "message/delivery-status") == 0) {
		if (mime_part_decode(mime, &dec, &declen) == 0) {
			mime_dsn_status(w->m, dec, declen);
			mailmime_decoded_part_free(dec);
		}
	} else if (w->pass == PASS_PLAIN && in_report &&
	    (strcmp(type, "text/rfc822-headers") == 0 ||
	    strcmp(type, "message/rfc822-headers") == 0))
		mime_dsn_returned(w->m, mime);
	free(type);
}

/* Keeps the whole lines of the first MAIL_BODY_HEAD bytes of text (a
 * cut at a line end is a cut between characters). */
static void
head(struct buf *text)
{
	size_t	n = text->len < MAIL_BODY_HEAD ? text->len : MAIL_BODY_HEAD;

	while (n > 0 && text->p[n - 1] != '\n')
		n--;
	text->len = n;
	if (text->p != NULL)
		text->p[n] = '\0';
}

void
mime_body(struct mail_msg *m, struct mailmime *root)
{
	struct walk	w;
	enum pass	passes[] = { PASS_PLAIN, PASS_HTML };
	size_t		i;

	memset(&w, 0, sizeof w);
	w.m = m;
	for (i = 0; i < 2; i++) {
		w.pass = passes[i];
		walk(&w, root, 0, 0);
		if (w.parts > 0)
			break;
	}
	if (w.parts == 0)
		m->body_source = MAIL_BODY_NONE;
	else if (w.pass == PASS_PLAIN)
		m->body_source = MAIL_BODY_PLAIN;
	else
		m->body_source = MAIL_BODY_HTML;
	mime_text_spaces(&w.text);
	if (w.too_big) {
		head(&w.text);
		m->body_error = xasprintf("the text of this mail is larger "
		    "than the limit of %u bytes (1 MiB); send the orders "
		    "alone, as plain text", MAIL_BODY_MAX);
	}
	m->body = buf_detach(&w.text);
	m->body_len = strlen(m->body);
}
