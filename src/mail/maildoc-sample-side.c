/* maildoc-sample-side.c: the samples of a side's coordination by mail
 * (maildoc_samples): DIRECTIVE's answer and PREVIEW SIDE's, with the
 * help of both commands (mailproc-directive.c, mailproc-preview.c). */
#include "config.h"

#include <stddef.h>

#include "maildoc.h"
#include "maildoc-int.h"

/* The demo's map where the sample preview leaves nike and paralos. */
static const char side_map[] =
    "     05   06\n"
    "     ___\n"
    "    /A1 \\___\n"
    "08  \\___/A2 \\ 08\n";

static void
path(xmlNodePtr parent, const char *id, const char *player,
    const char *squadron, const char *from, const char *to,
    const char *cross)
{
	xmlNodePtr	s = md_add(parent, "ship", NULL);

	md_set(s, "id", id);
	md_set(s, "player", player);
	md_set(s, "squadron", squadron);
	md_set(s, "from", from);
	md_set(s, "facing", "SE");
	md_set(s, "to", to);
	md_set(s, "to-facing", "SE");
	md_set(md_add(s, "cross", NULL), "hex", cross);
}

static void
collision(xmlNodePtr parent, const char *between, const char *b,
    const char *bp, const char *bq)
{
	xmlNodePtr	n = md_add(parent, "collision", NULL);

	md_set(n, "phase", "2");
	md_set(n, "a", "nike");
	md_set(n, "b", b);
	md_set(n, "a-player", "athens-left");
	md_set(n, "b-player", bp);
	md_set(n, "a-squadron", "van");
	md_set(n, "b-squadron", bq);
	md_set(n, "between", between);
}

void
maildoc_sample_side(xmlNodePtr r)
{
	xmlNodePtr	n, w;

	n = md_add(r, "directive", NULL);
	md_set(n, "to", "ALL");
	md_set(n, "players", "athens-left, athens-right");
	md_set(n, "report", "2");
	md_lines(n, "line", "Hold the line off the island until phase 3\n");
	n = md_add(r, "directive", NULL);
	md_set(n, "to", "athens-left");
	md_set(n, "players", "athens-left");
	md_set(n, "report", "2");
	md_lines(n, "line", "Ram the flagship\n");
	n = md_add(r, "side-preview", NULL);
	md_set(n, "side", "athens");
	md_set(n, "sets", "2");
	path(n, "nike", "athens-left", "van", "0508", "0609", "0609");
	w = md_add(n->last, "would", NULL);
	md_set(w, "what", "collide");
	md_set(w, "other", "paralos");
	path(n, "paralos", "athens-right", "rear", "0607", "0609", "0608");
	path(n, "salaminia", "", "", "0409", "0410", "0410");
	collision(n, "players", "paralos", "athens-right", "rear");
	collision(n, "squadrons", "hygieia", "athens-left", "centre");
	collision(n, "squadron", "delos", "athens-left", "van");
	md_lines(md_add(n, "map", NULL), "line", side_map);
	n = md_add(r, "side-preview", NULL);
	md_set(n, "side", "athens");
	md_set(n, "sets", "0");
	md_set(n, "error", "the orders do not parse on the preview's board");
	n = md_add(r, "help", NULL);
	md_set(n, "gm", "no");
	w = md_add(n, "command", NULL);
	md_set(w, "name", "DIRECTIVE");
	md_set(w, "gm", "no");
	w = md_add(n, "command", NULL);
	md_set(w, "name", "PREVIEW");
	md_set(w, "gm", "no");
}
