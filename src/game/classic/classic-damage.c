/* classic-damage.c: hull damage and sinking, whatever the source (a ram,
 * a stone thrower, an open hole).
 *
 * classic.md, "Rams": damage from any source that reaches the ship's
 * remaining hull sinks it at once; it becomes a wreck in its hex (an
 * obstacle for the rest of the game) and all its crew are lost. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "classic.h"
#include "events.h"
#include "state.h"
#include "turn.h"
#include "strutil.h"
#include "xalloc.h"

static const char *const classic_event_names[] = {
#define X(e, s) s,
	CLASSIC_EVENT_KINDS(X)
#undef X
};

const char *
classic_event_name(enum classic_event_kind k)
{
	if ((int)k < 0 || k >= CL_EV_COUNT)
		return "?";
	return classic_event_names[k];
}

const char *
classic_desc(const struct nv_turn *t, int ship)
{
	return t->desc[ship];
}

/* Removes id from the space-separated list of ship s's attribute a. */
static void
drop_id(struct nv_ship *s, int a, const char *id)
{
	struct buf	 b = BUF_INIT;
	char		*list, *w;
	size_t		 n, i;
	char		*words[64];

	if (s->attr[a].s == NULL || s->attr[a].s[0] == '\0')
		return;
	list = xstrdup(s->attr[a].s);
	n = str_split_words(list, words, 64);
	for (i = 0; i < n && i < 64; i++) {
		w = words[i];
		if (strcmp(w, id) == 0)
			continue;
		if (b.len > 0)
			buf_addc(&b, ' ');
		buf_adds(&b, w);
	}
	free(s->attr[a].s);
	s->attr[a].s = buf_detach(&b);
	free(list);
}

static void
sink(struct nv_turn *t, int i)
{
	struct nv_state	*st = t->st;
	struct nv_ship	*s = &st->ships[i];
	char		 h[8];
	size_t		 k;

	s->status = NV_STATUS_SUNK;
	s->attr[CL_A_HULL].i = 0;
	s->attr[CL_A_HOLES].i = 0;
	/* All its crew are lost: marines and archers.  The engines go down
	 * with the ship, so nothing is left aboard to count. */
	s->attr[CL_A_MARINES].i = 0;
	s->attr[CL_A_M_LIGHT].i = 0;
	s->attr[CL_A_M_MEDIUM].i = 0;
	s->attr[CL_A_M_HEAVY].i = 0;
	s->attr[CL_A_BOWS].i = 0;
	s->attr[CL_A_CATAPULTS].i = 0;
	s->attr[CL_A_STONES].i = 0;
	free(s->attr[CL_A_GRAPPLED].s);
	s->attr[CL_A_GRAPPLED].s = xstrdup("");
	free(s->attr[CL_A_BOARDING].s);
	s->attr[CL_A_BOARDING].s = xstrdup("");
	for (k = 0; k < st->nships; k++) {
		drop_id(&st->ships[k], CL_A_GRAPPLED, s->id);
		drop_id(&st->ships[k], CL_A_BOARDING, s->id);
	}
	state_add_wreck(st, s->hex, s->id);
	t->plots[i].stopped = 1;
	turn_event(t, classic_event_name(CL_EV_SINK), i, -1,
	    "%s sinks in %s and becomes a wreck; all hands are lost",
	    t->desc[i], state_hex_name(st, s->hex, h));
}

int
classic_damage(struct nv_turn *t, int i, int amount, const char *source)
{
	struct nv_ship	*s = &t->st->ships[i];
	long		 hull = s->attr[CL_A_HULL].i;

	if (amount <= 0 || !ship_on_map(s))
		return 0;
	if (amount >= hull) {
		if (source != NULL)
			turn_event(t, classic_event_name(CL_EV_DAMAGE), i, -1,
			    "%s takes %d hull damage from %s, which reaches "
			    "its remaining hull of %ld", t->desc[i], amount,
			    source, hull);
		sink(t, i);
		return 1;
	}
	s->attr[CL_A_HULL].i = hull - amount;
	if (source != NULL)
		turn_event(t, classic_event_name(CL_EV_DAMAGE), i, -1,
		    "%s takes %d hull damage from %s; %ld hull left",
		    t->desc[i], amount, source, hull - amount);
	return 0;
}
