/* replay.c: a fuzz target without libFuzzer (see fuzz.h).
 *
 * replay-TARGET [FILE-OR-DIRECTORY...]: feeds every file (every regular
 * file of a directory, in name order) to the target's
 * LLVMFuzzerTestOneInput once, as libFuzzer would replay a crash.  With
 * no argument (as `make check` runs it): the target's seed corpus and its
 * regression cases, tests/fuzz/TARGET/ and tests/fuzz/regressions/TARGET/
 * of the source tree.  A file that makes the target crash or abort kills
 * the program; otherwise it prints "N passed, 0 failed" (the suite's
 * count) and exits 0.  Exit 1: a file could not be read. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "fuzz.h"
#include "xalloc.h"

#define INPUT_MAX	(64 * 1024 * 1024)

static int
run_file(const char *path)
{
	char	*data, *cause;
	size_t	 len;

	if (file_read(path, INPUT_MAX, &data, &len, &cause) != 0) {
		fprintf(stderr, "replay: %s\n", cause);
		free(cause);
		return -1;
	}
	/* Named before it runs, so a crash says which file did it. */
	fprintf(stderr, "replay: %s\n", path);
	LLVMFuzzerTestOneInput((const uint8_t *)data, len);
	free(data);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir; returns the count, or -1. */
static int
run_dir(const char *dir)
{
	DIR		*dp;
	struct dirent	*de;
	struct stat	 sb;
	char		**v = NULL, *path;
	size_t		 n = 0, i;
	int		 count = 0;

	if ((dp = opendir(dir)) == NULL) {
		perror(dir);
		return -1;
	}
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
			free(path);
			continue;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = path;
	}
	closedir(dp);
	if (n > 0)
		qsort(v, n, sizeof *v, by_name);
	for (i = 0; i < n; i++) {
		if (count >= 0 && run_file(v[i]) == 0)
			count++;
		else
			count = -1;
		free(v[i]);
	}
	free(v);
	return count;
}

/* Runs a file or every file of a directory; the count or -1. */
static int
run_path(const char *path)
{
	struct stat	sb;

	if (stat(path, &sb) != 0) {
		perror(path);
		return -1;
	}
	if (S_ISDIR(sb.st_mode))
		return run_dir(path);
	return run_file(path) == 0 ? 1 : -1;
}

int
main(int argc, char **argv)
{
	const char	*src = getenv("NAVARCH_SRCDIR");
	char		*dirs[2];
	int		 i, n, total = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	if (argc > 1) {
		for (i = 1; i < argc; i++) {
			if ((n = run_path(argv[i])) < 0)
				return 1;
			total += n;
		}
		printf("%d inputs replayed\n", total);
		return 0;
	}
	if (src == NULL || *src == '\0')
		src = FUZZ_SRCDIR;
	dirs[0] = xasprintf("%s/tests/fuzz/%s", src, FUZZ_TARGET);
	dirs[1] = xasprintf("%s/tests/fuzz/regressions/%s", src,
	    FUZZ_TARGET);
	for (i = 0; i < 2; i++) {
		/* A target may have no regression case yet. */
		if (i == 1 && access(dirs[i], F_OK) != 0)
			n = 0;
		else if ((n = run_path(dirs[i])) < 0)
			return 1;
		printf("%s: %d inputs\n", dirs[i], n);
		total += n;
		free(dirs[i]);
	}
	/* Every input ran to its end, or the program died on it. */
	printf("%d passed, 0 failed\n", total);
	return 0;
}
