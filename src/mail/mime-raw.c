/* mime-raw.c: the few things read from the raw bytes themselves.
 *
 * libetpan keeps no raw header text and recurses without a limit, so the
 * nesting guard, the Date as written and the digest of a message without
 * a Message-ID are computed here, on the bytes as received. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <nettle/sha2.h>

#include "buf.h"
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

size_t
mime_raw_nesting(const char *raw, size_t len)
{
	static const char	 ct[] = "content-type";
	size_t			 pos = 0, p, n = 0;

	while (pos < len) {
		p = pos;
		pos = line_end(raw, len, pos);
		if (pos - p < sizeof ct ||
		    strncasecmp(raw + p, ct, sizeof ct - 1) != 0)
			continue;
		p += sizeof ct - 1;
		while (p < len && (raw[p] == ' ' || raw[p] == '\t'))
			p++;
		if (p >= len || raw[p] != ':')
			continue;
		p++;
		while (p < len && strchr(" \t\r\n", raw[p]) != NULL)
			p++;
		if ((len - p >= 10 && strncasecmp(raw + p, "multipart/", 10)
		    == 0) || (len - p >= 8 && strncasecmp(raw + p, "message/",
		    8) == 0))
			n++;
	}
	return n;
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

char *
mime_raw_digest(const char *raw, size_t len)
{
	static const char	 hex[] = "0123456789abcdef";
	struct sha256_ctx	 ctx;
	struct rawfield		 f;
	uint8_t			 d[SHA256_DIGEST_SIZE];
	char			 out[8 + 2 * SHA256_DIGEST_SIZE];
	size_t			 pos = 0, i;

	sha256_init(&ctx);
	while (raw_next(raw, len, &pos, &f)) {
		if (!is_trace(&f))
			hash_lf(&ctx, f.start, f.total);
	}
	hash_lf(&ctx, raw + pos, len - pos);
	sha256_digest(&ctx, sizeof d, d);
	memcpy(out, "sha256:", 7);
	for (i = 0; i < sizeof d; i++) {
		out[7 + 2 * i] = hex[d[i] >> 4];
		out[8 + 2 * i] = hex[d[i] & 15];
	}
	out[7 + 2 * sizeof d] = '\0';
	return xstrdup(out);
}
