/* maildoc-int.h: what the sample mails' files share (maildoc_samples);
 * not for callers. */
#ifndef NV_MAILDOC_INT_H
#define NV_MAILDOC_INT_H

#include <libxml/tree.h>

/* An answer with HELP topic (ALL, ORDERS, FIRE, BOARD, PRESS), and an
 * observer's answer; owned by the caller (xmlFreeDoc). */
xmlDocPtr	maildoc_sample_help(const char *topic);
xmlDocPtr	maildoc_sample_observer(void);
/* ORDERS FOR TURN n: the answer (outcome NULL), or the mail when the
 * turn opened (outcome "illegal", "late"). */
xmlDocPtr	maildoc_sample_ahead(const char *outcome);
/* LIST and JOIN's answer (games: how many open games listed, and the
 * JOINs' outcomes when there are any), the GM's request. */
xmlDocPtr	maildoc_sample_lobby(int games);
xmlDocPtr	maildoc_sample_command_parts_request(void);
/* The notice "reassigned" to the player who takes ships (reader
 * "takes") or loses them ("loses"), made at once (now) or not. */
xmlDocPtr	maildoc_sample_reassigned(const char *reader, int now);
/* The notice "standing" to a squadron's captain: set by the admiral by
 * (from the next turn), or by the GM at once (by NULL); standing NULL:
 * taken back.  The notice "uncommanded" to the side's admiral, or to the
 * GM (admiral NULL). */
xmlDocPtr	maildoc_sample_standing(const char *by, const char *standing);
xmlDocPtr	maildoc_sample_uncommanded(const char *admiral);
/* An acknowledgement's parts: a ship moved into a squadron, a
 * squadron's standing order, a draw offer withdrawn, under r. */
void		maildoc_sample_command_parts(xmlNodePtr r);
/* <help gm="no"> with every player's command, under parent
 * (maildoc-sample.c). */
void		maildoc_sample_commands(xmlNodePtr parent);
/* The parts of SET key value (every key and value), ABSENT and SET
 * alone, under r (maildoc-sample-help.c). */
void		maildoc_sample_set(xmlNodePtr r);
/* DIRECTIVE's and PREVIEW SIDE's answers and help, under r
 * (maildoc-sample-side.c). */
void		maildoc_sample_side(xmlNodePtr r);

#endif
