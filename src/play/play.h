/* play.h: a stored game's turn, shared by the GM's tool (navarch) and the
 * daemon's mail processing (src/mail/mailproc.c).
 *
 * This layer sits above the engine and the store and below both programs:
 * it loads a state with its ruleset from a data directory, plays a turn
 * from the order sets as stored, and adjudicates a stored game inside the
 * caller's transaction.  It never prints: errors come back as a cause (one
 * sentence, owned by the caller) or, for bad files and illegal orders, as
 * a diag with file and line.  Return values are the exit statuses of
 * exitcode.h, so the CLI passes them on unchanged. */
#ifndef NV_PLAY_H
#define NV_PLAY_H

#include <stddef.h>
#include <stdint.h>

#include "events.h"

struct buf;
struct diag;
struct nv_dice;
struct nv_ruleset;
struct nv_state;
struct store;
struct store_game;

/* A loaded state with its ruleset and the scenario schema text; all owned
 * by the struct (play_game_free). */
struct play_game {
	struct nv_ruleset	*rs;
	struct nv_state		*st;
	char			*rng;	/* data/schema/scenario.rng */
	size_t			 rnglen;
};

/* Loads the state or scenario text xml (name is used in messages) and the
 * ruleset it names from datadir (rulesets/, schema/).  Returns 0;
 * NV_EXIT_INPUT for a bad state (errors in d) or an unknown ruleset
 * (*cause); NV_EXIT_CONFIG when a data file is missing (*cause says
 * which) or bad (errors in d).  On failure g is left empty. */
int	play_load_state(const char *datadir, const char *name, const char *xml,
	    size_t len, struct play_game *g, struct diag *d, char **cause);
/* Parses another state of g's ruleset into *out (owned by the caller);
 * errors into d.  0 or -1. */
int	play_parse_state(const struct play_game *g, const char *name,
	    const char *xml, size_t len, struct nv_state **out, struct diag *d);
void	play_game_free(struct play_game *);
/* Loads a stored game's live state of turn (-1: the current one); *turn_out
 * (may be NULL) is the turn.  0, an exit status of play_load_state, or
 * NV_EXIT_TEMP / NV_EXIT_FAIL for a store failure (*cause). */
int	play_game_state(struct store *, const char *datadir, const char *game,
	    int turn, struct play_game *g, int *turn_out, struct diag *d,
	    char **cause);

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

/* Parses and validates the order sets against in and plays the turn with
 * dice_seeded(seed, game).  0; NV_EXIT_INPUT when the orders are not
 * legal (every error in d, *cause says what to do); NV_EXIT_FAIL (*cause)
 * when the engine refuses (e.g. the game is over). */
int	play_turn(const struct nv_state *in, const char *game, const char *seed,
	    const struct play_orderset *, size_t n, struct play_result *out,
	    struct diag *d, char **cause);
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
	char	**ships;
	size_t	  nships;
	int	  sole;		/* the only active player of the side */
	int	  removed;
	int	  missed;	/* turns missed so far */
	int	  bounces;	/* mails to the address that bounced */
	int	  has_orders;	/* a set in force for the open turn */
	int	  expected;	/* commands a ship on the map */
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
 * the caller (play_roster_free).  0 or an exit status with *cause. */
int	play_roster_load(struct store *, const char *game, int turn,
	    const struct nv_state *st, struct play_roster *r, char **cause);
void	play_roster_free(struct play_roster *);
struct play_player *play_roster_find(const struct play_roster *,
	    const char *id);

/* What an adjudication did; owned by the struct (play_adj_free). */
struct play_adj {
	int			 turn;		/* the turn played */
	struct play_game	 g;		/* the state of turn, and the
						   ruleset r.next uses */
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
 * once.  Without force, refuses (NV_EXIT_FAIL) while some player with
 * ships on the map has no orders in force and the deadline has not
 * passed.  0, or an exit status with *cause (and, for illegal orders in
 * force, every error in d). */
int	play_adjudicate(struct store *, const char *datadir, const char *game,
	    int force, int64_t now, const char *actor, struct play_adj *out,
	    struct diag *d, char **cause);
void	play_adj_free(struct play_adj *);

/* The exit status for a store code (NV_EXIT_TEMP for STORE_BUSY,
 * NV_EXIT_FAIL otherwise). */
int	play_store_rc(int code);

#endif
