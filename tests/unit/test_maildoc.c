/* test_maildoc.c: the documents of the daemon's own mails (maildoc.c):
 * what a mail quotes is made safe, lines become elements, and a template
 * run gives a subject and a body or a clear error and nothing. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <libxml/tree.h>

#include "buf.h"
#include "maildoc.h"
#include "report.h"
#include "xalloc.h"

/* Text as given, and as the document holds it. */
static const struct {
	const char	*in;
	const char	*out;
} safe_rows[] = {
	{ "plain", "plain" },
	{ "tab\there", "tab here" },
	{ "bell\x07 and escape\x1b[0m", "bell and escape[0m" },
	{ "bad \xff byte", "bad \xef\xbf\xbd byte" },
	{ "cut \xce", "cut \xef\xbf\xbd" },
	{ "Greek \xce\x9d\xce\xaf\xce\xba\xce\xb7", "Greek \xce\x9d\xce\xaf"
	  "\xce\xba\xce\xb7" },
	{ "C1 \xc2\x85 control", "C1  control" },
	{ "<b>&amp;</b>", "<b>&amp;</b>" },
	/* The edges of the printable ASCII kept as runs. */
	{ "del\x7f and tilde ~", "del and tilde ~" },
	{ "unit\x1f" " space", "unit space" },
	{ "\x01" "first and last" "\x7f", "first and last" },
	{ "ascii then \xce\x9d then ascii", "ascii then \xce\x9d then ascii" },
};

/* An attribute is one line: a subject cannot be broken in two.  Text
 * keeps its lines (a message quoted whole). */
static const struct {
	const char	*in;
	const char	*out;
	const char	*text;
} attr_rows[] = {
	{ "two\nlines", "two lines", "two\nlines" },
	{ "\nedges\n", " edges ", "\nedges\n" },
	{ "ends in a tab\t", "ends in a tab ", "ends in a tab " },
	{ "Re: x\nBcc: all@example.org", "Re: x Bcc: all@example.org",
	  "Re: x\nBcc: all@example.org" },
	{ "tab\tand\r\nCRLF", "tab and CRLF", "tab and\nCRLF" },
};

static void
test_safe(void **state)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 n;
	xmlChar		*got, *attr;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof safe_rows / sizeof safe_rows[0]; i++) {
		doc = maildoc_new("test");
		n = md_add(maildoc_root(doc), "t", safe_rows[i].in);
		md_set(n, "a", safe_rows[i].in);
		got = xmlNodeGetContent(n);
		attr = xmlGetProp(n, BAD_CAST "a");
		if (strcmp((const char *)got, safe_rows[i].out) != 0 ||
		    strcmp((const char *)attr, safe_rows[i].out) != 0)
			fail_msg("row %zu: '%s' and '%s', wanted '%s'", i,
			    (const char *)got, (const char *)attr,
			    safe_rows[i].out);
		xmlFree(got);
		xmlFree(attr);
		xmlFreeDoc(doc);
	}
}

static void
test_attr_one_line(void **state)
{
	xmlDocPtr	 doc = maildoc_new("test");
	xmlChar		*got;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof attr_rows / sizeof attr_rows[0]; i++) {
		md_set(maildoc_root(doc), "a", attr_rows[i].in);
		got = xmlGetProp(maildoc_root(doc), BAD_CAST "a");
		if (strcmp((const char *)got, attr_rows[i].out) != 0)
			fail_msg("row %zu: '%s', wanted '%s'", i,
			    (const char *)got, attr_rows[i].out);
		xmlFree(got);
		got = xmlNodeGetContent(md_add(maildoc_root(doc), "t",
		    attr_rows[i].in));
		if (strcmp((const char *)got, attr_rows[i].text) != 0)
			fail_msg("row %zu: text '%s', wanted '%s'", i,
			    (const char *)got, attr_rows[i].text);
		xmlFree(got);
	}
	xmlFreeDoc(doc);
}

static void
test_lines(void **state)
{
	xmlDocPtr	 doc = maildoc_new("test");
	xmlNodePtr	 root = maildoc_root(doc), n;
	xmlChar		*k;
	const char	*want[] = { "one", "", "three" };
	size_t		 i = 0;

	(void)state;
	k = xmlGetProp(root, BAD_CAST "kind");
	assert_string_equal((const char *)k, "test");
	xmlFree(k);
	md_lines(root, "line", "one\n\nthree\n");
	md_lines(root, "line", "");
	md_set(root, "none", NULL);
	assert_null(xmlHasProp(root, BAD_CAST "none"));
	md_set_int(root, "n", -42);
	k = xmlGetProp(root, BAD_CAST "n");
	assert_string_equal((const char *)k, "-42");
	xmlFree(k);
	for (n = root->children; n != NULL; n = n->next, i++) {
		assert_true(i < 3);
		k = xmlNodeGetContent(n);
		assert_string_equal((const char *)k, want[i]);
		xmlFree(k);
	}
	assert_int_equal(i, 3);
	xmlFreeDoc(doc);
}

#define XSL_HEAD							\
	"<?xml version=\"1.0\"?>\n"					\
	"<xsl:stylesheet version=\"1.0\"\n"				\
	"  xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"	\
	"<xsl:output method=\"text\" encoding=\"UTF-8\"/>\n"		\
	"<xsl:template match=\"/mail\">"
#define XSL_TAIL	"</xsl:template>\n</xsl:stylesheet>\n"

/* A template body (inside match="/mail"), and the subject and body it
 * gives for <mail kind="k" who="Ann"><t>line</t></mail>, or the start of
 * the error. */
static const struct {
	const char	*tpl;
	const char	*subject;
	const char	*body;
	const char	*error;
} render_rows[] = {
	{ "Subject: Hello <xsl:value-of select=\"@who\"/>\n\n"
	  "Body <xsl:value-of select=\"t\"/>\n", "Hello Ann", "Body line\n",
	  NULL },
	/* Blank lines after the subject are one separator. */
	{ "Subject: S\n\n\n\nB\n", "S", "B\n", NULL },
	{ "Subject: S\n", "S", "", NULL },
	{ "Hello\n\nBody\n", NULL, NULL,
	  "t.xsl: the template wrote no first line \"Subject: ...\"" },
	{ "Subject: \n\nBody\n", NULL, NULL,
	  "t.xsl: the template wrote no first line" },
	{ "Subject: S\n\nA\tB\n", NULL, NULL,
	  "t.xsl: the text breaks the rules of plain-text mail: line 3 has a "
	  "tab" },
	{ "<xsl:message terminate=\"yes\">no wording</xsl:message>", NULL,
	  NULL, "t.xsl: the template failed: no wording" },
};

static void
test_render(void **state)
{
	struct report_template	*t;
	struct buf		 body = BUF_INIT, xsl = BUF_INIT;
	xmlDocPtr		 doc = maildoc_new("k");
	char			*subject, *cause = NULL;
	size_t			 i;
	int			 rc;

	(void)state;
	md_set(maildoc_root(doc), "who", "Ann");
	md_add(maildoc_root(doc), "t", "line");
	for (i = 0; i < sizeof render_rows / sizeof render_rows[0]; i++) {
		buf_reset(&xsl);
		buf_printf(&xsl, "%s%s%s", XSL_HEAD, render_rows[i].tpl,
		    XSL_TAIL);
		t = report_template_load("t.xsl", buf_str(&xsl), xsl.len,
		    &cause);
		if (t == NULL)
			fail_msg("row %zu: %s", i, cause);
		buf_reset(&body);
		buf_adds(&body, "kept:");
		rc = maildoc_render(t, doc, &subject, &body, &cause);
		if (render_rows[i].error == NULL) {
			if (rc != 0)
				fail_msg("row %zu: %s", i, cause);
			assert_string_equal(subject, render_rows[i].subject);
			assert_string_equal(buf_str(&body) + 5,
			    render_rows[i].body);
		} else {
			assert_int_equal(rc, -1);
			assert_null(subject);
			assert_string_equal(buf_str(&body), "kept:");
			if (strncmp(cause, render_rows[i].error,
			    strlen(render_rows[i].error)) != 0)
				fail_msg("row %zu: '%s', wanted '%s'", i, cause,
				    render_rows[i].error);
			free(cause);
			cause = NULL;
		}
		free(subject);
		report_template_free(t);
	}
	buf_free(&body);
	buf_free(&xsl);
	xmlFreeDoc(doc);
}

/* A player's line of any length is quoted cut to MAILDOC_LINE_MAX
 * characters, whole characters only, ending in "..."; shorter lines and
 * the line breaks stay as they are. */
static void
test_render_long_lines(void **state)
{
	struct report_template	*t;
	struct buf		 body = BUF_INIT, xsl = BUF_INIT, line = BUF_INIT;
	xmlDocPtr		 doc = maildoc_new("k");
	char			*subject, *cause = NULL;
	const char		*p, *nl;
	size_t			 i, n = 0;

	(void)state;
	for (i = 0; i < 400000; i++)
		buf_adds(&line, "\xc3\xa9");
	md_set(maildoc_root(doc), "who", buf_str(&line));
	buf_addc(&line, '\n');
	buf_adds(&line, "short\n");
	md_add(maildoc_root(doc), "t", buf_str(&line));
	buf_printf(&xsl, "%sSubject: <xsl:value-of select=\"@who\"/>"
	    "<xsl:text>&#10;&#10;</xsl:text><xsl:value-of select=\"t\"/>%s",
	    XSL_HEAD, XSL_TAIL);
	t = report_template_load("t.xsl", buf_str(&xsl), xsl.len, &cause);
	assert_non_null(t);
	assert_int_equal(maildoc_render(t, doc, &subject, &body, &cause), 0);
	assert_int_equal(strlen(subject), 2 * (MAILDOC_LINE_MAX - 3) + 3);
	assert_string_equal(subject + strlen(subject) - 5, "\xc3\xa9...");
	for (p = buf_str(&body); *p != '\0'; p = nl + 1, n++) {
		nl = p + strcspn(p, "\n");
		assert_true(*nl == '\n');
		if (n == 0)
			assert_int_equal(nl - p, 2 * (MAILDOC_LINE_MAX - 3) + 3);
		else
			assert_int_equal(strncmp(p, "short\n", 6), 0);
	}
	assert_int_equal(n, 2);
	free(subject);
	report_template_free(t);
	buf_free(&body);
	buf_free(&xsl);
	buf_free(&line);
	xmlFreeDoc(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_safe),
		cmocka_unit_test(test_attr_one_line),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_render_long_lines),
	};

	return cmocka_run_group_tests_name("maildoc", tests, NULL, NULL);
}
