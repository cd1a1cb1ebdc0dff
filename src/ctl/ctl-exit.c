/* ctl-exit.c: navarch's edge, where the libraries' codes become exit
 * statuses (src/common/exitcode.h; navarch(1), "EXIT STATUS").
 *
 * Every library answers in codes of its own (enum store_code, enum
 * play_code, enum daemon_mail); this file is the one place that maps each
 * of them onto the exit table, as msmtp's net_exitcode() does for its
 * network module.  The switches have no default, so that a code added to
 * a library and not mapped here fails the build (-Wswitch). */
#include "config.h"

#include <stdlib.h>

#include "buf.h"
#include "ctl.h"
#include "daemon.h"
#include "diag.h"
#include "exitcode.h"
#include "play.h"
#include "store.h"

int
ctl_exit_store(enum store_code code)
{
	switch (code) {
	case STORE_OK:
		return NV_EXIT_OK;
	case STORE_BUSY:
		return NV_EXIT_TEMP;
	case STORE_NOTFOUND:
	case STORE_EXISTS:
	case STORE_ERROR:
		return NV_EXIT_FAIL;
	}
	return NV_EXIT_FAIL;
}

int
ctl_exit_play(enum play_code code)
{
	switch (code) {
	case PLAY_OK:
		return NV_EXIT_OK;
	case PLAY_INPUT:
		return NV_EXIT_INPUT;
	case PLAY_CONFIG:
		return NV_EXIT_CONFIG;
	case PLAY_BUSY:
		return NV_EXIT_TEMP;
	case PLAY_REFUSED:
	case PLAY_STORE:
		return NV_EXIT_FAIL;
	}
	return NV_EXIT_FAIL;
}

int
ctl_exit_deliver(enum daemon_mail m)
{
	switch (m) {
	case DAEMON_MAIL_DONE:
		return NV_EXIT_OK;
	case DAEMON_MAIL_QUARANTINED:
		/* Refused for good: the MTA bounces it (5.6.0). */
		return NV_EXIT_DATAERR;
	case DAEMON_MAIL_AGAIN:
	case DAEMON_MAIL_TEMP:
		/* The MTA keeps it and pipes it again. */
		return NV_EXIT_TEMP;
	}
	return NV_EXIT_TEMP;
}

int
ctl_exit_daemon(enum daemon_status st)
{
	switch (st) {
	case DAEMON_OK:
		return NV_EXIT_OK;
	case DAEMON_TEMP:
		return NV_EXIT_TEMP;
	case DAEMON_CONFIG:
		return NV_EXIT_CONFIG;
	case DAEMON_FAIL:
		return NV_EXIT_FAIL;
	}
	return NV_EXIT_FAIL;
}

int
ctl_store_err(enum store_code code, char *cause)
{
	int	rc = ctl_exit_store(code);

	if (code == STORE_BUSY)
		ctl_err(rc, "%s (the database is busy: try again)",
		    cause != NULL ? cause : "busy");
	else
		ctl_err(rc, "%s", cause != NULL ? cause :
		    store_code_name(code));
	free(cause);
	return rc;
}

int
ctl_play_err(enum play_code code, struct diag *d, char *cause)
{
	int	rc = ctl_exit_play(code);

	if (d != NULL) {
		ctl_print_diag(d);
		diag_free(d);
	}
	if (code == PLAY_BUSY)
		ctl_err(rc, "%s (the database is busy: try again)",
		    cause != NULL ? cause : "busy");
	else if (code == PLAY_CONFIG && cause != NULL)
		/* Missing data files are a configuration problem, not bad
		 * input, and the hint says how to fix it. */
		ctl_err(rc, "%s (set NAVARCH_DATADIR or --datadir to the "
		    "directory holding rulesets/ and schema/)", cause);
	else if (cause != NULL)
		ctl_err(rc, "%s", cause);
	free(cause);
	return rc;
}
