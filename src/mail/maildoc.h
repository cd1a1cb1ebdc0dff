/* maildoc.h: the document behind every mail the daemon words itself:
 * answers, rejections, refusals, reminders, help, press and notices
 * (the turn reports have their own document, src/report/report.h).
 *
 * The C code never words such a mail.  It builds a small XML document,
 * <mail kind="answer" game="demo" ...> with one element per thing to
 * say, and templates/mail.xsl turns it into the subject and the body
 * (docs/templates.md lists the kinds and elements).  A GM changes the
 * wording by editing that file.  What the document quotes (a player's
 * order lines, a press message, an error found in a mail) is data, made
 * safe here: valid UTF-8, no control characters. */
#ifndef NV_MAILDOC_H
#define NV_MAILDOC_H

#include <libxml/tree.h>

struct buf;
struct report_template;

/* The template file of these mails, in the template directory. */
#define MAILDOC_TEMPLATE	"mail.xsl"

/* A new document <mail kind="kind"/>; owned by the caller (xmlFreeDoc). */
xmlDocPtr	maildoc_new(const char *kind);
xmlNodePtr	maildoc_root(xmlDocPtr);	/* owned by the document */

/* Adds <name> under parent, holding text when it is not NULL (made
 * safe).  The node is owned by the document. */
xmlNodePtr	md_add(xmlNodePtr parent, const char *name, const char *text);
/* Sets an attribute (made safe, and one line: LF becomes a space); a
 * NULL value sets none. */
void	md_set(xmlNodePtr, const char *name, const char *value);
void	md_setf(xmlNodePtr, const char *name, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	md_set_int(xmlNodePtr, const char *name, long);
/* One <name> element under parent for every line of text (LF ends a
 * line; an empty text adds none). */
void	md_lines(xmlNodePtr parent, const char *name, const char *text);

/* Runs the template over the document.  The template writes a first
 * line "Subject: ...", a blank line, then the body.  Returns 0 with
 * *subject (owned by the caller) and the body appended to body, or -1
 * with *cause (owned by the caller): the template failed, wrote no
 * subject, or broke the rules of plain text (a tab, a control
 * character, invalid UTF-8); body is then unchanged.  Lines are not
 * limited to 76 characters, since a mail may quote a player's longer
 * line, but to MAILDOC_LINE_MAX: a longer one (and subject) is cut and
 * ends in "...". */
#define MAILDOC_LINE_MAX	1000
int	maildoc_render(const struct report_template *, xmlDocPtr,
	    char **subject, struct buf *body, char **cause);

/* Sample documents of every kind and every part of an answer, as the
 * daemon builds them, for checking a GM's mail.xsl before the daemon
 * uses it (navarch templates).  Calls fn with a name ("answer-player",
 * "refused-gm", ...) and each document (owned by the call) until fn
 * returns non-zero; returns that, or 0. */
typedef int (*maildoc_sample_fn)(const char *name, xmlDocPtr, void *arg);
int	maildoc_samples(maildoc_sample_fn, void *arg);

#endif
