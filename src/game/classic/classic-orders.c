/* classic-orders.c: the classic ruleset's order verbs and the normalised
 * form of its orders (classic-validate.c checks them against the rules).
 *
 * The verbs get the words after "SHIP id" (orders.c) and store what they
 * read in struct classic_ship_orders.  Whatever depends on the state only
 * (a target is an enemy on the map, a raked ship does not board its
 * raker) is checked here, where the line is at hand; whatever depends on
 * several lines together (speed and steps, weapon counts) is checked by
 * classic_validate(). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "classic.h"
#include "diag.h"
#include "orders.h"
#include "state.h"
#include "strutil.h"
#include "xalloc.h"

static int	verb_move(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	verb_fire(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	verb_board(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	verb_repulse(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);
static int	verb_rake(struct nv_orders *, int, char **, size_t,
		    const char *, unsigned, const char *, struct diag *);

/* The verbs (classic.h's table), in the order error messages list them. */
const struct nv_verb classic_verbs[CL_V_COUNT] = {
#define X(e, name, fn, usage, ex, help) { name, fn, 0, usage, ex, help },
	CLASSIC_VERBS(X)
#undef X
};

static const char *const weapon_words[] = {
#define X(e, id, attr, word) word,
	CLASSIC_WEAPONS(X)
#undef X
};

static const char *const weapon_ids[] = {
#define X(e, id, attr, word) id,
	CLASSIC_WEAPONS(X)
#undef X
};

static const char step_letters[] = "FLRB";	/* by enum classic_step */

#define FIRE_USAGE "FIRE [n] BOW|CATAPULT|STONE|ALL AT ship [PHASE p]"
#define SPEED_MAX 999	/* what SPEED reads; the ship's limits come later */
#define MOVE_USAGE "SPEED n, MOVE steps (F, L, R) or MOVE B"

void *
classic_orders_new(const struct nv_state *st)
{
	struct classic_orders	*co = xcalloc(1, sizeof *co);
	size_t			 i;

	co->st = st;
	co->ships = xcalloc(st->nships > 0 ? st->nships : 1,
	    sizeof *co->ships);
	for (i = 0; i < st->nships; i++)
		co->ships[i].board = -1;
	return co;
}

void
classic_fire_free(struct classic_fire *f, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(f[i].file);
		free(f[i].text);
	}
	free(f);
}

void
classic_orders_free(void *p)
{
	struct classic_orders	*co = p;
	size_t			 i;

	if (co == NULL)
		return;
	for (i = 0; i < co->st->nships; i++) {
		free(co->ships[i].move_file);
		free(co->ships[i].move_text);
		classic_fire_free(co->ships[i].fire, co->ships[i].nfire);
	}
	free(co->ships);
	free(co);
}

static struct classic_ship_orders *
ship_orders(struct nv_orders *o, int ship)
{
	struct classic_orders	*co = o->rs;

	return &co->ships[ship];
}

const char *
classic_weapon_id(int w)
{
	return weapon_ids[w];
}

/* BOW or BOWS; -1 for ALL, -2 if no weapon. */
static int
weapon_parse(const char *w)
{
	size_t	i, len;

	if (strcasecmp(w, "ALL") == 0)
		return -1;
	for (i = 0; i < CL_W_COUNT; i++) {
		len = strlen(weapon_words[i]);
		if (strncasecmp(w, weapon_words[i], len) == 0 &&
		    (w[len] == '\0' ||
		    ((w[len] == 's' || w[len] == 'S') && w[len + 1] == '\0')))
			return (int)i;
	}
	return -2;
}

static int
step_parse(char c)
{
	const char	*p;

	if (c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 'A');
	p = strchr(step_letters, c);
	return c != '\0' && p != NULL ? (int)(p - step_letters) : -1;
}

/* MOVE's steps: the words up to SPEED or the end.  Returns the index of
 * the first word not taken, or -1 (reported). */
static int
steps_parse(char **argv, size_t argc, size_t i, unsigned char *steps,
    int *n, const char *file, unsigned line, const char *text,
    struct diag *d)
{
	const char	*p;
	char		*c;
	int		 k, back = 0;

	*n = 0;
	for (; i < argc && strcasecmp(argv[i], "SPEED") != 0; i++)
		for (p = argv[i]; *p != '\0'; p++) {
			if ((k = step_parse(*p)) < 0) {
				/* A character, not a byte: an em dash is
				 * shown as itself, never as half of one. */
				c = str_utf8_char_name(p, NULL);
				diag_error(d, file, line, "%s: %s is not a "
				    "step; legal: F, L, R, or B alone", text,
				    c);
				free(c);
				return -1;
			}
			if (*n == NV_PLOT_MAX) {
				diag_error(d, file, line, "%s: more than %d "
				    "steps; legal: at most %d", text,
				    NV_PLOT_MAX, NV_PLOT_MAX);
				return -1;
			}
			back |= k == CL_STEP_B;
			steps[(*n)++] = (unsigned char)k;
		}
	if (*n == 0) {
		diag_error(d, file, line, "%s: MOVE has no steps; legal: e.g. "
		    "MOVE F F R F, or MOVE B", text);
		return -1;
	}
	if (back && *n > 1) {
		diag_error(d, file, line, "%s: B must stand alone, a ship backs "
		    "one hex in a turn; legal: MOVE B", text);
		return -1;
	}
	return (int)i;
}

/* "SPEED n [MOVE steps]" or "MOVE steps [SPEED n]". */
static int
verb_move(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct classic_ship_orders *so = ship_orders(o, ship);
	unsigned char	 steps[NV_PLOT_MAX];
	int		 has_speed = 0, has_move = 0, speed = 0, nsteps = 0, k;
	size_t		 i = 0;

	while (i < argc) {
		if (strcasecmp(argv[i], "SPEED") == 0 && !has_speed) {
			/* Too fast is validation's to explain, with the
			 * ship's own limits. */
			if (i + 1 >= argc || str_to_int(argv[i + 1], -1,
			    SPEED_MAX, &speed) != 0) {
				diag_error(d, file, line, "%s: SPEED needs a "
				    "speed, a number from 0 up; legal: SPEED "
				    "0-%d, or MOVE B", text,
				    o->st->rs->max_speed);
				return -1;
			}
			has_speed = 1;
			i += 2;
		} else if (strcasecmp(argv[i], "MOVE") == 0 && !has_move) {
			k = steps_parse(argv, argc, i + 1, steps, &nsteps,
			    file, line, text, d);
			if (k < 0)
				return -1;
			has_move = 1;
			i = (size_t)k;
		} else {
			diag_error(d, file, line, "%s: %s is not part of a "
			    "movement order here; legal: %s", text, argv[i],
			    MOVE_USAGE);
			return -1;
		}
	}

	/* Two lines, one SPEED and one MOVE, make one order; a line that
	 * says again what was said replaces all of it. */
	if ((has_speed && so->has_speed) || (has_move && so->has_move))
		so->has_speed = so->has_move = 0;
	if (has_speed) {
		so->has_speed = 1;
		so->speed = speed;
		so->speed_line = line;
	}
	if (has_move) {
		so->has_move = 1;
		memcpy(so->steps, steps, (size_t)nsteps);
		so->nsteps = nsteps;
	}
	so->move_line = line;
	free(so->move_file);
	free(so->move_text);
	so->move_file = xstrdup(file);
	so->move_text = xstrdup(text);
	return 0;
}

static int
verb_fire(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct classic_ship_orders *so = ship_orders(o, ship);
	struct classic_fire	 f;
	size_t			 i = 1;
	int			 phases = o->st->rs->phases;

	memset(&f, 0, sizeof f);
	if (i < argc && str_to_int(argv[i], 1, 9999, &f.count) == 0)
		i++;
	else if (i < argc && argv[i][0] >= '0' && argv[i][0] <= '9') {
		diag_error(d, file, line, "%s: %s is not a number of weapons; "
		    "legal: %s", text, argv[i], FIRE_USAGE);
		return -1;
	}
	if (i >= argc || (f.weapon = weapon_parse(argv[i])) == -2) {
		diag_error(d, file, line, "%s: %s; legal: %s", text,
		    i >= argc ? "no weapon named" : "no such weapon",
		    FIRE_USAGE);
		return -1;
	}
	if (f.weapon == -1 && f.count > 0) {
		diag_error(d, file, line, "%s: ALL takes no number; legal: "
		    "FIRE ALL AT ship, or FIRE n BOW AT ship", text);
		return -1;
	}
	i++;
	if (i >= argc || strcasecmp(argv[i], "AT") != 0) {
		diag_error(d, file, line, "%s: AT and a target must follow the "
		    "weapon; legal: %s", text, FIRE_USAGE);
		return -1;
	}
	if (++i >= argc) {
		diag_error(d, file, line, "%s: no target after AT; legal: %s",
		    text, FIRE_USAGE);
		return -1;
	}
	f.target = orders_target(o, ship, argv[i++], file, line, text, d);
	if (i < argc && (strcasecmp(argv[i], "PHASE") != 0 || i + 2 != argc ||
	    str_to_int(argv[i + 1], 1, phases, &f.phase) != 0)) {
		diag_error(d, file, line, "%s: the order ends in PHASE and a "
		    "phase 1-%d, or at the target; legal: %s", text, phases,
		    FIRE_USAGE);
		return -1;
	}
	if (f.target < 0)
		return -1;
	f.line = line;
	f.file = xstrdup(file);
	f.text = xstrdup(text);
	so->fire = xreallocarray(so->fire, so->nfire + 1, sizeof *so->fire);
	so->fire[so->nfire++] = f;
	return 0;
}

/* 1 if id is one of the space-separated ids of list. */
int
classic_ids_contain(const char *list, const char *id)
{
	size_t	len = strlen(id), n;

	while (list != NULL && *list != '\0') {
		while (*list == ' ')
			list++;
		n = strcspn(list, " ");
		if (n == len && strncasecmp(list, id, n) == 0)
			return 1;
		list += n;
	}
	return 0;
}

static int
verb_board(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct classic_ship_orders *so = ship_orders(o, ship);
	const struct nv_ship	*s = &o->st->ships[ship];
	int			 t;

	if (argc != 2) {
		diag_error(d, file, line, "%s: BOARD takes one ship; legal: "
		    "BOARD ship", text);
		return -1;
	}
	if ((t = orders_target(o, ship, argv[1], file, line, text, d)) < 0)
		return -1;
	if (classic_ids_contain(s->attr[CL_A_RAKED_BY].s,
	    o->st->ships[t].id)) {
		diag_error(d, file, line, "%s: %s raked %s, and a raked ship "
		    "cannot board the ship that raked it; legal: BOARD another "
		    "enemy ship", text, o->st->ships[t].id, s->id);
		return -1;
	}
	so->board = t;
	so->board_line = line;
	return 0;
}

static int
verb_repulse(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct classic_ship_orders *so = ship_orders(o, ship);

	if (argc == 2 && strcasecmp(argv[1], "CUT") == 0)
		so->repulse = CL_REPULSE_CUT;
	else if (argc == 2 && strcasecmp(argv[1], "COUNTER") == 0)
		so->repulse = CL_REPULSE_COUNTER;
	else {
		diag_error(d, file, line, "%s: REPULSE says what to do after "
		    "beating off boarders; legal: REPULSE CUT or REPULSE "
		    "COUNTER", text);
		return -1;
	}
	return 0;
}

static int
verb_rake(struct nv_orders *o, int ship, char **argv, size_t argc,
    const char *file, unsigned line, const char *text, struct diag *d)
{
	struct classic_ship_orders *so = ship_orders(o, ship);

	if (argc == 1)
		so->rake = CL_RAKE_ANY;
	else if (argc == 2 && strcasecmp(argv[1], "PORT") == 0)
		so->rake = CL_RAKE_PORT;
	else if (argc == 2 && strcasecmp(argv[1], "STARBOARD") == 0)
		so->rake = CL_RAKE_STARBOARD;
	else if (argc == 2 && strcasecmp(argv[1], "NONE") == 0)
		so->rake = CL_RAKE_NONE;
	else {
		diag_error(d, file, line, "%s: RAKE takes the side to slip to; "
		    "legal: RAKE, RAKE PORT, RAKE STARBOARD or RAKE NONE",
		    text);
		return -1;
	}
	return 0;
}

void
classic_move_complete(const struct classic_ship_orders *so, int *speed,
    unsigned char *steps, int *nsteps)
{
	int	i;

	if (so->has_move) {
		memcpy(steps, so->steps, (size_t)so->nsteps);
		*nsteps = so->nsteps;
		if (so->has_speed)
			*speed = so->speed;
		else if (so->nsteps == 1 && so->steps[0] == CL_STEP_B)
			*speed = -1;
		else
			for (*speed = 0, i = 0; i < so->nsteps; i++)
				*speed += so->steps[i] == CL_STEP_F;
		return;
	}
	*speed = so->speed;
	*nsteps = 0;
	if (so->speed < 0)
		steps[(*nsteps)++] = CL_STEP_B;
	for (i = 0; i < so->speed && i < NV_PLOT_MAX; i++)
		steps[(*nsteps)++] = CL_STEP_F;
}

static void
format_move(const struct classic_ship_orders *so, const char *id,
    struct buf *b)
{
	unsigned char	steps[NV_PLOT_MAX];
	int		speed, n, i;

	classic_move_complete(so, &speed, steps, &n);
	if (speed < 0 && n == 1 && steps[0] == CL_STEP_B) {
		buf_printf(b, "SHIP %s MOVE B\n", id);
		return;
	}
	buf_printf(b, "SHIP %s SPEED %d", id, speed);
	if (n > 0)
		buf_adds(b, " MOVE");
	for (i = 0; i < n; i++)
		buf_printf(b, " %c", step_letters[steps[i]]);
	buf_addc(b, '\n');
}

void
classic_format(const struct nv_orders *o, struct buf *b)
{
	const struct classic_orders	*co = o->rs;
	const struct classic_ship_orders *so;
	const struct nv_state		*st = o->st;
	struct classic_fire		*f;
	size_t				 i, j, nf;
	const char			*id;

	for (i = 0; i < st->nships; i++) {
		so = &co->ships[i];
		id = st->ships[i].id;
		if (so->has_speed || so->has_move)
			format_move(so, id, b);
		classic_fire_resolve(st, (int)i, so, &f, &nf, NULL);
		for (j = 0; j < nf; j++) {
			buf_printf(b, "SHIP %s FIRE %d %s AT %s", id,
			    f[j].count, weapon_words[f[j].weapon],
			    st->ships[f[j].target].id);
			if (f[j].phase > 0)
				buf_printf(b, " PHASE %d", f[j].phase);
			buf_addc(b, '\n');
		}
		classic_fire_free(f, nf);
		if (so->board >= 0)
			buf_printf(b, "SHIP %s BOARD %s\n", id,
			    st->ships[so->board].id);
		if (so->repulse != NULL)
			buf_printf(b, "SHIP %s REPULSE %s\n", id,
			    strcmp(so->repulse, CL_REPULSE_COUNTER) == 0 ?
			    "COUNTER" : "CUT");
		if (so->rake != NULL && strcmp(so->rake, CL_RAKE_ANY) == 0)
			buf_printf(b, "SHIP %s RAKE\n", id);
		else if (so->rake != NULL)
			buf_printf(b, "SHIP %s RAKE %s\n", id,
			    strcmp(so->rake, CL_RAKE_PORT) == 0 ? "PORT" :
			    strcmp(so->rake, CL_RAKE_STARBOARD) == 0 ?
			    "STARBOARD" : "NONE");
	}
}
