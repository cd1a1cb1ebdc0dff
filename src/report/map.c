/* map.c: the ASCII hex map (see map.h): windows and sheets, captions.
 * map-code.c numbers the ships, map-grid.c draws the hexes, map-legend.c
 * lists the ships. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hex.h"
#include "map-int.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

int
map_columns_fit(int width, int digits)
{
	/* Row labels and a space on both sides; the last hex's right edge
	 * reaches two characters past its column's MAP_COL_W. */
	int	n = (width - 2 * digits - 4) / MAP_COL_W;

	return n < 1 ? 1 : n;
}

static int
visible(const unsigned char *flags, size_t i)
{
	return flags == NULL || flags[i] != 0;
}

int
map_ship_shown(const struct map_ctx *m, int ship)
{
	return visible(m->o.ship_visible, (size_t)ship) &&
	    ship_on_map(&m->st->ships[ship]);
}

/* Is ship i one of those the window or the sheets are placed around: the
 * reader's shown ships (of the part, with ship_place), or every shown
 * ship when the reader has none (ctx_init decides which, once). */
static int
placed(const struct map_ctx *m, size_t i, int all)
{
	return map_ship_shown(m, (int)i) &&
	    (m->o.ship_place == NULL || m->o.ship_place[i]) &&
	    (all || m->st->ships[i].side == m->o.side);
}

int
map_ship_placed(const struct map_ctx *m, int ship)
{
	return placed(m, (size_t)ship, m->place_all);
}

int
map_wreck_shown(const struct map_ctx *m, size_t wreck)
{
	return visible(m->o.wreck_visible, wreck);
}

static void
ctx_init(struct map_ctx *m, const struct nv_state *st,
    const struct map_opts *o)
{
	static const struct map_opts	 def = MAP_OPTS_INIT;
	size_t				 i;

	m->st = st;
	m->o = o != NULL ? *o : def;
	if (m->o.width <= 0)
		m->o.width = MAP_WIDTH;
	if (m->o.width < MAP_WIDTH_MIN)
		m->o.width = MAP_WIDTH_MIN;
	if (m->o.height <= 0)
		m->o.height = MAP_HEIGHT;
	if (m->o.side >= (int)st->nsides)
		m->o.side = -1;
	m->digits = state_hex_digits(st);
	m->codes = map_ship_codes(st, m->o.ship_visible);
	m->at = NULL;
	m->wreck_at = NULL;
	/* The reader's ships; failing those, every visible ship. */
	m->place_all = 1;
	for (i = 0; m->o.side >= 0 && i < st->nships; i++)
		if (placed(m, i, 0)) {
			m->place_all = 0;
			break;
		}
}

/* What map-grid.c draws in each hex, found once rather than by a scan of
 * every ship and wreck for every hex drawn: the ship shown there (index +
 * 1; of two, the first, as state_ship_at() finds it), and whether a wreck
 * shown lies there. */
static void
index_hexes(struct map_ctx *m)
{
	const struct nv_state	*st = m->st;
	size_t			 i, cells;
	int			 col, row, *cell;

	cells = (size_t)st->columns * (size_t)st->rows;
	m->at = xcalloc(cells + 1, sizeof *m->at);
	m->wreck_at = xcalloc(cells + 1, 1);
	for (i = st->nships; i > 0; i--) {
		if (!ship_on_map(&st->ships[i - 1]) ||
		    !state_on_map(st, st->ships[i - 1].hex))
			continue;
		hex_to_cr(st->ships[i - 1].hex, &col, &row);
		cell = &m->at[(size_t)(row - 1) * (size_t)st->columns +
		    (size_t)(col - 1)];
		/* Downwards: the first ship in id order stays. */
		*cell = (int)i;
	}
	for (i = 0; i < st->nwrecks; i++) {
		if (!map_wreck_shown(m, i) ||
		    !state_on_map(st, st->wrecks[i].hex))
			continue;
		hex_to_cr(st->wrecks[i].hex, &col, &row);
		m->wreck_at[(size_t)(row - 1) * (size_t)st->columns +
		    (size_t)(col - 1)] = 1;
	}
}

static void
ctx_free(struct map_ctx *m)
{
	free(m->codes);
	free(m->at);
	free(m->wreck_at);
	m->codes = NULL;
	m->at = NULL;
	m->wreck_at = NULL;
}

/* Start of a span of n out of total, centred on [lo, hi], clamped. */
static int
centre(int lo, int hi, int n, int total)
{
	int	start = (lo + hi + 1 - n) / 2;

	if (start > total - n + 1)
		start = total - n + 1;
	return start < 1 ? 1 : start;
}

static struct map_area
window_of(const struct map_ctx *m)
{
	const struct nv_state	*st = m->st;
	struct map_area		 a, box = { st->columns + 1, 0, st->rows + 1,
				    0 };
	int			 col, row, ncol, nrow;
	size_t			 i;

	for (i = 0; i < st->nships; i++) {
		if (!map_ship_placed(m, (int)i))
			continue;
		hex_to_cr(st->ships[i].hex, &col, &row);
		box.col0 = col < box.col0 ? col : box.col0;
		box.col1 = col > box.col1 ? col : box.col1;
		box.row0 = row < box.row0 ? row : box.row0;
		box.row1 = row > box.row1 ? row : box.row1;
	}
	if (box.col1 == 0)
		box = (struct map_area){ 1, st->columns, 1, st->rows };
	ncol = map_columns_fit(m->o.width, m->digits);
	ncol = ncol < st->columns ? ncol : st->columns;
	nrow = m->o.height < st->rows ? m->o.height : st->rows;
	a.col0 = centre(box.col0, box.col1, ncol, st->columns);
	/* Start on an odd column where the ships allow it, so that the
	 * row labels are always level with the upper hexes of their row,
	 * as on every sheet. */
	if (a.col0 % 2 == 0) {
		if (box.col1 <= a.col0 + ncol - 2)
			a.col0--;
		else if (box.col0 > a.col0 && a.col0 + ncol <= st->columns)
			a.col0++;
	}
	a.row0 = centre(box.row0, box.row1, nrow, st->rows);
	a.col1 = a.col0 + ncol - 1;
	a.row1 = a.row0 + nrow - 1;
	return a;
}

struct map_area
map_window(const struct nv_state *st, const struct map_opts *o)
{
	struct map_ctx	m;
	struct map_area	a;

	ctx_init(&m, st, o);
	a = window_of(&m);
	ctx_free(&m);
	return a;
}

/* Splits total into n spans as even as possible; span i is [*lo, *hi]. */
static void
split(int total, int n, int i, int *lo, int *hi)
{
	int	base = total / n, extra = total % n;

	*lo = 1 + i * base + (i < extra ? i : extra);
	*hi = *lo + base + (i < extra ? 1 : 0) - 1;
}

/* Sheet width in columns: an even number (so that every sheet starts on
 * an odd column, like windows), as near equal as the fit allows. */
static int
sheet_columns(int columns, int fit, int *nx)
{
	int	w;

	if (columns <= fit) {
		*nx = 1;
		return columns;
	}
	fit -= fit % 2;
	if (fit < 2)
		fit = 1;
	*nx = (columns + fit - 1) / fit;
	w = (columns + *nx - 1) / *nx;
	return w + (w % 2 != 0 && w < fit ? 1 : 0);
}

static size_t
sheets_of(const struct map_ctx *m, struct map_sheet **out)
{
	static const int	 dx[MAP_NB_COUNT] = { 0, 1, 1, 1, 0, -1, -1,
				    -1 };
	static const int	 dy[MAP_NB_COUNT] = { -1, -1, 0, 1, 1, 1, 0,
				    -1 };
	const struct nv_state	*st = m->st;
	struct map_sheet	*s;
	int			 fit, w, nx, ny, i, j, k, ni, nj;

	fit = map_columns_fit(m->o.width, m->digits);
	w = sheet_columns(st->columns, fit, &nx);
	ny = (st->rows + m->o.height - 1) / m->o.height;
	*out = xcalloc((size_t)nx * (size_t)ny, sizeof **out);
	for (j = 0; j < ny; j++) {
		for (i = 0; i < nx; i++) {
			s = &(*out)[j * nx + i];
			s->number = j * nx + i + 1;
			s->area.col0 = 1 + i * w;
			s->area.col1 = s->area.col0 + w - 1;
			if (s->area.col1 > st->columns)
				s->area.col1 = st->columns;
			split(st->rows, ny, j, &s->area.row0, &s->area.row1);
			for (k = 0; k < MAP_NB_COUNT; k++) {
				ni = i + dx[k];
				nj = j + dy[k];
				if (ni >= 0 && ni < nx && nj >= 0 && nj < ny)
					s->nb[k] = nj * nx + ni + 1;
			}
		}
	}
	return (size_t)nx * (size_t)ny;
}

size_t
map_sheets(const struct nv_state *st, const struct map_opts *o,
    struct map_sheet **out)
{
	struct map_ctx	m;
	size_t		n;

	ctx_init(&m, st, o);
	n = sheets_of(&m, out);
	ctx_free(&m);
	return n;
}

/* Appends s with every byte that is not printable ASCII replaced by '?'
 * (one '?' per UTF-8 sequence), at most max bytes (0 for no limit). */
static void
add_ascii(struct buf *b, const char *s, size_t max)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n = 0;

	for (; *p != '\0' && (max == 0 || n < max); p++) {
		if ((*p & 0xc0) == 0x80)
			continue;	/* a UTF-8 continuation byte */
		buf_addc(b, *p >= 0x20 && *p < 0x7f ? (char)*p : '?');
		n++;
	}
}

void
map_text(const struct map_ctx *m, const char *text, struct buf *out)
{
	struct buf	 t = BUF_INIT;
	const char	*p, *w;
	size_t		 col = 0, len, width = (size_t)m->o.width;

	add_ascii(&t, text, 0);
	for (p = buf_str(&t); *p != '\0'; p = w + len) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		w = p;
		len = strcspn(w, " ");
		if (len > width)
			len = width;	/* a word too long: cut it */
		if (col > 0 && col + 1 + len > width) {
			buf_addc(out, '\n');
			col = 0;
		}
		if (col > 0) {
			buf_addc(out, ' ');
			col++;
		}
		buf_add(out, w, len);
		col += len;
	}
	buf_addc(out, '\n');
	buf_free(&t);
}

/* Writes the caption of area: a window, sheet number of n sheets around
 * the reader's ships (number > 0), or the whole map. */
static void
caption(const struct map_ctx *m, struct map_area a, int number, size_t n,
    struct buf *out)
{
	const struct nv_state	*st = m->st;
	struct buf		 t = BUF_INIT;

	if (number == 0 && a.col0 == 1 && a.row0 == 1 &&
	    a.col1 == st->columns && a.row1 == st->rows)
		buf_printf(&t, "The whole map: %d columns by %d rows.",
		    st->columns, st->rows);
	else {
		if (number > 0)
			buf_printf(&t, "Sheet %d of %zu: columns ", number,
			    n);
		else
			buf_adds(&t, "Columns ");
		buf_printf(&t, "%0*d-%0*d, rows %0*d-%0*d of a map "
		    "of %d by %d, around ", m->digits, a.col0, m->digits,
		    a.col1, m->digits, a.row0, m->digits, a.row1,
		    st->columns, st->rows);
		if (m->o.side >= 0)
			buf_printf(&t, "the ships of %s.",
			    st->sides[m->o.side].id);
		else
			buf_adds(&t, "all ships.");
	}
	map_text(m, buf_str(&t), out);
	buf_free(&t);
}

static void
sheet_caption(const struct map_ctx *m, const struct map_sheet *s,
    size_t n, struct buf *out)
{
	static const int	 pos[3][3] = {
		{ MAP_NB_NW, MAP_NB_N, MAP_NB_NE },
		{ MAP_NB_W, -1, MAP_NB_E },
		{ MAP_NB_SW, MAP_NB_S, MAP_NB_SE },
	};
	struct buf		 t = BUF_INIT;
	char			 num[16];
	int			 i, j, k, nd, len, indent;

	buf_printf(&t, "Sheet %d of %zu: columns %0*d-%0*d, rows %0*d-%0*d.",
	    s->number, n, m->digits, s->area.col0, m->digits, s->area.col1,
	    m->digits, s->area.row0, m->digits, s->area.row1);
	map_text(m, buf_str(&t), out);
	buf_free(&t);
	/* The neighbours as they lie, this sheet bracketed in the middle,
	 * every number's last digit in the same column. */
	nd = snprintf(num, sizeof num, "%zu", n);
	/* The caption beside the key when it fits, above it when not. */
	indent = 12 + 3 * (nd + 3) <= m->o.width ? 12 : 0;
	if (indent == 0)
		buf_adds(out, "Next sheets:\n");
	for (i = 0; i < 3; i++) {
		if (indent > 0)
			buf_adds(out, i == 0 ? "Next sheets:" :
			    "            ");
		for (j = 0; j < 3; j++) {
			k = pos[i][j];
			if (k < 0) {
				len = snprintf(num, sizeof num, "%d",
				    s->number);
				buf_printf(out, "%*s[%s] ", 1 + nd - len, "",
				    num);
			} else if (s->nb[k] > 0)
				buf_printf(out, "%*d  ", 2 + nd, s->nb[k]);
			else
				buf_printf(out, "%*s  ", 2 + nd, "-");
		}
		while (out->len > 0 && out->p[out->len - 1] == ' ')
			out->p[--out->len] = '\0';
		buf_addc(out, '\n');
	}
}

size_t
map_cover(const struct nv_state *st, const struct map_opts *o,
    struct map_sheet **out)
{
	struct map_ctx	m;
	size_t		n;

	ctx_init(&m, st, o);
	n = map_cover_of(&m, out);
	if (n <= 1) {
		free(*out);
		*out = xcalloc(1, sizeof **out);
		(*out)->number = 1;
		(*out)->area = window_of(&m);
		n = 1;
	}
	ctx_free(&m);
	return n;
}

void
map_render(const struct nv_state *st, const struct map_opts *o,
    struct buf *out)
{
	struct map_ctx		 m;
	struct map_sheet	*sheets = NULL;
	struct map_area		 a = { 1, st->columns, 1, st->rows };
	struct buf		 t = BUF_INIT;
	size_t			 n = 0, i;

	ctx_init(&m, st, o);
	index_hexes(&m);
	buf_printf(&t, "Turn %d", st->turn);
	if (st->title != NULL)
		buf_printf(&t, ": %s", st->title);
	map_text(&m, buf_str(&t), out);
	buf_free(&t);
	if (m.o.cut == MAP_SHEETS)
		n = sheets_of(&m, &sheets);
	else if ((n = map_cover_of(&m, &sheets)) <= 1) {
		/* The reader's ships fit one window: the window. */
		free(sheets);
		sheets = NULL;
		n = 0;
		a = window_of(&m);
		caption(&m, a, 0, 0, out);
		buf_addc(out, '\n');
		map_grid(&m, a, out);
	}
	if (n > 1)
		map_overview(&m, sheets, n, out);
	for (i = 0; i < n; i++) {
		buf_addc(out, '\n');
		if (m.o.cut == MAP_SHEETS)
			sheet_caption(&m, &sheets[i], n, out);
		else
			caption(&m, sheets[i].area, sheets[i].number, n,
			    out);
		buf_addc(out, '\n');
		map_grid(&m, sheets[i].area, out);
	}
	buf_addc(out, '\n');
	map_key(&m, out);
	map_legend(&m, sheets, n, a, out);
	free(sheets);
	ctx_free(&m);
}
