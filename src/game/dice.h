/* dice.h: the engine's only source of chance.
 *
 * Four sources behind one interface: "seeded" (the only one a real game
 * uses: every roll is SHA-256(seed, label) with rejection sampling, so each
 * roll is reproducible on its own and adding an unrelated roll changes no
 * other), "fixed" (every roll is N), "script" (a list of results, an
 * error when it runs out) and "replay" (the results recorded for the same
 * labels).  The engine never reads the clock or the OS
 * random source: callers hand it a struct nv_dice.
 *
 * A roll is labelled by (game, turn, phase, purpose, ship, counter); the
 * counter counts earlier rolls with the same label, so the label is unique.
 * docs/dice.md documents the derivation so a player can recompute any roll.
 */
#ifndef NV_DICE_H
#define NV_DICE_H

#include <stddef.h>

struct nv_dice;

/* What a roll is for; kept with the roll for the event log. */
struct nv_roll {
	int	 turn;
	int	 phase;		/* 0: before the first phase; phases+1: end */
	char	*purpose;	/* e.g. "ram-damage"; owned */
	char	*ship;		/* ship id the roll is for, or ""; owned */
	unsigned counter;	/* earlier rolls with the same label */
	int	 sides;
	int	 result;	/* 1..sides */
	char	*label;		/* canonical label text that was hashed; owned */
	unsigned flags;		/* NV_ROLL_POOL, NV_ROLL_REROLL (in memory:
				   the store keeps the purpose, which says
				   so) */
};

#define NV_ROLL_POOL	0x1	/* one die of a pool (turn_roll_pool) */
#define NV_ROLL_REROLL	0x2	/* a die rolled again (turn_reroll) */

/* Constructors; each returns a new source owned by the caller (free with
 * dice_free).  seed is any text; game names the game in labels (""
 * outside a stored game).  dice_script copies vals. */
struct nv_dice	*dice_seeded(const char *seed, const char *game);
struct nv_dice	*dice_fixed(int value);
struct nv_dice	*dice_script(const int *vals, size_t n);
/* "replay": each roll gets the result of the roll among rolls[] with the
 * same turn, phase, purpose, ship, counter and die (the game is not
 * compared); a roll with none is an error naming it.  For replaying a
 * turn whose rolls come in another order, or whose ships were renamed
 * (the caller renames the ships of rolls[]).  Copies rolls. */
struct nv_dice	*dice_replay(const struct nv_roll *rolls, size_t n);
/* Parses a script file's text: integers separated by white space or
 * commas, '#' comments.  Returns NULL and sets *cause (owned by caller) on
 * error, e.g. "line 3: '7x' is not a number". */
struct nv_dice	*dice_script_parse(const char *text, char **cause);
void		 dice_free(struct nv_dice *);

/* Rolls one die with `sides` faces for the labelled purpose.  Returns 0 and
 * sets *out in 1..sides, or -1 with *cause set (owned by caller) when a
 * script has run out or a fixed value does not fit the die.  Every roll is
 * recorded (see dice_rolls). */
int	dice_roll(struct nv_dice *, int sides, int turn, int phase,
	    const char *purpose, const char *ship, int *out, char **cause);

/* Sets flags on the last roll made (none made: nothing). */
void	dice_flag_last(struct nv_dice *, unsigned flags);

/* The rolls made so far, in order; owned by the source. */
const struct nv_roll	*dice_rolls(const struct nv_dice *, size_t *n);
/* Name of the source: "seeded", "fixed", "script" or "replay" (static). */
const char		*dice_kind(const struct nv_dice *);

/* The SHA-256 commitment of a seed, as 64 lower-case hex digits, into out
 * (at least 65 bytes). */
void	dice_commitment(const char *seed, char *out);

#endif
