/* hex.c: hex geometry (see hex.h and shared/notes/hex-math.md). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hex.h"
#include "xalloc.h"

static const struct nv_hex dir_vec[NV_DIR_COUNT] = {
	{ 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
};

static const char *const dir_names[NV_DIR_COUNT] = {
	"N", "NE", "SE", "S", "SW", "NW",
};

static const char *const hexside_names[] = {
#define X(e, s) s,
	NV_HEXSIDES(X)
#undef X
};

struct nv_hex
hex_from_cr(int col, int row)
{
	struct nv_hex	h;

	h.q = col - 1;
	/* q - (q & 1) is even, so the division is exact even below 0. */
	h.r = (row - 1) - (h.q - (h.q & 1)) / 2;
	return h;
}

void
hex_to_cr(struct nv_hex h, int *col, int *row)
{
	*col = h.q + 1;
	*row = h.r + (h.q - (h.q & 1)) / 2 + 1;
}

int
hex_digits(int columns, int rows)
{
	return columns > 99 || rows > 99 ? 3 : 2;
}

static int
parse_digits(const char *s, int n)
{
	int	i, v = 0;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int
hex_parse(const char *name, int digits, struct nv_hex *out)
{
	int	col, row;

	if ((digits != 2 && digits != 3) || strlen(name) != (size_t)digits * 2)
		return -1;
	col = parse_digits(name, digits);
	row = parse_digits(name + digits, digits);
	if (col < 1 || row < 1)
		return -1;
	*out = hex_from_cr(col, row);
	return 0;
}

static void
put_digits(char *p, int v, int n)
{
	int	i;

	for (i = n - 1; i >= 0; i--) {
		p[i] = (char)('0' + v % 10);
		v /= 10;
	}
}

/* low is 1, or 0 where column and row 0 have names. */
static char *
format(struct nv_hex h, int digits, int low, char *out)
{
	int	col, row;

	if (digits != 3)
		digits = 2;
	hex_to_cr(h, &col, &row);
	/* A hex off the top or left edge, or one the digits cannot hold,
	 * must not print as some other hex's name. */
	if (col < low || row < low || col > (digits == 2 ? 99 : NV_HEX_MAX) ||
	    row > (digits == 2 ? 99 : NV_HEX_MAX)) {
		memcpy(out, "??????", 7);
		out[digits * 2] = '\0';
		return out;
	}
	put_digits(out, col, digits);
	put_digits(out + digits, row, digits);
	out[digits * 2] = '\0';
	return out;
}

char *
hex_format(struct nv_hex h, int digits, char *out)
{
	return format(h, digits, 1, out);
}

char *
hex_format_edge(struct nv_hex h, int digits, char *out)
{
	return format(h, digits, 0, out);
}

int
hex_on_map(struct nv_hex h, int columns, int rows)
{
	int	col, row;

	hex_to_cr(h, &col, &row);
	return col >= 1 && col <= columns && row >= 1 && row <= rows;
}

int
hex_eq(struct nv_hex a, struct nv_hex b)
{
	return a.q == b.q && a.r == b.r;
}

int
hex_cmp(struct nv_hex a, struct nv_hex b)
{
	int	ac, ar, bc, br;

	hex_to_cr(a, &ac, &ar);
	hex_to_cr(b, &bc, &br);
	if (ac != bc)
		return ac < bc ? -1 : 1;
	if (ar != br)
		return ar < br ? -1 : 1;
	return 0;
}

struct nv_hex
hex_neighbour(struct nv_hex h, int dir)
{
	struct nv_hex	n;

	dir = ((dir % NV_DIR_COUNT) + NV_DIR_COUNT) % NV_DIR_COUNT;
	n.q = h.q + dir_vec[dir].q;
	n.r = h.r + dir_vec[dir].r;
	return n;
}

int
hex_distance(struct nv_hex a, struct nv_hex b)
{
	int	dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;

	return (abs(dq) + abs(dr) + abs(ds)) / 2;
}

int
hex_direction(struct nv_hex a, struct nv_hex b)
{
	int	d;

	for (d = 0; d < NV_DIR_COUNT; d++)
		if (b.q - a.q == dir_vec[d].q && b.r - a.r == dir_vec[d].r)
			return d;
	return -1;
}

int
dir_turn(int facing, int hexsides)
{
	return (((facing + hexsides) % NV_DIR_COUNT) + NV_DIR_COUNT) %
	    NV_DIR_COUNT;
}

int
dir_opposite(int dir)
{
	return dir_turn(dir, 3);
}

const char *
dir_name(int dir)
{
	if (dir < 0 || dir >= NV_DIR_COUNT)
		return "?";
	return dir_names[dir];
}

int
dir_parse(const char *s)
{
	int	d;

	if (s[0] >= '0' && s[0] <= '5' && s[1] == '\0')
		return s[0] - '0';
	for (d = 0; d < NV_DIR_COUNT; d++)
		if (strcasecmp(s, dir_names[d]) == 0)
			return d;
	return -1;
}

int
hexside_of(int facing, int dir)
{
	return dir_turn(dir, -facing);
}

const char *
hexside_name(int side)
{
	if (side < 0 || side >= NV_DIR_COUNT)
		return "?";
	return hexside_names[side];
}

int
hexside_is_side(int side)
{
	return side != NV_SIDE_BOW && side != NV_SIDE_STERN;
}

static int
imax3(int a, int b, int c)
{
	int	m = a > b ? a : b;

	return m > c ? m : c;
}

/* Floor division for a positive divisor. */
static int
floor_div(int a, int n)
{
	return a >= 0 ? a / n : -((-a + n - 1) / n);
}

/* The hexes containing the scaled point (pq, pr) (cube scale n): every hex
 * whose q and r are within one of pq/n and pr/n, by the exact test. */
static void
line_step(int pq, int pr, int n, struct nv_hexline_step *st)
{
	int	fq = floor_div(pq, n), fr = floor_div(pr, n);
	int	i, j, dq, dr, ds;

	st->n = 0;
	for (i = 0; i <= 1; i++) {
		for (j = 0; j <= 1; j++) {
			dq = pq - n * (fq + i);
			dr = pr - n * (fr + j);
			ds = -dq - dr;
			if (imax3(abs(dq - dr), abs(dr - ds), abs(ds - dq)) > n)
				continue;
			if (st->n < 3) {
				st->h[st->n].q = fq + i;
				st->h[st->n].r = fr + j;
				st->n++;
			}
		}
	}
}

size_t
hex_line(struct nv_hex a, struct nv_hex b, struct nv_hexline_step *out,
    size_t max)
{
	int	n = hex_distance(a, b), i;

	if (n == 0) {
		if (max > 0) {
			out[0].h[0] = a;
			out[0].n = 1;
		}
		return 1;
	}
	for (i = 0; i <= n && (size_t)i < max; i++)
		line_step(a.q * (n - i) + b.q * i, a.r * (n - i) + b.r * i, n,
		    &out[i]);
	return (size_t)n + 1;
}

int
hex_line_clear(struct nv_hex a, struct nv_hex b,
    int (*blocks)(void *, struct nv_hex), void *ctx, struct nv_hex *block,
    int *nblock)
{
	struct nv_hexline_step	*steps;
	size_t			 n = hex_line(a, b, NULL, 0), k;
	int			 j, nb, clear = 1;

	*nblock = 0;
	steps = xcalloc(n, sizeof *steps);
	hex_line(a, b, steps, n);
	/* Only the hexes strictly between the two ends count. */
	for (k = 1; k + 1 < n && clear; k++) {
		for (nb = 0, j = 0; j < steps[k].n; j++)
			nb += blocks(ctx, steps[k].h[j]) != 0;
		if (nb == 0 || nb < steps[k].n)
			continue;
		clear = 0;
		for (j = 0; j < steps[k].n; j++)
			block[(*nblock)++] = steps[k].h[j];
	}
	free(steps);
	return clear;
}
