/* classic-holes.c: hole plugging, damage from open holes and victory at
 * the end of the turn (classic.md, "Holes and sinking", "Victory").
 * Being written: until it lands holes stay open and do no damage. */
#include "config.h"

#include "classic.h"

int
classic_holes(struct nv_turn *t, char **cause)
{
	(void)t; (void)cause;
	return 0;
}

int
classic_victory(struct nv_turn *t, char **cause)
{
	(void)t; (void)cause;
	return 0;
}
