/* send-file.c: the file: driver, every mail into one local Maildir (the
 * embedded default: the demo and a small private game need no server).
 *
 * A message is written whole into tmp/ under a unique name, synced, then
 * linked into new/ and its tmp/ name removed (the Maildir protocol), so a
 * reader never sees a partial file.  link() rather than rename() because
 * link never replaces an existing file.  Like a delivery agent, the
 * driver puts Return-Path and Delivered-To (the envelope) on top and
 * stores LF line ends.  Opening the driver removes what a crash left in
 * tmp/ more than a day ago. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "log.h"
#include "send.h"
#include "xalloc.h"

#define NAME_TRIES	5

struct maildir {
	char		*path;
	char		*host;		/* for unique names, made safe */
	unsigned	 count;		/* deliveries by this process */
};

static int
file_match(const char *url)
{
	return strncasecmp(url, "file:", 5) == 0;
}

static const char *
file_path(const char *url)
{
	url += 5;
	if (strncmp(url, "//", 2) == 0)
		url += 2;	/* file:///path */
	return url;
}

/* Creates dir unless it exists as a directory. */
static int
make_dir(const char *dir, char **cause)
{
	struct stat	sb;

	if (mkdir(dir, 0700) == 0 || (errno == EEXIST &&
	    stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode)))
		return 0;
	*cause = xasprintf("cannot use Maildir %s: %s", dir,
	    errno == EEXIST ? "not a directory" : strerror(errno));
	return -1;
}

/* The host name with '/' and ':' written as the Maildir spec says. */
static char *
safe_host(void)
{
	struct buf	b = BUF_INIT;
	char		host[256];
	size_t		i;

	if (gethostname(host, sizeof host) != 0)
		return xstrdup("localhost");
	host[sizeof host - 1] = '\0';
	for (i = 0; host[i] != '\0'; i++) {
		if (host[i] == '/')
			buf_adds(&b, "\\057");
		else if (host[i] == ':')
			buf_adds(&b, "\\072");
		else
			buf_addc(&b, host[i]);
	}
	return buf_detach(&b);
}

/* Removes the regular files in dir/tmp last changed more than
 * SEND_FILE_STALE seconds ago: what a crash between writing a message
 * and linking it left (a live delivery takes well under a second, and
 * its message is sent again from the outbox).  Best effort: a file that
 * cannot be removed is left for the next time.  The one clock read here
 * besides the unique names. */
static void
clean_tmp(const char *path)
{
	struct dirent	*de;
	struct stat	 sb;
	DIR		*d;
	char		*tmp;
	time_t		 now = time(NULL);
	int		 fd, n = 0;

	tmp = xasprintf("%s/tmp", path);
	d = opendir(tmp);
	if (d == NULL) {
		free(tmp);
		return;
	}
	fd = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (fstatat(fd, de->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(sb.st_mode) || now - sb.st_mtime <=
		    SEND_FILE_STALE)
			continue;
		if (unlinkat(fd, de->d_name, 0) == 0)
			n++;
	}
	closedir(d);
	if (n > 0)
		log_info("%s: removed %d stray file(s) older than a day", tmp,
		    n);
	free(tmp);
}

static int
file_open(const struct send_config *cf, void **data, char **cause)
{
	static const char *const subs[] = { "tmp", "new", "cur" };
	struct maildir	*md;
	const char	*path = file_path(cf->url);
	char		*sub;
	size_t		 i;
	int		 rc = 0;

	if (path[0] != '/') {
		*cause = xasprintf("bad Maildir URL \"%s\": use "
		    "file:/absolute/path/to/Maildir", cf->url);
		return SEND_PERM;
	}
	if (make_dir(path, cause) != 0)
		return SEND_PERM;
	for (i = 0; rc == 0 && i < sizeof subs / sizeof subs[0]; i++) {
		sub = xasprintf("%s/%s", path, subs[i]);
		rc = make_dir(sub, cause);
		free(sub);
	}
	if (rc != 0)
		return SEND_PERM;
	clean_tmp(path);
	md = xcalloc(1, sizeof *md);
	md->path = xstrdup(path);
	md->host = safe_host();
	*data = md;
	return SEND_OK;
}

/* "SECONDS.MmicrosPpidQcountRrandom.host" (the Maildir spec's style). */
static char *
unique_name(struct maildir *md)
{
	struct timespec	ts;
	uint32_t	r = 0;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
		r = 0;
	md->count++;
	return xasprintf("%lld.M%ldP%ldQ%uR%08x.%s", (long long)ts.tv_sec,
	    ts.tv_nsec / 1000, (long)getpid(), md->count, (unsigned)r,
	    md->host);
}

static int
write_all(int fd, const char *p, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		if ((n = write(fd, p, len)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The file's contents: envelope headers, then msg with LF line ends. */
static char *
file_contents(const char *from, const char *rcpt, const char *msg,
    size_t len, size_t *outlen)
{
	struct buf	b = BUF_INIT;
	size_t		i, start = 0;

	buf_printf(&b, "Return-Path: <%s>\nDelivered-To: %s\n", from, rcpt);
	for (i = 0; i + 1 < len; i++) {
		if (msg[i] != '\r' || msg[i + 1] != '\n')
			continue;
		buf_add(&b, msg + start, i - start);
		start = i + 1;
	}
	buf_add(&b, msg + start, len - start);
	*outlen = b.len;
	return buf_detach(&b);
}

static int
sync_dir(const char *dir)
{
	int	fd, rc;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Writes tmp/name and links it to new/name.  0, 1 (the name is taken:
 * try another) or -1 with errno. */
static int
deliver(struct maildir *md, const char *name, const char *data, size_t len)
{
	char	*tmp, *new;
	int	 fd, rc = -1, saved = 0, ok;

	tmp = xasprintf("%s/tmp/%s", md->path, name);
	new = xasprintf("%s/new/%s", md->path, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = errno == EEXIST ? 1 : -1;
		goto out;
	}
	ok = write_all(fd, data, len) == 0 && fsync(fd) == 0;
	saved = errno;
	if (close(fd) != 0 && ok) {
		ok = 0;
		saved = errno;
	}
	if (ok && link(tmp, new) == 0)
		rc = 0;
	else if (ok) {
		saved = errno;
		rc = errno == EEXIST ? 1 : -1;
	}
	unlink(tmp);
	if (rc == 0) {
		/* Delivered; a failed directory sync cannot be undone, and
		 * reporting it would send the message twice. */
		*strrchr(new, '/') = '\0';
		(void)sync_dir(new);
	}
	errno = saved;
out:
	free(tmp);
	free(new);
	return rc;
}

static int
file_send(void *data, const char *from, const char *rcpt, const char *msg,
    size_t len, char **cause)
{
	struct maildir	*md = data;
	char		*contents, *name = NULL;
	size_t		 n;
	int		 rc = 1, i;

	contents = file_contents(from, rcpt, msg, len, &n);
	for (i = 0; rc == 1 && i < NAME_TRIES; i++) {
		free(name);
		name = unique_name(md);
		rc = deliver(md, name, contents, n);
	}
	free(contents);
	free(name);
	if (rc == 0)
		return SEND_OK;
	/* A full or broken disk may heal: retry with backoff. */
	*cause = xasprintf("file:%s: mail to %s not written: %s", md->path,
	    rcpt, rc == 1 ? "no unique file name" : strerror(errno));
	return SEND_TEMP;
}

static void
file_close(void *data)
{
	struct maildir	*md = data;

	if (md == NULL)
		return;
	free(md->path);
	free(md->host);
	free(md);
}

const struct send_driver send_file_driver = {
	"file", file_match, file_open, file_send, file_close
};
