/* state-xml.h: reading and writing scenario and state files.
 *
 * One format (data/schema/scenario.rng, docs/files.md) is both a
 * scenario a GM writes and the state saved after any turn.  A scenario
 * may leave out most ship attributes: they default from the ruleset's
 * class, the side's nation and crew (the ruleset's ship_defaults hook).
 * A saved state is canonical: fixed element and attribute order, ships in
 * id order, every attribute written, so loading and saving again gives
 * the same bytes.  Parsing is safe (xmlsafe.h: no network, no DTD, size
 * cap) and works on memory buffers only: the callers read the files. */
#ifndef NV_STATE_XML_H
#define NV_STATE_XML_H

#include <stddef.h>

struct buf;
struct diag;
struct nv_ruleset;
struct nv_state;

/* The ruleset id the document names in <scenario ruleset="..">, so that
 * the caller can load that ruleset first.  Returns it (owned by the
 * caller, free()) or NULL with the errors in diag. */
char		*state_xml_ruleset(const char *file, const char *buf,
		    size_t len, struct diag *);

/* Parses buf, validates it against the schema text rng (the contents of
 * data/schema/scenario.rng) and builds the state for ruleset rs (which
 * must be the one the document names, and outlive the state).  Every
 * error goes to diag with file:line, all of them, not just the first.
 * Returns the state (owned by the caller, state_free()) or NULL. */
struct nv_state	*state_xml_load(const struct nv_ruleset *rs, const char *file,
		    const char *buf, size_t len, const char *rng, size_t rnglen,
		    struct diag *);

/* Appends the canonical XML of the state to out. */
void		 state_xml_save(const struct nv_state *, struct buf *out);

#endif
