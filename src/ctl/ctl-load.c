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

/* Reads a file of the data directory: data files missing is a
 * configuration problem, not bad input. */
static int
read_data(const char *rel, char **text, size_t *len)
{
	char	*path, *cause;
	int	 rc;

	path = xasprintf("%s/%s", ctl_datadir(), rel);
	rc = file_read(path, NV_XML_MAX, text, len, &cause);
	if (rc != 0) {
		fprintf(stderr, "navarch: %s (set NAVARCH_DATADIR or "
		    "--datadir to the directory holding rulesets/ and "
		    "schema/)\n", cause);
		free(cause);
	}
	free(path);
	return rc;
}

static int
load_ruleset(const char *id, struct nv_ruleset **out)
{
	struct diag	 d = DIAG_INIT;
	char		*rel, *xml = NULL, *rng = NULL;
	size_t		 xlen, rlen;
	int		 rc = NV_EXIT_CONFIG;

	if (ruleset_ops_find(id) == NULL) {
		fprintf(stderr, "navarch: unknown ruleset '%s' (this build "
		    "has: classic)\n", id);
		return NV_EXIT_INPUT;
	}
	rel = xasprintf("rulesets/%s.xml", id);
	if (read_data(rel, &xml, &xlen) != 0)
		goto out;
	free(rel);
	rel = xasprintf("schema/ruleset-%s.rng", id);
	if (read_data(rel, &rng, &rlen) != 0)
		goto out;
	free(rel);
	rel = xasprintf("%s/rulesets/%s.xml", ctl_datadir(), id);
	*out = ruleset_load(rel, xml, xlen, rng, rlen, &d);
	if (*out == NULL) {
		ctl_print_diag(&d);
		goto out;
	}
	rc = 0;
out:
	free(rel);
	free(xml);
	free(rng);
	diag_free(&d);
	return rc;
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

int
ctl_load_state_mem(const char *name, const char *xml, size_t len,
    struct ctl_game *g)
{
	struct diag	 d = DIAG_INIT;
	char		*id = NULL;
	int		 rc = NV_EXIT_INPUT;

	g->rs = NULL;
	g->st = NULL;
	g->rng = NULL;
	id = state_xml_ruleset(name, xml, len, &d);
	if (id == NULL) {
		ctl_print_diag(&d);
		goto out;
	}
	if ((rc = load_ruleset(id, &g->rs)) != 0)
		goto out;
	rc = NV_EXIT_CONFIG;
	if (read_data("schema/scenario.rng", &g->rng, &g->rnglen) != 0)
		goto out;
	rc = NV_EXIT_INPUT;
	if (ctl_parse_state(g, name, xml, len, &g->st, &d) != 0) {
		ctl_print_diag(&d);
		goto out;
	}
	rc = 0;
out:
	if (rc != 0)
		ctl_game_free(g);
	free(id);
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
ctl_load_orders(const struct ctl_game *g, char **files, size_t n,
    struct nv_orders **out)
{
	struct nv_orders	*o = orders_new(g->st);
	struct diag		 d = DIAG_INIT;
	char			*text, *cause;
	size_t			 i, len;
	int			 bad = 0;

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
