/* mailproc-assign.c: changes of command by mail, and telling the players
 * (docs/mail-commands.md, "Authority"; play-assign.h).
 *
 *   ASSIGN SHIP s TO player		the side's admiral, or the GM
 *   ASSIGN SQUADRON q TO player	the same
 *   ... NOW				the GM only: at once
 *
 * An admiral's change waits for the start of the next turn, so the
 * orders already sent stand and are played; the GM's too, unless NOW,
 * when every set in force naming the moved ships is rewritten without
 * them in the mail's transaction.  The notice goes to the player who
 * takes the ships and to each who loses some. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "play-assign.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

#define ASSIGN_FORMS	"ASSIGN SHIP ship TO player or ASSIGN SQUADRON " \
	"squadron TO player"

/* The side the assignment is within: the admiral's, or for the GM the
 * side of the player named. */
static int
may_assign(struct mp_ctx *ctx, const struct mp_cmd *c, int now)
{
	const struct play_player *p = play_roster_find(&ctx->roster,
	    c->argv[3]);

	if (now && !ctx->is_gm) {
		mp_error(ctx, c->line, "'%s': only the GM may reassign at "
		    "once (NOW); write %s: it takes effect at the start of "
		    "the next turn", c->text, ASSIGN_FORMS);
		return 0;
	}
	if (!ctx->is_gm && !ctx->player->admiral) {
		mp_error(ctx, c->line, "'%s': only the admiral of side %s (or "
		    "the GM) may assign ships and squadrons", c->text,
		    ctx->player->side);
		return 0;
	}
	if (p == NULL || p->removed || (!ctx->is_gm &&
	    strcmp(p->side, ctx->player->side) != 0)) {
		mp_error(ctx, c->line, "'%s': %s is no player of %s%s",
		    c->text, c->argv[3], ctx->is_gm ? "game " : "side ",
		    ctx->is_gm ? ctx->g->id : ctx->player->side);
		return 0;
	}
	return 1;
}

int
mp_cmd_assign(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_assign	 a;
	struct play_assigned	 out;
	const char		*what[1];
	xmlNodePtr		 part;
	char			*cause = NULL, *details;
	enum play_code		 rc;
	int			 squadron, now;

	now = c->argc == 5 && strcasecmp(c->argv[4], "NOW") == 0;
	if ((c->argc != 4 && !now) || strcasecmp(c->argv[2], "TO") != 0 ||
	    (strcasecmp(c->argv[0], "SHIP") != 0 &&
	    strcasecmp(c->argv[0], "SQUADRON") != 0)) {
		mp_error(ctx, c->line, "'%s': write %s%s", c->text,
		    ASSIGN_FORMS, ctx->is_gm ? ", NOW at the end to make it "
		    "at once" : "");
		return 0;
	}
	if (!may_assign(ctx, c, now))
		return 0;
	squadron = strcasecmp(c->argv[0], "SQUADRON") == 0;
	str_lower(c->argv[1]);
	what[0] = c->argv[1];
	memset(&a, 0, sizeof a);
	a.game = ctx->g->id;
	a.squadron = squadron;
	a.what = what;
	a.nwhat = 1;
	a.player = play_roster_find(&ctx->roster, c->argv[3])->id;
	a.now = now;
	a.source = STORE_SOURCE_MAIL;
	a.actor = ctx->actor;
	a.time = ctx->now;
	rc = play_assign(ctx->mp->store, ctx->mp->datadir, &a, &out, &cause);
	if (rc == PLAY_REFUSED) {
		mp_error(ctx, c->line, "'%s': %s", c->text, cause);
		free(cause);
		return 0;
	}
	if (mp_check_play(ctx, rc, &cause) != 0)
		return -1;
	details = xasprintf("%s %s to %s from the start of turn %d%s",
	    squadron ? "squadron" : "ship", what[0], a.player, out.turn,
	    now ? " (at once)" : "");
	if (mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "assign", details, &cause), &cause) == 0) {
		part = mp_part(ctx, "assign");
		md_set(part, "player", a.player);
		md_set(part, squadron ? "squadron" : "ship", what[0]);
		md_set(part, "ships", out.ships);
		md_set_int(part, "turn", out.turn);
		md_set(part, "now", now ? "yes" : "no");
		md_set(part, "rewritten", out.rewritten[0] != '\0' ?
		    out.rewritten : NULL);
	}
	free(details);
	play_assigned_free(&out);
	return ctx->failed ? -1 : 0;
}

/* The notice to one reader: the taker (how "takes") or one who loses
 * ships (how "loses"). */
static void
tell(struct mp_ctx *ctx, xmlDocPtr doc, const struct play_player *p,
    const char *how)
{
	xmlNodePtr	root = maildoc_root(doc), c;

	md_set(root, "reader", how);
	md_set(root, "reader-id", p->id);
	mp_clock(ctx, root, p->timezone);
	c = root->last;
	mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	xmlUnlinkNode(c);
	xmlFreeNode(c);
}

void
mp_assign_notice(struct mp_ctx *ctx, int turn, const char *player,
    const char *reason, const char *details)
{
	static const char *const keys[] = { "ships", "from", "rewritten",
	    "squadron" };
	const struct play_player *p;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*v, *from, *w, *sp;
	size_t		 i;

	doc = mp_doc(ctx, "reassigned");
	root = maildoc_root(doc);
	md_set_int(root, "turn", turn);
	if (reason[0] != '\0')
		md_set(root, "reason", reason);
	md_set(root, "player", player);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		v = store_notice_detail(details, keys[i]);
		md_set(root, keys[i], v != NULL && *v != '\0' ? v : NULL);
		free(v);
	}
	v = store_notice_detail(details, "at");
	md_set(root, "at", v);
	free(v);
	v = store_notice_detail(details, "now");
	md_set(root, "now", v != NULL && strcmp(v, "1") == 0 ? "yes" : "no");
	free(v);
	if ((p = play_roster_find(&ctx->roster, player)) != NULL &&
	    !p->removed)
		tell(ctx, doc, p, "takes");
	from = store_notice_detail(details, "from");
	for (w = from; w != NULL && *w != '\0' && !ctx->failed; w = sp) {
		if ((sp = strchr(w, ' ')) != NULL)
			*sp++ = '\0';
		if ((p = play_roster_find(&ctx->roster, w)) != NULL &&
		    !p->removed)
			tell(ctx, doc, p, "loses");
	}
	free(from);
	xmlFreeDoc(doc);
}
