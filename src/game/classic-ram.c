/* classic-ram.c: a ram's damage, or an oar rake instead (classic.md,
 * "Rams").  Being written: until it lands a ram stops both ships and
 * does no damage. */
#include "config.h"

#include "classic.h"

int
classic_ram_resolve(struct nv_turn *t, struct nv_contact *c, int rammer,
    int target, char **cause)
{
	(void)t; (void)c; (void)rammer; (void)target; (void)cause;
	return 0;
}
