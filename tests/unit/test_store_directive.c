/* test_store_directive.c: migration 10 (issue 14, item 4): an admiral's
 * directives wait for the next report, are carried by it once (marked),
 * come again on RESEND of that turn only, come again when the turn is
 * played again after a rollback, and are refused for nobody. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "store_fixture.h"
#include "xalloc.h"

struct text {
	char	t[512];
};

static int
due_cb(const struct store_directive *d, void *arg)
{
	struct text	*b = arg;
	size_t		 len = strlen(b->t);

	snprintf(b->t + len, sizeof b->t - len, "%s%d:%s>%s:%s:%d",
	    len > 0 ? " " : "", d->turn, d->sender, d->player, d->text,
	    d->reported);
	return 0;
}

static void
due(struct store *s, const char *player, int turn, int again,
    const char *want)
{
	struct text	b = { "" };
	char		*cause = NULL;

	expect_code(store_directive_due(s, "g1", player, turn, again, due_cb,
	    &b, &cause), STORE_OK, &cause);
	assert_string_equal(b.t, want);
}

static void
give(struct store *s, int turn, const char *to, const char *text, int want)
{
	struct store_directive	d = { .game = "g1", .turn = turn,
	    .sender = "athens", .player = to, .text = text, .created = 2000 };
	char			*cause = NULL;

	expect_code(store_directive_add(s, &d, &cause), want, &cause);
}

static void
reported(struct store *s, const char *player, int turn, int want_n)
{
	char	*cause = NULL;
	int	 n = -1;

	expect_code(store_directive_reported(s, "g1", player, turn, &n,
	    &cause), STORE_OK, &cause);
	assert_int_equal(n, want_n);
}

static void
test_directive_once(void **state)
{
	struct fx	*f = *state;
	char		*cause = NULL, long_text[STORE_DIRECTIVE_MAX + 2];

	make_game(f->s, "g1");
	make_players(f->s, "g1");
	expect_code(store_player_add(f->s, "g1", "athens", "cimon",
	    "c@example.org", "$y$hash-c", 0, &cause), STORE_OK, &cause);
	give(f->s, 1, "cimon", "Hold the left", STORE_OK);
	give(f->s, 1, "cimon", "Ram the flagship", STORE_OK);
	give(f->s, 1, "sparta", "Not mine", STORE_OK);
	/* Each player's own, in the order given; nothing for athens. */
	due(f->s, "cimon", 1, 0, "1:athens>cimon:Hold the left:0 "
	    "1:athens>cimon:Ram the flagship:0");
	due(f->s, "athens", 1, 0, "");
	/* The report of turn 1 carries them: not due for turn 2. */
	reported(f->s, "cimon", 1, 2);
	due(f->s, "cimon", 2, 0, "");
	due(f->s, "sparta", 2, 0, "1:athens>sparta:Not mine:0");
	/* RESEND of turn 1 shows them again, of turn 2 not. */
	due(f->s, "cimon", 1, 1, "1:athens>cimon:Hold the left:1 "
	    "1:athens>cimon:Ram the flagship:1");
	due(f->s, "cimon", 2, 1, "");
	/* A later one waits for the next report alone. */
	give(f->s, 2, "cimon", "Form line", STORE_OK);
	due(f->s, "cimon", 2, 0, "2:athens>cimon:Form line:0");
	reported(f->s, "cimon", 2, 1);
	reported(f->s, "cimon", 3, 0);
	/* Rolled back to turn 2 and played again: its report again. */
	due(f->s, "cimon", 2, 0, "2:athens>cimon:Form line:2");
	/* Refused: nobody, an empty or overlong text, no turn, no game. */
	give(f->s, 2, "pericles", "Who?", STORE_NOTFOUND);
	give(f->s, 2, "cimon", "", STORE_ERROR);
	memset(long_text, 'x', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	give(f->s, 2, "cimon", long_text, STORE_ERROR);
	give(f->s, 0, "cimon", "Early", STORE_ERROR);
	expect_code(store_directive_due(f->s, "nogame", "cimon", 1, 0,
	    due_cb, NULL, &cause), STORE_NOTFOUND, &cause);
	/* A removed player gets none. */
	expect_code(store_player_remove(f->s, "g1", "cimon", &cause),
	    STORE_OK, &cause);
	give(f->s, 2, "cimon", "Too late", STORE_NOTFOUND);
}

#define T(fn)	cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)

const struct CMUnitTest store_directive_tests[] = {
	T(test_directive_once),
};
const size_t store_directive_ntests =
    sizeof store_directive_tests / sizeof store_directive_tests[0];
