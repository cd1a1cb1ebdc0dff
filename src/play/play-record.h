/* play-record.h: a stored game as everything a replay needs, from the
 * database (play-record.c) or from an archive (play-archive.c; the format
 * is docs/gm-guide.md's "Replay and archives").  Shared by navarch
 * (export --archive, replay) and the daemon, which attaches the archive
 * to the mail that ends a game.
 *
 * Every pointer in a record is owned by it (play_record_free). */
#ifndef NV_PLAY_RECORD_H
#define NV_PLAY_RECORD_H

#include <stddef.h>

#include "play.h"
#include "store.h"

struct buf;
struct diag;
struct store;

struct play_rec_event {
	int	 phase;
	char	*kind, *ship, *other, *text;	/* "" when none */
};

struct play_rec_roll {
	int	 phase;
	char	*label, *purpose, *ship;
	int	 sides, result;
};

struct play_rec_orders {
	char	*player, *side, *text;
};

/* One live turn: its stored state and, once adjudicated, what was used
 * and what came of it. */
struct play_rec_turn {
	int			 turn;
	char			*state;		/* the stored state */
	int			 adjudicated;
	struct play_rec_orders	*orders;
	size_t			 norders;
	struct play_rec_event	*events;
	size_t			 nevents;
	struct play_rec_roll	*rolls;
	size_t			 nrolls;
};

/* An end the rules did not decide (an agreed draw, a concession, the
 * GM), declared on the open state of turn: replay declares it again
 * there (state_declare_result) before comparing. */
struct play_rec_end {
	int	 turn;		/* 0: none */
	char	*result;	/* "drawn" or "won"; NULL: not recorded (a
				   game ended before navarch wrote it):
				   replay reads it from the stored state */
	char	*winner;	/* side id, "" none; NULL as result */
	char	*reason;
};

struct play_record {
	char			*game;
	char			*ruleset;
	char			*scenario;
	char			*seed;		/* NULL: withheld */
	char			*commitment;
	struct play_rec_turn	*turns;		/* in turn order */
	size_t			 nturns;
	struct play_fixes	 fixes;		/* the GM's corrections in
						   effect, in the order made */
	struct play_rec_end	 end;
};

/* The audit actions replay reads: a correction (PLAY_FIX_ACTION, play.h)
 * and an end by decision (details "turn T: REASON", then
 * "result=drawn|won" and "winner=SIDE" lines). */
#define PLAY_END_ACTION	"game-end"

/* Loads a stored game, inside whatever transaction the caller has open
 * (navarch opens a read snapshot, store_begin_read; the daemon is in the
 * write transaction that ended the game).  A store code (store.h), with
 * *cause on failure; r is empty then. */
enum store_code play_record_load(struct store *, const char *game,
	    struct play_record *r, char **cause);
/* The same without the turns' bodies: r->turns lists the live turns
 * (turn and adjudicated set, nothing else), for a reader that takes
 * them one at a time with play_record_load_turn, inside the same
 * transaction.  A store code, as play_record_load. */
enum store_code play_record_load_head(struct store *, const char *game,
	    struct play_record *r, char **cause);
/* Fills t (a turn of the head: its turn and adjudicated) with its state
 * and, once adjudicated, its orders in force, events and rolls; what t
 * held before is freed.  A store code; t is empty on failure. */
enum store_code play_record_load_turn(struct store *,
	    const char *game, struct play_rec_turn *t, char **cause);
/* Frees a turn's state, orders, events and rolls; keeps its number. */
void	play_rec_turn_clear(struct play_rec_turn *);
void	play_record_free(struct play_record *);

/* The archive of a record (with_seed: the seed in it), UTF-8 XML,
 * appended to out. */
void	play_archive_xml(const struct play_record *, int with_seed,
	    struct buf *out);
/* The same bytes, written a turn at a time: write(p, n, arg) takes each
 * piece (0, or -1 to stop).  A turn whose state is NULL is filled by
 * load(t, arg) first (0, or -1 to stop) and emptied once written, so
 * that a record of play_record_load_head costs the memory of one turn.
 * 0, or -1 when load or write stopped it. */
int	play_archive_write(struct play_record *, int with_seed,
	    int (*load)(struct play_rec_turn *, void *),
	    int (*write)(const char *, size_t, void *), void *arg);
/* The archive of a stored game, written as play_archive_write writes it
 * with its turns read one at a time from the store (the memory of one
 * turn), inside whatever transaction the caller has open, as
 * play_record_load.  A store code with *cause: a turn that could not be
 * read, or STORE_ERROR when write stopped it. */
enum store_code play_archive_stored(struct store *, const char *game,
	    int with_seed, int (*write)(const char *, size_t, void *),
	    void *arg, char **cause);
/* An archive being read (play-archive-read.c). */
struct play_archive;
/* Opens the archive at path ("-": standard input) and reads all of it
 * once, an element at a time, checking it: every error in d (file and
 * line), and r filled with the record's head: everything but the turns'
 * bodies (r->turns holds each turn's number and adjudicated, its state
 * NULL), for play_archive_turn to fill one at a time.  0 with *pa (to
 * free with play_archive_close), or -1 with r empty and *pa NULL.  Its
 * memory is that of the largest turn, not of the archive; a turn or the
 * scenario over NV_XML_MAX bytes is refused. */
int	play_archive_open(const char *path, struct play_record *r,
	    struct play_archive **pa, struct diag *d);
/* Fills t, the next turn of the head in order (its turn set), from the
 * archive read again; what t held is freed.  0, or -1 with an error in d
 * (the file changed since it was opened) and t emptied. */
int	play_archive_turn(struct play_archive *, struct play_rec_turn *t,
	    struct diag *d);
void	play_archive_close(struct play_archive *);

#endif
