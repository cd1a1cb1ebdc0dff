/* bench-turn.c: how fast is a turn of a big battle?
 *
 * Builds a scenario of N ships (two fleets on a map large enough for
 * CCCRRR names), then plays T turns with default orders and seeded dice,
 * R times over.  Prints the median time per turn and per ship-turn and the
 * peak resident memory.  Run with `make bench`; see bench/README.md. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "buf.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "fileio.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"

static char *
read_data(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *text, *cause;

	path = xasprintf("%s/%s", dir != NULL ? dir : "data", rel);
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

/* Two fleets in lines abreast, facing each other across the map. */
static void
make_scenario(int nships, struct buf *b)
{
	int	i, k, side, col, row, per = nships / 2;

	buf_printf(b, "<scenario ruleset=\"classic\" turn=\"1\">\n"
	    "  <map columns=\"150\" rows=\"150\"/>\n"
	    "  <side id=\"east\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "  <side id=\"west\" nation=\"roman\" crew=\"average\"/>\n");
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

static double
now_ms(void)
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

int
main(int argc, char **argv)
{
	struct diag		 d = DIAG_INIT;
	struct buf		 sc = BUF_INIT;
	struct nv_ruleset	*rs;
	struct nv_state		*st, *next;
	struct rusage		 ru;
	char			*xml, *rng, *srng, *cause;
	size_t			 xlen, rlen, slen;
	int			 nships = 400, turns = 5, reps = 5, r, t;
	double			 times[64], t0;

	if (argc > 1 && str_to_int(argv[1], 2, 6800, &nships) != 0)
		return 64;
	if (argc > 2 && str_to_int(argv[2], 1, 1000, &turns) != 0)
		return 64;
	xml = read_data("rulesets/classic.xml", &xlen);
	rng = read_data("schema/ruleset-classic.rng", &rlen);
	srng = read_data("schema/scenario.rng", &slen);
	if ((rs = ruleset_load("classic.xml", xml, xlen, rng, rlen, &d))
	    == NULL)
		return 1;
	make_scenario(nships, &sc);
	st = state_xml_load(rs, "bench", sc.p, sc.len, srng, slen, &d);
	if (st == NULL) {
		buf_reset(&sc);
		diag_format(&d, &sc);
		fputs(buf_str(&sc), stderr);
		return 1;
	}
	for (r = 0; r < reps; r++) {
		struct nv_state	*cur = state_clone(st);

		t0 = now_ms();
		for (t = 0; t < turns; t++) {
			struct nv_dice	 *dice = dice_seeded("bench", "bench");
			struct nv_events ev = NV_EVENTS_INIT;

			if (turn_play(cur, NULL, dice, &next, &ev, &cause)
			    != 0) {
				fprintf(stderr, "bench: %s\n", cause);
				return 1;
			}
			state_free(cur);
			cur = next;
			events_free(&ev);
			dice_free(dice);
		}
		times[r] = (now_ms() - t0) / turns;
		state_free(cur);
	}
	qsort(times, (size_t)reps, sizeof times[0], cmp_double);
	getrusage(RUSAGE_SELF, &ru);
	printf("bench-turn: %d ships, %d turns x %d runs: median %.2f ms per "
	    "turn, %.1f us per ship-turn, peak RSS %ld KiB\n", nships, turns,
	    reps, times[reps / 2], times[reps / 2] * 1000.0 / nships,
	    ru.ru_maxrss);
	state_free(st);
	ruleset_free(rs);
	buf_free(&sc);
	diag_free(&d);
	free(xml);
	free(rng);
	free(srng);
	return 0;
}
