/* fuzz-game.c: the ruleset and states of fuzz-game.h. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "fileio.h"
#include "fuzz.h"
#include "fuzz-game.h"
#include "ruleset.h"
#include "state-xml.h"
#include "xalloc.h"

/* A file of the data directory; with may_miss, NULL when it is not
 * there. */
static char *
data_file(const char *rel, size_t *len, int may_miss)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *text, *cause;

	if (dir != NULL && *dir != '\0')
		path = xasprintf("%s/%s", dir, rel);
	else
		path = xasprintf("%s/data/%s", FUZZ_SRCDIR, rel);
	if (may_miss && access(path, F_OK) != 0) {
		free(path);
		return NULL;
	}
	if (file_read(path, NV_XML_MAX, &text, len, &cause) != 0) {
		fprintf(stderr, "fuzz: %s (set NAVARCH_DATADIR)\n", cause);
		abort();
	}
	free(path);
	return text;
}

static void
die_diag(const char *what, struct diag *d)
{
	struct buf	b = BUF_INIT;

	diag_format(d, &b);
	fprintf(stderr, "fuzz: %s:\n%s", what, buf_str(&b));
	abort();
}

/* The module's data and schema, loaded; NULL when it has no data file. */
static struct nv_ruleset *
load_module(const char *name)
{
	struct diag	 d = DIAG_INIT;
	struct nv_ruleset *rs;
	char		*xml, *rng, *rel, *what;
	size_t		 xmllen, rnglen;

	rel = xasprintf("rulesets/%s.xml", name);
	if ((xml = data_file(rel, &xmllen, 1)) == NULL) {
		free(rel);
		return NULL;
	}
	free(rel);
	rel = xasprintf("schema/ruleset-%s.rng", name);
	rng = data_file(rel, &rnglen, 0);
	free(rel);
	rel = xasprintf("%s.xml", name);
	rs = ruleset_load(rel, xml, xmllen, rng, rnglen, &d);
	if (rs == NULL) {
		what = xasprintf("the %s ruleset does not load", name);
		die_diag(what, &d);
	}
	free(rel);
	free(xml);
	free(rng);
	diag_free(&d);
	return rs;
}

void
fuzz_game_init(struct fuzz_game *g)
{
	const struct nv_ruleset_ops	*ops;
	struct nv_ruleset		*rs;
	size_t				 i;

	g->nall = 0;
	for (i = 0; (ops = ruleset_ops_nth(i)) != NULL &&
	    g->nall < FUZZ_RULESETS; i++)
		if ((rs = load_module(ops->name)) != NULL)
			g->all[g->nall++] = rs;
	if (g->nall == 0) {
		fprintf(stderr, "fuzz: no ruleset has a data file\n");
		abort();
	}
	g->rs = g->all[0];
	g->rng = data_file("schema/scenario.rng", &g->rnglen, 0);
}

const struct nv_ruleset *
fuzz_game_ruleset(const struct fuzz_game *g, const char *id)
{
	size_t	i;

	for (i = 0; id != NULL && i < g->nall; i++)
		if (strcmp(g->all[i]->id, id) == 0)
			return g->all[i];
	return g->rs;
}

struct nv_state *
fuzz_game_state(const struct fuzz_game *g, const char *rel)
{
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	char		*xml, *id;
	size_t		 len;

	xml = fuzz_source_file(rel, &len);
	id = state_xml_ruleset(rel, xml, len, &d);
	st = state_xml_load(fuzz_game_ruleset(g, id), rel, xml, len, g->rng,
	    g->rnglen, &d);
	if (st == NULL)
		die_diag(rel, &d);
	free(id);
	free(xml);
	diag_free(&d);
	return st;
}
