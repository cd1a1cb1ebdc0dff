/* send_fixture.c: see send_fixture.h. */
#include "config.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "buf.h"
#include "fileio.h"
#include "send_fixture.h"
#include "store.h"
#include "xalloc.h"

char *
sfx_tempdir(const char *prefix)
{
	const char	*tmp = getenv("TMPDIR");
	char		*dir;

	dir = xasprintf("%s/%s-XXXXXX", tmp != NULL && *tmp != '\0' ? tmp :
	    "/tmp", prefix);
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chmod(dir, 0755), 0);
	return dir;
}

void
sfx_rmtree(const char *dir)
{
	struct dirent	*de;
	struct stat	 sb;
	DIR		*d;
	char		*p;

	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			p = xasprintf("%s/%s", dir, de->d_name);
			if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode))
				sfx_rmtree(p);
			else
				unlink(p);
			free(p);
		}
		closedir(d);
	}
	rmdir(dir);
}

void
sfx_clear(const char *dir)
{
	struct dirent	*de;
	DIR		*d;
	char		*p;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		p = xasprintf("%s/%s", dir, de->d_name);
		if (de->d_name[0] != '.')
			unlink(p);
		free(p);
	}
	closedir(d);
}

/* The name of the first regular file in dir (owned by the caller) and
 * how many there are. */
static size_t
scan(const char *dir, char **first)
{
	struct dirent	*de;
	struct stat	 sb;
	DIR		*d;
	char		*p;
	size_t		 n = 0;

	if (first != NULL)
		*first = NULL;
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		p = xasprintf("%s/%s", dir, de->d_name);
		if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode)) {
			if (n++ == 0 && first != NULL)
				*first = p;
			else
				free(p);
		} else
			free(p);
	}
	closedir(d);
	return n;
}

size_t
sfx_count(const char *dir)
{
	return scan(dir, NULL);
}

char *
sfx_only_file(const char *dir, int wait_ms, size_t *len)
{
	struct timespec	 ts = { 0, 20 * 1000 * 1000 };
	char		*path, *data, *cause = NULL;
	size_t		 n;
	int		 waited = 0;

	while ((n = scan(dir, &path)) == 0 && waited < wait_ms) {
		nanosleep(&ts, NULL);
		waited += 20;
	}
	if (n != 1)
		fail_msg("%s holds %zu files, expected 1", dir, n);
	if (file_read(path, 64u << 20, &data, len, &cause) != 0)
		fail_msg("%s", cause);
	free(path);
	return data;
}

const char *
sfx_body(const char *msg)
{
	const char	*a = strstr(msg, "\n\n"), *b = strstr(msg, "\r\n\r\n");

	if (b != NULL && (a == NULL || b < a))
		return b + 4;
	assert_non_null(a);
	return a + 2;
}

char *
sfx_lf(const char *s)
{
	struct buf	b = BUF_INIT;

	for (; *s != '\0'; s++)
		if (!(s[0] == '\r' && s[1] == '\n'))
			buf_addc(&b, *s);
	buf_add(&b, "", 0);
	return buf_detach(&b);
}

int
sfx_has_header(const char *msg, const char *line)
{
	char	*lf = sfx_lf(msg), *end, *head, *want;
	int	 found;

	if ((end = strstr(lf, "\n\n")) != NULL)
		end[1] = '\0';		/* keep the header block's last LF */
	head = xasprintf("\n%s", lf);
	want = xasprintf("\n%s\n", line);
	found = strstr(head, want) != NULL;
	free(want);
	free(head);
	free(lf);
	return found;
}

struct store *
sfx_store(const char *dir)
{
	static const char *const sides[] = { "athens", "sparta" };
	struct store_game_new	 g = {
		.id = "g12", .ruleset = "classic", .scenario =
		    "<scenario turn=\"1\"/>", .first_turn = 1,
		.seed = "test-seed", .sides = sides, .nsides = 2,
		.now = 1000,
	};
	struct store		*s;
	char			*path, *cause = NULL;

	path = xasprintf("%s/nv.db", dir);
	if (store_open(path, 1000, &s, &cause) != STORE_OK)
		fail_msg("store_open: %s", cause);
	free(path);
	if (store_game_create(s, &g, &cause) != STORE_OK)
		fail_msg("store_game_create: %s", cause);
	return s;
}

int64_t
sfx_queue(struct store *s, const char *mid, const char *rcpt,
    const char *body, int64_t now)
{
	struct store_outbox_new	 m = { "g12", mid, rcpt, "subject", body, 0 };
	int64_t			 id;
	char			*cause = NULL;

	if (store_outbox_add(s, &m, now, &id, &cause) != STORE_OK)
		fail_msg("store_outbox_add: %s", cause);
	return id;
}

void
sfx_row(struct store *s, int64_t id, const char **status, int *attempts,
    int64_t *next, char **last_error)
{
	struct store_outbox	*m;
	char			*cause = NULL;

	if (store_outbox_get(s, id, &m, &cause) != STORE_OK)
		fail_msg("store_outbox_get: %s", cause);
	*status = store_outbox_status_name(m->status);
	*attempts = m->attempts;
	*next = m->next_attempt;
	if (last_error != NULL)
		*last_error = m->last_error != NULL ? xstrdup(m->last_error) :
		    NULL;
	store_outbox_free(m);
}
