/* classic-ram.c: a ram's damage, or an oar rake instead (classic.md,
 * "Rams"; the decisions are written down in docs/classic/rams.md).
 *
 * classic_contact() (classic-turn.c) finds who rams whom and calls
 * classic_ram_resolve() once per ram, in the order of the rammers' ids.
 * A ram rolls 1d6 + the class ram modifier (+ the data's bonus after two
 * maximum-speed turns) as hull damage and makes a hole if it did any
 * damage.  A rammer with the better crew and a standing RAKE preference
 * rakes instead: the target's figures suffer (classic-figures.c reads
 * `raked`), it stops, and the raker's blocked step slips into its port-bow
 * or starboard-bow hex (the mover's redirect, move.c) and it carries on. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic.h"
#include "events.h"
#include "orders.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static const char *
text_of(const struct nv_ship *s, int a)
{
	return s->attr[a].s != NULL ? s->attr[a].s : "";
}

static const struct classic_ship_orders *
orders_of(const struct nv_turn *t, int i)
{
	const struct classic_orders	*co;

	if (t->orders == NULL || t->orders->rs == NULL)
		return NULL;
	co = t->orders->rs;
	return co->ships != NULL ? &co->ships[i] : NULL;
}

/* The order words of a preference, for sentences. */
static const char *
rake_words(const char *pref)
{
	if (strcmp(pref, CL_RAKE_PORT) == 0)
		return "RAKE PORT";
	if (strcmp(pref, CL_RAKE_STARBOARD) == 0)
		return "RAKE STARBOARD";
	if (strcmp(pref, CL_RAKE_ANY) == 0)
		return "RAKE";
	return "RAKE NONE";
}

/* An empty preference (a state written by hand, a test fixture) is none. */
static int
rake_wanted(const struct nv_ship *s)
{
	const char	*p = text_of(s, CL_A_RAKE);

	return p[0] != '\0' && strcmp(p, CL_RAKE_NONE) != 0;
}

/* ---- the standing RAKE preference -------------------------------------- */

/* A RAKE order this turn replaces the standing preference, which then
 * holds (this turn too) until another RAKE order changes it. */
int
classic_ram_begin(struct nv_turn *t)
{
	const struct classic_ship_orders	*o;
	struct nv_ship				*s;
	size_t					 i;

	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		o = orders_of(t, (int)i);
		if (!ship_on_map(s) || o == NULL || o->rake == NULL)
			continue;
		free(s->attr[CL_A_RAKE].s);
		s->attr[CL_A_RAKE].s = xstrdup(o->rake);
		if (strcmp(o->rake, CL_RAKE_NONE) == 0)
			turn_event(t, event_kind_name(NV_EV_ORDERS), (int)i, -1,
			    "%s will ram rather than rake (standing order %s)",
			    t->desc[i], rake_words(o->rake));
		else
			turn_event(t, event_kind_name(NV_EV_ORDERS), (int)i, -1,
			    "%s will rake instead of ramming when its crew is "
			    "the better one, slipping %s (standing order %s)",
			    t->desc[i], strcmp(o->rake, CL_RAKE_PORT) == 0 ?
			    "to port" : strcmp(o->rake, CL_RAKE_STARBOARD) ==
			    0 ? "to starboard" : "to port, else to starboard",
			    rake_words(o->rake));
	}
	return 0;
}

/* ---- contacts with a ship that sank earlier in the phase --------------- */

/* The ship of the contact that stepped into the other's hex (or both, for
 * a swap or a contest): 1 if ship i stepped in contact c. */
static int
stepped(const struct nv_contact *c, int i)
{
	if (i == c->a)
		return 1;
	return c->shape == NV_CONTACT_SWAP || c->shape == NV_CONTACT_SAME_HEX;
}

/* A ship sunk earlier in this phase (by a lower-numbered contact of the
 * same wave) is a wreck: it takes no further rams and makes none.  A ship
 * whose step met it is blocked, as by any wreck (it stops and keeps its
 * declared speed, owing nothing next turn); in a contest for an empty hex
 * the survivor enters uncontested.  1 if the contact was such a one (and
 * is settled), else 0. */
int
classic_ram_sunk(struct nv_turn *t, struct nv_contact *c)
{
	const struct nv_ship	*ships = t->st->ships;
	int			 on_a = ship_on_map(&ships[c->a]);
	int			 on_b = ship_on_map(&ships[c->b]);
	int			 live, dead;
	char			 h[8];

	if (on_a && on_b)
		return 0;
	c->stop_a = c->stop_b = 0;
	if (!on_a && !on_b)
		return 1;
	live = on_a ? c->a : c->b;
	dead = on_a ? c->b : c->a;
	if (!stepped(c, live))
		return 1;		/* it did not move: nothing happens */
	if (c->shape == NV_CONTACT_SAME_HEX) {
		c->enter = live;
		turn_event(t, event_kind_name(NV_EV_CONTACT), live, dead,
		    "%s sank earlier in this phase and no longer contests %s "
		    "with %s", t->desc[dead], state_hex_name(t->st, c->hex,
		    h), ships[live].id);
		return 1;
	}
	if (live == c->a)
		c->stop_a = 1;
	else
		c->stop_b = 1;
	turn_event(t, event_kind_name(NV_EV_BLOCKED), live, dead, "%s meets "
	    "the wreck of %s, which sank earlier in this phase, in %s: it is "
	    "blocked, and there is no ram", t->desc[live], ships[dead].id,
	    state_hex_name(t->st, ships[dead].hex, h));
	return 1;
}

/* ---- oar rakes --------------------------------------------------------- */

/* Why the rammer, whose preference is to rake, rams instead; NULL if it
 * rakes.  Only the ship whose own step met the target can sweep along its
 * oars, and only with a step left to slip (not stopped already). */
static const char *
no_rake_reason(const struct nv_turn *t, const struct nv_contact *c,
    int rammer, int target, int mutual)
{
	const struct nv_ruleset	*rs = t->rs;
	const struct nv_ship	*r = &t->st->ships[rammer];
	const struct nv_ship	*g = &t->st->ships[target];

	if (mutual)
		return "in a tie both ships ram";
	if (rs->crews[r->crew].level <= rs->crews[g->crew].level)
		return "its crew is not better than its target's";
	if (!stepped(c, rammer))
		return "it did not move into the contact, so it has no "
		    "stroke to rake with";
	if (t->plots[rammer].stopped)
		return "an earlier contact of this phase has stopped it";
	return NULL;
}

static void
add_raker(struct nv_ship *g, const char *id)
{
	const char	*list = text_of(g, CL_A_RAKED_BY);
	char		*v;

	if (classic_ids_contain(list, id))
		return;
	v = list[0] != '\0' ? xasprintf("%s %s", list, id) : xstrdup(id);
	free(g->attr[CL_A_RAKED_BY].s);
	g->attr[CL_A_RAKED_BY].s = v;
}

/* The raker's slip: port bow, starboard bow, or port then starboard. */
static void
set_slip(struct nv_turn *t, struct nv_contact *c, int raker,
    const char *pref)
{
	int	facing = t->st->ships[raker].facing;
	int	port = dir_turn(facing, -1), stbd = dir_turn(facing, 1);
	int	dir;

	dir = strcmp(pref, CL_RAKE_STARBOARD) == 0 ? stbd : port;
	c->redirect_alt = strcmp(pref, CL_RAKE_ANY) == 0 ? stbd : -1;
	if (raker == c->a)
		c->redirect_a = dir;
	else
		c->redirect_b = dir;
}

static int
rake(struct nv_turn *t, struct nv_contact *c, int raker, int target)
{
	const struct nv_ruleset	*rs = t->rs;
	const struct classic_data *cd = classic_data(rs);
	struct classic_turn	*ct = t->rs_turn;
	struct nv_ship		*r = &t->st->ships[raker];
	struct nv_ship		*g = &t->st->ships[target];
	const char		*pref = text_of(r, CL_A_RAKE);
	int			 cruise = classic_cruise(rs, g);
	int			 circle = classic_turn_circle(rs, g);
	int			 had_max = classic_max_speed(rs, g) > cruise;

	g->attr[CL_A_RAKED].i++;
	add_raker(g, r->id);
	/* The raker is neither stopped nor rammed: it slips and goes on.
	 * The target stops (c->stop_* stays set) and records speed 0. */
	if (raker == c->a)
		c->stop_a = 0;
	else
		c->stop_b = 0;
	ct->rammed[raker] = 0;
	c->enter = -1;
	set_slip(t, c, raker, pref);
	turn_event(t, classic_event_name(CL_EV_RAKE), raker, target,
	    "%s rakes the oars of %s instead of ramming (crew %s against %s; "
	    "standing order %s): %s's cruising speed is now %d (was %d), "
	    "%s, its turning circle is now %d (was %d), it cannot board %s, "
	    "and it stops for the rest of the turn; %s's step slips %s and "
	    "it carries on", t->desc[raker], t->desc[target],
	    rs->crews[r->crew].id, rs->crews[g->crew].id, rake_words(pref),
	    g->id, classic_cruise(rs, g), cruise,
	    cd->rake_keeps_max ? "it keeps its maximum speed" : had_max ?
	    "it may no longer use maximum speed" :
	    "it still may not use maximum speed", classic_turn_circle(rs, g),
	    circle, r->id, r->id, strcmp(pref, CL_RAKE_PORT) == 0 ?
	    "into its port-bow hex" : strcmp(pref, CL_RAKE_STARBOARD) == 0 ?
	    "into its starboard-bow hex" : "into its port-bow hex (or its "
	    "starboard-bow hex if that is not free)");
	return CL_RAM_RAKE;
}

/* ---- rams -------------------------------------------------------------- */

/* The target's hexside that the ram strikes. */
static int
struck_side(const struct nv_contact *c, int target)
{
	return target == c->b ? c->b_side : c->a_side;
}

static void
ram_sentence(struct nv_turn *t, const struct nv_contact *c, int rammer,
    int target, int die, int mod, int bonus, int total)
{
	const struct classic_data *cd = classic_data(t->rs);
	const struct nv_ship	*g = &t->st->ships[target];
	long			 hull = g->attr[CL_A_HULL].i;
	int			 dmg = total < 0 ? 0 : total;
	struct buf		 b = BUF_INIT;
	char			 hx[8];

	buf_printf(&b, "%s rams %s on the %s", t->desc[rammer],
	    t->desc[target], hexside_name(struck_side(c, target)));
	if (c->shape == NV_CONTACT_SAME_HEX && c->enter < 0)
		buf_printf(&b, " (across %s)", state_hex_name(t->st, c->hex,
		    hx));
	buf_printf(&b, ": 1d6=%d %+d ram", die, mod);
	if (bonus != 0)
		buf_printf(&b, " %+d maximum speed", bonus);
	buf_printf(&b, " = %d hull damage", dmg);
	if (total < 0)
		buf_adds(&b, " (not below 0)");
	if (dmg == 0)
		buf_adds(&b, ", no hole");
	else if (dmg >= hull)
		buf_printf(&b, ", which reaches %s's remaining hull of %ld: %s "
		    "sinks", g->id, hull, g->id);
	else
		buf_printf(&b, ", %d hole%s; %s has %ld hull left",
		    cd->ram_holes, cd->ram_holes == 1 ? "" : "s", g->id,
		    hull - dmg);
	turn_event(t, classic_event_name(CL_EV_RAM), rammer, target, "%s",
	    buf_str(&b));
	buf_free(&b);
}

static int
ram(struct nv_turn *t, const struct nv_contact *c, int rammer, int target,
    char **cause)
{
	const struct classic_data *cd = classic_data(t->rs);
	const struct classic_turn *ct = t->rs_turn;
	struct nv_ship		*r = &t->st->ships[rammer];
	struct nv_ship		*g = &t->st->ships[target];
	int			 die, mod, bonus = 0, total;

	if (turn_roll(t, 6, "ram damage", r->id, &die, cause) != 0)
		return -1;
	mod = cd->classes[r->cls].ram;
	/* Last turn and this turn both declared above cruising speed. */
	if (r->attr[CL_A_LAST_MAX].i && ct->max_turn[rammer])
		bonus = cd->ram_max_bonus;
	total = die + mod + bonus;
	ram_sentence(t, c, rammer, target, die, mod, bonus, total);
	if (total <= 0)
		return CL_RAM_MADE;
	/* The ram's sentence told the damage and what is left: no second
	 * sentence from classic_damage. */
	if (classic_damage(t, target, total, NULL) == 0)
		g->attr[CL_A_HOLES].i += cd->ram_holes;
	return CL_RAM_MADE;
}

int
classic_ram_resolve(struct nv_turn *t, struct nv_contact *c, int rammer,
    int target, int mutual, char **cause)
{
	const struct nv_ship	*r = &t->st->ships[rammer];
	const char		*why;

	/* A ship sunk by an earlier ram of this phase (the first of a tie)
	 * makes no ram; a sunk target takes none. */
	if (!ship_on_map(r) || !ship_on_map(&t->st->ships[target])) {
		if (!ship_on_map(r))
			turn_event(t, classic_event_name(CL_EV_RAM), rammer,
			    target, "%s has sunk and cannot ram %s", r->id,
			    t->st->ships[target].id);
		else
			turn_event(t, classic_event_name(CL_EV_RAM), rammer,
			    target, "%s has sunk and takes no further rams: "
			    "%s does not ram it", t->st->ships[target].id,
			    r->id);
		return CL_RAM_NONE;
	}
	if (rake_wanted(r)) {
		why = no_rake_reason(t, c, rammer, target, mutual);
		if (why == NULL)
			return rake(t, c, rammer, target);
		turn_event(t, classic_event_name(CL_EV_RAKE), rammer, target,
		    "%s's standing order %s does not apply (%s): it rams",
		    r->id, rake_words(text_of(r, CL_A_RAKE)), why);
	}
	return ram(t, c, rammer, target, cause);
}
