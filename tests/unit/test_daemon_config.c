/* test_daemon_config.c: navarchd.conf, every key and every error. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "buf.h"
#include "daemon.h"
#include "diag.h"

struct row {
	const char	*text;
	const char	*errors;	/* substrings, '|'-separated; "" none */
	const char	*mailbox;	/* expected when valid */
	const char	*smtp;
	long		 poll;
	int		 tls;		/* enum intake_tls */
};

static const struct row rows[] = {
	{ "database = /tmp/x.db\nfrom = nv@example.org\n", "",
	  DAEMON_DEFAULT_MAILBOX, DAEMON_DEFAULT_SMTP, 300,
	  INTAKE_TLS_REQUIRED },
	{ "database = x.db\nfrom = nv@example.org\nmailbox = maildir:/m\n"
	  "smtp = file:/o\npoll_interval = 5\ntls = off\nlog_level = debug\n",
	  "", "maildir:/m", "file:/o", 5, INTAKE_TLS_OFF },
	{ "database = x.db\nfrom = nv@example.org\n"
	  "mailbox = imap://127.0.0.1:1143/INBOX\nmailbox_user = u\n"
	  "mailbox_password_file = /dev/null\nsmtp = smtp://127.0.0.1:25\n"
	  "tls = optional\n", "", "imap://127.0.0.1:1143/INBOX",
	  "smtp://127.0.0.1:25", 300, INTAKE_TLS_OPTIONAL },
	{ "from = nv@example.org\n", "required key 'database' is missing",
	  NULL, NULL, 0, 0 },
	{ "database = x.db\n", "required key 'from' is missing", NULL, NULL,
	  0, 0 },
	{ "database = x.db\nfrom = nv@example.org\nmailbox = pop3://h/\n",
	  "t.conf:3: mailbox = pop3://h/: expected maildir:", NULL, NULL, 0,
	  0 },
	{ "database = x.db\nfrom = nv@example.org\nmailbox = imap://h/INBOX\n",
	  "t.conf:3: mailbox = imap://h/INBOX: IMAP needs mailbox_user", NULL,
	  NULL, 0, 0 },
	{ "database = x.db\nfrom = not an address\n",
	  "t.conf:2: from = not an address: not a mail address", NULL, NULL,
	  0, 0 },
	{ "database = x.db\nfrom = nv@example.org\nsmtp = mailto:x\n",
	  "t.conf:3: smtp = mailto:x: expected smtp://", NULL, NULL, 0, 0 },
	{ "database = x.db\nfrom = nv@example.org\nsmtp_user = u\n",
	  "t.conf:3: smtp_user and smtp_password_file go together", NULL,
	  NULL, 0, 0 },
	{ "database = x.db\nfrom = nv@example.org\n"
	  "smtp_password_file = /nonexistent/pw\nsmtp_user = u\n",
	  "t.conf:3: smtp_password_file = /nonexistent/pw: cannot read", NULL,
	  NULL, 0, 0 },
	{ "database = x.db\nfrom = nv@example.org\n"
	  "quarantine_folder = ../up\nparse_memory = 1000\nparse_cpu = 0\n",
	  "t.conf:3: quarantine_folder = ../up: use 1-64 of|"
	  "t.conf:4: parse_memory = 1000: expected a whole number from|"
	  "t.conf:5: parse_cpu = 0: expected a whole number from", NULL, NULL,
	  0, 0 },
	{ "database = x.db\nfrom = nv@example.org\npoll_interval = 1\n"
	  "tls = maybe\nlog_level = loud\nbogus = 1\n",
	  "t.conf:3: poll_interval = 1: expected a whole number from 5|"
	  "t.conf:4: tls = maybe: expected one of: required optional off|"
	  "t.conf:5: log_level = loud|t.conf:6: unknown key 'bogus'", NULL,
	  NULL, 0, 0 },
};

static char *
write_conf(const char *text)
{
	char	*path = strdup("/tmp/nvconf.XXXXXX");
	int	 fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal((ssize_t)strlen(text), write(fd, text, strlen(text)));
	close(fd);
	return path;
}

static void
test_rows(void **state)
{
	size_t	i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row	*r = &rows[i];
		struct daemon_config	 c;
		struct diag		 d = DIAG_INIT;
		struct buf		 b = BUF_INIT;
		char			*path = write_conf(r->text), *want, *w;
		int			 rc;

		rc = daemon_config_load(path, &c, &d);
		diag_format(&d, &b);
		/* Messages name the file as "t.conf" for the table. */
		want = strdup(buf_str(&b));
		for (w = strstr(want, path); w != NULL; w = strstr(want, path)) {
			memmove(w + 6, w + strlen(path), strlen(w +
			    strlen(path)) + 1);
			memcpy(w, "t.conf", 6);
		}
		if (r->errors[0] == '\0') {
			if (rc != 0)
				fail_msg("row %zu: %s", i, want);
			assert_string_equal(r->mailbox, c.mailbox);
			assert_string_equal(r->smtp, c.smtp);
			assert_int_equal(r->poll, c.poll_interval);
			assert_int_equal(r->tls, c.intake.tls);
			assert_string_equal(c.from, c.send.from);
		} else {
			char	*list = strdup(r->errors), *one, *bar;

			assert_int_equal(-1, rc);
			for (one = list; one != NULL; one = bar) {
				if ((bar = strchr(one, '|')) != NULL)
					*bar++ = '\0';
				if (strstr(want, one) == NULL)
					fail_msg("row %zu: missing '%s' in:\n%s",
					    i, one, want);
			}
			free(list);
		}
		daemon_config_free(&c);
		unlink(path);
		free(path);
		free(want);
		buf_free(&b);
		diag_free(&d);
	}
}

/* Loads text: the return code, *c (freed by the caller) and the
 * diagnostics as text (owned by the caller). */
static int
load_text(const char *text, struct daemon_config *c, char **msgs)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*path = write_conf(text);
	int		 rc;

	rc = daemon_config_load(path, c, &d);
	diag_format(&d, &b);
	*msgs = strdup(buf_str(&b));
	buf_free(&b);
	diag_free(&d);
	unlink(path);
	free(path);
	return rc;
}

#define BASE	"database = x.db\nfrom = nv@example.org\n"

/* send_rate in mails per second; outbox_batch (issue 10: a count per
 * poll) is still read, so that old configs work, with a warning. */
static void
test_sending_keys(void **state)
{
	static const struct {
		const char	*text;
		int		 rc;
		double		 rate;
		const char	*msg;	/* substring; NULL: no message */
	} t[] = {
		{ BASE, 0, 0, NULL },
		{ BASE "send_rate = 5\n", 0, 5, NULL },
		{ BASE "send_rate = 0.5\n", 0, 0.5, NULL },
		{ BASE "send_rate = 0.125\n", 0, 0.125, NULL },
		{ BASE "send_rate = 10000\n", 0, 10000, NULL },
		{ BASE "send_rate = 0\n", 0, 0, NULL },
		{ BASE "send_rate = fast\n", -1, 0, ":3: send_rate = fast: "
		  "expected mails per second" },
		{ BASE "send_rate = 0.0001\n", -1, 0, "send_rate = 0.0001" },
		{ BASE "send_rate = 10001\n", -1, 0, "send_rate = 10001" },
		{ BASE "send_rate = 5.\n", -1, 0, "send_rate = 5." },
		{ BASE "send_rate = -1\n", -1, 0, "send_rate = -1" },
		{ BASE "outbox_batch = 100\n", 0, 0, ":3: warning: "
		  "outbox_batch is no longer used and is ignored" },
		{ BASE "outbox_batch = 0\n", -1, 0, "outbox_batch = 0" },
	};
	struct daemon_config	 c;
	char			*msgs;
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (load_text(t[i].text, &c, &msgs) != t[i].rc)
			fail_msg("row %zu: %s", i, msgs);
		if (t[i].rc == 0 && c.send_rate != t[i].rate)
			fail_msg("row %zu: send_rate %g, wanted %g", i,
			    c.send_rate, t[i].rate);
		if (t[i].msg == NULL && *msgs != '\0')
			fail_msg("row %zu: unexpected: %s", i, msgs);
		if (t[i].msg != NULL && strstr(msgs, t[i].msg) == NULL)
			fail_msg("row %zu: '%s' not in: %s", i, t[i].msg,
			    msgs);
		daemon_config_free(&c);
		free(msgs);
	}
}

/* sent_mail_keep_days: days, turned into the seconds store_purge takes;
 * 30 when absent; 0 allowed; negative or absurd refused with its line. */
static void
test_sent_keep(void **state)
{
	static const struct {
		const char	*text;
		int		 rc;
		long		 keep;
		const char	*msg;
	} t[] = {
		{ BASE, 0, 30 * 86400L, NULL },
		{ BASE "sent_mail_keep_days = 0\n", 0, 0, NULL },
		{ BASE "sent_mail_keep_days = 7\n", 0, 7 * 86400L, NULL },
		{ BASE "sent_mail_keep_days = 36500\n", 0, 36500 * 86400L,
		  NULL },
		{ BASE "sent_mail_keep_days = -1\n", -1, 0,
		  ":3: sent_mail_keep_days = -1: expected a whole number" },
		{ BASE "sent_mail_keep_days = 36501\n", -1, 0,
		  "sent_mail_keep_days = 36501" },
		{ BASE "sent_mail_keep_days = forever\n", -1, 0,
		  "sent_mail_keep_days = forever" },
	};
	struct daemon_config	 c;
	char			*msgs;
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (load_text(t[i].text, &c, &msgs) != t[i].rc)
			fail_msg("row %zu: %s", i, msgs);
		if (t[i].rc == 0 && c.sent_keep != t[i].keep)
			fail_msg("row %zu: sent_keep %ld, wanted %ld", i,
			    c.sent_keep, t[i].keep);
		if (t[i].msg != NULL && strstr(msgs, t[i].msg) == NULL)
			fail_msg("row %zu: '%s' not in: %s", i, t[i].msg,
			    msgs);
		daemon_config_free(&c);
		free(msgs);
	}
}

/* The sample config as shipped (and installed, byte for byte) loads
 * without an error or a warning. */
static void
test_shipped_sample(void **state)
{
	struct daemon_config	c;
	struct diag		d = DIAG_INIT;
	struct buf		b = BUF_INIT;

	(void)state;
	assert_int_equal(daemon_config_load(SAMPLE_CONF, &c, &d), 0);
	diag_format(&d, &b);
	if (d.n != 0)
		fail_msg("%s", buf_str(&b));
	assert_int_equal(c.hash_cost, 0);
	assert_int_equal(c.sent_keep, 30 * 86400L);
	daemon_config_free(&c);
	buf_free(&b);
	diag_free(&d);
}

static void
test_missing_file(void **state)
{
	struct daemon_config	c;
	struct diag		d = DIAG_INIT;
	struct buf		b = BUF_INIT;

	(void)state;
	assert_int_equal(-1, daemon_config_load("/nonexistent/nv.conf", &c,
	    &d));
	diag_format(&d, &b);
	assert_non_null(strstr(buf_str(&b), "/nonexistent/nv.conf"));
	daemon_config_free(&c);
	buf_free(&b);
	diag_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_sending_keys),
		cmocka_unit_test(test_sent_keep),
		cmocka_unit_test(test_shipped_sample),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
