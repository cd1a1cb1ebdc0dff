/* mailproc_fixture.c: see mailproc_fixture.h. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "fileio.h"
#include "mailproc_fixture.h"
#include "password.h"
#include "store-int.h"
#include "xalloc.h"

/* The test's composer: headers a reader can check, then the body, then
 * each attachment as it is between two marker lines (mpfx_attachment
 * finds it again).  It fails on the compose_fail_at-th call, to prove
 * one mail is one transaction. */
static int
compose(const struct mailproc_reply *r, void *arg, char **out, char **cause)
{
	struct mpfx	*f = arg;
	struct buf	 b = BUF_INIT;
	char		*head;
	size_t		 i;

	if (++f->compose_calls == f->compose_fail_at) {
		*cause = xstrdup("the test composer fails here");
		return -1;
	}
	head = xasprintf("Message-ID: <%s>\nFrom: %s\nTo: %s\nSubject: %s\n"
	    "%s%s%s%s%s%sAuto-Submitted: %s\n\n%s", r->message_id, r->from,
	    r->to, r->subject, r->in_reply_to != NULL ? "In-Reply-To: <" : "",
	    r->in_reply_to != NULL ? r->in_reply_to : "",
	    r->in_reply_to != NULL ? ">\n" : "",
	    r->references != NULL ? "References: " : "",
	    r->references != NULL ? r->references : "",
	    r->references != NULL ? "\n" : "",
	    r->auto_submitted == MAILPROC_AUTO_REPLIED ? "auto-replied" :
	    "auto-generated", r->body);
	buf_adds(&b, head);
	free(head);
	assert_true(r->nattachments == 0 || r->attachments != NULL);
	for (i = 0; i < r->nattachments; i++) {
		buf_printf(&b, "\n" MPFX_ATT_START "%s %s %zu\n",
		    r->attachments[i].name, r->attachments[i].type,
		    r->attachments[i].len);
		buf_add(&b, r->attachments[i].data, r->attachments[i].len);
		buf_adds(&b, "\n" MPFX_ATT_END "\n");
	}
	*out = buf_detach(&b);
	return 0;
}

char *
mpfx_attachment(const char *mail, const char *name, const char *type)
{
	const char	*p, *data;
	char		*head, *got;
	size_t		 len;
	int		 n;

	if ((p = strstr(mail, "\n" MPFX_ATT_START)) == NULL)
		return NULL;
	p += strlen("\n" MPFX_ATT_START);
	head = xasprintf("%s %s ", name, type);
	if (strncmp(p, head, strlen(head)) != 0)
		fail_msg("the attachment is '%.*s', wanted '%s'",
		    (int)strcspn(p, "\n"), p, head);
	p += strlen(head);
	free(head);
	n = sscanf(p, "%zu", &len);
	assert_int_equal(n, 1);
	data = strchr(p, '\n') + 1;
	assert_true(strlen(data) >= len);
	/* The length said is the length sent: the end marker follows. */
	assert_memory_equal(data + len, "\n" MPFX_ATT_END "\n",
	    strlen("\n" MPFX_ATT_END "\n"));
	got = xstrndup(data, len);
	/* Exactly one: a second would be a second copy of the map. */
	assert_null(strstr(data + len, MPFX_ATT_START));
	return got;
}

char *
mpfx_outbox(struct mpfx *f, const char *to, const char *subject)
{
	sqlite3_stmt	*st;
	char		*out = NULL;

	assert_int_equal(sqlite3_prepare_v2(store_db(f->s), "SELECT body"
	    " FROM outbox WHERE recipient = ? AND instr(subject, ?) > 0"
	    " ORDER BY id DESC LIMIT 1", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_text(st, 1, to, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, subject, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		out = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (out == NULL)
		fail_msg("no mail to %s with '%s' in its subject", to,
		    subject);
	return out;
}

static char *
hash(const char *pw)
{
	char	*h = NULL, *cause = NULL;

	assert_int_equal(password_hash(pw, PASSWORD_COST_MIN, &h, &cause), 0);
	return h;
}

static void
ok(int code, char *cause)
{
	if (code != STORE_OK)
		fail_msg("store: %s", cause != NULL ? cause : "?");
	free(cause);
}

/* The demo scenario with nike and paralos in athens's squadron left, or
 * (two) nike in left and paralos in right; takes xml (owned). */
static char *
squadron(char *xml, int two)
{
	struct buf	 b = BUF_INIT;
	const char	*p = xml, *at;
	int		 n = 0;

	at = strstr(p, "  <ship id=\"nike\"");
	assert_non_null(at);
	buf_add(&b, p, (size_t)(at - p));
	buf_adds(&b, "  <squadron id=\"left\" side=\"athens\"/>\n");
	if (two)
		buf_adds(&b, "  <squadron id=\"right\" side=\"athens\"/>\n");
	for (p = at; (at = strstr(p, " side=\"athens\" class=\"trireme\""))
	    != NULL; p = at) {
		buf_add(&b, p, (size_t)(at - p));
		buf_adds(&b, two && n++ > 0 ? " side=\"athens\" "
		    "squadron=\"right\"" : " side=\"athens\" squadron=\"left\"");
		at += strlen(" side=\"athens\"");
	}
	buf_adds(&b, p);
	free(xml);
	return buf_detach(&b);
}

void
mpfx_add_game(struct mpfx *f, const struct mpfx_game *m)
{
	static const char *const sides[] = { "athens", "persia" };
	static const char *const ships[] = { "nike", "paralos", "salaminia" };
	struct store_game_new	 g;
	char			*xml, *xml2, *scen, *at, *cause = NULL, *gm,
				*ha, *hp, *a, *p, *obs;
	size_t			 len;

	assert_int_equal(file_read(MAILPROC_SCENARIO, 1 << 20, &xml, &len,
	    &cause), 0);
	assert_non_null(at = strstr(xml, "visibility=\"0\""));
	scen = xasprintf("%.*svisibility=\"%d\"%s", (int)(at - xml), xml,
	    m->visibility, at + strlen("visibility=\"0\""));
	if (m->squadron)
		scen = squadron(scen, m->squadron == 2);
	if (m->wrecks != NULL) {
		assert_non_null(at = strstr(scen, "</scenario>"));
		xml2 = xasprintf("%.*s%s%s", (int)(at - scen), scen, m->wrecks,
		    at);
		free(scen);
		scen = xml2;
	}
	gm = hash("gm-pass");
	memset(&g, 0, sizeof g);
	g.id = m->id;
	g.ruleset = "classic";
	g.scenario = scen;
	g.first_turn = 1;
	g.deadline = m->deadline;
	g.gm_address = "gm@example.org";
	g.gm_password = gm;
	g.seed = m->seed;
	g.sides = sides;
	g.nsides = 2;
	g.now = T0;
	ok(store_game_create(f->s, &g, &cause), cause);
	ha = hash("athens-pw");
	hp = hash("persia-pw");
	a = xasprintf("%sa@example.org", m->prefix);
	p = xasprintf("%sp@example.org", m->prefix);
	obs = xasprintf("%sobs@example.org", m->prefix);
	/* athens is its side's admiral; each side has one player. */
	ok(store_player_add(f->s, m->id, "athens", NULL, a, ha, 1, &cause),
	    cause);
	ok(store_player_add(f->s, m->id, "persia", NULL, p, hp, 0, &cause),
	    cause);
	ok(store_player_assign_ships(f->s, m->id, "athens", ships, 3,
	    &cause), cause);
	ok(store_observer_add(f->s, m->id, obs, &cause), cause);
	free(xml);
	free(scen);
	free(gm);
	free(ha);
	free(hp);
	free(a);
	free(p);
	free(obs);
}

/* The demo game; fog: a visibility of 3 hexes, where the sides start
 * out of each other's sight; wrecks: <wreck> lines to add, or NULL. */
static int
setup(void **state, int fog, int sq, const char *wrecks)
{
	struct mpfx		*f = xcalloc(1, sizeof *f);
	struct mpfx_game	 demo = { "demo", 0, T0 + 2 * DAY,
				    "test-seed", "", sq, wrecks };
	char			 tmpl[] = "/tmp/nv-mailproc-XXXXXX",
				*cause = NULL;

	assert_non_null(mkdtemp(tmpl));
	f->dir = xstrdup(tmpl);
	f->path = xasprintf("%s/nv.db", f->dir);
	ok(store_open(f->path, 0, &f->s, &cause), cause);
	demo.visibility = fog ? 3 : 0;
	mpfx_add_game(f, &demo);
	mailproc_init(&f->mp);
	f->mp.store = f->s;
	f->mp.address = "Navarch <navarch@example.org>";
	f->mp.datadir = MAILPROC_DATADIR;
	f->mp.hash_cost = PASSWORD_COST_MIN;
	f->mp.compose = compose;
	f->mp.compose_arg = f;
	*state = f;
	return 0;
}

int
mpfx_setup(void **state)
{
	return setup(state, 0, 0, NULL);
}

int
mpfx_setup_fog(void **state)
{
	return setup(state, 1, 0, NULL);
}

int
mpfx_setup_fog_wrecks(void **state)
{
	return setup(state, 1, 0, "  <wreck hex=\"0202\" ship=\"hulk\"/>\n"
	    "  <wreck hex=\"0407\" ship=\"husk\"/>\n");
}

int
mpfx_setup_squadron(void **state)
{
	return setup(state, 0, 1, NULL);
}

int
mpfx_setup_squadrons(void **state)
{
	return setup(state, 0, 2, NULL);
}

int
mpfx_teardown(void **state)
{
	struct mpfx	*f = *state;
	char		*cmd;

	mailproc_free(&f->mp);
	store_close(f->s);
	cmd = xasprintf("rm -rf '%s'", f->dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", f->dir);
	free(cmd);
	free(f->path);
	free(f->dir);
	free(f);
	return 0;
}

char *
mpfx_sql(struct mpfx *f, const char *sql)
{
	sqlite3_stmt	*st;
	char		*out;

	assert_int_equal(sqlite3_prepare_v2(store_db(f->s), sql, -1, &st,
	    NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) !=
	    NULL)
		out = xstrdup((const char *)sqlite3_column_text(st, 0));
	else
		out = xstrdup("");
	sqlite3_finalize(st);
	return out;
}

/* The message file with "@@" replaced by the step number. */
static char *
load_eml(const char *name, size_t step, size_t *len)
{
	struct buf	 b = BUF_INIT;
	char		*path, *text, *cause = NULL;
	const char	*p, *q;

	path = xasprintf("%s/%s.eml", MAILPROC_TESTDIR, name);
	if (file_read(path, 1 << 20, &text, len, &cause) != 0)
		fail_msg("%s", cause);
	for (p = text; (q = strstr(p, "@@")) != NULL; p = q + 2) {
		buf_add(&b, p, (size_t)(q - p));
		buf_printf(&b, "%zu", step);
	}
	buf_adds(&b, p);
	free(text);
	free(path);
	*len = b.len;
	return buf_detach(&b);
}

/* s with every run of spaces and newlines made one space: the templates
 * wrap sentences at 76 columns, and a want names the words, not where a
 * line breaks. */
static char *
squeeze(const char *s)
{
	struct buf	b = BUF_INIT;

	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\n') {
			if (b.len == 0 || b.p[b.len - 1] != ' ')
				buf_addc(&b, ' ');
		} else
			buf_addc(&b, *s);
	}
	return buf_detach(&b);
}

int
mpfx_holds(const char *body, const char *want)
{
	char	*b, *w;
	int	 found;

	if (strstr(body, want) != NULL)
		return 1;
	b = squeeze(body);
	w = squeeze(want);
	found = strstr(b, w) != NULL;
	free(b);
	free(w);
	return found;
}

static void
check_row(const char *where, const struct want *w, const char *to,
    const char *subject, const char *body)
{
	size_t	i;

	if (strcmp(to, w->to) != 0)
		fail_msg("%s: mail to %s, wanted to %s\n%s", where, to, w->to,
		    body);
	if (w->subject != NULL && strstr(subject, w->subject) == NULL)
		fail_msg("%s: subject '%s' lacks '%s'", where, subject,
		    w->subject);
	for (i = 0; i < WANT_HAS && w->has[i] != NULL; i++)
		if (!mpfx_holds(body, w->has[i]))
			fail_msg("%s: mail to %s lacks '%s':\n%s", where, to,
			    w->has[i], body);
	for (i = 0; i < WANT_LACKS && w->lacks[i] != NULL; i++)
		if (mpfx_holds(body, w->lacks[i]))
			fail_msg("%s: mail to %s holds '%s':\n%s", where, to,
			    w->lacks[i], body);
}

/* Every outbox row written since the last step, against the wants. */
static void
check_outbox(struct mpfx *f, const char *where, const struct want *out)
{
	sqlite3_stmt	*st;
	size_t		 n = 0, want = 0;

	while (want < STEP_OUT && out[want].to != NULL)
		want++;
	assert_int_equal(sqlite3_prepare_v2(store_db(f->s), "SELECT id,"
	    " recipient, subject, body FROM outbox WHERE id > ? ORDER BY id",
	    -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, f->seen);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n >= want)
			fail_msg("%s: an extra mail to %s:\n%s", where,
			    sqlite3_column_text(st, 1),
			    sqlite3_column_text(st, 3));
		check_row(where, &out[n], (const char *)sqlite3_column_text(st,
		    1), (const char *)sqlite3_column_text(st, 2),
		    (const char *)sqlite3_column_text(st, 3));
		f->seen = sqlite3_column_int64(st, 0);
		n++;
	}
	sqlite3_finalize(st);
	if (n != want)
		fail_msg("%s: %zu mail(s) queued, wanted %zu", where, n, want);
}

static void
run_message(struct mpfx *f, const struct step *s, size_t i,
    const char *where)
{
	struct mailproc_result	 r;
	char			*raw, *cause = NULL;
	size_t			 len;
	int			 rc;

	raw = load_eml(s->eml, s->same_as > 0 ? (size_t)s->same_as : i + 1,
	    &len);
	rc = mailproc_message(&f->mp, raw, len, T0 + s->at, &r, &cause);
	if (s->outcome < 0) {
		if (rc == 0)
			fail_msg("%s: succeeded (%s), wanted a failure", where,
			    mailproc_outcome_name(r.outcome));
		assert_non_null(cause);
	} else {
		if (rc != 0)
			fail_msg("%s: failed: %s", where, cause);
		if ((int)r.outcome != s->outcome)
			fail_msg("%s: outcome %s (%s), wanted %s", where,
			    mailproc_outcome_name(r.outcome), r.summary,
			    mailproc_outcome_name(s->outcome));
		assert_non_null(r.summary);
	}
	free(cause);
	mailproc_result_free(&r);
	free(raw);
}

static void
run_tick(struct mpfx *f, const struct step *s, const char *where)
{
	struct mailproc_tick_result	 r;
	char				*cause = NULL;

	if (mailproc_tick(&f->mp, T0 + s->at, &r, &cause) != 0)
		fail_msg("%s: tick failed: %s", where, cause);
	if ((int)r.adjudicated != s->outcome)
		fail_msg("%s: %zu turn(s) played, wanted %d", where,
		    r.adjudicated, s->outcome);
	mailproc_tick_result_free(&r);
}

void
mpfx_run(struct mpfx *f, const struct step *steps, size_t n)
{
	char	*where, *got;
	size_t	 i;

	for (i = 0; i < n; i++) {
		where = xasprintf("step %zu (%s at T0%+lld)", i + 1,
		    steps[i].eml != NULL ? steps[i].eml : "tick",
		    (long long)steps[i].at);
		if (steps[i].eml != NULL)
			run_message(f, &steps[i], i, where);
		else
			run_tick(f, &steps[i], where);
		check_outbox(f, where, steps[i].out);
		if (steps[i].query != NULL) {
			got = mpfx_sql(f, steps[i].query);
			if (strcmp(got, steps[i].expect) != 0)
				fail_msg("%s: %s gave '%s', wanted '%s'", where,
				    steps[i].query, got, steps[i].expect);
			free(got);
		}
		free(where);
	}
}
