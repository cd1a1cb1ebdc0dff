/* intake-imap.c: the imap: and imaps: driver, through libcurl.
 *
 * One intake_open is one IMAP session: connect, upgrade to TLS (STARTTLS
 * for imap:// unless tls = off; imaps:// is TLS from the first byte),
 * log in, select FOLDER, then NOOP (Dovecot rescans a selected Maildir
 * lazily; see docs/intake.md) and UID SEARCH UNSEEN.  The UIDs found are
 * the poll's messages, handed out in ascending order; mail arriving
 * later waits for the next poll.
 *
 * libcurl fetches a message with "UID FETCH n BODY[]" (the ;UID=n URL),
 * which sets \Seen on the server as a side effect: libcurl has no PEEK.
 * So from the fetch on, a message is "pending": commit makes \Seen
 * explicit (and moves the message to the processed folder, if one is
 * configured), abort removes \Seen again so the next poll's search finds
 * it, quarantine makes \Seen explicit and moves the message to the
 * quarantine folder, and close aborts every message still pending.
 *
 * The password is read from the password file at open, handed to libcurl
 * only, never put in a message or a log line, and wiped at close. */
#include "config.h"

#include <arpa/inet.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curl/curl.h>

#include "buf.h"
#include "fileio.h"
#include "intake.h"
#include "intake-int.h"
#include "log.h"
#include "xalloc.h"

#define IMAP_PASSWORD_MAX	4096
#define IMAP_UID_MAX		4294967295ULL	/* UIDs are 32 bits */

struct imap_data {
	CURL		*curl;
	char		*base;		/* scheme://host[:port]/FOLDER */
	char		*user;
	char		*password;
	char		*processed;	/* IMAP-quoted folder, or NULL */
	int		 created;	/* the processed folder exists */
	char		*quarantine;	/* IMAP-quoted quarantine folder */
	int		 qcreated;	/* ... exists */
	size_t		 max;		/* the largest response kept */
	struct buf	 resp;		/* what the last command returned */
	int		 over;		/* ... and it was over max */
	char		 errbuf[CURL_ERROR_SIZE];
	CURLcode	 rc;		/* of the last command */

	unsigned long	*uids;		/* the unseen messages, ascending */
	size_t		 nuids, next;
	unsigned long	*pending;	/* fetched, not committed/aborted */
	size_t		 npending;
};

static int
imap_is_loopback(const char *host)
{
	unsigned char	 a[16];
	char		*h;
	size_t		 n;
	int		 r = 0;

	if (strcmp(host, "localhost") == 0)
		return 1;
	if (inet_pton(AF_INET, host, a) == 1)
		return a[0] == 127;
	n = strlen(host);
	if (n > 2 && host[0] == '[' && host[n - 1] == ']') {
		h = xstrndup(host + 1, n - 2);
		r = inet_pton(AF_INET6, h, a) == 1 &&
		    memcmp(a, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16) == 0;
		free(h);
	}
	return r;
}

/* The folder name as an IMAP quoted string, or NULL with *cause. */
static char *
imap_quote(const char *folder, char **cause)
{
	struct buf	 b = BUF_INIT;
	const char	*p;

	if (*folder == '\0') {
		*cause = xstrdup("the processed folder name is empty");
		return NULL;
	}
	for (p = folder; *p != '\0'; p++) {
		/* Non-ASCII names need modified UTF-7 (RFC 3501 5.1.3). */
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e) {
			*cause = xasprintf("processed folder '%s': only "
			    "printable ASCII names are supported", folder);
			buf_free(&b);
			return NULL;
		}
	}
	buf_addc(&b, '"');
	for (p = folder; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(&b, '\\');
		buf_addc(&b, *p);
	}
	buf_addc(&b, '"');
	return buf_detach(&b);
}

/* Checks the URL and sets d->base (the URL with its folder, INBOX if it
 * names none, and no trailing slash).  OK or PERM. */
static int
imap_parse_url(struct imap_data *d, const char *url, char **host,
    char **cause)
{
	CURLU		*u = curl_url();
	char		*scheme = NULL, *part = NULL, *path = NULL, *shown;
	const char	*bad = NULL;
	size_t		 n;
	int		 r = INTAKE_PERM;

	if (u == NULL) {
		*cause = xstrdup("out of memory");
		return INTAKE_TEMP;
	}
	/* Never echo a password written in the URL. */
	shown = intake_redact(url);
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_HOST, host, 0) != CURLUE_OK) {
		*cause = xasprintf("mailbox '%s' is not a valid URL: use "
		    "imap://host[:port]/FOLDER or imaps://host[:port]/FOLDER",
		    shown);
		goto out;
	}
	if (curl_url_get(u, CURLUPART_USER, &part, 0) == CURLUE_OK)
		bad = "a user name: put it in mailbox_user (and the password "
		    "in mailbox_password_file)";
	else if (curl_url_get(u, CURLUPART_QUERY, &part, 0) == CURLUE_OK)
		bad = "a query ('?...')";
	else if (curl_url_get(u, CURLUPART_FRAGMENT, &part, 0) == CURLUE_OK)
		bad = "a fragment ('#...')";
	else if (curl_url_get(u, CURLUPART_PATH, &path, 0) == CURLUE_OK &&
	    strchr(path, ';') != NULL)
		bad = "parameters (';...')";
	if (bad != NULL) {
		*cause = xasprintf("mailbox '%s' must not contain %s", shown,
		    bad);
		goto out;
	}
	/* Drop trailing slashes; no folder means INBOX. */
	n = path != NULL ? strlen(path) : 0;
	while (n > 0 && path[n - 1] == '/')
		path[--n] = '\0';
	curl_url_set(u, CURLUPART_PATH, n > 0 ? path : "/INBOX", 0);
	curl_free(part);
	part = NULL;
	if (curl_url_get(u, CURLUPART_URL, &part, 0) != CURLUE_OK) {
		*cause = xasprintf("mailbox '%s' is not a valid URL", shown);
		goto out;
	}
	d->base = xstrdup(part);
	r = INTAKE_OK;
out:
	free(shown);
	curl_free(scheme);
	curl_free(part);
	curl_free(path);
	curl_url_cleanup(u);
	return r;
}

/* The first line of the password file.  OK or PERM. */
static int
imap_read_password(struct imap_data *d, const char *file, char **cause)
{
	char	*text, *err = NULL;
	size_t	 len;

	if (file_read(file, IMAP_PASSWORD_MAX, &text, &len, &err) != 0) {
		*cause = xasprintf("mailbox_password_file: %s", err);
		free(err);
		return INTAKE_PERM;
	}
	text[strcspn(text, "\r\n")] = '\0';
	if (*text == '\0') {
		*cause = xasprintf("mailbox_password_file: %s: the first line "
		    "is empty (it must hold the password)", file);
		free(text);
		return INTAKE_PERM;
	}
	d->password = xstrdup(text);
	explicit_bzero(text, len);
	free(text);
	return INTAKE_OK;
}

static size_t
imap_write(char *p, size_t size, size_t nmemb, void *arg)
{
	struct imap_data	*d = arg;
	size_t			 n = size * nmemb;

	if (n > d->max - d->resp.len) {
		d->over = 1;
		return 0;	/* libcurl stops the transfer */
	}
	buf_add(&d->resp, p, n);
	return n;
}

static void
imap_setup(struct imap_data *d, const struct intake_config *conf)
{
	CURL	*c = d->curl;
	long	 ssl;

	switch (conf->tls) {
	case INTAKE_TLS_OFF:
		ssl = CURLUSESSL_NONE;
		break;
	case INTAKE_TLS_OPTIONAL:
		ssl = CURLUSESSL_TRY;
		break;
	default:
		/* No password before STARTTLS succeeded. */
		ssl = CURLUSESSL_ALL;
		break;
	}
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
	    conf->connect_timeout_ms > 0 ? conf->connect_timeout_ms :
	    INTAKE_CONNECT_TIMEOUT_MS);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, conf->timeout_ms > 0 ?
	    conf->timeout_ms : INTAKE_TIMEOUT_MS);
	curl_easy_setopt(c, CURLOPT_USE_SSL, ssl);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (conf->ca_file != NULL)
		curl_easy_setopt(c, CURLOPT_CAINFO, conf->ca_file);
	curl_easy_setopt(c, CURLOPT_USERNAME, d->user);
	curl_easy_setopt(c, CURLOPT_PASSWORD, d->password);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, d->errbuf);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, imap_write);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, d);
}

/* What a libcurl error means for the caller, and a cause saying what to
 * do about it.  The cause never contains the password (libcurl's error
 * buffer does not either). */
static int
imap_fail(struct imap_data *d, CURLcode rc, const char *what, char **cause)
{
	const char	*detail = d->errbuf[0] != '\0' ? d->errbuf :
			    curl_easy_strerror(rc);
	const char	*hint;
	int		 st = INTAKE_PERM;

	switch (rc) {
	case CURLE_LOGIN_DENIED:
		/* libcurl reports a failed SELECT with the same code. */
		if (strstr(detail, "elect") != NULL)
			hint = "the folder cannot be selected: check the "
			    "folder in the mailbox URL";
		else
			hint = "login refused: check mailbox_user and "
			    "mailbox_password_file";
		break;
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_ISSUER_ERROR:
		hint = "the server's certificate could not be verified: "
		    "set ca_file to the CA that signed it";
		break;
	case CURLE_SSL_CACERT_BADFILE:
		hint = "the ca_file cannot be loaded";
		break;
	case CURLE_USE_SSL_FAILED:
		hint = "the server offers no STARTTLS, and tls = required "
		    "never sends a password in clear";
		break;
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_URL_MALFORMAT:
	case CURLE_NOT_BUILT_IN:
		hint = "check the mailbox URL";
		break;
	case CURLE_QUOTE_ERROR:
		hint = "the server refused the command";
		st = INTAKE_TEMP;
		break;
	default:
		hint = "will try again at the next poll";
		st = INTAKE_TEMP;
		break;
	}
	*cause = xasprintf("%s: %s: %s (%s)", d->base, what, hint, detail);
	return st;
}

/* Runs one request: a custom command on the folder, or (custom NULL) the
 * transfer url names.  The response is in d->resp. */
static int
imap_do(struct imap_data *d, const char *url, const char *custom,
    const char *what, char **cause)
{
	CURLcode	rc;

	buf_reset(&d->resp);
	d->over = 0;
	d->errbuf[0] = '\0';
	curl_easy_setopt(d->curl, CURLOPT_URL, url);
	/* It stays set on the handle: reset it for fetches. */
	curl_easy_setopt(d->curl, CURLOPT_CUSTOMREQUEST, custom);
	rc = d->rc = curl_easy_perform(d->curl);
	if (rc == CURLE_OK)
		return INTAKE_OK;
	return imap_fail(d, rc, what, cause);
}

static int
imap_uid_cmp(const void *a, const void *b)
{
	unsigned long	x = *(const unsigned long *)a;
	unsigned long	y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static void
imap_add_uid(struct imap_data *d, unsigned long uid, size_t *cap)
{
	if (d->nuids == *cap) {
		*cap = *cap ? *cap * 2 : 32;
		d->uids = xreallocarray(d->uids, *cap, sizeof *d->uids);
	}
	d->uids[d->nuids++] = uid;
}

/* Collects the UIDs of the "* SEARCH n n ..." lines in d->resp (libcurl
 * passes every untagged line of the response, verbatim). */
static void
imap_parse_search(struct imap_data *d)
{
	const char	*p = buf_str(&d->resp), *eol;
	unsigned long long v;
	size_t		 cap = 0, i, k;
	int		 digits;

	for (; *p != '\0'; p = *eol != '\0' ? eol + 1 : eol) {
		eol = p + strcspn(p, "\n");
		if (strncmp(p, "* SEARCH", 8) != 0)
			continue;
		for (p += 8, v = 0, digits = 0; p <= eol; p++) {
			if (p < eol && *p >= '0' && *p <= '9') {
				v = v * 10 + (unsigned long long)(*p - '0');
				/* Anything over 32 bits is no UID. */
				if (v > IMAP_UID_MAX)
					v = IMAP_UID_MAX + 1ULL;
				digits++;
				continue;
			}
			if (digits > 0 && v >= 1 && v <= IMAP_UID_MAX)
				imap_add_uid(d, (unsigned long)v, &cap);
			v = 0;
			digits = 0;
		}
	}
	if (d->nuids > 1)
		qsort(d->uids, d->nuids, sizeof *d->uids, imap_uid_cmp);
	for (i = k = 0; i < d->nuids; i++)
		if (k == 0 || d->uids[k - 1] != d->uids[i])
			d->uids[k++] = d->uids[i];
	d->nuids = k;
}

static void
imap_free(struct imap_data *d)
{
	if (d->curl != NULL)
		curl_easy_cleanup(d->curl);
	if (d->password != NULL) {
		explicit_bzero(d->password, strlen(d->password));
		free(d->password);
	}
	buf_free(&d->resp);
	free(d->base);
	free(d->user);
	free(d->processed);
	free(d->quarantine);
	free(d->uids);
	free(d->pending);
	free(d);
}

/* Everything but the network: URL, options, password.  OK or PERM. */
static int
imap_check(struct imap_data *d, const char *url,
    const struct intake_config *conf, char **cause)
{
	char	*host = NULL;
	int	 r;

	if ((r = imap_parse_url(d, url, &host, cause)) != INTAKE_OK)
		goto out;
	r = INTAKE_PERM;
	if (conf->tls == INTAKE_TLS_OFF && strncmp(url, "imaps:", 6) != 0 &&
	    !imap_is_loopback(host)) {
		*cause = xasprintf("mailbox '%s': tls = off is only allowed "
		    "for a loopback server (127.0.0.1, ::1, localhost); use "
		    "tls = required", url);
		goto out;
	}
	if (conf->user == NULL || *conf->user == '\0' ||
	    conf->password_file == NULL || *conf->password_file == '\0') {
		*cause = xasprintf("mailbox '%s' needs mailbox_user and "
		    "mailbox_password_file", url);
		goto out;
	}
	if (conf->ca_file != NULL && access(conf->ca_file, R_OK) != 0) {
		*cause = xasprintf("ca_file: %s: %s", conf->ca_file,
		    strerror(errno));
		goto out;
	}
	if (conf->processed != NULL &&
	    (d->processed = imap_quote(conf->processed, cause)) == NULL)
		goto out;
	if (!intake_folder_ok(intake_quarantine_name(conf))) {
		*cause = xasprintf("quarantine folder '%s': use 1-64 of A-Z "
		    "a-z 0-9 _ - and inner dots", intake_quarantine_name(conf));
		goto out;
	}
	d->quarantine = imap_quote(intake_quarantine_name(conf), cause);
	d->user = xstrdup(conf->user);
	r = imap_read_password(d, conf->password_file, cause);
out:
	curl_free(host);
	return r;
}

static int
imap_open(struct intake *in, const char *url,
    const struct intake_config *conf, char **cause)
{
	struct imap_data	*d = xcalloc(1, sizeof *d);
	int			 r;

	d->max = intake_max_size(conf);
	if ((r = imap_check(d, url, conf, cause)) != INTAKE_OK)
		goto fail;
	if ((d->curl = curl_easy_init()) == NULL) {
		*cause = xstrdup("cannot start libcurl");
		r = INTAKE_TEMP;
		goto fail;
	}
	imap_setup(d, conf);
	if ((r = imap_do(d, d->base, "NOOP", "opening the session", cause)) !=
	    INTAKE_OK)
		goto fail;
	if ((r = imap_do(d, d->base, "UID SEARCH UNSEEN",
	    "searching for unseen mail", cause)) != INTAKE_OK)
		goto fail;
	imap_parse_search(d);
	d->pending = xreallocarray(NULL, d->nuids + 1, sizeof *d->pending);
	log_debug("%s: %zu unseen", d->base, d->nuids);
	in->data = d;
	return INTAKE_OK;
fail:
	imap_free(d);
	return r;
}

static void
imap_unpend(struct imap_data *d, unsigned long uid)
{
	size_t	i;

	for (i = 0; i < d->npending; i++) {
		if (d->pending[i] == uid) {
			d->pending[i] = d->pending[--d->npending];
			return;
		}
	}
}

static int
imap_next(struct intake *in, struct intake_msg **out, char **cause)
{
	struct imap_data	*d = in->data;
	struct intake_msg	*m;
	unsigned long		 uid;
	char			*url, *handle, *where;
	int			 r;

	while (d->next < d->nuids) {
		uid = d->uids[d->next++];
		/* From the fetch on, the server may have set \Seen. */
		d->pending[d->npending++] = uid;
		url = xasprintf("%s/;UID=%lu", d->base, uid);
		handle = xasprintf("%lu", uid);
		where = xasprintf("%s UID %lu", d->base, uid);
		r = imap_do(d, url, NULL, where, cause);
		if (r != INTAKE_OK && d->over) {
			free(*cause);
			*cause = xasprintf("%s is over the limit of %zu "
			    "bytes: refused", where, d->max);
			r = INTAKE_REJECT;
		}
		free(url);
		if (r == INTAKE_OK && d->resp.len == 0) {
			/* Expunged by another client since the search. */
			log_debug("%s vanished before it was fetched", where);
			imap_unpend(d, uid);
			free(handle);
			free(where);
			continue;
		}
		m = NULL;
		if (r == INTAKE_OK || r == INTAKE_REJECT) {
			m = intake_msg_new(handle, where);
			m->uid = uid;
			if (r == INTAKE_OK) {
				m->len = d->resp.len;
				m->raw = buf_detach(&d->resp);
			}
		}
		free(handle);
		free(where);
		*out = m;
		return r;
	}
	return INTAKE_DONE;
}

/* Moves the messages of set (UIDs: "7" or "7:9,12") to folder
 * (IMAP-quoted), creating the folder once per session (*created).  OK,
 * TEMP, PERM. */
static int
imap_move(struct imap_data *d, const char *set, const char *folder,
    int *created, const char *what, char **cause)
{
	char	*cmd;
	int	 r;

	if (!*created) {
		/* A NO is what an existing folder gets: if it is something
		 * else, the MOVE below says so. */
		cmd = xasprintf("CREATE %s", folder);
		r = imap_do(d, d->base, cmd, what, cause);
		free(cmd);
		if (r != INTAKE_OK && d->rc == CURLE_QUOTE_ERROR) {
			free(*cause);
			*cause = NULL;
			r = INTAKE_OK;
		}
		if (r != INTAKE_OK)
			return r;
		*created = 1;
	}
	cmd = xasprintf("UID MOVE %s %s", set, folder);
	r = imap_do(d, d->base, cmd, what, cause);
	free(cmd);
	return r;
}

/* Flags the messages of set \\Seen.  OK, TEMP, PERM. */
static int
imap_seen(struct imap_data *d, const char *set, char **cause)
{
	char	*cmd;
	int	 r;

	cmd = xasprintf("UID STORE %s +FLAGS (\\Seen)", set);
	r = imap_do(d, d->base, cmd, "marking it \\Seen", cause);
	free(cmd);
	return r;
}

/* The UIDs of msgs as an IMAP sequence set, runs of consecutive UIDs as
 * ranges ("3:7,9"): the batch is in fetch order, which is ascending, so
 * a poll's batch is mostly one range.  Owned by the caller. */
static char *
imap_uid_set(struct intake_msg *const *msgs, size_t n)
{
	struct buf	b = BUF_INIT;
	size_t		i, j;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && msgs[j]->uid == msgs[j - 1]->uid + 1;
		    j++)
			continue;
		buf_printf(&b, "%s%lu", i > 0 ? "," : "", msgs[i]->uid);
		if (j - i > 1)
			buf_printf(&b, ":%lu", msgs[j - 1]->uid);
	}
	return buf_detach(&b);
}

/* \\Seen, then the move to the processed folder, of the whole list in
 * one command each: a batch of 256 mails is two round trips, not 512.
 * UIDs another client expunged meanwhile are skipped by the server (RFC
 * 3501 6.4.8), and flagging or moving a message twice is harmless, so a
 * caller may mark the list again one by one after a failure. */
static int
imap_commit_list(struct intake *in, struct intake_msg **msgs, size_t n,
    char **cause)
{
	struct imap_data	*d = in->data;
	char			*set;
	size_t			 i;
	int			 r;

	if (n == 0)
		return INTAKE_OK;
	set = imap_uid_set(msgs, n);
	r = imap_seen(d, set, cause);
	if (r == INTAKE_OK)
		for (i = 0; i < n; i++)
			imap_unpend(d, msgs[i]->uid);
	if (r == INTAKE_OK && d->processed != NULL)
		r = imap_move(d, set, d->processed, &d->created,
		    "moving them to the processed folder", cause);
	free(set);
	return r;
}

static int
imap_commit(struct intake *in, struct intake_msg *m, char **cause)
{
	return imap_commit_list(in, &m, 1, cause);
}

/* \Seen first: if the move fails, the message is out of the queue all
 * the same (the search is for unseen mail), and stays for a person to
 * move. */
static int
imap_quarantine(struct intake *in, struct intake_msg *m, char **cause)
{
	struct imap_data	*d = in->data;
	char			 set[24];
	int			 r;

	snprintf(set, sizeof set, "%lu", m->uid);
	if ((r = imap_seen(d, set, cause)) != INTAKE_OK)
		return r;
	imap_unpend(d, m->uid);
	return imap_move(d, set, d->quarantine, &d->qcreated,
	    "moving it to the quarantine folder", cause);
}

static int
imap_abort(struct intake *in, struct intake_msg *m, char **cause)
{
	struct imap_data	*d = in->data;
	char			*cmd, *what;
	int			 r;

	cmd = xasprintf("UID STORE %lu -FLAGS (\\Seen)", m->uid);
	what = xasprintf("UID %lu stays flagged \\Seen, so it will not be "
	    "fetched until the flag is removed", m->uid);
	r = imap_do(d, d->base, cmd, what, cause);
	free(cmd);
	free(what);
	if (r == INTAKE_OK)
		imap_unpend(d, m->uid);
	return r;
}

static void
imap_close(struct intake *in)
{
	struct imap_data	*d = in->data;
	struct intake_msg	 m;
	char			*cause = NULL;

	if (d == NULL)
		return;
	memset(&m, 0, sizeof m);
	while (d->npending > 0) {
		m.uid = d->pending[d->npending - 1];
		if (imap_abort(in, &m, &cause) != INTAKE_OK) {
			log_warn("%s", cause);
			free(cause);
			cause = NULL;
			d->npending--;
		}
	}
	imap_free(d);
	in->data = NULL;
}

const struct intake_ops intake_imap_ops = {
	"imap", imap_open, imap_next, imap_commit, imap_abort,
	imap_quarantine, imap_close, imap_commit_list
};
