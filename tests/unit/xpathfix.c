/* xpathfix.c: see xpathfix.h. */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/xpath.h>

#include "xalloc.h"
#include "xpathfix.h"

static xmlXPathObjectPtr
eval(xmlXPathContextPtr xp, const char *fmt, va_list ap)
{
	xmlXPathObjectPtr	 r;
	char			*expr = xvasprintf(fmt, ap);

	r = xmlXPathEvalExpression(BAD_CAST expr, xp);
	if (r == NULL)
		fail_msg("bad XPath %s", expr);
	free(expr);
	return r;
}

int
xp_num(xmlXPathContextPtr xp, const char *fmt, ...)
{
	xmlXPathObjectPtr	r;
	va_list			ap;
	double			v;

	va_start(ap, fmt);
	r = eval(xp, fmt, ap);
	va_end(ap);
	v = xmlXPathCastToNumber(r);
	xmlXPathFreeObject(r);
	return (int)v;
}

char *
xp_str(xmlXPathContextPtr xp, const char *fmt, ...)
{
	xmlXPathObjectPtr	 r;
	va_list			 ap;
	xmlChar			*s;
	char			*out;

	va_start(ap, fmt);
	r = eval(xp, fmt, ap);
	va_end(ap);
	s = xmlXPathCastToString(r);
	out = xstrdup((const char *)s);
	xmlFree(s);
	xmlXPathFreeObject(r);
	return out;
}

static int
is_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '+';
}

int
count_word(const char *text, size_t len, const char *word)
{
	size_t	wl = strlen(word), i;
	int	n = 0;

	for (i = 0; i + wl <= len; i++)
		if (memcmp(text + i, word, wl) == 0 &&
		    (i == 0 || !is_word_char(text[i - 1])) &&
		    (i + wl == len || !is_word_char(text[i + wl])))
			n++;
	return n;
}
