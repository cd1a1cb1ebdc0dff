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

static struct nv_event *
event_new(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other)
{
	struct nv_event	*e;

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
	e->has_path = 0;
	e->from.q = e->from.r = e->to.q = e->to.r = 0;
	e->also = NULL;
	e->nalso = 0;
	copy_id(e->ship, ship);
	copy_id(e->other, other);
	return e;
}

void
events_add(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other, const char *fmt, ...)
{
	struct nv_event	*e;
	va_list		 ap;

	e = event_new(ev, phase, kind, ship, other);
	va_start(ap, fmt);
	e->text = xvasprintf(fmt, ap);
	va_end(ap);
}

void
events_add_text(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other, char *text)
{
	event_new(ev, phase, kind, ship, other)->text = text;
}

void
events_path(struct nv_events *ev, struct nv_hex from, struct nv_hex to)
{
	struct nv_event	*e;

	if (ev->n == 0)
		return;
	e = &ev->v[ev->n - 1];
	e->has_path = 1;
	e->from = from;
	e->to = to;
}

void
events_also(struct nv_events *ev, const char *ship)
{
	struct nv_event	*e;
	char		 id[33];
	size_t		 i;

	if (ev->n == 0 || ship == NULL || *ship == '\0')
		return;
	e = &ev->v[ev->n - 1];
	copy_id(id, ship);
	if (strcmp(id, e->ship) == 0 || strcmp(id, e->other) == 0)
		return;
	for (i = 0; i < e->nalso; i++)
		if (strcmp(id, e->also[i]) == 0)
			return;
	e->also = xreallocarray(e->also, e->nalso + 1, sizeof *e->also);
	e->also[e->nalso++] = xstrdup(id);
}

void
events_free(struct nv_events *ev)
{
	size_t	i, j;

	for (i = 0; i < ev->n; i++) {
		for (j = 0; j < ev->v[i].nalso; j++)
			free(ev->v[i].also[j]);
		free(ev->v[i].also);
		free(ev->v[i].text);
	}
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
}
