/* strutil.h: small string helpers that replace atoi, strtok and friends. */
#ifndef NV_STRUTIL_H
#define NV_STRUTIL_H

#include <stddef.h>

/* Parses a whole decimal integer in [min, max]; leading '+' or '-' allowed,
 * no spaces.  Returns 0 and sets *out, or -1 (out untouched). */
int	str_to_long(const char *, long min, long max, long *out);
int	str_to_int(const char *, int min, int max, int *out);

/* Splits s in place at runs of spaces and tabs.  Stores at most max
 * pointers into s in argv and returns how many words there were (which may
 * exceed max: the extra words are not stored). */
size_t	str_split_words(char *s, char **argv, size_t max);

/* Trims spaces, tabs, CR and LF at both ends, in place; returns s moved
 * past the leading ones. */
char	*str_trim(char *s);

/* ASCII lower-casing in place; returns s. */
char	*str_lower(char *s);

/* 1 if s is a valid ship or side id: 1-32 of [a-z0-9_-]. */
int	str_is_id(const char *s);

/* Bytes of the first `chars` characters of s[0..len) (UTF-8: a byte
 * 10xxxxxx continues a character; other bytes each start one), never
 * cutting a character in two: for bounding text quoted from a mail. */
size_t	str_utf8_prefix(const char *s, size_t len, size_t chars);
/* A copy of s (owned by the caller) of at most `chars` characters: when
 * s is longer, its first chars - 3 characters and "...". */
char	*str_utf8_cut(const char *s, size_t chars);
/* The length (1 to 4) of the valid UTF-8 character at p[0..n), with its
 * code point in *cp when cp is not NULL; 0 when p starts none (n is 0,
 * the character is cut short, or it is an overlong form, a surrogate or
 * beyond U+10FFFF). */
size_t	str_utf8_seq(const char *p, size_t n, unsigned long *cp);
/* The character that starts s (a non-empty string, UTF-8), named for an
 * error message (owned by the caller): 'x' for printable ASCII; for any
 * other character, itself in quotes and its code, "'<em dash>' (U+2014)",
 * so that one a player cannot tell from another (a dash, a no-break
 * space) is named exactly; "U+0009" for a control character; "byte
 * 0x97" for a byte that starts no valid UTF-8 character.  *n (when not
 * NULL): the bytes of that character, at least 1. */
char	*str_utf8_char_name(const char *s, size_t *n);

#endif
