/* mailproc-notice.c: telling the players what the GM did, and the end of
 * the game (docs/mail-commands.md, "Notices").
 *
 * Whoever acts (navarch, or the daemon on a GM's mail or at a deadline)
 * writes a notice in the transaction of the act (store_notice_add); here
 * each pending notice of a game is worded for each reader it concerns,
 * queued, and marked sent, in one transaction: at the end of the mail
 * that made it, or at the next tick for navarch's.  So every act is told
 * exactly once, whichever program did it, and a crash before the commit
 * leaves the notice to be told again, never lost.
 *
 * Who is told: a player seated gets a welcome (the game, the side, the
 * ships, the password or where it comes from, the deadline, how to send
 * orders, the map, the seed commitment); a player who loses a seat is
 * told, and the other players that it changed hands; the clock's moves
 * and a rollback go to every player and observer; orders the GM entered
 * go to their player; the end of the game goes to everybody, with the
 * final report, the seed, the archive and the command that verifies it. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hex.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "map.h"
#include "play-end.h"
#include "play-record.h"
#include "report.h"
#include "ruleset.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

/* The MIME type and name of the archive attached to the final mail. */
#define MP_ARCHIVE_TYPE	"application/xml"

/* A pending notice, copied out of the store's walk. */
struct notice {
	int64_t			 id;
	enum store_notice_kind	 kind;
	int			 turn;
	char			*player;	/* NULL: the whole game */
	char			*reason;
	char			*details;
	char			*secret;	/* NULL */
	size_t			 told;		/* 0, or 1 + the index of the
						 * notice whose mails told it */
};

struct notices {
	struct notice	*v;
	size_t		 n;
};

static int
pending_cb(const struct store_notice *sn, void *arg)
{
	struct notices	*ns = arg;
	struct notice	*n;

	ns->v = xreallocarray(ns->v, ns->n + 1, sizeof *ns->v);
	n = &ns->v[ns->n++];
	n->id = sn->id;
	n->kind = sn->kind;
	n->turn = sn->turn;
	n->player = sn->player != NULL ? xstrdup(sn->player) : NULL;
	n->reason = xstrdup(sn->reason);
	n->details = xstrdup(sn->details);
	n->secret = sn->secret != NULL ? xstrdup(sn->secret) : NULL;
	n->told = 0;
	return 0;
}

static void
notices_free(struct notices *ns)
{
	size_t	i;

	for (i = 0; i < ns->n; i++) {
		free(ns->v[i].player);
		free(ns->v[i].reason);
		free(ns->v[i].details);
		if (ns->v[i].secret != NULL) {
			explicit_bzero(ns->v[i].secret,
			    strlen(ns->v[i].secret));
			free(ns->v[i].secret);
		}
	}
	free(ns->v);
}

/* A number from the notice's details; def when absent. */
static int64_t
detail_num(const struct notice *n, const char *key, int64_t def)
{
	char	*v = store_notice_detail(n->details, key);
	long	 l;

	if (v != NULL && str_to_long(v, -1, LONG_MAX, &l) == 0)
		def = l;
	free(v);
	return def;
}

const char *
mp_zone_of(const struct mp_ctx *ctx, const char *address)
{
	size_t	i;

	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    strcmp(ctx->roster.p[i].address, address) == 0)
			return ctx->roster.p[i].timezone;
	return "";
}

/* --- readers --------------------------------------------------------------- */

static int
observer_cb(const char *address, void *arg)
{
	struct buf	*b = arg;

	buf_adds(b, address);
	buf_addc(b, '\n');
	return 0;
}

void
mp_observers(struct mp_ctx *ctx, struct buf *out)
{
	char	*cause = NULL;

	mp_check(ctx, store_observer_list(ctx->mp->store, ctx->g->id,
	    observer_cb, out, &cause), &cause);
}

/* Every active player but skip (NULL: none), then the observers, then the
 * GM when gm is set: addresses, one a line. */
static void
readers(struct mp_ctx *ctx, const char *skip, int observers, int gm,
    struct buf *out)
{
	const char	*g = mp_gm_address(ctx);
	size_t		 i;

	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed && (skip == NULL ||
		    strcmp(ctx->roster.p[i].id, skip) != 0))
			buf_printf(out, "%s\n", ctx->roster.p[i].address);
	if (observers)
		mp_observers(ctx, out);
	if (gm && g != NULL)
		buf_printf(out, "%s\n", g);
}

/* Makes doc for each address of list (doc_fn fills the reader's part:
 * its clock) and queues it. */
static void
send_each(struct mp_ctx *ctx, const char *list, xmlDocPtr doc,
    const char *clock_name, const struct notice *n)
{
	const char	*p, *nl;
	xmlNodePtr	 root = maildoc_root(doc), c;
	char		*to;

	for (p = list; !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		c = NULL;
		if (clock_name != NULL) {
			/* The clock as the notice recorded it, on the
			 * reader's own clock. */
			mp_clock_at(root, clock_name,
			    detail_num(n, "paused", 0) ? STORE_GAME_PAUSED :
			    (int)ctx->g->status == STORE_GAME_ENDED ?
			    STORE_GAME_ENDED : STORE_GAME_PLAYING,
			    detail_num(n, "deadline", 0),
			    detail_num(n, "left", -1), ctx->now,
			    mp_zone_of(ctx, to));
			c = root->last;
		}
		mp_send(ctx, to, doc, MAILPROC_AUTO_GENERATED);
		if (c != NULL) {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		}
		free(to);
	}
}

/* The document of a notice about the game, with the GM's reason. */
static xmlDocPtr
notice_doc(struct mp_ctx *ctx, const char *kind, const struct notice *n)
{
	xmlDocPtr	doc = mp_doc(ctx, kind);
	xmlNodePtr	root = maildoc_root(doc);

	md_set_int(root, "turn", n->turn);
	if (n->reason[0] != '\0')
		md_set(root, "reason", n->reason);
	return doc;
}

/* --- the clock and rollbacks ------------------------------------------------ */

static void
clock_notice(struct mp_ctx *ctx, const struct notice *n)
{
	static const char *const change[] = {
		[STORE_NOTICE_PAUSED] = "paused",
		[STORE_NOTICE_RESUMED] = "resumed",
		[STORE_NOTICE_DEADLINE] = "deadline",
	};
	struct buf	 to = BUF_INIT;
	xmlDocPtr	 doc = notice_doc(ctx, "clock-change", n);
	int64_t		 was = detail_num(n, "was", 0);

	md_set(maildoc_root(doc), "change", change[n->kind]);
	mp_set_when(maildoc_root(doc), "was", was);
	readers(ctx, NULL, 1, 0, &to);
	send_each(ctx, buf_str(&to), doc, "clock", n);
	xmlFreeDoc(doc);
	buf_free(&to);
}

static void
rollback_notice(struct mp_ctx *ctx, const struct notice *n)
{
	struct buf	 to = BUF_INIT;
	xmlDocPtr	 doc = notice_doc(ctx, "rolled-back", n);

	md_set_int(maildoc_root(doc), "to-turn", n->turn);
	md_set_int(maildoc_root(doc), "from-turn", detail_num(n, "from",
	    n->turn));
	readers(ctx, NULL, 1, 0, &to);
	send_each(ctx, buf_str(&to), doc, NULL, n);
	xmlFreeDoc(doc);
	buf_free(&to);
}

/* The superseded states of turn + 1: the report of turn was sent before
 * and is void. */
struct superseded {
	int	turn;
	int	found;
};

static int
history_cb(const struct store_state_info *i, void *arg)
{
	struct superseded	*s = arg;

	if (i->turn == s->turn + 1 && i->superseded)
		s->found = 1;
	return 0;
}

struct rollback_why {
	int	 turn;
	char	*reason;
};

static int
why_cb(const struct store_audit *a, void *arg)
{
	struct rollback_why *w = arg;
	int		 to, n = 0;

	if (strcmp(a->action, "rollback") == 0 && a->details != NULL &&
	    sscanf(a->details, "to the start of turn %d: %n", &to, &n) == 1 &&
	    n > 0 && to <= w->turn) {
		free(w->reason);
		w->reason = xstrdup(a->details + n);
	}
	return 0;
}

int
mp_replaces(struct mp_ctx *ctx, int turn, char **reason)
{
	struct superseded	 s = { turn, 0 };
	struct rollback_why	 w = { turn, NULL };
	char			*cause = NULL;

	*reason = NULL;
	if (mp_check(ctx, store_state_history(ctx->mp->store, ctx->g->id,
	    history_cb, &s, &cause), &cause) != 0 || !s.found)
		return 0;
	if (mp_check(ctx, store_audit_list(ctx->mp->store, ctx->g->id, why_cb,
	    &w, &cause), &cause) != 0) {
		free(w.reason);
		return 0;
	}
	*reason = w.reason != NULL ? w.reason : xstrdup("");
	return 1;
}

/* --- seats ------------------------------------------------------------------ */

static void
ship_list(struct mp_ctx *ctx, xmlNodePtr parent, const struct play_player *p)
{
	const struct nv_state	*st = ctx->pg.st;
	const struct nv_ship	*s;
	xmlNodePtr		 n;
	char			 hex[8];
	size_t			 i, j;
	int			 side = state_side_index(st, p->side), mine;
	int			 digits = hex_digits(st->columns, st->rows);

	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		mine = p->sole && s->side == side;
		for (j = 0; !mine && j < p->nships; j++)
			mine = strcmp(p->ships[j], s->id) == 0;
		if (!mine)
			continue;
		n = md_add(parent, "ship", NULL);
		md_set(n, "id", s->id);
		md_set(n, "name", s->name);
		md_set(n, "class", st->rs->classes[s->cls].id);
		md_set(n, "class-name", st->rs->classes[s->cls].name);
		md_set(n, "hex", ship_on_map(s) ? hex_format(s->hex, digits,
		    hex) : NULL);
		md_set(n, "facing", dir_name(s->facing));
	}
}

/* Of the side's order lines (all), those for the ships p commands: the
 * template is legal as it stands, sent back unedited (issue 14). */
static void
own_lines(const struct play_player *p, const char *all, struct buf *out)
{
	const char	*l, *nl, *id;
	size_t		 i, len;
	int		 mine;

	for (l = all; *l != '\0'; l = *nl != '\0' ? nl + 1 : nl) {
		nl = l + strcspn(l, "\n");
		id = l + strcspn(l, " ") + 1;	/* "SHIP id ..." */
		len = strcspn(id, " \n");
		mine = p->sole;
		for (i = 0; !mine && i < p->nships; i++)
			mine = strlen(p->ships[i]) == len &&
			    strncmp(p->ships[i], id, len) == 0;
		if (mine)
			buf_printf(out, "%.*s\n", (int)(nl - l), l);
	}
}

static void
welcome(struct mp_ctx *ctx, const struct notice *n)
{
	const struct play_player *p = play_roster_find(&ctx->roster,
	    n->player);
	struct map_opts		 mo = MAP_OPTS_INIT;
	struct buf		 b = BUF_INIT, own = BUF_INIT;
	unsigned char		*sv, *wv;
	xmlDocPtr		 doc;
	xmlNodePtr		 root, seat;
	int			 side;

	if (p == NULL || p->removed)
		return;		/* removed before the notice went out */
	side = state_side_index(ctx->pg.st, p->side);
	doc = notice_doc(ctx, "welcome", n);
	root = maildoc_root(doc);
	mp_clock(ctx, root, p->timezone);
	seat = md_add(root, "seat", NULL);
	md_set(seat, "player", p->id);
	md_set(seat, "side", p->side);
	md_set(seat, "side-name", side >= 0 ? ctx->pg.st->sides[side].name :
	    NULL);
	md_set(seat, "ruleset", ctx->g->ruleset);
	md_set(seat, "commitment", ctx->g->seed_commitment);
	md_set(seat, "sole", p->sole ? "yes" : "no");
	if (p->timezone[0] != '\0')
		md_set(seat, "timezone", p->timezone);
	if (n->secret != NULL)
		md_set(seat, "password", n->secret);
	ship_list(ctx, seat, p);
	report_fog_map(ctx->pg.st, side, &mo, &sv, &wv);
	map_render(ctx->pg.st, &mo, &b);
	md_lines(md_add(root, "map", NULL), "line", buf_str(&b));
	buf_reset(&b);
	if (side >= 0 && ctx->pg.st->result.kind == NV_RESULT_PLAYING)
		report_order_lines(ctx->pg.st, side, &b);
	buf_reset(&own);
	own_lines(p, buf_str(&b), &own);
	md_lines(md_add(root, "order-template", NULL), "line", buf_str(&own));
	/* Its body holds the password: the outbox keeps no copy once it
	 * is sent (store_outbox_new.secret). */
	ctx->secret = n->secret != NULL;
	mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	ctx->secret = 0;
	free(sv);
	free(wv);
	buf_free(&b);
	buf_free(&own);
	xmlFreeDoc(doc);
}

/* A seat changed hands (replaced) or was emptied (removed): the one who
 * lost it is told at the address they had, the others that it changed. */
static void
seat_notice(struct mp_ctx *ctx, const struct notice *n)
{
	const struct play_player *p = play_roster_find(&ctx->roster,
	    n->player);
	const char	*how = n->kind == STORE_NOTICE_REPLACED ? "replaced" :
	    "removed";
	char		*old = store_notice_detail(n->details, "address");
	struct buf	 to = BUF_INIT;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;

	doc = notice_doc(ctx, "unseated", n);
	root = maildoc_root(doc);
	md_set(root, "how", how);
	md_set(root, "player", n->player);
	md_set(root, "side", p != NULL ? p->side : NULL);
	if (old != NULL && *old != '\0')
		mp_send(ctx, old, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
	doc = notice_doc(ctx, "seat-change", n);
	root = maildoc_root(doc);
	md_set(root, "how", how);
	md_set(root, "player", n->player);
	md_set(root, "side", p != NULL ? p->side : NULL);
	readers(ctx, n->player, 0, 0, &to);
	send_each(ctx, buf_str(&to), doc, NULL, n);
	xmlFreeDoc(doc);
	buf_free(&to);
	free(old);
}

/* Orders the GM entered for a player: the player sees them. */
static void
orders_notice(struct mp_ctx *ctx, const struct notice *n)
{
	const struct play_player *p = play_roster_find(&ctx->roster,
	    n->player);
	xmlDocPtr	 doc;
	char		*in;

	if (p == NULL || p->removed || n->turn != ctx->turn)
		return;		/* gone, or the turn was played meanwhile */
	doc = notice_doc(ctx, "orders-entered", n);
	mp_clock(ctx, maildoc_root(doc), p->timezone);
	in = mp_orders_in_force_of(ctx, p->id);
	md_lines(md_add(maildoc_root(doc), "in-force", NULL), "line", in);
	mp_send(ctx, p->address, doc, MAILPROC_AUTO_GENERATED);
	free(in);
	xmlFreeDoc(doc);
}

/* A turn navarch played: its reports, as the daemon's own.  Only the
 * last turn played is reported: an earlier one's report would be stale
 * (several turns played before the daemon ran), and one rolled back
 * since is void. */
static void
reports_notice(struct mp_ctx *ctx, const struct notice *n)
{
	char		*who, *p, *c;
	struct mp_missed *m;
	const struct play_player *pl;
	size_t		 nm = 0;
	int		 limit = ctx->mp->missed_limit, v;

	if (n->turn != ctx->turn - 1)
		return;
	who = store_notice_detail(n->details, "missed");
	c = mp_setting(ctx->g, "missed_limit");
	if (c != NULL && str_to_int(c, 1, 1 << 30, &v) == 0)
		limit = v;
	free(c);
	m = xcalloc(ctx->roster.np + 1, sizeof *m);
	for (p = who; p != NULL && *p != '\0' && nm < ctx->roster.np; p = c) {
		if ((c = strchr(p, ',')) != NULL)
			*c++ = '\0';
		p += strspn(p, " ");
		if ((pl = play_roster_find(&ctx->roster, p)) == NULL)
			continue;
		m[nm].player = pl->id;
		m[nm].count = pl->missed;
		m[nm++].limit = limit;
	}
	mp_queue_reports_of(ctx, n->turn, m, nm);
	free(m);
	free(who);
}

/* --- the end ---------------------------------------------------------------- */

/* The final mail to one reader: the result, the seed, the command that
 * verifies the archive attached, then the final report. */
static void
final_one(struct mp_ctx *ctx, const struct notice *n, const char *to,
    enum report_reader reader, const char *side, const struct buf *archive,
    const char *archive_name)
{
	static const char *const readers_kind[] = {
		[REPORT_SIDE] = "side",
		[REPORT_GM] = "gm",
		[REPORT_OBSERVER] = "observer",
	};
	struct mailproc_attachment	 att[2];
	struct mp_report		 rep;
	struct buf			 body = BUF_INIT;
	const struct nv_result		*r = &ctx->pg.st->result;
	xmlDocPtr			 doc;
	xmlNodePtr			 root, res;
	char				*subject = NULL, *how, *cause = NULL;
	size_t				 na = 0;

	if (mp_report_final(ctx, reader, side, &rep, &cause) != 0) {
		mp_fail(ctx, "%s", cause);
		free(cause);
		return;
	}
	how = store_notice_detail(n->details, "how");
	doc = notice_doc(ctx, "final", n);
	root = maildoc_root(doc);
	md_set(root, "reader", readers_kind[reader]);
	md_set(root, "side", side);
	md_set_int(root, "played", rep.turn);
	res = md_add(root, "result", NULL);
	md_set(res, "how", how != NULL ? how : "rules");
	md_set(res, "kind", r->kind == NV_RESULT_WON ? "won" : "drawn");
	md_set(res, "winner", r->winner >= 0 ?
	    ctx->pg.st->sides[r->winner].id : NULL);
	md_set(res, "reason", r->reason);
	md_set(root, "seed", ctx->g->seed);
	md_set(root, "commitment", ctx->g->seed_commitment);
	md_set(root, "archive", archive_name);
	md_setf(root, "verify", "navarch replay --archive %s --verify",
	    archive_name);
	if (mp_word(ctx, doc, &subject, &body) == 0) {
		buf_printf(&body, "\n%s", rep.text);
		att[na].name = archive_name;
		att[na].type = MP_ARCHIVE_TYPE;
		att[na].data = buf_str(archive);
		att[na++].len = archive->len;
		if (rep.svg != NULL) {
			att[na].name = rep.svg_name;
			att[na].type = MP_SVG_TYPE;
			att[na].data = rep.svg;
			att[na++].len = rep.svg_len;
		}
		mp_queue_with(ctx, to, subject, buf_str(&body),
		    MAILPROC_AUTO_GENERATED, att, na);
	}
	free(subject);
	free(how);
	buf_free(&body);
	mp_report_free(&rep);
	xmlFreeDoc(doc);
}

static int
archive_add(const char *p, size_t n, void *arg)
{
	buf_add(arg, p, n);
	return 0;
}

static void
final_notice(struct mp_ctx *ctx, const struct notice *n)
{
	struct buf		 archive = BUF_INIT, obs = BUF_INIT;
	const char		*gm = mp_gm_address(ctx), *p, *nl;
	char			*name, *cause = NULL, *to;
	size_t			 i;

	if (ctx->g->status != STORE_GAME_ENDED)
		return;		/* rolled back and playing again */
	/* The seed is revealed: the archive carries it, so that anyone can
	 * check every die.  Read a turn at a time: the mails hold the
	 * archive's text, and nothing else grows with the game. */
	if (mp_check(ctx, play_archive_stored(ctx->mp->store, ctx->g->id, 1,
	    archive_add, &archive, &cause), &cause) != 0) {
		buf_free(&archive);
		return;
	}
	name = xasprintf("%s-archive.xml", ctx->g->id);
	for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
		if (!ctx->roster.p[i].removed)
			final_one(ctx, n, ctx->roster.p[i].address,
			    REPORT_SIDE, ctx->roster.p[i].side, &archive,
			    name);
	if (!ctx->failed && gm != NULL)
		final_one(ctx, n, gm, REPORT_GM, NULL, &archive, name);
	if (!ctx->failed)
		mp_observers(ctx, &obs);
	for (p = buf_str(&obs); !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		final_one(ctx, n, to, REPORT_OBSERVER, NULL, &archive, name);
		free(to);
	}
	free(name);
	buf_free(&obs);
	buf_free(&archive);
}

/* --- the walk ---------------------------------------------------------------- */

static void
one(struct mp_ctx *ctx, const struct notice *n)
{
	switch (n->kind) {
	case STORE_NOTICE_WELCOME:
		welcome(ctx, n);
		break;
	case STORE_NOTICE_REPLACED:
	case STORE_NOTICE_REMOVED:
		seat_notice(ctx, n);
		break;
	case STORE_NOTICE_PAUSED:
	case STORE_NOTICE_RESUMED:
	case STORE_NOTICE_DEADLINE:
		clock_notice(ctx, n);
		break;
	case STORE_NOTICE_ROLLBACK:
		rollback_notice(ctx, n);
		break;
	case STORE_NOTICE_ORDERS:
		orders_notice(ctx, n);
		break;
	case STORE_NOTICE_REPORTS:
		reports_notice(ctx, n);
		break;
	case STORE_NOTICE_ENDED:
		final_notice(ctx, n);
		break;
	case STORE_NOTICE_REASSIGNED:
		break;		/* reassigned(), with the others due */
	case STORE_NOTICE_STANDING:
		if (n->player != NULL)
			mp_standing_notice(ctx, n->turn, n->player,
			    n->details);
		break;
	case STORE_NOTICE_UNCOMMANDED:
		mp_uncommanded_notice(ctx, n->turn, n->player, n->details);
		break;
	case STORE_NOTICE_KIND_COUNT:
		break;
	}
}

/* The notices "reassigned" due with ns->v[lead] (pending now, made in
 * the same turn), told together: a player gets one mail listing every
 * change that concerns him, not one a change, and all before the report
 * of the turn they were made in (a GM seating a big battle squadron by
 * squadron, issue 14).  Each is marked told by lead. */
static void
reassigned(struct mp_ctx *ctx, struct notices *ns, size_t lead)
{
	struct mp_assign_change	*v;
	struct notice		*n;
	size_t			 i, nv = 0;

	v = xcalloc(ns->n - lead, sizeof *v);
	for (i = lead; i < ns->n; i++) {
		n = &ns->v[i];
		if (n->kind != STORE_NOTICE_REASSIGNED || n->told != 0 ||
		    n->turn != ns->v[lead].turn)
			continue;
		n->told = lead + 1;
		if (n->player == NULL)
			continue;
		v[nv].turn = n->turn;
		v[nv].player = n->player;
		v[nv].reason = n->reason;
		v[nv++].details = n->details;
	}
	mp_assign_notices(ctx, v, nv);
	free(v);
}

/* The game in hand afresh: an act of this mail (a turn played, the game
 * ended) may have changed it. */
static int
reload(struct mp_ctx *ctx)
{
	if (mp_refresh_game(ctx) != 0)
		return -1;
	mp_game_release(&ctx->pg);
	play_roster_free(&ctx->roster);
	return mp_load_game(ctx);
}

int
mp_notices(struct mp_ctx *ctx)
{
	struct notices	 ns = { NULL, 0 };
	const char	*about = ctx->about;
	char		*cause = NULL, *id;
	size_t		 i, j;
	unsigned	 seq;

	if (ctx->failed || mp_check(ctx, store_notice_pending(ctx->mp->store,
	    ctx->g->id, pending_cb, &ns, &cause), &cause) != 0)
		return -1;
	if (ns.n > 0 && reload(ctx) != 0) {
		notices_free(&ns);
		return -1;
	}
	for (i = 0; i < ns.n && !ctx->failed; i++) {
		if (ns.v[i].told != 0)
			continue;	/* told with an earlier one */
		/* A notice's mails have ids of their own, the same whichever
		 * mail or tick sends them (those of notices told together,
		 * the first one's). */
		id = xasprintf("notice %lld", (long long)ns.v[i].id);
		ctx->about = id;
		seq = ctx->seq;
		ctx->seq = 0;
		if (ns.v[i].kind == STORE_NOTICE_REASSIGNED)
			reassigned(ctx, &ns, i);
		else {
			one(ctx, &ns.v[i]);
			ns.v[i].told = i + 1;
		}
		ctx->about = about;
		ctx->seq = seq;
		free(id);
		for (j = i; j < ns.n && !ctx->failed; j++)
			if (ns.v[j].told == i + 1)
				mp_check(ctx, store_notice_done(ctx->mp->store,
				    ns.v[j].id, ctx->now, &cause), &cause);
	}
	notices_free(&ns);
	return ctx->failed ? -1 : 0;
}
