/* test_ctl_time.c: the GM's time SPECs (deadlines, --now) and how times
 * print (src/ctl/ctl-time.c). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "ctl.h"
#include "timefmt.h"

#define NOW	1767261600LL	/* 2026-01-01T10:00Z */

static const struct {
	const char	*spec;
	int64_t		 want;		/* -1: refused */
	const char	*why;		/* part of the message when refused */
} parse_rows[] = {
	{ "1970-01-01T00:00Z",		0, NULL },
	{ "2026-01-01T10:00Z",		NOW, NULL },
	{ "2026-01-01t10:00z",		NOW, NULL },
	{ "2026-12-01T20:00Z",		1796155200LL, NULL },
	{ "2026-12-01T20:00:30Z",	1796155230LL, NULL },
	{ "2024-02-29T00:00Z",		1709164800LL, NULL },
	{ "2000-02-29T12:00Z",		951825600LL, NULL },
	{ "9999-12-31T23:59:59Z",	253402300799LL, NULL },
	{ "@0",				0, NULL },
	{ "@1796155200",		1796155200LL, NULL },
	{ "+48h",			NOW + 48 * 3600, NULL },
	{ "+3d",			NOW + 3 * 86400, NULL },
	{ "+2d12h",			NOW + 2 * 86400 + 12 * 3600, NULL },
	{ "+90m",			NOW + 90 * 60, NULL },
	{ "+1w",			NOW + 7 * 86400, NULL },
	{ "+0h",			NOW, NULL },
	/* NOW is 2026-01-01T10:00Z: 48 h on is 2026-01-03T10:00Z. */
	{ "+48h@20:00",			NOW + 58 * 3600, NULL },
	{ "+48h@10:00",			NOW + 48 * 3600, NULL },
	{ "+48h@09:59",			NOW + 48 * 3600 + 86400 - 60, NULL },
	{ "+0h@00:00",			NOW + 14 * 3600, NULL },
	{ "+1d@24:00",			-1, "@HH:MM" },
	{ "+1d@8:00",			-1, "@HH:MM" },
	{ "+1d@20:00x",			-1, "@HH:MM" },
	{ "+x@20:00",			-1, "+48h" },
	{ "2025-02-29T00:00Z",		-1, "no such day" },
	{ "2026-04-31T00:00Z",		-1, "no such day" },
	{ "2026-13-01T00:00Z",		-1, "no such day" },
	{ "2026-12-01T24:00Z",		-1, "hours run" },
	{ "2026-12-01T20:60Z",		-1, "hours run" },
	{ "1969-12-31T23:59Z",		-1, "1970 to 9999" },
	{ "2026-12-01T20:00",		-1, "YYYY-MM-DDTHH:MMZ" },
	{ "2026-12-01 20:00Z",		-1, "YYYY-MM-DDTHH:MMZ" },
	{ "2026-12-1T20:00Z",		-1, "YYYY-MM-DDTHH:MMZ" },
	{ "2026-12-01T20:00+01:00",	-1, "YYYY-MM-DDTHH:MMZ" },
	{ "tomorrow",			-1, "YYYY-MM-DDTHH:MMZ" },
	{ "",				-1, "YYYY-MM-DDTHH:MMZ" },
	{ "+",				-1, "+48h" },
	{ "+48",			-1, "+48h" },
	{ "+h",				-1, "+48h" },
	{ "+48x",			-1, "+48h" },
	{ "+-3d",			-1, "+48h" },
	{ "+999999999999d",		-1, "100 years" },
	{ "+40000d",			-1, "100 years" },
	{ "@",				-1, "seconds since" },
	{ "@-5",			-1, "seconds since" },
	{ "@12x",			-1, "seconds since" },
	{ "@999999999999999",		-1, "seconds since" },
};

static void
test_parse(void **state)
{
	size_t	 i;
	int64_t	 got;
	char	*cause;
	int	 rc;

	(void)state;
	for (i = 0; i < sizeof parse_rows / sizeof parse_rows[0]; i++) {
		got = -7;
		cause = NULL;
		rc = ctl_time_parse(parse_rows[i].spec, NOW, &got, &cause);
		if (parse_rows[i].want >= 0) {
			if (rc != 0)
				fail_msg("%s: refused: %s", parse_rows[i].spec,
				    cause);
			assert_int_equal(got, parse_rows[i].want);
			assert_null(cause);
			continue;
		}
		if (rc == 0)
			fail_msg("%s: accepted as %lld", parse_rows[i].spec,
			    (long long)got);
		assert_int_equal(got, -7);
		assert_non_null(cause);
		/* The message quotes the spec and says what is legal. */
		assert_non_null(strstr(cause, parse_rows[i].spec));
		if (strstr(cause, parse_rows[i].why) == NULL)
			fail_msg("%s: '%s' lacks '%s'", parse_rows[i].spec,
			    cause, parse_rows[i].why);
		free(cause);
	}
}

static const struct {
	int64_t		 t;
	const char	*want;
} format_rows[] = {
	{ 0,			"1970-01-01T00:00Z" },
	{ NOW,			"2026-01-01T10:00Z" },
	{ 1796155230LL,		"2026-12-01T20:00:30Z" },
	{ 1709164800LL,		"2024-02-29T00:00Z" },
	{ 951825600LL,		"2000-02-29T12:00Z" },
	{ 253402300799LL,	"9999-12-31T23:59:59Z" },
	{ -1,			"1969-12-31T23:59:59Z" },
	{ -86400,		"1969-12-31T00:00Z" },
};

static void
test_format(void **state)
{
	char	out[CTL_TIME_LEN], *cause = NULL;
	int64_t	back;
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof format_rows / sizeof format_rows[0]; i++) {
		ctl_time_format(format_rows[i].t, out);
		assert_string_equal(out, format_rows[i].want);
		/* What prints reads back as the same time. */
		if (format_rows[i].t >= 0) {
			assert_int_equal(ctl_time_parse(out, 0, &back, &cause),
			    0);
			assert_int_equal(back, format_rows[i].t);
		}
	}
}

/* Every day from 1970 to 2100 round-trips, and days are consecutive. */
static void
test_round_trip(void **state)
{
	char	out[CTL_TIME_LEN], *cause = NULL;
	int64_t	t, back;

	(void)state;
	for (t = 0; t < 4102444800LL; t += 86400 + 3661) {
		ctl_time_format(t, out);
		assert_int_equal(ctl_time_parse(out, 0, &back, &cause), 0);
		assert_int_equal(back, t);
	}
	ctl_time_format(4102444800LL, out);
	assert_string_equal(out, "2100-01-01T00:00Z");
}

/* The monotonic clock counts milliseconds: a 30 ms sleep moves it by at
 * least 30 and, on any machine that runs the suite, by less than 10 s
 * (seconds or microseconds would fail one bound or the other). */
static void
test_mono_ms(void **state)
{
	struct timespec	nap = { 0, 30 * 1000000L };
	int64_t		a, b;

	(void)state;
	a = time_mono_ms();
	while (nanosleep(&nap, &nap) != 0)
		;
	b = time_mono_ms();
	assert_true(b - a >= 30);
	assert_true(b - a < 10000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_mono_ms),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
