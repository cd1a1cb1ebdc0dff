/* report-table.c: the ship table of a report, as the ruleset's data file
 * describes it (<ship-table>, struct nv_table_col).
 *
 * The table's first columns are every ruleset's (Map, Ship, Class, Hex,
 * Face: the templates write them); the ruleset's file names the rest:
 * each column's heading, the ship's value it shows and its width.  Here
 * they become the document's <ship-table head legend> with a <column>
 * for each (for a template that lays the table out itself), and each
 * ship's cols, the row already laid out (what the shipped templates
 * print).  A value is the report module's when it knows the name (a
 * figure the rules derive: report_module's value()), else the ship's
 * attribute of that name, else its speed for "speed"; anything else is
 * "?" (tests/unit/test_report.c checks the shipped rulesets have none).
 *
 * Laying out: each heading and value right-aligned in its width, and a
 * space before it when it is as wide as that or wider, so that columns
 * never run together (never before the first column, which follows
 * Face's own space).  So a ruleset's numbers stay in its data file, and
 * a GM may reorder, drop or widen columns without recompiling. */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "report-int.h"
#include "ruleset.h"
#include "state.h"

/* Appends text right-aligned in width characters (the first column's
 * never gets the separating space). */
static void
cell(const char *text, int width, int first, struct buf *out)
{
	size_t	n = utf8_chars(text, strlen(text));

	if (!first && n >= (size_t)width)
		buf_addc(out, ' ');
	for (; n < (size_t)width; n++)
		buf_addc(out, ' ');
	buf_adds(out, text);
}

/* The value called name of ship i, as text. */
static void
value(const struct nv_state *st, int i, const struct report_module *m,
    const char *name, struct buf *out)
{
	const struct nv_ship	 *s = &st->ships[i];
	const struct nv_attr_def *ad = st->rs->ops->ship_attrs;
	size_t			  k;

	if (m != NULL && m->value != NULL && m->value(st, i, name, out))
		return;
	for (k = 0; k < st->rs->ops->nship_attrs; k++) {
		if (strcmp(ad[k].name, name) != 0)
			continue;
		if (ad[k].kind == NV_ATTR_INT)
			buf_printf(out, "%ld", s->attr[k].i);
		else
			buf_adds(out, s->attr[k].s);
		return;
	}
	if (strcmp(name, "speed") == 0)
		buf_printf(out, "%d", s->speed);
	else
		buf_addc(out, '?');
}

void
report_table_cols(const struct nv_state *st, int i, xmlNodePtr ship)
{
	const struct nv_ruleset		*rs = st->rs;
	const struct report_module	*m = report_module_find(st);
	struct buf			 row = BUF_INIT, v = BUF_INIT;
	size_t				 k;

	for (k = 0; k < rs->ntable; k++) {
		buf_reset(&v);
		value(st, i, m, rs->table[k].value, &v);
		cell(buf_str(&v), rs->table[k].width, k == 0, &row);
	}
	doc_set(ship, "cols", buf_str(&row));
	buf_free(&row);
	buf_free(&v);
}

xmlNodePtr
report_table_doc(const struct report_input *in, xmlNodePtr root)
{
	const struct nv_ruleset	*rs = in->after->rs;
	xmlNodePtr		 t = doc_child(root, "ship-table", NULL), c;
	struct buf		 head = BUF_INIT;
	size_t			 k;

	for (k = 0; k < rs->ntable; k++) {
		cell(rs->table[k].head, rs->table[k].width, k == 0, &head);
		c = doc_child(t, "column", NULL);
		doc_set(c, "head", rs->table[k].head);
		doc_set(c, "value", rs->table[k].value);
		doc_set_int(c, "width", rs->table[k].width);
	}
	doc_set(t, "head", buf_str(&head));
	if (rs->legend != NULL && (rs->legend_all ||
	    in->reader == REPORT_SIDE))
		doc_set(t, "legend", rs->legend);
	buf_free(&head);
	return t;
}
