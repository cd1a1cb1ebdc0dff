/* fuzz-game.h: the real ruleset and states for the engine's fuzz targets
 * (fuzz-orders, fuzz-state).  Every function aborts with a message when
 * a data file is missing or broken: that is a broken build, not a find. */
#ifndef NV_FUZZ_GAME_H
#define NV_FUZZ_GAME_H

#include <stddef.h>

struct nv_ruleset;
struct nv_state;

struct fuzz_game {
	struct nv_ruleset	*rs;	/* data/rulesets/classic.xml */
	char			*rng;	/* data/schema/scenario.rng */
	size_t			 rnglen;
};

/* Loads the classic ruleset and the scenario schema from the data
 * directory ($NAVARCH_DATADIR, else the source tree's data/). */
void		 fuzz_game_init(struct fuzz_game *);
/* The state in the source tree's file rel, loaded with g. */
struct nv_state	*fuzz_game_state(const struct fuzz_game *, const char *rel);

#endif
