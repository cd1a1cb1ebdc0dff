/* play-archive.c: a game's self-contained archive (docs/gm-guide.md).
 *
 *   <navarch-archive version="1|2|3" game=".." ruleset=".." commitment=".."
 *       [seed=".."]>
 *     <scenario>the first state, canonical XML, as text</scenario>
 *     <turn number="N" adjudicated="0|1">
 *       <state>the stored state of turn N, as text</state>
 *       <orders player=".." side="..">the set in force, as received</orders>
 *       <event phase=".." kind=".." ship=".." other="..">sentence</event>
 *       <roll phase=".." label=".." purpose=".." ship=".." sides=".."
 *           result=".."/>
 *     </turn>
 *     <fix turn="T" ship="S"><set>KEY=VALUE</set>...</fix>
 *     <fix turn="T" squadron="Q"><set>KEY=VALUE</set>...</fix>
 *     <end turn="T" result="drawn|won" winner="S">reason</end>
 *   </navarch-archive>
 *
 * Everything a player needs to re-run the game with navarch replay
 * --archive FILE --verify, without the GM's database: only the ruleset
 * comes from the player's own installation.
 *
 * Version 2 adds <end>, an end the rules did not decide (an agreed draw,
 * a concession, the GM's); version 3 a <fix> of a squadron (navarch
 * squadron add, ASSIGN SQUADRON q STANDING).  An archive is written with
 * the lowest version that holds it, so that an older navarch still reads
 * what it can, and refuses by its version what it cannot; this one reads
 * all three. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "play-record.h"
#include "xalloc.h"
#include "xmlsafe.h"

#define ARCHIVE_VERSION		"1"
#define ARCHIVE_VERSION_END	"2"	/* with an <end> */
#define ARCHIVE_VERSION_SQUADRON "3"	/* with a squadron's <fix> */

/* The lowest version that holds r. */
static const char *
archive_version(const struct play_record *r)
{
	size_t	i;

	for (i = 0; i < r->fixes.n; i++)
		if (r->fixes.v[i].kind != PLAY_FIX_SHIP)
			return ARCHIVE_VERSION_SQUADRON;
	return r->end.turn > 0 ? ARCHIVE_VERSION_END : ARCHIVE_VERSION;
}
#define X(s)		((const xmlChar *)(s))

static void
prop_int(xmlNodePtr n, const char *name, long v)
{
	char	buf[32];

	snprintf(buf, sizeof buf, "%ld", v);
	xmlNewProp(n, X(name), X(buf));
}

static void
write_turn(xmlNodePtr root, const struct play_rec_turn *t)
{
	xmlNodePtr	n, c;
	size_t		i;

	n = xmlNewChild(root, NULL, X("turn"), NULL);
	prop_int(n, "number", t->turn);
	prop_int(n, "adjudicated", t->adjudicated);
	xmlNewTextChild(n, NULL, X("state"), X(t->state));
	for (i = 0; i < t->norders; i++) {
		c = xmlNewTextChild(n, NULL, X("orders"),
		    X(t->orders[i].text));
		xmlNewProp(c, X("player"), X(t->orders[i].player));
		xmlNewProp(c, X("side"), X(t->orders[i].side));
	}
	for (i = 0; i < t->nevents; i++) {
		c = xmlNewTextChild(n, NULL, X("event"), X(t->events[i].text));
		prop_int(c, "phase", t->events[i].phase);
		xmlNewProp(c, X("kind"), X(t->events[i].kind));
		xmlNewProp(c, X("ship"), X(t->events[i].ship));
		xmlNewProp(c, X("other"), X(t->events[i].other));
	}
	for (i = 0; i < t->nrolls; i++) {
		c = xmlNewChild(n, NULL, X("roll"), NULL);
		prop_int(c, "phase", t->rolls[i].phase);
		xmlNewProp(c, X("label"), X(t->rolls[i].label));
		xmlNewProp(c, X("purpose"), X(t->rolls[i].purpose));
		xmlNewProp(c, X("ship"), X(t->rolls[i].ship));
		prop_int(c, "sides", t->rolls[i].sides);
		prop_int(c, "result", t->rolls[i].result);
	}
}

static void
write_end(xmlNodePtr root, const struct play_rec_end *e)
{
	xmlNodePtr	n;

	n = xmlNewTextChild(root, NULL, X("end"), X(e->reason != NULL ?
	    e->reason : ""));
	prop_int(n, "turn", e->turn);
	if (e->result != NULL)
		xmlNewProp(n, X("result"), X(e->result));
	if (e->winner != NULL && e->winner[0] != '\0')
		xmlNewProp(n, X("winner"), X(e->winner));
}

/* --- writing ------------------------------------------------------------
 *
 * The bytes are those xmlDocDumpFormatMemoryEnc(doc, ..., "UTF-8", 1)
 * gives for the whole document (what version 1 wrote): the declaration,
 * the root's start tag, each child indented by two spaces at level 1 and
 * followed by a newline, the end tag.  Only the root and one child are
 * ever in memory: each child is dumped and freed before the next. */

struct awriter {
	int		(*write)(const char *, size_t, void *);
	void		*arg;
	int		 failed;
};

static int
out_write(void *ctx, const char *p, int n)
{
	struct awriter	*w = ctx;

	if (w->failed || n < 0 || w->write(p, (size_t)n, w->arg) != 0) {
		w->failed = 1;
		return -1;
	}
	return n;
}

/* Dumps root's last child as xmlDocDumpFormat places it, and frees it. */
static void
dump_child(xmlOutputBufferPtr out, xmlDocPtr doc, xmlNodePtr root)
{
	xmlNodePtr	n = root->last;

	xmlOutputBufferWrite(out, 2, "  ");
	xmlNodeDumpOutput(out, doc, n, 1, 1, "UTF-8");
	xmlOutputBufferWrite(out, 1, "\n");
	xmlOutputBufferFlush(out);
	xmlUnlinkNode(n);
	xmlFreeNode(n);
}

/* The root's start tag: the element dumped alone ("<name .../>"), its
 * "/>" made ">" (attribute values have their '>' escaped). */
static void
dump_start(xmlOutputBufferPtr out, xmlDocPtr doc, xmlNodePtr root)
{
	xmlBufferPtr		b = xmlBufferCreate();
	xmlOutputBufferPtr	o = xmlOutputBufferCreateBuffer(b, NULL);
	const char		*p;
	size_t			 len;

	xmlNodeDumpOutput(o, doc, root, 0, 1, "UTF-8");
	xmlOutputBufferClose(o);
	p = (const char *)xmlBufferContent(b);
	len = (size_t)xmlBufferLength(b);
	if (len >= 2 && strcmp(p + len - 2, "/>") == 0)
		len -= 2;
	xmlOutputBufferWrite(out, (int)len, p);
	xmlOutputBufferWrite(out, 2, ">\n");
	xmlBufferFree(b);
}

static xmlNodePtr
new_root(xmlDocPtr doc, const struct play_record *r, int with_seed)
{
	xmlNodePtr	root = xmlNewNode(NULL, X("navarch-archive"));

	xmlDocSetRootElement(doc, root);
	xmlNewProp(root, X("version"), X(archive_version(r)));
	xmlNewProp(root, X("game"), X(r->game));
	xmlNewProp(root, X("ruleset"), X(r->ruleset));
	xmlNewProp(root, X("commitment"), X(r->commitment));
	if (with_seed && r->seed != NULL)
		xmlNewProp(root, X("seed"), X(r->seed));
	return root;
}

static void
write_fixes(xmlOutputBufferPtr out, xmlDocPtr doc, xmlNodePtr root,
    const struct play_record *r)
{
	xmlNodePtr	n;
	size_t		i, j;

	for (i = 0; i < r->fixes.n; i++) {
		n = xmlNewChild(root, NULL, X("fix"), NULL);
		prop_int(n, "turn", r->fixes.v[i].turn);
		xmlNewProp(n, X(r->fixes.v[i].kind == PLAY_FIX_SHIP ? "ship" :
		    "squadron"), X(r->fixes.v[i].id));
		for (j = 0; j < r->fixes.v[i].nkv; j++)
			xmlNewTextChild(n, NULL, X("set"),
			    X(r->fixes.v[i].kv[j]));
		dump_child(out, doc, root);
	}
}

int
play_archive_write(struct play_record *r, int with_seed,
    int (*load)(struct play_rec_turn *, void *),
    int (*write)(const char *, size_t, void *), void *arg)
{
	struct awriter		 w = { write, arg, 0 };
	xmlOutputBufferPtr	 out;
	xmlDocPtr		 doc = xmlNewDoc(X("1.0"));
	xmlNodePtr		 root;
	struct play_rec_turn	*t;
	size_t			 i;
	int			 loaded;

	/* As the whole document's dump: attributes in UTF-8, not escaped. */
	doc->encoding = xmlStrdup(X("UTF-8"));
	out = xmlOutputBufferCreateIO(out_write, NULL, &w, NULL);
	root = new_root(doc, r, with_seed);
	xmlOutputBufferWriteString(out,
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	dump_start(out, doc, root);
	xmlNewTextChild(root, NULL, X("scenario"), X(r->scenario));
	dump_child(out, doc, root);
	for (i = 0; i < r->nturns && !w.failed; i++) {
		t = &r->turns[i];
		loaded = 0;
		if (t->state == NULL && load != NULL) {
			if (load(t, arg) != 0) {
				w.failed = 1;
				break;
			}
			loaded = 1;
		}
		write_turn(root, t);
		dump_child(out, doc, root);
		if (loaded)
			play_rec_turn_clear(t);
	}
	if (!w.failed) {
		write_fixes(out, doc, root, r);
		if (r->end.turn > 0) {
			write_end(root, &r->end);
			dump_child(out, doc, root);
		}
		xmlOutputBufferWriteString(out, "</navarch-archive>\n");
	}
	if (xmlOutputBufferClose(out) < 0)
		w.failed = 1;
	xmlFreeDoc(doc);
	return w.failed ? -1 : 0;
}

static int
buf_write(const char *p, size_t n, void *arg)
{
	buf_add(arg, p, n);
	return 0;
}

void
play_archive_xml(const struct play_record *r, int with_seed, struct buf *out)
{
	/* Every turn is loaded: nothing is filled nor emptied. */
	(void)play_archive_write((struct play_record *)r, with_seed, NULL,
	    buf_write, out);
}

/* --- reading ------------------------------------------------------------ */

struct areader {
	const char	*file;
	struct diag	*d;
};

/* A required attribute (owned by the caller); "" and an error if absent. */
static char *
req(const struct areader *a, xmlNodePtr n, const char *name)
{
	char	*v = xmlsafe_attr(n, name);

	if (v == NULL) {
		diag_error(a->d, a->file, xmlsafe_line(n), "<%s> has no %s "
		    "attribute", (const char *)n->name, name);
		v = xstrdup("");
	}
	return v;
}

static int
req_int(const struct areader *a, xmlNodePtr n, const char *name, long min,
    long max)
{
	long	v = 0;

	if (xmlsafe_int(n, name, min, max, &v, a->file, a->d) == 0)
		diag_error(a->d, a->file, xmlsafe_line(n), "<%s> has no %s "
		    "attribute", (const char *)n->name, name);
	return (int)v;
}

static char *
text(xmlNodePtr n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s = xstrdup(c != NULL ? (const char *)c : "");

	xmlFree(c);
	return s;
}

static void
read_turn_child(const struct areader *a, xmlNodePtr c, struct play_rec_turn *t)
{
	struct play_rec_orders	*o;
	struct play_rec_event	*e;
	struct play_rec_roll	*r;

	if (xmlsafe_is(c, "state")) {
		free(t->state);
		t->state = text(c);
	} else if (xmlsafe_is(c, "orders")) {
		t->orders = xreallocarray(t->orders, t->norders + 1,
		    sizeof *t->orders);
		o = &t->orders[t->norders++];
		o->player = req(a, c, "player");
		o->side = req(a, c, "side");
		o->text = text(c);
	} else if (xmlsafe_is(c, "event")) {
		t->events = xreallocarray(t->events, t->nevents + 1,
		    sizeof *t->events);
		e = &t->events[t->nevents++];
		e->phase = req_int(a, c, "phase", 0, 1000);
		e->kind = req(a, c, "kind");
		e->ship = req(a, c, "ship");
		e->other = req(a, c, "other");
		e->text = text(c);
	} else if (xmlsafe_is(c, "roll")) {
		t->rolls = xreallocarray(t->rolls, t->nrolls + 1,
		    sizeof *t->rolls);
		r = &t->rolls[t->nrolls++];
		r->phase = req_int(a, c, "phase", 0, 1000);
		r->label = req(a, c, "label");
		r->purpose = req(a, c, "purpose");
		r->ship = req(a, c, "ship");
		r->sides = req_int(a, c, "sides", 1, 1000000);
		r->result = req_int(a, c, "result", 1, 1000000);
	} else
		diag_error(a->d, a->file, xmlsafe_line(c), "unexpected <%s> "
		    "in <turn>; legal: state, orders, event, roll",
		    (const char *)c->name);
}

static void
read_turn(const struct areader *a, xmlNodePtr n, struct play_record *r)
{
	struct play_rec_turn	*t;
	xmlNodePtr		 c;

	r->turns = xreallocarray(r->turns, r->nturns + 1, sizeof *r->turns);
	t = &r->turns[r->nturns++];
	memset(t, 0, sizeof *t);
	t->turn = req_int(a, n, "number", 1, 1000000);
	t->adjudicated = req_int(a, n, "adjudicated", 0, 1);
	for (c = xmlsafe_child(n); c != NULL; c = xmlsafe_next(c))
		read_turn_child(a, c, t);
	if (t->state == NULL) {
		diag_error(a->d, a->file, xmlsafe_line(n), "<turn number="
		    "\"%d\"> has no <state>", t->turn);
		t->state = xstrdup("");
	}
}

static void
read_fix(const struct areader *a, xmlNodePtr n, struct play_record *r)
{
	struct play_fix	*f;
	xmlNodePtr	 c;

	r->fixes.v = xreallocarray(r->fixes.v, r->fixes.n + 1,
	    sizeof *r->fixes.v);
	f = &r->fixes.v[r->fixes.n++];
	memset(f, 0, sizeof *f);
	f->turn = req_int(a, n, "turn", 1, 1000000);
	/* A squadron's correction names the squadron instead. */
	if ((f->id = xmlsafe_attr(n, "squadron")) != NULL)
		f->kind = PLAY_FIX_SQUADRON;
	else
		f->id = req(a, n, "ship");
	for (c = xmlsafe_child(n); c != NULL; c = xmlsafe_next(c)) {
		f->kv = xreallocarray(f->kv, f->nkv + 1, sizeof *f->kv);
		f->kv[f->nkv++] = text(c);
	}
}

static void
read_end(const struct areader *a, xmlNodePtr n, struct play_record *r)
{
	if (r->end.turn > 0) {
		diag_error(a->d, a->file, xmlsafe_line(n), "a second <end>: a "
		    "game ends once");
		return;
	}
	r->end.turn = req_int(a, n, "turn", 1, 1000000);
	r->end.result = xmlsafe_attr(n, "result");
	r->end.winner = xmlsafe_attr(n, "winner");
	if (r->end.result != NULL && r->end.winner == NULL)
		r->end.winner = xstrdup("");
	r->end.reason = text(n);
	if (r->end.result != NULL && strcmp(r->end.result, "drawn") != 0 &&
	    strcmp(r->end.result, "won") != 0)
		diag_error(a->d, a->file, xmlsafe_line(n), "<end result=\"%s\">:"
		    " legal: drawn, won", r->end.result);
}

static void
read_root(const struct areader *a, xmlNodePtr root, struct play_record *r)
{
	xmlNodePtr	 n;
	char		*v;

	if (!xmlsafe_is(root, "navarch-archive")) {
		diag_error(a->d, a->file, xmlsafe_line(root), "<%s>: not a "
		    "navarch archive (navarch export --archive writes one)",
		    (const char *)root->name);
		return;
	}
	v = req(a, root, "version");
	if (strcmp(v, ARCHIVE_VERSION) != 0 &&
	    strcmp(v, ARCHIVE_VERSION_END) != 0 &&
	    strcmp(v, ARCHIVE_VERSION_SQUADRON) != 0)
		diag_error(a->d, a->file, xmlsafe_line(root), "archive version "
		    "'%s': this navarch reads versions %s to %s", v,
		    ARCHIVE_VERSION, ARCHIVE_VERSION_SQUADRON);
	free(v);
	r->game = req(a, root, "game");
	r->ruleset = req(a, root, "ruleset");
	r->commitment = req(a, root, "commitment");
	r->seed = xmlsafe_attr(root, "seed");
	for (n = xmlsafe_child(root); n != NULL; n = xmlsafe_next(n)) {
		if (xmlsafe_is(n, "scenario") && r->scenario == NULL)
			r->scenario = text(n);
		else if (xmlsafe_is(n, "turn"))
			read_turn(a, n, r);
		else if (xmlsafe_is(n, "fix"))
			read_fix(a, n, r);
		else if (xmlsafe_is(n, "end"))
			read_end(a, n, r);
		else
			diag_error(a->d, a->file, xmlsafe_line(n), "unexpected "
			    "<%s>; legal: scenario, turn, fix, end",
			    (const char *)n->name);
	}
	if (r->scenario == NULL)
		diag_error(a->d, a->file, xmlsafe_line(root), "no <scenario>");
}

int
play_archive_parse(const char *name, const char *xml, size_t len,
    struct play_record *r, struct diag *d)
{
	struct areader	 a = { name, d };
	xmlDocPtr	 doc;
	size_t		 before = d->errors;

	memset(r, 0, sizeof *r);
	doc = xmlsafe_parse(name, xml, len, d);
	if (doc != NULL) {
		read_root(&a, xmlDocGetRootElement(doc), r);
		xmlFreeDoc(doc);
	}
	if (d->errors > before || doc == NULL) {
		play_record_free(r);
		return -1;
	}
	return 0;
}
