/* classic-report.c: what a report says about a classic ship beyond its
 * stored attributes (which report-doc.c writes for any ruleset): the
 * figures a player plans with (cruise and maximum speed as crew and rakes
 * leave them, maximum-speed uses left), its weapons in words, and the
 * running score.  Reports are about the rules, so this file knows the
 * classic module's data (classic.h); another ruleset adds its own file. */
#include "config.h"

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

static void
classic_report_ship(const struct nv_state *st, int i, xmlNodePtr node)
{
	const struct nv_ship	*s = &st->ships[i];
	const struct classic_data *cd;
	struct buf		 b = BUF_INIT;
	long			 n, left;
	int			 w, m;

	cd = classic_data(st->rs);
	doc_set_int(node, "cruise", classic_cruise(st->rs, s));
	doc_set_int(node, "max-speed", classic_max_speed(st->rs, s));
	doc_set_int(node, "accel", classic_accel(st->rs, s));
	doc_set_int(node, "turn-circle", classic_turn_circle(st->rs, s));
	left = cd->max_speed_uses - s->attr[CL_A_MAX_USES].i;
	/* A ship whose maximum is its cruising speed (raked, where the
	 * ruleset takes maximum speed away) has no maximum-speed turn left,
	 * however few it has used: the table must not offer three. */
	if (classic_max_speed(st->rs, s) <= classic_cruise(st->rs, s))
		left = 0;
	doc_set_int(node, "max-speed-uses-left", left < 0 ? 0 : left);
	for (w = 0; w < CL_W_COUNT; w++) {
		n = s->attr[CL_A_BOWS + w].i;
		if (n == 0)
			continue;
		buf_printf(&b, "%s%ld %s", b.len > 0 ? ", " : "", n,
		    weapon_words[w][n == 1 ? 0 : 1]);
	}
	doc_set(node, "weapons", b.len > 0 ? buf_str(&b) : "none");
	buf_reset(&b);
	for (m = 0; m < CL_M_COUNT; m++) {
		n = s->attr[CL_A_M_LIGHT + m].i;
		if (n > 0)
			buf_printf(&b, "%s%ld %s", b.len > 0 ? ", " : "", n,
			    marine_words[m]);
	}
	doc_set(node, "marine-types", b.len > 0 ? buf_str(&b) : "none");
	buf_free(&b);
}

static int
classic_report_scores(const struct nv_state *st, int *score)
{
	classic_scores(st, score);
	return 1;
}

const struct report_module classic_report = {
	"classic", classic_report_ship, classic_report_scores, NULL
};
