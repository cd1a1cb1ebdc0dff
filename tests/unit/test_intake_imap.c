/* test_intake_imap.c: the imap:/imaps: driver against a real Dovecot.
 *
 * main() starts a private Dovecot on 127.0.0.1 through
 * tests/servers/dovecot.sh (which generates its CA and certificate), runs
 * the tests and stops it.  Messages go in with `doveadm save`; what the
 * driver left behind is checked with `doveadm search`, independently of
 * the driver.  Each test uses its own folders.  Without Dovecot the
 * script exits 77 (skip), or 1 under CI=true, and so does this program. */
#include "config.h"

#include <sys/socket.h>
#include <sys/wait.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <curl/curl.h>

#include "buf.h"
#include "intake.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define SCRIPT	 SERVERS_DIR "/dovecot.sh"
#define MAXM	 8

/* What dovecot.sh start printed. */
static struct {
	char	*dir, *imap_port, *imaps_port, *ca, *other_ca, *user, *pwfile;
	char	*tmp;		/* our own temp dir: wrong password file */
	char	*badpw;
} srv;

static int
sh(const char *cmd)
{
	int	st = system(cmd);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Runs "dovecot.sh doveadm DIR ARGS" and returns its output lines. */
static size_t
doveadm_lines(const char *args)
{
	char	*cmd, line[512];
	FILE	*f;
	size_t	 n = 0;

	cmd = xasprintf("'%s' doveadm '%s' %s", SCRIPT, srv.dir, args);
	assert_non_null(f = popen(cmd, "r"));
	while (fgets(line, sizeof line, f) != NULL)
		n++;
	if (pclose(f) != 0)
		fail_msg("%s failed", cmd);
	free(cmd);
	return n;
}

/* Messages in folder matching an IMAP search query, as Dovecot sees it. */
static size_t
count(const char *folder, const char *query)
{
	char	*args;
	size_t	 n;

	args = xasprintf("search -u '%s' mailbox '%s' %s", srv.user, folder,
	    query);
	n = doveadm_lines(args);
	free(args);
	return n;
}

static char *
message(const char *subject)
{
	return xasprintf("From: player@example.org\nTo: gm@example.org\n"
	    "Subject: %s\nMessage-ID: <%s@test.example.org>\n\nREM %s\n",
	    subject, subject, subject);
}

static void
save(const char *folder, const char *subject)
{
	char	*cmd, *msg = message(subject);
	FILE	*f;

	cmd = xasprintf("'%s' doveadm '%s' mailbox create -u '%s' '%s' "
	    "2>/dev/null", SCRIPT, srv.dir, srv.user, folder);
	(void)sh(cmd);	/* it may exist */
	free(cmd);
	cmd = xasprintf("'%s' save '%s' '%s'", SCRIPT, srv.dir, folder);
	assert_non_null(f = popen(cmd, "w"));
	assert_int_equal(fputs(msg, f) >= 0, 1);
	if (pclose(f) != 0)
		fail_msg("%s failed", cmd);
	free(cmd);
	free(msg);
}

/* A config for the test server: STARTTLS required, verified against the
 * generated CA. */
static struct intake_config
config(void)
{
	struct intake_config	c;

	memset(&c, 0, sizeof c);
	c.user = srv.user;
	c.password_file = srv.pwfile;
	c.ca_file = srv.ca;
	c.tls = INTAKE_TLS_REQUIRED;
	c.connect_timeout_ms = 5000;
	c.timeout_ms = 20000;
	return c;
}

static char *
url_for(const char *scheme, const char *host, const char *folder)
{
	return xasprintf("%s://%s:%s/%s", scheme, host,
	    strcmp(scheme, "imaps") == 0 ? srv.imaps_port : srv.imap_port,
	    folder);
}

/* The raw message without CR (Dovecot serves CRLF, it was saved with LF). */
static char *
uncr(const char *raw, size_t len)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 0; i < len; i++)
		if (raw[i] != '\r')
			buf_addc(&b, raw[i]);
	return buf_detach(&b);
}

/* One poll of folder: every message offered is checked against what was
 * saved (subject[i] for the i-th, in UID order) and then committed,
 * aborted or left ("none").  Returns how many were offered. */
static size_t
poll_folder(const char *folder, const struct intake_config *conf,
    const char *action, const char *const *subjects, unsigned long *uids)
{
	struct intake		*in;
	struct intake_msg	*m;
	char			*url, *cause = NULL, *got, *want;
	size_t			 n = 0;
	int			 r;

	url = url_for("imap", "127.0.0.1", folder);
	r = intake_open(url, conf, &in, &cause);
	if (r != INTAKE_OK)
		fail_msg("open %s: %s: %s", url, intake_status_name(r), cause);
	while ((r = intake_next(in, &m, &cause)) == INTAKE_OK) {
		assert_true(n < MAXM);
		if (subjects == NULL || subjects[n] == NULL)
			fail_msg("%s: unexpected message %s", folder,
			    m->where);
		got = uncr(m->raw, m->len);
		want = message(subjects[n]);
		assert_string_equal(got, want);
		free(got);
		free(want);
		if (n > 0 && uids != NULL)
			assert_true(m->uid > uids[n - 1]);
		if (uids != NULL)
			uids[n] = m->uid;
		assert_non_null(strstr(m->where, folder));
		n++;
		if (strcmp(action, "commit") == 0)
			r = intake_commit(in, m, &cause);
		else if (strcmp(action, "quarantine") == 0)
			r = intake_quarantine(in, m, &cause);
		else if (strcmp(action, "abort") == 0)
			r = intake_abort(in, m, &cause);
		else
			r = INTAKE_OK;
		if (r != INTAKE_OK)
			fail_msg("%s %s: %s", action, m->where, cause);
		intake_msg_free(m);
	}
	if (r != INTAKE_DONE)
		fail_msg("next in %s: %s: %s", folder, intake_status_name(r),
		    cause);
	if (subjects != NULL && subjects[n] != NULL)
		fail_msg("%s: '%s' was not offered", folder, subjects[n]);
	intake_close(in);
	free(url);
	return n;
}

static const char *const three[] = { "m1", "m2", "m3", NULL };
static const char *const two[] = { "a1", "a2", NULL };

/* Unseen mail comes in UID order; commit sets \Seen, so the next poll
 * finds nothing. */
static void
test_fetch_commit(void **state)
{
	struct intake_config	c = config();
	unsigned long		uids[MAXM], again[MAXM];

	save("T1", "m1");
	save("T1", "m2");
	save("T1", "m3");
	assert_int_equal(count("T1", "UNSEEN"), 3);
	assert_int_equal(poll_folder("T1", &c, "commit", three, uids), 3);
	assert_int_equal(count("T1", "SEEN"), 3);
	assert_int_equal(count("T1", "UNSEEN"), 0);
	assert_int_equal(poll_folder("T1", &c, "commit", NULL, again), 0);
	/* New mail after that is found, and only it. */
	save("T1", "m4");
	assert_int_equal(poll_folder("T1", &c, "commit",
	    (const char *const []){ "m4", NULL }, again), 1);
	assert_true(again[0] > uids[2]);
}

/* Abort, and close without either, leave the mail unseen: found again. */
static void
test_abort(void **state)
{
	struct intake_config	c = config();
	unsigned long		u1[MAXM], u2[MAXM], u3[MAXM];

	save("T2", "a1");
	save("T2", "a2");
	assert_int_equal(poll_folder("T2", &c, "abort", two, u1), 2);
	assert_int_equal(count("T2", "UNSEEN"), 2);
	assert_int_equal(poll_folder("T2", &c, "none", two, u2), 2);
	assert_int_equal(count("T2", "UNSEEN"), 2);
	assert_int_equal(poll_folder("T2", &c, "commit", two, u3), 2);
	assert_memory_equal(u1, u2, 2 * sizeof u1[0]);
	assert_memory_equal(u1, u3, 2 * sizeof u1[0]);
	assert_int_equal(count("T2", "UNSEEN"), 0);
}

/* Commit moves to the processed folder (created on first use, a name
 * with a space, so quoted); a second session finds it existing. */
static void
test_move(void **state)
{
	struct intake_config	c = config();

	c.processed = "Done T3";
	save("T3", "p1");
	save("T3", "p2");
	assert_int_equal(poll_folder("T3", &c, "commit",
	    (const char *const []){ "p1", "p2", NULL }, NULL), 2);
	assert_int_equal(count("T3", "ALL"), 0);
	assert_int_equal(count("Done T3", "ALL"), 2);
	assert_int_equal(count("Done T3", "SEEN"), 2);
	save("T3", "p3");
	assert_int_equal(poll_folder("T3", &c, "commit",
	    (const char *const []){ "p3", NULL }, NULL), 1);
	assert_int_equal(count("T3", "ALL"), 0);
	assert_int_equal(count("Done T3", "SEEN"), 3);
	/* Abort with a processed folder moves nothing. */
	save("T3", "p4");
	assert_int_equal(poll_folder("T3", &c, "abort",
	    (const char *const []){ "p4", NULL }, NULL), 1);
	assert_int_equal(count("T3", "UNSEEN"), 1);
	assert_int_equal(count("Done T3", "ALL"), 3);
}

/* Quarantine moves to the quarantine folder (created on first use),
 * flagged \Seen, with or without a processed folder; it is not offered
 * again. */
static void
test_quarantine(void **state)
{
	struct intake_config	c = config();

	save("T7", "q1");
	save("T7", "q2");
	assert_int_equal(poll_folder("T7", &c, "quarantine",
	    (const char *const []){ "q1", "q2", NULL }, NULL), 2);
	assert_int_equal(count("T7", "ALL"), 0);
	assert_int_equal(count("Quarantine", "SEEN"), 2);
	c.processed = "Done T7";
	c.quarantine = "Poison-T7";
	save("T7", "q3");
	assert_int_equal(poll_folder("T7", &c, "quarantine",
	    (const char *const []){ "q3", NULL }, NULL), 1);
	assert_int_equal(count("Poison-T7", "ALL"), 1);
	assert_int_equal(count("Quarantine", "ALL"), 2);
	assert_int_equal(poll_folder("T7", &c, "commit", NULL, NULL), 0);
}

/* Takes every message of folder in one session: m[i] in UID order. */
static size_t
take_all(struct intake *in, struct intake_msg **m)
{
	char	*cause = NULL;
	size_t	 n = 0;
	int	 r;

	while ((r = intake_next(in, &m[n], &cause)) == INTAKE_OK)
		assert_true(++n < MAXM);
	if (r != INTAKE_DONE)
		fail_msg("next: %s: %s", intake_status_name(r), cause);
	return n;
}

/* intake_commit_list: a list with a gap in its UIDs ("a:b,d:e") is
 * flagged and moved in one go, the message left out stays unseen in the
 * folder; a list with one message, and the same list committed again
 * (what the daemon does after a failure), are no harm. */
static void
test_commit_list(void **state)
{
	struct intake_config	 c = config();
	struct intake		*in;
	struct intake_msg	*m[MAXM], *list[MAXM];
	char			*url, *cause = NULL;
	size_t			 n, done, i;

	c.processed = "Done T8";
	for (i = 0; i < 5; i++) {
		url = xasprintf("l%zu", i + 1);
		save("T8", url);
		free(url);
	}
	url = url_for("imap", "127.0.0.1", "T8");
	assert_int_equal(intake_open(url, &c, &in, &cause), INTAKE_OK);
	assert_int_equal(n = take_all(in, m), 5);
	list[0] = m[0];
	list[1] = m[1];
	list[2] = m[3];
	list[3] = m[4];
	assert_int_equal(intake_commit_list(in, list, 4, &done, &cause),
	    INTAKE_OK);
	assert_int_equal(done, 4);
	assert_null(cause);
	assert_int_equal(intake_commit_list(in, list, 4, &done, &cause),
	    INTAKE_OK);
	assert_int_equal(intake_commit(in, list[0], &cause), INTAKE_OK);
	for (i = 0; i < n; i++)
		intake_msg_free(m[i]);
	/* m[2], neither committed nor aborted: closing leaves it unseen. */
	intake_close(in);
	assert_int_equal(count("Done T8", "SEEN"), 4);
	assert_int_equal(count("T8", "UNSEEN"), 1);
	assert_int_equal(count("T8", "ALL"), 1);
	assert_int_equal(intake_open(url, &c, &in, &cause), INTAKE_OK);
	assert_int_equal(n = take_all(in, m), 1);
	assert_non_null(strstr(m[0]->raw, "Subject: l3"));
	assert_int_equal(intake_commit_list(in, m, 1, &done, &cause),
	    INTAKE_OK);
	assert_int_equal(done, 1);
	intake_msg_free(m[0]);
	intake_close(in);
	assert_int_equal(count("T8", "ALL"), 0);
	assert_int_equal(count("Done T8", "SEEN"), 5);
	free(url);
}

/* A message over max_size is REJECT (no content) and the session goes on
 * with the next one; committing the rejected one sets it aside. */
static void
test_oversize(void **state)
{
	struct intake_config	 c = config();
	struct intake		*in;
	struct intake_msg	*m;
	char			*url, *cause = NULL, *big;
	FILE			*f;
	int			 r;

	save("T4", "small1");
	big = xasprintf("'%s' save '%s' T4", SCRIPT, srv.dir);
	assert_non_null(f = popen(big, "w"));
	fputs("Subject: big\n\n", f);
	for (r = 0; r < 2000; r++)
		fputs("0123456789012345678901234567890123456789\n", f);
	assert_int_equal(pclose(f), 0);
	free(big);
	save("T4", "small2");

	c.max_size = 4096;
	url = url_for("imap", "127.0.0.1", "T4");
	assert_int_equal(intake_open(url, &c, &in, &cause), INTAKE_OK);
	assert_int_equal(intake_next(in, &m, &cause), INTAKE_OK);
	assert_non_null(strstr(m->raw, "Subject: small1"));
	assert_int_equal(intake_commit(in, m, &cause), INTAKE_OK);
	intake_msg_free(m);
	assert_int_equal(intake_next(in, &m, &cause), INTAKE_REJECT);
	assert_null(m->raw);
	assert_non_null(strstr(cause, "over the limit of 4096 bytes"));
	free(cause);
	assert_int_equal(intake_commit(in, m, &cause), INTAKE_OK);
	intake_msg_free(m);
	assert_int_equal(intake_next(in, &m, &cause), INTAKE_OK);
	assert_non_null(strstr(m->raw, "Subject: small2"));
	assert_int_equal(intake_commit(in, m, &cause), INTAKE_OK);
	intake_msg_free(m);
	assert_int_equal(intake_next(in, &m, &cause), INTAKE_DONE);
	intake_close(in);
	free(url);
	assert_int_equal(count("T4", "UNSEEN"), 0);
}

/* Connection, TLS and login outcomes, each on its own session. */
struct conn_case {
	const char	*what;
	const char	*scheme;
	const char	*host;
	const char	*folder;
	enum intake_tls	 tls;
	int		 ca;	/* 0: none (system store), 1: ours, 2: other */
	int		 badpw;
	int		 closed;	/* a port nothing listens on */
	int		 status;
	const char	*cause;	/* a substring of the cause */
};

static const struct conn_case conn_cases[] = {
	{ "STARTTLS required, verified", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 0, 0, INTAKE_OK, NULL },
	{ "STARTTLS optional, verified", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_OPTIONAL, 1, 0, 0, INTAKE_OK, NULL },
	{ "imaps, verified", "imaps", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 0, 0, INTAKE_OK, NULL },
	{ "imaps by name, verified", "imaps", "localhost", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 0, 0, INTAKE_OK, NULL },
	{ "tls off on loopback", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_OFF, 0, 0, 0, INTAKE_OK, NULL },
	{ "no folder means INBOX", "imap", "127.0.0.1", "",
	  INTAKE_TLS_REQUIRED, 1, 0, 0, INTAKE_OK, NULL },
	{ "STARTTLS, wrong CA", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 2, 0, 0, INTAKE_PERM,
	  "certificate could not be verified" },
	{ "imaps, wrong CA", "imaps", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 2, 0, 0, INTAKE_PERM,
	  "certificate could not be verified" },
	{ "imaps, system CAs only", "imaps", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 0, 0, 0, INTAKE_PERM,
	  "certificate could not be verified" },
	{ "wrong password", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 1, 0, INTAKE_PERM, "login refused" },
	{ "wrong password, imaps", "imaps", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 1, 0, INTAKE_PERM, "login refused" },
	{ "no such folder", "imap", "127.0.0.1", "NoSuchFolder",
	  INTAKE_TLS_REQUIRED, 1, 0, 0, INTAKE_PERM,
	  "folder cannot be selected" },
	{ "nothing listening", "imap", "127.0.0.1", "INBOX",
	  INTAKE_TLS_REQUIRED, 1, 0, 1, INTAKE_TEMP, "next poll" },
};

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A port on 127.0.0.1 that nothing listens on: one the kernel just gave
 * to a socket that was closed without listening. */
static int
closed_port(void)
{
	struct sockaddr_in	sa;
	socklen_t		len = sizeof sa;
	int			fd;

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true((fd = socket(AF_INET, SOCK_STREAM, 0)) != -1);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	close(fd);
	return ntohs(sa.sin_port);
}

static void
test_connections(void **state)
{
	const struct conn_case	*tc;
	struct intake_config	 c;
	struct intake		*in;
	struct intake_msg	*m;
	char			*url, *cause;
	size_t			 i;
	double			 t0;
	int			 r;

	for (i = 0; i < NELEM(conn_cases); i++) {
		tc = &conn_cases[i];
		c = config();
		c.tls = tc->tls;
		c.ca_file = tc->ca == 1 ? srv.ca : tc->ca == 2 ? srv.other_ca :
		    NULL;
		if (tc->badpw)
			c.password_file = srv.badpw;
		if (tc->closed)
			url = xasprintf("%s://127.0.0.1:%d/%s", tc->scheme,
			    closed_port(), tc->folder);
		else
			url = url_for(tc->scheme, tc->host, tc->folder);
		cause = NULL;
		in = NULL;
		t0 = now();
		r = intake_open(url, &c, &in, &cause);
		if (r != tc->status)
			fail_msg("%s (%s): expected %s, got %s: %s", tc->what,
			    url, intake_status_name(tc->status),
			    intake_status_name(r), cause ? cause : "");
		if (tc->cause != NULL) {
			assert_null(in);
			if (cause == NULL || strstr(cause, tc->cause) == NULL)
				fail_msg("%s: expected a cause with '%s', "
				    "got '%s'", tc->what, tc->cause,
				    cause ? cause : "(none)");
			print_message("%s: %s\n", tc->what, cause);
			/* Neither password is ever shown. */
			assert_null(strstr(cause, "galley-oar-7"));
			assert_null(strstr(cause, "wrong-pw"));
			free(cause);
		} else {
			assert_null(cause);
			/* The session works: INBOX has nothing unseen. */
			assert_int_equal(intake_next(in, &m, &cause),
			    INTAKE_DONE);
			intake_close(in);
		}
		if (tc->closed && now() - t0 > 2.0)
			fail_msg("%s took %.1f s", tc->what, now() - t0);
		free(url);
	}
}

static int
start_server(void)
{
	char	 line[1024], *v;
	FILE	*f;
	int	 st;

	if ((f = popen("'" SCRIPT "' start", "r")) == NULL)
		return 1;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((v = strchr(line, '=')) == NULL)
			continue;
		*v++ = '\0';
		if (strcmp(line, "DOVECOT_DIR") == 0)
			srv.dir = xstrdup(v);
		else if (strcmp(line, "IMAP_PORT") == 0)
			srv.imap_port = xstrdup(v);
		else if (strcmp(line, "IMAPS_PORT") == 0)
			srv.imaps_port = xstrdup(v);
		else if (strcmp(line, "DOVECOT_CA") == 0)
			srv.ca = xstrdup(v);
		else if (strcmp(line, "DOVECOT_OTHER_CA") == 0)
			srv.other_ca = xstrdup(v);
		else if (strcmp(line, "DOVECOT_USER") == 0)
			srv.user = xstrdup(v);
		else if (strcmp(line, "DOVECOT_PASSWORD_FILE") == 0)
			srv.pwfile = xstrdup(v);
	}
	st = pclose(f);
	st = WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	if (st != 0)
		return st;
	if (srv.dir == NULL || srv.imap_port == NULL ||
	    srv.imaps_port == NULL || srv.ca == NULL || srv.other_ca == NULL ||
	    srv.user == NULL || srv.pwfile == NULL) {
		fprintf(stderr, "dovecot.sh start printed too little\n");
		return 1;
	}
	return 0;
}

static void
stop_server(void)
{
	char	*cmd;

	if (srv.dir != NULL) {
		cmd = xasprintf("'%s' stop '%s'", SCRIPT, srv.dir);
		if (sh(cmd) != 0)
			fprintf(stderr, "%s failed\n", cmd);
		free(cmd);
	}
	if (srv.tmp != NULL) {
		cmd = xasprintf("rm -rf '%s'", srv.tmp);
		(void)sh(cmd);
		free(cmd);
	}
	free(srv.dir);
	free(srv.imap_port);
	free(srv.imaps_port);
	free(srv.ca);
	free(srv.other_ca);
	free(srv.user);
	free(srv.pwfile);
	free(srv.tmp);
	free(srv.badpw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fetch_commit),
		cmocka_unit_test(test_abort),
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_quarantine),
		cmocka_unit_test(test_commit_list),
		cmocka_unit_test(test_oversize),
		cmocka_unit_test(test_connections),
	};
	char	 tmpl[] = "/tmp/nv-imap-test-XXXXXX";
	FILE	*f;
	int	 r;

	/* A closed output pipe must not kill us before the server is
	 * stopped. */
	signal(SIGPIPE, SIG_IGN);
	if ((r = start_server()) != 0) {
		stop_server();
		if (r == 77)
			fprintf(stderr, "test_intake_imap: skipped\n");
		return r == 77 ? 77 : 1;
	}
	if (mkdtemp(tmpl) == NULL) {
		stop_server();
		return 1;
	}
	srv.tmp = xstrdup(tmpl);
	srv.badpw = xasprintf("%s/wrong-password", srv.tmp);
	if ((f = fopen(srv.badpw, "w")) == NULL || fputs("wrong-pw\n", f) < 0 ||
	    fclose(f) != 0) {
		stop_server();
		return 1;
	}
	curl_global_init(CURL_GLOBAL_DEFAULT);
	r = cmocka_run_group_tests(tests, NULL, NULL);
	curl_global_cleanup();
	stop_server();
	return r;
}
