/* play-clock.h: a game's clock, as the GM moves it: pause, resume and
 * deadlines (docs/gm-guide.md, "Times and deadlines"), shared by navarch
 * (pause, resume, deadline) and the GM's mail (PAUSE, RESUME, DEADLINE).
 *
 * A pause stops the clock: the time left is kept (games.paused_left) and
 * given back on resume, unless the GM names a new deadline.  A relative
 * deadline (+24h) extends the current one (from now when there is none or
 * it has passed; while paused, it adds to the time kept); an absolute one
 * (AT 2026-12-01T20:00 Europe/Paris) is in any zone; one in the past is
 * refused.  Each change writes the game, its audit entry and a notice to
 * the players (store_notice_add), all in the caller's transaction
 * (store_begin), which commits them together or not at all.
 *
 * Returns a play_clock_code; any code but PLAY_CLOCK_OK sets *cause (owned
 * by the caller): for PLAY_CLOCK_REFUSED a sentence for the GM saying what
 * was wrong and what is accepted. */
#ifndef NV_PLAY_CLOCK_H
#define NV_PLAY_CLOCK_H

#include <stddef.h>
#include <stdint.h>

struct store;

enum play_clock_code {
	PLAY_CLOCK_OK = 0,
	PLAY_CLOCK_REFUSED,	/* the request is wrong: nothing changed */
	PLAY_CLOCK_TEMP,	/* the database is busy: try again */
	PLAY_CLOCK_ERROR,	/* the store failed */
};

/* Who acts, when and why. */
struct play_clock_req {
	const char	*game;
	int64_t		 now;
	const char	*actor;		/* as in the audit log */
	const char	*reason;	/* the GM's words for the players;
					   NULL or "": none given */
};

/* The clock afterwards. */
struct play_clock {
	int		 paused;
	int64_t		 deadline;	/* 0: none (while paused: the one it
					   will keep, when left is -1) */
	int64_t		 left;		/* paused: the time kept, -1: none */
	int64_t		 was;		/* the deadline before, 0: none */
};

/* How many of the words w[0..n) make a time spec (0: w[0] starts none):
 * NONE, +48h, @SECONDS, [AT] 2026-12-01T20:00Z, [AT] 2026-12-01T20:00
 * ZONE, [AT] 2026-12-01 20:00 ZONE.  The rest of the words are the
 * reason.  A zone word is counted only when it is a zone (tz_check). */
size_t	play_clock_spec_words(char *const *w, size_t n);

/* Sets the deadline of the open turn by spec (words joined by spaces):
 * NONE; +N[mhdw]... (or +N...@HH:MM) from the current deadline, or from
 * now when there is none or it has passed, or, while paused, added to
 * the time kept; [AT] an absolute time in any zone (tz_parse_time).  A
 * deadline not after now is refused, so is an ended game. */
enum play_clock_code play_clock_deadline(struct store *, const struct play_clock_req *,
	    const char *spec, struct play_clock *out, char **cause);
/* Pauses a playing game: the time left is kept. */
enum play_clock_code play_clock_pause(struct store *, const struct play_clock_req *,
	    struct play_clock *out, char **cause);
/* Resumes a paused game: spec (NULL: none) names the new deadline
 * (+N from now, or an absolute time); without it the time kept is given
 * back, or the deadline set during the pause is kept (refused when it
 * has passed: name one). */
enum play_clock_code play_clock_resume(struct store *, const struct play_clock_req *,
	    const char *spec, struct play_clock *out, char **cause);

#endif
