/* datafix.c: the real data files for unit tests (see datafix.h). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libxml/tree.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "fileio.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state-xml-int.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

char *
datafix_read(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *buf = NULL, *cause = NULL;

	path = xasprintf("%s/%s", dir != NULL ? dir : "../data", rel);
	if (file_read(path, NV_XML_MAX, &buf, len, &cause) != 0)
		fail_msg("%s (set NAVARCH_DATADIR)", cause);
	free(path);
	return buf;
}

int
datafix_setup(void **state)
{
	struct datafix	*f = xcalloc(1, sizeof *f);
	struct diag	 d = DIAG_INIT;
	char		*xml, *rng;
	size_t		 xmllen, rnglen;

	xml = datafix_read("rulesets/classic.xml", &xmllen);
	rng = datafix_read("schema/ruleset-classic.rng", &rnglen);
	f->rs = ruleset_load("classic.xml", xml, xmllen, rng, rnglen, &d);
	assert_non_null(f->rs);
	free(xml);
	free(rng);
	diag_free(&d);
	f->rng = datafix_read("schema/scenario.rng", &f->rnglen);
	*state = f;
	return 0;
}

void
datafix_load_ops(struct datafix *f, const struct nv_ruleset_ops *ops,
    const char *xml_rel, const char *rng_rel)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*xml, *rng;
	size_t		 xlen, rlen;

	xml = datafix_read(xml_rel, &xlen);
	rng = datafix_read(rng_rel, &rlen);
	f->rs = ruleset_load_ops(ops, xml_rel, xml, xlen, rng, rlen, &d);
	if (f->rs == NULL) {
		diag_format(&d, &b);
		fail_msg("%s", buf_str(&b));
	}
	free(xml);
	free(rng);
	diag_free(&d);
	f->rng = datafix_read("schema/scenario.rng", &f->rnglen);
}

struct nv_ruleset *
datafix_ruleset(const char *id)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_ruleset *rs;
	char		*rel, *xml, *rng;
	size_t		 xlen, rlen;

	if (ruleset_ops_find(id) == NULL || !str_is_id(id))
		return NULL;
	rel = xasprintf("rulesets/%s.xml", id);
	xml = datafix_read(rel, &xlen);
	free(rel);
	rel = xasprintf("schema/ruleset-%s.rng", id);
	rng = datafix_read(rel, &rlen);
	free(rel);
	if ((rs = ruleset_load(id, xml, xlen, rng, rlen, &d)) == NULL) {
		diag_format(&d, &b);
		fail_msg("ruleset %s: %s", id, buf_str(&b));
	}
	free(xml);
	free(rng);
	diag_free(&d);
	return rs;
}

void
datafix_release(struct datafix *f)
{
	ruleset_free(f->rs);
	free(f->rng);
	f->rs = NULL;
	f->rng = NULL;
}

int
datafix_teardown(void **state)
{
	struct datafix	*f = *state;

	ruleset_free(f->rs);
	free(f->rng);
	free(f);
	return 0;
}

struct nv_state *
datafix_state(const struct datafix *f, const char *xml)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;

	st = state_xml_load(f->rs, "t.xml", xml, strlen(xml), f->rng,
	    f->rnglen, &d);
	if (st == NULL) {
		diag_format(&d, &b);
		fail_msg("%s", buf_str(&b));
	}
	diag_free(&d);
	return st;
}

char *
datafix_without(const char *xml, const char *tag)
{
	const char	*p = strstr(xml, tag), *end;
	struct buf	 b = BUF_INIT;

	assert_non_null(p);
	end = strstr(p, "/>");
	assert_non_null(end);
	buf_add(&b, xml, (size_t)(p - xml));
	buf_adds(&b, end + 2);
	return buf_detach(&b);
}

void
datafix_golden(const char *name, const char *out)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *want = NULL, *cause = NULL;
	size_t		 len;
	FILE		*f;

	path = xasprintf("%s/../tests/unit/golden/%s",
	    dir != NULL ? dir : "../data", name);
	if (getenv("NAVARCH_UPDATE_GOLDEN") != NULL) {
		if ((f = fopen(path, "w")) == NULL ||
		    fputs(out, f) == EOF || fclose(f) != 0)
			fail_msg("cannot write %s", path);
		free(path);
		return;
	}
	if (file_read(path, NV_XML_MAX, &want, &len, &cause) != 0)
		fail_msg("%s (NAVARCH_UPDATE_GOLDEN=1 writes it)", cause);
	if (strcmp(want, out) != 0) {
		print_message("--- %s\n%s--- got\n%s", path, want, out);
		fail_msg("%s differs", path);
	}
	free(want);
	free(path);
}

/* What loading did before the schema could be skipped: parse, the root,
 * the schema, then the loader's checks, all into d. */
static struct nv_state *
load_validated(const struct datafix *f, const char *file, const char *doc,
    size_t len, struct diag *d)
{
	xmlDocPtr	 x = xmlsafe_parse(file, doc, len, d);
	xmlNodePtr	 root;
	struct nv_state	*st = NULL;

	if (x == NULL)
		return NULL;
	root = xmlDocGetRootElement(x);
	if (!xmlsafe_is(root, "scenario"))
		diag_error(d, file, xmlsafe_line(root), "the root element is "
		    "<%s>; a scenario or state file has <scenario>",
		    (const char *)root->name);
	else if (xmlsafe_validate(x, file, f->rng, f->rnglen, d) == 0)
		st = state_xml_build(f->rs, file, root, d);
	xmlFreeDoc(x);
	return st;
}

/* The same entries, in the same order, and the same count. */
static int
same_diag(const struct diag *a, const struct diag *b)
{
	size_t	i;

	if (a->n != b->n || a->errors != b->errors)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->v[i].level != b->v[i].level ||
		    a->v[i].line != b->v[i].line ||
		    strcmp(a->v[i].file, b->v[i].file) != 0 ||
		    strcmp(a->v[i].msg, b->v[i].msg) != 0)
			return 0;
	return 1;
}

int
datafix_errors_as_before(const struct datafix *f, const char *file,
    const char *doc, size_t len, const struct diag *got)
{
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st = load_validated(f, file, doc, len, &d);
	int		 same = same_diag(got, &d);

	state_free(st);
	diag_free(&d);
	return same;
}
