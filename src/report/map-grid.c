/* map-grid.c: drawing the hex outlines, ships, land and wrecks.
 *
 * Each hex is drawn on a character canvas at its origin (x, y), as below;
 * neighbouring hexes share their edges, and the shared characters are the
 * same, so hexes can be drawn in any order.  Odd columns stand half a hex
 * (two lines) higher than even ones, as the rules define.
 *
 *       x+2..x+4          y
 *       ___
 *      /<^>\              y+1   north marks: NW N NE
 *     / A1  \             y+2   the ship's code
 *     \ <v> /             y+3   south marks: SW S SE
 *      \___/              y+4   (the next row's top edge)
 *
 * A ship's bow mark sits next to the hexside the bow faces: above the
 * code for N, NE and NW, below it for S, SE and SW; left, centre or right
 * as the direction is west, straight or east.  Only one mark is drawn. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hex.h"
#include "map-int.h"
#include "state.h"
#include "xalloc.h"

struct canvas {
	int	 w, h;
	char	*c;	/* w * h, spaces */
};

/* Line and column of each facing's mark, relative to the hex origin. */
static const struct {
	int	dy, dx;
	char	mark;
} bow[NV_DIR_COUNT] = {
	{ 1, 3, '^' },	/* N */
	{ 1, 4, '>' },	/* NE */
	{ 3, 4, '>' },	/* SE */
	{ 3, 3, 'v' },	/* S */
	{ 3, 2, '<' },	/* SW */
	{ 1, 2, '<' },	/* NW */
};

static void
put(struct canvas *cv, int y, int x, const char *s)
{
	for (; *s != '\0'; s++, x++)
		if (y >= 0 && y < cv->h && x >= 0 && x < cv->w)
			cv->c[y * cv->w + x] = *s;
}

static void
outline(struct canvas *cv, int y, int x)
{
	put(cv, y, x + 2, "___");
	put(cv, y + 1, x + 1, "/");
	put(cv, y + 1, x + 5, "\\");
	put(cv, y + 2, x, "/");
	put(cv, y + 2, x + 6, "\\");
	put(cv, y + 3, x, "\\");
	put(cv, y + 3, x + 6, "/");
	put(cv, y + 4, x + 1, "\\___/");
}

static void
contents(const struct map_ctx *m, struct canvas *cv, int col, int row,
    int y, int x)
{
	const struct nv_state	*st = m->st;
	struct nv_hex		 h = hex_from_cr(col, row);
	size_t			 c;
	int			 s, f;

	if (state_is_land(st, h)) {
		put(cv, y + 1, x + 2, "###");
		put(cv, y + 2, x + 1, "#####");
		put(cv, y + 3, x + 1, "#####");
		return;
	}
	c = (size_t)(row - 1) * (size_t)st->columns + (size_t)(col - 1);
	if ((s = m->at[c] - 1) >= 0 && map_ship_shown(m, s)) {
		f = st->ships[s].facing % NV_DIR_COUNT;
		/* A code of five characters fills the hex's inside. */
		put(cv, y + 2, x + (strlen(m->codes[s]) > 4 ? 1 : 2),
		    m->codes[s]);
		cv->c[(y + bow[f].dy) * cv->w + x + bow[f].dx] = bow[f].mark;
		return;
	}
	if (m->wreck_at[c])
		put(cv, y + 2, x + 1, "wreck");
}

/* Appends the canvas's lines, trailing spaces trimmed. */
static void
emit(const struct canvas *cv, struct buf *out)
{
	int	y, n;

	for (y = 0; y < cv->h; y++) {
		n = cv->w;
		while (n > 0 && cv->c[y * cv->w + n - 1] == ' ')
			n--;
		buf_add(out, cv->c + y * cv->w, (size_t)n);
		buf_addc(out, '\n');
	}
}

static void
col_labels(const struct map_ctx *m, struct canvas *cv, struct map_area a,
    int y, int margin)
{
	char	num[8];
	int	c;

	for (c = a.col0; c <= a.col1; c++) {
		if (m->digits == 3)
			(void)snprintf(num, sizeof num, "%03d", c);
		else
			(void)snprintf(num, sizeof num, "%02d", c);
		put(cv, y, margin + MAP_COL_W * (c - a.col0) + 2, num);
	}
}

void
map_grid(const struct map_ctx *m, struct map_area a, struct buf *out)
{
	struct canvas	cv;
	int		ncol = a.col1 - a.col0 + 1, nrow = a.row1 - a.row0 + 1;
	int		margin = m->digits + 1, top, odd, even, c, r, x, y;
	char		num[8];

	/* Does the area hold an odd (upper) and an even (lower) column? */
	odd = ncol > 1 || a.col0 % 2 == 1;
	even = ncol > 1 || a.col0 % 2 == 0;
	/* Line 0 holds the column labels; the grid starts on line 1, or two
	 * lines further up when there is no upper column to need them. */
	top = odd ? 1 : -1;
	cv.w = margin + MAP_COL_W * ncol + 3 + m->digits;
	cv.h = 1 + MAP_ROW_H * nrow + 1 + (odd && even ? 2 : 0) + 1;
	cv.c = xmalloc((size_t)cv.w * (size_t)cv.h);
	memset(cv.c, ' ', (size_t)cv.w * (size_t)cv.h);

	col_labels(m, &cv, a, 0, margin);
	for (c = a.col0; c <= a.col1; c++) {
		x = margin + MAP_COL_W * (c - a.col0);
		for (r = a.row0; r <= a.row1; r++) {
			y = top + MAP_ROW_H * (r - a.row0) + (c % 2 ? 0 : 2);
			outline(&cv, y, x);
			contents(m, &cv, c, r, y, x);
		}
	}
	/* Row labels on both sides, on one line, between the code lines of
	 * the row's odd-column hexes (one line up) and its even-column ones
	 * (one line down): every ship's row is the label nearest to it. */
	for (r = a.row0; r <= a.row1; r++) {
		y = top + MAP_ROW_H * (r - a.row0) + (odd ? 3 : 4);
		(void)snprintf(num, sizeof num, "%0*d", m->digits, r);
		put(&cv, y, 0, num);
		put(&cv, y, margin + MAP_COL_W * (ncol - 1) + 8, num);
	}
	col_labels(m, &cv, a, cv.h - 1, margin);
	emit(&cv, out);
	free(cv.c);
}

void
map_key(const struct map_ctx *m, struct buf *out)
{
	struct canvas	cv;
	int		f, x;

	map_text(m, "Key: the mark beside a ship's code points at the "
	    "hexside its bow faces.", out);
	if (m->o.width < 10 * NV_DIR_COUNT) {
		buf_adds(out, "Above code: NW< N^ NE>\n"
		    "Below code: SW< Sv SE>\n");
	} else {
		cv.w = 10 * NV_DIR_COUNT;
		cv.h = 6;
		cv.c = xmalloc((size_t)cv.w * (size_t)cv.h);
		memset(cv.c, ' ', (size_t)cv.w * (size_t)cv.h);
		for (f = 0; f < NV_DIR_COUNT; f++) {
			x = 10 * f + 1;
			outline(&cv, 0, x);
			put(&cv, 2, x + 2, "A1");
			cv.c[bow[f].dy * cv.w + x + bow[f].dx] = bow[f].mark;
			put(&cv, 5, x + 3 - (int)strlen(dir_name(f)) / 2,
			    dir_name(f));
		}
		emit(&cv, out);
		free(cv.c);
	}
	map_text(m, "##### land; wreck: a wreck (listed below).", out);
}
