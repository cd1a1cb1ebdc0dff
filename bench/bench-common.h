/* bench-common.h: what the benchmarks share: the data files, a big
 * battle's scenario, a clock and medians. */
#ifndef NV_BENCH_COMMON_H
#define NV_BENCH_COMMON_H

#include <stddef.h>

struct buf;
struct diag;
struct nv_ruleset;
struct nv_state;

/* A file under $NAVARCH_DATADIR (default data/), or exit 1; owned. */
char	*bench_read(const char *dir_env, const char *def, const char *rel,
	    size_t *len);
/* Two fleets of nships in lines abreast, facing each other across a
 * 150 x 150 map; visibility 0 (no fog) or a range in hexes. */
void	bench_scenario(int nships, int visibility, struct buf *);
/* The scaling benchmark's battle (bench-scale.c): nships (up to 40,000)
 * in two fleets of lines of 100 abreast, the front lines gap columns apart
 * and closing, on a map bench_battle_columns() wide and 150 rows. */
void	bench_battle(int nships, int visibility, int gap, struct buf *);
int	bench_battle_columns(int nships, int gap);
/* Every ship's orders for st's turn into DIR/tTURN-SIDE.txt, one file a
 * side of bench_battle's two (n ships): speed 2, and fire and board at
 * the ship opposite in the other fleet while both are on the map.  Legal
 * as long as no ship is bound by a ram or grapples, which holds for the
 * first two turns of bench_battle.  Exits 1 (naming prog) if a file
 * cannot be written. */
void	bench_orders(const char *prog, const char *dir,
	    const struct nv_state *st, int n);
/* Writes b to path, or exits 1 naming prog. */
void	bench_write(const char *prog, const char *path, const struct buf *b);
/* The classic ruleset, or exit 1; owned. */
struct nv_ruleset *bench_ruleset(void);
/* A scenario or state of ruleset rs loaded, or exit 1 with its errors;
 * owned. */
struct nv_state *bench_load(const struct nv_ruleset *rs, const char *name,
	    const char *xml, size_t len);
/* The classic ruleset and the scenario loaded, or exit 1.  Both owned. */
struct nv_state *bench_state(int nships, int visibility,
	    struct nv_ruleset **);
double	bench_now_ms(void);
/* Sorts v[0..n) and returns the median. */
double	bench_median(double *v, int n);
/* Peak resident memory in KiB. */
long	bench_rss_kib(void);

/* What a program run took: wall time and CPU time (user and system; on a
 * shared machine the wall time also counts the others' work) in ms, and
 * its peak resident memory. */
struct bench_usage {
	double	wall_ms;
	double	cpu_ms;
	long	rss_kib;
};

/* Runs prog with argv, its standard output and error into the file out
 * (appended to, or emptied first), and measures it into u.  Exits 1,
 * naming caller and out, if it cannot be run or does not exit 0. */
void	bench_spawn(const char *caller, const char *prog, char **argv,
	    const char *out, int append, struct bench_usage *u);
/* Runs navarch (the program prog) as "navarch --db DIR/game.db ARGS..."
 * (NULL-terminated, at most 20), its output appended to DIR/out.txt.
 * Exits 1, naming caller, if it fails. */
void	bench_navarch(const char *caller, const char *prog, const char *dir,
	    ...);
/* A fresh directory $TMPDIR/PROG.XXXXXX (default /tmp), or exit 1;
 * owned. */
char	*bench_tmpdir(const char *prog);
/* DIR/navarchd.conf: the daemon on the database DIR/DB, the Maildir
 * inbox DIR/inbox and outbox DIR/outbox (smtp = file:), then settings
 * (lines), and datadir and templatedir from $NAVARCH_DATADIR and
 * $NAVARCH_TEMPLATEDIR when set.  Exits 1 if it cannot be written. */
void	bench_daemon_conf(const char *prog, const char *dir, const char *db,
	    const char *settings);
/* The options the daemon's benchmarks share, for getopt's "kr:n:d:":
 * -k sets *keep, -r RUNS (1..max_runs) *runs, -n *navarch, -d *navarchd
 * (arg borrowed).  1 if c was one of them, -1 if not or its value is
 * bad. */
int	bench_prog_opt(int c, const char *arg, int max_runs,
	    const char **navarch, const char **navarchd, int *runs,
	    int *keep);
/* This process's CPU time (user and system) in ms. */
double	bench_cpu_ms(void);
/* DIR/NAME as a Maildir (NAME/new, cur, tmp), or exit 1. */
void	bench_maildir(const char *caller, const char *dir, const char *name);
/* navarchd (the program prog) -f DIR/navarchd.conf --once --foreground,
 * its output appended to DIR/out.txt, measured into u (NULL: not). */
void	bench_daemon_once(const char *caller, const char *prog,
	    const char *dir, struct bench_usage *u);

#endif
