/* mailproc-set.c: a player's own preferences, SET key value
 * (docs/mail-commands.md).
 *
 * One table: each key of the mail, the preference it sets (store.h,
 * STORE_PREFS; TIMEZONE and LANGUAGE have their own columns and
 * checkers, tz.h and play-lang.c) and the
 * words it takes with the value each stores.  SET alone lists them as
 * they are. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "store.h"
#include "tz.h"
#include "xalloc.h"

#define SET_WORDS	3
#define SET_TIMEZONE	(-1)
#define SET_LANGUAGE	(-2)

static const struct set_key {
	const char	*key;		/* as the mail writes it */
	int		 pref;		/* enum store_pref; SET_TIMEZONE,
					   SET_LANGUAGE */
	const char	*words[SET_WORDS];	/* the mail's words... */
	const char	*values[SET_WORDS];	/* ...and what each stores */
	const char	*legal;		/* for errors */
} keys[] = {
	{ "TIMEZONE", SET_TIMEZONE, { NULL }, { NULL }, "a tz database name "
	    "(Europe/Paris, America/New_York), an offset (+02:00), UTC, or "
	    "NONE (UTC only)" },
	{ "LANGUAGE", SET_LANGUAGE, { NULL }, { NULL }, "the code of a "
	    "language the templates are installed in (SET alone lists them) "
	    "or GAME (the game's own templates)" },
	{ "SVG", STORE_PREF_SVG, { "ON", "OFF", "GAME" }, { "on", "off", "" },
	    "ON (the map attached to your reports as an SVG picture), OFF "
	    "(text only) or GAME (as the game's setting says)" },
	{ "STORY", STORE_PREF_STORY, { "FULL", "OWN", NULL },
	    { "full", "own", NULL }, "FULL (every event your side saw) or "
	    "OWN (only those of your side's own ships; on a side shared by "
	    "several players, of the ships you command)" },
};
#define NKEYS	(sizeof keys / sizeof keys[0])

static void
key_names(struct buf *b)
{
	size_t	i;

	for (i = 0; i < NKEYS; i++)
		buf_printf(b, "%s%s", i > 0 ? ", " : "", keys[i].key);
}

/* The player's preferences as they stand: <set-list timezone svg story>
 * in the mail's words. */
static void
set_list(struct mp_ctx *ctx)
{
	const struct store_player *p = ctx->player;
	xmlNodePtr	 n = mp_part(ctx, "set-list");
	struct buf	 b = BUF_INIT;
	char		**v;
	size_t		 i, langs;

	md_set(n, "timezone", *p->timezone != '\0' ? p->timezone : NULL);
	md_set(n, "svg", *p->svg == '\0' ? "GAME" : strcmp(p->svg, "on") ==
	    0 ? "ON" : "OFF");
	md_set(n, "svg-game", mp_setting_flag(ctx->g, "svg", 1) ? "on" :
	    "off");
	md_set(n, "story", strcmp(p->story, "own") == 0 ? "OWN" : "FULL");
	md_set(n, "language", p->language != NULL && *p->language != '\0' ?
	    p->language : "GAME");
	langs = play_langs(play_templatedir(ctx->mp->templatedir), &v);
	for (i = 0; i < langs; i++)
		buf_printf(&b, "%s%s", i > 0 ? ", " : "", v[i]);
	md_set(n, "languages", langs > 0 ? buf_str(&b) : NULL);
	play_langs_free(v, langs);
	buf_free(&b);
}

/* SET LANGUAGE code or GAME: a language installed in the template
 * directory (play_lang_check), stored as installed. */
static int
set_language(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	xmlNodePtr	 part;
	char		*lang = NULL, *cause = NULL;
	size_t		 i;

	if (strcasecmp(c->argv[1], "GAME") == 0)
		lang = xstrdup("");
	else if (play_lang_check(play_templatedir(ctx->mp->templatedir),
	    c->argv[1], &lang, &cause) != PLAY_OK) {
		mp_error(ctx, c->line, "SET LANGUAGE: %s", cause);
		free(cause);
		return 0;
	}
	if (mp_check(ctx, store_player_set_language(ctx->mp->store,
	    ctx->g->id, ctx->player->id, lang, &cause), &cause) == 0) {
		free(ctx->player->language);
		ctx->player->language = xstrdup(lang);
		/* The roster's copy words this mail's answer and the
		 * reports of a turn it plays. */
		for (i = 0; i < ctx->roster.np; i++)
			if (strcmp(ctx->roster.p[i].id, ctx->player->id) == 0) {
				free(ctx->roster.p[i].language);
				ctx->roster.p[i].language = xstrdup(lang);
			}
		part = mp_part(ctx, "set");
		md_set(part, "key", "LANGUAGE");
		md_set(part, "value", *lang != '\0' ? lang : "GAME");
	}
	free(lang);
	return ctx->failed ? -1 : 0;
}

static int
set_timezone(struct mp_ctx *ctx, const struct mp_cmd *c, xmlNodePtr *part)
{
	char	*zone = NULL, *cause = NULL;

	if (strcasecmp(c->argv[1], "NONE") == 0)
		zone = xstrdup("");
	else if (tz_check(c->argv[1], &zone, &cause) != 0) {
		mp_error(ctx, c->line, "SET TIMEZONE: %s", cause);
		free(cause);
		return 0;
	}
	if (mp_check(ctx, store_player_set_timezone(ctx->mp->store,
	    ctx->g->id, ctx->player->id, zone, &cause), &cause) == 0) {
		free(ctx->player->timezone);
		ctx->player->timezone = xstrdup(zone);
		*part = mp_part(ctx, "set");
		md_set(*part, "key", "TIMEZONE");
		md_set(*part, "timezone", *zone != '\0' ? zone : NULL);
	}
	free(zone);
	return ctx->failed ? -1 : 0;
}

/* The roster's copy, which the reports of a turn played by this mail
 * read. */
static void
roster_pref(struct mp_ctx *ctx, int pref, const char *value)
{
	struct play_player	*p;
	size_t			 i;

	for (i = 0; i < ctx->roster.np; i++) {
		p = &ctx->roster.p[i];
		if (strcmp(p->id, ctx->player->id) != 0)
			continue;
		if (pref == STORE_PREF_SVG)
			p->svg = *value == '\0' ? -1 : strcmp(value, "on") == 0;
		else
			p->story_own = strcmp(value, "own") == 0;
	}
}

static int
set_pref(struct mp_ctx *ctx, const struct set_key *k, const struct mp_cmd *c)
{
	xmlNodePtr	 part;
	char		**slot, *cause = NULL;
	size_t		 i;

	for (i = 0; i < SET_WORDS && k->words[i] != NULL; i++)
		if (strcasecmp(c->argv[1], k->words[i]) == 0)
			break;
	if (i == SET_WORDS || k->words[i] == NULL) {
		mp_error(ctx, c->line, "'%s': SET %s takes %s", c->text, k->key,
		    k->legal);
		return 0;
	}
	if (mp_check(ctx, store_player_set_pref(ctx->mp->store, ctx->g->id,
	    ctx->player->id, (enum store_pref)k->pref, k->values[i], &cause),
	    &cause) != 0)
		return -1;
	slot = k->pref == STORE_PREF_SVG ? &ctx->player->svg :
	    &ctx->player->story;
	free(*slot);
	*slot = xstrdup(k->values[i]);
	roster_pref(ctx, k->pref, k->values[i]);
	part = mp_part(ctx, "set");
	md_set(part, "key", k->key);
	md_set(part, "value", k->words[i]);
	if (k->pref == STORE_PREF_SVG)
		md_set(part, "svg-game", mp_setting_flag(ctx->g, "svg", 1) ?
		    "on" : "off");
	return 0;
}

int
mp_cmd_set(struct mp_ctx *ctx, const struct mp_cmd *c)
{
	struct buf	 b = BUF_INIT;
	xmlNodePtr	 part = NULL;
	size_t		 i;

	if (c->argc == 0) {
		set_list(ctx);
		return ctx->failed ? -1 : 0;
	}
	for (i = 0; i < NKEYS; i++)
		if (strcasecmp(c->argv[0], keys[i].key) == 0)
			break;
	if (i == NKEYS || c->argc != 2) {
		key_names(&b);
		if (i < NKEYS)
			mp_error(ctx, c->line, "'%s': write SET %s and one of: "
			    "%s", c->text, keys[i].key, keys[i].legal);
		else
			mp_error(ctx, c->line, "'%s': write SET, a setting "
			    "(%s) and its value; SET alone shows them",
			    c->text, buf_str(&b));
		buf_free(&b);
		return 0;
	}
	if (keys[i].pref == SET_LANGUAGE)
		return set_language(ctx, c);
	if (keys[i].pref == SET_TIMEZONE)
		return set_timezone(ctx, c, &part);
	return set_pref(ctx, &keys[i], c);
}
