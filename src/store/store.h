/* store.h: every game in one SQLite database (docs/store.md).
 *
 * The store keeps games, sides, players, observers, the state after every
 * turn, every order set ever received, events, die rolls, an outbox of mail
 * to send, the Message-IDs already processed and the GM's audit log.  It
 * knows nothing of mail or rendering and never parses a game state: states
 * are the canonical XML text the engine writes, orders are text plus their
 * normalised form.
 *
 * Conventions:
 * - Every function returns an enum store_code.  Every code other than
 *   STORE_OK sets *cause (owned by the caller, free()) to one sentence when
 *   cause is not NULL; *cause is left alone on STORE_OK.  STORE_BUSY is
 *   temporary (another process holds the database): callers retry later or
 *   exit 75 (NV_EXIT_TEMP).
 * - Times are int64 UTC seconds passed in by the caller: the store never
 *   reads the clock, so tests set it.
 * - Ids of games, sides, players and ships are 1-32 of [a-z0-9_-]
 *   (str_is_id); anything else is refused with STORE_ERROR.
 * - Every multi-row change is one transaction.  When the caller has opened
 *   one with store_begin(), a function joins it (as a savepoint, so a
 *   failure undoes only that function's writes) instead of committing.
 *   Strings in structs passed in are borrowed for the call only.
 */
#ifndef NV_STORE_H
#define NV_STORE_H

#include <stddef.h>
#include <stdint.h>

enum store_code {
	STORE_OK = 0,
	STORE_NOTFOUND,	/* no such row (game, player, turn, message...) */
	STORE_EXISTS,	/* a constraint refused the change */
	STORE_BUSY,	/* SQLITE_BUSY or SQLITE_LOCKED: try again later */
	STORE_ERROR,	/* anything else; permanent */
};

/* "ok", "not found", "exists", "busy", "error" (static). */
const char	*store_code_name(enum store_code);

/* Game status; the names are what the database keeps. */
#define STORE_GAME_STATUSES(X)						\
	X(PLAYING,	"playing")					\
	X(PAUSED,	"paused")					\
	X(ENDED,	"ended")

enum store_game_status {
#define X(e, s) STORE_GAME_##e,
	STORE_GAME_STATUSES(X)
#undef X
	STORE_GAME_STATUS_COUNT
};

/* Where an order set came from. */
#define STORE_SOURCES(X)						\
	X(CLI,	"cli")							\
	X(MAIL,	"mail")

enum store_source {
#define X(e, s) STORE_SOURCE_##e,
	STORE_SOURCES(X)
#undef X
	STORE_SOURCE_COUNT
};

/* State of an outbox row. */
#define STORE_OUTBOX_STATUSES(X)					\
	X(QUEUED,	"queued")					\
	X(SENT,		"sent")						\
	X(FAILED,	"failed")

enum store_outbox_status {
#define X(e, s) STORE_OUTBOX_##e,
	STORE_OUTBOX_STATUSES(X)
#undef X
	STORE_OUTBOX_STATUS_COUNT
};

/* What players are told of (store-notice.c): the GM's actions and the
 * end of a game, worded by the daemon (docs/mail-commands.md). */
#define STORE_NOTICE_KINDS(X)						\
	X(WELCOME,	"welcome")	/* a player seated: to them */	\
	X(REPLACED,	"replaced")	/* a seat given to a newcomer */ \
	X(REMOVED,	"removed")	/* a player removed */		\
	X(PAUSED,	"paused")					\
	X(RESUMED,	"resumed")					\
	X(DEADLINE,	"deadline")	/* the deadline changed */	\
	X(ROLLBACK,	"rollback")					\
	X(ORDERS,	"orders")	/* the GM's for a player */	\
	X(REPORTS,	"reports")	/* a turn played with navarch */ \
	X(ENDED,	"ended")	/* the game is over */		\
	X(REASSIGNED,	"reassigned")	/* ships given to a player */	\
	X(STANDING,	"standing")	/* a squadron's standing order,	\
					   to its captain */		\
	X(UNCOMMANDED,	"uncommanded")	/* ships into a squadron nobody	\
					   commands */

enum store_notice_kind {
#define X(e, s) STORE_NOTICE_##e,
	STORE_NOTICE_KINDS(X)
#undef X
	STORE_NOTICE_KIND_COUNT
};

/* Names (static) and parsers (0, or -1 for an unknown name). */
const char	*store_game_status_name(enum store_game_status);
int		 store_game_status_parse(const char *, enum store_game_status *);
const char	*store_source_name(enum store_source);
int		 store_source_parse(const char *, enum store_source *);
const char	*store_outbox_status_name(enum store_outbox_status);
int		 store_outbox_status_parse(const char *,
		    enum store_outbox_status *);
const char	*store_notice_kind_name(enum store_notice_kind);
int		 store_notice_kind_parse(const char *,
		    enum store_notice_kind *);

struct store;

/* --- opening, transactions, backup (store.c) ------------------------- */

/* The schema version this code writes (PRAGMA user_version). */
int	store_schema_version(void);

/* Opens (creating if need be, mode 0600 whatever the umask: it holds
 * secrets) the database at path with a busy timeout of
 * busy_ms milliseconds (0: fail at once when another process writes),
 * turns on WAL and foreign keys and applies every pending migration, each
 * in its own transaction.  *out is owned by the caller (store_close).
 * Returns STORE_OK, STORE_BUSY, or STORE_ERROR (cannot open; not a
 * database; schema newer than this program). */
enum store_code store_open(const char *path, int busy_ms, struct store **out,
	    char **cause);
/* Closes and frees; an open transaction is rolled back.  NULL is fine. */
void	store_close(struct store *);

/* An explicit write transaction (BEGIN IMMEDIATE), so that a caller can
 * put, e.g., an order set and its acknowledgement in one commit.
 * store_begin: STORE_OK, STORE_BUSY, STORE_ERROR (already open).
 * store_commit: STORE_OK, STORE_BUSY, STORE_ERROR (none open); on failure
 * the transaction is rolled back.
 * store_abort rolls back (named so because store_rollback is the GM's turn
 * rollback): STORE_OK, STORE_ERROR (none open). */
enum store_code store_begin(struct store *, char **cause);
/* A read transaction (BEGIN DEFERRED): every read until store_abort (or
 * store_commit) sees one snapshot of the database, as a replay or an
 * export must, and under WAL it neither waits for nor blocks a writer
 * such as the daemon.  Nothing may be written inside it.  STORE_OK,
 * STORE_BUSY, STORE_ERROR (a transaction is already open). */
enum store_code store_begin_read(struct store *, char **cause);
enum store_code store_commit(struct store *, char **cause);
enum store_code store_abort(struct store *, char **cause);

/* Writes a consistent copy of the whole database to path with SQLite's
 * online backup (safe while another process writes).  path must not exist
 * yet.  The copy uses a rollback journal (one self-contained file).
 * Returns STORE_OK, STORE_EXISTS (path exists), STORE_BUSY, STORE_ERROR. */
enum store_code store_backup(struct store *, const char *path, char **cause);

/* --- games, sides, observers, seeds (store-game.c) --------------------- */

struct store_game_new {
	const char	*id;
	const char	*ruleset;	/* a ruleset id (<scenario ruleset>) */
	const char	*scenario;	/* scenario XML: also the first state */
	int		 first_turn;	/* turn of the scenario state, >= 1 */
	const char	*settings;	/* free text (key=value lines); NULL: "" */
	int64_t		 deadline;	/* 0: none */
	const char	*gm_address;	/* NULL: none */
	const char	*gm_password;	/* a hash (password_hash), NULL: none */
	const char	*seed;		/* NULL: 32 bytes from getrandom, hex */
	const char *const *sides;	/* side ids */
	size_t		 nsides;
	int64_t		 now;
};

struct store_game {
	char		*id;
	char		*ruleset;
	char		*settings;
	enum store_game_status status;
	int64_t		 deadline;	/* 0: none */
	char		*gm_address;	/* NULL: none */
	char		*gm_password;	/* hash; NULL: none */
	char		*seed;		/* SECRET until seed_revealed */
	char		*seed_commitment; /* hex SHA-256 of seed */
	int		 seed_revealed;
	int64_t		 created;
	int		 turn;		/* current turn: the latest live state */
	int64_t		 paused_left;	/* paused: seconds the clock had
					   left; -1: none (no deadline, or
					   not paused) */
};

/* Creates a game, its sides and its first state (turn first_turn, the
 * scenario text).  Returns STORE_OK, STORE_EXISTS (id taken), STORE_BUSY,
 * STORE_ERROR (bad id, no sides). */
enum store_code store_game_create(struct store *,
	    const struct store_game_new *, char **cause);
/* *out owned by the caller: store_game_free, or free (the scenario's text,
 * not in a game).  STORE_OK, STORE_NOTFOUND, STORE_BUSY, STORE_ERROR. */
enum store_code store_game_get(struct store *, const char *id,
	    struct store_game **out, char **cause);
enum store_code store_game_scenario(struct store *, const char *id,
	    char **out, char **cause);
void	store_game_free(struct store_game *);
/* Calls cb for every game, ordered by id; the game is owned by the store
 * and valid during the call only.  A non-zero return from cb stops the
 * walk.  STORE_OK, STORE_BUSY, STORE_ERROR. */
enum store_code store_game_list(struct store *,
	    int (*cb)(const struct store_game *, void *), void *arg,
	    char **cause);
/* Setters: STORE_OK, STORE_NOTFOUND, STORE_BUSY, STORE_ERROR.  deadline 0
 * clears it; address or hash NULL clears them.  Callers audit GM actions
 * with store_audit_add in the same transaction. */
enum store_code store_game_set_status(struct store *, const char *id,
	    enum store_game_status, char **cause);
enum store_code store_game_set_deadline(struct store *, const char *id,
	    int64_t deadline, char **cause);
/* The time left when the game was paused (-1 clears it). */
enum store_code store_game_set_paused_left(struct store *, const char *id,
	    int64_t left, char **cause);
enum store_code store_game_set_settings(struct store *, const char *id,
	    const char *settings, char **cause);
enum store_code store_game_set_gm(struct store *, const char *id,
	    const char *address, const char *password_hash, char **cause);
/* Marks the seed revealed and audits it (actor, now).  STORE_OK,
 * STORE_NOTFOUND, STORE_EXISTS (already revealed), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_seed_reveal(struct store *, const char *id,
	    const char *actor, int64_t now, char **cause);
/* Hex SHA-256 of seed (64 digits and NUL) into out; the same as the
 * engine's dice_commitment. */
void	store_seed_commitment(const char *seed, char out[65]);

/* Sides: STORE_OK, STORE_NOTFOUND (game), STORE_EXISTS, STORE_BUSY,
 * STORE_ERROR.  The list calls cb with each side id (owned by the store),
 * ordered by id; non-zero from cb stops. */
enum store_code store_side_add(struct store *, const char *game,
	    const char *side, char **cause);
enum store_code store_side_list(struct store *, const char *game,
	    int (*cb)(const char *side, void *), void *arg, char **cause);

/* Observers (mail addresses that receive the reports).  add: STORE_OK,
 * STORE_NOTFOUND (game), STORE_EXISTS, STORE_BUSY, STORE_ERROR.  remove:
 * STORE_OK, STORE_NOTFOUND, STORE_BUSY, STORE_ERROR.  list: as
 * store_side_list, ordered by address. */
enum store_code store_observer_add(struct store *, const char *game,
	    const char *address, char **cause);
enum store_code store_observer_remove(struct store *, const char *game,
	    const char *address, char **cause);
enum store_code store_observer_list(struct store *, const char *game,
	    int (*cb)(const char *address, void *), void *arg, char **cause);

/* --- players and their ships (store-player.c) ---------------------------- */

struct store_player {
	char		*game;
	char		*id;
	char		*side;
	char		*address;
	char		*password;	/* hash */
	int		 admiral;	/* may reassign the side's ships */
	int		 missed;	/* turns adjudicated without orders */
	int		 bounces;	/* mails to address that bounced */
	int		 removed;	/* removed by the GM; kept for history */
	char		*timezone;	/* the player's zone (tz.h); "": UTC */
	char		*svg;		/* "", "on", "off" (STORE_PREFS) */
	char		*story;		/* "full", "own" */
	int64_t		 absent_until;	/* away until then (ABSENT); 0 */
	char		*language;	/* templates/<language>/; "": default */
	char		**ships;	/* ships commanded, sorted */
	size_t		 nships;
};

/* Adds a player to a side.  id NULL: the side id (a side with one player).
 * password_hash comes from password_hash().  STORE_OK, STORE_NOTFOUND
 * (game or side), STORE_EXISTS (player id taken in the game), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_player_add(struct store *, const char *game,
	    const char *side, const char *id, const char *address,
	    const char *password_hash, int admiral, char **cause);
/* Marks the player removed and frees their ships; their order sets stay.
 * STORE_OK, STORE_NOTFOUND (no such active player), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_player_remove(struct store *, const char *game,
	    const char *id, char **cause);
/* A new person takes over the player id: new address and password, the
 * missed and bounce counts reset, a removed player is active again.
 * STORE_OK, STORE_NOTFOUND, STORE_BUSY, STORE_ERROR. */
enum store_code store_player_replace(struct store *, const char *game,
	    const char *id, const char *address, const char *password_hash,
	    char **cause);
enum store_code store_player_set_address(struct store *, const char *game,
	    const char *id, const char *address, char **cause);
/* The player's own change of password (the PASSWORD NEW mail command):
 * only the hash changes, the missed and bounce counts stay.  Same codes. */
enum store_code store_player_set_password(struct store *, const char *game,
	    const char *id, const char *password_hash, char **cause);
/* The zone the player reads times in, canonical (tz_check), or "" for
 * UTC only.  Same codes. */
enum store_code store_player_set_timezone(struct store *, const char *game,
	    const char *id, const char *timezone, char **cause);
/* The language the player's mails and reports are worded in (SET
 * LANGUAGE; migration 9), or "" for the default templates.  The caller
 * checks it is installed (play_lang_check).  Same codes. */
enum store_code store_player_set_language(struct store *, const char *game,
	    const char *id, const char *language, char **cause);
/* A player's own preferences (migration 7): the key, the players column
 * it is, and the values the column takes (the first is the default).
 * The mail's SET words them (mailproc-set.c); TIMEZONE is
 * store_player_set_timezone's. */
#define STORE_PREFS(X)						\
	X(SVG,		"svg",		"", "on", "off")	\
	X(STORY,	"story",	"full", "own", NULL)

enum store_pref {
#define X(e, key, v0, v1, v2) STORE_PREF_##e,
	STORE_PREFS(X)
#undef X
	STORE_PREF_COUNT
};

/* The column name of a preference, "svg" (static). */
const char *store_pref_name(enum store_pref);
/* 1 if value is one the preference takes. */
int	store_pref_valid(enum store_pref, const char *value);
/* Sets one preference of the player.  STORE_OK, STORE_NOTFOUND (no such
 * active player), STORE_BUSY, STORE_ERROR (also a value the preference
 * does not take: the caller checks with store_pref_valid first). */
enum store_code store_player_set_pref(struct store *, const char *game, const char *id,
	    enum store_pref, const char *value, char **cause);
/* The player is away until (ABSENT; 0: back).  Same codes as
 * store_player_set_timezone. */
enum store_code store_player_set_absent(struct store *, const char *game,
	    const char *id, int64_t until, char **cause);
/* Counts a bounce to the player's address (mail issue).  Same codes. */
enum store_code store_player_bounce(struct store *, const char *game,
	    const char *id, char **cause);
/* Gives the ships to the player, taking them from whoever commanded them
 * (a ship has at most one player).  STORE_OK, STORE_NOTFOUND (no such
 * active player), STORE_BUSY, STORE_ERROR (bad ship id). */
enum store_code store_player_assign_ships(struct store *, const char *game,
	    const char *id, const char *const *ships, size_t n, char **cause);
/* *out owned by the caller (store_player_free).  STORE_OK,
 * STORE_NOTFOUND, STORE_BUSY, STORE_ERROR. */
enum store_code store_player_get(struct store *, const char *game,
	    const char *id, struct store_player **out, char **cause);
void	store_player_free(struct store_player *);
/* Calls cb for every player of the game (removed ones too), ordered by
 * side then id; the player is owned by the store, valid during the call.
 * Non-zero from cb stops.  STORE_OK, STORE_NOTFOUND (game), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_player_list(struct store *, const char *game,
	    int (*cb)(const struct store_player *, void *), void *arg,
	    char **cause);

/* --- order sets (store-orders.c) ----------------------------------------- */

struct store_orders_new {
	const char	*game;
	int		 turn;		/* must be the game's open turn */
	const char	*player;
	enum store_source source;
	const char	*message_id;	/* mail only; NULL for the CLI */
	const char	*sender;	/* mail From, or the CLI user; may be NULL */
	int64_t		 received;
	const char	*text;		/* as received */
	const char	*normalised;	/* the parser's canonical form */
};

struct store_orders {
	int64_t		 id;
	const char	*game;
	int		 turn;
	const char	*player;
	enum store_source source;
	const char	*message_id;	/* NULL for the CLI */
	const char	*sender;	/* may be NULL */
	int64_t		 received;
	const char	*text;
	const char	*normalised;
	int		 in_force;	/* the player's latest set for the turn */
	int		 rolled_back;	/* its turn was rolled back */
	int		 used;		/* in force at a live adjudication */
};

/* Records an accepted order set; it supersedes (in_force = 0) the
 * player's earlier set for the same turn: a set covers all the ships its
 * player commands.  *id (may be NULL) is the new set's id.  STORE_OK,
 * STORE_NOTFOUND (game, active player, or turn not open), STORE_EXISTS
 * (message id already used), STORE_BUSY, STORE_ERROR. */
enum store_code store_orders_add(struct store *,
	    const struct store_orders_new *, int64_t *id, char **cause);
/* The sets in force for the turn (what adjudication uses), ordered by
 * player; each owned by the store, valid during the call.  Non-zero from
 * cb stops.  STORE_OK, STORE_NOTFOUND (game), STORE_BUSY, STORE_ERROR. */
enum store_code store_orders_in_force(struct store *, const char *game,
	    int turn, int (*cb)(const struct store_orders *, void *),
	    void *arg, char **cause);
/* Every set ever received for the turn (turn < 0: every turn), in the
 * order received.  Same codes and ownership. */
enum store_code store_orders_list(struct store *, const char *game, int turn,
	    int (*cb)(const struct store_orders *, void *), void *arg,
	    char **cause);

/* --- orders sent ahead (store-ahead.c) ----------------------------------- */

/* What became of a set sent for a later turn (migration 7). */
#define STORE_AHEAD_STATES(X)			\
	X(PENDING,	"pending")		\
	X(USED,		"used")			\
	X(ILLEGAL,	"illegal")		\
	X(LATE,		"late")			\
	X(REPLACED,	"replaced")

enum store_ahead_state {
#define X(e, s) STORE_AHEAD_##e,
	STORE_AHEAD_STATES(X)
#undef X
	STORE_AHEAD_STATE_COUNT
};

struct store_ahead {
	int64_t		 id;
	const char	*game;
	const char	*player;
	int		 turn;
	const char	*message_id;	/* may be NULL */
	int64_t		 received;
	const char	*text;		/* the order text, as sent */
};

/* Records orders the player sent for turn (later than the open one); a
 * pending set of the player's for that turn is replaced.  STORE_OK,
 * STORE_NOTFOUND (game or active player), STORE_BUSY, STORE_ERROR. */
enum store_code store_ahead_add(struct store *, const struct store_ahead *,
	    char **cause);
/* The pending sets of the game for turns up to turn, by turn then id
 * (each valid during the call; non-zero from cb stops).  Same codes. */
enum store_code store_ahead_due(struct store *, const char *game, int turn,
	    int (*cb)(const struct store_ahead *, void *), void *arg,
	    char **cause);
/* The pending sets of one player, by turn (ORDERS shows them). */
enum store_code store_ahead_pending(struct store *, const char *game,
	    const char *player, int (*cb)(const struct store_ahead *, void *),
	    void *arg, char **cause);
/* Marks a pending set.  STORE_OK, STORE_NOTFOUND (no such pending set),
 * STORE_BUSY, STORE_ERROR. */
enum store_code store_ahead_mark(struct store *, int64_t id, enum store_ahead_state,
	    char **cause);
const char *store_ahead_state_name(enum store_ahead_state);

/* --- turns, states, events, rolls, rollback (store-turn.c) --------------- */

struct store_event {
	int		 phase;
	const char	*kind;
	const char	*ship;		/* NULL or "": none */
	const char	*other;		/* NULL or "": none */
	const char	*text;
};

struct store_roll {
	int		 phase;
	const char	*label;		/* the canonical label hashed */
	const char	*purpose;
	const char	*ship;		/* NULL or "": none */
	int		 sides;
	int		 result;
};

struct store_turn {
	const char	*game;
	int		 turn;		/* the turn adjudicated (N) */
	const char	*state_xml;	/* the state after it (N+1) */
	const struct store_event *events;
	size_t		 nevents;
	const struct store_roll *rolls;
	size_t		 nrolls;
	const char *const *missed;	/* players who sent no orders */
	size_t		 nmissed;
	int64_t		 now;
};

/* The adjudication of turn N in one transaction: writes state N+1, marks
 * turn N done, records which order sets were in force, the events and
 * rolls (seq 1, 2, ... in array order) and counts a missed turn for each
 * listed player.  STORE_OK, STORE_NOTFOUND (game or no live state N),
 * STORE_EXISTS (turn N already adjudicated), STORE_BUSY, STORE_ERROR. */
enum store_code store_turn_record(struct store *, const struct store_turn *,
	    char **cause);

/* The live state of turn (turn < 0: the current one).  *xml owned by the
 * caller; *turn_out (may be NULL) is the turn returned.  STORE_OK,
 * STORE_NOTFOUND, STORE_BUSY, STORE_ERROR. */
enum store_code store_state_get(struct store *, const char *game, int turn,
	    char **xml, int *turn_out, char **cause);

/* A GM's correction: replaces the XML of the live state of turn, which
 * must not be adjudicated yet (the open turn).  The caller audits it in
 * the same transaction (store_begin ... store_audit_add ... commit).
 * STORE_OK, STORE_NOTFOUND (game or no live state turn), STORE_EXISTS
 * (turn already adjudicated: roll back first), STORE_BUSY, STORE_ERROR. */
enum store_code store_state_set(struct store *, const char *game, int turn,
	    const char *xml, char **cause);

struct store_state_info {
	int64_t		 id;
	int		 turn;
	int64_t		 created;
	int64_t		 adjudicated;	/* 0: not yet */
	int		 superseded;	/* discarded by a rollback */
};

/* Every state ever written, live and superseded, ordered by id (the order
 * written).  The info is owned by the store.  STORE_OK, STORE_NOTFOUND
 * (game), STORE_BUSY, STORE_ERROR. */
enum store_code store_state_history(struct store *, const char *game,
	    int (*cb)(const struct store_state_info *, void *), void *arg,
	    char **cause);

struct store_event_row {
	int		 turn;
	int		 seq;
	int		 phase;
	const char	*kind;
	const char	*ship;		/* "" when none */
	const char	*other;		/* "" when none */
	const char	*text;
};

struct store_roll_row {
	int		 turn;
	int		 seq;
	int		 phase;
	const char	*label;
	const char	*purpose;
	const char	*ship;		/* "" when none */
	int		 sides;
	int		 result;
};

/* Events and rolls of the live adjudication of turn, in seq order; rows
 * owned by the store, valid during the call.  STORE_OK, STORE_NOTFOUND
 * (game), STORE_BUSY, STORE_ERROR. */
enum store_code store_events_list(struct store *, const char *game, int turn,
	    int (*cb)(const struct store_event_row *, void *), void *arg,
	    char **cause);
enum store_code store_rolls_list(struct store *, const char *game, int turn,
	    int (*cb)(const struct store_roll_row *, void *), void *arg,
	    char **cause);

/* Returns the game to the start of turn (which is then played again):
 * later states are marked superseded, turn's own state is open again,
 * order sets of later turns are marked rolled back; nothing is deleted.
 * Audited (actor, reason, now) in the same transaction.  STORE_OK,
 * STORE_NOTFOUND (game, no live state turn, or turn not yet adjudicated),
 * STORE_BUSY, STORE_ERROR. */
enum store_code store_rollback(struct store *, const char *game, int turn,
	    const char *actor, const char *reason, int64_t now, char **cause);

/* --- outbox and processed mail (store-outbox.c) -------------------------- */

struct store_outbox_new {
	const char	*game;		/* NULL: not about a game */
	const char	*message_id;	/* fixed before sending: unique */
	const char	*recipient;
	const char	*subject;
	const char	*body;		/* the whole message as sent */
	int		 secret;	/* it holds a password: the body is
					   emptied once sent or failed */
};

struct store_outbox {
	int64_t		 id;
	char		*game;		/* NULL */
	char		*message_id;
	char		*recipient;
	char		*subject;
	char		*body;
	enum store_outbox_status status;
	int		 attempts;
	int64_t		 next_attempt;
	char		*last_error;	/* NULL */
	int64_t		 created;
};

/* Queues a message, due at once.  *id may be NULL.  STORE_OK,
 * STORE_NOTFOUND (game), STORE_EXISTS (message id), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_outbox_add(struct store *,
	    const struct store_outbox_new *, int64_t now, int64_t *id,
	    char **cause);
/* The queued message due soonest with next_attempt <= now (ties by id);
 * *out owned by the caller (store_outbox_free).  STORE_OK, STORE_NOTFOUND
 * (nothing due), STORE_BUSY, STORE_ERROR. */
enum store_code store_outbox_next_due(struct store *, int64_t now,
	    struct store_outbox **out, char **cause);
enum store_code store_outbox_get(struct store *, int64_t id,
	    struct store_outbox **out, char **cause);
void	store_outbox_free(struct store_outbox *);
/* STORE_OK, STORE_NOTFOUND (no queued message id), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_outbox_mark_sent(struct store *, int64_t id, int64_t now,
	    char **cause);
/* Counts a failed attempt: the message is retried after
 * store_outbox_backoff(attempts), or marked failed when permanent is set
 * or the schedule is exhausted.  *status (may be NULL) is the new status.
 * Same codes as mark_sent. */
enum store_code store_outbox_mark_failed(struct store *, int64_t id,
	    int64_t now, const char *error, int permanent,
	    enum store_outbox_status *status, char **cause);
/* Seconds to wait after the attempts-th failed attempt (1, 2, ...): 1 min,
 * 5 min, 15 min, 1 h, 4 h, 12 h, 24 h; -1 after the last: give up. */
int64_t	store_outbox_backoff(int attempts);

/* Message-IDs already processed, so that a mail seen twice is processed
 * once.  seen: STORE_OK (seen), STORE_NOTFOUND (new), STORE_BUSY,
 * STORE_ERROR.  record: STORE_OK, STORE_EXISTS (already recorded),
 * STORE_BUSY, STORE_ERROR. */
enum store_code store_mail_seen(struct store *, const char *message_id,
	    char **cause);
enum store_code store_mail_record(struct store *, const char *message_id,
	    int64_t now, char **cause);

/* --- attempts at processing a mail (store-attempt.c) ------------------- */

/* A mail is known by the SHA-256 (hex) of its bytes, since the parser
 * that finds its Message-ID may be what fails.  begin records one more
 * attempt, committed before it returns: *failures is the number of
 * attempts that failed because of the mail (fail), *quarantined 1 when
 * it was quarantined already (nothing is recorded then).  fail counts a
 * failure (the parser's child crashed or broke a limit, or the daemon
 * crashed with the mail in hand), creating the record if need be.  end
 * says the mail got through (processed, refused, or left for a reason
 * that was understood): the record goes, failures and all.  quarantine
 * marks the mail quarantined for good (in the caller's transaction, with
 * the notice that tells the GM).  An attempt begun and never ended (the
 * daemon killed from outside) counts for nothing.  Each: STORE_OK,
 * STORE_BUSY, STORE_ERROR. */
enum store_code store_attempt_begin(struct store *, const char *digest,
	    int64_t now, int *failures, int *quarantined, char **cause);
enum store_code store_attempt_fail(struct store *, const char *digest,
	    int64_t now, char **cause);
enum store_code store_attempt_end(struct store *, const char *digest,
	    char **cause);
enum store_code store_attempt_quarantine(struct store *, const char *digest,
	    int64_t now, char **cause);

/* --- rate limits and turn marks (store-mark.c) ------------------------- */

/* Takes one of limit replies allowed for key (any text, e.g.
 * "refusal:g1:athens") on day (UTC days since the epoch: now / 86400).
 * *allowed is 1 when this one is within the limit (and counted), else 0
 * (nothing changes).  STORE_OK, STORE_BUSY, STORE_ERROR. */
enum store_code store_rate_take(struct store *, const char *key, int64_t day,
	    int limit, int *allowed, char **cause);

/* One fact per (game, turn, kind, who), e.g. kind "draw" and who a side
 * id: a draw offer.  add: STORE_OK, STORE_NOTFOUND (game), STORE_EXISTS
 * (already marked), STORE_BUSY, STORE_ERROR.  list: calls cb with each
 * who (owned by the store, valid during the call), ordered by who;
 * non-zero from cb stops; STORE_OK, STORE_NOTFOUND (game), STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_mark_add(struct store *, const char *game, int turn,
	    const char *kind, const char *who, int64_t now, char **cause);
enum store_code store_mark_list(struct store *, const char *game, int turn,
	    const char *kind, int (*cb)(const char *who, void *), void *arg,
	    char **cause);
/* store_mark_list of every turn up to turn, each who once (e.g. the
 * sides that conceded so far).  Same codes. */
enum store_code store_mark_list_upto(struct store *, const char *game, int turn,
	    const char *kind, int (*cb)(const char *who, void *), void *arg,
	    char **cause);
/* Forgets who's marks of kind, every turn's (a draw offer withdrawn).
 * STORE_OK, STORE_BUSY, STORE_ERROR. */
enum store_code store_mark_remove(struct store *, const char *game,
	    const char *kind, const char *who, char **cause);

/* --- notices to players (store-notice.c) ------------------------------- */

/* A notice is written by whoever acts (navarch, the daemon) in the
 * transaction of the act, and worded and queued by the daemon, which
 * marks it sent in the transaction of those mails: a GM's act is told
 * once, whichever program did it. */
struct store_notice_new {
	const char	*game;
	enum store_notice_kind kind;
	int		 turn;		/* the game's turn when it happened */
	const char	*player;	/* the player it is about; NULL: the
					   whole game */
	const char	*actor;		/* as in the audit log */
	const char	*reason;	/* the GM's words; NULL: none */
	const char	*details;	/* key=value lines; NULL: none */
	const char	*secret;	/* a password to hand over; NULL */
	int64_t		 now;
};

struct store_notice {
	int64_t		 id;
	const char	*game;
	enum store_notice_kind kind;
	int		 turn;
	const char	*player;	/* NULL: the whole game */
	const char	*actor;
	const char	*reason;	/* "" when none */
	const char	*details;	/* "" when none */
	const char	*secret;	/* NULL when none */
	int64_t		 created;
};

/* Records a notice.  *id may be NULL.  STORE_OK, STORE_NOTFOUND (game),
 * STORE_BUSY, STORE_ERROR. */
enum store_code store_notice_add(struct store *, const struct store_notice_new *,
	    int64_t *id, char **cause);
/* The notices not sent yet, of one game (NULL: every game), oldest
 * first; each owned by the store, valid during the call.  Non-zero from
 * cb stops.  STORE_OK, STORE_BUSY, STORE_ERROR. */
enum store_code store_notice_pending(struct store *, const char *game,
	    int (*cb)(const struct store_notice *, void *), void *arg,
	    char **cause);
/* Marks a notice sent at now and forgets its secret.  STORE_OK,
 * STORE_NOTFOUND (no pending notice id), STORE_BUSY, STORE_ERROR. */
enum store_code store_notice_done(struct store *, int64_t id, int64_t now,
	    char **cause);
/* The value of key in details ("key=value" lines), owned by the caller,
 * or NULL. */
char	*store_notice_detail(const char *details, const char *key);

/* --- wrong passwords and lock-outs (store-auth.c) ---------------------- */

/* What is known of a key: a player ("player:GAME:ID"), a GM
 * ("gm:GAME"), a sender ("sender:ADDRESS"); any text, the caller's. */
struct store_auth {
	int		 failures;	/* wrong passwords counted */
	int64_t		 last_failure;	/* 0: none */
	int64_t		 locked_until;	/* 0: never locked */
	int		 lockouts;	/* lock-outs in all */
};

/* The keys, owned by the caller: a player's, a game's GM's, a sender
 * address's (lower case). */
char	*store_auth_key_player(const char *game, const char *player);
char	*store_auth_key_gm(const char *game);
char	*store_auth_key_sender(const char *address);

/* *out for key (zeroed when nothing is known).  STORE_OK, STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_auth_get(struct store *, const char *key,
	    struct store_auth *out, char **cause);
/* Counts a wrong password for key at now.  Failures whose last one is
 * more than window seconds old are forgotten first.  When the count
 * reaches max, key is locked until now + lockout, the count starts again
 * and *locked is 1 (else 0).  A key still locked at now is not counted
 * (*locked 0): a lock-out is never lengthened by more guesses.  *out
 * (may be NULL) is the record afterwards.  STORE_OK, STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_auth_fail(struct store *, const char *key, int64_t now,
	    int max, int64_t window, int64_t lockout, int *locked,
	    struct store_auth *out, char **cause);
/* A right password: the failures of key are forgotten (a lock-out in
 * force stays).  STORE_OK, STORE_BUSY, STORE_ERROR. */
enum store_code store_auth_success(struct store *, const char *key,
	    char **cause);
/* The GM lifts a lock-out: failures and lock-out forgotten (lockouts,
 * the history, stays).  STORE_OK, STORE_NOTFOUND (no failure or lock-out
 * to forget), STORE_BUSY, STORE_ERROR. */
enum store_code store_auth_clear(struct store *, const char *key,
	    char **cause);

/* --- the GM's audit log (store-audit.c) ---------------------------------- */

struct store_audit {
	int64_t		 id;
	const char	*game;		/* NULL: not about one game */
	int64_t		 time;
	const char	*actor;
	const char	*action;
	const char	*details;
};

/* Appends an entry (game may be NULL; details may be NULL: "").
 * STORE_OK, STORE_NOTFOUND (game), STORE_BUSY, STORE_ERROR. */
enum store_code store_audit_add(struct store *, const char *game, int64_t now,
	    const char *actor, const char *action, const char *details,
	    char **cause);
/* Entries of one game (NULL: all), oldest first; each owned by the store,
 * valid during the call.  Non-zero from cb stops.  STORE_OK, STORE_BUSY,
 * STORE_ERROR. */
enum store_code store_audit_list(struct store *, const char *game,
	    int (*cb)(const struct store_audit *, void *), void *arg,
	    char **cause);

/* Squadrons' commanders and changes of command (store-squadron.c). */
#include "store-squadron.h"
/* An admiral's directives (store-directive.c). */
#include "store-directive.h"

#endif
