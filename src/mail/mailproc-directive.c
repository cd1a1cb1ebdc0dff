/* mailproc-directive.c: an admiral's directives (docs/mail-commands.md,
 * "Authority"; issue 14, item 4).
 *
 *   DIRECTIVE player text	to one player of the side
 *   DIRECTIVE ALL text		to every other player of the side
 *
 * The admiral player (or the side's only player) gives them; they are
 * stored (store-directive.c) and printed at the top of each named
 * player's next turn report (mailproc-report.c), never adjudicated.  The
 * text is the rest of the line as the scanner cleaned it (a # starts a
 * comment, as everywhere in a mail). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "orders-lex.h"
#include "store.h"
#include "xalloc.h"

#define DIRECTIVE_FORM	"DIRECTIVE player text, or DIRECTIVE ALL text"

/* The active players of the sender's side, "a, b" (mark: the sender
 * too), for the answers. */
static void
side_players(const struct mp_ctx *ctx, int self, struct buf *b)
{
	const struct play_player *p;
	size_t			 i;

	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (p->removed || strcmp(p->side, ctx->player->side) != 0 ||
		    (!self && strcmp(p->id, ctx->player->id) == 0))
			continue;
		buf_printf(b, "%s%s", b->len > 0 ? ", " : "", p->id);
	}
}

/* 1 (with the error) unless the sender may give directives: the game is
 * not over and the sender is the side's admiral or its only player. */
static int
refused(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	const struct play_player *me = play_roster_find(&ctx->roster,
	    ctx->player->id);

	if (ctx->g->status == STORE_GAME_ENDED) {
		mp_error(ctx, c->line, "DIRECTIVE: game %s has ended",
		    ctx->g->id);
		return 1;
	}
	if (ctx->player->admiral || (me != NULL && me->sole))
		return 0;
	mp_error(ctx, c->line, "DIRECTIVE: only the admiral of side %s gives "
	    "directives to its players, and player %s is a captain; write to "
	    "the other players with PRESS TO player, or to your admiral with "
	    "PRESS TO %s", ctx->player->side, ctx->player->id,
	    ctx->player->side);
	return 1;
}

/* The players c names, "a, b" into to (ALL: every other active player of
 * the side; else one active player of it, the sender too).  0, or -1
 * with the error. */
static int
named(struct mp_ctx *ctx, const struct mp_cmd *c, struct buf *to)
{
	const struct play_player *p = NULL;
	struct buf		 legal = BUF_INIT;
	size_t			 i;

	if (strcasecmp(c->argv[0], "ALL") == 0)
		side_players(ctx, 0, to);
	else {
		for (i = 0; i < ctx->roster.np && p == NULL; i++)
			if (!ctx->roster.p[i].removed && strcasecmp(
			    ctx->roster.p[i].id, c->argv[0]) == 0)
				p = &ctx->roster.p[i];
		if (p != NULL && strcmp(p->side, ctx->player->side) == 0)
			buf_adds(to, p->id);
	}
	if (to->len > 0)
		return 0;
	side_players(ctx, 1, &legal);
	if (strcasecmp(c->argv[0], "ALL") == 0)
		mp_error(ctx, c->line, "DIRECTIVE ALL: side %s has no other "
		    "player to direct; a directive to yourself is DIRECTIVE "
		    "%s text", ctx->player->side, ctx->player->id);
	else
		mp_error(ctx, c->line, "DIRECTIVE %s: %s is no player of side "
		    "%s; a directive goes to ALL or to one of: %s", c->argv[0],
		    c->argv[0], ctx->player->side, buf_str(&legal));
	buf_free(&legal);
	return -1;
}

int
mp_cmd_directive(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct store_directive	 d;
	struct buf		 to = BUF_INIT;
	const char		*text, *p;
	char			*one, *cause = NULL;
	xmlNodePtr		 part;

	if (refused(ctx, c))
		return 0;
	text = c->argc >= 2 ? orders_lex_rest(orders_lex_rest(c->text)) : "";
	if (*text == '\0') {
		mp_error(ctx, c->line, "'%s': write %s, the text on the same "
		    "line (DIRECTIVE ALL Hold the line until phase 3)",
		    c->text, DIRECTIVE_FORM);
		return 0;
	}
	if (strlen(text) > STORE_DIRECTIVE_MAX) {
		mp_error(ctx, c->line, "DIRECTIVE %s: the text is %zu bytes "
		    "long; at most %d fit in a directive (write several)",
		    c->argv[0], strlen(text), STORE_DIRECTIVE_MAX);
		return 0;
	}
	if (named(ctx, c, &to) != 0)
		goto out;
	memset(&d, 0, sizeof d);
	d.game = ctx->g->id;
	d.turn = ctx->turn;
	d.sender = ctx->player->id;
	d.text = text;
	d.created = ctx->now;
	for (p = buf_str(&to); *p != '\0' && !ctx->failed;
	    p += strspn(p, ", ")) {
		one = xstrndup(p, strcspn(p, ", "));
		p += strlen(one);
		d.player = one;
		(void)mp_check(ctx, store_directive_add(ctx->mp->store, &d,
		    &cause), &cause);
		free(one);
	}
	if (ctx->failed)
		goto out;
	/* Carried by the report of the open turn, when it is played. */
	part = mp_part(ctx, "directive");
	md_set(part, "to", strcasecmp(c->argv[0], "ALL") == 0 ? "ALL" :
	    buf_str(&to));
	md_set(part, "players", buf_str(&to));
	md_set_int(part, "report", ctx->turn);
	md_lines(part, "line", text);
out:
	buf_free(&to);
	return ctx->failed ? -1 : 0;
}
