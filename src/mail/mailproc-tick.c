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
	if (mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED) == 0)
		out->reminders++;
	xmlFreeDoc(doc);
}

/* One game: adjudicate or remind.  0 or -1 (ctx failed). */
static int
tick_game(struct mp_ctx *ctx, struct mailproc_tick_result *out,
    struct buf *log)
{
	struct buf	 in = BUF_INIT;
	char		*cause = NULL;
	int64_t		 grace, before, dl = ctx->g->deadline;
	size_t		 i, expected = 0, ready = 0;
	int		 refused, due, early;

	if (mp_load_game(ctx) != 0)
		return -1;
	if (mp_check(ctx, store_orders_in_force(ctx->mp->store, ctx->g->id,
	    ctx->turn, in_cb, &in, &cause), &cause) != 0)
		return -1;
	for (i = 0; i < ctx->roster.np; i++) {
		if (!ctx->roster.p[i].expected)
			continue;
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
		if (mp_adjudicate(ctx, 0, &refused) == 0) {
			out->adjudicated++;
			buf_printf(log, "game %s: turn %d played (%s)\n",
			    ctx->g->id, ctx->turn, due ? "deadline" :
			    "every order in");
		} else if (refused)
			mp_fail(ctx, "game %s: %s", ctx->g->id,
			    buf_str(&ctx->errors.text));
	} else if (dl != 0 && before > 0 && ctx->now >= dl - before) {
		for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
			if (ctx->roster.p[i].expected &&
			    !has_orders(&in, ctx->roster.p[i].id))
				remind(ctx, &ctx->roster.p[i], out);
	}
	buf_free(&in);
	return ctx->failed ? -1 : 0;
}

static int
ids_cb(const struct store_game *g, void *arg)
{
	struct buf	*b = arg;

	if (g->status == STORE_GAME_PLAYING) {
		buf_adds(b, g->id);
		buf_addc(b, '\n');
	}
	return 0;
}

int
mailproc_tick(struct mailproc *mp, int64_t now,
    struct mailproc_tick_result *out, char **cause)
{
	struct buf	 ids = BUF_INIT, log = BUF_INIT, errs = BUF_INIT;
	struct mailproc_tick_result one;
	struct mp_ctx	 ctx;
	const char	*p, *nl;
	char		*id, *c = NULL;
	int		 code;

	memset(out, 0, sizeof *out);
	if ((code = store_game_list(mp->store, ids_cb, &ids, &c)) !=
	    STORE_OK) {
		*cause = c;
		return -1;
	}
	for (p = buf_str(&ids); *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		id = xstrndup(p, (size_t)(nl - p));
		memset(&ctx, 0, sizeof ctx);
		memset(&one, 0, sizeof one);
		ctx.mp = mp;
		ctx.now = now;
		if (mp_check(&ctx, store_begin(mp->store, &c), &c) == 0 &&
		    mp_check(&ctx, store_game_get(mp->store, id, &ctx.g, &c),
		    &c) == 0 && ctx.g->status == STORE_GAME_PLAYING)
			(void)tick_game(&ctx, &one, &log);
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
	buf_free(&ids);
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
