/* test_mime_reply.c: reading mail as people send it, rule by rule.
 *
 * mp_reply_read (the sender's own text: separators, attributions, phones'
 * signatures, through the order language's lexer and mail_reply_line) as
 * a table of texts and the text that must come out; then, through
 * mail_parse, format=flowed (RFC 3676), the Unicode spaces and unlabelled
 * 8-bit text.  Whole messages of real mail programs
 * are the corpus's (test_mail_corpus.c). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mailproc-int.h"
#include "mime.h"
#include "xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

#define ORDERS	"GAME demo\nPLAYER athens\nPASSWORD athens-pw\n" \
		"SHIP nike SPEED 3 MOVE F F F\n"
/* Lines made blank: the text keeps its line numbers. */
#define B1	"\n"
#define B2	"\n\n"
#define QUOTE	"> Game demo, turn 1: your orders were accepted.\n" \
		">\n> SHIP nike SPEED 4 MOVE F F L F F\n"
/* Our own report, copied unquoted below a separator: its order template
 * would be read as orders. */
#define REPORT	"Game demo, turn 2.\n\nORDERS FOR TURN 2\n" \
		"GAME demo\nPLAYER athens\nSHIP nike SPEED 4 MOVE F F F F\n" \
		"SHIP paralos SPEED 3 MOVE F F F\nEND\n"

struct row {
	const char	*name;
	const char	*in;
	const char	*out;		/* NULL: the same as in */
	unsigned	 cut_line;
	const char	*cut;
};

static const struct row rows[] = {
	/* --- nothing to do -------------------------------------------- */
	{ "plain orders", ORDERS, NULL, 0, NULL },
	{ "empty", "", NULL, 0, NULL },
	{ "no line end at the end", "SHIP nike SPEED 2", NULL, 0, NULL },
	{ "a quote alone", ORDERS "\n" QUOTE, NULL, 0, NULL },

	/* --- attributions above a quote: blank, nothing cut ------------ */
	{ "Gmail", ORDERS "\nOn Fri, Dec 11, 2026 at 10:00 AM Navarch "
	  "<navarch@example.org> wrote:\n\n" QUOTE,
	  ORDERS "\n" B1 "\n" QUOTE, 0, NULL },
	{ "Gmail wrapped at 78 columns", ORDERS "\nOn Fri, Dec 11, 2026 at "
	  "10:00 AM Navarch Daemon of the Demo Game <\nnavarch@example.org> "
	  "wrote:\n\n" QUOTE, ORDERS "\n" B2 "\n" QUOTE, 0, NULL },
	{ "wrapped over three lines", "On Friday, December 11, 2026 at\n"
	  "10:00:00 AM Central European Standard Time, Navarch\n"
	  "<navarch@example.org> wrote:\n" QUOTE ORDERS,
	  B1 B2 QUOTE ORDERS, 0, NULL },
	{ "Thunderbird", ORDERS "\nOn 11/12/2026 10:00, Navarch wrote:\n"
	  QUOTE, ORDERS "\n" B1 QUOTE, 0, NULL },
	{ "bare name", ORDERS "Navarch <navarch@example.org> wrote:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "mutt", ORDERS "\nOn Fri, Dec 11, 2026 at 10:00:00AM +0000, Navarch "
	  "wrote:\n" QUOTE, ORDERS "\n" B1 QUOTE, 0, NULL },
	{ "German", ORDERS "Am 11.12.2026 um 10:00 schrieb Navarch:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "German, Gmail", ORDERS "Am Fr., 11. Dez. 2026 um 10:00 Uhr schrieb "
	  "Navarch <navarch@example.org>:\n" QUOTE, ORDERS B1 QUOTE, 0, NULL },
	{ "French, a space before the colon", ORDERS "Le 11/12/2026 \xc3\xa0 "
	  "10:00, Navarch a \xc3\xa9" "crit :\n" QUOTE, ORDERS B1 QUOTE, 0,
	  NULL },
	{ "Spanish", ORDERS "El 11/12/2026 a las 10:00, Navarch escribi\xc3\xb3"
	  ":\n" QUOTE, ORDERS B1 QUOTE, 0, NULL },
	{ "Spanish, Gmail", ORDERS "El vie, 11 dic 2026 a las 10:00, Navarch "
	  "(<navarch@example.org>) escribi\xc3\xb3:\n" QUOTE, ORDERS B1 QUOTE,
	  0, NULL },
	{ "Italian, Gmail", ORDERS "Il giorno ven 11 dic 2026 alle ore 10:00 "
	  "Navarch <navarch@example.org> ha scritto:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "Dutch", ORDERS "Op 11-12-2026 om 10:00 schreef Navarch:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "Portuguese", ORDERS "Em sex., 11 de dez. de 2026 \xc3\xa0s 10:00, "
	  "Navarch <navarch@example.org> escreveu:\n" QUOTE, ORDERS B1 QUOTE,
	  0, NULL },
	{ "German, Gmail's phone app", ORDERS "Navarch <navarch@example.org> "
	  "schrieb am Sa., 3. Jan. 2026, 11:00:\n\n" QUOTE, ORDERS B1 "\n" QUOTE,
	  0, NULL },
	{ "Portuguese, the name first", ORDERS "Navarch <navarch@example.org> "
	  "escreveu no dia s\xc3\xa1" "bado, 3/01/2026 \xc3\xa0(s) 11:00:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "wrote on a date", ORDERS "Navarch wrote on 03/01/2026 11:00:\n"
	  QUOTE, ORDERS B1 QUOTE, 0, NULL },
	{ "Horde", ORDERS "Quoting Navarch <navarch@example.org>:\n" QUOTE,
	  ORDERS B1 QUOTE, 0, NULL },
	{ "attribution last", ORDERS "On Fri, Navarch wrote:\n",
	  ORDERS B1, 0, NULL },
	/* Bottom-posted and interleaved replies keep every order. */
	{ "bottom-posted", "On Fri, Dec 11, 2026, Navarch wrote:\n" QUOTE "\n"
	  ORDERS, B1 QUOTE "\n" ORDERS, 0, NULL },
	{ "interleaved", "Navarch wrote:\n> SHIP nike SPEED 4\nSHIP nike "
	  "SPEED 2\n> SHIP paralos SPEED 3\nSHIP paralos SPEED 1\n",
	  B1 "> SHIP nike SPEED 4\nSHIP nike SPEED 2\n> SHIP paralos SPEED 3\n"
	  "SHIP paralos SPEED 1\n", 0, NULL },
	/* Apple Mail and iOS quote the attribution itself. */
	{ "quoted attribution", ORDERS "\n> On 11 Dec 2026, at 10:00, Navarch "
	  "<navarch@example.org> wrote:\n> \n" QUOTE, NULL, 0, NULL },

	/* --- separators above an unquoted copy: cut --------------------- */
	{ "Outlook", ORDERS "\n________________________________\n"
	  "From: Navarch <navarch@example.org>\nSent: Friday, December 11, "
	  "2026 10:00 AM\nTo: Athens <a@example.org>\nSubject: [navarch demo] "
	  "Turn 1 report\n\n" REPORT, ORDERS "\n", 6,
	  "________________________________" },
	{ "Outlook, no underscores", ORDERS "From: Navarch <navarch@example.org>"
	  "\nSent: Friday, December 11, 2026 10:00 AM\nTo: a@example.org\n"
	  "Subject: Turn 1\n\n" REPORT, ORDERS, 5,
	  "From: Navarch <navarch@example.org>" },
	{ "Outlook, bold made plain", ORDERS "*From:* Navarch\n*Sent:* Friday\n"
	  "*To:* Athens\n*Subject:* Turn 1\n" REPORT, ORDERS, 5,
	  "*From:* Navarch" },
	{ "Outlook, German", ORDERS "\n________________________________\n"
	  "Von: Navarch <navarch@example.org>\nGesendet: Freitag, 11. Dezember "
	  "2026 10:00\nAn: Athens\nBetreff: Turn 1\n\n" REPORT, ORDERS "\n", 6,
	  "________________________________" },
	{ "Outlook, French", ORDERS "De : Navarch <navarch@example.org>\n"
	  "Envoy\xc3\xa9 : vendredi 11 d\xc3\xa9" "cembre 2026 10:00\n\xc3\x80 : "
	  "Athens\nObjet : Turn 1\n" REPORT, ORDERS, 5,
	  "De : Navarch <navarch@example.org>" },
	{ "Outlook, Spanish", ORDERS "De: Navarch\nEnviado: viernes\nPara: "
	  "Athens\nAsunto: Turn 1\n" REPORT, ORDERS, 5, "De: Navarch" },
	{ "Outlook, Italian", ORDERS "Da: Navarch\nInviato: venerd\xc3\xac\n"
	  "A: Athens\nOggetto: Turn 1\n" REPORT, ORDERS, 5, "Da: Navarch" },
	{ "Outlook, Dutch", ORDERS "Van: Navarch\nVerzonden: vrijdag\nAan: "
	  "Athens\nOnderwerp: Turn 1\n" REPORT, ORDERS, 5, "Van: Navarch" },
	{ "Outlook, Portuguese", ORDERS "De: Navarch\nEnviado: sexta-feira\n"
	  "Para: Athens\nAssunto: Turn 1\n" REPORT, ORDERS, 5, "De: Navarch" },
	{ "Original Message", ORDERS "\n-----Original Message-----\nFrom: "
	  "Navarch\n" REPORT, ORDERS "\n", 6, "-----Original Message-----" },
	{ "Original Message, spaced", ORDERS "----- Original Message -----\n"
	  REPORT, ORDERS, 5, "----- Original Message -----" },
	{ "Original Message, German", ORDERS "-----Urspr\xc3\xbcngliche "
	  "Nachricht-----\n" REPORT, ORDERS, 5,
	  "-----Urspr\xc3\xbcngliche Nachricht-----" },
	{ "Original Message, French", ORDERS "-----Message d'origine-----\n"
	  REPORT, ORDERS, 5, "-----Message d'origine-----" },
	{ "Gmail forward", ORDERS "---------- Forwarded message ---------\n"
	  "From: Navarch\nDate: Fri\n" REPORT, ORDERS, 5,
	  "---------- Forwarded message ---------" },
	{ "Thunderbird forward", ORDERS "-------- Forwarded Message --------\n"
	  REPORT, ORDERS, 5, "-------- Forwarded Message --------" },
	{ "mutt forward", ORDERS "----- Forwarded message from Navarch "
	  "<navarch@example.org> -----\n" REPORT, ORDERS, 5,
	  "----- Forwarded message from Navarch <navarch@example.org..." },
	{ "Apple forward", ORDERS "\nBegin forwarded message:\n\nFrom: Navarch"
	  "\n" REPORT, ORDERS "\n", 6, "Begin forwarded message:" },
	{ "Apple forward, French", ORDERS "D\xc3\xa9" "but du message "
	  "r\xc3\xa9" "exp\xc3\xa9" "di\xc3\xa9 :\n" REPORT, ORDERS, 5,
	  "D\xc3\xa9" "but du message r\xc3\xa9" "exp\xc3\xa9" "di\xc3\xa9 :" },
	{ "Yahoo: an attribution above an unquoted copy", ORDERS "\n"
	  "On Friday, December 11, 2026, 10:00:00 AM GMT, Navarch "
	  "<navarch@example.org> wrote:\n\n" REPORT, ORDERS "\n", 6,
	  "On Friday, December 11, 2026, 10:00:00 AM GMT, Navarch <n..." },
	{ "line numbers count blank attributions", "On Fri, Navarch wrote:\n"
	  "> x\n" ORDERS "-----Original Message-----\n" REPORT,
	  B1 "> x\n" ORDERS, 7, "-----Original Message-----" },

	/* --- phones' own signatures: blank --------------------------------- */
	{ "Sent from my iPhone", ORDERS "\nSent from my iPhone\n\n> On 11 Dec"
	  " 2026, Navarch wrote:\n" QUOTE, ORDERS "\n" B1 "\n> On 11 Dec 2026,"
	  " Navarch wrote:\n" QUOTE, 0, NULL },
	{ "Get Outlook for Android", ORDERS "\nGet Outlook for Android"
	  "<https://aka.ms/AAb9ysg>\n", ORDERS "\n" B1, 0, NULL },
	{ "Sent from Yahoo Mail", "Sent from Yahoo Mail on Android\n" ORDERS,
	  B1 ORDERS, 0, NULL },
	{ "German iPhone", ORDERS "Von meinem iPhone gesendet\n", ORDERS B1,
	  0, NULL },
	{ "French iPhone", ORDERS "Envoy\xc3\xa9 de mon iPhone\n", ORDERS B1,
	  0, NULL },

	/* --- never a separator: every order kept ------------------------- */
	{ "From alone", "From: athens\n" ORDERS, NULL, 0, NULL },
	{ "From and one field", "From: athens\nTo: the GM\n" ORDERS, NULL, 0,
	  NULL },
	{ "fields apart", "From: athens\n\nTo: GM\nSubject: x\n" ORDERS, NULL,
	  0, NULL },
	{ "a dashed heading", "----- Athens -----\n" ORDERS, NULL, 0, NULL },
	{ "one dash", "- Original Message -\n" ORDERS, NULL, 0, NULL },
	{ "underscores alone", ORDERS "________________\n" ORDERS, NULL, 0,
	  NULL },
	{ "short underscores", ORDERS "____\nFrom: a\nSent: b\nTo: c\n", ORDERS
	  "____\n", 6, "From: a" },
	{ "a colon, no verb", "On the left wing:\n" ORDERS, NULL, 0, NULL },
	{ "a verb, no colon", "Themistocles wrote\n" ORDERS, NULL, 0, NULL },
	{ "a comment", "SHIP nike SPEED 2 # as Themistocles wrote:\n" ORDERS,
	  NULL, 0, NULL },
	{ "a comment line", "# On Friday the GM wrote:\n" ORDERS, NULL, 0,
	  NULL },
	{ "a password", "PASSWORD the owl wrote:\n" ORDERS, NULL, 0, NULL },
	{ "rewrote", "Navarch rewrote:\n" ORDERS, NULL, 0, NULL },
	{ "a verb inside, no date", "Themistocles wrote to the GM:\n" ORDERS,
	  NULL, 0, NULL },
	{ "Sent from, too long", "Sent from " "0123456789012345678901234567890"
	  "1234567890123456789012345678901234567890123456789012345678901234567"
	  "8901234567890\n", NULL, 0, NULL },
	{ "a quoted separator", ORDERS "> -----Original Message-----\n"
	  "> From: Navarch\n> Sent: Friday\n> To: Athens\n" ORDERS, NULL, 0,
	  NULL },
	/* PRESS is the player's message, as written. */
	{ "in a PRESS block", "PRESS TO ALL\n-----Original Message-----\n"
	  "On Friday, the Persians wrote:\nthey will lose.\nEND PRESS\n" ORDERS,
	  NULL, 0, NULL },
	{ "after a PRESS block", "press to all\nhail\nend  press\n"
	  "-----Original Message-----\n" REPORT, "press to all\nhail\n"
	  "end  press\n", 4, "-----Original Message-----" },
	/* The PRESS block ends where the scanner ends it: at END PRESS
	 * alone (a comment after it is the message's). */
	{ "PRESS with a comment", "PRESS TO ALL # the league\n"
	  "-----Original Message-----\nhail\nEND PRESS\n" ORDERS, NULL, 0,
	  NULL },
	{ "END PRESS with a comment is the message", "PRESS TO ALL\nhail\n"
	  "END PRESS # not yet\n-----Original Message-----\nEND PRESS\n"
	  ORDERS, NULL, 0, NULL },
	/* A line that starts with an order's or a command's word is the
	 * player's, whatever follows. */
	{ "a command", "STATUS as Navarch wrote:\n" ORDERS, NULL, 0, NULL },
	{ "GM", "GM\nFrom: athens\nSent: now\nTo: all\n" ORDERS, "GM\n", 2,
	  "From: athens" },
	/* Where the scanner stops, this stops. */
	{ "after the signature", ORDERS "-- \nAthens\n-----Original Message---"
	  "--\n" REPORT, NULL, 0, NULL },
	{ "after END", ORDERS "END # done\nOn Fri, Navarch wrote:\n" REPORT,
	  NULL, 0, NULL },
};

static void
test_rows(void **state)
{
	struct mp_reply		 r;
	const char		*want;
	size_t			 i;

	(void)state;
	for (i = 0; i < NELEM(rows); i++) {
		mp_reply_read(rows[i].in, strlen(rows[i].in), &r);
		want = rows[i].out != NULL ? rows[i].out : rows[i].in;
		if (strcmp(r.text, want) != 0)
			fail_msg("%s: the text is\n[%s]\nwanted\n[%s]",
			    rows[i].name, r.text, want);
		assert_int_equal(r.len, strlen(r.text));
		if (r.cut_line != rows[i].cut_line)
			fail_msg("%s: cut at line %u, wanted %u", rows[i].name,
			    r.cut_line, rows[i].cut_line);
		if ((r.cut == NULL) != (rows[i].cut == NULL) ||
		    (r.cut != NULL && strcmp(r.cut, rows[i].cut) != 0))
			fail_msg("%s: the separator is '%s', wanted '%s'",
			    rows[i].name, r.cut != NULL ? r.cut : "(none)",
			    rows[i].cut != NULL ? rows[i].cut : "(none)");
		mp_reply_free(&r);
	}
}

/* Linear whatever the text: a megabyte of would-be separators. */
static void
test_hostile(void **state)
{
	static const char *const units[] = {
		"________\n", "On\n", "From: a\n", "On Fri x wrote:\n\n\n",
		"----- Original Message\n", "PRESS\n",
	};
	struct mp_reply		 r;
	char			*text;
	size_t			 i, j, n, len;

	(void)state;
	for (i = 0; i < NELEM(units); i++) {
		n = strlen(units[i]);
		len = (1u << 20) / n * n;
		text = xmalloc(len + 1);
		for (j = 0; j < len; j += n)
			memcpy(text + j, units[i], n);
		text[len] = '\0';
		mp_reply_read(text, len, &r);
		assert_true(r.len <= len);
		mp_reply_free(&r);
		free(text);
	}
}

/* --- through mail_parse: the text of a part ---------------------------- */

static char *
body_of(const char *content_type, const char *body)
{
	struct mail_msg	*m = NULL;
	char		*raw, *cause = NULL, *r;

	raw = xasprintf("From: Athens <a@example.org>\nTo: n@example.org\n"
	    "Subject: orders\nMessage-ID: <x@example.org>\nMIME-Version: 1.0"
	    "\nContent-Type: %s\nContent-Transfer-Encoding: 8bit\n\n%s",
	    content_type, body);
	if (mail_parse(raw, strlen(raw), &m, &cause) != 0)
		fail_msg("%s", cause);
	r = xstrdup(m->body);
	mail_msg_free(m);
	free(raw);
	return r;
}

static const struct {
	const char	*name;
	const char	*type;
	const char	*in;
	const char	*out;
} parts[] = {
	/* RFC 3676, DelSp=no (Thunderbird): the space stays. */
	{ "flowed", "text/plain; charset=utf-8; format=flowed",
	  "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6 # both catapults at \n"
	  "the flagship\nSHIP nike SPEED 2\n",
	  "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6 # both catapults at "
	  "the flagship\nSHIP nike SPEED 2\n" },
	/* DelSp=yes (Apple Mail): the space before the break goes. */
	{ "flowed, DelSp=yes", "text/plain; charset=utf-8; format=flowed; "
	  "delsp=yes", "SHIP salaminia FIRE 2 BOW AT si \ndon PHASE 6\n",
	  "SHIP salaminia FIRE 2 BOW AT sidon PHASE 6\n" },
	{ "flowed, any case", "text/plain; Format=\"Flowed\"; DelSp=\"Yes\"",
	  "SPEED \n2\n", "SPEED2\n" },
	{ "flowed over three lines", "text/plain; format=flowed",
	  "SHIP nike \nSPEED 2 \nMOVE F F\n", "SHIP nike SPEED 2 MOVE F F\n" },
	/* Space-stuffing: a line that starts with a space, "From " or '>'
	 * gets one more space in front. */
	{ "space-stuffed", "text/plain; format=flowed",
	  " >not a quote\n  two spaces\n From here\n",
	  ">not a quote\n two spaces\nFrom here\n" },
	{ "quoted flowed", "text/plain; format=flowed",
	  "SHIP nike SPEED 2\n\n> Game demo, turn \n> 1 report\n>> deeper \n"
	  ">> still\n",
	  "SHIP nike SPEED 2\n\n> Game demo, turn 1 report\n>> deeper still\n" },
	/* A flowed line before a line of another depth ends there. */
	{ "depth changes", "text/plain; format=flowed",
	  "> quoted \nSHIP nike SPEED 2\n", "> quoted \nSHIP nike SPEED 2\n" },
	{ "signature stays fixed", "text/plain; format=flowed",
	  "SHIP nike SPEED 2\n-- \nAthens\n", "SHIP nike SPEED 2\n-- \nAthens\n" },
	{ "flowed at the end", "text/plain; format=flowed", "SPEED 2 ",
	  "SPEED 2 \n" },
	{ "flowed, CRLF", "text/plain; format=flowed",
	  "SHIP nike \r\nSPEED 2\r\n", "SHIP nike SPEED 2\n" },
	/* Not flowed: a trailing space means nothing. */
	{ "fixed", "text/plain; charset=utf-8", "SHIP nike \nSPEED 2\n",
	  "SHIP nike \nSPEED 2\n" },
	{ "format=fixed", "text/plain; format=fixed", "SHIP nike \nSPEED 2\n",
	  "SHIP nike \nSPEED 2\n" },
	/* Spaces a player cannot tell from a space are spaces. */
	{ "no-break spaces", "text/plain; charset=utf-8",
	  "SHIP\xc2\xa0nike SPEED\xe2\x80\xaf" "2\xe2\x80\x8b\n\xef\xbb\xbf"
	  "SHIP\xe3\x80\x80paralos SPEED 1\xc2\xad\n",
	  "SHIP nike SPEED 2\nSHIP paralos SPEED 1\n" },
	{ "no-break space, Latin-1", "text/plain; charset=iso-8859-1",
	  "SHIP\xa0nike\n", "SHIP nike\n" },
	/* 8-bit text that says nothing of its charset and is no UTF-8 was
	 * written by a Windows program: its em dash is an em dash. */
	{ "unlabelled windows-1252", "text/plain",
	  "SHIP nike MOVE F\x97" "F\n", "SHIP nike MOVE F\xe2\x80\x94" "F\n" },
	{ "us-ascii but windows-1252", "text/plain; charset=us-ascii",
	  "\x93quoted\x94\n", "\xe2\x80\x9cquoted\xe2\x80\x9d\n" },
	{ "us-ascii but UTF-8", "text/plain; charset=us-ascii",
	  "F\xe2\x80\x94" "F\n", "F\xe2\x80\x94" "F\n" },
	/* A part that says UTF-8 is taken at its word. */
	{ "UTF-8 with a bad byte", "text/plain; charset=utf-8", "F\x97" "F\n",
	  "F\xef\xbf\xbd" "F\n" },
};

static void
test_parts(void **state)
{
	char	*b;
	size_t	 i;

	(void)state;
	for (i = 0; i < NELEM(parts); i++) {
		b = body_of(parts[i].type, parts[i].in);
		if (strcmp(b, parts[i].out) != 0)
			fail_msg("%s: the body is\n[%s]\nwanted\n[%s]",
			    parts[i].name, b, parts[i].out);
		free(b);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_parts),
	};

	return cmocka_run_group_tests_name("mime-reply", tests, NULL, NULL);
}
