/* play-archive-read.c: reading an archive (play-archive.c says what it
 * holds), a turn at a time.
 *
 * navarch replay --archive reads the whole game, and an archive grows
 * with it (about 11 MB a turn at 10,000 ships): a tree of the whole file,
 * as libxml2 builds one, holds several times that.  So the file is read
 * with libxml2's reader, twice.  The first pass checks all of it, each
 * element expanded, taken and freed in turn (a turn child by child), and
 * keeps the record's head: the scenario, the corrections and the end
 * (small, and written after the turns, yet needed from the first turn
 * on), and each turn's number.  The second gives the turns one at a time
 * to the replay.  So a file with an error anywhere is refused before any
 * turn is replayed, with every error found (file and line), as when it
 * was read whole; and the memory is that of one turn.  Each turn, and
 * the scenario, may take NV_XML_MAX bytes, as a file read whole could;
 * the archive itself has no limit.
 *
 * Standard input ("-") or a pipe cannot be read twice: it is copied to a
 * temporary file first (deleted at once, so nothing is left behind). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include <libxml/xmlreader.h>

#include "diag.h"
#include "play-int.h"
#include "play-record.h"
#include "ruleset.h"
#include "xalloc.h"
#include "xmlsafe.h"

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

static void
read_turn_child(const struct areader *a, xmlNodePtr c, struct play_rec_turn *t)
{
	struct play_rec_orders	*o;
	struct play_rec_event	*e;
	struct play_rec_roll	*r;

	if (xmlsafe_is(c, "state")) {
		free(t->state);
		t->state = xmlsafe_text(c);
	} else if (xmlsafe_is(c, "orders")) {
		t->orders = xreallocarray(t->orders, t->norders + 1,
		    sizeof *t->orders);
		o = &t->orders[t->norders++];
		o->player = req(a, c, "player");
		o->side = req(a, c, "side");
		o->text = xmlsafe_text(c);
	} else if (xmlsafe_is(c, "event")) {
		t->events = xreallocarray(t->events, t->nevents + 1,
		    sizeof *t->events);
		e = &t->events[t->nevents++];
		e->phase = req_int(a, c, "phase", 0, 1000);
		e->kind = req(a, c, "kind");
		e->ship = req(a, c, "ship");
		e->other = req(a, c, "other");
		e->text = xmlsafe_text(c);
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
		f->kv[f->nkv++] = xmlsafe_text(c);
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
	r->end.reason = xmlsafe_text(n);
	if (r->end.result != NULL && strcmp(r->end.result, "drawn") != 0 &&
	    strcmp(r->end.result, "won") != 0)
		diag_error(a->d, a->file, xmlsafe_line(n), "<end result=\"%s\">:"
		    " legal: drawn, won", r->end.result);
}


/* The turn the reader is on, at depth 1: its attributes, then each child
 * expanded, read and freed (the reader frees a subtree once past it).
 * Leaves the reader past the turn: 1, 0 (the end of the file) or -1. */
static int
stream_turn(xmlTextReaderPtr r, const struct areader *a,
    struct play_rec_turn *t)
{
	xmlNodePtr	n = xmlTextReaderCurrentNode(r), c;
	unsigned	line = xmlsafe_line(n);
	long		start = xmlTextReaderByteConsumed(r);
	int		ret;

	memset(t, 0, sizeof *t);
	t->turn = req_int(a, n, "number", 1, 1000000);
	t->adjudicated = req_int(a, n, "adjudicated", 0, 1);
	if (xmlTextReaderIsEmptyElement(r))
		ret = xmlTextReaderRead(r);
	else {
		ret = xmlTextReaderRead(r);
		while (ret == 1 && xmlTextReaderDepth(r) > 1) {
			if (xmlTextReaderNodeType(r) !=
			    XML_READER_TYPE_ELEMENT) {
				ret = xmlTextReaderRead(r);
				continue;
			}
			if ((c = xmlTextReaderExpand(r)) == NULL) {
				ret = -1;
				break;
			}
			read_turn_child(a, c, t);
			ret = xmlTextReaderNext(r);
			if (xmlTextReaderByteConsumed(r) - start > NV_XML_MAX) {
				diag_error(a->d, a->file, line, "<turn number="
				    "\"%d\"> is larger than %d bytes", t->turn,
				    NV_XML_MAX);
				return -1;
			}
		}
		/* The turn's end tag. */
		if (ret == 1)
			ret = xmlTextReaderRead(r);
	}
	if (t->state == NULL) {
		diag_error(a->d, a->file, line, "<turn number=\"%d\"> has no "
		    "<state>", t->turn);
		t->state = xstrdup("");
	}
	return ret;
}

/* The root's attributes.  0, or -1 when it is no archive (nothing more
 * is read then). */
static int
read_head(const struct areader *a, xmlNodePtr root, struct play_record *r)
{
	char	*v;

	if (!xmlsafe_is(root, "navarch-archive")) {
		diag_error(a->d, a->file, xmlsafe_line(root), "<%s>: not a "
		    "navarch archive (navarch export --archive writes one)",
		    (const char *)root->name);
		return -1;
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
	return 0;
}

/* The child of the root the reader is on, other than a turn: taken,
 * and the reader moved past it.  1, 0 or -1 as xmlTextReaderNext. */
static int
read_other(xmlTextReaderPtr r, const struct areader *a, struct play_record *rec)
{
	xmlNodePtr	n;
	long		start = xmlTextReaderByteConsumed(r);
	int		ret;

	if ((n = xmlTextReaderExpand(r)) == NULL)
		return -1;
	if (xmlsafe_is(n, "scenario") && rec->scenario == NULL)
		rec->scenario = xmlsafe_text(n);
	else if (xmlsafe_is(n, "fix"))
		read_fix(a, n, rec);
	else if (xmlsafe_is(n, "end"))
		read_end(a, n, rec);
	else
		diag_error(a->d, a->file, xmlsafe_line(n), "unexpected "
		    "<%s>; legal: scenario, turn, fix, end",
		    (const char *)n->name);
	ret = xmlTextReaderNext(r);
	if (ret >= 0 && xmlTextReaderByteConsumed(r) - start > NV_XML_MAX) {
		diag_error(a->d, a->file, xmlsafe_line(n), "<%s> is larger "
		    "than %d bytes", (const char *)n->name, NV_XML_MAX);
		return -1;
	}
	return ret;
}

struct play_archive {
	char			*name;
	int			 fd;
	xmlTextReaderPtr	 r;
	struct xmlsafe_errors	 errs;
	struct diag		 quiet;		/* the second pass's: the
						   first found them all */
	int			 again;		/* the second pass began */
};

/* A reader from the start of the file, its errors into d; on the root
 * element: 1, or 0 / -1 with an error in d. */
static int
start(struct play_archive *pa, struct diag *d)
{
	int	ret;

	xmlFreeTextReader(pa->r);
	pa->r = NULL;
	pa->errs.d = d;
	pa->errs.file = pa->name;
	pa->errs.count = 0;
	if (lseek(pa->fd, 0, SEEK_SET) != 0 || (pa->r =
	    xmlReaderForFd(pa->fd, pa->name, NULL, XMLSAFE_OPTIONS)) == NULL) {
		diag_error(d, pa->name, 0, "cannot read the file: %s",
		    strerror(errno));
		return -1;
	}
	xmlTextReaderSetStructuredErrorHandler(pa->r, xmlsafe_collect,
	    &pa->errs);
	while ((ret = xmlTextReaderRead(pa->r)) == 1 &&
	    xmlTextReaderNodeType(pa->r) != XML_READER_TYPE_ELEMENT)
		if (xmlTextReaderNodeType(pa->r) ==
		    XML_READER_TYPE_DOCUMENT_TYPE) {
			diag_error(d, pa->name, 1, "DOCTYPE declarations are "
			    "not allowed in Navarch files");
			return -1;
		}
	if (ret != 1 && pa->errs.count == 0)
		diag_error(d, pa->name, 0, "not a well-formed XML document");
	return ret == 1 ? 1 : -1;
}

/* The first pass: every child of the root, each turn emptied once read.
 * Structural errors go to sd, libxml2's to d. */
static int
first_pass(struct play_archive *pa, struct play_record *rec,
    struct diag *d, struct diag *sd)
{
	struct areader		 a = { pa->name, sd };
	struct play_rec_turn	*t;
	xmlTextReaderPtr	 r = pa->r;
	xmlNodePtr		 root = xmlTextReaderCurrentNode(r);
	unsigned		 line = xmlsafe_line(root);
	int			 ret;

	if (read_head(&a, root, rec) != 0)
		return -1;
	ret = xmlTextReaderIsEmptyElement(r) ? 0 : xmlTextReaderRead(r);
	while (ret == 1 && xmlTextReaderDepth(r) > 0) {
		if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT) {
			ret = xmlTextReaderRead(r);
			continue;
		}
		if (!xmlStrEqual(xmlTextReaderConstLocalName(r),
		    BAD_CAST "turn")) {
			ret = read_other(r, &a, rec);
			continue;
		}
		rec->turns = xreallocarray(rec->turns, rec->nturns + 1,
		    sizeof *rec->turns);
		t = &rec->turns[rec->nturns++];
		ret = stream_turn(r, &a, t);
		play_rec_turn_clear(t);
	}
	/* To the end: nothing may follow the root but comments. */
	while (ret == 1)
		ret = xmlTextReaderRead(r);
	if (ret != 0 && pa->errs.count == 0)
		diag_error(d, pa->name, 0, "not a well-formed XML document");
	if (rec->scenario == NULL && ret == 0)
		diag_error(sd, pa->name, line, "no <scenario>");
	return ret == 0 ? 0 : -1;
}

/* What descriptor in gives (a pipe, standard input) copied to a file of
 * its own, removed at once: its descriptor, or -1 with an error in d.
 * Closes in. */
static int
spool(int in, const char *name, struct diag *d)
{
	FILE	*f = tmpfile();
	char	 chunk[8192];
	ssize_t	 n = 0;
	int	 fd = -1;

	if (f == NULL)
		diag_error(d, name, 0, "cannot make a temporary file: %s",
		    strerror(errno));
	else {
		while ((n = read(in, chunk, sizeof chunk)) > 0)
			if (fwrite(chunk, 1, (size_t)n, f) != (size_t)n)
				break;
		if (n != 0 || fflush(f) != 0 || (fd = dup(fileno(f))) < 0)
			diag_error(d, name, 0, "cannot be read: %s",
			    strerror(errno));
		fclose(f);
	}
	if (in != STDIN_FILENO)
		close(in);
	return fd;
}

/* The file at path as a descriptor that can be read twice (a file; what
 * is not is copied into one), or -1 with an error in d. */
static int
open_twice(const char *path, struct diag *d)
{
	struct stat	sb;
	int		fd;

	if (strcmp(path, "-") == 0)
		return spool(STDIN_FILENO, path, d);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ||
	    fstat(fd, &sb) != 0) {
		diag_error(d, path, 0, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (S_ISDIR(sb.st_mode)) {
		diag_error(d, path, 0, "a directory, not an archive");
		close(fd);
		return -1;
	}
	return S_ISREG(sb.st_mode) ? fd : spool(fd, path, d);
}

void
play_archive_close(struct play_archive *pa)
{
	if (pa == NULL)
		return;
	xmlFreeTextReader(pa->r);
	if (pa->fd >= 0)
		close(pa->fd);
	diag_free(&pa->quiet);
	free(pa->name);
	free(pa);
}

int
play_archive_open(const char *path, struct play_record *rec,
    struct play_archive **out, struct diag *d)
{
	struct play_archive	*pa = xcalloc(1, sizeof *pa);
	struct diag		 sd = DIAG_INIT;
	size_t			 before = d->errors;
	int			 ok = 0;

	memset(rec, 0, sizeof *rec);
	*out = NULL;
	pa->name = xstrdup(path);
	if ((pa->fd = open_twice(path, d)) >= 0 && start(pa, d) == 1)
		ok = first_pass(pa, rec, d, &sd) == 0;
	/* A file libxml2 refused has only its errors, as when it was
	 * parsed whole: what the structure seemed to lack follows from
	 * them. */
	if (pa->errs.count == 0)
		diag_merge(d, &sd);
	diag_free(&sd);
	if (!ok || d->errors > before) {
		play_record_free(rec);
		play_archive_close(pa);
		return -1;
	}
	*out = pa;
	return 0;
}

int
play_archive_turn(struct play_archive *pa, struct play_rec_turn *t,
    struct diag *d)
{
	struct areader	 a = { pa->name, &pa->quiet };
	int		 want = t->turn, ret = 1;

	play_rec_turn_clear(t);
	if (!pa->again) {
		/* The first turn: from the root, once more. */
		pa->again = 1;
		if (start(pa, &pa->quiet) != 1 ||
		    xmlTextReaderIsEmptyElement(pa->r))
			ret = -1;
		else
			ret = xmlTextReaderRead(pa->r);
	}
	while (ret == 1 && xmlTextReaderDepth(pa->r) > 0 &&
	    (xmlTextReaderNodeType(pa->r) != XML_READER_TYPE_ELEMENT ||
	    !xmlStrEqual(xmlTextReaderConstLocalName(pa->r), BAD_CAST "turn")))
		ret = xmlTextReaderNodeType(pa->r) == XML_READER_TYPE_ELEMENT ?
		    xmlTextReaderNext(pa->r) : xmlTextReaderRead(pa->r);
	if (ret == 1 && xmlTextReaderDepth(pa->r) > 0)
		ret = stream_turn(pa->r, &a, t);
	else
		ret = -1;
	if (ret < 0 || t->turn != want || pa->quiet.errors > 0) {
		diag_error(d, pa->name, 0, "turn %d cannot be read again: the "
		    "file changed while it was replayed", want);
		play_rec_turn_clear(t);
		t->turn = want;
		return -1;
	}
	return 0;
}
