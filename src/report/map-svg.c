/* map-svg.c: the hex map as an SVG picture (see map-svg.h): the hexes,
 * labels, wrecks and ships.  map-svg-legend.c writes the legend.
 *
 * Everything goes through libxml2's xmlTextWriter, which escapes names
 * and titles from the scenario; no markup is ever pasted together as
 * text.  Coordinates are integers (see map-svg-int.h), and rotations are
 * whole multiples of 60 degrees, so the text is exact. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "buf.h"
#include "hex.h"
#include "map-svg-int.h"
#include "map-svg.h"
#include "ruleset.h"
#include "state.h"
#include "xalloc.h"

/* Styles shared by every element of a kind; the side colours, which vary,
 * are written on the elements themselves. */
static const char svg_css[] =
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
    ".heading{font-size:17px;font-weight:bold;fill:#1d2b36}"
    ".sea{fill:#d7e7f3;stroke:#7f9fb8;stroke-width:1.5}"
    ".land{fill:#d8c48f;stroke:#8f7a4f;stroke-width:1.5}"
    ".hexname{font-size:9px;fill:#6f8ea6;text-anchor:middle}"
    ".label{font-size:12px;font-weight:bold;fill:#3c5266}"
    ".hull{stroke:#1a1a1a;stroke-width:1.5;stroke-linejoin:round}"
    ".captured{stroke-width:3.5;stroke-dasharray:5 3}"
    ".oars{stroke:#3b2a1a;stroke-width:2;stroke-linecap:round;fill:none}"
    ".ram{fill:#2b2b2b}"
    ".eye{fill:#fff}"
    ".code{font-size:12px;font-weight:bold;fill:#fff;text-anchor:middle;"
    "stroke:#000;stroke-width:2.5;paint-order:stroke;"
    "stroke-linejoin:round}"
    ".hulk{fill:#8a8a8a;stroke:#404040;stroke-width:1.5}"
    ".ribs{stroke:#404040;stroke-width:1.5;fill:none}"
    ".legend,.legend-head,.legend-ship,.legend-wreck{"
    "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;"
    "font-size:13px;fill:#1d2b36;white-space:pre}"
    ".legend-head{font-weight:bold}"
    ".legend-code{font-weight:bold}";

/* Side colours: dark enough for white codes, far apart from each other
 * and from the sea and land.  More sides than colours repeat them; the
 * code's letter still tells them apart. */
static const char *const side_colours[] = {
	"#1f4e9c",	/* blue */
	"#b3261e",	/* red */
	"#1e7b34",	/* green */
	"#a85400",	/* brown-orange */
	"#6a3d9a",	/* purple */
	"#0f7c80",	/* teal */
	"#ad1457",	/* magenta */
	"#4e5b1f",	/* olive */
};
#define NCOLOURS (sizeof side_colours / sizeof side_colours[0])

/* The galley, drawn pointing north (towards -y) around its hex's centre
 * and rotated by 60 degrees per facing.  It is 70 long and 24 wide, and
 * fits inside the hex's inscribed circle (radius 35) at every facing. */
static const char hull_points[] = "0,-34 6,-27 10,-17 12,-5 12,16 10,25 "
    "6,30 -6,30 -10,25 -12,16 -12,-5 -10,-17 -6,-27";
static const char ram_points[] = "0,-35 7,-25 0,-28 -7,-25";
static const char oar_path[] = "M12,-9L19,-4M12,-1L19,4M12,7L19,12"
    "M-12,-9L-19,-4M-12,-1L-19,4M-12,7L-19,12";
/* A wreck: a hull broken in two across the hex, the halves askew, the
 * ribs showing. */
static const char hulk_bow[] = "-30,0 -22,-8 -5,-8 -2,-4 -5,0 -2,4 -5,8 "
    "-22,8";
static const char hulk_stern[] = "3,-8 22,-8 28,-4 28,4 22,8 3,8 6,4 3,0 "
    "6,-4";
static const char ribs_bow[] = "M-18,-7L-18,7M-11,-7L-11,7";
static const char ribs_stern[] = "M10,-7L10,7M17,-7L17,7";

/* Where a ship's code goes: inside the stern half of the hull, 13 units
 * aft of the centre (rounded), so that the hex's centre shows the hull's
 * colour and the code never covers the bow. */
static const int code_at[NV_DIR_COUNT][2] = {
	{ 0, 13 }, { -11, 7 }, { -11, -7 }, { 0, -13 }, { 11, -7 },
	{ 11, 7 },
};

/* --- writer calls -------------------------------------------------------- */

static void
check(struct svg *s, int rc)
{
	if (rc < 0)
		s->err = 1;
}

void
svg_start(struct svg *s, const char *name, const char *cls)
{
	check(s, xmlTextWriterStartElement(s->w, BAD_CAST name));
	if (cls != NULL)
		svg_attr(s, "class", cls);
}

void
svg_end(struct svg *s)
{
	check(s, xmlTextWriterEndElement(s->w));
}

void
svg_attr(struct svg *s, const char *name, const char *value)
{
	check(s, xmlTextWriterWriteAttribute(s->w, BAD_CAST name,
	    BAD_CAST value));
}

void
svg_attr_int(struct svg *s, const char *name, int value)
{
	check(s, xmlTextWriterWriteFormatAttribute(s->w, BAD_CAST name, "%d",
	    value));
}

void
svg_string(struct svg *s, const char *text)
{
	check(s, xmlTextWriterWriteString(s->w, BAD_CAST text));
}

void
svg_text(struct svg *s, const char *cls, int x, int y, const char *anchor,
    const char *text)
{
	svg_start(s, "text", cls);
	svg_attr_int(s, "x", x);
	svg_attr_int(s, "y", y);
	if (anchor != NULL)
		svg_attr(s, "text-anchor", anchor);
	svg_string(s, text);
	svg_end(s);
}

/* transform="translate(x y)", rotated by facing, halved when small. */
static void
place(struct svg *s, int x, int y, int facing, int small)
{
	struct buf	b = BUF_INIT;

	buf_printf(&b, "translate(%d %d)", x, y);
	if (facing > 0)
		buf_printf(&b, " rotate(%d)", 60 * facing);
	if (small)
		buf_adds(&b, " scale(0.5)");
	svg_attr(s, "transform", buf_str(&b));
	buf_free(&b);
}

/* --- shapes -------------------------------------------------------------- */

int
svg_chars(const char *p)
{
	int	n = 0;

	for (; *p != '\0'; p++)
		n += ((unsigned char)*p & 0xc0) != 0x80;
	return n;
}

const char *
svg_side_colour(int side)
{
	return side_colours[(size_t)side % NCOLOURS];
}

void
svg_hex(struct svg *s, int x, int y, const char *cls)
{
	struct buf	b = BUF_INIT;
	const int	r = SVG_HEX_R, h = SVG_HEX_R / 2, a = SVG_HEX_A;

	buf_printf(&b, "%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d", x - r, y,
	    x - h, y - a, x + h, y - a, x + r, y, x + h, y + a, x - h, y + a);
	svg_start(s, "polygon", cls);
	svg_attr(s, "points", buf_str(&b));
	svg_end(s);
	buf_free(&b);
}

static void
shape(struct svg *s, const char *name, const char *cls, const char *attr,
    const char *value)
{
	svg_start(s, name, cls);
	svg_attr(s, attr, value);
}

void
svg_hull(struct svg *s, int x, int y, int facing, int side,
    int captured_from, int small)
{
	char	*style;

	svg_start(s, "g", NULL);
	place(s, x, y, facing, small);
	shape(s, "path", "oars", "d", oar_path);
	svg_end(s);
	shape(s, "polygon", captured_from >= 0 ? "hull captured" : "hull",
	    "points", hull_points);
	svg_attr(s, "fill", svg_side_colour(side));
	/* A style attribute, since the stylesheet's stroke would win over a
	 * presentation attribute. */
	if (captured_from >= 0) {
		style = xasprintf("stroke:%s", svg_side_colour(captured_from));
		svg_attr(s, "style", style);
		free(style);
	}
	svg_end(s);
	shape(s, "polygon", "ram", "points", ram_points);
	svg_end(s);
	/* The eyes painted on a galley's bow. */
	shape(s, "circle", "eye", "cx", "-4");
	svg_attr(s, "cy", "-21");
	svg_attr(s, "r", "2");
	svg_end(s);
	shape(s, "circle", "eye", "cx", "4");
	svg_attr(s, "cy", "-21");
	svg_attr(s, "r", "2");
	svg_end(s);
	svg_end(s);
}

static void
hulk_half(struct svg *s, const char *transform, const char *points,
    const char *ribs)
{
	svg_start(s, "g", NULL);
	svg_attr(s, "transform", transform);
	shape(s, "polygon", "hulk", "points", points);
	svg_end(s);
	shape(s, "path", "ribs", "d", ribs);
	svg_end(s);
	svg_end(s);
}

void
svg_wreck_mark(struct svg *s, int x, int y, int small)
{
	svg_start(s, "g", NULL);
	place(s, x, y, 0, small);
	hulk_half(s, "rotate(-12)", hulk_bow, ribs_bow);
	hulk_half(s, "translate(2 4) rotate(18)", hulk_stern, ribs_stern);
	svg_end(s);
}

/* --- the map ------------------------------------------------------------- */

static int
in_window(const struct svg *s, struct nv_hex h)
{
	int	col, row;

	if (!s->clip)
		return 1;
	hex_to_cr(h, &col, &row);
	return col >= s->c0 && col <= s->c1 && row >= s->r0 && row <= s->r1;
}

int
svg_ship_shown(const struct svg *s, size_t i)
{
	return (s->ship_visible == NULL || s->ship_visible[i]) &&
	    ship_on_map(&s->st->ships[i]) && in_window(s, s->st->ships[i].hex);
}

int
svg_wreck_shown(const struct svg *s, size_t i)
{
	return (s->wreck_visible == NULL || s->wreck_visible[i]) &&
	    in_window(s, s->st->wrecks[i].hex);
}

/* Centre of the hex in column col, row row (from 1) of the map, in the
 * picture of the window that starts at column s->c0, row s->r0: odd
 * columns stand half a hex higher than even ones (c0 is odd). */
static void
centre(const struct svg *s, int col, int row, int *x, int *y)
{
	*x = SVG_MARGIN + SVG_HEX_R + SVG_COL_STEP * (col - s->c0);
	*y = SVG_TOP + SVG_HEX_A + SVG_ROW_STEP * (row - s->r0) +
	    (col % 2 == 0 ? SVG_HEX_A : 0);
}

static void
hex_centre(const struct svg *s, struct nv_hex h, int *x, int *y)
{
	int	col, row;

	hex_to_cr(h, &col, &row);
	centre(s, col, row, x, y);
}

/* Widens [*lo, *hi] to at least n around its middle, within [1, max]. */
static void
span(int *lo, int *hi, int n, int max)
{
	while (*hi - *lo + 1 < n && (*lo > 1 || *hi < max)) {
		if (*lo > 1)
			(*lo)--;
		if (*hi - *lo + 1 < n && *hi < max)
			(*hi)++;
	}
}

static void
grow(struct svg *s, struct nv_hex h, int *any)
{
	int	col, row;

	hex_to_cr(h, &col, &row);
	if (!*any || col < s->c0)
		s->c0 = col;
	if (!*any || col > s->c1)
		s->c1 = col;
	if (!*any || row < s->r0)
		s->r0 = row;
	if (!*any || row > s->r1)
		s->r1 = row;
	*any = 1;
}

/* What is drawn: the whole map, or on a big one a window around the
 * ships and wrecks the reader is shown.  Only what the reader is shown
 * decides the window, so under fog of war its place tells nothing of a
 * hidden ship. */
static void
window(struct svg *s)
{
	const struct nv_state	*st = s->st;
	size_t			 i;
	int			 any = 0;

	s->c0 = s->r0 = 1;
	s->c1 = st->columns;
	s->r1 = st->rows;
	if (st->columns * st->rows <= SVG_WHOLE_MAX)
		return;
	s->windowed = 1;
	/* A part's picture: around its ships alone, the rest clipped. */
	for (i = 0; i < st->nships; i++)
		if (svg_ship_shown(s, i) && (s->place == NULL || s->place[i]))
			grow(s, st->ships[i].hex, &any);
	for (i = 0; s->place == NULL && i < st->nwrecks; i++)
		if (svg_wreck_shown(s, i))
			grow(s, st->wrecks[i].hex, &any);
	if (!any) {
		s->c0 = s->c1 = (st->columns + 1) / 2;
		s->r0 = s->r1 = (st->rows + 1) / 2;
	}
	s->c0 = s->c0 - SVG_WIN_MARGIN < 1 ? 1 : s->c0 - SVG_WIN_MARGIN;
	s->r0 = s->r0 - SVG_WIN_MARGIN < 1 ? 1 : s->r0 - SVG_WIN_MARGIN;
	s->c1 = s->c1 + SVG_WIN_MARGIN > st->columns ? st->columns :
	    s->c1 + SVG_WIN_MARGIN;
	s->r1 = s->r1 + SVG_WIN_MARGIN > st->rows ? st->rows :
	    s->r1 + SVG_WIN_MARGIN;
	span(&s->c0, &s->c1, SVG_WIN_COLS, st->columns);
	span(&s->r0, &s->r1, SVG_WIN_ROWS, st->rows);
	if (s->c0 % 2 == 0)
		s->c0--;
	s->clip = s->place != NULL;
}

/* Which ship is on the map in each hex (index + 1; of two, the first, as
 * state_ship_at() finds it), found once instead of by a scan of every
 * ship for every hex drawn.  Owned by the caller. */
static int *
ship_cells(const struct nv_state *st)
{
	int	*at, col, row;
	size_t	 i;

	at = xcalloc((size_t)st->columns * (size_t)st->rows + 1, sizeof *at);
	for (i = st->nships; i > 0; i--) {
		if (!ship_on_map(&st->ships[i - 1]) ||
		    !state_on_map(st, st->ships[i - 1].hex))
			continue;
		hex_to_cr(st->ships[i - 1].hex, &col, &row);
		at[(size_t)(row - 1) * (size_t)st->columns +
		    (size_t)(col - 1)] = (int)i;
	}
	return at;
}

static int
has_shown_ship(const struct svg *s, struct nv_hex h)
{
	int	col, row, i;

	if (!state_on_map(s->st, h))
		return 0;
	hex_to_cr(h, &col, &row);
	i = s->at[(size_t)(row - 1) * (size_t)s->st->columns +
	    (size_t)(col - 1)] - 1;
	return i >= 0 && svg_ship_shown(s, (size_t)i);
}

/* Every hex, sea or land, with its name small at the top; the name is
 * left out where a ship lies over it (the legend gives ships' hexes). */
static void
grid(struct svg *s)
{
	const struct nv_state	*st = s->st;
	struct nv_hex		 h;
	char			 name[8];
	int			 col, row, x, y;

	svg_start(s, "g", "grid");
	for (col = s->c0; col <= s->c1; col++) {
		for (row = s->r0; row <= s->r1; row++) {
			centre(s, col, row, &x, &y);
			h = hex_from_cr(col, row);
			svg_hex(s, x, y, state_is_land(st, h) ? "land" : "sea");
		}
	}
	for (col = s->c0; col <= s->c1; col++) {
		for (row = s->r0; row <= s->r1; row++) {
			h = hex_from_cr(col, row);
			if (has_shown_ship(s, h))
				continue;
			centre(s, col, row, &x, &y);
			svg_text(s, "hexname", x, y - SVG_HEX_A + 11, NULL,
			    hex_format(h, s->digits, name));
		}
	}
	svg_end(s);
}

/* Column numbers just above the top hex and below the bottom hex of each
 * column; row numbers beside the first and last columns' hexes. */
static void
labels(struct svg *s)
{
	char			 n[8];
	int			 i, x, y, y2, right;

	svg_start(s, "g", "labels");
	for (i = s->c0; i <= s->c1; i++) {
		(void)snprintf(n, sizeof n, "%0*d", s->digits, i);
		centre(s, i, s->r0, &x, &y);
		centre(s, i, s->r1, &x, &y2);
		svg_text(s, "label", x, y - SVG_HEX_A - 6, "middle", n);
		svg_text(s, "label", x, y2 + SVG_HEX_A + 15, "middle", n);
	}
	centre(s, s->c1, s->r0, &right, &y);
	right += SVG_HEX_R + 5;
	for (i = s->r0; i <= s->r1; i++) {
		(void)snprintf(n, sizeof n, "%0*d", s->digits, i);
		centre(s, s->c0, i, &x, &y);
		svg_text(s, "label", SVG_MARGIN - 5, y + 4, "end", n);
		centre(s, s->c1, i, &x, &y);
		svg_text(s, "label", right, y + 4, NULL, n);
	}
	svg_end(s);
}

static void
wrecks(struct svg *s)
{
	const struct nv_state	*st = s->st;
	char			 hex[8], *t;
	size_t			 i;
	int			 x, y;

	svg_start(s, "g", "wrecks");
	for (i = 0; i < st->nwrecks; i++) {
		if (!svg_wreck_shown(s, i))
			continue;
		hex_centre(s, st->wrecks[i].hex, &x, &y);
		svg_start(s, "g", "wreck");
		t = xasprintf("wreck of %s, hex %s", st->wrecks[i].ship,
		    state_hex_name(st, st->wrecks[i].hex, hex));
		svg_start(s, "title", NULL);
		svg_string(s, t);
		svg_end(s);
		free(t);
		svg_wreck_mark(s, x, y, 0);
		svg_end(s);
	}
	svg_end(s);
}

/* The tooltip: everything the legend says about the ship. */
static char *
ship_title(const struct svg *s, size_t i)
{
	const struct nv_state	*st = s->st;
	const struct nv_ship	*sh = &st->ships[i];
	struct buf		 b = BUF_INIT;
	char			 hex[8];

	buf_printf(&b, "%s %s", s->codes[i], sh->id);
	if (sh->name != NULL)
		buf_printf(&b, " (%s)", sh->name);
	buf_printf(&b, ": %s, side %s, hex %s, facing %s, ",
	    st->rs->classes[sh->cls].id, st->sides[sh->side].id,
	    state_hex_name(st, sh->hex, hex), dir_name(sh->facing));
	if (sh->speed < 0)
		buf_adds(&b, "backed");
	else
		buf_printf(&b, "speed %d", sh->speed);
	if (sh->owner != sh->side)
		buf_printf(&b, ", captured from %s", st->sides[sh->owner].id);
	return buf_detach(&b);
}

static void
ship(struct svg *s, size_t i)
{
	const struct nv_ship	*sh = &s->st->ships[i];
	const int		*at = code_at[sh->facing];
	char			*t;
	int			 x, y;

	hex_centre(s, sh->hex, &x, &y);
	svg_start(s, "g", "ship");
	t = ship_title(s, i);
	svg_start(s, "title", NULL);
	svg_string(s, t);
	svg_end(s);
	free(t);
	svg_hull(s, x, y, sh->facing, sh->side,
	    sh->owner != sh->side ? sh->owner : -1, 0);
	/* Upright, whatever the facing, so that it reads at a glance. */
	svg_text(s, "code", x + at[0], y + at[1] + 4, NULL, s->codes[i]);
	svg_end(s);
}

static void
ships(struct svg *s)
{
	size_t	i;

	svg_start(s, "g", "ships");
	for (i = 0; i < s->st->nships; i++)
		if (svg_ship_shown(s, i))
			ship(s, i);
	svg_end(s);
}

/* --- the document -------------------------------------------------------- */

static char *
heading(const struct svg *s)
{
	const struct nv_state	*st = s->st;
	char			*head, *where;

	head = st->title != NULL ? xasprintf("Turn %d: %s", st->turn,
	    st->title) : xasprintf("Turn %d", st->turn);
	if (!s->windowed)
		return head;
	where = xasprintf("%s (columns %0*d-%0*d, rows %0*d-%0*d of %d by "
	    "%d)", head, s->digits, s->c0, s->digits, s->c1, s->digits,
	    s->r0, s->digits, s->r1, st->columns, st->rows);
	free(head);
	return where;
}

static void
layout(struct svg *s, const char *head)
{
	int			 x, y, lw, lh, hw;

	centre(s, s->c1, s->r1, &x, &y);
	s->width = x + SVG_HEX_R + SVG_MARGIN;
	/* The lowest hex is in an even column when there is one. */
	centre(s, s->c1 > s->c0 ? s->c0 + 1 : s->c0, s->r1, &x, &y);
	s->map_bottom = y + SVG_HEX_A + 22;
	svg_legend_size(s, &lw, &lh);
	/* The heading at 17px is about 10 units a character. */
	hw = 2 * SVG_MARGIN + 10 * svg_chars(head);
	s->width = s->width > lw ? s->width : lw;
	s->width = s->width > hw ? s->width : hw;
	s->height = s->map_bottom + lh;
}

static void
document(struct svg *s)
{
	char	*head;

	window(s);
	head = heading(s);
	layout(s, head);
	check(s, xmlTextWriterStartDocument(s->w, NULL, "UTF-8", NULL));
	svg_start(s, "svg", NULL);
	svg_attr(s, "xmlns", "http://www.w3.org/2000/svg");
	svg_attr(s, "version", "1.1");
	svg_attr_int(s, "width", s->width);
	svg_attr_int(s, "height", s->height);
	check(s, xmlTextWriterWriteFormatAttribute(s->w, BAD_CAST "viewBox",
	    "0 0 %d %d", s->width, s->height));
	svg_start(s, "title", NULL);
	svg_string(s, head);
	svg_end(s);
	svg_start(s, "style", NULL);
	svg_attr(s, "type", "text/css");
	svg_string(s, svg_css);
	svg_end(s);
	svg_start(s, "rect", "background");
	svg_attr(s, "width", "100%");
	svg_attr(s, "height", "100%");
	svg_attr(s, "fill", "#fbf8f0");
	svg_end(s);
	svg_text(s, "heading", SVG_MARGIN, 24, NULL, head);
	grid(s);
	labels(s);
	wrecks(s);
	ships(s);
	svg_legend(s, s->map_bottom);
	svg_end(s);
	check(s, xmlTextWriterEndDocument(s->w));
	free(head);
}

int
map_svg(const struct nv_state *st, const struct map_opts *o,
    struct buf *out, char **cause)
{
	static const struct map_opts	 def = MAP_OPTS_INIT;
	struct svg			 s;
	xmlBufferPtr			 xb;

	if (o == NULL)
		o = &def;
	memset(&s, 0, sizeof s);
	s.st = st;
	s.side = o->side < (int)st->nsides ? o->side : -1;
	s.ship_visible = o->ship_visible;
	s.wreck_visible = o->wreck_visible;
	s.place = o->ship_place;
	s.digits = state_hex_digits(st);
	s.codes = map_ship_codes(st, o->ship_visible);
	s.at = ship_cells(st);
	if ((xb = xmlBufferCreate()) == NULL ||
	    (s.w = xmlNewTextWriterMemory(xb, 0)) == NULL)
		s.err = 1;
	else {
		check(&s, xmlTextWriterSetIndent(s.w, 1));
		check(&s, xmlTextWriterSetIndentString(s.w, BAD_CAST " "));
		document(&s);
		xmlFreeTextWriter(s.w);	/* flushes into xb */
	}
	if (!s.err)
		buf_add(out, xmlBufferContent(xb), (size_t)xmlBufferLength(xb));
	else if (cause != NULL)
		*cause = xstrdup("cannot write the SVG map: libxml2's writer "
		    "failed (out of memory?)");
	xmlBufferFree(xb);
	free(s.codes);
	free(s.at);
	return s.err ? -1 : 0;
}
