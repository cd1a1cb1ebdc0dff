/* send_fixture.h: helpers shared by test_send and test_send_smtp:
 * temporary directories, Maildir reading, a store with a game. */
#ifndef NV_SEND_FIXTURE_H
#define NV_SEND_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

struct store;

/* A new directory under $TMPDIR (or /tmp), mode 0755 so that mail
 * daemons' workers can traverse it; owned by the caller. */
char	*sfx_tempdir(const char *prefix);
/* Removes dir and everything under it. */
void	 sfx_rmtree(const char *dir);
/* Removes the regular files in dir, keeping dir (and its owner). */
void	 sfx_clear(const char *dir);
/* Regular files in dir (0 when it does not exist). */
size_t	 sfx_count(const char *dir);
/* The contents of the only file in dir (fails the test unless there is
 * exactly one); owned by the caller.  With wait_ms > 0, polls until one
 * file appears or the time is up. */
char	*sfx_only_file(const char *dir, int wait_ms, size_t *len);
/* The body of a message: what follows the first empty line (LF or CRLF);
 * a pointer into msg. */
const char *sfx_body(const char *msg);
/* s with every CRLF made LF; owned by the caller. */
char	*sfx_lf(const char *s);
/* 1 when the header block of msg holds line (LF or CRLF). */
int	 sfx_has_header(const char *msg, const char *line);

/* dir/nv.db opened, with game "g12" (sides athens, sparta). */
struct store *sfx_store(const char *dir);
/* Queues body for rcpt with Message-ID mid in game g12; returns the id. */
int64_t	 sfx_queue(struct store *, const char *mid, const char *rcpt,
	    const char *body, int64_t now);
/* The outbox row's status name, attempts and next_attempt. */
void	 sfx_row(struct store *, int64_t id, const char **status,
	    int *attempts, int64_t *next, char **last_error);

#endif
