/* nauta-ids.c: the ship id lists of Nauta's state (contact, grappled):
 * sorted, one space between ids, as the state file writes them; a pair
 * is always kept on both ships. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "nauta.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

/* Rewrites the list without `drop` and with `add` (either may be NULL). */
static void
rewrite(struct nv_ship *s, int a, const char *drop, const char *add)
{
	char		*copy = xstrdup(s->attr[a].s), **argv;
	size_t		 max = strlen(copy) / 2 + 2, argc, i;
	struct buf	 b = BUF_INIT;
	int		 done = add == NULL;

	argv = xcalloc(max, sizeof *argv);
	argc = str_split_words(copy, argv, max);
	for (i = 0; i <= argc; i++) {
		if (!done && (i == argc || strcmp(add, argv[i]) < 0)) {
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "", add);
			done = 1;
		}
		if (i < argc && (drop == NULL || strcmp(argv[i], drop) != 0) &&
		    (add == NULL || strcmp(argv[i], add) != 0))
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "", argv[i]);
	}
	free(argv);
	free(copy);
	free(s->attr[a].s);
	s->attr[a].s = buf_detach(&b);
}

void
nauta_ids_add(struct nv_ship *s, int a, const char *id)
{
	if (!nauta_ids_contain(s->attr[a].s, id))
		rewrite(s, a, NULL, id);
}

void
nauta_ids_remove(struct nv_ship *s, int a, const char *id)
{
	if (nauta_ids_contain(s->attr[a].s, id))
		rewrite(s, a, id, NULL);
}

size_t
nauta_ids_ships(const struct nv_state *st, const char *list, int **out)
{
	char	*copy = xstrdup(list), **argv;
	size_t	 max = strlen(copy) / 2 + 1, argc, i, n = 0;
	int	 k;

	argv = xcalloc(max, sizeof *argv);
	argc = str_split_words(copy, argv, max);
	*out = xcalloc(argc + 1, sizeof **out);
	for (i = 0; i < argc; i++)
		if ((k = state_ship_index(st, argv[i])) >= 0)
			(*out)[n++] = k;
	free(argv);
	free(copy);
	return n;
}

void
nauta_link(struct nv_state *st, int attr, int a, int b)
{
	nauta_ids_add(&st->ships[a], attr, st->ships[b].id);
	nauta_ids_add(&st->ships[b], attr, st->ships[a].id);
}

void
nauta_unlink(struct nv_state *st, int attr, int a, int b)
{
	nauta_ids_remove(&st->ships[a], attr, st->ships[b].id);
	nauta_ids_remove(&st->ships[b], attr, st->ships[a].id);
}

void
nauta_grapple(struct nv_state *st, int a, int b, int turn)
{
	if (*st->ships[a].attr[NA_A_GRAPPLED].s == '\0')
		st->ships[a].attr[NA_A_FIGHT_SINCE].i = turn;
	if (*st->ships[b].attr[NA_A_GRAPPLED].s == '\0')
		st->ships[b].attr[NA_A_FIGHT_SINCE].i = turn;
	nauta_link(st, NA_A_GRAPPLED, a, b);
}

void
nauta_ungrapple(struct nv_state *st, int a, int b)
{
	nauta_unlink(st, NA_A_GRAPPLED, a, b);
	if (*st->ships[a].attr[NA_A_GRAPPLED].s == '\0')
		st->ships[a].attr[NA_A_FIGHT_SINCE].i = 0;
	if (*st->ships[b].attr[NA_A_GRAPPLED].s == '\0')
		st->ships[b].attr[NA_A_FIGHT_SINCE].i = 0;
}
