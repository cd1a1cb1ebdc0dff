/* diag.h: a list of diagnostics, each tied to a file and line.
 *
 * Parsers and validators never stop at the first problem: they add every
 * error to a struct diag and carry on, so that a player or GM gets one
 * complete answer.  A message is one sentence saying what is wrong and,
 * where there is one, what would be legal; it carries no "file:line:"
 * prefix, which diag_format() adds. */
#ifndef NV_DIAG_H
#define NV_DIAG_H

#include <stddef.h>

struct buf;

enum diag_level {
	DIAG_ERROR,
	DIAG_WARNING,
	DIAG_NOTE,
};

struct diag_entry {
	enum diag_level	 level;
	char		*file;	/* owned; may be NULL */
	unsigned	 line;	/* 0 when there is no line */
	char		*msg;	/* owned */
};

struct diag {
	struct diag_entry	*v;
	size_t			 n;
	size_t			 cap;
	size_t			 errors;	/* entries with DIAG_ERROR */
	size_t			 max;		/* stop recording past this (0: 1000) */
};

#define DIAG_INIT { NULL, 0, 0, 0, 0 }

void	diag_add(struct diag *, enum diag_level, const char *file,
	    unsigned line, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));
void	diag_error(struct diag *, const char *file, unsigned line,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Appends every entry of src to dst (copies); dst's error count also gains
 * the errors src counted but did not keep. */
void	diag_merge(struct diag *dst, const struct diag *src);
/* Appends "file:line: [warning: |note: ]msg\n" for every entry ("file: "
 * without a line, nothing without a file), then "(N more errors not
 * shown)\n" if errors were dropped ("1 more error"). */
void	diag_format(const struct diag *, struct buf *);
void	diag_clear(struct diag *);
void	diag_free(struct diag *);

#endif
