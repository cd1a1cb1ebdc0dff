/* mailproc-tick.c: what the clock makes due (docs/mail-commands.md,
 * "Deadlines").
 *
 * For every playing game, in its own transaction: the turn is played
 * when its deadline and the grace period have passed, or earlier when
 * every player who has ships on the map has orders in (unless the game
 * says early = off); otherwise players without orders get one reminder a
 * turn when the deadline is near.  A turn played here writes its reports
 * and the next deadline in the same transaction. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

/* " id " of every player whose set in force holds orders (a cleared set
 * is no orders). */
static int
in_cb(const struct store_orders *o, void *arg)
{
	struct buf	*b = arg;

	if (o->normalised[0] != '\0')
		buf_printf(b, " %s ", o->player);
	return 0;
}

static int
has_orders(const struct buf *in, const char *id)
{
	char	*one = xasprintf(" %s ", id);
	int	 r = strstr(buf_str(in), one) != NULL;

	free(one);
	return r;
}

/* A duration setting: seconds, or N[mhdw] as in +48h. */
static int64_t
setting_secs(const struct store_game *g, const char *key, int64_t def)
{
	char	*v = mp_setting(g, key), *spec, *cause = NULL;
	int64_t	 t;
	long	 n;

	if (v == NULL)
		return def;
	if (str_to_long(v, 0, LONG_MAX, &n) == 0)
		def = n;
	else {
		spec = xasprintf("+%s", v);
		if (time_parse(spec, 0, &t, &cause) == 0)
			def = t;
		free(cause);
		free(spec);
	}
	free(v);
	return def;
}

static void
remind(struct mp_ctx *ctx, const struct play_player *p,
    struct mailproc_tick_result *out)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*cause = NULL;
	int		 code;

	code = store_mark_add(ctx->mp->store, ctx->g->id, ctx->turn,
	    "reminder", p->id, ctx->now, &cause);
	if (code == STORE_EXISTS) {
		free(cause);
		return;
	}
	if (mp_check(ctx, code, &cause) != 0)
		return;
	doc = mp_doc(ctx, "reminder");
	root = maildoc_root(doc);
	md_set(root, "player", p->id);
	md_set(root, "side", p->side);
	mp_set_when(root, "deadline", ctx->g->deadline);
	mp_clock(ctx, root, p->timezone);
	if (mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED) == 0)
		out->reminders++;
	xmlFreeDoc(doc);
}

/* 1 if the turn waits for p's orders: p commands a ship on the map and
 * is not away (ABSENT). */
static int
awaited(const struct mp_ctx *ctx, const struct play_player *p)
{
	return p->expected && !mp_absent(ctx, p);
}

/* Once a turn per who: 1 when the mark is new (the mail may go). */
static int
once(struct mp_ctx *ctx, const char *kind, const char *who)
{
	char	*cause = NULL;
	int	 code;

	code = store_mark_add(ctx->mp->store, ctx->g->id, ctx->turn, kind, who,
	    ctx->now, &cause);
	if (code == STORE_EXISTS) {
		free(cause);
		return 0;
	}
	return mp_check(ctx, code, &cause) == 0;
}

/* The deadline passed and the turn waits out the grace period: each
 * late player is told (once a turn), and, as njudge does, every other
 * player that the turn waits and for whom. */
static void
late(struct mp_ctx *ctx, const struct buf *in, int64_t played_at,
    struct mailproc_tick_result *out)
{
	const struct play_player *p;
	struct buf	 who = BUF_INIT;
	xmlDocPtr	 doc;
	xmlNodePtr	 root, w;
	size_t		 i, j;

	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (awaited(ctx, p) && !has_orders(in, p->id))
			buf_printf(&who, " %s ", p->id);
	}
	for (i = 0; i < ctx->roster.np && !ctx->failed && who.len > 0; i++) {
		p = &ctx->roster.p[i];
		/* An absent player is told nothing until back. */
		if (p->removed || mp_absent(ctx, p))
			continue;
		/* who lists the late: " id " each, as has_orders reads. */
		if (has_orders(&who, p->id)) {
			if (!once(ctx, "late", p->id))
				continue;
			doc = mp_doc(ctx, "late");
		} else {
			if (!once(ctx, "waiting", p->id))
				continue;
			doc = mp_doc(ctx, "waiting");
		}
		root = maildoc_root(doc);
		md_set(root, "player", p->id);
		md_set(root, "side", p->side);
		mp_set_when(root, "played-at", played_at);
		mp_clock(ctx, root, p->timezone);
		for (j = 0; j < ctx->roster.np; j++)
			if (has_orders(&who, ctx->roster.p[j].id)) {
				w = md_add(root, "waiting-for", NULL);
				md_set(w, "player", ctx->roster.p[j].id);
				md_set(w, "side", ctx->roster.p[j].side);
			}
		if (mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED) ==
		    0)
			out->reminders++;
		xmlFreeDoc(doc);
	}
	buf_free(&who);
}

/* One game: adjudicate or remind.  0 or -1 (ctx failed). */
static int
tick_game(struct mp_ctx *ctx, struct mailproc_tick_result *out,
    struct buf *log)
{
	struct buf	 in = BUF_INIT;
	char		*cause = NULL;
	int64_t		 grace, before, dl = ctx->g->deadline;
	size_t		 i, expected = 0, ready = 0, away = 0;
	int		 refused, due, early;

	if (ctx->pg.st == NULL && mp_load_game(ctx) != 0)
		return -1;
	/* Orders sent ahead for the open turn count from now. */
	if (mp_ahead_due(ctx) != 0)
		return -1;
	if (mp_check(ctx, store_orders_in_force(ctx->mp->store, ctx->g->id,
	    ctx->turn, in_cb, &in, &cause), &cause) != 0)
		return -1;
	for (i = 0; i < ctx->roster.np; i++) {
		if (!awaited(ctx, &ctx->roster.p[i])) {
			/* Away, and no orders: the turn does not wait. */
			away += ctx->roster.p[i].expected &&
			    !has_orders(&in, ctx->roster.p[i].id);
			continue;
		}
		expected++;
		ready += has_orders(&in, ctx->roster.p[i].id);
	}
	grace = setting_secs(ctx->g, "grace", ctx->mp->grace);
	before = setting_secs(ctx->g, "reminder", ctx->mp->reminder);
	early = mp_setting_flag(ctx->g, "early", ctx->mp->early);
	due = dl != 0 && ctx->now >= dl + grace;
	if (due || (early && expected > 0 && ready == expected)) {
		ctx->actor = xstrdup(due ? "daemon:deadline" :
		    "daemon:all-orders-in");
		/* Early, the absent players' missing orders are no reason
		 * to wait: the turn is forced for their ships. */
		if (mp_adjudicate(ctx, !due && away > 0, &refused) == 0) {
			out->adjudicated++;
			buf_printf(log, "game %s: turn %d played (%s)\n",
			    ctx->g->id, ctx->turn, due ? "deadline" :
			    "every order in");
		} else if (refused)
			mp_fail(ctx, "game %s: %s", ctx->g->id,
			    buf_str(&ctx->errors.text));
	} else if (dl != 0 && ctx->now >= dl) {
		/* Passed, and the grace period runs. */
		if (mp_setting_flag(ctx->g, "late", 1))
			late(ctx, &in, dl + grace, out);
	} else if (dl != 0 && before > 0 && ctx->now >= dl - before) {
		for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
			if (awaited(ctx, &ctx->roster.p[i]) &&
			    !has_orders(&in, ctx->roster.p[i].id))
				remind(ctx, &ctx->roster.p[i], out);
	}
	buf_free(&in);
	return ctx->failed ? -1 : 0;
}

/* Games with work: every playing one, and any with a notice to send. */
struct tick_ids {
	struct buf	 ids;
	struct buf	 pending;	/* " id " of games with notices */
};

static int
pending_cb(const struct store_notice *n, void *arg)
{
	struct tick_ids	*t = arg;
	char		*one = xasprintf(" %s ", n->game);

	if (strstr(buf_str(&t->pending), one) == NULL)
		buf_adds(&t->pending, one);
	free(one);
	return 0;
}

static int
ids_cb(const struct store_game *g, void *arg)
{
	struct tick_ids	*t = arg;
	char		*one = xasprintf(" %s ", g->id);

	if (g->status == STORE_GAME_PLAYING ||
	    strstr(buf_str(&t->pending), one) != NULL) {
		buf_adds(&t->ids, g->id);
		buf_addc(&t->ids, '\n');
	}
	free(one);
	return 0;
}

/* One game's work: its notices, the clock's, then the notices that made
 * (a turn that ended the game).  0 or -1 (ctx failed). */
static int
tick_one(struct mp_ctx *ctx, struct mailproc_tick_result *out,
    struct buf *log)
{
	if (mp_notices(ctx) != 0)
		return -1;
	if (ctx->g->status == STORE_GAME_PLAYING &&
	    tick_game(ctx, out, log) != 0)
		return -1;
	return mp_notices(ctx);
}

int
mailproc_tick(struct mailproc *mp, int64_t now,
    struct mailproc_tick_result *out, char **cause)
{
	struct tick_ids	 t = { BUF_INIT, BUF_INIT };
	struct buf	 log = BUF_INIT, errs = BUF_INIT;
	struct mailproc_tick_result one;
	struct mp_ctx	 ctx;
	const char	*p, *nl;
	char		*id, *c = NULL;
	int		 code;

	memset(out, 0, sizeof *out);
	if ((code = store_notice_pending(mp->store, NULL, pending_cb, &t,
	    &c)) != STORE_OK || (code = store_game_list(mp->store, ids_cb, &t,
	    &c)) != STORE_OK) {
		buf_free(&t.ids);
		buf_free(&t.pending);
		*cause = c;
		return -1;
	}
	for (p = buf_str(&t.ids); *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		id = xstrndup(p, (size_t)(nl - p));
		memset(&ctx, 0, sizeof ctx);
		memset(&one, 0, sizeof one);
		ctx.mp = mp;
		ctx.now = now;
		if (mp_check(&ctx, store_begin(mp->store, &c), &c) == 0 &&
		    mp_check(&ctx, store_game_get(mp->store, id, &ctx.g, &c),
		    &c) == 0)
			(void)tick_one(&ctx, &one, &log);
		if (ctx.failed) {
			(void)store_abort(mp->store, NULL);
			buf_printf(&errs, "%s%s", errs.len > 0 ? "; " : "",
			    ctx.cause);
		} else if (mp_check(&ctx, store_commit(mp->store, &c), &c) ==
		    0) {
			/* Counted only once committed. */
			out->queued += ctx.queued;
			out->adjudicated += one.adjudicated;
			out->reminders += one.reminders;
		} else
			buf_printf(&errs, "%s%s", errs.len > 0 ? "; " : "",
			    ctx.cause);
		mp_ctx_free(&ctx);
		free(id);
	}
	out->summary = log.len > 0 ? buf_detach(&log) : NULL;
	buf_free(&log);
	buf_free(&t.ids);
	buf_free(&t.pending);
	if (errs.len > 0) {
		*cause = buf_detach(&errs);
		return -1;
	}
	buf_free(&errs);
	return 0;
}

void
mailproc_tick_result_free(struct mailproc_tick_result *r)
{
	free(r->summary);
	memset(r, 0, sizeof *r);
}
