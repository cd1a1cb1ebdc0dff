/* move-terrain.c: a step the map decides (see move-int.h).
 *
 * A step off the map, into land, into a wreck or into an obstacle marker
 * is handed to the ruleset's terrain() hook with the default answer
 * filled in (the edge: the ship leaves the battle; land, wrecks and
 * markers: it is blocked), the answer of the first ruleset's rulings, so
 * that a ruleset without the hook plays by them.
 * The hook may answer otherwise: eliminate the ship (a coast that wrecks),
 * block it at the edge (Thalassa), let it run aground into land (War
 * Galley, with ops->ships_on_land) or into a marker's hex, or let it pass
 * a marker (debris).  An answer that does not fit the kind is a block:
 * a ship never stands off the map or on a wreck. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "move-int.h"
#include "ruleset.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static const char *
default_what(const struct nv_state *st, enum nv_terrain_kind kind,
    int marker)
{
	const struct nv_ruleset_ops	*ops = st->rs->ops;
	int				 k;

	switch (kind) {
	case NV_TERRAIN_EDGE:
		return "the edge of the map";
	case NV_TERRAIN_LAND:
		return "land";
	case NV_TERRAIN_WRECK:
		return "a wreck";
	default:
		k = marker >= 0 ? st->markers[marker].kind : -1;
		return k >= 0 && (size_t)k < ops->nmarker_kinds ?
		    ops->marker_kinds[k].words : "an obstacle";
	}
}

/* The answer, made to fit the kind. */
static enum nv_terrain_outcome
fitted(const struct nv_state *st, const struct nv_terrain *tr)
{
	switch (tr->outcome) {
	case NV_TERRAIN_EXIT:
		return tr->kind == NV_TERRAIN_EDGE ? NV_TERRAIN_EXIT :
		    NV_TERRAIN_BLOCK;
	case NV_TERRAIN_ELIMINATE:
		return tr->status != NV_STATUS_AFLOAT &&
		    tr->status != NV_STATUS_CAPTURED ? NV_TERRAIN_ELIMINATE :
		    NV_TERRAIN_BLOCK;
	case NV_TERRAIN_ENTER_STOP:
		if (tr->kind == NV_TERRAIN_MARKER || (tr->kind ==
		    NV_TERRAIN_LAND && st->rs->ops->ships_on_land))
			return NV_TERRAIN_ENTER_STOP;
		return NV_TERRAIN_BLOCK;
	case NV_TERRAIN_PASS:
		return tr->kind == NV_TERRAIN_MARKER ? NV_TERRAIN_PASS :
		    NV_TERRAIN_BLOCK;
	default:
		return NV_TERRAIN_BLOCK;
	}
}

static void
exit_map(struct round *r, int i)
{
	struct nv_turn	*t = r->t;
	struct mv	*m = &r->mv[i];
	char		 h[8];

	m->state = MV_EXITED;
	t->st->ships[i].status = NV_STATUS_EXITED;
	t->plots[i].stopped = 1;
	turn_event(t, mv_ev(NV_EV_EXIT), i, -1, "%s %s off the map from %s and "
	    "leaves the battle", t->desc[i], m->back ? "backs" : "sails",
	    mv_hname(r, m->from, h));
}

int
mv_terrain_step(struct round *r, int i, enum nv_terrain_kind kind,
    int marker, char **cause)
{
	struct nv_turn		*t = r->t;
	const struct nv_ruleset	*rs = t->rs;
	struct mv		*m = &r->mv[i];
	struct nv_terrain	 tr;
	char			 h[8], *why;

	memset(&tr, 0, sizeof tr);
	tr.kind = kind;
	tr.ship = i;
	tr.from = m->from;
	tr.to = m->to;
	tr.dir = m->dir;
	tr.astern = m->back;
	tr.marker = marker;
	tr.outcome = kind == NV_TERRAIN_EDGE ? NV_TERRAIN_EXIT :
	    NV_TERRAIN_BLOCK;
	tr.status = NV_STATUS_SUNK;
	tr.what = default_what(t->st, kind, marker);
	if (rs->ops->terrain != NULL && rs->ops->terrain(t, &tr, cause) != 0)
		return -1;
	if (tr.what == NULL)
		tr.what = default_what(t->st, kind, marker);
	switch (fitted(t->st, &tr)) {
	case NV_TERRAIN_EXIT:
		exit_map(r, i);
		return 0;
	case NV_TERRAIN_ELIMINATE:
		m->state = MV_EXITED;
		why = xasprintf("%s into %s (%s)", m->back ? "backs" :
		    "steps", mv_hname_any(r, tr.to, h), tr.what);
		turn_eliminate(t, i, tr.status, why);
		free(why);
		return 0;
	case NV_TERRAIN_ENTER_STOP:
		m->stop_on_entry = 1;
		m->passed = 1;
		return 1;
	case NV_TERRAIN_PASS:
		m->passed = 1;
		return 1;
	default:
		mv_block(r, i, tr.what);
		return 0;
	}
}
