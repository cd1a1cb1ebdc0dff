/* test_seam.c: the ruleset seam, proven by a ruleset unlike classic.
 *
 * The test suite's throwaway module (tests/ruleset/proof-ruleset.c, see
 * proof.h) is loaded from its data file and schema, its scenarios from
 * state XML, its orders through the common parser, and turns are played
 * with turn_play(): the paths navarch takes for classic.  Every
 * expectation below is worked out by hand from proof.h's rules and the
 * map convention (docs/hex.md: odd columns half a hex up). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "orders.h"
#include "proof.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* ---- fixtures ------------------------------------------------------------ */

static struct datafix	fx;

static int
setup(void **state)
{
	(void)state;
	datafix_load_ops(&fx, &proof_ops, "../tests/ruleset/proof.xml",
	    "../tests/ruleset/ruleset-proof.rng");
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	datafix_release(&fx);
	return 0;
}

/* A scenario on a 10 x 10 map, sides blue and red: extra is what goes
 * between the sides and the ships (a <game> element goes first), ships
 * the <ship> and <marker> lines. */
static char *
scenario(const char *game, const char *land, const char *ships)
{
	return xasprintf("<?xml version=\"1.0\"?>\n"
	    "<scenario ruleset=\"proof\" turn=\"1\">\n%s"
	    "<map columns=\"10\" rows=\"10\">%s</map>\n"
	    "<side id=\"blue\" nation=\"blue\" crew=\"green\"/>\n"
	    "<side id=\"red\" nation=\"red\" crew=\"green\"/>\n%s"
	    "</scenario>\n", game != NULL ? game : "", land != NULL ? land : "",
	    ships);
}

struct played {
	struct nv_state		*in;
	struct nv_state		*out;
	struct nv_events	 ev;
	struct nv_dice		*dice;
	char			*cause;
	int			 rc;
};

/* Plays one turn of the scenario with the orders (blue's and red's
 * lines, each file headed by its SIDE) and a dice script. */
static void
play(struct played *p, const char *game, const char *land,
    const char *ships, const char *blue, const char *red, const int *dice,
    size_t ndice)
{
	char		*xml = scenario(game, land, ships), *text;
	struct nv_orders *o;
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;

	memset(p, 0, sizeof *p);
	p->ev = (struct nv_events)NV_EVENTS_INIT;
	p->in = datafix_state(&fx, xml);
	free(xml);
	o = orders_new(p->in);
	text = xasprintf("SIDE blue\n%s", blue != NULL ? blue : "");
	(void)orders_parse(o, "blue.txt", text, strlen(text), &d);
	free(text);
	text = xasprintf("SIDE red\n%s", red != NULL ? red : "");
	(void)orders_parse(o, "red.txt", text, strlen(text), &d);
	free(text);
	(void)orders_validate(o, &d);
	if (d.errors > 0) {
		diag_format(&d, &b);
		fail_msg("orders: %s", buf_str(&b));
	}
	diag_free(&d);
	p->dice = dice_script(dice, ndice);
	p->rc = turn_play(p->in, o, p->dice, &p->out, &p->ev, &p->cause);
	orders_free(o);
	if (p->rc != 0)
		fail_msg("turn_play: %s", p->cause);
}

static void
played_free(struct played *p)
{
	state_free(p->out);
	state_free(p->in);
	events_free(&p->ev);
	dice_free(p->dice);
	free(p->cause);
}

/* Index of the first event whose text contains s, or -1. */
static int
event_at(const struct played *p, const char *s)
{
	size_t	k;

	for (k = 0; k < p->ev.n; k++)
		if (strstr(p->ev.v[k].text, s) != NULL)
			return (int)k;
	return -1;
}

static void
has_event(const struct played *p, const char *s)
{
	size_t	k;

	if (event_at(p, s) >= 0)
		return;
	for (k = 0; k < p->ev.n; k++)
		print_message("  %s: %s\n", p->ev.v[k].kind, p->ev.v[k].text);
	fail_msg("no event contains \"%s\"", s);
}

static int
kind_count(const struct played *p, const char *kind)
{
	size_t	k;
	int	n = 0;

	for (k = 0; k < p->ev.n; k++)
		n += strcmp(p->ev.v[k].kind, kind) == 0;
	return n;
}

static const struct nv_ship *
ship(const struct played *p, const char *id)
{
	int	i = state_ship_index(p->out, id);

	assert_true(i >= 0);
	return &p->out->ships[i];
}

static void
at(const struct played *p, const char *id, const char *hex,
    const char *facing)
{
	const struct nv_ship	*s = ship(p, id);
	char			 h[8];

	assert_string_equal(state_hex_name(p->out, s->hex, h), hex);
	if (facing != NULL)
		assert_string_equal(dir_name(s->facing), facing);
}

static char *
saved(const struct nv_state *st)
{
	struct buf	b = BUF_INIT;

	state_xml_save(st, &b);
	return buf_detach(&b);
}

/* Dice for the end of a turn: blue's and red's pools of three, no 1. */
#define POOLS 5, 5, 5, 5, 5, 5

/* ---- the plot ------------------------------------------------------------ */

/* Speed 3 (three steps) moves in phases 2, 3, 4; the turn takes the
 * first of them: no move in phase 2. */
static void
test_timed_turns(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n", "SHIP b1 MOVE L F F\n", NULL, dice, 6);
	has_event(&p, "Phase 2: b1 (galley, blue) turns to port in 0505, "
	    "now facing NW");
	has_event(&p, "Phase 3: b1 (galley, blue) moves from 0505 to 0404, "
	    "facing NW");
	has_event(&p, "Phase 4: b1 (galley, blue) moves from 0404 to 0304, "
	    "facing NW");
	assert_int_equal(event_at(&p, "Phase 2: b1 (galley, blue) moves"),
	    -1);
	at(&p, "b1", "0304", "NW");
	played_free(&p);
}

/* B B: astern in phases 2 and 4, facing kept.  P: into the port-bow hex,
 * turning to port with it.  W: a slot spent in place. */
static void
test_astern_diagonal_wait(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b2\" side=\"blue\" class=\"galley\" hex=\"0805\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b3\" side=\"blue\" class=\"galley\" hex=\"0208\" "
	    "facing=\"N\"/>\n",
	    "SHIP b1 MOVE B B\nSHIP b2 MOVE P\nSHIP b3 MOVE W F\n", NULL,
	    dice, 6);
	has_event(&p, "Phase 2: b1 (galley, blue) backs from 0505 to 0506, "
	    "facing N");
	has_event(&p, "Phase 4: b1 (galley, blue) backs from 0506 to 0507, "
	    "facing N");
	at(&p, "b1", "0507", "N");
	has_event(&p, "Phase 4: b2 (galley, blue) moves from 0805 to 0705, "
	    "facing NW");
	at(&p, "b2", "0705", "NW");
	/* Speed 2 moves in phases 2 and 4: the wait is phase 2's. */
	assert_int_equal(event_at(&p, "Phase 2: b3"), -1);
	has_event(&p, "Phase 4: b3 (galley, blue) moves from 0208 to 0207");
	played_free(&p);
}

/* Speed 5 moves twice in phase 4: two rounds, each ended by round_end. */
static void
test_two_rounds(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;
	int			 r1, r2, m1, m2;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0509\" "
	    "facing=\"N\"/>\n", "SHIP b1 MOVE FFFFF\n", NULL, dice, 6);
	r1 = event_at(&p, "round 1 of phase 4 ends");
	r2 = event_at(&p, "round 2 of phase 4 ends");
	m1 = event_at(&p, "Phase 4: b1 (galley, blue) moves from 0506 to 0505");
	m2 = event_at(&p, "Phase 4: b1 (galley, blue) moves from 0505 to 0504");
	assert_true(m1 >= 0 && m1 < r1 && r1 < m2 && m2 < r2);
	has_event(&p, "Phase 3: b1 (galley, blue) moves from 0507 to 0506");
	at(&p, "b1", "0504", "N");
	/* One round in phases 1 to 3, two in phase 4. */
	assert_int_equal(kind_count(&p, "round-end"), 5);
	played_free(&p);
}

/* ---- contacts ------------------------------------------------------------ */

/* Backing into an enemy: kind astern, a collision without a ram; the two
 * are in contact afterwards. */
static void
test_astern_contact(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0506\" "
	    "facing=\"S\"/>\n", "SHIP b1 MOVE B\n", NULL, dice, 6);
	has_event(&p, "b1 (galley, blue) and r1 (galley, red) collide "
	    "(astern), without a ram");
	assert_int_equal(ship(&p, "r1")->attr[PROOF_A_HITS].i, 0);
	assert_string_equal(ship(&p, "b1")->attr[PROOF_A_CONTACT].s, "r1");
	assert_string_equal(ship(&p, "r1")->attr[PROOF_A_CONTACT].s, "b1");
	at(&p, "b1", "0505", "N");
	played_free(&p);
}

/* Ships in contact when the turn began do not ram: the block outcome
 * (an obstacle, no contact): event `blocked`, no `stop`, no hit. */
static void
test_block(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\" contact=\"r1\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0504\" "
	    "facing=\"SE\" contact=\"b1\"/>\n", "SHIP b1 MOVE F F\n", NULL,
	    dice, 6);
	has_event(&p, "Phase 2: b1 (galley, blue) cannot enter 0504 (a ship "
	    "it already touches) and stops in 0505 for the rest of the turn");
	assert_int_equal(kind_count(&p, "ram"), 0);
	assert_int_equal(kind_count(&p, "stop"), 0);
	assert_int_equal(ship(&p, "r1")->attr[PROOF_A_HITS].i, 0);
	at(&p, "b1", "0505", "N");
	played_free(&p);
}

/* A ram that does not sink pushes the target on (move_force inside the
 * contact hook); one that sinks eliminates it (no wreck) and scores the
 * rammer's side in its ledger. */
static void
test_ram_push_and_sink(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;
	char			*xml;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0504\" "
	    "facing=\"SE\"/>\n", "SHIP b1 MOVE F\n", NULL, dice, 6);
	has_event(&p, "Phase 4: b1 (galley, blue) rams r1 (galley, red): 1 "
	    "hit");
	has_event(&p, "Phase 4: r1 (galley, red) is pushed from 0504 to 0503, "
	    "facing SE");
	at(&p, "r1", "0503", "SE");
	at(&p, "b1", "0505", "N");
	/* No longer side by side: the contact ended with the turn. */
	assert_string_equal(ship(&p, "b1")->attr[PROOF_A_CONTACT].s, "");
	played_free(&p);

	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0504\" "
	    "facing=\"SE\" hits=\"1\"/>\n", "SHIP b1 MOVE F\n", NULL, dice, 6);
	has_event(&p, "Phase 4: r1 (galley, red) in 0504 sinks");
	assert_int_equal(ship(&p, "r1")->status, NV_STATUS_SUNK);
	assert_int_equal(p.out->nwrecks, 0);
	assert_int_equal(p.out->sides[0].attr[PROOF_S_VP].i, 3);
	xml = saved(p.out);
	assert_non_null(strstr(xml, "<side id=\"blue\" nation=\"blue\" "
	    "crew=\"green\" vp=\"3\" dice=\"5 5 5\"/>"));
	free(xml);
	played_free(&p);
}

/* The hex beyond holds a ship: the push is refused (move_force says
 * why), and no two ships share a hex. */
static void
test_push_refused(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0504\" "
	    "facing=\"SE\"/>\n"
	    "<ship id=\"r2\" side=\"red\" class=\"galley\" hex=\"0503\" "
	    "facing=\"N\"/>\n", "SHIP b1 MOVE F\n", NULL, dice, 6);
	has_event(&p, "Phase 4: r1 (galley, red) cannot be pushed into 0503");
	at(&p, "r1", "0504", "SE");
	at(&p, "r2", "0503", "N");
	assert_int_equal(ship(&p, "r1")->attr[PROOF_A_HITS].i, 1);
	played_free(&p);
}

/* Two contacts of one wave: by id, b1's comes first; red holds the
 * initiative, so the contact key puts r2's first. */
static void
test_contact_key(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;
	int			 blue, red;

	(void)state;
	play(&p, "<game initiative=\"red\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0205\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b9\" side=\"blue\" class=\"galley\" hex=\"0804\" "
	    "facing=\"SE\"/>\n"
	    "<ship id=\"r2\" side=\"red\" class=\"galley\" hex=\"0805\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r9\" side=\"red\" class=\"galley\" hex=\"0204\" "
	    "facing=\"SE\"/>\n", "SHIP b1 MOVE F\n", "SHIP r2 MOVE F\n",
	    dice, 6);
	blue = event_at(&p, "b1 (galley, blue) rams r9");
	red = event_at(&p, "r2 (galley, red) rams b9");
	assert_true(blue >= 0 && red >= 0);
	assert_true(red < blue);
	played_free(&p);
}

/* No initiative yet: phase_begin rolls for it (blue 3, red 5) and the
 * game attribute keeps it. */
static void
test_initiative_rolled(void **state)
{
	static const int	 dice[] = { 3, 5, POOLS };
	struct played		 p;
	char			*xml;

	(void)state;
	play(&p, NULL, NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n", NULL, NULL, dice, 8);
	has_event(&p, "blue rolls 1d6=3 for initiative");
	has_event(&p, "red holds the initiative");
	xml = saved(p.out);
	assert_non_null(strstr(xml, "  <game initiative=\"red\" wind=\"0\"/>\n"
	    "  <map"));
	free(xml);
	played_free(&p);
}

/* ---- the map ------------------------------------------------------------- */

static void
test_terrain(void **state)
{
	static const int	 dice[] = { 4, 2, POOLS };
	struct played		 p;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", "<land hex=\"0504\"/>",
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b2\" side=\"blue\" class=\"galley\" hex=\"0101\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b3\" side=\"blue\" class=\"galley\" hex=\"0808\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b4\" side=\"blue\" class=\"galley\" hex=\"0208\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b5\" side=\"blue\" class=\"galley\" hex=\"0408\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"b6\" side=\"blue\" class=\"galley\" hex=\"1008\" "
	    "facing=\"N\"/>\n"
	    "<marker hex=\"0807\" kind=\"hulk\"/>\n"
	    "<marker hex=\"0207\" kind=\"debris\"/>\n"
	    "<marker hex=\"0407\" kind=\"debris\"/>\n"
	    "<marker hex=\"1007\" kind=\"buoy\"/>\n",
	    "SHIP b1 MOVE F\nSHIP b2 MOVE F\nSHIP b3 MOVE F\nSHIP b4 MOVE F\n"
	    "SHIP b5 MOVE F\nSHIP b6 MOVE F\n", NULL, dice, 8);
	has_event(&p, "Phase 4: b1 (galley, blue) in 0505 steps into 0504 "
	    "(land) and sinks");
	assert_int_equal(ship(&p, "b1")->status, NV_STATUS_SUNK);
	has_event(&p, "Phase 4: b2 (galley, blue) cannot enter the hex off "
	    "the map (the edge of the map) and stops in 0101");
	assert_int_equal(ship(&p, "b2")->status, NV_STATUS_AFLOAT);
	has_event(&p, "Phase 4: b3 (galley, blue) cannot enter 0807 (a "
	    "burning hulk)");
	/* Debris: b4 rolls 4 and passes, b5 rolls 2 and is blocked. */
	has_event(&p, "b4 rolls 1d6=4 for debris");
	at(&p, "b4", "0207", "N");
	has_event(&p, "b5 (galley, blue) cannot enter 0407 (debris)");
	at(&p, "b5", "0408", "N");
	/* A buoy is no obstacle: a ship may share its hex. */
	at(&p, "b6", "1007", "N");
	played_free(&p);

	/* Aground: speed 2 (phases 2 and 4) runs onto the shoal in phase 2,
	 * enters its hex and stops there. */
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0508\" "
	    "facing=\"N\"/>\n<marker hex=\"0507\" kind=\"shoal\"/>\n",
	    "SHIP b1 MOVE F F\n", NULL, dice + 2, 6);
	has_event(&p, "Phase 2: b1 (galley, blue) moves from 0508 to 0507, "
	    "facing N");
	has_event(&p, "Phase 2: b1 (galley, blue) stops in 0507 for the rest "
	    "of the turn");
	at(&p, "b1", "0507", "N");
	played_free(&p);
}

/* ---- statuses, dice, the state file -------------------------------------- */

static void
test_module_status(void **state)
{
	static const int	 dice[] = { POOLS };
	struct played		 p;
	struct nv_state		*back;
	char			*xml, *again;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n", "SHIP b1 FLEE\n", NULL, dice, 6);
	has_event(&p, "b1 (galley, blue) in 0505 hoists sail and flees the "
	    "battle");
	assert_int_equal(ship(&p, "b1")->status, NV_STATUS_COUNT +
	    PROOF_STATUS_FLED);
	assert_false(ship_on_map(ship(&p, "b1")));
	assert_string_equal(ruleset_status_fate(fx.rs, ship(&p, "b1")->status),
	    "fled the battle");
	xml = saved(p.out);
	assert_non_null(strstr(xml, "status=\"fled\""));
	back = datafix_state(&fx, xml);
	again = saved(back);
	assert_string_equal(again, xml);
	free(again);
	state_free(back);
	free(xml);
	played_free(&p);
}

/* The command dice rolled ahead: one pool event per side with the
 * naturals counted, a 1 re-rolled and recorded as a re-roll. */
static void
test_pools_and_rerolls(void **state)
{
	static const int	 dice[] = { 10, 1, 7, 6, 2, 2, 2 };
	const struct nv_roll	*r;
	struct played		 p;
	size_t			 n;

	(void)state;
	play(&p, "<game initiative=\"blue\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\"/>\n", NULL, NULL, dice, 7);
	has_event(&p, "blue rolls 3d10 for command dice: 1 7 10 (natural 1: "
	    "1, natural 10: 1)");
	has_event(&p, "blue re-rolls the 1 of 1d10 for command dice: 6");
	has_event(&p, "red rolls 3d10 for command dice: 2 2 2 (natural 1: 0, "
	    "natural 10: 0)");
	assert_string_equal(p.out->sides[0].attr[PROOF_S_DICE].s, "6 7 10");
	r = dice_rolls(p.dice, &n);
	assert_int_equal(n, 7);
	assert_int_equal(r[0].flags, NV_ROLL_POOL);
	assert_int_equal(r[2].flags, NV_ROLL_POOL);
	assert_int_equal(r[3].flags, NV_ROLL_REROLL);
	assert_string_equal(r[3].purpose, "command dice (re-roll)");
	assert_int_equal(r[4].flags, NV_ROLL_POOL);
	played_free(&p);
}

/* Side, game and marker data round-trip canonically: markers sorted,
 * module attributes after the common ones, loading the output and
 * saving it again gives the same bytes. */
static void
test_state_roundtrip(void **state)
{
	char		*xml, *out, *again;
	struct nv_state	*st, *back;

	(void)state;
	xml = scenario("<game wind=\"2\" initiative=\"red\"/>\n", NULL,
	    "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex=\"0505\" "
	    "facing=\"N\" contact=\"r1\"/>\n"
	    "<ship id=\"r1\" side=\"red\" class=\"galley\" hex=\"0504\" "
	    "facing=\"S\" contact=\"b1\" hits=\"1\"/>\n"
	    /* A ship that fled across the edge stands at column 0:
	     * saved as read (it was "????", which no loader read). */
	    "<ship id=\"r2\" side=\"red\" class=\"galley\" hex=\"0004\" "
	    "facing=\"NW\" status=\"fled\"/>\n"
	    "<marker hex=\"0707\" kind=\"debris\" value=\"2\"/>\n"
	    "<marker hex=\"0303\" kind=\"hulk\" ship=\"r1\"/>\n");
	st = datafix_state(&fx, xml);
	st->sides[1].attr[PROOF_S_VP].i = 12;
	out = saved(st);
	assert_non_null(strstr(out, "  <game initiative=\"red\" wind=\"2\"/>"));
	assert_non_null(strstr(out, "<side id=\"red\" nation=\"red\" "
	    "crew=\"green\" vp=\"12\" dice=\"\"/>"));
	assert_non_null(strstr(out, "  <marker hex=\"0303\" kind=\"hulk\" "
	    "ship=\"r1\"/>\n  <marker hex=\"0707\" kind=\"debris\" "
	    "value=\"2\"/>\n"));
	assert_non_null(strstr(out, "<ship id=\"r2\" side=\"red\" owner="
	    "\"red\" class=\"galley\" crew=\"green\" hex=\"0004\""));
	back = datafix_state(&fx, out);
	again = saved(back);
	assert_string_equal(again, out);
	free(again);
	free(out);
	state_free(back);
	state_free(st);
	free(xml);
}

/* Every bad value of the module's tables is an error with its line and
 * what would be legal. */
static void
test_state_errors(void **state)
{
	static const struct {
		const char *game, *ships, *want;
	} rows[] = {
		{ "<game colour=\"blue\"/>\n", "", "t.xml:3: <game>: unknown "
		  "attribute colour for ruleset proof" },
		{ "<game initiative=\"green\"/>\n", "", "<game initiative="
		  "\"green\">: not a side" },
		{ "<game wind=\"9\"/>\n", "", "<game wind=\"9\">: expected a "
		  "whole number from 0 to 5" },
		{ "", "<marker hex=\"0505\" kind=\"reef\"/>\n", "<marker kind="
		  "\"reef\">: legal in ruleset proof: hulk, debris, buoy, "
		  "shoal" },
		{ "", "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex="
		  "\"0505\" facing=\"N\" status=\"gone\"/>\n", "status=\"gone\""
		  ">: legal: afloat, sunk, captured, exited, fled" },
		{ "", "<ship id=\"b1\" side=\"blue\" class=\"galley\" hex="
		  "\"0505\" facing=\"N\" contact=\"zz\"/>\n", "\"zz\" is not "
		  "a ship" },
	};
	struct diag	 d;
	struct buf	 b;
	char		*xml;
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		d = (struct diag)DIAG_INIT;
		b = (struct buf)BUF_INIT;
		xml = scenario(rows[i].game, NULL, rows[i].ships);
		assert_null(state_xml_load(fx.rs, "t.xml", xml, strlen(xml),
		    fx.rng, fx.rnglen, &d));
		diag_format(&d, &b);
		if (strstr(buf_str(&b), rows[i].want) == NULL)
			fail_msg("row %zu: wanted \"%s\" in:\n%s", i,
			    rows[i].want, buf_str(&b));
		buf_free(&b);
		diag_free(&d);
		free(xml);
	}
	/* A side attribute the module does not have. */
	d = (struct diag)DIAG_INIT;
	b = (struct buf)BUF_INIT;
	xml = xasprintf("<?xml version=\"1.0\"?>\n<scenario ruleset=\"proof\" "
	    "turn=\"1\"><map columns=\"5\" rows=\"5\"/>\n<side id=\"blue\" "
	    "nation=\"blue\" crew=\"green\" gold=\"3\"/>\n</scenario>\n");
	assert_null(state_xml_load(fx.rs, "t.xml", xml, strlen(xml), fx.rng,
	    fx.rnglen, &d));
	diag_format(&d, &b);
	assert_non_null(strstr(buf_str(&b), "t.xml:3: <side id=\"blue\">: "
	    "unknown attribute gold for ruleset proof"));
	buf_free(&b);
	diag_free(&d);
	free(xml);
}

/* The common shapes of a step, and the slots of a speed. */
static void
test_plot(void **state)
{
	struct nv_plot	p;

	(void)state;
	plot_clear(&p);
	assert_int_equal(plot_schedule_speed(&p, fx.rs, 5), 5);
	assert_int_equal(p.slots[3].phase, 4);
	assert_int_equal(p.slots[3].round, 0);
	assert_int_equal(p.slots[4].phase, 4);
	assert_int_equal(p.slots[4].round, 1);
	assert_int_equal(plot_last_phase(&p), 4);
	/* Slots stay in time order and are not doubled. */
	assert_int_equal(plot_add_slot(&p, 1, 0), 0);
	assert_int_equal(p.nslots, 5);
	assert_int_equal(plot_add_slot(&p, 3, 2), 0);
	assert_int_equal(p.slots[3].phase, 3);
	assert_int_equal(p.slots[3].round, 2);
	assert_int_equal(plot_add_slot(&p, 0, 0), -1);
	assert_true(step_is_astern(step_astern()));
	assert_true(step_is_astern(step_diagonal(NV_SIDE_PORT_QUARTER, 1)));
	assert_false(step_is_astern(step_forward()));
	assert_false(step_is_astern(step_turn(1, 1)));
	/* A step that travels always takes time. */
	plot_clear(&p);
	assert_int_equal(plot_add_step(&p, (struct nv_step){ NV_SIDE_BOW, 0,
	    0, 0 }), 0);
	assert_int_equal(p.steps[0].cost, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plot),
		cmocka_unit_test(test_timed_turns),
		cmocka_unit_test(test_astern_diagonal_wait),
		cmocka_unit_test(test_two_rounds),
		cmocka_unit_test(test_astern_contact),
		cmocka_unit_test(test_block),
		cmocka_unit_test(test_ram_push_and_sink),
		cmocka_unit_test(test_push_refused),
		cmocka_unit_test(test_contact_key),
		cmocka_unit_test(test_initiative_rolled),
		cmocka_unit_test(test_terrain),
		cmocka_unit_test(test_module_status),
		cmocka_unit_test(test_pools_and_rerolls),
		cmocka_unit_test(test_state_roundtrip),
		cmocka_unit_test(test_state_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
