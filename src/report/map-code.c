/* map-code.c: the ships' codes on the maps (see map.h, docs/maps.md
 * "Ship codes").
 *
 * A code is the letter of the side a ship started with and its number in
 * that side, counted among all the state's ships in the order a player
 * reads ids; when that would not fit (a side of more than 9999 ships, or
 * past the 52nd side), "+" and the base-36 digits of its place among all
 * ships.  Both counts follow one order, so every code is given once: the
 * table sorts the ships once and walks them.
 *
 * Invariant: a ship's code depends only on the set of ships in the state,
 * which a game never changes (ships that sink or leave stay in the state),
 * and on no ship's position, visibility or status: the same ship has the
 * same code on every turn and in every reader's report.  Fog hides a
 * ship's code with the ship, but does not renumber the others. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "state.h"
#include "xalloc.h"

/* Side letters, in the order of the scenario's sides. */
static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "abcdefghijklmnopqrstuvwxyz";

/* The largest number a side's letter takes: "A9999" is five characters,
 * all the room inside a hex of the ASCII map. */
#define SIDE_NUMBER_MAX	9999

static int
visible(const unsigned char *flags, size_t i)
{
	return flags == NULL || flags[i] != 0;
}

/* Ship ids in the order a player reads them: a run of digits compares by
 * its value, so a2 comes before a10.  Codes are numbered in this order,
 * and a side whose ships are a1 ... a10 gets A1 ... A10: in bytewise
 * order a10 would be A2 and a3 A4, and a player who reads A4 on the map
 * would order a4.  Ids equal in value ("a01", "a1") fall back to bytes,
 * so that the order is total. */
static int
id_cmp(const char *a, const char *b)
{
	const char	*p = a, *q = b;
	size_t		 lp, lq;
	int		 c;

	while (*p != '\0' && *q != '\0') {
		if (isdigit((unsigned char)*p) && isdigit((unsigned char)*q)) {
			while (*p == '0')
				p++;
			while (*q == '0')
				q++;
			for (lp = 0; isdigit((unsigned char)p[lp]); lp++)
				;
			for (lq = 0; isdigit((unsigned char)q[lq]); lq++)
				;
			if (lp != lq)
				return lp < lq ? -1 : 1;
			if ((c = memcmp(p, q, lp)) != 0)
				return c;
			p += lp;
			q += lq;
			continue;
		}
		if (*p != *q)
			return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
		p++;
		q++;
	}
	if (*p != *q)
		return *p == '\0' ? -1 : 1;
	return strcmp(a, b);
}

/* The code of the n-th ship (from 1) of side owner, which is the
 * place-th (from 0) of all ships. */
static void
code_of(int owner, size_t n, size_t place, char *out)
{
	static const char	 b36[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char			 digits[MAP_CODE_SIZE];
	size_t			 k = 0;

	if (owner >= 0 && owner < (int)sizeof letters - 1 &&
	    n <= SIDE_NUMBER_MAX) {
		out[0] = letters[owner];
		(void)snprintf(out + 1, MAP_CODE_SIZE - 1, "%zu", n);
		return;
	}
	do {
		digits[k++] = b36[place % 36];
		place /= 36;
	} while (place > 0 || k < 2);
	out[0] = '+';
	for (n = 0; n < k; n++)
		out[1 + n] = digits[k - 1 - n];
	out[1 + k] = '\0';
}

char *
map_ship_code(const struct nv_state *st, int ship, char *out)
{
	int	owner = st->ships[ship].owner;
	size_t	i, n = 1, place = 0;

	for (i = 0; i < st->nships; i++) {
		if (id_cmp(st->ships[i].id, st->ships[ship].id) >= 0)
			continue;
		place++;
		if (st->ships[i].owner == owner)
			n++;
	}
	code_of(owner, n, place, out);
	return out;
}

struct ranked {
	const char	*id;
	size_t		 i;
};

static int
cmp_ranked(const void *a, const void *b)
{
	return id_cmp(((const struct ranked *)a)->id,
	    ((const struct ranked *)b)->id);
}

char
(*map_ship_codes(const struct nv_state *st,
    const unsigned char *vis))[MAP_CODE_SIZE]
{
	char		(*codes)[MAP_CODE_SIZE];
	struct ranked	*r;
	size_t		*count, i, n = 0;
	int		 owner;

	codes = xcalloc(st->nships + 1, sizeof *codes);
	r = xcalloc(st->nships + 1, sizeof *r);
	count = xcalloc(st->nsides + 1, sizeof *count);
	for (i = 0; i < st->nships; i++) {
		r[n].id = st->ships[i].id;
		r[n++].i = i;
	}
	qsort(r, n, sizeof *r, cmp_ranked);
	/* Every ship is numbered, seen or not, so that no ship's code
	 * changes when another comes into sight or goes out of it. */
	for (i = 0; i < n; i++) {
		owner = st->ships[r[i].i].owner;
		code_of(owner, ++count[owner], i, codes[r[i].i]);
		if (!visible(vis, r[i].i))
			codes[r[i].i][0] = '\0';
	}
	free(count);
	free(r);
	return codes;
}
