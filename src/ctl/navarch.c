/* navarch.c: the GM's command-line tool: global options and the table of
 * subcommands (one cmd-*.c file each). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "ctl.h"
#include "exitcode.h"

const struct ctl_cmd ctl_cmds[] = {
	{ "turn",
	  "STATE.xml [ORDERS.txt...] [--seed TEXT | --dice-fixed N | "
	  "--dice-script FILE] [--events FILE] [--output FILE]",
	  "adjudicate one turn and print the next state",
	  "  --seed TEXT         seeded dice (any text; the same seed gives "
	  "the same rolls)\n"
	  "  --dice-fixed N      every die shows N (for tests)\n"
	  "  --dice-script FILE  dice results in order from FILE (for tests)\n"
	  "  --events FILE       write the event log to FILE (default: "
	  "standard error)\n"
	  "  --output FILE       write the next state to FILE (default: "
	  "standard output)\n",
	  cmd_turn },
	{ "check-orders",
	  "STATE.xml ORDERS.txt...",
	  "validate order files and print them as understood",
	  "",
	  cmd_check_orders },
	{ "map",
	  "STATE.xml [--side S] [--sheets] [--width N] [--height N] "
	  "[--svg]",
	  "print the ASCII hex map of a state",
	  "  --side S      centre the window on side S's ships, list them "
	  "first\n"
	  "  --sheets      print every sheet of the whole map, not one "
	  "window\n"
	  "  --width N     longest line (default 76, at least 24)\n"
	  "  --height N    hex rows a window or sheet shows (default 15)\n"
	  "  --svg         print the whole map as an SVG picture instead\n",
	  cmd_map },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd *
find_cmd(const char *name)
{
	const struct ctl_cmd	*c;

	for (c = ctl_cmds; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

int
ctl_usage(const char *name)
{
	const struct ctl_cmd	*c = find_cmd(name);

	if (c != NULL)
		fprintf(stderr, "usage: navarch %s %s\n"
		    "(navarch %s --help for more)\n", c->name, c->usage,
		    c->name);
	return NV_EXIT_USAGE;
}

static void
print_help(FILE *f)
{
	const struct ctl_cmd	*c;

	fprintf(f, "usage: navarch [--datadir DIR] COMMAND [ARGS...]\n\n"
	    "Navarch adjudicates plotted, simultaneous galley battles.\n\n"
	    "Commands:\n");
	for (c = ctl_cmds; c->name != NULL; c++)
		fprintf(f, "  %-14s %s\n", c->name, c->summary);
	fprintf(f, "\nnavarch COMMAND --help shows a command's options; "
	    "see navarch(1).\n"
	    "Exit status: 0 success, 1 failure, 2 illegal orders or "
	    "invalid input file,\n64 usage error, 75 temporary failure, "
	    "78 configuration error.\n");
}

static int
cmd_help(const struct ctl_cmd *c)
{
	printf("usage: navarch %s %s\n\n%s.\n", c->name, c->usage,
	    c->summary);
	if (c->help[0] != '\0')
		printf("\nOptions:\n%s", c->help);
	return NV_EXIT_OK;
}

int
main(int argc, char **argv)
{
	const struct ctl_cmd	*c;
	int			 i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			print_help(stdout);
			return NV_EXIT_OK;
		}
		if (strcmp(argv[i], "--version") == 0 ||
		    strcmp(argv[i], "-V") == 0) {
			printf("navarch %s\n", PACKAGE_VERSION);
			return NV_EXIT_OK;
		}
		if (strcmp(argv[i], "--datadir") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "navarch: --datadir needs a "
				    "directory\n");
				return NV_EXIT_USAGE;
			}
			ctl_set_datadir(argv[++i]);
			continue;
		}
		break;
	}
	if (i >= argc) {
		print_help(stderr);
		return NV_EXIT_USAGE;
	}
	c = find_cmd(argv[i]);
	if (c == NULL) {
		fprintf(stderr, "navarch: unknown command '%s'\n\n", argv[i]);
		print_help(stderr);
		return NV_EXIT_USAGE;
	}
	if (argc - i > 1 && (strcmp(argv[i + 1], "--help") == 0 ||
	    strcmp(argv[i + 1], "-h") == 0))
		return cmd_help(c);
	optind = 1;
	return c->exec(argc - i, argv + i);
}
