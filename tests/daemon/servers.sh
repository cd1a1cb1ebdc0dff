#!/usr/bin/env bash
# tests/daemon/servers.sh: navarchd end to end against real mail servers
# (issue 5 item 11).  A private Postfix (tests/servers/postfix.sh) delivers
# into virtual Maildirs that a private Dovecot (tests/servers/dovecot.sh)
# serves over IMAP, both on 127.0.0.1 with certificates of one generated
# CA.  Two players send their orders over SMTP with STARTTLS; navarchd
# --once reads its INBOX over IMAP (STARTTLS, verified against the CA) and
# sends over the submission port (STARTTLS, AUTH); the players' and the
# GM's mailboxes are read back over IMAP.  Three turns are played; a
# bounce, an auto-reply and a mail loop must get no answer.
#
# Needs root, postfix, dovecot-imapd, openssl and python3; without them
# exit 77 with what to install (with CI=true a failure).
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR.
. "$(dirname "$0")/../cli/lib.sh"
: "${NAVARCHD:?NAVARCHD must name the navarchd binary}"
SERVERS=$SRC/tests/servers

skip() {
	echo "servers.sh: $*" >&2
	if [ "${CI:-}" = true ]; then
		echo "servers.sh: CI=true: a missing server is a failure" >&2
		exit 1
	fi
	echo "servers.sh: skipped (apt-get install postfix dovecot-imapd" \
	    "openssl python3, or scripts/setup-debian.sh; run as root)" >&2
	exit 77
}
[ "$(id -u)" -eq 0 ] || skip "needs root to start private mail servers"
for p in postfix dovecot doveadm openssl python3; do
	command -v "$p" >/dev/null 2>&1 || skip "$p is not installed"
done

# --- the servers ------------------------------------------------------------
BOXES="navarch athens persia gm mailer-daemon"
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

# --- the game ---------------------------------------------------------------
printf 'change-me\n' >"$T/pw-athens"
printf 'great-king\n' >"$T/pw-persia"
printf 'umpire\n' >"$T/pw-gm"
cat >"$T/navarchd.conf" <<CONF
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

expect 0 "init" nv init
expect 0 "game create" nv game create demo --scenario "$SCENARIO" \
    --seed demo-seed \
    --gm gm@example.org --gm-password-file "$T/pw-gm"
expect 0 "player athens" nv player add demo athens athens@example.org \
    --password-file "$T/pw-athens"
expect 0 "player persia" nv player add demo persia persia@example.org \
    --password-file "$T/pw-persia"

# order_mail TURN SIDE: the side's order file (GAME and PASSWORD in it, as
# in scripts/demo.sh) wrapped in a mail.
order_mail() {
	{
		printf 'From: %s@example.org\nTo: navarch@example.org\n' "$2"
		printf 'Subject: Orders for turn %s\n' "$1"
		printf 'Message-ID: <turn%s.%s@example.org>\n' "$1" "$2"
		printf 'Date: Tue, 01 Dec 2026 12:00:00 +0000\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat "$SRC/orders/demo/turn$1-$2.txt"
	} >"$T/mail-$1-$2.eml"
}

inbox=0		# messages delivered to the daemon so far
# send_orders TURN SIDE
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

cycle() {
	expect 0 "navarchd --once ($1)" "$NAVARCHD" -f "$T/navarchd.conf" \
	    --once --foreground --now "$2"
	cp "$T/err" "$T/daemon-$3.log"
	wait_queue || true
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

# --- turn 1: athens first: an acknowledgement, no report yet ---------------
send_orders 1 athens
wait_count navarch "$inbox" || true
cycle "athens's orders" 2026-12-01T12:00Z 1a
expect_mail "athens's acknowledgement" athens \
    '\[navarch demo\] Re: Orders for turn 1' 'Orders accepted for turn 1'
expect_mail "the ack echoes nike's orders" athens \
    '\[navarch demo\] Re: Orders for turn 1' 'SHIP nike SPEED 4 MOVE F F L F F'
if grep -rq "change-me" "$T/box-athens"; then
	bad "the acknowledgement echoes the password"
else
	ok
fi
[ "$(mails_matching athens 'Turn 1 report' '')" -eq 0 ] && ok ||
    bad "a turn 1 report went out before persia's orders"

# --- persia: every order in, the turn is played ------------------------------
send_orders 1 persia
wait_count navarch "$inbox" || true
cycle "persia's orders" 2026-12-01T12:00Z 1p
expect_mail "persia's acknowledgement" persia \
    '\[navarch demo\] Re: Orders for turn 1' 'Orders accepted for turn 1'

check_reports() {
	local who
	for who in athens persia gm; do
		expect_mail "turn $1 report for $who" "$who" \
		    "\[navarch demo\] Turn $1 report\$" "NAVARCH -- turn $1"
	done
	expect_mail "athens's report is athens's" athens \
	    "\[navarch demo\] Turn $1 report\$" "NAVARCH -- turn $1 report for"
	expect_mail "the GM's report is the GM's" gm \
	    "\[navarch demo\] Turn $1 report\$" "NAVARCH -- turn $1 GM report"
}
check_reports 1
# The GM's report lists the orders in force, as played; a side's does not.
expect_mail "the GM's report lists nike's orders" gm \
    '\[navarch demo\] Turn 1 report$' '^SHIP nike SPEED 4 MOVE F F L F F'
expect_mail "the GM's report lists tyre's orders" gm \
    '\[navarch demo\] Turn 1 report$' '^SHIP tyre '
[ "$(mails_matching athens 'Turn 1 report' 'ORDERS IN FORCE')" -eq 0 ] &&
    ok || bad "athens's report shows the orders in force"

# --- turns 2 and 3: both players, one cycle each ------------------------------
for turn in 2 3; do
	send_orders "$turn" athens
	send_orders "$turn" persia
	wait_count navarch "$inbox" || true
	cycle "turn $turn" "2026-12-0${turn}T12:00Z" "$turn"
	for who in athens persia; do
		expect_mail "$who's turn $turn acknowledgement" "$who" \
		    "\[navarch demo\] Re: Orders for turn $turn" \
		    "Orders accepted for turn $turn"
	done
	check_reports "$turn"
done
expect 0 "game show" nv game show demo
has "the game is at turn 4" "$T/out" "urn 4"

# Every report arrived exactly once: three for each of the three.
for who in athens persia gm; do
	c=$(mails_matching "$who" '\[navarch demo\] Turn [0-9]* report$' \
	    'NAVARCH -- turn')
	[ "$c" -eq 3 ] && ok || bad "$who has $c reports, wanted 3"
done

# --- a bounce, an auto-reply and a mail loop: no answer ----------------------
{
	printf 'From: Mail Delivery System <mailer-daemon@example.org>\n'
	printf 'To: navarch@example.org\nSubject: Undelivered Mail Returned\n'
	printf 'Message-ID: <bounce1@example.org>\nMIME-Version: 1.0\n'
	printf 'Content-Type: multipart/report; report-type=delivery-status;'
	printf ' boundary="B"\n\n--B\nContent-Type: text/plain\n\n'
	printf 'GAME demo\nPASSWORD change-me\nSTATUS\n\n'
	printf -- '--B\nContent-Type: message/delivery-status\n\n'
	printf 'Reporting-MTA: dns; example.org\n\n'
	printf 'Final-Recipient: rfc822; nobody@example.net\nAction: failed\n'
	printf 'Status: 5.1.1\n\n--B--\n'
} >"$T/bounce.eml"
{
	printf 'From: persia@example.org\nTo: navarch@example.org\n'
	printf 'Subject: Out of office\nMessage-ID: <ooo1@example.org>\n'
	printf 'Auto-Submitted: auto-replied\n\nI am away.\n'
	printf 'GAME demo\nPASSWORD great-king\nSTATUS\n'
} >"$T/ooo.eml"
{
	printf 'From: navarch@example.org\nTo: navarch@example.org\n'
	printf 'Subject: [navarch demo] Turn 3 report\n'
	printf 'Message-ID: <loop1@example.org>\n\n'
	printf 'GAME demo\nSTATUS\n'
} >"$T/loop.eml"
smtp_send "" navarch@example.org "$T/bounce.eml" && ok ||
    bad "the bounce could not be sent"
smtp_send persia@example.org navarch@example.org "$T/ooo.eml" && ok ||
    bad "the auto-reply could not be sent"
smtp_send navarch@example.org navarch@example.org "$T/loop.eml" && ok ||
    bad "the loop mail could not be sent"
inbox=$((inbox + 3))
wait_count navarch "$inbox" || true
wait_queue || true
before=$(total)
cycle "bounce, auto-reply, loop" 2026-12-04T12:00Z junk
cycle "again" 2026-12-04T12:05Z junk2
after=$(total)
[ "$before" = "$after" ] && ok ||
    bad "$((after - before)) mails answered a bounce, an auto-reply or a loop"
[ "$(maildir_count mailer-daemon)" -eq 0 ] && ok ||
    bad "the bounce was answered"
[ "$(maildir_count navarch)" -eq "$inbox" ] && ok ||
    bad "the daemon wrote to itself: $(maildir_count navarch) in its INBOX"

# --- TLS verification: the wrong CA is refused (the daemon logs it and
# tries again at the next poll, so the exit status is not the point) -------
sed "s|^ca_file = .*|ca_file = $WRONG_CA_FILE|" "$T/navarchd.conf" \
    >"$T/wrong-ca.conf"
set +e
"$NAVARCHD" -f "$T/wrong-ca.conf" --once --foreground \
    --now 2026-12-04T13:00Z >"$T/out" 2>"$T/err"
set -e
if grep -q "certificate could not be verified" "$T/err"; then
	ok
else
	bad "navarchd with the wrong CA did not report a failed verification"
	sed 's/^/    | /' "$T/err" | head -10
fi

finish
