/* mailproc.h: what the daemon does with one order mail, and with the
 * clock (docs/mail-commands.md).
 *
 * This is the transport-free heart of navarchd: the intake drivers hand it
 * raw messages, it answers them by writing outbox rows, and the outbox
 * driver sends those.  mailproc_message() parses a message, routes it to a
 * game and a player (or the GM), authenticates it, runs its orders and
 * commands and queues every reply, all in ONE store transaction: a crash
 * anywhere leaves either nothing or everything.  mailproc_tick() does what
 * is due at a time: adjudication at the deadline (or early, when every
 * order is in), reminders, the report mails.
 *
 * Replies are built by the caller's composer (compose.c in the daemon, a
 * simple one in the tests), so this layer never writes MIME. */
#ifndef NV_MAILPROC_H
#define NV_MAILPROC_H

#include <stddef.h>
#include <stdint.h>

struct mail_msg;
struct mp_cache;
struct password_ahead;
struct store;

/* RFC 3834: a reply to a mail is auto-replied; a report, reminder or
 * relayed press message is auto-generated. */
enum mailproc_auto {
	MAILPROC_AUTO_REPLIED,
	MAILPROC_AUTO_GENERATED,
};

/* A file sent with a mail (the SVG map of a report), borrowed for the
 * call like the rest of the reply.  The composer sends it as it is, as
 * its own MIME part (compose.c: base64). */
struct mailproc_attachment {
	const char	*name;		/* file name, 1-64 of [A-Za-z0-9._-] */
	const char	*type;		/* MIME type, e.g. "image/svg+xml" */
	const void	*data;
	size_t		 len;
};

/* One mail to send, before it is a message.  All strings are borrowed
 * for the call; body is UTF-8 text with LF line ends, any length of line
 * (the composer wraps or encodes). */
struct mailproc_reply {
	const char	*message_id;	/* fixed here, without brackets */
	const char	*from;		/* the daemon's address */
	const char	*to;		/* one address */
	const char	*subject;	/* carries "[navarch GAME]" */
	const char	*in_reply_to;	/* id answered (no brackets), NULL */
	const char	*references;	/* "<a> <b>", or NULL */
	const char	*body;
	enum mailproc_auto auto_submitted;
	const char	*game;		/* NULL: not about a game */
	const struct mailproc_attachment *attachments;	/* NULL: none */
	size_t		 nattachments;
};

/* Turns a reply into the bytes of a whole message (headers and body).
 * Returns 0 and *out (NUL-terminated, owned by the caller), or -1 with
 * *cause (owned by the caller): the whole transaction is then undone. */
typedef int (*mailproc_compose_fn)(const struct mailproc_reply *, void *arg,
	    char **out, char **cause);

/* Settings; mailproc_init() fills the defaults, the caller sets store,
 * address, datadir and compose.  Per-game settings (store_game.settings,
 * "key = value" lines, see docs/mail-commands.md) override early, grace,
 * reminder, missed_limit and schedule, and svg (the map attached to
 * report mails) is one of them alone. */
struct mailproc {
	struct store	*store;		/* not owned */
	const char	*address;	/* the daemon's own address */
	const char	*gm;		/* GM address when a game has none */
	const char	*datadir;	/* rulesets/ and schema/ */
	const char	*templatedir;	/* report templates; NULL:
					   $NAVARCH_TEMPLATEDIR, else the
					   installed ones */
	unsigned	 hash_cost;	/* for PASSWORD NEW */
	int		 refusals_per_day;	/* per player (default 3) */
	int		 unknown_per_day;	/* per unknown address (1) */
	int		 strangers_per_day;	/* answers to unknown addresses,
						   all together (100) */
	int		 auth_failures;		/* wrong passwords before a
						   lock-out (5) */
	int64_t		 auth_lockout;		/* its length, seconds (1 h) */
	int		 early;		/* process when all orders are in (1) */
	int64_t		 grace;		/* seconds after the deadline (0) */
	int64_t		 reminder;	/* seconds before it (24 h; 0: none) */
	int		 missed_limit;	/* tell the GM after N missed (2) */
	mailproc_compose_fn compose;
	void		*compose_arg;
	struct mp_cache	*cache;		/* what the mails share: the
					   template, the games' states
					   (mailproc-cache.c); owned,
					   freed by mailproc_free() */
	struct mail_spawner *spawner;	/* the cycle's parser spawner
					   (mime.h) or NULL: a child forked
					   per mail; not owned */
	struct password_ahead *checks;	/* the cycle's check-ahead worker
					   (password-ahead.h) or NULL:
					   every password checked inline;
					   not owned */
};

/* The defaults of the limits (navarchd.conf documents them). */
#define MAILPROC_STRANGERS_PER_DAY	100
#define MAILPROC_AUTH_FAILURES		5
#define MAILPROC_AUTH_LOCKOUT		3600
/* Wrong passwords further apart than this are not counted together. */
#define MAILPROC_AUTH_WINDOW		86400

void	mailproc_init(struct mailproc *);
/* Frees what the mails processed with mp shared (the compiled template,
 * the games' rulesets and states): at the end of a cycle, so that the
 * next one reads the data files afresh.  mp may be used again. */
void	mailproc_free(struct mailproc *);

/* What became of one message. */
#define MAILPROC_OUTCOMES(X)						\
	X(DONE,		"done")		/* orders and commands run */	\
	X(REJECTED,	"rejected")	/* errors: nothing stored but	\
					   the answer */		\
	X(REFUSED,	"refused")	/* authentication failed */	\
	X(UNROUTED,	"unrouted")	/* no game or player found */	\
	X(OBSERVER,	"observer")	/* an observer's mail without a \
					   command, or over the day's	\
					   answers: ignored */		\
	X(BOUNCE,	"bounce")	/* recorded against a player */	\
	X(IGNORED,	"ignored")	/* automatic or own mail: never	\
					   answered */			\
	X(DUPLICATE,	"duplicate")	/* Message-ID already done */

enum mailproc_outcome {
#define X(e, s) MAILPROC_##e,
	MAILPROC_OUTCOMES(X)
#undef X
};

const char	*mailproc_outcome_name(enum mailproc_outcome);	/* static */

struct mailproc_result {
	enum mailproc_outcome outcome;
	char		*message_id;	/* owned; NULL if unparsable */
	char		*game;		/* owned; NULL */
	char		*player;	/* owned; NULL ("GM" for the GM) */
	size_t		 queued;	/* outbox rows written */
	char		*summary;	/* one line for the log; owned */
	int		 temporary;	/* on failure: try again later */
};

/* Processes one raw message received at time now: parses it (mail_parse),
 * routes and authenticates it, applies it to the store in ONE transaction
 * together with the outbox rows of its replies, and fills *out (freed with
 * mailproc_result_free, also on failure).  Returns 0: the caller marks
 * the message processed (intake commit); a Message-ID already recorded is
 * skipped (MAILPROC_DUPLICATE).  Returns -1 with *cause when nothing was
 * stored: out->temporary set (the database was busy) means try again;
 * otherwise the message cannot be processed (unparsable, or the composer
 * failed) and the caller sets it aside. */
int	mailproc_message(struct mailproc *, const char *raw, size_t len,
	    int64_t now, struct mailproc_result *out, char **cause);
/* mailproc_message for a message the caller parsed (the daemon parses in
 * a child process: mail_parse_child); m is borrowed for the call. */
int	mailproc_parsed(struct mailproc *, const struct mail_msg *m,
	    int64_t now, struct mailproc_result *out, char **cause);
void	mailproc_result_free(struct mailproc_result *);

/* The daemon's check ahead (docs/intake.md, "A mail ahead";
 * mailproc-prepare.c): finds, reading the store and writing nothing, the
 * password of the parsed mail m and the stored hash mailproc_parsed
 * would check it against, and hands the pair to mp->checks while the
 * mail before m is processed.  Returns the pair's ticket, to drop
 * (password_ahead_drop) once m is processed or cancelled, or 0 when
 * nothing was handed over (no worker, no password, no such game or
 * player).  A guess: a pair that is not the one mailproc_parsed checks
 * is simply not used. */
uint64_t mailproc_check_ahead(struct mailproc *, const struct mail_msg *m);

/* A mail the daemon set aside for good (docs/mail-parsing.md): moved to
 * the quarantine folder, or refused to the MTA.  Strings are borrowed;
 * what came from the mail (from, subject) is only shown to the GM, cut
 * short. */
struct mailproc_quarantine {
	const char	*digest;	/* SHA-256 of its bytes (store_attempt_*),
					   NULL when they were not read */
	const char	*where;		/* its file or UID, as logged */
	const char	*folder;	/* where it went; NULL: refused */
	const char	*reason;	/* why, one sentence */
	size_t		 size;		/* bytes, 0 if not known */
	int		 attempts;	/* that failed */
	const char	*from;		/* its From as written, or NULL */
	const char	*subject;	/* its Subject as written, or NULL */
	int		 again;		/* quarantined before (its move failed):
					   recorded, the GM not told twice */
};
/* Notices per day at most (then only the log says it). */
#define MAILPROC_QUARANTINE_NOTICES	10

/* Records the quarantine (store_attempt_quarantine) and tells the GM, in
 * one transaction: the GM of the game the Subject's [navarch GAME] tag
 * names, else the configured gm; a mail of kind "quarantined" worded by
 * mail.xsl, at most MAILPROC_QUARANTINE_NOTICES a day.  Returns 0 with
 * *told (owned) the address told, or NULL with *why_not (owned) saying
 * why no one was; -1 with *cause when not even the record could be
 * written (*temporary: the database was busy).  A notice that cannot be
 * worded (a broken template) never stops the quarantine. */
int	mailproc_quarantined(struct mailproc *,
	    const struct mailproc_quarantine *, int64_t now, char **told,
	    char **why_not, int *temporary, char **cause);

/* What one tick did. */
struct mailproc_tick_result {
	size_t		 adjudicated;	/* turns played */
	size_t		 reminders;	/* reminder mails queued */
	size_t		 queued;	/* outbox rows written in all */
	char		*summary;	/* lines for the log; owned, or NULL */
};

/* Finds the work due at now in every game and does it, each game in its
 * own transaction: a passed deadline (plus the grace period) or, when the
 * game allows it, every order in: the turn is adjudicated and the reports
 * queued (players, GM, observers), the next deadline set by the game's
 * schedule, the GM told of players who missed too many turns; else
 * reminders to players without orders, once a turn.  0, or -1 with
 * *cause (a game whose work failed; the others were still done). */
int	mailproc_tick(struct mailproc *, int64_t now,
	    struct mailproc_tick_result *out, char **cause);
void	mailproc_tick_result_free(struct mailproc_tick_result *);

/* A JOIN request (a game whose setting join is gm) is an entry of the
 * GM's audit log, action MAILPROC_JOIN_REQUEST, details "ADDRESS asks to
 * play SIDE"; navarch player requests lists those still waiting.
 * mailproc_join_details: the details (owned by the caller).
 * mailproc_join_parse: 0 with *address and *side (owned by the caller),
 * or -1 when details are not a request's. */
#define MAILPROC_JOIN_REQUEST	"join-request"
char	*mailproc_join_details(const char *address, const char *side);
int	mailproc_join_parse(const char *details, char **address,
	    char **side);

#endif
