/* state.h: the game state, which is also a scenario.
 *
 * One struct describes a scenario and the saved state after any turn;
 * state-xml.c reads and writes it as <scenario> XML (data/schema/
 * scenario.rng).  Common fields are those every ruleset has; a ruleset's
 * own per-ship values live in nv_ship.attr, described by the ruleset's
 * attribute table (ruleset.h), so the common engine stores and prints them
 * without knowing what they mean.
 *
 * Invariants: ships[] is sorted by id (bytewise); no two ships that are on
 * the map (afloat or captured) share a hex; a wreck's hex holds no ship. */
#ifndef NV_STATE_H
#define NV_STATE_H

#include <stddef.h>

#include "hex.h"

struct nv_ruleset;
struct nv_shipindex;

#define NV_ID_MAX 32

#define NV_SHIP_STATUSES(X)		\
	X(AFLOAT,	"afloat")	\
	X(SUNK,		"sunk")		\
	X(CAPTURED,	"captured")	\
	X(EXITED,	"exited")

enum nv_status {
#define X(e, s) NV_STATUS_##e,
	NV_SHIP_STATUSES(X)
#undef X
	NV_STATUS_COUNT
};

const char	*status_name(enum nv_status);		/* static */
int		 status_parse(const char *);		/* -1 if unknown */
/* A ship that left the battle other than by sinking or capture (exited,
 * or a module status such as "fled") may stand just off the map, at
 * column or row 0: the loader reads such a hex for it and the saver
 * writes it back (hex_format_edge), both by this one rule. */
int		 status_may_be_off_map(int status);

/* A module may add statuses (ops->statuses, ruleset.h): the k-th is
 * NV_STATUS_COUNT + k.  A ship with a module status has left the battle
 * (it is not on the map).  These take them into account: the name
 * ("fled"), the sentence of the fate as it happens ("flees the battle")
 * and as a report tells it afterwards ("fled the battle"); all static,
 * "?" for a status that does not exist. */
const char	*ruleset_status_name(const struct nv_ruleset *, int status);
int		 ruleset_status_parse(const struct nv_ruleset *, const char *);
const char	*ruleset_status_event(const struct nv_ruleset *, int status);
const char	*ruleset_status_fate(const struct nv_ruleset *, int status);

/* A ruleset attribute value: integer attributes use i, text ones s. */
struct nv_attrval {
	long	 i;
	char	*s;	/* owned; NULL for integer attributes */
};

struct nv_side {
	char	 id[NV_ID_MAX + 1];
	char	*name;		/* display name, owned; NULL if none */
	int	 nation;	/* index into rs->nations */
	int	 crew;		/* default crew, index into rs->crews */
	struct nv_attrval *attr;	/* rs->ops->nside_attrs values, owned */
};

struct nv_ship {
	char		 id[NV_ID_MAX + 1];
	char		*name;		/* display name, owned; NULL if none */
	int		 side;		/* controlling side (captor if captured) */
	int		 owner;		/* original side; == side unless captured */
	int		 cls;		/* index into rs->classes */
	int		 crew;		/* index into rs->crews */
	struct nv_hex	 hex;
	int		 facing;	/* 0..5 */
	int		 speed;		/* last turn's speed; -1 after backing */
	int		 status;	/* enum nv_status, or a module's */
	struct nv_attrval *attr;	/* rs->ops->nship_attrs values, owned */
	int		 squadron;	/* index into st->squadrons + 1, or 0:
					   none (state_ship_squadron) */
	char		*standing;	/* its standing order (the words after
					   STANDING), owned; NULL if none */
};

/* A squadron: a named group of one side's ships (every ship in at most
 * one, of its owner's side), which SQUADRON lines order together. */
struct nv_squadron {
	char	 id[NV_ID_MAX + 1];
	char	*name;		/* display name, owned; NULL if none */
	int	 side;		/* the side whose ships it holds */
	char	*standing;	/* its standing order, owned; NULL if none */
};

/* Part of a side's deployment zone: the hexes from column and row of
 * `from` to those of `to`, corners included.  Turn 0 places ships only
 * inside their side's zones. */
struct nv_zone {
	int		 side;
	struct nv_hex	 from;
	struct nv_hex	 to;
};

struct nv_wreck {
	struct nv_hex	 hex;
	char		 ship[NV_ID_MAX + 1];
};

/* A marker a module puts on the map and may take away again (a burning
 * hulk, debris, a floating hero): kind is an index into the module's
 * ops->marker_kinds.  An obstacle kind is consulted by the mover like a
 * wreck (the ruleset's terrain() hook decides); ships may stand in a
 * marker's hex. */
struct nv_marker {
	struct nv_hex	 hex;
	int		 kind;
	char		 ship[NV_ID_MAX + 1];	/* the ship it came from, or "" */
	long		 value;		/* the module's (turns left, a count) */
};

/* Scenario settings common to every ruleset.  0 means "none". */
struct nv_settings {
	int	 turn_limit;	/* the game ends after this turn */
	int	 visibility;	/* fog of war: hexes a side sees; 0 = all */
};

#define NV_RESULTS(X)			\
	X(PLAYING,	"playing")	\
	X(WON,		"won")		\
	X(DRAWN,	"drawn")

enum nv_result_kind {
#define X(e, s) NV_RESULT_##e,
	NV_RESULTS(X)
#undef X
};

struct nv_result {
	enum nv_result_kind kind;
	int	 winner;	/* side index, -1 if none */
	char	*reason;	/* owned; NULL while playing */
	int	*score;		/* nsides entries, owned; NULL while playing */
};

struct nv_state {
	const struct nv_ruleset	*rs;	/* not owned */
	char		*title;		/* owned; NULL if none */
	int		 turn;		/* the turn to be played next: 0 is the
					   deployment turn (orders.h), then
					   1, 2, ... */
	int		 columns;
	int		 rows;
	unsigned char	*land;		/* columns*rows, 1 = land; owned */
	struct nv_side	*sides;		/* owned */
	size_t		 nsides;
	struct nv_ship	*ships;		/* sorted by id; owned */
	size_t		 nships;
	/* NULL, or ships[] by id (shipindex.h) for state_ship_index: built
	 * by the loader and state_clone, whose ships' ids do not change
	 * afterwards; a state made otherwise is searched.  Owned. */
	struct nv_shipindex *ship_ids;
	/* NULL, or every ship's attr values in one block (a state loaded or
	 * cloned): nships runs of state_attr_stride() values, ships[i].attr
	 * pointing each to its own; owned (the text values in it too).
	 * When NULL, each ship's attr is an allocation of its own. */
	struct nv_attrval *ship_attrs;
	struct nv_wreck	*wrecks;	/* in hex order; owned */
	size_t		 nwrecks;
	struct nv_squadron *squadrons;	/* in file order; owned */
	size_t		 nsquadrons;
	struct nv_zone	*zones;		/* in file order; owned */
	size_t		 nzones;
	struct nv_marker *markers;	/* in (hex, kind, ship, value) order;
					   owned */
	size_t		 nmarkers;
	unsigned	 marker_gen;	/* changes with every marker added or
					   removed (hexindex.c notices) */
	struct nv_attrval *attr;	/* rs->ops->ngame_attrs values (the
					   <game> element), owned */
	struct nv_settings settings;
	struct nv_result result;
};

/* The values a ship has in a state's ship_attrs block: the ruleset's
 * ship attributes, at least 1. */
size_t		 state_attr_stride(const struct nv_ruleset *);

/* Deep copy; the result is owned by the caller. */
struct nv_state	*state_clone(const struct nv_state *);
void		 state_free(struct nv_state *);

/* Ends the game by a decision the rules did not make (an agreed draw, a
 * concession, the GM): the result kind (NV_RESULT_WON or _DRAWN), winner
 * (a side index, -1 for none) and reason, every score 0, since no rule
 * scored it.  The one place such a result is made, so that replay makes
 * the same (docs/gm-guide.md, "Replay and archives"). */
void	state_declare_result(struct nv_state *, enum nv_result_kind,
	    int winner, const char *reason);

/* Look-ups; -1 when there is none.  Ids compare case-insensitively, since
 * orders may write them in any case. */
int	state_ship_index(const struct nv_state *, const char *id);
int	state_side_index(const struct nv_state *, const char *id);
int	state_squadron_index(const struct nv_state *, const char *id);
/* The squadron of the ship (index into st->squadrons), or -1. */
int	state_ship_squadron(const struct nv_state *, const struct nv_ship *);
/* 1 if h is inside one of side's deployment zones. */
int	state_in_zone(const struct nv_state *, int side, struct nv_hex h);
/* Adds a wreck of ship id in hex h, keeping wrecks[] in hex order. */
void	state_add_wreck(struct nv_state *, struct nv_hex h, const char *id);
/* Adds a marker of the module's kind in hex h (ship: "" or NULL for
 * none), keeping markers[] in order; returns its index.  During a turn
 * the hex index notices (marker_gen). */
size_t	state_add_marker(struct nv_state *, struct nv_hex h, int kind,
	    const char *ship, long value);
/* Removes markers[i]; the later ones move down by one. */
void	state_remove_marker(struct nv_state *, size_t i);
/* The first marker in hex h, or -1 (a scan: the mover uses the index). */
int	state_marker_at(const struct nv_state *, struct nv_hex);
/* Ship on the map (afloat or captured) in that hex, or -1. */
int	state_ship_at(const struct nv_state *, struct nv_hex);
/* The enemy ship on the map nearest to ship (ties: the first in the
 * state), or -1: for HELP's examples (ruleset.h, nv_verb's example()),
 * never for adjudication, where names must not decide. */
int	state_nearest_enemy(const struct nv_state *, int ship);
int	state_is_land(const struct nv_state *, struct nv_hex);
int	state_is_wreck(const struct nv_state *, struct nv_hex);
int	state_on_map(const struct nv_state *, struct nv_hex);
/* 1 for afloat and captured ships: those that sail and fight. */
int	ship_on_map(const struct nv_ship *);
/* Digits per coordinate in this map's hex names (2 or 3). */
int	state_hex_digits(const struct nv_state *);
/* Writes the hex name into out (at least 7 bytes); returns out. */
char	*state_hex_name(const struct nv_state *, struct nv_hex, char *out);

#endif
