/* mailproc-lock.c: passwords, refusals and lock-outs (docs/mail-commands.md,
 * "Wrong passwords"; issue 10).
 *
 * Wrong passwords are counted twice: for whom the mail claimed to be (a
 * player, or a game's GM) and for the address it came from.  After
 * auth_failures of either (within MAILPROC_AUTH_WINDOW), mail for that
 * player, or any mail with a password from that address, is refused for
 * auth_lockout seconds, even with the right password.  Every wrong
 * password and every refused attempt is in the game's audit log; the GM
 * is told once per lock-out.  A refusal goes to the registered address,
 * never to the sender, so a guesser learns nothing from it: not whether
 * a guess was right, not that a lock-out began.
 *
 * Everything here happens in the mail's transaction: the count, the
 * audit entries and the mails commit together or not at all. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "password-ahead.h"
#include "store.h"
#include "strutil.h"
#include "timefmt.h"
#include "xalloc.h"

/* The audit actor and actions. */
#define LOCK_ACTOR		"mail"
#define ACTION_FAILURE		"auth-failure"
#define ACTION_LOCKOUT		"auth-lockout"
#define ACTION_LOCKED		"auth-locked"
/* Lock-out notices to one game's GM a day, whatever happens. */
#define NOTICES_PER_DAY		10

void
mp_refuse(struct mp_ctx *ctx, const struct mp_refusal *r,
    struct mailproc_result *out)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*key, *cause = NULL;
	int		 allowed = 0;

	out->outcome = MAILPROC_REFUSED;
	free(out->summary);
	out->summary = xasprintf("refused for %s: %s", r->who, r->reason);
	if (r->to == NULL)
		return;
	/* A right password during a lock-out has answers of its own, so
	 * that a guesser using up the day's refusals cannot keep the owner
	 * from learning when the lock-out ends. */
	key = xasprintf("%s:%s:%s", r->right ? "locked" : "refusal",
	    ctx->g->id, r->who);
	if (mp_check(ctx, store_rate_take(ctx->mp->store, key,
	    ctx->now / 86400, ctx->mp->refusals_per_day, &allowed, &cause),
	    &cause) == 0 && allowed) {
		doc = mp_doc(ctx, "refused");
		root = maildoc_root(doc);
		md_set(root, "who", r->who);
		md_set(root, "reason", r->reason);
		md_set_int(root, "limit", ctx->mp->refusals_per_day);
		mp_set_when(root, "until", r->until);
		if (r->until != 0)
			md_set(root, "right", r->right ? "yes" : "no");
		mp_send(ctx, r->to, doc, MAILPROC_AUTO_GENERATED);
		xmlFreeDoc(doc);
	}
	free(key);
}

/* The two keys of a claim (owned): whom it claimed to be, and the
 * sender's address (NULL without one). */
static void
keys(const struct mp_ctx *ctx, const char *who, char **claim, char **sender)
{
	if (strcmp(who, "GM") == 0)
		*claim = store_auth_key_gm(ctx->g->id);
	else
		*claim = store_auth_key_player(ctx->g->id, who);
	*sender = ctx->msg->from != NULL ?
	    store_auth_key_sender(ctx->msg->from) : NULL;
}

static void
audit(struct mp_ctx *ctx, const char *action, const char *details)
{
	char	*cause = NULL;

	mp_check(ctx, store_audit_add(ctx->mp->store, ctx->g->id, ctx->now,
	    LOCK_ACTOR, action, details, &cause), &cause);
}

/* The later of two lock-outs still in force at now, or 0. */
static int64_t
until_of(const struct mp_ctx *ctx, const struct store_auth *a,
    const struct store_auth *b)
{
	int64_t	u = 0;

	if (a->locked_until > ctx->now)
		u = a->locked_until;
	if (b->locked_until > ctx->now && b->locked_until > u)
		u = b->locked_until;
	return u;
}

/* Tells the GM that a lock-out began: once per lock-out, and at most
 * NOTICES_PER_DAY a day for a game. */
static void
notify_gm(struct mp_ctx *ctx, const char *who, int claim, int sender,
    int64_t until)
{
	const char	*to = mp_gm_address(ctx);
	xmlDocPtr	 doc;
	xmlNodePtr	 root;
	char		*key, *cause = NULL;
	int		 allowed = 0;

	if (to == NULL)
		return;
	key = xasprintf("lockout-notice:%s", ctx->g->id);
	if (mp_check(ctx, store_rate_take(ctx->mp->store, key,
	    ctx->now / 86400, NOTICES_PER_DAY, &allowed, &cause), &cause) == 0 &&
	    allowed) {
		doc = mp_doc(ctx, "lockout");
		root = maildoc_root(doc);
		md_set(root, "who", who);
		md_set(root, "locked", claim && sender ? "both" : claim ?
		    "claim" : "sender");
		md_set(root, "sender", ctx->msg->from);
		md_set_int(root, "failures", ctx->mp->auth_failures);
		mp_set_when(root, "until", until);
		mp_send(ctx, to, doc, MAILPROC_AUTO_GENERATED);
		xmlFreeDoc(doc);
	}
	free(key);
}

/* A wrong password outside a lock-out: counted for both keys, audited,
 * perhaps the start of a lock-out.  Returns the lock-out it began, 0
 * when none. */
static int64_t
count_failure(struct mp_ctx *ctx, const char *who, const char *claim,
    const char *sender)
{
	const struct mailproc	*mp = ctx->mp;
	struct store_auth	 a, b;
	char			*cause = NULL, *details, when[TIME_LEN];
	int			 locked_a = 0, locked_b = 0;
	int64_t			 until;

	memset(&b, 0, sizeof b);
	if (mp_check(ctx, store_auth_fail(mp->store, claim, ctx->now,
	    mp->auth_failures, MAILPROC_AUTH_WINDOW, mp->auth_lockout,
	    &locked_a, &a, &cause), &cause) != 0)
		return 0;
	if (sender != NULL && mp_check(ctx, store_auth_fail(mp->store,
	    sender, ctx->now, mp->auth_failures, MAILPROC_AUTH_WINDOW,
	    mp->auth_lockout, &locked_b, &b, &cause), &cause) != 0)
		return 0;
	details = xasprintf("wrong password for %s from %s (%d of %d before "
	    "a lock-out)", who, ctx->msg->from != NULL ? ctx->msg->from :
	    "no address", locked_a ? mp->auth_failures : a.failures,
	    mp->auth_failures);
	audit(ctx, ACTION_FAILURE, details);
	free(details);
	if (!locked_a && !locked_b)
		return 0;
	until = until_of(ctx, &a, &b);
	time_format(until, when);
	details = xasprintf("%s%s%s%s locked out until %s after %d wrong "
	    "passwords", locked_a ? who : "", locked_a && locked_b ? " and " :
	    "", locked_b ? "mail from " : "", locked_b ? ctx->msg->from : "",
	    when, mp->auth_failures);
	audit(ctx, ACTION_LOCKOUT, details);
	free(details);
	notify_gm(ctx, who, locked_a, locked_b, until);
	return until;
}

int
mp_password(struct mp_ctx *ctx, const char *who, const char *to,
    const char *hash, const char *password, struct mailproc_result *out)
{
	struct mp_refusal	 r = { who, to, NULL, 0, 0 };
	struct store_auth	 a, b;
	char			*claim, *sender, *cause = NULL, *details,
				 when[TIME_LEN];
	int			 rc = 1;

	if (password == NULL) {
		/* A forgotten line, not a guess: refused, not counted. */
		r.reason = "no-password";
		mp_refuse(ctx, &r, out);
		return 1;
	}
	keys(ctx, who, &claim, &sender);
	memset(&b, 0, sizeof b);
	if (mp_check(ctx, store_auth_get(ctx->mp->store, claim, &a, &cause),
	    &cause) != 0 || (sender != NULL && mp_check(ctx,
	    store_auth_get(ctx->mp->store, sender, &b, &cause), &cause) != 0)) {
		rc = -1;
		goto out;
	}
	/* The crypt alone may have been done ahead, for exactly this
	 * pair (password-ahead.h); what follows decides as always. */
	r.right = password_ahead_verify(ctx->mp->checks, password, hash);
	r.until = until_of(ctx, &a, &b);
	if (r.until != 0) {
		/* Locked: refused whatever the password, nothing counted, the
		 * attempt audited. */
		time_format(r.until, when);
		details = xasprintf("mail for %s from %s refused: locked out "
		    "until %s (%s password)", who, ctx->msg->from != NULL ?
		    ctx->msg->from : "no address", when, r.right ? "the right" :
		    "a wrong");
		audit(ctx, ACTION_LOCKED, details);
		free(details);
		r.reason = "locked";
		mp_refuse(ctx, &r, out);
	} else if (r.right) {
		mp_check(ctx, store_auth_success(ctx->mp->store, claim, &cause),
		    &cause);
		if (sender != NULL)
			mp_check(ctx, store_auth_success(ctx->mp->store, sender,
			    &cause), &cause);
		rc = ctx->failed ? -1 : 0;
	} else {
		r.until = count_failure(ctx, who, claim, sender);
		r.reason = "wrong-password";
		mp_refuse(ctx, &r, out);
	}
	if (ctx->failed)
		rc = -1;
out:
	free(claim);
	free(sender);
	return rc;
}
