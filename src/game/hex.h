/* hex.h: hex geometry of Navarch's map convention.
 *
 * Flat-topped hexes in columns, named CCRR (or CCCRRR on maps over 99),
 * odd columns half a hex up, facings N NE SE S SW NW = 0..5 clockwise.
 * Positions are axial (q, r), with s = -q - r; names are converted only at
 * the edges.  Integer arithmetic only.  See shared/notes/hex-math.md and
 * docs/hex.md. */
#ifndef NV_HEX_H
#define NV_HEX_H

#include <stddef.h>

struct nv_hex {
	int	q;
	int	r;
};

enum nv_dir {
	NV_DIR_N, NV_DIR_NE, NV_DIR_SE, NV_DIR_S, NV_DIR_SW, NV_DIR_NW,
	NV_DIR_COUNT
};

/* A neighbour's position relative to a ship's facing: k = (dir - facing)
 * mod 6.  "Side" hexsides are the four that are neither bow nor stern. */
#define NV_HEXSIDES(X)						\
	X(BOW,			"bow")				\
	X(STARBOARD_BOW,	"starboard bow")		\
	X(STARBOARD_QUARTER,	"starboard quarter")		\
	X(STERN,		"stern")			\
	X(PORT_QUARTER,		"port quarter")			\
	X(PORT_BOW,		"port bow")

enum nv_hexside {
#define X(e, s) NV_SIDE_##e,
	NV_HEXSIDES(X)
#undef X
};

/* Largest column or row a map may have. */
#define NV_HEX_MAX 999

/* Conversions between axial positions and (column, row), both from 1. */
struct nv_hex	hex_from_cr(int col, int row);
void		hex_to_cr(struct nv_hex, int *col, int *row);

/* Parses a hex name: exactly 2*digits decimal digits (digits is 2 for
 * CCRR, 3 for CCCRRR), column and row from 1.  0 or -1. */
int	hex_parse(const char *name, int digits, struct nv_hex *out);
/* Writes the name into out (at least 7 bytes); returns out.  digits is 2
 * or 3 (anything else means 2).  A hex with no such name (column or row
 * below 1, or too big for the digits) is written as question marks. */
char	*hex_format(struct nv_hex, int digits, char *out);
/* hex_format, but column and row 0 have names too ("0007", "1000"): the
 * hexes just off the top and left edges, where a ship that left the map
 * may be (docs/files.md).  Only state files write them. */
char	*hex_format_edge(struct nv_hex, int digits, char *out);
/* Digits per coordinate a map of this size uses: 2, or 3 over 99. */
int	hex_digits(int columns, int rows);
int	hex_on_map(struct nv_hex, int columns, int rows);
int	hex_eq(struct nv_hex, struct nv_hex);
/* Orders hexes by (column, row); for deterministic sorting. */
int	hex_cmp(struct nv_hex, struct nv_hex);

struct nv_hex	hex_neighbour(struct nv_hex, int dir);
int		hex_distance(struct nv_hex, struct nv_hex);
/* Direction from a to its neighbour b, or -1 if not adjacent. */
int		hex_direction(struct nv_hex a, struct nv_hex b);

int	dir_turn(int facing, int hexsides);	/* +1 starboard, -1 port */
int	dir_opposite(int dir);
/* "N".."NW" (static). */
const char *dir_name(int dir);
/* Parses N NE SE S SW NW (any case) or 0-5; returns 0-5 or -1. */
int	dir_parse(const char *);

/* Hexside of a ship facing `facing` that looks towards direction dir. */
int	hexside_of(int facing, int dir);
/* "bow", "starboard bow", ... (static). */
const char *hexside_name(int side);
int	hexside_is_side(int side);	/* neither bow nor stern */

/* One step of a hex line: the hex the line passes through, or the two
 * (rarely three) hexes it runs between when it follows a hexside. */
struct nv_hexline_step {
	struct nv_hex	h[3];
	int		n;
};

/* Hex line from a to b (the exact integer test of hex-math.md).  Stores at
 * most max steps, a first and b last, and returns the number of steps,
 * distance(a, b) + 1. */
size_t	hex_line(struct nv_hex a, struct nv_hex b,
	    struct nv_hexline_step *out, size_t max);
/* 1 if the hex line from a to b is clear: no hex strictly between them
 * blocks (blocks(ctx, h) says), and where the line runs along a hexside,
 * not all the hexes beside it block.  Otherwise 0, with the hexes that
 * block it first in block[0..*nblock-1] (block holds 3). */
int	hex_line_clear(struct nv_hex a, struct nv_hex b,
	    int (*blocks)(void *ctx, struct nv_hex), void *ctx,
	    struct nv_hex *block, int *nblock);

#endif
