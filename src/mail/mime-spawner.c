/* mime-spawner.c: mail_parse_child() for a whole cycle of mail, each mail
 * still parsed in a fresh child (mime.h, docs/intake.md).
 *
 * Why: forking the daemon for every mail costs more than parsing it.  The
 * daemon is big when its mail comes in (the cycle's compiled template, its
 * games' rulesets and states): fork copies its page tables, and every page
 * the daemon writes afterwards faults to be copied again.  The spawner is
 * forked once, at the start of the cycle while the daemon is small, and
 * only forks: each mail is parsed by a child of the spawner, made for that
 * mail alone and gone with it, with the limits and the checks of
 * mail_parse_child.  The boundary is the same: no process parses two
 * mails, and nothing the parser does reaches the daemon but the bytes of
 * its answer, which are checked as before.
 *
 * The spawner never parses and never reads the mail's answer; it is as
 * trusted as the daemon, which talks to it over a socket pair:
 *
 *   daemon   "the length of the mail" (8 bytes) with the write end of a
 *            fresh pipe (SCM_RIGHTS), then the mail's bytes
 *   spawner  forks the child, which closes the socket first, then parses
 *            and answers on the pipe; sends the child's pid (4 bytes, -1
 *            when fork failed, then errno, 4 bytes)
 *   daemon   reads the answer from the pipe (at most the bound, at most
 *            timeout_ms; kills the child by its pid if it must: the child
 *            is not reaped yet, so the pid cannot be another's), then
 *            sends one byte: reap
 *   spawner  waits for the child and sends its wait status (4 bytes)
 *
 * A pipe per mail, not one for the cycle: a child that left a process
 * behind could otherwise write into the next mail's answer.  When the
 * spawner cannot be reached before a child was forked, the mail is parsed
 * by mail_parse_child and the spawner is not used again; when it is lost
 * with a child running, the mail is MAIL_CHILD_TEMP (tried at the next
 * poll, no failure counted). */
#include "config.h"

#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "xalloc.h"

struct mail_spawner {
	int			 fd;	/* the socket; -1: not used again */
	pid_t			 pid;	/* the spawner */
	struct mail_limits	 l;
};

/* --- both ends -------------------------------------------------------------- */

/* Writes all of p: 0, or -1 (the other end is gone). */
static int
send_all(int fd, const void *p, size_t n)
{
	const char	*c = p;
	ssize_t		 w;

	while (n > 0) {
		w = send(fd, c, n, MSG_NOSIGNAL);
		if (w == -1 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Reads exactly n bytes: 0, or -1 (an error, or the end first). */
static int
recv_all(int fd, void *p, size_t n)
{
	char	*c = p;
	ssize_t	 r;

	while (n > 0) {
		r = read(fd, c, n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* --- the spawner ------------------------------------------------------------ */

/* The next request: 0 with the mail's length and its pipe, -1 at the
 * end of the cycle (the daemon closed the socket) or on an error. */
static int
request(int sock, uint64_t *len, int *pfd)
{
	struct msghdr	 mh;
	struct iovec	 iov;
	struct cmsghdr	*cm;
	union {
		char		buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr	align;
	}		 u;
	ssize_t		 r;

	*pfd = -1;
	memset(&mh, 0, sizeof mh);
	iov.iov_base = len;
	iov.iov_len = sizeof *len;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof u.buf;
	while ((r = recvmsg(sock, &mh, 0)) == -1 &&
	    errno == EINTR)
		;
	cm = r > 0 ? CMSG_FIRSTHDR(&mh) : NULL;
	if (cm != NULL && cm->cmsg_level == SOL_SOCKET &&
	    cm->cmsg_type == SCM_RIGHTS)
		memcpy(pfd, CMSG_DATA(cm), sizeof *pfd);
	if (r != (ssize_t)sizeof *len || *pfd == -1) {
		if (*pfd != -1)
			close(*pfd);
		return -1;
	}
	return 0;
}

/* One mail: its bytes read, its child forked and reaped when the daemon
 * says so.  0, or -1 when the daemon is gone. */
static int
spawn_one(int sock, const struct mail_limits *l)
{
	uint64_t	 len;
	int32_t		 ans[2], wst;
	char		*raw, reap;
	pid_t		 pid;
	int		 pfd, st = 0;

	if (request(sock, &len, &pfd) != 0)
		return -1;
	if (len > MAIL_RAW_MAX) {
		close(pfd);
		return -1;
	}
	raw = xmalloc(len + 1);
	if (recv_all(sock, raw, len) != 0) {
		close(pfd);
		free(raw);
		return -1;
	}
	if ((pid = fork()) == 0) {
		close(sock);
		mime_child_main(pfd, raw, len, l);
	}
	ans[0] = (int32_t)pid;
	ans[1] = pid == -1 ? errno : 0;
	close(pfd);
	free(raw);
	if (send_all(sock, ans, sizeof ans) != 0 || pid == -1)
		return pid == -1 ? 0 : -1;
	/* The daemon says when: until then the child stays ours, dead or
	 * not, and its pid names it alone. */
	if (recv_all(sock, &reap, 1) != 0)
		(void)kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) == -1 && errno == EINTR)
		;
	wst = st;
	return send_all(sock, &wst, sizeof wst);
}

static void __attribute__((noreturn))
spawner(int sock, const struct mail_limits *l)
{
	struct sigaction	 sa;
	static const int	 sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE,
	    SIGABRT, SIGSYS, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD };
	size_t			 i;

	/* Nothing of the daemon's handlers: a signal to the process group
	 * stops the spawner, and the daemon sees its socket close. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	while (spawn_one(sock, l) == 0)
		;
	close(sock);
	_exit(0);
}

/* --- the daemon's side ------------------------------------------------------- */

int
mail_spawner_start(const struct mail_limits *lim, struct mail_spawner **out,
    char **cause)
{
	struct mail_spawner	*sp;
	int			 sv[2];
	pid_t			 pid;

	*out = NULL;
	*cause = NULL;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == -1) {
		*cause = xasprintf("cannot start the parser: socketpair: %s",
		    strerror(errno));
		return -1;
	}
	sp = xcalloc(1, sizeof *sp);
	mime_child_limits(lim, &sp->l);
	if ((pid = fork()) == -1) {
		*cause = xasprintf("cannot start the parser: fork: %s",
		    strerror(errno));
		close(sv[0]);
		close(sv[1]);
		free(sp);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		spawner(sv[1], &sp->l);
	}
	close(sv[1]);
	sp->fd = sv[0];
	sp->pid = pid;
	*out = sp;
	return 0;
}

/* Sends the request: 0, or -1 (the spawner is gone). */
static int
ask(struct mail_spawner *sp, const char *raw, size_t len, int pfd)
{
	struct msghdr	 mh;
	struct iovec	 iov;
	struct cmsghdr	*cm;
	union {
		char		buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr	align;
	}		 u;
	uint64_t	 n = len;
	ssize_t		 w;

	memset(&mh, 0, sizeof mh);
	memset(&u, 0, sizeof u);
	iov.iov_base = &n;
	iov.iov_len = sizeof n;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof u.buf;
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof pfd);
	memcpy(CMSG_DATA(cm), &pfd, sizeof pfd);
	while ((w = sendmsg(sp->fd, &mh, MSG_NOSIGNAL)) == -1 &&
	    errno == EINTR)
		;
	if (w != (ssize_t)sizeof n)
		return -1;
	return send_all(sp->fd, raw, len);
}

/* The spawner is not used again (the rest of the cycle forks per mail). */
static void
drop(struct mail_spawner *sp)
{
	if (sp->fd != -1)
		close(sp->fd);
	sp->fd = -1;
}

int
mail_spawner_parse(struct mail_spawner *sp, const char *raw, size_t len,
    struct mail_msg **out, char **cause)
{
	struct buf	 b = BUF_INIT;
	int32_t		 ans[2], wst;
	int		 p[2], how, rc;
	char		 reap = 'r';

	*out = NULL;
	*cause = NULL;
	if (sp == NULL || sp->fd == -1 || len > MAIL_RAW_MAX)
		return mail_parse_child(raw, len, sp != NULL ? &sp->l : NULL,
		    out, cause);
	if (pipe(p) == -1) {
		*cause = xasprintf("cannot start the parser: pipe: %s",
		    strerror(errno));
		return MAIL_CHILD_TEMP;
	}
	rc = ask(sp, raw, len, p[1]);
	close(p[1]);
	if (rc != 0 || recv_all(sp->fd, ans, sizeof ans) != 0) {
		/* No child was made for this mail: one of our own. */
		close(p[0]);
		drop(sp);
		return mail_parse_child(raw, len, &sp->l, out, cause);
	}
	if (ans[0] == -1) {
		close(p[0]);
		*cause = xasprintf("cannot start the parser: fork: %s",
		    strerror(ans[1]));
		return MAIL_CHILD_TEMP;
	}
	how = mime_child_collect(p[0], &b, MAIL_CHILD_OUTPUT(len),
	    sp->l.timeout_ms);
	close(p[0]);
	/* A child that is not done is stopped: it can have nothing more to
	 * say that would be believed. */
	if (how != 0)
		(void)kill((pid_t)ans[0], SIGKILL);
	if (send_all(sp->fd, &reap, 1) != 0 ||
	    recv_all(sp->fd, &wst, sizeof wst) != 0) {
		drop(sp);
		buf_free(&b);
		*cause = xstrdup("the parser's spawner stopped with the mail "
		    "in hand");
		return MAIL_CHILD_TEMP;
	}
	rc = mime_child_judge((int)wst, how, len, &sp->l, &b, out, cause);
	buf_free(&b);
	return rc;
}

void
mail_spawner_stop(struct mail_spawner *sp)
{
	if (sp == NULL)
		return;
	drop(sp);
	while (waitpid(sp->pid, NULL, 0) == -1 && errno == EINTR)
		;
	free(sp);
}
