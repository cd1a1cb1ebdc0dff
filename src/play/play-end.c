/* play-end.c: ending a game by a decision (see play-end.h).
 *
 * What is written, in the caller's transaction: the open state with its
 * result (the engine never decided it, so every score is 0), the status
 * ended (the clock stops: no deadline, nothing kept), the seed revealed,
 * the audit entry replay reads (PLAY_END_ACTION) and the notice. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "play.h"
#include "play-end.h"
#include "play-record.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "xalloc.h"

static const char *const how_names[] = {
#define X(e, s) s,
	PLAY_END_HOWS(X)
#undef X
};

const char *
play_end_how_name(enum play_end_how h)
{
	return how_names[h];
}

/* A notice about the whole game. */
static enum store_code
game_notice(struct store *s, const char *game, enum store_notice_kind kind,
    int turn, const char *actor, const char *reason, const char *details,
    int64_t now, char **cause)
{
	struct store_notice_new	n;

	memset(&n, 0, sizeof n);
	n.game = game;
	n.kind = kind;
	n.turn = turn;
	n.actor = actor;
	n.reason = reason;
	n.details = details;
	n.now = now;
	return store_notice_add(s, &n, NULL, cause);
}

enum store_code
play_end_notice(struct store *s, const char *game, int turn,
    enum play_end_how how, const char *reason, const char *actor,
    int64_t now, char **cause)
{
	char		*details = xasprintf("how=%s", play_end_how_name(how));
	enum store_code	 code;

	code = game_notice(s, game, STORE_NOTICE_ENDED, turn, actor, reason,
	    details, now, cause);
	free(details);
	return code;
}

enum store_code
play_end_game(struct store *s, const struct play_end *e, char **cause)
{
	struct nv_state		*st = state_clone(e->st);
	struct store_game	*g = NULL;
	struct buf		 xml = BUF_INIT;
	char			*details;
	enum store_code		 code;

	state_declare_result(st, e->winner >= 0 ? NV_RESULT_WON :
	    NV_RESULT_DRAWN, e->winner, e->reason);
	state_xml_save(st, &xml);
	/* What replay declares again (play-record.h). */
	details = xasprintf("turn %d: %s\nresult=%s\nwinner=%s", e->turn,
	    e->reason, e->winner >= 0 ? "won" : "drawn", e->winner >= 0 ?
	    st->sides[e->winner].id : "");
	code = store_game_get(s, e->game, &g, cause);
	if (code == STORE_OK)
		code = store_state_set(s, e->game, e->turn, buf_str(&xml),
		    cause);
	if (code == STORE_OK)
		code = store_game_set_status(s, e->game, STORE_GAME_ENDED,
		    cause);
	if (code == STORE_OK)
		code = store_game_set_deadline(s, e->game, 0, cause);
	if (code == STORE_OK)
		code = store_game_set_paused_left(s, e->game, -1, cause);
	if (code == STORE_OK && !g->seed_revealed)
		code = store_seed_reveal(s, e->game, e->actor, e->now, cause);
	if (code == STORE_OK)
		code = store_audit_add(s, e->game, e->now, e->actor,
		    PLAY_END_ACTION, details, cause);
	if (code == STORE_OK)
		code = play_end_notice(s, e->game, e->turn, e->how, e->reason,
		    e->actor, e->now, cause);
	store_game_free(g);
	free(details);
	buf_free(&xml);
	state_free(st);
	return code;
}

enum store_code
play_rollback(struct store *s, const char *datadir, enum store_source source,
    const char *game, int turn, const char *actor, const char *reason,
    int64_t now, char **cause)
{
	struct play_refit	 how = { source, actor, now, "the ships you "
	    "command changed since the turn was first played: the orders "
	    "for those you no longer command were dropped" };
	struct store_game	*g = NULL;
	char			*details = NULL, *who = NULL;
	enum play_code		 rc;
	enum store_code		 code;

	if ((code = store_game_get(s, game, &g, cause)) != STORE_OK)
		return code;
	code = store_rollback(s, game, turn, actor, reason, now, cause);
	if (code == STORE_OK && g->status == STORE_GAME_ENDED)
		code = store_game_set_status(s, game, STORE_GAME_PLAYING,
		    cause);
	if (code == STORE_OK) {
		details = xasprintf("to=%d\nfrom=%d", turn, g->turn);
		code = game_notice(s, game, STORE_NOTICE_ROLLBACK, turn, actor,
		    reason, details, now, cause);
	}
	if (code == STORE_OK && (rc = play_orders_refit(s, datadir, game,
	    &how, &who, cause)) != PLAY_OK)
		code = rc == PLAY_BUSY ? STORE_BUSY : STORE_ERROR;
	free(who);
	free(details);
	store_game_free(g);
	return code;
}
