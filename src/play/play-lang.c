/* play-lang.c: the languages the templates are installed in (SET
 * LANGUAGE, docs/templates.md).
 *
 * A language is a subdirectory of the template directory named by its
 * code (de, pt-br) that holds at least one template (a file ending in
 * .xsl).  A mail or report for a player who chose it is made with the
 * language's copy of the template it needs where the language has one,
 * else with the default template: a translation may be partial.  The
 * code is checked before it becomes part of a path, so no player's
 * choice can name a file outside the template directory. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "play-int.h"
#include "xalloc.h"

/* A code is a primary tag of 2 to 8 letters, then at most one subtag of
 * 2 to 8 letters or digits after '-' (RFC 5646's shape, short). */
int
play_lang_valid(const char *code)
{
	size_t	i, n;

	if (code == NULL)
		return 0;
	for (n = 0; isalpha((unsigned char)code[n]); n++)
		continue;
	if (n < 2 || n > 8)
		return 0;
	if (code[n] == '\0')
		return 1;
	if (code[n] != '-')
		return 0;
	for (i = n + 1; isalnum((unsigned char)code[i]); i++)
		continue;
	return code[i] == '\0' && i - n - 1 >= 2 && i - n - 1 <= 8;
}

static int
is_file(const char *path)
{
	struct stat	sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

char *
play_template_path(const char *dir, const char *lang, const char *file)
{
	char	*path;

	if (lang != NULL && *lang != '\0' && play_lang_valid(lang)) {
		path = xasprintf("%s/%s/%s", dir, lang, file);
		if (is_file(path))
			return path;
		free(path);
	}
	return xasprintf("%s/%s", dir, file);
}

/* 1 if dir/name is a directory with a template in it. */
static int
installed(const char *dir, const char *name)
{
	DIR		*d;
	struct dirent	*e;
	char		*sub = xasprintf("%s/%s", dir, name), *path;
	size_t		 n;
	int		 found = 0;

	if ((d = opendir(sub)) == NULL) {
		free(sub);
		return 0;
	}
	while (!found && (e = readdir(d)) != NULL) {
		n = strlen(e->d_name);
		if (n <= 4 || strcmp(e->d_name + n - 4, ".xsl") != 0)
			continue;
		path = xasprintf("%s/%s", sub, e->d_name);
		found = is_file(path);
		free(path);
	}
	closedir(d);
	free(sub);
	return found;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

size_t
play_langs(const char *dir, char ***out)
{
	DIR		*d;
	struct dirent	*e;
	size_t		 n = 0;

	*out = NULL;
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (!play_lang_valid(e->d_name) || !installed(dir, e->d_name))
			continue;
		*out = xreallocarray(*out, n + 1, sizeof **out);
		(*out)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	/* readdir's order is the file system's: sorted, the list is the
	 * same on every machine. */
	if (n > 1)
		qsort(*out, n, sizeof **out, cmp_str);
	return n;
}

void
play_langs_free(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

enum play_code
play_lang_check(const char *dir, const char *code, char **canon,
    char **cause)
{
	struct buf	 b = BUF_INIT;
	char		**v;
	size_t		 i, n;

	*canon = NULL;
	n = play_langs(dir, &v);
	for (i = 0; i < n && *canon == NULL; i++)
		if (strcasecmp(v[i], code) == 0)
			*canon = xstrdup(v[i]);
	if (*canon == NULL) {
		for (i = 0; i < n; i++)
			buf_printf(&b, "%s%s", i > 0 ? ", " : "", v[i]);
		*cause = n == 0 ? xasprintf("'%s' is not installed: the "
		    "templates are in one language only (GAME)", code) :
		    xasprintf("'%s' is not installed; installed: %s, or "
		    "GAME (the default templates)", code, buf_str(&b));
		buf_free(&b);
	}
	play_langs_free(v, n);
	return *canon != NULL ? PLAY_OK : PLAY_INPUT;
}
