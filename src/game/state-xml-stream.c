/* state-xml-stream.c: a state built from its file one element at a time.
 *
 * libxml2's tree of a state costs some quarter of a kilobyte an
 * attribute: 70 MB for a battle of 10,000 ships (4 MB of text), more than
 * the state itself, the turn and its reports together.  Every state
 * Navarch keeps is its own canonical output, which needs no tree at all:
 * the reader (xmlTextReader) hands each child of <scenario> over as a
 * small tree of its own; a ship is read into the state at once and
 * freed, the rest (map, sides, wrecks, markers, result: small) is kept
 * under a copy of the root for the loader's usual functions.
 *
 * The ships themselves, one line each in a run of lines, are most of the
 * file, and libxml2's reader took three quarters of the time of reading
 * them (issue 16).  Where that run holds only bytes the saver writes for
 * text of plain ASCII, its lines are read here (ship_lines), and the
 * reader is given the rest of the file: what comes before the first ship
 * and after the last.
 *
 * This is a fast path, and it proves itself: its state is used only when
 * it was built without a single error and saves byte for byte to the
 * text it came from (state-xml-doc.c), so it is the state the tree would
 * have given.  Anything else (an error, an element out of the canonical
 * order, a line not as the saver writes it, a file from elsewhere) gives
 * NULL, and the caller builds from the whole tree with every message as
 * before. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlreader.h>

#include "diag.h"
#include "ruleset.h"
#include "state-xml-int.h"
#include "state.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* Reader errors only say the fast path is off. */
static void
quiet(void *arg, xmlErrorPtr err)
{
	int	*errors = arg;

	if (err->level != XML_ERR_WARNING)
		(*errors)++;
}

/* The children of the root, each taken as the reader expands it: a ship
 * into the state, anything else kept under root.  0 at the document's
 * end, -1 on any trouble. */
static int
children(xmlTextReaderPtr r, struct loader *l, xmlDocPtr hold,
    xmlNodePtr root)
{
	xmlNodePtr	n;
	int		ret, head = 0;

	ret = xmlTextReaderRead(r);
	while (ret == 1) {
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT ||
		    xmlTextReaderDepth(r) != 1) {
			ret = xmlTextReaderRead(r);
			continue;
		}
		if ((n = xmlTextReaderExpand(r)) == NULL)
			return -1;
		if (xmlsafe_is(n, "ship")) {
			if (!head) {
				sx_stream_head(l, root);
				head = 1;
			}
			sx_ship_add(l, n);
		} else if (head && !xmlsafe_is(n, "wreck") &&
		    !xmlsafe_is(n, "marker") && !xmlsafe_is(n, "result"))
			/* Not in the canonical order: the tree decides. */
			return -1;
		else
			xmlAddChild(root, xmlDocCopyNode(n, hold, 1));
		/* Past this child: the reader frees its tree. */
		ret = xmlTextReaderNext(r);
	}
	if (ret == 0 && !head)
		sx_stream_head(l, root);
	return ret == 0 ? 0 : -1;
}

/* --- the run of ship lines ----------------------------------------------- */

#define SHIP_OPEN	"  <ship"

/* Where the ships are: [start, end) of buf, every line of it beginning
 * "  <ship " and ending "/>", and line the line of the first. */
struct run {
	size_t		 start;
	size_t		 end;
	unsigned	 line;
};

/* Whether c may stand in the run: printable ASCII, the newline ending
 * each line (the saver writes every other control character as a
 * character reference).  Anything else (UTF-8 text, say) is left to
 * libxml2, which checks it. */
static int
plain(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\n';
}

/* 1 and the run if buf has one, of plain bytes alone; else 0. */
static int
ship_run(const char *buf, size_t len, struct run *run)
{
	const char	*p, *eol, *end = buf + len, *first = NULL;
	size_t		 i;

	/* The first line that begins so (past the head's few lines). */
	for (p = buf; first == NULL && p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return 0;
		if ((size_t)(end - (eol + 1)) > sizeof SHIP_OPEN &&
		    memcmp(eol + 1, SHIP_OPEN " ", sizeof SHIP_OPEN) == 0)
			first = eol + 1;
	}
	if (first == NULL)
		return 0;
	for (p = first; (size_t)(end - p) > sizeof SHIP_OPEN &&
	    memcmp(p, SHIP_OPEN " ", sizeof SHIP_OPEN) == 0; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL ||
		    eol - p < (ptrdiff_t)sizeof SHIP_OPEN + 2 ||
		    eol[-2] != '/' || eol[-1] != '>')
			return 0;
	}
	for (i = (size_t)(first - buf); i < (size_t)(p - buf); i++)
		if (!plain((unsigned char)buf[i]))
			return 0;
	run->start = (size_t)(first - buf);
	run->end = (size_t)(p - buf);
	run->line = 1;
	for (i = 0; i < run->start; i++)
		run->line += buf[i] == '\n';
	return 1;
}

/* The entities the saver writes (put_escaped): their length in the text
 * and the character, or 0. */
static size_t
entity(const char *p, const char *eol, char *c)
{
	static const struct {
		const char	*text;
		char		 c;
	} e[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' },
		{ "&quot;", '"' }, { "&#13;", '\r' }, { "&#10;", '\n' },
		{ "&#9;", '\t' },
	};
	size_t	i, n;

	for (i = 0; i < sizeof e / sizeof e[0]; i++) {
		n = strlen(e[i].text);
		if ((size_t)(eol - p) >= n && memcmp(p, e[i].text, n) == 0) {
			*c = e[i].c;
			return n;
		}
	}
	return 0;
}

static int
is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

/* One line [p, eol) of the run into a ship: ' NAME="VALUE"' after
 * "  <ship", as the saver writes them, then "/>".  The names and the
 * values are copied into out (room for eol - p bytes: each ends in a
 * '\0' where the text had '=' or '"'), which must last until the ship is
 * added.  -1 if the line is not so. */
static int
ship_line(struct loader *l, const char *p, const char *eol, char *out,
    unsigned line)
{
	const char	*name, *value;
	size_t		 n;
	char		 c;

	sx_ship_begin(l);
	p += sizeof SHIP_OPEN - 1;
	while (!(eol - p == 2 && p[0] == '/' && p[1] == '>')) {
		if (*p++ != ' ')
			return -1;
		for (n = 0; p + n < eol && is_name_char(p[n]); n++)
			continue;
		if (n == 0 || eol - (p + n) < 2 || p[n] != '=' ||
		    p[n + 1] != '"')
			return -1;
		memcpy(out, p, n);
		out[n] = '\0';
		name = out;
		out += n + 1;
		p += n + 2;
		value = out;
		while (p < eol && *p != '"') {
			if (*p == '<')
				return -1;
			if (*p != '&')
				*out++ = *p++;
			else if ((n = entity(p, eol, &c)) == 0)
				return -1;
			else {
				*out++ = c;
				p += n;
			}
		}
		if (p == eol)
			return -1;
		*out++ = '\0';
		p++;
		if (sx_ship_value(l, name, value) != 0)
			return -1;
	}
	sx_ship_add_values(l, line);
	return 0;
}

/* Every line of the run into a ship; -1 at the first that is not as the
 * saver writes it. */
static int
ship_lines(struct loader *l, const char *buf, const struct run *run)
{
	const char	*p = buf + run->start, *end = buf + run->end, *eol;
	char		*out = NULL;
	size_t		 room = 0;
	unsigned	 line = run->line;
	int		 rc = 0;

	for (; rc == 0 && p < end; p = eol + 1, line++) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if ((size_t)(eol - p) > room) {
			room = (size_t)(eol - p);
			free(out);
			out = xmalloc(room);
		}
		rc = ship_line(l, p, eol, out, line);
	}
	free(out);
	return rc;
}

/* --- the file ---------------------------------------------------------- */

struct nv_state *
state_xml_build_stream(const struct nv_ruleset *rs, const char *file,
    const char *buf, size_t len)
{
	struct loader	 l;
	struct diag	 d = DIAG_INIT;
	xmlTextReaderPtr r;
	xmlDocPtr	 hold;
	xmlNodePtr	 root = NULL;
	struct nv_state	*st;
	struct run	 run = { 0, 0, 0 };
	char		*rest = NULL;
	int		 errors = 0, ok = 0, lines;

	if (len > NV_XML_MAX || len > (size_t)0x7fffffff)
		return NULL;
	/* The reader gets the file less the run of ship lines, if any. */
	if ((lines = ship_run(buf, len, &run))) {
		rest = xmalloc(len - (run.end - run.start) + 1);
		memcpy(rest, buf, run.start);
		memcpy(rest + run.start, buf + run.end, len - run.end);
	}
	/* The options of xmlsafe_parse: no network, no entities. */
	r = xmlReaderForMemory(lines ? rest : buf, (int)(lines ? len -
	    (run.end - run.start) : len), file, NULL, XML_PARSE_NONET |
	    XML_PARSE_NOCDATA);
	if (r == NULL) {
		free(rest);
		return NULL;
	}
	xmlTextReaderSetStructuredErrorHandler(r, quiet, &errors);
	hold = xmlNewDoc(BAD_CAST "1.0");
	d.max = 1;
	sx_loader_begin(&l, rs, file, &d);
	if (xmlTextReaderRead(r) == 1 &&
	    xmlTextReaderNodeType(r) == XML_READER_TYPE_ELEMENT &&
	    xmlStrEqual(xmlTextReaderConstLocalName(r), BAD_CAST "scenario") &&
	    xmlTextReaderIsEmptyElement(r) == 0) {
		/* The root's attributes, not its children. */
		root = xmlDocCopyNode(xmlTextReaderCurrentNode(r), hold, 2);
		xmlDocSetRootElement(hold, root);
		ok = children(r, &l, hold, root) == 0;
		/* The head was read at the end of what the reader had. */
		if (ok && lines)
			ok = ship_lines(&l, buf, &run) == 0;
	}
	/* The ships read are the state's, to be freed with it. */
	sx_ships_end(&l);
	if (ok && errors == 0)
		sx_stream_tail(&l, root);
	if (!ok || errors > 0)
		diag_error(&d, file, 0, "not taken by the fast path");
	st = sx_loader_end(&l, 0);
	xmlFreeTextReader(r);
	xmlFreeDoc(hold);
	diag_free(&d);
	free(rest);
	return st;
}
