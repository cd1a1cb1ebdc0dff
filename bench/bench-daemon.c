/* bench-daemon.c: the daemon playing a big battle's turn and queueing every
 * reader's report (issue 16: at 10,000 ships under 10 s and 100 MiB).
 *
 * For each battle size N (bench_battle: two fleets closing, fog of war at
 * 8 hexes, the orders of bench-scale: speed 2, fire and board at the ship
 * opposite) it makes a game database with navarch, as a GM would: game
 * create (with a GM address), one player a side, an observer, a daemon
 * cycle that mails them their welcome, both sides' orders submitted.
 * Then R times over, each on a fresh copy of that database, it runs
 * navarchd -f CONF --once --foreground: with the orders all in, the
 * cycle plays the turn (state, events, rolls) and queues the report mails
 * of its four readers (two sides, the GM, the observer, each with its SVG
 * map; a big battle's in parts of 1,000 ships, a mail each) in one
 * transaction, then sends them, and the two notices of the orders the GM
 * entered, to a Maildir outbox (smtp = file:).  It measures that process: wall time, CPU time (user
 * and system) and peak resident memory (wait4), and checks that the turn
 * was played and at least four mails went out.
 *
 * Prints medians, the mails' count and sizes, the database's size and the
 * part of it in use (SQLite keeps freed pages in the file for what comes
 * next), and at 10,000 ships whether
 * the targets hold: under 10 s (wall time, the figure; CPU time, which
 * other work on a shared machine does not change, is printed beside it)
 * and under 100 MiB.  Exits 1 if they do not, or if navarchd fails.
 *
 * Usage: bench-daemon [-k] [-r RUNS] [-s DAYS] [-n NAVARCH] [-d NAVARCHD]
 * [N...]; the programs default to ./navarch and ./navarchd (the build
 * directory's), N to 1000 and 10000; -k keeps the files; -s sets
 * sent_mail_keep_days for the cycle measured (0: the bodies of the mails
 * it sent are emptied before it ends).  Environment:
 * NAVARCH_DATADIR and NAVARCH_TEMPLATEDIR, as for the programs. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bench-common.h"
#include "buf.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

#define MAX_SIZES	8
#define MAX_RUNS	15
#define GAP		8	/* columns between the front lines */
#define MAILS		4	/* two sides, the GM, the observer: at
				   least, when reports are in parts */
#define TARGET_MS	10000.0	/* issue 16, at 10,000 ships */
#define TARGET_KIB	(100L * 1024)
#define SETTINGS	"hash_cost = 1\nlog_level = info\nearly_processing = yes\n"
#define NV(...)		bench_navarch("bench-daemon", navarch, __VA_ARGS__)

static const char	*navarch = "./navarch";
static const char	*navarchd = "./navarchd";
static int		 runs = 3;
static int		 keep;
static int		 sent_days = -1;	/* -1: the default */

struct size {
	int	 n;
	char	*dir;
	double	 wall, cpu;	/* medians, ms */
	long	 rss_kib;	/* median of the peaks */
	int	 mails;		/* sent */
	long	 mail_kib;	/* the largest */
	long	 total_kib;	/* all of them */
	long	 db_kib;	/* the database after the turn */
	long	 used_kib;	/* its pages in use (not free) */
};

static void
write_text(const char *dir, const char *name, const char *text)
{
	struct buf	 b = BUF_INIT;
	char		*path = xasprintf("%s/%s", dir, name);

	buf_adds(&b, text);
	bench_write("bench-daemon", path, &b);
	buf_free(&b);
	free(path);
}

/* The game "bench" with both sides' orders in, and the daemon's
 * configuration. */
static void
prepare(struct size *z, const struct nv_ruleset *rs)
{
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*path, *conf, *extra;

	z->dir = bench_tmpdir("bench-daemon");
	bench_battle(z->n, 8, GAP, &b);
	path = xasprintf("%s/scenario.xml", z->dir);
	bench_write("bench-daemon", path, &b);
	st = bench_load(rs, path, b.p, b.len);
	bench_orders("bench-daemon", z->dir, st, z->n);
	state_free(st);
	free(path);
	write_text(z->dir, "pw", "bench-password\n");
	path = xasprintf("%s/scenario.xml", z->dir);
	conf = xasprintf("%s/pw", z->dir);
	NV(z->dir, "init", NULL);
	NV(z->dir, "game", "create", "bench", "--scenario", path, "--gm",
	    "gm@example.org", "--gm-password-file", conf, "--seed", "bench",
	    NULL);
	NV(z->dir, "player", "add", "bench", "east", "east@example.org",
	    "--password-file", conf, NULL);
	NV(z->dir, "player", "add", "bench", "west", "west@example.org",
	    "--password-file", conf, NULL);
	free(path);
	NV(z->dir, "observer", "add", "bench", "obs@example.org", NULL);
	/* The welcome mails of the players and the observer go out now, in
	 * a cycle of their own: the one measured sends the reports alone. */
	bench_maildir("bench-daemon", z->dir, "inbox");
	bench_maildir("bench-daemon", z->dir, "outbox");
	bench_daemon_conf("bench-daemon", z->dir, "game.db", SETTINGS);
	bench_daemon_once("bench-daemon", navarchd, z->dir, NULL);
	extra = sent_days < 0 ? xstrdup(SETTINGS) : xasprintf("%s"
	    "sent_mail_keep_days = %d\n", SETTINGS, sent_days);
	bench_daemon_conf("bench-daemon", z->dir, "run.db", extra);
	free(extra);
	path = xasprintf("%s/t1-east.txt", z->dir);
	NV(z->dir, "orders", "submit", "bench", "east", path, NULL);
	free(path);
	path = xasprintf("%s/t1-west.txt", z->dir);
	NV(z->dir, "orders", "submit", "bench", "west", path, NULL);
	free(path);
	free(conf);
	buf_free(&b);
}

/* Copies the prepared database to run.db, and empties the outbox. */
static void
fresh_run(const struct size *z)
{
	char	*cmd;

	cmd = xasprintf("rm -rf '%s/outbox' '%s'/run.db* && cp '%s/game.db' "
	    "'%s/run.db'", z->dir, z->dir, z->dir, z->dir);
	if (system(cmd) != 0) {
		fprintf(stderr, "bench-daemon: %s failed\n", cmd);
		exit(1);
	}
	free(cmd);
	bench_maildir("bench-daemon", z->dir, "outbox");
}

/* The database's pages in use, in KiB: its size less its free pages. */
static long
used_kib(const char *path)
{
	static const char *const q[] = { "PRAGMA page_count",
	    "PRAGMA freelist_count", "PRAGMA page_size" };
	sqlite3		*db;
	sqlite3_stmt	*st;
	long long	 v[3] = { 0, 0, 0 };
	size_t		 i;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) ==
	    SQLITE_OK)
		for (i = 0; i < 3; i++) {
			if (sqlite3_prepare_v2(db, q[i], -1, &st, NULL) !=
			    SQLITE_OK)
				continue;
			if (sqlite3_step(st) == SQLITE_ROW)
				v[i] = sqlite3_column_int64(st, 0);
			sqlite3_finalize(st);
		}
	sqlite3_close(db);
	return (long)((v[0] - v[1]) * v[2] / 1024);
}

/* The mails in the outbox: at least MAILS of them, the largest's size
 * and all of them. */
static void
mails(struct size *z)
{
	struct dirent	*de;
	struct stat	 sb;
	DIR		*d;
	char		*path = xasprintf("%s/outbox/new", z->dir), *f;
	long		 kib;
	int		 n = 0;

	z->mail_kib = z->total_kib = 0;

	if ((d = opendir(path)) == NULL) {
		fprintf(stderr, "bench-daemon: %s: %s\n", path,
		    strerror(errno));
		exit(1);
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		f = xasprintf("%s/%s", path, de->d_name);
		if (stat(f, &sb) == 0) {
			kib = (long)(sb.st_size / 1024);
			z->mail_kib = kib > z->mail_kib ? kib : z->mail_kib;
			z->total_kib += kib;
		}
		n++;
		free(f);
	}
	closedir(d);
	if (n < MAILS) {
		fprintf(stderr, "bench-daemon: %s: %d mails, wanted %d or more "
		    "(see %s/out.txt)\n", path, n, MAILS, z->dir);
		exit(1);
	}
	z->mails = n;
	free(path);
	path = xasprintf("%s/run.db", z->dir);
	if (stat(path, &sb) == 0)
		z->db_kib = (long)(sb.st_size / 1024);
	z->used_kib = used_kib(path);
	free(path);
}

static void
measure(struct size *z)
{
	struct bench_usage	 u;
	double			 wall[MAX_RUNS], cpu[MAX_RUNS], rss[MAX_RUNS];
	int			 r;

	for (r = 0; r < runs; r++) {
		fresh_run(z);
		bench_daemon_once("bench-daemon", navarchd, z->dir, &u);
		wall[r] = u.wall_ms;
		cpu[r] = u.cpu_ms;
		rss[r] = (double)u.rss_kib;
		mails(z);
	}
	z->wall = bench_median(wall, runs);
	z->cpu = bench_median(cpu, runs);
	z->rss_kib = (long)bench_median(rss, runs);
}

static void
clean(const struct size *z)
{
	char	*cmd = xasprintf("rm -rf '%s'", z->dir);

	if (system(cmd) != 0)
		fprintf(stderr, "bench-daemon: could not remove %s\n", z->dir);
	free(cmd);
}

static void
print_size(const struct size *z)
{
	printf("%6d  %8.0f ms %8.0f ms  %4ld MiB  %5d %8ld KiB %8ld KiB  "
	    "%8ld KiB %8ld KiB\n", z->n, z->wall, z->cpu, z->rss_kib / 1024,
	    z->mails, z->mail_kib, z->total_kib, z->db_kib, z->used_kib);
	fflush(stdout);
}

/* Issue 16 at 10,000 ships: under 10 s and 100 MiB.  0 if met or not
 * measured. */
static int
check_target(const struct size *z, int nz)
{
	int	i, bad;

	for (i = 0; i < nz; i++) {
		if (z[i].n != 10000)
			continue;
		bad = z[i].wall >= TARGET_MS || z[i].rss_kib >= TARGET_KIB;
		printf("10,000 ships: %.1f s (%.1f s of CPU), %ld MiB "
		    "(targets: 10 s, 100 MiB)%s\n", z[i].wall / 1000.0,
		    z[i].cpu / 1000.0, z[i].rss_kib / 1024, bad ?
		    "  ** NOT MET **" : ": met");
		return bad;
	}
	return 0;
}

static int
parse_args(int argc, char **argv, struct size *z, int *nz)
{
	int	c, n;

	while ((c = getopt(argc, argv, "kr:s:n:d:")) != -1)
		if (c == 's') {
			if (str_to_int(optarg, 0, 36500, &sent_days) != 0)
				return -1;
		} else if (bench_prog_opt(c, optarg, MAX_RUNS, &navarch,
		    &navarchd, &runs, &keep) != 1)
			return -1;
	for (*nz = 0; optind < argc && *nz < MAX_SIZES; optind++) {
		if (str_to_int(argv[optind], 2, 40000, &n) != 0)
			return -1;
		z[(*nz)++].n = n;
	}
	if (*nz == 0) {
		z[0].n = 1000;
		z[1].n = 10000;
		*nz = 2;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct size		 z[MAX_SIZES];
	struct nv_ruleset	*rs;
	int			 nz, i, bad;

	memset(z, 0, sizeof z);
	if (parse_args(argc, argv, z, &nz) != 0) {
		fprintf(stderr, "usage: bench-daemon [-k] [-r RUNS] [-s DAYS] "
		    "[-n NAVARCH] [-d NAVARCHD] [N...]\n");
		return 1;
	}
	rs = bench_ruleset();
	printf("navarchd --once: the turn of N ships played, its report mails "
	    "queued and sent\n(medians of %d runs: wall time, CPU time, peak "
	    "RSS; the mails, the largest, all; the database, in use)\n",
	    runs);
	if (sent_days >= 0)
		printf("sent_mail_keep_days = %d\n", sent_days);
	printf("%6s  %11s %11s  %8s  %5s %12s %12s  %12s %12s\n", "ships",
	    "wall", "CPU", "RSS", "mails", "largest", "all", "db", "in use");
	for (i = 0; i < nz; i++) {
		prepare(&z[i], rs);
		measure(&z[i]);
		print_size(&z[i]);
		if (keep)
			printf("  kept: %s\n", z[i].dir);
		else
			clean(&z[i]);
	}
	bad = check_target(z, nz);
	for (i = 0; i < nz; i++)
		free(z[i].dir);
	ruleset_free(rs);
	return bad;
}
