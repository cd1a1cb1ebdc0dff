/* store-squadron.h: who commands the squadrons, and changes of command
 * to come (migration 8; part of store.h, which includes it: the same
 * conventions, codes and ownership). */
#ifndef NV_STORE_SQUADRON_H
#define NV_STORE_SQUADRON_H

#include <stddef.h>
#include <stdint.h>

struct store;

/* --- squadrons' commanders and assignments to come (store-squadron.c) -- */

/* Who commands a ship: its row of player_ships (a single ship given to a
 * player) when it has one, else the player of its squadron (the state
 * says which squadron a ship is in; the store never parses states, so
 * the play layer puts the two together: play_roster_load). */

/* Gives the squadron (an id of the game's state, unchecked here) to the
 * active player, at once.  STORE_OK, STORE_NOTFOUND (no such active
 * player), STORE_BUSY, STORE_ERROR (bad id). */
int	store_squadron_assign(struct store *, const char *game,
	    const char *squadron, const char *player, char **cause);
/* Forgets who holds these ships by name (player_ships), so that they
 * follow their squadron's player: a squadron given to a player takes
 * all its ships.  STORE_OK, STORE_BUSY, STORE_ERROR (bad ship id). */
int	store_ships_release(struct store *, const char *game,
	    const char *const *ships, size_t n, char **cause);
/* Calls cb with each squadron that has a player, ordered by squadron id
 * (strings owned by the store, valid during the call); non-zero from cb
 * stops.  STORE_OK, STORE_NOTFOUND (game), STORE_BUSY, STORE_ERROR. */
int	store_squadron_list(struct store *, const char *game,
	    int (*cb)(const char *squadron, const char *player, void *),
	    void *arg, char **cause);

/* What an assignment moves. */
#define STORE_ASSIGN_KINDS(X)						\
	X(SHIP,		"ship")						\
	X(SQUADRON,	"squadron")

enum store_assign_kind {
#define X(e, s) STORE_ASSIGN_##e,
	STORE_ASSIGN_KINDS(X)
#undef X
	STORE_ASSIGN_KIND_COUNT
};

const char	*store_assign_kind_name(enum store_assign_kind);

struct store_assignment {
	int			 turn;	/* takes effect at its start */
	enum store_assign_kind	 kind;
	const char		*what;	/* the ship or squadron */
	const char		*player;
	const char		*actor;
	int64_t			 created;
};

/* Records a change of command that takes effect at the start of
 * a->turn; one pending for the same ship or squadron is replaced.
 * STORE_OK, STORE_NOTFOUND (no such active player), STORE_BUSY,
 * STORE_ERROR. */
int	store_assign_later(struct store *, const char *game,
	    const struct store_assignment *a, char **cause);
/* The pending ones, by turn, kind, then id of what (owned by the store,
 * valid during the call).  STORE_OK, STORE_NOTFOUND (game), STORE_BUSY,
 * STORE_ERROR. */
int	store_assign_pending(struct store *, const char *game,
	    int (*cb)(const struct store_assignment *, void *), void *arg,
	    char **cause);
/* Applies (and forgets) every pending one due at the start of turn or
 * earlier: a ship to its player (player_ships), a squadron to its
 * (squadron_commands).  One whose player was removed since is dropped.
 * Called in the transaction that records the turn before.  STORE_OK,
 * STORE_BUSY, STORE_ERROR. */
int	store_assign_due(struct store *, const char *game, int turn,
	    char **cause);

/* A ship moved to another squadron of its side from the start of turn
 * (migration 10; the squadron is the state's, unchecked here). */
struct store_move {
	int		 turn;
	const char	*ship;
	const char	*squadron;
	const char	*actor;
	int64_t		 created;
};

/* Records a move; one pending for the same ship is replaced.  STORE_OK,
 * STORE_BUSY, STORE_ERROR (a bad id, no turn or actor). */
int	store_move_later(struct store *, const char *game,
	    const struct store_move *m, char **cause);
/* The pending moves, by turn then ship (strings owned by the store,
 * valid during the call); non-zero from cb stops.  STORE_OK,
 * STORE_NOTFOUND (game), STORE_BUSY, STORE_ERROR. */
int	store_move_pending(struct store *, const char *game,
	    int (*cb)(const struct store_move *, void *), void *arg,
	    char **cause);
/* Forgets the moves due at the start of turn or earlier (the caller
 * applied them in the same transaction).  STORE_OK, STORE_BUSY,
 * STORE_ERROR. */
int	store_move_done(struct store *, const char *game, int turn,
	    char **cause);

/* A squadron's standing order from the start of turn (migration 13; the
 * squadron is the state's, unchecked here; standing "" takes it back). */
struct store_standing {
	int		 turn;
	const char	*squadron;
	const char	*standing;
	const char	*actor;
	int64_t		 created;
};

/* Records one; one pending for the same squadron is replaced.  STORE_OK,
 * STORE_BUSY, STORE_ERROR (a bad id, no turn, words or actor). */
int	store_standing_later(struct store *, const char *game,
	    const struct store_standing *o, char **cause);
/* The pending ones, by turn then squadron (strings owned by the store,
 * valid during the call); non-zero from cb stops.  STORE_OK,
 * STORE_NOTFOUND (game), STORE_BUSY, STORE_ERROR. */
int	store_standing_pending(struct store *, const char *game,
	    int (*cb)(const struct store_standing *, void *), void *arg,
	    char **cause);
/* Forgets those due at the start of turn or earlier (the caller applied
 * them in the same transaction).  STORE_OK, STORE_BUSY, STORE_ERROR. */
int	store_standing_done(struct store *, const char *game, int turn,
	    char **cause);

#endif
