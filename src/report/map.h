/* map.h: the ASCII hex map of a state, for plain-text mail.
 *
 * The report layer turns states and events into text; it never touches
 * files, SQLite or mail.  The map is drawn with hex outlines, four text
 * lines a hex row and five characters a hex column, so that every line
 * fits the width (76 by default: one level of quoting in a reply still
 * fits 78).  A map too big for one window is cut into a window around the
 * reader's ships, or into numbered sheets that tile the whole map.  The
 * output is printable ASCII and newlines only, and byte-identical for the
 * same state and options.  docs/maps.md shows the layout and why. */
#ifndef NV_MAP_H
#define NV_MAP_H

#include <stddef.h>

struct buf;
struct nv_state;

/* Default and smallest width of the map's lines. */
#define MAP_WIDTH	76
#define MAP_WIDTH_MIN	24
/* Default number of hex rows in a window or sheet: 15 rows are 60 text
 * lines, one printed page with the labels and the title. */
#define MAP_HEIGHT	15

enum map_cut {
	MAP_WINDOW,	/* one window around the reader's ships, or the
			   sheets that cover them (map_cover) when one
			   window does not */
	MAP_SHEETS,	/* every sheet, tiling the whole map */
};

struct map_opts {
	int		 side;		/* reader's side index; -1 for all */
	enum map_cut	 cut;
	int		 width;		/* longest line; 0 means MAP_WIDTH */
	int		 height;	/* hex rows a window or sheet shows at
					   most; 0 means MAP_HEIGHT */
	/* Fog of war: which ships and wrecks this reader may see, one flag
	 * per ships[] (nwrecks[]) entry, non-zero to show; NULL shows all.
	 * A hidden ship or wreck is never drawn, listed, counted or used
	 * to place the window or the sheets: the output is the same as for
	 * a state where it has left the map.  (Codes number every ship, so
	 * that they do not change as ships come into sight.)  Not owned. */
	const unsigned char *ship_visible;
	const unsigned char *wreck_visible;
	/* A part of a big battle's report: the ships the window is placed
	 * around, one flag per ships[] entry (only those also visible
	 * count); NULL: the reader's visible ships, as above.  A picture
	 * (map_svg) placed so draws and lists only what lies in its
	 * window.  Not owned. */
	const unsigned char *ship_place;
};

#define MAP_OPTS_INIT { -1, MAP_WINDOW, 0, 0, NULL, NULL, NULL }

/* A rectangle of the map, columns and rows from 1, inclusive. */
struct map_area {
	int	col0, col1;
	int	row0, row1;
};

/* One sheet of a tiling.  Neighbours are sheet numbers, 0 at the edge,
 * indexed by MAP_NB_* (the eight compass points, clockwise from N). */
enum { MAP_NB_N, MAP_NB_NE, MAP_NB_E, MAP_NB_SE, MAP_NB_S, MAP_NB_SW,
	MAP_NB_W, MAP_NB_NW, MAP_NB_COUNT };

struct map_sheet {
	int		number;		/* from 1, row by row */
	struct map_area	area;
	int		nb[MAP_NB_COUNT];
};

/* Appends the map (window or every sheet, as opts says; NULL opts means
 * MAP_OPTS_INIT) and its legend to out. */
void	map_render(const struct nv_state *, const struct map_opts *,
	    struct buf *out);

/* The window map_render draws for opts: as many columns as the width
 * allows and at most opts->height rows, centred on the bounding box of
 * the reader's visible ships on the map (all visible ships when side is
 * -1; the map's centre when there are none), clamped to the map. */
struct map_area	map_window(const struct nv_state *, const struct map_opts *);

/* The sheets that tile the map for opts's width and height, numbered row
 * by row from the top left, as even in size as possible.  Returns how
 * many and sets *out (owned by the caller, free()). */
size_t	map_sheets(const struct nv_state *, const struct map_opts *,
	    struct map_sheet **out);

/* The sheets map_render draws in MAP_WINDOW mode: the fewest disjoint
 * sheets, each at most as many columns as the width allows and
 * opts->height rows, that hold every ship the window would be placed
 * around (the reader's visible ships; all visible ships when side is -1
 * or the reader has none), cut left to right in bands, then top to
 * bottom, and grown around their ships where there is sea to spare
 * (map-cover.c).  They depend on the positions of those ships alone.
 * When one window holds them all: that window, alone.  Returns how many
 * (at least 1) and sets *out (owned by the caller, free()); the sheets'
 * neighbours are 0. */
size_t	map_cover(const struct nv_state *, const struct map_opts *,
	    struct map_sheet **out);

/* How many hex columns fit in width characters on a map whose names have
 * digits (2 or 3) per coordinate; at least 1. */
int	map_columns_fit(int width, int digits);

/* Bytes that hold any ship's code with its NUL (see map_ship_code). */
#define MAP_CODE_SIZE	16

/* The short code of ship i on the map (docs/maps.md, "Ship codes"): its
 * original side's letter (A-Z, then a-z) and its number among all that
 * side's ships in id order, digits read by value (a2 before a10: a10 is
 * A10 when the side has a1 ... a9), e.g. "A1", "B12", "A1234", up to 9999
 * ships a side; past that, or past the 52nd side, "+" and base-36 digits
 * (at least two) of its place among all ships, e.g. "+2r", "+1a7".
 * Unique among the state's ships, for any number of them; at most five
 * characters for fewer than 36^4 ships.  A ship's code depends on the ids
 * of the state's ships only, not on positions, status or who sees what:
 * the same ship keeps its code from turn to turn and in every report.
 * Writes at most MAP_CODE_SIZE bytes with the NUL into out; returns out.
 * Looks at every ship: for many, use map_ship_codes. */
char	*map_ship_code(const struct nv_state *, int ship, char *out);
/* Every ship's code at once, as map_ship_code gives it, in n log n:
 * entry i is ship i's, or empty for a ship that visible (as in map_opts,
 * NULL for all) hides.  Owned by the caller (free). */
char	(*map_ship_codes(const struct nv_state *,
	    const unsigned char *visible))[MAP_CODE_SIZE];

#endif
