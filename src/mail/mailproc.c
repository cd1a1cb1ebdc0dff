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

int
mp_check(struct mp_ctx *ctx, int code, char *cause)
{
	if (code == STORE_OK) {
		free(cause);
		return 0;
	}
	if (!ctx->failed) {
		ctx->failed = 1;
		ctx->temporary = code == STORE_BUSY;
		ctx->cause = cause != NULL ? cause :
		    xstrdup(store_code_name(code));
	} else
		free(cause);
	return -1;
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
	va_list	ap;

	if (line > 0)
		buf_printf(&ctx->errors, "line %u: ", line);
	va_start(ap, fmt);
	buf_vprintf(&ctx->errors, fmt, ap);
	va_end(ap);
	buf_addc(&ctx->errors, '\n');
	ctx->nerrors++;
}

int
mp_load_game(struct mp_ctx *ctx)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;
	int		 rc;

	rc = play_game_state(ctx->mp->store, ctx->mp->datadir, ctx->g->id, -1,
	    &ctx->pg, &ctx->turn, &d, &cause);
	if (rc == 0)
		rc = play_roster_load(ctx->mp->store, ctx->g->id, ctx->turn,
		    ctx->pg.st, &ctx->roster, &cause);
	if (rc != 0) {
		diag_format(&d, &b);
		mp_fail(ctx, "game %s: %s%s", ctx->g->id, cause != NULL ?
		    cause : "", buf_str(&b));
		ctx->temporary = rc == 75;
	}
	free(cause);
	buf_free(&b);
	diag_free(&d);
	return rc == 0 ? 0 : -1;
}

void
mp_ctx_free(struct mp_ctx *ctx)
{
	store_game_free(ctx->g);
	play_game_free(&ctx->pg);
	play_roster_free(&ctx->roster);
	store_player_free(ctx->player);
	xmlFreeDoc(ctx->reply);
	report_template_free(ctx->tpl);
	buf_free(&ctx->errors);
	free(ctx->actor);
	free(ctx->cause);
	memset(ctx, 0, sizeof *ctx);
}

/* --- who is known -------------------------------------------------------- */

/* A walk over every game's players (and observers) for one address.  The
 * callbacks only collect: the store's walks may not be written to. */
struct known {
	const char	*address;
	const char	*game;
	int		 found;
	struct buf	 players;	/* "game player\n" of active matches */
};

static int
known_player_cb(const struct store_player *p, void *arg)
{
	struct known	*k = arg;

	if (strcasecmp(p->address, k->address) != 0)
		return 0;
	k->found = 1;
	if (!p->removed)
		buf_printf(&k->players, "%s %s\n", k->game, p->id);
	return 0;
}

static int
known_observer_cb(const char *address, void *arg)
{
	struct known	*k = arg;

	if (strcasecmp(address, k->address) == 0)
		k->found = 1;
	return 0;
}

/* Collects the game ids, and notes a GM with the address. */
static int
known_game_cb(const struct store_game *g, void *arg)
{
	struct buf	*b = arg;

	buf_adds(b, g->id);
	buf_addc(b, '\n');
	return 0;
}

static int
known_gm_cb(const struct store_game *g, void *arg)
{
	struct known	*k = arg;

	if (g->gm_address != NULL && strcasecmp(g->gm_address, k->address)
	    == 0)
		k->found = 1;
	return 0;
}

/* Walks every game for k.address.  0 or -1 (ctx failed). */
static int
walk_games(struct mp_ctx *ctx, struct known *k)
{
	struct buf	 ids = BUF_INIT;
	struct store	*s = ctx->mp->store;
	const char	*p, *nl;
	char		*id, *cause = NULL;
	int		 rc;

	rc = mp_check(ctx, store_game_list(s, known_game_cb, &ids, &cause),
	    cause);
	if (rc == 0)
		rc = mp_check(ctx, store_game_list(s, known_gm_cb, k, &cause),
		    cause);
	for (p = buf_str(&ids); rc == 0 && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		id = xstrndup(p, (size_t)(nl - p));
		k->game = id;
		rc = mp_check(ctx, store_player_list(s, id, known_player_cb, k,
		    &cause), cause);
		if (rc == 0)
			rc = mp_check(ctx, store_observer_list(s, id,
			    known_observer_cb, k, &cause), cause);
		k->game = NULL;
		free(id);
	}
	buf_free(&ids);
	if (ctx->mp->gm != NULL && strcasecmp(ctx->mp->gm, k->address) == 0)
		k->found = 1;
	return rc;
}

/* A bounce counts against every active player with the address that
 * failed; the GM sees the count (navarch player list, STATUS). */
static void
handle_bounce(struct mp_ctx *ctx, struct mailproc_result *out)
{
	struct known	 k;
	struct store	*s = ctx->mp->store;
	const char	*p, *nl;
	char		*line, *sp, *cause = NULL, *details;

	out->outcome = MAILPROC_BOUNCE;
	if (ctx->msg->bounce_recipient == NULL) {
		out->summary = xstrdup("a bounce that names no failed address");
		return;
	}
	memset(&k, 0, sizeof k);
	k.address = ctx->msg->bounce_recipient;
	if (walk_games(ctx, &k) != 0)
		return;
	for (p = buf_str(&k.players); !ctx->failed && *p != '\0';
	    p = nl + 1) {
		nl = strchr(p, '\n');
		line = xstrndup(p, (size_t)(nl - p));
		sp = strchr(line, ' ');
		*sp++ = '\0';
		details = xasprintf("mail to player %s (%s) bounced: %s %s",
		    sp, k.address, ctx->msg->bounce_action != NULL ?
		    ctx->msg->bounce_action : "failed",
		    ctx->msg->bounce_status != NULL ?
		    ctx->msg->bounce_status : "");
		if (mp_check(ctx, store_player_bounce(s, line, sp, &cause),
		    cause) == 0)
			mp_check(ctx, store_audit_add(s, line, ctx->now, "mail",
			    "bounce", details, &cause), cause);
		free(details);
		free(line);
	}
	out->summary = xasprintf("bounce for %s: %s", k.address,
	    k.players.len > 0 ? "counted against its player" :
	    "no player has that address");
	buf_free(&k.players);
}

/* --- answers that are not to an authenticated player --------------------- */

static int
has_help(const struct mp_scan *sc)
{
	size_t	i;

	for (i = 0; i < sc->ncmds; i++)
		if (sc->cmds[i].kind == MP_CMD_HELP)
			return 1;
	return 0;
}

/* Why a mail reached nobody: the reason (a word the template words),
 * and what it named. */
struct why {
	const char	*reason;	/* no-game, unknown-game, no-gm-password,
					   side-players, unknown-player,
					   unsigned */
	const char	*name;		/* the game, side or player, or NULL */
	long		 count;		/* side-players: how many */
};

/* A mail that reached no player: at most one answer a day to a stranger,
 * a few to a known address, always at the From address (nobody's
 * registered address is concerned). */
static void
unrouted(struct mp_ctx *ctx, const struct mp_scan *sc, const struct why *w,
    struct mailproc_result *out)
{
	struct known	 k;
	const char	*from = ctx->msg->from;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*key, *cause = NULL;
	int		 allowed = 0, limit;

	out->outcome = MAILPROC_UNROUTED;
	out->summary = xasprintf("unrouted: %s%s%s", w->reason,
	    w->name != NULL ? " " : "", w->name != NULL ? w->name : "");
	if (from == NULL)
		return;
	memset(&k, 0, sizeof k);
	k.address = from;
	if (walk_games(ctx, &k) != 0)
		return;
	buf_free(&k.players);
	limit = k.found ? ctx->mp->refusals_per_day : ctx->mp->unknown_per_day;
	key = xasprintf("unrouted:%s", from);
	str_lower(key);
	if (mp_check(ctx, store_rate_take(ctx->mp->store, key,
	    ctx->now / 86400, limit, &allowed, &cause), cause) == 0 &&
	    allowed) {
		doc = mp_doc(ctx, "unrouted");
		root = maildoc_root(doc);
		md_set(root, "reason", w->reason);
		md_set(root, "name", w->name);
		if (w->count >= 0)
			md_set_int(root, "count", w->count);
		if (has_help(sc))
			mp_help(root, 0);
		mp_send(ctx, from, doc, MAILPROC_AUTO_REPLIED);
		xmlFreeDoc(doc);
	}
	free(key);
}

/* A refusal goes to the registered address of whom the mail claimed to
 * be, never to the sender: a forger learns nothing and the owner is
 * warned.  Rate limited per player and day.  reason: no-password,
 * wrong-password or removed. */
static void
refuse(struct mp_ctx *ctx, const char *who, const char *to,
    const char *reason, struct mailproc_result *out)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*key, *cause = NULL;
	int		 allowed = 0;

	out->outcome = MAILPROC_REFUSED;
	out->summary = xasprintf("refused for %s: %s", who, reason);
	if (to == NULL)
		return;
	key = xasprintf("refusal:%s:%s", ctx->g->id, who);
	if (mp_check(ctx, store_rate_take(ctx->mp->store, key,
	    ctx->now / 86400, ctx->mp->refusals_per_day, &allowed, &cause),
	    cause) == 0 && allowed) {
		doc = mp_doc(ctx, "refused");
		root = maildoc_root(doc);
		md_set(root, "who", who);
		md_set(root, "reason", reason);
		md_set_int(root, "limit", ctx->mp->refusals_per_day);
		mp_send(ctx, to, doc, MAILPROC_AUTO_GENERATED);
		xmlFreeDoc(doc);
	}
	free(key);
}

/* --- routing and authentication ------------------------------------------ */

/* The active players of a side. */
static size_t
side_players(const struct mp_ctx *ctx, const char *side,
    const struct play_player **one)
{
	size_t	i, n = 0;

	for (i = 0; i < ctx->roster.np; i++)
		if (!ctx->roster.p[i].removed &&
		    strcasecmp(ctx->roster.p[i].side, side) == 0) {
			*one = &ctx->roster.p[i];
			n++;
		}
	return n;
}

static int
is_observer_cb(const char *address, void *arg)
{
	struct known	*k = arg;

	if (strcasecmp(address, k->address) == 0)
		k->found = 1;
	return 0;
}

/* Finds who the mail speaks for: 0 with ctx->player or ctx->is_gm, 1
 * when the mail was answered (unrouted, refused, observer), -1 failed. */
static int
authenticate(struct mp_ctx *ctx, const struct mp_scan *sc,
    struct mailproc_result *out)
{
	const struct play_player	*pp = NULL;
	struct known			 k;
	struct why			 w = { NULL, NULL, -1 };
	const char			*hash;
	char				*cause = NULL, *id;
	size_t				 n;
	int				 code;

	if (sc->gm) {
		if (ctx->g->gm_password == NULL) {
			w.reason = "no-gm-password";
			unrouted(ctx, sc, &w, out);
			return 1;
		}
		if (sc->password == NULL ||
		    !password_verify(sc->password, ctx->g->gm_password)) {
			refuse(ctx, "GM", mp_gm_address(ctx), sc->password ==
			    NULL ? "no-password" : "wrong-password", out);
			return 1;
		}
		ctx->is_gm = 1;
		ctx->actor = xstrdup("mail:GM");
		return 0;
	}
	if (sc->player != NULL)
		pp = play_roster_find(&ctx->roster, sc->player);
	if (pp == NULL && sc->player != NULL) {
		/* Ids are lower case; mail may write any case. */
		id = str_lower(xstrdup(sc->player));
		pp = play_roster_find(&ctx->roster, id);
		free(id);
	}
	if (sc->player == NULL && sc->side != NULL) {
		n = side_players(ctx, sc->side, &pp);
		if (n != 1) {
			w.reason = "side-players";
			w.name = sc->side;
			w.count = (long)n;
			unrouted(ctx, sc, &w, out);
			return 1;
		}
	}
	if (pp == NULL) {
		memset(&k, 0, sizeof k);
		k.address = ctx->msg->from != NULL ? ctx->msg->from : "";
		if (mp_check(ctx, store_observer_list(ctx->mp->store,
		    ctx->g->id, is_observer_cb, &k, &cause), cause) != 0)
			return -1;
		if (k.found && sc->player == NULL && sc->side == NULL) {
			/* Observers receive reports; nothing they send
			 * counts, and they get no answer. */
			out->outcome = MAILPROC_OBSERVER;
			out->summary = xstrdup("an observer's mail");
			return 1;
		}
		w.reason = sc->player != NULL || sc->side != NULL ?
		    "unknown-player" : "unsigned";
		w.name = sc->player != NULL ? sc->player : sc->side;
		unrouted(ctx, sc, &w, out);
		return 1;
	}
	out->player = xstrdup(pp->id);
	if (pp->removed) {
		refuse(ctx, pp->id, pp->address, "removed", out);
		return 1;
	}
	code = store_player_get(ctx->mp->store, ctx->g->id, pp->id,
	    &ctx->player, &cause);
	if (mp_check(ctx, code, cause) != 0)
		return -1;
	hash = ctx->player->password;
	if (sc->password == NULL || !password_verify(sc->password, hash)) {
		refuse(ctx, pp->id, ctx->player->address, sc->password == NULL ?
		    "no-password" : "wrong-password", out);
		store_player_free(ctx->player);
		ctx->player = NULL;
		return 1;
	}
	ctx->actor = xasprintf("mail:%s", pp->id);
	return 0;
}

/* --- running an authenticated mail --------------------------------------- */

static int
run_cmd(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	return ctx->is_gm ? mp_cmd_gm(ctx, c) : mp_cmd_player(ctx, c);
}

/* The orders run where their first SHIP line stands among the commands. */
static int
run(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	size_t	i;
	int	orders_done = sc->order_line == 0, rc = 0;

	if (ctx->msg->body_error != NULL)
		mp_error(ctx, 0, "%s", ctx->msg->body_error);
	if (sc->nerrors > 0) {
		buf_adds(&ctx->errors, buf_str(&sc->errors));
		ctx->nerrors += sc->nerrors;
	}
	if (ctx->is_gm && sc->order_line != 0) {
		mp_error(ctx, sc->order_line, "the GM gives no ship orders by "
		    "mail (the players do; navarch orders submit records "
		    "orders for a player)");
		orders_done = 1;
	}
	for (i = 0; i < sc->ncmds && rc == 0; i++) {
		if (!orders_done && sc->cmds[i].line > sc->order_line) {
			rc = mp_orders_submit(ctx, sc);
			orders_done = 1;
		}
		if (rc == 0)
			rc = run_cmd(ctx, &sc->cmds[i]);
	}
	if (rc == 0 && !orders_done)
		rc = mp_orders_submit(ctx, sc);
	if (rc == 0 && sc->ncmds == 0 && sc->order_line == 0 &&
	    ctx->nerrors == 0)
		md_set(mp_part(ctx, "nothing"), "quoted",
		    strstr(buf_str(&sc->orders), ">") != NULL ? "yes" : "no");
	return rc;
}

static const char *
reply_address(const struct mp_ctx *ctx)
{
	return ctx->is_gm ? mp_gm_address(ctx) : ctx->player->address;
}

/* Who the mail was read as, on the root of its answer. */
static void
set_reader(struct mp_ctx *ctx, xmlNodePtr root)
{
	md_set(root, "as", ctx->is_gm ? "gm" : "player");
	if (!ctx->is_gm) {
		md_set(root, "player", ctx->player->id);
		md_set(root, "side", ctx->player->side);
	}
}

static void
answer(struct mp_ctx *ctx)
{
	const char	*to = reply_address(ctx);

	set_reader(ctx, mp_answer(ctx));
	if (to != NULL)
		mp_send(ctx, to, ctx->reply, MAILPROC_AUTO_REPLIED);
}

/* "line N: text" lines as <error line="N">text</error>. */
static void
error_nodes(xmlNodePtr root, const char *errors)
{
	const char	*p, *nl, *t;
	char		*line;
	unsigned	 n;
	xmlNodePtr	 e;

	for (p = errors; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		t = line;
		n = 0;
		if (strncmp(line, "line ", 5) == 0) {
			for (t = line + 5; *t >= '0' && *t <= '9' && n < 100000;
			    t++)
				n = n * 10 + (unsigned)(*t - '0');
			if (strncmp(t, ": ", 2) == 0 && n > 0)
				t += 2;
			else {
				t = line;
				n = 0;
			}
		}
		e = md_add(root, "error", t);
		if (n > 0)
			md_set_int(e, "line", (long)n);
		free(line);
	}
}

/* The answer to a mail with errors, queued in a fresh transaction after
 * the first was undone. */
static void
reject(struct mp_ctx *ctx)
{
	xmlDocPtr	 doc = mp_doc(ctx, "rejected");
	xmlNodePtr	 root = maildoc_root(doc);
	const char	*to = reply_address(ctx);
	char		*in_force;

	set_reader(ctx, root);
	error_nodes(root, buf_str(&ctx->errors));
	if (!ctx->is_gm) {
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

	if (sc->game != NULL)
		game = str_lower(xstrdup(sc->game));
	else if (ctx->msg->subject != NULL &&
	    mail_subject_tag(ctx->msg->subject, &game) == 0)
		str_lower(game);
	if (game == NULL) {
		w.reason = "no-game";
		unrouted(ctx, sc, &w, out);
		return;
	}
	out->game = xstrdup(game);
	code = store_game_get(ctx->mp->store, game, &ctx->g, &cause);
	if (code == STORE_NOTFOUND || (code == STORE_ERROR &&
	    !str_is_id(game))) {
		free(cause);
		w.reason = "unknown-game";
		w.name = game;
		unrouted(ctx, sc, &w, out);
		free(game);
		return;
	}
	free(game);
	if (mp_check(ctx, code, cause) != 0 || mp_load_game(ctx) != 0)
		return;
	if (authenticate(ctx, sc, out) != 0)
		return;
	if (ctx->is_gm) {
		free(out->player);
		out->player = xstrdup("GM");
	}
	out->outcome = MAILPROC_DONE;
	if (run(ctx, sc) == 0 && ctx->nerrors == 0)
		answer(ctx);
}

/* --- the transaction ----------------------------------------------------- */

static int
begin(struct mp_ctx *ctx)
{
	char	*cause = NULL;

	if (mp_check(ctx, store_begin(ctx->mp->store, &cause), cause) != 0)
		return -1;
	return mp_check(ctx, store_mail_record(ctx->mp->store,
	    ctx->msg->message_id, ctx->now, &cause), cause);
}

static int
commit(struct mp_ctx *ctx)
{
	char	*cause = NULL;

	if (ctx->failed) {
		(void)store_abort(ctx->mp->store, NULL);
		return -1;
	}
	return mp_check(ctx, store_commit(ctx->mp->store, &cause), cause);
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
			handle_bounce(ctx, out);
		commit(ctx);
		return;
	}
	if ((why = never_answer(ctx->mp, ctx->msg)) != NULL) {
		out->outcome = MAILPROC_IGNORED;
		out->summary = xasprintf("not answered: %s", why);
		/* Only its Message-ID is recorded. */
		(void)begin(ctx);
		commit(ctx);
		return;
	}
	mp_scan_body(ctx->msg->body, ctx->msg->body_len, &sc);
	if (begin(ctx) == 0)
		process(ctx, &sc, out);
	if (ctx->nerrors > 0 && !ctx->failed && out->outcome ==
	    MAILPROC_DONE) {
		/* Any error rejects the whole mail: undo, then store only
		 * the Message-ID and the answer. */
		(void)store_abort(ctx->mp->store, NULL);
		ctx->queued = 0;
		if (begin(ctx) == 0)
			reject(ctx);
		out->outcome = MAILPROC_REJECTED;
	}
	commit(ctx);
	if (out->summary == NULL)
		out->summary = xasprintf("%s: %zu error(s), %zu mail(s) queued",
		    mailproc_outcome_name(out->outcome), ctx->nerrors,
		    ctx->queued);
	mp_scan_free(&sc);
}

int
mailproc_message(struct mailproc *mp, const char *raw, size_t len,
    int64_t now, struct mailproc_result *out, char **cause)
{
	struct mp_ctx	 ctx;
	struct mail_msg	*m = NULL;
	char		*c = NULL;
	int		 code;

	memset(out, 0, sizeof *out);
	if (mail_parse(raw, len, &m, cause) != 0)
		return -1;
	out->message_id = xstrdup(m->message_id);
	code = store_mail_seen(mp->store, m->message_id, &c);
	if (code == STORE_OK) {
		out->outcome = MAILPROC_DUPLICATE;
		out->summary = xstrdup("already processed");
		mail_msg_free(m);
		return 0;
	}
	if (code != STORE_NOTFOUND) {
		out->temporary = code == STORE_BUSY;
		*cause = c;
		mail_msg_free(m);
		return -1;
	}
	free(c);	/* "not seen yet" */
	memset(&ctx, 0, sizeof ctx);
	ctx.mp = mp;
	ctx.now = now;
	ctx.msg = m;
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
	mail_msg_free(m);
	return code;
}
