/* nauta-orders.c: the Nauta ruleset's order verbs and the normalised form
 * of its orders (nauta-validate.c checks them against the rules).
 *
 *	SHIP id SPEED n [DASH] [MOVE steps]	SHIP id MOVE steps
 *	SHIP id SPEED 0 MOVE B|BB
 *	SHIP id BOARD target... | BOARD ANY
 *	SHIP id SHOOT START|END|NONE
 *	SHIP id BURN [target]
 *	SHIP id ESCAPE ship...
 *
 * Whatever depends on one line (words, targets that are enemies on the
 * map) is checked here, where the line is at hand; whatever depends on
 * several lines or on the ship's figures (speed limits, Dash, turns) is
 * nauta_validate()'s.  docs/orders.md has the grammar. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "diag.h"
#include "nauta.h"
#include "orders.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

static int	na_verb_move(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	na_verb_board(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	na_verb_shoot(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	na_verb_burn(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	na_verb_escape(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);

const struct nv_verb nauta_verbs[NA_V_COUNT] = {
#define X(e, name, fn, fl, usage, ex, help) \
	{ name, fn, fl, usage, ex, help },
	NAUTA_VERBS(X)
#undef X
};

#define SPEED_MAX	999	/* what SPEED reads; limits come later */
#define MOVE_USAGE	"SPEED n [DASH] [MOVE steps], MOVE steps (L or R " \
			"turns first, then F), or SPEED 0 MOVE B|BB"

void *
nauta_orders_new(const struct nv_state *st)
{
	struct nauta_orders	*no = xcalloc(1, sizeof *no);
	size_t			 i;

	no->st = st;
	no->ships = xcalloc(st->nships + 1, sizeof *no->ships);
	for (i = 0; i < st->nships; i++)
		no->ships[i].burn_target = -1;
	return no;
}

static void
src_free(struct na_src *s)
{
	free(s->file);
	free(s->text);
	s->file = s->text = NULL;
}

static void
src_set(struct na_src *s, const char *file, unsigned line, const char *text)
{
	src_free(s);
	s->file = xstrdup(file);
	s->line = line;
	s->text = xstrdup(text);
}

void
nauta_orders_free(void *p)
{
	struct nauta_orders		*no = p;
	struct nauta_ship_orders	*so;
	size_t				 i;

	if (no == NULL)
		return;
	for (i = 0; i < no->st->nships; i++) {
		so = &no->ships[i];
		src_free(&so->move);
		src_free(&so->board_src);
		src_free(&so->shoot_src);
		src_free(&so->burn_src);
		src_free(&so->escape_src);
		free(so->board);
		free(so->escape);
	}
	free(no->ships);
	free(no);
}

static struct nauta_ship_orders *
ship_orders(struct nv_orders *o, int ship)
{
	return &((struct nauta_orders *)o->rs)->ships[ship];
}

const struct nauta_ship_orders *
nauta_ship_orders(const struct nv_orders *o, int ship)
{
	if (o == NULL || o->rs == NULL)
		return NULL;
	return &((const struct nauta_orders *)o->rs)->ships[ship];
}

/* MOVE's steps: the words up to SPEED or DASH or the end.  Returns the
 * index of the first word not taken, or -1 (reported). */
static int
steps_parse(char **argv, size_t argc, size_t i, char *steps, int *n,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	const char	*p;
	char		 c;

	*n = 0;
	for (; i < argc && strcasecmp(argv[i], "SPEED") != 0 &&
	    strcasecmp(argv[i], "DASH") != 0; i++)
		for (p = argv[i]; *p != '\0'; p++) {
			c = *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') :
			    *p;
			if (strchr(NA_STEPS, c) == NULL || c == '\0') {
				diag_error(d, file, line, "%s: '%c' is not a "
				    "step; legal: L or R turns, then F; or B, "
				    "BB", text, *p);
				return -1;
			}
			if (*n == NV_PLOT_MAX) {
				diag_error(d, file, line, "%s: more than %d "
				    "steps", text, NV_PLOT_MAX);
				return -1;
			}
			steps[(*n)++] = c;
		}
	steps[*n] = '\0';
	if (*n == 0) {
		diag_error(d, file, line, "%s: MOVE has no steps; legal: e.g. "
		    "MOVE R F F F, or MOVE B", text);
		return -1;
	}
	return (int)i;
}

/* One part of a movement line; returns the next word's index or -1. */
static int
move_word(struct nv_orders *o, char **argv, size_t argc, size_t i,
    struct nauta_ship_orders *tmp, const char *file, unsigned line,
    const char *text, struct diag *d)
{
	if (strcasecmp(argv[i], "SPEED") == 0 && !tmp->has_speed) {
		if (i + 1 >= argc || str_to_int(argv[i + 1], 0, SPEED_MAX,
		    &tmp->speed) != 0) {
			diag_error(d, file, line, "%s: SPEED needs a speed, a "
			    "number from 0 up; legal: SPEED 0-%d", text,
			    o->st->rs->max_speed);
			return -1;
		}
		tmp->has_speed = 1;
		return (int)i + 2;
	}
	if (strcasecmp(argv[i], "DASH") == 0 && tmp->has_speed && !tmp->dash &&
	    (o->subject != NV_SUBJECT_SHIP || o->standing)) {
		/* A Dash is the ship's own, turn by turn (nauta.md, Big
		 * battles; docs/rules-nauta.md). */
		diag_error(d, file, line, "%s: DASH is %s; legal: SPEED n "
		    "[MOVE steps]", text, o->subject != NV_SUBJECT_SHIP ?
		    "for SHIP lines only, not a SQUADRON's" :
		    "never a standing order");
		return -1;
	}
	if (strcasecmp(argv[i], "DASH") == 0 && tmp->has_speed && !tmp->dash) {
		tmp->dash = 1;
		return (int)i + 1;
	}
	if (strcasecmp(argv[i], "MOVE") == 0 && !tmp->has_move) {
		tmp->has_move = 1;
		return steps_parse(argv, argc, i + 1, tmp->steps,
		    &tmp->nsteps, file, line, text, d);
	}
	diag_error(d, file, line, "%s: %s is not part of a movement order "
	    "here; legal: %s", text, argv[i], strcasecmp(argv[i], "DASH") ==
	    0 ? "SPEED n DASH" : MOVE_USAGE);
	return -1;
}

/* "SPEED n [DASH] [MOVE steps]" or "MOVE steps [SPEED n [DASH]]". */
static int
na_verb_move(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct nauta_ship_orders	*so = ship_orders(o, ship);
	struct nauta_ship_orders	 tmp;
	int				 k = 0;

	memset(&tmp, 0, sizeof tmp);
	while (k >= 0 && (size_t)k < argc)
		k = move_word(o, argv, argc, (size_t)k, &tmp, file, line,
		    text, d);
	if (k < 0)
		return -1;
	/* Two lines, one SPEED and one MOVE, make one order; a line that
	 * says again what was said replaces all of it. */
	if ((tmp.has_speed && so->has_speed) || (tmp.has_move && so->has_move))
		so->has_speed = so->has_move = so->dash = 0;
	if (tmp.has_speed) {
		so->has_speed = 1;
		so->speed = tmp.speed;
		so->dash = tmp.dash;
	}
	if (tmp.has_move) {
		so->has_move = 1;
		memcpy(so->steps, tmp.steps, sizeof so->steps);
		so->nsteps = tmp.nsteps;
	}
	src_set(&so->move, file, line, text);
	return 0;
}

/* Targets: enemy ships on the map, or ANY alone. */
static int
na_verb_board(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct nauta_ship_orders	*so = ship_orders(o, ship);
	int				*t, k;
	size_t				 i, n = 0;

	if (argc < 2) {
		diag_error(d, file, line, "%s: BOARD needs a target; legal: "
		    "BOARD ship... or BOARD ANY", text);
		return -1;
	}
	if (argc == 2 && strcasecmp(argv[1], "ANY") == 0) {
		free(so->board);
		so->board = NULL;
		so->nboard = 0;
		so->board_any = 1;
		src_set(&so->board_src, file, line, text);
		return 0;
	}
	t = xcalloc(argc, sizeof *t);
	for (i = 1; i < argc; i++) {
		if (strcasecmp(argv[i], "ANY") == 0) {
			diag_error(d, file, line, "%s: ANY stands alone; legal: "
			    "BOARD ship... or BOARD ANY", text);
			free(t);
			return -1;
		}
		if ((k = orders_target(o, ship, argv[i], file, line, text,
		    d)) < 0) {
			free(t);
			return -1;
		}
		t[n++] = k;
	}
	free(so->board);
	so->board = t;
	so->nboard = n;
	so->board_any = 0;
	src_set(&so->board_src, file, line, text);
	return 0;
}

static int
na_verb_shoot(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	static const char *const words[] = { "", "START", "END", "NONE" };
	struct nauta_ship_orders	*so = ship_orders(o, ship);
	int				 k;

	for (k = NA_SHOOT_START; argc == 2 && k <= NA_SHOOT_NONE; k++)
		if (strcasecmp(argv[1], words[k]) == 0) {
			so->shoot = k;
			src_set(&so->shoot_src, file, line, text);
			return 0;
		}
	diag_error(d, file, line, "%s: legal: SHOOT START, SHOOT END or SHOOT "
	    "NONE", text);
	return -1;
}

static int
na_verb_burn(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct nauta_ship_orders	*so = ship_orders(o, ship);
	int				 k = -1;

	if (argc > 2) {
		diag_error(d, file, line, "%s: BURN takes at most one target; "
		    "legal: BURN or BURN ship", text);
		return -1;
	}
	if (argc == 2 && (k = orders_target(o, ship, argv[1], file, line,
	    text, d)) < 0)
		return -1;
	so->burn = 1;
	so->burn_target = k;
	src_set(&so->burn_src, file, line, text);
	return 0;
}

/* Friendly ships on the map, not the ship itself. */
static int
na_verb_escape(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct nauta_ship_orders	*so = ship_orders(o, ship);
	const struct nv_state		*st = o->st;
	int				*t, k;
	size_t				 i;

	if (argc < 2) {
		diag_error(d, file, line, "%s: ESCAPE needs ships; legal: "
		    "ESCAPE ship...", text);
		return -1;
	}
	t = xcalloc(argc, sizeof *t);
	for (i = 1; i < argc; i++) {
		k = state_ship_index(st, argv[i]);
		if (k < 0 || k == ship || !ship_on_map(&st->ships[k]) ||
		    st->ships[k].side != st->ships[ship].side) {
			diag_error(d, file, line, "%s: %s is not another ship "
			    "of your side on the map; legal: %s", text, argv[i],
			    orders_ship_list(o, st->ships[ship].side, 0));
			free(t);
			return -1;
		}
		t[i - 1] = k;
	}
	free(so->escape);
	so->escape = t;
	so->nescape = argc - 1;
	src_set(&so->escape_src, file, line, text);
	return 0;
}

static void
format_move(const struct nv_state *st, int i,
    const struct nauta_ship_orders *so, struct buf *b)
{
	int	k;

	buf_printf(b, "SHIP %s SPEED %d", st->ships[i].id, so->speed);
	if (so->dash) {
		buf_adds(b, " DASH\n");
		return;
	}
	if (so->nsteps > 0)
		buf_adds(b, " MOVE");
	for (k = 0; k < so->nsteps; k++)
		buf_printf(b, " %c", so->steps[k]);
	buf_addc(b, '\n');
}

/* "SHIP id VERB a b ..." for a list of ships; nothing for none. */
static void
format_ids(const struct nv_state *st, int i, const char *verb, const int *v,
    size_t n, struct buf *b)
{
	size_t	k;

	if (n == 0)
		return;
	buf_printf(b, "SHIP %s %s", st->ships[i].id, verb);
	for (k = 0; k < n; k++)
		buf_printf(b, " %s", st->ships[v[k]].id);
	buf_addc(b, '\n');
}

void
nauta_format(const struct nv_orders *o, struct buf *b)
{
	static const char *const shoot[] = { "", "START", "END", "NONE" };
	const struct nauta_orders	*no = o->rs;
	const struct nv_state		*st = o->st;
	const struct nauta_ship_orders	*so;
	size_t				 i;

	for (i = 0; i < st->nships; i++) {
		so = &no->ships[i];
		if (so->has_speed || so->has_move)
			format_move(st, (int)i, so, b);
		if (so->board_any)
			buf_printf(b, "SHIP %s BOARD ANY\n", st->ships[i].id);
		else
			format_ids(st, (int)i, "BOARD", so->board, so->nboard, b);
		if (so->shoot != NA_SHOOT_UNSET)
			buf_printf(b, "SHIP %s SHOOT %s\n", st->ships[i].id,
			    shoot[so->shoot]);
		if (so->burn)
			buf_printf(b, "SHIP %s BURN%s%s\n", st->ships[i].id,
			    so->burn_target >= 0 ? " " : "",
			    so->burn_target >= 0 ?
			    st->ships[so->burn_target].id : "");
		format_ids(st, (int)i, "ESCAPE", so->escape, so->nescape, b);
	}
}

int
nauta_is_prize(const struct nv_ship *s)
{
	return s->status == NV_STATUS_CAPTURED;
}

int
nauta_prize_held(const struct nv_state *st, int ship)
{
	size_t	i;

	for (i = 0; i < st->nships; i++)
		if (nauta_is_prize(&st->ships[i]) &&
		    strcmp(st->ships[i].attr[NA_A_PRIZE_OF].s,
		    st->ships[ship].id) == 0)
			return (int)i;
	return -1;
}
