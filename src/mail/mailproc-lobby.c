/* mailproc-lobby.c: open games and sign-up by mail, LIST and JOIN game
 * side, and the GM's SEAT side address (docs/mail-commands.md).
 *
 * A game takes sign-ups when its setting join says so: gm (a request the
 * GM approves, with SEAT by mail or navarch player add) or auto (the
 * seat is taken at once); off, the default, lists nothing.  A seat is
 * free when no active player holds the side.  LIST and JOIN come from
 * anyone, in a mail of their own (no GAME, PLAYER, SIDE, GM or PASSWORD
 * line), and are answered at the From address like any mail that reached
 * no player: at most once a day to a stranger (mp_unrouted_take).  Seating
 * is navarch player add's: a password made here, and the welcome notice
 * that hands it over (mailproc-notice.c, at the next tick). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "password.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

int
mp_lobby_mail(const struct mp_scan *sc)
{
	size_t	i;

	if (sc->gm || sc->player != NULL || sc->side != NULL ||
	    sc->password != NULL || sc->game != NULL)
		return 0;
	for (i = 0; i < sc->ncmds; i++)
		if (sc->cmds[i].kind == MP_CMD_LIST ||
		    sc->cmds[i].kind == MP_CMD_JOIN)
			return 1;
	return 0;
}

/* The game's setting join: "gm", "auto", or NULL (off). */
static const char *
join_mode(const struct store_game *g)
{
	char		*v = mp_setting(g, "join");
	const char	*mode = NULL;

	if (v != NULL && strcmp(v, "gm") == 0)
		mode = "gm";
	else if (v != NULL && strcmp(v, "auto") == 0)
		mode = "auto";
	free(v);
	return mode;
}

struct seats {
	struct buf	 taken;		/* " side " of active players */
	struct buf	 free;		/* "a, b" */
	const char	*address;	/* the sender, or NULL */
	int		 seated;	/* the sender plays already */
};

static int
taken_cb(const struct store_player *p, void *arg)
{
	struct seats	*s = arg;

	if (p->removed)
		return 0;
	buf_printf(&s->taken, " %s ", p->side);
	if (s->address != NULL && strcasecmp(p->address, s->address) == 0)
		s->seated = 1;
	return 0;
}

static int
free_cb(const char *side, void *arg)
{
	struct seats	*s = arg;
	char		*one = xasprintf(" %s ", side);

	if (strstr(buf_str(&s->taken), one) == NULL)
		buf_printf(&s->free, "%s%s", s->free.len > 0 ? ", " : "",
		    side);
	free(one);
	return 0;
}

/* The free seats of game into s.  0 or -1 (ctx failed). */
static int
seats(struct mp_ctx *ctx, const char *game, struct seats *s)
{
	char	*cause = NULL;

	if (mp_check(ctx, store_player_list(ctx->mp->store, game, taken_cb, s,
	    &cause), &cause) != 0)
		return -1;
	return mp_check(ctx, store_side_list(ctx->mp->store, game, free_cb, s,
	    &cause), &cause);
}

struct listing {
	struct mp_ctx	*ctx;
	xmlNodePtr	 list;
};

static int
list_cb(const struct store_game *g, void *arg)
{
	struct listing	*l = arg;
	struct seats	 s;
	const char	*mode = join_mode(g);
	xmlNodePtr	 n;

	if (mode == NULL || g->status == STORE_GAME_ENDED)
		return 0;
	memset(&s, 0, sizeof s);
	if (seats(l->ctx, g->id, &s) == 0 && s.free.len > 0) {
		n = md_add(l->list, "game", NULL);
		md_set(n, "id", g->id);
		md_set(n, "ruleset", g->ruleset);
		md_set(n, "join", mode);
		md_set(n, "free", buf_str(&s.free));
		md_set_int(n, "turn", g->turn);
		mp_set_when(n, "deadline", g->deadline);
	}
	buf_free(&s.taken);
	buf_free(&s.free);
	return l->ctx->failed;
}

static void
lobby_list(struct mp_ctx *ctx, xmlNodePtr root)
{
	struct listing	 l = { ctx, md_add(root, "list", NULL) };
	char		*cause = NULL;

	mp_check(ctx, store_game_list(ctx->mp->store, list_cb, &l, &cause),
	    &cause);
}

int
mp_seat(struct mp_ctx *ctx, const char *game, const char *side,
    const char *address)
{
	struct store_notice_new	 n;
	struct store_player	*old = NULL;
	struct store		*s = ctx->mp->store;
	char			*pw = NULL, *hash = NULL, *cause = NULL, *details;
	int			 code;

	if (password_generate(PASSWORD_SEAT_LEN, &pw, &cause) != 0 ||
	    password_hash(pw, ctx->mp->hash_cost, &hash, &cause) != 0) {
		mp_fail(ctx, "a password for %s: %s", side, cause);
		free(cause);
		goto out;
	}
	/* A seat emptied by the GM keeps its player id: a new person takes
	 * it over (navarch player replace). */
	code = store_player_get(s, game, side, &old, &cause);
	free(cause);
	cause = NULL;
	code = code == STORE_OK ? store_player_replace(s, game, side, address,
	    hash, &cause) : store_player_add(s, game, side, NULL, address,
	    hash, 1, &cause);
	if (mp_check(ctx, code, &cause) != 0)
		goto out;
	memset(&n, 0, sizeof n);
	n.game = game;
	n.kind = STORE_NOTICE_WELCOME;
	n.turn = ctx->g != NULL ? ctx->g->turn : 1;
	n.player = side;
	n.actor = ctx->actor != NULL ? ctx->actor : "mail:join";
	n.secret = pw;
	n.now = ctx->now;
	details = xasprintf("%s seated as %s", address, side);
	if (mp_check(ctx, store_notice_add(s, &n, NULL, &cause), &cause) == 0)
		mp_check(ctx, store_audit_add(s, game, ctx->now, n.actor,
		    "join", details, &cause), &cause);
	free(details);
out:
	store_player_free(old);
	if (pw != NULL) {
		explicit_bzero(pw, strlen(pw));
		free(pw);
	}
	free(hash);
	return ctx->failed ? -1 : 0;
}

/* 1 if id is one of list, "a, b, c". */
static int
listed(const char *list, const char *id)
{
	size_t	n = strlen(id), k;

	while (*list != '\0') {
		k = strcspn(list, ",");
		if (k == n && strncmp(list, id, n) == 0)
			return 1;
		list += k;
		list += strspn(list, ", ");
	}
	return 0;
}

#define JOIN_ASKS	" asks to play "

char *
mailproc_join_details(const char *address, const char *side)
{
	return xasprintf("%s" JOIN_ASKS "%s", address, side);
}

int
mailproc_join_parse(const char *details, char **address, char **side)
{
	const char	*p, *last = NULL;

	*address = *side = NULL;
	/* The side is an id (no space): the last occurrence splits. */
	for (p = details; (p = strstr(p, JOIN_ASKS)) != NULL; p++)
		last = p;
	if (last == NULL || last == details ||
	    !str_is_id(last + strlen(JOIN_ASKS)))
		return -1;
	*address = xstrndup(details, (size_t)(last - details));
	*side = xstrdup(last + strlen(JOIN_ASKS));
	return 0;
}

/* JOIN's request to the GM of ctx->g: who asks for which side. */
static void
request(struct mp_ctx *ctx, const char *side, const char *address)
{
	xmlDocPtr	 doc = mp_doc(ctx, "join-request");
	xmlNodePtr	 root = maildoc_root(doc);
	const char	*gm = mp_gm_address(ctx);
	char		*details, *cause = NULL;

	md_set(root, "side", side);
	md_set(root, "address", address);
	if (gm != NULL)
		mp_send(ctx, gm, doc, MAILPROC_AUTO_GENERATED);
	xmlFreeDoc(doc);
	details = mailproc_join_details(address, side);
	mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id, ctx->now,
	    "mail:join", MAILPROC_JOIN_REQUEST, details, &cause), &cause);
	free(details);
}

/* JOIN game side: the game in ctx->g, the seat taken or asked for. */
static void
lobby_join(struct mp_ctx *ctx, const struct mp_cmd *c, xmlNodePtr root)
{
	struct seats	 s;
	xmlNodePtr	 n = md_add(root, "join", NULL);
	const char	*why = NULL, *mode = NULL, *from = ctx->msg->from;
	char		*game = NULL, *side = NULL, *cause = NULL;
	int		 code;

	memset(&s, 0, sizeof s);
	if (c->argc != 2 || ctx->g != NULL) {
		why = ctx->g != NULL ? "one JOIN a mail" : "write JOIN, a game "
		    "and a side";
		goto out;
	}
	game = str_lower(xstrdup(c->argv[0]));
	side = str_lower(xstrdup(c->argv[1]));
	/* The answer may go to a forged From: only ids are said back. */
	md_set(n, "game", str_is_id(game) ? game : NULL);
	md_set(n, "side", str_is_id(side) ? side : NULL);
	code = str_is_id(game) ? store_game_get(ctx->mp->store, game, &ctx->g,
	    &cause) : STORE_NOTFOUND;
	if (code == STORE_NOTFOUND)
		free(cause);
	else if (mp_check(ctx, code, &cause) != 0)
		goto out;
	if (ctx->g == NULL || (mode = join_mode(ctx->g)) == NULL ||
	    ctx->g->status == STORE_GAME_ENDED) {
		why = "no game of that name takes players by mail";
		goto out;
	}
	s.address = from;
	if (seats(ctx, ctx->g->id, &s) != 0)
		goto out;
	md_set(n, "free", buf_str(&s.free));
	if (s.seated)
		why = "you play in that game already";
	else if (!str_is_id(side) || !listed(buf_str(&s.free), side))
		why = "that side has no free seat";
	else if (strcmp(mode, "auto") == 0) {
		if (mp_seat(ctx, ctx->g->id, side, from) == 0)
			md_set(n, "how", "seated");
	} else {
		request(ctx, side, from);
		md_set(n, "how", "requested");
	}
out:
	md_set(n, "refused", why);
	free(game);
	free(side);
	buf_free(&s.taken);
	buf_free(&s.free);
}

void
mp_lobby(struct mp_ctx *ctx, const struct mp_scan *sc,
    struct mailproc_result *out)
{
	const char	*from = ctx->msg->from;
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	size_t		 i;
	char		*key, *cause = NULL;
	int		 allowed = 0, listed_once = 0;

	out->outcome = MAILPROC_DONE;
	out->summary = xstrdup("LIST or JOIN");
	if (from == NULL)
		return;
	/* As many answers a day as a known address gets refusals, and all
	 * of them within the strangers' daily total. */
	key = str_lower(xasprintf("lobby:%s", from));
	mp_check(ctx, store_rate_take(ctx->mp->store, key, ctx->now / 86400,
	    ctx->mp->refusals_per_day, &allowed, &cause), &cause);
	free(key);
	if (!ctx->failed && allowed)
		mp_check(ctx, store_rate_take(ctx->mp->store,
		    "unrouted-strangers", ctx->now / 86400,
		    ctx->mp->strangers_per_day, &allowed, &cause), &cause);
	if (ctx->failed || !allowed)
		return;
	doc = mp_doc(ctx, "lobby");
	root = maildoc_root(doc);
	xmlUnsetProp(root, BAD_CAST "re");
	for (i = 0; i < sc->ncmds && !ctx->failed; i++) {
		if (sc->cmds[i].kind == MP_CMD_LIST && !listed_once++)
			lobby_list(ctx, root);
		else if (sc->cmds[i].kind == MP_CMD_JOIN)
			lobby_join(ctx, &sc->cmds[i], root);
	}
	if (!ctx->failed)
		mp_send(ctx, from, doc, MAILPROC_AUTO_REPLIED);
	xmlFreeDoc(doc);
	/* A seat taken: the welcome, with the password, goes at once. */
	if (!ctx->failed && ctx->g != NULL && mp_load_game(ctx) == 0)
		(void)mp_notices(ctx);
}

int
mp_cmd_seat(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct seats	 s;
	xmlNodePtr	 part;
	char		*side;

	if (c->argc != 2 || strchr(c->argv[1], '@') == NULL ||
	    strlen(c->argv[1]) > 254) {
		mp_error(ctx, c->line, "'%s': write SEAT, a side and the new "
		    "player's address", c->text);
		return 0;
	}
	memset(&s, 0, sizeof s);
	side = str_lower(xstrdup(c->argv[0]));
	if (seats(ctx, ctx->g->id, &s) == 0 && !listed(buf_str(&s.free),
	    side))
		mp_error(ctx, c->line, "SEAT %s: no free seat of that name in "
		    "game %s; free: %s", c->argv[0], ctx->g->id, s.free.len >
		    0 ? buf_str(&s.free) : "none");
	else if (!ctx->failed && mp_seat(ctx, ctx->g->id, side,
	    c->argv[1]) == 0) {
		part = mp_part(ctx, "seated");
		md_set(part, "side", side);
		md_set(part, "address", c->argv[1]);
	}
	free(side);
	buf_free(&s.taken);
	buf_free(&s.free);
	return ctx->failed ? -1 : 0;
}
