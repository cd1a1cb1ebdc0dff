/* state-xml-int.h: what the state file's loader files share (private to
 * state-xml*.c): state-xml-doc.c parses and decides whether the schema
 * must look at a file; state-xml.c reads the common parts of the tree,
 * state-xml-ship.c the ships, state-xml-rs.c the ruleset's own parts
 * (attribute tables of ships, sides and the game, markers, statuses),
 * state-xml-sq.c squadrons, zones and standing orders. */
#ifndef NV_STATE_XML_INT_H
#define NV_STATE_XML_INT_H

#include <stddef.h>

#include <libxml/tree.h>

#include "hex.h"

struct diag;
struct nv_attr_def;
struct nv_attrval;
struct nv_ruleset;
struct nv_ship;
struct nv_state;
struct lship;
struct slot_name;

struct shipinfo {
	unsigned	 line;		/* for messages */
	int		 hex_ok;	/* its hex was read */
};

struct loader {
	const struct nv_ruleset	*rs;
	const char		*file;
	struct diag		*d;
	struct nv_state		*st;
	int			 digits;	/* per coordinate in hex names */
	struct shipinfo		*info;		/* per ship, parallel to ships */
	char			*statuses;	/* the module's statuses for
						   messages: ", fled"; owned */
	struct slot_name	*slots;		/* ship attribute names, sorted;
						   owned */
	size_t			 nslots;
	xmlAttrPtr		*sa;		/* the ship being read, by slot;
						   owned */
	const char		**val;		/* its values, by slot: sa's
						   text, sv's, or given by
						   sx_ship_value; NULL where
						   none */
	char			**sv;		/* values of sa made by a copy,
						   by slot; owned, each too,
						   until the next ship */
	size_t			 nunknown;	/* its attributes no slot
						   takes */
	size_t			 next_slot;	/* sx_ship_value's guess */
	int			 slots_unique;	/* no two slots share a name:
						   a name found in any slot is
						   that slot */
	struct lship		*ls;		/* the ships read so far, in
						   document order (st->nships
						   of them); owned */
	struct nv_attrval	*attrs;		/* their attr values, in the
						   same order, a stride each
						   (state_attr_stride); owned
						   until sx_ships_end gives it
						   to the state */
};

/* The state of ruleset rs from the document's root element (<scenario>),
 * with every check of meaning the loader makes; every error into d, with
 * file and line.  Safe on any tree, schema-valid or not.  Returns the
 * state (owned by the caller) or NULL when d gained errors. */
struct nv_state	*state_xml_build(const struct nv_ruleset *rs, const char *file,
		    xmlNodePtr root, struct diag *d);
/* The same from a stream (state-xml-stream.c): the state, or NULL for
 * any error or anything the fast path does not take (it says nothing:
 * the caller builds from the whole tree then, with every message). */
struct nv_state	*state_xml_build_stream(const struct nv_ruleset *rs,
		    const char *file, const char *buf, size_t len);

/* state-xml.c: the loader set up and released as state_xml_build does
 * (end: the state, or NULL when d gained errors since before); the
 * streaming builder's reading before the first ship (the root's
 * attributes, title, settings, map, sides) and after the last, the ships
 * put in order (wrecks, markers, the ships' checks, game, result), root
 * holding every element read but the ships. */
void	sx_loader_begin(struct loader *, const struct nv_ruleset *,
	    const char *file, struct diag *);
struct nv_state *sx_loader_end(struct loader *, size_t before);
void	sx_stream_head(struct loader *, xmlNodePtr root);
void	sx_stream_tail(struct loader *, xmlNodePtr root);

/* state-xml.c: a hex attribute of this map's form (edge: off the map
 * allowed), 0 or -1 with an error; the first child element of a name. */
int	sx_read_hex(struct loader *, xmlNodePtr, const char *what, int edge,
	    struct nv_hex *out);
/* The same with the attribute's value v already read (owned, freed;
 * NULL when there is none), n for the line. */
int	sx_read_hex_value(struct loader *, xmlNodePtr n, char *v,
	    const char *what, int edge, struct nv_hex *out);

/* state-xml-rs.c.  what starts a message: "<ship id=\"x\"", "<game". */
/* Every attribute of n is a common one (the NULL-terminated list) or one
 * of the ruleset's table. */
void	sx_check_attrs_known(struct loader *, xmlNodePtr n, const char *what,
	    const char *const *common, const struct nv_attr_def *defs,
	    size_t ndefs);
/* The table's values on n into vals (ndefs entries, zeroed); returns the
 * bits of those given. */
unsigned long sx_load_attr_table(struct loader *, xmlNodePtr n,
	    const char *what, const struct nv_attr_def *defs, size_t ndefs,
	    struct nv_attrval *vals);
/* The same from values already read: v[i] the value of defs[i] on n, or
 * NULL (the caller's: a text attribute's value is copied, a number is
 * parsed from it without one). */
unsigned long sx_load_attr_values(struct loader *, xmlNodePtr n,
	    const char *what, const struct nv_attr_def *defs, size_t ndefs,
	    struct nv_attrval *vals, const char *const *v);
/* Text attributes still NULL become "", so that saving never meets NULL. */
void	sx_attr_table_fill(const struct nv_attr_def *defs, size_t ndefs,
	    struct nv_attrval *vals);
/* Ship ids in the table's id lists exist (and are not self, if given). */
void	sx_check_id_lists(struct loader *, unsigned line, const char *what,
	    const char *self, const struct nv_attr_def *defs, size_t ndefs,
	    const struct nv_attrval *vals);
/* The sides' attributes (after the sides, before the ships), the <game>
 * element (after the ships; game is the first <game> child of root, or
 * NULL), the <marker> elements (in document order).  The caller found
 * them in its one walk of root's children (a big battle has tens of
 * thousands). */
void	sx_load_sides_attrs(struct loader *, xmlNodePtr root);
void	sx_load_game(struct loader *, xmlNodePtr root, xmlNodePtr game);
void	sx_load_markers(struct loader *, xmlNodePtr *markers, size_t count);
/* ", fled, removed": the module's statuses for messages; owned. */
char	*sx_module_statuses(const struct nv_ruleset *);

/* state-xml-ship.c.  The ship attribute names (before any ship), and
 * their release. */
void	sx_slots_init(struct loader *);
void	sx_slots_free(struct loader *);
/* Reads the <ship> elements, in document order, into st->ships in id
 * order, with l->info; duplicate ids are errors.  sx_load_ships is
 * sx_ship_add for each, then sx_ships_end. */
void	sx_load_ships(struct loader *, xmlNodePtr *ships, size_t n);
void	sx_ship_add(struct loader *, xmlNodePtr ship);
/* The same for a ship given as attribute values rather than an element
 * (state-xml-stream.c reads Navarch's own lines so): sx_ship_begin, then
 * sx_ship_value for each attribute (-1 for a name no ship has, or given
 * twice: the caller gives up), then sx_ship_add_values with the line it
 * was on.  The values are the caller's and must last until then. */
void	sx_ship_begin(struct loader *);
int	sx_ship_value(struct loader *, const char *name, const char *value);
void	sx_ship_add_values(struct loader *, unsigned line);
void	sx_ships_end(struct loader *);
/* What needs every ship: each in open water, alone in its hex, and the
 * ids its attributes name are ships. */
void	sx_check_ships(struct loader *);

/* state-xml-sq.c: the <squadron> elements (after the sides), the <zone>
 * elements (after the map and sides), and a ship's squadron and standing
 * order (the values of its attributes, owned and freed here, or NULL;
 * after its side and owner, before the ruleset's defaults). */
void	sx_load_squadrons(struct loader *, xmlNodePtr *v, size_t n);
void	sx_load_zones(struct loader *, xmlNodePtr *v, size_t n);
void	sx_load_ship_v2(struct loader *, xmlNodePtr n, struct nv_ship *,
	    char *squadron, char *standing);

#endif
