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
 * ship it concerns, and every ship its sentence names, was seen at that
 * moment.  A ship that sank or left the map is judged where it was. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "map.h"
#include "report-int.h"
#include "state.h"
#include "xalloc.h"

struct report_fog {
	const struct report_input *in;
	int		 active;
	size_t		 n;		/* before->nships */
	struct nv_hex	*hex;		/* replayed positions */
	int		*status;	/* enum nv_status */
	int		*side;
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
sight_clear(const struct nv_state *st, struct nv_hex a, struct nv_hex b)
{
	struct nv_hexline_step	*steps;
	size_t			 n, k;
	int			 j, land, clear = 1;

	if (!any_land(st))
		return 1;
	n = hex_line(a, b, NULL, 0);
	steps = xcalloc(n, sizeof *steps);
	hex_line(a, b, steps, n);
	for (k = 1; k + 1 < n && clear; k++) {
		for (land = 0, j = 0; j < steps[k].n; j++)
			land += state_is_land(st, steps[k].h[j]);
		if (land > 0 && land == steps[k].n)
			clear = 0;
	}
	free(steps);
	return clear;
}

/* Does a ship of side, at the positions given, see h? */
static int
sees_at(const struct nv_state *st, const struct nv_hex *hex,
    const int *status, const int *side, size_t n, int reader,
    struct nv_hex h)
{
	int	range = st->settings.visibility;
	size_t	k;

	for (k = 0; k < n; k++) {
		if (side[k] != reader || (status[k] != NV_STATUS_AFLOAT &&
		    status[k] != NV_STATUS_CAPTURED))
			continue;
		if (hex_distance(hex[k], h) <= range &&
		    sight_clear(st, hex[k], h))
			return 1;
	}
	return 0;
}

int
fog_sees(const struct nv_state *st, int side, struct nv_hex h)
{
	struct nv_hex	*hex = xcalloc(st->nships + 1, sizeof *hex);
	int		*status = xcalloc(st->nships + 1, sizeof *status);
	int		*sd = xcalloc(st->nships + 1, sizeof *sd);
	size_t		 k;
	int		 r;

	for (k = 0; k < st->nships; k++) {
		hex[k] = st->ships[k].hex;
		status[k] = (int)st->ships[k].status;
		sd[k] = st->ships[k].side;
	}
	r = sees_at(st, hex, status, sd, st->nships, side, h);
	free(hex);
	free(status);
	free(sd);
	return r;
}

void
report_fog_end(const struct report_input *in, unsigned char *ship_vis,
    unsigned char *wreck_vis)
{
	const struct nv_state	*st = in->after;
	int			 fog = fog_active(in), own;
	size_t			 i;

	for (i = 0; i < st->nships; i++) {
		own = st->ships[i].side == in->side ||
		    st->ships[i].owner == in->side;
		/* Own ships count also when lost: a side knows them, and
		 * they keep their numbers in the map codes, so that a1 ...
		 * a10 stay A1 ... A10 after a2 sinks, as without fog.  Only
		 * a ship on the map is drawn. */
		ship_vis[i] = !fog || own || (ship_on_map(&st->ships[i]) &&
		    fog_sees(st, in->side, st->ships[i].hex));
	}
	/* A wreck shows where it lies if it is in sight, or if it was one of
	 * the reader's own ships: a side knows where its ships went down. */
	for (i = 0; i < st->nwrecks; i++) {
		int	k = state_ship_index(st, st->wrecks[i].ship);

		own = k >= 0 && st->ships[k].owner == in->side;
		wreck_vis[i] = !fog || own ||
		    fog_sees(st, in->side, st->wrecks[i].hex);
	}
}

struct report_fog *
fog_new(const struct report_input *in)
{
	const struct nv_state	*st = in->before;
	struct report_fog	*f = xcalloc(1, sizeof *f);
	size_t			 k;

	f->in = in;
	f->active = fog_active(in);
	f->n = st->nships;
	f->hex = xcalloc(f->n + 1, sizeof *f->hex);
	f->status = xcalloc(f->n + 1, sizeof *f->status);
	f->side = xcalloc(f->n + 1, sizeof *f->side);
	for (k = 0; k < f->n; k++) {
		f->hex[k] = st->ships[k].hex;
		f->status[k] = (int)st->ships[k].status;
		f->side[k] = st->ships[k].side;
	}
	f->orders_kind = event_kind_name(NV_EV_ORDERS);
	f->default_kind = event_kind_name(NV_EV_DEFAULT);
	return f;
}

void
fog_free(struct report_fog *f)
{
	if (f == NULL)
		return;
	free(f->hex);
	free(f->status);
	free(f->side);
	free(f);
}

/* A ship the reader has a stake in: its own at the start of the turn or
 * now (captured either way), so that it hears of its own losses. */
static int
own_ship(const struct report_fog *f, int k)
{
	const struct nv_ship	*s = &f->in->before->ships[k];

	return s->side == f->in->side || s->owner == f->in->side ||
	    f->side[k] == f->in->side;
}

static int
seen(const struct report_fog *f, int k)
{
	if (k < 0 || own_ship(f, k))
		return 1;
	return sees_at(f->in->before, f->hex, f->status, f->side, f->n,
	    f->in->side, f->hex[k]);
}

static int
is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* 1 if the sentence names ship id as a whole word. */
static int
names_ship(const char *text, const char *id)
{
	size_t		 len = strlen(id);
	const char	*p = text;

	while ((p = strstr(p, id)) != NULL) {
		if ((p == text || !is_id_char(p[-1])) &&
		    !is_id_char(p[len]))
			return 1;
		p++;
	}
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
	if (ship >= 0 && e->has_at) {
		f->hex[ship] = e->at;
		f->status[ship] = e->status;
	}
	vis = visible(f, e, ship, other);
	if (ship >= 0 && e->has_at)
		f->side[ship] = e->side;
	return vis;
}

static int
visible(const struct report_fog *f, const struct nv_event *e, int ship,
    int other)
{
	const struct nv_state	*st = f->in->before;
	size_t			 k;

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
	for (k = 0; k < f->n; k++)
		/* The name first: seen() looks at every ship of the side. */
		if (names_ship(e->text, st->ships[k].id) && !seen(f, (int)k))
			return 0;
	return 1;
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
