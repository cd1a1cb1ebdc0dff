/* classic-fire.c: missile fire at the end of a phase (classic.md,
 * "Missile fire").  Being written: until it lands no weapon fires. */
#include "config.h"

#include "classic.h"

int
classic_fire(struct nv_turn *t, int phase, char **cause)
{
	(void)t; (void)phase; (void)cause;
	return 0;
}
