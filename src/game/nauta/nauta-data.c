/* nauta-data.c: the Nauta module's part of data/rulesets/nauta.xml (see
 * data/schema/ruleset-nauta.rng).
 *
 * Every rules number is read here into struct nauta_data; none is
 * written in C.  The common part of the document (schedule, classes,
 * crews, nations) was read first by ruleset-load.c, so the i-th <class>,
 * <crew> and <nation> element is rs->classes[i] and so on.  Every problem
 * goes to the diag with its line, and loading carries on. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "nauta.h"
#include "ruleset.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

/* The common helpers (xmlsafe.h), with this module's name. */
#define get_int		xmlsafe_get_int
#define need_child(root, name, file, d) \
	xmlsafe_need_child(root, name, "the nauta module", file, d)

/* Splits an attribute's words; *argv owned by the caller with *copy. */
static size_t
words(xmlNodePtr n, const char *name, char **copy, char ***argv)
{
	size_t	max;

	*copy = xmlsafe_attr(n, name);
	if (*copy == NULL)
		*copy = xstrdup("");
	max = strlen(*copy) / 2 + 1;
	*argv = xcalloc(max, sizeof **argv);
	return str_split_words(*copy, *argv, max);
}

/* sizes="0 1 2" as a mask (the schema checks the numbers). */
static unsigned
get_sizes(xmlNodePtr n, const char *name)
{
	char		*copy, **argv;
	size_t		 argc, i;
	unsigned	 mask = 0;
	int		 s;

	argc = words(n, name, &copy, &argv);
	for (i = 0; i < argc; i++)
		if (str_to_int(argv[i], 0, 6, &s) == 0)
			mask |= 1U << s;
	free(argv);
	free(copy);
	return mask;
}

static void
load_nation(struct nv_ruleset *rs, struct nauta_nation *nn, xmlNodePtr n,
    const char *file, struct diag *d)
{
	char		*copy, **argv;
	size_t		 argc, i, k = 0;
	int		 c;
	xmlNodePtr	 m;

	nn->sizes = get_sizes(n, "sizes");
	argc = words(n, "crews", &copy, &argv);
	for (i = 0; i < argc; i++) {
		if ((c = ruleset_crew_index(rs, argv[i])) < 0)
			diag_error(d, file, xmlsafe_line(n), "<nation crews="
			    "\"..%s..\">: no crew %s in <crews>", argv[i],
			    argv[i]);
		else
			nn->crews |= 1UL << c;
	}
	free(argv);
	free(copy);
	for (m = xmlsafe_child(n); m != NULL; m = xmlsafe_next(m))
		nn->nlimits++;
	nn->limits = xcalloc(nn->nlimits + 1, sizeof *nn->limits);
	for (m = xmlsafe_child(n); m != NULL; m = xmlsafe_next(m)) {
		nn->limits[k].sizes = get_sizes(m, "sizes");
		nn->limits[k].ships = get_int(m, "ships", 0, 999, 0, 1, file,
		    d);
		nn->limits[k].at_least = xmlsafe_is(m, "at-least");
		k++;
	}
}

static void
load_lists(struct nv_ruleset *rs, struct nauta_data *nd, xmlNodePtr root,
    const char *file, struct diag *d)
{
	xmlNodePtr	n, list;
	size_t		i;

	if ((list = need_child(root, "crews", file, d)) != NULL)
		for (n = xmlsafe_child(list), i = 0; n != NULL &&
		    i < rs->ncrews; n = xmlsafe_next(n), i++) {
			nd->crews[i].initiative = get_int(n, "initiative", -99,
			    99, 0, 1, file, d);
			nd->crews[i].budget = get_int(n, "budget", 1, 999, 100,
			    1, file, d);
			nd->crews[i].contest = get_int(n, "contest", -99, 99, 0,
			    1, file, d);
		}
	if (rs->ncrews > sizeof(unsigned long) * 8)
		diag_error(d, file, xmlsafe_line(root), "%zu crews; the nauta "
		    "module takes at most %zu", rs->ncrews,
		    sizeof(unsigned long) * 8);
	else if ((list = need_child(root, "nations", file, d)) != NULL)
		for (n = xmlsafe_child(list), i = 0; n != NULL &&
		    i < rs->nnations; n = xmlsafe_next(n), i++)
			load_nation(rs, &nd->nations[i], n, file, d);
	if ((list = need_child(root, "classes", file, d)) != NULL)
		for (n = xmlsafe_child(list), i = 0; n != NULL &&
		    i < rs->nclasses; n = xmlsafe_next(n), i++) {
			struct nauta_class *c = &nd->classes[i];

			c->size = get_int(n, "size", 0, 6, 0, 1, file, d);
			c->soldiers = get_int(n, "soldiers", 0, 99, 0, 1, file,
			    d);
			c->max_speed = get_int(n, "max-speed", 1, 8, 1, 1, file,
			    d);
			c->accel = get_int(n, "accel", 0, 99, 0, 1, file, d);
			c->decel = get_int(n, "decel", 0, 99, 0, 1, file, d);
			c->points = get_int(n, "points", 0, 999, 0, 1, file, d);
			c->extras = get_int(n, "extra-soldiers", 0, 9, 0, 1,
			    file, d);
		}
}

/* An option list attribute (requires, excludes) as a mask of options
 * listed before or after: resolved once every option id is known. */
static unsigned long
option_mask(const struct nauta_data *nd, xmlNodePtr n, const char *name,
    const char *file, struct diag *d)
{
	char		*copy, **argv;
	size_t		 argc, i;
	unsigned long	 mask = 0;
	int		 k;

	argc = words(n, name, &copy, &argv);
	for (i = 0; i < argc; i++) {
		if ((k = nauta_option_index(nd, argv[i])) < 0)
			diag_error(d, file, xmlsafe_line(n), "<option %s=\""
			    "..%s..\">: there is no option %s", name, argv[i],
			    argv[i]);
		else
			mask |= 1UL << k;
	}
	free(argv);
	free(copy);
	return mask;
}

static void
load_option_nations(struct nv_ruleset *rs, struct nauta_option *o,
    xmlNodePtr n, const char *file, struct diag *d)
{
	char	*copy, **argv;
	size_t	 argc, i;
	int	 k;

	if ((copy = xmlsafe_attr(n, "nations")) == NULL)
		return;
	free(copy);
	o->nations = xcalloc(rs->nnations + 1, 1);
	argc = words(n, "nations", &copy, &argv);
	for (i = 0; i < argc; i++) {
		if ((k = ruleset_nation_index(rs, argv[i])) < 0)
			diag_error(d, file, xmlsafe_line(n), "<option id=\"%s\" "
			    "nations=\"..%s..\">: there is no nation %s",
			    o->id, argv[i], argv[i]);
		else
			o->nations[k] = 1;
	}
	free(argv);
	free(copy);
}

static void
load_option(struct nv_ruleset *rs, struct nauta_option *o, xmlNodePtr n,
    const char *file, struct diag *d)
{
	o->rule = xmlsafe_attr(n, "rule");
	if (o->rule == NULL)
		o->rule = xstrdup("");
	o->cost = get_int(n, "cost", 0, 999, 0, 1, file, d);
	o->sizes = get_sizes(n, "sizes");
	load_option_nations(rs, o, n, file, d);
	o->max_speed = get_int(n, "max-speed", 1, 8, 0, 0, file, d);
	o->speed = get_int(n, "speed", -99, 99, 0, 0, file, d);
	o->first_assault = get_int(n, "first-assault", -99, 99, 0, 0, file,
	    d);
	o->enemy_first_assault = get_int(n, "enemy-first-assault", -99, 99,
	    0, 0, file, d);
	o->ram_contest = get_int(n, "ram-contest", -99, 99, 0, 0, file, d);
	o->boarding = get_int(n, "boarding", -99, 99, 0, 0, file, d);
	o->boarding_rammed = get_int(n, "boarding-rammed", -99, 99, 0, 0,
	    file, d);
}

static void
load_options(struct nv_ruleset *rs, struct nauta_data *nd, xmlNodePtr list,
    const char *file, struct diag *d)
{
	xmlNodePtr	n;
	size_t		i = 0, count = 0;
	char		*id;

	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n))
		count++;
	if (count > NA_OPTIONS_MAX) {
		diag_error(d, file, xmlsafe_line(list), "%zu options; the "
		    "nauta module takes at most %d", count, NA_OPTIONS_MAX);
		return;
	}
	nd->options = xcalloc(count + 1, sizeof *nd->options);
	for (n = xmlsafe_child(list); n != NULL; n = xmlsafe_next(n)) {
		id = xmlsafe_attr(n, "id");
		if (id == NULL || nauta_option_index(nd, id) >= 0 ||
		    strcmp(id, NA_SAVING_ADMIRAL) == 0) {
			diag_error(d, file, xmlsafe_line(n), "<option id=\"%s\">"
			    ": %s", id != NULL ? id : "", id == NULL ?
			    "no id" : strcmp(id, NA_SAVING_ADMIRAL) == 0 ?
			    "saving-admiral is a scenario switch, not a ship "
			    "option" : "this option is listed twice");
			free(id);
			continue;
		}
		nd->options[nd->noptions].id = id;
		load_option(rs, &nd->options[nd->noptions++], n, file, d);
	}
	/* Lists of options name options given anywhere in <options>. */
	for (n = xmlsafe_child(list); n != NULL && i < nd->noptions;
	    n = xmlsafe_next(n)) {
		id = xmlsafe_attr(n, "id");
		if (id != NULL && nauta_option_index(nd, id) == (int)i) {
			nd->options[i].requires = option_mask(nd, n,
			    "requires", file, d);
			nd->options[i].excludes = option_mask(nd, n,
			    "excludes", file, d);
			i++;
		}
		free(id);
	}
	nd->opt_balistae = nauta_option_index(nd, "balistae");
	nd->opt_pirophoros = nauta_option_index(nd, "pirophoros");
}

static void
load_movement(struct nauta_data *nd, xmlNodePtr root, const char *file,
    struct diag *d)
{
	xmlNodePtr	n;

	if ((n = need_child(root, "points", file, d)) != NULL)
		nd->extra_cost = get_int(n, "extra-soldier", 0, 999, 0, 1,
		    file, d);
	if ((n = need_child(root, "movement", file, d)) != NULL) {
		nd->small_size = get_int(n, "small-size", 0, 6, 1, 1, file, d);
		nd->small_turns = get_int(n, "small-turns", 0, 999, 2, 1, file,
		    d);
		nd->turns = get_int(n, "turns", 0, 999, 1, 1, file, d);
		nd->back_steps = get_int(n, "back-steps", 0, 999, 2, 1, file,
		    d);
		nd->damaged_speed = get_int(n, "damaged", -99, 99, -2, 1, file,
		    d);
		nd->dash = get_int(n, "dash", 0, 999, 2, 1, file, d);
		nd->admiral_dash = get_int(n, "admiral-dash", 0, 999, 1, 1,
		    file, d);
		nd->dash_cost = get_int(n, "dash-cost", -99, 99, -1, 1, file,
		    d);
		nd->balistae_speed = get_int(n, "balistae-hit", -99, 99, -1, 1,
		    file, d);
		nd->min_max_speed = get_int(n, "min-max-speed", 0, 999, 1, 1,
		    file, d);
	}
	if ((n = need_child(root, "ram", file, d)) != NULL) {
		nd->faster = get_int(n, "faster", -99, 99, 1, 1, file, d);
		nd->still = get_int(n, "still", -99, 99, -1, 1, file, d);
		nd->damaged = get_int(n, "damaged", -99, 99, -2, 1, file, d);
		nd->friendly = get_int(n, "friendly", -99, 99, -1, 1, file, d);
		nd->damage_on = get_int(n, "damage-on", 1, 6, 1, 1, file, d);
		nd->sink_on = get_int(n, "sink-on", 1, 6, 4, 1, file, d);
		nd->loss_size = get_int(n, "loss-size", 0, 999, 3, 1, file, d);
		nd->loss_on = get_int(n, "loss-on", 0, 6, 1, 1, file, d);
	}
}

static void
load_rest(struct nauta_data *nd, xmlNodePtr root, const char *file,
    struct diag *d)
{
	xmlNodePtr	 n;
	char		*v;

	if ((n = need_child(root, "boarding", file, d)) != NULL)
		nd->board_roll = get_int(n, "roll", 1, 6, 4, 1, file, d);
	if ((n = need_child(root, "fight", file, d)) != NULL) {
		nd->assaults = get_int(n, "assaults", 1, 9, 3, 1, file, d);
		nd->admiral_bonus = get_int(n, "admiral", -99, 99, 1, 1, file,
		    d);
		nd->admiral_dies = get_int(n, "admiral-dies", 1, 6, 6, 1, file,
		    d);
		nd->surrender_on = get_int(n, "surrender", 0, 6, 2, 1, file, d);
	}
	if ((n = need_child(root, "balistae", file, d)) != NULL) {
		nd->bal_range = get_int(n, "range", 1, 9, 4, 1, file, d);
		nd->bal_side = get_int(n, "side", 0, 999, 2, 1, file, d);
		nd->bal_hit = get_int(n, "hit", 1, 6, 5, 1, file, d);
	}
	if ((n = need_child(root, "pirophoros", file, d)) != NULL)
		nd->burn_on = get_int(n, "burn", 1, 6, 5, 1, file, d);
	if ((n = need_child(root, "saving-admiral", file, d)) != NULL) {
		nd->save_roll = get_int(n, "roll", 1, 6, 5, 1, file, d);
		nd->save_range = get_int(n, "range", 0, 999, 4, 1, file, d);
	}
	if ((n = need_child(root, "victory", file, d)) != NULL) {
		nd->loss_num = get_int(n, "loss-num", 1, 999, 1, 1, file, d);
		nd->loss_den = get_int(n, "loss-den", 1, 999, 3, 1, file, d);
		nd->admiral_loss = get_int(n, "admiral", 0, 999, 50, 1, file,
		    d);
		nd->turns_default = get_int(n, "turns", 1, 999, 12, 1, file, d);
	}
	if ((n = need_child(root, "deployment", file, d)) != NULL)
		nd->deploy_depth = get_int(n, "depth", 0, 999, 7, 1, file, d);
	if ((n = need_child(root, "settings", file, d)) != NULL) {
		v = xmlsafe_attr(n, "lateral-contest");
		nd->lateral_auto = v != NULL && strcmp(v, "auto") == 0;
		free(v);
		v = xmlsafe_attr(n, "crew-contest");
		nd->crew_contest = v != NULL && strcmp(v, "on") == 0;
		free(v);
	}
}

/* Nauta: a plot of n steps makes n steps (at most two in a phase), and
 * there is a row for every plot a ship can write: the fastest class's
 * maximum speed (or an option's) and a Dash on top. */
static void
check_schedule(const struct nv_ruleset *rs, const struct nauta_data *nd,
    xmlNodePtr root, const char *file, struct diag *d)
{
	xmlNodePtr	sched = need_child(root, "schedule", file, d);
	int		s, p, sum, fastest = 0, dash;
	size_t		i;

	if (sched == NULL || rs->schedule == NULL)
		return;
	for (s = 0; s <= rs->max_speed; s++) {
		for (p = 1, sum = 0; p <= rs->phases; p++)
			sum += ruleset_moves(rs, s, p);
		if (sum != s)
			diag_error(d, file, xmlsafe_line(sched), "speed %d "
			    "moves %d steps in the schedule; in nauta a plot "
			    "of n steps makes n steps", s, sum);
	}
	for (i = 0; i < rs->nclasses; i++)
		if (nd->classes[i].max_speed > fastest)
			fastest = nd->classes[i].max_speed;
	for (i = 0; i < nd->noptions; i++)
		if (nd->options[i].max_speed > fastest)
			fastest = nd->options[i].max_speed;
	dash = nd->dash > nd->admiral_dash ? nd->dash : nd->admiral_dash;
	if (fastest + dash > rs->max_speed)
		diag_error(d, file, xmlsafe_line(sched), "the schedule stops "
		    "at %d steps but a Dash on a ship of maximum speed %d "
		    "makes %d; add rows up to %d", rs->max_speed, fastest,
		    fastest + dash, fastest + dash);
	if (rs->max_speed > NV_SLOTS_MAX)
		diag_error(d, file, xmlsafe_line(sched), "the schedule goes "
		    "to %d steps; a plot holds at most %d", rs->max_speed,
		    NV_SLOTS_MAX);
}

int
nauta_data_load(struct nv_ruleset *rs, void *xml_doc, const char *file,
    struct diag *d)
{
	xmlNodePtr		 root = xmlDocGetRootElement(xml_doc);
	struct nauta_data	*nd = xcalloc(1, sizeof *nd);
	size_t			 before = d->errors;
	xmlNodePtr		 n;

	rs->priv = nd;
	nd->classes = xcalloc(rs->nclasses + 1, sizeof *nd->classes);
	nd->crews = xcalloc(rs->ncrews + 1, sizeof *nd->crews);
	nd->nations = xcalloc(rs->nnations + 1, sizeof *nd->nations);
	nd->opt_balistae = nd->opt_pirophoros = -1;
	load_lists(rs, nd, root, file, d);
	if ((n = need_child(root, "options", file, d)) != NULL)
		load_options(rs, nd, n, file, d);
	load_movement(nd, root, file, d);
	load_rest(nd, root, file, d);
	check_schedule(rs, nd, root, file, d);
	return d->errors > before ? -1 : 0;
}

void
nauta_data_free(struct nv_ruleset *rs)
{
	struct nauta_data	*nd = rs->priv;
	size_t			 i;

	if (nd == NULL)
		return;
	for (i = 0; i < rs->nnations && nd->nations != NULL; i++)
		free(nd->nations[i].limits);
	for (i = 0; i < nd->noptions; i++) {
		free(nd->options[i].id);
		free(nd->options[i].rule);
		free(nd->options[i].nations);
	}
	free(nd->options);
	free(nd->nations);
	free(nd->crews);
	free(nd->classes);
	free(nd);
	rs->priv = NULL;
}

int
nauta_option_index(const struct nauta_data *nd, const char *id)
{
	size_t	i;

	for (i = 0; id != NULL && i < nd->noptions; i++)
		if (strcmp(nd->options[i].id, id) == 0)
			return (int)i;
	return -1;
}
