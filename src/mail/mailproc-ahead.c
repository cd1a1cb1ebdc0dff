/* mailproc-ahead.c: orders sent for a later turn, ORDERS FOR TURN n
 * (docs/mail-commands.md).
 *
 * A player away for a week sends the orders of the turns to come: the
 * mail's order lines are read on the current state (ship ids, verbs,
 * targets: what a later state cannot mend) and stored for turn n
 * (store_ahead_add), not validated, since the ships will have moved.  When
 * turn n opens, the tick makes them the player's order set if they are
 * legal then, the way a mail's orders are (mp_ahead_due); if not, the
 * player is told what is wrong, and the ships take their standing orders
 * until the player sends others.  Orders the player sends once the turn is
 * open win over those sent ahead. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "orders.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

int
mp_ahead_turn(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	const struct mp_cmd	*c;
	size_t			 i;
	long			 n = 0, one;
	char			*end;

	for (i = 0; i < sc->ncmds; i++) {
		c = &sc->cmds[i];
		if (c->kind != MP_CMD_ORDERS || c->argc == 0)
			continue;
		one = c->argc == 3 && strcasecmp(c->argv[0], "FOR") == 0 &&
		    strcasecmp(c->argv[1], "TURN") == 0 ? strtol(c->argv[2],
		    &end, 10) : -1;
		if (one < 1 || *end != '\0') {
			mp_error(ctx, c->line, "'%s': write ORDERS alone (your "
			    "orders in force) or ORDERS FOR TURN n above the "
			    "orders for a later turn", c->text);
			return -1;
		}
		if (one < ctx->turn || one > ctx->turn + MP_AHEAD_MAX) {
			mp_error(ctx, c->line, "'%s': turn %d is open; orders "
			    "may be sent for it or the %d turns after it "
			    "(ORDERS FOR TURN %d to %d)", c->text, ctx->turn,
			    MP_AHEAD_MAX, ctx->turn, ctx->turn + MP_AHEAD_MAX);
			return -1;
		}
		if (n != 0 && n != one) {
			mp_error(ctx, c->line, "'%s': one mail holds the orders "
			    "of one turn", c->text);
			return -1;
		}
		n = one;
	}
	if (n != 0 && sc->order_line == 0) {
		mp_error(ctx, 0, "ORDERS FOR TURN %ld: the mail holds no order "
		    "lines for it", n);
		return -1;
	}
	return n == ctx->turn ? 0 : (int)n;
}

int
mp_orders_ahead(struct mp_ctx *ctx, const struct mp_scan *sc, int turn)
{
	const struct play_player *p;
	struct nv_state		 later;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct store_ahead	 a;
	struct buf		 text = BUF_INIT;
	unsigned char		*may;
	xmlNodePtr		 part;
	char			*cause = NULL;

	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, sc->order_line, "orders: game %s has ended; no "
		    "orders are taken", ctx->g->id);
		return 0;
	}
	p = play_roster_find(&ctx->roster, ctx->player->id);
	may = mp_may_order_of(ctx, p);
	/* Read as for turn n (a TURN n line is right), on today's ships;
	 * a shallow copy: the parser only reads the state. */
	later = *ctx->pg.st;
	later.turn = turn;
	o = orders_new(&later);
	o->may_order = may;
	(void)orders_parse(o, "your mail", buf_str(&sc->orders),
	    sc->orders.len, &d);
	o->may_order = NULL;
	if (mp_take_diag(ctx, &d, "", NULL) == 0) {
		buf_printf(&text, "SIDE %s\n", ctx->player->side);
		orders_format(o, &text);
		memset(&a, 0, sizeof a);
		a.game = ctx->g->id;
		a.player = ctx->player->id;
		a.turn = turn;
		a.message_id = ctx->msg->message_id;
		a.received = ctx->now;
		a.text = buf_str(&text);
		if (mp_check(ctx, store_ahead_add(ctx->mp->store, &a, &cause),
		    &cause) == 0) {
			part = mp_part(ctx, "ahead");
			md_set_int(part, "for", turn);
			md_lines(part, "line", buf_str(&text) +
			    strcspn(buf_str(&text), "\n") + 1);
		}
	}
	orders_free(o);
	diag_free(&d);
	free(may);
	buf_free(&text);
	return ctx->failed ? -1 : 0;
}

/* --- when the turn opens ------------------------------------------------ */

struct due {
	struct mp_ctx	*ctx;
	int		 rc;
};

/* The player is told why the set sent ahead is not used: the errors
 * (illegal) or that the turn was played before (late). */
static void
tell(struct mp_ctx *ctx, const struct play_player *p,
    const struct store_ahead *a, const char *outcome,
    const struct mp_errors *errs)
{
	xmlDocPtr	doc = mp_doc(ctx, "ahead");
	xmlNodePtr	root = maildoc_root(doc);

	md_set(root, "player", p->id);
	md_set(root, "side", p->side);
	md_set_int(root, "for", a->turn);
	md_set(root, "outcome", outcome);
	if (errs != NULL)
		mp_error_list(root, errs);
	md_lines(md_add(root, "sent", NULL), "line", a->text +
	    strcspn(a->text, "\n") + 1);
	mp_clock(ctx, root, p->timezone);
	(void)mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
}

/* Parses and validates the set on the open turn's state: 0 with
 * *normalised (owned), or -1 with the errors in errs. */
static int
check(struct mp_ctx *ctx, const struct play_player *p, const char *text,
    char **normalised, struct mp_errors *errs)
{
	struct nv_orders	*o = orders_new(ctx->pg.st);
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	unsigned char		*may = mp_may_order_of(ctx, p);
	size_t			 i, errors;

	o->may_order = may;
	(void)orders_parse(o, "orders sent ahead", text, strlen(text), &d);
	o->may_order = NULL;
	(void)orders_validate(o, &d);
	for (i = 0; i < d.n; i++)
		if (d.v[i].level == DIAG_ERROR)
			mp_errors_add(errs, 0, d.v[i].msg);
	errors = d.errors;
	if (errors == 0) {
		orders_format(o, &b);
		*normalised = buf_detach(&b);
	}
	orders_free(o);
	diag_free(&d);
	free(may);
	return errors == 0 ? 0 : -1;
}

static int
use(struct mp_ctx *ctx, struct play_player *p, const struct store_ahead *a)
{
	struct store_orders_new	 n;
	struct mp_errors	 errs;
	char			*norm = NULL, *cause = NULL;
	int			 state;

	memset(&errs, 0, sizeof errs);
	if (check(ctx, p, a->text, &norm, &errs) != 0) {
		state = STORE_AHEAD_ILLEGAL;
		tell(ctx, p, a, "illegal", &errs);
	} else {
		memset(&n, 0, sizeof n);
		n.game = ctx->g->id;
		n.turn = ctx->turn;
		n.player = p->id;
		n.source = STORE_SOURCE_MAIL;
		n.sender = p->address;
		n.received = a->received;
		n.text = a->text;
		n.normalised = norm;
		state = STORE_AHEAD_USED;
		if (mp_check(ctx, store_orders_add(ctx->mp->store, &n, NULL,
		    &cause), &cause) == 0)
			p->has_orders = 1;
	}
	free(norm);
	mp_errors_free(&errs);
	return state;
}

static struct play_player *
roster_player(struct mp_ctx *ctx, const char *id)
{
	size_t	i;

	for (i = 0; i < ctx->roster.np; i++)
		if (strcmp(ctx->roster.p[i].id, id) == 0)
			return &ctx->roster.p[i];
	return NULL;
}

static int
due_cb(const struct store_ahead *a, void *arg)
{
	struct due		*du = arg;
	struct mp_ctx		*ctx = du->ctx;
	struct play_player	*p = roster_player(ctx, a->player);
	char			*cause = NULL;
	int			 state;

	if (p == NULL || p->removed || (a->turn == ctx->turn &&
	    p->has_orders))
		/* Gone, or sent orders since the turn opened: those win. */
		state = STORE_AHEAD_REPLACED;
	else if (a->turn < ctx->turn) {
		state = STORE_AHEAD_LATE;
		tell(ctx, p, a, "late", NULL);
	} else
		state = use(ctx, p, a);
	if (mp_check(ctx, store_ahead_mark(ctx->mp->store, a->id,
	    (enum store_ahead_state)state, &cause), &cause) != 0)
		du->rc = -1;
	return ctx->failed;
}

int
mp_ahead_due(struct mp_ctx *ctx)
{
	struct due	 du = { ctx, 0 };
	char		*cause = NULL;

	if (ctx->g->status != STORE_GAME_PLAYING &&
	    ctx->g->status != STORE_GAME_PAUSED)
		return 0;
	if (mp_check(ctx, store_ahead_due(ctx->mp->store, ctx->g->id,
	    ctx->turn, due_cb, &du, &cause), &cause) != 0)
		return -1;
	return ctx->failed ? -1 : 0;
}
