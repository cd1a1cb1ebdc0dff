/* state.c: the game state in memory (see state.h); state-xml.c reads and
 * writes it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hex.h"
#include "ruleset.h"
#include "shipindex.h"
#include "state.h"
#include "xalloc.h"

static const char *const status_names[] = {
#define X(e, s) s,
	NV_SHIP_STATUSES(X)
#undef X
};

const char *
status_name(enum nv_status s)
{
	if ((int)s < 0 || s >= NV_STATUS_COUNT)
		return "?";
	return status_names[s];
}

int
status_parse(const char *s)
{
	int	i;

	for (i = 0; i < NV_STATUS_COUNT; i++)
		if (strcmp(s, status_names[i]) == 0)
			return i;
	return -1;
}

int
status_may_be_off_map(int status)
{
	return status == NV_STATUS_EXITED || status >= NV_STATUS_COUNT;
}

/* The common statuses' sentences: as it happens, and afterwards. */
static const char *const status_events[] = {
	"is afloat", "sinks", "is captured", "leaves the battle"
};
static const char *const status_fates[] = {
	"afloat", "sunk", "captured", "left the battle"
};
_Static_assert(sizeof status_events / sizeof status_events[0] ==
    NV_STATUS_COUNT, "a sentence for every common status");
_Static_assert(sizeof status_fates / sizeof status_fates[0] ==
    NV_STATUS_COUNT, "a fate for every common status");

static const struct nv_status_def *
module_status(const struct nv_ruleset *rs, int status)
{
	size_t	k;

	if (rs == NULL || status < NV_STATUS_COUNT)
		return NULL;
	k = (size_t)(status - NV_STATUS_COUNT);
	return k < rs->ops->nstatuses ? &rs->ops->statuses[k] : NULL;
}

const char *
ruleset_status_name(const struct nv_ruleset *rs, int status)
{
	const struct nv_status_def	*d = module_status(rs, status);

	return d != NULL ? d->name : status_name((enum nv_status)status);
}

int
ruleset_status_parse(const struct nv_ruleset *rs, const char *name)
{
	size_t	k;
	int	i = status_parse(name);

	if (i >= 0 || rs == NULL)
		return i;
	for (k = 0; k < rs->ops->nstatuses; k++)
		if (strcmp(rs->ops->statuses[k].name, name) == 0)
			return NV_STATUS_COUNT + (int)k;
	return -1;
}

const char *
ruleset_status_event(const struct nv_ruleset *rs, int status)
{
	const struct nv_status_def	*d = module_status(rs, status);

	if (d != NULL)
		return d->event;
	return status >= 0 && status < NV_STATUS_COUNT ?
	    status_events[status] : "?";
}

const char *
ruleset_status_fate(const struct nv_ruleset *rs, int status)
{
	const struct nv_status_def	*d = module_status(rs, status);

	if (d != NULL)
		return d->fate;
	return status >= 0 && status < NV_STATUS_COUNT ?
	    status_fates[status] : "?";
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static size_t
nattrs(const struct nv_state *st)
{
	return st->rs != NULL ? st->rs->ops->nship_attrs : 0;
}

static size_t
nside_attrs(const struct nv_state *st)
{
	return st->rs != NULL ? st->rs->ops->nside_attrs : 0;
}

static size_t
ngame_attrs(const struct nv_state *st)
{
	return st->rs != NULL ? st->rs->ops->ngame_attrs : 0;
}

/* A copy of n attribute values (NULL stays NULL). */
static struct nv_attrval *
attrs_clone(const struct nv_attrval *in, size_t n)
{
	struct nv_attrval	*out;
	size_t			 j;

	if (in == NULL)
		return NULL;
	out = xcalloc(n + 1, sizeof *out);
	for (j = 0; j < n; j++) {
		out[j].i = in[j].i;
		out[j].s = dup_or_null(in[j].s);
	}
	return out;
}

/* The text values of a's n attributes (the array itself is the
 * caller's). */
static void
attrs_free_values(struct nv_attrval *a, size_t n)
{
	size_t	j;

	if (a == NULL)
		return;
	for (j = 0; j < n; j++)
		free(a[j].s);
}

static void
attrs_free(struct nv_attrval *a, size_t n)
{
	attrs_free_values(a, n);
	free(a);
}

size_t
state_attr_stride(const struct nv_ruleset *rs)
{
	size_t	n = rs != NULL ? rs->ops->nship_attrs : 0;

	return n > 0 ? n : 1;
}

/* The ships' attributes of st (its ships[] already a copy of in's) in
 * one block, in ship order, so that a turn walking the fleet finds them
 * one after another rather than an allocation each. */
static void
ships_attrs_clone(struct nv_state *st, const struct nv_state *in)
{
	size_t	i, j, na = nattrs(in), stride = state_attr_stride(in->rs);

	st->ship_attrs = xcalloc(in->nships + 1, stride * sizeof
	    *st->ship_attrs);
	for (i = 0; i < in->nships; i++) {
		if (in->ships[i].attr == NULL) {
			st->ships[i].attr = NULL;
			continue;
		}
		st->ships[i].attr = st->ship_attrs + i * stride;
		for (j = 0; j < na; j++) {
			st->ships[i].attr[j].i = in->ships[i].attr[j].i;
			st->ships[i].attr[j].s =
			    dup_or_null(in->ships[i].attr[j].s);
		}
	}
}

struct nv_state *
state_clone(const struct nv_state *in)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	size_t		 i, cells;

	*st = *in;
	st->title = dup_or_null(in->title);
	cells = (size_t)in->columns * (size_t)in->rows;
	st->land = xcalloc(cells, 1);
	if (in->land != NULL)
		memcpy(st->land, in->land, cells);
	st->sides = xcalloc(in->nsides, sizeof *st->sides);
	for (i = 0; i < in->nsides; i++) {
		st->sides[i] = in->sides[i];
		st->sides[i].name = dup_or_null(in->sides[i].name);
		st->sides[i].attr = attrs_clone(in->sides[i].attr,
		    nside_attrs(in));
	}
	st->ships = xcalloc(in->nships, sizeof *st->ships);
	for (i = 0; i < in->nships; i++) {
		st->ships[i] = in->ships[i];
		st->ships[i].name = dup_or_null(in->ships[i].name);
		st->ships[i].standing = dup_or_null(in->ships[i].standing);
	}
	st->ship_ids = in->ship_ids != NULL ?
	    shipindex_build(st->ships, st->nships) : NULL;
	ships_attrs_clone(st, in);
	st->squadrons = xcalloc(in->nsquadrons + 1, sizeof *st->squadrons);
	for (i = 0; i < in->nsquadrons; i++) {
		st->squadrons[i] = in->squadrons[i];
		st->squadrons[i].name = dup_or_null(in->squadrons[i].name);
		st->squadrons[i].standing =
		    dup_or_null(in->squadrons[i].standing);
	}
	st->zones = xcalloc(in->nzones + 1, sizeof *st->zones);
	if (in->nzones > 0)
		memcpy(st->zones, in->zones, in->nzones * sizeof *st->zones);
	st->wrecks = xcalloc(in->nwrecks, sizeof *st->wrecks);
	if (in->nwrecks > 0)
		memcpy(st->wrecks, in->wrecks,
		    in->nwrecks * sizeof *st->wrecks);
	st->markers = xcalloc(in->nmarkers + 1, sizeof *st->markers);
	if (in->nmarkers > 0)
		memcpy(st->markers, in->markers,
		    in->nmarkers * sizeof *st->markers);
	st->attr = attrs_clone(in->attr, ngame_attrs(in));
	st->result.reason = dup_or_null(in->result.reason);
	st->result.score = NULL;
	if (in->result.score != NULL) {
		st->result.score = xcalloc(in->nsides, sizeof(int));
		memcpy(st->result.score, in->result.score,
		    in->nsides * sizeof(int));
	}
	return st;
}

void
state_free(struct nv_state *st)
{
	size_t	i, na;

	if (st == NULL)
		return;
	na = nattrs(st);
	for (i = 0; i < st->nsides; i++) {
		free(st->sides[i].name);
		attrs_free(st->sides[i].attr, nside_attrs(st));
	}
	for (i = 0; i < st->nships; i++) {
		free(st->ships[i].name);
		free(st->ships[i].standing);
		if (st->ship_attrs != NULL)
			attrs_free_values(st->ships[i].attr, na);
		else
			attrs_free(st->ships[i].attr, na);
	}
	free(st->ship_attrs);
	shipindex_free(st->ship_ids);
	for (i = 0; i < st->nsquadrons; i++) {
		free(st->squadrons[i].name);
		free(st->squadrons[i].standing);
	}
	free(st->squadrons);
	free(st->zones);
	attrs_free(st->attr, ngame_attrs(st));
	free(st->markers);
	free(st->title);
	free(st->land);
	free(st->sides);
	free(st->ships);
	free(st->wrecks);
	free(st->result.reason);
	free(st->result.score);
	free(st);
}

void
state_declare_result(struct nv_state *st, enum nv_result_kind kind,
    int winner, const char *reason)
{
	free(st->result.reason);
	free(st->result.score);
	st->result.kind = kind;
	st->result.winner = winner;
	st->result.reason = xstrdup(reason != NULL ? reason : "");
	st->result.score = xcalloc(st->nsides + 1, sizeof *st->result.score);
}

int
state_ship_index(const struct nv_state *st, const char *id)
{
	size_t	lo = 0, hi = st->nships, mid;
	char	lower[NV_ID_MAX + 1];
	int	c;

	if (shipindex_fold(id, lower) != 0)
		return -1;	/* longer than any id */
	if (shipindex_covers(st->ship_ids, st->nships))
		return shipindex_find(st->ship_ids, st->ships, st->nships,
		    lower);
	/* ships[] is sorted bytewise by lower-case id. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = shipindex_cmp_folded(lower, st->ships[mid].id);
		if (c == 0)
			return (int)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

int
state_side_index(const struct nv_state *st, const char *id)
{
	size_t	i;

	for (i = 0; i < st->nsides; i++)
		if (strcasecmp(id, st->sides[i].id) == 0)
			return (int)i;
	return -1;
}

/* A module status (above NV_STATUS_COUNT) is off the map. */
int
ship_on_map(const struct nv_ship *s)
{
	return s->status == NV_STATUS_AFLOAT || s->status == NV_STATUS_CAPTURED;
}

int
state_nearest_enemy(const struct nv_state *st, int ship)
{
	const struct nv_ship	*me = &st->ships[ship], *s;
	size_t			 i;
	int			 best = -1, d, bd = 0;

	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		if (s->side == me->side || !ship_on_map(s))
			continue;
		d = hex_distance(me->hex, s->hex);
		if (best < 0 || d < bd) {
			best = (int)i;
			bd = d;
		}
	}
	return best;
}

int
state_ship_at(const struct nv_state *st, struct nv_hex h)
{
	size_t	i;

	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]) && hex_eq(st->ships[i].hex, h))
			return (int)i;
	return -1;
}

int
state_on_map(const struct nv_state *st, struct nv_hex h)
{
	return hex_on_map(h, st->columns, st->rows);
}

int
state_is_land(const struct nv_state *st, struct nv_hex h)
{
	int	col, row;

	if (!state_on_map(st, h) || st->land == NULL)
		return 0;
	hex_to_cr(h, &col, &row);
	return st->land[(size_t)(row - 1) * (size_t)st->columns +
	    (size_t)(col - 1)] != 0;
}

int
state_is_wreck(const struct nv_state *st, struct nv_hex h)
{
	size_t	lo = 0, hi = st->nwrecks, mid;
	int	c;

	/* wrecks[] is in hex order (the loader sorts it, state_add_wreck
	 * keeps it so). */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = hex_cmp(h, st->wrecks[mid].hex);
		if (c == 0)
			return 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

int
state_hex_digits(const struct nv_state *st)
{
	return hex_digits(st->columns, st->rows);
}

char *
state_hex_name(const struct nv_state *st, struct nv_hex h, char *out)
{
	return hex_format(h, state_hex_digits(st), out);
}

void
state_add_wreck(struct nv_state *st, struct nv_hex h, const char *id)
{
	size_t	i, len = strnlen(id, NV_ID_MAX);

	st->wrecks = xreallocarray(st->wrecks, st->nwrecks + 1,
	    sizeof *st->wrecks);
	/* Insertion keeps the canonical order the loader sorts into: hex,
	 * then ship id. */
	for (i = st->nwrecks; i > 0; i--) {
		int c = hex_cmp(st->wrecks[i - 1].hex, h);

		if (c < 0 || (c == 0 && strcmp(st->wrecks[i - 1].ship, id) <= 0))
			break;
		st->wrecks[i] = st->wrecks[i - 1];
	}
	st->wrecks[i].hex = h;
	memcpy(st->wrecks[i].ship, id, len);
	st->wrecks[i].ship[len] = '\0';
	st->nwrecks++;
}

static int
marker_cmp(const struct nv_marker *a, struct nv_hex h, int kind,
    const char *ship, long value)
{
	int	c = hex_cmp(a->hex, h);

	if (c != 0)
		return c;
	if (a->kind != kind)
		return a->kind < kind ? -1 : 1;
	if ((c = strcmp(a->ship, ship)) != 0)
		return c;
	return a->value < value ? -1 : a->value > value;
}

size_t
state_add_marker(struct nv_state *st, struct nv_hex h, int kind,
    const char *ship, long value)
{
	size_t	i, len;

	if (ship == NULL)
		ship = "";
	len = strnlen(ship, NV_ID_MAX);
	st->markers = xreallocarray(st->markers, st->nmarkers + 1,
	    sizeof *st->markers);
	/* Insertion keeps the canonical order of the state file. */
	for (i = st->nmarkers; i > 0; i--) {
		if (marker_cmp(&st->markers[i - 1], h, kind, ship, value) <= 0)
			break;
		st->markers[i] = st->markers[i - 1];
	}
	memset(&st->markers[i], 0, sizeof st->markers[i]);
	st->markers[i].hex = h;
	st->markers[i].kind = kind;
	memcpy(st->markers[i].ship, ship, len);
	st->markers[i].value = value;
	st->nmarkers++;
	st->marker_gen++;
	return i;
}

void
state_remove_marker(struct nv_state *st, size_t i)
{
	if (i >= st->nmarkers)
		return;
	memmove(&st->markers[i], &st->markers[i + 1],
	    (st->nmarkers - i - 1) * sizeof *st->markers);
	st->nmarkers--;
	st->marker_gen++;
}

int
state_marker_at(const struct nv_state *st, struct nv_hex h)
{
	size_t	i;

	for (i = 0; i < st->nmarkers; i++)
		if (hex_eq(st->markers[i].hex, h))
			return (int)i;
	return -1;
}

int
state_squadron_index(const struct nv_state *st, const char *id)
{
	size_t	i;

	for (i = 0; i < st->nsquadrons; i++)
		if (strcasecmp(id, st->squadrons[i].id) == 0)
			return (int)i;
	return -1;
}

int
state_ship_squadron(const struct nv_state *st, const struct nv_ship *s)
{
	if (s->squadron <= 0 || (size_t)s->squadron > st->nsquadrons)
		return -1;
	return s->squadron - 1;
}

int
state_in_zone(const struct nv_state *st, int side, struct nv_hex h)
{
	const struct nv_zone	*z;
	size_t			 i;
	int			 c, r, c0, r0, c1, r1;

	hex_to_cr(h, &c, &r);
	for (i = 0; i < st->nzones; i++) {
		z = &st->zones[i];
		if (z->side != side)
			continue;
		hex_to_cr(z->from, &c0, &r0);
		hex_to_cr(z->to, &c1, &r1);
		if (c >= c0 && c <= c1 && r >= r0 && r <= r1)
			return 1;
	}
	return 0;
}
