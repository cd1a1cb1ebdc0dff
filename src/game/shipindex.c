/* shipindex.c: a state's ships by id (shipindex.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shipindex.h"
#include "state.h"
#include "xalloc.h"

struct slot {
	uint32_t	 hash;
	uint32_t	 place;		/* index into ships[] + 1; 0: empty */
};

struct nv_shipindex {
	size_t		 n;		/* ships indexed */
	size_t		 mask;		/* slots - 1; slots a power of two */
	struct slot	*slots;		/* owned */
};

/* FNV-1a of the id folded to lower case (A-Z alone, as strcasecmp in
 * the C locale). */
static uint32_t
hash_folded(const char *id)
{
	uint32_t	h = 2166136261u;
	unsigned char	c;

	for (; *id != '\0'; id++) {
		c = (unsigned char)*id;
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		h = (h ^ c) * 16777619u;
	}
	return h;
}

int
shipindex_fold(const char *id, char *lower)
{
	size_t	n;

	for (n = 0; id[n] != '\0'; n++) {
		if (n == NV_ID_MAX)
			return -1;
		lower[n] = id[n] >= 'A' && id[n] <= 'Z' ?
		    (char)(id[n] - 'A' + 'a') : id[n];
	}
	lower[n] = '\0';
	return 0;
}

int
shipindex_cmp_folded(const char *lower, const char *id)
{
	int	x, y;

	do {
		x = (unsigned char)*lower++;
		y = (unsigned char)*id++;
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
	} while (x == y && x != '\0');
	return x - y;
}

struct nv_shipindex *
shipindex_build(const struct nv_ship *ships, size_t n)
{
	struct nv_shipindex	*ix;
	char			 lower[NV_ID_MAX + 1];
	size_t			 size = 8, i, k;
	uint32_t		 h;

	if (n > UINT32_MAX / 2)
		return NULL;
	/* At most three quarters full. */
	while (size / 4 * 3 < n)
		size *= 2;
	ix = xcalloc(1, sizeof *ix);
	ix->n = n;
	ix->mask = size - 1;
	ix->slots = xcalloc(size, sizeof *ix->slots);
	for (i = 0; i < n; i++) {
		if (shipindex_fold(ships[i].id, lower) != 0) {
			shipindex_free(ix);	/* not a state's id */
			return NULL;
		}
		h = hash_folded(lower);
		for (k = h & ix->mask; ix->slots[k].place != 0;
		    k = (k + 1) & ix->mask) {
			if (ix->slots[k].hash == h && shipindex_cmp_folded(lower,
			    ships[ix->slots[k].place - 1].id) == 0) {
				shipindex_free(ix);
				return NULL;
			}
		}
		ix->slots[k].hash = h;
		ix->slots[k].place = (uint32_t)i + 1;
	}
	return ix;
}

void
shipindex_free(struct nv_shipindex *ix)
{
	if (ix == NULL)
		return;
	free(ix->slots);
	free(ix);
}

int
shipindex_covers(const struct nv_shipindex *ix, size_t n)
{
	return ix != NULL && ix->n == n;
}

int
shipindex_find(const struct nv_shipindex *ix, const struct nv_ship *ships,
    size_t n, const char *lower)
{
	uint32_t	h = hash_folded(lower);
	size_t		k;
	uint32_t	p;

	for (k = h & ix->mask; (p = ix->slots[k].place) != 0;
	    k = (k + 1) & ix->mask)
		if (ix->slots[k].hash == h && p <= n &&
		    shipindex_cmp_folded(lower, ships[p - 1].id) == 0)
			return (int)(p - 1);
	return -1;
}
