/* password-ahead.c: passwords checked ahead on a worker thread (see
 * password-ahead.h).
 *
 * A pair is in one of four states.  FREE: nothing held, the buffers
 * wiped.  QUEUED: held, waiting for the worker; the main thread may take
 * it back.  RUNNING: the worker reads its buffers, outside the lock, so
 * nobody else writes them: a drop only marks it, and the worker wipes it
 * when its check ends.  DONE: answered, the answer waiting to be taken.
 * Every change of state is made under the lock; the worker waits on
 * `work', the main thread on `done'. */
#include "config.h"

#include <crypt.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "password.h"
#include "password-ahead.h"
#include "xalloc.h"

enum pair_state { PAIR_FREE, PAIR_QUEUED, PAIR_RUNNING, PAIR_DONE };

struct pair {
	enum pair_state	 state;
	uint64_t	 ticket;
	int		 dropped;		/* RUNNING: wipe when done */
	int		 ok;			/* DONE: the answer */
	char		 pw[PASSWORD_MAX + 1];	/* zero-padded */
	char		 hash[CRYPT_OUTPUT_SIZE];
};

struct password_ahead {
	pthread_t	 thread;
	pthread_mutex_t	 lock;
	pthread_cond_t	 work;		/* a pair queued, or stopping */
	pthread_cond_t	 done;		/* a check ended */
	int		 stopping;
	uint64_t	 tickets;	/* the last given */
	struct pair	 pairs[PASSWORD_AHEAD_PAIRS];
	struct password_ahead_stats stats;
};

/* Called with the lock held, or by the only thread that can see p. */
static void
pair_wipe(struct pair *p)
{
	explicit_bzero(p, sizeof *p);
	p->state = PAIR_FREE;
}

/* The oldest queued pair, or NULL. */
static struct pair *
oldest_queued(struct password_ahead *pa)
{
	struct pair	*p, *best = NULL;
	size_t		 i;

	for (i = 0; i < PASSWORD_AHEAD_PAIRS; i++) {
		p = &pa->pairs[i];
		if (p->state == PAIR_QUEUED && (best == NULL ||
		    p->ticket < best->ticket))
			best = p;
	}
	return best;
}

static void *
worker(void *arg)
{
	struct password_ahead	*pa = arg;
	struct pair		*p;
	int			 ok;

	pthread_mutex_lock(&pa->lock);
	for (;;) {
		while (!pa->stopping && (p = oldest_queued(pa)) == NULL)
			pthread_cond_wait(&pa->work, &pa->lock);
		if (pa->stopping)
			break;
		p->state = PAIR_RUNNING;
		pthread_mutex_unlock(&pa->lock);
		/* RUNNING: nobody else touches p's buffers. */
		ok = password_verify(p->pw, p->hash);
		pthread_mutex_lock(&pa->lock);
		if (p->dropped)
			pair_wipe(p);
		else {
			p->ok = ok;
			p->state = PAIR_DONE;
		}
		pthread_cond_broadcast(&pa->done);
	}
	pthread_mutex_unlock(&pa->lock);
	return NULL;
}

int
password_ahead_start(struct password_ahead **out, char **cause)
{
	struct password_ahead	*pa;
	sigset_t		 all, old;
	int			 e;

	*out = NULL;
	pa = xcalloc(1, sizeof *pa);
	pthread_mutex_init(&pa->lock, NULL);
	pthread_cond_init(&pa->work, NULL);
	pthread_cond_init(&pa->done, NULL);
	/* The thread inherits a mask blocking every signal: the stop
	 * signal and SIGCHLD go to the main thread, as before. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&pa->thread, NULL, worker, pa);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e != 0) {
		pthread_cond_destroy(&pa->done);
		pthread_cond_destroy(&pa->work);
		pthread_mutex_destroy(&pa->lock);
		free(pa);
		if (cause != NULL) {
			free(*cause);
			*cause = xasprintf("cannot start the thread checking "
			    "passwords ahead: %s", strerror(e));
		}
		return -1;
	}
	*out = pa;
	return 0;
}

void
password_ahead_stop(struct password_ahead *pa)
{
	size_t	i;

	if (pa == NULL)
		return;
	pthread_mutex_lock(&pa->lock);
	pa->stopping = 1;
	for (i = 0; i < PASSWORD_AHEAD_PAIRS; i++) {
		if (pa->pairs[i].state == PAIR_RUNNING)
			pa->pairs[i].dropped = 1;
		else
			pair_wipe(&pa->pairs[i]);
	}
	pthread_cond_signal(&pa->work);
	pthread_mutex_unlock(&pa->lock);
	pthread_join(pa->thread, NULL);
	pthread_cond_destroy(&pa->done);
	pthread_cond_destroy(&pa->work);
	pthread_mutex_destroy(&pa->lock);
	explicit_bzero(pa, sizeof *pa);
	free(pa);
}

uint64_t
password_ahead_put(struct password_ahead *pa, const char *pw,
    const char *hash)
{
	struct pair	*p = NULL;
	size_t		 i, pwlen, hlen;
	uint64_t	 t;

	if (pa == NULL || pw == NULL || hash == NULL)
		return 0;
	pwlen = strlen(pw);
	hlen = strlen(hash);
	if (pwlen > PASSWORD_MAX || hlen >= CRYPT_OUTPUT_SIZE)
		return 0;
	pthread_mutex_lock(&pa->lock);
	for (i = 0; i < PASSWORD_AHEAD_PAIRS && p == NULL; i++)
		if (pa->pairs[i].state == PAIR_FREE)
			p = &pa->pairs[i];
	if (p == NULL) {
		pthread_mutex_unlock(&pa->lock);
		return 0;
	}
	/* FREE pairs are wiped: the copies stay zero-padded. */
	memcpy(p->pw, pw, pwlen);
	memcpy(p->hash, hash, hlen);
	p->ticket = t = ++pa->tickets;
	p->state = PAIR_QUEUED;
	pthread_cond_signal(&pa->work);
	pthread_mutex_unlock(&pa->lock);
	return t;
}

void
password_ahead_drop(struct password_ahead *pa, uint64_t ticket)
{
	struct pair	*p;
	size_t		 i;

	if (pa == NULL || ticket == 0)
		return;
	pthread_mutex_lock(&pa->lock);
	for (i = 0; i < PASSWORD_AHEAD_PAIRS; i++) {
		p = &pa->pairs[i];
		if (p->state == PAIR_FREE || p->ticket != ticket)
			continue;
		if (p->state == PAIR_RUNNING)
			p->dropped = 1;
		else
			pair_wipe(p);
	}
	pthread_mutex_unlock(&pa->lock);
}

/* Whether the padded buffers a and b hold the same password: all of
 * them compared, whatever the first difference. */
static int
same_pw(const char *a, const char *b)
{
	volatile unsigned char	diff = 0;
	size_t			i;

	for (i = 0; i < PASSWORD_MAX + 1; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return diff == 0;
}

/* The oldest pair held for exactly (pw, hash), not dropped, or NULL.
 * pw is padded like the pairs'.  With the lock held. */
static struct pair *
find(struct password_ahead *pa, const char *pw, const char *hash)
{
	struct pair	*p, *best = NULL;
	size_t		 i;

	for (i = 0; i < PASSWORD_AHEAD_PAIRS; i++) {
		p = &pa->pairs[i];
		if (p->state == PAIR_FREE || p->dropped ||
		    strcmp(p->hash, hash) != 0 || !same_pw(p->pw, pw))
			continue;
		if (best == NULL || p->ticket < best->ticket)
			best = p;
	}
	return best;
}

int
password_ahead_verify(struct password_ahead *pa, const char *pw,
    const char *hash)
{
	struct pair	*p = NULL;
	char		 padded[PASSWORD_MAX + 1];
	size_t		 len;
	int		 ok = 0;

	if (pa == NULL)
		return password_verify(pw, hash);
	if (pw != NULL && hash != NULL && (len = strlen(pw)) <= PASSWORD_MAX) {
		memset(padded, 0, sizeof padded);
		memcpy(padded, pw, len);
		pthread_mutex_lock(&pa->lock);
		if ((p = find(pa, padded, hash)) != NULL &&
		    p->state == PAIR_QUEUED) {
			/* Not begun: sooner checked here than waited for. */
			pair_wipe(p);
			p = NULL;
		}
		if (p != NULL) {
			while (p->state == PAIR_RUNNING)
				pthread_cond_wait(&pa->done, &pa->lock);
			ok = p->ok;
			pair_wipe(p);
			pa->stats.from_worker++;
		}
		pthread_mutex_unlock(&pa->lock);
		explicit_bzero(padded, sizeof padded);
		if (p != NULL)
			return ok;
	}
	pa->stats.inline_checks++;
	return password_verify(pw, hash);
}

void
password_ahead_stats(const struct password_ahead *pa,
    struct password_ahead_stats *out)
{
	memset(out, 0, sizeof *out);
	if (pa != NULL)
		*out = pa->stats;
}

enum password_ahead_state
password_ahead_state(struct password_ahead *pa, uint64_t ticket)
{
	enum password_ahead_state	 st = PASSWORD_AHEAD_GONE;
	const struct pair		*p;
	size_t				 i;

	if (pa == NULL || ticket == 0)
		return st;
	pthread_mutex_lock(&pa->lock);
	for (i = 0; i < PASSWORD_AHEAD_PAIRS; i++) {
		p = &pa->pairs[i];
		if (p->state == PAIR_FREE || p->ticket != ticket || p->dropped)
			continue;
		st = p->state == PAIR_QUEUED ? PASSWORD_AHEAD_QUEUED :
		    p->state == PAIR_RUNNING ? PASSWORD_AHEAD_RUNNING :
		    PASSWORD_AHEAD_DONE;
	}
	pthread_mutex_unlock(&pa->lock);
	return st;
}
