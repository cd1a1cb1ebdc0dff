/* map-int.h: what map.c (geometry, codes, legend) and map-grid.c (the
 * drawing) share.  Not for use outside src/report/map*.c. */
#ifndef NV_MAP_INT_H
#define NV_MAP_INT_H

#include "map.h"

struct buf;
struct nv_state;

/* Geometry of the outline layout (see map-grid.c and docs/maps.md): a hex
 * column is MAP_COL_W characters wide, a hex row MAP_ROW_H lines high. */
#define MAP_COL_W	5
#define MAP_ROW_H	4

/* A map being drawn: the state, the options with their defaults filled
 * in, every visible ship's code (codes[i] is empty for a hidden ship), and
 * while the grid is drawn, what each hex holds (map.c, index_hexes). */
struct map_ctx {
	const struct nv_state	*st;
	struct map_opts		 o;
	int			 digits;
	char			(*codes)[MAP_CODE_SIZE];	/* owned */
	int			*at;		/* per hex: ship + 1, or 0; owned */
	unsigned char		*wreck_at;	/* per hex: a wreck shown; owned */
	int			 place_all;	/* the reader has no shown ship
						   to place around: all count */
};

/* 1 if ship i is drawn at all: visible to the reader and on the map. */
int	map_ship_shown(const struct map_ctx *, int ship);
int	map_wreck_shown(const struct map_ctx *, size_t wreck);
/* 1 if the window or the sheets are placed around ship i (map.h,
 * map_window): shown, in the part, and the reader's (or, when the reader
 * has none, any shown ship). */
int	map_ship_placed(const struct map_ctx *, int ship);

/* The sheets that cover every placed ship (map-cover.c): how many (0 when
 * no ship is placed), *out owned by the caller. */
size_t	map_cover_of(const struct map_ctx *, struct map_sheet **out);

/* Appends the overview of a map cut into sheets (map-overview.c): one
 * character per hex (or per square of hexes, so that it fits), ships as
 * their side's letter, land and wrecks marked. */
void	map_overview(const struct map_ctx *, const struct map_sheet *sheets,
	    size_t nsheets, struct buf *out);

/* Appends the grid of area, with column labels above and below and row
 * labels on both sides, every line at most ctx->o.width long. */
void	map_grid(const struct map_ctx *, struct map_area, struct buf *out);

/* Appends text word-wrapped to the width, then a newline. */
void	map_text(const struct map_ctx *, const char *text, struct buf *out);

/* Appends the key: six small hexes, one per facing, and the terrain. */
void	map_key(const struct map_ctx *, struct buf *out);

/* Appends the legend: one line per visible ship on the map (code, id,
 * name, class, side, hex, facing, speed; the sheet when sheets[] is
 * given, and a note for ships outside area), then the visible wrecks. */
void	map_legend(const struct map_ctx *, const struct map_sheet *sheets,
	    size_t nsheets, struct map_area area, struct buf *out);

#endif
