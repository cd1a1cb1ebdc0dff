/* orders-subject.c: the order subjects beyond "SHIP id" (orders.h,
 * docs/orders.md, "Squadrons", "Standing orders", "Side lines").
 *
 * A SQUADRON line is checked when it is read (the squadron is the side's,
 * some of its ships are the file's to order, its words read as an order
 * for the first of them) and kept; orders_validate copies it for every
 * ship of the squadron that has no SHIP line of its own in any file, each
 * copy read by the ruleset's verb for that ship alone, with the text
 * "SQUADRON s ... (for id)" so that an error names the line and the
 * ship.  A STANDING order is checked the same way when given and kept as
 * its words; when the orders are played (use_standing), every ship still
 * without an order takes its own standing order, else its squadron's
 * (those these orders give replace the state's), each copy validated
 * alone first: an illegal one yields to the default order, with a
 * warning.  Side lines go to the ruleset's side verbs. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "diag.h"
#include "orders-int.h"
#include "orders-lex.h"
#include "orders.h"
#include "ruleset.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

/* Words of a standing order or a squadron line at most. */
#define SUBJECT_MAX_WORDS 200

struct orders_more *
osub_new(const struct nv_state *st)
{
	struct orders_more	*m = xcalloc(1, sizeof *m);

	m->named = xcalloc(st->nships + 1, 1);
	m->ship_standing = xcalloc(st->nships + 1, sizeof *m->ship_standing);
	m->sq_standing = xcalloc(st->nsquadrons + 1,
	    sizeof *m->sq_standing);
	return m;
}

static void
standing_free(struct ostanding *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].file);
	}
	free(v);
}

void
osub_free(const struct nv_state *st, struct orders_more *m)
{
	size_t	i, k;

	if (m == NULL)
		return;
	for (i = 0; i < m->nsq; i++) {
		free(m->sq[i].file);
		free(m->sq[i].text);
		for (k = 0; k < m->sq[i].argc; k++)
			free(m->sq[i].argv[k]);
		free(m->sq[i].argv);
		free(m->sq[i].ships);
	}
	free(m->sq);
	standing_free(m->ship_standing, st->nships);
	standing_free(m->sq_standing, st->nsquadrons);
	orders_free(m->scratch);
	free(m->members);
	free(m->member_at);
	odep_free(st, m);
	free(m->named);
	free(m);
}

/* The ships of squadron q, in id order: *n of them. */
static const int *
members(struct nv_orders *o, int q, size_t *n)
{
	const struct nv_state	*st = o->st;
	struct orders_more	*m = o->more;
	size_t			 i, *at;
	int			 k;

	if (m->member_at == NULL) {
		m->member_at = xcalloc(st->nsquadrons + 2, sizeof *at);
		m->members = xcalloc(st->nships + 1, sizeof *m->members);
		for (i = 0; i < st->nships; i++)
			if ((k = state_ship_squadron(st, &st->ships[i])) >= 0)
				m->member_at[k + 2]++;
		for (i = 2; i < st->nsquadrons + 2; i++)
			m->member_at[i] += m->member_at[i - 1];
		/* member_at[k + 1] is squadron k's cursor while filling;
		 * afterwards it is where squadron k + 1 starts. */
		for (i = 0; i < st->nships; i++)
			if ((k = state_ship_squadron(st, &st->ships[i])) >= 0)
				m->members[m->member_at[k + 1]++] = (int)i;
	}
	*n = m->member_at[q + 1] - m->member_at[q];
	return m->members + m->member_at[q];
}

/* "left, right" (or "none"): the squadrons of side (-1: every side). */
static void
squadron_list(const struct nv_state *st, int side, struct buf *b)
{
	size_t	i, n = 0;

	for (i = 0; i < st->nsquadrons; i++)
		if (side < 0 || st->squadrons[i].side == side)
			buf_printf(b, "%s%s", n++ > 0 ? ", " : "",
			    st->squadrons[i].id);
	if (n == 0)
		buf_adds(b, "none");
}

/* A second store, for reading the words of a line for one ship without
 * ordering it. */
static struct nv_orders *
scratch(struct nv_orders *o)
{
	if (o->more->scratch == NULL)
		o->more->scratch = orders_new(o->st);
	return o->more->scratch;
}

/* The words as the state keeps a standing order: a ship's id as the
 * state writes it, any other word in upper case (the language ignores
 * case), one space between them.  Owned by the caller. */
static char *
normalise(const struct nv_state *st, char **argv, size_t argc)
{
	struct buf	 b = BUF_INIT;
	const char	*p;
	size_t		 i;
	int		 k;

	for (i = 0; i < argc; i++) {
		if (i > 0)
			buf_addc(&b, ' ');
		if ((k = state_ship_index(st, argv[i])) >= 0) {
			buf_adds(&b, st->ships[k].id);
			continue;
		}
		for (p = argv[i]; *p != '\0'; p++)
			buf_addc(&b, (char)toupper((unsigned char)*p));
	}
	return buf_detach(&b);
}

static int	standing_set(struct oparse *, unsigned, const char *,
		    struct ostanding *, int, int, char **, size_t);

/* Records a standing order: the words after STANDING ("NONE" takes it
 * back) of ship (subject SHIP) or of squadron q (checked on its ship
 * `ship`, as "text (for id)").  0, or -1 (reported). */
static int
standing_given(struct oparse *op, unsigned no, const char *text,
    struct ostanding *slot, int ship, int q, char **argv, size_t argc)
{
	char			*copy;
	int			 rc;

	if (q < 0 || argc == 0 || orders_keyword(argv[0]) == OKW_NONE)
		return standing_set(op, no, text, slot, ship, q, argv, argc);
	if (orders_verb_check(op->o, argv[0], op->h->file, no, text, &op->d,
	    NV_SUBJECT_SQUADRON, 1) == NULL)
		return -1;
	copy = xasprintf("%s (for %s)", text, op->o->st->ships[ship].id);
	rc = standing_set(op, no, copy, slot, ship, q, argv, argc);
	free(copy);
	return rc;
}

static int
standing_set(struct oparse *op, unsigned no, const char *text,
    struct ostanding *slot, int ship, int q, char **argv, size_t argc)
{
	const struct nv_state	*st = op->o->st;
	enum nv_subject		 subject = q >= 0 ? NV_SUBJECT_SQUADRON :
				    NV_SUBJECT_SHIP;
	int			 none = argc > 0 &&
				    orders_keyword(argv[0]) == OKW_NONE;

	if (argc == 0 || (none && argc > 1)) {
		diag_error(&op->d, op->h->file, no, "%s: %s; legal: STANDING "
		    "followed by an order, or STANDING NONE to take the "
		    "standing order back", text, argc == 0 ? "no order after "
		    "STANDING" : "NONE takes nothing more");
		return -1;
	}
	if (!none && orders_verb(scratch(op->o), ship, argv, argc,
	    op->h->file, no, text, &op->d, subject, 1, q) != 0)
		return -1;
	free(slot->text);
	free(slot->file);
	slot->given = 1;
	slot->text = none ? NULL : normalise(st, argv, argc);
	slot->file = xstrdup(op->h->file);
	slot->line = no;
	return 0;
}

void
osub_ship_standing(struct oparse *op, unsigned no, const char *text,
    int ship, char **argv, size_t argc)
{
	struct orders_more	*m = op->o->more;

	m->named[ship] |= ON_STANDING;
	(void)standing_given(op, no, text, &m->ship_standing[ship], ship, -1,
	    argv, argc);
}

/* The squadron of a SQUADRON line, if the file may use it: its index,
 * or -1 (reported). */
static int
squadron_of(struct oparse *op, unsigned no, const char *text,
    const char *id)
{
	const struct nv_state	*st = op->o->st;
	struct buf		 b = BUF_INIT;
	int			 side, player, q;

	side = oparse_side(op, no, text, &player);
	if (side < 0 && !player)
		return -1;
	q = state_squadron_index(st, id);
	if (q >= 0 && (side < 0 || st->squadrons[q].side == side))
		return q;
	squadron_list(st, side, &b);
	if (q < 0)
		diag_error(&op->d, op->h->file, no, "%s: there is no squadron "
		    "%s; %s: %s", text, id, side >= 0 ? "your squadrons" :
		    "squadrons", buf_str(&b));
	else
		diag_error(&op->d, op->h->file, no, "%s: %s is a squadron of "
		    "%s, not %s; your squadrons: %s", text, st->squadrons[q].id,
		    st->sides[st->squadrons[q].side].id, st->sides[side].id,
		    buf_str(&b));
	buf_free(&b);
	return -1;
}

/* The ships squadron q's line orders: those of the squadron that sail
 * for its side (not a captured one), are on the map and are the file's to
 * order.  Owned by the caller; NULL (reported) if there is none. */
static int *
line_ships(struct oparse *op, unsigned no, const char *text, int q,
    size_t *n)
{
	const struct nv_state	*st = op->o->st;
	const int		*all;
	size_t			 nall, i, afloat = 0;
	int			*v, k;

	all = members(op->o, q, &nall);
	v = xcalloc(nall + 1, sizeof *v);
	*n = 0;
	for (i = 0; i < nall; i++) {
		k = all[i];
		if (st->ships[k].side != st->squadrons[q].side ||
		    !ship_on_map(&st->ships[k]))
			continue;
		afloat++;
		if (op->o->may_order == NULL || op->o->may_order[k])
			v[(*n)++] = k;
	}
	if (*n > 0)
		return v;
	free(v);
	diag_error(&op->d, op->h->file, no, "%s: %s", text, afloat > 0 ?
	    "none of the squadron's ships is yours to order" : nall > 0 ?
	    "none of the squadron's ships is on the map to take orders" :
	    "the squadron has no ships");
	return NULL;
}

/* Keeps a SQUADRON line (argv: the words after the squadron) for
 * validation to copy. */
static void
keep_line(struct oparse *op, unsigned no, const char *text, int q,
    int *ships, size_t nships, char **argv, size_t argc)
{
	struct orders_more	*m = op->o->more;
	struct osq_line		*l;
	size_t			 i;

	if (m->nsq == m->capsq) {
		m->capsq = m->capsq == 0 ? 16 : m->capsq * 2;
		m->sq = xreallocarray(m->sq, m->capsq, sizeof *m->sq);
	}
	l = &m->sq[m->nsq++];
	l->file = xstrdup(op->h->file);
	l->line = no;
	l->text = xstrdup(text);
	l->argv = xcalloc(argc + 1, sizeof *l->argv);
	for (i = 0; i < argc; i++)
		l->argv[i] = xstrdup(argv[i]);
	l->argc = argc;
	l->squadron = q;
	l->ships = ships;
	l->nships = nships;
}

void
osub_squadron_line(struct oparse *op, unsigned no, const char *text,
    char **argv, size_t argc)
{
	struct nv_orders	*o = op->o;
	int			*ships, q;
	size_t			 n;
	char			*copy;

	op->h->ship_lines++;
	if (argc < 3) {
		diag_error(&op->d, op->h->file, no, "%s: %s; legal: SQUADRON "
		    "s followed by an order for its ships, or by STANDING and "
		    "one", text, argc < 2 ? "no squadron id" : "no order for "
		    "the squadron");
		return;
	}
	if ((q = squadron_of(op, no, text, argv[1])) < 0 ||
	    (ships = line_ships(op, no, text, q, &n)) == NULL)
		return;
	if (orders_keyword(argv[2]) == OKW_STANDING) {
		(void)standing_given(op, no, text, &o->more->sq_standing[q],
		    ships[0], q, argv + 3, argc - 3);
		free(ships);
		return;
	}
	if (o->st->turn == 0 || orders_keyword(argv[2]) == OKW_AT) {
		diag_error(&op->d, op->h->file, no, "%s: %s; legal: SHIP id AT "
		    "hex FACING f, one ship at a time", text, o->st->turn == 0 ?
		    "turn 0 is the deployment turn, in which ships are placed, "
		    "not moved" : "AT places one ship, in turn 0");
		free(ships);
		return;
	}
	/* The words read once, as for its first ship: a mistake in them is
	 * told once, not once per ship. */
	copy = xasprintf("%s (for %s)", text, o->st->ships[ships[0]].id);
	if (orders_verb_check(o, argv[2], op->h->file, no, text, &op->d,
	    NV_SUBJECT_SQUADRON, 0) != NULL && orders_verb(scratch(o),
	    ships[0], argv + 2, argc - 2, op->h->file, no, copy, &op->d,
	    NV_SUBJECT_SQUADRON, 0, q) == 0)
		keep_line(op, no, text, q, ships, n, argv + 2, argc - 2);
	else
		free(ships);
	free(copy);
}

int
osub_side_line(struct oparse *op, unsigned no, const char *text,
    char **argv, size_t argc)
{
	const struct nv_ruleset_ops	*ops = op->o->st->rs->ops;
	const struct nv_side_verb	*v = NULL;
	size_t				 i;
	int				 side, player;

	for (i = 0; i < ops->nside_verbs && v == NULL; i++)
		if (strcasecmp(argv[0], ops->side_verbs[i].name) == 0)
			v = &ops->side_verbs[i];
	if (v == NULL)
		return -1;
	op->h->ship_lines++;
	side = oparse_side(op, no, text, &player);
	if (side < 0 && player)
		diag_error(&op->d, op->h->file, no, "%s: a side's order needs "
		    "a SIDE line saying which side; legal: SIDE id", text);
	if (side >= 0)
		(void)v->parse(op->o, side, argv, argc, op->h->file, no, text,
		    &op->d);
	return 0;
}

/* Calls the verb of words (a copy: verbs may change their argv). */
static int
verb_words(struct nv_orders *o, int ship, char *const *words, size_t n,
    const char *file, unsigned line, const char *text, struct diag *d,
    enum nv_subject subject, int standing, int q)
{
	char	*argv[SUBJECT_MAX_WORDS];
	size_t	 i;
	int	 rc;

	if (n > SUBJECT_MAX_WORDS)
		n = SUBJECT_MAX_WORDS;
	for (i = 0; i < n; i++)
		argv[i] = xstrdup(words[i]);
	rc = orders_verb(o, ship, argv, n, file, line, text, d, subject,
	    standing, q);
	for (i = 0; i < n; i++)
		free(argv[i]);
	return rc;
}

/* Every SQUADRON line's copy for each of its ships without a SHIP line of
 * its own. */
static void
squadron_copies(struct nv_orders *o, struct diag *d)
{
	struct orders_more	*m = o->more;
	const struct osq_line	*l;
	size_t			 k, i;
	char			*text;
	int			 s;

	for (k = 0; k < m->nsq; k++) {
		l = &m->sq[k];
		for (i = 0; i < l->nships; i++) {
			s = l->ships[i];
			if (m->named[s] & ON_OWN)
				continue;
			m->named[s] |= ON_COPY;
			text = xasprintf("%s (for %s)", l->text,
			    o->st->ships[s].id);
			(void)verb_words(o, s, l->argv, l->argc, l->file,
			    l->line, text, d, NV_SUBJECT_SQUADRON, 0,
			    l->squadron);
			free(text);
		}
	}
}

/* Where messages say a standing order kept in the state comes from. */
#define STANDING_FILE	"standing orders"

/* One ship's standing order to take this turn. */
struct cand {
	int		 ship;
	int		 q;		/* the squadron's, or -1: its own */
	const char	*words;
	const char	*file;		/* where given, or STANDING_FILE */
	unsigned	 line;
	char		*text;		/* what messages quote; owned */
};

/* The standing order ship i takes, if any: its own, else its squadron's;
 * those given in these orders before the state's.  0 if none. */
static int
standing_of(const struct nv_orders *o, int i, struct cand *c)
{
	const struct nv_state	*st = o->st;
	const struct nv_ship	*s = &st->ships[i];
	const struct ostanding	*g = &o->more->ship_standing[i];
	int			 q = state_ship_squadron(st, s);

	memset(c, 0, sizeof *c);
	c->ship = i;
	c->q = -1;
	c->words = g->given ? g->text : s->standing;
	c->file = g->given ? g->file : STANDING_FILE;
	c->line = g->given ? g->line : 0;
	if (c->words == NULL && q >= 0 &&
	    st->squadrons[q].side == s->side) {
		g = &o->more->sq_standing[q];
		c->q = q;
		c->words = g->given ? g->text : st->squadrons[q].standing;
		c->file = g->given ? g->file : STANDING_FILE;
		c->line = g->given ? g->line : 0;
	}
	if (c->words == NULL)
		return 0;
	if (c->q >= 0)
		c->text = xasprintf("SQUADRON %s STANDING %s (for %s)",
		    st->squadrons[c->q].id, c->words, s->id);
	else
		c->text = xasprintf("SHIP %s STANDING %s", s->id, c->words);
	return 1;
}

/* Reads c's words into o as file:line. */
static int
cand_verb(struct nv_orders *o, const struct cand *c, const char *file,
    unsigned line, struct diag *d)
{
	char	*copy = xstrdup(c->words), *argv[SUBJECT_MAX_WORDS];
	size_t	 n = orders_lex_words(copy, argv, SUBJECT_MAX_WORDS);
	int	 rc;

	if (n > SUBJECT_MAX_WORDS)
		n = SUBJECT_MAX_WORDS;
	rc = n == 0 ? -1 : orders_verb(o, c->ship, argv, n, file, line,
	    c->text, d, c->q >= 0 ? NV_SUBJECT_SQUADRON : NV_SUBJECT_SHIP, 1,
	    c->q);
	free(copy);
	return rc;
}

/* Each candidate is read and validated alone, all in one set of orders
 * of their own, its line the ship's index + 1; *why gets, per ship, the
 * first error (owned) or NULL. */
static void
check_cands(struct nv_orders *o, const struct cand *c, size_t n,
    char **why)
{
	struct nv_orders	*t = orders_new(o->st);
	struct diag		 d = DIAG_INIT;
	size_t			 i, before;
	unsigned		 k;

	d.max = 4 * n + 16;
	for (i = 0; i < n; i++) {
		before = d.errors;
		if (cand_verb(t, &c[i], "standing", (unsigned)c[i].ship + 1,
		    &d) != 0 && d.errors == before)
			diag_error(&d, "standing", (unsigned)c[i].ship + 1,
			    "%s: no order", c[i].text);
	}
	(void)o->st->rs->ops->validate(t, &d);
	for (i = 0; i < d.n; i++) {
		k = d.v[i].line;
		if (d.v[i].level == DIAG_ERROR && k >= 1 &&
		    k <= o->st->nships && why[k - 1] == NULL)
			why[k - 1] = xstrdup(d.v[i].msg);
	}
	diag_free(&d);
	orders_free(t);
}

/* Every ship on the map without an order of these orders takes its
 * standing order, if it has one and it is legal now. */
static void
standing_copies(struct nv_orders *o, struct diag *d)
{
	const struct nv_state	*st = o->st;
	struct cand		*c = xcalloc(st->nships + 1, sizeof *c);
	char			**why = xcalloc(st->nships + 1, sizeof *why);
	size_t			 i, n = 0;

	for (i = 0; i < st->nships; i++)
		if (ship_on_map(&st->ships[i]) &&
		    !(o->more->named[i] & (ON_OWN | ON_COPY)) &&
		    standing_of(o, (int)i, &c[n]))
			n++;
	if (n > 0)
		check_cands(o, c, n, why);
	for (i = 0; i < n; i++) {
		if (why[c[i].ship] != NULL)
			diag_add(d, DIAG_WARNING, c[i].file, c[i].line, "%s "
			    "(a standing order that is not legal this turn: %s "
			    "takes its default order)", why[c[i].ship],
			    st->ships[c[i].ship].id);
		else if (cand_verb(o, &c[i], c[i].file, c[i].line, d) == 0)
			o->more->named[c[i].ship] |= ON_STANDS;
		free(c[i].text);
		free(why[c[i].ship]);
	}
	free(why);
	free(c);
}

/* The first ship of squadron q on the map that sails for its side, or
 * -1. */
static int
first_ship(struct nv_orders *o, int q)
{
	const struct nv_state	*st = o->st;
	const int		*ms;
	size_t			 k, n;

	ms = members(o, q, &n);
	for (k = 0; k < n; k++)
		if (ship_on_map(&st->ships[ms[k]]) &&
		    st->ships[ms[k]].side == st->squadrons[q].side)
			return ms[k];
	return -1;
}

/* The standing orders these orders give to ships (squadrons: 0) or to
 * squadrons (1, each for its first ship), as candidates in c. */
static size_t
given(struct nv_orders *o, int squadrons, struct cand *c)
{
	const struct nv_state	*st = o->st;
	const struct ostanding	*g;
	size_t			 i, n = 0, max;

	max = squadrons ? st->nsquadrons : st->nships;
	for (i = 0; i < max; i++) {
		g = squadrons ? &o->more->sq_standing[i] :
		    &o->more->ship_standing[i];
		if (!g->given || g->text == NULL)
			continue;
		c[n].ship = squadrons ? first_ship(o, (int)i) : (int)i;
		if (c[n].ship < 0)
			continue;
		c[n].q = squadrons ? (int)i : -1;
		c[n].words = g->text;
		c[n].file = g->file;
		c[n].line = g->line;
		c[n].text = squadrons ? xasprintf("SQUADRON %s STANDING %s "
		    "(for %s)", st->squadrons[i].id, g->text,
		    st->ships[c[n].ship].id) : xasprintf("SHIP %s STANDING %s",
		    st->ships[i].id, g->text);
		n++;
	}
	return n;
}

/* The standing orders these orders give, each checked for its ship (a
 * squadron's for its first ship on the map) as if it were taken this
 * turn: one that would not be legal is kept, with a warning, so that the
 * player hears of it now. */
static void
check_given(struct nv_orders *o, struct diag *d)
{
	const struct nv_state	*st = o->st;
	struct cand		*c = xcalloc(st->nships + st->nsquadrons + 1,
				    sizeof *c);
	char			**why = xcalloc(st->nships + 1, sizeof *why);
	size_t			 i, n;
	int			 pass;

	/* A ship's own and its squadron's apart: one ship, one order. */
	for (pass = 0; pass < 2; pass++) {
		if ((n = given(o, pass, c)) > 0)
			check_cands(o, c, n, why);
		for (i = 0; i < n; i++) {
			if (why[c[i].ship] != NULL)
				diag_add(d, DIAG_WARNING, c[i].file, c[i].line,
				    "%s (kept as a standing order, but not "
				    "legal this turn)", why[c[i].ship]);
			free(why[c[i].ship]);
			why[c[i].ship] = NULL;
			free(c[i].text);
		}
	}
	free(why);
	free(c);
}

void
osub_expand(struct nv_orders *o, struct diag *d)
{
	squadron_copies(o, d);
	if (o->use_standing && o->st->turn > 0)
		standing_copies(o, d);
	else
		check_given(o, d);
}

static void
format_standing(const char *what, const char *id,
    const struct ostanding *g, struct buf *b)
{
	if (g->given)
		buf_printf(b, "%s %s STANDING %s\n", what, id, g->text != NULL ?
		    g->text : "NONE");
}

/* The side lines of every side, under "# SIDE id" when more than one
 * side has some. */
static void
format_sides(const struct nv_orders *o, struct buf *b)
{
	const struct nv_state	*st = o->st;
	struct buf		*per = xcalloc(st->nsides + 1, sizeof *per);
	size_t			 i, n = 0;

	for (i = 0; i < st->nsides; i++) {
		st->rs->ops->format_side(o, (int)i, &per[i]);
		n += per[i].len > 0;
	}
	for (i = 0; i < st->nsides; i++) {
		if (per[i].len > 0 && n > 1)
			buf_printf(b, "# SIDE %s\n", st->sides[i].id);
		buf_adds(b, buf_str(&per[i]));
		buf_free(&per[i]);
	}
	free(per);
}

void
osub_format(const struct nv_orders *o, int side, struct buf *b)
{
	const struct nv_state	*st = o->st;
	const struct orders_more *m = o->more;
	size_t			 i;

	if (st->rs->ops->format_side != NULL && side >= 0)
		st->rs->ops->format_side(o, side, b);
	else if (st->rs->ops->format_side != NULL)
		format_sides(o, b);
	for (i = 0; i < st->nships && side < 0; i++)
		format_standing("SHIP", st->ships[i].id, &m->ship_standing[i],
		    b);
	for (i = 0; i < st->nsquadrons; i++)
		if (side < 0 || st->squadrons[i].side == side)
			format_standing("SQUADRON", st->squadrons[i].id,
			    &m->sq_standing[i], b);
}

void
orders_standing_apply(const struct nv_orders *o, struct nv_state *next)
{
	const struct orders_more *m = o->more;
	size_t			 i;

	/* Orders made by hand (a test's) have no common part. */
	if (m == NULL)
		return;
	for (i = 0; i < next->nships && i < o->st->nships; i++)
		if (m->ship_standing[i].given) {
			free(next->ships[i].standing);
			next->ships[i].standing = m->ship_standing[i].text ==
			    NULL ? NULL : xstrdup(m->ship_standing[i].text);
		}
	for (i = 0; i < next->nsquadrons && i < o->st->nsquadrons; i++)
		if (m->sq_standing[i].given) {
			free(next->squadrons[i].standing);
			next->squadrons[i].standing = m->sq_standing[i].text ==
			    NULL ? NULL : xstrdup(m->sq_standing[i].text);
		}
}
