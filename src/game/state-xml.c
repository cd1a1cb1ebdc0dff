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

/* The common <side> attributes, and the <game> element's (none: all are
 * the ruleset's). */
static const char *const common_side_attrs[] = {
	"id", "nation", "crew", "name", NULL
};
static const char *const common_game_attrs[] = { NULL };

struct loader {
	const struct nv_ruleset	*rs;
	const char		*file;
	struct diag		*d;
	struct nv_state		*st;
	int			 digits;	/* per coordinate in hex names */
	struct shipinfo		*info;		/* per ship, parallel to ships */
	char			*statuses;	/* the module's statuses for
						   messages: ", fled"; owned */
};

struct shipinfo {
	unsigned	 line;		/* for messages */
	int		 hex_ok;	/* its hex was read */
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

/* 1 if name is one of the NULL-terminated list. */
static int
in_list(const char *const *list, const char *name)
{
	int	i;

	for (i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

static int
attr_index(const struct nv_attr_def *defs, size_t ndefs, const char *name)
{
	size_t	i;

	for (i = 0; i < ndefs; i++)
		if (strcmp(defs[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* Every attribute of n is a common one or one of the ruleset's table.
 * what starts the message: "<ship id=\"x\"". */
static void
check_attrs_known(struct loader *l, xmlNodePtr n, const char *what,
    const char *const *common, const struct nv_attr_def *defs,
    size_t ndefs)
{
	xmlAttrPtr	a;
	const char	*name;

	for (a = n->properties; a != NULL; a = a->next) {
		name = (const char *)a->name;
		if (!in_list(common, name) &&
		    attr_index(defs, ndefs, name) < 0)
			diag_error(l->d, l->file, xmlsafe_line(n), "%s>: "
			    "unknown attribute %s for ruleset %s; see "
			    "docs/files.md", what, name, l->rs->id);
	}
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A list of ship ids: checked, sorted, duplicates dropped, one space
 * between them.  what starts the message, e.g. "<ship". */
static char *
normalise_ids(struct loader *l, xmlNodePtr n, const char *what,
    const char *name, char *v)
{
	char		**argv = xcalloc(strlen(v) / 2 + 1, sizeof *argv);
	size_t		  argc, i;
	struct buf	  b = BUF_INIT;

	argc = str_split_words(v, argv, strlen(v) / 2 + 1);
	qsort(argv, argc, sizeof *argv, cmp_str);
	for (i = 0; i < argc; i++) {
		if (!str_is_id(argv[i]))
			diag_error(l->d, l->file, xmlsafe_line(n), "%s %s>: "
			    "\"%s\" is not a ship id (1-%d of a-z, 0-9, '_' "
			    "and '-')", what, name, argv[i], NV_ID_MAX);
		else if (i == 0 || strcmp(argv[i], argv[i - 1]) != 0)
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "", argv[i]);
	}
	free(argv);
	return buf_detach(&b);
}

/* A ruleset attribute table's values on element n into vals (ndefs
 * entries, zeroed); returns the bits of those given.  what starts the
 * messages: "<ship id=\"x\"", "<side id=\"a\"", "<game". */
static unsigned long
load_attr_table(struct loader *l, xmlNodePtr n, const char *what,
    const struct nv_attr_def *defs, size_t ndefs, struct nv_attrval *vals)
{
	const struct nv_attr_def *def;
	unsigned long		  given = 0;
	size_t			  i;
	char			 *v, *tag;

	for (i = 0; i < ndefs; i++) {
		def = &defs[i];
		if ((v = xmlsafe_attr(n, def->name)) == NULL)
			continue;
		given |= 1UL << i;
		if (def->kind == NV_ATTR_INT) {
			if (str_to_long(v, def->min, def->max, &vals[i].i))
				diag_error(l->d, l->file, xmlsafe_line(n),
				    "%s %s=\"%s\">: expected a whole number "
				    "from %ld to %ld", what, def->name, v,
				    def->min, def->max);
		} else if (def->kind == NV_ATTR_IDS) {
			/* "<ship" of "<ship id=..."; the id is in the list's
			 * message already when it matters. */
			tag = xstrdup(what);
			tag[strcspn(tag, " ")] = '\0';
			vals[i].s = normalise_ids(l, n, tag, def->name, v);
			free(tag);
		} else
			vals[i].s = xstrdup(v);
		free(v);
	}
	return given;
}

/* What a table's attributes are when neither the file nor the module's
 * defaults hook give them: 0 (or min, if above 0), "". */
static void
attr_table_defaults(const struct nv_attr_def *defs, size_t ndefs,
    struct nv_attrval *vals, unsigned long given)
{
	size_t	i;

	for (i = 0; i < ndefs; i++) {
		if (given & (1UL << i))
			continue;
		if (defs[i].kind == NV_ATTR_INT)
			vals[i].i = defs[i].min > 0 ? defs[i].min :
			    defs[i].max < 0 ? defs[i].max : 0;
		else if (vals[i].s == NULL)
			vals[i].s = xstrdup("");
	}
}

/* Whatever the module left unset, so that saving never meets NULL. */
static void
attr_table_fill(const struct nv_attr_def *defs, size_t ndefs,
    struct nv_attrval *vals)
{
	size_t	i;

	for (i = 0; i < ndefs; i++)
		if (defs[i].kind != NV_ATTR_INT && vals[i].s == NULL)
			vals[i].s = xstrdup("");
}

/* The ruleset's attributes of one ship; returns the bits of those given. */
static unsigned long
load_rs_attrs(struct loader *l, xmlNodePtr n, struct nv_ship *s)
{
	char		*what = xasprintf("<ship id=\"%s\"", s->id);
	unsigned long	 given;

	given = load_attr_table(l, n, what, l->rs->ops->ship_attrs,
	    l->rs->ops->nship_attrs, s->attr);
	free(what);
	return given;
}

static void
check_ship_attrs_known(struct loader *l, xmlNodePtr n, const char *id)
{
	char	*what = xasprintf("<ship id=\"%s\"", id);

	check_attrs_known(l, n, what, common_ship_attrs,
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
	attr_table_fill(l->rs->ops->ship_attrs, l->rs->ops->nship_attrs,
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

/* Ship ids named in a table's id-list attributes must exist (and not be
 * self, the element's own ship, when it is one).  what starts the
 * message: "<ship id=\"x\"". */
static void
check_id_lists(struct loader *l, unsigned line, const char *what,
    const char *self, const struct nv_attr_def *defs, size_t ndefs,
    const struct nv_attrval *vals)
{
	char		*copy, **argv;
	size_t		 a, argc, k;
	int		 me;

	for (a = 0; a < ndefs; a++) {
		if (defs[a].kind != NV_ATTR_IDS)
			continue;
		copy = xstrdup(vals[a].s);
		argv = xcalloc(strlen(copy) / 2 + 1, sizeof *argv);
		argc = str_split_words(copy, argv, strlen(copy) / 2 + 1);
		for (k = 0; k < argc; k++) {
			me = self != NULL && strcmp(argv[k], self) == 0;
			if (state_ship_index(l->st, argv[k]) < 0 || me)
				diag_error(l->d, l->file, line, "%s %s=\"%s\">: "
				    "\"%s\" is %s", what, defs[a].name,
				    vals[a].s, argv[k], me ? "the ship itself" :
				    "not a ship");
		}
		free(argv);
		free(copy);
	}
}

static void
check_ship_ids(struct loader *l, size_t i)
{
	struct nv_ship	*s = &l->st->ships[i];
	char		*what = xasprintf("<ship id=\"%s\"", s->id);

	check_id_lists(l, l->info[i].line, what, s->id,
	    l->rs->ops->ship_attrs, l->rs->ops->nship_attrs, s->attr);
	free(what);
}

/* --- the ruleset's side and game attributes, markers ---------------------- */

/* The i-th <side>'s attributes of the ruleset (after every side, before
 * the ships, so that the defaults hook sees all sides). */
static void
load_side_attrs(struct loader *l, xmlNodePtr n, size_t i)
{
	const struct nv_ruleset_ops	*ops = l->rs->ops;
	struct nv_side			*sd = &l->st->sides[i];
	char				*what;
	unsigned long			 given;

	what = xasprintf("<side id=\"%s\"", sd->id);
	sd->attr = xcalloc(ops->nside_attrs + 1, sizeof *sd->attr);
	check_attrs_known(l, n, what, common_side_attrs, ops->side_attrs,
	    ops->nside_attrs);
	given = load_attr_table(l, n, what, ops->side_attrs,
	    ops->nside_attrs, sd->attr);
	attr_table_defaults(ops->side_attrs, ops->nside_attrs, sd->attr,
	    given);
	if (ops->side_defaults != NULL)
		ops->side_defaults(l->rs, l->st, sd, given, l->file,
		    xmlsafe_line(n), l->d);
	attr_table_fill(ops->side_attrs, ops->nside_attrs, sd->attr);
	free(what);
}

static void
load_sides_attrs(struct loader *l, xmlNodePtr root)
{
	xmlNodePtr	n;
	size_t		i = 0;

	for (n = xmlsafe_child(root); n != NULL && i < l->st->nsides;
	    n = xmlsafe_next(n))
		if (xmlsafe_is(n, "side"))
			load_side_attrs(l, n, i++);
}

/* <game>: the ruleset's game attributes, after the ships (the defaults
 * hook may look at them); absent, every one takes its default. */
static void
load_game(struct loader *l, xmlNodePtr root)
{
	const struct nv_ruleset_ops	*ops = l->rs->ops;
	struct nv_state			*st = l->st;
	xmlNodePtr			 n = find_child(root, "game");
	unsigned long			 given = 0;
	unsigned			 line = xmlsafe_line(n != NULL ? n : root);
	size_t				 i;

	st->attr = xcalloc(ops->ngame_attrs + 1, sizeof *st->attr);
	if (n != NULL) {
		check_attrs_known(l, n, "<game", common_game_attrs,
		    ops->game_attrs, ops->ngame_attrs);
		given = load_attr_table(l, n, "<game", ops->game_attrs,
		    ops->ngame_attrs, st->attr);
	}
	attr_table_defaults(ops->game_attrs, ops->ngame_attrs, st->attr,
	    given);
	if (ops->game_defaults != NULL)
		ops->game_defaults(l->rs, st, given, l->file, line, l->d);
	attr_table_fill(ops->game_attrs, ops->ngame_attrs, st->attr);
	check_id_lists(l, line, "<game", NULL, ops->game_attrs,
	    ops->ngame_attrs, st->attr);
	for (i = 0; i < st->nsides; i++) {
		char *what = xasprintf("<side id=\"%s\"", st->sides[i].id);

		check_id_lists(l, line, what, NULL, ops->side_attrs,
		    ops->nside_attrs, st->sides[i].attr);
		free(what);
	}
}

static int
marker_kind(const struct nv_ruleset *rs, const char *name)
{
	size_t	k;

	for (k = 0; name != NULL && k < rs->ops->nmarker_kinds; k++)
		if (strcmp(rs->ops->marker_kinds[k].name, name) == 0)
			return (int)k;
	return -1;
}

static void
load_marker(struct loader *l, xmlNodePtr n)
{
	const struct nv_ruleset_ops	*ops = l->rs->ops;
	struct nv_hex			 h;
	char				*kind, *ship;
	long				 value = 0;
	int				 k;
	size_t				 i;

	if (read_hex(l, n, "<marker", 0, &h) != 0)
		return;
	kind = xmlsafe_attr(n, "kind");
	if ((k = marker_kind(l->rs, kind)) < 0) {
		struct buf b = BUF_INIT;

		for (i = 0; i < ops->nmarker_kinds; i++)
			buf_printf(&b, "%s%s", i > 0 ? ", " : "",
			    ops->marker_kinds[i].name);
		diag_error(l->d, l->file, xmlsafe_line(n), "<marker kind=\"%s\">"
		    ": legal in ruleset %s: %s", kind != NULL ? kind : "",
		    l->rs->id, b.len > 0 ? buf_str(&b) : "none");
		buf_free(&b);
		free(kind);
		return;
	}
	free(kind);
	if ((ship = xmlsafe_attr(n, "ship")) != NULL && !str_is_id(ship)) {
		diag_error(l->d, l->file, xmlsafe_line(n), "<marker ship="
		    "\"%s\">: not a ship id", ship);
		free(ship);
		return;
	}
	if (xmlsafe_int(n, "value", -999999, 999999, &value, l->file,
	    l->d) < 0) {
		free(ship);
		return;
	}
	(void)state_add_marker(l->st, h, k, ship, value);
	free(ship);
}

static void
load_markers(struct loader *l, xmlNodePtr root)
{
	xmlNodePtr	n;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, "marker"))
			load_marker(l, n);
	l->st->marker_gen = 0;
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
	load_sides_attrs(l, root);
	load_wrecks(l, root);
	load_markers(l, root);
	load_ships(l, root);
	for (i = 0; i < st->nships; i++) {
		check_ship_hex(l, i);
		check_ship_ids(l, i);
	}
	load_game(l, root);
	st->result.winner = -1;
	if ((n = find_child(root, "result")) != NULL)
		load_result(l, n);
}

/* ", fled, removed" for the message on a bad status ("" for none). */
static char *
module_statuses(const struct nv_ruleset *rs)
{
	struct buf	b = BUF_INIT;
	size_t		k;

	buf_adds(&b, "");
	for (k = 0; k < rs->ops->nstatuses; k++)
		buf_printf(&b, ", %s", rs->ops->statuses[k].name);
	return buf_detach(&b);
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
	l.statuses = module_statuses(rs);
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
