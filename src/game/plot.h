/* plot.h: a ship's movement for one turn, as every ruleset writes it.
 *
 * A plot is two lists the ruleset's begin() hook fills from the orders:
 *
 *  - steps: what the ship does, in order.  A step is a small common record
 *    (struct nv_step) that each ruleset's step tokens map onto: forward,
 *    astern, a turn of k hexsides, a wait, or a diagonal (travel across a
 *    bow or quarter hexside, turning as it goes);
 *  - slots: when it does it, as (phase, round) pairs in time order.  Each
 *    slot is one scheduled move; a step that costs c takes c slots and is
 *    made in the last of them; a step that costs nothing (a turn that
 *    takes no time) is made with the next step that costs, or after the ship's
 *    last slot.
 *
 * The common mover (move.c) executes plots; it never reads a speed.  A
 * ruleset with a speed table fills the slots from it with
 * plot_schedule_speed(); any other ruleset fills them as its rules say
 * (two moves in one phase, a tick of twelve, one slot in the last phase
 * for backing).  docs/movement.md describes how plots are executed. */
#ifndef NV_PLOT_H
#define NV_PLOT_H

struct nv_ruleset;

/* travel of a step that does not leave its hex (a turn in place, a
 * wait). */
#define NV_TRAVEL_NONE	(-1)

/* One step.  travel is the ship's hexside (enum nv_hexside, relative to
 * its facing when the step begins) that it moves across: NV_SIDE_BOW is
 * forward, NV_SIDE_STERN astern, a bow or quarter hexside a diagonal; or
 * NV_TRAVEL_NONE.  turn is the facing change in hexsides (+ starboard,
 * - port, -3..3).  A step that travels turns as it enters the new hex
 * (a step that fails keeps the facing); one that does not travels turns
 * in place.  cost is the number of slots the step takes (0: free, only
 * for a step that does not travel).  token is the ruleset's own name for
 * the step (its letter), for its sentences; the mover never reads it.
 * A step travelling across a stern or quarter hexside is astern: its
 * contacts are of kind ASTERN. */
struct nv_step {
	signed char	 travel;
	signed char	 turn;
	unsigned char	 cost;
	unsigned char	 token;
};

/* The common shapes, for a ruleset's table of tokens. */
struct nv_step	step_forward(void);		/* F: one hex ahead */
struct nv_step	step_astern(void);		/* B: one hex astern */
/* k hexsides in place (+ starboard, - port), taking cost slots: 0 for
 * turns that take no time, 1 where turning takes a move's time. */
struct nv_step	step_turn(int k, int cost);
struct nv_step	step_wait(void);		/* one slot, no move */
/* Across hexside `travel` of the ship, turning k hexsides as it goes
 * (War Galley's P: port bow, -1). */
struct nv_step	step_diagonal(int travel, int k);

/* 1 if the step moves the ship astern (across its stern or a quarter). */
int	step_is_astern(struct nv_step);

/* A scheduled move: round `round` (from 0) of phase `phase` (from 1). */
struct nv_slot {
	unsigned char	 phase;
	unsigned char	 round;
};

#define NV_PLOT_MAX	64	/* steps in a plot */
#define NV_SLOTS_MAX	32	/* slots in a plot */

/* A ship's movement for the turn, made by the ruleset's begin() hook
 * (plot_clear, then plot_add_step and plot_add_slot or
 * plot_schedule_speed).  The mover keeps the fields marked so. */
struct nv_plot {
	int		 stopped;	/* stopped for the rest of the turn */
	int		 nslots;
	int		 slot;		/* next slot (the mover's) */
	int		 paid;		/* slots spent on the next step that
					   costs (the mover's) */
	int		 nsteps;
	int		 next;		/* index of the next step (the
					   mover's) */
	int		 defaulted;	/* not ordered: the default order */

	/* Kept by the mover, for the ruleset's end() (turning circles). */
	int		 turns;		/* steps made that changed facing */
	int		 run;		/* hexes moved straight ahead since the
					   last turn (or since the start of the
					   turn if none); reset by any other
					   move */
	struct nv_slot	 slots[NV_SLOTS_MAX];
	struct nv_step	 steps[NV_PLOT_MAX];
};

/* Empties the plot (no steps, no slots, not stopped). */
void	plot_clear(struct nv_plot *);
/* Appends a step; 0, or -1 when the plot is full (NV_PLOT_MAX). */
int	plot_add_step(struct nv_plot *, struct nv_step);
/* Adds a slot, keeping slots in time order (a slot already there is not
 * added twice).  0, or -1 when full (NV_SLOTS_MAX) or when phase or round
 * is out of range (phase 1-255, round 0-255). */
int	plot_add_slot(struct nv_plot *, int phase, int round);
/* The slots of the ruleset's speed table for speed s: in phase p,
 * rounds 0 .. ruleset_moves(rs, s, p) - 1.  A speed outside the table
 * gives none.  Returns the number of slots added. */
int	plot_schedule_speed(struct nv_plot *, const struct nv_ruleset *,
	    int speed);
/* The phase of the plot's last slot, or 0 when it has none. */
int	plot_last_phase(const struct nv_plot *);

#endif
