/* buf.c: a growable byte buffer (see buf.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xalloc.h"

/* The room buf_vprintf makes before it formats: most sentences and
 * attributes fit. */
#define BUF_ROOM	128

static void
buf_grow(struct buf *b, size_t more)
{
	size_t	need = b->len + more + 1;

	if (need <= b->cap)
		return;
	if (b->cap == 0)
		b->cap = 64;
	while (b->cap < need)
		b->cap *= 2;
	b->p = xreallocarray(b->p, b->cap, 1);
}

void
buf_add(struct buf *b, const void *data, size_t len)
{
	buf_grow(b, len);
	if (len > 0)
		memcpy(b->p + b->len, data, len);
	b->len += len;
	b->p[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

/* One pass of vsnprintf when the text fits in the room left (nearly always:
 * the buffer doubles), a second only when it did not.  Formatting twice,
 * once to measure, was a fifth of a turn's instructions (issue 16). */
void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list	ap2;
	int	n;

	/* A NULL format is a bug in the caller.  Saying so here also keeps
	 * GCC 12 with -fsanitize=undefined from warning "null format
	 * string" (-Wformat-truncation) on the path its nonnull check adds,
	 * which broke the ASan+UBSan build under -Werror. */
	if (fmt == NULL)
		abort();
	buf_grow(b, BUF_ROOM);
	va_copy(ap2, ap);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap2);
	va_end(ap2);
	if (n <= 0) {
		b->p[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

char *
buf_detach(struct buf *b)
{
	char	*p = b->p;

	if (p == NULL)
		p = xstrdup("");
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

const char *
buf_str(const struct buf *b)
{
	return b->p != NULL ? b->p : "";
}
