/* conf.c: "key = value" configuration files (see conf.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "conf.h"
#include "diag.h"
#include "strutil.h"
#include "xalloc.h"

static int
find_key(const struct conf *c, const char *name)
{
	size_t	i;

	for (i = 0; i < c->nkeys; i++)
		if (strcmp(c->keys[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* 1 if word is one of the space-separated choices. */
static int
is_choice(const char *choices, const char *word)
{
	size_t	n = strlen(word);
	const char *p = choices;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return 1;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return 0;
}

/* Checks and stores one value; 0 or -1 (error added). */
static int
set_value(struct conf *c, int k, const char *value, const char *file,
    unsigned line, struct diag *d)
{
	const struct conf_key	*key = &c->keys[k];
	long			 num = 0;

	if (key->type == CONF_INT &&
	    str_to_long(value, key->min, key->max, &num) != 0) {
		diag_error(d, file, line, "%s = %s: expected a whole number "
		    "from %ld to %ld", key->name, value, key->min, key->max);
		return -1;
	}
	if (key->type == CONF_ENUM && !is_choice(key->choices, value)) {
		diag_error(d, file, line, "%s = %s: expected one of: %s",
		    key->name, value, key->choices);
		return -1;
	}
	free(c->v[k].value);
	c->v[k].value = xstrdup(value);
	c->v[k].num = num;
	c->v[k].line = line;
	return 0;
}

/* Removes a comment: '#' at the start or after white space. */
static void
strip_comment(char *s)
{
	char	*p;

	for (p = s; *p != '\0'; p++) {
		if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			return;
		}
	}
}

static void
parse_line(struct conf *c, char *s, const char *file, unsigned line,
    struct diag *d)
{
	char	*eq, *key, *value;
	int	 k;

	strip_comment(s);
	s = str_trim(s);
	if (*s == '\0')
		return;
	if ((eq = strchr(s, '=')) == NULL) {
		diag_error(d, file, line, "'%s': expected 'key = value'", s);
		return;
	}
	*eq = '\0';
	key = str_trim(s);
	value = str_trim(eq + 1);
	if ((k = find_key(c, key)) < 0) {
		diag_error(d, file, line, "unknown key '%s'", key);
		return;
	}
	if (c->v[k].line != 0) {
		diag_error(d, file, line, "%s is already set on line %u", key,
		    c->v[k].line);
		return;
	}
	if (*value == '\0') {
		diag_error(d, file, line, "%s has no value (%s)", key,
		    c->keys[k].help);
		return;
	}
	set_value(c, k, value, file, line, d);
}

int
conf_parse(const struct conf_key *keys, size_t nkeys, const char *file,
    const char *text, struct conf *out, struct diag *d)
{
	size_t		 errors = d->errors, i;
	unsigned	 line = 0;
	const char	*p = text, *nl;
	char		*s;

	out->keys = keys;
	out->nkeys = nkeys;
	out->v = xcalloc(nkeys, sizeof *out->v);
	while (*p != '\0') {
		nl = strchr(p, '\n');
		s = nl != NULL ? xstrndup(p, (size_t)(nl - p)) : xstrdup(p);
		parse_line(out, s, file, ++line, d);
		free(s);
		p = nl != NULL ? nl + 1 : p + strlen(p);
	}
	for (i = 0; i < nkeys; i++) {
		if (out->v[i].line != 0)
			continue;
		if (keys[i].def != NULL)
			set_value(out, (int)i, keys[i].def, file, 0, d);
		else if (keys[i].required)
			diag_error(d, file, 0, "required key '%s' is missing "
			    "(%s)", keys[i].name, keys[i].help);
	}
	return d->errors > errors ? -1 : 0;
}

void
conf_free(struct conf *c)
{
	size_t	i;

	if (c->v == NULL)
		return;
	for (i = 0; i < c->nkeys; i++)
		free(c->v[i].value);
	free(c->v);
	c->v = NULL;
}

const char *
conf_get(const struct conf *c, const char *name)
{
	int	k = find_key(c, name);

	return k < 0 ? NULL : c->v[k].value;
}

long
conf_get_num(const struct conf *c, const char *name)
{
	int	k = find_key(c, name);

	return k < 0 ? 0 : c->v[k].num;
}
