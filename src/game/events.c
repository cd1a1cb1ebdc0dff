/* events.c: the event log of a turn (see events.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
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

/* A block of the log's strings: sentences and ids one after another, so
 * that a turn's hundred thousand sentences are a few hundred allocations
 * and lie in the order the reports read them. */
struct nv_events_block {
	struct nv_events_block *next;
	size_t	 used;
	size_t	 cap;
	char	 p[];
};

#define EV_BLOCK	(64 * 1024 - 64)	/* bytes of text a block */

/* Room for need bytes at the end of the newest block (a new block when it
 * has not that much left); the caller fills it and then says how much it
 * took (ev_take). */
static char *
ev_room(struct nv_events *ev, size_t need)
{
	struct nv_events_block	*b = ev->blocks;
	size_t			 cap;

	if (b == NULL || b->cap - b->used < need) {
		cap = need > EV_BLOCK ? need : EV_BLOCK;
		b = xmalloc(sizeof *b + cap);
		b->used = 0;
		b->cap = cap;
		b->next = ev->blocks;
		ev->blocks = b;
	}
	return b->p + b->used;
}

static void
ev_take(struct nv_events *ev, size_t len)
{
	ev->blocks->used += len;
}

/* A copy of the len bytes at s, with a NUL, in the log's blocks. */
static char *
ev_strndup(struct nv_events *ev, const char *s, size_t len)
{
	char	*p = ev_room(ev, len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	ev_take(ev, len + 1);
	return p;
}

/* The event's copy of a ship id (at most NV_ID_MAX bytes kept): "" for
 * none, and the previous event's copy when it names the same ship, as
 * the events of one ship follow each other. */
static const char *
copy_id(struct nv_events *ev, const char *src)
{
	const struct nv_event	*prev;
	size_t			 n;

	if (src == NULL || *src == '\0')
		return "";
	n = strnlen(src, 32);
	if (ev->n >= 2) {
		prev = &ev->v[ev->n - 2];
		if (strncmp(prev->ship, src, n) == 0 && prev->ship[n] == '\0')
			return prev->ship;
		if (strncmp(prev->other, src, n) == 0 &&
		    prev->other[n] == '\0')
			return prev->other;
	}
	return ev_strndup(ev, src, n);
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
	memset(e, 0, sizeof *e);
	e->phase = phase;
	e->kind = kind;
	e->text = NULL;
	e->also = NULL;
	e->ship = copy_id(ev, ship);
	e->other = copy_id(ev, other);
	return e;
}

void
events_addv(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other, const char *prefix,
    const char *fmt, va_list ap)
{
	struct nv_event	*e;
	va_list		 aq;
	size_t		 room, pre = prefix != NULL ? strlen(prefix) : 0;
	char		*p;
	int		 n;

	/* A NULL format is a bug in the caller (and saying so keeps GCC's
	 * -fsanitize=undefined from warning, as in xvasprintf). */
	if (fmt == NULL)
		abort();
	e = event_new(ev, phase, kind, ship, other);
	if (!events_worded(ev, kind))
		return;
	/* Written where it will stay when it fits the newest block (nearly
	 * always), else again into a block with room for it. */
	p = ev_room(ev, pre + 1);
	memcpy(p, prefix != NULL ? prefix : "", pre);
	room = ev->blocks->cap - ev->blocks->used - pre;
	va_copy(aq, ap);
	n = vsnprintf(p + pre, room, fmt, aq);
	va_end(aq);
	if (n < 0)
		abort();
	if ((size_t)n >= room) {
		p = ev_room(ev, pre + (size_t)n + 1);
		memcpy(p, prefix != NULL ? prefix : "", pre);
		(void)vsnprintf(p + pre, (size_t)n + 1, fmt, ap);
	}
	ev_take(ev, pre + (size_t)n + 1);
	e->text = p;
}

void
events_add(struct nv_events *ev, int phase, const char *kind,
    const char *ship, const char *other, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	events_addv(ev, phase, kind, ship, other, NULL, fmt, ap);
	va_end(ap);
}

int
events_worded(const struct nv_events *ev, const char *kind)
{
	return ev->worded == NULL || ev->worded(kind);
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
	size_t		 i, n;

	if (ev->n == 0 || ship == NULL || *ship == '\0')
		return;
	e = &ev->v[ev->n - 1];
	n = strnlen(ship, 32);
	if ((strncmp(ship, e->ship, n) == 0 && e->ship[n] == '\0') ||
	    (strncmp(ship, e->other, n) == 0 && e->other[n] == '\0'))
		return;
	for (i = 0; i < e->nalso; i++)
		if (strncmp(ship, e->also[i], n) == 0 &&
		    e->also[i][n] == '\0')
			return;
	e->also = xreallocarray(e->also, e->nalso + 1, sizeof *e->also);
	e->also[e->nalso++] = ev_strndup(ev, ship, n);
}

void
events_free(struct nv_events *ev)
{
	struct nv_events_block	*b, *next;
	size_t			 i;

	for (i = 0; i < ev->n; i++)
		free(ev->v[i].also);
	free(ev->v);
	for (b = ev->blocks; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	ev->v = NULL;
	ev->n = ev->cap = 0;
	ev->blocks = NULL;
}
