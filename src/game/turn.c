/* turn.c: one turn, from orders to the next state (see turn.h).
 *
 * The common skeleton every ruleset shares: clone the state, index its
 * hexes for the turn, let the ruleset plot every ship (begin), run the
 * phases (phase_begin; move.c moves the ships and hands contacts to the
 * ruleset; phase_end does fire), let the ruleset finish the turn (end),
 * and count the turn.  Also the services the hooks share: events, dice,
 * pools and re-rolls, eliminations.  docs/movement.md describes the
 * movement rulings. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "dice.h"
#include "hexindex.h"
#include "move.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static const char *const contact_kind_names[] = {
#define X(e, s) s,
	NV_CONTACT_KINDS(X)
#undef X
};

const char *
contact_kind_name(enum nv_contact_kind k)
{
	if ((int)k < 0 || (size_t)k >= sizeof contact_kind_names /
	    sizeof contact_kind_names[0])
		return "?";
	return contact_kind_names[k];
}

/* "Phase N: " into pre (32 bytes), N from 1: snprintf's work without
 * its cost, five or six times a ship. */
static void
phase_prefix(char *pre, int phase)
{
	char	digits[12];
	size_t	k = sizeof digits;

	do
		digits[--k] = (char)('0' + phase % 10);
	while ((phase /= 10) != 0);
	memcpy(pre, "Phase ", 6);
	memcpy(pre + 6, digits + k, sizeof digits - k);
	memcpy(pre + 6 + sizeof digits - k, ": ", 3);
}

void
turn_event(struct nv_turn *t, const char *kind, int ship, int other,
    const char *fmt, ...)
{
	struct nv_event	*e;
	va_list		 ap;
	char		 pre[32];

	pre[0] = '\0';
	if (t->phase >= 1 && t->phase <= t->rs->phases)
		phase_prefix(pre, t->phase);
	va_start(ap, fmt);
	events_addv(t->ev, t->phase, kind,
	    ship >= 0 ? t->st->ships[ship].id : NULL,
	    other >= 0 ? t->st->ships[other].id : NULL, pre, fmt, ap);
	va_end(ap);
	if (ship >= 0) {
		e = &t->ev->v[t->ev->n - 1];
		e->has_at = 1;
		e->at = t->st->ships[ship].hex;
		e->facing = t->st->ships[ship].facing;
		e->status = (int)t->st->ships[ship].status;
		e->side = t->st->ships[ship].side;
	}
}

void
turn_event_also(struct nv_turn *t, int ship)
{
	if (ship >= 0 && (size_t)ship < t->st->nships)
		events_also(t->ev, t->st->ships[ship].id);
}

void
turn_event_also_ids(struct nv_turn *t, const char *list)
{
	const char	*p = list;
	char		*id;
	size_t		 n;

	if (p == NULL)
		return;
	while (*(p += strspn(p, " ")) != '\0') {
		n = strcspn(p, " ");
		id = xstrndup(p, n);
		turn_event_also(t, state_ship_index(t->st, id));
		free(id);
		p += n;
	}
}

int
turn_roll(struct nv_turn *t, int sides, const char *purpose,
    const char *ship, int *out, char **cause)
{
	int	i;

	if (dice_roll(t->dice, sides, t->turn, t->phase, purpose, ship, out,
	    cause) != 0)
		return -1;
	i = ship != NULL ? state_ship_index(t->st, ship) : -1;
	turn_event(t, event_kind_name(NV_EV_ROLL), i, -1,
	    "%s rolls 1d%d=%d for %s", ship != NULL ? ship : "the umpire",
	    sides, *out, purpose);
	return 0;
}

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

int
turn_roll_pool(struct nv_turn *t, int n, int sides, const char *purpose,
    const char *ship, unsigned flags, int *out, char **cause)
{
	struct buf	 b = BUF_INIT;
	int		 k, low = 0, high = 0;

	if (n < 1 || n > NV_POOL_MAX) {
		*cause = xasprintf("a pool of %d dice for %s: legal: 1 to %d",
		    n, purpose, NV_POOL_MAX);
		return -1;
	}
	for (k = 0; k < n; k++) {
		if (dice_roll(t->dice, sides, t->turn, t->phase, purpose, ship,
		    &out[k], cause) != 0)
			return -1;
		dice_flag_last(t->dice, NV_ROLL_POOL);
	}
	qsort(out, (size_t)n, sizeof *out, cmp_int);
	buf_printf(&b, "%s rolls %dd%d for %s:", ship != NULL ? ship :
	    "the umpire", n, sides, purpose);
	for (k = 0; k < n; k++) {
		buf_printf(&b, " %d", out[k]);
		low += out[k] == 1;
		high += out[k] == sides;
	}
	if (flags & NV_ROLL_NATURALS)
		buf_printf(&b, " (natural 1: %d, natural %d: %d)", low, sides,
		    high);
	turn_event(t, event_kind_name(NV_EV_ROLL), ship != NULL ?
	    state_ship_index(t->st, ship) : -1, -1, "%s", buf_str(&b));
	buf_free(&b);
	return 0;
}

int
turn_reroll(struct nv_turn *t, int sides, const char *purpose,
    const char *ship, int was, int *out, char **cause)
{
	char	*label = xasprintf("%s (re-roll)", purpose);
	int	 rc;

	rc = dice_roll(t->dice, sides, t->turn, t->phase, label, ship, out,
	    cause);
	free(label);
	if (rc != 0)
		return -1;
	dice_flag_last(t->dice, NV_ROLL_REROLL);
	turn_event(t, event_kind_name(NV_EV_ROLL), ship != NULL ?
	    state_ship_index(t->st, ship) : -1, -1, "%s re-rolls the %d of "
	    "1d%d for %s: %d", ship != NULL ? ship : "the umpire", was, sides,
	    purpose, *out);
	return 0;
}

void
turn_eliminate(struct nv_turn *t, int ship, int status, const char *why)
{
	struct nv_ship	*s = &t->st->ships[ship];
	char		 h[8];

	/* The hex index needs nothing: look-ups check the status, and the
	 * mover counts a ship off the map as gone from its hex. */
	s->status = status;
	t->plots[ship].stopped = 1;
	turn_event(t, event_kind_name(NV_EV_ELIMINATED), ship, -1, "%s in %s "
	    "%s%s%s", t->desc[ship], state_hex_name(t->st, s->hex, h),
	    why != NULL ? why : "", why != NULL ? " and " : "",
	    ruleset_status_event(t->rs, status));
}

/* The part of ship s's description at k: its id, its class, its side
 * ("?" for none). */
static const char *
desc_part(const struct nv_state *st, const struct nv_ship *s, int k)
{
	const struct nv_ruleset	*rs = st->rs;

	if (k == 0)
		return s->id;
	if (k == 1)
		return s->cls >= 0 && (size_t)s->cls < rs->nclasses ?
		    rs->classes[s->cls].id : "?";
	return s->side >= 0 && (size_t)s->side < st->nsides ?
	    st->sides[s->side].id : "?";
}

/* Every ship's "ID (CLASS, SIDE)", as sentences name it: one block, d[0]
 * at its start, rather than a formatted allocation a ship. */
static char **
make_desc(const struct nv_state *st)
{
	static const char *const glue[] = { " (", ", ", ")" };
	char			**d = xcalloc(st->nships + 1, sizeof *d);
	size_t			 i, len = 0, n;
	int			 k;
	char			*p;

	for (i = 0; i < st->nships; i++)
		for (k = 0; k < 3; k++)
			len += strlen(desc_part(st, &st->ships[i], k)) +
			    strlen(glue[k]);
	if (st->nships == 0)
		return d;
	p = xmalloc(len + st->nships);
	for (i = 0; i < st->nships; i++) {
		d[i] = p;
		for (k = 0; k < 3; k++) {
			n = strlen(desc_part(st, &st->ships[i], k));
			memcpy(p, desc_part(st, &st->ships[i], k), n);
			p += n;
			n = strlen(glue[k]);
			memcpy(p, glue[k], n);
			p += n;
		}
		*p++ = '\0';
	}
	return d;
}

static void
free_desc(char **d)
{
	if (d == NULL)
		return;
	free(d[0]);		/* the block (make_desc) */
	free(d);
}

/* The phases: movement (with its contacts), then the ruleset's phase end
 * (missile fire, for instance). */
static int
play_phases(struct nv_turn *t, char **cause)
{
	const struct nv_ruleset	*rs = t->rs;
	int			 p;

	for (p = 1; p <= rs->phases; p++) {
		t->phase = p;
		events_add(t->ev, p, event_kind_name(NV_EV_PHASE), NULL, NULL,
		    "Phase %d begins.", p);
		if (rs->ops->phase_begin != NULL &&
		    rs->ops->phase_begin(t, p, cause) != 0)
			return -1;
		if (move_phase(t, cause) != 0)
			return -1;
		if (rs->ops->phase_end != NULL &&
		    rs->ops->phase_end(t, p, cause) != 0)
			return -1;
	}
	return 0;
}

/* A ship that changed side in the turn (captured, recaptured) loses its
 * standing order: it was its old side's (docs/orders.md). */
static void
drop_standing_of_taken(const struct nv_state *in, struct nv_state *out)
{
	size_t	i;

	for (i = 0; i < out->nships && i < in->nships; i++)
		if (out->ships[i].side != in->ships[i].side) {
			free(out->ships[i].standing);
			out->ships[i].standing = NULL;
		}
}

/* A turn after the deployment: the ruleset's begin, the phases, its
 * end. */
static int
play_turn_hooks(struct nv_turn *t, char **cause)
{
	const struct nv_ruleset	*rs = t->rs;

	if (rs->ops->begin(t, cause) != 0)
		return -1;
	if (play_phases(t, cause) != 0)
		return -1;
	t->phase = rs->phases + 1;
	return rs->ops->end(t, cause);
}

/* Why a game that has ended cannot go on; owned by the caller. */
static char *
ended_cause(const struct nv_state *in)
{
	const struct nv_result	*r = &in->result;
	const char		*why = r->reason != NULL ? r->reason : "";

	if (r->kind == NV_RESULT_WON && r->winner >= 0 &&
	    (size_t)r->winner < in->nsides)
		return xasprintf("turn %d cannot be played: the game is over, "
		    "won by %s (%s)", in->turn, in->sides[r->winner].id, why);
	return xasprintf("turn %d cannot be played: the game is over, drawn "
	    "(%s)", in->turn, why);
}

int
turn_play(const struct nv_state *in, const struct nv_orders *orders,
    struct nv_dice *dice, struct nv_state **out, struct nv_events *ev,
    char **cause)
{
	const struct nv_ruleset	*rs = in->rs;
	struct nv_turn		 t;
	struct nv_hexindex	 ix;

	*out = NULL;
	/* A recorded result is final (the ruleset's end hook wrote it). */
	if (in->result.kind != NV_RESULT_PLAYING) {
		*cause = ended_cause(in);
		return -1;
	}
	t.rs = rs;
	t.st = state_clone(in);
	t.orders = orders;
	t.dice = dice;
	t.ev = ev;
	t.plots = xcalloc(in->nships + 1, sizeof *t.plots);
	t.phase = 0;
	t.round = -1;
	t.turn = in->turn;
	t.rs_turn = NULL;
	t.desc = make_desc(t.st);
	hexindex_build(&ix, t.st);
	t.ix = &ix;
	t.mover = NULL;

	events_add(ev, 0, event_kind_name(NV_EV_TURN_START), NULL, NULL,
	    "Turn %d begins.", t.turn);
	if (t.turn == 0) {
		/* The deployment turn: ships are placed, no phase is
		 * played and no hook of the ruleset runs. */
		if (move_deploy(&t, cause) != 0)
			goto fail;
	} else if (play_turn_hooks(&t, cause) != 0)
		goto fail;
	events_add(ev, t.phase, event_kind_name(NV_EV_TURN_END), NULL, NULL,
	    "Turn %d ends.", t.turn);
	/* Common to every ruleset: the standing orders given are kept, and
	 * the state now waits for the next turn. */
	if (orders != NULL)
		orders_standing_apply(orders, t.st);
	drop_standing_of_taken(in, t.st);
	t.st->turn = t.turn + 1;
	free(t.plots);
	free_desc(t.desc);
	hexindex_free(&ix);
	*out = t.st;
	return 0;

fail:
	if (rs->ops->abort != NULL)
		rs->ops->abort(&t);
	free(t.plots);
	free_desc(t.desc);
	hexindex_free(&ix);
	state_free(t.st);
	return -1;
}
