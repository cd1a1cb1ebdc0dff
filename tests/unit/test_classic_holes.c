/* test_classic_holes.c: hole plugging, damage from open holes, scoring and
 * the end of the game (src/game/classic-holes.c; the rulings are in
 * docs/classic/holes-victory.md).
 *
 * The real ruleset (data/rulesets/classic.xml) and states loaded from XML
 * text, so the numbers are the data's.  NAVARCH_DATADIR names the data
 * directory (the Makefile sets it; by hand: NAVARCH_DATADIR=$PWD/../data). */
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
#include "datafix.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "fileio.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"


#define MAXS 6

/* A scenario: sides a and b (and c when three), the ships' attribute
 * text, the turn and the turn limit. */
struct scen {
	int		 nsides;	/* 2 or 3 */
	int		 turn;		/* 0: 1 */
	int		 limit;
	const char	*ships[MAXS];
	const char	*extra;		/* wrecks, a result */
};

static struct nv_state *
load(struct datafix *f, const struct scen *sc)
{
	struct buf	 b = BUF_INIT;
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	size_t		 i;

	buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"%d\">\n"
	    "<settings turn-limit=\"%d\"/>\n<map columns=\"12\" rows=\"12\"/>"
	    "\n", sc->turn > 0 ? sc->turn : 1, sc->limit);
	for (i = 0; i < (size_t)(sc->nsides > 0 ? sc->nsides : 2); i++)
		buf_printf(&b, "<side id=\"%c\" nation=\"hellenistic\" "
		    "crew=\"average\"/>\n", (int)('a' + i));
	for (i = 0; i < MAXS && sc->ships[i] != NULL; i++)
		buf_printf(&b, "<ship %s/>\n", sc->ships[i]);
	if (sc->extra != NULL)
		buf_adds(&b, sc->extra);
	buf_adds(&b, "</scenario>\n");
	st = state_xml_load(f->rs, "t.xml", buf_str(&b), b.len, f->rng,
	    f->rnglen, &d);
	if (st == NULL)
		fail_msg("%s: %s", buf_str(&b), d.n > 0 ? d.v[0].msg : "?");
	buf_free(&b);
	diag_free(&d);
	return st;
}

/* ---- the plug number --------------------------------------------------- */

static const struct {
	int	plug, plug_boarding;	/* 0 0: the ruleset's data */
	int	in_fight;
	int	want;
} plug_cases[] = {
	{ 0, 0, 0, 5 },		/* classic.xml: 5-6 plugs */
	{ 0, 0, 1, 6 },		/* only 6 in a boarding fight */
	{ 4, 6, 0, 4 },		/* a GM's data: 4-6 */
	{ 4, 6, 1, 6 },
	{ 3, 5, 1, 5 },
};

static void
test_plug_on(void **state)
{
	struct datafix		*f = *state;
	struct classic_data	 cd;
	size_t			 i;

	for (i = 0; i < sizeof plug_cases / sizeof plug_cases[0]; i++) {
		cd = *classic_data(f->rs);
		if (plug_cases[i].plug > 0) {
			cd.plug_on = plug_cases[i].plug;
			cd.plug_on_boarding = plug_cases[i].plug_boarding;
		}
		assert_int_equal(classic_plug_on(&cd, plug_cases[i].in_fight),
		    plug_cases[i].want);
	}
}

/* ---- scoring ----------------------------------------------------------- */

/* One ship x; what it scores for sides a, b and c. */
static const struct {
	const char	*ship;
	int		 nsides;
	int		 want[3];
} score_cases[] = {
	/* Sunk: its value for the other side, nothing for its owner. */
	{ "side=\"a\" class=\"trireme\" status=\"sunk\" hull=\"0\"", 2,
	    { 0, 6, 0 } },
	{ "side=\"b\" class=\"bireme\" status=\"sunk\" hull=\"0\"", 2,
	    { 4, 0, 0 } },
	{ "side=\"a\" class=\"heptere\" status=\"sunk\" hull=\"0\"", 2,
	    { 0, 10, 0 } },
	/* Captured: value and half again, rounded up, for the holder. */
	{ "side=\"b\" owner=\"a\" class=\"bireme\" status=\"captured\"", 2,
	    { 0, 6, 0 } },
	{ "side=\"b\" owner=\"a\" class=\"trireme\" status=\"captured\"", 2,
	    { 0, 9, 0 } },
	{ "side=\"a\" owner=\"b\" class=\"quadrireme\" status=\"captured\"",
	    2, { 11, 0, 0 } },
	{ "side=\"a\" owner=\"b\" class=\"quinquereme\" status=\"captured\"",
	    2, { 12, 0, 0 } },
	{ "side=\"b\" owner=\"a\" class=\"heptere\" status=\"captured\"", 2,
	    { 0, 15, 0 } },
	/* Held by another side whatever the status word says. */
	{ "side=\"b\" owner=\"a\" class=\"quadrireme\"", 2, { 0, 11, 0 } },
	/* Back with its owner (recaptured): nobody. */
	{ "side=\"a\" owner=\"a\" class=\"quadrireme\" status=\"captured\"",
	    2, { 0, 0, 0 } },
	/* Captured, then sunk in the captor's hands: once, as sunk. */
	{ "side=\"b\" owner=\"a\" class=\"trireme\" status=\"sunk\" "
	    "hull=\"0\"", 2, { 0, 6, 0 } },
	/* Afloat with its owner, or exited (even a prize): nothing. */
	{ "side=\"a\" class=\"quinquereme\"", 2, { 0, 0, 0 } },
	{ "side=\"a\" class=\"quinquereme\" status=\"exited\"", 2,
	    { 0, 0, 0 } },
	{ "side=\"b\" owner=\"a\" class=\"trireme\" status=\"exited\"", 2,
	    { 0, 0, 0 } },
	/* Three sides: a sunk ship counts for every side but its owner; a
	 * prize for its holder only. */
	{ "side=\"a\" class=\"trireme\" status=\"sunk\" hull=\"0\"", 3,
	    { 0, 6, 6 } },
	{ "side=\"c\" owner=\"a\" class=\"trireme\" status=\"captured\"", 3,
	    { 0, 0, 9 } },
};

static void
test_ship_score(void **state)
{
	struct datafix	*f = *state;
	struct scen	 sc;
	struct nv_state	*st;
	char		*ship;
	int		 score[3];
	size_t		 i, k;

	for (i = 0; i < sizeof score_cases / sizeof score_cases[0]; i++) {
		memset(&sc, 0, sizeof sc);
		sc.nsides = score_cases[i].nsides;
		ship = xasprintf("id=\"x\" hex=\"0505\" facing=\"N\" %s",
		    score_cases[i].ship);
		sc.ships[0] = ship;
		/* A keeper afloat for each side, far away. */
		sc.ships[1] = "id=\"ya\" side=\"a\" class=\"bireme\" "
		    "hex=\"0101\" facing=\"N\"";
		st = load(f, &sc);
		for (k = 0; k < (size_t)sc.nsides; k++) {
			assert_int_equal(classic_ship_score(st,
			    state_ship_index(st, "x"), (int)k),
			    score_cases[i].want[k]);
			assert_int_equal(classic_ship_score(st,
			    state_ship_index(st, "ya"), (int)k), 0);
		}
		classic_scores(st, score);
		for (k = 0; k < (size_t)sc.nsides; k++)
			assert_int_equal(score[k], score_cases[i].want[k]);
		state_free(st);
		free(ship);
	}
}

/* ---- whole turns ------------------------------------------------------- */

struct want_ship {
	const char	*id;
	int		 hull, holes;
	const char	*status;
};

static const struct tcase {
	const char		*name;
	struct scen		 sc;
	int			 dice[6];
	size_t			 ndice;
	struct want_ship	 want[MAXS];
	int			 result;	/* enum nv_result_kind */
	const char		*winner;	/* NULL: none */
	int			 score[3];
	const char		*event;		/* in the log, or NULL */
} turn_cases[] = {
	{ "plug 5 plugs", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"1\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 5 }, 1, { { "a1", 6, 0, "afloat" } },
	    NV_RESULT_PLAYING, NULL, { 0 },
	    "a1 (trireme, a) plugs hole 1 of 1: 1d6=5, 5-6 needed" },
	{ "plug 4 fails: 1 damage", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"1\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 4 }, 1, { { "a1", 5, 1, "afloat" } },
	    NV_RESULT_PLAYING, NULL, { 0 },
	    "a1 (trireme, a) takes 1 hull damage from 1 open hole; 5 hull "
	    "left" },
	{ "grappled: 5 fails", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"1\" marines=\"0\" grappled=\"b1\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0506\" facing=\"N\" "
	    "marines=\"0\" grappled=\"a1\"" }, NULL }, { 5 }, 1,
	    { { "a1", 5, 1, "afloat" } }, NV_RESULT_PLAYING, NULL, { 0 },
	    "6 needed in a boarding fight; the hole stays open" },
	{ "grappled: 6 plugs", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"1\" marines=\"0\" grappled=\"b1\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0506\" facing=\"N\" "
	    "marines=\"0\" grappled=\"a1\"" }, NULL }, { 6 }, 1,
	    { { "a1", 6, 0, "afloat" } }, NV_RESULT_PLAYING, NULL, { 0 },
	    NULL },
	{ "three holes, one each", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"3\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\" "
	    "holes=\"1\"" }, NULL }, { 1, 6, 2, 5 }, 4,
	    { { "a1", 4, 2, "afloat" }, { "b1", 6, 0, "afloat" } },
	    NV_RESULT_PLAYING, NULL, { 0 }, NULL },
	{ "damage one short of the hull", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"2\" hull=\"3\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 1, 1 }, 2, { { "a1", 1, 2, "afloat" } },
	    NV_RESULT_PLAYING, NULL, { 0 }, NULL },
	{ "damage reaches the hull: sunk", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"2\" hull=\"2\"",
	    "id=\"a2\" side=\"a\" class=\"trireme\" hex=\"0707\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 1, 1 }, 2, { { "a1", 0, 0, "sunk" } },
	    NV_RESULT_PLAYING, NULL, { 0 },
	    "a1 (trireme, a) sinks in 0505 and becomes a wreck" },
	{ "last ship sinks: the other side wins", { 2, 0, 9, {
	    "id=\"a1\" side=\"a\" class=\"bireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"" }, NULL }, { 4 }, 1,
	    { { "b1", 0, 0, "sunk" } }, NV_RESULT_WON, "a", { 6, 0 },
	    "b has no ship afloat under its control. a wins. Score: a 6, b 0." },
	{ "both last ships sink: drawn", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"bireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"" }, NULL }, { 1, 1 }, 2,
	    { { "a1", 0, 0, "sunk" }, { "b1", 0, 0, "sunk" } },
	    NV_RESULT_DRAWN, NULL, { 6, 4 }, "The game is drawn." },
	{ "a prize keeps its captor in the game", { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"a2\" side=\"b\" owner=\"a\" status=\"captured\" "
	    "class=\"bireme\" hex=\"0707\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"" }, NULL }, { 2 }, 1,
	    { { "b1", 0, 0, "sunk" } }, NV_RESULT_PLAYING, NULL, { 0 },
	    NULL },
	{ "limit: most points wins", { 2, 3, 3, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"a2\" side=\"b\" owner=\"a\" class=\"quadrireme\" "
	    "hex=\"0707\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"quinquereme\" hex=\"0909\" "
	    "facing=\"N\" status=\"sunk\" hull=\"0\"",
	    "id=\"b2\" side=\"b\" class=\"bireme\" hex=\"0303\" facing=\"N\"" },
	    NULL }, { 0 }, 0, { { "a1", 6, 0, "afloat" } },
	    NV_RESULT_WON, "b", { 8, 11 },
	    "the turn limit of 3 turns is reached; b has the most points" },
	{ "limit: equal points drawn", { 2, 3, 3, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 0 }, 0, { { "a1", 6, 0, "afloat" } },
	    NV_RESULT_DRAWN, NULL, { 0, 0 }, "equal points" },
	{ "before the limit: playing", { 2, 2, 3, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL }, { 0 }, 0, { { "a1", 6, 0, "afloat" } },
	    NV_RESULT_PLAYING, NULL, { 0 }, NULL },
	{ "three sides: one out, two go on", { 3, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"",
	    "id=\"c1\" side=\"c\" class=\"trireme\" hex=\"0303\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"" }, NULL }, { 3 }, 1,
	    { { "c1", 0, 0, "sunk" } }, NV_RESULT_PLAYING, NULL, { 0 },
	    NULL },
	{ "three sides: the last one afloat wins", { 3, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"bireme\" hex=\"0909\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"",
	    "id=\"c1\" side=\"c\" class=\"trireme\" hex=\"0303\" facing=\"N\" "
	    "holes=\"1\" hull=\"1\"" }, NULL }, { 3, 3 }, 2,
	    { { "b1", 0, 0, "sunk" }, { "c1", 0, 0, "sunk" } },
	    NV_RESULT_WON, "a", { 10, 6, 4 },
	    "b and c have no ship afloat under their control" },
};

static void
check_turn(struct datafix *f, const struct tcase *tc)
{
	struct nv_state		*st = load(f, &tc->sc), *out = NULL;
	struct nv_dice		*dice = dice_script(tc->dice, tc->ndice);
	struct nv_events	 ev = NV_EVENTS_INIT;
	const struct nv_ship	*s;
	char			*cause = NULL;
	size_t			 i, k;
	int			 found = 0, w;

	if (turn_play(st, NULL, dice, &out, &ev, &cause) != 0)
		fail_msg("%s: %s", tc->name, cause);
	/* Exactly the scripted dice: a missing roll would leave one over. */
	(void)dice_rolls(dice, &i);
	assert_int_equal(i, tc->ndice);
	for (i = 0; i < MAXS && tc->want[i].id != NULL; i++) {
		w = state_ship_index(out, tc->want[i].id);
		assert_true(w >= 0);
		s = &out->ships[w];
		assert_int_equal(s->attr[CL_A_HULL].i, tc->want[i].hull);
		assert_int_equal(s->attr[CL_A_HOLES].i, tc->want[i].holes);
		assert_string_equal(status_name(s->status), tc->want[i].status);
	}
	assert_int_equal(out->result.kind, tc->result);
	if (tc->winner != NULL)
		assert_int_equal(out->result.winner,
		    state_side_index(out, tc->winner));
	else
		assert_int_equal(out->result.winner, -1);
	if (tc->result != NV_RESULT_PLAYING) {
		assert_non_null(out->result.score);
		assert_non_null(out->result.reason);
		for (k = 0; k < out->nsides; k++)
			assert_int_equal(out->result.score[k], tc->score[k]);
	} else
		assert_null(out->result.score);
	for (i = 0; tc->event != NULL && i < ev.n; i++)
		found |= strstr(ev.v[i].text, tc->event) != NULL;
	if (tc->event != NULL && !found)
		fail_msg("%s: no event \"%s\"", tc->name, tc->event);
	events_free(&ev);
	dice_free(dice);
	state_free(out);
	state_free(st);
}

static void
test_turns(void **state)
{
	size_t	i;

	for (i = 0; i < sizeof turn_cases / sizeof turn_cases[0]; i++)
		check_turn(*state, &turn_cases[i]);
}

/* A script one roll short: the turn fails, says why, and leaks nothing. */
static void
test_dice_run_out(void **state)
{
	static const int	 one[] = { 5 };
	struct scen		 sc = { 2, 0, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\" "
	    "holes=\"2\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL };
	struct nv_state		*st = load(*state, &sc), *out = NULL;
	struct nv_dice		*dice = dice_script(one, 1);
	struct nv_events	 ev = NV_EVENTS_INIT;
	char			*cause = NULL;

	assert_int_equal(turn_play(st, NULL, dice, &out, &ev, &cause), -1);
	assert_null(out);
	assert_non_null(strstr(cause, "plugging hole 2 of 2"));
	free(cause);
	events_free(&ev);
	dice_free(dice);
	state_free(st);
}

/* Once a result is recorded, no turn follows. */
static const struct {
	const char	*result;
	const char	*cause;
} ended_cases[] = {
	{ "<result status=\"won\" winner=\"a\" reason=\"b has no ship\">"
	    "<score side=\"a\" points=\"6\"/></result>",
	    "turn 4 cannot be played: the game is over, won by a (b has no "
	    "ship)" },
	{ "<result status=\"drawn\" reason=\"equal\"/>",
	    "turn 4 cannot be played: the game is over, drawn (equal)" },
};

static void
test_ended(void **state)
{
	struct scen		 sc = { 2, 4, 0, {
	    "id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0505\" facing=\"N\"",
	    "id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0909\" facing=\"N\"" },
	    NULL };
	struct nv_state		*st, *out;
	struct nv_dice		*dice;
	struct nv_events	 ev = NV_EVENTS_INIT;
	char			*cause;
	size_t			 i;

	for (i = 0; i < sizeof ended_cases / sizeof ended_cases[0]; i++) {
		sc.extra = ended_cases[i].result;
		st = load(*state, &sc);
		dice = dice_fixed(6);
		out = NULL;
		cause = NULL;
		assert_int_equal(turn_play(st, NULL, dice, &out, &ev, &cause),
		    -1);
		assert_null(out);
		assert_string_equal(cause, ended_cases[i].cause);
		assert_int_equal(ev.n, 0);
		free(cause);
		dice_free(dice);
		state_free(st);
	}
	events_free(&ev);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plug_on),
		cmocka_unit_test(test_ship_score),
		cmocka_unit_test(test_turns),
		cmocka_unit_test(test_dice_run_out),
		cmocka_unit_test(test_ended),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
