/* datafix.h: what unit tests that need the real data files share: the
 * ruleset and schema, states loaded with them, and golden files.
 *
 * The data directory is $NAVARCH_DATADIR (the Makefile sets it to the
 * source tree's data/); run by hand: export NAVARCH_DATADIR=$PWD/../data.
 * Every function fails the running test with a clear message when a file
 * is missing. */
#ifndef NV_DATAFIX_H
#define NV_DATAFIX_H

#include <stddef.h>

struct nv_ruleset;
struct nv_ruleset_ops;
struct nv_state;

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
/* f loaded with a module that is not in the registry (ops, the test
 * suite's), its data file and schema (rel as for datafix_read), and the
 * scenario schema; the test fails with the diagnostics if it does not
 * load.  Release with datafix_release(). */
void	 datafix_load_ops(struct datafix *f, const struct nv_ruleset_ops *ops,
	    const char *xml_rel, const char *rng_rel);
void	 datafix_release(struct datafix *f);
/* The data directory's ruleset id (rulesets/ID.xml and its schema) loaded
 * with the module of that name, or NULL if no module of that name is
 * compiled in; the test fails with the diagnostics if it does not load.
 * Owned by the caller (ruleset_free). */
struct nv_ruleset *datafix_ruleset(const char *id);

/* The scenario or state xml (NUL-terminated) loaded with f's ruleset and
 * schema, or the test fails with the diagnostics.  Owned by the caller
 * (state_free). */
struct nv_state *datafix_state(const struct datafix *f, const char *xml);

/* xml less its first empty element that starts with tag (e.g. "<ship
 * id=\"a1\"", up to the next "/>"): a scenario without one ship or wreck.
 * The test fails when there is none.  Owned by the caller. */
char	*datafix_without(const char *xml, const char *tag);

/* 1 if got holds exactly the diagnostics (entries, order, error count)
 * that loading doc gave when every file went through the schema first:
 * parse, the root element, the schema, then the loader's checks.  A file
 * Navarch did not write is never canonical (state-xml-doc.c), so every
 * bad file must fail as it did. */
struct diag;
int	 datafix_errors_as_before(const struct datafix *, const char *file,
	    const char *doc, size_t len, const struct diag *got);

/* Compares out with the golden file tests/unit/golden/NAME of the source
 * tree (beside the data directory) and fails the test, printing both, when
 * they differ; with NAVARCH_UPDATE_GOLDEN set it writes out there instead
 * (read the diff before committing it). */
void	 datafix_golden(const char *name, const char *out);

#endif
