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

#include <libxml/xmlerror.h>
#include <libxml/xpathInternals.h>
#include <libxslt/extensions.h>
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
	catch_errors(&c);
	style = xsltParseStylesheetDoc(doc);
	release_errors();
	if (style == NULL || style->errors > 0) {
		if (style != NULL)
			xsltFreeStylesheet(style);	/* frees doc */
		else
			xmlFreeDoc(doc);
		*cause = collected(&c, name, "not a valid XSLT stylesheet");
		return NULL;
	}
	buf_free(&c.b);
	if (style->method == NULL ||
	    !xmlStrEqual(style->method, BAD_CAST "text")) {
		*cause = xasprintf("%s: a mail template must say <xsl:output "
		    "method=\"text\" encoding=\"UTF-8\"/>", name);
		xsltFreeStylesheet(style);
		return NULL;
	}
	t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	t->style = style;
	t->sec = no_files();
	return t;
}

void
report_template_free(struct report_template *t)
{
	if (t == NULL)
		return;
	xsltFreeStylesheet(t->style);
	xsltFreeSecurityPrefs(t->sec);
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
 * text ends with exactly one newline. */
static void
tidy(const char *s, size_t n, struct buf *out)
{
	size_t	i = 0, end, start;

	while (i < n) {
		start = i;
		while (i < n && s[i] != '\n')
			i++;
		end = i;
		while (end > start && s[end - 1] == ' ')
			end--;
		buf_add(out, s + start, end - start);
		buf_addc(out, '\n');
		if (i < n)
			i++;
	}
	while (out->len >= 2 && out->p[out->len - 1] == '\n' &&
	    out->p[out->len - 2] == '\n')
		out->p[--out->len] = '\0';
}

static int
transform(const struct report_template *t, xmlDocPtr doc, struct buf *text,
    char **cause)
{
	struct collect		 c = { BUF_INIT, 0 };
	xsltTransformContextPtr	 tc;
	xmlDocPtr		 res;
	xmlChar			*mem = NULL;
	int			 len = 0, ok;

	tc = xsltNewTransformContext(t->style, doc);
	if (tc == NULL) {
		*cause = xasprintf("%s: cannot start the transformation",
		    t->name);
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
	if (ok && xsltSaveResultToString(&mem, &len, res, t->style) != 0)
		ok = 0;
	xsltFreeTransformContext(tc);
	xmlFreeDoc(res);
	if (!ok) {
		xmlFree(mem);
		*cause = collected(&c, t->name, "the template failed");
		return -1;
	}
	buf_free(&c.b);
	tidy(mem != NULL ? (const char *)mem : "", (size_t)len, text);
	xmlFree(mem);
	return 0;
}

/* Runs t over doc and checks the text; appends it to out only when
 * all went well. */
static int
run_checked(const struct report_template *t, xmlDocPtr doc, int width,
    struct buf *out, char **cause)
{
	struct buf	 text = BUF_INIT;
	char		*why;
	int		 rc = -1;

	if (transform(t, doc, &text, cause) != 0)
		goto out;
	if (report_text_check_width(buf_str(&text), text.len, width, &why) !=
	    0) {
		*cause = xasprintf("%s: the text breaks the rules of "
		    "plain-text mail: %s", t->name, why);
		free(why);
		goto out;
	}
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
	int		 rc;

	if ((doc = report_doc_build(in, cause)) == NULL)
		return -1;
	rc = run_checked(t, doc, REPORT_WIDTH, out, cause);
	xmlFreeDoc(doc);
	return rc;
}

int
report_template_apply_doc(const struct report_template *t,
    struct _xmlDoc *doc, int width, struct buf *out, char **cause)
{
	return run_checked(t, doc, width, out, cause);
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
