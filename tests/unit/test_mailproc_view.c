/* test_mailproc_view.c: the reports of a shared side by mail (issue 14,
 * per-player reports): the demo's Athens with its admiral (athens, who
 * keeps salaminia) and a captain (athens-2, given the squadron "left":
 * nike and paralos).  Each reads his own ships first and an order
 * template of his own, which, replied unedited but for the PASSWORD
 * line, is accepted; the admiral's shows the whole side; Persia, the
 * only player of its side, reads the side's report as before. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mailproc.h"
#include "mailproc_fixture.h"
#include "password.h"
#include "store.h"
#include "xalloc.h"

#define DONE		0

static void
captain(struct mpfx *f)
{
	static const char *const left[] = { "nike", "paralos" };
	char	*h = NULL, *cause = NULL;

	assert_int_equal(password_hash("a2-pw", PASSWORD_COST_MIN, &h,
	    &cause), 0);
	assert_int_equal(store_player_add(f->s, "demo", "athens", "athens-2",
	    "a2@example.org", h, 0, &cause), STORE_OK);
	free(h);
	assert_int_equal(store_squadron_assign(f->s, "demo", "left",
	    "athens-2", &cause), STORE_OK);
	assert_int_equal(store_ships_release(f->s, "demo", left, 2, &cause),
	    STORE_OK);
}

/* The order template of the report to to, from "GAME" to "END", as a
 * mail from to with its password: the reply of a player who changed
 * nothing.  Owned. */
static char *
reply_with_template(struct mpfx *f, const char *to, const char *password,
    int n)
{
	struct buf	 b = BUF_INIT;
	char		*body = mpfx_outbox(f, to, "Turn 1 report");
	const char	*s = strstr(body, "\nGAME demo\n"), *e;

	assert_non_null(s);
	e = strstr(s, "\nEND\n");
	assert_non_null(e);
	buf_printf(&b, "From: <%s>\nTo: Navarch <navarch@example.org>\n"
	    "Subject: Re: turn 1 report\nMessage-ID: <view-%d@example.org>\n"
	    "Date: Thu, 01 Jan 2026 12:00:00 +0000\nMIME-Version: 1.0\n"
	    "Content-Type: text/plain; charset=utf-8\n\nPASSWORD %s\n", to,
	    n, password);
	buf_add(&b, s + 1, (size_t)(e - s) + strlen("END\n"));
	free(body);
	return buf_detach(&b);
}

static void
send_mail(struct mpfx *f, const char *raw, int64_t at, int outcome)
{
	struct mailproc_result	 r;
	char			*cause = NULL;

	if (mailproc_message(&f->mp, raw, strlen(raw), T0 + at, &r,
	    &cause) != 0)
		fail_msg("the mail failed: %s", cause);
	if ((int)r.outcome != outcome)
		fail_msg("the mail was %s: %s\n%s",
		    mailproc_outcome_name(r.outcome), r.summary, raw);
	mailproc_result_free(&r);
}

static void
send_reply(struct mpfx *f, const char *raw, int64_t at)
{
	send_mail(f, raw, at, DONE);
}

/* The captain's mail of the lines text, the n-th, at T0 + at. */
static void
captain_mail(struct mpfx *f, const char *text, int n, int64_t at,
    int outcome)
{
	char	*raw = xasprintf("From: <a2@example.org>\nTo: Navarch "
	    "<navarch@example.org>\nSubject: mail\nMessage-ID: "
	    "<cap-%d@example.org>\nDate: Thu, 01 Jan 2026 12:00:00 +0000\n"
	    "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
	    "GAME demo\nPLAYER athens-2\nPASSWORD a2-pw\n%s\n", n, text);

	send_mail(f, raw, at, outcome);
	free(raw);
}

/* Holds (want) or lacks (!want) s, or fails the test with the text. */
static void
expect(const char *text, const char *s, int want)
{
	if (mpfx_holds(text, s) != want)
		fail_msg("%s '%s':\n%s", want ? "lacks" : "holds", s, text);
}

static void
test_view_templates(void **state)
{
	struct mpfx	*f = *state;
	char		*raw, *got;
	static const struct step steps[] = {
		{ "gm-process", 60, DONE, {
			{ "a@example.org", "Turn 1 report", {
			  "PLAYER athens\nTURN 2\n", "SHIP salaminia ",
			  "# Ordered by athens-2:", "# SHIP nike ",
			  "THE REST OF YOUR SIDE", "athens-2" },
			  { "\nSIDE athens\n", "\nSQUADRON left" } },
			{ "a2@example.org", "Turn 1 report", {
			  "PLAYER athens-2\nTURN 2\nSQUADRON left ",
			  "THE REST OF YOUR SIDE", "salaminia",
			  "salaminia Salaminia" },
			  { "\nSIDE athens\n", "SHIP salaminia",
			  "# Ordered by" } },
			{ "p@example.org", "Turn 1 report", {
			  "\nSIDE persia\nTURN 2\n" },
			  { "PLAYER persia", "THE REST OF YOUR SIDE" } },
			{ "gm@example.org", "Turn 1 report", { "MAP" } },
			{ "obs@example.org", "Turn 1 report", { "MAP" } },
			{ "gm@example.org", NULL, { "PROCESS: turn 1 is "
			  "played" } } },
		  NULL, NULL },
	};

	captain(f);
	RUN_STEPS(f, steps);
	/* The captain's reply as it stands: his squadron's orders. */
	raw = reply_with_template(f, "a2@example.org", "a2-pw", 1);
	send_reply(f, raw, 120);
	free(raw);
	got = mpfx_sql(f, "SELECT normalised FROM order_sets WHERE player ="
	    " 'athens-2' AND in_force = 1 AND turn = 2");
	if (strstr(got, "SHIP nike ") == NULL ||
	    strstr(got, "SHIP paralos ") == NULL ||
	    strstr(got, "salaminia") != NULL)
		fail_msg("athens-2's orders in force: %s", got);
	free(got);
	/* The admiral's too: his ship's; the others' lines are comments. */
	raw = reply_with_template(f, "a@example.org", "athens-pw", 2);
	send_reply(f, raw, 180);
	free(raw);
	got = mpfx_sql(f, "SELECT normalised FROM order_sets WHERE player ="
	    " 'athens' AND in_force = 1 AND turn = 2");
	if (strstr(got, "SHIP salaminia ") == NULL ||
	    strstr(got, "nike") != NULL)
		fail_msg("athens's orders in force: %s", got);
	free(got);
}

/* SET STORY OWN tells a captain only the events of his ships; RESEND
 * FULL sends the side's whole story all the same. */
static void
test_view_story(void **state)
{
	struct mpfx	*f = *state;
	char		*body;
	static const struct step steps[] = {
		{ "gm-process", 60, DONE, {
			{ "a@example.org", "Turn 1 report", { "MAP" } },
			{ "a2@example.org", "Turn 1 report", { "MAP" } },
			{ "p@example.org", "Turn 1 report", { "MAP" } },
			{ "gm@example.org", "Turn 1 report", { "MAP" } },
			{ "obs@example.org", "Turn 1 report", { "MAP" } },
			{ "gm@example.org", NULL, { "PROCESS: turn 1 is "
			  "played" } } },
		  NULL, NULL },
	};
	static const char salaminia[] = "salaminia (quadrireme, athens) in "
	    "0409";

	captain(f);
	RUN_STEPS(f, steps);
	body = mpfx_outbox(f, "a2@example.org", "Turn 1 report");
	expect(body, salaminia, 1);
	free(body);
	captain_mail(f, "SET STORY OWN", 1, 90, DONE);
	captain_mail(f, "RESEND", 2, 120, DONE);
	body = mpfx_outbox(f, "a2@example.org", "Turn 1 report (again)");
	expect(body, "Only what befell the ships you command", 1);
	expect(body, salaminia, 0);
	expect(body, "nike (trireme, athens) in 0508", 1);
	free(body);
	captain_mail(f, "RESEND FULL", 3, 150, DONE);
	body = mpfx_outbox(f, "a2@example.org", "Turn 1 report (again)");
	expect(body, "Only what befell", 0);
	expect(body, salaminia, 1);
	free(body);
	captain_mail(f, "RESEND ALL", 4, 180, 1);
	body = mpfx_outbox(f, "a2@example.org", "");
	expect(body, "RESEND takes nothing (the last turn's report again) or "
	    "FULL", 1);
	free(body);
}

#define T(fn)	cmocka_unit_test_setup_teardown(fn, mpfx_setup_squadron, \
    mpfx_teardown)

const struct CMUnitTest mailproc_view_tests[] = {
	T(test_view_templates),
	T(test_view_story),
};
const size_t mailproc_view_ntests =
    sizeof mailproc_view_tests / sizeof mailproc_view_tests[0];
