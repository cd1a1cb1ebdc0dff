/* maildoc-sample.c: a sample of every mail document the daemon builds
 * (maildoc.h), with the data of the demo game, so that a GM can run an
 * edited templates/mail.xsl over all of them (navarch templates) before
 * the daemon meets one in earnest.
 *
 * Invariant: every kind, attribute and element that src/mail/mailproc*.c
 * puts in a document appears here (tests/cli/templates.sh compares the
 * names used there with the names used here). */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "maildoc.h"
#include "maildoc-int.h"

#define GAME	"demo"
#define TITLE	"Demo: off the island of Psyttaleia"

static const char in_force[] =
    "SHIP nike SPEED 4 MOVE F F L F F\n"
    "SHIP paralos SPEED 3 MOVE F F F\n"
    "SHIP salaminia SPEED 2 MOVE F R F\n"
    "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6\n";

static const char map[] =
    "     01   02   03\n"
    "     ___       ___\n"
    "    /   \\     /   \\\n"
    "   /     \\___/     \\\n"
    "01 \\     /   \\     / 01\n";

static xmlDocPtr
doc(const char *kind, int answer)
{
	xmlDocPtr	d = maildoc_new(kind);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "game", GAME);
	md_set(r, "title", TITLE);
	md_set(r, "turn", "2");
	if (answer)
		md_set(r, "re", "Re: [navarch demo] Orders for turn 2");
	return d;
}

/* A reply read down to the mail it answers. */
static void
read_to(xmlNodePtr r)
{
	xmlNodePtr	n = md_add(r, "read-to", NULL);

	md_set(n, "line", "7");
	md_set(n, "cut", "-----Original Message-----");
}

static void
reader(xmlNodePtr r, int gm)
{
	md_set(r, "as", gm ? "gm" : "player");
	if (!gm) {
		md_set(r, "player", "athens");
		md_set(r, "side", "athens");
	}
}

/* The clock every mail to a player carries (mp_clock_at): how = the
 * state of the game's clock. */
enum clock_how {
	CLOCK_LOCAL,		/* playing, with the reader's time zone */
	CLOCK_UTC,		/* playing, UTC only */
	CLOCK_PASSED,		/* the deadline passed: the grace period */
	CLOCK_NONE,		/* no deadline */
	CLOCK_PAUSED,		/* paused, the time left kept */
	CLOCK_PAUSED_AT,	/* paused, a deadline set during the pause */
	CLOCK_PAUSED_NONE,	/* paused without a deadline */
	CLOCK_ENDED,
};

static void
clock(xmlNodePtr parent, enum clock_how how)
{
	xmlNodePtr	c = md_add(parent, "clock", NULL);

	md_set(c, "status", how == CLOCK_ENDED ? "ended" : how >= CLOCK_PAUSED ?
	    "paused" : "playing");
	if (how == CLOCK_PAUSED)
		md_set(c, "left", "185400");
	if (how == CLOCK_NONE || how == CLOCK_PAUSED ||
	    how == CLOCK_PAUSED_NONE || how == CLOCK_ENDED)
		return;
	md_set(c, "deadline", "2026-12-03T20:00Z");
	if (how == CLOCK_LOCAL || how == CLOCK_PAUSED_AT) {
		md_set(c, "zone", "Europe/Paris");
		md_set(c, "local", "2026-12-03 21:00");
		md_set(c, "wday", "4");
		md_set(c, "abbr", "CET");
		md_set(c, "offset", "+01:00");
	}
	if (how == CLOCK_PAUSED_AT)
		return;
	md_set(c, "left", how == CLOCK_PASSED ? "0" : "185400");
	md_set(c, "passed", how == CLOCK_PASSED ? "yes" : "no");
}

static void	help(xmlNodePtr, int);

void
maildoc_sample_commands(xmlNodePtr parent)
{
	help(parent, 0);
}

static void
help(xmlNodePtr parent, int gm)
{
	static const char *const cmds[] = { "HELP", "STATUS", "MAP", "ORDERS",
	    "CLEAR", "RESEND", "PASSWORD NEW", "PRESS", "DRAW", "CONCEDE",
	    "ASSIGN", "SET", "PROCESS", "PREVIEW", "PAUSE", "RESUME",
	    "DEADLINE", "ROLLBACK", "ENDGAME" };
	xmlNodePtr	h = md_add(parent, "help", NULL), c;
	size_t		i;

	md_set(h, "gm", gm ? "yes" : "no");
	for (i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
		if (i >= 12 && !gm)
			break;
		c = md_add(h, "command", NULL);
		md_set(c, "name", cmds[i]);
		md_set(c, "gm", i >= 12 ? "yes" : "no");
	}
}

static void
accepted(xmlNodePtr r)
{
	xmlNodePtr	a = md_add(r, "accepted", NULL), p, s, w;

	md_set(md_add(a, "replaced", NULL), "ship", "nike");
	md_set(md_add(a, "replaced", NULL), "ship", "paralos");
	md_set(md_add(a, "kept", NULL), "ship", "salaminia");
	md_lines(md_add(a, "in-force", NULL), "line", in_force);
	md_set(md_add(a, "note", "nike: a turn at speed 4 uses a maximum-"
	    "speed turn (2 left)"), "level", "warning");
	p = md_add(a, "preview", NULL);
	s = md_add(p, "ship", NULL);
	md_set(s, "id", "nike");
	md_set(s, "from", "0508");
	md_set(s, "facing", "SE");
	md_set(s, "to", "0709");
	md_set(s, "to-facing", "NE");
	md_set(md_add(s, "cross", NULL), "hex", "0608");
	md_set(md_add(s, "cross", NULL), "hex", "0709");
	w = md_add(s, "would", NULL);
	md_set(w, "what", "collide");
	md_set(w, "other", "paralos");
	s = md_add(p, "ship", NULL);
	md_set(s, "id", "paralos");
	md_set(s, "from", "1901");
	md_set(s, "facing", "NE");
	md_set(s, "exits", "yes");
	md_set(md_add(s, "would", "paralos leaves the map at 2001"), "what",
	    "exit");
	w = md_add(s, "would", NULL);
	md_set(w, "what", "meet");
	md_set(w, "other", "azes");
	s = md_add(p, "ship", NULL);
	md_set(s, "id", "salaminia");
	md_set(s, "from", "0409");
	md_set(s, "facing", "SE");
	md_set(s, "to", "0409");
	md_set(s, "to-facing", "SE");
	md_set(md_add(s, "would", "salaminia is blocked by land in 0510"),
	    "what", "blocked");
	md_set(md_add(a, "receipt", NULL), "sha256", "778a02cc016a7740820f"
	    "0855d0f016c90c78631922a77884c9d11ec10ce581ee");
}

static void
status(xmlNodePtr r, int gm)
{
	static const char *const orders[] = { "in", "cleared", "not-yet",
	    "no-ships", "conceded" };
	xmlNodePtr	s = md_add(r, "status", NULL), p;
	size_t		i;

	md_set(s, "status", "playing");
	md_set(s, "deadline", "2026-12-03T20:00Z");
	md_set(s, "draw-offered-by", "persia");
	for (i = 0; i < sizeof orders / sizeof orders[0]; i++) {
		p = md_add(s, "player", NULL);
		md_set(p, "id", i % 2 ? "persia" : "athens");
		md_set(p, "side", i % 2 ? "persia" : "athens");
		md_set(p, "orders", orders[i]);
		if (gm) {
			md_set(p, "missed", "1");
			md_set(p, "bounces", "0");
		}
		if (gm && i == 2)
			md_set(p, "absent-until", "2026-12-10T08:00Z");
	}
}

static xmlDocPtr
answer_player(void)
{
	xmlDocPtr	d = doc("answer", 1);
	xmlNodePtr	r = maildoc_root(d), n;

	reader(r, 0);
	clock(r, CLOCK_LOCAL);
	accepted(r);
	status(r, 0);
	md_lines(md_add(r, "map", NULL), "line", map);
	n = md_add(r, "orders", NULL);
	md_lines(n, "line", in_force);
	n = md_add(n, "sent-ahead", NULL);
	md_set(n, "for", "3");
	md_set(n, "received", "2026-12-01T09:30Z");
	md_lines(n, "line", "SHIP salaminia SPEED 2 MOVE F F\n");
	md_add(r, "orders", NULL);
	md_add(r, "cleared", NULL);
	md_set(md_add(r, "resend", NULL), "turn", "1");
	n = md_add(r, "resend", NULL);		/* RESEND FULL */
	md_set(n, "turn", "1");
	md_set(n, "full", "yes");
	md_add(r, "password-changed", NULL);
	n = md_add(r, "press", NULL);
	md_set(n, "to", "persia");
	md_set(n, "count", "1");
	n = md_add(r, "draw", NULL);
	md_set(n, "state", "offered");
	md_set(n, "offered-by", "athens");
	md_set(n, "needed", "athens, persia");
	n = md_add(r, "draw", NULL);
	md_set(n, "state", "again");
	md_set(n, "offered-by", "athens");
	n = md_add(r, "draw", NULL);
	md_set(n, "state", "drawn");
	md_set(n, "offered-by", "athens, persia");
	md_set(md_add(r, "concede", NULL), "ended", "no");
	n = md_add(r, "concede", NULL);
	md_set(n, "ended", "no");
	md_set(n, "again", "yes");
	n = md_add(r, "concede", NULL);
	md_set(n, "ended", "yes");
	md_set(n, "winner", "persia");
	n = md_add(r, "assign", NULL);
	md_set(n, "player", "aristides");
	md_set(n, "ship", "paralos");
	md_set(n, "ships", "paralos");
	md_set(n, "turn", "3");
	md_set(md_add(r, "set", NULL), "timezone", "Europe/Paris");
	md_add(r, "set", NULL);
	maildoc_sample_set(r);
	maildoc_sample_side(r);
	help(r, 0);
	md_set(md_add(r, "nothing", NULL), "quoted", "yes");
	/* An admiral who commands no ship replied his template unedited. */
	md_set(md_add(r, "nothing", NULL), "commands", "admiral");
	read_to(r);
	return d;
}

static xmlDocPtr
answer_gm(void)
{
	xmlDocPtr	d = doc("answer", 1);
	xmlNodePtr	r = maildoc_root(d), n, s;

	reader(r, 1);
	clock(r, CLOCK_UTC);
	status(r, 1);
	n = md_add(r, "seated", NULL);
	md_set(n, "side", "persia");
	md_set(n, "address", "xerxes@example.org");
	n = md_add(r, "press", NULL);
	md_set(n, "to", "ALL");
	md_set(n, "to-kind", "all");
	md_set(n, "from-kind", "gm");
	md_set(n, "count", "3");
	n = md_add(r, "orders", NULL);
	md_set(n, "all", "yes");
	s = md_add(n, "set", NULL);
	md_set(s, "player", "athens");
	md_set(s, "side", "athens");
	md_lines(s, "line", in_force);
	n = md_add(r, "paused", NULL);
	md_set(n, "status", "paused");
	md_set(n, "left", "185400");
	md_set(n, "reason", "a storm over the Aegean");
	md_set(md_add(r, "paused", NULL), "status", "paused");
	n = md_add(r, "resumed", NULL);
	md_set(n, "status", "playing");
	md_set(n, "when", "2026-12-05T20:00Z");
	md_set(n, "reason", "the storm passed");
	n = md_add(r, "deadline", NULL);
	md_set(n, "when", "2026-12-03T20:00Z");
	md_set(n, "was", "2026-12-02T20:00Z");
	md_set(n, "reason", "a player is travelling");
	md_add(r, "deadline", NULL);
	n = md_add(r, "deadline", NULL);
	md_set(n, "left", "86400");
	n = md_add(r, "assign", NULL);
	md_set(n, "player", "aristides");
	md_set(n, "squadron", "left");
	md_set(n, "ships", "nike paralos");
	md_set(n, "turn", "3");
	md_set(n, "now", "yes");
	md_set(n, "rewritten", "athens");
	maildoc_sample_command_parts(r);
	n = md_add(r, "endgame", NULL);
	md_set(n, "winner", "persia");
	md_set(n, "reason", "athens left the campaign");
	md_set(md_add(r, "endgame", NULL), "reason", "ended by the GM");
	n = md_add(r, "rollback", NULL);
	md_set(n, "to-turn", "1");
	md_set(n, "reason", "a ram was misread");
	n = md_add(r, "processed", NULL);
	md_set(n, "played", "2");
	md_set(n, "reports", "3");
	n = md_add(r, "turn-preview", NULL);
	md_set(n, "seed", "preview-0123456789abcdef");
	md_add(n, "event", "nike (trireme, athens) moves from 0508 to 0608, "
	    "facing SE");
	md_lines(md_add(n, "map", NULL), "line", map);
	help(r, 1);
	return d;
}

static xmlDocPtr
rejected(int gm, int more)
{
	xmlDocPtr	d = doc("rejected", 1);
	xmlNodePtr	r = maildoc_root(d);

	reader(r, gm);
	clock(r, gm ? CLOCK_PAUSED : more ? CLOCK_ENDED : CLOCK_PASSED);
	if (more)
		md_set(r, "more-errors", "99950");
	md_set(md_add(r, "error", "SHIP nike SPEED 7: nike (trireme) goes "
	    "at most 5; legal: SPEED 0 to 5"), "line", "5");
	md_add(r, "error", "the mail has no PASSWORD line");
	read_to(r);
	if (!gm)
		md_lines(md_add(r, "in-force", NULL), "line", in_force);
	return d;
}

static xmlDocPtr
refused(const char *who, const char *reason, const char *right)
{
	xmlDocPtr	d = doc("refused", 0);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "who", who);
	md_set(r, "reason", reason);
	md_set(r, "limit", "3");
	if (right != NULL) {
		md_set(r, "until", "2026-12-01T21:00Z");
		md_set(r, "right", right);
	}
	return d;
}

static xmlDocPtr
lockout(const char *locked)
{
	xmlDocPtr	d = doc("lockout", 0);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "who", "athens");
	md_set(r, "locked", locked);
	md_set(r, "sender", "mallory@evil.example");
	md_set(r, "failures", "5");
	md_set(r, "until", "2026-12-01T21:00Z");
	return d;
}

static xmlDocPtr
unrouted(const char *reason, const char *name, const char *count,
    int with_help)
{
	xmlDocPtr	d = maildoc_new("unrouted");
	xmlNodePtr	r = maildoc_root(d);

	/* No "re": the answer never repeats the subject. */
	if (strcmp(reason, "no-game") != 0)
		md_set(r, "game", GAME);
	md_set(r, "reason", reason);
	md_set(r, "name", name);
	md_set(r, "count", count);
	if (with_help)
		help(r, 0);
	else if (strcmp(reason, "unsigned") == 0) {
		md_set(r, "text", "none");
		md_set(md_add(r, "read-to", NULL), "line", "5");
	}
	return d;
}

static xmlDocPtr
notice(const char *kind, const char *offered, const char *needed)
{
	xmlDocPtr	d = doc(kind, 0);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "side", "athens");
	md_set(r, "offered-by", offered);
	md_set(r, "needed", needed);
	return d;
}

static xmlDocPtr
reminder(void)
{
	xmlDocPtr	d = doc("reminder", 0);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "player", "persia");
	md_set(r, "side", "persia");
	md_set(r, "deadline", "2026-12-03T20:00Z");
	clock(r, CLOCK_LOCAL);
	return d;
}

/* The GM's notices: a document with the turn and the reason. */
static xmlDocPtr
gm_notice(const char *kind, const char *reason)
{
	xmlDocPtr	d = doc(kind, 0);

	if (reason != NULL)
		md_set(maildoc_root(d), "reason", reason);
	return d;
}

static xmlDocPtr
welcome(int password, int zone)
{
	xmlDocPtr	d = gm_notice("welcome", zone ? "welcome aboard" :
	    NULL);
	xmlNodePtr	r = maildoc_root(d), s, n;

	clock(r, zone ? CLOCK_LOCAL : CLOCK_NONE);
	s = md_add(r, "seat", NULL);
	md_set(s, "player", "athens");
	md_set(s, "side", "athens");
	md_set(s, "side-name", "Athens");
	md_set(s, "ruleset", "sample");
	md_set(s, "commitment", "1ec1c26b50d5b6b2c2aab0e7bb8a6ad4a1d5e5f1"
	    "1b6f2a4d9b41a4de5f8e3b2a");
	md_set(s, "sole", "yes");
	if (zone)
		md_set(s, "timezone", "Europe/Paris");
	if (password)
		md_set(s, "password", "k7Fq2mWx9aPe");
	n = md_add(s, "ship", NULL);
	md_set(n, "id", "nike");
	md_set(n, "name", "Nike");
	md_set(n, "class", "trireme");
	md_set(n, "class-name", "Trireme");
	md_set(n, "hex", "0508");
	md_set(n, "facing", "SE");
	n = md_add(s, "ship", NULL);
	md_set(n, "id", "paralos");
	md_set(n, "name", "Paralos");
	md_set(n, "class", "trireme");
	md_set(n, "class-name", "Trireme");
	md_set(n, "facing", "SE");
	md_lines(md_add(r, "map", NULL), "line", map);
	md_lines(md_add(r, "order-template", NULL), "line",
	    "SHIP nike SPEED 2 MOVE F F\n");
	return d;
}

static xmlDocPtr
clock_change(const char *change, const char *reason, enum clock_how how)
{
	xmlDocPtr	d = gm_notice("clock-change", reason);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "change", change);
	if (strcmp(change, "deadline") == 0)
		md_set(r, "was", "2026-12-02T20:00Z");
	clock(r, how);
	return d;
}

static xmlDocPtr
rolled_back(int from)
{
	xmlDocPtr	d = gm_notice("rolled-back", "a ram was misread");
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "to-turn", "2");
	md_set_int(r, "from-turn", from);
	return d;
}

static xmlDocPtr
seat(const char *kind, const char *how, const char *reason)
{
	xmlDocPtr	d = gm_notice(kind, reason);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "how", how);
	md_set(r, "player", "persia");
	md_set(r, "side", "persia");
	return d;
}

static xmlDocPtr
orders_entered(void)
{
	xmlDocPtr	d = gm_notice("orders-entered", "your orders came to "
	    "me by telephone");

	md_lines(md_add(maildoc_root(d), "in-force", NULL), "line",
	    in_force);
	clock(maildoc_root(d), CLOCK_UTC);
	return d;
}

static xmlDocPtr
late(const char *kind)
{
	xmlDocPtr	d = doc(kind, 0);
	xmlNodePtr	r = maildoc_root(d), w;

	md_set(r, "player", "persia");
	md_set(r, "side", "persia");
	md_set(r, "played-at", "2026-12-04T08:00Z");
	clock(r, CLOCK_PASSED);
	w = md_add(r, "waiting-for", NULL);
	md_set(w, "player", "persia");
	md_set(w, "side", "persia");
	w = md_add(r, "waiting-for", NULL);
	md_set(w, "player", "sparta");
	md_set(w, "side", "sparta");
	return d;
}

/* The final mail: how (rules, drawn, conceded, gm), for a reader. */
static xmlDocPtr
final(const char *how, const char *reader, const char *winner, int played)
{
	xmlDocPtr	d = gm_notice("final", NULL);
	xmlNodePtr	r = maildoc_root(d), n;

	md_set(r, "reader", reader);
	md_set(r, "side", strcmp(reader, "side") == 0 ? "athens" : NULL);
	md_set_int(r, "played", played);
	n = md_add(r, "result", NULL);
	md_set(n, "how", how);
	md_set(n, "kind", winner != NULL ? "won" : "drawn");
	md_set(n, "winner", winner);
	md_set(n, "reason", strcmp(how, "rules") == 0 ? "the turn limit is "
	    "reached" : strcmp(how, "gm") == 0 ? "athens left the campaign" :
	    strcmp(how, "conceded") == 0 ? "athens conceded on turn 2" :
	    "drawn by agreement of every side on turn 2");
	md_set(r, "seed", "4f1c8e0d2a9b7c6e5d4c3b2a19081726354a5b6c7d8e9f0a1"
	    "b2c3d4e5f6071");
	md_set(r, "commitment", "1ec1c26b50d5b6b2c2aab0e7bb8a6ad4a1d5e5f11b6f"
	    "2a4d9b41a4de5f8e3b2a");
	md_set(r, "archive", "demo-archive.xml");
	md_set(r, "verify", "navarch replay --archive demo-archive.xml "
	    "--verify");
	return d;
}

static xmlDocPtr
press(const char *from_kind, const char *to, const char *to_kind)
{
	xmlDocPtr	d = doc("press", 0);
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "from-kind", from_kind);
	if (strcmp(from_kind, "player") == 0) {
		md_set(r, "from-side", "athens");
		md_set(r, "from-player", "themistocles");
	}
	md_set(r, "to", to);
	md_set(r, "to-kind", to_kind);
	md_lines(md_add(r, "message", NULL), "line", "Strike your sails and "
	    "you will be spared.\n\n-- Themistocles\n");
	return d;
}

/* The words around a turn report: its subject, the GM's note; again 1:
 * sent again (RESEND), 2: replacing one voided by a rollback; part of 3
 * of a big battle's (0: the whole report). */
static xmlDocPtr
report(const char *reader, const char *side, int again, int missed, int part)
{
	xmlDocPtr	d = doc("report", 0);
	xmlNodePtr	r = maildoc_root(d), n;
	int		i;

	md_set(r, "played", "2");
	md_set(r, "reader", reader);
	md_set(r, "side", side);
	md_set(r, "again", again == 1 ? "yes" : "no");
	if (again > 1)
		md_set(md_add(r, "replaces", NULL), "reason", "a ram was "
		    "misread");
	if (part > 0) {
		md_set_int(r, "part", part);
		md_set(r, "parts", "3");
	}
	clock(r, side != NULL ? CLOCK_LOCAL : CLOCK_UTC);
	for (i = 0; i < missed; i++) {
		n = md_add(r, "missed", NULL);
		md_set(n, "player", i == 0 ? "persia" : "corinth");
		md_set(n, "count", i == 0 ? "1" : "2");
		md_set(n, "limit", "2");
	}
	return d;
}

/* To the GM: a mail set aside; refused (deliver) when no folder. */
static xmlDocPtr
quarantined(int folder)
{
	xmlDocPtr	d = maildoc_new("quarantined");
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "where", folder ? "maildir:/var/lib/navarch/Maildir/new/"
	    "1764590400.M1P2.mail" : "standard input");
	if (folder)
		md_set(r, "folder", "maildir:/var/lib/navarch/Maildir/"
		    ".Quarantine");
	md_set(r, "reason", "it failed 2 times, the last: the parser was "
	    "killed by signal 11 (Segmentation fault): a crash, or over its "
	    "stack");
	md_set(r, "size", "2417888");
	md_set(r, "attempts", "2");
	md_set(r, "from", "someone@example.com");
	md_set(r, "subject", "Re: [navarch demo] Orders for turn 2");
	md_set(r, "limit", "10");
	return d;
}

struct sample {
	const char	*name;
	xmlDocPtr	 doc;
};

/* Hands each sample of s[0..n) to fn until it returns non-zero, and
 * frees them all. */
static int
run(const struct sample *s, size_t n, maildoc_sample_fn fn, void *arg,
    int rc)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (rc == 0)
			rc = fn(s[i].name, s[i].doc, arg);
		xmlFreeDoc(s[i].doc);
	}
	return rc;
}

/* The notices of the GM's acts and the end of a game (issue 15). */
static int
campaign_samples(maildoc_sample_fn fn, void *arg, int rc)
{
	struct sample	s[] = {
		{ "welcome", welcome(1, 1) },
		{ "welcome-gm-password", welcome(0, 0) },
		{ "paused", clock_change("paused", "a storm over the Aegean",
		    CLOCK_PAUSED) },
		{ "paused-no-deadline", clock_change("paused", NULL,
		    CLOCK_PAUSED_NONE) },
		{ "resumed", clock_change("resumed", NULL, CLOCK_LOCAL) },
		{ "deadline-changed", clock_change("deadline", "a player is "
		    "travelling", CLOCK_LOCAL) },
		{ "deadline-paused", clock_change("deadline", NULL,
		    CLOCK_PAUSED_AT) },
		{ "deadline-none", clock_change("deadline", NULL,
		    CLOCK_NONE) },
		{ "rolled-back", rolled_back(4) },
		{ "rolled-back-one", rolled_back(3) },
		{ "unseated-replaced", seat("unseated", "replaced", NULL) },
		{ "unseated-removed", seat("unseated", "removed", "no orders "
		    "for three turns") },
		{ "seat-replaced", seat("seat-change", "replaced", "the player "
		    "left") },
		{ "seat-removed", seat("seat-change", "removed", NULL) },
		{ "orders-entered", orders_entered() },
		{ "reassigned-takes", maildoc_sample_reassigned("takes", 0) },
		{ "reassigned-loses", maildoc_sample_reassigned("loses", 1) },
		{ "standing", maildoc_sample_standing("athens",
		    "SPEED 2 MOVE F F") },
		{ "standing-none", maildoc_sample_standing(NULL, NULL) },
		{ "uncommanded", maildoc_sample_uncommanded("athens") },
		{ "uncommanded-gm", maildoc_sample_uncommanded(NULL) },
		{ "late", late("late") },
		{ "waiting", late("waiting") },
		{ "final-rules", final("rules", "side", "persia", 8) },
		{ "final-drawn", final("drawn", "gm", NULL, 2) },
		{ "final-conceded", final("conceded", "observer", "persia",
		    2) },
		{ "final-gm", final("gm", "side", NULL, 0) },
	};

	return run(s, sizeof s / sizeof s[0], fn, arg, rc);
}

int
maildoc_samples(maildoc_sample_fn fn, void *arg)
{
	struct sample	s[] = {
		{ "answer-player", answer_player() },
		{ "answer-gm", answer_gm() },
		{ "help-all", maildoc_sample_help("ALL") },
		{ "help-orders", maildoc_sample_help("ORDERS") },
		{ "help-fire", maildoc_sample_help("FIRE") },
		{ "help-board", maildoc_sample_help("BOARD") },
		{ "help-press", maildoc_sample_help("PRESS") },
		{ "rejected-player", rejected(0, 0) },
		{ "rejected-gm", rejected(1, 0) },
		{ "rejected-many", rejected(0, 1) },
		{ "refused-no-password", refused("athens", "no-password",
		    NULL) },
		{ "refused-wrong-password", refused("athens",
		    "wrong-password", NULL) },
		{ "refused-gm", refused("GM", "wrong-password", NULL) },
		{ "refused-removed", refused("athens", "removed", NULL) },
		{ "refused-wrong-lockout", refused("athens", "wrong-password",
		    "no") },
		{ "refused-locked", refused("athens", "locked", "no") },
		{ "refused-locked-right", refused("athens", "locked", "yes") },
		{ "lockout-claim", lockout("claim") },
		{ "lockout-sender", lockout("sender") },
		{ "lockout-both", lockout("both") },
		{ "unrouted-no-game", unrouted("no-game", NULL, NULL, 0) },
		{ "unrouted-unknown-game", unrouted("unknown-game", "demo2",
		    NULL, 0) },
		{ "unrouted-no-gm-password", unrouted("no-gm-password", NULL,
		    NULL, 0) },
		{ "unrouted-side-none", unrouted("side-players", "sparta",
		    "0", 0) },
		{ "unrouted-side-many", unrouted("side-players", "athens",
		    "2", 0) },
		{ "unrouted-unknown-player", unrouted("unknown-player",
		    "pericles", NULL, 0) },
		{ "unrouted-unknown-player-unsaid", unrouted("unknown-player",
		    NULL, NULL, 0) },
		{ "unrouted-unknown-game-unsaid", unrouted("unknown-game",
		    NULL, NULL, 0) },
		{ "unrouted-side-unsaid", unrouted("side-players", NULL, "0",
		    0) },
		{ "unrouted-unsigned", unrouted("unsigned", NULL, NULL, 0) },
		{ "unrouted-help", unrouted("unsigned", NULL, NULL, 1) },
		{ "report-side", report("side", "athens", 0, 0, 0) },
		{ "report-side-again", report("side", "athens", 1, 0, 0) },
		{ "report-side-replaces", report("side", "athens", 2, 0, 0) },
		{ "report-side-part", report("side", "athens", 0, 0, 2) },
		{ "report-gm", report("gm", NULL, 0, 2, 0) },
		{ "report-gm-part", report("gm", NULL, 0, 2, 1) },
		{ "report-observer", report("observer", NULL, 0, 0, 0) },
		{ "reminder", reminder() },
		{ "press-all", press("player", "ALL", "all") },
		{ "press-side", press("player", "persia", "side") },
		{ "press-to-gm", press("player", "GM", "gm") },
		{ "press-gm-all", press("gm", "ALL", "all") },
		{ "press-gm-side", press("gm", "persia", "side") },
		{ "press-observer", press("observer", "GM", "gm") },
		{ "answer-observer", maildoc_sample_observer() },
		{ "answer-ahead", maildoc_sample_ahead(NULL) },
		{ "ahead-illegal", maildoc_sample_ahead("illegal") },
		{ "ahead-late", maildoc_sample_ahead("late") },
		{ "lobby", maildoc_sample_lobby(2) },
		{ "lobby-none", maildoc_sample_lobby(0) },
		{ "join-request", maildoc_sample_command_parts_request() },
		{ "draw-offer", notice("draw-offer", "athens", "athens, "
		    "persia") },
		{ "draw-withdrawn", notice("draw-withdrawn", "persia",
		    "athens, persia, syracuse") },
		{ "draw-withdrawn-none", notice("draw-withdrawn", NULL,
		    "athens, persia") },
		{ "concession", notice("concession", NULL, NULL) },
		{ "quarantined", quarantined(1) },
		{ "quarantined-refused", quarantined(0) },
	};

	return campaign_samples(fn, arg, run(s, sizeof s / sizeof s[0], fn,
	    arg, 0));
}
