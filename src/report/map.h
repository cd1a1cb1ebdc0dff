/* map.h: a plain ASCII map of a state.
 *
 * The report layer turns states and events into text; it never touches
 * SQLite or mail.  This is the plain map of `navarch map`; the reports
 * issue replaces it with the windowed, legend-rich one. */
#ifndef NV_MAP_H
#define NV_MAP_H

struct buf;
struct nv_state;

/* Appends the map and its legend to out. */
void	map_plain(const struct nv_state *, struct buf *out);

/* The short code of ship i on the map: side letter and number, e.g. "A1".
 * Writes at most 3 bytes with the NUL into out; returns out. */
char	*map_ship_code(const struct nv_state *, int ship, char *out);

#endif
