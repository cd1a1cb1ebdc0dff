/* bench-common.c: see bench-common.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "bench-common.h"
#include "buf.h"
#include "diag.h"
#include "fileio.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "strutil.h"
#include "xalloc.h"

extern char **environ;

char *
bench_read(const char *dir_env, const char *def, const char *rel,
    size_t *len)
{
	const char	*dir = getenv(dir_env);
	char		*path, *text, *cause;

	path = xasprintf("%s/%s", dir != NULL ? dir : def, rel);
	if (file_read(path, NV_XML_MAX, &text, len, &cause) != 0) {
		fprintf(stderr, "bench: %s\n", cause);
		exit(1);
	}
	free(path);
	return text;
}

/* Column of the k-th line (100 ships) of a fleet: the first five lines
 * close up towards the enemy (up to 1000 ships the layout is the one the
 * earlier figures of bench/README.md were measured on); more lines form up
 * behind them, so that up to 6800 ships fit without sharing a hex. */
static int
line_column(int side, int k)
{
	if (side == 0)
		return k < 5 ? 60 + 2 * k : 60 - 2 * (k - 4);
	return k < 5 ? 90 - 2 * k : 90 + 2 * (k - 4);
}

void
bench_scenario(int nships, int visibility, struct buf *b)
{
	int	i, k, side, col, row, per = nships / 2;

	buf_printf(b, "<scenario ruleset=\"classic\" turn=\"1\">\n"
	    "  <settings turn-limit=\"0\" visibility=\"%d\"/>\n"
	    "  <map columns=\"150\" rows=\"150\"/>\n"
	    "  <side id=\"east\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "  <side id=\"west\" nation=\"roman\" crew=\"average\"/>\n",
	    visibility);
	for (i = 0; i < nships; i++) {
		side = i < per ? 0 : 1;
		k = side == 0 ? i : i - per;	/* place in its fleet */
		col = line_column(side, k / 100);
		row = 20 + k % 100;
		buf_printf(b, "  <ship id=\"s%04d\" side=\"%s\" class=\"%s\" "
		    "hex=\"%03d%03d\" facing=\"%s\" speed=\"2\"/>\n", i,
		    side == 0 ? "east" : "west",
		    side == 0 ? "trireme" : "quinquereme", col, row,
		    side == 0 ? "SE" : "NW");
	}
	buf_adds(b, "</scenario>\n");
}

/* The fleets of bench_battle: lines of 100 ships in rows 20-119, the
 * front lines gap columns apart, each further line 2 columns behind. */
static int
battle_lines(int nships)
{
	return (nships - nships / 2 + 99) / 100;
}

int
bench_battle_columns(int nships, int gap)
{
	return 2 * battle_lines(nships) + 2 * (battle_lines(nships) - 1) +
	    gap + 8;
}

void
bench_battle(int nships, int visibility, int gap, struct buf *b)
{
	int	i, k, side, col, row, per = nships / 2, lines;
	int	front0, front1;

	lines = battle_lines(nships);
	front0 = 2 * lines + 2;
	front1 = front0 + gap;
	buf_printf(b, "<scenario ruleset=\"classic\" turn=\"1\">\n"
	    "  <settings turn-limit=\"0\" visibility=\"%d\"/>\n"
	    "  <map columns=\"%d\" rows=\"150\"/>\n"
	    "  <side id=\"east\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "  <side id=\"west\" nation=\"roman\" crew=\"average\"/>\n",
	    visibility, bench_battle_columns(nships, gap));
	for (i = 0; i < nships; i++) {
		side = i < per ? 0 : 1;
		k = side == 0 ? i : i - per;	/* place in its fleet */
		col = side == 0 ? front0 - 2 * (k / 100) :
		    front1 + 2 * (k / 100);
		row = 20 + k % 100;
		buf_printf(b, "  <ship id=\"s%05d\" side=\"%s\" class=\"%s\" "
		    "hex=\"%03d%03d\" facing=\"%s\" speed=\"2\"/>\n", i,
		    side == 0 ? "east" : "west",
		    side == 0 ? "trireme" : "quinquereme", col, row,
		    side == 0 ? "SE" : "NW");
	}
	buf_adds(b, "</scenario>\n");
}

struct nv_ruleset *
bench_ruleset(void)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_ruleset *rs;
	char		*xml, *rng;
	size_t		 xlen, rlen;

	xml = bench_read("NAVARCH_DATADIR", "data", "rulesets/classic.xml",
	    &xlen);
	rng = bench_read("NAVARCH_DATADIR", "data",
	    "schema/ruleset-classic.rng", &rlen);
	if ((rs = ruleset_load("classic.xml", xml, xlen, rng, rlen, &d))
	    == NULL) {
		diag_format(&d, &b);
		fputs(buf_str(&b), stderr);
		exit(1);
	}
	diag_free(&d);
	free(xml);
	free(rng);
	return rs;
}

struct nv_state *
bench_load(const struct nv_ruleset *rs, const char *name, const char *xml,
    size_t len)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*srng;
	size_t		 slen;

	srng = bench_read("NAVARCH_DATADIR", "data", "schema/scenario.rng",
	    &slen);
	if ((st = state_xml_load(rs, name, xml, len, srng, slen, &d))
	    == NULL) {
		diag_format(&d, &b);
		fputs(buf_str(&b), stderr);
		exit(1);
	}
	diag_free(&d);
	free(srng);
	return st;
}

struct nv_state *
bench_state(int nships, int visibility, struct nv_ruleset **rs)
{
	struct buf	 sc = BUF_INIT;
	struct nv_state	*st;

	*rs = bench_ruleset();
	bench_scenario(nships, visibility, &sc);
	st = bench_load(*rs, "bench", sc.p, sc.len);
	buf_free(&sc);
	return st;
}

double
bench_now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof v[0], cmp_double);
	return v[n / 2];
}

long
bench_rss_kib(void)
{
	struct rusage	ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

void
bench_write(const char *prog, const char *path, const struct buf *b)
{
	FILE	*f = fopen(path, "w");

	if (f == NULL || fwrite(b->p, 1, b->len, f) != b->len ||
	    fclose(f) != 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		exit(1);
	}
}

/* The classic ship's missiles left aboard (bows, catapults, stone
 * throwers: a trireme's one bow shoots once). */
static long
missiles(const struct nv_state *st, const struct nv_ship *s)
{
	static const char *const names[] = { "bows", "catapults",
	    "stone-throwers", NULL };
	long	n = 0;
	size_t	a;
	int	i;

	for (a = 0; a < st->rs->ops->nship_attrs; a++)
		for (i = 0; names[i] != NULL; i++)
			if (strcmp(st->rs->ops->ship_attrs[a].name, names[i])
			    == 0)
				n += s->attr[a].i;
	return n;
}

void
bench_orders(const char *prog, const char *dir, const struct nv_state *st,
    int n)
{
	struct buf	 b = BUF_INIT;
	char		*path, opp[16];
	size_t		 i;
	int		 side, per = n / 2, k, o;

	for (side = 0; side < 2; side++) {
		buf_reset(&b);
		buf_printf(&b, "SIDE %s\nTURN %d\n", st->sides[side].id,
		    st->turn);
		for (i = 0; i < st->nships; i++) {
			const struct nv_ship *s = &st->ships[i];

			if (s->side != side || !ship_on_map(s))
				continue;
			buf_printf(&b, "SHIP %s SPEED 2\n", s->id);
			if (str_to_int(s->id + 1, 0, 99999, &k) != 0)
				continue;
			o = k < per ? k + per : k - per;
			if (o >= n)
				continue;
			snprintf(opp, sizeof opp, "s%05d", o);
			if ((o = state_ship_index(st, opp)) < 0 ||
			    !ship_on_map(&st->ships[o]))
				continue;
			if (missiles(st, s) > 0)
				buf_printf(&b, "SHIP %s FIRE ALL AT %s\n", s->id,
				    opp);
			buf_printf(&b, "SHIP %s BOARD %s\n", s->id, opp);
		}
		path = xasprintf("%s/t%d-%s.txt", dir, st->turn,
		    st->sides[side].id);
		bench_write(prog, path, &b);
		free(path);
	}
	buf_free(&b);
}

/* Milliseconds of CPU (user and system) in ru. */
static double
cpu_ms(const struct rusage *ru)
{
	return (double)(ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) * 1000.0 +
	    (double)(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1000.0;
}

void
bench_spawn(const char *caller, const char *prog, char **argv,
    const char *out, int append, struct bench_usage *u)
{
	posix_spawn_file_actions_t fa;
	struct rusage	 ru;
	double		 t0 = bench_now_ms();
	pid_t		 pid;
	int		 status, i;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT |
	    (append ? O_APPEND : O_TRUNC), 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if ((errno = posix_spawn(&pid, prog, &fa, NULL, argv, environ)) != 0) {
		fprintf(stderr, "%s: %s: %s\n", caller, prog, strerror(errno));
		exit(1);
	}
	if (wait4(pid, &status, 0, &ru) != pid) {
		fprintf(stderr, "%s: wait: %s\n", caller, strerror(errno));
		exit(1);
	}
	posix_spawn_file_actions_destroy(&fa);
	u->wall_ms = bench_now_ms() - t0;
	u->cpu_ms = cpu_ms(&ru);
	u->rss_kib = ru.ru_maxrss;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "%s: %s failed (see %s):", caller, prog, out);
		for (i = 0; argv[i] != NULL; i++)
			fprintf(stderr, " %s", argv[i]);
		fprintf(stderr, "\n");
		exit(1);
	}
}

void
bench_navarch(const char *caller, const char *prog, const char *dir, ...)
{
	struct bench_usage	 u;
	char			*argv[24], *a, *out;
	va_list			 ap;
	int			 n = 0, i;

	argv[n++] = xstrdup("navarch");
	argv[n++] = xstrdup("--db");
	argv[n++] = xasprintf("%s/game.db", dir);
	va_start(ap, dir);
	while ((a = va_arg(ap, char *)) != NULL && n < 23)
		argv[n++] = xstrdup(a);
	va_end(ap);
	argv[n] = NULL;
	out = xasprintf("%s/out.txt", dir);
	bench_spawn(caller, prog, argv, out, 1, &u);
	free(out);
	for (i = 0; i < n; i++)
		free(argv[i]);
}

void
bench_maildir(const char *caller, const char *dir, const char *name)
{
	static const char *const sub[] = { "", "/new", "/cur", "/tmp" };
	char	*path;
	int	 i;

	for (i = 0; i < 4; i++) {
		path = xasprintf("%s/%s%s", dir, name, sub[i]);
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			fprintf(stderr, "%s: %s: %s\n", caller, path,
			    strerror(errno));
			exit(1);
		}
		free(path);
	}
}

void
bench_daemon_once(const char *caller, const char *prog, const char *dir,
    struct bench_usage *u)
{
	struct bench_usage	 dummy;
	char			*argv[6], *out;
	int			 i;

	argv[0] = xstrdup("navarchd");
	argv[1] = xstrdup("-f");
	argv[2] = xasprintf("%s/navarchd.conf", dir);
	argv[3] = xstrdup("--once");
	argv[4] = xstrdup("--foreground");
	argv[5] = NULL;
	out = xasprintf("%s/out.txt", dir);
	bench_spawn(caller, prog, argv, out, 1, u != NULL ? u : &dummy);
	free(out);
	for (i = 0; i < 5; i++)
		free(argv[i]);
}

char *
bench_tmpdir(const char *prog)
{
	const char	*tmp = getenv("TMPDIR");
	char		*dir;

	dir = xasprintf("%s/%s.XXXXXX", tmp != NULL && *tmp != '\0' ? tmp :
	    "/tmp", prog);
	if (mkdtemp(dir) == NULL) {
		fprintf(stderr, "%s: mkdtemp: %s\n", prog, strerror(errno));
		exit(1);
	}
	return dir;
}

void
bench_daemon_conf(const char *prog, const char *dir, const char *db,
    const char *settings)
{
	struct buf	 b = BUF_INIT;
	const char	*v;
	char		*path;

	buf_printf(&b, "database = %s/%s\nmailbox = maildir:%s/inbox\n"
	    "smtp = file:%s/outbox\nfrom = navarch@example.org\n%s", dir, db,
	    dir, dir, settings);
	if ((v = getenv("NAVARCH_DATADIR")) != NULL)
		buf_printf(&b, "datadir = %s\n", v);
	if ((v = getenv("NAVARCH_TEMPLATEDIR")) != NULL)
		buf_printf(&b, "templatedir = %s\n", v);
	path = xasprintf("%s/navarchd.conf", dir);
	bench_write(prog, path, &b);
	free(path);
	buf_free(&b);
}

double
bench_cpu_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

int
bench_prog_opt(int c, const char *arg, int max_runs, const char **navarch,
    const char **navarchd, int *runs, int *keep)
{
	switch (c) {
	case 'k':
		*keep = 1;
		return 1;
	case 'r':
		return str_to_int(arg, 1, max_runs, runs) == 0 ? 1 : -1;
	case 'n':
		*navarch = arg;
		return 1;
	case 'd':
		*navarchd = arg;
		return 1;
	}
	return -1;
}
