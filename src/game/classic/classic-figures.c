/* classic-figures.c: a classic ship's effective figures.
 *
 * Class figures from the data file, modified by crew quality (elite: +1
 * maximum speed, +1 acceleration, -1 turning circle; poor: -1
 * acceleration, not below 1, +1 turning circle) and by oar rakes suffered
 * (per rake, the data's <rake>: -1 cruising speed, +1 turning circle; and
 * no maximum speed at all). */
#include "config.h"

#include "classic.h"
#include "state.h"

static const struct classic_class *
cls_of(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	return &classic_data(rs)->classes[s->cls];
}

static const struct classic_crew *
crew_of(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	return &classic_data(rs)->crews[s->crew];
}

int
classic_cruise(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	int	v = cls_of(rs, s)->cruise +
		    (int)s->attr[CL_A_RAKED].i * classic_data(rs)->rake_cruise;

	return v < 0 ? 0 : v;
}

int
classic_max_speed(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	/* A raked ship may no longer use maximum speed. */
	if (s->attr[CL_A_RAKED].i > 0 && !classic_data(rs)->rake_keeps_max)
		return classic_cruise(rs, s);
	return cls_of(rs, s)->max_speed + crew_of(rs, s)->max_speed;
}

int
classic_accel(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	const struct classic_crew	*c = crew_of(rs, s);
	int				 v = cls_of(rs, s)->accel + c->accel;

	return v < c->min_accel ? c->min_accel : v;
}

int
classic_turn_circle(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	int	v = cls_of(rs, s)->turn_circle + crew_of(rs, s)->turn_circle +
		    (int)s->attr[CL_A_RAKED].i *
		    classic_data(rs)->rake_turn_circle;

	return v < 0 ? 0 : v;
}
