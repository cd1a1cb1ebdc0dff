/* mailproc-read.c: what the daemon reads of a mail.
 *
 * The parser (mail_parse) gives the text of the mail; a reply's text ends
 * where the mail it answers begins (mail_reply_read, docs/mail-parsing.md,
 * "Replies"); the scanner (mailproc-scan.c) cuts the rest into routing
 * lines, orders and commands.  This is the one path from a parsed mail to
 * its orders: the daemon takes it, and so does the corpus of real mail
 * programs' messages (tests/unit/test_mail_corpus.c). */
#include "config.h"

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"

void
mp_scan_mail(const struct mail_msg *m, struct mp_scan *sc)
{
	struct mail_reply	r;

	mail_reply_read(m->body, m->body_len, &r);
	mp_scan_body(r.text, r.len, sc);
	sc->cut_line = r.cut_line;
	sc->cut = r.cut;
	r.cut = NULL;
	mail_reply_free(&r);
}

void
mp_read_to(xmlNodePtr parent, const struct mp_scan *sc, int quote)
{
	xmlNodePtr	n;

	if (sc->cut_line == 0)
		return;
	n = md_add(parent, "read-to", NULL);
	md_set_int(n, "line", (long)sc->cut_line);
	if (quote)
		md_set(n, "cut", sc->cut);
}
