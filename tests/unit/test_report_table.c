/* test_report_table.c: the ship table as the ruleset's data file
 * describes it (src/report/report-table.c).
 *
 * The shipped rulesets' tables: the headings the reports have always had,
 * and a value for every column of every ship (no "?").  The layout, as a
 * table of columns and the row they make of one ship: right-aligned in
 * the width, a space before a value as wide as its column or wider (not
 * before the first), "?" for a value nobody knows. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libxml/tree.h>

#include "datafix.h"
#include "report-int.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

/* The state of file rel (under the source tree) with ruleset id's rules;
 * *f holds them (datafix_release). */
static struct nv_state *
load(struct datafix *f, const char *id, const char *rel)
{
	char	*xml, *path = xasprintf("../%s", rel);
	size_t	 len;
	struct nv_state *st;

	memset(f, 0, sizeof *f);
	f->rs = datafix_ruleset(id);
	assert_non_null(f->rs);
	f->rng = datafix_read("schema/scenario.rng", &f->rnglen);
	xml = datafix_read(path, &len);
	st = datafix_state(f, xml);
	free(xml);
	free(path);
	return st;
}

/* Ship i's row, as report-doc.c sets it. */
static char *
row(const struct nv_state *st, int i)
{
	xmlDocPtr	 doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr	 n = xmlNewNode(NULL, BAD_CAST "ship");
	xmlChar		*v;
	char		*out;

	xmlDocSetRootElement(doc, n);
	report_table_cols(st, i, n);
	v = xmlGetProp(n, BAD_CAST "cols");
	assert_non_null(v);
	out = xstrdup((const char *)v);
	xmlFree(v);
	xmlFreeDoc(doc);
	return out;
}

/* The heading report_table_doc writes for a side's reader. */
static char *
head(const struct nv_state *st, char **legend)
{
	struct report_input	 in;
	xmlDocPtr		 doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr		 root = xmlNewNode(NULL, BAD_CAST "report"), t;
	xmlChar			*v;
	char			*out;

	memset(&in, 0, sizeof in);
	in.after = st;
	in.reader = REPORT_SIDE;
	xmlDocSetRootElement(doc, root);
	t = report_table_doc(&in, root);
	v = xmlGetProp(t, BAD_CAST "head");
	out = xstrdup(v != NULL ? (const char *)v : "");
	xmlFree(v);
	v = xmlGetProp(t, BAD_CAST "legend");
	*legend = xstrdup(v != NULL ? (const char *)v : "");
	xmlFree(v);
	xmlFreeDoc(doc);
	return out;
}

static const struct {
	const char	*ruleset, *scenario, *head, *legend;
} shipped[] = {
	{ "classic", "orders/demo/scenario.xml", "Spd Hull Holes Marines Max",
	  "(Max: maximum-speed turns left in the game.)" },
	{ "nauta", "orders/nauta/duel.xml", "Spd Max Sold Dmg Dash",
	  "(Spd: carried speed, - for none yet; Max: maximum speed; Sold: "
	  "soldier units now/at the start; Dmg: damaged; Dash: the steps a "
	  "Dash adds, - when it may not.)" },
};

static void
test_shipped(void **state)
{
	struct datafix	 f;
	struct nv_state	*st;
	char		*h, *legend, *r;
	size_t		 k, i;

	(void)state;
	for (k = 0; k < sizeof shipped / sizeof shipped[0]; k++) {
		st = load(&f, shipped[k].ruleset, shipped[k].scenario);
		h = head(st, &legend);
		assert_string_equal(h, shipped[k].head);
		assert_string_equal(legend, shipped[k].legend);
		for (i = 0; i < st->nships; i++) {
			r = row(st, (int)i);
			if (strchr(r, '?') != NULL)
				fail_msg("%s: ship %s: a value nobody knows: "
				    "'%s'", shipped[k].ruleset,
				    st->ships[i].id, r);
			/* Every column is there, aligned to its heading. */
			assert_true(strlen(r) >= strlen(h));
			free(r);
		}
		free(h);
		free(legend);
		state_free(st);
		ruleset_free(f.rs);
		free(f.rng);
	}
}

/* Columns laid out for a classic ship at speed 12 with 7 marines. */
static const struct {
	struct nv_table_col	 cols[3];
	size_t			 n;
	const char		*row, *head;
} layouts[] = {
	{ { { "Spd", "speed", 3 } }, 1, " 12", "Spd" },
	/* As wide as the column: the first gets no space, the others one. */
	{ { { "S", "speed", 2 }, { "M", "marines", 1 }, { "Sp", "speed", 2 } },
	  3, "12 7 12", " S M Sp" },
	/* Wider than the column, and a value nobody knows. */
	{ { { "Speed", "speed", 1 }, { "X", "no-such-value", 3 } }, 2,
	  "12  ?", "Speed  X" },
};

static void
test_layout(void **state)
{
	struct datafix		 f;
	struct nv_state		*st;
	struct nv_table_col	*was;
	size_t			 wasn, k, a;
	char			*r, *h, *legend;

	(void)state;
	st = load(&f, "classic", "orders/demo/scenario.xml");
	st->ships[0].speed = 12;
	for (a = 0; a < st->rs->ops->nship_attrs; a++)
		if (strcmp(st->rs->ops->ship_attrs[a].name, "marines") == 0)
			st->ships[0].attr[a].i = 7;
	was = f.rs->table;
	wasn = f.rs->ntable;
	for (k = 0; k < sizeof layouts / sizeof layouts[0]; k++) {
		f.rs->table = (struct nv_table_col *)layouts[k].cols;
		f.rs->ntable = layouts[k].n;
		r = row(st, 0);
		h = head(st, &legend);
		assert_string_equal(r, layouts[k].row);
		assert_string_equal(h, layouts[k].head);
		free(r);
		free(h);
		free(legend);
	}
	f.rs->table = was;
	f.rs->ntable = wasn;
	state_free(st);
	ruleset_free(f.rs);
	free(f.rng);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_layout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
