/* mime-html.c: the text of an HTML-only mail.
 *
 * libxml2's HTML parser builds the tree (it repairs broken markup and
 * decodes entities); the walk below turns it into lines the order parser
 * can read: block elements and <br> end lines, paragraphs are separated by
 * one blank line, white space is collapsed as a browser would, <pre> keeps
 * its lines, script/style/head are dropped, and each line inside a
 * <blockquote> starts with "> " per level, so quoted reply text is ignored
 * by the order parser exactly as in a plain text mail.  The walk is
 * iterative, so no document nests deep enough to exhaust the stack. */
#include "config.h"

#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "buf.h"
#include "mime-int.h"

enum brk {
	BRK_NONE,
	BRK_LINE,	/* the next text starts a new line */
	BRK_PARA,	/* ... after one blank line */
};

struct html_out {
	struct buf	*out;
	struct buf	 line;		/* the line being built */
	int		 line_quote;	/* blockquote depth when it began */
	int		 quote;		/* current blockquote depth */
	int		 pre;		/* inside <pre> */
	int		 pre_start;	/* nothing yet since <pre> opened */
	enum brk	 pending;
	int		 space;		/* collapsed white space pending */
};

static const char *const dropped[] = {
	"script", "style", "head", "title", "template", "iframe", "object",
	"embed", "svg", "select",
};
static const char *const paragraphs[] = {
	"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
	"table", "ul", "ol", "dl",
};
static const char *const lines[] = {
	"div", "li", "tr", "dt", "dd", "address", "article", "aside",
	"section", "header", "footer", "nav", "form", "fieldset", "figure",
	"figcaption", "center", "main", "caption", "details", "summary",
	"legend", "hr", "body", "html",
};

static int
in_list(const char *name, const char *const *list, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(name, list[i]) == 0)
			return 1;
	}
	return 0;
}
#define IN(name, list) in_list(name, list, sizeof list / sizeof list[0])

static void
flush_line(struct html_out *o)
{
	int	i;

	while (o->line.len > 0 && o->line.p[o->line.len - 1] == ' ')
		o->line.len--;
	if (o->line.len == 0)
		return;
	for (i = 0; i < o->line_quote; i++)
		buf_adds(o->out, "> ");
	buf_add(o->out, o->line.p, o->line.len);
	buf_addc(o->out, '\n');
	buf_reset(&o->line);
}

static void
resolve_pending(struct html_out *o)
{
	const struct buf	*b = o->out;

	if (o->pending == BRK_NONE)
		return;
	flush_line(o);
	if (o->pending == BRK_PARA && b->len > 0 && !(b->len >= 2 &&
	    b->p[b->len - 1] == '\n' && b->p[b->len - 2] == '\n'))
		buf_addc(o->out, '\n');
	o->pending = BRK_NONE;
	o->space = 0;
}

static void
brk(struct html_out *o, enum brk kind)
{
	if ((o->line.len > 0 || o->out->len > 0) && kind > o->pending)
		o->pending = kind;
}

static void
put(struct html_out *o, const char *p, size_t n)
{
	resolve_pending(o);
	if (o->space && o->line.len > 0)
		buf_addc(&o->line, ' ');
	o->space = 0;
	if (o->line.len == 0)
		o->line_quote = o->quote;
	buf_add(&o->line, p, n);
}

static void
line_break(struct html_out *o)
{
	resolve_pending(o);
	if (o->line.len > 0)
		flush_line(o);
	else
		buf_addc(o->out, '\n');
	o->space = 0;
}

static void
text(struct html_out *o, const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 i;

	for (i = 0; u[i] != '\0'; i++) {
		/* HTML ignores a newline right after <pre>. */
		if (o->pre_start && u[i] == '\n') {
			o->pre_start = 0;
			continue;
		}
		o->pre_start = 0;
		if (u[i] == 0xc2 && u[i + 1] == 0xa0) {
			put(o, " ", 1);		/* &nbsp; never collapses */
			i++;
		} else if (o->pre && u[i] == '\n')
			line_break(o);
		else if (o->pre && (u[i] == ' ' || u[i] == '\t'))
			put(o, " ", 1);
		else if (u[i] == ' ' || u[i] == '\t' || u[i] == '\n' ||
		    u[i] == '\r' || u[i] == '\f')
			o->space = 1;
		else if (u[i] >= 0x20 && u[i] != 0x7f)
			put(o, s + i, 1);
	}
}

/* Returns 1 if the walk should go into n's children (and leave it after). */
static int
enter(struct html_out *o, const xmlNode *n)
{
	const char	*name;

	if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
		if (n->content != NULL)
			text(o, (const char *)n->content);
		return 0;
	}
	if (n->type != XML_ELEMENT_NODE || n->name == NULL)
		return 0;
	name = (const char *)n->name;
	if (IN(name, dropped))
		return 0;
	if (strcmp(name, "br") == 0)
		line_break(o);
	else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0)
		o->space = 1;
	else if (IN(name, paragraphs))
		brk(o, BRK_PARA);
	else if (IN(name, lines))
		brk(o, BRK_LINE);
	if (strcmp(name, "blockquote") == 0)
		o->quote++;
	else if (strcmp(name, "pre") == 0) {
		o->pre++;
		o->pre_start = 1;
	}
	return 1;
}

static void
leave(struct html_out *o, const xmlNode *n)
{
	const char	*name = (const char *)n->name;

	if (n->type != XML_ELEMENT_NODE || name == NULL)
		return;
	if (IN(name, paragraphs))
		brk(o, BRK_PARA);
	else if (IN(name, lines))
		brk(o, BRK_LINE);
	if (strcmp(name, "blockquote") == 0 && o->quote > 0)
		o->quote--;
	else if (strcmp(name, "pre") == 0 && o->pre > 0)
		o->pre--;
}

static void
walk(struct html_out *o, const xmlDoc *doc)
{
	const xmlNode	*n = doc->children;

	while (n != NULL) {
		if (enter(o, n)) {
			if (n->children != NULL) {
				n = n->children;
				continue;
			}
			leave(o, n);
		}
		for (;;) {
			if (n->next != NULL) {
				n = n->next;
				break;
			}
			n = n->parent;
			if (n == NULL || n == (const xmlNode *)doc ||
			    n->type == XML_HTML_DOCUMENT_NODE) {
				n = NULL;
				break;
			}
			leave(o, n);
		}
	}
}

void
mime_html_text(struct buf *out, const char *html, size_t n)
{
	struct html_out	 o;
	htmlDocPtr	 doc;

	if (n == 0 || n > (size_t)0x7fffffff)
		return;
	/* The text is UTF-8 already (converted from the MIME charset), so a
	 * <meta charset> inside must not override it. */
	doc = htmlReadMemory(html, (int)n, NULL, "UTF-8", HTML_PARSE_NONET |
	    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	if (doc == NULL)
		return;
	memset(&o, 0, sizeof o);
	o.out = out;
	walk(&o, doc);
	flush_line(&o);
	buf_free(&o.line);
	xmlFreeDoc(doc);
}
