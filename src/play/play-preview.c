/* play-preview.c: the plotted path of a player's orders (see play.h), the
 * acknowledgement's preview.
 *
 * The preview runs the engine on a copy of the current state with only
 * this player's orders: every enemy ship holds (no orders, and as its
 * ruleset makes a ship hold: preview_hold, in both shipped rulesets its
 * speed 0), ships of the side that are not the player's take their
 * default order, and the dice are fixed (the ruleset's preview_die, 1 in
 * both), never the game's.  Under fog of war an
 * enemy the side does not see now is not on the board at all, nor is a
 * wreck it does not see: the preview tells only what the side knows (its
 * map's fog, report_fog_map), never that a ship or a wreck it cannot see
 * is in the way.  It shows movement only:
 * where enemies really go, and what the dice say, the turn decides.  What
 * each ship did is read from the events' data (the hexes of a move, the
 * ship met), never from their sentences; so only the sentences it quotes
 * are worded (preview_worded), which leaves the turn played the same. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "dice.h"
#include "map.h"
#include "orders.h"
#include "play-int.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static int
kind_is(const struct nv_event *e, enum nv_event_kind k)
{
	return strcmp(e->kind, event_kind_name(k)) == 0;
}

/* The events whose sentence the preview quotes (a path's EXIT and
 * BLOCKED); the others are left unworded (events.h). */
static int
preview_worded(const char *kind)
{
	return strcmp(kind, event_kind_name(NV_EV_EXIT)) == 0 ||
	    strcmp(kind, event_kind_name(NV_EV_BLOCKED)) == 0;
}

static struct play_path *
path_add(struct play_preview_ship *p, enum play_path_kind what)
{
	struct play_path	*w;

	p->path = xreallocarray(p->path, p->npath + 1, sizeof *p->path);
	w = &p->path[p->npath++];
	memset(w, 0, sizeof *w);
	w->what = what;
	w->other = -1;
	return w;
}

/* One event of ship p's plot on the board: a hex it entered, or a thing
 * its path ran into. */
static void
preview_event(const struct play_preview *pv, const struct nv_event *v,
    struct play_preview_ship *p)
{
	const struct nv_state	*st = pv->board;
	struct play_path	*w;
	int			 o;

	if ((kind_is(v, NV_EV_MOVE) || kind_is(v, NV_EV_BACK)) &&
	    v->has_path)
		path_add(p, PLAY_PATH_CROSS)->hex = v->to;
	else if (kind_is(v, NV_EV_EXIT) || kind_is(v, NV_EV_BLOCKED))
		path_add(p, kind_is(v, NV_EV_EXIT) ? PLAY_PATH_EXIT :
		    PLAY_PATH_BLOCKED)->text = v->text;
	else if (v->other[0] != '\0' &&
	    (o = state_ship_index(st, v->other)) >= 0 &&
	    (kind_is(v, NV_EV_CONTACT) || kind_is(v, NV_EV_COLLISION))) {
		w = path_add(p, st->ships[o].side == st->ships[p->ship].side ?
		    PLAY_PATH_COLLIDE : PLAY_PATH_MEET);
		w->other = o;
	}
}

/* The paths of pv->ships (slot: for each ship of the board its place in
 * pv->ships, or -1), step by step in the order the turn played them: one
 * pass over the events, each event's ship found by id (a pass for each
 * ship was ships x events). */
static void
preview_paths(struct play_preview *pv, const int *slot)
{
	const struct nv_event	*v;
	size_t			 k;
	int			 i;

	for (k = 0; k < pv->ev.n; k++) {
		v = &pv->ev.v[k];
		if (v->ship[0] == '\0' || !(kind_is(v, NV_EV_MOVE) ||
		    kind_is(v, NV_EV_BACK) || kind_is(v, NV_EV_EXIT) ||
		    kind_is(v, NV_EV_BLOCKED) || kind_is(v, NV_EV_CONTACT) ||
		    kind_is(v, NV_EV_COLLISION)) ||
		    (i = state_ship_index(pv->board, v->ship)) < 0 ||
		    slot[i] < 0)
			continue;
		preview_event(pv, v, &pv->ships[slot[i]]);
	}
}

/* Parses text against the board with may and validates it; NULL (errors
 * in d) when it does not hold. */
static struct nv_orders *
board_orders(const struct nv_state *board, const unsigned char *may,
    const char *text, struct diag *d)
{
	struct nv_orders	*o = orders_new(board);

	o->may_order = may;
	(void)orders_parse(o, "preview", text, strlen(text), d);
	o->may_order = NULL;
	(void)orders_validate(o, d);
	return o;
}

/* Takes off board the wrecks whose flag in vis (one per wreck, as
 * report_fog_map makes them) is 0, keeping the others in hex order. */
static void
board_wrecks(struct nv_state *board, const unsigned char *vis)
{
	size_t	i, n = 0;

	for (i = 0; i < board->nwrecks; i++)
		if (vis[i])
			board->wrecks[n++] = board->wrecks[i];
	board->nwrecks = n;
}

/* The preview's board: st with every enemy ship of side holding as its
 * ruleset says (preview_hold; else at speed 0), and the enemy ships and
 * the wrecks side does not see now off it (a ship's status exited: the
 * mover passes them by, the preview names none).  Markers stay: the
 * report's fog decides none (no report shows them) and no shipped
 * ruleset has one. */
static void
board_new(struct play_preview *pv, const struct nv_state *st, int side)
{
	const struct nv_ruleset_ops *ops = st->rs->ops;
	struct map_opts	 mo = MAP_OPTS_INIT;
	unsigned char	*vis = NULL, *wvis = NULL;
	struct nv_ship	*s;
	size_t		 i;

	memset(pv, 0, sizeof *pv);
	pv->ev.worded = preview_worded;
	pv->board = state_clone(st);
	report_fog_map(st, side, &mo, &vis, &wvis);
	for (i = 0; i < pv->board->nships; i++) {
		s = &pv->board->ships[i];
		if (s->side == side)
			continue;
		if (ops->preview_hold != NULL)
			ops->preview_hold(pv->board, (int)i);
		else if (s->speed > 0)
			s->speed = 0;
		if (vis != NULL && !vis[i] && ship_on_map(s))
			s->status = NV_STATUS_EXITED;
	}
	if (wvis != NULL)
		board_wrecks(pv->board, wvis);
	free(vis);
	free(wvis);
}

/* Every contact or collision of the preview between two ships of side:
 * the mover's own report of ships plotted into each other (the event's
 * ships, never its sentence). */
static void
collisions(struct play_preview *pv, int side)
{
	const struct nv_state	*st = pv->board;
	const struct nv_event	*v;
	struct play_collision	*c;
	size_t			 k;
	int			 a, b;

	for (k = 0; k < pv->ev.n; k++) {
		v = &pv->ev.v[k];
		if (!kind_is(v, NV_EV_CONTACT) && !kind_is(v, NV_EV_COLLISION))
			continue;
		a = state_ship_index(st, v->ship);
		b = state_ship_index(st, v->other);
		if (a < 0 || b < 0 || st->ships[a].side != side ||
		    st->ships[b].side != side)
			continue;
		pv->collisions = xreallocarray(pv->collisions,
		    pv->ncollisions + 1, sizeof *pv->collisions);
		c = &pv->collisions[pv->ncollisions++];
		c->phase = v->phase;
		c->a = a;
		c->b = b;
	}
}

/* Plays o on pv's board with every die the ruleset's preview die (1
 * when it names none), then lists the paths of the
 * ships flagged in may (NULL: every ship of side) and the side's
 * collisions.  Frees o; on failure pv is emptied. */
static enum play_code
board_play(struct play_preview *pv, int side, struct nv_orders *o,
    const unsigned char *may, const struct diag *d, char **cause)
{
	int			 die = pv->board->rs->ops->preview_die;
	struct nv_dice		*dice = dice_fixed(die > 0 ? die : 1);
	const struct nv_ship	*s;
	struct play_preview_ship *p;
	enum play_code		 rc = PLAY_OK;
	size_t			 i;
	int			*slot;

	if (d->errors > 0) {
		*cause = xstrdup("the orders do not parse on the preview's "
		    "board");
		rc = PLAY_INPUT;
	} else if (turn_play(pv->board, o, dice, &pv->next, &pv->ev, cause) !=
	    0)
		rc = PLAY_REFUSED;
	slot = xcalloc(pv->board->nships + 1, sizeof *slot);
	for (i = 0; rc == PLAY_OK && i < pv->board->nships; i++) {
		s = &pv->board->ships[i];
		slot[i] = -1;
		if ((may != NULL ? !may[i] : s->side != side) ||
		    !ship_on_map(s))
			continue;
		pv->ships = xreallocarray(pv->ships, pv->nships + 1,
		    sizeof *pv->ships);
		p = &pv->ships[pv->nships];
		memset(p, 0, sizeof *p);
		p->ship = (int)i;
		p->exits = pv->next->ships[i].status == NV_STATUS_EXITED;
		slot[i] = (int)pv->nships++;
	}
	if (rc == PLAY_OK) {
		preview_paths(pv, slot);
		collisions(pv, side);
	}
	free(slot);
	orders_free(o);
	dice_free(dice);
	if (rc != PLAY_OK)
		play_preview_free(pv);
	return rc;
}

enum play_code
play_preview(const struct nv_state *st, int side, const char *text,
    const unsigned char *may, struct play_preview *pv, char **cause)
{
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	enum play_code		 rc;

	board_new(pv, st, side);
	o = board_orders(pv->board, may, text, &d);
	rc = board_play(pv, side, o, may, &d, cause);
	diag_free(&d);
	return rc;
}

enum play_code
play_preview_side(const struct nv_state *st, int side,
    const struct play_orderset *sets, size_t n, struct play_preview *pv,
    char **cause)
{
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	enum play_code		 rc;

	board_new(pv, st, side);
	/* As the turn would be played: ships without an order take their
	 * standing orders. */
	o = play_orders_parse(pv->board, sets, n, 1, &d);
	rc = board_play(pv, side, o, NULL, &d, cause);
	diag_free(&d);
	return rc;
}

void
play_preview_free(struct play_preview *pv)
{
	size_t	i;

	for (i = 0; i < pv->nships; i++)
		free(pv->ships[i].path);
	free(pv->ships);
	free(pv->collisions);
	events_free(&pv->ev);
	state_free(pv->next);
	state_free(pv->board);
	memset(pv, 0, sizeof *pv);
}
