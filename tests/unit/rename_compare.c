/* rename_compare.c: the first difference between a turn's next state and
 * the next state of the same turn renamed (see rename_fixture.h). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "rename_fixture.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

/* ---- comparing -------------------------------------------------------- */

static void
differ(struct buf *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Keeps the first difference only. */
static void
differ(struct buf *d, const char *fmt, ...)
{
	va_list	ap;

	if (d->len > 0)
		return;
	va_start(ap, fmt);
	buf_vprintf(d, fmt, ap);
	va_end(ap);
}

/* One attribute table's values (what names whose: "s3", "side a"). */
static void
compare_table(struct buf *d, const char *what,
    const struct nv_attr_def *defs, size_t ndefs, const struct nv_attrval *x,
    const struct nv_attrval *y, char *const *from, char *const *to,
    size_t n)
{
	const struct nv_attr_def *def;
	char			*lx, *ly;
	size_t			 a;

	for (a = 0; x != NULL && y != NULL && a < ndefs; a++) {
		def = &defs[a];
		if (def->kind == NV_ATTR_INT && x[a].i != y[a].i)
			differ(d, "%s: %s %ld, renamed %ld", what, def->name,
			    x[a].i, y[a].i);
		if (def->kind == NV_ATTR_TEXT && strcmp(x[a].s != NULL ?
		    x[a].s : "", y[a].s != NULL ? y[a].s : ""))
			differ(d, "%s: %s \"%s\", renamed \"%s\"", what,
			    def->name, x[a].s, y[a].s);
		if (def->kind != NV_ATTR_IDS)
			continue;
		lx = rn_map_list(from, to, n, x[a].s);
		ly = rn_map_list(from, to, 0, y[a].s);
		if (strcmp(lx, ly) != 0)
			differ(d, "%s: %s \"%s\" (renamed), renamed \"%s\"",
			    what, def->name, lx, ly);
		free(lx);
		free(ly);
	}
}

/* Two standing orders (of a ship or a squadron, what), the first's ship
 * ids mapped word by word. */
static void
compare_standing(struct buf *d, const char *what, const char *x,
    const char *y, char *const *from, char *const *to, size_t n)
{
	struct buf	 m = BUF_INIT;
	char		*copy = xstrdup(x != NULL ? x : ""), *w[256];
	size_t		 k, nw = str_split_words(copy, w, 256);

	for (k = 0; k < nw && k < 256; k++)
		buf_printf(&m, "%s%s", k > 0 ? " " : "",
		    rn_map_id(from, to, n, w[k]));
	if (strcmp(buf_str(&m), y != NULL ? y : "") != 0)
		differ(d, "%s: standing order \"%s\", renamed \"%s\"", what,
		    x != NULL ? x : "", y != NULL ? y : "");
	buf_free(&m);
	free(copy);
}

static void
compare_attrs(struct buf *d, const struct nv_ship *x, const struct nv_ship *y,
    const struct nv_ruleset *rs, char *const *from, char *const *to,
    size_t n)
{
	compare_table(d, x->id, rs->ops->ship_attrs, rs->ops->nship_attrs,
	    x->attr, y->attr, from, to, n);
}

/* The sides' attributes (by index: renaming keeps their order) and the
 * game's. */
static void
compare_rs_state(struct buf *d, const struct nv_state *a,
    const struct nv_state *b, char *const *from, char *const *to, size_t n)
{
	const struct nv_ruleset_ops	*ops = a->rs->ops;
	char				*what;
	size_t				 k;

	for (k = 0; k < a->nsides && k < b->nsides; k++) {
		what = xasprintf("side %s", a->sides[k].id);
		compare_table(d, what, ops->side_attrs, ops->nside_attrs,
		    a->sides[k].attr, b->sides[k].attr, from, to, n);
		free(what);
	}
	compare_table(d, "the game", ops->game_attrs, ops->ngame_attrs,
	    a->attr, b->attr, from, to, n);
}

static void
compare_ship(struct buf *d, const struct nv_state *a, const struct nv_ship *x,
    const struct nv_ship *y, char *const *from, char *const *to, size_t n)
{
	char	hx[8], hy[8];

	if (x->side != y->side || x->owner != y->owner)
		differ(d, "%s: side %d owner %d, renamed side %d owner %d",
		    x->id, x->side, x->owner, y->side, y->owner);
	if (x->cls != y->cls || x->crew != y->crew)
		differ(d, "%s: class or crew differ", x->id);
	if (!hex_eq(x->hex, y->hex) || x->facing != y->facing)
		differ(d, "%s: in %s facing %s, renamed in %s facing %s", x->id,
		    state_hex_name(a, x->hex, hx), dir_name(x->facing),
		    state_hex_name(a, y->hex, hy), dir_name(y->facing));
	if (x->speed != y->speed)
		differ(d, "%s: speed %d, renamed %d", x->id, x->speed,
		    y->speed);
	if (x->status != y->status)
		differ(d, "%s: %s, renamed %s", x->id, status_name(x->status),
		    status_name(y->status));
	compare_attrs(d, x, y, a->rs, from, to, n);
	if (x->squadron != y->squadron)
		differ(d, "%s: squadron %d, renamed %d", x->id, x->squadron,
		    y->squadron);
	compare_standing(d, x->id, x->standing, y->standing, from, to, n);
}

static void
compare_result(struct buf *d, const struct nv_state *a,
    const struct nv_state *b)
{
	size_t	k;

	if (a->result.kind != b->result.kind ||
	    a->result.winner != b->result.winner)
		differ(d, "result %d winner %d, renamed %d winner %d",
		    (int)a->result.kind, a->result.winner, (int)b->result.kind,
		    b->result.winner);
	if ((a->result.score == NULL) != (b->result.score == NULL))
		differ(d, "one result has scores, the other none");
	for (k = 0; a->result.score != NULL && b->result.score != NULL &&
	    k < a->nsides; k++)
		if (a->result.score[k] != b->result.score[k])
			differ(d, "side %s scores %d, renamed %d",
			    a->sides[k].id, a->result.score[k],
			    b->result.score[k]);
}

char *
rn_compare(const struct nv_state *a, const struct nv_state *b,
    char *const *from, char *const *to, size_t n)
{
	struct buf	 d = BUF_INIT;
	const char	*w;
	size_t		 i, k;
	int		 j;
	char		 h[8];

	if (a->turn != b->turn || a->nships != b->nships ||
	    a->nsides != b->nsides || a->nwrecks != b->nwrecks)
		differ(&d, "turn %d, %zu ships, %zu wrecks; renamed turn %d, "
		    "%zu ships, %zu wrecks", a->turn, a->nships, a->nwrecks,
		    b->turn, b->nships, b->nwrecks);
	for (i = 0; i < a->nships && d.len == 0; i++) {
		j = state_ship_index(b, rn_map_id(from, to, n, a->ships[i].id));
		if (j < 0)
			differ(&d, "%s: not in the renamed state",
			    a->ships[i].id);
		else
			compare_ship(&d, a, &a->ships[i], &b->ships[j], from,
			    to, n);
	}
	for (i = 0; i < a->nwrecks && d.len == 0; i++) {
		w = rn_map_id(from, to, n, a->wrecks[i].ship);
		for (k = 0; k < b->nwrecks; k++)
			if (hex_eq(b->wrecks[k].hex, a->wrecks[i].hex) &&
			    strcmp(b->wrecks[k].ship, w) == 0)
				break;
		if (k == b->nwrecks)
			differ(&d, "the wreck of %s in %s is not in the "
			    "renamed state", a->wrecks[i].ship,
			    state_hex_name(a, a->wrecks[i].hex, h));
	}
	for (i = 0; i < a->nsquadrons && i < b->nsquadrons && d.len == 0; i++)
		compare_standing(&d, a->squadrons[i].id,
		    a->squadrons[i].standing, b->squadrons[i].standing, from,
		    to, n);
	compare_rs_state(&d, a, b, from, to, n);
	compare_result(&d, a, b);
	return d.len > 0 ? buf_detach(&d) : NULL;
}
