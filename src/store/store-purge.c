/* store-purge.c: forgetting the mail loop's bookkeeping once it can no
 * longer matter (see store.h).
 *
 * Three tables grow with the mail that arrives, not with the games: the
 * replies counted per key and day (rate_limits), the wrong passwords per
 * player and per sender (auth_failures: a row for every stranger who ever
 * tried one) and the attempts at mails that never got through
 * (mail_attempts).  Left alone, a daemon open to the internet keeps a row
 * for every spammer for ever.  Each row stops mattering at a known time:
 *
 *   - a day's reply count, once the day is over (a count is only ever
 *     read for today: mailproc-auth.c and friends pass now / 86400);
 *   - a key's wrong passwords, once it is not locked out and its last
 *     failure is older than any window a daemon counts them in (the
 *     window is a setting: STORE_PURGE_AFTER is far above its default of
 *     a day); the lockouts it had go with it;
 *   - an attempt at a mail, once it is that old: a mail that was never
 *     processed in all that time is gone from the mailbox, and one still
 *     there is tried again and, if it still breaks the parser, quarantined
 *     again after two more failures.
 *
 * The purge is one transaction, run by the daemon once a cycle; with
 * nothing to forget it costs three index or table scans of small tables. */
#include "config.h"

#include <stdint.h>

#include "store-int.h"
#include "store-purge.h"

enum store_code
store_purge(struct store *s, int64_t now, struct store_purged *out,
    char **cause)
{
	struct txn	t;
	int64_t		old = now - STORE_PURGE_AFTER;
	int		code, n = 0;

	out->rates = out->auth = out->attempts = 0;
	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_run(s, cause, &n, "DELETE FROM rate_limits WHERE day < ?",
	    "l", now / 86400);
	out->rates = n;
	if (code == STORE_OK) {
		code = st_run(s, cause, &n, "DELETE FROM auth_failures WHERE"
		    " locked_until <= ? AND last_failure < ?", "ll", now, old);
		out->auth = n;
	}
	if (code == STORE_OK) {
		code = st_run(s, cause, &n, "DELETE FROM mail_attempts WHERE"
		    " last < ?", "l", old);
		out->attempts = n;
	}
	return txn_end(s, &t, code, cause);
}
