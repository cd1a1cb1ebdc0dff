/* report-names.c: the attributes a template can read.
 *
 * A report document of a big battle is mostly attributes: a ship carries
 * some forty, and libxml2 spends two nodes on each (the attribute and
 * its value's text), about a quarter of a kilobyte.  A template reads an
 * attribute only by naming it in an XPath expression, @NAME or
 * attribute::NAME, or by a wildcard (@*, @node(), attribute::*); and only
 * xsl:copy and xsl:copy-of take attributes along unnamed.  So the
 * attributes a template never names can be left out of the documents it
 * runs on: the text it makes is the same, byte for byte, and the
 * document of 10,000 ships is a fraction of the size.  A template that
 * could read any attribute (a wildcard, a copy) gets them all, and so
 * do the documents written for people (report_doc_xml).
 *
 * The names are read from the parsed stylesheet, every attribute value of
 * every element (select, test, match, use, and the attribute value
 * templates of literal result elements), where entities are already
 * resolved; a name found in a string literal is kept too, which costs a
 * little memory and changes nothing. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "report-int.h"
#include "xalloc.h"

#define XSLT_NS		"http://www.w3.org/1999/XSL/Transform"

struct report_names {
	char	**v;		/* sorted, no repeats */
	size_t	  n;
	int	  all;		/* a wildcard or a copy: every attribute */
};

static int
name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
	    c == ':';
}

static const char *
skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static void
add(struct report_names *r, const char *name, size_t len)
{
	r->v = xreallocarray(r->v, r->n + 1, sizeof *r->v);
	r->v[r->n++] = xstrndup(name, len);
}

/* The node test after "@" or "attribute::" at p: a name is added; a
 * wildcard or node() means every attribute. */
static void
node_test(struct report_names *r, const char *p)
{
	const char	*q;

	p = skip_space(p);
	if (*p == '*') {
		r->all = 1;
		return;
	}
	for (q = p; name_char(*q); q++)
		;
	if (q == p)
		return;
	if (*skip_space(q) == '(') {
		/* node(), text(), ...: a node type test. */
		r->all = 1;
		return;
	}
	add(r, p, (size_t)(q - p));
}

/* Every attribute an XPath expression (or an attribute value template)
 * names. */
static void
scan(struct report_names *r, const char *s)
{
	const char	*p, *q;

	for (p = s; *p != '\0'; p++) {
		if (*p == '@') {
			node_test(r, p + 1);
			continue;
		}
		if (strncmp(p, "attribute", 9) != 0 ||
		    (p > s && name_char(p[-1])))
			continue;
		q = skip_space(p + 9);
		if (q[0] == ':' && q[1] == ':')
			node_test(r, q + 2);
	}
}

static void
walk(struct report_names *r, xmlNodePtr n)
{
	xmlAttrPtr	 a;
	xmlChar		*v;

	for (; n != NULL && !r->all; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (n->ns != NULL && xmlStrEqual(n->ns->href,
		    BAD_CAST XSLT_NS) && (xmlStrEqual(n->name,
		    BAD_CAST "copy") || xmlStrEqual(n->name,
		    BAD_CAST "copy-of")))
			r->all = 1;
		for (a = n->properties; a != NULL; a = a->next) {
			v = xmlNodeListGetString(n->doc, a->children, 1);
			if (v != NULL)
				scan(r, (const char *)v);
			xmlFree(v);
		}
		walk(r, n->children);
	}
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct report_names *
report_names_of(xmlDocPtr xsl)
{
	struct report_names	*r = xcalloc(1, sizeof *r);
	size_t			 i, j;

	walk(r, xmlDocGetRootElement(xsl));
	if (r->all) {
		report_names_free(r);
		return NULL;
	}
	/* A stylesheet that reads no attribute has no list (v NULL), which
	 * qsort may not be given. */
	if (r->n > 1)
		qsort(r->v, r->n, sizeof *r->v, cmp_str);
	for (i = 0, j = 0; i < r->n; i++) {
		if (j > 0 && strcmp(r->v[j - 1], r->v[i]) == 0)
			free(r->v[i]);
		else
			r->v[j++] = r->v[i];
	}
	r->n = j;
	return r;
}

int
report_names_has(const struct report_names *r, const char *name)
{
	if (r == NULL)
		return 1;
	if (r->n == 0)
		return 0;
	return bsearch(&name, r->v, r->n, sizeof *r->v, cmp_str) != NULL;
}

void
report_names_free(struct report_names *r)
{
	size_t	i;

	if (r == NULL)
		return;
	for (i = 0; i < r->n; i++)
		free(r->v[i]);
	free(r->v);
	free(r);
}
