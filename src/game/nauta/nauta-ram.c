/* nauta-ram.c: what a contact does in Nauta (nauta.md, "Contact",
 * "Ramming and damage"; docs/rules-nauta.md), and the map's answers.
 *
 * The mover finds the contacts of a step and hands them here in the
 * order of nauta_contact_key().  A contact is, in this order: nothing (a
 * ship already sunk this step: its opponent just stops); blocked (a
 * prize, or a ship it was in contact with when the turn began: no ram);
 * astern (a ship backing: contact without a ram); a lateral or rear ram
 * (the mover struck the target anywhere but its bow: a contest the
 * rammer must win, or no contest with lateral-contest="auto"); or
 * frontal (bow to bow, a swap, two ships into one hex: each rolls, the
 * higher rolls for effect, a tie both).  Both ships stop at carried 0
 * and stay in contact.  Friendly contacts are rams with -1 on effect. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "events.h"
#include "nauta.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

/* One ship's contest roll: the die and its modifiers. */
struct roll {
	int	die;
	int	mod[6];		/* size, faster, still, damaged, prow, crew */
	int	total;
};

static void
roll_text(const struct roll *r, struct buf *b)
{
	size_t	k;

	buf_printf(b, "%d", r->die);
	for (k = 0; k < sizeof r->mod / sizeof r->mod[0]; k++)
		if (r->mod[k] != 0)
			buf_printf(b, "%+d", r->mod[k]);
	buf_printf(b, "=%d", r->total);
}

long
nauta_contact_rank(const struct nv_turn *t, const struct nv_contact *c)
{
	const struct nauta_turn	*nt = t->rs_turn;
	int			 ra, rb;

	ra = t->st->ships[c->a].side == nt->initiative ? 0 : 1;
	if (c->shape != NV_CONTACT_SWAP && c->shape != NV_CONTACT_SAME_HEX)
		return ra;
	rb = t->st->ships[c->b].side == nt->initiative ? 0 : 1;
	return ra < rb ? ra : rb;
}

int
nauta_rammed(const struct nv_turn *t, int rammer, int target)
{
	const struct nauta_turn	*nt = t->rs_turn;
	size_t			 k;

	for (k = 0; k < nt->nrams; k++)
		if (nt->rams[k].rammer == rammer && nt->rams[k].target == target)
			return 1;
	return 0;
}

static void
add_ram(struct nv_turn *t, int rammer, int target)
{
	struct nauta_turn	*nt = t->rs_turn;

	if (nauta_rammed(t, rammer, target))
		return;
	if (nt->nrams == nt->caprams) {
		nt->caprams = nt->caprams == 0 ? 8 : nt->caprams * 2;
		nt->rams = xreallocarray(nt->rams, nt->caprams,
		    sizeof *nt->rams);
	}
	nt->rams[nt->nrams].rammer = rammer;
	nt->rams[nt->nrams].target = target;
	nt->rams[nt->nrams].step = t->phase * 256 + t->round;
	nt->nrams++;
}

/* A contest roll of ship i against ship o: 1d6 + Size, +1 faster, -1 at
 * speed 0 (when `still` counts for it), -2 damaged, Prow when it rams,
 * the crew on frontal contests (crew-contest on). */
static int
contest_roll(struct nv_turn *t, int i, int o, int still, int rams,
    int frontal, struct roll *r, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	const struct nauta_turn	*nt = t->rs_turn;
	const struct nv_ship	*s = &t->st->ships[i];
	size_t			 k;

	memset(r, 0, sizeof *r);
	if (nauta_step_die(t, NA_DIE_CONTEST, i, "ram contest", &r->die,
	    cause) != 0)
		return -1;
	r->mod[0] = nauta_size(t->rs, s);
	r->mod[1] = nt->speed_now[i] > nt->speed_now[o] ? nd->faster : 0;
	r->mod[2] = still && nt->speed_now[i] == 0 ? nd->still : 0;
	r->mod[3] = s->attr[NA_A_DAMAGE].i > 0 ? nd->damaged : 0;
	r->mod[4] = rams ? NA_EFFECT(t->rs, s, ram_contest) : 0;
	r->mod[5] = frontal && nauta_crew_contest(t->st) ?
	    nd->crews[t->st->sides[s->side].crew].contest : 0;
	r->total = r->die;
	for (k = 0; k < 6; k++)
		r->total += r->mod[k];
	return 0;
}

/* The effects of the winners (one, or both after a tie): their effect
 * dice first, then their rammer-loss dice, each pair lower id first; kept
 * to be applied with the group's (nauta-effect.c).  A winner into an
 * empty hex that is lost with its victim does not move in. */
static int
effects(struct nv_turn *t, struct nv_contact *c, const int *wins,
    char **cause)
{
	int	ship[2], lost, k;

	ship[0] = c->a < c->b ? c->a : c->b;
	ship[1] = c->a < c->b ? c->b : c->a;
	for (k = 0; k < 2; k++)
		if (wins[k] && nauta_effect_roll(t, ship[k], ship[1 - k],
		    cause) != 0)
			return -1;
	for (k = 0; k < 2; k++) {
		if (!wins[k])
			continue;
		if (nauta_loss_roll(t, ship[k], ship[1 - k], &lost, cause) != 0)
			return -1;
		if (lost && c->enter == ship[k])
			c->enter = -1;
	}
	return 0;
}

static const char *
side_name(int side)
{
	return hexside_name(side);
}

/* A lateral or rear ram of c->a on c->b. */
static int
lateral(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	struct roll	 ra, rb;
	struct buf	 b = BUF_INIT;
	int		 wins[2] = { 0, 0 }, lo = c->a < c->b ? c->a : c->b;

	if (nauta_lateral_auto(t->st)) {
		wins[c->a == lo ? 0 : 1] = 1;
		return effects(t, c, wins, cause);
	}
	/* Both roll, the lower id first. */
	if (lo == c->a) {
		if (contest_roll(t, c->a, c->b, 0, 1, 0, &ra, cause) != 0 ||
		    contest_roll(t, c->b, c->a, 1, 0, 0, &rb, cause) != 0)
			return -1;
	} else if (contest_roll(t, c->b, c->a, 1, 0, 0, &rb, cause) != 0 ||
	    contest_roll(t, c->a, c->b, 0, 1, 0, &ra, cause) != 0)
		return -1;
	buf_printf(&b, "%s ", t->st->ships[c->a].id);
	roll_text(&ra, &b);
	buf_printf(&b, " against %s ", t->st->ships[c->b].id);
	roll_text(&rb, &b);
	turn_event(t, nauta_event_name(NA_EV_CONTEST), c->a, c->b, "Ram "
	    "contest: %s: %s", buf_str(&b), ra.total > rb.total ? "the ram "
	    "strikes home" : "nothing happens to either ship");
	buf_free(&b);
	if (ra.total <= rb.total)
		return 0;
	wins[c->a == lo ? 0 : 1] = 1;
	return effects(t, c, wins, cause);
}

/* A frontal contact: each rolls; the higher rolls for effect, a tie
 * both; into one empty hex the winner moves in. */
static int
frontal(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	struct roll	 r[2];
	struct buf	 b = BUF_INIT;
	int		 ship[2], wins[2], k;

	ship[0] = c->a < c->b ? c->a : c->b;
	ship[1] = c->a < c->b ? c->b : c->a;
	for (k = 0; k < 2; k++)
		if (contest_roll(t, ship[k], ship[1 - k], 1, 1, 1, &r[k],
		    cause) != 0)
			return -1;
	wins[0] = r[0].total >= r[1].total;
	wins[1] = r[1].total >= r[0].total;
	for (k = 0; k < 2; k++) {
		buf_printf(&b, "%s%s ", k > 0 ? " against " : "",
		    t->st->ships[ship[k]].id);
		roll_text(&r[k], &b);
	}
	turn_event(t, nauta_event_name(NA_EV_CONTEST), c->a, c->b, "Frontal "
	    "contest: %s: %s%s", buf_str(&b), wins[0] && wins[1] ? "a tie, "
	    "both strike" : t->st->ships[ship[wins[0] ? 0 : 1]].id,
	    wins[0] && wins[1] ? "" : " strikes");
	buf_free(&b);
	if (c->shape == NV_CONTACT_SAME_HEX && !(wins[0] && wins[1]))
		c->enter = wins[0] ? ship[0] : ship[1];
	return effects(t, c, wins, cause);
}

/* No contact after all: an obstacle, or a ship it touched when the turn
 * began (no run-up).  The ships that stepped stop at carried 0. */
static void
block(struct nv_turn *t, struct nv_contact *c, const char *what)
{
	struct nauta_turn	*nt = t->rs_turn;

	c->block = 1;
	c->block_what = what;
	nt->stopped[c->a] = 1;
	if (c->shape == NV_CONTACT_SWAP || c->shape == NV_CONTACT_SAME_HEX)
		nt->stopped[c->b] = 1;
}

static void
touch_event(struct nv_turn *t, const struct nv_contact *c, const char *what)
{
	char	h1[8], h2[8];

	turn_event(t, event_kind_name(c->kind == NV_CONTACT_ASTERN ?
	    NV_EV_COLLISION : NV_EV_CONTACT), c->a, c->b, "%s in %s touches "
	    "%s in %s on its %s: %s", t->desc[c->a], state_hex_name(t->st,
	    t->st->ships[c->a].hex, h1), t->desc[c->b], state_hex_name(t->st,
	    t->st->ships[c->b].hex, h2), side_name(c->b_side), what);
}

int
nauta_contact(struct nv_turn *t, struct nv_contact *c, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*a = &t->st->ships[c->a];
	struct nv_ship		*b = &t->st->ships[c->b];
	int			 into = c->shape != NV_CONTACT_SAME_HEX;
	int			 friendly = a->side == b->side;
	long			 rank = nauta_contact_rank(t, c);

	/* A group's effects apply before the next rank's contacts. */
	if (nt->npend > 0 && rank != nt->pend_rank)
		nauta_effects_flush(t);
	nt->pend_rank = rank;
	if (!ship_on_map(a) || !ship_on_map(b)) {
		/* Sunk this step: the other just stops (at carried 0). */
		nt->stopped[ship_on_map(a) ? c->a : c->b] = 1;
		return 0;
	}
	if (nauta_is_prize(a) || nauta_is_prize(b)) {
		block(t, c, "a prize");
		return 0;
	}
	if (into && nauta_ids_contain(nt->start_contact[c->a], b->id)) {
		block(t, c, "a ship it was already in contact with");
		return 0;
	}
	nt->stopped[c->a] = nt->stopped[c->b] = 1;
	nauta_touch(t, c->a, c->b);
	if (c->a_back || c->b_back) {
		touch_event(t, c, "backing, no ram; both stop");
		return 0;
	}
	if (c->shape == NV_CONTACT_RAM) {
		touch_event(t, c, friendly ? "a friendly lateral contact" :
		    "a lateral or rear ram");
		add_ram(t, c->a, c->b);
		return lateral(t, c, cause);
	}
	touch_event(t, c, friendly ? "a friendly frontal contact" :
	    c->shape == NV_CONTACT_SAME_HEX ? "both make for one hex: a "
	    "frontal contact" : "a frontal contact");
	add_ram(t, c->a, c->b);
	add_ram(t, c->b, c->a);
	return frontal(t, c, cause);
}

int
nauta_terrain(struct nv_turn *t, struct nv_terrain *tr, char **cause)
{
	struct nauta_turn	*nt = t->rs_turn;

	(void)cause;
	switch (tr->kind) {
	case NV_TERRAIN_LAND:
		tr->outcome = NV_TERRAIN_ELIMINATE;
		tr->status = NV_STATUS_SUNK;
		tr->what = "the coast";
		nauta_lost(t, tr->ship);
		break;
	case NV_TERRAIN_EDGE:
		tr->outcome = NV_TERRAIN_EXIT;
		break;
	case NV_TERRAIN_WRECK:
		tr->outcome = NV_TERRAIN_BLOCK;
		tr->what = "a burning hulk";
		nt->stopped[tr->ship] = 1;
		break;
	default:
		tr->outcome = NV_TERRAIN_BLOCK;
		nt->stopped[tr->ship] = 1;
		break;
	}
	return 0;
}
