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
 * all three (play-archive-read.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "buf.h"
#include "diag.h"
#include "play-int.h"
#include "play-record.h"
#include "xalloc.h"
#include "xmlsafe.h"


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
