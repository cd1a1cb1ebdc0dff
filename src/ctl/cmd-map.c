/* cmd-map.c: navarch map GAME|STATE.xml [--side SIDE] [--turn N]
 *
 * An argument naming an existing file is a state file, anything else a
 * stored game's id.  --side is checked and accepted; the plain map shows
 * every ship until the reports issue brings fog of war. */
#include "config.h"

#include <stdio.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "map.h"
#include "state.h"
#include "store.h"

int
cmd_map(int argc, char **argv)
{
	struct ctl_game	 g;
	struct store	*s;
	struct buf	 b = BUF_INIT;
	const char	*side = NULL, *targ = NULL;
	const struct ctl_opt opts[] = {
		{ "side", &side, NULL },
		{ "turn", &targ, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc, turn = -1;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (targ != NULL && (rc = ctl_turn_arg(targ, &turn)) != 0)
		return rc;
	if (ctl_is_file(pos[0])) {
		if (targ != NULL)
			return ctl_err(NV_EXIT_USAGE, "%s is a state file: "
			    "--turn needs a game", pos[0]);
		rc = ctl_load_state(pos[0], &g);
	} else if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_game_state(s, pos[0], turn, &g, NULL);
		store_close(s);
	}
	if (rc != 0)
		return rc;
	if (side != NULL && state_side_index(g.st, side) < 0)
		rc = ctl_err(NV_EXIT_USAGE, "--side %s: no such side in this "
		    "game", side);
	else {
		map_plain(g.st, &b);
		fputs(buf_str(&b), stdout);
	}
	buf_free(&b);
	ctl_game_free(&g);
	return rc;
}
