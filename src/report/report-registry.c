/* report-registry.c: the report modules compiled in, one per ruleset
 * that has one (src/report/NAME/), found by the ruleset's name.  Like
 * src/game/ruleset-registry.c, the one file of the report layer that
 * names rulesets; adding one adds its module here (and its file to
 * Makefile.am). */
#include "config.h"

#include <string.h>

#include "report-int.h"
#include "ruleset.h"
#include "state.h"

extern const struct report_module classic_report;
extern const struct report_module nauta_report;

static const struct report_module *const modules[] = {
	&classic_report,
	&nauta_report,
};

const struct report_module *
report_module_find(const struct nv_state *st)
{
	size_t	i;

	if (st == NULL || st->rs == NULL)
		return NULL;
	for (i = 0; i < sizeof modules / sizeof modules[0]; i++)
		if (strcmp(modules[i]->ruleset, st->rs->ops->name) == 0)
			return modules[i];
	return NULL;
}
