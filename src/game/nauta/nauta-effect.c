/* nauta-effect.c: the effects of rams, applied together (see nauta.h).
 *
 * nauta.md ("Ramming and damage"): the effect die, 1-3 damaged, 4-6
 * sunk, -1 for a friendly contact (below 1 nothing); damaged twice, from
 * any source, sunk; after an effect of 4+ on a ship 3 or more Sizes above
 * it the rammer rolls 1d6 and sinks too on 1.  The effects of the
 * contacts of one step and rank are kept as they are rolled and applied
 * together, so that no contact of the group waits for another
 * (docs/rules-nauta.md, "Names never decide"): a ship struck twice in
 * the group sinks if the effects together sink it, whatever their order,
 * and each ship of the group rolls its contests as the group began. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "nauta.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

void
nauta_lost(struct nv_turn *t, int ship)
{
	struct nv_ship	*s = &t->st->ships[ship];
	int		*v;
	size_t		 n, k;

	if (nauta_admiral_aboard(s)) {
		free(s->attr[NA_A_ADMIRAL].s);
		s->attr[NA_A_ADMIRAL].s = xstrdup(NA_ADMIRAL_KILLED);
		turn_event(t, nauta_event_name(NA_EV_ADMIRAL), ship, -1, "The "
		    "Admiral of %s is lost with %s", t->st->sides[s->owner].id,
		    t->desc[ship]);
	}
	n = nauta_ids_ships(t->st, s->attr[NA_A_GRAPPLED].s, &v);
	for (k = 0; k < n; k++)
		nauta_ungrapple(t->st, ship, v[k]);
	free(v);
}

static struct na_effect *
pending(struct nv_turn *t, int rammer, int target)
{
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 k;

	for (k = 0; k < nt->npend; k++)
		if (nt->pend[k].rammer == rammer && nt->pend[k].target == target)
			return &nt->pend[k];
	return NULL;
}

int
nauta_effect_roll(struct nv_turn *t, int rammer, int target, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct nauta_turn	*nt = t->rs_turn;
	const struct nv_ship	*r = &t->st->ships[rammer];
	struct na_effect	*e;
	int			 die;

	if (nauta_step_die(t, NA_DIE_EFFECT, rammer, "ram effect", &die,
	    cause) != 0)
		return -1;
	if (nt->npend == nt->cappend) {
		nt->cappend = nt->cappend == 0 ? 8 : nt->cappend * 2;
		nt->pend = xreallocarray(nt->pend, nt->cappend,
		    sizeof *nt->pend);
	}
	e = &nt->pend[nt->npend++];
	e->rammer = rammer;
	e->target = target;
	e->result = die;
	if (r->side == t->st->ships[target].side)
		e->result += nd->friendly;
	e->loss = 0;
	return 0;
}

int
nauta_loss_roll(struct nv_turn *t, int rammer, int target, int *lost,
    char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct na_effect	*e = pending(t, rammer, target);
	int			 die;

	*lost = 0;
	if (e == NULL || e->result < nd->sink_on ||
	    nauta_size(t->rs, &t->st->ships[target]) -
	    nauta_size(t->rs, &t->st->ships[rammer]) < nd->loss_size)
		return 0;
	if (nauta_step_die(t, NA_DIE_LOSS, rammer, "rammer loss", &die,
	    cause) != 0)
		return -1;
	*lost = e->loss = die <= nd->loss_on;
	turn_event(t, nauta_event_name(NA_EV_SINK), rammer, target, "%s %s "
	    "the sinking of %s (1d6=%d)", t->desc[rammer], e->loss ?
	    "goes down in" : "survives", t->desc[target], die);
	return 0;
}

/* One effect's sentence and its count on the target: returns 1 when the
 * target sinks by it, with damage[] the damages counted so far. */
static int
effect_apply(struct nv_turn *t, const struct na_effect *e, long *damage)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	int			 r = e->rammer, g = e->target;

	if (e->result < nd->damage_on) {
		turn_event(t, nauta_event_name(NA_EV_RAM), r, g, "%s's ram "
		    "does %s no harm (effect %d)", t->desc[r], t->desc[g],
		    e->result);
		return 0;
	}
	if (e->result >= nd->sink_on || damage[g] > 0) {
		turn_event(t, nauta_event_name(NA_EV_RAM), r, g, "%s's ram "
		    "sinks %s (effect %d%s)", t->desc[r], t->desc[g],
		    e->result, e->result >= nd->sink_on ? "" :
		    ": damaged a second time");
		return 1;
	}
	damage[g] = 1;
	turn_event(t, nauta_event_name(NA_EV_DAMAGE), r, g, "%s's ram "
	    "damages %s (effect %d)", t->desc[r], t->desc[g], e->result);
	return 0;
}

void
nauta_effects_flush(struct nv_turn *t)
{
	struct nauta_turn	*nt = t->rs_turn;
	size_t			 n = t->st->nships, k, i;
	long			*damage;
	unsigned char		*sinks;
	struct nv_ship		*s;

	if (nt->npend == 0)
		return;
	damage = xcalloc(n + 1, sizeof *damage);
	sinks = xcalloc(n + 1, 1);
	for (i = 0; i < n; i++)
		damage[i] = t->st->ships[i].attr[NA_A_DAMAGE].i;
	for (k = 0; k < nt->npend; k++) {
		sinks[nt->pend[k].target] |= effect_apply(t, &nt->pend[k],
		    damage);
		sinks[nt->pend[k].rammer] |= nt->pend[k].loss;
	}
	for (i = 0; i < n; i++) {
		s = &t->st->ships[i];
		if (!sinks[i] && damage[i] > s->attr[NA_A_DAMAGE].i) {
			s->attr[NA_A_DAMAGE].i = damage[i];
			turn_event(t, nauta_event_name(NA_EV_DAMAGE), (int)i, -1,
			    "%s is damaged: maximum speed %d, -2 on contests, "
			    "no Dash", t->desc[i], nauta_max_speed(t->rs, s));
		}
	}
	for (i = 0; i < n; i++)
		if (sinks[i] && ship_on_map(&t->st->ships[i])) {
			nauta_lost(t, (int)i);
			turn_eliminate(t, (int)i, NV_STATUS_SUNK, NULL);
		}
	nt->npend = 0;
	free(damage);
	free(sinks);
}

int
nauta_step_die(struct nv_turn *t, int kind, int ship, const char *purpose,
    int *out, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;
	int			 step = t->phase * 256 + t->round + 1;

	if (nt->die_step[kind][ship] == step) {
		*out = nt->die[kind][ship];
		return 0;
	}
	if (turn_roll(t, 6, purpose, t->st->ships[ship].id, out, cause) != 0)
		return -1;
	nt->die[kind][ship] = *out;
	nt->die_step[kind][ship] = step;
	return 0;
}
