/* test_password.c: hashing, verifying and generating passwords. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "password.h"
#include "xalloc.h"

static char *
repeat(char c, size_t n)
{
	char	*s = xmalloc(n + 1);

	memset(s, c, n);
	s[n] = '\0';
	return s;
}

/* Hash one password, then try candidates against it. */
static void
test_verify_table(void **state)
{
	char	*long_pw = repeat('q', PASSWORD_MAX);
	char	*long_other = repeat('q', PASSWORD_MAX);
	const struct {
		const char	*pw;
		const char	*try;
		int		 match;
	} cases[] = {
		{ "correct horse", "correct horse", 1 },
		{ "correct horse", "correct horsE", 0 },
		{ "correct horse", "correct hors", 0 },
		{ "correct horse", "correct horse ", 0 },
		{ "correct horse", "", 0 },
		{ "x", "x", 1 },
		{ "x", "y", 0 },
		{ "pässwörd ✓", "pässwörd ✓", 1 },
		{ long_pw, long_pw, 1 },
		{ long_pw, long_other, 0 },
	};
	char	*hash = NULL, *cause = NULL;
	size_t	 i;

	long_other[PASSWORD_MAX - 1] = 'r';
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (password_hash(cases[i].pw, PASSWORD_COST_MIN, &hash,
		    &cause) != 0)
			fail_msg("case %zu: %s", i, cause);
		assert_string_not_equal(hash, cases[i].pw);
		/* A short password may appear in random base64 by chance. */
		if (strlen(cases[i].pw) >= 8)
			assert_null(strstr(hash, cases[i].pw));
		assert_memory_equal(hash, "$y$", 3);
		assert_int_equal(password_verify(cases[i].try, hash),
		    cases[i].match);
		free(hash);
	}
	free(long_pw);
	free(long_other);
}

static void
test_hash_refused(void **state)
{
	char		*too_long = repeat('z', PASSWORD_MAX + 1);
	const struct {
		const char	*pw;
		unsigned	 cost;
	} cases[] = {
		{ "", PASSWORD_COST_MIN },
		{ too_long, PASSWORD_COST_MIN },
		{ "fine", 0 },
		{ "fine", PASSWORD_COST_MAX + 1 },
	};
	char		*hash = NULL, *cause = NULL;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(password_hash(cases[i].pw, cases[i].cost,
		    &hash, &cause), -1);
		assert_null(hash);
		assert_non_null(cause);
		/* The message never quotes the password. */
		if (cases[i].pw[0] != '\0')
			assert_null(strstr(cause, cases[i].pw));
		free(cause);
		cause = NULL;
	}
	free(too_long);
}

/* Same password, fresh salt every time; the cost is in the setting. */
static void
test_salt_and_cost(void **state)
{
	char	*h1 = NULL, *h2 = NULL, *h3 = NULL, *cause = NULL;
	size_t	 p1, p3;

	assert_int_equal(password_hash("secret", 1, &h1, &cause), 0);
	assert_int_equal(password_hash("secret", 1, &h2, &cause), 0);
	assert_int_equal(password_hash("secret", 3, &h3, &cause), 0);
	assert_string_not_equal(h1, h2);
	assert_int_equal(password_verify("secret", h1), 1);
	assert_int_equal(password_verify("secret", h2), 1);
	assert_int_equal(password_verify("secret", h3), 1);
	/* "$y$PARAMS$salt$hash": the parameters differ with the cost. */
	p1 = strcspn(h1 + 3, "$");
	p3 = strcspn(h3 + 3, "$");
	assert_false(p1 == p3 && memcmp(h1 + 3, h3 + 3, p1) == 0);
	free(h1);
	free(h2);
	free(h3);
}

static void
test_verify_malformed(void **state)
{
	static const char *const hashes[] = {
		"", "secret", "$y$", "$y$j9T$", "*0", "$1$abc$def",
		"$y$j9T$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
	};
	size_t	i;

	for (i = 0; i < sizeof hashes / sizeof hashes[0]; i++)
		assert_int_equal(password_verify("secret", hashes[i]), 0);
	assert_int_equal(password_verify(NULL, "$y$"), 0);
	assert_int_equal(password_verify("secret", NULL), 0);
}

static void
test_generate(void **state)
{
	static const size_t	lens[] = { 8, 12, 64 };
	char			*a = NULL, *b = NULL, *cause = NULL, *h = NULL;
	size_t			 i;

	for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		assert_int_equal(password_generate(lens[i], &a, &cause), 0);
		assert_int_equal(password_generate(lens[i], &b, &cause), 0);
		assert_int_equal(strlen(a), lens[i]);
		/* No look-alikes. */
		assert_int_equal(strcspn(a, "0O1lI"), lens[i]);
		assert_string_not_equal(a, b);
		assert_int_equal(password_hash(a, 1, &h, &cause), 0);
		assert_int_equal(password_verify(a, h), 1);
		assert_int_equal(password_verify(b, h), 0);
		free(h);
		free(a);
		free(b);
	}
	assert_int_equal(password_generate(7, &a, &cause), -1);
	assert_null(a);
	free(cause);
	cause = NULL;
	assert_int_equal(password_generate(65, &a, &cause), -1);
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verify_table),
		cmocka_unit_test(test_hash_refused),
		cmocka_unit_test(test_salt_and_cost),
		cmocka_unit_test(test_verify_malformed),
		cmocka_unit_test(test_generate),
	};

	return cmocka_run_group_tests_name("password", tests, NULL, NULL);
}
