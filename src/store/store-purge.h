/* store-purge.h: forgetting the mail loop's bookkeeping once it can no
 * longer matter, and the bodies of mail sent long enough ago
 * (store-purge.c says what and when).  Apart from store.h,
 * which is at its size. */
#ifndef NV_STORE_PURGE_H
#define NV_STORE_PURGE_H

#include <stdint.h>

#include "store.h"

/* How long a key's wrong passwords and an attempt at a mail are kept
 * after the last one: 30 days. */
#define STORE_PURGE_AFTER	(30 * 86400)

struct store_purged {
	int	rates;		/* rate_limits rows of days before today */
	int	auth;		/* auth_failures: neither locked nor recent */
	int	attempts;	/* mail_attempts older than STORE_PURGE_AFTER */
	int	bodies;		/* sent outbox rows whose body was emptied */
};

/* Deletes, in one transaction, what can no longer matter at now: reply
 * counts of earlier days, the wrong passwords of keys not locked out whose
 * last failure is older than STORE_PURGE_AFTER, and the attempts at mails
 * last tried before that; and empties the body of every outbox row marked
 * sent keep_sent seconds ago or more (0: every sent row; negative:
 * none), keeping the row.  *out counts the rows.  STORE_OK, STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_purge(struct store *, int64_t now, int64_t keep_sent,
	    struct store_purged *out, char **cause);

#endif
