#!/usr/bin/env bash
# tests/daemon/maildir.sh: navarchd on the embedded default, end to end:
# order mails dropped into a local Maildir, navarchd --once, answers and
# reports found in a file: outbox (a Maildir).  No server needed.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR; VALGRIND=1 runs the
# daemon under valgrind (leaks and errors fail the test).
. "$(dirname "$0")/../cli/lib.sh"
. "$(dirname "$0")/lib-maildir.sh"
maildir_setup 'poll_interval = 60' 'log_level = debug'

daemon() {
	if [ "${VALGRIND:-0}" = 1 ]; then
		valgrind -q --error-exitcode=99 --leak-check=full \
		    --errors-for-leak-kinds=definite "$NAVARCHD" "$@"
	else
		"$NAVARCHD" "$@"
	fi
}

# mail NAME FROM BODY-FILE: drops a message into the Maildir's new/.
n=0
mail() {
	n=$((n + 1))
	{
		printf 'From: %s\nTo: navarch@example.org\n' "$2"
		printf 'Subject: orders\nMessage-ID: <m%d.%s@test>\n' "$n" "$1"
		printf 'Date: Tue, 01 Dec 2026 12:00:00 +0000\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat "$3"
	} > "$MD/new/100$n.$1.test"
}

# outbox_for ADDRESS: the messages sent to ADDRESS so far.
outbox_for() {
	grep -l "^To: .*$1" "$OUT"/new/* 2>/dev/null || true
}

maildir_demo

# --- a broken configuration: exit 78, file and line named ---------------
printf 'database = %s\nfrom = nope\nbogus = 1\n' "$DB" > "$T/bad.conf"
expect 78 "broken config" "$NAVARCHD" -f "$T/bad.conf" --once --foreground
has "bad from named with its line" "$T/err" "bad.conf:2: from = nope"
has "unknown key named with its line" "$T/err" "bad.conf:3: unknown key"
expect 64 "usage" "$NAVARCHD" --once

# --- athens sends orders: acknowledged within one poll -------------------
{
	echo "GAME demo"
	echo "PLAYER athens"
	echo "PASSWORD athens-secret"
	sed -n '/^SHIP/p' "$SRC/orders/demo/turn1-athens.txt"
} > "$T/athens1.txt"
mail athens1 athens@example.org "$T/athens1.txt"
expect 0 "cycle 1" daemon -f "$T/navarchd.conf" --once --foreground \
    --now "$NOW"
[ -z "$(ls "$MD/new")" ] && ok || bad "the mail was not moved to cur/"
# The welcome mail (player add) is in the same outbox: the ack is the
# other one, whichever order the file names sort in.
ack=$(grep -L "^Subject: .*Welcome to game" $(outbox_for athens@example.org) \
    2>/dev/null | head -n 1)
if [ -n "$ack" ]; then
	ok
	has "ack echoes nike's orders" "$ack" "SHIP nike SPEED 4 MOVE F F L F F"
	has "ack is a reply" "$ack" "^In-Reply-To: <m1.athens1@test>"
	has "ack is auto-replied" "$ack" "^Auto-Submitted: auto-replied"
	if grep -q "athens-secret" "$ack"; then
		bad "the acknowledgement echoes the password"
	else
		ok
	fi
else
	bad "no acknowledgement for athens in the outbox"
fi

# --- the same mail again: processed once ---------------------------------
before=$(ls "$OUT/new" | wc -l)
cp "$MD/cur/"*athens1* "$MD/new/1999.again.test"
expect 0 "cycle 2 (duplicate)" daemon -f "$T/navarchd.conf" --once \
    --foreground --now "$NOW"
after=$(ls "$OUT/new" | wc -l)
[ "$before" = "$after" ] && ok || bad "a duplicate Message-ID was answered"

# --- an auto-reply: never answered ---------------------------------------
{
	printf 'From: persia@example.org\nTo: navarch@example.org\n'
	printf 'Subject: Out of office\nMessage-ID: <ooo@test>\n'
	printf 'Auto-Submitted: auto-replied\n\nI am away.\n'
} > "$MD/new/2000.ooo.test"
expect 0 "cycle 3 (auto-reply)" daemon -f "$T/navarchd.conf" --once \
    --foreground --now "$NOW"
[ "$(ls "$OUT/new" | wc -l)" = "$after" ] && ok ||
    bad "an auto-reply was answered"

# --- persia's orders: every order in, the turn is played early ----------
{
	echo "GAME demo"
	echo "PLAYER persia"
	echo "PASSWORD persia-secret"
	sed -n '/^ship/p' "$SRC/orders/demo/turn1-persia.txt"
} > "$T/persia1.txt"
mail persia1 persia@example.org "$T/persia1.txt"
expect 0 "cycle 4 (adjudication)" daemon -f "$T/navarchd.conf" --once \
    --foreground --now "$NOW"
expect 0 "game show" nv game show demo
has "the game is at turn 2" "$T/out" "urn 2"
for who in athens persia gm; do
	f=$(grep -l "Turn 1 report" $(outbox_for "$who@example.org") \
	    2>/dev/null | head -n 1)
	if [ -n "$f" ]; then ok; else bad "no turn 1 report for $who"; fi
done

# --- the report carries the map as an SVG picture --------------------------
# The delivered message is multipart/mixed: the text, then one
# image/svg+xml part in base64, decoded strictly into $T/report.svg.
rep1=$(grep -l "Turn 1 report" $(outbox_for athens@example.org) | head -n 1)
if [ -n "$rep1" ] && python3 - "$rep1" "$T/report.svg" <<'PY'
import base64, email, email.policy, sys
with open(sys.argv[1], 'rb') as f:
    raw = f.read()
msg = email.message_from_bytes(raw, policy=email.policy.default)
def need(ok, what):
    if not ok:
        sys.exit('report mail: ' + what)
need(msg.get_content_type() == 'multipart/mixed',
     'is %s, not multipart/mixed' % msg.get_content_type())
text = msg.get_body(preferencelist=('plain',))
need(text is not None and 'NAVARCH -- turn 1' in text.get_content(),
     'no text part with the report')
parts = list(msg.iter_attachments())
need(len(parts) == 1, '%d attachments, wanted 1' % len(parts))
p = parts[0]
need(p.get_content_type() == 'image/svg+xml',
     'the attachment is %s' % p.get_content_type())
need(p['Content-Transfer-Encoding'] == 'base64', 'the picture is not base64')
need(p.get_content_disposition() == 'attachment', 'not an attachment')
need(p.get_filename() == 'demo-turn-1.svg',
     'the picture is named %s' % p.get_filename())
svg = base64.b64decode(''.join(p.get_payload().split()), validate=True)
need(svg.startswith(b'<?xml') and b'<svg' in svg, 'the picture is no SVG')
with open(sys.argv[2], 'wb') as f:
    f.write(svg)
PY
then
	ok
else
	bad "the turn 1 report to athens has no SVG picture attached"
fi
# scripts/show-mail.py (the demo's reader) names it instead of dumping it.
if [ -n "$rep1" ]; then
	python3 "$SRC/scripts/show-mail.py" "$rep1" >"$T/shown"
	has "show-mail names the picture" "$T/shown" \
	    '^\[Attachment: demo-turn-1.svg (image/svg+xml, [0-9]* bytes)\]$'
	lacks "show-mail prints no base64" "$T/shown" '^PD94bWwg'
fi
# Drawn by rsvg-convert, as a mail client would: the picture has the SVG's
# size, every ship its side's colour and its ram, land and sea theirs.
if ! command -v rsvg-convert >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		bad "rsvg-convert is missing (scripts/setup-debian.sh installs it)"
	else
		echo "SKIP: rsvg-convert is missing; the picture is not drawn"
	fi
elif [ -s "$T/report.svg" ] &&
    rsvg-convert "$T/report.svg" -o "$T/report.png" 2>"$T/rsvg.err"; then
	ok
	if python3 "$SRC/tests/svg/png.py" "$T/report.svg" "$T/report.png" \
	    nike=#1f4e9c paralos=#1f4e9c salaminia=#1f4e9c \
	    azes=#b3261e sidon=#b3261e tyre=#b3261e \
	    --land '#d8c48f' --sea '#d7e7f3' >"$T/png.out"; then
		ok
	else
		bad "the report's picture is not drawn as it should be"
		grep '^FAIL' "$T/png.out" | head -10
	fi
else
	bad "rsvg-convert could not draw the report's picture"
	head -5 "$T/rsvg.err" 2>/dev/null
fi

# --- a wrong password: refused, nothing stored ----------------------------
sed 's/persia-secret/wrong/' "$T/persia1.txt" > "$T/persia-bad.txt"
sed -i 's/^ship sidon.*/ship sidon speed 1/' "$T/persia-bad.txt"
mail persiabad persia@example.org "$T/persia-bad.txt"
expect 0 "cycle 5 (wrong password)" daemon -f "$T/navarchd.conf" --once \
    --foreground --now "$NOW"
expect 0 "orders show" nv orders show demo
if grep -q "sidon SPEED 1" "$T/out"; then
	bad "orders with a wrong password were stored"
else
	ok
fi

# --- a GM correction during turn 2 appears in the next report ------------
expect 0 "ship set" nv ship set demo nike hull=5
printf 'GAME demo\nGM\nPASSWORD gm-secret\nPROCESS\n' > "$T/gm-process.txt"
mail gmprocess gm@example.org "$T/gm-process.txt"
expect 0 "cycle (GM PROCESS)" daemon -f "$T/navarchd.conf" --once \
    --foreground --now "$NOW"
rep_a=$(grep -l "Turn 2 report" $(outbox_for athens@example.org) | head -n 1)
rep_p=$(grep -l "Turn 2 report" $(outbox_for persia@example.org) | head -n 1)
if [ -n "$rep_a" ] && [ -n "$rep_p" ]; then
	ok
	has "athens sees the correction of its ship" "$rep_a" "nike: hull=5"
	if grep -q "GM CORRECTIONS" "$rep_p"; then
		bad "persia's report shows a correction of an athenian ship"
	else
		ok
	fi
else
	bad "no turn 2 reports after the GM's PROCESS"
fi

# --- a broken mail template: the mail waits, nothing is sent; mended, it
# is answered once ----------------------------------------------------------
mkdir -p "$T/tpl"
cp "$SRC"/templates/*.xsl "$T/tpl/"
head -n 40 "$SRC/templates/mail.xsl" > "$T/tpl/mail.xsl"
cp "$T/navarchd.conf" "$T/tpl.conf"
printf 'templatedir = %s\n' "$T/tpl" >> "$T/tpl.conf"
printf 'GAME demo\nPLAYER athens\nPASSWORD athens-secret\nSTATUS\n' \
    > "$T/status.txt"
mail status athens@example.org "$T/status.txt"
before=$(ls "$OUT/new" | wc -l)
expect 75 "cycle (broken mail.xsl)" daemon -f "$T/tpl.conf" --once \
    --foreground --now "$NOW"
has "the log names the template" "$T/err" "mail.xsl"
has "the log says it will try again" "$T/err" "will try again"
[ -n "$(ls "$MD/new")" ] && ok || bad "the mail left new/ though not done"
[ "$(ls "$OUT/new" | wc -l)" = "$before" ] && ok ||
    bad "a mail was sent with a broken template"
cp "$SRC/templates/mail.xsl" "$T/tpl/mail.xsl"
expect 0 "cycle (mended mail.xsl)" daemon -f "$T/tpl.conf" --once \
    --foreground --now "$NOW"
[ -z "$(ls "$MD/new")" ] && ok || bad "the mended template left the mail"
[ "$(ls "$OUT/new" | wc -l)" = $((before + 1)) ] && ok ||
    bad "not exactly one answer once the template was mended"

# --- sent mail: the body kept sent_mail_keep_days (default 30), then
# emptied; the row stays, nothing is sent again, RESEND still works --------
sent=$(sql "SELECT count(*) FROM outbox WHERE status = 'sent'")
last=$(sql "SELECT max(sent) FROM outbox WHERE status = 'sent'")
emptied() {
	sql "SELECT count(*) FROM outbox WHERE status = 'sent' AND body = ''
	    AND secret = 0 AND sent <= $1"
}
[ "$sent" -gt 3 ] && [ "$(emptied "$last")" = 0 ] && ok ||
    bad "sent: $sent rows, $(emptied "$last") bodies emptied at once"
printf 'GAME demo\nPLAYER athens\nPASSWORD athens-secret\nRESEND\n' \
    > "$T/resend.txt"
mail resend athens@example.org "$T/resend.txt"
before=$(ls "$OUT/new" | wc -l)
expect 0 "cycle 29 days later (RESEND)" daemon -f "$T/navarchd.conf" \
    --once --foreground --now 2026-12-30T12:00Z
[ "$(emptied "$last")" = 0 ] && ok || bad "bodies emptied before 30 days"
# Its answer and the report again, each once.
[ "$(ls "$OUT/new" | wc -l)" = $((before + 2)) ] && ok ||
    bad "not exactly the RESEND's two mails sent"
expect 0 "cycle 30 days later" daemon -f "$T/navarchd.conf" --once \
    --foreground --now 2026-12-31T12:00Z
[ "$(emptied "$last")" = "$(sql "SELECT count(*) FROM outbox WHERE
    status = 'sent' AND secret = 0 AND sent <= $last")" ] && ok ||
    bad "the bodies of mails sent 30 days ago are kept"
has "the log counts them" "$T/err" "purge: the bodies of [0-9]* mails sent"
[ "$(sql "SELECT count(*) FROM outbox WHERE status = 'sent'")" = \
    $((sent + 2)) ] && ok || bad "sent rows went or came back"
[ "$(sql "SELECT count(*) FROM outbox WHERE body <> '' AND
    status = 'sent'")" = 2 ] && ok || bad "the RESEND's bodies are not kept"
# A second RESEND, with sent_mail_keep_days = 0: the report is made again
# from the stored turn (no old body needed), and its body goes once sent.
mail resend2 athens@example.org "$T/resend.txt"
reports() { grep -l "Turn 2 report" $(outbox_for athens@example.org) | wc -l; }
r2=$(reports)
cp "$T/navarchd.conf" "$T/keep0.conf"
printf 'sent_mail_keep_days = 0\n' >> "$T/keep0.conf"
expect 0 "cycle (sent_mail_keep_days = 0)" daemon -f "$T/keep0.conf" \
    --once --foreground --now 2026-12-31T12:00Z
[ "$(reports)" = $((r2 + 1)) ] && ok || bad "RESEND sent no turn 2 report"
[ "$(ls "$OUT/new" | wc -l)" = $((before + 4)) ] && ok ||
    bad "not exactly the second RESEND's two mails sent"
[ "$(sql "SELECT count(*) FROM outbox WHERE body <> '' AND
    status = 'sent'")" = 0 ] && ok || bad "a sent body is kept at 0 days"

# --- the long-running daemon: pidfile, SIGHUP reload, SIGTERM exit ---------
sed 's/^poll_interval = .*/poll_interval = 5/' "$T/navarchd.conf" > "$T/run.conf"
printf 'pidfile = %s\n' "$T/navarchd.pid" >> "$T/run.conf"
"$NAVARCHD" -f "$T/run.conf" --foreground --now "$NOW" 2>"$T/run.log" &
dpid=$!
for _ in $(seq 50); do [ -s "$T/navarchd.pid" ] && break; sleep 0.1; done
[ "$(cat "$T/navarchd.pid" 2>/dev/null)" = "$dpid" ] && ok ||
    bad "the pidfile does not hold the daemon's pid"
expect 1 "a second daemon on the same pidfile" "$NAVARCHD" -f "$T/run.conf" \
    --foreground --once --now "$NOW"
has "second daemon refused" "$T/err" "another navarchd is running"
kill -HUP "$dpid"
for _ in $(seq 50); do grep -q "configuration reloaded" "$T/run.log" && break
	sleep 0.1; done
has "SIGHUP reloads the configuration" "$T/run.log" "configuration reloaded"
kill -TERM "$dpid"
for _ in $(seq 100); do kill -0 "$dpid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$dpid" 2>/dev/null; then
	bad "SIGTERM did not stop the daemon within 10 s"
	kill -KILL "$dpid"
else
	ok
fi
set +e; wait "$dpid"; st=$?; set -e
[ "$st" = 0 ] && ok || bad "the daemon exited $st after SIGTERM"
[ ! -e "$T/navarchd.pid" ] && ok || bad "the pidfile was left behind"

# --- navarch deliver: one message on standard input, as an MTA pipes it --
{
	printf 'From: athens@example.org\nTo: navarch@example.org\n'
	printf 'Subject: status\nMessage-ID: <deliver1@test>\n\n'
	printf 'GAME demo\nPLAYER athens\nPASSWORD athens-secret\nSTATUS\n'
} > "$T/deliver.eml"
before=$(ls "$OUT/new" | wc -l)
expect 0 "navarch deliver" "$NAVARCH" --config "$T/navarchd.conf" deliver \
    < "$T/deliver.eml"
expect 0 "cycle 6 (sends what deliver queued)" daemon -f "$T/navarchd.conf" \
    --once --foreground --now "$NOW"
[ "$(ls "$OUT/new" | wc -l)" -gt "$before" ] && ok ||
    bad "nothing was sent for the delivered message"
expect 75 "deliver with a broken config (the MTA keeps the mail)" \
    "$NAVARCH" --config "$T/bad.conf" \
    deliver < "$T/deliver.eml"

finish
