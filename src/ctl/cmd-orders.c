/* cmd-orders.c: navarch orders submit, adjudicate, rollback.
 *
 * orders submit runs the orders through the parser and validation a mail
 * gets (the mail issue calls the same engine functions), restricted to
 * the ships the player commands (nv_orders.may_order); illegal orders are
 * refused with every error and exit status 2, and nothing is stored. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "exitcode.h"
#include "fileio.h"
#include "orders.h"
#include "play-end.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

#define ORDERS_MAX	(1024 * 1024)

struct submit {
	const char		*game, *player, *file, *reason;
	struct store_player	*p;
	int			 sole;	/* the only active player of the side */
	int			 turn;
	struct play_game		 cg;
	char			*text;
	struct buf		 normalised;
};

static int
sole_cb(const struct store_player *p, void *arg)
{
	struct submit	*sb = arg;

	if (!p->removed && strcmp(p->side, sb->p->side) == 0 &&
	    strcmp(p->id, sb->p->id) != 0)
		sb->sole = 0;
	return 0;
}

/* The header must be this game's, this player's and this side's. */
static void
check_header(const struct submit *sb, const struct nv_orders_header *h,
    struct diag *d)
{
	if (h->game != NULL && strcasecmp(h->game, sb->game) != 0)
		diag_error(d, sb->file, 0, "GAME %s: these orders are for "
		    "game %s; legal: GAME %s", h->game, sb->game, sb->game);
	if (h->player != NULL && strcasecmp(h->player, sb->player) != 0)
		diag_error(d, sb->file, 0, "PLAYER %s: these orders are "
		    "submitted for player %s; legal: PLAYER %s", h->player,
		    sb->player, sb->player);
	if (h->side != NULL && strcasecmp(h->side, sb->p->side) != 0)
		diag_error(d, sb->file, 0, "SIDE %s: player %s plays side %s; "
		    "legal: SIDE %s", h->side, sb->player, sb->p->side,
		    sb->p->side);
}

/* Parses and validates: 0 with the normalised text, or NV_EXIT_INPUT
 * (every error printed). */
static int
submit_check(struct submit *sb)
{
	struct nv_orders	*o = orders_new(sb->cg.st);
	struct diag		 d = DIAG_INIT;
	unsigned char		*may;
	size_t			 len;
	char			*cause;
	int			 rc = NV_EXIT_INPUT;

	if (file_read(sb->file, ORDERS_MAX, &sb->text, &len, &cause) != 0) {
		ctl_err(0, "%s", cause);
		free(cause);
		orders_free(o);
		return rc;
	}
	may = play_may_order(sb->cg.st, sb->p->side, sb->sole ? NULL :
	    (const char *const *)sb->p->ships, sb->p->nships);
	o->may_order = may;
	(void)orders_parse(o, sb->file, sb->text, len, &d);
	o->may_order = NULL;
	check_header(sb, &o->files[0], &d);
	(void)orders_validate(o, &d);
	ctl_print_diag(&d);
	if (d.errors == 0) {
		orders_format(o, &sb->normalised);
		rc = 0;
	} else
		ctl_err(0, "the orders are not legal: nothing recorded");
	free(may);
	diag_free(&d);
	orders_free(o);
	return rc;
}

static int
orders_notice(struct store *s, const struct submit *sb, const char *actor,
    int64_t now, char **cause)
{
	struct store_notice_new	n;

	memset(&n, 0, sizeof n);
	n.game = sb->game;
	n.kind = STORE_NOTICE_ORDERS;
	n.turn = sb->turn;
	n.player = sb->p->id;
	n.actor = actor;
	n.reason = sb->reason;
	n.now = now;
	return store_notice_add(s, &n, NULL, cause);
}

static int
submit_store(struct store *s, struct submit *sb)
{
	struct store_orders_new	 n;
	char			*actor = ctl_actor(), *cause = NULL, *details;
	int64_t			 now, id = 0;
	int			 code, rc;

	if ((rc = ctl_now(&now)) != 0) {
		free(actor);
		return rc;
	}
	memset(&n, 0, sizeof n);
	n.game = sb->game;
	n.turn = sb->turn;
	n.player = sb->p->id;
	n.source = STORE_SOURCE_CLI;
	n.sender = actor;
	n.received = now;
	n.text = sb->text;
	n.normalised = buf_str(&sb->normalised);
	details = xasprintf("%s, turn %d, from %s", sb->p->id, sb->turn,
	    sb->file);
	if ((code = store_begin(s, &cause)) == STORE_OK) {
		code = store_orders_add(s, &n, &id, &cause);
		if (code == STORE_OK)
			code = store_audit_add(s, sb->game, now, actor,
			    "orders-submit", details, &cause);
		/* The player sees the orders entered for them (the daemon
		 * mails the notice). */
		if (code == STORE_OK)
			code = orders_notice(s, sb, actor, now, &cause);
		if (code == STORE_OK)
			code = store_commit(s, &cause);
		else
			(void)store_abort(s, NULL);
	}
	free(details);
	free(actor);
	if (code != STORE_OK)
		return ctl_store_err(code, cause);
	fputs(buf_str(&sb->normalised), stdout);
	fprintf(stderr, "navarch orders submit: orders of %s for turn %d of "
	    "%s recorded (set #%lld)\n", sb->p->id, sb->turn, sb->game,
	    (long long)id);
	return 0;
}

static int
submit_run(struct store *s, struct submit *sb)
{
	struct store_game	*g = NULL;
	char			*cause = NULL;
	int			 code, rc;

	code = store_game_get(s, sb->game, &g, &cause);
	if (code == STORE_OK)
		code = store_player_get(s, sb->game, sb->player, &sb->p,
		    &cause);
	if (code != STORE_OK) {
		store_game_free(g);
		return ctl_store_err(code, cause);
	}
	rc = NV_EXIT_FAIL;
	if (g->status == STORE_GAME_ENDED)
		ctl_err(0, "game %s has ended", sb->game);
	else if (sb->p->removed)
		ctl_err(0, "player %s was removed from game %s", sb->player,
		    sb->game);
	else
		rc = 0;
	store_game_free(g);
	if (rc != 0)
		return rc;
	sb->sole = 1;
	if ((code = store_player_list(s, sb->game, sole_cb, sb, &cause)) !=
	    STORE_OK)
		return ctl_store_err(code, cause);
	if ((rc = ctl_game_load(s, sb->game, -1, &sb->cg, &sb->turn)) != 0)
		return rc;
	if ((rc = submit_check(sb)) != 0)
		return rc;
	return submit_store(s, sb);
}

int
cmd_orders_submit(int argc, char **argv)
{
	struct submit	 sb;
	struct store	*s;
	const struct ctl_opt opts[] = {
		{ "reason", &sb.reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc;

	memset(&sb, 0, sizeof sb);
	if ((rc = ctl_args(argc, argv, opts, 3, 3, &pos, &npos)) != 0)
		return rc;
	sb.game = pos[0];
	sb.player = pos[1];
	sb.file = pos[2];
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = submit_run(s, &sb);
	play_game_free(&sb.cg);
	store_player_free(sb.p);
	buf_free(&sb.normalised);
	free(sb.text);
	store_close(s);
	return rc;
}

int
cmd_adjudicate(int argc, char **argv)
{
	struct store	*s;
	int		 force = 0;
	const struct ctl_opt opts[] = {
		{ "force", NULL, &force },
		{ NULL, NULL, NULL }
	};
	char		**pos, *actor;
	int64_t		 now;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	actor = ctl_actor();
	rc = ctl_adjudicate(s, pos[0], force, now, actor);
	free(actor);
	store_close(s);
	return rc;
}

/* The rollback and, for a game that had ended, playing again, with the
 * notice to the players: one transaction (play_rollback). */
static int
rollback_run(struct store *s, const char *game, int turn, const char *actor,
    const char *reason, int64_t now, char **cause)
{
	int	code;

	if ((code = store_begin(s, cause)) != STORE_OK)
		return code;
	code = play_rollback(s, game, turn, actor, reason, now, cause);
	if (code == STORE_OK)
		return store_commit(s, cause);
	(void)store_abort(s, NULL);
	return code;
}

int
cmd_rollback(int argc, char **argv)
{
	struct store	*s;
	const char	*reason = NULL;
	const struct ctl_opt opts[] = {
		{ "reason", &reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos, *actor, *cause = NULL;
	int64_t		 now;
	int		 npos, rc, code, turn;

	if ((rc = ctl_args(argc, argv, opts, 2, 2, &pos, &npos)) != 0)
		return rc;
	if (reason == NULL || reason[0] == '\0')
		return ctl_err(NV_EXIT_USAGE, "--reason TEXT is required: the "
		    "audit log says why");
	if ((rc = ctl_turn_arg(pos[1], &turn)) != 0)
		return rc;
	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	actor = ctl_actor();
	code = rollback_run(s, pos[0], turn, actor, reason, now, &cause);
	free(actor);
	store_close(s);
	if (code != STORE_OK)
		return ctl_store_err(code, cause);
	fprintf(stderr, "navarch rollback: game %s is back at the start of "
	    "turn %d; later turns stay in the history\n", pos[0], turn);
	return 0;
}
