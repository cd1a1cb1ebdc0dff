/* shipindex.h: a state's ships by id, in constant time (private to
 * src/game; state_ship_index uses it).
 *
 * state_ship_index was a binary search of ships[], sorted by id: some
 * fourteen probes a look-up at 10,000 ships, each a ship of its own, 104
 * bytes from the next, and a cache miss once the fleet outgrows the
 * cache; a turn looks ships up a hundred thousand times (the orders, the
 * events, the loader's id lists).  The index is an open-addressing table
 * of 8 bytes a slot, a hash and a place, at most three quarters full:
 * one slot (two at worst, mostly in the same cache line) and the one
 * ship it names.
 *
 * Invariant: the index was built from ships[0..n) and their ids have not
 * changed since (a state's never do: the loader and state_clone build
 * it, state_free frees it).  Ids compare as state_ship_index compares
 * them, A-Z folded to a-z.  Every hit is checked against the ship's id,
 * so a table that names the wrong place can only miss. */
#ifndef NV_SHIPINDEX_H
#define NV_SHIPINDEX_H

#include <stddef.h>

struct nv_ship;
struct nv_shipindex;

/* The index of ships[0..n) (owned by the caller, shipindex_free), or
 * NULL when two ids are one (folded): an invalid state, which the
 * binary search serves as before. */
struct nv_shipindex *shipindex_build(const struct nv_ship *ships, size_t n);
void		 shipindex_free(struct nv_shipindex *);

/* The place in ships[] of the ship whose id is lower (already folded to
 * lower case, at most NV_ID_MAX bytes), or -1.  ships and n are the
 * state's, as when the index was built. */
int		 shipindex_find(const struct nv_shipindex *,
		    const struct nv_ship *ships, size_t n, const char *lower);

/* id folded to lower case (A-Z alone: Navarch sets no locale, so
 * strcasecmp folds so too) into lower, NV_ID_MAX + 1 bytes: 0, or -1 when
 * id is longer than any ship's. */
int		 shipindex_fold(const char *id, char *lower);
/* strcasecmp(lower, id) for lower already folded, inline: a big turn
 * compares ids a hundred thousand times (issue 16). */
int		 shipindex_cmp_folded(const char *lower, const char *id);

/* Whether the index was built for n ships (state_ship_index checks it
 * before trusting the index). */
int		 shipindex_covers(const struct nv_shipindex *, size_t n);

#endif
