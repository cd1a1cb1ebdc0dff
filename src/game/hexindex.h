/* hexindex.h: which ship stands in a hex, and whether it holds a wreck, in
 * constant time (private to src/game).
 *
 * state_ship_at() and state_is_wreck() scan every ship and every wreck;
 * the mover asks them for every stepping ship, which made a big battle
 * quadratic.  An index answers the same questions from a grid of the
 * map's hexes.  It belongs to whoever builds it (the mover builds one per
 * phase: docs/movement.md) and is no global.
 *
 * Invariants, as long as the state keeps its own (no two ships on the map
 * share a hex) and every change of hex is made by hexindex_move(): the
 * cell of every map hex holding a ship on the map (afloat or captured)
 * names that ship, and a cell names a ship only if the ship stands in that
 * hex.  It may have left the map there (sunk or exited): look-ups check
 * the status, so sinking, exiting and capture need no call here.
 * Wrecks are only ever added during a turn (state_add_wreck), and the
 * wreck look-up marks any that appeared since it last looked.  Markers
 * come and go (state_add_marker, state_remove_marker change the state's
 * marker_gen): the marker look-up marks them again when it has changed,
 * clearing only the cells it had marked. */
#ifndef NV_HEXINDEX_H
#define NV_HEXINDEX_H

#include <stddef.h>

#include "hex.h"

struct nv_state;

struct nv_hexindex {
	struct nv_state	*st;		/* not owned */
	int		 columns;	/* st's map, at build time */
	int		 rows;
	int		*cell;		/* columns*rows: ship index + 1, or 0;
					   owned */
	unsigned char	*wreck;		/* columns*rows: 1 if a wreck; owned */
	size_t		 nwrecks;	/* st->nwrecks when last marked */
	int		*marker;	/* columns*rows: index + 1 of the first
					   obstacle marker, or 0; owned */
	size_t		*marked;	/* cells marked in marker; owned */
	size_t		 nmarked;
	unsigned	 marker_gen;	/* st->marker_gen when last marked */
};

/* Indexes every ship on the map and every wreck of st.  Of two ships on
 * the map in one hex (a broken state) the lower index is found, as by
 * state_ship_at().  Release with hexindex_free(). */
void	hexindex_build(struct nv_hexindex *, struct nv_state *st);
void	hexindex_free(struct nv_hexindex *);

/* The same answer as state_ship_at(st, h): the ship on the map in h, or
 * -1 (also for a hex off the map). */
int	hexindex_ship_at(const struct nv_hexindex *, struct nv_hex);
/* The same answer as state_is_wreck(st, h); marks new wrecks first. */
int	hexindex_is_wreck(struct nv_hexindex *, struct nv_hex);
/* The first marker in h whose kind is an obstacle (the module's
 * marker_kinds), as an index into st->markers, or -1. */
int	hexindex_obstacle_at(struct nv_hexindex *, struct nv_hex);
/* Sets ship's hex in the state to `to` and keeps the index exact.  Steps
 * that happen at once but are applied one after another may pass through
 * a moment where two ships share a hex (a ship entering the hex of one
 * that has yet to leave it).  If each ship of such a batch moves at most
 * once, the index is exact again when no two ships on the map share a
 * hex: a ship leaving a hex clears its cell only if the cell still names
 * it. */
void	hexindex_move(struct nv_hexindex *, int ship, struct nv_hex to);

#endif
