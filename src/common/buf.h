/* buf.h: a growable, always NUL-terminated byte buffer.
 *
 * Used wherever text is built piece by piece (event sentences, canonical
 * output, error messages) so that nothing is ever written with sprintf into
 * a fixed array. */
#ifndef NV_BUF_H
#define NV_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char	*p;	/* NUL-terminated; NULL until the first add */
	size_t	 len;	/* bytes used, not counting the NUL */
	size_t	 cap;
};

#define BUF_INIT { NULL, 0, 0 }

void	 buf_add(struct buf *, const void *, size_t);
void	 buf_adds(struct buf *, const char *);
void	 buf_addc(struct buf *, char);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
void	 buf_reset(struct buf *);	/* len = 0, keeps the memory */
void	 buf_free(struct buf *);
/* Returns the contents (never NULL), owned by the caller; the buffer is
 * left empty and may be reused. */
char	*buf_detach(struct buf *);
/* Contents as a string; never NULL, owned by the buffer. */
const char *buf_str(const struct buf *);

#endif
