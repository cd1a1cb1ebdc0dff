/* bench-report.c: how long do the reports of a big battle take?
 *
 * Plays a battle of N ships (bench-common.c) with fog of war until the
 * fleets have met, then times, R times over, what the daemon does for
 * one turn's mail: a side's text report (document, fog, template), the
 * GM's, and the side's SVG map.  Prints medians in milliseconds and per
 * ship, and the report sizes.  Run with `make bench`; bench/README.md. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-common.h"
#include "buf.h"
#include "dice.h"
#include "events.h"
#include "map.h"
#include "map-svg.h"
#include "report.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"

#define RUNS	5

struct played {
	struct nv_state		*before, *after;
	struct nv_events	 ev;
	struct nv_dice		*dice;
};

/* Plays turns with default orders and seeded dice; the last is kept. */
static void
play(struct nv_state *st, int turns, struct played *p)
{
	struct nv_state	*cur = st, *next;
	char		*cause = NULL;
	int		 t;

	memset(p, 0, sizeof *p);
	for (t = 0; t < turns; t++) {
		events_free(&p->ev);
		dice_free(p->dice);
		p->ev = (struct nv_events)NV_EVENTS_INIT;
		p->dice = dice_seeded("bench", "bench");
		if (turn_play(cur, NULL, p->dice, &next, &p->ev, &cause) != 0) {
			fprintf(stderr, "bench: %s\n", cause);
			exit(1);
		}
		if (t + 1 < turns && cur != st)
			state_free(cur);
		if (t + 1 == turns)
			p->before = cur;
		cur = next;
	}
	p->after = cur;
}

static double
time_report(struct report_template *t, struct report_input *in, size_t *len)
{
	struct buf	 out = BUF_INIT;
	char		*cause = NULL;
	double		 t0 = bench_now_ms(), ms;

	if (report_template_apply(t, in, &out, &cause) != 0) {
		fprintf(stderr, "bench: %s\n", cause);
		exit(1);
	}
	ms = bench_now_ms() - t0;
	*len = out.len;
	buf_free(&out);
	return ms;
}

static double
time_svg(struct report_input *in, size_t *len)
{
	struct map_opts	 o = MAP_OPTS_INIT;
	struct buf	 out = BUF_INIT;
	unsigned char	*vis, *wvis;
	char		*cause = NULL;
	double		 t0 = bench_now_ms(), ms;

	vis = xcalloc(in->after->nships + 1, 1);
	wvis = xcalloc(in->after->nwrecks + 1, 1);
	report_fog_end(in, vis, wvis);
	o.side = in->side;
	o.ship_visible = vis;
	o.wreck_visible = wvis;
	if (map_svg(in->after, &o, &out, &cause) != 0) {
		fprintf(stderr, "bench: %s\n", cause);
		exit(1);
	}
	ms = bench_now_ms() - t0;
	*len = out.len;
	free(vis);
	free(wvis);
	buf_free(&out);
	return ms;
}

static struct report_template *
template(const char *file)
{
	struct report_template	*t;
	char			*xsl, *cause = NULL;
	size_t			 len;

	xsl = bench_read("NAVARCH_TEMPLATEDIR", "templates", file, &len);
	if ((t = report_template_load(file, xsl, len, &cause)) == NULL) {
		fprintf(stderr, "bench: %s\n", cause);
		exit(1);
	}
	free(xsl);
	return t;
}

int
main(int argc, char **argv)
{
	struct nv_ruleset	*rs;
	struct nv_state		*st;
	struct played		 p;
	struct report_input	 in;
	struct report_template	*side_t, *gm_t;
	double			 side_ms[RUNS], gm_ms[RUNS], svg_ms[RUNS];
	size_t			 side_len = 0, gm_len = 0, svg_len = 0,
				 nrolls;
	int			 nships = 400, turns = 8, vis = 8, r;

	if (argc > 1 && str_to_int(argv[1], 2, 6800, &nships) != 0)
		return 64;
	if (argc > 2 && str_to_int(argv[2], 1, 1000, &turns) != 0)
		return 64;
	st = bench_state(nships, vis, &rs);
	play(st, turns, &p);
	side_t = template("report-side.xsl");
	gm_t = template("report-gm.xsl");
	memset(&in, 0, sizeof in);
	in.game = "bench";
	in.before = p.before;
	in.after = p.after;
	in.ev = &p.ev;
	in.rolls = dice_rolls(p.dice, &nrolls);
	in.nrolls = nrolls;
	for (r = 0; r < RUNS; r++) {
		in.reader = REPORT_SIDE;
		in.side = 0;
		side_ms[r] = time_report(side_t, &in, &side_len);
		svg_ms[r] = time_svg(&in, &svg_len);
		in.reader = REPORT_GM;
		in.side = -1;
		gm_ms[r] = time_report(gm_t, &in, &gm_len);
	}
	printf("bench-report: %d ships, turn %d (%zu events), fog %d hexes, "
	    "%d runs:\n", nships, turns, p.ev.n, vis, RUNS);
	printf("  side report %.1f ms (%.1f us a ship, %zu KiB)\n",
	    bench_median(side_ms, RUNS), bench_median(side_ms, RUNS) * 1000 /
	    nships, side_len / 1024);
	printf("  GM report   %.1f ms (%.1f us a ship, %zu KiB)\n",
	    bench_median(gm_ms, RUNS), bench_median(gm_ms, RUNS) * 1000 /
	    nships, gm_len / 1024);
	printf("  side SVG    %.1f ms (%.1f us a ship, %zu KiB)\n",
	    bench_median(svg_ms, RUNS), bench_median(svg_ms, RUNS) * 1000 /
	    nships, svg_len / 1024);
	printf("  peak RSS %ld KiB\n", bench_rss_kib());
	report_template_free(side_t);
	report_template_free(gm_t);
	events_free(&p.ev);
	dice_free(p.dice);
	if (p.before != st)
		state_free(p.before);
	state_free(p.after);
	state_free(st);
	ruleset_free(rs);
	return 0;
}
