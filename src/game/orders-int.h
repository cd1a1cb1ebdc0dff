/* orders-int.h: between the parts of the order parser (private to
 * src/game): orders.c reads files, header lines and "SHIP id";
 * orders-subject.c the subjects beyond it (SQUADRON lines, STANDING
 * orders, the ruleset's side lines) and what they become at validation;
 * orders-deploy.c turn 0's "SHIP id AT hex FACING f". */
#ifndef NV_ORDERS_INT_H
#define NV_ORDERS_INT_H

#include <stddef.h>

#include "diag.h"
#include "hex.h"
#include "orders.h"

struct buf;

/* What one orders_parse call works with. */
struct oparse {
	struct nv_orders	*o;
	struct nv_orders_header	*h;
	struct diag		 d;	/* this file's errors */
	int			 no_side_said;	/* reported once per file */
};

/* Bits of orders_more.named: the lines of these orders about a ship. */
#define ON_OWN		0x01	/* a SHIP line with a verb: its own order */
#define ON_COPY		0x02	/* a copy of its squadron's line */
#define ON_STANDING	0x04	/* a SHIP ... STANDING line */
#define ON_AT		0x08	/* a SHIP ... AT line (turn 0) */
#define ON_STANDS	0x10	/* its standing order, taken this turn */

/* A SQUADRON line with a verb, kept until validation copies it for each
 * ship without a line of its own. */
struct osq_line {
	char		*file;		/* owned */
	unsigned	 line;
	char		*text;		/* the line as written; owned */
	char		**argv;		/* the words after "SQUADRON s"; owned */
	size_t		 argc;
	int		 squadron;
	int		*ships;		/* the ships it orders: the squadron's
					   on the map, of its side, that the
					   file may order; owned */
	size_t		 nships;
};

/* A standing order these orders give (or take back: text NULL). */
struct ostanding {
	int		 given;
	char		*text;		/* the words after STANDING, normalised;
					   owned; NULL for NONE */
	char		*file;		/* where it was given; owned */
	unsigned	 line;
};

/* Turn 0: where these orders place a ship. */
struct oplace {
	int		 placed;
	struct nv_hex	 hex;
	int		 facing;	/* -1: as it is */
	size_t		 fileno;	/* the orders_parse call (o->files) */
	char		*file;		/* owned */
	unsigned	 line;
	char		*text;		/* owned */
};

struct orders_more {
	unsigned char	*named;		/* nships: ON_* */
	struct osq_line	*sq;
	size_t		 nsq, capsq;
	struct ostanding *ship_standing;	/* nships */
	struct ostanding *sq_standing;		/* nsquadrons */
	struct oplace	*place;		/* nships, NULL until an AT line */
	/* A second store for checking the words of a standing order when
	 * it is given; made when first needed. */
	struct nv_orders *scratch;
	/* The ships of each squadron (all of them, in id order):
	 * members[member_at[q] .. member_at[q + 1]); made when needed. */
	int		*members;
	size_t		*member_at;
};

/* orders.c.  The ruleset's verb word if a line of the subject (or a
 * standing order) may carry it, else NULL with the error in d. */
const struct nv_verb *orders_verb_check(const struct nv_orders *,
	    const char *word, const char *file, unsigned line,
	    const char *text, struct diag *, enum nv_subject, int standing);
/* Calls the ruleset's verb argv[0] for ship, as a line of the
 * given subject (or its standing order), after checking the verb exists
 * and its flags allow it there: 0, or -1 with the error in d. */
int	orders_verb(struct nv_orders *, int ship, char **argv, size_t argc,
	    const char *file, unsigned line, const char *text, struct diag *,
	    enum nv_subject, int standing, int squadron);
/* The side whose orders the file holds, or -1 after saying (once per
 * file) that a SIDE line is missing; *player set when a PLAYER line may
 * stand for a side the store resolves (no error then). */
int	oparse_side(struct oparse *, unsigned no, const char *text,
	    int *player);

/* orders-subject.c */
struct orders_more *osub_new(const struct nv_state *);
void	osub_free(const struct nv_state *, struct orders_more *);
void	osub_squadron_line(struct oparse *, unsigned no, const char *text,
	    char **argv, size_t argc);
/* "SHIP id STANDING ...": argv holds the words after STANDING. */
void	osub_ship_standing(struct oparse *, unsigned no, const char *text,
	    int ship, char **argv, size_t argc);
/* A side line (argv[0] one of the ruleset's side verbs): 0, or -1 if
 * argv[0] is none. */
int	osub_side_line(struct oparse *, unsigned no, const char *text,
	    char **argv, size_t argc);
/* At validation: every squadron line's copies, then (use_standing) the
 * standing orders of the ships still without one. */
void	osub_expand(struct nv_orders *, struct diag *);
/* The side lines of side (-1: of every side, under a comment each when
 * several sides have some) and the standing orders given (ships' only
 * for side -1; squadrons' of that side). */
void	osub_format(const struct nv_orders *, int side, struct buf *);

/* orders-deploy.c */
/* A ship and the hex it will be in; sorted by hex, then ship
 * (odep_cmp_at), ships sharing a hex stand side by side. */
struct odep_at {
	struct nv_hex	 hex;
	int		 ship;
};
int	odep_cmp_at(const void *, const void *);
void	odep_line(struct oparse *, unsigned no, const char *text, int ship,
	    char **argv, size_t argc);
void	odep_validate(struct nv_orders *, struct diag *);
/* "SHIP id AT hex [FACING f]" for each ship placed, in id order. */
void	odep_format(const struct nv_orders *, struct buf *);
void	odep_free(const struct nv_state *, struct orders_more *);

#endif
