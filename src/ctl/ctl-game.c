/* ctl-game.c: playing a stored game's turn.
 *
 * The work is the play layer's (src/play/play-adj.c), which the daemon
 * shares: ctl_play() and ctl_adjudicate() print what it reports.
 * ctl_adjudicate() opens the transaction, lets play_adjudicate() write the
 * state of the open turn, the sets in force, the new state, events, rolls,
 * missed turns and the audit entry, and commits them together or not at
 * all. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "exitcode.h"
#include "orders.h"
#include "play.h"
#include "play-end.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

unsigned char *
ctl_may_order(const struct nv_state *st, const char *side,
    const char *const *ships, size_t n)
{
	return play_may_order(st, side, ships, n);
}

int
ctl_play(const struct nv_state *in, const char *game, const char *seed,
    const struct ctl_orderset *sets, size_t n, struct ctl_result *out)
{
	struct play_orderset	*ps = xcalloc(n + 1, sizeof *ps);
	struct play_result	 r;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL;
	size_t			 i;
	int			 rc;

	for (i = 0; i < n; i++) {
		ps[i].player = sets[i].player;
		ps[i].side = sets[i].side;
		ps[i].text = sets[i].text;
		ps[i].ships = sets[i].ships;
		ps[i].nships = sets[i].nships;
	}
	memset(out, 0, sizeof *out);
	rc = play_turn(in, game, seed, ps, n, &r, &d, &cause);
	if (rc == NV_EXIT_INPUT)
		ctl_print_diag(&d);
	if (rc != 0)
		ctl_err(rc, "%s", cause);
	else {
		out->next = r.next;
		out->ev = r.ev;
		out->dice = r.dice;
		/* The CLI's reports get the orders from ctl_load_orders. */
		orders_free(r.orders);
	}
	free(cause);
	free(ps);
	diag_free(&d);
	return rc;
}

void
ctl_result_free(struct ctl_result *r)
{
	struct play_result	pr;

	memset(&pr, 0, sizeof pr);
	pr.next = r->next;
	pr.ev = r->ev;
	pr.dice = r->dice;
	play_result_free(&pr);
	memset(r, 0, sizeof *r);
}

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
	int			 code;

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
	int		 code, rc;

	/* BEGIN IMMEDIATE first: everything read is what gets written
	 * against, even if the daemon is at work. */
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	rc = play_adjudicate(s, ctl_datadir(), game, force, now, actor, &a,
	    &d, &cause);
	/* The daemon mails the turn's reports (or, at the end, the final
	 * mail): the players are told of a turn navarch played. */
	if (rc == 0 && (code = adj_notice(s, game, &a, actor, now, &cause)) !=
	    STORE_OK) {
		(void)store_abort(s, NULL);
		play_adj_free(&a);
		diag_free(&d);
		return ctl_store_err(code, cause);
	}
	if (rc == 0 && (code = store_commit(s, &cause)) != STORE_OK) {
		play_adj_free(&a);
		diag_free(&d);
		return ctl_store_err(code, cause);
	}
	if (rc != 0) {
		/* Nothing play_adjudicate wrote stays. */
		(void)store_abort(s, NULL);
		ctl_print_diag(&d);
		if (rc == NV_EXIT_TEMP)
			ctl_err(rc, "%s (the database is busy: try again)",
			    cause != NULL ? cause : "busy");
		else if (rc == NV_EXIT_CONFIG && cause != NULL)
			ctl_err(rc, "%s (set NAVARCH_DATADIR or --datadir to "
			    "the directory holding rulesets/ and schema/)",
			    cause);
		else if (cause != NULL)
			ctl_err(rc, "%s", cause);
	} else
		adj_print(game, &a);
	free(cause);
	play_adj_free(&a);
	diag_free(&d);
	return rc;
}

int
ctl_game_state(struct store *s, const char *game, int turn,
    struct ctl_game *cg, int *turn_out)
{
	char	*xml = NULL, *cause = NULL, *name;
	int	 code, rc, t;

	memset(cg, 0, sizeof *cg);
	if ((code = store_state_get(s, game, turn, &xml, &t, &cause)) !=
	    STORE_OK)
		return ctl_store_err(code, cause);
	name = xasprintf("game %s, turn %d", game, t);
	rc = ctl_load_state_mem(name, xml, strlen(xml), cg);
	free(name);
	free(xml);
	if (rc == 0 && turn_out != NULL)
		*turn_out = t;
	return rc;
}
