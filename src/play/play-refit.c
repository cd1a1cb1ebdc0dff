/* play-refit.c: the orders in force after an immediate change of command
 * (see play.h, docs/gm-guide.md, "Running a big battle").
 *
 * A set in force was validated against the ships its player commanded
 * when it came.  When the GM moves ships at once (navarch player assign,
 * a squadron given, a player seated with ships, a rollback after
 * assignments took effect), a set may name ships its player no longer
 * commands, and the turn could not be played.  So, in the transaction of
 * the change, every set that is no longer legal is stored again without
 * the lines that are not: the lines its errors name are dropped, again
 * until none is left (each pass drops at least one line, so it ends);
 * errors that name no line empty the set (only its SIDE line), which is
 * always legal.  Then every set is checked together, as the turn will
 * be, and a change that would still leave the turn unplayable is
 * refused. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "orders.h"
#include "play-int.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* The errors of one set alone: 0 when it is legal. */
static size_t
set_errors(const struct nv_state *st, const struct play_orderset *set,
    struct diag *d)
{
	struct nv_orders	*o = play_orders_parse(st, set, 1, 1, d);

	orders_free(o);
	return d->errors;
}

/* text without the lines d's errors name; 0 when some line was
 * dropped, -1 when none could be. */
static int
drop_lines(const char *text, const struct diag *d, struct buf *out)
{
	const char	*p, *nl;
	unsigned	 no = 0;
	size_t		 i;
	int		 bad, dropped = 0;

	for (p = text; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		no++;
		for (i = 0, bad = 0; !bad && i < d->n; i++)
			bad = d->v[i].level == DIAG_ERROR &&
			    d->v[i].line == no;
		if (bad) {
			dropped = 1;
			continue;
		}
		buf_add(out, p, (size_t)(nl - p));
		buf_addc(out, '\n');
	}
	return dropped ? 0 : -1;
}

/* The legal part of set's text (owned by the caller). */
static char *
refit_text(const struct nv_state *st, const struct play_orderset *set)
{
	struct play_orderset	 one = *set;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	char			*text = xstrdup(set->text);

	one.text = text;
	while (set_errors(st, &one, &d) > 0) {
		buf_reset(&b);
		if (drop_lines(text, &d, &b) != 0) {
			buf_reset(&b);
			buf_printf(&b, "SIDE %s\n", set->side);
			free(text);
			text = buf_detach(&b);
			break;
		}
		free(text);
		text = buf_detach(&b);
		one.text = text;
		diag_clear(&d);
	}
	diag_free(&d);
	buf_free(&b);
	return text;
}

/* Stores text as player's set in force. */
static int
refit_store(struct store *s, const char *game, int turn,
    const struct nv_state *st, const struct play_orderset *set,
    const struct play_refit *how, char **cause)
{
	struct store_orders_new	 n;
	struct store_notice_new	 t;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct buf		 norm = BUF_INIT;
	int			 code;

	o = play_orders_parse(st, set, 1, 0, &d);
	orders_format(o, &norm);
	orders_free(o);
	diag_free(&d);
	memset(&n, 0, sizeof n);
	n.game = game;
	n.turn = turn;
	n.player = set->player;
	n.source = how->source;
	n.sender = how->actor;
	n.received = how->now;
	n.text = set->text;
	n.normalised = buf_str(&norm);
	code = store_orders_add(s, &n, NULL, cause);
	buf_free(&norm);
	if (code == STORE_OK && how->notice != NULL) {
		memset(&t, 0, sizeof t);
		t.game = game;
		t.kind = STORE_NOTICE_ORDERS;
		t.turn = turn;
		t.player = set->player;
		t.actor = how->actor;
		t.reason = how->notice;
		t.now = how->now;
		code = store_notice_add(s, &t, NULL, cause);
	}
	return code;
}

enum play_code
play_orders_refit(struct store *s, const char *datadir, const char *game,
    const struct play_refit *how, char **who, char **cause)
{
	struct play_game	 g;
	struct play_roster	 r;
	struct play_orderset	 one;
	struct nv_orders	*o;
	struct diag		 d = DIAG_INIT;
	struct buf		 w = BUF_INIT;
	char			*text;
	size_t			 i;
	enum play_code		 rc;
	enum store_code		 code;
	int			 turn;

	*who = NULL;
	if ((rc = play_game_state(s, datadir, game, -1, &g, &turn, &d,
	    cause)) != PLAY_OK) {
		diag_free(&d);
		return rc;
	}
	if ((rc = play_roster_load(s, game, turn, g.st, &r, cause)) !=
	    PLAY_OK)
		goto out;
	for (i = 0; i < r.nsets; i++) {
		diag_clear(&d);
		if (set_errors(g.st, &r.sets[i], &d) == 0)
			continue;
		text = refit_text(g.st, &r.sets[i]);
		one = r.sets[i];
		one.text = text;
		code = refit_store(s, game, turn, g.st, &one, how, cause);
		free(text);
		if (code != STORE_OK) {
			rc = play_store_code(code);
			goto out;
		}
		buf_printf(&w, "%s%s", w.len > 0 ? ", " : "", one.player);
	}
	/* Every set together, as the turn will parse them. */
	play_roster_free(&r);
	if ((rc = play_roster_load(s, game, turn, g.st, &r, cause)) !=
	    PLAY_OK)
		goto out;
	diag_clear(&d);
	o = play_orders_parse(g.st, r.sets, r.nsets, 1, &d);
	orders_free(o);
	if (d.errors > 0) {
		*cause = xasprintf("the orders in force of turn %d would not "
		    "be legal after this change; nothing was changed", turn);
		rc = PLAY_INPUT;
		goto out;
	}
	*who = buf_detach(&w);
out:
	play_roster_free(&r);
	play_game_free(&g);
	diag_free(&d);
	buf_free(&w);
	return rc;
}
