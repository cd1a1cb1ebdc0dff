/* mailproc-out.c: the mail the processing writes: replies, reports,
 * notices, each an outbox row in the transaction of what it reports.
 *
 * A Message-ID is fixed here, before the composer sees the reply: the
 * SHA-256 of what caused the mail (the Message-ID answered, or the game
 * and the time at a tick), the recipient and a counter, so that the same
 * work done again after a crash writes the same ids.
 *
 * A report mail carries the map as an SVG picture besides its text (the
 * game's setting svg turns it off); the play layer makes both for the one
 * reader with the same fog, so that the picture hides what the text
 * hides.  The reports of the turn just played are made from the
 * adjudication's own result, each reader's once; only a report of a past
 * turn (RESEND) plays that turn again. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "compose.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "play.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
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
 * them apart. */
static char *
message_id(struct mp_ctx *ctx, const char *to, const char *subject)
{
	const char	*at = ctx->mp->address != NULL ?
	    strrchr(ctx->mp->address, '@') : NULL;
	char		*seed, hex[65], *domain, *id, *cause;

	if (ctx->msg != NULL)
		cause = xstrdup(ctx->msg->message_id);
	else if (ctx->about != NULL)
		cause = xstrdup(ctx->about);
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

/* What the reports of one played turn are made of (play_played: the
 * state it started in and its result, the GM's corrections) and the
 * templates, compiled once for all its readers. */
struct mp_turn {
	struct play_played	 p;
	struct play_fixes	 fixes;
	struct play_templates	*tpl;
};

static int
turn_open(struct mp_ctx *ctx, const struct nv_state *before,
    const struct play_result *r, struct mp_turn *mt, char **cause)
{
	enum play_code	code;

	memset(mt, 0, sizeof *mt);
	play_played(&mt->p, ctx->g->id, before, r);
	if ((code = play_fixes_load(ctx->mp->store, ctx->g->id, &mt->fixes,
	    cause)) != PLAY_OK)
		return -1;
	mt->p.fixes = &mt->fixes;
	mt->tpl = play_templates_new(play_templatedir(ctx->mp->templatedir));
	return 0;
}

static void
turn_close(struct mp_turn *mt)
{
	play_fixes_free(&mt->fixes);
	play_templates_free(mt->tpl);
	memset(mt, 0, sizeof *mt);
}

/* One reader's report of mt as a mail carries it.  0, or -1 with *cause
 * and *out empty. */
static int
turn_report(struct mp_ctx *ctx, struct mp_turn *mt,
    enum report_reader reader, const char *side, struct mp_report *out,
    char **cause)
{
	struct play_report	 r;
	/* The picture is on unless the game's setting svg says no
	 * (docs/mail-commands.md). */
	int			 want = mp_setting_flag(ctx->g, "svg", 1), si;

	memset(out, 0, sizeof *out);
	si = reader == REPORT_SIDE ? state_side_index(mt->p.before, side) :
	    -1;
	if (reader == REPORT_SIDE && si < 0) {
		*cause = xasprintf("game %s has no side %s", ctx->g->id, side);
		return -1;
	}
	if (play_report(&mt->p, mt->tpl, reader, si, NULL, want ?
	    PLAY_REPORT_SVG : 0, &r, cause) != PLAY_OK)
		return -1;
	out->turn = mt->p.turn;
	out->reader = reader;
	out->side = side != NULL ? xstrdup(side) : NULL;
	out->text = buf_detach(&r.text);
	if (want) {
		out->svg_len = r.svg.len;
		out->svg = buf_detach(&r.svg);
		out->svg_name = xasprintf("%s-turn-%d.svg", ctx->g->id,
		    mt->p.turn);
	}
	play_report_free(&r);
	return 0;
}

int
mp_report(struct mp_ctx *ctx, int turn, enum report_reader reader,
    const char *side, struct mp_report *out, char **cause)
{
	struct play_game	 g;
	struct play_result	 r;
	struct mp_turn		 mt;
	int			 rc = -1;

	memset(out, 0, sizeof *out);
	/* A past turn: played again (the engine is deterministic), for
	 * its result is not kept. */
	if (play_replay(ctx->mp->store, ctx->mp->datadir, ctx->g->id, turn,
	    &g, &r, cause) != PLAY_OK)
		return -1;
	if (turn_open(ctx, g.st, &r, &mt, cause) == 0)
		rc = turn_report(ctx, &mt, reader, side, out, cause);
	turn_close(&mt);
	/* The result's orders and states use g's ruleset and state. */
	play_result_free(&r);
	play_game_free(&g);
	return rc;
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
report_words(struct mp_ctx *ctx, const struct mp_report *rep, int again,
    const struct mp_missed *m, size_t nm, char **subject, struct buf *after)
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

	if ((rc = report_words(ctx, rep, again, m, nm, &subject, &after)) !=
	    0)
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

/* The report of one reader to one address, made only when the last one
 * made was for another reader (rep, kept between calls: players of one
 * side in a row get one report). */
static void
queue_one(struct mp_ctx *ctx, struct mp_turn *mt, enum report_reader reader,
    const char *side, const char *to, struct mp_report *rep,
    const struct mp_missed *m, size_t nm)
{
	char	*cause = NULL;

	if (rep->text == NULL || rep->reader != reader ||
	    (side != NULL && (rep->side == NULL ||
	    strcmp(rep->side, side) != 0))) {
		mp_report_free(rep);
		if (turn_report(ctx, mt, reader, side, rep, &cause) != 0) {
			mp_fail(ctx, "%s", cause);
			free(cause);
			return;
		}
	}
	mp_queue_report(ctx, to, rep, 0, m, nm);
}

int
mp_queue_reports(struct mp_ctx *ctx, const struct play_adj *a,
    const struct mp_missed *m, size_t nm)
{
	struct buf	 obs = BUF_INIT;
	struct mp_report rep;
	struct mp_turn	 mt;
	const char	*gm_to = mp_gm_address(ctx), *p, *nl;
	char		*cause = NULL, *to;
	size_t		 i;

	/* From the turn just played: a->before is the state it started in and
	 * a.r its result, so no reader's report plays it again. */
	memset(&rep, 0, sizeof rep);
	if (turn_open(ctx, a->before, &a->r, &mt, &cause) != 0) {
		mp_fail(ctx, "%s", cause);
		free(cause);
		turn_close(&mt);
		return -1;
	}
	for (i = 0; i < ctx->roster.np && !ctx->failed; i++)
		if (!ctx->roster.p[i].removed)
			queue_one(ctx, &mt, REPORT_SIDE, ctx->roster.p[i].side,
			    ctx->roster.p[i].address, &rep, NULL, 0);
	if (!ctx->failed && gm_to != NULL)
		queue_one(ctx, &mt, REPORT_GM, NULL, gm_to, &rep, m, nm);
	if (!ctx->failed)
		mp_check(ctx, store_observer_list(ctx->mp->store, ctx->g->id,
		    observer_cb, &obs, &cause), &cause);
	/* Observers see everything but the orders (report-observer.xsl):
	 * one report for all of them. */
	for (p = buf_str(&obs); !ctx->failed && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		to = xstrndup(p, (size_t)(nl - p));
		queue_one(ctx, &mt, REPORT_OBSERVER, NULL, to, &rep, NULL, 0);
		free(to);
	}
	mp_report_free(&rep);
	turn_close(&mt);
	buf_free(&obs);
	return ctx->failed ? -1 : 0;
}

/* --- the end of a game by agreement -------------------------------------- */

int
mp_end_game(struct mp_ctx *ctx, int winner, const char *reason)
{
	char	*cause = NULL;

	return mp_check_play(ctx, play_game_end(ctx->mp->store, ctx->g,
	    ctx->turn, ctx->pg.st, winner, reason, ctx->actor, ctx->now,
	    &cause), &cause);
}
