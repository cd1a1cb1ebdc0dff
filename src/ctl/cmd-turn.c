/* cmd-turn.c: navarch turn STATE.xml [ORDERS.txt...] [dice] [--events F]
 * [--report-dir DIR [--report-xml] [--game ID] [--deadline TEXT]]
 *
 * Adjudicates one turn and prints the next state.  Illegal orders: exit
 * status 2, every error on standard error, no state printed. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "dice.h"
#include "events.h"
#include "exitcode.h"
#include "fileio.h"
#include "orders.h"
#include "state.h"
#include "state-xml.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"

struct turn_opts {
	const char	*seed;
	const char	*fixed;
	const char	*script;
	const char	*events;
	const char	*output;
	struct ctl_report_opts report;
};

/* A seed from the OS when the GM gave none; printed so the turn can be
 * replayed.  (The engine itself never touches the random source.) */
static char *
random_seed(void)
{
	static const char	 hex[] = "0123456789abcdef";
	unsigned char		 raw[16];
	char			*s = xmalloc(2 * sizeof raw + 1);
	FILE			*f = fopen("/dev/urandom", "rb");
	size_t			 i;

	if (f == NULL || fread(raw, 1, sizeof raw, f) != sizeof raw) {
		if (f != NULL)
			fclose(f);
		free(s);
		return NULL;
	}
	fclose(f);
	for (i = 0; i < sizeof raw; i++) {
		s[2 * i] = hex[raw[i] >> 4];
		s[2 * i + 1] = hex[raw[i] & 15];
	}
	s[2 * sizeof raw] = '\0';
	return s;
}

static struct nv_dice *
make_dice(const struct turn_opts *o, struct buf *note)
{
	struct nv_dice	*d;
	char		*text, *cause, *seed;
	size_t		 len;
	int		 v;

	if (o->fixed != NULL) {
		if (str_to_int(o->fixed, 1, 1000, &v) != 0) {
			fprintf(stderr, "navarch turn: --dice-fixed '%s': "
			    "expected a die result (a whole number from 1)\n",
			    o->fixed);
			return NULL;
		}
		return dice_fixed(v);
	}
	if (o->script != NULL) {
		if (file_read(o->script, 1024 * 1024, &text, &len, &cause)
		    != 0) {
			fprintf(stderr, "navarch turn: %s\n", cause);
			free(cause);
			return NULL;
		}
		d = dice_script_parse(text, &cause);
		free(text);
		if (d == NULL) {
			fprintf(stderr, "navarch turn: %s:%s\n", o->script,
			    cause);
			free(cause);
		}
		return d;
	}
	if (o->seed != NULL)
		return dice_seeded(o->seed, "");
	if ((seed = random_seed()) == NULL) {
		fprintf(stderr, "navarch turn: cannot read /dev/urandom; "
		    "give --seed TEXT\n");
		return NULL;
	}
	buf_printf(note, "No dice given: seeded with --seed %s\n", seed);
	d = dice_seeded(seed, "");
	free(seed);
	return d;
}

static int
parse_opts(int argc, char **argv, struct turn_opts *o)
{
	static const struct option longopts[] = {
		{ "seed",	 required_argument, NULL, 's' },
		{ "dice-fixed",	 required_argument, NULL, 'f' },
		{ "dice-script", required_argument, NULL, 'S' },
		{ "events",	 required_argument, NULL, 'e' },
		{ "output",	 required_argument, NULL, 'o' },
		{ "report-dir",	 required_argument, NULL, 'r' },
		{ "report-xml",	 no_argument,	    NULL, 'x' },
		{ "game",	 required_argument, NULL, 'g' },
		{ "deadline",	 required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 }
	};
	int	c, ndice = 0;

	memset(o, 0, sizeof *o);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 's': o->seed = optarg; ndice++; break;
		case 'f': o->fixed = optarg; ndice++; break;
		case 'S': o->script = optarg; ndice++; break;
		case 'e': o->events = optarg; break;
		case 'o': o->output = optarg; break;
		case 'r': o->report.dir = optarg; break;
		case 'x': o->report.xml = 1; break;
		case 'g': o->report.game = optarg; break;
		case 'd': o->report.deadline = optarg; break;
		default: return -1;
		}
	}
	if (ndice > 1) {
		fprintf(stderr, "navarch turn: give at most one of --seed, "
		    "--dice-fixed and --dice-script\n");
		return -1;
	}
	return optind < argc ? 0 : -1;
}

/* What write_events writes: the note on the dice, then every event's
 * sentence, a line each. */
struct turn_log {
	const struct buf	*note;
	const struct nv_events	*ev;
};

static int
write_events(FILE *f, void *arg)
{
	const struct turn_log	*l = arg;
	size_t			 i;

	if (fputs(buf_str(l->note), f) == EOF)
		return -1;
	for (i = 0; i < l->ev->n; i++)
		if (fputs(l->ev->v[i].text, f) == EOF || putc('\n', f) == EOF)
			return -1;
	return 0;
}

static int
put_piece(void *arg, const char *p, size_t len)
{
	return fwrite(p, 1, len, arg) == len ? 0 : -1;
}

static int
write_state(FILE *f, void *arg)
{
	return state_xml_save_each(arg, put_piece, f);
}

/* The event log and the next state, each written to its file as it is
 * made rather than first copied whole into memory (a 20,000-ship turn
 * writes 20 MB). */
static int
write_results(const struct turn_opts *o, const struct nv_state *st,
    const struct nv_events *ev, const struct buf *note)
{
	struct turn_log	l = { note, ev };
	int		rc = 0;

	if (o->events != NULL)
		rc |= ctl_write_with(o->events, write_events, &l);
	else
		(void)write_events(stderr, &l);
	rc |= ctl_write_with(o->output != NULL ? o->output : "-",
	    write_state, (void *)st);
	return rc == 0 ? NV_EXIT_OK : NV_EXIT_FAIL;
}

int
cmd_turn(int argc, char **argv)
{
	struct turn_opts	 o;
	struct play_game		 g;
	struct nv_orders	*orders = NULL;
	struct nv_dice		*dice = NULL;
	struct nv_state		*next = NULL;
	struct nv_events	 ev = NV_EVENTS_INIT;
	struct buf		 note = BUF_INIT;
	char			*cause = NULL;
	int			 rc;

	if (parse_opts(argc, argv, &o) != 0)
		return ctl_usage("turn");
	if ((rc = ctl_load_state(argv[optind], &g)) != 0)
		return rc;
	rc = ctl_load_orders(&g, argv + optind + 1,
	    (size_t)(argc - optind - 1), 1, &orders);
	if (rc != 0)
		goto out;
	rc = NV_EXIT_FAIL;
	if ((dice = make_dice(&o, &note)) == NULL) {
		rc = NV_EXIT_USAGE;
		goto out;
	}
	if (turn_play(g.st, orders, dice, &next, &ev, &cause) != 0) {
		fprintf(stderr, "navarch turn: %s\n", cause);
		free(cause);
		goto out;
	}
	rc = write_results(&o, next, &ev, &note);
	if (rc == NV_EXIT_OK && o.report.dir != NULL)
		rc = ctl_reports(&o.report, g.st, next, &ev, orders, dice);
out:
	events_free(&ev);
	buf_free(&note);
	state_free(next);
	dice_free(dice);
	orders_free(orders);
	play_game_free(&g);
	return rc;
}
