/* mailproc-out.c: the mail the processing writes: replies, reports,
 * notices, each an outbox row in the transaction of what it reports.
 *
 * A Message-ID is fixed here, before the composer sees the reply: the
 * SHA-256 of what caused the mail (the Message-ID answered, or the game
 * and the time at a tick), the recipient and a counter, so that the same
 * work done again after a crash writes the same ids.
 *
 * A report mail carries the map as an SVG picture besides its text (the
 * game's setting svg turns it off); both come from one replay of the turn
 * for the one reader, so that the picture hides what the text hides. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "compose.h"
#include "diag.h"
#include "dice.h"
#include "events.h"
#include "fileio.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "map.h"
#include "map-svg.h"
#include "mime.h"
#include "play.h"
#include "play-end.h"
#include "report.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

void
mp_sha256_hex(const char *text, size_t len, char out[65])
{
	mail_sha256_hex(text, len, out);
}

char *
mp_setting(const struct store_game *g, const char *key)
{
	const char	*p = g->settings != NULL ? g->settings : "", *nl;
	char		*line, *t, *eq, *k, *v = NULL;

	for (; *p != '\0' && v == NULL; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		t = str_trim(line);
		if (*t != '#' && (eq = strchr(t, '=')) != NULL) {
			*eq = '\0';
			k = str_trim(t);
			if (strcasecmp(k, key) == 0)
				v = xstrdup(str_trim(eq + 1));
		}
		free(line);
	}
	return v;
}

int
mp_setting_flag(const struct store_game *g, const char *key, int def)
{
	char	*v = mp_setting(g, key);

	if (v != NULL) {
		if (strcasecmp(v, "off") == 0 || strcasecmp(v, "no") == 0 ||
		    strcmp(v, "0") == 0)
			def = 0;
		else if (strcasecmp(v, "on") == 0 ||
		    strcasecmp(v, "yes") == 0 || strcmp(v, "1") == 0)
			def = 1;
	}
	free(v);
	return def;
}

const char *
mp_gm_address(const struct mp_ctx *ctx)
{
	if (ctx->g != NULL && ctx->g->gm_address != NULL &&
	    ctx->g->gm_address[0] != '\0')
		return ctx->g->gm_address;
	return ctx->mp->gm;
}

static char *
tagged(const struct mp_ctx *ctx, const char *subject)
{
	if (ctx->g == NULL)
		return xasprintf("navarch: %s", subject);
	return xasprintf("[navarch %s] %s", ctx->g->id, subject);
}

char *
mp_reply_subject(const struct mp_ctx *ctx)
{
	const char	*s = ctx->msg != NULL ? ctx->msg->subject : NULL;
	char		*tag = NULL, *cut, *r;
	int		 has_tag;

	if (s == NULL || *s == '\0')
		return tagged(ctx, "Your mail");
	has_tag = mail_subject_tag(s, &tag) == 0;
	free(tag);
	/* The sender's subject is theirs to make as long as they like; the
	 * answer's is not (a 1 MB Subject was echoed whole). */
	cut = str_utf8_cut(s, MAILPROC_SUBJECT_MAX);
	if (has_tag || ctx->g == NULL)
		r = strncasecmp(cut, "Re:", 3) == 0 ? xstrdup(cut) :
		    xasprintf("Re: %s", cut);
	else
		r = xasprintf("[navarch %s] Re: %s", ctx->g->id, cut);
	free(cut);
	return r;
}

/* Unique per mail: a mail's answers are made once (its Message-ID is
 * recorded in the same transaction), and told apart by the counter.  A
 * tick may run twice in one second (navarchd restarted after a crash), and
 * its second run then makes other mails (turn 2's reminders after turn 1's
 * reports) with the counter from 0 again: the turn and the subject tell
 * them apart.  A notice's mails are about the notice (ctx->about), not
 * the mail or tick that happens to send them, so that they have the
 * same ids whichever does (a crash may change which). */
static char *
message_id(struct mp_ctx *ctx, const char *to, const char *subject)
{
	const char	*at = ctx->mp->address != NULL ?
	    strrchr(ctx->mp->address, '@') : NULL;
	char		*seed, hex[65], *domain, *id, *cause;

	if (ctx->about != NULL)
		cause = xstrdup(ctx->about);
	else if (ctx->msg != NULL)
		cause = xstrdup(ctx->msg->message_id);
	else
		cause = xasprintf("tick %d %s", ctx->turn, subject);
	seed = xasprintf("%s\n%s\n%lld\n%s\n%u", cause,
	    ctx->g != NULL ? ctx->g->id : "", (long long)ctx->now, to,
	    ctx->seq++);
	free(cause);
	mp_sha256_hex(seed, strlen(seed), hex);
	domain = xstrdup(at != NULL && at[1] != '\0' ? at + 1 :
	    "navarch.invalid");
	domain[strcspn(domain, "> \t")] = '\0';
	hex[32] = '\0';
	id = xasprintf("navarch.%s@%s", hex, domain);
	free(domain);
	free(seed);
	return id;
}

/* The References of an answer to m: its own, then its Message-ID, each
 * only when it can thread (compose_msgid_ok: a sender may write anything
 * there), the first kept and at most MAILPROC_REFERENCES_MAX in all (RFC
 * 5322 3.6.4: the first and the last ones thread).  NULL when none can. */
static char *
references(const struct mail_msg *m)
{
	struct buf	 b = BUF_INIT;
	const char	**ok;
	size_t		 i, n = 0;

	ok = xcalloc(m->nreferences + 1, sizeof *ok);
	for (i = 0; i < m->nreferences; i++)
		if (compose_msgid_ok(m->references[i]))
			ok[n++] = m->references[i];
	if (!m->message_id_synth && compose_msgid_ok(m->message_id))
		ok[n++] = m->message_id;
	for (i = 0; i < n; i++) {
		if (n > MAILPROC_REFERENCES_MAX && i > 0 &&
		    i < n - (MAILPROC_REFERENCES_MAX - 1))
			continue;
		buf_printf(&b, "%s<%s>", b.len > 0 ? " " : "", ok[i]);
	}
	free(ok);
	return n > 0 ? buf_detach(&b) : NULL;
}

int
mp_queue(struct mp_ctx *ctx, const char *to, const char *subject,
    const char *body, enum mailproc_auto kind)
{
	return mp_queue_with(ctx, to, subject, body, kind, NULL, 0);
}

int
mp_queue_with(struct mp_ctx *ctx, const char *to, const char *subject,
    const char *body, enum mailproc_auto kind,
    const struct mailproc_attachment *att, size_t natt)
{
	struct mailproc_reply	 r;
	struct store_outbox_new	 o;
	char			*id, *bytes = NULL, *cause = NULL,
				*refs = NULL, *subj;
	int			 rc;

	if (ctx->failed)
		return -1;
	subj = tagged(ctx, subject);
	id = message_id(ctx, to, subject);
	memset(&r, 0, sizeof r);
	r.message_id = id;
	r.from = ctx->mp->address;
	r.to = to;
	r.subject = kind == MAILPROC_AUTO_REPLIED ? subject : subj;
	r.body = body;
	r.auto_submitted = kind;
	r.game = ctx->g != NULL ? ctx->g->id : NULL;
	r.attachments = natt > 0 ? att : NULL;
	r.nattachments = natt;
	/* Only the answer to a mail threads to it; the message-id of a
	 * synthetic digest is no id its sender knows, and an id the reply
	 * cannot carry is left out (the orders are kept all the same). */
	if (kind == MAILPROC_AUTO_REPLIED && ctx->msg != NULL) {
		if (!ctx->msg->message_id_synth &&
		    compose_msgid_ok(ctx->msg->message_id))
			r.in_reply_to = ctx->msg->message_id;
		r.references = refs = references(ctx->msg);
	}
	rc = ctx->mp->compose(&r, ctx->mp->compose_arg, &bytes, &cause);
	if (rc != 0) {
		mp_fail(ctx, "composing the mail to %s: %s", to,
		    cause != NULL ? cause : "failed");
		free(cause);
	} else {
		memset(&o, 0, sizeof o);
		o.game = r.game;
		o.message_id = id;
		o.recipient = to;
		o.subject = r.subject;
		o.body = bytes;
		o.secret = ctx->secret;
		/* Two statements: the order in which a call's arguments are
		 * evaluated is not fixed, and cause must be read after the
		 * store set it. */
		rc = store_outbox_add(ctx->mp->store, &o, ctx->now, NULL,
		    &cause);
		if ((rc = mp_check(ctx, rc, &cause)) == 0)
			ctx->queued++;
	}
	free(bytes);
	free(refs);
	free(subj);
	free(id);
	return rc;
}

/* --- reports ------------------------------------------------------------- */

/* The turn played again from its stored state, orders in force and seed
 * (the engine is deterministic), so the report sees every event with the
 * positions fog of war needs. */
static int
replay_turn(struct mailproc *mp, const char *game, int turn,
    struct play_game *pg, struct play_result *res, char **cause)
{
	struct play_roster	 r;
	struct store_game	*g = NULL;
	struct diag		 d = DIAG_INIT;
	int			 rc = -1;

	memset(&r, 0, sizeof r);
	if (play_game_state(mp->store, mp->datadir, game, turn, pg, NULL,
	    &d, cause) != 0)
		goto out;
	if (store_game_get(mp->store, game, &g, cause) != STORE_OK ||
	    play_roster_load(mp->store, game, turn, pg->st, &r, cause) != 0)
		goto out;
	if (play_turn(pg->st, game, g->seed, r.sets, r.nsets, res, &d,
	    cause) != 0)
		goto out;
	rc = 0;
out:
	if (rc != 0 && *cause == NULL)
		*cause = xasprintf("turn %d of game %s cannot be replayed for "
		    "its report", turn, game);
	play_roster_free(&r);
	store_game_free(g);
	diag_free(&d);
	return rc;
}

/* The GM's corrections made during a turn, from the audit log (action
 * "ship-set", details "turn T ship S" and a KEY=VALUE a line). */
struct fixes {
	int			 turn;
	struct report_correction *v;
	size_t			 n;
};

static int
fix_cb(const struct store_audit *a, void *arg)
{
	struct fixes	*f = arg;
	char		 head[64], *text, *p;
	int		 n;

	if (strcmp(a->action, "ship-set") != 0 || a->details == NULL)
		return 0;
	n = snprintf(head, sizeof head, "turn %d ship ", f->turn);
	if (n < 0 || strncmp(a->details, head, (size_t)n) != 0)
		return 0;
	text = xstrdup(a->details + n);
	if ((p = strchr(text, '\n')) == NULL) {
		free(text);
		return 0;
	}
	*p++ = '\0';
	f->v = xreallocarray(f->v, f->n + 1, sizeof *f->v);
	f->v[f->n].ship = text;
	/* One line for the report: "hull=5 holes=0". */
	f->v[f->n].text = xstrdup(p);
	for (p = (char *)f->v[f->n].text; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	f->n++;
	return 0;
}

static void
fixes_free(struct fixes *f)
{
	size_t	i;

	for (i = 0; i < f->n; i++) {
		free((char *)f->v[i].ship);
		free((char *)f->v[i].text);
	}
	free(f->v);
}

/* The map of the state after the turn as a picture for in's reader,
 * appended to out.  A side's is cut by report_fog_end, the same flags its
 * text report's map and ship tables use, so the picture can show nothing
 * the text hides; the GM's and observers' flags are all set (no fog). */
static int
report_svg(const struct report_input *in, struct buf *out, char **cause)
{
	struct map_opts	 o = MAP_OPTS_INIT;
	unsigned char	*vis, *wvis;
	int		 rc;

	vis = xcalloc(in->after->nships + 1, 1);
	wvis = xcalloc(in->after->nwrecks + 1, 1);
	report_fog_end(in, vis, wvis);
	o.side = in->reader == REPORT_SIDE ? in->side : -1;
	o.ship_visible = vis;
	o.wreck_visible = wvis;
	rc = map_svg(in->after, &o, out, cause);
	free(vis);
	free(wvis);
	return rc;
}

/* The template of each reader's report. */
static const char *const template_file[] = {
	[REPORT_SIDE] = "report-side.xsl",
	[REPORT_GM] = "report-gm.xsl",
	[REPORT_OBSERVER] = "report-observer.xsl",
};

/* The game's final state (the current one, with its result), parsed
 * with pg's ruleset so that it is of the same game as the replay's. */
static int
final_state(struct mailproc *mp, const char *game, struct play_game *pg,
    struct nv_state **out, char **cause)
{
	struct diag	 d = DIAG_INIT;
	char		*xml = NULL;
	int		 rc = -1;

	*out = NULL;
	if (store_state_get(mp->store, game, -1, &xml, NULL, cause) ==
	    STORE_OK && play_parse_state(pg, "the final state", xml,
	    strlen(xml), out, &d) == 0)
		rc = 0;
	else if (*cause == NULL)
		*cause = xasprintf("the final state of game %s cannot be read",
		    game);
	free(xml);
	diag_free(&d);
	return rc;
}

/* The one place a report is made: the text for the reader and, when svg
 * is not NULL, the SVG map appended to it, both from one replay of the
 * turn.  With final set, the report ends the game: the turn's replay
 * ends in the game's final state (an end by decision puts on it a result
 * no rule made), and with turn 0 no turn was played and the report is of
 * that state alone.  0, or -1 with *cause (*text NULL, svg as it
 * was). */
static int
report_make(struct mailproc *mp, const char *game, int turn, int final,
    enum report_reader reader, const char *side, int own_story, char **text,
    struct buf *svg, char **cause)
{
	struct play_game	 pg;
	struct play_result	 res;
	struct report_input	 in;
	struct nv_events	 none;
	struct nv_state		*fin = NULL;
	struct diag		 d = DIAG_INIT;
	struct fixes		 fx = { 0, NULL, 0 };
	struct buf		 b = BUF_INIT;
	char			*xsl = NULL, *path = NULL;
	size_t			 len, nrolls;
	int			 rc = -1;

	*text = NULL;
	memset(&pg, 0, sizeof pg);
	memset(&res, 0, sizeof res);
	memset(&none, 0, sizeof none);
	memset(&in, 0, sizeof in);
	if (turn > 0) {
		if (replay_turn(mp, game, turn, &pg, &res, cause) != 0 ||
		    (final && final_state(mp, game, &pg, &fin, cause) != 0))
			goto out;
		in.before = pg.st;
		in.after = fin != NULL ? fin : res.next;
		in.ev = &res.ev;
		in.orders = res.orders;
		in.rolls = dice_rolls(res.dice, &nrolls);
		in.nrolls = nrolls;
	} else {
		if (play_game_state(mp->store, mp->datadir, game, -1, &pg, NULL,
		    &d, cause) != 0)
			goto out;
		in.before = in.after = pg.st;
		in.ev = &none;
	}
	in.game = game;
	in.reader = reader;
	in.own_story = own_story;
	in.side = reader == REPORT_SIDE ? state_side_index(in.after, side) :
	    -1;
	if (reader == REPORT_SIDE && in.side < 0) {
		*cause = xasprintf("game %s has no side %s", game, side);
		goto out;
	}
	fx.turn = turn;
	if (store_audit_list(mp->store, game, fix_cb, &fx, cause) !=
	    STORE_OK)
		goto out;
	in.corrections = fx.v;
	in.ncorrections = fx.n;
	if (mp_read_template(mp, template_file[reader], &xsl, &len, &path,
	    cause) != 0)
		goto out;
	if (report_render(&in, path, xsl, len, &b, cause) != 0)
		goto out;
	if (svg != NULL && report_svg(&in, svg, cause) != 0)
		goto out;
	*text = buf_detach(&b);
	rc = 0;
out:
	if (rc != 0 && *cause == NULL)
		*cause = xasprintf("the final report of game %s cannot be "
		    "made", game);
	free(xsl);
	free(path);
	fixes_free(&fx);
	buf_free(&b);
	diag_free(&d);
	state_free(fin);
	play_result_free(&res);
	play_game_free(&pg);
	return rc;
}

/* mp_report, mp_report_for and mp_report_final: a report of turn (0:
 * final alone), for player p (NULL: as the game's settings say). */
static int
report_of(struct mp_ctx *ctx, int turn, int final, enum report_reader reader,
    const char *side, const struct play_player *p, struct mp_report *out,
    char **cause)
{
	struct buf	svg = BUF_INIT;
	/* The picture is on unless the player's preference or else the
	 * game's setting svg says no (docs/mail-commands.md). */
	int		want = p != NULL && p->svg >= 0 ? p->svg :
			    mp_setting_flag(ctx->g, "svg", 1);

	memset(out, 0, sizeof *out);
	if (report_make(ctx->mp, ctx->g->id, turn, final, reader, side,
	    p != NULL && p->story_own, &out->text, want ? &svg : NULL,
	    cause) != 0) {
		buf_free(&svg);
		return -1;
	}
	out->turn = turn;
	out->reader = reader;
	out->side = side != NULL ? xstrdup(side) : NULL;
	if (want) {
		out->svg_len = svg.len;
		out->svg = buf_detach(&svg);
		out->svg_name = xasprintf("%s-turn-%d.svg", ctx->g->id,
		    final ? ctx->turn : turn);
	}
	return 0;
}

int
mp_report_final(struct mp_ctx *ctx, enum report_reader reader,
    const char *side, struct mp_report *out, char **cause)
{
	int			 played = ctx->turn - 1;
	char			*xml = NULL, *c = NULL;

	/* The state before the first live one is no turn of this game. */
	if (played >= 1 && store_state_get(ctx->mp->store, ctx->g->id,
	    played, &xml, NULL, &c) != STORE_OK) {
		free(c);
		played = 0;
	}
	free(xml);
	return report_of(ctx, played > 0 ? played : 0, 1, reader, side, NULL,
	    out, cause);
}

int
mp_report(struct mp_ctx *ctx, int turn, enum report_reader reader,
    const char *side, struct mp_report *out, char **cause)
{
	return report_of(ctx, turn, 0, reader, side, NULL, out, cause);
}

int
mp_report_for(struct mp_ctx *ctx, int turn, const struct play_player *p,
    struct mp_report *out, char **cause)
{
	return report_of(ctx, turn, 0, REPORT_SIDE, p->side, p, out, cause);
}

void
mp_report_free(struct mp_report *r)
{
	free(r->side);
	free(r->text);
	free(r->svg);
	free(r->svg_name);
	memset(r, 0, sizeof *r);
}

/* The words around a report: <mail kind="report" played reader side
 * again> with a <missed player count limit/> per player who sent no
 * orders (the GM's only). */
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
	rc = mp_word(ctx, doc, subject, after);
	xmlFreeDoc(doc);
	return rc;
}

int
mp_queue_report(struct mp_ctx *ctx, const char *to,
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

static int
observer_cb(const char *address, void *arg)
{
	struct buf	*b = arg;

	buf_adds(b, address);
	buf_addc(b, '\n');
	return 0;
}

int
mp_queue_reports(struct mp_ctx *ctx, int turn, const struct mp_missed *m,
    size_t nm)
{
	struct buf	 obs = BUF_INIT;
	struct mp_report rep;
	const char	*gm_to = mp_gm_address(ctx), *p, *nl;
	char		*cause = NULL, *to;
	size_t		 i;

	/* Played again after a rollback: each report says it replaces the
	 * one sent before, and why. */
	free(ctx->replaces_reason);
	ctx->replaces = mp_replaces(ctx, turn, &ctx->replaces_reason);
	for (i = 0; i < ctx->roster.np && !ctx->failed; i++) {
		if (ctx->roster.p[i].removed)
			continue;
		if (mp_report_for(ctx, turn, &ctx->roster.p[i], &rep,
		    &cause) != 0)
			mp_fail(ctx, "%s", cause);
		else
			mp_queue_report(ctx, ctx->roster.p[i].address, &rep, 0,
			    NULL, 0);
		mp_report_free(&rep);
		free(cause);
		cause = NULL;
	}
	if (!ctx->failed && gm_to != NULL) {
		if (mp_report(ctx, turn, REPORT_GM, NULL, &rep, &cause) != 0)
			mp_fail(ctx, "%s", cause);
		else
			mp_queue_report(ctx, gm_to, &rep, 0, m, nm);
		mp_report_free(&rep);
		free(cause);
		cause = NULL;
	}
	if (!ctx->failed)
		mp_check(ctx, store_observer_list(ctx->mp->store, ctx->g->id,
		    observer_cb, &obs, &cause), &cause);
	/* Observers see everything but the orders (report-observer.xsl):
	 * one report for all of them. */
	memset(&rep, 0, sizeof rep);
	if (!ctx->failed && obs.len > 0 && mp_report(ctx, turn,
	    REPORT_OBSERVER, NULL, &rep, &cause) != 0)
		mp_fail(ctx, "%s", cause);
	free(cause);
	for (p = buf_str(&obs); !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		mp_queue_report(ctx, to, &rep, 0, NULL, 0);
		free(to);
	}
	mp_report_free(&rep);
	buf_free(&obs);
	return ctx->failed ? -1 : 0;
}

/* --- the end of a game by decision ---------------------------------------- */

int
mp_end_game(struct mp_ctx *ctx, enum play_end_how how, int winner,
    const char *reason)
{
	struct play_end	 e;
	char		*cause = NULL;
	int		 code;

	memset(&e, 0, sizeof e);
	e.game = ctx->g->id;
	e.st = ctx->pg.st;
	e.turn = ctx->turn;
	e.how = how;
	e.winner = winner;
	e.reason = reason;
	e.actor = ctx->actor;
	e.now = ctx->now;
	code = play_end_game(ctx->mp->store, &e, &cause);
	if (mp_check(ctx, code, &cause) != 0)
		return -1;
	ctx->g->status = STORE_GAME_ENDED;
	ctx->g->seed_revealed = 1;
	return 0;
}
