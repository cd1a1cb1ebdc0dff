/* tz.h: time zones, so that a player reads a deadline on their own clock
 * and a GM may write one on theirs (docs/gm-guide.md, "Times and
 * deadlines").
 *
 * A zone is written as
 *   UTC (also Z, GMT): no offset;
 *   a fixed offset from UTC: +02:00, -05:30, +0200, +02 (RFC 3339's
 *     sign: east of Greenwich is +);
 *   a name of the tz database (IANA): Europe/Paris, America/New_York,
 *     read from $TZDIR, else /usr/share/zoneinfo (Debian's tzdata).
 *
 * Named zones are converted by the C library (localtime_r, mktime under
 * TZ), whose only handle on a zone is the process-wide TZ variable.
 * Changing it races with every thread that reads the environment (libcurl
 * resolves names in threads of its own, which may outlive a timed-out
 * transfer; getaddrinfo reads the environment), and would change the zone
 * of everything else the process does.  So the caller's environment is
 * never touched: each conversion in a named zone runs in a short-lived
 * child process (fork) that sets TZ, converts, writes the answer to a pipe
 * and exits.  Fixed offsets and UTC are done here by arithmetic.
 *
 * Functions return 0, or -1 with *cause (owned by the caller): one
 * sentence saying what was wrong and what is accepted. */
#ifndef NV_TZ_H
#define NV_TZ_H

#include <stdint.h>

#include "timefmt.h"

#define TZ_NAME_MAX	64	/* longest zone name accepted */
#define TZ_ABBR_MAX	16	/* room for "CEST", "+0530" and a NUL */

/* A zone's clock at one instant. */
struct tz_local {
	struct time_civil	 c;		/* the local date and time */
	long			 offset;	/* seconds east of UTC */
	char			 abbr[TZ_ABBR_MAX]; /* "CET"; "+02" */
};

/* Checks a zone as written: 0 with *canon (owned by the caller) its
 * canonical form ("UTC", "+02:00", "Europe/Paris"), or -1 with *cause.
 * A name must be 1-64 of A-Z a-z 0-9 / _ + - (no "." part, no leading
 * /) and a tz database file ("TZif"); case matters, as in the database. */
int	tz_check(const char *zone, char **canon, char **cause);

/* The local time of t in zone (a canonical or written zone).  0 or -1. */
int	tz_local(const char *zone, int64_t t, struct tz_local *out,
	    char **cause);

/* The instant the clocks of zone show c (c.wday ignored).  A time the
 * zone skips (clocks put forward) is refused; a time it shows twice
 * (clocks put back) is the first of the two.  0 or -1. */
int	tz_to_utc(const char *zone, const struct time_civil *c, int64_t *out,
	    char **cause);

/* An absolute time as a GM writes it, in any zone:
 *   2026-12-01T20:00Z            UTC
 *   2026-12-01T20:00+02:00       RFC 3339 offset (also -0530, +02)
 *   2026-12-01T20:00 Europe/Paris   a zone name (or UTC, or an offset)
 *   2026-12-01 20:00 Europe/Paris   the date and the time apart
 *   @1796155200                  seconds since 1970-01-01T00:00Z
 * Seconds (":30") are optional, T and Z may be lower case.  A time
 * without a zone is refused (whose clock?).  0 or -1 with *cause quoting
 * spec. */
int	tz_parse_time(const char *spec, int64_t *out, char **cause);

#endif
