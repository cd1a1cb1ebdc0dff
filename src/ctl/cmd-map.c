/* cmd-map.c: navarch map STATE.xml */
#include "config.h"

#include <stdio.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "map.h"

int
cmd_map(int argc, char **argv)
{
	struct ctl_game	 g;
	struct buf	 b = BUF_INIT;
	int		 rc;

	if (argc != 2)
		return ctl_usage(argv[0]);
	if ((rc = ctl_load_state(argv[1], &g)) != 0)
		return rc;
	map_plain(g.st, &b);
	fputs(buf_str(&b), stdout);
	buf_free(&b);
	ctl_game_free(&g);
	return NV_EXIT_OK;
}
