/* orders.h: the order language, version 2 (common part).
 *
 * The common parser reads lines with the order language's lexer
 * (orders-lex.h: comments, quoted reply text, signatures, END), handles
 * the header lines GAME, SIDE, PLAYER, PASSWORD and TURN, and the
 * subjects of order lines: "SHIP id" (the ship exists and is the side's
 * to order), "SQUADRON s" (a squadron of the side, state.h), and the
 * ruleset's side-level lines.  What follows a subject is handed to the
 * ruleset's verb table (ruleset.h), which stores it in its own per-ship
 * orders (nv_orders.rs).  Common to every ruleset besides: STANDING
 * orders ("SHIP id STANDING ...", "SQUADRON s STANDING ..."), kept in the
 * state until replaced, and turn 0's "SHIP id AT hex FACING f", which
 * places ships (the deployment turn).  The grammar and what each line
 * means are in docs/orders.md.
 *
 * One struct nv_orders collects the order files of every side for one
 * turn: call orders_parse once per file, then orders_validate once (also
 * after a parse error, to report every error at once).  A later file's
 * order for a ship replaces an earlier one as a later line would.
 * orders_validate also expands each SQUADRON line into a copy for every
 * ship of the squadron that has no SHIP line of its own, and, when the
 * orders are to be played (use_standing), gives every ship still without
 * an order its standing order. */
#ifndef NV_ORDERS_H
#define NV_ORDERS_H

#include <stddef.h>

struct buf;
struct diag;
struct nv_hex;
struct nv_state;
struct orders_more;

/* The subject of an order line: whose order it is. */
enum nv_subject {
	NV_SUBJECT_SHIP,	/* SHIP id ... */
	NV_SUBJECT_SQUADRON,	/* SQUADRON s ...: a copy for one ship */
};

/* The header of one order file. */
struct nv_orders_header {
	char	*file;		/* name used in messages; owned */
	char	*game;		/* GAME id, or NULL; owned */
	char	*side;		/* SIDE id as written, or NULL; owned */
	char	*player;	/* PLAYER id as written, or NULL; owned */
	char	*password;	/* PASSWORD, or NULL; owned; never logged */
	int	 turn;		/* TURN n, or -1 */
	int	 side_index;	/* resolved side, or -1 */
	size_t	 ship_lines;	/* order lines read (SHIP, SQUADRON and
				   side lines) */
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
	/* Set by whoever plays the orders (not by what only checks or
	 * echoes them, which must show no other player's standing orders)
	 * before orders_validate: every ship on the map without an order
	 * of these orders takes its standing order. */
	int			 use_standing;
	/* While a ruleset's verb parses (ruleset.h): the line's subject,
	 * whether it is a standing order, and the squadron (index into
	 * st->squadrons) of a SQUADRON line or -1.  Read-only for verbs. */
	enum nv_subject		 subject;
	int			 standing;
	int			 squadron;
	/* The common parser's own: squadron lines, standing orders,
	 * placements (orders-int.h); owned. */
	struct orders_more	*more;
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

/* Appends the orders as understood, normalised, one line per order:
 * turn 0's placements, the ships' in ship id order (the ruleset's format
 * hook; a squadron's copies as SHIP lines), then each side's side-level
 * lines (under a
 * comment "# SIDE id" when the orders hold more than one side's), then
 * the standing orders given (SHIP lines in id order, then SQUADRON lines
 * in the state's order); never the password, nor any header line: the
 * caller adds those it wants to echo. */
void	orders_format(const struct nv_orders *, struct buf *);
/* The same for one side: its side-level lines and its squadrons'
 * standing orders, but no ship's line (each starts "SHIP id"). */
void	orders_format_side(const struct nv_orders *, int side, struct buf *);

/* 1 if a line of these orders is about the ship: its own SHIP line
 * (STANDING and AT lines too) or a copy of its squadron's line. */
int	orders_ship_named(const struct nv_orders *, int ship);
/* For turn_play.  Writes the standing orders these orders give or take
 * back into next (a state of the same ships and squadrons). */
void	orders_standing_apply(const struct nv_orders *, struct nv_state *next);
/* For turn_play in turn 0: 1 if these orders place ship (*hex, *facing:
 * the facing to take, or -1 to keep it), else 0. */
int	orders_placement(const struct nv_orders *, int ship, struct nv_hex *hex,
	    int *facing);

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
