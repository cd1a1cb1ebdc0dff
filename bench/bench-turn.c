/* bench-turn.c: how fast is a turn of a big battle?
 *
 * Builds a scenario of N ships (two fleets on a map large enough for
 * CCCRRR names, bench-common.c), then plays T turns with default orders
 * and seeded dice, R times over.  Prints the median time per turn and per
 * ship-turn and the peak resident memory.  Run with `make bench`; see
 * bench/README.md. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench-common.h"
#include "dice.h"
#include "events.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "turn.h"

#define RUNS	5

int
main(int argc, char **argv)
{
	struct nv_ruleset	*rs;
	struct nv_state		*st, *next;
	char			*cause;
	int			 nships = 400, turns = 5, r, t;
	double			 times[RUNS], t0, med;

	if (argc > 1 && str_to_int(argv[1], 2, 6800, &nships) != 0)
		return 64;
	if (argc > 2 && str_to_int(argv[2], 1, 1000, &turns) != 0)
		return 64;
	st = bench_state(nships, 0, &rs);
	for (r = 0; r < RUNS; r++) {
		struct nv_state	*cur = state_clone(st);

		t0 = bench_now_ms();
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
		times[r] = (bench_now_ms() - t0) / turns;
		state_free(cur);
	}
	med = bench_median(times, RUNS);
	printf("bench-turn: %d ships, %d turns x %d runs: median %.2f ms per "
	    "turn, %.1f us per ship-turn, peak RSS %ld KiB\n", nships, turns,
	    RUNS, med, med * 1000.0 / nships, bench_rss_kib());
	state_free(st);
	ruleset_free(rs);
	return 0;
}
