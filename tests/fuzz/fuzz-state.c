/* fuzz-state.c: the scenario and state XML loader, and its round trip.
 *
 * Each input is a scenario or state document, loaded with the ruleset it
 * names (any compiled in with a data file) and validated against data/schema/scenario.rng as `navarch`
 * and the daemon load them (state_xml_ruleset, then state_xml_load).
 * The property (docs/files.md: output is canonical): whenever load(x)
 * succeeds, s1 = save(load(x)) loads again, and save(load(s1)) is s1
 * byte for byte.  Otherwise the target aborts, printing both.  It found
 * the hex="????" of an exited ship on row 0 in 20 s (regressions/state/). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "fuzz.h"
#include "fuzz-game.h"
#include "state.h"
#include "state-xml.h"

static struct fuzz_game	game;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_game_init(&game);
	return 0;
}

/* Loads text, or returns NULL with the errors in out. */
static struct nv_state *
load(const char *name, const char *text, size_t len, struct buf *out)
{
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	char		*id;

	/* As play_load_state does: the ruleset the document names first. */
	id = state_xml_ruleset(name, text, len, &d);
	if (id == NULL) {
		diag_format(&d, out);
		diag_free(&d);
		return NULL;
	}
	st = state_xml_load(fuzz_game_ruleset(&game, id), name, text, len,
	    game.rng, game.rnglen, &d);
	free(id);
	diag_format(&d, out);
	FUZZ_CHECK((st != NULL) == (d.errors == 0), "state_xml_load gave "
	    "%s with %zu errors", st != NULL ? "a state" : "NULL", d.errors);
	diag_free(&d);
	return st;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf	 errs = BUF_INIT, s1 = BUF_INIT, s2 = BUF_INIT;
	struct nv_state	*st, *st1;

	st = load("fuzz.xml", (const char *)data, size, &errs);
	if (st == NULL)
		goto out;
	state_xml_save(st, &s1);
	state_free(st);
	buf_reset(&errs);
	st1 = load("saved.xml", s1.p, s1.len, &errs);
	FUZZ_CHECK(st1 != NULL, "a loaded state saves as XML that does not "
	    "load:\n%s--- saved:\n%s", buf_str(&errs), buf_str(&s1));
	state_xml_save(st1, &s2);
	state_free(st1);
	FUZZ_CHECK(s1.len == s2.len && memcmp(s1.p, s2.p, s1.len) == 0,
	    "saving is not canonical:\n--- save(load(x)):\n%s--- "
	    "save(load(save(load(x)))):\n%s", buf_str(&s1), buf_str(&s2));
out:
	buf_free(&errs);
	buf_free(&s1);
	buf_free(&s2);
	return 0;
}
