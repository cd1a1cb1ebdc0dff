/* intake.c: choosing an intake driver by the URL's scheme, and what the
 * drivers share (see intake.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "intake.h"
#include "intake-int.h"
#include "mime.h"
#include "xalloc.h"

/* Every scheme a mailbox URL may have, and its driver. */
static const struct {
	const char		*scheme;
	const struct intake_ops	*ops;
} intake_schemes[] = {
	{ "maildir",	&intake_maildir_ops },
	{ "imap",	&intake_imap_ops },
	{ "imaps",	&intake_imap_ops },
	{ "stdin",	&intake_stdin_ops },
};
#define NSCHEMES (sizeof intake_schemes / sizeof intake_schemes[0])

static const char *const intake_status_names[] = {
#define X(e, s) s,
	INTAKE_STATUS_TABLE(X)
#undef X
};

static const char *const intake_tls_names[] = {
#define X(e, s) s,
	INTAKE_TLS_TABLE(X)
#undef X
};

/* The driver for url's scheme and what it is given (the rest after the
 * colon, or the whole URL for IMAP, which libcurl parses), or NULL. */
static const struct intake_ops *
intake_find(const char *url, const char **rest)
{
	const char	*colon = strchr(url, ':');
	size_t		 n, i;

	if (colon == NULL)
		return NULL;
	n = (size_t)(colon - url);
	for (i = 0; i < NSCHEMES; i++) {
		if (strlen(intake_schemes[i].scheme) == n &&
		    strncmp(url, intake_schemes[i].scheme, n) == 0) {
			*rest = intake_schemes[i].ops == &intake_imap_ops ?
			    url : colon + 1;
			return intake_schemes[i].ops;
		}
	}
	return NULL;
}

enum intake_status
intake_open(const char *url, const struct intake_config *conf,
    struct intake **out, char **cause)
{
	const struct intake_ops	*ops;
	struct intake		*in;
	const char		*rest = NULL;
	char			*shown;
	int			 r;

	*out = NULL;
	*cause = NULL;
	if (url == NULL || *url == '\0') {
		*cause = xstrdup("no mailbox given: use maildir:/path, "
		    "imap://host[:port]/FOLDER or imaps://host[:port]/FOLDER");
		return INTAKE_PERM;
	}
	if ((ops = intake_find(url, &rest)) == NULL) {
		shown = intake_redact(url);
		*cause = xasprintf("mailbox '%s': unknown scheme: use "
		    "maildir:/path, imap://host[:port]/FOLDER, "
		    "imaps://host[:port]/FOLDER or stdin:", shown);
		free(shown);
		return INTAKE_PERM;
	}
	in = xcalloc(1, sizeof *in);
	in->ops = ops;
	in->url = xstrdup(url);
	r = ops->open(in, rest, conf, cause);
	if (r != INTAKE_OK) {
		free(in->url);
		free(in);
		return r;
	}
	*out = in;
	return INTAKE_OK;
}

enum intake_status
intake_next(struct intake *in, struct intake_msg **out, char **cause)
{
	*out = NULL;
	*cause = NULL;
	return in->ops->next(in, out, cause);
}

enum intake_status
intake_commit(struct intake *in, struct intake_msg *m, char **cause)
{
	*cause = NULL;
	return in->ops->commit(in, m, cause);
}

enum intake_status
intake_commit_list(struct intake *in, struct intake_msg **msgs, size_t n,
    size_t *done, char **cause)
{
	enum intake_status	r = INTAKE_OK;

	*cause = NULL;
	*done = 0;
	if (in->ops->commit_list != NULL) {
		if ((r = in->ops->commit_list(in, msgs, n, cause)) == INTAKE_OK)
			*done = n;
		return r;
	}
	for (; *done < n; (*done)++)
		if ((r = in->ops->commit(in, msgs[*done], cause)) != INTAKE_OK)
			break;
	return r;
}

enum intake_status
intake_abort(struct intake *in, struct intake_msg *m, char **cause)
{
	*cause = NULL;
	return in->ops->abort(in, m, cause);
}

enum intake_status
intake_quarantine(struct intake *in, struct intake_msg *m, char **cause)
{
	*cause = NULL;
	return in->ops->quarantine(in, m, cause);
}

int
intake_folder_ok(const char *name)
{
	size_t	i, n = name != NULL ? strlen(name) : 0;

	if (n == 0 || n > 64 || name[0] == '.' || name[n - 1] == '.')
		return 0;
	for (i = 0; i < n; i++)
		if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		    "0123456789_-.", name[i]) == NULL ||
		    (name[i] == '.' && name[i + 1] == '.'))
			return 0;
	return 1;
}

const char *
intake_quarantine_name(const struct intake_config *conf)
{
	return conf->quarantine != NULL ? conf->quarantine :
	    INTAKE_QUARANTINE;
}

void
intake_close(struct intake *in)
{
	if (in == NULL)
		return;
	in->ops->close(in);
	free(in->url);
	free(in);
}

void
intake_msg_free(struct intake_msg *m)
{
	if (m == NULL)
		return;
	free(m->raw);
	free(m->handle);
	free(m->where);
	free(m);
}

const char *
intake_status_name(enum intake_status st)
{
	if ((size_t)st >= sizeof intake_status_names /
	    sizeof intake_status_names[0])
		return "unknown";
	return intake_status_names[st];
}

int
intake_tls_parse(const char *s, enum intake_tls *out)
{
	size_t	i;

	for (i = 0; i < sizeof intake_tls_names / sizeof intake_tls_names[0];
	    i++) {
		if (strcmp(s, intake_tls_names[i]) == 0) {
			*out = (enum intake_tls)i;
			return 0;
		}
	}
	return -1;
}

const char *
intake_tls_name(enum intake_tls t)
{
	if ((size_t)t >= sizeof intake_tls_names / sizeof intake_tls_names[0])
		return "unknown";
	return intake_tls_names[t];
}

size_t
intake_max_size(const struct intake_config *conf)
{
	return conf->max_size != 0 ? conf->max_size : MAIL_RAW_MAX;
}

struct intake_msg *
intake_msg_new(const char *handle, const char *where)
{
	struct intake_msg	*m = xcalloc(1, sizeof *m);

	m->handle = xstrdup(handle);
	m->where = xstrdup(where);
	return m;
}

int
intake_read_fd(int fd, size_t max, char **out, size_t *len)
{
	struct buf	 b = BUF_INIT;
	char		 chunk[16384];
	ssize_t		 n;

	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			buf_free(&b);
			return -1;
		}
		if (n == 0)
			break;
		/* Stop at once: a huge input is not read to its end. */
		if ((size_t)n > max - b.len) {
			buf_free(&b);
			return 1;
		}
		buf_add(&b, chunk, (size_t)n);
	}
	*len = b.len;
	*out = buf_detach(&b);
	return 0;
}

char *
intake_redact(const char *url)
{
	const char	*auth = strstr(url, "://"), *end, *at;

	if (auth == NULL)
		return xstrdup(url);
	auth += 3;
	end = auth + strcspn(auth, "/?#");
	/* The last '@' of the authority ends the user information. */
	for (at = end; at > auth && at[-1] != '@'; at--)
		;
	if (at == auth)
		return xstrdup(url);
	return xasprintf("%.*s...@%s", (int)(auth - url), url, at);
}
