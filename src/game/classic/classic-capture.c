/* classic-capture.c: what a boarding round decides (classic.md,
 * "Boarding and capture"; docs/classic/boarding.md): the 2:1 tests on the
 * pools, the surrender of a ship left without marines, capture with its
 * prisoners and prize crew, and the repulse that cuts the grapples or
 * counter-boards.  classic-board.c grapples and rolls the rounds. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic-board.h"
#include "classic.h"
#include "events.h"
#include "state.h"
#include "turn.h"

static const char *
ev(enum classic_event_kind k)
{
	return classic_event_name(k);
}

void
board_camp_text(const struct board *b, const int *mem, size_t nm, int camp,
    int full, struct buf *out)
{
	size_t	k, done = 0;

	for (k = 0; k < nm; k++)
		if (b->camp[mem[k]] == camp)
			buf_printf(out, "%s%s", done++ > 0 ? " and " : "",
			    full ? b->t->desc[mem[k]] :
			    board_ship(b, mem[k])->id);
	if (full && done > 1)
		buf_adds(out, " (pooled)");
}

/* Some ship of the other camp grappled to y boards it. */
static int
boarded(const struct board *b, const int *mem, size_t nm, int y)
{
	size_t	k;

	for (k = 0; k < nm; k++)
		if (b->camp[mem[k]] != b->camp[y] &&
		    board_boards(b, mem[k], y))
			return 1;
	return 0;
}

/* Whom y surrenders to: the enemy grappled to it, not surrendering
 * itself, with the most marines left; between equals the one in the lower
 * hex (column, then row), which renaming keeps. */
static int
find_captor(const struct board *b, const int *mem, size_t nm, int y)
{
	size_t	k;
	int	x, best = -1;

	for (k = 0; k < nm; k++) {
		x = mem[k];
		if (b->camp[x] == b->camp[y] || !board_grappled(b, x, y) ||
		    b->why[x] != WHY_NONE)
			continue;
		if (best < 0 || marines(board_ship(b, x)) >
		    marines(board_ship(b, best)) ||
		    (marines(board_ship(b, x)) ==
		    marines(board_ship(b, best)) &&
		    hex_cmp(board_ship(b, x)->hex, board_ship(b, best)->hex) <
		    0))
			best = x;
	}
	return best;
}

/* Who surrenders: by the 2:1 test on the pools (only a ship that is
 * boarded), then every ship left without marines that is grappled to an
 * enemy with marines (this comes before any cutting of grapples). */
static void
surrenders(struct board *b, const int *mem, size_t nm, const int *left)
{
	size_t	k, e;
	int	y, x, r = b->cd->surrender_ratio;

	for (k = 0; k < nm; k++) {
		y = mem[k];
		b->why[y] = WHY_NONE;
		if (left[1 - b->camp[y]] > r * left[b->camp[y]] &&
		    boarded(b, mem, nm, y))
			b->why[y] = WHY_RATIO;
	}
	for (k = 0; k < nm; k++) {
		y = mem[k];
		if (b->why[y] != WHY_NONE || marines(board_ship(b, y)) > 0)
			continue;
		for (e = 0; e < nm; e++) {
			x = mem[e];
			if (b->camp[x] != b->camp[y] &&
			    board_grappled(b, x, y) &&
			    b->why[x] != WHY_RATIO &&
			    marines(board_ship(b, x)) > 0)
				b->why[y] = WHY_EMPTY;
		}
	}
	for (k = 0; k < nm; k++) {
		y = mem[k];
		b->captor[y] = -1;
		if (b->why[y] != WHY_NONE &&
		    (b->captor[y] = find_captor(b, mem, nm, y)) < 0)
			b->why[y] = WHY_NONE;
	}
}

/* "1 medium marine and 1 bow" or "nobody". */
static void
prisoners_text(const int *pm, int bows, struct buf *out)
{
	int	m, any = 0;

	for (m = 0; m < CL_M_COUNT; m++)
		if (pm[m] > 0)
			buf_printf(out, "%s%d %s marine%s", any++ > 0 ? ", " :
			    "", pm[m], marine_id(m), pm[m] == 1 ? "" : "s");
	if (bows > 0)
		buf_printf(out, "%s%d bow%s", any++ > 0 ? ", " : "", bows,
		    bows == 1 ? "" : "s");
	if (!any)
		buf_adds(out, "nobody");
}

/* The captor moves its prize crew across: marines of its lightest type. */
static void
prize_crew(struct board *b, int c, int y, struct buf *out)
{
	struct nv_ship	*cs = board_ship(b, c), *s = board_ship(b, y);
	int		 m, n, have;

	for (m = 0; m < CL_M_COUNT; m++)
		if ((have = (int)cs->attr[marine_attr(m)].i) > 0)
			break;
	if (m == CL_M_COUNT || b->cd->prize_crew <= 0) {
		buf_printf(out, "%s has no marine to put aboard", cs->id);
		return;
	}
	n = b->cd->prize_crew < have ? b->cd->prize_crew : have;
	set_marines(cs, m, have - n);
	set_marines(s, m, s->attr[marine_attr(m)].i + n);
	buf_printf(out, "%s moves %d %s marine%s across as prize crew",
	    cs->id, n, marine_id(m), n == 1 ? "" : "s");
}

static void
capture(struct board *b, int y, const int *left)
{
	struct nv_turn	*t = b->t;
	struct nv_ship	*s = board_ship(b, y);
	int		 c = b->captor[y], pm[CL_M_COUNT], bows, m;
	struct buf	 out = BUF_INIT;
	size_t		 k;

	if (b->why[y] == WHY_RATIO)
		buf_printf(&out, "%s surrenders to %s: the boarders have %d "
		    "marines against %d, more than %d:1", t->desc[y],
		    t->desc[c], left[b->camp[c]], left[b->camp[y]],
		    b->cd->surrender_ratio);
	else
		buf_printf(&out, "%s has no marines left and surrenders to %s",
		    t->desc[y], t->desc[c]);
	for (m = 0; m < CL_M_COUNT; m++) {
		pm[m] = (int)s->attr[marine_attr(m)].i;
		set_marines(s, m, 0);
	}
	bows = (int)s->attr[CL_A_BOWS].i;
	s->attr[CL_A_BOWS].i = 0;
	buf_adds(&out, ". Taken prisoner and removed: ");
	prisoners_text(pm, bows, &out);
	if (s->attr[CL_A_CATAPULTS].i + s->attr[CL_A_STONES].i > 0)
		buf_printf(&out, "; its artillery stays aboard (%ld catapults,"
		    " %ld stone-throwers)", s->attr[CL_A_CATAPULTS].i,
		    s->attr[CL_A_STONES].i);
	buf_adds(&out, "; ");
	prize_crew(b, c, y, &out);
	s->side = board_ship(b, c)->side;
	s->status = s->side == s->owner ? NV_STATUS_AFLOAT :
	    NV_STATUS_CAPTURED;
	if (s->status == NV_STATUS_AFLOAT)
		buf_printf(&out, "; %s is recaptured and sails for its own "
		    "side, %s, again", s->id, b->st->sides[s->side].id);
	else
		buf_printf(&out, "; %s is captured and sails for %s from the "
		    "next turn", s->id, b->st->sides[s->side].id);
	/* Its grapples with ships now of its own side are cut; the captured
	 * crew boards nobody.  A cut drops the grapple from y's list, so k
	 * then stays where it is. */
	for (k = 0; k < b->gr[y].n;) {
		b->gr[y].v[k].att = 0;
		if (!enemies(b, y, b->gr[y].v[k].other))
			board_cut(b, y, b->gr[y].v[k].other);
		else
			k++;
	}
	turn_event(t, ev(CL_EV_SURRENDER), y, c, "%s", buf_str(&out));
	buf_free(&out);
}

/* x beat off y's boarders: it cuts the grapples or counter-boards, as its
 * standing REPULSE says; a raked ship never boards its raker, so it
 * cuts. */
static void
repulse(struct board *b, int x, int y, const int *left)
{
	struct nv_turn	*t = b->t;
	const char	*rp = board_ship(b, x)->attr[CL_A_REPULSE].s;
	int		 counter = rp != NULL &&
			    strcmp(rp, CL_REPULSE_COUNTER) == 0;

	if (counter && !raked_by(b, x, y)) {
		board_set_boards(b, y, x, 0);
		board_set_boards(b, x, y, 1);
		turn_event(t, ev(CL_EV_REPULSE), x, y, "%s repulses the "
		    "boarders of %s: %d marines against %d, more than %d:1; "
		    "it counter-boards (REPULSE COUNTER): the grapple stays "
		    "and %s is the attacker from the next turn", t->desc[x],
		    t->desc[y], left[b->camp[x]], left[b->camp[y]],
		    b->cd->surrender_ratio, board_ship(b, x)->id);
		return;
	}
	board_cut(b, x, y);
	turn_event(t, ev(CL_EV_REPULSE), x, y, "%s repulses the boarders of "
	    "%s: %d marines against %d, more than %d:1; it cuts the grapples"
	    " (%s)", t->desc[x], t->desc[y], left[b->camp[x]],
	    left[b->camp[y]], b->cd->surrender_ratio, counter ? "it may not "
	    "counter-board the ship that raked it" : "REPULSE CUT");
}

static int
repulses(struct board *b, const int *mem, size_t nm, const int *left)
{
	size_t	k, e;
	int	x, y, r = b->cd->surrender_ratio, n = 0;

	for (k = 0; k < nm; k++) {
		y = mem[k];
		for (e = 0; e < nm && b->why[y] == WHY_NONE; e++) {
			x = mem[e];
			if (b->camp[x] != b->camp[y] &&
			    board_boards(b, y, x) && b->why[x] == WHY_NONE &&
			    left[b->camp[x]] > r * left[b->camp[y]]) {
				repulse(b, x, y, left);
				n++;
			}
		}
	}
	return n;
}

void
board_outcome(struct board *b, const int *mem, size_t nm, const int *left)
{
	struct buf	ids = BUF_INIT;
	size_t		k;
	int		n = 0;

	surrenders(b, mem, nm, left);
	for (k = 0; k < nm; k++)
		if (b->why[mem[k]] != WHY_NONE) {
			capture(b, mem[k], left);
			n++;
		}
	n += repulses(b, mem, nm, left);
	if (n > 0)
		return;
	board_camp_text(b, mem, nm, 0, 0, &ids);
	buf_adds(&ids, left[0] == 0 && left[1] == 0 ? " against " : " and ");
	board_camp_text(b, mem, nm, 1, 0, &ids);
	if (left[0] == 0 && left[1] == 0)
		turn_event(b->t, ev(CL_EV_MELEE), mem[0], -1, "Boarding: no "
		    "marines are left on either side (%s): nothing is captured"
		    " and the grapples stay", buf_str(&ids));
	else
		turn_event(b->t, ev(CL_EV_MELEE), mem[0], -1, "Boarding: %s "
		    "stay grappled (%d marines against %d, neither more than "
		    "%d:1) and fight again next turn", buf_str(&ids), left[0],
		    left[1], b->cd->surrender_ratio);
	for (k = 1; k < nm; k++)
		turn_event_also(b->t, mem[k]);
	buf_free(&ids);
}

