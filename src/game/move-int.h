/* move-int.h: what the mover's files share (private to move*.c).
 *
 * move.c runs a phase as rounds and executes the plots' steps;
 * move-resolve.c decides a round's steps (the fixed point, contests,
 * rings); move-terrain.c the steps the map decides (edge, land, wrecks,
 * markers); move-contact.c queues the contacts found, hands them to the
 * ruleset in order and applies their outcomes (stops, slips, blocks,
 * eliminations); move-force.c moves ships outside their plots.
 * docs/movement.md explains the algorithm and every ruling it makes. */
#ifndef NV_MOVE_INT_H
#define NV_MOVE_INT_H

#include <stddef.h>

#include "hex.h"
#include "turn.h"

struct nv_hexindex;

enum mv_state {
	MV_IDLE,	/* no step this round: stays */
	MV_PENDING,	/* stepping; not yet decided */
	MV_CONTEST,	/* in a contest for an empty hex, being resolved */
	MV_DONE,	/* entered its target hex */
	MV_FAILED,	/* stays: its step met a ship */
	MV_BLOCKED,	/* stays: land, a wreck, an obstacle */
	MV_EXITED,	/* left the map or the battle */
	MV_FORCED,	/* moved by move_force() during the round: it left
			   the hex it held when the round began */
};

struct mv {
	enum mv_state	 state;
	int		 on;		/* on the map at round start */
	int		 back;		/* the step is astern */
	int		 dir;		/* direction of the step */
	int		 turn;		/* facing change made on entering */
	int		 straight;	/* forward without turning: counts in
					   the plot's run */
	int		 moved;		/* DONE and already applied */
	int		 was_stopped;	/* stopped before the round */
	int		 passed;	/* the terrain() hook let it into the
					   obstacle in `to` (PASS, ENTER_STOP) */
	int		 stop_on_entry;	/* ENTER_STOP: stops in `to` */
	struct nv_hex	 from;
	struct nv_hex	 to;
	/* Made by mv_look_ahead() for a ship that steps, before any step
	 * of the round is applied, so they describe the round's start
	 * whatever moves later: the ship that stood in `to` (-1: none), and
	 * the ships stepping into `to`, in index order: first_in, then each
	 * one's next_in (-1 ends the list). */
	int		 ahead;
	int		 first_in;
	int		 next_in;
	int		 lost;		/* lost a contest (settle_contests) */
};

struct queued {
	struct nv_contact c;
	long		 key;		/* ops->contact_key, or 0 */
	size_t		 seq;		/* keeps the sort total */
};

struct slip {
	int	ship;
	int	dir;
	int	alt;		/* second choice, or -1 */
};

struct round {
	struct nv_turn	*t;
	struct nv_hexindex *ix;		/* the phase's, kept exact */
	struct mv	*mv;
	size_t		 n;
	struct queued	*q;		/* this wave's contacts */
	size_t		 nq, capq;
	size_t		 seq;
	/* Redirected steps, in contact order, one per ship. */
	struct slip	*slips;
	size_t		 nslips, capslips;
};

/* move.c */
const char *mv_ev(enum nv_event_kind);
const char *mv_hname(const struct round *, struct nv_hex, char *buf);
/* A hex's name, or "the hex off the map". */
const char *mv_hname_any(const struct round *, struct nv_hex, char *buf);

/* move-resolve.c: one round's steps, after the plots made them pending.
 * mv_look_ahead() notes who stands in and who steps into each target hex;
 * mv_terrain() decides the steps the map alone decides; mv_resolve()
 * runs the fixed point, contests and rings until every step is decided,
 * handing contacts to the ruleset wave by wave.  0, or -1 with *cause. */
void	mv_look_ahead(struct round *);
int	mv_terrain(struct round *, char **cause);
int	mv_resolve(struct round *, char **cause);
/* The ship that stood in the hex ship i steps into when the round began,
 * or -1. */
int	mv_occupant(const struct round *, int i);
/* Ship o has left the hex it held when the round began (moved, exited,
 * out of the battle, forced away). */
int	mv_gone(const struct round *, int o);
/* Ships still stepping into the hex ship i steps into (or already in
 * it). */
size_t	mv_entrants(const struct round *, int i);
/* Ship i cannot enter its hex: stays, stops, event `blocked`. */
void	mv_block(struct round *, int i, const char *what);

/* move-terrain.c: a step into the edge, land, a wreck or an obstacle
 * marker (marker: its index, else -1), decided by the ruleset's terrain()
 * hook or the default answers, and applied.  Returns 1 if the ship is
 * still on its way (PASS, ENTER_STOP), 0 if decided, -1 with *cause. */
int	mv_terrain_step(struct round *, int i, enum nv_terrain_kind,
	    int marker, char **cause);

/* move-force.c: a ship whose step is still undecided (pending,
 * contesting, or decided and not yet applied) steps into h: its index,
 * else -1. */
int	mv_spoken_for(const struct round *, struct nv_hex h);

/* move-contact.c */
/* a's step into the hex of b, which stays. */
void	mv_queue_into(struct round *, int a, int b);
/* a and b (a < b) both step: into each other's hex (SWAP) or into one
 * hex (SAME_HEX). */
void	mv_queue_pair(struct round *, enum nv_contact_kind shape, int a,
	    int b);
/* Hands the wave's contacts to the ruleset in order, applies their
 * outcomes and settles the contests.  0, or -1 with *cause. */
int	mv_run_contacts(struct round *, char **cause);
/* After the round: redirected steps, then the `stop` events. */
void	mv_slips(struct round *);
void	mv_stop_events(struct round *);

#endif
