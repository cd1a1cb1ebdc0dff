/* classic-board.h: what the two boarding files share (private to
 * classic-board.c, which grapples and fights the rounds, and
 * classic-capture.c, which settles a round: surrender, capture, repulse).
 * See docs/classic/boarding.md. */
#ifndef NV_CLASSIC_BOARD_H
#define NV_CLASSIC_BOARD_H

#include <stddef.h>

#include "classic.h"
#include "state.h"
#include "turn.h"

struct buf;

/* Why a ship surrenders after a round. */
enum { WHY_NONE, WHY_RATIO, WHY_EMPTY };

/* A grapple as one of its two ships sees it: the other ship, and whether
 * this one boards it (is its attacker). */
struct grapple {
	int		 other;
	unsigned char	 att;
};

/* One ship's grapples, sorted by the other ship's index (so by id). */
struct grapples {
	struct grapple	*v;		/* owned */
	size_t		 n, cap;
};

/* The boarding step's working lists, read from the ships' grappled and
 * boarding lists and written back at the end of the step.  A ship has a
 * few grapples at most, so they are kept per ship rather than in a table
 * of every pair, which made the step quadratic in the number of ships.
 * Invariants: i has a grapple with j exactly when j has one with i; a
 * ship boards only a ship it is grappled to. */
struct board {
	struct nv_turn		  *t;
	struct nv_state		  *st;
	const struct classic_data *cd;
	size_t			   n;
	struct grapples		  *gr;		/* per ship */
	int			  *camp;	/* per ship: 0 or 1 in its
						   fight, -1 in none */
	int			  *why;		/* per ship: WHY_* */
	int			  *captor;	/* per ship, or -1 */
};

/* classic-board.c: the grapples.  board_grappled: i and j are grappled;
 * board_boards: i boards j (and so is grappled to it).  board_join
 * grapples i and j, boarding as before (neither, for a new grapple);
 * board_set_boards sets whether i boards j, on a grapple that exists;
 * board_cut removes the grapple, and so any boarding across it. */
int	board_grappled(const struct board *, int i, int j);
int	board_boards(const struct board *, int i, int j);
void	board_join(struct board *, int i, int j);
void	board_set_boards(struct board *, int i, int j, int on);
void	board_cut(struct board *, int i, int j);

static inline struct nv_ship *
board_ship(const struct board *b, int i)
{
	return &b->st->ships[i];
}

/* Ship attribute of each marine type, lightest first. */
static inline int
marine_attr(int m)
{
	static const int attrs[CL_M_COUNT] = {
		CL_A_M_LIGHT, CL_A_M_MEDIUM, CL_A_M_HEAVY
	};

	return attrs[m];
}

static inline const char *
marine_id(int m)
{
	static const char *const ids[] = {
#define X(e, id) id,
		CLASSIC_MARINES(X)
#undef X
	};

	return ids[m];
}

static inline int
marines(const struct nv_ship *s)
{
	int	m, sum = 0;

	for (m = 0; m < CL_M_COUNT; m++)
		sum += (int)s->attr[marine_attr(m)].i;
	return sum;
}

/* Sets the count of one marine type and keeps the total in step. */
static inline void
set_marines(struct nv_ship *s, int m, long v)
{
	s->attr[marine_attr(m)].i = v;
	s->attr[CL_A_MARINES].i = marines(s);
}

static inline int
enemies(const struct board *b, int i, int j)
{
	return board_ship(b, i)->side != board_ship(b, j)->side;
}

/* A raked ship cannot board the ship that raked it. */
static inline int
raked_by(const struct board *b, int i, int j)
{
	return classic_ids_contain(board_ship(b, i)->attr[CL_A_RAKED_BY].s,
	    board_ship(b, j)->id);
}

/* classic-capture.c */
/* The ships of camp in the group mem (nm ships, in id order): "a1 and
 * a2", or with full their descriptions and " (pooled)" when several. */
void	board_camp_text(const struct board *, const int *mem, size_t nm,
	    int camp, int full, struct buf *);
/* Settles a round of the group mem: left[] holds each camp's marines
 * after it.  Surrenders and captures, then repulses, with their events. */
void	board_outcome(struct board *, const int *mem, size_t nm,
	    const int *left);

#endif
