/* state-xml-rs.c: the ruleset's own parts of scenario and state files
 * (see state-xml-int.h): the attribute tables of ships, sides and the
 * <game> element, checked against the module's tables with every error
 * and its line; id lists; markers; the module's statuses in messages.
 * Saving them is state-xml-save.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "ruleset.h"
#include "state-xml-int.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* The common <side> attributes, and the <game> element's (none: all are
 * the ruleset's). */
static const char *const common_side_attrs[] = {
	"id", "nation", "crew", "name", NULL
};
static const char *const common_game_attrs[] = { NULL };

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
void
sx_check_attrs_known(struct loader *l, xmlNodePtr n, const char *what,
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
unsigned long
sx_load_attr_table(struct loader *l, xmlNodePtr n, const char *what,
    const struct nv_attr_def *defs, size_t ndefs, struct nv_attrval *vals)
{
	char		**v = xcalloc(ndefs + 1, sizeof *v);
	unsigned long	  given;
	size_t		  i;

	for (i = 0; i < ndefs; i++)
		v[i] = xmlsafe_attr(n, defs[i].name);
	given = sx_load_attr_values(l, n, what, defs, ndefs, vals,
	    (const char *const *)v);
	for (i = 0; i < ndefs; i++)
		free(v[i]);
	free(v);
	return given;
}

unsigned long
sx_load_attr_values(struct loader *l, xmlNodePtr n, const char *what,
    const struct nv_attr_def *defs, size_t ndefs, struct nv_attrval *vals,
    const char *const *vs)
{
	const struct nv_attr_def *def;
	unsigned long		  given = 0;
	size_t			  i;
	const char		 *v;
	char			 *tag, *copy;

	for (i = 0; i < ndefs; i++) {
		def = &defs[i];
		if ((v = vs[i]) == NULL)
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
			copy = xstrdup(v);	/* split in place */
			vals[i].s = normalise_ids(l, n, tag, def->name, copy);
			free(copy);
			free(tag);
		} else
			vals[i].s = xstrdup(v);
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
void
sx_attr_table_fill(const struct nv_attr_def *defs, size_t ndefs,
    struct nv_attrval *vals)
{
	size_t	i;

	for (i = 0; i < ndefs; i++)
		if (defs[i].kind != NV_ATTR_INT && vals[i].s == NULL)
			vals[i].s = xstrdup("");
}

/* Ship ids named in a table's id-list attributes must exist (and not be
 * self, the element's own ship, when it is one).  what starts the
 * message: "<ship id=\"x\"". */
void
sx_check_id_lists(struct loader *l, unsigned line, const char *what,
    const char *self, const struct nv_attr_def *defs, size_t ndefs,
    const struct nv_attrval *vals)
{
	char		*copy, **argv;
	size_t		 a, argc, k;
	int		 me;

	for (a = 0; a < ndefs; a++) {
		if (defs[a].kind != NV_ATTR_IDS || vals[a].s[0] == '\0')
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
	sx_check_attrs_known(l, n, what, common_side_attrs, ops->side_attrs,
	    ops->nside_attrs);
	given = sx_load_attr_table(l, n, what, ops->side_attrs,
	    ops->nside_attrs, sd->attr);
	attr_table_defaults(ops->side_attrs, ops->nside_attrs, sd->attr,
	    given);
	if (ops->side_defaults != NULL)
		ops->side_defaults(l->rs, l->st, sd, given, l->file,
		    xmlsafe_line(n), l->d);
	sx_attr_table_fill(ops->side_attrs, ops->nside_attrs, sd->attr);
	free(what);
}

void
sx_load_sides_attrs(struct loader *l, xmlNodePtr root)
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
void
sx_load_game(struct loader *l, xmlNodePtr root, xmlNodePtr n)
{
	const struct nv_ruleset_ops	*ops = l->rs->ops;
	struct nv_state			*st = l->st;
	unsigned long			 given = 0;
	unsigned			 line = xmlsafe_line(n != NULL ? n : root);
	size_t				 i;

	st->attr = xcalloc(ops->ngame_attrs + 1, sizeof *st->attr);
	if (n != NULL) {
		sx_check_attrs_known(l, n, "<game", common_game_attrs,
		    ops->game_attrs, ops->ngame_attrs);
		given = sx_load_attr_table(l, n, "<game", ops->game_attrs,
		    ops->ngame_attrs, st->attr);
	}
	attr_table_defaults(ops->game_attrs, ops->ngame_attrs, st->attr,
	    given);
	if (ops->game_defaults != NULL)
		ops->game_defaults(l->rs, st, given, l->file, line, l->d);
	sx_attr_table_fill(ops->game_attrs, ops->ngame_attrs, st->attr);
	sx_check_id_lists(l, line, "<game", NULL, ops->game_attrs,
	    ops->ngame_attrs, st->attr);
	for (i = 0; i < st->nsides; i++) {
		char *what = xasprintf("<side id=\"%s\"", st->sides[i].id);

		sx_check_id_lists(l, line, what, NULL, ops->side_attrs,
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

	if (sx_read_hex(l, n, "<marker", 0, &h) != 0)
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

void
sx_load_markers(struct loader *l, xmlNodePtr *markers, size_t count)
{
	size_t	i;

	for (i = 0; i < count; i++)
		load_marker(l, markers[i]);
	l->st->marker_gen = 0;
}

/* ", fled, removed" for the message on a bad status ("" for none). */
char *
sx_module_statuses(const struct nv_ruleset *rs)
{
	struct buf	b = BUF_INIT;
	size_t		k;

	buf_adds(&b, "");
	for (k = 0; k < rs->ops->nstatuses; k++)
		buf_printf(&b, ", %s", rs->ops->statuses[k].name);
	return buf_detach(&b);
}
