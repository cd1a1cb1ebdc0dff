/* mailproc-preview.c: PREVIEW SIDE, a player's view of the side's plan
 * (docs/mail-commands.md; issue 14, item 4).
 *
 * Any player of a side may ask, before the deadline, how every order in
 * force on the side plays together: the sets of all its players, played
 * at once by the engine on the acknowledgement's board (play_preview_side:
 * every enemy ship holding where it is, every die a 1, ships without an
 * order on their standing orders).  The answer lists each of the side's
 * ships with its plotted path, who commands it and its squadron, then
 * every collision between two of the side's ships that the ruleset's
 * mover reported (its events' ships and phase, never their sentences),
 * saying whether it is between two players' ships, two squadrons', or
 * within one squadron, and the map of the side's ships where the preview
 * leaves them, under the fog of war of the side's MAP (what it sees now:
 * an enemy it does not see is not drawn where it holds).  Nothing is
 * stored; no enemy order is used. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "map.h"
#include "play.h"
#include "report.h"
#include "state.h"
#include "xalloc.h"

/* Who commands each ship of the side (an index into the roster, or -1:
 * nobody, its standing orders), one entry per ship of st. */
static int *
commanders(const struct mp_ctx *ctx, int side)
{
	const struct nv_state	*st = ctx->pg.st;
	const struct play_player *p;
	unsigned char		*may;
	int			*who = xcalloc(st->nships + 1, sizeof *who);
	size_t			 i, k;

	for (k = 0; k < st->nships; k++)
		who[k] = -1;
	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed || state_side_index(st, p->side) != side)
			continue;
		may = mp_may_order_of(ctx, p);
		for (k = 0; k < st->nships; k++)
			if (may[k] && who[k] < 0)
				who[k] = (int)i;
		free(may);
	}
	return who;
}

/* player= and squadron= of ship k on n (prefix: "" or "a-"/"b-"). */
static void
set_command(const struct mp_ctx *ctx, const int *who, int k, xmlNodePtr n,
    const char *prefix)
{
	const struct nv_state	*st = ctx->pg.st;
	char			 name[24];
	int			 q = state_ship_squadron(st, &st->ships[k]);

	snprintf(name, sizeof name, "%splayer", prefix);
	md_set(n, name, who[k] >= 0 ? ctx->roster.p[who[k]].id : "");
	snprintf(name, sizeof name, "%ssquadron", prefix);
	md_set(n, name, q >= 0 ? st->squadrons[q].id : "");
}

/* <collision phase a b a-player ... between="players|squadrons|
 * squadron">: the ships of two players, of two squadrons of one player,
 * or of one squadron. */
static void
collision(const struct mp_ctx *ctx, const int *who,
    const struct play_collision *c, xmlNodePtr parent)
{
	const struct nv_state	*st = ctx->pg.st;
	xmlNodePtr		 n = md_add(parent, "collision", NULL);

	md_set_int(n, "phase", c->phase);
	md_set(n, "a", st->ships[c->a].id);
	md_set(n, "b", st->ships[c->b].id);
	set_command(ctx, who, c->a, n, "a-");
	set_command(ctx, who, c->b, n, "b-");
	md_set(n, "between", who[c->a] != who[c->b] ? "players" :
	    state_ship_squadron(st, &st->ships[c->a]) !=
	    state_ship_squadron(st, &st->ships[c->b]) ? "squadrons" :
	    "squadron");
}

/* <map>: the board after the preview as the side sees the map now (its
 * ships where their plots take them, the enemies it sees where they hold,
 * the wrecks it sees; a wreck the preview made is not drawn). */
static void
preview_map(const struct mp_ctx *ctx, const struct play_preview *pv,
    int side, xmlNodePtr parent)
{
	struct map_opts	 mo = MAP_OPTS_INIT;
	struct buf	 b = BUF_INIT;
	unsigned char	*ship_vis, *wreck_vis, *wrecks = NULL;
	size_t		 i;

	report_fog_map(ctx->pg.st, side, &mo, &ship_vis, &wreck_vis);
	/* The preview adds no ship, so the ships' flags hold.  Its board
	 * holds only the wrecks the side sees (play_preview), in hex order
	 * like every wreck list, and the preview may add some among them:
	 * a wreck is drawn when the board had it. */
	if (wreck_vis != NULL) {
		wrecks = xcalloc(pv->next->nwrecks + 1, 1);
		for (i = 0; i < pv->next->nwrecks; i++)
			wrecks[i] = (unsigned char)state_is_wreck(pv->board,
			    pv->next->wrecks[i].hex);
		mo.wreck_visible = wrecks;
	}
	map_render(pv->next, &mo, &b);
	md_lines(md_add(parent, "map", NULL), "line", buf_str(&b));
	free(ship_vis);
	free(wreck_vis);
	free(wrecks);
	buf_free(&b);
}

/* The sets in force of side's players (borrowed from the roster). */
static struct play_orderset *
side_sets(const struct mp_ctx *ctx, const char *side, size_t *n)
{
	struct play_orderset	*v = xcalloc(ctx->roster.nsets + 1,
	    sizeof *v);
	size_t			 i;

	*n = 0;
	for (i = 0; i < ctx->roster.nsets; i++)
		if (strcmp(ctx->roster.sets[i].side, side) == 0)
			v[(*n)++] = ctx->roster.sets[i];
	return v;
}

int
mp_cmd_preview_side(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_preview	 pv;
	struct play_orderset	*sets;
	xmlNodePtr		 part, n;
	char			*cause = NULL;
	size_t			 i, nsets;
	int			*who, side;

	if (c->argc != 1 || strcasecmp(c->argv[0], "SIDE") != 0) {
		mp_error(ctx, c->line, "'%s': a player writes PREVIEW SIDE: "
		    "every order in force on your side played together; the "
		    "plotted paths of your own orders come with every "
		    "acknowledgement of them", c->text);
		return 0;
	}
	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "PREVIEW SIDE: game %s has ended",
		    ctx->g->id);
		return 0;
	}
	side = state_side_index(ctx->pg.st, ctx->player->side);
	sets = side_sets(ctx, ctx->player->side, &nsets);
	part = mp_part(ctx, "side-preview");
	md_set(part, "side", ctx->player->side);
	md_set_int(part, "sets", (long)nsets);
	if (play_preview_side(ctx->pg.st, side, sets, nsets, &pv, &cause) !=
	    PLAY_OK) {
		md_set(part, "error", cause);
		free(cause);
		free(sets);
		return 0;
	}
	who = commanders(ctx, side);
	for (i = 0; i < pv.nships; i++) {
		n = mp_preview_ship(&pv, &pv.ships[i], part);
		set_command(ctx, who, pv.ships[i].ship, n, "");
	}
	for (i = 0; i < pv.ncollisions; i++)
		collision(ctx, who, &pv.collisions[i], part);
	preview_map(ctx, &pv, side, part);
	free(who);
	free(sets);
	play_preview_free(&pv);
	return 0;
}
