/* send-file.c: the file: driver, every mail into one local Maildir (the
 * embedded default: the demo and a small private game need no server).
 *
 * A message is written whole into tmp/ under a unique name; at the
 * flush it is linked into new/ and its tmp/ name removed (the Maildir
 * protocol), so a reader never sees a partial file.  link() rather than
 * rename() because link never replaces an existing file.  Like a
 * delivery agent, the driver puts Return-Path and Delivered-To (the
 * envelope) on top and stores LF line ends.  Opening the driver removes
 * what a crash left in tmp/ more than a day ago.
 *
 * Nothing is synced as it is written: file_flush makes every message
 * written since the last flush durable at once (send.h).  First the
 * files' data, with one syncfs(2) of the Maildir's file system where
 * there is one (Linux), or else an fsync of each file, held open until
 * then; then the links into new/, and one fsync of new/.  So a power cut
 * leaves a message either whole in new/ or not there, never an empty
 * file, and a crash before the flush leaves only files in tmp/.  Two
 * syncs a batch instead of two a mail (the file and its directory),
 * which cost several milliseconds each on a shared disk, most of the
 * wall time of an intake cycle (bench/README.md, "Batched outbox").  The
 * outbox flushes before it marks a row sent. */
#include "config.h"

/* syncfs(2) is a GNU extension of unistd.h; config.h includes nothing,
 * so this still comes before any system header.  NV_NO_SYNCFS builds
 * the fallback (test_send_nosyncfs). */
#if defined(HAVE_SYNCFS) && !defined(NV_NO_SYNCFS)
#define _GNU_SOURCE	1
#define USE_SYNCFS	1
#else
#define USE_SYNCFS	0
#endif

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
/* Without syncfs, the most files held open for the next flush; past
 * them a file is synced as it is written (bounded descriptors, for a
 * caller that flushes seldom). */
#define HELD_MAX	128

struct maildir {
	char		*path;
	char		*host;		/* for unique names, made safe */
	unsigned	 count;		/* deliveries by this process */
	char		**names;	/* written to tmp/ since the last
					   flush, to link into new/ */
	size_t		 nnames, cap;
	int		 held[HELD_MAX];	/* without syncfs: the first
					   files, still to be synced */
	size_t		 nheld;
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

/* 1 when a file written now is to be held open for the flush to sync;
 * 0 when it needs no sync of its own (syncfs syncs it) or must be
 * synced at once (no room to hold it). */
static int
hold_file(const struct maildir *md)
{
	return !USE_SYNCFS && md->nheld < HELD_MAX;
}

/* Writes tmp/name, for the flush to link.  0, 1 (the name is taken: try
 * another) or -1 with errno.  The file is not synced unless it cannot
 * wait for the flush (see hold_file). */
static int
deliver(struct maildir *md, const char *name, const char *data, size_t len)
{
	char	*tmp;
	int	 fd, ok, saved, hold = hold_file(md);

	tmp = xasprintf("%s/tmp/%s", md->path, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		saved = errno;
		free(tmp);
		errno = saved;
		return saved == EEXIST ? 1 : -1;
	}
	ok = write_all(fd, data, len) == 0 &&
	    (hold || USE_SYNCFS || fsync(fd) == 0);
	saved = errno;
	if (!hold || !ok) {
		if (close(fd) != 0 && ok) {
			ok = 0;
			saved = errno;
		}
	} else
		md->held[md->nheld++] = fd;
	if (!ok)
		unlink(tmp);
	free(tmp);
	if (!ok) {
		errno = saved;
		return -1;
	}
	if (md->nnames == md->cap) {
		md->cap = md->cap == 0 ? 16 : md->cap * 2;
		md->names = xreallocarray(md->names, md->cap,
		    sizeof *md->names);
	}
	md->names[md->nnames++] = xstrdup(name);
	return 0;
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

/* Links tmp/name into new/ (under another unique name if that one is
 * taken there) and removes the tmp/ name.  0, or -1 with errno. */
static int
publish(struct maildir *md, const char *name)
{
	char	*tmp, *new, *other = NULL;
	int	 rc, i, saved;

	tmp = xasprintf("%s/tmp/%s", md->path, name);
	new = xasprintf("%s/new/%s", md->path, name);
	rc = link(tmp, new);
	for (i = 0; rc != 0 && errno == EEXIST && i < NAME_TRIES; i++) {
		free(other);
		other = unique_name(md);
		free(new);
		new = xasprintf("%s/new/%s", md->path, other);
		rc = link(tmp, new);
	}
	saved = errno;
	if (rc == 0)
		unlink(tmp);
	free(other);
	free(tmp);
	free(new);
	errno = saved;
	return rc;
}

/* The files written since the last flush: their data synced, linked
 * into new/, new/ synced.  0, or -1 with errno and *what naming the step
 * that failed; *linked is how many were linked.  Opening new/ again,
 * rather than keeping a descriptor, also finds a Maildir removed
 * meanwhile. */
static int
sync_pending(struct maildir *md, const char **what, size_t *linked)
{
	char	*dir;
	size_t	 i;
	int	 fd, rc = 0, saved;

	*linked = 0;
	dir = xasprintf("%s/new", md->path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd < 0) {
		*what = "cannot open new/";
		return -1;
	}
#if USE_SYNCFS
	if (syncfs(fd) != 0) {
		*what = "syncfs";
		rc = -1;
	}
#endif
	for (i = 0; rc == 0 && i < md->nheld; i++)
		if (fsync(md->held[i]) != 0) {
			*what = "fsync";
			rc = -1;
		}
	for (i = 0; rc == 0 && i < md->nnames; i++) {
		if (publish(md, md->names[i]) == 0)
			(*linked)++;
		else {
			*what = "link into new/";
			rc = -1;
		}
	}
	if (rc == 0 && fsync(fd) != 0) {
		*what = "fsync of new/";
		rc = -1;
	}
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

/* Forgets the files of the last flush: closes the held ones, removes
 * from tmp/ those not linked (from the linked-th on). */
static void
forget_pending(struct maildir *md, size_t linked)
{
	char	*tmp;
	size_t	 i;

	for (i = 0; i < md->nheld; i++)
		close(md->held[i]);
	md->nheld = 0;
	for (i = 0; i < md->nnames; i++) {
		if (i >= linked) {
			tmp = xasprintf("%s/tmp/%s", md->path, md->names[i]);
			unlink(tmp);
			free(tmp);
		}
		free(md->names[i]);
	}
	md->nnames = 0;
}

static int
file_flush(void *data, char **cause)
{
	struct maildir	*md = data;
	const char	*what = "";
	size_t		 n = md->nnames, linked;
	int		 rc, saved;

	if (n == 0)
		return SEND_OK;
	rc = sync_pending(md, &what, &linked);
	saved = errno;
	forget_pending(md, linked);
	if (rc == 0)
		return SEND_OK;
	/* Whatever the error, none of them may be counted as kept: they
	 * are written again (those already linked may then be there
	 * twice). */
	*cause = xasprintf("file:%s: %zu mail(s) written since the last "
	    "flush may not be on disk: %s: %s", md->path, n, what,
	    strerror(saved));
	return SEND_TEMP;
}

static void
file_close(void *data)
{
	struct maildir	*md = data;

	if (md == NULL)
		return;
	/* Not flushed, so not delivered: they are removed from tmp/. */
	forget_pending(md, 0);
	free(md->names);
	free(md->path);
	free(md->host);
	free(md);
}

const struct send_driver send_file_driver = {
	.name = "file",
	.match = file_match,
	.open = file_open,
	.send = file_send,
	.close = file_close,
	.flush = file_flush,
};
