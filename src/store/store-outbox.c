/* store-outbox.c: mail to send and Message-IDs already processed.
 *
 * Every mail the daemon sends is first an outbox row with a fixed
 * Message-ID, written in the same transaction as the fact it reports;
 * sending is at-least-once (a crash between the SMTP answer and
 * mark_sent sends again, with the same Message-ID, so receivers can
 * deduplicate).  A failed attempt waits by the backoff schedule below. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "store-int.h"
#include "store-outbox.h"
#include "xalloc.h"

/* Seconds to wait after the n-th failed attempt. */
static const int64_t backoff[] = {
	60, 5 * 60, 15 * 60, 60 * 60, 4 * 60 * 60, 12 * 60 * 60,
	24 * 60 * 60
};

int64_t
store_outbox_backoff(int attempts)
{
	if (attempts < 1 ||
	    (size_t)attempts > sizeof backoff / sizeof backoff[0])
		return -1;
	return backoff[attempts - 1];
}

enum store_code
store_outbox_add(struct store *s, const struct store_outbox_new *m,
    int64_t now, int64_t *id, char **cause)
{
	int	code;

	if (m->game != NULL &&
	    (code = st_game_exists(s, m->game, cause)) != STORE_OK)
		return code;
	if (m->message_id == NULL || m->message_id[0] == '\0' ||
	    m->recipient == NULL || m->recipient[0] == '\0' ||
	    m->subject == NULL || m->body == NULL)
		return st_cause(cause, STORE_ERROR, "an outgoing message needs "
		    "a Message-ID, a recipient, a subject and a body");
	code = st_run(s, cause, NULL, "INSERT INTO outbox (game, message_id,"
	    " recipient, subject, body, next_attempt, created, secret)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", "ssssslli", m->game,
	    m->message_id, m->recipient, m->subject, m->body, now, now,
	    m->secret ? 1 : 0);
	if (code == STORE_EXISTS)
		return st_cause(cause, code,
		    "message %s is already in the outbox", m->message_id);
	if (code == STORE_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(s->db);
	return code;
}

#define OUTBOX_COLUMNS							\
	"id, game, message_id, recipient, subject, body, status, attempts,"	\
	" next_attempt, last_error, created"

static struct store_outbox *
outbox_fill(sqlite3_stmt *st)
{
	struct store_outbox		*m;
	enum store_outbox_status	 v = STORE_OUTBOX_QUEUED;

	m = xcalloc(1, sizeof *m);
	m->id = sqlite3_column_int64(st, 0);
	m->game = st_col_dup(st, 1);
	m->message_id = st_col_dup(st, 2);
	m->recipient = st_col_dup(st, 3);
	m->subject = st_col_dup(st, 4);
	m->body = st_col_dup(st, 5);
	store_outbox_status_parse(st_col_text(st, 6, 1), &v);
	m->status = v;
	m->attempts = sqlite3_column_int(st, 7);
	m->next_attempt = sqlite3_column_int64(st, 8);
	m->last_error = st_col_dup(st, 9);
	m->created = sqlite3_column_int64(st, 10);
	return m;
}

void
store_outbox_free(struct store_outbox *m)
{
	if (m == NULL)
		return;
	free(m->game);
	free(m->message_id);
	free(m->recipient);
	free(m->subject);
	free(m->body);
	free(m->last_error);
	free(m);
}

static int
outbox_one(struct store *s, struct store_outbox **out, char **cause,
    const char *notfound, const char *sql, const char *fmt, int64_t arg)
{
	sqlite3_stmt	*st;
	int		 code, row;

	*out = NULL;
	if ((code = st_cached(s, &st, cause, sql, fmt, arg)) != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && !row)
		code = st_cause(cause, STORE_NOTFOUND, "%s", notfound);
	if (code == STORE_OK)
		*out = outbox_fill(st);
	st_release(s, st);
	return code;
}

enum store_code
store_outbox_next_due(struct store *s, int64_t now,
    struct store_outbox **out, char **cause)
{
	return outbox_one(s, out, cause, "no message is due",
	    "SELECT " OUTBOX_COLUMNS " FROM outbox WHERE status = 'queued'"
	    " AND next_attempt <= ? ORDER BY next_attempt, id LIMIT 1", "l",
	    now);
}

enum store_code
store_outbox_next_due_after(struct store *s, int64_t now, int64_t after_next,
    int64_t after_id, struct store_outbox **out, char **cause)
{
	sqlite3_stmt	*st;
	int		 code, row;

	/* The row value keeps the order of store_outbox_next_due and uses
	 * the same index (outbox_due: status, next_attempt, id). */
	*out = NULL;
	if ((code = st_cached(s, &st, cause, "SELECT " OUTBOX_COLUMNS
	    " FROM outbox WHERE status = 'queued' AND next_attempt <= ?"
	    " AND (next_attempt, id) > (?, ?) ORDER BY next_attempt, id"
	    " LIMIT 1", "lll", now, after_next, after_id)) != STORE_OK)
		return code;
	code = st_step(s, st, &row, cause);
	if (code == STORE_OK && !row)
		code = st_cause(cause, STORE_NOTFOUND, "no message is due");
	if (code == STORE_OK)
		*out = outbox_fill(st);
	st_release(s, st);
	return code;
}

enum store_code
store_outbox_get(struct store *s, int64_t id, struct store_outbox **out,
    char **cause)
{
	return outbox_one(s, out, cause, "no such message in the outbox",
	    "SELECT " OUTBOX_COLUMNS " FROM outbox WHERE id = ?", "l", id);
}

enum store_code
store_outbox_mark_sent(struct store *s, int64_t id, int64_t now,
    char **cause)
{
	int	code, n;

	/* A mail that held a password keeps no copy of it once sent.
	 * Committed without a sync: a power cut that loses the mark only
	 * sends the mail again, with its Message-ID (at-least-once), and
	 * the next durable commit syncs it anyway; a mail per order mail
	 * thus costs one sync, its transaction's (issue 16). */
	code = st_run_light(s, cause, &n, "UPDATE outbox SET status = 'sent',"
	    " attempts = attempts + 1, sent = ?, last_error = NULL,"
	    " body = CASE secret WHEN 1 THEN '' ELSE body END"
	    " WHERE id = ? AND status = 'queued'", "ll", now, id);
	if (code == STORE_OK && n == 0)
		return st_cause(cause, STORE_NOTFOUND,
		    "no queued message %lld in the outbox", (long long)id);
	return code;
}

enum store_code
store_outbox_mark_sent_list(struct store *s, const int64_t *ids, size_t n,
    int64_t now, int *marked, char **cause)
{
	struct buf	b = BUF_INIT;
	size_t		i;
	int		code, changes = 0;

	if (marked != NULL)
		*marked = 0;
	if (n == 0)
		return STORE_OK;
	/* One statement, so one transaction without a sync (as mark_sent):
	 * the ids go in as a JSON array, one cached statement for any n. */
	buf_addc(&b, '[');
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%lld", i > 0 ? "," : "", (long long)ids[i]);
	buf_addc(&b, ']');
	code = st_run_light(s, cause, &changes, "UPDATE outbox SET status ="
	    " 'sent', attempts = attempts + 1, sent = ?, last_error = NULL,"
	    " body = CASE secret WHEN 1 THEN '' ELSE body END"
	    " WHERE status = 'queued' AND id IN"
	    " (SELECT value FROM json_each(?))", "ls", now, buf_str(&b));
	buf_free(&b);
	if (code == STORE_OK && marked != NULL)
		*marked = changes;
	return code;
}

enum store_code
store_outbox_mark_failed(struct store *s, int64_t id, int64_t now,
    const char *error, int permanent, enum store_outbox_status *status,
    char **cause)
{
	struct txn			t;
	enum store_outbox_status	v = STORE_OUTBOX_QUEUED;
	int64_t				attempts, wait = 0;
	int				code;

	if ((code = txn_begin(s, &t, cause)) != STORE_OK)
		return code;
	code = st_int64(s, cause, &attempts, "SELECT attempts FROM outbox"
	    " WHERE id = ? AND status = 'queued'", "l", id);
	if (code == STORE_NOTFOUND)
		code = st_cause(cause, code,
		    "no queued message %lld in the outbox", (long long)id);
	if (code == STORE_OK) {
		attempts++;
		wait = store_outbox_backoff((int)attempts);
		if (permanent || wait < 0)
			v = STORE_OUTBOX_FAILED;
		code = st_run(s, cause, NULL, "UPDATE outbox SET attempts = ?,"
		    " status = ?, next_attempt = ?, last_error = ?,"
		    " body = CASE WHEN secret = 1 AND ?2 = 'failed' THEN ''"
		    " ELSE body END WHERE id = ?", "lslsl", attempts,
		    store_outbox_status_name(v),
		    v == STORE_OUTBOX_FAILED ? now : now + wait,
		    error != NULL ? error : "", id);
	}
	code = txn_end(s, &t, code, cause);
	if (code == STORE_OK && status != NULL)
		*status = v;
	return code;
}

enum store_code
store_mail_seen(struct store *s, const char *message_id, char **cause)
{
	int64_t	one;
	int	code;

	code = st_int64(s, cause, &one, "SELECT 1 FROM processed_mail"
	    " WHERE message_id = ?", "s", message_id);
	if (code == STORE_NOTFOUND)
		return st_cause(cause, code, "message %s is new", message_id);
	return code;
}

enum store_code
store_mail_record(struct store *s, const char *message_id, int64_t now,
    char **cause)
{
	int	code;

	if (message_id == NULL || message_id[0] == '\0')
		return st_cause(cause, STORE_ERROR,
		    "a processed message needs a Message-ID");
	code = st_run(s, cause, NULL, "INSERT INTO processed_mail"
	    " (message_id, time) VALUES (?, ?)", "sl", message_id, now);
	if (code == STORE_EXISTS)
		return st_cause(cause, code,
		    "message %s was already processed", message_id);
	return code;
}
