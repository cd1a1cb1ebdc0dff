/* cmd-game.c: navarch init, backup, game create|list|end, pause, resume,
 * deadline, seed reveal.  (game show is cmd-show.c.) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "password.h"
#include "play-clock.h"
#include "play-end.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "tz.h"
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

/* A time SPEC as the GM writes it: +N[mhdw]... (or +N...@HH:MM), NONE,
 * or an absolute time in any zone, with an optional AT (docs/gm-guide.md).
 * Its form only: 0, or 64 with the error (as for any malformed argument);
 * whether it is in the past is the clock's to refuse. */
static int
spec_check(const char *spec)
{
	const char	*p = spec;
	char		*cause = NULL;
	int64_t		 t;
	int		 rc;

	if (strncasecmp(p, "AT ", 3) == 0)
		p += 3 + strspn(p + 3, " ");
	if (strcasecmp(p, "none") == 0)
		return 0;
	rc = p[0] == '+' ? time_parse(p, 0, &t, &cause) :
	    tz_parse_time(p, &t, &cause);
	if (rc == 0)
		return 0;
	rc = ctl_err(NV_EXIT_USAGE, "%s; or +N to extend (+24h), or none",
	    cause);
	free(cause);
	return rc;
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

	if (c->deadline != NULL && (c->deadline[0] == '+' ?
	    time_parse(c->deadline, now, &c->g.deadline, &cause) :
	    tz_parse_time(c->deadline, &c->g.deadline, &cause)) != 0) {
		rc = ctl_err(NV_EXIT_USAGE, "--deadline %s", cause);
		free(cause);
		return rc;
	}
	/* Well formed but refused, as navarch deadline refuses it. */
	if (c->deadline != NULL && c->g.deadline <= now)
		return ctl_err(NV_EXIT_FAIL, "--deadline %s is not in the "
		    "future", c->deadline);
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

/* --- pause, resume, deadline (play-clock.c), seed reveal ----------------- */

/* The clock as the GM reads it afterwards. */
static void
clock_said(const char *game, const struct play_clock *c)
{
	char	when[CTL_TIME_LEN];

	if (c->paused && c->left >= 0)
		fprintf(stderr, "navarch: game %s is paused with %lld s left "
		    "on its clock (given back on resume)\n", game,
		    (long long)c->left);
	else if (c->deadline != 0) {
		ctl_time_format(c->deadline, when);
		fprintf(stderr, "navarch: game %s is %s; deadline %s\n", game,
		    c->paused ? "paused" : "playing", when);
	} else
		fprintf(stderr, "navarch: game %s is %s; no deadline\n", game,
		    c->paused ? "paused" : "playing");
}

/* What navarch deadline has always printed: "deadline of demo: TIME". */
static void
deadline_said(const char *game, const struct play_clock *c)
{
	char	when[CTL_TIME_LEN];

	if (c->paused && c->left >= 0)
		printf("deadline of %s: paused, %lld s left\n", game,
		    (long long)c->left);
	else if (c->deadline != 0) {
		ctl_time_format(c->deadline, when);
		printf("deadline of %s: %s\n", game, when);
	} else
		printf("deadline of %s: none\n", game);
}

enum clock_op { CLOCK_PAUSE, CLOCK_RESUME, CLOCK_DEADLINE };

/* Runs one clock change in its own transaction: the game, its audit
 * entry and the players' notice commit together.  0 or an exit status. */
static int
clock_run(enum clock_op op, const char *game, const char *spec,
    const char *reason)
{
	struct play_clock_req	 r;
	struct play_clock	 c;
	struct store		*s;
	char			*cause = NULL, *actor;
	int64_t			 now;
	int			 rc, code;

	if ((rc = ctl_now(&now)) != 0 || (rc = ctl_db_open(&s)) != 0)
		return rc;
	if ((code = store_begin(s, &cause)) != STORE_OK) {
		store_close(s);
		return ctl_store_err(code, cause);
	}
	actor = ctl_actor();
	memset(&r, 0, sizeof r);
	r.game = game;
	r.now = now;
	r.actor = actor;
	r.reason = reason;
	rc = op == CLOCK_PAUSE ? play_clock_pause(s, &r, &c, &cause) :
	    op == CLOCK_RESUME ? play_clock_resume(s, &r, spec, &c, &cause) :
	    play_clock_deadline(s, &r, spec, &c, &cause);
	if (rc == PLAY_CLOCK_OK && (code = store_commit(s, &cause)) !=
	    STORE_OK)
		rc = ctl_store_err(code, cause);
	else if (rc == PLAY_CLOCK_OK) {
		clock_said(game, &c);
		if (op == CLOCK_DEADLINE)
			deadline_said(game, &c);
	}
	else {
		(void)store_abort(s, NULL);
		/* A refused request is the GM's input (a deadline in the
		 * past, a game not paused): 1, as before for a game already
		 * paused; the database's failures keep theirs. */
		rc = ctl_err(rc == PLAY_CLOCK_TEMP ? NV_EXIT_TEMP :
		    NV_EXIT_FAIL, "%s", cause);
		free(cause);
	}
	free(actor);
	store_close(s);
	return rc;
}

int
cmd_pause(int argc, char **argv)
{
	const char	*reason = NULL;
	const struct ctl_opt opts[] = {
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	return clock_run(CLOCK_PAUSE, pos[0], NULL, reason);
}

int
cmd_resume(int argc, char **argv)
{
	const char	*reason = NULL, *deadline = NULL;
	const struct ctl_opt opts[] = {
		{ "reason", &reason, NULL },
		{ "deadline", &deadline, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (deadline != NULL && (rc = spec_check(deadline)) != 0)
		return rc;
	return clock_run(CLOCK_RESUME, pos[0], deadline, reason);
}

int
cmd_deadline(int argc, char **argv)
{
	const char	*reason = NULL;
	const struct ctl_opt opts[] = {
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL }
	};
	struct buf	 spec = BUF_INIT;
	char		**pos;
	int		 npos, rc, i;

	if ((rc = ctl_args(argc, argv, opts, 2, -1, &pos, &npos)) != 0)
		return rc;
	/* A time with its zone may be written as several words:
	 * 2026-12-01 20:00 Europe/Paris. */
	for (i = 1; i < npos; i++)
		buf_printf(&spec, "%s%s", i > 1 ? " " : "", pos[i]);
	if ((rc = spec_check(buf_str(&spec))) == 0)
		rc = clock_run(CLOCK_DEADLINE, pos[0], buf_str(&spec), reason);
	buf_free(&spec);
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

/* --- game end: the GM's decision (play-end.c) ------------------------------ */

static int
end_run(struct store *s, const char *game, const char *winner,
    const char *reason)
{
	struct play_end		 e;
	struct play_game	 cg;
	struct store_game	*g = NULL;
	char			*cause = NULL, *actor;
	int64_t			 now;
	int			 rc, code, turn, w = -1;

	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((code = store_game_get(s, game, &g, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	rc = g->status == STORE_GAME_ENDED ? ctl_err(NV_EXIT_FAIL, "game %s "
	    "has ended already", game) : 0;
	store_game_free(g);
	if (rc != 0 || (rc = ctl_game_load(s, game, -1, &cg, &turn)) != 0)
		return rc;
	if (winner != NULL && (w = state_side_index(cg.st, winner)) < 0)
		rc = ctl_err(NV_EXIT_USAGE, "--winner %s: game %s has no such "
		    "side", winner, game);
	actor = ctl_actor();
	memset(&e, 0, sizeof e);
	e.game = game;
	e.st = cg.st;
	e.turn = turn;
	e.how = PLAY_END_GM;
	e.winner = w;
	e.reason = reason;
	e.actor = actor;
	e.now = now;
	if (rc == 0 && (code = store_begin(s, &cause)) == STORE_OK) {
		code = play_end_game(s, &e, &cause);
		if (code == STORE_OK)
			code = store_commit(s, &cause);
		else
			(void)store_abort(s, NULL);
	}
	if (rc == 0 && code != STORE_OK)
		rc = ctl_store_err(code, cause);
	else if (rc == 0)
		fprintf(stderr, "navarch game end: game %s is over on turn %d, "
		    "%s%s; the seed is revealed and the daemon mails everyone "
		    "the final report, the seed and the archive\n", game, turn,
		    w >= 0 ? "won by " : "drawn", w >= 0 ?
		    cg.st->sides[w].id : "");
	free(actor);
	play_game_free(&cg);
	return rc;
}

int
cmd_game_end(int argc, char **argv)
{
	struct store	*s;
	const char	*winner = NULL, *reason = NULL;
	int		 draw = 0;
	const struct ctl_opt opts[] = {
		{ "draw", NULL, &draw },
		{ "winner", &winner, NULL },
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (draw == (winner != NULL))
		return ctl_err(NV_EXIT_USAGE, "give --draw or --winner SIDE "
		    "(one of them)");
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = end_run(s, pos[0], winner, reason != NULL && *reason != '\0' ?
	    reason : "ended by the GM");
	store_close(s);
	return rc;
}
