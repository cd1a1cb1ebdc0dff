/* rename_gen_classic.c: random dense classic battles for the renaming
 * check (test_rename.c, rename_fixture.h).
 *
 * A battle: a small map with land, two or three sides (several nations and
 * crews), 12 to 24 ships packed into the middle, some already damaged,
 * holed, raked, grappled or sunk (wrecks), standing RAKE and REPULSE
 * preferences, sometimes a turn limit.  Each turn every ship gets random
 * orders: a speed and plot near what its figures allow (with turns and
 * backing), fire at enemies in reach, boarding of close enemies, RAKE and
 * REPULSE orders; rn_legal_orders() then drops whatever validation
 * refuses.  Ships collide, ram, rake, board and sink within a few turns,
 * which is what the check needs to see. */
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
#include "hex.h"
#include "rename_fixture.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define MAXS	24

struct placed {
	struct nv_hex	 hex;
	int		 side;
	int		 cls;
	int		 sunk;
};

/* A class the nation has a loadout for (the trireme's index if none
 * turns up, which every nation but Rome has). */
static int
pick_class(const struct nv_ruleset *rs, int nation, struct rn_rng *r)
{
	const struct classic_data	*cd = classic_data(rs);
	int				 tries, c;
	size_t				 k;

	for (tries = 0; tries < 50; tries++) {
		c = rn_below(r, (int)rs->nclasses);
		for (k = 0; k < cd->classes[c].nloadouts; k++)
			if (cd->classes[c].loadouts[k].nation == nation)
				return c;
	}
	return -1;
}

/* The ship's optional damage and standing orders. */
static void
ship_extras(const struct nv_ruleset *rs, int cls, struct rn_rng *r,
    struct buf *b)
{
	static const char *const rake[] = { "none", "port", "starboard",
	    "any" };
	int	hull = classic_data(rs)->classes[cls].hull;

	if (rn_chance(r, 50))
		buf_printf(b, " hull=\"%d\"", 1 + rn_below(r, hull));
	if (rn_chance(r, 25))
		buf_printf(b, " holes=\"%d\"", 1 + rn_below(r, 2));
	if (rn_chance(r, 40))
		buf_printf(b, " rake=\"%s\"", rake[rn_below(r, 4)]);
	if (rn_chance(r, 30))
		buf_adds(b, " repulse=\"counter\"");
	if (rn_chance(r, 10))
		buf_adds(b, " raked=\"1\"");
	if (rn_chance(r, 20))
		buf_adds(b, " last-max=\"1\"");
}

/* Grapples between some neighbouring enemies afloat, on both ships; one
 * of the two boards the other. */
static void
grapples(const struct placed *p, int n, struct rn_rng *r, struct buf *g,
    struct buf *bo)
{
	int	i, j, a;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (p[i].sunk || p[j].sunk || p[i].side == p[j].side ||
			    hex_distance(p[i].hex, p[j].hex) != 1 ||
			    !rn_chance(r, 12))
				continue;
			buf_printf(&g[i], " s%d", j);
			buf_printf(&g[j], " s%d", i);
			a = rn_chance(r, 50) ? i : j;
			buf_printf(&bo[a], " s%d", a == i ? j : i);
		}
}

/* Up to MAXS ships in a 7 x 7 box in the middle, off the land. */
static int
place(struct placed *p, unsigned char *grid, int cols, int rows,
    int nsides, const int *nation, const struct nv_ruleset *rs,
    struct rn_rng *r)
{
	struct nv_hex	h;
	int		n = 12 + rn_below(r, MAXS - 11), i;

	for (i = 0; i < n; i++) {
		h = rn_box_hex(grid, cols, rows, r);
		p[i].hex = h;
		p[i].side = rn_below(r, nsides);
		p[i].cls = pick_class(rs, nation[p[i].side], r);
		p[i].sunk = rn_chance(r, 8);
		if (p[i].cls < 0) {	/* a Roman side's bireme: again */
			*rn_cell(grid, cols, h) = 0;
			i--;
		}
	}
	return n;
}

static void
ships_xml(const struct nv_ruleset *rs, const struct placed *p, int n,
    struct rn_rng *r, struct buf *b)
{
	struct buf	g[MAXS], bo[MAXS];
	char		h[8];
	int		i;

	for (i = 0; i < n; i++) {
		memset(&g[i], 0, sizeof g[i]);
		memset(&bo[i], 0, sizeof bo[i]);
	}
	grapples(p, n, r, g, bo);
	for (i = 0; i < n; i++) {
		hex_format(p[i].hex, 2, h);
		buf_printf(b, "  <ship id=\"s%d\" side=\"%c\" class=\"%s\" "
		    "hex=\"%s\" facing=\"%s\" speed=\"%d\"", i,
		    'a' + p[i].side, rs->classes[p[i].cls].id, h,
		    dir_name(rn_below(r, 6)), rn_below(r, 4));
		if (rn_chance(r, 30))
			buf_printf(b, " crew=\"%s\"",
			    rs->crews[rn_below(r, (int)rs->ncrews)].id);
		/* Two ships in three in their side's squadron (no roll:
		 * the battles stay those they were before squadrons). */
		if (i % 3 != 0)
			buf_printf(b, " squadron=\"sq-%c\"", 'a' + p[i].side);
		if (p[i].sunk)
			buf_adds(b, " status=\"sunk\"");
		else
			ship_extras(rs, p[i].cls, r, b);
		if (g[i].len > 0)
			buf_printf(b, " grappled=\"%s\"", buf_str(&g[i]) + 1);
		if (bo[i].len > 0)
			buf_printf(b, " boarding=\"%s\"", buf_str(&bo[i]) + 1);
		buf_adds(b, "/>\n");
		buf_free(&g[i]);
		buf_free(&bo[i]);
	}
	for (i = 0; i < n; i++)
		if (p[i].sunk)
			buf_printf(b, "  <wreck hex=\"%s\" ship=\"s%d\"/>\n",
			    hex_format(p[i].hex, 2, h), i);
}

static char *
scenario(const struct nv_ruleset *rs, struct rn_rng *r)
{
	struct buf	 b = BUF_INIT;
	struct placed	 p[MAXS];
	unsigned char	*grid;
	int		 cols = 12 + rn_below(r, 5), rows = 12 + rn_below(r, 5);
	int		 nsides = rn_chance(r, 25) ? 3 : 2, nation[3], i, n;

	grid = xcalloc((size_t)(cols * rows), 1);
	buf_adds(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<scenario ruleset=\"");
	buf_printf(&b, "%s\" turn=\"1\">\n", rs->id);
	if (rn_chance(r, 50))
		buf_printf(&b, "  <settings turn-limit=\"%d\"/>\n",
		    2 + rn_below(r, 6));
	rn_map_xml(cols, rows, grid, r, &b);
	for (i = 0; i < nsides; i++) {
		nation[i] = rn_below(r, (int)rs->nnations);
		buf_printf(&b, "  <side id=\"%c\" nation=\"%s\" "
		    "crew=\"%s\"/>\n", 'a' + i, rs->nations[nation[i]].id,
		    rs->crews[rn_below(r, (int)rs->ncrews)].id);
	}
	for (i = 0; i < nsides; i++)
		buf_printf(&b, "  <squadron id=\"sq-%c\" side=\"%c\"/>\n",
		    'a' + i, 'a' + i);
	n = place(p, grid, cols, rows, nsides, nation, rs, r);
	ships_xml(rs, p, n, r, &b);
	buf_adds(&b, "</scenario>\n");
	free(grid);
	return buf_detach(&b);
}

/* ---- orders ----------------------------------------------------------- */

/* A random plot around what the ship's figures allow: SPEED and MOVE with
 * turns where its turning circle lets it, sometimes backing.  Validation
 * has the last word (rn_legal_orders). */
static void
movement(const struct nv_state *st, int i, struct rn_rng *r, struct buf *b)
{
	const struct nv_ruleset		*rs = st->rs;
	const struct classic_data	*cd = classic_data(rs);
	const struct nv_ship		*s = &st->ships[i];
	const char			*ob = s->attr[CL_A_OBLIGATION].s;
	int	prev = s->speed < 0 ? 0 : s->speed, acc = classic_accel(rs, s);
	int	top = classic_max_speed(rs, s), v, k, run, circle, pivot;

	if (ob != NULL && strcmp(ob, CL_OBLIGATION_BACK) == 0) {
		buf_printf(b, "SHIP %s MOVE B\n", s->id);
		return;
	}
	if (rn_chance(r, 6) && prev <= acc - 1) {
		buf_printf(b, "SHIP %s MOVE B\n", s->id);
		return;
	}
	pivot = ob != NULL && strcmp(ob, CL_OBLIGATION_PIVOT) == 0;
	if (s->attr[CL_A_MAX_USES].i >= cd->max_speed_uses)
		top = classic_cruise(rs, s);
	v = prev - acc + rn_below(r, 2 * acc + 1);
	v = pivot ? rn_below(r, acc + 1) : v < 0 ? 0 : v > top ? top : v;
	circle = pivot ? 0 : classic_turn_circle(rs, s);
	run = (int)s->attr[CL_A_STRAIGHT].i;
	buf_printf(b, "SHIP %s SPEED %d", s->id, v);
	if (v > 0)
		buf_adds(b, " MOVE");
	for (k = 0; k < v; k++) {
		if (run >= circle && rn_chance(r, pivot && k > 0 ? 0 : 35)) {
			buf_adds(b, rn_chance(r, 50) ? " L" : " R");
			run = 0;
		}
		buf_adds(b, " F");
		run++;
	}
	if (v > 0 && !pivot && run >= circle && rn_chance(r, 15))
		buf_adds(b, rn_chance(r, 50) ? " L" : " R");
	buf_addc(b, '\n');
}

static void
ship_orders(const struct nv_state *st, int i, struct rn_rng *r,
    struct buf *b)
{
	static const char *const rake[] = { "RAKE", "RAKE PORT",
	    "RAKE STARBOARD", "RAKE NONE" };
	const struct nv_ship	*s = &st->ships[i];
	int			 t;

	if (rn_chance(r, 85))
		movement(st, i, r, b);
	if ((t = rn_enemy_near(st, i, 5, 0, r)) >= 0 && rn_chance(r, 50)) {
		if (rn_chance(r, 50))
			buf_printf(b, "SHIP %s FIRE ALL AT %s\n", s->id,
			    st->ships[t].id);
		else
			buf_printf(b, "SHIP %s FIRE BOW AT %s PHASE %d\n",
			    s->id, st->ships[t].id, 1 + rn_below(r, 6));
	}
	if ((t = rn_enemy_near(st, i, 2, 0, r)) >= 0 && rn_chance(r, 45))
		buf_printf(b, "SHIP %s BOARD %s\n", s->id, st->ships[t].id);
	if (rn_chance(r, 15))
		buf_printf(b, "SHIP %s %s\n", s->id, rake[rn_below(r, 4)]);
	if (rn_chance(r, 10))
		buf_printf(b, "SHIP %s REPULSE %s\n", s->id, rn_chance(r, 50) ?
		    "COUNTER" : "CUT");
}

/* The side's squadron lines and standing orders (order language 2),
 * from a generator of their own, so that the ships' orders are those
 * they were before squadrons: a squadron's movement now and then (its
 * ships with a line of their own keep theirs), standing orders for the
 * squadron and for ships, taken by ships left without an order. */
static void
squadron_orders(const struct nv_state *st, size_t side, struct rn_rng *q,
    struct buf *b)
{
	const char	*sq = st->sides[side].id;
	size_t		 i;

	if (rn_chance(q, 30))
		buf_printf(b, "SQUADRON sq-%s SPEED %d\n", sq, rn_below(q, 4));
	if (rn_chance(q, 25))
		buf_printf(b, "SQUADRON sq-%s STANDING SPEED %d\n", sq,
		    rn_below(q, 4));
	else if (rn_chance(q, 10))
		buf_printf(b, "SQUADRON sq-%s STANDING NONE\n", sq);
	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]) &&
		    (size_t)st->ships[i].side == side && rn_chance(q, 8))
			buf_printf(b, "SHIP %s STANDING %s\n", st->ships[i].id,
			    rn_chance(q, 80) ? "SPEED 1" : "NONE");
}

static void
orders(const struct nv_state *st, struct rn_rng *r, struct rn_file *files,
    size_t *nfiles)
{
	rn_orders_by_side(st, r, files, nfiles, ship_orders, squadron_orders);
}

static const char *const kinds[] = {
	"ram", "rake", "sink", "fire", "kill", "grapple", "melee", "surrender",
	"repulse", "plug", "hole", "blocked", "collision", "exit", NULL
};

const struct rn_gen rn_gen_classic = {
	"classic", scenario, orders, kinds
};
