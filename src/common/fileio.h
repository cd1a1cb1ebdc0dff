/* fileio.h: reading whole files, for the programs (never the engine). */
#ifndef NV_FILEIO_H
#define NV_FILEIO_H

#include <stddef.h>

/* Reads the file at path ("-" is standard input) into a new NUL-terminated
 * buffer (*out, owned by the caller) of *len bytes.  A file larger than max
 * bytes is refused.  Returns 0, or -1 with *cause set (owned by caller),
 * e.g. "orders.txt: No such file or directory". */
int	file_read(const char *path, size_t max, char **out, size_t *len,
	    char **cause);

#endif
