/* cmd-ship.c: navarch ship set GAME SHIP KEY=VALUE... (a GM's correction).
 *
 * The change is made on the state's canonical XML (KEY is an attribute
 * of the <ship> element) and the result is loaded again, so the schema
 * and the ruleset check it exactly as they check any state; a replay
 * re-applies the same change the same way (play_fix_apply, play-fix.c).
 * The audit entry (PLAY_FIX_ACTION) holds "turn T ship S" and one
 * KEY=VALUE a line: that is what play-record.c reads back for replay and
 * archives. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "diag.h"
#include "exitcode.h"
#include "play.h"
#include "state.h"
#include "store.h"
#include "xalloc.h"

int
ctl_fix(struct store *s, const char *game, struct play_fix *f,
    int (*check)(const struct play_game *, struct play_fix *, void *),
    void *arg)
{
	struct play_game	 cg;
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL, *actor;
	int64_t		 now;
	int		 rc, code, k;
	enum play_code	 prc;

	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	if ((rc = ctl_game_load(s, game, -1, &cg, &f->turn)) != 0)
		goto out;
	/* The ship as the state spells its id. */
	if (f->kind == PLAY_FIX_SHIP &&
	    (k = state_ship_index(cg.st, f->id)) >= 0) {
		free(f->id);
		f->id = xstrdup(cg.st->ships[k].id);
	}
	if (check != NULL && (rc = check(&cg, f, arg)) != 0)
		goto out;
	actor = ctl_actor();
	prc = play_fix_store(s, &cg, game, cg.st, f, now, actor, NULL, &d,
	    &cause);
	free(actor);
	if (prc == PLAY_INPUT) {
		ctl_print_diag(&d);
		free(cause);
		rc = ctl_err(NV_EXIT_INPUT, "nothing changed");
		goto out;
	}
	code = prc == PLAY_OK ? STORE_OK : prc == PLAY_BUSY ? STORE_BUSY :
	    STORE_ERROR;
	/* A ship moved to another side or squadron may leave orders in
	 * force that are no longer legal: they lose those lines. */
	if (code == STORE_OK)
		code = ctl_refit(s, game, &cause);
	if (code == STORE_OK)
		code = store_commit(s, &cause);
	if (code != STORE_OK)
		rc = ctl_store_err(code, cause);
out:
	if (rc != 0)
		(void)store_abort(s, NULL);
	diag_free(&d);
	play_game_free(&cg);
	return rc;
}

static int
ship_set_run(struct store *s, const char *game, const char *ship,
    char *const *kv, size_t n)
{
	struct play_fix	 f;
	int		 rc;

	memset(&f, 0, sizeof f);
	f.kind = PLAY_FIX_SHIP;
	f.id = xstrdup(ship);
	f.kv = (char **)kv;
	f.nkv = n;
	if ((rc = ctl_fix(s, game, &f, NULL, NULL)) == 0)
		fprintf(stderr, "navarch ship set: %s corrected in turn %d of "
		    "%s (audited)\n", f.id, f.turn, game);
	free(f.id);
	return rc;
}

int
cmd_ship_set(int argc, char **argv)
{
	struct store	*s;
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 3, -1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ship_set_run(s, pos[0], pos[1], pos + 2, (size_t)(npos - 2));
	store_close(s);
	return rc;
}
