/* compose-int.h: the encoders behind compose_build (compose-enc.c). */
#ifndef NV_COMPOSE_INT_H
#define NV_COMPOSE_INT_H

#include <stddef.h>

#include "buf.h"

/* Longest line written (RFC 5322 2.1.1 "SHOULD be no more than 78"),
 * and the longest quoted-printable or base64 line (RFC 2045). */
#define COMPOSE_LINE_MAX	78
#define COMPOSE_ENC_LINE_MAX	76

/* Length of the well-formed UTF-8 sequence at p (at most left bytes):
 * 1-4, or 0 when it is malformed (overlong, surrogate, beyond U+10FFFF,
 * truncated) or a NUL (str_utf8_seq, which is this but for the NUL). */
size_t	cenc_utf8_seq(const unsigned char *p, size_t left);
/* 1 when the len bytes at s are well-formed UTF-8 without NUL; otherwise
 * 0 with *bad the offset of the first wrong byte. */
int	cenc_utf8_valid(const char *s, size_t len, size_t *bad);

/* Base64 of len bytes, on one line (encoded words). */
void	cenc_base64(struct buf *, const void *, size_t);
/* Base64 in lines of 76 characters, each ending in CRLF. */
void	cenc_base64_lines(struct buf *, const void *, size_t);

/* One line of text (no line end, valid UTF-8) as quoted-printable lines
 * of at most 76 characters, with soft line breaks between the bytes of
 * different characters, ending in CRLF. */
void	cenc_qp_line(struct buf *, const char *, size_t);

/* "Subject: " and s (valid UTF-8 without controls other than tab) folded
 * within 78 characters, as RFC 2047 "B" encoded words when it is not
 * ASCII, holds "=?", or cannot be folded at its spaces; ends in CRLF. */
void	cenc_subject(struct buf *, const char *s);

#endif
