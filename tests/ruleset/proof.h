/* proof.h: the test suite's throwaway ruleset (tests/ruleset/, never
 * built into navarch nor installed; see proof.xml).
 *
 * It is written against the ruleset interface alone (ruleset.h, turn.h,
 * plot.h, state.h) to prove that a ruleset unlike classic needs no change
 * to the common engine.  Its rules, each the smallest that exercises one
 * part of the seam:
 *
 *  - orders: SHIP id MOVE steps (F forward, B astern, L and R turns that
 *    take a move's time, W wait, P and S diagonal forward to the port or
 *    starboard bow, turning that way); the speed is the number of steps,
 *    moved on the data's speed table.  SHIP id FLEE: the ship leaves the
 *    battle (status `fled`).  No order: it holds.
 *  - before phase 1 (phase_begin) a side without the initiative rolls
 *    for it against the others (1d6 each, ties to the lower side index);
 *    the game attribute `initiative` keeps it for the next turns.
 *  - contacts: the side with the initiative's contacts first
 *    (contact_key).  Two ships that were in contact when the turn began
 *    do not ram: the step is blocked.  A step astern or into a friend is
 *    a collision.  Otherwise the mover rams: the target takes a hit and is
 *    pushed one hex on (move_force), or sinks at `sink-hits` hits
 *    (eliminated, no wreck) and the rammer's side scores `vp-sink` in its
 *    `vp` ledger.  Two ships into one hex: the initiative's enters.
 *  - the map: land sinks a ship (eliminated), the edge stops it; a hulk
 *    marker blocks; debris is passed on 1d6 >= debris-pass; a ship runs
 *    onto a shoal (enters its hex) and stops there.
 *  - at the end: contacts of ships no longer side by side end, and each
 *    side rolls its command dice for the next turn as a pool (re-rolling
 *    one 1), kept in its `dice` attribute.
 * Each round of the mover ends with an event `round-end`, so the tests
 * see the rounds.
 *  - beyond SHIP lines (the common parser's subjects, declared in the
 *    verb table): SQUADRON lines and STANDING orders may carry MOVE, but
 *    a SQUADRON line's MOVE no B (the verb asks o->subject); FLEE is for
 *    SHIP lines only and never standing.  A side line "SIGNAL word"
 *    writes an event "blue signals WORD" as the turn begins. */
#ifndef PROOF_H
#define PROOF_H

#include "ruleset.h"

extern const struct nv_ruleset_ops proof_ops;

#define PROOF_SHIP_ATTRS(X)					\
	X(HITS,		"hits",		NV_ATTR_INT,  0, 9)	\
	X(CONTACT,	"contact",	NV_ATTR_IDS,  0, 0)

#define PROOF_SIDE_ATTRS(X)					\
	X(VP,		"vp",		NV_ATTR_INT,  0, 999)	\
	X(DICE,		"dice",		NV_ATTR_TEXT, 0, 0)

#define PROOF_GAME_ATTRS(X)					\
	X(INITIATIVE,	"initiative",	NV_ATTR_TEXT, 0, 0)	\
	X(WIND,		"wind",		NV_ATTR_INT,  0, 5)

#define X(e, name, kind, min, max) PROOF_A_##e,
enum proof_ship_attr { PROOF_SHIP_ATTRS(X) PROOF_A_COUNT };
#undef X
#define X(e, name, kind, min, max) PROOF_S_##e,
enum proof_side_attr { PROOF_SIDE_ATTRS(X) PROOF_S_COUNT };
#undef X
#define X(e, name, kind, min, max) PROOF_G_##e,
enum proof_game_attr { PROOF_GAME_ATTRS(X) PROOF_G_COUNT };
#undef X

/* The module's status and marker kinds, by index. */
#define PROOF_STATUS_FLED	0
#define PROOF_MARKER_HULK	0
#define PROOF_MARKER_DEBRIS	1
#define PROOF_MARKER_BUOY	2
#define PROOF_MARKER_SHOAL	3

/* The module's own event kinds (the common ones are events.h). */
#define PROOF_EVENT_KINDS(X)					\
	X(INITIATIVE,	"initiative")	/* who holds it */	\
	X(RAM,		"ram")		/* a ram and its hit */	\
	X(ROUND_END,	"round-end")	/* a round of the mover ended */ \
	X(SIGNAL,	"signal")	/* a side's SIGNAL line */

#define X(e, s) PROOF_EV_##e,
enum proof_event_kind { PROOF_EVENT_KINDS(X) PROOF_EV_COUNT };
#undef X

#endif
