/* nauta-end.c: the last steps of a Nauta turn (nauta.md, "The Admiral",
 * "Fighting aboard and prizes", "Movement", "Victory").
 *
 * Saving the Admiral (18l): for each Admiral whose ship surrendered this
 * turn, once a game, 1d6 of 5-6 and he escapes to a friendly ship afloat
 * within 4 hexes (the first of the flagship's ESCAPE list, else the
 * nearest, then the larger Size, then the lower id); else he is captured.
 * Prizes taken in an earlier turn are removed.  Carried speeds: the
 * written speed, or 0 after a contact, an obstacle, backing, in a fight
 * or holding a prize, cut to the maximum speed.  Victory: a side whose
 * losses reach a third of its initial points loses; the game ends when a
 * side loses, or after the last turn (drawn). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "nauta.h"
#include "orders.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

static void
set_admiral(struct nv_ship *s, const char *v)
{
	free(s->attr[NA_A_ADMIRAL].s);
	s->attr[NA_A_ADMIRAL].s = xstrdup(v);
}

/* Where the Admiral of the ship may escape to, or -1. */
static int
refuge(const struct nv_turn *t, int flag)
{
	const struct nauta_data		*nd = nauta_data(t->rs);
	const struct nauta_ship_orders	*so = nauta_ship_orders(t->orders,
					    flag);
	const struct nv_state		*st = t->st;
	const struct nv_ship		*f = &st->ships[flag], *s;
	size_t				 k;
	int				 best = -1, d, bd = 0;

	for (k = 0; k <= st->nships; k++) {
		int i = so != NULL && k < so->nescape ? so->escape[k] : -1;

		if (i < 0)
			break;
		s = &st->ships[i];
		if (s->status == NV_STATUS_AFLOAT && s->side == f->owner &&
		    hex_distance(s->hex, f->hex) <= nd->save_range)
			return i;
	}
	for (k = 0; k < st->nships; k++) {
		s = &st->ships[k];
		if ((int)k == flag || s->status != NV_STATUS_AFLOAT ||
		    s->side != f->owner)
			continue;
		d = hex_distance(s->hex, f->hex);
		if (d > nd->save_range)
			continue;
		if (best < 0 || d < bd || (d == bd && (nauta_size(t->rs, s) >
		    nauta_size(t->rs, &st->ships[best]) ||
		    (nauta_size(t->rs, s) == nauta_size(t->rs,
		    &st->ships[best]) && nauta_before(st, (int)k, best))))) {
			best = (int)k;
			bd = d;
		}
	}
	return best;
}

static int
save_one(struct nv_turn *t, int i, char **cause)
{
	const struct nauta_data	*nd = nauta_data(t->rs);
	struct nv_ship		*s = &t->st->ships[i];
	struct nv_side		*sd = &t->st->sides[s->owner];
	int			 to = -1, die = 0;

	if (nauta_enabled(t->st, NA_SAVING_ADMIRAL) &&
	    !sd->attr[NA_S_SAVING_ROLLED].i && (to = refuge(t, i)) >= 0) {
		sd->attr[NA_S_SAVING_ROLLED].i = 1;
		if (turn_roll(t, 6, "saving the admiral", s->id, &die,
		    cause) != 0)
			return -1;
	}
	if (to >= 0 && die >= nd->save_roll) {
		set_admiral(s, NA_ADMIRAL_ESCAPED);
		set_admiral(&t->st->ships[to], NA_ADMIRAL_ABOARD);
		free(sd->attr[NA_S_ADMIRAL].s);
		sd->attr[NA_S_ADMIRAL].s = xstrdup(t->st->ships[to].id);
		turn_event(t, nauta_event_name(NA_EV_ADMIRAL), i, to, "The "
		    "Admiral of %s escapes from %s to %s", sd->id, t->desc[i],
		    t->desc[to]);
		return 0;
	}
	set_admiral(s, NA_ADMIRAL_CAPTURED);
	turn_event(t, nauta_event_name(NA_EV_ADMIRAL), i, -1, "The Admiral of "
	    "%s is captured with %s", sd->id, t->desc[i]);
	return 0;
}

int
nauta_save_admirals(struct nv_turn *t, char **cause)
{
	const struct nauta_turn	*nt = t->rs_turn;
	size_t			 i;

	for (i = 0; i < t->st->nships; i++)
		if (nt->surrendered[i] &&
		    nauta_admiral_aboard(&t->st->ships[i]) &&
		    save_one(t, (int)i, cause) != 0)
			return -1;
	return 0;
}

/* A prize taken in an earlier turn is removed at the end of this one. */
void
nauta_prizes(struct nv_turn *t)
{
	const struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*s;
	size_t			 i;
	int			 c;

	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		if (!nt->prize_start[i] || !nauta_is_prize(s))
			continue;
		c = state_ship_index(t->st, s->attr[NA_A_PRIZE_OF].s);
		turn_event(t, nauta_event_name(NA_EV_PRIZE), (int)i, c, "%s is "
		    "taken away as a prize%s%s", t->desc[i], c >= 0 ? " of " :
		    "", c >= 0 ? t->st->ships[c].id : "");
		turn_eliminate(t, (int)i, NV_STATUS_COUNT + NA_STATUS_PRIZE,
		    NULL);
	}
}

/* Contacts with ships no longer on the map end. */
static void
drop_gone(struct nv_turn *t, int i)
{
	struct nv_ship	*s = &t->st->ships[i];
	int		*v;
	size_t		 n, k;

	if (*s->attr[NA_A_CONTACT].s == '\0')
		return;
	n = nauta_ids_ships(t->st, s->attr[NA_A_CONTACT].s, &v);
	for (k = 0; k < n; k++)
		if (!ship_on_map(s) || !ship_on_map(&t->st->ships[v[k]]))
			nauta_unlink(t->st, NA_A_CONTACT, i, v[k]);
	free(v);
}

void
nauta_speeds(struct nv_turn *t)
{
	const struct nauta_turn	*nt = t->rs_turn;
	struct nv_ship		*s;
	size_t			 i;
	int			 v, max;

	for (i = 0; i < t->st->nships; i++) {
		s = &t->st->ships[i];
		drop_gone(t, (int)i);
		if (!ship_on_map(s))
			continue;
		v = nt->written[i];
		if (nt->stopped[i] || nt->backing[i] || nt->holds[i] ||
		    nt->prize_start[i] || nauta_is_prize(s) ||
		    *s->attr[NA_A_GRAPPLED].s != '\0')
			v = 0;
		max = nauta_max_speed(t->rs, s);
		s->speed = v > max ? max : v;
	}
}

static void
losses_text(const struct nv_state *st, const int *loss, const int *limit,
    struct buf *b)
{
	size_t	k;

	for (k = 0; k < st->nsides; k++)
		buf_printf(b, "%s%s lost %d of %d points (a third: %d)",
		    k > 0 ? "; " : "", st->sides[k].id, loss[k],
		    nauta_initial_points(st, (int)k), limit[k]);
}

void
nauta_victory(struct nv_turn *t)
{
	struct nv_state	*st = t->st;
	size_t		 n = st->nsides, k;
	int		*loss, *limit, *score, lost = 0, winner = -1, total = 0;
	struct buf	 b = BUF_INIT;

	loss = xcalloc(n + 1, sizeof *loss);
	limit = xcalloc(n + 1, sizeof *limit);
	for (k = 0; k < n; k++) {
		loss[k] = nauta_losses(st, (int)k);
		limit[k] = nauta_loss_limit(st, (int)k);
		total += loss[k];
		if (loss[k] >= limit[k])
			lost++;
		else
			winner = (int)k;
	}
	if (lost == 0 && (st->settings.turn_limit == 0 ||
	    t->turn < st->settings.turn_limit)) {
		free(loss);
		free(limit);
		return;
	}
	/* The score of a side: what its enemies lost. */
	score = xcalloc(n + 1, sizeof *score);
	for (k = 0; k < n; k++)
		score[k] = total - loss[k];
	losses_text(st, loss, limit, &b);
	free(st->result.reason);
	free(st->result.score);
	st->result.score = score;
	if (lost > 0 && lost == (int)n - 1) {
		st->result.kind = NV_RESULT_WON;
		st->result.winner = winner;
	} else {
		st->result.kind = NV_RESULT_DRAWN;
		st->result.winner = -1;
	}
	st->result.reason = xasprintf("%s: %s", lost == 0 ? "the last turn "
	    "was played" : lost == (int)n ? "every side lost a third" :
	    "a side lost a third of its fleet", buf_str(&b));
	turn_event(t, nauta_event_name(NA_EV_VICTORY), -1, -1, "The game ends "
	    "after turn %d: %s. %s%s", t->turn, st->result.reason,
	    st->result.kind == NV_RESULT_WON ? st->sides[winner].id :
	    "The battle is a tie", st->result.kind == NV_RESULT_WON ?
	    " wins." : ".");
	buf_free(&b);
	free(loss);
	free(limit);
}
