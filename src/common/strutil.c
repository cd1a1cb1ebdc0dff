/* strutil.c: small string helpers (see strutil.h). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "xalloc.h"

int
str_to_long(const char *s, long min, long max, long *out)
{
	char	*end;
	long	 v;

	/* strtol skips any leading white space (newlines too): only a sign
	 * or a digit may start the number. */
	if (s == NULL || !(*s == '+' || *s == '-' || (*s >= '0' && *s <= '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
str_to_int(const char *s, int min, int max, int *out)
{
	long	v;

	if (str_to_long(s, min, max, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

size_t
str_split_words(char *s, char **argv, size_t max)
{
	size_t	n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (*s == '\0')
			break;
		if (n < max)
			argv[n] = s;
		n++;
		while (*s != '\0' && *s != ' ' && *s != '\t')
			s++;
	}
	return n;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

char *
str_trim(char *s)
{
	size_t	len;

	while (is_space(*s))
		s++;
	len = strlen(s);
	while (len > 0 && is_space(s[len - 1]))
		s[--len] = '\0';
	return s;
}

char *
str_lower(char *s)
{
	char	*p;

	for (p = s; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return s;
}

int
str_is_id(const char *s)
{
	size_t	n;

	for (n = 0; s[n] != '\0'; n++) {
		if (n >= 32)
			return 0;
		if (!((s[n] >= 'a' && s[n] <= 'z') ||
		    (s[n] >= '0' && s[n] <= '9') || s[n] == '_' || s[n] == '-'))
			return 0;
	}
	return n > 0;
}

size_t
str_utf8_prefix(const char *s, size_t len, size_t chars)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if (((unsigned char)s[i] & 0xc0) == 0x80)
			continue;
		if (chars == 0)
			break;
		chars--;
	}
	return i;
}

char *
str_utf8_cut(const char *s, size_t chars)
{
	size_t	len = strlen(s), n;

	if (chars < 4 || str_utf8_prefix(s, len, chars) == len)
		return xstrndup(s, str_utf8_prefix(s, len, chars));
	n = str_utf8_prefix(s, len, chars - 3);
	return xasprintf("%.*s...", (int)n, s);
}

size_t
str_utf8_seq(const char *p, size_t n, unsigned long *cp)
{
	const unsigned char	*u = (const unsigned char *)p;
	unsigned long		 c;
	size_t			 k, i;

	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		k = 1;
		c = u[0];
	} else if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		k = 2;
		c = u[0] & 0x1f;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		k = 3;
		c = u[0] & 0x0f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		k = 4;
		c = u[0] & 0x07;
	} else
		return 0;
	if (n < k)
		return 0;
	for (i = 1; i < k; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (u[i] & 0x3f);
	}
	/* Overlong forms, surrogates and what lies beyond U+10FFFF are no
	 * characters. */
	if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 ||
	    c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	if (cp != NULL)
		*cp = c;
	return k;
}

char *
str_utf8_char_name(const char *s, size_t *n)
{
	unsigned long	c = 0;
	size_t		k;

	/* At most 4 bytes are read, and none after a NUL. */
	k = str_utf8_seq(s, strnlen(s, 4), &c);
	if (n != NULL)
		*n = k > 0 ? k : 1;
	if (k == 1 && c >= 0x20 && c < 0x7f)
		return xasprintf("'%c'", s[0]);
	if (k == 1)
		return xasprintf("U+%04lX", c);
	if (k == 0)
		return xasprintf("byte 0x%02X", (unsigned)(unsigned char)s[0]);
	return xasprintf("'%.*s' (U+%04lX)", (int)k, s, c);
}
