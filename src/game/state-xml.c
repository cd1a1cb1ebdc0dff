/* state-xml.c: building a state from a scenario or state file's tree (see
 * state-xml.h, docs/files.md; parsing and the schema are state-xml-doc.c,
 * the ships state-xml-ship.c, the ruleset's parts state-xml-rs.c, saving
 * state-xml-save.c).
 *
 * Loading reads the elements in a fixed order whatever the document's
 * (map before ships, since hex names depend on the map's size; sides
 * before ships), collects every error with its line and carries on, then
 * checks what needs all ships at once (duplicate ids, shared hexes, ship
 * ids named in other ships' attributes). */
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
int
sx_read_hex_value(struct loader *l, xmlNodePtr n, char *v, const char *what,
    int edge, struct nv_hex *out)
{
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

static int
read_hex(struct loader *l, xmlNodePtr n, const char *what, int edge,
    struct nv_hex *out)
{
	return sx_read_hex_value(l, n, xmlsafe_attr(n, "hex"), what, edge,
	    out);
}

/* The children of <scenario> by kind, in document order, found in one
 * walk: a big battle has tens of thousands of them.  The first <title>,
 * <settings>, <map>, <game> and <result> count. */
struct parts {
	xmlNodePtr	 title, settings, map, game, result;
	xmlNodePtr	*side, *ship, *wreck;		/* owned */
	size_t		 nside, nship, nwreck;
	xmlNodePtr	*squadron, *zone, *marker;	/* owned */
	size_t		 nsquadron, nzone, nmarker;
};

static void
part_add(xmlNodePtr **v, size_t *n, xmlNodePtr node)
{
	/* Doubling at each power of two. */
	if ((*n & (*n - 1)) == 0)
		*v = xreallocarray(*v, *n == 0 ? 1 : 2 * *n, sizeof **v);
	(*v)[(*n)++] = node;
}

static void
parts_read(xmlNodePtr root, struct parts *p)
{
	xmlNodePtr	n;

	memset(p, 0, sizeof *p);
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n)) {
		if (xmlsafe_is(n, "ship"))
			part_add(&p->ship, &p->nship, n);
		else if (xmlsafe_is(n, "side"))
			part_add(&p->side, &p->nside, n);
		else if (xmlsafe_is(n, "wreck"))
			part_add(&p->wreck, &p->nwreck, n);
		else if (xmlsafe_is(n, "squadron"))
			part_add(&p->squadron, &p->nsquadron, n);
		else if (xmlsafe_is(n, "zone"))
			part_add(&p->zone, &p->nzone, n);
		else if (xmlsafe_is(n, "marker"))
			part_add(&p->marker, &p->nmarker, n);
		else if (xmlsafe_is(n, "game") && p->game == NULL)
			p->game = n;
		else if (xmlsafe_is(n, "title") && p->title == NULL)
			p->title = n;
		else if (xmlsafe_is(n, "settings") && p->settings == NULL)
			p->settings = n;
		else if (xmlsafe_is(n, "map") && p->map == NULL)
			p->map = n;
		else if (xmlsafe_is(n, "result") && p->result == NULL)
			p->result = n;
	}
}

static void
parts_free(struct parts *p)
{
	free(p->side);
	free(p->ship);
	free(p->wreck);
	free(p->squadron);
	free(p->zone);
	free(p->marker);
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
load_sides(struct loader *l, xmlNodePtr root, const struct parts *p)
{
	size_t	i;

	l->st->sides = xcalloc(p->nside, sizeof *l->st->sides);
	for (i = 0; i < p->nside; i++) {
		load_side(l, p->side[i], &l->st->sides[l->st->nsides]);
		l->st->nsides++;
	}
	if (p->nside == 0)
		diag_error(l->d, l->file, xmlsafe_line(root), "the scenario "
		    "has no <side>");
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
load_wrecks(struct loader *l, const struct parts *p)
{
	struct nv_state	*st = l->st;
	struct nv_wreck	*w;
	xmlNodePtr	 n;
	size_t		 i;
	char		*v;

	st->wrecks = xcalloc(p->nwreck, sizeof *st->wrecks);
	for (i = 0; i < p->nwreck; i++) {
		n = p->wreck[i];
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

/* What comes before the ships and what they need: the root's attributes,
 * title, settings, map and sides.  0, or -1 when there is no map (then
 * nothing else can be read). */
static int
load_head(struct loader *l, xmlNodePtr root, const struct parts *p)
{
	struct nv_state	*st = l->st;
	char		*v;

	v = xmlsafe_attr(root, "ruleset");
	if (v == NULL || strcmp(v, l->rs->id) != 0)
		diag_error(l->d, l->file, xmlsafe_line(root), "<scenario "
		    "ruleset=\"%s\">: loaded with ruleset %s",
		    v != NULL ? v : "", l->rs->id);
	free(v);
	/* Turn 0 is the deployment turn (docs/orders.md). */
	st->turn = read_int(l, root, "turn", 0, 99999, 1, 1);
	if (p->title != NULL)
		st->title = xmlsafe_text(p->title);
	if (p->settings != NULL) {
		st->settings.turn_limit = read_int(l, p->settings,
		    "turn-limit", 0, 99999, 0, 0);
		st->settings.visibility = read_int(l, p->settings,
		    "visibility", 0, NV_HEX_MAX, 0, 0);
	}
	if (p->map == NULL) {
		diag_error(l->d, l->file, xmlsafe_line(root), "the scenario "
		    "has no <map>");
		return -1;
	}
	load_map(l, p->map);
	load_sides(l, root, p);
	sx_load_sides_attrs(l, root);
	sx_load_squadrons(l, p->squadron, p->nsquadron);
	sx_load_zones(l, p->zone, p->nzone);
	return 0;
}

/* What comes after the ships, once they are in order: the checks that
 * need every ship, the game's attributes, the result. */
static void
load_end(struct loader *l, xmlNodePtr root, const struct parts *p)
{
	sx_check_ships(l);
	sx_load_game(l, root, p->game);
	l->st->result.winner = -1;
	if (p->result != NULL)
		load_result(l, p->result);
}

static void
load_doc(struct loader *l, xmlNodePtr root)
{
	struct parts	p;

	parts_read(root, &p);
	if (load_head(l, root, &p) == 0) {
		load_wrecks(l, &p);
		sx_load_markers(l, p.marker, p.nmarker);
		sx_load_ships(l, p.ship, p.nship);
		load_end(l, root, &p);
	}
	parts_free(&p);
}

void
sx_loader_begin(struct loader *l, const struct nv_ruleset *rs,
    const char *file, struct diag *d)
{
	memset(l, 0, sizeof *l);
	l->rs = rs;
	l->file = file;
	l->d = d;
	l->digits = 2;
	l->st = xcalloc(1, sizeof *l->st);
	l->st->rs = rs;
	l->statuses = sx_module_statuses(rs);
	sx_slots_init(l);
}

struct nv_state *
sx_loader_end(struct loader *l, size_t before)
{
	sx_slots_free(l);
	free(l->info);
	free(l->statuses);
	if (l->d->errors > before) {
		state_free(l->st);
		return NULL;
	}
	return l->st;
}

struct nv_state *
state_xml_build(const struct nv_ruleset *rs, const char *file,
    xmlNodePtr root, struct diag *d)
{
	struct loader	 l;
	size_t		 before = d->errors;

	sx_loader_begin(&l, rs, file, d);
	load_doc(&l, root);
	return sx_loader_end(&l, before);
}

/* The streaming builder's halves (state-xml-stream.c): root holds the
 * elements read so far, ships excepted.  Before the first ship: what
 * load_doc reads before the ships that the ships need (the map, the
 * sides); after the last, once the ships are in order (sx_ships_end):
 * the rest. */
void
sx_stream_head(struct loader *l, xmlNodePtr root)
{
	struct parts	p;

	parts_read(root, &p);
	(void)load_head(l, root, &p);
	parts_free(&p);
}

void
sx_stream_tail(struct loader *l, xmlNodePtr root)
{
	struct parts	p;

	parts_read(root, &p);
	if (p.map != NULL) {
		load_wrecks(l, &p);
		sx_load_markers(l, p.marker, p.nmarker);
		load_end(l, root, &p);
	}
	parts_free(&p);
}

/* For state-xml-rs.c. */
int
sx_read_hex(struct loader *l, xmlNodePtr n, const char *what, int edge,
    struct nv_hex *out)
{
	return read_hex(l, n, what, edge, out);
}
