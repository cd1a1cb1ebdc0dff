/* classic-report.c: what a report says about a classic ship beyond its
 * stored attributes (which report-doc.c writes for any ruleset): the
 * figures a player plans with (cruise and maximum speed as crew and rakes
 * leave them, maximum-speed uses left), its weapons in words, the ship
 * table's derived values (its columns are data/rulesets/classic.xml's),
 * the sentence of its figures and what binds it next turn, the running score and the order template's help.
 * Reports are about the rules, so this file knows the classic module's
 * data (classic.h); another ruleset adds its own file. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "classic/classic.h"
#include "report-int.h"
#include "state.h"

static const char *const weapon_words[CL_W_COUNT][2] = {
#define X(e, id, attr, word) { id, attr },
	CLASSIC_WEAPONS(X)
#undef X
};

static const char *const marine_words[CL_M_COUNT] = {
#define X(e, id) id,
	CLASSIC_MARINES(X)
#undef X
};

/* The maximum-speed turns ship s has left.  A ship whose maximum is its
 * cruising speed (raked, where the ruleset takes maximum speed away) has
 * none left, however few it has used: the table must not offer three. */
static long
uses_left(const struct nv_ruleset *rs, const struct nv_ship *s)
{
	long	left = classic_data(rs)->max_speed_uses -
		    s->attr[CL_A_MAX_USES].i;

	if (classic_max_speed(rs, s) <= classic_cruise(rs, s) || left < 0)
		left = 0;
	return left;
}

/* The ship table's derived values (data/rulesets/classic.xml,
 * <ship-table>); hull, holes and marines are the ship's attributes. */
static int
classic_report_value(const struct nv_state *st, int i, const char *name,
    struct buf *out)
{
	if (strcmp(name, "max-speed-uses-left") != 0)
		return 0;
	buf_printf(out, "%ld", uses_left(st->rs, &st->ships[i]));
	return 1;
}

/* A state's list of ids ("a3 a7") in words: "a3", "a3 and a7", "a3, a5
 * and a7" (or "or" for and). */
static void
id_words(const char *ids, const char *and, struct buf *b)
{
	const char	*p = ids, *q;
	size_t		 n = 0, k = 0, len;

	for (q = ids; *q != '\0'; q += len) {
		q += strspn(q, " ");
		if ((len = strcspn(q, " ")) > 0)
			n++;
	}
	while (*(p += strspn(p, " ")) != '\0') {
		len = strcspn(p, " ");
		if (k > 0)
			buf_adds(b, k + 1 == n ? and : ", ");
		buf_add(b, p, len);
		p += len;
		k++;
	}
}

/* What binds the ship next turn, after its figures. */
static void
binds(const struct nv_state *st, const struct nv_ship *s, struct buf *b)
{
	const char	*obl = s->attr[CL_A_OBLIGATION].s;
	const char	*by = s->attr[CL_A_RAKED_BY].s;
	int		 named = by[strspn(by, " ")] != '\0';

	if (strcmp(obl, "back") == 0)
		buf_adds(b, " It rammed this turn, so next turn it must back "
		    "one hex (MOVE B).");
	if (strcmp(obl, "pivot") == 0)
		buf_adds(b, " Getting under way after backing: at most one "
		    "turn before the first F, speed up to its acceleration "
		    "from 0.");
	if (*s->attr[CL_A_GRAPPLED].s != '\0') {
		buf_adds(b, " Grappled with ");
		id_words(s->attr[CL_A_GRAPPLED].s, " and ", b);
		buf_adds(b, ": cannot move (SPEED 0).");
	}
	/* The table shows a prize by its old side's code letter. */
	if (s->owner != s->side)
		buf_printf(b, " Captured from %s.", st->sides[s->owner].id);
	/* Who raked it matters: a raked ship may not board its raker. */
	if (s->attr[CL_A_RAKED].i > 0) {
		buf_adds(b, " Oars raked");
		if (named) {
			buf_adds(b, " by ");
			id_words(by, " and ", b);
		}
		buf_adds(b, ": cruise lowered, turning circle raised, no "
		    "maximum speed");
		if (named) {
			buf_adds(b, "; it may not board ");
			id_words(by, " or ", b);
		}
		buf_adds(b, ".");
	}
}

/* Its weapons ("2 bows, 1 catapult") and marines ("2 medium") in words,
 * "none" for none. */
static void
arms_words(const struct nv_ship *s, struct buf *weapons, struct buf *marines)
{
	long	n;
	int	w, m;

	for (w = 0; w < CL_W_COUNT; w++) {
		n = s->attr[CL_A_BOWS + w].i;
		if (n == 0)
			continue;
		buf_printf(weapons, "%s%ld %s", weapons->len > 0 ? ", " : "",
		    n, weapon_words[w][n == 1 ? 0 : 1]);
	}
	if (weapons->len == 0)
		buf_adds(weapons, "none");
	for (m = 0; m < CL_M_COUNT; m++) {
		n = s->attr[CL_A_M_LIGHT + m].i;
		if (n > 0)
			buf_printf(marines, "%s%ld %s", marines->len > 0 ?
			    ", " : "", n, marine_words[m]);
	}
	if (marines->len == 0)
		buf_adds(marines, "none");
}

static void
classic_report_ship(const struct nv_state *st, int i, xmlNodePtr node)
{
	const struct nv_ruleset	*rs = st->rs;
	const struct nv_ship	*s = &st->ships[i];
	struct buf		 weapons = BUF_INIT, marines = BUF_INIT;
	struct buf		 b = BUF_INIT;

	doc_set_int(node, "cruise", classic_cruise(rs, s));
	doc_set_int(node, "max-speed", classic_max_speed(rs, s));
	doc_set_int(node, "accel", classic_accel(rs, s));
	doc_set_int(node, "turn-circle", classic_turn_circle(rs, s));
	doc_set_int(node, "max-speed-uses-left", uses_left(rs, s));
	arms_words(s, &weapons, &marines);
	doc_set(node, "weapons", buf_str(&weapons));
	doc_set(node, "marine-types", buf_str(&marines));
	buf_printf(&b, "%s: cruise %d, max %d, acceleration %d, turning "
	    "circle %d. Weapons: %s. Marines: %s. Crew: %s.", s->id,
	    classic_cruise(rs, s), classic_max_speed(rs, s),
	    classic_accel(rs, s), classic_turn_circle(rs, s),
	    buf_str(&weapons), buf_str(&marines), rs->crews[s->crew].id);
	binds(st, s, &b);
	doc_set(node, "detail", buf_str(&b));
	buf_free(&b);
	buf_free(&weapons);
	buf_free(&marines);
}

static int
classic_report_scores(const struct nv_state *st, int *score)
{
	classic_scores(st, score);
	return 1;
}

const struct report_module classic_report = {
	"classic", classic_report_ship, classic_report_value,
	classic_report_scores, NULL,
	report_order_straight,
	"Copy the lines below into your reply as plain lines (quoted lines "
	"are not read as orders), add your PASSWORD line, change the movement "
	"and add FIRE, BOARD, REPULSE or RAKE orders. Each ship line below is "
	"legal as it stands: straight on at its speed, or what an obligation "
	"demands."
};
