/* test_password_ahead.c: passwords checked ahead on the worker thread
 * give password_verify's answers, for exactly the pair they were checked
 * for. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "password.h"
#include "password-ahead.h"
#include "xalloc.h"

/* Waits (10 s at most) until ticket's pair is in state want. */
static void
wait_for(struct password_ahead *pa, uint64_t ticket,
    enum password_ahead_state want)
{
	struct timespec	ts = { 0, 1000000 };
	int		i;

	for (i = 0; i < 10000; i++) {
		if (password_ahead_state(pa, ticket) == want)
			return;
		nanosleep(&ts, NULL);
	}
	fail_msg("ticket %llu never reached state %d", (unsigned long long)
	    ticket, (int)want);
}

static char *
hash_of(const char *pw, unsigned cost)
{
	char	*hash = NULL, *cause = NULL;

	if (password_hash(pw, cost, &hash, &cause) != 0)
		fail_msg("%s", cause);
	return hash;
}

/* Every pair, checked by the worker, answers as password_verify does:
 * right, wrong, empty and longest passwords, malformed hashes. */
static void
test_same_answers(void **state)
{
	static char		 longest[PASSWORD_MAX + 1],
				 too_long[PASSWORD_MAX + 2], huge_hash[4097];
	char			*h = hash_of("correct horse", PASSWORD_COST_MIN);
	char			*hl;
	const char		*hash;
	const struct {
		const char	*pw;
		const char	*hash;	/* NULL: the longest's hash */
		int		 held;	/* put takes the pair */
		int		 ok;
	} cases[] = {
		{ "correct horse", h, 1, 1 },
		{ "correct horsE", h, 1, 0 },
		{ "correct hors", h, 1, 0 },
		{ "", h, 1, 0 },
		{ longest, NULL, 1, 1 },
		{ too_long, NULL, 0, 0 },
		{ "correct horse", "", 1, 0 },
		{ "correct horse", "$", 1, 0 },
		{ "correct horse", "*0", 1, 0 },
		{ "correct horse", "$y$jT$garbage", 1, 0 },
		{ "correct horse", "plain text", 1, 0 },
		{ "correct horse", huge_hash, 0, 0 },
	};
	struct password_ahead		*pa;
	struct password_ahead_stats	 st;
	char				*cause = NULL;
	uint64_t			 t;
	size_t				 i, held = 0;

	memset(longest, 'q', sizeof longest - 1);
	memset(too_long, 'q', sizeof too_long - 1);
	memset(huge_hash, '$', sizeof huge_hash - 1);
	hl = hash_of(longest, PASSWORD_COST_MIN);
	assert_int_equal(password_ahead_start(&pa, &cause), 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hash = cases[i].hash != NULL ? cases[i].hash : hl;
		assert_int_equal(password_verify(cases[i].pw, hash),
		    cases[i].ok);
		t = password_ahead_put(pa, cases[i].pw, hash);
		if (!cases[i].held) {
			assert_int_equal(t, 0);
			assert_int_equal(password_ahead_verify(pa, cases[i].pw,
			    hash), cases[i].ok);
			continue;
		}
		assert_int_not_equal(t, 0);
		wait_for(pa, t, PASSWORD_AHEAD_DONE);
		assert_int_equal(password_ahead_verify(pa, cases[i].pw, hash),
		    cases[i].ok);
		/* Taken: wiped, not answered twice. */
		assert_int_equal(password_ahead_state(pa, t),
		    PASSWORD_AHEAD_GONE);
		held++;
		password_ahead_stats(pa, &st);
		assert_int_equal(st.from_worker, held);
	}
	password_ahead_stats(pa, &st);
	assert_int_equal(st.inline_checks, sizeof cases / sizeof cases[0] -
	    held);
	password_ahead_stop(pa);
	free(h);
	free(hl);
}

/* Only exactly the pair held gets the worker's answer: another password
 * or another hash (a password changed meanwhile) is checked inline, and
 * the pair held stays for its own mail. */
static void
test_other_pair_inline(void **state)
{
	char			*old = hash_of("old secret", PASSWORD_COST_MIN);
	char			*new = hash_of("new secret", PASSWORD_COST_MIN);
	const struct {
		const char	*pw;
		const char	*hash;
		int		 ok;
	} others[] = {
		{ "new secret", old, 0 },
		{ "old secret", new, 0 },
		{ "new secret", new, 1 },
		{ "old secre", old, 0 },
		{ "old secret\n", old, 0 },
		{ NULL, old, 0 },
		{ "old secret", NULL, 0 },
	};
	struct password_ahead		*pa;
	struct password_ahead_stats	 st;
	uint64_t			 t;
	size_t				 i, n = sizeof others / sizeof others[0];

	assert_int_equal(password_ahead_start(&pa, NULL), 0);
	t = password_ahead_put(pa, "old secret", old);
	wait_for(pa, t, PASSWORD_AHEAD_DONE);
	for (i = 0; i < n; i++) {
		assert_int_equal(password_ahead_verify(pa, others[i].pw,
		    others[i].hash), others[i].ok);
		assert_int_equal(password_ahead_state(pa, t),
		    PASSWORD_AHEAD_DONE);
	}
	password_ahead_stats(pa, &st);
	assert_int_equal(st.from_worker, 0);
	assert_int_equal(st.inline_checks, n);
	assert_int_equal(password_ahead_verify(pa, "old secret", old), 1);
	password_ahead_stats(pa, &st);
	assert_int_equal(st.from_worker, 1);
	password_ahead_stop(pa);
	free(old);
	free(new);
}

/* A pair dropped while it is being checked, or before, gives no answer
 * to anybody: the same pair is then checked inline.  A pair not begun
 * is taken back by verify and checked inline. */
static void
test_drop(void **state)
{
	/* Slow enough to be seen running. */
	char				*slow = hash_of("slow", 5);
	char				*fast = hash_of("fast", PASSWORD_COST_MIN);
	struct password_ahead		*pa;
	struct password_ahead_stats	 st;
	uint64_t			 a, b;

	assert_int_equal(password_ahead_start(&pa, NULL), 0);
	a = password_ahead_put(pa, "slow", slow);
	b = password_ahead_put(pa, "fast", fast);
	assert_int_not_equal(a, 0);
	assert_int_not_equal(b, 0);
	assert_int_not_equal(a, b);
	/* Two pairs held: a third is refused. */
	assert_int_equal(password_ahead_put(pa, "fast", fast), 0);
	wait_for(pa, a, PASSWORD_AHEAD_RUNNING);
	password_ahead_drop(pa, a);
	assert_int_equal(password_ahead_state(pa, a), PASSWORD_AHEAD_GONE);
	/* b waits behind a: verify takes it back and checks it here. */
	if (password_ahead_state(pa, b) == PASSWORD_AHEAD_QUEUED) {
		assert_int_equal(password_ahead_verify(pa, "fast", fast), 1);
		password_ahead_stats(pa, &st);
		assert_int_equal(st.from_worker, 0);
		assert_int_equal(st.inline_checks, 1);
	} else
		password_ahead_drop(pa, b);
	assert_int_equal(password_ahead_state(pa, b), PASSWORD_AHEAD_GONE);
	/* The dropped pair answers nobody: checked inline. */
	assert_int_equal(password_ahead_verify(pa, "slow", slow), 1);
	password_ahead_stats(pa, &st);
	assert_int_equal(st.from_worker, 0);
	/* Dropping what is gone, or ticket 0, does nothing. */
	password_ahead_drop(pa, a);
	password_ahead_drop(pa, 0);
	/* Once the worker is through, both places are free again. */
	a = password_ahead_put(pa, "fast", fast);
	wait_for(pa, a, PASSWORD_AHEAD_DONE);
	b = password_ahead_put(pa, "fast", fast);
	wait_for(pa, b, PASSWORD_AHEAD_DONE);
	/* The same pair twice: the oldest answers first. */
	assert_int_equal(password_ahead_verify(pa, "fast", fast), 1);
	assert_int_equal(password_ahead_state(pa, a), PASSWORD_AHEAD_GONE);
	assert_int_equal(password_ahead_state(pa, b), PASSWORD_AHEAD_DONE);
	password_ahead_drop(pa, b);
	password_ahead_stats(pa, &st);
	assert_int_equal(st.from_worker, 1);
	password_ahead_stop(pa);
	free(slow);
	free(fast);
}

/* Stopping with pairs queued, running and answered joins the thread
 * and frees everything (ASan and valgrind see leaks). */
static void
test_stop_held(void **state)
{
	char			*slow = hash_of("slow", 5);
	struct password_ahead	*pa;
	uint64_t		 a, b;

	password_ahead_stop(NULL);
	assert_int_equal(password_ahead_verify(NULL, "slow", slow), 1);
	assert_int_equal(password_ahead_put(NULL, "slow", slow), 0);
	assert_int_equal(password_ahead_state(NULL, 1), PASSWORD_AHEAD_GONE);

	assert_int_equal(password_ahead_start(&pa, NULL), 0);
	a = password_ahead_put(pa, "slow", slow);
	b = password_ahead_put(pa, "wrong", slow);
	assert_int_not_equal(b, 0);
	wait_for(pa, a, PASSWORD_AHEAD_RUNNING);
	password_ahead_stop(pa);

	assert_int_equal(password_ahead_start(&pa, NULL), 0);
	a = password_ahead_put(pa, "slow", slow);
	wait_for(pa, a, PASSWORD_AHEAD_DONE);
	b = password_ahead_put(pa, "wrong", slow);
	assert_int_not_equal(b, 0);
	password_ahead_stop(pa);
	free(slow);
}

/* Many mails in a row, the daemon's way: the next mail's pair is put
 * before the mail in hand is verified, then the mail in hand's ticket
 * is dropped.  Every answer is password_verify's. */
static void
test_many_in_a_row(void **state)
{
	char				*h[3];
	const char			*pw[] = { "alpha", "beta", "gamma",
					    "wrong" };
	struct password_ahead		*pa;
	struct password_ahead_stats	 st;
	uint64_t			 cur, next;
	size_t				 i, n = 200;

	h[0] = hash_of("alpha", PASSWORD_COST_MIN);
	h[1] = hash_of("beta", PASSWORD_COST_MIN);
	h[2] = hash_of("gamma", PASSWORD_COST_MIN);
	assert_int_equal(password_ahead_start(&pa, NULL), 0);
	cur = password_ahead_put(pa, pw[0], h[0]);
	for (i = 0; i < n; i++) {
		/* Mail i+1's pair: its password right, or not. */
		next = i + 1 < n ? password_ahead_put(pa, pw[(i + 1) % 4],
		    h[(i + 1) % 3]) : 0;
		if (i + 1 < n)
			assert_int_not_equal(next, 0);
		assert_int_equal(password_ahead_verify(pa, pw[i % 4],
		    h[i % 3]), password_verify(pw[i % 4], h[i % 3]));
		password_ahead_drop(pa, cur);
		cur = next;
	}
	password_ahead_stats(pa, &st);
	assert_int_equal(st.from_worker + st.inline_checks, n);
	/* The worker answered most: each pair had a mail's time. */
	assert_true(st.from_worker > 0);
	password_ahead_stop(pa);
	for (i = 0; i < 3; i++)
		free(h[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_answers),
		cmocka_unit_test(test_other_pair_inline),
		cmocka_unit_test(test_drop),
		cmocka_unit_test(test_stop_held),
		cmocka_unit_test(test_many_in_a_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
