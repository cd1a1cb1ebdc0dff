/* timefmt.c: times the GM writes (deadlines, --now) and how they print.
 *
 * The grammar is docs/gm-guide.md "Times and deadlines": an absolute UTC
 * time 2026-12-01T20:00Z (seconds optional), @SECONDS since the epoch, or
 * a relative +N[mhdw]... from now.  All arithmetic is on int64 UTC
 * seconds with the proleptic Gregorian calendar done by hand, so that the
 * result never depends on the host's time zone or on timegm(). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

/* Years a GM may name: far enough for any campaign, small enough that no
 * sum below can overflow. */
#define YEAR_MIN	1970
#define YEAR_MAX	9999
/* A relative time adds at most this much (about 100 years). */
#define REL_MAX		(100LL * 366 * 86400)

/* Days from 1970-01-01 to y-m-d (H. Hinnant's days_from_civil). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t		era;
	unsigned	yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (unsigned)((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1);
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

/* The inverse: y-m-d of a day count. */
static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t		era;
	unsigned	doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int64_t)yoe + era * 400 + (*m <= 2);
}

static int
month_days(int64_t y, int m)
{
	static const int	 n[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
	    31, 30, 31 };
	int			 leap = (y % 4 == 0 && y % 100 != 0) ||
	    y % 400 == 0;

	return m == 2 && leap ? 29 : n[m - 1];
}

int
time_civil_check(const struct time_civil *c, const char **why)
{
	if (c->year < YEAR_MIN || c->year > YEAR_MAX) {
		*why = "the year must be from 1970 to 9999";
		return -1;
	}
	if (c->month < 1 || c->month > 12 || c->day < 1 ||
	    c->day > month_days(c->year, c->month)) {
		*why = "there is no such day";
		return -1;
	}
	if (c->hour < 0 || c->hour > 23 || c->minute < 0 || c->minute > 59 ||
	    c->second < 0 || c->second > 59) {
		*why = "hours run 00-23, minutes and seconds 00-59";
		return -1;
	}
	return 0;
}

int64_t
time_from_civil(const struct time_civil *c)
{
	return days_from_civil(c->year, c->month, c->day) * 86400 +
	    c->hour * 3600 + c->minute * 60 + c->second;
}

void
time_to_civil(int64_t t, struct time_civil *c)
{
	int64_t	days = t / 86400, rem = t % 86400, y;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	civil_from_days(days, &y, &c->month, &c->day);
	c->year = (int)y;
	c->hour = (int)(rem / 3600);
	c->minute = (int)(rem / 60 % 60);
	c->second = (int)(rem % 60);
	/* 1970-01-01 was a Thursday. */
	c->wday = (int)(((days % 7) + 7 + 4) % 7);
}

int
time_digits(const char **p, int n, int *out)
{
	int	v = 0, i;

	for (i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return 0;
}

static int
expect(const char **p, char c)
{
	if (**p != c)
		return -1;
	(*p)++;
	return 0;
}

/* YYYY-MM-DDTHH:MM[:SS]Z; 0 or -1 with *why (static). */
static int
parse_absolute(const char *s, int64_t *out, const char **why)
{
	struct time_civil c;
	const char	*p = s;
	int		 y, mo, d, h, mi, sec = 0;

	*why = "expected YYYY-MM-DDTHH:MMZ (UTC), e.g. 2026-12-01T20:00Z";
	if (time_digits(&p, 4, &y) || expect(&p, '-') ||
	    time_digits(&p, 2, &mo) || expect(&p, '-') ||
	    time_digits(&p, 2, &d) || (expect(&p, 'T') && expect(&p, 't')) ||
	    time_digits(&p, 2, &h) || expect(&p, ':') ||
	    time_digits(&p, 2, &mi))
		return -1;
	if (*p == ':' && (p++, time_digits(&p, 2, &sec)))
		return -1;
	if ((expect(&p, 'Z') && expect(&p, 'z')) || *p != '\0')
		return -1;
	c.year = y;
	c.month = mo;
	c.day = d;
	c.hour = h;
	c.minute = mi;
	c.second = sec;
	if (time_civil_check(&c, why) != 0)
		return -1;
	*out = time_from_civil(&c);
	return 0;
}

/* +N unit [N unit...] with units m, h, d, w; 0 or -1 with *why. */
static int
parse_relative(const char *s, int64_t *out, const char **why)
{
	const char	*p = s + 1;
	int64_t		 total = 0, n, unit;

	*why = "expected +N followed by m, h, d or w, e.g. +48h or +2d12h";
	if (*p == '\0')
		return -1;
	while (*p != '\0') {
		if (*p < '0' || *p > '9')
			return -1;
		for (n = 0; *p >= '0' && *p <= '9'; p++) {
			n = n * 10 + (*p - '0');
			if (n > REL_MAX)
				goto too_far;
		}
		switch (*p++) {
		case 'm': unit = 60; break;
		case 'h': unit = 3600; break;
		case 'd': unit = 86400; break;
		case 'w': unit = 7 * 86400; break;
		default: return -1;
		}
		total += n * unit;
		if (total > REL_MAX)
			goto too_far;
	}
	*out = total;
	return 0;
too_far:
	*why = "that is more than 100 years away";
	return -1;
}

/* "+48h@20:00": at least the offset from now, then on to the next 20:00
 * UTC, so that a schedule keeps deadlines at one time of day whenever
 * the turn was played.  0 or -1 with *why. */
static int
parse_relative_at(const char *spec, int64_t now, int64_t *out,
    const char **why)
{
	const char	*at = strchr(spec, '@'), *p;
	char		*rel = xstrndup(spec, (size_t)(at - spec));
	int64_t		 v, day, want;
	int		 h, mi, rc;

	rc = parse_relative(rel, &v, why);
	free(rel);
	if (rc != 0)
		return -1;
	*why = "expected +N[mhdw]... and @HH:MM, e.g. +48h@20:00";
	p = at + 1;
	if (time_digits(&p, 2, &h) != 0 || expect(&p, ':') != 0 ||
	    time_digits(&p, 2, &mi) != 0 || *p != '\0' || h > 23 || mi > 59)
		return -1;
	v += now;
	day = v - ((v % 86400) + 86400) % 86400;
	want = day + h * 3600 + mi * 60;
	*out = want >= v ? want : want + 86400;
	return 0;
}

int
time_parse(const char *spec, int64_t now, int64_t *out, char **cause)
{
	const char	*why;
	int64_t		 v;
	long		 secs;

	if (spec[0] == '+' && strchr(spec, '@') != NULL) {
		if (parse_relative_at(spec, now, out, &why) != 0)
			goto bad;
		return 0;
	}
	if (spec[0] == '+') {
		if (parse_relative(spec, &v, &why) != 0)
			goto bad;
		*out = now + v;
		return 0;
	}
	if (spec[0] == '@') {
		why = "expected @ and a number of seconds since "
		    "1970-01-01T00:00Z";
		if (spec[1] < '0' || spec[1] > '9')
			goto bad;
		if (str_to_long(spec + 1, 0,
		    (long)(days_from_civil(YEAR_MAX + 1, 1, 1) * 86400 - 1),
		    &secs) != 0)
			goto bad;
		*out = secs;
		return 0;
	}
	if (parse_absolute(spec, &v, &why) != 0)
		goto bad;
	*out = v;
	return 0;
bad:
	*cause = xasprintf("'%s': %s", spec, why);
	return -1;
}

void
time_format(int64_t t, char out[TIME_LEN])
{
	struct time_civil	c;

	time_to_civil(t, &c);
	if (c.second != 0)
		snprintf(out, TIME_LEN, "%04d-%02d-%02dT%02d:%02d:%02dZ",
		    c.year, c.month, c.day, c.hour, c.minute, c.second);
	else
		snprintf(out, TIME_LEN, "%04d-%02d-%02dT%02d:%02dZ",
		    c.year, c.month, c.day, c.hour, c.minute);
}

int64_t
time_mono_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
