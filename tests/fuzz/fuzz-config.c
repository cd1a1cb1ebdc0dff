/* fuzz-config.c: navarchd.conf, read by daemon_config_load (navarchd,
 * `navarch deliver` and every `navarch --config` command).
 *
 * Each input is written to one temporary file (the loader takes a path,
 * as the programs call it) and loaded.  Besides not crashing: a load that
 * succeeds gives values the daemon may use without checking again (the
 * required keys set, numbers within their ranges, addresses and URLs of
 * the forms daemon-config.c promises); a failing one says why. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "daemon.h"
#include "diag.h"
#include "fuzz.h"
#include "send.h"
#include "xalloc.h"

static char	*path;
static int	 fd = -1;

static void
cleanup(void)
{
	if (path != NULL)
		unlink(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*tmp = getenv("TMPDIR");

	path = xasprintf("%s/navarch-fuzz-config.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if ((fd = mkstemp(path)) < 0) {
		perror(path);
		abort();
	}
	atexit(cleanup);
	return 0;
}

static int
prefixed(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

static void
check(const struct daemon_config *c)
{
	FUZZ_CHECK(c->database != NULL, "no database");
	FUZZ_CHECK(c->from != NULL && send_addr_ok(c->from), "from");
	FUZZ_CHECK(c->gm == NULL || send_addr_ok(c->gm), "gm");
	FUZZ_CHECK(c->mailbox != NULL && (prefixed(c->mailbox, "maildir:") ||
	    prefixed(c->mailbox, "imap://") || prefixed(c->mailbox,
	    "imaps://")), "mailbox %s", c->mailbox);
	FUZZ_CHECK(c->smtp != NULL && (prefixed(c->smtp, "smtp://") ||
	    prefixed(c->smtp, "smtps://") || prefixed(c->smtp, "file:")),
	    "smtp %s", c->smtp);
	FUZZ_CHECK(c->poll_interval >= 5 && c->poll_interval <= 86400,
	    "poll_interval %ld", c->poll_interval);
	FUZZ_CHECK(c->intake.max_size >= 1024 && c->intake.max_size <=
	    67108864, "max_message_size %zu", c->intake.max_size);
	FUZZ_CHECK(c->datadir != NULL, "no datadir");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct daemon_config	 c;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	int			 rc;

	/* Written, then cut to its size: truncating to 0 first makes ext4
	 * flush the file at every close (a run 15 times slower). */
	if (pwrite(fd, data, size, 0) != (ssize_t)size ||
	    ftruncate(fd, (off_t)size) != 0) {
		perror(path);
		abort();
	}
	rc = daemon_config_load(path, &c, &d);
	diag_format(&d, &b);
	if (rc == 0)
		check(&c);
	else
		FUZZ_CHECK(d.errors > 0, "the load failed without an error");
	daemon_config_free(&c);
	buf_free(&b);
	diag_free(&d);
	return 0;
}
