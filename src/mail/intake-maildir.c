/* intake-maildir.c: the maildir: driver, a local Maildir.
 *
 * What is offered: every message in new/, and every message in cur/ that
 * is neither Seen (S) nor Trashed (T).  cur/ is read too because a mail
 * client that merely lists the Maildir moves new mail to cur/ without the
 * S flag: such mail was never processed, and nothing may be lost.  The S
 * flag is what "processed" means here, whichever directory a message is
 * in.
 *
 * The order is deterministic: by the unique part of the file name (before
 * the ":2," info), which for every delivery agent in use starts with the
 * delivery time, then by directory and full name.  The directory is read
 * once, at open: mail that arrives during a poll waits for the next one.
 *
 * Commit renames the file (rename(2) is atomic) to cur/UNIQUE:2,FLAGS with
 * S added to its flags.  Abort does nothing.  A file that vanishes before
 * it is read (another reader took it) is skipped.  A symbolic link,
 * anything but a regular file, or a file over the size limit is REJECT:
 * the daemon logs it and quarantines it.  Quarantine renames the file to
 * the Maildir++ folder .Quarantine (created if missing) as new/UNIQUE: a
 * mail program shows it beside the inbox, unread, and it is never
 * offered again. */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "intake.h"
#include "intake-int.h"
#include "log.h"
#include "xalloc.h"

struct md_entry {
	const char	*sub;	/* "new" or "cur" (static) */
	char		*name;	/* the file name, as in the directory */
};

struct md_data {
	char		*path;	/* the Maildir */
	char		*quarantine;	/* its quarantine folder */
	struct md_entry	*v;
	size_t		 n, cap, next;
	size_t		 max;
};

/* The info part's flags of a cur/ name ("" if it has none). */
static const char *
md_flags(const char *name)
{
	const char	*info = strstr(name, ":2,");

	return info != NULL ? info + 3 : "";
}

static int
md_cmp(const void *a, const void *b)
{
	const struct md_entry	*x = a, *y = b;
	size_t			 nx = strcspn(x->name, ":");
	size_t			 ny = strcspn(y->name, ":");
	int			 c;

	c = strncmp(x->name, y->name, nx < ny ? nx : ny);
	if (c != 0)
		return c;
	if (nx != ny)
		return nx < ny ? -1 : 1;
	if ((c = strcmp(x->sub, y->sub)) != 0)
		return -c;	/* "new" before "cur" */
	return strcmp(x->name, y->name);
}

/* A failure on the Maildir itself: missing or forbidden is a
 * configuration error, anything else may pass. */
static int
md_errno_status(int err)
{
	switch (err) {
	case ENOENT:
	case ENOTDIR:
	case EACCES:
	case EPERM:
	case ELOOP:
	case ENAMETOOLONG:
		return INTAKE_PERM;
	default:
		return INTAKE_TEMP;
	}
}

static int
md_scan(struct md_data *md, const char *sub, char **cause)
{
	DIR		*d;
	struct dirent	*de;
	char		*dir;
	int		 err;

	dir = xasprintf("%s/%s", md->path, sub);
	if ((d = opendir(dir)) == NULL) {
		err = errno;
		if (err == ENOENT)
			*cause = xasprintf("maildir:%s is not a Maildir: %s "
			    "is missing (a Maildir has cur/, new/ and tmp/)",
			    md->path, dir);
		else
			*cause = xasprintf("maildir:%s: cannot read %s: %s",
			    md->path, dir, strerror(err));
		free(dir);
		return md_errno_status(err);
	}
	while ((errno = 0, de = readdir(d)) != NULL) {
		/* Dot files are not messages (Maildir convention). */
		if (de->d_name[0] == '.')
			continue;
		if (strcmp(sub, "cur") == 0 &&
		    strpbrk(md_flags(de->d_name), "ST") != NULL)
			continue;
		if (md->n == md->cap) {
			md->cap = md->cap ? md->cap * 2 : 16;
			md->v = xreallocarray(md->v, md->cap, sizeof *md->v);
		}
		md->v[md->n].sub = strcmp(sub, "new") == 0 ? "new" : "cur";
		md->v[md->n].name = xstrdup(de->d_name);
		md->n++;
	}
	err = errno;
	closedir(d);
	if (err != 0) {
		*cause = xasprintf("maildir:%s: cannot read %s: %s", md->path,
		    dir, strerror(err));
		free(dir);
		return INTAKE_TEMP;
	}
	free(dir);
	return INTAKE_OK;
}

static void
md_free(struct md_data *md)
{
	size_t	i;

	for (i = 0; i < md->n; i++)
		free(md->v[i].name);
	free(md->v);
	free(md->path);
	free(md->quarantine);
	free(md);
}

static int
md_open(struct intake *in, const char *rest, const struct intake_config *conf,
    char **cause)
{
	struct md_data	*md;
	struct stat	 st;
	int		 r;

	if (*rest == '\0') {
		*cause = xstrdup("mailbox 'maildir:' names no directory: use "
		    "maildir:/path/to/Maildir");
		return INTAKE_PERM;
	}
	if (stat(rest, &st) == -1) {
		*cause = xasprintf("maildir:%s: no such Maildir: %s", rest,
		    strerror(errno));
		return md_errno_status(errno);
	}
	if (!S_ISDIR(st.st_mode)) {
		*cause = xasprintf("maildir:%s is not a directory", rest);
		return INTAKE_PERM;
	}
	if (!intake_folder_ok(intake_quarantine_name(conf))) {
		*cause = xasprintf("quarantine folder '%s': use 1-64 of A-Z "
		    "a-z 0-9 _ - and inner dots", intake_quarantine_name(conf));
		return INTAKE_PERM;
	}
	md = xcalloc(1, sizeof *md);
	md->path = xstrdup(rest);
	md->quarantine = xasprintf("%s/.%s", rest,
	    intake_quarantine_name(conf));
	md->max = intake_max_size(conf);
	if ((r = md_scan(md, "new", cause)) != INTAKE_OK ||
	    (r = md_scan(md, "cur", cause)) != INTAKE_OK) {
		md_free(md);
		return r;
	}
	if (md->n > 1)
		qsort(md->v, md->n, sizeof *md->v, md_cmp);
	in->data = md;
	return INTAKE_OK;
}

/* Reads one entry.  OK (*out set), REJECT (*out set, no content), TEMP,
 * or DONE when the file vanished (the caller moves on). */
static int
md_read(struct md_data *md, const struct md_entry *e, struct intake_msg **out,
    char **cause)
{
	struct intake_msg	*m;
	struct stat		 st;
	char			*file, *handle, *where;
	int			 fd, r;

	handle = xasprintf("%s/%s", e->sub, e->name);
	file = xasprintf("%s/%s", md->path, handle);
	where = xasprintf("maildir:%s", file);
	m = intake_msg_new(handle, where);
	free(handle);
	free(where);
	r = INTAKE_OK;
	fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1) {
		if (errno == ENOENT) {
			log_debug("%s: vanished before it was read", file);
			r = INTAKE_DONE;
		} else if (errno == ELOOP) {
			*cause = xasprintf("%s is a symbolic link: refused",
			    file);
			r = INTAKE_REJECT;
		} else if (errno == EMFILE || errno == ENFILE ||
		    errno == ENOMEM || errno == EIO) {
			*cause = xasprintf("%s: %s", file, strerror(errno));
			r = INTAKE_TEMP;
		} else {
			*cause = xasprintf("%s: %s", file, strerror(errno));
			r = INTAKE_REJECT;
		}
		goto out;
	}
	if (fstat(fd, &st) == -1) {
		*cause = xasprintf("%s: %s", file, strerror(errno));
		r = INTAKE_TEMP;
	} else if (!S_ISREG(st.st_mode)) {
		*cause = xasprintf("%s is not a regular file: refused", file);
		r = INTAKE_REJECT;
	} else if ((unsigned long long)st.st_size > md->max) {
		*cause = xasprintf("%s is %lld bytes long, over the limit of "
		    "%zu bytes: refused", file, (long long)st.st_size,
		    md->max);
		r = INTAKE_REJECT;
	} else {
		switch (intake_read_fd(fd, md->max, &m->raw, &m->len)) {
		case 1:
			*cause = xasprintf("%s grew over the limit of %zu "
			    "bytes while it was read: refused", file, md->max);
			r = INTAKE_REJECT;
			break;
		case -1:
			*cause = xasprintf("%s: read error: %s", file,
			    strerror(errno));
			r = INTAKE_TEMP;
			break;
		}
	}
	close(fd);
out:
	free(file);
	if (r == INTAKE_OK || r == INTAKE_REJECT)
		*out = m;
	else
		intake_msg_free(m);
	return r;
}

static int
md_next(struct intake *in, struct intake_msg **out, char **cause)
{
	struct md_data	*md = in->data;
	int		 r;

	while (md->next < md->n) {
		r = md_read(md, &md->v[md->next++], out, cause);
		if (r != INTAKE_DONE)
			return r;
	}
	return INTAKE_DONE;
}

/* "UNIQUE:2,FLAGS" with S added, the flags in ASCII order as the Maildir
 * specification asks.  Owned by the caller. */
static char *
md_seen_name(const char *name)
{
	const char	*flags = md_flags(name);
	char		 set[128] = { 0 }, out[129];
	size_t		 i, n = 0;

	for (i = 0; flags[i] != '\0'; i++)
		if ((unsigned char)flags[i] < 128 && flags[i] > ' ')
			set[(unsigned char)flags[i]] = 1;
	set['S'] = 1;
	for (i = 0; i < 128; i++)
		if (set[i])
			out[n++] = (char)i;
	out[n] = '\0';
	return xasprintf("%.*s:2,%s", (int)strcspn(name, ":"), name, out);
}

/* Moves a message (rename(2) is atomic).  A file that vanished (another
 * reader took it) is no error.  OK, TEMP, PERM. */
static int
md_rename(const char *src, const char *dst, const char *what, char **cause)
{
	int	err;

	if (rename(src, dst) == 0)
		return INTAKE_OK;
	if ((err = errno) == ENOENT) {
		log_warn("%s vanished before it was %s", src, what);
		return INTAKE_OK;
	}
	*cause = xasprintf("%s cannot be %s (rename to %s): %s", src, what,
	    dst, strerror(err));
	return err == EACCES || err == EPERM || err == EROFS ? INTAKE_PERM :
	    INTAKE_TEMP;
}

static int
md_commit(struct intake *in, struct intake_msg *m, char **cause)
{
	struct md_data	*md = in->data;
	const char	*name = strchr(m->handle, '/') + 1;
	char		*src, *dst, *seen;
	int		 r;

	/* No fsync of the directory: if the rename is lost in a crash, the
	 * message is offered again and recognised by its Message-ID. */
	seen = md_seen_name(name);
	src = xasprintf("%s/%s", md->path, m->handle);
	dst = xasprintf("%s/cur/%s", md->path, seen);
	r = md_rename(src, dst, "marked processed", cause);
	free(seen);
	free(src);
	free(dst);
	return r;
}

static int
md_abort(struct intake *in, struct intake_msg *m, char **cause)
{
	/* Nothing to undo: the message is where it was. */
	return INTAKE_OK;
}

/* Makes dir and its cur, new and tmp (a Maildir), as far as missing. */
static int
md_make(const char *dir, char **cause)
{
	static const char *const subs[] = { "", "/cur", "/new", "/tmp" };
	char	*p;
	size_t	 i;
	int	 err;

	for (i = 0; i < sizeof subs / sizeof subs[0]; i++) {
		p = xasprintf("%s%s", dir, subs[i]);
		if (mkdir(p, 0700) == -1 && errno != EEXIST) {
			err = errno;
			*cause = xasprintf("cannot make the quarantine folder "
			    "%s: %s", p, strerror(err));
			free(p);
			return md_errno_status(err);
		}
		free(p);
	}
	return INTAKE_OK;
}

static int
md_quarantine(struct intake *in, struct intake_msg *m, char **cause)
{
	struct md_data	*md = in->data;
	const char	*name = strchr(m->handle, '/') + 1;
	char		*src, *dst;
	int		 r;

	if ((r = md_make(md->quarantine, cause)) != INTAKE_OK)
		return r;
	src = xasprintf("%s/%s", md->path, m->handle);
	/* new/ without the info part: unread, as delivered. */
	dst = xasprintf("%s/new/%.*s", md->quarantine, (int)strcspn(name, ":"),
	    name);
	r = md_rename(src, dst, "quarantined", cause);
	free(src);
	free(dst);
	return r;
}

static void
md_close(struct intake *in)
{
	if (in->data != NULL)
		md_free(in->data);
	in->data = NULL;
}

const struct intake_ops intake_maildir_ops = {
	"maildir", md_open, md_next, md_commit, md_abort, md_quarantine,
	md_close, NULL
};
