/* play-int.h: what the play layer's files share; not for callers. */
#ifndef NV_PLAY_INT_H
#define NV_PLAY_INT_H

#include "play.h"

struct nv_state;
#include "store.h"

/* The play code of a store failure: PLAY_BUSY for STORE_BUSY (the
 * database was busy: try again), PLAY_STORE for any other, PLAY_OK for
 * STORE_OK. */
enum play_code	play_store_code(enum store_code);

/* --- archives (play-archive.c writes them, play-archive-read.c reads) --- */

#define ARCHIVE_VERSION		"1"
#define ARCHIVE_VERSION_END	"2"	/* with an <end> */
#define ARCHIVE_VERSION_SQUADRON "3"	/* with a squadron's <fix> */

/* --- changes of command (play-assign.c, play-join.c) -------------------- */

struct play_assign;
struct play_assigned;

/* The player commanding ship k in r (by name or by squadron, as the
 * roster worked it out), else the side's only player; NULL for none. */
const struct play_player *play_commander(const struct play_roster *r,
	    const struct nv_state *st, int k);
/* "p1 p2": the ids of r's players whose had[] flag is set, in roster
 * order (owned by the caller). */
char	*play_players_had(const struct play_roster *r,
	    const unsigned char *had);
/* The notice "reassigned" of a change (a->player takes out->ships from
 * out->from; a->squadron and a->what[0] name the squadron), made during
 * turn.  A store code. */
enum store_code play_assign_notice(struct store *,
	    const struct play_assign *a, int turn,
	    const struct play_assigned *out, char **cause);
/* The player who commands squadron q of st: its player in the store
 * (active, of its side), else the side's only player; *out NULL for
 * none.  PLAY_OK, PLAY_BUSY, PLAY_STORE (*cause). */
enum play_code play_squadron_player(struct store *, const char *game,
	    const struct play_roster *r, const struct nv_state *st, int q,
	    const struct play_player **out, char **cause);
/* play_assign for a->into (play-assign.h): g and r, the open turn's
 * state and roster. */
enum play_code play_join(struct store *, const char *datadir,
	    const struct play_assign *a, const struct play_game *g,
	    const struct play_roster *r, int turn, struct play_assigned *out,
	    char **cause);

#endif
