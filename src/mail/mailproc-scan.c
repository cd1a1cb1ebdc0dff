/* mailproc-scan.c: cutting a mail body into routing lines, the order text
 * and the commands.
 *
 * The lines are the order language's: the order parser's lexer
 * (orders-lex.h) cuts them, clears them of clutter ('>' lines quote an
 * earlier mail, "--" starts a signature, END ends the text, '#' starts a
 * comment) and its keyword table says which are orders.  Lines the order
 * parser reads (GAME, SIDE, PLAYER, TURN, SHIP, SQUADRON, a ruleset's side
 * lines, and quoted lines) stay in the order text at their own line
 * number, every other line becomes blank there, so the parser's errors
 * name the line of the mail.  PASSWORD lines never enter the order text,
 * which is stored.  Commands have their own table (mailproc-int.h), read
 * through the same lexer. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildoc.h"
#include "mailproc-int.h"
#include "orders-lex.h"
#include "strutil.h"
#include "xalloc.h"

#define SCAN_MAX_WORDS	64

static const char *const cmd_names[] = {
#define X(e, s, gm, obs, words) s,
	MP_COMMANDS(X)
#undef X
};
static const int cmd_gm[] = {
#define X(e, s, gm, obs, words) gm,
	MP_COMMANDS(X)
#undef X
};
static const int cmd_obs[] = {
#define X(e, s, gm, obs, words) obs,
	MP_COMMANDS(X)
#undef X
};
static const int cmd_words[] = {
#define X(e, s, gm, obs, words) words,
	MP_COMMANDS(X)
#undef X
};

/* 1 if who may give command i. */
static int
may_give(size_t i, int who)
{
	return who == MP_WHO_OBSERVER ? cmd_obs[i] : !cmd_gm[i] ||
	    who == MP_WHO_GM;
}

void
mp_command_names(struct buf *b, int who)
{
	size_t	i, n = 0;

	for (i = 0; i < MP_CMD_COUNT; i++)
		if (may_give(i, who))
			buf_printf(b, "%s%s", n++ > 0 ? ", " : "",
			    cmd_names[i]);
}

void
mp_help(xmlNodePtr parent, int who)
{
	xmlNodePtr	h = md_add(parent, "help", NULL), c;
	size_t		i;

	md_set(h, "gm", who == MP_WHO_GM ? "yes" : "no");
	if (who == MP_WHO_OBSERVER)
		md_set(h, "observer", "yes");
	for (i = 0; i < MP_CMD_COUNT; i++)
		if (may_give(i, who)) {
			c = md_add(h, "command", NULL);
			md_set(c, "name", cmd_names[i]);
			md_set(c, "gm", cmd_gm[i] ? "yes" : "no");
		}
}

void
mp_wipe_free(char *s)
{
	if (s != NULL) {
		explicit_bzero(s, strlen(s));
		free(s);
	}
}

int
mp_command_find(const char *w)
{
	int	i;

	for (i = 0; i < MP_CMD_COUNT; i++)
		if (i != MP_CMD_PASSWORD_NEW && strcasecmp(w, cmd_names[i]) ==
		    0)
			return i;
	return -1;
}

static void
scan_error(struct mp_scan *sc, unsigned no, const char *msg)
{
	mp_errors_add(&sc->errors, no, msg);
}

static void
set_header(struct mp_scan *sc, unsigned no, char **slot, const char *kw,
    char **argv, size_t argc)
{
	char	*msg;

	if (argc != 2) {
		msg = xasprintf("%s: write %s and one id", kw, kw);
		scan_error(sc, no, msg);
		free(msg);
	} else if (*slot == NULL)
		*slot = xstrdup(argv[1]);
}

/* p with room for element n (of size bytes), doubling at each power of
 * two: appending stays linear however many lines a mail has. */
static void *
grow(void *p, size_t n, size_t size)
{
	if ((n & (n - 1)) != 0)
		return p;
	return xreallocarray(p, n == 0 ? 1 : 2 * n, size);
}

/* Quoted lines and words are cut: the line may be 400 kB long. */
#define QUOTE_LINE	60
#define QUOTE_WORD	24

/* A command that takes no words, given some: refused, not obeyed in
 * part ("CLEAR SHIP nike" would clear every order). */
static void
words_refused(struct mp_scan *sc, int kind, unsigned no, const char *text)
{
	char	*t, *msg;

	if (sc->errors.listed >= MP_ERRORS_MAX) {
		mp_errors_more(&sc->errors, 1);
		return;
	}
	t = str_utf8_cut(text, QUOTE_LINE);
	msg = xasprintf("'%s': %s takes nothing after it on its line; write "
	    "%s alone (prose goes after END, or in a # comment)", t,
	    cmd_names[kind], cmd_names[kind]);
	scan_error(sc, no, msg);
	free(msg);
	free(t);
}

static void
add_cmd(struct mp_scan *sc, int kind, unsigned no, const char *text,
    char **argv, size_t argc)
{
	struct mp_cmd	*c;
	size_t		 i;
	char		*msg;

	if (!cmd_words[kind] && argc > 0) {
		words_refused(sc, kind, no, text);
		return;
	}
	/* Bounded work per mail: each command may add to the answer. */
	if (sc->ncmds >= MP_CMDS_MAX) {
		msg = xasprintf("%s: too many commands: at most %d in one mail",
		    cmd_names[kind], MP_CMDS_MAX);
		scan_error(sc, no, msg);
		free(msg);
		return;
	}
	sc->cmds = grow(sc->cmds, sc->ncmds, sizeof *sc->cmds);
	c = &sc->cmds[sc->ncmds++];
	memset(c, 0, sizeof *c);
	c->kind = (enum mp_cmd_kind)kind;
	c->line = no;
	c->text = kind == MP_CMD_PASSWORD_NEW ? xstrdup("PASSWORD NEW") :
	    xstrdup(text);
	c->argv = xcalloc(argc + 1, sizeof *c->argv);
	for (i = 0; i < argc; i++)
		c->argv[i] = xstrdup(argv[i]);
	c->argc = argc;
}

static void
unknown_line(struct mp_scan *sc, unsigned no, const char *text,
    const char *word)
{
	struct buf	 b = BUF_INIT;
	char		*t, *w;

	/* Past the first errors only the count matters: the wording is
	 * not made (100,000 such lines cost nothing more). */
	if (sc->errors.listed >= MP_ERRORS_MAX) {
		mp_errors_more(&sc->errors, 1);
		return;
	}
	t = str_utf8_cut(text, QUOTE_LINE);
	w = str_utf8_cut(word, QUOTE_WORD);
	buf_printf(&b, "'%s': %s is neither an order nor a command; orders "
	    "start with ", t, w);
	orders_keyword_list(NULL, &b);
	buf_adds(&b, "; commands: ");
	mp_command_names(&b, MP_WHO_GM);
	buf_adds(&b, " (prose goes after END, or in a # comment)");
	scan_error(sc, no, buf_str(&b));
	buf_free(&b);
	free(t);
	free(w);
}

/* The first order line among the commands: where the orders run. */
static void
order_line(struct mp_scan *sc, unsigned no)
{
	if (sc->order_line == 0)
		sc->order_line = no;
}

/* PASSWORD secret, or PASSWORD NEW secret (a command); pw: the rest of
 * the line after PASSWORD. */
static void
scan_password(struct mp_scan *sc, unsigned no, const char *t, char **argv,
    size_t argc, const char *pw)
{
	if (argc >= 2 && strcasecmp(argv[1], "NEW") == 0) {
		/* The rest of the line, spaces and all. */
		argv[0] = (char *)orders_lex_rest(pw);
		add_cmd(sc, MP_CMD_PASSWORD_NEW, no, t, argv,
		    *argv[0] != '\0' ? 1 : 0);
	} else if (argc >= 2 && sc->password == NULL)
		sc->password = xstrdup(pw);
	else if (argc < 2)
		scan_error(sc, no, "PASSWORD: no password given; write "
		    "PASSWORD and your password");
}

/* A line that is no order: GM, a command, or an error.  Returns 1 for a
 * ruleset's side line, which belongs in the order text. */
static int
scan_other(struct mp_scan *sc, unsigned no, const char *t, char **argv,
    size_t argc)
{
	int	k;

	if (strcasecmp(argv[0], "GM") == 0 && argc == 1)
		sc->gm = 1;
	else if ((k = mp_command_find(argv[0])) >= 0)
		add_cmd(sc, k, no, t, argv + 1, argc - 1);
	else if (orders_line_word(NULL, argv[0])) {
		order_line(sc, no);
		return 1;
	} else
		unknown_line(sc, no, t, argv[0]);
	return 0;
}

/* A line after clean-up: a header, a command, an order, or an error.
 * Returns 1 when the line belongs in the order text. */
static int
scan_line(struct mp_scan *sc, unsigned no, char *t)
{
	char	*copy = xstrdup(t), *argv[SCAN_MAX_WORDS];
	size_t	 argc;
	int	 keep = 1;

	argc = orders_lex_words(copy, argv, SCAN_MAX_WORDS);
	if (argc > SCAN_MAX_WORDS)
		argc = SCAN_MAX_WORDS;
	switch (orders_keyword(argv[0])) {
	case OKW_PASSWORD:
		scan_password(sc, no, t, argv, argc, orders_lex_rest(t));
		keep = 0;
		break;
	case OKW_GAME:
		set_header(sc, no, &sc->game, "GAME", argv, argc);
		break;
	case OKW_PLAYER:
		set_header(sc, no, &sc->player, "PLAYER", argv, argc);
		break;
	case OKW_SIDE:
		set_header(sc, no, &sc->side, "SIDE", argv, argc);
		break;
	case OKW_TURN:
		break;
	case OKW_SHIP:
		order_line(sc, no);
		if (argc >= 2) {
			sc->ships = grow(sc->ships, sc->nships,
			    sizeof *sc->ships);
			sc->ships[sc->nships++] = xstrdup(argv[1]);
		}
		break;
	case OKW_SQUADRON:
		order_line(sc, no);
		break;
	default:
		keep = scan_other(sc, no, t, argv, argc);
		break;
	}
	mp_wipe_free(copy);
	return keep;
}

int
mp_end_press(const char *raw, size_t len)
{
	char	*copy = xstrndup(raw, len), *argv[3];
	size_t	 argc = orders_lex_words(str_trim(copy), argv, 3);
	int	 r;

	r = argc == 2 && orders_keyword(argv[0]) == OKW_END &&
	    strcasecmp(argv[1], "PRESS") == 0;
	mp_wipe_free(copy);
	return r;
}

/* Inside a PRESS block, lines are the message, taken as written. */
static int
scan_press(struct mp_scan *sc, struct buf *press, const char *raw,
    size_t ll)
{
	char	*line = xstrndup(raw, ll);
	int	 end = mp_end_press(raw, ll);

	if (end) {
		free(sc->cmds[sc->ncmds - 1].press);
		sc->cmds[sc->ncmds - 1].press = buf_detach(press);
	} else {
		buf_adds(press, line);
		buf_addc(press, '\n');
	}
	mp_wipe_free(line);
	return end;
}

void
mp_scan_body(const char *body, size_t len, struct mp_scan *sc)
{
	struct orders_lex	 lx;
	struct orders_lex_line	 l;
	enum orders_lex_kind	 k;
	struct buf		 press = BUF_INIT;
	unsigned		 press_line = 0;
	char			*copy, *t;
	int			 keep;

	memset(sc, 0, sizeof *sc);
	orders_lex_init(&lx, body, len);
	while (orders_lex_next(&lx, &l)) {
		if (press_line != 0) {
			if (scan_press(sc, &press, l.raw, l.len))
				press_line = 0;
			buf_addc(&sc->orders, '\n');
			continue;
		}
		keep = 0;
		k = orders_lex_clean(&l, &copy, &t);
		if (k == OLX_STOP) {
			mp_wipe_free(copy);
			break;
		}
		if (k == OLX_NUL)
			scan_error(sc, l.no, "the line holds a NUL byte; a mail's "
			    "text is plain text");
		else if (k == OLX_QUOTED)
			keep = 1;	/* the parser notes quoted orders */
		else if (k == OLX_TEXT) {
			keep = scan_line(sc, l.no, t);
			if (sc->ncmds > 0 && sc->cmds[sc->ncmds - 1].line ==
			    l.no && sc->cmds[sc->ncmds - 1].kind == MP_CMD_PRESS)
				press_line = l.no;
		}
		if (keep)
			buf_add(&sc->orders, t, strlen(t));
		buf_addc(&sc->orders, '\n');
		mp_wipe_free(copy);
	}
	if (press_line != 0) {
		scan_error(sc, press_line, "PRESS: the message has no END "
		    "PRESS line after it; nothing was relayed (write PRESS "
		    "TO side, player or ALL, the message, then END PRESS)");
		sc->cmds[sc->ncmds - 1].press = NULL;
	}
	buf_free(&press);
}

void
mp_scan_free(struct mp_scan *sc)
{
	size_t	i, j;

	free(sc->game);
	free(sc->player);
	free(sc->side);
	if (sc->password != NULL) {
		explicit_bzero(sc->password, strlen(sc->password));
		free(sc->password);
	}
	for (i = 0; i < sc->nships; i++)
		free(sc->ships[i]);
	free(sc->ships);
	for (i = 0; i < sc->ncmds; i++) {
		for (j = 0; j < sc->cmds[i].argc; j++) {
			/* PASSWORD NEW holds a password. */
			explicit_bzero(sc->cmds[i].argv[j],
			    strlen(sc->cmds[i].argv[j]));
			free(sc->cmds[i].argv[j]);
		}
		free(sc->cmds[i].argv);
		free(sc->cmds[i].text);
		free(sc->cmds[i].press);
	}
	free(sc->cmds);
	buf_free(&sc->orders);
	mp_errors_free(&sc->errors);
	free(sc->cut);
	memset(sc, 0, sizeof *sc);
}
