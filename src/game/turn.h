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
#include "plot.h"

struct nv_dice;
struct nv_hexindex;
struct nv_orders;
struct nv_ruleset;
struct nv_state;

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
	int		 a_back;	/* a's step was astern */
	int		 b_back;	/* b moved in this contact (SWAP,
					   SAME_HEX) and its step was astern */
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
	/* No contact after all: the other ship is an obstacle (a prize, a
	 * ship already in contact).  Every ship that stepped in the
	 * contact stays and stops as before a wreck (event `blocked`,
	 * naming block_what, or the other ship when NULL); enter, stop_b
	 * of a ship that did not step, and the redirects are ignored.
	 * block_what is static or lives as long as the turn. */
	int		 block;
	const char	*block_what;
	/* The ship leaves the battle with this status (enum nv_status or a
	 * module's status, state.h; 0 = stays in it): it is stopped, its
	 * hex is free for a follower, and event `eliminated` gives its
	 * fate.  For the mover's elimination (a rammer lost with its
	 * victim); a module may also set statuses itself. */
	int		 eliminate_a;
	int		 eliminate_b;
};

/* A step that the map decides, handed to the ruleset's terrain() hook
 * before the mover applies it.  The hook may change outcome (and status,
 * what); the defaults (the edge: exit; the rest: block) are the first
 * ruleset's rulings. */
#define NV_TERRAIN_KINDS(X)							X(EDGE,		"edge")		/* the hex is off the map */		X(LAND,		"land")		/* the hex is land */			X(WRECK,	"wreck")	/* the hex holds a wreck */		X(MARKER,	"marker")	/* it holds an obstacle marker */

enum nv_terrain_kind {
#define X(e, s) NV_TERRAIN_##e,
	NV_TERRAIN_KINDS(X)
#undef X
};

enum nv_terrain_outcome {
	NV_TERRAIN_BLOCK,	/* stays, stops: event `blocked` (the
				   default for land, wrecks, markers) */
	NV_TERRAIN_EXIT,	/* leaves the battle across the edge: status
				   exited, event `exit` (the default for the
				   edge; only for EDGE) */
	NV_TERRAIN_ELIMINATE,	/* leaves the battle where it stands, with
				   `status`: event `eliminated` */
	NV_TERRAIN_ENTER_STOP,	/* enters the hex (meeting ships as in open
				   water) and stops there: running aground;
				   LAND (where the ruleset lets ships stand on
				   land) and MARKER only, else BLOCK */
	NV_TERRAIN_PASS,	/* enters as if it were open water (debris
				   passed); MARKER only, else BLOCK */
};

struct nv_terrain {
	enum nv_terrain_kind kind;
	int		 ship;		/* the stepping ship */
	struct nv_hex	 from;
	struct nv_hex	 to;		/* the hex it tries to enter */
	int		 dir;		/* direction of the step */
	int		 astern;	/* the step is astern */
	int		 marker;	/* MARKER: index in st->markers */
	/* Outcome. */
	enum nv_terrain_outcome outcome;
	int		 status;	/* ELIMINATE: the ship's new status */
	const char	*what;		/* BLOCK: words for the sentence
					   ("land", "a wreck"); static or
					   living as long as the turn */
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
	int			 round;	/* the round of the phase (from 0)
					   while the mover runs one, else -1 */
	int			 turn;	/* number of the turn being played */
	void			*rs_turn;	/* the ruleset's scratch */
	/* "id (class, side)" of every ship as at the start of the turn,
	 * for event sentences; owned by turn_play. */
	char			**desc;
	/* Ships and obstacles by hex for the whole turn (hexindex.h):
	 * every change of a ship's hex goes through the mover, move_force()
	 * or move_place(), which keep it exact.  Owned by turn_play. */
	struct nv_hexindex	*ix;
	/* The mover's round in progress, or NULL (move_force() asks it
	 * which hexes are spoken for). */
	void			*mover;
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
/* The last event's sentence names ship (an index) too, besides its ship
 * and other: a reader learns it from the event (events_also), and fog of
 * war shows the event only to a side that saw that ship as well.  Every
 * hook that names a third ship in a sentence says so here. */
void	turn_event_also(struct nv_turn *, int ship);
/* The same for each ship of list: ids separated by spaces, as a ship's
 * list attributes hold them (unknown ids are passed over). */
void	turn_event_also_ids(struct nv_turn *, const char *list);

/* Rolls a die for the ruleset and records it as an event of kind "roll":
 * "<ship> rolls 1d6=5 for <purpose>".  0 or -1 with *cause. */
int	turn_roll(struct nv_turn *, int sides, const char *purpose,
	    const char *ship, int *out, char **cause);

/* Rolls a pool of n dice (1..NV_POOL_MAX) of `sides` faces at once: out
 * gets them in ascending order, and one event of kind "roll" says
 * "<ship> rolls 7d10 for <purpose>: 1 4 6 6 8 9 10".  With
 * NV_ROLL_NATURALS the sentence adds how many dice show 1 and how many
 * show `sides` ("natural 1: 1, natural 10: 1"), for the rules where a
 * natural 1 always fails and a natural 10 always succeeds.  Each die is
 * recorded as a roll of its own (dice.h), flagged NV_ROLL_POOL.  0 or -1
 * with *cause. */
#define NV_POOL_MAX		64
#define NV_ROLL_NATURALS	0x1
int	turn_roll_pool(struct nv_turn *, int n, int sides, const char *purpose,
	    const char *ship, unsigned flags, int *out, char **cause);
/* Rolls again one die that showed `was` for purpose: the new die is
 * labelled "<purpose> (re-roll)", flagged NV_ROLL_REROLL, and the event
 * says "<ship> re-rolls the 3 of 1d10 for <purpose>: 8".  0 or -1. */
int	turn_reroll(struct nv_turn *, int sides, const char *purpose,
	    const char *ship, int was, int *out, char **cause);

/* Takes ship out of the battle with status (enum nv_status or a module's
 * status): its plot stops, its hex is free, and event `eliminated` says
 * "<ship> in <hex> <fate>" with the status's wording (state.h), prefixed
 * by why when given ("runs onto the coast and").  Ships do not leave the
 * battle by a status alone during the mover's round: use this. */
void	turn_eliminate(struct nv_turn *, int ship, int status,
	    const char *why);

/* ---- forced moves (move-force.c) --------------------------------------- */

/* A ship moved by the rules rather than its plot (a bounce, a drift, an
 * avoidance): along path (directions, one per hex), hex by hex, facing
 * kept unless facing >= 0 (then taken at the end).  Each hex entered is
 * an event of kind "move": "<ship> <verb> from A to B, facing F". */
struct nv_force {
	int		 ship;
	const int	*path;		/* directions (enum nv_dir) */
	int		 npath;
	int		 facing;	/* the facing at the end, or -1 */
	const char	*verb;		/* "drifts", "is pushed": static */
};

/* Where a forced move ended, and why. */
enum nv_force_end {
	NV_FORCE_DONE,		/* the whole path */
	NV_FORCE_SHIP,		/* a ship holds the next hex (other) */
	NV_FORCE_EDGE,		/* the next hex is off the map */
	NV_FORCE_LAND,
	NV_FORCE_WRECK,
	NV_FORCE_MARKER,	/* an obstacle marker (marker) */
	NV_FORCE_BUSY,		/* the ship cannot be moved now: it is on
				   its way this round, or not on the map */
};

struct nv_force_result {
	enum nv_force_end why;
	int		 moved;		/* hexes moved */
	struct nv_hex	 hex;		/* the hex it could not enter */
	int		 other;		/* NV_FORCE_SHIP: that ship, else -1 */
	int		 marker;	/* NV_FORCE_MARKER: its index, else -1 */
};

/* Moves the ship along f->path until the path ends or the next hex is
 * not free (off the map, land, a wreck, an obstacle marker, a ship, or,
 * during the mover's round, a hex a ship is stepping into).  The caller
 * is told what stopped it (a contact to resolve as its rules say); the
 * mover is not asked again.  Callable from any hook, also contact():
 * during a round, a ship whose own step is still undecided cannot be
 * moved (NV_FORCE_BUSY), and the hex a forced ship leaves is free for
 * the round's followers.  Returns 0 (see *res). */
int	move_force(struct nv_turn *, const struct nv_force *f,
	    struct nv_force_result *res);
/* Puts ship in hex h facing `facing` (deployment; a prize towed away):
 * no event.  0, or -1 when h is off the map, land, or holds a wreck or
 * another ship. */
int	move_place(struct nv_turn *, int ship, struct nv_hex h, int facing);

#endif
