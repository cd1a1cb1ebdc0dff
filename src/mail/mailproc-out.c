/* mailproc-out.c: the mail the processing writes: replies, reports,
 * notices, each an outbox row in the transaction of what it reports.
 *
 * A Message-ID is fixed here, before the composer sees the reply: the
 * SHA-256 of what caused the mail (the Message-ID answered, or the game
 * and the time at a tick), the recipient and a counter, so that the same
 * work done again after a crash writes the same ids.
 *
 * The report mails are mailproc-report.c's. */
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
#include "play-end.h"
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
