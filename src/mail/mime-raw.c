/* mime-raw.c: the few things read from the raw bytes themselves.
 *
 * libetpan keeps no raw header text and recurses without a limit, so the
 * guards against deep nesting, the Date as written and the digest of a
 * message without a Message-ID are computed here, on the bytes as
 * received. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>
#include <nettle/sha2.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "xalloc.h"

struct rawfield {
	const char	*start;		/* first byte of the field */
	size_t		 total;		/* bytes, up to and with the last LF */
	const char	*name;		/* NULL for a line without a colon */
	size_t		 namelen;
	const char	*val;		/* after the colon */
	size_t		 vallen;
};

static size_t
line_end(const char *raw, size_t len, size_t pos)
{
	const char	*nl = memchr(raw + pos, '\n', len - pos);

	return nl != NULL ? (size_t)(nl - raw) + 1 : len;
}

/* Reads the top-level field at *pos.  Returns 1, or 0 at the blank line
 * that ends the header (or the end of the message), *pos left on it. */
static int
raw_next(const char *raw, size_t len, size_t *pos, struct rawfield *f)
{
	size_t		 p = *pos, end, i;
	const char	*colon;

	if (p >= len || raw[p] == '\n' ||
	    (raw[p] == '\r' && p + 1 < len && raw[p + 1] == '\n'))
		return 0;
	end = line_end(raw, len, p);
	while (end < len && (raw[end] == ' ' || raw[end] == '\t'))
		end = line_end(raw, len, end);
	f->start = raw + p;
	f->total = end - p;
	f->name = NULL;
	f->namelen = 0;
	f->val = NULL;
	f->vallen = 0;
	colon = memchr(raw + p, ':', end - p);
	if (colon != NULL && memchr(raw + p, '\n', (size_t)(colon - raw) - p)
	    == NULL) {
		f->name = raw + p;
		i = (size_t)(colon - raw) - p;
		while (i > 0 && (f->name[i - 1] == ' ' || f->name[i - 1] == '\t'))
			i--;
		f->namelen = i;
		f->val = colon + 1;
		f->vallen = (size_t)(raw + end - f->val);
	}
	*pos = end;
	return 1;
}

static int
name_is(const struct rawfield *f, const char *name)
{
	return f->name != NULL && f->namelen == strlen(name) &&
	    strncasecmp(f->name, name, f->namelen) == 0;
}

char *
mime_raw_field(const char *raw, size_t len, const char *name)
{
	struct rawfield	 f;
	struct buf	 b = BUF_INIT;
	size_t		 pos = 0, i;
	char		*s, *r, *t;

	while (raw_next(raw, len, &pos, &f)) {
		if (!name_is(&f, name))
			continue;
		for (i = 0; i < f.vallen; i++) {	/* unfold */
			if (f.val[i] != '\r' && f.val[i] != '\n')
				buf_addc(&b, f.val[i]);
		}
		s = buf_detach(&b);
		t = s;
		while (*t == ' ' || *t == '\t')
			t++;
		i = strlen(t);
		while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
			t[--i] = '\0';
		r = mime_utf8_dup(t);
		free(s);
		return r;
	}
	return NULL;
}

char *
mail_raw_field(const char *raw, size_t len, const char *name)
{
	return mime_raw_field(raw, len, name);
}

/* --- the nesting guard ------------------------------------------------------
 *
 * What libetpan 1.9.4 reads as a header field (mailimf.c, mailmime.c,
 * mailmime_content.c), and so what the guard must see as it does:
 * - a field starts at the start of the message or after an LF (a lone CR
 *   ends no line);
 * - its name is 1*ftext (every byte above 32 but ':'), compared without
 *   regard to case; CFWS (blanks, folding, comments) may stand before the
 *   colon;
 * - its value runs to the first LF that is not followed by SP or TAB;
 * - a Content-Type value is first decoded from RFC 2047 encoded words,
 *   then read as CFWS type CFWS "/" CFWS subtype *(";" parameter), where
 *   "multipart" and "message" match as prefixes of the type and a
 *   multipart without "/subtype" still takes a boundary;
 * - a part nests further only as multipart with a boundary or as
 *   message/rfc822; a part of a multipart/digest without a Content-Type
 *   is message/rfc822 too, so every level but every second one costs a
 *   Content-Type field of its own.
 * So the guard cuts the message into groups (a line and the lines after
 * it that start with SP or TAB), and hands every group that starts with
 * the name Content-Type to libetpan's own field parsers, which say whether
 * the type is composite.  Comments are the one place libetpan recurses
 * within a field: mime_raw_comment_depth is checked first, so that the
 * guard never hands libetpan a field it could not survive. */

/* The end of the group that starts at pos: after its last LF. */
static size_t
group_end(const char *raw, size_t len, size_t pos)
{
	size_t	end = line_end(raw, len, pos);

	while (end < len && (raw[end] == ' ' || raw[end] == '\t'))
		end = line_end(raw, len, end);
	return end;
}

static int
is_ftext(char c)
{
	unsigned char	u = (unsigned char)c;

	return u > 32 && u != ':';
}

/* 1 when g[0..n) starts with the field name Content-Type and *after is
 * the first byte after it that is neither a blank nor a line break. */
static int
is_content_type(const char *g, size_t n, size_t *after)
{
	static const char	 ct[] = "content-type";
	size_t			 p = sizeof ct - 1;

	if (n < p || strncasecmp(g, ct, p) != 0 || (p < n && is_ftext(g[p])))
		return 0;
	while (p < n && strchr(" \t\r\n", g[p]) != NULL)
		p++;
	*after = p;
	return 1;
}

/* 1 when libetpan reads the field g[0..n) as a Content-Type naming a
 * multipart or message type. */
static int
composite_field(const char *g, size_t n)
{
	struct mailimf_fields		*fields = NULL;
	struct mailimf_field		*f;
	struct mailmime_field		*mf = NULL;
	struct mailmime_content		*c;
	size_t				 idx = 0;
	int				 composite = 0;

	if (mailimf_optional_fields_parse(g, n, &idx, &fields) !=
	    MAILIMF_NO_ERROR || fields == NULL)
		return 0;
	if (clist_begin(fields->fld_list) != NULL) {
		f = clist_content(clist_begin(fields->fld_list));
		if (f->fld_type == MAILIMF_FIELD_OPTIONAL_FIELD &&
		    mailmime_field_parse(f->fld_data.fld_optional_field, &mf) ==
		    MAILIMF_NO_ERROR) {
			c = mf->fld_type == MAILMIME_FIELD_TYPE ?
			    mf->fld_data.fld_content : NULL;
			composite = c != NULL && c->ct_type != NULL &&
			    c->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE;
			mailmime_field_free(mf);
		}
	}
	mailimf_fields_free(fields);
	return composite;
}

size_t
mime_raw_nesting(const char *raw, size_t len, size_t max)
{
	size_t	pos, end, after, n = 0;

	for (pos = 0; pos < len && n <= max; pos = end) {
		end = group_end(raw, len, pos);
		if (!is_content_type(raw + pos, end - pos, &after))
			continue;
		/* A comment before the colon is legal and read by libetpan,
		 * but no mail program writes one: it is counted unread, as a
		 * comment could hide a line break from the group. */
		if (after < end - pos && raw[pos + after] == '(')
			n++;
		else if (after < end - pos && raw[pos + after] == ':')
			n += (size_t)composite_field(raw + pos, end - pos);
	}
	return n;
}

size_t
mime_raw_comment_depth(const char *raw, size_t len)
{
	size_t	i, depth = 0, max = 0;

	for (i = 0; i < len; i++) {
		switch (raw[i]) {
		case '\\':
			/* A quoted pair: the next byte is only text.  Before
			 * an LF it continues a comment past the end of the
			 * line (libetpan reads it so), so the depth carries
			 * on to the next line. */
			i++;
			break;
		case '(':
			if (++depth > max)
				max = depth;
			break;
		case ')':
			if (depth > 0)
				depth--;
			break;
		case '\n':
			/* A group ends here unless the next line goes on. */
			if (i + 1 < len && raw[i + 1] != ' ' &&
			    raw[i + 1] != '\t')
				depth = 0;
			break;
		}
	}
	return max;
}

/* Fields added on the way (by relays, filters and the delivering agent)
 * rather than by the author: a second delivery of the same mail differs
 * in them, so they are left out of its digest. */
static int
is_trace(const struct rawfield *f)
{
	static const char *const names[] = {
		"received", "x-received", "return-path", "delivered-to",
		"x-original-to", "envelope-to", "authentication-results",
		"received-spf", "status", "x-status", "x-keywords", "x-uid",
		"lines", "x-mozilla-status", "x-mozilla-status2",
	};
	static const char *const prefixes[] = {
		"x-envelope-", "arc-", "x-spam-", "x-virus-",
	};
	size_t	i, k;

	if (f->name == NULL)
		return 1;	/* e.g. an mbox "From " line */
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (name_is(f, names[i]))
			return 1;
	}
	for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		k = strlen(prefixes[i]);
		if (f->namelen > k && strncasecmp(f->name, prefixes[i], k) == 0)
			return 1;
	}
	return 0;
}

/* Hashes p[0..n) with every CR that ends a line left out. */
static void
hash_lf(struct sha256_ctx *ctx, const char *p, size_t n)
{
	size_t	i, start = 0;

	for (i = 0; i < n; i++) {
		if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n') {
			sha256_update(ctx, i - start, (const uint8_t *)p + start);
			start = i + 1;
		}
	}
	sha256_update(ctx, n - start, (const uint8_t *)p + start);
}

static void
hex_digest(struct sha256_ctx *ctx, char out[65])
{
	static const char	 hex[] = "0123456789abcdef";
	uint8_t			 d[SHA256_DIGEST_SIZE];
	size_t			 i;

	sha256_digest(ctx, sizeof d, d);
	for (i = 0; i < sizeof d; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[2 * sizeof d] = '\0';
}

void
mail_sha256_hex(const char *p, size_t n, char out[65])
{
	struct sha256_ctx	ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, n, (const uint8_t *)p);
	hex_digest(&ctx, out);
}

char *
mime_raw_digest(const char *raw, size_t len)
{
	struct sha256_ctx	 ctx;
	struct rawfield		 f;
	char			 hex[65];
	size_t			 pos = 0;

	sha256_init(&ctx);
	while (raw_next(raw, len, &pos, &f)) {
		if (!is_trace(&f))
			hash_lf(&ctx, f.start, f.total);
	}
	hash_lf(&ctx, raw + pos, len - pos);
	hex_digest(&ctx, hex);
	return xasprintf("sha256:%s", hex);
}
