/* bench-intake.c: the daemon taking in a cycle's order mails (issue 16,
 * item 4: 2,000 mails at hash cost 1 under 4 s, a mail under 2 ms; at the
 * default cost 5 within 1.25x of the password checks alone).
 *
 * For each hash cost (1 and 5) it makes a game as a GM would, with
 * navarch --hash-cost COST: bench_battle's two fleets of SHIPS ships, a
 * GM, PLAYERS players (half a side each, each commanding its share of
 * the side's ships), a daemon cycle that mails them their welcome.  It
 * writes MAILS valid order mails, the players' in turn, each with GAME,
 * PLAYER, PASSWORD and the orders of bench_orders for the player's own
 * ships.  Then RUNS times over, on a fresh copy of the database and of
 * the inbox, it runs navarchd -f CONF --once --foreground (Maildir inbox,
 * Maildir outbox, no early processing: the cycle takes the mails in and
 * plays no turn) and measures that process, checking that every mail was
 * done (acknowledged, not rejected).
 *
 * The floor is MAILS calls of password_verify(), the project's own check,
 * against a hash of that cost, in this process.
 *
 * Prints medians of the wall and CPU time per mail, the floor per mail
 * and the ratio of the CPU time to it, and whether the targets hold (they
 * are the at 2,000 mails; a shorter run says how far it is).
 * Exits 1 if navarchd fails or a mail is not done.
 *
 * Usage: bench-intake [-k] [-r RUNS] [-n NAVARCH] [-d NAVARCHD]
 * [-s SHIPS] [-p PLAYERS] [MAILS]; defaults 3 runs, 40 ships, 4 players,
 * 200 mails; -k keeps the files.  Environment: NAVARCH_DATADIR and
 * NAVARCH_TEMPLATEDIR, as for the programs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-common.h"
#include "buf.h"
#include "fileio.h"
#include "password.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

#define MAX_RUNS	15
#define MAX_PLAYERS	64
#define GAP		8
#define PASSWORD	"bench-password"
#define TARGET_MS	2.0	/* a mail at cost 1 */
#define TARGET_RATIO	1.25	/* at cost 5, over the checks alone */
#define NV(...)		bench_navarch("bench-intake", navarch, __VA_ARGS__)

static const char	*navarch = "./navarch";
static const char	*navarchd = "./navarchd";
static int		 runs = 3, nships = 40, nplayers = 4, nmails = 200;
static int		 keep;

struct cost {
	unsigned	 cost;
	char		*dir;
	double		 wall, cpu;	/* medians, ms a mail */
	double		 floor;		/* ms a check */
};

static void
sh(const char *cmd)
{
	if (system(cmd) != 0) {
		fprintf(stderr, "bench-intake: %s failed\n", cmd);
		exit(1);
	}
}

/* The id of player k: the first half of them east's, then west's. */
static void
player_id(int k, char *id, size_t len)
{
	snprintf(id, len, "p%d", k);
}

static int
player_side(int k)
{
	return k < nplayers / 2 ? 0 : 1;
}

/* Player k's share of its side's ships: every (nplayers / 2)-th. */
static int
player_owns(const struct nv_state *st, size_t ship, int k)
{
	int	per = nplayers / 2, j = 0;
	size_t	i;

	if (st->ships[ship].side != player_side(k))
		return 0;
	for (i = 0; i < ship; i++)
		j += st->ships[i].side == st->ships[ship].side;
	return j % per == k % per;
}

/* The players seated with their ships, each with the same password. */
static void
seat(const struct cost *c, const struct nv_state *st)
{
	struct buf	 ships = BUF_INIT;
	char		 id[16], *addr, *pw = xasprintf("%s/pw", c->dir);
	char		 cost[8];
	size_t		 i;
	int		 k;

	snprintf(cost, sizeof cost, "%u", c->cost);
	for (k = 0; k < nplayers; k++) {
		buf_reset(&ships);
		for (i = 0; i < st->nships; i++)
			if (player_owns(st, i, k))
				buf_printf(&ships, "%s%s", ships.len > 0 ?
				    "," : "", st->ships[i].id);
		player_id(k, id, sizeof id);
		addr = xasprintf("%s@example.org", id);
		NV(c->dir, "--hash-cost", cost, "player", "add", "bench",
		    st->sides[player_side(k)].id, addr, "--id", id, "--ships",
		    buf_str(&ships), "--password-file", pw, NULL);
		free(addr);
	}
	buf_free(&ships);
	free(pw);
}

/* Player k's order lines: those of bench_orders' file for its side that
 * name its ships. */
static void
player_orders(const struct cost *c, const struct nv_state *st, int k,
    struct buf *out)
{
	const char	*side = st->sides[player_side(k)].id;
	char		*path, *text, *line, *end, *cause, ship[32];
	size_t		 len;
	int		 i;

	path = xasprintf("%s/t%d-%s.txt", c->dir, st->turn, side);
	if (file_read(path, 1 << 24, &text, &len, &cause) != 0) {
		fprintf(stderr, "bench-intake: %s\n", cause);
		exit(1);
	}
	for (line = text; *line != '\0'; line = *end != '\0' ? end + 1 : end) {
		end = strchr(line, '\n');
		if (end == NULL)
			end = line + strlen(line);
		if (sscanf(line, "SHIP %31s", ship) != 1)
			continue;
		if ((i = state_ship_index(st, ship)) >= 0 &&
		    player_owns(st, (size_t)i, k))
			buf_printf(out, "%.*s\n", (int)(end - line), line);
	}
	free(text);
	free(path);
}

/* nmails order mails into DIR/mails/new, the players' in turn. */
static void
write_mails(const struct cost *c, const struct nv_state *st)
{
	struct buf	 orders[MAX_PLAYERS], b = BUF_INIT;
	char		 id[16], *path;
	int		 k, m;

	bench_maildir("bench-intake", c->dir, "mails");
	for (k = 0; k < nplayers; k++) {
		orders[k] = (struct buf)BUF_INIT;
		player_orders(c, st, k, &orders[k]);
	}
	for (m = 0; m < nmails; m++) {
		k = m % nplayers;
		player_id(k, id, sizeof id);
		buf_reset(&b);
		buf_printf(&b, "From: %s@example.org\nTo: navarch@example.org\n"
		    "Subject: orders\nMessage-ID: <m%d.%s@bench>\n"
		    "Date: Tue, 01 Dec 2026 12:00:00 +0000\n"
		    "Content-Type: text/plain; charset=utf-8\n\n"
		    "GAME bench\nPLAYER %s\nPASSWORD %s\n%s", id, m, id, id,
		    PASSWORD, buf_str(&orders[k]));
		path = xasprintf("%s/mails/new/%06d.%s.bench", c->dir, m, id);
		bench_write("bench-intake", path, &b);
		free(path);
	}
	for (k = 0; k < nplayers; k++)
		buf_free(&orders[k]);
	buf_free(&b);
}

static void
prepare(struct cost *c, const struct nv_ruleset *rs)
{
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*path, *pw, cost[8], *conf;

	c->dir = bench_tmpdir("bench-intake");
	bench_battle(nships, 8, GAP, &b);
	path = xasprintf("%s/scenario.xml", c->dir);
	bench_write("bench-intake", path, &b);
	st = bench_load(rs, path, b.p, b.len);
	bench_orders("bench-intake", c->dir, st, nships);
	buf_reset(&b);
	buf_adds(&b, PASSWORD "\n");
	pw = xasprintf("%s/pw", c->dir);
	bench_write("bench-intake", pw, &b);
	snprintf(cost, sizeof cost, "%u", c->cost);
	NV(c->dir, "init", NULL);
	NV(c->dir, "--hash-cost", cost, "game", "create", "bench",
	    "--scenario", path, "--gm", "gm@example.org",
	    "--gm-password-file", pw, "--seed", "bench", NULL);
	seat(c, st);
	write_mails(c, st);
	/* The welcome mails go out in a cycle of their own. */
	bench_maildir("bench-intake", c->dir, "inbox");
	bench_maildir("bench-intake", c->dir, "outbox");
	conf = xasprintf("hash_cost = %u\nlog_level = info\n"
	    "early_processing = no\n", c->cost);
	bench_daemon_conf("bench-intake", c->dir, "game.db", conf);
	bench_daemon_once("bench-intake", navarchd, c->dir, NULL);
	bench_daemon_conf("bench-intake", c->dir, "run.db", conf);
	free(conf);
	state_free(st);
	free(path);
	free(pw);
	buf_free(&b);
}

/* How many mails the last run's log says were done. */
static int
count_done(const struct cost *c)
{
	char	*path = xasprintf("%s/out.txt", c->dir), *text, *cause, *p;
	size_t	 len;
	int	 n = 0;

	if (file_read(path, 1 << 26, &text, &len, &cause) != 0) {
		fprintf(stderr, "bench-intake: %s\n", cause);
		exit(1);
	}
	for (p = text; (p = strstr(p, ": done: done: ")) != NULL; p++)
		n++;
	free(text);
	free(path);
	return n;
}

static void
measure(struct cost *c)
{
	struct bench_usage	 u;
	double			 wall[MAX_RUNS], cpu[MAX_RUNS];
	char			*cmd;
	int			 r, done;

	for (r = 0; r < runs; r++) {
		cmd = xasprintf("cd '%s' && rm -rf inbox outbox run.db* out.txt"
		    " && cp game.db run.db && cp -r mails inbox", c->dir);
		sh(cmd);
		free(cmd);
		bench_maildir("bench-intake", c->dir, "outbox");
		bench_daemon_once("bench-intake", navarchd, c->dir, &u);
		if ((done = count_done(c)) != nmails) {
			fprintf(stderr, "bench-intake: %d of %d mails done (see "
			    "%s/out.txt)\n", done, nmails, c->dir);
			exit(1);
		}
		wall[r] = u.wall_ms / nmails;
		cpu[r] = u.cpu_ms / nmails;
	}
	c->wall = bench_median(wall, runs);
	c->cpu = bench_median(cpu, runs);
}

/* nmails password checks of a hash of the cost, runs times: the median
 * CPU ms a check. */
static void
floor_checks(struct cost *c)
{
	double	 v[MAX_RUNS], t0;
	char	*hash, *cause;
	int	 r, i;

	if (password_hash(PASSWORD, c->cost, &hash, &cause) != 0) {
		fprintf(stderr, "bench-intake: %s\n", cause);
		exit(1);
	}
	for (r = 0; r < runs; r++) {
		t0 = bench_cpu_ms();
		for (i = 0; i < nmails; i++)
			if (password_verify(PASSWORD, hash) != 1) {
				fprintf(stderr, "bench-intake: password_verify "
				    "failed\n");
				exit(1);
			}
		v[r] = (bench_cpu_ms() - t0) / nmails;
	}
	c->floor = bench_median(v, runs);
	free(hash);
}

static int
parse_args(int argc, char **argv)
{
	int	c;

	while ((c = getopt(argc, argv, "kr:n:d:s:p:")) != -1) {
		switch (c) {
		case 's':
			if (str_to_int(optarg, 2, 40000, &nships) != 0)
				return -1;
			break;
		case 'p':
			if (str_to_int(optarg, 2, MAX_PLAYERS, &nplayers) != 0
			    || nplayers % 2 != 0 || nplayers > nships)
				return -1;
			break;
		default:
			if (bench_prog_opt(c, optarg, MAX_RUNS, &navarch,
			    &navarchd, &runs, &keep) != 1)
				return -1;
		}
	}
	if (optind < argc && str_to_int(argv[optind++], 1, 100000,
	    &nmails) != 0)
		return -1;
	return optind == argc ? 0 : -1;
}

int
main(int argc, char **argv)
{
	struct cost		 c[2] = { { .cost = 1 }, { .cost = 5 } };
	struct nv_ruleset	*rs;
	char			*cmd;
	int			 i;

	if (parse_args(argc, argv) != 0) {
		fprintf(stderr, "usage: bench-intake [-k] [-r RUNS] "
		    "[-n NAVARCH] [-d NAVARCHD] [-s SHIPS] [-p PLAYERS] "
		    "[MAILS]\n(PLAYERS even, 2-%d)\n", MAX_PLAYERS);
		return 1;
	}
	rs = bench_ruleset();
	printf("navarchd --once taking in %d valid order mails (%d ships, %d "
	    "players)\n(medians of %d runs, ms a mail: wall, CPU; the "
	    "password check alone; CPU over it)\n", nmails, nships, nplayers,
	    runs);
	printf("%4s  %9s %9s  %9s  %6s\n", "cost", "wall", "CPU", "check",
	    "ratio");
	for (i = 0; i < 2; i++) {
		prepare(&c[i], rs);
		measure(&c[i]);
		floor_checks(&c[i]);
		printf("%4u  %9.2f %9.2f  %9.2f  %5.2fx\n", c[i].cost,
		    c[i].wall, c[i].cpu, c[i].floor, c[i].cpu / c[i].floor);
		fflush(stdout);
		if (keep)
			printf("  kept: %s\n", c[i].dir);
		else {
			cmd = xasprintf("rm -rf '%s'", c[i].dir);
			sh(cmd);
			free(cmd);
		}
	}
	printf("cost 1: %.2f ms a mail, %.1f s for 2,000 (target 2 ms, 4 s)"
	    "%s\n", c[0].wall, c[0].wall * 2, c[0].wall < TARGET_MS ? ": met" :
	    ": not met");
	printf("cost 5: %.2fx the password check (target %.2fx)%s\n",
	    c[1].cpu / c[1].floor, TARGET_RATIO, c[1].cpu / c[1].floor <
	    TARGET_RATIO ? ": met" : ": not met");
	for (i = 0; i < 2; i++)
		free(c[i].dir);
	ruleset_free(rs);
	return 0;
}
