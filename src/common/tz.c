/* tz.c: time zones (see tz.h).
 *
 * UTC and fixed offsets are arithmetic.  A named zone is the tz
 * database's: its file is checked here (the syntax of the name, then a
 * regular file starting "TZif"), and each conversion runs in a child
 * process that points TZ at that file and asks the C library, so that the
 * caller's environment, which other threads may be reading, is never
 * changed.  The child's work is bounded: it is killed if it has not
 * answered within TZ_CHILD_MS. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "tz.h"
#include "xalloc.h"

#define TZ_DEFAULT_DIR	"/usr/share/zoneinfo"
#define TZ_CHILD_MS	5000
#define TZ_LEGAL	"UTC, an offset such as +02:00 or -05:30, or a tz " \
	"database name such as Europe/Paris or America/New_York"

/* --- zones as written ----------------------------------------------------- */

/* UTC, Z, GMT, or [+-]HH[[:]MM]: 0 with *off (seconds east), or -1 (not
 * an offset). */
static int
parse_offset(const char *s, long *off)
{
	const char	*p = s + 1;
	int		 h, m = 0;

	if (strcasecmp(s, "Z") == 0 || strcasecmp(s, "UTC") == 0 ||
	    strcasecmp(s, "GMT") == 0) {
		*off = 0;
		return 0;
	}
	if ((s[0] != '+' && s[0] != '-') || time_digits(&p, 2, &h) != 0)
		return -1;
	if (*p == ':')
		p++;
	if (*p != '\0' && time_digits(&p, 2, &m) != 0)
		return -1;
	if (*p != '\0' || h > 23 || m > 59)
		return -1;
	*off = (s[0] == '-' ? -1 : 1) * (long)(h * 3600 + m * 60);
	return 0;
}

/* "UTC" or "+02:00"; off is within a day, so out always has room. */
#define OFFSET_LEN	32
static void
offset_text(long off, char out[OFFSET_LEN])
{
	long	a = off < 0 ? -off : off;

	if (off == 0)
		snprintf(out, OFFSET_LEN, "UTC");
	else
		snprintf(out, OFFSET_LEN, "%c%02ld:%02ld", off < 0 ? '-' : '+',
		    a / 3600 % 100, a / 60 % 60);
}

/* The syntax of a tz database name: parts of A-Z a-z 0-9 _ + -, none
 * empty or starting with "." or "-", joined by "/". */
static int
name_ok(const char *s)
{
	const char	*p;
	size_t		 len = strlen(s);

	if (len == 0 || len > TZ_NAME_MAX || s[0] == '/' || s[len - 1] == '/')
		return 0;
	for (p = s; *p != '\0'; p++) {
		if ((p == s || p[-1] == '/') && (*p == '/' || *p == '-'))
			return 0;
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || *p == '/' || *p == '_' ||
		    *p == '+' || *p == '-'))
			return 0;
	}
	return 1;
}

/* The file of a named zone (owned by the caller), or NULL with *cause. */
static char *
zone_file(const char *name, char **cause)
{
	const char	*dir = getenv("TZDIR");
	struct stat	 sb;
	char		*path, magic[4];
	int		 fd, ok = 0;

	if (!name_ok(name)) {
		*cause = xasprintf("'%s' is no time zone; legal: %s", name,
		    TZ_LEGAL);
		return NULL;
	}
	if (dir == NULL || *dir == '\0')
		dir = TZ_DEFAULT_DIR;
	path = xasprintf("%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) != -1) {
		ok = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    read(fd, magic, 4) == 4 && memcmp(magic, "TZif", 4) == 0;
		close(fd);
	}
	if (!ok) {
		*cause = xasprintf("there is no time zone '%s' in the tz "
		    "database (%s; names are written as Europe/Paris, case "
		    "and all); legal: %s", name, dir, TZ_LEGAL);
		free(path);
		return NULL;
	}
	return path;
}

int
tz_check(const char *zone, char **canon, char **cause)
{
	char	 text[OFFSET_LEN], *path;
	long	 off;

	if (parse_offset(zone, &off) == 0) {
		offset_text(off, text);
		*canon = xstrdup(text);
		return 0;
	}
	if ((path = zone_file(zone, cause)) == NULL)
		return -1;
	free(path);
	*canon = xstrdup(zone);
	return 0;
}

/* --- the C library, in a child ------------------------------------------- */

enum tz_op { TZ_OP_LOCAL, TZ_OP_UTC };

struct tz_answer {
	int		 ok;		/* 1: done; 0: the time does not exist */
	int64_t		 t;
	struct tz_local	 l;
};

static void
from_tm(const struct tm *tm, struct time_civil *c)
{
	c->year = tm->tm_year + 1900;
	c->month = tm->tm_mon + 1;
	c->day = tm->tm_mday;
	c->hour = tm->tm_hour;
	c->minute = tm->tm_min;
	c->second = tm->tm_sec;
	c->wday = tm->tm_wday;
}

static int
same_clock(const struct tm *tm, const struct time_civil *c)
{
	return tm->tm_year + 1900 == c->year && tm->tm_mon + 1 == c->month &&
	    tm->tm_mday == c->day && tm->tm_hour == c->hour &&
	    tm->tm_min == c->minute && tm->tm_sec == c->second;
}

static void
fill_local(struct tz_answer *a, time_t tt)
{
	struct tm	tm;

	if (localtime_r(&tt, &tm) == NULL)
		return;
	from_tm(&tm, &a->l.c);
	a->l.offset = tm.tm_gmtoff;
	snprintf(a->l.abbr, sizeof a->l.abbr, "%s",
	    tm.tm_zone != NULL ? tm.tm_zone : "");
	a->t = (int64_t)tt;
	a->ok = 1;
}

/* Local to UTC: mktime under both readings of daylight saving time, and
 * the earliest instant whose clock reads c; none when the zone skips c. */
static void
child_utc(const struct time_civil *c, struct tz_answer *a)
{
	struct tm	tm, back;
	time_t		tt, best = 0;
	int		dst, found = 0;

	for (dst = 1; dst >= 0; dst--) {
		memset(&tm, 0, sizeof tm);
		tm.tm_year = c->year - 1900;
		tm.tm_mon = c->month - 1;
		tm.tm_mday = c->day;
		tm.tm_hour = c->hour;
		tm.tm_min = c->minute;
		tm.tm_sec = c->second;
		tm.tm_isdst = dst;
		if ((tt = mktime(&tm)) == (time_t)-1 ||
		    localtime_r(&tt, &back) == NULL || !same_clock(&back, c))
			continue;
		if (!found || tt < best)
			best = tt;
		found = 1;
	}
	if (found)
		fill_local(a, best);
}

static void __attribute__((noreturn))
child(int fd, const char *path, enum tz_op op, int64_t t,
    const struct time_civil *c)
{
	struct tz_answer	 a;
	char			*tz;
	size_t			 off = 0;
	ssize_t			 n;

	memset(&a, 0, sizeof a);
	/* ":" and a path: the C library reads that file, the one checked. */
	tz = xasprintf(":%s", path);
	if (setenv("TZ", tz, 1) != 0)
		_exit(1);
	tzset();
	if (op == TZ_OP_LOCAL)
		fill_local(&a, (time_t)t);
	else
		child_utc(c, &a);
	while (off < sizeof a) {
		n = write(fd, (const char *)&a + off, sizeof a - off);
		if (n <= 0 && errno != EINTR)
			_exit(1);
		if (n > 0)
			off += (size_t)n;
	}
	_exit(0);
}

/* Reads the child's answer within TZ_CHILD_MS; 0 or -1. */
static int
collect(int fd, struct tz_answer *a)
{
	struct pollfd	pfd;
	size_t		off = 0;
	ssize_t		n;
	int		r;

	pfd.fd = fd;
	pfd.events = POLLIN;
	while (off < sizeof *a) {
		pfd.revents = 0;
		r = poll(&pfd, 1, TZ_CHILD_MS);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		n = read(fd, (char *)a + off, sizeof *a - off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		off += (size_t)n;
	}
	return 0;
}

static int
ask(const char *zone, enum tz_op op, int64_t t, const struct time_civil *c,
    struct tz_answer *a, char **cause)
{
	struct sigaction sa, old;
	char		*path;
	pid_t		 pid, w;
	int		 p[2], wst = 0, got;

	if ((path = zone_file(zone, cause)) == NULL)
		return -1;
	if (pipe(p) == -1) {
		*cause = xasprintf("time zone %s: pipe: %s", zone,
		    strerror(errno));
		free(path);
		return -1;
	}
	/* A program that runs us may have left SIGCHLD ignored, and then
	 * the child could not be waited for (as in mime-child.c). */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old);
	(void)fcntl(p[0], F_SETFD, FD_CLOEXEC);
	(void)fcntl(p[1], F_SETFD, FD_CLOEXEC);
	if ((pid = fork()) == 0) {
		close(p[0]);
		child(p[1], path, op, t, c);
	}
	close(p[1]);
	free(path);
	got = pid != -1 && collect(p[0], a) == 0;
	close(p[0]);
	if (pid != -1) {
		if (!got)
			(void)kill(pid, SIGKILL);
		while ((w = waitpid(pid, &wst, 0)) == -1 && errno == EINTR)
			;
		got = got && w == pid && WIFEXITED(wst) &&
		    WEXITSTATUS(wst) == 0;
	}
	sigaction(SIGCHLD, &old, NULL);
	if (!got) {
		*cause = xasprintf("the time in zone %s could not be worked "
		    "out (%s)", zone, pid == -1 ? strerror(errno) :
		    "the C library's conversion failed");
		return -1;
	}
	return 0;
}

/* --- conversions ----------------------------------------------------------- */

int
tz_local(const char *zone, int64_t t, struct tz_local *out, char **cause)
{
	struct tz_answer	a;
	char			text[OFFSET_LEN];
	long			off;

	memset(out, 0, sizeof *out);
	if (parse_offset(zone, &off) == 0) {
		time_to_civil(t + off, &out->c);
		out->offset = off;
		offset_text(off, text);
		snprintf(out->abbr, sizeof out->abbr, "%.6s", text);
		return 0;
	}
	memset(&a, 0, sizeof a);
	if (ask(zone, TZ_OP_LOCAL, t, NULL, &a, cause) != 0)
		return -1;
	if (!a.ok) {
		*cause = xasprintf("time zone %s has no local time for that "
		    "instant", zone);
		return -1;
	}
	*out = a.l;
	return 0;
}

int
tz_to_utc(const char *zone, const struct time_civil *c, int64_t *out,
    char **cause)
{
	struct tz_answer	 a;
	const char		*why;
	long			 off;

	if (time_civil_check(c, &why) != 0) {
		*cause = xasprintf("%04d-%02d-%02d %02d:%02d: %s", c->year,
		    c->month, c->day, c->hour, c->minute, why);
		return -1;
	}
	if (parse_offset(zone, &off) == 0) {
		*out = time_from_civil(c) - off;
		return 0;
	}
	memset(&a, 0, sizeof a);
	if (ask(zone, TZ_OP_UTC, 0, c, &a, cause) != 0)
		return -1;
	if (!a.ok) {
		*cause = xasprintf("%04d-%02d-%02d %02d:%02d does not happen "
		    "in %s: the clocks skip it (they are put forward); write "
		    "a time an hour later", c->year, c->month, c->day,
		    c->hour, c->minute, zone);
		return -1;
	}
	*out = a.t;
	return 0;
}

/* --- an absolute time, as written ------------------------------------------ */

/* HH:MM[:SS] at *p; 0 or -1. */
static int
clock_part(const char **p, struct time_civil *c)
{
	c->second = 0;
	if (time_digits(p, 2, &c->hour) != 0 || **p != ':')
		return -1;
	(*p)++;
	if (time_digits(p, 2, &c->minute) != 0)
		return -1;
	if (**p == ':') {
		(*p)++;
		if (time_digits(p, 2, &c->second) != 0)
			return -1;
	}
	return 0;
}

/* YYYY-MM-DD, then T or spaces, then the clock; *p after it. */
static int
date_part(const char **p, struct time_civil *c)
{
	if (time_digits(p, 4, &c->year) != 0 || **p != '-')
		return -1;
	(*p)++;
	if (time_digits(p, 2, &c->month) != 0 || **p != '-')
		return -1;
	(*p)++;
	if (time_digits(p, 2, &c->day) != 0)
		return -1;
	if (**p == 'T' || **p == 't')
		(*p)++;
	else if (**p == ' ' || **p == '\t')
		*p += strspn(*p, " \t");
	else
		return -1;
	return clock_part(p, c);
}

static int
epoch(const char *spec, int64_t *out, char **cause)
{
	struct time_civil	 c;
	char			*end;
	long long		 v;

	errno = 0;
	v = strtoll(spec + 1, &end, 10);
	time_to_civil(v, &c);
	if (spec[1] < '0' || spec[1] > '9' || *end != '\0' || errno != 0 ||
	    c.year > 9999) {
		*cause = xasprintf("'%s': expected @ and a number of seconds "
		    "since 1970-01-01T00:00Z", spec);
		return -1;
	}
	*out = v;
	return 0;
}

int
tz_parse_time(const char *spec, int64_t *out, char **cause)
{
	struct time_civil	 c;
	const char		*p = spec;
	char			*zone, *why = NULL;
	size_t			 n;
	int			 rc;

	if (spec[0] == '@')
		return epoch(spec, out, cause);
	memset(&c, 0, sizeof c);
	if (date_part(&p, &c) != 0) {
		*cause = xasprintf("'%s': expected a date and a time with its "
		    "zone: 2026-12-01T20:00Z, 2026-12-01T20:00+02:00 or "
		    "2026-12-01T20:00 Europe/Paris", spec);
		return -1;
	}
	/* The zone: glued on (Z, +02:00) or after spaces (a name). */
	p += strspn(p, " \t");
	n = strcspn(p, " \t");
	if (*p == '\0' || p[n + strspn(p + n, " \t")] != '\0') {
		*cause = xasprintf("'%s': %s; give the time's zone: Z (UTC), "
		    "an offset such as +02:00, or a zone name such as "
		    "Europe/Paris", spec, *p == '\0' ? "whose clock is that" :
		    "one time and one zone");
		return -1;
	}
	zone = xstrndup(p, n);
	rc = tz_to_utc(zone, &c, out, &why);
	if (rc != 0) {
		*cause = xasprintf("'%s': %s", spec, why);
		free(why);
	}
	free(zone);
	return rc;
}
