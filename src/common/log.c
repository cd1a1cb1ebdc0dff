/* log.c: logging to standard error or syslog (see log.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>

#include "log.h"

/* The programs' only global state outside main: who we are and how loud. */
static const char	*log_prog = "navarch";
static enum log_level	 log_max = LOG_LEVEL_WARNING;
static int		 log_syslog;

static const char *const log_names[] = { "error", "warning", "info", "debug" };

void
log_init(const char *progname, enum log_level level)
{
	log_prog = progname;
	log_max = level;
}

void
log_set_level(enum log_level level)
{
	log_max = level;
}

int
log_level_parse(const char *s, enum log_level *out)
{
	size_t	i;

	for (i = 0; i < sizeof log_names / sizeof log_names[0]; i++) {
		if (strcmp(s, log_names[i]) == 0) {
			*out = (enum log_level)i;
			return 0;
		}
	}
	return -1;
}

void
log_open_syslog(void)
{
	openlog(log_prog, LOG_PID, LOG_DAEMON);
	log_syslog = 1;
}

static void
log_vemit(enum log_level level, const char *fmt, va_list ap)
{
	static const int prio[] = { LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG };

	if (level > log_max)
		return;
	if (log_syslog) {
		vsyslog(prio[level], fmt, ap);
		return;
	}
	fprintf(stderr, "%s: ", log_prog);
	if (level != LOG_LEVEL_ERROR)
		fprintf(stderr, "%s: ", log_names[level]);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

#define LOG_FN(name, level)				\
void							\
name(const char *fmt, ...)				\
{							\
	va_list	ap;					\
							\
	va_start(ap, fmt);				\
	log_vemit(level, fmt, ap);			\
	va_end(ap);					\
}

LOG_FN(log_error, LOG_LEVEL_ERROR)
LOG_FN(log_warn, LOG_LEVEL_WARNING)
LOG_FN(log_info, LOG_LEVEL_INFO)
LOG_FN(log_debug, LOG_LEVEL_DEBUG)
