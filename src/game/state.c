/* state.c: the game state in memory (see state.h); state-xml.c reads and
 * writes it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"
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

struct nv_state *
state_clone(const struct nv_state *in)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	size_t		 i, j, na = nattrs(in), cells;

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
	}
	st->ships = xcalloc(in->nships, sizeof *st->ships);
	for (i = 0; i < in->nships; i++) {
		st->ships[i] = in->ships[i];
		st->ships[i].name = dup_or_null(in->ships[i].name);
		st->ships[i].attr = xcalloc(na, sizeof *st->ships[i].attr);
		for (j = 0; j < na; j++) {
			st->ships[i].attr[j].i = in->ships[i].attr[j].i;
			st->ships[i].attr[j].s =
			    dup_or_null(in->ships[i].attr[j].s);
		}
	}
	st->wrecks = xcalloc(in->nwrecks, sizeof *st->wrecks);
	if (in->nwrecks > 0)
		memcpy(st->wrecks, in->wrecks,
		    in->nwrecks * sizeof *st->wrecks);
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
	size_t	i, j, na;

	if (st == NULL)
		return;
	na = nattrs(st);
	for (i = 0; i < st->nsides; i++)
		free(st->sides[i].name);
	for (i = 0; i < st->nships; i++) {
		free(st->ships[i].name);
		if (st->ships[i].attr != NULL)
			for (j = 0; j < na; j++)
				free(st->ships[i].attr[j].s);
		free(st->ships[i].attr);
	}
	free(st->title);
	free(st->land);
	free(st->sides);
	free(st->ships);
	free(st->wrecks);
	free(st->result.reason);
	free(st->result.score);
	free(st);
}

int
state_ship_index(const struct nv_state *st, const char *id)
{
	size_t	lo = 0, hi = st->nships, mid;
	int	c;

	/* ships[] is sorted bytewise by lower-case id. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcasecmp(id, st->ships[mid].id);
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

int
ship_on_map(const struct nv_ship *s)
{
	return s->status == NV_STATUS_AFLOAT || s->status == NV_STATUS_CAPTURED;
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
