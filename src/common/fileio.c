/* fileio.c: reading whole files (see fileio.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fileio.h"
#include "xalloc.h"

int
file_read(const char *path, size_t max, char **out, size_t *len,
    char **cause)
{
	FILE		*f;
	struct buf	 b = BUF_INIT;
	char		 chunk[8192];
	size_t		 n;
	int		 is_stdin = strcmp(path, "-") == 0;

	f = is_stdin ? stdin : fopen(path, "rb");
	if (f == NULL) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (b.len + n > max) {
			*cause = xasprintf("%s: larger than %zu bytes", path,
			    max);
			goto fail;
		}
		buf_add(&b, chunk, n);
	}
	if (ferror(f)) {
		*cause = xasprintf("%s: read error: %s", path,
		    strerror(errno));
		goto fail;
	}
	if (!is_stdin)
		fclose(f);
	*len = b.len;
	*out = buf_detach(&b);
	return 0;

fail:
	if (!is_stdin)
		fclose(f);
	buf_free(&b);
	return -1;
}
