/* mailproc-cmd.c: the players' mail commands (docs/mail-commands.md).
 *
 * Each command adds its part to the answer (mp_part), or an error
 * to ctx->errors (which rejects the whole mail).  Mail to other people
 * (press, draw offers, the end of the game) goes to their registered
 * addresses, one mail each: nobody's address is ever shown to anybody. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "map.h"
#include "password.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

static void	cmd_map(struct mp_ctx *);

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
	xmlNodePtr		 st = mp_part(ctx, "status"), n;
	char			*cause = NULL;
	size_t			 i;

	mp_check(ctx, store_orders_in_force(ctx->mp->store, ctx->g->id,
	    ctx->turn, status_set_cb, &s, &cause), &cause);
	mp_check(ctx, store_mark_list_upto(ctx->mp->store, ctx->g->id,
	    ctx->turn, "draw", mark_cb, &draws, &cause), &cause);
	md_set(st, "status", store_game_status_name(ctx->g->status));
	mp_set_when(st, "deadline", ctx->g->deadline);
	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed)
			continue;
		buf_printf(&one, " %s ", p->id);
		n = md_add(st, "player", NULL);
		md_set(n, "id", p->id);
		md_set(n, "side", p->side);
		md_set(n, "orders", strstr(buf_str(&s.in), buf_str(&one)) !=
		    NULL ? "in" : strstr(buf_str(&s.empty), buf_str(&one)) !=
		    NULL ? "cleared" : p->expected ? "not-yet" : p->conceded ?
		    "conceded" : "no-ships");
		/* Only the GM sees the counts. */
		if (ctx->is_gm) {
			md_set_int(n, "missed", p->missed);
			md_set_int(n, "bounces", p->bounces);
			if (mp_absent(ctx, p))
				mp_set_when(n, "absent-until",
				    p->absent_until);
		}
		buf_reset(&one);
	}
	if (draws.len > 0)
		md_set(st, "draw-offered-by", buf_str(&draws));
	buf_free(&s.in);
	buf_free(&s.empty);
	buf_free(&draws);
	buf_free(&one);
}

/* --- mail to others ------------------------------------------------------ */

/* Every active player but the sender, the GM and the observers: one
 * mail each, worded once. */
static int
notify_all(struct mp_ctx *ctx, xmlDocPtr doc)
{
	struct buf	 obs = BUF_INIT, body = BUF_INIT;
	const char	*gm = mp_gm_address(ctx), *p, *nl;
	char		*to, *subject = NULL;
	size_t		 i;

	if (mp_word(ctx, doc, &subject, &body) != 0)
		goto out;
	for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
		if (!ctx->roster.p[i].removed && (ctx->player == NULL ||
		    strcmp(ctx->roster.p[i].id, ctx->player->id) != 0))
			mp_queue(ctx, ctx->roster.p[i].address, subject,
			    buf_str(&body), MAILPROC_AUTO_GENERATED);
	if (gm != NULL && !ctx->is_gm)
		mp_queue(ctx, gm, subject, buf_str(&body),
		    MAILPROC_AUTO_GENERATED);
	mp_observers(ctx, &obs);
	for (p = buf_str(&obs); !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		mp_queue(ctx, to, subject, buf_str(&body),
		    MAILPROC_AUTO_GENERATED);
		free(to);
	}
out:
	free(subject);
	buf_free(&obs);
	buf_free(&body);
	return ctx->failed ? -1 : 0;
}

/* --- PRESS --------------------------------------------------------------- */

/* Whom a PRESS line may name: a player, ALL (the other players), a side,
 * a player or GM; the GM, ALL (every player and the observers: an
 * announcement), a side or a player; an observer, GM alone. */
static void
press_targets(struct mp_ctx *ctx, struct buf *b)
{
	size_t	i;

	if (ctx->observer != NULL) {
		buf_adds(b, "GM");
		return;
	}
	buf_adds(b, "ALL");
	for (i = 0; i < ctx->pg.st->nsides; i++)
		buf_printf(b, ", %s", ctx->pg.st->sides[i].id);
	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    state_side_index(ctx->pg.st, ctx->roster.p[i].id) < 0)
			buf_printf(b, ", %s", ctx->roster.p[i].id);
	if (!ctx->is_gm)
		buf_adds(b, ", GM");
}

/* The addresses press to t goes to, one a line, into to; *kind says
 * what t is (all, side, player, gm).  0, or -1 when t names nobody. */
static int
press_to(struct mp_ctx *ctx, const char *t, struct buf *to,
    const char **kind)
{
	const struct play_player *p;
	const char	*gm = mp_gm_address(ctx);
	size_t		 i;
	int		 all, side;

	if (strcasecmp(t, "GM") == 0 && !ctx->is_gm) {
		*kind = "gm";
		if (gm == NULL)
			return -1;
		buf_printf(to, "%s\n", gm);
		return 0;
	}
	if (ctx->observer != NULL)
		return -1;
	all = strcasecmp(t, "ALL") == 0;
	side = state_side_index(ctx->pg.st, t);
	*kind = all ? "all" : side >= 0 ? "side" : "player";
	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed || (ctx->player != NULL && strcmp(p->id,
		    ctx->player->id) == 0))
			continue;
		if (all || (side >= 0 && strcasecmp(p->side, t) == 0) ||
		    (side < 0 && strcasecmp(p->id, t) == 0))
			buf_printf(to, "%s\n", p->address);
	}
	/* The GM's announcement reaches the observers too. */
	if (all && ctx->is_gm)
		mp_observers(ctx, to);
	return to->len == 0 && !all && side < 0 ? -1 : 0;
}

static int
cmd_press(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 b = BUF_INIT, to = BUF_INIT, body = BUF_INIT;
	const char	*t, *kind = NULL;
	char		*subject = NULL;
	xmlDocPtr	 doc;
	xmlNodePtr	 root, part;
	size_t		 n = 0;

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
	if (press_to(ctx, t, &to, &kind) != 0) {
		press_targets(ctx, &b);
		if (kind != NULL && strcmp(kind, "gm") == 0)
			mp_error(ctx, c->line, "PRESS TO GM: game %s has no GM "
			    "address to relay it to; %s", ctx->g->id,
			    ctx->observer != NULL ? "an observer's press goes "
			    "to the GM only, so none can be sent in this game" :
			    "write PRESS TO ALL, a side or a player instead");
		else if (ctx->observer != NULL)
			mp_error(ctx, c->line, "PRESS TO %s: an observer writes "
			    "to the GM alone in game %s; legal: %s", t,
			    ctx->g->id, buf_str(&b));
		else
			mp_error(ctx, c->line, "PRESS TO %s: no side or player "
			    "%s in game %s; legal: %s", t, t, ctx->g->id,
			    buf_str(&b));
		goto out;
	}
	doc = mp_doc(ctx, "press");
	root = maildoc_root(doc);
	md_set(root, "from-kind", ctx->is_gm ? "gm" : ctx->observer != NULL ?
	    "observer" : "player");
	if (ctx->player != NULL) {
		md_set(root, "from-side", ctx->player->side);
		md_set(root, "from-player", ctx->player->id);
	}
	md_set(root, "to", strcmp(kind, "all") == 0 ? "ALL" :
	    strcmp(kind, "gm") == 0 ? "GM" : t);
	md_set(root, "to-kind", kind);
	md_lines(md_add(root, "message", NULL), "line", c->press);
	if (mp_word(ctx, doc, &subject, &body) == 0)
		for (t = buf_str(&to); *t != '\0' && !ctx->failed;
		    t = strchr(t, '\n') + 1) {
			buf_reset(&b);
			buf_add(&b, t, strcspn(t, "\n"));
			mp_queue(ctx, buf_str(&b), subject, buf_str(&body),
			    MAILPROC_AUTO_GENERATED);
			n++;
		}
	free(subject);
	xmlFreeDoc(doc);
	part = mp_part(ctx, "press");
	md_set(part, "to", c->argv[1]);
	md_set(part, "to-kind", kind);
	md_set(part, "from-kind", ctx->is_gm ? "gm" : ctx->observer != NULL ?
	    "observer" : "player");
	md_set_int(part, "count", (long)n);
out:
	buf_free(&b);
	buf_free(&to);
	buf_free(&body);
	return ctx->failed ? -1 : 0;
}

int
mp_cmd_shared(struct mp_ctx *ctx, const struct mp_cmd *c, int *rc)
{
	*rc = 0;
	switch (c->kind) {
	case MP_CMD_HELP:
		*rc = mp_cmd_help(ctx, c);
		return 1;
	case MP_CMD_STATUS:
		mp_status(ctx);
		break;
	case MP_CMD_MAP:
		cmd_map(ctx);
		break;
	case MP_CMD_PRESS:
		*rc = cmd_press(ctx, c);
		return 1;
	default:
		return 0;
	}
	*rc = ctx->failed ? -1 : 0;
	return 1;
}

int
mp_cmd_observer(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	b = BUF_INIT;
	int		rc;

	if (mp_cmd_shared(ctx, c, &rc))
		return rc;
	mp_command_names(&b, MP_WHO_OBSERVER);
	mp_error(ctx, c->line, "'%s': an observer may send only %s (PRESS TO "
	    "GM)", c->text, buf_str(&b));
	buf_free(&b);
	return 0;
}

/* --- DRAW and CONCEDE ---------------------------------------------------- */

/* " id " of every side that conceded so far (a concession stands:
 * marks of every turn up to this one), or that offered a draw this
 * turn. */
static void
conceded(struct mp_ctx *ctx, struct buf *who)
{
	char	*cause = NULL;

	mp_check(ctx, store_mark_list_upto(ctx->mp->store, ctx->g->id,
	    ctx->turn, "concede", mark_cb, who, &cause), &cause);
}

static int
listed(const struct buf *who, const char *id)
{
	const char	*p = buf_str(who);
	size_t		 n = strlen(id);

	/* mark_cb joins with ", ". */
	for (; (p = strstr(p, id)) != NULL; p += n)
		if ((p == buf_str(who) || p[-1] == ' ') && (p[n] == '\0' ||
		    p[n] == ','))
			return 1;
	return 0;
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
	return mp_check(ctx, code, &cause);
}

/* A notice to everybody else of an offer or a concession; the end of the
 * game is told by the final mail (the notice "ended"). */
static void
notice(struct mp_ctx *ctx, const char *kind, const char *side,
    const char *offered, const char *needed)
{
	xmlDocPtr	doc = mp_doc(ctx, kind);
	xmlNodePtr	root = maildoc_root(doc);

	md_set(root, "side", side);
	md_set(root, "offered-by", offered);
	md_set(root, "needed", needed);
	notify_all(ctx, doc);
	xmlFreeDoc(doc);
}

/* 1 (with the error) when the game has ended, or when the player may
 * not speak for the whole side: a concession or a draw is the admiral's,
 * or the side's only player's (docs/mail-commands.md, "Authority"). */
static int
refuse_for_side(struct mp_ctx *ctx, const struct mp_cmd *c, const char *what)
{
	const struct play_player *me = play_roster_find(&ctx->roster,
	    ctx->player->id);

	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "%s: game %s has ended, so there is "
		    "nothing to %s; STATUS, RESEND and PRESS are still "
		    "taken", what, ctx->g->id, strcmp(what, "DRAW") == 0 ?
		    "draw" : "concede");
		return 1;
	}
	if (ctx->player->admiral || (me != NULL && me->sole))
		return 0;
	mp_error(ctx, c->line, "%s: only the admiral of side %s may %s for "
	    "the side; ask your admiral (PRESS TO %s), or the GM", what,
	    ctx->player->side, strcmp(what, "DRAW") == 0 ? "offer a draw" :
	    "concede", ctx->player->side);
	return 1;
}

/* The sides still in the game (not in gone), as needed for a draw. */
static void
draw_needed(struct mp_ctx *ctx, const struct buf *gone, struct buf *needed)
{
	size_t	i;

	for (i = 0; i < ctx->pg.st->nsides; i++)
		if (!listed(gone, ctx->pg.st->sides[i].id))
			buf_printf(needed, "%s%s", needed->len > 0 ? ", " : "",
			    ctx->pg.st->sides[i].id);
}

/* DRAW WITHDRAW: the side's standing offer taken back, and everybody
 * else told, as they were told of the offer. */
static void
draw_withdraw(struct mp_ctx *ctx, const struct mp_cmd *c, struct buf *who,
    const struct buf *gone)
{
	struct buf	 needed = BUF_INIT;
	char		*cause = NULL;

	if (!listed(who, ctx->player->side)) {
		mp_error(ctx, c->line, "DRAW WITHDRAW: side %s has no draw offer "
		    "standing; DRAW offers one", ctx->player->side);
		return;
	}
	if (mp_check(ctx, store_mark_remove(ctx->mp->store, ctx->g->id,
	    "draw", ctx->player->side, &cause), &cause) != 0)
		return;
	buf_reset(who);
	if (mp_check(ctx, store_mark_list_upto(ctx->mp->store, ctx->g->id,
	    ctx->turn, "draw", mark_cb, who, &cause), &cause) != 0)
		return;
	draw_needed(ctx, gone, &needed);
	notice(ctx, "draw-withdrawn", ctx->player->side, who->len > 0 ?
	    buf_str(who) : NULL, buf_str(&needed));
	if (!ctx->failed)
		md_set(mp_part(ctx, "draw"), "state", "withdrawn");
	buf_free(&needed);
}

/* A side's draw offer stands, turn after turn, until it withdraws it
 * (DRAW WITHDRAW); the game is drawn when every side still in it has an
 * offer standing. */
static int
cmd_draw(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 who = BUF_INIT, gone = BUF_INIT, needed = BUF_INIT;
	xmlNodePtr	 part;
	char		*reason, *cause = NULL;
	size_t		 i, missing = 0;
	int		 again, dummy;

	if (c->argc > 1 || (c->argc == 1 &&
	    strcasecmp(c->argv[0], "WITHDRAW") != 0)) {
		mp_error(ctx, c->line, "'%s': write DRAW to offer a draw, or "
		    "DRAW WITHDRAW to take your side's offer back", c->text);
		return 0;
	}
	if (refuse_for_side(ctx, c, "DRAW"))
		return 0;
	conceded(ctx, &gone);
	if (listed(&gone, ctx->player->side)) {
		mp_error(ctx, c->line, "DRAW: side %s conceded the game, so it "
		    "has no say in a draw; nothing more is asked of it",
		    ctx->player->side);
		goto out;
	}
	if (mp_check(ctx, store_mark_list_upto(ctx->mp->store, ctx->g->id,
	    ctx->turn, "draw", mark_cb, &who, &cause), &cause) != 0)
		goto out;
	if (c->argc == 1) {
		draw_withdraw(ctx, c, &who, &gone);
		goto out;
	}
	again = listed(&who, ctx->player->side);
	if (!again) {
		if (mark(ctx, "draw", &dummy) != 0)
			goto out;
		buf_reset(&who);
		mp_check(ctx, store_mark_list_upto(ctx->mp->store, ctx->g->id,
		    ctx->turn, "draw", mark_cb, &who, &cause), &cause);
	}
	/* Every side still in the game must have an offer standing. */
	draw_needed(ctx, &gone, &needed);
	for (i = 0; i < ctx->pg.st->nsides; i++)
		missing += !listed(&gone, ctx->pg.st->sides[i].id) &&
		    !listed(&who, ctx->pg.st->sides[i].id);
	part = mp_part(ctx, "draw");
	if (ctx->failed)
		goto out;
	if (missing == 0) {
		reason = xasprintf("drawn by agreement of every side on turn "
		    "%d", ctx->turn);
		if (mp_end_game(ctx, PLAY_END_DRAWN, -1, reason) == 0)
			md_set(part, "state", "drawn");
		free(reason);
	} else if (!again) {
		notice(ctx, "draw-offer", ctx->player->side, buf_str(&who),
		    buf_str(&needed));
		md_set(part, "state", "offered");
	} else
		md_set(part, "state", "again");
	md_set(part, "offered-by", buf_str(&who));
	md_set(part, "needed", buf_str(&needed));
out:
	buf_free(&who);
	buf_free(&gone);
	buf_free(&needed);
	return ctx->failed ? -1 : 0;
}

static int
cmd_concede(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 gone = BUF_INIT;
	xmlNodePtr	 part;
	const char	*w = NULL;
	char		*reason = NULL;
	size_t		 i;
	int		 again, winner = -1, left = 0, before;

	if (refuse_for_side(ctx, c, "CONCEDE"))
		return 0;
	conceded(ctx, &gone);
	before = listed(&gone, ctx->player->side);
	if (before) {
		mp_error(ctx, c->line, "CONCEDE: side %s conceded already: it "
		    "is out of the game and nothing more is asked of it; "
		    "STATUS, RESEND and PRESS are still taken",
		    ctx->player->side);
		goto out;
	}
	if (mark(ctx, "concede", &again) != 0)
		goto out;
	buf_printf(&gone, "%s%s", gone.len > 0 ? ", " : "",
	    ctx->player->side);
	for (i = 0; i < ctx->pg.st->nsides; i++)
		if (!listed(&gone, ctx->pg.st->sides[i].id)) {
			winner = (int)i;
			left++;
		}
	if (left <= 1) {
		reason = xasprintf("%s conceded on turn %d", ctx->player->side,
		    ctx->turn);
		w = left == 1 ? ctx->pg.st->sides[winner].id : NULL;
		(void)mp_end_game(ctx, PLAY_END_CONCEDED, left == 1 ? winner :
		    -1, reason);
	} else if (!before)
		notice(ctx, "concession", ctx->player->side, NULL, NULL);
	part = mp_part(ctx, "concede");
	md_set(part, "ended", left <= 1 ? "yes" : "no");
	md_set(part, "again", before ? "yes" : "no");
	md_set(part, "winner", w);
out:
	free(reason);
	buf_free(&gone);
	return ctx->failed ? -1 : 0;
}

/* --- PASSWORD NEW, RESEND, MAP, ORDERS ------------------------------------ */

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
	    ctx->g->id, ctx->player->id, hash, &cause), &cause) == 0 &&
	    mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "password-change", ctx->player->id,
	    &cause), &cause) == 0)
		(void)mp_part(ctx, "password-changed");
	free(hash);
	return ctx->failed ? -1 : 0;
}

static int
cmd_resend(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	char		*cause = NULL;
	xmlNodePtr	 n;
	int		 full = c->argc == 1 && strcasecmp(c->argv[0],
			    "FULL") == 0;

	if (c->argc > 0 && !full) {
		mp_error(ctx, c->line, "'%s': RESEND takes nothing (the last "
		    "turn's report again) or FULL (with your side's whole "
		    "story)", c->text);
		return 0;
	}
	if (ctx->turn <= 1) {
		mp_error(ctx, c->line, "RESEND: no turn of game %s has been "
		    "played yet, so there is no report; the first comes when "
		    "turn 1 is played (STATUS shows when) and RESEND sends "
		    "the last one again", ctx->g->id);
		return 0;
	}
	/* The turn was played, so its report can be made: a failure is
	 * ours (a template, the store), not the player's. */
	if (mp_resend(ctx, ctx->turn - 1, ctx->player->side,
	    ctx->player->id, ctx->player->address, full, &cause) != 0) {
		if (cause != NULL) {
			mp_fail(ctx, "RESEND: the report of turn %d of game "
			    "%s: %s", ctx->turn - 1, ctx->g->id, cause);
			ctx->temporary = 1;
			free(cause);
		}
		return -1;
	}
	n = mp_part(ctx, "resend");
	md_set_int(n, "turn", ctx->turn - 1);
	if (full)
		md_set(n, "full", "yes");
	return ctx->failed ? -1 : 0;
}

static void
cmd_map(struct mp_ctx *ctx)
{
	struct map_opts	 mo = MAP_OPTS_INIT;
	struct buf	 b = BUF_INIT;
	unsigned char	*ship_vis, *wreck_vis;

	/* A player sees the map as the side's last report drew it: under
	 * fog of war, only what the side's ships see; the GM and observers
	 * the whole map, as their reports. */
	report_fog_map(ctx->pg.st, ctx->player == NULL ? -1 :
	    state_side_index(ctx->pg.st, ctx->player->side), &mo, &ship_vis,
	    &wreck_vis);
	map_render(ctx->pg.st, &mo, &b);
	md_lines(mp_part(ctx, "map"), "line", buf_str(&b));
	free(ship_vis);
	free(wreck_vis);
	buf_free(&b);
}

static int
ahead_cb(const struct store_ahead *a, void *arg)
{
	xmlNodePtr	n = md_add(arg, "sent-ahead", NULL);

	md_set_int(n, "for", a->turn);
	mp_set_when(n, "received", a->received);
	md_lines(n, "line", a->text);
	return 0;
}

/* ORDERS: the orders in force for the open turn, then the player's own
 * sent ahead for later turns (ORDERS FOR TURN n) still pending. */
static void
cmd_orders(struct mp_ctx *ctx)
{
	char		*in = mp_orders_in_force(ctx), *cause = NULL;
	xmlNodePtr	 n = mp_part(ctx, "orders");

	md_lines(n, "line", in);
	free(in);
	if (ctx->player != NULL)
		(void)mp_check(ctx, store_ahead_pending(ctx->mp->store,
		    ctx->g->id, ctx->player->id, ahead_cb, n, &cause), &cause);
}

int
mp_cmd_player(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	int	rc;

	if (mp_cmd_shared(ctx, c, &rc))
		return rc;
	switch (c->kind) {
	case MP_CMD_ORDERS:
		/* ORDERS FOR TURN n marks the mail's orders (mailproc.c). */
		if (c->argc == 0)
			cmd_orders(ctx);
		return ctx->failed ? -1 : 0;
	case MP_CMD_CLEAR:
		return mp_orders_clear(ctx);
	case MP_CMD_RESEND:
		return cmd_resend(ctx, c);
	case MP_CMD_PASSWORD_NEW:
		return cmd_password(ctx, c);
	case MP_CMD_DRAW:
		return cmd_draw(ctx, c);
	case MP_CMD_CONCEDE:
		return cmd_concede(ctx, c);
	case MP_CMD_ASSIGN:
		return mp_cmd_assign(ctx, c);
	case MP_CMD_DIRECTIVE:
		return mp_cmd_directive(ctx, c);
	case MP_CMD_PREVIEW:
		return mp_cmd_preview_side(ctx, c);
	case MP_CMD_SET:
		return mp_cmd_set(ctx, c);
	case MP_CMD_ABSENT:
		return mp_cmd_absent(ctx, c);
	case MP_CMD_LIST:
	case MP_CMD_JOIN:
		mp_error(ctx, c->line, "'%s': LIST and JOIN go in a mail of "
		    "their own, without GAME, PLAYER and PASSWORD lines",
		    c->text);
		return 0;
	default:
		mp_error(ctx, c->line, "'%s': that is the GM's command; a GM "
		    "mail has a line GM and the GM's password", c->text);
		return 0;
	}
}

