/* mime.h: one incoming mail, parsed into what the daemon needs.
 *
 * mail_parse() takes the raw bytes of one RFC 5322 message (as read from a
 * Maildir file, an IMAP fetch or standard input; CRLF or LF line ends) and
 * returns its identity, its sender, the facts that decide whether it may be
 * answered at all (automatic mail, bounces), and the text in which orders
 * are looked for.  What counts as that text, and what counts as automatic
 * mail, is written down in docs/mail-parsing.md.
 *
 * Every string in struct mail_msg is valid UTF-8, NUL-terminated and owned
 * by the message; mail_msg_free() releases them all. */
#ifndef NV_MIME_H
#define NV_MIME_H

#include <stddef.h>

/* Limits.  A message larger than MAIL_RAW_MAX is refused outright; text
 * larger than MAIL_BODY_MAX is not returned (body_error says why), because
 * orders fit in a few kilobytes and a huge text is a mistake or an attack. */
#define MAIL_RAW_MAX		(16u * 1024 * 1024)
#define MAIL_BODY_MAX		(1u * 1024 * 1024)
/* Of a text over MAIL_BODY_MAX, the whole lines of the first this many
 * bytes are kept, to route the answer that says it is too long. */
#define MAIL_BODY_HEAD		(64u * 1024)
/* Content-Type fields naming multipart or message types (each can open
 * one or two more levels of nesting), and comments nested in one header
 * field: libetpan recurses on both without a limit. */
#define MAIL_NEST_MAX		64
#define MAIL_COMMENT_MAX	64
/* Ids of References kept (the first and the last ones). */
#define MAIL_REFERENCES_MAX	64

/* Where the body text came from. */
enum mail_body_source {
	MAIL_BODY_NONE,		/* no text/plain or text/html part */
	MAIL_BODY_PLAIN,	/* the text/plain part(s) */
	MAIL_BODY_HTML,		/* the text/html part(s), turned into text */
};

struct mail_msg {
	/* Identity.  Message-ID without angle brackets; when the message has
	 * none, "sha256:<64 hex>" of the message without its trace fields
	 * (Received, Return-Path, Delivered-To, ...) and with LF line ends,
	 * so the same mail delivered twice gets the same id. */
	char	*message_id;
	int	 message_id_synth;	/* 1: message_id is such a digest */

	/* People.  Addresses as written (addr-spec, no brackets); NULL when
	 * the field is absent or cannot be parsed. */
	char	*from;			/* first mailbox of From */
	char	*from_name;		/* its display name, decoded, or NULL */
	char	*sender;		/* Sender, or NULL */
	char	*reply_to;		/* first mailbox of Reply-To, or NULL */
	char	*return_path;		/* Return-Path; "" for the null
					   sender <>; NULL when absent */

	/* Threading and description. */
	char	*subject;		/* decoded; NULL when absent */
	char	*in_reply_to;		/* first id of In-Reply-To, or NULL */
	char   **references;		/* ids of References, oldest first:
					   the first and the last, at most
					   MAIL_REFERENCES_MAX */
	size_t	 nreferences;
	char	*date;			/* Date field as written, unfolded */

	/* Loop and bounce safety (docs/mail-parsing.md).  A message with
	 * is_auto set must never be answered. */
	char	*auto_submitted;	/* Auto-Submitted keyword, lower case,
					   or NULL when absent */
	int	 is_auto;
	char	*auto_reason;		/* why is_auto is set, e.g.
					   "Precedence: bulk"; NULL if not */
	int	 is_bounce;		/* a delivery status report */
	char	*bounce_recipient;	/* the address that failed, or NULL */
	char	*bounce_message_id;	/* Message-ID of the returned mail */
	char	*bounce_action;		/* "failed", "delayed", ... or NULL */
	char	*bounce_status;		/* e.g. "5.1.1", or NULL */

	/* The text orders are looked for in: LF line ends, valid UTF-8,
	 * never NULL ("" when there is none). */
	char	*body;
	size_t	 body_len;
	enum mail_body_source body_source;
	/* Set when the text could not be returned, e.g. over MAIL_BODY_MAX:
	 * a sentence suitable for a reply to the player.  body is then ""
	 * or, for a text too long, its head (MAIL_BODY_HEAD): for routing
	 * only, never to be run as orders. */
	char	*body_error;
};

/* Parses one message (an mbox "From " line before its header is skipped).
 * Returns 0 and fills *out (owned by the caller, freed with
 * mail_msg_free), or -1 with *cause (owned by the caller) for a message
 * that cannot be parsed at all.  Never crashes on hostile input that we
 * know of; mail_parse_child is for what we do not. */
int	 mail_parse(const char *raw, size_t len, struct mail_msg **out,
	    char **cause);
void	 mail_msg_free(struct mail_msg *);

/* --- replies (mime-reply.c) -----------------------------------------------
 *
 * A reply carries the mail it answers, quoted with '>' (which the order
 * parser ignores) or copied unquoted below a separator that the mail
 * program writes ("-----Original Message-----", a From:/Sent:/To: block,
 * ...).  mail_reply_line() tells those lines, and the lines a program
 * adds that are no text of the sender's: an attribution above a quote
 * ("On ... wrote:") and a phone's "Sent from my iPhone".  The rules, and
 * why each is safe, are in docs/mail-parsing.md, "Replies". */
enum mail_reply_kind {
	MAIL_REPLY_TEXT,	/* none of these: the sender's text */
	MAIL_REPLY_BLANK,	/* an attribution above a quote (1 to 3
				   lines, wrapped) or a program's
				   signature: no text of the sender's */
	MAIL_REPLY_CUT,		/* the earlier mail starts here */
};

/* What the line that starts at p is, in a text (LF line ends, valid
 * UTF-8) that ends at end; the lines after it are looked at, never those
 * before.  *lines: how many lines it takes (MAIL_REPLY_BLANK), else 1.
 * Ask it only of lines that are not the sender's own orders, commands or
 * comments: it knows nothing of the order language. */
enum mail_reply_kind mail_reply_line(const char *p, const char *end,
	    size_t *lines);

/* --- parsing in a child process (mime-child.c) --------------------------
 *
 * How the daemon parses mail from the open internet: mail_parse() in a
 * child process, so that a parser that crashes, loops or eats memory on a
 * hostile mail takes down the child, never the daemon that holds the
 * queue (docs/mail-parsing.md).  The child lowers its limits with
 * setrlimit: stack, address space (the budget `memory` above what it
 * already maps; not in a build with AddressSanitizer, which cannot live
 * with it), CPU time, no core file; the parent waits at most
 * timeout_ms and reads at most MAIL_CHILD_OUTPUT(len) bytes of its
 * answer, and checks every one. */
struct mail_limits {
	size_t	stack;		/* bytes of stack (RLIMIT_STACK) */
	size_t	memory;		/* bytes of address space to allocate */
	long	cpu;		/* seconds of CPU time (RLIMIT_CPU) */
	long	timeout_ms;	/* the parent's wait, wall clock */
};
/* Defaults (a field left 0 takes its default): the guards keep a real
 * parse far inside them; a 16 MiB message parses in well under a second
 * and 100 MiB. */
#define MAIL_LIMITS_DEFAULT	{ 8u << 20, 512u << 20, 10, 30000 }
/* The most an answer can be: each string comes from the message's bytes
 * (decoded text at most triples them: every bad byte is U+FFFD), the body
 * is at most MAIL_BODY_MAX. */
#define MAIL_CHILD_OUTPUT(len)	(4 * (size_t)(len) + MAIL_BODY_MAX + 65536)

#define MAIL_CHILD_TABLE(X)						\
	X(MAIL_CHILD_OK,	"ok")		/* *out is the message */ \
	X(MAIL_CHILD_REFUSED,	"refused")	/* mail_parse said no:	\
						   *cause, for good */	\
	X(MAIL_CHILD_FAILED,	"failed")	/* the parser crashed,	\
						   was killed or broke a \
						   limit: *cause */	\
	X(MAIL_CHILD_TEMP,	"temporary")	/* no parser could run	\
						   (pipe, fork), or it was \
						   stopped with the daemon */

enum mail_child_status {
#define X(e, s) e,
	MAIL_CHILD_TABLE(X)
#undef X
};

/* Parses in a child.  Returns an enum mail_child_status: OK with *out
 * (owned by the caller, as from mail_parse), anything else with *cause
 * (owned by the caller).  limits NULL: the defaults. */
int	 mail_parse_child(const char *raw, size_t len,
	    const struct mail_limits *, struct mail_msg **out, char **cause);
/* "ok", "refused", ... (static). */
const char *mail_child_status_name(int);

/* The same for every mail of a cycle, cheaper (mime-spawner.c): a small
 * process forked once, at the start, forks the child of each mail, so
 * that the daemon, big by then, is not forked for every mail.  Each mail
 * is still parsed by a fresh child of its own with limits l (NULL: the
 * defaults); mail_spawner_parse returns what mail_parse_child would (and
 * is mail_parse_child when sp is NULL or its spawner was lost).  start:
 * 0 with *sp (owned by the caller, freed by mail_spawner_stop, which
 * waits for the spawner to end), or -1 with *cause (owned by the
 * caller). */
struct mail_spawner;
int	 mail_spawner_start(const struct mail_limits *l,
	    struct mail_spawner **sp, char **cause);
int	 mail_spawner_parse(struct mail_spawner *sp, const char *raw,
	    size_t len, struct mail_msg **out, char **cause);
/* Waits for the spawner to end.  A parse still in flight is killed
 * first: its handle then finishes as MAIL_CHILD_TEMP. */
void	 mail_spawner_stop(struct mail_spawner *sp);

/* The same in two halves, so that the caller works while the child
 * parses (the daemon processes one mail while the next is parsed):
 * mail_spawner_parse is begin and finish.
 *
 * begin hands raw[0..len) to a fresh child and returns at once, without
 * waiting for it; raw may be freed when it returns.  The handle (owned
 * by the caller) owns the child and its pipe, and is ended by exactly
 * one of finish or cancel, in any order among several.  begin never
 * fails by itself: a parse that cannot start (no pipe, no fork, more
 * than MAIL_PARSE_AHEAD in flight) carries its outcome, MAIL_CHILD_TEMP,
 * to finish.  With sp NULL the mail is parsed at once, by
 * mail_parse_child, and finish only gives the outcome.
 *
 * finish waits for the child's answer (at most timeout_ms from the
 * call), kills the child if it must, reaps it and judges it: the
 * outcome and *out or *cause of mail_parse_child.  The child of one
 * handle never decides another's outcome.  cancel kills the child,
 * reaps it and frees the handle: nothing is judged. */
#define MAIL_PARSE_AHEAD	2	/* parses in flight, per spawner */
struct mail_parse;
struct mail_parse *mail_spawner_begin(struct mail_spawner *sp,
	    const char *raw, size_t len);
int	 mail_spawner_finish(struct mail_parse *p, struct mail_msg **out,
	    char **cause);
void	 mail_spawner_cancel(struct mail_parse *p);

/* The value of the first top-level header field called name, unfolded,
 * trimmed and made valid UTF-8 (owned by the caller), or NULL: read from
 * the raw bytes by a plain line scanner, never by the MIME parser, so it
 * is safe on a mail the parser cannot take (for the GM's notice). */
char	*mail_raw_field(const char *raw, size_t len, const char *name);
/* The SHA-256 of p[0..n) in lower-case hex, into out. */
void	 mail_sha256_hex(const char *p, size_t n, char out[65]);

/* Finds a "[navarch GAME]" tag anywhere in subject (case-insensitive, any
 * Re:/Fwd:/AW: prefixes before it).  Returns 0 and *game (as written,
 * owned by the caller), or -1 when there is no tag. */
int	 mail_subject_tag(const char *subject, char **game);

/* 1 if the message comes from daemon_address (a bare address or
 * "Name <address>"): its From, Sender or Return-Path, compared without
 * regard to case.  Such a message must never be answered. */
int	 mail_is_own_address(const struct mail_msg *, const char *daemon_address);

#endif
