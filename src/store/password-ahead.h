/* password-ahead.h: passwords checked ahead, on a thread of their own
 * (docs/intake.md, "A mail ahead").
 *
 * The daemon hands the worker the (password, hash) pair of the next mail
 * while it processes the mail in hand; when the next mail's turn comes,
 * password_ahead_verify gives the worker's answer for exactly that pair,
 * and checks any other pair inline.  The answer is password_verify's for
 * the pair, whoever computes it: crypt is a function of the password and
 * the hash alone, so a pair checked ahead cannot answer for another (a
 * hash changed meanwhile, by a mail or by the GM, is another pair).
 * Lock-outs, counting and audits stay with the caller: only the crypt
 * moves.
 *
 * The worker keeps its copy of a password in a buffer of its own, wiped
 * (explicit_bzero) as soon as its answer is taken or it is dropped; at
 * most PASSWORD_AHEAD_PAIRS pairs are held at once (the mail in hand's,
 * answered or being checked, and the next mail's).  One thread, which
 * blocks every signal: the stop signal and the parser's children stay
 * the main thread's.  The functions are called from one thread (the
 * daemon's); a NULL worker checks everything inline.
 *
 * Forks while the worker runs: the parser spawner is forked before the
 * worker starts, but tz.c still forks a child for a time zone while a
 * mail is processed.  The worker only calls password_verify (malloc,
 * crypt_rn, mmap) and takes only its own lock, which no child touches;
 * glibc's fork takes and resets malloc's locks around the fork, so the
 * child's malloc (and setenv, tzset, which the worker never calls) cannot
 * find a lock held by a thread that is not there. */
#ifndef NV_PASSWORD_AHEAD_H
#define NV_PASSWORD_AHEAD_H

#include <stdint.h>

#define PASSWORD_AHEAD_PAIRS	2

struct password_ahead;

/* Starts the worker: 0 with *pa (owned by the caller, freed by
 * password_ahead_stop), or -1 with *cause (owned by the caller). */
int	password_ahead_start(struct password_ahead **pa, char **cause);
/* Drops every pair (wiped), waits for a check under way to end and for
 * the thread to exit, and frees pa.  pa may be NULL. */
void	password_ahead_stop(struct password_ahead *pa);

/* Hands the pair to the worker, which checks it as soon as it is free.
 * Returns its ticket (never 0), or 0 when the pair is not taken: pa
 * NULL, a password or hash too long to be checked, or
 * PASSWORD_AHEAD_PAIRS pairs held already.  Both strings are copied. */
uint64_t password_ahead_put(struct password_ahead *pa, const char *pw,
	    const char *hash);
/* Wipes the pair of ticket (0, or a ticket already answered or dropped:
 * nothing) without waiting: a pair being checked is wiped by the worker
 * when its check ends. */
void	password_ahead_drop(struct password_ahead *pa, uint64_t ticket);

/* password_verify(pw, hash), taken from the worker when the pair is
 * exactly one it holds (waiting for its check to end if it is under
 * way; the pair is then wiped), else checked inline (a pair still
 * waiting for the worker is taken back and checked inline too).  The
 * passwords are compared without branching on their contents. */
int	password_ahead_verify(struct password_ahead *pa, const char *pw,
	    const char *hash);

/* Where the pair of ticket is (for the tests, which wait for a state
 * with a bounded loop): held for the worker, being checked, answered,
 * or gone (taken, dropped, never held). */
enum password_ahead_state {
	PASSWORD_AHEAD_QUEUED,
	PASSWORD_AHEAD_RUNNING,
	PASSWORD_AHEAD_DONE,
	PASSWORD_AHEAD_GONE,
};
enum password_ahead_state password_ahead_state(struct password_ahead *pa,
	    uint64_t ticket);

/* How many answers verify took from the worker, and how many it checked
 * inline (for the log and the tests). */
struct password_ahead_stats {
	unsigned long	from_worker;	/* answers taken from the worker */
	unsigned long	inline_checks;	/* pairs checked by verify itself */
};
void	password_ahead_stats(const struct password_ahead *pa,
	    struct password_ahead_stats *out);

#endif
