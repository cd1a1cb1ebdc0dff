/* test_store_notice.c: migration 6 (issue 15): notices to players
 * (pending, sent once, the secret forgotten), a player's time zone, the
 * time left when a game was paused, the outbox's secret mails emptied
 * once sent or failed for good, and turn marks of every turn so far;
 * migration 7: a player's preferences. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

struct seen {
	char	text[512];
	int64_t	ids[8];
	size_t	n;
};

static int
notice_cb(const struct store_notice *n, void *arg)
{
	struct seen	*s = arg;
	size_t		 len = strlen(s->text);

	snprintf(s->text + len, sizeof s->text - len, "%s%s:%s:%d:%s:%s:%s",
	    len > 0 ? " | " : "", n->game, store_notice_kind_name(n->kind),
	    n->turn, n->player != NULL ? n->player : "-", n->reason,
	    n->secret != NULL ? n->secret : "-");
	if (s->n < 8)
		s->ids[s->n++] = n->id;
	return 0;
}

static void
pending(struct store *st, const char *game, const char *want,
    struct seen *s)
{
	char	*cause = NULL;

	memset(s, 0, sizeof *s);
	expect_code(store_notice_pending(st, game, notice_cb, s, &cause),
	    STORE_OK, &cause);
	assert_string_equal(s->text, want);
}

static void
test_notices(void **state)
{
	struct fx		*f = *state;
	struct store_notice_new	 n = { .game = "g1", .kind =
	    STORE_NOTICE_WELCOME, .turn = 1, .player = "athens",
	    .actor = "cli:gm", .secret = "pw-1234", .now = 50 };
	struct seen		 s;
	char			*cause = NULL, *v;
	int64_t			 id;

	make_game(f->s, "g1");
	make_game(f->s, "g2");
	expect_code(store_notice_add(f->s, &n, &id, &cause), STORE_OK,
	    &cause);
	n.kind = STORE_NOTICE_PAUSED;
	n.player = NULL;
	n.secret = NULL;
	n.reason = "a holiday";
	n.details = "left=3600\nwas=2026-12-01T20:00Z";
	expect_code(store_notice_add(f->s, &n, NULL, &cause), STORE_OK,
	    &cause);
	n.game = "g2";
	n.kind = STORE_NOTICE_ENDED;
	n.details = NULL;
	n.reason = NULL;
	expect_code(store_notice_add(f->s, &n, NULL, &cause), STORE_OK,
	    &cause);
	pending(f->s, NULL, "g1:welcome:1:athens::pw-1234 | "
	    "g1:paused:1:-:a holiday:- | g2:ended:1:-::-", &s);
	pending(f->s, "g1", "g1:welcome:1:athens::pw-1234 | "
	    "g1:paused:1:-:a holiday:-", &s);
	assert_int_equal(s.ids[0], id);
	/* Sent: gone from the pending list, and the password forgotten. */
	expect_code(store_notice_done(f->s, id, 60, &cause), STORE_OK, &cause);
	expect_code(store_notice_done(f->s, id, 61, &cause), STORE_NOTFOUND,
	    &cause);
	pending(f->s, "g1", "g1:paused:1:-:a holiday:-", &s);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM notices"
	    " WHERE secret IS NOT NULL OR (sent IS NOT NULL AND sent != 60)"),
	    0);
	/* A kind this program does not know stays pending, unread. */
	raw_exec(f->path, "INSERT INTO notices (game, kind, turn, actor,"
	    " created) VALUES ('g2', 'from-the-future', 1, 'x', 1)");
	pending(f->s, "g2", "g2:ended:1:-::-", &s);
	/* Bad input. */
	n.game = "nogame";
	expect_code(store_notice_add(f->s, &n, NULL, &cause), STORE_NOTFOUND,
	    &cause);
	n.game = "g1";
	n.player = "Not An Id";
	expect_code(store_notice_add(f->s, &n, NULL, &cause), STORE_ERROR,
	    &cause);
	n.player = NULL;
	n.kind = STORE_NOTICE_KIND_COUNT;
	expect_code(store_notice_add(f->s, &n, NULL, &cause), STORE_ERROR,
	    &cause);
	/* Details. */
	v = store_notice_detail("left=3600\nwas=2026-12-01T20:00Z", "was");
	assert_string_equal(v, "2026-12-01T20:00Z");
	free(v);
	v = store_notice_detail("left=3600\nwas=x", "left");
	assert_string_equal(v, "3600");
	free(v);
	assert_null(store_notice_detail("left=3600", "lef"));
	assert_null(store_notice_detail("", "left"));
	v = store_notice_detail("a=\nb=2", "a");
	assert_string_equal(v, "");
	free(v);
}

static void
test_timezone_and_pause(void **state)
{
	struct fx		*f = *state;
	struct store_player	*p = NULL;
	struct store_game	*g = NULL;
	char			*cause = NULL;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->timezone, "");
	store_player_free(p);
	expect_code(store_player_set_timezone(f->s, "g1", "athens",
	    "Europe/Paris", &cause), STORE_OK, &cause);
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->timezone, "Europe/Paris");
	store_player_free(p);
	expect_code(store_player_set_timezone(f->s, "g1", "nobody", "UTC",
	    &cause), STORE_NOTFOUND, &cause);

	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->paused_left, -1);
	store_game_free(g);
	expect_code(store_game_set_paused_left(f->s, "g1", 0, &cause),
	    STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->paused_left, 0);
	store_game_free(g);
	expect_code(store_game_set_paused_left(f->s, "g1", 7200, &cause),
	    STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->paused_left, 7200);
	store_game_free(g);
	expect_code(store_game_set_paused_left(f->s, "g1", -1, &cause),
	    STORE_OK, &cause);
	expect_code(store_game_get(f->s, "g1", &g, &cause), STORE_OK, &cause);
	assert_int_equal(g->paused_left, -1);
	store_game_free(g);
	expect_code(store_game_set_paused_left(f->s, "nogame", 5, &cause),
	    STORE_NOTFOUND, &cause);
}

/* A mail holding a password keeps no copy once sent, or once failed
 * for good; other mail keeps its body. */
static void
test_outbox_secret(void **state)
{
	struct fx		*f = *state;
	struct store_outbox_new	 m = { "g1", "<w1@x>", "a@example.org",
	    "Welcome", "your password: pw-1234", 1 };
	char			*cause = NULL;
	int64_t			 a, b, c;

	make_game(f->s, "g1");
	expect_code(store_outbox_add(f->s, &m, 10, &a, &cause), STORE_OK,
	    &cause);
	m.message_id = "<w2@x>";
	expect_code(store_outbox_add(f->s, &m, 10, &b, &cause), STORE_OK,
	    &cause);
	m.message_id = "<r1@x>";
	m.secret = 0;
	m.body = "a report";
	expect_code(store_outbox_add(f->s, &m, 10, &c, &cause), STORE_OK,
	    &cause);
	expect_code(store_outbox_mark_sent(f->s, a, 20, &cause), STORE_OK,
	    &cause);
	expect_code(store_outbox_mark_sent(f->s, c, 20, &cause), STORE_OK,
	    &cause);
	/* A temporary failure keeps the body, for the next attempt. */
	expect_code(store_outbox_mark_failed(f->s, b, 20, "busy", 0, NULL,
	    &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT length(body) FROM outbox"
	    " WHERE message_id = '<w2@x>'"), 22);
	expect_code(store_outbox_mark_failed(f->s, b, 30, "550 no", 1, NULL,
	    &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"
	    " WHERE body LIKE '%pw-1234%'"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"
	    " WHERE body = 'a report' AND status = 'sent'"), 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"
	    " WHERE status = 'failed' AND secret = 1"), 1);
}

static int
who_cb(const char *who, void *arg)
{
	struct buf_like {
		char	t[64];
	} *b = arg;
	size_t	len = strlen(b->t);

	snprintf(b->t + len, sizeof b->t - len, "%s%s", len > 0 ? " " : "",
	    who);
	return 0;
}

static void
test_marks_upto(void **state)
{
	struct fx	*f = *state;
	struct {
		char	t[64];
	} b;
	char		*cause = NULL;

	make_game(f->s, "g1");
	expect_code(store_mark_add(f->s, "g1", 2, "concede", "sparta", 1,
	    &cause), STORE_OK, &cause);
	expect_code(store_mark_add(f->s, "g1", 4, "concede", "athens", 1,
	    &cause), STORE_OK, &cause);
	expect_code(store_mark_add(f->s, "g1", 3, "draw", "athens", 1,
	    &cause), STORE_OK, &cause);
	memset(&b, 0, sizeof b);
	expect_code(store_mark_list_upto(f->s, "g1", 3, "concede", who_cb, &b,
	    &cause), STORE_OK, &cause);
	assert_string_equal(b.t, "sparta");
	memset(&b, 0, sizeof b);
	expect_code(store_mark_list_upto(f->s, "g1", 9, "concede", who_cb, &b,
	    &cause), STORE_OK, &cause);
	assert_string_equal(b.t, "athens sparta");
	expect_code(store_mark_list_upto(f->s, "nogame", 9, "concede", who_cb,
	    &b, &cause), STORE_NOTFOUND, &cause);
}

/* Migration 7: a player's preferences, each set alone, read back with
 * the player; a value the column does not take and a player that is not
 * there are refused, and leave the row as it was. */
static void
test_prefs(void **state)
{
	static const struct {
		enum store_pref	 k;
		const char	*player;
		const char	*value;
		int		 code;
		const char	*svg, *story;	/* afterwards */
	} rows[] = {
		{ STORE_PREF_SVG, "athens", "off", STORE_OK, "off", "full" },
		{ STORE_PREF_STORY, "athens", "own", STORE_OK, "off", "own" },
		{ STORE_PREF_SVG, "athens", "on", STORE_OK, "on", "own" },
		{ STORE_PREF_SVG, "athens", "maybe", STORE_ERROR, "on", "own" },
		{ STORE_PREF_STORY, "athens", "", STORE_ERROR, "on", "own" },
		{ STORE_PREF_SVG, "athens", "", STORE_OK, "", "own" },
		{ STORE_PREF_STORY, "athens", "full", STORE_OK, "", "full" },
		{ STORE_PREF_SVG, "nobody", "on", STORE_NOTFOUND, "", "full" },
	};
	struct fx		*f = *state;
	struct store_player	*p = NULL;
	char			*cause = NULL;
	size_t			 i;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	assert_string_equal(store_pref_name(STORE_PREF_SVG), "svg");
	assert_string_equal(store_pref_name(STORE_PREF_STORY), "story");
	expect_code(store_player_get(f->s, "g1", "athens", &p, &cause),
	    STORE_OK, &cause);
	assert_string_equal(p->svg, "");
	assert_string_equal(p->story, "full");
	store_player_free(p);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		expect_code(store_player_set_pref(f->s, "g1", rows[i].player,
		    rows[i].k, rows[i].value, &cause), rows[i].code, &cause);
		expect_code(store_player_get(f->s, "g1", "athens", &p,
		    &cause), STORE_OK, &cause);
		assert_string_equal(p->svg, rows[i].svg);
		assert_string_equal(p->story, rows[i].story);
		store_player_free(p);
	}
}

static int
ahead_cb(const struct store_ahead *a, void *arg)
{
	struct seen	*s = arg;
	size_t		 len = strlen(s->text);

	snprintf(s->text + len, sizeof s->text - len, "%s%s:%d:%s",
	    len > 0 ? " | " : "", a->player, a->turn, a->text);
	if (s->n < 8)
		s->ids[s->n++] = a->id;
	return 0;
}

/* Migration 7: orders sent ahead.  One pending set a player and turn (a
 * later one replaces it), due once their turn is reached, each marked
 * once. */
static void
test_ahead(void **state)
{
	static const struct {
		const char	*player;
		int		 turn;
		const char	*text;
		int		 code;
	} adds[] = {
		{ "athens", 3, "a3", STORE_OK },
		{ "athens", 3, "a3b", STORE_OK },	/* replaces a3 */
		{ "athens", 5, "a5", STORE_OK },
		{ "sparta", 2, "s2", STORE_OK },
		{ "nobody", 2, "x", STORE_NOTFOUND },
		{ "athens", 0, "x", STORE_ERROR },
	};
	struct fx		*f = *state;
	struct store_ahead	 a;
	struct seen		 s;
	char			*cause = NULL, *v;
	size_t			 i;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	for (i = 0; i < sizeof adds / sizeof adds[0]; i++) {
		memset(&a, 0, sizeof a);
		a.game = "g1";
		a.player = adds[i].player;
		a.turn = adds[i].turn;
		a.received = 100 + (int64_t)i;
		a.text = adds[i].text;
		expect_code(store_ahead_add(f->s, &a, &cause), adds[i].code,
		    &cause);
	}
	memset(&s, 0, sizeof s);
	expect_code(store_ahead_due(f->s, "g1", 3, ahead_cb, &s, &cause),
	    STORE_OK, &cause);
	assert_string_equal(s.text, "sparta:2:s2 | athens:3:a3b");
	expect_code(store_ahead_mark(f->s, s.ids[0], STORE_AHEAD_USED,
	    &cause), STORE_OK, &cause);
	expect_code(store_ahead_mark(f->s, s.ids[0], STORE_AHEAD_ILLEGAL,
	    &cause), STORE_NOTFOUND, &cause);
	memset(&s, 0, sizeof s);
	expect_code(store_ahead_pending(f->s, "g1", "athens", ahead_cb, &s,
	    &cause), STORE_OK, &cause);
	assert_string_equal(s.text, "athens:3:a3b | athens:5:a5");
	v = sql_text(f->s, "SELECT group_concat(state, ' ') FROM (SELECT"
	    " state FROM orders_ahead ORDER BY id)");
	assert_string_equal(v, "replaced pending pending used");
	free(v);
	assert_string_equal(store_ahead_state_name(STORE_AHEAD_LATE), "late");
	expect_code(store_ahead_due(f->s, "nogame", 3, ahead_cb, &s, &cause),
	    STORE_NOTFOUND, &cause);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)

const struct CMUnitTest store_notice_tests[] = {
	T(test_notices),
	T(test_timezone_and_pause),
	T(test_outbox_secret),
	T(test_marks_upto),
	T(test_prefs),
	T(test_ahead),
};
const size_t store_notice_ntests =
    sizeof store_notice_tests / sizeof store_notice_tests[0];
