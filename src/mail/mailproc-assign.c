/* mailproc-assign.c: changes of command by mail, and telling the players
 * (docs/mail-commands.md, "Authority"; play-assign.h).
 *
 *   ASSIGN SHIP s TO player		the side's admiral, or the GM
 *   ASSIGN SQUADRON q TO player	the same
 *   ASSIGN SHIP s TO SQUADRON q	the same: s joins squadron q
 *   ... NOW				the GM only: at once
 *   ASSIGN SQUADRON q STANDING order	the same: q's standing order
 *					(NONE takes it back)
 *
 * An admiral's change (a standing order too) waits for the start of the
 * next turn (the ruleset's command-delay), so the orders already sent
 * stand and are played; the GM's too, unless NOW, when every set in
 * force naming the moved ships is rewritten without them in the mail's
 * transaction.  The notice goes to the player who takes the ships and to
 * each who loses some; a standing order's to the squadron's captain;
 * ships moved into a squadron nobody commands, to the side's admiral
 * (else the GM). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "play-assign.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

#define ASSIGN_FORMS	"ASSIGN SHIP ship TO player, ASSIGN SQUADRON " \
	"squadron TO player, ASSIGN SHIP ship TO SQUADRON squadron or ASSIGN " \
	"SQUADRON squadron STANDING order"

/* Does the sender speak for his side: its admiral, or its only player
 * (docs/mail-commands.md, "Authority")? */
static int
speaks_for_side(struct mp_ctx *ctx)
{
	const struct play_player *me = play_roster_find(&ctx->roster,
	    ctx->player->id);

	return ctx->player->admiral || (me != NULL && me->sole);
}

/* The side the assignment is within: the admiral's, or for the GM the
 * side of the player named. */
static int
may_assign(struct mp_ctx *ctx, const struct mp_cmd *c, int now)
{
	const struct play_player *p = play_roster_find(&ctx->roster,
	    c->argv[3]);
	struct buf	b = BUF_INIT;
	size_t		i;

	if (now && !ctx->is_gm) {
		mp_error(ctx, c->line, "'%s': only the GM may reassign at "
		    "once (NOW); write %s: it takes effect at the start of "
		    "the next turn", c->text, ASSIGN_FORMS);
		return 0;
	}
	if (!ctx->is_gm && !speaks_for_side(ctx)) {
		mp_error(ctx, c->line, "'%s': only the admiral of side %s (or "
		    "the GM) may assign ships and squadrons; ask your admiral "
		    "(PRESS TO %s)", c->text, ctx->player->side,
		    ctx->player->side);
		return 0;
	}
	if (p != NULL && !p->removed && (ctx->is_gm ||
	    strcmp(p->side, ctx->player->side) == 0))
		return 1;
	/* What is accepted: the players who may take them. */
	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed && (ctx->is_gm ||
		    strcmp(ctx->roster.p[i].side, ctx->player->side) == 0))
			buf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
			    ctx->roster.p[i].id);
	mp_error(ctx, c->line, "'%s': %s is no player of %s%s; %s: %s",
	    c->text, c->argv[3], ctx->is_gm ? "game " : "side ",
	    ctx->is_gm ? ctx->g->id : ctx->player->side, ctx->is_gm ?
	    "its players" : "the side's players", buf_str(&b));
	buf_free(&b);
	return 0;
}

/* ASSIGN SHIP s TO SQUADRON q [NOW]: the admiral of q's side, or the
 * GM.  1 when c is that form (handled), else 0. */
static int
is_join(const struct mp_cmd *c)
{
	return (c->argc == 5 || (c->argc == 6 &&
	    strcasecmp(c->argv[5], "NOW") == 0)) &&
	    strcasecmp(c->argv[0], "SHIP") == 0 &&
	    strcasecmp(c->argv[2], "TO") == 0 &&
	    strcasecmp(c->argv[3], "SQUADRON") == 0;
}

/* The admiral's side must be the squadron's (the engine says which
 * squadrons there are: play_assign refuses an unknown one). */
static int
may_join(struct mp_ctx *ctx, const struct mp_cmd *c, int now)
{
	if (now && !ctx->is_gm) {
		mp_error(ctx, c->line, "'%s': only the GM may move a ship at "
		    "once (NOW); write ASSIGN SHIP ship TO SQUADRON squadron: "
		    "it takes effect at the start of the next turn", c->text);
		return 0;
	}
	if (!ctx->is_gm && !speaks_for_side(ctx)) {
		mp_error(ctx, c->line, "'%s': only the admiral of side %s (or "
		    "the GM) may move ships between squadrons", c->text,
		    ctx->player->side);
		return 0;
	}
	return 1;
}

/* Makes the change a (what[0] the ship or squadron), audits it and
 * answers: 0, also when refused (the error said), or -1. */
static int
assign_run(struct mp_ctx *ctx, const struct mp_cmd *c, struct play_assign *a)
{
	struct play_assigned	 out;
	xmlNodePtr		 part;
	char			*cause = NULL, *details;
	enum play_code		 rc;

	a->game = ctx->g->id;
	a->by_gm = ctx->is_gm;
	a->nwhat = 1;
	a->source = STORE_SOURCE_MAIL;
	a->actor = ctx->actor;
	a->time = ctx->now;
	rc = play_assign(ctx->mp->store, ctx->mp->datadir, a, &out, &cause);
	if (rc == PLAY_REFUSED) {
		mp_error(ctx, c->line, "'%s': %s", c->text, cause);
		free(cause);
		return 0;
	}
	if (mp_check_play(ctx, rc, &cause) != 0)
		return -1;
	details = xasprintf("%s %s %s %s from the start of turn %d%s",
	    a->squadron ? "squadron" : "ship", a->what[0], a->into != NULL ?
	    "into squadron" : "to", a->into != NULL ? a->into : a->player,
	    out.turn, a->now ? " (at once)" : "");
	if (mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "assign", details, &cause), &cause) == 0) {
		part = mp_part(ctx, "assign");
		md_set(part, "player", a->player);
		md_set(part, "into", a->into != NULL ? "yes" : NULL);
		md_set(part, a->squadron ? "squadron" : a->into != NULL ?
		    "squadron" : "ship", a->into != NULL ? a->into :
		    a->what[0]);
		md_set(part, "ships", out.ships);
		md_set_int(part, "turn", out.turn);
		md_set(part, "now", a->now ? "yes" : "no");
		md_set(part, "rewritten", out.rewritten[0] != '\0' ?
		    out.rewritten : NULL);
	}
	free(details);
	play_assigned_free(&out);
	return ctx->failed ? -1 : 0;
}

static int
join_cmd(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_assign	 a;
	const char		*what[1];
	int			 now = c->argc == 6;

	if (!may_join(ctx, c, now))
		return 0;
	str_lower(c->argv[1]);
	str_lower(c->argv[4]);
	what[0] = c->argv[1];
	memset(&a, 0, sizeof a);
	a.what = what;
	a.into = c->argv[4];
	a.now = now;
	a.side = ctx->is_gm ? NULL : ctx->player->side;
	return assign_run(ctx, c, &a);
}

/* --- a squadron's standing order ----------------------------------------- */

/* ASSIGN SQUADRON q STANDING words [NOW]: the squadron's standing order,
 * which its ships take when they have no other order (a captain who
 * missed the deadline; docs/orders.md, "Standing orders").  It acts from
 * the start of the next turn (the ruleset's command-delay; the binding
 * ruling on big battles, docs/mail-commands.md), so that this turn's
 * orders and the standing order the captains found stand; the GM's NOW sets it at once, as a correction of
 * the open turn's state (play_standing_set). */
static int
is_standing(const struct mp_cmd *c)
{
	return c->argc >= 4 && strcasecmp(c->argv[0], "SQUADRON") == 0 &&
	    strcasecmp(c->argv[2], "STANDING") == 0;
}

/* The squadron of the line, if the sender may set its standing order:
 * its index, or -1 (the error said). */
static int
standing_squadron(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	const struct nv_state	*st = ctx->pg.st;
	const char		*side = ctx->is_gm ? NULL : ctx->player->side;
	char			*why;
	int			 q;

	if (!ctx->is_gm && !speaks_for_side(ctx)) {
		mp_error(ctx, c->line, "'%s': only the admiral of side %s (or "
		    "the GM) may set a squadron's standing order; as its "
		    "captain, write SQUADRON %s STANDING ... with your orders",
		    c->text, ctx->player->side, c->argv[1]);
		return -1;
	}
	str_lower(c->argv[1]);
	q = state_squadron_index(st, c->argv[1]);
	if (q >= 0 && (side == NULL ||
	    strcmp(st->sides[st->squadrons[q].side].id, side) == 0)) {
		if (play_may_command(&ctx->pg, ctx->is_gm,
		    st->squadrons[q].side, &why) == PLAY_OK)
			return q;
		mp_error(ctx, c->line, "'%s': %s", c->text, why);
		free(why);
		return -1;
	}
	why = play_squadrons_of(st, c->argv[1], side);
	mp_error(ctx, c->line, "'%s': %s", c->text, why);
	free(why);
	return -1;
}

/* The words after STANDING up to argv[end - 1], one space between. */
static char *
standing_words(const struct mp_cmd *c, size_t end)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 3; i < end; i++)
		buf_printf(&b, "%s%s", i > 3 ? " " : "", c->argv[i]);
	return buf_detach(&b);
}

/* The errors of d as the mail's, on the command's line. */
static void
standing_errors(struct mp_ctx *ctx, const struct mp_cmd *c,
    const struct diag *d)
{
	size_t	i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].level == DIAG_ERROR)
			mp_error(ctx, c->line, "'%s': %s", c->text,
			    d->v[i].msg);
}

/* A last word NOW after the order is the GM's "at once", never a word of
 * the order.  -1 (the error said) for an admiral's. */
static int
standing_now(struct mp_ctx *ctx, const struct mp_cmd *c, int *now)
{
	*now = c->argc >= 5 && strcasecmp(c->argv[c->argc - 1], "NOW") == 0;
	if (!*now || ctx->is_gm)
		return 0;
	mp_error(ctx, c->line, "'%s': only the GM may set a standing order at "
	    "once (NOW); write ASSIGN SQUADRON %s STANDING order: it acts "
	    "from the start of the next turn", c->text, c->argv[1]);
	return -1;
}

static int
standing_cmd(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_standing	 o;
	struct nv_state		*next = NULL;
	struct diag		 d = DIAG_INIT;
	xmlNodePtr		 part;
	char			*words = NULL, *norm = NULL, *cause = NULL;
	char			*details;
	enum play_code		 rc;
	int			 q, none, now, at;

	if ((q = standing_squadron(ctx, c)) < 0 ||
	    standing_now(ctx, c, &now) != 0)
		return 0;
	words = standing_words(c, c->argc - (size_t)now);
	none = strcasecmp(words, "NONE") == 0;
	if (!none && play_standing_check(ctx->pg.st,
	    ctx->pg.st->squadrons[q].side, ctx->pg.st->squadrons[q].id, words,
	    &norm, &d) != 0) {
		standing_errors(ctx, c, &d);
		goto out;
	}
	memset(&o, 0, sizeof o);
	o.game = ctx->g->id;
	o.squadron = ctx->pg.st->squadrons[q].id;
	o.words = none ? "" : norm;
	o.now = now;
	o.by = ctx->is_gm ? NULL : ctx->player->id;
	o.actor = ctx->actor;
	o.time = ctx->now;
	rc = play_standing_set(ctx->mp->store, &ctx->pg, &ctx->roster,
	    ctx->turn, &o, &at, &next, &d, &cause);
	if (rc == PLAY_INPUT) {
		standing_errors(ctx, c, &d);
		free(cause);
		goto out;
	}
	if (mp_check_play(ctx, rc, &cause) != 0)
		goto out;
	details = xasprintf("squadron %s standing %s from the start of turn "
	    "%d%s", o.squadron, none ? "NONE" : norm, at, now ?
	    " (at once)" : "");
	if (mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id,
	    ctx->now, ctx->actor, "assign", details, &cause), &cause) == 0) {
		part = mp_part(ctx, "assign");
		md_set(part, "squadron", o.squadron);
		md_set(part, "standing", none ? "NONE" : norm);
		md_set_int(part, "turn", at);
		md_set(part, "now", now ? "yes" : "no");
	}
	free(details);
	/* At once: the rest of the mail reads the state as it is now. */
	if (next != NULL) {
		state_free(ctx->pg.st);
		ctx->pg.st = next;
		next = NULL;
	}
out:
	state_free(next);
	diag_free(&d);
	free(words);
	free(norm);
	return ctx->failed ? -1 : 0;
}

int
mp_cmd_assign(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct play_assign	 a;
	const char		*what[1];
	int			 now;

	if (is_join(c))
		return join_cmd(ctx, c);
	if (is_standing(c))
		return standing_cmd(ctx, c);
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
	str_lower(c->argv[1]);
	what[0] = c->argv[1];
	memset(&a, 0, sizeof a);
	a.squadron = strcasecmp(c->argv[0], "SQUADRON") == 0;
	a.what = what;
	a.player = play_roster_find(&ctx->roster, c->argv[3])->id;
	a.now = now;
	return assign_run(ctx, c, &a);
}

/* A notice's details under root: each of keys (none when empty), and
 * now ("yes" for 1, else "no"). */
static void
notice_details(xmlNodePtr root, const char *details, const char *const *keys,
    size_t n)
{
	char	*v;
	size_t	 i;

	for (i = 0; i < n; i++) {
		v = store_notice_detail(details, keys[i]);
		md_set(root, keys[i], v != NULL && *v != '\0' ? v : NULL);
		free(v);
	}
	v = store_notice_detail(details, "now");
	md_set(root, "now", v != NULL && strcmp(v, "1") == 0 ? "yes" : "no");
	free(v);
}

/* How change c concerns player id: "takes", "loses" (he is one of those
 * who had the ships), or NULL. */
static const char *
role_of(const struct mp_assign_change *c, const char *id)
{
	const char	*how = NULL;
	char		*from, *w, *sp;

	if (strcmp(c->player, id) == 0)
		return "takes";
	from = store_notice_detail(c->details, "from");
	for (w = from; how == NULL && w != NULL && *w != '\0'; w = sp) {
		if ((sp = strchr(w, ' ')) != NULL)
			*sp++ = '\0';
		if (strcmp(w, id) == 0)
			how = "loses";
	}
	free(from);
	return how;
}

/* Change c, as the reader (how) sees it, on element n. */
static void
change_attrs(xmlNodePtr n, const struct mp_assign_change *c, const char *how)
{
	static const char *const keys[] = { "ships", "from", "rewritten",
	    "squadron" };
	char	*v;

	md_set_int(n, "turn", c->turn);
	if (c->reason[0] != '\0')
		md_set(n, "reason", c->reason);
	md_set(n, "player", c->player);
	notice_details(n, c->details, keys, sizeof keys / sizeof keys[0]);
	v = store_notice_detail(c->details, "at");
	md_set(n, "at", v);
	free(v);
	md_set(n, "reader", how);
}

/* The mail to reader p of the changes of v that concern him (none: no
 * mail).  The root carries the first of them, as a mail of one change
 * always did (templates written for that keep working), and a <change>
 * each lists them all. */
static void
tell(struct mp_ctx *ctx, const struct mp_assign_change *v, size_t n,
    const struct play_player *p)
{
	xmlDocPtr	 doc = NULL;
	xmlNodePtr	 root = NULL;
	const char	*how;
	size_t		 i;

	for (i = 0; i < n; i++) {
		if ((how = role_of(&v[i], p->id)) == NULL)
			continue;
		if (doc == NULL) {
			doc = mp_doc(ctx, "reassigned");
			root = maildoc_root(doc);
			change_attrs(root, &v[i], how);
		}
		change_attrs(md_add(root, "change", NULL), &v[i], how);
	}
	if (doc == NULL)
		return;
	md_set(root, "reader-id", p->id);
	mp_clock(ctx, root, p->timezone);
	mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
}

/* Reader id (active, not told yet) told of the changes of v. */
static void
tell_once(struct mp_ctx *ctx, const struct mp_assign_change *v, size_t n,
    const char *id, unsigned char *told)
{
	const struct play_player *p = play_roster_find(&ctx->roster, id);
	size_t		 i;

	if (p == NULL || p->removed || ctx->failed)
		return;
	i = (size_t)(p - ctx->roster.p);
	if (told[i])
		return;
	told[i] = 1;
	tell(ctx, v, n, p);
}

/* The readers in the order of the changes: each change's taker, then
 * those who lose the ships, as a mail of one change always was. */
void
mp_assign_notices(struct mp_ctx *ctx, const struct mp_assign_change *v,
    size_t n)
{
	unsigned char	*told = xcalloc(ctx->roster.np + 1, 1);
	char		*from, *w, *sp;
	size_t		 i;

	for (i = 0; i < n && !ctx->failed; i++) {
		tell_once(ctx, v, n, v[i].player, told);
		from = store_notice_detail(v[i].details, "from");
		for (w = from; w != NULL && *w != '\0'; w = sp) {
			if ((sp = strchr(w, ' ')) != NULL)
				*sp++ = '\0';
			tell_once(ctx, v, n, w, told);
		}
		free(from);
	}
	free(told);
}

/* The notice "standing": a squadron's standing order set by the admiral
 * (or the GM), to its captain (player). */
void
mp_standing_notice(struct mp_ctx *ctx, int turn, const char *player,
    const char *details)
{
	static const char *const keys[] = { "squadron", "standing", "at",
	    "by" };
	const struct play_player *p = play_roster_find(&ctx->roster, player);
	xmlDocPtr	 doc;
	xmlNodePtr	 root;

	if (p == NULL || p->removed)
		return;
	doc = mp_doc(ctx, "standing");
	root = maildoc_root(doc);
	md_set_int(root, "turn", turn);
	notice_details(root, details, keys, sizeof keys / sizeof keys[0]);
	md_set(root, "reader-id", p->id);
	mp_clock(ctx, root, p->timezone);
	mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
}

/* The notice "uncommanded": ships moved into a squadron no player
 * commands, to the side's admiral (player), else to the GM (NULL). */
void
mp_uncommanded_notice(struct mp_ctx *ctx, int turn, const char *player,
    const char *details)
{
	static const char *const keys[] = { "ships", "squadron", "side",
	    "at" };
	const struct play_player *p = NULL;
	const char	*to;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;

	if (player != NULL) {
		p = play_roster_find(&ctx->roster, player);
		if (p == NULL || p->removed)
			return;
		to = p->address;
	} else if ((to = mp_gm_address(ctx)) == NULL)
		return;
	doc = mp_doc(ctx, "uncommanded");
	root = maildoc_root(doc);
	md_set_int(root, "turn", turn);
	notice_details(root, details, keys, sizeof keys / sizeof keys[0]);
	md_set(root, "reader", p != NULL ? "admiral" : "gm");
	md_set(root, "reader-id", p != NULL ? p->id : NULL);
	mp_clock(ctx, root, p != NULL ? p->timezone : NULL);
	mp_send(ctx, to, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
}
