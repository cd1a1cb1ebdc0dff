/* map-legend.c: the table under the map, one line per ship.
 *
 * Columns are as wide as their widest entry, so the table lines up in a
 * monospace font; a line that would pass the width continues on the next
 * line, indented, rather than being cut (a ship's id must always be read
 * whole, since orders name it). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "hex.h"
#include "map-int.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

#define LEGEND_COLS(X)			\
	X(CODE,		"Code")		\
	X(SHIP,		"Ship")		\
	X(NAME,		"Name")		\
	X(CLASS,	"Class")	\
	X(SIDE,		"Side")		\
	X(HEX,		"Hex")		\
	X(FACE,		"Face")		\
	X(SPEED,	"Speed")	\
	X(SHEET,	"Sheet")	\
	X(NOTE,		"")

enum legend_col {
#define X(e, s) LC_##e,
	LEGEND_COLS(X)
#undef X
	LC_COUNT
};

static const char *const legend_head[LC_COUNT] = {
#define X(e, s) s,
	LEGEND_COLS(X)
#undef X
};

/* Display names longer than this are cut: they are decoration, the id
 * beside them is what orders use. */
#define NAME_MAX_SHOWN	16
/* Continuation lines of a wrapped entry start here. */
#define LEGEND_INDENT	6

struct table {
	char	*(*cell)[LC_COUNT];	/* nrows rows; NULL cells are empty */
	size_t	 nrows;
	int	 used[LC_COUNT];	/* columns shown */
	size_t	 width[LC_COUNT];
};

/* Copies s as printable ASCII (one '?' per other UTF-8 character), at
 * most max characters; owned by the caller. */
static char *
ascii(const char *s, size_t max)
{
	const unsigned char	*p = (const unsigned char *)s;
	struct buf		 b = BUF_INIT;
	size_t			 n = 0;

	for (; *p != '\0' && n < max; p++) {
		if ((*p & 0xc0) == 0x80)
			continue;
		buf_addc(&b, *p >= 0x20 && *p < 0x7f ? (char)*p : '?');
		n++;
	}
	return buf_detach(&b);
}

/* Every hex's sheet number (0 on none), painted once, so that each ship
 * finds its sheet at once rather than by a scan of every sheet: the
 * sheets are disjoint, so this costs at most the map's size, as
 * index_hexes (map.c) does.  Owned by the caller; NULL without sheets. */
static int *
sheet_index(const struct nv_state *st, const struct map_sheet *sheets,
    size_t n)
{
	int	*at, col, row;
	size_t	 i;

	if (sheets == NULL)
		return NULL;
	at = xcalloc((size_t)st->columns * (size_t)st->rows + 1, sizeof *at);
	for (i = n; i > 0; i--)		/* downwards: the first sheet stays */
		for (row = sheets[i - 1].area.row0;
		    row <= sheets[i - 1].area.row1; row++)
			for (col = sheets[i - 1].area.col0;
			    col <= sheets[i - 1].area.col1; col++)
				at[(size_t)(row - 1) * (size_t)st->columns +
				    (size_t)(col - 1)] = sheets[i - 1].number;
	return at;
}

static void
ship_row(const struct map_ctx *m, const int *sheet_at, struct map_area a,
    int i, char **c)
{
	const struct nv_state	*st = m->st;
	const struct nv_ship	*s = &st->ships[i];
	char			 hex[8];
	int			 col, row, k;

	hex_to_cr(s->hex, &col, &row);
	c[LC_CODE] = xstrdup(m->codes[i]);
	c[LC_SHIP] = ascii(s->id, NV_ID_MAX);
	if (s->name != NULL && strcasecmp(s->name, s->id) != 0)
		c[LC_NAME] = ascii(s->name, NAME_MAX_SHOWN);
	c[LC_CLASS] = ascii(st->rs->classes[s->cls].id, NV_ID_MAX);
	c[LC_SIDE] = ascii(st->sides[s->side].id, NV_ID_MAX);
	c[LC_HEX] = xstrdup(state_hex_name(st, s->hex, hex));
	c[LC_FACE] = xstrdup(dir_name(s->facing));
	c[LC_SPEED] = s->speed < 0 ? xstrdup("backed") :
	    xasprintf("%d", s->speed);
	if (sheet_at != NULL) {
		/* "-": an enemy in sight outside every sheet around the
		 * reader's ships. */
		k = state_on_map(st, s->hex) ? sheet_at[(size_t)(row - 1) *
		    (size_t)st->columns + (size_t)(col - 1)] : 0;
		c[LC_SHEET] = k > 0 ? xasprintf("%d", k) : xstrdup("-");
	}
	if (s->status == NV_STATUS_CAPTURED)
		c[LC_NOTE] = xasprintf("captured from %s",
		    st->sides[s->owner].id);
	else if (col < a.col0 || col > a.col1 || row < a.row0 ||
	    row > a.row1)
		c[LC_NOTE] = xstrdup("not in this window");
}

/* The reader's own ships first, then side by side, each in code order. */
static void
fill(const struct map_ctx *m, const int *sheet_at, struct map_area a,
    struct table *t)
{
	const struct nv_state	*st = m->st;
	int			 pass, owner, k;
	size_t			 i;

	t->cell = xcalloc(st->nships + 1, sizeof *t->cell);
	for (k = 0; k < LC_COUNT; k++)
		t->cell[0][k] = xstrdup(legend_head[k]);
	t->nrows = 1;
	for (pass = 0; pass < 2; pass++) {
		for (owner = 0; owner < (int)st->nsides; owner++) {
			if ((pass == 0) != (owner == m->o.side))
				continue;
			for (i = 0; i < st->nships; i++) {
				if (st->ships[i].owner != owner ||
				    !map_ship_shown(m, (int)i))
					continue;
				ship_row(m, sheet_at, a, (int)i,
				    t->cell[t->nrows++]);
			}
		}
	}
	for (k = 0; k < LC_COUNT; k++) {
		t->used[k] = k != LC_NAME && k != LC_NOTE &&
		    (k != LC_SHEET || sheet_at != NULL);
		for (i = 1; i < t->nrows; i++)
			if (t->cell[i][k] != NULL)
				t->used[k] = 1;
		for (i = 0; i < t->nrows; i++)
			if (t->cell[i][k] != NULL &&
			    strlen(t->cell[i][k]) > t->width[k])
				t->width[k] = strlen(t->cell[i][k]);
	}
}

static void
trim_line(struct buf *b)
{
	while (b->len > 0 && b->p[b->len - 1] == ' ')
		b->p[--b->len] = '\0';
	buf_addc(b, '\n');
}

static void
emit_row(const struct table *t, char **c, size_t width, struct buf *out)
{
	size_t		 col = 0, w;
	const char	*s;
	int		 k;

	for (k = 0; k < LC_COUNT; k++) {
		if (!t->used[k])
			continue;
		s = c[k] != NULL ? c[k] : "";
		w = t->width[k];
		if (col > 0 && col + 2 + w > width && *s == '\0')
			continue;	/* nothing to wrap for */
		if (col > 0 && col + 2 + w > width) {
			trim_line(out);
			buf_printf(out, "%*s", LEGEND_INDENT, "");
			col = LEGEND_INDENT;
		} else if (col > 0) {
			buf_adds(out, "  ");
			col += 2;
		}
		buf_printf(out, "%-*s", (int)w, s);
		col += w;
	}
	trim_line(out);
}

static void
wrecks(const struct map_ctx *m, struct buf *out)
{
	const struct nv_state	*st = m->st;
	struct buf		 t = BUF_INIT;
	char			 hex[8], *id;
	size_t			 i;
	int			 n = 0;

	for (i = 0; i < st->nwrecks; i++) {
		if (!map_wreck_shown(m, i))
			continue;
		id = ascii(st->wrecks[i].ship, NV_ID_MAX);
		buf_printf(&t, "%s %s (%s)", n++ == 0 ? "Wrecks:" : ",",
		    state_hex_name(st, st->wrecks[i].hex, hex), id);
		free(id);
	}
	if (n > 0) {
		buf_adds(&t, ".");
		map_text(m, buf_str(&t), out);
	}
	buf_free(&t);
}

void
map_legend(const struct map_ctx *m, const struct map_sheet *sheets,
    size_t nsheets, struct map_area a, struct buf *out)
{
	struct table	t;
	size_t		i;
	int		k, *sheet_at;

	memset(&t, 0, sizeof t);
	sheet_at = sheet_index(m->st, sheets, nsheets);
	fill(m, sheet_at, a, &t);
	free(sheet_at);
	buf_addc(out, '\n');
	if (t.nrows == 1)
		buf_adds(out, "No ships on the map.\n");
	else
		for (i = 0; i < t.nrows; i++)
			emit_row(&t, t.cell[i], (size_t)m->o.width, out);
	wrecks(m, out);
	for (i = 0; i < t.nrows; i++)
		for (k = 0; k < LC_COUNT; k++)
			free(t.cell[i][k]);
	free(t.cell);
}
