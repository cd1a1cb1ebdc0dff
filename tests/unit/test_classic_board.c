/* test_classic_board.c: boarding and capture (classic-board.c).
 *
 * Each row is one end of turn: ships with their marines, grapples and
 * BOARD orders, a dice script, and what must hold afterwards.  The turn
 * is built by hand around classic_boarding() so that the rows can change
 * the ruleset's numbers too (they must come from the data, never from the
 * code).  The rulings: shared/rules/classic.md, docs/classic/boarding.md. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "classic/classic.h"
#include "dice.h"
#include "events.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static const struct nv_attr_def ship_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	CLASSIC_SHIP_ATTRS(X)
#undef X
};

#define NS	5	/* ships per row */
#define NE	4	/* event substrings per row */

struct bship {
	const char	*id;
	int		 side;		/* 0 a, 1 b, 2 c */
	const char	*hex;
	int		 m[CL_M_COUNT];	/* light, medium, heavy */
	int		 corvus;
	const char	*grappled;
	const char	*boarding;
	const char	*raked_by;
	const char	*repulse;	/* NULL: cut */
	const char	*board;		/* BOARD target, or NULL */
};

/* After the turn; -1 / NULL: not checked. */
struct bwant {
	const char	*id;
	int		 side;
	const char	*status;
	int		 m[CL_M_COUNT];
	const char	*grappled;
	const char	*boarding;
	int		 boarded;
	int		 in_fight;	/* classic_in_boarding_fight() */
};

/* Numbers of the ruleset that a row may change (0: classic.xml's). */
struct bdata {
	int	grapple_on;
	int	kill_on[CL_M_COUNT];
	int	ratio;
	int	prize;
};

struct bcase {
	const char	*name;
	struct bship	 ships[NS];
	int		 dice[24];	/* the whole script */
	size_t		 ndice;
	const char	*across[2];	/* touching across a hex */
	struct bdata	 data;
	struct bwant	 want[NS];
	const char	*events[NE];
};

#define M(l, m, h)	{ l, m, h }

/* ---- the rows ---------------------------------------------------------- */

static const struct bcase cases[] = {
	/* The kill numbers: each type on its threshold and one below. */
	{ "light 6, medium 5-6, heavy 4-6",
	  { { "a1", 0, "0506", M(2, 2, 2), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 9, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 5, 6, 4, 5, 3, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1 }, 15, { NULL },
	  { 0 },
	  { { "a1", 0, "afloat", M(2, 2, 2), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 6, 0), "a1", "", 1, 1 } },
	  { "a1's 2 light marines roll 5, 6: 1 kill; a1's 2 medium marines "
	    "roll 4, 5: 1 kill; a1's 2 heavy marines roll 3, 4: 1 kill",
	    "6 marines left against 6" } },
	{ "simultaneous losses, lightest first",
	  { { "a1", 0, "0506", M(1, 1, 1), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(2, 1, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 1, 1, 6, 6, 6, 1 }, 6, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 0, 1), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(1, 1, 0), "a1", "", 1, 1 } },
	  { "a1 loses 1 light marine and 1 medium marine, b1 loses 1 light "
	    "marine" } },
	{ "more than 2:1 captures",
	  { { "a1", 0, "0506", M(0, 5, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 2, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1, 1, 1 }, 7, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 4, 0), "", "", 1, 1 },
	    { "b1", 0, "captured", M(0, 1, 0), "", "", 1, 1 } },
	  { "b1 (trireme, b) surrenders to a1 (trireme, a)" } },
	{ "exactly 2:1 does not",
	  { { "a1", 0, "0506", M(0, 4, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 2, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1, 1 }, 6, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 4, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 2, 0), "a1", "", 1, 1 } },
	  { "stay grappled (4 marines against 2" } },
	{ "the ratio is data: surrender-ratio 1 makes 3 against 2 enough",
	  { { "a1", 0, "0506", M(0, 3, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 2, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1 }, 5, { NULL }, { 0, { 0, 0, 0 }, 1, 2 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 1, 1 },
	    { "b1", 0, "captured", M(0, 2, 0), "", "", 1, 1 } },
	  { "more than 1:1", "a1 moves 2 medium marines across" } },
	{ "the defender's 2:1 repulses: cut",
	  { { "a1", 0, "0506", M(0, 5, 0), 0, "b1", "", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 2, 0), 0, "a1", "a1", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1, 1, 1 }, 7, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 5, 0), "", "", 1, 1 },
	    { "b1", 1, "afloat", M(0, 2, 0), "", "", 1, 1 } },
	  { "it cuts the grapples (REPULSE CUT)" } },
	{ "the defender's 2:1 repulses: counter-board",
	  { { "a1", 0, "0506", M(0, 5, 0), 0, "b1", "", NULL, "counter",
	      NULL },
	    { "b1", 1, "0507", M(0, 2, 0), 0, "a1", "a1", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1, 1, 1 }, 7, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 5, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 2, 0), "a1", "", 1, 1 } },
	  { "it counter-boards" } },
	{ "both boarding: the stronger captures",
	  { { "a1", 0, "0506", M(0, 2, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 5, 0), 0, "a1", "a1", NULL, NULL, NULL } },
	  { 1, 1, 1, 1, 1, 1, 1 }, 7, { NULL }, { 0 },
	  { { "a1", 1, "captured", M(0, 1, 0), "", "", 1, 1 },
	    { "b1", 1, "afloat", M(0, 4, 0), "", "", 1, 1 } },
	  { "a1 (trireme, a) surrenders to b1 (trireme, b)" } },
	{ "a boarder without marines surrenders before the cut",
	  { { "a1", 0, "0506", M(0, 2, 0), 0, "b1", "", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(1, 0, 0), 0, "a1", "a1", NULL, NULL, NULL } },
	  { 5, 1, 1 }, 3, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 1, 1 },
	    { "b1", 0, "captured", M(0, 1, 0), "", "", 1, 1 } },
	  { "b1 (trireme, b) has no marines left and surrenders to a1" } },
	{ "neither has marines: the grapple stays",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 6, 6 }, 2, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 0, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 0, 0), "a1", "", 1, 1 } },
	  { "nothing is captured and the grapples stay" } },
	{ "pool: kills lightest first, then the lower id",
	  { { "a1", 0, "0506", M(0, 2, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "a2", 0, "0606", M(1, 2, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 4, 0), 0, "a1 a2", "", NULL, NULL,
	      NULL } },
	  { 1, 1, 1, 1, 1, 5, 5, 1, 1 }, 9, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "b1", "b1", 1, 1 },
	    { "a2", 0, "afloat", M(0, 2, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 4, 0), "a1 a2", "", 1, 1 } },
	  { "a1 loses 1 medium marine, a2 loses 1 light marine" } },
	{ "pool: 2:1 against the pool; the captor has the most marines",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "a2", 0, "0606", M(1, 1, 0), 0, "b1", "b1", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "a1 a2", "", NULL, NULL,
	      NULL } },
	  { 1, 1, 1, 1 }, 4, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 1, 1 },
	    { "a2", 0, "afloat", M(0, 1, 0), "", "", 1, 1 },
	    { "b1", 0, "captured", M(1, 0, 0), "", "", 1, 1 } },
	  { "surrenders to a2 (trireme, a): the boarders have 3 marines "
	    "against 1", "a2 moves 1 light marine across" } },
	{ "a chain is one fight: b1 - a1 - b2 - a2",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "b1 b2", "b1 b2", NULL, NULL,
	      NULL },
	    { "a2", 0, "0707", M(0, 1, 0), 0, "b2", "b2", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "a1", "", NULL, NULL, NULL },
	    { "b2", 1, "0606", M(0, 1, 0), 0, "a1 a2", "", NULL, NULL,
	      NULL } },
	  { 1, 1, 5, 1 }, 4, { NULL }, { 0 },
	  { { "a1", 1, "captured", M(0, 1, 0), "", "", 1, 1 },
	    { "a2", 0, "afloat", M(0, 1, 0), "b2", "b2", 1, 1 },
	    { "b1", 1, "afloat", M(0, 0, 0), "", "", 1, 1 },
	    { "b2", 1, "afloat", M(0, 1, 0), "a2", "", 1, 1 } },
	  { "a1 (trireme, a) and a2 (trireme, a) (pooled) against b1 "
	    "(trireme, b) and b2 (trireme, b) (pooled), 2 marines against 2",
	    "a1 (trireme, a) has no marines left and surrenders to b1" } },
	{ "grapple on the data's number (3 with grapple=3)",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", NULL, NULL, "b1" },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 3, 1, 1 }, 3, { NULL }, { 3, { 0, 0, 0 }, 0, 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 1, 0), "a1", "", 1, 1 } },
	  { "1d6=3, 3-6 grapples: grappled" } },
	{ "a miss: no round, not in a boarding fight",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", NULL, NULL, "b1" },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 3 }, 1, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 0, 0 },
	    { "b1", 1, "afloat", M(0, 1, 0), "", "", 0, 0 } },
	  { "the grapples miss" } },
	{ "touching across an empty hex allows boarding",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", NULL, NULL, "b1" },
	    { "b1", 1, "0508", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 4, 1, 1 }, 3, { "a1", "b1" }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 1, 0), "a1", "", 1, 1 } },
	  { "1d6=4, 4-6 grapples: grappled" } },
	{ "two hexes apart without touching: the order lapses",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", NULL, NULL, "b1" },
	    { "b1", 1, "0508", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 0, 0 },
	    { "b1", 1, "afloat", M(0, 1, 0), "", "", 0, 0 } },
	  { "not adjacent at the end of the turn (0506 and 0508, 2 hexes "
	    "apart)" } },
	{ "raked this turn: the BOARD against the raker lapses",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", "b1", NULL, "b1" },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 0, 0 },
	    { "b1", 1, "afloat", M(0, 1, 0), "", "", 0, 0 } },
	  { "a1 was raked by b1 and cannot board the ship that raked it" } },
	{ "both order boarding, but one was raked by the other: a roll",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "", "", NULL, NULL, "b1" },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "", "", "a1", NULL, "a1" } },
	  { 4, 1, 1 }, 3, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 1, 0), "a1", "", 1, 1 } },
	  { "1d6=4, 4-6 grapples", "b1 was raked by a1" } },
	{ "recapture by the owner: afloat again",
	  { { "a1", 1, "0506", M(0, 1, 0), 0, "a2", "", NULL, NULL, NULL },
	    { "a2", 0, "0606", M(0, 3, 0), 0, "a1", "a1", NULL, NULL,
	      NULL } },
	  { 1, 1, 1, 1 }, 4, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 1, 1 },
	    { "a2", 0, "afloat", M(0, 2, 0), "", "", 1, 1 } },
	  { "a1 is recaptured and sails for its own side, a, again" } },
	/* Reading the lists: a grapple either ship lists is both ships'. */
	{ "a grapple one ship lists joins both; unrecorded: both board",
	  { { "a1", 0, "0506", M(0, 0, 0), 0, "b1", "", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 0, 0), 0, "", "", NULL, NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 0, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 0, 0), "a1", "a1", 1, 1 } },
	  { "nothing is captured and the grapples stay" } },
	{ "unrecorded attacker: a raked ship does not board its raker",
	  { { "a1", 0, "0506", M(0, 0, 0), 0, "b1", "", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 0, 0), 0, "a1", "", "a1", NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 0, 0), "b1", "b1", 1, 1 },
	    { "b1", 1, "afloat", M(0, 0, 0), "a1", "", 1, 1 } },
	  { "nothing is captured and the grapples stay" } },
	{ "a grapple with a friend and boarding without a grapple are dropped",
	  { { "a1", 0, "0506", M(0, 1, 0), 0, "a2", "b1", NULL, NULL, NULL },
	    { "a2", 0, "0606", M(0, 1, 0), 0, "a1", "", NULL, NULL, NULL },
	    { "b1", 1, "0507", M(0, 1, 0), 0, "", "", NULL, NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 1, 0), "", "", 0, 0 },
	    { "a2", 0, "afloat", M(0, 1, 0), "", "", 0, 0 },
	    { "b1", 1, "afloat", M(0, 1, 0), "", "", 0, 0 } },
	  { NULL } },
	{ "the lists come out in id order, however they were written",
	  { { "a1", 0, "0506", M(0, 0, 0), 0, "b3 b1 b2", "b2 b3 b1", NULL,
	      NULL, NULL },
	    { "b1", 1, "0507", M(0, 0, 0), 0, "a1", "", NULL, NULL, NULL },
	    { "b2", 1, "0605", M(0, 0, 0), 0, "", "", NULL, NULL, NULL },
	    { "b3", 1, "0606", M(0, 0, 0), 0, "a1", "", NULL, NULL, NULL } },
	  { 0 }, 0, { NULL }, { 0 },
	  { { "a1", 0, "afloat", M(0, 0, 0), "b1 b2 b3", "b1 b2 b3", 1, 1 },
	    { "b1", 1, "afloat", M(0, 0, 0), "a1", "", 1, 1 },
	    { "b2", 1, "afloat", M(0, 0, 0), "a1", "", 1, 1 },
	    { "b3", 1, "afloat", M(0, 0, 0), "a1", "", 1, 1 } },
	  { "nothing is captured and the grapples stay" } },
};

/* ---- the harness ------------------------------------------------------- */

struct bt {
	struct nv_ruleset_ops	 ops;
	struct nv_ruleset	 rs;
	struct classic_data	 cd;
	struct nv_state		 st;
	struct classic_orders	 co;
	struct nv_orders	 orders;
	struct classic_turn	*ct;
	struct nv_events	 ev;
	struct nv_dice		*dice;
	struct nv_turn		 t;
};

static struct nv_hex
hx(const char *name)
{
	struct nv_hex	h;

	assert_int_equal(hex_parse(name, 2, &h), 0);
	return h;
}

static void
set_s(struct nv_ship *s, int a, const char *v)
{
	free(s->attr[a].s);
	s->attr[a].s = xstrdup(v != NULL ? v : "");
}

static void
bt_ship(struct nv_ship *s, const struct bship *b)
{
	size_t	i;
	int	m;

	memset(s, 0, sizeof *s);
	memcpy(s->id, b->id, strlen(b->id) + 1);
	s->side = b->side;
	/* The id names the owner: a ship "a1" held by side b is captured. */
	s->owner = b->id[0] - 'a';
	s->status = s->side == s->owner ? NV_STATUS_AFLOAT :
	    NV_STATUS_CAPTURED;
	s->hex = hx(b->hex);
	s->facing = NV_DIR_N;
	s->attr = xcalloc(CL_A_COUNT, sizeof *s->attr);
	for (i = 0; i < CL_A_COUNT; i++)
		if (ship_attrs[i].kind != NV_ATTR_INT)
			s->attr[i].s = xstrdup("");
	s->attr[CL_A_HULL].i = 6;
	s->attr[CL_A_BOWS].i = 1;
	s->attr[CL_A_CORVUS].i = b->corvus;
	for (m = 0; m < CL_M_COUNT; m++) {
		s->attr[CL_A_M_LIGHT + m].i = b->m[m];
		s->attr[CL_A_MARINES].i += b->m[m];
	}
	set_s(s, CL_A_GRAPPLED, b->grappled);
	set_s(s, CL_A_BOARDING, b->boarding);
	set_s(s, CL_A_RAKED_BY, b->raked_by);
	set_s(s, CL_A_REPULSE, b->repulse != NULL ? b->repulse :
	    CL_REPULSE_CUT);
}

static void
bt_data(struct bt *f, const struct bdata *d)
{
	static const int kill_on[CL_M_COUNT] = { 6, 5, 4 };
	int		 m;

	f->cd.grapple_on = d->grapple_on > 0 ? d->grapple_on : 4;
	for (m = 0; m < CL_M_COUNT; m++)
		f->cd.marine_kill_on[m] = d->kill_on[m] > 0 ? d->kill_on[m] :
		    kill_on[m];
	f->cd.surrender_ratio = d->ratio > 0 ? d->ratio : 2;
	f->cd.prize_crew = d->prize > 0 ? d->prize : 1;
}

static void
bt_setup(struct bt *f, const struct bcase *c)
{
	static const char *const sides[] = { "a", "b", "c" };
	size_t	 i, n;
	int	 k;

	memset(f, 0, sizeof *f);
	f->ops.name = "classic";
	f->ops.ship_attrs = ship_attrs;
	f->ops.nship_attrs = CL_A_COUNT;
	f->rs.ops = &f->ops;
	f->rs.phases = 6;
	f->rs.priv = &f->cd;
	bt_data(f, &c->data);
	for (n = 0; n < NS && c->ships[n].id != NULL; n++)
		;
	f->st.rs = &f->rs;
	f->st.columns = f->st.rows = 10;
	f->st.nsides = 3;
	f->st.sides = xcalloc(3, sizeof *f->st.sides);
	for (i = 0; i < 3; i++)
		memcpy(f->st.sides[i].id, sides[i], 2);
	f->st.nships = n;
	/* The rows list the ships in id order. */
	f->st.ships = xcalloc(n, sizeof *f->st.ships);
	for (i = 0; i < n; i++)
		bt_ship(&f->st.ships[i], &c->ships[i]);
	f->co.st = &f->st;
	f->co.ships = xcalloc(n, sizeof *f->co.ships);
	for (i = 0; i < n; i++)
		f->co.ships[i].board = c->ships[i].board == NULL ? -1 :
		    state_ship_index(&f->st, c->ships[i].board);
	f->orders.st = &f->st;
	f->orders.rs = &f->co;
	f->ct = xcalloc(1, sizeof *f->ct);
	f->ct->fought = xcalloc(n, sizeof *f->ct->fought);
	if (c->across[0] != NULL) {
		f->ct->touches = xcalloc(1, sizeof *f->ct->touches);
		f->ct->touches[0].a = state_ship_index(&f->st, c->across[0]);
		f->ct->touches[0].b = state_ship_index(&f->st, c->across[1]);
		f->ct->touches[0].across = 1;
		f->ct->ntouches = f->ct->captouches = 1;
	}
	f->dice = dice_script(c->dice, c->ndice);
	f->t.rs = &f->rs;
	f->t.st = &f->st;
	f->t.orders = &f->orders;
	f->t.dice = f->dice;
	f->t.ev = &f->ev;
	f->t.plots = xcalloc(n, sizeof *f->t.plots);
	f->t.phase = 7;
	f->t.turn = 3;
	f->t.rs_turn = f->ct;
	f->t.desc = xcalloc(n + 1, sizeof *f->t.desc);
	for (k = 0; k < (int)n; k++)
		f->t.desc[k] = xasprintf("%s (trireme, %s)",
		    f->st.ships[k].id, sides[f->st.ships[k].side]);
}

static void
bt_free(struct bt *f)
{
	size_t	i, a;

	for (i = 0; i < f->st.nships; i++) {
		for (a = 0; a < CL_A_COUNT; a++)
			free(f->st.ships[i].attr[a].s);
		free(f->st.ships[i].attr);
		free(f->t.desc[i]);
	}
	free(f->st.ships);
	free(f->st.sides);
	free(f->co.ships);
	free(f->ct->fought);
	free(f->ct->touches);
	free(f->ct);
	free(f->t.plots);
	free(f->t.desc);
	events_free(&f->ev);
	dice_free(f->dice);
}

static char *
all_events(const struct bt *f)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 0; i < f->ev.n; i++)
		buf_printf(&b, "  [%s] %s\n", f->ev.v[i].kind, f->ev.v[i].text);
	return buf_detach(&b);
}

static void
check_ship(const struct bcase *c, struct bt *f, const struct bwant *w)
{
	const struct nv_ship	*s;
	int			 i = state_ship_index(&f->st, w->id), m;
	size_t			 k;

	assert_true(i >= 0);
	s = &f->st.ships[i];
	if (s->side != w->side || strcmp(status_name(s->status), w->status) ||
	    strcmp(s->attr[CL_A_GRAPPLED].s, w->grappled) != 0 ||
	    strcmp(s->attr[CL_A_BOARDING].s, w->boarding) != 0 ||
	    s->attr[CL_A_BOARDED].i != w->boarded ||
	    classic_in_boarding_fight(&f->t, i) != w->in_fight)
		fail_msg("%s: %s is side %d %s grappled \"%s\" boarding \"%s\" "
		    "boarded %ld fight %d; want side %d %s \"%s\" \"%s\" %d "
		    "%d\n%s", c->name, s->id, s->side, status_name(s->status),
		    s->attr[CL_A_GRAPPLED].s, s->attr[CL_A_BOARDING].s,
		    s->attr[CL_A_BOARDED].i, classic_in_boarding_fight(&f->t,
		    i), w->side, w->status, w->grappled, w->boarding,
		    w->boarded, w->in_fight, all_events(f));
	for (m = 0; m < CL_M_COUNT; m++)
		if (w->m[m] >= 0 && s->attr[CL_A_M_LIGHT + m].i != w->m[m])
			fail_msg("%s: %s has %ld %s marines, want %d\n%s",
			    c->name, s->id, s->attr[CL_A_M_LIGHT + m].i,
			    m == 0 ? "light" : m == 1 ? "medium" : "heavy",
			    w->m[m], all_events(f));
	assert_int_equal(s->attr[CL_A_MARINES].i, s->attr[CL_A_M_LIGHT].i +
	    s->attr[CL_A_M_MEDIUM].i + s->attr[CL_A_M_HEAVY].i);
	/* Prisoners: a ship that changed hands keeps no bows of its own. */
	for (k = 0; k < NS && c->ships[k].id != NULL; k++)
		if (strcmp(c->ships[k].id, w->id) == 0)
			assert_int_equal(s->attr[CL_A_BOWS].i,
			    c->ships[k].side != w->side ? 0 : 1);
}

static void
test_rows(void **state)
{
	struct bt	 f;
	char		*cause = NULL;
	size_t		 i, k, e, nrolls;
	int		 found;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bt_setup(&f, &cases[i]);
		if (classic_boarding(&f.t, &cause) != 0)
			fail_msg("%s: %s", cases[i].name, cause);
		for (k = 0; k < NS && cases[i].want[k].id != NULL; k++)
			check_ship(&cases[i], &f, &cases[i].want[k]);
		for (e = 0; e < NE && cases[i].events[e] != NULL; e++) {
			for (found = 0, k = 0; k < f.ev.n && !found; k++)
				found = strstr(f.ev.v[k].text,
				    cases[i].events[e]) != NULL;
			if (!found)
				fail_msg("%s: no event with \"%s\":\n%s",
				    cases[i].name, cases[i].events[e],
				    all_events(&f));
		}
		/* Every scripted die was used: no roll too few. */
		dice_rolls(f.dice, &nrolls);
		if (nrolls != cases[i].ndice)
			fail_msg("%s: %zu rolls, the script has %zu",
			    cases[i].name, nrolls, cases[i].ndice);
		bt_free(&f);
	}
}

/* Same inputs, same events, byte for byte. */
static void
test_deterministic(void **state)
{
	struct bt	 f, g;
	char		*cause = NULL, *x, *y;
	const struct bcase *c = &cases[12];

	(void)state;
	bt_setup(&f, c);
	bt_setup(&g, c);
	assert_int_equal(classic_boarding(&f.t, &cause), 0);
	assert_int_equal(classic_boarding(&g.t, &cause), 0);
	x = all_events(&f);
	y = all_events(&g);
	assert_string_equal(x, y);
	free(x);
	free(y);
	bt_free(&f);
	bt_free(&g);
}

/* A script that runs out is an error, not a silent default. */
static void
test_dice_run_out(void **state)
{
	struct bt	 f;
	char		*cause = NULL;
	struct bcase	 c = cases[2];

	(void)state;
	c.ndice = 3;
	bt_setup(&f, &c);
	assert_int_equal(classic_boarding(&f.t, &cause), -1);
	assert_non_null(cause);
	free(cause);
	bt_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_dice_run_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
