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

#endif
