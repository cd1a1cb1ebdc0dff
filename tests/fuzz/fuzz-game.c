/* fuzz-game.c: the ruleset and states of fuzz-game.h. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "diag.h"
#include "fileio.h"
#include "fuzz.h"
#include "fuzz-game.h"
#include "ruleset.h"
#include "state-xml.h"
#include "xalloc.h"

static char *
data_file(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *text, *cause;

	if (dir != NULL && *dir != '\0')
		path = xasprintf("%s/%s", dir, rel);
	else
		path = xasprintf("%s/data/%s", FUZZ_SRCDIR, rel);
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

void
fuzz_game_init(struct fuzz_game *g)
{
	struct diag	 d = DIAG_INIT;
	char		*xml, *rng;
	size_t		 xmllen, rnglen;

	xml = data_file("rulesets/classic.xml", &xmllen);
	rng = data_file("schema/ruleset-classic.rng", &rnglen);
	g->rs = ruleset_load("classic.xml", xml, xmllen, rng, rnglen, &d);
	if (g->rs == NULL)
		die_diag("the classic ruleset does not load", &d);
	free(xml);
	free(rng);
	diag_free(&d);
	g->rng = data_file("schema/scenario.rng", &g->rnglen);
}

struct nv_state *
fuzz_game_state(const struct fuzz_game *g, const char *rel)
{
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	char		*xml;
	size_t		 len;

	xml = fuzz_source_file(rel, &len);
	st = state_xml_load(g->rs, rel, xml, len, g->rng, g->rnglen, &d);
	if (st == NULL)
		die_diag(rel, &d);
	free(xml);
	diag_free(&d);
	return st;
}
