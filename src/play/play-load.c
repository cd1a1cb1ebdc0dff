/* play-load.c: loading states and rulesets from a data directory, and the
 * turn played from stored order sets (see play.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "fileio.h"
#include "orders.h"
#include "play-int.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "turn.h"
#include "xalloc.h"

/* Reads a file of the data directory into *text; -1 with *cause. */
static int
read_data(const char *datadir, const char *rel, char **text, size_t *len,
    char **cause)
{
	char	*path;
	int	 rc;

	path = xasprintf("%s/%s", datadir, rel);
	rc = file_read(path, NV_XML_MAX, text, len, cause);
	free(path);
	return rc;
}

/* "unknown ruleset 'x' (this build has: a, b)"; owned by the caller. */
static char *
unknown_ruleset(const char *id)
{
	const struct nv_ruleset_ops	*ops;
	struct buf			 b = BUF_INIT;
	size_t				 i;

	buf_printf(&b, "unknown ruleset '%s' (this build has: ", id);
	for (i = 0; (ops = ruleset_ops_nth(i)) != NULL; i++)
		buf_printf(&b, "%s%s", i > 0 ? ", " : "", ops->name);
	buf_addc(&b, ')');
	return buf_detach(&b);
}

static enum play_code
load_ruleset(const char *datadir, const char *id, struct nv_ruleset **out,
    struct diag *d, char **cause)
{
	char		*rel, *xml = NULL, *rng = NULL;
	size_t		 xlen, rlen;
	enum play_code	 rc = PLAY_CONFIG;

	if (ruleset_ops_find(id) == NULL) {
		*cause = unknown_ruleset(id);
		return PLAY_INPUT;
	}
	rel = xasprintf("rulesets/%s.xml", id);
	if (read_data(datadir, rel, &xml, &xlen, cause) != 0)
		goto out;
	free(rel);
	rel = xasprintf("schema/ruleset-%s.rng", id);
	if (read_data(datadir, rel, &rng, &rlen, cause) != 0)
		goto out;
	free(rel);
	rel = xasprintf("%s/rulesets/%s.xml", datadir, id);
	*out = ruleset_load(rel, xml, xlen, rng, rlen, d);
	if (*out == NULL)
		goto out;
	rc = PLAY_OK;
out:
	free(rel);
	free(xml);
	free(rng);
	return rc;
}

enum play_code
play_load_state(const char *datadir, const char *name, const char *xml,
    size_t len, struct play_game *g, struct diag *d, char **cause)
{
	struct state_xml_doc	*sd;
	enum play_code		 rc = PLAY_INPUT;

	memset(g, 0, sizeof *g);
	/* Parsed once: the ruleset it names, then the state. */
	if ((sd = state_xml_parse(name, xml, len, d)) == NULL)
		goto out;
	if ((rc = load_ruleset(datadir, state_xml_doc_ruleset(sd), &g->rs, d,
	    cause)) != PLAY_OK)
		goto out;
	rc = PLAY_CONFIG;
	if (read_data(datadir, "schema/scenario.rng", &g->rng, &g->rnglen,
	    cause) != 0)
		goto out;
	rc = PLAY_INPUT;
	g->st = state_xml_load_doc(g->rs, sd, g->rng, g->rnglen, d);
	if (g->st == NULL)
		goto out;
	rc = PLAY_OK;
out:
	if (rc != PLAY_OK)
		play_game_free(g);
	state_xml_doc_free(sd);
	return rc;
}

enum play_code
play_reload_state(struct play_game *g, const char *name, const char *xml,
    size_t len, struct diag *d)
{
	struct state_xml_doc	*sd;
	struct nv_state		*st = NULL;

	if ((sd = state_xml_parse(name, xml, len, d)) == NULL)
		return PLAY_INPUT;
	/* The ruleset in hand serves only the state that names it. */
	if (strcmp(state_xml_doc_ruleset(sd), g->rs->id) == 0)
		st = state_xml_load_doc(g->rs, sd, g->rng, g->rnglen, d);
	state_xml_doc_free(sd);
	if (st == NULL)
		return PLAY_INPUT;
	state_free(g->st);
	g->st = st;
	return PLAY_OK;
}

int
play_parse_state(const struct play_game *g, const char *name, const char *xml,
    size_t len, struct nv_state **out, struct diag *d)
{
	*out = state_xml_load(g->rs, name, xml, len, g->rng, g->rnglen, d);
	return *out != NULL ? 0 : -1;
}

void
play_game_free(struct play_game *g)
{
	state_free(g->st);
	ruleset_free(g->rs);
	free(g->rng);
	memset(g, 0, sizeof *g);
}

static const char *const play_code_names[] = {
#define X(e, s) s,
	PLAY_CODES(X)
#undef X
};

const char *
play_code_name(enum play_code c)
{
	if ((size_t)c >= sizeof play_code_names / sizeof play_code_names[0])
		return "?";
	return play_code_names[c];
}

enum play_code
play_store_code(enum store_code code)
{
	switch (code) {
	case STORE_OK:
		return PLAY_OK;
	case STORE_BUSY:
		return PLAY_BUSY;
	case STORE_NOTFOUND:
	case STORE_EXISTS:
	case STORE_ERROR:
		return PLAY_STORE;
	}
	return PLAY_STORE;
}

enum play_code
play_game_state(struct store *s, const char *datadir, const char *game,
    int turn, struct play_game *g, int *turn_out, struct diag *d,
    char **cause)
{
	enum store_code	 code;
	enum play_code	 rc;
	char		*xml = NULL, *name;
	int		 t;

	memset(g, 0, sizeof *g);
	if ((code = store_state_get(s, game, turn, &xml, &t, cause)) !=
	    STORE_OK)
		return play_store_code(code);
	name = xasprintf("game %s, turn %d", game, t);
	rc = play_load_state(datadir, name, xml, strlen(xml), g, d, cause);
	free(name);
	free(xml);
	if (rc == PLAY_OK && turn_out != NULL)
		*turn_out = t;
	return rc;
}

unsigned char *
play_may_order(const struct nv_state *st, const char *side,
    const char *const *ships, size_t n)
{
	unsigned char	*may = xcalloc(st->nships + 1, 1);
	int		 si = state_side_index(st, side), i;
	size_t		 k;

	for (k = 0; ships == NULL && k < st->nships; k++)
		may[k] = si >= 0 && st->ships[k].side == si;
	for (k = 0; ships != NULL && k < n; k++)
		if ((i = state_ship_index(st, ships[k])) >= 0)
			may[i] = 1;
	return may;
}

struct nv_orders *
play_orders_parse(const struct nv_state *in, const struct play_orderset *sets,
    size_t n, int use_standing, struct diag *d)
{
	struct nv_orders	*o = orders_new(in);
	unsigned char		*may;
	char			*name;
	size_t			 i;

	o->use_standing = use_standing;
	for (i = 0; i < n; i++) {
		name = xasprintf("orders of %s", sets[i].player);
		may = play_may_order(in, sets[i].side, sets[i].ships,
		    sets[i].nships);
		o->may_order = may;
		(void)orders_parse(o, name, sets[i].text,
		    strlen(sets[i].text), d);
		o->may_order = NULL;
		free(may);
		free(name);
	}
	(void)orders_validate(o, d);
	return o;
}

enum play_code
play_turn(const struct nv_state *in, const char *game, const char *seed,
    const struct play_orderset *sets, size_t n, struct play_result *out,
    struct diag *d, char **cause)
{
	struct nv_orders	*o;
	size_t			 before = d->errors;
	enum play_code		 rc = PLAY_INPUT;

	memset(out, 0, sizeof *out);
	/* Played: ships without an order take their standing orders. */
	o = play_orders_parse(in, sets, n, 1, d);
	if (d->errors > before) {
		*cause = xstrdup("the orders in force are not legal in this "
		    "state (was the state corrected?): submit new orders for "
		    "those players with navarch orders submit");
		goto out;
	}
	out->dice = dice_seeded(seed, game);
	if (turn_play(in, o, out->dice, &out->next, &out->ev, cause) != 0) {
		rc = PLAY_REFUSED;
		goto out;
	}
	out->orders = o;
	o = NULL;
	rc = PLAY_OK;
out:
	orders_free(o);
	if (rc != PLAY_OK)
		play_result_free(out);
	return rc;
}

void
play_result_free(struct play_result *r)
{
	state_free(r->next);
	events_free(&r->ev);
	dice_free(r->dice);
	orders_free(r->orders);
	memset(r, 0, sizeof *r);
}
