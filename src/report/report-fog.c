/* report-fog.c: fog of war, who sees what (docs/reports.md, "Fog of war").
 *
 * A side sees a hex when one of its ships on the map is within the
 * scenario's visibility range of it and the line between them is not
 * blocked by land, by the rulings' rule of line of sight (the hex line of
 * shared/notes/hex-math.md): only the hexes strictly between count, and a
 * line along a hexside is blocked only when the hexes on both sides are
 * land.  Ships and wrecks do not block sight.
 *
 * During the turn the reader's view changes with every move, so the
 * events are replayed: each event carries where its main ship was just
 * after it (turn_event's snapshot), and an event is shown only when every
 * ship it concerns (its ship, its other and every further ship its
 * sentence names, all carried by the event as data) was seen at that
 * moment.  A ship that sank or left the map is judged where it was. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "map.h"
#include "report-int.h"
#include "state.h"
#include "xalloc.h"

/* Where a side's ships stand, so that "does one of them see h?" looks at
 * the hexes within range of h rather than at every ship: on a big battle
 * every event asks it.  The square of 2R + 1 columns and rows around h
 * holds every hex within R of it (a step to a neighbour changes the
 * column and the row by one at most).  The arrays are the positions the
 * question is asked about (the state, or the replay); every change goes
 * through sight_set so that the counts stay exact. */
struct sight {
	const struct nv_state	*st;	/* the map, its land, the range */
	int			 reader;
	int			 range;
	int			 land;		/* the map has land */
	size_t			 n;
	struct nv_hex		*hex;		/* owned, n of each */
	int			*status;	/* enum nv_status */
	int			*side;
	int			*count;		/* per map hex: the reader's
						   ships there; owned */
	size_t			 in;		/* the reader's ships counted */
	size_t			 out;		/* ... and off the map */
};

struct report_fog {
	const struct report_input *in;
	int		 active;
	struct sight	 sg;		/* replayed positions */
	const char	*orders_kind, *default_kind;
};

int
fog_active(const struct report_input *in)
{
	return in->reader == REPORT_SIDE &&
	    in->after->settings.visibility > 0;
}

/* 1 if the map has any land: on open sea every sight line is clear,
 * and a big battle's report need not trace thousands of them. */
static int
any_land(const struct nv_state *st)
{
	return st->land != NULL && memchr(st->land, 1,
	    (size_t)st->columns * (size_t)st->rows) != NULL;
}

static int
sight_clear(const struct sight *sg, struct nv_hex a, struct nv_hex b)
{
	struct nv_hexline_step	*steps;
	size_t			 n, k;
	int			 j, land, clear = 1;

	if (!sg->land)
		return 1;
	n = hex_line(a, b, NULL, 0);
	steps = xcalloc(n, sizeof *steps);
	hex_line(a, b, steps, n);
	for (k = 1; k + 1 < n && clear; k++) {
		for (land = 0, j = 0; j < steps[k].n; j++)
			land += state_is_land(sg->st, steps[k].h[j]);
		if (land > 0 && land == steps[k].n)
			clear = 0;
	}
	free(steps);
	return clear;
}

/* The cell of an on-map hex, or -1. */
static long
sight_cell(const struct sight *sg, struct nv_hex h)
{
	int	col, row;

	if (!state_on_map(sg->st, h))
		return -1;
	hex_to_cr(h, &col, &row);
	return (long)(row - 1) * sg->st->columns + (col - 1);
}

/* Ship k counts when it is the reader's and on the map. */
static void
sight_count(struct sight *sg, size_t k, int d)
{
	long	c;

	if (sg->side[k] != sg->reader || (sg->status[k] != NV_STATUS_AFLOAT &&
	    sg->status[k] != NV_STATUS_CAPTURED))
		return;
	if ((c = sight_cell(sg, sg->hex[k])) < 0)
		sg->out = d > 0 ? sg->out + 1 : sg->out - 1;
	else {
		sg->count[c] += d;
		sg->in = d > 0 ? sg->in + 1 : sg->in - 1;
	}
}

/* Ship k is now at h with that status and side. */
static void
sight_set(struct sight *sg, size_t k, struct nv_hex h, int status, int side)
{
	sight_count(sg, k, -1);
	sg->hex[k] = h;
	sg->status[k] = status;
	sg->side[k] = side;
	sight_count(sg, k, 1);
}

/* The positions of st's ships, as side reader counts them. */
static void
sight_init(struct sight *sg, const struct nv_state *st, int reader)
{
	size_t	k;

	memset(sg, 0, sizeof *sg);
	sg->st = st;
	sg->reader = reader;
	sg->range = st->settings.visibility;
	sg->land = any_land(st);
	sg->n = st->nships;
	sg->hex = xcalloc(sg->n + 1, sizeof *sg->hex);
	sg->status = xcalloc(sg->n + 1, sizeof *sg->status);
	sg->side = xcalloc(sg->n + 1, sizeof *sg->side);
	sg->count = xcalloc((size_t)st->columns * (size_t)st->rows + 1,
	    sizeof *sg->count);
	for (k = 0; k < sg->n; k++) {
		sg->hex[k] = st->ships[k].hex;
		sg->status[k] = (int)st->ships[k].status;
		sg->side[k] = st->ships[k].side;
		sight_count(sg, k, 1);
	}
}

static void
sight_free(struct sight *sg)
{
	free(sg->hex);
	free(sg->status);
	free(sg->side);
	free(sg->count);
	memset(sg, 0, sizeof *sg);
}

/* Does a ship of the reader see h?  Ship by ship when that is less work
 * than the square around h (or when a counted ship is off the map). */
static int
sight_sees(const struct sight *sg, struct nv_hex h)
{
	const struct nv_state	*st = sg->st;
	int			 col, row, c, r, c1, r1;
	size_t			 k, square;

	square = (size_t)(2 * sg->range + 1) * (size_t)(2 * sg->range + 1);
	if (sg->out > 0 || square > sg->in) {
		for (k = 0; k < sg->n; k++) {
			if (sg->side[k] != sg->reader ||
			    (sg->status[k] != NV_STATUS_AFLOAT &&
			    sg->status[k] != NV_STATUS_CAPTURED))
				continue;
			if (hex_distance(sg->hex[k], h) <= sg->range &&
			    sight_clear(sg, sg->hex[k], h))
				return 1;
		}
		return 0;
	}
	hex_to_cr(h, &col, &row);
	c1 = col + sg->range < st->columns ? col + sg->range : st->columns;
	r1 = row + sg->range < st->rows ? row + sg->range : st->rows;
	for (c = col - sg->range > 1 ? col - sg->range : 1; c <= c1; c++)
		for (r = row - sg->range > 1 ? row - sg->range : 1; r <= r1;
		    r++) {
			if (sg->count[(size_t)(r - 1) * (size_t)st->columns +
			    (size_t)(c - 1)] == 0)
				continue;
			if (hex_distance(hex_from_cr(c, r), h) <= sg->range &&
			    sight_clear(sg, hex_from_cr(c, r), h))
				return 1;
		}
	return 0;
}

void
report_fog_end(const struct report_input *in, unsigned char *ship_vis,
    unsigned char *wreck_vis)
{
	const struct nv_state	*st = in->after;
	struct sight		 sg;
	int			 fog = fog_active(in), own;
	size_t			 i;

	if (fog)
		sight_init(&sg, st, in->side);
	for (i = 0; i < st->nships; i++) {
		own = st->ships[i].side == in->side ||
		    st->ships[i].owner == in->side;
		/* Own ships count also when lost: a side knows them, and
		 * they keep their numbers in the map codes, so that a1 ...
		 * a10 stay A1 ... A10 after a2 sinks, as without fog.  Only
		 * a ship on the map is drawn. */
		ship_vis[i] = !fog || own || (ship_on_map(&st->ships[i]) &&
		    sight_sees(&sg, st->ships[i].hex));
	}
	/* A wreck shows where it lies if it is in sight, or if it was one of
	 * the reader's own ships: a side knows where its ships went down. */
	for (i = 0; i < st->nwrecks; i++) {
		int	k = state_ship_index(st, st->wrecks[i].ship);

		own = k >= 0 && st->ships[k].owner == in->side;
		wreck_vis[i] = !fog || own ||
		    sight_sees(&sg, st->wrecks[i].hex);
	}
	if (fog)
		sight_free(&sg);
}

struct report_fog *
fog_new(const struct report_input *in)
{
	struct report_fog	*f = xcalloc(1, sizeof *f);

	f->in = in;
	f->active = fog_active(in);
	sight_init(&f->sg, in->before, in->side);
	f->orders_kind = event_kind_name(NV_EV_ORDERS);
	f->default_kind = event_kind_name(NV_EV_DEFAULT);
	return f;
}

void
fog_free(struct report_fog *f)
{
	if (f == NULL)
		return;
	sight_free(&f->sg);
	free(f);
}

/* A ship the reader has a stake in: its own at the start of the turn or
 * now (captured either way), so that it hears of its own losses. */
static int
own_ship(const struct report_fog *f, int k)
{
	const struct nv_ship	*s = &f->in->before->ships[k];

	return s->side == f->in->side || s->owner == f->in->side ||
	    f->sg.side[k] == f->in->side;
}

static int
seen(const struct report_fog *f, int k)
{
	if (k < 0 || own_ship(f, k))
		return 1;
	return sight_sees(&f->sg, f->sg.hex[k]);
}

/* Does the event concern, besides its ship and other, a ship the reader
 * does not see?  The ships its sentence names are the event's data
 * (events_also), so no sentence is read here. */
static int
also_unseen(const struct report_fog *f, const struct nv_event *e)
{
	size_t	k;

	for (k = 0; k < e->nalso; k++)
		if (!seen(f, state_ship_index(f->in->before, e->also[k])))
			return 1;
	return 0;
}

static int visible(const struct report_fog *, const struct nv_event *, int,
	    int);

int
fog_event(struct report_fog *f, size_t idx)
{
	const struct nv_event	*e = &f->in->ev->v[idx];
	const struct nv_state	*st = f->in->before;
	int			 ship = -1, other = -1, vis;

	if (e->ship[0] != '\0')
		ship = state_ship_index(st, e->ship);
	if (e->other[0] != '\0')
		other = state_ship_index(st, e->other);
	/* Where the ship went and what became of it count for this event;
	 * a change of side (a capture) only after it, so that the side that
	 * loses a ship sees it surrender. */
	if (ship >= 0 && e->has_at)
		sight_set(&f->sg, (size_t)ship, e->at, e->status,
		    f->sg.side[ship]);
	vis = visible(f, e, ship, other);
	if (ship >= 0 && e->has_at)
		sight_set(&f->sg, (size_t)ship, f->sg.hex[ship],
		    f->sg.status[ship], e->side);
	return vis;
}

static int
visible(const struct report_fog *f, const struct nv_event *e, int ship,
    int other)
{
	/* Orders are the GM's to see: a side sees only its own (the
	 * default order too, which tells that no orders came). */
	if (strcmp(e->kind, f->orders_kind) == 0 ||
	    strcmp(e->kind, f->default_kind) == 0) {
		if (f->in->reader == REPORT_GM)
			return 1;
		if (f->in->reader == REPORT_OBSERVER)
			return 0;
		return ship >= 0 && own_ship(f, ship);
	}
	if (!f->active)
		return 1;
	if (!seen(f, ship) || !seen(f, other))
		return 0;
	/* The sentence may name further ships (a pooled boarding round):
	 * each must be in sight too, or the event does not appear. */
	return !also_unseen(f, e);
}

void
report_fog_map(const struct nv_state *st, int side, struct map_opts *o,
    unsigned char **ship_vis, unsigned char **wreck_vis)
{
	struct report_input	in;

	*ship_vis = *wreck_vis = NULL;
	o->side = side;
	if (side < 0)
		return;
	memset(&in, 0, sizeof in);
	in.before = in.after = st;
	in.reader = REPORT_SIDE;
	in.side = side;
	*ship_vis = xcalloc(st->nships + 1, 1);
	*wreck_vis = xcalloc(st->nwrecks + 1, 1);
	report_fog_end(&in, *ship_vis, *wreck_vis);
	o->ship_visible = *ship_vis;
	o->wreck_visible = *wreck_vis;
}
