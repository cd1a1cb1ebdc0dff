/* classic-validate.c: classic orders checked against the state and the
 * rules (shared/rules/classic.md, "Plotted movement", "Rams", "Missile
 * fire").
 *
 * Each movement order is checked for its speed (from every limit at once:
 * maximum and cruising speed, maximum-speed uses, acceleration,
 * obligations after a ram, grapples) and then for its steps (F count,
 * turning circle, the pivot after backing from a ram).  A message names
 * the one limit that was broken and the whole legal range, which is what
 * a player needs to write a legal order at the first try. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic.h"
#include "diag.h"
#include "orders.h"
#include "state.h"
#include "xalloc.h"

/* What a ship may do this turn. */
enum move_mode {
	MODE_FREE,
	MODE_GRAPPLED,		/* SPEED 0 only */
	MODE_BACK,		/* rammed last turn: MOVE B only */
	MODE_PIVOT,		/* backed after a ram: one turn, then F */
};

struct limits {
	enum move_mode	 mode;
	int		 prev;		/* the speed acceleration counts from */
	int		 accel;
	int		 cruise;
	int		 max;		/* the ship's maximum speed */
	int		 cap;		/* max, or cruise when no use is left */
	int		 lo, hi;	/* legal forward speeds; none if lo > hi */
	int		 back;		/* MOVE B is legal */
};

static const int weapon_attr[CL_W_COUNT] = {
	[CL_W_BOW] = CL_A_BOWS,
	[CL_W_CATAPULT] = CL_A_CATAPULTS,
	[CL_W_STONE] = CL_A_STONES,
};

static int
attr_set(const struct nv_ship *s, int a)
{
	const char	*p = s->attr[a].s;

	if (p == NULL)
		return 0;
	p += strspn(p, " ");
	return *p != '\0';
}

static int
attr_is(const struct nv_ship *s, int a, const char *v)
{
	return s->attr[a].s != NULL && strcmp(s->attr[a].s, v) == 0;
}

/* "a trireme", "an elite trireme": crews that change nothing go unsaid.
 * Owned by the caller. */
static char *
ship_kind(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	const struct classic_crew *c = &classic_data(rs)->crews[s->crew];
	const char	*cls = rs->classes[s->cls].id, *crew = "";
	char		*what, *out;

	if (c->max_speed != 0 || c->accel != 0 || c->turn_circle != 0)
		crew = rs->crews[s->crew].id;
	what = *crew != '\0' ? xasprintf("%s %s", crew, cls) : xstrdup(cls);
	out = xasprintf("%s %s", strchr("aeiou", what[0]) != NULL ? "an" : "a",
	    what);
	free(what);
	return out;
}

static void
limits_of(const struct nv_ruleset *rs, const struct nv_ship *s,
    struct limits *l)
{
	const struct classic_data *cd = classic_data(rs);

	memset(l, 0, sizeof *l);
	l->accel = classic_accel(rs, s);
	l->cruise = classic_cruise(rs, s);
	l->max = classic_max_speed(rs, s);
	l->cap = l->max;
	if (s->attr[CL_A_MAX_USES].i >= cd->max_speed_uses && l->cap > l->cruise)
		l->cap = l->cruise;
	l->prev = s->speed;
	if (attr_set(s, CL_A_GRAPPLED)) {
		l->mode = MODE_GRAPPLED;
		l->lo = l->hi = 0;
		return;
	}
	if (attr_is(s, CL_A_OBLIGATION, CL_OBLIGATION_BACK)) {
		l->mode = MODE_BACK;
		l->lo = 1;
		l->back = 1;
		return;
	}
	if (attr_is(s, CL_A_OBLIGATION, CL_OBLIGATION_PIVOT)) {
		l->mode = MODE_PIVOT;
		l->prev = 0;
		l->hi = l->accel < l->cap ? l->accel : l->cap;
		return;
	}
	l->lo = l->prev - l->accel > 0 ? l->prev - l->accel : 0;
	l->hi = l->prev + l->accel < l->cap ? l->prev + l->accel : l->cap;
	l->back = -1 - l->prev >= -l->accel;
	/* A ship too fast to slow to its cap within its acceleration (a
	 * ship raked at speed) slows to the cap: the cap wins. */
	if (l->lo > l->hi)
		l->lo = l->hi;
}

static int
speed_legal(const struct limits *l, int speed)
{
	return speed < 0 ? l->back : speed >= l->lo && speed <= l->hi;
}

static void
legal_moves(const struct limits *l, struct buf *b)
{
	if (l->lo <= l->hi && l->lo == l->hi)
		buf_printf(b, "SPEED %d", l->lo);
	else if (l->lo <= l->hi)
		buf_printf(b, "SPEED %d-%d", l->lo, l->hi);
	if (l->back)
		buf_adds(b, l->lo <= l->hi ? " or MOVE B" : "MOVE B");
	if (l->mode == MODE_PIVOT)
		buf_adds(b, ", with at most one L or R, before the first F");
}

/* The limit that speed breaks; owned by the caller. */
static char *
speed_reason(const struct nv_ruleset *rs, const struct nv_ship *s,
    const struct limits *l, int speed)
{
	char	*kind = ship_kind(rs, s), *r;
	int	 uses = classic_data(rs)->max_speed_uses;

	if (l->mode == MODE_GRAPPLED)
		r = xasprintf("%s is grappled to %s and cannot move", s->id,
		    s->attr[CL_A_GRAPPLED].s);
	else if (l->mode == MODE_BACK)
		r = xasprintf("%s rammed last turn and must back away one hex",
		    s->id);
	else if (speed < 0 && l->mode == MODE_PIVOT)
		r = xasprintf("%s backed away from a ram last turn and now "
		    "gets under way forwards", s->id);
	else if (speed > l->max && s->attr[CL_A_RAKED].i > 0)
		r = xasprintf("%s has been raked and may not pass its cruising "
		    "speed %d", s->id, l->cruise);
	else if (speed > l->max)
		r = xasprintf("the maximum speed of %s is %d", kind, l->max);
	else if (speed > l->cap)
		r = xasprintf("%s has used its %d maximum-speed turns and may "
		    "not pass its cruising speed %d", s->id, uses, l->cruise);
	else
		r = xasprintf("%s may change speed by at most %d from %d%s%s",
		    kind, l->accel, l->prev, l->mode == MODE_PIVOT ?
		    " as it gets under way after backing from a ram" :
		    l->prev < 0 ? " (it went backwards last turn)" : "",
		    speed < 0 ? " (MOVE B counts as speed -1)" : "");
	free(kind);
	return r;
}

/* The speed in the order agrees with its steps?  0 or -1 (reported). */
static int
check_count(const struct classic_ship_orders *so, const unsigned char *steps,
    int n, struct diag *d)
{
	int	i, nf = 0;
	char	*where;

	if (!so->has_speed || !so->has_move)
		return 0;
	if (n == 1 && steps[0] == CL_STEP_B) {
		if (so->speed == -1)
			return 0;
		diag_error(d, so->move_file, so->move_line, "%s: MOVE B backs "
		    "one hex, which is speed -1, not SPEED %d; legal: MOVE B "
		    "alone", so->move_text, so->speed);
		return -1;
	}
	for (i = 0; i < n; i++)
		nf += steps[i] == CL_STEP_F;
	if (nf == so->speed)
		return 0;
	where = so->speed_line != so->move_line ?
	    xasprintf(" (line %u)", so->speed_line) : xstrdup("");
	diag_error(d, so->move_file, so->move_line, "%s: MOVE has %d F but "
	    "the order is SPEED %d%s, and the number of F must equal the "
	    "speed; legal: SPEED %d with these steps, or %d F", so->move_text,
	    nf, so->speed, where, nf, so->speed);
	free(where);
	return -1;
}

/* After backing from a ram: at most one L or R, before the first F. */
static void
check_pivot(const struct classic_ship_orders *so, const char *kind,
    const unsigned char *steps, int n, struct diag *d)
{
	int	i, turns = 0, seen_f = 0;

	for (i = 0; i < n; i++) {
		if (steps[i] == CL_STEP_F)
			seen_f = 1;
		else if (seen_f || ++turns > 1)
			break;
	}
	if (i == n)
		return;
	diag_error(d, so->move_file, so->move_line, "%s: getting under way "
	    "after backing from a ram, %s may turn once, before its first F, "
	    "and then go straight; legal: at most one L or R, before the "
	    "first F", so->move_text, kind);
}

static void
check_circle(const struct nv_ruleset *rs, const struct nv_ship *s,
    const struct classic_ship_orders *so, const unsigned char *steps, int n,
    struct diag *d)
{
	int	 circle = classic_turn_circle(rs, s), i, run, first = 1;
	char	*kind, *carried;

	run = (int)s->attr[CL_A_STRAIGHT].i;
	for (i = 0; i < n; i++) {
		if (steps[i] == CL_STEP_F) {
			run++;
			continue;
		}
		if (run >= circle) {
			run = 0;
			first = 0;
			continue;
		}
		kind = ship_kind(rs, s);
		carried = first && s->attr[CL_A_STRAIGHT].i > 0 ?
		    xasprintf(", counting %ld from last turn",
		    s->attr[CL_A_STRAIGHT].i) : xstrdup("");
		diag_error(d, so->move_file, so->move_line, "%s: the %c at "
		    "step %d comes after %d hex%s straight%s, but %s must go "
		    "%d hex%s straight between turns; legal: at least %d F "
		    "before it", so->move_text, steps[i] == CL_STEP_L ?
		    'L' : 'R', i + 1, run, run == 1 ? "" : "es", carried, kind,
		    circle, circle == 1 ? "" : "es", circle - run);
		free(carried);
		free(kind);
		return;
	}
}

static void
check_move(const struct nv_ruleset *rs, const struct nv_ship *s,
    struct classic_ship_orders *so, struct diag *d)
{
	unsigned char	 steps[NV_PLOT_MAX];
	int		 speed, n, i, turns = 0;
	struct limits	 l;
	struct buf	 b = BUF_INIT;
	char		*why, *kind;

	classic_move_complete(so, &speed, steps, &n);
	if (check_count(so, steps, n, d) != 0)
		return;
	limits_of(rs, s, &l);
	if (!speed_legal(&l, speed)) {
		why = speed_reason(rs, s, &l, speed);
		legal_moves(&l, &b);
		diag_error(d, so->move_file, so->move_line, "%s: %s; legal: %s",
		    so->move_text, why, buf_str(&b));
		free(why);
		buf_free(&b);
	}
	for (i = 0; i < n; i++)
		turns += steps[i] == CL_STEP_L || steps[i] == CL_STEP_R;
	if (speed == 0 && turns > 0)
		diag_error(d, so->move_file, so->move_line, "%s: a ship at "
		    "speed 0 neither turns nor moves; legal: SPEED 0 without L "
		    "or R, or turns with a speed of 1 or more", so->move_text);
	else if (l.mode == MODE_PIVOT) {
		kind = ship_kind(rs, s);
		check_pivot(so, kind, steps, n, d);
		free(kind);
	} else if (speed > 0)
		check_circle(rs, s, so, steps, n, d);

	/* From here on the order is one plot (classic.h). */
	so->has_speed = so->has_move = 1;
	so->speed = speed;
	memcpy(so->steps, steps, (size_t)n);
	so->nsteps = n;
}

/* "1 bow, 2 catapults" or "none". */
static void
aboard_list(const struct nv_ship *s, struct buf *b)
{
	int	w, n, k = 0;

	for (w = 0; w < CL_W_COUNT; w++) {
		n = (int)s->attr[weapon_attr[w]].i;
		if (n > 0)
			buf_printf(b, "%s%d %s%s", k++ > 0 ? ", " : "", n,
			    classic_weapon_id(w), n == 1 ? "" : "s");
	}
	if (k == 0)
		buf_adds(b, "none");
}

static void
fire_error(struct diag *d, const struct nv_ship *s,
    const struct classic_fire *f, const char *why)
{
	struct buf	b = BUF_INIT;

	if (d == NULL)
		return;
	aboard_list(s, &b);
	diag_error(d, f->file, f->line, "%s: %s; weapons aboard %s: %s",
	    f->text, why, s->id, buf_str(&b));
	buf_free(&b);
}

/* The entries with a count: explicit counts first, then one weapon's
 * rest (specific beats ALL), then ALL; a weapon's rest goes to one order. */
static int
fire_take(const struct nv_ship *s, const struct classic_ship_orders *so,
    int *take, struct diag *d)
{
	int		 aboard[CL_W_COUNT], used[CL_W_COUNT] = { 0 };
	unsigned	 rest[CL_W_COUNT] = { 0 };
	const struct classic_fire *f;
	size_t		 i;
	int		 w, bad = 0, any, pass;
	char		*why;

	for (w = 0; w < CL_W_COUNT; w++)
		aboard[w] = (int)s->attr[weapon_attr[w]].i;
	for (i = 0; i < so->nfire; i++) {
		f = &so->fire[i];
		if (f->weapon < 0 || f->count == 0)
			continue;
		used[f->weapon] += f->count;
		take[i * CL_W_COUNT + (size_t)f->weapon] = f->count;
		if (used[f->weapon] > aboard[f->weapon]) {
			why = xasprintf("its FIRE orders name %d %ss, more "
			    "than it has", used[f->weapon],
			    classic_weapon_id(f->weapon));
			fire_error(d, s, f, why);
			free(why);
			bad = 1;
		}
	}
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < so->nfire; i++) {
			f = &so->fire[i];
			if (f->count != 0 || (f->weapon < 0) != (pass == 1))
				continue;
			any = 0;
			for (w = 0; w < CL_W_COUNT; w++) {
				if ((f->weapon >= 0 && w != f->weapon) ||
				    rest[w] != 0 || aboard[w] <= used[w])
					continue;
				take[i * CL_W_COUNT + (size_t)w] =
				    aboard[w] - used[w];
				rest[w] = f->line;
				any = 1;
			}
			if (any)
				continue;
			bad = 1;
			if (f->weapon >= 0 && aboard[f->weapon] == 0)
				why = xasprintf("%s has no %ss", s->id,
				    classic_weapon_id(f->weapon));
			else if (f->weapon < 0 && aboard[CL_W_BOW] +
			    aboard[CL_W_CATAPULT] + aboard[CL_W_STONE] == 0)
				why = xasprintf("%s has no weapons", s->id);
			else if (f->weapon >= 0 && rest[f->weapon] != 0)
				why = xasprintf("the %ss not otherwise ordered "
				    "were given to line %u; split them with "
				    "FIRE n", classic_weapon_id(f->weapon),
				    rest[f->weapon]);
			else
				why = xasprintf("every %s of %s is ordered "
				    "already", f->weapon >= 0 ?
				    classic_weapon_id(f->weapon) : "weapon",
				    s->id);
			fire_error(d, s, f, why);
			free(why);
		}
	return bad ? -1 : 0;
}

int
classic_fire_resolve(const struct nv_state *st, int ship,
    const struct classic_ship_orders *so, struct classic_fire **out,
    size_t *nout, struct diag *d)
{
	const struct nv_ship	*s = &st->ships[ship];
	struct classic_fire	*f;
	int			*take, rc;
	size_t			 i, n = 0;
	int			 w;

	*out = NULL;
	*nout = 0;
	if (so->nfire == 0)
		return 0;
	take = xcalloc(so->nfire * CL_W_COUNT, sizeof *take);
	rc = fire_take(s, so, take, d);
	for (i = 0; i < so->nfire; i++)
		for (w = 0; w < CL_W_COUNT; w++)
			n += take[i * CL_W_COUNT + (size_t)w] > 0;
	*out = xcalloc(n > 0 ? n : 1, sizeof **out);
	for (i = 0; i < so->nfire; i++)
		for (w = 0; w < CL_W_COUNT; w++) {
			if (take[i * CL_W_COUNT + (size_t)w] == 0)
				continue;
			f = &(*out)[(*nout)++];
			*f = so->fire[i];
			f->weapon = w;
			f->count = take[i * CL_W_COUNT + (size_t)w];
			f->file = xstrdup(so->fire[i].file);
			f->text = xstrdup(so->fire[i].text);
		}
	free(take);
	return rc;
}

int
classic_validate(struct nv_orders *o, struct diag *d)
{
	struct classic_orders	*co = o->rs;
	struct classic_ship_orders *so;
	const struct nv_state	*st = o->st;
	struct classic_fire	*f;
	size_t			 i, nf, errors = d->errors;

	for (i = 0; i < st->nships; i++) {
		so = &co->ships[i];
		if (so->has_speed || so->has_move)
			check_move(st->rs, &st->ships[i], so, d);
		if (so->nfire == 0)
			continue;
		/* Afterwards the turn sees one weapon and a count per
		 * entry (classic.h). */
		(void)classic_fire_resolve(st, (int)i, so, &f, &nf, d);
		classic_fire_free(so->fire, so->nfire);
		so->fire = f;
		so->nfire = nf;
	}
	return d->errors > errors ? -1 : 0;
}
