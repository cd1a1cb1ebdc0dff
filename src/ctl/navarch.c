/* navarch.c: the GM's command-line tool: global options, the table of
 * commands and groups of subcommands (one cmd-*.c file per family), and
 * the option parser they share. */
#include "config.h"

#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctl.h"
#include "exitcode.h"
#include "xalloc.h"

#define DB_HELP								\
	"  --db PATH           the database (default: the config's "	\
	"database key)\n"						\
	"  --config FILE       read the database from FILE (default: "	\
	"$NAVARCH_CONFIG,\n"						\
	"                      else /etc/navarch/navarchd.conf)\n"

#define NOW_HELP							\
	"  --now TIME          take TIME as the current time (tests; "	\
	"also $NAVARCH_NOW)\n"

#define ASSIGN_HELP							\
	"  --next-turn         from the start of the next turn: the orders "	\
	"already\n"							\
	"                      sent stand (default: at once, the orders "	\
	"in force\n"							\
	"                      rewritten without the moved ships)\n"	\
	"  --reason TEXT       why, for the players and the audit log\n"

#define PASSWORD_HELP							\
	"  --password-file FILE  the password on FILE's first line "	\
	"(default: generate\n"						\
	"                      one and print it once on standard output)\n"

static const struct ctl_cmd game_cmds[] = {
	{ "game create", "GAME --scenario FILE [--deadline SPEC] "
	  "[--gm ADDRESS --gm-password-file FILE] [--seed TEXT]",
	  "create a game from a scenario file",
	  "  --scenario FILE     the scenario (state XML); its sides become "
	  "the game's\n"
	  "  --deadline SPEC     the first deadline (docs/gm-guide.md: "
	  "2026-12-01T20:00Z, +48h)\n"
	  "  --gm ADDRESS        the GM's mail address\n"
	  "  --gm-password-file FILE  the GM's password (only its hash is "
	  "kept)\n"
	  "  --seed TEXT         a known dice seed (tests and demos; "
	  "default: 32 random bytes)\n"
	  "  --hash-cost N       yescrypt cost 1-11 (also "
	  "$NAVARCH_HASH_COST)\n" DB_HELP NOW_HELP,
	  cmd_game_create, NULL },
	{ "game list", "", "list the games", DB_HELP, cmd_game_list, NULL },
	{ "game settings", "GAME [KEY=VALUE...]",
	  "show or set a game's settings for the mail daemon",
	  "  early=on|off        play as soon as every order is in\n"
	  "  grace=DURATION      wait after the deadline (seconds, 30m, 1h)\n"
	  "  reminder=DURATION   remind players this long before it (0: "
	  "never)\n"
	  "  missed_limit=N      tell the GM after N missed turns\n"
	  "  schedule=SPEC       each new turn's deadline: none, +48h, or "
	  "+48h@20:00\n"
	  "                      (at least 48 h, then the next 20:00 UTC)\n"
	  "  svg=yes|no          attach the SVG map to report mails (yes)\n"
	  "  late=on|off         tell late players, and the others that the "
	  "turn\n"
	  "                      waits, during the grace period (on)\n"
	  DB_HELP, cmd_game_settings, NULL },
	{ "game end", "GAME --draw|--winner SIDE [--reason TEXT]",
	  "end a game by the GM's decision (the players get the final mail)",
	  "  --draw              the game is drawn\n"
	  "  --winner SIDE       the game is won by SIDE\n"
	  "  --reason TEXT       why, for the players and the audit log\n"
	  "  The seed is revealed; the daemon mails every player, the GM and "
	  "the\n  observers the final report, the seed and the archive.\n"
	  DB_HELP NOW_HELP, cmd_game_end, NULL },
	{ "game show", "GAME [--turn N]",
	  "show a game: players, orders in, history, audit log",
	  "  --turn N            also the events and dice of turn N's "
	  "adjudication\n" DB_HELP, cmd_game_show, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd player_cmds[] = {
	{ "player add", "GAME SIDE ADDRESS [--id PLAYER] [--ships S1,S2...] "
	  "[--admiral] [--password-file FILE] [--timezone ZONE] "
	  "[--reason TEXT]",
	  "seat a player on a side (the daemon mails them a welcome)",
	  "  --id PLAYER         the player id (default: the side id)\n"
	  "  --ships S1,S2...    the ships commanded (default: the side's "
	  "ships no other\n"
	  "                      player commands)\n"
	  "  --admiral           the player may reassign the side's ships\n"
	  "  --timezone ZONE     the player's time zone (Europe/Paris, "
	  "+02:00; none)\n"
	  "  --reason TEXT       a word from the GM in the welcome mail\n"
	  "  A generated password is also in the welcome mail, which the "
	  "outbox\n  forgets once sent.\n"
	  PASSWORD_HELP DB_HELP, cmd_player_add, NULL },
	{ "player list", "GAME", "list a game's players", DB_HELP,
	  cmd_player_list, NULL },
	{ "player requests", "GAME",
	  "list the JOIN requests waiting for the GM (setting join=gm)",
	  "  Each with the command that seats the player.\n" DB_HELP,
	  cmd_player_requests, NULL },
	{ "player remove", "GAME PLAYER [--reason TEXT]",
	  "remove a player (their orders stay in history; the players are "
	  "told)",
	  "  --reason TEXT       why, for the players and the audit log\n"
	  DB_HELP, cmd_player_remove, NULL },
	{ "player replace", "GAME PLAYER ADDRESS [--password-file FILE] "
	  "[--reason TEXT]",
	  "give a player's place to someone new (all are told; the new "
	  "player welcomed)",
	  "  --reason TEXT       why, for the players and the audit log\n"
	  PASSWORD_HELP DB_HELP, cmd_player_replace, NULL },
	{ "player set-address", "GAME PLAYER ADDRESS",
	  "change a player's mail address", DB_HELP,
	  cmd_player_set_address, NULL },
	{ "player set-timezone", "GAME PLAYER ZONE|none",
	  "set the time zone a player reads deadlines in",
	  "  ZONE: a tz database name (Europe/Paris), an offset (+02:00) or "
	  "UTC;\n  none: UTC only.\n" DB_HELP, cmd_player_set_timezone,
	  NULL },
	{ "player assign", "GAME PLAYER SHIP... [--next-turn] "
	  "[--reason TEXT]",
	  "give ships of the player's side to the player (both are told)",
	  ASSIGN_HELP DB_HELP NOW_HELP, cmd_player_assign, NULL },
	{ "player unlock", "GAME PLAYER|GM",
	  "lift a lock-out after wrong passwords (audited)", DB_HELP,
	  cmd_player_unlock, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd squadron_cmds[] = {
	{ "squadron add", "GAME SIDE SQUADRON [--name TEXT] "
	  "[--standing ORDER]",
	  "add a squadron to a side in the current state (audited)",
	  "  --name TEXT         its display name\n"
	  "  --standing ORDER    its standing order: the words after "
	  "STANDING,\n"
	  "                      checked as an order line's (docs/orders.md)\n"
	  "  Ships join it with squadron join GAME SQUADRON SHIP....\n"
	  DB_HELP NOW_HELP, cmd_squadron_add, NULL },
	{ "squadron assign", "GAME SQUADRON PLAYER [--next-turn] "
	  "[--reason TEXT]",
	  "give a squadron, all its ships, to a player of its side",
	  ASSIGN_HELP DB_HELP NOW_HELP, cmd_squadron_assign, NULL },
	{ "squadron join", "GAME SQUADRON SHIP... [--next-turn] "
	  "[--reason TEXT]",
	  "move ships of its side into a squadron (its player is told)",
	  "  The ships follow the squadron's player; one held by name is "
	  "released.\n" ASSIGN_HELP DB_HELP NOW_HELP, cmd_squadron_join,
	  NULL },
	{ "squadron list", "GAME",
	  "list the squadrons, their players and the changes to come",
	  DB_HELP, cmd_squadron_list, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd observer_cmds[] = {
	{ "observer add", "GAME ADDRESS", "add an observer", DB_HELP,
	  cmd_observer_add, NULL },
	{ "observer remove", "GAME ADDRESS", "remove an observer", DB_HELP,
	  cmd_observer_remove, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd orders_cmds[] = {
	{ "orders submit", "GAME PLAYER FILE [--reason TEXT]",
	  "record a player's orders for the current turn (exit 2 if "
	  "illegal; the player is told)",
	  "  --reason TEXT       why the GM entered them, for the player\n"
	  DB_HELP NOW_HELP, cmd_orders_submit, NULL },
	{ "orders show", "GAME [--turn N]",
	  "show every order set received for a turn",
	  "  --turn N            that turn (default: the current one)\n"
	  DB_HELP, cmd_orders_show, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd ship_cmds[] = {
	{ "ship set", "GAME SHIP KEY=VALUE...",
	  "correct a ship in the current state (audited)",
	  "  KEY is an attribute of the ship's <ship> element in the state "
	  "XML\n"
	  "  (navarch export GAME shows them), e.g. hull=5 hex=0708 "
	  "facing=NE.\n" DB_HELP NOW_HELP, cmd_ship_set, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd seed_cmds[] = {
	{ "seed reveal", "GAME",
	  "reveal a game's dice seed to everyone (audited)", DB_HELP NOW_HELP,
	  cmd_seed_reveal, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct ctl_cmd ctl_cmds[] = {
	{ "turn",
	  "STATE.xml [ORDERS.txt...] [--seed TEXT | --dice-fixed N | "
	  "--dice-script FILE] [--events FILE] [--output FILE] "
	  "[--report-dir DIR]",
	  "adjudicate one turn and print the next state",
	  "  --seed TEXT         seeded dice (any text; the same seed gives "
	  "the same rolls)\n"
	  "  --dice-fixed N      every die shows N (for tests)\n"
	  "  --dice-script FILE  dice results in order from FILE (for tests)\n"
	  "  --events FILE       write the event log to FILE (default: "
	  "standard error)\n"
	  "  --output FILE       write the next state to FILE (default: "
	  "standard output)\n"
	  "  --report-dir DIR    write the turn's reports into DIR: "
	  "side-ID.txt,\n"
	  "                      gm.txt, observer.txt (templates: "
	  "$NAVARCH_TEMPLATEDIR)\n"
	  "  --report-xml        with --report-dir, also the report "
	  "documents (*.xml)\n"
	  "  --game ID           the game id the reports name\n"
	  "  --deadline TEXT     the next deadline the reports announce\n",
	  cmd_turn, NULL },
	{ "check-orders",
	  "STATE.xml ORDERS.txt...",
	  "validate order files and print them as understood",
	  "",
	  cmd_check_orders, NULL },
	{ "deliver", "[--config FILE]",
	  "process one order mail from standard input, as navarchd would",
	  "  The daemon's configuration file (--config, $NAVARCH_CONFIG or "
	  "/etc/navarch/\n"
	  "  navarchd.conf) says where the database is.  Exit status 0 done, "
	  "75 try\n  again later, 78 configuration error.\n", cmd_deliver,
	  NULL },
	{ "map",
	  "GAME|STATE.xml [--turn N] [--side S] [--sheets] [--width N] "
	  "[--height N] [--svg]",
	  "print the ASCII hex map of a state or a game",
	  "  --turn N            a stored game's state of turn N (default: "
	  "the current)\n"
	  "  --side S            side S's view: centre the window on its "
	  "ships, list\n"
	  "                      them first; under fog of war show only what "
	  "it sees\n"
	  "  --sheets            print every sheet of the whole map, not one "
	  "window\n"
	  "  --width N           longest line (default 76, at least 24)\n"
	  "  --height N          hex rows a window or sheet shows (default "
	  "15)\n"
	  "  --svg               print the map as an SVG picture instead "
	  "(on a map over\n"
	  "                      1600 hexes, a window around the ships "
	  "shown)\n" DB_HELP,
	  cmd_map, NULL },
	{ "templates", "[--dir DIR] [--show]",
	  "check the mail templates a GM edited before the daemon uses them",
	  "  --dir DIR           the template directory (default: "
	  "$NAVARCH_TEMPLATEDIR, else\n"
	  "                      the installed one)\n"
	  "  --show              print every sample mail as mail.xsl words "
	  "it\n"
	  "  Exit status 0 when every template compiles and mail.xsl words "
	  "every\n  sample mail within the rules of plain text, else 1.\n",
	  cmd_templates, NULL },
	{ "init", "", "create the database, or bring its schema up to date",
	  DB_HELP, cmd_init, NULL },
	{ "game", "create|list|settings|end|show ...",
	  "create, list, set, end and show games", "",
	  NULL, game_cmds },
	{ "player", "add|list|requests|remove|replace|set-address|"
	  "set-timezone|assign ...",
	  "seat and manage players", "", NULL, player_cmds },
	{ "squadron", "add|assign|join|list ...",
	  "who commands the squadrons of a big battle", "", NULL,
	  squadron_cmds },
	{ "observer", "add|remove GAME ADDRESS", "manage observers", "",
	  NULL, observer_cmds },
	{ "orders", "submit|show ...", "submit and show order sets", "",
	  NULL, orders_cmds },
	{ "adjudicate", "GAME [--force]", "play the current turn",
	  "  --force             play even though some players have no "
	  "orders in and the\n"
	  "                      deadline has not passed (their ships go "
	  "straight on)\n" DB_HELP NOW_HELP, cmd_adjudicate, NULL },
	{ "rollback", "GAME TURN --reason TEXT",
	  "return a game to the start of TURN (history is kept)",
	  "  --reason TEXT       why, for the audit log (required)\n"
	  DB_HELP NOW_HELP, cmd_rollback, NULL },
	{ "pause", "GAME [--reason TEXT]",
	  "stop a game's clock, keeping the time left (the players are told)",
	  "  --reason TEXT       why, for the players and the audit log\n"
	  DB_HELP NOW_HELP, cmd_pause, NULL },
	{ "resume", "GAME [--deadline SPEC] [--reason TEXT]",
	  "start a paused game's clock again with the time it had left",
	  "  --deadline SPEC     a new deadline instead: +48h from now, or "
	  "an absolute\n"
	  "                      time (2026-12-01T20:00Z, 2026-12-01T20:00 "
	  "Europe/Paris)\n"
	  "  --reason TEXT       why, for the players and the audit log\n"
	  DB_HELP NOW_HELP, cmd_resume, NULL },
	{ "deadline", "GAME SPEC|none [--reason TEXT]",
	  "set, extend or clear the turn's deadline (the players are told)",
	  "  SPEC: +N[mhdw]... extends the current deadline (from now when "
	  "there is none\n"
	  "  or it has passed; while paused, adds to the time left); "
	  "[at] an absolute\n"
	  "  time in any zone: 2026-12-01T20:00Z, 2026-12-01T20:00+02:00, "
	  "2026-12-01T20:00\n"
	  "  Europe/Paris, @SECONDS.  A deadline in the past is refused.\n"
	  "  --reason TEXT       why, for the players and the audit log\n"
	  DB_HELP NOW_HELP, cmd_deadline, NULL },
	{ "ship", "set GAME SHIP KEY=VALUE...", "correct a ship", "", NULL,
	  ship_cmds },
	{ "export", "GAME|STATE.xml [--turn N] [--archive FILE [--force]]",
	  "print a state's XML, or write a game's archive",
	  "  --turn N            the state of turn N (default: the current)\n"
	  "  --archive FILE      write the whole game (scenario, orders in "
	  "force, states,\n"
	  "                      events, dice, seed) for navarch replay "
	  "--archive\n"
	  "  --force             write the archive although the seed is not "
	  "revealed: the\n"
	  "                      seed is left out and the dice cannot be "
	  "checked\n" DB_HELP, cmd_export, NULL },
	{ "replay", "GAME [--verify|--states] | --archive FILE "
	  "[--verify|--states]",
	  "re-adjudicate every turn from the scenario, orders and seed",
	  "  --verify            compare with the stored states, events and "
	  "dice; exit 1\n"
	  "                      at the first difference\n"
	  "  --states            compare the states and dice only, not the "
	  "events' wording\n"
	  "                      (a game recorded by another version of "
	  "navarch)\n"
	  "  --archive FILE      replay an archive (navarch export "
	  "--archive), no database\n" DB_HELP, cmd_replay, NULL },
	{ "seed", "reveal GAME", "reveal a game's seed", "", NULL, seed_cmds },
	{ "backup", "FILE", "copy the database to FILE (safe while it is in "
	  "use)", DB_HELP, cmd_backup, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

static const struct ctl_cmd *
find_in(const struct ctl_cmd *t, const char *name)
{
	for (; t->name != NULL; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

/* "game create" or "turn". */
static const struct ctl_cmd *
find_cmd(const char *name)
{
	const struct ctl_cmd	*c;
	const char		*sp = strchr(name, ' ');
	char			*group;

	if (sp == NULL)
		return find_in(ctl_cmds, name);
	group = xstrndup(name, (size_t)(sp - name));
	c = find_in(ctl_cmds, group);
	free(group);
	return c != NULL && c->sub != NULL ? find_in(c->sub, name) : NULL;
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

/* The global options every database command accepts too. */
static int
global_opt(const char *name, const char *arg)
{
	static const struct {
		const char	*name;
		const char	**slot;
	} g[] = {
		{ "db", &ctl_global.db },
		{ "config", &ctl_global.config },
		{ "now", &ctl_global.now },
		{ "hash-cost", &ctl_global.hash_cost },
		{ "busy-timeout", &ctl_global.busy },
	};
	size_t	i;

	if (strcmp(name, "datadir") == 0) {
		ctl_set_datadir(arg);
		return 1;
	}
	for (i = 0; i < sizeof g / sizeof g[0]; i++)
		if (strcmp(name, g[i].name) == 0) {
			*g[i].slot = arg;
			return 1;
		}
	return 0;
}

static const char *const global_names[] = { "db", "config", "now",
    "hash-cost", "busy-timeout", "datadir" };
#define NGLOBAL	(sizeof global_names / sizeof global_names[0])

int
ctl_args(int argc, char **argv, const struct ctl_opt *opts, int min, int max,
    char ***pos, int *npos)
{
	struct option	*lo;
	size_t		 n = 0, i;
	int		 c, idx, bad = 0;

	while (opts != NULL && opts[n].name != NULL)
		n++;
	lo = xcalloc(n + NGLOBAL + 1, sizeof *lo);
	for (i = 0; i < n; i++) {
		lo[i].name = opts[i].name;
		lo[i].has_arg = opts[i].arg != NULL ? required_argument :
		    no_argument;
		lo[i].val = 'o';
	}
	for (i = 0; i < NGLOBAL; i++) {
		lo[n + i].name = global_names[i];
		lo[n + i].has_arg = required_argument;
		lo[n + i].val = 'g';
	}
	optind = 1;
	while ((c = getopt_long(argc, argv, "", lo, &idx)) != -1) {
		if (c == 'g')
			global_opt(lo[idx].name, optarg);
		else if (c == 'o' && opts[idx].arg != NULL)
			*opts[idx].arg = optarg;
		else if (c == 'o')
			*opts[idx].flag = 1;
		else
			bad = 1;
	}
	free(lo);
	*pos = argv + optind;
	*npos = argc - optind;
	if (bad || *npos < min || (max >= 0 && *npos > max))
		return ctl_usage(ctl_global.cmd);
	return 0;
}

static void
print_help(FILE *f)
{
	const struct ctl_cmd	*c, *s;

	fprintf(f, "usage: navarch [--datadir DIR] [--db PATH] [--config "
	    "FILE] [--now TIME]\n               COMMAND [ARGS...]\n\n"
	    "Navarch adjudicates plotted, simultaneous galley battles.\n\n"
	    "Commands:\n");
	for (c = ctl_cmds; c->name != NULL; c++) {
		if (c->sub == NULL) {
			fprintf(f, "  %-19s %s\n", c->name, c->summary);
			continue;
		}
		for (s = c->sub; s->name != NULL; s++)
			fprintf(f, "  %-19s %s\n", s->name, s->summary);
	}
	fprintf(f, "\nnavarch COMMAND --help shows a command's options; "
	    "see navarch(1).\n"
	    "Exit status: 0 success, 1 failure, 2 illegal orders or "
	    "invalid input file,\n64 usage error, 75 temporary failure, "
	    "78 configuration error.\n");
}

static int
cmd_help(const struct ctl_cmd *c)
{
	const struct ctl_cmd	*s;

	printf("usage: navarch %s %s\n\n%s.\n", c->name, c->usage,
	    c->summary);
	if (c->sub != NULL) {
		printf("\nSubcommands:\n");
		for (s = c->sub; s->name != NULL; s++)
			printf("  navarch %s %s\n", s->name, s->usage);
	}
	if (c->help[0] != '\0')
		printf("\nOptions:\n%s", c->help);
	return NV_EXIT_OK;
}

static int
wants_help(int argc, char **argv)
{
	int	i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return 0;
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return 1;
	}
	return 0;
}

/* Runs command c (argv[0] its name), descending into a group. */
static int
run(const struct ctl_cmd *c, int argc, char **argv)
{
	const struct ctl_cmd	*s;
	char			*name;

	if (c->sub != NULL) {
		if (argc < 2 || argv[1][0] == '-') {
			if (wants_help(argc, argv))
				return cmd_help(c);
			fprintf(stderr, "navarch %s: which one? ", c->name);
			for (s = c->sub; s->name != NULL; s++)
				fprintf(stderr, "%s%s", s == c->sub ? "" :
				    ", ", s->name);
			fprintf(stderr, "\n");
			return NV_EXIT_USAGE;
		}
		name = xasprintf("%s %s", c->name, argv[1]);
		s = find_in(c->sub, name);
		free(name);
		if (s == NULL) {
			fprintf(stderr, "navarch %s: unknown subcommand '%s'; "
			    "legal: navarch %s %s\n", c->name, argv[1], c->name,
			    c->usage);
			return NV_EXIT_USAGE;
		}
		argv[1] = (char *)s->name;
		return run(s, argc - 1, argv + 1);
	}
	if (wants_help(argc, argv))
		return cmd_help(c);
	ctl_global.cmd = c->name;
	optind = 1;
	return c->exec(argc, argv);
}

int
main(int argc, char **argv)
{
	const struct ctl_cmd	*c;
	int			 i;

	/* The database holds password hashes, the secret dice seed and
	 * every side's orders: what navarch creates (the database and its
	 * WAL, backups, archives) is its owner's alone (docs/security.md). */
	umask(077);
#if defined(__GLIBC__) && defined(M_MXFAST)
	/* No fast bins: a freed chunk is merged with its free neighbours
	 * at once.  A scenario's libxml2 tree (some 250,000 small chunks
	 * at 10,000 ships) is freed before the turn; with fast bins glibc
	 * merged them all at the next big request, in one walk in reverse
	 * order across the whole freed tree, which cost 2.5x as much at
	 * 20,000 ships as at 10,000 (bench/README.md, "Memory per ship"). */
	(void)mallopt(M_MXFAST, 0);
#endif
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
		if (strncmp(argv[i], "--", 2) != 0 || argv[i][2] == '\0')
			break;
		if (i + 1 >= argc || !global_opt(argv[i] + 2, argv[i + 1])) {
			fprintf(stderr, "navarch: %s: %s\n", argv[i],
			    i + 1 >= argc ? "needs a value" :
			    "unknown global option");
			print_help(stderr);
			return NV_EXIT_USAGE;
		}
		i++;
	}
	if (i >= argc) {
		print_help(stderr);
		return NV_EXIT_USAGE;
	}
	c = find_in(ctl_cmds, argv[i]);
	if (c == NULL) {
		fprintf(stderr, "navarch: unknown command '%s'\n\n", argv[i]);
		print_help(stderr);
		return NV_EXIT_USAGE;
	}
	return run(c, argc - i, argv + i);
}
