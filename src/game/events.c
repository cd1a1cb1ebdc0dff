/* events.c: the event log of a turn (see events.h). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "xalloc.h"

static const char *const event_kind_names[] = {
#define X(e, s) s,
	NV_EVENT_KINDS(X)
#undef X
};

const char *
event_kind_name(enum nv_event_kind k)
{
	if ((int)k < 0 || k >= NV_EV_COUNT)
		return "?";
	return event_kind_names[k];
}

static void
copy_id(char *dst, const char *src)
{
	size_t	n = 0;

	if (src != NULL) {
		n = strnlen(src, 32);
		memcpy(dst, src, n);
	}
	dst[n] = '\0';
}

void
events_add(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other, const char *fmt, ...)
{
	struct nv_event	*e;
	va_list		 ap;

	if (ev->n == ev->cap) {
		ev->cap = ev->cap == 0 ? 32 : ev->cap * 2;
		ev->v = xreallocarray(ev->v, ev->cap, sizeof *ev->v);
	}
	e = &ev->v[ev->n++];
	e->phase = phase;
	e->kind = kind;
	e->has_at = 0;
	e->at.q = e->at.r = 0;
	e->facing = e->status = e->side = 0;
	copy_id(e->ship, ship);
	copy_id(e->other, other);
	va_start(ap, fmt);
	e->text = xvasprintf(fmt, ap);
	va_end(ap);
}

void
events_free(struct nv_events *ev)
{
	size_t	i;

	for (i = 0; i < ev->n; i++)
		free(ev->v[i].text);
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
}
