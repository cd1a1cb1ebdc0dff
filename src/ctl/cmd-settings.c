/* cmd-settings.c: navarch game settings GAME [KEY=VALUE...]
 *
 * A game's settings for the mail daemon (docs/mail-commands.md, "Game
 * settings"): early, grace, reminder, missed_limit, schedule, svg, late,
 * report_ships and join.  Without KEY=VALUE it prints them; with, it
 * checks and sets them
 * (audited).  The settings are "key = value" lines kept with the game. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

static const char *const setting_keys[] = {
	"early", "grace", "reminder", "missed_limit", "schedule", "svg",
	"late", "report_ships", "join",
};
#define NSETTINGS (sizeof setting_keys / sizeof setting_keys[0])

/* A duration: seconds, or N[mhdw]... as in 30m or 1d12h. */
static int
duration_ok(const char *v)
{
	char	*spec, *cause = NULL;
	int64_t	 t;
	long	 l;
	int	 rc;

	if (str_to_long(v, 0, 100L * 366 * 86400, &l) == 0)
		return 1;
	spec = xasprintf("+%s", v);
	rc = time_parse(spec, 0, &t, &cause);
	free(spec);
	free(cause);
	return rc == 0;
}

/* Checks one KEY=VALUE; returns NULL, or what is wrong (static). */
static const char *
setting_check(const char *key, const char *v)
{
	char	*cause = NULL;
	int64_t	 t;
	long	 l;
	size_t	 i;

	for (i = 0; i < NSETTINGS; i++)
		if (strcmp(key, setting_keys[i]) == 0)
			break;
	if (i == NSETTINGS)
		return "unknown setting; the settings are early, grace, "
		    "reminder, missed_limit, schedule, svg, late, "
		    "report_ships, join";
	if (strcmp(key, "join") == 0)
		return strcmp(v, "off") == 0 || strcmp(v, "gm") == 0 ||
		    strcmp(v, "auto") == 0 ? NULL : "expected off, gm (the "
		    "GM seats who asks by mail) or auto (JOIN takes a free "
		    "seat at once)";
	if (strcmp(key, "early") == 0 || strcmp(key, "late") == 0)
		return strcmp(v, "on") == 0 || strcmp(v, "off") == 0 ? NULL :
		    "expected on or off";
	if (strcmp(key, "svg") == 0)
		return strcmp(v, "yes") == 0 || strcmp(v, "no") == 0 ? NULL :
		    "expected yes or no (the SVG map attached to report mails)";
	if (strcmp(key, "report_ships") == 0)
		return str_to_long(v, 0, 1000000, &l) == 0 ? NULL :
		    "expected a whole number from 0 (whole reports) to "
		    "1000000";
	if (strcmp(key, "missed_limit") == 0)
		return str_to_long(v, 1, 1000, &l) == 0 ? NULL :
		    "expected a whole number from 1 to 1000";
	if (strcmp(key, "schedule") == 0) {
		if (strcmp(v, "none") == 0)
			return NULL;
		if (v[0] == '+' && time_parse(v, 0, &t, &cause) == 0)
			return NULL;
		free(cause);
		return "expected none, +N[mhdw]... or +N[mhdw]...@HH:MM "
		    "(e.g. +48h@20:00)";
	}
	return duration_ok(v) ? NULL : "expected seconds or N[mhdw]... "
	    "(e.g. 30m, 24h)";
}

/* The settings text with key set to v (replacing its line, or added). */
static char *
settings_with(const char *old, const char *key, const char *v)
{
	struct buf	 b = BUF_INIT;
	char		*copy = xstrdup(old != NULL ? old : ""), *line, *nl;
	char		*k;
	int		 done = 0;

	for (line = copy; *line != '\0'; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		else
			nl = line + strlen(line);
		k = xstrdup(line);
		if (strchr(k, '=') != NULL)
			*strchr(k, '=') = '\0';
		if (strcmp(str_trim(k), key) == 0) {
			if (!done)
				buf_printf(&b, "%s = %s\n", key, v);
			done = 1;
		} else if (*line != '\0')
			buf_printf(&b, "%s\n", line);
		free(k);
	}
	if (!done)
		buf_printf(&b, "%s = %s\n", key, v);
	free(copy);
	return buf_detach(&b);
}

struct set_arg {
	const char	*game;
	const char	*settings;
};

static int
set_op(struct store *s, void *arg, char **cause)
{
	struct set_arg	*a = arg;

	return store_game_set_settings(s, a->game, a->settings, cause);
}

static int
apply(struct store *s, const struct store_game *g, char **kv, int n)
{
	struct set_arg	 a;
	struct buf	 details = BUF_INIT;
	char		*text = xstrdup(g->settings != NULL ? g->settings : "");
	char		*key, *next, *eq;
	const char	*why;
	int		 i, rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		if ((eq = strchr(kv[i], '=')) == NULL || eq == kv[i]) {
			rc = ctl_err(NV_EXIT_USAGE, "'%s': expected KEY=VALUE",
			    kv[i]);
			break;
		}
		key = xstrndup(kv[i], (size_t)(eq - kv[i]));
		if ((why = setting_check(key, eq + 1)) != NULL)
			rc = ctl_err(NV_EXIT_INPUT, "%s: %s", kv[i], why);
		else {
			next = settings_with(text, key, eq + 1);
			free(text);
			text = next;
			buf_printf(&details, "%s%s", i > 0 ? "\n" : "", kv[i]);
		}
		free(key);
	}
	if (rc == 0) {
		a.game = g->id;
		a.settings = text;
		rc = ctl_audited(s, g->id, "settings", buf_str(&details),
		    set_op, &a);
		if (rc == 0)
			printf("%s", text);
	}
	buf_free(&details);
	free(text);
	return rc;
}

int
cmd_game_settings(int argc, char **argv)
{
	struct store		*s;
	struct store_game	*g = NULL;
	char			**pos, *cause = NULL;
	int			 npos, rc, code;
	const struct ctl_opt	 opts[] = { { NULL, NULL, NULL } };

	if ((rc = ctl_args(argc, argv, opts, 1, -1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = store_game_get(s, pos[0], &g, &cause);
	if (code != STORE_OK)
		rc = ctl_store_err(code, cause);
	else if (npos == 1)
		printf("%s", g->settings != NULL ? g->settings : "");
	else
		rc = apply(s, g, pos + 1, npos - 1);
	store_game_free(g);
	store_close(s);
	return rc;
}
