/* test_send_smtp.c: the smtp driver and outbox_drain against a real
 * Postfix on 127.0.0.1, started for this run by tests/servers/postfix.sh
 * in a private temporary directory and stopped by its PID at the end.
 *
 * Covered: a composed message over STARTTLS, verified against the
 * generated CA, delivered into the Maildir with the body byte for byte;
 * smtps://; AUTH (through Dovecot) after STARTTLS, a wrong password, no
 * AUTH where it is required; a wrong CA and the system CAs (SEND_PERM,
 * "certificate"); tls = required against a server without STARTTLS
 * (SEND_PERM before any AUTH); a refused recipient (550, SEND_PERM with
 * the server's text); nothing listening (SEND_TEMP, quickly); and
 * outbox_drain marking rows sent, failed and retried.
 *
 * Without Postfix (or not root) the whole program is skipped with exit
 * status 77; with CI=true that is a failure (postfix.sh exits 1). */
#include "config.h"

#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compose.h"
#include "fileio.h"
#include "outbox.h"
#include "send.h"
#include "send_fixture.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

#define FROM		"navarch@navarch.example.org"
#define WAIT_MS		10000	/* for Postfix to deliver */

/* The running server (postfix.sh's env file). */
static struct {
	char	*dir;
	int	 smtp, submission, smtps, plain;
	char	*ca, *wrong_ca, *mail, *user, *pwfile;
} srv;

static char *
env_value(const char *env, const char *key)
{
	char		*want = xasprintf("\n%s=", key), *copy;
	const char	*p;
	size_t		 len;

	copy = xasprintf("\n%s", env);
	if ((p = strstr(copy, want)) == NULL)
		fail_msg("postfix.sh env lacks %s", key);
	p += strlen(want);
	len = strcspn(p, "\n");
	free(want);
	want = xstrndup(p, len);
	free(copy);
	return want;
}

static int
env_port(const char *env, const char *key)
{
	char	*v = env_value(env, key);
	int	 port;

	if (str_to_int(v, 1, 65535, &port) != 0)
		fail_msg("bad %s=%s", key, v);
	free(v);
	return port;
}

static int
run_script(const char *verb)
{
	char	*cmd;
	int	 st;

	cmd = xasprintf("sh '%s/postfix.sh' %s '%s'", SERVERS_DIR, verb,
	    srv.dir);
	st = system(cmd);
	free(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* Starts the server; 0, 77 (skip) or 1. */
static int
server_start(void)
{
	char	*path, *env, *cause = NULL;
	size_t	 len;
	int	 rc;

	srv.dir = sfx_tempdir("nvpostfix");
	if ((rc = run_script("start")) != 0) {
		sfx_rmtree(srv.dir);
		return rc == 77 ? 77 : 1;
	}
	path = xasprintf("%s/env", srv.dir);
	if (file_read(path, 65536, &env, &len, &cause) != 0) {
		fprintf(stderr, "%s\n", cause);
		return 1;
	}
	srv.smtp = env_port(env, "SMTP_PORT");
	srv.submission = env_port(env, "SUBMISSION_PORT");
	srv.smtps = env_port(env, "SMTPS_PORT");
	srv.plain = env_port(env, "PLAIN_PORT");
	srv.ca = env_value(env, "CA_FILE");
	srv.wrong_ca = env_value(env, "WRONG_CA_FILE");
	srv.mail = env_value(env, "MAIL_DIR");
	srv.user = env_value(env, "SMTP_USER");
	srv.pwfile = env_value(env, "SMTP_PASSWORD_FILE");
	free(env);
	free(path);
	return 0;
}

static void
server_stop(void)
{
	run_script("stop");
	sfx_rmtree(srv.dir);
	free(srv.dir);
	free(srv.ca);
	free(srv.wrong_ca);
	free(srv.mail);
	free(srv.user);
	free(srv.pwfile);
}

/* mail/BOX/Maildir/new, owned by the caller; emptied when clear is set. */
static char *
inbox(const char *box, int clear)
{
	char	*dir = xasprintf("%s/%s/Maildir/new", srv.mail, box);

	if (clear)
		sfx_clear(dir);
	return dir;
}

static struct sender *
open_sender(const char *scheme, int port, enum send_tls tls,
    const char *ca, const char *user, const char *pwfile)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	char			*cause = NULL;

	cf.url = xasprintf("%s://127.0.0.1:%d/navarch.example.org", scheme,
	    port);
	cf.from = FROM;
	cf.user = user;
	cf.password_file = pwfile;
	cf.ca_file = ca;
	cf.tls = tls;
	cf.connect_timeout_ms = 5000;
	cf.timeout_ms = 30000;
	if (send_open(&cf, &s, &cause) != SEND_OK)
		fail_msg("send_open: %s", cause);
	free((char *)cf.url);
	return s;
}

static const char svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\">"
    "<circle r=\"3\"/></svg>\n";

/* A report as the daemon builds it (owned by the caller). */
static char *
report(const char *to, const char *unique)
{
	struct compose_attachment	 map = { "map.svg", "image/svg+xml",
	    svg, sizeof svg - 1 };
	struct compose_msg		 m = { 0 };
	char				*subject, *mid, *out, *cause = NULL;

	subject = compose_report_subject("g12", 3);
	if (compose_message_id("g12", 3, "report", unique,
	    "navarch.example.org", &mid, &cause) != 0)
		fail_msg("%s", cause);
	m.from = "Navarch <" FROM ">";
	m.to = to;
	m.subject = subject;
	m.date = INT64_C(1717272000);
	m.message_id = mid;
	m.body = "Turn 3: la trirème «Nikē» rame.\n.\n..leading dots stay\n"
	    "A line long enough to need a soft break in quoted-printable "
	    "encoding, surely.\n";
	m.attachments = &map;
	m.nattachments = 1;
	if (compose_build(&m, &out, NULL, &cause) != 0)
		fail_msg("%s", cause);
	free(subject);
	free(mid);
	return out;
}

/* Sends msg and expects code; returns the cause (owned by the caller). */
static char *
send_expect(struct sender *s, const char *rcpt, const char *msg, int want)
{
	char	*cause = NULL;
	int	 rc;

	rc = send_message(s, rcpt, msg, strlen(msg), &cause);
	if (rc != want)
		fail_msg("to %s: %s, expected %s: %s", rcpt, send_code_name(rc),
		    send_code_name(want), cause != NULL ? cause : "");
	if (want == SEND_OK)
		assert_null(cause);
	else
		assert_non_null(cause);
	return cause;
}

/* The one message in box: its body is msg's body with LF line ends, byte
 * for byte, and its Message-ID header is msg's. */
static void
expect_delivered(const char *box, const char *msg)
{
	char		*dir = inbox(box, 0), *got, *want;
	const char	*mid;
	size_t		 len;

	got = sfx_only_file(dir, WAIT_MS, &len);
	want = sfx_lf(msg);
	assert_string_equal(sfx_body(got), sfx_body(want));
	mid = strstr(want, "Message-ID: ");
	assert_non_null(mid);
	*strchr(mid, '\n') = '\0';
	assert_true(sfx_has_header(got, mid));
	assert_true(sfx_has_header(got, "Auto-Submitted: auto-generated"));
	free(want);
	free(got);
	free(dir);
}

static void
test_starttls(void **state)
{
	struct sender	*s;
	char		*msg = report("Athens <a@example.org>", "athens"), *dir;

	dir = inbox("a", 1);
	s = open_sender("smtp", srv.smtp, SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	send_expect(s, "a@example.org", msg, SEND_OK);
	expect_delivered("a", msg);
	send_close(s);
	free(dir);
	free(msg);
}

static void
test_smtps(void **state)
{
	struct sender	*s;
	char		*msg = report("b@example.org", "sparta"), *dir;

	dir = inbox("b", 1);
	s = open_sender("smtps", srv.smtps, SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	send_expect(s, "b@example.org", msg, SEND_OK);
	expect_delivered("b", msg);
	send_close(s);
	free(dir);
	free(msg);
}

static void
test_auth(void **state)
{
	struct sender	*s;
	char		*msg = report("a@example.org", "auth"), *dir, *cause;
	char		*bad = xasprintf("%s/wrong-password", srv.dir);
	FILE		*f;

	dir = inbox("a", 1);
	s = open_sender("smtp", srv.submission, SEND_TLS_REQUIRED, srv.ca,
	    srv.user, srv.pwfile);
	send_expect(s, "a@example.org", msg, SEND_OK);
	expect_delivered("a", msg);
	send_close(s);

	/* Wrong password: 535, permanent. */
	assert_non_null(f = fopen(bad, "w"));
	fputs("not-the-password\n", f);
	fclose(f);
	s = open_sender("smtp", srv.submission, SEND_TLS_REQUIRED, srv.ca,
	    srv.user, bad);
	cause = send_expect(s, "a@example.org", msg, SEND_PERM);
	assert_non_null(strstr(cause, "535"));
	assert_null(strstr(cause, "not-the-password"));
	free(cause);
	send_close(s);

	/* No AUTH where the server requires it: refused, permanent. */
	s = open_sender("smtp", srv.submission, SEND_TLS_REQUIRED, srv.ca,
	    NULL, NULL);
	cause = send_expect(s, "a@example.org", msg, SEND_PERM);
	assert_non_null(strstr(cause, "the server said \"5"));
	free(cause);
	send_close(s);
	assert_int_equal(sfx_count(dir), 1);
	free(bad);
	free(dir);
	free(msg);
}

static void
test_certificates(void **state)
{
	static const struct { const char *scheme; int tls; } how[] = {
		{ "smtp", SEND_TLS_REQUIRED }, { "smtp", SEND_TLS_OPTIONAL },
		{ "smtps", SEND_TLS_REQUIRED },
	};
	struct sender	*s;
	char		*msg = report("a@example.org", "cert"), *dir, *cause;
	size_t		 i, j;

	dir = inbox("a", 1);
	for (i = 0; i < sizeof how / sizeof how[0]; i++)
		for (j = 0; j < 2; j++) {
			/* j = 0: an unrelated CA; j = 1: the system's CAs. */
			s = open_sender(how[i].scheme, how[i].scheme[4] ==
			    's' ? srv.smtps : srv.submission, how[i].tls,
			    j == 0 ? srv.wrong_ca : NULL, srv.user,
			    srv.pwfile);
			cause = send_expect(s, "a@example.org", msg,
			    SEND_PERM);
			if (strstr(cause, "certificate could not be verified")
			    == NULL)
				fail_msg("%s", cause);
			free(cause);
			send_close(s);
		}
	assert_int_equal(sfx_count(dir), 0);
	free(dir);
	free(msg);
}

/* A server without STARTTLS that offers AUTH in clear: tls = required
 * stops before AUTH; tls = off sends (no credentials given). */
static void
test_no_starttls(void **state)
{
	struct sender	*s;
	char		*msg = report("b@example.org", "plain"), *dir, *cause;

	dir = inbox("b", 1);
	s = open_sender("smtp", srv.plain, SEND_TLS_REQUIRED, srv.ca,
	    srv.user, srv.pwfile);
	cause = send_expect(s, "b@example.org", msg, SEND_PERM);
	assert_non_null(strstr(cause, "does not offer STARTTLS"));
	free(cause);
	send_close(s);
	assert_int_equal(sfx_count(dir), 0);

	s = open_sender("smtp", srv.plain, SEND_TLS_OFF, NULL, NULL, NULL);
	send_expect(s, "b@example.org", msg, SEND_OK);
	expect_delivered("b", msg);
	send_close(s);
	free(dir);
	free(msg);
}

static void
test_rejected_recipient(void **state)
{
	struct sender	*s;
	char		*msg = report("zz@example.org", "zz"), *cause;

	s = open_sender("smtp", srv.smtp, SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	cause = send_expect(s, "zz@example.org", msg, SEND_PERM);
	if (strstr(cause, "550 5.1.1 <zz@example.org>: Recipient address "
	    "rejected") == NULL)
		fail_msg("%s", cause);
	free(cause);
	/* The same connection still works afterwards. */
	free(inbox("a", 1));
	send_expect(s, "a@example.org", msg, SEND_OK);
	send_close(s);
	free(inbox("a", 1));
	free(msg);
}

/* A port nobody listens on. */
static int
dead_port(void)
{
	struct sockaddr_in	sin = { 0 };
	socklen_t		len = sizeof sin;
	int			fd, port;

	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true((fd = socket(AF_INET, SOCK_STREAM, 0)) >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sin, sizeof sin), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sin, &len), 0);
	port = ntohs(sin.sin_port);
	close(fd);
	return port;
}

static void
test_nothing_listening(void **state)
{
	struct timespec	 a, b;
	struct sender	*s;
	char		*msg = report("a@example.org", "dead"), *cause;

	s = open_sender("smtp", dead_port(), SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	clock_gettime(CLOCK_MONOTONIC, &a);
	cause = send_expect(s, "a@example.org", msg, SEND_TEMP);
	clock_gettime(CLOCK_MONOTONIC, &b);
	assert_true(b.tv_sec - a.tv_sec < 3);
	assert_non_null(strstr(cause, "not sent"));
	free(cause);
	send_close(s);
	free(msg);
}

static void
test_drain(void **state)
{
	struct outbox_stats	 st;
	struct sender		*s;
	struct store		*db;
	const char		*status;
	char			*dir, *msgs[3], *cause = NULL, *err, *adir;
	int64_t			 ids[3], id, next;
	int			 attempts;

	dir = sfx_tempdir("nvdrain");
	db = sfx_store(dir);
	msgs[0] = report("a@example.org", "d1");
	msgs[1] = report("zz@example.org", "d2");
	msgs[2] = report("b@example.org", "d3");
	ids[0] = sfx_queue(db, "<d1@h>", "a@example.org", msgs[0], 10);
	ids[1] = sfx_queue(db, "<d2@h>", "zz@example.org", msgs[1], 11);
	ids[2] = sfx_queue(db, "<d3@h>", "b@example.org", msgs[2], 12);
	adir = inbox("a", 1);
	free(inbox("b", 1));

	s = open_sender("smtp", srv.smtp, SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	if (outbox_drain(db, s, 100, NULL, &st, &cause) != STORE_OK)
		fail_msg("%s", cause);
	send_close(s);
	assert_int_equal(st.sent, 2);
	assert_int_equal(st.failed, 1);
	assert_int_equal(st.retry, 0);
	sfx_row(db, ids[0], &status, &attempts, &next, NULL);
	assert_string_equal(status, "sent");
	sfx_row(db, ids[1], &status, &attempts, &next, &err);
	assert_string_equal(status, "failed");
	assert_non_null(strstr(err, "550"));
	free(err);
	sfx_row(db, ids[2], &status, &attempts, &next, NULL);
	assert_string_equal(status, "sent");
	expect_delivered("a", msgs[0]);
	expect_delivered("b", msgs[2]);

	/* The server is gone: retried after one minute. */
	id = sfx_queue(db, "<d4@h>", "a@example.org", msgs[0], 20);
	s = open_sender("smtp", dead_port(), SEND_TLS_REQUIRED, srv.ca, NULL,
	    NULL);
	if (outbox_drain(db, s, 200, NULL, &st, &cause) != STORE_OK)
		fail_msg("%s", cause);
	send_close(s);
	assert_int_equal(st.retry, 1);
	sfx_row(db, id, &status, &attempts, &next, NULL);
	assert_string_equal(status, "queued");
	assert_int_equal(attempts, 1);
	assert_int_equal(next, 260);

	store_close(db);
	sfx_rmtree(dir);
	free(dir);
	free(adir);
	free(msgs[0]);
	free(msgs[1]);
	free(msgs[2]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starttls),
		cmocka_unit_test(test_smtps),
		cmocka_unit_test(test_auth),
		cmocka_unit_test(test_certificates),
		cmocka_unit_test(test_no_starttls),
		cmocka_unit_test(test_rejected_recipient),
		cmocka_unit_test(test_nothing_listening),
		cmocka_unit_test(test_drain),
	};
	int	rc;

	if ((rc = server_start()) != 0)
		return rc;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	server_stop();
	return rc;
}
