/* state-xml-doc.c: parsing scenario and state files once, and asking the
 * schema only about files Navarch did not write (see state-xml.h).
 *
 * Why the schema may be skipped.  RelaxNG validation in libxml2 costs
 * about 0.25 ms a ship of a saved state (its ruleset attributes go
 * through a "zero or more attributes of any name" pattern): most of
 * loading a big battle, paid again by every command on a stored game.
 * Yet every state Navarch keeps or prints is the output of
 * state_xml_save(), and that output is valid by construction: the
 * elements in the schema's order, at least one <side> (the loader
 * refuses a state without), every required attribute, values that are
 * tokens or text, ruleset attributes by the ruleset table's names (never
 * a common attribute's: the same name twice would not even parse).  So
 * when a file is byte for byte what state_xml_save() writes for the state
 * built from it, the schema would accept it, and it is not asked.
 *
 * Invariant (tested in test_state.c, "saved output validates"): the
 * schema accepts everything state_xml_save() writes.  Anything else (a
 * scenario a GM wrote, a state edited by hand, a file from another
 * program) differs from its canonical form in at least one byte, so it is
 * validated first exactly as before, and a file the schema refuses gets
 * the schema's errors and nothing else, as before.
 *
 * The state is built before the schema is asked (the builder is safe on
 * any tree) with its errors kept apart; they are added to the caller's
 * only once the schema has passed the file, so a refused file reports
 * what it always did. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlreader.h>

#include "buf.h"
#include "diag.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state-xml-int.h"
#include "state.h"
#include "xalloc.h"
#include "xmlsafe.h"

struct state_xml_doc {
	char		*file;		/* for messages; owned */
	const char	*buf;		/* the text parsed; the caller's */
	size_t		 len;
	xmlDocPtr	 doc;		/* owned; NULL: not parsed yet, a
					   state Navarch wrote (its head) */
	xmlNodePtr	 root;		/* <scenario> */
	char		*ruleset;	/* its ruleset attribute, or NULL */
};

/* How every state Navarch writes begins (state_xml_save). */
static const char canonical_head[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scenario ";

/* Parses and checks the root element only. */
static struct state_xml_doc *
doc_open(const char *file, const char *buf, size_t len, struct diag *d)
{
	struct state_xml_doc	*sd;
	xmlDocPtr		 doc = xmlsafe_parse(file, buf, len, d);
	xmlNodePtr		 root;

	if (doc == NULL)
		return NULL;
	root = xmlDocGetRootElement(doc);
	if (!xmlsafe_is(root, "scenario")) {
		diag_error(d, file, xmlsafe_line(root), "the root element is "
		    "<%s>; a scenario or state file has <scenario>",
		    (const char *)root->name);
		xmlFreeDoc(doc);
		return NULL;
	}
	sd = xcalloc(1, sizeof *sd);
	sd->file = xstrdup(file);
	sd->buf = buf;
	sd->len = len;
	sd->doc = doc;
	sd->root = root;
	sd->ruleset = xmlsafe_attr(root, "ruleset");
	return sd;
}

static void
quiet(void *arg, xmlErrorPtr err)
{
	(void)arg;
	(void)err;
}

/* A file that begins as Navarch writes states is not parsed now: only
 * its root's ruleset attribute is read, and state_xml_load_doc builds
 * the state from a stream (state-xml-stream.c), without libxml2's tree
 * of the whole file.  NULL if the head is not so (then it is parsed). */
static struct state_xml_doc *
head_open(const char *file, const char *buf, size_t len)
{
	struct state_xml_doc	*sd;
	xmlTextReaderPtr	 r;
	xmlChar			*rs = NULL;

	if (len < sizeof canonical_head || len > NV_XML_MAX ||
	    memcmp(buf, canonical_head, sizeof canonical_head - 1) != 0)
		return NULL;
	r = xmlReaderForMemory(buf, (int)len, file, NULL, XML_PARSE_NONET |
	    XML_PARSE_NOCDATA);
	if (r == NULL)
		return NULL;
	xmlTextReaderSetStructuredErrorHandler(r, quiet, NULL);
	if (xmlTextReaderRead(r) == 1 &&
	    xmlTextReaderNodeType(r) == XML_READER_TYPE_ELEMENT)
		rs = xmlTextReaderGetAttribute(r, BAD_CAST "ruleset");
	xmlFreeTextReader(r);
	if (rs == NULL)
		return NULL;
	sd = xcalloc(1, sizeof *sd);
	sd->file = xstrdup(file);
	sd->buf = buf;
	sd->len = len;
	sd->ruleset = xstrdup((const char *)rs);
	xmlFree(rs);
	return sd;
}

struct state_xml_doc *
state_xml_parse(const char *file, const char *buf, size_t len,
    struct diag *d)
{
	struct state_xml_doc	*sd = head_open(file, buf, len);

	if (sd != NULL)
		return sd;
	sd = doc_open(file, buf, len, d);

	if (sd != NULL && sd->ruleset == NULL) {
		diag_error(d, file, xmlsafe_line(sd->root), "<scenario> has no "
		    "ruleset attribute; it names the rules, e.g. "
		    "ruleset=\"%s\"", ruleset_ops_nth(0)->name);
		state_xml_doc_free(sd);
		return NULL;
	}
	return sd;
}

const char *
state_xml_doc_ruleset(const struct state_xml_doc *sd)
{
	return sd->ruleset;
}

void
state_xml_doc_free(struct state_xml_doc *sd)
{
	if (sd == NULL)
		return;
	xmlFreeDoc(sd->doc);
	free(sd->file);
	free(sd->ruleset);
	free(sd);
}

char *
state_xml_ruleset(const char *file, const char *buf, size_t len,
    struct diag *d)
{
	struct state_xml_doc	*sd = state_xml_parse(file, buf, len, d);
	char			*id;

	if (sd == NULL)
		return NULL;
	id = xstrdup(sd->ruleset);
	state_xml_doc_free(sd);
	return id;
}

/* 1 if the text parsed is exactly the canonical output for st. */
static int
is_canonical(const struct state_xml_doc *sd, const struct nv_state *st)
{
	return state_xml_is_saved(st, sd->buf, sd->len);
}

static struct nv_state *load_tree(const struct nv_ruleset *,
	    const struct state_xml_doc *, const char *, size_t, struct diag *);

struct nv_state *
state_xml_load_doc(const struct nv_ruleset *rs,
    const struct state_xml_doc *sd, const char *rng, size_t rnglen,
    struct diag *d)
{
	struct state_xml_doc	*tree;
	struct nv_state		*st;

	if (sd->doc != NULL)
		return load_tree(rs, sd, rng, rnglen, d);
	/* A state Navarch wrote, it seems: from the stream, if it is. */
	st = state_xml_build_stream(rs, sd->file, sd->buf, sd->len);
	if (st != NULL && is_canonical(sd, st))
		return st;
	state_free(st);
	/* It is not: the whole tree, every message, as for any file. */
	if ((tree = doc_open(sd->file, sd->buf, sd->len, d)) == NULL)
		return NULL;
	st = load_tree(rs, tree, rng, rnglen, d);
	state_xml_doc_free(tree);
	return st;
}

/* The state from the whole tree: built, and asked of the schema unless
 * it is the canonical output of the file it came from. */
static struct nv_state *
load_tree(const struct nv_ruleset *rs, const struct state_xml_doc *sd,
    const char *rng, size_t rnglen, struct diag *d)
{
	struct diag	 built = DIAG_INIT;
	struct nv_state	*st;

	built.max = d->max;
	st = state_xml_build(rs, sd->file, sd->root, &built);
	if (st != NULL && built.n == 0 && is_canonical(sd, st)) {
		diag_free(&built);
		return st;
	}
	if (xmlsafe_validate(sd->doc, sd->file, rng, rnglen, d) != 0) {
		state_free(st);
		diag_free(&built);
		return NULL;
	}
	/* The same entries, in the same order and under the same cap, as
	 * building straight into d would have given. */
	diag_merge(d, &built);
	diag_free(&built);
	return st;
}

struct nv_state *
state_xml_load(const struct nv_ruleset *rs, const char *file,
    const char *buf, size_t len, const char *rng, size_t rnglen,
    struct diag *d)
{
	struct state_xml_doc	*sd = doc_open(file, buf, len, d);
	struct nv_state		*st;

	if (sd == NULL)
		return NULL;
	st = state_xml_load_doc(rs, sd, rng, rnglen, d);
	state_xml_doc_free(sd);
	return st;
}
