/* mailproc-int.h: what the mail processing files share; not for callers.
 *
 * One struct mp_ctx is the work on one message (or one game at a tick):
 * the routed game, its current state, the authenticated player, the reply
 * being written and the errors found.  Every store call goes through the
 * context so that the first failure is kept and the transaction undone. */
#ifndef NV_MAILPROC_INT_H
#define NV_MAILPROC_INT_H

#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#include "buf.h"
#include "mailproc.h"
#include "play.h"
#include "play-end.h"
#include "report.h"
#include "store.h"

struct diag;
struct mail_msg;
struct report_template;
struct store_game;
struct store_player;

/* The mail commands, in the order HELP lists them: the enum, the word of
 * the mail, whether only the GM may give it, whether an observer may
 * (without a password: an observer's mail is known by its From alone, so
 * it may only ask, and write to the GM) and whether words may follow it
 * on its line (a command that takes none refuses them: "CLEAR SHIP nike"
 * would clear every order).  What each does is said in
 * templates/mail.xsl (<help>), not here.  PREVIEW is both: the GM's,
 * alone, plays the whole turn (mailproc-gm.c); a player's PREVIEW SIDE
 * the side's orders in force (mailproc-preview.c). */
#define MP_COMMANDS(X)							\
	X(HELP,		"HELP",		0, 1, 1)			\
	X(STATUS,	"STATUS",	0, 1, 0)			\
	X(MAP,		"MAP",		0, 1, 0)			\
	X(ORDERS,	"ORDERS",	0, 0, 1)			\
	X(CLEAR,	"CLEAR",	0, 0, 0)			\
	X(RESEND,	"RESEND",	0, 0, 1)			\
	X(PASSWORD_NEW,	"PASSWORD NEW",	0, 0, 1)			\
	X(PRESS,	"PRESS",	0, 1, 1)			\
	X(DRAW,		"DRAW",		0, 0, 1)			\
	X(CONCEDE,	"CONCEDE",	0, 0, 0)			\
	X(ASSIGN,	"ASSIGN",	0, 0, 1)			\
	X(DIRECTIVE,	"DIRECTIVE",	0, 0, 1)			\
	X(SET,		"SET",		0, 0, 1)			\
	X(ABSENT,	"ABSENT",	0, 0, 1)			\
	X(LIST,		"LIST",		0, 0, 0)			\
	X(JOIN,		"JOIN",		0, 0, 1)			\
	X(PROCESS,	"PROCESS",	1, 0, 0)			\
	X(PREVIEW,	"PREVIEW",	0, 0, 1)			\
	X(PAUSE,	"PAUSE",	1, 0, 1)			\
	X(RESUME,	"RESUME",	1, 0, 1)			\
	X(DEADLINE,	"DEADLINE",	1, 0, 1)			\
	X(ROLLBACK,	"ROLLBACK",	1, 0, 1)			\
	X(ENDGAME,	"ENDGAME",	1, 0, 1)			\
	X(SEAT,		"SEAT",		1, 0, 1)

/* Who reads a list of the commands: the commands each may give. */
enum mp_who {
	MP_WHO_PLAYER,
	MP_WHO_GM,		/* the players' and the GM's own */
	MP_WHO_OBSERVER,
};

enum mp_cmd_kind {
#define X(e, s, gm, obs, words) MP_CMD_##e,
	MP_COMMANDS(X)
#undef X
	MP_CMD_COUNT
};

/* One command line of the mail. */
struct mp_cmd {
	enum mp_cmd_kind kind;
	unsigned	 line;
	char		*text;		/* the line as written (never for
					   PASSWORD NEW); owned */
	char		**argv;		/* words after the command; owned */
	size_t		 argc;
	char		*press;		/* PRESS: the message; owned */
};

/* The errors found in one mail, for its answer: every one counted, the
 * first MP_ERRORS_MAX kept as "line N: text" lines, each cut to
 * MP_ERROR_CHARS characters, so that a mail of 100,000 errors costs no
 * more to answer than one of fifty (the answer says how many more there
 * were: mp_error_list). */
#define MP_ERRORS_MAX	50
#define MP_ERROR_CHARS	500
struct mp_errors {
	struct buf	 text;		/* the kept lines */
	size_t		 n;		/* all errors */
	size_t		 listed;	/* lines in text */
};

/* Adds one error (line 0: none).  msg is cut, and kept only while fewer
 * than MP_ERRORS_MAX are. */
void	mp_errors_add(struct mp_errors *, unsigned line, const char *msg);
/* Counts n errors more without their text (e.g. past a parser's own
 * limit). */
void	mp_errors_more(struct mp_errors *, size_t n);
/* Adds every error of src (kept or counted) to dst. */
void	mp_errors_merge(struct mp_errors *dst, const struct mp_errors *src);
void	mp_errors_free(struct mp_errors *);
/* The one place an answer lists errors: an <error line="N"> element
 * under parent for each kept one, and the attribute more-errors on
 * parent with the count of the others when there are any. */
void	mp_error_list(xmlNodePtr parent, const struct mp_errors *);

/* Answers to one observer's address a day, per game (mailproc-auth.c). */
#define MP_OBSERVER_PER_DAY	20

/* Commands in one mail at most: each may add a part to the answer. */
#define MP_CMDS_MAX	100

/* A mail body cut into routing lines, order text and commands. */
struct mp_scan {
	char		*game;		/* GAME, owned, or NULL */
	char		*player;	/* PLAYER */
	char		*side;		/* SIDE */
	char		*password;	/* PASSWORD (never echoed) */
	int		 gm;		/* a GM line */
	unsigned	 order_line;	/* first SHIP line, 0: none */
	char		**ships;	/* ship ids of SHIP lines as written */
	size_t		 nships;
	struct buf	 orders;	/* the order lines; others blank */
	struct mp_cmd	*cmds;
	size_t		 ncmds;
	struct mp_errors errors;
	unsigned	 cut_line;	/* where the earlier mail a reply
					   carries starts, 0: none */
	char		*cut;		/* that line (mp_reply_read) */
};

void	mp_scan_body(const char *body, size_t len, struct mp_scan *);
void	mp_scan_free(struct mp_scan *);
/* The scanner's words, shared with the reader (mailproc-read.c) so that
 * both read a line alike.  mp_command_find: the command whose one word w
 * is (any case), or -1.  mp_end_press: 1 if the raw line raw[0..len) is
 * "END PRESS" (any case and spacing), which closes a PRESS block.
 * mp_wipe_free: wipes s (it may hold a password) and frees it. */
int	mp_command_find(const char *w);
int	mp_end_press(const char *raw, size_t len);
void	mp_wipe_free(char *s);
/* mailproc-read.c: a mail's scan, what the daemon reads of a mail: the
 * sender's own text (mp_reply_read) through mp_scan_body.  Free with
 * mp_scan_free. */
void	mp_scan_mail(const struct mail_msg *, struct mp_scan *);
/* The sender's own text of a mail's body: up to the mail it answers,
 * with the lines a mail program adds around a quote made blank
 * (mail_reply_line), each line at its number. */
struct mp_reply {
	char		*text;		/* owned; may hold a password */
	size_t		 len;
	unsigned	 cut_line;	/* the separator's line (from 1), where
					   the earlier mail starts; 0: none */
	char		*cut;		/* that line, trimmed, at most 60
					   characters (owned), or NULL */
};
void	mp_reply_read(const char *body, size_t len, struct mp_reply *);
/* Frees r's strings, the text wiped. */
void	mp_reply_free(struct mp_reply *);
/* Adds <read-to line= cut=> to an answer when the scan was cut at an
 * earlier mail: the player sees where reading stopped.  quote 0: without
 * cut, the separator's text (an answer to a From address that may be
 * forged repeats nothing of the mail). */
void	mp_read_to(xmlNodePtr parent, const struct mp_scan *, int quote);
/* Adds <help gm="yes|no"> with a <command name= gm=> for each command
 * the reader may give (who: enum mp_who). */
void	mp_help(xmlNodePtr parent, int who);
/* "HELP, STATUS, ...": the command words who may give, for error
 * messages. */
void	mp_command_names(struct buf *, int who);

struct mp_ctx {
	struct mailproc		*mp;
	int64_t			 now;
	const struct mail_msg	*msg;	/* NULL at a tick */
	const char		*about;	/* what the mails made are about,
					   in their Message-IDs, when it is
					   not msg (a notice, a quarantine)
					   (NULL: a tick) */
	struct store_game	*g;
	struct play_game	 pg;	/* the current state */
	int			 turn;
	struct play_roster	 roster;
	struct store_player	*player;	/* authenticated, or NULL */
	int			 is_gm;
	char			*observer;	/* an observer's mail: the
						   registered address it came
						   from (owned), or NULL */
	char			*actor;		/* for the audit log */
	xmlDocPtr		 reply;		/* the answer, <mail
						   kind="answer">: mp_part */
	struct report_template	*tpl;		/* templates/mail.xsl, the
						   cycle's (mp_cache_template),
						   borrowed on first use */
	struct play_templates	*ltpl;		/* the languages' mail.xsl
						   (SET LANGUAGE), loaded
						   on first use */
	struct mp_errors	 errors;	/* every error of the mail */
	unsigned		 seq;		/* Message-IDs made */
	size_t			 queued;
	int			 orders_stored;	/* the message id is used */
	int			 failed;	/* a store or compose error */
	int			 temporary;	/* ... that was STORE_BUSY */
	char			*cause;		/* its sentence */
	int			 adjudicated;	/* the turn was played */
	int			 secret;	/* the mail being queued holds
						   a password (the welcome) */
	int			 replaces;	/* the reports being queued
						   replace ones rolled back */
	char			*replaces_reason;	/* and why */
	int			 open;		/* the mail's transaction is
						   open already (begin) */
};

/* Store results: STORE_OK gives 0; anything else keeps the first cause
 * (consumed), marks the context failed (temporary for STORE_BUSY) and
 * gives -1. */
int	mp_check(struct mp_ctx *, enum store_code code, char **cause);
/* The same for the play layer's codes (temporary for PLAY_BUSY). */
int	mp_check_play(struct mp_ctx *, enum play_code code, char **cause);
/* Records an error of the mail: "line N: " (N > 0) and the message. */
void	mp_error(struct mp_ctx *, unsigned line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Marks the context failed with a cause. */
int	mp_fail(struct mp_ctx *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Loads the current state and roster of ctx->g.  0 or -1 (failed). */
int	mp_load_game(struct mp_ctx *);

/* What a cycle's mails share (mailproc-cache.c), kept in mp->cache until
 * mailproc_free().  mp_cache_template: the compiled templates/mail.xsl
 * (*out borrowed: never freed by the caller); 0, or -1 with *cause
 * (owned), nothing kept.  mp_cache_game: the game's current state as the
 * store holds it now (parsed only when its text changed since the cache
 * last parsed it), as play_game_state gives it: out->st is the caller's
 * own copy, out->rs and out->rng are lent until mailproc_free(); the
 * caller lets go of it with mp_game_release(), never play_game_free().
 * mp_cache_let_go: the cache frees its parse of game's state (what it
 * lent stays), which the next mp_cache_game parses again: for a mail
 * about to play the turn from its copy, which writes a new state. */
int	mp_cache_template(struct mailproc *, struct report_template **out,
	    char **cause);
enum play_code mp_cache_game(struct mailproc *, const char *game,
	    struct play_game *out, int *turn, struct diag *, char **cause);
void	mp_cache_let_go(struct mailproc *, const char *game);
void	mp_game_release(struct play_game *);
/* Reads ctx->g again from the store (status, deadline, turn changed by
 * the work in hand); the state and roster stay.  0 or -1 (failed). */
int	mp_refresh_game(struct mp_ctx *);
void	mp_ctx_free(struct mp_ctx *);

/* --- queuing mail (mailproc-out.c) --------------------------------------- */

/* Queues body to address: the subject gets the game's tag; a reply to the
 * message in hand threads to it.  0 or -1 (failed). */
int	mp_queue(struct mp_ctx *, const char *to, const char *subject,
	    const char *body, enum mailproc_auto);
/* mp_queue with files attached (borrowed for the call; NULL, 0: none),
 * for the report mails; mp_queue is this without attachments.  0 or -1
 * (failed). */
int	mp_queue_with(struct mp_ctx *, const char *to, const char *subject,
	    const char *body, enum mailproc_auto,
	    const struct mailproc_attachment *, size_t nattachments);
/* The subject of the answer to the message in hand, the sender's own cut
 * to MAILPROC_SUBJECT_MAX characters. */
char	*mp_reply_subject(const struct mp_ctx *);
#define MAILPROC_SUBJECT_MAX	200
/* Ids in the References of an answer (the first and the last ones). */
#define MAILPROC_REFERENCES_MAX	20
/* The GM's address of the game (or the configured default), or NULL. */
const char *mp_gm_address(const struct mp_ctx *);
/* A player who sent no orders for the turn played: told to the GM in
 * the report mail. */
struct mp_missed {
	const char	*player;
	int		 count;		/* turns missed in all */
	int		 limit;		/* the game's missed_limit */
};

/* --- report mails (mailproc-report.c) ----------------------------------- */

/* Ships a part of a big battle's report holds at most, unless the game's
 * setting report_ships says otherwise (0: whole reports only). */
#define MAILPROC_REPORT_SHIPS	1000

/* The report mails of the turn just played (a: its adjudication, whose
 * result they are made from): one to every active player, the GM (with
 * the players who missed it) and the observers.  Each reader's report is
 * made once and mailed to its addresses, in parts when it is big.  0 or
 * -1. */
int	mp_queue_reports(struct mp_ctx *, const struct play_adj *a,
	    const struct mp_missed *, size_t nmissed);
/* The same for a turn played earlier (navarch adjudicate: the notice
 * "reports"), made from the turn played again (play_replay), once for
 * all its readers.  0 or -1. */
int	mp_queue_reports_of(struct mp_ctx *, int turn,
	    const struct mp_missed *, size_t nmissed);
/* RESEND: side's report of a past turn as player reads it (his view on
 * a shared side; NULL: the side's), made from the turn played again
 * (play_replay), mailed to to (every part of it); full: with the side's
 * whole story whatever the player's SET STORY (RESEND FULL).  0; -1 with
 * *cause (owned by the caller) when it cannot be made; -1 without when
 * ctx failed queueing it. */
int	mp_resend(struct mp_ctx *, int turn, const char *side,
	    const char *player, const char *to, int full, char **cause);

/* One reader's report of a turn of ctx->g (or a part of it) as a mail
 * carries it: the text and the SVG map of the state after the turn, with
 * the same fog as the text (NULL when the game's setting svg is no).
 * Every pointer owned; free with mp_report_free. */
struct mp_report {
	int		 turn;		/* the turn played */
	enum report_reader reader;
	char		*side;		/* REPORT_SIDE: the side's id */
	int		 part, parts;	/* a big battle's: part of parts;
					   0, 0: the whole report */
	char		*text;
	char		*svg;		/* NUL-terminated, svg_len bytes */
	size_t		 svg_len;
	char		*svg_name;	/* "GAME-turn-N.svg", a part's
					   "GAME-turn-N-part-K.svg" */
	unsigned	 flags;		/* PLAY_REPORT_*: as made for its
					   reader's preferences */
	char		*lang;		/* the templates' language it was
					   made in ("": default); NULL:
					   not known */
};

/* The final report of ctx->g (ended) for reader (side: the side's id, for
 * REPORT_SIDE), whole: the last turn played, ending in the game's final
 * state (with its result), or, when no turn was played, that state alone.
 * 0, or -1 with *cause (owned by the caller) and *out empty: nothing of
 * it may be sent, text or picture. */
int	mp_report_final(struct mp_ctx *, enum report_reader,
	    const char *side, struct mp_report *out, char **cause);
void	mp_report_free(struct mp_report *);

/* The MIME type of the map attached to reports. */
#define MP_SVG_TYPE	"image/svg+xml"
/* Ends the game by a decision (play_end_game: an agreed draw, a
 * concession, the GM): result in the open state, status ended, seed
 * revealed, audit, the notice that mails the final report.  winner -1
 * for a draw.  0 or -1. */
int	mp_end_game(struct mp_ctx *, enum play_end_how, int winner,
	    const char *reason);
/* Hex SHA-256 of text into out[65]. */
void	mp_sha256_hex(const char *text, size_t len, char out[65]);
/* A game setting (settings text "key = value" lines), owned, or NULL. */
char	*mp_setting(const struct store_game *, const char *key);
/* A yes/no game setting: yes, on, 1 or no, off, 0 (any case); def when
 * it is not set or says something else. */
int	mp_setting_flag(const struct store_game *, const char *key, int def);

/* --- the daemon's own mails (mailproc-mail.c, maildoc.h) ----------------- */

/* Reads a template of the template directory: *xsl and *path owned by
 * the caller.  0 or -1 with *cause. */
int	mp_read_template(const struct mailproc *, const char *file,
	    char **xsl, size_t *len, char **path, char **cause);
/* A new document <mail kind=...> about the game in hand (attributes
 * game, title, turn; re, the subject of an answer, when a mail is in
 * hand).  Owned by the caller (xmlFreeDoc). */
xmlDocPtr mp_doc(struct mp_ctx *, const char *kind);
/* The root of the answer to the mail in hand, made on first use, and
 * a new element <name> in it (both owned by ctx->reply). */
xmlNodePtr mp_answer(struct mp_ctx *);
xmlNodePtr mp_part(struct mp_ctx *, const char *name);
/* Words doc with templates/mail.xsl: 0 with *subject (owned) and the
 * body appended, or -1 (ctx failed; temporary, since a GM can mend the
 * template). */
int	mp_word(struct mp_ctx *, xmlDocPtr, char **subject, struct buf *body);
/* mp_word in the language of the player at address to (SET LANGUAGE):
 * its mail.xsl where the language has one.  to NULL: the default. */
int	mp_word_to(struct mp_ctx *, const char *to, xmlDocPtr,
	    char **subject, struct buf *body);
/* The language of a reader at an address: the player's, "" for others
 * (the default templates).  Borrowed from ctx. */
const char *mp_lang_of(const struct mp_ctx *, const char *address);
/* mp_word, then mp_queue to one address.  0 or -1. */
int	mp_send(struct mp_ctx *, const char *to, xmlDocPtr,
	    enum mailproc_auto);
/* Sets attribute name to time t as "2026-12-01T20:00Z"; none for 0. */
void	mp_set_when(xmlNodePtr, const char *name, int64_t t);

/* --- the clock (mailproc-clock.c) and notices (mailproc-notice.c) ------- */

/* Adds <name status deadline left passed zone local wday abbr offset>
 * under parent: a clock as a reader in zone (NULL or "": UTC only) sees
 * it at now (status a store_game_status; left, paused: the time kept, -1
 * none). */
void	mp_clock_at(xmlNodePtr parent, const char *name, int status,
	    int64_t deadline, int64_t left, int64_t now, const char *zone);
/* <clock> of the game in hand, for a reader in zone. */
void	mp_clock(struct mp_ctx *, xmlNodePtr parent, const char *zone);
/* The GM's PAUSE, RESUME and DEADLINE (play-clock.c), and ENDGAME. */
int	mp_cmd_clock(struct mp_ctx *, const struct mp_cmd *);
int	mp_cmd_endgame(struct mp_ctx *, const struct mp_cmd *);
/* LIST and JOIN (mailproc-lobby.c): 1 if the mail is one of them alone
 * (no GAME, PLAYER, SIDE, GM or PASSWORD line). */
int	mp_lobby_mail(const struct mp_scan *);
/* Answers it at its From (rate limited): the open games and their free
 * seats; a seat taken (setting join auto) or asked of the GM (gm). */
void	mp_lobby(struct mp_ctx *, const struct mp_scan *,
	    struct mailproc_result *out);
/* Seats address as side's player in game: a password made, the welcome
 * notice that hands it over, audited join.  0 or -1 (failed). */
int	mp_seat(struct mp_ctx *, const char *game, const char *side,
	    const char *address);
/* The GM's SEAT side address: a free seat given.  0 or -1. */
int	mp_cmd_seat(struct mp_ctx *, const struct mp_cmd *);
/* A player's ABSENT UNTIL time or ABSENT NONE (mailproc-absent.c). */
int	mp_cmd_absent(struct mp_ctx *, const struct mp_cmd *);
/* 1 if p is away now: no reminder, and the turn does not wait. */
int	mp_absent(const struct mp_ctx *, const struct play_player *p);
/* A player's SET key value: TIMEZONE, SVG, STORY (mailproc-set.c). */
int	mp_cmd_set(struct mp_ctx *, const struct mp_cmd *);
/* ASSIGN, the admiral's or the GM's (mailproc-assign.c). */
int	mp_cmd_assign(struct mp_ctx *, const struct mp_cmd *);
/* DIRECTIVE player|ALL text, the admiral's (mailproc-directive.c). */
int	mp_cmd_directive(struct mp_ctx *, const struct mp_cmd *);
/* A player's PREVIEW SIDE (mailproc-preview.c). */
int	mp_cmd_preview_side(struct mp_ctx *, const struct mp_cmd *);
struct play_preview;
struct play_preview_ship;
/* One ship's plotted path of a preview, under parent (mailproc-orders.c):
 * <ship id from facing to to-facing | exits="yes"> with a <cross hex>
 * per hex entered and a <would> per thing the path would run into.
 * Returns the <ship> (owned by the document). */
xmlNodePtr mp_preview_ship(const struct play_preview *,
	    const struct play_preview_ship *, xmlNodePtr parent);
/* A notice "reassigned" (store_notice_add's fields), as
 * mp_assign_notices reads it; every pointer is the caller's. */
struct mp_assign_change {
	int		 turn;
	const char	*player;	/* who takes the ships */
	const char	*reason;
	const char	*details;
};
/* Words the n notices "reassigned" of v, due together and in the order
 * they were made, for the players they concern (who takes the ships,
 * each who loses some): one mail to each, listing every change that
 * concerns him, so that a GM seating a battle squadron by squadron
 * sends a captain one mail, not one a squadron (issue 14). */
void	mp_assign_notices(struct mp_ctx *, const struct mp_assign_change *v,
	    size_t n);
/* Words a notice "standing" (a squadron's standing order set, from which
 * turn) for the squadron's captain, player. */
void	mp_standing_notice(struct mp_ctx *, int turn, const char *player,
	    const char *details);
/* Words a notice "uncommanded" (ships moved into a squadron no player
 * commands) for the side's admiral player, or the GM when NULL. */
void	mp_uncommanded_notice(struct mp_ctx *, int turn, const char *player,
	    const char *details);
/* Words and queues every pending notice of ctx->g (loaded with
 * mp_load_game) and marks each sent, in ctx's transaction: 0 or -1
 * (failed; a template that cannot word one fails it, as for any mail). */
int	mp_notices(struct mp_ctx *);
/* 1 when the report of turn replaces one sent before it was rolled
 * back, with *reason (owned) the GM's reason; 0 otherwise. */
int	mp_replaces(struct mp_ctx *, int turn, char **reason);
/* The game's observers' addresses, one a line, appended to out. */
void	mp_observers(struct mp_ctx *, struct buf *out);
/* The zone of a reader at an address: the player's, "" for others. */
const char *mp_zone_of(const struct mp_ctx *, const char *address);

/* --- routing and authentication (mailproc-auth.c) ------------------------ */

/* Why a mail reached nobody: the reason (a word the template words),
 * and what it named. */
struct why {
	const char	*reason;	/* no-game, unknown-game, no-gm-password,
					   side-players, unknown-player,
					   unsigned */
	const char	*name;		/* the game, side or player, or NULL */
	long		 count;		/* side-players: how many */
};

/* A bounce: counted against every active player with the failed
 * address; out says what was done. */
void	mp_bounce(struct mp_ctx *, struct mailproc_result *out);
/* Answers a mail that reached nobody at its From address (rate limited),
 * with HELP when it asked for it. */
void	mp_unrouted(struct mp_ctx *, const struct mp_scan *,
	    const struct why *, struct mailproc_result *out);
/* Finds who the mail speaks for: 0 with ctx->player or ctx->is_gm, 1
 * when the mail was answered (unrouted, refused, an observer's), -1
 * failed. */
int	mp_authenticate(struct mp_ctx *, const struct mp_scan *,
	    struct mailproc_result *out);

/* --- passwords, refusals, lock-outs (mailproc-lock.c) -------------------- */

/* A refused mail: the answer goes to the registered address of whom it
 * claimed to be (to; NULL: none is sent), at most refusals_per_day a
 * day. */
struct mp_refusal {
	const char	*who;		/* a player id, or "GM" */
	const char	*to;		/* registered address, or NULL */
	const char	*reason;	/* no-password, wrong-password,
					   removed, locked */
	int64_t		 until;		/* a lock-out in force: its end */
	int		 right;		/* the password was right */
};

void	mp_refuse(struct mp_ctx *, const struct mp_refusal *,
	    struct mailproc_result *out);
/* Checks password against hash for who (a player id, or "GM"), with the
 * lock-outs: 0 accepted; 1 refused (answered at to, counted, audited,
 * the GM told of a new lock-out); -1 failed. */
int	mp_password(struct mp_ctx *, const char *who, const char *to,
	    const char *hash, const char *password,
	    struct mailproc_result *out);

/* --- orders (mailproc-orders.c) ------------------------------------------ */

/* The flags of the ships p may order (owned by the caller, free). */
unsigned char *mp_may_order_of(const struct mp_ctx *,
	    const struct play_player *p);
/* Moves the errors of d (parse and validation, in line order) into the
 * mail's errors, each after prefix, and the warnings and notes into notes
 * (may be NULL).  The number of errors. */
struct diag;
size_t	mp_take_diag(struct mp_ctx *, struct diag *d, const char *prefix,
	    struct buf *notes);
/* ORDERS FOR TURN n in the mail: 0 when none (or n is the open turn),
 * n when its orders are for a later turn, -1 after an error. */
int	mp_ahead_turn(struct mp_ctx *, const struct mp_scan *);
/* Stores the mail's orders for turn n, read (not validated: the state
 * will change) on the current state; answered.  0 or -1 (failed). */
int	mp_orders_ahead(struct mp_ctx *, const struct mp_scan *, int turn);
/* At a tick: each pending set sent ahead for the open turn becomes the
 * player's order set when it is legal now (unless the player sent orders
 * for it since), or the player is told why not.  0 or -1 (failed). */
int	mp_ahead_due(struct mp_ctx *);
/* Turns ahead a mail may send orders for. */
#define MP_AHEAD_MAX	10

/* The player's set in force (normalised), owned, "" when none. */
char	*mp_orders_in_force(struct mp_ctx *);
/* The same for any player of the game. */
char	*mp_orders_in_force_of(struct mp_ctx *, const char *player);
/* Accepts the mail's orders: parse, merge with the set in force, store,
 * acknowledge.  Errors go to ctx->errors.  0 or -1 (failed). */
int	mp_orders_submit(struct mp_ctx *, const struct mp_scan *);
/* CLEAR: an empty set in force.  0 or -1. */
int	mp_orders_clear(struct mp_ctx *);

/* --- commands (mailproc-cmd.c, mailproc-gm.c) ---------------------------- */

/* The reader of the mail in hand: enum mp_who. */
int	mp_who(const struct mp_ctx *);
/* The commands every reader gives alike: HELP, STATUS, MAP (a player's
 * side's view; the GM's and an observer's, the whole map) and PRESS
 * (from a player; from the GM, TO ALL an announcement to every player
 * and observer; from an observer, to the GM alone).  1 with *rc (0 or
 * -1) when c is one of them, else 0. */
int	mp_cmd_shared(struct mp_ctx *, const struct mp_cmd *, int *rc);
/* An observer's command: STATUS, MAP, HELP, PRESS TO GM.  0 or -1. */
int	mp_cmd_observer(struct mp_ctx *, const struct mp_cmd *);
/* HELP [topic] for the reader in hand (player, GM or observer): the
 * game's verbs with real examples and the commands (mailproc-help.c); a
 * topic the game has not is an error naming those it has.  0 or -1. */
int	mp_cmd_help(struct mp_ctx *, const struct mp_cmd *);

int	mp_cmd_player(struct mp_ctx *, const struct mp_cmd *);
int	mp_cmd_gm(struct mp_ctx *, const struct mp_cmd *);
/* STATUS for either. */
void	mp_status(struct mp_ctx *);
/* Adjudicates the open turn in the context's transaction and queues the
 * reports.  0, or -1 (ctx failed, or an error in ctx->errors when the
 * turn cannot be played: *refused set). */
int	mp_adjudicate(struct mp_ctx *, int force, int *refused);

/* Report templates are small; anything larger is a mistake. */
#define MAILPROC_TEMPLATE_MAX	(1024 * 1024)

#endif
