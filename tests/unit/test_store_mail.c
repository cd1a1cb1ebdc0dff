/* test_store_mail.c: the outbox (order, backoff, failure), the processed
 * Message-IDs and the attempts at a mail. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "store-outbox.h"
#include "store-purge.h"
#include "store_fixture.h"
#include "xalloc.h"

static int64_t
queue(struct store *s, const char *game, const char *mid, int64_t now,
    int want)
{
	struct store_outbox_new	m = { game, mid, "a@example.org", "Subject",
	    "Body", 0 };
	int64_t			id = -1;
	char			*cause = NULL;

	expect_code(store_outbox_add(s, &m, now, &id, &cause), want, &cause);
	return id;
}

/* The due message's Message-ID at now, or "" when none is due. */
static char *
due(struct store *s, int64_t now)
{
	struct store_outbox	*m = NULL;
	char			*cause = NULL, *mid;
	int			 code;

	code = store_outbox_next_due(s, now, &m, &cause);
	if (code == STORE_NOTFOUND) {
		expect_code(code, STORE_NOTFOUND, &cause);
		assert_null(m);
		return xstrdup("");
	}
	expect_code(code, STORE_OK, &cause);
	mid = xstrdup(m->message_id);
	store_outbox_free(m);
	return mid;
}

#define EXPECT_DUE(s, now, want) do {					\
	char *got_ = due((s), (now));					\
	assert_string_equal(got_, (want));				\
	free(got_);							\
} while (0)

static void
test_outbox_queue(void **state)
{
	struct fx		*f = *state;
	struct store_outbox	*m = NULL;
	struct store_outbox_new	 bad = { NULL, "", "a@example.org", "s", "b", 0 };
	char			*cause = NULL;
	int64_t			 a, b, sync;

	make_game(f->s, "g1");
	a = queue(f->s, "g1", "<a@x>", 100, STORE_OK);
	b = queue(f->s, NULL, "<b@x>", 50, STORE_OK);
	queue(f->s, "g1", "<a@x>", 100, STORE_EXISTS);
	queue(f->s, "nope", "<c@x>", 100, STORE_NOTFOUND);
	expect_code(store_outbox_add(f->s, &bad, 1, NULL, &cause),
	    STORE_ERROR, &cause);

	/* Nothing is due before its time; the earliest goes first. */
	EXPECT_DUE(f->s, 49, "");
	EXPECT_DUE(f->s, 50, "<b@x>");
	EXPECT_DUE(f->s, 1000, "<b@x>");

	expect_code(store_outbox_get(f->s, a, &m, &cause), STORE_OK, &cause);
	assert_string_equal(m->game, "g1");
	assert_string_equal(m->recipient, "a@example.org");
	assert_string_equal(m->subject, "Subject");
	assert_string_equal(m->body, "Body");
	assert_int_equal(m->status, STORE_OUTBOX_QUEUED);
	assert_int_equal(m->attempts, 0);
	assert_int_equal(m->next_attempt, 100);
	assert_int_equal(m->created, 100);
	assert_null(m->last_error);
	store_outbox_free(m);

	sync = sql_int(f->s, "PRAGMA synchronous");
	assert_true(sync >= 1);
	expect_code(store_outbox_mark_sent(f->s, b, 60, &cause), STORE_OK,
	    &cause);
	/* Committed light, and the connection left as it was. */
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
	assert_int_equal(sqlite3_get_autocommit(store_db(f->s)), 1);
	expect_code(store_outbox_mark_sent(f->s, b, 61, &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_outbox_mark_sent(f->s, 999, 61, &cause),
	    STORE_NOTFOUND, &cause);
	EXPECT_DUE(f->s, 1000, "<a@x>");
	expect_code(store_outbox_get(f->s, b, &m, &cause), STORE_OK, &cause);
	assert_int_equal(m->status, STORE_OUTBOX_SENT);
	assert_int_equal(m->attempts, 1);
	assert_null(m->game);
	store_outbox_free(m);
	expect_code(store_outbox_get(f->s, 999, &m, &cause), STORE_NOTFOUND,
	    &cause);
}

/* A batched drain (outbox.c) reads on past the rows it has sent and not
 * yet marked, in the order of next_due, and marks a batch at once. */
static void
test_outbox_batch(void **state)
{
	static const struct { const char *mid; int64_t at; } rows[] = {
		{ "<c@x>", 30 }, { "<a@x>", 10 }, { "<b@x>", 10 },
		{ "<late@x>", 500 },
	};
	static const char *const order[] = { "<a@x>", "<b@x>", "<c@x>" };
	struct fx		*f = *state;
	struct store_outbox	*m = NULL;
	char			*cause = NULL;
	int64_t			 ids[6], next = INT64_MIN, id = INT64_MIN,
				 sync;
	size_t			 i;
	int			 marked = -1;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		ids[i] = queue(f->s, NULL, rows[i].mid, rows[i].at, STORE_OK);
	for (i = 0; i < sizeof order / sizeof order[0]; i++) {
		expect_code(store_outbox_next_due_after(f->s, 100, next, id,
		    &m, &cause), STORE_OK, &cause);
		assert_string_equal(m->message_id, order[i]);
		next = m->next_attempt;
		id = m->id;
		store_outbox_free(m);
	}
	expect_code(store_outbox_next_due_after(f->s, 100, next, id, &m,
	    &cause), STORE_NOTFOUND, &cause);
	assert_null(m);

	/* The three due, one of them twice, one no such row: the queued
	 * ones are marked, in one light transaction. */
	sync = sql_int(f->s, "PRAGMA synchronous");
	ids[4] = ids[1];
	ids[5] = 999;
	expect_code(store_outbox_mark_sent_list(f->s, ids, 3, 100, &marked,
	    &cause), STORE_OK, &cause);
	assert_int_equal(marked, 3);
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
	expect_code(store_outbox_mark_sent_list(f->s, ids + 1, 5, 101,
	    &marked, &cause), STORE_OK, &cause);
	assert_int_equal(marked, 1);	/* only <late@x> was queued */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox WHERE"
	    " status = 'sent' AND attempts = 1 AND last_error IS NULL"), 4);
	assert_int_equal(sql_int(f->s, "SELECT sent FROM outbox WHERE"
	    " message_id = '<late@x>'"), 101);
	expect_code(store_outbox_mark_sent_list(f->s, ids, 0, 102, &marked,
	    &cause), STORE_OK, &cause);
	assert_int_equal(marked, 0);
	EXPECT_DUE(f->s, 1000, "");
}

static void
test_outbox_backoff_schedule(void **state)
{
	static const int64_t want[] = {
		-1, 60, 300, 900, 3600, 14400, 43200, 86400, -1, -1
	};
	size_t	i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_int_equal(store_outbox_backoff((int)i), want[i]);
	assert_int_equal(store_outbox_backoff(-3), -1);
}

/* Each failure pushes the next attempt by the schedule; after the last
 * the message is failed for good and never due again. */
static void
test_outbox_failures(void **state)
{
	struct fx			*f = *state;
	struct store_outbox		*m = NULL;
	enum store_outbox_status	 st;
	char				*cause = NULL, *mid;
	int64_t				 id, now = 1000, wait;
	int				 n;

	id = queue(f->s, NULL, "<r@x>", now, STORE_OK);
	for (n = 1; ; n++) {
		mid = due(f->s, now);
		assert_string_equal(mid, "<r@x>");
		free(mid);
		expect_code(store_outbox_mark_failed(f->s, id, now,
		    "421 try later", 0, &st, &cause), STORE_OK, &cause);
		wait = store_outbox_backoff(n);
		if (wait < 0) {
			assert_int_equal(st, STORE_OUTBOX_FAILED);
			break;
		}
		assert_int_equal(st, STORE_OUTBOX_QUEUED);
		EXPECT_DUE(f->s, now + wait - 1, "");
		now += wait;
	}
	assert_int_equal(n, 8);
	EXPECT_DUE(f->s, now + 1000000, "");
	expect_code(store_outbox_get(f->s, id, &m, &cause), STORE_OK, &cause);
	assert_int_equal(m->attempts, 8);
	assert_int_equal(m->status, STORE_OUTBOX_FAILED);
	assert_string_equal(m->last_error, "421 try later");
	store_outbox_free(m);
	expect_code(store_outbox_mark_failed(f->s, id, now, "x", 0, NULL,
	    &cause), STORE_NOTFOUND, &cause);

	/* A permanent failure ends at once. */
	id = queue(f->s, NULL, "<p@x>", now, STORE_OK);
	expect_code(store_outbox_mark_failed(f->s, id, now, "550 no such user",
	    1, &st, &cause), STORE_OK, &cause);
	assert_int_equal(st, STORE_OUTBOX_FAILED);
	EXPECT_DUE(f->s, now + 1000000, "");
}

static void
test_mail_dedup(void **state)
{
	static const char *const ids[] = {
		"<1@example.org>", "<2@example.org>", "<1@EXAMPLE.org>"
	};
	struct fx	*f = *state;
	char		*cause = NULL;
	size_t		 i;

	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		expect_code(store_mail_seen(f->s, ids[i], &cause),
		    STORE_NOTFOUND, &cause);
		expect_code(store_mail_record(f->s, ids[i], 10, &cause),
		    STORE_OK, &cause);
		expect_code(store_mail_seen(f->s, ids[i], &cause), STORE_OK,
		    &cause);
		expect_code(store_mail_record(f->s, ids[i], 11, &cause),
		    STORE_EXISTS, &cause);
	}
	expect_code(store_mail_record(f->s, "", 11, &cause), STORE_ERROR,
	    &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM processed_mail"),
	    3);
}

/* Rate limits: rows of (key, day, limit) -> allowed, in order. */
static void
test_rate_limit(void **state)
{
	static const struct {
		const char	*key;
		int64_t		 day;
		int		 limit;
		int		 allowed;
	} rows[] = {
		{ "refusal:g1:a", 100, 2, 1 },
		{ "refusal:g1:a", 100, 2, 1 },
		{ "refusal:g1:a", 100, 2, 0 },	/* third of the day */
		{ "refusal:g1:a", 100, 2, 0 },
		{ "refusal:g1:b", 100, 2, 1 },	/* another key */
		{ "refusal:g1:a", 101, 2, 1 },	/* the next day */
		{ "unknown:x@y", 100, 1, 1 },
		{ "unknown:x@y", 100, 1, 0 },
		{ "unknown:x@y", 100, 0, 0 },	/* a limit of 0: never */
	};
	struct fx	*f = *state;
	char		*cause = NULL;
	size_t		 i;
	int		 allowed;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		allowed = -1;
		expect_code(store_rate_take(f->s, rows[i].key, rows[i].day,
		    rows[i].limit, &allowed, &cause), STORE_OK, &cause);
		assert_int_equal(allowed, rows[i].allowed);
	}
	assert_int_equal(sql_int(f->s, "SELECT count FROM rate_limits WHERE"
	    " key = 'refusal:g1:a' AND day = 100"), 2);
	expect_code(store_rate_take(f->s, "", 1, 1, &allowed, &cause),
	    STORE_ERROR, &cause);
	/* Inside a caller's transaction that rolls back, nothing counts. */
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_rate_take(f->s, "k", 5, 1, &allowed, &cause),
	    STORE_OK, &cause);
	assert_int_equal(allowed, 1);
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	expect_code(store_rate_take(f->s, "k", 5, 1, &allowed, &cause),
	    STORE_OK, &cause);
	assert_int_equal(allowed, 1);
}

static int
mark_cb(const char *who, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%s%s", old, *old != '\0' ? " " : "", who);
	free(old);
	return 0;
}

static char *
marks(struct store *s, const char *game, int turn, const char *kind,
    int want)
{
	char	*out = xstrdup(""), *cause = NULL;

	expect_code(store_mark_list(s, game, turn, kind, mark_cb, &out,
	    &cause), want, &cause);
	return out;
}

static void
test_turn_marks(void **state)
{
	static const struct {
		int		 turn;
		const char	*kind, *who;
		int		 want;
	} rows[] = {
		{ 1, "draw", "sparta", STORE_OK },
		{ 1, "draw", "athens", STORE_OK },
		{ 1, "draw", "athens", STORE_EXISTS },	/* once a turn */
		{ 2, "draw", "athens", STORE_OK },
		{ 1, "reminder", "athens", STORE_OK },
		{ 1, "", "athens", STORE_ERROR },
		{ 1, "draw", "", STORE_ERROR },
	};
	struct fx	*f = *state;
	char		*cause = NULL, *got;
	size_t		 i;

	make_game(f->s, "g1");
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		expect_code(store_mark_add(f->s, "g1", rows[i].turn,
		    rows[i].kind, rows[i].who, 10, &cause), rows[i].want,
		    &cause);
	got = marks(f->s, "g1", 1, "draw", STORE_OK);
	assert_string_equal(got, "athens sparta");
	free(got);
	got = marks(f->s, "g1", 2, "draw", STORE_OK);
	assert_string_equal(got, "athens");
	free(got);
	got = marks(f->s, "g1", 3, "draw", STORE_OK);
	assert_string_equal(got, "");
	free(got);
	got = marks(f->s, "nogame", 1, "draw", STORE_NOTFOUND);
	free(got);
	expect_code(store_mark_add(f->s, "nogame", 1, "draw", "x", 10,
	    &cause), STORE_NOTFOUND, &cause);
}

/* Wrong passwords: counted, a lock-out at max, not lengthened while it
 * lasts, forgotten after the window or a right password, lifted by the
 * GM.  Settings: 3 failures, a window of 100 s, a lock-out of 50 s. */
static void
test_auth_failures(void **state)
{
	static const struct {
		const char	*op;	/* fail, ok, clear */
		int64_t		 now;
		int		 want;	/* code */
		int		 locked;	/* store_auth_fail's *locked */
		int		 failures;	/* then */
		int64_t		 until;
		int		 lockouts;
	} rows[] = {
		{ "fail", 10, STORE_OK, 0, 1, 0, 0 },
		{ "fail", 20, STORE_OK, 0, 2, 0, 0 },
		{ "ok", 25, STORE_OK, 0, 0, 0, 0 },	/* forgotten */
		{ "fail", 30, STORE_OK, 0, 1, 0, 0 },
		{ "fail", 40, STORE_OK, 0, 2, 0, 0 },
		{ "fail", 50, STORE_OK, 1, 0, 100, 1 },	/* locked */
		{ "fail", 60, STORE_OK, 0, 0, 100, 1 },	/* not counted */
		{ "ok", 70, STORE_OK, 0, 0, 100, 1 },	/* lock stays */
		{ "fail", 99, STORE_OK, 0, 0, 100, 1 },
		{ "fail", 100, STORE_OK, 0, 1, 100, 1 },	/* it ended */
		{ "fail", 300, STORE_OK, 0, 1, 100, 1 },	/* window: anew */
		{ "fail", 310, STORE_OK, 0, 2, 100, 1 },
		{ "fail", 320, STORE_OK, 1, 0, 370, 2 },
		{ "clear", 330, STORE_OK, 0, 0, 0, 2 },	/* the GM */
		{ "fail", 340, STORE_OK, 0, 1, 0, 2 },
	};
	struct fx		*f = *state;
	struct store_auth	 a, b;
	char			*cause = NULL;
	size_t			 i;
	int			 locked;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		locked = 0;
		if (strcmp(rows[i].op, "fail") == 0)
			expect_code(store_auth_fail(f->s, "player:g1:athens",
			    rows[i].now, 3, 100, 50, &locked, &b, &cause),
			    rows[i].want, &cause);
		else if (strcmp(rows[i].op, "ok") == 0)
			expect_code(store_auth_success(f->s, "player:g1:athens",
			    &cause), rows[i].want, &cause);
		else
			expect_code(store_auth_clear(f->s, "player:g1:athens",
			    &cause), rows[i].want, &cause);
		expect_code(store_auth_get(f->s, "player:g1:athens", &a,
		    &cause), STORE_OK, &cause);
		if (locked != rows[i].locked || a.failures !=
		    rows[i].failures || a.locked_until != rows[i].until ||
		    a.lockouts != rows[i].lockouts)
			fail_msg("row %zu (%s at %lld): locked %d failures %d "
			    "until %lld lockouts %d", i, rows[i].op,
			    (long long)rows[i].now, locked, a.failures,
			    (long long)a.locked_until, a.lockouts);
		if (strcmp(rows[i].op, "fail") == 0)
			assert_memory_equal(&a, &b, sizeof a);
	}
	/* Keys are apart; nothing known reads as zeroes. */
	expect_code(store_auth_get(f->s, "sender:x@example.org", &a, &cause),
	    STORE_OK, &cause);
	assert_int_equal(a.failures + a.lockouts, 0);
	assert_int_equal(a.locked_until, 0);
	expect_code(store_auth_clear(f->s, "sender:x@example.org", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_auth_fail(f->s, "", 1, 3, 100, 50, &locked, NULL,
	    &cause), STORE_ERROR, &cause);
	expect_code(store_auth_fail(f->s, "k", 1, 0, 100, 50, &locked, NULL,
	    &cause), STORE_ERROR, &cause);
}

/* Attempts at a mail: failures counted until the mail gets through;
 * attempts cut short count for nothing; a quarantined mail is known as
 * such and counted no more. */
static void
test_attempts(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL;
	int		 fails, q, sync;

	sync = sql_int(f->s, "PRAGMA synchronous");
	expect_code(store_attempt_begin(f->s, "d1", 10, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(fails, 0);
	assert_int_equal(q, 0);
	/* The light commit leaves the connection as it found it. */
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
	/* Never ended (killed from outside): no failure. */
	expect_code(store_attempt_begin(f->s, "d1", 20, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(fails, 0);
	assert_int_equal(sql_int(f->s, "SELECT attempts FROM mail_attempts"
	    " WHERE digest = 'd1'"), 2);
	/* Failed twice (the parser, a crash found at the next start). */
	expect_code(store_attempt_fail(f->s, "d1", 25, &cause), STORE_OK,
	    &cause);
	expect_code(store_attempt_fail(f->s, "d1", 26, &cause), STORE_OK,
	    &cause);
	expect_code(store_attempt_begin(f->s, "d1", 30, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(fails, 2);
	assert_int_equal(sql_int(f->s, "SELECT first * 1000 + last FROM"
	    " mail_attempts WHERE digest = 'd1'"), 10030);
	/* A crash of a mail never begun here (another process's). */
	expect_code(store_attempt_fail(f->s, "d3", 31, &cause), STORE_OK,
	    &cause);
	assert_int_equal(sql_int(f->s, "SELECT failures FROM mail_attempts"
	    " WHERE digest = 'd3'"), 1);
	/* Ended: forgotten, failures and all. */
	expect_code(store_attempt_end(f->s, "d1", &cause), STORE_OK, &cause);
	expect_code(store_attempt_begin(f->s, "d1", 40, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(fails, 0);
	/* Quarantined, in the caller's transaction: it stays, and is not
	 * counted again nor ended. */
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_attempt_quarantine(f->s, "d1", 50, &cause),
	    STORE_OK, &cause);
	expect_code(store_attempt_quarantine(f->s, "d2", 50, &cause),
	    STORE_OK, &cause);
	expect_code(store_commit(f->s, &cause), STORE_OK, &cause);
	expect_code(store_attempt_begin(f->s, "d1", 60, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(q, 1);
	expect_code(store_attempt_end(f->s, "d1", &cause), STORE_OK, &cause);
	expect_code(store_attempt_begin(f->s, "d2", 60, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(q, 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM mail_attempts"
	    " WHERE quarantined = 50"), 2);
	/* Read, not counted: the quarantined row is as it was. */
	assert_int_equal(sql_int(f->s, "SELECT attempts * 1000 + last FROM"
	    " mail_attempts WHERE digest = 'd2'"), 50);
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
	expect_code(store_attempt_begin(f->s, "", 60, &fails, &q, &cause),
	    STORE_ERROR, &cause);
}

/* An attempt begun inside the caller's transaction is part of it (read
 * and counted in one): undone with it, and the connection's synchronous
 * level is the caller's. */
static void
test_attempt_in_txn(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL;
	int		 fails, q, sync;

	sync = sql_int(f->s, "PRAGMA synchronous");
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	expect_code(store_attempt_begin(f->s, "d4", 10, &fails, &q, &cause),
	    STORE_OK, &cause);
	expect_code(store_attempt_begin(f->s, "d4", 11, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT attempts * 1000 + last FROM"
	    " mail_attempts WHERE digest = 'd4'"), 2011);
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM mail_attempts"
	    " WHERE digest = 'd4'"), 0);
	/* Alone, it commits at once. */
	expect_code(store_attempt_begin(f->s, "d4", 12, &fails, &q, &cause),
	    STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT attempts * 1000 + last FROM"
	    " mail_attempts WHERE digest = 'd4'"), 1012);
	assert_int_equal(sql_int(f->s, "PRAGMA synchronous"), sync);
}

/* What can no longer matter goes, and only that: each row a day or a
 * second either side of its limit. */
static void
test_purge(void **state)
{
	struct fx		*f = *state;
	struct store_purged	 p;
	const int64_t		 now = 100 * 86400 + 3600, old = now -
				     STORE_PURGE_AFTER;
	char			*cause = NULL;

	expect_code(st_run(f->s, &cause, NULL, "INSERT INTO rate_limits"
	    " (key, day, count) VALUES ('k', 98, 1), ('k', 99, 2),"
	    " ('k', 100, 3), ('j', 100, 1)", ""), STORE_OK, &cause);
	/* Old and unlocked; old but locked still; recent; old, lock over. */
	expect_code(st_run(f->s, &cause, NULL, "INSERT INTO auth_failures"
	    " (key, failures, last_failure, locked_until, lockouts) VALUES"
	    " ('a', 2, ?1 - 1, 0, 0), ('b', 0, ?1 - 1, ?2 + 60, 1),"
	    " ('c', 1, ?1, 0, 0), ('d', 0, ?1 - 1, ?2, 3)", "ll", old, now),
	    STORE_OK, &cause);
	expect_code(st_run(f->s, &cause, NULL, "INSERT INTO mail_attempts"
	    " (digest, attempts, failures, first, last, quarantined) VALUES"
	    " ('x', 1, 0, 0, ?1 - 1, NULL), ('y', 0, 2, 0, ?1 - 1, ?1 - 1),"
	    " ('z', 1, 1, 0, ?1, NULL)", "l", old), STORE_OK, &cause);
	expect_code(store_purge(f->s, now, -1, &p, &cause), STORE_OK, &cause);
	assert_int_equal(p.rates, 2);
	assert_int_equal(p.auth, 2);
	assert_int_equal(p.attempts, 2);
	assert_int_equal(sql_int(f->s, "SELECT sum(count) FROM rate_limits"),
	    4);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM auth_failures"),
	    2);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM auth_failures"
	    " WHERE key IN ('b', 'c')"), 2);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM mail_attempts"
	    " WHERE digest = 'z'"), 1);
	/* Nothing left to forget: nothing goes. */
	expect_code(store_purge(f->s, now, -1, &p, &cause), STORE_OK, &cause);
	assert_int_equal(p.rates + p.auth + p.attempts + p.bodies, 0);
}

/* A mail queued at `at`, sent then (sent >= 0) or failed for good then
 * (sent < 0), or left queued (at < 0: queued at 0). */
static int64_t
mail_at(struct store *s, const char *mid, int64_t at, int sent)
{
	int64_t	id = queue(s, NULL, mid, at < 0 ? 0 : at, STORE_OK);
	char	*cause = NULL;

	if (at < 0)
		return id;
	if (sent)
		expect_code(store_outbox_mark_sent(s, id, at, &cause),
		    STORE_OK, &cause);
	else
		expect_code(store_outbox_mark_failed(s, id, at, "550 no", 1,
		    NULL, &cause), STORE_OK, &cause);
	return id;
}

static char *
body_of(struct store *s, int64_t id)
{
	struct store_outbox	*m = NULL;
	char			*cause = NULL, *body;

	expect_code(store_outbox_get(s, id, &m, &cause), STORE_OK, &cause);
	body = xstrdup(m->body);
	store_outbox_free(m);
	return body;
}

#define EXPECT_BODY(s, id, want) do {					\
	char *got_ = body_of((s), (id));				\
	assert_string_equal(got_, (want));				\
	free(got_);							\
} while (0)

/* The body of a mail sent keep seconds ago is emptied, and not a second
 * before; a mail queued (its sending may have begun: its mark is not
 * committed) or failed keeps it; the row stays, still sent. */
static void
test_purge_bodies(void **state)
{
	struct fx		*f = *state;
	struct store_purged	 p;
	const int64_t		 keep = 30 * 86400, now = 100 * 86400;
	char			*cause = NULL;
	int64_t			 old, edge, young, waiting, failed;

	old = mail_at(f->s, "<old@x>", now - keep - 86400, 1);
	edge = mail_at(f->s, "<edge@x>", now - keep, 1);
	young = mail_at(f->s, "<young@x>", now - keep + 1, 1);
	waiting = mail_at(f->s, "<waiting@x>", -1, 0);
	failed = mail_at(f->s, "<failed@x>", now - 2 * keep, 0);

	/* A negative keep: nothing. */
	expect_code(store_purge(f->s, now, -1, &p, &cause), STORE_OK, &cause);
	assert_int_equal(p.bodies, 0);
	EXPECT_BODY(f->s, old, "Body");

	expect_code(store_purge(f->s, now, keep, &p, &cause), STORE_OK,
	    &cause);
	assert_int_equal(p.bodies, 2);
	EXPECT_BODY(f->s, old, "");
	EXPECT_BODY(f->s, edge, "");
	EXPECT_BODY(f->s, young, "Body");
	EXPECT_BODY(f->s, waiting, "Body");
	EXPECT_BODY(f->s, failed, "Body");
	/* The rows stay, sent, with their Message-IDs: never sent again. */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox WHERE"
	    " status = 'sent' AND message_id IN ('<old@x>', '<edge@x>')"
	    " AND sent IS NOT NULL AND attempts = 1"), 2);
	EXPECT_DUE(f->s, now + 86400, "<waiting@x>");
	queue(f->s, NULL, "<old@x>", now, STORE_EXISTS);

	/* What is empty is not counted again; a second later, young goes. */
	expect_code(store_purge(f->s, now, keep, &p, &cause), STORE_OK,
	    &cause);
	assert_int_equal(p.bodies, 0);
	expect_code(store_purge(f->s, now + 1, keep, &p, &cause), STORE_OK,
	    &cause);
	assert_int_equal(p.bodies, 1);
	EXPECT_BODY(f->s, young, "");

	/* 0: a mail sent goes at once, one queued never. */
	young = mail_at(f->s, "<now@x>", now, 1);
	expect_code(store_purge(f->s, now, 0, &p, &cause), STORE_OK, &cause);
	assert_int_equal(p.bodies, 1);
	EXPECT_BODY(f->s, young, "");
	EXPECT_BODY(f->s, waiting, "Body");
	EXPECT_BODY(f->s, failed, "Body");
	/* The purge finds them in its index, not by reading every row. */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"
	    " INDEXED BY outbox_kept WHERE status = 'sent' AND body <> ''"
	    " AND sent <= 0"), 0);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)

const struct CMUnitTest store_mail_tests[] = {
	T(test_auth_failures),
	T(test_outbox_queue),
	T(test_outbox_batch),
	cmocka_unit_test(test_outbox_backoff_schedule),
	T(test_outbox_failures),
	T(test_mail_dedup),
	T(test_rate_limit),
	T(test_turn_marks),
	T(test_attempts),
	T(test_attempt_in_txn),
	T(test_purge),
	T(test_purge_bodies),
};
const size_t store_mail_ntests =
    sizeof store_mail_tests / sizeof store_mail_tests[0];
