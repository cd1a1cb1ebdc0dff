/* cmd-game.c: navarch init, backup, game create|list, pause, resume,
 * deadline, seed reveal.  (game show is cmd-show.c.) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "password.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

int
cmd_init(int argc, char **argv)
{
	struct store	*s;
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 0, 0, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	printf("database ready (schema version %d)\n",
	    store_schema_version());
	store_close(s);
	return 0;
}

int
cmd_backup(int argc, char **argv)
{
	struct store	*s;
	char		**pos, *cause = NULL;
	int		 npos, rc, code;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = store_backup(s, pos[0], &cause);
	store_close(s);
	if (code != STORE_OK)
		return ctl_store_err(code, cause);
	fprintf(stderr, "navarch backup: database copied to %s\n", pos[0]);
	return 0;
}

/* --- game create ---------------------------------------------------------- */

struct create {
	struct store_game_new	 g;
	const char		*scenario, *deadline, *gm, *gm_pw, *seed;
};

static int
create_op(struct store *s, void *arg, char **cause)
{
	struct create	*c = arg;

	return store_game_create(s, &c->g, cause);
}

/* The GM's password hash, if one was given: 0 or an exit status. */
static int
gm_hash(const struct create *c, char **hash)
{
	unsigned	 cost;
	char		*pw, *cause;
	int		 rc;

	*hash = NULL;
	if (c->gm_pw == NULL)
		return 0;
	if ((rc = ctl_hash_cost(&cost)) != 0)
		return rc;
	if ((rc = ctl_read_password(c->gm_pw, &pw)) != 0)
		return rc;
	if (password_hash(pw, cost, hash, &cause) != 0) {
		rc = ctl_err(NV_EXIT_INPUT, "%s: %s", c->gm_pw, cause);
		free(cause);
	}
	explicit_bzero(pw, strlen(pw));
	free(pw);
	return rc;
}

static int
create_checks(const struct create *c, const char *id)
{
	if (!str_is_id(id))
		return ctl_err(NV_EXIT_USAGE, "'%s' is no game id; legal: 1 to "
		    "32 of a-z, 0-9, _ and -", id);
	if (c->scenario == NULL)
		return ctl_err(NV_EXIT_USAGE, "--scenario FILE is required");
	if ((c->gm == NULL) != (c->gm_pw == NULL))
		return ctl_err(NV_EXIT_USAGE, "--gm and --gm-password-file go "
		    "together");
	if (c->gm != NULL && !ctl_address_ok(c->gm))
		return ctl_err(NV_EXIT_USAGE, "--gm '%s' is no mail address",
		    c->gm);
	return 0;
}

static void
created(struct store *s, const char *id, const struct play_game *cg)
{
	struct store_game	*g;
	char			*cause = NULL;
	size_t			 i;

	printf("game %s created: ruleset %s, turn %d, sides", id, cg->rs->id,
	    cg->st->turn);
	for (i = 0; i < cg->st->nsides; i++)
		printf("%s %s", i > 0 ? "," : "", cg->st->sides[i].id);
	printf("\n");
	/* The commitment is what players are shown now; the seed stays
	 * secret until seed reveal or the end of the game. */
	if (store_game_get(s, id, &g, &cause) == STORE_OK) {
		printf("seed commitment (SHA-256): %s\n", g->seed_commitment);
		store_game_free(g);
	}
	free(cause);
}

static int
create_run(struct create *c, struct play_game *cg, int64_t now)
{
	struct store	*s;
	struct buf	 xml = BUF_INIT;
	const char	**sides;
	char		*hash = NULL, *cause = NULL;
	size_t		 i;
	int		 rc;

	if (c->deadline != NULL && ctl_time_parse(c->deadline, now,
	    &c->g.deadline, &cause) != 0) {
		rc = ctl_err(NV_EXIT_USAGE, "--deadline %s", cause);
		free(cause);
		return rc;
	}
	if ((rc = gm_hash(c, &hash)) != 0)
		return rc;
	sides = xcalloc(cg->st->nsides + 1, sizeof *sides);
	for (i = 0; i < cg->st->nsides; i++)
		sides[i] = cg->st->sides[i].id;
	/* The canonical form: the first state is byte for byte what a
	 * replay loads and saves again. */
	state_xml_save(cg->st, &xml);
	c->g.ruleset = cg->rs->id;
	c->g.scenario = buf_str(&xml);
	c->g.first_turn = cg->st->turn;
	c->g.gm_address = c->gm;
	c->g.gm_password = hash;
	c->g.seed = c->seed;
	c->g.sides = sides;
	c->g.nsides = cg->st->nsides;
	c->g.now = now;
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_audited(s, c->g.id, "game-create", c->scenario,
		    create_op, c);
		if (rc == 0)
			created(s, c->g.id, cg);
		store_close(s);
	}
	free(sides);
	free(hash);
	buf_free(&xml);
	return rc;
}

int
cmd_game_create(int argc, char **argv)
{
	struct create	 c;
	struct play_game	 cg;
	const struct ctl_opt opts[] = {
		{ "scenario", &c.scenario, NULL },
		{ "deadline", &c.deadline, NULL },
		{ "gm", &c.gm, NULL },
		{ "gm-password-file", &c.gm_pw, NULL },
		{ "seed", &c.seed, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int64_t		 now;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	c.g.id = pos[0];
	if ((rc = create_checks(&c, pos[0])) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((rc = ctl_load_state(c.scenario, &cg)) != 0)
		return rc;
	rc = create_run(&c, &cg, now);
	play_game_free(&cg);
	return rc;
}

/* --- game list ------------------------------------------------------------ */

static int
list_cb(const struct store_game *g, void *arg)
{
	char	when[CTL_TIME_LEN];

	(void)arg;
	if (g->deadline != 0)
		ctl_time_format(g->deadline, when);
	printf("%-20s %-8s %-8s turn %-4d deadline %s\n", g->id, g->ruleset,
	    store_game_status_name(g->status), g->turn,
	    g->deadline != 0 ? when : "none");
	return 0;
}

int
cmd_game_list(int argc, char **argv)
{
	struct store	*s;
	char		**pos, *cause = NULL;
	int		 npos, rc, code;

	if ((rc = ctl_args(argc, argv, NULL, 0, 0, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = store_game_list(s, list_cb, NULL, &cause);
	store_close(s);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

/* --- pause, resume, deadline, seed reveal --------------------------------- */

struct gm_change {
	const char		*game;
	enum store_game_status	 status;
	int64_t			 deadline;
};

static int
status_op(struct store *s, void *arg, char **cause)
{
	struct gm_change	*c = arg;
	struct store_game	*g;
	int			 code;

	if ((code = store_game_get(s, c->game, &g, cause)) != STORE_OK)
		return code;
	if (g->status == STORE_GAME_ENDED ||
	    (g->status == c->status)) {
		code = g->status == STORE_GAME_ENDED ? STORE_ERROR :
		    STORE_EXISTS;
		*cause = xasprintf("game %s is already %s", c->game,
		    store_game_status_name(g->status));
	}
	store_game_free(g);
	if (code != STORE_OK)
		return code;
	return store_game_set_status(s, c->game, c->status, cause);
}

static int
set_status(int argc, char **argv, enum store_game_status st)
{
	struct store		*s;
	struct gm_change	 c;
	char			**pos;
	int			 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	c.game = pos[0];
	c.status = st;
	rc = ctl_audited(s, pos[0], st == STORE_GAME_PAUSED ? "pause" :
	    "resume", NULL, status_op, &c);
	store_close(s);
	if (rc == 0)
		fprintf(stderr, "navarch: game %s is %s\n", pos[0],
		    store_game_status_name(st));
	return rc;
}

int
cmd_pause(int argc, char **argv)
{
	return set_status(argc, argv, STORE_GAME_PAUSED);
}

int
cmd_resume(int argc, char **argv)
{
	return set_status(argc, argv, STORE_GAME_PLAYING);
}

static int
deadline_op(struct store *s, void *arg, char **cause)
{
	struct gm_change	*c = arg;

	return store_game_set_deadline(s, c->game, c->deadline, cause);
}

int
cmd_deadline(int argc, char **argv)
{
	struct store		*s;
	struct gm_change	 c;
	char			**pos, *cause, when[CTL_TIME_LEN], *details;
	int64_t			 now;
	int			 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 2, 2, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	c.game = pos[0];
	c.deadline = 0;
	if (strcmp(pos[1], "none") != 0 &&
	    ctl_time_parse(pos[1], now, &c.deadline, &cause) != 0) {
		rc = ctl_err(NV_EXIT_USAGE, "%s; or none to clear it", cause);
		free(cause);
		return rc;
	}
	if (c.deadline != 0)
		ctl_time_format(c.deadline, when);
	details = xstrdup(c.deadline != 0 ? when : "none");
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_audited(s, pos[0], "deadline", details, deadline_op,
		    &c);
		store_close(s);
	}
	if (rc == 0)
		printf("deadline of %s: %s\n", pos[0], details);
	free(details);
	return rc;
}

int
cmd_seed_reveal(int argc, char **argv)
{
	struct store		*s;
	struct store_game	*g = NULL;
	char			**pos, *cause = NULL, *actor;
	int64_t			 now;
	int			 npos, rc, code;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	actor = ctl_actor();
	code = store_seed_reveal(s, pos[0], actor, now, &cause);
	if (code == STORE_OK)
		code = store_game_get(s, pos[0], &g, &cause);
	if (code == STORE_OK)
		printf("seed of %s: %s\ncommitment: %s\n", pos[0], g->seed,
		    g->seed_commitment);
	else
		rc = ctl_store_err(code, cause);
	store_game_free(g);
	free(actor);
	store_close(s);
	return rc;
}
