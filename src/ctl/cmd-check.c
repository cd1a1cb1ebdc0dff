/* cmd-check.c: navarch check-orders STATE.xml ORDERS.txt... */
#include "config.h"

#include <stdio.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "orders.h"

int
cmd_check_orders(int argc, char **argv)
{
	struct play_game		 g;
	struct nv_orders	*o;
	struct buf		 b = BUF_INIT;
	int			 rc;

	if (argc < 3)
		return ctl_usage(argv[0]);
	if ((rc = ctl_load_state(argv[1], &g)) != 0)
		return rc;
	rc = ctl_load_orders(&g, argv + 2, (size_t)(argc - 2), 0, &o);
	if (rc == 0) {
		orders_format(o, &b);
		fputs(buf_str(&b), stdout);
		buf_free(&b);
		orders_free(o);
		fprintf(stderr, "navarch: orders are legal\n");
	}
	play_game_free(&g);
	return rc;
}
