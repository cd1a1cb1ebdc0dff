/* ctl-report.c: navarch turn --report-dir DIR, the turn's reports as
 * files (docs/reports.md).
 *
 * After a turn, one report per side (side-ID.txt), the GM's (gm.txt) and
 * the observers' (observer.txt), made by the play layer (play_report) from
 * the templates report-side.xsl, report-gm.xsl and report-observer.xsl of
 * the template directory: $NAVARCH_TEMPLATEDIR, else the one installed
 * (pkgdatadir/templates).  Every report is made before any is written,
 * so a broken template leaves the directory as it was. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "play.h"
#include "state.h"
#include "xalloc.h"

struct rendered {
	char			*name;	/* "side-ID", "gm", "observer" */
	struct play_report	 r;
};

static int
write_one(const struct ctl_report_opts *o, const struct rendered *r)
{
	char	*path;
	int	 rc;

	path = xasprintf("%s/%s.txt", o->dir, r->name);
	rc = ctl_write_file(path, buf_str(&r->r.text), r->r.text.len);
	free(path);
	if (rc == 0 && o->xml) {
		path = xasprintf("%s/%s.xml", o->dir, r->name);
		rc = ctl_write_file(path, buf_str(&r->r.xml), r->r.xml.len);
		free(path);
	}
	return rc;
}

int
ctl_reports(const struct ctl_report_opts *o, const struct nv_state *before,
    const struct nv_state *after, const struct nv_events *ev,
    const struct nv_orders *orders, const struct nv_dice *dice)
{
	struct play_templates	*t;
	struct play_played	 p;
	struct rendered		*r;
	enum report_reader	 reader;
	size_t			 n = after->nsides + 2, i, nr = 0;
	char			*cause = NULL;
	int			 rc = NV_EXIT_OK;

	memset(&p, 0, sizeof p);
	p.game = o->game;
	p.deadline = o->deadline;
	p.before = before;
	p.after = after;
	p.ev = ev;
	p.orders = orders;
	p.dice = dice;
	p.turn = before->turn;
	t = play_templates_new(play_templatedir(NULL));
	r = xcalloc(n, sizeof *r);
	for (i = 0; i < n && rc == NV_EXIT_OK; i++, nr++) {
		reader = i < after->nsides ? REPORT_SIDE : i == after->nsides ?
		    REPORT_GM : REPORT_OBSERVER;
		r[i].name = reader == REPORT_SIDE ? xasprintf("side-%s",
		    after->sides[i].id) : xstrdup(reader == REPORT_GM ? "gm" :
		    "observer");
		/* A report that cannot be made is the template's fault:
		 * exit 1, as the command documents. */
		if (play_report(&p, t, reader, (int)i, NULL, NULL, o->xml ?
		    PLAY_REPORT_XML : 0, &r[i].r, &cause) != PLAY_OK) {
			fprintf(stderr, "navarch: %s\n", cause);
			free(cause);
			rc = NV_EXIT_FAIL;
		}
	}
	for (i = 0; i < nr; i++) {
		if (rc == NV_EXIT_OK && write_one(o, &r[i]) != 0)
			rc = NV_EXIT_FAIL;
		play_report_free(&r[i].r);
		free(r[i].name);
	}
	free(r);
	play_templates_free(t);
	return rc;
}
