/* nauta-validate.c: Nauta's orders checked against the rules (nauta.md,
 * "Movement", "Boarding", "Optional rules"; docs/orders.md, "Nauta").
 *
 * Every error names the line as written, the one limit it breaks and
 * what would be legal, e.g. "SHIP hippo SPEED 4: a quinqueremis at speed
 * 2 may write 0-3".  After validation every movement order is complete
 * (speed and steps agree, the Dash's steps known), which is what the turn
 * reads. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "nauta.h"
#include "orders.h"
#include "state.h"
#include "xalloc.h"

struct vctx {
	const struct nv_state	*st;
	const struct nv_ruleset	*rs;
	struct diag		*d;
	int			 rc;
};

static void verr(struct vctx *, const struct na_src *, const char *, ...)
    __attribute__((format(printf, 3, 4)));

static void
verr(struct vctx *v, const struct na_src *src, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_error(v->d, src->file, src->line, "%s: %s", src->text, msg);
	free(msg);
	v->rc = -1;
}

static const char *
cls(const struct vctx *v, int i)
{
	return v->rs->classes[v->st->ships[i].cls].id;
}

/* SPEED alone is n F; MOVE alone implies the speed (B, BB: 0). */
static void
complete(struct nauta_ship_orders *so)
{
	int	k;

	if (!so->has_speed) {
		so->speed = strchr(so->steps, 'B') != NULL ? 0 : so->nsteps;
		so->has_speed = 1;
	}
	if (!so->has_move) {
		for (k = 0; k < so->speed && k < NV_PLOT_MAX; k++)
			so->steps[k] = 'F';
		so->steps[k] = '\0';
		so->nsteps = k;
		so->has_move = 1;
	}
}

static void
check_backing(struct vctx *v, int i, struct nauta_ship_orders *so)
{
	const struct nv_ship	*s = &v->st->ships[i];
	int			 back = nauta_data(v->rs)->back_steps;

	if ((int)strspn(so->steps, "B") != so->nsteps)
		verr(v, &so->move, "B stands alone, one or two of them; "
		    "legal: SPEED 0 MOVE B or SPEED 0 MOVE BB");
	else if (so->nsteps > back)
		verr(v, &so->move, "a ship backs at most %d hexes; legal: "
		    "SPEED 0 MOVE B or SPEED 0 MOVE BB", back);
	else if (so->speed != 0 || so->dash)
		verr(v, &so->move, "backing is written at speed 0 without "
		    "DASH; legal: SPEED 0 MOVE %s", so->steps);
	else if (s->speed > 0)
		verr(v, &so->move, "only a ship at speed 0 may back; %s is at "
		    "speed %d", s->id, s->speed);
}

/* Turns first, all one way, within the Size's limit; then F. */
static int
check_steps(struct vctx *v, int i, struct nauta_ship_orders *so)
{
	const struct nauta_data	*nd = nauta_data(v->rs);
	int			 size = nauta_size(v->rs, &v->st->ships[i]);
	int			 limit = size <= nd->small_size ?
				    nd->small_turns : nd->turns;
	int			 turns = (int)strspn(so->steps, "LR");

	if (so->nsteps != so->speed) {
		verr(v, &so->move, "%d step%s for speed %d; legal: exactly %d "
		    "(L or R turns first, each a step, then F)", so->nsteps,
		    so->nsteps == 1 ? "" : "s", so->speed, so->speed);
		return -1;
	}
	if ((int)strspn(so->steps + turns, "F") != so->nsteps - turns) {
		verr(v, &so->move, "turns come first, then F only; legal: e.g. "
		    "MOVE R F F F");
		return -1;
	}
	if (turns > 1 && strspn(so->steps, so->steps[0] == 'L' ? "L" : "R") !=
	    (size_t)turns) {
		verr(v, &so->move, "the turns go one way; legal: %s or %s",
		    limit > 1 ? "L L" : "L", limit > 1 ? "R R" : "R");
		return -1;
	}
	if (turns > limit) {
		verr(v, &so->move, "a %s (Size %d) makes at most %d turn "
		    "step%s", cls(v, i), size, limit, limit == 1 ? "" : "s");
		return -1;
	}
	if (so->dash && turns > 0) {
		verr(v, &so->move, "a Dash makes no turn; legal: SPEED %d DASH",
		    so->speed);
		return -1;
	}
	return 0;
}

static void
check_dash(struct vctx *v, int i, struct nauta_ship_orders *so)
{
	const char	*why = NULL;
	int		 steps;

	if (!so->dash)
		return;
	steps = nauta_dash_due(v->rs, &v->st->ships[i], &why);
	if (steps == 0) {
		verr(v, &so->move, "%s may not Dash: %s; legal: SPEED %d",
		    v->st->ships[i].id, why, so->speed);
		so->dash = 0;
	} else
		so->dash = steps;
}

/* A ship that may only hold: grappled, or holding a prize. */
static int
must_hold(const struct vctx *v, int i, struct buf *why)
{
	const struct nv_ship	*s = &v->st->ships[i];
	int			 p;

	if (*s->attr[NA_A_GRAPPLED].s != '\0') {
		buf_printf(why, "%s is grappled to %s until the fight ends",
		    s->id, s->attr[NA_A_GRAPPLED].s);
		return 1;
	}
	if ((p = nauta_prize_held(v->st, i)) >= 0) {
		buf_printf(why, "%s holds the prize %s this turn", s->id,
		    v->st->ships[p].id);
		return 1;
	}
	return 0;
}

static void
check_move(struct vctx *v, int i, struct nauta_ship_orders *so)
{
	const struct nv_ship	*s = &v->st->ships[i];
	struct buf		 why = BUF_INIT;
	int			 lo, hi;

	complete(so);
	if (must_hold(v, i, &why)) {
		if (so->speed != 0 || so->nsteps > 0)
			verr(v, &so->move, "%s; legal: SPEED 0", buf_str(&why));
		buf_free(&why);
		return;
	}
	if (strchr(so->steps, 'B') != NULL) {
		check_backing(v, i, so);
		return;
	}
	if (so->speed == 0 && so->nsteps > 0) {
		verr(v, &so->move, "a ship written at 0 holds: no turn, no move; "
		    "legal: SPEED 0, or SPEED 0 MOVE B|BB");
		return;
	}
	nauta_speed_range(v->rs, s, &lo, &hi);
	if (so->speed < lo || so->speed > hi) {
		if (s->speed < 0)
			verr(v, &so->move, "a %s may write 0-%d (its maximum "
			    "speed)", cls(v, i), hi);
		else
			verr(v, &so->move, "a %s at speed %d may write %d-%d",
			    cls(v, i), s->speed, lo, hi);
		return;
	}
	if (check_steps(v, i, so) == 0)
		check_dash(v, i, so);
}

static void
check_board(struct vctx *v, int i, const struct nauta_ship_orders *so)
{
	const struct nv_ship	*s = &v->st->ships[i];
	size_t			 k;
	int			 p;

	if (!so->board_any && so->nboard == 0)
		return;
	if (s->attr[NA_A_SOLDIERS].i == 0)
		verr(v, &so->board_src, "%s has no soldiers and cannot board",
		    s->id);
	else if ((p = nauta_prize_held(v->st, i)) >= 0 &&
	    *s->attr[NA_A_GRAPPLED].s == '\0')
		verr(v, &so->board_src, "holding the prize %s, %s boards "
		    "nothing this turn", v->st->ships[p].id, s->id);
	for (k = 0; k < so->nboard; k++)
		if (nauta_is_prize(&v->st->ships[so->board[k]]))
			verr(v, &so->board_src, "%s is a prize and cannot be "
			    "boarded", v->st->ships[so->board[k]].id);
}

static void
check_options(struct vctx *v, int i, const struct nauta_ship_orders *so)
{
	const struct nauta_data	*nd = nauta_data(v->rs);
	const struct nv_ship	*s = &v->st->ships[i];
	int			 f;

	if (so->shoot != NA_SHOOT_UNSET &&
	    !nauta_has_option(v->rs, s, nd->opt_balistae))
		verr(v, &so->shoot_src, "%s has no Balistae (option balistae)",
		    s->id);
	if (so->burn && !nauta_has_option(v->rs, s, nd->opt_pirophoros))
		verr(v, &so->burn_src, "%s has no Pirophoros (option "
		    "pirophoros)", s->id);
	else if (so->burn && s->attr[NA_A_PIROPHOROS_USED].i)
		verr(v, &so->burn_src, "%s has used its Pirophoros; it works "
		    "once a game", s->id);
	if (so->nescape == 0)
		return;
	f = nauta_flagship(v->st, s->side);
	if (!nauta_enabled(v->st, NA_SAVING_ADMIRAL))
		verr(v, &so->escape_src, "Saving the Admiral (18l) is not "
		    "enabled in this game");
	else if (f != i)
		verr(v, &so->escape_src, "only the Admiral's ship gives ESCAPE; "
		    "%s", f >= 0 ? v->st->ships[f].id : "your Admiral is not "
		    "aboard any ship");
}

/* A prize takes no orders: each of its lines is an error. */
static void
check_prize(struct vctx *v, int i, const struct nauta_ship_orders *so)
{
	const struct na_src	*src[] = { &so->move, &so->board_src,
				    &so->shoot_src, &so->burn_src,
				    &so->escape_src };
	const struct nv_ship	*s = &v->st->ships[i];
	size_t			 k;

	for (k = 0; k < sizeof src / sizeof src[0]; k++)
		if (src[k]->file != NULL)
			verr(v, src[k], "%s is a prize of %s and takes no "
			    "orders", s->id, s->attr[NA_A_PRIZE_OF].s);
}

int
nauta_validate(struct nv_orders *o, struct diag *d)
{
	struct nauta_orders		*no = o->rs;
	struct vctx			 v = { o->st, o->st->rs, d, 0 };
	struct nauta_ship_orders	*so;
	const struct nv_ship		*s;
	size_t				 i;

	for (i = 0; i < o->st->nships; i++) {
		so = &no->ships[i];
		s = &o->st->ships[i];
		if (nauta_is_prize(s)) {
			/* The common parser let it through: it sails for
			 * the side that holds it. */
			check_prize(&v, (int)i, so);
			continue;
		}
		if (so->has_speed || so->has_move)
			check_move(&v, (int)i, so);
		check_board(&v, (int)i, so);
		check_options(&v, (int)i, so);
	}
	return v.rc;
}
