/* store-directive.h: an admiral's directives to the players of the side
 * (migration 10; part of store.h, which includes it: the same
 * conventions, codes and ownership). */
#ifndef NV_STORE_DIRECTIVE_H
#define NV_STORE_DIRECTIVE_H

#include <stdint.h>

struct store;

/* --- directives (store-directive.c) ------------------------------------- */

/* The longest directive, in bytes (the table's CHECK says the same). */
#define STORE_DIRECTIVE_MAX	1000

struct store_directive {
	int64_t		 id;
	const char	*game;
	int		 turn;		/* the open turn it was given in */
	const char	*sender;	/* the admiral player's id */
	const char	*player;	/* to whom */
	const char	*text;
	int64_t		 created;
	int		 reported;	/* the turn whose report carried it;
					   0: not yet */
};

/* Records a directive to one active player of the game (d->id, reported
 * ignored).  STORE_OK, STORE_NOTFOUND (game or active player),
 * STORE_BUSY, STORE_ERROR (a bad id, an empty or too long text, turn
 * below 1). */
int	store_directive_add(struct store *, const struct store_directive *,
	    char **cause);
/* Calls cb with each directive to player that the report of turn shows,
 * in the order given (strings owned by the store, valid during the
 * call; non-zero from cb stops): again 0, the report first made (those
 * not reported yet, and those a report of turn or a later one carried
 * before a rollback, since that turn is played again); again 1, RESEND
 * (those the report of turn carried).  STORE_OK, STORE_NOTFOUND (game),
 * STORE_BUSY, STORE_ERROR. */
int	store_directive_due(struct store *, const char *game,
	    const char *player, int turn, int again,
	    int (*cb)(const struct store_directive *, void *), void *arg,
	    char **cause);
/* Marks what store_directive_due (again 0) gives as carried by the report
 * of turn; *n (may be NULL) is how many.  Called in the transaction that
 * queues that report.  Same codes. */
int	store_directive_reported(struct store *, const char *game,
	    const char *player, int turn, int *n, char **cause);

#endif
