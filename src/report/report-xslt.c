/* report-xslt.c: templates (docs/templates.md).
 *
 * A template is an XSLT 1.0 stylesheet with text output, run by libxslt
 * over the report document.  It stands alone (no xsl:import or
 * xsl:include) and may not read or write files or the network: a GM
 * edits it, the daemon runs it.  Errors are collected, with the template
 * name and line libxslt gives, and a failed run yields no text at all.
 *
 * Three extension functions in the namespace urn:navarch:report do what
 * XSLT 1.0 does badly, counting characters rather than bytes: nv:wrap
 * (a paragraph with a hanging indent), nv:pad and nv:lpad (table
 * columns). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/encoding.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/xpathInternals.h>
#include <libxslt/extensions.h>
#include <libxslt/imports.h>
#include <libxslt/security.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>

#include "buf.h"
#include "diag.h"
#include "report-int.h"
#include "xalloc.h"
#include "xmlsafe.h"

#define NV_REPORT_NS	"urn:navarch:report"
#define XSLT_NS		"http://www.w3.org/1999/XSL/Transform"
#define MAX_MESSAGES	8

struct report_template {
	char			*name;
	xsltStylesheetPtr	 style;
	xsltSecurityPrefsPtr	 sec;
	struct report_names	*names;	/* the attributes it can read */
};

/* libxml2's and libxslt's messages, gathered while one call runs. */
struct collect {
	struct buf	b;
	int		n;
};

static void
collect_add(struct collect *c, const char *msg)
{
	char	*m = xstrdup(msg), *p;

	for (p = m; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
	p = m + strlen(m);
	while (p > m && p[-1] == ' ')
		*--p = '\0';
	for (p = m; *p == ' '; p++)
		;
	if (*p != '\0' && c->n++ < MAX_MESSAGES)
		buf_printf(&c->b, "%s%s", c->b.len > 0 ? "; " : "", p);
	free(m);
}

static void
collect_generic(void *arg, const char *fmt, ...)
{
	struct collect	*c = arg;
	struct buf	 b = BUF_INIT;
	va_list		 ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	collect_add(c, buf_str(&b));
	buf_free(&b);
}

static void
collect_structured(void *arg, xmlErrorPtr err)
{
	if (err->level != XML_ERR_WARNING && err->message != NULL)
		collect_add(arg, err->message);
}

static void
catch_errors(struct collect *c)
{
	xmlSetGenericErrorFunc(c, collect_generic);
	xmlSetStructuredErrorFunc(c, collect_structured);
	xsltSetGenericErrorFunc(c, collect_generic);
}

static void
release_errors(void)
{
	xmlSetGenericErrorFunc(NULL, NULL);
	xmlSetStructuredErrorFunc(NULL, NULL);
	xsltSetGenericErrorFunc(NULL, NULL);
}

static char *
collected(struct collect *c, const char *name, const char *what)
{
	char	*s;

	if (c->n > MAX_MESSAGES)
		buf_printf(&c->b, " (%d more messages)", c->n - MAX_MESSAGES);
	s = xasprintf("%s: %s%s%s", name, what, c->b.len > 0 ? ": " : "",
	    buf_str(&c->b));
	buf_free(&c->b);
	return s;
}

/* A template stands alone: xsl:import and xsl:include would load files. */
static int
check_standalone(xmlDocPtr doc, const char *name, char **cause)
{
	xmlNodePtr	root = xmlDocGetRootElement(doc), n;

	for (n = root != NULL ? root->children : NULL; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE || n->ns == NULL ||
		    !xmlStrEqual(n->ns->href, BAD_CAST XSLT_NS))
			continue;
		if (xmlStrEqual(n->name, BAD_CAST "import") ||
		    xmlStrEqual(n->name, BAD_CAST "include")) {
			*cause = xasprintf("%s:%u: xsl:%s is not allowed: a "
			    "template stands alone (copy what you need into "
			    "it)", name, xmlsafe_line(n), (const char *)n->name);
			return -1;
		}
	}
	return 0;
}

static xsltSecurityPrefsPtr
no_files(void)
{
	xsltSecurityPrefsPtr	sec = xsltNewSecurityPrefs();

	xsltSetSecurityPrefs(sec, XSLT_SECPREF_READ_FILE, xsltSecurityForbid);
	xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_FILE,
	    xsltSecurityForbid);
	xsltSetSecurityPrefs(sec, XSLT_SECPREF_CREATE_DIRECTORY,
	    xsltSecurityForbid);
	xsltSetSecurityPrefs(sec, XSLT_SECPREF_READ_NETWORK,
	    xsltSecurityForbid);
	xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_NETWORK,
	    xsltSecurityForbid);
	return sec;
}

struct report_template *
report_template_load(const char *name, const char *xsl, size_t len,
    char **cause)
{
	struct report_template	*t;
	struct diag		 d = DIAG_INIT;
	struct collect		 c = { BUF_INIT, 0 };
	struct buf		 b = BUF_INIT;
	xmlDocPtr		 doc;
	xsltStylesheetPtr	 style;
	struct report_names	*names;

	if ((doc = xmlsafe_parse(name, xsl, len, &d)) == NULL) {
		diag_format(&d, &b);
		diag_free(&d);
		*cause = xstrdup(b.len > 0 ? buf_str(&b) : name);
		buf_free(&b);
		while ((*cause)[0] != '\0' &&
		    (*cause)[strlen(*cause) - 1] == '\n')
			(*cause)[strlen(*cause) - 1] = '\0';
		return NULL;
	}
	diag_free(&d);
	if (check_standalone(doc, name, cause) != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	/* Before libxslt compiles (and may change) the tree. */
	names = report_names_of(doc);
	catch_errors(&c);
	style = xsltParseStylesheetDoc(doc);
	release_errors();
	if (style == NULL || style->errors > 0) {
		if (style != NULL)
			xsltFreeStylesheet(style);	/* frees doc */
		else
			xmlFreeDoc(doc);
		*cause = collected(&c, name, "not a valid XSLT stylesheet");
		report_names_free(names);
		return NULL;
	}
	buf_free(&c.b);
	if (style->method == NULL ||
	    !xmlStrEqual(style->method, BAD_CAST "text")) {
		*cause = xasprintf("%s: a mail template must say <xsl:output "
		    "method=\"text\" encoding=\"UTF-8\"/>", name);
		xsltFreeStylesheet(style);
		report_names_free(names);
		return NULL;
	}
	t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	t->style = style;
	t->sec = no_files();
	t->names = names;
	return t;
}

void
report_template_free(struct report_template *t)
{
	if (t == NULL)
		return;
	xsltFreeStylesheet(t->style);
	xsltFreeSecurityPrefs(t->sec);
	report_names_free(t->names);
	free(t->name);
	free(t);
}

const char *
report_template_name(const struct report_template *t)
{
	return t->name;
}

/* --- extension functions -------------------------------------------------- */

static void
fn_wrap(xmlXPathParserContextPtr ctxt, int nargs)
{
	xmlChar		*text, *first, *rest;
	struct buf	 b = BUF_INIT;
	double		 width = REPORT_WIDTH;

	if (nargs < 3 || nargs > 4) {
		xmlXPathSetArityError(ctxt);
		return;
	}
	if (nargs == 4)
		width = xmlXPathPopNumber(ctxt);
	rest = xmlXPathPopString(ctxt);
	first = xmlXPathPopString(ctxt);
	text = xmlXPathPopString(ctxt);
	if (!(width >= 8 && width <= 1000))
		width = REPORT_WIDTH;
	report_wrap((const char *)text, (const char *)first,
	    (const char *)rest, (int)width, &b);
	valuePush(ctxt, xmlXPathNewString(BAD_CAST buf_str(&b)));
	buf_free(&b);
	xmlFree(text);
	xmlFree(first);
	xmlFree(rest);
}

static void
pad(xmlXPathParserContextPtr ctxt, int nargs, int left)
{
	xmlChar		*text;
	struct buf	 b = BUF_INIT;
	double		 width;
	size_t		 chars, k;

	if (nargs != 2) {
		xmlXPathSetArityError(ctxt);
		return;
	}
	width = xmlXPathPopNumber(ctxt);
	text = xmlXPathPopString(ctxt);
	chars = utf8_chars((const char *)text, strlen((const char *)text));
	if (!left)
		buf_adds(&b, (const char *)text);
	for (k = chars; width <= 1000 && k < (size_t)(width > 0 ? width : 0);
	    k++)
		buf_addc(&b, ' ');
	if (left)
		buf_adds(&b, (const char *)text);
	valuePush(ctxt, xmlXPathNewString(BAD_CAST buf_str(&b)));
	buf_free(&b);
	xmlFree(text);
}

static void
fn_pad(xmlXPathParserContextPtr ctxt, int nargs)
{
	pad(ctxt, nargs, 0);
}

static void
fn_lpad(xmlXPathParserContextPtr ctxt, int nargs)
{
	pad(ctxt, nargs, 1);
}

/* --- running a template --------------------------------------------------- */

/* Lines of text output lose their trailing spaces (column padding); the
 * text ends with exactly one newline.  In place: a line only shrinks,
 * and the last newline is added first when missing (which changes
 * nothing else), so a report of megabytes is not copied again. */
static void
tidy(struct buf *b)
{
	size_t	i = 0, w = 0, end, start, n;

	if (b->len > 0 && b->p[b->len - 1] != '\n')
		buf_addc(b, '\n');
	n = b->len;
	while (i < n) {
		start = i;
		while (b->p[i] != '\n')
			i++;
		end = i++;
		while (end > start && b->p[end - 1] == ' ')
			end--;
		memmove(b->p + w, b->p + start, end - start);
		w += end - start;
		b->p[w++] = '\n';
	}
	while (w >= 2 && b->p[w - 1] == '\n' && b->p[w - 2] == '\n')
		w--;
	b->len = w;
	if (b->p != NULL)
		b->p[w] = '\0';
}

/* The result's text goes straight into a struct buf: no second copy of
 * a big report in libxml2's own growing buffer. */
static int
to_buf(void *arg, const char *p, int len)
{
	buf_add(arg, p, (size_t)len);
	return len;
}

/* Writes the result as the template's xsl:output says (its encoding;
 * UTF-8 as it is), as xsltSaveResultToString would. */
static int
save(const struct report_template *t, xmlDocPtr res, struct buf *text)
{
	xmlCharEncodingHandlerPtr	 enc = NULL;
	xmlOutputBufferPtr		 ob;
	const xmlChar			*encoding;
	int				 rc;

	XSLT_GET_IMPORT_PTR(encoding, t->style, encoding);
	if (encoding != NULL &&
	    (enc = xmlFindCharEncodingHandler((const char *)encoding)) !=
	    NULL && xmlStrEqual(BAD_CAST enc->name, BAD_CAST "UTF-8"))
		enc = NULL;
	if ((ob = xmlOutputBufferCreateIO(to_buf, NULL, text, enc)) == NULL)
		return -1;
	rc = xsltSaveResultTo(ob, res, t->style);
	if (xmlOutputBufferClose(ob) < 0)
		rc = -1;
	return rc < 0 ? -1 : 0;
}

/* Runs t over doc into text.  With own, doc is freed once the result is
 * made and before it is written: a big report's document and its text
 * are never held together. */
static int
transform(const struct report_template *t, xmlDocPtr doc, int own,
    struct buf *text, char **cause)
{
	struct collect		 c = { BUF_INIT, 0 };
	xsltTransformContextPtr	 tc;
	xmlDocPtr		 res;
	int			 ok;

	tc = xsltNewTransformContext(t->style, doc);
	if (tc == NULL) {
		*cause = xasprintf("%s: cannot start the transformation",
		    t->name);
		if (own)
			xmlFreeDoc(doc);
		return -1;
	}
	xsltSetCtxtSecurityPrefs(t->sec, tc);
	xsltSetTransformErrorFunc(tc, &c, collect_generic);
	xsltRegisterExtFunction(tc, BAD_CAST "wrap", BAD_CAST NV_REPORT_NS,
	    fn_wrap);
	xsltRegisterExtFunction(tc, BAD_CAST "pad", BAD_CAST NV_REPORT_NS,
	    fn_pad);
	xsltRegisterExtFunction(tc, BAD_CAST "lpad", BAD_CAST NV_REPORT_NS,
	    fn_lpad);
	catch_errors(&c);
	res = xsltApplyStylesheetUser(t->style, doc, NULL, NULL, NULL, tc);
	release_errors();
	ok = res != NULL && tc->state == XSLT_STATE_OK;
	xsltFreeTransformContext(tc);
	if (own)
		xmlFreeDoc(doc);
	if (ok && save(t, res, text) != 0)
		ok = 0;
	xmlFreeDoc(res);
	if (!ok) {
		buf_free(text);
		*cause = collected(&c, t->name, "the template failed");
		return -1;
	}
	buf_free(&c.b);
	tidy(text);
	return 0;
}

/* Runs t over doc (freed when own) and checks the text; appends it to
 * out only when all went well. */
static int
run_checked(const struct report_template *t, xmlDocPtr doc, int own,
    int width, struct buf *out, char **cause)
{
	struct buf	 text = BUF_INIT;
	char		*why;
	int		 rc = -1;

	if (transform(t, doc, own, &text, cause) != 0)
		goto out;
	if (report_text_check_width(buf_str(&text), text.len, width, &why) !=
	    0) {
		*cause = xasprintf("%s: the text breaks the rules of "
		    "plain-text mail: %s", t->name, why);
		free(why);
		goto out;
	}
	if (out->len == 0) {
		/* Moved, not copied. */
		buf_free(out);
		*out = text;
		text.p = NULL;
		text.len = text.cap = 0;
	} else
		buf_add(out, buf_str(&text), text.len);
	rc = 0;
out:
	buf_free(&text);
	return rc;
}

int
report_template_apply(const struct report_template *t,
    const struct report_input *in, struct buf *out, char **cause)
{
	xmlDocPtr	 doc;

	if ((doc = report_doc_build(in, t->names, cause)) == NULL)
		return -1;
	return run_checked(t, doc, 1, REPORT_WIDTH, out, cause);
}

int
report_template_apply_doc(const struct report_template *t,
    struct _xmlDoc *doc, int width, struct buf *out, char **cause)
{
	return run_checked(t, doc, 0, width, out, cause);
}

int
report_render(const struct report_input *in, const char *name,
    const char *xsl, size_t len, struct buf *out, char **cause)
{
	struct report_template	*t;
	int			 rc;

	if ((t = report_template_load(name, xsl, len, cause)) == NULL)
		return -1;
	rc = report_template_apply(t, in, out, cause);
	report_template_free(t);
	return rc;
}
