/* test_move.c: the movement engine (move.c, turn.c, classic-turn.c).
 *
 * Every movement ruling of classic.md has a case below, played on the
 * fixtures of move_fixture.c; docs/movement.md explains the rulings. */
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

#include "move_fixture.h"

/* ---- the movement rulings ---------------------------------------------- */

static const struct mcase cases[] = {
	{ "straight ahead on the schedule (speed 3: phases 2, 4, 6)",
	  { SHIP("nike", AT, "0505", "N", 3, "S3") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0502", "N", 3) }, "",
	  "2:move:nike 4:move:nike 6:move:nike",
	  { "Phase 2: nike (trireme, athens) moves from 0505 to 0504, "
	    "facing N", "Phase 6: nike (trireme, athens) moves from 0503 "
	    "to 0502" }, { NULL } },
	{ "turns come before the next F",
	  { SHIP("nike", AT, "0505", "N", 3, "FRFF") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0703", "NE", 3) }, "",
	  "2:move:nike 4:turn:nike 4:move:nike 6:move:nike",
	  { "nike (trireme, athens) in 0505 facing N: speed 3, steps F R F F",
	    "Phase 4: nike (trireme, athens) turns to starboard in 0504, "
	    "now facing NE", "moves from 0504 to 0603, facing NE" },
	  { NULL } },
	{ "turns after the last F come at the end of the last phase",
	  { SHIP("nike", AT, "0505", "N", 2, "FFL") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0503", "NW", 2) }, "",
	  "3:move:nike 6:move:nike 6:turn:nike", { NULL }, { NULL } },
	{ "speed 0 neither turns nor moves",
	  { SHIP("nike", AT, "0505", "N", 1, "S0 L") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0505", "N", 0) }, "", "",
	  { "nike (trireme, athens) in 0505 facing N: holds (speed 0)" },
	  { NULL } },
	{ "a follower (lower id) enters the hex its leader leaves",
	  { SHIP("aa", AT, "0506", "N", 3, "S3"),
	    SHIP("zz", PE, "0505", "N", 3, "S3") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("aa", "0503", "N", 3), OK("zz", "0502", "N", 3) },
	  "", "2:move:aa 2:move:zz 4:move:aa 4:move:zz 6:move:aa "
	  "6:move:zz", { NULL }, { NULL } },
	{ "a chain of three moves as one",
	  { SHIP("a", AT, "0506", "N", 2, "S2"),
	    SHIP("b", AT, "0505", "N", 2, "S2"),
	    SHIP("c", AT, "0504", "N", 2, "S2") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("a", "0504", "N", 2), OK("b", "0503", "N", 2),
	    OK("c", "0502", "N", 2) }, "", NULL, { NULL }, { NULL } },
	{ "a friendly follower whose leader is blocked collides",
	  { SHIP("lead", AT, "0504", "N", 2, "S2"),
	    SHIP("foll", AT, "0505", "N", 2, "S2") }, { "0503" }, { NULL },
	  { 0 }, 0, { OK("lead", "0504", "N", 2), OK("foll", "0505", "N", 2) },
	  "friendly foll lead", "3:blocked:lead 3:stop:foll",
	  { "lead (trireme, athens) cannot enter 0503 (land) and stops in "
	    "0504 for the rest of the turn", "foll (trireme, athens) in 0505 "
	    "touches lead (trireme, athens) in 0504 on the stern: a "
	    "collision between ships of the same side, without damage" },
	  { NULL } },
	{ "an enemy follower whose leader is blocked wins, its bow strikes it",
	  { SHIP("lead", AT, "0504", "N", 2, "S2"),
	    SHIP("foll", PE, "0505", "N", 2, "S2") }, { "0503" }, { NULL },
	  { 0 }, 0, { OK("lead", "0504", "N", 0), OK("foll", "0505", "N", 0) },
	  "ram foll lead", "3:blocked:lead 3:stop:foll",
	  { "in 0504 on the stern: foll's bow strikes",
	    "foll rolls 1d6=3 for ram damage" },
	  { "head-on contest" } },
	{ "two ships into one empty hex: the contest winner enters",
	  { SHIP("argo", AT, "0504", "SE", 1, "S1"),
	    SHIP("bia", PE, "0704", "SW", 1, "S1") }, { NULL }, { NULL },
	  { 5, 2, 1, 6 }, 4, { OK("argo", "0604", "SE", 0),
	    OK("bia", "0704", "SW", 0) }, "same-hex argo bia",
	  "6:move:argo 6:stop:argo 6:stop:bia",
	  { "argo (trireme, athens) in 0504 and bia (trireme, persia) in "
	    "0704 both try to enter 0604: a head-on contact",
	    "argo rolls 1d6=5 for head-on contest",
	    "bia rolls 1d6=2 for head-on contest",
	    "head-on contest: argo 5 against bia 2: argo wins, its bow strikes bia",
	    "argo (trireme, athens) moves from 0504 to 0604" }, { NULL } },
	{ "two ships into one empty hex: a tie and neither enters",
	  { SHIP("argo", AT, "0504", "SE", 1, "S1"),
	    SHIP("bia", PE, "0704", "SW", 1, "S1") }, { NULL }, { NULL },
	  { 3, 3, 1, 1, 6, 6 }, 6, { OK("argo", "0504", "SE", 0),
	    OK("bia", "0704", "SW", 0) }, "same-hex argo bia",
	  "6:stop:argo 6:stop:bia",
	  { "a tie, argo and bia ram each other",
	    "neither argo nor bia enters 0604; they touch across it" },
	  { "moves from" } },
	{ "the better crew adds one per level in a head-on contest",
	  { { "argo", AT, 0, 2, "0504", "SE", 1, "S1", NULL, NULL, 0 },
	    { "bia", PE, 0, 0, "0704", "SW", 1, "S1", NULL, NULL, 0 } },
	  { NULL }, { NULL }, { 2, 3, 1, 6 }, 4,
	  { OK("argo", "0604", "SE", 0), OK("bia", "0704", "SW", 0) },
	  "same-hex argo bia", NULL,
	  { "head-on contest: argo 2+2=4 against bia 3: argo wins, its bow strikes bia" },
	  { NULL } },
	{ "a swap fails: both stay, head-on",
	  { SHIP("castor", AT, "0505", "N", 1, "S1"),
	    SHIP("pollux", PE, "0504", "S", 1, "S1") }, { NULL }, { NULL },
	  { 4, 6, 1, 6 }, 4, { OK("castor", "0505", "N", 0),
	    OK("pollux", "0504", "S", 0) }, "swap castor pollux",
	  "6:stop:castor 6:stop:pollux",
	  { "castor (trireme, athens) in 0505 and pollux (trireme, persia) "
	    "in 0504 try to swap hexes and meet, bow against bow",
	    "head-on contest: castor 4 against pollux 6: pollux wins, its "
	    "bow strikes castor" }, { "moves" } },
	{ "into the bow of a ship that stays: head-on",
	  { SHIP("castor", AT, "0505", "N", 1, "S1"),
	    SHIP("pollux", PE, "0504", "S", 0, "S0") }, { NULL }, { NULL },
	  { 6, 1, 1, 6 }, 4, { OK("castor", "0505", "N", 0),
	    OK("pollux", "0504", "S", 0) }, "head-on castor pollux", NULL,
	  { "castor (trireme, athens) in 0505 touches pollux (trireme, "
	    "persia) in 0504 on the bow: a head-on contact",
	    "castor wins, its bow strikes pollux" }, { NULL } },
	{ "into the starboard bow: a ram, no contest",
	  { SHIP("castor", AT, "0505", "N", 1, "S1"),
	    SHIP("pollux", PE, "0504", "SE", 0, "S0") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("castor", "0505", "N", 0),
	    OK("pollux", "0504", "SE", 0) }, "ram castor pollux", NULL,
	  { "on the starboard bow: castor's bow strikes" }, { "head-on contest" } },
	{ "into the port quarter: a ram",
	  { SHIP("castor", AT, "0505", "N", 1, "S1"),
	    SHIP("pollux", PE, "0504", "NW", 0, "S0") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("castor", "0505", "N", 0),
	    OK("pollux", "0504", "NW", 0) }, "ram castor pollux", NULL,
	  { "on the port quarter: castor's bow strikes" }, { "head-on contest" } },
	{ "a friendly collision stops only the ship that moved",
	  { SHIP("castor", AT, "0505", "N", 5, "S6"),
	    SHIP("pollux", AT, "0504", "NE", 2, "S2") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("castor", "0505", "N", 6),
	    OK("pollux", "0703", "NE", 2) }, "friendly castor pollux",
	  "1:stop:castor 3:move:pollux 6:move:pollux", { NULL },
	  { "rams", "rolls" } },
	{ "backing into an enemy: a collision, only the backer stops",
	  { SHIP("castor", AT, "0505", "N", 0, "B"),
	    SHIP("pollux", PE, "0506", "N", 0, "S0") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("castor", "0505", "N", -1),
	    OK("pollux", "0506", "N", 0) }, "astern castor pollux",
	  "6:stop:castor",
	  { "castor (trireme, athens) in 0505 backs into pollux (trireme, "
	    "persia) in 0506 on the bow: a collision while backing, "
	    "without damage" }, { "rams", "rolls" } },
	{ "a closed ring of three ships turns",
	  { SHIP("ra", AT, "0504", "SE", 1, "S1"),
	    SHIP("rb", PE, "0604", "SW", 1, "S1"),
	    SHIP("rc", AT, "0505", "N", 1, "S1") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("ra", "0604", "SE", 1), OK("rb", "0505", "SW", 1),
	    OK("rc", "0504", "N", 1) }, "",
	  "6:move:ra 6:move:rb 6:move:rc", { NULL }, { NULL } },
	{ "a ring another ship pushes into is jammed",
	  { SHIP("ra", AT, "0504", "SE", 1, "S1"),
	    SHIP("rb", AT, "0604", "SW", 1, "S1"),
	    SHIP("rc", AT, "0505", "N", 1, "S1"),
	    SHIP("rd", AT, "0704", "SW", 1, "S1") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("ra", "0504", "SE", 1), OK("rb", "0604", "SW", 1),
	    OK("rc", "0505", "N", 1), OK("rd", "0704", "SW", 1) },
	  "friendly ra rb; friendly rc ra; friendly rb rc; friendly rd rb",
	  NULL, { NULL }, { "moves" } },
	{ "three into one hex: the ship that wins every contest enters",
	  { SHIP("ta", AT, "0504", "SE", 1, "S1"),
	    SHIP("tb", PE, "0605", "N", 1, "S1"),
	    SHIP("tc", PE, "0704", "SW", 1, "S1") }, { NULL }, { NULL },
	  { 6, 1, 1, 1, 1, 6, 6 }, 7, { OK("ta", "0604", "SE", 0),
	    OK("tb", "0605", "N", 0), OK("tc", "0704", "SW", 0) },
	  "same-hex ta tb; same-hex ta tc; friendly tb tc",
	  "6:move:ta 6:stop:ta 6:stop:tb 6:stop:tc",
	  { "ta wins, its bow strikes tb", "ta wins, its bow strikes tc", "tb (trireme, persia) in 0605 and "
	    "tc (trireme, persia) in 0704 both try to enter 0604: a "
	    "collision between ships of the same side, without damage; "
	    "neither enters", "ta (trireme, athens) moves from 0504 to "
	    "0604" }, { NULL } },
	{ "three into one hex: nobody wins every contest, nobody enters",
	  { SHIP("ta", AT, "0504", "SE", 1, "S1"),
	    SHIP("tb", PE, "0605", "N", 1, "S1"),
	    SHIP("tc", PE, "0704", "SW", 1, "S1") }, { NULL }, { NULL },
	  { 4, 1, 6, 1, 1, 6, 6 }, 7, { OK("ta", "0504", "SE", 0),
	    OK("tb", "0605", "N", 0), OK("tc", "0704", "SW", 0) },
	  "same-hex ta tb; same-hex ta tc; friendly tb tc", NULL,
	  { "ta wins, its bow strikes tb", "tc wins, its bow strikes ta" }, { "moves" } },
	{ "two ships contest the hex its occupant leaves",
	  { SHIP("argo", AT, "0504", "SE", 1, "S1"),
	    SHIP("bia", PE, "0704", "SW", 1, "S1"),
	    SHIP("lead", AT, "0604", "N", 1, "S1") }, { NULL }, { NULL },
	  { 6, 1, 1, 6 }, 4, { OK("argo", "0604", "SE", 0),
	    OK("bia", "0704", "SW", 0), OK("lead", "0603", "N", 1) },
	  "same-hex argo bia", "6:move:lead 6:move:argo 6:stop:argo "
	  "6:stop:bia", { "lead (trireme, athens) moves from 0604 to 0603",
	  "both try to enter 0604", "argo wins, its bow strikes bia" }, { NULL } },
	{ "the follower of a contest loser meets it in a second wave",
	  { SHIP("argo", AT, "0504", "SE", 1, "S1"),
	    SHIP("bia", PE, "0704", "SW", 1, "S1"),
	    SHIP("cyr", PE, "0505", "N", 1, "S1") }, { NULL }, { NULL },
	  { 1, 6, 1, 1, 6, 6 }, 6, { OK("argo", "0504", "SE", 0),
	    OK("bia", "0604", "SW", 0), OK("cyr", "0505", "N", 0) },
	  "same-hex argo bia; ram cyr argo", NULL,
	  { "bia wins, its bow strikes argo", "bia (trireme, persia) moves from 0704 to 0604",
	    "cyr (trireme, persia) in 0505 touches argo (trireme, athens) in "
	    "0504 on the starboard bow: cyr's bow strikes" }, { NULL } },
	{ "land cannot be entered: the ship stops for the turn",
	  { SHIP("nike", AT, "0505", "N", 3, "S3") }, { "0503" }, { NULL },
	  { 0 }, 0, { OK("nike", "0504", "N", 3) }, "",
	  "2:move:nike 4:blocked:nike",
	  { "Phase 4: nike (trireme, athens) cannot enter 0503 (land) and "
	    "stops in 0504 for the rest of the turn" }, { NULL } },
	{ "a wreck cannot be entered",
	  { SHIP("nike", AT, "0505", "N", 3, "S3") }, { NULL }, { "0503" },
	  { 0 }, 0, { OK("nike", "0504", "N", 3) }, "",
	  "2:move:nike 4:blocked:nike",
	  { "cannot enter 0503 (a wreck) and stops in 0504" }, { NULL } },
	{ "ships leave the map and a follower takes the edge hex",
	  { SHIP("lead", AT, "0502", "N", 3, "S3"),
	    SHIP("foll", AT, "0503", "N", 3, "S3") }, { NULL }, { NULL },
	  { 0 }, 0, { { "lead", "0501", "N", "exited", -9 },
	    { "foll", "0501", "N", "exited", -9 } }, "",
	  "2:move:foll 2:move:lead 4:exit:lead 4:move:foll 6:exit:foll",
	  { "Phase 4: lead (trireme, athens) sails off the map from 0501 "
	    "and leaves the battle" }, { NULL } },
	{ "no orders: straight ahead, capped at cruising speed",
	  { SHIP("nike", AT, "0505", "N", 5, NULL) }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0502", "N", 3) }, "", NULL,
	  { "nike (trireme, athens) in 0505 has no movement orders and continues "
	    "straight ahead (N) at speed 3, its cruising speed" },
	  { NULL } },
	{ "no orders: straight ahead at the previous speed",
	  { SHIP("nike", AT, "0505", "N", 2, NULL) }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0503", "N", 2) }, "", "3:move:nike "
	  "6:move:nike", { "continues straight ahead (N) at speed 2" },
	  { "cruising" } },
	{ "no orders after going backwards: hold",
	  { SHIP("nike", AT, "0505", "N", -1, NULL) }, { NULL }, { NULL },
	  { 0 }, 0, { OK("nike", "0505", "N", 0) }, "", "",
	  { "nike (trireme, athens) in 0505 has no movement orders and holds (speed "
	    "0) after going backwards last turn" }, { NULL } },
	{ "no orders under the obligation to back: MOVE B",
	  { { "nike", AT, 0, 1, "0505", "N", 0, NULL, "back", NULL, 0 } },
	  { NULL }, { NULL }, { 0 }, 0, { OK("nike", "0506", "N", -1) }, "",
	  "6:back:nike", { "has no movement orders and backs one hex, as it must "
	  "after its ram", "Phase 6: nike (trireme, athens) backs from 0505 "
	  "to 0506, facing N" }, { NULL } },
	{ "a grappled ship stays, whatever it was ordered",
	  { { "azes", PE, 0, 1, "0504", "S", 0, NULL, NULL, "nike", 0 },
	    { "nike", AT, 0, 1, "0505", "N", 2, "S3", NULL, "azes", 0 } },
	  { NULL }, { NULL }, { 0 }, 0, { OK("nike", "0505", "N", 0),
	    OK("azes", "0504", "S", 0) }, "", "",
	  { "azes (trireme, persia) in 0504 is grappled (to nike) and stays "
	    "where it is", "nike (trireme, athens) in 0505 is grappled (to "
	    "azes) and stays where it is; its movement order is void" },
	  { NULL } },
	{ "contact with an enemy stops both ships for the rest of the turn",
	  { SHIP("hit", AT, "0505", "N", 5, "S6"),
	    SHIP("tgt", PE, "0503", "NE", 2, "S2") }, { NULL }, { NULL },
	  { 0 }, 0, { OK("hit", "0504", "N", 0), OK("tgt", "0503", "NE", 0) },
	  "ram hit tgt", "1:move:hit 2:stop:hit 2:stop:tgt",
	  { "Phase 2: hit (trireme, athens) in 0504 touches tgt (trireme, "
	    "persia) in 0503 on the starboard quarter: hit's bow strikes" },
	  { NULL } },
};

static void
test_cases(void **state)
{
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_case(&cases[i]);
}

/* ---- the schedule ------------------------------------------------------ */

static const struct {
	const char	*order;
	const char	*trace;
} schedule[] = {
	{ "S0", "" },
	{ "S1", "6:move:nike" },
	{ "S2", "3:move:nike 6:move:nike" },
	{ "S3", "2:move:nike 4:move:nike 6:move:nike" },
	{ "S4", "2:move:nike 3:move:nike 5:move:nike 6:move:nike" },
	{ "S5", "2:move:nike 3:move:nike 4:move:nike 5:move:nike "
	    "6:move:nike" },
	{ "S6", "1:move:nike 2:move:nike 3:move:nike 4:move:nike "
	    "5:move:nike 6:move:nike" },
	{ "B", "6:back:nike" },
};

static void
test_schedule(void **state)
{
	struct mcase	mc;
	struct run	r;
	size_t		i;

	(void)state;
	for (i = 0; i < sizeof schedule / sizeof schedule[0]; i++) {
		memset(&mc, 0, sizeof mc);
		mc.name = schedule[i].order;
		mc.ships[0] = (struct sspec)SHIP("nike", AT, "0508", "N", 3,
		    schedule[i].order);
		run_turn(&mc, NULL, &r);
		assert_int_equal(r.rc, 0);
		if (strcmp(r.trace, schedule[i].trace) != 0)
			fail_msg("%s: \"%s\", want \"%s\"", mc.name, r.trace,
			    schedule[i].trace);
		run_free(&r);
	}
}

/* ---- end-of-turn bookkeeping ------------------------------------------- */

/* An average trireme of Athens in 0505 facing N, with its straight run. */
#define BK(id, speed, order, ob, straight) \
	{ id, AT, 0, 1, "0505", "N", speed, order, ob, NULL, straight }

static const struct {
	struct mcase	 setup;		/* checks the first ship */
	int		 speed;
	long		 straight, uses, last_max;
	const char	*obligation;
} books[] = {
	{ { .name = "no turn: the straight run carries over",
	    .ships = { BK("nike", 3, "FFF", NULL, 2) } },
	  3, 5, 0, 0, "" },
	{ { .name = "a turn: the run counts from the turn",
	    .ships = { BK("nike", 3, "FRF", NULL, 2) } },
	  2, 1, 0, 0, "" },
	{ { .name = "a trailing turn: the run is 0",
	    .ships = { BK("nike", 3, "FFR", NULL, 2) } },
	  2, 0, 0, 0, "" },
	{ { .name = "backing resets the run",
	    .ships = { BK("nike", 0, "B", NULL, 2) } },
	  -1, 0, 0, 0, "" },
	{ { .name = "holding keeps the run",
	    .ships = { BK("nike", 0, "S0", NULL, 2) } },
	  0, 2, 0, 0, "" },
	{ { .name = "blocked: only hexes moved count",
	    .ships = { BK("nike", 3, "S3", NULL, 2) },
	    .land = { "0503" } }, 3, 3, 0, 0, "" },
	{ { .name = "above cruising speed: a maximum-speed turn",
	    .ships = { { "nike", AT, 0, 1, "0509", "N", 3, "S5", NULL, NULL,
		0 } } },
	  5, 5, 1, 1, "" },
	{ { .name = "a maximum-speed turn counts though a ram cut it short",
	    .ships = { { "hit", AT, 0, 1, "0505", "N", 3, "S5", NULL, NULL, 0 },
	      { "tgt", PE, 0, 1, "0503", "NE", 0, "S0", NULL, NULL, 0 } } },
	  0, 1, 1, 1, "back" },
	{ { .name = "the default order never uses maximum speed",
	    .ships = { { "nike", AT, 0, 1, "0508", "N", 5, NULL, NULL, NULL,
		0 } } },
	  3, 3, 0, 0, "" },
	{ { .name = "obliged to back, and backed: pivot next",
	    .ships = { BK("nike", 0, "B", "back", 0) } },
	  -1, 0, 0, 0, "pivot" },
	{ { .name = "obliged to back, by default: pivot next",
	    .ships = { BK("nike", 0, NULL, "back", 0) } },
	  -1, 0, 0, 0, "pivot" },
	{ { .name = "the pivot lasts one turn",
	    .ships = { BK("nike", -1, "LF", "pivot", 0) } },
	  1, 1, 0, 0, "" },
	{ { .name = "the rammed ship: speed 0, no obligation",
	    .ships = { { "tgt", PE, 0, 1, "0503", "NE", 3, "S0", NULL, NULL,
		4 },
	      { "hit", AT, 0, 1, "0505", "N", 3, "S5", NULL, NULL, 0 } } },
	  0, 4, 0, 0, "" },
};

static void
test_bookkeeping(void **state)
{
	const struct nv_ship	*s;
	struct run		 r;
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof books / sizeof books[0]; i++) {
		run_turn(&books[i].setup, NULL, &r);
		assert_int_equal(r.rc, 0);
		s = out_ship(&r, books[i].setup.ships[0].id);
		if (s->speed != books[i].speed ||
		    s->attr[CL_A_STRAIGHT].i != books[i].straight ||
		    s->attr[CL_A_MAX_USES].i != books[i].uses ||
		    s->attr[CL_A_LAST_MAX].i != books[i].last_max ||
		    strcmp(s->attr[CL_A_OBLIGATION].s,
		    books[i].obligation) != 0)
			fail_msg("%s: speed %d straight %ld uses %ld last-max "
			    "%ld obligation \"%s\"; want %d %ld %ld %ld \"%s\"",
			    books[i].setup.name, s->speed,
			    s->attr[CL_A_STRAIGHT].i,
			    s->attr[CL_A_MAX_USES].i,
			    s->attr[CL_A_LAST_MAX].i,
			    s->attr[CL_A_OBLIGATION].s, books[i].speed,
			    books[i].straight, books[i].uses,
			    books[i].last_max, books[i].obligation);
		run_free(&r);
	}
}

/* ---- determinism, failures, the slip ----------------------------------- */

static char *
dump(const struct run *r)
{
	struct buf	b = BUF_INIT;
	size_t		i, j;
	char		h[8];

	for (i = 0; i < r->ev.n; i++)
		buf_printf(&b, "%d %s %s %s %s\n", r->ev.v[i].phase,
		    r->ev.v[i].kind, r->ev.v[i].ship, r->ev.v[i].other,
		    r->ev.v[i].text);
	for (i = 0; i < r->out->nships; i++) {
		buf_printf(&b, "%s %s %d %d %d", r->out->ships[i].id,
		    hex_format(r->out->ships[i].hex, 2, h),
		    r->out->ships[i].facing, r->out->ships[i].speed,
		    (int)r->out->ships[i].status);
		for (j = 0; j < CL_A_COUNT; j++)
			buf_printf(&b, " %ld/%s", r->out->ships[i].attr[j].i,
			    r->out->ships[i].attr[j].s != NULL ?
			    r->out->ships[i].attr[j].s : "-");
		buf_addc(&b, '\n');
	}
	return buf_detach(&b);
}

static const struct mcase melee = {
	"melee", {
	    SHIP("argo", AT, "0504", "SE", 1, "S1"),
	    SHIP("bia", PE, "0704", "SW", 1, "S1"),
	    SHIP("cyr", PE, "0505", "N", 1, "S1"),
	    SHIP("dion", AT, "0306", "N", 3, "FRFF"),
	    SHIP("eos", PE, "0305", "S", 2, "S2"),
	    SHIP("fox", AT, "0808", "NW", 4, NULL) },
	{ "0302" }, { NULL }, { 0 }, 0, { { NULL, NULL, NULL, NULL, 0 } },
	NULL, NULL, { NULL }, { NULL } };

static void
test_determinism(void **state)
{
	struct nv_dice	*d1 = dice_seeded("42", "test");
	struct nv_dice	*d2 = dice_seeded("42", "test");
	struct run	 r1, r2;
	char		*s1, *s2;

	(void)state;
	run_turn(&melee, d1, &r1);
	run_turn(&melee, d2, &r2);
	assert_int_equal(r1.rc, 0);
	assert_int_equal(r2.rc, 0);
	s1 = dump(&r1);
	s2 = dump(&r2);
	assert_string_equal(s1, s2);
	/* Something happened worth comparing: contacts and rolls. */
	assert_non_null(strstr(s1, " contact "));
	assert_non_null(strstr(s1, " roll "));
	assert_string_equal(r1.contacts, r2.contacts);
	/* The input state is untouched: the output is a clone. */
	assert_int_equal(r1.f.st->turn, 4);
	assert_int_equal(r1.f.st->ships[0].speed, 1);
	free(s1);
	free(s2);
	run_free(&r1);
	run_free(&r2);
	dice_free(d1);
	dice_free(d2);
}

static void
test_dice_run_out(void **state)
{
	struct mcase	mc = cases[9];	/* a tie: two contest dice, two rams,
					   two plug rolls */
	struct run	r;

	(void)state;
	assert_int_equal(cases[9].ndice, 6);
	mc.ndice = 1;
	run_turn(&mc, NULL, &r);
	assert_int_equal(r.rc, -1);
	assert_null(r.out);
	assert_non_null(r.cause);
	run_free(&r);
}

static void
test_slip(void **state)
{
	static const struct mcase mc = {
	    "a redirected step slips beside and carries on", {
		SHIP("hit", AT, "0508", "N", 6, "S6"),
		SHIP("tgt", PE, "0507", "N", 0, "S0") },
	    { NULL }, { NULL }, { 0 }, 0,
	    { OK("hit", "0402", "N", 0), OK("tgt", "0507", "N", 0) },
	    "ram hit tgt", "1:move:hit 1:stop:tgt 2:move:hit 3:move:hit "
	    "4:move:hit 5:move:hit 6:move:hit",
	    { "Phase 1: hit (trireme, athens) slips from 0508 to 0407, "
	      "facing N" }, { NULL } };

	/* Two slips into one hex in one phase: neither takes it (the order
	 * the contacts were handed over in, by id, must not decide). */
	static const struct mcase two = {
	    "two slips into one hex: neither is made", {
		SHIP("a", AT, "0508", "N", 6, "S6"),
		SHIP("b", AT, "0307", "S", 6, "S6"),
		SHIP("ta", PE, "0507", "N", 0, "S0"),
		SHIP("tb", PE, "0308", "S", 0, "S0") },
	    { NULL }, { NULL }, { 0 }, 0,
	    { OK("a", "0508", "N", -9), OK("b", "0307", "S", -9),
	      OK("ta", "0507", "N", 0), OK("tb", "0308", "S", 0) },
	    "ram a ta; ram b tb", NULL,
	    { "Phase 1: a (trireme, athens) and b would both slip into 0407: "
	      "neither does, and a stays in 0508", "Phase 1: b (trireme, "
	      "athens) and a would both slip into 0407: neither does, and b "
	      "stays in 0307" }, { "slips from" } };

	(void)state;
	slip_side = NV_SIDE_PORT_BOW;
	check_case(&mc);
	check_case(&two);
	slip_side = -1;
}

static void
test_names(void **state)
{
	(void)state;
	assert_string_equal(contact_kind_name(NV_CONTACT_RAM), "ram");
	assert_string_equal(contact_kind_name(NV_CONTACT_SAME_HEX),
	    "same-hex");
	assert_string_equal(contact_kind_name(NV_CONTACT_ASTERN), "astern");
	assert_string_equal(contact_kind_name((enum nv_contact_kind)99), "?");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_bookkeeping),
		cmocka_unit_test(test_determinism),
		cmocka_unit_test(test_dice_run_out),
		cmocka_unit_test(test_slip),
		cmocka_unit_test(test_names),
	};
	int	rc;

	rc = cmocka_run_group_tests(tests, NULL, NULL);
	buf_free(&contact_log);
	return rc;
}
