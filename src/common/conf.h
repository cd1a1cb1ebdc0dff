/* conf.h: "key = value" configuration files.
 *
 * One setting a line, '#' starts a comment (at the start of a line or
 * after white space), blank lines are ignored, white space around keys and
 * values is dropped.  The caller describes the keys it knows in a table;
 * every problem (unknown key, a key given twice, a malformed line or
 * value, a missing required key) is collected with file:line, so a GM
 * fixes the whole file at once. */
#ifndef NV_CONF_H
#define NV_CONF_H

#include <stddef.h>

struct diag;

enum conf_type {
	CONF_STRING,
	CONF_INT,	/* decimal, in [min, max] */
	CONF_ENUM,	/* one of the words in `choices`, space-separated */
};

struct conf_key {
	const char	*name;
	enum conf_type	 type;
	const char	*def;		/* default value, or NULL: none */
	int		 required;
	long		 min, max;	/* CONF_INT */
	const char	*choices;	/* CONF_ENUM */
	const char	*help;		/* one line, for messages */
};

struct conf_value {
	char		*value;		/* owned; NULL if unset and no default */
	long		 num;		/* CONF_INT value */
	unsigned	 line;		/* 0 when from the default */
};

struct conf {
	const struct conf_key	*keys;	/* not owned */
	size_t			 nkeys;
	struct conf_value	*v;	/* nkeys entries, owned */
};

/* Parses text (file names it in messages) against the key table.
 * Returns 0, or -1 with every error in diag; *out is filled either way
 * and must be released with conf_free. */
int		 conf_parse(const struct conf_key *, size_t nkeys,
		    const char *file, const char *text, struct conf *out,
		    struct diag *);
void		 conf_free(struct conf *);
/* The value of a key (NULL if unset); owned by the conf. */
const char	*conf_get(const struct conf *, const char *name);
/* The number of a CONF_INT key (0 if unset). */
long		 conf_get_num(const struct conf *, const char *name);

#endif
