/* test_shipindex.c: the index of a state's ships by id (src/game/
 * shipindex.c), as tables of fleets and look-ups with the answer a
 * linear search gives, and fleets whose ids clash. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shipindex.h"
#include "state.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define MAXSHIPS 8

/* A fleet (ids in ships[] order, NULL-terminated), a look-up (already in
 * lower case, as state_ship_index hands it over) and its place. */
static const struct lookup {
	const char	*what;
	const char	*ids[MAXSHIPS + 1];
	const char	*find;
	int		 want;
} lookups[] = {
	{ "first", { "a1", "b2", "c3", NULL }, "a1", 0 },
	{ "middle", { "a1", "b2", "c3", NULL }, "b2", 1 },
	{ "last", { "a1", "b2", "c3", NULL }, "c3", 2 },
	{ "absent, before every id", { "b2", "c3", NULL }, "a1", -1 },
	{ "absent, after every id", { "a1", "b2", NULL }, "zz", -1 },
	{ "absent, between", { "a1", "c3", NULL }, "b2", -1 },
	{ "a prefix is not the id", { "ship10", NULL }, "ship1", -1 },
	{ "the id is not a prefix", { "ship1", NULL }, "ship10", -1 },
	{ "the empty id", { "a1", NULL }, "", -1 },
	{ "one ship", { "only", NULL }, "only", 0 },
	{ "no ship", { NULL }, "a1", -1 },
	{ "a ship's id in upper case", { "a1", "Bb", NULL }, "bb", 1 },
	{ "the longest id", { "a1",
	    "abcdefghijklmnopqrstuvwxyz012345", NULL },
	    "abcdefghijklmnopqrstuvwxyz012345", 1 },
	{ "not in ships[] order", { "zeta", "alpha", "mu", NULL }, "alpha",
	    1 },
};

/* Two ids that are one once folded: no index. */
static const struct clash {
	const char	*what;
	const char	*ids[MAXSHIPS + 1];
} clashes[] = {
	{ "the same id twice", { "a1", "b2", "a1", NULL } },
	{ "adjacent", { "a1", "a1", NULL } },
	{ "one in upper case", { "a1", "A1", NULL } },
	{ "first and last of many", { "x", "b", "c", "d", "e", "f", "g",
	    "x", NULL } },
};

static size_t
fleet(const char *const *ids, struct nv_ship *ships)
{
	size_t	n;

	memset(ships, 0, MAXSHIPS * sizeof *ships);
	for (n = 0; ids[n] != NULL; n++) {
		assert_true(strlen(ids[n]) <= NV_ID_MAX);
		memcpy(ships[n].id, ids[n], strlen(ids[n]) + 1);
	}
	return n;
}

static void
test_lookups(void **state)
{
	struct nv_ship		 ships[MAXSHIPS];
	struct nv_shipindex	*ix;
	size_t			 i, n;

	(void)state;
	for (i = 0; i < NELEM(lookups); i++) {
		n = fleet(lookups[i].ids, ships);
		ix = shipindex_build(ships, n);
		if (ix == NULL)
			fail_msg("%s: no index", lookups[i].what);
		if (!shipindex_covers(ix, n))
			fail_msg("%s: does not cover %zu ships",
			    lookups[i].what, n);
		if (shipindex_covers(ix, n + 1))
			fail_msg("%s: covers %zu ships", lookups[i].what,
			    n + 1);
		if (shipindex_find(ix, ships, n, lookups[i].find) !=
		    lookups[i].want)
			fail_msg("%s: \"%s\" at %d, expected %d",
			    lookups[i].what, lookups[i].find,
			    shipindex_find(ix, ships, n, lookups[i].find),
			    lookups[i].want);
		shipindex_free(ix);
	}
}

static void
test_clashes(void **state)
{
	struct nv_ship		 ships[MAXSHIPS];
	struct nv_shipindex	*ix;
	size_t			 i, n;

	(void)state;
	for (i = 0; i < NELEM(clashes); i++) {
		n = fleet(clashes[i].ids, ships);
		if ((ix = shipindex_build(ships, n)) != NULL) {
			shipindex_free(ix);
			fail_msg("%s: indexed", clashes[i].what);
		}
	}
	shipindex_free(NULL);
	assert_false(shipindex_covers(NULL, 0));
}

/* A big fleet, every table size from 1 ship to past several doublings:
 * every id is found at its place, and ids one character off are not. */
static void
test_fleets(void **state)
{
	static const size_t	 sizes[] = { 1, 5, 6, 7, 12, 13, 97, 768, 769,
	    20000 };
	struct nv_ship		*ships;
	struct nv_shipindex	*ix;
	char			 id[NV_ID_MAX + 1];
	size_t			 s, i, n;

	(void)state;
	ships = calloc(20000, sizeof *ships);
	assert_non_null(ships);
	for (s = 0; s < NELEM(sizes); s++) {
		n = sizes[s];
		/* Ids that share their first letters and their length, as
		 * a big battle's do. */
		for (i = 0; i < n; i++)
			snprintf(ships[i].id, sizeof ships[i].id, "s%05zu",
			    (i * 7919) % 100000);
		ix = shipindex_build(ships, n);
		assert_non_null(ix);
		for (i = 0; i < n; i++) {
			assert_int_equal(shipindex_find(ix, ships, n,
			    ships[i].id), (int)i);
			snprintf(id, sizeof id, "%sx", ships[i].id);
			assert_int_equal(shipindex_find(ix, ships, n, id), -1);
			snprintf(id, sizeof id, "t%s", ships[i].id + 1);
			assert_int_equal(shipindex_find(ix, ships, n, id), -1);
		}
		shipindex_free(ix);
	}
	free(ships);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lookups),
		cmocka_unit_test(test_clashes),
		cmocka_unit_test(test_fleets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
