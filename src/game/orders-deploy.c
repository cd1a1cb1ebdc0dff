/* orders-deploy.c: turn 0, the deployment turn (docs/orders.md,
 * "Deployment"): "SHIP id AT hex [FACING f]" places a ship of the side
 * inside the side's deployment zone (the scenario's <zone>s), in open
 * water, where no other ship stands or is placed.  A ship not placed
 * stays where the scenario put it.  The turn itself is move-deploy.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "orders-int.h"
#include "orders-lex.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define AT_USAGE "SHIP id AT hex, or SHIP id AT hex FACING f"

void
odep_free(const struct nv_state *st, struct orders_more *m)
{
	size_t	i;

	if (m->place == NULL)
		return;
	for (i = 0; i < st->nships; i++) {
		free(m->place[i].file);
		free(m->place[i].text);
	}
	free(m->place);
	m->place = NULL;
}

/* The hex and facing of "AT hex [FACING f]": 0, or -1 (reported). */
static int
at_parse(struct oparse *op, unsigned no, const char *text, char **argv,
    size_t argc, struct nv_hex *h, int *facing)
{
	const struct nv_state	*st = op->o->st;
	int			 dg = state_hex_digits(st);

	*facing = -1;
	if ((argc != 2 && argc != 4) || (argc == 4 &&
	    orders_keyword(argv[2]) != OKW_FACING)) {
		diag_error(&op->d, op->h->file, no, "%s: the words after the "
		    "ship do not read as a place; legal: %s", text, AT_USAGE);
		return -1;
	}
	if (hex_parse(argv[1], dg, h) != 0 || !state_on_map(st, *h)) {
		diag_error(&op->d, op->h->file, no, "%s: %s is no hex of this "
		    "map; legal: %s, column 01-%02d then row 01-%02d", text,
		    argv[1], dg == 2 ? "CCRR" : "CCCRRR", st->columns, st->rows);
		return -1;
	}
	if (argc == 4 && (*facing = dir_parse(argv[3])) < 0) {
		diag_error(&op->d, op->h->file, no, "%s: %s is no facing; "
		    "legal: N NE SE S SW NW", text, argv[3]);
		return -1;
	}
	return 0;
}

void
odep_line(struct oparse *op, unsigned no, const char *text, int ship,
    char **argv, size_t argc)
{
	const struct nv_state	*st = op->o->st;
	struct orders_more	*m = op->o->more;
	struct oplace		*p;
	struct nv_hex		 h;
	int			 facing;

	m->named[ship] |= ON_AT;
	if (st->turn != 0) {
		diag_error(&op->d, op->h->file, no, "%s: ships are placed in "
		    "turn 0, the deployment turn, and this is turn %d; legal: "
		    "an order for the ship, e.g. SHIP %s SPEED 0", text,
		    st->turn, st->ships[ship].id);
		return;
	}
	if (at_parse(op, no, text, argv, argc, &h, &facing) != 0)
		return;
	if (m->place == NULL)
		m->place = xcalloc(st->nships + 1, sizeof *m->place);
	/* A later line for the ship replaces the earlier one. */
	p = &m->place[ship];
	free(p->file);
	free(p->text);
	p->placed = 1;
	p->fileno = (size_t)(op->h - op->o->files);
	p->hex = h;
	p->facing = facing;
	p->file = xstrdup(op->h->file);
	p->line = no;
	p->text = xstrdup(text);
}

/* "0101-0712, 1401-1412": the side's zones (or "none"). */
static void
zone_list(const struct nv_state *st, int side, struct buf *b)
{
	char	h0[8], h1[8];
	size_t	i, n = 0;

	for (i = 0; i < st->nzones; i++)
		if (st->zones[i].side == side)
			buf_printf(b, "%s%s-%s", n++ > 0 ? ", " : "",
			    state_hex_name(st, st->zones[i].from, h0),
			    state_hex_name(st, st->zones[i].to, h1));
	if (n == 0)
		buf_adds(b, "none");
}

/* The zone and the map: is ship i's place one it may take? */
static void
check_place(const struct nv_state *st, int i, const struct oplace *p,
    struct diag *d)
{
	const struct nv_ship	*s = &st->ships[i];
	struct buf		 b = BUF_INIT;
	char			 h[8];

	state_hex_name(st, p->hex, h);
	if (!state_in_zone(st, s->side, p->hex)) {
		zone_list(st, s->side, &b);
		diag_error(d, p->file, p->line, "%s: %s is outside the "
		    "deployment zone of %s; legal: a hex in %s", p->text, h,
		    st->sides[s->side].id, buf_str(&b));
	} else if (state_is_land(st, p->hex) && !st->rs->ops->ships_on_land)
		diag_error(d, p->file, p->line, "%s: %s is land; legal: a hex "
		    "of open water", p->text, h);
	else if (state_is_wreck(st, p->hex))
		diag_error(d, p->file, p->line, "%s: %s holds a wreck; legal: "
		    "a hex of open water", p->text, h);
	buf_free(&b);
}

int
odep_cmp_at(const void *a, const void *b)
{
	const struct odep_at	*x = a, *y = b;
	int			 c = hex_cmp(x->hex, y->hex);

	return c != 0 ? c : (x->ship > y->ship) - (x->ship < y->ship);
}

static void
shared_error(const struct nv_state *st, const struct oplace *p, int other,
    int other_placed, struct diag *d)
{
	diag_error(d, p->file, p->line, "%s: %s %s there; legal: a hex no "
	    "other ship takes", p->text, st->ships[other].id, other_placed ?
	    "is placed" : "stands, and these orders do not move it,");
}

/* Two ships in one hex after the placements of file k: an error on each
 * of its placements that makes it so, naming the other ship.  A file is
 * judged with every other ship where the scenario put it: the sides (and
 * the players of a side) place in secret, and claims of two files on one
 * hex are settled when the turn is played (move-deploy.c).  v holds a
 * place for every ship. */
static void
check_shared(const struct nv_state *st, const struct oplace *pl, size_t k,
    struct odep_at *v, struct diag *d)
{
	size_t	n = 0, i, j;
	int	a, b, pa, pb;

	for (i = 0; i < st->nships; i++) {
		if (!ship_on_map(&st->ships[i]))
			continue;
		v[n].hex = pl[i].placed && pl[i].fileno == k ? pl[i].hex :
		    st->ships[i].hex;
		v[n++].ship = (int)i;
	}
	qsort(v, n, sizeof *v, odep_cmp_at);
	for (i = 0; i + 1 < n; i++)
		for (j = i + 1; j < n && hex_eq(v[i].hex, v[j].hex); j++) {
			a = v[i].ship;
			b = v[j].ship;
			pa = pl[a].placed && pl[a].fileno == k;
			pb = pl[b].placed && pl[b].fileno == k;
			if (pb)
				shared_error(st, &pl[b], a, pa, d);
			if (pa)
				shared_error(st, &pl[a], b, pb, d);
		}
}

void
odep_validate(struct nv_orders *o, struct diag *d)
{
	const struct nv_state	*st = o->st;
	const struct oplace	*pl = o->more->place;
	struct odep_at		*v;
	unsigned char		*has;
	size_t			 i, k;

	if (pl == NULL)
		return;
	has = xcalloc(o->nfiles + 1, 1);
	for (i = 0; i < st->nships; i++)
		if (pl[i].placed) {
			check_place(st, (int)i, &pl[i], d);
			has[pl[i].fileno] = 1;
		}
	v = xcalloc(st->nships + 1, sizeof *v);
	for (k = 0; k < o->nfiles; k++)
		if (has[k])
			check_shared(st, pl, k, v, d);
	free(v);
	free(has);
}

int
orders_placement(const struct nv_orders *o, int ship, struct nv_hex *hex,
    int *facing)
{
	const struct oplace	*p;

	if (o == NULL || o->more == NULL || o->more->place == NULL ||
	    !o->more->place[ship].placed)
		return 0;
	p = &o->more->place[ship];
	*hex = p->hex;
	*facing = p->facing;
	return 1;
}

void
odep_format(const struct nv_orders *o, struct buf *b)
{
	const struct nv_state	*st = o->st;
	const struct oplace	*p;
	char			 h[8];
	size_t			 i;

	for (i = 0; o->more->place != NULL && i < st->nships; i++) {
		p = &o->more->place[i];
		if (!p->placed)
			continue;
		buf_printf(b, "SHIP %s AT %s", st->ships[i].id,
		    state_hex_name(st, p->hex, h));
		if (p->facing >= 0)
			buf_printf(b, " FACING %s", dir_name(p->facing));
		buf_addc(b, '\n');
	}
}
