/* mailproc-quarantine.c: telling the GM of a mail set aside for good
 * (mailproc.h, docs/mail-parsing.md).
 *
 * The daemon moves a mail it cannot process (unparsable, too large, or
 * one that took the parser or the daemon down twice) to the quarantine
 * folder, so that it never blocks the mail after it.  The GM hears of it
 * by a mail like every other the daemon words (kind "quarantined" in
 * templates/mail.xsl), rate limited: a flood of poison cannot become a
 * flood to the GM.  The record and the notice are one transaction; a
 * notice that cannot be made (a broken template) is left out, never the
 * record, so that a broken template cannot keep a poison mail in the
 * queue. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

/* What of the sender's words the GM sees. */
#define SHOWN_CHARS	100

/* The game the Subject's tag names, if there is one (ctx->g). */
static void
find_game(struct mp_ctx *ctx, const char *subject)
{
	char	*game = NULL, *cause = NULL;

	if (subject == NULL || mail_subject_tag(subject, &game) != 0)
		return;
	str_lower(game);
	if (!str_is_id(game) || store_game_get(ctx->mp->store, game, &ctx->g,
	    &cause) != STORE_OK)
		ctx->g = NULL;
	free(cause);
	free(game);
}

static void
set_cut(xmlNodePtr n, const char *name, const char *value)
{
	char	*c;

	if (value == NULL)
		return;
	c = str_utf8_cut(value, SHOWN_CHARS);
	md_set(n, name, c);
	free(c);
}

/* Queues the notice to `to` if today's limit allows.  0 (*sent says
 * whether), or -1 (ctx failed). */
static int
notice(struct mp_ctx *ctx, const struct mailproc_quarantine *q,
    const char *to, int *sent)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 r;
	char		*key, *cause = NULL;
	int		 allowed = 0, rc;

	*sent = 0;
	key = xasprintf("quarantine-notice:%s", to);
	/* Each store call, then mp_check: cause is set by the call. */
	rc = store_rate_take(ctx->mp->store, key, ctx->now / 86400,
	    MAILPROC_QUARANTINE_NOTICES, &allowed, &cause);
	rc = mp_check(ctx, rc, &cause);
	free(key);
	if (rc != 0 || !allowed)
		return rc;
	doc = mp_doc(ctx, "quarantined");
	r = maildoc_root(doc);
	md_set(r, "where", q->where);
	md_set(r, "folder", q->folder);
	md_set(r, "reason", q->reason);
	if (q->size > 0)
		md_set_int(r, "size", (long)q->size);
	if (q->attempts > 0)
		md_set_int(r, "attempts", q->attempts);
	set_cut(r, "from", q->from);
	set_cut(r, "subject", q->subject);
	md_set_int(r, "limit", MAILPROC_QUARANTINE_NOTICES);
	rc = mp_send(ctx, to, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
	*sent = rc == 0;
	return rc;
}

/* One transaction: the record, and the notice when with_notice.  0 or -1
 * (ctx failed, all undone). */
static int
record(struct mp_ctx *ctx, const struct mailproc_quarantine *q,
    const char *to, int with_notice, int *sent)
{
	char	*cause = NULL;
	int	 code;

	*sent = 0;
	code = store_begin(ctx->mp->store, &cause);
	if (mp_check(ctx, code, &cause) != 0)
		return -1;
	cause = NULL;
	if (q->digest != NULL) {
		code = store_attempt_quarantine(ctx->mp->store, q->digest,
		    ctx->now, &cause);
		(void)mp_check(ctx, code, &cause);
		cause = NULL;
	}
	if (!ctx->failed && with_notice && to != NULL)
		(void)notice(ctx, q, to, sent);
	if (ctx->failed) {
		(void)store_abort(ctx->mp->store, NULL);
		*sent = 0;
		return -1;
	}
	code = store_commit(ctx->mp->store, &cause);
	return mp_check(ctx, code, &cause);
}

int
mailproc_quarantined(struct mailproc *mp, const struct mailproc_quarantine *q,
    int64_t now, char **told, char **why_not, int *temporary, char **cause)
{
	struct mp_ctx	 ctx;
	const char	*to;
	char		*about;
	int		 sent = 0, rc;

	*told = *why_not = *cause = NULL;
	*temporary = 0;
	memset(&ctx, 0, sizeof ctx);
	ctx.mp = mp;
	ctx.now = now;
	about = xasprintf("quarantine\n%s", q->digest != NULL ? q->digest :
	    q->where);
	ctx.about = about;
	find_game(&ctx, q->subject);
	to = mp_gm_address(&ctx);
	rc = record(&ctx, q, to, !q->again, &sent);
	if (rc != 0) {
		/* The notice failed (a template, the composer, or the store,
		 * which then fails again here): the record alone, and the
		 * log says why the GM was not told. */
		*why_not = xasprintf("the notice to %s failed: %s",
		    to != NULL ? to : "the GM",
		    ctx.cause != NULL ? ctx.cause : "unknown");
		free(ctx.cause);
		ctx.cause = NULL;
		ctx.failed = ctx.temporary = 0;
		ctx.queued = 0;
		rc = record(&ctx, q, to, 0, &sent);
	}
	if (rc != 0) {
		*temporary = ctx.temporary;
		*cause = ctx.cause;
		ctx.cause = NULL;
		free(*why_not);
		*why_not = NULL;
	} else if (sent)
		*told = xstrdup(to);
	else if (*why_not == NULL)
		*why_not = xstrdup(q->again ? "told the first time" :
		    to == NULL ? "no GM address (set gm in the "
		    "configuration)" : "today's notices to the GM are spent");
	mp_ctx_free(&ctx);
	free(about);
	return rc;
}
