/* map-overview.c: the overview above the sheets of a big map (see map.h,
 * docs/maps.md "The overview").
 *
 * One character a hex: a ship is its code's side letter, "*" where ships
 * of several sides share a square, "%" a wreck, "#" land, "." sea.  The
 * stagger of the columns is not drawn.  When the battle is too wide (or
 * too tall) for that, a character stands for a square of k by k hexes,
 * the smallest k that fits.  The overview shows the box of the sheets and
 * of every ship and wreck shown, one hex of sea around it where the map
 * has it: only what the reader sees, so fog holds here too. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hex.h"
#include "map-int.h"
#include "state.h"
#include "xalloc.h"

#define OV_SEA		'.'
#define OV_LAND		'#'
#define OV_WRECK	'%'
#define OV_MIXED	'*'

static void
grow(struct map_area *a, int col, int row)
{
	a->col0 = col < a->col0 ? col : a->col0;
	a->col1 = col > a->col1 ? col : a->col1;
	a->row0 = row < a->row0 ? row : a->row0;
	a->row1 = row > a->row1 ? row : a->row1;
}

/* The box the overview shows. */
static struct map_area
extent(const struct map_ctx *m, const struct map_sheet *sheets, size_t n)
{
	const struct nv_state	*st = m->st;
	struct map_area		 a = { st->columns + 1, 0, st->rows + 1, 0 };
	size_t			 i;
	int			 col, row;

	for (i = 0; i < n; i++) {
		grow(&a, sheets[i].area.col0, sheets[i].area.row0);
		grow(&a, sheets[i].area.col1, sheets[i].area.row1);
	}
	for (i = 0; i < st->nships; i++)
		if (map_ship_shown(m, (int)i)) {
			hex_to_cr(st->ships[i].hex, &col, &row);
			grow(&a, col, row);
		}
	for (i = 0; i < st->nwrecks; i++)
		if (map_wreck_shown(m, i) &&
		    state_on_map(st, st->wrecks[i].hex)) {
			hex_to_cr(st->wrecks[i].hex, &col, &row);
			grow(&a, col, row);
		}
	a.col0 = a.col0 > 1 ? a.col0 - 1 : 1;
	a.row0 = a.row0 > 1 ? a.row0 - 1 : 1;
	a.col1 = a.col1 < st->columns ? a.col1 + 1 : st->columns;
	a.row1 = a.row1 < st->rows ? a.row1 + 1 : st->rows;
	return a;
}

/* What square (x, y) shows, given what is already there. */
static char
merge(char had, char what)
{
	if (had == what || had == OV_MIXED)
		return had;
	if (what == OV_WRECK || what == OV_LAND)	/* below ships */
		return had == OV_SEA || (had == OV_LAND &&
		    what == OV_WRECK) ? what : had;
	/* A ship's letter. */
	if (had == OV_SEA || had == OV_LAND || had == OV_WRECK)
		return what;
	return OV_MIXED;
}

static void
fill(const struct map_ctx *m, struct map_area a, int k, int w, char *cell)
{
	const struct nv_state	*st = m->st;
	size_t			 i;
	int			 col, row;
	char			 c;

#define AT(col, row) cell[((row) - a.row0) / k * w + ((col) - a.col0) / k]
	for (row = a.row0; row <= a.row1; row++)
		for (col = a.col0; col <= a.col1; col++)
			if (state_is_land(st, hex_from_cr(col, row)))
				AT(col, row) = merge(AT(col, row), OV_LAND);
	for (i = 0; i < st->nwrecks; i++) {
		if (!map_wreck_shown(m, i) ||
		    !state_on_map(st, st->wrecks[i].hex))
			continue;
		hex_to_cr(st->wrecks[i].hex, &col, &row);
		AT(col, row) = merge(AT(col, row), OV_WRECK);
	}
	for (i = 0; i < st->nships; i++) {
		if (!map_ship_shown(m, (int)i))
			continue;
		hex_to_cr(st->ships[i].hex, &col, &row);
		c = m->codes[i][0];
		AT(col, row) = merge(AT(col, row),
		    isalpha((unsigned char)c) ? c : '+');
	}
#undef AT
}

/* Column labels: the first column of every tenth square, where the
 * label ends before the next one starts. */
static void
ruler(const struct map_ctx *m, struct map_area a, int k, int w,
    struct buf *out)
{
	struct buf	t = BUF_INIT;
	int		x;

	buf_printf(&t, "%*s", m->digits + 1, "");
	for (x = 0; x < w && x + m->digits <= w; x += 10)
		buf_printf(&t, "%-*.*d", x + 10 < w ? 10 : w - x, m->digits,
		    a.col0 + x * k);
	while (t.len > 0 && t.p[t.len - 1] == ' ')
		t.p[--t.len] = '\0';
	buf_adds(out, buf_str(&t));
	buf_addc(out, '\n');
	buf_free(&t);
}

void
map_overview(const struct map_ctx *m, const struct map_sheet *sheets,
    size_t nsheets, struct buf *out)
{
	const struct nv_state	*st = m->st;
	struct map_area		 a = extent(m, sheets, nsheets);
	struct buf		 t = BUF_INIT;
	int			 ncol = a.col1 - a.col0 + 1;
	int			 nrow = a.row1 - a.row0 + 1;
	int			 fit = m->o.width - m->digits - 1;
	int			 lines = MAP_ROW_H * m->o.height;
	int			 k, w, h, y;
	size_t			 i;
	char			*cell;

	/* The smallest square that fits the width and a page of lines. */
	k = (ncol + fit - 1) / fit;
	if ((nrow + lines - 1) / lines > k)
		k = (nrow + lines - 1) / lines;
	w = (ncol + k - 1) / k;
	h = (nrow + k - 1) / k;
	cell = xmalloc((size_t)w * (size_t)h);
	memset(cell, OV_SEA, (size_t)w * (size_t)h);
	fill(m, a, k, w, cell);

	buf_addc(out, '\n');
	buf_printf(&t, "Overview of the %zu sheets: columns %0*d-%0*d, rows "
	    "%0*d-%0*d, ", nsheets, m->digits, a.col0, m->digits, a.col1,
	    m->digits, a.row0, m->digits, a.row1);
	if (k == 1)
		buf_adds(&t, "a character a hex:");
	else
		buf_printf(&t, "a character for %d by %d hexes:", k, k);
	for (i = 0; i < st->nsides && i < 52; i++)
		buf_printf(&t, " %c %s,", i < 26 ? (int)('A' + i) :
		    (int)('a' + i - 26), st->sides[i].id);
	buf_printf(&t, " %c several sides, %c wreck, %c land, %c sea.",
	    OV_MIXED, OV_WRECK, OV_LAND, OV_SEA);
	map_text(m, buf_str(&t), out);
	buf_free(&t);
	buf_addc(out, '\n');
	ruler(m, a, k, w, out);
	for (y = 0; y < h; y++) {
		buf_printf(out, "%0*d ", m->digits, a.row0 + y * k);
		buf_add(out, cell + (size_t)y * (size_t)w, (size_t)w);
		buf_addc(out, '\n');
	}
	free(cell);
}
