/* nauta-report.c: what a report says about a Nauta ship and game beyond
 * the stored attributes (which report-doc.c writes for any ruleset): the
 * figures a player plans with (maximum speed, the speeds it may write,
 * the Dash due), the ship table's columns and a sentence of what binds
 * the ship next turn, each side's losses against the third that loses
 * the battle, and the order template's help in Nauta's words.  Reports
 * are about the rules, so this file knows the Nauta module's data
 * (nauta/nauta.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "nauta/nauta.h"
#include "report-int.h"
#include "state.h"

static void
dash_words(const struct nv_ruleset *rs, const struct nv_ship *s,
    struct buf *b)
{
	const char	*why = NULL;
	int		 steps = nauta_dash_due(rs, s, &why);

	if (steps > 0)
		buf_printf(b, "Dash: +%d steps%s", steps,
		    s->attr[NA_A_DASHES].i > 0 ? " (the Admiral's)" : " once");
	else
		buf_printf(b, "no Dash (%s)", why != NULL ? why : "none left");
}

/* The ship table's values (data/rulesets/nauta.xml, <ship-table>): "-"
 * where there is none. */
static int
nauta_report_value(const struct nv_state *st, int i, const char *name,
    struct buf *out)
{
	const struct nv_ship	*s = &st->ships[i];
	int			 steps;

	if (strcmp(name, "carried-speed") == 0) {
		if (s->speed < 0)
			buf_addc(out, '-');
		else
			buf_printf(out, "%d", s->speed);
	} else if (strcmp(name, "max-speed") == 0)
		buf_printf(out, "%d", nauta_max_speed(st->rs, s));
	else if (strcmp(name, "soldier-units") == 0)
		buf_printf(out, "%ld/%ld", s->attr[NA_A_SOLDIERS].i,
		    s->attr[NA_A_SOLDIERS_START].i);
	else if (strcmp(name, "damaged") == 0)
		buf_adds(out, s->attr[NA_A_DAMAGE].i > 0 ? "yes" : "-");
	else if (strcmp(name, "dash-steps") == 0) {
		if ((steps = nauta_dash_due(st->rs, s, NULL)) > 0)
			buf_printf(out, "+%d", steps);
		else
			buf_addc(out, '-');
	} else
		return 0;
	return 1;
}

/* What binds the ship next turn, after its figures. */
static void
binds(const struct nv_state *st, int i, struct buf *b)
{
	const struct nv_ship	*s = &st->ships[i];
	int			 p = nauta_prize_held(st, i);

	if (nauta_is_prize(s)) {
		buf_printf(b, " A prize of %s, taken away at the end of the "
		    "turn.", s->attr[NA_A_PRIZE_OF].s);
		return;
	}
	if (nauta_admiral_aboard(s))
		buf_adds(b, " The Admiral is aboard.");
	if (*s->attr[NA_A_CONTACT].s != '\0')
		buf_printf(b, " In contact with %s.", s->attr[NA_A_CONTACT].s);
	if (*s->attr[NA_A_GRAPPLED].s != '\0')
		buf_printf(b, " Grappled with %s: SPEED 0 until the fight "
		    "ends.", s->attr[NA_A_GRAPPLED].s);
	else if (p >= 0)
		buf_printf(b, " Holds the prize %s: SPEED 0 and no boarding "
		    "this turn.", st->ships[p].id);
}

static void
detail(const struct nv_state *st, int i, struct buf *b)
{
	const struct nv_ruleset		*rs = st->rs;
	const struct nv_ship		*s = &st->ships[i];
	const struct nauta_class	*c = &nauta_data(rs)->classes[s->cls];
	int				 lo, hi;

	nauta_speed_range(rs, s, &lo, &hi);
	buf_printf(b, "%s: maximum speed %d; it may write SPEED %d-%d (up %d, "
	    "down %d)%s; ", s->id, nauta_max_speed(rs, s), lo, hi, c->accel,
	    c->decel, s->speed <= 0 ? " or back, SPEED 0 MOVE B or BB" : "");
	dash_words(rs, s, b);
	buf_printf(b, "; %ld of %ld soldier units", s->attr[NA_A_SOLDIERS].i,
	    s->attr[NA_A_SOLDIERS_START].i);
	if (*s->attr[NA_A_OPTIONS].s != '\0')
		buf_printf(b, "; %s", s->attr[NA_A_OPTIONS].s);
	buf_printf(b, "; worth %d points.%s", nauta_value(rs, s),
	    s->attr[NA_A_DAMAGE].i > 0 ? " Damaged: a second damage sinks "
	    "it." : "");
	binds(st, i, b);
}

static void
nauta_report_ship(const struct nv_state *st, int i, xmlNodePtr node)
{
	const struct nv_ship	*s = &st->ships[i];
	struct buf		 b = BUF_INIT;
	int			 lo, hi;

	doc_set_int(node, "max-speed", nauta_max_speed(st->rs, s));
	doc_set_int(node, "dash", nauta_dash_due(st->rs, s, NULL));
	doc_set_int(node, "value", nauta_value(st->rs, s));
	nauta_speed_range(st->rs, s, &lo, &hi);
	doc_set_int(node, "speed-min", lo);
	doc_set_int(node, "speed-max", hi);
	detail(st, i, &b);
	doc_set(node, "detail", buf_str(&b));
	buf_free(&b);
}

/* A side's score is what the other sides lost. */
static int
nauta_report_scores(const struct nv_state *st, int *score)
{
	size_t	k;
	int	total = 0;

	for (k = 0; k < st->nsides; k++)
		total += nauta_losses(st, (int)k);
	for (k = 0; k < st->nsides; k++)
		score[k] = total - nauta_losses(st, (int)k);
	return 1;
}

/* The ship table's legend (the ruleset file's) said per how many galleys
 * a model stands; each side's losses against its third (a side's own
 * always, the others' only without fog or once the game is over). */
static void
nauta_report_doc(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	xmlNodePtr		 t, n;
	size_t			 k;
	struct buf		 b = BUF_INIT;
	long			 galleys = st->attr[NA_G_GALLEYS].i;

	/* galleys-per-model only labels the reports (nauta.md, "Big
	 * battles"): every rule applies per model. */
	for (t = root->children; galleys > 1 && t != NULL; t = t->next) {
		if (t->type != XML_ELEMENT_NODE ||
		    !xmlStrEqual(t->name, BAD_CAST "ship-table"))
			continue;
		buf_printf(&b, "Each model stands for %ld galleys. %s",
		    galleys, st->rs->legend != NULL ? st->rs->legend : "");
		xmlSetProp(t, BAD_CAST "legend", BAD_CAST buf_str(&b));
	}
	buf_free(&b);
	t = doc_child(root, "losses", NULL);
	for (k = 0; k < st->nsides; k++) {
		if (fog_active(in) && (int)k != in->side &&
		    st->result.kind == NV_RESULT_PLAYING)
			continue;
		n = doc_child(t, "side", NULL);
		doc_set(n, "id", st->sides[k].id);
		doc_set_int(n, "lost", nauta_losses(st, (int)k));
		doc_set_int(n, "points", nauta_initial_points(st, (int)k));
		doc_set_int(n, "third", nauta_loss_limit(st, (int)k));
	}
}

const struct report_module nauta_report = {
	"nauta", nauta_report_ship, nauta_report_value, nauta_report_scores,
	nauta_report_doc,
	report_order_straight,
	"Copy the lines below into your reply as plain lines (quoted lines "
	"are not read as orders), add your PASSWORD line, change the movement "
	"(SPEED n; turns first, each a step: SPEED 3 MOVE R F F; SPEED n DASH; "
	"SPEED 0 MOVE B) and add BOARD, SHOOT, BURN or ESCAPE orders. Each "
	"ship line below is legal as it stands: straight on at its speed."
};
