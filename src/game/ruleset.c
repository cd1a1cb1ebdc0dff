/* ruleset.c: look-ups common to every ruleset (see ruleset.h); loading is
 * ruleset-load.c, the module table ruleset-registry.c. */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "ruleset.h"
#include "state.h"

int
ruleset_class_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->nclasses; i++)
		if (strcmp(rs->classes[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_crew_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->ncrews; i++)
		if (strcmp(rs->crews[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_nation_index(const struct nv_ruleset *rs, const char *id)
{
	size_t	i;

	for (i = 0; i < rs->nnations; i++)
		if (strcmp(rs->nations[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ruleset_moves(const struct nv_ruleset *rs, int speed, int phase)
{
	if (speed < 0 || speed > rs->max_speed || phase < 1 ||
	    phase > rs->phases)
		return 0;
	return rs->schedule[speed * rs->phases + (phase - 1)];
}

void
ruleset_hold_at_speed0(struct nv_state *st, int ship)
{
	if (st->ships[ship].speed > 0)
		st->ships[ship].speed = 0;
}

int
ruleset_example_speed_kept(const struct nv_ship *s, int min)
{
	return s->speed > min ? s->speed : min;
}

int
ruleset_example_speed(const struct nv_state *st, int ship, int k,
    struct buf *out)
{
	if (k == 0)
		buf_printf(out, "SPEED %d",
		    ruleset_example_speed_kept(&st->ships[ship], 1));
	else if (k == 1)
		buf_adds(out, "SPEED 0");
	else
		return -1;
	return 0;
}

int
ruleset_example_words(const char *const *v, size_t n, int k,
    struct buf *out)
{
	if (k < 0 || (size_t)k >= n)
		return -1;
	buf_adds(out, v[k]);
	return 0;
}
