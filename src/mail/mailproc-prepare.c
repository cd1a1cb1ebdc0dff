/* mailproc-prepare.c: the next mail's password, handed to the check-ahead
 * worker while the daemon processes the mail in hand (docs/intake.md, "A
 * mail ahead"; password-ahead.h).
 *
 * This only reads: it finds the password line of a parsed mail and the
 * stored hash mp_password would check it against, by the lookup
 * mp_authenticate makes (the game named by GAME or the Subject's tag;
 * the GM's hash for a GM line, else the player's, by PLAYER, or by SIDE
 * when one active player holds the side), with no transaction, no write,
 * no audit and no count.  It is a guess, and safe as one: the worker's
 * answer is used only for exactly the pair it checked, so a hash changed
 * before the mail's turn (by the mail in hand, or by the GM), or a mail
 * routed otherwise than guessed here, is checked inline by mp_password,
 * which alone decides, counts and refuses. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailproc-int.h"
#include "mime.h"
#include "password-ahead.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

/* The one active player of a side (mp_authenticate's side_players). */
struct side_walk {
	const char	*side;
	size_t		 n;
	char		*hash;		/* owned: the last one's */
};

static int
side_cb(const struct store_player *p, void *arg)
{
	struct side_walk	*w = arg;

	if (p->removed || strcasecmp(p->side, w->side) != 0)
		return 0;
	w->n++;
	free(w->hash);
	w->hash = p->password != NULL ? xstrdup(p->password) : NULL;
	return 0;
}

/* The hash the mail's password would be checked against in game (owned),
 * or NULL when it cannot be told without the mail's transaction. */
static char *
stored_hash(struct mailproc *mp, const struct mp_scan *sc, const char *game)
{
	struct store_game	*g = NULL;
	struct store_player	*p = NULL;
	struct side_walk	 w = { sc->side, 0, NULL };
	char			*id, *hash = NULL;

	if (sc->gm) {
		if (store_game_get(mp->store, game, &g, NULL) == STORE_OK &&
		    g->gm_password != NULL)
			hash = xstrdup(g->gm_password);
		store_game_free(g);
		return hash;
	}
	if (sc->player != NULL) {
		/* Ids are lower case; mail may write any case. */
		id = str_lower(xstrdup(sc->player));
		if (store_player_get(mp->store, game, id, &p, NULL) ==
		    STORE_OK && !p->removed && p->password != NULL)
			hash = xstrdup(p->password);
		store_player_free(p);
		free(id);
		return hash;
	}
	if (sc->side == NULL || store_player_list(mp->store, game, side_cb,
	    &w, NULL) != STORE_OK || w.n != 1) {
		free(w.hash);
		return NULL;
	}
	return w.hash;
}

uint64_t
mailproc_check_ahead(struct mailproc *mp, const struct mail_msg *m)
{
	struct mp_scan		 sc;
	char			*game = NULL, *hash = NULL;
	uint64_t		 ticket = 0;

	/* What mailproc_parsed never authenticates. */
	if (mp->checks == NULL || m->is_bounce || m->is_auto ||
	    m->from == NULL)
		return 0;
	mp_scan_mail(m, &sc);
	if (sc.password == NULL || mp_lobby_mail(&sc))
		goto out;
	if (sc.game != NULL)
		game = str_lower(xstrdup(sc.game));
	else if (m->subject != NULL && mail_subject_tag(m->subject,
	    &game) == 0)
		str_lower(game);
	if (game == NULL || !str_is_id(game))
		goto out;
	if ((hash = stored_hash(mp, &sc, game)) != NULL)
		ticket = password_ahead_put(mp->checks, sc.password, hash);
out:
	free(hash);
	free(game);
	mp_scan_free(&sc);
	return ticket;
}
