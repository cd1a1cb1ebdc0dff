/* cmd-squadron.c: navarch squadron assign|list, and the change of
 * command that navarch player assign shares (docs/gm-guide.md, "Running
 * a big battle").
 *
 * The GM's change is at once by default: the orders in force that name
 * the moved ships are rewritten without them in the same transaction
 * (play_orders_refit), so that the turn can still be played; with
 * --next-turn it waits for the start of the next turn, as an admiral's
 * by mail does, and the orders already sent stand.  The players who
 * gain and lose ships are told (a notice the daemon words). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "play-assign.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

struct assign_run {
	struct play_assign	 a;
	struct play_assigned	 out;
	int			 rc;	/* play_assign's */
};

static int
assign_op(struct store *s, void *arg, char **cause)
{
	struct assign_run	*r = arg;

	r->rc = play_assign(s, ctl_datadir(), &r->a, &r->out, cause);
	if (r->rc == NV_EXIT_TEMP)
		return STORE_BUSY;
	return r->rc == 0 ? STORE_OK : STORE_ERROR;
}

int
ctl_assign(const char *game, const char *player, int squadron,
    char **what, size_t n, int next_turn, const char *reason)
{
	struct assign_run	 r;
	struct store		*s;
	struct buf		 b = BUF_INIT;
	char			*actor;
	size_t			 i;
	int			 rc;

	memset(&r, 0, sizeof r);
	for (i = 0; i < n; i++)
		str_lower(what[i]);
	r.a.game = game;
	r.a.squadron = squadron;
	r.a.what = (const char *const *)what;
	r.a.nwhat = n;
	r.a.player = player;
	r.a.now = !next_turn;
	r.a.source = STORE_SOURCE_CLI;
	r.a.reason = reason;
	if ((rc = ctl_now(&r.a.time)) != 0)
		return rc;
	actor = ctl_actor();
	r.a.actor = actor;
	buf_printf(&b, "%s:%s", player, squadron ? " squadron" : "");
	for (i = 0; i < n; i++)
		buf_printf(&b, " %s", what[i]);
	buf_printf(&b, "%s%s", next_turn ? " (next turn)" : "",
	    reason != NULL ? "; " : "");
	if (reason != NULL)
		buf_adds(&b, reason);
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_audited(s, game, "player-assign", buf_str(&b),
		    assign_op, &r);
		store_close(s);
	}
	if (rc == 0)
		printf("%s takes command of %s from the start of turn %d%s%s\n",
		    player, r.out.ships[0] != '\0' ? r.out.ships :
		    "no ship that is not already theirs", r.out.turn,
		    r.out.rewritten[0] != '\0' ? "; orders in force rewritten: "
		    : "", r.out.rewritten);
	play_assigned_free(&r.out);
	free(actor);
	buf_free(&b);
	return rc;
}

int
cmd_squadron_assign(int argc, char **argv)
{
	const char	*reason = NULL;
	char		**pos;
	int		  npos, next = 0, rc;
	struct ctl_opt	  opts[] = {
		{ "next-turn", NULL, &next },
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL },
	};

	if ((rc = ctl_args(argc, argv, opts, 3, 3, &pos, &npos)) != 0)
		return rc;
	return ctl_assign(pos[0], pos[2], 1, pos + 1, 1, next, reason);
}

/* --- list --------------------------------------------------------------- */

struct sq_list {
	char	**sq, **pl;
	size_t	  n;
};

static int
list_cb(const char *squadron, const char *player, void *arg)
{
	struct sq_list	*l = arg;

	l->sq = xreallocarray(l->sq, l->n + 1, sizeof *l->sq);
	l->pl = xreallocarray(l->pl, l->n + 1, sizeof *l->pl);
	l->sq[l->n] = xstrdup(squadron);
	l->pl[l->n++] = xstrdup(player);
	return 0;
}

static int
pending_cb(const struct store_assignment *a, void *arg)
{
	(void)arg;
	printf("  from turn %d: %s %s to %s (%s)\n", a->turn,
	    store_assign_kind_name(a->kind), a->what, a->player, a->actor);
	return 0;
}

static const char *
commander_of(const struct sq_list *l, const char *id)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->sq[i], id) == 0)
			return l->pl[i];
	return NULL;
}

int
ctl_squadrons_print(struct store *s, const char *game,
    const struct nv_state *st)
{
	struct sq_list	 l = { NULL, NULL, 0 };
	const char	*who;
	char		*cause = NULL;
	size_t		 i, k, nships;
	int		 code;

	code = store_squadron_list(s, game, list_cb, &l, &cause);
	for (i = 0; code == STORE_OK && i < st->nsquadrons; i++) {
		for (k = 0, nships = 0; k < st->nships; k++)
			nships += state_ship_squadron(st, &st->ships[k]) ==
			    (int)i;
		who = commander_of(&l, st->squadrons[i].id);
		printf("squadron %s (side %s, %zu ships): %s\n",
		    st->squadrons[i].id, st->sides[st->squadrons[i].side].id,
		    nships, who != NULL ? who : "no player");
	}
	if (code == STORE_OK && st->nsquadrons == 0)
		printf("squadrons: none in the state\n");
	if (code == STORE_OK) {
		printf("changes of command to come:\n");
		code = store_assign_pending(s, game, pending_cb, NULL,
		    &cause);
	}
	for (i = 0; i < l.n; i++) {
		free(l.sq[i]);
		free(l.pl[i]);
	}
	free(l.sq);
	free(l.pl);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

int
cmd_squadron_list(int argc, char **argv)
{
	struct ctl_game	 cg;
	struct store	*s;
	char		**pos;
	int		  npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	if ((rc = ctl_game_state(s, pos[0], -1, &cg, NULL)) == 0) {
		rc = ctl_squadrons_print(s, pos[0], cg.st);
		ctl_game_free(&cg);
	}
	store_close(s);
	return rc;
}
