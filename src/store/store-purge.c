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
 * A fourth grows with the games: the outbox keeps every mail it sent, and
 * a big battle's report mails are most of the database (issue 16: at
 * 10,000 ships 107 of a turn's 138 MiB).  Once sent, a body matters to no
 * one: nothing reads it (the outbox sends queued rows only; RESEND plays
 * the stored turn again and queues a new mail), and a mail is never sent
 * twice by its row's status and Message-ID, not its body.  So the body of
 * a row sent keep_sent seconds ago is emptied (as a secret row's is at
 * once, store_outbox_mark_sent), and the row stays: its Message-ID,
 * recipient, subject, attempts and times, for the GM and for deduplication.
 * Only a row whose status is 'sent' is touched, that is one whose sent
 * mark committed: a crash between the SMTP answer and the mark leaves it
 * queued, body and all, and it is sent again whole.  (The mark is
 * committed without a sync, but in WAL order before this transaction: a
 * power cut that loses the mark loses the emptying too.)
 *
 * The purge is one transaction, run by the daemon once a cycle; with
 * nothing to forget it costs three index or table scans of small tables
 * and a look in the index of the bodies still kept (outbox_kept,
 * migrations.c), which holds only the rows sent within keep_sent. */
#include "config.h"

#include <stdint.h>

#include "store-int.h"
#include "store-purge.h"

/* Empties the bodies of rows sent at or before now - keep (keep >= 0). */
static int
purge_bodies(struct store *s, int64_t now, int64_t keep, int *n,
    char **cause)
{
	/* outbox_kept named: without statistics SQLite would take
	 * outbox_due (status = 'sent'), every sent row and its body read;
	 * the WHERE repeats the index's, which INDEXED BY needs. */
	return st_run(s, cause, n, "UPDATE outbox INDEXED BY outbox_kept"
	    " SET body = '' WHERE status = 'sent' AND body <> ''"
	    " AND sent <= ?", "l", now - keep);
}

enum store_code
store_purge(struct store *s, int64_t now, int64_t keep_sent,
    struct store_purged *out, char **cause)
{
	struct txn	t;
	int64_t		old = now - STORE_PURGE_AFTER;
	int		code, n = 0;

	out->rates = out->auth = out->attempts = out->bodies = 0;
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
	if (code == STORE_OK && keep_sent >= 0) {
		n = 0;
		code = purge_bodies(s, now, keep_sent, &n, cause);
		out->bodies = n;
	}
	return txn_end(s, &t, code, cause);
}
