/* play-join.c: ships moved to another squadron of their side (ASSIGN SHIP
 * s TO SQUADRON q, navarch squadron join; see play-assign.h).
 *
 * A ship's squadron is part of the state (its squadron attribute), so a
 * move is a correction of the state, audited (PLAY_FIX_ACTION,
 * "squadron=q") so that replay makes it again: at once, on the open
 * turn's state (the GM's), or, waiting in squadron_moves, on the state
 * of the next turn by the adjudication that writes it.  Orders already
 * sent stand: a move that waits changes nothing of the turn in hand, and
 * one at once is followed by play_orders_refit, as any GM's correction.
 * A ship held by name (player_ships) is released when it moves, so that
 * it follows its new squadron's player: the latest act wins. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "play-assign.h"
#include "play-int.h"
#include "ruleset.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* Who commands squadron q (play-int.h). */
struct sq_find {
	const char	*id;
	char		*player;
};

static int
sq_find_cb(const char *squadron, const char *player, void *arg)
{
	struct sq_find	*f = arg;

	if (strcmp(squadron, f->id) != 0)
		return 0;
	f->player = xstrdup(player);
	return 1;
}

enum play_code
play_squadron_player(struct store *s, const char *game,
    const struct play_roster *r, const struct nv_state *st, int q,
    const struct play_player **out, char **cause)
{
	struct sq_find			 f = { st->squadrons[q].id, NULL };
	const struct play_player	*p = NULL;
	const char			*side = st->sides[st->squadrons[q].side].id;
	enum store_code			 code;
	size_t				 i;

	*out = NULL;
	if ((code = store_squadron_list(s, game, sq_find_cb, &f, cause)) !=
	    STORE_OK)
		return play_store_code(code);
	if (f.player != NULL)
		p = play_roster_find(r, f.player);
	free(f.player);
	if (p != NULL && !p->removed && strcmp(p->side, side) == 0) {
		*out = p;
		return PLAY_OK;
	}
	for (i = 0; i < r->np; i++)
		if (r->p[i].sole && strcmp(r->p[i].side, side) == 0)
			*out = &r->p[i];
	return PLAY_OK;
}

char *
play_squadrons_of(const struct nv_state *st, const char *id, const char *side)
{
	struct buf	b = BUF_INIT;
	size_t		q, n = 0;

	buf_printf(&b, "there is no squadron %s%s%s; squadrons: ", id,
	    side != NULL ? " of side " : "", side != NULL ? side : "");
	for (q = 0; q < st->nsquadrons; q++)
		if (side == NULL || strcmp(st->sides[st->squadrons[q].side].id,
		    side) == 0)
			buf_printf(&b, "%s%s", n++ > 0 ? ", " : "",
			    st->squadrons[q].id);
	if (n == 0)
		buf_adds(&b, "none (the GM adds them: navarch squadron add)");
	return buf_detach(&b);
}

/* The ships of a that move (not in q already), as state ids, and who
 * loses command of them; -1 with *cause for one that is not q's side's. */
static int
join_moved(const struct play_assign *a, const struct play_roster *r,
    const struct nv_state *st, int q, const struct play_player *taker,
    const char ***ids, size_t *n, struct play_assigned *out, char **cause)
{
	const struct play_player *c;
	struct buf	 ships = BUF_INIT;
	unsigned char	*had = xcalloc(r->np + 1, 1);
	size_t		 i;
	int		 k, side = st->squadrons[q].side;

	*ids = xcalloc(a->nwhat + 1, sizeof **ids);
	*n = 0;
	for (i = 0; i < a->nwhat; i++) {
		k = state_ship_index(st, a->what[i]);
		if (k < 0 || st->ships[k].side != side) {
			*cause = xasprintf("%s is no ship of side %s, whose "
			    "squadron %s is", a->what[i], st->sides[side].id,
			    st->squadrons[q].id);
			goto fail;
		}
		if (state_ship_squadron(st, &st->ships[k]) == q)
			continue;
		(*ids)[(*n)++] = st->ships[k].id;
		buf_printf(&ships, "%s%s", ships.len > 0 ? " " : "",
		    st->ships[k].id);
		c = play_commander(r, st, k);
		if (c != NULL && c != taker)
			had[c - r->p] = 1;
	}
	if (*n == 0) {
		*cause = xasprintf("%s %s in squadron %s already", a->what[0],
		    a->nwhat > 1 ? "and the others are" : "is",
		    st->squadrons[q].id);
		goto fail;
	}
	out->ships = buf_detach(&ships);
	out->from = play_players_had(r, had);
	free(had);
	return 0;
fail:
	free(*ids);
	*ids = NULL;
	buf_free(&ships);
	free(had);
	return -1;
}

/* The fix that puts ship into squadron q, made on turn's state. */
static void
join_fix(struct play_fix *f, char **kv, int turn, const char *ship,
    const char *squadron)
{
	memset(f, 0, sizeof *f);
	f->turn = turn;
	f->kind = PLAY_FIX_SHIP;
	f->id = (char *)ship;
	kv[0] = xasprintf("squadron=%s", squadron);
	f->kv = kv;
	f->nkv = 1;
}

/* At once: the open turn's state corrected ship by ship, the ships
 * released, the orders in force refit. */
static enum play_code
join_now(struct store *s, const char *datadir, const struct play_assign *a,
    const struct play_game *g, int turn, const char *const *ids, size_t n,
    struct play_assigned *out, char **cause)
{
	struct play_refit	 how = { a->source, a->actor, a->time, NULL };
	struct play_fix		 f;
	struct nv_state		*cur = NULL, *next;
	struct diag		 d = DIAG_INIT;
	char			*kv[1];
	size_t			 i;
	enum play_code		 rc = PLAY_OK;
	enum store_code		 code;

	for (i = 0; rc == PLAY_OK && i < n; i++) {
		join_fix(&f, kv, turn, ids[i], a->into);
		rc = play_fix_store(s, g, a->game, cur != NULL ? cur : g->st,
		    &f, a->time, a->actor, &next, &d, cause);
		free(kv[0]);
		if (rc == PLAY_OK) {
			state_free(cur);
			cur = next;
		}
	}
	state_free(cur);
	diag_free(&d);
	if (rc == PLAY_INPUT)
		rc = PLAY_REFUSED;
	if (rc != PLAY_OK)
		return rc;
	if ((code = store_ships_release(s, a->game, ids, n, cause)) !=
	    STORE_OK)
		return play_store_code(code);
	/* Orders that cannot be made legal refuse the change. */
	rc = play_orders_refit(s, datadir, a->game, &how, &out->rewritten,
	    cause);
	return rc == PLAY_INPUT ? PLAY_REFUSED : rc;
}

/* The notice "uncommanded" of ships moved into squadron q, which no
 * player commands: to the side's admiral player, else the GM (no
 * player). */
static enum store_code
uncommanded_notice(struct store *s, const struct play_assign *a,
    const struct play_roster *r, const struct nv_state *st, int q, int turn,
    const struct play_assigned *out, char **cause)
{
	const char		*side = st->sides[st->squadrons[q].side].id;
	struct store_notice_new	 n;
	enum store_code		 code;
	char			*details;
	size_t			 i;

	memset(&n, 0, sizeof n);
	for (i = 0; i < r->np; i++)
		if (r->p[i].admiral && !r->p[i].removed &&
		    strcmp(r->p[i].side, side) == 0)
			n.player = r->p[i].id;
	details = xasprintf("ships=%s\nsquadron=%s\nside=%s\nat=%d\n"
	    "now=%d\n", out->ships, st->squadrons[q].id, side, out->turn,
	    a->now);
	n.game = a->game;
	n.kind = STORE_NOTICE_UNCOMMANDED;
	n.turn = turn;
	n.actor = a->actor;
	n.reason = a->reason;
	n.details = details;
	n.now = a->time;
	code = store_notice_add(s, &n, NULL, cause);
	free(details);
	return code;
}

enum play_code
play_join(struct store *s, const char *datadir, const struct play_assign *a,
    const struct play_game *g, const struct play_roster *r, int turn,
    struct play_assigned *out, char **cause)
{
	const struct nv_state		*st = g->st;
	const struct play_player	*taker;
	struct play_assign		 told = *a;
	struct store_move		 m;
	const char			**ids = NULL;
	const char			*what[1];
	enum store_code			 code = STORE_OK;
	enum play_code			 rc;
	size_t				 i, n;
	int				 q;

	if ((q = state_squadron_index(st, a->into)) < 0 || (a->side != NULL &&
	    strcmp(st->sides[st->squadrons[q].side].id, a->side) != 0)) {
		*cause = play_squadrons_of(st, a->into, a->side);
		return PLAY_REFUSED;
	}
	if ((rc = play_may_command(g, a->by_gm, st->squadrons[q].side,
	    cause)) != PLAY_OK)
		return rc;
	if ((rc = play_squadron_player(s, a->game, r, st, q, &taker,
	    cause)) != PLAY_OK)
		return rc;
	if (join_moved(a, r, st, q, taker, &ids, &n, out, cause) != 0)
		return PLAY_REFUSED;
	out->turn = a->now ? turn : turn + g->rs->command_delay;
	if (a->now)
		rc = join_now(s, datadir, a, g, turn, ids, n, out, cause);
	else {
		memset(&m, 0, sizeof m);
		m.turn = out->turn;
		m.squadron = st->squadrons[q].id;
		m.actor = a->actor;
		m.created = a->time;
		for (i = 0; code == STORE_OK && i < n; i++) {
			m.ship = ids[i];
			code = store_move_later(s, a->game, &m, cause);
		}
		rc = play_store_code(code);
	}
	free(ids);
	if (rc != PLAY_OK)
		return rc;
	if (out->rewritten == NULL)
		out->rewritten = xstrdup("");
	/* Ships into a squadron no player commands: nobody would order
	 * them, and nobody would know; the admiral (else the GM) is told. */
	if (taker == NULL)
		return play_store_code(uncommanded_notice(s, a, r, st, q,
		    turn, out, cause));
	/* Told when command changes hands: the squadron's player takes the
	 * ships, each who had some loses them. */
	if (out->from[0] == '\0')
		return PLAY_OK;
	what[0] = st->squadrons[q].id;
	told.squadron = 1;
	told.what = what;
	told.nwhat = 1;
	told.player = taker->id;
	return play_store_code(play_assign_notice(s, &told, turn, out,
	    cause));
}

/* --- the moves due at the start of a turn -------------------------------- */

struct due_moves {
	struct store_move	*v;
	size_t			 n;
};

static int
due_cb(const struct store_move *m, void *arg)
{
	struct due_moves	*u = arg;
	struct store_move	*c;

	u->v = xreallocarray(u->v, u->n + 1, sizeof *u->v);
	c = &u->v[u->n++];
	c->turn = m->turn;
	c->ship = xstrdup(m->ship);
	c->squadron = xstrdup(m->squadron);
	c->actor = xstrdup(m->actor);
	c->created = m->created;
	return 0;
}

static void
due_free(struct due_moves *u)
{
	size_t	i;

	for (i = 0; i < u->n; i++) {
		free((char *)u->v[i].ship);
		free((char *)u->v[i].squadron);
		free((char *)u->v[i].actor);
	}
	free(u->v);
}

/* Does st still allow the move (the ship of the squadron's side, not in
 * it already)? */
static int
due_applies(const struct nv_state *st, const struct store_move *m)
{
	int	k = state_ship_index(st, m->ship);
	int	q = state_squadron_index(st, m->squadron);

	return k >= 0 && q >= 0 && st->ships[k].side == st->squadrons[q].side
	    && state_ship_squadron(st, &st->ships[k]) != q;
}

enum play_code
play_join_due(struct store *s, const struct play_game *g, const char *game,
    struct nv_state **st, int turn, int64_t now, char **cause)
{
	struct due_moves	 u = { NULL, 0 };
	struct play_fix		 f;
	struct nv_state		*next;
	struct diag		 d = DIAG_INIT;
	enum store_code		 code;
	enum play_code		 rc = PLAY_OK;
	char			*kv[1];
	const char		*ship[1];
	size_t			 i;

	code = store_move_pending(s, game, due_cb, &u, cause);
	for (i = 0; code == STORE_OK && rc == PLAY_OK && i < u.n; i++) {
		if (u.v[i].turn > turn || !due_applies(*st, &u.v[i]))
			continue;
		join_fix(&f, kv, turn, u.v[i].ship, u.v[i].squadron);
		rc = play_fix_store(s, g, game, *st, &f, now, u.v[i].actor,
		    &next, &d, cause);
		free(kv[0]);
		if (rc != PLAY_OK)
			break;
		state_free(*st);
		*st = next;
		ship[0] = u.v[i].ship;
		code = store_ships_release(s, game, ship, 1, cause);
	}
	if (code == STORE_OK && rc == PLAY_OK)
		code = store_move_done(s, game, turn, cause);
	if (rc == PLAY_OK)
		rc = play_store_code(code);
	due_free(&u);
	diag_free(&d);
	/* The admiral's standing orders due then, in the same step (and
	 * after the moves, which they do not depend on). */
	if (rc == PLAY_OK)
		rc = play_standing_due(s, g, game, st, turn, now, cause);
	return rc;
}
