/* test_common.c: buf, diag, strutil, xalloc, fileio and log. */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "buf.h"
#include "diag.h"
#include "fileio.h"
#include "log.h"
#include "strutil.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* --- buf ----------------------------------------------------------------- */

static void
test_buf_growth(void **state)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	assert_string_equal(buf_str(&b), "");
	/* One byte at a time through several doublings. */
	for (i = 0; i < 10000; i++) {
		buf_addc(&b, (char)('a' + i % 26));
		assert_int_equal(b.len, i + 1);
		assert_true(b.cap >= b.len + 1);
		assert_int_equal(b.p[b.len], '\0');
	}
	for (i = 0; i < 10000; i++)
		assert_int_equal(b.p[i], 'a' + i % 26);
	buf_free(&b);
	assert_null(b.p);
	assert_int_equal(b.len, 0);

	/* Bytes with a NUL inside count in len. */
	buf_add(&b, "ab\0cd", 5);
	assert_int_equal(b.len, 5);
	assert_memory_equal(b.p, "ab\0cd", 6);
	buf_adds(&b, "ef");
	assert_int_equal(b.len, 7);
	assert_memory_equal(b.p, "ab\0cdef", 8);
	buf_add(&b, "zz", 0);
	assert_int_equal(b.len, 7);
	buf_free(&b);
}

static void
test_buf_printf(void **state)
{
	static const struct {
		const char	*start;
		const char	*want;
	} t[] = {
		{ NULL, "ship alpha: 3 holes, 1.5 hull" },
		{ "> ", "> ship alpha: 3 holes, 1.5 hull" },
	};
	struct buf	 b = BUF_INIT;
	char		*big;
	size_t		 i;

	for (i = 0; i < NELEM(t); i++) {
		if (t[i].start != NULL)
			buf_adds(&b, t[i].start);
		buf_printf(&b, "ship %s: %d holes, %.1f hull", "alpha", 3, 1.5);
		assert_string_equal(buf_str(&b), t[i].want);
		assert_int_equal(b.len, strlen(t[i].want));
		buf_free(&b);
	}
	/* An empty result leaves an empty buffer. */
	buf_printf(&b, "%s", "");
	assert_string_equal(buf_str(&b), "");
	assert_int_equal(b.len, 0);
	/* Longer than any first allocation, appended twice. */
	buf_printf(&b, "%5000s|", "x");
	buf_printf(&b, "%-3000d|", 7);
	assert_int_equal(b.len, 5001 + 3001);
	assert_int_equal(b.p[4999], 'x');
	assert_int_equal(b.p[5000], '|');
	assert_int_equal(b.p[5001], '7');
	assert_int_equal(b.p[8001], '|');
	assert_int_equal(b.p[8002], '\0');
	big = buf_detach(&b);
	assert_int_equal(strlen(big), 8002);
	free(big);
}

static void
test_buf_detach_reset(void **state)
{
	struct buf	 b = BUF_INIT;
	char		*s, *old;
	size_t		 cap;

	/* Detaching an empty buffer still gives an owned "". */
	s = buf_detach(&b);
	assert_string_equal(s, "");
	free(s);

	buf_adds(&b, "hello");
	s = buf_detach(&b);
	assert_string_equal(s, "hello");
	assert_null(b.p);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	assert_string_equal(buf_str(&b), "");
	/* The buffer is reusable and independent of what was detached. */
	buf_adds(&b, "again");
	assert_string_equal(s, "hello");
	free(s);

	old = b.p;
	cap = b.cap;
	buf_reset(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(buf_str(&b), "");
	assert_ptr_equal(b.p, old);	/* keeps the memory */
	assert_int_equal(b.cap, cap);
	buf_adds(&b, "x");
	assert_string_equal(buf_str(&b), "x");
	buf_free(&b);
	buf_reset(&b);			/* harmless on an empty buffer */
	assert_string_equal(buf_str(&b), "");
}

/* --- diag ---------------------------------------------------------------- */

static char *
format(const struct diag *d)
{
	struct buf	b = BUF_INIT;

	diag_format(d, &b);
	return buf_detach(&b);
}

static void
test_diag_format(void **state)
{
	struct diag	 d = DIAG_INIT;
	char		*s;

	diag_error(&d, "orders.txt", 3, "'FOO' is not an order; expected %s",
	    "MOVE, FIRE or BOARD");
	diag_add(&d, DIAG_WARNING, "orders.txt", 9, "text after END ignored");
	diag_add(&d, DIAG_NOTE, "game.xml", 0, "ship %s has no name", "a1");
	diag_error(&d, NULL, 0, "no orders at all");
	diag_add(&d, DIAG_WARNING, NULL, 4, "a line without a file");
	assert_int_equal(d.n, 5);
	assert_int_equal(d.errors, 2);
	assert_string_equal(d.v[0].file, "orders.txt");
	assert_int_equal(d.v[0].line, 3);
	assert_int_equal(d.v[0].level, DIAG_ERROR);
	assert_null(d.v[3].file);
	s = format(&d);
	assert_string_equal(s,
	    "orders.txt:3: 'FOO' is not an order; expected MOVE, FIRE or BOARD\n"
	    "orders.txt:9: warning: text after END ignored\n"
	    "game.xml: note: ship a1 has no name\n"
	    "no orders at all\n"
	    "warning: a line without a file\n");
	free(s);

	diag_clear(&d);
	assert_int_equal(d.n, 0);
	assert_int_equal(d.errors, 0);
	s = format(&d);
	assert_string_equal(s, "");
	free(s);
	diag_error(&d, "f", 1, "again");
	s = format(&d);
	assert_string_equal(s, "f:1: again\n");
	free(s);
	diag_free(&d);
}

static void
test_diag_bounded(void **state)
{
	static const struct {
		size_t		 max;
		int		 warnings, errors;	/* warnings first */
		size_t		 n;
		const char	*tail;	/* last line of the output */
	} t[] = {
		{ 3, 0, 10, 3, "(7 more errors not shown)\n" },
		{ 3, 0, 4, 3, "(1 more error not shown)\n" },
		{ 3, 0, 3, 3, "f:3: error 3\n" },
		{ 3, 2, 3, 3, "(2 more errors not shown)\n" },
		{ 3, 3, 1, 3, "(1 more error not shown)\n" },
		{ 3, 5, 0, 3, "f:3: warning: warning 3\n" },
		{ 0, 0, 1500, 1000, "(500 more errors not shown)\n" },
	};
	struct diag	 d;
	char		*s;
	size_t		 i, len;
	int		 k;

	for (i = 0; i < NELEM(t); i++) {
		memset(&d, 0, sizeof d);
		d.max = t[i].max;
		for (k = 1; k <= t[i].warnings; k++)
			diag_add(&d, DIAG_WARNING, "f", (unsigned)k,
			    "warning %d", k);
		for (k = 1; k <= t[i].errors; k++)
			diag_error(&d, "f", (unsigned)(t[i].warnings + k),
			    "error %d", t[i].warnings + k);
		assert_int_equal(d.n, t[i].n);
		/* The count stays exact. */
		assert_int_equal(d.errors, (size_t)t[i].errors);
		s = format(&d);
		len = strlen(s);
		assert_true(len >= strlen(t[i].tail));
		if (strcmp(s + len - strlen(t[i].tail), t[i].tail) != 0)
			fail_msg("case %zu: output ends '%s', want '%s'", i,
			    s + len - strlen(t[i].tail), t[i].tail);
		free(s);
		diag_free(&d);
	}
}

static void
test_diag_merge(void **state)
{
	struct diag	 dst = DIAG_INIT, src = DIAG_INIT, big = DIAG_INIT;
	char		*s;
	int		 k;

	diag_error(&dst, "a.xml", 1, "first");
	diag_error(&src, "b.txt", 2, "second");
	diag_add(&src, DIAG_WARNING, "b.txt", 3, "third");
	diag_error(&src, NULL, 0, "fourth");
	diag_merge(&dst, &src);
	diag_free(&src);		/* dst holds copies */
	assert_int_equal(dst.n, 4);
	assert_int_equal(dst.errors, 3);
	s = format(&dst);
	assert_string_equal(s, "a.xml:1: first\nb.txt:2: second\n"
	    "b.txt:3: warning: third\nfourth\n");
	free(s);

	/* A source that dropped errors passes their count on. */
	big.max = 2;
	for (k = 0; k < 5; k++)
		diag_error(&big, "c", (unsigned)k + 1, "e%d", k);
	diag_merge(&dst, &big);
	assert_int_equal(dst.n, 6);
	assert_int_equal(dst.errors, 8);
	s = format(&dst);
	assert_non_null(strstr(s, "c:2: e1\n(3 more errors not shown)\n"));
	free(s);
	diag_free(&big);
	diag_free(&dst);
}

/* Text quoted from a mail is cut on whole characters. */
static void
test_str_utf8_cut(void **state)
{
	static const struct {
		const char	*s;
		size_t		 chars;
		const char	*want;
	} t[] = {
		{ "", 5, "" },
		{ "abc", 5, "abc" },
		{ "abcde", 5, "abcde" },
		{ "abcdef", 5, "ab..." },
		{ "\xc3\xa9t\xc3\xa9 \xe2\x82\xac\xe2\x82\xac", 6,
		    "\xc3\xa9t\xc3\xa9 \xe2\x82\xac\xe2\x82\xac" },
		{ "\xc3\xa9t\xc3\xa9 \xe2\x82\xac\xe2\x82\xac!", 6,
		    "\xc3\xa9t\xc3\xa9..." },
		{ "\xf0\x9f\x9a\xa2\xf0\x9f\x9a\xa2\xf0\x9f\x9a\xa2"
		    "\xf0\x9f\x9a\xa2\xf0\x9f\x9a\xa2", 4,
		    "\xf0\x9f\x9a\xa2..." },
		{ "abcdef", 2, "ab" },
	};
	size_t	 i;
	char	*c;

	(void)state;
	for (i = 0; i < NELEM(t); i++) {
		c = str_utf8_cut(t[i].s, t[i].chars);
		if (strcmp(c, t[i].want) != 0)
			fail_msg("str_utf8_cut('%s', %zu) = '%s'", t[i].s,
			    t[i].chars, c);
		free(c);
	}
	assert_int_equal(str_utf8_prefix("\xc3\xa9\xc3\xa9", 4, 1), 2);
	assert_int_equal(str_utf8_prefix("\xc3\xa9\xc3\xa9", 4, 0), 0);
	assert_int_equal(str_utf8_prefix("\x80\x80" "a", 3, 1), 3);
}

/* A character in an error is named whole, never as one of its bytes. */
static void
test_str_utf8_char_name(void **state)
{
	static const struct {
		const char	*s;
		const char	*want;
		size_t		 n;
	} t[] = {
		{ "X", "'X'", 1 },
		{ "F", "'F'", 1 },
		{ "\t", "U+0009", 1 },
		{ "\xe2\x80\x94" "F", "'\xe2\x80\x94' (U+2014)", 3 },	/* em dash */
		{ "\xe2\x80\x93", "'\xe2\x80\x93' (U+2013)", 3 },	/* en dash */
		{ "\xc2\xa0x", "'\xc2\xa0' (U+00A0)", 2 },
		{ "\xc3\xa9", "'\xc3\xa9' (U+00E9)", 2 },
		{ "\xf0\x9f\x9a\xa2", "'\xf0\x9f\x9a\xa2' (U+1F6A2)", 4 },
		{ "\x97", "byte 0x97", 1 },			/* windows-1252 */
		{ "\xe2\x80", "byte 0xE2", 1 },		/* cut short */
		{ "\xc0\xaf", "byte 0xC0", 1 },		/* overlong */
		{ "\xed\xa0\x80", "byte 0xED", 1 },		/* surrogate */
	};
	size_t	 i, n;
	char	*c;

	(void)state;
	for (i = 0; i < NELEM(t); i++) {
		c = str_utf8_char_name(t[i].s, &n);
		if (strcmp(c, t[i].want) != 0 || n != t[i].n)
			fail_msg("row %zu: '%s' (%zu bytes), wanted '%s' (%zu)",
			    i, c, n, t[i].want, t[i].n);
		free(c);
	}
}

/* --- strutil ------------------------------------------------------------- */

static void
test_str_to_long(void **state)
{
	static const struct {
		const char	*s;
		long		 min, max;
		int		 ok;
		long		 want;
	} t[] = {
		{ "0", 0, 10, 1, 0 },		{ "7", 0, 10, 1, 7 },
		{ "+7", 0, 10, 1, 7 },		{ "-7", -10, 10, 1, -7 },
		{ "-0", 0, 10, 1, 0 },		{ "007", 0, 10, 1, 7 },
		{ "10", 0, 10, 1, 10 },		{ "-10", -10, 10, 1, -10 },
		{ "11", 0, 10, 0, 0 },		{ "-11", -10, 10, 0, 0 },
		{ "-1", 0, 10, 0, 0 },		{ "", 0, 10, 0, 0 },
		{ " 7", 0, 10, 0, 0 },		{ "7 ", 0, 10, 0, 0 },
		{ "\t7", 0, 10, 0, 0 },		{ "\n7", 0, 10, 0, 0 },
		{ "\r7", 0, 10, 0, 0 },		{ "\v7", 0, 10, 0, 0 },
		{ "\f7", 0, 10, 0, 0 },		{ "7\n", 0, 10, 0, 0 },
		{ "+", 0, 10, 0, 0 },		{ "-", 0, 10, 0, 0 },
		{ "+-7", -10, 10, 0, 0 },	{ "--7", -10, 10, 0, 0 },
		{ "- 7", -10, 10, 0, 0 },	{ "+ 7", 0, 10, 0, 0 },
		{ "0x7", 0, 10, 0, 0 },		{ "1e1", 0, 100, 0, 0 },
		{ "7.0", 0, 10, 0, 0 },		{ "7a", 0, 10, 0, 0 },
		{ "a7", 0, 10, 0, 0 },		{ "seven", 0, 10, 0, 0 },
		{ "1 2", 0, 100, 0, 0 },
		{ "9223372036854775807", LONG_MIN, LONG_MAX, 1, LONG_MAX },
		{ "-9223372036854775808", LONG_MIN, LONG_MAX, 1, LONG_MIN },
		{ "9223372036854775808", LONG_MIN, LONG_MAX, 0, 0 },
		{ "-9223372036854775809", LONG_MIN, LONG_MAX, 0, 0 },
		{ "99999999999999999999999", LONG_MIN, LONG_MAX, 0, 0 },
	};
	size_t	i;
	long	v;
	int	rc;

	for (i = 0; i < NELEM(t); i++) {
		v = 424242;
		rc = str_to_long(t[i].s, t[i].min, t[i].max, &v);
		if (rc != (t[i].ok ? 0 : -1))
			fail_msg("str_to_long('%s', %ld, %ld) = %d", t[i].s,
			    t[i].min, t[i].max, rc);
		/* Out is set on success and untouched on failure. */
		assert_int_equal(v, t[i].ok ? t[i].want : 424242);
	}
	assert_int_equal(str_to_long(NULL, 0, 1, &v), -1);
}

static void
test_str_to_int(void **state)
{
	static const struct {
		const char	*s;
		int		 min, max;
		int		 ok;
		int		 want;
	} t[] = {
		{ "2147483647", INT_MIN, INT_MAX, 1, INT_MAX },
		{ "-2147483648", INT_MIN, INT_MAX, 1, INT_MIN },
		{ "2147483648", INT_MIN, INT_MAX, 0, 0 },
		{ "-2147483649", INT_MIN, INT_MAX, 0, 0 },
		{ "4294967297", INT_MIN, INT_MAX, 0, 0 },
		{ "9223372036854775807", INT_MIN, INT_MAX, 0, 0 },
		{ "99999999999999999999", INT_MIN, INT_MAX, 0, 0 },
		{ "6", 1, 6, 1, 6 },		{ "1", 1, 6, 1, 1 },
		{ "0", 1, 6, 0, 0 },		{ "7", 1, 6, 0, 0 },
		{ "+3", 1, 6, 1, 3 },		{ " 3", 1, 6, 0, 0 },
		{ "3 ", 1, 6, 0, 0 },		{ "\n3", 1, 6, 0, 0 },
		{ "", 1, 6, 0, 0 },		{ "3x", 1, 6, 0, 0 },
	};
	size_t	i;
	int	v, rc;

	for (i = 0; i < NELEM(t); i++) {
		v = 4242;
		rc = str_to_int(t[i].s, t[i].min, t[i].max, &v);
		if (rc != (t[i].ok ? 0 : -1))
			fail_msg("str_to_int('%s') = %d", t[i].s, rc);
		assert_int_equal(v, t[i].ok ? t[i].want : 4242);
	}
}

static void
test_str_split_words(void **state)
{
	static const struct {
		const char	*s;
		size_t		 max;
		size_t		 n;		/* return value */
		const char	*w[4];		/* the first min(n, max) */
	} t[] = {
		{ "MOVE alpha 3FR", 8, 3, { "MOVE", "alpha", "3FR" } },
		{ "  lead\t\ttrail  ", 8, 2, { "lead", "trail" } },
		{ "", 8, 0, { NULL } },
		{ " \t ", 8, 0, { NULL } },
		{ "one", 8, 1, { "one" } },
		{ "a,b c", 8, 2, { "a,b", "c" } },
		{ "a\nb c", 8, 2, { "a\nb", "c" } },
		{ "a b c d e f", 2, 6, { "a", "b" } },
		{ "a b", 0, 2, { NULL } },
	};
	char	*copy, *argv[9];
	size_t	 i, j, n;

	for (i = 0; i < NELEM(t); i++) {
		copy = xstrdup(t[i].s);
		for (j = 0; j < NELEM(argv); j++)
			argv[j] = NULL;
		n = str_split_words(copy, argv, t[i].max);
		assert_int_equal(n, t[i].n);
		for (j = 0; j < n && j < t[i].max; j++)
			assert_string_equal(argv[j], t[i].w[j]);
		/* Nothing is stored past max. */
		for (; j < NELEM(argv); j++)
			assert_null(argv[j]);
		free(copy);
	}
}

static void
test_str_trim_lower(void **state)
{
	static const struct {
		const char	*s, *want;
	} trim[] = {
		{ "  x  ", "x" },		{ "\t\r\nx y\r\n", "x y" },
		{ "", "" },			{ " \t\r\n ", "" },
		{ "x", "x" },			{ "a  b", "a  b" },
		{ "\vx", "\vx" },		/* only space tab CR LF */
	}, lower[] = {
		{ "AbC-Z_09", "abc-z_09" },	{ "", "" },
		{ "already", "already" },	{ "@[`{", "@[`{" },
		{ "\xc3\x89T\xc3\x89", "\xc3\x89t\xc3\x89" },	/* ÉTÉ */
	};
	char	*copy;
	size_t	 i;

	for (i = 0; i < NELEM(trim); i++) {
		copy = xstrdup(trim[i].s);
		assert_string_equal(str_trim(copy), trim[i].want);
		free(copy);
	}
	for (i = 0; i < NELEM(lower); i++) {
		copy = xstrdup(lower[i].s);
		assert_ptr_equal(str_lower(copy), copy);
		assert_string_equal(copy, lower[i].want);
		free(copy);
	}
}

static void
test_str_is_id(void **state)
{
	static const struct {
		const char	*s;
		int		 ok;
	} t[] = {
		{ "a", 1 },		{ "alpha", 1 },		{ "c-3", 1 },
		{ "red_1", 1 },		{ "_", 1 },		{ "-", 1 },
		{ "0", 1 },
		{ "abcdefghijklmnopqrstuvwxyz012345", 1 },	/* 32 */
		{ "abcdefghijklmnopqrstuvwxyz0123456", 0 },	/* 33 */
		{ "", 0 },		{ "A", 0 },		{ "Alpha", 0 },
		{ "a b", 0 },		{ "a.b", 0 },		{ "a/b", 0 },
		{ "\xc3\xa9", 0 },	{ "a\n", 0 },		{ " a", 0 },
	};
	size_t	i;

	for (i = 0; i < NELEM(t); i++)
		if (str_is_id(t[i].s) != t[i].ok)
			fail_msg("str_is_id('%s') != %d", t[i].s, t[i].ok);
}

/* --- xalloc -------------------------------------------------------------- */

static void
test_xalloc(void **state)
{
	char	*s, *big;
	int	*v;
	size_t	 i;

	s = xasprintf("%s|%d|%zu|%05.1f|%c", "ship", -3, (size_t)42, 2.25,
	    'x');
	assert_string_equal(s, "ship|-3|42|002.2|x");
	free(s);
	s = xasprintf("%s", "");
	assert_string_equal(s, "");
	free(s);
	big = xmalloc(4001);
	memset(big, 'q', 4000);
	big[4000] = '\0';
	s = xasprintf("<%s>", big);
	assert_int_equal(strlen(s), 4002);
	assert_int_equal(s[4001], '>');
	free(s);
	free(big);

	s = xstrndup("abcdef", 3);
	assert_string_equal(s, "abc");
	free(s);
	s = xstrndup("ab", 10);
	assert_string_equal(s, "ab");
	free(s);

	v = xcalloc(100, sizeof *v);
	for (i = 0; i < 100; i++)
		assert_int_equal(v[i], 0);
	v[99] = 7;
	v = xreallocarray(v, 1000, sizeof *v);
	assert_int_equal(v[99], 7);
	free(v);
	/* Zero sizes still give a pointer to free. */
	free(xmalloc(0));
	free(xcalloc(0, 4));
}

/* --- fileio -------------------------------------------------------------- */

/* Writes len bytes to a new temporary file; returns its path (owned). */
static char *
temp_file(const char *data, size_t len)
{
	const char	*dir = getenv("TMPDIR");
	char		*path;
	FILE		*f;
	int		 fd;

	path = xasprintf("%s/nvtest.XXXXXX", dir != NULL ? dir : "/tmp");
	fd = mkstemp(path);
	assert_true(fd != -1);
	f = fdopen(fd, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void
test_file_read(void **state)
{
	static const struct {
		size_t	size, max;
		int	ok;
	} t[] = {
		{ 0, 0, 1 },		{ 0, 10, 1 },		{ 10, 10, 1 },
		{ 11, 10, 0 },		{ 20000, 20000, 1 },
		{ 20000, 19999, 0 },	{ 20000, 8192, 0 },
		{ 8193, 8192, 0 },	{ 8192, 8192, 1 },
	};
	char	*data, *path, *out, *cause, *want;
	size_t	 i, j, len;

	data = xmalloc(20001);
	for (j = 0; j < 20000; j++)
		data[j] = (char)(j % 251);	/* NUL bytes included */
	for (i = 0; i < NELEM(t); i++) {
		path = temp_file(data, t[i].size);
		out = cause = NULL;
		len = 99;
		if (t[i].ok) {
			if (file_read(path, t[i].max, &out, &len, &cause) != 0)
				fail_msg("case %zu: %s", i, cause);
			assert_int_equal(len, t[i].size);
			assert_memory_equal(out, data, t[i].size);
			assert_int_equal(out[len], '\0');
			free(out);
		} else {
			assert_int_equal(file_read(path, t[i].max, &out, &len,
			    &cause), -1);
			assert_null(out);
			want = xasprintf("%s: larger than %zu bytes", path,
			    t[i].max);
			assert_string_equal(cause, want);
			free(want);
			free(cause);
		}
		unlink(path);
		free(path);
	}
	free(data);
}

static void
test_file_read_errors(void **state)
{
	char	*out = NULL, *cause = NULL, *dir;
	size_t	 len;

	assert_int_equal(file_read("/nonexistent-navarch/orders.txt", 100,
	    &out, &len, &cause), -1);
	assert_string_equal(cause,
	    "/nonexistent-navarch/orders.txt: No such file or directory");
	assert_null(out);
	free(cause);

	dir = getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
	cause = NULL;
	assert_int_equal(file_read(dir, 100, &out, &len, &cause), -1);
	/* The cause names the path first, whatever the system says. */
	assert_non_null(cause);
	assert_memory_equal(cause, dir, strlen(dir));
	assert_int_equal(cause[strlen(dir)], ':');
	free(cause);
}

/* --- log ----------------------------------------------------------------- */

static void
test_log(void **state)
{
	static const struct {
		const char	*s;
		int		 ok;
		enum log_level	 want;
	} t[] = {
		{ "error", 1, LOG_LEVEL_ERROR },
		{ "warning", 1, LOG_LEVEL_WARNING },
		{ "info", 1, LOG_LEVEL_INFO },
		{ "debug", 1, LOG_LEVEL_DEBUG },
		{ "", 0, 0 },	{ "warn", 0, 0 },	{ "DEBUG", 0, 0 },
		{ "errors", 0, 0 },
	};
	enum log_level	 l;
	char		*path, *out, *cause = NULL;
	size_t		 i, len;
	int		 saved, fd;

	for (i = 0; i < NELEM(t); i++) {
		l = LOG_LEVEL_INFO;
		assert_int_equal(log_level_parse(t[i].s, &l), t[i].ok ? 0 : -1);
		assert_int_equal(l, t[i].ok ? t[i].want : LOG_LEVEL_INFO);
	}

	/* Capture standard error in a file. */
	path = temp_file("", 0);
	fflush(stderr);
	saved = dup(2);
	fd = open(path, O_WRONLY);
	assert_true(saved != -1 && fd != -1);
	dup2(fd, 2);
	close(fd);
	log_init("nvtest", LOG_LEVEL_WARNING);
	log_error("lost %d ships", 2);
	log_warn("low on %s", "water");
	log_info("not shown");
	log_set_level(LOG_LEVEL_DEBUG);
	log_debug("shown");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	assert_int_equal(file_read(path, 1000, &out, &len, &cause), 0);
	assert_string_equal(out, "nvtest: lost 2 ships\n"
	    "nvtest: warning: low on water\nnvtest: debug: shown\n");
	free(out);
	unlink(path);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buf_growth),
		cmocka_unit_test(test_buf_printf),
		cmocka_unit_test(test_buf_detach_reset),
		cmocka_unit_test(test_diag_format),
		cmocka_unit_test(test_diag_bounded),
		cmocka_unit_test(test_diag_merge),
		cmocka_unit_test(test_str_to_long),
		cmocka_unit_test(test_str_to_int),
		cmocka_unit_test(test_str_split_words),
		cmocka_unit_test(test_str_trim_lower),
		cmocka_unit_test(test_str_is_id),
		cmocka_unit_test(test_str_utf8_cut),
		cmocka_unit_test(test_str_utf8_char_name),
		cmocka_unit_test(test_xalloc),
		cmocka_unit_test(test_file_read),
		cmocka_unit_test(test_file_read_errors),
		cmocka_unit_test(test_log),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
