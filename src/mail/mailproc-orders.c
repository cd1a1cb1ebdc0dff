/* mailproc-orders.c: a player's orders by mail (docs/mail-commands.md).
 *
 * The store keeps one order set in force per player and turn, which
 * covers all the player's ships.  A mail names some ships: its orders
 * replace every order of those ships and leave the other ships' orders as
 * they were.  So the new set is made here: the lines of the set in force
 * for the ships the mail does not name, then the mail's own orders
 * normalised, under a SIDE line.  That text is what is stored and what
 * adjudication parses again; its normalised form is what the receipt
 * digest covers.  Any error in the mail stores nothing (mailproc.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "dice.h"
#include "events.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "orders.h"
#include "state.h"
#include "store.h"
#include "turn.h"
#include "xalloc.h"

struct in_force {
	const char	*player;
	char		*normalised;
};

static int
in_force_cb(const struct store_orders *o, void *arg)
{
	struct in_force	*f = arg;

	if (strcmp(o->player, f->player) == 0) {
		free(f->normalised);
		f->normalised = xstrdup(o->normalised);
	}
	return 0;
}

char *
mp_orders_in_force(struct mp_ctx *ctx)
{
	return mp_orders_in_force_of(ctx, ctx->player->id);
}

char *
mp_orders_in_force_of(struct mp_ctx *ctx, const char *player)
{
	struct in_force	 f = { player, NULL };
	char		*cause = NULL;

	mp_check(ctx, store_orders_in_force(ctx->mp->store, ctx->g->id,
	    ctx->turn, in_force_cb, &f, &cause), &cause);
	return f.normalised != NULL ? f.normalised : xstrdup("");
}

static const struct play_player *
me(const struct mp_ctx *ctx)
{
	return play_roster_find(&ctx->roster, ctx->player->id);
}

unsigned char *
mp_may_order_of(const struct mp_ctx *ctx, const struct play_player *p)
{
	return play_may_order(ctx->pg.st, p->side, p->sole ? NULL :
	    (const char *const *)p->ships, p->nships);
}

static unsigned char *
may_order(const struct mp_ctx *ctx)
{
	return mp_may_order_of(ctx, me(ctx));
}

static int
store_set(struct mp_ctx *ctx, const char *text, const char *normalised)
{
	struct store_orders_new	 n;
	char			*cause = NULL;

	memset(&n, 0, sizeof n);
	n.game = ctx->g->id;
	n.turn = ctx->turn;
	n.player = ctx->player->id;
	n.source = STORE_SOURCE_MAIL;
	/* A Message-ID gives one set: a second set from the same mail
	 * (CLEAR then orders) is stored without it. */
	n.message_id = ctx->orders_stored ? NULL : ctx->msg->message_id;
	n.sender = ctx->msg->from;
	n.received = ctx->now;
	n.text = text;
	n.normalised = normalised;
	if (mp_check(ctx, store_orders_add(ctx->mp->store, &n, NULL, &cause),
	    &cause) != 0)
		return -1;
	ctx->orders_stored = 1;
	return 0;
}

static int
game_open(struct mp_ctx *ctx, unsigned line, const char *what)
{
	if (ctx->g->status != STORE_GAME_ENDED &&
	    ctx->pg.st->result.kind == NV_RESULT_PLAYING)
		return 1;
	mp_error(ctx, line, "%s: game %s has ended; no orders are taken",
	    what, ctx->g->id);
	return 0;
}

int
mp_orders_clear(struct mp_ctx *ctx)
{
	char	*text;
	int	 rc;

	if (!game_open(ctx, 0, "CLEAR"))
		return 0;
	text = xasprintf("SIDE %s\n", ctx->player->side);
	rc = store_set(ctx, text, "");
	free(text);
	if (rc == 0)
		(void)mp_part(ctx, "cleared");
	return rc;
}

/* Copies the diag's entries into the mail's errors, warnings and notes
 * into notes ("warning TEXT" or "note TEXT" lines); returns the number
 * of errors. */
size_t
mp_take_diag(struct mp_ctx *ctx, struct diag *d, const char *prefix,
    struct buf *notes)
{
	struct diag_entry	e;
	size_t			i, j, n = 0;

	/* Parse and validation errors in one list, top to bottom (stable:
	 * the errors of one line keep their order). */
	for (i = 1; i < d->n; i++) {
		e = d->v[i];
		for (j = i; j > 0 && d->v[j - 1].line > e.line; j--)
			d->v[j] = d->v[j - 1];
		d->v[j] = e;
	}
	for (i = 0; i < d->n; i++) {
		if (d->v[i].level == DIAG_ERROR) {
			mp_error(ctx, d->v[i].line, "%s%s", prefix,
			    d->v[i].msg);
			n++;
		} else if (notes != NULL)
			buf_printf(notes, "%s %s\n", d->v[i].level ==
			    DIAG_WARNING ? "warning" : "note", d->v[i].msg);
	}
	if (d->errors > n)
		mp_errors_more(&ctx->errors, d->errors - n);
	return d->errors;
}

/* 1 if the normalised line "SHIP id ..." is for a ship in named. */
static int
line_named(const char *line, char *const *named, size_t n)
{
	size_t	i, len;

	if (strncasecmp(line, "SHIP ", 5) != 0)
		return 0;
	line += 5;
	len = strcspn(line, " \n");
	for (i = 0; i < n; i++)
		if (strlen(named[i]) == len &&
		    strncasecmp(line, named[i], len) == 0)
			return 1;
	return 0;
}

/* The lines of the set in force for ships the mail does not name. */
static void
kept_lines(const char *old, char *const *named, size_t n, struct buf *out,
    struct buf *kept_ships)
{
	struct buf	 seen = BUF_INIT, one = BUF_INIT;
	const char	*p, *nl;
	size_t		 len;

	for (p = old; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		if (nl == p || line_named(p, named, n))
			continue;
		buf_add(out, p, (size_t)(nl - p));
		buf_addc(out, '\n');
		if (strncasecmp(p, "SHIP ", 5) != 0)
			continue;
		/* Each kept ship once, though it may have several lines. */
		len = strcspn(p + 5, " \n");
		buf_printf(&one, " %.*s ", (int)len, p + 5);
		if (strstr(buf_str(&seen), buf_str(&one)) == NULL) {
			buf_adds(&seen, buf_str(&one));
			buf_printf(kept_ships, "%s%.*s", kept_ships->len > 0 ?
			    ", " : "", (int)len, p + 5);
		}
		buf_reset(&one);
	}
	buf_free(&seen);
	buf_free(&one);
}

/* The ship ids (canonical) the mail names, without repeats: those of
 * its SHIP lines as written, then those its SQUADRON lines order (o, the
 * mail's orders), in id order. */
static size_t
named_ships(const struct mp_ctx *ctx, const struct mp_scan *sc,
    const struct nv_orders *o, char ***out)
{
	const struct nv_state	*st = ctx->pg.st;
	unsigned char		*seen = xcalloc(st->nships + 1, 1);
	size_t			 i, n = 0;
	int			 k;

	*out = xcalloc(sc->nships + st->nships + 1, sizeof **out);
	for (i = 0; i < sc->nships; i++) {
		if ((k = state_ship_index(st, sc->ships[i])) < 0 || seen[k])
			continue;
		seen[k] = 1;
		(*out)[n++] = xstrdup(st->ships[k].id);
	}
	for (i = 0; i < st->nships; i++)
		if (!seen[i] && orders_ship_named(o, (int)i))
			(*out)[n++] = xstrdup(st->ships[i].id);
	free(seen);
	return n;
}

/* Parses text as one file into o (may_order set) and validates it. */
static struct nv_orders *
parse(const struct nv_state *st, const unsigned char *may, const char *name,
    const char *text, struct diag *d)
{
	struct nv_orders	*o = orders_new(st);

	o->may_order = may;
	(void)orders_parse(o, name, text, strlen(text), d);
	o->may_order = NULL;
	(void)orders_validate(o, d);
	return o;
}

/* --- the plotted path preview -------------------------------------------- */

xmlNodePtr
mp_preview_ship(const struct play_preview *pv,
    const struct play_preview_ship *p, xmlNodePtr parent)
{
	const struct nv_state	*st = pv->board;
	const struct nv_ship	*s = &st->ships[p->ship];
	const struct nv_ship	*e = &pv->next->ships[p->ship];
	const struct play_path	*w;
	xmlNodePtr		 n = md_add(parent, "ship", NULL), x;
	char			 h[8];
	size_t			 k;

	md_set(n, "id", s->id);
	md_set(n, "from", state_hex_name(st, s->hex, h));
	md_set(n, "facing", dir_name(s->facing));
	if (p->exits)
		md_set(n, "exits", "yes");
	else {
		md_set(n, "to", state_hex_name(pv->next, e->hex, h));
		md_set(n, "to-facing", dir_name(e->facing));
	}
	for (k = 0; k < p->npath; k++) {
		w = &p->path[k];
		switch (w->what) {
		case PLAY_PATH_CROSS:
			md_set(md_add(n, "cross", NULL), "hex",
			    state_hex_name(st, w->hex, h));
			break;
		case PLAY_PATH_EXIT:
		case PLAY_PATH_BLOCKED:
			md_set(md_add(n, "would", w->text), "what",
			    w->what == PLAY_PATH_EXIT ? "exit" : "blocked");
			break;
		case PLAY_PATH_COLLIDE:
		case PLAY_PATH_MEET:
			x = md_add(n, "would", NULL);
			md_set(x, "what", w->what == PLAY_PATH_COLLIDE ?
			    "collide" : "meet");
			md_set(x, "other", st->ships[w->other].id);
			break;
		}
	}
	return n;
}

/* The acknowledgement's <preview>: the play layer plays the player's
 * orders on a board where every enemy ship holds (play_preview). */
static void
preview(struct mp_ctx *ctx, const char *text, const unsigned char *may,
    xmlNodePtr parent)
{
	struct play_preview	 pv;
	xmlNodePtr		 n = md_add(parent, "preview", NULL);
	char			*cause = NULL;
	size_t			 i;

	if (play_preview(ctx->pg.st, state_side_index(ctx->pg.st,
	    ctx->player->side), text, may, &pv, &cause) != PLAY_OK) {
		md_set(n, "error", cause);
		free(cause);
		return;
	}
	for (i = 0; i < pv.nships; i++)
		(void)mp_preview_ship(&pv, &pv.ships[i], n);
	play_preview_free(&pv);
}

/* --- submitting ---------------------------------------------------------- */

/* "warning TEXT" lines as <note level="warning">TEXT</note>. */
static void
note_nodes(xmlNodePtr parent, const char *notes)
{
	const char	*p, *nl, *sp;
	char		*level, *text;

	for (p = notes; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		sp = memchr(p, ' ', (size_t)(nl - p));
		if (sp == NULL)
			continue;
		level = xstrndup(p, (size_t)(sp - p));
		text = xstrndup(sp + 1, (size_t)(nl - sp - 1));
		md_set(md_add(parent, "note", text), "level", level);
		free(level);
		free(text);
	}
}

static void
acknowledge(struct mp_ctx *ctx, char *const *named, size_t nnamed,
    const char *kept, const char *normalised, const char *notes,
    const char *text, const unsigned char *may)
{
	xmlNodePtr	 a = mp_part(ctx, "accepted");
	const char	*p;
	char		 hex[65], *id;
	size_t		 i;

	for (i = 0; i < nnamed; i++)
		md_set(md_add(a, "replaced", NULL), "ship", named[i]);
	/* kept: "a3, a4" */
	for (p = kept; *p != '\0'; p += strspn(p, ", ")) {
		id = xstrndup(p, strcspn(p, ", "));
		md_set(md_add(a, "kept", NULL), "ship", id);
		p += strlen(id);
		free(id);
	}
	md_lines(md_add(a, "in-force", NULL), "line", normalised);
	note_nodes(a, notes);
	preview(ctx, text, may, a);
	mp_sha256_hex(normalised, strlen(normalised), hex);
	md_set(md_add(a, "receipt", NULL), "sha256", hex);
}

int
mp_orders_submit(struct mp_ctx *ctx, const struct mp_scan *sc)
{
	struct nv_orders	*o1, *o2 = NULL;
	struct diag		 d = DIAG_INIT, d2 = DIAG_INIT;
	struct buf		 text = BUF_INIT, norm = BUF_INIT,
				 kept = BUF_INIT, notes = BUF_INIT;
	unsigned char		*may;
	char			**named = NULL, *old = NULL;
	size_t			 nnamed = 0, i;
	int			 rc = 0;

	if (!game_open(ctx, sc->order_line, "orders"))
		return 0;
	if (sc->side != NULL && strcasecmp(sc->side, ctx->player->side) != 0)
		mp_error(ctx, 0, "SIDE %s: player %s plays side %s; legal: "
		    "SIDE %s", sc->side, ctx->player->id, ctx->player->side,
		    ctx->player->side);
	may = may_order(ctx);
	o1 = parse(ctx->pg.st, may, "your mail", buf_str(&sc->orders), &d);
	if (mp_take_diag(ctx, &d, "", NULL) > 0 || ctx->errors.n > 0)
		goto out;
	nnamed = named_ships(ctx, sc, o1, &named);
	old = mp_orders_in_force(ctx);
	buf_printf(&text, "SIDE %s\n", ctx->player->side);
	kept_lines(old, named, nnamed, &text, &kept);
	orders_format(o1, &text);
	o2 = parse(ctx->pg.st, may, "your orders in force", buf_str(&text),
	    &d2);
	if (mp_take_diag(ctx, &d2, "together with the orders in force: ",
	    &notes) > 0)
		goto out;
	orders_format(o2, &norm);
	if ((rc = store_set(ctx, buf_str(&text), buf_str(&norm))) == 0)
		acknowledge(ctx, named, nnamed, buf_str(&kept),
		    buf_str(&norm), buf_str(&notes), buf_str(&text), may);
out:
	for (i = 0; i < nnamed; i++)
		free(named[i]);
	free(named);
	free(old);
	free(may);
	orders_free(o1);
	orders_free(o2);
	diag_free(&d);
	diag_free(&d2);
	buf_free(&text);
	buf_free(&norm);
	buf_free(&kept);
	buf_free(&notes);
	return rc;
}
