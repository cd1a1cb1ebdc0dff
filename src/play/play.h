/* play.h: a stored game's turn, shared by the GM's tool (navarch) and the
 * daemon's mail processing (src/mail/mailproc.c).
 *
 * This layer sits above the engine and the store and below both programs:
 * it loads a state with its ruleset from a data directory, plays a turn
 * from the order sets as stored, and adjudicates a stored game inside the
 * caller's transaction.  It never prints: errors come back as a cause (one
 * sentence, owned by the caller) or, for bad files and illegal orders, as
 * a diag with file and line.  Functions return an enum play_code; the
 * programs turn it into their own answer (navarch: an exit status, in
 * ctl-exit.c; the daemon: a temporary or a permanent failure). */
#ifndef NV_PLAY_H
#define NV_PLAY_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "events.h"
#include "report.h"
#include "store.h"

struct diag;
struct nv_dice;
struct nv_orders;
struct nv_ruleset;
struct nv_state;
struct store;
struct store_audit;
struct store_game;

/* What a play function reports.  Every function below that returns a
 * play_code lists the ones it may return; any code but PLAY_OK comes with
 * *cause set (and, for PLAY_INPUT and PLAY_CONFIG, maybe errors in a
 * diag). */
#define PLAY_CODES(X)							\
	X(OK,		"ok")						\
	X(INPUT,	"input")	/* a bad state or scenario, an	\
					   unknown ruleset, orders that	\
					   are not legal */		\
	X(CONFIG,	"config")	/* a data file or template	\
					   missing or broken */		\
	X(REFUSED,	"refused")	/* the rules of play say no: the \
					   game is over or not playing,	\
					   orders missing before the	\
					   deadline */			\
	X(BUSY,		"busy")		/* the database is busy: try	\
					   again */			\
	X(STORE,	"store")	/* any other failure of the	\
					   database */

enum play_code {
#define X(e, s) PLAY_##e,
	PLAY_CODES(X)
#undef X
};

const char	*play_code_name(enum play_code);	/* static */

/* A loaded state with its ruleset and the scenario schema text; all owned
 * by the struct (play_game_free). */
struct play_game {
	struct nv_ruleset	*rs;
	struct nv_state		*st;
	char			*rng;	/* data/schema/scenario.rng */
	size_t			 rnglen;
};

/* Loads the state or scenario text xml (name is used in messages) and the
 * ruleset it names from datadir (rulesets/, schema/).  PLAY_OK;
 * PLAY_INPUT for a bad state (errors in d) or an unknown ruleset
 * (*cause); PLAY_CONFIG when a data file is missing (*cause says which)
 * or bad (errors in d).  On failure g is left empty. */
enum play_code play_load_state(const char *datadir, const char *name,
	    const char *xml, size_t len, struct play_game *g, struct diag *d,
	    char **cause);
/* g's state replaced by the state text xml, loaded as play_load_state
 * does (the stream for a state Navarch wrote) with the ruleset and schema
 * g holds, read again from nowhere.  PLAY_OK; PLAY_INPUT for a bad state
 * (errors in d) or one of another ruleset (d may say nothing: the caller
 * loads it afresh), which leave g as it was. */
enum play_code play_reload_state(struct play_game *g, const char *name,
	    const char *xml, size_t len, struct diag *d);
/* Parses another state of g's ruleset into *out (owned by the caller);
 * errors into d.  0 or -1. */
int	play_parse_state(const struct play_game *g, const char *name,
	    const char *xml, size_t len, struct nv_state **out, struct diag *d);
void	play_game_free(struct play_game *);
/* Loads a stored game's live state of turn (-1: the current one); *turn_out
 * (may be NULL) is the turn.  PLAY_OK, a code of play_load_state, or
 * PLAY_BUSY / PLAY_STORE for a store failure (*cause). */
enum play_code play_game_state(struct store *, const char *datadir,
	    const char *game, int turn, struct play_game *g, int *turn_out,
	    struct diag *d, char **cause);

/* The flags (owned by the caller, free) of the ships a player may order:
 * those listed, or with ships NULL every ship of side. */
unsigned char *play_may_order(const struct nv_state *, const char *side,
	    const char *const *ships, size_t n);

/* One player's order set, as stored. */
struct play_orderset {
	const char	*player;
	const char	*side;		/* the player's side */
	const char	*text;		/* as received */
	const char *const *ships;	/* ships the player commands; NULL:
					   any ship of the side */
	size_t		 nships;
};

/* The outcome of one turn; owned by the struct (play_result_free). */
struct play_result {
	struct nv_state		*next;
	struct nv_events	 ev;
	struct nv_dice		*dice;	/* its dice_rolls() are the rolls */
	struct nv_orders	*orders;	/* the orders in force, as
						 * played (the GM's report) */
};

/* Parses every set (each restricted to its player's ships) into one
 * nv_orders and validates them together, as a turn is played
 * (use_standing: ships without an order take their standing orders).
 * Errors go to d; the orders (owned by the caller, orders_free) are
 * returned even then. */
struct nv_orders *play_orders_parse(const struct nv_state *in,
	    const struct play_orderset *, size_t n, int use_standing,
	    struct diag *d);

/* Parses and validates the order sets against in and plays the turn with
 * dice_seeded(seed, game).  PLAY_OK; PLAY_INPUT when the orders are not
 * legal (every error in d, *cause says what to do); PLAY_REFUSED (*cause)
 * when the engine refuses (e.g. the game is over). */
enum play_code play_turn(const struct nv_state *in, const char *game,
	    const char *seed, const struct play_orderset *, size_t n,
	    struct play_result *out, struct diag *d, char **cause);
void	play_result_free(struct play_result *);

/* A stored game's players and its order sets in force for the open turn,
 * as adjudication sees them (see play-adj.c for who orders what). */
struct play_player {
	char	 *id, *side, *address;
	char	 *timezone;	/* the player's zone (tz.h); "": UTC */
	int	  svg;		/* the report's map: -1 as the game says,
				   0 off, 1 on (players.svg) */
	int	  story_own;	/* the report tells only the events of the
				   side's own ships (players.story) */
	int64_t	  absent_until;	/* away until then (ABSENT), or 0 */
	char	 *language;	/* of the templates (players.language);
				   "": the default */
	char	**ships;
	size_t	  nships;
	int	  sole;		/* the only active player of the side */
	int	  admiral;	/* speaks for the side (players.admiral) */
	int	  removed;
	int	  missed;	/* turns missed so far */
	int	  bounces;	/* mails to the address that bounced */
	int	  has_orders;	/* a set in force for the open turn */
	int	  expected;	/* commands a ship on the map, and the
				   side has not conceded */
	int	  conceded;	/* the side conceded (it is out) */
};

struct play_roster {
	struct play_player	*p;
	size_t			 np;
	struct play_orderset	*sets;
	size_t			 nsets;
	char			**texts;	/* owned copies */
	char			**owners;
};

/* Reads the players and the sets in force for turn and works out who
 * orders what and who is expected to (st: the state of turn).  *r owned by
 * the caller (play_roster_free).  PLAY_OK, or PLAY_BUSY / PLAY_STORE with
 * *cause. */
enum play_code play_roster_load(struct store *, const char *game, int turn,
	    const struct nv_state *st, struct play_roster *r, char **cause);
void	play_roster_free(struct play_roster *);
struct play_player *play_roster_find(const struct play_roster *,
	    const char *id);

/* What an adjudication did; owned by the struct (play_adj_free). */
struct play_adj {
	int			 turn;		/* the turn played */
	const struct nv_state	*before;	/* the state of turn: g.st, or
						   the caller's */
	struct play_game	 g;		/* the state of turn and the
						   ruleset r.next uses, when
						   play_adjudicate loaded them */
	struct play_result	 r;
	char			**missed;	/* players without orders */
	size_t			 nmissed;
	char			*who;		/* "a, b" of the missed */
	int			 ended;		/* the game is over now */
};

/* Adjudicates the open turn of a stored game inside the caller's open
 * transaction (store_begin), which it neither commits nor aborts: the new
 * state, events, rolls, missed turns, the end of the game (seed revealed)
 * and the audit entry (actor, details "turn N...") are written, so the
 * caller may add its own rows (report mails) and commit everything at
 * once.  Without force, refuses (PLAY_REFUSED) while some player with
 * ships on the map has no orders in force and the deadline has not
 * passed, and so it does when the game is not playing.  PLAY_OK, or a
 * code of play_game_state or play_turn with *cause (and, for illegal
 * orders in force, every error in d). */
enum play_code play_adjudicate(struct store *, const char *datadir,
	    const char *game, int force, int64_t now, const char *actor,
	    struct play_adj *out, struct diag *d, char **cause);
/* The same with the game's current state already loaded by the caller in
 * the same transaction (cur, turn: play_game_state's), so that a big
 * battle's state is not parsed and held twice: out->before is cur->st,
 * and cur (its ruleset, which the result's states use) must outlive
 * *out. */
enum play_code play_adjudicate_loaded(struct store *, const char *game,
	    const struct play_game *cur, int turn, int force, int64_t now,
	    const char *actor, struct play_adj *out, struct diag *d,
	    char **cause);
void	play_adj_free(struct play_adj *);

/* How a set rewritten by play_orders_refit is stored. */
struct play_refit {
	enum store_source source;
	const char	*actor;		/* its sender, as in the audit log */
	int64_t		 now;
	const char	*notice;	/* the reason of a notice "orders"
					   to each player whose set is
					   rewritten; NULL: none (the
					   caller tells them) */
};

/* After an immediate change of command, inside the caller's transaction:
 * every order set in force for the open turn that is no longer legal for
 * its player is stored again without the lines that are not (without the
 * ships taken from him; play-refit.c), so that the turn can always be
 * played.  *who (owned by the caller) is "a, b", the players whose sets
 * were rewritten ("" none).  PLAY_OK; PLAY_INPUT (*cause) when the sets
 * would still not be legal together (the caller aborts the change); a
 * code of play_game_state, PLAY_BUSY or PLAY_STORE. */
enum play_code play_orders_refit(struct store *, const char *datadir,
	    const char *game, const struct play_refit *, char **who,
	    char **cause);

/* --- a played turn again, and the end of a game (play-adj.c) ------------ */

/* Plays turn of a stored game again from its stored state, the order sets
 * that were in force and the game's seed: the engine is deterministic, so
 * *r is what the adjudication made (events, dice, next state) and g the
 * state of turn (both owned by the caller: play_result_free, then
 * play_game_free).  For what only the turn's result gives, the report of
 * a past turn (RESEND); the turn just played needs no replay (play_adj
 * holds it).  PLAY_OK, or a code of play_game_state, play_roster_load or
 * play_turn with *cause. */
enum play_code play_replay(struct store *, const char *datadir,
	    const char *game, int turn, struct play_game *g,
	    struct play_result *r, char **cause);

/* --- the plotted path of orders (play-preview.c) ------------------------ */

/* A step of a ship's path on the preview's board: a hex it enters, or
 * what it would run into. */
enum play_path_kind {
	PLAY_PATH_CROSS,	/* enters hex */
	PLAY_PATH_EXIT,		/* would sail off the map */
	PLAY_PATH_BLOCKED,	/* land, a wreck, an obstacle would stop it */
	PLAY_PATH_COLLIDE,	/* would touch a ship of its side */
	PLAY_PATH_MEET,		/* would meet an enemy ship (holding) */
};

struct play_path {
	enum play_path_kind	 what;
	struct nv_hex		 hex;	/* CROSS */
	const char		*text;	/* EXIT, BLOCKED: the event's
					   sentence (the preview's) */
	int			 other;	/* COLLIDE, MEET: the ship's index */
};

/* One ship of the player's: where its plot takes it on the preview's
 * board, step by step in the order the turn played them.  Owned by the
 * preview. */
struct play_preview_ship {
	int			 ship;		/* index in the state */
	int			 exits;		/* it leaves the map */
	struct play_path	*path;
	size_t			 npath;
};

/* Two ships of the side plotted into each other: the mover's contact or
 * collision between them (its event's data), in phase. */
struct play_collision {
	int	 phase;
	int	 a, b;		/* ship indices: the event's ship and
				   other */
};

/* The preview: the board it was played on (the state with every enemy
 * ship holding; under fog of war without the enemy ships and the wrecks
 * the side does not see, as report_fog_map decides), the state it ends in and its events, a line per ship
 * of the player's (or the side's) on the map (in the state's order), and
 * every collision between two of the side's ships; owned
 * (play_preview_free). */
struct play_preview {
	struct nv_state			*board;
	struct nv_state			*next;
	struct nv_events		 ev;
	struct play_preview_ship	*ships;
	size_t				 nships;
	struct play_collision		*collisions;
	size_t				 ncollisions;
};

/* Plays text (a player's whole orders in force) on st for the ships may
 * flags (play_may_order), side's: every enemy ship holds, the side's
 * other ships take their default order, every die shows 1, never the
 * game's dice.  It shows movement only: where enemies really go, and
 * what the dice say, the turn decides.  PLAY_OK; PLAY_INPUT when the
 * orders do not hold on that board, PLAY_REFUSED when the engine will not
 * play it (*cause says which; *pv is then empty). */
enum play_code play_preview(const struct nv_state *st, int side,
	    const char *text, const unsigned char *may, struct play_preview *pv,
	    char **cause);
/* The side preview (PREVIEW SIDE): the sets (every set in force of
 * side's players, each restricted to its player's ships) played
 * together on the same board, ships without an order on their standing
 * orders as in the turn, every ship of side on the map listed.  Same
 * codes; PLAY_INPUT too when the sets are not legal together. */
enum play_code play_preview_side(const struct nv_state *st, int side,
	    const struct play_orderset *sets, size_t n,
	    struct play_preview *pv, char **cause);
void	play_preview_free(struct play_preview *);

/* --- the GM's corrections (play-fix.c) ----------------------------------- */

/* One correction of the state, as its audit entry records it: made on the
 * state of turn, one KEY=VALUE a line after the first.  A ship's (navarch
 * ship set; a ship moved to another squadron) is action PLAY_FIX_ACTION,
 * first line "turn T ship S"; a squadron's (navarch squadron add, a
 * squadron's standing order set by its admiral) is PLAY_FIX_SQ_ACTION,
 * "turn T squadron Q", which adds the squadron when the state has none of
 * that id (side= then says whose). */
#define PLAY_FIX_ACTION		"ship-set"
#define PLAY_FIX_SQ_ACTION	"squadron-set"
enum play_fix_kind {
	PLAY_FIX_SHIP,
	PLAY_FIX_SQUADRON,
};
struct play_fix {
	int			  turn;
	enum play_fix_kind	  kind;
	char			 *id;		/* the ship or squadron */
	char			**kv;		/* KEY=VALUE */
	size_t			  nkv;
};

/* The corrections in effect, in the order made; owned (play_fixes_free). */
struct play_fixes {
	struct play_fix	*v;
	size_t		 n;
};

/* Takes one audit entry of the game, in the order of the log: a
 * correction is added; a rollback to the start of turn R discards the
 * corrections made on later turns (their states are gone); any other
 * entry is ignored. */
void	play_fixes_audit(struct play_fixes *, const struct store_audit *);
/* Every correction of game still in effect (play_fixes_audit over its
 * audit log).  PLAY_OK, or PLAY_BUSY / PLAY_STORE with *cause. */
enum play_code play_fixes_load(struct store *, const char *game,
	    struct play_fixes *, char **cause);
void	play_fixes_free(struct play_fixes *);
/* Applies f to st (a state of g's ruleset) through its canonical XML: a
 * ship's attributes set (those it has, and squadron), a squadron's side,
 * name or standing set, or the squadron added after the others; the
 * result loaded again as any state is, so the schema and the ruleset
 * check it.  f->turn is not looked at.  *out: the new state's canonical
 * XML (owned by the caller).  0, or -1 with every error in d. */
int	play_fix_apply(const struct play_game *g, const struct nv_state *st,
	    const struct play_fix *f, char **out, struct diag *d);
/* Applies to *st (a state of g's ruleset, replaced) every correction
 * of fx made on turn's state, in the order made, as replay does: applied
 * for turn t + 1 to the state turn t played again gives, they make the
 * state turn t + 1 has in the store.  0; -1 with the errors in d and the
 * index of the failing correction in *failed (if not NULL), *st as the
 * corrections before it left it. */
int	play_fixes_apply(const struct play_game *g,
	    const struct play_fixes *fx, int turn, struct nv_state **st,
	    struct diag *d, size_t *failed);
/* Corrects the state st (of g's ruleset) of the open turn f->turn of a
 * stored game inside the caller's transaction: f applied
 * (play_fix_apply), the result stored as that turn's state and audited
 * (actor, now: the audit entry's); *out (may be NULL) the corrected
 * state (owned by the caller).  Orders in force are not looked at: the
 * caller refits them.  PLAY_OK; PLAY_INPUT (errors in d, *cause) when f
 * cannot be applied; PLAY_BUSY or PLAY_STORE. */
enum play_code play_fix_store(struct store *, const struct play_game *g,
	    const char *game, const struct nv_state *st,
	    const struct play_fix *f, int64_t now, const char *actor,
	    struct nv_state **out, struct diag *d, char **cause);
/* Checks words as the standing order of squadron (of side; it may not be
 * in st yet) as the order language checks one given (docs/orders.md,
 * "Standing orders"): read as a SQUADRON line is, for the first of its
 * ships on the map, else as a SHIP line for the side's first ship on the
 * map (a new squadron has none).  *norm: the words as the state keeps
 * them (owned by the caller).  0; -1 with the errors in d (file "standing
 * order").  With no ship of the side on the map the words are kept as
 * given: each ship that takes them checks them then. */
int	play_standing_check(const struct nv_state *st, int side,
	    const char *squadron, const char *words, char **norm,
	    struct diag *d);

/* --- reports (play-report.c) --------------------------------------------- */

/* The directory of the report templates: configured (navarchd.conf's
 * templatedir) when not NULL, else $NAVARCH_TEMPLATEDIR when set and not
 * empty, else the one installed.  Static or configured storage. */
const char *play_templatedir(const char *configured);
/* The file of reader's template in that directory ("report-side.xsl",
 * "report-gm.xsl", "report-observer.xsl"); static. */
const char *play_template_file(enum report_reader);

/* The report templates of a directory, each read and compiled the first
 * time a report needs it and kept for the next (one compilation for all
 * the readers of a turn).  Owned by the caller (play_templates_free). */
struct play_templates *play_templates_new(const char *dir);
void	play_templates_free(struct play_templates *);
/* The language the reports made next are worded in (a player's SET
 * LANGUAGE; play-lang.c): its templates where it has them, else the
 * default ones.  NULL or "": the default.  lang is copied. */
void	play_templates_lang(struct play_templates *, const char *lang);
/* The template file of a language, compiled the first time and kept with
 * the others (any file of the directory: the daemon's mail.xsl too).
 * Borrowed (freed with t), or NULL with *cause (owned). */
struct report_template *play_template_get(struct play_templates *,
	    const char *lang, const char *file, char **cause);

/* --- languages of the templates (play-lang.c) --------------------------- */

/* 1 if code has the shape of a language code (de, pt-br): letters, maybe
 * '-' and letters or digits; nothing that could leave the directory. */
int	play_lang_valid(const char *code);
/* dir/lang/file when lang is a valid code and that file exists, else
 * dir/file.  Owned by the caller. */
char	*play_template_path(const char *dir, const char *lang,
	    const char *file);
/* The languages installed in dir, sorted: subdirectories named by a
 * valid code holding at least one .xsl file.  *out owned by the caller
 * (play_langs_free); the count (0: none, or dir unreadable). */
size_t	play_langs(const char *dir, char ***out);
void	play_langs_free(char **, size_t);
/* code, in any case, as installed in dir: PLAY_OK with *canon (owned), or
 * PLAY_INPUT with *cause (owned) naming those that are installed. */
enum play_code play_lang_check(const char *dir, const char *code,
	    char **canon, char **cause);

/* A played turn, what each reader's report is made of; nothing owned.
 * play_played() fills it from the state the turn started in and its
 * result (the adjudication's, or a replay's). */
struct play_played {
	const char		*game;		/* or NULL (navarch turn) */
	const char		*deadline;	/* the next one as text, or
						   NULL */
	const struct nv_state	*before;
	const struct nv_state	*after;
	const struct nv_events	*ev;
	const struct nv_orders	*orders;	/* in force: the GM's report */
	const struct nv_dice	*dice;
	const struct play_fixes	*fixes;		/* or NULL; those of the
						   turn played count */
	int			 turn;		/* the turn played */
	/* The directives to the one player the next report is made for
	 * (report_input.directives): set by the caller before each
	 * play_report, NULL and 0 for a report a side's players share. */
	const struct report_directive *directives;
	size_t			 ndirectives;
};

void	play_played(struct play_played *, const char *game,
	    const struct nv_state *before, const struct play_result *);

/* What play_report makes besides the text. */
#define PLAY_REPORT_SVG	0x1	/* the map as an SVG picture, with the
				   text's fog of war */
#define PLAY_REPORT_XML	0x2	/* the report document the template saw */
#define PLAY_REPORT_OWN	0x4	/* a side's story tells only the events of
				   its own ships (a player's SET STORY OWN;
				   report_input.own_story) */

/* A big battle's report goes out in parts (docs/reports.md, "Big
 * battles"), each a report of its own on some of the ships, so that no
 * mail, and no report document in memory, grows with the battle. */
struct play_part {
	unsigned char	*ships;		/* one flag per ship of the state
					   after the turn; owned by the
					   parts */
	int		 n;		/* this part, from 1 */
	int		 of;		/* parts in all */
};

struct play_parts {
	struct play_part *v;
	size_t		  n;
};

/* The parts of reader's report (side: a side index, for REPORT_SIDE):
 * the ships the reader is shown (the GM and observers: every ship; a
 * side: its own, then the enemies it sees), max at a time in that order.
 * With max ships or fewer (or max 0) there is one part, v[0].ships NULL:
 * the whole report.  Owned by the caller (play_parts_free). */
void	play_report_parts(const struct play_played *, enum report_reader,
	    int side, size_t max, struct play_parts *out);
void	play_parts_free(struct play_parts *);

/* A player of a shared side reads the side's report his way
 * (report_input.player): his ships first, his order template. */
struct play_view {
	const char	 *player;	/* his id; NULL: no view (the
					   side's only player, the GM) */
	const char	**commander;	/* per ship of the state the view
					   is of: its commander's id (the
					   roster's), NULL for none */
	int		  admiral;
};

/* The view of the reports of a turn that ended in st for player id of
 * roster r (its commanders worked out on st: play_roster_load with st):
 * empty (player NULL) for the only player of a side, a removed or
 * unknown one.  Owned by the caller (play_view_free); it points into
 * r, which must outlive it. */
void	play_view_of(const struct play_roster *r, const struct nv_state *st,
	    const char *id, struct play_view *v);
void	play_view_free(struct play_view *);

/* One reader's report; owned (play_report_free). */
struct play_report {
	enum report_reader	 reader;
	int			 side;		/* REPORT_SIDE: a side index,
						   else -1 */
	struct buf		 text;
	struct buf		 svg;		/* empty unless asked */
	struct buf		 xml;		/* empty unless asked */
};

/* The report of the turn for reader (side: a side index of p->after, for
 * REPORT_SIDE) with the template of t, checked as plain text, and what
 * flags ask for besides, as view says (NULL or empty: the whole side's
 * report); of the part only (NULL, or one whose ships are
 * NULL: the whole report).  PLAY_OK; PLAY_INPUT for a side out of range;
 * PLAY_CONFIG for a template that cannot be read, does not compile, or
 * makes a text that breaks the rules of a report (*cause names it: a GM
 * mends a template).  On failure *out is empty: nothing of it may be
 * sent, text or picture. */
enum play_code play_report(const struct play_played *,
	    struct play_templates *, enum report_reader, int side,
	    const struct play_part *, const struct play_view *,
	    unsigned flags, struct play_report *out, char **cause);
void	play_report_free(struct play_report *);

#endif
