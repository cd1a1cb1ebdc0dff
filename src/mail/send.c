/* send.c: the driver-independent part of sending (send.h): choosing the
 * driver, checking addresses, writing CRLF line ends. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "send.h"
#include "xalloc.h"

struct sender {
	const struct send_driver	*driver;
	void				*data;
	char				*from;
};

static const struct send_driver *const drivers[] = {
	&send_smtp_driver,
	&send_file_driver,
};

static const char *const code_names[] = {
#define X(e, s) s,
	SEND_CODES(X)
#undef X
};

static const char *const tls_names[] = {
#define X(e, s) s,
	SEND_TLS_MODES(X)
#undef X
};

const char *
send_code_name(enum send_code c)
{
	return (unsigned)c < SEND_CODE_COUNT ? code_names[c] : NULL;
}

const char *
send_tls_name(enum send_tls t)
{
	return (unsigned)t < SEND_TLS_COUNT ? tls_names[t] : NULL;
}

int
send_tls_parse(const char *s, enum send_tls *out)
{
	size_t	i;

	for (i = 0; i < SEND_TLS_COUNT; i++)
		if (strcmp(s, tls_names[i]) == 0) {
			*out = (enum send_tls)i;
			return 0;
		}
	return -1;
}

int
send_addr_ok(const char *s)
{
	const char	*at, *p;

	if (s == NULL || (at = strchr(s, '@')) == NULL || at == s ||
	    at[1] == '\0' || strchr(at + 1, '@') != NULL || strlen(s) > 254)
		return 0;
	for (p = s; *p != '\0'; p++)
		if (*p <= ' ' || *p >= 0x7f || strchr("<>,\"()[];\\", *p))
			return 0;
	return 1;
}

enum send_code
send_open_driver(const struct send_driver *d, const struct send_config *cf,
    struct sender **out, char **cause)
{
	struct sender	*s;
	void		*data = NULL;
	int		 code;

	*out = NULL;
	if (!send_addr_ok(cf->from)) {
		*cause = xasprintf("the sender address \"%s\" is not a plain "
		    "address such as navarch@example.org",
		    cf->from == NULL ? "" : cf->from);
		return SEND_PERM;
	}
	if ((unsigned)cf->tls >= SEND_TLS_COUNT) {
		*cause = xstrdup("unknown tls mode: use required, optional "
		    "or off");
		return SEND_PERM;
	}
	if ((code = d->open(cf, &data, cause)) != SEND_OK)
		return code;
	s = xcalloc(1, sizeof *s);
	s->driver = d;
	s->data = data;
	s->from = xstrdup(cf->from);
	*out = s;
	return SEND_OK;
}

enum send_code
send_open(const struct send_config *cf, struct sender **out, char **cause)
{
	size_t	i;

	*out = NULL;
	for (i = 0; i < sizeof drivers / sizeof drivers[0]; i++)
		if (cf->url != NULL && drivers[i]->match(cf->url))
			return send_open_driver(drivers[i], cf, out, cause);
	*cause = xasprintf("cannot send mail to \"%s\": use smtp://host[:port],"
	    " smtps://host[:port] or file:/path/to/Maildir",
	    cf->url == NULL ? "" : cf->url);
	return SEND_PERM;
}

/* msg with every bare LF made CRLF (SMTP needs CRLF; curl does not
 * convert); owned by the caller. */
static char *
to_crlf(const char *msg, size_t len, size_t *outlen)
{
	struct buf	b = BUF_INIT;
	size_t		i, start = 0;

	for (i = 0; i < len; i++) {
		if (msg[i] != '\n' || (i > 0 && msg[i - 1] == '\r'))
			continue;
		buf_add(&b, msg + start, i - start);
		buf_adds(&b, "\r\n");
		start = i + 1;
	}
	buf_add(&b, msg + start, len - start);
	if (b.len == 0 || b.p[b.len - 1] != '\n')
		buf_adds(&b, "\r\n");
	*outlen = b.len;
	return buf_detach(&b);
}

enum send_code
send_message(struct sender *s, const char *rcpt, const char *msg, size_t len,
    char **cause)
{
	char	*crlf;
	size_t	 n;
	int	 code;

	if (!send_addr_ok(rcpt)) {
		*cause = xasprintf("the recipient \"%s\" is not a plain "
		    "address such as player@example.org",
		    rcpt == NULL ? "" : rcpt);
		return SEND_PERM;
	}
	crlf = to_crlf(msg, len, &n);
	code = s->driver->send(s->data, s->from, rcpt, crlf, n, cause);
	free(crlf);
	return code;
}

enum send_code
send_flush(struct sender *s, char **cause)
{
	int	code;

	if (s->driver->flush == NULL)
		return SEND_OK;
	code = s->driver->flush(s->data, cause);
	/* A flush has no permanent failure: what was written may be
	 * written again. */
	return code == SEND_OK ? SEND_OK : SEND_TEMP;
}

int
send_batches(const struct sender *s)
{
	return s->driver->flush != NULL;
}

void
send_close(struct sender *s)
{
	if (s == NULL)
		return;
	s->driver->close(s->data);
	free(s->from);
	free(s);
}
