/* fuzz-game.h: the real ruleset and states for the engine's fuzz targets
 * (fuzz-orders, fuzz-state).  Every function aborts with a message when
 * a data file is missing or broken: that is a broken build, not a find. */
#ifndef NV_FUZZ_GAME_H
#define NV_FUZZ_GAME_H

#include <stddef.h>

struct nv_ruleset;
struct nv_state;

#define FUZZ_RULESETS	8

struct fuzz_game {
	struct nv_ruleset	*rs;	/* the first module's (classic) */
	struct nv_ruleset	*all[FUZZ_RULESETS];	/* every module's
						   with a data file */
	size_t			 nall;
	char			*rng;	/* data/schema/scenario.rng */
	size_t			 rnglen;
};

/* Loads the ruleset of every module compiled in (ruleset_ops_nth) that
 * has a data file, and the scenario schema, from the data directory
 * ($NAVARCH_DATADIR, else the source tree's data/). */
void		 fuzz_game_init(struct fuzz_game *);
/* The loaded ruleset called id, or the first module's when there is
 * none (its loader then says the document is not its). */
const struct nv_ruleset *fuzz_game_ruleset(const struct fuzz_game *,
		    const char *id);
/* The state in the source tree's file rel, loaded with the ruleset it
 * names. */
struct nv_state	*fuzz_game_state(const struct fuzz_game *, const char *rel);

#endif
