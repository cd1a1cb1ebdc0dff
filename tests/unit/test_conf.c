/* test_conf.c: "key = value" configuration files. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "conf.h"
#include "diag.h"

static const struct conf_key keys[] = {
	{ "database", CONF_STRING, NULL, 1, 0, 0, NULL, "path of the database" },
	{ "poll_interval", CONF_INT, "60", 0, 1, 86400, NULL, "seconds" },
	{ "tls", CONF_ENUM, "required", 0, 0, 0, "required optional off",
	  "TLS policy" },
	{ "from", CONF_STRING, NULL, 0, 0, 0, NULL, "sender address" },
};
#define NKEYS (sizeof keys / sizeof keys[0])

struct row {
	const char	*text;
	const char	*errors;	/* diag_format output, "" if none */
	const char	*database, *tls, *from;
	long		 poll;
};

static const struct row rows[] = {
	{ "database = /var/lib/navarch/db\n", "",
	  "/var/lib/navarch/db", "required", NULL, 60 },
	{ "# comment\n\n  database=x.db   # trailing\npoll_interval = 5\n"
	  "tls = off\nfrom = gm@example.org\n", "",
	  "x.db", "off", "gm@example.org", 5 },
	{ "database = a#b\n", "", "a#b", "required", NULL, 60 },
	{ "poll_interval = 5\n",
	  "t.conf: required key 'database' is missing (path of the "
	  "database)\n", NULL, "required", NULL, 5 },
	{ "database = x\nbogus = 1\npoll_interval = 0\ntls = maybe\n"
	  "database = y\nfrom =\njust words\n",
	  "t.conf:2: unknown key 'bogus'\n"
	  "t.conf:3: poll_interval = 0: expected a whole number from 1 to "
	  "86400\n"
	  "t.conf:4: tls = maybe: expected one of: required optional off\n"
	  "t.conf:5: database is already set on line 1\n"
	  "t.conf:6: from has no value (sender address)\n"
	  "t.conf:7: 'just words': expected 'key = value'\n",
	  "x", "required", NULL, 60 },
	{ "database = x\r\npoll_interval = 30\r\n", "", "x", "required", NULL,
	  30 },
};

static void
check_str(const char *want, const char *got)
{
	if (want == NULL)
		assert_null(got);
	else {
		assert_non_null(got);
		assert_string_equal(want, got);
	}
}

static void
test_rows(void **state)
{
	size_t		 i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct diag	 d = DIAG_INIT;
		struct buf	 b = BUF_INIT;
		struct conf	 c;
		int		 rc;

		rc = conf_parse(keys, NKEYS, "t.conf", rows[i].text, &c, &d);
		diag_format(&d, &b);
		assert_string_equal(rows[i].errors, buf_str(&b));
		assert_int_equal(rc, rows[i].errors[0] == '\0' ? 0 : -1);
		check_str(rows[i].database, conf_get(&c, "database"));
		check_str(rows[i].tls, conf_get(&c, "tls"));
		check_str(rows[i].from, conf_get(&c, "from"));
		assert_int_equal(rows[i].poll, conf_get_num(&c, "poll_interval"));
		assert_null(conf_get(&c, "nonexistent"));
		conf_free(&c);
		buf_free(&b);
		diag_free(&d);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
