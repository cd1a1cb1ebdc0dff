/* ctl-report.c: navarch turn --report-dir DIR, the turn's reports as
 * files (docs/reports.md).
 *
 * After a turn, one report per side (side-ID.txt), the GM's (gm.txt) and
 * the observers' (observer.txt), from the templates report-side.xsl,
 * report-gm.xsl and report-observer.xsl of the template directory:
 * $NAVARCH_TEMPLATEDIR, else the one installed (pkgdatadir/templates).
 * Every report is rendered before any is written, so a broken template
 * leaves the directory as it was. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "dice.h"
#include "exitcode.h"
#include "fileio.h"
#include "report.h"
#include "state.h"
#include "xalloc.h"

#ifndef NV_TEMPLATEDIR
#define NV_TEMPLATEDIR "/usr/local/share/navarch/templates"
#endif

/* Template files are small; anything larger is a mistake. */
#define TEMPLATE_MAX	(1024 * 1024)

const char *
ctl_templatedir(void)
{
	const char	*env = getenv("NAVARCH_TEMPLATEDIR");

	return env != NULL && *env != '\0' ? env : NV_TEMPLATEDIR;
}

static struct report_template *
load_template(const char *file)
{
	struct report_template	*t;
	char			*path, *text, *cause;
	size_t			 len;

	path = xasprintf("%s/%s", ctl_templatedir(), file);
	if (file_read(path, TEMPLATE_MAX, &text, &len, &cause) != 0) {
		fprintf(stderr, "navarch: %s (set NAVARCH_TEMPLATEDIR to the "
		    "directory of the report templates)\n", cause);
		free(cause);
		free(path);
		return NULL;
	}
	if ((t = report_template_load(path, text, len, &cause)) == NULL) {
		fprintf(stderr, "navarch: %s\n", cause);
		free(cause);
	}
	free(text);
	free(path);
	return t;
}

struct rendered {
	char	*path;
	char	*text;
	size_t	 len;
	char	*xml_path;	/* the document too (--report-xml), or NULL */
	char	*xml;
	size_t	 xml_len;
};

static int
render_one(const struct ctl_report_opts *o, struct report_input *in,
    const char *file, struct rendered *r)
{
	static const char *const tpl[] = { "report-side.xsl",
	    "report-gm.xsl", "report-observer.xsl" };
	struct report_template	*t;
	struct buf		 b = BUF_INIT;
	char			*cause;
	int			 rc;

	if ((t = load_template(tpl[in->reader])) == NULL)
		return -1;
	rc = report_template_apply(t, in, &b, &cause);
	report_template_free(t);
	if (rc != 0) {
		fprintf(stderr, "navarch: %s\n", cause);
		free(cause);
		buf_free(&b);
		return -1;
	}
	r->path = xasprintf("%s/%s.txt", o->dir, file);
	r->len = b.len;
	r->text = buf_detach(&b);
	if (!o->xml)
		return 0;
	if (report_doc_xml(in, &b, &cause) != 0) {
		fprintf(stderr, "navarch: %s\n", cause);
		free(cause);
		return -1;
	}
	r->xml_path = xasprintf("%s/%s.xml", o->dir, file);
	r->xml_len = b.len;
	r->xml = buf_detach(&b);
	return 0;
}

int
ctl_reports(const struct ctl_report_opts *o, const struct nv_state *before,
    const struct nv_state *after, const struct nv_events *ev,
    const struct nv_orders *orders, const struct nv_dice *dice)
{
	struct report_input	 in;
	struct rendered		*r;
	size_t			 n = after->nsides + 2, i, nr = 0;
	char			*file;
	int			 rc = NV_EXIT_OK;

	memset(&in, 0, sizeof in);
	in.game = o->game;
	in.before = before;
	in.after = after;
	in.ev = ev;
	in.orders = orders;
	in.rolls = dice_rolls(dice, &in.nrolls);
	in.deadline = o->deadline;
	r = xcalloc(n, sizeof *r);
	for (i = 0; i < n && rc == NV_EXIT_OK; i++, nr++) {
		in.reader = i < after->nsides ? REPORT_SIDE :
		    i == after->nsides ? REPORT_GM : REPORT_OBSERVER;
		in.side = i < after->nsides ? (int)i : -1;
		file = in.reader == REPORT_SIDE ? xasprintf("side-%s",
		    after->sides[i].id) : xstrdup(in.reader == REPORT_GM ?
		    "gm" : "observer");
		if (render_one(o, &in, file, &r[i]) != 0)
			rc = NV_EXIT_FAIL;
		free(file);
	}
	for (i = 0; i < nr; i++) {
		if (rc == NV_EXIT_OK && ctl_write_file(r[i].path, r[i].text,
		    r[i].len) != 0)
			rc = NV_EXIT_FAIL;
		if (rc == NV_EXIT_OK && r[i].xml != NULL &&
		    ctl_write_file(r[i].xml_path, r[i].xml, r[i].xml_len) != 0)
			rc = NV_EXIT_FAIL;
		free(r[i].path);
		free(r[i].text);
		free(r[i].xml_path);
		free(r[i].xml);
	}
	free(r);
	return rc;
}
