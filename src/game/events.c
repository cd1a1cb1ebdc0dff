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

/* --- sentences ------------------------------------------------------------ */

/* Whether fmt has no conversion but %s, %d, %u, %c, %ld, %lu, %zu and %%
 * (no flag, width or precision): what nearly every sentence uses, which
 * fmt_plain writes; vsnprintf takes the rest.  Its own formatting was
 * a tenth of a big turn's instructions (issue 16). */
static int
is_plain(const char *fmt)
{
	char	len;

	while ((fmt = strchr(fmt, '%')) != NULL) {
		fmt++;
		if (*fmt == 'l' || *fmt == 'z') {
			len = *fmt++;
			if (*fmt != 'u' && !(len == 'l' && *fmt == 'd'))
				return 0;
		} else if (*fmt == '\0' || strchr("sduc%", *fmt) == NULL)
			return 0;
		fmt++;
	}
	return 1;
}

/* Appends the len bytes of s to out[*n] as far as there is room (one
 * byte kept for the '\0'), counting them all. */
static void
put(char *out, size_t room, size_t *n, const char *s, size_t len)
{
	size_t	left = *n + 1 < room ? room - 1 - *n : 0;

	if (left > 0)
		memcpy(out + *n, s, len < left ? len : left);
	*n += len;
}

/* What vsnprintf(out, room, fmt, ap) writes and returns, for a format
 * is_plain() accepts. */
static size_t
fmt_plain(char *out, size_t room, const char *fmt, va_list ap)
{
	size_t			 n = 0, k;
	const char		*s;
	char			 digits[24], c;
	unsigned long		 u;
	int			 neg;

	for (; *fmt != '\0'; fmt++) {
		if (*fmt != '%') {
			k = strcspn(fmt, "%");
			put(out, room, &n, fmt, k);
			fmt += k - 1;
			continue;
		}
		neg = 0;
		switch (*++fmt) {
		case '%':
			put(out, room, &n, "%", 1);
			continue;
		case 'c':
			c = (char)va_arg(ap, int);
			put(out, room, &n, &c, 1);
			continue;
		case 's':
			if ((s = va_arg(ap, const char *)) == NULL)
				s = "(null)";	/* as glibc */
			put(out, room, &n, s, strlen(s));
			continue;
		case 'd': {
			int	i = va_arg(ap, int);

			neg = i < 0;
			u = neg ? 0UL - (unsigned long)i : (unsigned long)i;
			break;
		}
		case 'u':
			u = va_arg(ap, unsigned);
			break;
		case 'z':
			fmt++;
			u = va_arg(ap, size_t);
			break;
		default: {		/* 'l' */
			long	l;

			if (*++fmt == 'u') {
				u = va_arg(ap, unsigned long);
				break;
			}
			l = va_arg(ap, long);
			neg = l < 0;
			u = neg ? 0UL - (unsigned long)l : (unsigned long)l;
			break;
		}
		}
		/* Right to left, the sign first of all. */
		k = sizeof digits;
		do
			digits[--k] = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (neg)
			digits[--k] = '-';
		put(out, room, &n, digits + k, sizeof digits - k);
	}
	if (room > 0)
		out[n < room ? n : room - 1] = '\0';
	return n;
}

/* vsnprintf, through fmt_plain when it can. */
static size_t
ev_vsnprintf(char *out, size_t room, const char *fmt, va_list ap)
{
	int	n;

	if (is_plain(fmt))
		return fmt_plain(out, room, fmt, ap);
	if ((n = vsnprintf(out, room, fmt, ap)) < 0)
		abort();
	return (size_t)n;
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
	size_t		 room, pre = prefix != NULL ? strlen(prefix) : 0, n;
	char		*p;

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
	n = ev_vsnprintf(p + pre, room, fmt, aq);
	va_end(aq);
	if (n >= room) {
		p = ev_room(ev, pre + n + 1);
		memcpy(p, prefix != NULL ? prefix : "", pre);
		(void)ev_vsnprintf(p + pre, n + 1, fmt, ap);
	}
	ev_take(ev, pre + n + 1);
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
