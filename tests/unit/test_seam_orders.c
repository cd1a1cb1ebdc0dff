/* test_seam_orders.c: the order subjects beyond "SHIP id" (issue 11,
 * item 2), proven by the test suite's throwaway ruleset (tests/ruleset/,
 * proof.h) through the common parser and turn_play(), the paths navarch
 * takes for classic.
 *
 * The proof ruleset declares (proof-ruleset.c): MOVE for SQUADRON lines
 * and standing orders, with no B on a SQUADRON line (its verb reads
 * o->subject); FLEE for SHIP lines only and never standing; a side line
 * SIGNAL.  Every expectation is worked out by hand from proof.h and
 * docs/orders.md: ships without orders hold; the speed is the number of
 * steps (speed 2 moves in phases 2 and 4, speed 1 in phase 4). */
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

/* Blue's squadron van (b1 b2 b3 in a line abreast, facing N), b4 alone;
 * red's squadron reds (r1).  extra: attributes for b1's element. */
static struct nv_state *
fleet(const char *van, const char *b1)
{
	char		*xml;
	struct nv_state	*st;

	xml = xasprintf("<?xml version=\"1.0\"?>\n"
	    "<scenario ruleset=\"proof\" turn=\"1\">\n"
	    "<game initiative=\"blue\"/>\n"
	    "<map columns=\"10\" rows=\"10\"/>\n"
	    "<side id=\"blue\" nation=\"blue\" crew=\"green\" dice=\"5 5 5\"/>\n"
	    "<side id=\"red\" nation=\"red\" crew=\"green\" dice=\"5 5 5\"/>\n"
	    "<squadron id=\"van\" side=\"blue\" %s/>\n"
	    "<squadron id=\"reds\" side=\"red\"/>\n"
	    "<ship id=\"b1\" side=\"blue\" squadron=\"van\" class=\"galley\" "
	    "hex=\"0207\" facing=\"N\" %s/>\n"
	    "<ship id=\"b2\" side=\"blue\" squadron=\"van\" class=\"galley\" "
	    "hex=\"0407\" facing=\"N\"/>\n"
	    "<ship id=\"b3\" side=\"blue\" squadron=\"van\" class=\"galley\" "
	    "hex=\"0607\" facing=\"N\"/>\n"
	    "<ship id=\"b4\" side=\"blue\" class=\"galley\" hex=\"0807\" "
	    "facing=\"N\"/>\n"
	    "<ship id=\"r1\" side=\"red\" squadron=\"reds\" class=\"galley\" "
	    "hex=\"0502\" facing=\"S\"/>\n"
	    "</scenario>\n", van != NULL ? van : "", b1 != NULL ? b1 : "");
	st = datafix_state(&fx, xml);
	free(xml);
	return st;
}

/* Blue's and red's orders (each file headed by its SIDE) read and
 * validated; play: as navarch plays them (standing orders taken).  The
 * diagnostics go to d, the normalised orders to out. */
static struct nv_orders *
orders(const struct nv_state *st, const char *blue, const char *red,
    int play, struct diag *d, struct buf *out)
{
	struct nv_orders	*o = orders_new(st);
	char			*text;

	o->use_standing = play;
	text = xasprintf("SIDE blue\n%s", blue != NULL ? blue : "");
	(void)orders_parse(o, "blue.txt", text, strlen(text), d);
	free(text);
	text = xasprintf("SIDE red\n%s", red != NULL ? red : "");
	(void)orders_parse(o, "red.txt", text, strlen(text), d);
	free(text);
	(void)orders_validate(o, d);
	buf_reset(out);
	orders_format(o, out);
	return o;
}

/* The turn on st with o; its next state (owned by the caller), the
 * events in ev. */
static struct nv_state *
play(const struct nv_state *st, const struct nv_orders *o,
    struct nv_events *ev)
{
	static const int	 dice[] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
	struct nv_dice		*dc = dice_script(dice, 10);
	struct nv_state		*next = NULL;
	char			*cause = NULL;

	if (turn_play(st, o, dc, &next, ev, &cause) != 0)
		fail_msg("turn_play: %s", cause);
	dice_free(dc);
	return next;
}

static void
no_errors(const struct diag *d)
{
	struct buf	b = BUF_INIT;

	if (d->errors == 0 && d->n == 0)
		return;
	diag_format(d, &b);
	fail_msg("unexpected diagnostics:\n%s", buf_str(&b));
}

/* The diagnostics are exactly these lines (diag_format's). */
static void
diags_are(const struct diag *d, const char *want)
{
	struct buf	b = BUF_INIT;

	diag_format(d, &b);
	if (strcmp(buf_str(&b), want) != 0)
		fail_msg("diagnostics:\n%s\nexpected:\n%s", buf_str(&b), want);
	buf_free(&b);
}

static void
has_event(const struct nv_events *ev, const char *s)
{
	size_t	k;

	for (k = 0; k < ev->n; k++)
		if (strstr(ev->v[k].text, s) != NULL)
			return;
	for (k = 0; k < ev->n; k++)
		print_message("  %s: %s\n", ev->v[k].kind, ev->v[k].text);
	fail_msg("no event contains \"%s\"", s);
}

static void
at(const struct nv_state *st, const char *id, const char *hex)
{
	int	i = state_ship_index(st, id);
	char	h[8];

	assert_true(i >= 0);
	assert_string_equal(state_hex_name(st, st->ships[i].hex, h), hex);
}

/* ---- SQUADRON lines ----------------------------------------------------- */

/* A squadron's line orders each of its ships without a line of its own:
 * b2's own line wins; b4 is no member.  The copies are echoed as the
 * ships' own lines. */
static void
test_squadron_copies(void **state)
{
	struct nv_state		*st = fleet(NULL, NULL), *next;
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT;
	struct nv_orders	*o;

	(void)state;
	o = orders(st, "SQUADRON van MOVE F F\nSHIP b2 MOVE F\n", NULL, 0,
	    &d, &out);
	no_errors(&d);
	assert_string_equal(buf_str(&out), "SHIP b1 MOVE F F\n"
	    "SHIP b2 MOVE F\nSHIP b3 MOVE F F\n");
	assert_true(orders_ship_named(o, 0));	/* b1: a copy */
	assert_false(orders_ship_named(o, 3));	/* b4 */
	next = play(st, o, &ev);
	has_event(&ev, "b1 (galley, blue) in 0207 facing N: steps F F");
	has_event(&ev, "b2 (galley, blue) in 0407 facing N: steps F");
	at(next, "b1", "0205");
	at(next, "b2", "0406");
	at(next, "b3", "0605");
	at(next, "b4", "0807");
	state_free(next);
	events_free(&ev);
	orders_free(o);
	buf_free(&out);
	diag_free(&d);
	state_free(st);
}

/* What the ruleset's declaration bars: FLEE (SHIP lines only) and B on a
 * SQUADRON line (the verb, told the subject), each said once; another
 * side's squadron; an unknown one. */
static void
test_squadron_refused(void **state)
{
	struct nv_state		*st = fleet(NULL, NULL);
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT;

	(void)state;
	orders_free(orders(st, "SQUADRON van FLEE\nSQUADRON van MOVE F B\n"
	    "SQUADRON reds MOVE F\nSQUADRON rear MOVE F\n", NULL, 0, &d,
	    &out));
	diags_are(&d, "blue.txt:2: SQUADRON van FLEE: FLEE is for SHIP lines "
	    "only; legal here: MOVE\n"
	    "blue.txt:3: SQUADRON van MOVE F B (for b1): B is for a SHIP line; "
	    "legal on a SQUADRON line: F L R W P S\n"
	    "blue.txt:4: SQUADRON reds MOVE F: reds is a squadron of red, not "
	    "blue; your squadrons: van\n"
	    "blue.txt:5: SQUADRON rear MOVE F: there is no squadron rear; your "
	    "squadrons: van\n");
	buf_free(&out);
	diag_free(&d);
	state_free(st);
}

/* Each copy is validated alone: too many steps is an error for each
 * ship that took the copy, at the SQUADRON line, naming the ship. */
static void
test_squadron_copy_errors(void **state)
{
	struct nv_state		*st = fleet(NULL, NULL);
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT;

	(void)state;
	orders_free(orders(st, "SHIP b2 MOVE F\nSQUADRON van MOVE FFFFFF\n",
	    NULL, 0, &d, &out));
	diags_are(&d, "blue.txt:3: SHIP b1 MOVE: 6 steps; legal: at most 5\n"
	    "blue.txt:3: SHIP b3 MOVE: 6 steps; legal: at most 5\n");
	buf_free(&out);
	diag_free(&d);
	state_free(st);
}

/* ---- side lines --------------------------------------------------------- */

/* Each side's SIGNAL goes to the ruleset's side verb and is played;
 * echoed per side, under a comment when both sides have one. */
static void
test_side_lines(void **state)
{
	struct nv_state		*st = fleet(NULL, NULL), *next;
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT, side = BUF_INIT;
	struct nv_orders	*o;

	(void)state;
	o = orders(st, "SIGNAL attack\nsignal close\n", "SIGNAL hold\n", 0,
	    &d, &out);
	no_errors(&d);
	assert_string_equal(buf_str(&out), "# SIDE blue\nSIGNAL CLOSE\n"
	    "# SIDE red\nSIGNAL HOLD\n");
	orders_format_side(o, 1, &side);
	assert_string_equal(buf_str(&side), "SIGNAL HOLD\n");
	next = play(st, o, &ev);
	has_event(&ev, "blue signals CLOSE");
	has_event(&ev, "red signals HOLD");
	state_free(next);
	events_free(&ev);
	orders_free(o);
	diag_free(&d);
	/* A bad one is the verb's to refuse. */
	o = orders(st, "SIGNAL two words\n", NULL, 0, &d, &out);
	diags_are(&d, "blue.txt:2: SIGNAL two words: SIGNAL takes one word of "
	    "letters; legal: e.g. SIGNAL ATTACK\n");
	orders_free(o);
	diag_free(&d);
	buf_free(&out);
	buf_free(&side);
	state_free(st);
}

/* ---- standing orders ---------------------------------------------------- */

/* Turn 1: b1's own line wins over its standing order; b2 and b3, without
 * orders, take the squadron's standing order at once; b4 holds.  The
 * state keeps both standing orders; turn 2, without any order, b1 takes
 * its own, b2 and b3 the squadron's. */
static void
test_standing(void **state)
{
	struct nv_state		*st = fleet(NULL, NULL), *s2, *s3;
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT;
	struct nv_orders	*o;

	(void)state;
	o = orders(st, "SHIP b1 STANDING move f\nSHIP b1 MOVE F F\n"
	    "SQUADRON van STANDING MOVE W F\n", NULL, 1, &d, &out);
	no_errors(&d);
	assert_string_equal(buf_str(&out), "SHIP b1 MOVE F F\n"
	    "SHIP b2 MOVE W F\nSHIP b3 MOVE W F\n"
	    "SHIP b1 STANDING MOVE F\nSQUADRON van STANDING MOVE W F\n");
	s2 = play(st, o, &ev);
	at(s2, "b1", "0205");
	at(s2, "b2", "0406");
	at(s2, "b3", "0606");
	at(s2, "b4", "0807");
	assert_string_equal(s2->ships[0].standing, "MOVE F");
	assert_null(s2->ships[1].standing);
	assert_string_equal(s2->squadrons[0].standing, "MOVE W F");
	orders_free(o);
	events_free(&ev);
	o = orders(s2, NULL, NULL, 1, &d, &out);
	no_errors(&d);
	s3 = play(s2, o, &ev);
	at(s3, "b1", "0204");
	at(s3, "b2", "0405");
	at(s3, "b3", "0605");
	at(s3, "b4", "0807");
	orders_free(o);
	events_free(&ev);
	/* Checked or echoed only (not played), they give no ship an
	 * order. */
	o = orders(s2, NULL, NULL, 0, &d, &out);
	no_errors(&d);
	assert_string_equal(buf_str(&out), "");
	orders_free(o);
	state_free(s3);
	state_free(s2);
	buf_free(&out);
	diag_free(&d);
	state_free(st);
}

/* NONE takes a standing order back (b1 then falls back on its
 * squadron's); one that is not legal this turn yields to the default
 * order (b2 holds), with a warning; FLEE is never standing. */
static void
test_standing_none_illegal(void **state)
{
	struct nv_state		*st, *next;
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct diag		 d = DIAG_INIT;
	struct buf		 out = BUF_INIT;
	struct nv_orders	*o;

	(void)state;
	st = fleet("standing=\"MOVE F\"", "standing=\"MOVE L\"");
	o = orders(st, "SHIP b1 STANDING NONE\nSHIP b2 STANDING MOVE "
	    "FFFFFF\nSHIP b3 STANDING FLEE\n", NULL, 1, &d, &out);
	diags_are(&d, "blue.txt:4: SHIP b3 STANDING FLEE: FLEE is never a "
	    "standing order; legal here: MOVE\n"
	    "blue.txt:3: warning: SHIP b2 MOVE: 6 steps; legal: at most 5 (a "
	    "standing order that is not legal this turn: b2 takes its default "
	    "order)\n");
	orders_free(o);
	diag_free(&d);
	o = orders(st, "SHIP b1 STANDING NONE\nSHIP b2 STANDING MOVE FFFFFF\n",
	    NULL, 1, &d, &out);
	assert_int_equal(d.errors, 0);
	next = play(st, o, &ev);
	at(next, "b1", "0206");
	at(next, "b2", "0407");
	at(next, "b3", "0606");
	assert_null(next->ships[0].standing);
	assert_string_equal(next->ships[1].standing, "MOVE FFFFFF");
	state_free(next);
	events_free(&ev);
	orders_free(o);
	buf_free(&out);
	diag_free(&d);
	state_free(st);
}

/* Squadrons and standing orders are written canonically and read back
 * the same, byte for byte. */
static void
test_state_round_trip(void **state)
{
	struct nv_state	*st = fleet("name=\"The van\" standing=\"MOVE  F\"",
			    "standing=\"MOVE W\""), *again;
	struct buf	 a = BUF_INIT, b = BUF_INIT;

	(void)state;
	state_xml_save(st, &a);
	assert_non_null(strstr(buf_str(&a), "  <squadron id=\"van\" "
	    "side=\"blue\" name=\"The van\" standing=\"MOVE F\"/>\n"
	    "  <squadron id=\"reds\" side=\"red\"/>\n"));
	assert_non_null(strstr(buf_str(&a), "<ship id=\"b1\" side=\"blue\" "
	    "owner=\"blue\" squadron=\"van\" class=\"galley\""));
	assert_non_null(strstr(buf_str(&a), "status=\"afloat\" "
	    "standing=\"MOVE W\" hits=\"0\""));
	assert_null(strstr(buf_str(&a), "<ship id=\"b4\" side=\"blue\" "
	    "owner=\"blue\" squadron"));
	again = datafix_state(&fx, buf_str(&a));
	state_xml_save(again, &b);
	assert_string_equal(buf_str(&a), buf_str(&b));
	state_free(again);
	state_free(st);
	buf_free(&a);
	buf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_squadron_copies),
		cmocka_unit_test(test_squadron_refused),
		cmocka_unit_test(test_squadron_copy_errors),
		cmocka_unit_test(test_side_lines),
		cmocka_unit_test(test_standing),
		cmocka_unit_test(test_standing_none_illegal),
		cmocka_unit_test(test_state_round_trip),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
