/* test_map.c: the plain ASCII map, against golden output. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "diag.h"
#include "fileio.h"
#include "map.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state.h"
#include "xalloc.h"

static char *
read_rel(const char *rel, size_t *len)
{
	const char	*dir = getenv("NAVARCH_DATADIR");
	char		*path, *buf = NULL, *cause = NULL;

	path = xasprintf("%s/%s", dir != NULL ? dir : "../data", rel);
	if (file_read(path, NV_XML_MAX, &buf, len, &cause) != 0)
		fail_msg("%s (set NAVARCH_DATADIR)", cause);
	free(path);
	return buf;
}

struct row {
	const char	*scenario;
	const char	*map;
};

static const struct row rows[] = {
	{ "<scenario ruleset=\"classic\" turn=\"3\"><title>Small</title>"
	  "<map columns=\"4\" rows=\"3\"><land hex=\"0202\"/></map>"
	  "<side id=\"a\" nation=\"hellenistic\" crew=\"average\"/>"
	  "<side id=\"b\" nation=\"hellenistic\" crew=\"average\"/>"
	  "<ship id=\"a1\" side=\"a\" class=\"trireme\" hex=\"0101\" "
	  "facing=\"N\"/>"
	  "<ship id=\"a2\" side=\"a\" class=\"bireme\" hex=\"0201\" "
	  "facing=\"SE\" speed=\"2\"/>"
	  "<ship id=\"b1\" side=\"b\" class=\"trireme\" hex=\"0403\" "
	  "facing=\"SW\"/>"
	  "<wreck hex=\"0301\" ship=\"old\"/></scenario>",
	  "Turn 3: Small\n"
	  "\n"
	  "     01  02  03  04\n"
	  "01  A1^     xxx\n"
	  "        A2\\      .\n"
	  "02   .       .\n"
	  "        ###      .\n"
	  "03   .       .\n"
	  "         .      B1<\n"
	  "\n"
	  "A1  a1           trireme      a          0101 N  speed 0 afloat\n"
	  "A2  a2           bireme       a          0201 SE speed 2 afloat\n"
	  "B1  b1           trireme      b          0403 SW speed 0 afloat\n"
	  "xxx wreck of old at 0301\n" },
};

static void
test_golden(void **state)
{
	char		*rng;
	char		*xml, *srng;
	size_t		 rlen, xlen, slen, i;
	struct diag	 d = DIAG_INIT;
	struct nv_ruleset *rs;

	(void)state;
	xml = read_rel("rulesets/classic.xml", &xlen);
	rng = read_rel("schema/ruleset-classic.rng", &rlen);
	srng = read_rel("schema/scenario.rng", &slen);
	rs = ruleset_load("classic.xml", xml, xlen, rng, rlen, &d);
	assert_non_null(rs);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct buf	 b = BUF_INIT;
		struct nv_state	*st;

		st = state_xml_load(rs, "t.xml", rows[i].scenario,
		    strlen(rows[i].scenario), srng, slen, &d);
		if (st == NULL) {
			diag_format(&d, &b);
			fail_msg("%s", buf_str(&b));
		}
		map_plain(st, &b);
		assert_string_equal(rows[i].map, buf_str(&b));
		buf_free(&b);
		state_free(st);
	}
	ruleset_free(rs);
	diag_free(&d);
	free(xml);
	free(rng);
	free(srng);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
