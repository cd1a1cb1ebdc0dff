/* mailproc-gm.c: the GM's mail commands and adjudication by mail
 * (docs/mail-commands.md).
 *
 * PROCESS takes the CLI's code path (play_adjudicate) inside the mail's
 * transaction, so the turn, its report mails and the GM's answer commit
 * together.  PREVIEW plays the turn on a copy with a seed derived from the
 * GM's mail, never the game's: the preview shows what the orders do, and
 * its dice say nothing about the real ones. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "map.h"
#include "mime.h"
#include "play-end.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

/* --- adjudication (also the tick's) -------------------------------------- */

/* The players who missed this turn, for the GM's report mail: how many
 * turns each missed in all, and the game's limit.  *out owned (free);
 * the names are a's. */
static size_t
missed(struct mp_ctx *ctx, const struct play_adj *a, struct mp_missed **out)
{
	const struct play_player *p;
	char	*v = mp_setting(ctx->g, "missed_limit");
	int	 limit = ctx->mp->missed_limit, n;
	size_t	 i;

	if (v != NULL && str_to_int(v, 1, INT_MAX, &n) == 0)
		limit = n;
	free(v);
	*out = xcalloc(a->nmissed + 1, sizeof **out);
	for (i = 0; i < a->nmissed; i++) {
		p = play_roster_find(&ctx->roster, a->missed[i]);
		(*out)[i].player = a->missed[i];
		(*out)[i].count = p != NULL ? p->missed + 1 : 1;
		(*out)[i].limit = limit;
	}
	return a->nmissed;
}

/* After the turn: the next deadline by the game's schedule. */
static int
next_deadline(struct mp_ctx *ctx)
{
	char	*spec = mp_setting(ctx->g, "schedule"), *cause = NULL;
	int64_t	 t;
	int	 rc = 0;

	if (spec == NULL || *spec == '\0' || strcasecmp(spec, "none") == 0) {
		free(spec);
		return 0;
	}
	if (time_parse(spec, ctx->now, &t, &cause) != 0)
		rc = mp_fail(ctx, "game %s: setting schedule: %s", ctx->g->id,
		    cause);
	else
		rc = mp_check(ctx, store_game_set_deadline(ctx->mp->store,
		    ctx->g->id, t, &cause), &cause);
	free(cause);
	free(spec);
	return rc;
}

/* What the GM can do by mail about a turn that cannot be played: the
 * play layer's cause speaks of navarch, the GM here writes mail. */
static const char *
unplayable_hint(const struct mp_ctx *ctx)
{
	switch (ctx->g->status) {
	case STORE_GAME_PAUSED:
		return "; by mail: RESUME (or RESUME +24h, RESUME AT time), "
		    "then PROCESS, in this mail or the next";
	case STORE_GAME_ENDED:
		return "; ROLLBACK turn reason plays its last turns again";
	default:
		return "";
	}
}

int
mp_adjudicate(struct mp_ctx *ctx, int force, int *refused)
{
	struct play_adj	 a;
	struct diag	 d = DIAG_INIT;
	struct buf	 errs = BUF_INIT;
	struct mp_missed *m;
	size_t		 nm;
	char		*cause = NULL;
	enum play_code	 rc;

	*refused = 0;
	/* The state in hand is the open turn's, read in this transaction:
	 * a big battle's is not read and held twice, nor kept a third time
	 * by the cache through the turn and its reports. */
	if (ctx->pg.st != NULL) {
		mp_cache_let_go(ctx->mp, ctx->g->id);
		rc = play_adjudicate_loaded(ctx->mp->store, ctx->g->id,
		    &ctx->pg, ctx->turn, force, ctx->now, ctx->actor, &a, &d,
		    &cause);
	} else
		rc = play_adjudicate(ctx->mp->store, ctx->mp->datadir,
		    ctx->g->id, force, ctx->now, ctx->actor, &a, &d, &cause);
	if (rc != PLAY_OK) {
		/* The caller undoes the transaction either way. */
		*refused = rc != PLAY_BUSY;
		diag_format(&d, &errs);
		if (*refused) {
			mp_error(ctx, 0, "the turn cannot be played: %s%s%s%s",
			    cause != NULL ? cause : "", unplayable_hint(ctx),
			    errs.len > 0 ? "\n" : "", buf_str(&errs));
			free(cause);
		} else
			mp_check(ctx, STORE_BUSY, &cause);
		diag_free(&d);
		buf_free(&errs);
		return -1;
	}
	nm = missed(ctx, &a, &m);
	ctx->adjudicated = 1;
	if (!a.ended)
		next_deadline(ctx);
	/* The clock the report mails show is the next turn's. */
	if (!ctx->failed)
		mp_refresh_game(ctx);
	/* A turn that ends the game is reported by the final mail (the
	 * report, the seed, the archive), mailed with the notices. */
	if (!ctx->failed && a.ended)
		mp_check(ctx, play_end_notice(ctx->mp->store, ctx->g->id,
		    a.turn, PLAY_END_RULES, a.r.next->result.reason, ctx->actor,
		    ctx->now, &cause), &cause);
	else if (!ctx->failed)
		mp_queue_reports(ctx, &a, m, nm);
	free(m);
	play_adj_free(&a);
	diag_free(&d);
	return ctx->failed ? -1 : 0;
}

/* --- the commands -------------------------------------------------------- */

static int
cmd_rollback(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 reason = BUF_INIT;
	xmlNodePtr	 part;
	char		*cause = NULL;
	size_t		 i;
	int		 turn, code;

	if (c->argc < 2 || str_to_int(c->argv[0], 1, INT_MAX, &turn) != 0) {
		mp_error(ctx, c->line, "'%s': write ROLLBACK, the turn to play "
		    "again and the reason", c->text);
		return 0;
	}
	for (i = 1; i < c->argc; i++)
		buf_printf(&reason, "%s%s", i > 1 ? " " : "", c->argv[i]);
	code = play_rollback(ctx->mp->store, ctx->mp->datadir,
	    STORE_SOURCE_MAIL, ctx->g->id, turn, ctx->actor, buf_str(&reason),
	    ctx->now, &cause);
	if (code == STORE_NOTFOUND) {
		if (ctx->turn > 2)
			mp_error(ctx, c->line, "ROLLBACK %d: %s; turns 1 to %d "
			    "can be played again", turn, cause, ctx->turn - 1);
		else
			mp_error(ctx, c->line, "ROLLBACK %d: %s; %s", turn,
			    cause, ctx->turn == 2 ? "turn 1 can be played "
			    "again" : "no turn has been played yet");
		free(cause);
	} else if (mp_check(ctx, code, &cause) == 0) {
		if (ctx->g->status == STORE_GAME_ENDED)
			ctx->g->status = STORE_GAME_PLAYING;
		part = mp_part(ctx, "rollback");
		md_set_int(part, "to-turn", turn);
		md_set(part, "reason", buf_str(&reason));
	}
	buf_free(&reason);
	return ctx->failed ? -1 : 0;
}

static int
cmd_process(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	xmlNodePtr	part;
	size_t		before = ctx->queued;
	int		refused;

	if (ctx->adjudicated) {
		mp_error(ctx, c->line, "PROCESS: this mail already played the "
		    "turn; one PROCESS a mail: send another to play the next");
		return 0;
	}
	if (mp_adjudicate(ctx, 1, &refused) != 0)
		return refused ? 0 : -1;
	part = mp_part(ctx, "processed");
	md_set_int(part, "played", ctx->turn);
	md_set_int(part, "reports", (long)(ctx->queued - before));
	return 0;
}

/* The turn as it would be played now, with a seed of the preview's own:
 * the SHA-256 of "preview" and the GM's Message-ID, never the game's
 * secret seed, so nothing about the real rolls can be learnt. */
static int
cmd_preview(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_result	 r;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	xmlNodePtr		 part;
	char			*seed, *cause = NULL, hex[65];
	size_t			 i;

	if (c->argc > 0) {
		mp_error(ctx, c->line, "'%s': the GM's PREVIEW takes nothing "
		    "after it (the whole turn, with dice of its own); PREVIEW "
		    "SIDE is a player's", c->text);
		return 0;
	}
	seed = xasprintf("preview\n%s", ctx->msg->message_id);
	mp_sha256_hex(seed, strlen(seed), hex);
	free(seed);
	seed = xasprintf("preview-%.16s", hex);
	if (play_turn(ctx->pg.st, ctx->g->id, seed, ctx->roster.sets,
	    ctx->roster.nsets, &r, &d, &cause) != PLAY_OK) {
		diag_format(&d, &b);
		mp_error(ctx, c->line, "PREVIEW: %s\n%s", cause != NULL ?
		    cause : "the turn cannot be played", buf_str(&b));
	} else {
		part = mp_part(ctx, "turn-preview");
		md_set(part, "seed", seed);
		for (i = 0; i < r.ev.n; i++)
			md_add(part, "event", r.ev.v[i].text);
		buf_reset(&b);
		map_render(r.next, NULL, &b);
		md_lines(md_add(part, "map", NULL), "line", buf_str(&b));
		play_result_free(&r);
	}
	free(cause);
	free(seed);
	diag_free(&d);
	buf_free(&b);
	return 0;
}

static void
cmd_orders_all(struct mp_ctx *ctx)
{
	xmlNodePtr	part = mp_part(ctx, "orders"), set;
	size_t		i;

	md_set(part, "all", "yes");
	for (i = 0; i < ctx->roster.nsets; i++) {
		set = md_add(part, "set", NULL);
		md_set(set, "player", ctx->roster.sets[i].player);
		md_set(set, "side", ctx->roster.sets[i].side);
		md_lines(set, "line", ctx->roster.sets[i].text);
	}
}

int
mp_cmd_gm(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	b = BUF_INIT;
	int		rc;

	if (mp_cmd_shared(ctx, c, &rc))
		return rc;
	switch (c->kind) {
	case MP_CMD_ORDERS:
		cmd_orders_all(ctx);
		return 0;
	case MP_CMD_PROCESS:
		return cmd_process(ctx, c);
	case MP_CMD_PREVIEW:
		return cmd_preview(ctx, c);
	case MP_CMD_PAUSE:
	case MP_CMD_RESUME:
	case MP_CMD_DEADLINE:
		return mp_cmd_clock(ctx, c);
	case MP_CMD_ROLLBACK:
		return cmd_rollback(ctx, c);
	case MP_CMD_ENDGAME:
		return mp_cmd_endgame(ctx, c);
	case MP_CMD_SEAT:
		return mp_cmd_seat(ctx, c);
	case MP_CMD_ASSIGN:
		return mp_cmd_assign(ctx, c);
	default:
		mp_command_names(&b, MP_WHO_GM);
		mp_error(ctx, c->line, "'%s': that is a player's command, not "
		    "the GM's; the GM's: %s (or enter a player's orders with "
		    "navarch orders submit)", c->text, buf_str(&b));
		buf_free(&b);
		return 0;
	}
}
