/* play-adj.c: adjudicating a stored game's open turn (see play.h).
 *
 * Moved here from the CLI (ctl-game.c) so that `navarch adjudicate`, the
 * GM's PROCESS mail and the daemon's deadline all take one code path: the
 * state of the open turn, the sets in force, the new state, events, rolls,
 * missed turns and the audit entry are written in the caller's
 * transaction, which commits them (with the daemon's report mails) or not
 * at all. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "play-assign.h"
#include "play-int.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "timefmt.h"
#include "xalloc.h"

static int
roster_player_cb(const struct store_player *sp, void *arg)
{
	struct play_roster	*a = arg;
	struct play_player	*p;
	size_t			 i;

	a->p = xreallocarray(a->p, a->np + 1, sizeof *a->p);
	p = &a->p[a->np++];
	memset(p, 0, sizeof *p);
	p->id = xstrdup(sp->id);
	p->side = xstrdup(sp->side);
	p->address = xstrdup(sp->address);
	p->timezone = xstrdup(sp->timezone != NULL ? sp->timezone : "");
	p->svg = sp->svg == NULL || *sp->svg == '\0' ? -1 :
	    strcmp(sp->svg, "on") == 0;
	p->story_own = sp->story != NULL && strcmp(sp->story, "own") == 0;
	p->absent_until = sp->absent_until;
	p->language = xstrdup(sp->language != NULL ? sp->language : "");
	p->ships = xcalloc(sp->nships + 1, sizeof *p->ships);
	for (i = 0; i < sp->nships; i++)
		p->ships[i] = xstrdup(sp->ships[i]);
	p->nships = sp->nships;
	p->removed = sp->removed;
	p->admiral = sp->admiral;
	p->missed = sp->missed;
	p->bounces = sp->bounces;
	return 0;
}

static int
roster_orders_cb(const struct store_orders *o, void *arg)
{
	struct play_roster	*a = arg;

	a->texts = xreallocarray(a->texts, a->nsets + 1, sizeof *a->texts);
	a->owners = xreallocarray(a->owners, a->nsets + 1,
	    sizeof *a->owners);
	a->texts[a->nsets] = xstrdup(o->text);
	a->owners[a->nsets] = xstrdup(o->player);
	a->nsets++;
	return 0;
}

/* The squadrons' commanders (store_squadron_list), until the roster
 * gives their ships out. */
struct sq_cmds {
	char	**sq, **pl;
	size_t	  n;
};

static int
roster_sq_cb(const char *squadron, const char *player, void *arg)
{
	struct sq_cmds	*c = arg;

	c->sq = xreallocarray(c->sq, c->n + 1, sizeof *c->sq);
	c->pl = xreallocarray(c->pl, c->n + 1, sizeof *c->pl);
	c->sq[c->n] = xstrdup(squadron);
	c->pl[c->n++] = xstrdup(player);
	return 0;
}

static void
sq_cmds_free(struct sq_cmds *c)
{
	size_t	i;

	for (i = 0; i < c->n; i++) {
		free(c->sq[i]);
		free(c->pl[i]);
	}
	free(c->sq);
	free(c->pl);
}

static int
ship_id_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The commander of squadron q: an active player of its side, or NULL. */
static struct play_player *
sq_commander(struct play_roster *a, const struct nv_state *st,
    const struct sq_cmds *c, int q)
{
	struct play_player	*p;
	size_t			 i;

	for (i = 0; i < c->n; i++) {
		if (strcmp(c->sq[i], st->squadrons[q].id) != 0)
			continue;
		p = play_roster_find(a, c->pl[i]);
		if (p == NULL || p->removed || strcmp(p->side,
		    st->sides[st->squadrons[q].side].id) != 0)
			return NULL;
		return p;
	}
	return NULL;
}

/* A ship's commander is the player it was given to by name (the store's
 * player_ships), else its squadron's player: each ship of a commanded
 * squadron that sails for the squadron's side and no player holds by
 * name joins its squadron player's ships, kept in id order. */
static void
roster_squadrons(struct play_roster *a, const struct nv_state *st,
    const struct sq_cmds *c)
{
	unsigned char		*held = xcalloc(st->nships + 1, 1);
	struct play_player	*p;
	size_t			 i, j, k;
	int			 q, x;

	for (i = 0; i < a->np; i++)
		for (j = 0; j < a->p[i].nships; j++)
			if ((x = state_ship_index(st, a->p[i].ships[j])) >= 0)
				held[x] = 1;
	for (k = 0; c->n > 0 && k < st->nships; k++) {
		if (held[k] || (q = state_ship_squadron(st,
		    &st->ships[k])) < 0 ||
		    st->ships[k].side != st->squadrons[q].side ||
		    (p = sq_commander(a, st, c, q)) == NULL)
			continue;
		p->ships = xreallocarray(p->ships, p->nships + 2,
		    sizeof *p->ships);
		p->ships[p->nships++] = xstrdup(st->ships[k].id);
		p->ships[p->nships] = NULL;
	}
	for (i = 0; i < a->np; i++)
		qsort(a->p[i].ships, a->p[i].nships, sizeof *a->p[i].ships,
		    ship_id_cmp);
	free(held);
}

void
play_roster_free(struct play_roster *a)
{
	size_t	i, j;

	for (i = 0; i < a->np; i++) {
		for (j = 0; j < a->p[i].nships; j++)
			free(a->p[i].ships[j]);
		free(a->p[i].ships);
		free(a->p[i].id);
		free(a->p[i].side);
		free(a->p[i].address);
		free(a->p[i].timezone);
		free(a->p[i].language);
	}
	for (i = 0; i < a->nsets; i++) {
		free(a->texts[i]);
		free(a->owners[i]);
	}
	free(a->p);
	free(a->sets);
	free(a->texts);
	free(a->owners);
	memset(a, 0, sizeof *a);
}

struct play_player *
play_roster_find(const struct play_roster *a, const char *id)
{
	size_t	i;

	for (i = 0; i < a->np; i++)
		if (strcmp(a->p[i].id, id) == 0)
			return &a->p[i];
	return NULL;
}

/* 1 if the player commands a ship that is on the map. */
static int
roster_expected(const struct play_player *p, const struct nv_state *st)
{
	size_t	i;
	int	k, si = state_side_index(st, p->side);

	for (i = 0; p->sole && i < st->nships; i++)
		if (st->ships[i].side == si && ship_on_map(&st->ships[i]))
			return 1;
	for (i = 0; i < p->nships; i++)
		if ((k = state_ship_index(st, p->ships[i])) >= 0 &&
		    ship_on_map(&st->ships[k]))
			return 1;
	return 0;
}

/* The order sets in force, in store order (by player).  A sole active
 * player of a side orders every ship of it (also ships captured since),
 * and so does a removed player whose set was already in: it stays in
 * force, as the store keeps it.  Replay parses every set side-wide: that
 * accepts whatever this stricter check accepted, identically. */
static void
roster_build(struct play_roster *a, const struct nv_state *st)
{
	struct play_player	*p;
	size_t			 i, j;

	for (i = 0; i < a->np; i++) {
		a->p[i].sole = !a->p[i].removed;
		for (j = 0; j < a->np; j++)
			if (j != i && !a->p[j].removed &&
			    strcmp(a->p[i].side, a->p[j].side) == 0)
				a->p[i].sole = 0;
	}
	a->sets = xcalloc(a->nsets + 1, sizeof *a->sets);
	for (i = 0, j = 0; i < a->nsets; i++) {
		if ((p = play_roster_find(a, a->owners[i])) == NULL)
			continue;	/* the store's foreign key forbids it */
		p->has_orders = 1;
		a->sets[j].player = p->id;
		a->sets[j].side = p->side;
		a->sets[j].text = a->texts[i];
		a->sets[j].ships = p->sole || p->removed ? NULL :
		    (const char *const *)p->ships;
		a->sets[j].nships = p->nships;
		j++;
	}
	a->nsets = j;
	for (i = 0; i < a->np; i++)
		a->p[i].expected = !a->p[i].removed &&
		    roster_expected(&a->p[i], st);
}

/* The sides that conceded by turn, " a b " (a concession stands). */
static int
conceded_cb(const char *side, void *arg)
{
	buf_printf(arg, "%s ", side);
	return 0;
}

/* A side that conceded is out: its players are expected to send
 * nothing, so they get no reminder, count no missed turn and never hold
 * up the turn. */
static void
roster_conceded(struct play_roster *a, const struct buf *gone)
{
	struct buf	one = BUF_INIT;
	size_t		i;

	for (i = 0; i < a->np; i++) {
		buf_reset(&one);
		buf_printf(&one, " %s ", a->p[i].side);
		if (strstr(buf_str(gone), buf_str(&one)) == NULL)
			continue;
		a->p[i].conceded = 1;
		a->p[i].expected = 0;
	}
	buf_free(&one);
}

enum play_code
play_roster_load(struct store *s, const char *game, int turn,
    const struct nv_state *st, struct play_roster *r, char **cause)
{
	struct sq_cmds	c;
	struct buf	gone = BUF_INIT;
	enum store_code	code;

	memset(r, 0, sizeof *r);
	memset(&c, 0, sizeof c);
	code = store_player_list(s, game, roster_player_cb, r, cause);
	if (code == STORE_OK)
		code = store_squadron_list(s, game, roster_sq_cb, &c, cause);
	if (code == STORE_OK)
		code = store_orders_in_force(s, game, turn, roster_orders_cb,
		    r, cause);
	buf_addc(&gone, ' ');
	if (code == STORE_OK)
		code = store_mark_list_upto(s, game, turn, "concede",
		    conceded_cb, &gone, cause);
	if (code != STORE_OK) {
		sq_cmds_free(&c);
		buf_free(&gone);
		play_roster_free(r);
		return play_store_code(code);
	}
	roster_squadrons(r, st, &c);
	sq_cmds_free(&c);
	roster_build(r, st);
	roster_conceded(r, &gone);
	buf_free(&gone);
	return PLAY_OK;
}

/* Refuses while orders are missing and the deadline is not past, unless
 * forced.  The missing players' ids go to out->missed. */
static enum play_code
adj_missing(const struct play_roster *a, const struct store_game *g,
    int force, int64_t now, struct play_adj *out, char **cause)
{
	struct buf	who = BUF_INIT;
	char		when[TIME_LEN];
	size_t		i;

	out->missed = xcalloc(a->np + 1, sizeof *out->missed);
	for (i = 0; i < a->np; i++) {
		if (a->p[i].has_orders || !a->p[i].expected)
			continue;
		out->missed[out->nmissed++] = xstrdup(a->p[i].id);
		buf_printf(&who, "%s%s", who.len > 0 ? ", " : "",
		    a->p[i].id);
	}
	out->who = buf_detach(&who);
	if (out->nmissed == 0 || force)
		return PLAY_OK;
	if (g->deadline == 0) {
		*cause = xasprintf("no orders in from %s and the game has no "
		    "deadline: wait, set one with navarch deadline, or give "
		    "--force (their ships go straight on)", out->who);
		return PLAY_REFUSED;
	}
	if (now < g->deadline) {
		time_format(g->deadline, when);
		*cause = xasprintf("no orders in from %s and the deadline %s "
		    "has not passed: wait, or give --force (their ships go "
		    "straight on)", out->who, when);
		return PLAY_REFUSED;
	}
	return PLAY_OK;
}

/* The game is over: its status ended and its seed revealed (the dice
 * may be checked now); inside the caller's transaction.  Whatever ended
 * it (the engine's result, a concession, a draw) ends it here. */
static enum store_code
game_ended(struct store *s, const struct store_game *g, const char *actor,
    int64_t now, char **cause)
{
	enum store_code	code;

	code = store_game_set_status(s, g->id, STORE_GAME_ENDED, cause);
	if (code == STORE_OK && !g->seed_revealed)
		code = store_seed_reveal(s, g->id, actor, now, cause);
	return code;
}

static void
turn_rows(const struct play_result *r, struct store_event **ev,
    struct store_roll **ro, size_t *nro)
{
	const struct nv_roll	*rolls = dice_rolls(r->dice, nro);
	size_t			 i;

	*ev = xcalloc(r->ev.n + 1, sizeof **ev);
	for (i = 0; i < r->ev.n; i++) {
		(*ev)[i].phase = r->ev.v[i].phase;
		(*ev)[i].kind = r->ev.v[i].kind;
		(*ev)[i].ship = r->ev.v[i].ship;
		(*ev)[i].other = r->ev.v[i].other;
		(*ev)[i].text = r->ev.v[i].text;
	}
	*ro = xcalloc(*nro + 1, sizeof **ro);
	for (i = 0; i < *nro; i++) {
		(*ro)[i].phase = rolls[i].phase;
		(*ro)[i].label = rolls[i].label;
		(*ro)[i].purpose = rolls[i].purpose;
		(*ro)[i].ship = rolls[i].ship;
		(*ro)[i].sides = rolls[i].sides;
		(*ro)[i].result = rolls[i].result;
	}
}

/* Writes the turn, ends the game when the engine says it is over, and
 * audits; inside the caller's transaction. */
static enum play_code
adj_record(struct store *s, const struct store_game *g,
    const struct play_adj *a, const char *details, int64_t now,
    const char *actor, char **cause)
{
	struct store_turn	 t;
	struct store_event	*ev;
	struct store_roll	*ro;
	struct buf		 xml = BUF_INIT;
	size_t			 nro;
	enum store_code		 code;

	turn_rows(&a->r, &ev, &ro, &nro);
	state_xml_save(a->r.next, &xml);
	memset(&t, 0, sizeof t);
	t.game = g->id;
	t.turn = a->turn;
	t.state_xml = buf_str(&xml);
	t.events = ev;
	t.nevents = a->r.ev.n;
	t.rolls = ro;
	t.nrolls = nro;
	t.missed = (const char *const *)a->missed;
	t.nmissed = a->nmissed;
	t.now = now;
	code = store_turn_record(s, &t, cause);
	/* The deadline was the played turn's: the next turn has none until
	 * the GM (or the daemon's schedule) sets one, so a passed deadline
	 * never lets the next turn be played without its orders. */
	if (code == STORE_OK && g->deadline != 0)
		code = store_game_set_deadline(s, g->id, 0, cause);
	if (code == STORE_OK && a->r.next->result.kind != NV_RESULT_PLAYING)
		code = game_ended(s, g, actor, now, cause);
	if (code == STORE_OK)
		code = store_audit_add(s, g->id, now, actor, "adjudicate",
		    details, cause);
	free(ev);
	free(ro);
	buf_free(&xml);
	return play_store_code(code);
}

static enum play_code adjudicate(struct store *, const char *,
	    const struct play_game *, int, int, int64_t, const char *,
	    struct play_adj *, struct diag *, char **);

enum play_code
play_adjudicate(struct store *s, const char *datadir, const char *game,
    int force, int64_t now, const char *actor, struct play_adj *out,
    struct diag *d, char **cause)
{
	enum play_code	rc;
	int		turn;

	memset(out, 0, sizeof *out);
	if ((rc = play_game_state(s, datadir, game, -1, &out->g, &turn, d,
	    cause)) != PLAY_OK)
		return rc;
	return adjudicate(s, game, &out->g, turn, force, now, actor, out, d,
	    cause);
}

enum play_code
play_adjudicate_loaded(struct store *s, const char *game,
    const struct play_game *cur, int turn, int force, int64_t now,
    const char *actor, struct play_adj *out, struct diag *d, char **cause)
{
	memset(out, 0, sizeof *out);
	return adjudicate(s, game, cur, turn, force, now, actor, out, d,
	    cause);
}

/* The adjudication of the open turn, turn, from its state cur. */
static enum play_code
adjudicate(struct store *s, const char *game, const struct play_game *cur,
    int turn, int force, int64_t now, const char *actor,
    struct play_adj *out, struct diag *d, char **cause)
{
	struct store_game	*g = NULL;
	struct play_roster	 a;
	char			*details = NULL;
	enum store_code		 code;
	enum play_code		 rc;

	memset(&a, 0, sizeof a);
	out->turn = turn;
	out->before = cur->st;
	rc = PLAY_STORE;
	if ((code = store_game_get(s, game, &g, cause)) != STORE_OK) {
		rc = play_store_code(code);
		goto out;
	}
	rc = PLAY_REFUSED;
	if (g->status != STORE_GAME_PLAYING) {
		*cause = xasprintf("game %s is %s%s", game,
		    store_game_status_name(g->status),
		    g->status == STORE_GAME_PAUSED ? ": navarch resume it "
		    "first" : "");
		goto out;
	}
	if ((rc = play_roster_load(s, game, turn, cur->st, &a, cause)) !=
	    PLAY_OK)
		goto out;
	if ((rc = adj_missing(&a, g, force, now, out, cause)) != PLAY_OK)
		goto out;
	if ((rc = play_turn(cur->st, game, g->seed, a.sets, a.nsets, &out->r,
	    d, cause)) != PLAY_OK)
		goto out;
	details = xasprintf("turn %d%s%s%s", out->turn, out->nmissed > 0 ?
	    "; missed: " : "", out->who, force ? "; forced" : "");
	rc = adj_record(s, g, out, details, now, actor, cause);
	/* Changes of command made during the turn take effect now, at the
	 * start of the next, in the transaction that writes it: ships
	 * joining squadrons first (a correction of the state just written,
	 * which the reports then show), so that a squadron given to a player
	 * takes the ships that joined it. */
	if (rc == PLAY_OK)
		rc = play_join_due(s, cur, game, &out->r.next, out->turn + 1,
		    now, cause);
	if (rc == PLAY_OK && (code = play_assign_due(s, game, out->r.next,
	    out->turn + 1, cause)) != STORE_OK)
		rc = play_store_code(code);
	out->ended = out->r.next->result.kind != NV_RESULT_PLAYING;
out:
	if (rc != PLAY_OK)
		play_adj_free(out);
	play_roster_free(&a);
	store_game_free(g);
	free(details);
	return rc;
}

void
play_adj_free(struct play_adj *a)
{
	size_t	i;

	/* The result's states use the ruleset: free them first. */
	play_result_free(&a->r);
	play_game_free(&a->g);
	for (i = 0; i < a->nmissed; i++)
		free(a->missed[i]);
	free(a->missed);
	free(a->who);
	memset(a, 0, sizeof *a);
}

enum play_code
play_replay(struct store *s, const char *datadir, const char *game,
    int turn, struct play_game *g, struct play_result *r, char **cause)
{
	struct play_roster	 a;
	struct store_game	*sg = NULL;
	struct diag		 d = DIAG_INIT;
	enum store_code		 code;
	enum play_code		 rc;

	memset(&a, 0, sizeof a);
	memset(r, 0, sizeof *r);
	if ((rc = play_game_state(s, datadir, game, turn, g, NULL, &d,
	    cause)) != PLAY_OK)
		goto out;
	if ((code = store_game_get(s, game, &sg, cause)) != STORE_OK) {
		rc = play_store_code(code);
		goto out;
	}
	if ((rc = play_roster_load(s, game, turn, g->st, &a, cause)) !=
	    PLAY_OK)
		goto out;
	rc = play_turn(g->st, game, sg->seed, a.sets, a.nsets, r, &d, cause);
out:
	if (rc != PLAY_OK) {
		if (*cause == NULL)
			*cause = xasprintf("turn %d of game %s cannot be "
			    "played again", turn, game);
		play_game_free(g);
	}
	play_roster_free(&a);
	store_game_free(sg);
	diag_free(&d);
	return rc;
}
