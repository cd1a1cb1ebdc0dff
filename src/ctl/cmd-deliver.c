/* cmd-deliver.c: navarch deliver [--config FILE]
 *
 * For mail servers that pipe each message to a program (Postfix's
 * mailbox_command, a .forward "|navarch deliver"): reads one message on
 * standard input (an mbox "From " line first is fine) and processes it
 * exactly as navarchd would (the same configuration file), then sends
 * what it queued on the daemon's next cycle.  Exit statuses are what MTAs
 * understand (sysexits.h; Postfix's local(8) and pipe(8) bounce or defer
 * by them): 0 done; 65 EX_DATAERR refused for good (unparsable, too
 * large, or it made the parser fail twice): bounced to the sender; 75
 * EX_TEMPFAIL anything else, a broken configuration too, since 78
 * EX_CONFIG would bounce the player's orders: deferred, the MTA pipes
 * the message again later. */
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
	enum daemon_status	 st;
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
		return NV_EXIT_TEMP;
	}
	diag_free(&d);
	log_set_level(c.log_level);
	/* Mail from anybody is never parsed as root (daemon-priv.c). */
	if ((st = daemon_drop_privileges(&c, &cause)) != DAEMON_OK) {
		fprintf(stderr, "navarch deliver: %s\n", cause);
		free(cause);
		daemon_config_free(&c);
		return ctl_exit_daemon(st);
	}
	curl_global_init(CURL_GLOBAL_DEFAULT);
	rc = ctl_exit_deliver(daemon_deliver(&c, 0, now));
	curl_global_cleanup();
	daemon_config_free(&c);
	return rc;
}
