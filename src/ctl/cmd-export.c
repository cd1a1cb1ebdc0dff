/* cmd-export.c: navarch export and replay.
 *
 * An argument naming an existing file is a state file, anything else a
 * game id (the same rule as map). */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "exitcode.h"
#include "fileio.h"
#include "play-record.h"
#include "ruleset.h"
#include "state-xml.h"
#include "store.h"
#include "xalloc.h"

/* A stored game's record, read in one snapshot (WAL readers see one per
 * statement otherwise), without the write lock: the daemon goes on.
 * 0 or an exit status (reported). */
static int
record_load(struct store *s, const char *game, struct play_record *rec)
{
	char	*cause = NULL;
	int	 code;

	if ((code = store_begin_read(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	code = play_record_load(s, game, rec, &cause);
	(void)store_abort(s, NULL);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

/* The archive's head, checked whole; its turns are read one at a time
 * by archive_turn as the replay goes (the memory of one turn).  0 or an
 * exit status (reported). */
static int
archive_open(const char *path, struct play_record *rec,
    struct play_archive **pa)
{
	struct diag	 d = DIAG_INIT;
	int		 rc = 0;

	if (play_archive_open(path, rec, pa, &d) != 0) {
		ctl_print_diag(&d);
		rc = NV_EXIT_INPUT;
	}
	diag_free(&d);
	return rc;
}

static int
archive_turn(struct play_rec_turn *t, void *arg)
{
	struct diag	 d = DIAG_INIT;
	int		 rc = 0;

	if (play_archive_turn(arg, t, &d) != 0) {
		ctl_print_diag(&d);
		rc = NV_EXIT_INPUT;
	}
	diag_free(&d);
	return rc;
}

static int
export_file(const char *path)
{
	struct play_game	 g;
	struct buf	 b = BUF_INIT;
	int		 rc;

	if ((rc = ctl_load_state(path, &g)) != 0)
		return rc;
	state_xml_save(g.st, &b);
	rc = ctl_write_file("-", buf_str(&b), b.len) == 0 ? 0 : NV_EXIT_FAIL;
	buf_free(&b);
	play_game_free(&g);
	return rc;
}

/* Where export_archive's pieces go: a failed write keeps its errno. */
struct export_out {
	FILE		*f;
	int		 failed, err;
};

static int
export_write(const char *p, size_t n, void *arg)
{
	struct export_out	*x = arg;

	if (fwrite(p, 1, n, x->f) == n)
		return 0;
	x->failed = 1;
	x->err = errno;
	return -1;
}

/* Writes the archive to path ("-": standard output) a turn at a time,
 * inside one read snapshot: memory for one turn, whatever the game's
 * length.  A file left half written is removed (never a device). */
static int
archive_stream(struct store *s, const char *game, const char *path,
    int with_seed)
{
	struct export_out	 x = { NULL, 0, 0 };
	struct stat		 sb;
	char			*cause = NULL;
	int			 code, rc = 0, regular;
	int			 is_stdout = strcmp(path, "-") == 0;

	if ((code = store_begin_read(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	x.f = is_stdout ? stdout : fopen(path, "w");
	if (x.f == NULL) {
		(void)store_abort(s, NULL);
		return ctl_err(NV_EXIT_FAIL, "%s: %s", path, strerror(errno));
	}
	regular = !is_stdout && fstat(fileno(x.f), &sb) == 0 &&
	    S_ISREG(sb.st_mode);
	code = play_archive_stored(s, game, with_seed, export_write, &x,
	    &cause);
	if (code == STORE_OK && fflush(x.f) != 0) {
		x.failed = 1;
		x.err = errno;
	}
	if (x.failed) {
		free(cause);	/* the store's words for it; errno's are better */
		rc = ctl_err(NV_EXIT_FAIL, "%s: write error: %s", path,
		    strerror(x.err));
	} else if (code != STORE_OK)
		rc = ctl_store_err(code, cause);
	else
		free(cause);
	if (!is_stdout && fclose(x.f) != 0 && rc == 0)
		rc = ctl_err(NV_EXIT_FAIL, "%s: %s", path, strerror(errno));
	if (rc != 0 && regular)
		(void)unlink(path);
	(void)store_abort(s, NULL);
	return rc;
}

static int
export_archive(struct store *s, const char *game, const char *path,
    int force)
{
	struct store_game	*g = NULL;
	char			*cause = NULL;
	int			 code, rc, revealed;

	if ((code = store_game_get(s, game, &g, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	revealed = g->seed_revealed;
	store_game_free(g);
	/* An archive is for players: the seed goes in only once it is
	 * public, else it would give away every future roll. */
	if (!revealed && !force)
		return ctl_err(NV_EXIT_FAIL, "the seed of %s is not revealed: "
		    "navarch seed reveal %s first, or --force to write the "
		    "archive without it (its dice cannot then be checked)",
		    game, game);
	rc = archive_stream(s, game, path, revealed);
	if (rc == 0)
		fprintf(stderr, "navarch export: archive of %s written to "
		    "%s%s\n", game, path, revealed ? "" : " without the seed");
	return rc;
}

int
cmd_export(int argc, char **argv)
{
	struct store	*s;
	const char	*targ = NULL, *archive = NULL;
	int		 force = 0;
	const struct ctl_opt opts[] = {
		{ "turn", &targ, NULL },
		{ "archive", &archive, NULL },
		{ "force", NULL, &force },
		{ NULL, NULL, NULL }
	};
	char		**pos, *xml = NULL, *cause = NULL;
	int		 npos, rc, code, turn = -1;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (targ != NULL && (rc = ctl_turn_arg(targ, &turn)) != 0)
		return rc;
	if (archive != NULL && targ != NULL)
		return ctl_err(NV_EXIT_USAGE, "--archive holds every turn: "
		    "--turn does not go with it");
	if (force && archive == NULL)
		return ctl_err(NV_EXIT_USAGE, "--force goes with --archive");
	if (ctl_is_file(pos[0])) {
		if (archive != NULL || targ != NULL)
			return ctl_err(NV_EXIT_USAGE, "%s is a state file: "
			    "--turn and --archive need a game", pos[0]);
		return export_file(pos[0]);
	}
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	if (archive != NULL)
		rc = export_archive(s, pos[0], archive, force);
	else if ((code = store_state_get(s, pos[0], turn, &xml, NULL,
	    &cause)) != STORE_OK)
		rc = ctl_store_err(code, cause);
	else
		rc = ctl_write_file("-", xml, strlen(xml)) == 0 ? 0 :
		    NV_EXIT_FAIL;
	free(xml);
	store_close(s);
	return rc;
}

int
cmd_replay(int argc, char **argv)
{
	struct play_record	 rec;
	struct play_archive	*pa = NULL;
	struct store		*s;
	const char		*archive = NULL;
	int			 verify = 0, states = 0;
	const struct ctl_opt	 opts[] = {
		{ "archive", &archive, NULL },
		{ "verify", NULL, &verify },
		{ "states", NULL, &states },
		{ NULL, NULL, NULL }
	};
	char			**pos;
	int			 npos, rc;

	if ((rc = ctl_args(argc, argv, opts, 0, 1, &pos, &npos)) != 0)
		return rc;
	if ((archive != NULL) == (npos == 1))
		return ctl_err(NV_EXIT_USAGE, "give a GAME or --archive FILE, "
		    "not %s", npos == 1 ? "both" : "neither");
	if (archive != NULL)
		rc = archive_open(archive, &rec, &pa);
	else if ((rc = ctl_db_open(&s)) == 0) {
		rc = record_load(s, pos[0], &rec);
		store_close(s);
	}
	if (rc != 0)
		return rc;
	rc = ctl_replay(&rec, pa != NULL ? archive_turn : NULL, pa, states ?
	    CTL_VERIFY_STATES : verify ? CTL_VERIFY_ALL : CTL_VERIFY_NONE);
	play_archive_close(pa);
	play_record_free(&rec);
	return rc;
}
