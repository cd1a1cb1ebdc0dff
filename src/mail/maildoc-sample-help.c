/* maildoc-sample-help.c: the sample mails of HELP topics and of an
 * observer's answer, and the parts of SET, for maildoc_samples (maildoc-sample.c, which is
 * long enough). */
#include "config.h"

#include <string.h>

#include "maildoc.h"
#include "maildoc-int.h"

static xmlDocPtr
answer(void)
{
	xmlDocPtr	d = maildoc_new("answer");
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "game", "demo");
	md_set(r, "title", "Demo: off the island of Psyttaleia");
	md_set(r, "turn", "2");
	md_set(r, "re", "Re: [navarch demo] Orders for turn 2");
	return d;
}

/* HELP topic (mailproc-help.c): ALL, ORDERS, a verb or a command. */
xmlDocPtr
maildoc_sample_help(const char *topic)
{
	static const char *const verbs[][3] = {
		{ "SPEED", "SPEED n [MOVE steps]", "SHIP nike SPEED 1" },
		{ "MOVE", "MOVE steps (F, L, R) or MOVE B",
		    "SHIP paralos MOVE F L" },
		{ "FIRE", "FIRE [n] BOW|CATAPULT|STONE|ALL AT ship [PHASE p]",
		    "SHIP salaminia FIRE 1 BOW AT sidon PHASE 3" },
		{ "BOARD", "BOARD ship", NULL },
		{ "INITIATIVE", "INITIATIVE n", "INITIATIVE 2" },
	};
	xmlDocPtr	d = answer();
	xmlNodePtr	r = maildoc_root(d), t, o, v;
	size_t		i;
	int		all = strcmp(topic, "ALL") == 0 ||
			    strcmp(topic, "ORDERS") == 0;

	md_set(r, "as", "player");
	md_set(r, "player", "athens");
	md_set(r, "side", "athens");
	t = md_add(r, "help-topic", NULL);
	md_set(t, "topic", topic);
	md_set(t, "topics", "ORDERS, COMMANDS, SPEED, MOVE, FIRE, BOARD, "
	    "INITIATIVE, HELP, STATUS, MAP, CLEAR, PRESS");
	if (strcmp(topic, "PRESS") != 0) {
		o = md_add(t, "orders", NULL);
		md_set(o, "game", "demo");
		md_set(o, "ruleset", "sample");
		md_set(o, "turn", "2");
		md_set(o, "side", "athens");
		md_set(o, "who", "PLAYER athens");
		for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
			if (!all && strcmp(topic, verbs[i][0]) != 0)
				continue;
			v = md_add(o, "verb", NULL);
			md_set(v, "name", verbs[i][0]);
			md_set(v, "usage", verbs[i][1]);
			md_set(v, "kind", i == 4 ? "side" : "ship");
			if (verbs[i][2] != NULL)
				md_set(md_add(v, "example", NULL), "line",
				    verbs[i][2]);
			if (verbs[i][2] != NULL && all)
				md_add(o, "mail", verbs[i][2]);
		}
	}
	if (strcmp(topic, "ALL") == 0)
		maildoc_sample_commands(t);
	else if (strcmp(topic, "PRESS") == 0) {
		v = md_add(md_add(t, "help", NULL), "command", NULL);
		md_set(v->parent, "gm", "no");
		md_set(v, "name", "PRESS");
		md_set(v, "gm", "no");
	}
	return d;
}

/* An observer's answer (mailproc-auth.c): STATUS, MAP, HELP, press to
 * the GM. */
xmlDocPtr
maildoc_sample_observer(void)
{
	xmlDocPtr	d = answer();
	xmlNodePtr	r = maildoc_root(d), n;

	md_set(r, "as", "observer");
	n = md_add(r, "status", NULL);
	md_set(n, "status", "playing");
	n = md_add(n, "player", NULL);
	md_set(n, "id", "athens");
	md_set(n, "side", "athens");
	md_set(n, "orders", "in");
	n = md_add(r, "press", NULL);
	md_set(n, "to", "GM");
	md_set(n, "to-kind", "gm");
	md_set(n, "from-kind", "observer");
	md_set(n, "count", "1");
	n = md_add(md_add(r, "help-topic", NULL), "help", NULL);
	md_set(n->parent, "topic", "COMMANDS");
	md_set(n->parent, "topics", "ORDERS, COMMANDS, HELP, STATUS, MAP, "
	    "PRESS");
	md_set(n, "gm", "no");
	md_set(n, "observer", "yes");
	md_set(md_add(n, "command", NULL), "name", "STATUS");
	md_set(md_add(n, "command", NULL), "name", "PRESS");
	return d;
}

/* ORDERS FOR TURN n (mailproc-ahead.c): stored, and what the player is
 * told when the turn opens and they cannot be used. */
xmlDocPtr
maildoc_sample_ahead(const char *outcome)
{
	xmlDocPtr	d;
	xmlNodePtr	r, n;

	if (outcome == NULL) {
		d = answer();
		r = maildoc_root(d);
		md_set(r, "as", "player");
		md_set(r, "player", "athens");
		md_set(r, "side", "athens");
		n = md_add(r, "ahead", NULL);
		md_set(n, "for", "4");
		md_lines(n, "line", "SHIP nike SPEED 2\nSHIP nike FIRE 2 BOW AT "
		    "azes\n");
		return d;
	}
	d = maildoc_new("ahead");
	r = maildoc_root(d);
	md_set(r, "game", "demo");
	md_set(r, "title", "Demo: off the island of Psyttaleia");
	md_set(r, "turn", strcmp(outcome, "late") == 0 ? "5" : "4");
	md_set(r, "player", "athens");
	md_set(r, "side", "athens");
	md_set(r, "for", "4");
	md_set(r, "outcome", outcome);
	if (strcmp(outcome, "illegal") == 0)
		md_add(r, "error", "SHIP nike SPEED 2: nike (trireme) may "
		    "change speed by at most 1 from 0; legal: SPEED 0-1 or "
		    "MOVE B");
	md_lines(md_add(r, "sent", NULL), "line", "SHIP nike SPEED 2\n");
	return d;
}

/* LIST and JOIN (mailproc-lobby.c): the answer at the From address, and
 * the GM's request; list NULL: no open game. */
xmlDocPtr
maildoc_sample_lobby(int games)
{
	static const char *const joins[][4] = {
		{ "demo", "persia", NULL, "seated" },
		{ "demo", "persia", NULL, "requested" },
		{ "demo", "sparta", "that side has no free seat", NULL },
		{ NULL, NULL, "no game of that name takes players by mail",
		    NULL },
	};
	xmlDocPtr	d = maildoc_new("lobby");
	xmlNodePtr	r = maildoc_root(d), l, n;
	size_t		i;

	l = md_add(r, "list", NULL);
	for (i = 0; i < (size_t)games; i++) {
		n = md_add(l, "game", NULL);
		md_set(n, "id", i == 0 ? "demo" : "salamis");
		md_set(n, "ruleset", "sample");
		md_set(n, "join", i == 0 ? "auto" : "gm");
		md_set(n, "free", i == 0 ? "persia" : "athens, sparta");
		md_set(n, "turn", "1");
		md_set(n, "deadline", i == 0 ? "2026-12-03T20:00Z" : NULL);
	}
	for (i = 0; games > 0 && i < sizeof joins / sizeof joins[0]; i++) {
		n = md_add(r, "join", NULL);
		md_set(n, "game", joins[i][0]);
		md_set(n, "side", joins[i][1]);
		md_set(n, "refused", joins[i][2]);
		md_set(n, "how", joins[i][3]);
		md_set(n, "free", joins[i][2] != NULL && joins[i][0] != NULL ?
		    "persia" : NULL);
	}
	return d;
}

xmlDocPtr
maildoc_sample_command_parts_request(void)
{
	xmlDocPtr	d = maildoc_new("join-request");
	xmlNodePtr	r = maildoc_root(d), n;

	md_set(r, "game", "demo");
	md_set(r, "side", "persia");
	md_set(r, "address", "xerxes@example.org");
	n = md_add(r, "seated", NULL);
	md_set(n, "side", "persia");
	md_set(n, "address", "xerxes@example.org");
	return d;
}

/* Ships given to another player (mailproc-assign.c): the notice to the
 * one who takes them (at the next turn) or who loses them (at once). */
xmlDocPtr
maildoc_sample_reassigned(const char *reader, int now)
{
	xmlDocPtr	d = maildoc_new("reassigned");
	xmlNodePtr	r = maildoc_root(d), c;

	md_set(r, "game", "demo");
	md_set(r, "title", "Demo: off the island of Psyttaleia");
	md_set(r, "turn", "2");
	md_set(r, "reason", now ? "athens is silent" : NULL);
	md_set(r, "player", "aristides");
	md_set(r, "ships", "nike paralos");
	md_set(r, "from", "athens");
	md_set(r, "squadron", now ? "left" : NULL);
	md_set(r, "at", "3");
	md_set(r, "now", now ? "yes" : "no");
	md_set(r, "rewritten", now ? "athens" : NULL);
	md_set(r, "reader", reader);
	md_set(r, "reader-id", strcmp(reader, "takes") == 0 ? "aristides" :
	    "athens");
	c = md_add(r, "clock", NULL);
	md_set(c, "status", "playing");
	md_set(c, "deadline", "2026-12-03T20:00Z");
	md_set(c, "left", "185400");
	md_set(c, "passed", "no");
	return d;
}

/* SET SVG, SET STORY, SET LANGUAGE and SET alone (mailproc-set.c). */
void
maildoc_sample_set(xmlNodePtr r)
{
	static const char *const kv[][2] = { { "SVG", "ON" }, { "SVG", "OFF" },
	    { "SVG", "GAME" }, { "STORY", "OWN" }, { "STORY", "FULL" },
	    { "LANGUAGE", "de" }, { "LANGUAGE", "GAME" } };
	xmlNodePtr	n;
	size_t		i;

	for (i = 0; i < sizeof kv / sizeof kv[0]; i++) {
		n = md_add(r, "set", NULL);
		md_set(n, "key", kv[i][0]);
		md_set(n, "value", kv[i][1]);
		md_set(n, "svg-game", "on");
	}
	n = md_add(r, "absent", NULL);
	md_set(n, "until", "2026-12-10T08:00Z");
	n = md_add(n, "back", NULL);
	md_set(n, "zone", "Europe/Paris");
	md_set(n, "local", "2026-12-10 09:00");
	md_set(n, "wday", "4");
	md_set(n, "abbr", "CET");
	md_add(r, "absent", NULL);
	n = md_add(r, "set-list", NULL);
	md_set(n, "timezone", "Europe/Paris");
	md_set(n, "svg", "GAME");
	md_set(n, "svg-game", "on");
	md_set(n, "story", "OWN");
	md_set(n, "language", "GAME");
	md_set(n, "languages", "de, fr");
}

/* A ship moved into a squadron (ASSIGN SHIP s TO SQUADRON q) and a
 * squadron's standing order set (ASSIGN SQUADRON q STANDING ...), as the
 * acknowledgement under r says them (mailproc-assign.c), and a draw offer
 * withdrawn (DRAW WITHDRAW, mailproc-cmd.c). */
void
maildoc_sample_command_parts(xmlNodePtr r)
{
	xmlNodePtr	n = md_add(r, "assign", NULL);

	md_set(n, "squadron", "rear");
	md_set(n, "ships", "paralos");
	md_set(n, "into", "yes");
	md_set(n, "turn", "3");
	md_set(n, "now", "no");
	n = md_add(r, "assign", NULL);
	md_set(n, "squadron", "rear");
	md_set(n, "standing", "SPEED 2 MOVE F F");
	md_set(n, "turn", "3");
	md_set(n, "now", "no");
	n = md_add(r, "assign", NULL);
	md_set(n, "squadron", "rear");
	md_set(n, "standing", "NONE");
	md_set(n, "turn", "2");
	md_set(n, "now", "yes");
	md_set(md_add(r, "draw", NULL), "state", "withdrawn");
}

static void
sample_clock(xmlNodePtr r)
{
	xmlNodePtr	c = md_add(r, "clock", NULL);

	md_set(c, "status", "playing");
	md_set(c, "deadline", "2026-12-03T20:00Z");
	md_set(c, "left", "185400");
	md_set(c, "passed", "no");
}

xmlDocPtr
maildoc_sample_standing(const char *by, const char *standing)
{
	xmlDocPtr	d = maildoc_new("standing");
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "game", "demo");
	md_set(r, "title", "Demo: off the island of Psyttaleia");
	md_set(r, "turn", "2");
	md_set(r, "squadron", "left");
	md_set(r, "standing", standing);
	md_set(r, "at", by != NULL ? "3" : "2");
	md_set(r, "now", by != NULL ? "no" : "yes");
	md_set(r, "by", by);
	md_set(r, "reader-id", "aristides");
	sample_clock(r);
	return d;
}

xmlDocPtr
maildoc_sample_uncommanded(const char *admiral)
{
	xmlDocPtr	d = maildoc_new("uncommanded");
	xmlNodePtr	r = maildoc_root(d);

	md_set(r, "game", "demo");
	md_set(r, "title", "Demo: off the island of Psyttaleia");
	md_set(r, "turn", "2");
	md_set(r, "ships", "nike paralos");
	md_set(r, "squadron", "rear");
	md_set(r, "side", "athens");
	md_set(r, "at", "3");
	md_set(r, "now", "no");
	md_set(r, "reader", admiral != NULL ? "admiral" : "gm");
	md_set(r, "reader-id", admiral);
	sample_clock(r);
	return d;
}
