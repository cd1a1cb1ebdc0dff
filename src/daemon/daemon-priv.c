/* daemon-priv.c: who navarchd runs as (docs/security.md, "Least
 * privilege").
 *
 * Mail from anybody is parsed and answered here, so this code never runs
 * it as root.  Root may start the daemon (to write a pidfile under /run,
 * say) only with a `user` to become; the change is for good: the group
 * list is that one group, then the real, effective and saved group ids,
 * then the user ids, and afterwards getting root back must fail.  What
 * is opened before the drop is only the configuration, syslog and the
 * pidfile; the database, the mailbox and the outbox are opened every
 * cycle as the user, so they must be the user's (the systemd unit's
 * StateDirectory does that; nothing is chowned behind the GM's back). */
/* setresuid, getresuid and friends are GNU (and BSD) extensions. */
#define _GNU_SOURCE	1
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon.h"
#include "log.h"
#include "xalloc.h"

/* "FILE:LINE: " for a key's line, or "FILE: " (owned). */
static char *
where(const struct daemon_config *c, const char *key)
{
	unsigned	line = daemon_config_line(c, key);

	if (line == 0)
		return xasprintf("%s: ", c->file);
	return xasprintf("%s:%u: ", c->file, line);
}

/* The uid and gid to become.  0, or -1 with *cause. */
static int
lookup(const struct daemon_config *c, uid_t *uid, gid_t *gid, char **cause)
{
	struct passwd	*pw;
	struct group	*gr;
	char		*at;

	errno = 0;
	if ((pw = getpwnam(c->user)) == NULL) {
		at = where(c, "user");
		*cause = xasprintf("%suser = %s: %s", at, c->user, errno != 0 ?
		    strerror(errno) : "no such user (create it, e.g. "
		    "useradd --system navarch)");
		free(at);
		return -1;
	}
	*uid = pw->pw_uid;
	*gid = pw->pw_gid;
	if (*uid == 0) {
		at = where(c, "user");
		*cause = xasprintf("%suser = %s: that is root; name an "
		    "unprivileged user", at, c->user);
		free(at);
		return -1;
	}
	if (c->group == NULL)
		return 0;
	errno = 0;
	if ((gr = getgrnam(c->group)) == NULL) {
		at = where(c, "group");
		*cause = xasprintf("%sgroup = %s: %s", at, c->group, errno != 0 ?
		    strerror(errno) : "no such group");
		free(at);
		return -1;
	}
	*gid = gr->gr_gid;
	return 0;
}

/* Becomes uid:gid with no other group, then proves root is gone. */
static int
become(uid_t uid, gid_t gid, char **cause)
{
	uid_t	ru, eu, su;
	gid_t	rg, eg, sg;

	if (setgroups(1, &gid) != 0 || setresgid(gid, gid, gid) != 0 ||
	    setresuid(uid, uid, uid) != 0) {
		*cause = xasprintf("cannot become uid %ld gid %ld: %s",
		    (long)uid, (long)gid, strerror(errno));
		return -1;
	}
	if (getresuid(&ru, &eu, &su) != 0 || getresgid(&rg, &eg, &sg) != 0 ||
	    ru != uid || eu != uid || su != uid || rg != gid || eg != gid ||
	    sg != gid || setuid(0) == 0 || seteuid(0) == 0) {
		*cause = xstrdup("privileges were not dropped for good");
		return -1;
	}
	return 0;
}

/* NAVARCH_ALLOW_ROOT=1: root without `user` is let through, for the
 * test suite and the demo, which run as root in a throwaway directory
 * that no other user could reach.  Never for a daemon facing the
 * internet (docs/security.md). */
static int
allow_root(void)
{
	const char	*v = getenv("NAVARCH_ALLOW_ROOT");

	return v != NULL && strcmp(v, "1") == 0;
}

/* The checks of daemon_drop_privileges; change set: and the change. */
static enum daemon_status
privileges(const struct daemon_config *c, int change, char **cause)
{
	struct passwd	*pw;
	uid_t		 uid;
	gid_t		 gid;

	if (geteuid() != 0 && getuid() != 0) {
		/* Only root can change who we are. */
		if (change && c->user != NULL && ((pw = getpwnam(c->user)) ==
		    NULL || pw->pw_uid != geteuid()))
			log_warn("user = %s: ignored, navarchd runs as uid %ld "
			    "(only root can switch users)", c->user,
			    (long)geteuid());
		return DAEMON_OK;
	}
	if (c->user == NULL && allow_root()) {
		if (change)
			log_info("running as root: NAVARCH_ALLOW_ROOT is set "
			    "(for tests and demos; set user instead)");
		return DAEMON_OK;
	}
	if (c->user == NULL) {
		*cause = xasprintf("%s: navarchd will not run as root: it "
		    "reads mail from anybody.  Set user (and optionally "
		    "group) to an unprivileged user it becomes after opening "
		    "the pidfile, or start it as that user (contrib/"
		    "navarchd.service does)", c->file);
		return DAEMON_CONFIG;
	}
	if (lookup(c, &uid, &gid, cause) != 0)
		return DAEMON_CONFIG;
	if (!change)
		return DAEMON_OK;
	if (become(uid, gid, cause) != 0)
		return DAEMON_FAIL;
	log_info("running as user %s (uid %ld, gid %ld)", c->user, (long)uid,
	    (long)gid);
	return DAEMON_OK;
}

enum daemon_status
daemon_check_privileges(const struct daemon_config *c, char **cause)
{
	return privileges(c, 0, cause);
}

enum daemon_status
daemon_drop_privileges(const struct daemon_config *c, char **cause)
{
	return privileges(c, 1, cause);
}

void
daemon_check_files(const struct daemon_config *c)
{
	struct stat	sb;

	if (stat(c->database, &sb) == 0 && (sb.st_mode & 077) != 0)
		log_warn("%s can be read by other users (mode %03o) and holds "
		    "password hashes, the dice seeds and every side's "
		    "orders: chmod 600 it and its -wal and -shm files",
		    c->database, (unsigned)(sb.st_mode & 0777));
}
