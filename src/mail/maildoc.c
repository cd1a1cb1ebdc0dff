/* maildoc.c: building the documents of the daemon's own mails and
 * running templates/mail.xsl over them (see maildoc.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlstring.h>

#include "buf.h"
#include "maildoc.h"
#include "report.h"
#include "strutil.h"
#include "xalloc.h"

/* Text for the document: invalid UTF-8 becomes U+FFFD, a tab a space,
 * any other control character but LF is dropped, and in an attribute
 * (one_line) LF is a space too: an attribute is one line of the mail,
 * such as the subject a hostile header might try to break in two.  A
 * mail may hold anything; the document, and so the text the template
 * makes, may not. */
static char *
safe(const char *s, int one_line)
{
	struct buf	 b = BUF_INIT;
	const unsigned char *p = (const unsigned char *)s;
	size_t		 n;
	int		 len, c;

	while (*p != '\0') {
		/* Printable ASCII, and LF outside an attribute, is kept as
		 * it is: a run of it at once. */
		for (n = 0; (p[n] >= 0x20 && p[n] < 0x7f) ||
		    (p[n] == '\n' && !one_line); n++)
			;
		if (n > 0) {
			buf_add(&b, (const char *)p, n);
			p += n;
			continue;
		}
		len = 4;
		c = xmlGetUTF8Char(p, &len);
		if (c < 0 || len <= 0) {
			buf_adds(&b, "\xef\xbf\xbd");
			p++;
			continue;
		}
		if (c == '\t' || (c == '\n' && one_line))
			buf_addc(&b, ' ');
		else if (c == '\n' || (c >= 0x20 && c != 0x7f &&
		    !(c >= 0x80 && c < 0xa0)))
			buf_add(&b, (const char *)p, (size_t)len);
		p += len;
	}
	return buf_detach(&b);
}

/* s itself when it needs nothing of safe() (printable ASCII, and LF
 * outside an attribute: most of what a mail document holds), else its
 * safe copy in *copy (to be freed). */
static const char *
safe_text(const char *s, int one_line, char **copy)
{
	const unsigned char	*p = (const unsigned char *)s;

	*copy = NULL;
	while ((*p >= 0x20 && *p < 0x7f) || (*p == '\n' && !one_line))
		p++;
	if (*p == '\0')
		return s;
	return *copy = safe(s, one_line);
}

xmlDocPtr
maildoc_new(const char *kind)
{
	xmlDocPtr	doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr	root = xmlNewNode(NULL, BAD_CAST "mail");

	xmlDocSetRootElement(doc, root);
	md_set(root, "kind", kind);
	return doc;
}

xmlNodePtr
maildoc_root(xmlDocPtr doc)
{
	return xmlDocGetRootElement(doc);
}

xmlNodePtr
md_add(xmlNodePtr parent, const char *name, const char *text)
{
	xmlNodePtr	 n = xmlNewChild(parent, NULL, BAD_CAST name, NULL);
	char		*copy;

	if (text != NULL && *text != '\0') {
		xmlAddChild(n, xmlNewText(BAD_CAST safe_text(text, 0, &copy)));
		free(copy);
	}
	return n;
}

void
md_set(xmlNodePtr n, const char *name, const char *value)
{
	char	*copy;

	if (value == NULL)
		return;
	xmlSetProp(n, BAD_CAST name, BAD_CAST safe_text(value, 1, &copy));
	free(copy);
}

void
md_setf(xmlNodePtr n, const char *name, const char *fmt, ...)
{
	va_list	 ap;
	char	*v;

	va_start(ap, fmt);
	v = xvasprintf(fmt, ap);
	va_end(ap);
	md_set(n, name, v);
	free(v);
}

void
md_set_int(xmlNodePtr n, const char *name, long value)
{
	md_setf(n, name, "%ld", value);
}

void
md_lines(xmlNodePtr parent, const char *name, const char *text)
{
	const char	*p, *nl;
	char		*line;

	for (p = text != NULL ? text : ""; *p != '\0';
	    p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		md_add(parent, name, line);
		free(line);
	}
}

/* Appends text with every line cut to MAILDOC_LINE_MAX characters: a
 * mail quotes what a player wrote (a press message, an order line), and
 * a player may write a line of any length. */
static void
add_lines(struct buf *out, const char *text)
{
	const char	*p = text, *nl;
	size_t		 len, cut;

	for (; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		len = (size_t)(nl - p);
		cut = str_utf8_prefix(p, len, MAILDOC_LINE_MAX);
		if (cut < len) {
			buf_add(out, p, str_utf8_prefix(p, len,
			    MAILDOC_LINE_MAX - 3));
			buf_adds(out, "...");
		} else
			buf_add(out, p, len);
		if (*nl != '\0')
			buf_addc(out, '\n');
	}
}

int
maildoc_render(const struct report_template *t, xmlDocPtr doc,
    char **subject, struct buf *body, char **cause)
{
	struct buf	 text = BUF_INIT;
	const char	*s, *nl;
	char		*line;
	int		 rc = -1;

	*subject = NULL;
	if (report_template_apply_doc(t, doc, 0, &text, cause) != 0)
		goto out;
	s = buf_str(&text);
	nl = strchr(s, '\n');
	if (strncmp(s, "Subject: ", 9) != 0 || nl == NULL || nl - s <= 9) {
		*cause = xasprintf("%s: the template wrote no first line "
		    "\"Subject: ...\"", report_template_name(t));
		goto out;
	}
	line = xstrndup(s + 9, (size_t)(nl - s - 9));
	*subject = str_utf8_cut(line, MAILDOC_LINE_MAX);
	free(line);
	for (s = nl + 1; *s == '\n'; s++)
		;
	add_lines(body, s);
	rc = 0;
out:
	buf_free(&text);
	return rc;
}
