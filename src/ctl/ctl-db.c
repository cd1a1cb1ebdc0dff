/* ctl-db.c: finding and opening the database, the clock, the hash cost,
 * who acts, and the exit statuses store failures map to.
 *
 * The config file is the daemon's (navarchd.conf, issue 5): navarch reads
 * only its `database` and `hash_cost` keys and leaves every other key to
 * the daemon, which checks the whole file. */
#include "config.h"

#include <errno.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "fileio.h"
#include "password.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

#define CONF_DEFAULT	"/etc/navarch/navarchd.conf"
#define CONF_MAX	(1024 * 1024)
#define BUSY_DEFAULT	5000	/* ms a command waits for the daemon */

struct ctl_global ctl_global;

int
ctl_err(int code, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "navarch %s: ", ctl_global.cmd != NULL ?
	    ctl_global.cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

/* The value of key in a config text, or NULL (owned by the caller).  The
 * syntax is conf.h's; a key given twice is an error (-1). */
static int
conf_value(const char *file, const char *text, const char *key,
    char **out, unsigned *line_out)
{
	const char	*p = text, *nl;
	char		*s, *t, *eq, *k;
	unsigned	 line = 0;
	size_t		 i;

	*out = NULL;
	for (; *p != '\0'; p = nl != NULL ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		s = nl != NULL ? xstrndup(p, (size_t)(nl - p)) : xstrdup(p);
		line++;
		for (i = 0; s[i] != '\0'; i++)
			if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' ||
			    s[i - 1] == '\t'))
				s[i] = '\0';
		t = str_trim(s);
		if ((eq = strchr(t, '=')) != NULL) {
			*eq = '\0';
			k = str_trim(t);
			if (strcmp(k, key) == 0 && *out != NULL) {
				ctl_err(0, "%s:%u: %s is already set on line "
				    "%u", file, line, key, *line_out);
				free(s);
				free(*out);
				*out = NULL;
				return -1;
			}
			if (strcmp(k, key) == 0) {
				*out = xstrdup(str_trim(eq + 1));
				*line_out = line;
			}
		}
		free(s);
	}
	return 0;
}

/* The config file in use: --config, $NAVARCH_CONFIG, the default. */
const char *
ctl_conf_path(void)
{
	const char	*env = getenv("NAVARCH_CONFIG");

	if (ctl_global.config != NULL)
		return ctl_global.config;
	if (env != NULL && *env != '\0')
		return env;
	return CONF_DEFAULT;
}

/* Reads key from the config file: 0 with *out (NULL if unset), or
 * NV_EXIT_CONFIG (reported). */
static int
conf_read(const char *key, char **out, unsigned *line)
{
	const char	*path = ctl_conf_path();
	char		*text, *cause;
	size_t		 len;

	*out = NULL;
	if (file_read(path, CONF_MAX, &text, &len, &cause) != 0) {
		ctl_err(0, "%s; give the database with --db PATH or a config "
		    "file with --config FILE or $NAVARCH_CONFIG", cause);
		free(cause);
		return NV_EXIT_CONFIG;
	}
	if (conf_value(path, text, key, out, line) != 0) {
		free(text);
		return NV_EXIT_CONFIG;
	}
	free(text);
	if (*out != NULL && **out == '\0') {
		ctl_err(0, "%s:%u: %s has no value", path, *line, key);
		free(*out);
		*out = NULL;
		return NV_EXIT_CONFIG;
	}
	return 0;
}

static int
busy_ms(int *out)
{
	*out = BUSY_DEFAULT;
	if (ctl_global.busy != NULL &&
	    str_to_int(ctl_global.busy, 0, 3600000, out) != 0)
		return ctl_err(NV_EXIT_USAGE, "--busy-timeout '%s': expected "
		    "milliseconds from 0 to 3600000", ctl_global.busy);
	return 0;
}

int
ctl_db_open(struct store **out)
{
	char		*path = NULL, *cause = NULL;
	unsigned	 line = 0;
	int		 rc, code, ms;

	*out = NULL;
	if ((rc = busy_ms(&ms)) != 0)
		return rc;
	if (ctl_global.db != NULL)
		path = xstrdup(ctl_global.db);
	else {
		if ((rc = conf_read("database", &path, &line)) != 0)
			return rc;
		if (path == NULL)
			return ctl_err(NV_EXIT_CONFIG, "%s: no 'database' key "
			    "names the database; add 'database = /path/to/"
			    "navarch.db' or give --db PATH", ctl_conf_path());
	}
	code = store_open(path, ms, out, &cause);
	if (code == STORE_BUSY) {
		free(path);
		return ctl_store_err(code, cause);
	}
	if (code != STORE_OK) {
		ctl_err(0, "%s%s", cause, ctl_global.db == NULL ?
		    " (the database named by the config)" : "");
		free(cause);
		free(path);
		return NV_EXIT_CONFIG;
	}
	free(path);
	return 0;
}

int
ctl_now(int64_t *out)
{
	const char	*env = getenv("NAVARCH_NOW"), *spec = ctl_global.now;
	char		*cause;

	if (spec == NULL && env != NULL && *env != '\0')
		spec = env;
	if (spec == NULL) {
		*out = (int64_t)time(NULL);
		return 0;
	}
	/* A relative --now would be relative to itself: absolute only. */
	if (spec[0] == '+' || ctl_time_parse(spec, 0, out, &cause) != 0) {
		if (spec[0] == '+')
			cause = xasprintf("'%s': the current time must be "
			    "absolute: 2026-12-01T20:00Z or @SECONDS", spec);
		ctl_err(0, "%s %s", spec == env ? "$NAVARCH_NOW" : "--now",
		    cause);
		free(cause);
		return spec == env ? NV_EXIT_CONFIG : NV_EXIT_USAGE;
	}
	return 0;
}

int
ctl_hash_cost(unsigned *out)
{
	const char	*env = getenv("NAVARCH_HASH_COST");
	const char	*what = "--hash-cost";
	char		*conf = NULL;
	unsigned	 line;
	int		 v, rc = NV_EXIT_USAGE;
	const char	*spec = ctl_global.hash_cost;

	*out = PASSWORD_COST_DEFAULT;
	if (spec == NULL && env != NULL && *env != '\0') {
		spec = env;
		what = "$NAVARCH_HASH_COST";
		rc = NV_EXIT_CONFIG;
	}
	if (spec == NULL && ctl_global.db == NULL) {
		if ((rc = conf_read("hash_cost", &conf, &line)) != 0)
			return rc;
		spec = conf;
		what = "hash_cost";
		rc = NV_EXIT_CONFIG;
	}
	if (spec == NULL)
		return 0;
	/* The config key is the daemon's too (daemon-config.c), where 0
	 * means the default, as etc/navarchd.conf ships it; --hash-cost and
	 * $NAVARCH_HASH_COST name a cost. */
	if (str_to_int(spec, conf != NULL ? 0 : PASSWORD_COST_MIN,
	    PASSWORD_COST_MAX, &v) != 0) {
		ctl_err(0, "%s '%s': expected a yescrypt cost from %d to %d%s",
		    what, spec, PASSWORD_COST_MIN, PASSWORD_COST_MAX,
		    conf != NULL ? ", or 0 for the default" : "");
		free(conf);
		return rc;
	}
	free(conf);
	if (v > 0)
		*out = (unsigned)v;
	return 0;
}

char *
ctl_actor(void)
{
	const char	*user = getenv("LOGNAME");
	struct passwd	*pw;

	if (user == NULL || *user == '\0')
		user = getenv("USER");
	if ((user == NULL || *user == '\0') &&
	    (pw = getpwuid(getuid())) != NULL)
		user = pw->pw_name;
	if (user == NULL || *user == '\0')
		return xasprintf("cli:uid-%ld", (long)getuid());
	return xasprintf("cli:%s", user);
}

int
ctl_read_password(const char *file, char **out)
{
	char	*text, *cause, *nl;
	size_t	 len;

	if (file_read(file, PASSWORD_MAX + 2, &text, &len, &cause) != 0) {
		ctl_err(0, "%s", cause);
		free(cause);
		return NV_EXIT_INPUT;
	}
	if ((nl = strchr(text, '\n')) != NULL)
		*nl = '\0';
	if ((nl = strchr(text, '\r')) != NULL)
		*nl = '\0';
	if (text[0] == '\0') {
		free(text);
		return ctl_err(NV_EXIT_INPUT, "%s: the first line holds no "
		    "password", file);
	}
	*out = text;
	return 0;
}

int
ctl_address_ok(const char *a)
{
	const char	*at = strrchr(a, '@'), *p;

	if (at == NULL || at == a || at[1] == '\0' || strlen(a) > 254)
		return 0;
	for (p = a; *p != '\0'; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '<' ||
		    *p == '>' || *p == ',' || *p == ';')
			return 0;
	return strchr(at + 1, '.') != NULL || strcmp(at + 1, "localhost") == 0;
}

int
ctl_is_file(const char *arg)
{
	struct stat	sb;

	return stat(arg, &sb) == 0 && S_ISREG(sb.st_mode);
}

int
ctl_turn_arg(const char *text, int *out)
{
	if (str_to_int(text, 1, 1000000, out) != 0)
		return ctl_err(NV_EXIT_USAGE, "'%s' is not a turn number; "
		    "legal: a whole number from 1", text);
	return 0;
}

int
ctl_audited(struct store *s, const char *game, const char *action,
    const char *details, int (*op)(struct store *, void *, char **),
    void *arg)
{
	char	*cause = NULL, *actor;
	int64_t	 now;
	int	 code, rc;

	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	actor = ctl_actor();
	code = op(s, arg, &cause);
	if (code == STORE_OK)
		code = store_audit_add(s, game, now, actor, action, details,
		    &cause);
	free(actor);
	if (code == STORE_OK)
		code = store_commit(s, &cause);
	else
		(void)store_abort(s, NULL);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}
