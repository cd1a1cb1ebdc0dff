/* report-int.h: the report layer's internal interface (report.h is the
 * public one).  report-doc.c builds the document, report-fog.c decides
 * who sees what, report-orders.c writes the next turn's order template,
 * report-table.c lays out the ship table the ruleset's file describes,
 * a ruleset's own file (src/report/NAME/) adds its figures, report-xslt.c
 * runs templates and report-text.c enforces the rules of plain-text
 * mail. */
#ifndef NV_REPORT_INT_H
#define NV_REPORT_INT_H

#include <stddef.h>

#include <libxml/tree.h>

#include "hex.h"
#include "report.h"

struct buf;
struct nv_state;

/* --- report-fog.c ------------------------------------------------------- */

/* 1 when fog of war applies to this report: a side's report and a
 * visibility range set in the scenario. */
int	fog_active(const struct report_input *);
/* 1 if ship i is reported in this part (always for a whole report); an
 * event, die or line that names no ship (i < 0) belongs to part 1. */
int	report_in_part(const struct report_input *, int i);

/* A replay of the turn's events for one reader: where every ship was
 * after each event (the events' snapshots), so that an event is shown
 * only when the reader saw every ship it concerns at that moment. */
struct report_fog;

struct report_fog *fog_new(const struct report_input *);	/* owned */
void	fog_free(struct report_fog *);
/* Advances the replay past event k (events in order, each once) and
 * returns 1 if the reader may see it, 0 if not. */
int	fog_event(struct report_fog *, size_t k);

/* --- report-doc.c --------------------------------------------------------- */

/* The report document (owned by the caller, xmlFreeDoc), or NULL with
 * *cause set.  Only the attributes keep names are set (NULL: all). */
struct report_names;
xmlDocPtr report_doc_build(const struct report_input *,
	    const struct report_names *keep, char **cause);

/* 1 if the reader commands ship i of in->after: a ship of his side
 * (sailing for it, or taken from it), and for a player of a shared side
 * one whose commander he is (report_input.player). */
int	report_commands(const struct report_input *, int i);

/* Adds <name>text</name> under parent; text may be NULL (empty). */
xmlNodePtr doc_child(xmlNodePtr parent, const char *name, const char *text);
void	doc_set(xmlNodePtr, const char *name, const char *value);
void	doc_set_int(xmlNodePtr, const char *name, long value);

/* --- report-table.c ------------------------------------------------------ */

/* Sets ship i's cols: its row of the ruleset's ship table, laid out. */
void	report_table_cols(const struct nv_state *, int i, xmlNodePtr ship);
/* Adds <ship-table head legend> with a <column head value width> for each
 * of the ruleset's columns under root; returns it. */
xmlNodePtr report_table_doc(const struct report_input *, xmlNodePtr root);

/* --- report-names.c ----------------------------------------------------- */

/* The attribute names the stylesheet xsl can read (report-names.c says
 * how they are found), owned by the caller (report_names_free); NULL
 * when it can read any attribute. */
struct report_names *report_names_of(xmlDocPtr xsl);
/* 1 if name is among them (always, for NULL). */
int	report_names_has(const struct report_names *, const char *name);
void	report_names_free(struct report_names *);

/* --- report-orders.c ---------------------------------------------------- */

/* Adds <order-template> for the reader's side: one movement line per own
 * ship on the map (its report module's order_line), each checked against
 * the orders validator. */
void	report_order_template(const struct report_input *, xmlNodePtr root);
/* An order_line: "SHIP id SPEED n MOVE F ..." straight ahead at the
 * ship's speed (0 after backing), then each slower speed down to 0, then
 * "SHIP id MOVE B"; -1 after that. */
int	report_order_straight(const struct nv_state *, int i, int k,
	    struct buf *out);

/* --- a ruleset's report module (src/report/NAME/NAME-report.c) ----------- */

/* What a ruleset adds to its reports, registered in report-registry.c
 * by its ruleset's name.  ship(): its derived figures of ship i (speeds,
 * uses left, weapons as words; the ship table's columns and the detail
 * sentence for templates that take them) as attributes of node.
 * scores(): the running score of every side into score (nsides entries),
 * 1, or 0 when it has none.  doc() (may be NULL): its own elements of
 * the document's root (the ship table's heading and legend, each side's
 * losses), after the ships and the result.  order_line(): the k-th
 * (from 0) line the order template may offer own ship i, "SHIP id ..."
 * into out, and 0; -1 when it has no more (report-orders.c offers the
 * first the validator accepts; report_order_straight is the one of
 * rulesets ordering SPEED n MOVE F ...).  order_help: the order
 * template's explanation in the ruleset's words. */
struct report_module {
	const char	*ruleset;
	void		(*ship)(const struct nv_state *, int i, xmlNodePtr node);
	/* A value of ship i for the ship table (report-table.c) that the
	 * rules derive, as text appended to out: 1 if the module knows
	 * name, else 0 (out untouched). */
	int		(*value)(const struct nv_state *, int i, const char *name,
			    struct buf *out);
	int		(*scores)(const struct nv_state *, int *score);
	void		(*doc)(const struct report_input *, xmlNodePtr root);
	int		(*order_line)(const struct nv_state *, int i, int k,
			    struct buf *out);
	const char	*order_help;
};

/* The module for the state's ruleset, or NULL (report-registry.c). */
const struct report_module *report_module_find(const struct nv_state *);

/* --- report-text.c -------------------------------------------------------- */

/* Characters (code points) in the UTF-8 text s of n bytes. */
size_t	utf8_chars(const char *s, size_t n);

#endif
