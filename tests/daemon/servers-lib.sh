# tests/daemon/servers-lib.sh: what the tests against real mail servers
# share (sourced after tests/cli/lib.sh; bash).  Starts a private Postfix
# and Dovecot on 127.0.0.1 with one generated CA (tests/servers/), with a
# mailbox for each login of $BOXES, and stops them on exit; gives the
# mail helpers (SMTP with STARTTLS, IMAP reads, counts, waits), the
# daemon's configuration on those servers and a daemon cycle.  A test
# that cannot have the servers exits 77 (with CI=true, 1).
: "${NAVARCHD:?NAVARCHD must name the navarchd binary}"
: "${BOXES:?BOXES must name the mailboxes}"
TEST_NAME=$(basename "$0")
SERVERS=$SRC/tests/servers

skip() {
	echo "$TEST_NAME: $*" >&2
	if [ "${CI:-}" = true ]; then
		echo "$TEST_NAME: CI=true: a missing server is a failure" >&2
		exit 1
	fi
	echo "$TEST_NAME: skipped (apt-get install postfix dovecot-imapd" \
	    "openssl python3, or scripts/setup-debian.sh; run as root)" >&2
	exit 77
}
[ "$(id -u)" -eq 0 ] || skip "needs root to start private mail servers"
for p in postfix dovecot doveadm openssl python3; do
	command -v "$p" >/dev/null 2>&1 || skip "$p is not installed"
done

# --- the servers ------------------------------------------------------------
PF=$(mktemp -d /tmp/navarch-postfix.XXXXXX)
DV=
stop_servers() {
	set +e
	[ -n "$DV" ] && "$SERVERS/dovecot.sh" stop "$DV"
	if [ -f "$PF/env" ] || [ -f "$PF/spool/pid/master.pid" ]; then
		"$SERVERS/postfix.sh" stop "$PF"
	fi
	rm -rf "$PF" "$T"
}
trap stop_servers EXIT

# Dovecot first: it creates the system user (navarchtest) that owns the
# Maildirs, and its CA signs Postfix's certificate too.  Its Maildirs are
# where Postfix delivers: $PF/mail/LOGIN/Maildir.
set +e
NV_DOVECOT_MAIL_ROOT=$PF/mail NV_DOVECOT_USERS=$BOXES \
    "$SERVERS/dovecot.sh" start >"$T/dovecot.env" 2>"$T/dovecot.err"
st=$?
set -e
[ "$st" -eq 77 ] && skip "$(cat "$T/dovecot.err")"
[ "$st" -eq 0 ] || { cat "$T/dovecot.err" >&2; exit 1; }
. "$T/dovecot.env"
DV=$DOVECOT_DIR
set +e
NV_MAIL_USER=navarchtest NV_MAILBOXES=$BOXES \
    NV_TLS_CERT=$DV/tls/server.pem NV_TLS_KEY=$DV/tls/server.key \
    NV_TLS_CA=$DOVECOT_CA "$SERVERS/postfix.sh" start "$PF" 2>"$T/postfix.err"
st=$?
set -e
[ "$st" -eq 77 ] && skip "$(cat "$T/postfix.err")"
[ "$st" -eq 0 ] || { cat "$T/postfix.err" >&2; exit 1; }
. "$PF/env"
CA=$DOVECOT_CA
PW=$(cat "$DOVECOT_PASSWORD_FILE")

# --- mail over the wire (python3: smtplib and imaplib, TLS on our CA) --------
# smtp_send ENVELOPE-FROM RCPT FILE: sends FILE over SMTP with STARTTLS.
smtp_send() {
	python3 - "$SMTP_PORT" "$CA" "$@" <<'PY'
import smtplib, ssl, sys
port, ca, frm, rcpt, path = sys.argv[1:]
ctx = ssl.create_default_context(cafile=ca)
with smtplib.SMTP("127.0.0.1", int(port), timeout=10) as s:
    s.starttls(context=ctx)
    s.sendmail(frm, [rcpt], open(path, "rb").read())
PY
}

# imap_dump LOGIN DIR: every message of LOGIN's INBOX, read over IMAP with
# STARTTLS, decoded into DIR/N.txt (Subject and From, then the text);
# prints how many.
imap_dump() {
	rm -rf "$2"
	mkdir -p "$2"
	python3 - "$IMAP_PORT" "$CA" "$1" "$PW" "$2" <<'PY'
import email, email.header, email.policy, imaplib, ssl, sys
port, ca, user, pw, out = sys.argv[1:]
ctx = ssl.create_default_context(cafile=ca)
m = imaplib.IMAP4("127.0.0.1", int(port), timeout=10)
m.starttls(ssl_context=ctx)
m.login(user, pw)
m.select("INBOX", readonly=True)
typ, data = m.search(None, "ALL")
nums = data[0].split()
for n in nums:
    typ, d = m.fetch(n, "(BODY.PEEK[])")
    msg = email.message_from_bytes(d[0][1], policy=email.policy.default)
    with open("%s/%s.txt" % (out, n.decode()), "w") as f:
        f.write("Subject: %s\n" % msg.get("Subject", ""))
        f.write("From: %s\n" % msg.get("From", ""))
        f.write("To: %s\n" % msg.get("To", ""))
        for h in ("Auto-Submitted", "In-Reply-To"):
            if msg.get(h):
                f.write("%s: %s\n" % (h, msg.get(h)))
        f.write("\n")
        for part in msg.walk():
            if part.get_content_type() == "text/plain":
                f.write(part.get_content())
m.logout()
print(len(nums))
PY
}

# maildir_count LOGIN: messages delivered to LOGIN so far (new/ and cur/).
maildir_count() {
	find "$PF/mail/$1/Maildir/new" "$PF/mail/$1/Maildir/cur" -type f \
	    2>/dev/null | wc -l
}

# wait_count LOGIN N: waits (at most 10 s) until LOGIN has N messages.
wait_count() {
	local i=0
	while [ "$(maildir_count "$1")" -lt "$2" ]; do
		i=$((i + 1))
		if [ "$i" -gt 100 ]; then
			bad "$1 has $(maildir_count "$1") messages after 10 s," \
			    "wanted $2"
			tail -n 5 "$PF/log/postfix.log" | sed 's/^/    | /'
			return 1
		fi
		sleep 0.1
	done
}

# wait_queue: waits (at most 10 s) until Postfix has nothing left to
# deliver, so that a count afterwards is final.
wait_queue() {
	local i=0
	while ! postqueue -c "$PF/conf" -p 2>/dev/null | grep -q "is empty"; do
		i=$((i + 1))
		if [ "$i" -gt 100 ]; then
			bad "the Postfix queue did not empty in 10 s"
			return 1
		fi
		sleep 0.1
	done
}

total() {
	local b s=0
	for b in $BOXES; do
		s=$((s + $(maildir_count "$b")))
	done
	echo "$s"
}

# write_conf: the daemon's configuration on the servers, $T/navarchd.conf.
write_conf() {
	cat >"$T/navarchd.conf" <<-CONF
	# test configuration: the real servers
	database = $DB
	mailbox = imap://127.0.0.1:$IMAP_PORT/INBOX
	mailbox_user = navarch
	mailbox_password_file = $DOVECOT_PASSWORD_FILE
	smtp = smtp://127.0.0.1:$SUBMISSION_PORT
	smtp_user = $SMTP_USER
	smtp_password_file = $SMTP_PASSWORD_FILE
	tls = required
	ca_file = $CA
	from = navarch@example.org
	datadir = $NAVARCH_DATADIR
	hash_cost = 1
	poll_interval = 60
	log_level = debug
	CONF
}

cycle() {
	expect 0 "navarchd --once ($1)" "$NAVARCHD" -f "$T/navarchd.conf" \
	    --once --foreground --now "$2"
	cp "$T/err" "$T/daemon-$3.log"
	wait_queue || true
}

# write_order_mail TURN SIDE: standard input, SIDE's orders for TURN, as a
# mail to the daemon in $T/mail-TURN-SIDE.eml.
write_order_mail() {
	{
		printf 'From: %s@example.org\nTo: navarch@example.org\n' "$2"
		printf 'Subject: Orders for turn %s\n' "$1"
		printf 'Message-ID: <turn%s.%s@example.org>\n' "$1" "$2"
		printf 'Date: Tue, 01 Dec 2026 12:00:00 +0000\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat
	} >"$T/mail-$1-$2.eml"
}

inbox=0		# messages delivered to the daemon so far
# send_orders TURN SIDE: the mail the test's order_mail TURN SIDE writes
# (with write_order_mail) sent over SMTP from SIDE.
send_orders() {
	order_mail "$@"
	if smtp_send "$2@example.org" navarch@example.org \
	    "$T/mail-$1-$2.eml" 2>"$T/smtp.err"; then
		ok
	else
		bad "$2 could not send turn $1 orders over SMTP"
		sed 's/^/    | /' "$T/smtp.err"
	fi
	inbox=$((inbox + 1))
}

# mails_matching LOGIN SUBJECT-PATTERN BODY-PATTERN: how many of LOGIN's
# messages (read over IMAP) match both.
mails_matching() {
	local f c=0
	imap_dump "$1" "$T/box-$1" >/dev/null
	for f in "$T/box-$1"/*.txt; do
		[ -f "$f" ] || continue
		grep -q -- "^Subject: $2" "$f" && grep -q -- "$3" "$f" &&
		    c=$((c + 1))
	done
	echo "$c"
}

# expect_mail DESC LOGIN SUBJECT-PATTERN BODY-PATTERN
expect_mail() {
	local c
	c=$(mails_matching "$2" "$3" "$4")
	if [ "$c" -eq 1 ]; then
		ok
	else
		bad "$1: $c mails to $2 match '$3' and '$4', wanted 1"
		head -n 3 "$T/box-$2"/*.txt 2>/dev/null | sed 's/^/    | /'
	fi
}

