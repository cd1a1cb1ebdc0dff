/* datafix.h: what unit tests that need the real data files share.
 *
 * The data directory is $NAVARCH_DATADIR (the Makefile sets it to the
 * source tree's data/); run by hand: export NAVARCH_DATADIR=$PWD/../data.
 * Every function fails the running test with a clear message when a file
 * is missing. */
#ifndef NV_DATAFIX_H
#define NV_DATAFIX_H

#include <stddef.h>

struct nv_ruleset;

/* The real classic ruleset and the scenario schema text, loaded once per
 * test group (datafix_setup/datafix_teardown as cmocka group hooks). */
struct datafix {
	struct nv_ruleset	*rs;
	char			*rng;	/* data/schema/scenario.rng */
	size_t			 rnglen;
};

/* The file rel (relative to the data directory) as a new NUL-terminated
 * buffer (owned by the caller) of *len bytes. */
char	*datafix_read(const char *rel, size_t *len);
int	 datafix_setup(void **state);
int	 datafix_teardown(void **state);

#endif
