/* bench-nauta.c: how fast is a Nauta turn of the big historical battle
 * with every ship in contact, against as many classic ship-turns?
 *
 * Loads orders/nauta/ecnomus.xml (136 models), lays the two fleets out in
 * touching pairs (each Roman bow to bow with a Carthaginian, the four
 * Carthaginians left over touching a Roman's side, every pair in
 * `contact`), orders every ship to BOARD ANY, and plays the turn R times
 * over with seeded dice: every ship boards, fights three assaults, rolls
 * for its Admiral and its surrender.  Then as many classic ship-turns
 * doing the same: bench-common.c's ships laid out in the same pairs, each
 * ordered to BOARD the ship it touches (grapples, every marine's die);
 * and, for scale, bench-turn's first turn of as many ships (closing, no
 * contact).  Prints the medians and the ratios (issue 13: under 2 against
 * the classic turn of the same work).  Run with `make bench`; see
 * bench/README.md. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-common.h"
#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "nauta/nauta.h"
#include "orders.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

#define RUNS	9

static struct nv_state *
load(struct nv_ruleset **rs)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*xml, *rng, *sc, *srng;
	size_t		 xlen, rlen, slen, srlen;

	xml = bench_read("NAVARCH_DATADIR", "data", "rulesets/nauta.xml",
	    &xlen);
	rng = bench_read("NAVARCH_DATADIR", "data",
	    "schema/ruleset-nauta.rng", &rlen);
	sc = bench_read("NAVARCH_DATADIR", "data",
	    "../orders/nauta/ecnomus.xml", &slen);
	srng = bench_read("NAVARCH_DATADIR", "data", "schema/scenario.rng",
	    &srlen);
	if ((*rs = ruleset_load("nauta.xml", xml, xlen, rng, rlen, &d)) ==
	    NULL || (st = state_xml_load(*rs, "ecnomus.xml", sc, slen, srng,
	    srlen, &d)) == NULL) {
		diag_format(&d, &b);
		fprintf(stderr, "bench-nauta: %s", buf_str(&b));
		exit(1);
	}
	free(xml);
	free(rng);
	free(sc);
	free(srng);
	diag_free(&d);
	return st;
}

static void
touch(struct nv_state *st, int a, int b)
{
	nauta_link(st, NA_A_CONTACT, a, b);
}

/* Touching pairs: the k-th Roman in (6 + 3 (k % 11), 4 + 3 (k / 11))
 * facing S, the k-th Carthaginian bow to bow below it. */
static void
contact_layout(struct nv_state *st)
{
	int	*side[2], n[2] = { 0, 0 }, k, s;
	size_t	 i;

	side[0] = xcalloc(st->nships, sizeof *side[0]);
	side[1] = xcalloc(st->nships, sizeof *side[1]);
	for (i = 0; i < st->nships; i++) {
		s = st->ships[i].side == 0 ? 0 : 1;
		side[s][n[s]++] = (int)i;
		st->ships[i].speed = 0;
	}
	for (k = 0; k < n[0] && k < n[1]; k++) {
		st->ships[side[0][k]].hex = hex_from_cr(6 + 3 * (k % 11),
		    4 + 3 * (k / 11));
		st->ships[side[0][k]].facing = NV_DIR_S;
		st->ships[side[1][k]].hex = hex_neighbour(
		    st->ships[side[0][k]].hex, NV_DIR_S);
		st->ships[side[1][k]].facing = NV_DIR_N;
		touch(st, side[0][k], side[1][k]);
	}
	for (; k < n[1]; k++) {		/* the Carthaginians left over */
		s = side[0][k - n[0]];
		st->ships[side[1][k]].hex = hex_neighbour(st->ships[s].hex,
		    NV_DIR_NE);
		st->ships[side[1][k]].facing = NV_DIR_SW;
		touch(st, s, side[1][k]);
	}
	free(side[0]);
	free(side[1]);
}

static struct nv_orders *
board_all(const struct nv_state *st)
{
	struct nv_orders	*o = orders_new(st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT, t = BUF_INIT;
	size_t			 s, i;

	for (s = 0; s < st->nsides; s++) {
		buf_reset(&t);
		buf_printf(&t, "SIDE %s\n", st->sides[s].id);
		for (i = 0; i < st->nships; i++)
			if ((size_t)st->ships[i].side == s)
				buf_printf(&t, "SHIP %s SPEED 0\nSHIP %s BOARD "
				    "ANY\n", st->ships[i].id, st->ships[i].id);
		(void)orders_parse(o, "bench", buf_str(&t), t.len, &d);
	}
	if (d.errors > 0 || orders_validate(o, &d) != 0) {
		diag_format(&d, &b);
		fprintf(stderr, "bench-nauta: orders: %s", buf_str(&b));
		exit(1);
	}
	diag_free(&d);
	buf_free(&t);
	return o;
}

/* The median time of one turn of st with the orders, in ms; *rolls and
 * *events of one of them. */
static double
play(const struct nv_state *st, const struct nv_orders *o, size_t *rolls,
    size_t *events)
{
	double		 times[RUNS], t0;
	struct nv_state	*next;
	char		*cause;
	int		 r;

	for (r = 0; r < RUNS; r++) {
		struct nv_dice	 *dice = dice_seeded("bench", "bench");
		struct nv_events ev = NV_EVENTS_INIT;

		t0 = bench_now_ms();
		if (turn_play(st, o, dice, &next, &ev, &cause) != 0) {
			fprintf(stderr, "bench-nauta: %s\n", cause);
			exit(1);
		}
		times[r] = bench_now_ms() - t0;
		(void)dice_rolls(dice, rolls);
		*events = ev.n;
		state_free(next);
		events_free(&ev);
		dice_free(dice);
	}
	return bench_median(times, RUNS);
}

/* The same turn in classic: as many ships in the same touching pairs
 * (Roman quinqueremes, Hellenistic triremes), every one ordered to
 * BOARD the ship it touches: grapples and boarding rounds. */
static struct nv_state *
classic_pairs(const struct nv_state *nst, struct nv_ruleset **rs,
    struct nv_orders **o)
{
	struct nv_state	*st = bench_state((int)nst->nships, 0, rs);
	struct diag	 d = DIAG_INIT;
	struct buf	 t = BUF_INIT, b = BUF_INIT;
	size_t		 i, k, s;

	for (i = 0; i < st->nships; i++) {
		st->ships[i].hex = nst->ships[i].hex;
		st->ships[i].facing = nst->ships[i].facing;
		st->ships[i].speed = 0;
		st->ships[i].side = st->ships[i].owner = nst->ships[i].side;
	}
	*o = orders_new(st);
	for (s = 0; s < st->nsides; s++) {
		buf_reset(&t);
		buf_printf(&t, "SIDE %s\n", st->sides[s].id);
		for (i = 0; i < st->nships; i++) {
			if ((size_t)st->ships[i].side != s)
				continue;
			buf_printf(&t, "SHIP %s SPEED 0\n", st->ships[i].id);
			for (k = 0; k < st->nships; k++)
				if (st->ships[k].side != st->ships[i].side &&
				    hex_distance(st->ships[k].hex,
				    st->ships[i].hex) == 1) {
					buf_printf(&t, "SHIP %s BOARD %s\n",
					    st->ships[i].id, st->ships[k].id);
					break;
				}
		}
		(void)orders_parse(*o, "bench", buf_str(&t), t.len, &d);
	}
	if (d.errors > 0 || orders_validate(*o, &d) != 0) {
		diag_format(&d, &b);
		fprintf(stderr, "bench-nauta: classic orders: %s", buf_str(&b));
		exit(1);
	}
	diag_free(&d);
	buf_free(&t);
	return st;
}

int
main(void)
{
	struct nv_ruleset	*rs, *crs, *brs;
	struct nv_state		*st, *cst, *bst;
	struct nv_orders	*o, *co;
	size_t			 rolls, events, crolls, cevents;
	double			 nauta, classic, quiet;
	int			 n;

	st = load(&rs);
	contact_layout(st);
	o = board_all(st);
	n = (int)st->nships;
	nauta = play(st, o, &rolls, &events);
	cst = classic_pairs(st, &crs, &co);
	classic = play(cst, co, &crolls, &cevents);
	printf("bench-nauta: Ecnomus, %d ships all in contact, one turn x %d "
	    "runs: median %.2f ms, %.1f us per ship-turn (%zu rolls, %zu "
	    "events)\n", n, RUNS, nauta, nauta * 1000.0 / n, rolls, events);
	printf("bench-nauta: classic, %d ships in the same pairs, all "
	    "boarding: %.2f ms, %.1f us per ship-turn (%zu rolls, %zu events);"
	    " Nauta / classic %.2f (issue 13: under 2)\n", n, classic,
	    classic * 1000.0 / n, crolls, cevents, nauta / classic);
	bst = bench_state(n, 0, &brs);
	quiet = play(bst, NULL, &crolls, &cevents);
	printf("bench-nauta: classic, %d ships closing (bench-turn's first "
	    "turn): %.2f ms, %.1f us per ship-turn; Nauta / that %.2f; peak "
	    "RSS %ld KiB\n", n, quiet, quiet * 1000.0 / n, nauta / quiet,
	    bench_rss_kib());
	orders_free(o);
	orders_free(co);
	state_free(st);
	state_free(cst);
	state_free(bst);
	ruleset_free(rs);
	ruleset_free(crs);
	ruleset_free(brs);
	return 0;
}
