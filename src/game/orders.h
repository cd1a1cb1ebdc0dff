/* orders.h: the order language, version 1 (common part).
 *
 * The common parser reads lines, drops comments ('#'), quoted reply text
 * ('>' lines), signatures ("-- " and what follows) and everything after
 * END; it handles the header lines GAME, SIDE, PLAYER, PASSWORD and TURN
 * and the subject of every ship line, "SHIP id", checking that the ship
 * exists and belongs to the side.  What follows the ship id is handed to
 * the ruleset's verb table (ruleset.h), which stores it in its own per-ship
 * orders (nv_orders.rs).  The grammar is in docs/orders.md.
 *
 * One struct nv_orders collects the order files of every side for one
 * turn: call orders_parse once per file, then orders_validate once (also
 * after a parse error, to report every error at once).  A later file's
 * order for a ship replaces an earlier one as a later line would. */
#ifndef NV_ORDERS_H
#define NV_ORDERS_H

#include <stddef.h>

struct buf;
struct diag;
struct nv_state;

/* The header of one order file. */
struct nv_orders_header {
	char	*file;		/* name used in messages; owned */
	char	*game;		/* GAME id, or NULL; owned */
	char	*side;		/* SIDE id as written, or NULL; owned */
	char	*player;	/* PLAYER id as written, or NULL; owned */
	char	*password;	/* PASSWORD, or NULL; owned; never logged */
	int	 turn;		/* TURN n, or -1 */
	int	 side_index;	/* resolved side, or -1 */
	size_t	 ship_lines;	/* SHIP lines read */
	int	 quoted_only;	/* no SHIP line, but quoted ('>') lines
				   held order lines: the mail reply can
				   explain */
};

struct nv_orders {
	const struct nv_state	*st;		/* not owned */
	struct nv_orders_header	*files;		/* one per orders_parse */
	size_t			 nfiles;
	void			*rs;		/* ruleset's orders, owned via
						   rs->ops->orders_free */
	/* When set (by the store, for a PLAYER), the ships this file may
	 * order; NULL: every ship of the side. */
	const unsigned char	*may_order;	/* nships flags, not owned */
	/* The ship lists of error messages, each made the first time an
	 * error needs it (orders_ship_list); owned. */
	struct orders_lists	*lists;
};

/* Returns new empty orders for this state; owned by the caller. */
struct nv_orders *orders_new(const struct nv_state *);
void		  orders_free(struct nv_orders *);

/* Parses one file's text (need not be NUL-terminated).  Every error goes
 * to diag with file:line, and parsing continues.  Returns 0 if this file
 * had no error, -1 otherwise. */
int	orders_parse(struct nv_orders *, const char *file, const char *text,
	    size_t len, struct diag *);

/* Checks the parsed orders against the state and ruleset (speed limits,
 * turning circles, obligations, weapons, targets).  0 or -1. */
int	orders_validate(struct nv_orders *, struct diag *);

/* Appends the orders as understood, normalised, one line per order, in
 * ship id order (the ruleset's format hook); never the password, nor any
 * header line: the caller adds those it wants to echo. */
void	orders_format(const struct nv_orders *, struct buf *);

/* For ruleset verbs.  Resolves word (any case) as the target of ship's
 * order: an enemy ship on the map.  Returns its index, or -1 after
 * reporting to diag "text: why; enemy ships: ...". */
int	orders_target(const struct nv_orders *, int ship, const char *word,
	    const char *file, unsigned line, const char *text, struct diag *);
/* "a, b, c" (or "none"): the ids of the ships on the map of side (-1:
 * every side; or, when enemies is set, of every other side), in id order;
 * past ORDERS_LIST_MAX ids, the first of them and "and N more".  Made
 * once per side and kept in the orders (owned by them), so that a file
 * of many errors costs no more than one list per side. */
#define ORDERS_LIST_MAX	30
const char *orders_ship_list(const struct nv_orders *, int side, int enemies);

#endif
