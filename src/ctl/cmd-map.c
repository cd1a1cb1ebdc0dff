/* cmd-map.c: navarch map STATE.xml [--side S] [--sheets] [--width N]
 * [--height N] [--svg]
 *
 * Prints the ASCII hex map of a state: a window around a side's ships (or
 * all ships), or every sheet of the whole map; with --svg, the whole map
 * as an SVG picture instead. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "map-svg.h"
#include "map.h"
#include "state.h"
#include "strutil.h"

struct map_args {
	const char	*side;
	const char	*width;
	const char	*height;
	int		 sheets;
	int		 svg;
};

static int
parse_args(int argc, char **argv, struct map_args *a)
{
	static const struct option longopts[] = {
		{ "side",	required_argument, NULL, 's' },
		{ "sheets",	no_argument,	   NULL, 'S' },
		{ "width",	required_argument, NULL, 'w' },
		{ "height",	required_argument, NULL, 'h' },
		{ "svg",	no_argument,	   NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	int	c;

	memset(a, 0, sizeof *a);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 's': a->side = optarg; break;
		case 'S': a->sheets = 1; break;
		case 'w': a->width = optarg; break;
		case 'h': a->height = optarg; break;
		case 'v': a->svg = 1; break;
		default: return -1;
		}
	}
	return optind == argc - 1 ? 0 : -1;
}

/* Fills opts from the arguments; 0, or -1 after printing the error. */
static int
make_opts(const struct map_args *a, const struct ctl_game *g,
    const char *file, struct map_opts *o)
{
	const struct nv_state	*st = g->st;
	size_t			 i;

	if (a->width != NULL && str_to_int(a->width, MAP_WIDTH_MIN, 1000,
	    &o->width) != 0) {
		fprintf(stderr, "navarch map: --width '%s': expected a whole "
		    "number from %d to 1000\n", a->width, MAP_WIDTH_MIN);
		return -1;
	}
	if (a->height != NULL && str_to_int(a->height, 1, NV_HEX_MAX,
	    &o->height) != 0) {
		fprintf(stderr, "navarch map: --height '%s': expected a "
		    "number of hex rows from 1 to %d\n", a->height,
		    NV_HEX_MAX);
		return -1;
	}
	o->cut = a->sheets ? MAP_SHEETS : MAP_WINDOW;
	if (a->side == NULL)
		return 0;
	if ((o->side = state_side_index(st, a->side)) >= 0)
		return 0;
	fprintf(stderr, "navarch map: --side '%s': %s has no such side; "
	    "its sides are", a->side, file);
	for (i = 0; i < st->nsides; i++)
		fprintf(stderr, "%s %s", i > 0 ? "," : "", st->sides[i].id);
	fputc('\n', stderr);
	return -1;
}

int
cmd_map(int argc, char **argv)
{
	struct map_args	 a;
	struct map_opts	 o = MAP_OPTS_INIT;
	struct ctl_game	 g;
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;
	int		 rc;

	if (parse_args(argc, argv, &a) != 0)
		return ctl_usage(argv[0]);
	if ((rc = ctl_load_state(argv[optind], &g)) != 0)
		return rc;
	if (make_opts(&a, &g, argv[optind], &o) != 0) {
		ctl_game_free(&g);
		return NV_EXIT_USAGE;
	}
	rc = NV_EXIT_OK;
	if (!a.svg)
		map_render(g.st, &o, &b);
	else if (map_svg(g.st, &o, &b, &cause) != 0) {
		fprintf(stderr, "navarch map: %s: %s\n", argv[optind], cause);
		free(cause);
		rc = NV_EXIT_FAIL;
	}
	fputs(buf_str(&b), stdout);
	buf_free(&b);
	ctl_game_free(&g);
	return rc;
}
