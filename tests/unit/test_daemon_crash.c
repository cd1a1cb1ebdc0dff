/* test_daemon_crash.c: the daemon's own crash with a mail in hand.  The
 * fatal-signal handler names the mail in DATABASE.crash (only while one is
 * in hand) and gives the signal back; the next start counts it as a
 * failed attempt and removes the file. */
#include "config.h"

#include <sys/types.h>
#include <sys/wait.h>

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "daemon.h"
#include "fileio.h"
#include "store.h"
#include "xalloc.h"

#define D1 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

/* Crashes a child with SIGSEGV, with d1 in hand if hold is set; returns
 * the crash file's content ("" when there is none). */
static char *
crash(const char *db, int hold)
{
	char	*path, *text = NULL, *cause = NULL;
	size_t	 len;
	pid_t	 pid;
	int	 st;

	pid = fork();
	assert_true(pid != -1);
	if (pid == 0) {
		/* Not the test framework's handler: the default is what the
		 * daemon's gives the signal back to. */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGABRT, SIG_DFL);
		daemon_crash_setup(db);
		if (hold)
			daemon_crash_hold(D1);
		raise(SIGSEGV);
		_exit(0);	/* not reached */
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	/* Dead of it: the handler gave the signal back (to the default, or
	 * to a sanitizer, which reports and aborts). */
	assert_true(WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st)));
	path = xasprintf("%s.crash", db);
	if (file_read(path, 4096, &text, &len, &cause) != 0) {
		free(cause);
		text = xstrdup("");
	}
	free(path);
	return text;
}

static void
test_crash_names_the_mail(void **state)
{
	struct store	*s;
	char		 dir[] = "/tmp/nv-crash-XXXXXX", *db, *text, *cause = NULL;
	int		 fails, q;

	(void)state;
	assert_non_null(mkdtemp(dir));
	db = xasprintf("%s/nv.db", dir);
	/* Nothing in hand: nothing named. */
	text = crash(db, 0);
	assert_string_equal(text, "");
	free(text);
	/* Twice in hand: named twice. */
	free(crash(db, 1));
	text = crash(db, 1);
	assert_string_equal(text, D1 "\n" D1 "\n");
	free(text);
	/* The next start counts both and removes the file. */
	assert_int_equal(store_open(db, 1000, &s, &cause), STORE_OK);
	daemon_crash_setup(db);
	assert_int_equal(daemon_crash_collect(s, 100), 2);
	assert_int_equal(store_attempt_begin(s, D1, 101, &fails, &q, &cause),
	    STORE_OK);
	assert_int_equal(fails, 2);
	text = xasprintf("%s.crash", db);
	assert_int_equal(access(text, F_OK), -1);
	free(text);
	assert_int_equal(daemon_crash_collect(s, 102), 0);
	store_close(s);
	text = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(text), 0);
	free(text);
	free(db);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crash_names_the_mail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
