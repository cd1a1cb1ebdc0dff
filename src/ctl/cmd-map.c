/* cmd-map.c: navarch map GAME|STATE.xml [--turn N] [--side S] [--sheets]
 * [--width N] [--height N] [--svg]
 *
 * Prints the ASCII hex map of a state file or a stored game: a window
 * around a side's ships (or all ships), or every sheet of the whole map.
 * An argument naming an existing file is a state file, anything else a
 * stored game's id.  With --svg, the whole map as an SVG picture.
 *
 * With --side, fog of war applies as in that side's turn report: when the
 * scenario sets a visibility range, the ships and wrecks the side cannot
 * see at the end of the turn (the positions in the state) are left out of
 * the map, its legend and its codes (docs/maps.md, "Fog of war").  The
 * report's map is drawn from the same flags, so the two never differ in
 * what they show. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "map.h"
#include "map-svg.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

struct map_args {
	const char	*side;
	const char	*width;
	const char	*height;
	const char	*turn;
	int		 sheets;
	int		 svg;
};

/* Fills opts from the arguments; 0, or an exit status after printing the
 * error. */
static int
make_opts(const struct map_args *a, const struct play_game *g,
    const char *what, struct map_opts *o)
{
	const struct nv_state	*st = g->st;
	struct buf		 sides = BUF_INIT;
	size_t			 i;
	int			 rc;

	if (a->width != NULL && str_to_int(a->width, MAP_WIDTH_MIN, 1000,
	    &o->width) != 0)
		return ctl_err(NV_EXIT_USAGE, "--width '%s': expected a whole "
		    "number from %d to 1000", a->width, MAP_WIDTH_MIN);
	if (a->height != NULL && str_to_int(a->height, 1, NV_HEX_MAX,
	    &o->height) != 0)
		return ctl_err(NV_EXIT_USAGE, "--height '%s': expected a "
		    "number of hex rows from 1 to %d", a->height, NV_HEX_MAX);
	o->cut = a->sheets ? MAP_SHEETS : MAP_WINDOW;
	if (a->side == NULL)
		return 0;
	if ((o->side = state_side_index(st, a->side)) >= 0)
		return 0;
	for (i = 0; i < st->nsides; i++)
		buf_printf(&sides, "%s%s", i > 0 ? ", " : "", st->sides[i].id);
	rc = ctl_err(NV_EXIT_USAGE, "--side '%s': %s has no such side; its "
	    "sides are %s", a->side, what, buf_str(&sides));
	buf_free(&sides);
	return rc;
}

static int
load(const char *what, const struct map_args *a, struct play_game *g)
{
	struct store	*s;
	int		 rc, turn = -1;

	if (a->turn != NULL && (rc = ctl_turn_arg(a->turn, &turn)) != 0)
		return rc;
	if (ctl_is_file(what)) {
		if (a->turn != NULL)
			return ctl_err(NV_EXIT_USAGE, "%s is a state file: "
			    "--turn needs a game", what);
		return ctl_load_state(what, g);
	}
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ctl_game_load(s, what, turn, g, NULL);
	store_close(s);
	return rc;
}

int
cmd_map(int argc, char **argv)
{
	struct map_args	 a;
	struct map_opts	 o = MAP_OPTS_INIT;
	struct play_game	 g;
	struct buf	 b = BUF_INIT;
	char		**pos, *cause = NULL;
	unsigned char	*ship_vis = NULL, *wreck_vis = NULL;
	int		 npos, rc;
	const struct ctl_opt opts[] = {
		{ "side", &a.side, NULL },
		{ "sheets", NULL, &a.sheets },
		{ "width", &a.width, NULL },
		{ "height", &a.height, NULL },
		{ "turn", &a.turn, NULL },
		{ "svg", NULL, &a.svg },
		{ NULL, NULL, NULL }
	};

	memset(&a, 0, sizeof a);
	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = load(pos[0], &a, &g)) != 0)
		return rc;
	if ((rc = make_opts(&a, &g, pos[0], &o)) == 0) {
		/* Fog of war as in the side's report: the reader's view
		 * at the end of the turn, which is all a state holds. */
		report_fog_map(g.st, o.side, &o, &ship_vis, &wreck_vis);
		if (!a.svg)
			map_render(g.st, &o, &b);
		else if (map_svg(g.st, &o, &b, &cause) != 0) {
			rc = ctl_err(NV_EXIT_FAIL, "%s: %s", pos[0], cause);
			free(cause);
		}
		fputs(buf_str(&b), stdout);
	}
	buf_free(&b);
	free(ship_vis);
	free(wreck_vis);
	play_game_free(&g);
	return rc;
}
