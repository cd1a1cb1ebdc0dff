/* xalloc.c: allocation that never returns NULL (see xalloc.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void
oom(size_t n)
{
	fprintf(stderr, "navarch: out of memory allocating %zu bytes\n", n);
	abort();
}

void *
xmalloc(size_t n)
{
	void	*p = malloc(n == 0 ? 1 : n);

	if (p == NULL)
		oom(n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	p = calloc(nmemb, size);
	if (p == NULL)
		oom(nmemb * size);
	return p;
}

void *
xreallocarray(void *old, size_t nmemb, size_t size)
{
	void	*p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		oom(SIZE_MAX);
	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	p = realloc(old, nmemb * size);
	if (p == NULL)
		oom(nmemb * size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t	 len = strnlen(s, n);
	char	*p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/* Formats into a stack buffer first: one pass of vsnprintf for a text that
 * fits (nearly all), a second only for a longer one (issue 16). */
char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list	 ap2;
	char	 small[256], *p;
	int	 n;

	/* A NULL format is a bug in the caller.  Saying so here also keeps
	 * GCC 12 with -fsanitize=undefined from warning "null format
	 * string" (-Wformat-truncation) on the path its nonnull check adds,
	 * which broke the ASan+UBSan build under -Werror. */
	if (fmt == NULL)
		abort();
	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof small, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		oom(0);
	p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}
