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

/* Moves a loaded game from the play layer's struct into the CLI's. */
static void
from_play(struct ctl_game *g, struct play_game *pg)
{
	g->rs = pg->rs;
	g->st = pg->st;
	g->rng = pg->rng;
	g->rnglen = pg->rnglen;
}

int
ctl_load_state(const char *path, struct ctl_game *g)
{
	char	*xml, *cause;
	size_t	 len;
	int	 rc;

	g->rs = NULL;
	g->st = NULL;
	g->rng = NULL;
	if (file_read(path, NV_XML_MAX, &xml, &len, &cause) != 0) {
		fprintf(stderr, "navarch: %s\n", cause);
		free(cause);
		return NV_EXIT_INPUT;
	}
	rc = ctl_load_state_mem(path, xml, len, g);
	free(xml);
	return rc;
}

/* Prints what play_load_state reported: missing data files are a
 * configuration problem, not bad input, and the hint says how to fix it. */
static void
print_load_error(int rc, struct diag *d, char *cause)
{
	ctl_print_diag(d);
	if (cause != NULL && rc == NV_EXIT_CONFIG)
		fprintf(stderr, "navarch: %s (set NAVARCH_DATADIR or "
		    "--datadir to the directory holding rulesets/ and "
		    "schema/)\n", cause);
	else if (cause != NULL)
		fprintf(stderr, "navarch: %s\n", cause);
	free(cause);
}

int
ctl_load_state_mem(const char *name, const char *xml, size_t len,
    struct ctl_game *g)
{
	struct play_game	 pg;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL;
	int			 rc;

	rc = play_load_state(ctl_datadir(), name, xml, len, &pg, &d, &cause);
	if (rc != 0)
		print_load_error(rc, &d, cause);
	from_play(g, &pg);
	diag_free(&d);
	return rc;
}

int
ctl_parse_state(const struct ctl_game *g, const char *name, const char *xml,
    size_t len, struct nv_state **out, struct diag *d)
{
	*out = state_xml_load(g->rs, name, xml, len, g->rng, g->rnglen, d);
	return *out != NULL ? 0 : -1;
}

void
ctl_game_free(struct ctl_game *g)
{
	state_free(g->st);
	ruleset_free(g->rs);
	free(g->rng);
	g->st = NULL;
	g->rs = NULL;
	g->rng = NULL;
}

int
ctl_load_orders(const struct ctl_game *g, char **files, size_t n, int play,
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
ctl_write_file(const char *path, const char *text, size_t len)
{
	FILE	*f;
	int	 is_stdout = strcmp(path, "-") == 0;

	f = is_stdout ? stdout : fopen(path, "w");
	if (f == NULL) {
		fprintf(stderr, "navarch: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fwrite(text, 1, len, f) != len || fflush(f) != 0) {
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
