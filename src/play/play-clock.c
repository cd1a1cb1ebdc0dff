/* play-clock.c: pause, resume and deadlines (see play-clock.h).
 *
 * The rules, so that the GM is never surprised:
 * - PAUSE keeps the time left (games.paused_left) and the tick leaves a
 *   paused game alone, so no deadline passes during a pause;
 * - RESUME gives the time kept back (deadline = now + left), or takes the
 *   deadline the GM names;
 * - +N extends: from the current deadline while it is ahead, from now
 *   when there is none or it has passed, and during a pause it adds to
 *   the time kept (or to the deadline set during the pause);
 * - a deadline must be after now: one in the past is refused, never
 *   silently taken (it would play the turn at once).
 * Every change is audited and noticed to the players in the caller's
 * transaction. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "play-clock.h"
#include "store.h"
#include "timefmt.h"
#include "tz.h"
#include "xalloc.h"

/* A date word: YYYY-MM-DD, alone or with its time glued on by T. */
static int
date_word(const char *w)
{
	size_t	i;

	for (i = 0; i < 10; i++)
		if (w[i] == '\0' || (i == 4 || i == 7 ? w[i] != '-' :
		    (w[i] < '0' || w[i] > '9')))
			return 0;
	return w[10] == '\0' || w[10] == 'T' || w[10] == 't';
}

/* 1 if the time of day t (20:00, 20:00Z, 20:00+02:00) carries its
 * zone. */
static int
zone_glued(const char *t)
{
	const char	*p;

	for (p = t; *p != '\0'; p++)
		if (*p == 'Z' || *p == 'z' || *p == '+' || *p == '-')
			return 1;
	return 0;
}

static int
is_zone(const char *w)
{
	char	*canon = NULL, *cause = NULL;
	int	 ok = tz_check(w, &canon, &cause) == 0;

	free(canon);
	free(cause);
	return ok;
}

size_t
play_clock_spec_words(char *const *w, size_t n)
{
	size_t	i = 0;

	if (n > 0 && strcasecmp(w[0], "AT") == 0)
		i = 1;
	if (i >= n)
		return i;
	if (i == 0 && (strcasecmp(w[0], "NONE") == 0 || w[0][0] == '+' ||
	    w[0][0] == '@'))
		return 1;
	if (w[i][0] == '@')
		return i + 1;
	if (!date_word(w[i]))
		return i;
	if (w[i][10] == '\0') {
		/* The date, then the time as a word of its own. */
		if (++i >= n || strchr(w[i], ':') == NULL)
			return i;
		if (zone_glued(w[i]))
			return i + 1;
	} else if (zone_glued(w[i] + 11))
		return i + 1;
	i++;
	return i < n && is_zone(w[i]) ? i + 1 : i;
}

/* --- the game's clock ---------------------------------------------------- */

static enum play_clock_code
clock_rc(enum store_code code)
{
	return code == STORE_OK ? PLAY_CLOCK_OK : code == STORE_BUSY ?
	    PLAY_CLOCK_TEMP : PLAY_CLOCK_ERROR;
}

static enum play_clock_code
refuse(char **cause, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static enum play_clock_code
refuse(char **cause, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	*cause = xvasprintf(fmt, ap);
	va_end(ap);
	return PLAY_CLOCK_REFUSED;
}

static void
when(int64_t t, char out[TIME_LEN])
{
	if (t == 0)
		snprintf(out, TIME_LEN, "none");
	else
		time_format(t, out);
}

/* A spec with its optional AT, as given. */
static const char *
skip_at(const char *spec)
{
	if (strncasecmp(spec, "AT", 2) == 0 && (spec[2] == ' ' ||
	    spec[2] == '\t'))
		spec += 2 + strspn(spec + 2, " \t");
	return spec;
}

/* The audit entry and the notice of one change, with the clock after
 * it. */
static enum store_code
record(struct store *s, const struct play_clock_req *r,
    const struct store_game *g, const char *action,
    enum store_notice_kind kind, const struct play_clock *c, char **cause)
{
	struct store_notice_new	 n;
	struct buf		 d = BUF_INIT, details = BUF_INIT;
	char			 a[TIME_LEN], b[TIME_LEN];
	enum store_code		 code;

	when(c->deadline, a);
	when(c->was, b);
	if (c->paused && c->left >= 0)
		buf_printf(&details, "paused with %lld s left (deadline was "
		    "%s)", (long long)c->left, b);
	else
		buf_printf(&details, "deadline %s (was %s)", a, b);
	if (r->reason != NULL && *r->reason != '\0')
		buf_printf(&details, ": %s", r->reason);
	buf_printf(&d, "deadline=%lld\nwas=%lld\nleft=%lld\npaused=%d",
	    (long long)c->deadline, (long long)c->was, (long long)c->left,
	    c->paused);
	code = store_audit_add(s, g->id, r->now, r->actor, action,
	    buf_str(&details), cause);
	if (code == STORE_OK) {
		memset(&n, 0, sizeof n);
		n.game = g->id;
		n.kind = kind;
		n.turn = g->turn;
		n.actor = r->actor;
		n.reason = r->reason;
		n.details = buf_str(&d);
		n.now = r->now;
		code = store_notice_add(s, &n, NULL, cause);
	}
	buf_free(&d);
	buf_free(&details);
	return code;
}

static enum play_clock_code
load(struct store *s, const struct play_clock_req *r, struct store_game **g,
    struct play_clock *out, char **cause)
{
	enum store_code	code;

	memset(out, 0, sizeof *out);
	out->left = -1;
	if ((code = store_game_get(s, r->game, g, cause)) != STORE_OK)
		return clock_rc(code);
	out->paused = (*g)->status == STORE_GAME_PAUSED;
	out->deadline = out->was = (*g)->deadline;
	out->left = out->paused ? (*g)->paused_left : -1;
	if ((*g)->status == STORE_GAME_ENDED)
		return refuse(cause, "game %s has ended: its clock is stopped "
		    "for good", r->game);
	return PLAY_CLOCK_OK;
}

static enum play_clock_code
past(const struct play_clock_req *r, int64_t t, char **cause)
{
	char	a[TIME_LEN], b[TIME_LEN];

	time_format(t, a);
	time_format(r->now, b);
	return refuse(cause, "the deadline %s is not in the future (it is "
	    "now %s): give a later time, or +N to extend (+24h)", a, b);
}

/* A relative spec during a pause: added to what the clock will have. */
static enum play_clock_code
extend_paused(const char *spec, struct play_clock *c, char **cause)
{
	int64_t	v;
	char	*why = NULL;

	if (strchr(spec, '@') != NULL)
		return refuse(cause, "'%s': while the game is paused its clock "
		    "stands still, so +N@HH:MM means nothing: write +N to add "
		    "to the time left, or AT and a time", spec);
	if (time_parse(spec, 0, &v, &why) != 0) {
		*cause = why;
		return PLAY_CLOCK_REFUSED;
	}
	if (c->left >= 0)
		c->left += v;
	else if (c->deadline != 0)
		c->deadline += v;
	else
		c->left = v;
	return PLAY_CLOCK_OK;
}

/* The new deadline of spec: *t, or the clock changed for a pause. */
static enum play_clock_code
parse_deadline(const struct play_clock_req *r, const char *spec,
    struct play_clock *c, char **cause)
{
	int64_t	base;
	char	*why = NULL;

	spec = skip_at(spec);
	if (strcasecmp(spec, "NONE") == 0) {
		c->deadline = 0;
		c->left = -1;
		return PLAY_CLOCK_OK;
	}
	if (spec[0] == '+' && c->paused)
		return extend_paused(spec, c, cause);
	if (spec[0] == '+') {
		base = c->deadline > r->now ? c->deadline : r->now;
		if (time_parse(spec, base, &c->deadline, &why) != 0) {
			*cause = why;
			return PLAY_CLOCK_REFUSED;
		}
	} else if (tz_parse_time(spec, &c->deadline, &why) != 0) {
		*cause = xasprintf("%s; or +N to extend the deadline (+24h), or "
		    "NONE", why);
		free(why);
		return PLAY_CLOCK_REFUSED;
	}
	c->left = -1;
	return c->deadline <= r->now ? past(r, c->deadline, cause) :
	    PLAY_CLOCK_OK;
}

enum play_clock_code
play_clock_deadline(struct store *s, const struct play_clock_req *r,
    const char *spec, struct play_clock *out, char **cause)
{
	struct store_game	*g = NULL;
	enum play_clock_code	 rc;
	enum store_code		 code;

	if ((rc = load(s, r, &g, out, cause)) == PLAY_CLOCK_OK)
		rc = parse_deadline(r, spec, out, cause);
	if (rc == PLAY_CLOCK_OK) {
		code = store_game_set_deadline(s, g->id, out->deadline, cause);
		if (code == STORE_OK && out->paused)
			code = store_game_set_paused_left(s, g->id, out->left,
			    cause);
		if (code == STORE_OK)
			code = record(s, r, g, "deadline",
			    STORE_NOTICE_DEADLINE, out, cause);
		rc = clock_rc(code);
	}
	store_game_free(g);
	return rc;
}

enum play_clock_code
play_clock_pause(struct store *s, const struct play_clock_req *r,
    struct play_clock *out, char **cause)
{
	struct store_game	*g = NULL;
	enum play_clock_code	 rc;
	enum store_code		 code;

	if ((rc = load(s, r, &g, out, cause)) == PLAY_CLOCK_OK &&
	    out->paused)
		rc = refuse(cause, "game %s is already paused (RESUME starts "
		    "its clock again)", r->game);
	if (rc == PLAY_CLOCK_OK) {
		out->paused = 1;
		out->left = g->deadline == 0 ? -1 : g->deadline > r->now ?
		    g->deadline - r->now : 0;
		code = store_game_set_status(s, g->id, STORE_GAME_PAUSED,
		    cause);
		if (code == STORE_OK)
			code = store_game_set_paused_left(s, g->id, out->left,
			    cause);
		if (code == STORE_OK)
			code = record(s, r, g, "pause", STORE_NOTICE_PAUSED,
			    out, cause);
		rc = clock_rc(code);
	}
	store_game_free(g);
	return rc;
}

/* The deadline a resume gives: the GM's, the time kept, or the one set
 * during the pause. */
static enum play_clock_code
resume_deadline(const struct play_clock_req *r, const char *spec,
    struct play_clock *c, char **cause)
{
	char	*why = NULL, a[TIME_LEN];

	if (spec != NULL && *spec != '\0') {
		spec = skip_at(spec);
		if (spec[0] == '+' ? time_parse(spec, r->now, &c->deadline,
		    &why) != 0 : tz_parse_time(spec, &c->deadline, &why) != 0) {
			*cause = why;
			return PLAY_CLOCK_REFUSED;
		}
		if (c->deadline <= r->now)
			return past(r, c->deadline, cause);
	} else if (c->left >= 0)
		c->deadline = r->now + c->left;
	else if (c->deadline != 0 && c->deadline <= r->now) {
		time_format(c->deadline, a);
		return refuse(cause, "the deadline set during the pause, %s, "
		    "has passed: name a new one (RESUME +24h, or RESUME AT "
		    "2026-12-01T20:00Z)", a);
	}
	c->paused = 0;
	c->left = -1;
	return PLAY_CLOCK_OK;
}

enum play_clock_code
play_clock_resume(struct store *s, const struct play_clock_req *r,
    const char *spec, struct play_clock *out, char **cause)
{
	struct store_game	*g = NULL;
	enum play_clock_code	 rc;
	enum store_code		 code;

	if ((rc = load(s, r, &g, out, cause)) == PLAY_CLOCK_OK &&
	    !out->paused)
		rc = refuse(cause, "game %s is not paused: its clock runs",
		    r->game);
	if (rc == PLAY_CLOCK_OK)
		rc = resume_deadline(r, spec, out, cause);
	if (rc == PLAY_CLOCK_OK) {
		code = store_game_set_status(s, g->id, STORE_GAME_PLAYING,
		    cause);
		if (code == STORE_OK)
			code = store_game_set_paused_left(s, g->id, -1, cause);
		if (code == STORE_OK)
			code = store_game_set_deadline(s, g->id, out->deadline,
			    cause);
		if (code == STORE_OK)
			code = record(s, r, g, "resume", STORE_NOTICE_RESUMED,
			    out, cause);
		rc = clock_rc(code);
	}
	store_game_free(g);
	return rc;
}
