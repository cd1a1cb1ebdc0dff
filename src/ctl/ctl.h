/* ctl.h: the navarch command-line tool's internal interface.
 *
 * Each subcommand lives in its own cmd-*.c file and is one entry of the
 * table in navarch.c.  ctl-load.c finds the data directory and loads
 * rulesets, states and order files for them. */
#ifndef NV_CTL_H
#define NV_CTL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "daemon.h"
#include "events.h"
#include "play.h"
#include "store.h"

struct diag;
struct nv_dice;
struct nv_orders;
struct nv_ruleset;
struct nv_state;
struct store;

/* A command, or a group of subcommands ("game create"): a group has sub
 * set and no exec; a subcommand's name is "group sub". */
struct ctl_cmd {
	const char	*name;
	const char	*usage;		/* arguments, after the name */
	const char	*summary;	/* one line */
	const char	*help;		/* the options, one per line */
	int		(*exec)(int argc, char **argv);
	const struct ctl_cmd *sub;	/* a group's subcommands */
};

/* The data directory: --datadir, else $NAVARCH_DATADIR, else the one
 * compiled in.  Static storage. */
const char	*ctl_datadir(void);
void		 ctl_set_datadir(const char *);

/* Loads a state or scenario file and the ruleset it names into g (the
 * play layer's; free with play_game_free).  Errors go to standard error.
 * Returns 0, or an exit code (NV_EXIT_INPUT for a bad file,
 * NV_EXIT_CONFIG for missing data files). */
int	ctl_load_state(const char *path, struct play_game *g);
/* The same from memory; name is used in messages. */
int	ctl_load_state_mem(const char *name, const char *xml, size_t len,
	    struct play_game *g);

/* Parses and validates order files into *out (owned by the caller);
 * play: they are to be played, so ships without an order take their
 * standing orders (orders.h, use_standing).  Errors (and warnings) are
 * printed to standard error; returns 0 or NV_EXIT_INPUT. */
int	ctl_load_orders(const struct play_game *, char **files, size_t n,
	    int play, struct nv_orders **out);

/* Prints a diag to standard error. */
void	ctl_print_diag(const struct diag *);

/* Writes text to path ("-" is standard output); 0 or -1 (reported). */
int	ctl_write_file(const char *path, const char *text, size_t len);
/* The same with the text written by fill into the open file, as it is
 * made (fill returns 0, or -1 when a write failed), so that no copy of
 * the whole is held; 0 or -1 (reported). */
int	ctl_write_with(const char *path, int (*fill)(FILE *, void *),
	    void *arg);

/* A command's option: with arg set it takes a value (stored there), else
 * it is a flag (*flag = 1).  A table ends with a NULL name. */
struct ctl_opt {
	const char	 *name;
	const char	**arg;
	int		 *flag;
};

/* Parses a command's options (argv[0] is the command) and the global
 * ones (--db, --config, --now, --hash-cost, --busy-timeout, --datadir),
 * which may stand anywhere.  The positional arguments are *pos[0..*npos).
 * Returns 0, or NV_EXIT_USAGE (usage printed) for an unknown option, a
 * missing value, or fewer than min or more than max (-1: any) positional
 * arguments. */
int	ctl_args(int argc, char **argv, const struct ctl_opt *, int min,
	    int max, char ***pos, int *npos);

/* Usage error for cmd: prints "usage: navarch NAME USAGE" and returns
 * NV_EXIT_USAGE. */
int	ctl_usage(const char *name);

/* ctl-report.c: the turn's reports as files in o->dir (side-ID.txt,
 * gm.txt, observer.txt; with xml also the documents, *.xml), all or none.
 * Errors go to standard error; returns 0 or NV_EXIT_FAIL. */
struct nv_dice;
struct nv_events;
struct ctl_report_opts {
	const char	*dir;		/* NULL: no reports */
	const char	*game;		/* game id for the report, or NULL */
	const char	*deadline;	/* next deadline as text, or NULL */
	int		 xml;		/* write the report documents too */
};
int	ctl_reports(const struct ctl_report_opts *, const struct nv_state *before,
	    const struct nv_state *after, const struct nv_events *,
	    const struct nv_orders *, const struct nv_dice *);

extern const struct ctl_cmd ctl_cmds[];

/* --- times (ctl-time.c) ---------------------------------------------- */

#define CTL_TIME_LEN	80	/* room for any int64, though 20 is used */

/* Parses a time SPEC (docs/gm-guide.md): 2026-12-01T20:00Z[:SS], @SECONDS
 * or +N[mhdw]... relative to now.  0, or -1 with *cause (owned by the
 * caller) quoting the spec and saying what is legal. */
int	ctl_time_parse(const char *spec, int64_t now, int64_t *out,
	    char **cause);
/* "2026-12-01T20:00Z" (":SS" added when not whole minutes). */
void	ctl_time_format(int64_t, char out[CTL_TIME_LEN]);

/* --- the database, the clock, the GM (ctl-db.c) ------------------------ */

/* Global options, set by navarch.c before a command runs. */
struct ctl_global {
	const char	*cmd;		/* running command, for messages */
	const char	*db;		/* --db */
	const char	*config;	/* --config */
	const char	*now;		/* --now */
	const char	*hash_cost;	/* --hash-cost */
	const char	*busy;		/* --busy-timeout (ms) */
};
extern struct ctl_global ctl_global;

/* Prints "navarch CMD: MESSAGE" to standard error; returns code. */
int	ctl_err(int code, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* --- the exit statuses (ctl-exit.c) ------------------------------------ */

/* The exit status of each library's codes: the one place they are mapped
 * onto exitcode.h. */
int	ctl_exit_store(enum store_code);
int	ctl_exit_play(enum play_code);
int	ctl_exit_daemon(enum daemon_status);
int	ctl_exit_deliver(enum daemon_mail);
/* Reports a store failure (code, cause: freed) and returns its exit
 * status (ctl_exit_store: STORE_BUSY 75, anything else 1). */
int	ctl_store_err(enum store_code code, char *cause);
/* Reports what a play function said (every error of d, which is freed
 * when not NULL; the cause, freed, with a hint for missing data files)
 * and returns its exit status (ctl_exit_play). */
int	ctl_play_err(enum play_code code, struct diag *d, char *cause);

/* --- the database, the clock, the GM, continued (ctl-db.c) ------------- */

/* Opens the database (--db, else the `database` key of --config,
 * $NAVARCH_CONFIG or /etc/navarch/navarchd.conf).  *out owned by the
 * caller (store_close).  0, or an exit status (reported): 78 for a
 * configuration problem or a file that is no database, 75 when busy. */
int	ctl_db_open(struct store **out);
/* The configuration file in use: --config, $NAVARCH_CONFIG, else
 * /etc/navarch/navarchd.conf (static storage). */
const char *ctl_conf_path(void);
/* The time: --now, else $NAVARCH_NOW, else the clock.  0 or an exit
 * status (64 for a bad --now, 78 for a bad $NAVARCH_NOW). */
int	ctl_now(int64_t *out);
/* The yescrypt cost: --hash-cost, $NAVARCH_HASH_COST, the config's
 * hash_cost, or the default.  0 or an exit status. */
int	ctl_hash_cost(unsigned *out);
/* Runs op (a store change returning a store code) and its audit entry
 * (actor, the time of ctl_now) in one transaction.  0 or an exit status
 * (reported). */
int	ctl_audited(struct store *, const char *game, const char *action,
	    const char *details, int (*op)(struct store *, void *, char **),
	    void *arg);
/* Who acts, for the audit log: "cli:USER".  Owned by the caller. */
char	*ctl_actor(void);
/* Reads a password from the first line of file; *out owned by the
 * caller (wipe and free).  0 or an exit status (2: empty or unreadable). */
int	ctl_read_password(const char *file, char **out);
/* 1 if the text looks like a mail address (local@domain, no spaces). */
int	ctl_address_ok(const char *);
/* 1 if arg names an existing file (a state file rather than a game id). */
int	ctl_is_file(const char *arg);
/* Parses a turn number argument; 0 or 64 (reported). */
int	ctl_turn_arg(const char *text, int *out);

/* --- adjudication (ctl-game.c) ------------------------------------------ */

/* Adjudicates the open turn of a stored game in one transaction (see
 * ctl-game.c) and prints its events.  Without force, refuses (exit 1)
 * while some player with ships on the map has no orders in force and the
 * deadline has not passed.  0 or an exit status (reported). */
int	ctl_adjudicate(struct store *, const char *game, int force,
	    int64_t now, const char *actor);
/* play_game_state() with ctl_datadir(), its errors printed: 0 or an exit
 * status. */
int	ctl_game_load(struct store *, const char *game, int turn,
	    struct play_game *g, int *turn_out);

/* --- changes of command (cmd-squadron.c) --------------------------------- */

/* Inside an open transaction, after ships changed hands or sides at
 * once (player add --ships, ship set): every order set in force that is
 * no longer legal loses the lines that are not (play_orders_refit).
 * Says whose on standard error.  A store code (STORE_ERROR when the sets
 * cannot be made legal: the caller aborts). */
int	ctl_refit(struct store *, const char *game, char **cause);
/* Prints the state's squadrons with their players and the changes of
 * command to come.  0 or an exit status (reported). */
int	ctl_squadrons_print(struct store *, const char *game,
	    const struct nv_state *);

/* --- ship corrections (cmd-ship.c) -------------------------------------- */

/* A GM's correction f of the open turn's state (f->turn set here; a
 * ship's f->id replaced by the state's spelling), in one transaction:
 * check (may be NULL: 0 or an exit status, reported) sees the state
 * first; then the state is stored again (play_fix_store), the orders in
 * force no longer legal lose those lines (ctl_refit), and it is audited.
 * 0 or an exit status (reported). */
struct play_fix;
int	ctl_fix(struct store *, const char *game, struct play_fix *f,
	    int (*check)(const struct play_game *, struct play_fix *,
	    void *), void *arg);

/* --- replay and archives (ctl-replay.c; the record and its archive are
 * the play layer's, play-record.h) -------------------------------------- */

struct play_record;

/* What a replay compares with what was stored. */
enum ctl_verify {
	CTL_VERIFY_NONE,	/* nothing: print the replayed events */
	CTL_VERIFY_ALL,		/* states, dice and every event's sentence */
	CTL_VERIFY_STATES,	/* states and dice: for a game recorded by
				   another version of navarch, whose
				   sentences may be worded differently */
};

/* Re-adjudicates every turn of the record; with verify compares with
 * what was stored and reports the first difference.  Prints a summary
 * (or the replayed events, without verify) to standard output.  A turn
 * whose state is NULL is filled by load(t, arg) first (0, or an exit
 * status, reported, that stops the replay) and emptied once played.  0,
 * 1 (a difference) or another exit status. */
struct play_rec_turn;
int	ctl_replay(struct play_record *, int (*load)(struct play_rec_turn *,
	    void *), void *arg, enum ctl_verify);

/* --- commands ------------------------------------------------------------ */

int	cmd_turn(int, char **);
int	cmd_check_orders(int, char **);
int	cmd_map(int, char **);
int	cmd_templates(int, char **);
int	cmd_deliver(int, char **);
int	cmd_game_settings(int, char **);
int	cmd_init(int, char **);
int	cmd_backup(int, char **);
int	cmd_game_create(int, char **);
int	cmd_game_list(int, char **);
int	cmd_game_show(int, char **);
int	cmd_pause(int, char **);
int	cmd_resume(int, char **);
int	cmd_deadline(int, char **);
int	cmd_seed_reveal(int, char **);
int	cmd_player_add(int, char **);
int	cmd_player_list(int, char **);
int	cmd_player_requests(int, char **);	/* cmd-requests.c */
int	cmd_player_remove(int, char **);
int	cmd_player_replace(int, char **);
int	cmd_player_set_address(int, char **);
int	cmd_player_set_timezone(int, char **);
int	cmd_game_end(int, char **);
int	cmd_player_assign(int, char **);
int	cmd_player_unlock(int, char **);
int	cmd_squadron_add(int, char **);
int	cmd_squadron_assign(int, char **);
int	cmd_squadron_join(int, char **);
int	cmd_squadron_list(int, char **);
int	cmd_observer_add(int, char **);
int	cmd_observer_remove(int, char **);
int	cmd_orders_submit(int, char **);
int	cmd_orders_show(int, char **);
int	cmd_adjudicate(int, char **);
int	cmd_rollback(int, char **);
int	cmd_ship_set(int, char **);
int	cmd_export(int, char **);
int	cmd_replay(int, char **);

#endif
