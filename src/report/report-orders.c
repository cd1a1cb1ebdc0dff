/* report-orders.c: the order template at the foot of a side's report.
 *
 * One movement line per own ship on the map, at its current speed and
 * straight ahead, so that a player can reply, edit and send.  Each line
 * is checked with the orders validator against the new state before it
 * is offered; when the straight line at that speed is not legal (the
 * maximum-speed uses are spent, an obligation to back, a grapple), the
 * next slower speed is tried, down to 0, then backing.  The lines name
 * the reader's own ships only: nothing of fog's hidden ships. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "orders.h"
#include "report-int.h"
#include "state.h"
#include "xalloc.h"

/* The movement order "SPEED n MOVE F ..." (n >= 0) or "MOVE B" (-1). */
static char *
move_line(const char *id, int speed)
{
	struct buf	b = BUF_INIT;
	int		k;

	buf_printf(&b, "SHIP %s ", id);
	if (speed < 0)
		buf_adds(&b, "MOVE B");
	else
		buf_printf(&b, "SPEED %d", speed);
	if (speed > 0)
		buf_adds(&b, " MOVE");
	for (k = 0; k < speed; k++)
		buf_adds(&b, " F");
	return buf_detach(&b);
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

void
report_order_template(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	const char		*side = st->sides[in->side].id;
	xmlNodePtr		 t, n;
	char			*line;
	size_t			 i;
	int			 speed, found;

	if (st->result.kind != NV_RESULT_PLAYING)
		return;
	t = doc_child(root, "order-template", NULL);
	doc_set_int(t, "turn", st->turn);
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
	for (i = 0; i < st->nships; i++) {
		const struct nv_ship *s = &st->ships[i];

		if (s->side != in->side || !ship_on_map(s))
			continue;
		found = 0;
		for (speed = s->speed > 0 ? s->speed : 0; speed >= -1;
		    speed--) {
			line = move_line(s->id, speed);
			if ((found = legal(st, side, line)))
				break;
			free(line);
		}
		if (!found)
			continue;
		n = doc_child(t, "line", line);
		doc_set(n, "kind", "ship");
		doc_set(n, "ship", s->id);
		free(line);
	}
}
