/* mime-child.c: mail_parse() in a child process with resource limits
 * (mime.h), the way the daemon parses mail from the open internet.
 *
 * Why: the process that parses untrusted bytes should not be the one that
 * holds the queue (OpenSMTPD and Postfix keep parsing out of it).  The
 * guards in mail_parse() stop every hostile input we know of; this stops
 * the ones we do not: a parser that recurses, loops or allocates without
 * end takes down a child, and the daemon goes on with the next mail.
 *
 * How: fork; the child lowers its stack, address space, CPU time and core
 * size limits (setrlimit), parses, writes the result to a pipe in the
 * small format below and leaves with _exit (nothing of the parent's is
 * flushed or freed twice).  The parent reads at most a bound that the
 * message's size decides, waits at most timeout_ms, and checks every byte
 * it reads: the child's answer is as untrusted as the mail.
 *
 * The format: "NVM1", then each field in the order of struct mail_msg
 * (mime_child_encode), strings as a 32-bit length (0xffffffff: NULL) and the
 * bytes, numbers as 32 bits, then "END1"; or "NVR1", the cause, "END1"
 * when mail_parse refused the message.  Host byte order: both ends are
 * the same program. */
#include "config.h"

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <iconv.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "timefmt.h"
#include "xalloc.h"

#define NONE	UINT32_MAX	/* the length of a NULL string */

/* Built with AddressSanitizer (GCC says so; clang answers __has_feature). */
#if defined(__SANITIZE_ADDRESS__)
#define NV_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NV_ASAN	1
#endif
#endif

static const char *const child_status_names[] = {
#define X(e, s) s,
	MAIL_CHILD_TABLE(X)
#undef X
};

const char *
mail_child_status_name(int st)
{
	if (st < 0 || (size_t)st >= sizeof child_status_names /
	    sizeof child_status_names[0])
		return "unknown";
	return child_status_names[st];
}

/* --- the format ------------------------------------------------------------ */

static void
put32(struct buf *b, uint32_t v)
{
	buf_add(b, &v, sizeof v);
}

static void
put_str(struct buf *b, const char *s)
{
	size_t	n;

	if (s == NULL) {
		put32(b, NONE);
		return;
	}
	n = strlen(s);
	put32(b, (uint32_t)n);
	buf_add(b, s, n);
}

void
mime_child_encode(struct buf *b, const struct mail_msg *m)
{
	size_t	i;

	buf_add(b, "NVM1", 4);
	put_str(b, m->message_id);
	put32(b, (uint32_t)m->message_id_synth);
	put_str(b, m->from);
	put_str(b, m->from_name);
	put_str(b, m->sender);
	put_str(b, m->reply_to);
	put_str(b, m->return_path);
	put_str(b, m->subject);
	put_str(b, m->in_reply_to);
	put32(b, (uint32_t)m->nreferences);
	for (i = 0; i < m->nreferences; i++)
		put_str(b, m->references[i]);
	put_str(b, m->date);
	put_str(b, m->auto_submitted);
	put32(b, (uint32_t)m->is_auto);
	put_str(b, m->auto_reason);
	put32(b, (uint32_t)m->is_bounce);
	put_str(b, m->bounce_recipient);
	put_str(b, m->bounce_message_id);
	put_str(b, m->bounce_action);
	put_str(b, m->bounce_status);
	put_str(b, m->body);
	put32(b, (uint32_t)m->body_source);
	put_str(b, m->body_error);
	buf_add(b, "END1", 4);
}

/* Reading: every read checks what is left; the first failure sticks. */
struct rd {
	const char	*p;
	size_t		 left;
	int		 bad;
};

static uint32_t
get32(struct rd *r)
{
	uint32_t	v = 0;

	if (r->bad || r->left < sizeof v) {
		r->bad = 1;
		return 0;
	}
	memcpy(&v, r->p, sizeof v);
	r->p += sizeof v;
	r->left -= sizeof v;
	return v;
}

/* A string of the answer, made valid UTF-8 again (the parent trusts no
 * byte of it); NULL stays NULL.  A NUL inside is a broken answer. */
static char *
get_str(struct rd *r)
{
	uint32_t	 n = get32(r);
	char		*s, *u;

	if (r->bad || n == NONE)
		return NULL;
	if (n > r->left || memchr(r->p, '\0', n) != NULL) {
		r->bad = 1;
		return NULL;
	}
	s = xstrndup(r->p, n);
	r->p += n;
	r->left -= n;
	u = mime_utf8_dup(s);
	free(s);
	return u;
}

static int
get_magic(struct rd *r, const char *magic)
{
	if (r->bad || r->left < 4 || memcmp(r->p, magic, 4) != 0)
		return -1;
	r->p += 4;
	r->left -= 4;
	return 0;
}

static int
get_flag(struct rd *r)
{
	uint32_t	v = get32(r);

	if (v > 1)
		r->bad = 1;
	return (int)v;
}

static struct mail_msg *
read_msg(struct rd *r)
{
	struct mail_msg	*m = xcalloc(1, sizeof *m);
	uint32_t	 i, n;

	m->message_id = get_str(r);
	m->message_id_synth = get_flag(r);
	m->from = get_str(r);
	m->from_name = get_str(r);
	m->sender = get_str(r);
	m->reply_to = get_str(r);
	m->return_path = get_str(r);
	m->subject = get_str(r);
	m->in_reply_to = get_str(r);
	n = get32(r);
	/* Each reference takes at least its length in the answer. */
	if (!r->bad && n <= r->left / sizeof n) {
		m->references = xcalloc(n + 1, sizeof *m->references);
		for (i = 0; i < n && !r->bad; i++) {
			m->references[i] = get_str(r);
			m->nreferences++;
			if (m->references[i] == NULL)
				r->bad = 1;
		}
	} else
		r->bad = 1;
	m->date = get_str(r);
	m->auto_submitted = get_str(r);
	m->is_auto = get_flag(r);
	m->auto_reason = get_str(r);
	m->is_bounce = get_flag(r);
	m->bounce_recipient = get_str(r);
	m->bounce_message_id = get_str(r);
	m->bounce_action = get_str(r);
	m->bounce_status = get_str(r);
	m->body = get_str(r);
	n = get32(r);
	m->body_source = n <= MAIL_BODY_HTML ? (enum mail_body_source)n :
	    MAIL_BODY_NONE;
	m->body_error = get_str(r);
	if (n > MAIL_BODY_HTML || m->message_id == NULL || m->body == NULL ||
	    get_magic(r, "END1") != 0 || r->left != 0)
		r->bad = 1;
	if (r->bad) {
		mail_msg_free(m);
		return NULL;
	}
	m->body_len = strlen(m->body);
	return m;
}

int
mime_child_decode(const char *p, size_t n, struct mail_msg **out,
    char **cause)
{
	struct rd	r = { p, n, 0 };

	*out = NULL;
	*cause = NULL;
	if (get_magic(&r, "NVR1") == 0) {
		*cause = get_str(&r);
		if (*cause == NULL || get_magic(&r, "END1") != 0 ||
		    r.left != 0) {
			free(*cause);
			*cause = xstrdup("the parser's answer is broken");
			return MAIL_CHILD_FAILED;
		}
		return MAIL_CHILD_REFUSED;
	}
	if (get_magic(&r, "NVM1") != 0 || (*out = read_msg(&r)) == NULL) {
		*cause = xstrdup("the parser's answer is broken");
		return MAIL_CHILD_FAILED;
	}
	return MAIL_CHILD_OK;
}

/* --- the child --------------------------------------------------------------- */

/* The address space in use now, from /proc/self/statm; 0 if unknown. */
size_t
mime_child_address_space(void)
{
	FILE			*f = fopen("/proc/self/statm", "r");
	unsigned long		 pages = 0;
	long			 psz = sysconf(_SC_PAGESIZE);

	if (f == NULL)
		return 0;
	if (fscanf(f, "%lu", &pages) != 1)
		pages = 0;
	fclose(f);
	return psz > 0 ? (size_t)pages * (size_t)psz : 0;
}

void
mime_child_preload(void)
{
	iconv_t	cd = iconv_open("UTF-8", "WINDOWS-1252");

	if (cd != (iconv_t)-1)
		iconv_close(cd);
}

static void
limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit	rl;

	if (getrlimit(resource, &rl) != 0)
		return;
	/* Only ever lower a limit (an unprivileged process cannot raise
	 * its hard limit). */
	if (rl.rlim_max != RLIM_INFINITY && hard > rl.rlim_max)
		hard = rl.rlim_max;
	if (soft > hard)
		soft = hard;
	if (rl.rlim_cur != RLIM_INFINITY && soft > rl.rlim_cur)
		soft = rl.rlim_cur;
	rl.rlim_cur = soft;
	rl.rlim_max = hard;
	(void)setrlimit(resource, &rl);
}

static void
write_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w == -1 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(3);
		p += w;
		n -= (size_t)w;
	}
}

void
mime_child_main(int fd, const char *raw, size_t len,
    const struct mail_limits *l, size_t as)
{
	struct mail_msg	*m = NULL;
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;

	/* Nothing of the parent's on a crash: a handler it set (the
	 * daemon's, which names the mail in hand) is not for the child,
	 * whose crash the parent sees for itself. */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	signal(SIGILL, SIG_DFL);
	signal(SIGFPE, SIG_DFL);
	signal(SIGABRT, SIG_DFL);
	signal(SIGSYS, SIG_DFL);
	limit(RLIMIT_CORE, 0, 0);
	limit(RLIMIT_STACK, (rlim_t)l->stack, (rlim_t)l->stack);
	limit(RLIMIT_CPU, (rlim_t)l->cpu, (rlim_t)l->cpu + 1);
	/* The address space the child has, plus the budget.  Not under
	 * AddressSanitizer: it maps memory of its own for every allocation,
	 * and a refused mmap makes it hang rather than fail (its CPU time
	 * and the parent's wait still bound the child). */
#ifndef NV_ASAN
	if (as == 0)
		as = mime_child_address_space();
	if (as != 0)
		limit(RLIMIT_AS, (rlim_t)(as + l->memory),
		    (rlim_t)(as + l->memory));
#else
	(void)as;
	(void)l->memory;
#endif
	if (mail_parse(raw, len, &m, &cause) == 0)
		mime_child_encode(&b, m);
	else {
		buf_add(&b, "NVR1", 4);
		put_str(&b, cause);
		buf_add(&b, "END1", 4);
	}
	write_all(fd, b.p, b.len);
	/* Freed for valgrind's sake, which checks the child at exit too. */
	mail_msg_free(m);
	free(cause);
	buf_free(&b);
	_exit(0);
}

/* --- the parent -------------------------------------------------------------- */

int
mime_child_collect(int fd, struct buf *b, size_t max, long timeout_ms)
{
	struct pollfd	 pfd;
	char		 chunk[65536];
	int64_t		 end = time_mono_ms() + timeout_ms, left;
	ssize_t		 n;
	int		 r;

	for (;;) {
		if ((left = end - time_mono_ms()) <= 0)
			return 2;
		pfd.fd = fd;
		pfd.events = POLLIN;
		r = poll(&pfd, 1, (int)(left > 60000 ? 60000 : left));
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			return -1;
		if (r == 0)
			continue;
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0)
			return 0;
		if ((size_t)n > max - b->len)
			return 1;
		buf_add(b, chunk, (size_t)n);
	}
}

int
mime_child_judge(int wst, int how, size_t len, const struct mail_limits *l,
    const struct buf *b, struct mail_msg **out, char **cause)
{
	int		 sig;

	if (how == 2) {
		*cause = xasprintf("the parser did not finish within %ld ms",
		    l->timeout_ms);
		return MAIL_CHILD_FAILED;
	}
	if (how == 1) {
		*cause = xasprintf("the parser's answer was over the limit of "
		    "%zu bytes for a message of %zu", MAIL_CHILD_OUTPUT(len),
		    len);
		return MAIL_CHILD_FAILED;
	}
	if (WIFSIGNALED(wst)) {
		sig = WTERMSIG(wst);
		/* Stopped with the daemon (a signal to the process group):
		 * not the mail's fault, try it again. */
		if (sig == SIGTERM || sig == SIGINT || sig == SIGHUP ||
		    sig == SIGQUIT) {
			*cause = xasprintf("the parser was stopped by signal "
			    "%d", sig);
			return MAIL_CHILD_TEMP;
		}
		*cause = xasprintf("the parser was killed by signal %d (%s)%s",
		    sig, strsignal(sig), sig == SIGXCPU ? ": over its CPU "
		    "time" : sig == SIGSEGV ? ": a crash, or over its stack" :
		    "");
		return MAIL_CHILD_FAILED;
	}
	if (!WIFEXITED(wst) || WEXITSTATUS(wst) != 0 || how == -1) {
		*cause = xasprintf("the parser failed (exit status %d), "
		    "perhaps out of its memory", WIFEXITED(wst) ?
		    WEXITSTATUS(wst) : -1);
		return MAIL_CHILD_FAILED;
	}
	return mime_child_decode(b->p, b->len, out, cause);
}

void
mime_child_limits(const struct mail_limits *lim, struct mail_limits *l)
{
	*l = (struct mail_limits)MAIL_LIMITS_DEFAULT;
	if (lim == NULL)
		return;
	l->stack = lim->stack != 0 ? lim->stack : l->stack;
	l->memory = lim->memory != 0 ? lim->memory : l->memory;
	l->cpu = lim->cpu > 0 ? lim->cpu : l->cpu;
	l->timeout_ms = lim->timeout_ms > 0 ? lim->timeout_ms : l->timeout_ms;
}

int
mail_parse_child(const char *raw, size_t len, const struct mail_limits *lim,
    struct mail_msg **out, char **cause)
{
	struct mail_limits	 l;
	struct buf		 b = BUF_INIT;
	struct sigaction	 sa, old;
	pid_t			 pid, w;
	int			 p[2], wst = 0, how, rc;

	*out = NULL;
	*cause = NULL;
	mime_child_limits(lim, &l);
	if (pipe(p) == -1) {
		*cause = xasprintf("cannot start the parser: pipe: %s",
		    strerror(errno));
		return MAIL_CHILD_TEMP;
	}
	/* A program that runs us (an MTA running navarch deliver) may have
	 * left SIGCHLD ignored, and then no child could be waited for. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old);
	if ((pid = fork()) == -1) {
		*cause = xasprintf("cannot start the parser: fork: %s",
		    strerror(errno));
		close(p[0]);
		close(p[1]);
		sigaction(SIGCHLD, &old, NULL);
		return MAIL_CHILD_TEMP;
	}
	if (pid == 0) {
		close(p[0]);
		mime_child_main(p[1], raw, len, &l, 0);
	}
	close(p[1]);
	how = mime_child_collect(p[0], &b, MAIL_CHILD_OUTPUT(len), l.timeout_ms);
	close(p[0]);
	/* A child that is not done is stopped: it can have nothing more to
	 * say that would be believed. */
	if (how != 0)
		(void)kill(pid, SIGKILL);
	while ((w = waitpid(pid, &wst, 0)) == -1 && errno == EINTR)
		;
	sigaction(SIGCHLD, &old, NULL);
	if (w == -1) {
		*cause = xasprintf("cannot wait for the parser: %s",
		    strerror(errno));
		buf_free(&b);
		return MAIL_CHILD_TEMP;
	}
	rc = mime_child_judge(wst, how, len, &l, &b, out, cause);
	buf_free(&b);
	return rc;
}
