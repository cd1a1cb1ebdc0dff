/* cmd-ship.c: navarch ship set GAME SHIP KEY=VALUE... (a GM's correction).
 *
 * The change is made on the state's canonical XML (KEY is an attribute
 * of the <ship> element) and the result is loaded again with
 * state_xml_load, so the schema and the ruleset check it exactly as they
 * check any state; a replay re-applies the same change the same way.  The
 * audit entry (PLAY_FIX_ACTION) holds "turn T ship S" and one KEY=VALUE a
 * line: that is what ctl-record.c reads back for replay and archives. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "ctl.h"
#include "play-record.h"
#include "diag.h"
#include "exitcode.h"
#include "state.h"
#include "state-xml.h"
#include "store.h"
#include "xalloc.h"
#include "xmlsafe.h"

#define FIX_FILE	"ship set"

static xmlNodePtr
find_ship(xmlDocPtr doc, const char *id)
{
	xmlNodePtr	 n;
	char		*v;
	int		 hit;

	for (n = xmlsafe_child(xmlDocGetRootElement(doc)); n != NULL;
	    n = xmlsafe_next(n)) {
		if (!xmlsafe_is(n, "ship"))
			continue;
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

/* Applies every KEY=VALUE to the element; errors to d. */
static void
set_attrs(xmlNodePtr n, const char *ship, char *const *kv, size_t nkv,
    struct diag *d)
{
	struct buf	 names = BUF_INIT;
	const char	*eq, *p;
	char		*key;
	size_t		 i;

	attr_names(n, &names);
	for (i = 0; i < nkv; i++) {
		eq = strchr(kv[i], '=');
		for (p = kv[i]; *p != '\0' && (unsigned char)*p >= ' '; p++)
			;
		if (eq == NULL || eq == kv[i] || *p != '\0') {
			diag_error(d, FIX_FILE, 0, "'%s': expected KEY=VALUE "
			    "on one line, e.g. hull=5", kv[i]);
			continue;
		}
		key = xstrndup(kv[i], (size_t)(eq - kv[i]));
		if (strcmp(key, "id") == 0)
			diag_error(d, FIX_FILE, 0, "'%s': a ship's id cannot "
			    "change", kv[i]);
		else if (xmlHasProp(n, (const xmlChar *)key) == NULL)
			diag_error(d, FIX_FILE, 0, "'%s': ship %s has no "
			    "attribute %s; legal: %s", kv[i], ship, key,
			    buf_str(&names));
		else
			xmlSetProp(n, (const xmlChar *)key,
			    (const xmlChar *)(eq + 1));
		free(key);
	}
	buf_free(&names);
}

int
ctl_ship_fix(const struct play_game *cg, const struct nv_state *st,
    const char *ship, char *const *kv, size_t nkv, char **out,
    struct diag *d)
{
	struct buf	 b = BUF_INIT;
	struct nv_state	*fixed = NULL;
	xmlDocPtr	 doc;
	xmlNodePtr	 n;
	xmlChar		*mem = NULL;
	size_t		 errors = d->errors;
	int		 k, size = 0;

	*out = NULL;
	if ((k = state_ship_index(st, ship)) < 0) {
		for (k = 0; k < (int)st->nships; k++)
			buf_printf(&b, "%s%s", k > 0 ? ", " : "",
			    st->ships[k].id);
		diag_error(d, FIX_FILE, 0, "there is no ship %s; ships: %s",
		    ship, buf_str(&b));
		buf_free(&b);
		return -1;
	}
	state_xml_save(st, &b);
	doc = xmlsafe_parse(FIX_FILE, buf_str(&b), b.len, d);
	buf_free(&b);
	if (doc == NULL)
		return -1;
	if ((n = find_ship(doc, st->ships[k].id)) != NULL)
		set_attrs(n, st->ships[k].id, kv, nkv, d);
	if (d->errors == errors)
		xmlDocDumpMemory(doc, &mem, &size);
	xmlFreeDoc(doc);
	if (mem == NULL)
		return -1;
	if (play_parse_state(cg, FIX_FILE, (const char *)mem, (size_t)size,
	    &fixed, d) == 0) {
		state_xml_save(fixed, &b);
		*out = buf_detach(&b);
	}
	xmlFree(mem);
	state_free(fixed);
	return *out != NULL ? 0 : -1;
}

/* "turn T ship S" and a KEY=VALUE a line: the audit details. */
static char *
fix_details(int turn, const char *ship, char *const *kv, size_t n)
{
	struct buf	b = BUF_INIT;
	size_t		i;

	buf_printf(&b, "turn %d ship %s", turn, ship);
	for (i = 0; i < n; i++)
		buf_printf(&b, "\n%s", kv[i]);
	return buf_detach(&b);
}

static int
ship_set_run(struct store *s, const char *game, const char *ship,
    char *const *kv, size_t n)
{
	struct play_game	 cg;
	struct diag	 d = DIAG_INIT;
	char		*xml = NULL, *cause = NULL, *actor, *details = NULL;
	int64_t		 now;
	int		 rc, code, turn;

	if ((rc = ctl_now(&now)) != 0)
		return rc;
	if ((code = store_begin(s, &cause)) != STORE_OK)
		return ctl_store_err(code, cause);
	if ((rc = ctl_game_load(s, game, -1, &cg, &turn)) != 0)
		goto out;
	if (ctl_ship_fix(&cg, cg.st, ship, kv, n, &xml, &d) != 0) {
		ctl_print_diag(&d);
		rc = ctl_err(NV_EXIT_INPUT, "nothing changed");
		goto out;
	}
	actor = ctl_actor();
	details = fix_details(turn, cg.st->ships[state_ship_index(cg.st,
	    ship)].id, kv, n);
	code = store_state_set(s, game, turn, xml, &cause);
	if (code == STORE_OK)
		code = store_audit_add(s, game, now, actor, PLAY_FIX_ACTION,
		    details, &cause);
	if (code == STORE_OK)
		code = store_commit(s, &cause);
	free(actor);
	if (code != STORE_OK)
		rc = ctl_store_err(code, cause);
	else
		fprintf(stderr, "navarch ship set: %s corrected in turn %d of "
		    "%s (audited)\n", ship, turn, game);
out:
	if (rc != 0)
		(void)store_abort(s, NULL);
	diag_free(&d);
	play_game_free(&cg);
	free(details);
	free(xml);
	return rc;
}

int
cmd_ship_set(int argc, char **argv)
{
	struct store	*s;
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 3, -1, &pos, &npos)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ship_set_run(s, pos[0], pos[1], pos + 2, (size_t)(npos - 2));
	store_close(s);
	return rc;
}
