/* orders-lex.c: the order language's lexer and keyword table (see
 * orders-lex.h and docs/orders.md, "Reading the text"). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "orders-lex.h"
#include "ruleset.h"
#include "strutil.h"
#include "xalloc.h"

static const struct {
	const char	*name;
	int		 line;		/* starts a line */
} keywords[] = {
#define X(e, s, line) { s, line },
	ORDERS_KEYWORDS(X)
#undef X
};

/* The first letters are compared first, as strcasecmp would: every word
 * of every order line comes here (issue 16). */
int
orders_keyword(const char *w)
{
	int	i, c = tolower((unsigned char)w[0]);

	for (i = 0; i < OKW_COUNT; i++)
		if (tolower((unsigned char)keywords[i].name[0]) == c &&
		    strcasecmp(w, keywords[i].name) == 0)
			return i;
	return -1;
}

const char *
orders_keyword_name(enum orders_keyword k)
{
	if ((int)k < 0 || k >= OKW_COUNT)
		return "?";
	return keywords[k].name;
}

void
orders_keyword_list(const struct nv_ruleset *rs, struct buf *b)
{
	size_t	i, n = 0;

	/* END comes last, after "or". */
	for (i = 0; i < OKW_COUNT; i++)
		if (keywords[i].line && i != OKW_END)
			buf_printf(b, "%s%s", n++ > 0 ? ", " : "",
			    keywords[i].name);
	for (i = 0; rs != NULL && i < rs->ops->nside_verbs; i++)
		buf_printf(b, ", %s", rs->ops->side_verbs[i].name);
	buf_printf(b, " or %s", keywords[OKW_END].name);
}

static int
side_verb_of(const struct nv_ruleset_ops *ops, const char *w)
{
	size_t	i;

	for (i = 0; i < ops->nside_verbs; i++)
		if (strcasecmp(w, ops->side_verbs[i].name) == 0)
			return 1;
	return 0;
}

int
orders_line_word(const struct nv_ruleset *rs, const char *w)
{
	const struct nv_ruleset_ops	*ops;
	size_t				 i;
	int				 k = orders_keyword(w);

	if (k >= 0)
		return keywords[k].line;
	if (rs != NULL)
		return side_verb_of(rs->ops, w);
	for (i = 0; (ops = ruleset_ops_nth(i)) != NULL; i++)
		if (side_verb_of(ops, w))
			return 1;
	return 0;
}

void
orders_lex_init(struct orders_lex *lx, const char *text, size_t len)
{
	lx->p = text;
	lx->end = text + len;
	lx->no = 0;
	/* A byte-order mark is not text. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		lx->p += 3;
}

int
orders_lex_next(struct orders_lex *lx, struct orders_lex_line *l)
{
	const char	*nl;
	size_t		 ll;

	if (lx->p >= lx->end)
		return 0;
	lx->no++;
	nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
	if (nl == NULL)
		nl = lx->end;
	ll = (size_t)(nl - lx->p);
	if (ll > 0 && lx->p[ll - 1] == '\r')
		ll--;
	l->no = lx->no;
	l->raw = lx->p;
	l->len = ll;
	lx->p = nl < lx->end ? nl + 1 : lx->end;
	return 1;
}

/* '#' starts a comment at the start of a line or after a space, so that a
 * password may still hold one. */
static void
strip_comment(char *s)
{
	char	*p;

	for (p = s; *p != '\0'; p++)
		if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			return;
		}
}

enum orders_lex_kind
orders_lex_clean(const struct orders_lex_line *l, char **copy, char **text)
{
	char	*t;

	*copy = *text = NULL;
	if (memchr(l->raw, '\0', l->len) != NULL)
		return OLX_NUL;
	*copy = xstrndup(l->raw, l->len);
	t = str_trim(*copy);
	*text = t;
	/* Mail clients write "-- " above a signature (some drop the
	 * space). */
	if (strcmp(t, "--") == 0)
		return OLX_STOP;
	if (*t == '>')
		return OLX_QUOTED;
	strip_comment(t);
	t = str_trim(t);
	*text = t;
	if (*t == '\0')
		return OLX_BLANK;
	if (strcasecmp(t, keywords[OKW_END].name) == 0)
		return OLX_STOP;
	return OLX_TEXT;
}

size_t
orders_lex_words(char *text, char **argv, size_t max)
{
	return str_split_words(text, argv, max);
}

const char *
orders_lex_rest(const char *text)
{
	text += strcspn(text, " \t");
	return text + strspn(text, " \t");
}

int
orders_lex_quoted_order(const char *text)
{
	char	*copy, *argv[1];
	int	 k = -1;

	while (*text == '>' || *text == ' ' || *text == '\t')
		text++;
	copy = xstrdup(text);
	strip_comment(copy);
	if (str_split_words(copy, argv, 1) > 0)
		k = orders_keyword(argv[0]);
	free(copy);
	return k >= 0 && keywords[k].line && k != OKW_END;
}
