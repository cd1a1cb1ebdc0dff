/* test_dice.c: the three dice sources.
 *
 * The seeded results below were computed independently of dice.c, with
 * python3's hashlib following the derivation at the top of dice.c (and in
 * docs/dice.md):
 *
 *   import hashlib
 *   def roll(seed, label, sides):
 *       d = hashlib.sha256(seed.encode() + b"\0" + label.encode()).digest()
 *       limit = 2**32 - (2**32 % sides)
 *       while True:
 *           for i in range(0, 32, 4):
 *               w = int.from_bytes(d[i:i+4], "big")
 *               if w < limit:
 *                   return w % sides + 1
 *           d = hashlib.sha256(d).digest()
 *   label = f"navarch-dice-1|{game}|{turn}|{phase}|{purpose}|{ship}|{counter}"
 *
 * and the commitments with hashlib.sha256(seed.encode()).hexdigest(). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dice.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* Rolls that must succeed. */
static int
roll_ok(struct nv_dice *d, int sides, int turn, int phase, const char *purpose,
    const char *ship)
{
	char	*cause = NULL;
	int	 v = -1;

	if (dice_roll(d, sides, turn, phase, purpose, ship, &v, &cause) != 0)
		fail_msg("roll failed: %s", cause);
	assert_null(cause);
	return v;
}

/* Rolls that must fail: returns the cause (owned by the caller). */
static char *
roll_fails(struct nv_dice *d, int sides, const char *purpose, const char *ship)
{
	char	*cause = NULL;
	int	 v = -12345;

	assert_int_equal(dice_roll(d, sides, 1, 1, purpose, ship, &v, &cause),
	    -1);
	assert_int_equal(v, -12345);
	assert_non_null(cause);
	return cause;
}

static const struct seeded_case {
	const char	*seed, *game;
	int		 turn, phase;
	const char	*purpose, *ship;
	unsigned	 counter;	/* rolled this many times before */
	int		 sides;
	const char	*label;
	int		 want;
} seeded[] = {
	{ "42", "", 1, 1, "ram-damage", "", 0, 6,
	    "navarch-dice-1||1|1|ram-damage||0", 4 },
	{ "42", "", 1, 1, "ram-damage", "", 1, 6,
	    "navarch-dice-1||1|1|ram-damage||1", 1 },
	{ "42", "", 1, 1, "ram-damage", "alpha", 0, 6,
	    "navarch-dice-1||1|1|ram-damage|alpha|0", 5 },
	{ "42", "", 1, 3, "bow-fire", "alpha", 0, 6,
	    "navarch-dice-1||1|3|bow-fire|alpha|0", 1 },
	{ "42", "", 2, 0, "plug", "beta", 0, 6,
	    "navarch-dice-1||2|0|plug|beta|0", 1 },
	{ "42", "actium", 1, 1, "ram-damage", "", 0, 6,
	    "navarch-dice-1|actium|1|1|ram-damage||0", 2 },
	{ "secret seed", "actium", 7, 6, "boarding", "c-3", 2, 6,
	    "navarch-dice-1|actium|7|6|boarding|c-3|2", 6 },
	{ "42", "", 1, 1, "test", "", 0, 1, "navarch-dice-1||1|1|test||0", 1 },
	{ "42", "", 1, 1, "test", "", 0, 2, "navarch-dice-1||1|1|test||0", 1 },
	{ "42", "", 1, 1, "test", "", 0, 10, "navarch-dice-1||1|1|test||0", 3 },
	{ "42", "", 1, 1, "test", "", 0, 20, "navarch-dice-1||1|1|test||0", 13 },
	{ "42", "", 1, 1, "test", "", 0, 100,
	    "navarch-dice-1||1|1|test||0", 93 },
	{ "x", "g", 3, 2, "grapple", "s1", 0, 20,
	    "navarch-dice-1|g|3|2|grapple|s1|0", 7 },
	{ "x", "g", 3, 2, "grapple", "s1", 1, 100,
	    "navarch-dice-1|g|3|2|grapple|s1|1", 85 },
	{ "", "", 0, 0, "", "", 0, 6, "navarch-dice-1||0|0|||0", 2 },
	/* A die of 1431655766 sides accepts only words below 2863311532,
	 * so a third are rejected.  rej-4: the first word is rejected, the
	 * second taken; rej-15039: all eight rejected, so the digest is
	 * hashed again (python: searched rej-0, rej-1, ... for both). */
	{ "42", "", 1, 1, "rej-4", "", 0, 1431655766,
	    "navarch-dice-1||1|1|rej-4||0", 556160787 },
	{ "42", "", 1, 1, "rej-15039", "", 0, 1431655766,
	    "navarch-dice-1||1|1|rej-15039||0", 1152180050 },
};

static void
test_seeded_known(void **state)
{
	const struct seeded_case	*c;
	const struct nv_roll		*r;
	struct nv_dice			*d;
	size_t				 i, n;
	unsigned			 k;
	int				 v;

	for (i = 0; i < NELEM(seeded); i++) {
		c = &seeded[i];
		d = dice_seeded(c->seed, c->game);
		for (k = 0; k < c->counter; k++)
			roll_ok(d, c->sides, c->turn, c->phase, c->purpose,
			    c->ship);
		v = roll_ok(d, c->sides, c->turn, c->phase, c->purpose,
		    c->ship);
		r = dice_rolls(d, &n);
		assert_int_equal(n, c->counter + 1);
		assert_string_equal(r[n - 1].label, c->label);
		assert_int_equal(r[n - 1].counter, c->counter);
		if (v != c->want)
			fail_msg("case %zu (%s): rolled %d, python says %d", i,
			    c->label, v, c->want);
		dice_free(d);
	}
}

static void
test_seeded_reproducible(void **state)
{
	struct nv_dice	*a = dice_seeded("42", "g"), *b = dice_seeded("42", "g");
	struct nv_dice	*c = dice_seeded("43", "g"), *e = dice_seeded("42", "h");
	int		 i, va, vc, ve, diff_c = 0, diff_e = 0;

	for (i = 0; i < 50; i++) {
		va = roll_ok(a, 20, 1 + i % 3, i % 7, "p", i % 2 ? "s" : NULL);
		assert_int_equal(roll_ok(b, 20, 1 + i % 3, i % 7, "p",
		    i % 2 ? "s" : NULL), va);
		vc = roll_ok(c, 20, 1 + i % 3, i % 7, "p", i % 2 ? "s" : NULL);
		ve = roll_ok(e, 20, 1 + i % 3, i % 7, "p", i % 2 ? "s" : NULL);
		diff_c += vc != va;
		diff_e += ve != va;
	}
	/* Another seed or another game name gives other rolls. */
	assert_true(diff_c > 25);
	assert_true(diff_e > 25);
	assert_string_equal(dice_kind(a), "seeded");
	dice_free(a);
	dice_free(b);
	dice_free(c);
	dice_free(e);
}

static void
test_counter(void **state)
{
	struct nv_dice		*d = dice_seeded("42", "");
	const struct nv_roll	*r;
	size_t			 n;

	/* Same label twice: counters 0 and 1, the python values 4 and 1. */
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", ""), 4);
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", NULL), 1);
	/* Another label starts its own count. */
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", "alpha"), 5);
	r = dice_rolls(d, &n);
	assert_int_equal(n, 3);
	assert_int_equal(r[0].counter, 0);
	assert_int_equal(r[1].counter, 1);
	assert_int_equal(r[2].counter, 0);
	assert_string_equal(r[1].label, "navarch-dice-1||1|1|ram-damage||1");
	dice_free(d);
}

/* The rolls of one turn, with and without unrelated rolls in between. */
static void
test_unrelated_roll(void **state)
{
	static const struct {
		int		 sides, phase;
		const char	*purpose, *ship;
	} main_rolls[] = {
		{ 6, 1, "ram-damage", "a" },	{ 6, 1, "ram-damage", "a" },
		{ 20, 2, "bow-fire", "b" },	{ 6, 3, "ram-damage", "a" },
		{ 100, 6, "boarding", "c" },	{ 6, 6, "boarding", "c" },
		{ 2, 7, "plug", NULL },		{ 10, 7, "plug", "a" },
	};
	struct nv_dice	*plain = dice_seeded("s", "g"), *busy = dice_seeded("s",
			    "g");
	int		 want[NELEM(main_rolls)];
	size_t		 i;
	int		 k;

	for (i = 0; i < NELEM(main_rolls); i++)
		want[i] = roll_ok(plain, main_rolls[i].sides, 1,
		    main_rolls[i].phase, main_rolls[i].purpose,
		    main_rolls[i].ship);
	for (i = 0; i < NELEM(main_rolls); i++) {
		/* Extra rolls for other purposes, other ships, other
		 * phases: none shares a label with the main rolls. */
		for (k = 0; k < (int)i + 1; k++) {
			roll_ok(busy, 6, 1, main_rolls[i].phase, "extra",
			    main_rolls[i].ship);
			roll_ok(busy, 6, 1, main_rolls[i].phase,
			    main_rolls[i].purpose, "zz");
			roll_ok(busy, 6, 2, main_rolls[i].phase,
			    main_rolls[i].purpose, main_rolls[i].ship);
		}
		assert_int_equal(roll_ok(busy, main_rolls[i].sides, 1,
		    main_rolls[i].phase, main_rolls[i].purpose,
		    main_rolls[i].ship), want[i]);
	}
	dice_free(plain);
	dice_free(busy);
}

static void
test_sides(void **state)
{
	static const int sides[] = { 1, 2, 6, 10, 20, 100 };
	struct nv_dice	*d = dice_seeded("sides", "");
	int		 seen[101], i, v, f;
	size_t		 s;
	char		*cause;

	for (s = 0; s < NELEM(sides); s++) {
		memset(seen, 0, sizeof seen);
		for (i = 0; i < 3000; i++) {
			v = roll_ok(d, sides[s], 1, 1, "sides", NULL);
			assert_in_range(v, 1, sides[s]);
			seen[v]++;
		}
		/* Every face turns up. */
		for (f = 1; f <= sides[s]; f++)
			if (seen[f] == 0)
				fail_msg("d%d never rolled %d", sides[s], f);
	}
	cause = roll_fails(d, 0, "sides", NULL);
	assert_string_equal(cause, "a die needs at least one side");
	free(cause);
	cause = roll_fails(d, -6, "sides", NULL);
	free(cause);
	dice_free(d);
}

static void
test_uniformity(void **state)
{
	struct nv_dice	*d = dice_seeded("uniform", "g");
	int		 count[7] = { 0 }, i, f;

	for (i = 0; i < 60000; i++)
		count[roll_ok(d, 6, 1, 1, "u", NULL)]++;
	for (f = 1; f <= 6; f++)
		if (count[f] < 9500 || count[f] > 10500)
			fail_msg("face %d came up %d times in 60000", f,
			    count[f]);
	dice_free(d);
}

static void
test_fixed(void **state)
{
	struct nv_dice		*d = dice_fixed(4);
	const struct nv_roll	*r;
	size_t			 n;
	char			*cause;

	assert_string_equal(dice_kind(d), "fixed");
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", "a"), 4);
	assert_int_equal(roll_ok(d, 4, 1, 1, "ram-damage", "a"), 4);
	cause = roll_fails(d, 3, "ram-damage", "a");
	assert_string_equal(cause,
	    "die result 4 does not fit a d3 (roll 3, for ram-damage)");
	free(cause);
	/* The failed roll is not recorded and takes no counter. */
	assert_int_equal(roll_ok(d, 20, 1, 1, "ram-damage", "a"), 4);
	r = dice_rolls(d, &n);
	assert_int_equal(n, 3);
	assert_int_equal(r[2].counter, 2);
	assert_int_equal(r[2].sides, 20);
	assert_string_equal(r[2].label, "navarch-dice-1||1|1|ram-damage|a|2");
	dice_free(d);

	d = dice_fixed(0);
	cause = roll_fails(d, 6, "plug", NULL);
	assert_string_equal(cause,
	    "die result 0 does not fit a d6 (roll 1, for plug)");
	free(cause);
	dice_rolls(d, &n);
	assert_int_equal(n, 0);
	dice_free(d);
}

static void
test_script(void **state)
{
	static const int vals[] = { 3, 1, 6, 2 };
	struct nv_dice	*d = dice_script(vals, NELEM(vals));
	char		*cause;

	assert_string_equal(dice_kind(d), "script");
	assert_int_equal(roll_ok(d, 6, 1, 1, "a", NULL), 3);
	assert_int_equal(roll_ok(d, 6, 1, 1, "a", NULL), 1);
	assert_int_equal(roll_ok(d, 6, 1, 2, "b", "x"), 6);
	/* A value too big for the die is an error, and it is used up. */
	cause = roll_fails(d, 1, "c", NULL);
	assert_string_equal(cause,
	    "die result 2 does not fit a d1 (roll 4, for c)");
	free(cause);
	cause = roll_fails(d, 6, "ram-damage", "alpha");
	assert_string_equal(cause, "the dice script ran out after 4 rolls"
	    " (roll 5: 1d6 for ram-damage, ship alpha)");
	free(cause);
	cause = roll_fails(d, 20, "plug", NULL);
	assert_string_equal(cause, "the dice script ran out after 4 rolls"
	    " (roll 5: 1d20 for plug)");
	free(cause);
	dice_free(d);

	d = dice_script(NULL, 0);
	cause = roll_fails(d, 6, "first", NULL);
	assert_string_equal(cause, "the dice script ran out after 0 rolls"
	    " (roll 1: 1d6 for first)");
	free(cause);
	dice_free(d);
}

static void
test_script_parse(void **state)
{
	static const struct {
		const char	*text;
		int		 vals[8];
		int		 n;
	} good[] = {
		{ "", { 0 }, 0 },
		{ "  \n\n\t", { 0 }, 0 },
		{ "# only a comment", { 0 }, 0 },
		{ "1 2 3", { 1, 2, 3 }, 3 },
		{ "1,2,3", { 1, 2, 3 }, 3 },
		{ "1, 2 ,3\n", { 1, 2, 3 }, 3 },
		{ "6\n5\n4", { 6, 5, 4 }, 3 },
		{ "6\r\n5\r\n", { 6, 5 }, 2 },
		{ "# rams\n4 5 # second\n6", { 4, 5, 6 }, 3 },
		{ "6#no space\n1", { 6, 1 }, 2 },
		{ "1,,2", { 1, 2 }, 2 },
		{ "\t20\t100 ,1000", { 20, 100, 1000 }, 3 },
		{ "+3", { 3 }, 1 },
	};
	static const struct {
		const char	*text;
		const char	*cause;
	} bad[] = {
		{ "1 2 x", "line 1: 'x' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1\n2\n7x", "line 3: '7x' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "# c\n\n1\n# 0\n0", "line 5: '0' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "-3", "line 1: '-3' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1.5", "line 1: '1.5' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1001", "line 1: '1001' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1;2", "line 1: '1;2' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1\r\n2\r\nsix", "line 3: 'six' is not a die result"
		    " (a whole number from 1 to 1000)" },
		{ "1\n1234567890123456789012345678901234567890",
		    "line 2: '12345678901234567890...' is too long"
		    " for a die result" },
	};
	struct nv_dice	*d;
	char		*cause;
	size_t		 i, n;
	int		 k;

	for (i = 0; i < NELEM(good); i++) {
		cause = NULL;
		d = dice_script_parse(good[i].text, &cause);
		if (d == NULL)
			fail_msg("good script %zu refused: %s", i, cause);
		for (k = 0; k < good[i].n; k++)
			assert_int_equal(roll_ok(d, 1000, 1, 1, "t", NULL),
			    good[i].vals[k]);
		cause = roll_fails(d, 1000, "t", NULL);
		free(cause);
		dice_rolls(d, &n);
		assert_int_equal(n, (size_t)good[i].n);
		dice_free(d);
	}
	for (i = 0; i < NELEM(bad); i++) {
		cause = NULL;
		d = dice_script_parse(bad[i].text, &cause);
		assert_null(d);
		assert_non_null(cause);
		if (strcmp(cause, bad[i].cause) != 0)
			fail_msg("bad script %zu: cause '%s', want '%s'", i,
			    cause, bad[i].cause);
		free(cause);
	}
}

static void
test_rolls_record(void **state)
{
	static const int vals[] = { 2, 5 };
	struct nv_dice		*src[3];
	const struct nv_roll	*r;
	size_t			 i, n;
	int			 v0, v1;

	src[0] = dice_seeded("42", "actium");
	src[1] = dice_fixed(2);
	src[2] = dice_script(vals, 2);
	for (i = 0; i < 3; i++) {
		v0 = roll_ok(src[i], 6, 3, 2, "ram-damage", "alpha");
		v1 = roll_ok(src[i], 20, 4, 0, "plug", NULL);
		r = dice_rolls(src[i], &n);
		assert_int_equal(n, 2);
		assert_int_equal(r[0].turn, 3);
		assert_int_equal(r[0].phase, 2);
		assert_string_equal(r[0].purpose, "ram-damage");
		assert_string_equal(r[0].ship, "alpha");
		assert_int_equal(r[0].counter, 0);
		assert_int_equal(r[0].sides, 6);
		assert_int_equal(r[0].result, v0);
		assert_string_equal(r[0].label,
		    i == 0 ? "navarch-dice-1|actium|3|2|ram-damage|alpha|0" :
		    "navarch-dice-1||3|2|ram-damage|alpha|0");
		assert_int_equal(r[1].turn, 4);
		assert_int_equal(r[1].phase, 0);
		assert_string_equal(r[1].purpose, "plug");
		assert_string_equal(r[1].ship, "");
		assert_int_equal(r[1].sides, 20);
		assert_int_equal(r[1].result, v1);
		dice_free(src[i]);
	}
	/* Script results in the order given. */
	assert_int_equal(v0, 2);
	assert_int_equal(v1, 5);
}

/* A replay gives each roll the result recorded for its label, whatever
 * the order the rolls now come in; a label never recorded is an error. */
static void
test_replay(void **state)
{
	struct nv_dice		*src = dice_seeded("42", "");
	struct nv_dice		*d;
	const struct nv_roll	*r;
	size_t			 n;
	int			 a0, a1, b0, p0;
	char			*cause;

	(void)state;
	a0 = roll_ok(src, 6, 1, 1, "ram-damage", "alpha");
	b0 = roll_ok(src, 6, 1, 1, "ram-damage", "beta");
	a1 = roll_ok(src, 6, 1, 1, "ram-damage", "alpha");
	p0 = roll_ok(src, 20, 1, 7, "plug", NULL);
	r = dice_rolls(src, &n);
	d = dice_replay(r, n);
	dice_free(src);
	assert_string_equal(dice_kind(d), "replay");
	/* Another order: beta first, the plug before alpha's. */
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", "beta"), b0);
	assert_int_equal(roll_ok(d, 20, 1, 7, "plug", NULL), p0);
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", "alpha"), a0);
	assert_int_equal(roll_ok(d, 6, 1, 1, "ram-damage", "alpha"), a1);
	r = dice_rolls(d, &n);
	assert_int_equal(n, 4);
	assert_string_equal(r[0].label,
	    "navarch-dice-1||1|1|ram-damage|beta|0");
	assert_int_equal(r[3].counter, 1);
	/* A third alpha roll, another die, another phase: none recorded. */
	cause = roll_fails(d, 6, "ram-damage", "alpha");
	assert_string_equal(cause, "no recorded roll to replay for "
	    "navarch-dice-1||1|1|ram-damage|alpha|2 (1d6)");
	free(cause);
	cause = roll_fails(d, 8, "ram-damage", "beta");
	assert_string_equal(cause, "no recorded roll to replay for "
	    "navarch-dice-1||1|1|ram-damage|beta|1 (1d8)");
	free(cause);
	dice_free(d);
	d = dice_replay(NULL, 0);
	cause = roll_fails(d, 6, "grapple", "gamma");
	assert_string_equal(cause, "no recorded roll to replay for "
	    "navarch-dice-1||1|1|grapple|gamma|0 (1d6)");
	free(cause);
	dice_free(d);
}

static void
test_commitment(void **state)
{
	static const struct {
		const char	*seed, *hex;
	} t[] = {
		{ "42", "73475cb40a568e8da8a045ced110137e"
		    "159f890ac4da883b6b17dc651b3a8049" },
		{ "", "e3b0c44298fc1c149afbf4c8996fb924"
		    "27ae41e4649b934ca495991b7852b855" },
		{ "secret seed", "f2c13654f36d87e7db91b8d844ec8b90"
		    "d7a0695f29e5e2c524a3428ecea89d25" },
	};
	char	out[66];
	size_t	i;

	for (i = 0; i < NELEM(t); i++) {
		memset(out, 'x', sizeof out);
		dice_commitment(t[i].seed, out);
		assert_string_equal(out, t[i].hex);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_known),
		cmocka_unit_test(test_seeded_reproducible),
		cmocka_unit_test(test_counter),
		cmocka_unit_test(test_unrelated_roll),
		cmocka_unit_test(test_sides),
		cmocka_unit_test(test_uniformity),
		cmocka_unit_test(test_fixed),
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_script_parse),
		cmocka_unit_test(test_rolls_record),
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_commitment),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
