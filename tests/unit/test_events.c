/* test_events.c: the event log's sentences (src/game/events.c), each
 * against what snprintf makes of the same format and arguments: the
 * conversions the log writes itself (%s %d %u %c %ld %lu %zu %%) at their
 * limits, those it leaves to vsnprintf, a prefix, and sentences that do
 * not fit the block they were begun in. */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "events.h"

/* The last event's sentence is want, and its prefix pre. */
static void
check(const struct nv_events *ev, const char *pre, const char *want,
    int line)
{
	const char	*got = ev->v[ev->n - 1].text;
	size_t		 k = strlen(pre);

	if (got == NULL || strncmp(got, pre, k) != 0 ||
	    strcmp(got + k, want) != 0)
		fail_msg("line %d: \"%s\", expected \"%s%s\"", line,
		    got != NULL ? got : "(no text)", pre, want);
}

static char	want[200000];

#define SAME(ev, ...) do {						\
	snprintf(want, sizeof want, __VA_ARGS__);			\
	events_add((ev), 1, "k", NULL, NULL, __VA_ARGS__);		\
	check((ev), "", want, __LINE__);				\
} while (0)

static void
with_prefix(struct nv_events *ev, const char *pre, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
with_prefix(struct nv_events *ev, const char *pre, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	events_addv(ev, 2, "k", "a1", "b2", pre, fmt, ap);
	va_end(ap);
}

static void
test_conversions(void **state)
{
	struct nv_events	ev = NV_EVENTS_INIT;

	(void)state;
	SAME(&ev, "no conversion at all");
	SAME(&ev, "%s", "");
	SAME(&ev, "%s%s%s", "a", "", "bc");
	SAME(&ev, "100%% sure, %d%%", 50);
	SAME(&ev, "%d %d %d %d %d", 0, -1, 7, INT_MIN, INT_MAX);
	SAME(&ev, "%u %u", 0u, UINT_MAX);
	SAME(&ev, "%ld %ld %ld", 0L, LONG_MIN, LONG_MAX);
	SAME(&ev, "%lu %zu %zu", ULONG_MAX, (size_t)0, SIZE_MAX);
	SAME(&ev, "[%c%c%c]", 'x', '%', ' ');
	SAME(&ev, "%s rams %s in %s: %d holes, speed %ld", "s00001",
	    "s10002", "104021", 3, -1L);
	/* What the log leaves to vsnprintf. */
	SAME(&ev, "%02d:%+d:%5s:%-3s|:%.*s:%x", 7, 3, "ab", "c", 2, "xyz",
	    255u);
	SAME(&ev, "%d then %02d", 1, 2);
	with_prefix(&ev, "Phase 3: ", "%s fires at %s: %d", "a1", "b2", -4);
	check(&ev, "Phase 3: ", "a1 fires at b2: -4", __LINE__);
	with_prefix(&ev, "Phase 3: ", "%5d", 42);
	check(&ev, "Phase 3: ", "   42", __LINE__);
	events_free(&ev);
}

/* Sentences longer than a block, and enough of them to fill many: each
 * is written again where it fits, whole. */
static void
test_blocks(void **state)
{
	struct nv_events	 ev = NV_EVENTS_INIT;
	char			*big = malloc(150001);
	int			 i;

	(void)state;
	assert_non_null(big);
	memset(big, 'w', 150000);
	big[150000] = '\0';
	for (i = 0; i < 3000; i++) {
		SAME(&ev, "%d: %s %s and %ld", i, "a sentence of some length",
		    big + 150000 - (i % 200), (long)i * -7919);
		if (i % 500 == 0) {
			SAME(&ev, "%s|%d", big + i, i);
			SAME(&ev, "%5d|%s", i, big + i);
			with_prefix(&ev, "Phase 1: ", "%s", big);
			check(&ev, "Phase 1: ", big, __LINE__);
		}
	}
	/* Earlier sentences stay as they were written. */
	snprintf(want, sizeof want, "%d: %s %s and %ld", 0,
	    "a sentence of some length", "", 0L);
	assert_string_equal(ev.v[0].text, want);
	events_free(&ev);
	free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conversions),
		cmocka_unit_test(test_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
