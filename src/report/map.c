/* map.c: the plain ASCII map (see map.h).
 *
 * Layout: flat-topped hexes in columns, each column four characters wide.
 * Every map row takes two text lines: odd columns (half a hex up) are
 * drawn on the first, even columns on the second.  A cell is three
 * characters: " . " water, "###" land, "xxx" wreck, or a ship's code and
 * a facing mark (N ^, NE /, SE \, S v, SW <, NW >; the legend spells the
 * facing out). */
#include "config.h"

#include <string.h>

#include "buf.h"
#include "hex.h"
#include "map.h"
#include "ruleset.h"
#include "state.h"

static const char facing_mark[] = "^/\\v<>";

char *
map_ship_code(const struct nv_state *st, int ship, char *out)
{
	static const char	 digits[] = "123456789abcdefghijklmnopqrstuvwxyz";
	int			 side = st->ships[ship].side, n = 0, i;

	for (i = 0; i < ship; i++)
		if (st->ships[i].side == side)
			n++;
	out[0] = (char)('A' + side % 26);
	out[1] = n < (int)sizeof digits - 1 ? digits[n] : '+';
	out[2] = '\0';
	return out;
}

static void
cell(const struct nv_state *st, int col, int row, struct buf *out)
{
	struct nv_hex	h = hex_from_cr(col, row);
	char		code[3];
	int		s;

	if ((s = state_ship_at(st, h)) >= 0) {
		map_ship_code(st, s, code);
		buf_adds(out, code);
		buf_addc(out, facing_mark[st->ships[s].facing % 6]);
	} else if (state_is_land(st, h))
		buf_adds(out, "###");
	else if (state_is_wreck(st, h))
		buf_adds(out, "xxx");
	else
		buf_adds(out, " . ");
}

static void
header(const struct nv_state *st, int digits, struct buf *out)
{
	int	col;

	/* Each column is four characters wide, like its cells. */
	buf_printf(out, "%*s", digits + 2, "");
	for (col = 1; col <= st->columns; col++) {
		if (digits == 3)
			buf_printf(out, "%03d ", col);
		else
			buf_printf(out, " %02d ", col);
	}
	while (out->len > 0 && out->p[out->len - 1] == ' ')
		out->p[--out->len] = '\0';
	buf_addc(out, '\n');
}

static void
grid(const struct nv_state *st, int digits, struct buf *out)
{
	int	row, col, half;

	for (row = 1; row <= st->rows; row++) {
		for (half = 0; half < 2; half++) {
			if (half == 0)
				buf_printf(out, "%0*d  ", digits, row);
			else
				buf_printf(out, "%*s", digits + 2, "");
			for (col = 1; col <= st->columns; col++) {
				/* Odd columns on the upper line. */
				if ((col % 2 == 1) == (half == 0))
					cell(st, col, row, out);
				else
					buf_adds(out, "   ");
				buf_addc(out, ' ');
			}
			while (out->len > 0 && out->p[out->len - 1] == ' ')
				out->p[--out->len] = '\0';
			buf_addc(out, '\n');
		}
	}
}

static void
legend(const struct nv_state *st, struct buf *out)
{
	const struct nv_ship	*s;
	char			 code[3], hex[8];
	size_t			 i;

	buf_adds(out, "\n");
	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		map_ship_code(st, (int)i, code);
		buf_printf(out, "%-3s %-12s %-12s %-10s %s %-2s speed %d %s\n",
		    code, s->id, st->rs->classes[s->cls].id,
		    st->sides[s->side].id, state_hex_name(st, s->hex, hex),
		    dir_name(s->facing), s->speed, status_name(s->status));
	}
	for (i = 0; i < st->nwrecks; i++)
		buf_printf(out, "xxx wreck of %s at %s\n", st->wrecks[i].ship,
		    state_hex_name(st, st->wrecks[i].hex, hex));
}

void
map_plain(const struct nv_state *st, struct buf *out)
{
	int	digits = state_hex_digits(st);

	buf_printf(out, "Turn %d%s%s\n\n", st->turn, st->title ? ": " : "",
	    st->title ? st->title : "");
	header(st, digits, out);
	grid(st, digits, out);
	legend(st, out);
}
