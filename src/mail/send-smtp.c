/* send-smtp.c: the smtp:// and smtps:// driver, through libcurl.
 *
 * One curl handle per sender, so one connection serves a whole drain of
 * the outbox.  TLS: smtps:// is TLS from the first byte; smtp:// upgrades
 * with STARTTLS as `tls` says, and with `required` curl refuses to go on
 * (CURLE_USE_SSL_FAILED) before AUTH when the server offers no STARTTLS,
 * so a password is never sent in clear.  Certificates are always
 * verified (peer and host name), against ca_file or the system's CAs.
 *
 * The server's replies reach the header callback (curl passes every
 * SMTP response line there); the last 4xx/5xx reply is kept so that a
 * cause can quote the server. */
#include "config.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "fileio.h"
#include "send.h"
#include "xalloc.h"

#define REPLY_MAX	512

struct smtp {
	CURL		*curl;
	char		*url;
	char		 errbuf[CURL_ERROR_SIZE];
	struct buf	 reply;		/* the reply being read */
	int		 reply_done;	/* its last line was read */
	char		*failure;	/* the last 4xx/5xx reply, or NULL */
	const char	*msg;		/* being uploaded */
	size_t		 len, off;
};

static int
smtp_match(const char *url)
{
	return strncasecmp(url, "smtp://", 7) == 0 ||
	    strncasecmp(url, "smtps://", 8) == 0;
}

static size_t
smtp_read(char *out, size_t size, size_t n, void *arg)
{
	struct smtp	*sm = arg;
	size_t		 want = size * n;

	if (want > sm->len - sm->off)
		want = sm->len - sm->off;
	memcpy(out, sm->msg + sm->off, want);
	sm->off += want;
	return want;
}

/* Collects reply lines; keeps a finished 4xx/5xx reply in failure. */
static size_t
smtp_header(char *data, size_t size, size_t n, void *arg)
{
	struct smtp	*sm = arg;
	size_t		 len = size * n, keep = len;

	if (sm->reply_done) {
		buf_reset(&sm->reply);
		sm->reply_done = 0;
	}
	while (keep > 0 && (data[keep - 1] == '\n' || data[keep - 1] == '\r'))
		keep--;
	if (sm->reply.len + keep < REPLY_MAX) {
		if (sm->reply.len > 0)
			buf_addc(&sm->reply, ' ');
		buf_add(&sm->reply, data, keep);
	}
	/* "250-..." continues a reply; "250 ..." or "250" ends it. */
	if (keep < 4 || data[3] == ' ') {
		sm->reply_done = 1;
		if (keep >= 3 && (data[0] == '4' || data[0] == '5')) {
			free(sm->failure);
			sm->failure = xstrdup(buf_str(&sm->reply));
		}
	}
	return len;
}

/* The password file's first line, or -1 with *cause. */
static int
read_password(const char *path, char **out, char **cause)
{
	char	*data, *why = NULL;
	size_t	 len;

	if (path == NULL) {
		*cause = xstrdup("smtp_user is set but smtp_password_file is "
		    "not: name the file holding the password");
		return -1;
	}
	if (file_read(path, SEND_PASSWORD_MAX, &data, &len, &why) != 0) {
		*cause = xasprintf("cannot read the SMTP password: %s", why);
		free(why);
		return -1;
	}
	data[strcspn(data, "\r\n")] = '\0';
	if (data[0] == '\0') {
		explicit_bzero(data, len);
		free(data);
		*cause = xasprintf("%s: the first line (the SMTP password) is "
		    "empty", path);
		return -1;
	}
	*out = data;
	return 0;
}

static int
url_ok(const char *url)
{
	const char	*host, *end;

	if (strpbrk(url, " \t\r\n") != NULL)
		return 0;
	host = strstr(url, "://") + 3;
	end = host + strcspn(host, "/");
	/* No user:password@ in the URL: credentials come from their keys. */
	return end > host && memchr(host, '@', (size_t)(end - host)) == NULL;
}

static void
smtp_setopts(struct smtp *sm, const struct send_config *cf)
{
	CURL	*c = sm->curl;
	int	 smtps = strncasecmp(cf->url, "smtps://", 8) == 0;
	long	 use_ssl = CURLUSESSL_ALL;

	if (!smtps && cf->tls == SEND_TLS_OPTIONAL)
		use_ssl = CURLUSESSL_TRY;
	else if (!smtps && cf->tls == SEND_TLS_OFF)
		use_ssl = CURLUSESSL_NONE;
	curl_easy_setopt(c, CURLOPT_URL, sm->url);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS, CURLPROTO_SMTP | CURLPROTO_SMTPS);
#endif
	curl_easy_setopt(c, CURLOPT_USE_SSL, use_ssl);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (cf->ca_file != NULL)
		curl_easy_setopt(c, CURLOPT_CAINFO, cf->ca_file);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, cf->connect_timeout_ms > 0 ?
	    cf->connect_timeout_ms : SEND_CONNECT_TIMEOUT_MS);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, cf->timeout_ms > 0 ?
	    cf->timeout_ms : SEND_TIMEOUT_MS);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, sm->errbuf);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, smtp_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, sm);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, smtp_read);
	curl_easy_setopt(c, CURLOPT_READDATA, sm);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
}

static void smtp_close(void *);

static int
smtp_open(const struct send_config *cf, void **data, char **cause)
{
	struct smtp	*sm;
	char		*pw = NULL;

	if (!url_ok(cf->url)) {
		/* Not quoted: it may hold a password. */
		*cause = xstrdup("bad SMTP URL: use smtp://host[:port] or "
		    "smtps://host[:port] without spaces, with the credentials "
		    "in smtp_user and smtp_password_file");
		return SEND_PERM;
	}
	if (cf->user != NULL && read_password(cf->password_file, &pw,
	    cause) != 0)
		return SEND_PERM;
	/* Reference counted since curl 7.84; paired in smtp_close. */
	curl_global_init(CURL_GLOBAL_DEFAULT);
	sm = xcalloc(1, sizeof *sm);
	sm->url = xstrdup(cf->url);
	if ((sm->curl = curl_easy_init()) == NULL) {
		smtp_close(sm);
		free(pw);
		*cause = xstrdup("cannot start libcurl");
		return SEND_PERM;
	}
	smtp_setopts(sm, cf);
	if (pw != NULL) {
		/* curl keeps its own copies. */
		curl_easy_setopt(sm->curl, CURLOPT_USERNAME, cf->user);
		curl_easy_setopt(sm->curl, CURLOPT_PASSWORD, pw);
		explicit_bzero(pw, strlen(pw));
		free(pw);
	}
	*data = sm;
	return SEND_OK;
}

/* SEND_TEMP or SEND_PERM for a failed transfer. */
static int
smtp_classify(CURLcode rc, long reply)
{
	if (reply >= 400 && reply < 500)
		return SEND_TEMP;
	if (reply >= 500 && reply < 600)
		return SEND_PERM;
	switch (rc) {
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_ISSUER_ERROR:
	case CURLE_USE_SSL_FAILED:
	case CURLE_LOGIN_DENIED:
	case CURLE_URL_MALFORMAT:
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_NOT_BUILT_IN:
		return SEND_PERM;
	default:
		return SEND_TEMP;
	}
}

static char *
smtp_cause(struct smtp *sm, CURLcode rc, const char *rcpt)
{
	const char	*why = sm->errbuf[0] != '\0' ? sm->errbuf :
			    curl_easy_strerror(rc);

	switch (rc) {
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_ISSUER_ERROR:
		return xasprintf("%s: the server's TLS certificate could not "
		    "be verified (%s): set ca_file to the CA that signed it",
		    sm->url, why);
	case CURLE_USE_SSL_FAILED:
		return xasprintf("%s: the server does not offer STARTTLS and "
		    "tls is required: nothing was sent", sm->url);
	default:
		break;
	}
	if (sm->failure != NULL)
		return xasprintf("%s: mail to %s refused: the server said "
		    "\"%s\"", sm->url, rcpt, sm->failure);
	return xasprintf("%s: mail to %s not sent: %s", sm->url, rcpt, why);
}

static int
smtp_send(void *data, const char *from, const char *rcpt, const char *msg,
    size_t len, char **cause)
{
	struct smtp		*sm = data;
	struct curl_slist	*rcpts;
	char			*mfrom, *to;
	long			 reply = 0;
	CURLcode		 rc;

	mfrom = xasprintf("<%s>", from);
	to = xasprintf("<%s>", rcpt);
	rcpts = curl_slist_append(NULL, to);
	sm->msg = msg;
	sm->len = len;
	sm->off = 0;
	sm->errbuf[0] = '\0';
	free(sm->failure);
	sm->failure = NULL;
	buf_reset(&sm->reply);
	sm->reply_done = 0;
	curl_easy_setopt(sm->curl, CURLOPT_MAIL_FROM, mfrom);
	curl_easy_setopt(sm->curl, CURLOPT_MAIL_RCPT, rcpts);
	rc = rcpts == NULL ? CURLE_OUT_OF_MEMORY : curl_easy_perform(sm->curl);
	curl_easy_setopt(sm->curl, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(rcpts);
	free(mfrom);
	free(to);
	sm->msg = NULL;
	if (rc == CURLE_OK)
		return SEND_OK;
	curl_easy_getinfo(sm->curl, CURLINFO_RESPONSE_CODE, &reply);
	*cause = smtp_cause(sm, rc, rcpt);
	return smtp_classify(rc, reply);
}

static void
smtp_close(void *data)
{
	struct smtp	*sm = data;

	if (sm == NULL)
		return;
	if (sm->curl != NULL)
		curl_easy_cleanup(sm->curl);
	curl_global_cleanup();
	buf_free(&sm->reply);
	free(sm->failure);
	free(sm->url);
	free(sm);
}

/* No flush: the server's 250 is the point where the mail is kept. */
const struct send_driver send_smtp_driver = {
	.name = "smtp",
	.match = smtp_match,
	.open = smtp_open,
	.send = smtp_send,
	.close = smtp_close,
	.flush = NULL,
};
