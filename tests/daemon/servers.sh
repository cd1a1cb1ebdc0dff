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
BOXES="navarch athens persia gm mailer-daemon"
. "$(dirname "$0")/servers-lib.sh"

# --- the game ---------------------------------------------------------------
printf 'change-me\n' >"$T/pw-athens"
printf 'great-king\n' >"$T/pw-persia"
printf 'umpire\n' >"$T/pw-gm"
write_conf

expect 0 "init" nv init
expect 0 "game create" nv game create demo --scenario "$SCENARIO" \
    --seed demo-seed \
    --gm gm@example.org --gm-password-file "$T/pw-gm"
expect 0 "player athens" nv player add demo athens athens@example.org \
    --password-file "$T/pw-athens"
expect 0 "player persia" nv player add demo persia persia@example.org \
    --password-file "$T/pw-persia"

# order_mail TURN SIDE: the side's order file (GAME and PASSWORD in it, as
# in scripts/demo.sh) wrapped in a mail (send_orders sends it).
order_mail() {
	write_order_mail "$1" "$2" <"$SRC/orders/demo/turn$1-$2.txt"
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
# Each of those cycles marked its two mails \Seen in one exchange (one
# UID STORE for the batch, docs/intake.md): none is left unseen, and no
# mail had to be marked one by one.
left=$(find "$PF/mail/navarch/Maildir/new" -type f | wc -l)
left=$((left + $(find "$PF/mail/navarch/Maildir/cur" -type f \
    ! -name '*:2,*S*' | wc -l)))
[ "$left" -eq 0 ] && ok || bad "$left order mails left unseen after turn 3"
if grep -q "at once" "$T/daemon-2.log" "$T/daemon-3.log"; then
	bad "a batch was marked one mail at a time"
else
	ok
fi

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
