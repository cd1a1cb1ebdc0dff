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

const char *
mp_lang_of(const struct mp_ctx *ctx, const char *address)
{
	size_t	i;

	if (address == NULL)
		return "";
	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    strcmp(ctx->roster.p[i].address, address) == 0)
			return ctx->roster.p[i].language;
	/* The sender, when the game's roster is not loaded. */
	if (ctx->player != NULL && ctx->player->language != NULL &&
	    strcmp(ctx->player->address, address) == 0)
		return ctx->player->language;
	return "";
}

/* The mail template of to's language: the language's own mail.xsl when
 * it has one, else the default (load).  NULL: ctx failed. */
static struct report_template *
template_for(struct mp_ctx *ctx, const char *to)
{
	const char		*lang = mp_lang_of(ctx, to);
	const char		*dir = play_templatedir(ctx->mp->templatedir);
	struct report_template	*tpl;
	char			*path, *dflt, *cause = NULL;
	int			 own = 0;

	if (*lang != '\0') {
		path = play_template_path(dir, lang, MAILDOC_TEMPLATE);
		dflt = play_template_path(dir, NULL, MAILDOC_TEMPLATE);
		own = strcmp(path, dflt) != 0;
		free(path);
		free(dflt);
	}
	if (!own)
		return load(ctx) == 0 ? ctx->tpl : NULL;
	if (ctx->ltpl == NULL)
		ctx->ltpl = play_templates_new(dir);
	tpl = play_template_get(ctx->ltpl, lang, MAILDOC_TEMPLATE, &cause);
	if (tpl == NULL)
		template_failed(ctx, cause);
	return tpl;
}

int
mp_word_to(struct mp_ctx *ctx, const char *to, xmlDocPtr doc,
    char **subject, struct buf *body)
{
	struct report_template	*tpl;
	char			*cause = NULL;

	*subject = NULL;
	if (ctx->failed || (tpl = template_for(ctx, to)) == NULL)
		return -1;
	if (maildoc_render(tpl, doc, subject, body, &cause) != 0)
		return template_failed(ctx, cause);
	return 0;
}

int
mp_word(struct mp_ctx *ctx, xmlDocPtr doc, char **subject, struct buf *body)
{
	return mp_word_to(ctx, NULL, doc, subject, body);
}

int
mp_send(struct mp_ctx *ctx, const char *to, xmlDocPtr doc,
    enum mailproc_auto kind)
{
	struct buf	 body = BUF_INIT;
	char		*subject;
	int		 rc;

	rc = mp_word_to(ctx, to, doc, &subject, &body);
	if (rc == 0)
		rc = mp_queue(ctx, to, subject, buf_str(&body), kind);
	free(subject);
	buf_free(&body);
	return rc;
}
