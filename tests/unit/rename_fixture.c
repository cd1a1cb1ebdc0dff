/* rename_fixture.c: playing a turn twice, the second time under other
 * names, and comparing (see rename_fixture.h). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "buf.h"
#include "dice.h"
#include "diag.h"
#include "events.h"
#include "orders.h"
#include "rename_fixture.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "strutil.h"
#include "turn.h"
#include "xalloc.h"

/* ---- the generator --------------------------------------------------- */

uint64_t
rn_next(struct rn_rng *r)
{
	uint64_t	z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int
rn_below(struct rn_rng *r, int n)
{
	return n <= 1 ? 0 : (int)(rn_next(r) % (uint64_t)n);
}

int
rn_chance(struct rn_rng *r, int percent)
{
	return rn_below(r, 100) < percent;
}

void
rn_files_free(struct rn_file *f, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(f[i].name);
		free(f[i].text);
	}
}

size_t
rn_kind_count(const struct rn_stats *s, const char *kind)
{
	size_t	k;

	for (k = 0; k < s->nkinds; k++)
		if (strcmp(s->kinds[k], kind) == 0)
			return s->nkind[k];
	return 0;
}

/* ---- names ------------------------------------------------------------ */

/* Old ids and new, for ships and for sides; index k of from[] is the k-th
 * ship of the state (by id), its new id to[k]. */
struct names {
	char	**from, **to;
	size_t	  n;
	char	**sfrom, **sto;
	size_t	  ns;
};

/* A permutation of 0..n-1: reversed for seed 0, else shuffled. */
static size_t *
permutation(size_t n, uint64_t seed)
{
	struct rn_rng	 r = { seed };
	size_t		*p = xcalloc(n + 1, sizeof *p), i, j, t;

	for (i = 0; i < n; i++)
		p[i] = seed == 0 ? n - 1 - i : i;
	for (i = n; seed != 0 && i > 1; i--) {
		j = (size_t)rn_below(&r, (int)i);
		t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
	return p;
}

/* New ids sort in the permutation's order, so every id comparison the
 * engine makes may come out the other way. */
static void
make_names(const struct nv_state *st, uint64_t seed, struct names *nm)
{
	size_t	*p = permutation(st->nships, seed), *q, i;

	nm->n = st->nships;
	nm->from = xcalloc(nm->n + 1, sizeof *nm->from);
	nm->to = xcalloc(nm->n + 1, sizeof *nm->to);
	for (i = 0; i < nm->n; i++) {
		nm->from[i] = xstrdup(st->ships[i].id);
		nm->to[i] = xasprintf("r%04zu", p[i]);
	}
	q = permutation(st->nsides, seed == 0 ? 0 : seed + 1);
	nm->ns = st->nsides;
	nm->sfrom = xcalloc(nm->ns + 1, sizeof *nm->sfrom);
	nm->sto = xcalloc(nm->ns + 1, sizeof *nm->sto);
	for (i = 0; i < nm->ns; i++) {
		nm->sfrom[i] = xstrdup(st->sides[i].id);
		nm->sto[i] = xasprintf("side-%02zu", q[i]);
	}
	free(p);
	free(q);
}

static void
free_names(struct names *nm)
{
	size_t	i;

	for (i = 0; i < nm->n; i++) {
		free(nm->from[i]);
		free(nm->to[i]);
	}
	for (i = 0; i < nm->ns; i++) {
		free(nm->sfrom[i]);
		free(nm->sto[i]);
	}
	free(nm->from);
	free(nm->to);
	free(nm->sfrom);
	free(nm->sto);
}

const char *
rn_map_id(char *const *from, char *const *to, size_t n, const char *w)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (strcasecmp(from[i], w) == 0)
			return to[i];
	return w;
}

char *
rn_map_list(char *const *from, char *const *to, size_t n, const char *list)
{
	char		*copy = xstrdup(list != NULL ? list : "");
	char		*w[256];
	const char	*m[256];
	struct buf	 b = BUF_INIT;
	size_t		 k, nw = str_split_words(copy, w, 256);

	for (k = 0; k < nw && k < 256; k++)
		m[k] = rn_map_id(from, to, n, w[k]);
	if (nw > 0)
		qsort(m, nw < 256 ? nw : 256, sizeof *m, rn_cmp_str);
	for (k = 0; k < nw && k < 256; k++)
		buf_printf(&b, "%s%s", k > 0 ? " " : "", m[k]);
	free(copy);
	return buf_detach(&b);
}

static void
set_id(char *dst, size_t size, const char *id)
{
	size_t	len = strlen(id);

	assert_true(len < size);
	memcpy(dst, id, len + 1);
}

/* A standing order's words with every ship id renamed, in place (its
 * words keep their order). */
static void
rename_standing(char **text, const struct names *nm)
{
	struct buf	 b = BUF_INIT;
	char		*copy, *w[256];
	size_t		 k, nw;

	if (*text == NULL)
		return;
	copy = xstrdup(*text);
	nw = str_split_words(copy, w, 256);
	for (k = 0; k < nw && k < 256; k++)
		buf_printf(&b, "%s%s", k > 0 ? " " : "",
		    rn_map_id(nm->from, nm->to, nm->n, w[k]));
	free(copy);
	free(*text);
	*text = buf_detach(&b);
}

/* The NV_ATTR_IDS values of an attribute table, renamed. */
static void
map_ids(const struct nv_attr_def *defs, size_t ndefs, struct nv_attrval *v,
    const struct names *nm)
{
	char	*m;
	size_t	 a;

	for (a = 0; v != NULL && a < ndefs; a++) {
		if (defs[a].kind != NV_ATTR_IDS)
			continue;
		m = rn_map_list(nm->from, nm->to, nm->n, v[a].s);
		free(v[a].s);
		v[a].s = m;
	}
}

/* Renames in place: st's order (and so every index) is kept, which the
 * orders formatter relies on (rename_orders). */
static void
rename_state(struct nv_state *st, const struct names *nm)
{
	const struct nv_ruleset	*rs = st->rs;
	struct nv_ship		*s;
	char			*v;
	size_t			 i, a;

	for (i = 0; i < st->nships; i++) {
		s = &st->ships[i];
		for (a = 0; a < rs->ops->nship_attrs; a++) {
			if (rs->ops->ship_attrs[a].kind != NV_ATTR_IDS)
				continue;
			v = rn_map_list(nm->from, nm->to, nm->n, s->attr[a].s);
			free(s->attr[a].s);
			s->attr[a].s = v;
		}
		set_id(s->id, sizeof s->id, nm->to[i]);
		rename_standing(&s->standing, nm);
		if (s->name != NULL) {
			free(s->name);
			s->name = xasprintf("Ship %s", nm->to[i]);
		}
	}
	for (i = 0; i < st->nwrecks; i++)
		set_id(st->wrecks[i].ship, sizeof st->wrecks[i].ship,
		    rn_map_id(nm->from, nm->to, nm->n, st->wrecks[i].ship));
	for (i = 0; i < st->nsquadrons; i++)
		rename_standing(&st->squadrons[i].standing, nm);
	/* Ship ids in the sides' and the game's attributes (an Admiral's
	 * ship): the id lists of their tables too. */
	for (i = 0; i < st->nsides; i++)
		map_ids(rs->ops->side_attrs, rs->ops->nside_attrs,
		    st->sides[i].attr, nm);
	map_ids(rs->ops->game_attrs, rs->ops->ngame_attrs, st->attr, nm);
	for (i = 0; i < st->nsides; i++) {
		set_id(st->sides[i].id, sizeof st->sides[i].id, nm->sto[i]);
		if (st->sides[i].name != NULL) {
			free(st->sides[i].name);
			st->sides[i].name = xasprintf("Side %s", nm->sto[i]);
		}
	}
}

/* ---- shuffling lines -------------------------------------------------- */

struct lines {
	char	**v;
	size_t	  n;
};

static void
split_lines(const char *text, struct lines *l)
{
	const char	*p = text, *nl;

	l->v = NULL;
	l->n = 0;
	while (*p != '\0') {
		nl = strchr(p, '\n');
		l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
		l->v[l->n++] = nl != NULL ? xasprintf("%.*s", (int)(nl - p),
		    p) : xstrdup(p);
		p = nl != NULL ? nl + 1 : p + strlen(p);
	}
}

static char *
join_lines(struct lines *l)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	for (i = 0; i < l->n; i++) {
		buf_printf(&b, "%s\n", l->v[i]);
		free(l->v[i]);
	}
	free(l->v);
	return buf_detach(&b);
}

/* Shuffles, among themselves, the lines that start with prefix. */
static void
shuffle_lines(struct lines *l, const char *prefix, struct rn_rng *r)
{
	size_t	*at = xcalloc(l->n + 1, sizeof *at), n = 0, i, j;
	char	*t;

	for (i = 0; i < l->n; i++)
		if (strncmp(l->v[i], prefix, strlen(prefix)) == 0)
			at[n++] = i;
	for (i = n; i > 1; i--) {
		j = (size_t)rn_below(r, (int)i);
		t = l->v[at[i - 1]];
		l->v[at[i - 1]] = l->v[at[j]];
		l->v[at[j]] = t;
	}
	free(at);
}

/* The renamed state as a file with its ships and wrecks shuffled, loaded
 * back as the engine will see it. */
static struct nv_state *
renamed_state(struct rn_world *w, const struct nv_state *ren,
    struct rn_rng *r)
{
	struct buf	 b = BUF_INIT;
	struct lines	 l;
	struct nv_state	*st;
	char		*xml, *why;

	state_xml_save(ren, &b);
	split_lines(buf_str(&b), &l);
	buf_free(&b);
	shuffle_lines(&l, "  <ship ", r);
	shuffle_lines(&l, "  <wreck ", r);
	xml = join_lines(&l);
	if ((st = rn_load(w, "renamed.xml", xml, &why)) == NULL)
		fail_msg("the renamed state does not load: %s\n%s", why, xml);
	free(xml);
	return st;
}

/* ---- orders ----------------------------------------------------------- */

/* The orders of files for st: parsed and validated, or NULL with the
 * number of errors in *errors. */
static struct nv_orders *
parse_orders(const struct nv_state *st, const struct rn_file *files,
    size_t nfiles, size_t *errors, struct diag *d)
{
	struct nv_orders	*o = orders_new(st);
	size_t			 i;

	/* Played as navarch plays them: standing orders taken. */
	o->use_standing = 1;
	for (i = 0; i < nfiles; i++)
		(void)orders_parse(o, files[i].name, files[i].text,
		    strlen(files[i].text), d);
	(void)orders_validate(o, d);
	*errors = d->errors;
	if (d->errors == 0)
		return o;
	orders_free(o);
	return NULL;
}

/* Orders that were refused stay as written, each word that is a ship id
 * (or a side id after SIDE) renamed: both namings must refuse them. */
static char *
rename_words(const char *text, const struct names *nm)
{
	struct buf	 b = BUF_INIT;
	struct lines	 l;
	char		*w[256];
	size_t		 i, k, nw;
	int		 side;

	split_lines(text, &l);
	for (i = 0; i < l.n; i++) {
		nw = str_split_words(l.v[i], w, 256);
		for (k = 0; k < nw && k < 256; k++) {
			side = k > 0 && strcasecmp(w[k - 1], "SIDE") == 0;
			buf_printf(&b, "%s%s", k > 0 ? " " : "", side ?
			    rn_map_id(nm->sfrom, nm->sto, nm->ns, w[k]) :
			    rn_map_id(nm->from, nm->to, nm->n, w[k]));
		}
		buf_addc(&b, '\n');
		free(l.v[i]);
	}
	free(l.v);
	return buf_detach(&b);
}

/* The lines of text with every ship id after a word STANDING renamed:
 * the words of a standing order are kept as given, so the formatter
 * writes them with the old names (ren is st renamed, same indices).
 * Owned by the caller. */
static char *
standing_renamed(const char *text, const struct nv_state *st,
    const struct nv_state *ren)
{
	struct buf	 b = BUF_INIT;
	struct lines	 l;
	char		*w[256];
	size_t		 i, k, nw;
	int		 after, s;

	split_lines(text, &l);
	for (i = 0; i < l.n; i++) {
		nw = str_split_words(l.v[i], w, 256);
		for (k = 0, after = 0; k < nw && k < 256; k++) {
			s = after ? state_ship_index(st, w[k]) : -1;
			buf_printf(&b, "%s%s", k > 0 ? " " : "", s >= 0 ?
			    ren->ships[s].id : w[k]);
			after |= strcmp(w[k], "STANDING") == 0;
		}
		buf_addc(&b, '\n');
		free(l.v[i]);
	}
	free(l.v);
	return buf_detach(&b);
}

/* The orders as understood (orders_format), written with the new names:
 * one file per side, the sides' files in reverse order, the ships' lines
 * shuffled (a ship's own lines keep their order: a later order replaces an
 * earlier one, and FIRE lines are read in order), then the side's own
 * lines (orders_format_side: side lines, its squadrons' standing orders).
 * ren is st renamed in place (same indices). */
static size_t
rename_orders(struct nv_orders *o, const struct nv_state *ren,
    struct rn_rng *r, struct rn_file *out)
{
	const struct nv_state	*st = o->st;
	struct buf		 b = BUF_INIT;
	struct lines		 l;
	size_t			*ord = xcalloc(ren->nships + 1, sizeof *ord);
	char			*w[4], *copy, **own;
	size_t			 i, k, j, t, side, n = 0;

	own = xcalloc(ren->nsides + 1, sizeof *own);
	o->st = ren;
	orders_format(o, &b);
	for (side = 0; side < ren->nsides; side++) {
		struct buf	s = BUF_INIT;

		orders_format_side(o, (int)side, &s);
		own[side] = standing_renamed(buf_str(&s), st, ren);
		buf_free(&s);
	}
	o->st = st;
	copy = standing_renamed(buf_str(&b), st, ren);
	buf_free(&b);
	split_lines(copy, &l);
	free(copy);
	for (i = 0; i < ren->nships; i++)
		ord[i] = i;
	for (i = ren->nships; i > 1; i--) {
		j = (size_t)rn_below(r, (int)i);
		t = ord[i - 1];
		ord[i - 1] = ord[j];
		ord[j] = t;
	}
	for (side = ren->nsides; side-- > 0;) {
		buf_printf(&b, "SIDE %s\n", ren->sides[side].id);
		for (k = 0; k < ren->nships; k++) {
			if ((size_t)ren->ships[ord[k]].side != side)
				continue;
			for (i = 0; i < l.n; i++) {
				copy = xstrdup(l.v[i]);
				if (str_split_words(copy, w, 4) >= 2 &&
				    strcmp(w[1], ren->ships[ord[k]].id) == 0)
					buf_printf(&b, "%s\n", l.v[i]);
				free(copy);
			}
		}
		buf_adds(&b, own[side]);
		free(own[side]);
		out[n].name = xasprintf("renamed-%s.txt", ren->sides[side].id);
		out[n++].text = buf_detach(&b);
	}
	for (i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	free(own);
	free(ord);
	return n;
}

/* Drops the lines of files that diag d has errors for; 1 if any. */
static int
drop_refused(struct rn_file *files, size_t nfiles, const struct diag *d)
{
	struct lines	 l;
	size_t		 f, i, k;
	int		 any = 0, bad;

	for (f = 0; f < nfiles; f++) {
		split_lines(files[f].text, &l);
		for (i = 0; i < l.n; i++) {
			for (bad = 0, k = 0; k < d->n; k++)
				bad |= d->v[k].level == DIAG_ERROR &&
				    d->v[k].file != NULL && d->v[k].line ==
				    i + 1 && strcmp(d->v[k].file,
				    files[f].name) == 0;
			if (bad && strncmp(l.v[i], "SIDE ", 5) != 0) {
				l.v[i][0] = '\0';
				any = 1;
			}
		}
		free(files[f].text);
		files[f].text = join_lines(&l);
	}
	return any;
}

void
rn_legal_orders(const struct nv_state *st, struct rn_file *files,
    size_t nfiles)
{
	struct diag		 d = DIAG_INIT;
	struct nv_orders	*o;
	size_t			 errors, f;
	int			 tries;

	for (tries = 0; tries < 20; tries++) {
		o = parse_orders(st, files, nfiles, &errors, &d);
		orders_free(o);
		if (errors == 0 || !drop_refused(files, nfiles, &d))
			break;
		diag_clear(&d);
	}
	if (errors != 0)	/* errors without a line: no orders at all */
		for (f = 0; f < nfiles; f++) {
			free(files[f].text);
			files[f].text = xstrdup("");
		}
	diag_free(&d);
}


/* ---- the check -------------------------------------------------------- */

static void
count_kinds(struct rn_stats *s, const struct nv_events *ev)
{
	size_t	i, k;

	for (i = 0; i < ev->n; i++) {
		for (k = 0; k < s->nkinds; k++)
			if (strcmp(s->kinds[k], ev->v[i].kind) == 0)
				break;
		if (k == s->nkinds && k < 64)
			s->kinds[s->nkinds++] = ev->v[i].kind;
		if (k < 64)
			s->nkind[k]++;
	}
}

/* The first kind of event written a different number of times, or NULL. */
static const char *
kinds_differ(const struct nv_events *a, const struct nv_events *b)
{
	struct rn_stats	*x = xcalloc(1, sizeof *x), *y = xcalloc(1, sizeof *y);
	const char	*bad = NULL;
	size_t		 k;

	count_kinds(x, a);
	count_kinds(y, b);
	for (k = 0; k < x->nkinds && bad == NULL; k++)
		if (rn_kind_count(y, x->kinds[k]) != x->nkind[k])
			bad = x->kinds[k];
	if (bad == NULL && x->nkinds != y->nkinds)
		bad = "(a kind only the renamed turn has)";
	free(x);
	free(y);
	return bad;
}

/* The first run's rolls, their ships renamed: the renamed run's dice. */
static struct nv_dice *
renamed_dice(struct nv_dice *dice, const struct names *nm, size_t *n)
{
	const struct nv_roll	*r = dice_rolls(dice, n);
	struct nv_roll		*v = xcalloc(*n + 1, sizeof *v);
	struct nv_dice		*d;
	size_t			 i;
	const char		*m;


	for (i = 0; i < *n; i++) {
		v[i] = r[i];
		/* A roll is a ship's, or a side's (an initiative die). */
		m = rn_map_id(nm->from, nm->to, nm->n, r[i].ship);
		if (m == r[i].ship)
			m = rn_map_id(nm->sfrom, nm->sto, nm->ns, r[i].ship);
		v[i].ship = xstrdup(m);
	}
	d = dice_replay(v, *n);
	for (i = 0; i < *n; i++)
		free(v[i].ship);
	free(v);
	return d;
}

static void
print_events(const char *title, const struct nv_events *ev)
{
	size_t	i;

	print_message("---- %s\n", title);
	for (i = 0; i < ev->n; i++)
		print_message("  %s\n", ev->v[i].text);
}

/* The first run, for the renamed one to compare with. */
struct first {
	const struct nv_state	*st;
	const struct rn_file	*files;
	size_t			 nfiles;
	struct nv_orders	*o;	/* NULL: refused */
	size_t			 errors;
	struct nv_dice		*dice;
	int			 rc;
	struct nv_state		*out;
	struct nv_events	 ev;
	const char		*what;
};

/* Notes a difference: the first one in full (both event logs), each one
 * as a line of stats->failures, for the caller to fail the test with
 * once it has seen every turn. */
static void
failed(const struct first *f, uint64_t seed, const char *why,
    const struct nv_events *ev2, struct rn_stats *stats)
{
	if (stats->nfailed++ == 0) {
		print_events("the turn as given", &f->ev);
		if (ev2 != NULL)
			print_events("the turn renamed", ev2);
	}
	buf_printf(&stats->failures, "%s, renamed (permutation %llu): %s\n",
	    f->what, (unsigned long long)seed, why);
}

/* The turn played again renamed (permutation seed), compared with the
 * first run; 0, or -1 after failed(). */
static int
replay(const struct first *f, struct nv_state *st2, const struct names *nm,
    struct rn_file *rf, size_t nf, uint64_t seed, struct rn_stats *stats)
{
	struct nv_orders	*o2;
	struct nv_events	 ev2 = NV_EVENTS_INIT;
	struct nv_state		*out2 = NULL;
	struct nv_dice		*d2;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	char			*cause = NULL, *diff = NULL;
	const char		*kind;
	size_t			 k, n, n2, errors;
	int			 rc;

	d2 = renamed_dice(f->dice, nm, &n);
	o2 = parse_orders(st2, rf, nf, &errors, &d);
	rc = o2 == NULL ? 1 : turn_play(st2, o2, d2, &out2, &ev2, &cause) ==
	    0 ? 0 : -1;
	(void)dice_rolls(d2, &n2);
	if ((o2 == NULL) != (f->o == NULL) || errors != f->errors) {
		diag_format(&d, &b);
		for (k = 0; k < nf; k++)
			buf_printf(&b, "%s:\n%s", rf[k].name, rf[k].text);
		buf_printf(&b, "(%zu errors as given)", f->errors);
	} else if (rc != f->rc)
		buf_printf(&b, "the turn %s as given, %s renamed (%s)",
		    f->rc == 0 ? "was played" : "failed", rc == 0 ?
		    "was played" : "failed", cause != NULL ? cause : "");
	else if (rc == 0 && (diff = rn_compare(f->out, out2, nm->from,
	    nm->to, nm->n)) != NULL)
		buf_adds(&b, diff);
	else if (rc == 0 && (kind = kinds_differ(&f->ev, &ev2)) != NULL)
		buf_printf(&b, "events of kind %s differ in number", kind);
	else if (rc == 0 && n2 != n)
		buf_printf(&b, "%zu rolls as given, %zu renamed", n, n2);
	if (b.len > 0)
		failed(f, seed, buf_str(&b), &ev2, stats);
	rc = b.len > 0 ? -1 : 0;
	free(diff);
	free(cause);
	buf_free(&b);
	diag_free(&d);
	events_free(&ev2);
	state_free(out2);
	orders_free(o2);
	dice_free(d2);
	return rc;
}

static void
again(struct rn_world *w, const struct first *f, uint64_t seed,
    struct rn_stats *stats)
{
	struct rn_rng		 r = { seed ^ 0x5bd1e995ULL };
	struct names		 nm;
	struct nv_state		*ren, *st2;
	struct rn_file		*rf = xcalloc(f->nfiles + f->st->nsides + 1,
				    sizeof *rf);
	size_t			 nf = 0;

	make_names(f->st, seed, &nm);
	ren = state_clone(f->st);
	rename_state(ren, &nm);
	st2 = renamed_state(w, ren, &r);
	if (f->o != NULL)
		nf = rename_orders(f->o, ren, &r, rf);
	else
		for (; nf < f->nfiles; nf++) {
			rf[nf].name = xasprintf("renamed-%zu.txt", nf);
			rf[nf].text = rename_words(f->files[nf].text, &nm);
		}
	(void)replay(f, st2, &nm, rf, nf, seed, stats);
	rn_files_free(rf, nf);
	free(rf);
	state_free(st2);
	state_free(ren);
	free_names(&nm);
}

/* Events carry what their readers need as data (events.h): every ship id
 * a sentence names is the event's ship, its other or one of its also[],
 * for fog of war decides on those alone.  Each sentence naming a ship
 * the event does not carry is a failure of the turn what. */
static int
carries(const struct nv_event *e, const char *id)
{
	size_t	k;

	if (strcmp(e->ship, id) == 0 || strcmp(e->other, id) == 0)
		return 1;
	for (k = 0; k < e->nalso; k++)
		if (strcmp(e->also[k], id) == 0)
			return 1;
	return 0;
}

static int
is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static void
check_carried(const struct nv_state *st, const struct nv_events *ev,
    const char *what, struct rn_stats *stats)
{
	const struct nv_event	*e;
	const char		*p;
	char			*word;
	size_t			 i, n;

	for (i = 0; i < ev->n; i++) {
		e = &ev->v[i];
		for (p = e->text; *p != '\0'; p += n) {
			for (n = 0; is_word_char(p[n]); n++)
				;
			if (n == 0) {
				n = 1;
				continue;
			}
			word = xstrndup(p, n);
			if (state_ship_index(st, word) >= 0 &&
			    strcmp(st->ships[state_ship_index(st,
			    word)].id, word) == 0 && !carries(e, word)) {
				stats->nfailed++;
				buf_printf(&stats->failures, "%s: event %zu "
				    "names %s but does not carry it: %s\n",
				    what, i + 1, word, e->text);
			}
			free(word);
		}
	}
}

struct nv_state *
rn_check_turn(struct rn_world *w, const struct nv_state *st,
    const struct rn_file *files, size_t nfiles, struct nv_dice *dice,
    const uint64_t *perms, size_t nperms, const char *what,
    struct rn_stats *stats)
{
	struct first	 f;
	struct diag	 d = DIAG_INIT;
	char		*cause = NULL;
	size_t		 p, n;

	memset(&f, 0, sizeof f);
	f.st = st;
	f.files = files;
	f.nfiles = nfiles;
	f.dice = dice;
	f.what = what;
	f.o = parse_orders(st, files, nfiles, &f.errors, &d);
	diag_free(&d);
	f.rc = f.o == NULL ? 1 : turn_play(st, f.o, dice, &f.out, &f.ev,
	    &cause) == 0 ? 0 : -1;
	free(cause);
	if (f.rc == 0) {
		stats->turns++;
		stats->rolls += dice_rolls(dice, &n) != NULL ? n : 0;
		count_kinds(stats, &f.ev);
		check_carried(st, &f.ev, what, stats);
	} else if (f.rc == 1)
		stats->illegal++;
	for (p = 0; p < nperms; p++)
		again(w, &f, perms[p], stats);
	events_free(&f.ev);
	orders_free(f.o);
	return f.out;
}

void
rn_orders_by_side(const struct nv_state *st, struct rn_rng *r,
    struct rn_file *files, size_t *nfiles,
    void (*ship)(const struct nv_state *, int, struct rn_rng *, struct buf *),
    void (*sidef)(const struct nv_state *, size_t, struct rn_rng *,
    struct buf *))
{
	struct buf	b = BUF_INIT;
	struct rn_rng	q = { (uint64_t)st->turn * 7919 + st->nships + 1 };
	size_t		side, i;

	*nfiles = 0;
	for (side = 0; side < st->nsides; side++) {
		buf_printf(&b, "SIDE %s\n", st->sides[side].id);
		for (i = 0; i < st->nships; i++)
			if (ship_on_map(&st->ships[i]) &&
			    (size_t)st->ships[i].side == side)
				ship(st, (int)i, r, &b);
		if (sidef != NULL)
			sidef(st, side, &q, &b);
		files[*nfiles].name = xasprintf("orders-%s.txt",
		    st->sides[side].id);
		files[(*nfiles)++].text = buf_detach(&b);
	}
}

int
rn_enemy_near(const struct nv_state *st, int i, int range, int afloat_only,
    struct rn_rng *r)
{
	const struct nv_ship	*s;
	int			 cand[64], n = 0;
	size_t			 k;

	for (k = 0; k < st->nships && n < 64; k++) {
		s = &st->ships[k];
		if ((afloat_only ? s->status == NV_STATUS_AFLOAT :
		    ship_on_map(s)) && s->side != st->ships[i].side &&
		    hex_distance(s->hex, st->ships[i].hex) <= range)
			cand[n++] = (int)k;
	}
	return n > 0 ? cand[rn_below(r, n)] : -1;
}
