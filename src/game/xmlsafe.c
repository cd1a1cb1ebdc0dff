/* xmlsafe.c: safe XML parsing with collected errors (see xmlsafe.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "diag.h"
#include "ruleset.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* libxml2's messages end in a newline and may span lines: fold them. */
void
xmlsafe_collect(void *arg, xmlErrorPtr err)
{
	struct xmlsafe_errors	*ec = arg;
	char		*msg, *p;
	unsigned	 line = err->line > 0 ? (unsigned)err->line : 0;

	if (err->level == XML_ERR_WARNING)
		return;
	if (line == 0 && err->node != NULL)
		line = xmlsafe_line(err->node);
	msg = xstrdup(err->message != NULL ? err->message : "unknown error");
	for (p = msg; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	diag_error(ec->d, ec->file, line, "%s", str_trim(msg));
	free(msg);
	ec->count++;
}

xmlDocPtr
xmlsafe_parse(const char *file, const char *buf, size_t len, struct diag *d)
{
	struct xmlsafe_errors	 ec = { d, file, 0 };
	xmlParserCtxtPtr ctxt;
	xmlDocPtr	 doc;
	/* No XML_PARSE_NOENT (no entity substitution), no DTDLOAD, no
	 * network, no huge documents. */
	int		 opts = XMLSAFE_OPTIONS;

	if (len > NV_XML_MAX) {
		diag_error(d, file, 0, "file is larger than %d bytes",
		    NV_XML_MAX);
		return NULL;
	}
	if (len > (size_t)0x7fffffff)
		return NULL;
	ctxt = xmlNewParserCtxt();
	if (ctxt == NULL) {
		diag_error(d, file, 0, "cannot create an XML parser");
		return NULL;
	}
	xmlSetStructuredErrorFunc(&ec, xmlsafe_collect);
	doc = xmlCtxtReadMemory(ctxt, buf, (int)len, file, NULL, opts);
	xmlSetStructuredErrorFunc(NULL, NULL);
	/* Not namespace-well-formed (xmlns:x="", an undefined prefix) is
	 * an error libxml2 reports while it still returns the document: a
	 * file is taken only if it drew no error at all, so that a loader
	 * never returns something with errors beside it. */
	if (doc != NULL && (!ctxt->wellFormed || !ctxt->nsWellFormed ||
	    ec.count > 0)) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	xmlFreeParserCtxt(ctxt);
	if (doc == NULL) {
		if (ec.count == 0)
			diag_error(d, file, 0, "not a well-formed XML document");
		return NULL;
	}
	if (doc->intSubset != NULL || doc->extSubset != NULL) {
		diag_error(d, file, 1,
		    "DOCTYPE declarations are not allowed in Navarch files");
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

int
xmlsafe_validate(xmlDocPtr doc, const char *file, const char *rng,
    size_t rnglen, struct diag *d)
{
	struct xmlsafe_errors	 sc = { d, "(schema)", 0 };
	struct xmlsafe_errors	 ec = { d, file, 0 };
	xmlRelaxNGParserCtxtPtr	 pctx;
	xmlRelaxNGPtr		 schema;
	xmlRelaxNGValidCtxtPtr	 vctx;
	int			 rc;

	pctx = xmlRelaxNGNewMemParserCtxt(rng, (int)rnglen);
	if (pctx == NULL) {
		diag_error(d, file, 0, "cannot read the schema");
		return -1;
	}
	xmlRelaxNGSetParserStructuredErrors(pctx, xmlsafe_collect, &sc);
	schema = xmlRelaxNGParse(pctx);
	xmlRelaxNGFreeParserCtxt(pctx);
	if (schema == NULL) {
		if (sc.count == 0)
			diag_error(d, file, 0, "the schema is not valid");
		return -1;
	}
	vctx = xmlRelaxNGNewValidCtxt(schema);
	xmlRelaxNGSetValidStructuredErrors(vctx, xmlsafe_collect, &ec);
	rc = xmlRelaxNGValidateDoc(vctx, doc);
	xmlRelaxNGFreeValidCtxt(vctx);
	xmlRelaxNGFree(schema);
	if (rc != 0) {
		if (ec.count == 0)
			diag_error(d, file, 0, "does not match its schema");
		return -1;
	}
	return 0;
}

char *
xmlsafe_text(xmlNodePtr n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s = xstrdup(c != NULL ? (const char *)c : "");

	xmlFree(c);
	return s;
}

const char *
xmlsafe_attr_text(xmlAttrPtr a, int *whole)
{
	xmlNodePtr	c = a->children;

	*whole = c != NULL && c->next == NULL && (c->type == XML_TEXT_NODE ||
	    c->type == XML_CDATA_SECTION_NODE);
	return *whole ? (const char *)c->content : NULL;
}

char *
xmlsafe_attr_value(xmlAttrPtr a)
{
	xmlNodePtr	c = a->children;
	xmlChar		*v;
	char		*s;
	const char	*t;
	int		 whole;

	/* What xmlGetNoNsProp gives: one text node (as libxml2 leaves
	 * nearly every attribute) copied, or the nodes' text, at least "". */
	t = xmlsafe_attr_text(a, &whole);
	if (whole)
		return t != NULL ? xstrdup(t) : NULL;
	v = c != NULL ? xmlNodeListGetString(a->doc, c, 1) : NULL;
	s = xstrdup(v != NULL ? (const char *)v : "");
	xmlFree(v);
	return s;
}

char *
xmlsafe_attr(xmlNodePtr n, const char *name)
{
	xmlChar	*v = xmlGetNoNsProp(n, (const xmlChar *)name);
	char	*s;

	if (v == NULL)
		return NULL;
	s = xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

int
xmlsafe_int(xmlNodePtr n, const char *name, long min, long max, long *out,
    const char *file, struct diag *d)
{
	char	*v = xmlsafe_attr(n, name);
	long	 l;

	if (v == NULL)
		return 0;
	if (str_to_long(v, min, max, &l) != 0) {
		diag_error(d, file, xmlsafe_line(n),
		    "<%s %s=\"%s\">: expected a whole number from %ld to %ld",
		    (const char *)n->name, name, v, min, max);
		free(v);
		return -1;
	}
	free(v);
	*out = l;
	return 1;
}

int
xmlsafe_get_int(xmlNodePtr n, const char *name, long min, long max,
    long def, int required, const char *file, struct diag *d)
{
	long	v = def;
	int	rc = xmlsafe_int(n, name, min, max, &v, file, d);

	if (rc == 0 && required)
		diag_error(d, file, xmlsafe_line(n), "<%s> has no %s "
		    "attribute; it is required", (const char *)n->name, name);
	return rc == 1 ? (int)v : (int)def;
}

xmlNodePtr
xmlsafe_need_child(xmlNodePtr root, const char *name, const char *who,
    const char *file, struct diag *d)
{
	xmlNodePtr	n;

	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n))
		if (xmlsafe_is(n, name))
			return n;
	diag_error(d, file, xmlsafe_line(root), "the ruleset has no <%s> "
	    "element; %s needs one", name, who);
	return NULL;
}

unsigned
xmlsafe_line(xmlNodePtr n)
{
	long	l = xmlGetLineNo(n);

	return l > 0 ? (unsigned)l : 0;
}

static xmlNodePtr
first_element(xmlNodePtr n)
{
	while (n != NULL && n->type != XML_ELEMENT_NODE)
		n = n->next;
	return n;
}

xmlNodePtr
xmlsafe_child(xmlNodePtr n)
{
	return first_element(n->children);
}

xmlNodePtr
xmlsafe_next(xmlNodePtr n)
{
	return first_element(n->next);
}

int
xmlsafe_is(xmlNodePtr n, const char *name)
{
	return n != NULL && n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}
