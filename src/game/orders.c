/* orders.c: the order language's common part (see orders.h and
 * docs/orders.md).
 *
 * A file is read in three steps: the text is cut into lines and cleared of
 * mail clutter by the lexer (orders-lex.c); the lines that say whose
 * orders these are (SIDE, PLAYER) are read first, so that an order line
 * may come before them; then every other line is read in order.  Errors
 * go to a diag of the file's own, sorted by line at the end, so the player
 * reads them top to bottom.  Nothing here knows a ruleset's verbs: what
 * follows "SHIP id" goes to rs->ops->verbs.  SQUADRON lines, STANDING
 * orders and side lines are orders-subject.c's, turn 0's AT lines
 * orders-deploy.c's. */
#include "config.h"

#include <limits.h>
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

/* Words per line: far more than any order needs (a plot of NV_PLOT_MAX
 * steps written with spaces), few enough to bound the work. */
#define ORDERS_MAX_WORDS 200

/* A line that may hold an order: comments and spaces removed. */
struct oline {
	unsigned	 no;
	char		*text;		/* owned */
};

/* What error messages list, made when first needed: the ship lists by
 * slot (side + 1) * 2 + enemies, and each side's first ship (for an
 * example); -2 until looked for. */
struct orders_lists {
	char	**text;		/* (nsides + 1) * 2, each owned or NULL */
	int	 *first;	/* nsides */
};

struct nv_orders *
orders_new(const struct nv_state *st)
{
	struct nv_orders	*o = xcalloc(1, sizeof *o);
	size_t			 i;

	o->st = st;
	o->rs = st->rs->ops->orders_new(st);
	o->lists = xcalloc(1, sizeof *o->lists);
	o->lists->text = xcalloc((st->nsides + 1) * 2, sizeof(char *));
	o->lists->first = xcalloc(st->nsides + 1, sizeof(int));
	for (i = 0; i < st->nsides; i++)
		o->lists->first[i] = -2;
	o->squadron = -1;
	o->more = osub_new(st);
	return o;
}

void
orders_free(struct nv_orders *o)
{
	size_t	i;

	if (o == NULL)
		return;
	for (i = 0; i < o->nfiles; i++) {
		free(o->files[i].file);
		free(o->files[i].game);
		free(o->files[i].side);
		free(o->files[i].player);
		free(o->files[i].password);
	}
	free(o->files);
	for (i = 0; i < (o->st->nsides + 1) * 2; i++)
		free(o->lists->text[i]);
	free(o->lists->text);
	free(o->lists->first);
	free(o->lists);
	if (o->rs != NULL)
		o->st->rs->ops->orders_free(o->rs);
	osub_free(o->st, o->more);
	free(o);
}

const char *
orders_ship_list(const struct nv_orders *o, int side, int enemies)
{
	const struct nv_state	*st = o->st;
	char			**slot;
	struct buf		 b = BUF_INIT;
	size_t			 i, n = 0;

	slot = &o->lists->text[(size_t)(side + 1) * 2 + (enemies != 0)];
	if (*slot != NULL)
		return *slot;
	for (i = 0; i < st->nships; i++) {
		if (!ship_on_map(&st->ships[i]))
			continue;
		if (enemies ? st->ships[i].side == side :
		    st->ships[i].side != side)
			continue;
		if (n++ < ORDERS_LIST_MAX) {
			buf_adds(&b, n == 1 ? "" : ", ");
			buf_adds(&b, st->ships[i].id);
		}
	}
	if (n == 0)
		buf_adds(&b, "none");
	else if (n > ORDERS_LIST_MAX)
		buf_printf(&b, " and %zu more", n - ORDERS_LIST_MAX);
	*slot = buf_detach(&b);
	return *slot;
}

/* The first ship of side in id order, or -1. */
static int
first_of_side(const struct nv_orders *o, int side)
{
	const struct nv_state	*st = o->st;
	size_t			 i;

	if (o->lists->first[side] != -2)
		return o->lists->first[side];
	o->lists->first[side] = -1;
	for (i = 0; i < st->nships; i++)
		if (st->ships[i].side == side) {
			o->lists->first[side] = (int)i;
			break;
		}
	return o->lists->first[side];
}

static void
side_list(const struct nv_state *st, struct buf *b)
{
	size_t	i;

	for (i = 0; i < st->nsides; i++) {
		if (i > 0)
			buf_adds(b, i + 1 == st->nsides ? " or " : ", ");
		buf_printf(b, "SIDE %s", st->sides[i].id);
	}
}

/* Why a ship that is not on the map takes no orders. */
static const char *
gone_why(const struct nv_ship *s)
{
	return s->status == NV_STATUS_SUNK ? "has sunk" : "has left the battle";
}

int
orders_target(const struct nv_orders *o, int ship, const char *word,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	const struct nv_state	*st = o->st;
	int			 side = st->ships[ship].side, t;

	t = state_ship_index(st, word);
	if (t < 0)
		diag_error(d, file, line, "%s: there is no ship %s; enemy ships: "
		    "%s", text, word, orders_ship_list(o, side, 1));
	else if (st->ships[t].side == side)
		diag_error(d, file, line, "%s: %s sails for %s, the side of %s; "
		    "enemy ships: %s", text, st->ships[t].id,
		    st->sides[side].id, st->ships[ship].id,
		    orders_ship_list(o, side, 1));
	else if (!ship_on_map(&st->ships[t]))
		diag_error(d, file, line, "%s: %s %s; enemy ships: %s", text,
		    st->ships[t].id, gone_why(&st->ships[t]),
		    orders_ship_list(o, side, 1));
	if (t < 0 || st->ships[t].side == side || !ship_on_map(&st->ships[t]))
		return -1;
	return t;
}

/* Cuts text into the lines that may hold orders.  Returns how many (in
 * *out, owned by the caller); sets *quoted when quoted lines held orders. */
static size_t
clean_lines(struct oparse *op, const char *text, size_t len,
    struct oline **out, int *quoted)
{
	struct orders_lex	 lx;
	struct orders_lex_line	 l;
	enum orders_lex_kind	 k;
	size_t			 n = 0, cap = 0;
	char			*copy, *t;

	*out = NULL;
	orders_lex_init(&lx, text, len);
	while (orders_lex_next(&lx, &l)) {
		k = orders_lex_clean(&l, &copy, &t);
		if (k == OLX_STOP) {
			free(copy);
			break;
		}
		if (k == OLX_NUL)
			diag_error(&op->d, op->h->file, l.no, "line holds a NUL "
			    "byte; an order file is plain text");
		else if (k == OLX_QUOTED && orders_lex_quoted_order(t))
			*quoted = 1;
		else if (k == OLX_TEXT) {
			if (n == cap) {
				cap = cap == 0 ? 32 : cap * 2;
				*out = xreallocarray(*out, cap, sizeof **out);
			}
			(*out)[n].no = l.no;
			(*out)[n++].text = xstrdup(t);
		}
		free(copy);
	}
	return n;
}

/* Stores a header value; the same line twice is fine, a different one is
 * an error.  secret: never quote the value. */
static void
set_once(struct oparse *op, unsigned no, const char *text, const char *kw,
    char **slot, const char *val, int secret)
{
	if (*slot == NULL) {
		*slot = xstrdup(val);
		return;
	}
	if ((secret ? strcmp(*slot, val) : strcasecmp(*slot, val)) == 0)
		return;
	if (secret)
		diag_error(&op->d, op->h->file, no, "%s: a second, different "
		    "password; legal: one PASSWORD line", kw);
	else
		diag_error(&op->d, op->h->file, no, "%s: this file already "
		    "said %s %s; legal: one %s line", text, kw, *slot, kw);
}

static int
one_arg(struct oparse *op, unsigned no, const char *text, size_t argc,
    const char *usage)
{
	if (argc == 2)
		return 0;
	diag_error(&op->d, op->h->file, no, "%s: %s; legal: %s", text,
	    argc < 2 ? "a word is missing" : "too many words", usage);
	return -1;
}

static void
line_side(struct oparse *op, unsigned no, const char *text, char **argv,
    size_t argc)
{
	struct buf	b = BUF_INIT;
	int		i;

	side_list(op->o->st, &b);
	if (one_arg(op, no, text, argc, buf_str(&b)) == 0) {
		i = state_side_index(op->o->st, argv[1]);
		if (i < 0)
			diag_error(&op->d, op->h->file, no, "%s: there is no "
			    "side %s in this game; legal: %s", text, argv[1],
			    buf_str(&b));
		else {
			set_once(op, no, text, "SIDE", &op->h->side,
			    op->o->st->sides[i].id, 0);
			if (op->h->side_index < 0)
				op->h->side_index = i;
		}
	}
	buf_free(&b);
}

static void
line_turn(struct oparse *op, unsigned no, const char *text, char **argv,
    size_t argc)
{
	int	turn = op->o->st->turn, n;
	char	*usage = xasprintf("TURN %d", turn);

	if (one_arg(op, no, text, argc, usage) == 0) {
		if (str_to_int(argv[1], 0, INT_MAX, &n) != 0)
			diag_error(&op->d, op->h->file, no, "%s: %s is not a "
			    "turn number; legal: %s", text, argv[1], usage);
		else {
			op->h->turn = n;
			if (n != turn)
				diag_error(&op->d, op->h->file, no, "%s: the "
				    "next turn to be played is turn %d; legal: "
				    "%s", text, turn, usage);
		}
	}
	free(usage);
}

static void
line_password(struct oparse *op, unsigned no, const char *text)
{
	/* The rest of the line, so a password may hold spaces. */
	const char	*p = orders_lex_rest(text);

	if (*p == '\0')
		diag_error(&op->d, op->h->file, no, "PASSWORD: no password "
		    "given; legal: PASSWORD followed by your password");
	else
		set_once(op, no, text, "PASSWORD", &op->h->password, p, 1);
}

static void
verb_list(const struct nv_ruleset *rs, struct buf *b)
{
	size_t	i;

	for (i = 0; i < rs->ops->nverbs; i++) {
		if (i > 0)
			buf_adds(b, i + 1 == rs->ops->nverbs ? " or " : ", ");
		buf_adds(b, rs->ops->verbs[i].name);
	}
}

static const struct nv_verb *
verb_find(const struct nv_ruleset *rs, const char *w)
{
	size_t	i;

	for (i = 0; i < rs->ops->nverbs; i++)
		if (strcasecmp(w, rs->ops->verbs[i].name) == 0)
			return &rs->ops->verbs[i];
	return NULL;
}

/* "SHIP id": is it this file's to order?  0 or -1 (reported). */
static int
ship_mine(struct oparse *op, unsigned no, const char *text, int i)
{
	const struct nv_state	*st = op->o->st;
	const struct nv_ship	*s = &st->ships[i];
	int			 side = op->h->side_index, bad = 0;
	struct buf		 b = BUF_INIT;

	if (side >= 0 && s->side != side) {
		diag_error(&op->d, op->h->file, no, "%s: %s sails for %s, not "
		    "%s; your ships: %s", text, s->id, st->sides[s->side].id,
		    st->sides[side].id, orders_ship_list(op->o, side, 0));
		bad = 1;
	} else if (side < 0 && op->h->player == NULL) {
		/* A PLAYER that is no side id is the store's to resolve. */
		if (!op->no_side_said) {
			side_list(st, &b);
			diag_error(&op->d, op->h->file, no, "%s: no SIDE line "
			    "says whose orders these are; legal: %s", text,
			    buf_str(&b));
		}
		op->no_side_said = 1;
		bad = 1;
	} else if (op->o->may_order != NULL && !op->o->may_order[i]) {
		diag_error(&op->d, op->h->file, no, "%s: %s is not yours to "
		    "order", text, s->id);
		bad = 1;
	} else if (!ship_on_map(s)) {
		diag_error(&op->d, op->h->file, no, "%s: %s %s and can take no "
		    "orders; your ships: %s", text, s->id, gone_why(s),
		    orders_ship_list(op->o, side, 0));
		bad = 1;
	}
	buf_free(&b);
	return bad ? -1 : 0;
}

/* The verbs of rs a line may carry where bar (NV_VERB_*) bars some:
 * "SPEED, MOVE or FIRE". */
static void
verb_list_for(const struct nv_ruleset *rs, unsigned bar, struct buf *b)
{
	size_t	i, n = 0, k = 0;

	for (i = 0; i < rs->ops->nverbs; i++)
		n += (rs->ops->verbs[i].flags & bar) == 0;
	for (i = 0; i < rs->ops->nverbs; i++) {
		if ((rs->ops->verbs[i].flags & bar) != 0)
			continue;
		if (k++ > 0)
			buf_adds(b, k == n ? " or " : ", ");
		buf_adds(b, rs->ops->verbs[i].name);
	}
	if (n == 0)
		buf_adds(b, "none");
}

const struct nv_verb *
orders_verb_check(const struct nv_orders *o, const char *word,
    const char *file, unsigned line, const char *text, struct diag *d,
    enum nv_subject subject, int standing)
{
	const struct nv_ruleset	*rs = o->st->rs;
	const struct nv_verb	*v = verb_find(rs, word);
	unsigned		 bar = 0;
	struct buf		 b = BUF_INIT;

	if (subject == NV_SUBJECT_SQUADRON)
		bar |= NV_VERB_SHIP_ONLY;
	if (standing)
		bar |= NV_VERB_NO_STANDING;
	if (v != NULL && (v->flags & bar) == 0)
		return v;
	verb_list_for(rs, bar, &b);
	if (v == NULL)
		diag_error(d, file, line, "%s: %s is no order for a ship; "
		    "legal: %s", text, word, buf_str(&b));
	else
		diag_error(d, file, line, "%s: %s is %s; legal here: %s", text,
		    v->name, (v->flags & bar & NV_VERB_SHIP_ONLY) != 0 ?
		    "for SHIP lines only" : "never a standing order",
		    buf_str(&b));
	buf_free(&b);
	return NULL;
}

int
orders_verb(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d,
    enum nv_subject subject, int standing, int squadron)
{
	const struct nv_verb	*v;
	int			 rc;

	if ((v = orders_verb_check(o, argv[0], file, line, text, d, subject,
	    standing)) == NULL)
		return -1;
	o->subject = subject;
	o->standing = standing;
	o->squadron = squadron;
	rc = v->parse(o, ship, argv, argc, file, line, text, d);
	o->subject = NV_SUBJECT_SHIP;
	o->standing = 0;
	o->squadron = -1;
	return rc;
}

int
oparse_side(struct oparse *op, unsigned no, const char *text, int *player)
{
	struct buf	b = BUF_INIT;

	*player = 0;
	if (op->h->side_index >= 0)
		return op->h->side_index;
	/* A PLAYER that is no side id is the store's to resolve. */
	if (op->h->player != NULL) {
		*player = 1;
		return -1;
	}
	if (!op->no_side_said) {
		side_list(op->o->st, &b);
		diag_error(&op->d, op->h->file, no, "%s: no SIDE line says "
		    "whose orders these are; legal: %s", text, buf_str(&b));
		buf_free(&b);
	}
	op->no_side_said = 1;
	return -1;
}

/* What follows "SHIP id": a verb of the ruleset, a STANDING order, or in
 * turn 0 where the ship is placed. */
static void
ship_order(struct oparse *op, unsigned no, const char *text, int i,
    char **argv, size_t argc)
{
	struct nv_orders	*o = op->o;

	switch (orders_keyword(argv[0])) {
	case OKW_STANDING:
		osub_ship_standing(op, no, text, i, argv + 1, argc - 1);
		return;
	case OKW_AT:
		odep_line(op, no, text, i, argv, argc);
		return;
	default:
		break;
	}
	if (o->st->turn == 0) {
		diag_error(&op->d, op->h->file, no, "%s: turn 0 is the "
		    "deployment turn, in which ships are placed, not moved; "
		    "legal: SHIP %s AT hex FACING f", text, o->st->ships[i].id);
		return;
	}
	o->more->named[i] |= ON_OWN;
	(void)orders_verb(o, i, argv, argc, op->h->file, no, text, &op->d,
	    NV_SUBJECT_SHIP, 0, -1);
}

static void
line_ship(struct oparse *op, unsigned no, const char *text, char **argv,
    size_t argc)
{
	const struct nv_state	*st = op->o->st;
	struct buf		 b = BUF_INIT;
	int			 i;

	op->h->ship_lines++;
	if (argc < 3) {
		verb_list(st->rs, &b);
		diag_error(&op->d, op->h->file, no, "%s: %s; legal: SHIP id "
		    "followed by %s", text, argc < 2 ? "no ship id" :
		    "no order for the ship", buf_str(&b));
		buf_free(&b);
		return;
	}
	i = state_ship_index(st, argv[1]);
	if (i < 0) {
		diag_error(&op->d, op->h->file, no, "%s: there is no ship %s; "
		    "%s: %s", text, argv[1], op->h->side_index >= 0 ?
		    "your ships" : "ships",
		    orders_ship_list(op->o, op->h->side_index, 0));
	} else if (ship_mine(op, no, text, i) == 0)
		ship_order(op, no, text, i, argv + 2, argc - 2);
	buf_free(&b);
}

static void
line_unknown(struct oparse *op, unsigned no, const char *text,
    const char *word)
{
	const struct nv_state	*st = op->o->st;
	const char		*eg = "id";
	struct buf		 b = BUF_INIT;
	int			 i;

	if (op->h->side_index >= 0 &&
	    (i = first_of_side(op->o, op->h->side_index)) >= 0)
		eg = st->ships[i].id;
	if (verb_find(st->rs, word) != NULL)
		diag_error(&op->d, op->h->file, no, "%s: a ship's order starts "
		    "with SHIP and the ship's id; legal: e.g. SHIP %s %s",
		    text, eg, text);
	else {
		orders_keyword_list(st->rs, &b);
		diag_error(&op->d, op->h->file, no, "%s: %s is not an order; "
		    "legal: %s", text, word, buf_str(&b));
		buf_free(&b);
	}
}

/* One line; pass 0 reads SIDE and PLAYER, pass 1 everything else. */
static void
line_read(struct oparse *op, const struct oline *l, int pass)
{
	char	*copy = xstrdup(l->text), *argv[ORDERS_MAX_WORDS];
	size_t	 argc;
	int	 kw;

	argc = orders_lex_words(copy, argv, ORDERS_MAX_WORDS);
	kw = orders_keyword(argv[0]);
	if ((kw == OKW_SIDE || kw == OKW_PLAYER) != (pass == 0))
		goto out;
	if (argc > ORDERS_MAX_WORDS) {
		diag_error(&op->d, op->h->file, l->no, "line has %zu words; "
		    "legal: at most %d", argc, ORDERS_MAX_WORDS);
		goto out;
	}
	switch (kw) {
	case OKW_GAME:
		if (one_arg(op, l->no, l->text, argc, "GAME id") == 0)
			set_once(op, l->no, l->text, "GAME", &op->h->game,
			    argv[1], 0);
		break;
	case OKW_SIDE:
		line_side(op, l->no, l->text, argv, argc);
		break;
	case OKW_PLAYER:
		if (one_arg(op, l->no, l->text, argc, "PLAYER id") == 0)
			set_once(op, l->no, l->text, "PLAYER",
			    &op->h->player, argv[1], 0);
		break;
	case OKW_PASSWORD:
		line_password(op, l->no, l->text);
		break;
	case OKW_TURN:
		line_turn(op, l->no, l->text, argv, argc);
		break;
	case OKW_SHIP:
		line_ship(op, l->no, l->text, argv, argc);
		break;
	case OKW_SQUADRON:
		osub_squadron_line(op, l->no, l->text, argv, argc);
		break;
	default:
		if (osub_side_line(op, l->no, l->text, argv, argc) != 0)
			line_unknown(op, l->no, l->text, argv[0]);
		break;
	}
out:
	free(copy);
}

/* Stable: errors of one line keep their order. */
static void
diag_sort_by_line(struct diag *d)
{
	struct diag_entry	e;
	size_t			i, j;

	for (i = 1; i < d->n; i++) {
		e = d->v[i];
		for (j = i; j > 0 && d->v[j - 1].line > e.line; j--)
			d->v[j] = d->v[j - 1];
		d->v[j] = e;
	}
}

int
orders_parse(struct nv_orders *o, const char *file, const char *text,
    size_t len, struct diag *d)
{
	struct oparse	 op;
	struct oline	*lines;
	size_t		 n, i, errors;
	int		 quoted = 0, pass;

	o->files = xreallocarray(o->files, o->nfiles + 1, sizeof *o->files);
	memset(&o->files[o->nfiles], 0, sizeof *o->files);
	memset(&op, 0, sizeof op);
	op.o = o;
	op.h = &o->files[o->nfiles++];
	op.h->file = xstrdup(file);
	op.h->turn = -1;
	op.h->side_index = -1;

	n = clean_lines(&op, text, len, &lines, &quoted);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++)
			line_read(&op, &lines[i], pass);
		/* A PLAYER whose id is a side's orders for that side; any
		 * other PLAYER is the store's to resolve. */
		if (pass == 0 && op.h->side_index < 0 && op.h->player != NULL)
			op.h->side_index = state_side_index(o->st,
			    op.h->player);
	}
	op.h->quoted_only = op.h->ship_lines == 0 && quoted;

	diag_sort_by_line(&op.d);
	/* Errors past the list's cap are counted, not stored: diag_merge
	 * counts them. */
	diag_merge(d, &op.d);
	errors = op.d.errors;
	for (i = 0; i < n; i++)
		free(lines[i].text);
	free(lines);
	diag_free(&op.d);
	return errors > 0 ? -1 : 0;
}

int
orders_validate(struct nv_orders *o, struct diag *d)
{
	size_t	errors = d->errors;

	/* The deployment turn places ships; no ruleset verb is read. */
	if (o->st->turn == 0)
		odep_validate(o, d);
	osub_expand(o, d);
	(void)o->st->rs->ops->validate(o, d);
	return d->errors > errors ? -1 : 0;
}

void
orders_format(const struct nv_orders *o, struct buf *b)
{
	odep_format(o, b);
	o->st->rs->ops->format(o, b);
	osub_format(o, -1, b);
}

void
orders_format_side(const struct nv_orders *o, int side, struct buf *b)
{
	osub_format(o, side, b);
}

int
orders_ship_named(const struct nv_orders *o, int ship)
{
	return o->more != NULL && (o->more->named[ship] & (ON_OWN | ON_COPY |
	    ON_STANDING | ON_AT)) != 0;
}
