/* nauta-scenario.c: a Nauta scenario or state as it is loaded (see
 * nauta.h): each ship's attributes and their defaults, each side's, the
 * game's, and the checks across them (nauta.md, "Points and fleet
 * composition", "Optional rules", "The Admiral"; docs/rules-nauta.md).
 *
 * Every breach is a load error with its line and what would be legal,
 * as the common loader's are; loading carries on so a GM sees them all.
 * Composition rules look at a ship's owner (its original side), so a
 * state in which ships were captured loads as its scenario did. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "nauta.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

static int
is_given(unsigned long given, int a)
{
	return (given & (1UL << a)) != 0;
}

static void
fill_int(struct nv_ship *s, int a, unsigned long given, long def)
{
	if (!is_given(given, a))
		s->attr[a].i = def;
}

static void
fill_empty(struct nv_ship *s, int a)
{
	if (s->attr[a].s == NULL) {
		s->attr[a].s = xstrdup("");
	}
}

/* "a, b or c" of the data's options (with saving-admiral if asked). */
static void
option_list(const struct nauta_data *nd, int switches, struct buf *b)
{
	size_t	i;

	for (i = 0; i < nd->noptions; i++)
		buf_printf(b, "%s%s", i > 0 ? ", " : "", nd->options[i].id);
	if (switches)
		buf_printf(b, "%s%s", nd->noptions > 0 ? ", " : "",
		    NA_SAVING_ADMIRAL);
}

/* One option of a ship: may this ship (class, owner's nation) have it? */
static int
check_option_who(const struct nv_ruleset *rs, const struct nv_state *st,
    const struct nv_ship *s, int k, const char *file, unsigned line,
    struct diag *d)
{
	const struct nauta_data		*nd = nauta_data(rs);
	const struct nauta_option	*o = &nd->options[k];
	int				 size = nd->classes[s->cls].size;
	int				 nation = st->sides[s->owner].nation;
	struct buf			 b = BUF_INIT;
	size_t				 i;

	if (!(o->sizes >> size & 1U)) {
		for (i = 0; i <= 6; i++)
			if (o->sizes >> i & 1U)
				buf_printf(&b, "%s%zu", b.len > 0 ? " " : "", i);
		diag_error(d, file, line, "<ship id=\"%s\" options=\"..%s..\">: "
		    "option %s (%s) is for Size %s ships; a %s is Size %d",
		    s->id, o->id, o->id, o->rule, buf_str(&b),
		    rs->classes[s->cls].id, size);
		buf_free(&b);
		return -1;
	}
	if (o->nations != NULL && !o->nations[nation]) {
		for (i = 0; i < rs->nnations; i++)
			if (o->nations[i])
				buf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
				    rs->nations[i].id);
		diag_error(d, file, line, "<ship id=\"%s\" options=\"..%s..\">: "
		    "option %s (%s) is for %s ships, not %s", s->id, o->id,
		    o->id, o->rule, buf_str(&b), rs->nations[nation].id);
		buf_free(&b);
		return -1;
	}
	return 0;
}

/* requires and excludes, both ways. */
static int
check_option_pairs(const struct nauta_data *nd, const struct nv_ship *s,
    unsigned long mask, const char *file, unsigned line, struct diag *d)
{
	size_t	i, j;
	int	rc = 0;

	for (i = 0; i < nd->noptions; i++) {
		if (!(mask >> i & 1UL))
			continue;
		for (j = 0; j < nd->noptions; j++) {
			if ((nd->options[i].requires >> j & 1UL) &&
			    !(mask >> j & 1UL)) {
				diag_error(d, file, line, "<ship id=\"%s\" "
				    "options=\"%s\">: option %s needs option "
				    "%s too", s->id, s->attr[NA_A_OPTIONS].s,
				    nd->options[i].id, nd->options[j].id);
				rc = -1;
			}
			if (j > i && (mask >> j & 1UL) &&
			    ((nd->options[i].excludes >> j & 1UL) ||
			    (nd->options[j].excludes >> i & 1UL))) {
				diag_error(d, file, line, "<ship id=\"%s\" "
				    "options=\"%s\">: options %s and %s cannot "
				    "go together", s->id,
				    s->attr[NA_A_OPTIONS].s,
				    nd->options[i].id, nd->options[j].id);
				rc = -1;
			}
		}
	}
	return rc;
}

/* options: known ids, each once, who may have them; written back in the
 * data's order so that the state is canonical. */
static int
fill_options(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_ship *s, const char *file, unsigned line, struct diag *d)
{
	const struct nauta_data	*nd = nauta_data(rs);
	char			*copy = xstrdup(s->attr[NA_A_OPTIONS].s);
	char			**argv = xcalloc(strlen(copy) / 2 + 1,
				    sizeof *argv);
	size_t			 argc, i;
	unsigned long		 mask = 0;
	struct buf		 b = BUF_INIT;
	int			 k, rc = 0;

	argc = str_split_words(copy, argv, strlen(copy) / 2 + 1);
	for (i = 0; i < argc; i++) {
		if ((k = nauta_option_index(nd, argv[i])) < 0) {
			option_list(nd, 0, &b);
			diag_error(d, file, line, "<ship id=\"%s\" options="
			    "\"..%s..\">: no option %s in ruleset %s; legal: "
			    "%s", s->id, argv[i], argv[i], rs->id,
			    buf_str(&b));
			buf_reset(&b);
			rc = -1;
		} else if (mask >> k & 1UL) {
			diag_error(d, file, line, "<ship id=\"%s\" options="
			    "\"..%s..\">: option %s given twice", s->id,
			    argv[i], argv[i]);
			rc = -1;
		} else {
			mask |= 1UL << k;
			rc |= check_option_who(rs, st, s, k, file, line, d);
		}
	}
	free(argv);
	free(copy);
	if (rc == 0)
		rc = check_option_pairs(nd, s, mask, file, line, d);
	for (i = 0; i < nd->noptions; i++)
		if (mask >> i & 1UL)
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "",
			    nd->options[i].id);
	free(s->attr[NA_A_OPTIONS].s);
	s->attr[NA_A_OPTIONS].s = buf_detach(&b);
	return rc;
}

static int
fill_soldiers(const struct nv_ruleset *rs, struct nv_ship *s,
    unsigned long given, const char *file, unsigned line, struct diag *d)
{
	const struct nauta_class	*c = &nauta_data(rs)->classes[s->cls];
	const char			*cls = rs->classes[s->cls].id;
	long				 start;

	fill_int(s, NA_A_EXTRA, given, 0);
	if (s->attr[NA_A_EXTRA].i > c->extras) {
		diag_error(d, file, line, "<ship id=\"%s\" extra-soldiers="
		    "\"%ld\">: a %s may carry at most %d extra soldier "
		    "unit%s; legal: 0-%d", s->id, s->attr[NA_A_EXTRA].i, cls,
		    c->extras, c->extras == 1 ? "" : "s", c->extras);
		return -1;
	}
	start = c->soldiers + s->attr[NA_A_EXTRA].i;
	fill_int(s, NA_A_SOLDIERS_START, given, start);
	if (s->attr[NA_A_SOLDIERS_START].i != start) {
		diag_error(d, file, line, "<ship id=\"%s\" soldiers-start="
		    "\"%ld\">: a %s with %ld extra units starts with %ld; "
		    "give that or leave it out", s->id,
		    s->attr[NA_A_SOLDIERS_START].i, cls,
		    s->attr[NA_A_EXTRA].i, start);
		return -1;
	}
	fill_int(s, NA_A_SOLDIERS, given, start);
	if (s->attr[NA_A_SOLDIERS].i > start) {
		diag_error(d, file, line, "<ship id=\"%s\" soldiers=\"%ld\">: "
		    "more than it started with; legal: 0-%ld", s->id,
		    s->attr[NA_A_SOLDIERS].i, start);
		return -1;
	}
	return 0;
}

static int
fill_admiral(struct nv_ship *s, const char *file, unsigned line,
    struct diag *d)
{
	static const char *const legal[] = { NA_ADMIRAL_NONE,
	    NA_ADMIRAL_ABOARD, NA_ADMIRAL_KILLED, NA_ADMIRAL_CAPTURED,
	    NA_ADMIRAL_ESCAPED, NULL };
	size_t	i;

	fill_empty(s, NA_A_ADMIRAL);
	for (i = 0; legal[i] != NULL; i++)
		if (strcmp(s->attr[NA_A_ADMIRAL].s, legal[i]) == 0)
			return 0;
	diag_error(d, file, line, "<ship id=\"%s\" admiral=\"%s\">: not a "
	    "legal value; legal: \"\" (none), aboard, killed, captured, "
	    "escaped", s->id, s->attr[NA_A_ADMIRAL].s);
	return -1;
}

int
nauta_ship_defaults(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_ship *s, unsigned long given, const char *file, unsigned line,
    struct diag *d)
{
	int	rc = 0, a;

	for (a = 0; a < NA_A_COUNT; a++)
		if (s->attr[a].s == NULL &&
		    rs->ops->ship_attrs[a].kind != NV_ATTR_INT)
			fill_empty(s, a);
	/* A side's unknown crew is the common loader's error already. */
	if (st->sides[s->owner].crew >= 0 &&
	    s->crew != st->sides[s->owner].crew &&
	    s->crew != st->sides[s->side].crew) {
		diag_error(d, file, line, "<ship id=\"%s\" crew=\"%s\">: in "
		    "nauta the crew is the side's (%s); leave crew out",
		    s->id, rs->crews[s->crew].id,
		    rs->crews[st->sides[s->owner].crew].id);
		rc = -1;
	}
	rc |= fill_soldiers(rs, s, given, file, line, d);
	rc |= fill_options(rs, st, s, file, line, d);
	rc |= fill_admiral(s, file, line, d);
	fill_int(s, NA_A_DAMAGE, given, 0);
	fill_int(s, NA_A_DASHES, given, 0);
	fill_int(s, NA_A_BALISTAE_HITS, given, 0);
	fill_int(s, NA_A_SURRENDER_TESTED, given, 0);
	fill_int(s, NA_A_PIROPHOROS_USED, given, 0);
	fill_int(s, NA_A_FIGHT_SINCE, given, 0);
	if (s->attr[NA_A_DASHES].i > 2) {
		diag_error(d, file, line, "<ship id=\"%s\" dashes=\"%ld\">: a "
		    "ship makes at most 2 Dashes (its own and the Admiral's); "
		    "legal: 0-2", s->id, s->attr[NA_A_DASHES].i);
		rc = -1;
	}
	if (rc == 0 && ship_on_map(s) && s->speed > nauta_max_speed(rs, s)) {
		diag_error(d, file, line, "<ship id=\"%s\" speed=\"%d\">: the "
		    "carried speed is at most the ship's maximum speed, %d; "
		    "legal: 0-%d, or -1 (or no speed) for none yet", s->id,
		    s->speed, nauta_max_speed(rs, s), nauta_max_speed(rs, s));
		rc = -1;
	}
	if (strchr(s->attr[NA_A_PRIZE_OF].s, ' ') != NULL) {
		diag_error(d, file, line, "<ship id=\"%s\" prize-of=\"%s\">: "
		    "a prize has one captor", s->id, s->attr[NA_A_PRIZE_OF].s);
		rc = -1;
	}
	return rc;
}

int
nauta_side_defaults(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_side *sd, unsigned long given, const char *file,
    unsigned line, struct diag *d)
{
	(void)rs; (void)st; (void)given; (void)file; (void)line; (void)d;
	if (sd->attr[NA_S_ADMIRAL].s == NULL)
		sd->attr[NA_S_ADMIRAL].s = xstrdup("");
	return 0;
}
