/* mime.c: mail_parse() and the small questions asked of a parsed mail.
 *
 * libetpan parses; this file guards it (size, nesting), and the other
 * mime-*.c files read the tree: mime-headers.c the header fields,
 * mime-body.c the text, mime-dsn.c bounces, mime-html.c HTML, mime-text.c
 * charsets, mime-raw.c what only the raw bytes tell. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "mime.h"
#include "mime-int.h"
#include "strutil.h"
#include "xalloc.h"

/* Zeroed bytes after the copy of the message handed to libetpan. */
#define PAD	16

static int
has_fields(const struct mailmime *mime)
{
	const struct mailimf_fields	*f = mime->mm_data.mm_message.mm_fields;

	return f != NULL && f->fld_list != NULL &&
	    clist_begin(f->fld_list) != NULL;
}

/* An mbox separator "From sender date" before the header, as Postfix's
 * local(8) and other delivery agents write it when they pipe a message to
 * a program: skipped, so that the message is the same whichever way it
 * came (its digest too). */
static void
skip_mbox_line(const char **raw, size_t *len)
{
	const char	*nl;

	if (*len < 5 || memcmp(*raw, "From ", 5) != 0)
		return;
	nl = memchr(*raw, '\n', *len);
	if (nl == NULL)
		nl = *raw + *len - 1;
	*len -= (size_t)(nl + 1 - *raw);
	*raw = nl + 1;
}

int
mail_parse(const char *raw, size_t len, struct mail_msg **out, char **cause)
{
	struct mailmime	*mime = NULL;
	struct mail_msg	*m;
	char		*copy;
	size_t		 idx = 0, nest;
	int		 r;

	*out = NULL;
	*cause = NULL;
	if (raw == NULL || len == 0) {
		*cause = xstrdup("the message is empty");
		return -1;
	}
	if (len > MAIL_RAW_MAX) {
		*cause = xasprintf("the message is %zu bytes long, over the "
		    "limit of %u bytes (16 MiB)", len, MAIL_RAW_MAX);
		return -1;
	}
	skip_mbox_line(&raw, &len);
	if (len == 0) {
		*cause = xstrdup("the message is empty");
		return -1;
	}
	/* libetpan recurses once per level of nested comments and once per
	 * nested part, with no limit of its own (and slows down
	 * quadratically with the depth): a hostile mail could exhaust the
	 * stack.  Real mail nests a few levels.  Comments first: the
	 * nesting count hands header fields to libetpan. */
	nest = mime_raw_comment_depth(raw, len);
	if (nest > MAIL_COMMENT_MAX) {
		*cause = xasprintf("the message has comments \"(...)\" nested "
		    "%zu deep in a header field, over the limit of %d", nest,
		    MAIL_COMMENT_MAX);
		return -1;
	}
	nest = mime_raw_nesting(raw, len, MAIL_NEST_MAX);
	if (nest > MAIL_NEST_MAX) {
		*cause = xasprintf("the message has more than %d nested "
		    "multipart or message parts", MAIL_NEST_MAX);
		return -1;
	}
	/* libetpan 1.9.4's quoted-printable decoder reads a byte or two
	 * past the end of a part that ends in a broken "=X" escape (found by
	 * test_hostile under ASan).  Inside a multipart the boundary follows;
	 * at the end of the message this zeroed padding does.  The tree
	 * points into the copy, which lives until mailmime_free. */
	copy = xmalloc(len + PAD);
	memcpy(copy, raw, len);
	memset(copy + len, 0, PAD);
	r = mailmime_parse(copy, len, &idx, &mime);
	if (r != MAILIMF_NO_ERROR || mime == NULL) {
		free(copy);
		*cause = xasprintf("the message cannot be parsed as MIME "
		    "(libetpan error %d)", r);
		return -1;
	}
	if (mime->mm_type != MAILMIME_MESSAGE || !has_fields(mime)) {
		mailmime_free(mime);
		free(copy);
		*cause = xstrdup("this is not a mail message: it does not "
		    "begin with header fields such as \"From: ...\"");
		return -1;
	}

	m = xcalloc(1, sizeof *m);
	mime_headers(m, mime->mm_data.mm_message.mm_fields);
	m->date = mime_raw_field(raw, len, "Date");
	if (m->message_id == NULL) {
		m->message_id = mime_raw_digest(raw, len);
		m->message_id_synth = 1;
	}
	mime_body(m, mime->mm_data.mm_message.mm_msg_mime);
	mailmime_free(mime);
	free(copy);
	*out = m;
	return 0;
}

void
mail_msg_free(struct mail_msg *m)
{
	size_t	i;

	if (m == NULL)
		return;
	free(m->message_id);
	free(m->from);
	free(m->from_name);
	free(m->sender);
	free(m->reply_to);
	free(m->return_path);
	free(m->subject);
	free(m->in_reply_to);
	for (i = 0; i < m->nreferences; i++)
		free(m->references[i]);
	free(m->references);
	free(m->date);
	free(m->auto_submitted);
	free(m->auto_reason);
	free(m->bounce_recipient);
	free(m->bounce_message_id);
	free(m->bounce_action);
	free(m->bounce_status);
	free(m->body);
	free(m->body_error);
	free(m);
}

static int
is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static const char *
skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

int
mail_subject_tag(const char *subject, char **game)
{
	const char	*p, *q, *start;
	size_t		 n;

	*game = NULL;
	if (subject == NULL)
		return -1;
	/* Anywhere in the subject: mail programs prefix Re:, Fwd:, AW:,
	 * SV:, [list] tags and more, in every language. */
	for (p = strchr(subject, '['); p != NULL; p = strchr(p + 1, '[')) {
		q = skip_blanks(p + 1);
		if (strncasecmp(q, "navarch", 7) != 0 ||
		    (q[7] != ' ' && q[7] != '\t'))
			continue;
		start = q = skip_blanks(q + 7);
		while (is_id_char(*q))
			q++;
		n = (size_t)(q - start);
		if (n == 0 || n > 32 || *skip_blanks(q) != ']')
			continue;
		*game = xstrndup(start, n);
		return 0;
	}
	return -1;
}

int
mail_is_own_address(const struct mail_msg *m, const char *daemon_address)
{
	const char	*mine[3];
	char		*s, *a, *gt;
	size_t		 i;
	int		 own = 0;

	if (m == NULL || daemon_address == NULL)
		return 0;
	s = xstrdup(daemon_address);
	a = strchr(s, '<');
	if (a != NULL) {
		a++;
		if ((gt = strchr(a, '>')) != NULL)
			*gt = '\0';
	} else
		a = s;
	a = str_trim(a);
	mine[0] = m->from;
	mine[1] = m->sender;
	mine[2] = m->return_path;
	for (i = 0; i < 3 && *a != '\0'; i++) {
		if (mine[i] != NULL && strcasecmp(mine[i], a) == 0)
			own = 1;
	}
	free(s);
	return own;
}
