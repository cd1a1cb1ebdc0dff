/* intake-stdin.c: the stdin: driver, one message on a file descriptor.
 *
 * For `navarch deliver`, which a mail transfer agent runs with one
 * message on standard input (a pipe transport, .forward or aliases).  The
 * descriptor (intake_config.fd, 0 by default) is read to its end at the
 * first intake_next, up to the size limit; the second returns DONE.
 *
 * Commit and abort do nothing: the message lives only in the pipe.  What
 * tells the MTA whether it was taken in is the exit status of `navarch
 * deliver` (0 when the transaction committed; 75 EX_TEMPFAIL after TEMP or
 * an aborted transaction, so the MTA queues it and pipes it again; a REJECT
 * is permanent and the MTA bounces it).  The descriptor is not closed. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "intake.h"
#include "intake-int.h"
#include "xalloc.h"

struct in_data {
	int	fd;
	int	done;
	size_t	max;
};

static int
in_open(struct intake *in, const char *rest, const struct intake_config *conf,
    char **cause)
{
	struct in_data	*d;

	if (*rest != '\0') {
		*cause = xasprintf("mailbox 'stdin:%s': stdin: takes nothing "
		    "after the colon", rest);
		return INTAKE_PERM;
	}
	d = xcalloc(1, sizeof *d);
	d->fd = conf->fd;
	d->max = intake_max_size(conf);
	in->data = d;
	return INTAKE_OK;
}

static int
in_next(struct intake *in, struct intake_msg **out, char **cause)
{
	struct in_data		*d = in->data;
	struct intake_msg	*m;

	if (d->done)
		return INTAKE_DONE;
	d->done = 1;
	m = intake_msg_new("-", "standard input");
	switch (intake_read_fd(d->fd, d->max, &m->raw, &m->len)) {
	case 1:
		*cause = xasprintf("the message on standard input is over the "
		    "limit of %zu bytes: refused", d->max);
		*out = m;
		return INTAKE_REJECT;
	case -1:
		*cause = xasprintf("cannot read the message on standard "
		    "input: %s", strerror(errno));
		intake_msg_free(m);
		return INTAKE_TEMP;
	}
	*out = m;
	return INTAKE_OK;
}

static int
in_commit(struct intake *in, struct intake_msg *m, char **cause)
{
	return INTAKE_OK;
}

static int
in_abort(struct intake *in, struct intake_msg *m, char **cause)
{
	return INTAKE_OK;
}

/* Nothing to move: the caller's exit status refuses the message, and the
 * MTA bounces it. */
static int
in_quarantine(struct intake *in, struct intake_msg *m, char **cause)
{
	return INTAKE_OK;
}

static void
in_close(struct intake *in)
{
	free(in->data);
	in->data = NULL;
}

const struct intake_ops intake_stdin_ops = {
	"stdin", in_open, in_next, in_commit, in_abort, in_quarantine,
	in_close, NULL
};
