/* test_mailproc_auth.c: wrong passwords and lock-outs, answers to
 * strangers, and a mail too long to read (issue 10), as steps through
 * mailproc_message (mailproc_fixture.h).  Outcomes: 0 done, 1 rejected,
 * 2 refused, 3 unrouted. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mailproc_fixture.h"
#include "mime.h"
#include "store.h"
#include "xalloc.h"

#define DONE		0
#define REJECTED	1
#define REFUSED		2
#define UNROUTED	3

#define AUDIT(a)	"SELECT count(*) FROM audit WHERE action = '" a "'"

/* One mail: eml with "@@" made n (a Message-ID of its own), at T0 + at,
 * with outcome and the outbox rows of w (NULL: none). */
static void
mail(struct mpfx *f, const char *eml, int n, int64_t at, int outcome,
    const struct want *w, const char *query, const char *expect)
{
	struct step	st[1];

	memset(st, 0, sizeof st);
	st[0].eml = eml;
	st[0].at = at;
	st[0].outcome = outcome;
	st[0].same_as = n;
	if (w != NULL)
		st[0].out[0] = *w;
	st[0].query = query;
	st[0].expect = expect;
	mpfx_run(f, st, 1);
}

static void
expect_sql(struct mpfx *f, const char *sql, const char *want)
{
	char	*got = mpfx_sql(f, sql);

	if (strcmp(got, want) != 0)
		fail_msg("%s: '%s', wanted '%s'", sql, got, want);
	free(got);
}

/* Issue 10: 50 wrong passwords then the right one were accepted.  Now
 * the fifth wrong one locks athens out (and the address that sent
 * them) for an hour: the right password is refused with an answer
 * saying until when, the GM is told once, every attempt is audited, and
 * after the hour the right password works again. */
static void
test_lockout(void **state)
{
	static const struct want refusal = { "a@example.org", "Mail refused",
	    { "the password is wrong" }, { "guessed", "until" } };
	static const struct want notice = { "gm@example.org",
	    "Locked out: athens", { "5 wrong passwords were sent for athens "
	    "of game demo", "mallory@evil.example",
	    "Until 2026-01-01T11:01:05Z (UTC) mail signed as athens and mail "
	    "with a password from mallory@evil.example is refused",
	    "navarch player unlock demo athens" }, { "guessed" } };
	static const struct want locked = { "a@example.org", "Mail refused",
	    { "its password is right, but too many wrong passwords",
	      "is refused until 2026-01-01T11:01:05Z (UTC), even with the "
	      "right password" }, { "athens-pw" } };
	struct mpfx	*f = *state;
	int		 i;

	for (i = 1; i <= 50; i++)
		mail(f, "wrong-password", i, 60 + i, REFUSED,
		    i <= 3 ? &refusal : i == 5 ? &notice : NULL, NULL, NULL);
	/* The owner, with the right password, from the right address. */
	mail(f, "athens-orders", 1000, 600, REFUSED, &locked,
	    "SELECT count(*) FROM order_sets", "0");
	expect_sql(f, "SELECT count(*) FROM outbox WHERE recipient ="
	    " 'gm@example.org'", "1");
	expect_sql(f, AUDIT("auth-failure"), "5");
	expect_sql(f, AUDIT("auth-lockout"), "1");
	expect_sql(f, AUDIT("auth-locked"), "46");
	expect_sql(f, "SELECT details FROM audit WHERE action ="
	    " 'auth-lockout'", "athens and mail from mallory@evil.example "
	    "locked out until 2026-01-01T11:01:05Z after 5 wrong passwords");
	expect_sql(f, "SELECT details FROM audit WHERE action ="
	    " 'auth-locked' ORDER BY id DESC LIMIT 1", "mail for athens from "
	    "a@example.org refused: locked out until 2026-01-01T11:01:05Z "
	    "(the right password)");
	/* A second try the same day is answered too, at most 3 a day. */
	mail(f, "athens-orders", 1001, 700, REFUSED, &locked, NULL, NULL);
	/* The hour is over: accepted; nothing is counted any more. */
	mail(f, "athens-orders", 1002, 65 + HOUR, DONE,
	    &(const struct want){ "a@example.org", NULL,
	    { "Orders accepted" } }, NULL, NULL);
	expect_sql(f, "SELECT count(*) FROM order_sets", "1");
	expect_sql(f, "SELECT failures || ' ' || lockouts FROM auth_failures"
	    " WHERE key = 'player:demo:athens'", "0 1");
	/* The guesser's address is unlocked too, and starts from nothing. */
	mail(f, "wrong-password", 51, 66 + HOUR, REFUSED, NULL,
	    "SELECT failures FROM auth_failures WHERE key ="
	    " 'sender:mallory@evil.example'", "1");
}

/* Guesses spread over two players lock out the address that sent them,
 * not the players: the guesser's right password for persia is refused,
 * persia's own mail is not. */
static void
test_sender_lockout(void **state)
{
	static const struct want to_a = { "a@example.org", "Mail refused",
	    { "signed as athens of game demo was refused: the password is "
	      "wrong" }, { "until" } };
	static const struct want to_p = { "p@example.org", "Mail refused",
	    { "signed as persia of game demo was refused: the password is "
	      "wrong" }, { "until" } };
	static const struct want notice = { "gm@example.org",
	    "Locked out: athens", { "5 wrong passwords came from "
	    "mallory@evil.example, the last for athens",
	    "every mail from that address that gives a password is refused" },
	    { "mail signed as athens is refused" } };
	static const struct want last = { "a@example.org", "Mail refused",
	    { "the password is wrong", "refused until "
	      "2026-01-01T11:01:05Z (UTC)" } };
	static const struct want told = { "p@example.org", "Mail refused",
	    { "signed as persia of game demo was refused: its password is "
	      "right" } };
	static const struct want ack = { "p@example.org", NULL,
	    { "read as player persia" } };
	struct mpfx	*f = *state;
	struct step	 st[1];
	int		 i;

	for (i = 1; i <= 4; i++)
		mail(f, i % 2 ? "wrong-password" : "mallory-persia-wrong", i,
		    60 + i, REFUSED, i % 2 ? &to_a : &to_p, NULL, NULL);
	/* The fifth locks the address, not athens (3) nor persia (2). */
	memset(st, 0, sizeof st);
	st[0].eml = "wrong-password";
	st[0].at = 65;
	st[0].outcome = REFUSED;
	st[0].same_as = 5;
	st[0].out[0] = notice;
	st[0].out[1] = last;
	mpfx_run(f, st, 1);
	expect_sql(f, "SELECT failures || ' ' || locked_until FROM"
	    " auth_failures WHERE key = 'player:demo:athens'", "3 0");
	expect_sql(f, "SELECT failures || ' ' || locked_until FROM"
	    " auth_failures WHERE key = 'player:demo:persia'", "2 0");
	expect_sql(f, "SELECT locked_until - 1767261600 FROM auth_failures"
	    " WHERE key = 'sender:mallory@evil.example'", "3665");
	/* The guesser has persia's password: refused all the same, and
	 * persia learns that the right password came from elsewhere. */
	mail(f, "mallory-persia-right", 6, 120, REFUSED, &told,
	    "SELECT count(*) FROM order_sets", "0");
	/* persia's own mail goes through, and persia's count is forgotten. */
	mail(f, "persia-orders", 7, 180, DONE, &ack,
	    "SELECT failures FROM auth_failures WHERE key ="
	    " 'player:demo:persia'", "0");
}

/* A GM password is counted like a player's, under its own key. */
static void
test_gm_lockout(void **state)
{
	static const struct want notice = { "gm@example.org",
	    "Locked out: GM", { "5 wrong passwords were sent for GM" } };
	struct mpfx	*f = *state;
	int		 i;

	for (i = 1; i <= 5; i++)
		mail(f, "gm-wrong-password", i, 60 + i, REFUSED,
		    i <= 3 ? &(const struct want){ "gm@example.org",
		    "Mail refused", { "the GM password is wrong" } } :
		    i == 5 ? &notice : NULL, NULL, NULL);
	expect_sql(f, "SELECT lockouts FROM auth_failures WHERE key ="
	    " 'gm:demo'", "1");
}

/* Forged senders: each stranger gets one short answer a day that
 * repeats nothing of the mail (not its subject, not its text), and all
 * strangers together at most strangers_per_day; a player's address is
 * still answered. */
static void
test_strangers(void **state)
{
	static const struct want first = { "victim-1@victims.example",
	    "Your mail to Navarch", { "There is no game of that name" },
	    { "PILLS", "spam.example", "cheap-pills" } };
	struct mpfx	*f = *state;
	struct want	 w = first;
	char		 to[64];
	int		 i;

	f->mp.strangers_per_day = 3;
	for (i = 1; i <= 5; i++) {
		snprintf(to, sizeof to, "victim-%d@victims.example", i);
		w.to = to;
		mail(f, "stranger-flood", i, 60 + i, UNROUTED, i <= 3 ? &w :
		    NULL, NULL, NULL);
	}
	/* The subject was never repeated, not even in a header. */
	expect_sql(f, "SELECT count(*) FROM outbox WHERE subject LIKE"
	    " '%PILLS%' OR body LIKE '%PILLS%' OR body LIKE '%spam.example%'"
	    " OR body LIKE '%cheap-pills%'", "0");
	mail(f, "unknown-sender", 6, 80, UNROUTED, NULL, NULL, NULL);
	/* A player's address is no stranger. */
	mail(f, "player-unknown", 7, 90, UNROUTED,
	    &(const struct want){ "p@example.org", "Your mail to Navarch",
	    { "Game demo has no player sparta" } }, NULL, NULL);
	/* The next day, one answer again. */
	mail(f, "unknown-sender", 8, DAY + 60, UNROUTED,
	    &(const struct want){ "stranger@else.example", NULL,
	    { "names no game" }, { "hello" } }, NULL, NULL);
}

/* The raw mail: From a@example.org, then body, for mailproc_message. */
static void
long_mail(struct mpfx *f, const char *id, const char *first_lines,
    int64_t at, int outcome)
{
	struct mailproc_result	 r;
	struct buf		 b = BUF_INIT;
	char			*cause = NULL;

	buf_printf(&b, "From: Athens <a@example.org>\nTo: navarch@example.org"
	    "\nSubject: orders\nMessage-ID: <%s@example.org>\n\n%s", id,
	    first_lines);
	while (b.len <= MAIL_BODY_MAX + 4096)
		buf_adds(&b, "> an earlier report quoted again and again, "
		    "as mail clients do\n");
	if (mailproc_message(&f->mp, b.p, b.len, T0 + at, &r, &cause) != 0)
		fail_msg("%s: %s", id, cause);
	if ((int)r.outcome != outcome)
		fail_msg("%s: %s (%s)", id, mailproc_outcome_name(r.outcome),
		    r.summary);
	mailproc_result_free(&r);
	buf_free(&b);
}

/* Issue 10: a text over 1 MiB that names its game was answered "names
 * no game".  It is answered "too long", to the player, and nothing of it
 * is run; one that names no game is still told so. */
static void
test_too_long(void **state)
{
	struct mpfx	*f = *state;
	char		*m;

	long_mail(f, "long1", "GAME demo\nPLAYER athens\nPASSWORD athens-pw\n"
	    "SHIP nike SPEED 1\n", 60, REJECTED);
	m = mpfx_outbox(f, "a@example.org", "[navarch demo]");
	if (strstr(m, "larger than the limit of 1048576 bytes (1 MiB)") ==
	    NULL || strstr(m, "NOT accepted") == NULL ||
	    strstr(m, "names no game") != NULL || strstr(m, "line ") != NULL)
		fail_msg("the answer to a long mail:\n%s", m);
	free(m);
	expect_sql(f, "SELECT count(*) FROM order_sets", "0");
	/* Its password still counts: a wrong one is refused. */
	long_mail(f, "long2", "GAME demo\nPLAYER athens\nPASSWORD nope\n", 120,
	    REFUSED);
	long_mail(f, "long3", "hello\n", 180, UNROUTED);
	m = mpfx_outbox(f, "a@example.org", "Your mail to Navarch");
	assert_non_null(strstr(m, "names no game"));
	free(m);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

const struct CMUnitTest mailproc_auth_tests[] = {
	T(test_lockout),
	T(test_sender_lockout),
	T(test_gm_lockout),
	T(test_strangers),
	T(test_too_long),
};
const size_t mailproc_auth_ntests =
    sizeof mailproc_auth_tests / sizeof mailproc_auth_tests[0];
