/* mailproc-cache.c: what a cycle's mails share (see mailproc-int.h):
 * the compiled mail template, and the games' rulesets and states.
 *
 * Invariant: a cached state is the parse of exactly the state text the
 * store holds when a mail asks for it.  Each mail reads the text again
 * (inside its own transaction) and compares its turn, length and SHA-256
 * with those of the text the cache parsed: a state written meanwhile, by a
 * GM command of an earlier mail of the cycle, a turn played or another
 * process (navarch), is parsed afresh; orders stored do not touch it.  The
 * text itself is not kept: at 10,000 ships it is 4 MB, for a comparison a
 * digest makes as well.  A mail is handed a copy of the cached state, so
 * nothing it does in memory (or a transaction it undoes) reaches the next
 * mail; the ruleset and the schema text are lent, read-only.  A mail about
 * to play the turn lets go of the cached state (mp_cache_let_go): the turn
 * writes a new one, and a big battle's turn and reports do not hold the
 * state a third time. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "diag.h"
#include "maildoc.h"
#include "mailproc-int.h"
#include "report.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* Games kept at once: a cycle's mails are mostly about a few games, and
 * each kept state costs memory in proportion to its ships. */
#define MP_CACHE_GAMES	4

struct mp_cached_game {
	char		*game;		/* NULL: a free slot */
	/* The state text pg.st was parsed from: its turn, length and
	 * SHA-256.  pg.st NULL (let go of, or not parsed yet): none. */
	uint8_t		 digest[SHA256_DIGEST_SIZE];
	size_t		 len;
	int		 turn;
	struct play_game pg;
	unsigned	 used;		/* when last asked for */
};

struct mp_cache {
	struct report_template	*tpl;	/* templates/mail.xsl */
	struct mp_cached_game	 games[MP_CACHE_GAMES];
	unsigned		 clock;
};

static struct mp_cache *
cache(struct mailproc *mp)
{
	if (mp->cache == NULL)
		mp->cache = xcalloc(1, sizeof *mp->cache);
	return mp->cache;
}

static void
forget(struct mp_cached_game *e)
{
	free(e->game);
	play_game_free(&e->pg);
	memset(e, 0, sizeof *e);
}

void
mailproc_free(struct mailproc *mp)
{
	size_t	i;

	if (mp->cache == NULL)
		return;
	for (i = 0; i < MP_CACHE_GAMES; i++)
		forget(&mp->cache->games[i]);
	report_template_free(mp->cache->tpl);
	free(mp->cache);
	mp->cache = NULL;
}

int
mp_cache_template(struct mailproc *mp, struct report_template **out,
    char **cause)
{
	struct mp_cache	*c = cache(mp);
	char		*xsl = NULL, *path = NULL;
	size_t		 len;

	if (c->tpl == NULL && mp_read_template(mp, MAILDOC_TEMPLATE, &xsl,
	    &len, &path, cause) == 0)
		c->tpl = report_template_load(path, xsl, len, cause);
	free(xsl);
	free(path);
	*out = c->tpl;
	return c->tpl != NULL ? 0 : -1;
}

/* The game's slot, or the slot to load it into: a free one, else the
 * one asked for least recently (forgotten). */
static struct mp_cached_game *
slot(struct mp_cache *c, const char *game)
{
	struct mp_cached_game	*old = &c->games[0];
	size_t			 i;

	for (i = 0; i < MP_CACHE_GAMES; i++)
		if (c->games[i].game != NULL &&
		    strcmp(c->games[i].game, game) == 0)
			return &c->games[i];
	for (i = 0; i < MP_CACHE_GAMES; i++) {
		if (c->games[i].game == NULL)
			return &c->games[i];
		if (c->games[i].used < old->used)
			old = &c->games[i];
	}
	forget(old);
	return old;
}

static void
digest(const char *xml, size_t len, uint8_t out[SHA256_DIGEST_SIZE])
{
	struct sha256_ctx	ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)xml);
	sha256_digest(&ctx, SHA256_DIGEST_SIZE, out);
}

/* e holds the state text xml of turn t, parsed: kept as it is when the
 * text is the one it parsed; else parsed with the ruleset in hand; else
 * (a first time, another ruleset, an error) loaded whole.  xml is the
 * caller's, and not kept. */
static enum play_code
refresh(struct mailproc *mp, struct mp_cached_game *e, const char *game,
    const char *xml, int t, struct diag *d, char **cause)
{
	enum play_code	 rc;
	uint8_t		 dg[SHA256_DIGEST_SIZE];
	char		*name;
	size_t		 len = strlen(xml);

	digest(xml, len, dg);
	if (e->pg.st != NULL && e->turn == t && e->len == len &&
	    memcmp(e->digest, dg, sizeof dg) == 0)
		return PLAY_OK;
	name = xasprintf("game %s, turn %d", game, t);
	rc = PLAY_INPUT;
	if (e->pg.rs != NULL) {
		struct diag	quiet = DIAG_INIT;

		/* A failure is told by the whole load below. */
		rc = play_reload_state(&e->pg, name, xml, len, &quiet);
		diag_free(&quiet);
	}
	if (rc != PLAY_OK) {
		forget(e);
		rc = play_load_state(mp->datadir, name, xml, len, &e->pg, d,
		    cause);
	}
	free(name);
	if (rc != PLAY_OK) {
		forget(e);
		return rc;
	}
	memcpy(e->digest, dg, sizeof dg);
	e->len = len;
	e->turn = t;
	if (e->game == NULL)
		e->game = xstrdup(game);
	return PLAY_OK;
}

enum play_code
mp_cache_game(struct mailproc *mp, const char *game, struct play_game *out,
    int *turn, struct diag *d, char **cause)
{
	struct mp_cache		*c = cache(mp);
	struct mp_cached_game	*e;
	enum store_code		 code;
	enum play_code		 rc;
	char			*xml = NULL;
	int			 t;

	memset(out, 0, sizeof *out);
	if ((code = store_state_get(mp->store, game, -1, &xml, &t, cause)) !=
	    STORE_OK)	/* as play_game_state tells it */
		return code == STORE_BUSY ? PLAY_BUSY : PLAY_STORE;
	e = slot(c, game);
	rc = refresh(mp, e, game, xml, t, d, cause);
	free(xml);
	if (rc != PLAY_OK)
		return rc;
	e->used = ++c->clock;
	out->st = state_clone(e->pg.st);
	out->rs = e->pg.rs;
	out->rng = e->pg.rng;
	out->rnglen = e->pg.rnglen;
	*turn = t;
	return PLAY_OK;
}

void
mp_cache_let_go(struct mailproc *mp, const char *game)
{
	size_t	i;

	if (mp->cache == NULL)
		return;
	for (i = 0; i < MP_CACHE_GAMES; i++)
		if (mp->cache->games[i].game != NULL &&
		    strcmp(mp->cache->games[i].game, game) == 0) {
			/* The ruleset and schema stay: they are lent to the
			 * mail, and parse the next state. */
			state_free(mp->cache->games[i].pg.st);
			mp->cache->games[i].pg.st = NULL;
		}
}

void
mp_game_release(struct play_game *pg)
{
	/* The state is the mail's copy; the rest is the cache's. */
	state_free(pg->st);
	memset(pg, 0, sizeof *pg);
}
