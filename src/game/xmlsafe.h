/* xmlsafe.h: parsing untrusted XML held in memory, with every error
 * collected as file:line.
 *
 * Ruleset, scenario and state files come from GMs and, through the store,
 * from earlier turns; they are parsed with no network access, no DTD
 * loading and no entity substitution, and a document with a DOCTYPE is
 * refused outright (so no entity tricks).  Documents over NV_XML_MAX bytes
 * are refused before parsing. */
#ifndef NV_XMLSAFE_H
#define NV_XMLSAFE_H

#include <stddef.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

struct diag;

/* Parses buf; returns the document (owned by the caller, xmlFreeDoc) or
 * NULL with the errors in diag. */
xmlDocPtr	xmlsafe_parse(const char *file, const char *buf, size_t len,
		    struct diag *);
/* libxml2's errors (not its warnings) as errors in d, file:line, counted:
 * the handler xmlsafe_parse sets, for a caller that parses by itself, a
 * stream for instance (xmlTextReaderSetStructuredErrorHandler(reader,
 * xmlsafe_collect, &errors)), with the options xmlsafe_parse uses. */
struct xmlsafe_errors {
	struct diag	*d;
	const char	*file;
	int		 count;
};
#define XMLSAFE_OPTIONS	(XML_PARSE_NONET | XML_PARSE_NOCDATA)
void		xmlsafe_collect(void *errors, xmlErrorPtr);
/* Validates doc against the RelaxNG schema text rng; 0, or -1 with every
 * violation in diag as file:line. */
int		xmlsafe_validate(xmlDocPtr, const char *file, const char *rng,
		    size_t rnglen, struct diag *);

/* Attribute helpers for loaders.  xmlsafe_attr returns the attribute's
 * value (owned by the caller, free()) or NULL when absent. */
char		*xmlsafe_attr(xmlNodePtr, const char *name);
/* The value of an attribute node (owned by the caller, free()), as
 * xmlsafe_attr gives it for its name (NULL too in the same case). */
char		*xmlsafe_attr_value(xmlAttrPtr);
/* The same without a copy when libxml2 holds the value as one text node,
 * as it does nearly every attribute: *whole is set to 1 and the value
 * (NULL as above) belongs to the attribute.  Else *whole is 0 and NULL
 * is returned: xmlsafe_attr_value gives the value. */
const char	*xmlsafe_attr_text(xmlAttrPtr, int *whole);
/* The text of an element and its descendants (owned by the caller,
 * free()), "" when it has none. */
char		*xmlsafe_text(xmlNodePtr);
/* Reads an integer attribute in [min, max]: 1 if present and valid, 0 if
 * absent (out untouched), -1 if malformed (error added to diag). */
int		 xmlsafe_int(xmlNodePtr, const char *name, long min, long max,
		    long *out, const char *file, struct diag *);
/* A module's integer attribute: its value, or def when absent (then an
 * error "<tag> has no NAME attribute; it is required" if required) or
 * malformed (xmlsafe_int reports it). */
int		 xmlsafe_get_int(xmlNodePtr, const char *name, long min,
		    long max, long def, int required, const char *file,
		    struct diag *);
/* The first child element of root called name, or NULL after the error
 * "the ruleset has no <NAME> element; WHO needs one". */
xmlNodePtr	 xmlsafe_need_child(xmlNodePtr root, const char *name,
		    const char *who, const char *file, struct diag *);
unsigned	 xmlsafe_line(xmlNodePtr);
/* Next element sibling (or first element child with xmlsafe_child). */
xmlNodePtr	 xmlsafe_child(xmlNodePtr);
xmlNodePtr	 xmlsafe_next(xmlNodePtr);
int		 xmlsafe_is(xmlNodePtr, const char *name);

#endif
