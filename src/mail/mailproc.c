/* mailproc.c: one incoming mail, from raw bytes to stored effects and
 * queued replies (see mailproc.h and docs/mail-commands.md).
 *
 * The order of the checks is the safety argument:
 * 1. a Message-ID already recorded is skipped: a mail is processed once;
 * 2. bounces, automatic mail (auto-submitted, bulk, lists, MAILER-DAEMON)
 *    and the daemon's own mail are never answered: no mail loop can start
 *    here;
 * 3. a mail is answered at the address its player registered, never at a
 *    From or Reply-To it did not register, and refusals and answers to
 *    strangers are rate limited per day: a forged sender cannot make the
 *    daemon flood anybody;
 * 4. everything one mail changes, and every mail it queues, is one
 *    transaction: any error in the mail undoes all of it, and only the
 *    answer listing the errors is stored. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "password.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

static const char *const outcome_names[] = {
#define X(e, s) s,
	MAILPROC_OUTCOMES(X)
#undef X
};

const char *
mailproc_outcome_name(enum mailproc_outcome o)
{
	return outcome_names[o];
}

void
mailproc_init(struct mailproc *mp)
{
	memset(mp, 0, sizeof *mp);
	mp->hash_cost = PASSWORD_COST_DEFAULT;
	mp->refusals_per_day = 3;
	mp->unknown_per_day = 1;
	mp->strangers_per_day = MAILPROC_STRANGERS_PER_DAY;
	mp->auth_failures = MAILPROC_AUTH_FAILURES;
	mp->auth_lockout = MAILPROC_AUTH_LOCKOUT;
	mp->early = 1;
	mp->grace = 0;
	mp->reminder = 24 * 3600;
	mp->missed_limit = 2;
}

void
mailproc_result_free(struct mailproc_result *r)
{
	free(r->message_id);
	free(r->game);
	free(r->player);
	free(r->summary);
	memset(r, 0, sizeof *r);
}

/* --- the context --------------------------------------------------------- */

/* ctx fails with *cause, or name when there is none (the first failure
 * stands); temporary: a busy database, to be tried again.  -1. */
static int
fail_code(struct mp_ctx *ctx, int temporary, const char *name, char **cause)
{
	char	*c = *cause;

	*cause = NULL;
	if (!ctx->failed) {
		ctx->failed = 1;
		ctx->temporary = temporary;
		ctx->cause = c != NULL ? c : xstrdup(name);
	} else
		free(c);
	return -1;
}

int
mp_check(struct mp_ctx *ctx, enum store_code code, char **cause)
{
	/* Takes the cause by address, so that a call written
	 * mp_check(ctx, store_x(..., &cause), &cause) reads it after
	 * store_x() set it: arguments are evaluated in no fixed order. */
	if (code == STORE_OK) {
		free(*cause);
		*cause = NULL;
		return 0;
	}
	return fail_code(ctx, code == STORE_BUSY, store_code_name(code),
	    cause);
}

int
mp_check_play(struct mp_ctx *ctx, enum play_code code, char **cause)
{
	if (code == PLAY_OK) {
		free(*cause);
		*cause = NULL;
		return 0;
	}
	return fail_code(ctx, code == PLAY_BUSY, play_code_name(code), cause);
}

int
mp_fail(struct mp_ctx *ctx, const char *fmt, ...)
{
	va_list	ap;

	if (!ctx->failed) {
		ctx->failed = 1;
		va_start(ap, fmt);
		ctx->cause = xvasprintf(fmt, ap);
		va_end(ap);
	}
	return -1;
}

void
mp_error(struct mp_ctx *ctx, unsigned line, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	mp_errors_add(&ctx->errors, line, msg);
	free(msg);
}

int
mp_load_game(struct mp_ctx *ctx)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;
	enum play_code	 code;

	code = mp_cache_game(ctx->mp, ctx->g->id, &ctx->pg, &ctx->turn, &d,
	    &cause);
	if (code == PLAY_OK)
		code = play_roster_load(ctx->mp->store, ctx->g->id, ctx->turn,
		    ctx->pg.st, &ctx->roster, &cause);
	if (code != PLAY_OK) {
		diag_format(&d, &b);
		mp_fail(ctx, "game %s: %s%s", ctx->g->id, cause != NULL ?
		    cause : "", buf_str(&b));
		ctx->temporary = code == PLAY_BUSY;
	}
	free(cause);
	buf_free(&b);
	diag_free(&d);
	return code == PLAY_OK ? 0 : -1;
}

int
mp_refresh_game(struct mp_ctx *ctx)
{
	struct store_game	*g = NULL;
	char			*cause = NULL;

	if (mp_check(ctx, store_game_get(ctx->mp->store, ctx->g->id, &g,
	    &cause), &cause) != 0)
		return -1;
	store_game_free(ctx->g);
	ctx->g = g;
	return 0;
}

void
mp_ctx_free(struct mp_ctx *ctx)
{
	store_game_free(ctx->g);
	mp_game_release(&ctx->pg);
	play_roster_free(&ctx->roster);
	store_player_free(ctx->player);
	xmlFreeDoc(ctx->reply);
	play_templates_free(ctx->ltpl);
	mp_errors_free(&ctx->errors);
	free(ctx->actor);
	free(ctx->observer);
	free(ctx->cause);
	free(ctx->replaces_reason);
	memset(ctx, 0, sizeof *ctx);
}

/* --- running an authenticated mail --------------------------------------- */

static int
run_cmd(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	return ctx->is_gm ? mp_cmd_gm(ctx, c) : ctx->observer != NULL ?
	    mp_cmd_observer(ctx, c) : mp_cmd_player(ctx, c);
}

/* A mail with no order and no command.  A player who commands no ship
 * (an admiral whose captains hold every squadron) replying his template
 * unedited sends just that: he is told nothing is wrong, not pointed to
 * HELP as if he had sent an empty mail by mistake. */
static void
say_nothing(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	xmlNodePtr		 n = mp_part(ctx, "nothing");
	const struct play_player *p = NULL;

	md_set(n, "quoted", strstr(buf_str(&sc->orders), ">") != NULL ?
	    "yes" : "no");
	if (ctx->player != NULL)
		p = play_roster_find(&ctx->roster, ctx->player->id);
	if (p != NULL && !p->expected && !p->conceded)
		md_set(n, "commands", p->admiral ? "admiral" : "none");
}

/* The orders run where their first SHIP line stands among the commands. */
static int
run(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	size_t	i;
	int	orders_done = sc->order_line == 0, rc = 0, ahead = 0;

	/* A text that could not be read whole (over 1 MiB): its head
	 * routed and authenticated it, and the answer says why nothing of
	 * it is run. */
	if (ctx->msg->body_error != NULL) {
		mp_error(ctx, 0, "%s", ctx->msg->body_error);
		return 0;
	}
	mp_errors_merge(&ctx->errors, &sc->errors);
	if (ctx->is_gm && sc->order_line != 0) {
		mp_error(ctx, sc->order_line, "the GM gives no ship orders by "
		    "mail (the players do; navarch orders submit records "
		    "orders for a player)");
		orders_done = 1;
	}
	if (ctx->observer != NULL && sc->order_line != 0) {
		mp_error(ctx, sc->order_line, "an observer gives no orders; "
		    "an observer may send STATUS, MAP, HELP and PRESS TO GM");
		orders_done = 1;
	}
	/* ORDERS FOR TURN n: the mail's orders are for a later turn. */
	if (ctx->player != NULL && (ahead = mp_ahead_turn(ctx, sc)) < 0)
		return 0;
	for (i = 0; i < sc->ncmds && rc == 0; i++) {
		if (!orders_done && sc->cmds[i].line > sc->order_line) {
			rc = ahead > 0 ? mp_orders_ahead(ctx, sc, ahead) :
			    mp_orders_submit(ctx, sc);
			orders_done = 1;
		}
		if (rc == 0)
			rc = run_cmd(ctx, &sc->cmds[i]);
	}
	if (rc == 0 && !orders_done)
		rc = ahead > 0 ? mp_orders_ahead(ctx, sc, ahead) :
		    mp_orders_submit(ctx, sc);
	if (rc == 0 && sc->ncmds == 0 && sc->order_line == 0 &&
	    ctx->errors.n == 0)
		say_nothing(ctx, sc);
	if (rc == 0 && ctx->errors.n == 0)
		mp_read_to(mp_answer(ctx), sc, 1);
	return rc;
}

static const char *
reply_address(const struct mp_ctx *ctx)
{
	return ctx->is_gm ? mp_gm_address(ctx) : ctx->observer != NULL ?
	    ctx->observer : ctx->player->address;
}

/* Who the mail was read as, on the root of its answer. */
static void
set_reader(struct mp_ctx *ctx, xmlNodePtr root)
{
	md_set(root, "as", ctx->is_gm ? "gm" : ctx->observer != NULL ?
	    "observer" : "player");
	if (ctx->player != NULL) {
		md_set(root, "player", ctx->player->id);
		md_set(root, "side", ctx->player->side);
	}
}

/* The reader's time zone: a player's own, none for the GM. */
static const char *
reader_zone(const struct mp_ctx *ctx)
{
	return ctx->player != NULL ? ctx->player->timezone : NULL;
}

static void
answer(struct mp_ctx *ctx)
{
	const char	*to = reply_address(ctx);

	set_reader(ctx, mp_answer(ctx));
	/* Every acknowledgement states the deadline and the time left, on
	 * the reader's own clock too. */
	mp_clock(ctx, mp_answer(ctx), reader_zone(ctx));
	if (to != NULL)
		mp_send(ctx, to, ctx->reply, MAILPROC_AUTO_REPLIED);
}

/* The answer to a mail with errors, queued in a fresh transaction after
 * the first was undone. */
static void
reject(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	xmlDocPtr	 doc = mp_doc(ctx, "rejected");
	xmlNodePtr	 root = maildoc_root(doc);
	const char	*to = reply_address(ctx);
	char		*in_force;

	set_reader(ctx, root);
	mp_clock(ctx, root, reader_zone(ctx));
	mp_error_list(root, &ctx->errors);
	mp_read_to(root, sc, 1);
	if (ctx->player != NULL) {
		in_force = mp_orders_in_force(ctx);
		md_lines(md_add(root, "in-force", NULL), "line", in_force);
		free(in_force);
	}
	if (to != NULL)
		mp_send(ctx, to, doc, MAILPROC_AUTO_REPLIED);
	xmlFreeDoc(doc);
}

/* Routes, authenticates and runs: everything inside the open
 * transaction.  out->outcome says what happened. */
static void
process(struct mp_ctx *ctx, const struct mp_scan *sc,
    struct mailproc_result *out)
{
	struct why	 w = { NULL, NULL, -1 };
	char		*game = NULL, *cause = NULL;
	int		 code;

	if (mp_lobby_mail(sc)) {
		mp_lobby(ctx, sc, out);
		return;
	}
	if (sc->game != NULL)
		game = str_lower(xstrdup(sc->game));
	else if (ctx->msg->subject != NULL &&
	    mail_subject_tag(ctx->msg->subject, &game) == 0)
		str_lower(game);
	if (game == NULL) {
		w.reason = "no-game";
		mp_unrouted(ctx, sc, &w, out);
		return;
	}
	out->game = xstrdup(game);
	code = store_game_get(ctx->mp->store, game, &ctx->g, &cause);
	if (code == STORE_NOTFOUND || (code == STORE_ERROR &&
	    !str_is_id(game))) {
		free(cause);
		w.reason = "unknown-game";
		w.name = game;
		mp_unrouted(ctx, sc, &w, out);
		free(game);
		return;
	}
	free(game);
	if (mp_check(ctx, code, &cause) != 0 || mp_load_game(ctx) != 0)
		return;
	if (mp_authenticate(ctx, sc, out) != 0)
		return;
	if (ctx->is_gm || ctx->observer != NULL) {
		free(out->player);
		out->player = xstrdup(ctx->is_gm ? "GM" : "observer");
	}
	out->outcome = MAILPROC_DONE;
	if (run(ctx, sc) == 0 && ctx->errors.n == 0) {
		answer(ctx);
		/* What the mail did that others must be told of (a GM's
		 * pause, the end of the game), in its transaction. */
		(void)mp_notices(ctx);
	}
}

/* --- the transaction ----------------------------------------------------- */

static int
begin(struct mp_ctx *ctx)
{
	char	*cause = NULL;

	/* The first transaction is the one mailproc_parsed began. */
	if (ctx->open)
		ctx->open = 0;
	else if (mp_check(ctx, store_begin(ctx->mp->store, &cause),
	    &cause) != 0)
		return -1;
	return mp_check(ctx, store_mail_record(ctx->mp->store,
	    ctx->msg->message_id, ctx->now, &cause), &cause);
}

static int
commit(struct mp_ctx *ctx)
{
	char	*cause = NULL;

	if (ctx->failed) {
		(void)store_abort(ctx->mp->store, NULL);
		return -1;
	}
	return mp_check(ctx, store_commit(ctx->mp->store, &cause), &cause);
}

/* Why the message must never be answered (NULL: it may be): automatic
 * mail, MAILER-DAEMON or postmaster (the parser marks those automatic),
 * our own mail, no sender at all. */
static const char *
never_answer(const struct mailproc *mp, const struct mail_msg *m)
{
	if (m->is_auto)
		return m->auto_reason != NULL ? m->auto_reason : "automatic";
	if (mp->address != NULL && mail_is_own_address(m, mp->address))
		return "from the daemon's own address";
	if (m->from == NULL)
		return "no From address";
	if (m->return_path != NULL && m->return_path[0] == '\0')
		return "null return path (<>)";
	return NULL;
}

static void
handle(struct mp_ctx *ctx, struct mailproc_result *out)
{
	struct mp_scan	 sc;
	const char	*why;

	if (ctx->msg->is_bounce) {
		if (begin(ctx) == 0)
			mp_bounce(ctx, out);
		commit(ctx);
		return;
	}
	if ((why = never_answer(ctx->mp, ctx->msg)) != NULL) {
		out->outcome = MAILPROC_IGNORED;
		out->summary = xstrdup(why);
		/* Only its Message-ID is recorded. */
		(void)begin(ctx);
		commit(ctx);
		return;
	}
	mp_scan_mail(ctx->msg, &sc);
	if (begin(ctx) == 0)
		process(ctx, &sc, out);
	if (ctx->errors.n > 0 && !ctx->failed && out->outcome ==
	    MAILPROC_DONE) {
		/* Any error rejects the whole mail: undo, then store only
		 * the Message-ID and the answer. */
		(void)store_abort(ctx->mp->store, NULL);
		ctx->queued = 0;
		if (begin(ctx) == 0)
			reject(ctx, &sc);
		out->outcome = MAILPROC_REJECTED;
	}
	commit(ctx);
	if (out->summary == NULL)
		out->summary = xasprintf("%s: %zu error(s), %zu mail(s) queued",
		    mailproc_outcome_name(out->outcome), ctx->errors.n,
		    ctx->queued);
	mp_scan_free(&sc);
}

int
mailproc_message(struct mailproc *mp, const char *raw, size_t len,
    int64_t now, struct mailproc_result *out, char **cause)
{
	struct mail_msg	*m = NULL;
	int		 rc;

	memset(out, 0, sizeof *out);
	if (mail_parse(raw, len, &m, cause) != 0)
		return -1;
	rc = mailproc_parsed(mp, m, now, out, cause);
	mail_msg_free(m);
	return rc;
}

int
mailproc_parsed(struct mailproc *mp, const struct mail_msg *m, int64_t now,
    struct mailproc_result *out, char **cause)
{
	struct mp_ctx	 ctx;
	char		*c = NULL;
	int		 code;

	memset(out, 0, sizeof *out);
	*cause = NULL;
	out->message_id = xstrdup(m->message_id);
	/* Whether the mail was processed is asked in the transaction that
	 * processes it: one transaction a mail, not a read of its own
	 * before it (issue 16), and nothing can record the mail between
	 * the two. */
	if ((code = store_begin(mp->store, &c)) == STORE_OK &&
	    (code = store_mail_seen(mp->store, m->message_id, &c)) !=
	    STORE_NOTFOUND)
		(void)store_abort(mp->store, NULL);
	if (code == STORE_OK) {
		out->outcome = MAILPROC_DUPLICATE;
		out->summary = xstrdup("already processed");
		return 0;
	}
	if (code != STORE_NOTFOUND) {
		out->temporary = code == STORE_BUSY;
		*cause = c;
		return -1;
	}
	free(c);	/* "not seen yet" */
	memset(&ctx, 0, sizeof ctx);
	ctx.mp = mp;
	ctx.now = now;
	ctx.msg = m;
	ctx.open = 1;
	handle(&ctx, out);
	out->queued = ctx.queued;
	if (ctx.failed) {
		out->temporary = ctx.temporary;
		*cause = ctx.cause;
		ctx.cause = NULL;
		out->queued = 0;
	}
	code = ctx.failed ? -1 : 0;
	mp_ctx_free(&ctx);
	return code;
}
