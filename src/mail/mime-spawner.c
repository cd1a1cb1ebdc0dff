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
 * trusted as the daemon, which talks to it over a socket pair, one
 * request at a time, each answered before the next is sent:
 *
 *   parse    the daemon sends a request 'P' with the mail's length and
 *            the write end of a fresh pipe (SCM_RIGHTS), then the mail's
 *            bytes; the spawner forks the child, which closes the socket
 *            first, then parses and answers on the pipe; the spawner
 *            answers the child's pid (4 bytes, -1 when fork failed or
 *            MAIL_PARSE_AHEAD children are not reaped yet, then errno,
 *            4 bytes) and closes its copy of the pipe
 *   reap     the daemon, once it read the answer from the pipe (at most
 *            the bound, at most timeout_ms; killing the child by its pid
 *            if it must: the child is not reaped yet, so the pid cannot
 *            be another's), sends a request 'R' with the pid; the
 *            spawner waits for that child and answers its wait status
 *            (4 bytes)
 *
 * Up to MAIL_PARSE_AHEAD children may be waiting to be reaped, so that
 * the daemon can start the next mail's parse before it works on the
 * mail in hand, and reap them in any order.  The spawner holds no pipe
 * between requests, so a child never holds another mail's pipe.  When
 * the daemon closes the socket (the end of the cycle, or the daemon
 * gone), the spawner kills and reaps the children it still has.
 *
 * A pipe per mail, not one for the cycle: a child that left a process
 * behind could otherwise write into the next mail's answer.  When the
 * spawner cannot be reached before a child was forked, the mail is parsed
 * by a child of the daemon's and the spawner is not used again; when it
 * is lost with a child running, the mail is MAIL_CHILD_TEMP (tried at the
 * next poll, no failure counted).
 *
 * What every child would do for itself, the spawner does once, at its
 * start, so that its children inherit it: iconv's module cache is
 * loaded, and the address space measured (a child's is that and what
 * the spawner's heap grew since, which malloc tells without a file). */
#include "config.h"

#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <malloc.h>
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
	struct mail_parse	*busy[MAIL_PARSE_AHEAD];	/* in flight */
	int			 own;	/* children of ours in flight */
	struct sigaction	 chld;	/* SIGCHLD's, while own > 0 */
};

/* One mail's parse.  rc >= 0: its outcome is known (out, cause); else
 * its child runs, named by pid, answering on fd. */
struct mail_parse {
	struct mail_spawner	*sp;	/* NULL: not in sp's busy */
	int			 fd;
	pid_t			 pid;
	int			 own;	/* 1: a child of ours, not the spawner's */
	size_t			 len;
	int			 rc;
	struct mail_msg		*out;
	char			*cause;
};

/* A request to the spawner. */
struct req {
	uint32_t	kind;		/* 'P' parse, 'R' reap */
	int32_t		pid;		/* R: the child */
	uint64_t	len;		/* P: the mail's bytes, after it */
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

/* What the spawner keeps: its children not reaped yet (0: a free slot),
 * its address space at its start. */
struct kids {
	pid_t	pid[MAIL_PARSE_AHEAD];
	size_t	as;		/* its address space at its start */
	size_t	heap;		/* its heap then (heap_size) */
};

/* The next request: 0 with it and, for 'P', its pipe in *pfd; -1 at the
 * end of the cycle (the daemon closed the socket) or on an error. */
static int
request(int sock, struct req *rq, int *pfd)
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
	iov.iov_base = rq;
	iov.iov_len = sizeof *rq;
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
	if (r > 0 && (size_t)r < sizeof *rq &&
	    recv_all(sock, (char *)rq + r, sizeof *rq - (size_t)r) != 0)
		r = -1;
	if (r <= 0 || (rq->kind == 'P') != (*pfd != -1)) {
		if (*pfd != -1)
			close(*pfd);
		return -1;
	}
	return 0;
}

/* The spawner's heap and its large blocks now, in bytes: what it maps
 * beyond its start, where only malloc maps anything (0 if unknown). */
static size_t
heap_size(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
	struct mallinfo2	mi = mallinfo2();

	return mi.arena + mi.hblkhd;
#else
	return 0;
#endif
}

/* A parse: the mail's bytes read, its child forked.  0, or -1 when the
 * daemon is gone. */
static int
spawn_one(int sock, const struct req *rq, int pfd, struct kids *k,
    const struct mail_limits *l)
{
	int32_t		 ans[2];
	char		*raw;
	size_t		 i, as = 0, heap;
	pid_t		 pid = -1;
	int		 e = EAGAIN;

	if (rq->len > MAIL_RAW_MAX) {
		close(pfd);
		return -1;
	}
	raw = xmalloc((size_t)rq->len + 1);
	if (recv_all(sock, raw, (size_t)rq->len) != 0) {
		close(pfd);
		free(raw);
		return -1;
	}
	/* The child's address space is the spawner's: what it had at its
	 * start and what its heap grew since (the child reads it itself
	 * when that is not known). */
	if (k->as != 0 && k->heap != 0 && (heap = heap_size()) != 0)
		as = k->as + heap - (heap < k->heap ? heap : k->heap);
	for (i = 0; i < MAIL_PARSE_AHEAD && k->pid[i] != 0; i++)
		;
	if (i < MAIL_PARSE_AHEAD) {
		if ((pid = fork()) == 0) {
			close(sock);
			mime_child_main(pfd, raw, (size_t)rq->len, l, as);
		}
		e = errno;
		if (pid != -1)
			k->pid[i] = pid;
	}
	ans[0] = (int32_t)pid;
	ans[1] = pid == -1 ? e : 0;
	close(pfd);
	free(raw);
	return send_all(sock, ans, sizeof ans);
}

/* A reap: the child's wait status.  0, or -1 (the daemon is gone, or
 * named no child of ours). */
static int
reap_one(int sock, const struct req *rq, struct kids *k)
{
	int32_t	wst;
	size_t	i;
	int	st = 0;

	for (i = 0; i < MAIL_PARSE_AHEAD && (rq->pid <= 0 ||
	    k->pid[i] != (pid_t)rq->pid); i++)
		;
	if (i == MAIL_PARSE_AHEAD)
		return -1;
	while (waitpid(k->pid[i], &st, 0) == -1 && errno == EINTR)
		;
	k->pid[i] = 0;
	wst = st;
	return send_all(sock, &wst, sizeof wst);
}

static void __attribute__((noreturn))
spawner(int sock, const struct mail_limits *l)
{
	struct sigaction	 sa;
	static const int	 sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE,
	    SIGABRT, SIGSYS, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD };
	struct kids		 k;
	struct req		 rq;
	size_t			 i;
	int			 pfd;

	/* Nothing of the daemon's handlers: a signal to the process group
	 * stops the spawner, and the daemon sees its socket close. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	memset(&k, 0, sizeof k);
	mime_child_preload();
	k.heap = heap_size();
	k.as = mime_child_address_space();
	while (request(sock, &rq, &pfd) == 0) {
		if ((rq.kind == 'P' ? spawn_one(sock, &rq, pfd, &k, l) :
		    rq.kind == 'R' ? reap_one(sock, &rq, &k) : -1) != 0)
			break;
	}
	/* The daemon is done, or gone: no child outlives the spawner. */
	for (i = 0; i < MAIL_PARSE_AHEAD; i++) {
		if (k.pid[i] == 0)
			continue;
		(void)kill(k.pid[i], SIGKILL);
		while (waitpid(k.pid[i], NULL, 0) == -1 && errno == EINTR)
			;
	}
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

/* Sends a request, with pfd (P) and the mail's bytes: 0, or -1 (the
 * spawner is gone). */
static int
ask(struct mail_spawner *sp, const struct req *rq, int pfd, const char *raw)
{
	struct msghdr	 mh;
	struct iovec	 iov;
	struct cmsghdr	*cm;
	union {
		char		buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr	align;
	}		 u;
	ssize_t		 w;

	memset(&mh, 0, sizeof mh);
	memset(&u, 0, sizeof u);
	iov.iov_base = (void *)(uintptr_t)rq;
	iov.iov_len = sizeof *rq;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	if (pfd != -1) {
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof u.buf;
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof pfd);
		memcpy(CMSG_DATA(cm), &pfd, sizeof pfd);
	}
	while ((w = sendmsg(sp->fd, &mh, MSG_NOSIGNAL)) == -1 &&
	    errno == EINTR)
		;
	if (w == -1 || (size_t)w > sizeof *rq)
		return -1;
	if ((size_t)w < sizeof *rq && send_all(sp->fd, (const char *)rq + w,
	    sizeof *rq - (size_t)w) != 0)
		return -1;
	return rq->kind == 'P' ? send_all(sp->fd, raw, (size_t)rq->len) : 0;
}

/* The spawner is not used again (the rest of the cycle forks per mail). */
static void
drop(struct mail_spawner *sp)
{
	if (sp->fd != -1)
		close(sp->fd);
	sp->fd = -1;
}

/* The outcome known at once (the parse could not start). */
static void
known(struct mail_parse *p, int rc, char *cause)
{
	p->rc = rc;
	p->cause = cause;
}

/* The parse by a child of the spawner's: 0 started, 1 p's outcome is
 * known (no fork), -1 the spawner cannot be reached (no child was made:
 * the caller makes one). */
static int
by_spawner(struct mail_spawner *sp, struct mail_parse *p, const char *raw)
{
	struct req	 rq;
	int32_t		 ans[2];
	int		 fds[2], rc;

	if (pipe(fds) == -1) {
		known(p, MAIL_CHILD_TEMP, xasprintf("cannot start the parser: "
		    "pipe: %s", strerror(errno)));
		return 1;
	}
	memset(&rq, 0, sizeof rq);
	rq.kind = 'P';
	rq.len = p->len;
	rc = ask(sp, &rq, fds[1], raw);
	close(fds[1]);
	if (rc != 0 || recv_all(sp->fd, ans, sizeof ans) != 0) {
		close(fds[0]);
		drop(sp);
		return -1;
	}
	if (ans[0] == -1) {
		close(fds[0]);
		known(p, MAIL_CHILD_TEMP, xasprintf("cannot start the parser: "
		    "fork: %s", strerror(ans[1])));
		return 1;
	}
	p->fd = fds[0];
	p->pid = (pid_t)ans[0];
	return 0;
}

/* The parse by a child of ours (the spawner lost, or a mail too large
 * for it), as mail_parse_child but without waiting.  SIGCHLD is made the
 * default while such children run (a program that runs us may have left
 * it ignored, and then no child could be waited for). */
static void
by_own(struct mail_spawner *sp, struct mail_parse *p, const char *raw)
{
	struct sigaction	 sa;
	size_t			 i;
	int			 fds[2];
	pid_t			 pid;

	if (pipe(fds) == -1) {
		known(p, MAIL_CHILD_TEMP, xasprintf("cannot start the parser: "
		    "pipe: %s", strerror(errno)));
		return;
	}
	if (sp->own == 0) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = SIG_DFL;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGCHLD, &sa, &sp->chld);
	}
	if ((pid = fork()) == -1) {
		known(p, MAIL_CHILD_TEMP, xasprintf("cannot start the parser: "
		    "fork: %s", strerror(errno)));
		close(fds[0]);
		close(fds[1]);
		if (sp->own == 0)
			sigaction(SIGCHLD, &sp->chld, NULL);
		return;
	}
	if (pid == 0) {
		/* No other mail's answer within its reach. */
		for (i = 0; i < MAIL_PARSE_AHEAD; i++)
			if (sp->busy[i] != NULL && sp->busy[i]->fd != -1)
				close(sp->busy[i]->fd);
		close(fds[0]);
		mime_child_main(fds[1], raw, p->len, &sp->l, 0);
	}
	close(fds[1]);
	p->fd = fds[0];
	p->pid = pid;
	p->own = 1;
	sp->own++;
}

struct mail_parse *
mail_spawner_begin(struct mail_spawner *sp, const char *raw, size_t len)
{
	struct mail_parse	*p = xcalloc(1, sizeof *p);
	size_t			 i;

	p->fd = -1;
	p->pid = -1;
	p->len = len;
	p->rc = -1;
	if (sp == NULL) {
		p->rc = mail_parse_child(raw, len, NULL, &p->out, &p->cause);
		return p;
	}
	for (i = 0; i < MAIL_PARSE_AHEAD && sp->busy[i] != NULL; i++)
		;
	if (i == MAIL_PARSE_AHEAD) {
		known(p, MAIL_CHILD_TEMP, xasprintf("cannot start the parser: "
		    "%d mails are being parsed already", MAIL_PARSE_AHEAD));
		return p;
	}
	if (sp->fd != -1 && len <= MAIL_RAW_MAX &&
	    by_spawner(sp, p, raw) != -1) {
		if (p->rc != -1)
			return p;
	} else {
		by_own(sp, p, raw);
		if (p->rc != -1)
			return p;
	}
	p->sp = sp;
	sp->busy[i] = p;
	return p;
}

/* Reaps p's child (killed first when kill is set) and takes p out of
 * its spawner's busy list: 0 with its wait status, or -1 with *cause
 * (the spawner is lost: MAIL_CHILD_TEMP). */
static int
reap(struct mail_parse *p, int killit, int *wst, char **cause)
{
	struct mail_spawner	*sp = p->sp;
	struct req		 rq;
	int32_t			 w = 0;
	size_t			 i;
	int			 rc = 0;

	if (killit)
		(void)kill(p->pid, SIGKILL);
	*wst = 0;
	if (p->own) {
		while ((rc = waitpid(p->pid, wst, 0)) == -1 && errno == EINTR)
			;
		if (rc == -1)
			*cause = xasprintf("cannot wait for the parser: %s",
			    strerror(errno));
		rc = rc == -1 ? -1 : 0;
		if (--sp->own == 0)
			sigaction(SIGCHLD, &sp->chld, NULL);
	} else {
		memset(&rq, 0, sizeof rq);
		rq.kind = 'R';
		rq.pid = (int32_t)p->pid;
		if (sp->fd == -1 || ask(sp, &rq, -1, NULL) != 0 ||
		    recv_all(sp->fd, &w, sizeof w) != 0) {
			drop(sp);
			*cause = xstrdup("the parser's spawner stopped with "
			    "the mail in hand");
			rc = -1;
		}
		*wst = (int)w;
	}
	for (i = 0; i < MAIL_PARSE_AHEAD; i++)
		if (sp->busy[i] == p)
			sp->busy[i] = NULL;
	p->sp = NULL;
	return rc;
}

int
mail_spawner_finish(struct mail_parse *p, struct mail_msg **out,
    char **cause)
{
	struct buf		 b = BUF_INIT;
	struct mail_limits	 l;
	int			 how, wst, rc;

	*out = NULL;
	*cause = NULL;
	if (p->rc != -1) {
		rc = p->rc;
		*out = p->out;
		*cause = p->cause;
		free(p);
		return rc;
	}
	l = p->sp->l;
	how = mime_child_collect(p->fd, &b, MAIL_CHILD_OUTPUT(p->len),
	    l.timeout_ms);
	close(p->fd);
	p->fd = -1;
	/* A child that is not done is stopped: it can have nothing more to
	 * say that would be believed. */
	if (reap(p, how != 0, &wst, cause) != 0)
		rc = MAIL_CHILD_TEMP;
	else
		rc = mime_child_judge(wst, how, p->len, &l, &b, out,
		    cause);
	buf_free(&b);
	free(p);
	return rc;
}

void
mail_spawner_cancel(struct mail_parse *p)
{
	char	*cause = NULL;
	int	 wst;

	if (p == NULL)
		return;
	if (p->rc == -1) {
		close(p->fd);
		(void)reap(p, 1, &wst, &cause);
		free(cause);
	} else {
		mail_msg_free(p->out);
		free(p->cause);
	}
	free(p);
}

int
mail_spawner_parse(struct mail_spawner *sp, const char *raw, size_t len,
    struct mail_msg **out, char **cause)
{
	return mail_spawner_finish(mail_spawner_begin(sp, raw, len), out,
	    cause);
}

void
mail_spawner_stop(struct mail_spawner *sp)
{
	struct mail_parse	*p;
	char			*cause;
	size_t			 i;
	int			 wst;

	if (sp == NULL)
		return;
	/* A parse in flight is killed: its handle is left with the
	 * outcome of a parser stopped with the daemon. */
	for (i = 0; i < MAIL_PARSE_AHEAD; i++) {
		if ((p = sp->busy[i]) == NULL)
			continue;
		close(p->fd);
		p->fd = -1;
		cause = NULL;
		(void)reap(p, 1, &wst, &cause);
		free(cause);
		known(p, MAIL_CHILD_TEMP, xstrdup("the parser was stopped "
		    "with its spawner"));
	}
	drop(sp);
	while (waitpid(sp->pid, NULL, 0) == -1 && errno == EINTR)
		;
	free(sp);
}
