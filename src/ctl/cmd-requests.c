/* cmd-requests.c: navarch player requests GAME: the JOIN requests of a
 * game (setting join=gm) still waiting for the GM.
 *
 * A request is an entry of the audit log (mailproc_join_parse); it waits
 * while its address holds no seat in the game, and the latest request
 * of an address is the one shown.  The GM answers with navarch player
 * add (or SEAT by mail); a request left alone simply waits. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ctl.h"
#include "mailproc.h"
#include "store.h"
#include "xalloc.h"

struct request {
	char	*address, *side;
	int64_t	 time;
};

struct requests {
	struct request	*v;
	size_t		 n;
	char		**seated;	/* active players' addresses */
	char		**sides;	/* and their sides */
	size_t		 nseated;
};

static int
seated_cb(const struct store_player *p, void *arg)
{
	struct requests	*r = arg;

	if (p->removed)
		return 0;
	r->seated = xreallocarray(r->seated, r->nseated + 1,
	    sizeof *r->seated);
	r->sides = xreallocarray(r->sides, r->nseated + 1, sizeof *r->sides);
	r->seated[r->nseated] = xstrdup(p->address);
	r->sides[r->nseated++] = xstrdup(p->side);
	return 0;
}

static int
audit_cb(const struct store_audit *a, void *arg)
{
	struct requests	*r = arg;
	char		*address, *side;
	size_t		 i;

	if (strcmp(a->action, MAILPROC_JOIN_REQUEST) != 0 ||
	    mailproc_join_parse(a->details, &address, &side) != 0)
		return 0;
	/* Oldest first: a later request of the address replaces it. */
	for (i = 0; i < r->n; i++)
		if (strcasecmp(r->v[i].address, address) == 0)
			break;
	if (i == r->n) {
		r->v = xreallocarray(r->v, r->n + 1, sizeof *r->v);
		r->n++;
	} else {
		free(r->v[i].address);
		free(r->v[i].side);
	}
	r->v[i].address = address;
	r->v[i].side = side;
	r->v[i].time = a->time;
	return 0;
}

/* 1 if an active player has the address (which = 0) or holds the side
 * (which = 1). */
static int
is_held(const struct requests *r, int which, const char *what)
{
	size_t	i;

	for (i = 0; i < r->nseated; i++)
		if (strcasecmp(which ? r->sides[i] : r->seated[i], what) == 0)
			return 1;
	return 0;
}

static void
requests_free(struct requests *r)
{
	size_t	i;

	for (i = 0; i < r->n; i++) {
		free(r->v[i].address);
		free(r->v[i].side);
	}
	for (i = 0; i < r->nseated; i++) {
		free(r->seated[i]);
		free(r->sides[i]);
	}
	free(r->v);
	free(r->seated);
	free(r->sides);
}

int
cmd_player_requests(int argc, char **argv)
{
	struct store		*s;
	struct store_game	*g = NULL;
	struct requests		 r;
	char			**pos, *cause = NULL, t[CTL_TIME_LEN];
	size_t			 i, n = 0;
	int			 npos, rc, code;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	memset(&r, 0, sizeof r);
	code = store_game_get(s, pos[0], &g, &cause);
	if (code == STORE_OK)
		code = store_player_list(s, g->id, seated_cb, &r, &cause);
	if (code == STORE_OK)
		code = store_audit_list(s, g->id, audit_cb, &r, &cause);
	for (i = 0; code == STORE_OK && g->status != STORE_GAME_ENDED &&
	    i < r.n; i++) {
		if (is_held(&r, 0, r.v[i].address))
			continue;
		ctl_time_format(r.v[i].time, t);
		printf("%s  %s asks to play %s\n", t, r.v[i].address,
		    r.v[i].side);
		/* The side may have been given to someone else since. */
		if (is_held(&r, 1, r.v[i].side))
			printf("    side %s is taken: tell them, or seat them "
			    "on another side\n", r.v[i].side);
		else
			printf("    seat: navarch player add %s %s %s\n", g->id,
			    r.v[i].side, r.v[i].address);
		n++;
	}
	if (code == STORE_OK && n == 0)
		printf("no JOIN request waits in game %s\n", g->id);
	requests_free(&r);
	store_game_free(g);
	store_close(s);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}
