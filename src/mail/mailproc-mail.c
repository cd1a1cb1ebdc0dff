/* mailproc-mail.c: the daemon's own mails (answers, rejections,
 * refusals, reminders, press, notices) as documents for
 * templates/mail.xsl (maildoc.h, docs/templates.md).
 *
 * Every such mail is made the same way: mp_doc() starts a document about
 * the game in hand, the code adds what is to be said as elements and
 * attributes, and mp_send() has the template word it and queues it.  The
 * answer to a mail grows in ctx->reply, one element per order set or
 * command (mp_part), and is sent once the mail has run. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "mailproc-int.h"
#include "maildoc.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "timefmt.h"
#include "xalloc.h"

int
mp_read_template(const struct mailproc *mp, const char *file, char **xsl,
    size_t *len, char **path, char **cause)
{
	*path = xasprintf("%s/%s", play_templatedir(mp->templatedir), file);
	return file_read(*path, MAILPROC_TEMPLATE_MAX, xsl, len, cause);
}

/* A template the GM broke is mended by the GM: the failure is temporary,
 * so the mail stays in the inbox (or the tick is done again) and nothing
 * is lost meanwhile. */
static int
template_failed(struct mp_ctx *ctx, char *cause)
{
	mp_fail(ctx, "%s", cause);
	ctx->temporary = 1;
	free(cause);
	return -1;
}

static int
load(struct mp_ctx *ctx)
{
	char	*cause = NULL;

	if (ctx->tpl != NULL)
		return 0;
	if (mp_cache_template(ctx->mp, &ctx->tpl, &cause) != 0)
		return template_failed(ctx, cause);
	return 0;
}

void
mp_set_when(xmlNodePtr n, const char *name, int64_t t)
{
	char	s[TIME_LEN];

	if (t == 0)
		return;
	time_format(t, s);
	md_set(n, name, s);
}

xmlDocPtr
mp_doc(struct mp_ctx *ctx, const char *kind)
{
	xmlDocPtr	 doc = maildoc_new(kind);
	xmlNodePtr	 root = maildoc_root(doc);
	char		*re;

	if (ctx->g != NULL) {
		md_set(root, "game", ctx->g->id);
		if (ctx->pg.st != NULL) {
			md_set(root, "title", ctx->pg.st->title);
			md_set_int(root, "turn", ctx->turn);
		}
	}
	if (ctx->msg != NULL) {
		re = mp_reply_subject(ctx);
		md_set(root, "re", re);
		free(re);
	}
	return doc;
}

xmlNodePtr
mp_answer(struct mp_ctx *ctx)
{
	if (ctx->reply == NULL)
		ctx->reply = mp_doc(ctx, "answer");
	return maildoc_root(ctx->reply);
}

xmlNodePtr
mp_part(struct mp_ctx *ctx, const char *name)
{
	return md_add(mp_answer(ctx), name, NULL);
}

int
mp_word(struct mp_ctx *ctx, xmlDocPtr doc, char **subject, struct buf *body)
{
	char	*cause = NULL;

	*subject = NULL;
	if (ctx->failed || load(ctx) != 0)
		return -1;
	if (maildoc_render(ctx->tpl, doc, subject, body, &cause) != 0)
		return template_failed(ctx, cause);
	return 0;
}

int
mp_send(struct mp_ctx *ctx, const char *to, xmlDocPtr doc,
    enum mailproc_auto kind)
{
	struct buf	 body = BUF_INIT;
	char		*subject;
	int		 rc;

	rc = mp_word(ctx, doc, &subject, &body);
	if (rc == 0)
		rc = mp_queue(ctx, to, subject, buf_str(&body), kind);
	free(subject);
	buf_free(&body);
	return rc;
}
