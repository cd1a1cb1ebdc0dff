/* test_mailproc_cmd.c: the mail commands, one table of steps each
 * (mailproc_fixture.h).  Outcomes: 0 done, 1 rejected, 2 refused. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>

#include "mailproc_fixture.h"
#include "password.h"
#include "store.h"

#define DONE		0
#define REJECTED	1
#define REFUSED		2
#define ACCEPTED(to)	{ to, NULL, { "Orders accepted" } }
#define REPORT(to)	{ to, "Turn 1 report", { "NAVARCH -- turn 1 " } }
#define LIVE_STATES	"SELECT count(*) FROM states WHERE superseded = 0"

static void
test_help_status_map_orders(void **state)
{
	static const struct step steps[] = {
		{ "help", 60, DONE, { { "a@example.org", NULL, { "HELP:",
		    "PRESS TO side|player|ALL", "ASSIGN SHIP s TO player",
		    "need a GM line and the GM's password" },
		    { "  PROCESS " } } }, NULL, NULL },
		{ "athens-orders", 120, DONE, { ACCEPTED("a@example.org") },
		  NULL, NULL },
		{ "status", 180, DONE, { { "a@example.org", NULL, {
		    "STATUS: game demo (Demo: off the island of Psyttaleia), "
		    "turn 1, playing.", "Deadline: 2026-01-03T10:00Z (UTC)",
		    "  athens (side athens): in\n",
		    "  persia (side persia): not yet\n" },
		    { "p@example.org", "missed" } } }, NULL, NULL },
		{ "map", 240, DONE, { { "a@example.org", NULL, {
		    "MAP: the map at the start of turn 1",
		    "A1    nike       trireme      athens  0508" } } },
		  NULL, NULL },
		{ "orders-echo", 300, DONE, { { "a@example.org", NULL, {
		    "ORDERS: your orders in force for turn 1:\n"
		    "  SHIP nike SPEED 4 MOVE F F L F F\n" } } }, NULL, NULL },
		{ "unknown-command", 360, REJECTED, { { "a@example.org", NULL, {
		    "line 4: 'FROBNICATE now': FROBNICATE is neither an order "
		    "nor a command", "commands: HELP, STATUS, MAP",
		    "Your previous orders stay in force" } } },
		  "SELECT count(*) FROM order_sets", "1" },
		{ "gm-command-by-player", 420, REJECTED, { { "a@example.org",
		    NULL, { "'PROCESS': that is the GM's command" } } },
		  LIVE_STATES, "1" },
	};

	RUN_STEPS(*state, steps);
}

/* HELP topic: the ruleset's verbs with examples made of the player's own
 * ships and legal now; a command's help; a topic the game has not is
 * refused naming those it has. */
static void
test_help_topics(void **state)
{
	static const struct step steps[] = {
		{ "help", 60, DONE, { { "a@example.org", NULL, {
		    "HELP: writing to game demo (ruleset classic).",
		    "  GAME demo\n  PLAYER athens\n  PASSWORD your-password\n"
		    "  SHIP nike SPEED 1\n  SHIP paralos MOVE F L\n"
		    "  SHIP salaminia FIRE 1 BOW AT sidon PHASE 3\n",
		    "  SHIP id FIRE [n] BOW|CATAPULT|STONE|ALL AT ship [PHASE p]\n"
		    "    e.g. SHIP salaminia FIRE 1 BOW AT sidon PHASE 3\n",
		    "  PRESS         PRESS TO side|player|ALL",
		    "More: HELP and one of ORDERS, COMMANDS, SPEED, MOVE, FIRE,",
		    "MAP, CLEAR," }, { "  PROCESS ", "MAP, ORDERS" } } },
		  NULL, NULL },
		{ "help-fire", 120, DONE, { { "a@example.org", NULL, {
		    "HELP FIRE: FIRE [n] BOW|CATAPULT|STONE|ALL AT ship [PHASE p]\n"
		    "  Missiles at an enemy ship",
		    "Examples, made of your ships as they stand on turn 1 and "
		    "legal now:\n  SHIP salaminia FIRE 1 BOW AT sidon PHASE 3\n"
		    "  SHIP nike FIRE ALL AT sidon\n" },
		    { "HELP: writing", "Commands, one a line" } } },
		  NULL, NULL },
		{ "help-orders", 180, DONE, { { "a@example.org", NULL, {
		    "  SHIP nike SPEED 1\n",
		    "  SHIP id SPEED n [MOVE steps]\n    The ship's speed",
		    "SQUADRON and a squadron's id instead of SHIP",
		    "More: HELP and one of" }, { "Commands, one a line" } } },
		  NULL, NULL },
		/* The sample mail of HELP, sent as it is: accepted whole. */
		{ "help-sample", 200, DONE, { { "a@example.org", NULL, {
		    "Orders accepted for turn 1", "SHIP salaminia RAKE PORT" },
		    { "line " } } }, "SELECT count(*) FROM order_sets", "1" },
		{ "help-press", 240, DONE, { { "a@example.org", NULL, {
		    "HELP press:\n  PRESS         PRESS TO side|player|ALL" },
		    { "  STATUS ", "The GM's commands", "HELP: writing" } } },
		  NULL, NULL },
		{ "help-bad", 300, REJECTED, { { "a@example.org", NULL, {
		    "line 4: HELP SWIM: game demo (ruleset classic) has no "
		    "such topic; topics: ORDERS, COMMANDS, SPEED, MOVE, FIRE, "
		    "BOARD, REPULSE, RAKE, HELP, STATUS" } } }, NULL, NULL },
		/* The GM's examples are of the first side's ships. */
		{ "gm-help", 330, DONE, { { "gm@example.org", NULL, {
		    "HELP MOVE: MOVE steps (F, L, R) or MOVE B\n",
		    "Examples, made of side athens's ships as they stand on "
		    "turn 1 and legal now:\n  SHIP paralos MOVE F L\n"
		    "  SHIP salaminia MOVE F R F\n",
		    "PROCESS, PREVIEW" } } }, NULL, NULL },
		{ "help-commands", 360, DONE, { { "a@example.org", NULL, {
		    "Commands, one a line, beside or instead of orders:\n"
		    "  HELP          HELP [topic]",
		    "The GM's commands (PROCESS," }, { "HELP: writing",
		    "SHIP nike" } } }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

#define PERSIAN_MOVE	"azes (trireme, persia) moves from 1505 to 1405"

/* SET: a player's own preferences, stored per player, listed by SET
 * alone; the report mails follow them (test_mailproc_svg for SVG). */
static void
test_set_prefs(void **state)
{
	static const struct step steps[] = {
		{ "set-list", 60, DONE, { { "a@example.org", NULL, {
		    "SET: your settings", "  TIMEZONE  NONE (UTC only)\n",
		    "  SVG       GAME (as the game says: on): ON, OFF or GAME\n",
		    "  STORY     FULL: FULL or OWN\n",
		    "  LANGUAGE  GAME: GAME only (no other language "
		    "installed)\n" } } }, NULL, NULL },
		{ "set-bad-key", 120, REJECTED, { { "a@example.org", NULL, {
		    "line 4: 'SET COLOUR RED': write SET, a setting (TIMEZONE, "
		    "LANGUAGE, SVG, STORY) and its value" } } }, NULL, NULL },
		{ "set-bad-value", 180, REJECTED, { { "a@example.org", NULL, {
		    "'SET STORY SOME': SET STORY takes FULL (every event your "
		    "side saw) or OWN" } } },
		  "SELECT story || svg FROM players WHERE id = 'athens'",
		  "full" },
		{ "set-story", 240, DONE, { { "a@example.org", NULL, {
		    "SET STORY OWN: the story of each turn",
		    "SET SVG OFF: your reports are text only",
		    "  SVG       OFF: ON, OFF or GAME\n",
		    "  STORY     OWN: FULL or OWN\n" } } },
		  "SELECT story || ' ' || svg FROM players WHERE id = 'athens'",
		  "own off" },
		{ "persia-orders", 300, DONE, { ACCEPTED("p@example.org") },
		  NULL, NULL },
		/* athens: its own ships' story, no picture; persia, as the
		 * game says: every event it saw, and the picture. */
		{ NULL, 2 * DAY, 1, {
			{ "a@example.org", "Turn 1 report", {
			  "NAVARCH -- turn 1 ", "Only what befell your side's "
			  "own ships", "  nike (trireme, athens) in 0508 has "
			  "no movement orders" }, { PERSIAN_MOVE,
			  MPFX_ATT_START } },
			{ "p@example.org", "Turn 1 report", { PERSIAN_MOVE,
			  MPFX_ATT_START "demo-turn-1.svg" },
			  { "Only what befell" } },
			REPORT("gm@example.org"), REPORT("obs@example.org") },
		  NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

static void
test_password_new(void **state)
{
	static const struct step steps[] = {
		{ "password-new", 60, DONE, { { "a@example.org", NULL,
		    { "PASSWORD NEW: your password is changed" },
		    { "sea-wolf" } } },
		  "SELECT count(*) FROM audit WHERE action = 'password-change'",
		  "1" },
		{ "password-after", 120, DONE, { { "a@example.org", NULL,
		    { "STATUS: game demo" } } }, NULL, NULL },
		{ "help", 180, REFUSED, { { "a@example.org", "Mail refused",
		    { "the password is wrong" } } }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

/* Press goes to the other players' registered addresses, signed with
 * the side; no address is ever shown. */
static void
test_press(void **state)
{
	static const struct step steps[] = {
		{ "press", 60, DONE, {
			{ "p@example.org", "Press from athens", {
			  "Press from side athens (player athens) to persia",
			  "Shall we share the island?" },
			  { "a@example.org" } },
			{ "a@example.org", NULL, { "PRESS TO persia: relayed "
			  "to 1 player(s), signed with your side (athens)" },
			  { "p@example.org" } },
		  }, NULL, NULL },
		{ "press-unterminated", 120, REJECTED, { { "a@example.org",
		    NULL, { "line 4: PRESS: the message has no END PRESS" } } },
		  NULL, NULL },
		{ "press-bad-target", 180, REJECTED, { { "a@example.org", NULL,
		    { "PRESS TO sparta: no side or player sparta in game demo;"
		      " legal: ALL, athens, persia, GM" } } }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

/* Press to the GM from a player and from an observer, the GM's
 * announcement to every player and observer; an observer's mail (known
 * by its From: no password) may ask STATUS, MAP and HELP and write to
 * the GM, nothing else. */
static void
test_press_gm_observer(void **state)
{
	static const struct step steps[] = {
		{ "press-to-gm", 60, DONE, {
			{ "gm@example.org", "Press from athens", {
			  "Press from side athens (player athens) to the GM",
			  "Sidon is hiding behind the island." },
			  { "a@example.org" } },
			{ "a@example.org", NULL, { "PRESS TO GM: relayed to "
			  "the GM, signed with your side (athens)" } } },
		  NULL, NULL },
		{ "gm-press-all", 120, DONE, {
			{ "a@example.org", "Announcement from the GM", {
			  "Announcement from the GM to every player and "
			  "observer", "The deadline stands; mind the wind." },
			  { "gm@example.org" } },
			{ "p@example.org", "Announcement from the GM", {
			  "mind the wind" } },
			{ "obs@example.org", "Announcement from the GM", {
			  "mind the wind" } },
			{ "gm@example.org", NULL, { "PRESS TO ALL: relayed to "
			  "3 reader(s), the players and observers, signed as "
			  "the GM" } } }, NULL, NULL },
		{ "observer-status", 180, DONE, { { "obs@example.org", NULL, {
		    "your mail was read as an observer's.",
		    "STATUS: game demo", "MAP: the map at the start of turn 1",
		    "A1    nike", "  PRESS         PRESS TO side|player|ALL|GM",
		    "An observer needs no password" },
		    { "missed", "  CLEAR ", "PASSWORD your-password" } } },
		  NULL, NULL },
		{ "observer-press", 240, DONE, {
			{ "gm@example.org", "Press from an observer", {
			  "Press from an observer to the GM",
			  "A fine battle so far." }, { "obs@example.org" } },
			{ "obs@example.org", NULL, { "PRESS TO GM: relayed to "
			  "the GM, signed as an observer" } } }, NULL, NULL },
		{ "observer-press-all", 300, REJECTED, { { "obs@example.org",
		    NULL, { "PRESS TO ALL: an observer writes to the GM alone "
		    "in game demo; legal: GM" }, { "previous orders" } } },
		  NULL, NULL },
		{ "observer-clear", 360, REJECTED, { { "obs@example.org", NULL,
		    { "'CLEAR': an observer may send only HELP, STATUS, MAP, "
		    "PRESS (PRESS TO GM)" } } },
		  "SELECT count(*) FROM order_sets", "0" },
		{ "observer-orders", 420, REJECTED, { { "obs@example.org", NULL,
		    { "line 3: an observer gives no orders" } } },
		  "SELECT count(*) FROM order_sets", "0" },
		/* Without a command, an observer's mail is ignored, as
		 * before: no answer. */
		{ "observer", 480, 4 /* OBSERVER */, { { NULL } }, NULL,
		  NULL },
	};

	RUN_STEPS(*state, steps);
}

/* ABSENT: an absent player gets no reminder, the GM sees the absence,
 * and the turn does not wait for the player: once the others' orders are
 * in it is played (forced for the absent player's ships, which take their
 * standing or default orders).  ABSENT NONE: back, and waited for. */
static void
test_absent(void **state)
{
	static const struct step steps[] = {
		{ "absent-bad", 60, REJECTED, { { "a@example.org", NULL, {
		    "'ABSENT TOMORROW': write ABSENT UNTIL and a time (+7d, "
		    "2026-12-10T08:00Z), or ABSENT NONE" } } }, NULL, NULL },
		{ "absent-past", 90, REJECTED, { { "a@example.org", NULL, {
		    "'ABSENT UNTIL 2025-06-01T10:00Z': 2025-06-01T10:00Z is "
		    "past; an absence ends in the future" } } },
		  "SELECT absent_until FROM players WHERE id = 'athens'", "0" },
		{ "absent", 120, DONE, { { "a@example.org", NULL, {
		    "ABSENT: you are away until 2026-01-04T10:02Z (UTC). Until "
		    "then you get no reminders" } } },
		  "SELECT count(*) FROM audit WHERE action = 'absent' AND"
		  " details = 'athens until 2026-01-04T10:02Z'", "1" },
		{ "gm-status", 180, DONE, { { "gm@example.org", NULL, {
		    "  athens (side athens): not yet; missed 0 turn(s), 0 "
		    "bounce(s); away\n    until 2026-01-04T10:02Z" } } },
		  NULL, NULL },
		/* The reminder goes to persia alone. */
		{ NULL, 36 * HOUR, 0, { { "p@example.org", "Reminder", {
		    "Deadline" } } }, NULL, NULL },
		{ "persia-orders", 37 * HOUR, DONE, {
		    ACCEPTED("p@example.org") }, NULL, NULL },
		/* Every order in but the absent player's: played early. */
		{ NULL, 37 * HOUR + 60, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, "SELECT count(*) FROM states"
		    " WHERE superseded = 0", "2" },
		{ "absent-none", 38 * HOUR, DONE, { { "a@example.org", NULL, {
		    "ABSENT NONE: welcome back" } } },
		  "SELECT absent_until FROM players WHERE id = 'athens'", "0" },
	};

	RUN_STEPS(*state, steps);
}

/* ORDERS FOR TURN n: stored unvalidated; when the turn opens (the next
 * tick) a legal set becomes the player's orders, an illegal one is told
 * to the player, with the errors. */
#define AHEAD_STATES	"SELECT group_concat(state, ' ') FROM"	\
	" (SELECT state FROM orders_ahead ORDER BY id)"

static void
test_ahead(void **state)
{
	static const struct step steps[] = {
		{ "ahead-bad", 60, REJECTED, { { "a@example.org", NULL, {
		    "line 4: 'ORDERS FOR TURN 99': turn 1 is open; orders may "
		    "be sent for it or the 10 turns after it (ORDERS FOR TURN "
		    "1 to 11)" } } }, AHEAD_STATES, "" },
		{ "ahead", 120, DONE, { { "a@example.org", NULL, {
		    "ORDERS FOR TURN 2: stored.", "As read now:\n"
		    "  SHIP nike SPEED 1\n" } } }, AHEAD_STATES, "pending" },
		/* ORDERS lists them after the orders in force. */
		{ "orders-echo", 150, DONE, { { "a@example.org", NULL, {
		    "ORDERS: your orders in force for turn 1:\n",
		    "Sent ahead for turn 2 (received 2026-01-01T10:02Z UTC; "
		    "checked when\nthat turn begins):\n  SIDE athens\n"
		    "  SHIP nike SPEED 1 MOVE F\n" } } }, NULL, NULL },
		/* Not legal on turn 2's ships, but stored: they may be. */
		{ "ahead-persia", 180, DONE, { { "p@example.org", NULL, {
		    "ORDERS FOR TURN 2: stored." } } }, "SELECT count(*) FROM"
		    " order_sets", "0" },
		{ NULL, 2 * DAY, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, AHEAD_STATES,
		    "pending pending" },
		/* Turn 2 is open: athens's become its orders, persia's are
		 * refused and persia told why. */
		{ NULL, 2 * DAY + 60, 0, { { "p@example.org", "Your orders "
		    "for turn 2 cannot be used", { "  SHIP tyre SPEED 9 MOVE F F F F "
		    "F F F F F: the maximum speed of a\n    quinquereme is 3",
		    "What you sent:\n  SHIP tyre SPEED 9 " } } },
		  AHEAD_STATES, "used illegal" },
		{ "orders-echo", 2 * DAY + 120, DONE, { { "a@example.org",
		    NULL, { "ORDERS: your orders in force for turn 2:\n",
		    "  SHIP nike SPEED 1\n" }, { "Sent ahead" } } },
		    "SELECT count(*) FROM"
		    " order_sets WHERE turn = 2 AND in_force = 1", "1" },
	};

	RUN_STEPS(*state, steps);
}

/* LIST and JOIN from anyone: the games whose setting join takes players
 * by mail, with their free seats; JOIN takes a free seat at once (auto:
 * the welcome with a password follows) or asks the GM (gm), who seats
 * with SEAT; a seat held, a player's own mail, are refused. */
static void
test_lobby(void **state)
{
	static const struct step steps[] = {
		{ "lobby-list", 60, DONE, { { "x@example.org", "Open games", {
		    "LIST: games that take players by mail",
		    "  demo (ruleset classic, turn 1, deadline "
		    "2026-01-03T10:00Z (UTC)): free\n    persia; JOIN takes "
		    "the seat.", "  g2 (ruleset classic", "the GM seats" } } },
		  NULL, NULL },
		{ "lobby-join-taken", 120, DONE, { { "x@example.org",
		    "Open games", { "JOIN demo athens: that side has no free "
		    "seat. Free seats: persia." } } }, NULL, NULL },
		{ "lobby-join", 180, DONE, {
			{ "x@example.org", "Open games", { "JOIN demo persia: "
			  "you play side persia of game demo." } },
			{ "x@example.org", "Welcome to game demo", {
			  "Your password: " } } },
		  "SELECT address || ' ' || removed FROM players WHERE"
		  " game = 'demo' AND id = 'persia'", "x@example.org 0" },
		{ "lobby-join-gm", 240, DONE, {
			{ "gm@example.org", "A player asks to join", {
			  "y@example.org asks to play side persia of game g2",
			  "SEAT persia y@example.org" } },
			{ "y@example.org", "Open games", { "LIST: games that "
			  "take players by mail", "  g2 (ruleset classic",
			  "JOIN g2 persia: your request went to the GM" },
			  { "  demo (" } } },
		  "SELECT count(*) FROM audit WHERE action = 'join-request'",
		  "1" },
		{ "gm-seat", 300, DONE, {
			{ "gm@example.org", NULL, { "SEAT: y@example.org plays "
			  "side persia" } },
			{ "y@example.org", "Welcome to game g2", {
			  "Your password: " } } },
		  "SELECT address FROM players WHERE game = 'g2' AND"
		  " id = 'persia' AND removed = 0", "y@example.org" },
		{ "lobby-join-player", 360, REJECTED, { { "a@example.org",
		    NULL, { "'JOIN demo persia': LIST and JOIN go in a mail of "
		    "their own" } } }, NULL, NULL },
	};
	static const struct mpfx_game g2 = { "g2", 0, T0 + 2 * DAY, "g2-seed",
	    "g", 0 };
	struct mpfx	*f = *state;

	mpfx_add_game(f, &g2);
	assert_int_equal(store_game_set_settings(f->s, "demo", "join = auto\n",
	    NULL), STORE_OK);
	assert_int_equal(store_game_set_settings(f->s, "g2", "join = gm\n",
	    NULL), STORE_OK);
	assert_int_equal(store_player_remove(f->s, "demo", "persia", NULL),
	    STORE_OK);
	assert_int_equal(store_player_remove(f->s, "g2", "persia", NULL),
	    STORE_OK);
	RUN_STEPS(f, steps);
}

/* The end of a game by decision: everybody gets the final mail, with
 * the final report, the seed, the archive attached and the command that
 * verifies it. */
#define FINAL(to, how)	{ to, "Game over: ", { how, "The seed of the dice",	\
	    "navarch replay --archive demo-archive.xml --verify",	\
	    MPFX_ATT_START "demo-archive.xml application/xml",		\
	    "NAVARCH -- turn 1" } }
#define FINAL_SEED	"SELECT status || ' ' || seed_revealed || ' ' ||"	\
	" (SELECT count(*) FROM notices WHERE sent IS NULL) FROM games"

static void
test_concede(void **state)
{
	static const struct step steps[] = {
		{ "concede", 60, DONE, {
			{ "a@example.org", NULL, { "CONCEDE: Game demo is "
			  "over", "the winner is persia" } },
			FINAL("a@example.org", "won by persia. A side "
			  "conceded (athens conceded on turn 1)"),
			FINAL("p@example.org", "won by persia"),
			FINAL("gm@example.org", "won by persia"),
			FINAL("obs@example.org", "won by persia"),
		  }, FINAL_SEED, "ended 1 0" },
		{ "athens-orders", 120, REJECTED, { { "a@example.org", NULL,
		    { "game demo has ended; no orders are taken" } } },
		  "SELECT instr(xml, 'winner=\"persia\"') > 0 FROM states",
		  "1" },
		/* An ended game is never played. */
		{ NULL, 3 * DAY, 0, { { NULL } }, LIVE_STATES, "1" },
	};

	RUN_STEPS(*state, steps);
}

static void
test_draw(void **state)
{
	static const struct step steps[] = {
		{ "draw-athens", 60, DONE, {
			{ "p@example.org", "Draw offer", { "Side athens offers "
			  "a draw on turn 1", "send DRAW to accept",
			  "every side still in it (athens, persia)" } },
			{ "gm@example.org", "Draw offer", { NULL } },
			{ "obs@example.org", "Draw offer", { NULL } },
			{ "a@example.org", NULL, { "DRAW: your side's offer is "
			  "made" } },
		  }, "SELECT status FROM games", "playing" },
		{ "draw-persia", 120, DONE, {
			{ "p@example.org", NULL,
			  { "DRAW: every side offered" } },
			FINAL("a@example.org", "drawn. Every side offered a "
			  "draw (drawn by agreement of every side on turn 1)"),
			FINAL("p@example.org", "drawn"),
			FINAL("gm@example.org", "drawn"),
			FINAL("obs@example.org", "drawn"),
		  }, FINAL_SEED, "ended 1 0" },
	};

	RUN_STEPS(*state, steps);
}

static void
test_assign(void **state)
{
	struct mpfx		*f = *state;
	char			*h = NULL, *cause = NULL;
	static const struct step steps[] = {
		{ "assign-bad", 60, REJECTED, { { "a@example.org", NULL,
		    { "persia is no player of side athens" } } }, NULL, NULL },
		{ "athens-orders", 90, DONE, { { "a@example.org", NULL,
		    { "Orders accepted" } } }, NULL, NULL },
		/* The admiral's change waits for the next turn: both told. */
		{ "assign", 120, DONE, {
			{ "a@example.org", NULL, { "ASSIGN: athens-2 takes "
			    "command of nike from the start of turn 2; the "
			    "orders already sent for this turn stand" } },
			{ "a2@example.org", "Command changed from turn 2", {
			    "You (player athens-2) take command of nike from "
			    "athens in game demo, from the start of turn 2" } },
			{ "a@example.org", "Command changed from turn 2", {
			    "nike pass from you (player athens) to athens-2",
			    "The orders already sent for turn 1 stand and are "
			    "played" } } },
		  "SELECT turn || ' ' || what || ' ' || player FROM assignments",
		  "2 nike athens-2" },
		/* nike is still athens's to order this turn. */
		{ "athens-orders", 180, DONE, { { "a@example.org", NULL,
		    { "Orders accepted" } } },
		  "SELECT player FROM player_ships WHERE ship = 'nike'",
		  "athens" },
		/* Only the GM makes it at once. */
		{ "assign-now", 200, REJECTED, { { "a@example.org", NULL,
		    { "only the GM may reassign at once (NOW)" } } }, NULL,
		  NULL },
		{ "gm-assign-bad", 210, REJECTED, { { "gm@example.org", NULL,
		    { "there is no squadron nowhere" } } }, NULL,
		  NULL },
		/* The GM's, at once: athens's orders lose nike's line. */
		{ "gm-assign-now", 240, DONE, {
			{ "gm@example.org", NULL, { "ASSIGN: athens-2 takes "
			    "command of nike at once, in turn 1. The orders "
			    "in force of athens were rewritten" } },
			{ "a2@example.org", "Command changed from turn 1", {
			    "The GM made it at once: send orders for them" } },
			{ "a@example.org", "Command changed from turn 1", {
			    "your orders in force were rewritten without "
			    "them" } } },
		  "SELECT count(*) FROM order_sets WHERE player = 'athens' AND"
		  " in_force = 1 AND normalised NOT LIKE '%nike%' AND"
		  " normalised LIKE '%salaminia%'", "1" },
		/* A concession or a draw is the admiral's. */
		{ "concede-captain", 250, REJECTED, { { "a2@example.org",
		    NULL, { "CONCEDE: only the admiral of side athens may "
		    "concede for the side" } } }, NULL, NULL },
		{ "draw-captain", 260, REJECTED, { { "a2@example.org",
		    NULL, { "DRAW: only the admiral of side athens may offer "
		    "a draw" } } }, NULL, NULL },
		/* The turn can be played, nike going straight on. */
		{ "gm-process", 300, DONE, { REPORT("a@example.org"),
		    REPORT("a2@example.org"), REPORT("p@example.org"),
		    REPORT("gm@example.org"), REPORT("obs@example.org"),
		    { "gm@example.org", NULL, { "PROCESS: turn 1 is "
		    "played" } } },
		  "SELECT player FROM player_ships WHERE ship = 'nike'",
		  "athens-2" },
	};

	assert_int_equal(password_hash("x", PASSWORD_COST_MIN, &h, &cause), 0);
	assert_int_equal(store_player_add(f->s, "demo", "athens", "athens-2",
	    "a2@example.org", h, 0, &cause), STORE_OK);
	free(h);
	RUN_STEPS(f, steps);
}

static void
test_resend(void **state)
{
	static const struct step steps[] = {
		{ "resend", 60, REJECTED, { { "a@example.org", NULL,
		    { "RESEND: no turn of game demo has been played yet",
		    "the first comes when turn 1 is played (STATUS shows "
		    "when)" } } },
		  NULL, NULL },
		{ "gm-process", 120, DONE, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org"), { "gm@example.org", NULL,
		    { "PROCESS: turn 1 is played; 4 report mail(s)" } } },
		  LIVE_STATES, "2" },
		{ "resend", 180, DONE, {
			{ "a@example.org", "Turn 1 report (again)",
			  { "NAVARCH -- turn 1 ", "TURN 1, PHASE BY PHASE" } },
			{ "a@example.org", NULL, { "RESEND: the report of turn "
			  "1 comes again" } },
		  }, NULL, NULL },
	};

	RUN_STEPS(*state, steps);
}

#define ROLLED(to)	{ to, "Game rolled back to turn 1", {		\
	    "to the start of turn 1, because: a ship was misplaced",	\
	    "The report of turn 1 you received is void" } }

static void
test_gm_process_preview(void **state)
{
	static const struct step steps[] = {
		{ "athens-orders", 60, DONE, { ACCEPTED("a@example.org") },
		  NULL, NULL },
		/* PREVIEW stores nothing and says its dice are its own. */
		{ "gm-preview", 120, DONE, { { "gm@example.org", NULL, {
		    "PREVIEW of turn 1", "The dice are NOT the game's",
		    "Turn 1 begins", "The map after it" },
		    { "test-seed" } } },
		  "SELECT (SELECT count(*) FROM states) || '/' || (SELECT"
		  " count(*) FROM audit WHERE action = 'adjudicate')", "1/0" },
		{ "gm-orders", 180, REJECTED, { { "gm@example.org", NULL,
		    { "the GM gives no ship orders" } } }, NULL, NULL },
		{ "gm-process", 240, DONE, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org"), { "gm@example.org", NULL,
		    { "PROCESS: turn 1 is played" } } },
		  "SELECT actor || ': ' || details FROM audit WHERE action ="
		  " 'adjudicate'", "mail:GM: turn 1; missed: persia; forced" },
		/* Turn 2 is the open one: what can be rolled back is said. */
		{ "gm-rollback-bad", 270, REJECTED, { { "gm@example.org",
		    NULL, { "ROLLBACK 2: turn 2 of game 'demo' is the current "
		    "turn: there is nothing to roll back; turn 1 can be played "
		    "again" } } }, LIVE_STATES, "2" },
		{ "gm-rollback", 300, DONE, {
			{ "gm@example.org", NULL, { "ROLLBACK: game demo is "
			  "back at the start of turn 1 (a ship was "
			  "misplaced)" } },
			ROLLED("a@example.org"), ROLLED("p@example.org"),
			ROLLED("obs@example.org"),
		  }, LIVE_STATES, "1" },
		{ "gm-wrong-password", 360, REFUSED, { { "gm@example.org",
		    "Mail refused", { "signed as GM of game demo was refused: "
		    "the GM password is wrong" } } }, LIVE_STATES, "1" },
	};

	RUN_STEPS(*state, steps);
}

#define CLOCKED(to, subject, text)	{ to, subject, { text } }

static void
test_gm_pause_deadline(void **state)
{
	static const struct step steps[] = {
		{ "gm-pause", 60, DONE, {
			{ "gm@example.org", NULL, { "PAUSE: game demo is "
			  "paused: its clock stopped with 1 day 23 hours left",
			  "STATUS: game demo", "athens (side athens): not yet; "
			  "missed 0 turn(s), 0 bounce(s)" } },
			CLOCKED("a@example.org", "Game paused", "stopped with "
			  "1 day 23 hours left"),
			CLOCKED("p@example.org", "Game paused", NULL),
			CLOCKED("obs@example.org", "Game paused", NULL),
		  }, "SELECT status || ' ' || paused_left FROM games",
		  "paused 172740" },
		/* Refusals say what would be accepted. */
		{ "gm-process", 120, REJECTED, { { "gm@example.org", NULL, {
		    "the turn cannot be played: game demo is paused: navarch "
		    "resume it first; by mail: RESUME (or RESUME +24h, RESUME "
		    "AT time), then PROCESS, in this mail or the next" } } },
		  LIVE_STATES, "1" },
		{ "gm-draw", 180, REJECTED, { { "gm@example.org", NULL, {
		    "'DRAW': that is a player's command, not the GM's; the "
		    "GM's: ", "PROCESS, PREVIEW, PAUSE, RESUME" } } },
		  NULL, NULL },
		/* A paused game is not played at its deadline. */
		{ NULL, 3 * DAY, 0, { { NULL } }, LIVE_STATES, "1" },
		{ "gm-deadline", 3 * DAY + 60, DONE, {
			{ "gm@example.org", NULL, { "the deadline of this turn "
			  "is 2026-01-05T20:00Z (UTC)" } },
			CLOCKED("a@example.org", "Deadline changed", "when it "
			  "resumes, the deadline is 2026-01-05T20:00Z"),
			CLOCKED("p@example.org", "Deadline changed", NULL),
			CLOCKED("obs@example.org", "Deadline changed", NULL),
		  }, "SELECT deadline FROM games", "1767643200" },
		{ "gm-deadline-bad", 3 * DAY + 120, REJECTED, { {
		    "gm@example.org", NULL, { "'DEADLINE tomorrow': write "
		    "DEADLINE and a time" } } }, NULL, NULL },
		{ "gm-resume", 3 * DAY + 180, DONE, {
			{ "gm@example.org", NULL, { "RESUME: game demo is "
			  "playing again; the deadline of this turn is "
			  "2026-01-05T20:00Z (UTC)" } },
			CLOCKED("a@example.org", "Game resumed", "1 day 9 hours "
			  "left"),
			CLOCKED("p@example.org", "Game resumed", NULL),
			CLOCKED("obs@example.org", "Game resumed", NULL),
		  }, NULL, NULL },
		{ NULL, 4 * DAY + 10 * HOUR, 1, { REPORT("a@example.org"),
		    REPORT("p@example.org"), REPORT("gm@example.org"),
		    REPORT("obs@example.org") }, LIVE_STATES, "2" },
	};

	RUN_STEPS(*state, steps);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

const struct CMUnitTest mailproc_cmd_tests[] = {
	T(test_help_status_map_orders),
	T(test_help_topics),
	T(test_set_prefs),
	T(test_password_new),
	T(test_press),
	T(test_press_gm_observer),
	T(test_absent),
	T(test_ahead),
	T(test_lobby),
	T(test_concede),
	T(test_draw),
	T(test_assign),
	T(test_resend),
	T(test_gm_process_preview),
	T(test_gm_pause_deadline),
};
const size_t mailproc_cmd_ntests =
    sizeof mailproc_cmd_tests / sizeof mailproc_cmd_tests[0];
