/* turn.h: adjudicating one turn.
 *
 * turn_play() is a pure function of (state, orders, dice): it never reads
 * the clock, a file or the OS random source, so the same inputs give the
 * same state and events byte for byte.  The common engine runs the phases
 * and the simultaneous movement (move.c); the ruleset module decides what
 * the orders mean (plots), what a contact does, fire, and the end of the
 * turn, through the hooks of ruleset.h. */
#ifndef NV_TURN_H
#define NV_TURN_H

#include <stddef.h>

#include "events.h"
#include "hex.h"

struct nv_dice;
struct nv_orders;
struct nv_ruleset;
struct nv_state;

/* One plotted movement step. */
enum nv_step_kind {
	NV_STEP_FORWARD,	/* F: into the bow hex */
	NV_STEP_PORT,		/* L: turn one hexside to port */
	NV_STEP_STARBOARD,	/* R: turn one hexside to starboard */
	NV_STEP_BACK,		/* B: one hex astern, facing kept */
};

#define NV_PLOT_MAX 64

/* A ship's movement for the turn, made by the ruleset's begin() hook. */
struct nv_plot {
	int		 speed;		/* declared speed; -1 backwards */
	unsigned char	 steps[NV_PLOT_MAX];	/* enum nv_step_kind */
	int		 nsteps;
	int		 next;		/* index of the next step to run */
	int		 stopped;	/* stopped for the rest of the turn */
	int		 defaulted;	/* not ordered: the default order */

	/* Kept by the mover, for the ruleset's end() (turning circles). */
	int		 turns;		/* L and R steps executed */
	int		 run;		/* hexes moved forward since the last
					   executed turn (or since the start
					   of the turn if none); reset by B */
};

/* What the mover found when two ships meet in a phase.  a and b are ship
 * indices.  The ruleset's contact() hook fills the outcome fields. */
#define NV_CONTACT_KINDS(X)						\
	X(RAM,		"ram")		/* a steps into b's hex; b stays,  \
					   and a does not touch b's bow */ \
	X(HEAD_ON,	"head-on")	/* a steps into b's hex across	   \
					   b's bow hexside */		\
	X(SWAP,		"swap")		/* a and b try to swap hexes */	\
	X(SAME_HEX,	"same-hex")	/* a and b step into one empty hex */ \
	X(FRIENDLY,	"friendly")	/* ships of one side touch */	\
	X(ASTERN,	"astern")	/* a backs into b */

enum nv_contact_kind {
#define X(e, s) NV_CONTACT_##e,
	NV_CONTACT_KINDS(X)
#undef X
};

const char *contact_kind_name(enum nv_contact_kind);	/* static */

struct nv_contact {
	enum nv_contact_kind kind;
	/* The geometry alone: RAM, HEAD_ON, SWAP or SAME_HEX, also when
	 * kind is FRIENDLY or ASTERN (which say how to treat it). */
	enum nv_contact_kind shape;
	int		 a;		/* the moving ship (lower id when
					   both move) */
	int		 b;
	int		 a_back;	/* a's step was B */
	int		 b_back;	/* b moved in this contact (SWAP,
					   SAME_HEX) and its step was B */
	int		 a_side;	/* hexside of a facing b (or the hex) */
	int		 b_side;	/* hexside of b facing a (or the hex) */
	struct nv_hex	 hex;		/* SAME_HEX: the contested hex */

	/* Outcome, set by the ruleset (the mover's defaults: both stop,
	 * nobody moves). */
	int		 enter;		/* ship that moves into the contested
					   hex (SAME_HEX), or -1 */
	int		 stop_a;
	int		 stop_b;
	int		 redirect_a;	/* a's step goes into this direction
					   instead (a rake's slip), or -1 */
	int		 redirect_b;	/* the same for b, when b stepped in
					   this contact (SWAP, SAME_HEX) */
	int		 redirect_alt;	/* the redirected ship's second
					   choice, taken when the first hex
					   is not free, or -1 */
};

/* A turn in progress.  The ruleset hooks see and change it. */
struct nv_turn {
	const struct nv_ruleset	*rs;
	struct nv_state		*st;	/* the state being advanced (owned
					   by turn_play until it returns) */
	const struct nv_orders	*orders;	/* may be NULL: no orders */
	struct nv_dice		*dice;
	struct nv_events	*ev;
	struct nv_plot		*plots;	/* one per ship */
	int			 phase;	/* 0 before, 1..phases, phases+1 */
	int			 turn;	/* number of the turn being played */
	void			*rs_turn;	/* the ruleset's scratch */
	/* "id (class, side)" of every ship as at the start of the turn,
	 * for event sentences; owned by turn_play. */
	char			**desc;
};

/* Adjudicates one turn.  in is not changed; on success *out is the new
 * state (owned by the caller), its turn one higher, and ev holds the
 * events.  Returns 0, or -1
 * with *cause set (owned by caller) and *out NULL; also when the game has
 * ended (in->result is not "playing"): no turn follows the last one. */
int	turn_play(const struct nv_state *in, const struct nv_orders *orders,
	    struct nv_dice *dice, struct nv_state **out,
	    struct nv_events *ev, char **cause);

/* Appends an event of the turn's current phase; ship and other are ship
 * indices or -1.  Inside a phase the sentence is prefixed "Phase N: ",
 * so every sentence a report quotes stands on its own. */
void	turn_event(struct nv_turn *, const char *kind, int ship, int other,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Rolls a die for the ruleset and records it as an event of kind "roll":
 * "<ship> rolls 1d6=5 for <purpose>".  0 or -1 with *cause. */
int	turn_roll(struct nv_turn *, int sides, const char *purpose,
	    const char *ship, int *out, char **cause);

#endif
