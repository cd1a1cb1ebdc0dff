/* store-notice.c: what players must be told of (see store.h).
 *
 * A notice is the outbox pattern one step earlier: the act and the
 * notice of it commit together, in whichever program acted, and the
 * daemon words each pending notice for its readers and marks it sent in
 * the transaction that queues those mails.  So navarch, which knows
 * neither the templates nor the daemon's address, can pause a game and
 * the players are still told, exactly once. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xalloc.h"

static const char *const notice_kind_names[] = {
#define X(e, s) s,
	STORE_NOTICE_KINDS(X)
#undef X
};

const char *
store_notice_kind_name(enum store_notice_kind v)
{
	return (unsigned)v < STORE_NOTICE_KIND_COUNT ?
	    notice_kind_names[v] : "unknown";
}

int
store_notice_kind_parse(const char *s, enum store_notice_kind *out)
{
	int	i;

	if (st_name_parse(notice_kind_names, STORE_NOTICE_KIND_COUNT, s, &i))
		return -1;
	*out = (enum store_notice_kind)i;
	return 0;
}

enum store_code
store_notice_add(struct store *s, const struct store_notice_new *n,
    int64_t *id, char **cause)
{
	int	code;

	if ((code = st_game_exists(s, n->game, cause)) != STORE_OK)
		return code;
	if ((unsigned)n->kind >= STORE_NOTICE_KIND_COUNT || n->actor == NULL)
		return st_cause(cause, STORE_ERROR, "a notice needs a known "
		    "kind and an actor");
	if (n->player != NULL &&
	    (code = st_check_id("player", n->player, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, NULL, "INSERT INTO notices (game, kind, turn,"
	    " player, actor, reason, details, secret, created)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "ssisssssl", n->game,
	    store_notice_kind_name(n->kind), n->turn, n->player, n->actor,
	    n->reason != NULL ? n->reason : "",
	    n->details != NULL ? n->details : "", n->secret, n->now);
	if (code == STORE_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(s->db);
	return code;
}

enum store_code
store_notice_pending(struct store *s, const char *game,
    int (*cb)(const struct store_notice *, void *), void *arg, char **cause)
{
	struct store_notice	 n;
	sqlite3_stmt		*st;
	int			 code, row, stop = 0;

	code = st_cached(s, &st, cause, "SELECT id, game, kind, turn, player,"
	    " actor, reason, details, secret, created FROM notices"
	    " WHERE sent IS NULL AND (?1 IS NULL OR game = ?1) ORDER BY id",
	    "s", game);
	if (code != STORE_OK)
		return code;
	while (!stop && (code = st_step(s, st, &row, cause)) == STORE_OK &&
	    row) {
		memset(&n, 0, sizeof n);
		n.id = sqlite3_column_int64(st, 0);
		n.game = st_col_text(st, 1, 1);
		/* A kind this program does not know (a newer one wrote it)
		 * is left pending for the program that does. */
		if (store_notice_kind_parse(st_col_text(st, 2, 1), &n.kind))
			continue;
		n.turn = sqlite3_column_int(st, 3);
		n.player = st_col_text(st, 4, 0);
		n.actor = st_col_text(st, 5, 1);
		n.reason = st_col_text(st, 6, 1);
		n.details = st_col_text(st, 7, 1);
		n.secret = st_col_text(st, 8, 0);
		n.created = sqlite3_column_int64(st, 9);
		stop = cb(&n, arg);
	}
	st_release(s, st);
	return code;
}

enum store_code
store_notice_done(struct store *s, int64_t id, int64_t now, char **cause)
{
	int	code, n;

	code = st_run(s, cause, &n, "UPDATE notices SET sent = ?, secret = NULL"
	    " WHERE id = ? AND sent IS NULL", "ll", now, id);
	if (code == STORE_OK && n == 0)
		return st_cause(cause, STORE_NOTFOUND, "no pending notice %lld",
		    (long long)id);
	return code;
}

char *
store_notice_detail(const char *details, const char *key)
{
	const char	*p = details, *nl;
	size_t		 klen = strlen(key);

	for (; p != NULL && *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		if ((size_t)(nl - p) > klen && strncmp(p, key, klen) == 0 &&
		    p[klen] == '=')
			return xstrndup(p + klen + 1, (size_t)(nl - p) -
			    klen - 1);
	}
	return NULL;
}
