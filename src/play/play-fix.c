/* play-fix.c: the GM's corrections of ships (navarch ship set) as the
 * audit log keeps them (see play.h).
 *
 * A correction is made on the state of an open turn T and audited with
 * action PLAY_FIX_ACTION, "turn T ship S" and a KEY=VALUE a line.  It
 * stays in effect until a rollback to the start of a turn R < T discards
 * T's state (the store's rollback entry says "to the start of turn R:
 * ..."): then the correction is gone with it.  Replay re-applies the
 * corrections in effect, and the report of turn T shows those made on T;
 * both read them here. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play-int.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"

static void
fix_free(struct play_fix *f)
{
	size_t	i;

	for (i = 0; i < f->nkv; i++)
		free(f->kv[i]);
	free(f->kv);
	free(f->ship);
	memset(f, 0, sizeof *f);
}

/* "turn T ship S\nK=V\n...": 0, or -1 if the entry is not one. */
static int
fix_parse(const char *details, struct play_fix *f)
{
	char	*copy = xstrdup(details), *line, *nl, *w[5];
	size_t	 n;
	int	 rc = -1;

	memset(f, 0, sizeof *f);
	line = copy;
	if ((nl = strchr(line, '\n')) != NULL)
		*nl = '\0';
	n = str_split_words(line, w, 5);
	if (n == 4 && strcmp(w[0], "turn") == 0 && strcmp(w[2], "ship") == 0 &&
	    str_to_int(w[1], 1, 1000000, &f->turn) == 0) {
		f->ship = xstrdup(w[3]);
		rc = 0;
	}
	while (rc == 0 && nl != NULL) {
		line = nl + 1;
		if ((nl = strchr(line, '\n')) != NULL)
			*nl = '\0';
		f->kv = xreallocarray(f->kv, f->nkv + 1, sizeof *f->kv);
		f->kv[f->nkv++] = xstrdup(line);
	}
	free(copy);
	if (rc != 0)
		fix_free(f);
	return rc;
}

void
play_fixes_audit(struct play_fixes *fx, const struct store_audit *a)
{
	struct play_fix	f;
	size_t		i, j;
	int		to;

	if (a->details == NULL)
		return;
	if (strcmp(a->action, PLAY_FIX_ACTION) == 0 &&
	    fix_parse(a->details, &f) == 0) {
		fx->v = xreallocarray(fx->v, fx->n + 1, sizeof *fx->v);
		fx->v[fx->n++] = f;
	}
	if (strcmp(a->action, "rollback") == 0 &&
	    sscanf(a->details, "to the start of turn %d:", &to) == 1) {
		for (i = 0, j = 0; i < fx->n; i++) {
			if (fx->v[i].turn > to)
				fix_free(&fx->v[i]);
			else
				fx->v[j++] = fx->v[i];
		}
		fx->n = j;
	}
}

static int
audit_cb(const struct store_audit *a, void *arg)
{
	play_fixes_audit(arg, a);
	return 0;
}

enum play_code
play_fixes_load(struct store *s, const char *game, struct play_fixes *fx,
    char **cause)
{
	enum store_code	code;

	memset(fx, 0, sizeof *fx);
	code = store_audit_list(s, game, audit_cb, fx, cause);
	if (code != STORE_OK)
		play_fixes_free(fx);
	return play_store_code(code);
}

void
play_fixes_free(struct play_fixes *fx)
{
	size_t	i;

	for (i = 0; i < fx->n; i++)
		fix_free(&fx->v[i]);
	free(fx->v);
	memset(fx, 0, sizeof *fx);
}
