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
 * only: nothing of fog's hidden ships. */
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
	line = xasprintf("SIDE %s", side);
	doc_set(doc_child(t, "line", line), "kind", "header");
	free(line);
	line = xasprintf("TURN %d", st->turn);
	doc_set(doc_child(t, "line", line), "kind", "header");
	free(line);
	lines = choose_lines(st, in->side, in);
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
