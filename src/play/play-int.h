/* play-int.h: what the play layer's files share; not for callers. */
#ifndef NV_PLAY_INT_H
#define NV_PLAY_INT_H

#include "play.h"
#include "store.h"

/* The play code of a store failure: PLAY_BUSY for STORE_BUSY (the
 * database was busy: try again), PLAY_STORE for any other, PLAY_OK for
 * STORE_OK. */
enum play_code	play_store_code(enum store_code);

#endif
