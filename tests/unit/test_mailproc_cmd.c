/* test_mailproc_cmd.c: the mail commands, one table of steps each. */
#include "config.h"

#include "mailproc_fixture.h"

#define T(f)	cmocka_unit_test_setup_teardown(f, mpfx_setup, mpfx_teardown)

const struct CMUnitTest mailproc_cmd_tests[] = {
	{ NULL, NULL, NULL, NULL, NULL },
};
const size_t mailproc_cmd_ntests = 0;
