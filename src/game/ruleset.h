/* ruleset.h: what a ruleset is, and the interface a ruleset module fills.
 *
 * A ruleset is data (data/rulesets/NAME.xml, validated against
 * data/schema/ruleset-NAME.rng) plus one module behind struct
 * nv_ruleset_ops (ruleset-NAME.c and friends).  The common engine knows
 * only what every ruleset has: phases and their schedule, ship classes,
 * crews and nations by id, and the hooks below.  Everything else (rams,
 * fire, boarding, a ruleset's own ship state and order verbs) belongs to
 * the module.  docs/rulesets.md tells how a new ruleset plugs in. */
#ifndef NV_RULESET_H
#define NV_RULESET_H

#include <stddef.h>

struct buf;
struct diag;
struct nv_orders;
struct nv_ship;
struct nv_side;
struct nv_state;
struct nv_turn;
struct nv_plot;

/* Size cap for ruleset, scenario and state files (bytes). */
#define NV_XML_MAX	(16 * 1024 * 1024)

struct nv_class {
	char	*id;		/* e.g. "trireme"; owned */
	char	*name;		/* display name; owned */
};

struct nv_crew {
	char	*id;		/* "poor", "average", "elite"; owned */
	int	 level;		/* ordering: a higher level is better */
};

struct nv_nation {
	char	*id;		/* "roman", ...; owned */
	char	*name;		/* owned */
};

/* A ruleset's own per-ship attribute, stored in nv_ship.attr[i] and
 * written in the state XML after the common attributes, in table order. */
enum nv_attr_kind {
	NV_ATTR_INT,		/* decimal integer in [min, max] */
	NV_ATTR_TEXT,		/* free text (the module parses it) */
	NV_ATTR_IDS,		/* space-separated ship ids, sorted */
};

struct nv_attr_def {
	const char	*name;	/* XML attribute name, e.g. "hull" */
	enum nv_attr_kind kind;
	long		 min;
	long		 max;
};

/* An order verb of the ruleset: "SHIP id VERB args...".  parse() gets
 * argv after the ship id (argv[0] is the verb as written), may take
 * further words of its own, and stores the order in o->rs.  It reports
 * errors to diag with file and line and returns 0 or -1.
 *
 * The same verbs serve the subjects the common parser adds (orders.h,
 * docs/orders.md): a copy of "SQUADRON s VERB ..." for each ship of the
 * squadron without a line of its own, and a standing order ("... STANDING
 * VERB ...") for a ship without any other order.  flags bar a verb from
 * them; while parse() runs, o->subject and o->standing say what the line
 * is (e.g. to refuse a word a squadron may not use).  text is then
 * "SQUADRON s VERB ... (for id)", so an error names the line and the
 * ship. */
#define NV_VERB_SHIP_ONLY	0x1	/* not on SQUADRON lines, nor in a
					   squadron's standing order */
#define NV_VERB_NO_STANDING	0x2	/* never in a STANDING order */

/* HELP (docs/mail-commands.md) shows each verb's usage and real
 * examples: example() writes into out the words after "SHIP id" of one
 * order of variant k (0, 1, ...) for ship in st, made of that game's own
 * ships (a target: the nearest enemy), and returns 0, or -1 when it has
 * no variant k for that ship.  It proposes and the validator disposes:
 * the caller shows only an example orders_validate() accepts, so an
 * example may be illegal for a ship's figures. */
struct nv_verb {
	const char	*name;	/* upper case, e.g. "SPEED" */
	int		(*parse)(struct nv_orders *o, int ship, char **argv,
			    size_t argc, const char *file, unsigned line,
			    const char *text, struct diag *);
	unsigned	 flags;	/* NV_VERB_* */
	const char	*usage;	/* its words, e.g. "RAKE [PORT|STARBOARD]" */
	int		(*example)(const struct nv_state *st, int ship,
			    int k, struct buf *out);
	const char	*help;	/* what it does, for HELP verb (a sentence
				   or two, the ruleset's own words); NULL:
				   none */
};

/* A side-level order line of the ruleset: "VERB args..." for the side
 * whose orders the file holds (e.g. INITIATIVE, PRIORITY).  parse() gets
 * argv (argv[0] the verb as written) and stores the order in o->rs; a
 * later line should replace an earlier one, so that a mail's line
 * replaces the one in force.  Errors to diag with file and line; 0 or
 * -1.  The verbs must not be the order language's own keywords
 * (orders-lex.h) nor a mail command. */
struct nv_side_verb {
	const char	*name;	/* upper case, e.g. "INITIATIVE" */
	int		(*parse)(struct nv_orders *o, int side, char **argv,
			    size_t argc, const char *file, unsigned line,
			    const char *text, struct diag *);
	const char	*usage;		/* for HELP, as nv_verb's */
	const char	*example;	/* a whole line, e.g. "SIGNAL ATTACK" */
	const char	*help;		/* as nv_verb's */
};

/* A status a module adds (state.h): a way of leaving the battle. */
struct nv_status_def {
	const char	*name;	/* the state file's word, e.g. "fled" */
	const char	*event;	/* as it happens: "flees the battle" */
	const char	*fate;	/* as a report tells it: "fled the battle" */
};

/* A kind of marker the module puts on the map (state.h, <marker>). */
struct nv_marker_def {
	const char	*name;	/* the state file's word, e.g. "hulk" */
	const char	*words;	/* for sentences: "a burning hulk" */
	int		 obstacle;	/* the mover consults it (terrain()) */
};

struct nv_contact;
struct nv_terrain;
struct nv_ruleset;

struct nv_ruleset_ops {
	const char	*name;		/* matches <ruleset id> and
					   <scenario ruleset> */

	/* Data.  load() reads the module's own elements of the ruleset
	 * document (already schema-valid) into rs->priv. */
	int		(*load)(struct nv_ruleset *, void *xml_doc,
			    const char *file, struct diag *);
	void		(*free)(struct nv_ruleset *);

	/* Ship state of the ruleset's own. */
	const struct nv_attr_def *ship_attrs;
	size_t		 nship_attrs;
	/* Fills every attribute not given in the scenario (bit i of given
	 * set for attribute i) from class, nation and crew, and checks the
	 * ship (e.g. a class with no loadout for its nation).  0 or -1. */
	int		(*ship_defaults)(const struct nv_ruleset *,
			    const struct nv_state *, struct nv_ship *,
			    unsigned long given, const char *file,
			    unsigned line, struct diag *);

	/* Side and game state of the ruleset's own (VP ledgers, wind, the
	 * initiative, dice rolled ahead), like ship attributes: written as
	 * attributes of <side> after the common ones, and of the <game>
	 * element, in table order.  Attributes not given are 0 (or the
	 * table's min, if above 0) and "", unless the defaults hook (may be
	 * NULL) fills them; it also checks them.  0 or -1.  The game's hook
	 * runs after every side and ship is loaded. */
	const struct nv_attr_def *side_attrs;
	size_t		 nside_attrs;
	int		(*side_defaults)(const struct nv_ruleset *,
			    const struct nv_state *, struct nv_side *,
			    unsigned long given, const char *file,
			    unsigned line, struct diag *);
	const struct nv_attr_def *game_attrs;
	size_t		 ngame_attrs;
	int		(*game_defaults)(const struct nv_ruleset *,
			    struct nv_state *, unsigned long given,
			    const char *file, unsigned line, struct diag *);

	/* Statuses and markers of the module's own (state.h). */
	const struct nv_status_def *statuses;
	size_t		 nstatuses;
	const struct nv_marker_def *marker_kinds;
	size_t		 nmarker_kinds;
	/* Ships may stand in land hexes (aground): the loader allows it and
	 * terrain() may answer NV_TERRAIN_ENTER_STOP for land. */
	int		 ships_on_land;
	/* The speed a <ship> without a speed attribute loads with: 0, or
	 * -1 where the ruleset tells "no speed carried yet" apart (a ship
	 * whose first turn may be written at any speed). */
	int		 speed_unset;

	/* Orders.  orders_new() makes the per-turn store of parsed orders
	 * for a state; verbs parse into it; validate() checks all of it;
	 * format() writes it back normalised. */
	void		*(*orders_new)(const struct nv_state *);
	void		(*orders_free)(void *);
	const struct nv_verb *verbs;
	size_t		 nverbs;
	int		(*validate)(struct nv_orders *, struct diag *);
	void		(*format)(const struct nv_orders *, struct buf *);
	/* Side-level lines (may be NULL, 0): their verbs, and
	 * format_side(), which writes one side's as lines. */
	const struct nv_side_verb *side_verbs;
	size_t		 nside_verbs;
	void		(*format_side)(const struct nv_orders *, int side,
			    struct buf *);

	/* The turn (turn.h, docs/rulesets.md).  In the order they are
	 * called: begin() makes rs scratch in the turn and a plot for every
	 * ship (plot.h), from its orders or the default order (initiative
	 * and other steps before the first phase go here too); for each
	 * phase, phase_begin() (may be NULL), then the mover's rounds, each
	 * handing every contact it finds to contact() and ending with
	 * round_end() (may be NULL), then phase_end() (fire; may be NULL);
	 * after the last phase end() runs the end-of-turn steps (boarding,
	 * holes, victory) and frees the scratch.  terrain() (may be NULL:
	 * the default answers, turn.h) decides a step into land, off the map, into a
	 * wreck or an obstacle marker.  contact_key() (may be NULL) orders
	 * the contacts of a wave: lower keys first, then (lower ship index,
	 * other index) as without it; e.g. initiative, then id.  Each
	 * returns 0, or -1 with *cause set (e.g. a dice script that ran
	 * out). */
	int		(*begin)(struct nv_turn *, char **cause);
	int		(*phase_begin)(struct nv_turn *, int phase,
			    char **cause);
	int		(*contact)(struct nv_turn *, struct nv_contact *,
			    char **cause);
	long		(*contact_key)(const struct nv_turn *,
			    const struct nv_contact *);
	int		(*terrain)(struct nv_turn *, struct nv_terrain *,
			    char **cause);
	int		(*round_end)(struct nv_turn *, int phase, int round,
			    char **cause);
	int		(*phase_end)(struct nv_turn *, int phase, char **cause);
	int		(*end)(struct nv_turn *, char **cause);
	/* Releases rs scratch of a turn that failed part way (may be NULL). */
	void		(*abort)(struct nv_turn *);

	/* Whether side may change its command now (a player's ASSIGN: who
	 * commands which ships and squadrons, a squadron's standing
	 * order), by the ruleset's rules (may be NULL: always).  0, or -1
	 * with *cause (owned by the caller) saying why not, for the
	 * player. */
	int		(*may_command)(const struct nv_state *, int side,
			    char **cause);

	/* The plotted-path preview (src/play/play-preview.c) plays a
	 * player's orders against enemies that stay where they are, with
	 * dice that are never the game's.  preview_hold makes ship i of the
	 * preview's board hold for a turn without orders; preview_die is
	 * what every die of the preview shows.  NULL and 0: the ship's speed
	 * becomes 0 and every die shows 1. */
	void		(*preview_hold)(struct nv_state *, int ship);
	int		 preview_die;
};

/* A column of the reports' ship table (<ship-table> in the ruleset file,
 * docs/files.md): the report layer reads it, the engine never does. */
struct nv_table_col {
	char	*head;		/* its heading, e.g. "Hull"; owned */
	char	*value;		/* the ship's value it shows, e.g. "hull"
				   (docs/reports.md); owned */
	int	 width;		/* right-aligned in this many characters */
};

struct nv_ruleset {
	const struct nv_ruleset_ops *ops;	/* static */
	char		*id;		/* owned */
	char		*title;		/* owned */
	char		*file;		/* where it was loaded from; owned */
	int		 phases;	/* movement phases per turn */
	int		 command_delay;	/* turns a change of command waits
					   (<ruleset command-delay>, 1-9;
					   1: from the next turn) */
	int		 max_speed;	/* rows of the schedule: 0..max_speed */
	/* schedule[s * phases + (p - 1)]: moves a ship at speed s makes in
	 * phase p (0 or 1 in most rulesets; more where a ruleset ticks). */
	unsigned char	*schedule;
	struct nv_class	*classes;
	size_t		 nclasses;
	struct nv_crew	*crews;
	size_t		 ncrews;
	struct nv_nation *nations;
	size_t		 nnations;
	/* The reports' ship table: its columns after the common ones (none:
	 * no <ship-table>), and the legend under it (NULL: none), for every
	 * reader or (legend_all 0) only the players of a side. */
	struct nv_table_col *table;
	size_t		 ntable;
	char		*legend;
	int		 legend_all;
	void		*priv;		/* the module's data, via ops->free */
};

/* The modules compiled in (ruleset-registry.c); NULL if unknown. */
const struct nv_ruleset_ops *ruleset_ops_find(const char *name);
/* The i-th module compiled in, in the registry's order (for messages
 * that list them); NULL past the last. */
const struct nv_ruleset_ops *ruleset_ops_nth(size_t i);

/* Parses and validates a ruleset document held in memory.  file names it
 * in messages; rng is the schema text (data/schema/ruleset.rng or the
 * module's own).  No network, no DTD, no external entities; documents over
 * NV_XML_MAX are refused.  Returns the ruleset (owned by the caller,
 * ruleset_free) or NULL with every error in diag. */
struct nv_ruleset *ruleset_load(const char *file, const char *xml,
		    size_t len, const char *rng, size_t rnglen, struct diag *);
/* The same with the module given rather than looked up in the registry
 * (ops NULL: looked up): for a module that is not built in, such as the
 * test suite's (tests/ruleset/).  The document's id must be its name. */
struct nv_ruleset *ruleset_load_ops(const struct nv_ruleset_ops *,
		    const char *file, const char *xml, size_t len,
		    const char *rng, size_t rnglen, struct diag *);
void		 ruleset_free(struct nv_ruleset *);

int	ruleset_class_index(const struct nv_ruleset *, const char *id);
int	ruleset_crew_index(const struct nv_ruleset *, const char *id);
int	ruleset_nation_index(const struct nv_ruleset *, const char *id);
/* Moves a ship at speed s makes in phase p (0 outside the table). */
int	ruleset_moves(const struct nv_ruleset *, int speed, int phase);
/* A preview_hold for a ruleset whose ship without orders holds at speed
 * 0: a ship under way stops (a speed of 0 or below, as after backing or
 * with no carried speed yet, stays). */
void	ruleset_hold_at_speed0(struct nv_state *, int ship);

/* For the modules' example() makers (HELP): the speed an example keeps,
 * last turn's, at least min; and the variants every SPEED verb has:
 * SPEED at that speed (k 0, min 1), SPEED 0 (k 1), -1 for any other k. */
int	ruleset_example_speed_kept(const struct nv_ship *, int min);
int	ruleset_example_speed(const struct nv_state *, int ship, int k,
	    struct buf *out);
/* Variant k of a verb whose examples are fixed words: v[k] (of n), or
 * -1. */
int	ruleset_example_words(const char *const *v, size_t n, int k,
	    struct buf *out);

#endif
