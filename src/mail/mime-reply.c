/* mime-reply.c: the lines a mail program writes around the mail a reply
 * answers.
 *
 * A reply carries the mail it answers.  Mail programs that quote it with
 * '>' need nothing from us but the line above the quote ("On ... wrote:"),
 * which is no order and would be an error.  Others copy it unquoted below
 * a separator ("-----Original Message-----", Outlook's line of
 * underscores and From:/Sent:/To:/Subject: block, "Begin forwarded
 * message:"): every line of it, the order template of our own report
 * included, would be read as orders.  mail_reply_line() says which a line
 * is; the daemon asks it of each line that is no order, command or
 * comment of the player's (mailproc-read.c, with the order language's
 * lexer).  docs/mail-parsing.md, "Replies", has the table of what is
 * recognised, in which languages, and why.
 *
 * The rule that keeps orders safe: a line is a separator only when it has
 * the exact shape a mail program writes, a shape no order or command can
 * have.  An attribution followed by quoted lines is only made blank:
 * whatever comes after the quote (a bottom-posted or interleaved reply) is
 * read as before.  Only a separator followed by unquoted text cuts. */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "buf.h"
#include "mime.h"

/* An attribution is one line, or up to this many when a program wrapped
 * it (Gmail wraps its plain text at 78 columns, name and address too). */
#define ATTR_LINES	3
/* Bytes of an attribution, joined: longer lines are prose. */
#define ATTR_MAX	400
/* A header block: its From line and at most this many lines after it. */
#define BLOCK_LINES	8
/* A program's own signature ("Sent from my iPhone") is short. */
#define SIG_MAX		120

struct line {
	const char	*p;		/* trimmed of spaces and tabs */
	size_t		 n;
	const char	*next;		/* the line after, or end */
};

/* The line at p (p < end), trimmed. */
static void
line_at(const char *p, const char *end, struct line *l)
{
	const char	*nl = memchr(p, '\n', (size_t)(end - p));
	const char	*e = nl != NULL ? nl : end;

	l->next = nl != NULL ? nl + 1 : end;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	l->p = p;
	l->n = (size_t)(e - p);
}

/* The first line at or after p that is not blank; 0 when none. */
static int
next_text(const char *p, const char *end, struct line *l)
{
	for (; p < end; p = l->next) {
		line_at(p, end, l);
		if (l->n > 0)
			return 1;
	}
	return 0;
}

/* 1 if l starts with word (any case) followed by a space or its end. */
static int
starts_word(const struct line *l, const char *word)
{
	size_t	n = strlen(word);

	return l->n >= n && strncasecmp(l->p, word, n) == 0 &&
	    (l->n == n || l->p[n] == ' ' || l->p[n] == '\t');
}

/* --- attributions: "On <date>, <name> wrote:" ---------------------------- */

/* The verbs of the attribution, in the languages of the mail programs
 * most players use: English, German, French, Spanish, Italian, Dutch,
 * Portuguese. */
static const char *const verbs[] = {
	"wrote", "schrieb", "a \xc3\xa9" "crit", "escribi\xc3\xb3",
	"ha scritto", "schreef", "escreveu",
};
/* How the dated form begins in each (Horde's "Quoting NAME:" too). */
static const char *const openers[] = {
	"On", "Am", "Le", "El", "Il", "Op", "Em", "Quoting",
};

static int
has_opener(const char *s, size_t n)
{
	struct line	l = { s, n, NULL };
	size_t		i;

	for (i = 0; i < sizeof openers / sizeof openers[0]; i++) {
		if (starts_word(&l, openers[i]))
			return 1;
	}
	return 0;
}

/* The offset just after " verb " in s[0..n), the first of any verb, or
 * 0 when there is none. */
static size_t
verb_inside(const char *s, size_t n)
{
	size_t	i, m, k;

	for (m = 1; m < n; m++) {
		if (s[m - 1] != ' ')
			continue;
		for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
			k = strlen(verbs[i]);
			if (m + k < n && s[m + k] == ' ' &&
			    strncasecmp(s + m, verbs[i], k) == 0)
				return m + k + 1;
		}
	}
	return 0;
}

/* 1 if s[0..n), a line or wrapped lines joined by spaces, is an
 * attribution.  It ends in a colon, and either
 * - ends in a verb: "On <date>, Navarch wrote:", "Navarch a ecrit :"
 *   (with an e acute);
 * - has the dated form, the name after the verb: "Am 11.12.2026 um 10:00
 *   schrieb Navarch <n@example.org>:", "Op ... schreef Navarch:";
 * - has the date after the verb, as Gmail's phone app writes it:
 *   "Navarch <n@example.org> schrieb am Sa., 3. Jan. 2026, 11:00:";
 * - is Horde's "Quoting Navarch <n@example.org>:". */
static int
is_attribution(const char *s, size_t n)
{
	size_t	i, m, k;
	char	before;

	if (n < 6 || n > ATTR_MAX || s[n - 1] != ':' || s[0] == '>')
		return 0;
	for (m = n - 1; m > 0 && s[m - 1] == ' '; m--)
		;
	for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		k = strlen(verbs[i]);
		if (m < k || strncasecmp(s + m - k, verbs[i], k) != 0)
			continue;
		before = m == k ? ' ' : s[m - k - 1];
		if (before == ' ' || before == '>' || before == ')' ||
		    before == '"')
			return 1;
	}
	if (strncasecmp(s, "Quoting ", 8) == 0)
		return n <= 200;
	if ((k = verb_inside(s, n)) == 0)
		return 0;
	if (has_opener(s, n))
		return 1;
	for (; k < n; k++)
		if (s[k] >= '0' && s[k] <= '9')
			return 1;
	return 0;
}

/* The number of lines (1 to ATTR_LINES) of the attribution that starts
 * at first, or 0.  *after: the line after it. */
static size_t
attribution(const struct line *first, const char *end, const char **after)
{
	struct buf	 b = BUF_INIT;
	struct line	 l = *first;
	size_t		 k = 1;

	*after = first->next;
	if (is_attribution(first->p, first->n))
		return 1;
	/* Wrapped: only the dated form, which says where it starts. */
	if (!has_opener(first->p, first->n) || first->n > ATTR_MAX)
		return 0;
	buf_add(&b, first->p, first->n);
	while (k < ATTR_LINES && l.next < end) {
		line_at(l.next, end, &l);
		if (l.n == 0 || l.p[0] == '>' || b.len + l.n >= ATTR_MAX)
			break;
		buf_addc(&b, ' ');
		buf_add(&b, l.p, l.n);
		k++;
		if (is_attribution(b.p, b.len)) {
			buf_free(&b);
			*after = l.next;
			return k;
		}
	}
	buf_free(&b);
	return 0;
}

/* --- separators above an unquoted copy ---------------------------------- */

/* "-----Original Message-----" and kin: dashes, a phrase, dashes.  The
 * phrase may go on ("Forwarded message from NAME", as mutt writes it). */
static const char *const dashed[] = {
	"original message", "forwarded message",
	"urspr\xc3\xbcngliche nachricht", "weitergeleitete nachricht",
	"message d'origine", "message transf\xc3\xa9r\xc3\xa9",
	"mensaje original", "mensaje reenviado",
	"messaggio originale", "messaggio inoltrato",
	"oorspronkelijk bericht", "doorgestuurd bericht",
	"mensagem original", "mensagem encaminhada",
	"mensagem reencaminhada",
};
/* Apple Mail's line above a forwarded mail, in the same languages. */
static const char *const forwarded[] = {
	"begin forwarded message", "anfang der weitergeleiteten nachricht",
	"d\xc3\xa9" "but du message r\xc3\xa9" "exp\xc3\xa9" "di\xc3\xa9",
	"inicio del mensaje reenviado", "inizio messaggio inoltrato",
	"begin doorgestuurd bericht",
	"in\xc3\xad" "cio da mensagem reencaminhada",
	"in\xc3\xad" "cio da mensagem encaminhada",
};

static int
is_dashed(const struct line *l)
{
	const char	*p = l->p, *e = l->p + l->n;
	size_t		 i, k, lead = 0, trail = 0;

	while (p < e && *p == '-')
		p++, lead++;
	while (e > p && e[-1] == '-')
		e--, trail++;
	while (p < e && *p == ' ')
		p++;
	while (e > p && e[-1] == ' ')
		e--;
	if (lead < 2 || trail < 2)
		return 0;
	for (i = 0; i < sizeof dashed / sizeof dashed[0]; i++) {
		k = strlen(dashed[i]);
		if ((size_t)(e - p) >= k && strncasecmp(p, dashed[i], k) == 0 &&
		    ((size_t)(e - p) == k || p[k] == ' '))
			return 1;
	}
	return 0;
}

static int
is_forwarded(const struct line *l)
{
	size_t	i, n = l->n;

	if (n == 0 || l->p[n - 1] != ':')
		return 0;
	for (n--; n > 0 && l->p[n - 1] == ' '; n--)
		;
	for (i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++) {
		if (n == strlen(forwarded[i]) && strncasecmp(l->p,
		    forwarded[i], n) == 0)
			return 1;
	}
	return 0;
}

/* Outlook's line above its header block: underscores only. */
static int
is_underscores(const struct line *l)
{
	size_t	i;

	if (l->n < 8)
		return 0;
	for (i = 0; i < l->n; i++)
		if (l->p[i] != '_')
			return 0;
	return 1;
}

/* Names of the fields of a copied header block, as the mail programs
 * write them in each language.  The block starts with From; other[] are
 * those that may follow it. */
static const char *const from_names[] = {
	"From", "Von", "De", "Da", "Van",
};
static const char *const other_names[] = {
	"Sent", "Date", "To", "Cc", "Subject", "Reply-To",
	"Gesendet", "Datum", "An", "Betreff",
	"Envoy\xc3\xa9", "\xc3\x80", "Objet",
	"Enviado", "Enviada", "Fecha", "Para", "Asunto", "Assunto",
	"Inviato", "Data", "A", "Oggetto",
	"Verzonden", "Aan", "Onderwerp",
};

/* The index in names of l's field name ("Name: value", "Name : value"
 * as in French, "*Name:*" as bold made plain), or -1. */
static int
field_name(const struct line *l, const char *const *names, size_t nnames)
{
	const char	*p = l->p, *e = l->p + l->n;
	size_t		 i, k;

	if (p < e && *p == '*')
		p++;
	for (i = 0; i < nnames; i++) {
		k = strlen(names[i]);
		if ((size_t)(e - p) <= k || strncasecmp(p, names[i], k) != 0)
			continue;
		if (p + k < e && p[k] == '*')
			k++;
		if (p + k < e && p[k] == ' ')
			k++;
		if (p + k < e && p[k] == ':')
			return (int)i;
	}
	return -1;
}
#define FIELD(l, names)	field_name((l), (names), \
    sizeof (names) / sizeof (names)[0])

/* 1 if a header block starts at first: a From line, then, before a blank
 * line and within BLOCK_LINES, two more fields of other kinds (Sent,
 * To, Subject, ...).  Three fields in a row are no prose and no order. */
static int
is_header_block(const struct line *first, const char *end)
{
	struct line	l = *first;
	unsigned long	seen = 0;
	size_t		i, kinds = 0;
	int		k;

	if (FIELD(first, from_names) < 0)
		return 0;
	for (i = 0; i < BLOCK_LINES && l.next < end; i++) {
		line_at(l.next, end, &l);
		if (l.n == 0)
			break;
		if ((k = FIELD(&l, other_names)) < 0 || (seen & (1ul << k)))
			continue;
		seen |= 1ul << k;
		if (++kinds == 2)
			return 1;
	}
	return 0;
}

/* --- the mail program's own signature ------------------------------------- */

/* "Sent from my iPhone" and kin, which phones add below the text without
 * a "-- " line: made blank, not a cut (what follows is read as before). */
static const char *const program_sigs[] = {
	"Sent from ", "Sent with ", "Get Outlook for ",
	"Von meinem ", "Gesendet von ", "Envoy\xc3\xa9 de ",
	"Envoy\xc3\xa9 depuis ", "Enviado desde ", "Inviato da ",
	"Verstuurd vanaf ", "Verzonden vanaf ", "Enviado do ",
	"Enviado de ",
};

static int
is_program_sig(const struct line *l)
{
	size_t	i, k;

	if (l->n > SIG_MAX)
		return 0;
	for (i = 0; i < sizeof program_sigs / sizeof program_sigs[0]; i++) {
		k = strlen(program_sigs[i]);
		if (l->n > k && strncasecmp(l->p, program_sigs[i], k) == 0)
			return 1;
	}
	return 0;
}

/* --- the question ----------------------------------------------------------- */

/* 1 if the earlier mail starts at l: a separator with unquoted text
 * after it. */
static int
is_cut(const struct line *l, const char *end)
{
	struct line	n;

	if (is_dashed(l) || is_forwarded(l) || is_header_block(l, end))
		return 1;
	return is_underscores(l) && next_text(l->next, end, &n) &&
	    is_header_block(&n, end);
}

enum mail_reply_kind
mail_reply_line(const char *p, const char *end, size_t *lines)
{
	const char	*after;
	struct line	 l, n;
	size_t		 k;

	*lines = 1;
	if (p >= end)
		return MAIL_REPLY_TEXT;
	line_at(p, end, &l);
	if (l.n == 0 || l.p[0] == '>')
		return MAIL_REPLY_TEXT;
	if ((k = attribution(&l, end, &after)) > 0) {
		/* Above a quote: blank.  Above the earlier mail unquoted:
		 * where it starts. */
		if (next_text(after, end, &n) && n.p[0] != '>')
			return MAIL_REPLY_CUT;
		*lines = k;
		return MAIL_REPLY_BLANK;
	}
	if (is_cut(&l, end))
		return MAIL_REPLY_CUT;
	if (is_program_sig(&l))
		return MAIL_REPLY_BLANK;
	return MAIL_REPLY_TEXT;
}
