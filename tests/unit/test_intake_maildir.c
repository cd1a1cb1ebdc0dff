/* test_intake_maildir.c: the maildir: driver on temporary Maildirs (what
 * is offered, in which order, what commit and abort leave behind), the
 * stdin: driver on pipes, and intake_open's refusals that need no server. */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
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
#include "intake.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define MAXF	 10
#define LIMIT	 1000	/* max_size in these tests */

/* A file to put in the Maildir.  kind: "msg" (a small message whose
 * content names the file), "big" (LIMIT + 1 bytes), "link" (a symbolic
 * link to a message outside the Maildir), "fifo", "dir". */
struct fspec {
	const char	*path;	/* "new/NAME" or "cur/NAME" */
	const char	*kind;
};

struct md_case {
	const char	*name;
	struct fspec	 files[MAXF];
	const char	*vanish;	/* removed after open, before next */
	const char	*vanish_commit;	/* removed after next, before commit */
	const char	*action;	/* "commit", "abort" or "quarantine"
					   every message */
	const char	*offered[MAXF];	/* "STATUS handle", in order */
	const char	*after[MAXF];	/* new/ and cur/ afterwards, sorted */
	const char	*again[MAXF];	/* offered by a second open */
};

static const struct md_case md_cases[] = {
	{ "order by unique name across new and cur",
	  { { "new/1003.c", "msg" }, { "new/1001.a", "msg" },
	    { "cur/1002.b:2,", "msg" }, { "new/1000.z", "msg" } },
	  NULL, NULL, "abort",
	  { "ok new/1000.z", "ok new/1001.a", "ok cur/1002.b:2,",
	    "ok new/1003.c" },
	  { "cur/1002.b:2,", "new/1000.z", "new/1001.a", "new/1003.c" },
	  { "ok new/1000.z", "ok new/1001.a", "ok cur/1002.b:2,",
	    "ok new/1003.c" } },
	{ "commit moves to cur with S, keeping other flags sorted",
	  { { "new/1.a", "msg" }, { "cur/2.b:2,F", "msg" },
	    { "cur/3.c:2,RF", "msg" } },
	  NULL, NULL, "commit",
	  { "ok new/1.a", "ok cur/2.b:2,F", "ok cur/3.c:2,RF" },
	  { "cur/1.a:2,S", "cur/2.b:2,FS", "cur/3.c:2,FRS" },
	  { NULL } },
	{ "seen, trashed and dot files are not offered",
	  { { "cur/1.a:2,S", "msg" }, { "cur/2.b:2,T", "msg" },
	    { "new/.3.c", "msg" }, { "cur/4.d:2,FS", "msg" },
	    { "new/5.e", "msg" } },
	  NULL, NULL, "commit",
	  { "ok new/5.e" },
	  { "cur/1.a:2,S", "cur/2.b:2,T", "cur/4.d:2,FS", "cur/5.e:2,S",
	    "new/.3.c" },
	  { NULL } },
	{ "abort leaves the message where it was",
	  { { "new/1.a", "msg" }, { "cur/2.b:2,", "msg" } },
	  NULL, NULL, "abort",
	  { "ok new/1.a", "ok cur/2.b:2," },
	  { "cur/2.b:2,", "new/1.a" },
	  { "ok new/1.a", "ok cur/2.b:2," } },
	{ "a file that vanished before it was read is skipped",
	  { { "new/1.a", "msg" }, { "new/2.b", "msg" }, { "new/3.c", "msg" } },
	  "new/2.b", NULL, "commit",
	  { "ok new/1.a", "ok new/3.c" },
	  { "cur/1.a:2,S", "cur/3.c:2,S" },
	  { NULL } },
	{ "a file that vanished before commit is no error",
	  { { "new/1.a", "msg" }, { "new/2.b", "msg" } },
	  NULL, "new/1.a", "commit",
	  { "ok new/1.a", "ok new/2.b" },
	  { "cur/2.b:2,S" },
	  { NULL } },
	{ "oversize is rejected, then set aside by commit",
	  { { "new/1.a", "big" }, { "new/2.b", "msg" } },
	  NULL, NULL, "commit",
	  { "rejected new/1.a", "ok new/2.b" },
	  { "cur/1.a:2,S", "cur/2.b:2,S" },
	  { NULL } },
	{ "oversize rejected and aborted is offered again",
	  { { "new/1.a", "big" } },
	  NULL, NULL, "abort",
	  { "rejected new/1.a" },
	  { "new/1.a" },
	  { "rejected new/1.a" } },
	{ "symbolic links, fifos and directories are rejected",
	  { { "new/1.a", "link" }, { "new/2.b", "fifo" },
	    { "new/3.c", "dir" }, { "new/4.d", "msg" } },
	  NULL, NULL, "abort",
	  { "rejected new/1.a", "rejected new/2.b", "rejected new/3.c",
	    "ok new/4.d" },
	  { "new/1.a", "new/2.b", "new/3.c", "new/4.d" },
	  { "rejected new/1.a", "rejected new/2.b", "rejected new/3.c",
	    "ok new/4.d" } },
	{ "quarantine moves to .Quarantine/new, unread, for good",
	  { { "new/1.a", "msg" }, { "cur/2.b:2,F", "msg" },
	    { "new/3.c", "big" }, { "new/4.d", "link" } },
	  NULL, NULL, "quarantine",
	  { "ok new/1.a", "ok cur/2.b:2,F", "rejected new/3.c",
	    "rejected new/4.d" },
	  { "Q/new/1.a", "Q/new/2.b", "Q/new/3.c", "Q/new/4.d" },
	  { NULL } },
	{ "a file that vanished before quarantine is no error",
	  { { "new/1.a", "msg" }, { "new/2.b", "msg" } },
	  NULL, "new/1.a", "quarantine",
	  { "ok new/1.a", "ok new/2.b" },
	  { "Q/new/2.b" },
	  { NULL } },
	{ "an empty Maildir offers nothing",
	  { { NULL, NULL } },
	  NULL, NULL, "commit",
	  { NULL }, { NULL }, { NULL } },
};

static char *
content_of(const char *path)
{
	return xasprintf("From: p@example.org\nSubject: %s\n\norders\n", path);
}

static char *
make_temp(void)
{
	char	tmpl[] = "/tmp/nv-intake-XXXXXX", *dir;

	if ((dir = mkdtemp(tmpl)) == NULL)
		fail_msg("mkdtemp failed");
	return xstrdup(dir);
}

static void
write_file(const char *path, const char *data, size_t len)
{
	FILE	*f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static char *
make_maildir(const char *top, const struct fspec *files)
{
	char	*md = xasprintf("%s/Maildir", top), *p, *c, *big;
	size_t	 i;

	assert_int_equal(mkdir(md, 0700), 0);
	for (i = 0; i < 3; i++) {
		p = xasprintf("%s/%s", md, (const char *[]){ "new", "cur",
		    "tmp" }[i]);
		assert_int_equal(mkdir(p, 0700), 0);
		free(p);
	}
	for (i = 0; i < MAXF && files[i].path != NULL; i++) {
		p = xasprintf("%s/%s", md, files[i].path);
		c = content_of(files[i].path);
		if (strcmp(files[i].kind, "msg") == 0)
			write_file(p, c, strlen(c));
		else if (strcmp(files[i].kind, "big") == 0) {
			big = xcalloc(1, LIMIT + 2);
			memset(big, 'x', LIMIT + 1);
			write_file(p, big, LIMIT + 1);
			free(big);
		} else if (strcmp(files[i].kind, "link") == 0) {
			free(c);
			c = xasprintf("%s/outside", top);
			write_file(c, "Subject: x\n\n", 12);
			assert_int_equal(symlink(c, p), 0);
		} else if (strcmp(files[i].kind, "fifo") == 0)
			assert_int_equal(mkfifo(p, 0600), 0);
		else if (strcmp(files[i].kind, "dir") == 0)
			assert_int_equal(mkdir(p, 0700), 0);
		else
			fail_msg("bad kind %s", files[i].kind);
		free(c);
		free(p);
	}
	return md;
}

static int
strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "new/NAME" and "cur/NAME" of every entry, sorted, in *names, and
 * "Q/new/NAME", "Q/cur/NAME" of the quarantine folder's. */
static size_t
list_maildir(const char *md, char **names, size_t max)
{
	const char	*subs[] = { "new", "cur", ".Quarantine/new",
			    ".Quarantine/cur" };
	const char	*shown[] = { "new", "cur", "Q/new", "Q/cur" };
	DIR		*d;
	struct dirent	*de;
	char		*p;
	size_t		 n = 0, i;

	for (i = 0; i < NELEM(subs); i++) {
		p = xasprintf("%s/%s", md, subs[i]);
		if (i >= 2 && access(p, F_OK) != 0) {
			free(p);
			continue;
		}
		assert_non_null(d = opendir(p));
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			assert_true(n < max);
			names[n++] = xasprintf("%s/%s", shown[i], de->d_name);
		}
		closedir(d);
		free(p);
	}
	qsort(names, n, sizeof *names, strp_cmp);
	return n;
}

static void
remove_tree(const char *top)
{
	char	*cmd = xasprintf("rm -rf '%s'", top);

	assert_int_equal(system(cmd), 0);
	free(cmd);
}

static void
check_list(const char *what, const char *const *expect, char **got,
    size_t ngot)
{
	size_t	i, nexp = 0;

	while (nexp < MAXF && expect[nexp] != NULL)
		nexp++;
	for (i = 0; i < ngot || i < nexp; i++) {
		if (i >= ngot || i >= nexp || strcmp(got[i], expect[i]) != 0)
			fail_msg("%s [%zu]: expected '%s', got '%s'", what, i,
			    i < nexp ? expect[i] : "(nothing)",
			    i < ngot ? got[i] : "(nothing)");
	}
}

/* Opens md, takes every message, does `action` to each; returns what was
 * offered as "STATUS handle" strings. */
static size_t
poll_once(const char *md, const struct md_case *tc, int first, char **got)
{
	struct intake_config	 conf = { .max_size = LIMIT };
	struct intake		*in;
	struct intake_msg	*m;
	char			*url, *cause = NULL, *p, *want;
	size_t			 n = 0;
	int			 r;

	url = xasprintf("maildir:%s", md);
	r = intake_open(url, &conf, &in, &cause);
	if (r != INTAKE_OK)
		fail_msg("%s: open: %s", tc->name, cause);
	if (first && tc->vanish != NULL) {
		p = xasprintf("%s/%s", md, tc->vanish);
		assert_int_equal(unlink(p), 0);
		free(p);
	}
	while ((r = intake_next(in, &m, &cause)) != INTAKE_DONE) {
		assert_true(r == INTAKE_OK || r == INTAKE_REJECT);
		assert_non_null(m);
		assert_true(n < MAXF);
		got[n++] = xasprintf("%s %s", intake_status_name(r),
		    m->handle);
		if (r == INTAKE_OK) {
			assert_null(cause);
			want = content_of(m->handle);
			assert_int_equal(m->len, strlen(want));
			assert_string_equal(m->raw, want);
			free(want);
		} else {
			assert_null(m->raw);
			assert_non_null(cause);
			assert_non_null(strstr(cause, m->handle));
			free(cause);
		}
		assert_int_equal(m->uid, 0);
		assert_non_null(strstr(m->where, md));
		if (first && tc->vanish_commit != NULL &&
		    strcmp(m->handle, tc->vanish_commit) == 0) {
			p = xasprintf("%s/%s", md, m->handle);
			assert_int_equal(unlink(p), 0);
			free(p);
		}
		if (strcmp(tc->action, "commit") == 0)
			r = intake_commit(in, m, &cause);
		else if (strcmp(tc->action, "quarantine") == 0)
			r = intake_quarantine(in, m, &cause);
		else
			r = intake_abort(in, m, &cause);
		if (r != INTAKE_OK)
			fail_msg("%s: %s %s: %s", tc->name, tc->action,
			    m->handle, cause);
		intake_msg_free(m);
	}
	intake_close(in);
	free(url);
	return n;
}

static void
free_strs(char **v, size_t n)
{
	while (n > 0)
		free(v[--n]);
}

static void
test_maildir_cases(void **state)
{
	const struct md_case	*tc;
	char			*top, *md, *got[MAXF * 2];
	size_t			 i, n;

	for (i = 0; i < NELEM(md_cases); i++) {
		tc = &md_cases[i];
		top = make_temp();
		md = make_maildir(top, tc->files);

		n = poll_once(md, tc, 1, got);
		check_list(tc->name, tc->offered, got, n);
		free_strs(got, n);

		n = list_maildir(md, got, NELEM(got));
		check_list(tc->name, tc->after, got, n);
		free_strs(got, n);

		n = poll_once(md, tc, 0, got);
		check_list(tc->name, tc->again, got, n);
		free_strs(got, n);

		remove_tree(top);
		free(md);
		free(top);
	}
}

/* intake_open refusals: every one PERM, with a cause naming the problem.
 * None of them needs a server: they are refused before connecting. */
struct open_case {
	const char	*url;		/* "%s" is replaced by a temp dir */
	const char	*user;
	int		 password;	/* write a password file */
	const char	*ca_file;
	const char	*processed;
	enum intake_tls	 tls;
	const char	*cause;		/* a substring of the cause */
};

static const struct open_case open_cases[] = {
	{ "", NULL, 0, NULL, NULL, 0, "no mailbox given" },
	{ "pop3://host/INBOX", NULL, 0, NULL, NULL, 0, "unknown scheme" },
	{ "/var/mail/x", NULL, 0, NULL, NULL, 0, "unknown scheme" },
	{ "maildir:", NULL, 0, NULL, NULL, 0, "names no directory" },
	{ "maildir:%s/none", NULL, 0, NULL, NULL, 0,
	  "/none: no such Maildir" },
	{ "maildir:%s/file", NULL, 0, NULL, NULL, 0, "is not a directory" },
	{ "maildir:%s/empty", NULL, 0, NULL, NULL, 0,
	  "is not a Maildir: %s/empty/new is missing" },
	{ "stdin:x", NULL, 0, NULL, NULL, 0, "takes nothing after" },
	{ "imap://", "u", 1, NULL, NULL, 0, "not a valid URL" },
	{ "imap://u:hunter2@127.0.0.1/INBOX", "u", 1, NULL, NULL, 0,
	  "mailbox 'imap://...@127.0.0.1/INBOX' must not contain a user name" },
	{ "imaps://u:hunter2@@x@[::1]:993/INBOX", "u", 1, NULL, NULL, 0,
	  "'imaps://...@[::1]:993/INBOX'" },
	{ "pop3://u:hunter2@mail.example.org/", NULL, 0, NULL, NULL, 0,
	  "mailbox 'pop3://...@mail.example.org/': unknown scheme" },
	{ "imap://127.0.0.1/INBOX?x", "u", 1, NULL, NULL, 0, "a query" },
	{ "imap://127.0.0.1/INBOX;UID=1", "u", 1, NULL, NULL, 0,
	  "parameters" },
	{ "imap://mail.example.org/INBOX", "u", 1, NULL, NULL, INTAKE_TLS_OFF,
	  "tls = off is only allowed for a loopback server" },
	{ "imap://127.0.0.1/INBOX", NULL, 1, NULL, NULL, 0,
	  "needs mailbox_user and mailbox_password_file" },
	{ "imap://127.0.0.1/INBOX", "u", 0, NULL, NULL, 0,
	  "needs mailbox_user and mailbox_password_file" },
	{ "imaps://127.0.0.1/INBOX", "u", 1, "%s/no-ca.pem", NULL, 0,
	  "ca_file: %s/no-ca.pem: No such file" },
	{ "imap://127.0.0.1/INBOX", "u", 1, NULL, "Verarbeitet\xc3\xa4", 0,
	  "only printable ASCII" },
	{ "imap://127.0.0.1/INBOX", "u", 1, NULL, "", 0,
	  "folder name is empty" },
};

/* s with every "%s" replaced by dir. */
static char *
subst(const char *s, const char *dir)
{
	struct buf	 b = BUF_INIT;
	const char	*p;

	for (p = s; *p != '\0'; p++) {
		if (p[0] == '%' && p[1] == 's') {
			buf_adds(&b, dir);
			p++;
		} else
			buf_addc(&b, *p);
	}
	return buf_detach(&b);
}

static void
test_open_errors(void **state)
{
	const struct open_case	*tc;
	struct intake_config	 conf;
	struct intake		*in;
	char			*top, *url, *pwfile, *ca, *want, *cause, *p;
	size_t			 i;
	int			 r;

	top = make_temp();
	p = xasprintf("%s/file", top);
	write_file(p, "x", 1);
	free(p);
	p = xasprintf("%s/empty", top);
	assert_int_equal(mkdir(p, 0700), 0);
	free(p);
	pwfile = xasprintf("%s/password", top);
	write_file(pwfile, "secret\n", 7);
	for (i = 0; i < NELEM(open_cases); i++) {
		tc = &open_cases[i];
		memset(&conf, 0, sizeof conf);
		url = subst(tc->url, top);
		ca = tc->ca_file != NULL ? subst(tc->ca_file, top) : NULL;
		conf.user = tc->user;
		conf.password_file = tc->password ? pwfile : NULL;
		conf.ca_file = ca;
		conf.processed = tc->processed;
		conf.tls = tc->tls;
		in = NULL;
		cause = NULL;
		r = intake_open(url, &conf, &in, &cause);
		if (r != INTAKE_PERM)
			fail_msg("%s: expected permanent, got %s", url,
			    intake_status_name(r));
		assert_null(in);
		want = subst(tc->cause, top);
		if (cause == NULL || strstr(cause, want) == NULL)
			fail_msg("%s: expected a cause with '%s', got '%s'",
			    url, want, cause != NULL ? cause : "(none)");
		/* No password ever shows, from the file or the URL. */
		assert_null(strstr(cause, "secret"));
		assert_null(strstr(cause, "hunter2"));
		free(want);
		free(cause);
		free(url);
		free(ca);
	}
	free(pwfile);
	remove_tree(top);
	free(top);
}

/* stdin: reads the descriptor once, up to the limit. */
struct stdin_case {
	size_t		 len;		/* bytes written to the pipe */
	int		 status;	/* of the first intake_next */
};

static const struct stdin_case stdin_cases[] = {
	{ 0, INTAKE_OK },
	{ 200, INTAKE_OK },
	{ LIMIT, INTAKE_OK },
	{ LIMIT + 1, INTAKE_REJECT },
	{ 3 * LIMIT, INTAKE_REJECT },
};

static void
test_stdin(void **state)
{
	const struct stdin_case	*tc;
	struct intake_config	 conf = { .max_size = LIMIT };
	struct intake		*in;
	struct intake_msg	*m;
	char			*data, *cause = NULL;
	size_t			 i, j;
	int			 fds[2], r;

	for (i = 0; i < NELEM(stdin_cases); i++) {
		tc = &stdin_cases[i];
		data = xmalloc(tc->len + 1);
		for (j = 0; j < tc->len; j++)
			data[j] = (char)('a' + j % 26);
		assert_int_equal(pipe(fds), 0);
		/* Under 64 KiB: the pipe holds it all. */
		assert_int_equal(write(fds[1], data, tc->len),
		    (ssize_t)tc->len);
		close(fds[1]);
		conf.fd = fds[0];
		assert_int_equal(intake_open("stdin:", &conf, &in, &cause),
		    INTAKE_OK);
		r = intake_next(in, &m, &cause);
		assert_int_equal(r, tc->status);
		assert_non_null(m);
		assert_string_equal(m->handle, "-");
		if (r == INTAKE_OK) {
			assert_null(cause);
			assert_int_equal(m->len, tc->len);
			assert_memory_equal(m->raw, data, tc->len);
			assert_int_equal(m->raw[m->len], '\0');
		} else {
			assert_null(m->raw);
			assert_non_null(strstr(cause, "over the limit"));
			free(cause);
		}
		assert_int_equal(intake_commit(in, m, &cause), INTAKE_OK);
		assert_int_equal(intake_abort(in, m, &cause), INTAKE_OK);
		intake_msg_free(m);
		assert_int_equal(intake_next(in, &m, &cause), INTAKE_DONE);
		assert_null(m);
		intake_close(in);
		close(fds[0]);
		free(data);
	}
}

/* intake_commit_list on a driver without a list operation: one commit a
 * message, in order, stopping at the first that fails,
 * with *done saying how many were marked before it. */
static void
test_commit_list(void **state)
{
	static const char *const after[] = { "cur/1.a:2,S", "cur/2.b:2,S",
	    "cur/3.c:2,S", "new/3.c", "new/4.d", NULL };
	struct intake_config	 conf = { .max_size = LIMIT };
	struct intake		*in;
	struct intake_msg	*m[4];
	char			*top, *md, *url, *path, *cause = NULL,
				*got[MAXF];
	size_t			 i, n, done;

	(void)state;
	top = make_temp();
	md = make_maildir(top, (const struct fspec[]){ { "new/1.a", "msg" },
	    { "new/2.b", "msg" }, { "new/3.c", "msg" }, { "new/4.d", "msg" },
	    { NULL, NULL } });
	url = xasprintf("maildir:%s", md);
	assert_int_equal(intake_open(url, &conf, &in, &cause), INTAKE_OK);
	for (i = 0; i < 4; i++)
		assert_int_equal(intake_next(in, &m[i], &cause), INTAKE_OK);
	/* A directory where 3.c would go: rename(2) refuses (EISDIR). */
	path = xasprintf("%s/cur/3.c:2,S", md);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_not_equal(intake_commit_list(in, m, 4, &done, &cause),
	    INTAKE_OK);
	assert_int_equal(done, 2);
	assert_non_null(cause);
	free(cause);
	/* The one after the failure is left to the caller: committed alone. */
	assert_int_equal(intake_commit_list(in, &m[3], 0, &done, &cause),
	    INTAKE_OK);
	assert_int_equal(done, 0);
	intake_close(in);
	n = list_maildir(md, got, MAXF);
	check_list("after", after, got, n);
	free_strs(got, n);
	for (i = 0; i < 4; i++)
		intake_msg_free(m[i]);
	remove_tree(top);
	free(path);
	free(url);
	free(md);
	free(top);
}

/* The names tables and the tls parser. */
static void
test_names(void **state)
{
	static const struct {
		const char	*word;
		int		 ok;
		enum intake_tls	 tls;
	} tls[] = {
		{ "required", 1, INTAKE_TLS_REQUIRED },
		{ "optional", 1, INTAKE_TLS_OPTIONAL },
		{ "off", 1, INTAKE_TLS_OFF },
		{ "on", 0, 0 }, { "", 0, 0 }, { "Required", 0, 0 },
	};
	enum intake_tls	t;
	size_t		i;

	for (i = 0; i < NELEM(tls); i++) {
		t = INTAKE_TLS_OFF;
		assert_int_equal(intake_tls_parse(tls[i].word, &t),
		    tls[i].ok ? 0 : -1);
		if (tls[i].ok) {
			assert_int_equal(t, tls[i].tls);
			assert_string_equal(intake_tls_name(t), tls[i].word);
		}
	}
	assert_string_equal(intake_status_name(INTAKE_OK), "ok");
	assert_string_equal(intake_status_name(INTAKE_TEMP), "temporary");
	assert_string_equal(intake_status_name(INTAKE_PERM), "permanent");
	assert_string_equal(intake_status_name(-1), "unknown");
	assert_string_equal(intake_status_name(99), "unknown");
}

/* Quarantine folder names: a path component that cannot climb out. */
static void
test_quarantine_names(void **state)
{
	static const struct {
		const char	*name;
		int		 ok;
	} t[] = {
		{ "Quarantine", 1 }, { "Junk.navarch", 1 }, { "q_1-2", 1 },
		{ "", 0 }, { ".", 0 }, { "..", 0 }, { "../x", 0 }, { "a/b", 0 },
		{ ".hidden", 0 }, { "x.", 0 }, { "a..b", 0 }, { "a b", 0 },
		{ "Qu\xc3\xa4", 0 },
		{ "0123456789012345678901234567890123456789012345678901234567890123",
		  1 },
		{ "01234567890123456789012345678901234567890123456789012345678901234",
		  0 },
	};
	struct intake_config	 conf = { .quarantine = "../up" };
	struct intake		*in;
	char			*top, *md, *url, *cause = NULL;
	size_t			 i;

	(void)state;
	for (i = 0; i < NELEM(t); i++)
		if (intake_folder_ok(t[i].name) != t[i].ok)
			fail_msg("'%s': %d", t[i].name, !t[i].ok);
	assert_int_equal(intake_folder_ok(NULL), 0);
	top = make_temp();
	md = make_maildir(top, (const struct fspec[]){ { NULL, NULL } });
	url = xasprintf("maildir:%s", md);
	assert_int_equal(intake_open(url, &conf, &in, &cause), INTAKE_PERM);
	assert_non_null(strstr(cause, "quarantine folder '../up'"));
	free(cause);
	remove_tree(top);
	free(url);
	free(md);
	free(top);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maildir_cases),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_stdin),
		cmocka_unit_test(test_commit_list),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_quarantine_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
