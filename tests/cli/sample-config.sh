#!/usr/bin/env bash
# tests/cli/sample-config.sh: the shipped etc/navarchd.conf works as it is
# installed (make install copies it byte for byte: dist_sysconf_DATA).
# Issue 10: its `hash_cost = 0`, documented as the default, was refused
# (exit 78) by `navarch player add`.
#
# The sample names /var/lib/navarch/navarch.db.  As root, with unshare(1),
# the commands run in a private mount namespace with a tmpfs over
# /var/lib, so the file is used unchanged and the machine keeps nothing;
# otherwise on a copy whose database line alone is changed (checked).
. "$(dirname "$0")/lib.sh"
CONF=$SRC/etc/navarchd.conf
# The sample's own hash_cost must decide, not the tests' fast one.
unset NAVARCH_HASH_COST

# The commands a GM runs first, through the config alone (no --db).
cat >"$T/steps.sh" <<'STEPS'
set -u
conf=$1 out=$2 scenario=$3
{
	"$NAVARCH" --config "$conf" init; echo "init $?"
	"$NAVARCH" --config "$conf" game create demo --scenario "$scenario"
	echo "game create $?"
	"$NAVARCH" --config "$conf" player add demo athens a@example.org \
	    >"$out.pw"
	echo "player add $?"
	"$NAVARCH" --config "$conf" player list demo; echo "player list $?"
	stat -c '%a' "$(sed -n 's/^database *= *//p' "$conf")"
} >"$out" 2>&1
STEPS

if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	expect 0 "the sample config, as installed (private /var/lib)" \
	    unshare -m sh -c 'mount -t tmpfs -o mode=0755 nv /var/lib &&
	    mkdir /var/lib/navarch && exec sh "$1" "$2" "$3" "$4"' sh \
	    "$T/steps.sh" "$CONF" "$T/log" "$SCENARIO"
	used=$CONF
else
	sed "s|^database = .*|database = $DB|" "$CONF" >"$T/sample.conf"
	n=$(diff "$CONF" "$T/sample.conf" | grep -c '^[<>]' || true)
	[ "$n" = 2 ] && ok || bad "the copy differs in more than its database line"
	expect 0 "the sample config, its database moved" \
	    sh "$T/steps.sh" "$T/sample.conf" "$T/log" "$SCENARIO"
	used=$T/sample.conf
fi
has "init" "$T/log" "^init 0$"
has "game create" "$T/log" "^game create 0$"
has "player add with hash_cost = 0 (the default cost)" "$T/log" \
    "^player add 0$"
has "the player is there" "$T/log" "^player list 0$"
has "a password was printed" "$T/log.pw" "."
has "the database is the owner's alone" "$T/log" "^600$"
grep -q '^hash_cost = 0$' "$used" && ok ||
    bad "the sample no longer ships hash_cost = 0: update this test"

# The daemon's side of the same file: test_daemon_config loads it.

finish
