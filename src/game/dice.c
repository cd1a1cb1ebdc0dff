/* dice.c: seeded, fixed and scripted dice (see dice.h, docs/dice.md).
 *
 * Seeded derivation (docs/dice.md is the reference for players):
 *   label  = "navarch-dice-1|GAME|TURN|PHASE|PURPOSE|SHIP|COUNTER"
 *   digest = SHA-256(seed || 0x00 || label)
 * The digest is read as eight big-endian 32-bit words w; the first w below
 * limit = 2^32 - (2^32 mod sides) gives the result w mod sides + 1
 * (rejection sampling: every face equally likely).  If all eight are
 * rejected, digest = SHA-256(digest) and the words are read again. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "buf.h"
#include "dice.h"
#include "strutil.h"
#include "xalloc.h"

enum dice_kind { DICE_SEEDED, DICE_FIXED, DICE_SCRIPT, DICE_REPLAY };

struct label_count {
	char		*prefix;	/* label without the counter */
	unsigned	 count;
};

struct nv_dice {
	enum dice_kind	 kind;
	char		*seed;
	char		*game;
	int		 fixed;
	int		*script;
	size_t		 nscript;
	size_t		 next;		/* next script value */
	struct nv_roll	*replay;	/* DICE_REPLAY: the rolls to give */
	size_t		 nreplay;
	struct nv_roll	*rolls;
	size_t		 nrolls;
	size_t		 caprolls;
	struct label_count *counts;
	size_t		 ncounts;
	size_t		 capcounts;
};

static struct nv_dice *
dice_new(enum dice_kind kind)
{
	struct nv_dice	*d = xcalloc(1, sizeof *d);

	d->kind = kind;
	d->game = xstrdup("");
	return d;
}

struct nv_dice *
dice_seeded(const char *seed, const char *game)
{
	struct nv_dice	*d = dice_new(DICE_SEEDED);

	d->seed = xstrdup(seed);
	free(d->game);
	d->game = xstrdup(game != NULL ? game : "");
	return d;
}

struct nv_dice *
dice_fixed(int value)
{
	struct nv_dice	*d = dice_new(DICE_FIXED);

	d->fixed = value;
	return d;
}

struct nv_dice *
dice_script(const int *vals, size_t n)
{
	struct nv_dice	*d = dice_new(DICE_SCRIPT);

	d->script = xcalloc(n, sizeof *d->script);
	if (n > 0)
		memcpy(d->script, vals, n * sizeof *vals);
	d->nscript = n;
	return d;
}

struct nv_dice *
dice_replay(const struct nv_roll *rolls, size_t n)
{
	struct nv_dice	*d = dice_new(DICE_REPLAY);
	size_t		 i;

	d->replay = xcalloc(n + 1, sizeof *d->replay);
	for (i = 0; i < n; i++) {
		d->replay[i] = rolls[i];
		d->replay[i].purpose = xstrdup(rolls[i].purpose);
		d->replay[i].ship = xstrdup(rolls[i].ship);
		d->replay[i].label = xstrdup(rolls[i].label);
	}
	d->nreplay = n;
	return d;
}

/* The recorded result for a roll, or -1. */
static int
replayed(const struct nv_dice *d, int sides, int turn, int phase,
    const char *purpose, const char *ship, unsigned counter)
{
	const struct nv_roll	*r;
	size_t			 i;

	for (i = 0; i < d->nreplay; i++) {
		r = &d->replay[i];
		if (r->turn == turn && r->phase == phase &&
		    r->counter == counter && r->sides == sides &&
		    strcmp(r->purpose, purpose) == 0 &&
		    strcmp(r->ship, ship) == 0)
			return r->result;
	}
	return -1;
}

struct nv_dice *
dice_script_parse(const char *text, char **cause)
{
	struct nv_dice	*d;
	int		*vals = NULL;
	size_t		 n = 0, cap = 0, i;
	unsigned	 line = 1;
	const char	*p = text;
	char		 word[32];
	int		 v;

	while (*p != '\0') {
		if (*p == '#') {
			while (*p != '\0' && *p != '\n')
				p++;
			continue;
		}
		if (*p == '\n')
			line++;
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' ||
		    *p == ',') {
			p++;
			continue;
		}
		for (i = 0; p[i] != '\0' && p[i] != ' ' && p[i] != '\t' &&
		    p[i] != '\r' && p[i] != '\n' && p[i] != ',' &&
		    p[i] != '#'; i++)
			;
		if (i >= sizeof word) {
			*cause = xasprintf("line %u: '%.*s...' is too long"
			    " for a die result", line, 20, p);
			free(vals);
			return NULL;
		}
		memcpy(word, p, i);
		word[i] = '\0';
		if (str_to_int(word, 1, 1000, &v) != 0) {
			*cause = xasprintf("line %u: '%s' is not a die result"
			    " (a whole number from 1 to 1000)", line, word);
			free(vals);
			return NULL;
		}
		if (n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			vals = xreallocarray(vals, cap, sizeof *vals);
		}
		vals[n++] = v;
		p += i;
	}
	d = dice_script(vals, n);
	free(vals);
	return d;
}

void
dice_free(struct nv_dice *d)
{
	size_t	i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nrolls; i++) {
		free(d->rolls[i].purpose);
		free(d->rolls[i].ship);
		free(d->rolls[i].label);
	}
	for (i = 0; i < d->ncounts; i++)
		free(d->counts[i].prefix);
	for (i = 0; i < d->nreplay; i++) {
		free(d->replay[i].purpose);
		free(d->replay[i].ship);
		free(d->replay[i].label);
	}
	free(d->replay);
	free(d->counts);
	free(d->rolls);
	free(d->script);
	free(d->seed);
	free(d->game);
	free(d);
}

/* The count slot of a label prefix, made on first use. */
static struct label_count *
label_slot(struct nv_dice *d, const char *prefix)
{
	size_t	i;

	for (i = 0; i < d->ncounts; i++)
		if (strcmp(d->counts[i].prefix, prefix) == 0)
			return &d->counts[i];
	if (d->ncounts == d->capcounts) {
		d->capcounts = d->capcounts == 0 ? 16 : d->capcounts * 2;
		d->counts = xreallocarray(d->counts, d->capcounts,
		    sizeof *d->counts);
	}
	d->counts[d->ncounts].prefix = xstrdup(prefix);
	d->counts[d->ncounts].count = 0;
	return &d->counts[d->ncounts++];
}

static int
seeded_roll(const char *seed, const char *label, int sides)
{
	struct sha256_ctx	ctx;
	uint8_t			dg[SHA256_DIGEST_SIZE];
	uint32_t		w, limit;
	size_t			i;

	/* 2^32 - (2^32 mod sides), computed without 64-bit overflow. */
	limit = UINT32_MAX - (uint32_t)((((uint64_t)UINT32_MAX) + 1) %
	    (uint64_t)sides) + 1;
	sha256_init(&ctx);
	sha256_update(&ctx, strlen(seed), (const uint8_t *)seed);
	sha256_update(&ctx, 1, (const uint8_t *)"");
	sha256_update(&ctx, strlen(label), (const uint8_t *)label);
	sha256_digest(&ctx, sizeof dg, dg);
	for (;;) {
		for (i = 0; i < sizeof dg; i += 4) {
			w = (uint32_t)dg[i] << 24 | (uint32_t)dg[i + 1] << 16 |
			    (uint32_t)dg[i + 2] << 8 | (uint32_t)dg[i + 3];
			/* limit == 0 means 2^32: every word is accepted. */
			if (limit == 0 || w < limit)
				return (int)(w % (uint32_t)sides) + 1;
		}
		sha256_init(&ctx);
		sha256_update(&ctx, sizeof dg, dg);
		sha256_digest(&ctx, sizeof dg, dg);
	}
}

static void
record(struct nv_dice *d, int sides, int turn, int phase,
    const char *purpose, const char *ship, unsigned counter, int result,
    const char *label)
{
	struct nv_roll	*r;

	if (d->nrolls == d->caprolls) {
		d->caprolls = d->caprolls == 0 ? 32 : d->caprolls * 2;
		d->rolls = xreallocarray(d->rolls, d->caprolls,
		    sizeof *d->rolls);
	}
	r = &d->rolls[d->nrolls++];
	r->turn = turn;
	r->phase = phase;
	r->purpose = xstrdup(purpose);
	r->ship = xstrdup(ship);
	r->counter = counter;
	r->sides = sides;
	r->result = result;
	r->label = xstrdup(label);
	r->flags = 0;
}

int
dice_roll(struct nv_dice *d, int sides, int turn, int phase,
    const char *purpose, const char *ship, int *out, char **cause)
{
	struct buf		 b = BUF_INIT;
	struct label_count	*slot;
	int			 v;

	if (sides < 1) {
		*cause = xasprintf("a die needs at least one side");
		return -1;
	}
	if (ship == NULL)
		ship = "";
	buf_printf(&b, "navarch-dice-1|%s|%d|%d|%s|%s", d->game, turn, phase,
	    purpose, ship);
	/* The counter moves on only when the roll succeeds: a failed roll is
	 * not recorded, so it must not shift the labels of later ones. */
	slot = label_slot(d, buf_str(&b));
	buf_printf(&b, "|%u", slot->count);
	switch (d->kind) {
	case DICE_SEEDED:
		v = seeded_roll(d->seed, buf_str(&b), sides);
		break;
	case DICE_FIXED:
		v = d->fixed;
		break;
	case DICE_REPLAY:
		v = replayed(d, sides, turn, phase, purpose, ship, slot->count);
		if (v < 0) {
			*cause = xasprintf("no recorded roll to replay for %s "
			    "(1d%d)", buf_str(&b), sides);
			buf_free(&b);
			return -1;
		}
		break;
	default:
		if (d->next >= d->nscript) {
			*cause = xasprintf("the dice script ran out after %zu"
			    " rolls (roll %zu: 1d%d for %s%s%s)", d->nscript,
			    d->next + 1, sides, purpose, *ship ? ", ship " :
			    "", ship);
			buf_free(&b);
			return -1;
		}
		v = d->script[d->next++];
		break;
	}
	if (v < 1 || v > sides) {
		*cause = xasprintf("die result %d does not fit a d%d (roll %zu,"
		    " for %s)", v, sides, d->nrolls + 1, purpose);
		buf_free(&b);
		return -1;
	}
	record(d, sides, turn, phase, purpose, ship, slot->count++, v,
	    buf_str(&b));
	buf_free(&b);
	*out = v;
	return 0;
}

void
dice_flag_last(struct nv_dice *d, unsigned flags)
{
	if (d->nrolls > 0)
		d->rolls[d->nrolls - 1].flags |= flags;
}

const struct nv_roll *
dice_rolls(const struct nv_dice *d, size_t *n)
{
	*n = d->nrolls;
	return d->rolls;
}

const char *
dice_kind(const struct nv_dice *d)
{
	static const char *const names[] = { "seeded", "fixed", "script",
	    "replay" };

	return names[d->kind];
}

void
dice_commitment(const char *seed, char *out)
{
	static const char	 hex[] = "0123456789abcdef";
	struct sha256_ctx	 ctx;
	uint8_t			 dg[SHA256_DIGEST_SIZE];
	size_t			 i;

	sha256_init(&ctx);
	sha256_update(&ctx, strlen(seed), (const uint8_t *)seed);
	sha256_digest(&ctx, sizeof dg, dg);
	for (i = 0; i < sizeof dg; i++) {
		out[2 * i] = hex[dg[i] >> 4];
		out[2 * i + 1] = hex[dg[i] & 15];
	}
	out[2 * sizeof dg] = '\0';
}
