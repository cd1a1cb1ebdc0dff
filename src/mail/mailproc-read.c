/* mailproc-read.c: what the daemon reads of a mail.
 *
 * The parser (mail_parse) gives the text of the mail.  A reply's own text
 * ends where the mail it answers begins, and the lines a mail program adds
 * around a quote are no text of the sender's (mail_reply_line,
 * docs/mail-parsing.md, "Replies"); the scanner (mailproc-scan.c) cuts
 * what is left into routing lines, orders and commands.  Both read the
 * lines with the order language's lexer (orders-lex.h), so they agree on
 * what a comment, a quote, a signature and END are.  This is the one path
 * from a parsed mail to its orders: the daemon takes it, and so does the
 * corpus of real mail programs' messages (tests/unit/test_mail_corpus.c).
 *
 * What keeps a valid order from being lost: a line the player wrote (an
 * order or side line, a command, GM, PASSWORD, anything with a comment)
 * is never asked whether it is a separator; nor is a line of a PRESS
 * block, the player's message as written; nor anything after the
 * signature or END, where the scanner stops.  And a cut is never silent:
 * the answer says where reading stopped (mp_read_to). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "mime.h"
#include "orders-lex.h"
#include "strutil.h"
#include "xalloc.h"

/* Characters of the separator quoted in the answer. */
#define CUT_CHARS	60

/* The first word of the lexer's text t of a line (OLX_TEXT), or NULL:
 * it points into *copy, which the caller frees with mp_wipe_free (t may
 * be a PASSWORD line). */
static char *
first_word(const char *t, char **copy)
{
	char	*argv[1];

	*copy = xstrdup(t);
	return orders_lex_words(*copy, argv, 1) > 0 ? argv[0] : NULL;
}

/* 1 if the lexer's text t of line l is the player's: its first word
 * starts an order (a keyword, PASSWORD among them, or a ruleset's side
 * line) or is a command or GM, or the lexer took a comment off it. */
static int
players_line(const struct orders_lex_line *l, const char *t)
{
	const char	*p = l->raw, *e = l->raw + l->len;
	char		*copy, *w;
	int		 r;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (strlen(t) != (size_t)(e - p))
		return 1;		/* a comment */
	w = first_word(t, &copy);
	r = w != NULL && (orders_line_word(NULL, w) ||
	    mp_command_find(w) >= 0 || strcasecmp(w, "GM") == 0);
	mp_wipe_free(copy);
	return r;
}

/* 1 if the lexer's text t starts a PRESS block, as the scanner reads it
 * (its first word is the command PRESS). */
static int
starts_press(const char *t)
{
	char	*copy, *w;
	int	 r;

	w = first_word(t, &copy);
	r = w != NULL && mp_command_find(w) == MP_CMD_PRESS;
	mp_wipe_free(copy);
	return r;
}

/* Appends line l as written, its line end (if it has one) included: the
 * lexer lx has just read it. */
static void
add_line(struct buf *out, const struct orders_lex *lx,
    const struct orders_lex_line *l)
{
	buf_add(out, l->raw, (size_t)(lx->p - l->raw));
}

/* Reads one line of the text not in a PRESS block.  Returns 1 when the
 * reading ends there (a signature, END, the earlier mail). */
static int
read_line(struct orders_lex *lx, const struct orders_lex_line *l,
    struct mp_reply *r, struct buf *out, int *press)
{
	struct orders_lex_line	 skip;
	enum orders_lex_kind	 k;
	char			*copy, *t, *c;
	size_t			 n;
	int			 done = 0;

	k = orders_lex_clean(l, &copy, &t);
	if (k == OLX_STOP) {
		/* The scanner stops here too; what follows is kept for it
		 * as it is. */
		buf_add(out, l->raw, (size_t)(lx->end - l->raw));
		done = 1;
	} else if (k != OLX_TEXT || players_line(l, t)) {
		*press = k == OLX_TEXT && starts_press(t);
		add_line(out, lx, l);
	} else {
		switch (mail_reply_line(l->raw, lx->end, &n)) {
		case MAIL_REPLY_CUT:
			c = xstrndup(l->raw, l->len);
			r->cut_line = l->no;
			r->cut = str_utf8_cut(str_trim(c), CUT_CHARS);
			free(c);
			done = 1;
			break;
		case MAIL_REPLY_BLANK:
			buf_addc(out, '\n');
			while (--n > 0 && orders_lex_next(lx, &skip))
				buf_addc(out, '\n');
			break;
		case MAIL_REPLY_TEXT:
			add_line(out, lx, l);
			break;
		}
	}
	mp_wipe_free(copy);
	return done;
}

void
mp_reply_read(const char *body, size_t len, struct mp_reply *r)
{
	struct orders_lex	 lx;
	struct orders_lex_line	 l;
	struct buf		 out = BUF_INIT;
	int			 press = 0;

	memset(r, 0, sizeof *r);
	orders_lex_init(&lx, body, len);
	while (orders_lex_next(&lx, &l)) {
		/* A PRESS block is the player's message, as written, to
		 * END PRESS. */
		if (press) {
			press = !mp_end_press(l.raw, l.len);
			add_line(&out, &lx, &l);
			continue;
		}
		if (read_line(&lx, &l, r, &out, &press))
			break;
	}
	r->text = buf_detach(&out);
	r->len = strlen(r->text);
}

void
mp_reply_free(struct mp_reply *r)
{
	if (r == NULL)
		return;
	/* The text may hold a PASSWORD line. */
	if (r->text != NULL)
		explicit_bzero(r->text, r->len);
	free(r->text);
	free(r->cut);
	memset(r, 0, sizeof *r);
}

void
mp_scan_mail(const struct mail_msg *m, struct mp_scan *sc)
{
	struct mp_reply	r;

	mp_reply_read(m->body, m->body_len, &r);
	mp_scan_body(r.text, r.len, sc);
	sc->cut_line = r.cut_line;
	sc->cut = r.cut;
	r.cut = NULL;
	mp_reply_free(&r);
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
