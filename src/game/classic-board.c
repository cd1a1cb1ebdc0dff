/* classic-board.c: boarding and capture at the end of the turn
 * (classic.md, "Boarding and capture").  Being written: until it lands
 * nobody boards. */
#include "config.h"

#include "classic.h"

int
classic_boarding(struct nv_turn *t, char **cause)
{
	(void)t; (void)cause;
	return 0;
}
