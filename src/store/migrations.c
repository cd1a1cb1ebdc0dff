/* migrations.c: the schema, as numbered migrations (docs/store.md).
 *
 * store_migrations[i] takes a database from PRAGMA user_version i to i+1;
 * store_open() applies each pending one in its own transaction.  A
 * migration that has shipped is never edited (tests/unit/test_store.c
 * keeps a frozen copy of migration 1 to prove old databases upgrade): a
 * change is a new migration appended here.
 *
 * Times are INTEGER UTC seconds; flags are INTEGER 0/1 with a CHECK; the
 * status names are those of the X-macro tables in store.h. */
#include "config.h"

#include "store-int.h"

/* 1: games, sides, players and their ships, observers, states, order
 * sets, events, rolls, the audit log. */
static const char m1[] =
"CREATE TABLE games (\n"
"  id TEXT PRIMARY KEY NOT NULL,\n"
"  ruleset TEXT NOT NULL,\n"
"  scenario TEXT NOT NULL,\n"
"  settings TEXT NOT NULL DEFAULT '',\n"
"  status TEXT NOT NULL DEFAULT 'playing'\n"
"    CHECK (status IN ('playing', 'paused', 'ended')),\n"
"  deadline INTEGER,\n"
"  gm_address TEXT,\n"
"  gm_password TEXT,\n"
"  seed TEXT NOT NULL,\n"
"  seed_commitment TEXT NOT NULL CHECK (length(seed_commitment) = 64),\n"
"  seed_revealed INTEGER NOT NULL DEFAULT 0 CHECK (seed_revealed IN (0, 1)),\n"
"  created INTEGER NOT NULL\n"
");\n"
"CREATE TABLE sides (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  id TEXT NOT NULL,\n"
"  PRIMARY KEY (game, id)\n"
");\n"
"CREATE TABLE players (\n"
"  game TEXT NOT NULL,\n"
"  id TEXT NOT NULL,\n"
"  side TEXT NOT NULL,\n"
"  address TEXT NOT NULL,\n"
"  password TEXT NOT NULL,\n"
"  admiral INTEGER NOT NULL DEFAULT 0 CHECK (admiral IN (0, 1)),\n"
"  missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0),\n"
"  removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),\n"
"  PRIMARY KEY (game, id),\n"
"  FOREIGN KEY (game, side) REFERENCES sides(game, id)\n"
");\n"
/* A ship has at most one player: the key is (game, ship). */
"CREATE TABLE player_ships (\n"
"  game TEXT NOT NULL,\n"
"  ship TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  PRIMARY KEY (game, ship),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n"
"CREATE INDEX player_ships_player ON player_ships(game, player);\n"
"CREATE TABLE observers (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  address TEXT NOT NULL,\n"
"  PRIMARY KEY (game, address)\n"
");\n"
/* The state at the start of every turn.  A rollback sets superseded on
 * later states and keeps them; only one live state per (game, turn).
 * adjudicated is set by the transaction that writes the next state. */
"CREATE TABLE states (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  xml TEXT NOT NULL,\n"
"  created INTEGER NOT NULL,\n"
"  adjudicated INTEGER,\n"
"  superseded INTEGER NOT NULL DEFAULT 0 CHECK (superseded IN (0, 1))\n"
");\n"
"CREATE UNIQUE INDEX states_live ON states(game, turn) WHERE superseded = 0;\n"
"CREATE TABLE order_sets (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL,\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  player TEXT NOT NULL,\n"
"  source TEXT NOT NULL CHECK (source IN ('cli', 'mail')),\n"
"  message_id TEXT,\n"
"  sender TEXT,\n"
"  received INTEGER NOT NULL,\n"
"  text TEXT NOT NULL,\n"
"  normalised TEXT NOT NULL,\n"
"  in_force INTEGER NOT NULL DEFAULT 1 CHECK (in_force IN (0, 1)),\n"
"  rolled_back INTEGER NOT NULL DEFAULT 0 CHECK (rolled_back IN (0, 1)),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id),\n"
"  CHECK (source = 'mail' OR message_id IS NULL)\n"
");\n"
"CREATE UNIQUE INDEX order_sets_message ON order_sets(message_id)\n"
"  WHERE message_id IS NOT NULL;\n"
"CREATE UNIQUE INDEX order_sets_in_force ON order_sets(game, turn, player)\n"
"  WHERE in_force = 1;\n"
/* Which sets were in force at the adjudication that produced a state:
 * history survives a rollback because it hangs off the (superseded)
 * resulting state. */
"CREATE TABLE turn_orders (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  order_set INTEGER NOT NULL REFERENCES order_sets(id),\n"
"  PRIMARY KEY (state, order_set)\n"
");\n"
/* Events and rolls of turn N hang off state N+1, the state their
 * adjudication produced, for the same reason. */
"CREATE TABLE events (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL,\n"
"  seq INTEGER NOT NULL,\n"
"  phase INTEGER NOT NULL,\n"
"  kind TEXT NOT NULL,\n"
"  ship TEXT NOT NULL DEFAULT '',\n"
"  other TEXT NOT NULL DEFAULT '',\n"
"  text TEXT NOT NULL,\n"
"  PRIMARY KEY (state, seq)\n"
");\n"
"CREATE TABLE rolls (\n"
"  state INTEGER NOT NULL REFERENCES states(id),\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL,\n"
"  seq INTEGER NOT NULL,\n"
"  phase INTEGER NOT NULL,\n"
"  label TEXT NOT NULL,\n"
"  purpose TEXT NOT NULL,\n"
"  ship TEXT NOT NULL DEFAULT '',\n"
"  sides INTEGER NOT NULL CHECK (sides >= 1),\n"
"  result INTEGER NOT NULL CHECK (result BETWEEN 1 AND sides),\n"
"  PRIMARY KEY (state, seq)\n"
");\n"
"CREATE TABLE audit (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT REFERENCES games(id),\n"
"  time INTEGER NOT NULL,\n"
"  actor TEXT NOT NULL,\n"
"  action TEXT NOT NULL,\n"
"  details TEXT NOT NULL DEFAULT ''\n"
");\n"
"CREATE INDEX audit_game ON audit(game, id);\n";

/* 2: mail: the outbox, processed Message-IDs, bounce counts. */
static const char m2[] =
"ALTER TABLE players ADD COLUMN bounces INTEGER NOT NULL DEFAULT 0\n"
"  CHECK (bounces >= 0);\n"
"CREATE TABLE outbox (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT REFERENCES games(id),\n"
"  message_id TEXT NOT NULL UNIQUE,\n"
"  recipient TEXT NOT NULL,\n"
"  subject TEXT NOT NULL,\n"
"  body TEXT NOT NULL,\n"
"  status TEXT NOT NULL DEFAULT 'queued'\n"
"    CHECK (status IN ('queued', 'sent', 'failed')),\n"
"  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),\n"
"  next_attempt INTEGER NOT NULL,\n"
"  last_error TEXT,\n"
"  created INTEGER NOT NULL,\n"
"  sent INTEGER\n"
");\n"
"CREATE INDEX outbox_due ON outbox(status, next_attempt, id);\n"
"CREATE TABLE processed_mail (\n"
"  message_id TEXT PRIMARY KEY NOT NULL,\n"
"  time INTEGER NOT NULL\n"
");\n";

/* 3: the mail loop's bookkeeping.  rate_limits counts replies per key
 * (e.g. a refusal to one player) per UTC day, so that a forged sender
 * cannot make the daemon flood an address.  turn_marks records one fact
 * per (game, turn, kind, who): a side's draw offer or concession, a
 * reminder sent to a player; the key makes each at most once a turn. */
static const char m3[] =
"CREATE TABLE rate_limits (\n"
"  key TEXT NOT NULL,\n"
"  day INTEGER NOT NULL,\n"
"  count INTEGER NOT NULL CHECK (count >= 0),\n"
"  PRIMARY KEY (key, day)\n"
");\n"
"CREATE TABLE turn_marks (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  kind TEXT NOT NULL,\n"
"  who TEXT NOT NULL,\n"
"  time INTEGER NOT NULL,\n"
"  PRIMARY KEY (game, turn, kind, who)\n"
");\n";

/* 4: wrong passwords (issue 10).  One row per key: a player
 * ("player:GAME:ID"), a game's GM ("gm:GAME") or a sender address
 * ("sender:ADDRESS", lower case).  failures counts wrong passwords since
 * the last right one or lock-out; locked_until (0: never) is when the
 * current lock-out ends; lockouts counts them all, for the GM. */
static const char m4[] =
"CREATE TABLE auth_failures (\n"
"  key TEXT PRIMARY KEY NOT NULL,\n"
"  failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),\n"
"  last_failure INTEGER NOT NULL DEFAULT 0,\n"
"  locked_until INTEGER NOT NULL DEFAULT 0,\n"
"  lockouts INTEGER NOT NULL DEFAULT 0 CHECK (lockouts >= 0)\n"
");\n";

/* 5: attempts at processing a mail, by the SHA-256 of its bytes,
 * recorded before they are parsed (store-attempt.c).  attempts counts
 * those begun and not ended; failures those that failed because of the
 * mail (the parser's child crashed or broke a limit, the daemon crashed
 * with it in hand): two failures quarantine it.  A quarantined mail's row
 * stays, so that the mail is moved again, without a second notice to the
 * GM, if it comes back. */
static const char m5[] =
"CREATE TABLE mail_attempts (\n"
"  digest TEXT PRIMARY KEY NOT NULL,\n"
"  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),\n"
"  failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),\n"
"  first INTEGER NOT NULL,\n"
"  last INTEGER NOT NULL,\n"
"  quarantined INTEGER\n"
");\n";

/* 6: a campaign by mail (issue 15).  players.timezone: the zone the
 * player reads deadlines in ("" none: UTC only; tz.h).
 * games.paused_left: the seconds the clock had left when the game was
 * paused (NULL: no deadline then), given back on resume.  notices: what
 * the GM did that players must be told (a pause, a deadline changed, a
 * player seated, replaced or removed, orders entered for someone, a
 * rollback, the end of the game), written by whoever did it (navarch or
 * the daemon) in the transaction that did it, worded and queued by the
 * daemon, and marked sent in the transaction of those mails.  secret
 * holds a password to hand to a new player until its mail is queued;
 * outbox.secret marks a mail that holds one, whose body is emptied once
 * it is sent or has failed for good. */
static const char m6[] =
"ALTER TABLE players ADD COLUMN timezone TEXT NOT NULL DEFAULT '';\n"
"ALTER TABLE games ADD COLUMN paused_left INTEGER\n"
"  CHECK (paused_left IS NULL OR paused_left >= 0);\n"
"ALTER TABLE outbox ADD COLUMN secret INTEGER NOT NULL DEFAULT 0\n"
"  CHECK (secret IN (0, 1));\n"
"CREATE TABLE notices (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  kind TEXT NOT NULL,\n"
"  turn INTEGER NOT NULL,\n"
"  player TEXT,\n"
"  actor TEXT NOT NULL,\n"
"  reason TEXT NOT NULL DEFAULT '',\n"
"  details TEXT NOT NULL DEFAULT '',\n"
"  secret TEXT,\n"
"  created INTEGER NOT NULL,\n"
"  sent INTEGER\n"
");\n"
"CREATE INDEX notices_pending ON notices(game, sent, id);\n";

/* 7 (issue 15, items 5 and 6): a
 * player's own preferences, set by mail (SET SVG, SET STORY), and
 * absence.  players.svg: whether the player's report mails carry the SVG
 * map ('' the game's setting svg, 'on', 'off'); players.story: the story
 * of a turn the player's report tells ('full': every event the side saw,
 * 'own': only those of the side's own ships).  Store values, not the
 * mail's words (store.h, STORE_PREFS).  players.absent_until: the player
 * is away until then (ABSENT; 0: not away): no reminder, and the turn
 * does not wait for the player's orders.  orders_ahead: orders sent for a
 * later turn (ORDERS FOR TURN n), pending until that turn opens, then
 * used (an order set made of them), illegal (the player told why), late
 * (the turn was played before they could be used) or replaced (by a later
 * mail for that turn, or orders the player sent once it was open). */
static const char m7[] =
"ALTER TABLE players ADD COLUMN svg TEXT NOT NULL DEFAULT ''\n"
"  CHECK (svg IN ('', 'on', 'off'));\n"
"ALTER TABLE players ADD COLUMN story TEXT NOT NULL DEFAULT 'full'\n"
"  CHECK (story IN ('full', 'own'));\n"
"ALTER TABLE players ADD COLUMN absent_until INTEGER NOT NULL DEFAULT 0\n"
"  CHECK (absent_until >= 0);\n"
"CREATE TABLE orders_ahead (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  message_id TEXT,\n"
"  received INTEGER NOT NULL,\n"
"  text TEXT NOT NULL,\n"
"  state TEXT NOT NULL DEFAULT 'pending'\n"
"    CHECK (state IN ('pending', 'used', 'illegal', 'late', 'replaced')),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n"
"CREATE UNIQUE INDEX orders_ahead_pending ON orders_ahead(game, player,\n"
"  turn) WHERE state = 'pending';\n";

/* 8: umpired big battles (issue 14).  squadron_commands: which player
 * commands which squadron (the squadrons themselves are the state's); a
 * ship's commander is its row of player_ships when it has one (the GM's
 * or the admiral's choice for a single ship), else its squadron's player.
 * assignments: changes of command made during a turn that take effect at
 * the start of a later one (turn), so that orders already sent stand and
 * the turn in hand can always be played; applied, and deleted, by the
 * transaction that records the adjudication before that turn.  A later
 * change of the same ship or squadron replaces a pending one. */
static const char m8[] =
"CREATE TABLE squadron_commands (\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  squadron TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  PRIMARY KEY (game, squadron),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n"
"CREATE TABLE assignments (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  kind TEXT NOT NULL CHECK (kind IN ('ship', 'squadron')),\n"
"  what TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  actor TEXT NOT NULL,\n"
"  created INTEGER NOT NULL,\n"
"  UNIQUE (game, kind, what),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n";

/* 9 (issue 15, item 6): players.language, the language the player's mails
 * and reports are worded in: a subdirectory of the template directory
 * (templates/de/) whose files are used where it has them; '' the default
 * templates.  Which languages are installed is the template directory's
 * business, so the column takes any short code (play-lang.c checks it
 * when the player sets it). */
static const char m9[] =
"ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT ''\n"
"  CHECK (length(language) <= 16);\n";

/* 10 (issue 14, item 4): an admiral's directives.  A directive is a line
 * of text from the admiral player (or a side's only player) to one player
 * of the side, printed at the top of that player's next turn report and
 * never adjudicated; DIRECTIVE ALL makes a row for each player it names.
 * turn: the open turn it was given in; reported: the turn whose report
 * carried it (NULL: not yet), written in the transaction that queues that
 * report, so that it is kept until the report is on its way and is shown
 * once.  A turn rolled back and played again shows the directives its
 * first report carried again (store_directive_due). */
static const char m10[] =
"CREATE TABLE directives (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  sender TEXT NOT NULL,\n"
"  player TEXT NOT NULL,\n"
"  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),\n"
"  created INTEGER NOT NULL,\n"
"  reported INTEGER CHECK (reported IS NULL OR reported >= 1),\n"
"  FOREIGN KEY (game, player) REFERENCES players(game, id)\n"
");\n"
"CREATE INDEX directives_due ON directives(game, player, reported);\n";
/* 11 (issue 14, item 2): squadron_moves, ships moved to another squadron
 * of their side (ASSIGN SHIP s TO SQUADRON q) from the start of a later
 * turn: a ship's squadron is in the state, which the adjudication that
 * opens that turn corrects (an audited correction, which replay applies)
 * and which deletes the row in the same transaction.  A later move of
 * the same ship replaces a pending one. */
static const char m11[] =
"CREATE TABLE squadron_moves (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  ship TEXT NOT NULL,\n"
"  squadron TEXT NOT NULL,\n"
"  actor TEXT NOT NULL,\n"
"  created INTEGER NOT NULL,\n"
"  UNIQUE (game, ship)\n"
");\n";

/* 12 (issue 16, item 4): outbox_kept, the sent rows whose body is still
 * kept, by when they were sent: the daemon's purge (store-purge.c) empties
 * the bodies of those sent sent_mail_keep_days ago, and finds them in
 * this index without reading the others, whose bodies are gone. */
static const char m12[] =
"CREATE INDEX outbox_kept ON outbox(sent)\n"
"  WHERE status = 'sent' AND body <> '';\n";

/* 13 (issue 14, item 4): squadron_standing, a squadron's standing order
 * set by its side's admiral (ASSIGN SQUADRON q STANDING order) from the
 * start of a later turn (the ruleset's command-delay: it acts from the
 * next turn, so orders already sent stand).
 * standing: the order's words as the state keeps them, '' to take it
 * back (NONE).  The adjudication that opens that turn corrects its state
 * (an audited correction, which replay applies) and deletes the row in
 * the same transaction, as squadron_moves.  A later order for the same
 * squadron replaces a pending one. */
static const char m13[] =
"CREATE TABLE squadron_standing (\n"
"  id INTEGER PRIMARY KEY,\n"
"  game TEXT NOT NULL REFERENCES games(id),\n"
"  turn INTEGER NOT NULL CHECK (turn >= 1),\n"
"  squadron TEXT NOT NULL,\n"
"  standing TEXT NOT NULL,\n"
"  actor TEXT NOT NULL,\n"
"  created INTEGER NOT NULL,\n"
"  UNIQUE (game, squadron)\n"
");\n";

const char *const store_migrations[] = { m1, m2, m3, m4, m5, m6, m7, m8,
    m9, m10, m11, m12, m13 };
const int store_nmigrations =
    (int)(sizeof store_migrations / sizeof store_migrations[0]);
