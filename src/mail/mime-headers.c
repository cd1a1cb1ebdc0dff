/* mime-headers.c: identity, people, threading and automatic mail, from
 * the top-level header fields as libetpan parsed them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "buf.h"
#include "mime.h"
#include "mime-int.h"
#include "strutil.h"
#include "xalloc.h"

void
mime_set_auto(struct mail_msg *m, const char *reason)
{
	if (m->is_auto)
		return;
	m->is_auto = 1;
	m->auto_reason = mime_utf8_dup(reason);
}

/* Header text for people: encoded words decoded, folding and control
 * characters turned into spaces, trimmed.  Owned by the caller. */
static char *
header_text(const char *s)
{
	char	*d = mime_decode_words(s), *t, *r;
	size_t	 i;

	for (i = 0; d[i] != '\0'; i++) {
		if ((unsigned char)d[i] < 0x20 || d[i] == 0x7f)
			d[i] = ' ';
	}
	t = str_trim(d);
	r = xstrdup(t);
	free(d);
	return r;
}

/* An addr-spec as a string we can keep; NULL for an empty one. */
static char *
addr_dup(const char *a)
{
	if (a == NULL || *a == '\0')
		return NULL;
	return mime_utf8_dup(a);
}

static struct mailimf_mailbox *
first_mailbox(struct mailimf_mailbox_list *l)
{
	if (l == NULL || l->mb_list == NULL || clist_begin(l->mb_list) == NULL)
		return NULL;
	return clist_content(clist_begin(l->mb_list));
}

static struct mailimf_mailbox *
first_address(struct mailimf_address_list *l)
{
	struct mailimf_address	*a;
	struct mailimf_mailbox	*mb;
	clistiter		*it;

	if (l == NULL || l->ad_list == NULL)
		return NULL;
	for (it = clist_begin(l->ad_list); it != NULL; it = clist_next(it)) {
		a = clist_content(it);
		if (a->ad_type == MAILIMF_ADDRESS_MAILBOX)
			return a->ad_data.ad_mailbox;
		mb = first_mailbox(a->ad_data.ad_group->grp_mb_list);
		if (mb != NULL)
			return mb;
	}
	return NULL;
}

/* An id from a field libetpan could not parse: the value without angle
 * brackets, if it is a single word. */
static char *
loose_id(const char *v)
{
	char	*s = xstrdup(v), *t = str_trim(s), *r = NULL;
	size_t	 n;

	if (*t == '<')
		t++;
	n = strlen(t);
	if (n > 0 && t[n - 1] == '>')
		t[--n] = '\0';
	if (n > 0 && strpbrk(t, " \t\r\n<>") == NULL)
		r = mime_utf8_dup(t);
	free(s);
	return r;
}

/* The ids of References: the first and the last ones, MAIL_REFERENCES_MAX
 * in all (RFC 5322 3.6.4: those are what thread; a hostile mail may list
 * 100,000). */
static void
id_list(struct mail_msg *m, clist *l)
{
	clistiter	*it;
	size_t		 n, i;

	if (l == NULL)
		return;
	n = (size_t)clist_count(l);
	m->references = xcalloc(n < MAIL_REFERENCES_MAX ? n + 1 :
	    MAIL_REFERENCES_MAX, sizeof *m->references);
	for (it = clist_begin(l), i = 0; it != NULL; it = clist_next(it), i++)
		if (i == 0 || n - i < MAIL_REFERENCES_MAX)
			m->references[m->nreferences++] =
			    mime_utf8_dup(clist_content(it));
}

static void
single_fields(struct mail_msg *m, struct mailimf_fields *fields)
{
	struct mailimf_single_fields	 sf;
	struct mailimf_mailbox		*mb;

	mailimf_single_fields_init(&sf, fields);
	if (sf.fld_message_id != NULL && sf.fld_message_id->mid_value != NULL)
		m->message_id = loose_id(sf.fld_message_id->mid_value);
	if (sf.fld_from != NULL &&
	    (mb = first_mailbox(sf.fld_from->frm_mb_list)) != NULL) {
		m->from = addr_dup(mb->mb_addr_spec);
		if (mb->mb_display_name != NULL)
			m->from_name = header_text(mb->mb_display_name);
	}
	if (sf.fld_sender != NULL && sf.fld_sender->snd_mb != NULL)
		m->sender = addr_dup(sf.fld_sender->snd_mb->mb_addr_spec);
	if (sf.fld_reply_to != NULL &&
	    (mb = first_address(sf.fld_reply_to->rt_addr_list)) != NULL)
		m->reply_to = addr_dup(mb->mb_addr_spec);
	if (sf.fld_subject != NULL && sf.fld_subject->sbj_value != NULL)
		m->subject = header_text(sf.fld_subject->sbj_value);
	if (sf.fld_in_reply_to != NULL &&
	    sf.fld_in_reply_to->mid_list != NULL &&
	    clist_begin(sf.fld_in_reply_to->mid_list) != NULL)
		m->in_reply_to = mime_utf8_dup(
		    clist_content(clist_begin(sf.fld_in_reply_to->mid_list)));
	if (sf.fld_references != NULL)
		id_list(m, sf.fld_references->mid_list);
}

/* The first word of a field value, lower case, up to ';' (owned). */
static char *
keyword(const char *v)
{
	char	*s = xstrdup(v), *t = str_trim(s), *r;

	t[strcspn(t, "; \t\r\n(")] = '\0';
	r = mime_utf8_dup(str_lower(t));
	free(s);
	return r;
}

static int
is_daemon_local(const char *addr)
{
	size_t	n;

	if (addr == NULL)
		return 0;
	n = strcspn(addr, "@");
	return (n == 13 && strncasecmp(addr, "mailer-daemon", n) == 0) ||
	    (n == 10 && strncasecmp(addr, "postmaster", n) == 0);
}

/* One optional (unparsed) field: Auto-Submitted, Precedence, list and
 * autoresponder markers, Return-Path. */
static void
optional_field(struct mail_msg *m, const char *name, const char *value)
{
	static const char *const markers[] = {
		"List-Id", "List-Unsubscribe", "X-Autoreply", "X-Autorespond",
	};
	char	*k, *why;
	size_t	 i;

	if (strcasecmp(name, "Auto-Submitted") == 0 && m->auto_submitted ==
	    NULL) {
		m->auto_submitted = keyword(value);
		if (strcmp(m->auto_submitted, "no") != 0) {
			why = xasprintf("Auto-Submitted: %s", m->auto_submitted);
			mime_set_auto(m, why);
			free(why);
		}
	} else if (strcasecmp(name, "Precedence") == 0) {
		k = keyword(value);
		if (strcmp(k, "bulk") == 0 || strcmp(k, "junk") == 0 ||
		    strcmp(k, "list") == 0 || strcmp(k, "auto_reply") == 0) {
			why = xasprintf("Precedence: %s", k);
			mime_set_auto(m, why);
			free(why);
		}
		free(k);
	} else if (strcasecmp(name, "Return-Path") == 0 &&
	    m->return_path == NULL) {
		k = loose_id(value);
		m->return_path = k != NULL ? k : xstrdup("");
	} else if (strcasecmp(name, "Message-ID") == 0 &&
	    m->message_id == NULL) {
		m->message_id = loose_id(value);
	} else {
		for (i = 0; i < sizeof markers / sizeof markers[0]; i++) {
			if (strcasecmp(name, markers[i]) != 0)
				continue;
			why = xasprintf("%s field present", markers[i]);
			mime_set_auto(m, why);
			free(why);
		}
	}
}

void
mime_headers(struct mail_msg *m, struct mailimf_fields *fields)
{
	struct mailimf_optional_field	*of;
	struct mailimf_field		*f;
	clistiter			*it;

	if (fields == NULL)
		return;
	single_fields(m, fields);
	for (it = clist_begin(fields->fld_list); it != NULL;
	    it = clist_next(it)) {
		f = clist_content(it);
		if (f->fld_type != MAILIMF_FIELD_OPTIONAL_FIELD)
			continue;
		of = f->fld_data.fld_optional_field;
		if (of->fld_name != NULL && of->fld_value != NULL)
			optional_field(m, of->fld_name, of->fld_value);
	}
	/* Bounces and other mail from the mail system itself carry the null
	 * sender (RFC 5321 4.5.5) or come from its role addresses. */
	if (m->return_path != NULL && *m->return_path == '\0')
		mime_set_auto(m, "null sender (Return-Path: <>)");
	else if (is_daemon_local(m->from))
		mime_set_auto(m, "From is a mail system address");
	else if (is_daemon_local(m->sender))
		mime_set_auto(m, "Sender is a mail system address");
	else if (is_daemon_local(m->return_path))
		mime_set_auto(m, "Return-Path is a mail system address");
}
