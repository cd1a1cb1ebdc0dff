/* mailproc-report.c: the report mails of a turn (docs/mail-commands.md,
 * docs/reports.md).
 *
 * The play layer makes each report (play_report): the text for its
 * reader and the map as an SVG picture with the same fog, so that the
 * picture hides what the text hides (the game's setting svg turns it
 * off).  The reports of the turn just played are made from the
 * adjudication's own result, each reader's once and mailed to each of
 * its addresses; a turn the daemon did not play (navarch adjudicate, a
 * notice), a past turn's report (RESEND) and the final report of an
 * ended game play that turn again, once for all their readers.  A big
 * battle's report goes out in parts, a mail each, of at
 * most report_ships ships (a game setting, 1000 by default): no mail, and
 * no report document in memory, grows with the battle. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "play.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

/* What the reports of one played turn are made of (play_played: the
 * state it started in and its result, the GM's corrections) and the
 * templates, compiled once for all its readers. */
struct mp_turn {
	struct play_played	 p;
	struct play_fixes	 fixes;
	struct play_templates	*tpl;
	struct play_roster	 roster;	/* who commands what after the
						   turn: the players' views */
};

static int
turn_open(struct mp_ctx *ctx, const struct nv_state *before,
    const struct play_result *r, struct mp_turn *mt, char **cause)
{
	memset(mt, 0, sizeof *mt);
	play_played(&mt->p, ctx->g->id, before, r);
	if (play_fixes_load(ctx->mp->store, ctx->g->id, &mt->fixes, cause) !=
	    PLAY_OK)
		return -1;
	mt->p.fixes = &mt->fixes;
	/* The commanders of the turn to come (a change of command due at
	 * its start is applied by now): whose ships each player's report
	 * puts first and his order template holds (none for a final report
	 * with no turn played, which is whole). */
	if (mt->p.after != NULL && play_roster_load(ctx->mp->store,
	    ctx->g->id, mt->p.turn + 1, mt->p.after, &mt->roster, cause) !=
	    PLAY_OK) {
		play_fixes_free(&mt->fixes);
		return -1;
	}
	mt->tpl = play_templates_new(play_templatedir(ctx->mp->templatedir));
	return 0;
}

static void
turn_close(struct mp_turn *mt)
{
	play_fixes_free(&mt->fixes);
	play_roster_free(&mt->roster);
	play_templates_free(mt->tpl);
	memset(mt, 0, sizeof *mt);
}

/* Ships a report part holds at most: the game's setting report_ships
 * (0: never in parts), else MAILPROC_REPORT_SHIPS. */
static size_t
part_ships(const struct mp_ctx *ctx)
{
	char	*v = mp_setting(ctx->g, "report_ships");
	int	 n = MAILPROC_REPORT_SHIPS;

	if (v != NULL && str_to_int(v, 0, INT_MAX, &n) != 0)
		n = MAILPROC_REPORT_SHIPS;
	free(v);
	return (size_t)n;
}

/* One reader's report of mt (or a part of it) as a mail carries it.  0,
 * or -1 with *cause and *out empty. */
/* What a report to to is made with: the picture unless the player's
 * preference, else the game's setting svg, says no; a player's own story
 * when the player asked for it (SET SVG, SET STORY;
 * docs/mail-commands.md). */
/* The active player a side's report to to goes to, or NULL. */
static const struct play_player *
player_at(const struct mp_ctx *ctx, enum report_reader reader,
    const char *to)
{
	const struct play_player *p = NULL;
	size_t			 i;

	for (i = 0; reader == REPORT_SIDE && to != NULL &&
	    i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    strcmp(ctx->roster.p[i].address, to) == 0)
			p = &ctx->roster.p[i];
	return p;
}

static unsigned
report_flags(const struct mp_ctx *ctx, enum report_reader reader,
    const char *to)
{
	const struct play_player *p = player_at(ctx, reader, to);
	unsigned		 flags;

	flags = (p != NULL && p->svg >= 0 ? p->svg : mp_setting_flag(ctx->g,
	    "svg", 1)) ? PLAY_REPORT_SVG : 0;
	if (p != NULL && p->story_own)
		flags |= PLAY_REPORT_OWN;
	return flags;
}

static int
turn_report(struct mp_ctx *ctx, struct mp_turn *mt,
    enum report_reader reader, const char *side, const struct play_part *pt,
    const struct play_view *view, unsigned flags, struct mp_report *out,
    char **cause)
{
	struct play_report	 r;
	int			 want = (flags & PLAY_REPORT_SVG) != 0, si;

	memset(out, 0, sizeof *out);
	si = reader == REPORT_SIDE ? state_side_index(mt->p.before, side) :
	    -1;
	if (reader == REPORT_SIDE && si < 0) {
		*cause = xasprintf("game %s has no side %s", ctx->g->id, side);
		return -1;
	}
	if (play_report(&mt->p, mt->tpl, reader, si, pt, view, flags, &r,
	    cause) != PLAY_OK)
		return -1;
	out->flags = flags;
	out->turn = mt->p.turn;
	out->reader = reader;
	out->side = side != NULL ? xstrdup(side) : NULL;
	if (pt != NULL && pt->ships != NULL) {
		out->part = pt->n;
		out->parts = pt->of;
	}
	out->text = buf_detach(&r.text);
	if (want) {
		out->svg_len = r.svg.len;
		out->svg = buf_detach(&r.svg);
		out->svg_name = out->parts > 1 ?
		    xasprintf("%s-turn-%d-part-%d.svg", ctx->g->id,
		    mt->p.turn, out->part) : xasprintf("%s-turn-%d.svg",
		    ctx->g->id, mt->p.turn);
	}
	play_report_free(&r);
	return 0;
}

void
mp_report_free(struct mp_report *r)
{
	free(r->side);
	free(r->text);
	free(r->svg);
	free(r->svg_name);
	free(r->lang);
	memset(r, 0, sizeof *r);
}

/* The words around a report to to: <mail kind="report" played reader
 * side again [part parts]>, a <replaces reason/> when it replaces one a
 * rollback voided, the next deadline on the reader's clock, and a
 * <missed player count limit/> per player who sent no orders (the GM's
 * only). */
static int
report_words(struct mp_ctx *ctx, const char *to, const struct mp_report *rep,
    int again, const struct mp_missed *m, size_t nm, char **subject,
    struct buf *after)
{
	static const char *const readers[] = {
		[REPORT_SIDE] = "side",
		[REPORT_GM] = "gm",
		[REPORT_OBSERVER] = "observer",
	};
	xmlDocPtr	 doc = mp_doc(ctx, "report");
	xmlNodePtr	 root = maildoc_root(doc), n;
	size_t		 i;
	int		 rc;

	md_set_int(root, "played", rep->turn);
	md_set(root, "reader", readers[rep->reader]);
	md_set(root, "side", rep->side);
	md_set(root, "again", again ? "yes" : "no");
	if (rep->parts > 1) {
		md_set_int(root, "part", rep->part);
		md_set_int(root, "parts", rep->parts);
	}
	if (ctx->replaces && !again) {
		n = md_add(root, "replaces", NULL);
		md_set(n, "reason", ctx->replaces_reason);
	}
	/* The next deadline, on the reader's own clock. */
	mp_clock(ctx, root, mp_zone_of(ctx, to));
	for (i = 0; rep->reader == REPORT_GM && i < nm; i++) {
		n = md_add(root, "missed", NULL);
		md_set(n, "player", m[i].player);
		md_set_int(n, "count", m[i].count);
		md_set_int(n, "limit", m[i].limit);
	}
	rc = mp_word_to(ctx, to, doc, subject, after);
	xmlFreeDoc(doc);
	return rc;
}

/* Queues a report mail to one address: the subject and what follows the
 * report's text (the GM's note of missed players) worded by mail.xsl
 * (kind "report"), rep's map attached when it has one.  again: sent
 * again on RESEND.  0 or -1 (failed). */
static int
queue_report(struct mp_ctx *ctx, const char *to,
    const struct mp_report *rep, int again, const struct mp_missed *m,
    size_t nm)
{
	struct mailproc_attachment	a;
	struct buf			after = BUF_INIT, body = BUF_INIT;
	char				*subject = NULL;
	int				rc;

	if ((rc = report_words(ctx, to, rep, again, m, nm, &subject,
	    &after)) != 0)
		goto out;
	buf_adds(&body, rep->text);
	if (after.len > 0)
		buf_printf(&body, "\n%s", buf_str(&after));
	a.name = rep->svg_name;
	a.type = MP_SVG_TYPE;
	a.data = rep->svg;
	a.len = rep->svg_len;
	rc = mp_queue_with(ctx, to, subject, buf_str(&body),
	    MAILPROC_AUTO_GENERATED, &a, rep->svg != NULL ? 1 : 0);
out:
	free(subject);
	buf_free(&after);
	buf_free(&body);
	return rc;
}

/* --- the admiral's directives (mailproc-directive.c) --------------------- */

/* The directives a player's report of a turn carries, copied. */
struct mp_directives {
	struct report_directive	*v;
	size_t			 n;
};

static int
directive_cb(const struct store_directive *d, void *arg)
{
	struct mp_directives	*ds = arg;
	struct report_directive	*r;

	ds->v = xreallocarray(ds->v, ds->n + 1, sizeof *ds->v);
	r = &ds->v[ds->n++];
	r->from = xstrdup(d->sender);
	r->turn = d->turn;
	r->text = xstrdup(d->text);
	return 0;
}

static void
directives_free(struct mp_directives *ds)
{
	size_t	i;

	for (i = 0; i < ds->n; i++) {
		free((char *)ds->v[i].from);
		free((char *)ds->v[i].text);
	}
	free(ds->v);
	memset(ds, 0, sizeof *ds);
}

/* The directives to the player at to that the report of mt shows (again:
 * RESEND, those it showed), into mt for the next report made. */
static int
directives_load(struct mp_ctx *ctx, struct mp_turn *mt,
    enum report_reader reader, const char *to, int again,
    struct mp_directives *ds)
{
	const struct play_player *p = player_at(ctx, reader, to);
	char			 *cause = NULL;

	memset(ds, 0, sizeof *ds);
	if (p != NULL && mp_check(ctx, store_directive_due(ctx->mp->store,
	    ctx->g->id, p->id, mt->p.turn, again, directive_cb, ds,
	    &cause), &cause) != 0)
		return -1;
	mt->p.directives = ds->v;
	mt->p.ndirectives = ds->n;
	return 0;
}

/* reader's report to one address (player's, of a side; NULL for the
 * GM and observers): whole, made only when the last one made (cache,
 * kept between calls) was another reader's, so that players of one side
 * in a row get one report; or in parts, a mail each, made for this
 * address and freed at once (the GM's note in the first).  A player of
 * a shared side reads his own (play_view_of), made for him alone.  0,
 * or -1: with *cause when the report cannot be made, without when ctx
 * failed queueing it. */
/* How queue_reader sends a report. */
#define QR_AGAIN	0x1	/* again, on RESEND */
#define QR_FULL		0x2	/* with the side's whole story (RESEND
				   FULL), whatever the player's SET STORY */

static int
queue_reader(struct mp_ctx *ctx, struct mp_turn *mt,
    enum report_reader reader, const char *side, const char *player,
    const char *to, unsigned how, struct mp_report *cache,
    const struct mp_missed *m, size_t nm, char **cause)
{
	struct play_parts	 ps;
	struct play_view	 view;
	struct mp_report	 rep;
	struct mp_directives	 ds;
	const char		*lang;
	char			*dcause = NULL;
	size_t			 k;
	unsigned		 flags;
	int			 rc = 0, si = -1;
	int			 again = (how & QR_AGAIN) != 0;

	if (reader == REPORT_SIDE &&
	    (si = state_side_index(mt->p.before, side)) < 0) {
		*cause = xasprintf("game %s has no side %s", ctx->g->id, side);
		return -1;
	}
	if (directives_load(ctx, mt, reader, to, again, &ds) != 0)
		return -1;
	memset(&view, 0, sizeof view);
	if (reader == REPORT_SIDE && player != NULL)
		play_view_of(&mt->roster, mt->p.after, player, &view);
	play_report_parts(&mt->p, reader, si, part_ships(ctx), &ps);
	flags = report_flags(ctx, reader, to);
	if (how & QR_FULL)
		flags &= ~(unsigned)PLAY_REPORT_OWN;
	/* The reader's language (SET LANGUAGE): a side's players only; the
	 * GM and observers read the default templates. */
	lang = reader == REPORT_SIDE ? mp_lang_of(ctx, to) : "";
	play_templates_lang(mt->tpl, lang);
	/* A report with directives is this player's alone: never kept for
	 * the next reader, nor taken from the last. */
	if (ds.n > 0)
		mp_report_free(cache);
	if (ps.n == 1 && view.player != NULL) {
		if ((rc = turn_report(ctx, mt, reader, side, NULL, &view,
		    flags, &rep, cause)) == 0)
			rc = queue_report(ctx, to, &rep, again, m, nm);
		mp_report_free(&rep);
	} else if (ps.n == 1 && (cache->text == NULL ||
	    cache->reader != reader || cache->flags != flags ||
	    cache->lang == NULL ||
	    strcmp(cache->lang, lang) != 0 || (side != NULL &&
	    (cache->side == NULL || strcmp(cache->side, side) != 0)))) {
		mp_report_free(cache);
		rc = turn_report(ctx, mt, reader, side, NULL, NULL, flags,
		    cache, cause);
		cache->lang = xstrdup(lang);
	}
	if (ps.n == 1 && view.player == NULL && rc == 0)
		rc = queue_report(ctx, to, cache, again, m, nm);
	for (k = 0; ps.n > 1 && k < ps.n && rc == 0; k++) {
		if ((rc = turn_report(ctx, mt, reader, side, &ps.v[k], &view,
		    flags, &rep, cause)) != 0)
			break;
		rc = queue_report(ctx, to, &rep, again, k == 0 ? m : NULL,
		    k == 0 ? nm : 0);
		mp_report_free(&rep);
	}
	if (ds.n > 0) {
		mp_report_free(cache);
		/* Carried by the report just queued: shown once. */
		if (rc == 0 && !again)
			rc = mp_check(ctx, store_directive_reported(
			    ctx->mp->store, ctx->g->id, player_at(ctx, reader,
			    to)->id, mt->p.turn, NULL, &dcause), &dcause);
	}
	mt->p.directives = NULL;
	mt->p.ndirectives = 0;
	directives_free(&ds);
	play_parts_free(&ps);
	play_view_free(&view);
	return rc;
}

/* The readers of the turn in order: every active player, the GM, the
 * observers (their list read here, mp_observers). */
static void
queue_all(struct mp_ctx *ctx, struct mp_turn *mt, struct mp_report *cache,
    const struct mp_missed *m, size_t nm, char **cause)
{
	struct buf	 obs = BUF_INIT;
	const char	*gm_to = mp_gm_address(ctx), *p, *nl;
	char		*to;
	size_t		 i;
	int		 rc = 0;

	for (i = 0; i < ctx->roster.np && rc == 0; i++)
		if (!ctx->roster.p[i].removed)
			rc = queue_reader(ctx, mt, REPORT_SIDE,
			    ctx->roster.p[i].side, ctx->roster.p[i].id,
			    ctx->roster.p[i].address, 0, cache, NULL, 0,
			    cause);
	if (rc == 0 && gm_to != NULL)
		rc = queue_reader(ctx, mt, REPORT_GM, NULL, NULL, gm_to, 0,
		    cache, m, nm, cause);
	if (rc == 0) {
		mp_observers(ctx, &obs);
		rc = ctx->failed ? -1 : 0;
	}
	/* Observers see everything but the orders (report-observer.xsl):
	 * one report for all of them. */
	for (p = buf_str(&obs); rc == 0 && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		rc = queue_reader(ctx, mt, REPORT_OBSERVER, NULL, NULL, to, 0,
		    cache, NULL, 0, cause);
		free(to);
	}
	buf_free(&obs);
}

/* The report mails of turn, which started in before and gave r. */
static int
queue_turn(struct mp_ctx *ctx, int turn, const struct nv_state *before,
    const struct play_result *r, const struct mp_missed *m, size_t nm)
{
	struct mp_report cache;
	struct mp_turn	 mt;
	char		*cause = NULL;

	memset(&cache, 0, sizeof cache);
	/* Played again after a rollback: each report says it replaces the
	 * one sent before, and why. */
	free(ctx->replaces_reason);
	ctx->replaces = mp_replaces(ctx, turn, &ctx->replaces_reason);
	if (turn_open(ctx, before, r, &mt, &cause) == 0)
		queue_all(ctx, &mt, &cache, m, nm, &cause);
	if (cause != NULL)
		mp_fail(ctx, "%s", cause);
	free(cause);
	mp_report_free(&cache);
	turn_close(&mt);
	return ctx->failed ? -1 : 0;
}

int
mp_queue_reports(struct mp_ctx *ctx, const struct play_adj *a,
    const struct mp_missed *m, size_t nm)
{
	/* From the turn just played: a->before is the state it started in
	 * and a->r its result, so no reader's report plays it again. */
	return queue_turn(ctx, a->turn, a->before, &a->r, m, nm);
}

/* Turn played again for a report (its result is not kept: the engine is
 * deterministic), with its state after corrected as the state of turn +
 * 1 was when it opened and since (the moves into squadrons and the
 * admiral's standing orders due then, the GM's corrections made on it:
 * play_fixes_apply), as the store has it.  So the report made again is
 * the one first sent, whose ships' squadrons, commanders and standing
 * orders are those of the turn to come, and its order template legal
 * for it.  0, or -1 with *cause. */
static int
replay_turn(struct mp_ctx *ctx, int turn, struct play_game *g,
    struct play_result *r, char **cause)
{
	struct play_fixes	 fx;
	struct diag		 d = DIAG_INIT;
	int			 rc = -1;

	if (play_replay(ctx->mp->store, ctx->mp->datadir, ctx->g->id, turn,
	    g, r, cause) != PLAY_OK)
		return -1;
	if (play_fixes_load(ctx->mp->store, ctx->g->id, &fx, cause) ==
	    PLAY_OK) {
		if (play_fixes_apply(g, &fx, turn + 1, &r->next, &d,
		    NULL) == 0)
			rc = 0;
		else
			*cause = xasprintf("turn %d of game %s: a correction "
			    "of turn %d cannot be made again", turn,
			    ctx->g->id, turn + 1);
		play_fixes_free(&fx);
	}
	diag_free(&d);
	if (rc != 0) {
		/* The result's states use g's ruleset: free them first. */
		play_result_free(r);
		play_game_free(g);
	}
	return rc;
}

int
mp_queue_reports_of(struct mp_ctx *ctx, int turn, const struct mp_missed *m,
    size_t nm)
{
	struct play_game	 g;
	struct play_result	 r;
	char			*cause = NULL;
	int			 rc;

	/* Played by navarch, whose result the daemon does not have: played
	 * again once for every reader. */
	if (replay_turn(ctx, turn, &g, &r, &cause) != 0) {
		mp_fail(ctx, "%s", cause);
		free(cause);
		return -1;
	}
	rc = queue_turn(ctx, turn, g.st, &r, m, nm);
	/* The result's orders and states use g's ruleset and state. */
	play_result_free(&r);
	play_game_free(&g);
	return rc;
}

int
mp_resend(struct mp_ctx *ctx, int turn, const char *side,
    const char *player, const char *to, int full, char **cause)
{
	struct play_game	 g;
	struct play_result	 r;
	struct mp_report	 cache;
	struct mp_turn		 mt;
	int			 rc = -1;

	memset(&cache, 0, sizeof cache);
	/* A past turn: played again, for its result is not kept. */
	if (replay_turn(ctx, turn, &g, &r, cause) != 0)
		return -1;
	if (turn_open(ctx, g.st, &r, &mt, cause) == 0)
		rc = queue_reader(ctx, &mt, REPORT_SIDE, side, player, to,
		    QR_AGAIN | (full ? QR_FULL : 0), &cache, NULL, 0, cause);
	mp_report_free(&cache);
	turn_close(&mt);
	/* The result's orders and states use g's ruleset and state. */
	play_result_free(&r);
	play_game_free(&g);
	return rc;
}

/* The final report: the turn played, if one was (played > 0), made from
 * the turn played again with the game's final state after it (an end by
 * decision puts on it a result no rule made); else that state alone. */
static int
final_of(struct mp_ctx *ctx, int played, struct play_game *g,
    struct play_result *r, struct nv_state **fin, char **cause)
{
	struct diag	 d = DIAG_INIT;
	char		*xml = NULL;
	int		 rc = -1;

	if (played == 0) {
		if (play_game_state(ctx->mp->store, ctx->mp->datadir,
		    ctx->g->id, -1, g, NULL, &d, cause) == PLAY_OK)
			rc = 0;
	} else if (play_replay(ctx->mp->store, ctx->mp->datadir, ctx->g->id,
	    played, g, r, cause) == PLAY_OK) {
		if (store_state_get(ctx->mp->store, ctx->g->id, -1, &xml, NULL,
		    cause) == STORE_OK && play_parse_state(g, "the final "
		    "state", xml, strlen(xml), fin, &d) == 0)
			rc = 0;
		else {
			play_result_free(r);
			play_game_free(g);
		}
	}
	if (rc != 0 && *cause == NULL)
		*cause = xasprintf("the final report of game %s cannot be "
		    "made", ctx->g->id);
	free(xml);
	diag_free(&d);
	return rc;
}

int
mp_report_final(struct mp_ctx *ctx, enum report_reader reader,
    const char *side, struct mp_report *out, char **cause)
{
	struct play_game	 g;
	struct play_result	 r;
	struct nv_state		*fin = NULL;
	struct mp_turn		 mt;
	int			 played = ctx->turn - 1, rc = -1;
	char			*xml = NULL, *c = NULL;

	memset(out, 0, sizeof *out);
	memset(&r, 0, sizeof r);
	/* The state before the first live one is no turn of this game. */
	if (played >= 1 && store_state_get(ctx->mp->store, ctx->g->id,
	    played, &xml, NULL, &c) != STORE_OK) {
		free(c);
		played = 0;
	}
	free(xml);
	if (final_of(ctx, played > 0 ? played : 0, &g, &r, &fin, cause) != 0)
		return -1;
	if (turn_open(ctx, g.st, &r, &mt, cause) == 0) {
		if (fin != NULL)
			mt.p.after = fin;
		else {
			mt.p.after = g.st;
			mt.p.turn = 0;
		}
		/* The final report is the record of the game: whole. */
		rc = turn_report(ctx, &mt, reader, side, NULL, NULL,
		    mp_setting_flag(ctx->g, "svg", 1) ? PLAY_REPORT_SVG : 0,
		    out, cause);
	}
	if (rc == 0 && out->svg_name != NULL) {
		free(out->svg_name);
		out->svg_name = xasprintf("%s-turn-%d.svg", ctx->g->id,
		    ctx->turn);
	}
	turn_close(&mt);
	state_free(fin);
	play_result_free(&r);
	play_game_free(&g);
	return rc;
}
