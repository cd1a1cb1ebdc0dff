/* mailproc-help.c: HELP and HELP topic (docs/mail-commands.md).
 *
 * The answer's <help> holds what the reader may write: the game's order
 * verbs (the ruleset's table: each verb's usage, and examples made of the
 * game's own ships by the ruleset's example(), shown only when the
 * validator accepts them on the current state), the ruleset's side lines,
 * and the commands the reader may give.  templates/mail.xsl words it, so
 * the prose of each topic is the template's.
 *
 * Topics: ORDERS (a whole mail of real lines), COMMANDS, each verb and
 * side line of the game's ruleset, each command the reader may give.  A
 * topic the game has not is refused naming those it has. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* Examples: per verb at most this many (HELP verb; one otherwise), from
 * at most HELP_SHIPS of the reader's ships and HELP_VARIANTS variants
 * each, so that HELP in a battle of 10,000 ships costs what it costs in
 * one of six. */
#define HELP_EXAMPLES	3
#define HELP_SHIPS	8
#define HELP_VARIANTS	8

/* The side and ships whose examples the reader sees: a player's own
 * (those the player commands, on the map, the first HELP_SHIPS); the
 * GM's and an observer's, the first side's. */
struct help_who {
	int		 side;
	unsigned char	*may;		/* owned; NULL: all of the side */
	int		 ships[HELP_SHIPS];
	int		 nships;
	struct buf	 mail;		/* the sample mail's order lines */
};

static void
help_who(struct mp_ctx *ctx, struct help_who *w)
{
	const struct nv_state	*st = ctx->pg.st;
	const struct play_player *p = NULL;
	size_t			 i;

	memset(w, 0, sizeof *w);
	w->side = st->nsides > 0 ? 0 : -1;
	if (ctx->player != NULL)
		p = play_roster_find(&ctx->roster, ctx->player->id);
	if (p != NULL) {
		w->side = state_side_index(st, p->side);
		w->may = mp_may_order_of(ctx, p);
	}
	for (i = 0; i < st->nships && w->nships < HELP_SHIPS; i++)
		if (st->ships[i].side == w->side && ship_on_map(
		    &st->ships[i]) && (w->may == NULL || w->may[i]))
			w->ships[w->nships++] = (int)i;
}

/* 1 if text (order lines) is legal for the reader's side on the current
 * state. */
static int
legal(const struct nv_state *st, const struct help_who *w, const char *lines)
{
	struct diag		 d = DIAG_INIT;
	struct nv_orders	*o = orders_new(st);
	char			*text;
	int			 ok;

	text = xasprintf("SIDE %s\n%s", st->sides[w->side].id, lines);
	o->may_order = w->may;
	ok = orders_parse(o, "help", text, strlen(text), &d) == 0;
	o->may_order = NULL;
	ok = ok && orders_validate(o, &d) == 0 && d.errors == 0;
	orders_free(o);
	diag_free(&d);
	free(text);
	return ok;
}

/* One legal example of v for the reader's ship of index n, in b: the
 * first legal variant from variant first on (then from 0), so that the
 * examples of one verb show several. */
static int
ship_example(const struct nv_state *st, const struct help_who *w,
    const struct nv_verb *v, int n, int first, struct buf *b)
{
	int	j, k, ship = w->ships[n];

	for (j = 0; j < HELP_VARIANTS; j++) {
		k = (first + j) % HELP_VARIANTS;
		buf_reset(b);
		buf_printf(b, "SHIP %s ", st->ships[ship].id);
		if (v->example(st, ship, k, b) != 0)
			continue;
		buf_addc(b, '\n');
		if (legal(st, w, buf_str(b)))
			return 1;
	}
	return 0;
}

/* Up to max legal examples of v (verb number nv), each of another ship,
 * from the nv-th of the reader's ships on, so that the verbs' examples
 * show several ships.  The first that stays legal with the sample mail's
 * lines joins them. */
static void
verb_examples(struct mp_ctx *ctx, struct help_who *w,
    const struct nv_verb *v, size_t nv, xmlNodePtr parent, int max)
{
	const struct nv_state	*st = ctx->pg.st;
	struct buf		 b = BUF_INIT, both = BUF_INIT;
	int			 i, n = 0, joined = 0;

	if (v->example == NULL || w->side < 0)
		return;
	for (i = 0; i < w->nships && n < max; i++) {
		if (!ship_example(st, w, v, (int)((nv + (size_t)i) %
		    (size_t)w->nships), n, &b))
			continue;
		buf_reset(&both);
		buf_printf(&both, "%s%s", buf_str(&w->mail), buf_str(&b));
		if (!joined && legal(st, w, buf_str(&both))) {
			buf_adds(&w->mail, buf_str(&b));
			joined = 1;
		}
		b.p[--b.len] = '\0';	/* the newline */
		md_set(md_add(parent, "example", NULL), "line", buf_str(&b));
		n++;
	}
	buf_free(&b);
	buf_free(&both);
}

/* A side line's example (the ruleset's, whole), shown when legal, and
 * joining the sample mail when it stays legal with it. */
static void
side_example(struct mp_ctx *ctx, struct help_who *w, const char *line,
    xmlNodePtr parent)
{
	struct buf	b = BUF_INIT;

	if (w->side < 0)
		return;
	buf_printf(&b, "%s\n", line);
	if (legal(ctx->pg.st, w, buf_str(&b))) {
		md_set(md_add(parent, "example", NULL), "line", line);
		buf_reset(&b);
		buf_printf(&b, "%s%s\n", buf_str(&w->mail), line);
		if (legal(ctx->pg.st, w, buf_str(&b)))
			buf_printf(&w->mail, "%s\n", line);
	}
	buf_free(&b);
}

/* Every topic of the game for the reader, "ORDERS, COMMANDS, SPEED,
 * ...". */
static void
topics(const struct mp_ctx *ctx, struct buf *b)
{
	const struct nv_ruleset_ops *ops = ctx->pg.st->rs->ops;
	const char		*p;
	size_t			 i, n;

	buf_adds(b, "ORDERS, COMMANDS");
	for (i = 0; i < ops->nverbs; i++)
		buf_printf(b, ", %s", ops->verbs[i].name);
	for (i = 0; i < ops->nside_verbs; i++)
		buf_printf(b, ", %s", ops->side_verbs[i].name);
	/* The command ORDERS is the topic ORDERS's too. */
	buf_adds(b, ", ");
	mp_command_names(b, mp_who(ctx));
	for (p = buf_str(b); (p = strstr(p, ", ORDERS")) != NULL; p++)
		if (p[8] == ',' || p[8] == '\0')
			break;
	if (p != NULL) {
		n = (size_t)(p - buf_str(b));
		memmove(b->p + n, b->p + n + 8, b->len - n - 8 + 1);
		b->len -= 8;
	}
}

/* <verb name usage help kind> with its examples; all: every verb, else only
 * the one named topic (1 if found). */
static int
verbs(struct mp_ctx *ctx, xmlNodePtr orders, const char *topic, int max)
{
	const struct nv_ruleset_ops *ops = ctx->pg.st->rs->ops;
	struct help_who		 w;
	xmlNodePtr		 n;
	size_t			 i;
	int			 found = 0;

	help_who(ctx, &w);
	for (i = 0; i < ops->nverbs; i++) {
		if (topic != NULL && strcasecmp(topic, ops->verbs[i].name) != 0)
			continue;
		n = md_add(orders, "verb", NULL);
		md_set(n, "name", ops->verbs[i].name);
		md_set(n, "usage", ops->verbs[i].usage);
		md_set(n, "help", ops->verbs[i].help);
		md_set(n, "kind", "ship");
		verb_examples(ctx, &w, &ops->verbs[i], i, n, max);
		found = 1;
	}
	for (i = 0; i < ops->nside_verbs; i++) {
		if (topic != NULL && strcasecmp(topic,
		    ops->side_verbs[i].name) != 0)
			continue;
		n = md_add(orders, "verb", NULL);
		md_set(n, "name", ops->side_verbs[i].name);
		md_set(n, "usage", ops->side_verbs[i].usage);
		md_set(n, "help", ops->side_verbs[i].help);
		md_set(n, "kind", "side");
		if (ops->side_verbs[i].example != NULL)
			side_example(ctx, &w, ops->side_verbs[i].example, n);
		found = 1;
	}
	md_lines(orders, "mail", buf_str(&w.mail));
	free(w.may);
	buf_free(&w.mail);
	return found;
}

/* <orders game ruleset who>: the lines that start a mail of the reader's
 * (who: "PLAYER athens", or "GM"). */
static xmlNodePtr
orders_part(struct mp_ctx *ctx, xmlNodePtr h)
{
	xmlNodePtr	 o = md_add(h, "orders", NULL);
	char		*who;

	md_set(o, "game", ctx->g->id);
	md_set(o, "ruleset", ctx->pg.st->rs->id);
	md_set_int(o, "turn", ctx->turn);
	if (ctx->pg.st->nsides > 0)
		md_set(o, "side", ctx->player != NULL ? ctx->player->side :
		    ctx->pg.st->sides[0].id);
	if (ctx->player != NULL) {
		who = xasprintf("PLAYER %s", ctx->player->id);
		md_set(o, "who", who);
		free(who);
	}
	return o;
}

/* <help> with every command the reader may give (mp_help, the one list
 * of them), or only the one named topic (1 if the reader may give it). */
static int
commands(struct mp_ctx *ctx, xmlNodePtr parent, const char *topic)
{
	xmlNodePtr	 h, c, next;
	xmlChar		*name;
	int		 found = 0;

	mp_help(parent, mp_who(ctx));
	h = parent->last;
	if (topic == NULL)
		return 1;
	for (c = h->children; c != NULL; c = next) {
		next = c->next;
		name = xmlGetProp(c, BAD_CAST "name");
		if (name != NULL && strcasecmp((const char *)name, topic) == 0)
			found = 1;
		else {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		}
		xmlFree(name);
	}
	if (!found) {
		xmlUnlinkNode(h);
		xmlFreeNode(h);
	}
	return found;
}

int
mp_who(const struct mp_ctx *ctx)
{
	return ctx->is_gm ? MP_WHO_GM : ctx->observer != NULL ?
	    MP_WHO_OBSERVER : MP_WHO_PLAYER;
}

int
mp_cmd_help(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 b = BUF_INIT;
	xmlNodePtr	 part, o;
	char		*topic = NULL;
	int		 found;

	/* PASSWORD NEW is two words. */
	if (c->argc == 1 || (c->argc == 2 && strcasecmp(c->argv[0],
	    "PASSWORD") == 0))
		topic = c->argc == 1 ? xstrdup(c->argv[0]) :
		    xasprintf("PASSWORD %s", c->argv[1]);
	if (c->argc > 0 && topic == NULL) {
		topics(ctx, &b);
		mp_error(ctx, c->line, "'%s': write HELP, or HELP and one "
		    "topic: %s", c->text, buf_str(&b));
		goto out;
	}
	part = md_add(mp_answer(ctx), "help-topic", NULL);
	md_set(part, "topic", topic != NULL ? topic : "ALL");
	if (topic == NULL || strcasecmp(topic, "ORDERS") == 0) {
		o = orders_part(ctx, part);
		(void)verbs(ctx, o, NULL, 1);
		found = 1;
		if (topic == NULL)
			(void)commands(ctx, part, NULL);
	} else if (strcasecmp(topic, "COMMANDS") == 0)
		found = commands(ctx, part, NULL);
	else {
		o = orders_part(ctx, part);
		found = verbs(ctx, o, topic, HELP_EXAMPLES);
		if (!found) {
			xmlUnlinkNode(o);
			xmlFreeNode(o);
			found = commands(ctx, part, topic);
		}
	}
	if (!found) {
		xmlUnlinkNode(part);
		xmlFreeNode(part);
		topics(ctx, &b);
		mp_error(ctx, c->line, "HELP %s: game %s (ruleset %s) has no "
		    "such topic; topics: %s", topic, ctx->g->id,
		    ctx->pg.st->rs->id, buf_str(&b));
		goto out;
	}
	topics(ctx, &b);
	md_set(part, "topics", buf_str(&b));
out:
	free(topic);
	buf_free(&b);
	return ctx->failed ? -1 : 0;
}
