/* bench-scale.c: does a turn cost the same per ship at 1,000 and 20,000
 * ships?
 *
 * For each battle size N (bench_battle: two fleets closing, fog of war at
 * 8 hexes) it writes the scenario and every ship's orders (speed, fire and
 * boarding at the ship opposite), plays turn 1 once to get a state written
 * by Navarch, writes the orders of turn 2 for that state, then times R
 * times over, interleaved, the navarch program itself (its CPU time, user
 * and system, so that other work on a shared machine does not count):
 *
 *   scenario  navarch turn SCENARIO ORDERS... (turn 1)
 *   state     navarch turn STATE ORDERS...    (turn 2, from turn 1's output)
 *   reports   the same with --report-dir: the four reports (two sides, the
 *             GM, observers); the column is the reports' own share
 *   floor     libxml2 parsing the state and writing it back (file to file),
 *             in this process: touching the state once
 *
 * and prints medians, microseconds per ship and the ratio to the floor.
 * The cost per ship is (t(N) - t(2 ships)) / N, so that what a program
 * pays once (starting, loading the ruleset and templates) does not hide a
 * cost that grows.  Exits 1 if the cost per ship of any column grows by
 * more than 1.5x from the first size of 1,000 or more to the largest, if
 * a turn of 10,000 ships (scenario or state) takes more than 5x the floor
 * (issue 16), or if navarch fails.  bench/README.md has the figures; `make bench` runs
 * it as `bench-scale 1000 5000 10000 20000`.
 *
 * Usage: bench-scale [-k] [-r RUNS] [-n NAVARCH] [N...]; NAVARCH defaults
 * to ./navarch (the build directory's); -k keeps the files (to profile a
 * run of navarch on them). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bench-common.h"
#include "buf.h"
#include "fileio.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "strutil.h"
#include "xalloc.h"

#define MAX_SIZES	16
#define MAX_RUNS	25
#define GAP		8	/* columns between the front lines */
#define GROWTH_MAX	1.5	/* allowed growth of the cost per ship */

enum col { C_SCENARIO, C_STATE, C_REPORTS, C_FLOOR, NCOLS };

static const char *const col_names[NCOLS] = {
	"scenario", "state", "reports", "floor"
};

struct size {
	int	 n;
	char	*dir;
	double	 med[NCOLS];
	long	 rss_kib;	/* navarch's peak, with the reports */
};

static const char	*navarch = "./navarch";
static int		 runs = 5;
static int		 keep;		/* -k: leave the files */

static void
write_file(const char *path, const struct buf *b)
{
	bench_write("bench-scale", path, b);
}

static char *
read_file(const char *path, size_t *len)
{
	char	*text, *cause;

	if (file_read(path, NV_XML_MAX, &text, len, &cause) != 0) {
		fprintf(stderr, "bench-scale: %s\n", cause);
		exit(1);
	}
	return text;
}

static void
write_orders(const char *dir, const struct nv_state *st, int n)
{
	bench_orders("bench-scale", dir, st, n);
}

/* Runs navarch with argv; its standard output and error go to
 * DIR/navarch.out.  Returns the CPU time it used in ms (user and system:
 * on a shared machine the wall time also counts the others' work); exits
 * on failure. */
static double
run(const char *dir, char **argv, long *rss_kib)
{
	struct bench_usage	 u;
	char			*out = xasprintf("%s/navarch.out", dir);

	bench_spawn("bench-scale", navarch, argv, out, 0, &u);
	free(out);
	if (rss_kib != NULL)
		*rss_kib = u.rss_kib;
	return u.cpu_ms;
}

/* navarch turn IN t<turn>-east.txt t<turn>-west.txt --seed bench
 * --output OUT [--report-dir DIR/reports]; the time in ms. */
static double
play(const char *dir, const char *in, int turn, const char *out,
    int reports, long *rss_kib)
{
	char	*argv[12];
	int	 i, n = 0;
	double	 ms;

	argv[n++] = xstrdup("navarch");
	argv[n++] = xstrdup("turn");
	argv[n++] = xasprintf("%s/%s", dir, in);
	argv[n++] = xasprintf("%s/t%d-east.txt", dir, turn);
	argv[n++] = xasprintf("%s/t%d-west.txt", dir, turn);
	argv[n++] = xstrdup("--seed=bench");
	argv[n++] = xasprintf("--output=%s/%s", dir, out);
	argv[n++] = xasprintf("--events=%s/%s.events", dir, out);
	if (reports)
		argv[n++] = xasprintf("--report-dir=%s/reports", dir);
	argv[n] = NULL;
	ms = run(dir, argv, rss_kib);
	for (i = 0; i < n; i++)
		free(argv[i]);
	return ms;
}

/* The floor: the state file parsed by libxml2 and written back; CPU
 * time, as for navarch. */
static double
floor_ms(const char *dir)
{
	char		*in = xasprintf("%s/state2.xml", dir);
	char		*out = xasprintf("%s/floor.xml", dir);
	char		*text;
	size_t		 len;
	xmlDocPtr	 doc;
	double		 t0 = bench_cpu_ms();

	text = read_file(in, &len);
	doc = xmlReadMemory(text, (int)len, in, NULL, XML_PARSE_NONET);
	if (doc == NULL || xmlSaveFile(out, doc) < 0) {
		fprintf(stderr, "bench-scale: %s: cannot parse or save\n", in);
		exit(1);
	}
	xmlFreeDoc(doc);
	free(text);
	t0 = bench_cpu_ms() - t0;
	free(in);
	free(out);
	return t0;
}

/* Writes the scenario and the orders, and plays turn 1 once. */
static void
prepare(struct size *z, const struct nv_ruleset *rs)
{
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*path, *text, tmpl[] = "/tmp/bench-scale.XXXXXX";
	const char	*tmp = getenv("TMPDIR");
	size_t		 len;

	z->dir = tmp != NULL && *tmp != '\0' ? xasprintf("%s/bench-scale."
	    "XXXXXX", tmp) : xstrdup(tmpl);
	if (mkdtemp(z->dir) == NULL) {
		fprintf(stderr, "bench-scale: mkdtemp: %s\n", strerror(errno));
		exit(1);
	}
	path = xasprintf("%s/reports", z->dir);
	if (mkdir(path, 0755) != 0) {
		fprintf(stderr, "bench-scale: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	free(path);
	bench_battle(z->n, 8, GAP, &b);
	path = xasprintf("%s/scenario.xml", z->dir);
	write_file(path, &b);
	st = bench_load(rs, path, b.p, b.len);
	write_orders(z->dir, st, z->n);
	state_free(st);
	free(path);
	(void)play(z->dir, "scenario.xml", 1, "state2.xml", 0, NULL);
	path = xasprintf("%s/state2.xml", z->dir);
	text = read_file(path, &len);
	st = bench_load(rs, path, text, len);
	write_orders(z->dir, st, z->n);
	state_free(st);
	free(text);
	free(path);
	buf_free(&b);
}

static void
measure(struct size *z)
{
	double	v[NCOLS][MAX_RUNS], with;
	int	r, c;

	for (r = 0; r < runs; r++) {
		v[C_SCENARIO][r] = play(z->dir, "scenario.xml", 1, "out1.xml",
		    0, NULL);
		v[C_STATE][r] = play(z->dir, "state2.xml", 2, "out2.xml", 0,
		    NULL);
		with = play(z->dir, "state2.xml", 2, "out3.xml", 1,
		    &z->rss_kib);
		v[C_REPORTS][r] = with - v[C_STATE][r];
		v[C_FLOOR][r] = floor_ms(z->dir);
	}
	for (c = 0; c < NCOLS; c++)
		z->med[c] = bench_median(v[c], runs);
}

/* Removes what prepare and measure wrote. */
static void
clean(const struct size *z)
{
	static const char *const files[] = {
		"scenario.xml", "state2.xml", "out1.xml", "out2.xml",
		"out3.xml", "floor.xml", "t1-east.txt", "t1-west.txt",
		"t2-east.txt", "t2-west.txt", "state2.xml.events",
		"out1.xml.events", "out2.xml.events", "out3.xml.events",
		"navarch.out", "reports/side-east.txt", "reports/side-west.txt",
		"reports/gm.txt", "reports/observer.txt", "reports", NULL
	};
	char	*path;
	int	 i;

	for (i = 0; files[i] != NULL; i++) {
		path = xasprintf("%s/%s", z->dir, files[i]);
		(void)remove(path);
		free(path);
	}
	(void)rmdir(z->dir);
}

static double
per_ship(const struct size *z, const struct size *base, int c)
{
	return (z->med[c] - base->med[c]) * 1000.0 / (z->n - base->n);
}

static void
print_size(const struct size *z, const struct size *base)
{
	int	c;

	printf("%6d", z->n);
	for (c = 0; c < NCOLS; c++)
		printf(" %8.1f ms %6.1f us", z->med[c], per_ship(z, base, c));
	printf("  %4.1fx %4.1fx  %ld MiB\n", z->med[C_SCENARIO] /
	    z->med[C_FLOOR], z->med[C_STATE] / z->med[C_FLOOR],
	    z->rss_kib / 1024);
	fflush(stdout);
}

/* 0 if the cost per ship grew by at most GROWTH_MAX from the first size
 * of 1,000 ships or more to the last; else says which column did not. */
static int
check_growth(const struct size *z, int nz, const struct size *base)
{
	const struct size *from = NULL, *to = &z[nz - 1];
	double		   g;
	int		   i, c, bad = 0;

	for (i = 0; i < nz && from == NULL; i++)
		if (z[i].n >= 1000)
			from = &z[i];
	if (from == NULL || from == to)
		return 0;
	for (c = 0; c < C_FLOOR; c++) {
		g = per_ship(to, base, c) / per_ship(from, base, c);
		printf("cost per ship, %s: %.2fx from %d to %d ships%s\n",
		    col_names[c], g, from->n, to->n, g > GROWTH_MAX ?
		    "  ** GROWS: more than 1.5x **" : "");
		bad |= g > GROWTH_MAX;
	}
	return bad;
}

static const struct size *
size_of(const struct size *z, int nz, int n)
{
	int	i;

	for (i = 0; i < nz; i++)
		if (z[i].n == n)
			return &z[i];
	return NULL;
}

/* The targets of issue 16 for navarch turn, from a scenario and from a
 * state: at 10,000 ships at most 5x the floor (and 1 s, which depends on
 * the machine: said, not enforced); at 20,000 at most twice the time at
 * 10,000 (said, not enforced: that is no growth at all per ship, and a
 * shared machine's caches move it by 5%; the growth check above is the
 * one that fails).  0 if met (or not measured). */
static int
check_targets(const struct size *z, int nz)
{
	const struct size *ten = size_of(z, nz, 10000);
	const struct size *twenty = size_of(z, nz, 20000);
	double		   r;
	int		   c, bad = 0;

	for (c = C_SCENARIO; ten != NULL && c <= C_STATE; c++) {
		r = ten->med[c] / ten->med[C_FLOOR];
		printf("10,000 ships, from a %s: %.0f ms, %.1fx the floor "
		    "(targets: 1000 ms, 5x)%s%s\n", col_names[c], ten->med[c],
		    r, r > 5 ? "  ** MORE THAN 5x THE FLOOR **" : "",
		    ten->med[c] > 1000 ? "  (over 1 s on this machine)" : "");
		bad |= r > 5;
		if (twenty == NULL)
			continue;
		r = twenty->med[c] / ten->med[c];
		printf("20,000 ships, from a %s: %.0f ms, %.2fx the figure at "
		    "10,000 (target: 2x)%s\n", col_names[c], twenty->med[c], r,
		    r > 2 ? "  (more than twice)" : "");
	}
	return bad;
}

int
main(int argc, char **argv)
{
	struct nv_ruleset	*rs;
	struct size		 z[MAX_SIZES + 1];
	int			 nz = 0, c, i, bad;

	while ((c = getopt(argc, argv, "kn:r:")) != -1) {
		if (c == 'k')
			keep = 1;
		else if (c == 'n')
			navarch = optarg;
		else if (c != 'r' || str_to_int(optarg, 1, MAX_RUNS, &runs)
		    != 0) {
			fprintf(stderr, "usage: bench-scale [-k] [-r RUNS] "
			    "[-n NAVARCH] [N...]\n");
			return 64;
		}
	}
	memset(z, 0, sizeof z);
	z[nz++].n = 2;		/* the base: what every run pays once */
	for (i = optind; i < argc && nz <= MAX_SIZES; i++)
		if (str_to_int(argv[i], 4, 40000, &z[nz++].n) != 0) {
			fprintf(stderr, "bench-scale: %s: 4 to 40000 ships\n",
			    argv[i]);
			return 64;
		}
	if (nz == 1) {
		z[nz++].n = 1000;
		z[nz++].n = 20000;
	}
	rs = bench_ruleset();
	printf("bench-scale: %s, medians of %d runs of CPU time; us per ship "
	    "over the cost of a 2-ship battle\n %5s", navarch, runs, "ships");
	for (c = 0; c < NCOLS; c++)
		printf(" %20s", col_names[c]);
	printf("  scenario and state / floor, peak RSS\n");
	fflush(stdout);
	for (i = 0; i < nz; i++) {
		prepare(&z[i], rs);
		measure(&z[i]);
		if (i > 0)
			print_size(&z[i], &z[0]);
		if (keep)
			printf("  (files in %s)\n", z[i].dir);
		else
			clean(&z[i]);
		free(z[i].dir);
	}
	bad = check_growth(z + 1, nz - 1, &z[0]);
	bad |= check_targets(z + 1, nz - 1);
	ruleset_free(rs);
	return bad ? 1 : 0;
}
