/* mailproc-auth.c: who a mail speaks for (docs/mail-commands.md,
 * "Routing and authentication"), and the answers to mail that reaches
 * nobody: strangers, bounces.  Passwords, refusals and lock-outs are in
 * mailproc-lock.c.
 *
 * Safety: an answer goes to the registered address of whom a mail
 * claimed to be, never to a From it did not register; refusals and
 * answers to strangers are rate limited per day (strangers also all
 * together), and an answer to a stranger repeats nothing the stranger
 * wrote but ids, so a forged sender cannot make the daemon flood or
 * spam anybody. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

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
	    &cause);
	if (rc == 0)
		rc = mp_check(ctx, store_game_list(s, known_gm_cb, k, &cause),
		    &cause);
	for (p = buf_str(&ids); rc == 0 && *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		id = xstrndup(p, (size_t)(nl - p));
		k->game = id;
		rc = mp_check(ctx, store_player_list(s, id, known_player_cb, k,
		    &cause), &cause);
		if (rc == 0)
			rc = mp_check(ctx, store_observer_list(s, id,
			    known_observer_cb, k, &cause), &cause);
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
void
mp_bounce(struct mp_ctx *ctx, struct mailproc_result *out)
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
		    &cause) == 0)
			mp_check(ctx, store_audit_add(s, line, ctx->now, "mail",
			    "bounce", details, &cause), &cause);
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


/* A name the mail wrote (a game, side or player), if it may be said
 * back: an id, 1-32 of [a-z0-9_-] in any case.  Anything else is the
 * sender's free text, which an answer to a forged From would carry to a
 * stranger: it is left out. */
static const char *
sayable(const char *name)
{
	char	*low;
	int	 ok;

	if (name == NULL)
		return NULL;
	low = str_lower(xstrdup(name));
	ok = str_is_id(low);
	free(low);
	return ok ? name : NULL;
}

/* Takes one of the day's answers to from: limit for the address, and,
 * for a stranger, one of strangers_per_day for all of them together (a
 * flood of forged senders cannot make the daemon a spammer).  0 or -1
 * (ctx failed); *allowed. */
static int
unrouted_take(struct mp_ctx *ctx, const char *from, int stranger,
    int *allowed)
{
	struct store	*s = ctx->mp->store;
	int64_t		 day = ctx->now / 86400;
	char		*key, *cause = NULL;
	int		 rc;

	*allowed = 0;
	key = str_lower(xasprintf("unrouted:%s", from));
	rc = mp_check(ctx, store_rate_take(s, key, day, stranger ?
	    ctx->mp->unknown_per_day : ctx->mp->refusals_per_day, allowed,
	    &cause), &cause);
	free(key);
	if (rc == 0 && *allowed && stranger)
		rc = mp_check(ctx, store_rate_take(s, "unrouted-strangers", day,
		    ctx->mp->strangers_per_day, allowed, &cause), &cause);
	return rc;
}

/* A mail that reached no player: at most one answer a day to a stranger
 * (and strangers_per_day to all of them), a few to a known address,
 * always at the From address alone (nobody's registered address is
 * concerned).  The answer never repeats the mail's subject or any of its
 * text but the ids it named. */
void
mp_unrouted(struct mp_ctx *ctx, const struct mp_scan *sc, const struct why *w,
    struct mailproc_result *out)
{
	struct known	 k;
	const char	*from = ctx->msg->from;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	int		 allowed = 0;

	out->outcome = MAILPROC_UNROUTED;
	out->summary = xasprintf("unrouted: %s%s%s", w->reason,
	    sayable(w->name) != NULL ? " " : "", sayable(w->name) != NULL ?
	    w->name : "");
	if (from == NULL)
		return;
	memset(&k, 0, sizeof k);
	k.address = from;
	if (walk_games(ctx, &k) != 0)
		return;
	buf_free(&k.players);
	if (unrouted_take(ctx, from, !k.found, &allowed) != 0 || !allowed)
		return;
	doc = mp_doc(ctx, "unrouted");
	root = maildoc_root(doc);
	xmlUnsetProp(root, BAD_CAST "re");
	md_set(root, "reason", w->reason);
	md_set(root, "name", sayable(w->name));
	if (w->count >= 0)
		md_set_int(root, "count", w->count);
	/* Why a mail may name nobody: it has no text, or its lines were
	 * written below the mail it answers. */
	if (ctx->msg->body_source == MAIL_BODY_NONE)
		md_set(root, "text", "none");
	mp_read_to(root, sc, 0);
	if (has_help(sc))
		mp_help(root, MP_WHO_PLAYER);
	mp_send(ctx, from, doc, MAILPROC_AUTO_REPLIED);
	xmlFreeDoc(doc);
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

/* A mail from an observer's registered address (no password: the From
 * alone says who it is).  With no command it is ignored, as observers'
 * replies to reports always were; with commands it is run as the
 * observer's (STATUS, MAP, HELP, PRESS TO GM; anything else is an error),
 * answered at that registered address, at most MP_OBSERVER_PER_DAY
 * times a day, so that a forged From cannot make the daemon flood an
 * observer.  0 to run it, 1 when done with it, -1 failed. */
static int
observer(struct mp_ctx *ctx, const struct mp_scan *sc,
    struct mailproc_result *out)
{
	char	*key, *cause = NULL;
	int	 allowed = 0, rc;

	out->outcome = MAILPROC_OBSERVER;
	if (sc->ncmds == 0) {
		out->summary = xstrdup("an observer's mail, with no command");
		return 1;
	}
	key = str_lower(xasprintf("observer:%s:%s", ctx->g->id,
	    ctx->msg->from));
	rc = mp_check(ctx, store_rate_take(ctx->mp->store, key, ctx->now /
	    86400, MP_OBSERVER_PER_DAY, &allowed, &cause), &cause);
	free(key);
	if (rc != 0)
		return -1;
	if (!allowed) {
		out->summary = xstrdup("an observer's mail, over the day's "
		    "answers");
		return 1;
	}
	ctx->observer = xstrdup(ctx->msg->from);
	ctx->actor = xstrdup("mail:observer");
	return 0;
}

/* Finds who the mail speaks for: 0 with ctx->player or ctx->is_gm, 1
 * when the mail was answered (unrouted, refused, observer), -1 failed. */
int
mp_authenticate(struct mp_ctx *ctx, const struct mp_scan *sc,
    struct mailproc_result *out)
{
	const struct play_player	*pp = NULL;
	struct mp_refusal		 removed = { NULL, NULL, "removed", 0,
					    0 };
	struct known			 k;
	struct why			 w = { NULL, NULL, -1 };
	char				*cause = NULL, *id;
	size_t				 n;
	int				 code, rc;

	if (sc->gm) {
		if (ctx->g->gm_password == NULL) {
			w.reason = "no-gm-password";
			mp_unrouted(ctx, sc, &w, out);
			return 1;
		}
		if ((rc = mp_password(ctx, "GM", mp_gm_address(ctx),
		    ctx->g->gm_password, sc->password, out)) != 0)
			return rc;
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
			mp_unrouted(ctx, sc, &w, out);
			return 1;
		}
	}
	if (pp == NULL) {
		memset(&k, 0, sizeof k);
		k.address = ctx->msg->from != NULL ? ctx->msg->from : "";
		if (mp_check(ctx, store_observer_list(ctx->mp->store,
		    ctx->g->id, is_observer_cb, &k, &cause), &cause) != 0)
			return -1;
		if (k.found && sc->player == NULL && sc->side == NULL)
			return observer(ctx, sc, out);
		w.reason = sc->player != NULL || sc->side != NULL ?
		    "unknown-player" : "unsigned";
		w.name = sc->player != NULL ? sc->player : sc->side;
		mp_unrouted(ctx, sc, &w, out);
		return 1;
	}
	out->player = xstrdup(pp->id);
	if (pp->removed) {
		removed.who = pp->id;
		removed.to = pp->address;
		mp_refuse(ctx, &removed, out);
		return 1;
	}
	code = store_player_get(ctx->mp->store, ctx->g->id, pp->id,
	    &ctx->player, &cause);
	if (mp_check(ctx, code, &cause) != 0)
		return -1;
	if ((rc = mp_password(ctx, pp->id, ctx->player->address,
	    ctx->player->password, sc->password, out)) != 0) {
		store_player_free(ctx->player);
		ctx->player = NULL;
		return rc;
	}
	ctx->actor = xasprintf("mail:%s", pp->id);
	return 0;
}
