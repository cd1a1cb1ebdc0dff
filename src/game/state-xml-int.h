/* state-xml-int.h: between the parts of state-xml (private to src/game):
 * state-xml-doc.c parses and decides whether the schema must look at a
 * file; state-xml.c builds the state from the tree, state-xml-ship.c its
 * ships. */
#ifndef NV_STATE_XML_INT_H
#define NV_STATE_XML_INT_H

#include <stddef.h>

#include <libxml/tree.h>

#include "hex.h"

struct diag;
struct nv_ruleset;
struct nv_state;
struct slot_name;

/* A file being built into a state. */
struct loader {
	const struct nv_ruleset	*rs;
	const char		*file;
	struct diag		*d;
	struct nv_state		*st;
	int			 digits;	/* per coordinate in hex names */
	struct shipinfo		*info;		/* per ship, parallel to ships;
						   owned */
	struct slot_name	*slots;		/* ship attribute names, sorted;
						   owned */
	size_t			 nslots;
	xmlAttrPtr		*sa;		/* the ship being read, by slot;
						   owned */
};

struct shipinfo {
	unsigned	 line;		/* for messages */
	int		 hex_ok;	/* its hex was read */
};

/* state-xml.c.  Reads v (owned, freed; NULL when the element has no hex
 * attribute), a hex name of this map's form, into *out: 0, or -1 with an
 * error.  edge allows column or row 0 and beyond the map (where a ship
 * that exited is).  what starts the message, e.g. "<ship id=\"nike\"". */
int	loader_read_hex(struct loader *, xmlNodePtr n, char *v,
	    const char *what, int edge, struct nv_hex *out);

/* state-xml-ship.c.  The ship attribute names (before any ship), and
 * their release. */
void	loader_slots_init(struct loader *);
void	loader_slots_free(struct loader *);
/* Reads the <ship> elements, in document order, into st->ships in id
 * order, with l->info; duplicate ids are errors. */
void	loader_ships(struct loader *, xmlNodePtr *ships, size_t n);
/* What needs every ship: each in open water, alone in its hex, and the
 * ids its attributes name are ships. */
void	loader_check_ships(struct loader *);

/* The state of ruleset rs from the document's root element (<scenario>),
 * with every check of meaning the loader makes; every error into d, with
 * file and line.  Safe on any tree, schema-valid or not.  Returns the
 * state (owned by the caller) or NULL when d gained errors. */
struct nv_state	*state_xml_build(const struct nv_ruleset *rs, const char *file,
		    xmlNodePtr root, struct diag *d);

#endif
