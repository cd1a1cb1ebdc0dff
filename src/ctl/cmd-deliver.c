/* cmd-deliver.c: navarch deliver [--config FILE]
 *
 * For mail servers that pipe each message to a program (Postfix's
 * mailbox_command, a .forward "|navarch deliver"): reads one message on
 * standard input and processes it exactly as navarchd would (the same
 * configuration file), then sends what it queued on the daemon's next
 * cycle.  Exit statuses are what MTAs understand: 0 done (or set aside
 * for good), 75 try again later, 78 configuration error. */
#include "config.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "ctl.h"
#include "daemon.h"
#include "diag.h"
#include "exitcode.h"

int
cmd_deliver(int argc, char **argv)
{
	struct daemon_config	 c;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	char			**pos, *cause = NULL;
	int			 npos, rc;
	int64_t			 now;
	const struct ctl_opt	 opts[] = { { NULL, NULL, NULL } };

	if ((rc = ctl_args(argc, argv, opts, 0, 0, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if (daemon_config_load(ctl_conf_path(), &c, &d) != 0) {
		diag_format(&d, &b);
		fputs(buf_str(&b), stderr);
		buf_free(&b);
		diag_free(&d);
		daemon_config_free(&c);
		return NV_EXIT_CONFIG;
	}
	diag_free(&d);
	log_set_level(c.log_level);
	/* Mail from anybody is never parsed as root (daemon-priv.c). */
	if ((rc = daemon_drop_privileges(&c, &cause)) != DAEMON_OK) {
		fprintf(stderr, "navarch deliver: %s\n", cause);
		free(cause);
		daemon_config_free(&c);
		return rc == DAEMON_CONFIG ? NV_EXIT_CONFIG : NV_EXIT_FAIL;
	}
	curl_global_init(CURL_GLOBAL_DEFAULT);
	rc = daemon_deliver(&c, 0, now);
	curl_global_cleanup();
	daemon_config_free(&c);
	return rc;
}
