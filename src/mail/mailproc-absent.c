/* mailproc-absent.c: ABSENT, a player away (docs/mail-commands.md).
 *
 * ABSENT UNTIL time (+7d from now, or an absolute time in any zone as for
 * the GM's DEADLINE AT) says the player is away until then; ABSENT NONE
 * that the player is back.  While away the player gets no reminder nor
 * late notice, and the turn does not wait for the player's orders: with
 * early processing it is played once every player who is not away has
 * sent theirs, and the absent player's ships take their orders in force,
 * else their standing orders (mailproc-tick.c).  The GM sees it in
 * STATUS; the other players are not told. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "play-clock.h"
#include "store.h"
#include "timefmt.h"
#include "tz.h"
#include "xalloc.h"

/* An absence longer than this is a mistake, or a player to replace. */
#define ABSENT_MAX	(366 * 86400)

int
mp_absent(const struct mp_ctx *ctx, const struct play_player *p)
{
	return p->absent_until > ctx->now;
}

/* The time c's words from 1 on name: 0 with *until, or -1 with *why
 * (owned). */
static int
absent_time(const struct mp_ctx *ctx, const struct mp_cmd *c,
    int64_t *until, char **why)
{
	struct buf	 spec = BUF_INIT;
	size_t		 i, n;
	int		 rc;

	n = play_clock_spec_words(c->argv + 1, c->argc - 1);
	if (n == 0 || n != c->argc - 1) {
		*why = xstrdup("write ABSENT UNTIL and a time: +7d (from now), "
		    "2026-12-10T08:00Z, 2026-12-10 08:00 Europe/Paris; or "
		    "ABSENT NONE when you are back");
		return -1;
	}
	for (i = 1; i < c->argc; i++)
		buf_printf(&spec, "%s%s", i > 1 ? " " : "", c->argv[i]);
	if (c->argv[1][0] == '+')
		rc = time_parse(buf_str(&spec), ctx->now, until, why);
	else
		rc = tz_parse_time(strncasecmp(buf_str(&spec), "AT ", 3) ==
		    0 ? buf_str(&spec) + 3 : buf_str(&spec), until, why);
	buf_free(&spec);
	return rc;
}

int
mp_cmd_absent(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_player *p;
	xmlNodePtr	 part;
	int64_t		 until = 0;
	char		 when[TIME_LEN], *why = NULL, *cause = NULL, *details;
	size_t		 i;

	if (c->argc == 1 && strcasecmp(c->argv[0], "NONE") == 0)
		until = 0;
	else if (c->argc < 2 || strcasecmp(c->argv[0], "UNTIL") != 0 ||
	    absent_time(ctx, c, &until, &why) != 0) {
		mp_error(ctx, c->line, "'%s': %s", c->text, why != NULL ? why :
		    "write ABSENT UNTIL and a time (+7d, 2026-12-10T08:00Z), "
		    "or ABSENT NONE");
		free(why);
		return 0;
	} else if (until <= ctx->now || until > ctx->now + ABSENT_MAX) {
		time_format(until, when);
		mp_error(ctx, c->line, "'%s': %s is %s; an absence ends in the "
		    "future, within a year", c->text, when, until <= ctx->now ?
		    "past" : "more than a year away");
		return 0;
	}
	if (until != 0)
		time_format(until, when);
	details = xasprintf("%s until %s", ctx->player->id, until != 0 ?
	    when : "back");
	if (mp_check(ctx, store_player_set_absent(ctx->mp->store, ctx->g->id,
	    ctx->player->id, until, &cause), &cause) == 0 &&
	    mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id, ctx->now,
	    ctx->actor, "absent", details, &cause), &cause) == 0) {
		ctx->player->absent_until = until;
		for (i = 0; i < ctx->roster.np; i++) {
			p = &ctx->roster.p[i];
			if (strcmp(p->id, ctx->player->id) == 0)
				p->absent_until = until;
		}
		part = mp_part(ctx, "absent");
		mp_set_when(part, "until", until);
		if (until != 0)
			mp_clock_at(part, "back", STORE_GAME_PLAYING, until, -1,
			    ctx->now, ctx->player->timezone);
	}
	free(details);
	return ctx->failed ? -1 : 0;
}
