/* classic.h: private header of the classic ruleset module.
 *
 * The module is classic-ruleset.c (ops table, data, ship attributes and
 * defaults), classic-orders.c (order verbs, validation) and classic-turn.c
 * (plots, contacts and the end of the turn).  Every number comes from
 * data/rulesets/classic.xml; the rulings are shared/rules/classic.md. */
#ifndef NV_CLASSIC_H
#define NV_CLASSIC_H

#include <stddef.h>

#include "ruleset.h"
#include "turn.h"

struct nv_state;

/* The step letters of MOVE, as the orders keep them (classic-orders.c);
 * classic-turn.c maps them onto the common steps (plot.h): F forward, B
 * astern, L and R free turns of one hexside. */
enum classic_step {
	CL_STEP_F,		/* F: into the bow hex */
	CL_STEP_L,		/* L: turn one hexside to port */
	CL_STEP_R,		/* R: turn one hexside to starboard */
	CL_STEP_B,		/* B: one hex astern, facing kept */
};

/* Weapons: id, state attribute (the contract), order word. */
#define CLASSIC_WEAPONS(X)					\
	X(BOW,		"bow",		"bows",		"BOW")	\
	X(CATAPULT,	"catapult",	"catapults",	"CATAPULT") \
	X(STONE,	"stone-thrower", "stone-throwers", "STONE")

enum classic_weapon {
#define X(e, id, attr, word) CL_W_##e,
	CLASSIC_WEAPONS(X)
#undef X
	CL_W_COUNT
};

/* Marine types, lightest first (the order losses are taken in). */
#define CLASSIC_MARINES(X)			\
	X(LIGHT,	"light")		\
	X(MEDIUM,	"medium")		\
	X(HEAVY,	"heavy")

enum classic_marine {
#define X(e, id) CL_M_##e,
	CLASSIC_MARINES(X)
#undef X
	CL_M_COUNT
};

/* The ruleset's own ship attributes, in the order the state XML writes
 * them (after the common ones).  See data/schema/scenario.rng. */
#define CLASSIC_SHIP_ATTRS(X)						\
	X(HULL,		"hull",		  NV_ATTR_INT,  0, 999)		\
	X(HOLES,	"holes",	  NV_ATTR_INT,  0, 999)		\
	X(MARINES,	"marines",	  NV_ATTR_INT,  0, 9999)	\
	X(M_LIGHT,	"marines-light",  NV_ATTR_INT,  0, 9999)	\
	X(M_MEDIUM,	"marines-medium", NV_ATTR_INT,  0, 9999)	\
	X(M_HEAVY,	"marines-heavy",  NV_ATTR_INT,  0, 9999)	\
	X(BOWS,		"bows",		  NV_ATTR_INT,  0, 999)		\
	X(CATAPULTS,	"catapults",	  NV_ATTR_INT,  0, 999)		\
	X(STONES,	"stone-throwers", NV_ATTR_INT,  0, 999)		\
	X(CORVUS,	"corvus",	  NV_ATTR_INT,  0, 1)		\
	X(MAX_USES,	"max-speed-uses", NV_ATTR_INT,  0, 99)		\
	X(LAST_MAX,	"last-max",	  NV_ATTR_INT,  0, 1)		\
	X(STRAIGHT,	"straight",	  NV_ATTR_INT,  0, 99)		\
	X(OBLIGATION,	"obligation",	  NV_ATTR_TEXT, 0, 0)		\
	X(RAKED,	"raked",	  NV_ATTR_INT,  0, 99)		\
	X(RAKED_BY,	"raked-by",	  NV_ATTR_IDS,  0, 0)		\
	X(RAKE,		"rake",		  NV_ATTR_TEXT, 0, 0)		\
	X(REPULSE,	"repulse",	  NV_ATTR_TEXT, 0, 0)		\
	X(GRAPPLED,	"grappled",	  NV_ATTR_IDS,  0, 0)		\
	X(BOARDED,	"boarded",	  NV_ATTR_INT,  0, 1)		\
	X(BOARDING,	"boarding",	  NV_ATTR_IDS,  0, 0)

enum classic_attr {
#define X(e, name, kind, min, max) CL_A_##e,
	CLASSIC_SHIP_ATTRS(X)
#undef X
	CL_A_COUNT
};

/* Values of the text attributes. */
#define CL_OBLIGATION_NONE	""	/* free to move */
#define CL_OBLIGATION_BACK	"back"	/* rammed last turn: must go B */
#define CL_OBLIGATION_PIVOT	"pivot"	/* backed after a ram: at most one
					   L or R before the first F, then
					   F up to acceleration from 0 */
#define CL_RAKE_NONE		"none"
#define CL_RAKE_PORT		"port"
#define CL_RAKE_STARBOARD	"starboard"
#define CL_RAKE_ANY		"any"	/* RAKE without a side: port, else
					   starboard */
#define CL_REPULSE_CUT		"cut"
#define CL_REPULSE_COUNTER	"counter"

struct classic_loadout {
	int	nation;			/* index into rs->nations */
	int	marines[CL_M_COUNT];
	int	weapons[CL_W_COUNT];
};

struct classic_class {
	int	ram;			/* ram modifier */
	int	hull;
	int	max_speed;
	int	cruise;
	int	turn_circle;
	int	accel;
	int	points;			/* victory points (default: hull) */
	struct classic_loadout *loadouts;
	size_t	nloadouts;
};

/* Crew quality modifiers (elite: +1 max speed, +1 accel, -1 circle). */
struct classic_crew {
	int	max_speed;
	int	accel;
	int	turn_circle;
	int	min_accel;		/* floor for accel (poor: 1) */
};

/* One line of the weapon table: at range rmin..rmax a roll of at least
 * roll_min (and no better line matched) gives kills and hull damage. */
struct classic_shot {
	int	weapon;
	int	rmin, rmax;
	int	roll_min;
	int	kills;
	int	damage;
};

struct classic_data {
	struct classic_class	*classes;	/* rs->nclasses entries */
	struct classic_crew	*crews;		/* rs->ncrews entries */
	int			*nation_marine;	/* rs->nnations: the marine
						   type a nation fields */
	int	 max_speed_uses;	/* per game (3) */
	int	 back_speed;		/* hexes backwards (1) */
	int	 ram_max_bonus;		/* +1 after two max-speed turns */
	int	 headon_per_level;	/* +1 per crew level of difference */
	int	 ram_holes;		/* holes a damaging ram makes (1) */
	int	 rake_cruise;		/* per rake suffered: cruise (-1) */
	int	 rake_turn_circle;	/* per rake suffered: circle (+1) */
	int	 rake_keeps_max;	/* a raked ship keeps max speed (0) */
	struct classic_shot *shots;
	size_t	 nshots;
	int	 max_range[CL_W_COUNT];
	int	 grapple_on;		/* 4: 4-6 grapples */
	int	 marine_kill_on[CL_M_COUNT];	/* 6, 5, 4 */
	int	 surrender_ratio;	/* more than 2:1 */
	int	 plug_on;		/* 5 */
	int	 plug_on_boarding;	/* 6 */
	int	 capture_num, capture_den;	/* captured: value * 3/2 */
	int	 prize_crew;		/* marines a captor moves across (1) */
	int	 hole_damage;		/* hull damage per open hole (1) */
};

static inline const struct classic_data *
classic_data(const struct nv_ruleset *rs)
{
	return rs->priv;
}

/* classic-ruleset.c: the module's ops table (listed by
 * ruleset-registry.c). */
extern const struct nv_ruleset_ops classic_ops;

/* Effective figures of a ship: class, crew, rakes applied. */
int	classic_max_speed(const struct nv_ruleset *, const struct nv_ship *);
int	classic_cruise(const struct nv_ruleset *, const struct nv_ship *);
int	classic_accel(const struct nv_ruleset *, const struct nv_ship *);
int	classic_turn_circle(const struct nv_ruleset *, const struct nv_ship *);

/* One FIRE order.  As parsed, weapon may be -1 (ALL) and count 0 (all of
 * that weapon not otherwise ordered); classic_validate() resolves them, so
 * that afterwards every entry names one weapon and a count of at least 1. */
struct classic_fire {
	int	 weapon;	/* enum classic_weapon, or -1 for ALL */
	int	 count;		/* 0: all of it not otherwise ordered */
	int	 target;	/* ship index */
	int	 phase;		/* 0: first phase with a shot */
	unsigned line;
	char	*file;		/* owned */
	char	*text;		/* the line as written, owned */
};

/* Everything ordered for one ship this turn.  A later movement, BOARD,
 * REPULSE or RAKE order replaces the earlier one; FIRE lines add up.  A
 * SPEED-only line and a MOVE-only line combine into one movement order;
 * a movement line that repeats a part already given replaces the whole
 * movement order.  After classic_validate() has_speed == has_move for
 * every ship with a movement order, and speed and steps agree (speed -1
 * with the single step B). */
struct classic_ship_orders {
	int	 has_speed;	/* SPEED n given */
	int	 speed;
	int	 has_move;	/* MOVE steps given */
	unsigned char steps[NV_PLOT_MAX];	/* enum classic_step */
	int	 nsteps;
	unsigned speed_line;	/* line of the SPEED order */
	unsigned move_line;	/* line of the last SPEED/MOVE order */
	char	*move_file;	/* owned */
	char	*move_text;	/* owned */
	int	 board;		/* target ship index, or -1 */
	unsigned board_line;
	const char *repulse;	/* CL_REPULSE_*, or NULL: unchanged */
	const char *rake;	/* CL_RAKE_*, or NULL: unchanged */
	struct classic_fire *fire;
	size_t	 nfire;
};

struct classic_orders {
	const struct nv_state	   *st;
	struct classic_ship_orders *ships;	/* st->nships entries */
};

/* Order verbs of classic: the word, the parser (classic-orders.c), the
 * usage HELP shows, the maker of its examples (classic-help.c) and what
 * HELP says it does.  The
 * ops table in classic-ruleset.c needs the count as a constant
 * expression, so the table's size is fixed here; classic-orders.c
 * defines classic_verbs[] with one entry per verb. */
#define CLASSIC_VERBS(X)						\
	X(SPEED,	"SPEED",	verb_move,			\
	    "SPEED n [MOVE steps]", classic_example_speed,		\
	    "The ship's speed this turn: that many hexes straight on, or "	\
	    "with MOVE the steps taken. It may differ from last turn's by "	\
	    "the ship's acceleration; above cruising speed it uses one of "	\
	    "the ship's maximum-speed turns. SPEED 0 holds, SPEED -1 is "	\
	    "MOVE B.")							\
	X(MOVE,		"MOVE",		verb_move,			\
	    "MOVE steps (F, L, R) or MOVE B", classic_example_move,	\
	    "The steps, in order: F one hex forward, L or R a turn of one "	\
	    "hexside to port or starboard, or B alone, one hex astern. The "	\
	    "number of F is the speed; between two turns the ship goes "	\
	    "straight at least its turning circle.")			\
	X(FIRE,		"FIRE",		verb_fire,			\
	    "FIRE [n] BOW|CATAPULT|STONE|ALL AT ship [PHASE p]",		\
	    classic_example_fire,					\
	    "Missiles at an enemy ship: n of a weapon (without n, all of it "	\
	    "not otherwise ordered; ALL, every weapon), at the end of phase "	\
	    "p, or without PHASE when the target is first in range and "	\
	    "sight. FIRE lines add up.")				\
	X(BOARD,	"BOARD",	verb_board,			\
	    "BOARD ship", classic_example_board,			\
	    "Grapple and board an enemy ship that is next to yours at the "	\
	    "end of the turn.")						\
	X(REPULSE,	"REPULSE",	verb_repulse,			\
	    "REPULSE CUT|COUNTER", classic_example_repulse,		\
	    "When boarded: CUT the grapples, or COUNTER-board the "	\
	    "boarder.")							\
	X(RAKE,		"RAKE",		verb_rake,			\
	    "RAKE [PORT|STARBOARD|NONE]", classic_example_rake,		\
	    "Rake an enemy's oars when passing along its side: PORT or "	\
	    "STARBOARD, either without a side, NONE to take back a "	\
	    "standing rake.")

enum classic_verb {
#define X(e, word, fn, usage, ex, help) CL_V_##e,
	CLASSIC_VERBS(X)
#undef X
	CL_V_COUNT
};

/* classic-help.c: HELP's examples of each verb (ruleset.h, struct
 * nv_verb's example()). */
int	classic_example_speed(const struct nv_state *, int, int, struct buf *);
int	classic_example_move(const struct nv_state *, int, int, struct buf *);
int	classic_example_fire(const struct nv_state *, int, int, struct buf *);
int	classic_example_board(const struct nv_state *, int, int, struct buf *);
int	classic_example_repulse(const struct nv_state *, int, int,
	    struct buf *);
int	classic_example_rake(const struct nv_state *, int, int, struct buf *);

/* classic-orders.c */
extern const struct nv_verb	classic_verbs[CL_V_COUNT];
void	*classic_orders_new(const struct nv_state *);
void	 classic_orders_free(void *);
int	 classic_validate(struct nv_orders *, struct diag *);
void	 classic_format(const struct nv_orders *, struct buf *);
void	 classic_fire_free(struct classic_fire *, size_t);
/* The plot a movement order stands for: SPEED n alone is n F, MOVE alone
 * implies the speed (B: -1).  steps holds NV_PLOT_MAX. */
void	 classic_move_complete(const struct classic_ship_orders *,
	    int *speed, unsigned char *steps, int *nsteps);
/* 1 if id (any case) is one of the space-separated ids of list (may be
 * NULL). */
int	 classic_ids_contain(const char *list, const char *id);
const char *classic_weapon_id(int);	/* "bow", ... (static) */

/* classic-validate.c */
/* Resolves ship's FIRE orders: ALL into one entry per weapon, a missing
 * count into the weapons not otherwise ordered; *out (owned by the
 * caller, classic_fire_free) gets the entries with a count.  Problems go
 * to diag when it is not NULL.  0, or -1 if there was a problem. */
int	 classic_fire_resolve(const struct nv_state *, int ship,
	    const struct classic_ship_orders *, struct classic_fire **out,
	    size_t *nout, struct diag *);


/* ---- the turn's scratch, shared by the step files ---------------------- */

/* Who rammed whom this turn, in the order the rams were made. */
struct classic_ram {
	int	rammer;
	int	target;
	int	phase;
};

/* A ram found by a contact of this phase; classic_ram_phase() rolls and
 * makes every one of them at the phase's end, together. */
struct classic_found {
	int		 rammer;
	int		 target;
	int		 side;		/* the target's hexside struck */
	int		 across;	/* a tie for an empty hex: the two
					   touch across it */
	struct nv_hex	 hex;		/* that hex */
	struct nv_hex	 at;		/* the target's hex */
	/* Filled at the phase's end. */
	int		 die;
	int		 bonus;		/* two maximum-speed turns */
	int		 total;		/* die + ram modifier + bonus */
	int		 fate;		/* CL_FATE_* */
	long		 left;		/* target's hull left after it */
};

#define CL_FATE_DAMAGE	0	/* did its damage (maybe 0) */
#define CL_FATE_SINKS	1	/* its damage reached the remaining hull */
#define CL_FATE_NONE	2	/* the target had sunk to an earlier ram
				   of the phase: no further damage */

/* Enemy ships that touched this turn (for boarding). */
struct classic_touch {
	int	a, b;
	int	across;		/* across an empty hex (a tie) */
};

/* The classic module's per-turn scratch (nv_turn.rs_turn), made by
 * classic_begin and freed by classic_end or classic_abort.  Each step
 * file keeps its own fields in its section. */
struct classic_turn {
	/* classic-turn.c: movement and contacts */
	int			*speed;		/* declared speed; -1 backing */
	int			*max_turn;	/* declared above cruise */
	int			*rammed;	/* rammed or was rammed */
	struct classic_ram	*rams;
	size_t			 nrams, caprams;
	struct classic_touch	*touches;
	size_t			 ntouches, captouches;
	int			*contest_die;	/* this phase's contest roll
						   for an empty hex, or 0 */
	struct nv_hex		*contest_hex;	/* ... and that hex */
	/* classic-ram.c */
	struct classic_found	*found;		/* this phase's rams */
	size_t			 nfound, capfound;
	/* classic-fire.c (made by the first phase's fire) */
	unsigned char		*fire_done;	/* one per FIRE entry, ships in
						   order: fired or given up */
	int			*fire_unfired;	/* nships * CL_W_COUNT: weapons
						   not fired yet this turn */
	/* classic-board.c */
	int			*fought;	/* fought a boarding round */
	/* classic-holes.c */
};

/* The classic module's own event kinds (the common ones are in events.h):
 * reports and the database use these names. */
#define CLASSIC_EVENT_KINDS(X)						\
	X(RAM,		"ram")		/* a ram: damage and hole */	\
	X(RAKE,		"rake")		/* an oar rake */		\
	X(DAMAGE,	"damage")	/* hull damage from any source */ \
	X(SINK,		"sink")		/* a ship sinks: a wreck */	\
	X(FIRE,		"fire")		/* a weapon fires */		\
	X(NO_SHOT,	"no-shot")	/* a fire order finds no shot */ \
	X(KILL,		"kill")		/* crew lost to fire */		\
	X(GRAPPLE,	"grapple")	/* grappling attempt */		\
	X(MELEE,	"melee")	/* a boarding round */		\
	X(SURRENDER,	"surrender")	/* captured */			\
	X(REPULSE,	"repulse")	/* boarders repulsed */		\
	X(PLUG,		"plug")		/* a hole plugged or not */	\
	X(HOLE,		"hole")		/* damage from an open hole */	\
	X(VICTORY,	"victory")	/* the game ends */

enum classic_event_kind {
#define X(e, s) CL_EV_##e,
	CLASSIC_EVENT_KINDS(X)
#undef X
	CL_EV_COUNT
};

const char	*classic_event_name(enum classic_event_kind);	/* static */

/* classic-damage.c: damage from any source.  Takes `amount` hull points
 * from ship i; damage that reaches its remaining hull sinks it at once
 * (classic.md, "Rams"): status sunk, crew lost, a wreck in its hex, its
 * grapples dropped.  Logs the damage ("takes 3 hull damage from
 * source"), unless source is NULL: the caller's own sentence told it (a
 * ram's), and the sinking.  Returns 1 if the ship sank, else 0. */
int	classic_damage(struct nv_turn *, int ship, int amount,
	    const char *source);
/* The ship's description "id (class, side)" for sentences. */
const char *classic_desc(const struct nv_turn *, int ship);

/* The turn's steps, one file each (called from classic-turn.c). */

/* classic-ram.c.  classic_ram_begin: RAKE orders become the standing
 * preference (classic_begin, after the plots).  classic_ram_found: rammer
 * rams target in contact c (mutual: the two ram each other, a tie); it
 * rakes at once if it may (the contact's outcome for the raker is set:
 * not stopped, its step redirected) and returns CL_RAM_RAKE, or the ram is
 * kept for the phase's end and CL_RAM_MADE returned.  classic_ram_phase:
 * at the phase's end, rolls every ram found (rammer-id order), applies
 * their damage together, then sinks (classic.md, "Simultaneous movement
 * and contact"); 0, or -1 with *cause. */
#define CL_RAM_MADE	0
#define CL_RAM_RAKE	1
int	classic_ram_begin(struct nv_turn *);
int	classic_ram_found(struct nv_turn *, struct nv_contact *,
	    int rammer, int target, int mutual);
int	classic_ram_phase(struct nv_turn *, char **cause);
int	classic_fire(struct nv_turn *, int phase, char **cause);
							/* classic-fire.c */
/* classic-fire.c, the parts tests/unit/test_classic_fire.c checks alone.
 * Line of sight from a to b (classic.md, "Missile fire"): 1 if clear;
 * 0 if blocked, with the blocking hex (or the two beside a hexside) in
 * block[0..*nblock-1] (block holds 3). */
int	classic_fire_sight(const struct nv_state *, struct nv_hex a,
	    struct nv_hex b, struct nv_hex *block, int *nblock);
/* The weapon table's line for a roll at a range, or NULL: a miss. */
const struct classic_shot *classic_fire_shot(const struct classic_data *,
	    int weapon, int range, int roll);
/* Takes kills from the ship in the kill order: bows, catapults, stone
 * throwers, then light, medium, heavy marines (the marines total kept).
 * lost[] gets the losses in that order (weapons by enum classic_weapon,
 * then marines by enum classic_marine).  Returns the kills that found no
 * one left aboard. */
int	classic_fire_kills(struct nv_ship *, int kills,
	    int lost[CL_W_COUNT + CL_M_COUNT]);
int	classic_boarding(struct nv_turn *, char **cause);
							/* classic-board.c */
/* 1 if the ship fought a boarding round this turn or is still grappled
 * (plugging needs a 6 then: classic.md, "Holes and sinking"). */
int	classic_in_boarding_fight(const struct nv_turn *, int ship);
int	classic_holes(struct nv_turn *, char **cause);	/* classic-holes.c */
int	classic_victory(struct nv_turn *, char **cause);
							/* classic-holes.c */
/* classic-holes.c: the plug number (5, or 6 in a boarding fight); the
 * points ship i's fate at the end of the game scores for side (sunk: its
 * value for every side but its owner; held by another side than its
 * owner: value and half again, rounded up, for that side; else 0); every
 * side's score into score (st->nsides entries). */
int	classic_plug_on(const struct classic_data *, int in_fight);
int	classic_ship_score(const struct nv_state *, int ship, int side);
void	classic_scores(const struct nv_state *, int *score);

/* classic-turn.c */
int	classic_begin(struct nv_turn *, char **);
int	classic_contact(struct nv_turn *, struct nv_contact *, char **);
int	classic_phase_end(struct nv_turn *, int, char **);
int	classic_end(struct nv_turn *, char **);
void	classic_abort(struct nv_turn *);

#endif
