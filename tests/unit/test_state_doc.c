/* test_state_doc.c: a scenario or state file parsed once, and the schema
 * asked only about files Navarch did not write (src/game/state-xml-doc.c).
 *
 * What skipping the schema rests on: everything state_xml_save() writes
 * is valid (checked on the fixtures and on the state of every case of
 * the suite); a file that differs from that output in any byte goes
 * through the schema; a bad file fails exactly as before (test_state.c
 * checks each of its bad files so, and this file the ones made here).
 * Such a state is built from a stream, without libxml2's tree
 * (state-xml-stream.c): every saved state is taken so. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <libxml/tree.h>

#include "buf.h"
#include "datafix.h"
#include "diag.h"
#include "fileio.h"
#include "ruleset.h"
#include "state-xml.h"
#include "state-xml-int.h"
#include "state.h"
#include "xalloc.h"
#include "xmlsafe.h"

static struct nv_state *
load(const struct datafix *f, const char *file, const char *doc, size_t len,
    struct diag *d)
{
	return state_xml_load(f->rs, file, doc, len, f->rng, f->rnglen, d);
}

/* Not a RelaxNG schema: loading fails if it is ever asked. */
#define NO_SCHEMA "<not-a-schema/>"

static struct nv_state *
load_no_schema(struct datafix *f, const char *doc, size_t len,
    struct diag *d)
{
	return state_xml_load(f->rs, "s.xml", doc, len, NO_SCHEMA,
	    strlen(NO_SCHEMA), d);
}

/* Canonical text of a file that loads, or the test fails. */
static char *
canonical(struct datafix *f, const char *name, const char *doc, size_t len)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st = load(f, name, doc, len, &d);

	diag_format(&d, &b);
	if (st == NULL || d.n != 0)
		fail_msg("%s does not load cleanly:\n%s", name, buf_str(&b));
	buf_reset(&b);
	state_xml_save(st, &b);
	state_free(st);
	diag_free(&d);
	return buf_detach(&b);
}

/* Every saved state is valid (what skipping the schema rests on), and
 * loads again, the same, without it. */
static void
check_saved(struct datafix *f, const char *name, const char *doc,
    size_t len)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*canon = canonical(f, name, doc, len);
	xmlDocPtr	 x = xmlsafe_parse(name, canon, strlen(canon), &d);

	if (x == NULL || xmlsafe_validate(x, name, f->rng, f->rnglen, &d) != 0) {
		diag_format(&d, &b);
		fail_msg("%s: the saved state is not valid:\n%s", name,
		    buf_str(&b));
	}
	xmlFreeDoc(x);
	st = load_no_schema(f, canon, strlen(canon), &d);
	if (st == NULL || d.n != 0)
		fail_msg("%s: the saved state asked the schema", name);
	state_xml_save(st, &b);
	assert_string_equal(buf_str(&b), canon);
	state_free(st);
	/* And the streaming builder takes it (state-xml-stream.c): no
	 * fallback to the whole tree for a state Navarch wrote. */
	if ((st = state_xml_build_stream(f->rs, name, canon,
	    strlen(canon))) == NULL)
		fail_msg("%s: the streaming builder did not take it", name);
	buf_reset(&b);
	state_xml_save(st, &b);
	assert_string_equal(buf_str(&b), canon);
	state_free(st);
	buf_free(&b);
	diag_free(&d);
	free(canon);
}

/* The rulesets the cases name, each loaded once; f's is the first. */
struct case_rulesets {
	struct nv_ruleset **rs;
	size_t		 n;
};

/* f with the ruleset the case's doc names in place of its own, so that a
 * case of any ruleset compiled in is loaded with its own. */
static struct datafix
case_fix(struct case_rulesets *cr, const struct datafix *f,
    const char *path, const char *doc, size_t len)
{
	struct datafix	 cf = *f;
	struct diag	 d = DIAG_INIT;
	char		*id = state_xml_ruleset(path, doc, len, &d);
	size_t		 i;

	if (id == NULL)
		fail_msg("%s: names no ruleset", path);
	for (i = 0; i < cr->n && strcmp(cr->rs[i]->id, id) != 0; i++)
		continue;
	if (i == cr->n && strcmp(f->rs->id, id) != 0) {
		cr->rs = xreallocarray(cr->rs, cr->n + 1, sizeof *cr->rs);
		if ((cr->rs[cr->n++] = datafix_ruleset(id)) == NULL)
			fail_msg("%s: no module for ruleset %s", path, id);
	}
	if (i < cr->n)
		cf.rs = cr->rs[i];
	free(id);
	diag_free(&d);
	return cf;
}

/* 0 if the case's state is refused as its expect.err says (a case of a
 * bad scenario: nothing saved to check), else 1. */
static int
case_state_checked(const struct datafix *f, const char *dir,
    const char *path, const char *doc, size_t len)
{
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st = load(f, path, doc, len, &d);
	char		*err = xasprintf("%s/expect.err", dir), *text, *cause;
	size_t		 elen;
	int		 checked = 1;

	if ((st == NULL || d.errors != 0) &&
	    file_read(err, NV_XML_MAX, &text, &elen, &cause) == 0) {
		checked = 0;
		free(text);
	} else if (st == NULL || d.errors != 0)
		free(cause);
	state_free(st);
	diag_free(&d);
	free(err);
	return checked;
}

static void
test_saved_validates(void **state)
{
	static const char *const fixtures[] = { "scenario-minimal.xml",
	    "state-full.xml", "state-bigmap.xml", "map-small.xml",
	    "report-busy.xml", "state-exited.xml" };
	struct datafix	*f = *state;
	const char	*cases = getenv("CASES");
	struct case_rulesets cr = { NULL, 0 };
	struct datafix	 cf;
	struct dirent	*e;
	DIR		*dir;
	char		*rel, *text, *path, *cause;
	size_t		 i, len, n = 0;

	for (i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
		rel = xasprintf("../tests/unit/fixtures/%s", fixtures[i]);
		text = datafix_read(rel, &len);
		check_saved(f, fixtures[i], text, len);
		free(text);
		free(rel);
	}
	/* Every state of the case suite (run by make check with CASES). */
	if (cases == NULL || (dir = opendir(cases)) == NULL)
		skip();
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s/state.xml", cases, e->d_name);
		if (file_read(path, NV_XML_MAX, &text, &len, &cause) == 0) {
			cf = case_fix(&cr, f, path, text, len);
			rel = xasprintf("%s/%s", cases, e->d_name);
			if (case_state_checked(&cf, rel, path, text, len)) {
				check_saved(&cf, path, text, len);
				n++;
			}
			free(rel);
			free(text);
		} else
			free(cause);
		free(path);
	}
	closedir(dir);
	for (i = 0; i < cr.n; i++)
		ruleset_free(cr.rs[i]);
	free(cr.rs);
	assert_true(n >= 100);
}

/* Files that are not byte for byte the canonical output go through the
 * schema, whatever the difference. */
static const struct {
	const char	*name;
	const char	*from;		/* replaced, once */
	const char	*to;
} edited_cases[] = {
	{ "an indentation", "\n  <ship ", "\n   <ship " },
	{ "a line end", "\n</scenario>\n", "\n</scenario>\r\n" },
	{ "no XML declaration", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
	  "" },
	{ "attribute order", " side=\"athens\" owner=\"athens\"",
	  " owner=\"athens\" side=\"athens\"" },
	{ "an element the loader ignores", "</scenario>",
	  "<note/></scenario>" },
};

static char *
edit(const char *text, const char *from, const char *to)
{
	const char	*at = strstr(text, from);
	struct buf	 b = BUF_INIT;

	if (at == NULL)
		fail_msg("\"%s\" is not in the file", from);
	buf_add(&b, text, (size_t)(at - text));
	buf_adds(&b, to);
	buf_adds(&b, at + strlen(from));
	return buf_detach(&b);
}

static void
test_schema_skipped(void **state)
{
	struct datafix	*f = *state;
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	char		*text, *canon, *ed;
	size_t		 len, i;

	/* A scenario as a GM writes it: the schema is asked. */
	text = datafix_read("../tests/unit/fixtures/scenario-minimal.xml",
	    &len);
	assert_null(load_no_schema(f, text, len, &d));
	assert_true(d.errors > 0);
	diag_clear(&d);
	free(text);
	/* A state as Navarch writes it: not asked, and it loads. */
	text = datafix_read("../tests/unit/fixtures/state-full.xml", &len);
	canon = canonical(f, "state-full.xml", text, len);
	assert_string_equal(canon, text);
	st = load_no_schema(f, text, len, &d);
	assert_non_null(st);
	assert_int_equal(d.n, 0);
	state_free(st);
	/* Edited, even harmlessly: asked again. */
	for (i = 0; i < sizeof edited_cases / sizeof edited_cases[0]; i++) {
		ed = edit(text, edited_cases[i].from, edited_cases[i].to);
		if ((st = load_no_schema(f, ed, strlen(ed), &d)) != NULL)
			fail_msg("%s: loaded without the schema",
			    edited_cases[i].name);
		diag_clear(&d);
		free(ed);
	}
	/* An element of no meaning to the loader: the schema refuses it,
	 * with the schema's error, as it always did. */
	ed = edit(text, "</scenario>", "<note/></scenario>");
	assert_null(load(f, "s.xml", ed, strlen(ed), &d));
	assert_true(d.n >= 1);
	assert_non_null(strstr(d.v[0].msg, "note"));
	assert_true(datafix_errors_as_before(f, "s.xml", ed, strlen(ed), &d));
	diag_clear(&d);
	free(ed);
	free(canon);
	free(text);
	diag_free(&d);
}

/* state_xml_is_saved, which compares a ship at a time and stops at the
 * first difference: the text a state was saved to, and that text cut
 * short, made longer, or with one byte changed at the start, in the
 * head, in a ship, after the ships and at the end. */
static void
test_is_saved(void **state)
{
	static const char *const marks[] = {
		"<?xml", "<side", "<ship", "\n  <ship", "<wreck", "<result",
		"</scenario>"
	};
	struct datafix	*f = *state;
	struct diag	 d = DIAG_INIT;
	struct nv_state	*st;
	char		*text, *ed, *at;
	size_t		 len, i;

	text = datafix_read("../tests/unit/fixtures/state-full.xml", &len);
	st = load(f, "state-full.xml", text, len, &d);
	assert_non_null(st);
	assert_int_equal(state_xml_is_saved(st, text, len), 1);
	assert_int_equal(state_xml_is_saved(st, text, len - 1), 0);
	assert_int_equal(state_xml_is_saved(st, text, 0), 0);
	ed = xmalloc(len + 2);
	memcpy(ed, text, len);
	ed[len] = '\n';
	ed[len + 1] = '\0';
	assert_int_equal(state_xml_is_saved(st, ed, len + 1), 0);
	for (i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		memcpy(ed, text, len + 1);
		if ((at = strstr(ed, marks[i])) == NULL)
			fail_msg("\"%s\" is not in the file", marks[i]);
		at[strlen(marks[i]) - 1] ^= 0x20;
		if (state_xml_is_saved(st, ed, len) != 0)
			fail_msg("changed at \"%s\": taken as saved", marks[i]);
	}
	free(ed);
	state_free(st);
	free(text);
	diag_free(&d);
}

/* The canonical text of state-full.xml with its first ship named name
 * (owned by the caller). */
static char *
named_state(struct datafix *f, const char *name)
{
	struct diag	 d = DIAG_INIT;
	struct buf	 b = BUF_INIT;
	struct nv_state	*st;
	char		*text;
	size_t		 len;

	text = datafix_read("../tests/unit/fixtures/state-full.xml", &len);
	st = load(f, "state-full.xml", text, len, &d);
	assert_non_null(st);
	free(st->ships[0].name);
	st->ships[0].name = xstrdup(name);
	state_xml_save(st, &b);
	state_free(st);
	free(text);
	diag_free(&d);
	return buf_detach(&b);
}

/* The first ship's line of a saved state, edited: from (its first
 * occurrence in the line) becomes to.  Whether the streaming builder
 * takes it (NULL else), and whether the file loads at all (through the
 * whole tree when the builder does not take it). */
static const struct {
	const char	*what;
	const char	*from;
	const char	*to;
	int		 taken;
	int		 loads;
} line_edits[] = {
	{ "as saved", "", "", 1, 1 },
	{ "a character reference the saver does not write", "&amp;",
	    "&#38;", 0, 1 },
	{ "a quote the saver does not write so", "&quot;", "&#34;", 0, 1 },
	{ "two spaces", " side=", "  side=", 0, 1 },
	{ "an attribute twice", " side=\"sparta\"",
	    " side=\"sparta\" side=\"sparta\"", 0, 0 },
	{ "an unknown attribute", " side=", " colour=\"red\" side=", 0, 0 },
	{ "a '<' in a value", "&lt;", "<", 0, 0 },
	{ "a value not closed", "\"/>", "/>", 0, 0 },
	{ "single quotes", "side=\"sparta\"", "side='sparta'", 0, 1 },
};

/* A state's ship lines are read without libxml2 (state-xml-stream.c,
 * ship_lines) when they hold plain ASCII: every escape the saver writes
 * is read back; a line written otherwise is not taken, and loads (or
 * not) as through the whole tree; UTF-8 text goes through libxml2. */
static void
test_ship_lines(void **state)
{
	static const char	 odd[] = "A&B <x> \"q\"\t\n\r 'y'";
	struct datafix		*f = *state;
	struct diag		 d = DIAG_INIT;
	struct buf		 b = BUF_INIT;
	struct nv_state		*st;
	char			*canon, *ed, *line, *at;
	size_t			 i, n, k;

	canon = named_state(f, odd);
	line = strstr(canon, "\n  <ship ");
	assert_non_null(line);
	assert_non_null(strstr(line, "name=\"A&amp;B &lt;x&gt; &quot;q&quot;"
	    "&#9;&#10;&#13; 'y'\""));
	for (i = 0; i < sizeof line_edits / sizeof line_edits[0]; i++) {
		n = strlen(canon);
		ed = xmalloc(n + 64);
		at = strstr(canon + (line - canon) + 1, line_edits[i].from);
		if (at == NULL || memchr(line + 1, '\n',
		    (size_t)(at - line - 1)) != NULL)
			fail_msg("%s: \"%s\" is not in the first ship's line",
			    line_edits[i].what, line_edits[i].from);
		k = (size_t)(at - canon);
		memcpy(ed, canon, k);
		memcpy(ed + k, line_edits[i].to, strlen(line_edits[i].to));
		k += strlen(line_edits[i].to);
		at += strlen(line_edits[i].from);
		memcpy(ed + k, at, strlen(at) + 1);
		st = state_xml_build_stream(f->rs, "s.xml", ed, strlen(ed));
		if ((st != NULL) != line_edits[i].taken)
			fail_msg("%s: %s by the streaming builder",
			    line_edits[i].what, st != NULL ? "taken" :
			    "not taken");
		if (st != NULL) {
			assert_string_equal(st->ships[0].name, odd);
			buf_reset(&b);
			state_xml_save(st, &b);
			assert_string_equal(buf_str(&b), ed);
		}
		state_free(st);
		st = load(f, "s.xml", ed, strlen(ed), &d);
		if ((st != NULL && d.errors == 0) != line_edits[i].loads)
			fail_msg("%s: %s", line_edits[i].what, st != NULL &&
			    d.errors == 0 ? "loads" : "does not load");
		if (st != NULL && d.errors == 0)
			assert_string_equal(st->ships[0].name, odd);
		state_free(st);
		diag_clear(&d);
		free(ed);
	}
	free(canon);
	/* UTF-8: the reader's, as before. */
	canon = named_state(f, "\xe1\xbc\x88\xcf\x81\xce\xb3\xcf\x8e");
	st = state_xml_build_stream(f->rs, "s.xml", canon, strlen(canon));
	assert_non_null(st);
	assert_string_equal(st->ships[0].name,
	    "\xe1\xbc\x88\xcf\x81\xce\xb3\xcf\x8e");
	buf_reset(&b);
	state_xml_save(st, &b);
	assert_string_equal(buf_str(&b), canon);
	state_free(st);
	free(canon);
	buf_free(&b);
	diag_free(&d);
}

static const struct {
	const char	*doc;
	const char	*msg;
} parse_cases[] = {
	{ "<scenario turn=\"1\"/>", "no ruleset attribute" },
	{ "<ruleset id=\"classic\"/>", "a scenario or state file" },
	{ "<scenario ruleset=\"classic\"", "" },
	/* Namespace errors: libxml2 returns the document beside them. */
	{ "<scenario ruleset=\"classic\" xmlns:x=\"\"/>",
	    "Empty XML namespace" },
	{ "<scenario ruleset=\"classic\" x:turn=\"1\"/>",
	    "Namespace prefix x" },
};

/* The ruleset and the state from one parse. */
static void
test_parse_once(void **state)
{
	struct datafix		*f = *state;
	struct state_xml_doc	*sd;
	struct diag		 d = DIAG_INIT, d2 = DIAG_INIT;
	struct nv_state		*st;
	char			*text;
	size_t			 len, i;

	text = datafix_read("../tests/unit/fixtures/state-full.xml", &len);
	sd = state_xml_parse("s.xml", text, len, &d);
	assert_non_null(sd);
	assert_string_equal(state_xml_doc_ruleset(sd), "classic");
	st = state_xml_load_doc(f->rs, sd, f->rng, f->rnglen, &d);
	assert_non_null(st);
	assert_int_equal(d.n, 0);
	state_free(st);
	state_xml_doc_free(sd);
	free(text);
	/* What it refuses, it refuses as state_xml_ruleset does. */
	for (i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++) {
		sd = state_xml_parse("s.xml", parse_cases[i].doc,
		    strlen(parse_cases[i].doc), &d);
		assert_null(sd);
		assert_null(state_xml_ruleset("s.xml", parse_cases[i].doc,
		    strlen(parse_cases[i].doc), &d2));
		assert_true(d.n >= 1);
		assert_non_null(strstr(d.v[0].msg, parse_cases[i].msg));
		assert_true(d.n == d2.n);
		assert_string_equal(d.v[0].msg, d2.v[0].msg);
		diag_clear(&d);
		diag_clear(&d2);
	}
	diag_free(&d);
	diag_free(&d2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_saved_validates),
		cmocka_unit_test(test_schema_skipped),
		cmocka_unit_test(test_parse_once),
		cmocka_unit_test(test_is_saved),
		cmocka_unit_test(test_ship_lines),
	};

	return cmocka_run_group_tests(tests, datafix_setup, datafix_teardown);
}
