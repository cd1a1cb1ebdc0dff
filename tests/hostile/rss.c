/* tests/hostile/rss.c: rss OUT SECONDS COMMAND [ARG...]
 *
 * Runs COMMAND, kills it after SECONDS, and writes "STATUS RSS" to the
 * file OUT: STATUS its exit status (128 + N when signal N ended it,
 * "timeout" when it was killed for its time), RSS its peak resident set
 * size in KiB, its own or any of its children's it waited for (wait4:
 * navarchd and the parser's child).  Exits 0 when OUT was written.
 *
 * Why a program of its own: a process forked from a big one (the Python
 * that runs the corpus) starts with that one's high-water mark, so only
 * a child of a small process is measured right.  Run without arguments
 * it measures /bin/true, as the test suite's smoke test of itself. */
#include "config.h"

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t	timed_out;

static void
on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

int
main(int argc, char **argv)
{
	static char	*self[] = { "rss", "/dev/null", "10", "/bin/true", NULL };
	struct rusage	 ru;
	FILE		*f;
	pid_t		 pid;
	long		 secs;
	int		 st = 0;

	if (argc == 1) {
		argc = 4;
		argv = self;
	}
	if (argc < 4 || (secs = strtol(argv[2], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: rss OUT SECONDS COMMAND [ARG...]\n");
		return 64;
	}
	signal(SIGALRM, on_alarm);
	if ((pid = fork()) == -1) {
		perror("rss: fork");
		return 71;
	}
	if (pid == 0) {
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		_exit(127);
	}
	alarm((unsigned)secs);
	while (wait4(pid, &st, 0, &ru) == -1) {
		if (errno != EINTR) {
			perror("rss: wait4");
			return 71;
		}
		if (timed_out)
			kill(pid, SIGKILL);
	}
	if ((f = fopen(argv[1], "w")) == NULL) {
		perror(argv[1]);
		return 73;
	}
	if (timed_out)
		fprintf(f, "timeout %ld\n", ru.ru_maxrss);
	else
		fprintf(f, "%d %ld\n", WIFSIGNALED(st) ? 128 + WTERMSIG(st) :
		    WEXITSTATUS(st), ru.ru_maxrss);
	return fclose(f) == 0 && ru.ru_maxrss > 0 ? 0 : 1;
}
