/* move_fixture.h: fixtures for test_move.c (tests only).
 *
 * The ruleset and state loaders are another engineer's, so the fixtures
 * are built in C: a classic-like ruleset (6 phases, the floor schedule,
 * two classes, three crews) with an ops table pointing at the classic turn
 * hooks, a 10x10 map with sides athens and persia, and plots written
 * straight into struct classic_orders. */
#ifndef MOVE_FIXTURE_H
#define MOVE_FIXTURE_H

#include <stddef.h>

#include "buf.h"
#include "classic/classic.h"
#include "events.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"

struct nv_dice;

struct fx {
	struct nv_ruleset_ops	 ops;
	struct nv_ruleset	 rs;
	struct classic_data	 cd;
	struct classic_class	 classes[2];
	struct classic_crew	 crews[3];
	struct nv_class		 rcls[2];
	struct nv_crew		 rcrews[3];
	unsigned char		 schedule[7 * 6];
	struct nv_state		*st;
	struct classic_orders	 co;
	struct nv_orders	 orders;
};

/* One ship of a case.  order: NULL (none), "S<n>[ steps]" or "steps". */
struct sspec {
	const char	*id;
	int		 side;		/* 0 athens, 1 persia */
	int		 cls;		/* 0 trireme, 1 bireme */
	int		 crew;		/* poor, average, elite */
	const char	*hex;
	const char	*facing;
	int		 speed;		/* last turn's */
	const char	*order;
	const char	*obligation;
	const char	*grappled;
	int		 straight;
};

#define MAXSHIPS 6
#define MAXLIST 6

struct mcase {
	const char	*name;
	struct sspec	 ships[MAXSHIPS];
	const char	*land[MAXLIST];
	const char	*wrecks[MAXLIST];
	int		 dice[8];	/* script; none: every die is 3 */
	size_t		 ndice;
	/* After the turn: hex, facing, status, speed (-9: unchecked). */
	struct {
		const char *id, *hex, *facing, *status;
		int	 speed;
	}		 want[MAXSHIPS];
	const char	*contacts;	/* the contact log, exactly */
	const char	*trace;		/* ship moves, or NULL */
	const char	*events[MAXLIST];	/* in this order */
	const char	*absent[MAXLIST];	/* in no event */
};

struct run {
	struct fx	 f;		/* the output state points at it */
	struct nv_dice	*own;
	int		 rc;
	struct nv_state	*out;
	struct nv_events ev;
	char		*cause;
	char		*contacts;	/* owned */
	char		*trace;		/* owned */
};

/* An average trireme: cruise 3, max 5. */
#define SHIP(id, side, hex, f, speed, order) \
	{ id, side, 0, 1, hex, f, speed, order, NULL, NULL, 0 }
#define AT 0
#define PE 1
#define OK(id, hex, f, speed) { id, hex, f, "afloat", speed }

/* Every contact the hooks saw, "kind a b; ..." */
extern struct buf	contact_log;
/* When >= 0, RAM contacts slip into this hexside of the rammer instead of
 * stopping it (a stand-in for the rake, to test the mover's redirect). */
extern int		slip_side;
/* When set, called on the fixture a case builds (state and orders), just
 * before the turn is played: for tests that need more than struct sspec
 * gives (test_classic_ram.c). */
extern void		(*fx_setup)(struct fx *);

/* Plays the case's turn with dice (NULL: its script, or every die 3). */
void	run_turn(const struct mcase *, struct nv_dice *, struct run *);
void	run_free(struct run *);
/* The ship of the output state, failing the test if there is none. */
const struct nv_ship *out_ship(const struct run *, const char *id);
/* Plays the case and checks everything it expects. */
void	check_case(const struct mcase *);

#endif
