/* test_send.c: choosing a driver and the file: driver (a Maildir, never
 * a partial file; durable at its flush, and a flush that fails).  Built
 * twice: test_send_nosyncfs has the file: driver without syncfs(2).
 * The outbox's drain is tested in test_outbox.c. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "fileio.h"
#include "outbox.h"
#include "send.h"
#include "send_fixture.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])
#define FROM	"navarch@navarch.example.org"

/* --- choosing a driver, checking the configuration ------------------- */

struct open_case {
	const char	*url;
	const char	*user;
	const char	*pwfile;	/* relative to the test directory */
	const char	*from;
	int		 want;
	const char	*cause;		/* substring, for SEND_PERM */
};

static const struct open_case open_cases[] = {
	{ "smtp://127.0.0.1:1", NULL, NULL, FROM, SEND_OK, NULL },
	{ "smtps://mail.example.org", NULL, NULL, FROM, SEND_OK, NULL },
	{ "SMTP://mail.example.org:587/navarch.example.org", NULL, NULL,
	  FROM, SEND_OK, NULL },
	{ "smtp://mail.example.org", "navarch", "pw", FROM, SEND_OK, NULL },
	{ "file:MAILDIR", NULL, NULL, FROM, SEND_OK, NULL },
	{ "file://MAILDIR", NULL, NULL, FROM, SEND_OK, NULL },
	{ "gopher://mail.example.org", NULL, NULL, FROM, SEND_PERM,
	  "use smtp://host[:port], smtps://host[:port] or file:" },
	{ "smtp://user:secret@mail.example.org", NULL, NULL, FROM, SEND_PERM,
	  "bad SMTP URL" },
	{ "smtp://mail.example.org/a b", NULL, NULL, FROM, SEND_PERM,
	  "bad SMTP URL" },
	{ "smtp://", NULL, NULL, FROM, SEND_PERM, "bad SMTP URL" },
	{ "smtp://mail.example.org", "navarch", NULL, FROM, SEND_PERM,
	  "smtp_password_file is not" },
	{ "smtp://mail.example.org", "navarch", "missing", FROM, SEND_PERM,
	  "cannot read the SMTP password" },
	{ "smtp://mail.example.org", "navarch", "empty", FROM, SEND_PERM,
	  "is empty" },
	{ "file:relative/Maildir", NULL, NULL, FROM, SEND_PERM,
	  "file:/absolute/path" },
	{ "file:NOTADIR", NULL, NULL, FROM, SEND_PERM, "not a directory" },
	{ "smtp://mail.example.org", NULL, NULL, "Navarch <n@example.org>",
	  SEND_PERM, "sender address" },
	{ "smtp://mail.example.org", NULL, NULL, "n@example.org\r\nX: y",
	  SEND_PERM, "sender address" },
	{ NULL, NULL, NULL, FROM, SEND_PERM, "cannot send mail" },
};

/* s with MAILDIR and NOTADIR replaced by paths under dir. */
static char *
expand(const char *s, const char *dir)
{
	const char	*p;

	if (s == NULL)
		return NULL;
	if ((p = strstr(s, "MAILDIR")) != NULL)
		return xasprintf("%.*s%s/Maildir", (int)(p - s), s, dir);
	if ((p = strstr(s, "NOTADIR")) != NULL)
		return xasprintf("%.*s%s/file", (int)(p - s), s, dir);
	return xstrdup(s);
}

static void
write_file(const char *path, const char *text)
{
	FILE	*f;

	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void
test_open(void **state)
{
	const struct open_case	*c;
	struct send_config	 cf = { 0 };
	struct sender		*s;
	char			*dir, *url, *pw, *path, *cause;
	size_t			 i;
	int			 rc;

	dir = sfx_tempdir("nvsend");
	path = xasprintf("%s/pw", dir);
	write_file(path, "s3cret\nignored\n");
	free(path);
	path = xasprintf("%s/empty", dir);
	write_file(path, "\n");
	free(path);
	path = xasprintf("%s/file", dir);
	write_file(path, "x");
	free(path);
	for (i = 0; i < NELEM(open_cases); i++) {
		c = &open_cases[i];
		url = expand(c->url, dir);
		pw = c->pwfile != NULL ? xasprintf("%s/%s", dir, c->pwfile) :
		    NULL;
		cf.url = url;
		cf.user = c->user;
		cf.password_file = pw;
		cf.from = c->from;
		cause = NULL;
		rc = send_open(&cf, &s, &cause);
		if (rc != c->want)
			fail_msg("case %zu (%s): %s: %s", i, url ? url : "NULL",
			    send_code_name(rc), cause ? cause : "");
		if (rc == SEND_OK) {
			assert_null(cause);
			assert_non_null(s);
		} else {
			assert_null(s);
			if (strstr(cause, c->cause) == NULL)
				fail_msg("case %zu: \"%s\" lacks \"%s\"", i,
				    cause, c->cause);
			/* A password never appears in a cause. */
			assert_null(strstr(cause, "s3cret"));
			assert_null(strstr(cause, "secret"));
		}
		free(cause);
		send_close(s);
		free(url);
		free(pw);
	}
	sfx_rmtree(dir);
	free(dir);
}

static void
test_names(void **state)
{
	static const struct { const char *s; int ok; enum send_tls t; } tls[] = {
		{ "required", 1, SEND_TLS_REQUIRED },
		{ "optional", 1, SEND_TLS_OPTIONAL },
		{ "off", 1, SEND_TLS_OFF },
		{ "Required", 0, 0 }, { "on", 0, 0 }, { "", 0, 0 },
	};
	static const struct { const char *s; int ok; } addrs[] = {
		{ "a@example.org", 1 }, { "first.last+tag@h", 1 },
		{ "a@b@c", 0 }, { "@example.org", 0 }, { "a@", 0 },
		{ "a b@example.org", 0 }, { "<a@example.org>", 0 },
		{ "a@example.org\r\nRCPT TO:<b@x>", 0 }, { "a,b@x", 0 },
		{ "zoë@example.org", 0 }, { "", 0 },
	};
	enum send_tls	t;
	size_t		i;

	for (i = 0; i < NELEM(tls); i++) {
		assert_int_equal(send_tls_parse(tls[i].s, &t),
		    tls[i].ok ? 0 : -1);
		if (tls[i].ok) {
			assert_int_equal(t, tls[i].t);
			assert_string_equal(send_tls_name(t), tls[i].s);
		}
	}
	for (i = 0; i < NELEM(addrs); i++)
		if (send_addr_ok(addrs[i].s) != addrs[i].ok)
			fail_msg("send_addr_ok(\"%s\") != %d", addrs[i].s,
			    addrs[i].ok);
	assert_int_equal(send_addr_ok(NULL), 0);
	assert_string_equal(send_code_name(SEND_TEMP), "temporary failure");
	assert_null(send_tls_name(SEND_TLS_COUNT));
}

/* --- the file: driver -------------------------------------------------- */

static const char msg_crlf[] =
    "From: navarch@navarch.example.org\r\nTo: a@example.org\r\n"
    "Subject: hi\r\n\r\nline one\r\n.\r\nline three\r\n";

static void
test_file(void **state)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	char			*dir, *md, *sub, *got, *cause = NULL, *first;
	size_t			 len;

	dir = sfx_tempdir("nvsend");
	md = xasprintf("%s/out/Maildir", dir);
	cf.url = xasprintf("file:%s", md);
	cf.from = FROM;
	/* The parent must exist: nothing but the Maildir is created. */
	assert_int_equal(send_open(&cf, &s, &cause), SEND_PERM);
	assert_non_null(strstr(cause, "No such file or directory"));
	free(cause);
	cause = NULL;
	sub = xasprintf("%s/out", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	free(sub);
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);

	/* LF input is written like CRLF input: LF line ends in the file,
	 * the envelope on top, "." lines untouched. */
	assert_int_equal(send_message(s, "a@example.org",
	    "From: x@y\nTo: a@example.org\nSubject: hi\n\nline one\n.\n"
	    "line three", strlen("From: x@y\nTo: a@example.org\nSubject: "
	    "hi\n\nline one\n.\nline three"), &cause), SEND_OK);
	sub = xasprintf("%s/new", md);
	assert_int_equal(send_flush(s, &cause), SEND_OK);
	got = sfx_only_file(sub, 0, &len);
	assert_string_equal(got, "Return-Path: <" FROM ">\n"
	    "Delivered-To: a@example.org\n"
	    "From: x@y\nTo: a@example.org\nSubject: hi\n\nline one\n.\n"
	    "line three\n");
	first = got;

	/* A second message gets its own name; tmp/ stays empty. */
	assert_int_equal(send_message(s, "b@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_OK);
	assert_int_equal(send_flush(s, &cause), SEND_OK);
	assert_int_equal(sfx_count(sub), 2);
	free(sub);
	sub = xasprintf("%s/tmp", md);
	assert_int_equal(sfx_count(sub), 0);
	free(sub);

	/* A recipient that could inject an SMTP command or a header. */
	assert_int_equal(send_message(s, "a@example.org\r\nBcc: b@x",
	    msg_crlf, strlen(msg_crlf), &cause), SEND_PERM);
	assert_non_null(strstr(cause, "is not a plain address"));
	free(cause);
	cause = NULL;

	/* tmp/ gone: a temporary failure (new/ gone: at the flush, in
	 * test_file_flush_error). */
	sub = xasprintf("%s/tmp", md);
	sfx_rmtree(sub);
	assert_int_equal(send_message(s, "a@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_TEMP);
	assert_non_null(strstr(cause, "not written"));
	free(cause);
	cause = NULL;
	assert_int_equal(send_flush(s, &cause), SEND_OK);
	free(sub);

	send_close(s);
	free(first);
	free(md);
	free((char *)cf.url);
	sfx_rmtree(dir);
	free(dir);
}

/* A file: driver's Maildir in a temporary directory of its own. */
struct box {
	char	*dir, *md, *new, *tmp;	/* owned */
};

/* Makes the paths of a box (the Maildir itself is the driver's to make)
 * and points cf at it. */
static void
box_init(struct box *b, struct send_config *cf)
{
	b->dir = sfx_tempdir("nvsend");
	b->md = xasprintf("%s/Maildir", b->dir);
	b->new = xasprintf("%s/new", b->md);
	b->tmp = xasprintf("%s/tmp", b->md);
	cf->url = xasprintf("file:%s", b->md);
	cf->from = FROM;
}

/* Removes the box and frees its paths and cf's URL. */
static void
box_free(struct box *b, struct send_config *cf)
{
	sfx_rmtree(b->dir);
	free(b->dir);
	free(b->md);
	free(b->new);
	free(b->tmp);
	free((char *)cf->url);
	cf->url = NULL;
}

/* Issue 16: the driver syncs nothing as it writes; send_flush makes
 * all that was written since the last one durable.  Each message is in
 * new/ whole as soon as it is sent, once, and tmp/ is left empty; a
 * flush with nothing written does nothing.  130 is past the files the
 * fallback (test_send_nosyncfs) holds open for its flush. */
static void
test_file_batch(void **state)
{
	static const int	 sizes[] = { 1, 3, OUTBOX_BATCH, 130 };
	struct send_config	 cf = { 0 };
	struct sender		*s;
	struct dirent		*de;
	DIR			*d;
	struct box		 b;
	char			*path, *got, *cause = NULL, msg[128];
	unsigned char		 seen[130];
	size_t			 i, len, k;
	int			 j, n;

	for (i = 0; i < NELEM(sizes); i++) {
		box_init(&b, &cf);
		assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
		assert_int_equal(send_batches(s), 1);
		for (j = 0; j < sizes[i]; j++) {
			snprintf(msg, sizeof msg, "Subject: n%d\r\n\r\n"
			    "body %d\r\n", j, j);
			assert_int_equal(send_message(s, "a@example.org", msg,
			    strlen(msg), &cause), SEND_OK);
		}
		/* Nothing in new/ before the flush: a power cut then
		 * leaves no empty file there. */
		assert_int_equal(sfx_count(b.new), 0);
		assert_int_equal(sfx_count(b.tmp), (size_t)sizes[i]);
		assert_int_equal(send_flush(s, &cause), SEND_OK);
		assert_null(cause);
		assert_int_equal(send_flush(s, &cause), SEND_OK);
		assert_int_equal(sfx_count(b.tmp), 0);
		/* Each message exactly once. */
		memset(seen, 0, sizeof seen);
		assert_non_null(d = opendir(b.new));
		k = 0;
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			path = xasprintf("%s/%s", b.new, de->d_name);
			assert_int_equal(file_read(path, 4096, &got, &len,
			    &cause), 0);
			assert_int_equal(sscanf(strstr(got, "Subject: n"),
			    "Subject: n%d", &n), 1);
			assert_true(n >= 0 && n < sizes[i] && !seen[n]);
			seen[n] = 1;
			k++;
			free(got);
			free(path);
		}
		closedir(d);
		assert_int_equal(k, (size_t)sizes[i]);
		send_close(s);
		box_free(&b, &cf);
	}
}

/* A flush that fails (here new/ removed after the mails were written)
 * is SEND_TEMP for all of them, once, and removes their files from
 * tmp/; the driver goes on.  Closing without a flush removes them too:
 * they were not delivered. */
static void
test_file_flush_error(void **state)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	struct box		 b;
	char			*cause = NULL;
	int			 j;

	box_init(&b, &cf);
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	for (j = 0; j < 3; j++)
		assert_int_equal(send_message(s, "a@example.org", msg_crlf,
		    strlen(msg_crlf), &cause), SEND_OK);
	sfx_rmtree(b.new);
	assert_int_equal(send_flush(s, &cause), SEND_TEMP);
	if (strstr(cause, "3 mail(s) written since the last flush may not "
	    "be on disk: cannot open new/: No such file") == NULL)
		fail_msg("cause: %s", cause);
	free(cause);
	cause = NULL;
	assert_int_equal(sfx_count(b.tmp), 0);
	/* Reported once: nothing is pending any more. */
	assert_int_equal(send_flush(s, &cause), SEND_OK);
	assert_int_equal(mkdir(b.new, 0700), 0);
	assert_int_equal(send_message(s, "a@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_OK);
	assert_int_equal(send_flush(s, &cause), SEND_OK);
	assert_int_equal(sfx_count(b.new), 1);
	assert_int_equal(send_message(s, "a@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_OK);
	assert_int_equal(sfx_count(b.tmp), 1);
	send_close(s);
	assert_int_equal(sfx_count(b.tmp), 0);
	assert_int_equal(sfx_count(b.new), 1);

	/* Files gone from tmp/ before the flush: none can be linked. */
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	assert_int_equal(send_message(s, "a@example.org", msg_crlf,
	    strlen(msg_crlf), &cause), SEND_OK);
	sfx_clear(b.tmp);
	assert_int_equal(send_flush(s, &cause), SEND_TEMP);
	if (strstr(cause, "1 mail(s) written since the last flush may not "
	    "be on disk: link into new/: No such file") == NULL)
		fail_msg("cause: %s", cause);
	free(cause);
	assert_int_equal(sfx_count(b.new), 1);
	send_close(s);
	box_free(&b, &cf);
}

/* Issue 10: what a crash left in tmp/ stayed there for ever.  Opening
 * the driver removes regular files older than a day, and nothing else. */
static void
test_file_stale_tmp(void **state)
{
	struct send_config	 cf = { 0 };
	struct sender		*s;
	struct timespec		 old[2];
	struct box		 b;
	char			*stale, *fresh, *edge, *sub, *cause = NULL;

	box_init(&b, &cf);
	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	send_close(s);
	stale = xasprintf("%s/tmp/1.crashed.host", b.md);
	fresh = xasprintf("%s/tmp/2.in-progress.host", b.md);
	edge = xasprintf("%s/tmp/3.almost.host", b.md);
	sub = xasprintf("%s/tmp/olddir", b.md);
	write_file(stale, "half a message");
	write_file(fresh, "being written");
	write_file(edge, "23 hours old");
	assert_int_equal(mkdir(sub, 0700), 0);
	old[0].tv_sec = old[1].tv_sec = time(NULL) - SEND_FILE_STALE - 3600;
	old[0].tv_nsec = old[1].tv_nsec = 0;
	assert_int_equal(utimensat(AT_FDCWD, stale, old, 0), 0);
	assert_int_equal(utimensat(AT_FDCWD, sub, old, 0), 0);
	old[0].tv_sec = old[1].tv_sec = time(NULL) - SEND_FILE_STALE + 3600;
	assert_int_equal(utimensat(AT_FDCWD, edge, old, 0), 0);

	assert_int_equal(send_open(&cf, &s, &cause), SEND_OK);
	assert_int_equal(access(stale, F_OK), -1);
	assert_int_equal(access(fresh, F_OK), 0);
	assert_int_equal(access(edge, F_OK), 0);
	assert_int_equal(access(sub, F_OK), 0);	/* not a file: left */
	send_close(s);

	free(stale);
	free(fresh);
	free(edge);
	free(sub);
	box_free(&b, &cf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_file_stale_tmp),
		cmocka_unit_test(test_file_batch),
		cmocka_unit_test(test_file_flush_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
