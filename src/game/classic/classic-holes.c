/* classic-holes.c: hole plugging, damage from open holes, and victory at
 * the end of the turn (classic.md, "Holes and sinking", "Victory").
 *
 * The rulings and the decisions the rules leave open are written down in
 * docs/classic/holes-victory.md.  Every number comes from the ruleset data
 * (<holes>, <victory>, the classes' points). */
#include "config.h"

#include <stdlib.h>

#include "buf.h"
#include "classic.h"
#include "state.h"
#include "xalloc.h"

/* ---- holes ------------------------------------------------------------- */

int
classic_plug_on(const struct classic_data *cd, int in_fight)
{
	return in_fight ? cd->plug_on_boarding : cd->plug_on;
}

/* "5-6", or "6" when only the top face plugs. */
static void
range_text(struct buf *b, int on)
{
	if (on >= 6)
		buf_printf(b, "%d", on);
	else
		buf_printf(b, "%d-6", on);
}

/* One plug roll per open hole of ship i, in hole order. */
static int
plug_ship(struct nv_turn *t, int i, char **cause)
{
	struct nv_ship	*s = &t->st->ships[i];
	int		 fight = classic_in_boarding_fight(t, i);
	int		 on = classic_plug_on(classic_data(t->rs), fight);
	int		 n = (int)s->attr[CL_A_HOLES].i, k, die, open = n;
	struct buf	 b = BUF_INIT;
	char		*purpose;

	for (k = 1; k <= n; k++) {
		purpose = xasprintf("plugging hole %d of %d", k, n);
		if (turn_roll(t, 6, purpose, s->id, &die, cause) != 0) {
			free(purpose);
			buf_free(&b);
			return -1;
		}
		free(purpose);
		open -= die >= on;
		buf_reset(&b);
		buf_printf(&b, "%s %s hole %d of %d: 1d6=%d, ", t->desc[i],
		    die >= on ? "plugs" : "fails to plug", k, n, die);
		range_text(&b, on);
		buf_printf(&b, " needed%s%s", fight ?
		    " in a boarding fight" : "", die >= on ? "" :
		    "; the hole stays open");
		turn_event(t, classic_event_name(CL_EV_PLUG), i, -1, "%s",
		    buf_str(&b));
	}
	s->attr[CL_A_HOLES].i = open;
	buf_free(&b);
	return 0;
}

/* Every hole still open does the data's hole damage; classic_damage()
 * sinks the ship when that reaches its remaining hull. */
static void
flood_ship(struct nv_turn *t, int i)
{
	struct nv_ship	*s = &t->st->ships[i];
	int		 open = (int)s->attr[CL_A_HOLES].i;
	int		 per = classic_data(t->rs)->hole_damage;
	char		*source;

	if (open <= 0 || per <= 0)
		return;
	turn_event(t, classic_event_name(CL_EV_HOLE), i, -1, "%s has %d "
	    "hole%s still open: %d hull damage at %d per open hole",
	    t->desc[i], open, open == 1 ? "" : "s", open * per, per);
	source = xasprintf("%d open hole%s", open, open == 1 ? "" : "s");
	classic_damage(t, i, open * per, source);
	free(source);
}

/* classic.md, "The turn": hole plugging for every ship (in the order of
 * ship ids, "Order of dice"), then damage from the holes left open, and
 * sinking.  Ships that left the map or sank have no holes to plug. */
int
classic_holes(struct nv_turn *t, char **cause)
{
	struct nv_state	*st = t->st;
	size_t		 i;

	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]) &&
		    st->ships[i].attr[CL_A_HOLES].i > 0 &&
		    plug_ship(t, (int)i, cause) != 0)
			return -1;
	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]))
			flood_ship(t, (int)i);
	return 0;
}

/* ---- victory ----------------------------------------------------------- */

static int
class_points(const struct nv_state *st, const struct nv_ship *s)
{
	if (s->cls < 0 || (size_t)s->cls >= st->rs->nclasses)
		return 0;
	return classic_data(st->rs)->classes[s->cls].points;
}

/* A captured ship's value: value * num / den, rounded up. */
static int
capture_points(const struct classic_data *cd, int v)
{
	if (cd->capture_den <= 0)
		return v;
	return (v * cd->capture_num + cd->capture_den - 1) / cd->capture_den;
}

/* Scoring looks only at where each ship ends (its status, its original
 * owner, the side that holds it), so a ship scores once, for the side
 * that holds the result at the end, however often it changed hands. */
int
classic_ship_score(const struct nv_state *st, int i, int side)
{
	const struct nv_ship	*s = &st->ships[i];
	int			 v = class_points(st, s);

	switch (s->status) {
	case NV_STATUS_SUNK:
		/* A loss to its owner: every other side scores it (see
		 * docs/classic/holes-victory.md for more than two sides). */
		return side != s->owner ? v : 0;
	case NV_STATUS_AFLOAT:
	case NV_STATUS_CAPTURED:
		/* Held by another side than its owner: a prize.  Back with
		 * its owner (recaptured), it scores for nobody. */
		if (s->side != s->owner && side == s->side)
			return capture_points(classic_data(st->rs), v);
		return 0;
	default:
		return 0;	/* exited: nothing for either side */
	}
}

void
classic_scores(const struct nv_state *st, int *score)
{
	size_t	i, k;

	for (k = 0; k < st->nsides; k++) {
		score[k] = 0;
		for (i = 0; i < st->nships; i++)
			score[k] += classic_ship_score(st, (int)i, (int)k);
	}
}

/* One sentence per ship that scores, so a report can show the sum. */
static void
log_points(struct nv_turn *t)
{
	const struct nv_state	*st = t->st;
	const struct nv_ship	*s;
	size_t			 i, k;
	int			 v, p;

	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		v = class_points(st, s);
		if (s->status == NV_STATUS_EXITED)
			turn_event(t, classic_event_name(CL_EV_VICTORY),
			    (int)i, -1, "%s left the battle: no points for "
			    "any side", t->desc[i]);
		else if (s->status == NV_STATUS_CAPTURED &&
		    s->side == s->owner)
			turn_event(t, classic_event_name(CL_EV_VICTORY),
			    (int)i, -1, "%s is back with its owner: no points "
			    "for any side", t->desc[i]);
		for (k = 0; k < st->nsides; k++) {
			if ((p = classic_ship_score(st, (int)i, (int)k)) == 0)
				continue;
			if (s->status == NV_STATUS_SUNK)
				turn_event(t, classic_event_name(CL_EV_VICTORY),
				    (int)i, -1, "%s is sunk: %d points for %s",
				    t->desc[i], p, st->sides[k].id);
			else
				turn_event(t, classic_event_name(CL_EV_VICTORY),
				    (int)i, -1, "%s is held by %s as a prize: "
				    "%d points and half again, rounded up, = "
				    "%d points for %s", t->desc[i],
				    st->sides[k].id, v, p, st->sides[k].id);
		}
	}
}

/* The sides still in the game: those with a ship on the map that they
 * control (their own, or a prize). */
static int
count_afloat(const struct nv_state *st, int *afloat)
{
	size_t	i, k;
	int	n = 0;

	for (k = 0; k < st->nsides; k++)
		afloat[k] = 0;
	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]) && st->ships[i].side >= 0 &&
		    (size_t)st->ships[i].side < st->nsides)
			afloat[st->ships[i].side]++;
	for (k = 0; k < st->nsides; k++)
		n += afloat[k] > 0;
	return n;
}

/* The best score among the sides still afloat, or -1 on a tie for it. */
static int
best_side(const struct nv_state *st, const int *score, const int *afloat)
{
	size_t	k;
	int	best = -1, tie = 0;

	for (k = 0; k < st->nsides; k++) {
		if (!afloat[k])
			continue;
		if (best < 0 || score[k] > score[best]) {
			best = (int)k;
			tie = 0;
		} else if (score[k] == score[best])
			tie = 1;
	}
	return tie ? -1 : best;
}

/* "a 9, b 6" */
static void
score_text(const struct nv_state *st, const int *score, struct buf *b)
{
	size_t	k;

	for (k = 0; k < st->nsides; k++)
		buf_printf(b, "%s%s %d", k > 0 ? ", " : "", st->sides[k].id,
		    score[k]);
}

/* "b has no ship afloat under its control", or "b and c have ...". */
static char *
losers_text(const struct nv_state *st, const int *afloat)
{
	struct buf	 b = BUF_INIT;
	size_t		 k;
	int		 n = 0;

	for (k = 0; k < st->nsides; k++) {
		if (afloat[k])
			continue;
		if (n++ > 0)
			buf_adds(&b, " and ");
		buf_adds(&b, st->sides[k].id);
	}
	buf_adds(&b, n == 1 ? " has no ship afloat under its control" :
	    " have no ship afloat under their control");
	return buf_detach(&b);
}

/* Decides whether the game is over after this turn; if so, fills the
 * result (kind, winner, reason) and returns 1. */
static int
decide(struct nv_turn *t, const int *score, const int *afloat,
    int nafloat, struct nv_result *r)
{
	const struct nv_state	*st = t->st;
	int			 limit = st->settings.turn_limit;
	size_t			 k;

	r->winner = -1;
	if (nafloat == 0) {
		r->kind = NV_RESULT_DRAWN;
		r->reason = xasprintf("no side has a ship afloat: the last "
		    "ships were lost in turn %d", t->turn);
		return 1;
	}
	if (nafloat == 1 && st->nsides > 1) {
		r->kind = NV_RESULT_WON;
		for (k = 0; k < st->nsides; k++)
			if (afloat[k])
				r->winner = (int)k;
		r->reason = losers_text(st, afloat);
		return 1;
	}
	if (limit <= 0 || t->turn < limit)
		return 0;
	r->winner = best_side(st, score, afloat);
	r->kind = r->winner >= 0 ? NV_RESULT_WON : NV_RESULT_DRAWN;
	if (r->winner >= 0)
		r->reason = xasprintf("the turn limit of %d turn%s is reached;"
		    " %s has the most points", limit, limit == 1 ? "" : "s",
		    st->sides[r->winner].id);
	else
		r->reason = xasprintf("the turn limit of %d turn%s is reached;"
		    " the leading sides have equal points", limit,
		    limit == 1 ? "" : "s");
	return 1;
}

/* classic.md, "Victory": the game ends when the scenario's turn limit is
 * reached or when a side has no ship afloat under its control; the final
 * state records the result and every side's score.  A side that loses
 * its last ship loses at once, whatever the points; if every side loses
 * its last ship in the same turn, the game is drawn. */
int
classic_victory(struct nv_turn *t, char **cause)
{
	struct nv_state	*st = t->st;
	struct nv_result r = { NV_RESULT_PLAYING, -1, NULL, NULL };
	struct buf	 b = BUF_INIT;
	int		*score, *afloat, nafloat;

	(void)cause;
	score = xcalloc(st->nsides + 1, sizeof *score);
	afloat = xcalloc(st->nsides + 1, sizeof *afloat);
	classic_scores(st, score);
	nafloat = count_afloat(st, afloat);
	if (!decide(t, score, afloat, nafloat, &r)) {
		free(score);
		free(afloat);
		return 0;
	}
	log_points(t);
	score_text(st, score, &b);
	if (r.kind == NV_RESULT_WON)
		turn_event(t, classic_event_name(CL_EV_VICTORY), -1, -1,
		    "The game ends after turn %d: %s. %s wins. Score: %s.",
		    t->turn, r.reason, st->sides[r.winner].id, buf_str(&b));
	else
		turn_event(t, classic_event_name(CL_EV_VICTORY), -1, -1,
		    "The game ends after turn %d: %s. The game is drawn. "
		    "Score: %s.", t->turn, r.reason, buf_str(&b));
	buf_free(&b);
	free(st->result.reason);
	free(st->result.score);
	st->result = r;
	st->result.score = score;
	free(afloat);
	return 0;
}
