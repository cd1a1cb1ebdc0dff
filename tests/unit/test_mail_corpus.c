/* test_mail_corpus.c: mail as the common mail programs really write it.
 *
 * tests/unit/mail/programs/ holds one whole message per mail program
 * (NAME.eml: headers, MIME structure, charsets, reply separators as that
 * program writes them) and its expectations (NAME.expect: the program
 * and version, and exactly what must come out).  Each is a reply to the
 * demo game's turn 1 report (tests/unit/mailproc_fixture.h), quoting it
 * or copying it whole below a separator, order template and all.
 *
 * Each message goes the daemon's way twice:
 * - raw bytes -> mail_parse_child -> mp_scan_mail: the order text must
 *   hold exactly the expected lines (GAME, PLAYER, TURN, SHIP ..., as
 *   written, comments gone), in order, the commands exactly the expected
 *   ones, the password the expected one, no error, and the mail must be
 *   read down to the expected line (`read-to`) or whole;
 * - the same message through mailproc_parsed on a game whose turn 1 was
 *   played: it must be done without an error, the orders in force must
 *   be exactly the expected SHIP lines, and the answer must say where a
 *   cut mail was read down to.
 *
 * NAME.expect: '#' lines are comments (the first names the program);
 * then "password P", "order LINE" (each line of the order text, in
 * order), "command TEXT" (each command, in order) and "read-to N" (the
 * separator's line; absent: the mail is read whole).
 *
 * MAIL_CORPUS_SHOW=1 prints the answer to each. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "fileio.h"
#include "mailproc-int.h"
#include "mailproc_fixture.h"
#include "mime.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* The corpus: each a program (its .expect says which version). */
static const char *const corpus[] = {
	"thunderbird-flowed",	/* desktop: Thunderbird, flowed, bottom */
	"thunderbird-de-html",	/* desktop: Thunderbird, German, HTML */
	"outlook-desktop",	/* desktop: Outlook 365, header block */
	"outlook-plain-de",	/* desktop: Outlook, German, plain text */
	"apple-mail",		/* desktop: Apple Mail, quoted attribution */
	"apple-mail-flowed",	/* desktop: Apple Mail, DelSp=yes, forward */
	"gmail-web",		/* webmail: Gmail, attribution wrapped */
	"outlook-com",		/* webmail: Outlook.com, underscores */
	"yahoo-web",		/* webmail: Yahoo, unquoted copy */
	"ios-mail",		/* phone: iPhone Mail, Sent from my iPhone */
	"gmail-android-de",	/* phone: Gmail for Android, German */
	"outlook-ios-html",	/* phone: Outlook for iOS, HTML only */
	"mutt",			/* terminal: mutt, interleaved */
};

struct expect {
	char		*password;
	char		*orders[32];
	size_t		 norders;
	char		*commands[8];
	size_t		 ncommands;
	unsigned	 read_to;
};

static char *
slurp(const char *name, const char *ext, size_t *len)
{
	char	*path, *data, *cause = NULL;

	path = xasprintf("%s/%s.%s", MAIL_CORPUS, name, ext);
	if (file_read(path, 1 << 20, &data, len, &cause) != 0)
		fail_msg("%s", cause);
	free(path);
	return data;
}

static void
expect_read(const char *name, struct expect *e)
{
	char	*text, *line, *next, *v;
	size_t	 len;

	memset(e, 0, sizeof *e);
	text = slurp(name, "expect", &len);
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (*line == '#' || *line == '\0')
			continue;
		if ((v = strchr(line, ' ')) == NULL)
			fail_msg("%s.expect: '%s' has no value", name, line);
		*v++ = '\0';
		if (strcmp(line, "password") == 0)
			e->password = xstrdup(v);
		else if (strcmp(line, "order") == 0 &&
		    e->norders < NELEM(e->orders))
			e->orders[e->norders++] = xstrdup(v);
		else if (strcmp(line, "command") == 0 &&
		    e->ncommands < NELEM(e->commands))
			e->commands[e->ncommands++] = xstrdup(v);
		else if (strcmp(line, "read-to") == 0)
			e->read_to = (unsigned)strtoul(v, NULL, 10);
		else
			fail_msg("%s.expect: what is '%s'?", name, line);
	}
	free(text);
}

static void
expect_free(struct expect *e)
{
	size_t	i;

	free(e->password);
	for (i = 0; i < e->norders; i++)
		free(e->orders[i]);
	for (i = 0; i < e->ncommands; i++)
		free(e->commands[i]);
}

/* The daemon's parse: in a child, with the default limits. */
static struct mail_msg *
parse(const char *name, const char *raw, size_t len)
{
	struct mail_msg	*m = NULL;
	char		*cause = NULL;

	if (mail_parse_child(raw, len, NULL, &m, &cause) != MAIL_CHILD_OK)
		fail_msg("%s: %s", name, cause);
	if (m->body_error != NULL)
		fail_msg("%s: %s", name, m->body_error);
	return m;
}

/* The order text's lines that hold something and quote nothing. */
static size_t
order_lines(const char *text, char ***out)
{
	char	*copy = xstrdup(text), *line, *next;
	size_t	 n = 0;

	*out = NULL;
	for (line = copy; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (*line == '\0' || *line == '>')
			continue;
		*out = xreallocarray(*out, n + 1, sizeof **out);
		(*out)[n++] = xstrdup(line);
	}
	free(copy);
	return n;
}

static void
check_scan(const char *name, const struct mail_msg *m,
    const struct expect *e)
{
	struct mp_scan	 sc;
	char		**lines;
	size_t		 n, i;

	mp_scan_mail(m, &sc);
	if (sc.errors.n != 0)
		fail_msg("%s: %zu error(s) reading it, the first: %s", name,
		    sc.errors.n, buf_str(&sc.errors.text));
	n = order_lines(buf_str(&sc.orders), &lines);
	for (i = 0; i < n || i < e->norders; i++)
		if (i >= n || i >= e->norders || strcmp(lines[i],
		    e->orders[i]) != 0)
			fail_msg("%s: order line %zu is '%s', wanted '%s'",
			    name, i + 1, i < n ? lines[i] : "(none)",
			    i < e->norders ? e->orders[i] : "(none)");
	for (i = 0; i < sc.ncmds || i < e->ncommands; i++)
		if (i >= sc.ncmds || i >= e->ncommands ||
		    strcmp(sc.cmds[i].text, e->commands[i]) != 0)
			fail_msg("%s: command %zu is '%s', wanted '%s'", name,
			    i + 1, i < sc.ncmds ? sc.cmds[i].text : "(none)",
			    i < e->ncommands ? e->commands[i] : "(none)");
	if (sc.password == NULL || strcmp(sc.password, e->password) != 0)
		fail_msg("%s: the password is '%s', wanted '%s'", name,
		    sc.password != NULL ? sc.password : "(none)",
		    e->password);
	if (sc.cut_line != e->read_to)
		fail_msg("%s: read down to line %u ('%s'), wanted %u", name,
		    sc.cut_line, sc.cut != NULL ? sc.cut : "", e->read_to);
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	mp_scan_free(&sc);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines of text that start with SHIP (any case), upper-cased and
 * sorted, one a line. */
static char *
ship_lines(const char *text)
{
	struct buf	 b = BUF_INIT;
	char		*copy = xstrdup(text), **s = NULL, *line, *next, *p;
	size_t		 i, n = 0;

	for (line = copy; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		for (p = line; *p != '\0'; p++)
			*p = (char)toupper((unsigned char)*p);
		if (strncmp(line, "SHIP ", 5) != 0)
			continue;
		s = xreallocarray(s, n + 1, sizeof *s);
		s[n++] = line;
	}
	if (n > 0)
		qsort(s, n, sizeof *s, cmp_str);
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s\n", s[i]);
	free(s);
	free(copy);
	return buf_detach(&b);
}

/* The mail through the daemon's processing, on a game whose turn 1 was
 * played (so that the report it answers is the one it quotes). */
static void
check_processed(struct mpfx *f, const char *name, const struct mail_msg *m,
    const struct expect *e)
{
	static const struct step turn1[] = {
		{ "athens-orders", 60, 0, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		{ NULL, 2 * DAY, 1, { { "a@example.org", "Turn 1 report" },
		    { "p@example.org", "Turn 1 report" },
		    { "gm@example.org", "Turn 1 report" },
		    { "obs@example.org", "Turn 1 report" } },
		  "SELECT max(turn) FROM states", "2" },
	};
	struct mailproc_result	 res;
	struct buf		 all = BUF_INIT;
	char			*cause = NULL, *set, *got, *want, *answer,
				*at;
	size_t			 i;

	mpfx_run(f, turn1, NELEM(turn1));
	if (mailproc_parsed(&f->mp, m, T0 + 2 * DAY + HOUR, &res, &cause) != 0)
		fail_msg("%s: %s", name, cause);
	answer = mpfx_outbox(f, "a@example.org", "Turn 1 report");
	if (res.outcome != MAILPROC_DONE)
		fail_msg("%s: %s\n%s", name, res.summary, answer);
	if (getenv("MAIL_CORPUS_SHOW") != NULL)
		fprintf(stderr, "==== %s\n%s\n", name, answer);
	set = mpfx_sql(f, "SELECT normalised FROM order_sets WHERE player = "
	    "'athens' AND turn = 2 AND in_force = 1");
	got = ship_lines(set);
	for (i = 0; i < e->norders; i++)
		buf_printf(&all, "%s\n", e->orders[i]);
	want = ship_lines(buf_str(&all));
	if (strcmp(got, want) != 0)
		fail_msg("%s: in force:\n%s\nwanted:\n%s", name, got, want);
	if (e->read_to != 0) {
		at = xasprintf("Line %u (", e->read_to);
		if (!mpfx_holds(answer, at))
			fail_msg("%s: the answer does not say where the mail "
			    "was read down to:\n%s", name, answer);
		free(at);
	}
	buf_free(&all);
	free(set);
	free(got);
	free(want);
	free(answer);
	mailproc_result_free(&res);
}

/* A corpus message, parsed the daemon's way (owned by the caller). */
static struct mail_msg *
load(const char *name)
{
	struct mail_msg	*m;
	char		*raw;
	size_t		 len;

	raw = slurp(name, "eml", &len);
	m = parse(name, raw, len);
	free(raw);
	return m;
}

/* Each message, read: raw bytes to the scan. */
static void
test_read(void **state)
{
	struct mail_msg	*m;
	struct expect	 e;
	size_t		 i;

	(void)state;
	for (i = 0; i < NELEM(corpus); i++) {
		expect_read(corpus[i], &e);
		m = load(corpus[i]);
		check_scan(corpus[i], m, &e);
		mail_msg_free(m);
		expect_free(&e);
	}
}

/* Each message, processed: one game each. */
static void
test_processed(void **state)
{
	struct mail_msg	*m;
	struct expect	 e;
	void		*f;
	size_t		 i;

	(void)state;
	for (i = 0; i < NELEM(corpus); i++) {
		expect_read(corpus[i], &e);
		m = load(corpus[i]);
		mpfx_setup(&f);
		check_processed(f, corpus[i], m, &e);
		mpfx_teardown(&f);
		mail_msg_free(m);
		expect_free(&e);
	}
}

/* Bad input from the same programs, answered clearly: what was wrong,
 * as the player wrote it, and what would be legal; nothing lost in
 * silence. */
static const struct bad {
	const char	*eml;
	const char	*program;
	enum mailproc_outcome outcome;
	const char	*has[3];
	const char	*to;		/* the answer's; NULL: a@example.org */
} bad[] = {
	/* "f f -- f" typed on an iPhone: smart punctuation made "--" an em
	 * dash; the answer named the first of its three bytes (U+FFFD). */
	{ "bad-ios-em-dash", "iPhone Mail (iOS 17.2)", MAILPROC_REJECTED,
	  { "line 4: Ship nike speed 4 move f f \xe2\x80\x94 f f: "
	    "'\xe2\x80\x94' (U+2014) is not a step; legal: F, L, R, or B "
	    "alone" } },
	/* 8-bit text that names no charset, from an old Windows program: its
	 * em dash is byte 0x97 of windows-1252. */
	{ "bad-unlabelled-cp1252", "Pegasus Mail 4.73 (Windows)",
	  MAILPROC_REJECTED,
	  { "line 4: SHIP nike SPEED 4 MOVE F F\xe2\x80\x94" "F F: "
	    "'\xe2\x80\x94' (U+2014) is not a step" } },
	/* Orders written into the report below Outlook's separator: they
	 * are the earlier mail's lines, and the player is told where the
	 * mail was read down to. */
	{ "bad-orders-below-outlook", "Outlook for Microsoft 365",
	  MAILPROC_DONE,
	  { "Your mail held no orders and no command: nothing was done.",
	    "Line 5 (-----Original Message-----) starts the mail you replied "
	    "to or forwarded: your mail was read down to it and no further. "
	    "Put your orders above it." } },
	/* Everything written below Outlook.com's underscores, PLAYER and
	 * PASSWORD too: the mail names nobody, and the answer (to its From,
	 * which may be forged) names the line, not its text. */
	{ "bad-all-below-outlook-com", "Outlook.com", MAILPROC_UNROUTED,
	  { "says neither whose it is",
	    "Line 2 starts the mail you replied to or forwarded: your mail "
	    "was read down to it and no further." },
	  "kallias.h@outlook.example" },
	/* A picture of the order sheet and no text. */
	{ "bad-picture-only", "iPhone Mail (iOS 17.2)", MAILPROC_UNROUTED,
	  { "Your mail has no text to read, only attachments or pictures: "
	    "write the lines in the mail itself, or attach them as a plain "
	    "text file (.txt)." }, "kallias@icloud.example" },
};

static void
test_bad(void **state)
{
	struct mailproc_result	 res;
	struct mail_msg		*m;
	void			*f;
	char			*answer, *cause = NULL;
	size_t			 i, j;

	(void)state;
	for (i = 0; i < NELEM(bad); i++) {
		m = load(bad[i].eml);
		mpfx_setup(&f);
		if (mailproc_parsed(&((struct mpfx *)f)->mp, m, T0 + HOUR,
		    &res, &cause) != 0)
			fail_msg("%s: %s", bad[i].eml, cause);
		answer = mpfx_outbox(f, bad[i].to != NULL ? bad[i].to :
		    "a@example.org", "");
		if (getenv("MAIL_CORPUS_SHOW") != NULL)
			fprintf(stderr, "==== %s\n%s\n", bad[i].eml, answer);
		if (res.outcome != bad[i].outcome)
			fail_msg("%s (%s): %s\n%s", bad[i].eml, bad[i].program,
			    res.summary, answer);
		for (j = 0; j < NELEM(bad[i].has) && bad[i].has[j] != NULL;
		    j++)
			if (!mpfx_holds(answer, bad[i].has[j]))
				fail_msg("%s: the answer lacks '%s':\n%s",
				    bad[i].eml, bad[i].has[j], answer);
		if (strstr(answer, "\xef\xbf\xbd") != NULL)
			fail_msg("%s: U+FFFD in the answer:\n%s", bad[i].eml,
			    answer);
		free(answer);
		mailproc_result_free(&res);
		mpfx_teardown(&f);
		mail_msg_free(m);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_processed),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests_name("mail-corpus", tests, NULL, NULL);
}
