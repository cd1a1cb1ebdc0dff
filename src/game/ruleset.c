/* ruleset.c: look-ups common to every ruleset (see ruleset.h); loading is
 * ruleset-load.c, the module table ruleset-registry.c. */
#include "config.h"

#include <string.h>

#include "ruleset.h"

int
ruleset_class_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->nclasses; i++)
		if (strcmp(rs->classes[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_crew_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->ncrews; i++)
		if (strcmp(rs->crews[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_nation_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->nnations; i++)
		if (strcmp(rs->nations[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_moves(const struct nv_ruleset *rs, int speed, int phase)
{
	if (speed < 0 || speed > rs->max_speed || phase < 1 ||
	    phase > rs->phases)
		return 0;
	return rs->schedule[speed * rs->phases + (phase - 1)];
}
