/* ctl-game.c: playing a stored game's turn.
 *
 * ctl_play() is what `adjudicate` and `replay` share: the order sets as
 * stored go through the same parser and validation as when they were
 * received, and the dice are dice_seeded(seed, game id), so a replay
 * re-derives every roll.  ctl_adjudicate() wraps it in one transaction:
 * the state of the open turn, the sets in force, the new state, events,
 * rolls, missed turns and the audit entry commit together or not at all. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "dice.h"
#include "exitcode.h"
#include "orders.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "turn.h"
#include "xalloc.h"

unsigned char *
ctl_may_order(const struct nv_state *st, const char *side,
    const char *const *ships, size_t n)
{
	unsigned char	*may = xcalloc(st->nships + 1, 1);
	int		 si = state_side_index(st, side), i;
	size_t		 k;

	for (k = 0; ships == NULL && k < st->nships; k++)
		may[k] = si >= 0 && st->ships[k].side == si;
	for (k = 0; ships != NULL && k < n; k++)
		if ((i = state_ship_index(st, ships[k])) >= 0)
			may[i] = 1;
	return may;
}

int
ctl_play(const struct nv_state *in, const char *game, const char *seed,
    const struct ctl_orderset *sets, size_t n, struct ctl_result *out)
{
	struct nv_orders	*o = orders_new(in);
	struct diag		 d = DIAG_INIT;
	unsigned char		*may;
	char			*name, *cause = NULL;
	size_t			 i;
	int			 rc = NV_EXIT_INPUT;

	memset(out, 0, sizeof *out);
	for (i = 0; i < n; i++) {
		name = xasprintf("orders of %s", sets[i].player);
		may = ctl_may_order(in, sets[i].side, sets[i].ships,
		    sets[i].nships);
		o->may_order = may;
		(void)orders_parse(o, name, sets[i].text,
		    strlen(sets[i].text), &d);
		o->may_order = NULL;
		free(may);
		free(name);
	}
	(void)orders_validate(o, &d);
	if (d.errors > 0) {
		ctl_print_diag(&d);
		ctl_err(0, "the orders in force are not legal in this state "
		    "(was the state corrected, or a ship reassigned?): submit "
		    "new orders for those players with navarch orders submit");
		goto out;
	}
	out->dice = dice_seeded(seed, game);
	if (turn_play(in, o, out->dice, &out->next, &out->ev, &cause) != 0) {
		rc = ctl_err(NV_EXIT_FAIL, "%s", cause);
		free(cause);
		goto out;
	}
	rc = 0;
out:
	diag_free(&d);
	orders_free(o);
	if (rc != 0)
		ctl_result_free(out);
	return rc;
}

void
ctl_result_free(struct ctl_result *r)
{
	state_free(r->next);
	events_free(&r->ev);
	dice_free(r->dice);
	memset(r, 0, sizeof *r);
}

/* --- adjudication of a stored game -------------------------------------- */

struct adj_player {
	char	 *id, *side;
	char	**ships;
	size_t	  nships;
	int	  sole;		/* the only active player of the side */
	int	  removed;
	int	  has_orders;
};

struct adj {
	struct adj_player	*p;
	size_t			 np;
	struct ctl_orderset	*sets;
	size_t			 nsets;
	char			**texts;	/* owned copies */
	char			**owners;
};

static int
adj_player_cb(const struct store_player *sp, void *arg)
{
	struct adj		*a = arg;
	struct adj_player	*p;
	size_t			 i;

	a->p = xreallocarray(a->p, a->np + 1, sizeof *a->p);
	p = &a->p[a->np++];
	memset(p, 0, sizeof *p);
	p->id = xstrdup(sp->id);
	p->side = xstrdup(sp->side);
	p->ships = xcalloc(sp->nships + 1, sizeof *p->ships);
	for (i = 0; i < sp->nships; i++)
		p->ships[i] = xstrdup(sp->ships[i]);
	p->nships = sp->nships;
	p->removed = sp->removed;
	return 0;
}

static int
adj_orders_cb(const struct store_orders *o, void *arg)
{
	struct adj	*a = arg;

	a->texts = xreallocarray(a->texts, a->nsets + 1, sizeof *a->texts);
	a->owners = xreallocarray(a->owners, a->nsets + 1, sizeof *a->owners);
	a->texts[a->nsets] = xstrdup(o->text);
	a->owners[a->nsets] = xstrdup(o->player);
	a->nsets++;
	return 0;
}

static void
adj_free(struct adj *a)
{
	size_t	i, j;

	for (i = 0; i < a->np; i++) {
		for (j = 0; j < a->p[i].nships; j++)
			free(a->p[i].ships[j]);
		free(a->p[i].ships);
		free(a->p[i].id);
		free(a->p[i].side);
	}
	for (i = 0; i < a->nsets; i++) {
		free(a->texts[i]);
		free(a->owners[i]);
	}
	free(a->p);
	free(a->sets);
	free(a->texts);
	free(a->owners);
}

static struct adj_player *
adj_find(struct adj *a, const char *id)
{
	size_t	i;

	for (i = 0; i < a->np; i++)
		if (strcmp(a->p[i].id, id) == 0)
			return &a->p[i];
	return NULL;
}

/* 1 if the player commands a ship that is on the map. */
static int
adj_expected(const struct adj_player *p, const struct nv_state *st)
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
adj_build(struct adj *a)
{
	struct adj_player	*p;
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
		if ((p = adj_find(a, a->owners[i])) == NULL)
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
}

/* Refuses (exit 1) while orders are missing and the deadline is not
 * past, unless forced.  The missing players' ids go to *missed. */
static int
adj_missing(struct adj *a, const struct nv_state *st,
    const struct store_game *g, int force, int64_t now,
    const char ***missed, size_t *nmissed, struct buf *who)
{
	char	when[CTL_TIME_LEN];
	size_t	i;

	*missed = xcalloc(a->np + 1, sizeof **missed);
	*nmissed = 0;
	for (i = 0; i < a->np; i++) {
		if (a->p[i].has_orders || a->p[i].removed ||
		    !adj_expected(&a->p[i], st))
			continue;
		(*missed)[(*nmissed)++] = a->p[i].id;
		buf_printf(who, "%s%s", who->len > 0 ? ", " : "",
		    a->p[i].id);
	}
	if (*nmissed == 0 || force)
		return 0;
	if (g->deadline == 0)
		return ctl_err(NV_EXIT_FAIL, "no orders in from %s and the "
		    "game has no deadline: wait, set one with navarch "
		    "deadline, or give --force (their ships go straight on)",
		    buf_str(who));
	if (now < g->deadline) {
		ctl_time_format(g->deadline, when);
		return ctl_err(NV_EXIT_FAIL, "no orders in from %s and the "
		    "deadline %s has not passed: wait, or give --force (their "
		    "ships go straight on)", buf_str(who), when);
	}
	return 0;
}

static void
turn_rows(const struct ctl_result *r, struct store_event **ev,
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
static int
adj_record(struct store *s, const struct store_game *g, int turn,
    const struct ctl_result *r, const char *const *missed, size_t nmissed,
    const char *details, int64_t now, const char *actor)
{
	struct store_turn	 t;
	struct store_event	*ev;
	struct store_roll	*ro;
	struct buf		 xml = BUF_INIT;
	char			*cause = NULL;
	size_t			 nro;
	int			 code;

	turn_rows(r, &ev, &ro, &nro);
	state_xml_save(r->next, &xml);
	memset(&t, 0, sizeof t);
	t.game = g->id;
	t.turn = turn;
	t.state_xml = buf_str(&xml);
	t.events = ev;
	t.nevents = r->ev.n;
	t.rolls = ro;
	t.nrolls = nro;
	t.missed = missed;
	t.nmissed = nmissed;
	t.now = now;
	code = store_turn_record(s, &t, &cause);
	/* The deadline was the played turn's: the next turn has none until
	 * the GM (or the daemon's schedule) sets one, so a passed deadline
	 * never lets the next turn be played without its orders. */
	if (code == STORE_OK && g->deadline != 0)
		code = store_game_set_deadline(s, g->id, 0, &cause);
	if (code == STORE_OK && r->next->result.kind != NV_RESULT_PLAYING) {
		code = store_game_set_status(s, g->id, STORE_GAME_ENDED,
		    &cause);
		if (code == STORE_OK && !g->seed_revealed)
			code = store_seed_reveal(s, g->id, actor, now, &cause);
	}
	if (code == STORE_OK)
		code = store_audit_add(s, g->id, now, actor, "adjudicate",
		    details, &cause);
	free(ev);
	free(ro);
	buf_free(&xml);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

static void
adj_print(const char *game, int turn, const struct ctl_result *r,
    const char *who)
{
	size_t	i;

	for (i = 0; i < r->ev.n; i++)
		printf("%s\n", r->ev.v[i].text);
	fprintf(stderr, "navarch adjudicate: game %s: turn %d played, %zu "
	    "events; now turn %d%s%s%s\n", game, turn, r->ev.n, r->next->turn,
	    *who != '\0' ? "; missed the turn: " : "", who,
	    r->next->result.kind != NV_RESULT_PLAYING ? "; the game is over "
	    "and the seed revealed" : "");
}

/* Steps of ctl_adjudicate after the transaction opened; commits it,
 * then prints the events. */
static int
adj_run(struct store *s, const char *game, int force, int64_t now,
    const char *actor)
{
	struct store_game	*g = NULL;
	struct ctl_game		 cg = { NULL, NULL, NULL, 0 };
	struct ctl_result	 r;
	struct adj		 a;
	struct buf		 who = BUF_INIT;
	const char		**missed = NULL;
	char			*xml = NULL, *cause = NULL, *name = NULL,
				*details = NULL;
	size_t			 nmissed = 0;
	int			 code, turn, rc;

	memset(&a, 0, sizeof a);
	memset(&r, 0, sizeof r);
	if ((code = store_game_get(s, game, &g, &cause)) == STORE_OK)
		code = store_state_get(s, game, -1, &xml, &turn, &cause);
	if (code == STORE_OK)
		code = store_player_list(s, game, adj_player_cb, &a, &cause);
	if (code == STORE_OK)
		code = store_orders_in_force(s, game, turn, adj_orders_cb, &a,
		    &cause);
	if (code != STORE_OK) {
		rc = ctl_store_err(code, cause);
		goto out;
	}
	rc = NV_EXIT_FAIL;
	if (g->status != STORE_GAME_PLAYING) {
		ctl_err(0, "game %s is %s%s", game,
		    store_game_status_name(g->status),
		    g->status == STORE_GAME_PAUSED ? ": navarch resume it "
		    "first" : "");
		goto out;
	}
	name = xasprintf("game %s, turn %d", game, turn);
	if ((rc = ctl_load_state_mem(name, xml, strlen(xml), &cg)) != 0)
		goto out;
	adj_build(&a);
	if ((rc = adj_missing(&a, cg.st, g, force, now, &missed, &nmissed,
	    &who)) != 0)
		goto out;
	if ((rc = ctl_play(cg.st, game, g->seed, a.sets, a.nsets, &r)) != 0)
		goto out;
	details = xasprintf("turn %d%s%s%s", turn, nmissed > 0 ?
	    "; missed: " : "", buf_str(&who), force ? "; forced" : "");
	rc = adj_record(s, g, turn, &r, missed, nmissed, details, now, actor);
	if (rc == 0 && (code = store_commit(s, &cause)) != STORE_OK)
		rc = ctl_store_err(code, cause);
	if (rc == 0)
		adj_print(game, turn, &r, buf_str(&who));
out:
	ctl_result_free(&r);
	ctl_game_free(&cg);
	store_game_free(g);
	adj_free(&a);
	buf_free(&who);
	free(missed);
	free(details);
	free(name);
	free(xml);
	return rc;
}

int
ctl_adjudicate(struct store *s, const char *game, int force, int64_t now,
    const char *actor)
{
	char	*cause = NULL;
	int	 code, rc;

	/* BEGIN IMMEDIATE first: everything read is what gets written
	 * against, even if the daemon is at work. */
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	/* adj_run commits; on failure nothing it wrote stays. */
	if ((rc = adj_run(s, game, force, now, actor)) != 0)
		(void)store_abort(s, NULL);
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
