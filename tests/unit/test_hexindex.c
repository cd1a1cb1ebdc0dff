/* test_hexindex.c: the hex index (src/game/hexindex.c) against the linear
 * scans it stands in for (state_ship_at, state_is_wreck): tables of
 * states and of moves, sinkings, exits and captures with the answers
 * worked out by hand; random states and random sequences of those changes
 * (seeded, so every run is the same), checked hex by hex against the
 * scans; and random dense battles played by the real mover, which must
 * never leave two ships in one hex; markers added and removed at random,
 * against a scan.
 *
 * Data files are found through NAVARCH_DATADIR (the Makefile sets it). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "datafix.h"
#include "dice.h"
#include "events.h"
#include "hexindex.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "turn.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* ---- states built by hand ------------------------------------------------ */

#define MAXS 8

struct sspec {
	const char	*id;	/* NULL ends the list */
	int		 col, row;
	enum nv_status	 status;
};

/* A state with only what the index reads: the map, ships, wrecks.  A sunk
 * ship leaves its wreck, as classic_damage() does. */
static struct nv_state *
make_state(int columns, int rows, const struct sspec *ships,
    const struct nv_hex *wrecks, size_t nwrecks)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	size_t		 i, n;

	st->columns = columns;
	st->rows = rows;
	for (n = 0; n < MAXS && ships[n].id != NULL; n++)
		;
	st->ships = xcalloc(n + 1, sizeof *st->ships);
	for (i = 0; i < n; i++) {
		(void)snprintf(st->ships[i].id, sizeof st->ships[i].id, "%s",
		    ships[i].id);
		st->ships[i].hex = hex_from_cr(ships[i].col, ships[i].row);
		st->ships[i].status = ships[i].status;
	}
	st->nships = n;
	for (i = 0; i < nwrecks; i++)
		state_add_wreck(st, wrecks[i], "w");
	for (i = 0; i < n; i++)
		if (st->ships[i].status == NV_STATUS_SUNK)
			state_add_wreck(st, st->ships[i].hex, st->ships[i].id);
	return st;
}

/* Every hex of the map and the ring just outside it: the index gives the
 * scans' answers.  Returns the number of ships found, so that a caller can
 * tell the check was not vacuous. */
static int
check_all(struct nv_hexindex *ix, const struct nv_state *st)
{
	struct nv_hex	h;
	int		col, row, found = 0;

	for (col = 0; col <= st->columns + 1; col++)
		for (row = 0; row <= st->rows + 1; row++) {
			h = hex_from_cr(col, row);
			if (hexindex_ship_at(ix, h) != state_ship_at(st, h))
				fail_msg("column %d row %d: index %d, scan %d",
				    col, row, hexindex_ship_at(ix, h),
				    state_ship_at(st, h));
			if (hexindex_is_wreck(ix, h) != state_is_wreck(st, h))
				fail_msg("column %d row %d: wreck %d, scan %d",
				    col, row, hexindex_is_wreck(ix, h),
				    state_is_wreck(st, h));
			found += state_ship_at(st, h) >= 0;
		}
	return found;
}

/* One expected answer: the ship in (col, row) (NULL: none) and whether a
 * wreck is there.  col 0 ends a list. */
struct want {
	int		 col, row;
	const char	*ship;
	int		 wreck;
};

static void
check_wants(struct nv_hexindex *ix, const struct nv_state *st,
    const struct want *w, size_t max, const char *name)
{
	struct nv_hex	h;
	size_t		k;
	int		i;

	for (k = 0; k < max && (w[k].col != 0 || w[k].row != 0); k++) {
		h = hex_from_cr(w[k].col, w[k].row);
		i = hexindex_ship_at(ix, h);
		if (w[k].ship == NULL && i >= 0)
			fail_msg("%s: %d,%d holds %s, expected none", name,
			    w[k].col, w[k].row, st->ships[i].id);
		if (w[k].ship != NULL && (i < 0 ||
		    strcmp(st->ships[i].id, w[k].ship) != 0))
			fail_msg("%s: %d,%d holds %s, expected %s", name,
			    w[k].col, w[k].row, i >= 0 ? st->ships[i].id :
			    "none", w[k].ship);
		if (hexindex_is_wreck(ix, h) != w[k].wreck)
			fail_msg("%s: %d,%d wreck %d, expected %d", name,
			    w[k].col, w[k].row, hexindex_is_wreck(ix, h),
			    w[k].wreck);
	}
}

#define AF NV_STATUS_AFLOAT
#define CA NV_STATUS_CAPTURED
#define SU NV_STATUS_SUNK
#define EX NV_STATUS_EXITED

static const struct lcase {
	const char	*name;
	int		 columns, rows;
	struct sspec	 ships[MAXS];
	struct want	 want[10];
} look_cases[] = {
	{ "an empty map", 3, 3, { { NULL, 0, 0, AF } },
	  { { 1, 1, NULL, 0 }, { 3, 3, NULL, 0 }, { 2, 2, NULL, 0 } } },
	/* Seven columns and four rows: a column and row swapped in the
	 * arithmetic would put these corners elsewhere or off the map. */
	{ "corners of a map wider than tall", 7, 4,
	  { { "nw", 1, 1, AF }, { "ne", 7, 1, AF }, { "sw", 1, 4, AF },
	    { "se", 7, 4, AF }, { "mid", 4, 2, AF }, { NULL, 0, 0, AF } },
	  { { 1, 1, "nw", 0 }, { 7, 1, "ne", 0 }, { 1, 4, "sw", 0 },
	    { 7, 4, "se", 0 }, { 4, 2, "mid", 0 }, { 2, 1, NULL, 0 },
	    { 4, 1, NULL, 0 }, { 8, 1, NULL, 0 }, { 1, 5, NULL, 0 } } },
	{ "corners of a map taller than wide", 2, 9,
	  { { "a", 1, 9, AF }, { "b", 2, 1, AF }, { NULL, 0, 0, AF } },
	  { { 1, 9, "a", 0 }, { 2, 1, "b", 0 }, { 2, 9, NULL, 0 },
	    { 1, 1, NULL, 0 }, { 3, 1, NULL, 0 }, { 1, 10, NULL, 0 } } },
	/* Captured ships sail and fight; sunk and exited ones do not. */
	{ "statuses", 5, 5,
	  { { "afloat", 1, 1, AF }, { "captured", 2, 2, CA },
	    { "exited", 3, 3, EX }, { "sunk", 4, 4, SU },
	    { NULL, 0, 0, AF } },
	  { { 1, 1, "afloat", 0 }, { 2, 2, "captured", 0 },
	    { 3, 3, NULL, 0 }, { 4, 4, NULL, 1 } } },
	/* An exited ship keeps its last hex, where another may now be. */
	{ "a ship where one exited", 4, 4,
	  { { "a", 2, 2, EX }, { "b", 2, 2, AF }, { NULL, 0, 0, AF } },
	  { { 2, 2, "b", 0 } } },
	/* Broken (the loader refuses it): the lower index, like the scan. */
	{ "two ships in one hex", 4, 4,
	  { { "a", 3, 1, AF }, { "b", 3, 1, AF }, { NULL, 0, 0, AF } },
	  { { 3, 1, "a", 0 } } },
};

static void
test_look_up(void **state)
{
	struct nv_hexindex	 ix;
	struct nv_state		*st;
	size_t			 c;

	(void)state;
	for (c = 0; c < NELEM(look_cases); c++) {
		st = make_state(look_cases[c].columns, look_cases[c].rows,
		    look_cases[c].ships, NULL, 0);
		hexindex_build(&ix, st);
		check_wants(&ix, st, look_cases[c].want,
		    NELEM(look_cases[c].want), look_cases[c].name);
		(void)check_all(&ix, st);
		hexindex_free(&ix);
		state_free(st);
	}
}

/* ---- changes: moves, sinkings, exits, captures --------------------------- */

enum op_kind { OP_END, OP_MOVE, OP_SINK, OP_EXIT, OP_CAPTURE };

struct op {
	enum op_kind	 kind;
	const char	*ship;
	int		 col, row;	/* OP_MOVE: where to */
};

static void
apply(struct nv_hexindex *ix, struct nv_state *st, const struct op *o)
{
	int	i = state_ship_index(st, o->ship);

	if (i < 0)
		fail_msg("test table names no ship %s", o->ship);
	switch (o->kind) {
	case OP_MOVE:
		hexindex_move(ix, i, hex_from_cr(o->col, o->row));
		break;
	case OP_SINK:
		st->ships[i].status = NV_STATUS_SUNK;
		state_add_wreck(st, st->ships[i].hex, st->ships[i].id);
		break;
	case OP_EXIT:
		st->ships[i].status = NV_STATUS_EXITED;
		break;
	case OP_CAPTURE:
		st->ships[i].status = NV_STATUS_CAPTURED;
		st->ships[i].side = 1 - st->ships[i].side;
		break;
	case OP_END:
		break;
	}
}

/* The ops of a case happen at once and are applied in order, as the mover
 * applies a round's steps: only the end must be exact. */
static const struct ccase {
	const char	*name;
	struct sspec	 ships[MAXS];
	struct op	 ops[6];
	struct want	 want[6];
} change_cases[] = {
	{ "a ship moves",
	  { { "a", 2, 2, AF }, { NULL, 0, 0, AF } },
	  { { OP_MOVE, "a", 2, 3 } },
	  { { 2, 2, NULL, 0 }, { 2, 3, "a", 0 } } },
	/* a enters b's hex before b leaves it, then b leaves: b must not
	 * clear the cell a now holds. */
	{ "follower applied before its leader",
	  { { "a", 2, 2, AF }, { "b", 2, 3, AF }, { NULL, 0, 0, AF } },
	  { { OP_MOVE, "a", 2, 3 }, { OP_MOVE, "b", 2, 4 } },
	  { { 2, 2, NULL, 0 }, { 2, 3, "a", 0 }, { 2, 4, "b", 0 } } },
	{ "leader applied before its follower",
	  { { "a", 2, 3, AF }, { "b", 2, 2, AF }, { NULL, 0, 0, AF } },
	  { { OP_MOVE, "a", 2, 4 }, { OP_MOVE, "b", 2, 3 } },
	  { { 2, 2, NULL, 0 }, { 2, 3, "b", 0 }, { 2, 4, "a", 0 } } },
	{ "a closed ring of three turns",
	  { { "a", 2, 2, AF }, { "b", 3, 2, AF }, { "c", 3, 3, AF },
	    { NULL, 0, 0, AF } },
	  { { OP_MOVE, "a", 3, 2 }, { OP_MOVE, "b", 3, 3 },
	    { OP_MOVE, "c", 2, 2 } },
	  { { 2, 2, "c", 0 }, { 3, 2, "a", 0 }, { 3, 3, "b", 0 } } },
	{ "an exit leaves the hex empty",
	  { { "a", 1, 1, AF }, { NULL, 0, 0, AF } },
	  { { OP_EXIT, "a", 0, 0 } },
	  { { 1, 1, NULL, 0 } } },
	{ "a follower enters the hex of a ship that exits",
	  { { "a", 1, 2, AF }, { "b", 1, 1, AF }, { NULL, 0, 0, AF } },
	  { { OP_EXIT, "b", 0, 0 }, { OP_MOVE, "a", 1, 1 } },
	  { { 1, 1, "a", 0 }, { 1, 2, NULL, 0 } } },
	{ "a sinking leaves a wreck and no ship",
	  { { "a", 3, 3, AF }, { "b", 4, 4, AF }, { NULL, 0, 0, AF } },
	  { { OP_SINK, "a", 0, 0 } },
	  { { 3, 3, NULL, 1 }, { 4, 4, "b", 0 } } },
	{ "a ship moves, then sinks where it arrived",
	  { { "a", 3, 3, AF }, { NULL, 0, 0, AF } },
	  { { OP_MOVE, "a", 3, 4 }, { OP_SINK, "a", 0, 0 } },
	  { { 3, 3, NULL, 0 }, { 3, 4, NULL, 1 } } },
	{ "a captured ship stays in the index and moves on",
	  { { "a", 2, 2, AF }, { NULL, 0, 0, AF } },
	  { { OP_CAPTURE, "a", 0, 0 }, { OP_MOVE, "a", 3, 2 } },
	  { { 2, 2, NULL, 0 }, { 3, 2, "a", 0 } } },
};

static void
test_changes(void **state)
{
	struct nv_hexindex	 ix;
	struct nv_state		*st;
	size_t			 c, k;

	(void)state;
	for (c = 0; c < NELEM(change_cases); c++) {
		st = make_state(5, 5, change_cases[c].ships, NULL, 0);
		hexindex_build(&ix, st);
		for (k = 0; k < NELEM(change_cases[c].ops) &&
		    change_cases[c].ops[k].kind != OP_END; k++)
			apply(&ix, st, &change_cases[c].ops[k]);
		check_wants(&ix, st, change_cases[c].want,
		    NELEM(change_cases[c].want), change_cases[c].name);
		(void)check_all(&ix, st);
		hexindex_free(&ix);
		state_free(st);
	}
}

/* ---- random states and changes ------------------------------------------- */

/* xorshift32: the same numbers on every machine and every run. */
static uint32_t
rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int
pick(uint32_t *s, int n)
{
	return (int)(rnd(s) % (uint32_t)n);
}

/* A random hex of the map with no ship on the map and no wreck, or 0. */
static int
free_hex(uint32_t *s, const struct nv_state *st, struct nv_hex *out)
{
	int	tries;

	for (tries = 0; tries < 200; tries++) {
		*out = hex_from_cr(1 + pick(s, st->columns),
		    1 + pick(s, st->rows));
		if (state_ship_at(st, *out) < 0 && !state_is_wreck(st, *out))
			return 1;
	}
	return 0;
}

/* A random ship on the map, or -1. */
static int
some_ship(uint32_t *s, const struct nv_state *st)
{
	int	tries, i;

	for (tries = 0; tries < 200 && st->nships > 0; tries++) {
		i = pick(s, (int)st->nships);
		if (ship_on_map(&st->ships[i]))
			return i;
	}
	return -1;
}

/* Ships on distinct hexes (exited ones anywhere: their hex may hold
 * another ship), each afloat, captured, sunk (with its wreck) or exited,
 * and a few wrecks of older sinkings. */
static struct nv_state *
random_state(uint32_t *s)
{
	struct nv_state	*st = xcalloc(1, sizeof *st);
	struct nv_hex	 h;
	size_t		 i, want;
	int		 r;

	st->columns = 1 + pick(s, 16);
	st->rows = 1 + pick(s, 16);
	want = (size_t)pick(s, st->columns * st->rows * 3 / 4 + 1);
	st->ships = xcalloc(want + 1, sizeof *st->ships);
	for (i = 0; i < want; i++) {
		if (!free_hex(s, st, &h))
			break;
		(void)snprintf(st->ships[i].id, sizeof st->ships[i].id,
		    "s%03zu", i);
		st->ships[i].hex = h;
		r = pick(s, 10);
		st->ships[i].status = r < 6 ? NV_STATUS_AFLOAT : r < 7 ?
		    NV_STATUS_CAPTURED : r < 8 ? NV_STATUS_SUNK :
		    NV_STATUS_EXITED;
		st->nships = i + 1;
		if (st->ships[i].status == NV_STATUS_SUNK)
			state_add_wreck(st, h, st->ships[i].id);
	}
	for (r = pick(s, 4); r > 0 && free_hex(s, st, &h); r--)
		state_add_wreck(st, h, "old");
	return st;
}

/* 1 if h is one of the n hexes of v. */
static int
among(const struct nv_hex *v, int n, struct nv_hex h)
{
	int	k;

	for (k = 0; k < n; k++)
		if (hex_eq(v[k], h))
			return 1;
	return 0;
}

/* A batch of moves that happen at once: up to six ships take a shuffle of
 * their own hexes and as many free ones, so that followers, rings and
 * swaps all occur; applied in ship order, as apply_moves() does.  Returns
 * the number of ships in the batch. */
static int
random_batch(uint32_t *s, struct nv_hexindex *ix, struct nv_state *st)
{
	struct nv_hex	 pool[12], h, tmp;
	int		 who[6], n = 0, np, j, i, t;

	for (j = 1 + pick(s, 6); j > 0; j--) {
		if ((i = some_ship(s, st)) < 0)
			break;
		for (t = 0; t < n && who[t] != i; t++)
			;
		if (t == n)
			who[n++] = i;
	}
	/* Ship order, as apply_moves() goes. */
	for (j = 1; j < n; j++)
		for (i = j; i > 0 && who[i - 1] > who[i]; i--) {
			t = who[i];
			who[i] = who[i - 1];
			who[i - 1] = t;
		}
	for (np = 0; np < n; np++)
		pool[np] = st->ships[who[np]].hex;
	for (j = 0; j < n; j++)
		if (free_hex(s, st, &h) && !among(pool, np, h))
			pool[np++] = h;
	for (j = np - 1; j > 0; j--) {
		i = pick(s, j + 1);
		tmp = pool[i];
		pool[i] = pool[j];
		pool[j] = tmp;
	}
	for (j = 0; j < n; j++)
		hexindex_move(ix, who[j], pool[j]);
	return n;
}

enum { CH_BATCH, CH_SINK, CH_EXIT, CH_CAPTURE, CH_WRECK, CH_COUNT };

/* One random change; returns its kind, or -1 if there was nothing to do. */
static int
random_change(uint32_t *s, struct nv_hexindex *ix, struct nv_state *st)
{
	struct nv_hex	h;
	int		kind = pick(s, CH_COUNT), i;

	if (kind == CH_BATCH)
		return random_batch(s, ix, st) > 0 ? kind : -1;
	if (kind == CH_WRECK) {
		/* Wrecks only appear by sinking in a game; a wreck out of
		 * nowhere still must be seen. */
		if (!free_hex(s, st, &h))
			return -1;
		state_add_wreck(st, h, "new");
		return kind;
	}
	if ((i = some_ship(s, st)) < 0)
		return -1;
	switch (kind) {
	case CH_SINK:
		st->ships[i].status = NV_STATUS_SUNK;
		state_add_wreck(st, st->ships[i].hex, st->ships[i].id);
		break;
	case CH_EXIT:
		st->ships[i].status = NV_STATUS_EXITED;
		break;
	default:
		/* Captured, or recaptured by its owner. */
		st->ships[i].status = st->ships[i].status ==
		    NV_STATUS_CAPTURED ? NV_STATUS_AFLOAT : NV_STATUS_CAPTURED;
		break;
	}
	return kind;
}

static void
test_random_changes(void **state)
{
	struct nv_hexindex	 ix;
	struct nv_state		*st;
	uint32_t		 seed;
	int			 trial, step, kind, done[CH_COUNT], found = 0;

	(void)state;
	memset(done, 0, sizeof done);
	for (trial = 0; trial < 150; trial++) {
		seed = 2463534242u + (uint32_t)trial * 7919u;
		st = random_state(&seed);
		hexindex_build(&ix, st);
		found += check_all(&ix, st);
		for (step = 0; step < 40; step++) {
			if ((kind = random_change(&seed, &ix, st)) >= 0)
				done[kind]++;
			found += check_all(&ix, st);
		}
		hexindex_free(&ix);
		state_free(st);
	}
	/* Every kind of change happened, and there were ships to find. */
	for (kind = 0; kind < CH_COUNT; kind++)
		assert_true(done[kind] > 20);
	assert_true(found > 1000);
}

/* ---- dense battles played by the mover ----------------------------------- */

static const char *const classes[] = {
	"bireme", "trireme", "quadrireme", "quinquereme", "heptere",
};

/* A crowded sea: ships on a third or more of the hexes, random facings and
 * speeds, a little land and a few wrecks; ids shuffled against positions,
 * so that index order says nothing about where a ship is.  Side b's elite
 * crews rake where they may (half the ships prefer it), so that slips
 * move ships after the steps. */
static char *
battle_xml(uint32_t *s)
{
	struct buf	 b = BUF_INIT;
	unsigned char	*used;
	int		 columns = 12 + pick(s, 20), rows = 12 + pick(s, 20);
	int		 n, k, c, col, row, cells = columns * rows;
	static const char *const fac[] = { "N", "NE", "SE", "S", "SW", "NW" };

	used = xcalloc((size_t)cells, 1);
	buf_printf(&b, "<scenario ruleset=\"classic\" turn=\"1\">\n"
	    "<map columns=\"%d\" rows=\"%d\">\n", columns, rows);
	for (k = pick(s, 6); k > 0; k--) {
		c = pick(s, cells);
		used[c] = 1;
		buf_printf(&b, "<land hex=\"%02d%02d\"/>\n", c % columns + 1,
		    c / columns + 1);
	}
	buf_adds(&b, "</map>\n"
	    "<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>\n"
	    "<side id=\"b\" nation=\"asiatic\" crew=\"elite\"/>\n");
	n = cells / 3 + pick(s, cells / 4);
	for (k = 0; k < n; k++) {
		c = pick(s, cells);
		if (used[c])
			continue;
		used[c] = 1;
		col = c % columns + 1;
		row = c / columns + 1;
		/* 7919 is prime to 10000: distinct ids, in no order. */
		buf_printf(&b, "<ship id=\"x%04d\" side=\"%s\" class=\"%s\" "
		    "hex=\"%02d%02d\" facing=\"%s\" speed=\"%d\" "
		    "rake=\"%s\"/>\n", k * 7919 % 10000,
		    pick(s, 2) ? "a" : "b",
		    classes[pick(s, (int)NELEM(classes))], col, row,
		    fac[pick(s, 6)], pick(s, 4), pick(s, 2) ? "any" : "none");
	}
	for (k = pick(s, 5); k > 0; k--) {
		c = pick(s, cells);
		if (used[c])
			continue;
		used[c] = 1;
		buf_printf(&b, "<wreck hex=\"%02d%02d\"/>\n", c % columns + 1,
		    c / columns + 1);
	}
	buf_adds(&b, "</scenario>\n");
	free(used);
	return buf_detach(&b);
}

/* The rules' invariant after any turn: every ship on the map stands on
 * open water of the map, alone. */
static void
check_positions(const struct nv_state *st)
{
	const struct nv_ship	*a, *b;
	size_t			 i, j;

	for (i = 0; i < st->nships; i++) {
		a = &st->ships[i];
		if (!ship_on_map(a))
			continue;
		assert_true(state_on_map(st, a->hex));
		assert_false(state_is_land(st, a->hex));
		assert_false(state_is_wreck(st, a->hex));
		for (j = i + 1; j < st->nships; j++) {
			b = &st->ships[j];
			if (ship_on_map(b) && hex_eq(a->hex, b->hex))
				fail_msg("%s and %s share a hex", a->id, b->id);
		}
	}
}

/* The turn as bytes: the next state's XML and every event sentence. */
static char *
play(const struct nv_state *st, struct nv_state **next, struct nv_events *ev)
{
	struct nv_dice	*dice = dice_seeded("hexindex", "battle");
	struct buf	 b = BUF_INIT;
	char		*cause = NULL;
	size_t		 k;

	if (turn_play(st, NULL, dice, next, ev, &cause) != 0)
		fail_msg("turn_play: %s", cause);
	dice_free(dice);
	state_xml_save(*next, &b);
	for (k = 0; k < ev->n; k++)
		buf_printf(&b, "%s|%s\n", ev->v[k].kind, ev->v[k].text);
	return buf_detach(&b);
}

static size_t
count_kind(const struct nv_events *ev, const char *kind)
{
	size_t	k, n = 0;

	for (k = 0; k < ev->n; k++)
		n += strcmp(ev->v[k].kind, kind) == 0;
	return n;
}

static size_t
count_text(const struct nv_events *ev, const char *text)
{
	size_t	k, n = 0;

	for (k = 0; k < ev->n; k++)
		n += strstr(ev->v[k].text, text) != NULL;
	return n;
}

static void
test_dense_battles(void **state)
{
	static const char *const kinds[] = {
		"move", "contact", "collision", "exit", "sink", "blocked",
		"rake",
	};
	struct datafix		*f = *state;
	struct nv_hexindex	 ix;
	struct nv_state		*st, *next, *again;
	struct nv_events	 ev, ev2;
	size_t			 seen[NELEM(kinds)], slips = 0, k;
	uint32_t		 seed;
	char			*xml, *one, *two;
	int			 game, turn;

	memset(seen, 0, sizeof seen);
	for (game = 0; game < 12; game++) {
		seed = 88172645u + (uint32_t)game * 104729u;
		xml = battle_xml(&seed);
		st = datafix_state(f, xml);
		free(xml);
		for (turn = 0; turn < 4; turn++) {
			memset(&ev, 0, sizeof ev);
			memset(&ev2, 0, sizeof ev2);
			one = play(st, &next, &ev);
			check_positions(next);
			hexindex_build(&ix, next);
			(void)check_all(&ix, next);
			hexindex_free(&ix);
			/* Same state, orders and dice: the same bytes. */
			two = play(st, &again, &ev2);
			assert_string_equal(one, two);
			for (k = 0; k < NELEM(kinds); k++)
				seen[k] += count_kind(&ev, kinds[k]);
			slips += count_text(&ev, " slips from ");
			free(one);
			free(two);
			events_free(&ev);
			events_free(&ev2);
			state_free(again);
			state_free(st);
			st = next;
		}
		state_free(st);
	}
	/* The battles did crowd: ships met, raked and slipped, sank, left
	 * the map, were stopped by land or wrecks. */
	for (k = 0; k < NELEM(kinds); k++)
		if (seen[k] == 0)
			fail_msg("no event of kind %s in any battle", kinds[k]);
	assert_true(slips > 0);
}

/* ---- markers ------------------------------------------------------------- */

static const struct nv_marker_def marker_defs[] = {
	{ "hulk", "a hulk", 1 },
	{ "buoy", "a buoy", 0 },
	{ "debris", "debris", 1 },
};

/* The first obstacle marker in h, by a scan of the state. */
static int
obstacle_scan(const struct nv_state *st, struct nv_hex h)
{
	size_t	k;

	for (k = 0; k < st->nmarkers; k++)
		if (hex_eq(st->markers[k].hex, h) &&
		    marker_defs[st->markers[k].kind].obstacle)
			return (int)k;
	return -1;
}

static void
check_markers(struct nv_hexindex *ix, const struct nv_state *st,
    const char *when)
{
	struct nv_hex	h;
	int		col, row;

	for (col = 0; col <= st->columns + 1; col++)
		for (row = 0; row <= st->rows + 1; row++) {
			h = hex_from_cr(col, row);
			if (hexindex_obstacle_at(ix, h) != obstacle_scan(st, h))
				fail_msg("%s: column %d row %d: index %d, scan "
				    "%d", when, col, row,
				    hexindex_obstacle_at(ix, h),
				    obstacle_scan(st, h));
		}
}

/* Markers come and go during a turn: after every change the index gives
 * the scan's answer, by hand first, then on a seeded random sequence. */
static void
test_markers(void **state)
{
	static const struct sspec none[] = { { NULL, 0, 0, AF } };
	struct nv_ruleset_ops	 ops;
	struct nv_ruleset	 rs;
	struct nv_hexindex	 ix;
	struct nv_state		*st;
	uint32_t		 seed = 2463534242u;
	size_t			 k;
	int			 step, kind;

	(void)state;
	memset(&ops, 0, sizeof ops);
	memset(&rs, 0, sizeof rs);
	ops.marker_kinds = marker_defs;
	ops.nmarker_kinds = NELEM(marker_defs);
	rs.ops = &ops;
	st = make_state(6, 5, none, NULL, 0);
	st->rs = &rs;
	(void)state_add_marker(st, hex_from_cr(2, 2), 0, "x", 0);
	hexindex_build(&ix, st);
	assert_int_equal(hexindex_obstacle_at(&ix, hex_from_cr(2, 2)), 0);
	/* A buoy is no obstacle; a hulk added to its hex is. */
	(void)state_add_marker(st, hex_from_cr(3, 3), 1, NULL, 0);
	assert_int_equal(hexindex_obstacle_at(&ix, hex_from_cr(3, 3)), -1);
	k = state_add_marker(st, hex_from_cr(3, 3), 0, NULL, 0);
	assert_int_equal(hexindex_obstacle_at(&ix, hex_from_cr(3, 3)),
	    (int)k);
	state_remove_marker(st, 0);
	assert_int_equal(hexindex_obstacle_at(&ix, hex_from_cr(2, 2)), -1);
	assert_int_equal(hexindex_obstacle_at(&ix, hex_from_cr(3, 3)),
	    obstacle_scan(st, hex_from_cr(3, 3)));
	check_markers(&ix, st, "by hand");
	for (step = 0; step < 300; step++) {
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		if (st->nmarkers > 0 && seed % 3 == 0)
			state_remove_marker(st, (seed >> 8) % st->nmarkers);
		else {
			kind = (int)((seed >> 4) % NELEM(marker_defs));
			(void)state_add_marker(st, hex_from_cr(1 + (int)((seed >>
			    8) % 6), 1 + (int)((seed >> 16) % 5)), kind, NULL,
			    (long)(seed % 4));
		}
		check_markers(&ix, st, "random");
	}
	/* A fresh index agrees with the one kept up to date. */
	hexindex_free(&ix);
	hexindex_build(&ix, st);
	check_markers(&ix, st, "rebuilt");
	hexindex_free(&ix);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_look_up),
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_random_changes),
		cmocka_unit_test(test_dense_battles),
		cmocka_unit_test(test_markers),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
