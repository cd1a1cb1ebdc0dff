/* ctl-load.c: finding data files and loading what commands work on. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "exitcode.h"
#include "fileio.h"
#include "orders.h"
#include "play.h"
#include "ruleset.h"
#include "state.h"
#include "state-xml.h"
#include "xalloc.h"

/* Order files are mail-sized; anything larger is not an order file. */
#define ORDERS_MAX	(1024 * 1024)

static const char *datadir_override;

void
ctl_set_datadir(const char *dir)
{
	datadir_override = dir;
}

const char *
ctl_datadir(void)
{
	const char	*env;

	if (datadir_override != NULL)
		return datadir_override;
	env = getenv("NAVARCH_DATADIR");
	if (env != NULL && *env != '\0')
		return env;
	return NV_DATADIR;
}

void
ctl_print_diag(const struct diag *d)
{
	struct buf	b = BUF_INIT;

	diag_format(d, &b);
	fputs(buf_str(&b), stderr);
	buf_free(&b);
}

int
ctl_load_state(const char *path, struct play_game *g)
{
	char	*xml, *cause;
	size_t	 len;
	int	 rc;

	memset(g, 0, sizeof *g);
	if (file_read(path, NV_XML_MAX, &xml, &len, &cause) != 0) {
		fprintf(stderr, "navarch: %s\n", cause);
		free(cause);
		return NV_EXIT_INPUT;
	}
	rc = ctl_load_state_mem(path, xml, len, g);
	free(xml);
	return rc;
}

int
ctl_load_state_mem(const char *name, const char *xml, size_t len,
    struct play_game *g)
{
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;
	enum play_code	 code;

	code = play_load_state(ctl_datadir(), name, xml, len, g, &d, &cause);
	if (code != PLAY_OK)
		return ctl_play_err(code, &d, cause);
	diag_free(&d);
	return 0;
}

int
ctl_load_orders(const struct play_game *g, char **files, size_t n, int play,
    struct nv_orders **out)
{
	struct nv_orders	*o = orders_new(g->st);
	struct diag		 d = DIAG_INIT;
	char			*text, *cause;
	size_t			 i, len;
	int			 bad = 0;

	o->use_standing = play;

	for (i = 0; i < n; i++) {
		if (file_read(files[i], ORDERS_MAX, &text, &len, &cause)
		    != 0) {
			fprintf(stderr, "navarch: %s\n", cause);
			free(cause);
			bad = 1;
			continue;
		}
		if (orders_parse(o, files[i], text, len, &d) != 0)
			bad = 1;
		free(text);
	}
	/* Validation runs even after parse errors, so that one answer
	 * lists every problem. */
	if (orders_validate(o, &d) != 0)
		bad = 1;
	if (bad || d.errors > 0) {
		ctl_print_diag(&d);
		diag_free(&d);
		orders_free(o);
		return NV_EXIT_INPUT;
	}
	ctl_print_diag(&d);	/* warnings, if any */
	diag_free(&d);
	*out = o;
	return 0;
}

int
ctl_write_with(const char *path, int (*fill)(FILE *, void *), void *arg)
{
	FILE	*f;
	int	 is_stdout = strcmp(path, "-") == 0;

	f = is_stdout ? stdout : fopen(path, "w");
	if (f == NULL) {
		fprintf(stderr, "navarch: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fill(f, arg) != 0 || ferror(f) || fflush(f) != 0) {
		fprintf(stderr, "navarch: %s: write error: %s\n", path,
		    strerror(errno));
		if (!is_stdout)
			fclose(f);
		return -1;
	}
	if (!is_stdout && fclose(f) != 0) {
		fprintf(stderr, "navarch: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* The text and its length, for fill_text. */
struct text {
	const char	*p;
	size_t		 len;
};

static int
fill_text(FILE *f, void *arg)
{
	const struct text	*t = arg;

	return fwrite(t->p, 1, t->len, f) == t->len ? 0 : -1;
}

int
ctl_write_file(const char *path, const char *text, size_t len)
{
	struct text	t = { text, len };

	return ctl_write_with(path, fill_text, &t);
}
