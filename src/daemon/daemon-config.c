/* daemon-config.c: navarchd.conf, the daemon's configuration file.
 *
 * The key names are a contract (GMs' configs and the tests rely on them);
 * etc/navarchd.conf documents each one.  Values are checked here, with the
 * line of the key, so a broken file gives one complete answer before the
 * daemon touches anything. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon.h"
#include "diag.h"
#include "fileio.h"
#include "strutil.h"
#include "xalloc.h"

/* Configuration files are small; anything bigger is a mistake. */
#define CONFIG_MAX	(256 * 1024)

static const struct conf_key daemon_keys[] = {
	{ "database", CONF_STRING, NULL, 1, 0, 0, NULL,
	  "path of the SQLite game database" },
	{ "mailbox", CONF_STRING, DAEMON_DEFAULT_MAILBOX, 0, 0, 0, NULL,
	  "maildir:/path, imap://host[:port]/FOLDER or imaps://..." },
	{ "mailbox_user", CONF_STRING, NULL, 0, 0, 0, NULL, "IMAP login" },
	{ "mailbox_password_file", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "file whose first line is the IMAP password" },
	{ "processed_folder", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "IMAP folder processed mail is moved to" },
	{ "smtp", CONF_STRING, DAEMON_DEFAULT_SMTP, 0, 0, 0, NULL,
	  "smtp://host[:port], smtps://host[:port] or file:/path/Maildir" },
	{ "smtp_user", CONF_STRING, NULL, 0, 0, 0, NULL, "SMTP AUTH login" },
	{ "smtp_password_file", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "file whose first line is the SMTP password" },
	{ "ca_file", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "PEM file of CAs for IMAP and SMTP servers" },
	{ "from", CONF_STRING, NULL, 1, 0, 0, NULL,
	  "the daemon's own address, e.g. navarch@example.org" },
	{ "gm", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "the GM's address for games created without one" },
	{ "poll_interval", CONF_INT, "300", 0, 5, 86400, NULL,
	  "seconds between polls" },
	{ "log_level", CONF_ENUM, "info", 0, 0, 0, "error warning info debug",
	  "how much to log" },
	{ "tls", CONF_ENUM, "required", 0, 0, 0, "required optional off",
	  "TLS policy for imap:// and smtp://" },
	{ "pidfile", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "file the daemon writes its process id to" },
	{ "user", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "the unprivileged user navarchd becomes when started as root" },
	{ "group", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "its group (default: the user's login group)" },
	{ "datadir", CONF_STRING, NV_DATADIR, 0, 0, 0, NULL,
	  "directory holding rulesets/ and schema/" },
	{ "templatedir", CONF_STRING, NULL, 0, 0, 0, NULL,
	  "directory of the report templates" },
	{ "hash_cost", CONF_INT, "0", 0, 0, 11, NULL,
	  "password hash cost (0: the default)" },
	{ "busy_timeout", CONF_INT, "5000", 0, 0, 600000, NULL,
	  "milliseconds to wait for a busy database" },
	/* Deprecated (issue 10): read, warned about and ignored, so that
	 * an existing config keeps working.  Every due mail is sent each
	 * cycle; send_rate paces them. */
	{ "outbox_batch", CONF_INT, "100", 0, 1, 100000, NULL,
	  "no longer used: every due mail is sent each cycle" },
	{ "send_rate", CONF_STRING, "0", 0, 0, 0, NULL,
	  "most mails sent per second, e.g. 5 or 0.5 (0: no limit)" },
	{ "early_processing", CONF_ENUM, "yes", 0, 0, 0, "yes no",
	  "adjudicate as soon as every player's orders are in" },
	{ "grace", CONF_INT, "0", 0, 0, 604800, NULL,
	  "seconds after a deadline before adjudicating" },
	{ "reminder", CONF_INT, "86400", 0, 0, 2592000, NULL,
	  "seconds before a deadline to remind players (0: never)" },
	{ "missed_limit", CONF_INT, "2", 0, 1, 1000, NULL,
	  "missed turns before the GM is told" },
	{ "refusals_per_day", CONF_INT, "3", 0, 1, 1000, NULL,
	  "wrong-password refusals mailed per player and day" },
	{ "strangers_per_day", CONF_INT, "100", 0, 0, 100000, NULL,
	  "answers to unknown addresses a day, all together" },
	{ "auth_failures", CONF_INT, "5", 0, 1, 1000, NULL,
	  "wrong passwords (for a player, or from an address) before a "
	  "lock-out" },
	{ "auth_lockout", CONF_INT, "3600", 0, 60, 2592000, NULL,
	  "seconds a lock-out lasts" },
	{ "max_message_size", CONF_INT, "4194304", 0, 1024, 67108864, NULL,
	  "largest incoming message in bytes" },
	{ "quarantine_folder", CONF_STRING, INTAKE_QUARANTINE, 0, 0, 0, NULL,
	  "folder mail that cannot be processed is moved to" },
	{ "parse_memory", CONF_INT, "536870912", 0, 1048576, 4294967295,
	  NULL, "bytes of memory the mail parser may take per mail" },
	{ "parse_cpu", CONF_INT, "10", 0, 1, 3600, NULL,
	  "seconds of CPU time the mail parser may take per mail" },
	{ "parse_timeout", CONF_INT, "30", 0, 1, 3600, NULL,
	  "seconds the daemon waits for the mail parser per mail" },
	{ "sent_mail_keep_days", CONF_INT, "30", 0, 0, 36500, NULL,
	  "days the body of a mail sent is kept (0: emptied once sent)" },
};
#define NKEYS (sizeof daemon_keys / sizeof daemon_keys[0])

unsigned
daemon_config_line(const struct daemon_config *c, const char *name)
{
	size_t	i;

	for (i = 0; i < c->conf.nkeys; i++)
		if (strcmp(c->conf.keys[i].name, name) == 0)
			return c->conf.v[i].line;
	return 0;
}

#define key_line daemon_config_line

static int
has_prefix(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* Checks that a password file named by key exists and is readable. */
static void
check_file(struct daemon_config *c, const char *key, struct diag *d)
{
	const char	*path = conf_get(&c->conf, key);

	if (path != NULL && access(path, R_OK) != 0)
		diag_error(d, c->file, key_line(c, key), "%s = %s: cannot "
		    "read that file", key, path);
}

static void
check_urls(struct daemon_config *c, struct diag *d)
{
	if (!has_prefix(c->mailbox, "maildir:") &&
	    !has_prefix(c->mailbox, "imap://") &&
	    !has_prefix(c->mailbox, "imaps://"))
		diag_error(d, c->file, key_line(c, "mailbox"), "mailbox = %s: "
		    "expected maildir:/path, imap://host[:port]/FOLDER or "
		    "imaps://host[:port]/FOLDER", c->mailbox);
	else if (!has_prefix(c->mailbox, "maildir:") &&
	    (c->intake.user == NULL || c->intake.password_file == NULL))
		diag_error(d, c->file, key_line(c, "mailbox"), "mailbox = %s: "
		    "IMAP needs mailbox_user and mailbox_password_file",
		    c->mailbox);
	if (!has_prefix(c->smtp, "smtp://") && !has_prefix(c->smtp,
	    "smtps://") && !has_prefix(c->smtp, "file:"))
		diag_error(d, c->file, key_line(c, "smtp"), "smtp = %s: "
		    "expected smtp://host[:port], smtps://host[:port] or "
		    "file:/path/to/Maildir", c->smtp);
	if ((c->send.user == NULL) != (c->send.password_file == NULL))
		diag_error(d, c->file, key_line(c, c->send.user != NULL ?
		    "smtp_user" : "smtp_password_file"), "smtp_user and "
		    "smtp_password_file go together");
	if (c->from != NULL && !send_addr_ok(c->from))
		diag_error(d, c->file, key_line(c, "from"), "from = %s: not a "
		    "mail address (expected e.g. navarch@example.org)",
		    c->from);
	if (c->gm != NULL && !send_addr_ok(c->gm))
		diag_error(d, c->file, key_line(c, "gm"), "gm = %s: not a mail "
		    "address", c->gm);
	if (c->group != NULL && c->user == NULL)
		diag_error(d, c->file, key_line(c, "group"), "group = %s: "
		    "group goes with user", c->group);
	if (!intake_folder_ok(c->intake.quarantine))
		diag_error(d, c->file, key_line(c, "quarantine_folder"),
		    "quarantine_folder = %s: use 1-64 of A-Z a-z 0-9 _ - and "
		    "inner dots", c->intake.quarantine);
	check_file(c, "mailbox_password_file", d);
	check_file(c, "smtp_password_file", d);
	check_file(c, "ca_file", d);
}

/* A rate in mails per second: "0", "12", "0.5" (at most three decimals,
 * at most SEND_RATE_MAX).  0 or -1. */
static int
parse_rate(const char *s, double *out)
{
	double	v = 0, scale = 1;
	int	digits = 0, decimals = -1;

	for (; *s != '\0'; s++) {
		if (*s == '.' && decimals < 0) {
			decimals = 0;
			continue;
		}
		if (*s < '0' || *s > '9' || decimals >= 3)
			return -1;
		digits++;
		if (decimals >= 0) {
			decimals++;
			scale /= 10;
			v += (*s - '0') * scale;
		} else
			v = v * 10 + (*s - '0');
		if (v > DAEMON_SEND_RATE_MAX)
			return -1;
	}
	if (digits == 0 || decimals == 0)
		return -1;
	*out = v;
	return 0;
}

/* Settings kept for old configs: a warning each, never an error. */
static void
check_deprecated(struct daemon_config *c, struct diag *d)
{
	unsigned	line = key_line(c, "outbox_batch");

	if (line != 0)
		diag_add(d, DIAG_WARNING, c->file, line, "outbox_batch is no "
		    "longer used and is ignored: every mail due is sent each "
		    "cycle (send_rate limits mails per second if a relay needs "
		    "it); remove this line");
}

static void
check_rate(struct daemon_config *c, struct diag *d)
{
	const char	*v = conf_get(&c->conf, "send_rate");

	if (v != NULL && parse_rate(v, &c->send_rate) != 0)
		diag_error(d, c->file, key_line(c, "send_rate"), "send_rate = "
		    "%s: expected mails per second from 0 (no limit) to %d, "
		    "e.g. 5 or 0.5", v, DAEMON_SEND_RATE_MAX);
}

static void
fill(struct daemon_config *c)
{
	const struct conf	*f = &c->conf;
	/* A key whose line was wrong keeps its default (CONF_ENUM and
	 * CONF_INT keys all have one), so tls is never NULL. */
	const char		*tls = conf_get(f, "tls");

	c->database = conf_get(f, "database");
	c->mailbox = conf_get(f, "mailbox");
	c->smtp = conf_get(f, "smtp");
	c->from = conf_get(f, "from");
	c->gm = conf_get(f, "gm");
	c->pidfile = conf_get(f, "pidfile");
	c->user = conf_get(f, "user");
	c->group = conf_get(f, "group");
	c->datadir = conf_get(f, "datadir");
	c->templatedir = conf_get(f, "templatedir");
	c->poll_interval = conf_get_num(f, "poll_interval");
	if (log_level_parse(conf_get(f, "log_level"), &c->log_level) != 0)
		c->log_level = LOG_LEVEL_INFO;
	c->hash_cost = conf_get_num(f, "hash_cost");
	c->busy_timeout = conf_get_num(f, "busy_timeout");
	c->early = strcmp(conf_get(f, "early_processing"), "no") != 0;
	c->grace = conf_get_num(f, "grace");
	c->reminder = conf_get_num(f, "reminder");
	c->missed_limit = conf_get_num(f, "missed_limit");
	c->refusals_per_day = conf_get_num(f, "refusals_per_day");
	c->strangers_per_day = conf_get_num(f, "strangers_per_day");
	c->auth_failures = conf_get_num(f, "auth_failures");
	c->auth_lockout = conf_get_num(f, "auth_lockout");
	c->sent_keep = conf_get_num(f, "sent_mail_keep_days") * 86400L;

	c->intake.user = conf_get(f, "mailbox_user");
	c->intake.password_file = conf_get(f, "mailbox_password_file");
	c->intake.ca_file = conf_get(f, "ca_file");
	c->intake.processed = conf_get(f, "processed_folder");
	c->intake.tls = strcmp(tls, "off") == 0 ? INTAKE_TLS_OFF :
	    strcmp(tls, "optional") == 0 ? INTAKE_TLS_OPTIONAL :
	    INTAKE_TLS_REQUIRED;
	c->intake.max_size = (size_t)conf_get_num(f, "max_message_size");
	c->intake.quarantine = conf_get(f, "quarantine_folder");
	c->parse.memory = (size_t)conf_get_num(f, "parse_memory");
	c->parse.cpu = conf_get_num(f, "parse_cpu");
	c->parse.timeout_ms = conf_get_num(f, "parse_timeout") * 1000;

	c->send.url = c->smtp;
	c->send.from = c->from;
	c->send.user = conf_get(f, "smtp_user");
	c->send.password_file = conf_get(f, "smtp_password_file");
	c->send.ca_file = c->intake.ca_file;
	send_tls_parse(tls, &c->send.tls);
}

int
daemon_config_load(const char *path, struct daemon_config *c,
    struct diag *d)
{
	char	*text, *cause;
	size_t	 len, errors = d->errors;

	memset(c, 0, sizeof *c);
	c->file = xstrdup(path);
	if (file_read(path, CONFIG_MAX, &text, &len, &cause) != 0) {
		diag_error(d, NULL, 0, "%s", cause);
		free(cause);
		return -1;
	}
	if (strlen(text) != len)
		diag_error(d, path, 0, "the file holds a NUL byte");
	else {
		/* The values are checked even when some lines were wrong, so
		 * that one run reports every problem. */
		conf_parse(daemon_keys, NKEYS, path, text, &c->conf, d);
		fill(c);
		check_urls(c, d);
		check_rate(c, d);
		check_deprecated(c, d);
	}
	free(text);
	return d->errors > errors ? -1 : 0;
}

void
daemon_config_free(struct daemon_config *c)
{
	conf_free(&c->conf);
	free(c->file);
	c->file = NULL;
}
