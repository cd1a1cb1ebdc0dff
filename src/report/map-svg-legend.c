/* map-svg-legend.c: the legend under the SVG map.
 *
 * First a key (each side's colour and letter, land, wrecks, how to read a
 * ship), then a table of the ships, one line each, as the ASCII map's
 * legend has them, then the wrecks.  The table is set in a monospace font
 * and its columns are placed by character count, so that they line up
 * without knowing the font's metrics. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "hex.h"
#include "map-svg-int.h"
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

/* Display names longer than this many characters are cut, as in the
 * ASCII legend; the tooltip has them whole. */
#define NAME_MAX_SHOWN	16
/* Characters between table columns. */
#define LEGEND_GAP	2

static const char hint[] = "Each ship points its ram (the dark tip) the "
    "way it faces. Hover over a ship for its details.";

struct table {
	char	*(*cell)[LC_COUNT];	/* nrows rows; NULL cells are empty */
	size_t	*ship;			/* ship index of each row but the
					   header's */
	size_t	 nrows;
	int	 used[LC_COUNT];
	int	 x[LC_COUNT];		/* column start, in characters */
	int	 chars;			/* the widest line */
};

/* The first max characters of UTF-8 text; owned by the caller. */
static char *
cut(const char *s, int max)
{
	const char	*p = s;
	int		 n = 0;

	for (; *p != '\0'; p++)
		if (((unsigned char)*p & 0xc0) != 0x80 && n++ == max)
			break;
	return xstrndup(s, (size_t)(p - s));
}

static void
ship_row(const struct svg *s, size_t i, char **c)
{
	const struct nv_state	*st = s->st;
	const struct nv_ship	*sh = &st->ships[i];
	char			 hex[8];

	c[LC_CODE] = xstrdup(s->codes[i]);
	c[LC_SHIP] = xstrdup(sh->id);
	if (sh->name != NULL && strcasecmp(sh->name, sh->id) != 0)
		c[LC_NAME] = cut(sh->name, NAME_MAX_SHOWN);
	c[LC_CLASS] = xstrdup(st->rs->classes[sh->cls].id);
	c[LC_SIDE] = xstrdup(st->sides[sh->side].id);
	c[LC_HEX] = xstrdup(state_hex_name(st, sh->hex, hex));
	c[LC_FACE] = xstrdup(dir_name(sh->facing));
	c[LC_SPEED] = sh->speed < 0 ? xstrdup("backed") :
	    xasprintf("%d", sh->speed);
	if (sh->owner != sh->side)
		c[LC_NOTE] = xasprintf("captured from %s",
		    st->sides[sh->owner].id);
}

/* The reader's own ships first, then side by side, each in code order
 * (ships are numbered by original side, in id order). */
static void
fill(const struct svg *s, struct table *t)
{
	const struct nv_state	*st = s->st;
	int			 pass, owner, k, w;
	size_t			 i, r;

	memset(t, 0, sizeof *t);
	t->cell = xcalloc(st->nships + 1, sizeof *t->cell);
	t->ship = xcalloc(st->nships + 1, sizeof *t->ship);
	for (k = 0; k < LC_COUNT; k++)
		t->cell[0][k] = xstrdup(legend_head[k]);
	t->nrows = 1;
	for (pass = 0; pass < 2; pass++)
		for (owner = 0; owner < (int)st->nsides; owner++) {
			if ((pass == 0) != (owner == s->side))
				continue;
			for (i = 0; i < st->nships; i++) {
				if (st->ships[i].owner != owner ||
				    !svg_ship_shown(s, i))
					continue;
				t->ship[t->nrows] = i;
				ship_row(s, i, t->cell[t->nrows++]);
			}
		}
	for (k = 0; k < LC_COUNT; k++) {
		t->used[k] = k != LC_NAME && k != LC_NOTE;
		for (w = 0, r = 0; r < t->nrows; r++) {
			if (t->cell[r][k] == NULL)
				continue;
			t->used[k] |= r > 0;
			if (svg_chars(t->cell[r][k]) > w)
				w = svg_chars(t->cell[r][k]);
		}
		if (!t->used[k])
			continue;
		t->x[k] = t->chars > 0 ? t->chars + LEGEND_GAP : 0;
		t->chars = t->x[k] + w;
	}
}

static void
table_free(struct table *t)
{
	size_t	r;
	int	k;

	for (r = 0; r < t->nrows; r++)
		for (k = 0; k < LC_COUNT; k++)
			free(t->cell[r][k]);
	free(t->cell);
	free(t->ship);
}

static int
nwrecks_shown(const struct svg *s)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < s->st->nwrecks; i++)
		n += svg_wreck_shown(s, i);
	return n;
}

/* Lines: a gap, one per side, terrain, the hint, a gap, the table (or a
 * line saying there are no ships), the wrecks. */
static int
nlines(const struct svg *s, const struct table *t)
{
	return 1 + (int)s->st->nsides + 2 + 1 +
	    (t->nrows > 1 ? (int)t->nrows : 1) + (nwrecks_shown(s) > 0);
}

void
svg_legend_size(const struct svg *s, int *width, int *height)
{
	struct table	t;
	int		chars;

	fill(s, &t);
	chars = svg_chars(hint);
	chars = chars > t.chars ? chars : t.chars;
	*width = 2 * SVG_MARGIN + SVG_LEG_CH * chars;
	*height = SVG_LEG_LINE * nlines(s, &t) + SVG_LEG_LINE / 2;
	table_free(&t);
}

static void
swatch(struct svg *s, int x, int y, const char *cls, const char *fill)
{
	svg_start(s, "rect", cls);
	svg_attr_int(s, "x", x);
	svg_attr_int(s, "y", y - 11);
	svg_attr(s, "width", "26");
	svg_attr(s, "height", "14");
	svg_attr(s, "rx", "3");
	if (fill != NULL)
		svg_attr(s, "fill", fill);
	svg_end(s);
}

static int
key(struct svg *s, int y)
{
	static const char	 letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz";
	const struct nv_state	*st = s->st;
	const int		 tx = SVG_MARGIN + 36;
	char			*t;
	size_t			 i;

	svg_start(s, "g", "key");
	for (i = 0; i < st->nsides; i++, y += SVG_LEG_LINE) {
		swatch(s, SVG_MARGIN, y, "swatch", svg_side_colour((int)i));
		if (st->sides[i].name != NULL)
			t = xasprintf("%c  %s (%s)", i < sizeof letters - 1 ?
			    letters[i] : '+', st->sides[i].id,
			    st->sides[i].name);
		else
			t = xasprintf("%c  %s", i < sizeof letters - 1 ?
			    letters[i] : '+', st->sides[i].id);
		svg_text(s, "legend", tx, y, NULL, t);
		free(t);
	}
	swatch(s, SVG_MARGIN, y, "land", NULL);
	svg_text(s, "legend", tx, y, NULL, "land");
	svg_wreck_mark(s, tx + 13 * SVG_LEG_CH, y - 4, 1);
	svg_text(s, "legend", tx + 16 * SVG_LEG_CH, y, NULL, "wreck");
	y += SVG_LEG_LINE;
	svg_text(s, "legend", SVG_MARGIN, y, NULL, hint);
	svg_end(s);
	return y + SVG_LEG_LINE;
}

static void
row(struct svg *s, const struct table *t, size_t r, int y)
{
	int	k;

	svg_start(s, "text", r == 0 ? "legend-head" : "legend-ship");
	svg_attr_int(s, "y", y);
	for (k = 0; k < LC_COUNT; k++) {
		if (!t->used[k] || t->cell[r][k] == NULL)
			continue;
		svg_start(s, "tspan", r > 0 && k == LC_CODE ? "legend-code" :
		    NULL);
		svg_attr_int(s, "x", SVG_MARGIN + SVG_LEG_CH * t->x[k]);
		if (r > 0 && k == LC_CODE)
			svg_attr(s, "fill", svg_side_colour(
			    s->st->ships[t->ship[r]].side));
		svg_string(s, t->cell[r][k]);
		svg_end(s);
	}
	svg_end(s);
}

static void
wreck_line(struct svg *s, int y)
{
	const struct nv_state	*st = s->st;
	struct buf		 b = BUF_INIT;
	char			 hex[8];
	size_t			 i;
	int			 n = 0;

	for (i = 0; i < st->nwrecks; i++) {
		if (!svg_wreck_shown(s, i))
			continue;
		buf_printf(&b, "%s %s (%s)", n++ == 0 ? "Wrecks:" : ",",
		    state_hex_name(st, st->wrecks[i].hex, hex),
		    st->wrecks[i].ship);
	}
	if (n > 0) {
		buf_adds(&b, ".");
		svg_text(s, "legend-wreck", SVG_MARGIN, y, NULL, buf_str(&b));
	}
	buf_free(&b);
}

void
svg_legend(struct svg *s, int y)
{
	struct table	t;
	size_t		r;

	fill(s, &t);
	svg_start(s, "g", "legend");
	y = key(s, y + SVG_LEG_LINE) + SVG_LEG_LINE;
	if (t.nrows == 1)
		svg_text(s, "legend", SVG_MARGIN, y, NULL,
		    "No ships on the map.");
	for (r = 0; r < t.nrows && t.nrows > 1; r++)
		row(s, &t, r, y + (int)r * SVG_LEG_LINE);
	y += SVG_LEG_LINE * (t.nrows > 1 ? (int)t.nrows : 1);
	wreck_line(s, y);
	svg_end(s);
	table_free(&t);
}
