/* xalloc.h: allocation that never returns NULL.
 *
 * Navarch treats running out of memory as fatal: every function here either
 * succeeds or aborts the process with a message.  Callers therefore never
 * check these results for NULL. */
#ifndef NV_XALLOC_H
#define NV_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* All returned pointers are owned by the caller and released with free(). */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));

#endif
