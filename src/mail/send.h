/* send.h: handing one finished mail to the world (docs/sending.md).
 *
 * One interface, one driver per file, chosen by the scheme of the
 * configured URL (the daemon's `smtp` key):
 *   smtp://host[:port][/EHLO-NAME]	SMTP with STARTTLS per `tls`
 *   smtps://host[:port][/EHLO-NAME]	SMTP over TLS from the first byte
 *					(send-smtp.c, libcurl)
 *   file:/path/to/Maildir		every mail into one local Maildir, the
 *					embedded default (send-file.c)
 *
 * Every result is an enum send_code.  The caller (outbox.c) retries
 * SEND_TEMP later with backoff and gives up at once on SEND_PERM; either
 * sets *cause (owned by the caller) to one sentence that names the server
 * and quotes its answer where there was one.  *cause is never set on
 * SEND_OK.
 *
 * Durability: an SMTP server's 250 is its promise to keep the mail, so a
 * message is safe when send_message returns SEND_OK.  The file: driver
 * writes each message without syncing it and makes everything written
 * since the last flush durable at send_flush, with as few disk syncs as
 * it can (one syncfs(2) where there is one): a caller that must know a
 * message is kept (the outbox, before it marks a row sent) flushes
 * first. */
#ifndef NV_SEND_H
#define NV_SEND_H

#include <stddef.h>

#define SEND_CODES(X)							\
	X(OK,	"ok")							\
	X(TEMP,	"temporary failure")					\
	X(PERM,	"permanent failure")

enum send_code {
#define X(e, s) SEND_##e,
	SEND_CODES(X)
#undef X
	SEND_CODE_COUNT
};

/* The daemon's `tls` key, for smtp:// (smtps:// is always TLS):
 * required (the default): STARTTLS or nothing is sent, so no password
 *   ever crosses the network in clear;
 * optional: STARTTLS when offered, else plain (a password too!);
 * off: never STARTTLS (a private loopback server). */
#define SEND_TLS_MODES(X)						\
	X(REQUIRED,	"required")					\
	X(OPTIONAL,	"optional")					\
	X(OFF,		"off")

enum send_tls {
#define X(e, s) SEND_TLS_##e,
	SEND_TLS_MODES(X)
#undef X
	SEND_TLS_COUNT
};

/* Names (static) and the parser (0, or -1 for an unknown name). */
const char	*send_code_name(enum send_code);
const char	*send_tls_name(enum send_tls);
int		 send_tls_parse(const char *, enum send_tls *);

#define SEND_CONNECT_TIMEOUT_MS	30000L
#define SEND_TIMEOUT_MS		120000L
#define SEND_PASSWORD_MAX	1024
/* The file: driver removes files in its tmp/ older than this (seconds)
 * when it is opened: a crash mid-delivery left them. */
#define SEND_FILE_STALE		86400

/* Borrowed during send_open only: drivers copy what they keep. */
struct send_config {
	const char	*url;		/* smtp://, smtps:// or file: */
	const char	*from;		/* envelope sender (MAIL FROM), an
					   addr-spec such as navarch@host */
	const char	*user;		/* NULL: no AUTH */
	const char	*password_file;	/* first line is the password;
					   needed with user */
	const char	*ca_file;	/* PEM CAs; NULL: the system's */
	enum send_tls	 tls;		/* 0 is SEND_TLS_REQUIRED */
	long		 connect_timeout_ms;	/* 0: SEND_CONNECT_TIMEOUT_MS */
	long		 timeout_ms;	/* whole message; 0: SEND_TIMEOUT_MS */
};

/* A driver: a table of functions, one instance per file. */
struct send_driver {
	const char	*name;
	/* 1 when the driver handles url. */
	int		(*match)(const char *url);
	/* SEND_OK with *data, or SEND_PERM (a configuration error). */
	int		(*open)(const struct send_config *, void **data,
			    char **cause);
	/* msg holds CRLF line ends; rcpt and from are checked addr-specs. */
	int		(*send)(void *data, const char *from, const char *rcpt,
			    const char *msg, size_t len, char **cause);
	void		(*close)(void *data);
	/* Makes every message send accepted since the last flush durable:
	 * SEND_OK, or SEND_TEMP with *cause for all of them (none may be
	 * counted as kept).  NULL for a driver whose send is durable when
	 * it returns (SMTP: the server's 250). */
	int		(*flush)(void *data, char **cause);
};

extern const struct send_driver send_smtp_driver;	/* send-smtp.c */
extern const struct send_driver send_file_driver;	/* send-file.c */

struct sender;

/* Opens the driver the URL names.  *out is owned by the caller
 * (send_close).  Returns SEND_OK, or SEND_PERM with *cause for a
 * configuration error (unknown scheme, bad URL, from not an address,
 * user without a readable password file, a Maildir that cannot be
 * created).  Nothing touches the network yet. */
enum send_code send_open(const struct send_config *, struct sender **out,
	    char **cause);
/* The same with a given driver (tests use a scripted one). */
enum send_code send_open_driver(const struct send_driver *,
	    const struct send_config *, struct sender **out, char **cause);
/* Sends msg (len bytes; LF or CRLF line ends, written as CRLF) to rcpt.
 * Returns SEND_OK; SEND_TEMP (4xx, no connection, timeout, a local disk
 * error); SEND_PERM (5xx such as 550 for an unknown recipient, refused
 * credentials, a certificate that does not verify, STARTTLS required but
 * not offered, rcpt not an address). */
enum send_code send_message(struct sender *, const char *rcpt, const char *msg,
	    size_t len, char **cause);
/* Makes every message sent since the last flush durable (the driver's
 * flush; nothing to do for a driver without one).  Returns SEND_OK, or
 * SEND_TEMP with *cause (owned by the caller): then none of those
 * messages may be taken as delivered (they may or may not be on disk). */
enum send_code send_flush(struct sender *, char **cause);
/* 1 when the driver has a flush: its messages are durable only after
 * send_flush, so a caller may send several before one flush; 0 when
 * each is durable as send_message returns. */
int	send_batches(const struct sender *);
/* Closes the connection, wipes the password.  Does not flush: what was
 * sent since the last send_flush may or may not be kept.  NULL is
 * fine. */
void	send_close(struct sender *);

/* 1 when s is a plain addr-spec that is safe on an SMTP command line: one
 * '@' with text either side, printable ASCII, no spaces, brackets,
 * commas or quotes. */
int	send_addr_ok(const char *s);

#endif
