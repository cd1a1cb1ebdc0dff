/* mime-flowed.c: text/plain; format=flowed (RFC 3676) made into lines.
 *
 * Thunderbird, K-9 Mail, Apple Mail and others send plain text "flowed":
 * a long paragraph is cut into lines of about 72 characters, each cut
 * line ending in a space (a soft line break), so that the reader may
 * join them again.  Read as written, a long FIRE order cut in two is two
 * broken lines; read as flowed it is one line again.
 *
 * The rules, in the RFC's order (section 4): a line's quote depth is its
 * number of leading '>'; after them one space, if there is one, is
 * space-stuffing and goes; the signature separator "-- " is a fixed line;
 * any other line ending in a space is flowed and is joined with the line
 * after it, unless that line has another quote depth.  With DelSp=yes
 * the space that marked the soft break was added by the sender and goes
 * too (section 4.2).  A joined quoted line is written back with its
 * depth's '>' and one space, so that it stays a quoted line. */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "mime-int.h"

struct para {
	struct buf	text;		/* the paragraph joined so far */
	size_t		depth;		/* its quote depth */
	int		open;		/* a flowed line is waiting for more */
};

static void
para_end(struct buf *out, struct para *pa)
{
	size_t	i;

	for (i = 0; i < pa->depth; i++)
		buf_addc(out, '>');
	if (pa->depth > 0 && pa->text.len > 0)
		buf_addc(out, ' ');
	buf_add(out, pa->text.p != NULL ? pa->text.p : "", pa->text.len);
	buf_addc(out, '\n');
	buf_reset(&pa->text);
	pa->open = 0;
}

/* One line of n bytes (no LF). */
static void
flowed_line(struct buf *out, struct para *pa, const char *p, size_t n,
    int delsp)
{
	size_t	depth = 0;
	int	flowed;

	while (depth < n && p[depth] == '>')
		depth++;
	p += depth;
	n -= depth;
	if (n > 0 && *p == ' ') {		/* space-stuffing */
		p++;
		n--;
	}
	/* A flowed line followed by one of another depth ends there. */
	if (pa->open && depth != pa->depth)
		para_end(out, pa);
	pa->depth = depth;
	flowed = n > 0 && p[n - 1] == ' ' && !(n == 3 && memcmp(p, "-- ", 3)
	    == 0);
	if (flowed && delsp)
		n--;
	buf_add(&pa->text, p, n);
	pa->open = flowed;
	if (!flowed)
		para_end(out, pa);
}

void
mime_flowed(struct buf *out, const char *p, size_t n, int delsp)
{
	struct para	 pa;
	const char	*end = p + n, *nl;

	memset(&pa, 0, sizeof pa);
	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		flowed_line(out, &pa, p, (size_t)(nl - p), delsp);
		p = nl + 1;
	}
	/* The last line was flowed: nothing follows to join it with. */
	if (pa.open)
		para_end(out, &pa);
	buf_free(&pa.text);
}
