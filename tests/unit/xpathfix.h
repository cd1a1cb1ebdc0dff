/* xpathfix.h: what tests that read XML back share: XPath values and
 * whole words in text.  A bad expression fails the test. */
#ifndef NV_XPATHFIX_H
#define NV_XPATHFIX_H

#include <stddef.h>

#include <libxml/xpath.h>

/* The number an XPath expression (printf format) evaluates to. */
int	xp_num(xmlXPathContextPtr, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Its string value; owned by the caller. */
char	*xp_str(xmlXPathContextPtr, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Occurrences of word in text[0, len) as a whole word (letters, digits,
 * '_', '-' and '+' make up words: ship ids and map codes). */
int	count_word(const char *text, size_t len, const char *word);

#endif
