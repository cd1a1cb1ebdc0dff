/* mailproc-errors.c: the errors found in one mail, and how its answer
 * lists them (mailproc-int.h).
 *
 * Bounded work per mail: a hostile or broken mail may hold any number of
 * errors (100,000 bad lines took 249 s and made a 33 MB answer when every
 * one was kept and worded).  Every error is counted; only the first
 * MP_ERRORS_MAX are kept, each cut to MP_ERROR_CHARS characters, and the
 * answer says how many more there were. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "strutil.h"
#include "xalloc.h"

void
mp_errors_add(struct mp_errors *e, unsigned line, const char *msg)
{
	char	*cut, *p;

	e->n++;
	if (e->listed >= MP_ERRORS_MAX)
		return;
	cut = str_utf8_cut(msg, MP_ERROR_CHARS);
	/* One error is one line of the list. */
	for (p = cut; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (line > 0)
		buf_printf(&e->text, "line %u: ", line);
	buf_adds(&e->text, cut);
	buf_addc(&e->text, '\n');
	e->listed++;
	free(cut);
}

void
mp_errors_more(struct mp_errors *e, size_t n)
{
	e->n += n;
}

void
mp_errors_merge(struct mp_errors *dst, const struct mp_errors *src)
{
	const char	*p = buf_str(&src->text), *nl;

	for (; *p != '\0' && dst->listed < MP_ERRORS_MAX; p = nl + 1) {
		nl = p + strcspn(p, "\n");
		buf_add(&dst->text, p, (size_t)(nl - p) + 1);
		dst->listed++;
		if (*nl == '\0')
			break;
	}
	dst->n += src->n;
}

void
mp_errors_free(struct mp_errors *e)
{
	buf_free(&e->text);
	memset(e, 0, sizeof *e);
}

void
mp_error_list(xmlNodePtr parent, const struct mp_errors *errs)
{
	const char	*p, *nl, *t;
	char		*line;
	unsigned	 n;
	xmlNodePtr	 e;

	for (p = buf_str(&errs->text); *p != '\0';
	    p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		t = line;
		n = 0;
		if (strncmp(line, "line ", 5) == 0) {
			for (t = line + 5; *t >= '0' && *t <= '9' && n < 100000;
			    t++)
				n = n * 10 + (unsigned)(*t - '0');
			if (strncmp(t, ": ", 2) == 0 && n > 0)
				t += 2;
			else {
				t = line;
				n = 0;
			}
		}
		e = md_add(parent, "error", t);
		if (n > 0)
			md_set_int(e, "line", (long)n);
		free(line);
	}
	if (errs->n > errs->listed)
		md_set_int(parent, "more-errors", (long)(errs->n -
		    errs->listed));
}
