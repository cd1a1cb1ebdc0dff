/* mime-text.c: every piece of text that leaves the parser is valid UTF-8.
 *
 * Charset conversion uses iconv directly rather than libetpan's charconv,
 * which replaces what it cannot convert with '?' and mangles UTF-8 text
 * labelled us-ascii: here every unconvertible byte becomes U+FFFD, which a
 * player can see and the order parser will never mistake for an order. */
#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "buf.h"
#include "mime-int.h"
#include "strutil.h"
#include "xalloc.h"

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

/* Appends p[0..n), each byte of an invalid sequence replaced by U+FFFD. */
static void
utf8_repair(struct buf *out, const char *p, size_t n)
{
	size_t	i = 0, start = 0, k;

	while (i < n) {
		k = str_utf8_seq(p + i, n - i, NULL);
		if (k != 0) {
			i += k;
			continue;
		}
		buf_add(out, p + start, i - start);
		buf_add(out, replacement, 3);
		start = ++i;
	}
	buf_add(out, p + start, i - start);
}

/* 1 if cs names US-ASCII: a label that 8-bit text often wears wrongly. */
static int
is_ascii_label(const char *cs)
{
	static const char *const ascii[] = {
		"us-ascii", "ascii", "us", "ansi_x3.4-1968", "iso646-us",
	};
	size_t	i;

	for (i = 0; i < sizeof ascii / sizeof ascii[0]; i++) {
		if (strcasecmp(cs, ascii[i]) == 0)
			return 1;
	}
	return 0;
}

/* 1 if p[0..n) is valid UTF-8. */
static int
utf8_valid(const char *p, size_t n)
{
	size_t	i = 0, k;

	while (i < n) {
		if ((k = str_utf8_seq(p + i, n - i, NULL)) == 0)
			return 0;
		i += k;
	}
	return 1;
}

/* Returns the iconv name for a MIME charset, or NULL to read it as UTF-8. */
static const char *
charset_name(const char *cs)
{
	static const char *const utf8[] = {
		"utf-8", "utf8", "unicode-1-1-utf-8",
	};
	static const char *const latin1[] = {
		"iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
		"cp819", "ibm819",
	};
	size_t	i;

	if (cs == NULL || *cs == '\0' || is_ascii_label(cs))
		return NULL;
	for (i = 0; i < sizeof utf8 / sizeof utf8[0]; i++) {
		if (strcasecmp(cs, utf8[i]) == 0)
			return NULL;
	}
	/* As in every web browser: text labelled Latin-1 is written by
	 * Windows software far more often than not, and C1 controls never
	 * occur in real text, so read it as windows-1252. */
	for (i = 0; i < sizeof latin1 / sizeof latin1[0]; i++) {
		if (strcasecmp(cs, latin1[i]) == 0)
			return "WINDOWS-1252";
	}
	return cs;
}

static void
convert(struct buf *tmp, iconv_t cd, const char *p, size_t n)
{
	char	 chunk[4096], *in = (char *)(uintptr_t)p, *o;
	size_t	 inleft = n, oleft, r;

	while (inleft > 0) {
		o = chunk;
		oleft = sizeof chunk;
		r = iconv(cd, &in, &inleft, &o, &oleft);
		buf_add(tmp, chunk, (size_t)(o - chunk));
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		buf_add(tmp, replacement, 3);
		if (errno != EILSEQ)
			break;		/* EINVAL: truncated at the end */
		in++;
		inleft--;
	}
	o = chunk;
	oleft = sizeof chunk;
	(void)iconv(cd, NULL, NULL, &o, &oleft);	/* stateful charsets */
	buf_add(tmp, chunk, (size_t)(o - chunk));
}

void
mime_text_to_utf8(struct buf *out, const char *charset, const char *p,
    size_t n)
{
	struct buf	 tmp = BUF_INIT;
	const char	*name = charset_name(charset);
	iconv_t		 cd;

	/* Text with no charset, or labelled US-ASCII, is UTF-8 when it is
	 * valid UTF-8 (mail programs label UTF-8 us-ascii often enough).
	 * When it is not, it was written in an 8-bit Windows charset by a
	 * program that did not say so: read as UTF-8, its em dashes and
	 * curly quotes would be U+FFFD; read as windows-1252 they are what
	 * the sender typed.  A part labelled UTF-8 is taken at its word. */
	if (name == NULL && (charset == NULL || *charset == '\0' ||
	    is_ascii_label(charset)) && !utf8_valid(p, n))
		name = "WINDOWS-1252";
	if (name != NULL) {
		cd = iconv_open("UTF-8", name);
		if (cd != (iconv_t)-1) {
			convert(&tmp, cd, p, n);
			iconv_close(cd);
			/* iconv's output should be valid; make sure. */
			utf8_repair(out, tmp.p != NULL ? tmp.p : "", tmp.len);
			buf_free(&tmp);
			return;
		}
		/* An unknown charset: most likely a misspelt UTF-8 or ASCII
		 * label, so read it as UTF-8 and keep what is valid. */
	}
	utf8_repair(out, p, n);
}

void
mime_text_lf(struct buf *out, const char *p, size_t n)
{
	size_t	i, start = 0;

	for (i = 0; i < n; i++) {
		if (p[i] != '\r' && p[i] != '\0')
			continue;
		buf_add(out, p + start, i - start);
		if (p[i] == '\0')
			buf_add(out, replacement, 3);
		else {
			buf_addc(out, '\n');
			if (i + 1 < n && p[i + 1] == '\n')
				i++;
		}
		start = i + 1;
	}
	buf_add(out, p + start, n - start);
}

char *
mime_utf8_dup(const char *s)
{
	struct buf	b = BUF_INIT;

	utf8_repair(&b, s, strlen(s));
	return buf_detach(&b);
}

char *
mime_decode_words(const char *s)
{
	char	*valid, *dec = NULL, *r;
	size_t	 idx = 0;

	/* Raw 8-bit bytes outside encoded words are taken as UTF-8, which
	 * is what every current mail program writes; invalid ones become
	 * U+FFFD here, before libetpan's charconv would turn them into '?'. */
	valid = mime_utf8_dup(s);
	if (mailmime_encoded_phrase_parse("utf-8", valid, strlen(valid), &idx,
	    "utf-8", &dec) != MAILIMF_NO_ERROR || dec == NULL) {
		free(dec);
		return valid;
	}
	free(valid);
	r = mime_utf8_dup(dec);
	free(dec);
	return r;
}

/* The Unicode spaces that mail programs put where a space was typed (a
 * no-break space for a double space or before French punctuation, the
 * narrow and figure spaces of autocorrection), and the invisible
 * characters they slip in (zero-width space, word joiner, soft hyphen, a
 * byte-order mark).  A player cannot see either kind; the order
 * language splits words at ASCII spaces only.  Each in UTF-8, with what
 * it becomes. */
static const struct {
	const char	*utf8;
	const char	*as;
} invisible[] = {
	{ "\xc2\xa0", " " },		/* U+00A0 no-break space */
	{ "\xc2\xad", "" },		/* U+00AD soft hyphen */
	{ "\xe2\x80\x80", " " }, { "\xe2\x80\x81", " " },	/* U+2000 */
	{ "\xe2\x80\x82", " " }, { "\xe2\x80\x83", " " },
	{ "\xe2\x80\x84", " " }, { "\xe2\x80\x85", " " },
	{ "\xe2\x80\x86", " " }, { "\xe2\x80\x87", " " },
	{ "\xe2\x80\x88", " " }, { "\xe2\x80\x89", " " },
	{ "\xe2\x80\x8a", " " },				/* U+200A */
	{ "\xe2\x80\x8b", "" },		/* U+200B zero-width space */
	{ "\xe2\x80\xaf", " " },	/* U+202F narrow no-break space */
	{ "\xe2\x81\x9f", " " },	/* U+205F medium mathematical space */
	{ "\xe2\x81\xa0", "" },		/* U+2060 word joiner */
	{ "\xe3\x80\x80", " " },	/* U+3000 ideographic space */
	{ "\xef\xbb\xbf", "" },		/* U+FEFF byte-order mark */
};

void
mime_text_spaces(struct buf *b)
{
	size_t	i, j, k, n;
	int	found;

	/* In place: what replaces a character is never longer than it. */
	for (i = j = 0; i < b->len; ) {
		found = 0;
		if ((unsigned char)b->p[i] >= 0xc2) {
			for (k = 0; k < sizeof invisible / sizeof invisible[0];
			    k++) {
				n = strlen(invisible[k].utf8);
				if (b->len - i < n ||
				    memcmp(b->p + i, invisible[k].utf8, n) != 0)
					continue;
				memcpy(b->p + j, invisible[k].as,
				    strlen(invisible[k].as));
				j += strlen(invisible[k].as);
				i += n;
				found = 1;
				break;
			}
		}
		if (!found)
			b->p[j++] = b->p[i++];
	}
	b->len = j;
	if (b->p != NULL)
		b->p[j] = '\0';
}
