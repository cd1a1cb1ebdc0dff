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
 * This is a fast path, and it proves itself: its state is used only when
 * it was built without a single error and saves byte for byte to the
 * text it came from (state-xml-doc.c), so it is the state the tree would
 * have given.  Anything else (an error, an element out of the canonical
 * order, a file from elsewhere) gives NULL, and the caller builds from
 * the whole tree with every message as before. */
#include "config.h"

#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlreader.h>

#include "diag.h"
#include "ruleset.h"
#include "state-xml-int.h"
#include "state.h"
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
	int		 errors = 0, ok = 0;

	if (len > NV_XML_MAX || len > (size_t)0x7fffffff)
		return NULL;
	/* The options of xmlsafe_parse: no network, no entities. */
	r = xmlReaderForMemory(buf, (int)len, file, NULL, XML_PARSE_NONET |
	    XML_PARSE_NOCDATA);
	if (r == NULL)
		return NULL;
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
	return st;
}
