/* play-fix.c: the GM's corrections of the state (navarch ship set,
 * squadron add, a ship moved to another squadron, a squadron's standing
 * order set by the admiral) as the audit log keeps them (see play.h).
 *
 * A correction is made on the state of an open turn T and audited with
 * action PLAY_FIX_ACTION, "turn T ship S", or PLAY_FIX_SQ_ACTION, "turn T
 * squadron Q", and a KEY=VALUE a line.  It
 * stays in effect until a rollback to the start of a turn R < T discards
 * T's state (the store's rollback entry says "to the start of turn R:
 * ..."): then the correction is gone with it.  Replay re-applies the
 * corrections in effect, and the report of turn T shows those made on T;
 * both read them here. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "orders.h"
#include "play-int.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "strutil.h"
#include "xalloc.h"
#include "xmlsafe.h"

static void
fix_free(struct play_fix *f)
{
	size_t	i;

	for (i = 0; i < f->nkv; i++)
		free(f->kv[i]);
	free(f->kv);
	free(f->id);
	memset(f, 0, sizeof *f);
}

/* "turn T ship S\nK=V\n..." (or squadron Q for kind SQUADRON): 0, or -1
 * if the entry is not one. */
static int
fix_parse(const char *details, enum play_fix_kind kind, struct play_fix *f)
{
	char	*copy = xstrdup(details), *line, *nl, *w[5];
	size_t	 n;
	int	 rc = -1;

	memset(f, 0, sizeof *f);
	line = copy;
	if ((nl = strchr(line, '\n')) != NULL)
		*nl = '\0';
	n = str_split_words(line, w, 5);
	if (n == 4 && strcmp(w[0], "turn") == 0 && strcmp(w[2], kind ==
	    PLAY_FIX_SHIP ? "ship" : "squadron") == 0 &&
	    str_to_int(w[1], 1, 1000000, &f->turn) == 0) {
		f->kind = kind;
		f->id = xstrdup(w[3]);
		rc = 0;
	}
	while (rc == 0 && nl != NULL) {
		line = nl + 1;
		if ((nl = strchr(line, '\n')) != NULL)
			*nl = '\0';
		f->kv = xreallocarray(f->kv, f->nkv + 1, sizeof *f->kv);
		f->kv[f->nkv++] = xstrdup(line);
	}
	free(copy);
	if (rc != 0)
		fix_free(f);
	return rc;
}

void
play_fixes_audit(struct play_fixes *fx, const struct store_audit *a)
{
	struct play_fix	f;
	size_t		i, j;
	int		to;

	if (a->details == NULL)
		return;
	if ((strcmp(a->action, PLAY_FIX_ACTION) == 0 &&
	    fix_parse(a->details, PLAY_FIX_SHIP, &f) == 0) ||
	    (strcmp(a->action, PLAY_FIX_SQ_ACTION) == 0 &&
	    fix_parse(a->details, PLAY_FIX_SQUADRON, &f) == 0)) {
		fx->v = xreallocarray(fx->v, fx->n + 1, sizeof *fx->v);
		fx->v[fx->n++] = f;
	}
	if (strcmp(a->action, "rollback") == 0 &&
	    sscanf(a->details, "to the start of turn %d:", &to) == 1) {
		for (i = 0, j = 0; i < fx->n; i++) {
			if (fx->v[i].turn > to)
				fix_free(&fx->v[i]);
			else
				fx->v[j++] = fx->v[i];
		}
		fx->n = j;
	}
}

static int
audit_cb(const struct store_audit *a, void *arg)
{
	play_fixes_audit(arg, a);
	return 0;
}

enum play_code
play_fixes_load(struct store *s, const char *game, struct play_fixes *fx,
    char **cause)
{
	enum store_code	code;

	memset(fx, 0, sizeof *fx);
	code = store_audit_list(s, game, audit_cb, fx, cause);
	if (code != STORE_OK)
		play_fixes_free(fx);
	return play_store_code(code);
}

void
play_fixes_free(struct play_fixes *fx)
{
	size_t	i;

	for (i = 0; i < fx->n; i++)
		fix_free(&fx->v[i]);
	free(fx->v);
	memset(fx, 0, sizeof *fx);
}

/* --- applying one ------------------------------------------------------- */

#define FIX_FILE	"correction"

/* The state's element <name id="id">, or NULL; *last the last <name>. */
static xmlNodePtr
find_elem(xmlDocPtr doc, const char *name, const char *id, xmlNodePtr *last)
{
	xmlNodePtr	 n;
	char		*v;
	int		 hit;

	*last = NULL;
	for (n = xmlsafe_child(xmlDocGetRootElement(doc)); n != NULL;
	    n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, name))
			continue;
		*last = n;
		v = xmlsafe_attr(n, "id");
		hit = v != NULL && strcmp(v, id) == 0;
		free(v);
		if (hit)
			return n;
	}
	return NULL;
}

static void
attr_names(xmlNodePtr n, struct buf *b)
{
	xmlAttrPtr	a;

	for (a = n->properties; a != NULL; a = a->next)
		if (strcmp((const char *)a->name, "id") != 0)
			buf_printf(b, "%s%s", b->len > 0 ? ", " : "",
			    (const char *)a->name);
}

/* May key be set on element n (of the fix's kind)?  A ship's attributes
 * are those it has, and squadron (a ship in none may join one); a
 * squadron's, side, name and standing. */
static int
settable(const struct play_fix *f, xmlNodePtr n, const char *key,
    struct buf *legal)
{
	if (f->kind == PLAY_FIX_SQUADRON) {
		buf_adds(legal, "side, name, standing");
		return strcmp(key, "side") == 0 || strcmp(key, "name") == 0 ||
		    strcmp(key, "standing") == 0;
	}
	attr_names(n, legal);
	if (xmlHasProp(n, (const xmlChar *)"squadron") == NULL)
		buf_adds(legal, ", squadron");
	return xmlHasProp(n, (const xmlChar *)key) != NULL ||
	    strcmp(key, "squadron") == 0;
}

/* Applies every KEY=VALUE of f to the element; errors to d. */
static void
set_attrs(xmlNodePtr n, const struct play_fix *f, struct diag *d)
{
	struct buf	 legal = BUF_INIT;
	const char	*eq, *p, *what = f->kind == PLAY_FIX_SHIP ? "ship" :
			    "squadron";
	char		*key;
	size_t		 i;

	for (i = 0; i < f->nkv; i++) {
		eq = strchr(f->kv[i], '=');
		for (p = f->kv[i]; *p != '\0' && (unsigned char)*p >= ' '; p++)
			;
		if (eq == NULL || eq == f->kv[i] || *p != '\0') {
			diag_error(d, FIX_FILE, 0, "'%s': expected KEY=VALUE "
			    "on one line, e.g. %s", f->kv[i], f->kind ==
			    PLAY_FIX_SHIP ? "hull=5" : "name=The van");
			continue;
		}
		key = xstrndup(f->kv[i], (size_t)(eq - f->kv[i]));
		buf_reset(&legal);
		if (strcmp(key, "id") == 0)
			diag_error(d, FIX_FILE, 0, "'%s': a %s's id cannot "
			    "change", f->kv[i], what);
		else if (!settable(f, n, key, &legal))
			diag_error(d, FIX_FILE, 0, "'%s': %s %s has no "
			    "attribute %s; legal: %s", f->kv[i], what, f->id,
			    key, buf_str(&legal));
		else
			xmlSetProp(n, (const xmlChar *)key,
			    (const xmlChar *)(eq + 1));
		free(key);
	}
	buf_free(&legal);
}

/* A new <squadron id="f->id"/> where the schema has squadrons: after
 * the last one, else after the last side. */
static xmlNodePtr
add_squadron(xmlDocPtr doc, const struct play_fix *f, xmlNodePtr lastsq)
{
	xmlNodePtr	n = xmlNewNode(NULL, (const xmlChar *)"squadron");

	xmlNewProp(n, (const xmlChar *)"id", (const xmlChar *)f->id);
	if (lastsq == NULL)
		(void)find_elem(doc, "side", "", &lastsq);
	if (lastsq != NULL)
		xmlAddNextSibling(lastsq, n);
	else
		xmlAddChild(xmlDocGetRootElement(doc), n);
	return n;
}

/* The element f corrects, or NULL (reported); a squadron the state has
 * not is added. */
static xmlNodePtr
fix_target(xmlDocPtr doc, const struct nv_state *st, const struct play_fix *f,
    struct diag *d)
{
	struct buf	 b = BUF_INIT;
	xmlNodePtr	 n, last;
	size_t		 k;

	if (f->kind == PLAY_FIX_SQUADRON) {
		if ((n = find_elem(doc, "squadron", f->id, &last)) != NULL)
			return n;
		if (!str_is_id(f->id)) {
			diag_error(d, FIX_FILE, 0, "squadron id '%s': ids are "
			    "1-%d of lower-case a-z, 0-9, '_' and '-'", f->id,
			    NV_ID_MAX);
			return NULL;
		}
		return add_squadron(doc, f, last);
	}
	if ((n = find_elem(doc, "ship", f->id, &last)) != NULL)
		return n;
	for (k = 0; k < st->nships; k++)
		buf_printf(&b, "%s%s", k > 0 ? ", " : "", st->ships[k].id);
	diag_error(d, FIX_FILE, 0, "there is no ship %s; ships: %s", f->id,
	    buf_str(&b));
	buf_free(&b);
	return NULL;
}

int
play_fix_apply(const struct play_game *g, const struct nv_state *st,
    const struct play_fix *f, char **out, struct diag *d)
{
	struct buf	 b = BUF_INIT;
	struct nv_state	*fixed = NULL;
	xmlDocPtr	 doc;
	xmlNodePtr	 n;
	xmlChar		*mem = NULL;
	size_t		 errors = d->errors;
	int		 size = 0;

	*out = NULL;
	state_xml_save(st, &b);
	doc = xmlsafe_parse(FIX_FILE, buf_str(&b), b.len, d);
	buf_free(&b);
	if (doc == NULL)
		return -1;
	if ((n = fix_target(doc, st, f, d)) != NULL)
		set_attrs(n, f, d);
	if (d->errors == errors)
		xmlDocDumpMemory(doc, &mem, &size);
	xmlFreeDoc(doc);
	if (mem == NULL)
		return -1;
	if (play_parse_state(g, FIX_FILE, (const char *)mem, (size_t)size,
	    &fixed, d) == 0) {
		state_xml_save(fixed, &b);
		*out = buf_detach(&b);
	}
	xmlFree(mem);
	state_free(fixed);
	return *out != NULL ? 0 : -1;
}

int
play_fixes_apply(const struct play_game *g, const struct play_fixes *fx,
    int turn, struct nv_state **st, struct diag *d, size_t *failed)
{
	struct nv_state	*next;
	char		*xml;
	size_t		 i;

	for (i = 0; fx != NULL && i < fx->n; i++) {
		if (fx->v[i].turn != turn)
			continue;
		next = NULL;
		if (play_fix_apply(g, *st, &fx->v[i], &xml, d) == 0) {
			(void)play_parse_state(g, "corrected state", xml,
			    strlen(xml), &next, d);
			free(xml);
		}
		if (next == NULL) {
			if (failed != NULL)
				*failed = i;
			return -1;
		}
		state_free(*st);
		*st = next;
	}
	return 0;
}

/* "turn T ship S" (or squadron Q) and a KEY=VALUE a line. */
static char *
fix_details(const struct play_fix *f)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	buf_printf(&b, "turn %d %s %s", f->turn, f->kind == PLAY_FIX_SHIP ?
	    "ship" : "squadron", f->id);
	for (i = 0; i < f->nkv; i++)
		buf_printf(&b, "\n%s", f->kv[i]);
	return buf_detach(&b);
}

enum play_code
play_fix_store(struct store *s, const struct play_game *g, const char *game,
    const struct nv_state *st, const struct play_fix *f, int64_t now,
    const char *actor, struct nv_state **out, struct diag *d, char **cause)
{
	enum store_code	 code;
	char		*xml, *details;

	if (out != NULL)
		*out = NULL;
	if (play_fix_apply(g, st, f, &xml, d) != 0 || (out != NULL &&
	    play_parse_state(g, "corrected state", xml, strlen(xml), out,
	    d) != 0)) {
		*cause = xasprintf("the correction of %s %s cannot be made",
		    f->kind == PLAY_FIX_SHIP ? "ship" : "squadron", f->id);
		return PLAY_INPUT;
	}
	details = fix_details(f);
	code = store_state_set(s, game, f->turn, xml, cause);
	if (code == STORE_OK)
		code = store_audit_add(s, game, now, actor, f->kind ==
		    PLAY_FIX_SHIP ? PLAY_FIX_ACTION : PLAY_FIX_SQ_ACTION,
		    details, cause);
	free(details);
	free(xml);
	if (code != STORE_OK && out != NULL) {
		state_free(*out);
		*out = NULL;
	}
	return play_store_code(code);
}

/* --- a squadron's standing order ---------------------------------------- */

/* The ship the words are checked on: the first of squadron q on the map
 * sailing for side, else the side's first on the map; -1 for none.
 * *by_sq says which. */
static int
standing_ship(const struct nv_state *st, int side, int q, int *by_sq)
{
	size_t	k;
	int	pass;

	for (pass = q >= 0 ? 0 : 1; pass < 2; pass++)
		for (k = 0; k < st->nships; k++)
			if (st->ships[k].side == side &&
			    ship_on_map(&st->ships[k]) && (pass == 1 ||
			    state_ship_squadron(st, &st->ships[k]) == q)) {
				*by_sq = pass == 0;
				return (int)k;
			}
	return -1;
}

int
play_standing_check(const struct nv_state *st, int side, const char *squadron,
    const char *words, char **norm, struct diag *d)
{
	struct play_orderset	 set;
	struct nv_orders	*o;
	struct buf		 text = BUF_INIT, echo = BUF_INIT;
	const char		*p;
	char			*prefix, *name;
	size_t			 errors = d->errors;
	int			 k, q, by_sq = 0;

	*norm = NULL;
	q = state_squadron_index(st, squadron);
	if ((k = standing_ship(st, side, q, &by_sq)) < 0) {
		*norm = xstrdup(words);
		return 0;
	}
	prefix = by_sq ? xasprintf("SQUADRON %s STANDING ",
	    st->squadrons[q].id) : xasprintf("SHIP %s STANDING ",
	    st->ships[k].id);
	buf_printf(&text, "SIDE %s\n%s%s\n", st->sides[side].id, prefix,
	    words);
	memset(&set, 0, sizeof set);
	name = xasprintf("squadron %s", squadron);
	set.player = name;
	set.side = st->sides[side].id;
	set.text = buf_str(&text);
	o = play_orders_parse(st, &set, 1, 0, d);
	if (d->errors == errors) {
		orders_format(o, &echo);
		for (p = buf_str(&echo); p != NULL && *norm == NULL;
		    p = strchr(p, '\n') != NULL ? strchr(p, '\n') + 1 : NULL)
			if (strncmp(p, prefix, strlen(prefix)) == 0)
				*norm = xstrndup(p + strlen(prefix),
				    strcspn(p + strlen(prefix), "\n"));
		if (*norm == NULL)
			diag_error(d, "standing order", 0, "'%s': not an order "
			    "a ship may keep as a standing order", words);
	}
	orders_free(o);
	free(prefix);
	free(name);
	buf_free(&text);
	buf_free(&echo);
	return *norm != NULL ? 0 : -1;
}
