/* nauta-compose.c: the checks of a Nauta scenario across ships and sides,
 * run once every ship is loaded (the game attributes' hook): the game's
 * own attributes, the options it enables, one Admiral per side, contacts
 * and grapples both ways, and the fleets' composition (nauta.md, "Points
 * and fleet composition"; docs/rules-nauta.md, "Scenarios").
 *
 * composition="free" skips the budget and the nations' rules, never an
 * option's prerequisites (nauta-scenario.c checks those per ship). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "nauta.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

struct gcheck {
	const struct nv_ruleset	*rs;
	struct nv_state		*st;
	const char		*file;
	unsigned		 line;
	struct diag		*d;
	int			 rc;
};

static void gerr(struct gcheck *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static void
gerr(struct gcheck *g, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_error(g->d, g->file, g->line, "%s", msg);
	free(msg);
	g->rc = -1;
}

/* One text game attribute among legal values ("" always legal). */
static void
check_choice(struct gcheck *g, int a, const char *name, const char *x,
    const char *y)
{
	const char	*v = g->st->attr[a].s;

	if (*v != '\0' && strcmp(v, x) != 0 && strcmp(v, y) != 0)
		gerr(g, "<game %s=\"%s\">: legal: %s, %s, or leave it out "
		    "for the ruleset's setting", name, v, x, y);
}

static void
set_default(struct gcheck *g, int a, const char *v)
{
	if (*g->st->attr[a].s != '\0')
		return;
	free(g->st->attr[a].s);
	g->st->attr[a].s = xstrdup(v);
}

/* options: option ids and saving-admiral, normalised to the data's
 * order (saving-admiral last). */
static void
check_game_options(struct gcheck *g)
{
	const struct nauta_data	*nd = nauta_data(g->rs);
	char			*copy = xstrdup(g->st->attr[NA_G_OPTIONS].s);
	char			**argv = xcalloc(strlen(copy) / 2 + 1,
				    sizeof *argv);
	size_t			 argc, i;
	struct buf		 b = BUF_INIT, legal = BUF_INIT;
	unsigned long		 mask = 0;
	int			 k, saving = 0;

	argc = str_split_words(copy, argv, strlen(copy) / 2 + 1);
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], NA_SAVING_ADMIRAL) == 0)
			saving = 1;
		else if ((k = nauta_option_index(nd, argv[i])) >= 0)
			mask |= 1UL << k;
		else {
			buf_reset(&legal);
			for (k = 0; k < (int)nd->noptions; k++)
				buf_printf(&legal, "%s, ", nd->options[k].id);
			buf_adds(&legal, NA_SAVING_ADMIRAL);
			diag_error(g->d, g->file, g->line, "<game options=\"..%s"
			    "..\">: no optional rule %s; legal: %s", argv[i],
			    argv[i], buf_str(&legal));
			g->rc = -1;
		}
	}
	for (i = 0; i < nd->noptions; i++)
		if (mask >> i & 1UL)
			buf_printf(&b, "%s%s", b.len > 0 ? " " : "",
			    nd->options[i].id);
	if (saving)
		buf_printf(&b, "%s%s", b.len > 0 ? " " : "", NA_SAVING_ADMIRAL);
	free(g->st->attr[NA_G_OPTIONS].s);
	g->st->attr[NA_G_OPTIONS].s = buf_detach(&b);
	buf_free(&legal);
	free(argv);
	free(copy);
}

/* Every option a ship has is enabled by the scenario. */
static void
check_ships_enabled(struct gcheck *g)
{
	const struct nauta_data	*nd = nauta_data(g->rs);
	const struct nv_ship	*s;
	size_t			 i, k;

	for (i = 0; i < g->st->nships; i++) {
		s = &g->st->ships[i];
		for (k = 0; k < nd->noptions; k++)
			if (nauta_has_option(g->rs, s, (int)k) &&
			    !nauta_enabled(g->st, nd->options[k].id)) {
				diag_error(g->d, g->file, g->line, "<ship id="
				    "\"%s\" options=\"%s\">: option %s (%s) is "
				    "not enabled in this scenario; add it to "
				    "<game options=\"..\">", s->id,
				    s->attr[NA_A_OPTIONS].s, nd->options[k].id,
				    nd->options[k].rule);
				g->rc = -1;
			}
	}
}

static void
check_game_attrs(struct gcheck *g)
{
	const char	*v;
	long		 n;

	check_game_options(g);
	check_ships_enabled(g);
	v = g->st->attr[NA_G_COMPOSITION].s;
	if (*v != '\0' && strcmp(v, "free") != 0 &&
	    strcmp(v, "nations") != 0 && str_to_long(v, 1, 999999, &n) != 0)
		gerr(g, "<game composition=\"%s\">: legal: free, nations, or a "
		    "point budget (1-999999)", v);
	check_choice(g, NA_G_LATERAL, "lateral-contest", "must-win", "auto");
	check_choice(g, NA_G_CREW_CONTEST, "crew-contest", "on", "off");
	/* The settings in force are written down, so that a game keeps the
	 * ones it started with whatever the ruleset file says later. */
	set_default(g, NA_G_COMPOSITION, "nations");
	set_default(g, NA_G_LATERAL, nauta_data(g->rs)->lateral_auto ?
	    "auto" : "must-win");
	set_default(g, NA_G_CREW_CONTEST, nauta_data(g->rs)->crew_contest ?
	    "on" : "off");
	if (g->st->settings.turn_limit == 0)
		g->st->settings.turn_limit = nauta_data(g->rs)->turns_default;
}

/* One Admiral's ship per side: <side admiral>, a ship of the side, whose
 * admiral attribute is aboard (given or not), and no other ship with the
 * Admiral aboard. */
static void
check_admirals(struct gcheck *g)
{
	struct nv_state	*st = g->st;
	struct nv_ship	*s;
	const char	*id;
	size_t		 i, k;
	int		 f;

	for (k = 0; k < st->nsides; k++) {
		id = st->sides[k].attr[NA_S_ADMIRAL].s;
		f = *id != '\0' ? state_ship_index(st, id) : -1;
		if (*id == '\0' || f < 0 || st->ships[f].owner != (int)k) {
			gerr(g, "<side id=\"%s\" admiral=\"%s\">: every side has "
			    "one Admiral's ship, one of its own ships%s",
			    st->sides[k].id, id, *id == '\0' ? "; give "
			    "admiral=\"ship id\"" : "");
			continue;
		}
		s = &st->ships[f];
		if (*s->attr[NA_A_ADMIRAL].s == '\0') {
			free(s->attr[NA_A_ADMIRAL].s);
			s->attr[NA_A_ADMIRAL].s = xstrdup(NA_ADMIRAL_ABOARD);
		}
		for (i = 0; i < st->nships; i++)
			if ((int)i != f && st->ships[i].owner == (int)k &&
			    nauta_admiral_aboard(&st->ships[i]))
				gerr(g, "<ship id=\"%s\" admiral=\"aboard\">: the "
				    "Admiral of %s is aboard %s (<side "
				    "admiral>)", st->ships[i].id,
				    st->sides[k].id, id);
	}
}

/* A battle with squadrons has every ship in one (nauta.md, Big battles:
 * "every ship in exactly one"); the common loader has checked that a
 * squadron is of the ship's side.  A battle without squadrons is as
 * before. */
static void
check_squadrons(struct gcheck *g)
{
	const struct nv_state	*st = g->st;
	struct buf		 b = BUF_INIT;
	size_t			 i, k;

	if (st->nsquadrons == 0)
		return;
	for (i = 0; i < st->nships; i++) {
		if (state_ship_squadron(st, &st->ships[i]) >= 0)
			continue;
		buf_reset(&b);
		for (k = 0; k < st->nsquadrons; k++)
			if (st->squadrons[k].side == st->ships[i].owner)
				buf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
				    st->squadrons[k].id);
		gerr(g, "<ship id=\"%s\">: in no squadron; where a battle has "
		    "squadrons every ship is in one (nauta.md, Big battles); "
		    "legal: squadron=\"%s\"", st->ships[i].id,
		    b.len > 0 ? buf_str(&b) : "a squadron of its side");
	}
	buf_free(&b);
}

/* A battle that starts at turn 0, the deployment turn, gives every side
 * a zone to place its ships in (nauta.md, "Deployment": a zone per
 * side, by default <deployment depth> hexes from its edge; which edge
 * is a side's only the scenario knows). */
static void
check_zones(struct gcheck *g)
{
	const struct nv_state	*st = g->st;
	size_t			 i, k;

	if (st->turn != 0)
		return;
	for (i = 0; i < st->nsides; i++) {
		for (k = 0; k < st->nzones; k++)
			if (st->zones[k].side == (int)i)
				break;
		if (k == st->nzones)
			gerr(g, "<side id=\"%s\">: turn 0 is the deployment "
			    "turn and %s has no <zone> to place its ships in; "
			    "legal: <zone side=\"%s\" from=\"CCRR\" "
			    "to=\"CCRR\">, %d hexes deep from the side's edge "
			    "by default (nauta.md, Deployment)",
			    st->sides[i].id, st->sides[i].id, st->sides[i].id,
			    nauta_data(g->rs)->deploy_depth);
	}
}

/* contact and grappled hold both ways: a pair named by one ship is
 * added to the other's list; grapples join enemies on the map. */
static void
check_pairs(struct gcheck *g, int a)
{
	struct nv_state	*st = g->st;
	char		*copy, **argv;
	size_t		 argc, i, k;
	int		 o;

	for (i = 0; i < st->nships; i++) {
		copy = xstrdup(st->ships[i].attr[a].s);
		argv = xcalloc(strlen(copy) / 2 + 1, sizeof *argv);
		argc = str_split_words(copy, argv, strlen(copy) / 2 + 1);
		for (k = 0; k < argc; k++) {
			if ((o = state_ship_index(st, argv[k])) < 0)
				continue;	/* the common loader says so */
			if (a == NA_A_GRAPPLED && (!ship_on_map(&st->ships[i]) ||
			    st->ships[o].side == st->ships[i].side))
				gerr(g, "<ship id=\"%s\" grappled=\"..%s..\">: "
				    "grapples join enemy ships on the map",
				    st->ships[i].id, argv[k]);
			nauta_ids_add(&st->ships[o], a, st->ships[i].id);
		}
		free(argv);
		free(copy);
	}
}

/* Ships of a side by Size, and its points. */
static void
side_counts(const struct nv_state *st, int side, int *by_size, long *points)
{
	const struct nauta_data	*nd = nauta_data(st->rs);
	size_t			 i;

	memset(by_size, 0, 7 * sizeof *by_size);
	*points = 0;
	for (i = 0; i < st->nships; i++)
		if (st->ships[i].owner == side) {
			by_size[nd->classes[st->ships[i].cls].size]++;
			*points += nauta_value(st->rs, &st->ships[i]);
		}
}

/* "0 1 2", or with or_ "5 or 6". */
static void
sizes_text(unsigned sizes, int or_, struct buf *b)
{
	int	s, n = 0, k = 0;

	for (s = 0; s <= 6; s++)
		n += sizes >> s & 1U;
	for (s = 0; s <= 6; s++)
		if (sizes >> s & 1U) {
			if (k > 0)
				buf_adds(b, or_ && k == n - 1 ? " or " :
				    or_ ? ", " : " ");
			buf_printf(b, "%d", s);
			k++;
		}
}

static void
check_nation(struct gcheck *g, int side, const int *by_size)
{
	const struct nv_ruleset		*rs = g->rs;
	const struct nv_side		*sd = &g->st->sides[side];
	const struct nauta_nation	*nn =
					    &nauta_data(rs)->nations[sd->nation];
	const char			*nat = rs->nations[sd->nation].id;
	struct buf			 b = BUF_INIT;
	size_t				 i;
	int				 s, n;

	if (!(nn->crews >> sd->crew & 1UL)) {
		for (i = 0; i < rs->ncrews; i++)
			if (nn->crews >> i & 1UL)
				buf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
				    rs->crews[i].id);
		gerr(g, "<side id=\"%s\" crew=\"%s\">: %s crews may be %s",
		    sd->id, rs->crews[sd->crew].id, nat, buf_str(&b));
		buf_reset(&b);
	}
	for (s = 0; s <= 6; s++)
		if (by_size[s] > 0 && !(nn->sizes >> s & 1U)) {
			sizes_text(nn->sizes, 0, &b);
			diag_error(g->d, g->file, g->line, "<side id=\"%s\">: "
			    "%s fleets have no Size %d ships (%d given); legal "
			    "Sizes: %s", sd->id, nat, s, by_size[s],
			    buf_str(&b));
			g->rc = -1;
			buf_reset(&b);
		}
	for (i = 0; i < nn->nlimits; i++) {
		for (s = 0, n = 0; s <= 6; s++)
			if (nn->limits[i].sizes >> s & 1U)
				n += by_size[s];
		if (nn->limits[i].at_least ? n >= nn->limits[i].ships :
		    n <= nn->limits[i].ships)
			continue;
		sizes_text(nn->limits[i].sizes, 1, &b);
		diag_error(g->d, g->file, g->line, "<side id=\"%s\">: a %s "
		    "fleet has at %s %d ship%s of Size %s; this one has %d",
		    sd->id, nat, nn->limits[i].at_least ? "least" : "most",
		    nn->limits[i].ships, nn->limits[i].ships == 1 ? "" : "s",
		    buf_str(&b), n);
		g->rc = -1;
		buf_reset(&b);
	}
	buf_free(&b);
}

static void
check_composition(struct gcheck *g)
{
	const struct nauta_data	*nd = nauta_data(g->rs);
	const char		*v = g->st->attr[NA_G_COMPOSITION].s;
	int			 by_size[7];
	long			 points, budget = 0, allowed;
	size_t			 k;
	const struct nv_side	*sd;

	if (strcmp(v, "free") == 0)
		return;
	if (str_to_long(v, 1, 999999, &budget) != 0)
		budget = 0;
	for (k = 0; k < g->st->nsides; k++) {
		sd = &g->st->sides[k];
		side_counts(g->st, (int)k, by_size, &points);
		check_nation(g, (int)k, by_size);
		if (budget == 0)
			continue;
		/* The crew's share of the budget, rounded down (gap 19). */
		allowed = budget * nd->crews[sd->crew].budget / 100;
		if (points > allowed) {
			diag_error(g->d, g->file, g->line, "<side id=\"%s\">: "
			    "the fleet is worth %ld points; a %s fleet may "
			    "spend %ld of the scenario's %ld", sd->id, points,
			    g->rs->crews[sd->crew].id, allowed, budget);
			g->rc = -1;
		}
	}
}

/* 1 if every side and ship names a nation, crew, class and side of the
 * ruleset: the common loader has reported any that does not, and the
 * checks across ships below need them. */
static int
refs_sound(const struct nv_state *st)
{
	size_t	i;

	for (i = 0; i < st->nsides; i++)
		if (st->sides[i].nation < 0 || st->sides[i].crew < 0 ||
		    st->sides[i].attr == NULL)
			return 0;
	for (i = 0; i < st->nships; i++)
		if (st->ships[i].cls < 0 || st->ships[i].crew < 0 ||
		    st->ships[i].side < 0 || st->ships[i].owner < 0 ||
		    st->ships[i].attr == NULL)
			return 0;
	return 1;
}

int
nauta_game_defaults(const struct nv_ruleset *rs, struct nv_state *st,
    unsigned long given, const char *file, unsigned line, struct diag *d)
{
	struct gcheck	g = { rs, st, file, line, d, 0 };
	size_t		i;

	(void)given;
	for (i = 0; i < NA_G_COUNT; i++)
		if (rs->ops->game_attrs[i].kind != NV_ATTR_INT &&
		    st->attr[i].s == NULL)
			st->attr[i].s = xstrdup("");
	if (!refs_sound(st))
		return -1;
	check_game_attrs(&g);
	check_admirals(&g);
	check_squadrons(&g);
	check_zones(&g);
	check_pairs(&g, NA_A_CONTACT);
	check_pairs(&g, NA_A_GRAPPLED);
	check_composition(&g);
	return g.rc;
}
