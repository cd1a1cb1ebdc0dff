/* classic-board.c: boarding and capture at the end of the turn
 * (classic.md, "Boarding and capture"; our decisions are written down in
 * docs/classic/boarding.md).
 *
 * The step works on each ship's grapples (struct board), read from the
 * ships' grappled and boarding lists and written back at the end: who is
 * grappled to whom (both ways), and who boards whom (the attacker).  Each
 * ship's list is short, so the step takes time in proportion to the
 * ships and their grapples, not to the pairs of ships.  First every
 * BOARD order tries to grapple, in the order of the boarding ships' ids;
 * then every group of ships joined by grapples fights one round, the
 * groups in the order of their lowest ship id (classic.md, "Order of
 * dice").  A group is split into two camps by alternating along its
 * grapples (with two sides: the two sides); each camp pools its marines.
 * classic-capture.c settles each round. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic-board.h"
#include "classic.h"
#include "events.h"
#include "orders.h"
#include "state.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"

static const char *
ev(enum classic_event_kind k)
{
	return classic_event_name(k);
}

static void
set_text(struct nv_ship *s, int a, const char *v)
{
	free(s->attr[a].s);
	s->attr[a].s = xstrdup(v);
}

static const struct classic_ship_orders *
ship_orders(const struct nv_turn *t, int i)
{
	const struct classic_orders	*co;

	if (t->orders == NULL || (co = t->orders->rs) == NULL ||
	    co->ships == NULL)
		return NULL;
	return &co->ships[i];
}

/* "4-6": the rolls that succeed from `on`. */
static void
range_text(int on, struct buf *out)
{
	if (on >= 6)
		buf_adds(out, on == 6 ? "6" : "none");
	else
		buf_printf(out, "%d-6", on < 1 ? 1 : on);
}

/* ---- the grapples ------------------------------------------------------ */

/* Where j is, or would go, in i's sorted list. */
static size_t
find(const struct grapples *g, int j)
{
	size_t	lo = 0, hi = g->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (g->v[mid].other < j)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct grapple *
lookup(const struct board *b, int i, int j)
{
	const struct grapples	*g = &b->gr[i];
	size_t			 k = find(g, j);

	return k < g->n && g->v[k].other == j ? &g->v[k] : NULL;
}

int
board_grappled(const struct board *b, int i, int j)
{
	return lookup(b, i, j) != NULL;
}

int
board_boards(const struct board *b, int i, int j)
{
	const struct grapple	*e = lookup(b, i, j);

	return e != NULL && e->att;
}

/* Adds j to i's list (one half of a grapple), if not there. */
static void
add_half(struct board *b, int i, int j)
{
	struct grapples	*g = &b->gr[i];
	size_t		 k = find(g, j);

	if (k < g->n && g->v[k].other == j)
		return;
	if (g->n == g->cap) {
		g->cap = g->cap == 0 ? 4 : g->cap * 2;
		g->v = xreallocarray(g->v, g->cap, sizeof *g->v);
	}
	memmove(&g->v[k + 1], &g->v[k], (g->n - k) * sizeof *g->v);
	g->v[k].other = j;
	g->v[k].att = 0;
	g->n++;
}

static void
drop_half(struct board *b, int i, int j)
{
	struct grapples	*g = &b->gr[i];
	size_t		 k = find(g, j);

	if (k >= g->n || g->v[k].other != j)
		return;
	memmove(&g->v[k], &g->v[k + 1], (g->n - k - 1) * sizeof *g->v);
	g->n--;
}

void
board_join(struct board *b, int i, int j)
{
	add_half(b, i, j);
	add_half(b, j, i);
}

void
board_set_boards(struct board *b, int i, int j, int on)
{
	struct grapple	*e = lookup(b, i, j);

	if (e != NULL)
		e->att = on != 0;
}

void
board_cut(struct board *b, int i, int j)
{
	drop_half(b, i, j);
	drop_half(b, j, i);
}

/* The ships of ship i's list attribute a (other than i), as indices;
 * *out is owned by the caller. */
static size_t
read_ids(const struct board *b, int i, int a, int **out)
{
	const char	*list = board_ship(b, i)->attr[a].s;
	char		*copy, **words;
	size_t		 k, n, max, nout = 0;
	int		 j;

	*out = NULL;
	if (list == NULL || list[0] == '\0')
		return 0;
	copy = xstrdup(list);
	max = strlen(copy) / 2 + 1;
	words = xcalloc(max, sizeof *words);
	*out = xcalloc(max, sizeof **out);
	n = str_split_words(copy, words, max);
	for (k = 0; k < n && k < max; k++)
		if ((j = state_ship_index(b->st, words[k])) >= 0 && j != i)
			(*out)[nout++] = j;
	free(words);
	free(copy);
	return nout;
}

/* Grapples only join enemy ships on the map, both ways (either ship's
 * list makes one); a ship boards only across a grapple.  A grapple whose
 * attacker nobody recorded (a scenario written by hand) counts as both
 * ships boarding, as far as rakes allow. */
static void
load_grapples(struct board *b)
{
	struct grapple	*e;
	size_t		 i, k, n;
	int		*ids, j;

	for (i = 0; i < b->n; i++) {
		if (!ship_on_map(board_ship(b, (int)i)))
			continue;
		n = read_ids(b, (int)i, CL_A_GRAPPLED, &ids);
		for (k = 0; k < n; k++)
			if (ship_on_map(board_ship(b, ids[k])) &&
			    enemies(b, (int)i, ids[k]))
				board_join(b, (int)i, ids[k]);
		free(ids);
	}
	for (i = 0; i < b->n; i++) {
		if (!ship_on_map(board_ship(b, (int)i)))
			continue;
		n = read_ids(b, (int)i, CL_A_BOARDING, &ids);
		for (k = 0; k < n; k++)
			board_set_boards(b, (int)i, ids[k], 1);
		free(ids);
	}
	for (i = 0; i < b->n; i++)
		for (k = 0; k < b->gr[i].n; k++) {
			e = &b->gr[i].v[k];
			j = e->other;
			if (j < (int)i || e->att || board_boards(b, j, (int)i))
				continue;
			e->att = !raked_by(b, (int)i, j);
			board_set_boards(b, j, (int)i, !raked_by(b, j, (int)i));
		}
}

/* Writes ship i's list attribute a: every ship it is grappled to, or
 * (boarding) only those it boards.  The lists are sorted by index, and
 * ships by id, so the ids come out sorted. */
static void
write_ids(struct board *b, int i, int a, int boarding)
{
	const struct grapples	*g = &b->gr[i];
	struct buf		 bf = BUF_INIT;
	size_t			 k;

	for (k = 0; k < g->n; k++)
		if (!boarding || g->v[k].att) {
			if (bf.len > 0)
				buf_addc(&bf, ' ');
			buf_adds(&bf, board_ship(b, g->v[k].other)->id);
		}
	free(board_ship(b, i)->attr[a].s);
	board_ship(b, i)->attr[a].s = buf_detach(&bf);
}

static void
store_grapples(struct board *b)
{
	size_t	i;

	for (i = 0; i < b->n; i++) {
		write_ids(b, (int)i, CL_A_GRAPPLED, 0);
		write_ids(b, (int)i, CL_A_BOARDING, 1);
	}
}

/* ---- grappling --------------------------------------------------------- */

static int
board_target(const struct board *b, int i)
{
	const struct classic_ship_orders *o = ship_orders(b->t, i);

	return o != NULL ? o->board : -1;
}

/* Adjacent at the end of the turn, or touching across an empty hex (a
 * tie in a contest for that hex: classic.md, "Simultaneous movement"). */
static int
touching(const struct board *b, int i, int j)
{
	const struct classic_turn	*ct = b->t->rs_turn;
	size_t				 k;

	if (hex_distance(board_ship(b, i)->hex, board_ship(b, j)->hex) == 1)
		return 1;
	for (k = 0; ct != NULL && k < ct->ntouches; k++)
		if (ct->touches[k].across &&
		    ((ct->touches[k].a == i && ct->touches[k].b == j) ||
		    (ct->touches[k].a == j && ct->touches[k].b == i)))
			return 1;
	return 0;
}

/* Why i's BOARD j cannot be carried out, or NULL; owned by the caller. */
static char *
board_refusal(const struct board *b, int i, int j)
{
	const struct nv_ship	*s = board_ship(b, i);
	const struct nv_ship	*o = board_ship(b, j);
	char			 hs[8], ho[8];

	if (!ship_on_map(s))
		return xasprintf("%s is %s", s->id, status_name(s->status));
	if (!ship_on_map(o))
		return xasprintf("%s is %s", o->id, status_name(o->status));
	if (!enemies(b, i, j))
		return xasprintf("%s is no longer an enemy", o->id);
	if (raked_by(b, i, j))
		return xasprintf("%s was raked by %s and cannot board the "
		    "ship that raked it", s->id, o->id);
	if (!board_grappled(b, i, j) && !touching(b, i, j))
		return xasprintf("the ships are not adjacent at the end of the "
		    "turn (%s and %s, %d hexes apart)", state_hex_name(b->st,
		    s->hex, hs), state_hex_name(b->st, o->hex, ho),
		    hex_distance(s->hex, o->hex));
	return NULL;
}

/* j ordered to board i too, and may. */
static int
mutual(const struct board *b, int i, int j)
{
	char	*why;

	if (board_target(b, j) != i)
		return 0;
	if ((why = board_refusal(b, j, i)) != NULL) {
		free(why);
		return 0;
	}
	return 1;
}

static void
join(struct board *b, int i, int j, int both)
{
	board_join(b, i, j);
	board_set_boards(b, i, j, 1);
	if (both)
		board_set_boards(b, j, i, 1);
}

static int
grapple(struct board *b, int i, int j, char **cause)
{
	struct nv_turn	*t = b->t;
	struct buf	 r = BUF_INIT;
	char		*why;
	int		 d;

	if ((why = board_refusal(b, i, j)) != NULL) {
		turn_event(t, ev(CL_EV_GRAPPLE), i, j, "Boarding: %s cannot "
		    "board %s: %s; its BOARD order lapses", t->desc[i],
		    t->desc[j], why);
		free(why);
		return 0;
	}
	if (board_grappled(b, i, j)) {
		/* Already grappled: no roll.  A defender that orders BOARD
		 * becomes an attacker as well. */
		if (!board_boards(b, i, j)) {
			board_set_boards(b, i, j, 1);
			turn_event(t, ev(CL_EV_GRAPPLE), i, j, "Boarding: %s, "
			    "already grappled to %s, boards it as well: no "
			    "roll is needed", t->desc[i], t->desc[j]);
		}
		return 0;
	}
	if (board_ship(b, i)->attr[CL_A_CORVUS].i > 0) {
		join(b, i, j, mutual(b, i, j));
		turn_event(t, ev(CL_EV_GRAPPLE), i, j, "Boarding: %s drops its "
		    "corvus on %s: grappled, no roll needed", t->desc[i],
		    t->desc[j]);
	} else if (mutual(b, i, j)) {
		join(b, i, j, 1);
		turn_event(t, ev(CL_EV_GRAPPLE), i, j, "Boarding: %s and %s "
		    "both order boarding each other: grappled, no roll needed;"
		    " each is the attacker of the other", t->desc[i],
		    t->desc[j]);
	} else {
		if (turn_roll(t, 6, "grapple", board_ship(b, i)->id, &d,
		    cause) != 0)
			return -1;
		range_text(b->cd->grapple_on, &r);
		if (d >= b->cd->grapple_on)
			join(b, i, j, 0);
		turn_event(t, ev(CL_EV_GRAPPLE), i, j, "Boarding: %s throws "
		    "grapples at %s: 1d6=%d, %s grapples: %s", t->desc[i],
		    t->desc[j], d, buf_str(&r), d >= b->cd->grapple_on ?
		    "grappled" : "the grapples miss");
		buf_free(&r);
	}
	return 0;
}

static int
grapple_all(struct board *b, char **cause)
{
	size_t	i;
	int	j;

	for (i = 0; i < b->n; i++)
		if ((j = board_target(b, (int)i)) >= 0 &&
		    grapple(b, (int)i, j, cause) != 0)
			return -1;
	return 0;
}

/* ---- one round --------------------------------------------------------- */

/* Every marine rolls 1d6: in the order of ship ids, lightest first. */
static int
roll_marines(struct board *b, int i, int *kills, struct buf *text,
    char **cause)
{
	static const char *const purpose[] = {
#define X(e, id) "boarding, " id " marine",
		CLASSIC_MARINES(X)
#undef X
	};
	const struct nv_ship	*s = board_ship(b, i);
	int			 m, k, n, d, hits;

	for (m = 0; m < CL_M_COUNT; m++) {
		if ((n = (int)s->attr[marine_attr(m)].i) <= 0)
			continue;
		if (text->len > 0)
			buf_adds(text, "; ");
		buf_printf(text, "%s's %d %s marine%s roll%s ", s->id, n,
		    marine_id(m), n == 1 ? "" : "s", n == 1 ? "s" : "");
		hits = 0;
		for (k = 0; k < n; k++) {
			if (turn_roll(b->t, 6, purpose[m], s->id, &d,
			    cause) != 0)
				return -1;
			hits += d >= b->cd->marine_kill_on[m];
			buf_printf(text, "%s%d", k > 0 ? ", " : "", d);
		}
		buf_printf(text, ": %d kill%s", hits, hits == 1 ? "" : "s");
		*kills += hits;
	}
	return 0;
}

/* A ship of a group, with its place in mem[], for sorting by hex. */
struct placed {
	struct nv_hex	 hex;
	size_t		 k;
};

static int
cmp_placed(const void *x, const void *y)
{
	const struct placed	*a = x, *c = y;

	return hex_cmp(a->hex, c->hex);
}

/* The places in mem[] of the group's ships in hex order (column, then
 * row); owned by the caller.  Ships never share a hex, so this is a total
 * order, and renaming the ships keeps it. */
static size_t *
hex_order(const struct board *b, const int *mem, size_t nm)
{
	struct placed	*p = xcalloc(nm + 1, sizeof *p);
	size_t		*ord = xcalloc(nm + 1, sizeof *ord), k;

	for (k = 0; k < nm; k++) {
		p[k].hex = board_ship(b, mem[k])->hex;
		p[k].k = k;
	}
	qsort(p, nm, sizeof *p, cmp_placed);
	for (k = 0; k < nm; k++)
		ord[k] = p[k].k;
	free(p);
	return ord;
}

/* A camp's losses: kills fall lightest first across the whole camp,
 * between equals on the ship in the lower hex first (the lower column,
 * then the lower row: docs/classic/boarding.md; not the lower id, which
 * would let the names decide).  Appends what each ship of the camp loses,
 * in id order. */
static void
take_losses(struct board *b, const int *mem, size_t nm, int camp, int kills,
    struct buf *text)
{
	int	*lost = xcalloc(nm * CL_M_COUNT + 1, sizeof *lost);
	size_t	*ord = hex_order(b, mem, nm);
	size_t	 e, k;
	int	 m, have, take, any;

	for (m = 0; m < CL_M_COUNT; m++)
		for (e = 0; e < nm; e++) {
			k = ord[e];
			if (b->camp[mem[k]] != camp)
				continue;
			have = (int)board_ship(b, mem[k])->
			    attr[marine_attr(m)].i;
			take = kills < have ? kills : have;
			kills -= take;
			lost[k * CL_M_COUNT + (size_t)m] = take;
			set_marines(board_ship(b, mem[k]), m, have - take);
		}
	for (k = 0; k < nm; k++) {
		if (b->camp[mem[k]] != camp)
			continue;
		buf_printf(text, "%s%s loses ", text->len > 0 ? ", " : "",
		    board_ship(b, mem[k])->id);
		any = 0;
		for (m = 0; m < CL_M_COUNT; m++) {
			take = lost[k * CL_M_COUNT + (size_t)m];
			if (take > 0)
				buf_printf(text, "%s%d %s marine%s",
				    any++ > 0 ? " and " : "", take,
				    marine_id(m), take == 1 ? "" : "s");
		}
		if (!any)
			buf_adds(text, "none");
	}
	free(ord);
	free(lost);
}

static int
pool(const struct board *b, const int *mem, size_t nm, int camp)
{
	size_t	k;
	int	sum = 0;

	for (k = 0; k < nm; k++)
		if (b->camp[mem[k]] == camp)
			sum += marines(board_ship(b, mem[k]));
	return sum;
}

/* The round: every marine of the group rolls, then the losses of both
 * camps are taken at once.  before[] and after[] get the pools. */
static int
melee(struct board *b, const int *mem, size_t nm, int *before, int *after,
    char **cause)
{
	struct buf	 rolls = BUF_INIT, losses = BUF_INIT, head = BUF_INIT;
	int		 kills[2] = { 0, 0 }, c;
	size_t		 k;

	for (c = 0; c < 2; c++)
		before[c] = pool(b, mem, nm, c);
	for (k = 0; k < nm; k++)
		if (roll_marines(b, mem[k], &kills[b->camp[mem[k]]], &rolls,
		    cause) != 0) {
			buf_free(&rolls);
			return -1;
		}
	take_losses(b, mem, nm, 0, kills[1], &losses);
	take_losses(b, mem, nm, 1, kills[0], &losses);
	for (c = 0; c < 2; c++)
		after[c] = pool(b, mem, nm, c);
	board_camp_text(b, mem, nm, 0, 1, &head);
	buf_adds(&head, " against ");
	board_camp_text(b, mem, nm, 1, 1, &head);
	turn_event(b->t, ev(CL_EV_MELEE), mem[0], -1, "Boarding round: %s, "
	    "%d marines against %d: %s. Losses (simultaneous, lightest first):"
	    " %s; %d marines left against %d", buf_str(&head), before[0],
	    before[1], rolls.len > 0 ? buf_str(&rolls) :
	    "no marines on either side, no dice", buf_str(&losses), after[0],
	    after[1]);
	for (k = 1; k < nm; k++)
		turn_event_also(b->t, mem[k]);
	buf_free(&rolls);
	buf_free(&losses);
	buf_free(&head);
	return 0;
}

/* ---- the groups -------------------------------------------------------- */

static int
cmp_int(const void *x, const void *y)
{
	int	a = *(const int *)x, c = *(const int *)y;

	return a < c ? -1 : a > c;
}

/* The ships joined by grapples to root, camps assigned by alternating
 * along the grapples, breadth first (a ship's camp is its distance from
 * root, odd or even, whatever order the grapples are walked in). */
static size_t
walk(struct board *b, int root, int *mem)
{
	size_t	head = 0, nm = 0, k;
	int	i, j;

	b->camp[root] = 0;
	mem[nm++] = root;
	while (head < nm) {
		i = mem[head++];
		for (k = 0; k < b->gr[i].n; k++) {
			j = b->gr[i].v[k].other;
			if (b->camp[j] < 0) {
				b->camp[j] = 1 - b->camp[i];
				mem[nm++] = j;
			}
		}
	}
	return nm;
}

/* The group of ships joined by grapples to ship `start`, in id order in
 * mem, split into two camps.  With two sides the camps are the sides.
 * With more, a ring of an odd number of grapples cannot be split, and
 * where the split breaks depends on the ship the walk starts from: it
 * starts from the ship in the lowest hex, which renaming keeps.  Camp 0
 * is the lowest id's, which only orders the sentences. */
static size_t
group(struct board *b, int start, int *mem)
{
	size_t	nm, k, *ord;
	int	root;

	nm = walk(b, start, mem);
	ord = hex_order(b, mem, nm);
	root = mem[ord[0]];
	free(ord);
	if (root != start) {
		for (k = 0; k < nm; k++)
			b->camp[mem[k]] = -1;
		nm = walk(b, root, mem);
	}
	qsort(mem, nm, sizeof *mem, cmp_int);
	if (b->camp[mem[0]] == 1)
		for (k = 0; k < nm; k++)
			b->camp[mem[k]] = 1 - b->camp[mem[k]];
	return nm;
}

static int
fight_all(struct board *b, char **cause)
{
	struct classic_turn	*ct = b->t->rs_turn;
	int			*mem = xcalloc(b->n + 1, sizeof *mem);
	int			 before[2], after[2];
	size_t			 i, k, nm;

	for (i = 0; i < b->n; i++)
		b->camp[i] = -1;
	for (i = 0; i < b->n; i++) {
		if (b->camp[i] >= 0 || b->gr[i].n == 0)
			continue;
		nm = group(b, (int)i, mem);
		if (melee(b, mem, nm, before, after, cause) != 0) {
			free(mem);
			return -1;
		}
		for (k = 0; k < nm; k++) {
			board_ship(b, mem[k])->attr[CL_A_BOARDED].i = 1;
			if (ct != NULL && ct->fought != NULL)
				ct->fought[mem[k]] = 1;
		}
		board_outcome(b, mem, nm, after);
	}
	free(mem);
	return 0;
}

/* A REPULSE order sets the ship's standing choice, in force at once. */
static void
standing_orders(struct board *b)
{
	const struct classic_ship_orders	*o;
	size_t					 i;

	for (i = 0; i < b->n; i++)
		if ((o = ship_orders(b->t, (int)i)) != NULL &&
		    o->repulse != NULL)
			set_text(board_ship(b, (int)i), CL_A_REPULSE,
			    o->repulse);
}

int
classic_boarding(struct nv_turn *t, char **cause)
{
	struct board	b;
	size_t		n = t->st->nships, i;
	int		rc = -1;

	memset(&b, 0, sizeof b);
	b.t = t;
	b.st = t->st;
	b.cd = classic_data(t->rs);
	b.n = n;
	b.gr = xcalloc(n + 1, sizeof *b.gr);
	b.camp = xcalloc(n + 1, sizeof *b.camp);
	b.why = xcalloc(n + 1, sizeof *b.why);
	b.captor = xcalloc(n + 1, sizeof *b.captor);
	standing_orders(&b);
	load_grapples(&b);
	if (grapple_all(&b, cause) == 0 && fight_all(&b, cause) == 0) {
		store_grapples(&b);
		rc = 0;
	}
	for (i = 0; i < n; i++)
		free(b.gr[i].v);
	free(b.gr);
	free(b.camp);
	free(b.why);
	free(b.captor);
	return rc;
}

int
classic_in_boarding_fight(const struct nv_turn *t, int i)
{
	const struct classic_turn	*ct = t->rs_turn;
	const char			*g;

	if (ct != NULL && ct->fought != NULL && ct->fought[i])
		return 1;
	g = t->st->ships[i].attr[CL_A_GRAPPLED].s;
	return g != NULL && g[0] != '\0';
}
