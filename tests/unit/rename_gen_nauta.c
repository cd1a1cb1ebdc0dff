/* rename_gen_nauta.c: random dense Nauta battles for the renaming check
 * (test_rename.c, rename_fixture.h).
 *
 * A battle: a small map with land, two sides (now and then three) of the
 * nations that may take every option but the Persian and Syracusan ones,
 * free composition with every optional rule on, the settings drawn at
 * random; 12 to 24 ships packed into the middle, some damaged, Dashed,
 * hit by Balistae, short of soldiers, with extras and options, some
 * touching, grappled, holding prizes, sunk or burnt.  Each turn every ship
 * gets random orders near what its figures allow (turns first, Dashes,
 * backing from speed 0), BOARD at enemies close by, SHOOT, BURN and the
 * flagship's ESCAPE; rn_legal_orders() drops whatever validation refuses.
 * Ships ram, board, fight, surrender, burn and sink within a few turns,
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
#include "hex.h"
#include "nauta/nauta.h"
#include "rename_fixture.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define MAXS	24

static const char *const nations[] = { "roman-imperial", "hellenistic" };

struct placed {
	struct nv_hex	 hex;
	int		 side;
	int		 cls;
	int		 gone;		/* 1 sunk, 2 burnt */
	int		 prize_of;	/* captor's index, or -1 */
	int		 flag;		/* the side's Admiral's ship */
	struct buf	 contact;
	struct buf	 grappled;
};

/* Options by Size and nation, within their prerequisites. */
static void
options(const struct nauta_class *c, int nation, struct rn_rng *r,
    struct buf *b)
{
	int	bal = 0;

	if (c->size == 2 && rn_chance(r, 20))
		buf_adds(b, " fast");
	else if (c->size == 2 && rn_chance(r, 25))
		buf_adds(b, " cataphract");
	if (c->size >= 3 && c->size <= 5 && nation == 0 && rn_chance(r, 30))
		buf_adds(b, " corvus");
	if (c->size >= 4 && rn_chance(r, 45)) {
		buf_adds(b, " balistae");
		bal = 1;
	}
	if (bal && rn_chance(r, 50))
		buf_adds(b, " harpax");
	if (c->size >= 4 && rn_chance(r, 35))
		buf_adds(b, " pirophoros");
}

/* Contacts between neighbours, grapples between neighbouring enemies,
 * a prize now and then beside its captor. */
static void
pairs(struct placed *p, int n, struct rn_rng *r)
{
	int	i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (p[i].gone || p[j].gone || p[i].prize_of >= 0 ||
			    p[j].prize_of >= 0 ||
			    hex_distance(p[i].hex, p[j].hex) != 1 ||
			    !rn_chance(r, 35))
				continue;
			buf_printf(&p[i].contact, " s%d", j);
			buf_printf(&p[j].contact, " s%d", i);
			if (p[i].side == p[j].side || !rn_chance(r, 40))
				continue;
			if (rn_chance(r, 15) && !p[j].flag &&
			    p[j].grappled.len == 0) {
				p[j].prize_of = i;
				continue;
			}
			if (p[i].prize_of >= 0 || p[j].prize_of >= 0)
				continue;
			buf_printf(&p[i].grappled, " s%d", j);
			buf_printf(&p[j].grappled, " s%d", i);
		}
}

static int
place(struct placed *p, unsigned char *grid, int cols, int rows,
    int nsides, const struct nv_ruleset *rs, struct rn_rng *r)
{
	struct nv_hex	h;
	int		n = 12 + rn_below(r, MAXS - 11), i;

	for (i = 0; i < n; i++) {
		h = rn_box_hex(grid, cols, rows, r);
		memset(&p[i], 0, sizeof p[i]);
		p[i].hex = h;
		p[i].side = i < nsides ? i : rn_below(r, nsides);
		p[i].cls = rn_below(r, (int)rs->nclasses);
		p[i].flag = i < nsides;
		p[i].prize_of = -1;
		if (!p[i].flag && rn_chance(r, 8))
			p[i].gone = rn_chance(r, 70) ? 1 : 2;
	}
	pairs(p, n, r);
	return n;
}

/* Soldiers, damage, Dashes and hits; the carried speed within the
 * maximum these leave. */
static void
figures(const struct nv_ruleset *rs, const struct placed *pi,
    const char *opts, struct rn_rng *r, struct buf *b)
{
	const struct nauta_class	*c = &nauta_data(rs)->classes[pi->cls];
	int	extra = c->extras > 0 && rn_chance(r, 30) ?
		    1 + rn_below(r, c->extras) : 0;
	int	start = c->soldiers + extra, damage = rn_chance(r, 15);
	int	dashes = rn_chance(r, 10), hits = rn_chance(r, 6);
	int	max = strstr(opts, "fast") != NULL ? 6 : c->max_speed;

	max += damage ? -2 : 0;
	max -= dashes + hits;
	if (max < 1)
		max = 1;
	buf_printf(b, " extra-soldiers=\"%d\" damage=\"%d\" dashes=\"%d\" "
	    "balistae-hits=\"%d\"", extra, damage, dashes, hits);
	if (start > 0 && rn_chance(r, 25))
		buf_printf(b, " soldiers=\"%d\"", 1 + rn_below(r, start));
	if (rn_chance(r, 10))
		buf_adds(b, " surrender-tested=\"1\"");
	if (pi->contact.len > 0 || pi->grappled.len > 0)
		buf_adds(b, " speed=\"0\"");
	else if (rn_chance(r, 85))
		buf_printf(b, " speed=\"%d\"", rn_below(r, max + 1));
}

static void
ship_xml(const struct nv_ruleset *rs, const struct placed *p, int i,
    const int *nation, struct rn_rng *r, struct buf *b)
{
	const struct placed	*pi = &p[i];
	struct buf		 o = BUF_INIT;
	char			 h[8];

	hex_format(pi->hex, 2, h);
	options(&nauta_data(rs)->classes[pi->cls], nation[pi->side], r, &o);
	buf_printf(b, "  <ship id=\"s%d\" side=\"%c\" owner=\"%c\" "
	    "class=\"%s\" hex=\"%s\" facing=\"%s\" options=\"%s\"", i,
	    'a' + (pi->prize_of >= 0 ? p[pi->prize_of].side : pi->side),
	    'a' + pi->side, rs->classes[pi->cls].id, h,
	    dir_name(rn_below(r, 6)), o.len > 0 ? buf_str(&o) + 1 : "");
	figures(rs, pi, buf_str(&o), r, b);
	/* Every ship in one of its side's two squadrons (nauta.md, Big
	 * battles), by index: no roll, so the battles stay as they were. */
	buf_printf(b, " squadron=\"sq-%c%d\"", 'a' + pi->side, 1 + i % 2);
	if (pi->gone)
		buf_printf(b, " status=\"%s\"", pi->gone == 1 ? "sunk" :
		    "burnt");
	if (pi->prize_of >= 0)
		buf_printf(b, " status=\"captured\" prize-of=\"s%d\"",
		    pi->prize_of);
	if (pi->contact.len > 0)
		buf_printf(b, " contact=\"%s\"", buf_str(&pi->contact) + 1);
	if (pi->grappled.len > 0)
		buf_printf(b, " grappled=\"%s\" fight-since=\"1\"",
		    buf_str(&pi->grappled) + 1);
	buf_adds(b, "/>\n");
	buf_free(&o);
}

static char *
scenario(const struct nv_ruleset *rs, struct rn_rng *r)
{
	struct buf	 b = BUF_INIT;
	struct placed	 p[MAXS];
	unsigned char	*grid;
	int		 cols = 14 + rn_below(r, 5), rows = 14 + rn_below(r, 5);
	int		 nsides = rn_chance(r, 20) ? 3 : 2, nation[3], i, n;
	char		 h[8];

	grid = xcalloc((size_t)(cols * rows), 1);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<scenario ruleset=\"%s\" turn=\"1\">\n", rs->id);
	if (rn_chance(r, 40))
		buf_printf(&b, "  <settings turn-limit=\"%d\"/>\n",
		    2 + rn_below(r, 6));
	buf_printf(&b, "  <game options=\"fast cataphract corvus balistae "
	    "harpax pirophoros saving-admiral\" composition=\"free\" "
	    "lateral-contest=\"%s\" crew-contest=\"%s\"/>\n",
	    rn_chance(r, 30) ? "auto" : "must-win", rn_chance(r, 30) ? "on" :
	    "off");
	rn_map_xml(cols, rows, grid, r, &b);
	for (i = 0; i < nsides; i++) {
		nation[i] = rn_below(r, 2);
		buf_printf(&b, "  <side id=\"%c\" nation=\"%s\" crew=\"%s\" "
		    "admiral=\"s%d\"%s/>\n", 'a' + i, nations[nation[i]],
		    rs->crews[rn_below(r, (int)rs->ncrews)].id, i,
		    rn_chance(r, 20) ? " saving-rolled=\"1\"" : "");
	}
	for (i = 0; i < nsides; i++)
		buf_printf(&b, "  <squadron id=\"sq-%c1\" side=\"%c\"/>\n"
		    "  <squadron id=\"sq-%c2\" side=\"%c\"/>\n", 'a' + i,
		    'a' + i, 'a' + i, 'a' + i);
	n = place(p, grid, cols, rows, nsides, rs, r);
	for (i = 0; i < n; i++)
		ship_xml(rs, p, i, nation, r, &b);
	for (i = 0; i < n; i++)
		if (p[i].gone == 2)
			buf_printf(&b, "  <wreck hex=\"%s\" ship=\"s%d\"/>\n",
			    hex_format(p[i].hex, 2, h), i);
	for (i = 0; i < n; i++) {
		buf_free(&p[i].contact);
		buf_free(&p[i].grappled);
	}
	buf_adds(&b, "</scenario>\n");
	free(grid);
	return buf_detach(&b);
}

/* ---- orders ----------------------------------------------------------- */

/* A plot near what the ship may write: turns first, a Dash, backing. */
static void
movement(const struct nv_state *st, int i, struct rn_rng *r, struct buf *b)
{
	const struct nv_ruleset		*rs = st->rs;
	const struct nauta_data		*nd = nauta_data(rs);
	const struct nv_ship		*s = &st->ships[i];
	const struct nauta_class	*c = &nd->classes[s->cls];
	int	max = nauta_max_speed(rs, s), lo = 0, hi = max, v, k, turns;

	if (s->speed >= 0) {
		lo = s->speed - c->decel < 0 ? 0 : s->speed - c->decel;
		hi = s->speed + c->accel < max ? s->speed + c->accel : max;
	}
	if (s->speed <= 0 && rn_chance(r, 12)) {
		buf_printf(b, "SHIP %s SPEED 0 MOVE %s\n", s->id,
		    rn_chance(r, 50) ? "B" : "BB");
		return;
	}
	v = lo + rn_below(r, hi - lo + 1);
	if (nauta_dash_due(rs, s, NULL) > 0 && rn_chance(r, 12)) {
		buf_printf(b, "SHIP %s SPEED %d DASH\n", s->id, v);
		return;
	}
	turns = c->size <= nd->small_size ? nd->small_turns : nd->turns;
	turns = rn_chance(r, 35) ? 1 + rn_below(r, turns) : 0;
	if (turns > v)
		turns = v;
	buf_printf(b, "SHIP %s SPEED %d", s->id, v);
	if (v > 0)
		buf_adds(b, " MOVE");
	for (k = 0; k < v; k++)
		buf_adds(b, k < turns ? (i % 2 ? " L" : " R") : " F");
	buf_addc(b, '\n');
}

static void
extras(const struct nv_state *st, int i, struct rn_rng *r, struct buf *b)
{
	static const char *const shoot[] = { "START", "END", "NONE" };
	const struct nauta_data	*nd = nauta_data(st->rs);
	const struct nv_ship	*s = &st->ships[i];
	int			 t;
	size_t			 k;

	if (nauta_has_option(st->rs, s, nd->opt_balistae) && rn_chance(r, 60))
		buf_printf(b, "SHIP %s SHOOT %s\n", s->id,
		    shoot[rn_below(r, 3)]);
	if (nauta_has_option(st->rs, s, nd->opt_pirophoros) &&
	    rn_chance(r, 50)) {
		t = rn_enemy_near(st, i, 2, 1, r);
		if (t >= 0 && rn_chance(r, 50))
			buf_printf(b, "SHIP %s BURN %s\n", s->id,
			    st->ships[t].id);
		else
			buf_printf(b, "SHIP %s BURN\n", s->id);
	}
	if (nauta_flagship(st, s->side) != i || !rn_chance(r, 40))
		return;
	for (k = 0; k < st->nships; k++)
		if ((int)k != i && st->ships[k].side == s->side &&
		    st->ships[k].status == NV_STATUS_AFLOAT &&
		    rn_chance(r, 30)) {
			buf_printf(b, "SHIP %s ESCAPE %s\n", s->id,
			    st->ships[k].id);
			break;
		}
}

static void
ship_orders(const struct nv_state *st, int i, struct rn_rng *r,
    struct buf *b)
{
	const struct nv_ship	*s = &st->ships[i];
	int			 t, u;

	if (s->status != NV_STATUS_AFLOAT)
		return;
	if (rn_chance(r, 88))
		movement(st, i, r, b);
	if ((t = rn_enemy_near(st, i, 2, 1, r)) >= 0 && rn_chance(r, 55)) {
		u = rn_enemy_near(st, i, 2, 1, r);
		if (rn_chance(r, 25))
			buf_printf(b, "SHIP %s BOARD ANY\n", s->id);
		else if (u >= 0 && u != t && rn_chance(r, 40))
			buf_printf(b, "SHIP %s BOARD %s %s\n", s->id,
			    st->ships[t].id, st->ships[u].id);
		else
			buf_printf(b, "SHIP %s BOARD %s\n", s->id,
			    st->ships[t].id);
	}
	extras(st, i, r, b);
}

/* The side's squadron lines and standing orders, from a generator of
 * their own (so the ships' own orders are those they were before
 * squadrons): a squadron's movement, boarding or shooting now and then
 * (its ships with a line of their own keep theirs; a copy that is not
 * legal for its ship is an error, and rn_legal_orders drops the line),
 * standing orders for squadrons and ships, some with ship ids. */
static void
squadron_orders(const struct nv_state *st, size_t side, struct rn_rng *q,
    struct buf *b)
{
	static const char *const shoot[] = { "START", "END", "NONE" };
	const char	*sd = st->sides[side].id;
	size_t		 i;
	int		 t;

	if (rn_chance(q, 30))
		buf_printf(b, "SQUADRON sq-%s1 SPEED %d\n", sd, rn_below(q, 4));
	if (rn_chance(q, 15))
		buf_printf(b, "SQUADRON sq-%s2 BOARD ANY\n", sd);
	if (rn_chance(q, 10))
		buf_printf(b, "SQUADRON sq-%s2 SHOOT %s\n", sd,
		    shoot[rn_below(q, 3)]);
	if (rn_chance(q, 25))
		buf_printf(b, "SQUADRON sq-%s%d STANDING SPEED %d\n", sd,
		    1 + rn_below(q, 2), rn_below(q, 4));
	else if (rn_chance(q, 10))
		buf_printf(b, "SQUADRON sq-%s1 STANDING NONE\n", sd);
	for (i = 0; i < st->nships; i++) {
		if (st->ships[i].status != NV_STATUS_AFLOAT ||
		    (size_t)st->ships[i].side != side || !rn_chance(q, 8))
			continue;
		if (rn_chance(q, 30) &&
		    (t = rn_enemy_near(st, (int)i, 2, 1, q)) >= 0)
			buf_printf(b, "SHIP %s STANDING BOARD %s\n",
			    st->ships[i].id, st->ships[t].id);
		else
			buf_printf(b, "SHIP %s STANDING %s\n", st->ships[i].id,
			    rn_chance(q, 80) ? "SPEED 1" : "NONE");
	}
}

static void
orders(const struct nv_state *st, struct rn_rng *r, struct rn_file *files,
    size_t *nfiles)
{
	rn_orders_by_side(st, r, files, nfiles, ship_orders, squadron_orders);
}

static const char *const kinds[] = {
	"initiative", "dash", "contest", "ram", "damage", "shot", "burn",
	"board", "assault", "loss", "surrender", "admiral", "fight-end",
	"prize", "blocked", "collision", "exit", "eliminated", NULL
};

const struct rn_gen rn_gen_nauta = {
	"nauta", scenario, orders, kinds
};
