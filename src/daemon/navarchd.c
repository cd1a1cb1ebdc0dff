/* navarchd.c: the Navarch daemon.  navarchd -f CONFIG [--foreground]
 * [--once] [--now TIME]
 *
 * Polls the mailbox every poll_interval seconds and runs a cycle
 * (daemon-cycle.c).  SIGTERM and SIGINT finish the message in hand and
 * exit; SIGHUP reloads the configuration before the next cycle.  The only
 * clock reads in Navarch are here and in the GM's tool: --now (or
 * NAVARCH_NOW) fixes the time for tests and demos. */
#include "config.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "daemon.h"
#include "diag.h"
#include "exitcode.h"
#include "log.h"
#include "timefmt.h"
#include "xalloc.h"

static volatile sig_atomic_t	stop_flag;
static volatile sig_atomic_t	reload_flag;

static void
on_signal(int sig)
{
	if (sig == SIGHUP)
		reload_flag = 1;
	else
		stop_flag = 1;
}

static void
usage(FILE *f)
{
	fprintf(f, "usage: navarchd -f CONFIG [--foreground] [--once] "
	    "[--now TIME]\n\n"
	    "  -f, --config FILE  the configuration file (see navarchd(8))\n"
	    "  --foreground       stay in the foreground, log to standard "
	    "error\n"
	    "  --once             run one full cycle (mail in, deadlines, "
	    "mail out) and exit\n"
	    "  --now TIME         the current time, for tests and demos "
	    "(also NAVARCH_NOW):\n"
	    "                     2026-12-01T20:00Z or @SECONDS\n"
	    "  --help, --version\n\n"
	    "Exit status: 0 success, 1 failure, 64 usage, 75 temporary "
	    "failure (with --once),\n78 configuration error.\n");
}

struct opts {
	const char	*config;
	const char	*now;
	int		 foreground;
	int		 once;
};

static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "config",	required_argument, NULL, 'f' },
		{ "foreground",	no_argument,	   NULL, 'F' },
		{ "once",	no_argument,	   NULL, 'o' },
		{ "now",	required_argument, NULL, 'n' },
		{ "help",	no_argument,	   NULL, 'h' },
		{ "version",	no_argument,	   NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int	c;

	memset(o, 0, sizeof *o);
	o->now = getenv("NAVARCH_NOW");
	while ((c = getopt_long(argc, argv, "f:", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o->config = optarg; break;
		case 'F': o->foreground = 1; break;
		case 'o': o->once = 1; break;
		case 'n': o->now = optarg; break;
		case 'h': usage(stdout); exit(NV_EXIT_OK);
		case 'V': printf("navarchd %s\n", PACKAGE_VERSION);
			  exit(NV_EXIT_OK);
		default: return -1;
		}
	}
	if (optind != argc || o->config == NULL)
		return -1;
	return 0;
}

/* The time now: fixed by --now, else the clock. */
static int
now_of(const struct opts *o, int64_t *out)
{
	char	*cause = NULL;

	*out = (int64_t)time(NULL);
	if (o->now == NULL || *o->now == '\0')
		return 0;
	if (time_parse(o->now, *out, out, &cause) != 0) {
		log_error("--now %s: %s", o->now, cause);
		free(cause);
		return -1;
	}
	return 0;
}

static int
load_config(const char *path, struct daemon_config *c)
{
	struct diag	d = DIAG_INIT;
	struct buf	b = BUF_INIT;
	int		rc;

	rc = daemon_config_load(path, c, &d);
	if (d.n > 0)
		diag_format(&d, &b);
	/* Each line already names file and line. */
	if (rc != 0)
		log_error("configuration errors:\n%s", buf_str(&b));
	else if (d.n > 0)
		log_warn("configuration warnings:\n%s", buf_str(&b));
	buf_free(&b);
	diag_free(&d);
	return rc;
}

/* Writes and locks the pidfile: a second daemon on the same file fails
 * instead of processing the same mailbox twice. */
static int
pidfile_open(const char *path, int *fd)
{
	char	pid[32];
	int	n;

	*fd = -1;
	if (path == NULL)
		return 0;
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0 || flock(*fd, LOCK_EX | LOCK_NB) != 0) {
		log_error("pidfile %s: %s", path, errno == EWOULDBLOCK ?
		    "another navarchd is running" : strerror(errno));
		return -1;
	}
	n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(*fd, 0) != 0 || write(*fd, pid, (size_t)n) != n) {
		log_error("pidfile %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Removes the pidfile; after dropping root its directory may not be
 * ours any more, so it is emptied instead (the lock, which dies with
 * the process, is what keeps a second daemon out). */
static void
pidfile_close(const char *path, int fd)
{
	if (fd < 0)
		return;
	if (unlink(path) != 0 && ftruncate(fd, 0) != 0)
		log_warn("pidfile %s: %s", path, strerror(errno));
	close(fd);
}

static void
signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Sleeps up to seconds, waking early for a signal. */
static void
nap(long seconds)
{
	struct timespec	ts = { 1, 0 };
	long		i;

	for (i = 0; i < seconds && !stop_flag && !reload_flag; i++)
		nanosleep(&ts, NULL);
}

/* navarchd's edge: the one place a daemon_status becomes an exit status
 * (navarchd(8), "EXIT STATUS"). */
static int
exit_status(enum daemon_status status)
{
	switch (status) {
	case DAEMON_OK:		return NV_EXIT_OK;
	case DAEMON_TEMP:	return NV_EXIT_TEMP;
	case DAEMON_CONFIG:	return NV_EXIT_CONFIG;
	case DAEMON_FAIL:	return NV_EXIT_FAIL;
	}
	return NV_EXIT_FAIL;
}

/* Runs a privilege step (daemon-priv.c): an exit status. */
static int
privileges(const struct daemon_config *c,
    enum daemon_status (*step)(const struct daemon_config *, char **))
{
	char			*cause = NULL;
	enum daemon_status	 rc;

	if ((rc = step(c, &cause)) == DAEMON_OK)
		return NV_EXIT_OK;
	log_error("%s", cause);
	free(cause);
	return exit_status(rc);
}

static int
run(const struct opts *o, struct daemon_config *c)
{
	struct daemon_stats	st;
	int64_t			now;
	enum daemon_status	status;

	for (;;) {
		if (now_of(o, &now) != 0)
			return NV_EXIT_USAGE;
		/* A cycle sends for at most a poll interval, so that mail
		 * coming in is not kept waiting behind a paced queue; with
		 * mail still due the next cycle starts at once. */
		status = daemon_cycle(c, now, o->once ? 0 : c->poll_interval,
		    &stop_flag, &st);
		if (o->once || stop_flag)
			return o->once ? exit_status(status) : NV_EXIT_OK;
		if (status == DAEMON_CONFIG)
			log_warn("will try again in %ld seconds",
			    c->poll_interval);
		if (status != DAEMON_OK || !st.more)
			nap(c->poll_interval);
		if (stop_flag)
			return NV_EXIT_OK;
		if (reload_flag) {
			struct daemon_config	fresh;

			reload_flag = 0;
			if (load_config(o->config, &fresh) == 0) {
				daemon_config_free(c);
				*c = fresh;
				log_set_level(c->log_level);
				log_info("configuration reloaded");
			} else {
				daemon_config_free(&fresh);
				log_warn("keeping the old configuration");
			}
		}
	}
}

int
main(int argc, char **argv)
{
	struct opts		o;
	struct daemon_config	c;
	char			*pidpath;
	int			rc, pidfd = -1;

	/* Before anything is opened: every file navarchd creates (the
	 * database, its WAL and SHM, the pidfile, Maildir files) is 0600 and
	 * every directory 0700 (docs/security.md). */
	umask(077);
	log_init("navarchd", LOG_LEVEL_INFO);
	if (parse_opts(argc, argv, &o) != 0) {
		usage(stderr);
		return NV_EXIT_USAGE;
	}
	if (load_config(o.config, &c) != 0) {
		daemon_config_free(&c);
		return NV_EXIT_CONFIG;
	}
	log_set_level(c.log_level);
	if ((rc = privileges(&c, daemon_check_privileges)) != NV_EXIT_OK) {
		daemon_config_free(&c);
		return rc;
	}
	if (!o.foreground && !o.once) {
		if (daemon(0, 0) != 0) {
			log_error("cannot detach: %s", strerror(errno));
			daemon_config_free(&c);
			return NV_EXIT_FAIL;
		}
		log_open_syslog();
	}
	/* The pidfile named at start is the one removed at exit, whatever a
	 * reload says. */
	pidpath = c.pidfile != NULL ? xstrdup(c.pidfile) : NULL;
	if (pidfile_open(pidpath, &pidfd) != 0) {
		free(pidpath);
		daemon_config_free(&c);
		return NV_EXIT_FAIL;
	}
	/* Root is dropped here, before any mail is read: the pidfile and
	 * syslog are all that root opened. */
	if ((rc = privileges(&c, daemon_drop_privileges)) != NV_EXIT_OK) {
		pidfile_close(pidpath, pidfd);
		free(pidpath);
		daemon_config_free(&c);
		return rc;
	}
	daemon_check_files(&c);
	signals();
	curl_global_init(CURL_GLOBAL_DEFAULT);
	rc = run(&o, &c);
	curl_global_cleanup();
	pidfile_close(pidpath, pidfd);
	free(pidpath);
	daemon_config_free(&c);
	return rc;
}
