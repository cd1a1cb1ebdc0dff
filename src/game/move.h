/* move.h: the common simultaneous mover (private to src/game).
 *
 * move.c runs the movement part of one phase for every ruleset: the
 * rounds of the phase, each ship's steps at its slots (plot.h), the
 * simultaneous steps resolved to a fixed point, contacts handed to
 * rs->ops->contact in a fixed order, and the free steps after a ship's
 * last slot.  The services modules call (move_force, move_place) are in
 * turn.h.  docs/movement.md explains the algorithm and every ruling it
 * makes. */
#ifndef NV_MOVE_H
#define NV_MOVE_H

struct nv_turn;

/* Moves of one phase (t->phase), on the turn's hex index (t->ix).  0, or
 * -1 with *cause (owned by the caller) when a ruleset hook failed. */
int	move_phase(struct nv_turn *, char **cause);
/* Turn 0, the deployment turn (move-deploy.c): places the ships the
 * orders place (t->orders).  0, or -1 with *cause. */
int	move_deploy(struct nv_turn *, char **cause);

#endif
