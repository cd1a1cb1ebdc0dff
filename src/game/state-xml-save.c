/* state-xml-save.c: writing a state as canonical XML (see state-xml.h).
 *
 * Every field is written in one fixed order (the order of
 * data/schema/scenario.rng), ships in id order as state.h keeps them, land
 * column by column, so that the same state always gives the same bytes
 * and loading the output and saving it again changes nothing. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "buf.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"

/* Escapes for attribute values; tab, CR and LF as references so that
 * they survive attribute normalisation and the output round-trips.  The
 * runs between them are copied whole: a big battle writes megabytes. */
static void
put_escaped(struct buf *b, const char *s, int attr)
{
	size_t	n;

	for (;;) {
		n = strcspn(s, attr ? "&<>\"\r\n\t" : "&<>\r");
		buf_add(b, s, n);
		s += n;
		switch (*s) {
		case '\0': return;
		case '&': buf_adds(b, "&amp;"); break;
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '"': buf_adds(b, "&quot;"); break;
		case '\r': buf_adds(b, "&#13;"); break;
		case '\n': buf_adds(b, "&#10;"); break;
		case '\t': buf_adds(b, "&#9;"); break;
		}
		s++;
	}
}

static void
put_attr(struct buf *b, const char *name, const char *value)
{
	buf_addc(b, ' ');
	buf_adds(b, name);
	buf_add(b, "=\"", 2);
	put_escaped(b, value, 1);
	buf_addc(b, '"');
}

/* name="v", the number in decimal (as %ld writes it). */
static void
put_int_attr(struct buf *b, const char *name, long v)
{
	char		 digits[24], *p = digits + sizeof digits;
	unsigned long	 u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		*--p = '-';
	buf_addc(b, ' ');
	buf_adds(b, name);
	buf_add(b, "=\"", 2);
	buf_add(b, p, (size_t)(digits + sizeof digits - p));
	buf_addc(b, '"');
}

/* A ruleset attribute table's values, in table order. */
static void
put_attr_table(struct buf *b, const struct nv_attr_def *defs, size_t ndefs,
    const struct nv_attrval *vals)
{
	size_t	i;

	for (i = 0; i < ndefs; i++) {
		if (defs[i].kind == NV_ATTR_INT)
			put_int_attr(b, defs[i].name, vals[i].i);
		else
			put_attr(b, defs[i].name, vals[i].s != NULL ?
			    vals[i].s : "");
	}
}

static void
save_ship(const struct nv_state *st, const struct nv_ship *s, struct buf *b)
{
	const struct nv_ruleset	*rs = st->rs;
	char			 hex[8];

	buf_adds(b, "  <ship");
	put_attr(b, "id", s->id);
	if (s->name != NULL)
		put_attr(b, "name", s->name);
	put_attr(b, "side", st->sides[s->side].id);
	put_attr(b, "owner", st->sides[s->owner].id);
	if (state_ship_squadron(st, s) >= 0)
		put_attr(b, "squadron",
		    st->squadrons[state_ship_squadron(st, s)].id);
	put_attr(b, "class", rs->classes[s->cls].id);
	put_attr(b, "crew", rs->crews[s->crew].id);
	/* An exited or fled ship may be just off the map, at column or
	 * row 0 (the loader reads those for it): written as read, so that
	 * the state loads again (issue 10: it was "????"). */
	put_attr(b, "hex", status_may_be_off_map(s->status) ?
	    hex_format_edge(s->hex, state_hex_digits(st), hex) :
	    state_hex_name(st, s->hex, hex));
	put_attr(b, "facing", dir_name(s->facing));
	put_int_attr(b, "speed", s->speed);
	put_attr(b, "status", ruleset_status_name(rs, s->status));
	if (s->standing != NULL)
		put_attr(b, "standing", s->standing);
	put_attr_table(b, rs->ops->ship_attrs, rs->ops->nship_attrs, s->attr);
	buf_adds(b, "/>\n");
}

static void
save_map(const struct nv_state *st, struct buf *b)
{
	struct nv_hex	h;
	char		hex[8];
	int		col, row, any = 0;

	buf_printf(b, "  <map columns=\"%d\" rows=\"%d\"", st->columns,
	    st->rows);
	/* Column by column, the order of hex_cmp. */
	for (col = 1; col <= st->columns; col++)
		for (row = 1; row <= st->rows; row++) {
			h = hex_from_cr(col, row);
			if (!state_is_land(st, h))
				continue;
			if (!any++)
				buf_adds(b, ">\n");
			buf_printf(b, "    <land hex=\"%s\"/>\n",
			    state_hex_name(st, h, hex));
		}
	buf_adds(b, any ? "  </map>\n" : "/>\n");
}

static void
save_marker(const struct nv_state *st, const struct nv_marker *m,
    struct buf *b)
{
	const struct nv_ruleset_ops	*ops = st->rs->ops;
	char				 hex[8];

	buf_printf(b, "  <marker hex=\"%s\"", state_hex_name(st, m->hex, hex));
	put_attr(b, "kind", m->kind >= 0 && (size_t)m->kind <
	    ops->nmarker_kinds ? ops->marker_kinds[m->kind].name : "?");
	if (m->ship[0] != '\0')
		put_attr(b, "ship", m->ship);
	if (m->value != 0)
		buf_printf(b, " value=\"%ld\"", m->value);
	buf_adds(b, "/>\n");
}

/* Squadrons and zones (order language version 2): absent from a state
 * that has none, which is written as before they existed. */
static void
save_squadrons_zones(const struct nv_state *st, struct buf *b)
{
	const struct nv_squadron	*q;
	const struct nv_zone		*z;
	char				 hex[8];
	size_t				 i;

	for (i = 0; i < st->nsquadrons; i++) {
		q = &st->squadrons[i];
		buf_adds(b, "  <squadron");
		put_attr(b, "id", q->id);
		put_attr(b, "side", st->sides[q->side].id);
		if (q->name != NULL)
			put_attr(b, "name", q->name);
		if (q->standing != NULL)
			put_attr(b, "standing", q->standing);
		buf_adds(b, "/>\n");
	}
	for (i = 0; i < st->nzones; i++) {
		z = &st->zones[i];
		buf_adds(b, "  <zone");
		put_attr(b, "side", st->sides[z->side].id);
		put_attr(b, "from", state_hex_name(st, z->from, hex));
		put_attr(b, "to", state_hex_name(st, z->to, hex));
		buf_adds(b, "/>\n");
	}
}

static void
save_result(const struct nv_state *st, struct buf *b)
{
	const struct nv_result	*r = &st->result;
	size_t			 i;

	if (r->kind == NV_RESULT_PLAYING)
		return;
	buf_printf(b, "  <result status=\"%s\"", r->kind == NV_RESULT_WON ?
	    "won" : "drawn");
	if (r->winner >= 0)
		put_attr(b, "winner", st->sides[r->winner].id);
	put_attr(b, "reason", r->reason != NULL ? r->reason : "");
	buf_adds(b, ">\n");
	for (i = 0; i < st->nsides; i++) {
		buf_adds(b, "    <score");
		put_attr(b, "side", st->sides[i].id);
		buf_printf(b, " points=\"%d\"/>\n", r->score != NULL ?
		    r->score[i] : 0);
	}
	buf_adds(b, "  </result>\n");
}

/* Where the canonical text goes as it is written, a piece (the head, a
 * ship, the tail) at a time: fn takes each piece and returns nonzero to
 * stop (the rest need not be written).  No sink: b keeps the whole text. */
struct sink {
	int	(*fn)(void *, const char *, size_t);
	void	*arg;
	int	 stopped;
};

/* With a sink, hands it what b holds and empties b; returns 1 once the
 * sink stopped.  Without one, b keeps the text: 0. */
static int
spill(struct buf *b, struct sink *k)
{
	if (k == NULL)
		return 0;
	if (!k->stopped && b->len > 0 && k->fn(k->arg, b->p, b->len) != 0)
		k->stopped = 1;
	buf_reset(b);
	return k->stopped;
}

static void
save_head(const struct nv_state *st, struct buf *b)
{
	const struct nv_ruleset	*rs = st->rs;
	size_t			 i;

	buf_adds(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_adds(b, "<scenario");
	put_attr(b, "ruleset", rs->id);
	buf_printf(b, " turn=\"%d\">\n", st->turn);
	if (st->title != NULL) {
		buf_adds(b, "  <title>");
		put_escaped(b, st->title, 0);
		buf_adds(b, "</title>\n");
	}
	buf_printf(b, "  <settings turn-limit=\"%d\" visibility=\"%d\"/>\n",
	    st->settings.turn_limit, st->settings.visibility);
	/* Only a ruleset with game attributes has the element. */
	if (rs->ops->ngame_attrs > 0 && st->attr != NULL) {
		buf_adds(b, "  <game");
		put_attr_table(b, rs->ops->game_attrs, rs->ops->ngame_attrs,
		    st->attr);
		buf_adds(b, "/>\n");
	}
	save_map(st, b);
	for (i = 0; i < st->nsides; i++) {
		buf_adds(b, "  <side");
		put_attr(b, "id", st->sides[i].id);
		put_attr(b, "nation", rs->nations[st->sides[i].nation].id);
		put_attr(b, "crew", rs->crews[st->sides[i].crew].id);
		if (st->sides[i].name != NULL)
			put_attr(b, "name", st->sides[i].name);
		if (st->sides[i].attr != NULL)
			put_attr_table(b, rs->ops->side_attrs,
			    rs->ops->nside_attrs, st->sides[i].attr);
		buf_adds(b, "/>\n");
	}
	save_squadrons_zones(st, b);
}

static void
save_tail(const struct nv_state *st, struct buf *b)
{
	char	hex[8];
	size_t	i;

	for (i = 0; i < st->nwrecks; i++) {
		buf_printf(b, "  <wreck hex=\"%s\"",
		    state_hex_name(st, st->wrecks[i].hex, hex));
		if (st->wrecks[i].ship[0] != '\0')
			put_attr(b, "ship", st->wrecks[i].ship);
		buf_adds(b, "/>\n");
	}
	for (i = 0; i < st->nmarkers; i++)
		save_marker(st, &st->markers[i], b);
	save_result(st, b);
	buf_adds(b, "</scenario>\n");
}

/* The canonical text into b, or through the sink piece by piece (a ship
 * at a time) until it stops. */
static void
save_all(const struct nv_state *st, struct buf *b, struct sink *k)
{
	size_t	i;

	save_head(st, b);
	if (spill(b, k))
		return;
	for (i = 0; i < st->nships; i++) {
		save_ship(st, &st->ships[i], b);
		if (spill(b, k))
			return;
	}
	save_tail(st, b);
	(void)spill(b, k);
}

void
state_xml_save(const struct nv_state *st, struct buf *b)
{
	save_all(st, b, NULL);
}

int
state_xml_save_each(const struct nv_state *st,
    int (*fn)(void *, const char *, size_t), void *arg)
{
	struct buf	b = BUF_INIT;
	struct sink	k = { fn, arg, 0 };

	save_all(st, &b, &k);
	buf_free(&b);
	return k.stopped ? -1 : 0;
}

/* Where the canonical text is compared with a file: the file and how much
 * of it matched so far. */
struct canon {
	const char	*text;
	size_t		 len;
	size_t		 off;
};

static int
canon_cmp(void *arg, const char *p, size_t len)
{
	struct canon	*c = arg;

	if (len > c->len - c->off || memcmp(p, c->text + c->off, len) != 0)
		return 1;
	c->off += len;
	return 0;
}

int
state_xml_is_saved(const struct nv_state *st, const char *text, size_t len)
{
	struct canon	c = { text, len, 0 };

	return state_xml_save_each(st, canon_cmp, &c) == 0 && c.off == len;
}
