/* play-end.h: ending a stored game by a decision the rules did not make:
 * every side offered a draw, the last but one side conceded, or the GM
 * ended it (the mail's DRAW, CONCEDE and ENDGAME, navarch game end).
 *
 * The result is declared on the open turn's state (state_declare_result),
 * the game is ended, its seed revealed, the end audited (PLAY_END_ACTION,
 * with what replay needs to declare it again: play-record.h) and the
 * players noticed (store notice "ended", worded by the daemon with the
 * final report, the seed and the archive), all in the caller's
 * transaction.  An end by the rules is the adjudication's; it notices the
 * players too (play_end_notice). */
#ifndef NV_PLAY_END_H
#define NV_PLAY_END_H

#include <stdint.h>

#include "store.h"

struct nv_state;

/* How a game ended, as the notice and the final mail say. */
#define PLAY_END_HOWS(X)						\
	X(RULES,	"rules")	/* the engine: a turn limit, no	\
					   ships left */		\
	X(DRAWN,	"drawn")	/* every side offered a draw */	\
	X(CONCEDED,	"conceded")	/* all sides but one (or all)	\
					   conceded */			\
	X(GM,		"gm")		/* the GM ended it */

enum play_end_how {
#define X(e, s) PLAY_END_##e,
	PLAY_END_HOWS(X)
#undef X
};

const char	*play_end_how_name(enum play_end_how);	/* static */

struct play_end {
	const char		*game;
	const struct nv_state	*st;		/* the open turn's state */
	int			 turn;		/* its turn */
	enum play_end_how	 how;		/* not PLAY_END_RULES */
	int			 winner;	/* side index; -1: drawn */
	const char		*reason;
	const char		*actor;
	int64_t			 now;
};

/* Ends the game as e says.  A store code (store.h), with *cause. */
enum store_code play_end_game(struct store *, const struct play_end *,
	    char **cause);
/* The notice of an end (the end by the rules after turn played, or one
 * of play_end_game's): the daemon mails every reader the final report,
 * the seed and the archive.  A store code, with *cause. */
enum store_code play_end_notice(struct store *, const char *game, int turn,
	    enum play_end_how, const char *reason, const char *actor,
	    int64_t now, char **cause);

/* Returns the game to the start of turn (store_rollback: a live,
 * adjudicated turn), which is played again; an ended game plays again.
 * Audited, and the players noticed (they are told the reports of the
 * later turns are void, and why).  Changes of command that took effect
 * since stay: the order sets of turn, in force again, are made legal for
 * them (play_orders_refit with datadir; source: enum store_source of a
 * set rewritten).  A store code: STORE_NOTFOUND for no such turn (*cause
 * says which are), with *cause. */
enum store_code play_rollback(struct store *, const char *datadir,
	    enum store_source, const char *game, int turn, const char *actor,
	    const char *reason, int64_t now, char **cause);

#endif
