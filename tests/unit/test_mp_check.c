/* test_mp_check.c: mp_check() keeps the store's own sentence.
 *
 * Calls are written mp_check(ctx, store_x(..., &cause), &cause); the
 * cause is read inside mp_check, after store_x() set it, whatever order
 * the compiler evaluates the arguments in.  When mp_check took the cause
 * by value, GCC read it before the store call: every store failure was
 * reported as the bare code name ("busy", "exists") and the sentence
 * leaked. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mailproc-int.h"
#include "store.h"
#include "xalloc.h"

/* A store call that fails with code and says why. */
static int
failing(int code, const char *why, char **cause)
{
	if (code != STORE_OK)
		*cause = xstrdup(why);
	return code;
}

static const struct {
	int		 first, second;	/* two calls' codes */
	const char	*cause;		/* ctx->cause after both, or NULL */
	int		 failed, temporary, rc2;
} rows[] = {
	{ STORE_OK, STORE_OK, NULL, 0, 0, 0 },
	{ STORE_ERROR, STORE_OK, "why 1", 1, 0, 0 },
	{ STORE_BUSY, STORE_OK, "why 1", 1, 1, 0 },
	{ STORE_OK, STORE_EXISTS, "why 2", 1, 0, -1 },
	/* The first failure's sentence is kept, the second freed. */
	{ STORE_ERROR, STORE_BUSY, "why 1", 1, 0, -1 },
};

static void
test_rows(void **state)
{
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct mp_ctx	 ctx;
		char		*cause = NULL;
		int		 rc2;

		memset(&ctx, 0, sizeof ctx);
		mp_check(&ctx, failing(rows[i].first, "why 1", &cause),
		    &cause);
		assert_null(cause);
		rc2 = mp_check(&ctx, failing(rows[i].second, "why 2",
		    &cause), &cause);
		assert_null(cause);
		assert_int_equal(rc2, rows[i].rc2);
		assert_int_equal(ctx.failed, rows[i].failed);
		assert_int_equal(ctx.temporary, rows[i].temporary);
		if (rows[i].cause == NULL)
			assert_null(ctx.cause);
		else
			assert_string_equal(ctx.cause, rows[i].cause);
		free(ctx.cause);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
