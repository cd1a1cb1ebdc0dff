/* play-standing.c: a squadron's standing order set by its side's
 * admiral (ASSIGN SQUADRON q STANDING order; see play-assign.h).
 *
 * The binding ruling on big battles: the admiral's standing orders "act
 * from the next turn (setting command-delay, default 1), so orders
 * already sent stand"; every ruleset takes it through its command-delay
 * (docs/mail-commands.md).  The
 * order waits in squadron_standing (migration 13), and the adjudication
 * that opens its turn writes it into that turn's state as an audited
 * correction (squadron-set, "standing=..."), in the step that applies
 * the moves into squadrons (play_join_due), so that replay and the
 * archive make it again and a rollback past that turn discards it with
 * the state, as a move's.  The GM's NOW corrects the open turn's state
 * at once.  The squadron's captain is told, with the turn. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "play-assign.h"
#include "play-int.h"
#include "ruleset.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

/* The correction that gives squadron its standing order on turn's state
 * (kv[0] owned by the caller). */
static void
standing_fix(struct play_fix *f, char **kv, int turn, const char *squadron,
    const char *words)
{
	memset(f, 0, sizeof *f);
	f->turn = turn;
	f->kind = PLAY_FIX_SQUADRON;
	f->id = (char *)squadron;
	kv[0] = xasprintf("standing=%s", words);
	f->kv = kv;
	f->nkv = 1;
}

/* The notice "standing" to the squadron's captain, unless he set it. */
static enum play_code
standing_notice(struct store *s, const struct play_game *g,
    const struct play_roster *r, int turn, const struct play_standing *o,
    int at)
{
	const struct play_player *p;
	struct store_notice_new	 n;
	enum play_code		 rc;
	char			*details, *cause = NULL;
	int			 q = state_squadron_index(g->st, o->squadron);

	if ((rc = play_squadron_player(s, o->game, r, g->st, q, &p,
	    &cause)) != PLAY_OK) {
		free(cause);
		return rc;
	}
	if (p == NULL || (o->by != NULL && strcmp(p->id, o->by) == 0))
		return PLAY_OK;
	details = xasprintf("squadron=%s\nstanding=%s\nat=%d\nnow=%d\n"
	    "by=%s\n", o->squadron, o->words, at, o->now, o->by != NULL ?
	    o->by : "");
	memset(&n, 0, sizeof n);
	n.game = o->game;
	n.kind = STORE_NOTICE_STANDING;
	n.turn = turn;
	n.player = p->id;
	n.actor = o->actor;
	n.details = details;
	n.now = o->time;
	rc = play_store_code(store_notice_add(s, &n, NULL, &cause));
	free(cause);
	free(details);
	return rc;
}

enum play_code
play_standing_set(struct store *s, const struct play_game *g,
    const struct play_roster *r, int turn, const struct play_standing *o,
    int *at, struct nv_state **next, struct diag *d, char **cause)
{
	struct store_standing	 w;
	struct play_fix		 f;
	char			*kv[1];
	enum play_code		 rc;

	*next = NULL;
	*at = o->now ? turn : turn + g->rs->command_delay;
	if (o->now) {
		standing_fix(&f, kv, turn, o->squadron, o->words);
		rc = play_fix_store(s, g, o->game, g->st, &f, o->time,
		    o->actor, next, d, cause);
		free(kv[0]);
	} else {
		memset(&w, 0, sizeof w);
		w.turn = *at;
		w.squadron = o->squadron;
		w.standing = o->words;
		w.actor = o->actor;
		w.created = o->time;
		rc = play_store_code(store_standing_later(s, o->game, &w,
		    cause));
	}
	if (rc == PLAY_OK)
		rc = standing_notice(s, g, r, turn, o, *at);
	if (rc != PLAY_OK) {
		state_free(*next);
		*next = NULL;
	}
	return rc;
}

/* --- the standing orders due at the start of a turn ---------------------- */

struct due_standing {
	struct store_standing	*v;
	size_t			 n;
};

static int
due_cb(const struct store_standing *o, void *arg)
{
	struct due_standing	*u = arg;
	struct store_standing	*c;

	u->v = xreallocarray(u->v, u->n + 1, sizeof *u->v);
	c = &u->v[u->n++];
	c->turn = o->turn;
	c->squadron = xstrdup(o->squadron);
	c->standing = xstrdup(o->standing);
	c->actor = xstrdup(o->actor);
	c->created = o->created;
	return 0;
}

static void
due_free(struct due_standing *u)
{
	size_t	i;

	for (i = 0; i < u->n; i++) {
		free((char *)u->v[i].squadron);
		free((char *)u->v[i].standing);
		free((char *)u->v[i].actor);
	}
	free(u->v);
}

enum play_code
play_standing_due(struct store *s, const struct play_game *g,
    const char *game, struct nv_state **st, int turn, int64_t now,
    char **cause)
{
	struct due_standing	 u = { NULL, 0 };
	struct play_fix		 f;
	struct nv_state		*next;
	struct diag		 d = DIAG_INIT;
	enum store_code		 code;
	enum play_code		 rc = PLAY_OK;
	char			*kv[1];
	size_t			 i;

	/* By turn then squadron: a later turn's order for the same squadron
	 * cannot be pending beside an earlier one (one row a squadron). */
	code = store_standing_pending(s, game, due_cb, &u, cause);
	for (i = 0; code == STORE_OK && rc == PLAY_OK && i < u.n; i++) {
		if (u.v[i].turn > turn ||
		    state_squadron_index(*st, u.v[i].squadron) < 0)
			continue;
		standing_fix(&f, kv, turn, u.v[i].squadron, u.v[i].standing);
		rc = play_fix_store(s, g, game, *st, &f, now, u.v[i].actor,
		    &next, &d, cause);
		free(kv[0]);
		if (rc != PLAY_OK)
			break;
		state_free(*st);
		*st = next;
	}
	if (code == STORE_OK && rc == PLAY_OK)
		code = store_standing_done(s, game, turn, cause);
	if (rc == PLAY_OK)
		rc = play_store_code(code);
	due_free(&u);
	diag_free(&d);
	return rc;
}
