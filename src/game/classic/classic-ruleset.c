/* classic-ruleset.c: the classic ruleset module: its ops table, its data
 * (the module's own part of data/rulesets/classic.xml, see
 * data/schema/ruleset-classic.rng) and its ship attributes and defaults.
 *
 * Every rules number is read from the data file into struct classic_data;
 * none is written here.  The common part of the document (schedule,
 * classes, crews, nations) is read first by ruleset-load.c, so the i-th
 * <class>, <crew> and <nation> element here is rs->classes[i] and so on. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "classic.h"
#include "diag.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

static const struct nv_attr_def classic_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	CLASSIC_SHIP_ATTRS(X)
#undef X
};

/* ship_defaults() gets the attributes given as bits of an unsigned long. */
_Static_assert(CL_A_COUNT <= sizeof(unsigned long) * 8,
    "too many classic ship attributes for the given mask");

static const char *const weapon_ids[] = {
#define X(e, id, attr, word) id,
	CLASSIC_WEAPONS(X)
#undef X
};

static const char *const weapon_attrs[] = {
#define X(e, id, attr, word) attr,
	CLASSIC_WEAPONS(X)
#undef X
};

static const char *const marine_ids[] = {
#define X(e, id) id,
	CLASSIC_MARINES(X)
#undef X
};

/* Ship attribute holding the count of each marine type. */
static const int marine_attr[CL_M_COUNT] = {
	CL_A_M_LIGHT, CL_A_M_MEDIUM, CL_A_M_HEAVY
};

/* Ship attribute holding the count of each weapon. */
static const int weapon_attr[CL_W_COUNT] = {
	CL_A_BOWS, CL_A_CATAPULTS, CL_A_STONES
};

static int
name_index(const char *const *names, int n, const char *s)
{
	int	i;

	for (i = 0; i < n; i++)
		if (s != NULL && strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* The common helpers (xmlsafe.h), with this module's name. */
#define get_int		xmlsafe_get_int
#define need_child(root, name, file, d) \
	xmlsafe_need_child(root, name, "classic", file, d)

static void
load_nations(struct nv_ruleset *rs, struct classic_data *cd,
    xmlNodePtr list, const char *file, struct diag *d)
{
	xmlNodePtr	 n;
	size_t		 i = 0;
	char		*v;

	for (n = xmlsafe_child(list); n != NULL && i < rs->nnations;
	    n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "nation"))
			continue;
		v = xmlsafe_attr(n, "marines");
		cd->nation_marine[i] = name_index(marine_ids, CL_M_COUNT, v);
		if (cd->nation_marine[i] < 0) {
			diag_error(d, file, xmlsafe_line(n), "<nation id=\"%s\" "
			    "marines=\"%s\">: the marine type must be light, "
			    "medium or heavy", rs->nations[i].id,
			    v != NULL ? v : "");
			cd->nation_marine[i] = 0;
		}
		free(v);
		i++;
	}
}

static void
load_crews(struct nv_ruleset *rs, struct classic_data *cd, xmlNodePtr list,
    const char *file, struct diag *d)
{
	xmlNodePtr		 n;
	size_t			 i = 0;
	struct classic_crew	*c;

	for (n = xmlsafe_child(list); n != NULL && i < rs->ncrews;
	    n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "crew"))
			continue;
		c = &cd->crews[i++];
		c->max_speed = get_int(n, "max-speed", -99, 99, 0, 0, file, d);
		c->accel = get_int(n, "accel", -99, 99, 0, 0, file, d);
		c->turn_circle = get_int(n, "turn-circle", -99, 99, 0, 0, file,
		    d);
		c->min_accel = get_int(n, "min-accel", -99, 99, 0, 0, file, d);
	}
}

/* The nation ids that have a loadout of class c, for messages. */
static void
loadout_nations(const struct nv_ruleset *rs, const struct classic_class *c,
    struct buf *b)
{
	size_t	i;

	for (i = 0; i < c->nloadouts; i++)
		buf_printf(b, "%s%s", i > 0 ? ", " : "",
		    rs->nations[c->loadouts[i].nation].id);
	if (c->nloadouts == 0)
		buf_adds(b, "none");
}

static void
load_loadout(struct nv_ruleset *rs, struct classic_data *cd,
    struct classic_class *c, size_t ci, xmlNodePtr n, const char *file,
    struct diag *d)
{
	struct classic_loadout	*l;
	char			*nation = xmlsafe_attr(n, "nation");
	char			*name;
	int			 nat, w, m, total, sum = 0;
	size_t			 j;

	nat = nation != NULL ? ruleset_nation_index(rs, nation) : -1;
	if (nat < 0) {
		diag_error(d, file, xmlsafe_line(n), "<loadout nation=\"%s\"> "
		    "of class %s: unknown nation; the nations are listed in "
		    "<nations>", nation != NULL ? nation : "",
		    rs->classes[ci].id);
		free(nation);
		return;
	}
	free(nation);
	for (j = 0; j < c->nloadouts; j++)
		if (c->loadouts[j].nation == nat) {
			diag_error(d, file, xmlsafe_line(n), "class %s has a "
			    "second loadout for nation %s; give one per nation",
			    rs->classes[ci].id, rs->nations[nat].id);
			return;
		}
	l = &c->loadouts[c->nloadouts++];
	l->nation = nat;
	for (m = 0; m < CL_M_COUNT; m++) {
		name = xasprintf("marines-%s", marine_ids[m]);
		l->marines[m] = get_int(n, name, 0, 9999, 0, 0, file, d);
		free(name);
		sum += l->marines[m];
	}
	/* marines="N": all of the nation's own type. */
	total = get_int(n, "marines", 0, 9999, -1, 0, file, d);
	if (total >= 0 && sum != 0 && sum != total)
		diag_error(d, file, xmlsafe_line(n), "loadout of class %s for "
		    "%s: marines=\"%d\" but the mix adds up to %d",
		    rs->classes[ci].id, rs->nations[nat].id, total, sum);
	else if (total >= 0)
		l->marines[cd->nation_marine[nat]] = total;
	for (w = 0; w < CL_W_COUNT; w++)
		l->weapons[w] = get_int(n, weapon_attrs[w], 0, 999, 0, 0, file,
		    d);
}

static void
load_class(struct nv_ruleset *rs, struct classic_data *cd, size_t ci,
    xmlNodePtr n, const char *file, struct diag *d)
{
	struct classic_class	*c = &cd->classes[ci];
	xmlNodePtr		 l;
	size_t			 nl = 0;

	c->ram = get_int(n, "ram", -99, 99, 0, 1, file, d);
	c->hull = get_int(n, "hull", 1, 999, 1, 1, file, d);
	c->max_speed = get_int(n, "max-speed", 0, 999, 0, 1, file, d);
	c->cruise = get_int(n, "cruise", 0, 999, 0, 1, file, d);
	c->turn_circle = get_int(n, "turn-circle", 0, 999, 0, 1, file, d);
	c->accel = get_int(n, "accel", 0, 999, 0, 1, file, d);
	/* classic.md, "Victory": a class's point value is its hull. */
	c->points = get_int(n, "points", 0, 999, c->hull, 0, file, d);
	if (c->cruise > c->max_speed)
		diag_error(d, file, xmlsafe_line(n), "class %s: cruising "
		    "speed %d is above its maximum speed %d",
		    rs->classes[ci].id, c->cruise, c->max_speed);
	for (l = xmlsafe_child(n); l != NULL; l = xmlsafe_next(l))
		if (xmlsafe_is(l, "loadout"))
			nl++;
	c->loadouts = xcalloc(nl, sizeof *c->loadouts);
	for (l = xmlsafe_child(n); l != NULL; l = xmlsafe_next(l))
		if (xmlsafe_is(l, "loadout"))
			load_loadout(rs, cd, c, ci, l, file, d);
}

static void
load_classes(struct nv_ruleset *rs, struct classic_data *cd,
    xmlNodePtr list, const char *file, struct diag *d)
{
	xmlNodePtr	n;
	size_t		i = 0;

	for (n = xmlsafe_child(list); n != NULL && i < rs->nclasses;
	    n = xmlsafe_next(n))
		if (xmlsafe_is(n, "class"))
			load_class(rs, cd, i++, n, file, d);
}

/* classic: speed S moves S hexes, at most one per phase, and there is a
 * row for every speed a ship can reach. */
static void
check_schedule(const struct nv_ruleset *rs, const struct classic_data *cd,
    xmlNodePtr sched, const char *file, struct diag *d)
{
	int	s, p, sum, once, fastest = 0, bonus = 0;
	size_t	i;

	for (s = 0; s <= rs->max_speed && rs->schedule != NULL; s++) {
		sum = 0;
		once = 1;
		for (p = 1; p <= rs->phases; p++) {
			sum += ruleset_moves(rs, s, p);
			if (ruleset_moves(rs, s, p) > 1)
				once = 0;
		}
		if (sum != s || !once)
			diag_error(d, file, xmlsafe_line(sched), "speed %d "
			    "moves %d hexes in the schedule%s; in classic a "
			    "ship at speed S moves S hexes, at most one per "
			    "phase", s, sum, once ? "" : " (twice in a phase)");
	}
	for (i = 0; i < rs->ncrews; i++)
		if (cd->crews[i].max_speed > bonus)
			bonus = cd->crews[i].max_speed;
	for (i = 0; i < rs->nclasses; i++)
		if (cd->classes[i].max_speed + bonus > fastest)
			fastest = cd->classes[i].max_speed + bonus;
	if (fastest > rs->max_speed)
		diag_error(d, file, xmlsafe_line(sched), "the schedule stops "
		    "at speed %d but a ship can reach speed %d; add rows up "
		    "to %d", rs->max_speed, fastest, fastest);
}

/* range="A" or "A-B", within 1..max. */
static int
parse_range(const char *s, int max, int *lo, int *hi)
{
	const char	*dash = strchr(s, '-');
	char		*a;
	int		 rc;

	if (dash == NULL) {
		if (str_to_int(s, 1, max, lo) != 0)
			return -1;
		*hi = *lo;
		return 0;
	}
	a = xstrndup(s, (size_t)(dash - s));
	rc = str_to_int(a, 1, max, lo);
	free(a);
	if (rc != 0 || str_to_int(dash + 1, 1, max, hi) != 0 || *hi < *lo)
		return -1;
	return 0;
}

static void
load_shot(struct classic_data *cd, int w, xmlNodePtr n, const char *file,
    struct diag *d)
{
	struct classic_shot	*sh = &cd->shots[cd->nshots];
	struct classic_shot	*o;
	char			*range = xmlsafe_attr(n, "range");
	size_t			 i;

	sh->weapon = w;
	if (range == NULL || parse_range(range, cd->max_range[w], &sh->rmin,
	    &sh->rmax) != 0) {
		diag_error(d, file, xmlsafe_line(n), "<shot range=\"%s\"> of "
		    "the %s: expected N or N-M within 1-%d (its max-range)",
		    range != NULL ? range : "", weapon_ids[w],
		    cd->max_range[w]);
		free(range);
		return;
	}
	free(range);
	sh->roll_min = get_int(n, "roll", 1, 6, 7, 1, file, d);
	sh->kills = get_int(n, "kills", 0, 999, 0, 1, file, d);
	sh->damage = get_int(n, "damage", 0, 999, 0, 1, file, d);
	/* The first matching line applies, so a later line that needs as
	 * high a roll at a range an earlier one covers is never used. */
	for (i = 0; i < cd->nshots; i++) {
		o = &cd->shots[i];
		if (o->weapon == w && o->rmin <= sh->rmax &&
		    sh->rmin <= o->rmax && o->roll_min <= sh->roll_min) {
			diag_error(d, file, xmlsafe_line(n), "this %s line "
			    "(roll %d) can never apply: an earlier line for "
			    "range %d-%d already takes rolls of %d or more; "
			    "put higher rolls first", weapon_ids[w],
			    sh->roll_min, o->rmin, o->rmax, o->roll_min);
			return;
		}
	}
	cd->nshots++;
}

static void
load_weapons(struct classic_data *cd, xmlNodePtr list, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n, s;
	size_t		 nshots = 0;
	int		 seen[CL_W_COUNT] = { 0 };
	int		 w;
	char		*id;

	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n))
		for (s = xmlsafe_child(n); s != NULL; s = xmlsafe_next(s))
			nshots++;
	cd->shots = xcalloc(nshots, sizeof *cd->shots);
	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "weapon"))
			continue;
		id = xmlsafe_attr(n, "id");
		w = name_index(weapon_ids, CL_W_COUNT, id);
		if (w < 0 || seen[w]++) {
			diag_error(d, file, xmlsafe_line(n), "<weapon id=\"%s\">: "
			    "%s; give each of bow, catapult and stone-thrower "
			    "once", id != NULL ? id : "", w < 0 ?
			    "unknown weapon" : "this weapon is listed twice");
			free(id);
			continue;
		}
		free(id);
		cd->max_range[w] = get_int(n, "max-range", 0, 999, 0, 1, file,
		    d);
		for (s = xmlsafe_child(n); s != NULL; s = xmlsafe_next(s))
			if (xmlsafe_is(s, "shot"))
				load_shot(cd, w, s, file, d);
	}
	for (w = 0; w < CL_W_COUNT; w++)
		if (!seen[w])
			diag_error(d, file, xmlsafe_line(list), "<weapons> has "
			    "no <weapon id=\"%s\">; every weapon needs one",
			    weapon_ids[w]);
}

static void
load_boarding(struct classic_data *cd, xmlNodePtr n, const char *file,
    struct diag *d)
{
	xmlNodePtr	 m;
	int		 seen[CL_M_COUNT] = { 0 };
	int		 t;
	char		*type;

	cd->grapple_on = get_int(n, "grapple", 1, 6, 7, 1, file, d);
	cd->surrender_ratio = get_int(n, "surrender-ratio", 0, 999, 2, 1,
	    file, d);
	cd->prize_crew = get_int(n, "prize-crew", 0, 999, 1, 1, file, d);
	for (m = xmlsafe_child(n); m != NULL; m = xmlsafe_next(m)) {
		if (!xmlsafe_is(m, "marine"))
			continue;
		type = xmlsafe_attr(m, "type");
		t = name_index(marine_ids, CL_M_COUNT, type);
		if (t < 0 || seen[t]++)
			diag_error(d, file, xmlsafe_line(m), "<marine type=\"%s\">"
			    ": %s; give each of light, medium and heavy once",
			    type != NULL ? type : "", t < 0 ? "unknown type" :
			    "this type is listed twice");
		else
			cd->marine_kill_on[t] = get_int(m, "kills-on", 1, 6, 7,
			    1, file, d);
		free(type);
	}
	for (t = 0; t < CL_M_COUNT; t++)
		if (!seen[t])
			diag_error(d, file, xmlsafe_line(n), "<boarding> has no "
			    "<marine type=\"%s\">; every marine type needs one",
			    marine_ids[t]);
}

static void
load_rules(struct classic_data *cd, xmlNodePtr root, const char *file,
    struct diag *d)
{
	xmlNodePtr	n;

	if ((n = need_child(root, "movement", file, d)) != NULL) {
		cd->max_speed_uses = get_int(n, "max-speed-uses", 0, 999, 0, 1,
		    file, d);
		cd->back_speed = get_int(n, "back-speed", 0, 999, 1, 1, file,
		    d);
	}
	if ((n = need_child(root, "ram", file, d)) != NULL) {
		cd->ram_max_bonus = get_int(n, "max-speed-bonus", -99, 99, 0, 1,
		    file, d);
		cd->headon_per_level = get_int(n, "head-on-per-level", -99, 99,
		    0, 1, file, d);
		cd->ram_holes = get_int(n, "holes", 0, 999, 1, 1, file, d);
	}
	if ((n = need_child(root, "rake", file, d)) != NULL) {
		cd->rake_cruise = get_int(n, "cruise", -99, 99, -1, 1, file, d);
		cd->rake_turn_circle = get_int(n, "turn-circle", -99, 99, 1, 1,
		    file, d);
		cd->rake_keeps_max = get_int(n, "keeps-max-speed", 0, 1, 0, 1,
		    file, d);
	}
	if ((n = need_child(root, "weapons", file, d)) != NULL)
		load_weapons(cd, n, file, d);
	if ((n = need_child(root, "boarding", file, d)) != NULL)
		load_boarding(cd, n, file, d);
	if ((n = need_child(root, "holes", file, d)) != NULL) {
		cd->plug_on = get_int(n, "plug", 1, 6, 7, 1, file, d);
		cd->plug_on_boarding = get_int(n, "plug-boarding", 1, 6, 7, 1,
		    file, d);
		cd->hole_damage = get_int(n, "damage", 0, 999, 1, 1, file, d);
	}
	if ((n = need_child(root, "victory", file, d)) != NULL) {
		cd->capture_num = get_int(n, "captured-num", 0, 999, 1, 1, file,
		    d);
		cd->capture_den = get_int(n, "captured-den", 1, 999, 1, 1, file,
		    d);
	}
}

static int
classic_load(struct nv_ruleset *rs, void *xml_doc, const char *file,
    struct diag *d)
{
	xmlNodePtr		 root = xmlDocGetRootElement(xml_doc);
	struct classic_data	*cd = xcalloc(1, sizeof *cd);
	size_t			 before = d->errors;
	xmlNodePtr		 n;

	rs->priv = cd;
	cd->classes = xcalloc(rs->nclasses, sizeof *cd->classes);
	cd->crews = xcalloc(rs->ncrews, sizeof *cd->crews);
	cd->nation_marine = xcalloc(rs->nnations, sizeof *cd->nation_marine);
	/* Nations first: loadouts need their marine types. */
	if ((n = need_child(root, "nations", file, d)) != NULL)
		load_nations(rs, cd, n, file, d);
	if ((n = need_child(root, "crews", file, d)) != NULL)
		load_crews(rs, cd, n, file, d);
	if ((n = need_child(root, "classes", file, d)) != NULL)
		load_classes(rs, cd, n, file, d);
	load_rules(cd, root, file, d);
	if ((n = need_child(root, "schedule", file, d)) != NULL)
		check_schedule(rs, cd, n, file, d);
	return d->errors > before ? -1 : 0;
}

static void
classic_free(struct nv_ruleset *rs)
{
	struct classic_data	*cd = rs->priv;
	size_t			 i;

	if (cd == NULL)
		return;
	if (cd->classes != NULL)
		for (i = 0; i < rs->nclasses; i++)
			free(cd->classes[i].loadouts);
	free(cd->classes);
	free(cd->crews);
	free(cd->nation_marine);
	free(cd->shots);
	free(cd);
	rs->priv = NULL;
}


/* --- ship attributes and their defaults ---------------------------------- */

static int
is_given(unsigned long given, int a)
{
	return (given & (1UL << a)) != 0;
}

static const struct classic_loadout *
find_loadout(const struct classic_class *c, int nation)
{
	size_t	i;

	for (i = 0; i < c->nloadouts; i++)
		if (c->loadouts[i].nation == nation)
			return &c->loadouts[i];
	return NULL;
}

/* A text attribute: the default when not given, else one of the legal
 * values (NULL-terminated list). */
static int
fill_text(struct nv_ship *s, int a, unsigned long given,
    const char *const *legal, const char *legal_text, const char *file,
    unsigned line, struct diag *d)
{
	size_t	i;

	if (!is_given(given, a) || s->attr[a].s == NULL) {
		free(s->attr[a].s);
		s->attr[a].s = xstrdup(legal[0]);
		return 0;
	}
	for (i = 0; legal[i] != NULL; i++)
		if (strcmp(s->attr[a].s, legal[i]) == 0)
			return 0;
	diag_error(d, file, line, "<ship id=\"%s\" %s=\"%s\">: not a legal "
	    "value; legal: %s", s->id, classic_attrs[a].name, s->attr[a].s,
	    legal_text);
	return -1;
}

static int
fill_texts(struct nv_ship *s, unsigned long given, const char *file,
    unsigned line, struct diag *d)
{
	static const char *const obligations[] = { CL_OBLIGATION_NONE,
	    CL_OBLIGATION_BACK, CL_OBLIGATION_PIVOT, NULL };
	static const char *const rakes[] = { CL_RAKE_NONE, CL_RAKE_PORT,
	    CL_RAKE_STARBOARD, CL_RAKE_ANY, NULL };
	static const char *const repulses[] = { CL_REPULSE_CUT,
	    CL_REPULSE_COUNTER, NULL };
	static const char *const empty[] = { "", NULL };
	int	rc = 0;

	rc |= fill_text(s, CL_A_OBLIGATION, given, obligations,
	    "\"\" (none), back, pivot", file, line, d);
	rc |= fill_text(s, CL_A_RAKE, given, rakes,
	    "none, port, starboard, any", file, line, d);
	rc |= fill_text(s, CL_A_REPULSE, given, repulses, "cut, counter",
	    file, line, d);
	/* Ship id lists: the common loader checks the ids themselves. */
	if (!is_given(given, CL_A_RAKED_BY))
		fill_text(s, CL_A_RAKED_BY, 0, empty, "", file, line, d);
	if (!is_given(given, CL_A_GRAPPLED))
		fill_text(s, CL_A_GRAPPLED, 0, empty, "", file, line, d);
	if (!is_given(given, CL_A_BOARDING))
		fill_text(s, CL_A_BOARDING, 0, empty, "", file, line, d);
	return rc;
}

/* marines is the total, marines-light/-medium/-heavy the mix: a mix
 * given fixes the total; a total alone is all of the controlling side's
 * marine type (who is aboard now); neither takes the loadout. */
static int
fill_marines(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_ship *s, unsigned long given, const struct classic_loadout *l,
    const char *file, unsigned line, struct diag *d)
{
	const struct classic_data	*cd = classic_data(rs);
	long				 sum = 0;
	int				 m, mix = 0, type;

	for (m = 0; m < CL_M_COUNT; m++)
		if (is_given(given, marine_attr[m])) {
			mix = 1;
			sum += s->attr[marine_attr[m]].i;
		} else
			s->attr[marine_attr[m]].i = 0;
	if (mix) {
		if (is_given(given, CL_A_MARINES) &&
		    s->attr[CL_A_MARINES].i != sum) {
			diag_error(d, file, line, "<ship id=\"%s\" marines="
			    "\"%ld\">: the marines-light/-medium/-heavy mix "
			    "adds up to %ld; give the total or make them agree",
			    s->id, s->attr[CL_A_MARINES].i, sum);
			return -1;
		}
		s->attr[CL_A_MARINES].i = sum;
	} else if (is_given(given, CL_A_MARINES)) {
		type = cd->nation_marine[st->sides[s->side].nation];
		s->attr[marine_attr[type]].i = s->attr[CL_A_MARINES].i;
	} else if (l != NULL) {
		for (m = 0; m < CL_M_COUNT; m++) {
			s->attr[marine_attr[m]].i = l->marines[m];
			sum += l->marines[m];
		}
		s->attr[CL_A_MARINES].i = sum;
	}
	return 0;
}

static void
fill_int(struct nv_ship *s, int a, unsigned long given, long def)
{
	if (!is_given(given, a))
		s->attr[a].i = def;
}

static int
classic_ship_defaults(const struct nv_ruleset *rs, const struct nv_state *st,
    struct nv_ship *s, unsigned long given, const char *file, unsigned line,
    struct diag *d)
{
	const struct classic_data	*cd = classic_data(rs);
	const struct classic_class	*c = &cd->classes[s->cls];
	const struct classic_loadout	*l;
	int				 nation, w, rc = 0;
	struct buf			 b = BUF_INIT;

	rc |= fill_texts(s, given, file, line, d);
	/* A ship is fitted out as its original side's nation builds it. */
	nation = st->sides[s->owner].nation;
	if ((l = find_loadout(c, nation)) == NULL) {
		loadout_nations(rs, c, &b);
		diag_error(d, file, line, "<ship id=\"%s\">: the %s %s has no "
		    "loadout for nation %s in ruleset %s; nations with one: %s",
		    s->id, rs->nations[nation].id, rs->classes[s->cls].id,
		    rs->nations[nation].id, rs->id, buf_str(&b));
		buf_free(&b);
		rc = -1;
	}
	fill_int(s, CL_A_HULL, given, c->hull);
	if (s->attr[CL_A_HULL].i > c->hull) {
		diag_error(d, file, line, "<ship id=\"%s\" hull=\"%ld\">: a %s "
		    "has at most %d hull points", s->id, s->attr[CL_A_HULL].i,
		    rs->classes[s->cls].id, c->hull);
		rc = -1;
	} else if (s->attr[CL_A_HULL].i == 0 && ship_on_map(s)) {
		diag_error(d, file, line, "<ship id=\"%s\" hull=\"0\">: a ship "
		    "with no hull left is sunk; give status=\"sunk\" or a hull "
		    "of 1-%d", s->id, c->hull);
		rc = -1;
	}
	rc |= fill_marines(rs, st, s, given, l, file, line, d);
	for (w = 0; w < CL_W_COUNT; w++)
		fill_int(s, weapon_attr[w], given, l != NULL ? l->weapons[w] :
		    0);
	fill_int(s, CL_A_HOLES, given, 0);
	fill_int(s, CL_A_CORVUS, given, 0);
	fill_int(s, CL_A_MAX_USES, given, 0);
	if (s->attr[CL_A_MAX_USES].i > cd->max_speed_uses) {
		diag_error(d, file, line, "<ship id=\"%s\" max-speed-uses="
		    "\"%ld\">: a ship may use maximum speed at most %d times",
		    s->id, s->attr[CL_A_MAX_USES].i, cd->max_speed_uses);
		rc = -1;
	}
	fill_int(s, CL_A_LAST_MAX, given, 0);
	fill_int(s, CL_A_RAKED, given, 0);
	fill_int(s, CL_A_BOARDED, given, 0);
	/* A new ship may turn at once: it counts as having gone straight
	 * for its whole turning circle (needs raked and crew set). */
	fill_int(s, CL_A_STRAIGHT, given, classic_turn_circle(rs, s));
	return rc;
}

const struct nv_ruleset_ops classic_ops = {
	.name = "classic",
	.load = classic_load,
	.free = classic_free,
	.ship_attrs = classic_attrs,
	.nship_attrs = CL_A_COUNT,
	.ship_defaults = classic_ship_defaults,
	.orders_new = classic_orders_new,
	.orders_free = classic_orders_free,
	.verbs = classic_verbs,
	.nverbs = CL_V_COUNT,
	.validate = classic_validate,
	.format = classic_format,
	.begin = classic_begin,
	.contact = classic_contact,
	.phase_end = classic_phase_end,
	.end = classic_end,
	.abort = classic_abort,
	/* The preview: enemies hold, the least of every die. */
	.preview_hold = ruleset_hold_at_speed0,
	.preview_die = 1,
};
