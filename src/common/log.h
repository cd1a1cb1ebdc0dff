/* log.h: logging for the programs (never used by the engine in src/game).
 *
 * Messages go to standard error, or to syslog once log_open_syslog() was
 * called (the daemon). */
#ifndef NV_LOG_H
#define NV_LOG_H

enum log_level {
	LOG_LEVEL_ERROR,
	LOG_LEVEL_WARNING,
	LOG_LEVEL_INFO,
	LOG_LEVEL_DEBUG,
};

void	log_init(const char *progname, enum log_level);
void	log_set_level(enum log_level);
/* Parses "error", "warning", "info" or "debug"; 0 or -1. */
int	log_level_parse(const char *, enum log_level *);
void	log_open_syslog(void);
void	log_error(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_info(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));

#endif
