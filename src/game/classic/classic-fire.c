/* classic-fire.c: missile fire at the end of a phase (classic.md,
 * "Missile fire"; the decisions are written down in docs/classic/fire.md).
 *
 * Every FIRE entry (one weapon, a count, a target, a phase or 0) is
 * resolved once: at the end of its phase, or without a phase at the end of
 * the first phase with a shot.  All fire of a phase is simultaneous: every
 * shot is rolled first, in the order of the firing ship's id, then weapon
 * (bows, catapults, stone throwers), then order line, and only then are
 * the kills and the hull damage applied.  Ranges, hit numbers, kills and
 * damage come from the ruleset's weapon table (classic_data()->shots). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic.h"
#include "hex.h"
#include "orders.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* Faces of the die each weapon rolls (classic.md: one 1d6 per weapon);
 * the hit numbers themselves are in the ruleset data. */
#define FIRE_DIE	6

#define NLOSS		(CL_W_COUNT + CL_M_COUNT)

/* The kill order (classic.md): bows, catapults, stone throwers, then
 * marines lightest first.  The first CL_W_COUNT entries are also each
 * weapon's state attribute, in enum classic_weapon order. */
static const int loss_attr[NLOSS] = {
	CL_A_BOWS, CL_A_CATAPULTS, CL_A_STONES,
	CL_A_M_LIGHT, CL_A_M_MEDIUM, CL_A_M_HEAVY,
};
static const char *const loss_one[NLOSS] = {
	"bow", "catapult", "stone thrower",
	"light marine", "medium marine", "heavy marine",
};
static const char *const loss_many[NLOSS] = {
	"bows", "catapults", "stone throwers",
	"light marines", "medium marines", "heavy marines",
};

/* The dice labels' purposes (docs/dice.md), by weapon. */
static const char *const purpose[CL_W_COUNT] = {
	"bow fire", "catapult fire", "stone-thrower fire",
};

_Static_assert(CL_W_BOW == 0 && CL_W_CATAPULT == 1 && CL_W_STONE == 2 &&
    CL_W_COUNT == 3, "loss_attr lists the weapons in enum order");
_Static_assert(CL_M_LIGHT == 0 && CL_M_MEDIUM == 1 && CL_M_HEAVY == 2 &&
    CL_M_COUNT == 3, "loss_attr lists the marines lightest first");

/* What the shots of one phase did, applied after they are all rolled. */
struct phase_fire {
	int	*hit;		/* per ship: fired at this phase */
	int	*kills;
	int	*damage;
};

static const char *
noun(int i, int n)
{
	return n == 1 ? loss_one[i] : loss_many[i];
}

/* ---- the parts the unit tests check alone ------------------------------ */

static int
land_at(void *st, struct nv_hex h)
{
	return state_is_land(st, h);
}

int
classic_fire_sight(const struct nv_state *st, struct nv_hex a,
    struct nv_hex b, struct nv_hex *block, int *nblock)
{
	/* Only land blocks; along a hexside, both hexes beside it. */
	return hex_line_clear(a, b, land_at, (void *)st, block, nblock);
}

const struct classic_shot *
classic_fire_shot(const struct classic_data *cd, int weapon, int range,
    int roll)
{
	const struct classic_shot	*sh;
	size_t				 k;

	if (weapon < 0 || weapon >= CL_W_COUNT || range < 1 ||
	    range > cd->max_range[weapon])
		return NULL;
	/* The first line (in the order the data lists them) that the range
	 * and the roll reach. */
	for (k = 0; k < cd->nshots; k++) {
		sh = &cd->shots[k];
		if (sh->weapon == weapon && range >= sh->rmin &&
		    range <= sh->rmax && roll >= sh->roll_min)
			return sh;
	}
	return NULL;
}

int
classic_fire_kills(struct nv_ship *s, int kills, int lost[NLOSS])
{
	int	i, take;

	for (i = 0; i < NLOSS; i++) {
		take = s->attr[loss_attr[i]].i < kills ?
		    (int)s->attr[loss_attr[i]].i : kills;
		lost[i] = take;
		s->attr[loss_attr[i]].i -= take;
		if (i >= CL_W_COUNT)
			s->attr[CL_A_MARINES].i -= take;
		kills -= take;
	}
	if (s->attr[CL_A_MARINES].i < 0)
		s->attr[CL_A_MARINES].i = 0;
	return kills;
}

/* ---- sentences ---------------------------------------------------------- */

static void
effect_text(struct buf *b, int kills, int damage)
{
	if (damage > 0)
		buf_printf(b, "%d hull damage", damage);
	if (damage > 0 && kills > 0)
		buf_adds(b, " and ");
	if (kills > 0)
		buf_printf(b, "%d kill%s", kills, kills == 1 ? "" : "s");
	if (damage == 0 && kills == 0)
		buf_adds(b, "no hit");
}

/* The rule a shot applies: "a bow at range 2: 6 = 1 kill". */
static void
rule_text(struct buf *b, const struct classic_data *cd, int w, int range)
{
	const struct classic_shot	*sh;
	size_t				 k;
	int				 n = 0, hi = FIRE_DIE, lo;

	buf_printf(b, "a %s at range %d:", loss_one[w], range);
	/* The first line a roll reaches wins, so each line covers the rolls
	 * from its own up to just below the line before it. */
	for (k = 0; k < cd->nshots; k++) {
		sh = &cd->shots[k];
		lo = sh->roll_min < 1 ? 1 : sh->roll_min;
		if (sh->weapon != w || range < sh->rmin || range > sh->rmax ||
		    lo > hi)
			continue;
		buf_adds(b, n++ > 0 ? "; " : " ");
		if (lo == hi)
			buf_printf(b, "%d = ", lo);
		else
			buf_printf(b, "%d-%d = ", lo, hi);
		effect_text(b, sh->kills, sh->damage);
		hi = lo - 1;
	}
	if (n == 0)
		buf_adds(b, " no hit");
}

/* "a1 (trireme, a) does not fire its 2 bows at b1 (trireme, b): why" */
static void
no_shot(struct nv_turn *t, int i, const struct classic_fire *f,
    const char *why)
{
	turn_event(t, classic_event_name(CL_EV_NO_SHOT), i, f->target,
	    "%s does not fire its %d %s at %s%s: %s", t->desc[i], f->count,
	    noun(f->weapon, f->count), t->desc[f->target],
	    f->phase > 0 ? " ordered for this phase" : "", why);
}

static const char *
gone_text(const struct nv_ship *s)
{
	return s->status == NV_STATUS_SUNK ? "has sunk" : "has left the battle";
}

/* ---- one FIRE entry ------------------------------------------------------ */

/* Why the entry can never fire (owned by the caller), or NULL. */
static char *
refused(const struct nv_turn *t, int i, const struct classic_fire *f,
    int unfired)
{
	const struct nv_ship	*s = &t->st->ships[i];
	const struct nv_ship	*u = &t->st->ships[f->target];

	if (!ship_on_map(s))
		return xasprintf("%s %s", s->id, gone_text(s));
	if (!ship_on_map(u))
		return xasprintf("%s %s", u->id, gone_text(u));
	if (f->weapon != CL_W_BOW && (s->attr[CL_A_BOARDED].i != 0 ||
	    u->attr[CL_A_BOARDED].i != 0))
		return xasprintf("artillery cannot fire at or from a ship "
		    "that has fought a boarding round, and %s has",
		    s->attr[CL_A_BOARDED].i != 0 ? s->id : u->id);
	if (unfired == 0)
		return xasprintf("%s has no %s left to fire; they were lost "
		    "to missile fire", s->id, loss_many[f->weapon]);
	return NULL;
}

/* Whether there is no shot now: 1, and why in *why when why is not
 * NULL (owned by the caller), or 0.  A weapon that waits for a later
 * phase asks with why NULL: its reason is worded only when said. */
static int
no_shot_now(const struct nv_turn *t, int i, const struct classic_fire *f,
    int range, char **why)
{
	const struct classic_data	*cd = classic_data(t->rs);
	struct nv_hex			 block[3];
	char				 h0[8], h1[8];
	int				 nblock;

	if (range > cd->max_range[f->weapon]) {
		if (why != NULL)
			*why = xasprintf("%s is at range %d, beyond a %s's "
			    "range of %d", t->st->ships[f->target].id, range,
			    loss_one[f->weapon], cd->max_range[f->weapon]);
		return 1;
	}
	if (classic_fire_sight(t->st, t->st->ships[i].hex,
	    t->st->ships[f->target].hex, block, &nblock))
		return 0;
	if (why == NULL)
		return 1;
	state_hex_name(t->st, block[0], h0);
	if (nblock == 1)
		*why = xasprintf("land in %s blocks the line of sight", h0);
	else
		*why = xasprintf("the line of sight runs along the hexside "
		    "between %s and %s, and both are land", h0,
		    state_hex_name(t->st, block[1], h1));
	return 1;
}

/* Rolls n dice for the entry and records what they do. */
static int
shoot(struct nv_turn *t, struct phase_fire *pf, int i,
    const struct classic_fire *f, int n, int range, char **cause)
{
	const struct classic_data	*cd = classic_data(t->rs);
	const struct classic_shot	*sh;
	struct buf			 b = BUF_INIT;
	int				 k, roll, kills = 0, damage = 0;
	buf_printf(&b, "%s fires %d %s at %s, range %d: 1d%d=", t->desc[i],
	    n, noun(f->weapon, n), t->desc[f->target], range, FIRE_DIE);
	for (k = 0; k < n; k++) {
		if (turn_roll(t, FIRE_DIE, purpose[f->weapon],
		    t->st->ships[i].id, &roll,
		    cause) != 0) {
			buf_free(&b);
			return -1;
		}
		buf_printf(&b, "%s%d", k > 0 ? ", " : "", roll);
		if ((sh = classic_fire_shot(cd, f->weapon, range, roll)) !=
		    NULL) {
			kills += sh->kills;
			damage += sh->damage;
		}
	}
	buf_adds(&b, ": ");
	effect_text(&b, kills, damage);
	buf_adds(&b, " (");
	rule_text(&b, cd, f->weapon, range);
	buf_adds(&b, ")");
	turn_event(t, classic_event_name(CL_EV_FIRE), i, f->target, "%s",
	    buf_str(&b));
	buf_free(&b);
	pf->hit[f->target] = 1;
	pf->kills[f->target] += kills;
	pf->damage[f->target] += damage;
	return 0;
}

/* Resolves the entry at this phase's end if it can be: *done is set once
 * it has fired or can never fire. */
static int
fire_entry(struct nv_turn *t, struct phase_fire *pf, int i,
    const struct classic_fire *f, unsigned char *done, char **cause)
{
	struct classic_turn	*ct = t->rs_turn;
	int			*unfired;
	int			 range, n;
	char			*why;

	unfired = &ct->fire_unfired[(size_t)i * CL_W_COUNT +
	    (size_t)f->weapon];
	if ((why = refused(t, i, f, *unfired)) != NULL) {
		no_shot(t, i, f, why);
		free(why);
		*done = 1;
		return 0;
	}
	range = hex_distance(t->st->ships[i].hex, t->st->ships[f->target].hex);
	/* Without a phase the weapon waits for a later phase. */
	if (f->phase <= 0 && no_shot_now(t, i, f, range, NULL))
		return 0;
	if (f->phase > 0 && no_shot_now(t, i, f, range, &why)) {
		no_shot(t, i, f, why);
		*done = 1;
		free(why);
		return 0;
	}
	*done = 1;
	n = f->count < *unfired ? f->count : *unfired;
	if (n < f->count)
		turn_event(t, classic_event_name(CL_EV_NO_SHOT), i, f->target,
		    "%s: %d of the %d %s ordered to fire at %s %s lost to "
		    "missile fire before %s could fire", t->desc[i],
		    f->count - n, f->count, noun(f->weapon, f->count),
		    t->st->ships[f->target].id, f->count - n == 1 ? "was" :
		    "were", f->count - n == 1 ? "it" : "they");
	*unfired -= n;
	return shoot(t, pf, i, f, n, range, cause);
}

/* ---- losses -------------------------------------------------------------- */

static void
loss_text(struct buf *b, const int lost[NLOSS])
{
	int	i, last = -1, n = 0;

	for (i = 0; i < NLOSS; i++)
		if (lost[i] > 0)
			last = i;
	for (i = 0; i < NLOSS; i++) {
		if (lost[i] == 0)
			continue;
		if (n++ > 0)
			buf_adds(b, i == last ? " and " : ", ");
		buf_printf(b, "%d %s", lost[i], noun(i, lost[i]));
	}
}

/* Kills fall on the weapons that have fired this turn before those that
 * have not (docs/classic/fire.md), so the unfired count drops only by
 * the losses the fired ones cannot cover. */
static void
lose_unfired(struct nv_turn *t, int j, const int before[CL_W_COUNT],
    const int lost[NLOSS])
{
	struct classic_turn	*ct = t->rs_turn;
	int			*u, w, fired, hit;

	for (w = 0; w < CL_W_COUNT; w++) {
		u = &ct->fire_unfired[(size_t)j * CL_W_COUNT + (size_t)w];
		fired = before[w] - *u;
		hit = lost[w] - (fired > 0 ? fired : 0);
		if (hit > 0)
			*u = hit > *u ? 0 : *u - hit;
	}
}

static void
take_kills(struct nv_turn *t, int j, int kills)
{
	struct nv_ship	*s = &t->st->ships[j];
	struct buf	 b = BUF_INIT;
	int		 lost[NLOSS], before[CL_W_COUNT], w, left;

	for (w = 0; w < CL_W_COUNT; w++)
		before[w] = (int)s->attr[loss_attr[w]].i;
	left = classic_fire_kills(s, kills, lost);
	lose_unfired(t, j, before, lost);
	if (left == kills) {
		turn_event(t, classic_event_name(CL_EV_KILL), j, -1, "%s takes "
		    "%d kill%s from missile fire, but has no one left aboard "
		    "to lose", t->desc[j], kills, kills == 1 ? "" : "s");
		return;
	}
	buf_printf(&b, "%s loses ", t->desc[j]);
	loss_text(&b, lost);
	buf_printf(&b, " to missile fire (%d kill%s", kills, kills == 1 ? "" :
	    "s");
	if (left > 0)
		buf_printf(&b, "; %d find%s no one left aboard", left,
		    left == 1 ? "s" : "");
	buf_printf(&b, "); %ld marine%s left", s->attr[CL_A_MARINES].i,
	    s->attr[CL_A_MARINES].i == 1 ? "" : "s");
	turn_event(t, classic_event_name(CL_EV_KILL), j, -1, "%s",
	    buf_str(&b));
	buf_free(&b);
}

/* After every shot of the phase is rolled: kills, then stone damage
 * (which may sink the ship), target by target in id order. */
static void
apply_losses(struct nv_turn *t, const struct phase_fire *pf)
{
	size_t	j;

	for (j = 0; j < t->st->nships; j++) {
		if (!pf->hit[j] || !ship_on_map(&t->st->ships[j]))
			continue;
		if (pf->kills[j] > 0)
			take_kills(t, (int)j, pf->kills[j]);
		if (pf->damage[j] > 0)
			(void)classic_damage(t, (int)j, pf->damage[j],
			    "stone throwers");
	}
}

/* ---- the phase ----------------------------------------------------------- */

static const struct classic_orders *
fire_orders(const struct nv_turn *t)
{
	const struct classic_orders	*co;

	if (t->orders == NULL || t->orders->rs == NULL)
		return NULL;
	co = t->orders->rs;
	return co->ships != NULL ? co : NULL;
}

/* The scratch, made at the first phase: no entry done, and every weapon
 * aboard not fired yet. */
static void
fire_setup(struct nv_turn *t, const struct classic_orders *co)
{
	struct classic_turn	*ct = t->rs_turn;
	size_t			 i, n = t->st->nships, total = 0;
	int			 w;

	for (i = 0; i < n; i++)
		total += co->ships[i].nfire;
	ct->fire_done = xcalloc(total + 1, sizeof *ct->fire_done);
	ct->fire_unfired = xcalloc(n * CL_W_COUNT + 1,
	    sizeof *ct->fire_unfired);
	for (i = 0; i < n; i++)
		for (w = 0; w < CL_W_COUNT; w++)
			ct->fire_unfired[i * CL_W_COUNT + (size_t)w] =
			    (int)t->st->ships[i].attr[loss_attr[w]].i;
}

/* An entry classic_validate() has resolved: one weapon, a count. */
static int
entry_valid(const struct nv_turn *t, const struct classic_fire *f)
{
	return f->weapon >= 0 && f->weapon < CL_W_COUNT && f->count > 0 &&
	    f->target >= 0 && (size_t)f->target < t->st->nships;
}

/* At the end of the turn, for an entry without a phase still waiting. */
static void
never_fired(struct nv_turn *t, int i, const struct classic_fire *f)
{
	struct classic_turn	*ct = t->rs_turn;
	char			*why;

	why = refused(t, i, f, ct->fire_unfired[(size_t)i * CL_W_COUNT +
	    (size_t)f->weapon]);
	no_shot(t, i, f, why != NULL ? why : "the target was never in range "
	    "and line of sight at the end of a phase this turn");
	free(why);
}

/* Resolves every entry not done yet that may fire in this phase, in the
 * order of dice: ship id, weapon, order line.  With pf NULL, reports
 * every entry still waiting as never fired. */
static int
each_entry(struct nv_turn *t, const struct classic_orders *co, int phase,
    struct phase_fire *pf, char **cause)
{
	struct classic_turn		 *ct = t->rs_turn;
	const struct classic_ship_orders *so;
	const struct classic_fire	 *f;
	size_t				  i, k, base = 0;
	int				  w;

	for (i = 0; i < t->st->nships; base += co->ships[i].nfire, i++) {
		so = &co->ships[i];
		for (w = 0; w < CL_W_COUNT; w++)
			for (k = 0; k < so->nfire; k++) {
				f = &so->fire[k];
				if (f->weapon != w || ct->fire_done[base + k] ||
				    !entry_valid(t, f))
					continue;
				if (pf == NULL) {
					never_fired(t, (int)i, f);
					continue;
				}
				if ((f->phase == 0 || f->phase == phase) &&
				    fire_entry(t, pf, (int)i, f,
				    &ct->fire_done[base + k], cause) != 0)
					return -1;
			}
	}
	return 0;
}

int
classic_fire(struct nv_turn *t, int phase, char **cause)
{
	const struct classic_orders	*co = fire_orders(t);
	struct classic_turn		*ct = t->rs_turn;
	struct phase_fire		 pf;
	size_t				 n = t->st->nships;
	int				 rc;

	if (co == NULL)
		return 0;
	if (ct->fire_unfired == NULL)
		fire_setup(t, co);
	pf.hit = xcalloc(n + 1, sizeof *pf.hit);
	pf.kills = xcalloc(n + 1, sizeof *pf.kills);
	pf.damage = xcalloc(n + 1, sizeof *pf.damage);
	rc = each_entry(t, co, phase, &pf, cause);
	if (rc == 0)
		apply_losses(t, &pf);
	/* What is still waiting at the end of the last phase never found
	 * a shot. */
	if (rc == 0 && phase == t->rs->phases)
		rc = each_entry(t, co, phase, NULL, cause);
	free(pf.hit);
	free(pf.kills);
	free(pf.damage);
	return rc;
}
