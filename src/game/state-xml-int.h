/* state-xml-int.h: between the parts of state-xml (private to src/game):
 * state-xml-doc.c parses and decides whether the schema must look at a
 * file; state-xml.c builds the state from the tree. */
#ifndef NV_STATE_XML_INT_H
#define NV_STATE_XML_INT_H

#include <libxml/tree.h>

struct diag;
struct nv_ruleset;
struct nv_state;

/* The state of ruleset rs from the document's root element (<scenario>),
 * with every check of meaning the loader makes; every error into d, with
 * file and line.  Safe on any tree, schema-valid or not.  Returns the
 * state (owned by the caller) or NULL when d gained errors. */
struct nv_state	*state_xml_build(const struct nv_ruleset *rs, const char *file,
		    xmlNodePtr root, struct diag *d);

#endif
