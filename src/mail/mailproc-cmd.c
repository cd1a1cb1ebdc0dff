/* mailproc-cmd.c: the players' mail commands (docs/mail-commands.md).
 *
 * Each command appends its part of the answer to ctx->reply, or an error
 * to ctx->errors (which rejects the whole mail).  Mail to other people
 * (press, draw offers, the end of the game) goes to their registered
 * addresses, one mail each: nobody's address is ever shown to anybody. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailproc-int.h"
#include "map.h"
#include "password.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* --- STATUS -------------------------------------------------------------- */

struct status_sets {
	struct buf	 in;		/* " id " of players with a set */
	struct buf	 empty;		/* " id " of cleared sets */
};

static int
status_set_cb(const struct store_orders *o, void *arg)
{
	struct status_sets	*s = arg;

	buf_printf(o->normalised[0] != '\0' ? &s->in : &s->empty, " %s ",
	    o->player);
	return 0;
}

static int
mark_cb(const char *who, void *arg)
{
	struct buf	*b = arg;

	buf_printf(b, "%s%s", b->len > 0 ? ", " : "", who);
	return 0;
}

void
mp_status(struct mp_ctx *ctx)
{
	struct status_sets	 s = { BUF_INIT, BUF_INIT };
	struct buf		 draws = BUF_INIT, one = BUF_INIT;
	const struct play_player *p;
	char			*cause = NULL;
	size_t			 i;

	mp_check(ctx, store_orders_in_force(ctx->mp->store, ctx->g->id,
	    ctx->turn, status_set_cb, &s, &cause), cause);
	mp_check(ctx, store_mark_list(ctx->mp->store, ctx->g->id, ctx->turn,
	    "draw", mark_cb, &draws, &cause), cause);
	buf_printf(&ctx->reply, "STATUS: game %s%s%s%s, turn %d, %s.\n",
	    ctx->g->id, ctx->pg.st->title != NULL ? " (" : "",
	    ctx->pg.st->title != NULL ? ctx->pg.st->title : "",
	    ctx->pg.st->title != NULL ? ")" : "", ctx->turn,
	    store_game_status_name(ctx->g->status));
	buf_adds(&ctx->reply, "Deadline: ");
	mp_when(ctx->g->deadline, &ctx->reply);
	buf_adds(&ctx->reply, "\nOrders for this turn:\n");
	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed)
			continue;
		buf_printf(&one, " %s ", p->id);
		buf_printf(&ctx->reply, "  %s (side %s): %s", p->id, p->side,
		    strstr(buf_str(&s.in), buf_str(&one)) != NULL ? "in" :
		    strstr(buf_str(&s.empty), buf_str(&one)) != NULL ?
		    "cleared" : p->expected ? "not yet" : "no ships to order");
		/* Only the GM sees the counts. */
		if (ctx->is_gm)
			buf_printf(&ctx->reply, "; missed %d turn(s), %d "
			    "bounce(s)", p->missed, p->bounces);
		buf_addc(&ctx->reply, '\n');
		buf_reset(&one);
	}
	if (draws.len > 0)
		buf_printf(&ctx->reply, "Draw offered this turn by: %s\n",
		    buf_str(&draws));
	buf_addc(&ctx->reply, '\n');
	buf_free(&s.in);
	buf_free(&s.empty);
	buf_free(&draws);
	buf_free(&one);
}

/* --- mail to others ------------------------------------------------------ */

static int
observer_cb(const char *address, void *arg)
{
	struct buf	*b = arg;

	buf_adds(b, address);
	buf_addc(b, '\n');
	return 0;
}

/* Every active player but the sender, the GM and the observers: one
 * mail each. */
static int
notify_all(struct mp_ctx *ctx, const char *subject, const char *body)
{
	struct buf	 obs = BUF_INIT;
	const char	*gm = mp_gm_address(ctx), *p, *nl;
	char		*cause = NULL, *to;
	size_t		 i;

	for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
		if (!ctx->roster.p[i].removed && (ctx->player == NULL ||
		    strcmp(ctx->roster.p[i].id, ctx->player->id) != 0))
			mp_queue(ctx, ctx->roster.p[i].address, subject, body,
			    MAILPROC_AUTO_GENERATED);
	if (gm != NULL && !ctx->is_gm)
		mp_queue(ctx, gm, subject, body, MAILPROC_AUTO_GENERATED);
	mp_check(ctx, store_observer_list(ctx->mp->store, ctx->g->id,
	    observer_cb, &obs, &cause), cause);
	for (p = buf_str(&obs); !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		mp_queue(ctx, to, subject, body, MAILPROC_AUTO_GENERATED);
		free(to);
	}
	buf_free(&obs);
	return ctx->failed ? -1 : 0;
}

/* --- PRESS --------------------------------------------------------------- */

static void
press_targets(struct mp_ctx *ctx, struct buf *b)
{
	size_t	i;

	buf_adds(b, "ALL");
	for (i = 0; i < ctx->pg.st->nsides; i++)
		buf_printf(b, ", %s", ctx->pg.st->sides[i].id);
	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    state_side_index(ctx->pg.st, ctx->roster.p[i].id) < 0)
			buf_printf(b, ", %s", ctx->roster.p[i].id);
}

static int
cmd_press(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	const struct play_player *p;
	struct buf	 b = BUF_INIT, to = BUF_INIT, body = BUF_INIT;
	const char	*t;
	char		*subject;
	size_t		 i, n = 0;
	int		 all, side;

	if (c->argc != 2 || strcasecmp(c->argv[0], "TO") != 0) {
		press_targets(ctx, &b);
		mp_error(ctx, c->line, "'%s': write PRESS TO and one of: %s",
		    c->text, buf_str(&b));
		buf_free(&b);
		return 0;
	}
	if (c->press == NULL)
		return 0;	/* the scan reported the missing END PRESS */
	t = c->argv[1];
	all = strcasecmp(t, "ALL") == 0;
	side = state_side_index(ctx->pg.st, t);
	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed || strcmp(p->id, ctx->player->id) == 0)
			continue;
		if (all || (side >= 0 && strcasecmp(p->side, t) == 0) ||
		    (side < 0 && strcasecmp(p->id, t) == 0))
			buf_printf(&to, "%s\n", p->address);
	}
	if (to.len == 0 && !all && side < 0) {
		press_targets(ctx, &b);
		mp_error(ctx, c->line, "PRESS TO %s: no side or player %s in "
		    "game %s; legal: %s", t, t, ctx->g->id, buf_str(&b));
		goto out;
	}
	buf_printf(&body, "Press from side %s (player %s) to %s, turn %d:\n\n"
	    "%s\n-- \nRelayed by the game's daemon: addresses are never shown."
	    " Answer with PRESS TO %s in a mail to the game.\n",
	    ctx->player->side, ctx->player->id, all ? "all players" : t,
	    ctx->turn, c->press, ctx->player->side);
	subject = xasprintf("Press from %s", ctx->player->side);
	for (t = buf_str(&to); *t != '\0' && !ctx->failed; t = strchr(t, '\n')
	    + 1) {
		buf_reset(&b);
		buf_add(&b, t, strcspn(t, "\n"));
		mp_queue(ctx, buf_str(&b), subject, buf_str(&body),
		    MAILPROC_AUTO_GENERATED);
		n++;
	}
	free(subject);
	buf_printf(&ctx->reply, "PRESS TO %s: relayed to %zu player(s), "
	    "signed with your side (%s); no address was shown.\n\n",
	    c->argv[1], n, ctx->player->side);
out:
	buf_free(&b);
	buf_free(&to);
	buf_free(&body);
	return ctx->failed ? -1 : 0;
}

/* --- DRAW and CONCEDE ---------------------------------------------------- */

static size_t
marked(struct mp_ctx *ctx, const char *kind, struct buf *who)
{
	char	*cause = NULL;
	size_t	 i, n = 0;

	mp_check(ctx, store_mark_list(ctx->mp->store, ctx->g->id, ctx->turn,
	    kind, mark_cb, who, &cause), cause);
	for (i = 0; i < ctx->pg.st->nsides; i++)
		if (strstr(buf_str(who), ctx->pg.st->sides[i].id) != NULL)
			n++;
	return n;
}

static int
mark(struct mp_ctx *ctx, const char *kind, int *again)
{
	char	*cause = NULL;
	int	 code;

	code = store_mark_add(ctx->mp->store, ctx->g->id, ctx->turn, kind,
	    ctx->player->side, ctx->now, &cause);
	*again = code == STORE_EXISTS;
	if (*again) {
		free(cause);
		return 0;
	}
	return mp_check(ctx, code, cause);
}

static int
cmd_draw(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 who = BUF_INIT, body = BUF_INIT;
	char		*reason;
	int		 again;

	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "DRAW: game %s has ended", ctx->g->id);
		return 0;
	}
	if (mark(ctx, "draw", &again) != 0)
		return -1;
	if (marked(ctx, "draw", &who) == ctx->pg.st->nsides) {
		reason = xasprintf("drawn by agreement of every side on turn "
		    "%d", ctx->turn);
		if (mp_end_game(ctx, -1, reason) == 0) {
			buf_printf(&body, "Game %s is over: %s (%s).\n",
			    ctx->g->id, "drawn", reason);
			notify_all(ctx, "The game is drawn", buf_str(&body));
			buf_printf(&ctx->reply, "DRAW: every side offered a "
			    "draw this turn: the game is drawn.\n\n");
		}
		free(reason);
	} else if (!again) {
		buf_printf(&body, "Side %s offers a draw on turn %d of game %s."
		    " Sides that offered so far: %s. The game is drawn when "
		    "every side offers one in the same turn: send DRAW to "
		    "accept; the offer lapses when the turn is played.\n",
		    ctx->player->side, ctx->turn, ctx->g->id, buf_str(&who));
		notify_all(ctx, "Draw offer", buf_str(&body));
		buf_printf(&ctx->reply, "DRAW: your side's offer is made and "
		    "sent to the other players; so far: %s.\n\n",
		    buf_str(&who));
	} else
		buf_printf(&ctx->reply, "DRAW: your side already offered a "
		    "draw this turn; so far: %s.\n\n", buf_str(&who));
	buf_free(&who);
	buf_free(&body);
	return ctx->failed ? -1 : 0;
}

static int
cmd_concede(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 who = BUF_INIT, body = BUF_INIT;
	char		*reason = NULL;
	size_t		 i;
	int		 again, winner = -1, left = 0;

	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "CONCEDE: game %s has ended",
		    ctx->g->id);
		return 0;
	}
	if (mark(ctx, "concede", &again) != 0)
		return -1;
	(void)marked(ctx, "concede", &who);
	for (i = 0; i < ctx->pg.st->nsides; i++)
		if (strstr(buf_str(&who), ctx->pg.st->sides[i].id) == NULL) {
			winner = (int)i;
			left++;
		}
	if (left <= 1) {
		reason = xasprintf("%s conceded on turn %d", ctx->player->side,
		    ctx->turn);
		if (mp_end_game(ctx, left == 1 ? winner : -1, reason) == 0)
			buf_printf(&body, "Game %s is over: side %s concedes, "
			    "%s%s.\n", ctx->g->id, ctx->player->side,
			    left == 1 ? "the winner is " : "no side is left",
			    left == 1 ? ctx->pg.st->sides[winner].id : "");
	} else
		buf_printf(&body, "Side %s concedes game %s on turn %d; the "
		    "GM decides what becomes of its ships.\n",
		    ctx->player->side, ctx->g->id, ctx->turn);
	if (!ctx->failed)
		notify_all(ctx, "Concession", buf_str(&body));
	buf_printf(&ctx->reply, "CONCEDE: %s", buf_str(&body));
	buf_addc(&ctx->reply, '\n');
	free(reason);
	buf_free(&who);
	buf_free(&body);
	return ctx->failed ? -1 : 0;
}

/* --- ASSIGN, PASSWORD NEW, RESEND, MAP, ORDERS --------------------------- */

static int
cmd_assign(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	const struct play_player *p;
	const char	*ships[1];
	char		*cause = NULL, *details;
	int		 k;

	if (c->argc != 4 || strcasecmp(c->argv[0], "SHIP") != 0 ||
	    strcasecmp(c->argv[2], "TO") != 0) {
		mp_error(ctx, c->line, "'%s': write ASSIGN SHIP ship TO player",
		    c->text);
		return 0;
	}
	if (!ctx->player->admiral) {
		mp_error(ctx, c->line, "'%s': only the admiral of side %s may "
		    "assign ships", c->text, ctx->player->side);
		return 0;
	}
	k = state_ship_index(ctx->pg.st, c->argv[1]);
	if (k < 0 || strcmp(ctx->pg.st->sides[ctx->pg.st->ships[k].side].id,
	    ctx->player->side) != 0) {
		mp_error(ctx, c->line, "'%s': %s is no ship of side %s",
		    c->text, c->argv[1], ctx->player->side);
		return 0;
	}
	p = play_roster_find(&ctx->roster, c->argv[2 + 1]);
	if (p == NULL || p->removed || strcmp(p->side, ctx->player->side) !=
	    0) {
		mp_error(ctx, c->line, "'%s': %s is no player of side %s",
		    c->text, c->argv[3], ctx->player->side);
		return 0;
	}
	ships[0] = ctx->pg.st->ships[k].id;
	details = xasprintf("%s to %s", ships[0], p->id);
	if (mp_check(ctx, store_player_assign_ships(ctx->mp->store,
	    ctx->g->id, p->id, ships, 1, &cause), cause) == 0 &&
	    mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "assign", details, &cause), cause) == 0)
		buf_printf(&ctx->reply, "ASSIGN: %s now takes the orders of "
		    "%s, from the next mail on.\n\n", p->id, ships[0]);
	free(details);
	return ctx->failed ? -1 : 0;
}

static int
cmd_password(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	char	*hash = NULL, *cause = NULL;

	if (c->argc != 1) {
		mp_error(ctx, c->line, "PASSWORD NEW: no new password given; "
		    "write PASSWORD NEW and the new password");
		return 0;
	}
	if (password_hash(c->argv[0], ctx->mp->hash_cost, &hash, &cause) !=
	    0) {
		mp_error(ctx, c->line, "PASSWORD NEW: %s", cause);
		free(cause);
		return 0;
	}
	if (mp_check(ctx, store_player_set_password(ctx->mp->store,
	    ctx->g->id, ctx->player->id, hash, &cause), cause) == 0 &&
	    mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "password-change", ctx->player->id,
	    &cause), cause) == 0)
		buf_adds(&ctx->reply, "PASSWORD NEW: your password is changed; "
		    "write the new one in your next mail. (It is not repeated "
		    "here.)\n\n");
	free(hash);
	return ctx->failed ? -1 : 0;
}

static int
cmd_resend(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct mp_report rep;
	char		*cause = NULL, *subject;

	memset(&rep, 0, sizeof rep);
	if (ctx->turn <= 1 || mp_report(ctx, ctx->turn - 1,
	    ctx->player->side, &rep, &cause) != 0) {
		mp_error(ctx, c->line, "RESEND: no turn of game %s has been "
		    "played yet, so there is no report", ctx->g->id);
		free(cause);
		return 0;
	}
	subject = xasprintf("Turn %d report (again)", ctx->turn - 1);
	if (mp_queue_report(ctx, ctx->player->address, subject, rep.text,
	    &rep) == 0)
		buf_printf(&ctx->reply, "RESEND: the report of turn %d comes "
		    "again in a mail of its own.\n\n", ctx->turn - 1);
	free(subject);
	mp_report_free(&rep);
	return ctx->failed ? -1 : 0;
}

static void
cmd_map(struct mp_ctx *ctx)
{
	struct map_opts	mo = MAP_OPTS_INIT;

	if (!ctx->is_gm)
		mo.side = state_side_index(ctx->pg.st, ctx->player->side);
	buf_printf(&ctx->reply, "MAP: the map at the start of turn %d:\n\n",
	    ctx->turn);
	map_render(ctx->pg.st, &mo, &ctx->reply);
	buf_addc(&ctx->reply, '\n');
}

static void
cmd_orders(struct mp_ctx *ctx)
{
	char	*in = mp_orders_in_force(ctx);

	buf_printf(&ctx->reply, "ORDERS: your orders in force for turn %d:\n",
	    ctx->turn);
	if (*in == '\0')
		buf_adds(&ctx->reply, "  none: your ships take the default "
		    "order (straight on)\n");
	else
		mp_indent(&ctx->reply, in, "  ");
	buf_addc(&ctx->reply, '\n');
	free(in);
}

int
mp_cmd_player(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	switch (c->kind) {
	case MP_CMD_HELP:
		buf_adds(&ctx->reply, "HELP:\n");
		mp_help(&ctx->reply, 0);
		buf_addc(&ctx->reply, '\n');
		return 0;
	case MP_CMD_STATUS:
		mp_status(ctx);
		return ctx->failed ? -1 : 0;
	case MP_CMD_MAP:
		cmd_map(ctx);
		return 0;
	case MP_CMD_ORDERS:
		cmd_orders(ctx);
		return ctx->failed ? -1 : 0;
	case MP_CMD_CLEAR:
		return mp_orders_clear(ctx);
	case MP_CMD_RESEND:
		return cmd_resend(ctx, c);
	case MP_CMD_PASSWORD_NEW:
		return cmd_password(ctx, c);
	case MP_CMD_PRESS:
		return cmd_press(ctx, c);
	case MP_CMD_DRAW:
		return cmd_draw(ctx, c);
	case MP_CMD_CONCEDE:
		return cmd_concede(ctx, c);
	case MP_CMD_ASSIGN:
		return cmd_assign(ctx, c);
	default:
		mp_error(ctx, c->line, "'%s': that is the GM's command; a GM "
		    "mail has a line GM and the GM's password", c->text);
		return 0;
	}
}

void
mp_map_all(struct mp_ctx *ctx)
{
	cmd_map(ctx);
}
