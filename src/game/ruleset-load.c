/* ruleset-load.c: reading a ruleset document (see ruleset.h).
 *
 * The document is parsed safely (xmlsafe.c), checked against the schema
 * text the caller passes, and then read in two passes: this file reads
 * what every ruleset has (id, title, the movement schedule, classes,
 * crews, nations), then the module named by the ruleset id reads its own
 * data from the same document.  Every problem goes to the diag with file
 * and line and loading carries on, so a GM sees all of them at once; the
 * ruleset is returned only when there were none. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "ruleset.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* The common part of one list element (<class>, <crew>, <nation>). */
struct item {
	char		*id;
	unsigned	 line;
};

static size_t
count_children(xmlNodePtr parent, const char *name)
{
	xmlNodePtr	n;
	size_t		count = 0;

	for (n = xmlsafe_child(parent); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, name))
			count++;
	return count;
}

/* A required text attribute; the schema guarantees it, but a module's
 * schema might not, so its absence is still an error. */
static char *
need_attr(xmlNodePtr n, const char *name, const char *file, struct diag *d)
{
	char	*v = xmlsafe_attr(n, name);

	if (v == NULL) {
		diag_error(d, file, xmlsafe_line(n),
		    "<%s> has no %s attribute; it is required",
		    (const char *)n->name, name);
		v = xstrdup("");
	}
	return v;
}

/* Checks an id's form and that it is not the id of an earlier item. */
static void
check_id(struct item *items, size_t i, const char *what, const char *file,
    struct diag *d)
{
	size_t	j;

	if (!str_is_id(items[i].id)) {
		diag_error(d, file, items[i].line,
		    "%s id \"%s\" is not valid; ids are 1-32 of a-z, 0-9, "
		    "'_' and '-'", what, items[i].id);
		return;
	}
	for (j = 0; j < i; j++)
		if (strcmp(items[j].id, items[i].id) == 0) {
			diag_error(d, file, items[i].line,
			    "duplicate %s id \"%s\"; the first is on line %u",
			    what, items[i].id, items[j].line);
			return;
		}
}

static void
load_classes(struct nv_ruleset *rs, xmlNodePtr list, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	struct item	*items;
	size_t		 i = 0;

	rs->nclasses = count_children(list, "class");
	rs->classes = xcalloc(rs->nclasses, sizeof *rs->classes);
	items = xcalloc(rs->nclasses, sizeof *items);
	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "class"))
			continue;
		rs->classes[i].id = need_attr(n, "id", file, d);
		rs->classes[i].name = need_attr(n, "name", file, d);
		items[i].id = rs->classes[i].id;
		items[i].line = xmlsafe_line(n);
		check_id(items, i, "class", file, d);
		i++;
	}
	free(items);
}

static void
load_crews(struct nv_ruleset *rs, xmlNodePtr list, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	struct item	*items;
	size_t		 i = 0;
	long		 level;

	rs->ncrews = count_children(list, "crew");
	rs->crews = xcalloc(rs->ncrews, sizeof *rs->crews);
	items = xcalloc(rs->ncrews, sizeof *items);
	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "crew"))
			continue;
		rs->crews[i].id = need_attr(n, "id", file, d);
		level = 0;
		if (xmlsafe_int(n, "level", -99, 99, &level, file, d) == 0)
			diag_error(d, file, xmlsafe_line(n),
			    "<crew id=\"%s\"> has no level attribute; it is "
			    "required", rs->crews[i].id);
		rs->crews[i].level = (int)level;
		items[i].id = rs->crews[i].id;
		items[i].line = xmlsafe_line(n);
		check_id(items, i, "crew", file, d);
		i++;
	}
	free(items);
}

static void
load_nations(struct nv_ruleset *rs, xmlNodePtr list, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	struct item	*items;
	size_t		 i = 0;

	rs->nnations = count_children(list, "nation");
	rs->nations = xcalloc(rs->nnations, sizeof *rs->nations);
	items = xcalloc(rs->nnations, sizeof *items);
	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "nation"))
			continue;
		rs->nations[i].id = need_attr(n, "id", file, d);
		rs->nations[i].name = need_attr(n, "name", file, d);
		items[i].id = rs->nations[i].id;
		items[i].line = xmlsafe_line(n);
		check_id(items, i, "nation", file, d);
		i++;
	}
	free(items);
}

/* Adds one <speed value phases> row to the schedule. */
static void
load_speed_row(struct nv_ruleset *rs, xmlNodePtr n, unsigned char *seen,
    const char *file, struct diag *d)
{
	unsigned	 line = xmlsafe_line(n);
	long		 value;
	char		*list, **argv;
	size_t		 argc, i;
	int		 p;
	unsigned char	*cell;

	if (xmlsafe_int(n, "value", 0, rs->max_speed, &value, file, d) != 1)
		return;
	if (seen[value]) {
		diag_error(d, file, line, "<speed value=\"%ld\">: this speed "
		    "already has a row; give each speed once", value);
		return;
	}
	seen[value] = 1;
	list = need_attr(n, "phases", file, d);
	argv = xcalloc(strlen(list) / 2 + 1, sizeof *argv);
	argc = str_split_words(list, argv, strlen(list) / 2 + 1);
	for (i = 0; i < argc; i++) {
		if (str_to_int(argv[i], 1, rs->phases, &p) != 0) {
			diag_error(d, file, line, "<speed value=\"%ld\">: "
			    "phase \"%s\" is not one of this ruleset's "
			    "phases 1-%d", value, argv[i], rs->phases);
			continue;
		}
		cell = &rs->schedule[value * rs->phases + (p - 1)];
		if (*cell < 255)
			(*cell)++;
	}
	free(argv);
	free(list);
}

static void
load_schedule(struct nv_ruleset *rs, xmlNodePtr sched, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	long		 phases = 0, value, max = 0;
	unsigned char	*seen;

	if (xmlsafe_int(sched, "phases", 1, 64, &phases, file, d) != 1) {
		if (phases == 0)
			diag_error(d, file, xmlsafe_line(sched),
			    "<schedule> needs phases=\"N\" (1-64)");
		return;
	}
	rs->phases = (int)phases;
	/* First pass: the fastest speed, which sizes the table. */
	for (n = xmlsafe_child(sched); n != NULL; n = xmlsafe_next(n)) {
		value = 0;
		if (xmlsafe_is(n, "speed") &&
		    xmlsafe_int(n, "value", 0, 64, &value, file, d) == 1 &&
		    value > max)
			max = value;
	}
	rs->max_speed = (int)max;
	rs->schedule = xcalloc((size_t)(max + 1) * (size_t)phases, 1);
	seen = xcalloc((size_t)max + 1, 1);
	for (n = xmlsafe_child(sched); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, "speed"))
			load_speed_row(rs, n, seen, file, d);
	free(seen);
}

/* The text of a <legend>, its runs of white space (the file's line
 * breaks) made one space: the reports wrap it again. */
static char *
legend_text(xmlNodePtr n)
{
	xmlChar		*c = xmlNodeGetContent(n);
	char		*out = xstrdup(c != NULL ? (const char *)c : "");
	size_t		 i, w = 0;
	int		 space = 1;

	xmlFree(c);
	for (i = 0; out[i] != '\0'; i++) {
		if (out[i] == ' ' || out[i] == '\t' || out[i] == '\n' ||
		    out[i] == '\r') {
			if (!space)
				out[w++] = ' ';
			space = 1;
		} else {
			out[w++] = out[i];
			space = 0;
		}
	}
	if (w > 0 && out[w - 1] == ' ')
		w--;
	out[w] = '\0';
	return out;
}

/* <ship-table>: <column head value width>..., then an optional <legend
 * readers="players|all">. */
static void
load_table(struct nv_ruleset *rs, xmlNodePtr t, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	char		*readers;
	long		 width;
	size_t		 i = 0;

	rs->ntable = count_children(t, "column");
	rs->table = xcalloc(rs->ntable, sizeof *rs->table);
	for (n = xmlsafe_child(t); n != NULL; n = xmlsafe_next(n)) {
		if (xmlsafe_is(n, "legend") && rs->legend == NULL) {
			rs->legend = legend_text(n);
			readers = xmlsafe_attr(n, "readers");
			rs->legend_all = readers == NULL ||
			    strcmp(readers, "all") == 0;
			free(readers);
		}
		if (!xmlsafe_is(n, "column"))
			continue;
		rs->table[i].head = need_attr(n, "head", file, d);
		rs->table[i].value = need_attr(n, "value", file, d);
		width = 0;
		if (xmlsafe_int(n, "width", 1, 40, &width, file, d) == 0)
			diag_error(d, file, xmlsafe_line(n), "<column head=\"%s\"> "
			    "has no width attribute; it is required",
			    rs->table[i].head != NULL ? rs->table[i].head : "");
		rs->table[i].width = (int)width;
		i++;
	}
}

static void
load_common(struct nv_ruleset *rs, xmlNodePtr root, const char *file,
    struct diag *d)
{
	xmlNodePtr	n;
	long		v;

	rs->id = need_attr(root, "id", file, d);
	rs->title = xmlsafe_attr(root, "title");
	if (rs->title == NULL)
		rs->title = xstrdup(rs->id);
	/* command-delay: how many turns a change of command waits
	 * (docs/rulesets.md); 1, the next turn, when not given. */
	v = 1;
	(void)xmlsafe_int(root, "command-delay", 1, 9, &v, file, d);
	rs->command_delay = (int)v;
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n)) {
		if (xmlsafe_is(n, "schedule") && rs->schedule == NULL)
			load_schedule(rs, n, file, d);
		else if (xmlsafe_is(n, "classes") && rs->classes == NULL)
			load_classes(rs, n, file, d);
		else if (xmlsafe_is(n, "crews") && rs->crews == NULL)
			load_crews(rs, n, file, d);
		else if (xmlsafe_is(n, "nations") && rs->nations == NULL)
			load_nations(rs, n, file, d);
		else if (xmlsafe_is(n, "ship-table") && rs->table == NULL)
			load_table(rs, n, file, d);
	}
	if (rs->schedule == NULL)
		diag_error(d, file, xmlsafe_line(root),
		    "the ruleset has no movement <schedule>");
}

struct nv_ruleset *
ruleset_load(const char *file, const char *xml, size_t len, const char *rng,
    size_t rnglen, struct diag *d)
{
	return ruleset_load_ops(NULL, file, xml, len, rng, rnglen, d);
}

struct nv_ruleset *
ruleset_load_ops(const struct nv_ruleset_ops *ops, const char *file,
    const char *xml, size_t len, const char *rng, size_t rnglen,
    struct diag *d)
{
	size_t				 before = d->errors;
	xmlDocPtr			 doc;
	xmlNodePtr			 root;
	struct nv_ruleset		*rs;

	if ((doc = xmlsafe_parse(file, xml, len, d)) == NULL)
		return NULL;
	/* Nothing below may run on a document of the wrong shape. */
	if (xmlsafe_validate(doc, file, rng, rnglen, d) != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	root = xmlDocGetRootElement(doc);
	rs = xcalloc(1, sizeof *rs);
	rs->file = xstrdup(file);
	if (!xmlsafe_is(root, "ruleset")) {
		diag_error(d, file, xmlsafe_line(root), "the root element is "
		    "<%s>; a ruleset file has <ruleset>", root->name);
		goto out;
	}
	load_common(rs, root, file, d);
	if (ops == NULL && (ops = ruleset_ops_find(rs->id)) == NULL) {
		diag_error(d, file, xmlsafe_line(root), "<ruleset id=\"%s\">: "
		    "no ruleset module of that name is built in", rs->id);
		goto out;
	}
	if (rs->id != NULL && strcmp(rs->id, ops->name) != 0) {
		diag_error(d, file, xmlsafe_line(root), "<ruleset id=\"%s\">: "
		    "the module given is %s", rs->id, ops->name);
		goto out;
	}
	/* Set before load() so that ruleset_free() lets the module free
	 * whatever it built, even on failure. */
	rs->ops = ops;
	if (ops->load(rs, doc, file, d) != 0 && d->errors == before)
		diag_error(d, file, 0, "the %s module could not load the "
		    "ruleset", ops->name);
out:
	xmlFreeDoc(doc);
	if (d->errors > before) {
		ruleset_free(rs);
		return NULL;
	}
	return rs;
}

void
ruleset_free(struct nv_ruleset *rs)
{
	size_t	i;

	if (rs == NULL)
		return;
	if (rs->ops != NULL && rs->ops->free != NULL)
		rs->ops->free(rs);
	for (i = 0; i < rs->nclasses; i++) {
		free(rs->classes[i].id);
		free(rs->classes[i].name);
	}
	for (i = 0; i < rs->ncrews; i++)
		free(rs->crews[i].id);
	for (i = 0; i < rs->nnations; i++) {
		free(rs->nations[i].id);
		free(rs->nations[i].name);
	}
	for (i = 0; i < rs->ntable; i++) {
		free(rs->table[i].head);
		free(rs->table[i].value);
	}
	free(rs->table);
	free(rs->legend);
	free(rs->classes);
	free(rs->crews);
	free(rs->nations);
	free(rs->schedule);
	free(rs->id);
	free(rs->title);
	free(rs->file);
	free(rs);
}
