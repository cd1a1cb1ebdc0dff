/* timefmt.h: times as the GM and the players write and read them.
 *
 * The grammar is docs/gm-guide.md "Times and deadlines".  Everything is
 * int64 UTC seconds; nothing depends on the host's time zone. */
#ifndef NV_TIMEFMT_H
#define NV_TIMEFMT_H

#include <stdint.h>

#define TIME_LEN	80	/* room for any int64, though 20 is used */

/* Parses a time SPEC: 2026-12-01T20:00Z[:SS], @SECONDS, +N[mhdw]...
 * relative to now, or +N[mhdw]...@HH:MM (at least that long from now, at
 * the next HH:MM UTC: a schedule "every 48 h at 20:00").  0, or -1 with *cause (owned by the caller) quoting
 * the spec and saying what is legal. */
int	time_parse(const char *spec, int64_t now, int64_t *out, char **cause);
/* "2026-12-01T20:00Z" (":SS" added when not whole minutes). */
void	time_format(int64_t, char out[TIME_LEN]);

/* A date and time of day on the proleptic Gregorian calendar, as a
 * clock shows it (UTC, or a time zone's local time: tz.h). */
struct time_civil {
	int	year, month, day;	/* 1970-9999, 1-12, 1-31 */
	int	hour, minute, second;
	int	wday;			/* 0 Sunday .. 6 Saturday (output) */
};
/* Seconds since the epoch of c read as UTC (wday is ignored). */
int64_t	time_from_civil(const struct time_civil *);
/* The UTC date and time of t. */
void	time_to_civil(int64_t, struct time_civil *);
/* Reads exactly n decimal digits at *p into *out and moves *p past
 * them; 0, or -1 (*p unmoved). */
int	time_digits(const char **p, int n, int *out);
/* 0 if c names a real day and time of day in years 1970-9999, else -1
 * with *why (static) saying what is wrong. */
int	time_civil_check(const struct time_civil *, const char **why);

/* The monotonic clock in milliseconds: for timeouts and batches, never
 * for a time anybody reads (those are UTC seconds, above). */
int64_t	time_mono_ms(void);

#endif
