#!/usr/bin/env bash
# tests/daemon/ahead.sh: passwords checked ahead (docs/intake.md, "A mail
# ahead").  While navarchd processes a mail, a worker thread checks the
# next mail's password against the hash stored for it then; the answer
# is used only for exactly that pair.  One poll of mails, on the same
# database, with the check ahead and without it
# (NAVARCH_TEST_CHECK_AHEAD=off):
# - a password changed by a mail (PASSWORD NEW) holds for the very next
#   mail, whose old password was checked ahead against the old hash: that
#   mail is refused, the one after it with the new password accepted;
# - a run of wrong passwords is counted as before: the lock-out begins at
#   the fifth, the sixth and the right password after it are refused as
#   locked, the audit log says so;
# - the GM's password and a mail signed with a side's name check ahead;
# - the answers (but Date and Message-ID), the audit log, the counts of
#   wrong passwords and the orders stored are the same bytes both ways,
#   and the log says how many passwords were checked ahead.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR; VALGRIND=1 runs the
# daemon under valgrind (errors and definite leaks fail the test:
# ahead-valgrind.sh).
. "$(dirname "$0")/../cli/lib.sh"
. "$(dirname "$0")/lib-maildir.sh"
maildir_setup 'gm = gm@example.org' 'log_level = info' 'auth_failures = 5'

# mail NAME FROM LINE...: a mail in new/ (taken in by name), its body the
# lines.
mail() {
	local name=$1 from=$2 line
	shift 2
	{
		printf 'From: %s\nTo: navarch@example.org\n' "$from"
		printf 'Subject: orders\nMessage-ID: <%s@test>\n\n' "$name"
		for line in "$@"; do
			printf '%s\n' "$line"
		done
	} > "$MD/new/$name.test"
}

# cycle NAME [ENV...]: one cycle, bounded in time, its log in $T/NAME.log.
cycle() {
	local name=$1 st vg=
	shift
	[ "${VALGRIND:-0}" = 1 ] && vg="valgrind -q --error-exitcode=99
	    --leak-check=full --errors-for-leak-kinds=definite"
	set +e
	env "$@" timeout 300 $vg "$NAVARCHD" -f "$T/navarchd.conf" --once \
	    --foreground --now "$NOW" >"$T/$name.log" 2>&1
	st=$?
	set -e
	[ "$st" = 0 ] && ok || {
		bad "cycle $name: exit status $st"
		tail -5 "$T/$name.log"
	}
}

# outcome NAME LOG: what the log says became of mail NAME.
outcome() {
	sed -n "s|.*/new/$1\.test: \(not answered: \)\{0,1\}\([a-z]*\):.*|\2|p" \
	    "$T/$2.log"
}

# record FILE: what the poll left in the store, but Date and Message-ID.
record() {
	{
		sql "SELECT recipient, subject, body FROM outbox ORDER BY id" |
		    grep -v -i -E '^(Date|Message-ID): '
		sql "SELECT game, time, actor, action, details FROM audit
		    ORDER BY id"
		sql "SELECT * FROM auth_failures ORDER BY key"
		sql "SELECT * FROM order_sets ORDER BY id"
	} > "$1"
}

maildir_demo
cycle welcome

A=athens@example.org
P=persia@example.org
# Not the first of the poll, so that m01 has a pair of its own checked
# ahead: m02's (the same password, the old hash) is left for m02.
mail m00 $P 'GAME demo' 'PLAYER persia' 'PASSWORD persia-secret' 'STATUS'
mail m01 $A 'GAME demo' 'PLAYER athens' 'PASSWORD athens-secret' \
    'PASSWORD NEW athens-new'
mail m02 $A 'GAME demo' 'PLAYER athens' 'PASSWORD athens-secret' \
    'SHIP nike SPEED 1'
mail m03 $A 'GAME demo' 'PLAYER Athens' 'PASSWORD athens-new' \
    'SHIP nike SPEED 2'
mail m04 $A 'GAME demo' 'SIDE athens' 'PASSWORD athens-new' \
    'SHIP nike SPEED 3'
for i in 05 06 07 08 09 10; do
	mail m$i $P 'GAME demo' 'PLAYER persia' "PASSWORD guess-$i"
done
mail m11 $P 'GAME demo' 'PLAYER persia' 'PASSWORD persia-secret' \
    'SHIP nike SPEED 4'
mail m12 gm@example.org 'GAME demo' 'GM' 'PASSWORD gm-secret' 'STATUS'
mail m13 $A 'GAME demo' 'PLAYER athens' 'PASSWORD athens-new' \
    'SHIP nike SPEED 1'
cp "$DB" "$T/before.db"
cp -r "$MD" "$T/mails"

cycle on
record "$T/on.txt"
# Put back as before the poll, the same mails, without the check ahead.
rm -rf "$DB" "$DB-wal" "$DB-shm" "$MD"
cp "$T/before.db" "$DB"
cp -r "$T/mails" "$MD"
cycle off NAVARCH_TEST_CHECK_AHEAD=off
record "$T/off.txt"

want() {
	local name=$1 expected=$2 run
	for run in on off; do
		[ "$(outcome "$name" "$run")" = "$expected" ] && ok ||
		    bad "$run: mail $name: '$(outcome "$name" "$run")', wanted $expected"
	done
}
want m00 done
want m01 done
# Checked ahead against the old hash; refused against the new one.
want m02 refused
want m03 done
want m04 done
for i in 05 06 07 08 09 10; do
	want m$i refused
done
want m11 refused
want m12 done
want m13 done
[ "$(sql "SELECT count(*) FROM audit WHERE action = 'auth-failure'")" = 6 ] &&
    ok || bad "wrong passwords audited: $(sql "SELECT count(*) FROM audit
    WHERE action = 'auth-failure'"), wanted 6 (m02 and five of persia's)"
[ "$(sql "SELECT count(*) FROM audit WHERE action = 'auth-lockout'")" = 1 ] &&
    ok || bad "lock-outs audited, wanted 1"
[ "$(sql "SELECT count(*) FROM audit WHERE action = 'auth-locked'")" = 2 ] &&
    ok || bad "locked attempts audited, wanted 2 (m10, m11)"
sql "SELECT details FROM audit WHERE action = 'auth-locked'" |
    grep -q 'the right password' && ok ||
    bad "m11's right password during the lock-out is not audited as right"

cmp -s "$T/on.txt" "$T/off.txt" && ok || {
	bad "the store differs with the check ahead and without it"
	diff "$T/on.txt" "$T/off.txt" | head -20
}
[ -s "$T/on.txt" ] && ok || bad "nothing recorded"
# Every password was checked once, the first mail's and m02's (its hash
# changed after the check ahead) in turn, most of the others ahead (how
# many depends on when the worker thread got a core: a pair it has not
# begun is checked in turn).
set -- $(sed -n 's/.*passwords: \([0-9]*\) checked ahead, \([0-9]*\) in turn$/\1 \2/p' \
    "$T/on.log") x x
[ "$1" != x ] && [ "$(($1 + $2))" = 14 ] && [ "$1" -ge 1 ] &&
    [ "$2" -ge 2 ] && ok ||
    bad "on: $(grep 'passwords:' "$T/on.log" || echo 'no passwords line')"
grep -q 'passwords:' "$T/off.log" && bad "off: the check ahead ran" || ok
finish
