/* mailproc-auth.c: who a mail speaks for (docs/mail-commands.md,
 * "Routing and authentication"), and the answers to mail that reaches
 * nobody: strangers, refusals, bounces.
 *
 * Safety: an answer goes to the registered address of whom a mail
 * claimed to be, never to a From it did not register; refusals and
 * answers to strangers are rate limited per day, so a forged sender
 * cannot make the daemon flood anybody. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "password.h"
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


/* A mail that reached no player: at most one answer a day to a stranger,
 * a few to a known address, always at the From address (nobody's
 * registered address is concerned). */
void
mp_unrouted(struct mp_ctx *ctx, const struct mp_scan *sc, const struct why *w,
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
int
mp_authenticate(struct mp_ctx *ctx, const struct mp_scan *sc,
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
			mp_unrouted(ctx, sc, &w, out);
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
			mp_unrouted(ctx, sc, &w, out);
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
		mp_unrouted(ctx, sc, &w, out);
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
