/* play-assign.c: changes of command (see play-assign.h).
 *
 * The latest act wins: a ship given by name is that player's whatever
 * its squadron (store player_ships), and a squadron given to a player
 * takes every one of its ships, forgetting who held them by name (at
 * once, or when the change takes effect: play_assign_due). */
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

const struct play_player *
play_commander(const struct play_roster *r, const struct nv_state *st, int k)
{
	const char	*side = st->sides[st->ships[k].side].id;
	size_t		 i, j;

	for (i = 0; i < r->np; i++)
		for (j = 0; j < r->p[i].nships; j++)
			if (strcmp(r->p[i].ships[j], st->ships[k].id) == 0)
				return &r->p[i];
	for (i = 0; i < r->np; i++)
		if (r->p[i].sole && strcmp(r->p[i].side, side) == 0)
			return &r->p[i];
	return NULL;
}

/* The ships of squadron q that sail for its side (owned by the caller,
 * NULL-terminated). */
static const char **
squadron_ships(const struct nv_state *st, int q, size_t *n)
{
	const char	**v = xcalloc(st->nships + 1, sizeof *v);
	size_t		  k;

	*n = 0;
	for (k = 0; k < st->nships; k++)
		if (state_ship_squadron(st, &st->ships[k]) == q &&
		    st->ships[k].side == st->squadrons[q].side)
			v[(*n)++] = st->ships[k].id;
	return v;
}

/* The ships that change hands ("a1 a2") and who had them ("p1 p2",
 * each once, in roster order); -1 with *cause for a ship or squadron
 * that is not the side's. */
static int
moved(const struct play_assign *a, const struct play_roster *r,
    const struct nv_state *st, int side, struct play_assigned *out,
    char **cause)
{
	const struct play_player *c;
	struct buf	 ships = BUF_INIT;
	unsigned char	*had = xcalloc(r->np + 1, 1);
	const char	**ids;
	size_t		 i, n;
	int		 k, q;

	if (a->squadron) {
		q = state_squadron_index(st, a->what[0]);
		if (q < 0 || st->squadrons[q].side != side) {
			*cause = play_squadrons_of(st, a->what[0],
			    st->sides[side].id);
			free(had);
			return -1;
		}
		ids = squadron_ships(st, q, &n);
	} else {
		ids = xcalloc(a->nwhat + 1, sizeof *ids);
		for (n = 0; n < a->nwhat; n++) {
			k = state_ship_index(st, a->what[n]);
			if (k < 0 || st->ships[k].side != side) {
				*cause = xasprintf("%s is no ship of side %s; "
				    "name one of its ships (the side's report "
				    "lists them)", a->what[n],
				    st->sides[side].id);
				free(ids);
				free(had);
				return -1;
			}
			ids[n] = st->ships[k].id;
		}
	}
	for (i = 0; i < n; i++) {
		c = play_commander(r, st, state_ship_index(st, ids[i]));
		if (c != NULL && strcmp(c->id, a->player) == 0)
			continue;
		buf_printf(&ships, "%s%s", ships.len > 0 ? " " : "", ids[i]);
		if (c != NULL)
			had[c - r->p] = 1;
	}
	out->ships = buf_detach(&ships);
	out->from = play_players_had(r, had);
	free(had);
	free(ids);
	return 0;
}

char *
play_players_had(const struct play_roster *r, const unsigned char *had)
{
	struct buf	from = BUF_INIT;
	size_t		i;

	for (i = 0; i < r->np; i++)
		if (had[i])
			buf_printf(&from, "%s%s", from.len > 0 ? " " : "",
			    r->p[i].id);
	return buf_detach(&from);
}

/* The store's part: at once, or recorded for the start of turn. */
static int
record(struct store *s, const struct play_assign *a,
    const struct nv_state *st, int turn, char **cause)
{
	struct store_assignment	 sa;
	const char		**ids;
	size_t			 i, n;
	int			 code = STORE_OK;

	if (!a->now) {
		memset(&sa, 0, sizeof sa);
		sa.turn = turn;
		sa.kind = a->squadron ? STORE_ASSIGN_SQUADRON :
		    STORE_ASSIGN_SHIP;
		sa.player = a->player;
		sa.actor = a->actor;
		sa.created = a->time;
		for (i = 0; code == STORE_OK && i < a->nwhat; i++) {
			sa.what = a->what[i];
			code = store_assign_later(s, a->game, &sa, cause);
		}
		return code;
	}
	if (!a->squadron)
		return store_player_assign_ships(s, a->game, a->player,
		    a->what, a->nwhat, cause);
	ids = squadron_ships(st, state_squadron_index(st, a->what[0]), &n);
	code = store_ships_release(s, a->game, ids, n, cause);
	free(ids);
	if (code == STORE_OK)
		code = store_squadron_assign(s, a->game, a->what[0],
		    a->player, cause);
	return code;
}

enum store_code
play_assign_notice(struct store *s, const struct play_assign *a, int turn,
    const struct play_assigned *out, char **cause)
{
	struct store_notice_new	 n;
	char			*details;
	enum store_code		 code;

	details = xasprintf("at=%d\nnow=%d\nships=%s\nfrom=%s\n"
	    "rewritten=%s\n%s%s%s", out->turn, a->now, out->ships, out->from,
	    out->rewritten, a->squadron ? "squadron=" : "",
	    a->squadron ? a->what[0] : "", a->squadron ? "\n" : "");
	memset(&n, 0, sizeof n);
	n.game = a->game;
	n.kind = STORE_NOTICE_REASSIGNED;
	n.turn = turn;
	n.player = a->player;
	n.actor = a->actor;
	n.reason = a->reason;
	n.details = details;
	n.now = a->time;
	code = store_notice_add(s, &n, NULL, cause);
	free(details);
	return code;
}

/* The player who takes the ships: active, and the side's index. */
static int
taker(const struct play_assign *a, const struct play_roster *r,
    const struct nv_state *st, int *side, char **cause)
{
	const struct play_player *p = play_roster_find(r, a->player);

	if (p == NULL || p->removed) {
		*cause = xasprintf("game %s has no active player %s", a->game,
		    a->player);
		return -1;
	}
	*side = state_side_index(st, p->side);
	if (*side < 0) {
		*cause = xasprintf("player %s's side %s is not in the game",
		    p->id, p->side);
		return -1;
	}
	return 0;
}

enum play_code
play_assign(struct store *s, const char *datadir, const struct play_assign *a,
    struct play_assigned *out, char **cause)
{
	struct play_game	 g;
	struct play_roster	 r;
	struct play_refit	 how = { a->source, a->actor, a->time,
	    NULL };
	struct diag		 d = DIAG_INIT;
	enum play_code		 rc;
	enum store_code		 code;
	int			 turn, side;

	memset(out, 0, sizeof *out);
	memset(&r, 0, sizeof r);
	if ((rc = play_game_state(s, datadir, a->game, -1, &g, &turn, &d,
	    cause)) != PLAY_OK) {
		diag_free(&d);
		return rc;
	}
	rc = PLAY_REFUSED;
	if (a->nwhat == 0 || (a->squadron && a->nwhat != 1)) {
		*cause = xstrdup("name the ships, or one squadron");
		goto out;
	}
	if (g.st->result.kind != NV_RESULT_PLAYING) {
		*cause = xasprintf("game %s is over", a->game);
		goto out;
	}
	if ((rc = play_roster_load(s, a->game, turn, g.st, &r, cause)) !=
	    PLAY_OK)
		goto out;
	if (a->into != NULL) {
		rc = play_join(s, datadir, a, &g, &r, turn, out, cause);
		goto out;
	}
	rc = PLAY_REFUSED;
	if (taker(a, &r, g.st, &side, cause) != 0 ||
	    (rc = play_may_command(&g, a->by_gm, side, cause)) != PLAY_OK ||
	    moved(a, &r, g.st, side, out, cause) != 0) {
		rc = PLAY_REFUSED;
		goto out;
	}
	out->turn = a->now ? turn : turn + g.rs->command_delay;
	if ((code = record(s, a, g.st, out->turn, cause)) != STORE_OK) {
		rc = play_store_code(code);
		goto out;
	}
	/* Orders that cannot be made legal refuse the change. */
	if (a->now && (rc = play_orders_refit(s, datadir, a->game, &how,
	    &out->rewritten, cause)) != PLAY_OK) {
		if (rc == PLAY_INPUT)
			rc = PLAY_REFUSED;
		goto out;
	}
	if (out->rewritten == NULL)
		out->rewritten = xstrdup("");
	rc = PLAY_OK;
	if (out->ships[0] != '\0' &&
	    (code = play_assign_notice(s, a, turn, out, cause)) != STORE_OK)
		rc = play_store_code(code);
out:
	if (rc != PLAY_OK)
		play_assigned_free(out);
	play_roster_free(&r);
	play_game_free(&g);
	diag_free(&d);
	return rc;
}

enum play_code
play_may_command(const struct play_game *g, int by_gm, int side, char **cause)
{
	if (by_gm || g->rs->ops->may_command == NULL ||
	    g->rs->ops->may_command(g->st, side, cause) == 0)
		return PLAY_OK;
	return PLAY_REFUSED;
}

void
play_assigned_free(struct play_assigned *a)
{
	free(a->ships);
	free(a->from);
	free(a->rewritten);
	memset(a, 0, sizeof *a);
}

/* Squadrons given to a player for the start of turn take all their
 * ships (as they sail in st, the state of that turn). */
struct due {
	int			 turn;
	struct store		*s;
	const char		*game;
	const struct nv_state	*st;
	int			 code;
	char			**cause;
};

static int
due_cb(const struct store_assignment *sa, void *arg)
{
	struct due	*u = arg;
	const char	**ids;
	size_t		 n;
	int		 q;

	if (sa->turn > u->turn || sa->kind != STORE_ASSIGN_SQUADRON ||
	    (q = state_squadron_index(u->st, sa->what)) < 0)
		return 0;
	ids = squadron_ships(u->st, q, &n);
	u->code = store_ships_release(u->s, u->game, ids, n, u->cause);
	free(ids);
	return u->code != STORE_OK;
}

enum store_code
play_assign_due(struct store *s, const char *game, const struct nv_state *st,
    int turn, char **cause)
{
	struct due	u = { turn, s, game, st, STORE_OK, cause };
	enum store_code	code;

	code = store_assign_pending(s, game, due_cb, &u, cause);
	if (code == STORE_OK)
		code = u.code;
	if (code == STORE_OK)
		code = store_assign_due(s, game, turn, cause);
	return code;
}
