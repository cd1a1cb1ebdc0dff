/* events.h: the event log of a turn.
 *
 * Every move, contact and roll is an event: a kind (from one X-macro table
 * each, the common engine's below and one per ruleset module, so that
 * logs, reports and the database use the same names), the phase, the ships
 * concerned and one readable sentence.  Reports quote the sentences;
 * what a reader must know of an event (the ships it concerns, the hexes a
 * ship went through) it finds in the event's fields, never by reading the
 * sentence. */
#ifndef NV_EVENTS_H
#define NV_EVENTS_H

#include <stdarg.h>
#include <stddef.h>

#include "hex.h"

/* The common engine's event kinds. */
#define NV_EVENT_KINDS(X)						\
	X(TURN_START,	"turn-start")	/* the turn begins */		\
	X(ORDERS,	"orders")	/* a ship's orders in force */	\
	X(DEFAULT,	"default")	/* no valid orders: straight on */ \
	X(DEPLOY,	"deploy")	/* turn 0: a ship is placed */	\
	X(PHASE,	"phase")	/* a phase begins */		\
	X(TURN,		"turn")		/* a ship turns a hexside */	\
	X(MOVE,		"move")		/* a ship enters a hex */	\
	X(BACK,		"back")		/* a ship backs one hex */	\
	X(BLOCKED,	"blocked")	/* land, a wreck or an obstacle	\
					   stops a ship */		\
	X(EXIT,		"exit")		/* a ship leaves the map */	\
	X(CONTACT,	"contact")	/* two ships touch */		\
	X(COLLISION,	"collision")	/* friendly or astern: no damage */ \
	X(STOP,		"stop")		/* a ship stops for the turn */	\
	X(ELIMINATED,	"eliminated")	/* a ship leaves the battle by a \
					   ruleset's decision */	\
	X(ROLL,		"roll")		/* a die was rolled */		\
	X(TURN_END,	"turn-end")	/* the turn is over */

enum nv_event_kind {
#define X(e, s) NV_EV_##e,
	NV_EVENT_KINDS(X)
#undef X
	NV_EV_COUNT
};

const char	*event_kind_name(enum nv_event_kind);	/* static */

/* An event.  Its strings (ship, other, text, also's ids) live in the
 * log's own blocks (struct nv_events), a few sentences to a page rather
 * than an allocation each, and last as long as the log: not to be freed
 * one by one, nor written to. */
struct nv_event {
	const char *kind;	/* static name from a kind table */
	const char *ship;	/* main ship's id, or "" */
	const char *other;	/* second ship's id, or "" */
	char	*text;		/* the sentence; NULL when the log does not
				   word its kind (nv_events.worded) */
	/* Every further ship the sentence names besides ship and other (a
	 * pooled boarding round's, the rammer that sank the target first),
	 * by id; the array is owned by the log (events_also).  Fog of war
	 * shows an event only when every ship it concerns was in sight. */
	char	**also;
	size_t	 nalso;
	int	 phase;		/* 0 before phase 1; phases+1 at the end */
	/* Where the main ship was just after the event, so that a report
	 * can replay the turn and tell who saw what (fog of war).
	 * turn_event fills it; events_add leaves has_at 0. */
	int	 has_at;
	struct nv_hex at;
	int	 facing;
	int	 status;	/* enum nv_status */
	int	 side;		/* controlling side index */
	/* A ship that went from one hex to another (a move, a back, a
	 * slip, a push): has_path, and the two hexes (events_path). */
	int	 has_path;
	struct nv_hex from, to;
};

struct nv_events_block;

/* The log: the events in order, and the blocks their strings are kept in
 * (a turn of 20,000 ships has some 130,000 events). */
struct nv_events {
	struct nv_event	*v;
	size_t		 n;
	size_t		 cap;
	struct nv_events_block *blocks;	/* newest first; owned */
	/* Which events are worded: NULL, every one (a turn's log); else
	 * only those of the kinds it returns nonzero for, every other
	 * event's text is NULL.  For a log read for its data alone (the
	 * acknowledgement's preview), where the sentences were most of
	 * what an event cost.  Set before the turn; events_free keeps it. */
	int		(*worded)(const char *kind);
};

#define NV_EVENTS_INIT { NULL, 0, 0, NULL, NULL }

/* Appends an event; ship and other may be NULL.  kind is a static string
 * from a kind table (event_kind_name or a ruleset's table). */
void	events_add(struct nv_events *, int phase, const char *kind,
	    const char *ship, const char *other, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
/* The same with the arguments in ap, the sentence beginning with prefix
 * (NULL for none; not a format). */
void	events_addv(struct nv_events *, int phase, const char *kind,
	    const char *ship, const char *other, const char *prefix,
	    const char *fmt, va_list ap) __attribute__((format(printf, 7, 0)));
void	events_free(struct nv_events *);
/* Whether an event of kind gets its sentence (see worded above): a
 * caller that words one itself asks first. */
int	events_worded(const struct nv_events *, const char *kind);
/* The last event's path: its ship went from `from` to `to`. */
void	events_path(struct nv_events *, struct nv_hex from, struct nv_hex to);
/* Adds ship to the ships the last event concerns (unless it is its ship,
 * its other or already there): its sentence names it too. */
void	events_also(struct nv_events *, const char *ship);

#endif
