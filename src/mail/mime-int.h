/* mime-int.h: what the files of the MIME parser share; not for callers. */
#ifndef NV_MIME_INT_H
#define NV_MIME_INT_H

#include <stddef.h>

struct buf;
struct mail_msg;
struct mail_limits;
struct mailimf_fields;
struct mailmime;

/* mime-text.c: text into valid UTF-8.  Appends p[0..n) converted from
 * charset (NULL, us-ascii and unknown charsets are read as UTF-8); every
 * byte that cannot be converted becomes U+FFFD. */
void	 mime_text_to_utf8(struct buf *, const char *charset, const char *p,
	    size_t n);
/* Appends p[0..n) with CRLF and lone CR turned into LF and NUL into
 * U+FFFD; p must already be valid UTF-8. */
void	 mime_text_lf(struct buf *, const char *p, size_t n);
/* Turns the Unicode spaces of b (no-break, narrow, ...) into ASCII
 * spaces and drops the invisible characters (zero-width space, soft
 * hyphen, byte-order mark, word joiner), in place; b is valid UTF-8. */
void	 mime_text_spaces(struct buf *b);
/* A valid UTF-8 copy of s (owned by the caller). */
char	*mime_utf8_dup(const char *s);
/* Decodes RFC 2047 encoded words in s; returns UTF-8 owned by the caller. */
char	*mime_decode_words(const char *s);

/* mime-raw.c: looks at the raw bytes before libetpan does. */
/* Number of Content-Type fields libetpan reads as a multipart or message
 * type, however written (comments, folding, case, encoded words), and of
 * those it might (a comment before the colon): libetpan recurses at most
 * 2 n + 2 levels deep.  Counting stops once over max.  Call it only on a
 * message whose mime_raw_comment_depth is small: it hands the fields to
 * libetpan. */
size_t	 mime_raw_nesting(const char *raw, size_t len, size_t max);
/* The deepest nesting of comments "(...)" in one header field (or line),
 * quoted pairs read as libetpan reads them: libetpan recurses once per
 * level. */
size_t	 mime_raw_comment_depth(const char *raw, size_t len);
/* The value of the first top-level header field called name, unfolded and
 * trimmed (owned by the caller), or NULL. */
char	*mime_raw_field(const char *raw, size_t len, const char *name);
/* "sha256:<hex>" of the message without trace fields, LF line ends. */
char	*mime_raw_digest(const char *raw, size_t len);

/* mime-headers.c: fills identity, people, threading and the automatic-mail
 * classification from the top-level header fields. */
void	 mime_headers(struct mail_msg *, struct mailimf_fields *);
/* Sets is_auto with the reason, unless already set (first reason wins). */
void	 mime_set_auto(struct mail_msg *, const char *reason);

/* mime-body.c: fills body, body_source, body_error and the bounce fields
 * from the message's MIME tree (the top-level message part). */
void	 mime_body(struct mail_msg *, struct mailmime *);
/* Lower-case "type/subtype" of a part (owned by the caller). */
char	*mime_part_type(const struct mailmime *);
/* Decodes a single part's transfer encoding; returns 0 and *out and *outlen
 * (free with mailmime_decoded_part_free), or -1. */
int	 mime_part_decode(const struct mailmime *, char **out, size_t *outlen);

/* mime-dsn.c: reads a message/delivery-status part (decoded) and the
 * returned message or headers into the bounce fields. */
void	 mime_dsn_status(struct mail_msg *, const char *p, size_t n);
void	 mime_dsn_returned(struct mail_msg *, const struct mailmime *);

/* mime-child.c: the child's answer (the format is described there).
 * encode appends m; decode reads an answer of n bytes: MAIL_CHILD_OK
 * with *out, MAIL_CHILD_REFUSED with the child's *cause, or
 * MAIL_CHILD_FAILED (*cause: broken) for anything else, whatever the
 * bytes. */
void	 mime_child_encode(struct buf *, const struct mail_msg *);
int	 mime_child_decode(const char *p, size_t n, struct mail_msg **out,
	    char **cause);
/* The limits lim asks for, its fields left 0 (or lim NULL) the
 * defaults. */
void	 mime_child_limits(const struct mail_limits *lim,
	    struct mail_limits *l);
/* The child's side, in a process of its own: lowers its limits to l,
 * parses raw and writes the answer to fd, then _exit()s.  as: the
 * address space the child has (its parent knows it: the spawner), 0 to
 * read it from /proc/self/statm. */
void	 mime_child_main(int fd, const char *raw, size_t len,
	    const struct mail_limits *l, size_t as) __attribute__((noreturn));
/* The address space of this process now (/proc/self/statm), 0 if
 * unknown. */
size_t	 mime_child_address_space(void);
/* Loads what every child would load for itself at its first charset
 * conversion (iconv's gconv-modules.cache and a converter), so that the
 * children of a process that called it inherit them. */
void	 mime_child_preload(void);
/* Reads a child's answer from fd into b: 0 at its end, 1 over max bytes,
 * 2 after timeout_ms, -1 on a read error. */
int	 mime_child_collect(int fd, struct buf *b, size_t max,
	    long timeout_ms);
/* What became of a child that answered b (how: as mime_child_collect
 * returned) and ended with wait status wst, for a message of len bytes:
 * an enum mail_child_status, *out or *cause as mail_parse_child. */
int	 mime_child_judge(int wst, int how, size_t len,
	    const struct mail_limits *l, const struct buf *b,
	    struct mail_msg **out, char **cause);

/* mime-flowed.c: appends p[0..n) (LF line ends) decoded as RFC 3676
 * format=flowed: soft line breaks joined (delsp: DelSp=yes, the space
 * before each goes too), space-stuffing removed, quoted lines kept
 * quoted ("> " and their depth's '>'). */
void	 mime_flowed(struct buf *, const char *p, size_t n, int delsp);

/* mime-html.c: appends the text of an HTML document (valid UTF-8). */
void	 mime_html_text(struct buf *, const char *html, size_t n);

#endif
