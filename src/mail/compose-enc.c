/* compose-enc.c: the encodings of outgoing mail: UTF-8 checks, base64,
 * quoted-printable (RFC 2045) and RFC 2047 encoded words for the Subject.
 * Written here rather than taken from libetpan because libetpan's
 * writers fold and encode by their own rules, and the bytes sent must be
 * exactly the ones the tests and docs/sending.md describe. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "compose-int.h"
#include "strutil.h"

/* Bytes of text per encoded word: 39 bytes are 52 base64 characters, a
 * 64-character word, so "Subject: " and one word fit in 78. */
#define WORD_BYTES	39

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char hex[] = "0123456789ABCDEF";

size_t
cenc_utf8_seq(const unsigned char *p, size_t left)
{
	/* A NUL is no character of a header or a body. */
	if (left == 0 || p[0] == 0)
		return 0;
	return str_utf8_seq((const char *)p, left, NULL);
}

int
cenc_utf8_valid(const char *s, size_t len, size_t *bad)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, n;

	while (i < len) {
		if ((n = cenc_utf8_seq(p + i, len - i)) == 0) {
			*bad = i;
			return 0;
		}
		i += n;
	}
	return 1;
}

void
cenc_base64(struct buf *b, const void *data, size_t len)
{
	const unsigned char	*p = data;
	char			 out[4];
	uint32_t		 v;
	size_t			 i;

	for (i = 0; i + 2 < len; i += 3) {
		v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		out[0] = b64[v >> 18];
		out[1] = b64[(v >> 12) & 63];
		out[2] = b64[(v >> 6) & 63];
		out[3] = b64[v & 63];
		buf_add(b, out, 4);
	}
	if (i < len) {
		v = (uint32_t)p[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)p[i + 1] << 8;
		out[0] = b64[v >> 18];
		out[1] = b64[(v >> 12) & 63];
		out[2] = i + 1 < len ? b64[(v >> 6) & 63] : '=';
		out[3] = '=';
		buf_add(b, out, 4);
	}
}

void
cenc_base64_lines(struct buf *b, const void *data, size_t len)
{
	const unsigned char	*p = data;
	size_t			 i, n;

	/* 57 bytes make one 76-character line. */
	for (i = 0; i < len; i += n) {
		n = len - i < 57 ? len - i : 57;
		cenc_base64(b, p + i, n);
		buf_adds(b, "\r\n");
	}
}

/* One quoted-printable token for the character of n bytes at p. */
static size_t
qp_token(const unsigned char *p, size_t n, int last, char *tok)
{
	size_t	i, t = 0;

	if (n == 1 && ((p[0] >= 33 && p[0] <= 126 && p[0] != '=') ||
	    ((p[0] == ' ' || p[0] == '\t') && !last))) {
		tok[0] = (char)p[0];
		return 1;
	}
	for (i = 0; i < n; i++) {
		tok[t++] = '=';
		tok[t++] = hex[p[i] >> 4];
		tok[t++] = hex[p[i] & 15];
	}
	return t;
}

void
cenc_qp_line(struct buf *b, const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 tok[12];
	size_t			 i = 0, n, t, col = 0, limit;
	int			 last;

	while (i < len) {
		/* A whole character is one token, so that a soft break
		 * never splits a UTF-8 sequence; stray bytes go alone. */
		if ((n = cenc_utf8_seq(p + i, len - i)) == 0)
			n = 1;
		last = i + n == len;
		t = qp_token(p + i, n, last, tok);
		/* Room for the soft break's "=" unless this ends the line. */
		limit = last ? COMPOSE_ENC_LINE_MAX : COMPOSE_ENC_LINE_MAX - 1;
		if (col + t > limit) {
			buf_adds(b, "=\r\n");
			col = 0;
		}
		buf_add(b, tok, t);
		col += t;
		i += n;
	}
	buf_adds(b, "\r\n");
}

/* Folds an ASCII subject at its spaces into b; -1 when it must be
 * encoded instead (not ASCII, "=?", or a word too long to fold). */
static int
subject_plain(struct buf *b, const char *s)
{
	size_t	len = strlen(s), start = 0, col, p, best, i;
	int	word;

	if (strstr(s, "=?") != NULL)
		return -1;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return -1;
	buf_adds(b, "Subject: ");
	col = strlen("Subject: ");
	while (col + (len - start) > COMPOSE_LINE_MAX) {
		/* The last space that ends a line holding a non-space. */
		best = 0;
		word = 0;
		for (p = start; p < len && col + (p - start) <= COMPOSE_LINE_MAX;
		    p++) {
			if ((s[p] == ' ' || s[p] == '\t') && word)
				best = p;
			if (s[p] != ' ' && s[p] != '\t')
				word = 1;
		}
		if (best == 0)
			return -1;
		buf_add(b, s + start, best - start);
		buf_adds(b, "\r\n");
		start = best;
		col = 0;
	}
	buf_add(b, s + start, len - start);
	buf_adds(b, "\r\n");
	return 0;
}

void
cenc_subject(struct buf *b, const char *s)
{
	struct buf		 plain = BUF_INIT;
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 len = strlen(s), i = 0, n, c;

	if (len == 0) {
		buf_adds(b, "Subject:\r\n");
		return;
	}
	if (subject_plain(&plain, s) == 0) {
		buf_add(b, plain.p, plain.len);
		buf_free(&plain);
		return;
	}
	buf_free(&plain);
	buf_adds(b, "Subject:");
	while (i < len) {
		/* Whole characters only: each encoded word must decode to
		 * complete UTF-8 on its own (RFC 2047 5). */
		for (n = 0; i + n < len; n += c) {
			if ((c = cenc_utf8_seq(p + i + n, len - i - n)) == 0)
				c = 1;
			if (n + c > WORD_BYTES)
				break;
		}
		buf_adds(b, i == 0 ? " =?UTF-8?B?" : "\r\n =?UTF-8?B?");
		cenc_base64(b, p + i, n);
		buf_adds(b, "?=");
		i += n;
	}
	buf_adds(b, "\r\n");
}
