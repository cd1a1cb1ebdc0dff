/* ruleset-registry.c: the ruleset modules compiled in.
 *
 * Adding a ruleset adds its ops table to this list (and its files to
 * Makefile.am); nothing else in the common engine changes.  See
 * docs/rulesets.md. */
#include "config.h"

#include <string.h>

#include "classic/classic.h"
#include "nauta/nauta.h"
#include "ruleset.h"

static const struct nv_ruleset_ops *const modules[] = {
	&classic_ops,
	&nauta_ops,
};

const struct nv_ruleset_ops *
ruleset_ops_find(const char *name)
{
	size_t	i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < sizeof modules / sizeof modules[0]; i++)
		if (strcmp(modules[i]->name, name) == 0)
			return modules[i];
	return NULL;
}

const struct nv_ruleset_ops *
ruleset_ops_nth(size_t i)
{
	return i < sizeof modules / sizeof modules[0] ? modules[i] : NULL;
}
