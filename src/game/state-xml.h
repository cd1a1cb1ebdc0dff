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

/* A scenario or state file parsed once: the caller reads the ruleset it
 * names, loads that ruleset, then builds the state from the same tree. */
struct state_xml_doc;

/* Parses buf (file is used in messages) and checks that the root is
 * <scenario ruleset="..">.  buf must stay as it is until the document is
 * freed (state_xml_load_doc compares it with the canonical output).
 * Returns the document (owned by the caller, state_xml_doc_free()) or
 * NULL with the errors in diag. */
struct state_xml_doc *state_xml_parse(const char *file, const char *buf,
		    size_t len, struct diag *);
/* The ruleset id of <scenario ruleset="..">; owned by the document. */
const char	*state_xml_doc_ruleset(const struct state_xml_doc *);
void		 state_xml_doc_free(struct state_xml_doc *);

/* Builds the state for ruleset rs (which must be the one the document
 * names, and outlive the state) with every check of meaning, all errors
 * into diag with file:line, not just the first.  The schema (rng, the
 * text of data/schema/scenario.rng) is asked first, as always, unless the
 * file is byte for byte what state_xml_save() writes for the state it
 * gives: a state Navarch wrote, which the schema always accepts (see
 * docs/files.md).  A file from elsewhere, or edited, is validated and
 * gets the schema's errors as before.  Returns the state (owned by the
 * caller, state_free()) or NULL. */
struct nv_state	*state_xml_load_doc(const struct nv_ruleset *rs,
		    const struct state_xml_doc *, const char *rng,
		    size_t rnglen, struct diag *);

/* The ruleset id the document names in <scenario ruleset="..">, so that
 * the caller can load that ruleset first.  Returns it (owned by the
 * caller, free()) or NULL with the errors in diag.  (Parses the file:
 * state_xml_parse does it once for both steps.) */
char		*state_xml_ruleset(const char *file, const char *buf,
		    size_t len, struct diag *);

/* Parses buf and loads it as state_xml_load_doc() does.  The root must be
 * <scenario>; the schema says what else it needs. */
struct nv_state	*state_xml_load(const struct nv_ruleset *rs, const char *file,
		    const char *buf, size_t len, const char *rng, size_t rnglen,
		    struct diag *);

/* Appends the canonical XML of the state to out. */
void		 state_xml_save(const struct nv_state *, struct buf *out);
/* The same text handed to fn a piece at a time (the head, each ship, the
 * tail; no piece is empty), so that no copy of the whole is held: fn
 * returns 0 to go on, anything else to stop.  0 when every piece was
 * taken, -1 when fn stopped. */
int		 state_xml_save_each(const struct nv_state *,
		    int (*fn)(void *arg, const char *p, size_t len), void *arg);
/* 1 if the len bytes of text are exactly what state_xml_save writes for
 * the state, else 0: compared a ship at a time, without the whole text
 * in memory, and stopped at the first difference. */
int		 state_xml_is_saved(const struct nv_state *, const char *text,
		    size_t len);

#endif
