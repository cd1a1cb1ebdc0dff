/* mailproc-clock.c: the clock as the mails show it, and the commands that
 * move it (docs/mail-commands.md): the GM's PAUSE, RESUME, DEADLINE and
 * ENDGAME, and a player's SET TIMEZONE.
 *
 * Every mail a player gets about the game (answers, rejections, reports,
 * reminders, notices) carries <clock>: the deadline in UTC and on the
 * reader's own clock (their time zone, tz.h), and the time left.  The
 * moves themselves are the play layer's (play-clock.c, play-end.c), shared
 * with navarch; they notice the players, and the notices are mailed with
 * the answer (mailproc-notice.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "play-clock.h"
#include "play-end.h"
#include "state.h"
#include "store.h"
#include "timefmt.h"
#include "tz.h"
#include "xalloc.h"

/* --- <clock> --------------------------------------------------------------- */

static void
set_local(xmlNodePtr n, const char *zone, int64_t t)
{
	struct tz_local	 l;
	char		*cause = NULL;

	/* A zone that cannot be read now (tzdata changed under us) costs
	 * the reader their local time, never the mail. */
	if (zone == NULL || *zone == '\0' || tz_local(zone, t, &l, &cause) !=
	    0) {
		free(cause);
		return;
	}
	md_set(n, "zone", zone);
	md_setf(n, "local", "%04d-%02d-%02d %02d:%02d", l.c.year, l.c.month,
	    l.c.day, l.c.hour, l.c.minute);
	md_set_int(n, "wday", l.c.wday);
	md_set(n, "abbr", l.abbr);
	md_setf(n, "offset", "%c%02ld:%02ld", l.offset < 0 ? '-' : '+',
	    (l.offset < 0 ? -l.offset : l.offset) / 3600 % 100,
	    (l.offset < 0 ? -l.offset : l.offset) / 60 % 60);
}

void
mp_clock_at(xmlNodePtr parent, const char *name, int status, int64_t deadline,
    int64_t left, int64_t now, const char *zone)
{
	xmlNodePtr	n = md_add(parent, name, NULL);

	md_set(n, "status", store_game_status_name(
	    (enum store_game_status)status));
	if (status == STORE_GAME_ENDED)
		return;
	if (status == STORE_GAME_PAUSED && left >= 0) {
		/* The clock stands: what it will have when resumed. */
		md_set_int(n, "left", (long)left);
		return;
	}
	if (deadline == 0)
		return;
	mp_set_when(n, "deadline", deadline);
	set_local(n, zone, deadline);
	if (status == STORE_GAME_PLAYING) {
		md_set_int(n, "left", (long)(deadline > now ? deadline - now :
		    0));
		md_set(n, "passed", deadline <= now ? "yes" : "no");
	}
}

void
mp_clock(struct mp_ctx *ctx, xmlNodePtr parent, const char *zone)
{
	mp_clock_at(parent, "clock", (int)ctx->g->status, ctx->g->deadline,
	    ctx->g->paused_left, ctx->now, zone);
}

/* --- the GM's clock commands ----------------------------------------------- */

/* Words from..n of c joined by spaces (owned). */
static char *
words(const struct mp_cmd *c, size_t from, size_t n)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = from; i < n && i < c->argc; i++)
		buf_printf(&b, "%s%s", b.len > 0 ? " " : "", c->argv[i]);
	return buf_detach(&b);
}

/* The result of a play_clock call: the game in hand follows it, or the
 * mail gets the refusal as an error of its line.  0 or -1 (failed). */
static int
clock_done(struct mp_ctx *ctx, const struct mp_cmd *c, int rc,
    const struct play_clock *pc, char *cause)
{
	const char	*word = c->kind == MP_CMD_PAUSE ? "PAUSE" :
	    c->kind == MP_CMD_RESUME ? "RESUME" : "DEADLINE";

	if (rc == PLAY_CLOCK_REFUSED) {
		mp_error(ctx, c->line, "%s: %s", word, cause);
		free(cause);
		return 0;
	}
	if (rc != PLAY_CLOCK_OK) {
		mp_fail(ctx, "%s: %s", word, cause);
		ctx->temporary = rc == PLAY_CLOCK_TEMP;
		free(cause);
		return -1;
	}
	ctx->g->status = pc->paused ? STORE_GAME_PAUSED : STORE_GAME_PLAYING;
	ctx->g->deadline = pc->deadline;
	ctx->g->paused_left = pc->paused ? pc->left : -1;
	return 0;
}

int
mp_cmd_clock(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_clock_req	 r;
	struct play_clock	 pc;
	xmlNodePtr		 part;
	char			*spec = NULL, *reason, *cause = NULL;
	size_t			 n = 0;
	int			 rc;

	if (c->kind != MP_CMD_PAUSE)
		n = play_clock_spec_words(c->argv, c->argc);
	if (c->kind == MP_CMD_DEADLINE && n == 0) {
		mp_error(ctx, c->line, "'%s': write DEADLINE and a time: +24h "
		    "(from the current deadline), AT 2026-12-01T20:00Z, AT "
		    "2026-12-01T20:00 Europe/Paris, or NONE; a reason may "
		    "follow", c->text);
		return 0;
	}
	spec = n > 0 ? words(c, 0, n) : NULL;
	reason = words(c, n, c->argc);
	memset(&r, 0, sizeof r);
	r.game = ctx->g->id;
	r.now = ctx->now;
	r.actor = ctx->actor;
	r.reason = reason;
	if (c->kind == MP_CMD_PAUSE)
		rc = play_clock_pause(ctx->mp->store, &r, &pc, &cause);
	else if (c->kind == MP_CMD_RESUME)
		rc = play_clock_resume(ctx->mp->store, &r, spec, &pc, &cause);
	else
		rc = play_clock_deadline(ctx->mp->store, &r, spec, &pc, &cause);
	if ((rc = clock_done(ctx, c, rc, &pc, cause)) == 0 && !ctx->failed &&
	    ctx->errors.n == 0) {
		part = mp_part(ctx, c->kind == MP_CMD_PAUSE ? "paused" :
		    c->kind == MP_CMD_RESUME ? "resumed" : "deadline");
		md_set(part, "status", store_game_status_name(ctx->g->status));
		mp_set_when(part, "when", pc.deadline);
		mp_set_when(part, "was", pc.was);
		if (pc.paused && pc.left >= 0)
			md_set_int(part, "left", (long)pc.left);
		if (*reason != '\0')
			md_set(part, "reason", reason);
	}
	free(spec);
	free(reason);
	return rc;
}

/* --- ENDGAME --------------------------------------------------------------- */

int
mp_cmd_endgame(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	xmlNodePtr	 part;
	char		*reason;
	int		 winner = -1, draw, from;

	draw = c->argc >= 1 && strcasecmp(c->argv[0], "DRAW") == 0;
	if (!draw && (c->argc < 2 || strcasecmp(c->argv[0], "WIN") != 0 ||
	    (winner = state_side_index(ctx->pg.st, c->argv[1])) < 0)) {
		mp_error(ctx, c->line, "'%s': write ENDGAME DRAW or ENDGAME WIN "
		    "and a side (%s), then the reason", c->text,
		    c->argc >= 2 ? "no such side" : "one of the game's");
		return 0;
	}
	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "ENDGAME: game %s has ended already",
		    ctx->g->id);
		return 0;
	}
	from = draw ? 1 : 2;
	reason = words(c, (size_t)from, c->argc);
	if (*reason == '\0') {
		free(reason);
		reason = xstrdup("ended by the GM");
	}
	if (mp_end_game(ctx, PLAY_END_GM, winner, reason) == 0) {
		part = mp_part(ctx, "endgame");
		md_set(part, "winner", winner >= 0 ?
		    ctx->pg.st->sides[winner].id : NULL);
		md_set(part, "reason", reason);
	}
	free(reason);
	return ctx->failed ? -1 : 0;
}

