/* report-orders.c: the order template at the foot of a side's report.
 *
 * One movement line per own ship on the map, so that a player can
 * reply, edit and send.  The ruleset's report module offers each ship's
 * lines in its order of preference (order_line, as report_order_straight:
 * straight ahead at its speed, then each slower speed down to 0, then
 * backing); each line is checked with the orders
 * validator against the new state, and the first legal one is offered
 * (a line is refused when the maximum-speed uses are spent, for an
 * obligation to back, a grapple).  The lines name the reader's own ships
 * only: nothing of fog's hidden ships.  A player of a shared side
 * (report_input.player) signs with PLAYER and gets his ships' lines, his
 * squadrons' as SQUADRON lines, the whole checked as he would send it;
 * the admiral gets the others' lines too, as comments. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "orders.h"
#include "report-int.h"
#include "state.h"
#include "xalloc.h"

int
report_order_straight(const struct nv_state *st, int i, int k,
    struct buf *out)
{
	const struct nv_ship	*s = &st->ships[i];
	int			 speed = (s->speed > 0 ? s->speed : 0) - k;
	int			 f;

	if (k < 0 || speed < -1)
		return -1;
	buf_printf(out, "SHIP %s ", s->id);
	if (speed < 0)
		buf_adds(out, "MOVE B");
	else
		buf_printf(out, "SPEED %d", speed);
	if (speed > 0)
		buf_adds(out, " MOVE");
	for (f = 0; f < speed; f++)
		buf_adds(out, " F");
	return 0;
}

static int
legal(const struct nv_state *st, const char *side, const char *line)
{
	struct nv_orders	*o = orders_new(st);
	struct diag		 d = DIAG_INIT;
	char			*text = xasprintf("SIDE %s\n%s\n", side, line);
	int			 ok;

	ok = orders_parse(o, "template", text, strlen(text), &d) == 0 &&
	    orders_validate(o, &d) == 0;
	diag_free(&d);
	orders_free(o);
	free(text);
	return ok;
}

/* Lines checked in one set of orders: a set costs the whole fleet
 * (orders_new, validation), so checking each ship's line alone made a
 * big battle's report quadratic. */
#define BATCH_LINES	256

/* A ship still looking for its line, and the line it tries (its
 * module's k-th). */
struct candidate {
	int	 ship;
	int	 k;
	char	*line;		/* owned */
	int	 bad;
};

/* Checks the lines of c[0..n) as one order file, each ship's line being
 * judged on that ship (as a player's reply would be).  Sets bad for each
 * line an error names.  An error tied to no ship's line, or more errors
 * than the list keeps, and each line is checked alone instead. */
static void
check_batch(const struct nv_state *st, const char *side,
    struct candidate *c, size_t n)
{
	struct nv_orders	*o = orders_new(st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	size_t			 i, kept = 0;
	int			 alone = 0;

	d.max = 4 * n + 16;
	buf_printf(&b, "SIDE %s\n", side);
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s\n", c[i].line);
	(void)orders_parse(o, "template", b.p, b.len, &d);
	(void)orders_validate(o, &d);
	for (i = 0; i < d.n; i++) {
		if (d.v[i].level != DIAG_ERROR)
			continue;
		kept++;
		/* Line 1 is SIDE; the ship lines follow it. */
		if (d.v[i].line < 2 || d.v[i].line - 2 >= n)
			alone = 1;
		else
			c[d.v[i].line - 2].bad = 1;
	}
	if (alone || kept < d.errors)
		for (i = 0; i < n; i++)
			c[i].bad = !legal(st, side, c[i].line);
	diag_free(&d);
	buf_free(&b);
	orders_free(o);
}

/* The k-th line of each candidate c[0..n) from the module, dropping
 * those that have no more; returns how many are left, in order. */
static size_t
next_lines(const struct nv_state *st, const struct report_module *m,
    struct candidate *c, size_t n)
{
	struct buf	b = BUF_INIT;
	size_t		i, left = 0;

	for (i = 0; i < n; i++) {
		buf_reset(&b);
		if (m->order_line(st, c[i].ship, c[i].k, &b) != 0)
			continue;
		c[left] = c[i];
		c[left].line = xstrdup(buf_str(&b));
		c[left++].bad = 0;
	}
	buf_free(&b);
	return left;
}

/* For every ship of side on the map (in the report's part, when in is
 * a part's), the first legal line of those its report module offers;
 * NULL when none is (or the ruleset has no module).  The ships try
 * their lines together, a round at a time: each round checks, in
 * batches, the line each ship still without one tries next.  Returns
 * nships lines (owned, as is the array, by the caller). */
static char **
choose_lines(const struct nv_state *st, int side,
    const struct report_input *in)
{
	const struct report_module *m = report_module_find(st);
	const char		*sid = st->sides[side].id;
	char			**lines = xcalloc(st->nships + 1, sizeof *lines);
	struct candidate	*c = xcalloc(st->nships + 1, sizeof *c);
	size_t			 i, n = 0, left;

	for (i = 0; m != NULL && m->order_line != NULL && i < st->nships;
	    i++) {
		if (st->ships[i].side != side || !ship_on_map(&st->ships[i]) ||
		    (in != NULL && !report_in_part(in, (int)i)))
			continue;
		/* A captain's template: his ships; the admiral's: all. */
		if (in != NULL && in->player != NULL && !in->admiral &&
		    !report_commands(in, (int)i))
			continue;
		c[n++].ship = (int)i;
	}
	while ((n = next_lines(st, m, c, n)) > 0) {
		for (i = 0; i < n; i += BATCH_LINES)
			check_batch(st, sid, c + i, n - i < BATCH_LINES ?
			    n - i : BATCH_LINES);
		/* Keep those still looking, in order. */
		for (i = 0, left = 0; i < n; i++) {
			if (!c[i].bad) {
				lines[c[i].ship] = c[i].line;
				continue;
			}
			free(c[i].line);
			c[i].k++;
			c[left++] = c[i];
		}
		n = left;
	}
	free(c);
	return lines;
}

/* --- a player of a shared side ---------------------------------------- */

/* A line of a player's template: an order line (kind "ship", "squadron")
 * or a comment ("comment", "other": another player's ship's line). */
struct tline {
	const char	*kind;
	char		*text;		/* owned */
	const char	*ship;		/* or NULL */
	const char	*squadron;	/* or NULL */
	const char	*commander;	/* "other": NULL for no one */
};

struct tplan {
	struct tline	*v;
	size_t		 n;
};

static void
plan_add(struct tplan *pl, const char *kind, char *text, const char *ship)
{
	struct tline	*l;

	pl->v = xreallocarray(pl->v, pl->n + 1, sizeof *pl->v);
	l = &pl->v[pl->n++];
	memset(l, 0, sizeof *l);
	l->kind = kind;
	l->text = text;
	l->ship = ship;
}

static void
plan_free(struct tplan *pl)
{
	size_t	i;

	for (i = 0; i < pl->n; i++)
		free(pl->v[i].text);
	free(pl->v);
	memset(pl, 0, sizeof *pl);
}

/* The words of a ship's line after "SHIP id ". */
static const char *
line_rest(const char *line)
{
	const char	*p = line + strlen("SHIP ");

	p += strcspn(p, " ");
	return p + strspn(p, " ");
}

/* Squadron q's line, when the reader commands every ship of it that
 * sails for it on the map: the words most of their lines share (the
 * first ship's on a tie), and 1; its ships with those words are marked
 * in cov.  0 when q is not wholly his. */
static int
squadron_words(const struct report_input *in, char **lines, int q,
    unsigned char *cov, const char **words)
{
	const struct nv_state	*st = in->after;
	size_t			 i, j, best = 0, c;
	int			 n = 0;

	*words = NULL;
	for (i = 0; i < st->nships; i++) {
		if (state_ship_squadron(st, &st->ships[i]) != q ||
		    st->ships[i].side != st->squadrons[q].side ||
		    !ship_on_map(&st->ships[i]))
			continue;
		if (!report_commands(in, (int)i) || lines[i] == NULL)
			return 0;
		for (j = i, c = 0; j < st->nships; j++)
			if (lines[j] != NULL && state_ship_squadron(st,
			    &st->ships[j]) == q && strcmp(line_rest(lines[i]),
			    line_rest(lines[j])) == 0)
				c++;
		if (c > best) {
			best = c;
			*words = line_rest(lines[i]);
		}
		n++;
	}
	if (n == 0)
		return 0;
	for (i = 0; i < st->nships; i++)
		if (lines[i] != NULL && state_ship_squadron(st,
		    &st->ships[i]) == q && report_commands(in, (int)i) &&
		    strcmp(line_rest(lines[i]), *words) == 0)
			cov[i] = 1;
	return 1;
}

/* The order lines of the player's own ships: a SQUADRON line for each
 * squadron wholly his (not in a part of a big battle's report, whose
 * other parts hold some of its ships), then a SHIP line for each ship
 * its squadron's line does not order as its own would. */
static void
plan_own(const struct report_input *in, char **lines, int squadrons,
    struct tplan *pl)
{
	const struct nv_state	*st = in->after;
	unsigned char		*cov = xcalloc(st->nships + 1, 1);
	const char		*words;
	size_t			 q, i;

	for (q = 0; squadrons && in->part_ships == NULL &&
	    q < st->nsquadrons; q++) {
		if (st->squadrons[q].side != in->side ||
		    !squadron_words(in, lines, (int)q, cov, &words))
			continue;
		plan_add(pl, "squadron", xasprintf("SQUADRON %s %s",
		    st->squadrons[q].id, words), NULL);
		pl->v[pl->n - 1].squadron = st->squadrons[q].id;
	}
	for (i = 0; i < st->nships; i++)
		if (lines[i] != NULL && !cov[i] && report_commands(in, (int)i))
			plan_add(pl, "ship", xstrdup(lines[i]),
			    st->ships[i].id);
	free(cov);
}

static int
commander_cmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == NULL) - (b == NULL);
	return strcmp(a, b);
}

static int
commander_qcmp(const void *a, const void *b)
{
	return commander_cmp(*(const char *const *)a,
	    *(const char *const *)b);
}

/* The commander of ship i, NULL for no one. */
static const char *
commander_of(const struct report_input *in, size_t i)
{
	return in->commander != NULL ? in->commander[i] : NULL;
}

/* The admiral's view of the rest of his side: each other commander's
 * ships' lines as comments under "# Ordered by id:", commanders in id
 * order, the ships nobody commands last. */
static void
plan_others(const struct report_input *in, char **lines, struct tplan *pl)
{
	const struct nv_state	*st = in->after;
	const char		**who = xcalloc(st->nships + 1, sizeof *who);
	size_t			 i, k, n = 0;

	for (i = 0; i < st->nships; i++)
		if (lines[i] != NULL && !report_commands(in, (int)i))
			who[n++] = commander_of(in, i);
	qsort(who, n, sizeof *who, commander_qcmp);
	for (k = 0; k < n; k++) {
		if (k > 0 && commander_cmp(who[k], who[k - 1]) == 0)
			continue;
		plan_add(pl, "comment", who[k] != NULL ? xasprintf("# Ordered "
		    "by %s:", who[k]) : xstrdup("# Ordered by no one "
		    "(standing orders, else the default):"), NULL);
		for (i = 0; i < st->nships; i++) {
			if (lines[i] == NULL || report_commands(in, (int)i) ||
			    commander_cmp(commander_of(in, i), who[k]) != 0)
				continue;
			plan_add(pl, "other", xasprintf("# %s", lines[i]),
			    st->ships[i].id);
			pl->v[pl->n - 1].commander = who[k];
		}
	}
	free(who);
}

/* 1 if the plan's order lines, sent as they stand by the player, are
 * legal orders for the ships he commands. */
static int
plan_legal(const struct report_input *in, const struct tplan *pl)
{
	const struct nv_state	*st = in->after;
	struct nv_orders	*o = orders_new(st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	unsigned char		*may = xcalloc(st->nships + 1, 1);
	size_t			 i;
	int			 ok;

	for (i = 0; i < st->nships; i++)
		may[i] = (unsigned char)report_commands(in, (int)i);
	buf_printf(&b, "PLAYER %s\n", in->player);
	for (i = 0; i < pl->n; i++)
		buf_printf(&b, "%s\n", pl->v[i].text);
	o->may_order = may;
	ok = orders_parse(o, "template", b.p, b.len, &d) == 0;
	o->may_order = NULL;
	ok = ok && orders_validate(o, &d) == 0;
	diag_free(&d);
	buf_free(&b);
	orders_free(o);
	free(may);
	return ok;
}

/* A shared side's player's lines: his own, the admiral's view of the
 * others.  SQUADRON lines only when the template stays legal with them
 * (a squadron's copy is judged on each ship alone, as its line was). */
static void
player_lines(const struct report_input *in, xmlNodePtr t, char **lines)
{
	struct tplan	 pl;
	xmlNodePtr	 n;
	size_t		 i;

	memset(&pl, 0, sizeof pl);
	plan_own(in, lines, 1, &pl);
	if (!plan_legal(in, &pl)) {
		plan_free(&pl);
		plan_own(in, lines, 0, &pl);
	}
	if (in->admiral)
		plan_others(in, lines, &pl);
	for (i = 0; i < pl.n; i++) {
		n = doc_child(t, "line", pl.v[i].text);
		doc_set(n, "kind", pl.v[i].kind);
		if (pl.v[i].ship != NULL)
			doc_set(n, "ship", pl.v[i].ship);
		if (pl.v[i].squadron != NULL)
			doc_set(n, "squadron", pl.v[i].squadron);
		if (strcmp(pl.v[i].kind, "other") == 0)
			doc_set(n, "commander", pl.v[i].commander != NULL ?
			    pl.v[i].commander : "");
	}
	plan_free(&pl);
}

void
report_order_template(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	const char		*side = st->sides[in->side].id;
	const struct report_module *m = report_module_find(st);
	xmlNodePtr		 t, n;
	char			*line, **lines;
	size_t			 i;

	if (st->result.kind != NV_RESULT_PLAYING)
		return;
	t = doc_child(root, "order-template", NULL);
	doc_set_int(t, "turn", st->turn);
	if (m != NULL && m->order_help != NULL)
		doc_set(t, "help", m->order_help);
	if (in->game != NULL && *in->game != '\0') {
		line = xasprintf("GAME %s", in->game);
		doc_set(doc_child(t, "line", line), "kind", "header");
		free(line);
	}
	/* A shared side's player signs with his id: SIDE is refused on a
	 * side of several players. */
	line = in->player != NULL ? xasprintf("PLAYER %s", in->player) :
	    xasprintf("SIDE %s", side);
	doc_set(doc_child(t, "line", line), "kind", "header");
	free(line);
	line = xasprintf("TURN %d", st->turn);
	doc_set(doc_child(t, "line", line), "kind", "header");
	free(line);
	lines = choose_lines(st, in->side, in);
	if (in->player != NULL) {
		player_lines(in, t, lines);
		for (i = 0; i < st->nships; i++)
			free(lines[i]);
		free(lines);
		return;
	}
	for (i = 0; i < st->nships; i++) {
		if (lines[i] == NULL)
			continue;
		n = doc_child(t, "line", lines[i]);
		doc_set(n, "kind", "ship");
		doc_set(n, "ship", st->ships[i].id);
		free(lines[i]);
	}
	free(lines);
}

void
report_order_lines(const struct nv_state *st, int side, struct buf *out)
{
	char	**lines = choose_lines(st, side, NULL);
	size_t	  i;

	for (i = 0; i < st->nships; i++) {
		if (lines[i] == NULL)
			continue;
		buf_printf(out, "%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}
