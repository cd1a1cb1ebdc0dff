/* cmd-show.c: navarch game show, player list, orders show.  Read-only:
 * nothing here writes, so they work while the daemon holds the write
 * lock (WAL). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "exitcode.h"
#include "store.h"
#include "xalloc.h"

static const char *
when(int64_t t, char buf[CTL_TIME_LEN])
{
	if (t == 0)
		return "-";
	ctl_time_format(t, buf);
	return buf;
}

/* The squadrons that have a player, as store_squadron_list gives them
 * (ordered by squadron id), for the players' lines. */
struct show_squadrons {
	char	**squadron;
	char	**player;
	size_t	  n;
};

static int
squadron_cb(const char *squadron, const char *player, void *arg)
{
	struct show_squadrons	*q = arg;

	q->squadron = xreallocarray(q->squadron, q->n + 1, sizeof *q->squadron);
	q->player = xreallocarray(q->player, q->n + 1, sizeof *q->player);
	q->squadron[q->n] = xstrdup(squadron);
	q->player[q->n++] = xstrdup(player);
	return 0;
}

static void
show_squadrons_free(struct show_squadrons *q)
{
	size_t	i;

	for (i = 0; i < q->n; i++) {
		free(q->squadron[i]);
		free(q->player[i]);
	}
	free(q->squadron);
	free(q->player);
}

/* arg: the squadrons (struct show_squadrons), or NULL not to list them.
 * A captain's ships are mostly his squadrons': "ships" lists only those
 * given to him by name, so without this line he looked idle. */
static int
player_cb(const struct store_player *p, void *arg)
{
	const struct show_squadrons	*q = arg;
	size_t				 i;
	int				 n = 0;

	printf("  %-16s side %-12s %s%s%s  missed %d  bounces %d%s%s\n"
	    "    ships:", p->id, p->side, p->address, p->admiral ?
	    "  admiral" : "", p->removed ? "  REMOVED" : "", p->missed,
	    p->bounces, p->timezone[0] != '\0' ? "  timezone " : "",
	    p->timezone);
	for (i = 0; i < p->nships; i++)
		printf(" %s", p->ships[i]);
	printf("%s\n", p->nships == 0 ? " none" : "");
	for (i = 0; q != NULL && i < q->n; i++) {
		if (strcmp(q->player[i], p->id) != 0)
			continue;
		printf("%s %s", n++ == 0 ? "    squadrons:" : "",
		    q->squadron[i]);
	}
	if (n > 0)
		printf("\n");
	return 0;
}

/* store_player_list with each player's squadrons. */
static int
players_print(struct store *s, const char *game, char **cause)
{
	struct show_squadrons	q = { NULL, NULL, 0 };
	int			code;

	code = store_squadron_list(s, game, squadron_cb, &q, cause);
	if (code == STORE_OK)
		code = store_player_list(s, game, player_cb, &q, cause);
	show_squadrons_free(&q);
	return code;
}

static int
name_cb(const char *name, void *arg)
{
	int	*n = arg;

	printf("%s%s", (*n)++ > 0 ? ", " : " ", name);
	return 0;
}

static int
history_cb(const struct store_state_info *i, void *arg)
{
	char	a[CTL_TIME_LEN], b[CTL_TIME_LEN];

	(void)arg;
	printf("  turn %-4d written %s  adjudicated %s%s\n", i->turn,
	    when(i->created, a), when(i->adjudicated, b),
	    i->superseded ? "  (rolled back)" : "");
	return 0;
}

static int
audit_cb(const struct store_audit *a, void *arg)
{
	char	t[CTL_TIME_LEN];

	(void)arg;
	printf("  %s  %-14s %-18s %s\n", when(a->time, t), a->actor, a->action,
	    a->details);
	return 0;
}

static int
in_force_cb(const struct store_orders *o, void *arg)
{
	int	*n = arg;

	printf("%s%s (#%lld)", (*n)++ > 0 ? ", " : " ", o->player,
	    (long long)o->id);
	return 0;
}

static int
event_cb(const struct store_event_row *e, void *arg)
{
	(void)arg;
	printf("  %3d %d %-10s %s\n", e->seq, e->phase, e->kind, e->text);
	return 0;
}

static int
roll_cb(const struct store_roll_row *r, void *arg)
{
	(void)arg;
	printf("  %3d d%d=%d  %s  (%s)\n", r->seq, r->sides, r->result,
	    r->purpose, r->label);
	return 0;
}

static void
show_head(const struct store_game *g)
{
	char	t[CTL_TIME_LEN];

	printf("game %s\n  ruleset   %s\n  status    %s\n  turn      %d\n"
	    "  deadline  %s\n", g->id, g->ruleset,
	    store_game_status_name(g->status), g->turn,
	    g->deadline != 0 ? when(g->deadline, t) : "none");
	if (g->status == STORE_GAME_PAUSED && g->paused_left >= 0)
		printf("  clock     stopped with %lld s left (resume gives "
		    "them back)\n", (long long)g->paused_left);
	printf("  created   %s\n  gm        %s\n  seed      commitment %s\n",
	    when(g->created, t), g->gm_address != NULL ? g->gm_address :
	    "none", g->seed_commitment);
	/* The seed is secret until revealed: not even the GM's screen
	 * shows it, so a shared terminal or a pasted log gives nothing
	 * away. */
	if (g->seed_revealed)
		printf("            revealed: %s\n", g->seed);
	else
		printf("            not revealed (navarch seed reveal)\n");
}

static int
show_turn(struct store *s, const char *game, int turn, char **cause)
{
	int	code;

	printf("events of turn %d:\n", turn);
	code = store_events_list(s, game, turn, event_cb, NULL, cause);
	if (code == STORE_OK) {
		printf("dice of turn %d:\n", turn);
		code = store_rolls_list(s, game, turn, roll_cb, NULL, cause);
	}
	return code;
}

static int
show_body(struct store *s, const struct store_game *g, int turn, char **cause)
{
	int	code, n = 0;

	printf("sides:");
	code = store_side_list(s, g->id, name_cb, &n, cause);
	printf("\nplayers:\n");
	if (code == STORE_OK)
		code = players_print(s, g->id, cause);
	n = 0;
	printf("observers:");
	if (code == STORE_OK)
		code = store_observer_list(s, g->id, name_cb, &n, cause);
	printf("%s\norders in for turn %d:", n == 0 ? " none" : "", g->turn);
	n = 0;
	if (code == STORE_OK)
		code = store_orders_in_force(s, g->id, g->turn, in_force_cb,
		    &n, cause);
	printf("%s\nhistory:\n", n == 0 ? " none" : "");
	if (code == STORE_OK)
		code = store_state_history(s, g->id, history_cb, NULL, cause);
	printf("audit log:\n");
	if (code == STORE_OK)
		code = store_audit_list(s, g->id, audit_cb, NULL, cause);
	if (code == STORE_OK && turn > 0)
		code = show_turn(s, g->id, turn, cause);
	return code;
}

int
cmd_game_show(int argc, char **argv)
{
	struct store		*s;
	struct store_game	*g = NULL;
	const char		*targ = NULL;
	const struct ctl_opt	 opts[] = {
		{ "turn", &targ, NULL },
		{ NULL, NULL, NULL }
	};
	struct play_game	 cg;
	char			**pos, *cause = NULL;
	int			 npos, rc, code, turn = 0;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (targ != NULL && (rc = ctl_turn_arg(targ, &turn)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = store_game_get(s, pos[0], &g, &cause);
	if (code == STORE_OK) {
		show_head(g);
		code = show_body(s, g, turn, &cause);
	}
	/* Who commands the squadrons of the state, and what is to come. */
	if (code == STORE_OK && (rc = ctl_game_load(s, g->id, -1, &cg,
	    NULL)) == 0) {
		rc = ctl_squadrons_print(s, g->id, cg.st);
		play_game_free(&cg);
	}
	store_game_free(g);
	store_close(s);
	if (code != STORE_OK)
		return ctl_store_err(code, cause);
	return rc;
}

int
cmd_player_list(int argc, char **argv)
{
	struct store	*s;
	char		**pos, *cause = NULL;
	int		 npos, rc, code;

	if ((rc = ctl_args(argc, argv, NULL, 1, 1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = players_print(s, pos[0], &cause);
	store_close(s);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}

static int
orders_cb(const struct store_orders *o, void *arg)
{
	char	t[CTL_TIME_LEN];

	(void)arg;
	printf("#%lld turn %d, player %s, %s%s%s, received %s%s%s\n",
	    (long long)o->id, o->turn, o->player, store_source_name(o->source),
	    o->sender != NULL ? " from " : "", o->sender != NULL ? o->sender :
	    "", when(o->received, t), o->in_force ? ", in force" :
	    ", superseded", o->rolled_back ? ", rolled back" : "");
	fputs(o->normalised, stdout);
	if (o->normalised[0] != '\0' &&
	    o->normalised[strlen(o->normalised) - 1] != '\n')
		putchar('\n');
	return 0;
}

int
cmd_orders_show(int argc, char **argv)
{
	struct store		*s;
	struct store_game	*g = NULL;
	const char		*targ = NULL;
	const struct ctl_opt	 opts[] = {
		{ "turn", &targ, NULL },
		{ NULL, NULL, NULL }
	};
	char			**pos, *cause = NULL;
	int			 npos, rc, code, turn = -1;

	if ((rc = ctl_args(argc, argv, opts, 1, 1, &pos, &npos)) != 0)
		return rc;
	if (targ != NULL && (rc = ctl_turn_arg(targ, &turn)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	code = store_game_get(s, pos[0], &g, &cause);
	if (code == STORE_OK) {
		if (turn < 0)
			turn = g->turn;
		code = store_orders_list(s, pos[0], turn, orders_cb, NULL,
		    &cause);
	}
	store_game_free(g);
	store_close(s);
	return code == STORE_OK ? 0 : ctl_store_err(code, cause);
}
