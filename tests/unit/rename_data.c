/* rename_data.c: the data directory's rulesets and a directory's files,
 * for the renaming check, and the random battles' maps (see
 * rename_fixture.h). */
#include "config.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "hex.h"
#include "rename_fixture.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "xalloc.h"

/* ---- the data directory ---------------------------------------------- */

void
rn_world_init(struct rn_world *w)
{
	memset(w, 0, sizeof *w);
	w->rng = datafix_read("schema/scenario.rng", &w->rnglen);
}

void
rn_world_free(struct rn_world *w)
{
	size_t	i;

	for (i = 0; i < w->nrs; i++)
		ruleset_free(w->rs[i]);
	free(w->rs);
	free(w->rng);
}

const struct nv_ruleset *
rn_ruleset(struct rn_world *w, const char *id)
{
	struct nv_ruleset *rs;
	size_t		 i;

	for (i = 0; i < w->nrs; i++)
		if (strcmp(w->rs[i]->id, id) == 0)
			return w->rs[i];
	if ((rs = datafix_ruleset(id)) == NULL)
		return NULL;
	w->rs = xreallocarray(w->rs, w->nrs + 1, sizeof *w->rs);
	w->rs[w->nrs++] = rs;
	return rs;
}

struct nv_state *
rn_load(struct rn_world *w, const char *name, const char *xml, char **why)
{
	const struct nv_ruleset	*rs;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	struct nv_state		*st = NULL;
	char			*id;

	*why = NULL;
	id = state_xml_ruleset(name, xml, strlen(xml), &d);
	if (id != NULL && (rs = rn_ruleset(w, id)) == NULL)
		buf_printf(&b, "no ruleset %s in the data directory", id);
	else if (id != NULL)
		st = state_xml_load(rs, name, xml, strlen(xml), w->rng,
		    w->rnglen, &d);
	if (st == NULL) {
		diag_format(&d, &b);
		*why = buf_detach(&b);
	}
	free(id);
	diag_free(&d);
	return st;
}

int
rn_cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

void
rn_sort(char **v, size_t n)
{
	if (n > 0)
		qsort(v, n, sizeof *v, rn_cmp_str);
}

size_t
rn_list_dir(const char *dir, const char *prefix, const char *suffix,
    char ***out)
{
	DIR		*dp = opendir(dir);
	struct dirent	*de;
	size_t		 n = 0, len, plen = strlen(prefix);
	size_t		 slen = strlen(suffix);

	*out = NULL;
	if (dp == NULL)
		fail_msg("cannot read %s", dir);
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < plen + slen ||
		    strncmp(de->d_name, prefix, plen) != 0 ||
		    strcmp(de->d_name + len - slen, suffix) != 0)
			continue;
		*out = xreallocarray(*out, n + 1, sizeof **out);
		(*out)[n++] = xstrdup(de->d_name);
	}
	closedir(dp);
	rn_sort(*out, n);
	return n;
}

void
rn_list_free(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

size_t
rn_ruleset_ids(char ***ids)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path;
	size_t		 n, k;

	path = xasprintf("%s/rulesets", dir != NULL ? dir : "../data");
	n = rn_list_dir(path, "", ".xml", ids);
	for (k = 0; k < n; k++)
		(*ids)[k][strlen((*ids)[k]) - 4] = '\0';
	free(path);
	return n;
}

/* ---- the generators' maps ---------------------------------------------- */

void
rn_map_xml(int cols, int rows, unsigned char *grid, struct rn_rng *r,
    struct buf *b)
{
	char	h[8];
	int	i, c;

	buf_printf(b, "  <map columns=\"%d\" rows=\"%d\">\n", cols, rows);
	/* The bound drawn again each time round, as it always was: the same
	 * seed gives the same battles. */
	for (i = 0; i < 4 + rn_below(r, 8); i++) {
		c = rn_below(r, cols * rows);
		if (grid[c])
			continue;
		grid[c] = RN_LAND;
		buf_printf(b, "    <land hex=\"%s\"/>\n", hex_format(
		    hex_from_cr(c % cols + 1, c / cols + 1), 2, h));
	}
	buf_adds(b, "  </map>\n");
}

unsigned char *
rn_cell(unsigned char *grid, int cols, struct nv_hex h)
{
	int	c, row;

	hex_to_cr(h, &c, &row);
	return &grid[(row - 1) * cols + c - 1];
}

struct nv_hex
rn_box_hex(unsigned char *grid, int cols, int rows, struct rn_rng *r)
{
	struct nv_hex	h;
	int		c, row;

	do {
		c = cols / 2 - 3 + rn_below(r, 7);
		row = rows / 2 - 3 + rn_below(r, 7);
		h = hex_from_cr(c, row);
	} while (*rn_cell(grid, cols, h) != 0);
	*rn_cell(grid, cols, h) = RN_TAKEN;
	return h;
}
