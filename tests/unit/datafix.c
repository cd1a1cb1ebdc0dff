/* datafix.c: the real data files for unit tests (see datafix.h). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "datafix.h"
#include "diag.h"
#include "fileio.h"
#include "ruleset.h"
#include "xalloc.h"

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

int
datafix_teardown(void **state)
{
	struct datafix	*f = *state;

	ruleset_free(f->rs);
	free(f->rng);
	free(f);
	return 0;
}
