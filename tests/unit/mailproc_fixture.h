/* mailproc_fixture.h: a game database for the mail processing tests and
 * a table-driven runner of steps (a mail, or a tick) with their expected
 * outbox rows and store effects. */
#ifndef NV_MAILPROC_FIXTURE_H
#define NV_MAILPROC_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "mailproc.h"

/* 2026-01-01T10:00Z: the game is created then, its deadline is T0 + 2 d. */
#define T0		((int64_t)1767261600)
#define HOUR		3600
#define DAY		(24 * HOUR)

struct mpfx {
	char		*dir;
	char		*path;
	struct store	*s;
	struct mailproc	 mp;
	int		 compose_calls;
	int		 compose_fail_at;	/* 0: never */
	int64_t		 seen;			/* outbox rows checked */
};

#define WANT_HAS	6
#define WANT_LACKS	3
#define STEP_OUT	8

/* An outbox row: recipient, a subject substring, substrings its message
 * must hold and must not. */
struct want {
	const char	*to;
	const char	*subject;
	const char	*has[WANT_HAS];
	const char	*lacks[WANT_LACKS];
};

/* A step: the message file (tests/unit/mailproc/NAME.eml; "@@" in it
 * becomes the step's number, so one file can be sent twice as two
 * mails, or same_as's to send one mail again), or NULL for a tick, at
 * T0 + at.  outcome: the mailproc outcome, -1 for a failure (nothing
 * stored); for a tick, how many turns were played.  out: every new outbox row, in order.  query/expect: an SQL
 * query whose first column of the first row, as text, must be expect. */
struct step {
	const char	*eml;
	int64_t		 at;
	int		 outcome;
	struct want	 out[STEP_OUT];
	const char	*query;
	const char	*expect;
	int		 same_as;	/* the mail of that step again (its
					   "@@"), not a new one; 0: new */
};

/* A game of the demo scenario, made by mpfx_add_game: players athens
 * (the admiral, with every Athenian ship) and persia at PREFIXa@ and
 * PREFIXp@example.org, an observer at PREFIXobs@, the GM at gm@; the GM
 * password gm-pass, the players' athens-pw and persia-pw. */
struct mpfx_game {
	const char	*id;
	int		 visibility;	/* fog of war in hexes, 0: none */
	int64_t		 deadline;
	const char	*seed;
	const char	*prefix;	/* of the addresses */
	int		 squadron;	/* 1: nike and paralos are athens's
					   squadron "left"; 2: nike is in
					   "left", paralos in "right" */
	const char	*wrecks;	/* <wreck> lines added to the
					   scenario, or NULL */
};
void	mpfx_add_game(struct mpfx *, const struct mpfx_game *);

int	mpfx_setup(void **state);
int	mpfx_setup_fog(void **state);		/* visibility 3 */
/* Visibility 3, and wrecks at 0202 (out of athens's sight) and 0407 (in
 * sight of salaminia). */
int	mpfx_setup_fog_wrecks(void **state);
int	mpfx_setup_squadron(void **state);	/* athens's squadron left */
int	mpfx_setup_squadrons(void **state);	/* left and right */
int	mpfx_teardown(void **state);
void	mpfx_run(struct mpfx *, const struct step *, size_t n);
/* The first column of the first row of sql as text (owned), "" if none. */
char	*mpfx_sql(struct mpfx *, const char *sql);
/* The message of the last outbox row to to whose subject holds subject
 * (owned); fails the test when there is none. */
char	*mpfx_outbox(struct mpfx *, const char *to, const char *subject);

/* 1 if body holds want, exactly or with the line breaks of either
 * squeezed out (the templates wrap sentences at 76 columns). */
int	mpfx_holds(const char *body, const char *want);

/* The test composer writes each attachment after the body: a line
 * MPFX_ATT_START "NAME TYPE LENGTH", the bytes, a line MPFX_ATT_END. */
#define MPFX_ATT_START	"=== attachment: "
#define MPFX_ATT_END	"=== end of attachment"
/* The attachment of a message made by the test composer (owned), or NULL
 * when it has none; fails the test when it has another name or type, a
 * length that is not its length, or more than one. */
char	*mpfx_attachment(const char *mail, const char *name,
	    const char *type);

#define RUN_STEPS(f, steps)	mpfx_run((f), (steps), \
    sizeof (steps) / sizeof (steps)[0])

extern const struct CMUnitTest	mailproc_cmd_tests[];
extern const size_t		mailproc_cmd_ntests;
extern const struct CMUnitTest	mailproc_tpl_tests[];
extern const size_t		mailproc_tpl_ntests;
extern const struct CMUnitTest	mailproc_svg_tests[];
extern const size_t		mailproc_svg_ntests;
extern const struct CMUnitTest	mailproc_cache_tests[];
extern const size_t		mailproc_cache_ntests;
extern const struct CMUnitTest	mailproc_auth_tests[];
extern const size_t		mailproc_auth_ntests;
extern const struct CMUnitTest	mailproc_clock_tests[];
extern const size_t		mailproc_clock_ntests;
extern const struct CMUnitTest	mailproc_side_tests[];
extern const size_t		mailproc_side_ntests;
extern const struct CMUnitTest	mailproc_view_tests[];
extern const size_t		mailproc_view_ntests;

#endif
