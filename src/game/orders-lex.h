/* orders-lex.h: the order language's lexer and keyword table, the one
 * copy of "Reading the text" (docs/orders.md): the order parser
 * (orders.c) and the mail scanner (src/mail/mailproc-scan.c) both cut
 * text into lines with it, clear each line of mail clutter with it and
 * look its first word up in the table below.
 *
 * A text is a sequence of lines (LF or CRLF; a UTF-8 byte-order mark at
 * the start is no text).  Each line is raw (as written, for the mail's
 * PRESS blocks) until orders_lex_clean() classifies it: a signature
 * ("-- ", or "--") or END stops the text; a '>' line quotes an earlier
 * mail; '#' after a space or at the start begins a comment; what is left
 * is trimmed.  Words are runs of anything but spaces and tabs. */
#ifndef NV_ORDERS_LEX_H
#define NV_ORDERS_LEX_H

#include <stddef.h>

struct buf;
struct nv_ruleset;

/* The order language's words, each with whether it starts a line (the
 * others have a meaning inside one).  A ruleset adds the words of its
 * side lines (ops->side_verbs, ruleset.h) and its ship verbs; those are
 * not here. */
#define ORDERS_KEYWORDS(X)				\
	X(GAME,		"GAME",		1)		\
	X(SIDE,		"SIDE",		1)		\
	X(PLAYER,	"PLAYER",	1)		\
	X(PASSWORD,	"PASSWORD",	1)		\
	X(TURN,		"TURN",		1)		\
	X(SHIP,		"SHIP",		1)		\
	X(SQUADRON,	"SQUADRON",	1)		\
	X(END,		"END",		1)		\
	X(STANDING,	"STANDING",	0)		\
	X(NONE,		"NONE",		0)		\
	X(AT,		"AT",		0)		\
	X(FACING,	"FACING",	0)

enum orders_keyword {
#define X(e, s, line) OKW_##e,
	ORDERS_KEYWORDS(X)
#undef X
	OKW_COUNT
};

/* The keyword w is (any case), or -1. */
int		 orders_keyword(const char *w);
/* Its spelling, "SQUADRON" (static). */
const char	*orders_keyword_name(enum orders_keyword);
/* Appends the words that start a line, "GAME, SIDE, ... or END", with
 * the side verbs of rs (NULL: none) before END. */
void		 orders_keyword_list(const struct nv_ruleset *, struct buf *);
/* 1 if w starts an order line: a keyword that starts a line, or a side
 * verb of rs; with rs NULL, of any ruleset compiled in (the mail scanner
 * reads a mail before it knows the game). */
int		 orders_line_word(const struct nv_ruleset *, const char *w);

/* Lines of a text, in order. */
struct orders_lex {
	const char	*p;
	const char	*end;
	unsigned	 no;
};

struct orders_lex_line {
	unsigned	 no;		/* from 1 */
	const char	*raw;		/* as written, without its line end;
					   not NUL-terminated */
	size_t		 len;
};

void	orders_lex_init(struct orders_lex *, const char *text, size_t len);
/* The next line into *l; 0 at the end of the text, else 1. */
int	orders_lex_next(struct orders_lex *, struct orders_lex_line *l);

enum orders_lex_kind {
	OLX_TEXT,	/* a line that may hold an order or a command */
	OLX_BLANK,	/* nothing but spaces and a comment */
	OLX_QUOTED,	/* '>': an earlier mail quoted; never an order */
	OLX_STOP,	/* a signature or END: the text ends here */
	OLX_NUL,	/* holds a NUL byte: not plain text */
};

/* Classifies a raw line and returns its kind.  *copy (owned by the
 * caller, who wipes it if it may hold a password) is the line as a
 * string; *text points into it: for OLX_TEXT the line without comment
 * and spaces, for OLX_QUOTED the line trimmed (comment and all). */
enum orders_lex_kind orders_lex_clean(const struct orders_lex_line *,
	    char **copy, char **text);

/* Splits text in place into at most max words (orders_lex_words: the
 * number found, which may exceed max). */
size_t	orders_lex_words(char *text, char **argv, size_t max);
/* The rest of text after its first word and the spaces after it (a
 * password may hold spaces); points into text. */
const char *orders_lex_rest(const char *text);
/* 1 if a quoted (OLX_QUOTED) line would hold an order line unquoted, so
 * that a reply can tell a player who only quoted orders what happened. */
int	orders_lex_quoted_order(const char *text);

#endif
