/* proof-ruleset.c: the test suite's throwaway ruleset (see proof.h).
 *
 * Only the interface of the common engine is used: the ops table below,
 * the plot (plot.h), the turn's services (turn.h: events, dice, pools,
 * re-rolls, eliminations, forced moves) and the state (state.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "orders.h"
#include "proof.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* ---- data ---------------------------------------------------------------- */

struct proof_data {
	long	sink_hits;
	long	vp_sink;
	long	debris_pass;
	long	pool;
};

static const struct nv_attr_def ship_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	PROOF_SHIP_ATTRS(X)
#undef X
};
static const struct nv_attr_def side_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	PROOF_SIDE_ATTRS(X)
#undef X
};
static const struct nv_attr_def game_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	PROOF_GAME_ATTRS(X)
#undef X
};

static const struct nv_status_def statuses[] = {
	{ "fled", "flees the battle", "fled the battle" },
};

static const struct nv_marker_def markers[] = {
	{ "hulk", "a burning hulk", 1 },
	{ "debris", "debris", 1 },
	{ "buoy", "a buoy", 0 },
	{ "shoal", "a shoal", 1 },
};

static const char *const event_names[] = {
#define X(e, s) s,
	PROOF_EVENT_KINDS(X)
#undef X
};

static const char *
pev(enum proof_event_kind k)
{
	return event_names[k];
}

static int
proof_load(struct nv_ruleset *rs, void *xml_doc, const char *file,
    struct diag *d)
{
	struct proof_data	*pd = xcalloc(1, sizeof *pd);
	xmlNodePtr		 n;

	rs->priv = pd;
	for (n = xmlsafe_child(xmlDocGetRootElement(xml_doc)); n != NULL;
	    n = xmlsafe_next(n))
		if (xmlsafe_is(n, "proof")) {
			(void)xmlsafe_int(n, "sink-hits", 1, 9, &pd->sink_hits,
			    file, d);
			(void)xmlsafe_int(n, "vp-sink", 0, 99, &pd->vp_sink,
			    file, d);
			(void)xmlsafe_int(n, "debris-pass", 1, 6,
			    &pd->debris_pass, file, d);
			(void)xmlsafe_int(n, "pool", 1, NV_POOL_MAX, &pd->pool,
			    file, d);
		}
	return pd->sink_hits > 0 ? 0 : -1;
}

static void
proof_free(struct nv_ruleset *rs)
{
	free(rs->priv);
	rs->priv = NULL;
}

static int
proof_ship_defaults(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_ship *s, unsigned long given, const char *file, unsigned line,
    struct diag *d)
{
	(void)rs; (void)st; (void)file; (void)line; (void)d;
	if (!(given & (1UL << PROOF_A_CONTACT)))
		s->attr[PROOF_A_CONTACT].s = xstrdup("");
	return 0;
}

/* The initiative names a side or nobody. */
static int
proof_game_defaults(const struct nv_ruleset *rs, struct nv_state *st,
    unsigned long given, const char *file, unsigned line, struct diag *d)
{
	const char	*v = st->attr[PROOF_G_INITIATIVE].s;

	(void)rs; (void)given;
	if (v[0] != '\0' && state_side_index(st, v) < 0) {
		diag_error(d, file, line, "<game initiative=\"%s\">: not a "
		    "side", v);
		return -1;
	}
	return 0;
}

/* ---- orders ------------------------------------------------------------- */

static const char step_letters[] = "FBLRWPS";

struct proof_ship_orders {
	int		 has_move;
	int		 flee;
	unsigned char	 steps[NV_PLOT_MAX];	/* index in step_letters */
	int		 nsteps;
	unsigned	 line;
	char		*file;
};

struct proof_orders {
	const struct nv_state		*st;
	struct proof_ship_orders	*ships;
	char				**signal;	/* per side: SIGNAL's
							   word, or NULL */
};

static void *
proof_orders_new(const struct nv_state *st)
{
	struct proof_orders	*po = xcalloc(1, sizeof *po);

	po->st = st;
	po->ships = xcalloc(st->nships + 1, sizeof *po->ships);
	po->signal = xcalloc(st->nsides + 1, sizeof *po->signal);
	return po;
}

static void
proof_orders_free(void *p)
{
	struct proof_orders	*po = p;
	size_t			 i;

	if (po == NULL)
		return;
	for (i = 0; i < po->st->nships; i++)
		free(po->ships[i].file);
	for (i = 0; i < po->st->nsides; i++)
		free(po->signal[i]);
	free(po->signal);
	free(po->ships);
	free(po);
}

static struct proof_ship_orders *
ship_orders(struct nv_orders *o, int ship, const char *file, unsigned line)
{
	struct proof_ship_orders	*so = &((struct proof_orders *)o->rs)->
					    ships[ship];

	free(so->file);
	so->file = xstrdup(file);
	so->line = line;
	return so;
}

static int
verb_move(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct proof_ship_orders	*so = ship_orders(o, ship, file, line);
	const char			*p, *k;
	size_t				 i;

	so->has_move = 1;
	so->nsteps = 0;
	for (i = 1; i < argc; i++)
		for (p = argv[i]; *p != '\0'; p++) {
			k = strchr(step_letters, toupper((unsigned char)*p));
			if (k == NULL || *p == '\0' ||
			    so->nsteps == NV_PLOT_MAX) {
				diag_error(d, file, line, "%s: '%c' is not a "
				    "step; legal: F B L R W P S", text, *p);
				return -1;
			}
			/* A squadron does not back water as one (as
			 * Nauta's squadrons make no Dash): the subject
			 * decides what a verb's words may say. */
			if (*k == 'B' && o->subject == NV_SUBJECT_SQUADRON) {
				diag_error(d, file, line, "%s: B is for a "
				    "SHIP line; legal on a SQUADRON line: F L "
				    "R W P S", text);
				return -1;
			}
			so->steps[so->nsteps++] = (unsigned char)(k -
			    step_letters);
		}
	return 0;
}

static int
verb_flee(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	(void)argv;
	if (argc != 1) {
		diag_error(d, file, line, "%s: FLEE takes nothing more", text);
		return -1;
	}
	ship_orders(o, ship, file, line)->flee = 1;
	return 0;
}

/* The ruleset's declaration of what lines beyond "SHIP id" may say
 * (ruleset.h, docs/rulesets.md): MOVE on SQUADRON lines and in standing
 * orders too; FLEE on SHIP lines only, and never as a standing order. */
static const struct nv_verb verbs[] = {
	{ "MOVE", verb_move, 0, "MOVE steps (F, L, R)", NULL,
	    "One hex forward or a turn a step; a turn takes its step." },
	{ "FLEE", verb_flee, NV_VERB_SHIP_ONLY | NV_VERB_NO_STANDING, "FLEE",
	    NULL, "The ship leaves the battle this turn." },
};

/* A side line: "SIGNAL word" hoists a signal for the turn (an event at
 * its start); a later one replaces it. */
static int
side_signal(struct nv_orders *o, int side, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct proof_orders	*po = o->rs;
	const char		*p;
	size_t			 k;

	for (p = argc == 2 ? argv[1] : ""; *p != '\0' && isalpha(
	    (unsigned char)*p); p++)
		;
	if (argc != 2 || *p != '\0') {
		diag_error(d, file, line, "%s: SIGNAL takes one word of "
		    "letters; legal: e.g. SIGNAL ATTACK", text);
		return -1;
	}
	free(po->signal[side]);
	po->signal[side] = xstrdup(argv[1]);
	for (k = 0; po->signal[side][k] != '\0'; k++)
		po->signal[side][k] = (char)toupper((unsigned char)
		    po->signal[side][k]);
	return 0;
}

static const struct nv_side_verb side_verbs[] = {
	{ "SIGNAL", side_signal, "SIGNAL word", "SIGNAL ATTACK",
	    "A signal hoisted for the turn." },
};

static void
proof_format_side(const struct nv_orders *o, int side, struct buf *b)
{
	const struct proof_orders	*po = o->rs;

	if (po->signal[side] != NULL)
		buf_printf(b, "SIGNAL %s\n", po->signal[side]);
}

static int
proof_validate(struct nv_orders *o, struct diag *d)
{
	const struct proof_orders	*po = o->rs;
	const struct nv_ruleset		*rs = o->st->rs;
	size_t				 i;
	int				 rc = 0;

	for (i = 0; i < o->st->nships; i++) {
		const struct proof_ship_orders *so = &po->ships[i];

		if (so->has_move && so->nsteps > rs->max_speed) {
			diag_error(d, so->file, so->line, "SHIP %s MOVE: %d "
			    "steps; legal: at most %d", o->st->ships[i].id,
			    so->nsteps, rs->max_speed);
			rc = -1;
		}
		if (so->has_move && so->flee) {
			diag_error(d, so->file, so->line, "SHIP %s: FLEE and "
			    "MOVE; legal: one of them", o->st->ships[i].id);
			rc = -1;
		}
	}
	return rc;
}

static void
proof_format(const struct nv_orders *o, struct buf *b)
{
	const struct proof_orders	*po = o->rs;
	size_t				 i;
	int				 k;

	for (i = 0; i < o->st->nships; i++) {
		const struct proof_ship_orders *so = &po->ships[i];

		if (so->flee)
			buf_printf(b, "SHIP %s FLEE\n", o->st->ships[i].id);
		if (!so->has_move)
			continue;
		buf_printf(b, "SHIP %s MOVE", o->st->ships[i].id);
		for (k = 0; k < so->nsteps; k++)
			buf_printf(b, " %c", step_letters[so->steps[k]]);
		buf_addc(b, '\n');
	}
}

/* ---- the turn ------------------------------------------------------------ */

/* The turn's scratch: every ship's contacts as the turn began. */
struct proof_turn {
	char	**start_contact;	/* nships lists, owned */
};

static int
ids_contain(const char *list, const char *id)
{
	size_t	n = strlen(id);

	while (list != NULL && *list != '\0') {
		if (strncmp(list, id, n) == 0 && (list[n] == ' ' ||
		    list[n] == '\0'))
			return 1;
		list = strchr(list, ' ');
		if (list != NULL)
			list++;
	}
	return 0;
}

static void
add_id(struct nv_ship *s, const char *id)
{
	char	*old = s->attr[PROOF_A_CONTACT].s;

	if (ids_contain(old, id))
		return;
	/* Kept sorted, as the state file writes id lists. */
	s->attr[PROOF_A_CONTACT].s = old[0] == '\0' ? xstrdup(id) :
	    strcmp(id, old) < 0 ? xasprintf("%s %s", id, old) :
	    xasprintf("%s %s", old, id);
	free(old);
}

/* The letters of MOVE (step_letters' order) as common steps: turns
 * take a move's time here, P and S move to a bow hex turning with it. */
static const struct nv_step letter_steps[] = {
	{ NV_SIDE_BOW, 0, 1, 0 },		/* F */
	{ NV_SIDE_STERN, 0, 1, 1 },		/* B */
	{ NV_TRAVEL_NONE, -1, 1, 2 },		/* L */
	{ NV_TRAVEL_NONE, 1, 1, 3 },		/* R */
	{ NV_TRAVEL_NONE, 0, 1, 4 },		/* W */
	{ NV_SIDE_PORT_BOW, -1, 1, 5 },		/* P */
	{ NV_SIDE_STARBOARD_BOW, 1, 1, 6 },	/* S */
};

_Static_assert(sizeof letter_steps / sizeof letter_steps[0] ==
    sizeof step_letters - 1, "a step for every letter");

static struct nv_step
common_step(int letter)
{
	return letter_steps[letter];
}

static void
plot_ship(struct nv_turn *t, int i)
{
	const struct proof_orders	*po = t->orders != NULL ?
					    t->orders->rs : NULL;
	const struct proof_ship_orders	*so = po != NULL ? &po->ships[i] :
					    NULL;
	struct nv_plot			*p = &t->plots[i];
	struct buf			 b = BUF_INIT;
	char				 h[8];
	int				 k;

	plot_clear(p);
	if (so != NULL && so->flee) {
		turn_eliminate(t, i, NV_STATUS_COUNT + PROOF_STATUS_FLED,
		    "hoists sail");
		return;
	}
	if (so == NULL || !so->has_move) {
		p->defaulted = 1;
		return;
	}
	for (k = 0; k < so->nsteps; k++) {
		(void)plot_add_step(p, common_step(so->steps[k]));
		buf_printf(&b, " %c", step_letters[so->steps[k]]);
	}
	(void)plot_schedule_speed(p, t->rs, so->nsteps);
	turn_event(t, event_kind_name(NV_EV_ORDERS), i, -1, "%s in %s facing "
	    "%s: steps%s", t->desc[i], state_hex_name(t->st,
	    t->st->ships[i].hex, h), dir_name(t->st->ships[i].facing),
	    buf_str(&b));
	buf_free(&b);
}

static int
proof_begin(struct nv_turn *t, char **cause)
{
	struct proof_turn	*pt = xcalloc(1, sizeof *pt);
	const struct proof_orders *po;
	size_t			 i;

	(void)cause;
	t->rs_turn = pt;
	pt->start_contact = xcalloc(t->st->nships + 1, sizeof(char *));
	for (i = 0; i < t->st->nships; i++) {
		pt->start_contact[i] = xstrdup(t->st->ships[i].
		    attr[PROOF_A_CONTACT].s);
		if (ship_on_map(&t->st->ships[i]))
			plot_ship(t, (int)i);
	}
	po = t->orders != NULL ? t->orders->rs : NULL;
	for (i = 0; po != NULL && i < t->st->nsides; i++)
		if (po->signal[i] != NULL)
			events_add(t->ev, 0, pev(PROOF_EV_SIGNAL), NULL, NULL,
			    "%s signals %s", t->st->sides[i].id, po->signal[i]);
	return 0;
}

static void
free_scratch(struct nv_turn *t)
{
	struct proof_turn	*pt = t->rs_turn;
	size_t			 i;

	if (pt == NULL)
		return;
	for (i = 0; i < t->st->nships; i++)
		free(pt->start_contact[i]);
	free(pt->start_contact);
	free(pt);
	t->rs_turn = NULL;
}

static int
initiative(const struct nv_turn *t)
{
	return state_side_index(t->st, t->st->attr[PROOF_G_INITIATIVE].s);
}

/* Before phase 1: the initiative, rolled once and kept. */
static int
proof_phase_begin(struct nv_turn *t, int phase, char **cause)
{
	size_t	s;
	int	best = -1, top = 0, die;

	if (phase != 1 || initiative(t) >= 0)
		return 0;
	for (s = 0; s < t->st->nsides; s++) {
		if (turn_roll(t, 6, "initiative", t->st->sides[s].id, &die,
		    cause) != 0)
			return -1;
		if (die > top) {
			top = die;
			best = (int)s;
		}
	}
	free(t->st->attr[PROOF_G_INITIATIVE].s);
	t->st->attr[PROOF_G_INITIATIVE].s = xstrdup(t->st->sides[best].id);
	turn_event(t, pev(PROOF_EV_INITIATIVE), -1, -1, "%s holds the "
	    "initiative", t->st->sides[best].id);
	return 0;
}

/* The initiative's contacts first (its moving ship's side), then the
 * mover's order of ids. */
static long
proof_contact_key(const struct nv_turn *t, const struct nv_contact *c)
{
	return t->st->ships[c->a].side == initiative(t) ? 0 : 1;
}

/* The target of a ram that does not sink is pushed one hex on. */
static void
push(struct nv_turn *t, int rammer, int target)
{
	struct nv_force		f;
	struct nv_force_result	res;
	int			dir = hex_direction(t->st->ships[rammer].hex,
				    t->st->ships[target].hex);
	char			h[8];

	if (dir < 0)
		return;		/* across an empty hex: nothing to push */
	f.ship = target;
	f.path = &dir;
	f.npath = 1;
	f.facing = -1;
	f.verb = "is pushed";
	(void)move_force(t, &f, &res);
	if (res.why != NV_FORCE_DONE)
		turn_event(t, pev(PROOF_EV_RAM), target, res.other, "%s cannot "
		    "be pushed into %s", t->desc[target],
		    state_on_map(t->st, res.hex) ? state_hex_name(t->st,
		    res.hex, h) : "the hex off the map");
}

static void
ram(struct nv_turn *t, struct nv_contact *c, int rammer, int target)
{
	const struct proof_data	*pd = t->rs->priv;
	struct nv_ship		*r = &t->st->ships[rammer];
	struct nv_ship		*g = &t->st->ships[target];

	g->attr[PROOF_A_HITS].i++;
	add_id(r, g->id);
	add_id(g, r->id);
	turn_event(t, pev(PROOF_EV_RAM), rammer, target, "%s rams %s: %ld "
	    "hit%s", t->desc[rammer], t->desc[target], g->attr[PROOF_A_HITS].i,
	    g->attr[PROOF_A_HITS].i == 1 ? "" : "s");
	if (g->attr[PROOF_A_HITS].i >= pd->sink_hits) {
		if (target == c->b)
			c->eliminate_b = NV_STATUS_SUNK;
		else
			c->eliminate_a = NV_STATUS_SUNK;
		t->st->sides[r->side].attr[PROOF_S_VP].i += pd->vp_sink;
	} else
		push(t, rammer, target);
}

static int
proof_contact(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	const struct proof_turn	*pt = t->rs_turn;
	struct nv_ship		*a = &t->st->ships[c->a];
	struct nv_ship		*b = &t->st->ships[c->b];
	int			 ini = initiative(t);

	(void)cause;
	if (!ship_on_map(a) || !ship_on_map(b))
		return 0;
	if (ids_contain(pt->start_contact[c->a], b->id)) {
		/* No run-up: ships already touching do not ram. */
		c->block = 1;
		c->block_what = "a ship it already touches";
		return 0;
	}
	if (c->kind == NV_CONTACT_FRIENDLY || c->kind == NV_CONTACT_ASTERN) {
		turn_event(t, event_kind_name(NV_EV_COLLISION), c->a, c->b,
		    "%s and %s collide (%s), without a ram", t->desc[c->a],
		    t->desc[c->b], contact_kind_name(c->kind));
		add_id(a, b->id);
		add_id(b, a->id);
		return 0;
	}
	if (c->shape == NV_CONTACT_SAME_HEX) {
		c->enter = a->side == ini ? c->a : b->side == ini ? c->b : -1;
		add_id(a, b->id);
		add_id(b, a->id);
		return 0;
	}
	ram(t, c, c->a, c->b);
	return 0;
}

static int
proof_terrain(struct nv_turn *t, struct nv_terrain *tr, char **cause)
{
	const struct proof_data	*pd = t->rs->priv;
	int			 die;

	switch (tr->kind) {
	case NV_TERRAIN_LAND:
		tr->outcome = NV_TERRAIN_ELIMINATE;
		tr->status = NV_STATUS_SUNK;
		break;
	case NV_TERRAIN_EDGE:
		tr->outcome = NV_TERRAIN_BLOCK;
		break;
	case NV_TERRAIN_MARKER:
		if (t->st->markers[tr->marker].kind == PROOF_MARKER_SHOAL)
			tr->outcome = NV_TERRAIN_ENTER_STOP;
		if (t->st->markers[tr->marker].kind != PROOF_MARKER_DEBRIS)
			break;
		if (turn_roll(t, 6, "debris", t->st->ships[tr->ship].id, &die,
		    cause) != 0)
			return -1;
		tr->outcome = die >= pd->debris_pass ? NV_TERRAIN_PASS :
		    NV_TERRAIN_BLOCK;
		break;
	default:
		break;
	}
	return 0;
}

static int
proof_round_end(struct nv_turn *t, int phase, int round, char **cause)
{
	(void)cause;
	turn_event(t, pev(PROOF_EV_ROUND_END), -1, -1, "round %d of phase %d "
	    "ends", round + 1, phase);
	return 0;
}

/* Contacts end when the two are no longer side by side. */
static void
end_contacts(struct nv_turn *t, int i)
{
	struct nv_ship	*s = &t->st->ships[i];
	char		*copy = xstrdup(s->attr[PROOF_A_CONTACT].s), *w, *next;
	struct buf	 b = BUF_INIT;
	int		 k;

	for (w = copy; w != NULL && *w != '\0'; w = next) {
		if ((next = strchr(w, ' ')) != NULL)
			*next++ = '\0';
		k = state_ship_index(t->st, w);
		if (k >= 0 && ship_on_map(s) &&
		    ship_on_map(&t->st->ships[k]) &&
		    hex_distance(s->hex, t->st->ships[k].hex) <= 1)
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "", w);
	}
	free(copy);
	free(s->attr[PROOF_A_CONTACT].s);
	s->attr[PROOF_A_CONTACT].s = buf_detach(&b);
}

/* Next turn's command dice, rolled ahead: a pool per side, one 1
 * re-rolled. */
static int
roll_ahead(struct nv_turn *t, size_t s, char **cause)
{
	const struct proof_data	*pd = t->rs->priv;
	int			 dice[NV_POOL_MAX], n = (int)pd->pool, k;
	struct buf		 b = BUF_INIT;
	const char		*id = t->st->sides[s].id;

	if (turn_roll_pool(t, n, 10, "command dice", id, NV_ROLL_NATURALS,
	    dice, cause) != 0)
		return -1;
	if (dice[0] == 1 && turn_reroll(t, 10, "command dice", id, 1,
	    &dice[0], cause) != 0)
		return -1;
	for (k = 0; k < n; k++)
		buf_printf(&b, "%s%d", k > 0 ? " " : "", dice[k]);
	free(t->st->sides[s].attr[PROOF_S_DICE].s);
	t->st->sides[s].attr[PROOF_S_DICE].s = buf_detach(&b);
	return 0;
}

static int
proof_end(struct nv_turn *t, char **cause)
{
	size_t	i;

	for (i = 0; i < t->st->nships; i++)
		end_contacts(t, (int)i);
	for (i = 0; i < t->st->nsides; i++)
		if (roll_ahead(t, i, cause) != 0) {
			free_scratch(t);
			return -1;
		}
	free_scratch(t);
	return 0;
}

static void
proof_abort(struct nv_turn *t)
{
	free_scratch(t);
}

const struct nv_ruleset_ops proof_ops = {
	.name = "proof",
	.load = proof_load,
	.free = proof_free,
	.ship_attrs = ship_attrs,
	.nship_attrs = PROOF_A_COUNT,
	.ship_defaults = proof_ship_defaults,
	.side_attrs = side_attrs,
	.nside_attrs = PROOF_S_COUNT,
	.game_attrs = game_attrs,
	.ngame_attrs = PROOF_G_COUNT,
	.game_defaults = proof_game_defaults,
	.statuses = statuses,
	.nstatuses = sizeof statuses / sizeof statuses[0],
	.marker_kinds = markers,
	.nmarker_kinds = sizeof markers / sizeof markers[0],
	.orders_new = proof_orders_new,
	.orders_free = proof_orders_free,
	.verbs = verbs,
	.nverbs = sizeof verbs / sizeof verbs[0],
	.validate = proof_validate,
	.format = proof_format,
	.side_verbs = side_verbs,
	.nside_verbs = sizeof side_verbs / sizeof side_verbs[0],
	.format_side = proof_format_side,
	.begin = proof_begin,
	.phase_begin = proof_phase_begin,
	.contact = proof_contact,
	.contact_key = proof_contact_key,
	.terrain = proof_terrain,
	.round_end = proof_round_end,
	.end = proof_end,
	.abort = proof_abort,
};
