/* test_tz.c: time zones (src/common/tz.c): checking zones as written,
 * local times (daylight saving time both ways, beyond the tables of the
 * database), local times back to UTC (a skipped time refused, a doubled
 * one the first), absolute times as a GM writes them, and that the
 * caller's TZ is never changed.  The expected values were worked out with
 * Python's zoneinfo on the same tz database. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "timefmt.h"
#include "tz.h"

static void
test_check(void **state)
{
	static const struct {
		const char	*zone, *canon;	/* canon NULL: refused */
		const char	*why;
	} rows[] = {
		{ "UTC", "UTC", NULL },
		{ "z", "UTC", NULL },
		{ "GMT", "UTC", NULL },
		{ "+02:00", "+02:00", NULL },
		{ "+0200", "+02:00", NULL },
		{ "-05:30", "-05:30", NULL },
		{ "+02", "+02:00", NULL },
		{ "-00:00", "UTC", NULL },
		{ "Europe/Paris", "Europe/Paris", NULL },
		{ "America/Argentina/Buenos_Aires",
		  "America/Argentina/Buenos_Aires", NULL },
		{ "Etc/GMT-2", "Etc/GMT-2", NULL },
		{ "europe/paris", NULL, "no time zone 'europe/paris'" },
		{ "Mars/Olympus", NULL, "no time zone 'Mars/Olympus'" },
		{ "../etc/passwd", NULL, "'../etc/passwd' is no time zone" },
		{ "/etc/passwd", NULL, "is no time zone" },
		{ "Europe/../../etc/passwd", NULL, "is no time zone" },
		{ "Europe", NULL, "no time zone 'Europe'" },
		{ "+24:00", NULL, "is no time zone" },
		{ "+02:60", NULL, "is no time zone" },
		{ "", NULL, "is no time zone" },
		{ "Europe/Paris ", NULL, "is no time zone" },
	};
	size_t	i;
	char	*canon, *cause;
	int	rc;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		canon = cause = NULL;
		rc = tz_check(rows[i].zone, &canon, &cause);
		if (rows[i].canon != NULL) {
			assert_int_equal(rc, 0);
			assert_string_equal(canon, rows[i].canon);
		} else {
			assert_int_equal(rc, -1);
			assert_non_null(strstr(cause, rows[i].why));
			assert_non_null(strstr(cause, "Europe/Paris"));
		}
		free(canon);
		free(cause);
	}
}

static void
test_local(void **state)
{
	static const struct {
		const char	*zone;
		int64_t		 t;
		const char	*when;		/* local, as below */
		long		 offset;
		const char	*abbr;
		int		 wday;
	} rows[] = {
		{ "Europe/Paris", 1796155200, "2026-12-01 21:00:00", 3600,
		  "CET", 2 },
		{ "Europe/Paris", 1782907200, "2026-07-01 14:00:00", 7200,
		  "CEST", 3 },
		/* 2040: beyond the database's transitions on some builds:
		 * the rule at the end of the file. */
		{ "Europe/Paris", 2224756800, "2040-07-01 14:00:00", 7200,
		  "CEST", 0 },
		{ "America/New_York", 1796155200, "2026-12-01 15:00:00",
		  -18000, "EST", 2 },
		{ "Asia/Kolkata", 1796155200, "2026-12-02 01:30:00", 19800,
		  "IST", 3 },
		{ "Australia/Lord_Howe", 1796155200, "2026-12-02 07:00:00",
		  39600, "+11", 3 },
		{ "UTC", 1796155200, "2026-12-01 20:00:00", 0, "UTC", 2 },
		{ "-05:30", 1796155200, "2026-12-01 14:30:00", -19800,
		  "-05:30", 2 },
	};
	struct tz_local	 l;
	char		 when[64], *cause = NULL;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		assert_int_equal(tz_local(rows[i].zone, rows[i].t, &l,
		    &cause), 0);
		snprintf(when, sizeof when, "%04d-%02d-%02d %02d:%02d:%02d",
		    l.c.year, l.c.month, l.c.day, l.c.hour, l.c.minute,
		    l.c.second);
		assert_string_equal(when, rows[i].when);
		assert_int_equal(l.offset, rows[i].offset);
		assert_string_equal(l.abbr, rows[i].abbr);
		assert_int_equal(l.c.wday, rows[i].wday);
	}
	assert_int_equal(tz_local("Nowhere/Land", 0, &l, &cause), -1);
	assert_non_null(strstr(cause, "no time zone 'Nowhere/Land'"));
	free(cause);
}

static void
test_to_utc(void **state)
{
	static const struct {
		const char	*zone;
		struct time_civil c;
		int64_t		 t;		/* 0: refused */
		const char	*why;
	} rows[] = {
		{ "Europe/Paris", { 2026, 12, 1, 21, 0, 0, 0 }, 1796155200,
		  NULL },
		{ "Europe/Paris", { 2026, 7, 1, 14, 0, 0, 0 }, 1782907200,
		  NULL },
		/* Clocks back: 02:30 happens twice; the first is taken. */
		{ "Europe/Paris", { 2026, 10, 25, 2, 30, 0, 0 }, 1792888200,
		  NULL },
		/* Clocks forward: 02:30 never happens. */
		{ "Europe/Paris", { 2026, 3, 29, 2, 30, 0, 0 }, 0,
		  "does not happen in Europe/Paris" },
		{ "America/New_York", { 2026, 12, 1, 15, 0, 0, 0 },
		  1796155200, NULL },
		{ "+02:00", { 2026, 12, 1, 22, 0, 0, 0 }, 1796155200, NULL },
		{ "UTC", { 2026, 2, 30, 12, 0, 0, 0 }, 0, "no such day" },
		{ "UTC", { 2026, 2, 3, 24, 0, 0, 0 }, 0, "hours run" },
	};
	char	*cause = NULL;
	int64_t	 t;
	size_t	 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (rows[i].t != 0) {
			assert_int_equal(tz_to_utc(rows[i].zone, &rows[i].c,
			    &t, &cause), 0);
			assert_int_equal(t, rows[i].t);
			continue;
		}
		assert_int_equal(tz_to_utc(rows[i].zone, &rows[i].c, &t,
		    &cause), -1);
		assert_non_null(strstr(cause, rows[i].why));
		free(cause);
		cause = NULL;
	}
}

static void
test_parse(void **state)
{
	static const struct {
		const char	*spec;
		int64_t		 t;		/* 0: refused */
		const char	*why;
	} rows[] = {
		{ "2026-12-01T20:00Z", 1796155200, NULL },
		{ "2026-12-01t20:00z", 1796155200, NULL },
		{ "2026-12-01T20:00:30Z", 1796155230, NULL },
		{ "2026-12-01T22:00+02:00", 1796155200, NULL },
		{ "2026-12-01T15:00-0500", 1796155200, NULL },
		{ "2026-12-01T21:00 Europe/Paris", 1796155200, NULL },
		{ "2026-12-01 21:00 Europe/Paris", 1796155200, NULL },
		{ "2026-12-01 20:00 UTC", 1796155200, NULL },
		{ "2026-12-01T15:00 America/New_York", 1796155200, NULL },
		{ "@1796155200", 1796155200, NULL },
		{ "2026-12-01T20:00", 0, "whose clock is that" },
		{ "2026-12-01T20:00 Europe/Paris now", 0,
		  "one time and one zone" },
		{ "2026-12-01T20:00 Europe/Pariss", 0,
		  "no time zone 'Europe/Pariss'" },
		{ "tomorrow", 0, "expected a date and a time" },
		{ "2026-13-01T20:00Z", 0, "no such day" },
		{ "@soon", 0, "seconds since 1970" },
		{ "2026-03-29T02:30 Europe/Paris", 0, "the clocks skip it" },
	};
	char	*cause = NULL;
	int64_t	 t;
	size_t	 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (rows[i].t != 0) {
			assert_int_equal(tz_parse_time(rows[i].spec, &t,
			    &cause), 0);
			assert_int_equal(t, rows[i].t);
			continue;
		}
		assert_int_equal(tz_parse_time(rows[i].spec, &t, &cause), -1);
		assert_non_null(strstr(cause, rows[i].why));
		assert_non_null(strstr(cause, rows[i].spec));
		free(cause);
		cause = NULL;
	}
}

/* The caller's environment is never changed: conversions happen in a
 * child process. */
static void
test_environment_untouched(void **state)
{
	struct tz_local	 l;
	char		*cause = NULL;
	const char	*tz;

	(void)state;
	assert_int_equal(setenv("TZ", "Asia/Tokyo", 1), 0);
	assert_int_equal(tz_local("Europe/Paris", 1796155200, &l, &cause), 0);
	tz = getenv("TZ");
	assert_non_null(tz);
	assert_string_equal(tz, "Asia/Tokyo");
	assert_int_equal(unsetenv("TZ"), 0);
	assert_int_equal(tz_local("Europe/Paris", 1796155200, &l, &cause), 0);
	assert_null(getenv("TZ"));
}

static void
test_civil(void **state)
{
	struct time_civil	c;

	(void)state;
	time_to_civil(1796155200, &c);
	assert_int_equal(c.year, 2026);
	assert_int_equal(c.month, 12);
	assert_int_equal(c.day, 1);
	assert_int_equal(c.hour, 20);
	assert_int_equal(c.wday, 2);
	assert_int_equal(time_from_civil(&c), 1796155200);
	time_to_civil(0, &c);
	assert_int_equal(c.wday, 4);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_local),
		cmocka_unit_test(test_to_utc),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_environment_untouched),
		cmocka_unit_test(test_civil),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
