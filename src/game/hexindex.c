/* hexindex.c: ships and wrecks by hex in constant time (see hexindex.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hexindex.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

/* The cell of h, or 0 when h is off the map. */
static int
cell_of(const struct nv_hexindex *ix, struct nv_hex h, size_t *out)
{
	int	col, row;

	if (!hex_on_map(h, ix->columns, ix->rows))
		return 0;
	hex_to_cr(h, &col, &row);
	*out = (size_t)(row - 1) * (size_t)ix->columns + (size_t)(col - 1);
	return 1;
}

static void
mark_wrecks(struct nv_hexindex *ix)
{
	const struct nv_state	*st = ix->st;
	size_t			 k, c;

	for (k = 0; k < st->nwrecks; k++)
		if (cell_of(ix, st->wrecks[k].hex, &c))
			ix->wreck[c] = 1;
	ix->nwrecks = st->nwrecks;
}

static int
is_obstacle(const struct nv_state *st, const struct nv_marker *m)
{
	const struct nv_ruleset_ops	*ops = st->rs != NULL ? st->rs->ops :
					    NULL;

	return ops != NULL && m->kind >= 0 &&
	    (size_t)m->kind < ops->nmarker_kinds &&
	    ops->marker_kinds[m->kind].obstacle;
}

static void
mark_markers(struct nv_hexindex *ix)
{
	const struct nv_state	*st = ix->st;
	size_t			 k, c;

	for (k = 0; k < ix->nmarked; k++)
		ix->marker[ix->marked[k]] = 0;
	ix->nmarked = 0;
	ix->marked = xreallocarray(ix->marked, st->nmarkers + 1,
	    sizeof *ix->marked);
	/* Downwards, so that the first marker of a hex is the one named. */
	for (k = st->nmarkers; k > 0; k--) {
		if (!is_obstacle(st, &st->markers[k - 1]) ||
		    !cell_of(ix, st->markers[k - 1].hex, &c))
			continue;
		if (ix->marker[c] == 0)
			ix->marked[ix->nmarked++] = c;
		ix->marker[c] = (int)k;
	}
	ix->marker_gen = st->marker_gen;
}

void
hexindex_build(struct nv_hexindex *ix, struct nv_state *st)
{
	size_t	cells, i, c;

	memset(ix, 0, sizeof *ix);
	ix->st = st;
	ix->columns = st->columns > 0 ? st->columns : 0;
	ix->rows = st->rows > 0 ? st->rows : 0;
	cells = (size_t)ix->columns * (size_t)ix->rows;
	ix->cell = xcalloc(cells + 1, sizeof *ix->cell);
	ix->wreck = xcalloc(cells + 1, 1);
	ix->marker = xcalloc(cells + 1, sizeof *ix->marker);
	/* Downwards, so that of two ships in one hex the lower index stays,
	 * as state_ship_at()'s scan would find it. */
	for (i = st->nships; i > 0; i--)
		if (ship_on_map(&st->ships[i - 1]) &&
		    cell_of(ix, st->ships[i - 1].hex, &c))
			ix->cell[c] = (int)i;
	mark_wrecks(ix);
	mark_markers(ix);
}

void
hexindex_free(struct nv_hexindex *ix)
{
	free(ix->cell);
	free(ix->wreck);
	free(ix->marker);
	free(ix->marked);
	memset(ix, 0, sizeof *ix);
}

int
hexindex_ship_at(const struct nv_hexindex *ix, struct nv_hex h)
{
	size_t	c;
	int	i;

	if (!cell_of(ix, h, &c) || (i = ix->cell[c] - 1) < 0)
		return -1;
	/* The cell may name a ship that sank or exited here since. */
	return ship_on_map(&ix->st->ships[i]) ? i : -1;
}

int
hexindex_is_wreck(struct nv_hexindex *ix, struct nv_hex h)
{
	size_t	c;

	if (ix->st->nwrecks != ix->nwrecks) {
		/* Wrecks are only added, so marking them all again is enough;
		 * fewer than before (never in a turn) starts afresh. */
		if (ix->st->nwrecks < ix->nwrecks)
			memset(ix->wreck, 0, (size_t)ix->columns *
			    (size_t)ix->rows);
		mark_wrecks(ix);
	}
	return cell_of(ix, h, &c) && ix->wreck[c];
}

int
hexindex_obstacle_at(struct nv_hexindex *ix, struct nv_hex h)
{
	size_t	c;

	if (ix->st->nmarkers == 0 && ix->nmarked == 0)
		return -1;		/* the common case: no markers at all */
	if (ix->st->marker_gen != ix->marker_gen)
		mark_markers(ix);
	return cell_of(ix, h, &c) ? ix->marker[c] - 1 : -1;
}

void
hexindex_move(struct nv_hexindex *ix, int ship, struct nv_hex to)
{
	struct nv_ship	*s = &ix->st->ships[ship];
	size_t		 c;

	if (cell_of(ix, s->hex, &c) && ix->cell[c] == ship + 1)
		ix->cell[c] = 0;
	s->hex = to;
	if (cell_of(ix, to, &c))
		ix->cell[c] = ship + 1;
}
