/* state-xml-sq.c: the parts of scenario and state files that order
 * language version 2 added (see state-xml-int.h, docs/files.md):
 * squadrons, deployment zones, and a ship's squadron and standing order.
 * All common to every ruleset; saving them is state-xml-save.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "ruleset.h"
#include "state-xml-int.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* A standing order as kept: its words, one space between them; NULL for
 * an empty one.  Owned by the caller. */
static char *
standing_words(const char *v)
{
	char		*copy = xstrdup(v), **argv;
	size_t		 n, i, max = strlen(v) / 2 + 1;
	struct buf	 b = BUF_INIT;

	argv = xcalloc(max + 1, sizeof *argv);
	n = str_split_words(copy, argv, max);
	for (i = 0; i < n && i < max; i++)
		buf_printf(&b, "%s%s", i > 0 ? " " : "", argv[i]);
	free(argv);
	free(copy);
	if (b.len == 0) {
		buf_free(&b);
		return NULL;
	}
	return buf_detach(&b);
}

/* The side an element names in its side attribute, or -1 (reported). */
static int
side_attr(struct loader *l, xmlNodePtr n, const char *what)
{
	char	*v = xmlsafe_attr(n, "side");
	int	 i = v != NULL ? state_side_index(l->st, v) : -1;

	if (i < 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "%s side=\"%s\">: "
		    "%s", what, v != NULL ? v : "", v != NULL ? "unknown side" :
		    "the side is required");
	free(v);
	return i;
}

static void
load_squadron(struct loader *l, xmlNodePtr n, struct nv_squadron *q)
{
	char	*v = xmlsafe_attr(n, "id"), *what;

	if (v == NULL || !str_is_id(v))
		diag_error(l->d, l->file, xmlsafe_line(n), "<squadron id=\"%s\">:"
		    " ids are 1-%d of lower-case a-z, 0-9, '_' and '-'",
		    v != NULL ? v : "", NV_ID_MAX);
	else if (state_squadron_index(l->st, v) >= 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "duplicate squadron "
		    "id \"%s\"", v);
	else
		memcpy(q->id, v, strlen(v) + 1);
	free(v);
	what = xasprintf("<squadron id=\"%s\"", q->id);
	q->side = side_attr(l, n, what);
	free(what);
	q->name = xmlsafe_attr(n, "name");
	if ((v = xmlsafe_attr(n, "standing")) != NULL)
		q->standing = standing_words(v);
	free(v);
}

void
sx_load_squadrons(struct loader *l, xmlNodePtr *v, size_t n)
{
	struct nv_state	*st = l->st;
	size_t		 i;

	st->squadrons = xcalloc(n + 1, sizeof *st->squadrons);
	for (i = 0; i < n; i++)
		load_squadron(l, v[i], &st->squadrons[st->nsquadrons++]);
}

/* A zone's corner: a hex of this map. */
static int
zone_hex(struct loader *l, xmlNodePtr n, const char *name, struct nv_hex *h)
{
	char	*v = xmlsafe_attr(n, name);
	int	 rc = -1;

	if (v != NULL && hex_parse(v, l->digits, h) == 0 &&
	    hex_on_map(*h, l->st->columns, l->st->rows))
		rc = 0;
	else
		diag_error(l->d, l->file, xmlsafe_line(n), "<zone %s=\"%s\">: "
		    "expected a hex of this %d x %d map (%s)", name,
		    v != NULL ? v : "", l->st->columns, l->st->rows,
		    l->digits == 2 ? "CCRR" : "CCCRRR");
	free(v);
	return rc;
}

void
sx_load_zones(struct loader *l, xmlNodePtr *v, size_t count)
{
	struct nv_state	*st = l->st;
	struct nv_zone	*z;
	xmlNodePtr	 n;
	size_t		 i;
	int		 c0, r0, c1, r1;
	char		 h0[8], h1[8];

	st->zones = xcalloc(count + 1, sizeof *st->zones);
	for (i = 0; i < count; i++) {
		n = v[i];
		z = &st->zones[st->nzones];
		z->side = side_attr(l, n, "<zone");
		if (z->side < 0 || zone_hex(l, n, "from", &z->from) != 0 ||
		    zone_hex(l, n, "to", &z->to) != 0)
			continue;
		hex_to_cr(z->from, &c0, &r0);
		hex_to_cr(z->to, &c1, &r1);
		if (c0 > c1 || r0 > r1) {
			diag_error(l->d, l->file, xmlsafe_line(n), "<zone>: "
			    "from is the corner of the lowest column and row, "
			    "to the highest; legal: from=\"%s\" to=\"%s\"",
			    hex_format(hex_from_cr(c0 < c1 ? c0 : c1, r0 < r1 ?
			    r0 : r1), l->digits, h0), hex_format(hex_from_cr(
			    c0 > c1 ? c0 : c1, r0 > r1 ? r0 : r1), l->digits,
			    h1));
			continue;
		}
		st->nzones++;
	}
}

void
sx_load_ship_v2(struct loader *l, xmlNodePtr n, struct nv_ship *s,
    char *v, char *standing)
{
	int	 q;

	if (standing != NULL)
		s->standing = standing_words(standing);
	free(standing);
	if (v == NULL)
		return;
	if ((q = state_squadron_index(l->st, v)) < 0)
		diag_error(l->d, l->file, xmlsafe_line(n), "<ship id=\"%s\" "
		    "squadron=\"%s\">: unknown squadron", s->id, v);
	else if (s->owner >= 0 && l->st->squadrons[q].side >= 0 &&
	    l->st->squadrons[q].side != s->owner)
		diag_error(l->d, l->file, xmlsafe_line(n), "<ship id=\"%s\" "
		    "squadron=\"%s\">: %s is a squadron of %s; a ship belongs "
		    "to a squadron of the side it started with, %s", s->id, v,
		    l->st->squadrons[q].id,
		    l->st->sides[l->st->squadrons[q].side].id,
		    l->st->sides[s->owner].id);
	else
		s->squadron = q + 1;
	free(v);
}
