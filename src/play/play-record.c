/* play-record.c: a stored game as a struct play_record, what replay and
 * archives work on: the scenario, the seed, every live turn's state, the
 * order sets in force at its adjudication with its events and rolls, and
 * the GM's corrections still in effect.
 *
 * Corrections come from the audit log, as the play layer reads them
 * (play_fixes_audit); so does an end by decision, which a rollback to a
 * turn before it discards as it discards corrections. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play-record.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

struct loader {
	struct play_record	*rec;
	struct store		*s;
	char			**pl_id, **pl_side;	/* every player */
	size_t			  npl;
	struct play_rec_turn	*cur;
};

static char *
dup0(const char *s)
{
	return xstrdup(s != NULL ? s : "");
}

static int
player_cb(const struct store_player *p, void *arg)
{
	struct loader	*l = arg;

	l->pl_id = xreallocarray(l->pl_id, l->npl + 1, sizeof *l->pl_id);
	l->pl_side = xreallocarray(l->pl_side, l->npl + 1,
	    sizeof *l->pl_side);
	l->pl_id[l->npl] = xstrdup(p->id);
	l->pl_side[l->npl++] = xstrdup(p->side);
	return 0;
}

static const char *
side_of(const struct loader *l, const char *player)
{
	size_t	i;

	for (i = 0; i < l->npl; i++)
		if (strcmp(l->pl_id[i], player) == 0)
			return l->pl_side[i];
	return "";
}

static int
state_cb(const struct store_state_info *i, void *arg)
{
	struct loader		*l = arg;
	struct play_record	*r = l->rec;
	struct play_rec_turn	*t;

	if (i->superseded)
		return 0;
	r->turns = xreallocarray(r->turns, r->nturns + 1, sizeof *r->turns);
	t = &r->turns[r->nturns++];
	memset(t, 0, sizeof *t);
	t->turn = i->turn;
	t->adjudicated = i->adjudicated != 0;
	return 0;
}

static int
orders_cb(const struct store_orders *o, void *arg)
{
	struct loader		*l = arg;
	struct play_rec_turn	*t = l->cur;
	struct play_rec_orders	*x;

	t->orders = xreallocarray(t->orders, t->norders + 1,
	    sizeof *t->orders);
	x = &t->orders[t->norders++];
	x->player = xstrdup(o->player);
	x->side = xstrdup(side_of(l, o->player));
	x->text = xstrdup(o->text);
	return 0;
}

static int
event_cb(const struct store_event_row *e, void *arg)
{
	struct loader		*l = arg;
	struct play_rec_turn	*t = l->cur;
	struct play_rec_event	*x;

	t->events = xreallocarray(t->events, t->nevents + 1,
	    sizeof *t->events);
	x = &t->events[t->nevents++];
	x->phase = e->phase;
	x->kind = dup0(e->kind);
	x->ship = dup0(e->ship);
	x->other = dup0(e->other);
	x->text = dup0(e->text);
	return 0;
}

static int
roll_cb(const struct store_roll_row *r, void *arg)
{
	struct loader		*l = arg;
	struct play_rec_turn	*t = l->cur;
	struct play_rec_roll	*x;

	t->rolls = xreallocarray(t->rolls, t->nrolls + 1, sizeof *t->rolls);
	x = &t->rolls[t->nrolls++];
	x->phase = r->phase;
	x->label = dup0(r->label);
	x->purpose = dup0(r->purpose);
	x->ship = dup0(r->ship);
	x->sides = r->sides;
	x->result = r->result;
	return 0;
}

static void
end_free(struct play_rec_end *e)
{
	free(e->result);
	free(e->winner);
	free(e->reason);
	memset(e, 0, sizeof *e);
}

/* "turn T: REASON", then "result=..." and "winner=..." lines (older
 * entries have the first line only). */
static void
end_parse(const char *details, struct play_rec_end *e)
{
	const char	*p = details, *nl;
	char		*line;
	int		 n = 0, turn;

	end_free(e);
	if (sscanf(details, "turn %d: %n", &turn, &n) != 1 || n == 0)
		return;
	e->turn = turn;
	nl = details + strcspn(details, "\n");
	e->reason = xstrndup(details + n, (size_t)(nl - details - n));
	for (p = nl; *p == '\n'; p = nl) {
		p++;
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		if (strncmp(line, "result=", 7) == 0) {
			free(e->result);
			e->result = xstrdup(line + 7);
		} else if (strncmp(line, "winner=", 7) == 0) {
			free(e->winner);
			e->winner = xstrdup(line + 7);
		}
		free(line);
	}
	if (e->result != NULL && e->winner == NULL)
		e->winner = xstrdup("");
}

/* The corrections in effect (play-fix.c) and the end by decision: each
 * made on turn T's state stays until a rollback to a turn before T
 * discards that state. */
static int
audit_cb(const struct store_audit *a, void *arg)
{
	struct play_record	*r = ((struct loader *)arg)->rec;
	int			 to;

	play_fixes_audit(&r->fixes, a);
	if (strcmp(a->action, PLAY_END_ACTION) == 0 && a->details != NULL)
		end_parse(a->details, &r->end);
	if (strcmp(a->action, "rollback") == 0 && a->details != NULL &&
	    sscanf(a->details, "to the start of turn %d:", &to) == 1 &&
	    r->end.turn > to)
		end_free(&r->end);
	return 0;
}

static int
turn_cmp(const void *a, const void *b)
{
	const struct play_rec_turn	*x = a, *y = b;

	return (x->turn > y->turn) - (x->turn < y->turn);
}

/* The live turns, in order, with nothing loaded but their numbers. */
static int
list_turns(struct loader *l, const char *game, char **cause)
{
	struct play_record	*r = l->rec;
	int			 code;

	code = store_state_history(l->s, game, state_cb, l, cause);
	if (code == STORE_OK)
		qsort(r->turns, r->nturns, sizeof *r->turns, turn_cmp);
	return code;
}

static void
loader_free(struct loader *l)
{
	size_t	i;

	for (i = 0; i < l->npl; i++) {
		free(l->pl_id[i]);
		free(l->pl_side[i]);
	}
	free(l->pl_id);
	free(l->pl_side);
	memset(l, 0, sizeof *l);
}

/* Turn t's state and, once adjudicated, its orders in force, events and
 * rolls (l->pl_id: every player, for the sides of the orders). */
static int
load_turn(struct loader *l, const char *game, struct play_rec_turn *t,
    char **cause)
{
	int	code;

	l->cur = t;
	code = store_state_get(l->s, game, t->turn, &t->state, NULL, cause);
	if (code != STORE_OK || !t->adjudicated)
		return code;
	code = store_orders_in_force(l->s, game, t->turn, orders_cb, l, cause);
	if (code == STORE_OK)
		code = store_events_list(l->s, game, t->turn, event_cb, l,
		    cause);
	if (code == STORE_OK)
		code = store_rolls_list(l->s, game, t->turn, roll_cb, l,
		    cause);
	return code;
}

enum store_code
play_record_load_head(struct store *s, const char *game,
    struct play_record *r, char **cause)
{
	struct store_game	*g = NULL;
	struct loader		 l;
	int			 code;

	memset(r, 0, sizeof *r);
	memset(&l, 0, sizeof l);
	l.rec = r;
	l.s = s;
	code = store_game_get(s, game, &g, cause);
	if (code == STORE_OK) {
		r->game = xstrdup(g->id);
		r->ruleset = xstrdup(g->ruleset);
		r->seed = xstrdup(g->seed);
		r->commitment = xstrdup(g->seed_commitment);
		code = store_game_scenario(s, game, &r->scenario, cause);
	}
	if (code == STORE_OK)
		code = list_turns(&l, game, cause);
	if (code == STORE_OK)
		code = store_audit_list(s, game, audit_cb, &l, cause);
	store_game_free(g);
	loader_free(&l);
	if (code != STORE_OK)
		play_record_free(r);
	return code;
}

enum store_code
play_record_load_turn(struct store *s, const char *game,
    struct play_rec_turn *t, char **cause)
{
	struct loader	l;
	int		code;

	memset(&l, 0, sizeof l);
	l.s = s;
	play_rec_turn_clear(t);
	code = store_player_list(s, game, player_cb, &l, cause);
	if (code == STORE_OK)
		code = load_turn(&l, game, t, cause);
	loader_free(&l);
	if (code != STORE_OK)
		play_rec_turn_clear(t);
	return code;
}

enum store_code
play_record_load(struct store *s, const char *game, struct play_record *r,
    char **cause)
{
	struct loader	 l;
	size_t		 i;
	int		 code;

	if ((code = play_record_load_head(s, game, r, cause)) != STORE_OK)
		return code;
	memset(&l, 0, sizeof l);
	l.rec = r;
	l.s = s;
	code = store_player_list(s, game, player_cb, &l, cause);
	for (i = 0; code == STORE_OK && i < r->nturns; i++)
		code = load_turn(&l, game, &r->turns[i], cause);
	loader_free(&l);
	if (code != STORE_OK)
		play_record_free(r);
	return code;
}

void
play_rec_turn_clear(struct play_rec_turn *t)
{
	size_t	i;

	for (i = 0; i < t->norders; i++) {
		free(t->orders[i].player);
		free(t->orders[i].side);
		free(t->orders[i].text);
	}
	for (i = 0; i < t->nevents; i++) {
		free(t->events[i].kind);
		free(t->events[i].ship);
		free(t->events[i].other);
		free(t->events[i].text);
	}
	for (i = 0; i < t->nrolls; i++) {
		free(t->rolls[i].label);
		free(t->rolls[i].purpose);
		free(t->rolls[i].ship);
	}
	free(t->orders);
	free(t->events);
	free(t->rolls);
	free(t->state);
	t->orders = NULL;
	t->events = NULL;
	t->rolls = NULL;
	t->state = NULL;
	t->norders = t->nevents = t->nrolls = 0;
}

void
play_record_free(struct play_record *r)
{
	size_t	i;

	for (i = 0; i < r->nturns; i++)
		play_rec_turn_clear(&r->turns[i]);
	play_fixes_free(&r->fixes);
	free(r->turns);
	free(r->game);
	free(r->ruleset);
	free(r->scenario);
	free(r->seed);
	free(r->commitment);
	end_free(&r->end);
	memset(r, 0, sizeof *r);
}

/* A write that stopped the archive: STORE_ERROR, with a cause for a
 * caller that has none of its own. */
static int
write_failed(char **cause)
{
	if (cause != NULL) {
		free(*cause);
		*cause = xstrdup("the archive could not be written");
	}
	return STORE_ERROR;
}

/* What play_archive_stored's loader needs. */
struct stream {
	struct store	*s;
	const char	*game;
	int		(*write)(const char *, size_t, void *);
	void		*arg;
	char		**cause;
	int		 code;		/* the store's, when a turn failed */
};

static int
stream_load(struct play_rec_turn *t, void *arg)
{
	struct stream	*x = arg;

	x->code = play_record_load_turn(x->s, x->game, t, x->cause);
	return x->code == STORE_OK ? 0 : -1;
}

static int
stream_write(const char *p, size_t n, void *arg)
{
	struct stream	*x = arg;

	return x->write(p, n, x->arg);
}

enum store_code
play_archive_stored(struct store *s, const char *game, int with_seed,
    int (*write)(const char *, size_t, void *), void *arg, char **cause)
{
	struct stream		 x = { s, game, write, arg, cause, STORE_OK };
	struct play_record	 rec;
	int			 code;

	if ((code = play_record_load_head(s, game, &rec, cause)) != STORE_OK)
		return code;
	if (play_archive_write(&rec, with_seed, stream_load, stream_write,
	    &x) != 0 && x.code == STORE_OK)
		x.code = write_failed(cause);
	play_record_free(&rec);
	return x.code;
}
