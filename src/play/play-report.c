/* play-report.c: the reports of a played turn, for navarch turn
 * --report-dir, the daemon's report mails and RESEND (see play.h).
 *
 * A report is made from the turn's own result: the state it started in,
 * the state it ended in, its events, dice and orders, and the GM's
 * corrections made on it.  The daemon has that result in hand right after
 * adjudicating, so every reader's report of the turn comes from one play
 * of it; only a report of a past turn needs play_replay().  The report
 * layer builds the document, applies fog of war and the template and
 * checks the text; this file finds and compiles the templates (once for
 * all readers) and draws the map picture with the same fog as the text. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "fileio.h"
#include "map.h"
#include "map-svg.h"
#include "play-int.h"
#include "report.h"
#include "state.h"
#include "xalloc.h"

#ifndef NV_TEMPLATEDIR
#define NV_TEMPLATEDIR "/usr/local/share/navarch/templates"
#endif

/* Report templates are small; anything larger is a mistake. */
#define PLAY_TEMPLATE_MAX	(1024 * 1024)

#define NREADERS	3

static const char *const template_files[NREADERS] = {
	[REPORT_SIDE] = "report-side.xsl",
	[REPORT_GM] = "report-gm.xsl",
	[REPORT_OBSERVER] = "report-observer.xsl",
};

/* Compiled templates by path: a language's copy and the default are
 * two entries. */
struct play_tpl {
	char			*path;
	struct report_template	*t;
};

struct play_templates {
	char			*dir;
	char			*lang;		/* of the reports made next */
	struct play_tpl		*v;
	size_t			 n;
};

const char *
play_templatedir(const char *configured)
{
	const char	*env = getenv("NAVARCH_TEMPLATEDIR");

	if (configured != NULL)
		return configured;
	return env != NULL && *env != '\0' ? env : NV_TEMPLATEDIR;
}

const char *
play_template_file(enum report_reader r)
{
	switch (r) {
	case REPORT_SIDE:
	case REPORT_GM:
	case REPORT_OBSERVER:
		return template_files[r];
	}
	return template_files[REPORT_SIDE];
}

struct play_templates *
play_templates_new(const char *dir)
{
	struct play_templates	*t = xcalloc(1, sizeof *t);

	t->dir = xstrdup(dir);
	t->lang = xstrdup("");
	return t;
}

void
play_templates_free(struct play_templates *t)
{
	size_t	i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		report_template_free(t->v[i].t);
		free(t->v[i].path);
	}
	free(t->v);
	free(t->lang);
	free(t->dir);
	free(t);
}

void
play_templates_lang(struct play_templates *t, const char *lang)
{
	free(t->lang);
	t->lang = xstrdup(lang != NULL ? lang : "");
}

struct report_template *
play_template_get(struct play_templates *t, const char *lang,
    const char *file, char **cause)
{
	struct report_template	*tpl = NULL;
	char			*path, *text, *c = NULL;
	size_t			 i, len;

	path = play_template_path(t->dir, lang, file);
	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i].path, path) == 0) {
			free(path);
			return t->v[i].t;
		}
	if (file_read(path, PLAY_TEMPLATE_MAX, &text, &len, &c) != 0) {
		*cause = xasprintf("%s (templatedir in navarchd.conf or "
		    "$NAVARCH_TEMPLATEDIR names the directory of the "
		    "templates)", c);
		free(c);
	} else {
		tpl = report_template_load(path, text, len, cause);
		free(text);
	}
	if (tpl == NULL) {
		free(path);
		return NULL;
	}
	t->v = xreallocarray(t->v, t->n + 1, sizeof *t->v);
	t->v[t->n].path = path;
	t->v[t->n++].t = tpl;
	return tpl;
}

/* reader's template in the language in hand, compiled on first use.
 * NULL with *cause. */
static struct report_template *
template_of(struct play_templates *t, enum report_reader reader,
    char **cause)
{
	return play_template_get(t, t->lang, play_template_file(reader),
	    cause);
}

void
play_played(struct play_played *p, const char *game,
    const struct nv_state *before, const struct play_result *r)
{
	memset(p, 0, sizeof *p);
	p->game = game;
	p->before = before;
	p->after = r->next;
	p->ev = &r->ev;
	p->orders = r->orders;
	p->dice = r->dice;
	p->turn = before->turn;
}

/* The corrections of the turn played, as the report shows them: the
 * ship and "hull=5 holes=0".  *out owned (the texts too); the count. */
static size_t
corrections(const struct play_played *p, struct report_correction **out)
{
	struct buf	 b = BUF_INIT;
	size_t		 i, j, n = 0;

	*out = NULL;
	for (i = 0; p->fixes != NULL && i < p->fixes->n; i++) {
		const struct play_fix	*f = &p->fixes->v[i];

		/* A squadron's correction is no ship's. */
		if (f->turn != p->turn || f->kind != PLAY_FIX_SHIP)
			continue;
		buf_reset(&b);
		for (j = 0; j < f->nkv; j++)
			buf_printf(&b, "%s%s", j > 0 ? " " : "", f->kv[j]);
		*out = xreallocarray(*out, n + 1, sizeof **out);
		(*out)[n].ship = f->id;
		(*out)[n].text = xstrdup(buf_str(&b));
		n++;
	}
	buf_free(&b);
	return n;
}

/* The map of the state after the turn as a picture for in's reader.  A
 * side's is cut by report_fog_end, the same flags its text report's map
 * and ship tables use, so the picture can show nothing the text hides;
 * the GM's and observers' flags are all set (no fog).  A part's picture
 * is a window around its ships. */
static int
report_svg(const struct report_input *in, struct buf *out, char **cause)
{
	struct map_opts	 o = MAP_OPTS_INIT;
	unsigned char	*vis, *wvis;
	int		 rc;

	vis = xcalloc(in->after->nships + 1, 1);
	wvis = xcalloc(in->after->nwrecks + 1, 1);
	report_fog_end(in, vis, wvis);
	o.side = in->reader == REPORT_SIDE ? in->side : -1;
	o.ship_visible = vis;
	o.wreck_visible = wvis;
	o.ship_place = in->part_ships;
	rc = map_svg(in->after, &o, out, cause);
	free(vis);
	free(wvis);
	return rc;
}

static void
input_of(const struct play_played *p, enum report_reader reader, int side,
    struct report_input *in)
{
	memset(in, 0, sizeof *in);
	in->game = p->game;
	in->before = p->before;
	in->after = p->after;
	in->ev = p->ev;
	in->orders = p->orders;
	in->rolls = p->dice != NULL ? dice_rolls(p->dice, &in->nrolls) :
	    NULL;
	in->deadline = p->deadline;
	in->reader = reader;
	in->side = reader == REPORT_SIDE ? side : -1;
	if (reader == REPORT_SIDE) {
		in->directives = p->directives;
		in->ndirectives = p->ndirectives;
	}
}

void
play_view_of(const struct play_roster *r, const struct nv_state *st,
    const char *id, struct play_view *v)
{
	const struct play_player *me = play_roster_find(r, id), *p;
	size_t			 i, j;
	int			 k;

	memset(v, 0, sizeof *v);
	if (me == NULL || me->removed || me->sole)
		return;
	v->player = me->id;
	v->admiral = me->admiral;
	v->commander = xcalloc(st->nships + 1, sizeof *v->commander);
	/* The roster's ship lists are disjoint (a ship has one commander),
	 * each of its player's side's ships. */
	for (i = 0; i < r->np; i++) {
		p = &r->p[i];
		if (p->removed || strcmp(p->side, me->side) != 0)
			continue;
		for (j = 0; j < p->nships; j++)
			if ((k = state_ship_index(st, p->ships[j])) >= 0)
				v->commander[k] = p->id;
	}
}

void
play_view_free(struct play_view *v)
{
	free(v->commander);
	memset(v, 0, sizeof *v);
}

enum play_code
play_report(const struct play_played *p, struct play_templates *t,
    enum report_reader reader, int side, const struct play_part *part,
    const struct play_view *view, unsigned flags, struct play_report *out,
    char **cause)
{
	struct report_template	 *tpl;
	struct report_correction *fx;
	struct report_input	  in;
	size_t			  i, nfx;
	enum play_code		  rc = PLAY_CONFIG;

	memset(out, 0, sizeof *out);
	out->reader = reader;
	out->side = reader == REPORT_SIDE ? side : -1;
	if (reader == REPORT_SIDE && (side < 0 ||
	    (size_t)side >= p->after->nsides)) {
		*cause = xasprintf("no side %d to report to", side);
		return PLAY_INPUT;
	}
	if ((tpl = template_of(t, reader, cause)) == NULL)
		return PLAY_CONFIG;
	input_of(p, reader, side, &in);
	in.own_story = (flags & PLAY_REPORT_OWN) != 0;
	if (reader == REPORT_SIDE && view != NULL && view->player != NULL) {
		in.player = view->player;
		in.commander = view->commander;
		in.admiral = view->admiral;
	}
	if (part != NULL && part->ships != NULL) {
		in.part_ships = part->ships;
		in.part = part->n;
		in.parts = part->of;
	}
	nfx = corrections(p, &fx);
	in.corrections = fx;
	in.ncorrections = nfx;
	if (report_template_apply(tpl, &in, &out->text, cause) != 0)
		goto out;
	if ((flags & PLAY_REPORT_SVG) && report_svg(&in, &out->svg,
	    cause) != 0)
		goto out;
	if ((flags & PLAY_REPORT_XML) && report_doc_xml(&in, &out->xml,
	    cause) != 0)
		goto out;
	rc = PLAY_OK;
out:
	for (i = 0; i < nfx; i++)
		free((char *)fx[i].text);
	free(fx);
	if (rc != PLAY_OK)
		play_report_free(out);
	return rc;
}

/* Adds a part of the ships of list[from, to). */
static void
add_part(struct play_parts *out, const struct nv_state *st, const int *list,
    size_t from, size_t to)
{
	struct play_part	*pt;
	size_t			 i;

	out->v = xreallocarray(out->v, out->n + 1, sizeof *out->v);
	pt = &out->v[out->n++];
	pt->ships = xcalloc(st->nships + 1, 1);
	for (i = from; i < to; i++)
		pt->ships[list[i]] = 1;
	pt->n = (int)out->n;
}

void
play_report_parts(const struct play_played *p, enum report_reader reader,
    int side, size_t max, struct play_parts *out)
{
	const struct nv_state	*st = p->after;
	struct report_input	 in;
	unsigned char		*vis, *wvis;
	size_t			 i, n = 0, k;
	int			*list, own, pass;

	memset(out, 0, sizeof *out);
	input_of(p, reader, side, &in);
	vis = xcalloc(st->nships + 1, 1);
	wvis = xcalloc(st->nwrecks + 1, 1);
	report_fog_end(&in, vis, wvis);
	list = xcalloc(st->nships + 1, sizeof *list);
	/* A side's own ships first (also those lost), then the enemies on
	 * the map that it sees, each in id order. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < st->nships; i++) {
			own = reader != REPORT_SIDE || st->ships[i].side ==
			    side || st->ships[i].owner == side;
			if (pass == 0 ? own : !own && ship_on_map(&st->ships[i])
			    && vis[i])
				list[n++] = (int)i;
		}
	if (max == 0 || n <= max) {
		out->v = xcalloc(1, sizeof *out->v);
		out->v[0].n = out->v[0].of = 1;
		out->n = 1;
	} else
		for (k = 0; k < n; k += max)
			add_part(out, st, list, k, k + max < n ? k + max : n);
	for (i = 0; i < out->n; i++)
		out->v[i].of = (int)out->n;
	free(list);
	free(vis);
	free(wvis);
}

void
play_parts_free(struct play_parts *ps)
{
	size_t	i;

	for (i = 0; i < ps->n; i++)
		free(ps->v[i].ships);
	free(ps->v);
	memset(ps, 0, sizeof *ps);
}

void
play_report_free(struct play_report *r)
{
	buf_free(&r->text);
	buf_free(&r->svg);
	buf_free(&r->xml);
}
