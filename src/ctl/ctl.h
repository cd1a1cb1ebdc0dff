/* ctl.h: the navarch command-line tool's internal interface.
 *
 * Each subcommand lives in its own cmd-*.c file and is one entry of the
 * table in navarch.c.  ctl-load.c finds the data directory and loads
 * rulesets, states and order files for them. */
#ifndef NV_CTL_H
#define NV_CTL_H

#include <stddef.h>

struct diag;
struct nv_orders;
struct nv_ruleset;
struct nv_state;

struct ctl_cmd {
	const char	*name;
	const char	*usage;		/* arguments, after the name */
	const char	*summary;	/* one line */
	const char	*help;		/* the options, one per line */
	int		(*exec)(int argc, char **argv);
};

/* The data directory: --datadir, else $NAVARCH_DATADIR, else the one
 * compiled in.  Static storage. */
const char	*ctl_datadir(void);
void		 ctl_set_datadir(const char *);

/* A loaded state with its ruleset; both owned by the struct. */
struct ctl_game {
	struct nv_ruleset	*rs;
	struct nv_state		*st;
};

/* Loads a state or scenario file and the ruleset it names.  Errors go to
 * standard error.  Returns 0, or an exit code (NV_EXIT_INPUT for a bad
 * file, NV_EXIT_CONFIG for missing data files, NV_EXIT_FAIL). */
int	ctl_load_state(const char *path, struct ctl_game *);
void	ctl_game_free(struct ctl_game *);

/* Parses and validates order files into *out (owned by the caller).
 * Errors are printed to standard error; returns 0 or NV_EXIT_INPUT. */
int	ctl_load_orders(const struct ctl_game *, char **files, size_t n,
	    struct nv_orders **out);

/* Prints a diag to standard error. */
void	ctl_print_diag(const struct diag *);

/* Writes text to path ("-" is standard output); 0 or -1 (reported). */
int	ctl_write_file(const char *path, const char *text, size_t len);

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
/* $NAVARCH_TEMPLATEDIR, else the installed template directory. */
const char	*ctl_templatedir(void);

extern const struct ctl_cmd ctl_cmds[];

int	cmd_turn(int, char **);
int	cmd_check_orders(int, char **);
int	cmd_map(int, char **);

#endif
