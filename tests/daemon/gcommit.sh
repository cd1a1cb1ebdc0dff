#!/usr/bin/env bash
# tests/daemon/gcommit.sh: group commit (docs/intake.md).  navarchd's poll
# commits every mail's transaction without a sync and marks the mails
# processed only after one sync of the store.  The daemon is killed
# (SIGKILL) at the batch's sync (NAVARCH_TEST_KILL_AT=batch-sync), with
# four order mails and a poison mail committed and neither synced nor
# marked:
# - as a crash of the process, with the commits kept: every mail is still
#   in new/, nothing was sent; the next cycle knows the four by their
#   Message-IDs and only marks them (no order stored twice, no second
#   acknowledgement), and moves the poison mail to quarantine with one
#   notice to the GM;
# - as a power cut, with the commits lost (the database put back as it
#   was at the last sync): the next cycle takes every mail in afresh,
#   one acknowledgement each;
# - in a poll of 300 mails, at the first batch's sync (256 mails or a
#   second): that batch committed, nothing marked; then every mail is
#   acknowledged once.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR.
. "$(dirname "$0")/../cli/lib.sh"
. "$(dirname "$0")/lib-maildir.sh"
maildir_setup 'gm = gm@example.org' 'log_level = info'

# cycle NAME STATUS [ENV...]: one cycle, bounded in time, its log in
# $T/NAME.log; its exit status must be STATUS (137: killed by SIGKILL).
cycle() {
	local name=$1 want=$2 st
	shift 2
	set +e
	env "$@" timeout 60 "$NAVARCHD" -f "$T/navarchd.conf" --once \
	    --foreground --now "$NOW" >"$T/$name.log" 2>&1
	st=$?
	set -e
	[ "$st" = "$want" ] && ok || {
		bad "cycle $name: exit status $st, wanted $want"
		tail -5 "$T/$name.log"
	}
}

# drop TAG: four order mails from athens (Message-IDs <TAG1..4@test>) and
# a poison mail (quarantined at once: docs/intake.md) in new/.
drop() {
	local i
	for i in 1 2 3 4; do
		{
			printf 'From: athens@example.org\n'
			printf 'To: navarch@example.org\nSubject: orders\n'
			printf 'Message-ID: <%s%d@test>\n\n' "$1" "$i"
			printf 'GAME demo\nPLAYER athens\n'
			printf 'PASSWORD athens-secret\nSHIP nike SPEED %d\n' "$i"
		} > "$MD/new/100$i.$1.test"
	done
	python3 - "$MD/new/1005.$1.poison" "$1" <<'PY'
import sys
out = ["From: x@example.org\nTo: navarch@example.org\n"
       "Subject: poison %s\nMessage-ID: <%spoison@test>\n" % (sys.argv[2],
       sys.argv[2])]
for i in range(100):
    out.append("Content-Type:(c)multipart/mixed; boundary=\"b%d\"\n\n"
               "--b%d\n" % (i, i))
out.append("Content-Type: text/plain\n\nhi\n")
for i in reversed(range(100)):
    out.append("\n--b%d--\n" % i)
open(sys.argv[1], "w").write("".join(out))
PY
}

count() {
	ls "$1" 2>/dev/null | grep -c -- "$2" || true
}

# replies TAG I: the mails sent in reply to <TAGI@test>.
replies() {
	grep -l -- "^In-Reply-To: <$1$2@test>" "$OUT"/new/* 2>/dev/null |
	    wc -l
}

notices() {
	grep -l -- "Subject: poison $1" "$OUT"/new/* 2>/dev/null | wc -l
}

maildir_demo
cycle welcome 0
sent=$(ls "$OUT/new" | wc -l)

# --- killed at the sync, the commits kept (a crash of the process) --------
drop g
cycle killed 137 NAVARCH_TEST_KILL_AT=batch-sync
# The kill came after every mail's commit...
[ "$(grep -c '\.g\.test: done\|1005\.g\.poison: quarantined' \
    "$T/killed.log")" = 5 ] && ok || bad "the mails were not all processed before the sync"
[ "$(sql "SELECT count(*) FROM processed_mail
    WHERE message_id LIKE 'g_@test'")" = 4 ] && ok ||
    bad "the four order mails were not committed before the sync"
# ...and before any mark: everything is still in new/, nothing sent.
[ "$(count "$MD/new" '\.g\.')" = 5 ] && ok ||
    bad "a mail was marked before the sync: $(ls "$MD/new" "$MD/cur")"
[ "$(count "$MD/.Quarantine/new" '\.g\.')" = 0 ] && ok ||
    bad "the poison mail was moved before the sync"
[ "$(ls "$OUT/new" | wc -l)" = "$sent" ] && ok ||
    bad "a mail was sent before the sync"
sets=$(sql "SELECT count(*) FROM order_sets")

cycle after-kill 0
[ "$(count "$MD/new" '\.g\.')" = 0 ] && ok || bad "mails left in new/"
[ "$(ls "$MD/cur" | grep -c '\.g\.test:2,S$')" = 4 ] && ok ||
    bad "the four order mails are not marked processed"
[ "$(count "$MD/.Quarantine/new" '\.g\.poison')" = 1 ] && ok ||
    bad "the poison mail is not in quarantine"
[ "$(sql "SELECT count(*) FROM order_sets")" = "$sets" ] && ok ||
    bad "an order was stored twice"
for i in 1 2 3 4; do
	[ "$(replies g $i)" = 1 ] && ok ||
	    bad "<g$i@test>: $(replies g $i) acknowledgements, wanted 1"
done
[ "$(notices g)" = 1 ] && ok ||
    bad "the GM got $(notices g) notices of the poison mail, wanted 1"
[ "$(grep -c '\.g\.test: not answered: duplicate' "$T/after-kill.log")" \
    = 4 ] && ok || bad "the four were not known by their Message-IDs"
has "the poison mail known by its record" "$T/after-kill.log" \
    "1005\.g\.poison: quarantined .*quarantined before and is back"

# --- killed at the sync, the commits lost (a power cut) ------------------
# A power cut keeps what was synced: here, the database as the last cycle
# left it (closed, so checkpointed into the file).
[ ! -e "$DB-wal" ] || [ ! -s "$DB-wal" ] && ok || bad "a log was left"
cp "$DB" "$T/synced.db"
drop h
cycle cut 137 NAVARCH_TEST_KILL_AT=batch-sync
[ "$(count "$MD/new" '\.h\.')" = 5 ] && ok ||
    bad "a mail was marked before the sync"
rm -f "$DB-wal" "$DB-shm"
cp "$T/synced.db" "$DB"
cycle after-cut 0
[ "$(count "$MD/new" '\.h\.')" = 0 ] && ok || bad "mails left in new/"
[ "$(sql "SELECT count(*) FROM processed_mail
    WHERE message_id LIKE 'h_@test'")" = 4 ] && ok ||
    bad "the four order mails were not taken in again"
for i in 1 2 3 4; do
	[ "$(replies h $i)" = 1 ] && ok ||
	    bad "<h$i@test>: $(replies h $i) acknowledgements, wanted 1"
done
[ "$(notices h)" = 1 ] && ok ||
    bad "the GM got $(notices h) notices of the poison mail, wanted 1"

# --- a long poll is synced and marked in batches -------------------------
# 300 mails: the first batch (256 mails, or fewer if a second went by
# first) is synced before the poll is over, and the kill there leaves all
# 300 unmarked.
for i in $(seq 1 300); do
	{
		printf 'From: athens@example.org\n'
		printf 'To: navarch@example.org\nSubject: orders\n'
		printf 'Message-ID: <b%d@test>\n\n' "$i"
		printf 'GAME demo\nPLAYER athens\n'
		printf 'PASSWORD athens-secret\nSHIP nike SPEED 1\n'
	} > "$MD/new/$((2000 + i)).b.test"
done
cycle long 137 NAVARCH_TEST_KILL_AT=batch-sync
k=$(sql "SELECT count(*) FROM processed_mail WHERE message_id LIKE 'b%@test'")
[ "$k" -ge 1 ] && [ "$k" -le 256 ] && ok ||
    bad "the first batch was $k mails, wanted 1 to 256"
[ "$(count "$MD/new" '\.b\.')" = 300 ] && ok ||
    bad "a mail was marked before its batch's sync"
cycle long-after 0
[ "$(count "$MD/new" '\.b\.')" = 0 ] && ok || bad "mails left in new/"
[ "$(sql "SELECT count(*) FROM processed_mail
    WHERE message_id LIKE 'b%@test'")" = 300 ] && ok ||
    bad "not every mail of the long poll was taken in"
[ "$(grep -l '^In-Reply-To: <b[0-9]*@test>' "$OUT"/new/* | wc -l)" = 300 ] &&
    ok || bad "not one acknowledgement a mail of the long poll"
[ "$(grep -c '\.b\.test: not answered: duplicate' "$T/long-after.log")" = \
    "$k" ] && ok || bad "the first batch was not known by its Message-IDs"

finish
