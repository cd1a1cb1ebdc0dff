/* report.h: turn reports for players, the GM and observers.
 *
 * A report is built in two steps.  report_doc_build() turns (state before
 * the turn, state after it, the turn's events, the orders in force, the
 * dice) into an XML report document for one reader: a side, the GM or an
 * observer.  Everything the reader may not know under fog of war is left
 * out of the document itself, so no template can leak it.  A template
 * (XSLT 1.0, libxslt, text output) then turns the document into the mail
 * body, and the result is checked against the rules of plain-text mail
 * (76 columns, no tabs, UTF-8).  docs/reports.md says what each reader
 * gets and why; docs/templates.md documents the document's elements.
 *
 * Like the rest of the report layer this never touches files, SQLite or
 * mail: the caller reads the template and passes its text in. */
#ifndef NV_REPORT_H
#define NV_REPORT_H

#include <stddef.h>

struct _xmlDoc;
struct buf;
struct nv_events;
struct nv_orders;
struct nv_roll;
struct nv_state;

/* Longest line of a report, in characters (UTF-8 code points). */
#define REPORT_WIDTH	76

enum report_reader {
	REPORT_SIDE,		/* one side's player(s): fog of war applies */
	REPORT_GM,		/* everything, the orders and every die */
	REPORT_OBSERVER,	/* everything but the orders */
};

/* What a report is made of.  Nothing here is owned by the struct.  The
 * document has no slot for a player's name or mail address: a side's
 * report is the same for every player of that side, but for the
 * admiral's directives to one of them (directives), which make that
 * report his own, and for a player of a shared side (player set): his
 * ships first, his order template. */
/* One GM correction: the ship and what was set ("hull=5 holes=0"). */
struct report_correction {
	const char	*ship;
	const char	*text;
};

/* An admiral's directive to the reader (DIRECTIVE by mail): who gave it,
 * in which turn, the text. */
struct report_directive {
	const char	*from;
	int		 turn;
	const char	*text;
};

struct report_input {
	const char		*game;		/* game id, or NULL */
	const struct nv_state	*before;	/* the state the turn started
						   from */
	const struct nv_state	*after;		/* the state it ended in */
	const struct nv_events	*ev;		/* the turn's events; the
						   turn_event snapshots are
						   needed for fog of war */
	const struct nv_orders	*orders;	/* orders in force, or NULL
						   (GM report only) */
	const struct nv_roll	*rolls;		/* the turn's dice, or NULL
						   (GM report only) */
	size_t			 nrolls;
	const char		*deadline;	/* next deadline as text, or
						   NULL */
	enum report_reader	 reader;
	int			 side;		/* REPORT_SIDE: side index */
	int			 sheets;	/* the map as every sheet, not
						   a window */
	int			 own_story;	/* REPORT_SIDE: the story
						   tells only the events of
						   the side's own ships (a
						   player's SET STORY OWN;
						   of a shared side, of his
						   ships: report_commands) */
	/* A player of a shared side (docs/reports.md, "A shared side"):
	 * his id (the order template's PLAYER line) and each ship's
	 * commander (one id or NULL per ship of after, the side's ships'
	 * alone read).  The ships he commands come first in the document
	 * (group "own"), the rest of his side after them (group "side");
	 * his order template holds his ships, the admiral's the whole
	 * side's (the others' as comments).  player NULL: the side's only
	 * player, who commands all of it. */
	const char		*player;
	const char *const	*commander;
	int			 admiral;
	/* The GM's corrections of ships made during the turn (navarch
	 * ship set), shown in the next report: a side sees those of its
	 * own ships, the GM and observers all of them. */
	const struct report_correction *corrections;
	size_t			 ncorrections;
	/* REPORT_SIDE made for one player: the directives the admiral gave
	 * that player, printed at the top of the report (of its first part
	 * only); NULL, 0 for a report the side's players share. */
	const struct report_directive *directives;
	size_t			 ndirectives;
	/* A part of a big battle's report (docs/reports.md, "Big
	 * battles"): only the ships flagged in part_ships (one flag per
	 * ship of after) are reported, with what concerns them: their
	 * table lines, the events, dice and orders that name one of them,
	 * their corrections and order-template lines; the map is placed
	 * around them.  What names no ship goes in part 1.  part is this
	 * part's number from 1, of parts; part_ships NULL (parts 0): the
	 * whole report. */
	const unsigned char	*part_ships;
	int			 part;
	int			 parts;
};

/* The report document as XML text (UTF-8, indented), appended to out:
 * what a template sees, for tests and for GMs writing templates.
 * Returns 0, or -1 with *cause set (owned by the caller) for an input
 * that does not fit (a side index out of range, states of different
 * games). */
int	report_doc_xml(const struct report_input *, struct buf *out,
	    char **cause);

/* A compiled template.  name is what error messages call it (the file
 * name); xsl its text.  Returns the template (owned by the caller,
 * report_template_free) or NULL with *cause (owned by the caller), e.g.
 * "report-side.xsl:12: ...": malformed XML, an XSLT compile error, an
 * output method other than text, or xsl:import/xsl:include (a template
 * stands alone). */
struct report_template *report_template_load(const char *name,
	    const char *xsl, size_t len, char **cause);
void	report_template_free(struct report_template *);
/* The name it was loaded with (owned by the template). */
const char *report_template_name(const struct report_template *);

/* Builds the document for in, applies the template and checks the text
 * (every line at most REPORT_WIDTH characters, no tabs, no control
 * characters, valid UTF-8, a final newline).  Appends the report to out
 * only when all went well: 0, or -1 with *cause (owned by the caller)
 * naming the template and, where libxslt knows it, the line; out is then
 * unchanged.  A template may not read or write files. */
int	report_template_apply(const struct report_template *,
	    const struct report_input *, struct buf *out, char **cause);

/* Applies a template to a document the caller built (not consumed; the
 * daemon's other mails, src/mail/maildoc.h), tidies the text as for a
 * report and checks it with report_text_check_width(width).  Appends the
 * text to out only when all went well: 0, or -1 with *cause (owned by
 * the caller); out is then unchanged. */
int	report_template_apply_doc(const struct report_template *,
	    struct _xmlDoc *doc, int width, struct buf *out, char **cause);

/* report_template_load, apply and free in one call. */
int	report_render(const struct report_input *, const char *name,
	    const char *xsl, size_t len, struct buf *out, char **cause);

/* Checks text against the rules of plain-text mail: 0, or -1 with *cause
 * (owned by the caller) saying which line breaks which rule. */
int	report_text_check(const char *text, size_t len, char **cause);
/* The same with another longest line: width characters, 0 for no limit
 * (mail that quotes a player's own lines, which may be longer). */
int	report_text_check_width(const char *text, size_t len, int width,
	    char **cause);

/* Wraps text to width characters: the first line starts with first, the
 * following ones with rest (a hanging indent); breaks at spaces, or
 * inside a word longer than the line.  Appends the lines, without a
 * final newline, to out. */
void	report_wrap(const char *text, const char *first, const char *rest,
	    int width, struct buf *out);

/* Fog of war at the end of the turn for side (the ships and wrecks of
 * in->after that side sees, one flag each, as map_opts wants them: its
 * own ships, also those no longer on the map, which the map numbers but
 * does not draw, and the others in sight).  Every flag is 1 without fog
 * (visibility 0) or for another reader.
 * ship_vis holds after->nships, wreck_vis after->nwrecks. */
void	report_fog_end(const struct report_input *, unsigned char *ship_vis,
	    unsigned char *wreck_vis);

/* The order lines of side's ships on the map in st, one "SHIP ..." line
 * each (and a newline), each legal as it stands: straight on at its
 * speed, or what an obligation demands (the order template of a side's
 * report; the welcome mail's too). */
void	report_order_lines(const struct nv_state *st, int side,
	    struct buf *out);

struct map_opts;
/* The map of st as side sees it now (report_fog_end on st alone): sets
 * o->side and o's visibility flags, which point into *ship_vis and
 * *wreck_vis (owned by the caller, free).  side < 0: the whole map, no
 * flags (both NULL). */
void	report_fog_map(const struct nv_state *st, int side,
	    struct map_opts *o, unsigned char **ship_vis,
	    unsigned char **wreck_vis);

#endif
