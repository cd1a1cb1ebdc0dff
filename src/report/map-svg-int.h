/* map-svg-int.h: what map-svg.c (the map) and map-svg-legend.c (the
 * legend under it) share.  Not for use outside src/report/map-svg*.c. */
#ifndef NV_MAP_SVG_INT_H
#define NV_MAP_SVG_INT_H

#include <libxml/xmlwriter.h>

#include "map.h"

struct nv_state;

/* Geometry, in SVG user units (pixels at the natural size).  A hex is 80
 * wide and 70 high: a regular hexagon would be 69.28 high, and rounding
 * the half height to 35 keeps every coordinate an integer, so the output
 * is exact and the same on every machine. */
#define SVG_HEX_R	40	/* centre to left and right corners */
#define SVG_HEX_A	35	/* centre to top and bottom edges */
#define SVG_COL_STEP	60	/* between column centres: 1.5 R */
#define SVG_ROW_STEP	70	/* between row centres: 2 A */
#define SVG_MARGIN	32	/* left and right, room for row labels */
#define SVG_TOP		56	/* heading and column labels above */
/* Legend text: a monospace font this big, assumed this wide per
 * character (DejaVu Sans Mono is 7.8 at 13px), so columns line up. */
#define SVG_LEG_FONT	13
#define SVG_LEG_CH	8
#define SVG_LEG_LINE	20	/* between legend lines */

/* A map of more hexes than this is drawn as a window around the ships
 * and wrecks the reader is shown, SVG_WIN_MARGIN hexes beyond them and
 * at least SVG_WIN_COLS by SVG_WIN_ROWS: every hex is a polygon and a
 * label, and a 150 x 150 map would make a 3 MB attachment of open sea. */
#define SVG_WHOLE_MAX	1600
#define SVG_WIN_MARGIN	3
#define SVG_WIN_COLS	20
#define SVG_WIN_ROWS	15

/* A picture being written.  err is set by the first writer call that
 * fails; later calls still run (they fail too, harmlessly), and the
 * caller checks err once at the end. */
struct svg {
	const struct nv_state	*st;
	const unsigned char	*ship_visible;	/* not owned; NULL: all */
	const unsigned char	*wreck_visible;	/* not owned; NULL: all */
	int			 side;		/* reader, or -1 */
	xmlTextWriterPtr	 w;
	int			 err;
	int			 digits;
	char			(*codes)[MAP_CODE_SIZE];	/* owned */
	int			*at;		/* per hex: ship + 1, or 0; owned */
	/* The columns and rows drawn: the whole map, or on a big map a
	 * window around what the reader is shown (map-svg.c, window());
	 * c0 is odd, so the window's columns stand as a map's do. */
	int			 c0, c1, r0, r1;
	int			 windowed;
	/* A part's picture: the window is placed around these ships
	 * (map_opts.ship_place; not owned), and clip set once it is: only
	 * what lies in it is drawn and listed. */
	const unsigned char	*place;
	int			 clip;
	int			 width, height;	/* of the picture */
	int			 map_bottom;	/* y below the column labels */
};

/* Writer calls that record failure in s->err. */
void	svg_start(struct svg *, const char *name, const char *cls);
void	svg_end(struct svg *);
void	svg_attr(struct svg *, const char *name, const char *value);
void	svg_attr_int(struct svg *, const char *name, int value);
void	svg_string(struct svg *, const char *text);
/* <text class=cls x y [text-anchor]>text</text>. */
void	svg_text(struct svg *, const char *cls, int x, int y,
	    const char *anchor, const char *text);

/* 1 if ship i is drawn: visible to the reader, on the map and, in a
 * part's picture, in its window. */
int	svg_ship_shown(const struct svg *, size_t ship);
int	svg_wreck_shown(const struct svg *, size_t wreck);
/* The fill colour of a side (static). */
const char *svg_side_colour(int side);
/* Draws a galley at (x, y) pointing along facing, at half size when
 * small; captured_from is the original side when it differs, else -1. */
void	svg_hull(struct svg *, int x, int y, int facing, int side,
	    int captured_from, int small);
/* Draws a wreck's symbol at (x, y), at half size when small. */
void	svg_wreck_mark(struct svg *, int x, int y, int small);
/* Draws a hex outline centred at (x, y) with class cls. */
void	svg_hex(struct svg *, int x, int y, const char *cls);

/* The legend's height in user units, and its width (at least as wide as
 * its widest line is estimated to be). */
void	svg_legend_size(const struct svg *, int *width, int *height);
/* Writes the legend with its top at y. */
void	svg_legend(struct svg *, int y);

/* Number of characters (not bytes) in UTF-8 text. */
int	svg_chars(const char *);

#endif
