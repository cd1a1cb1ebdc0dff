/* fuzz-common.c: the helpers of fuzz.h. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fileio.h"
#include "fuzz.h"
#include "xalloc.h"

void
fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "%s:%d: property failed: %s: ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

char *
fuzz_source_file(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_SRCDIR");
	char		*path, *text, *cause;

	if (dir == NULL || *dir == '\0')
		dir = FUZZ_SRCDIR;
	path = xasprintf("%s/%s", dir, rel);
	if (file_read(path, 16 * 1024 * 1024, &text, len, &cause) != 0) {
		fprintf(stderr, "fuzz: %s (set NAVARCH_SRCDIR to the source "
		    "tree)\n", cause);
		abort();
	}
	free(path);
	return text;
}
