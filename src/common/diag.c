/* diag.c: collected diagnostics (see diag.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "buf.h"
#include "diag.h"
#include "xalloc.h"

#define DIAG_DEFAULT_MAX 1000

static void
diag_vadd(struct diag *d, enum diag_level level, const char *file,
    unsigned line, const char *fmt, va_list ap)
{
	struct diag_entry	*e;
	size_t			 max = d->max != 0 ? d->max : DIAG_DEFAULT_MAX;

	if (level == DIAG_ERROR)
		d->errors++;
	/* A hostile input could produce millions of errors: keep the count
	 * exact but the list bounded. */
	if (d->n >= max)
		return;
	if (d->n == d->cap) {
		d->cap = d->cap == 0 ? 8 : d->cap * 2;
		d->v = xreallocarray(d->v, d->cap, sizeof *d->v);
	}
	e = &d->v[d->n++];
	e->level = level;
	e->file = file != NULL ? xstrdup(file) : NULL;
	e->line = line;
	e->msg = xvasprintf(fmt, ap);
}

void
diag_add(struct diag *d, enum diag_level level, const char *file,
    unsigned line, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	diag_vadd(d, level, file, line, fmt, ap);
	va_end(ap);
}

void
diag_error(struct diag *d, const char *file, unsigned line,
    const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	diag_vadd(d, DIAG_ERROR, file, line, fmt, ap);
	va_end(ap);
}

/* Errors that were counted but not kept in the list. */
static size_t
diag_dropped_errors(const struct diag *d)
{
	size_t	i, kept = 0;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR)
			kept++;
	return d->errors - kept;
}

void
diag_merge(struct diag *dst, const struct diag *src)
{
	size_t	i;

	for (i = 0; i < src->n; i++)
		diag_add(dst, src->v[i].level, src->v[i].file, src->v[i].line,
		    "%s", src->v[i].msg);
	/* The errors src had to drop still count. */
	dst->errors += diag_dropped_errors(src);
}

void
diag_format(const struct diag *d, struct buf *out)
{
	size_t			 i, dropped;
	const struct diag_entry	*e;

	for (i = 0; i < d->n; i++) {
		e = &d->v[i];
		if (e->file != NULL && e->line != 0)
			buf_printf(out, "%s:%u: ", e->file, e->line);
		else if (e->file != NULL)
			buf_printf(out, "%s: ", e->file);
		if (e->level == DIAG_WARNING)
			buf_adds(out, "warning: ");
		else if (e->level == DIAG_NOTE)
			buf_adds(out, "note: ");
		buf_adds(out, e->msg);
		buf_addc(out, '\n');
	}
	/* Compare with the errors kept, not all entries: warnings in the
	 * list must not hide dropped errors from the count. */
	dropped = diag_dropped_errors(d);
	if (dropped > 0)
		buf_printf(out, "(%zu more error%s not shown)\n", dropped,
		    dropped == 1 ? "" : "s");
}

void
diag_clear(struct diag *d)
{
	size_t	i;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	d->n = 0;
	d->errors = 0;
}

void
diag_free(struct diag *d)
{
	diag_clear(d);
	free(d->v);
	d->v = NULL;
	d->cap = 0;
}
