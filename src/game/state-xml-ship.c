/* state-xml-ship.c: the <ship> elements of a scenario or state file
 * (see state-xml-int.h; state-xml.c reads the rest of the document).
 *
 * Each ship's attributes are found in one walk over the element's
 * attributes, into slots by name (the common ones, then the ruleset's
 * table), rather than by a search of them all for each of some thirty
 * names: a big battle has tens of thousands of ships.  What is read, and
 * every error and its order, is as with a search by name (xmlGetNoNsProp:
 * an attribute in a namespace is not the one of that name). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "ruleset.h"
#include "shipindex.h"
#include "state-xml-int.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* The common <ship> attributes, in the order they are written: slots
 * SA_ID ... SA_STANDING; the ruleset's take SA_COMMON + their index. */
enum { SA_ID, SA_NAME, SA_SIDE, SA_OWNER, SA_SQUADRON, SA_CLASS, SA_CREW,
	SA_HEX, SA_FACING, SA_SPEED, SA_STATUS, SA_STANDING, SA_COMMON };

static const char *const common_ship_attrs[SA_COMMON + 1] = {
	"id", "name", "side", "owner", "squadron", "class", "crew", "hex",
	"facing", "speed", "status", "standing", NULL
};

struct slot_name {
	const char	*name;
	int		 slot;
};

/* One ship while loading, with its line, so both can be sorted. */
struct lship {
	struct nv_ship	 s;
	struct shipinfo	 info;
};

/* --- attributes by slot ---------------------------------------------------- */

static int
cmp_slot(const void *a, const void *b)
{
	return strcmp(((const struct slot_name *)a)->name,
	    ((const struct slot_name *)b)->name);
}

void
sx_slots_init(struct loader *l)
{
	size_t	i, n = SA_COMMON + l->rs->ops->nship_attrs;

	l->slots = xcalloc(n, sizeof *l->slots);
	for (i = 0; i < n; i++) {
		l->slots[i].name = i < SA_COMMON ? common_ship_attrs[i] :
		    l->rs->ops->ship_attrs[i - SA_COMMON].name;
		l->slots[i].slot = (int)i;
	}
	qsort(l->slots, n, sizeof *l->slots, cmp_slot);
	l->nslots = n;
	l->slots_unique = 1;
	for (i = 1; i < n; i++)
		if (cmp_slot(&l->slots[i - 1], &l->slots[i]) == 0)
			l->slots_unique = 0;
	l->sa = xcalloc(n, sizeof *l->sa);
	l->sv = xcalloc(n, sizeof *l->sv);
	l->val = xcalloc(n, sizeof *l->val);
}

static void
values_free(struct loader *l)
{
	size_t	k;

	for (k = 0; k < l->nslots; k++) {
		free(l->sv[k]);
		l->sv[k] = NULL;
		l->val[k] = NULL;
	}
}

void
sx_slots_free(struct loader *l)
{
	if (l->sv != NULL)
		values_free(l);
	free(l->slots);
	free(l->sa);
	free(l->sv);
	free(l->val);
	l->slots = NULL;
	l->sa = NULL;
	l->sv = NULL;
	l->val = NULL;
	l->nslots = 0;
}

/* The slot of an attribute name, or -1 if no ship has it. */
static int
slot_of(const struct loader *l, const char *name)
{
	struct slot_name	 key = { name, 0 }, *hit;

	hit = bsearch(&key, l->slots, l->nslots, sizeof *l->slots, cmp_slot);
	return hit != NULL ? hit->slot : -1;
}

static const char *
slot_name(const struct loader *l, size_t k)
{
	return k < SA_COMMON ? common_ship_attrs[k] :
	    l->rs->ops->ship_attrs[k - SA_COMMON].name;
}

/* slot_of, trying first the few slots from `from` on: Navarch writes a
 * ship's attributes in slot order, some of them optional, so the next
 * attribute is nearly always one of those.  A big battle reads some
 * thirty attributes a ship (issue 16: the search was 6% of a turn). */
static int
slot_after(const struct loader *l, const char *name, size_t from)
{
	size_t	k;

	for (k = from; l->slots_unique && k < from + 4 && k < l->nslots; k++)
		if (strcmp(name, slot_name(l, k)) == 0)
			return (int)k;
	return slot_of(l, name);
}

/* Fills l->sa and l->val with the attributes of ship element n, and
 * counts in l->nunknown those of no slot.  A value is the attribute's own
 * text, or a copy of it made once (in l->sv); either lasts until the next
 * ship is read.  Numbers are parsed from it without a copy (issue 16:
 * some twenty a ship, each a malloc and a free). */
static void
slots_read(struct loader *l, xmlNodePtr n)
{
	xmlAttrPtr	a;
	int		k, next = 0, whole;

	memset(l->sa, 0, l->nslots * sizeof *l->sa);
	values_free(l);
	l->nunknown = 0;
	for (a = n->properties; a != NULL; a = a->next) {
		if ((k = slot_after(l, (const char *)a->name, (size_t)next))
		    < 0) {
			l->nunknown++;
			continue;
		}
		next = k + 1;
		if (a->ns != NULL || l->sa[k] != NULL)
			continue;
		l->sa[k] = a;
		l->val[k] = xmlsafe_attr_text(a, &whole);
		if (!whole)
			l->val[k] = l->sv[k] = xmlsafe_attr_value(a);
	}
}

void
sx_ship_begin(struct loader *l)
{
	memset(l->sa, 0, l->nslots * sizeof *l->sa);
	values_free(l);
	l->nunknown = 0;
	l->next_slot = 0;
}

int
sx_ship_value(struct loader *l, const char *name, const char *value)
{
	int	k;

	if ((k = slot_after(l, name, l->next_slot)) < 0 || l->val[k] != NULL)
		return -1;
	l->next_slot = (size_t)k + 1;
	l->val[k] = value;
	return 0;
}

/* The value of the ship's attribute in slot k (slots_read), or NULL
 * when it has none. */
static const char *
sattr_c(const struct loader *l, int k)
{
	return l->val[k];
}

/* The same, owned by the caller. */
static char *
sattr(struct loader *l, int k)
{
	const char	*v = sattr_c(l, k);

	return v != NULL ? xstrdup(v) : NULL;
}

/* "<ship id=\"ID\"", which begins every message about ship s, written
 * into what (SHIP_WHAT bytes) rather than allocated: three times a ship
 * for messages that are nearly never made. */
#define SHIP_WHAT	(sizeof "<ship id=\"\"" + NV_ID_MAX)

static const char *
ship_what(char *what, const struct nv_ship *s)
{
	static const char	 open[] = "<ship id=\"";
	size_t			 n = strnlen(s->id, NV_ID_MAX);

	memcpy(what, open, sizeof open - 1);
	memcpy(what + sizeof open - 1, s->id, n);
	memcpy(what + sizeof open - 1 + n, "\"", 2);
	return what;
}

/* --- one ship --------------------------------------------------------------- */

/* The ruleset's attributes of one ship; returns the bits of those given. */
static unsigned long
load_rs_attrs(struct loader *l, xmlNodePtr n, struct nv_ship *s)
{
	size_t		 i, na = l->rs->ops->nship_attrs;
	char		 buf[SHIP_WHAT];
	const char	*what = ship_what(buf, s);
	const char	**v = xcalloc(na + 1, sizeof *v);
	unsigned long	 given;

	for (i = 0; i < na; i++)
		v[i] = sattr_c(l, SA_COMMON + (int)i);
	given = sx_load_attr_values(l, n, what, l->rs->ops->ship_attrs, na,
	    s->attr, v);
	free(v);
	return given;
}

/* Every attribute is a common one or the ruleset's: the message of
 * sx_check_attrs_known, with the names looked up by slot. */
static void
check_ship_attrs_known(struct loader *l, xmlNodePtr n, const char *id)
{
	xmlAttrPtr	a;
	const char	*name;

	if (l->nunknown == 0)		/* slots_read found none */
		return;
	for (a = n->properties; a != NULL; a = a->next) {
		name = (const char *)a->name;
		if (slot_of(l, name) < 0)
			diag_error(l->d, l->file, xmlsafe_line(n), "<ship id="
			    "\"%s\">: unknown attribute %s for ruleset %s; see "
			    "docs/files.md", id, name, l->rs->id);
	}
}

/* Looks up an id-valued attribute in a table; -1 with an error if the
 * value is unknown, def if the attribute is absent. */
static int
ship_ref(struct loader *l, xmlNodePtr n, const struct nv_ship *s, int slot,
    int def, int (*find)(const void *, const char *), const void *where,
    const char *what)
{
	const char	*name = common_ship_attrs[slot];
	const char	*v = sattr_c(l, slot);
	int		 i;

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
	const char	*v = sattr_c(l, SA_ID);
	int		 def;

	if (v == NULL || !str_is_id(v)) {
		diag_error(l->d, l->file, xmlsafe_line(n), "<ship id=\"%s\">: "
		    "ship ids are 1-%d of lower-case a-z, 0-9, '_' and '-'",
		    v != NULL ? v : "", NV_ID_MAX);
		return -1;
	}
	memcpy(s->id, v, strlen(v) + 1);
	s->name = sattr(l, SA_NAME);
	s->side = ship_ref(l, n, s, SA_SIDE, -2, find_side, l->st, "side");
	s->owner = ship_ref(l, n, s, SA_OWNER, s->side, find_side, l->st,
	    "side");
	s->cls = ship_ref(l, n, s, SA_CLASS, -2, find_class, l->rs,
	    "ship class");
	def = s->side >= 0 ? l->st->sides[s->side].crew : -1;
	s->crew = ship_ref(l, n, s, SA_CREW, def, find_crew, l->rs,
	    "crew quality");
	if (s->side < 0 || s->owner < 0 || s->cls < 0 || s->crew < 0 ||
	    l->st->sides[s->owner].nation < 0 ||
	    l->st->sides[s->side].nation < 0)
		return -1;
	return 0;
}

/* status, hex, facing and speed. */
static void
load_ship_place(struct loader *l, xmlNodePtr n, struct lship *ls)
{
	struct nv_ship	*s = &ls->s;
	const char	*v;
	char		 what[SHIP_WHAT];
	int		 status;
	long		 speed = 0;

	v = sattr_c(l, SA_STATUS);
	s->status = NV_STATUS_AFLOAT;
	if (v != NULL && (status = ruleset_status_parse(l->rs, v)) < 0)
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" "
		    "status=\"%s\">: legal: afloat, sunk, captured, exited%s",
		    s->id, v, l->statuses);
	else if (v != NULL)
		s->status = status;
	/* A ship that left the battle another way than sinking may have
	 * left it across the edge. */
	ls->info.hex_ok = sx_read_hex_value(l, n, sattr(l, SA_HEX),
	    ship_what(what, s), status_may_be_off_map(s->status),
	    &s->hex) == 0;
	v = sattr_c(l, SA_FACING);
	if (v == NULL || (s->facing = dir_parse(v)) < 0) {
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" facing="
		    "\"%s\">: legal: N NE SE S SW NW, or 0-5", s->id,
		    v != NULL ? v : "");
		s->facing = 0;
	}
	v = sattr_c(l, SA_SPEED);
	if (v == NULL)
		speed = l->rs->ops->speed_unset;
	else if (str_to_long(v, -1, l->rs->max_speed, &speed) != 0)
		diag_error(l->d, l->file, ls->info.line, "<ship id=\"%s\" speed="
		    "\"%s\">: expected a whole number from -1 to %d", s->id, v,
		    l->rs->max_speed);
	s->speed = (int)speed;
}

/* The ship of l->val (slots_read, or sx_ship_value when n is NULL: then
 * messages name the line alone, and no attribute is unknown). */
static void
load_ship(struct loader *l, xmlNodePtr n, struct lship *ls, unsigned line)
{
	struct nv_ship	*s = &ls->s;
	unsigned long	 given;
	int		 ok;

	ls->info.line = line;
	/* Zeroed by ship_room. */
	s->attr = l->attrs + (size_t)(ls - l->ls) * state_attr_stride(l->rs);
	ok = load_ship_refs(l, n, s) == 0;
	sx_load_ship_v2(l, n, s, sattr(l, SA_SQUADRON), sattr(l, SA_STANDING));
	check_ship_attrs_known(l, n, s->id);
	load_ship_place(l, n, ls);
	given = load_rs_attrs(l, n, s);
	if (ok)
		l->rs->ops->ship_defaults(l->rs, l->st, s, given, l->file,
		    ls->info.line, l->d);
	sx_attr_table_fill(l->rs->ops->ship_attrs, l->rs->ops->nship_attrs,
	    s->attr);
}

/* --- every ship ------------------------------------------------------------- */

/* Id order; of two ships with one id (an error), document order. */
static int
cmp_lship(const void *a, const void *b)
{
	const struct lship	*x = *(const struct lship *const *)a;
	const struct lship	*y = *(const struct lship *const *)b;
	int			 c = strcmp(x->s.id, y->s.id);

	if (c != 0)
		return c;
	return (x->info.line > y->info.line) - (x->info.line < y->info.line);
}

/* Room for one more ship, zeroed: its place in l->ls. */
static struct lship *
ship_room(struct loader *l)
{
	size_t	k = l->st->nships, j, stride = state_attr_stride(l->rs);

	/* Doubling at each power of two; the attribute values of the ships
	 * read so far move with their block. */
	if ((k & (k - 1)) == 0) {
		l->ls = xreallocarray(l->ls, k == 0 ? 1 : 2 * k,
		    sizeof *l->ls);
		l->attrs = xreallocarray(l->attrs, k == 0 ? 1 : 2 * k,
		    stride * sizeof *l->attrs);
		for (j = 0; j < k; j++)
			l->ls[j].s.attr = l->attrs + j * stride;
	}
	memset(&l->ls[k], 0, sizeof l->ls[k]);
	memset(l->attrs + k * stride, 0, stride * sizeof *l->attrs);
	return &l->ls[l->st->nships++];
}

void
sx_ship_add(struct loader *l, xmlNodePtr n)
{
	struct lship	*ls = ship_room(l);

	slots_read(l, n);
	load_ship(l, n, ls, xmlsafe_line(n));
}

void
sx_ship_add_values(struct loader *l, unsigned line)
{
	load_ship(l, NULL, ship_room(l), line);
}

void
sx_load_ships(struct loader *l, xmlNodePtr *ships, size_t count)
{
	size_t	i;

	for (i = 0; i < count; i++)
		sx_ship_add(l, ships[i]);
	sx_ships_end(l);
}

void
sx_ships_end(struct loader *l)
{
	struct nv_state	*st = l->st;
	struct lship	*ls = l->ls, **ord;
	size_t		 i, count = st->nships, stride;

	/* The block grew by doubling: what the state keeps is its ships'
	 * values alone (a third less at 10,000 ships). */
	if (count > 0) {
		stride = state_attr_stride(l->rs);
		l->attrs = xreallocarray(l->attrs, count,
		    stride * sizeof *l->attrs);
		for (i = 0; i < count; i++)
			ls[i].s.attr = l->attrs + i * stride;
	}
	ord = xcalloc(count + 1, sizeof *ord);
	for (i = 0; i < count; i++)
		ord[i] = &ls[i];
	/* Bytewise id order is the order of every roll (the rulings' "Order
	 * of dice").  The ships are big: their places are sorted. */
	qsort(ord, count, sizeof *ord, cmp_lship);
	st->ships = xcalloc(count, sizeof *st->ships);
	l->info = xcalloc(count, sizeof *l->info);
	for (i = 0; i < count; i++) {
		st->ships[i] = ord[i]->s;
		l->info[i] = ord[i]->info;
		if (i > 0 && ord[i]->s.id[0] != '\0' &&
		    strcmp(ord[i]->s.id, ord[i - 1]->s.id) == 0)
			diag_error(l->d, l->file, ord[i]->info.line, "duplicate "
			    "ship id \"%s\"; the other is on line %u",
			    ord[i]->s.id, ord[i - 1]->info.line);
	}
	free(ord);
	free(ls);
	st->ship_ids = shipindex_build(st->ships, count);
	/* Every ship's attr points into it (sorting moved the ships, not
	 * their values). */
	st->ship_attrs = l->attrs;
	l->attrs = NULL;
	l->ls = NULL;
}

/* The ships that are on the map with a hex read, sorted by hex and, in
 * one hex, by index: ships sharing a hex stand side by side, so that
 * check_ship_hex finds the earlier ones without a scan of every ship. */
struct placed_ship {
	struct nv_hex	 hex;
	size_t		 i;
};

struct placed {
	struct placed_ship *by_hex;
	size_t		 n;
	size_t		*pos;	/* per ship: its place in by_hex, or SIZE_MAX */
};

static int
cmp_placed(const void *a, const void *b)
{
	const struct placed_ship *x = a, *y = b;
	int			  c = hex_cmp(x->hex, y->hex);

	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

static void
placed_build(struct loader *l, struct placed *p)
{
	const struct nv_ship	*s;
	size_t			 i;

	p->by_hex = xcalloc(l->st->nships + 1, sizeof *p->by_hex);
	p->pos = xcalloc(l->st->nships + 1, sizeof *p->pos);
	p->n = 0;
	for (i = 0; i < l->st->nships; i++) {
		s = &l->st->ships[i];
		p->pos[i] = SIZE_MAX;
		if (s->status != NV_STATUS_EXITED && l->info[i].hex_ok &&
		    ship_on_map(s)) {
			p->by_hex[p->n].hex = s->hex;
			p->by_hex[p->n++].i = i;
		}
	}
	qsort(p->by_hex, p->n, sizeof *p->by_hex, cmp_placed);
	for (i = 0; i < p->n; i++)
		p->pos[p->by_hex[i].i] = i;
}

static void
placed_free(struct placed *p)
{
	free(p->by_hex);
	free(p->pos);
}

/* Where a ship is: open water on the map, alone (wrecks are loaded).  Of
 * ships sharing a hex, each is told about every earlier one. */
static void
check_ship_hex(struct loader *l, const struct placed *p, size_t i)
{
	struct nv_state	*st = l->st;
	struct nv_ship	*s = &st->ships[i];
	char		 name[8];
	size_t		 k, first, j;

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
	for (first = p->pos[i]; first > 0 &&
	    hex_eq(p->by_hex[first - 1].hex, s->hex); first--)
		;
	for (k = first; k < p->pos[i]; k++) {
		j = p->by_hex[k].i;
		diag_error(l->d, l->file, l->info[i].line, "<ship id=\"%s\" "
		    "hex=\"%s\">: ship %s (line %u) is already in that "
		    "hex; two ships never share one", s->id, name,
		    st->ships[j].id, l->info[j].line);
	}
}

static void
check_ship_ids(struct loader *l, size_t i)
{
	struct nv_ship	*s = &l->st->ships[i];
	char		 what[SHIP_WHAT];

	sx_check_id_lists(l, l->info[i].line, ship_what(what, s), s->id,
	    l->rs->ops->ship_attrs, l->rs->ops->nship_attrs, s->attr);
}

void
sx_check_ships(struct loader *l)
{
	struct placed	p;
	size_t		i;

	placed_build(l, &p);
	for (i = 0; i < l->st->nships; i++) {
		check_ship_hex(l, &p, i);
		check_ship_ids(l, i);
	}
	placed_free(&p);
}
