/* nauta-figures.c: what a Nauta ship's figures are now (see nauta.h):
 * its options, maximum speed, value, the Dash it may make, and a side's
 * points and losses.  Pure functions of the state and the ruleset data,
 * shared by validation, the turn and the reports. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "nauta.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

int
nauta_ids_contain(const char *list, const char *id)
{
	size_t	n = strlen(id);

	while (list != NULL && *list != '\0') {
		while (*list == ' ')
			list++;
		if (strncmp(list, id, n) == 0 && (list[n] == ' ' ||
		    list[n] == '\0') && n > 0)
			return 1;
		list = strchr(list, ' ');
	}
	return 0;
}

unsigned long
nauta_ship_options(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	const struct nauta_data	*nd = nauta_data(rs);
	const char		*p = s->attr[NA_A_OPTIONS].s, *e;
	unsigned long		 mask = 0;
	size_t			 i, len;

	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		len = strcspn(p, " ");
		for (i = 0; i < nd->noptions && len > 0; i++)
			if (strlen(nd->options[i].id) == len &&
			    strncmp(nd->options[i].id, p, len) == 0)
				mask |= 1UL << i;
		e = p + len;
		p = e;
	}
	return mask;
}

int
nauta_has_option(const struct nv_ruleset *rs, const struct nv_ship *s,
    int option)
{
	return option >= 0 && (nauta_ship_options(rs, s) >> option & 1UL);
}

int
nauta_effect(const struct nv_ruleset *rs, const struct nv_ship *s,
    size_t offset)
{
	const struct nauta_data	*nd = nauta_data(rs);
	unsigned long		 mask = nauta_ship_options(rs, s);
	size_t			 i;
	int			 sum = 0, v;

	for (i = 0; i < nd->noptions; i++)
		if (mask >> i & 1UL) {
			memcpy(&v, (const char *)&nd->options[i] + offset,
			    sizeof v);
			sum += v;
		}
	return sum;
}

int
nauta_size(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	return nauta_data(rs)->classes[s->cls].size;
}

int
nauta_max_speed(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	const struct nauta_data	*nd = nauta_data(rs);
	unsigned long		 mask = nauta_ship_options(rs, s);
	size_t			 i;
	int			 max = nd->classes[s->cls].max_speed;

	/* An option that sets the maximum (Fast Triremis) replaces the
	 * class's; the changes below apply to it. */
	for (i = 0; i < nd->noptions; i++)
		if ((mask >> i & 1UL) && nd->options[i].max_speed > 0)
			max = nd->options[i].max_speed;
	max += NA_EFFECT(rs, s, speed);
	if (s->attr[NA_A_DAMAGE].i > 0)
		max += nd->damaged_speed;
	max += (int)s->attr[NA_A_DASHES].i * nd->dash_cost;
	max += (int)s->attr[NA_A_BALISTAE_HITS].i * nd->balistae_speed;
	return max < nd->min_max_speed ? nd->min_max_speed : max;
}

void
nauta_speed_range(const struct nv_ruleset *rs, const struct nv_ship *s,
    int *lo, int *hi)
{
	const struct nauta_class	*c = &nauta_data(rs)->classes[s->cls];
	int				 max = nauta_max_speed(rs, s);

	*lo = 0;
	*hi = max;
	if (s->speed < 0)
		return;
	if (s->speed - c->decel > *lo)
		*lo = s->speed - c->decel;
	if (s->speed + c->accel < *hi)
		*hi = s->speed + c->accel;
	if (*lo > *hi)
		*lo = *hi;	/* cut to the maximum: never after a turn, but
				   a hand-made state might */
}

int
nauta_value(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	const struct nauta_data	*nd = nauta_data(rs);

	return nd->classes[s->cls].points + NA_EFFECT(rs, s, cost) +
	    (int)s->attr[NA_A_EXTRA].i * nd->extra_cost;
}

int
nauta_admiral_aboard(const struct nv_ship *s)
{
	return strcmp(s->attr[NA_A_ADMIRAL].s, NA_ADMIRAL_ABOARD) == 0;
}

/* A side whose Admiral is killed or captured has no one to command it:
 * its players' changes of command are refused (rules-nauta.md,
 * "Command"). */
int
nauta_may_command(const struct nv_state *st, int side, char **cause)
{
	const char	*ship = st->sides[side].attr[NA_S_ADMIRAL].s;
	const char	*fate;
	int		 k;

	if (ship == NULL || ship[0] == '\0' ||
	    (k = state_ship_index(st, ship)) < 0)
		return 0;
	fate = st->ships[k].attr[NA_A_ADMIRAL].s;
	if (strcmp(fate, NA_ADMIRAL_KILLED) != 0 &&
	    strcmp(fate, NA_ADMIRAL_CAPTURED) != 0)
		return 0;
	*cause = xasprintf("the Admiral of side %s is %s: no change of command "
	    "until the game ends (rules-nauta.md, \"Command\"); the GM may "
	    "still make one", st->sides[side].id, fate);
	return -1;
}

int
nauta_dash_due(const struct nv_ruleset *rs, const struct nv_ship *s,
    const char **why)
{
	const struct nauta_data	*nd = nauta_data(rs);
	long			 made = s->attr[NA_A_DASHES].i;
	const char		*w = NULL;
	int			 steps = 0;

	if (s->attr[NA_A_DAMAGE].i > 0)
		w = "it is damaged";
	else if (s->attr[NA_A_BALISTAE_HITS].i > 0)
		w = "Balistae hit it";
	else if (made == 0)
		steps = nd->dash;
	else if (made == 1 && nauta_admiral_aboard(s))
		steps = nd->admiral_dash;
	else
		w = nauta_admiral_aboard(s) ? "it made both its Dashes" :
		    "it made its Dash";
	if (why != NULL)
		*why = w;
	return steps;
}

static const char *
game_attr(const struct nv_state *st, int a)
{
	return st->attr != NULL && st->attr[a].s != NULL ? st->attr[a].s : "";
}

int
nauta_lateral_auto(const struct nv_state *st)
{
	const char	*v = game_attr(st, NA_G_LATERAL);

	if (*v == '\0')
		return nauta_data(st->rs)->lateral_auto;
	return strcmp(v, "auto") == 0;
}

int
nauta_crew_contest(const struct nv_state *st)
{
	const char	*v = game_attr(st, NA_G_CREW_CONTEST);

	if (*v == '\0')
		return nauta_data(st->rs)->crew_contest;
	return strcmp(v, "on") == 0;
}

int
nauta_enabled(const struct nv_state *st, const char *option)
{
	return nauta_ids_contain(game_attr(st, NA_G_OPTIONS), option);
}

int
nauta_initial_points(const struct nv_state *st, int side)
{
	size_t	i;
	int	sum = 0;

	for (i = 0; i < st->nships; i++)
		if (st->ships[i].owner == side)
			sum += nauta_value(st->rs, &st->ships[i]);
	return sum;
}

/* Lost to its owner: sunk, burnt, exited, captured or taken away. */
static int
ship_lost(const struct nv_ship *s)
{
	return s->status != NV_STATUS_AFLOAT;
}

int
nauta_losses(const struct nv_state *st, int side)
{
	const struct nauta_data	*nd = nauta_data(st->rs);
	const struct nv_ship	*s;
	size_t			 i;
	int			 sum = 0, admiral = 0;
	const char		*a;

	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		if (s->owner != side)
			continue;
		if (ship_lost(s))
			sum += nauta_value(st->rs, s);
		a = s->attr[NA_A_ADMIRAL].s;
		if (strcmp(a, NA_ADMIRAL_KILLED) == 0 ||
		    strcmp(a, NA_ADMIRAL_CAPTURED) == 0)
			admiral = 1;
	}
	return sum + (admiral ? nd->admiral_loss : 0);
}

int
nauta_loss_limit(const struct nv_state *st, int side)
{
	const struct nauta_data	*nd = nauta_data(st->rs);
	long			 p = (long)nauta_initial_points(st, side) *
				    nd->loss_num;

	/* Rounded up (nauta.md, "Victory"). */
	return (int)((p + nd->loss_den - 1) / nd->loss_den);
}

int
nauta_flagship(const struct nv_state *st, int side)
{
	const char	*id;
	int		 i;

	if (side < 0 || st->sides[side].attr == NULL)
		return -1;
	id = st->sides[side].attr[NA_S_ADMIRAL].s;
	if (id == NULL || *id == '\0')
		return -1;
	i = state_ship_index(st, id);
	return i >= 0 && nauta_admiral_aboard(&st->ships[i]) ? i : -1;
}

int
nauta_before(const struct nv_state *st, int a, int b)
{
	int	c = hex_cmp(st->ships[a].hex, st->ships[b].hex);

	return c != 0 ? c < 0 : a < b;
}
