/* play-assign.h: changes of command in a stored game (issue 14;
 * docs/gm-guide.md, "Running a big battle").
 *
 * Ships or a squadron given to another player of their side, by the GM
 * (navarch, a GM's mail) or the side's admiral (a mail).  A change waits
 * for the start of the next turn unless the GM makes it at once: then
 * every order set in force that names the moved ships is rewritten
 * without them, in the same transaction (play_orders_refit).  Either way
 * the turn in hand stays playable, and the players who gain and lose the
 * ships are told (a notice "reassigned": the ships, from whom, the turn
 * it takes effect, whose orders were rewritten). */
#ifndef NV_PLAY_ASSIGN_H
#define NV_PLAY_ASSIGN_H

#include <stddef.h>
#include <stdint.h>

#include "play.h"

struct diag;
struct nv_state;
struct store;

struct play_assign {
	const char	*game;
	int		 squadron;	/* what: one squadron, else ships */
	const char *const *what;	/* ship ids, or the squadron's id */
	size_t		 nwhat;
	const char	*player;	/* who takes them */
	const char	*into;		/* or NULL; else the ships join that
					   squadron of their side instead
					   (ASSIGN SHIP s TO SQUADRON q),
					   and player is unused: its
					   player takes them */
	const char	*side;		/* into: the side the squadron must
					   be of (an admiral's); NULL: any */
	int		 by_gm;		/* the GM's: the ruleset's refusals
					   (may_command) do not bind it */
	int		 now;		/* at once (the GM's), else at the
					   start of the next turn */
	int		 source;	/* enum store_source of rewritten
					   order sets */
	const char	*actor;		/* as in the audit log */
	const char	*reason;	/* the GM's words; NULL: none */
	int64_t		 time;
};

/* A change that waits takes effect at the start of the turn
 * rs->command_delay turns after the open one (the ruleset's
 * <ruleset command-delay>, 1 by default: the next). */

/* What was done; owned by the struct (play_assigned_free). */
struct play_assigned {
	int	 turn;		/* it takes (took) effect at its start */
	char	*ships;		/* "a1 a2": the ships that change hands */
	char	*from;		/* "p1 p2": who commanded them ("" none) */
	char	*rewritten;	/* "p1, p2": sets in force rewritten */
};

/* Checks and makes the change in the caller's transaction (store_begin),
 * with its notice; the caller audits.  PLAY_OK; PLAY_REFUSED with *cause
 * for a change refused (an unknown or foreign ship or squadron, no such
 * active player of the side, the game over, orders in force that could
 * not be made legal); a code of play_game_state, PLAY_BUSY or PLAY_STORE
 * for a data or store failure. */
enum play_code play_assign(struct store *, const char *datadir,
	    const struct play_assign *, struct play_assigned *out,
	    char **cause);
void	play_assigned_free(struct play_assigned *);

/* Moves a->what (ships) into squadron a->into (play_assign calls it
 * for a->into): at once (a->now) the state of the open turn corrected
 * (play_fix_store: audited, replayed) and the orders in force refit, or
 * from the start of the next turn (store_move_later).  A ship held by
 * name is released, so that it follows its new squadron's player; that
 * player is told, with each who loses ships.  Codes as play_assign's. */

/* Whether side may change its command now by the ruleset's rules
 * (ops->may_command: one may refuse while the side's Admiral is killed or
 * captured); the GM (by_gm) always may.  PLAY_OK, or PLAY_REFUSED with *cause
 * (owned by the caller). */
enum play_code play_may_command(const struct play_game *, int by_gm,
	    int side, char **cause);

/* Why squadron id is not a squadron to name: "there is no squadron id
 * [of side s]; squadrons: ..." (those of side when not NULL).  Owned by
 * the caller. */
char	*play_squadrons_of(const struct nv_state *, const char *id,
	    const char *side);

/* Applies the moves into squadrons due at the start of turn (its state
 * *st, of g's ruleset, replaced by the corrected one), in the transaction
 * of the adjudication that opens it: each an audited correction of that
 * state (actor: who asked for it), as replay applies it.  A move the
 * state no longer allows (the ship taken by another side, the squadron
 * gone) is dropped.  PLAY_OK, PLAY_INPUT, PLAY_BUSY, PLAY_STORE (*cause). */
enum play_code play_join_due(struct store *, const struct play_game *g,
	    const char *game, struct nv_state **st, int turn, int64_t now,
	    char **cause);

/* A squadron's standing order set by its side's admiral, or the GM
 * (ASSIGN SQUADRON q STANDING order): it acts from the start of the turn
 * rs->command_delay turns after the open one (the binding ruling on big
 * battles), waiting in squadron_standing, unless the GM makes it at
 * once. */
struct play_standing {
	const char	*game;
	const char	*squadron;	/* a squadron of the open turn's state */
	const char	*words;		/* checked and normalised
					   (play_standing_check); "": none
					   (NONE takes it back) */
	int		 now;		/* at once (the GM's) */
	const char	*by;		/* the player who set it; NULL: the GM */
	const char	*actor;		/* as in the audit log */
	int64_t		 time;
};

/* Sets it in the caller's transaction, during turn (g: its state, r: its
 * roster), and writes the notice "standing" to the squadron's captain
 * (its player, else the side's only player) unless he set it.  *at: the
 * turn it acts from.  *next: at once, the corrected state of the open
 * turn (owned by the caller), else NULL.  PLAY_OK; PLAY_INPUT with the
 * errors in d; PLAY_BUSY, PLAY_STORE (*cause). */
enum play_code play_standing_set(struct store *, const struct play_game *g,
	    const struct play_roster *r, int turn,
	    const struct play_standing *o, int *at, struct nv_state **next,
	    struct diag *d, char **cause);
/* Applies the standing orders due at the start of turn to its state *st
 * (replaced by the corrected one), in the transaction of the adjudication
 * that opens it (play_join_due calls it): each an audited correction
 * (squadron-set, actor: who set it), as replay applies it; one for a
 * squadron the state no longer has is dropped.  Codes as play_join_due. */
enum play_code play_standing_due(struct store *, const struct play_game *g,
	    const char *game, struct nv_state **st, int turn, int64_t now,
	    char **cause);

/* Applies the changes due at the start of turn (st: its state), in the
 * transaction of the adjudication that opens it.  A store code. */
enum store_code play_assign_due(struct store *, const char *game,
	    const struct nv_state *st, int turn, char **cause);

#endif
