/* report-text.c: the rules of plain-text mail (docs/reports.md, "Plain
 * text").
 *
 * A report is read in a mail client's fixed font and quoted in replies:
 * every line at most 76 characters (one level of "> " still fits 78), no
 * tabs (every client expands them differently), no control characters,
 * UTF-8 only, and no line "--" or "-- ", which clients and the order
 * parser take for the start of a signature and cut what follows. */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "report-int.h"
#include "strutil.h"
#include "xalloc.h"

size_t
utf8_chars(const char *s, size_t n)
{
	size_t	i = 0, chars = 0, k;

	while (i < n) {
		k = str_utf8_seq(s + i, n - i, NULL);
		i += k == 0 ? 1 : k;
		chars++;
	}
	return chars;
}

int
report_text_check(const char *text, size_t len, char **cause)
{
	return report_text_check_width(text, len, REPORT_WIDTH, cause);
}

int
report_text_check_width(const char *text, size_t len, int width,
    char **cause)
{
	const unsigned char	*s = (const unsigned char *)text;
	size_t			 i = 0, start = 0, chars = 0, k;
	unsigned		 line = 1;

	if (len == 0 || text[len - 1] != '\n') {
		*cause = xstrdup("the text does not end with a newline");
		return -1;
	}
	while (i < len) {
		if (s[i] == '\n') {
			if (width > 0 && chars > (size_t)width) {
				*cause = xasprintf("line %u has %zu "
				    "characters (at most %d)", line, chars,
				    width);
				return -1;
			}
			if ((i - start == 2 || (i - start == 3 &&
			    s[start + 2] == ' ')) &&
			    memcmp(s + start, "--", 2) == 0) {
				*cause = xasprintf("line %u is a signature "
				    "separator (\"-- \"): a reply would lose "
				    "what follows it", line);
				return -1;
			}
			i++, line++, start = i, chars = 0;
			continue;
		}
		if (s[i] == '\t') {
			*cause = xasprintf("line %u has a tab (use spaces)",
			    line);
			return -1;
		}
		if (s[i] < 0x20 || s[i] == 0x7f) {
			*cause = xasprintf("line %u has the control character "
			    "0x%02x", line, s[i]);
			return -1;
		}
		/* ASCII, nearly all of a mail, needs no decoding. */
		k = s[i] < 0x80 ? 1 : str_utf8_seq((const char *)s + i,
		    len - i, NULL);
		if (k == 0) {
			*cause = xasprintf("line %u is not valid UTF-8 (byte "
			    "0x%02x)", line, s[i]);
			return -1;
		}
		i += k;
		chars++;
	}
	return 0;
}

/* Bytes of the first `chars` characters of s[0..n). */
static size_t
utf8_prefix(const char *s, size_t n, size_t chars)
{
	size_t	i = 0, k;

	while (i < n && chars-- > 0) {
		k = str_utf8_seq(s + i, n - i, NULL);
		i += k == 0 ? 1 : k;
	}
	return i;
}

void
report_wrap(const char *text, const char *first, const char *rest,
    int width, struct buf *out)
{
	const char	*p = text, *w;
	const char	*prefix = first;
	size_t		 col, wlen, wchars, room, cut;
	int		 empty = 1;

	buf_adds(out, prefix);
	col = utf8_chars(prefix, strlen(prefix));
	for (;;) {
		while (*p == ' ' || *p == '\n' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		for (w = p; *w != '\0' && *w != ' ' && *w != '\n' &&
		    *w != '\t'; w++)
			;
		wlen = (size_t)(w - p);
		wchars = utf8_chars(p, wlen);
		if (!empty && col + 1 + wchars > (size_t)width) {
			buf_addc(out, '\n');
			prefix = rest;
			buf_adds(out, prefix);
			col = utf8_chars(prefix, strlen(prefix));
			empty = 1;
		}
		if (!empty) {
			buf_addc(out, ' ');
			col++;
		}
		/* A word longer than a whole line is cut where it must be.
		 * The characters left are counted down, not counted again
		 * after each cut: a 400 kB word wraps in linear time. */
		while (col + wchars > (size_t)width && wchars > 1) {
			room = (size_t)width > col ? (size_t)width - col : 1;
			if (room > wchars)
				room = wchars;
			cut = utf8_prefix(p, wlen, room);
			buf_add(out, p, cut);
			buf_addc(out, '\n');
			buf_adds(out, rest);
			col = utf8_chars(rest, strlen(rest));
			p += cut, wlen -= cut;
			wchars -= room;
		}
		buf_add(out, p, wlen);
		col += wchars;
		empty = 0;
		p = w;
	}
}
