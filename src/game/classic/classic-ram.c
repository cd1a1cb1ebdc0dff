/* classic-ram.c: rams, or an oar rake instead (classic.md, "Rams" and
 * "Simultaneous movement and contact"; the decisions are written down in
 * docs/classic/rams.md).
 *
 * classic_contact() (classic-turn.c) finds who rams whom and calls
 * classic_ram_found() for each ram.  A rammer with the better crew and a
 * standing RAKE preference rakes at once: the target's figures suffer
 * (classic-figures.c reads `raked`), it stops, and the raker's blocked step
 * slips into its port-bow or starboard-bow hex (the mover's redirect,
 * move-contact.c) and it carries on.  Every other ram is kept until the phase's
 * movement is over: classic_ram_phase() then rolls them all, works out
 * their damage together and only then sinks, so that no ram of a phase
 * depends on another having been made first, nor on which ship's id sorts
 * first.  A ram rolls 1d6 + the class ram modifier (+ the data's bonus
 * after two maximum-speed turns) as hull damage and makes a hole if it did
 * any damage.  Several rams on one target count in the order of the
 * rammers' ids, and once one sinks it the others do no damage. */
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

/* ---- oar rakes --------------------------------------------------------- */

/* The ship of the contact that stepped into the other's hex (or both, for
 * a swap or a contest): 1 if ship i stepped in contact c. */
static int
stepped(const struct nv_contact *c, int i)
{
	if (i == c->a)
		return 1;
	return c->shape == NV_CONTACT_SWAP || c->shape == NV_CONTACT_SAME_HEX;
}

/* Why the rammer, whose preference is to rake, rams instead; NULL if it
 * rakes.  Only the ship whose own step met the target can sweep along its
 * oars.  Whether another contact of the same phase stops it does not
 * count here (those contacts are simultaneous, and which is handed over
 * first depends on the ids): it then rakes all the same, and does not
 * slip (move-contact.c). */
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
	/* The raker is neither stopped nor rammed by this contact: it slips
	 * and goes on.  The target stops (c->stop_* stays set) and records
	 * speed 0. */
	if (raker == c->a)
		c->stop_a = 0;
	else
		c->stop_b = 0;
	ct->rammed[target] = 1;
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

/* ---- rams found during the movement ------------------------------------ */

/* The target's hexside that the ram strikes. */
static int
struck_side(const struct nv_contact *c, int target)
{
	return target == c->b ? c->b_side : c->a_side;
}

static void
keep_found(struct nv_turn *t, const struct nv_contact *c, int rammer,
    int target)
{
	struct classic_turn	*ct = t->rs_turn;
	struct classic_found	*f;

	if (ct->nfound == ct->capfound) {
		ct->capfound = ct->capfound == 0 ? 8 : ct->capfound * 2;
		ct->found = xreallocarray(ct->found, ct->capfound,
		    sizeof *ct->found);
	}
	f = &ct->found[ct->nfound++];
	memset(f, 0, sizeof *f);
	f->rammer = rammer;
	f->target = target;
	f->side = struck_side(c, target);
	f->across = c->shape == NV_CONTACT_SAME_HEX && c->enter < 0;
	f->hex = c->hex;
	f->at = t->st->ships[target].hex;
}

int
classic_ram_found(struct nv_turn *t, struct nv_contact *c, int rammer,
    int target, int mutual)
{
	const struct nv_ship	*r = &t->st->ships[rammer];
	const char		*why;

	if (rake_wanted(r)) {
		why = no_rake_reason(t, c, rammer, target, mutual);
		if (why == NULL)
			return rake(t, c, rammer, target);
		turn_event(t, classic_event_name(CL_EV_RAKE), rammer, target,
		    "%s's standing order %s does not apply (%s): it rams",
		    r->id, rake_words(text_of(r, CL_A_RAKE)), why);
	}
	keep_found(t, c, rammer, target);
	return CL_RAM_MADE;
}

/* ---- the phase's rams, made together ----------------------------------- */

/* The order the rams are rolled and counted in: the rammer's id (ships[]
 * is in id order), then for a ship that rams two ships (ties in a contest
 * of three for one hex) the struck ship's hex, which renaming keeps: a
 * ship's own rolls must not change places with the names of its
 * targets.  Restricted to one target, this is the rammers' id order that
 * classic.md gives for several rams on one target. */
static int
cmp_found(const void *x, const void *y)
{
	const struct classic_found	*a = x, *b = y;

	if (a->rammer != b->rammer)
		return a->rammer < b->rammer ? -1 : 1;
	return hex_cmp(a->at, b->at);
}

static int
roll_all(struct nv_turn *t, char **cause)
{
	const struct classic_data *cd = classic_data(t->rs);
	struct classic_turn	*ct = t->rs_turn;
	struct classic_found	*f;
	const struct nv_ship	*r;
	size_t			 k;

	for (k = 0; k < ct->nfound; k++) {
		f = &ct->found[k];
		r = &t->st->ships[f->rammer];
		if (turn_roll(t, 6, "ram damage", r->id, &f->die, cause) != 0)
			return -1;
		/* Last turn and this turn both declared above cruising
		 * speed. */
		f->bonus = r->attr[CL_A_LAST_MAX].i && ct->max_turn[f->rammer] ?
		    cd->ram_max_bonus : 0;
		f->total = f->die + cd->classes[r->cls].ram + f->bonus;
	}
	return 0;
}

/* Each ram's fate: its damage counts against the target's hull as it was
 * at the phase's start, less the rams before it on that target; the one
 * that reaches the remaining hull sinks it, and the ones after it do no
 * damage (a sunk target takes no further rams).  taken[] and holes[] get
 * each ship's damage and holes. */
static void
weigh_all(struct nv_turn *t, int *taken, int *holes)
{
	struct classic_turn	*ct = t->rs_turn;
	struct classic_found	*f;
	long			 hull;
	int			 dmg;
	size_t			 k;

	for (k = 0; k < ct->nfound; k++) {
		f = &ct->found[k];
		hull = t->st->ships[f->target].attr[CL_A_HULL].i -
		    taken[f->target];
		dmg = f->total < 0 ? 0 : f->total;
		if (hull <= 0)
			f->fate = CL_FATE_NONE;
		else if (dmg >= hull)
			f->fate = CL_FATE_SINKS;
		else
			f->fate = CL_FATE_DAMAGE;
		if (f->fate == CL_FATE_NONE)
			continue;
		taken[f->target] += dmg;
		f->left = hull - dmg;
		holes[f->target] += f->fate == CL_FATE_DAMAGE && dmg > 0;
	}
}

/* The sinking ram on target g, for a sentence about a later one. */
static const struct classic_found *
sinking_ram(const struct classic_turn *ct, int g)
{
	size_t	k;

	for (k = 0; k < ct->nfound; k++)
		if (ct->found[k].target == g &&
		    ct->found[k].fate == CL_FATE_SINKS)
			return &ct->found[k];
	return NULL;
}

static void
ram_sentence(struct nv_turn *t, const struct classic_found *f,
    const int *taken)
{
	const struct classic_data *cd = classic_data(t->rs);
	const struct classic_turn *ct = t->rs_turn;
	const struct classic_found *s;
	const struct nv_ship	*r = &t->st->ships[f->rammer];
	const struct nv_ship	*g = &t->st->ships[f->target];
	int			 dmg = f->total < 0 ? 0 : f->total;
	struct buf		 b = BUF_INIT;
	char			 hx[8];

	buf_printf(&b, "%s rams %s on the %s", t->desc[f->rammer],
	    t->desc[f->target], hexside_name(f->side));
	if (f->across)
		buf_printf(&b, " (across %s)", state_hex_name(t->st, f->hex,
		    hx));
	buf_printf(&b, ": 1d6=%d %+d ram", f->die, cd->classes[r->cls].ram);
	if (f->bonus != 0)
		buf_printf(&b, " %+d maximum speed", f->bonus);
	if (f->fate == CL_FATE_NONE) {
		s = sinking_ram(ct, f->target);
		buf_printf(&b, ", but %s has already taken %s's ram that sinks "
		    "it (several rams on one ship count in the order of the "
		    "rammers' ids) and takes no further rams: no damage",
		    g->id, s != NULL ? t->st->ships[s->rammer].id : "?");
	} else {
		buf_printf(&b, " = %d hull damage", dmg);
		if (f->total < 0)
			buf_adds(&b, " (not below 0)");
		if (f->fate == CL_FATE_SINKS)
			buf_printf(&b, ", which reaches %s's remaining hull of "
			    "%ld: %s sinks", g->id, f->left + dmg, g->id);
		else if (dmg == 0)
			buf_adds(&b, ", no hole");
		else
			buf_printf(&b, ", %d hole%s; %s has %ld hull left",
			    cd->ram_holes, cd->ram_holes == 1 ? "" : "s",
			    g->id, f->left);
	}
	/* The rammer's own sinking in this phase takes nothing from its
	 * ram (classic.md: the rams of a phase are simultaneous). */
	if (taken[f->rammer] >= r->attr[CL_A_HULL].i)
		buf_printf(&b, " (%s sinks in this phase too, but the rams of "
		    "a phase are simultaneous: its ram is made)", r->id);
	turn_event(t, classic_event_name(CL_EV_RAM), f->rammer, f->target,
	    "%s", buf_str(&b));
	if (f->fate == CL_FATE_NONE && (s = sinking_ram(ct, f->target)) !=
	    NULL)
		turn_event_also(t, s->rammer);
	buf_free(&b);
}

/* Who rammed whom (the rammer backs away next turn), and that both ships
 * record speed 0.  A ram that did no damage because its target had
 * already sunk was made all the same: its bow struck at the same moment
 * as the sinking one, and which of them counts first is only a matter of
 * the ids (docs/classic/rams.md). */
static void
record_ram(struct classic_turn *ct, const struct classic_found *f,
    int phase)
{
	if (ct->nrams == ct->caprams) {
		ct->caprams = ct->caprams == 0 ? 8 : ct->caprams * 2;
		ct->rams = xreallocarray(ct->rams, ct->caprams,
		    sizeof *ct->rams);
	}
	ct->rams[ct->nrams].rammer = f->rammer;
	ct->rams[ct->nrams].target = f->target;
	ct->rams[ct->nrams].phase = phase;
	ct->nrams++;
	ct->rammed[f->rammer] = ct->rammed[f->target] = 1;
}

int
classic_ram_phase(struct nv_turn *t, char **cause)
{
	const struct classic_data *cd = classic_data(t->rs);
	struct classic_turn	*ct = t->rs_turn;
	size_t			 n = t->st->nships, k;
	int			*taken, *holes;

	if (ct->nfound == 0)
		return 0;
	qsort(ct->found, ct->nfound, sizeof *ct->found, cmp_found);
	if (roll_all(t, cause) != 0) {
		ct->nfound = 0;
		return -1;
	}
	taken = xcalloc(n + 1, sizeof *taken);
	holes = xcalloc(n + 1, sizeof *holes);
	weigh_all(t, taken, holes);
	for (k = 0; k < ct->nfound; k++) {
		ram_sentence(t, &ct->found[k], taken);
		record_ram(ct, &ct->found[k], t->phase);
	}
	/* The damage of every ram at once, then the sinkings.  The rams'
	 * sentences told the damage: classic_damage adds no second one. */
	for (k = 0; k < n; k++)
		if (taken[k] > 0 && classic_damage(t, (int)k, taken[k],
		    NULL) == 0)
			t->st->ships[k].attr[CL_A_HOLES].i +=
			    (long)holes[k] * cd->ram_holes;
	free(taken);
	free(holes);
	ct->nfound = 0;
	return 0;
}
