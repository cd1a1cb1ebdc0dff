/* cmd-templates.c: navarch templates [--dir DIR] [--show]: checks the
 * templates a GM edited before the daemon uses them.
 *
 * Each report template must compile (a report needs a played turn to
 * run: navarch turn --report-dir tries one); mail.xsl must compile and
 * word every sample document (maildoc_samples: every kind and part the
 * daemon builds) into a subject and a body that keeps the rules of
 * plain text, lines within 76 characters included, since the samples
 * quote nothing long.  Each language installed (templates/de/,
 * play-lang.c) is checked the same way, file by file where it has one.
 * Every problem is reported, not just the first. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "fileio.h"
#include "maildoc.h"
#include "report.h"
#include "xalloc.h"

#define TEMPLATE_MAX	(1024 * 1024)

static const char *const report_files[] = {
	"report-side.xsl", "report-gm.xsl", "report-observer.xsl"
};

struct check {
	struct report_template	*t;
	const char		*lang;		/* NULL: the default */
	int			 show;
	int			 samples;
	int			 failed;	/* samples */
	int			 errors;	/* of every kind */
};

/* dir's file, or lang's copy of it; NULL when lang has none (nothing to
 * check) or, counted in *errors, when it does not compile. */
static struct report_template *
load(const char *dir, const char *lang, const char *file, int *errors)
{
	struct report_template	*t = NULL;
	char			*path, *dflt, *text = NULL, *cause = NULL;
	size_t			 len;

	path = play_template_path(dir, lang, file);
	if (lang != NULL) {
		dflt = play_template_path(dir, NULL, file);
		if (strcmp(path, dflt) == 0) {
			free(dflt);
			free(path);
			return NULL;
		}
		free(dflt);
	}
	if (file_read(path, TEMPLATE_MAX, &text, &len, &cause) == 0)
		t = report_template_load(path, text, len, &cause);
	if (t == NULL) {
		fprintf(stderr, "navarch: %s\n", cause);
		(*errors)++;
	}
	free(cause);
	free(text);
	free(path);
	return t;
}

static int
sample(const char *name, xmlDocPtr doc, void *arg)
{
	struct check	*c = arg;
	struct buf	 body = BUF_INIT;
	char		*subject, *cause = NULL;

	c->samples++;
	/* An empty body is fine: a report mail's words may be only its
	 * subject. */
	if (maildoc_render(c->t, doc, &subject, &body, &cause) != 0 ||
	    (body.len > 0 && report_text_check_width(buf_str(&body),
	    body.len, REPORT_WIDTH, &cause) != 0)) {
		fprintf(stderr, "navarch: %s%smail.xsl, sample %s: %s\n",
		    c->lang != NULL ? c->lang : "", c->lang != NULL ? "/" : "",
		    name, cause);
		c->failed++;
		c->errors++;
	} else if (c->show)
		printf("==== %s\nSubject: %s\n\n%s\n", name, subject,
		    buf_str(&body));
	free(subject);
	free(cause);
	buf_free(&body);
	return 0;
}

/* The templates of one language (c->lang; NULL: the default ones). */
static void
check_dir(const char *dir, struct check *c)
{
	struct report_template	*t;
	const char		*sl = c->lang != NULL ? "/" : "";
	const char		*l = c->lang != NULL ? c->lang : "";
	size_t			 i;

	for (i = 0; i < sizeof report_files / sizeof report_files[0]; i++)
		if ((t = load(dir, c->lang, report_files[i], &c->errors)) !=
		    NULL) {
			fprintf(stderr, "navarch: %s%s%s: compiles (try it on "
			    "a turn: navarch turn --report-dir)\n", l, sl,
			    report_files[i]);
			report_template_free(t);
		}
	c->samples = c->failed = 0;
	if ((c->t = load(dir, c->lang, MAILDOC_TEMPLATE, &c->errors)) !=
	    NULL) {
		(void)maildoc_samples(sample, c);
		fprintf(stderr, "navarch: %s%s%s: %d sample mails worded, %d "
		    "failed\n", l, sl, MAILDOC_TEMPLATE, c->samples - c->failed,
		    c->failed);
		report_template_free(c->t);
		c->t = NULL;
	}
}

int
cmd_templates(int argc, char **argv)
{
	struct check		 c;
	const char		*dir = NULL;
	char			**pos, **langs;
	size_t			 i, nl;
	int			 npos, rc, show = 0;
	const struct ctl_opt	 opts[] = {
		{ "dir", &dir, NULL },
		{ "show", NULL, &show },
		{ NULL, NULL, NULL }
	};

	if ((rc = ctl_args(argc, argv, opts, 0, 0, &pos, &npos)) != 0)
		return rc;
	if (dir == NULL)
		dir = play_templatedir(NULL);
	memset(&c, 0, sizeof c);
	c.show = show;
	check_dir(dir, &c);
	nl = play_langs(dir, &langs);
	for (i = 0; i < nl; i++) {
		c.lang = langs[i];
		check_dir(dir, &c);
	}
	play_langs_free(langs, nl);
	return c.errors > 0 ? NV_EXIT_FAIL : 0;
}
