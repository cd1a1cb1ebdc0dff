/* test_store_turn.c: order sets, adjudicated turns, states, events,
 * rolls, rollback, and a process killed in the middle of a turn. */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

static int64_t
add_orders(struct store *s, int turn, const char *player,
    const char *message_id, const char *text, int want)
{
	struct store_orders_new	o = {
		.game = "g1", .turn = turn, .player = player,
		.source = message_id != NULL ? STORE_SOURCE_MAIL :
		    STORE_SOURCE_CLI,
		.message_id = message_id,
		.sender = message_id != NULL ? "a@example.org" : "gm",
		.received = 1500, .text = text, .normalised = text,
	};
	int64_t			id = -1;
	char			*cause = NULL;

	expect_code(store_orders_add(s, &o, &id, &cause), want, &cause);
	return id;
}

static const struct store_event events3[] = {
	{ 0, "turn-start", NULL, NULL, "Turn begins." },
	{ 1, "move", "argo", "", "Argo moves to 0304." },
	{ 1, "contact", "argo", "olympias", "Argo rams Olympias." },
};
static const struct store_roll rolls2[] = {
	{ 1, "navarch-dice-1|g1|1|1|ram-damage|argo|0", "ram-damage", "argo",
	  6, 4 },
	{ 2, "navarch-dice-1|g1|1|2|fire|olympias|0", "fire", "olympias",
	  6, 6 },
};

static int
play(struct store *s, int turn, const char *xml, const char *const *missed,
    size_t nmissed, char **cause)
{
	struct store_turn	t = {
		.game = "g1", .turn = turn, .state_xml = xml,
		.events = events3, .nevents = 3, .rolls = rolls2,
		.nrolls = 2, .missed = missed, .nmissed = nmissed,
		.now = 2000 + turn,
	};

	return store_turn_record(s, &t, cause);
}

static int
collect_orders(const struct store_orders *o, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%lld:%d:%s:%s:%s:%s:f%d:r%d:u%d\n",
	    old != NULL ? old : "", (long long)o->id, o->turn, o->player,
	    store_source_name(o->source),
	    o->message_id != NULL ? o->message_id : "-", o->text, o->in_force,
	    o->rolled_back, o->used);
	free(old);
	return 0;
}

static char *
orders_dump(struct store *s, int turn, int in_force)
{
	char	*out = NULL, *cause = NULL;

	if (in_force)
		expect_code(store_orders_in_force(s, "g1", turn,
		    collect_orders, &out, &cause), STORE_OK, &cause);
	else
		expect_code(store_orders_list(s, "g1", turn, collect_orders,
		    &out, &cause), STORE_OK, &cause);
	return out != NULL ? out : xstrdup("");
}

#define EXPECT_DUMP(expr, want) do {					\
	char *got_ = (expr);						\
	assert_string_equal(got_, (want));				\
	free(got_);							\
} while (0)

static void
test_orders(void **state)
{
	struct fx		*f = *state;
	struct store_orders_new	 o;
	char			*cause = NULL;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	assert_int_equal(add_orders(f->s, 1, "athens", NULL, "A1", STORE_OK),
	    1);
	assert_int_equal(add_orders(f->s, 1, "sparta", "<m1@x>", "S1",
	    STORE_OK), 2);
	/* A new set from the same player supersedes the earlier one. */
	assert_int_equal(add_orders(f->s, 1, "athens", "<m2@x>", "A2",
	    STORE_OK), 3);
	EXPECT_DUMP(orders_dump(f->s, 1, 1),
	    "3:1:athens:mail:<m2@x>:A2:f1:r0:u0\n"
	    "2:1:sparta:mail:<m1@x>:S1:f1:r0:u0\n");
	EXPECT_DUMP(orders_dump(f->s, 1, 0),
	    "1:1:athens:cli:-:A1:f0:r0:u0\n"
	    "2:1:sparta:mail:<m1@x>:S1:f1:r0:u0\n"
	    "3:1:athens:mail:<m2@x>:A2:f1:r0:u0\n");
	EXPECT_DUMP(orders_dump(f->s, -1, 0),
	    "1:1:athens:cli:-:A1:f0:r0:u0\n"
	    "2:1:sparta:mail:<m1@x>:S1:f1:r0:u0\n"
	    "3:1:athens:mail:<m2@x>:A2:f1:r0:u0\n");

	/* Refusals leave the sets in force alone. */
	add_orders(f->s, 1, "athens", "<m1@x>", "dup", STORE_EXISTS);
	add_orders(f->s, 2, "athens", NULL, "future", STORE_NOTFOUND);
	add_orders(f->s, 1, "nobody", NULL, "who", STORE_NOTFOUND);
	add_orders(f->s, 1, "Bad Id", NULL, "who", STORE_ERROR);
	o = (struct store_orders_new){ .game = "g1", .turn = 1,
	    .player = "athens", .source = STORE_SOURCE_CLI,
	    .message_id = "<m9@x>", .received = 1, .text = "t",
	    .normalised = "t" };
	expect_code(store_orders_add(f->s, &o, NULL, &cause), STORE_ERROR,
	    &cause);
	o.message_id = NULL;
	o.text = NULL;
	expect_code(store_orders_add(f->s, &o, NULL, &cause), STORE_ERROR,
	    &cause);
	o.text = "t";
	o.game = "nope";
	expect_code(store_orders_add(f->s, &o, NULL, &cause), STORE_NOTFOUND,
	    &cause);
	EXPECT_DUMP(orders_dump(f->s, 1, 1),
	    "3:1:athens:mail:<m2@x>:A2:f1:r0:u0\n"
	    "2:1:sparta:mail:<m1@x>:S1:f1:r0:u0\n");
	expect_code(store_orders_in_force(f->s, "nope", 1, collect_orders,
	    NULL, &cause), STORE_NOTFOUND, &cause);

	/* A removed player sends no more orders. */
	expect_code(store_player_remove(f->s, "g1", "sparta", &cause),
	    STORE_OK, &cause);
	add_orders(f->s, 1, "sparta", NULL, "S2", STORE_NOTFOUND);
}

static int
collect_events(const struct store_event_row *e, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%d.%d p%d %s %s/%s %s\n", old != NULL ? old : "",
	    e->turn, e->seq, e->phase, e->kind, e->ship, e->other, e->text);
	free(old);
	return 0;
}

static int
collect_rolls(const struct store_roll_row *r, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%d.%d p%d %s %s %s d%d=%d\n",
	    old != NULL ? old : "", r->turn, r->seq, r->phase, r->label,
	    r->purpose, r->ship, r->sides, r->result);
	free(old);
	return 0;
}

static int
collect_history(const struct store_state_info *i, void *arg)
{
	char	**out = arg;
	char	 *old = *out;

	*out = xasprintf("%s%d%s%s ", old != NULL ? old : "", i->turn,
	    i->adjudicated != 0 ? "a" : "", i->superseded ? "s" : "");
	free(old);
	return 0;
}

static char *
history(struct store *s)
{
	char	*out = NULL, *cause = NULL;

	expect_code(store_state_history(s, "g1", collect_history, &out,
	    &cause), STORE_OK, &cause);
	return out;
}

static void
test_turn_record(void **state)
{
	static const char *const missed[] = { "sparta" };
	static const char *const nobody[] = { "nobody" };
	struct fx		*f = *state;
	struct store_player	*p = NULL;
	char			*cause = NULL, *xml = NULL, *log = NULL;
	int			 turn = 0;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	add_orders(f->s, 1, "athens", NULL, "A1", STORE_OK);
	add_orders(f->s, 1, "athens", NULL, "A1b", STORE_OK);

	/* An unknown missed player undoes the whole turn. */
	expect_code(play(f->s, 1, "<state turn=\"2\"/>", nobody, 1, &cause),
	    STORE_NOTFOUND, &cause);
	EXPECT_DUMP(history(f->s), "1 ");
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM events"), 0);

	expect_code(play(f->s, 1, "<state turn=\"2\"/>", missed, 1, &cause),
	    STORE_OK, &cause);
	EXPECT_DUMP(history(f->s), "1a 2 ");
	expect_code(store_state_get(f->s, "g1", -1, &xml, &turn, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, "<state turn=\"2\"/>");
	assert_int_equal(turn, 2);
	free(xml);
	expect_code(store_state_get(f->s, "g1", 1, &xml, NULL, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, TEST_SCENARIO);
	free(xml);
	expect_code(store_state_get(f->s, "g1", 3, &xml, NULL, &cause),
	    STORE_NOTFOUND, &cause);
	assert_null(xml);
	expect_code(store_state_get(f->s, "nope", 1, &xml, NULL, &cause),
	    STORE_NOTFOUND, &cause);

	/* Once only. */
	expect_code(play(f->s, 1, "<again/>", NULL, 0, &cause), STORE_EXISTS,
	    &cause);
	expect_code(play(f->s, 5, "<far/>", NULL, 0, &cause), STORE_NOTFOUND,
	    &cause);

	expect_code(store_events_list(f->s, "g1", 1, collect_events, &log,
	    &cause), STORE_OK, &cause);
	assert_string_equal(log, "1.1 p0 turn-start / Turn begins.\n"
	    "1.2 p1 move argo/ Argo moves to 0304.\n"
	    "1.3 p1 contact argo/olympias Argo rams Olympias.\n");
	free(log);
	log = NULL;
	expect_code(store_rolls_list(f->s, "g1", 1, collect_rolls, &log,
	    &cause), STORE_OK, &cause);
	assert_string_equal(log,
	    "1.1 p1 navarch-dice-1|g1|1|1|ram-damage|argo|0 ram-damage argo"
	    " d6=4\n"
	    "1.2 p2 navarch-dice-1|g1|1|2|fire|olympias|0 fire olympias"
	    " d6=6\n");
	free(log);

	/* The set in force at adjudication is marked used; the replaced
	 * one is not. */
	EXPECT_DUMP(orders_dump(f->s, 1, 0),
	    "1:1:athens:cli:-:A1:f0:r0:u0\n"
	    "2:1:athens:cli:-:A1b:f1:r0:u1\n");
	expect_code(store_player_get(f->s, "g1", "sparta", &p, &cause),
	    STORE_OK, &cause);
	assert_int_equal(p->missed, 1);
	store_player_free(p);

	/* Turn 1 is closed, turn 2 is open. */
	add_orders(f->s, 1, "athens", NULL, "late", STORE_NOTFOUND);
	add_orders(f->s, 2, "athens", NULL, "A2", STORE_OK);
}

static void
test_turn_refused(void **state)
{
	static const struct store_event bad_event[] = {
		{ 0, NULL, NULL, NULL, "no kind" },
	};
	static const struct store_roll bad_roll[] = {
		{ 0, "label", "purpose", NULL, 6, 9 },
	};
	struct fx		*f = *state;
	struct store_turn	 t = { .game = "g1", .turn = 1,
	    .state_xml = "<s/>", .now = 5 };
	char			*cause = NULL;

	make_game(f->s, "g1");
	t.state_xml = NULL;
	expect_code(store_turn_record(f->s, &t, &cause), STORE_ERROR, &cause);
	t.state_xml = "<s/>";
	t.events = bad_event;
	t.nevents = 1;
	expect_code(store_turn_record(f->s, &t, &cause), STORE_ERROR, &cause);
	t.nevents = 0;
	/* A roll that breaks a CHECK: the constraint undoes the turn. */
	t.rolls = bad_roll;
	t.nrolls = 1;
	expect_code(store_turn_record(f->s, &t, &cause), STORE_EXISTS, &cause);
	EXPECT_DUMP(history(f->s), "1 ");
	t.game = "nope";
	expect_code(store_turn_record(f->s, &t, &cause), STORE_NOTFOUND,
	    &cause);
}

static void
test_rollback(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, *log = NULL, *xml = NULL;
	int		 turn = 0;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	add_orders(f->s, 1, "athens", NULL, "A1", STORE_OK);
	expect_code(play(f->s, 1, "<s2/>", NULL, 0, &cause), STORE_OK, &cause);
	add_orders(f->s, 2, "athens", NULL, "A2", STORE_OK);
	expect_code(play(f->s, 2, "<s3/>", NULL, 0, &cause), STORE_OK, &cause);
	add_orders(f->s, 3, "athens", NULL, "A3", STORE_OK);
	expect_code(play(f->s, 3, "<s4/>", NULL, 0, &cause), STORE_OK, &cause);
	add_orders(f->s, 4, "sparta", NULL, "S4", STORE_OK);
	EXPECT_DUMP(history(f->s), "1a 2a 3a 4 ");

	/* Refusals. */
	expect_code(store_rollback(f->s, "g1", 4, "gm", "why", 3000, &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_rollback(f->s, "g1", 9, "gm", "why", 3000, &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_rollback(f->s, "g1", 2, "gm", "", 3000, &cause),
	    STORE_ERROR, &cause);
	expect_code(store_rollback(f->s, "nope", 2, "gm", "x", 3000, &cause),
	    STORE_NOTFOUND, &cause);

	expect_code(store_rollback(f->s, "g1", 2, "gm", "wrong wind", 3000,
	    &cause), STORE_OK, &cause);
	/* History stays: the later states are marked, not deleted. */
	EXPECT_DUMP(history(f->s), "1a 2 3as 4s ");
	expect_code(store_state_get(f->s, "g1", -1, &xml, &turn, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, "<s2/>");
	assert_int_equal(turn, 2);
	free(xml);
	expect_code(store_state_get(f->s, "g1", 3, &xml, NULL, &cause),
	    STORE_NOTFOUND, &cause);
	/* The discarded adjudication's events are no longer live. */
	expect_code(store_events_list(f->s, "g1", 2, collect_events, &log,
	    &cause), STORE_OK, &cause);
	assert_null(log);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM events"), 9);
	/* Turn 2's orders stay in force for the replay; later ones are
	 * rolled back. */
	EXPECT_DUMP(orders_dump(f->s, -1, 0),
	    "1:1:athens:cli:-:A1:f1:r0:u1\n"
	    "2:2:athens:cli:-:A2:f1:r0:u0\n"
	    "3:3:athens:cli:-:A3:f0:r1:u0\n"
	    "4:4:sparta:cli:-:S4:f0:r1:u0\n");
	log = sql_text(f->s, "SELECT actor || '|' || action || '|' || details"
	    " || '|' || time FROM audit");
	assert_string_equal(log,
	    "gm|rollback|to the start of turn 2: wrong wind|3000");
	free(log);
	log = NULL;

	/* Turn 2 is played again, with fresh events. */
	add_orders(f->s, 2, "athens", NULL, "A2 fixed", STORE_OK);
	expect_code(play(f->s, 2, "<s3 again/>", NULL, 0, &cause), STORE_OK,
	    &cause);
	EXPECT_DUMP(history(f->s), "1a 2a 3as 4s 3 ");
	expect_code(store_events_list(f->s, "g1", 2, collect_events, &log,
	    &cause), STORE_OK, &cause);
	assert_non_null(log);
	assert_non_null(strstr(log, "2.3 p1 contact"));
	free(log);
	EXPECT_DUMP(orders_dump(f->s, 2, 0),
	    "2:2:athens:cli:-:A2:f0:r0:u0\n"
	    "5:2:athens:cli:-:A2 fixed:f1:r0:u1\n");
	/* The first adjudication of turn 2 still records what it used. */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM turn_orders"
	    " WHERE order_set = 2"), 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM"
	    " pragma_foreign_key_check"), 0);
}

/* A child process opens the store, begins the turn's transaction, writes
 * a large part of it (enough that SQLite spills uncommitted pages to the
 * WAL), tells the parent on fd and waits; the parent kills it before the
 * commit.  The parent then finds the database unchanged and consistent,
 * and the turn can be adjudicated again. */
static void
crash_child(const char *path, int fd)
{
	static struct store_event	ev[2000];
	struct store			*s = NULL;
	struct store_outbox_new		 m = { "g1", "<report-1@x>",
	    "a@example.org", "Turn 1", "body", 0 };
	struct store_turn		 t = { .game = "g1", .turn = 1,
	    .events = ev, .nevents = 2000, .rolls = rolls2, .nrolls = 2,
	    .now = 4000 };
	char				*big, *cause = NULL;
	size_t				 i;

	big = xmalloc(2 * 1024 * 1024 + 1);
	memset(big, 'x', 2 * 1024 * 1024);
	big[2 * 1024 * 1024] = '\0';
	for (i = 0; i < 2000; i++)
		ev[i] = (struct store_event){ 1, "move", "argo", NULL, big +
		    2 * 1024 * 1024 - 100 };
	t.state_xml = big;
	if (store_open(path, 1000, &s, &cause) != STORE_OK)
		_exit(2);
	sqlite3_exec(store_db(s), "PRAGMA cache_size = -256", NULL, NULL,
	    NULL);
	if (store_begin(s, &cause) != STORE_OK ||
	    store_turn_record(s, &t, &cause) != STORE_OK ||
	    store_outbox_add(s, &m, 4000, NULL, &cause) != STORE_OK ||
	    store_audit_add(s, "g1", 4000, "navarchd", "adjudicate", NULL,
	    &cause) != STORE_OK)
		_exit(3);
	if (write(fd, "w", 1) != 1)
		_exit(4);
	for (;;)
		pause();
}

static void
test_crash_mid_turn(void **state)
{
	struct fx	*f = *state;
	struct stat	 sb;
	char		*cause = NULL, *ok, *wal, *xml = NULL;
	pid_t		 pid;
	int		 status, fds[2];
	char		 c;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	add_orders(f->s, 1, "athens", NULL, "A1", STORE_OK);
	store_close(f->s);
	f->s = NULL;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid != -1);
	if (pid == 0) {
		close(fds[0]);
		crash_child(f->path, fds[1]);
	}
	close(fds[1]);
	/* The child says when it has written; EOF means it failed. */
	if (read(fds[0], &c, 1) == 1)
		kill(pid, SIGKILL);
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (!WIFSIGNALED(status))
		fail_msg("child exited with %d before the crash",
		    WEXITSTATUS(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	/* Uncommitted pages reached the WAL: the crash was mid-write. */
	wal = fx_file(f, "nv.db-wal");
	assert_int_equal(stat(wal, &sb), 0);
	assert_true(sb.st_size > 1024 * 1024);
	free(wal);

	expect_code(store_open(f->path, 1000, &f->s, &cause), STORE_OK,
	    &cause);
	ok = sql_text(f->s, "PRAGMA integrity_check");
	assert_string_equal(ok, "ok");
	free(ok);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM"
	    " pragma_foreign_key_check"), 0);
	EXPECT_DUMP(history(f->s), "1 ");
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM events"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM rolls"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM turn_orders"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM audit"), 0);
	EXPECT_DUMP(orders_dump(f->s, 1, 0), "1:1:athens:cli:-:A1:f1:r0:u0\n");

	/* Turn 1 is still open and is adjudicated normally. */
	expect_code(play(f->s, 1, "<s2/>", NULL, 0, &cause), STORE_OK, &cause);
	expect_code(store_state_get(f->s, "g1", 2, &xml, NULL, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, "<s2/>");
	free(xml);
}

/* A GM's correction replaces the open turn's state and nothing else. */
static void
test_state_set(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, *xml = NULL;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	expect_code(play(f->s, 1, "<s2/>", NULL, 0, &cause), STORE_OK, &cause);
	expect_code(store_state_set(f->s, "g1", 1, "<x/>", &cause),
	    STORE_EXISTS, &cause);
	expect_code(store_state_set(f->s, "g1", 3, "<x/>", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_state_set(f->s, "nope", 2, "<x/>", &cause),
	    STORE_NOTFOUND, &cause);
	expect_code(store_state_set(f->s, "g1", 2, "<s2 fixed=\"1\"/>",
	    &cause), STORE_OK, &cause);
	expect_code(store_state_get(f->s, "g1", -1, &xml, NULL, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, "<s2 fixed=\"1\"/>");
	free(xml);
	expect_code(store_state_get(f->s, "g1", 1, &xml, NULL, &cause),
	    STORE_OK, &cause);
	assert_string_equal(xml, TEST_SCENARIO);
	free(xml);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM states"), 2);
	/* The events of the turn that produced the state stay attached. */
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM events e JOIN"
	    " states s ON s.id = e.state WHERE s.superseded = 0"), 3);
}

/* An order set and its acknowledgement commit together or not at all. */
static void
test_orders_with_ack(void **state)
{
	struct fx		*f = *state;
	struct store_outbox_new	 m = { "g1", "<ack-1@x>", "a@example.org",
	    "Orders received", "body", 0 };
	char			*cause = NULL;

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	add_orders(f->s, 1, "athens", "<in-1@x>", "A1", STORE_OK);
	expect_code(store_outbox_add(f->s, &m, 1500, NULL, &cause), STORE_OK,
	    &cause);
	expect_code(store_mail_record(f->s, "<in-1@x>", 1500, &cause),
	    STORE_OK, &cause);
	expect_code(store_abort(f->s, &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM order_sets"), 0);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"), 0);
	expect_code(store_mail_seen(f->s, "<in-1@x>", &cause), STORE_NOTFOUND,
	    &cause);

	expect_code(store_begin(f->s, &cause), STORE_OK, &cause);
	add_orders(f->s, 1, "athens", "<in-1@x>", "A1", STORE_OK);
	expect_code(store_outbox_add(f->s, &m, 1500, NULL, &cause), STORE_OK,
	    &cause);
	expect_code(store_mail_record(f->s, "<in-1@x>", 1500, &cause),
	    STORE_OK, &cause);
	expect_code(store_commit(f->s, &cause), STORE_OK, &cause);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM order_sets"), 1);
	assert_int_equal(sql_int(f->s, "SELECT count(*) FROM outbox"), 1);
	expect_code(store_mail_seen(f->s, "<in-1@x>", &cause), STORE_OK,
	    &cause);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)

const struct CMUnitTest store_turn_tests[] = {
	T(test_orders),
	T(test_turn_record),
	T(test_turn_refused),
	T(test_rollback),
	T(test_crash_mid_turn),
	T(test_orders_with_ack),
	T(test_state_set),
};
const size_t store_turn_ntests =
    sizeof store_turn_tests / sizeof store_turn_tests[0];
