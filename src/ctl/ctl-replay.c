/* ctl-replay.c: re-adjudicating a whole game from its scenario, the
 * order sets in force and the seed, and comparing with what was stored.
 *
 * The replay starts from the scenario and never reads a stored state
 * except to compare with it: every state is what the engine made of the
 * previous one (plus the GM's audited corrections, re-applied the way
 * ship set applied them).  So a stored state, event or die changed by
 * hand shows up as the first difference. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "diag.h"
#include "dice.h"
#include "exitcode.h"
#include "play.h"
#include "play-record.h"
#include "state.h"
#include "state-xml.h"
#include "xalloc.h"

struct replay {
	struct play_record	*rec;
	int			(*load)(struct play_rec_turn *, void *);
	void			*arg;
	enum ctl_verify		 verify;
	struct play_game	 cg;	/* ruleset and schema; st unused */
	struct nv_state		*cur;
	size_t			 nevents, nrolls;
	struct buf		 ended;	/* the end declared, for the summary */
};

static int
differ(const struct replay *rp, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
differ(const struct replay *rp, const char *fmt, ...)
{
	va_list	ap;

	printf("replay of %s: DIFFERENT: ", rp->rec->game);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return NV_EXIT_FAIL;
}

/* Line n (from 1) of text, without its newline; owned by the caller. */
static char *
line_of(const char *text, unsigned n)
{
	const char	*p = text, *nl;

	while (--n > 0 && (nl = strchr(p, '\n')) != NULL)
		p = nl + 1;
	if (n > 0)
		return xstrdup("(end of text)");
	nl = strchr(p, '\n');
	return nl != NULL ? xstrndup(p, (size_t)(nl - p)) : xstrdup(p);
}

static int
compare_text(const struct replay *rp, const char *what, const char *stored,
    const char *replayed)
{
	unsigned	 line = 1;
	size_t		 i;
	char		*a, *b;
	int		 rc;

	for (i = 0; stored[i] != '\0' && stored[i] == replayed[i]; i++)
		if (stored[i] == '\n')
			line++;
	if (stored[i] == replayed[i])
		return 0;
	a = line_of(stored, line);
	b = line_of(replayed, line);
	rc = differ(rp, "%s differs at line %u:\n  stored:   %s\n  "
	    "replayed: %s", what, line, a, b);
	free(a);
	free(b);
	return rc;
}

static void
event_text(struct buf *b, int phase, const char *kind, const char *ship,
    const char *other, const char *text)
{
	buf_printf(b, "[phase %d, %s, %s, %s] %s", phase, kind, ship, other,
	    text);
}

static int
compare_events(const struct replay *rp, const struct play_rec_turn *t,
    const struct nv_events *ev)
{
	struct buf		 a = BUF_INIT, b = BUF_INIT;
	const struct nv_event	*e;
	size_t			 i, n = t->nevents > ev->n ? t->nevents : ev->n;
	int			 rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		buf_reset(&a);
		buf_reset(&b);
		if (i < t->nevents)
			event_text(&a, t->events[i].phase, t->events[i].kind,
			    t->events[i].ship, t->events[i].other,
			    t->events[i].text);
		else
			buf_adds(&a, "(none)");
		e = i < ev->n ? &ev->v[i] : NULL;
		if (e != NULL)
			event_text(&b, e->phase, e->kind, e->ship, e->other,
			    e->text);
		else
			buf_adds(&b, "(none)");
		if (strcmp(buf_str(&a), buf_str(&b)) != 0)
			rc = differ(rp, "turn %d: event %zu differs:\n  "
			    "stored:   %s\n  replayed: %s", t->turn, i + 1,
			    buf_str(&a), buf_str(&b));
	}
	buf_free(&a);
	buf_free(&b);
	return rc;
}

static void
roll_text(struct buf *b, int phase, const char *label, const char *purpose,
    const char *ship, int sides, int result)
{
	buf_printf(b, "[phase %d, %s, %s] d%d=%d (%s)", phase, purpose, ship,
	    sides, result, label);
}

static int
compare_rolls(const struct replay *rp, const struct play_rec_turn *t,
    const struct nv_dice *dice)
{
	struct buf		 a = BUF_INIT, b = BUF_INIT;
	const struct nv_roll	*r = NULL, *v;
	size_t			 i, nr, n;
	int			 rc = 0;

	v = dice_rolls(dice, &nr);
	n = t->nrolls > nr ? t->nrolls : nr;
	for (i = 0; i < n && rc == 0; i++) {
		buf_reset(&a);
		buf_reset(&b);
		if (i < t->nrolls)
			roll_text(&a, t->rolls[i].phase, t->rolls[i].label,
			    t->rolls[i].purpose, t->rolls[i].ship,
			    t->rolls[i].sides, t->rolls[i].result);
		else
			buf_adds(&a, "(none)");
		r = i < nr ? &v[i] : NULL;
		if (r != NULL)
			roll_text(&b, r->phase, r->label, r->purpose, r->ship,
			    r->sides, r->result);
		else
			buf_adds(&b, "(none)");
		if (strcmp(buf_str(&a), buf_str(&b)) != 0)
			rc = differ(rp, "turn %d: die roll %zu differs:\n  "
			    "stored:   %s\n  replayed: %s", t->turn, i + 1,
			    buf_str(&a), buf_str(&b));
	}
	buf_free(&a);
	buf_free(&b);
	return rc;
}

/* Re-applies the corrections made on turn's state. */
static int
apply_fixes(struct replay *rp, int turn)
{
	const struct play_fix		*f;
	struct diag			 d = DIAG_INIT;
	size_t				 i = 0;

	if (play_fixes_apply(&rp->cg, &rp->rec->fixes, turn, &rp->cur, &d,
	    &i) != 0) {
		f = &rp->rec->fixes.v[i];
		ctl_print_diag(&d);
		diag_free(&d);
		return differ(rp, "turn %d: the correction of %s %s cannot be "
		    "applied", turn, f->kind == PLAY_FIX_SHIP ? "ship" :
		    "squadron", f->id);
	}
	diag_free(&d);
	return 0;
}

/* The end declared on the open state of turn t, as recorded, or, for a
 * game ended before navarch recorded its ends (a result on the last,
 * open state and no <end>), as the stored state says: only the result is
 * taken, every other byte is still compared.  *kind NV_RESULT_PLAYING:
 * none.  0, or an exit status (a difference). */
static int
declared_end(struct replay *rp, const struct play_rec_turn *t,
    enum nv_result_kind *kind, int *winner, char **reason)
{
	const struct play_rec_end	*e = &rp->rec->end;
	struct nv_state			*stored = NULL;
	struct diag			 d = DIAG_INIT;
	int				 last, rc = 0;

	*kind = NV_RESULT_PLAYING;
	*winner = -1;
	*reason = NULL;
	last = t == &rp->rec->turns[rp->rec->nturns - 1] && !t->adjudicated;
	if (e->turn != t->turn && (e->turn != 0 || !last))
		return 0;
	if (e->turn == t->turn && e->result != NULL) {
		*kind = strcmp(e->result, "won") == 0 ? NV_RESULT_WON :
		    NV_RESULT_DRAWN;
		*reason = xstrdup(e->reason != NULL ? e->reason : "");
		if (e->winner != NULL && e->winner[0] != '\0' &&
		    (*winner = state_side_index(rp->cur, e->winner)) < 0)
			rc = differ(rp, "turn %d: the game was won by %s, which "
			    "is no side", t->turn, e->winner);
		return rc;
	}
	(void)play_parse_state(&rp->cg, "stored state", t->state,
	    strlen(t->state), &stored, &d);
	diag_free(&d);
	if (stored != NULL && stored->result.kind != NV_RESULT_PLAYING) {
		*kind = stored->result.kind;
		*winner = stored->result.winner;
		*reason = xstrdup(stored->result.reason != NULL ?
		    stored->result.reason : "");
	} else if (e->turn == t->turn)
		rc = differ(rp, "turn %d: the game was ended there (%s), but "
		    "its stored state has no result", t->turn, e->reason);
	state_free(stored);
	return rc;
}

/* Declares the end made on turn t's open state, as it was made
 * (state_declare_result). */
static int
apply_end(struct replay *rp, const struct play_rec_turn *t)
{
	enum nv_result_kind	 kind;
	char			*reason;
	int			 winner, rc;

	if ((rc = declared_end(rp, t, &kind, &winner, &reason)) != 0 ||
	    kind == NV_RESULT_PLAYING || rp->cur->result.kind !=
	    NV_RESULT_PLAYING) {
		free(reason);
		return rc;
	}
	state_declare_result(rp->cur, kind, winner, reason);
	buf_printf(&rp->ended, "; ended on turn %d by decision: %s%s (%s)",
	    t->turn, kind == NV_RESULT_WON ? "won by " : "drawn",
	    winner >= 0 ? rp->cur->sides[winner].id : "", reason);
	free(reason);
	return 0;
}

/* Plays turn t from rp->cur; on success rp->cur is the next state.  Every
 * set is parsed side-wide (no ships listed): that accepts whatever the
 * stricter check of the adjudication accepted, identically. */
static int
replay_one(struct replay *rp, const struct play_rec_turn *t)
{
	struct play_orderset	*sets;
	struct play_result	 r;
	struct nv_state		*next;
	struct diag		 d = DIAG_INIT;
	char			*cause = NULL;
	size_t			 i;
	enum play_code		 code;
	int			 rc;

	sets = xcalloc(t->norders + 1, sizeof *sets);
	for (i = 0; i < t->norders; i++) {
		sets[i].player = t->orders[i].player;
		sets[i].side = t->orders[i].side;
		sets[i].text = t->orders[i].text;
	}
	code = play_turn(rp->cur, rp->rec->game, rp->rec->seed, sets,
	    t->norders, &r, &d, &cause);
	free(sets);
	if (code != PLAY_OK)
		return ctl_play_err(code, &d, cause);
	diag_free(&d);
	rc = 0;
	/* The states are compared at the start of the next turn. */
	if (rp->verify == CTL_VERIFY_ALL)
		rc = compare_events(rp, t, &r.ev);
	if (rp->verify != CTL_VERIFY_NONE && rc == 0)
		rc = compare_rolls(rp, t, r.dice);
	if (!rp->verify) {
		printf("turn %d:\n", t->turn);
		for (i = 0; i < r.ev.n; i++)
			printf("  %s\n", r.ev.v[i].text);
	}
	rp->nevents += r.ev.n;
	rp->nrolls += dice_rolls(r.dice, &i) != NULL ? i : 0;
	/* The result's orders point into the state they were parsed for:
	 * freed before it. */
	next = r.next;
	r.next = NULL;
	play_result_free(&r);
	state_free(rp->cur);
	rp->cur = next;
	return rc;
}

/* Turn t compared and played: 0 or an exit status. */
static int
replay_turn(struct replay *rp, const struct play_rec_turn *t, struct buf *b)
{
	char	*what;
	int	 rc;

	if ((rc = apply_fixes(rp, t->turn)) != 0 ||
	    (rc = apply_end(rp, t)) != 0)
		return rc;
	buf_reset(b);
	state_xml_save(rp->cur, b);
	what = xasprintf("turn %d: the state at the start of the turn",
	    t->turn);
	if (rp->verify)
		rc = compare_text(rp, what, t->state, buf_str(b));
	free(what);
	if (rc == 0 && t->adjudicated)
		rc = replay_one(rp, t);
	return rc;
}

/* Each turn in order, those not loaded (state NULL) loaded first and
 * emptied once played, so that a record of the head alone costs the
 * memory of one turn. */
static int
replay_turns(struct replay *rp)
{
	struct play_rec_turn	*t;
	struct buf		 b = BUF_INIT;
	size_t			 i;
	int			 rc = 0, loaded;

	for (i = 0; i < rp->rec->nturns && rc == 0; i++) {
		t = &rp->rec->turns[i];
		if (t->turn != rp->cur->turn) {
			rc = differ(rp, "the stored turn %d follows turn %d",
			    t->turn, rp->cur->turn);
			break;
		}
		loaded = t->state == NULL && rp->load != NULL;
		if (loaded && (rc = rp->load(t, rp->arg)) != 0)
			break;
		rc = replay_turn(rp, t, &b);
		if (loaded)
			play_rec_turn_clear(t);
	}
	buf_free(&b);
	return rc;
}

int
ctl_replay(struct play_record *rec, int (*load)(struct play_rec_turn *,
    void *), void *arg, enum ctl_verify verify)
{
	struct replay	 rp;
	char		 cm[65];
	int		 rc;

	if (rec->seed == NULL)
		return ctl_err(NV_EXIT_FAIL, "game %s: the seed is not in the "
		    "archive (not revealed when it was written): the dice "
		    "cannot be checked", rec->game);
	memset(&rp, 0, sizeof rp);
	rp.rec = rec;
	rp.load = load;
	rp.arg = arg;
	rp.verify = verify;
	dice_commitment(rec->seed, cm);
	if (strcmp(cm, rec->commitment) != 0)
		return differ(&rp, "the seed does not match the commitment "
		    "shown at the start:\n  commitment: %s\n  SHA-256 of the "
		    "seed: %s", rec->commitment, cm);
	if ((rc = ctl_load_state_mem("scenario", rec->scenario,
	    strlen(rec->scenario), &rp.cg)) != 0)
		return rc;
	rp.cur = rp.cg.st;
	rp.cg.st = NULL;
	if ((rc = replay_turns(&rp)) == 0 && rec->nturns == 0)
		rc = differ(&rp, "no stored state at all");
	if (rc == 0)
		printf("replay of %s: %s: turns %d to %d, %zu events, %zu dice "
		    "rolls%s\n", rec->game, verify == CTL_VERIFY_ALL ?
		    "identical" : verify == CTL_VERIFY_STATES ? "states and "
		    "dice identical (the events' wording not compared)" :
		    "done",
		    rec->turns[0].turn, rec->turns[rec->nturns - 1].turn,
		    rp.nevents, rp.nrolls, buf_str(&rp.ended));
	buf_free(&rp.ended);
	state_free(rp.cur);
	play_game_free(&rp.cg);
	return rc;
}
