/* ctl-game.c: playing a stored game's turn.
 *
 * The work is the play layer's (src/play/play-adj.c), which the daemon
 * shares: ctl_adjudicate() opens the transaction, lets play_adjudicate()
 * write the state of the open turn, the sets in force, the new state,
 * events, rolls, missed turns and the audit entry, commits them together
 * or not at all, and prints what it reports. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "diag.h"
#include "play.h"
#include "play-end.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

static void
adj_print(const char *game, const struct play_adj *a)
{
	size_t	i;

	for (i = 0; i < a->r.ev.n; i++)
		printf("%s\n", a->r.ev.v[i].text);
	fprintf(stderr, "navarch adjudicate: game %s: turn %d played, %zu "
	    "events; now turn %d%s%s%s\n", game, a->turn, a->r.ev.n,
	    a->r.next->turn, *a->who != '\0' ? "; missed the turn: " : "",
	    a->who, a->ended ? "; the game is over and the seed revealed" :
	    "");
}

static int
adj_notice(struct store *s, const char *game, const struct play_adj *a,
    const char *actor, int64_t now, char **cause)
{
	struct store_notice_new	 n;
	char			*details;
	enum store_code		 code;

	if (a->ended)
		return play_end_notice(s, game, a->turn, PLAY_END_RULES,
		    a->r.next->result.reason, actor, now, cause);
	details = xasprintf("missed=%s", a->who);
	memset(&n, 0, sizeof n);
	n.game = game;
	n.kind = STORE_NOTICE_REPORTS;
	n.turn = a->turn;
	n.actor = actor;
	n.details = details;
	n.now = now;
	code = store_notice_add(s, &n, NULL, cause);
	free(details);
	return code;
}

int
ctl_adjudicate(struct store *s, const char *game, int force, int64_t now,
    const char *actor)
{
	struct play_adj	 a;
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;
	enum store_code	 code;
	enum play_code	 rc;

	/* BEGIN IMMEDIATE first: everything read is what gets written
	 * against, even if the daemon is at work. */
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	rc = play_adjudicate(s, ctl_datadir(), game, force, now, actor, &a,
	    &d, &cause);
	if (rc != PLAY_OK) {
		/* Nothing play_adjudicate wrote stays. */
		(void)store_abort(s, NULL);
		return ctl_play_err(rc, &d, cause);
	}
	diag_free(&d);
	/* The daemon mails the turn's reports (or, at the end, the final
	 * mail): the players are told of a turn navarch played. */
	if ((code = adj_notice(s, game, &a, actor, now, &cause)) !=
	    STORE_OK) {
		(void)store_abort(s, NULL);
		play_adj_free(&a);
		return ctl_store_err(code, cause);
	}
	if ((code = store_commit(s, &cause)) != STORE_OK) {
		play_adj_free(&a);
		return ctl_store_err(code, cause);
	}
	adj_print(game, &a);
	play_adj_free(&a);
	return 0;
}

int
ctl_game_load(struct store *s, const char *game, int turn,
    struct play_game *g, int *turn_out)
{
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;
	enum play_code	 code;

	code = play_game_state(s, ctl_datadir(), game, turn, g, turn_out, &d,
	    &cause);
	if (code != PLAY_OK)
		return ctl_play_err(code, &d, cause);
	diag_free(&d);
	return 0;
}
