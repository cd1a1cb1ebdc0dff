/* compose.h: building one outgoing mail as the bytes to send.
 *
 * The daemon's mail (acknowledgements, refusals, reports) is built here,
 * stored whole in the outbox (store_outbox_add's body) and later handed to
 * a send driver unchanged.  Nothing here reads the clock or a random
 * source: the caller passes the date and the Message-ID, so the same
 * inputs give the same bytes (docs/sending.md).
 *
 * The result is RFC 5322 + MIME: CRLF line ends, every line within 78
 * characters (except a From/To address that is itself longer), UTF-8 text
 * declared as such, 7bit when the text is short-lined ASCII and
 * quoted-printable otherwise, attachments in base64 inside
 * multipart/mixed, a non-ASCII Subject as RFC 2047 encoded words.  Lines
 * starting with "." are left alone: dot-stuffing is the SMTP client's job.
 *
 * Header injection: every header value a caller gives is refused (-1 with
 * a cause) when it holds CR, LF or another control character, so a
 * player's text can never add a header. */
#ifndef NV_COMPOSE_H
#define NV_COMPOSE_H

#include <stddef.h>
#include <stdint.h>

/* The Auto-Submitted keyword (RFC 3834): every mail the daemon sends is
 * automatic.  Replies to a player's mail are auto-replied; reports,
 * reminders and relayed press are auto-generated. */
#define COMPOSE_AUTOS(X)						\
	X(GENERATED,	"auto-generated")				\
	X(REPLIED,	"auto-replied")

enum compose_auto {
#define X(e, s) COMPOSE_AUTO_##e,
	COMPOSE_AUTOS(X)
#undef X
	COMPOSE_AUTO_COUNT
};

/* The keyword (static). */
const char	*compose_auto_name(enum compose_auto);

/* One attachment, e.g. the SVG map. */
struct compose_attachment {
	const char	*filename;	/* 1-64 of [A-Za-z0-9._-] */
	const char	*type;		/* "type/subtype", e.g. image/svg+xml */
	const void	*data;
	size_t		 len;
};

/* Everything is borrowed for the call. */
struct compose_msg {
	const char	*from;		/* "addr" or "Name <addr>", ASCII */
	const char	*to;		/* same */
	const char	*subject;	/* UTF-8; "" allowed */
	int64_t		 date;		/* UTC seconds, written as +0000 */
	const char	*message_id;	/* "<left@right>" (compose_message_id) */
	const char	*in_reply_to;	/* "<id>" or NULL */
	const char *const *references;	/* "<id>" each, oldest first */
	size_t		 nreferences;
	enum compose_auto auto_submitted;
	const char	*body;		/* UTF-8 text, LF or CRLF line ends */
	const struct compose_attachment *attachments;
	size_t		 nattachments;
};

/* The boundary of multipart messages.  It is fixed (determinism) and safe:
 * "=_" cannot occur in base64 or quoted-printable output, and a 7bit text
 * part holding a line that starts with "--" and the boundary is sent
 * quoted-printable instead. */
#define COMPOSE_BOUNDARY	"=_navarch-part"

/* Builds the message.  Returns 0 with *out (NUL-terminated, owned by the
 * caller) and *len (may be NULL), or -1 with *cause (owned by the caller)
 * naming the field that is wrong: a control character in a header value,
 * a malformed address or Message-ID, text that is not UTF-8, a bad
 * attachment name or type. */
int	 compose_build(const struct compose_msg *, char **out, size_t *len,
	    char **cause);

/* A fixed Message-ID for one mail, so that a resend after a crash is
 * recognisable: "<navarch.GAME.tTURN.KIND.UNIQUE@HOST>", e.g.
 * "<navarch.G12.t3.report.athens@navarch.example.org>".  game may be NULL
 * (mail about no game) and turn < 0 leaves the turn out.  game and kind
 * are 1-32 of [A-Za-z0-9_-]; unique is 1-128 of [A-Za-z0-9_-] and inner
 * dots (e.g. a digest of the mail answered); host is a domain name.
 * Returns 0 with *out (owned by the caller), or -1 with *cause. */
int	 compose_message_id(const char *game, int turn, const char *kind,
	    const char *unique, const char *host, char **out, char **cause);

/* 1 when id (without angle brackets) can thread a reply: "<id>" is a
 * Message-ID compose_build accepts in In-Reply-To and References (ASCII,
 * local@domain, no blanks, quotes or brackets, at most 248 characters).
 * A sender's id that cannot is left out of the reply, never a reason to
 * fail it. */
int	 compose_msgid_ok(const char *id);

/* "[navarch GAME] Turn N report" (owned by the caller): the stable subject
 * tag of reports, found again in replies by mail_subject_tag(). */
char	*compose_report_subject(const char *game, int turn);

/* "Re: " and subject, unless subject already starts with "Re:" (any
 * case); owned by the caller.  NULL gives "Re: your mail". */
char	*compose_reply_subject(const char *subject);

#endif
