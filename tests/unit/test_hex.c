/* test_hex.c: hex geometry against shared/notes/hex-math.md, exhaustively
 * where the space is small enough and by independent oracles (names
 * worked out by hand, breadth-first search, floating-point line drawing)
 * where the code's own formulas would only test themselves. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hex.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* Writes col and row as 2*digits decimal digits, independently of
 * hex_format. */
static void
name_of(int col, int row, int digits, char *out)
{
	int	i, c = col, r = row;

	for (i = digits - 1; i >= 0; i--) {
		out[i] = (char)('0' + c % 10);
		out[digits + i] = (char)('0' + r % 10);
		c /= 10;
		r /= 10;
	}
	out[2 * digits] = '\0';
}

static struct nv_hex
H(const char *name)
{
	struct nv_hex	h = { 12345, 12345 };
	int		digits = strlen(name) == 6 ? 3 : 2;

	if (hex_parse(name, digits, &h) != 0)
		fail_msg("test table has a bad hex name '%s'", name);
	return h;
}

static void
check_round_trip(int col, int row, int digits)
{
	char		 want[8], got[8];
	struct nv_hex	 h, p;
	int		 c, r;

	h = hex_from_cr(col, row);
	hex_to_cr(h, &c, &r);
	assert_int_equal(c, col);
	assert_int_equal(r, row);
	name_of(col, row, digits, want);
	assert_string_equal(hex_format(h, digits, got), want);
	p.q = p.r = -99999;
	assert_int_equal(hex_parse(want, digits, &p), 0);
	assert_true(hex_eq(p, h));
	/* The note's formulas, written out here once more. */
	assert_int_equal(h.q, col - 1);
	assert_int_equal(h.r, (row - 1) - (h.q - (h.q & 1)) / 2);
}

static void
test_round_trip_20x20(void **state)
{
	int	col, row;

	for (col = 1; col <= 20; col++)
		for (row = 1; row <= 20; row++) {
			check_round_trip(col, row, 2);
			assert_true(hex_on_map(hex_from_cr(col, row), 20, 20));
		}
	/* The corners of a 99x99 map still have two digits. */
	check_round_trip(99, 99, 2);
	check_round_trip(99, 1, 2);
	check_round_trip(1, 99, 2);
}

static void
test_round_trip_999(void **state)
{
	static const int edge[] = {
		1, 2, 3, 9, 10, 11, 98, 99, 100, 101, 498, 499, 500, 997, 998,
		999,
	};
	size_t	i, j;
	int	col, row;

	for (i = 0; i < NELEM(edge); i++)
		for (j = 0; j < NELEM(edge); j++)
			check_round_trip(edge[i], edge[j], 3);
	/* A stride through the whole map: 37 and 41 are prime, so every
	 * residue of column and row parity and of the hundreds shows up. */
	for (col = 1; col <= 999; col += 37)
		for (row = 1; row <= 999; row += 41) {
			check_round_trip(col, row, 3);
			assert_true(hex_on_map(hex_from_cr(col, row), 999,
			    999));
		}
}

static void
test_parse_rejects(void **state)
{
	static const struct {
		const char	*name;
		int		 digits;
	} bad[] = {
		{ "", 2 },		{ "0", 2 },		{ "010", 2 },
		{ "01011", 2 },		{ "010101", 2 },	{ "0101", 3 },
		{ "0000", 2 },		{ "0001", 2 },		{ "0100", 2 },
		{ "000000", 3 },	{ "000001", 3 },	{ "001000", 3 },
		{ "01a1", 2 },		{ "a101", 2 },		{ "0I01", 2 },
		{ " 101", 2 },		{ "0101 ", 2 },		{ "010 ", 2 },
		{ "-101", 2 },		{ "+101", 2 },		{ "01-1", 2 },
		{ "1e01", 2 },		{ "0x01", 2 },		{ "01.1", 2 },
		{ "0101", 1 },		{ "01", 1 },		{ "01010101", 4 },
		{ "0101", 0 },		{ "0101", -2 },		{ "00101A", 3 },
	};
	struct nv_hex	h;
	size_t		i;

	for (i = 0; i < NELEM(bad); i++) {
		if (hex_parse(bad[i].name, bad[i].digits, &h) != -1)
			fail_msg("hex_parse accepted '%s' with %d digits",
			    bad[i].name, bad[i].digits);
	}
}

static void
test_format_unnamed(void **state)
{
	static const struct {
		int		 col, row, digits;
		const char	*want;
	} t[] = {
		{ 0, 5, 2, "????" },	{ 5, 0, 2, "????" },	/* off the map */
		{ -1, -1, 2, "????" },	{ 100, 5, 2, "????" },	/* too big */
		{ 5, 100, 2, "????" },	{ 100, 5, 3, "100005" },
		{ 0, 1, 3, "??????" },	{ 1000, 1, 3, "??????" },
		{ 1, 1000, 3, "??????" }, { 999, 999, 3, "999999" },
		{ 7, 7, 2, "0707" },	{ 7, 7, 3, "007007" },
	};
	static const int digits[][3] = {	/* columns, rows, digits */
		{ 20, 20, 2 }, { 99, 99, 2 }, { 100, 5, 3 }, { 5, 100, 3 },
		{ 999, 999, 3 }, { 1, 1, 2 },
	};
	char	out[8];
	size_t	i;

	for (i = 0; i < NELEM(t); i++) {
		memset(out, 'x', sizeof out);
		hex_format(hex_from_cr(t[i].col, t[i].row), t[i].digits, out);
		if (strcmp(out, t[i].want) != 0)
			fail_msg("hex_format(%d,%d,%d) = '%s', want '%s'",
			    t[i].col, t[i].row, t[i].digits, out, t[i].want);
	}
	for (i = 0; i < NELEM(digits); i++)
		assert_int_equal(hex_digits(digits[i][0], digits[i][1]),
		    digits[i][2]);
}

/* hex_format_edge names column and row 0 too, and nothing else more. */
static void
test_format_edge(void **state)
{
	static const struct {
		int		 col, row, digits;
		const char	*want;
	} t[] = {
		{ 0, 5, 2, "0005" },	{ 5, 0, 2, "0500" },
		{ 0, 0, 2, "0000" },	{ 0, 1, 3, "000001" },
		{ -1, 5, 2, "????" },	{ 5, -1, 2, "????" },
		{ 100, 5, 2, "????" },	{ 1000, 0, 3, "??????" },
		{ 7, 7, 2, "0707" },	{ 100, 5, 3, "100005" },
	};
	char	out[8];
	size_t	i;

	for (i = 0; i < NELEM(t); i++) {
		memset(out, 'x', sizeof out);
		hex_format_edge(hex_from_cr(t[i].col, t[i].row), t[i].digits,
		    out);
		if (strcmp(out, t[i].want) != 0)
			fail_msg("hex_format_edge(%d,%d,%d) = '%s', want '%s'",
			    t[i].col, t[i].row, t[i].digits, out, t[i].want);
	}
}

/* The neighbour table of hex-math.md, in names.  Index by direction. */
static const int odd_off[NV_DIR_COUNT][2] = {
	{ 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 }, { -1, -1 },
};
static const int even_off[NV_DIR_COUNT][2] = {
	{ 0, -1 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
};

static void
test_neighbour_offsets(void **state)
{
	const int	(*off)[2];
	struct nv_hex	 n;
	int		 col, row, d, c, r;

	for (col = 1; col <= 20; col++) {
		off = col % 2 == 1 ? odd_off : even_off;
		for (row = 1; row <= 20; row++)
			for (d = 0; d < NV_DIR_COUNT; d++) {
				n = hex_neighbour(hex_from_cr(col, row), d);
				hex_to_cr(n, &c, &r);
				assert_int_equal(c, col + off[d][0]);
				assert_int_equal(r, row + off[d][1]);
			}
	}
}

static void
test_neighbour_names(void **state)
{
	/* Written out by hand from the picture in docs/hex.md; "????" is a
	 * neighbour off the top or left edge (no name). */
	static const struct {
		const char	*from;
		const char	*to[NV_DIR_COUNT];	/* N NE SE S SW NW */
	} t[] = {
		{ "0505", { "0504", "0604", "0605", "0506", "0405", "0404" } },
		{ "0606", { "0605", "0706", "0707", "0607", "0507", "0506" } },
		{ "0102", { "0101", "0201", "0202", "0103", "????", "????" } },
		{ "0201", { "????", "0301", "0302", "0202", "0102", "0101" } },
		{ "0101", { "????", "????", "0201", "0102", "????", "????" } },
		{ "9998", { "9997", "????", "????", "9999", "9898", "9897" } },
		{ "101101",
		    { "101100", "102100", "102101", "101102", "100101",
		    "100100" } },
		{ "100100",
		    { "100099", "101100", "101101", "100101", "099101",
		    "099100" } },
		{ "998998",
		    { "998997", "999998", "999999", "998999", "997999",
		    "997998" } },
		{ "999999",
		    { "999998", "??????", "??????", "??????", "998999",
		    "998998" } },
	};
	char	out[8];
	size_t	i;
	int	d, digits;

	for (i = 0; i < NELEM(t); i++) {
		digits = (int)strlen(t[i].from) / 2;
		for (d = 0; d < NV_DIR_COUNT; d++) {
			hex_format(hex_neighbour(H(t[i].from), d), digits,
			    out);
			if (strcmp(out, t[i].to[d]) != 0)
				fail_msg("%s %s: got %s, want %s", t[i].from,
				    dir_name(d), out, t[i].to[d]);
		}
	}
}

static void
test_worked_examples(void **state)
{
	static const struct {
		const char	*from;
		int		 dir;
		const char	*to;
	} t[] = {
		{ "0608", NV_DIR_N, "0607" },
		{ "0607", NV_DIR_NE, "0707" },
		{ "0707", NV_DIR_NE, "0806" },
	};
	char	out[8];
	size_t	i;

	for (i = 0; i < NELEM(t); i++) {
		hex_format(hex_neighbour(H(t[i].from), t[i].dir), 2, out);
		assert_string_equal(out, t[i].to);
		assert_int_equal(hex_direction(H(t[i].from), H(t[i].to)),
		    t[i].dir);
	}
}

#define MAP 12

/* Breadth-first search over the map, one neighbour step at a time. */
static void
bfs(struct nv_hex from, int dist[MAP + 1][MAP + 1])
{
	struct nv_hex	 queue[MAP * MAP], h, n;
	size_t		 head = 0, tail = 0;
	int		 c, r, d, nc, nr;

	for (c = 0; c <= MAP; c++)
		for (r = 0; r <= MAP; r++)
			dist[c][r] = -1;
	hex_to_cr(from, &c, &r);
	dist[c][r] = 0;
	queue[tail++] = from;
	while (head < tail) {
		h = queue[head++];
		hex_to_cr(h, &c, &r);
		for (d = 0; d < NV_DIR_COUNT; d++) {
			n = hex_neighbour(h, d);
			if (!hex_on_map(n, MAP, MAP))
				continue;
			hex_to_cr(n, &nc, &nr);
			if (dist[nc][nr] != -1)
				continue;
			dist[nc][nr] = dist[c][r] + 1;
			queue[tail++] = n;
		}
	}
}

static void
test_distance_bfs(void **state)
{
	int		dist[MAP + 1][MAP + 1];
	int		c1, r1, c2, r2;
	struct nv_hex	a, b;

	for (c1 = 1; c1 <= MAP; c1++)
		for (r1 = 1; r1 <= MAP; r1++) {
			a = hex_from_cr(c1, r1);
			bfs(a, dist);
			for (c2 = 1; c2 <= MAP; c2++)
				for (r2 = 1; r2 <= MAP; r2++) {
					b = hex_from_cr(c2, r2);
					assert_int_equal(hex_distance(a, b),
					    dist[c2][r2]);
					assert_int_equal(hex_distance(b, a),
					    dist[c2][r2]);
				}
		}
}

static void
test_distance_known(void **state)
{
	static const struct {
		const char	*a, *b;
		int		 d;
	} t[] = {
		{ "0101", "0101", 0 },	{ "0101", "0102", 1 },
		{ "0101", "0201", 1 },	{ "0101", "0202", 2 },
		{ "0101", "0301", 2 },	{ "0101", "0302", 2 },
		{ "0101", "0303", 3 },
		{ "0201", "0101", 1 },	{ "0202", "0101", 2 },
		{ "0505", "0705", 2 },	{ "0101", "9999", 147 },
		{ "001001", "999999", 1497 },
		{ "001999", "999001", 1497 },	{ "0909", "0101", 12 },
	};
	size_t	i;

	for (i = 0; i < NELEM(t); i++)
		if (hex_distance(H(t[i].a), H(t[i].b)) != t[i].d)
			fail_msg("distance %s %s = %d, want %d", t[i].a,
			    t[i].b, hex_distance(H(t[i].a), H(t[i].b)),
			    t[i].d);
}

static void
test_direction(void **state)
{
	struct nv_hex	a, b;
	int		c, r, dq, dr, d, want;

	for (c = 1; c <= 8; c++)
		for (r = 1; r <= 8; r++) {
			a = hex_from_cr(c, r);
			for (d = 0; d < NV_DIR_COUNT; d++) {
				b = hex_neighbour(a, d);
				assert_int_equal(hex_direction(a, b), d);
				assert_int_equal(hex_direction(b, a),
				    dir_opposite(d));
			}
			/* Everything else within three steps: -1. */
			for (dq = -3; dq <= 3; dq++)
				for (dr = -3; dr <= 3; dr++) {
					b.q = a.q + dq;
					b.r = a.r + dr;
					want = -1;
					for (d = 0; d < NV_DIR_COUNT; d++)
						if (hex_eq(hex_neighbour(a, d),
						    b))
							want = d;
					assert_int_equal(hex_direction(a, b),
					    want);
					assert_int_equal(want != -1,
					    hex_distance(a, b) == 1);
				}
		}
}

static void
test_dir_turn(void **state)
{
	static const int t[][3] = {	/* facing, hexsides, result */
		{ 0, 1, 1 },	{ 0, -1, 5 },	{ 5, 1, 0 },	{ 1, -1, 0 },
		{ 3, 3, 0 },	{ 2, -7, 1 },	{ 0, 12, 0 },	{ 4, 0, 4 },
		{ 2, 2, 4 },	{ 1, -2, 5 },	{ 5, 6, 5 },	{ 0, -13, 5 },
	};
	static const int opp[NV_DIR_COUNT] = { 3, 4, 5, 0, 1, 2 };
	size_t	i;
	int	d;

	for (i = 0; i < NELEM(t); i++)
		assert_int_equal(dir_turn(t[i][0], t[i][1]), t[i][2]);
	for (d = 0; d < NV_DIR_COUNT; d++) {
		assert_int_equal(dir_opposite(d), opp[d]);
		/* Six starboard turns come back round. */
		assert_int_equal(dir_turn(dir_turn(d, 1), -1), d);
	}
}

static void
test_dir_names(void **state)
{
	static const struct {
		const char	*s;
		int		 d;
	} t[] = {
		{ "N", 0 },	{ "n", 0 },	{ "NE", 1 },	{ "ne", 1 },
		{ "Ne", 1 },	{ "nE", 1 },	{ "SE", 2 },	{ "se", 2 },
		{ "S", 3 },	{ "s", 3 },	{ "SW", 4 },	{ "sW", 4 },
		{ "NW", 5 },	{ "nw", 5 },	{ "0", 0 },	{ "1", 1 },
		{ "2", 2 },	{ "3", 3 },	{ "4", 4 },	{ "5", 5 },
		{ "", -1 },	{ "6", -1 },	{ "-1", -1 },	{ "00", -1 },
		{ "05", -1 },	{ "+1", -1 },	{ " N", -1 },	{ "N ", -1 },
		{ "NNE", -1 },	{ "E", -1 },	{ "W", -1 },	{ "north", -1 },
		{ "NE1", -1 },	{ "1N", -1 },	{ "ES", -1 },	{ "WN", -1 },
		{ "9", -1 },	{ "N\n", -1 },
	};
	static const char *const names[] = { "N", "NE", "SE", "S", "SW",
	    "NW" };
	size_t	i;
	int	d;

	for (i = 0; i < NELEM(t); i++)
		if (dir_parse(t[i].s) != t[i].d)
			fail_msg("dir_parse('%s') = %d, want %d", t[i].s,
			    dir_parse(t[i].s), t[i].d);
	for (d = 0; d < NV_DIR_COUNT; d++) {
		assert_string_equal(dir_name(d), names[d]);
		assert_int_equal(dir_parse(dir_name(d)), d);
	}
	assert_string_equal(dir_name(-1), "?");
	assert_string_equal(dir_name(6), "?");
}

static void
test_hexside_of(void **state)
{
	static const char *const names[] = {
		"bow", "starboard bow", "starboard quarter", "stern",
		"port quarter", "port bow",
	};
	static const int is_side[] = { 0, 1, 1, 0, 1, 1 };
	/* A few read off the picture: a ship facing NE sees its N
	 * neighbour over its port bow, its S neighbour over its starboard
	 * quarter. */
	static const int t[][3] = {	/* facing, dir, side */
		{ NV_DIR_N, NV_DIR_N, NV_SIDE_BOW },
		{ NV_DIR_N, NV_DIR_S, NV_SIDE_STERN },
		{ NV_DIR_N, NV_DIR_NE, NV_SIDE_STARBOARD_BOW },
		{ NV_DIR_N, NV_DIR_NW, NV_SIDE_PORT_BOW },
		{ NV_DIR_NE, NV_DIR_N, NV_SIDE_PORT_BOW },
		{ NV_DIR_NE, NV_DIR_S, NV_SIDE_STARBOARD_QUARTER },
		{ NV_DIR_NE, NV_DIR_SW, NV_SIDE_STERN },
		{ NV_DIR_SW, NV_DIR_N, NV_SIDE_STARBOARD_QUARTER },
		{ NV_DIR_SW, NV_DIR_SE, NV_SIDE_PORT_QUARTER },
		{ NV_DIR_NW, NV_DIR_N, NV_SIDE_STARBOARD_BOW },
		{ NV_DIR_NW, NV_DIR_SW, NV_SIDE_PORT_BOW },
		{ NV_DIR_S, NV_DIR_N, NV_SIDE_STERN },
	};
	size_t	i;
	int	f, d, k;

	for (f = 0; f < NV_DIR_COUNT; f++)
		for (d = 0; d < NV_DIR_COUNT; d++) {
			k = ((d - f) % 6 + 6) % 6;
			assert_int_equal(hexside_of(f, d), k);
			assert_string_equal(hexside_name(hexside_of(f, d)),
			    names[k]);
			assert_int_equal(hexside_is_side(hexside_of(f, d)),
			    is_side[k]);
		}
	for (i = 0; i < NELEM(t); i++)
		assert_int_equal(hexside_of(t[i][0], t[i][1]), t[i][2]);
	assert_string_equal(hexside_name(-1), "?");
	assert_string_equal(hexside_name(6), "?");
}

static int
step_has(const struct nv_hexline_step *st, struct nv_hex h)
{
	int	i;

	for (i = 0; i < st->n; i++)
		if (hex_eq(st->h[i], h))
			return 1;
	return 0;
}

static int
steps_equal(const struct nv_hexline_step *a, const struct nv_hexline_step *b)
{
	int	i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (!step_has(b, a->h[i]))
			return 0;
	return 1;
}

/* Every hex of step a lies in or next to some hex of step b. */
static int
steps_touch(const struct nv_hexline_step *a, const struct nv_hexline_step *b)
{
	int	i, j, ok;

	for (i = 0; i < a->n; i++) {
		ok = 0;
		for (j = 0; j < b->n; j++)
			if (hex_distance(a->h[i], b->h[j]) <= 1)
				ok = 1;
		if (!ok)
			return 0;
	}
	return 1;
}

/* Rounding without libm, which the test does not link. */
static double
rnd(double x)
{
	return (double)(long)(x < 0 ? x - 0.5 : x + 0.5);
}

static double
dabs(double x)
{
	return x < 0 ? -x : x;
}

/* The usual floating-point cube rounding. */
static struct nv_hex
cube_round(double q, double r)
{
	double		s = -q - r, rq = rnd(q), rr = rnd(r), rs = rnd(s);
	double		dq = dabs(rq - q), dr = dabs(rr - r), ds = dabs(rs - s);
	struct nv_hex	h;

	if (dq > dr && dq > ds)
		rq = -rr - rs;
	else if (dr > ds)
		rr = -rq - rs;
	h.q = (int)rq;
	h.r = (int)rr;
	return h;
}

/* Independent oracle: the floating-point point of step i nudged a little
 * in many directions rounds only into hexes of the step, and reaches
 * every one of them. */
static void
check_step_oracle(struct nv_hex a, struct nv_hex b, int i, int n,
    const struct nv_hexline_step *st)
{
	static const double	nudge[][2] = {
		{ 1, 2 }, { -1, -2 }, { 2, -3 }, { -2, 3 }, { -3, 1 },
		{ 3, -1 }, { 1, -3 }, { -1, 3 }, { 3, -2 }, { -3, 2 },
		{ 2, 1 }, { -2, -1 },
	};
	double		q = a.q + (double)(b.q - a.q) * i / n;
	double		r = a.r + (double)(b.r - a.r) * i / n;
	struct nv_hex	h;
	int		seen[3] = { 0, 0, 0 }, j, k;

	for (j = 0; j < (int)NELEM(nudge); j++) {
		h = cube_round(q + 1e-6 * nudge[j][0], r + 1e-6 * nudge[j][1]);
		for (k = 0; k < st->n; k++)
			if (hex_eq(st->h[k], h))
				seen[k] = 1;
		if (!step_has(st, h))
			fail_msg("line (%d,%d)-(%d,%d) step %d: the point"
			    " rounds to (%d,%d), not in the step", a.q, a.r,
			    b.q, b.r, i, h.q, h.r);
	}
	for (k = 0; k < st->n; k++)
		if (!seen[k])
			fail_msg("line (%d,%d)-(%d,%d) step %d: hex (%d,%d)"
			    " does not touch the line", a.q, a.r, b.q, b.r, i,
			    st->h[k].q, st->h[k].r);
}

#define LMAP 9
#define LMAX (2 * LMAP + 2)

static void
test_line_all_pairs(void **state)
{
	struct nv_hexline_step	 ab[LMAX], ba[LMAX];
	struct nv_hex		 a, b;
	int			 c1, r1, c2, r2, i, j, n, twos = 0;
	size_t			 len;

	for (c1 = 1; c1 <= LMAP; c1++)
	for (r1 = 1; r1 <= LMAP; r1++)
	for (c2 = 1; c2 <= LMAP; c2++)
	for (r2 = 1; r2 <= LMAP; r2++) {
		a = hex_from_cr(c1, r1);
		b = hex_from_cr(c2, r2);
		n = hex_distance(a, b);
		len = hex_line(a, b, ab, LMAX);
		assert_int_equal(len, (size_t)n + 1);
		assert_int_equal(hex_line(b, a, ba, LMAX), len);
		assert_int_equal(ab[0].n, 1);
		assert_true(hex_eq(ab[0].h[0], a));
		assert_int_equal(ab[n].n, 1);
		assert_true(hex_eq(ab[n].h[0], b));
		for (i = 0; i <= n; i++) {
			/* Never three: the cube coordinate of b - a with the
			 * largest size is +-N, so that coordinate of every
			 * point is whole, and a hex corner has none whole. */
			assert_in_range(ab[i].n, 1, 2);
			if (ab[i].n == 2) {
				twos++;
				/* The two hexes beside a hexside. */
				assert_int_equal(hex_distance(ab[i].h[0],
				    ab[i].h[1]), 1);
			}
			/* Each step is one hex further from a. */
			for (j = 0; j < ab[i].n; j++) {
				assert_int_equal(hex_distance(a, ab[i].h[j]),
				    i);
				assert_int_equal(hex_distance(b, ab[i].h[j]),
				    n - i);
			}
			if (i > 0) {
				assert_true(steps_touch(&ab[i], &ab[i - 1]));
				assert_true(steps_touch(&ab[i - 1], &ab[i]));
			}
			assert_true(steps_equal(&ab[i], &ba[n - i]));
			if (n > 0)
				check_step_oracle(a, b, i, n, &ab[i]);
		}
	}
	/* The hexside case must actually have been exercised. */
	assert_true(twos > 100);
}

static void
test_line_straight(void **state)
{
	struct nv_hexline_step	 st[12];
	struct nv_hex		 a = H("1010"), b, h;
	int			 d, k, i;

	for (d = 0; d < NV_DIR_COUNT; d++)
		for (k = 1; k <= 8; k++) {
			b = a;
			for (i = 0; i < k; i++)
				b = hex_neighbour(b, d);
			assert_int_equal(hex_line(a, b, st, 12), (size_t)k + 1);
			h = a;
			for (i = 0; i <= k; i++) {
				assert_int_equal(st[i].n, 1);
				assert_true(hex_eq(st[i].h[0], h));
				h = hex_neighbour(h, d);
			}
		}
}

/* A line between hexes two apart "between directions" (for instance due
 * east, from 0505 to 0705) runs along the hexside between the two hexes
 * it passes: both are on the line.  Steps are written "NAME" or
 * "NAME/NAME", one space apart. */
static void
test_line_hexside(void **state)
{
	static const char *const t[] = {
		"0505 0604/0605 0705",
		"0505 0604/0605 0705 0804/0805 0905",
		"0606 0506/0507 0406",
		"0505 0504/0604 0603",
	};
	struct nv_hexline_step	 st[5], want;
	struct nv_hex		 a;
	char			 name[5];
	const char		*p;
	size_t			 i, n, j;

	for (i = 0; i < NELEM(t); i++) {
		memcpy(name, t[i], 4);
		name[4] = '\0';
		a = H(name);
		memcpy(name, t[i] + strlen(t[i]) - 4, 5);
		n = hex_line(a, H(name), st, 5);
		for (j = 0, p = t[i]; j < n; j++, p += want.n * 5) {
			assert_true(*p != '\0');
			want.n = p[4] == '/' ? 2 : 1;
			memcpy(name, p, 4);
			want.h[0] = H(name);
			if (want.n == 2) {
				memcpy(name, p + 5, 4);
				want.h[1] = H(name);
			}
			if (!steps_equal(&st[j], &want))
				fail_msg("line '%s' step %zu is wrong", t[i], j);
		}
		assert_true(p[-1] == '\0');
	}
}

/* All six "between directions": the middle step holds the two
 * neighbours d and d+1 of the start. */
static void
test_line_hexside_all_dirs(void **state)
{
	struct nv_hexline_step	 st[3];
	struct nv_hex		 a = H("1010"), b;
	int			 d;

	for (d = 0; d < NV_DIR_COUNT; d++) {
		b = hex_neighbour(hex_neighbour(a, d), dir_turn(d, 1));
		assert_int_equal(hex_distance(a, b), 2);
		assert_int_equal(hex_line(a, b, st, 3), 3);
		assert_int_equal(st[1].n, 2);
		assert_true(step_has(&st[1], hex_neighbour(a, d)));
		assert_true(step_has(&st[1], hex_neighbour(a, dir_turn(d,
		    1))));
	}
}

static void
test_line_bounded(void **state)
{
	struct nv_hexline_step	 st[4];
	struct nv_hex		 a = H("0101"), b = H("0106");

	memset(st, 0x5a, sizeof st);
	assert_int_equal(hex_line(a, b, st, 2), 6);
	assert_true(hex_eq(st[0].h[0], a));
	assert_true(hex_eq(st[1].h[0], H("0102")));
	/* Nothing past max is written. */
	assert_int_equal(st[2].n, 0x5a5a5a5a);
	assert_int_equal(st[3].n, 0x5a5a5a5a);
	memset(st, 0x5a, sizeof st);
	assert_int_equal(hex_line(a, a, st, 0), 1);
	assert_int_equal(st[0].n, 0x5a5a5a5a);
	assert_int_equal(hex_line(a, a, st, 4), 1);
	assert_true(hex_eq(st[0].h[0], a));
	assert_int_equal(st[0].n, 1);
}

static int
cmp_hex(const void *a, const void *b)
{
	return hex_cmp(*(const struct nv_hex *)a, *(const struct nv_hex *)b);
}

static void
test_cmp(void **state)
{
	struct nv_hex	v[64];
	size_t		i;
	int		c, r, c1, r1, c2, r2;

	/* Fill in a scrambled order, sort, expect column-major order. */
	for (i = 0; i < 64; i++) {
		c = (int)((i * 37) % 64);
		v[i] = hex_from_cr(c / 8 + 1, c % 8 + 1);
	}
	qsort(v, 64, sizeof v[0], cmp_hex);
	for (i = 0; i < 64; i++) {
		hex_to_cr(v[i], &c, &r);
		assert_int_equal(c, (int)i / 8 + 1);
		assert_int_equal(r, (int)i % 8 + 1);
	}
	/* Every pair of a 6x6 map: the sign of (column, row) order. */
	for (c1 = 1; c1 <= 6; c1++)
	for (r1 = 1; r1 <= 6; r1++)
	for (c2 = 1; c2 <= 6; c2++)
	for (r2 = 1; r2 <= 6; r2++) {
		c = hex_cmp(hex_from_cr(c1, r1), hex_from_cr(c2, r2));
		c = (c > 0) - (c < 0);
		r = c1 != c2 ? (c1 < c2 ? -1 : 1) :
		    r1 != r2 ? (r1 < r2 ? -1 : 1) : 0;
		assert_int_equal(c, r);
	}
}

static void
test_on_map(void **state)
{
	static const struct {
		const char	*from;
		int		 dir;
		int		 on;	/* on a 20 columns x 10 rows map */
	} t[] = {
		{ "0101", NV_DIR_N, 0 },	{ "0101", NV_DIR_NW, 0 },
		{ "0101", NV_DIR_SW, 0 },	{ "0101", NV_DIR_NE, 0 },
		{ "0101", NV_DIR_SE, 1 },	{ "0101", NV_DIR_S, 1 },
		{ "0201", NV_DIR_NE, 1 },	{ "0201", NV_DIR_NW, 1 },
		{ "0201", NV_DIR_N, 0 },	{ "0210", NV_DIR_SE, 0 },
		{ "0210", NV_DIR_SW, 0 },	{ "0110", NV_DIR_SE, 1 },
		{ "0110", NV_DIR_S, 0 },	{ "2010", NV_DIR_SE, 0 },
		{ "2005", NV_DIR_NE, 0 },	{ "1910", NV_DIR_SE, 1 },
		{ "1901", NV_DIR_NE, 0 },	{ "2001", NV_DIR_NW, 1 },
	};
	size_t	i;
	int	c, r, want;

	for (i = 0; i < NELEM(t); i++)
		if (hex_on_map(hex_neighbour(H(t[i].from), t[i].dir), 20, 10)
		    != t[i].on)
			fail_msg("%s %s on map: want %d", t[i].from,
			    dir_name(t[i].dir), t[i].on);
	for (c = -2; c <= 23; c++)
		for (r = -2; r <= 13; r++) {
			want = c >= 1 && c <= 20 && r >= 1 && r <= 10;
			assert_int_equal(hex_on_map(hex_from_cr(c, r), 20, 10),
			    want);
		}
	assert_true(hex_on_map(H("999999"), 999, 999));
	assert_false(hex_on_map(H("999999"), 999, 998));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_20x20),
		cmocka_unit_test(test_round_trip_999),
		cmocka_unit_test(test_parse_rejects),
		cmocka_unit_test(test_format_unnamed),
		cmocka_unit_test(test_format_edge),
		cmocka_unit_test(test_neighbour_offsets),
		cmocka_unit_test(test_neighbour_names),
		cmocka_unit_test(test_worked_examples),
		cmocka_unit_test(test_distance_bfs),
		cmocka_unit_test(test_distance_known),
		cmocka_unit_test(test_direction),
		cmocka_unit_test(test_dir_turn),
		cmocka_unit_test(test_dir_names),
		cmocka_unit_test(test_hexside_of),
		cmocka_unit_test(test_line_all_pairs),
		cmocka_unit_test(test_line_straight),
		cmocka_unit_test(test_line_hexside),
		cmocka_unit_test(test_line_hexside_all_dirs),
		cmocka_unit_test(test_line_bounded),
		cmocka_unit_test(test_cmp),
		cmocka_unit_test(test_on_map),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
