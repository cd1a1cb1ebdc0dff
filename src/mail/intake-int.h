/* intake-int.h: what the intake drivers share (not for other layers). */
#ifndef NV_INTAKE_INT_H
#define NV_INTAKE_INT_H

#include <stddef.h>

struct intake_msg;
struct intake_config;

/* The quarantine folder the config names (INTAKE_QUARANTINE if NULL). */
const char	*intake_quarantine_name(const struct intake_config *);

/* The message size limit the config asks for (MAIL_RAW_MAX if 0). */
size_t		 intake_max_size(const struct intake_config *);

/* A new message with handle and where (both copied), no content yet.
 * Owned by the caller. */
struct intake_msg *intake_msg_new(const char *handle, const char *where);

/* Reads fd to its end into a new buffer with a NUL after the bytes (*out,
 * owned by the caller).  Returns 0; 1 when there are more than max bytes
 * (nothing returned); -1 on a read error, with errno set. */
int		 intake_read_fd(int fd, size_t max, char **out, size_t *len);

/* url for messages and logs, with any "user:password@" replaced by
 * "...@": a password written in the URL by mistake is never shown.
 * Owned by the caller. */
char		*intake_redact(const char *url);

#endif
