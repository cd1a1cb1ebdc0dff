/* rename_fixture.h: the renaming check of test_rename.c (issue 12).
 *
 * A turn's outcome must not depend on ship ids, side names or the order of
 * lines in a file (shared/design.md).  rn_check_turn() plays a turn as
 * given, then again with every ship and side renamed by a permutation that
 * reorders their ids, the ships of the state file and the lines of the
 * order files shuffled, and the dice given by label (each roll of the
 * renamed turn gets the result the same roll of the first turn got:
 * dice_replay() with the rolls' ships renamed), and fails the running test,
 * naming the first difference, unless the two next states are the same once
 * the names are mapped back: every ship's hex, facing, speed, status, side,
 * owner and every ruleset attribute (lists of ids as sets), the wrecks, the
 * result and the scores, and how many events of each kind were written.
 *
 * Nothing here names a ruleset: it works through the common state, the
 * ruleset's attribute table (an attribute of kind NV_ATTR_IDS holds ship
 * ids, and no other attribute may) and the ruleset's order formatter
 * (orders_format), so every ruleset with data in the data directory is
 * checked the same way.  What is ruleset-specific is the random battle
 * generator (struct rn_gen, rename_gen_*.c). */
#ifndef NV_RENAME_FIXTURE_H
#define NV_RENAME_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "hex.h"

struct nv_dice;
struct nv_ruleset;
struct nv_state;

/* A small seeded generator (splitmix64): the test's own, so its battles
 * are the same on every machine. */
struct rn_rng {
	uint64_t	 s;
};

uint64_t rn_next(struct rn_rng *);
int	 rn_below(struct rn_rng *, int n);	/* 0 .. n-1 */
int	 rn_chance(struct rn_rng *, int percent);

/* The rulesets of the data directory ($NAVARCH_DATADIR), loaded on first
 * use, and the scenario schema. */
struct rn_world {
	struct nv_ruleset **rs;
	size_t		 nrs;
	char		*rng;		/* data/schema/scenario.rng */
	size_t		 rnglen;
};

void	rn_world_init(struct rn_world *);
void	rn_world_free(struct rn_world *);
/* The ruleset id (loaded on first use), or NULL if the data directory has
 * none such. */
const struct nv_ruleset *rn_ruleset(struct rn_world *, const char *id);
/* The state or scenario xml with the ruleset it names, or NULL with *why
 * (owned by the caller) when it does not load (a case of a broken state). */
struct nv_state *rn_load(struct rn_world *, const char *name,
	    const char *xml, char **why);
/* The ids of the rulesets with data (data/rulesets/ID.xml), sorted; *ids
 * and each id owned by the caller (rn_list_free). */
size_t	rn_ruleset_ids(char ***ids);
/* The names in dir that start with prefix and end in suffix, sorted;
 * owned by the caller (rn_list_free).  The test fails if dir cannot be
 * read. */
size_t	rn_list_dir(const char *dir, const char *prefix, const char *suffix,
	    char ***out);
void	rn_list_free(char **, size_t);
void	rn_sort(char **, size_t);		/* bytewise */
int	rn_cmp_str(const void *, const void *);	/* for qsort of char * */

/* One order file. */
struct rn_file {
	char	*name;
	char	*text;
};

void	rn_files_free(struct rn_file *, size_t);

/* What the checks saw, summed over every turn checked. */
struct rn_stats {
	size_t	 nfailed;	/* renamed turns that came out otherwise */
	struct buf failures;	/* one line each: the turn, what differs */
	size_t	 turns;		/* turns played both ways */
	size_t	 illegal;	/* turns whose orders were refused both ways */
	size_t	 rolls;
	/* Events per kind, over the first runs. */
	const char *kinds[64];
	size_t	 nkind[64];
	size_t	 nkinds;
};

size_t	rn_kind_count(const struct rn_stats *, const char *kind);

/* Plays turn of st with the order files and dice (used by the first run
 * only; the caller owns it and may count its rolls), then once more per
 * permutation seed in perms[] (a seed of 0: the ids in reverse order),
 * renamed, and compares.  what names the turn in stats->failures, where
 * each difference goes (the caller fails the test once it has checked
 * every turn it meant to; the first difference's event logs are printed
 * at once).  Returns the first run's next state (owned by the caller), or
 * NULL when the turn failed. */
struct nv_state *rn_check_turn(struct rn_world *, const struct nv_state *st,
	    const struct rn_file *files, size_t nfiles, struct nv_dice *dice,
	    const uint64_t *perms, size_t nperms, const char *what,
	    struct rn_stats *);

/* The new name of the ship id w (any case) in from[] (n of them), or w
 * itself; and a space-separated list of ids so mapped, sorted (owned by
 * the caller). */
const char *rn_map_id(char *const *from, char *const *to, size_t n,
	    const char *w);
char	*rn_map_list(char *const *from, char *const *to, size_t n,
	    const char *list);

/* The first difference between two next states, a and b, once b's ship
 * ids are mapped through (from[k] -> to[k], nmap of them: a's id from[k]
 * is b's to[k]), or NULL if none; owned by the caller.  Side indices are
 * compared (renaming keeps the sides' order). */
char	*rn_compare(const struct nv_state *a, const struct nv_state *b,
	    char *const *from, char *const *to, size_t nmap);

/* Drops every line of the files that the orders parser or validator
 * refuses for st, until none is refused, so that random orders are legal
 * ones (a ship whose lines all go takes its default order). */
void	rn_legal_orders(const struct nv_state *st, struct rn_file *files,
	    size_t nfiles);

/* For the generators: one order file per side, "SIDE id" and then
 * ship() for each of the side's ships on the map, in id order, then
 * side() (squadron lines and standing orders; may be NULL) with a
 * generator of its own, seeded by the turn and the number of ships, so
 * that the ships' orders are those they were without it; into files[]
 * (room for the state's sides), setting *nfiles. */
void	rn_orders_by_side(const struct nv_state *, struct rn_rng *,
	    struct rn_file *files, size_t *nfiles,
	    void (*ship)(const struct nv_state *, int i, struct rn_rng *,
	    struct buf *),
	    void (*side)(const struct nv_state *, size_t side,
	    struct rn_rng *, struct buf *));
/* An enemy of ship i within range hexes, on the map (only afloat with
 * afloat_only), drawn at random; or -1. */
int	rn_enemy_near(const struct nv_state *, int i, int range,
	    int afloat_only, struct rn_rng *);

/* For the generators' maps (rename_data.c): grid is cols x rows cells,
 * zeroed by the caller, a cell RN_LAND or RN_TAKEN once used.
 * rn_map_xml writes the <map> with 4 to 11 random land hexes into b;
 * rn_box_hex draws a hex of the 7 x 7 box in the middle that is neither,
 * and marks it taken; rn_cell is a hex's cell. */
enum { RN_LAND = 1, RN_TAKEN = 2 };
void	rn_map_xml(int cols, int rows, unsigned char *grid, struct rn_rng *,
	    struct buf *b);
struct nv_hex rn_box_hex(unsigned char *grid, int cols, int rows,
	    struct rn_rng *);
unsigned char *rn_cell(unsigned char *grid, int cols, struct nv_hex);

/* A ruleset's random dense battles (rename_gen_NAME.c).  scenario() writes
 * a scenario (owned by the caller); orders() the order files of one turn,
 * one per side, into files[] (room for the state's sides), setting
 * *nfiles.  kinds lists the event kinds the battles must show, so the
 * check is known to have seen them. */
struct rn_gen {
	const char	*ruleset;
	char		*(*scenario)(const struct nv_ruleset *,
			    struct rn_rng *);
	void		(*orders)(const struct nv_state *, struct rn_rng *,
			    struct rn_file *files, size_t *nfiles);
	const char	*const *kinds;
};

#endif
