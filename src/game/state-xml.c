/* state-xml.c: scenario and state files (see state-xml.h, docs/files.md).
 *
 * Loading reads the elements in a fixed order whatever the document's
 * (map before ships, since hex names depend on the map's size; sides
 * before ships), collects every error with its line and carries on, then
 * checks what needs all ships at once (duplicate ids, shared hexes, ship
 * ids named in other ships' attributes).  Saving is state-xml-save.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "ruleset.h"
#include "state-xml-int.h"
#include "state-xml.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* The common <ship> attributes, in the order they are written. */
static const char *const common_ship_attrs[] = {
	"id", "name", "side", "owner", "class", "crew", "hex", "facing",
	"speed", "status", NULL
};

/* One ship while loading, with its line, so both can be sorted. */
struct lship {
	struct nv_ship	 s;
	struct shipinfo	 info;
};

static xmlNodePtr
root_of(const char *file, const char *buf, size_t len, struct diag *d,
    xmlDocPtr *docp)
{
	xmlDocPtr	doc = xmlsafe_parse(file, buf, len, d);
	xmlNodePtr	root;

	*docp = doc;
	if (doc == NULL)
		return NULL;
	root = xmlDocGetRootElement(doc);
	if (!xmlsafe_is(root, "scenario")) {
		diag_error(d, file, xmlsafe_line(root), "the root element is "
		    "<%s>; a scenario or state file has <scenario>",
		    (const char *)root->name);
		return NULL;
	}
	return root;
}

char *
state_xml_ruleset(const char *file, const char *buf, size_t len,
    struct diag *d)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 root = root_of(file, buf, len, d, &doc);
	char		*id = NULL;

	if (root != NULL && (id = xmlsafe_attr(root, "ruleset")) == NULL)
		diag_error(d, file, xmlsafe_line(root), "<scenario> has no "
		    "ruleset attribute; it names the rules, e.g. "
		    "ruleset=\"%s\"", ruleset_ops_nth(0)->name);
	xmlFreeDoc(doc);
	return id;
}

/* --- small readers ------------------------------------------------------ */

static int
read_int(struct loader *l, xmlNodePtr n, const char *name, long min,
    long max, long def, int required)
{
	long	v = def;
	int	rc = xmlsafe_int(n, name, min, max, &v, l->file, l->d);

	if (rc == 0 && required)
		diag_error(l->d, l->file, xmlsafe_line(n), "<%s> has no %s "
		    "attribute; it is required", (const char *)n->name, name);
	return rc == 1 ? (int)v : (int)def;
}

/* A hex name of this map's form.  edge allows column or row 0 and
 * beyond the map (where a ship that exited is).  what starts the
 * message, e.g. "<ship id=\"nike\"". */
static int
read_hex(struct loader *l, xmlNodePtr n, const char *what, int edge,
    struct nv_hex *out)
{
	char	*v = xmlsafe_attr(n, "hex");
	int	 i, col = 0, row = 0, ok;
	size_t	 dg = (size_t)l->digits;

	ok = v != NULL && strlen(v) == 2 * dg;
	for (i = 0; ok && v[i] != '\0'; i++) {
		if (v[i] < '0' || v[i] > '9')
			ok = 0;
		else if ((size_t)i < dg)
			col = col * 10 + (v[i] - '0');
		else
			row = row * 10 + (v[i] - '0');
	}
	if (ok && !edge && (col < 1 || row < 1 || col > l->st->columns ||
	    row > l->st->rows)) {
		diag_error(l->d, l->file, xmlsafe_line(n), "%s hex=\"%s\">: off "
		    "the map, which has columns 1-%d and rows 1-%d", what, v,
		    l->st->columns, l->st->rows);
		free(v);
		return -1;
	}
	if (!ok) {
		diag_error(l->d, l->file, xmlsafe_line(n), "%s hex=\"%s\">: "
		    "expected %s, %d digits for the column then %d for the "
		    "row, on this %d x %d map", what, v != NULL ? v : "",
		    dg == 2 ? "CCRR" : "CCCRRR", l->digits, l->digits,
		    l->st->columns, l->st->rows);
		free(v);
		return -1;
	}
	free(v);
	*out = hex_from_cr(col, row);
	return 0;
}

static char *
element_text(xmlNodePtr n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s = xstrdup(c != NULL ? (const char *)c : "");

	xmlFree(c);
	return s;
}

static xmlNodePtr
find_child(xmlNodePtr root, const char *name)
{
	xmlNodePtr	n;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, name))
			return n;
	return NULL;
}

/* --- map, settings, sides ------------------------------------------------ */

static void
load_map(struct loader *l, xmlNodePtr map)
{
	struct nv_state	*st = l->st;
	xmlNodePtr	 n;
	struct nv_hex	 h;
	int		 col, row;
	unsigned char	*cell;

	st->columns = read_int(l, map, "columns", 1, NV_HEX_MAX, 1, 1);
	st->rows = read_int(l, map, "rows", 1, NV_HEX_MAX, 1, 1);
	l->digits = hex_digits(st->columns, st->rows);
	st->land = xcalloc((size_t)st->columns * (size_t)st->rows, 1);
	for (n = xmlsafe_child(map); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "land") ||
		    read_hex(l, n, "<land", 0, &h) != 0)
			continue;
		hex_to_cr(h, &col, &row);
		cell = &st->land[(size_t)(row - 1) * (size_t)st->columns +
		    (size_t)(col - 1)];
		if (*cell)
			diag_add(l->d, DIAG_WARNING, l->file, xmlsafe_line(n),
			    "<land>: this hex is already land");
		*cell = 1;
	}
}

static void
load_side(struct loader *l, xmlNodePtr n, struct nv_side *sd)
{
	char	*v;
	int	 i;

	sd->nation = sd->crew = -1;
	v = xmlsafe_attr(n, "id");
	if (v == NULL || !str_is_id(v))
		diag_error(l->d, l->file, xmlsafe_line(n), "<side id=\"%s\">: "
		    "ids are 1-%d of a-z, 0-9, '_' and '-'", v != NULL ? v : "",
		    NV_ID_MAX);
	else
		memcpy(sd->id, v, strlen(v) + 1);
	free(v);
	sd->name = xmlsafe_attr(n, "name");
	v = xmlsafe_attr(n, "nation");
	if (v == NULL || (sd->nation = ruleset_nation_index(l->rs, v)) < 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "<side id=\"%s\" "
		    "nation=\"%s\">: unknown nation in ruleset %s", sd->id,
		    v != NULL ? v : "", l->rs->id);
	free(v);
	v = xmlsafe_attr(n, "crew");
	if (v == NULL || (sd->crew = ruleset_crew_index(l->rs, v)) < 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "<side id=\"%s\" "
		    "crew=\"%s\">: unknown crew quality in ruleset %s",
		    sd->id, v != NULL ? v : "", l->rs->id);
	free(v);
	for (i = 0; i < (int)l->st->nsides && sd->id[0] != '\0'; i++)
		if (strcmp(l->st->sides[i].id, sd->id) == 0) {
			diag_error(l->d, l->file, xmlsafe_line(n), "duplicate "
			    "side id \"%s\"", sd->id);
			break;
		}
}

static void
load_sides(struct loader *l, xmlNodePtr root)
{
	xmlNodePtr	n;
	size_t		count = 0;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		count += xmlsafe_is(n, "side");
	l->st->sides = xcalloc(count, sizeof *l->st->sides);
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, "side")) {
			load_side(l, n, &l->st->sides[l->st->nsides]);
			l->st->nsides++;
		}
	if (count == 0)
		diag_error(l->d, l->file, xmlsafe_line(root), "the scenario "
		    "has no <side>");
}

/* --- ships ---------------------------------------------------------------- */









/* The ruleset's attributes of one ship; returns the bits of those given. */
static unsigned long
load_rs_attrs(struct loader *l, xmlNodePtr n, struct nv_ship *s)
{
	char		*what = xasprintf("<ship id=\"%s\"", s->id);
	unsigned long	 given;

	given = sx_load_attr_table(l, n, what, l->rs->ops->ship_attrs,
	    l->rs->ops->nship_attrs, s->attr);
	free(what);
	return given;
}

static void
check_ship_attrs_known(struct loader *l, xmlNodePtr n, const char *id)
{
	char	*what = xasprintf("<ship id=\"%s\"", id);

	sx_check_attrs_known(l, n, what, common_ship_attrs,
	    l->rs->ops->ship_attrs, l->rs->ops->nship_attrs);
	free(what);
}

/* Looks up an id-valued attribute in a table; -1 with an error if the
 * value is unknown, def if the attribute is absent. */
static int
ship_ref(struct loader *l, xmlNodePtr n, const struct nv_ship *s,
    const char *name, int def, int (*find)(const void *, const char *),
    const void *where, const char *what)
{
	char	*v = xmlsafe_attr(n, name);
	int	 i;

	if (v == NULL) {
		if (def == -2)
			diag_error(l->d, l->file, xmlsafe_line(n), "<ship id="
			    "\"%s\"> has no %s attribute; it is required",
			    s->id, name);
		return def < 0 ? -1 : def;
	}
	if ((i = find(where, v)) < 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "<ship id=\"%s\" "
		    "%s=\"%s\">: unknown %s", s->id, name, v, what);
	free(v);
	return i;
}

static int
find_side(const void *st, const char *id)
{
	return state_side_index(st, id);
}

static int
find_class(const void *rs, const char *id)
{
	return ruleset_class_index(rs, id);
}

static int
find_crew(const void *rs, const char *id)
{
	return ruleset_crew_index(rs, id);
}

/* id, name, side, owner, class, crew; 0 if the ship can take defaults. */
static int
load_ship_refs(struct loader *l, xmlNodePtr n, struct nv_ship *s)
{
	char	*v = xmlsafe_attr(n, "id");
	int	 def;

	if (v == NULL || !str_is_id(v)) {
		diag_error(l->d, l->file, xmlsafe_line(n), "<ship id=\"%s\">: "
		    "ship ids are 1-%d of lower-case a-z, 0-9, '_' and '-'",
		    v != NULL ? v : "", NV_ID_MAX);
		free(v);
		return -1;
	}
	memcpy(s->id, v, strlen(v) + 1);
	free(v);
	s->name = xmlsafe_attr(n, "name");
	s->side = ship_ref(l, n, s, "side", -2, find_side, l->st, "side");
	s->owner = ship_ref(l, n, s, "owner", s->side, find_side, l->st,
	    "side");
	s->cls = ship_ref(l, n, s, "class", -2, find_class, l->rs,
	    "ship class");
	def = s->side >= 0 ? l->st->sides[s->side].crew : -1;
	s->crew = ship_ref(l, n, s, "crew", def, find_crew, l->rs,
	    "crew quality");
	if (s->side < 0 || s->owner < 0 || s->cls < 0 || s->crew < 0 ||
	    l->st->sides[s->owner].nation < 0 ||
	    l->st->sides[s->side].nation < 0)
		return -1;
	return 0;
}

static void
load_ship(struct loader *l, xmlNodePtr n, struct lship *ls)
{
	struct nv_ship	*s = &ls->s;
	char		*v, *what;
	unsigned long	 given;
	int		 ok, status;
	long		 speed = 0;

	ls->info.line = xmlsafe_line(n);
	s->attr = xcalloc(l->rs->ops->nship_attrs, sizeof *s->attr);
	ok = load_ship_refs(l, n, s) == 0;
	check_ship_attrs_known(l, n, s->id);
	v = xmlsafe_attr(n, "status");
	s->status = NV_STATUS_AFLOAT;
	if (v != NULL && (status = ruleset_status_parse(l->rs, v)) < 0)
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" "
		    "status=\"%s\">: legal: afloat, sunk, captured, exited%s",
		    s->id, v, l->statuses);
	else if (v != NULL)
		s->status = status;
	free(v);
	what = xasprintf("<ship id=\"%s\"", s->id);
	/* A ship that left the battle another way than sinking may have
	 * left it across the edge. */
	ls->info.hex_ok = read_hex(l, n, what, s->status == NV_STATUS_EXITED ||
	    s->status >= NV_STATUS_COUNT, &s->hex) == 0;
	free(what);
	v = xmlsafe_attr(n, "facing");
	if (v == NULL || (s->facing = dir_parse(v)) < 0) {
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" facing="
		    "\"%s\">: legal: N NE SE S SW NW, or 0-5", s->id,
		    v != NULL ? v : "");
		s->facing = 0;
	}
	free(v);
	v = xmlsafe_attr(n, "speed");
	if (v != NULL && str_to_long(v, -1, l->rs->max_speed, &speed) != 0)
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" speed="
		    "\"%s\">: expected a whole number from -1 to %d", s->id, v,
		    l->rs->max_speed);
	s->speed = (int)speed;
	free(v);
	given = load_rs_attrs(l, n, s);
	if (ok)
		l->rs->ops->ship_defaults(l->rs, l->st, s, given, l->file,
		    ls->info.line, l->d);
	sx_attr_table_fill(l->rs->ops->ship_attrs, l->rs->ops->nship_attrs,
	    s->attr);
}

static int
cmp_lship(const void *a, const void *b)
{
	return strcmp(((const struct lship *)a)->s.id,
	    ((const struct lship *)b)->s.id);
}

static void
load_ships(struct loader *l, xmlNodePtr root)
{
	struct nv_state	*st = l->st;
	struct lship	*ls;
	xmlNodePtr	 n;
	size_t		 count = 0, i;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		count += xmlsafe_is(n, "ship");
	ls = xcalloc(count, sizeof *ls);
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, "ship"))
			load_ship(l, n, &ls[st->nships++]);
	/* Bytewise id order is the order of every roll (the rulings' "Order of
	 * dice"). */
	qsort(ls, count, sizeof *ls, cmp_lship);
	st->ships = xcalloc(count, sizeof *st->ships);
	l->info = xcalloc(count, sizeof *l->info);
	for (i = 0; i < count; i++) {
		st->ships[i] = ls[i].s;
		l->info[i] = ls[i].info;
		if (i > 0 && ls[i].s.id[0] != '\0' &&
		    strcmp(ls[i].s.id, ls[i - 1].s.id) == 0)
			diag_error(l->d, l->file, ls[i].info.line, "duplicate "
			    "ship id \"%s\"; the other is on line %u",
			    ls[i].s.id, ls[i - 1].info.line);
	}
	free(ls);
}

/* Where a ship is: open water on the map, alone (wrecks are loaded). */
static void
check_ship_hex(struct loader *l, size_t i)
{
	struct nv_state	*st = l->st;
	struct nv_ship	*s = &st->ships[i];
	char		 name[8];
	size_t		 j;

	if (s->status == NV_STATUS_EXITED || !l->info[i].hex_ok)
		return;
	state_hex_name(st, s->hex, name);
	if (state_is_land(st, s->hex) && !l->rs->ops->ships_on_land)
		diag_error(l->d, l->file, l->info[i].line, "<ship id=\"%s\" hex="
		    "\"%s\">: that hex is land; ships must be in open water",
		    s->id, name);
	if (!ship_on_map(s))
		return;
	if (state_is_wreck(st, s->hex))
		diag_error(l->d, l->file, l->info[i].line, "<ship id=\"%s\" hex="
		    "\"%s\">: that hex holds a wreck", s->id, name);
	for (j = 0; j < i; j++)
		if (ship_on_map(&st->ships[j]) && l->info[j].hex_ok &&
		    hex_eq(st->ships[j].hex, s->hex))
			diag_error(l->d, l->file, l->info[i].line, "<ship id=\"%s\" "
			    "hex=\"%s\">: ship %s (line %u) is already in that "
			    "hex; two ships never share one", s->id, name,
			    st->ships[j].id, l->info[j].line);
}


static void
check_ship_ids(struct loader *l, size_t i)
{
	struct nv_ship	*s = &l->st->ships[i];
	char		*what = xasprintf("<ship id=\"%s\"", s->id);

	sx_check_id_lists(l, l->info[i].line, what, s->id,
	    l->rs->ops->ship_attrs, l->rs->ops->nship_attrs, s->attr);
	free(what);
}







/* --- wrecks, result ------------------------------------------------------- */

static int
cmp_wreck(const void *a, const void *b)
{
	const struct nv_wreck	*x = a, *y = b;
	int			 c = hex_cmp(x->hex, y->hex);

	return c != 0 ? c : strcmp(x->ship, y->ship);
}

static void
load_wrecks(struct loader *l, xmlNodePtr root)
{
	struct nv_state	*st = l->st;
	struct nv_wreck	*w;
	xmlNodePtr	 n;
	size_t		 count = 0;
	char		*v;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		count += xmlsafe_is(n, "wreck");
	st->wrecks = xcalloc(count, sizeof *st->wrecks);
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "wreck"))
			continue;
		w = &st->wrecks[st->nwrecks];
		if (read_hex(l, n, "<wreck", 0, &w->hex) != 0)
			continue;
		if (state_is_land(st, w->hex))
			diag_error(l->d, l->file, xmlsafe_line(n), "<wreck>: "
			    "that hex is land");
		if ((v = xmlsafe_attr(n, "ship")) != NULL && !str_is_id(v))
			diag_error(l->d, l->file, xmlsafe_line(n), "<wreck ship="
			    "\"%s\">: not a ship id", v);
		else if (v != NULL)
			memcpy(w->ship, v, strlen(v) + 1);
		free(v);
		st->nwrecks++;
	}
	qsort(st->wrecks, st->nwrecks, sizeof *st->wrecks, cmp_wreck);
}

static void
load_scores(struct loader *l, xmlNodePtr res)
{
	struct nv_state	*st = l->st;
	unsigned char	*seen = xcalloc(st->nsides + 1, 1);
	xmlNodePtr	 n;
	char		*v;
	int		 i;

	st->result.score = xcalloc(st->nsides + 1, sizeof(int));
	for (n = xmlsafe_child(res); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "score"))
			continue;
		v = xmlsafe_attr(n, "side");
		i = v != NULL ? state_side_index(st, v) : -1;
		if (i < 0 || seen[i]++)
			diag_error(l->d, l->file, xmlsafe_line(n), "<score side="
			    "\"%s\">: %s", v != NULL ? v : "", i < 0 ?
			    "unknown side" : "this side already has a score");
		else
			st->result.score[i] = read_int(l, n, "points", -99999,
			    99999, 0, 1);
		free(v);
	}
	free(seen);
}

static void
load_result(struct loader *l, xmlNodePtr res)
{
	struct nv_result *r = &l->st->result;
	char		 *v = xmlsafe_attr(res, "status");
	unsigned	  line = xmlsafe_line(res);

	r->winner = -1;
	if (v == NULL || strcmp(v, "playing") == 0) {
		free(v);
		return;
	}
	r->kind = strcmp(v, "won") == 0 ? NV_RESULT_WON : NV_RESULT_DRAWN;
	if (strcmp(v, "won") != 0 && strcmp(v, "drawn") != 0)
		diag_error(l->d, l->file, line, "<result status=\"%s\">: legal:"
		    " playing, won, drawn", v);
	free(v);
	if ((v = xmlsafe_attr(res, "winner")) != NULL)
		r->winner = state_side_index(l->st, v);
	if (r->kind == NV_RESULT_WON && r->winner < 0)
		diag_error(l->d, l->file, line, "<result status=\"won\">: "
		    "winner=\"%s\" is not a side", v != NULL ? v : "");
	else if (r->kind == NV_RESULT_DRAWN && v != NULL)
		diag_error(l->d, l->file, line, "<result status=\"drawn\"> "
		    "has a winner; a drawn game has none");
	free(v);
	r->reason = xmlsafe_attr(res, "reason");
	if (r->reason == NULL)
		r->reason = xstrdup("");
	load_scores(l, res);
}

/* --- the whole file --------------------------------------------------------- */

static void
load_doc(struct loader *l, xmlNodePtr root)
{
	struct nv_state	*st = l->st;
	char		*v;
	xmlNodePtr	 n;
	size_t		 i;

	v = xmlsafe_attr(root, "ruleset");
	if (v == NULL || strcmp(v, l->rs->id) != 0)
		diag_error(l->d, l->file, xmlsafe_line(root), "<scenario "
		    "ruleset=\"%s\">: loaded with ruleset %s",
		    v != NULL ? v : "", l->rs->id);
	free(v);
	st->turn = read_int(l, root, "turn", 1, 99999, 1, 1);
	if ((n = find_child(root, "title")) != NULL)
		st->title = element_text(n);
	if ((n = find_child(root, "settings")) != NULL) {
		st->settings.turn_limit = read_int(l, n, "turn-limit", 0,
		    99999, 0, 0);
		st->settings.visibility = read_int(l, n, "visibility", 0,
		    NV_HEX_MAX, 0, 0);
	}
	if ((n = find_child(root, "map")) == NULL) {
		diag_error(l->d, l->file, xmlsafe_line(root), "the scenario "
		    "has no <map>");
		return;
	}
	load_map(l, n);
	load_sides(l, root);
	sx_load_sides_attrs(l, root);
	load_wrecks(l, root);
	sx_load_markers(l, root);
	load_ships(l, root);
	for (i = 0; i < st->nships; i++) {
		check_ship_hex(l, i);
		check_ship_ids(l, i);
	}
	sx_load_game(l, root);
	st->result.winner = -1;
	if ((n = find_child(root, "result")) != NULL)
		load_result(l, n);
}


struct nv_state *
state_xml_load(const struct nv_ruleset *rs, const char *file,
    const char *buf, size_t len, const char *rng, size_t rnglen,
    struct diag *d)
{
	struct loader	 l = { rs, file, d, NULL, 2, NULL, NULL };
	size_t		 before = d->errors;
	xmlDocPtr	 doc;
	xmlNodePtr	 root = root_of(file, buf, len, d, &doc);

	if (root == NULL || xmlsafe_validate(doc, file, rng, rnglen, d) != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	l.st = xcalloc(1, sizeof *l.st);
	l.st->rs = rs;
	l.statuses = sx_module_statuses(rs);
	load_doc(&l, root);
	free(l.info);
	free(l.statuses);
	xmlFreeDoc(doc);
	if (d->errors > before) {
		state_free(l.st);
		return NULL;
	}
	return l.st;
}

/* For state-xml-rs.c. */
int
sx_read_hex(struct loader *l, xmlNodePtr n, const char *what, int edge,
    struct nv_hex *out)
{
	return read_hex(l, n, what, edge, out);
}

xmlNodePtr
sx_find_child(xmlNodePtr root, const char *name)
{
	return find_child(root, name);
}
