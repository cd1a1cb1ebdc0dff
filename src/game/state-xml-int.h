/* state-xml-int.h: what the state file's loader files share (private to
 * state-xml*.c): state-xml.c reads the common parts, state-xml-rs.c the
 * ruleset's own (attribute tables of ships, sides and the game, markers,
 * statuses). */
#ifndef NV_STATE_XML_INT_H
#define NV_STATE_XML_INT_H

#include <stddef.h>

#include <libxml/tree.h>

#include "hex.h"

struct diag;
struct nv_attr_def;
struct nv_attrval;
struct nv_ruleset;
struct nv_state;

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
};

/* state-xml.c: a hex attribute of this map's form (edge: off the map
 * allowed), 0 or -1 with an error; the first child element of a name. */
int	sx_read_hex(struct loader *, xmlNodePtr, const char *what, int edge,
	    struct nv_hex *out);
xmlNodePtr sx_find_child(xmlNodePtr root, const char *name);

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
/* Text attributes still NULL become "", so that saving never meets NULL. */
void	sx_attr_table_fill(const struct nv_attr_def *defs, size_t ndefs,
	    struct nv_attrval *vals);
/* Ship ids in the table's id lists exist (and are not self, if given). */
void	sx_check_id_lists(struct loader *, unsigned line, const char *what,
	    const char *self, const struct nv_attr_def *defs, size_t ndefs,
	    const struct nv_attrval *vals);
/* The sides' attributes (after the sides, before the ships), the <game>
 * element (after the ships), the <marker> elements. */
void	sx_load_sides_attrs(struct loader *, xmlNodePtr root);
void	sx_load_game(struct loader *, xmlNodePtr root);
void	sx_load_markers(struct loader *, xmlNodePtr root);
/* ", fled, removed": the module's statuses for messages; owned. */
char	*sx_module_statuses(const struct nv_ruleset *);

#endif
