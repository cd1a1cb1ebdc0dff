/* cmd-squadron.c: navarch player assign, squadron assign|list: changes
 * of command (docs/gm-guide.md, "Running a big battle").
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
#include "diag.h"
#include "ctl.h"
#include "exitcode.h"
#include "play.h"
#include "play-assign.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

int
ctl_refit(struct store *s, const char *game, char **cause)
{
	struct play_refit	 how;
	char			*actor = ctl_actor(), *who = NULL;
	int64_t			 now;
	enum play_code		 rc;

	if (ctl_now(&now) != 0)
		now = 0;	/* checked before the transaction began */
	how.source = STORE_SOURCE_CLI;
	how.actor = actor;
	how.now = now;
	how.notice = "the GM's correction took ships from you or changed "
	    "what they may do: the orders no longer legal were dropped";
	rc = play_orders_refit(s, ctl_datadir(), game, &how, &who, cause);
	if (rc == 0 && who[0] != '\0')
		fprintf(stderr, "navarch: orders in force rewritten without "
		    "the lines no longer legal: %s\n", who);
	free(who);
	free(actor);
	return rc == PLAY_OK ? STORE_OK : rc == PLAY_BUSY ? STORE_BUSY :
	    STORE_ERROR;
}

struct assign_run {
	struct play_assign	 a;
	struct play_assigned	 out;
	enum play_code		 rc;	/* play_assign's */
};

static int
assign_op(struct store *s, void *arg, char **cause)
{
	struct assign_run	*r = arg;

	r->rc = play_assign(s, ctl_datadir(), &r->a, &r->out, cause);
	if (r->rc == PLAY_BUSY)
		return STORE_BUSY;
	return r->rc == PLAY_OK ? STORE_OK : STORE_ERROR;
}

/* Gives ships (or, with squadron, the one squadron what[0]) to player,
 * or with into moves the ships into that squadron: at once, the orders in
 * force rewritten without them, or with next_turn from the start of the
 * next turn; audited, the players told.  The ids are lowered in place.
 * Prints what changed; 0 or an exit status (reported). */
static int
assign(const char *game, const char *player, const char *into, int squadron,
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
	r.a.into = into;
	r.a.by_gm = 1;
	r.a.now = !next_turn;
	r.a.source = STORE_SOURCE_CLI;
	r.a.reason = reason;
	if ((rc = ctl_now(&r.a.time)) != 0)
		return rc;
	actor = ctl_actor();
	r.a.actor = actor;
	if (into != NULL)
		buf_printf(&b, "into squadron %s:", into);
	else
		buf_printf(&b, "%s:%s", player, squadron ? " squadron" : "");
	for (i = 0; i < n; i++)
		buf_printf(&b, " %s", what[i]);
	buf_printf(&b, "%s%s", next_turn ? " (next turn)" : "",
	    reason != NULL ? "; " : "");
	if (reason != NULL)
		buf_adds(&b, reason);
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_audited(s, game, into != NULL ? "squadron-join" :
		    "player-assign", buf_str(&b), assign_op, &r);
		store_close(s);
	}
	if (rc == 0 && into != NULL)
		printf("%s %s squadron %s from the start of turn %d%s%s\n",
		    r.out.ships, strchr(r.out.ships, ' ') != NULL ? "join" :
		    "joins", into, r.out.turn, r.out.rewritten[0] != '\0' ?
		    "; orders in force rewritten: " : "", r.out.rewritten);
	else if (rc == 0)
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

/* player assign GAME PLAYER SHIP..., squadron assign GAME SQUADRON
 * PLAYER, squadron join GAME SQUADRON SHIP... (squadron 2): the options
 * they share. */
static int
assign_cmd(int argc, char **argv, int squadron)
{
	const char	*reason = NULL;
	char		**pos;
	int		  npos, next = 0, rc;
	struct ctl_opt	  opts[] = {
		{ "next-turn", NULL, &next },
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL },
	};

	if ((rc = ctl_args(argc, argv, opts, 3, squadron == 1 ? 3 : -1, &pos,
	    &npos)) != 0)
		return rc;
	if (squadron == 1)
		return assign(pos[0], pos[2], NULL, 1, pos + 1, 1, next,
		    reason);
	if (squadron == 2) {
		str_lower(pos[1]);
		return assign(pos[0], NULL, pos[1], 0, pos + 2,
		    (size_t)npos - 2, next, reason);
	}
	return assign(pos[0], pos[1], NULL, 0, pos + 2, (size_t)npos - 2,
	    next, reason);
}

int
cmd_player_assign(int argc, char **argv)
{
	return assign_cmd(argc, argv, 0);
}

int
cmd_squadron_assign(int argc, char **argv)
{
	return assign_cmd(argc, argv, 1);
}

int
cmd_squadron_join(int argc, char **argv)
{
	return assign_cmd(argc, argv, 2);
}

/* --- add ---------------------------------------------------------------- */

/* A new squadron: the id free, the side the state's, the standing order
 * legal (play_standing_check; its standing= becomes the words as
 * kept). */
static int
add_check(const struct play_game *g, struct play_fix *f, void *arg)
{
	const char	*side = arg, *words;
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*norm;
	size_t		 i;
	int		 k;

	if (state_squadron_index(g->st, f->id) >= 0)
		return ctl_err(NV_EXIT_INPUT, "game has a squadron %s already "
		    "(navarch squadron list shows them); nothing changed",
		    f->id);
	if ((k = state_side_index(g->st, side)) < 0) {
		for (i = 0; i < g->st->nsides; i++)
			buf_printf(&b, "%s%s", i > 0 ? ", " : "",
			    g->st->sides[i].id);
		k = ctl_err(NV_EXIT_INPUT, "there is no side %s; sides: %s",
		    side, buf_str(&b));
		buf_free(&b);
		return k;
	}
	for (i = 0; i < f->nkv && strncmp(f->kv[i], "standing=", 9) != 0;
	    i++)
		;
	if (i == f->nkv)
		return 0;
	words = f->kv[i] + strlen("standing=");
	if (play_standing_check(g->st, k, f->id, words, &norm, &d) != 0) {
		ctl_print_diag(&d);
		diag_free(&d);
		return ctl_err(NV_EXIT_INPUT, "the standing order '%s' is "
		    "not legal; nothing changed", words);
	}
	ctl_print_diag(&d);	/* a warning: not legal this turn */
	diag_free(&d);
	free(f->kv[i]);
	f->kv[i] = xasprintf("standing=%s", norm);
	free(norm);
	return 0;
}

int
cmd_squadron_add(int argc, char **argv)
{
	struct play_fix	 f;
	struct store	*s;
	const char	*name = NULL, *standing = NULL;
	char		**pos, *kv[3];
	int		  npos, rc;
	struct ctl_opt	  opts[] = {
		{ "name", &name, NULL },
		{ "standing", &standing, NULL },
		{ NULL, NULL, NULL },
	};

	if ((rc = ctl_args(argc, argv, opts, 3, 3, &pos, &npos)) != 0)
		return rc;
	str_lower(pos[1]);
	str_lower(pos[2]);
	memset(&f, 0, sizeof f);
	f.kind = PLAY_FIX_SQUADRON;
	f.id = xstrdup(pos[2]);
	kv[f.nkv++] = xasprintf("side=%s", pos[1]);
	if (name != NULL)
		kv[f.nkv++] = xasprintf("name=%s", name);
	if (standing != NULL)
		kv[f.nkv++] = xasprintf("standing=%s", standing);
	f.kv = kv;
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_fix(s, pos[0], &f, add_check, pos[1]);
		store_close(s);
	}
	if (rc == 0)
		printf("squadron %s added to side %s in turn %d%s%s "
		    "(audited)\n", f.id, pos[1], f.turn, standing != NULL ?
		    "; standing order: " : "", standing != NULL ?
		    kv[f.nkv - 1] + strlen("standing=") : "");
	while (f.nkv > 0)
		free(kv[--f.nkv]);
	free(f.id);
	return rc;
}

/* --- list --------------------------------------------------------------- */

struct sq_print {
	const struct nv_state	*st;
	unsigned char		*said;	/* squadrons printed */
	char			**next;	/* the standing order to come of
					   each ("": none), or NULL */
	int			*next_turn;	/* from the start of */
};

/* A squadron's line: its player, its standing order and the one to come
 * (an admiral's waits for the next turn). */
static void
print_one(const struct sq_print *p, size_t q, const char *player)
{
	const struct nv_state	*st = p->st;
	const char		*cur = st->squadrons[q].standing;
	size_t			 k, n = 0;

	for (k = 0; k < st->nships; k++)
		n += state_ship_squadron(st, &st->ships[k]) == (int)q;
	printf("squadron %s (side %s, %zu ships): %s",
	    st->squadrons[q].id, st->sides[st->squadrons[q].side].id, n,
	    player);
	if (cur != NULL || p->next[q] != NULL)
		printf("; standing order: %s", cur != NULL ? cur : "");
	if (p->next[q] != NULL)
		printf("%s%s from turn %d", cur != NULL ? ", " : "",
		    p->next[q][0] != '\0' ? p->next[q] : "NONE",
		    p->next_turn[q]);
	printf("\n");
}

/* Keeps each squadron's standing order to come, for its line. */
static int
next_cb(const struct store_standing *o, void *arg)
{
	struct sq_print	*p = arg;
	int		 q = state_squadron_index(p->st, o->squadron);

	if (q >= 0) {
		free(p->next[q]);
		p->next[q] = xstrdup(o->standing);
		p->next_turn[q] = o->turn;
	}
	return 0;
}

static int
commanded_cb(const char *squadron, const char *player, void *arg)
{
	struct sq_print	*p = arg;
	int		 q = state_squadron_index(p->st, squadron);

	if (q >= 0) {
		print_one(p, (size_t)q, player);
		p->said[q] = 1;
	}
	return 0;
}

static int
pending_cb(const struct store_assignment *a, void *arg)
{
	(*(int *)arg)++;
	printf("  from turn %d: %s %s to %s (%s)\n", a->turn,
	    store_assign_kind_name(a->kind), a->what, a->player, a->actor);
	return 0;
}

static int
move_cb(const struct store_move *m, void *arg)
{
	(*(int *)arg)++;
	printf("  from turn %d: ship %s into squadron %s (%s)\n", m->turn,
	    m->ship, m->squadron, m->actor);
	return 0;
}

static int
standing_cb(const struct store_standing *o, void *arg)
{
	(*(int *)arg)++;
	printf("  from turn %d: squadron %s standing order %s (%s)\n",
	    o->turn, o->squadron, o->standing[0] != '\0' ? o->standing :
	    "NONE", o->actor);
	return 0;
}

int
ctl_squadrons_print(struct store *s, const char *game,
    const struct nv_state *st)
{
	struct sq_print	 p = { st, xcalloc(st->nsquadrons + 1, 1),
	    xcalloc(st->nsquadrons + 1, sizeof *p.next),
	    xcalloc(st->nsquadrons + 1, sizeof *p.next_turn) };
	char		*cause = NULL;
	size_t		 q;
	int		 code, n = 0;	/* changes to come */

	code = store_standing_pending(s, game, next_cb, &p, &cause);
	/* Those with a player first (by id), then the others. */
	if (code == STORE_OK)
		code = store_squadron_list(s, game, commanded_cb, &p, &cause);
	for (q = 0; code == STORE_OK && q < st->nsquadrons; q++)
		if (!p.said[q])
			print_one(&p, q, "no player");
	if (code == STORE_OK && st->nsquadrons == 0)
		printf("squadrons: none in the state\n");
	if (code == STORE_OK) {
		printf("changes of command to come:\n");
		code = store_assign_pending(s, game, pending_cb, &n, &cause);
		if (code == STORE_OK)
			code = store_move_pending(s, game, move_cb, &n,
			    &cause);
		if (code == STORE_OK)
			code = store_standing_pending(s, game, standing_cb,
			    &n, &cause);
		if (code == STORE_OK && n == 0)
			printf("  none\n");
	}
	for (q = 0; q < st->nsquadrons; q++)
		free(p.next[q]);
	free(p.next);
	free(p.next_turn);
	free(p.said);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

int
cmd_squadron_list(int argc, char **argv)
{
	struct play_game cg;
	struct store	*s;
	char		**pos;
	int		  npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	if ((rc = ctl_game_load(s, pos[0], -1, &cg, NULL)) == 0) {
		rc = ctl_squadrons_print(s, pos[0], cg.st);
		play_game_free(&cg);
	}
	store_close(s);
	return rc;
}
