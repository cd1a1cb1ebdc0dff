/* map-cover.c: the sheets that cover a reader's ships (see map.h,
 * docs/maps.md "Sheets around the reader's ships").
 *
 * The ships to cover are points (column, row).  They are cut into bands
 * of at most W columns, left to right, each band starting at the first
 * column not yet covered; each band's ships are cut the same way into
 * groups of at most H rows, top to bottom.  That greedy cut gives the
 * fewest bands (and, in each band, the fewest groups) that an interval
 * cover can have, and it depends on the points alone: not on ship ids,
 * side names or the order of the ships in the state.  Each group's sheet
 * then grows around its ships to the full sheet size where there is
 * room, into at most half the sea between it and the next band or group,
 * so that sheets never overlap.
 *
 * Invariant: every point lies on exactly one sheet; sheets are disjoint
 * rectangles inside the map, at most W columns and H rows each. */
#include "config.h"

#include <stdlib.h>

#include "hex.h"
#include "map-int.h"
#include "state.h"
#include "xalloc.h"

struct pt {
	int	col, row;
};

static int
cmp_col(const void *a, const void *b)
{
	const struct pt	*p = a, *q = b;

	if (p->col != q->col)
		return p->col < q->col ? -1 : 1;
	return (p->row > q->row) - (p->row < q->row);
}

static int
cmp_row(const void *a, const void *b)
{
	const struct pt	*p = a, *q = b;

	if (p->row != q->row)
		return p->row < q->row ? -1 : 1;
	return (p->col > q->col) - (p->col < q->col);
}

/* The span of at most n out of [a, b] that holds [lo, hi] (a <= lo <=
 * hi <= b, hi - lo < n), centred on it; when odd, one that starts on an
 * odd column if the ships allow, as windows do (map.c). */
static void
place(int lo, int hi, int n, int a, int b, int odd, int *s0, int *s1)
{
	int	start;

	if (n > b - a + 1)
		n = b - a + 1;
	start = (lo + hi + 1 - n) / 2;
	if (start > b - n + 1)
		start = b - n + 1;
	if (start < a)
		start = a;
	if (odd && start % 2 == 0) {
		if (start - 1 >= a && start + n - 2 >= hi)
			start--;
		else if (start + 1 <= lo && start + n <= b)
			start++;
	}
	*s0 = start;
	*s1 = start + n - 1;
}

/* Greedy cut of the values key(p[0..n)) (sorted) into runs of at most w:
 * run k is p[first[k]] to p[first[k + 1] - 1].  Returns how many runs. */
static size_t
runs(const struct pt *p, size_t n, int by_col, int w, size_t *first)
{
	size_t	i = 0, k = 0;
	int	lo;

	while (i < n) {
		first[k++] = i;
		lo = by_col ? p[i].col : p[i].row;
		while (i < n && (by_col ? p[i].col : p[i].row) <= lo + w - 1)
			i++;
	}
	first[k] = n;
	return k;
}

/* The room of run k of nr runs over [1, total]: from the middle of the
 * gap before it to the middle of the gap after it. */
static void
room(const struct pt *p, const size_t *first, size_t k, size_t nr,
    int by_col, int total, int *a, int *b)
{
#define KEY(i) (by_col ? p[(i)].col : p[(i)].row)
	*a = k == 0 ? 1 : (KEY(first[k] - 1) + KEY(first[k])) / 2 + 1;
	*b = k + 1 == nr ? total :
	    (KEY(first[k + 1] - 1) + KEY(first[k + 1])) / 2;
#undef KEY
}

size_t
map_cover_of(const struct map_ctx *m, struct map_sheet **out)
{
	const struct nv_state	*st = m->st;
	struct pt		*p;
	struct map_sheet	*s;
	size_t			*bands, *groups, np = 0, nb, ng, i, j, n = 0;
	int			 w, h, a, b, *cols;

	*out = NULL;
	p = xcalloc(st->nships + 1, sizeof *p);
	for (i = 0; i < st->nships; i++)
		if (map_ship_placed(m, (int)i)) {
			hex_to_cr(st->ships[i].hex, &p[np].col, &p[np].row);
			np++;
		}
	if (np == 0) {
		free(p);
		return 0;
	}
	w = map_columns_fit(m->o.width, m->digits);
	w = w < st->columns ? w : st->columns;
	h = m->o.height < st->rows ? m->o.height : st->rows;
	qsort(p, np, sizeof *p, cmp_col);
	bands = xcalloc(np + 1, sizeof *bands);
	groups = xcalloc(np + 1, sizeof *groups);
	*out = xcalloc(np, sizeof **out);
	nb = runs(p, np, 1, w, bands);
	/* Every band's columns first: the rows sort below reorders the
	 * points of a band, and its room depends on its neighbours'. */
	cols = xcalloc(2 * nb, sizeof *cols);
	for (i = 0; i < nb; i++) {
		room(p, bands, i, nb, 1, st->columns, &a, &b);
		place(p[bands[i]].col, p[bands[i + 1] - 1].col, w, a, b, 1,
		    &cols[2 * i], &cols[2 * i + 1]);
	}
	for (i = 0; i < nb; i++) {
		struct pt	*q = p + bands[i];
		size_t		 nq = bands[i + 1] - bands[i];

		qsort(q, nq, sizeof *q, cmp_row);
		ng = runs(q, nq, 0, h, groups);
		for (j = 0; j < ng; j++) {
			room(q, groups, j, ng, 0, st->rows, &a, &b);
			s = &(*out)[n++];
			s->number = (int)n;
			s->area.col0 = cols[2 * i];
			s->area.col1 = cols[2 * i + 1];
			place(q[groups[j]].row, q[groups[j + 1] - 1].row, h,
			    a, b, 0, &s->area.row0, &s->area.row1);
		}
	}
	free(cols);
	free(groups);
	free(bands);
	free(p);
	return n;
}
