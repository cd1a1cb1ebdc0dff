/* intake.h: where incoming mail comes from, behind one interface.
 *
 * A mailbox is named by a URL (the daemon's `mailbox` key):
 *
 *   maildir:/path                    a local Maildir (intake-maildir.c)
 *   imap://host[:port]/FOLDER        IMAP, STARTTLS per `tls` (intake-imap.c)
 *   imaps://host[:port]/FOLDER       IMAP over implicit TLS
 *   stdin:                           one message on a file descriptor, for
 *                                    `navarch deliver` (intake-stdin.c)
 *
 * One poll is: intake_open, then intake_next until INTAKE_DONE, handing
 * every message to exactly one of intake_commit or intake_abort, then
 * intake_close.  The invariant the whole mail loop rests on (docs/intake.md):
 *
 *   intake_commit marks a message processed (Maildir: new/ -> cur/ with the
 *   S flag; IMAP: \Seen, then moved to the processed folder) and may be
 *   called ONLY after the caller's database transaction that recorded the
 *   message committed and is durable (synced: navarchd syncs once for a
 *   batch of messages, then marks them all).  Anything else (a failed transaction, a crash, a
 *   message the caller did not get to) must leave the message to be offered
 *   again at the next poll: that is intake_abort, and what intake_close
 *   does for messages handed out but neither committed nor aborted.
 *
 * A message offered twice (a crash between commit of the transaction and
 * intake_commit) is recognised by its Message-ID in the store and only
 * committed again.
 *
 * A message that can never be processed (too large, unparsable, or one
 * that took the daemon down twice: docs/intake.md) is handed to
 * intake_quarantine instead: moved out of the mailbox to the quarantine
 * folder (Maildir: the Maildir++ folder .Quarantine beside the inbox;
 * IMAP: the folder Quarantine), where a person can look at it, and never
 * offered again.
 *
 * The programs call curl_global_init() once at start (the SMTP sender
 * needs libcurl too) and curl_global_cleanup() at exit; the IMAP driver
 * relies on that. */
#ifndef NV_INTAKE_H
#define NV_INTAKE_H

#include <stddef.h>

/* Results, after msmtp: what the caller does next depends only on these.
 *   OK    done; from intake_next: *out is a message
 *   DONE  intake_next: no more messages in this poll
 *   TEMP  a temporary failure (server unreachable, timeout, I/O error):
 *         log *cause and try again at the next poll
 *   PERM  a permanent failure (bad credentials, certificate not verified,
 *         no such Maildir, bad URL or option): retrying will not help until
 *         the configuration is fixed; *cause says exactly what is wrong
 *   REJECT intake_next: *out is a message that cannot be taken in (too
 *         large, a symbolic link, not a regular file): its raw is NULL
 *         and *cause says why.  The caller logs it and calls
 *         intake_commit to set it aside for good (it is not offered
 *         again) or intake_abort to leave it; then intake_next again. */
#define INTAKE_STATUS_TABLE(X)		\
	X(INTAKE_OK,	 "ok")		\
	X(INTAKE_DONE,	 "done")	\
	X(INTAKE_TEMP,	 "temporary")	\
	X(INTAKE_PERM,	 "permanent")	\
	X(INTAKE_REJECT, "rejected")

enum intake_status {
#define X(e, s) e,
	INTAKE_STATUS_TABLE(X)
#undef X
};

/* The `tls` key.  REQUIRED is the default (the zero value): imap:// must
 * upgrade with STARTTLS before any password is sent; OPTIONAL upgrades if
 * the server offers it; OFF never does and is refused for any host but a
 * loopback address.  imaps:// is always TLS.  Certificates are always
 * verified (host name and chain), against ca_file when it is set. */
#define INTAKE_TLS_TABLE(X)			\
	X(INTAKE_TLS_REQUIRED,	"required")	\
	X(INTAKE_TLS_OPTIONAL,	"optional")	\
	X(INTAKE_TLS_OFF,	"off")

enum intake_tls {
#define X(e, s) e,
	INTAKE_TLS_TABLE(X)
#undef X
};

/* The quarantine folder when none is configured. */
#define INTAKE_QUARANTINE		"Quarantine"

/* Default limits (a field left 0 takes these). */
#define INTAKE_CONNECT_TIMEOUT_MS	10000L
#define INTAKE_TIMEOUT_MS		60000L

/* Options for every driver; each reads what concerns it.  Zeroed is a
 * valid start.  Strings are not owned (intake_open copies what it keeps). */
struct intake_config {
	const char	*user;		/* IMAP login (mailbox_user) */
	const char	*password_file;	/* IMAP: its first line is the
					   password (mailbox_password_file) */
	const char	*ca_file;	/* PEM CAs to verify the server with;
					   NULL: the system's store */
	enum intake_tls	 tls;
	const char	*processed;	/* IMAP: folder processed mail is
					   moved to (created if missing);
					   NULL: it stays, flagged \Seen */
	const char	*quarantine;	/* the quarantine folder's name, 1-64
					   of [A-Za-z0-9_-] and inner dots
					   (created if missing); NULL:
					   INTAKE_QUARANTINE */
	long		 connect_timeout_ms;	/* 0: the default */
	long		 timeout_ms;	/* each IMAP command; 0: the default */
	size_t		 max_size;	/* largest message; 0: MAIL_RAW_MAX */
	int		 fd;		/* stdin: the descriptor (0 is
					   standard input) */
};

/* One message handed out by intake_next.  Owned by the caller, released
 * with intake_msg_free after intake_commit or intake_abort. */
struct intake_msg {
	char		*raw;		/* owned; the bytes as stored, with a
					   NUL after them; NULL if REJECT */
	size_t		 len;		/* bytes in raw */
	char		*handle;	/* owned; the driver's name for it:
					   Maildir "new/NAME" or "cur/NAME",
					   IMAP the UID in decimal, stdin "-" */
	unsigned long	 uid;		/* IMAP UID; 0 for other drivers */
	char		*where;		/* owned; for log lines, e.g.
					   "maildir:/m/new/NAME" or
					   "imap://h/INBOX UID 7" */
};

struct intake;

/* One driver: a table of functions, one instance per intake-*.c file.
 * Every function returns an enum intake_status; on TEMP, PERM and REJECT
 * it sets *cause (owned by the caller), otherwise it leaves *cause NULL. */
struct intake_ops {
	const char	*scheme;	/* "maildir", "imap", ... */
	/* Checks and connects.  OK, TEMP, PERM.  `rest` is the URL after
	 * "scheme:".  On failure the driver has freed its data. */
	int	(*open)(struct intake *, const char *rest,
		    const struct intake_config *, char **cause);
	/* OK (*out set), DONE, TEMP, PERM, REJECT (*out set, raw NULL). */
	int	(*next)(struct intake *, struct intake_msg **out,
		    char **cause);
	/* OK, TEMP, PERM.  The message stays the caller's. */
	int	(*commit)(struct intake *, struct intake_msg *, char **cause);
	/* OK, TEMP, PERM.  The message stays the caller's. */
	int	(*abort)(struct intake *, struct intake_msg *, char **cause);
	/* OK, TEMP, PERM.  The message stays the caller's. */
	int	(*quarantine)(struct intake *, struct intake_msg *,
		    char **cause);
	/* Leaves every message handed out and not committed for the next
	 * poll, disconnects and frees the driver's data. */
	void	(*close)(struct intake *);	/* Optional (NULL: commit one at a time): commits the n messages
	 * in one exchange, all or, on failure, some or none of them; every
	 * driver that has it must allow a message committed twice.  OK,
	 * TEMP, PERM.  The messages stay the caller's. */
	int	(*commit_list)(struct intake *, struct intake_msg **, size_t n,
		    char **cause);
};

struct intake {
	const struct intake_ops	*ops;
	char			*url;	/* owned; as given to intake_open */
	void			*data;	/* the driver's */
};

extern const struct intake_ops intake_maildir_ops;
extern const struct intake_ops intake_imap_ops;
extern const struct intake_ops intake_stdin_ops;

/* Chooses the driver by the URL's scheme and opens it.  OK with *out
 * (owned by the caller, released with intake_close), TEMP or PERM (an
 * unknown scheme is PERM, naming the schemes there are) with *cause. */
enum intake_status intake_open(const char *url, const struct intake_config *,
	    struct intake **out, char **cause);
/* OK (*out owned by the caller), DONE, TEMP, PERM, REJECT: see above. */
enum intake_status intake_next(struct intake *, struct intake_msg **out,
	    char **cause);
/* Marks msg processed.  Call ONLY after the transaction that recorded it
 * committed and was synced.  OK, TEMP, PERM.  A failure here loses nothing: the message
 * is offered again and recognised by its Message-ID. */
enum intake_status intake_commit(struct intake *, struct intake_msg *,
	    char **cause);
/* Marks the n messages of msgs processed, as intake_commit each, in as
 * few exchanges as the driver can (IMAP: one UID STORE and one UID MOVE
 * for all).  Call ONLY under intake_commit's condition.  OK: all are
 * marked.  TEMP, PERM: *done of them (from the first) are known to be
 * marked, and the caller marks each of the rest with intake_commit (a
 * message marked twice is no harm).  Nothing is lost either way. */
enum intake_status intake_commit_list(struct intake *, struct intake_msg **msgs,
	    size_t n, size_t *done, char **cause);
/* Leaves msg to be offered again at the next poll.  OK, TEMP, PERM. */
enum intake_status intake_abort(struct intake *, struct intake_msg *,
	    char **cause);
/* Moves msg (a message from intake_next, OK or REJECT) to the quarantine
 * folder, never to be offered again; stdin: does nothing (the caller's
 * exit status refuses it).  OK, TEMP, PERM.  On failure the message may
 * be offered again: the caller quarantines it again then. */
enum intake_status intake_quarantine(struct intake *, struct intake_msg *,
	    char **cause);
/* 1 when name can name the quarantine folder (see intake_config). */
int		 intake_folder_ok(const char *name);
/* Closes and frees; NULL is allowed. */
void		 intake_close(struct intake *);
void		 intake_msg_free(struct intake_msg *);

/* "ok", "done", "temporary", ...; a static string. */
const char	*intake_status_name(enum intake_status);
/* Parses "required", "optional" or "off"; 0, or -1. */
int		 intake_tls_parse(const char *, enum intake_tls *);
const char	*intake_tls_name(enum intake_tls);

#endif
