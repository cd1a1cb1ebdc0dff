/* test_classic_ram.c: rams and oar rakes (src/game/classic-ram.c).
 *
 * Each row is one turn played by the real turn engine on the hand-built
 * classic fixture of move_fixture.c (trireme: hull 4, ram +0, cruise 3,
 * max 5, circle 1; bireme: ram -1; crews poor/average/elite at levels
 * 0/1/2; sides athens and persia), with attributes and RAKE orders set
 * before the turn, and the outcome worked out by hand: hexes, speeds,
 * hull, holes, rake marks, obligations, and the event sentences in order.
 * Rulings: shared/rules/classic.md, "Rams"; docs/classic/rams.md. */
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
#include "state.h"
#include "turn.h"
#include "xalloc.h"

#include "move_fixture.h"

/* "attr=value;attr=value": a ship's attributes (classic.h names), and
 * the pseudo-attribute rake-order (this turn's RAKE order). */
struct rset {
	const char	*id;
	const char	*attrs;
};

/* After the turn: hex, facing, status, speed, then attributes as above,
 * and the pseudo-attribute ram-holes: the holes the ship had at the end
 * of the last phase, before the end-of-turn steps (plugging) ran.
 * A sunk ship keeps the speed it had (nothing is recorded for it). */
struct rwant {
	const char	*id, *hex, *facing, *status;
	int		 speed;
	const char	*attrs;
};

struct rcase {
	struct mcase	 mc;		/* ships, land, dice, events, absent */
	struct rset	 set[MAXSHIPS];
	struct rwant	 want[MAXSHIPS];
};

#define TRI(id, side, crew, hex, f, speed, order) \
	{ id, side, 0, crew, hex, f, speed, order, NULL, NULL, 0 }
#define BIR(id, side, crew, hex, f, speed, order) \
	{ id, side, 1, crew, hex, f, speed, order, NULL, NULL, 0 }
#define POOR 0
#define AVG 1
#define ELITE 2

static const struct rcase cases[] = {
	/* ---- rams ---- */
	{ .mc = { .name = "a side ram: 1d6 + 0 hull damage and one hole",
	    .ships = { TRI("hit", AT, AVG, "0505", "N", 1, "S1"),
		TRI("tgt", PE, AVG, "0504", "NE", 0, "S0") },
	    .dice = { 3, 6 }, .ndice = 2,
	    .events = { "hit rolls 1d6=3 for ram damage",
		"Phase 6: hit (trireme, athens) rams tgt (trireme, persia) on "
		"the starboard quarter: 1d6=3 +0 ram = 3 hull damage, 1 hole; "
		"tgt has 1 hull left" },
	    /* The ram's sentence told the damage: no second one. */
	    .absent = { "takes 3 hull damage" } },
	  .want = { { "hit", "0505", "N", "afloat", 0,
		"hull=4;holes=0;obligation=back" },
	      { "tgt", "0504", "NE", "afloat", 0,
		"hull=1;ram-holes=1;obligation=;raked=0" } } },
	{ .mc = { .name = "two maximum-speed turns in a row: +1 damage",
	    .ships = { TRI("hit", AT, AVG, "0508", "N", 4, "S4"),
		TRI("tgt", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "Phase 3: hit (trireme, athens) rams tgt (trireme, "
		"persia) on the starboard quarter: 1d6=2 +0 ram +1 maximum "
		"speed = 3 hull damage, 1 hole; tgt has 1 hull left" } },
	  .set = { { "hit", "last-max=1" } },
	  .want = { { "hit", "0507", "N", "afloat", 0,
		"last-max=1;max-speed-uses=1;obligation=back" },
	      { "tgt", "0506", "NE", "afloat", 0, "hull=1;ram-holes=1" } } },
	{ .mc = { .name = "a maximum-speed turn after a cruising one: no bonus",
	    .ships = { TRI("hit", AT, AVG, "0508", "N", 4, "S4"),
		TRI("tgt", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "1d6=2 +0 ram = 2 hull damage, 1 hole; tgt has 2 "
		"hull left" }, .absent = { "maximum speed =" } },
	  .set = { { "hit", "last-max=0" } },
	  .want = { { "tgt", "0506", "NE", "afloat", 0, "hull=2" } } },
	{ .mc = { .name = "a cruising turn after a maximum-speed one: no bonus",
	    .ships = { TRI("hit", AT, AVG, "0508", "N", 4, "S3"),
		TRI("tgt", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "Phase 4: hit (trireme, athens) rams tgt (trireme, "
		"persia) on the starboard quarter: 1d6=2 +0 ram = 2 hull "
		"damage" }, .absent = { "maximum speed =" } },
	  .set = { { "hit", "last-max=1" } },
	  .want = { { "hit", "0507", "N", "afloat", 0, "last-max=0" },
	      { "tgt", "0506", "NE", "afloat", 0, "hull=2" } } },
	{ .mc = { .name = "a bireme rolling 1 does no damage and no hole",
	    .ships = { BIR("hit", AT, AVG, "0505", "N", 1, "S1"),
		TRI("tgt", PE, AVG, "0504", "NE", 0, "S0") },
	    .dice = { 1 }, .ndice = 1,
	    .events = { "hit (bireme, athens) rams tgt (trireme, persia) on "
		"the starboard quarter: 1d6=1 -1 ram = 0 hull damage, no "
		"hole" }, .absent = { "takes" } },
	  .want = { { "hit", "0505", "N", "afloat", 0, "obligation=back" },
	      { "tgt", "0504", "NE", "afloat", 0, "hull=4;holes=0" } } },
	{ .mc = { .name = "damage equal to the remaining hull sinks",
	    .ships = { TRI("hit", AT, AVG, "0505", "N", 1, "S1"),
		TRI("tgt", PE, AVG, "0504", "NE", 0, "S0") },
	    .dice = { 3 }, .ndice = 1,
	    .events = { "= 3 hull damage, which reaches tgt's remaining hull "
		"of 3: tgt sinks", "tgt (trireme, persia) sinks in 0504 and "
		"becomes a wreck; all hands are lost" } },
	  .set = { { "tgt", "hull=3;marines=2;bows=1" } },
	  .want = { { "hit", "0505", "N", "afloat", 0, "obligation=back" },
	      { "tgt", "0504", "NE", "sunk", 0,
		"hull=0;holes=0;marines=0;bows=0" } } },
	{ .mc = { .name = "damage one below the remaining hull does not sink",
	    .ships = { TRI("hit", AT, AVG, "0505", "N", 1, "S1"),
		TRI("tgt", PE, AVG, "0504", "NE", 0, "S0") },
	    .dice = { 3, 6 }, .ndice = 2, .absent = { "sinks" } },
	  .want = { { "tgt", "0504", "NE", "afloat", 0, "hull=1;ram-holes=1" } } },
	{ .mc = { .name = "a tie: both ram, the damage dice in rammer-id order",
	    .ships = { TRI("aa", AT, AVG, "0505", "S", 1, "S1"),
		TRI("bb", PE, AVG, "0506", "N", 1, "S1") },
	    .dice = { 3, 3, 1, 2, 6, 6 }, .ndice = 6,
	    .events = { "a tie, aa and bb ram each other",
		"aa rolls 1d6=1 for ram damage",
		"bb rolls 1d6=2 for ram damage",
		"= 1 hull damage, 1 hole; bb has 3 hull left",
		"= 2 hull damage, 1 hole; aa has 2 hull left" } },
	  .want = { { "aa", "0505", "S", "afloat", 0,
		"hull=2;ram-holes=1;obligation=back" },
	      { "bb", "0506", "N", "afloat", 0,
		"hull=3;ram-holes=1;obligation=back" } } },
	/* Simultaneous: the ram that sinks bb takes nothing from bb's own. */
	{ .mc = { .name = "a tie: aa's ram sinks bb, and bb's ram is made too",
	    .ships = { TRI("aa", AT, AVG, "0505", "S", 1, "S1"),
		TRI("bb", PE, AVG, "0506", "N", 1, "S1") },
	    .dice = { 3, 3, 1, 2, 6 }, .ndice = 5,
	    .events = { "aa (trireme, athens) rams bb (trireme, persia) on "
		"the bow: 1d6=1 +0 ram = 1 hull damage, which reaches bb's "
		"remaining hull of 1: bb sinks", "bb (trireme, persia) rams "
		"aa (trireme, athens) on the bow: 1d6=2 +0 ram = 2 hull "
		"damage, 1 hole; aa has 2 hull left (bb sinks in this phase "
		"too, but the rams of a phase are simultaneous: its ram is "
		"made)", "bb (trireme, persia) sinks in 0506" },
	    .absent = { "cannot ram" } },
	  .set = { { "bb", "hull=1" } },
	  .want = { { "aa", "0505", "S", "afloat", 0,
		"hull=2;ram-holes=1;obligation=back" },
	      { "bb", "0506", "N", "sunk", 1, "hull=0" } } },
	/* Both rams are made; only the first in rammer-id order does
	 * damage, and both rammers back away next turn. */
	{ .mc = { .name = "two rammers, the target sinks on the first",
	    .ships = { TRI("aa", AT, AVG, "0405", "NE", 1, "S1"),
		TRI("ab", AT, AVG, "0605", "NW", 1, "S1"),
		TRI("tg", PE, AVG, "0505", "N", 0, "S0") },
	    .dice = { 2, 5 }, .ndice = 2,
	    .events = { "ab (trireme, athens) stops in 0605",
		"aa (trireme, athens) rams tg (trireme, persia) on the "
		"port quarter: 1d6=2 +0 ram = 2 hull damage, which reaches "
		"tg's remaining hull of 2: tg sinks", "ab (trireme, athens) "
		"rams tg (trireme, persia) on the starboard quarter: 1d6=5 +0 "
		"ram, but tg has already taken aa's ram that sinks it "
		"(several rams on one ship count in the order of the rammers' "
		"ids) and takes no further rams: no damage" },
	    .absent = { "meets the wreck" } },
	  .set = { { "tg", "hull=2" } },
	  .want = { { "aa", "0405", "NE", "afloat", 0, "obligation=back" },
	      { "ab", "0605", "NW", "afloat", 0, "obligation=back" },
	      { "tg", "0505", "N", "sunk", 0, "" } } },
	/* ta rolls once for 0604 (3), against tb's 1 and tc's 5; tb and tc
	 * are friends and collide.  tb sinks only at the phase's end, so
	 * it still contests the hex: nobody enters. */
	{ .mc = { .name = "three for one hex: one roll each, sinking at the end",
	    .ships = { TRI("ta", AT, AVG, "0504", "SE", 1, "S1"),
		TRI("tb", PE, AVG, "0605", "N", 1, "S1"),
		TRI("tc", PE, AVG, "0704", "SW", 1, "S1") },
	    .dice = { 3, 1, 5, 4, 1, 6 }, .ndice = 6,
	    .events = { "ta rolls 1d6=3 for head-on contest",
		"head-on contest: ta 3 against tb 1: ta wins, its bow strikes "
		"tb", "head-on contest: ta 3 against tc 5: tc wins, its bow "
		"strikes ta", "= 4 hull damage, which reaches tb's remaining "
		"hull of 4: tb sinks", "= 1 hull damage, 1 hole; ta has 3 "
		"hull left" },
	    .absent = { "moves from", "ta rolls 1d6=5" } },
	  .want = { { "ta", "0504", "SE", "afloat", 0,
		"hull=3;ram-holes=1;obligation=back" },
	      { "tb", "0605", "N", "sunk", 1, "" },
	      { "tc", "0704", "SW", "afloat", 0, "obligation=back" } } },

	/* ---- rakes ---- */
	{ .mc = { .name = "RAKE PORT: slip to the port bow, carry on",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .events = { "rk (trireme, athens) will rake instead of ramming "
		"when its crew is the better one, slipping to port (standing "
		"order RAKE PORT)", "Phase 4: rk (trireme, athens) rakes the "
		"oars of tg (trireme, persia) instead of ramming (crew elite "
		"against average; standing order RAKE PORT): tg's cruising "
		"speed is now 2 (was 3), it may no longer use maximum speed, "
		"its turning circle is now 2 (was 1), it cannot board rk, and "
		"it stops for the rest of the turn",
		"Phase 4: rk (trireme, athens) slips from 0507 to 0406, "
		"facing N", "Phase 6: rk (trireme, athens) moves from 0406 to "
		"0405, facing N" },
	    .absent = { "rolls", "rk (trireme, athens) stops" } },
	  .set = { { "rk", "rake-order=port" } },
	  .want = { { "rk", "0405", "N", "afloat", 3,
		"obligation=;rake=port;hull=4;raked=0" },
	      { "tg", "0506", "NE", "afloat", 0,
		"raked=1;raked-by=rk;hull=4;holes=0;obligation=" } } },
	{ .mc = { .name = "RAKE STARBOARD: slip to the starboard bow",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .events = { "rk (trireme, athens) slips from 0507 to 0606" },
	    .absent = { "rolls" } },
	  .set = { { "rk", "rake-order=starboard" } },
	  .want = { { "rk", "0605", "N", "afloat", 3, "rake=starboard" },
	      { "tg", "0506", "NE", "afloat", 0, "raked=1" } } },
	{ .mc = { .name = "RAKE: port bow is land, so starboard",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .land = { "0406" },
	    .events = { "its starboard-bow hex if that is not free",
		"rk (trireme, athens) slips from 0507 to 0606" } },
	  .set = { { "rk", "rake-order=any" } },
	  .want = { { "rk", "0605", "N", "afloat", 3, "rake=any" } } },
	{ .mc = { .name = "RAKE: neither bow hex free, the raker stops",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("fr", AT, AVG, "0606", "N", 0, "S0"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .land = { "0406" },
	    .events = { "rk (trireme, athens) finds 0406 and 0606 blocked and "
		"stays in 0507", "rk (trireme, athens) stops in 0507" } },
	  .set = { { "rk", "rake-order=any" } },
	  .want = { { "rk", "0507", "N", "afloat", 3, "obligation=" },
	      { "tg", "0506", "NE", "afloat", 0, "raked=1" } } },
	{ .mc = { .name = "equal crews: the RAKE order does not apply",
	    .ships = { TRI("rk", AT, AVG, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "rk's standing order RAKE PORT does not apply (its "
		"crew is not better than its target's): it rams",
		"rk rolls 1d6=2 for ram damage" } },
	  .set = { { "rk", "rake-order=port" } },
	  .want = { { "rk", "0507", "N", "afloat", 0, "obligation=back" },
	      { "tg", "0506", "NE", "afloat", 0,
		"raked=0;raked-by=;hull=2;ram-holes=1" } } },
	{ .mc = { .name = "a worse crew never rakes",
	    .ships = { TRI("rk", AT, POOR, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 1, 6 }, .ndice = 2,
	    .events = { "does not apply (its crew is not better" } },
	  .set = { { "rk", "rake=port" } },
	  .want = { { "tg", "0506", "NE", "afloat", 0, "raked=0;hull=3" } } },
	{ .mc = { .name = "the stationary winner of a head-on contest rams",
	    .ships = { TRI("aa", AT, AVG, "0506", "N", 1, "S1"),
		TRI("bb", PE, ELITE, "0505", "S", 0, "S0") },
	    .dice = { 3, 3, 2, 6 }, .ndice = 4,
	    .events = { "head-on contest: aa 3 against bb 3+1=4: bb wins, its bow strikes aa",
		"bb's standing order RAKE does not apply (it did not move "
		"into the contact, so it has no stroke to rake with): it "
		"rams", "1d6=2 +0 ram = 2 hull damage, 1 hole; aa has 2 hull "
		"left" } },
	  .set = { { "bb", "rake=any" } },
	  .want = { { "aa", "0506", "N", "afloat", 0, "raked=0;hull=2" },
	      { "bb", "0505", "S", "afloat", 0, "obligation=back" } } },
	/* The next row with the rammer's id sorting after the raker's:
	 * the same outcome, whichever contact is handed over first. */
	{ .mc = { .name = "a raker rammed in the same phase rakes, no slip",
	    .ships = { TRI("aa", PE, AVG, "0607", "NW", 1, "S1"),
		TRI("rk", AT, ELITE, "0507", "N", 1, "S1"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "rk (trireme, athens) rakes the oars of tg",
		"aa (trireme, persia) rams rk (trireme, athens) on the "
		"starboard quarter: 1d6=2" },
	    .absent = { "slips from", "rk (trireme, athens) rams" } },
	  .set = { { "rk", "rake-order=port" } },
	  .want = { { "aa", "0607", "NW", "afloat", 0, "obligation=back" },
	      { "rk", "0507", "N", "afloat", 0,
		"hull=2;ram-holes=1;obligation=" },
	      { "tg", "0506", "NE", "afloat", 0, "raked=1;raked-by=rk" } } },
	{ .mc = { .name = "a raker rammed later in the round does not slip",
	    .ships = { TRI("rk", AT, ELITE, "0507", "N", 1, "S1"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0"),
		TRI("zz", PE, AVG, "0607", "NW", 1, "S1") },
	    .dice = { 2, 6 }, .ndice = 2,
	    .events = { "rk (trireme, athens) rakes the oars of tg",
		"zz (trireme, persia) rams rk (trireme, athens) on the "
		"starboard quarter: 1d6=2" },
	    .absent = { "slips from" } },
	  .set = { { "rk", "rake-order=port" } },
	  .want = { { "rk", "0507", "N", "afloat", 0,
		"hull=2;ram-holes=1;obligation=" },
	      { "tg", "0506", "NE", "afloat", 0, "raked=1;raked-by=rk" },
	      { "zz", "0607", "NW", "afloat", 0, "obligation=back" } } },
	{ .mc = { .name = "the standing preference in the state applies",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .events = { "(crew elite against average; standing order RAKE "
		"STARBOARD)" }, .absent = { "will rake" } },
	  .set = { { "rk", "rake=starboard" } },
	  .want = { { "rk", "0605", "N", "afloat", 3, "rake=starboard" } } },
	{ .mc = { .name = "RAKE NONE replaces the standing preference",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .dice = { 1, 6 }, .ndice = 2,
	    .events = { "rk (trireme, athens) will ram rather than rake "
		"(standing order RAKE NONE)", "rk rolls 1d6=1 for ram "
		"damage" }, .absent = { "does not apply" } },
	  .set = { { "rk", "rake=port;rake-order=none" } },
	  .want = { { "rk", "0507", "N", "afloat", 0,
		"rake=none;obligation=back" },
	      { "tg", "0506", "NE", "afloat", 0, "raked=0;hull=3" } } },
	{ .mc = { .name = "a second rake adds up and lists both rakers",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") },
	    .events = { "tg's cruising speed is now 1 (was 2), it still may "
		"not use maximum speed, its turning circle is now 3 (was 2)" } },
	  .set = { { "rk", "rake-order=port" },
	      { "tg", "raked=1;raked-by=zz" } },
	  .want = { { "tg", "0506", "NE", "afloat", 0,
		"raked=2;raked-by=zz rk" } } },
	{ .mc = { .name = "the same raker twice is listed once",
	    .ships = { TRI("rk", AT, ELITE, "0508", "N", 3, "S3"),
		TRI("tg", PE, AVG, "0506", "NE", 0, "S0") } },
	  .set = { { "rk", "rake-order=port" },
	      { "tg", "raked=1;raked-by=rk" } },
	  .want = { { "tg", "0506", "NE", "afloat", 0,
		"raked=2;raked-by=rk" } } },
	{ .mc = { .name = "a swap won by the higher id: it rakes (redirect_b)",
	    .ships = { TRI("aa", AT, AVG, "0505", "S", 1, "S1"),
		TRI("bb", PE, ELITE, "0506", "N", 1, "S1") },
	    .dice = { 3, 3 }, .ndice = 2,
	    .events = { "head-on contest: aa 3 against bb 3+1=4: bb wins, its bow strikes aa",
		"bb (trireme, persia) rakes the oars of aa",
		"bb (trireme, persia) slips from 0506 to 0405, facing N" } },
	  .set = { { "bb", "rake-order=port" } },
	  .want = { { "aa", "0505", "S", "afloat", 0,
		"raked=1;raked-by=bb;obligation=" },
	      { "bb", "0405", "N", "afloat", 1, "obligation=" } } },
	{ .mc = { .name = "a tie is never a rake",
	    .ships = { TRI("aa", AT, ELITE, "0505", "S", 1, "S1"),
		TRI("bb", PE, AVG, "0506", "N", 1, "S1") },
	    .dice = { 3, 4, 1, 1, 6, 6 }, .ndice = 6,
	    .events = { "a tie, aa and bb ram each other", "aa's standing "
		"order RAKE does not apply (in a tie both ships ram): it "
		"rams" } },
	  .set = { { "aa", "rake-order=any" } },
	  .want = { { "aa", "0505", "S", "afloat", 0,
		"obligation=back;hull=3" },
	      { "bb", "0506", "N", "afloat", 0,
		"obligation=back;raked=0;hull=3" } } },
	{ .mc = { .name = "a contest for an empty hex won by a raker: no entry",
	    .ships = { TRI("argo", AT, ELITE, "0504", "SE", 1, "S1"),
		TRI("bia", PE, AVG, "0704", "SW", 1, "S1") },
	    .dice = { 3, 2 }, .ndice = 2,
	    .events = { "argo (trireme, athens) slips from 0504 to 0603, "
		"facing SE" }, .absent = { "moves from" } },
	  .set = { { "argo", "rake-order=port" } },
	  .want = { { "argo", "0603", "SE", "afloat", 1, "obligation=" },
	      { "bia", "0704", "SW", "afloat", 0, "raked=1" } } },
};

/* ---- applying and checking attributes ---------------------------------- */

static const struct {
	const char	*name;
	enum nv_attr_kind kind;
} attr_names[] = {
#define X(e, name, kind, min, max) { name, kind },
	CLASSIC_SHIP_ATTRS(X)
#undef X
};

static int
attr_index(const char *name, size_t len)
{
	size_t	i;

	for (i = 0; i < CL_A_COUNT; i++)
		if (strlen(attr_names[i].name) == len &&
		    strncmp(attr_names[i].name, name, len) == 0)
			return (int)i;
	return -1;
}

static const char *
rake_value(const char *v)
{
	static const char *const vals[] = { CL_RAKE_NONE, CL_RAKE_PORT,
	    CL_RAKE_STARBOARD, CL_RAKE_ANY };
	size_t	i;

	for (i = 0; i < 4; i++)
		if (strcmp(v, vals[i]) == 0)
			return vals[i];
	fail_msg("bad rake-order value \"%s\"", v);
	return NULL;
}

/* Calls fn(name, namelen, value) for each "name=value" of list. */
static void
each_attr(const char *list, void (*fn)(const char *, size_t, const char *,
    void *), void *arg)
{
	char	*copy = xstrdup(list), *p = copy, *semi, *eq;

	while (*p != '\0') {
		semi = strchr(p, ';');
		if (semi != NULL)
			*semi = '\0';
		eq = strchr(p, '=');
		if (eq == NULL)
			fail_msg("bad attribute \"%s\"", p);
		fn(p, (size_t)(eq - p), eq + 1, arg);
		if (semi == NULL)
			break;
		p = semi + 1;
	}
	free(copy);
}

struct setting {
	struct fx	*f;
	int		 ship;
};

static void
set_one(const char *name, size_t len, const char *value, void *arg)
{
	struct setting	*st = arg;
	struct nv_ship	*s = &st->f->st->ships[st->ship];
	int		 a;

	if (len == 10 && strncmp(name, "rake-order", 10) == 0) {
		st->f->co.ships[st->ship].rake = rake_value(value);
		return;
	}
	if ((a = attr_index(name, len)) < 0)
		fail_msg("unknown attribute %.*s", (int)len, name);
	if (attr_names[a].kind == NV_ATTR_INT)
		s->attr[a].i = strtol(value, NULL, 10);
	else {
		free(s->attr[a].s);
		s->attr[a].s = xstrdup(value);
	}
}

static const struct rcase *current;

/* Holes of every ship when the phases are over (see ram-holes). */
static struct {
	char	id[sizeof ((struct nv_ship *)0)->id];
	long	holes;
} snap[MAXSHIPS];

static int
end_snapshot(struct nv_turn *t, char **cause)
{
	size_t	i;

	for (i = 0; i < t->st->nships && i < MAXSHIPS; i++) {
		memcpy(snap[i].id, t->st->ships[i].id, sizeof snap[i].id);
		snap[i].holes = t->st->ships[i].attr[CL_A_HOLES].i;
	}
	return classic_end(t, cause);
}

static long
snap_holes(const char *id)
{
	size_t	i;

	for (i = 0; i < MAXSHIPS; i++)
		if (strcmp(snap[i].id, id) == 0)
			return snap[i].holes;
	fail_msg("no snapshot of %s", id);
	return -1;
}

static void
setup(struct fx *f)
{
	struct setting	st;
	size_t		i;

	memset(snap, 0, sizeof snap);
	f->ops.end = end_snapshot;
	st.f = f;
	for (i = 0; i < MAXSHIPS && current->set[i].id != NULL; i++) {
		st.ship = state_ship_index(f->st, current->set[i].id);
		assert_true(st.ship >= 0);
		each_attr(current->set[i].attrs, set_one, &st);
	}
}

struct checking {
	const struct rcase	*rc;
	const struct nv_ship	*s;
	const char		*log;
};

static void
check_one(const char *name, size_t len, const char *want, void *arg)
{
	struct checking	*ck = arg;
	const struct nv_ship *s = ck->s;
	int		 a = attr_index(name, len);
	char		*g;

	if (len == 9 && strncmp(name, "ram-holes", 9) == 0) {
		if (snap_holes(s->id) != strtol(want, NULL, 10))
			fail_msg("%s: %s had %ld holes after the phases, want "
			    "%s\n%s", ck->rc->mc.name, s->id,
			    snap_holes(s->id), want, ck->log);
		return;
	}
	if (a < 0)
		fail_msg("unknown attribute %.*s", (int)len, name);
	if (attr_names[a].kind == NV_ATTR_INT)
		g = xasprintf("%ld", s->attr[a].i);
	else
		g = xstrdup(s->attr[a].s != NULL ? s->attr[a].s : "");
	if (strcmp(g, want) != 0)
		fail_msg("%s: %s %.*s is \"%s\", want \"%s\"\n%s",
		    ck->rc->mc.name, s->id, (int)len, name, g, want, ck->log);
	free(g);
}

static char *
event_log(const struct run *r)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 0; i < r->ev.n; i++)
		buf_printf(&b, "  [%s] %s\n", r->ev.v[i].kind, r->ev.v[i].text);
	return buf_detach(&b);
}

static void
check_ship(const struct rcase *rc, const struct rwant *w,
    const struct run *r, const char *log)
{
	const struct nv_ship	*s = out_ship(r, w->id);
	struct checking		 ck = { rc, s, log };
	char			 h[8];

	hex_format(s->hex, 2, h);
	if (strcmp(h, w->hex) != 0 || strcmp(dir_name(s->facing),
	    w->facing) != 0 || strcmp(status_name(s->status), w->status) != 0 ||
	    s->speed != w->speed)
		fail_msg("%s: %s is %s %s %s speed %d, want %s %s %s speed "
		    "%d\n%s", rc->mc.name, s->id, h, dir_name(s->facing),
		    status_name(s->status), s->speed, w->hex, w->facing,
		    w->status, w->speed, log);
	if (w->attrs[0] != '\0')
		each_attr(w->attrs, check_one, &ck);
}

/* Every wanted sentence, in this order; no absent one anywhere. */
static void
check_sentences(const struct rcase *rc, const struct run *r,
    const char *log)
{
	const struct mcase	*mc = &rc->mc;
	size_t			 i, k = 0;
	int			 found;

	for (i = 0; i < MAXLIST && mc->events[i] != NULL; i++) {
		for (found = 0; k < r->ev.n && !found; k++)
			found = strstr(r->ev.v[k].text, mc->events[i]) != NULL;
		if (!found)
			fail_msg("%s: no event (in order) with \"%s\":\n%s",
			    mc->name, mc->events[i], log);
	}
	for (i = 0; i < MAXLIST && mc->absent[i] != NULL; i++)
		for (k = 0; k < r->ev.n; k++)
			if (strstr(r->ev.v[k].text, mc->absent[i]) != NULL)
				fail_msg("%s: unexpected event \"%s\"",
				    mc->name, r->ev.v[k].text);
}

static void
run_case(const struct rcase *rc)
{
	struct nv_dice	*dice;
	struct run	 r;
	size_t		 i;
	char		*log;

	current = rc;
	fx_setup = setup;
	/* A row without a script rolls nothing: an empty script fails the
	 * turn at the first roll. */
	dice = rc->mc.ndice > 0 ? dice_script(rc->mc.dice, rc->mc.ndice) :
	    dice_script(NULL, 0);
	run_turn(&rc->mc, dice, &r);
	fx_setup = NULL;
	if (r.rc != 0)
		fail_msg("%s: turn failed: %s", rc->mc.name, r.cause);
	log = event_log(&r);
	for (i = 0; i < MAXSHIPS && rc->want[i].id != NULL; i++)
		check_ship(rc, &rc->want[i], &r, log);
	check_sentences(rc, &r, log);
	free(log);
	run_free(&r);
	dice_free(dice);
}

static void
test_cases(void **state)
{
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
}

/* A row whose script is one die short fails the turn cleanly: the ram's
 * damage roll really is rolled, after the contest. */
static void
test_damage_is_rolled(void **state)
{
	struct rcase	rc = cases[7];	/* a tie: four dice */
	struct nv_dice	*dice;
	struct run	 r;

	(void)state;
	assert_int_equal(rc.mc.ndice, 6);
	dice = dice_script(rc.mc.dice, 3);
	current = &rc;
	fx_setup = setup;
	run_turn(&rc.mc, dice, &r);
	fx_setup = NULL;
	assert_int_equal(r.rc, -1);
	assert_null(r.out);
	assert_non_null(strstr(r.cause, "ram damage"));
	run_free(&r);
	dice_free(dice);
}

/* ---- the raked figures (classic-figures.c, classic.xml <rake>) --------- */

static const struct {
	int	raked;
	int	cruise_mod, circle_mod, keeps_max;
	int	cruise, max, circle;
} figures[] = {
	/* trireme of the fixture, average crew: cruise 3, max 5, circle 1 */
	{ 0, -1, 1, 0, 3, 5, 1 },
	{ 1, -1, 1, 0, 2, 2, 2 },
	{ 2, -1, 1, 0, 1, 1, 3 },
	{ 4, -1, 1, 0, 0, 0, 5 },	/* cruise not below 0 */
	{ 1, -1, 1, 1, 2, 5, 2 },	/* a GM's rules: max speed kept */
	{ 1, -2, 0, 0, 1, 1, 1 },	/* a GM's rules: -2 cruise, circle */
};

static void
test_figures(void **state)
{
	static const struct mcase	mc = { .name = "figures",
	    .ships = { TRI("nike", AT, AVG, "0505", "N", 0, "S0") } };
	struct run	 r;
	struct nv_ship	*s;
	size_t		 i;

	(void)state;
	run_turn(&mc, NULL, &r);
	assert_int_equal(r.rc, 0);
	s = &r.out->ships[0];
	for (i = 0; i < sizeof figures / sizeof figures[0]; i++) {
		s->attr[CL_A_RAKED].i = figures[i].raked;
		r.f.cd.rake_cruise = figures[i].cruise_mod;
		r.f.cd.rake_turn_circle = figures[i].circle_mod;
		r.f.cd.rake_keeps_max = figures[i].keeps_max;
		assert_int_equal(classic_cruise(&r.f.rs, s), figures[i].cruise);
		assert_int_equal(classic_max_speed(&r.f.rs, s),
		    figures[i].max);
		assert_int_equal(classic_turn_circle(&r.f.rs, s),
		    figures[i].circle);
	}
	run_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_damage_is_rolled),
		cmocka_unit_test(test_figures),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
