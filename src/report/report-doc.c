/* report-doc.c: the report document (docs/templates.md lists its
 * elements).
 *
 * The document holds only what its reader may know: under fog of war a
 * side's document has no element, attribute, count or map cell for a
 * ship it did not see, so that no template, however written, can leak
 * one.  The GM's document adds the orders in force and every die; the
 * observer's has everything but the orders. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlsave.h>

#include "buf.h"
#include "dice.h"
#include "events.h"
#include "map.h"
#include "orders.h"
#include "report-int.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

static const char *const reader_names[] = { "side", "gm", "observer" };

int
report_in_part(const struct report_input *in, int i)
{
	if (in->part_ships == NULL)
		return 1;
	if (i < 0)
		return in->part <= 1;
	return in->part_ships[i] != 0;
}

/* The part's ship of id, or of none (part 1's). */
static int
id_in_part(const struct report_input *in, const char *id)
{
	if (in->part_ships == NULL)
		return 1;
	return report_in_part(in, id == NULL || *id == '\0' ? -1 :
	    state_ship_index(in->after, id));
}

/* An event goes in the part of any ship it concerns. */
static int
event_in_part(const struct report_input *in, const struct nv_event *e)
{
	size_t	k;

	if (in->part_ships == NULL)
		return 1;
	if (e->ship[0] == '\0' && e->other[0] == '\0' && e->nalso == 0)
		return in->part <= 1;
	if ((e->ship[0] != '\0' && id_in_part(in, e->ship)) ||
	    (e->other[0] != '\0' && id_in_part(in, e->other)))
		return 1;
	for (k = 0; k < e->nalso; k++)
		if (id_in_part(in, e->also[k]))
			return 1;
	return 0;
}

xmlNodePtr
doc_child(xmlNodePtr parent, const char *name, const char *text)
{
	xmlNodePtr	n = xmlNewChild(parent, NULL, BAD_CAST name, NULL);

	if (text != NULL && *text != '\0')
		xmlAddChild(n, xmlNewText(BAD_CAST text));
	return n;
}

/* While report_doc_build runs, the document's _private holds the names
 * its template can read (report-names.c): an attribute no template of it
 * names is not set at all. */
void
doc_set(xmlNodePtr n, const char *name, const char *value)
{
	if (n->doc != NULL && n->doc->_private != NULL &&
	    !report_names_has(n->doc->_private, name))
		return;
	xmlNewProp(n, BAD_CAST name, BAD_CAST (value != NULL ? value : ""));
}

void
doc_set_int(xmlNodePtr n, const char *name, long value)
{
	char	*v = xasprintf("%ld", value);

	doc_set(n, name, v);
	free(v);
}

static void
side_letter(int side, char *out)
{
	static const char	letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz";

	out[0] = side >= 0 && side < (int)sizeof letters - 1 ?
	    letters[side] : '+';
	out[1] = '\0';
}

static const char *
side_id(const struct nv_state *st, int side)
{
	return side >= 0 && (size_t)side < st->nsides ? st->sides[side].id :
	    "";
}

static void
add_sides(const struct nv_state *st, xmlNodePtr root)
{
	xmlNodePtr	sides = doc_child(root, "sides", NULL), n;
	const struct nv_side *sd;
	char		l[2];
	size_t		i;

	for (i = 0; i < st->nsides; i++) {
		sd = &st->sides[i];
		n = doc_child(sides, "side", NULL);
		doc_set(n, "id", sd->id);
		doc_set(n, "name", sd->name != NULL ? sd->name : sd->id);
		side_letter((int)i, l);
		doc_set(n, "letter", l);
		doc_set(n, "nation", st->rs->nations[sd->nation].id);
		doc_set(n, "nation-name", st->rs->nations[sd->nation].name);
		doc_set(n, "crew", st->rs->crews[sd->crew].id);
	}
}

/* The ship's squadron, and the standing order it takes next turn when
 * it has no other: its own, else its squadron's (docs/orders.md,
 * "Standing orders"). */
static void
standing(const struct nv_state *st, const struct nv_ship *s, xmlNodePtr n)
{
	int	q = state_ship_squadron(st, s);
	const char *so = s->standing;

	if (so == NULL && q >= 0 && st->squadrons[q].side == s->side)
		so = st->squadrons[q].standing;
	doc_set(n, "squadron", q >= 0 ? st->squadrons[q].id : "");
	doc_set(n, "standing", so != NULL ? so : "");
}

/* One ship.  full: every attribute (own ships, the GM, observers); else
 * only what is seen from another deck (enemy ships in sight). */
static xmlNodePtr
add_ship(const struct nv_state *st, const char *code, int i, int full,
    xmlNodePtr parent)
{
	const struct nv_ship	*s = &st->ships[i];
	const struct nv_attr_def *ad = st->rs->ops->ship_attrs;
	const struct report_module *m;
	xmlNodePtr		 n = doc_child(parent, "ship", NULL);
	char			 h[8];
	size_t			 k;

	doc_set(n, "code", ship_on_map(s) ? code : "");
	doc_set(n, "id", s->id);
	doc_set(n, "name", s->name != NULL ? s->name : "");
	doc_set(n, "class", st->rs->classes[s->cls].id);
	doc_set(n, "class-name", st->rs->classes[s->cls].name);
	doc_set(n, "side", side_id(st, s->side));
	doc_set(n, "owner", side_id(st, s->owner));
	doc_set(n, "status", ruleset_status_name(st->rs, s->status));
	/* How a report words the ship's fate: "sunk", "fled the battle". */
	doc_set(n, "fate", ruleset_status_fate(st->rs, s->status));
	doc_set(n, "hex", state_hex_name(st, s->hex, h));
	doc_set(n, "facing", dir_name(s->facing));
	doc_set_int(n, "speed", s->speed);
	if (!full)
		return n;
	doc_set(n, "crew", st->rs->crews[s->crew].id);
	standing(st, s, n);
	for (k = 0; k < st->rs->ops->nship_attrs; k++) {
		if (ad[k].kind == NV_ATTR_INT)
			doc_set_int(n, ad[k].name, s->attr[k].i);
		else
			doc_set(n, ad[k].name, s->attr[k].s);
	}
	if ((m = report_module_find(st)) != NULL)
		m->ship(st, i, n);
	report_table_cols(st, i, n);
	return n;
}

/* 1 if the player of a shared side commands ship i. */
static int
commanded(const struct report_input *in, int i)
{
	return in->commander != NULL && in->commander[i] != NULL &&
	    strcmp(in->commander[i], in->player) == 0;
}

int
report_commands(const struct report_input *in, int i)
{
	const struct nv_ship	*s = &in->after->ships[i];

	if (in->reader != REPORT_SIDE || (s->side != in->side &&
	    s->owner != in->side))
		return 0;
	return in->player == NULL || commanded(in, i);
}

/* A side's ship in the reader's group: "own" (he commands it), "side"
 * (the rest of his side, with its commander, "" for none). */
static void
set_group(const struct report_input *in, int i, xmlNodePtr n)
{
	if (report_commands(in, i)) {
		doc_set(n, "group", "own");
		return;
	}
	doc_set(n, "group", "side");
	doc_set(n, "commander", in->commander != NULL &&
	    in->commander[i] != NULL ? in->commander[i] : "");
}

static void
add_ships(const struct report_input *in, const unsigned char *vis,
    xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	xmlNodePtr		 own, enemies = NULL;
	char			(*codes)[MAP_CODE_SIZE];
	size_t			 i, width = 3;
	int			 mine;

	own = doc_child(root, "ships", NULL);
	if (in->reader == REPORT_SIDE)
		enemies = doc_child(root, "enemies", NULL);
	codes = map_ship_codes(st, vis);
	for (i = 0; i < st->nships; i++) {
		if (ship_on_map(&st->ships[i]) && strlen(codes[i]) > width)
			width = strlen(codes[i]);
		if (!report_in_part(in, (int)i))
			continue;
		if (in->reader != REPORT_SIDE) {
			add_ship(st, codes[i], (int)i, 1, own);
			continue;
		}
		mine = st->ships[i].side == in->side ||
		    st->ships[i].owner == in->side;
		if (mine)
			set_group(in, (int)i, add_ship(st, codes[i], (int)i,
			    1, own));
		else if (ship_on_map(&st->ships[i]) &&
		    (vis == NULL || vis[i]))
			doc_set(add_ship(st, codes[i], (int)i, 0, enemies),
			    "group", "enemy");
	}
	/* For the templates' tables: the longest code (at least 3) and the
	 * length of a hex name, so that columns stay aligned on any map. */
	doc_set_int(root, "code-width", (long)width);
	doc_set_int(root, "hex-width", 2L * state_hex_digits(st));
	free(codes);
}

static void
add_wrecks(const struct nv_state *st, const unsigned char *wvis,
    xmlNodePtr root)
{
	xmlNodePtr	wrecks = doc_child(root, "wrecks", NULL), n;
	char		h[8];
	size_t		i;

	for (i = 0; i < st->nwrecks; i++) {
		if (!wvis[i])
			continue;
		n = doc_child(wrecks, "wreck", NULL);
		doc_set(n, "hex", state_hex_name(st, st->wrecks[i].hex, h));
		doc_set(n, "ship", st->wrecks[i].ship);
	}
}

/* The sentence without the "Phase N: " its phase element already says. */
static const char *
sentence(const struct nv_event *e)
{
	char		*pre = xasprintf("Phase %d: ", e->phase);
	size_t		 n = strlen(pre);
	const char	*s = strncmp(e->text, pre, n) == 0 ? e->text + n :
			    e->text;

	free(pre);
	return s;
}

/* 1 if ship id is the reader's side's own (commanded or owned) in
 * st; for a player of a shared side, one he commands. */
static int
own_ship(const struct report_input *in, const struct nv_state *st,
    const char *id)
{
	int	k = *id != '\0' ? state_ship_index(st, id) : -1;

	if (k < 0 || (st->ships[k].side != in->side &&
	    st->ships[k].owner != in->side))
		return 0;
	return in->player == NULL || commanded(in, k);
}

/* With own_story, an event is told when it is about a ship of the
 * reader's own (the side's, or the player's of a shared side), before
 * or after the turn (a ship captured in it), or about no ship at all
 * (the end of the game). */
static int
story_tells(const struct report_input *in, const struct nv_event *e)
{
	if (!in->own_story || in->reader != REPORT_SIDE)
		return 1;
	if (e->ship[0] == '\0' && e->other[0] == '\0')
		return 1;
	return own_ship(in, in->before, e->ship) ||
	    own_ship(in, in->before, e->other) ||
	    own_ship(in, in->after, e->ship) ||
	    own_ship(in, in->after, e->other);
}

static void
add_events(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_events	*ev = in->ev;
	const char		*skip[3];
	struct report_fog	*f = fog_new(in);
	xmlNodePtr		 events = doc_child(root, "events", NULL);
	xmlNodePtr		*ph, n;
	int			 phases = in->before->rs->phases, p;
	size_t			 i;

	skip[0] = event_kind_name(NV_EV_PHASE);
	skip[1] = event_kind_name(NV_EV_TURN_START);
	skip[2] = event_kind_name(NV_EV_TURN_END);
	/* Every phase has its element, also an empty one: the story keeps
	 * its clock, and an empty phase tells nothing. */
	ph = xcalloc((size_t)phases + 2, sizeof *ph);
	for (p = 0; p <= phases + 1; p++) {
		ph[p] = doc_child(events, "phase", NULL);
		doc_set_int(ph[p], "n", p);
		doc_set(ph[p], "when", p == 0 ? "before" :
		    p <= phases ? "phase" : "end");
	}
	for (i = 0; ev != NULL && i < ev->n; i++) {
		const struct nv_event *e = &ev->v[i];

		/* The fog follows every event, those of other parts too. */
		if (!fog_event(f, i) || !event_in_part(in, e) ||
		    !story_tells(in, e))
			continue;
		if (strcmp(e->kind, skip[0]) == 0 ||
		    strcmp(e->kind, skip[1]) == 0 ||
		    strcmp(e->kind, skip[2]) == 0)
			continue;
		p = e->phase < 0 ? 0 : e->phase > phases ? phases + 1 :
		    e->phase;
		n = doc_child(ph[p], "event", sentence(e));
		doc_set(n, "kind", e->kind);
		doc_set(n, "ship", e->ship);
		doc_set(n, "other", e->other);
	}
	free(ph);
	fog_free(f);
}

static void
add_dice(const struct report_input *in, xmlNodePtr root)
{
	xmlNodePtr	dice, n;
	size_t		i;

	if (in->reader != REPORT_GM || in->rolls == NULL)
		return;
	dice = doc_child(root, "dice", NULL);
	for (i = 0; i < in->nrolls; i++) {
		const struct nv_roll *r = &in->rolls[i];

		if (!id_in_part(in, r->ship))
			continue;
		n = doc_child(dice, "roll", NULL);
		doc_set_int(n, "phase", r->phase);
		doc_set(n, "ship", r->ship);
		doc_set(n, "purpose", r->purpose);
		doc_set_int(n, "sides", r->sides);
		doc_set_int(n, "result", r->result);
		doc_set(n, "label", r->label);
	}
}

static void
add_lines(xmlNodePtr parent, const char *text)
{
	const char	*p = text, *nl;
	char		*line;

	while (*p != '\0') {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		line = xstrndup(p, (size_t)(nl - p));
		doc_child(parent, "line", line);
		free(line);
		p = *nl == '\n' ? nl + 1 : nl;
	}
}

/* A part's lines of the orders in force: "SHIP id ..." for its ships,
 * and the lines of no ship in part 1 (the normal form of the order
 * language, docs/orders.md, starts every ship's line so). */
static void
part_lines(const struct report_input *in, const char *text, struct buf *out)
{
	const char	*p, *nl;
	char		*id;
	size_t		 n;
	int		 mine;

	for (p = text; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		if (strncmp(p, "SHIP ", 5) == 0) {
			n = strcspn(p + 5, " \n");
			id = xstrndup(p + 5, n);
			mine = id_in_part(in, id);
			free(id);
		} else
			mine = report_in_part(in, -1);
		if (mine) {
			buf_add(out, p, (size_t)(nl - p));
			buf_addc(out, '\n');
		}
	}
}

static void
add_orders(const struct report_input *in, xmlNodePtr root)
{
	struct buf	b = BUF_INIT, part = BUF_INIT;
	xmlNodePtr	n;

	if (in->reader != REPORT_GM)
		return;
	n = doc_child(root, "orders-in-force", NULL);
	if (in->orders != NULL)
		orders_format(in->orders, &b);
	if (in->part_ships != NULL) {
		part_lines(in, buf_str(&b), &part);
		add_lines(n, buf_str(&part));
	} else
		add_lines(n, buf_str(&b));
	buf_free(&b);
	buf_free(&part);
}

static void
add_map(const struct report_input *in, const unsigned char *vis,
    const unsigned char *wvis, xmlNodePtr root)
{
	struct map_opts	o = MAP_OPTS_INIT;
	struct buf	b = BUF_INIT;

	o.side = in->reader == REPORT_SIDE ? in->side : -1;
	o.cut = in->sheets ? MAP_SHEETS : MAP_WINDOW;
	o.width = REPORT_WIDTH;
	if (fog_active(in)) {
		o.ship_visible = vis;
		o.wreck_visible = wvis;
	}
	o.ship_place = in->part_ships;
	map_render(in->after, &o, &b);
	doc_child(root, "map", buf_str(&b));
	buf_free(&b);
}

/* The result, and the score when the reader may know it: always at the
 * end of the game (it is announced to all), during the game only without
 * fog (with fog a score would tell of sinkings out of sight). */
static void
add_result(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	const struct nv_result	*r = &st->result;
	static const char *const kinds[] = {
#define X(e, s) s,
		NV_RESULTS(X)
#undef X
	};
	xmlNodePtr		 n = doc_child(root, "result", NULL), s;
	int			*score = NULL;
	size_t			 i;

	doc_set(n, "kind", kinds[r->kind]);
	doc_set(n, "winner", r->winner >= 0 ? side_id(st, r->winner) : "");
	doc_set(n, "reason", r->reason != NULL ? r->reason : "");
	if (r->score != NULL)
		score = r->score;
	else if (!fog_active(in)) {
		score = xcalloc(st->nsides + 1, sizeof *score);
		if (report_module_find(st) == NULL ||
		    !report_module_find(st)->scores(st, score)) {
			free(score);
			score = NULL;
		}
	}
	doc_set(n, "score", score == NULL ? "none" :
	    r->score != NULL ? "final" : "running");
	for (i = 0; score != NULL && i < st->nsides; i++) {
		s = doc_child(n, "score", NULL);
		doc_set(s, "side", st->sides[i].id);
		doc_set_int(s, "points", score[i]);
	}
	if (score != r->score)
		free(score);
}

static int
check_input(const struct report_input *in, char **cause)
{
	if (in->before == NULL || in->after == NULL) {
		*cause = xstrdup("a report needs the states before and after "
		    "the turn");
		return -1;
	}
	if (in->before->nships != in->after->nships ||
	    in->before->nsides != in->after->nsides ||
	    in->before->rs != in->after->rs) {
		*cause = xstrdup("the states before and after the turn are "
		    "not of the same game");
		return -1;
	}
	if (in->reader == REPORT_SIDE && (in->side < 0 ||
	    (size_t)in->side >= in->after->nsides)) {
		*cause = xasprintf("side %d: the game has %zu sides", in->side,
		    in->after->nsides);
		return -1;
	}
	return 0;
}

/* The GM's corrections: a side sees only those of its own ships, which
 * it knows anyway; nothing about another side's ship may leak. */
static void
corrections(xmlNodePtr root, const struct report_input *in)
{
	const struct nv_state	*st = in->before;
	xmlNodePtr		 list = NULL, n;
	size_t			 i;
	int			 k;

	for (i = 0; i < in->ncorrections; i++) {
		k = state_ship_index(st, in->corrections[i].ship);
		if (k < 0 || (in->reader == REPORT_SIDE &&
		    st->ships[k].side != in->side) || !report_in_part(in, k))
			continue;
		if (list == NULL)
			list = doc_child(root, "corrections", NULL);
		n = doc_child(list, "correction", in->corrections[i].text);
		doc_set(n, "ship", st->ships[k].id);
	}
}

/* <directives><directive from turn>text</directive></directives>: the
 * admiral's directives to the one player this report is made for, at
 * the top of the report (its first part); absent when there are none. */
static void
directives(xmlNodePtr root, const struct report_input *in)
{
	xmlNodePtr	list, n;
	size_t		i;

	if (in->reader != REPORT_SIDE || in->ndirectives == 0 ||
	    (in->part_ships != NULL && in->part > 1))
		return;
	list = doc_child(root, "directives", NULL);
	for (i = 0; i < in->ndirectives; i++) {
		n = doc_child(list, "directive", in->directives[i].text);
		doc_set(n, "from", in->directives[i].from);
		doc_set_int(n, "turn", in->directives[i].turn);
	}
}

/* <report part="2" parts="5" part-first="s01000" part-last="s01999">:
 * which part of a big battle's report this is, and the ids of the first
 * and last ship it reports (in id order). */
static void
add_part(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_state	*st = in->after;
	size_t			 i;
	int			 first = -1, last = -1;

	for (i = 0; i < st->nships; i++)
		if (in->part_ships[i]) {
			if (first < 0)
				first = (int)i;
			last = (int)i;
		}
	doc_set_int(root, "part", in->part);
	doc_set_int(root, "parts", in->parts);
	doc_set(root, "part-first", first >= 0 ? st->ships[first].id : "");
	doc_set(root, "part-last", last >= 0 ? st->ships[last].id : "");
}

static xmlNodePtr
add_head(const struct report_input *in, xmlDocPtr doc)
{
	const struct nv_state	*st = in->after;
	xmlNodePtr		 root = xmlNewNode(NULL, BAD_CAST "report");
	xmlNodePtr		 n;
	char			 l[2];

	xmlDocSetRootElement(doc, root);
	doc_set(root, "game", in->game != NULL ? in->game : "");
	doc_set(root, "title", st->title != NULL ? st->title : "");
	doc_set(root, "ruleset", st->rs->id);
	doc_set_int(root, "turn", in->before->turn);
	doc_set_int(root, "next-turn", st->turn);
	doc_set_int(root, "phases", st->rs->phases);
	doc_set_int(root, "width", REPORT_WIDTH);
	doc_set_int(root, "columns", st->columns);
	doc_set_int(root, "rows", st->rows);
	if (in->part_ships != NULL)
		add_part(in, root);
	n = doc_child(root, "reader", NULL);
	doc_set(n, "kind", reader_names[in->reader]);
	if (in->reader == REPORT_SIDE) {
		if (in->own_story)
			doc_set(n, "story", "own");
		/* A player of a shared side (report_input.player). */
		if (in->player != NULL) {
			doc_set(n, "player", in->player);
			doc_set(n, "admiral", in->admiral ? "yes" : "no");
		}
		doc_set(n, "side", st->sides[in->side].id);
		doc_set(n, "side-name", st->sides[in->side].name != NULL ?
		    st->sides[in->side].name : st->sides[in->side].id);
		side_letter(in->side, l);
		doc_set(n, "letter", l);
	}
	doc_child(root, "deadline", in->deadline);
	directives(root, in);
	corrections(root, in);
	n = doc_child(root, "settings", NULL);
	doc_set_int(n, "turn-limit", st->settings.turn_limit);
	doc_set_int(n, "visibility", st->settings.visibility);
	doc_set(n, "fog", fog_active(in) ? "yes" : "no");
	return root;
}

xmlDocPtr
report_doc_build(const struct report_input *in,
    const struct report_names *keep, char **cause)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	unsigned char	*vis, *wvis;
	const struct report_module *m;

	if (check_input(in, cause) != 0)
		return NULL;
	doc = xmlNewDoc(BAD_CAST "1.0");
	doc->_private = (void *)(uintptr_t)keep;
	root = add_head(in, doc);
	vis = xcalloc(in->after->nships + 1, 1);
	wvis = xcalloc(in->after->nwrecks + 1, 1);
	report_fog_end(in, vis, wvis);
	add_sides(in->after, root);
	add_ships(in, fog_active(in) ? vis : NULL, root);
	add_wrecks(in->after, wvis, root);
	add_events(in, root);
	add_dice(in, root);
	add_orders(in, root);
	add_map(in, vis, wvis, root);
	add_result(in, root);
	if (in->reader == REPORT_SIDE)
		report_order_template(in, root);
	(void)report_table_doc(in, root);
	if ((m = report_module_find(in->after)) != NULL && m->doc != NULL)
		m->doc(in, root);
	/* Nothing else may see the names (libxslt has _private too). */
	doc->_private = NULL;
	free(vis);
	free(wvis);
	return doc;
}

int
report_doc_xml(const struct report_input *in, struct buf *out,
    char **cause)
{
	xmlDocPtr	 doc = report_doc_build(in, NULL, cause);
	xmlChar		*mem = NULL;
	int		 len = 0;

	if (doc == NULL)
		return -1;
	xmlDocDumpFormatMemoryEnc(doc, &mem, &len, "UTF-8", 1);
	buf_add(out, mem, (size_t)len);
	xmlFree(mem);
	xmlFreeDoc(doc);
	return 0;
}
