/* move.h: the common simultaneous mover (private to src/game).
 *
 * move.c runs the movement part of one phase for every ruleset: turns
 * before each step, the simultaneous steps resolved to a fixed point,
 * contacts handed to rs->ops->contact in a fixed order, and the turns
 * after a ship's last step.  docs/movement.md explains the algorithm and
 * every ruling it makes. */
#ifndef NV_MOVE_H
#define NV_MOVE_H

struct nv_ruleset;
struct nv_turn;

/* Moves of one phase (t->phase).  0, or -1 with *cause (owned by the
 * caller) when a ruleset hook failed. */
int	move_phase(struct nv_turn *, char **cause);

/* Steps a ship plotted at this speed makes in phase p: the ruleset's
 * schedule, and for speed -1 (backwards) one step in the last phase. */
int	move_count(const struct nv_ruleset *, int speed, int phase);
/* The last phase in which a ship at this speed steps, or 0. */
int	move_last_phase(const struct nv_ruleset *, int speed);

#endif
