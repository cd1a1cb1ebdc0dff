/* nauta.h: private header of the Nauta ruleset module.
 *
 * The module: nauta-ruleset.c (ops table, ship/side/game attributes and
 * their defaults), nauta-data.c (the module's part of the ruleset file),
 * nauta-scenario.c (fleet composition, options, the Admiral),
 * nauta-figures.c (a ship's figures: maximum speed, value, options),
 * nauta-orders.c (verbs, format), nauta-validate.c (order limits),
 * nauta-turn.c (plots, initiative, contacts' order, the turn's steps),
 * nauta-ram.c (contacts: contests, effects, blocks), nauta-balistae.c,
 * nauta-board.c (Pirophoros, boarding), nauta-fight.c (assaults,
 * surrender), nauta-end.c (the Admiral, prizes, speeds, victory).
 * Every number comes from data/rulesets/nauta.xml; the rulings are
 * shared/rules/nauta.md and docs/rules-nauta.md. */
#ifndef NV_NAUTA_H
#define NV_NAUTA_H

#include <stddef.h>

#include "ruleset.h"
#include "turn.h"

struct buf;
struct diag;
struct nv_state;

/* ---- the state file contract ------------------------------------------- */

/* The ruleset's own ship attributes, in the order the state XML writes
 * them (after the common ones; the common speed is the carried speed).
 * The names are fixed by issue 13; fight-since (the turn the ship
 * entered its fight, 0 when in none) is ours.  Only the NV_ATTR_IDS
 * attributes hold ship ids, so that renaming ships maps them all. */
#define NAUTA_SHIP_ATTRS(X)						\
	X(SOLDIERS,	"soldiers",	    NV_ATTR_INT,  0, 99)	\
	X(SOLDIERS_START, "soldiers-start", NV_ATTR_INT,  0, 99)	\
	X(EXTRA,	"extra-soldiers",   NV_ATTR_INT,  0, 9)		\
	X(OPTIONS,	"options",	    NV_ATTR_TEXT, 0, 0)		\
	X(DAMAGE,	"damage",	    NV_ATTR_INT,  0, 1)		\
	X(DASHES,	"dashes",	    NV_ATTR_INT,  0, 9)		\
	X(BALISTAE_HITS, "balistae-hits",   NV_ATTR_INT,  0, 99)	\
	X(ADMIRAL,	"admiral",	    NV_ATTR_TEXT, 0, 0)		\
	X(CONTACT,	"contact",	    NV_ATTR_IDS,  0, 0)		\
	X(GRAPPLED,	"grappled",	    NV_ATTR_IDS,  0, 0)		\
	X(FIGHT_SINCE,	"fight-since",	    NV_ATTR_INT,  0, 99999)	\
	X(PRIZE_OF,	"prize-of",	    NV_ATTR_IDS,  0, 0)		\
	X(SURRENDER_TESTED, "surrender-tested", NV_ATTR_INT, 0, 1)	\
	X(PIROPHOROS_USED, "pirophoros-used", NV_ATTR_INT, 0, 1)

enum nauta_attr {
#define X(e, name, kind, min, max) NA_A_##e,
	NAUTA_SHIP_ATTRS(X)
#undef X
	NA_A_COUNT
};

/* Side attributes: admiral, the Admiral's ship (its id; "" for none);
 * saving-rolled, 1 once the side's saving roll (18l) was made;
 * initiative, 1 for the side that held it in the last turn played. */
#define NAUTA_SIDE_ATTRS(X)						\
	X(ADMIRAL,	"admiral",	    NV_ATTR_IDS,  0, 0)		\
	X(SAVING_ROLLED, "saving-rolled",   NV_ATTR_INT,  0, 1)		\
	X(INITIATIVE,	"initiative",	    NV_ATTR_INT,  0, 1)

enum nauta_side_attr {
#define X(e, name, kind, min, max) NA_S_##e,
	NAUTA_SIDE_ATTRS(X)
#undef X
	NA_S_COUNT
};

/* Game attributes (the <game> element): options, the optional rules the
 * scenario enables (option ids and saving-admiral); composition, "free",
 * "nations" (the default) or a point budget; lateral-contest and
 * crew-contest, the settings in force (the ruleset's when not given);
 * galleys-per-model, for reports. */
#define NAUTA_GAME_ATTRS(X)						\
	X(OPTIONS,	"options",	    NV_ATTR_TEXT, 0, 0)		\
	X(COMPOSITION,	"composition",	    NV_ATTR_TEXT, 0, 0)		\
	X(LATERAL,	"lateral-contest",  NV_ATTR_TEXT, 0, 0)		\
	X(CREW_CONTEST,	"crew-contest",	    NV_ATTR_TEXT, 0, 0)		\
	X(GALLEYS,	"galleys-per-model", NV_ATTR_INT, 1, 100)

enum nauta_game_attr {
#define X(e, name, kind, min, max) NA_G_##e,
	NAUTA_GAME_ATTRS(X)
#undef X
	NA_G_COUNT
};

/* Values of the admiral ship attribute. */
#define NA_ADMIRAL_NONE		""
#define NA_ADMIRAL_ABOARD	"aboard"
#define NA_ADMIRAL_KILLED	"killed"
#define NA_ADMIRAL_CAPTURED	"captured"
#define NA_ADMIRAL_ESCAPED	"escaped"

/* The game option that is a scenario switch, not a ship option. */
#define NA_SAVING_ADMIRAL	"saving-admiral"

/* The module's statuses (ops->statuses), by index: a burnt ship (a
 * hulk, the common wreck, stays in its hex) and a prize taken away. */
#define NA_STATUS_BURNT		0
#define NA_STATUS_PRIZE		1

/* ---- data (nauta-data.c) ------------------------------------------------ */

struct nauta_class {
	int	size;
	int	soldiers;
	int	max_speed;
	int	accel;
	int	decel;
	int	points;
	int	extras;		/* extra soldier units it may buy */
};

struct nauta_crew {
	int	initiative;
	int	budget;		/* percent of a scenario's budget */
	int	contest;	/* with crew-contest on */
};

/* <at-most> and <at-least>: a count of ships of some Sizes. */
struct nauta_limit {
	unsigned	sizes;		/* bit s: Size s */
	int		ships;
	int		at_least;	/* 0: at most */
};

struct nauta_nation {
	unsigned		 sizes;		/* bit s: Size s allowed */
	unsigned long		 crews;		/* bit i: rs->crews[i] allowed */
	struct nauta_limit	*limits;
	size_t			 nlimits;
};

struct nauta_option {
	char		*id;		/* owned */
	char		*rule;		/* "18a"; owned */
	int		 cost;
	unsigned	 sizes;
	unsigned char	*nations;	/* rs->nnations flags, or NULL: any */
	unsigned long	 requires;	/* bit k: options[k] */
	unsigned long	 excludes;
	int		 max_speed;	/* 0: unchanged */
	int		 speed;
	int		 first_assault;
	int		 enemy_first_assault;
	int		 ram_contest;
	int		 boarding;
	int		 boarding_rammed;
};

#define NA_OPTIONS_MAX	32	/* options fit an unsigned long mask */

struct nauta_data {
	struct nauta_class	*classes;	/* rs->nclasses */
	struct nauta_crew	*crews;		/* rs->ncrews */
	struct nauta_nation	*nations;	/* rs->nnations */
	struct nauta_option	*options;
	size_t			 noptions;
	int	 opt_balistae;		/* index of "balistae", or -1 */
	int	 opt_pirophoros;	/* index of "pirophoros", or -1 */
	int	 extra_cost;		/* points per extra soldier unit */
	/* <movement> */
	int	 small_size, small_turns, turns, back_steps;
	int	 damaged_speed, dash, admiral_dash, dash_cost;
	int	 balistae_speed, min_max_speed;
	/* <ram> */
	int	 faster, still, damaged, friendly;
	int	 damage_on, sink_on, loss_size, loss_on;
	int	 board_roll;
	/* <fight> */
	int	 assaults, admiral_bonus, admiral_dies, surrender_on;
	/* <balistae>, <pirophoros>, <saving-admiral> */
	int	 bal_range, bal_side, bal_hit;
	int	 burn_on;
	int	 save_roll, save_range;
	/* <victory>, <deployment> */
	int	 loss_num, loss_den, admiral_loss, turns_default;
	int	 deploy_depth;
	/* <settings> */
	int	 lateral_auto;		/* lateral-contest="auto" */
	int	 crew_contest;		/* crew-contest="on" */
};

static inline const struct nauta_data *
nauta_data(const struct nv_ruleset *rs)
{
	return rs->priv;
}

int	 nauta_data_load(struct nv_ruleset *, void *xml_doc, const char *file,
	    struct diag *);
void	 nauta_data_free(struct nv_ruleset *);
/* Index of option id, or -1. */
int	 nauta_option_index(const struct nauta_data *, const char *id);

/* nauta-ruleset.c: the module's ops table (listed by ruleset-registry.c). */
extern const struct nv_ruleset_ops nauta_ops;

/* ---- figures (nauta-figures.c) ----------------------------------------- */

/* 1 if id (exactly) is one of the space-separated words of list. */
int	 nauta_ids_contain(const char *list, const char *id);
/* The ship's options as a mask of data's options (unknown ids are
 * skipped: the loader refused them). */
unsigned long nauta_ship_options(const struct nv_ruleset *,
	    const struct nv_ship *);
/* The sum of one effect field over the ship's options. */
#define NA_EFFECT(rs, s, field)						\
	nauta_effect((rs), (s), offsetof(struct nauta_option, field))
int	 nauta_effect(const struct nv_ruleset *, const struct nv_ship *,
	    size_t offset);
int	 nauta_has_option(const struct nv_ruleset *, const struct nv_ship *,
	    int option);
int	 nauta_size(const struct nv_ruleset *, const struct nv_ship *);
/* Maximum speed: the class's (or an option's), damaged, Dashes made,
 * Balistae hits, options; never below min-max-speed. */
int	 nauta_max_speed(const struct nv_ruleset *, const struct nv_ship *);
/* The speeds the ship may write next: carried - decel .. carried +
 * accel within 0 .. maximum; 0 .. maximum without a carried speed. */
void	 nauta_speed_range(const struct nv_ruleset *, const struct nv_ship *,
	    int *lo, int *hi);
/* Value: class + options + extra soldiers (nauta.md, "Victory"). */
int	 nauta_value(const struct nv_ruleset *, const struct nv_ship *);
/* 1 if the Admiral is aboard (alive). */
int	 nauta_admiral_aboard(const struct nv_ship *);
/* ops->may_command: refused while the side's Admiral is killed or
 * captured. */
int	 nauta_may_command(const struct nv_state *, int side, char **cause);
/* The steps the ship's next Dash adds (the Dash due), or 0 if it may
 * not Dash: damaged, hit by Balistae, or none left.  why (may be NULL)
 * gets the reason (static). */
int	 nauta_dash_due(const struct nv_ruleset *, const struct nv_ship *,
	    const char **why);
/* The game's settings (the <game> element's, else the ruleset's). */
int	 nauta_lateral_auto(const struct nv_state *);
int	 nauta_crew_contest(const struct nv_state *);
/* 1 if the scenario enables the optional rule (an option id or
 * saving-admiral). */
int	 nauta_enabled(const struct nv_state *, const char *option);
/* A side's initial points, its losses now (values of ships lost, with
 * the Admiral's), and the losses that lose it the battle. */
int	 nauta_initial_points(const struct nv_state *, int side);
int	 nauta_losses(const struct nv_state *, int side);
int	 nauta_loss_limit(const struct nv_state *, int side);
/* 1 if ship a comes before ship b where a tie is left: the ship in the
 * lower hex (column, then row), which renaming keeps (docs/rules-nauta.md,
 * "Names never decide"); the lower index only for ships in one hex. */
int	 nauta_before(const struct nv_state *, int a, int b);
/* The ship holding the side's Admiral, or -1. */
int	 nauta_flagship(const struct nv_state *, int side);

/* ---- scenario validation (nauta-scenario.c) ---------------------------- */

int	 nauta_ship_defaults(const struct nv_ruleset *, const struct nv_state *,
	    struct nv_ship *, unsigned long given, const char *file,
	    unsigned line, struct diag *);
int	 nauta_side_defaults(const struct nv_ruleset *, const struct nv_state *,
	    struct nv_side *, unsigned long given, const char *file,
	    unsigned line, struct diag *);
int	 nauta_game_defaults(const struct nv_ruleset *, struct nv_state *,
	    unsigned long given, const char *file, unsigned line,
	    struct diag *);


/* ---- orders (nauta-orders.c, nauta-validate.c) ------------------------- */

/* Where an order was written, for messages. */
struct na_src {
	char		*file;		/* owned; NULL: not given */
	unsigned	 line;
	char		*text;		/* the line as written; owned */
};

/* SHOOT: when the Balistae shoot (default END). */
#define NA_SHOOT_UNSET	0
#define NA_SHOOT_START	1
#define NA_SHOOT_END	2
#define NA_SHOOT_NONE	3

/* Steps of MOVE, by letter. */
#define NA_STEPS	"FLRB"

/* Everything ordered for one ship this turn.  A later movement, BOARD,
 * SHOOT, BURN or ESCAPE order replaces the earlier one; a SPEED-only
 * line and a MOVE-only line combine.  After nauta_validate() a ship with
 * a movement order has has_speed and has_move, speed written and steps
 * agreeing (backing: speed 0 and one or two B), and dash the steps a
 * Dash adds (0: none). */
struct nauta_ship_orders {
	int		 has_speed;
	int		 speed;
	int		 dash;		/* DASH written; after validation the
					   steps it adds */
	int		 has_move;
	char		 steps[NV_PLOT_MAX + 1];	/* letters of NA_STEPS */
	int		 nsteps;
	struct na_src	 move;
	int		 board_any;
	int		*board;		/* ship indices, in order; owned */
	size_t		 nboard;
	struct na_src	 board_src;
	int		 shoot;		/* NA_SHOOT_* */
	struct na_src	 shoot_src;
	int		 burn;		/* BURN given */
	int		 burn_target;	/* ship index, or -1: the first rammed */
	struct na_src	 burn_src;
	int		*escape;	/* friendly ship indices; owned */
	size_t		 nescape;
	struct na_src	 escape_src;
};

struct nauta_orders {
	const struct nv_state		*st;
	struct nauta_ship_orders	*ships;	/* st->nships entries */
};

/* Word, parser, and where it may stand (ruleset.h): DASH, BURN and
 * ESCAPE are for SHIP lines (nauta.md, Big battles) and, one-off acts,
 * never standing orders (DASH: na_verb_move; docs/rules-nauta.md). */
#define NA_ONE_OFF	(NV_VERB_SHIP_ONLY | NV_VERB_NO_STANDING)
/* The word, the parser, its flags, the usage HELP shows, the maker of
 * its examples (nauta-help.c; ruleset.h, nv_verb) and what HELP says it
 * does (docs/orders.md, "The Nauta ruleset"). */
#define NAUTA_VERBS(X)							\
	X(SPEED,	"SPEED",	na_verb_move,	0,			\
	    "SPEED n [DASH] [MOVE steps]", nauta_example_speed,		\
	    "The ship's speed this turn, which is the number of its steps: "	\
	    "at least last turn's less the class's deceleration, at most "	\
	    "last turn's plus its acceleration, 0 to the maximum. DASH "	\
	    "(once a game, twice for the Admiral's ship; not damaged; no "	\
	    "turn) adds two steps. SPEED 0 holds.")			\
	X(MOVE,		"MOVE",		na_verb_move,	0,			\
	    "MOVE steps (L or R turns first, then F), or SPEED 0 MOVE B|BB", \
	    nauta_example_move,						\
	    "The steps, exactly the speed: turns L or R first, all one way "	\
	    "(a turn is a step; two at most for Size 0-1, one for larger "	\
	    "ships), then F, one hex forward each. B or B B alone, from "	\
	    "speed 0: one or two hexes astern.")			\
	X(BOARD,	"BOARD",	na_verb_board,	0,			\
	    "BOARD ship... | BOARD ANY", nauta_example_board,		\
	    "At the end of the turn, board the first ship listed that is an "	\
	    "enemy afloat in contact; ANY: the one in contact with fewest "	\
	    "soldiers.")						\
	X(SHOOT,	"SHOOT",	na_verb_shoot,	0,			\
	    "SHOOT START|END|NONE", nauta_example_shoot,		\
	    "When a ship with Balistae shoots this turn: before movement, "	\
	    "after it (without the order), or not at all.")		\
	X(BURN,		"BURN",		na_verb_burn,	NA_ONE_OFF,		\
	    "BURN [ship]", nauta_example_burn,				\
	    "A Pirophoros attack after movement, once a game, on the enemy "	\
	    "named, or else the first the ship rammed this turn.")	\
	X(ESCAPE,	"ESCAPE",	na_verb_escape,	NA_ONE_OFF,		\
	    "ESCAPE ship...", nauta_example_escape,			\
	    "The Admiral's ship: the ships, in order, the Admiral escapes to "	\
	    "if it surrenders (when the scenario saves Admirals).")

/* nauta-help.c */
int	nauta_example_speed(const struct nv_state *, int, int, struct buf *);
int	nauta_example_move(const struct nv_state *, int, int, struct buf *);
int	nauta_example_board(const struct nv_state *, int, int, struct buf *);
int	nauta_example_shoot(const struct nv_state *, int, int, struct buf *);
int	nauta_example_burn(const struct nv_state *, int, int, struct buf *);
int	nauta_example_escape(const struct nv_state *, int, int, struct buf *);

enum nauta_verb {
#define X(e, word, fn, fl, usage, ex, help) NA_V_##e,
	NAUTA_VERBS(X)
#undef X
	NA_V_COUNT
};

extern const struct nv_verb	nauta_verbs[NA_V_COUNT];
void	*nauta_orders_new(const struct nv_state *);
void	 nauta_orders_free(void *);
int	 nauta_validate(struct nv_orders *, struct diag *);
void	 nauta_format(const struct nv_orders *, struct buf *);
/* The ship's orders, or NULL (no orders at all). */
const struct nauta_ship_orders *nauta_ship_orders(const struct nv_orders *,
	    int ship);
/* 1 if the ship is a prize (captured, still on the map). */
int	 nauta_is_prize(const struct nv_ship *);
/* The prize ship i holds (captured, prize-of i), or -1. */
int	 nauta_prize_held(const struct nv_state *, int ship);

/* ---- id lists (nauta-ids.c) -------------------------------------------- */

/* Adds id to / removes id from the ship's id list attribute a (kept
 * sorted, as the state file writes it). */
void	 nauta_ids_add(struct nv_ship *, int a, const char *id);
void	 nauta_ids_remove(struct nv_ship *, int a, const char *id);
/* The ships of the list as indices (ids not in the state are skipped);
 * returns the count; *out owned by the caller. */
size_t	 nauta_ids_ships(const struct nv_state *, const char *list,
	    int **out);
/* Joins a and b both ways in attribute a (contact, grappled). */
void	 nauta_link(struct nv_state *, int attr, int a, int b);
void	 nauta_unlink(struct nv_state *, int attr, int a, int b);
/* Grapples, both ways; a ship entering a fight gets fight-since = turn,
 * one leaving its last grapple 0. */
void	 nauta_grapple(struct nv_state *, int a, int b, int turn);
void	 nauta_ungrapple(struct nv_state *, int a, int b);

/* ---- the turn ------------------------------------------------------------ */

/* The module's own event kinds (the common ones are in events.h). */
#define NAUTA_EVENT_KINDS(X)						\
	X(INITIATIVE,	"initiative")	/* who holds it this turn */	\
	X(DASH,		"dash")		/* a ship Dashes */		\
	X(CONTEST,	"contest")	/* a ram contest */		\
	X(RAM,		"ram")		/* a ram's effect */		\
	X(DAMAGE,	"damage")	/* a ship is damaged */		\
	X(SINK,		"sink")		/* a rammer lost with its victim */ \
	X(SHOT,		"shot")		/* Balistae shoot */		\
	X(NO_SHOT,	"no-shot")	/* Balistae find no target */	\
	X(BURN,		"burn")		/* Pirophoros */		\
	X(BOARD,	"board")	/* a boarding attempt */	\
	X(ASSAULT,	"assault")	/* an assault of a fight */	\
	X(LOSS,		"loss")		/* soldier units lost */	\
	X(ADMIRAL,	"admiral")	/* the Admiral dies, is taken,	\
					   escapes */			\
	X(SURRENDER,	"surrender")	/* a ship surrenders */		\
	X(FIGHT_END,	"fight-end")	/* a fight ends */		\
	X(PRIZE,	"prize")	/* a prize is taken away */	\
	X(VICTORY,	"victory")	/* the game ends */

enum nauta_event_kind {
#define X(e, s) NA_EV_##e,
	NAUTA_EVENT_KINDS(X)
#undef X
	NA_EV_COUNT
};

const char	*nauta_event_name(enum nauta_event_kind);	/* static */

/* A ram made this turn (for Harpax and Pirophoros): rammer on target, in
 * the order made; a frontal contact is a ram both ways. */
struct na_ram {
	int	rammer;
	int	target;
	int	step;		/* phase * 256 + round */
};

/* A ship rolls one die of each kind in a step, whatever the number of
 * its contacts (docs/rules-nauta.md, "Names never decide"). */
#define NA_DIE_CONTEST	0
#define NA_DIE_EFFECT	1
#define NA_DIE_LOSS	2
#define NA_DIE_KINDS	3

/* An effect of a ram rolled in a step and applied with the other
 * effects of its group (nauta-effect.c). */
struct na_effect {
	int	rammer;
	int	target;
	int	result;		/* the effect die, friendly modifier made */
	int	loss;		/* the rammer sinks too (rammer loss) */
};

/* The module's per-turn scratch (nv_turn.rs_turn), made by nauta_begin
 * and freed by nauta_end or nauta_abort. */
struct nauta_turn {
	const struct nv_orders	*orders;	/* may be NULL */
	char		**start_contact;	/* contacts at the start */
	unsigned char	 *fight_start;		/* grappled at the start */
	unsigned char	 *prize_start;		/* a prize at the start */
	unsigned char	 *holds;		/* holds a prize this turn */
	unsigned char	 *backing;		/* its plot is astern */
	unsigned char	 *stopped;		/* contact or obstacle: carried
						   speed 0 */
	int		 *written;		/* written speed, no Dash */
	int		 *steps;		/* steps of its plot */
	int		 *speed_now;		/* at the start of the phase */
	int		 *shoot;		/* NA_SHOOT_* in force */
	struct nv_hex	 *round_hex;		/* hex at the round's start */
	int		  initiative;		/* side index */
	struct na_ram	 *rams;
	size_t		  nrams, caprams;
	int		 *fresh;		/* pairs linked this round */
	size_t		  nfresh, capfresh;
	struct na_effect *pend;			/* effects of the group of
						   contacts being resolved */
	size_t		  npend, cappend;
	long		  pend_rank;		/* that group's rank */
	int		 *die[NA_DIE_KINDS];	/* a ship's die of a step */
	int		 *die_step[NA_DIE_KINDS];	/* its step + 1 */
	unsigned char	 *surrendered;		/* this turn, Admiral aboard:
						   for Saving the Admiral */
};

/* The ship's description "id (class, side)" for sentences. */
const char *nauta_desc(const struct nv_turn *, int ship);

/* nauta-turn.c */
int	 nauta_begin(struct nv_turn *, char **);
int	 nauta_phase_begin(struct nv_turn *, int, char **);
long	 nauta_contact_key(const struct nv_turn *, const struct nv_contact *);
int	 nauta_round_end(struct nv_turn *, int, int, char **);
int	 nauta_end(struct nv_turn *, char **);
void	 nauta_abort(struct nv_turn *);
/* Records a contact of a and b (both ways, and as fresh this round). */
void	 nauta_touch(struct nv_turn *, int a, int b);

/* nauta-ram.c */
int	 nauta_contact(struct nv_turn *, struct nv_contact *, char **);
int	 nauta_terrain(struct nv_turn *, struct nv_terrain *, char **);
/* 1 if rammer rammed target this turn. */
int	 nauta_rammed(const struct nv_turn *, int rammer, int target);
/* The rank of a contact: 0 when its moving ship (the first of the two,
 * when both moved) is of the side with the initiative, else 1. */
long	 nauta_contact_rank(const struct nv_turn *, const struct nv_contact *);

/* nauta-effect.c.  The contacts of one step of one rank are resolved
 * together (docs/rules-nauta.md, "Names never decide"): each winner's
 * effect die (and its rammer-loss die) is rolled at once and kept;
 * nauta_effects_flush() applies the group's effects together (two
 * damages sink), before a contact of another rank and at the end of the
 * step.  nauta_loss_roll() rolls the rammer's loss after an effect
 * that sinks a ship at least loss-size Sizes above it (*lost: it sinks
 * too). */
int	 nauta_effect_roll(struct nv_turn *, int rammer, int target,
	    char **cause);
int	 nauta_loss_roll(struct nv_turn *, int rammer, int target, int *lost,
	    char **cause);
void	 nauta_effects_flush(struct nv_turn *);
/* Ship's die of the kind (NA_DIE_*) for this step: rolled for purpose on
 * first use, the same value after.  0 or -1 with *cause. */
int	 nauta_step_die(struct nv_turn *, int kind, int ship,
	    const char *purpose, int *out, char **cause);
/* The ship sinks (or burns): the Admiral aboard is killed, it leaves
 * its fights; the caller sets its status (turn_eliminate). */
void	 nauta_lost(struct nv_turn *, int ship);

/* nauta-balistae.c: the shots of a moment (NA_SHOOT_START or _END). */
int	 nauta_balistae(struct nv_turn *, int when, char **);
/* The arc: 1 if the hex at (a, b) from the ship, as nauta.md counts
 * them, holds h; *range and *side get a + b and b.  Exposed for the
 * unit test. */
int	 nauta_in_arc(const struct nauta_data *, struct nv_hex from,
	    int facing, struct nv_hex h, int *range, int *side);

/* nauta-board.c */
int	 nauta_pirophoros(struct nv_turn *, char **);
int	 nauta_boarding(struct nv_turn *, char **);
/* nauta-fight.c */
int	 nauta_fights(struct nv_turn *, char **);
/* Ship surrenders to captor: captured, a prize, out of its fights. */
void	 nauta_surrender(struct nv_turn *, int ship, int captor,
	    const char *why);
/* nauta-end.c */
int	 nauta_save_admirals(struct nv_turn *, char **);
void	 nauta_prizes(struct nv_turn *);
void	 nauta_speeds(struct nv_turn *);
void	 nauta_victory(struct nv_turn *);

#endif
