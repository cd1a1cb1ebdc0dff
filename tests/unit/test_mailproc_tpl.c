/* test_mailproc_tpl.c: the daemon's own mails come from templates/mail.xsl
 * (maildoc.h): a GM's edit changes the wording without a rebuild, a
 * broken template loses nothing and the mail is done once it is mended,
 * and what a player writes cannot break the mail it is quoted in. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "fileio.h"
#include "mailproc_fixture.h"
#include "xalloc.h"

#define ORDERS_MAIL							\
	"From: Athens <a@example.org>\n"				\
	"To: Navarch <navarch@example.org>\n"				\
	"Subject: orders\n"						\
	"Message-ID: <tpl-orders@example.org>\n"			\
	"Date: Thu, 01 Jan 2026 10:00:00 +0000\n"			\
	"Content-Type: text/plain; charset=utf-8\n"			\
	"\n"								\
	"GAME demo\nPLAYER athens\nPASSWORD athens-pw\n"		\
	"SHIP nike SPEED 2 MOVE F F\n"

/* Copies the shipped mail.xsl into DIR/tpl with every `from` made `to`
 * (NULL: the text `to` instead of the file) and points the processing at
 * that directory. */
static void
template_dir(struct mpfx *f, const char *from, const char *to)
{
	struct buf	 b = BUF_INIT;
	char		*dir, *path, *xsl = NULL, *cause = NULL;
	const char	*p, *q;
	size_t		 len;
	FILE		*fp;

	dir = xasprintf("%s/tpl", f->dir);
	(void)mkdir(dir, 0700);	/* made once a test; EEXIST after */
	if (from != NULL) {
		assert_int_equal(file_read(MAILPROC_TEMPLATES "/mail.xsl",
		    1 << 20, &xsl, &len, &cause), 0);
		for (p = xsl; (q = strstr(p, from)) != NULL;
		    p = q + strlen(from)) {
			buf_add(&b, p, (size_t)(q - p));
			buf_adds(&b, to);
		}
		buf_adds(&b, p);
	} else
		buf_adds(&b, to);
	path = xasprintf("%s/mail.xsl", dir);
	assert_non_null(fp = fopen(path, "w"));
	assert_int_equal(fwrite(buf_str(&b), 1, b.len, fp), b.len);
	assert_int_equal(fclose(fp), 0);
	/* A template changed is read by the next cycle: this one ends. */
	mailproc_free(&f->mp);
	/* The processing borrows the string: keep it until teardown. */
	f->mp.templatedir = dir;
	free(path);
	free(xsl);
	buf_free(&b);
}

static char *
outbox(struct mpfx *f)
{
	return mpfx_sql(f, "SELECT group_concat(body, '\n====\n') FROM outbox");
}

static void
test_template_edited(void **state)
{
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	char			*cause = NULL, *mail;

	template_dir(f, "Orders accepted for turn ", "Aye, orders for turn ");
	assert_int_equal(mailproc_message(&f->mp, ORDERS_MAIL,
	    strlen(ORDERS_MAIL), T0 + 60, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	mail = outbox(f);
	assert_non_null(strstr(mail, "Aye, orders for turn 1."));
	assert_null(strstr(mail, "Orders accepted"));
	free(mail);
	mailproc_result_free(&r);
	free((char *)f->mp.templatedir);
}

/* Broken templates, each with what the error must name. */
static const struct {
	const char	*xsl;
	const char	*cause;
} broken[] = {
	{ "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\"\n"
	  "  xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	  "<xsl:output method=\"text\"/>\n<xsl:template match=\"/\">\n"
	  "</xsl:templat>\n</xsl:stylesheet>\n",
	  "mail.xsl:6:" },
	{ "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\"\n"
	  "  xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	  "<xsl:output method=\"text\"/>\n<xsl:template match=\"/\">"
	  "No subject line here\n</xsl:template>\n</xsl:stylesheet>\n",
	  "mail.xsl: the template wrote no first line \"Subject: ...\"" },
	{ "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\"\n"
	  "  xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n"
	  "<xsl:output method=\"text\"/>\n<xsl:template match=\"/\">"
	  "<xsl:value-of select=\"nosuch(1)\"/>\n</xsl:template>\n"
	  "</xsl:stylesheet>\n",
	  "mail.xsl: the template failed" },
};

static void
test_template_broken(void **state)
{
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	char			*cause = NULL, *got;
	size_t			 i;

	for (i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		template_dir(f, NULL, broken[i].xsl);
		assert_int_equal(mailproc_message(&f->mp, ORDERS_MAIL,
		    strlen(ORDERS_MAIL), T0 + 60, &r, &cause), -1);
		/* Temporary: the GM mends the template, the mail waits. */
		assert_true(r.temporary);
		if (strstr(cause, broken[i].cause) == NULL)
			fail_msg("template %zu: '%s' lacks '%s'", i, cause,
			    broken[i].cause);
		free(cause);
		cause = NULL;
		mailproc_result_free(&r);
		free((char *)f->mp.templatedir);
		/* Nothing stored: no orders, no answer, the mail unseen. */
		got = mpfx_sql(f, "SELECT count(*) FROM outbox");
		assert_string_equal(got, "0");
		free(got);
		got = mpfx_sql(f, "SELECT count(*) FROM order_sets");
		assert_string_equal(got, "0");
		free(got);
	}
	/* Mended: the same mail is done, once. */
	template_dir(f, "Orders accepted", "Orders accepted");
	assert_int_equal(mailproc_message(&f->mp, ORDERS_MAIL,
	    strlen(ORDERS_MAIL), T0 + 120, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	assert_int_equal(r.queued, 1);
	mailproc_result_free(&r);
	got = mpfx_sql(f, "SELECT count(*) FROM order_sets");
	assert_string_equal(got, "1");
	free(got);
	free((char *)f->mp.templatedir);
}

/* A press message with a tab, control characters, a NUL-free invalid
 * UTF-8 byte and markup is relayed, made safe, never breaking the mail. */
static void
test_press_hostile(void **state)
{
	static const char mail[] =
	    "From: Athens <a@example.org>\n"
	    "To: Navarch <navarch@example.org>\n"
	    "Subject: press\n"
	    "Message-ID: <tpl-press@example.org>\n"
	    "Content-Type: text/plain; charset=utf-8\n"
	    "\n"
	    "GAME demo\nPLAYER athens\nPASSWORD athens-pw\n"
	    "PRESS TO persia\n"
	    "Yield\tnow \x01\x1b[31m or <b>burn</b> & sink \xff\xfe!\n"
	    "END PRESS\n";
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	char			*cause = NULL, *body;

	assert_int_equal(mailproc_message(&f->mp, mail, sizeof mail - 1,
	    T0 + 60, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	mailproc_result_free(&r);
	body = mpfx_sql(f, "SELECT body FROM outbox WHERE recipient = "
	    "'p@example.org'");
	assert_non_null(strstr(body, "Yield now [31m or <b>burn</b> & sink "
	    "\xef\xbf\xbd\xef\xbf\xbd!"));
	assert_null(strstr(body, "\x1b"));
	assert_null(strstr(body, "\t"));
	assert_null(strstr(body, "a@example.org"));
	free(body);
}

/* MAP under fog of war: a player's map holds only what the side sees
 * (the sides start out of sight of each other), the GM's everything. */
static void
test_map_fog(void **state)
{
	static const char player[] =
	    "From: Athens <a@example.org>\nSubject: map\n"
	    "Message-ID: <tpl-map-a@example.org>\n\n"
	    "GAME demo\nPLAYER athens\nPASSWORD athens-pw\nMAP\n";
	static const char gm[] =
	    "From: GM <gm@example.org>\nSubject: map\n"
	    "Message-ID: <tpl-map-gm@example.org>\n\n"
	    "GAME demo\nGM\nPASSWORD gm-pass\nMAP\n";
	static const char *const enemy[] = { "azes", "tyre", "sidon", "1505",
	    "1606", "1404", "Persia" };
	struct mpfx		*f = *state;
	struct mailproc_result	 r;
	char			*cause = NULL, *body;
	size_t			 i;

	assert_int_equal(mailproc_message(&f->mp, player, sizeof player - 1,
	    T0 + 60, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	mailproc_result_free(&r);
	body = mpfx_sql(f, "SELECT body FROM outbox");
	assert_non_null(strstr(body, "MAP: the map at the start of turn 1"));
	assert_non_null(strstr(body, "nike"));
	for (i = 0; i < sizeof enemy / sizeof enemy[0]; i++)
		if (strstr(body, enemy[i]) != NULL)
			fail_msg("athens' MAP shows '%s':\n%s", enemy[i], body);
	free(body);
	assert_int_equal(mailproc_message(&f->mp, gm, sizeof gm - 1,
	    T0 + 120, &r, &cause), 0);
	assert_int_equal(r.outcome, MAILPROC_DONE);
	mailproc_result_free(&r);
	body = mpfx_sql(f, "SELECT body FROM outbox WHERE recipient = "
	    "'gm@example.org'");
	for (i = 0; i < 3; i++)
		assert_non_null(strstr(body, enemy[i]));
	free(body);
}

/* The test-only template directory of test_language: the shipped
 * templates, a language "xx" whose mail.xsl and report-side.xsl differ
 * from them by a word (it has no report-gm.xsl: a partial translation),
 * and two directories that are no language: "notes" holds no template,
 * "x_y" is no code. */
static const struct {
	const char	*sub, *file, *from, *to;
} lang_files[] = {
	{ "", "mail.xsl", NULL, NULL },
	{ "", "report-side.xsl", NULL, NULL },
	{ "", "report-gm.xsl", NULL, NULL },
	{ "", "report-observer.xsl", NULL, NULL },
	{ "xx", "mail.xsl", "Orders accepted for turn ", "XX orders for turn " },
	{ "xx", "report-side.xsl", "NAVARCH -- turn ", "XX NAVARCH -- turn " },
	{ "notes", "README", NULL, NULL },
	{ "x_y", "mail.xsl", NULL, NULL },
};

static void
lang_dir(struct mpfx *f)
{
	struct buf	 b = BUF_INIT;
	char		*dir, *path, *xsl, *cause = NULL;
	const char	*p, *q;
	size_t		 i, len;
	FILE		*fp;

	dir = xasprintf("%s/tpl", f->dir);
	assert_int_equal(mkdir(dir, 0700), 0);
	for (i = 0; i < sizeof lang_files / sizeof lang_files[0]; i++) {
		path = xasprintf("%s/%s", dir, lang_files[i].sub);
		(void)mkdir(path, 0700);	/* EEXIST for the second */
		free(path);
		path = xasprintf("%s/%s", MAILPROC_TEMPLATES,
		    strcmp(lang_files[i].file, "README") == 0 ? "mail.xsl" :
		    lang_files[i].file);
		assert_int_equal(file_read(path, 1 << 20, &xsl, &len, &cause),
		    0);
		free(path);
		buf_reset(&b);
		p = xsl;
		while (lang_files[i].from != NULL &&
		    (q = strstr(p, lang_files[i].from)) != NULL) {
			buf_add(&b, p, (size_t)(q - p));
			buf_adds(&b, lang_files[i].to);
			p = q + strlen(lang_files[i].from);
		}
		buf_adds(&b, p);
		free(xsl);
		path = xasprintf("%s/%s/%s", dir, lang_files[i].sub,
		    lang_files[i].file);
		assert_non_null(fp = fopen(path, "w"));
		assert_int_equal(fwrite(buf_str(&b), 1, b.len, fp), b.len);
		assert_int_equal(fclose(fp), 0);
		free(path);
	}
	buf_free(&b);
	f->mp.templatedir = dir;	/* freed by the test */
}

/* SET LANGUAGE: a language not installed is refused naming those that
 * are; one that is words that player's mails and reports with its own
 * templates, the other players' and the GM's stay as they were. */
static void
test_language(void **state)
{
	static const struct step steps[] = {
		{ "lang-bad", 60, MAILPROC_REJECTED, { { "a@example.org",
		    NULL, { "SET LANGUAGE: 'zz' is not installed; installed: "
		    "xx, or GAME (the default templates)" } } },
		  "SELECT language || '-' FROM players WHERE id = 'athens'",
		  "-" },
		{ "lang-set", 120, MAILPROC_DONE, { { "a@example.org", NULL, {
		    "XX orders for turn 1", "SET LANGUAGE xx: your mails",
		    "  LANGUAGE  xx: xx or GAME\n" }, { "Orders accepted" } } },
		  "SELECT language FROM players WHERE id = 'athens'", "xx" },
		{ "persia-orders", 180, MAILPROC_DONE, { { "p@example.org",
		    NULL, { "Orders accepted for turn 1" }, { "XX " } } },
		  NULL, NULL },
		{ NULL, 2 * DAY, 1, {
			{ "a@example.org", "Turn 1 report", {
			  "XX NAVARCH -- turn 1 " } },
			{ "p@example.org", "Turn 1 report", {
			  "NAVARCH -- turn 1 " }, { "XX " } },
			{ "gm@example.org", "Turn 1 report", {
			  "NAVARCH -- turn 1 " }, { "XX " } },
			{ "obs@example.org", "Turn 1 report", {
			  "NAVARCH -- turn 1 " }, { "XX " } } },
		  NULL, NULL },
		{ "lang-game", 2 * DAY + 60, MAILPROC_DONE, { { "a@example.org",
		    NULL, { "SET LANGUAGE GAME: your mails", "Orders accepted "
		    "for turn 2" }, { "XX " } } },
		  "SELECT language || '-' FROM players WHERE id = 'athens'",
		  "-" },
	};
	struct mpfx	*f = *state;

	lang_dir(f);
	RUN_STEPS(f, steps);
	free((char *)f->mp.templatedir);
}

const struct CMUnitTest	mailproc_tpl_tests[] = {
	cmocka_unit_test_setup_teardown(test_map_fog, mpfx_setup_fog,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_template_edited, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_template_broken, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_press_hostile, mpfx_setup,
	    mpfx_teardown),
	cmocka_unit_test_setup_teardown(test_language, mpfx_setup,
	    mpfx_teardown),
};
const size_t	mailproc_tpl_ntests = sizeof mailproc_tpl_tests /
    sizeof mailproc_tpl_tests[0];
