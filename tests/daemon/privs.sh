#!/usr/bin/env bash
# tests/daemon/privs.sh: least privilege (issue 10).  navarchd started as
# root refuses to run without `user`; with user = nobody it opens its
# pidfile as root, then becomes nobody for good (that one group, every
# uid and gid, checked in /proc while it runs) before it reads any mail;
# what it creates is 0600 in 0700 directories, and a root-owned database
# it cannot use is reported as such.  `navarch deliver` follows the same
# rule.
#
# Needs root (CI runs as root): skipped (77) otherwise.  Uses the system
# user nobody; everything it creates is under the test's own temporary
# directory, removed at the end.  Environment: NAVARCH, NAVARCHD,
# NAVARCH_DATADIR.
. "$(dirname "$0")/../cli/lib.sh"
: "${NAVARCHD:?NAVARCHD must name the navarchd binary}"
if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1; then
	echo "skipped: needs root and the user nobody"
	exit 77
fi
# This test is about root's refusal: the suite's escape hatch is off.
unset NAVARCH_ALLOW_ROOT
NOBODY_UID=$(id -u nobody)
NOBODY_GID=$(id -g nobody)
NOBODY_GROUP=$(id -gn nobody)
# nobody must reach the files under $T (mktemp made it 0700).
chmod 755 "$T"
V=$T/var
RUN=$T/run
mkdir -p "$V/Maildir/new" "$V/Maildir/cur" "$V/Maildir/tmp" "$RUN"
chown nobody "$RUN"
DB=$V/nv.db

conf() {	# conf FILE [EXTRA LINE...]
	local f=$1
	shift
	{
		echo "database = $DB"
		echo "mailbox = maildir:$V/Maildir"
		echo "smtp = file:$V/outbox"
		echo "from = navarch@example.org"
		echo "datadir = $NAVARCH_DATADIR"
		echo "hash_cost = 1"
		echo "poll_interval = 5"
		echo "log_level = debug"
		echo "pidfile = $RUN/navarchd.pid"
		for l in "$@"; do echo "$l"; done
	} >"$f"
}

stranger_mail() {	# stranger_mail N
	{
		printf 'From: stranger%s@else.example\n' "$1"
		printf 'To: navarch@example.org\nSubject: hello\n'
		printf 'Message-ID: <privs%s@else.example>\n\nhello\n' "$1"
	} >"$V/Maildir/new/100$1.privs.test"
}

# mode_owner FILE: "MODE USER" of FILE.
mode_owner() {
	stat -c '%a %U' "$1"
}

# --- root without user: refused, nothing touched ----------------------------
conf "$T/root.conf"
expect 78 "root without user" "$NAVARCHD" -f "$T/root.conf" --once \
    --foreground
has "the refusal says why" "$T/err" "will not run as root"
has "and what to do" "$T/err" "Set user"
[ ! -e "$DB" ] && ok || bad "the database was created before the refusal"
# Without --foreground it would detach: the refusal comes first, on the
# terminal.  (Were it to detach, the pidfile names the daemon to stop.)
expect 78 "root without user, detaching" "$NAVARCHD" -f "$T/root.conf"
has "the refusal reaches the terminal" "$T/err" "will not run as root"
sleep 0.2
if [ -s "$RUN/navarchd.pid" ]; then
	kill -TERM "$(cat "$RUN/navarchd.pid")" 2>/dev/null || true
	bad "navarchd detached as root"
fi

# --- bad users ------------------------------------------------------------
conf "$T/nouser.conf" "user = no-such-user-nv"
expect 78 "an unknown user" "$NAVARCHD" -f "$T/nouser.conf" --once \
    --foreground
has "named with its line" "$T/err" "nouser.conf:10: user = no-such-user-nv: no such user"
conf "$T/rootuser.conf" "user = root"
expect 78 "user = root" "$NAVARCHD" -f "$T/rootuser.conf" --once --foreground
has "root is no user to drop to" "$T/err" "that is root"
conf "$T/nogroup.conf" "user = nobody" "group = no-such-group-nv"
expect 78 "an unknown group" "$NAVARCHD" -f "$T/nogroup.conf" --once \
    --foreground
has "the group named" "$T/err" "group = no-such-group-nv: no such group"

# --- a database root made: the user cannot use it, and is told ----------
conf "$T/nv.conf" "user = nobody" "group = $NOBODY_GROUP"
NAVARCH_HASH_COST=1 expect 0 "navarch init as root" "$NAVARCH" --db "$DB" init
[ "$(mode_owner "$DB")" = "600 root" ] && ok ||
    bad "navarch made the database $(mode_owner "$DB"), wanted 600 root"
stranger_mail 1
expect 78 "a database nobody cannot open" "$NAVARCHD" -f "$T/nv.conf" \
    --once --foreground
has "says who cannot use it" "$T/err" "runs as uid $NOBODY_UID, which cannot use it"
has "it dropped root before" "$T/err" "running as user nobody (uid $NOBODY_UID, gid $NOBODY_GID)"

# --- the files are nobody's: a whole cycle as nobody --------------------
chown -R nobody:"$NOBODY_GROUP" "$V"
chmod 700 "$V"
expect 0 "a cycle as nobody" "$NAVARCHD" -f "$T/nv.conf" --once --foreground
[ -z "$(ls "$V/Maildir/new")" ] && ok || bad "the mail stayed in new/"
answer=$(ls "$V/outbox/new/"* 2>/dev/null | head -n 1)
if [ -n "$answer" ]; then
	ok
	[ "$(mode_owner "$answer")" = "600 nobody" ] && ok ||
	    bad "the answer is $(mode_owner "$answer"), wanted 600 nobody"
	for d in "$V/outbox" "$V/outbox/new" "$V/outbox/tmp"; do
		[ "$(mode_owner "$d")" = "700 nobody" ] && ok ||
		    bad "$d is $(mode_owner "$d"), wanted 700 nobody"
	done
else
	bad "no answer in the outbox"
fi
for f in "$DB" "$DB-wal" "$DB-shm"; do
	[ ! -e "$f" ] || [ "$(stat -c %a "$f")" = 600 ] && ok ||
	    bad "$f has mode $(stat -c %a "$f")"
done
[ ! -e "$RUN/navarchd.pid" ] && ok || bad "the pidfile was left behind"

# --- while it runs: every id is nobody's, no other group -----------------
"$NAVARCHD" -f "$T/nv.conf" --foreground >"$T/run.out" 2>"$T/run.err" &
pid=$!
for i in $(seq 1 100); do
	[ -s "$RUN/navarchd.pid" ] && grep -q "running as user" "$T/run.err" &&
	    break
	sleep 0.1
done
if [ -r "/proc/$pid/status" ]; then
	ids=$(awk '/^Uid:/ { print "uid", $2, $3, $4, $5 }
	    /^Gid:/ { print "gid", $2, $3, $4, $5 }
	    /^Groups:/ { $1 = ""; print "groups" $0 }' "/proc/$pid/status")
	echo "$ids" | grep -qx "uid $NOBODY_UID $NOBODY_UID $NOBODY_UID $NOBODY_UID" &&
	    ok || bad "uids while running: $ids"
	echo "$ids" | grep -qx "gid $NOBODY_GID $NOBODY_GID $NOBODY_GID $NOBODY_GID" &&
	    ok || bad "gids while running: $ids"
	echo "$ids" | grep -qx "groups $NOBODY_GID" && ok ||
	    bad "supplementary groups while running: $ids"
	[ "$(cat "$RUN/navarchd.pid")" = "$pid" ] && ok ||
	    bad "the pidfile does not hold $pid"
	[ "$(mode_owner "$RUN/navarchd.pid")" = "600 root" ] && ok ||
	    bad "the pidfile is $(mode_owner "$RUN/navarchd.pid")"
else
	bad "navarchd is not running"
	cat "$T/run.err"
fi
kill -TERM "$pid" 2>/dev/null || true
for i in $(seq 1 100); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
	kill -KILL "$pid"
	bad "navarchd did not stop on SIGTERM"
else
	ok
fi
wait "$pid" 2>/dev/null || true
[ ! -e "$RUN/navarchd.pid" ] && ok || bad "the pidfile was left behind"

# In a directory of root's, nobody cannot remove the pidfile: it is
# emptied (the lock died with the process).
chown root "$RUN"
expect 0 "a cycle, the pidfile in root's directory" "$NAVARCHD"     -f "$T/nv.conf" --once --foreground
[ -e "$RUN/navarchd.pid" ] && [ ! -s "$RUN/navarchd.pid" ] && ok ||
    bad "the pidfile in root's directory was not emptied"

# --- navarch deliver: the same rule ---------------------------------------
{
	printf 'From: stranger9@else.example\nTo: navarch@example.org\n'
	printf 'Subject: hi\nMessage-ID: <deliver-privs@else.example>\n\nhi\n'
} >"$T/one.eml"
expect 78 "deliver as root without user" "$NAVARCH" --config \
    "$T/root.conf" deliver <"$T/one.eml"
has "deliver refuses root" "$T/err" "will not run as root"
before=$(ls "$V/outbox/new" | wc -l)
expect 0 "deliver as nobody" "$NAVARCH" --config "$T/nv.conf" deliver \
    <"$T/one.eml"
[ "$(stat -c %U "$DB-wal" 2>/dev/null || echo nobody)" = nobody ] && ok ||
    bad "deliver left a root-owned WAL"
sql "SELECT count(*) FROM processed_mail" >"$T/count"
has "deliver stored the mail" "$T/count" "^[2-9]$"
[ "$before" -ge 1 ] && ok || bad "no earlier answer"

# --- the systemd unit: what systemd itself says of it --------------------
if command -v systemd-analyze >/dev/null 2>&1; then
	sed "s|/usr/local/sbin/navarchd|$NAVARCHD|" \
	    "$SRC/contrib/navarchd.service" >"$T/navarchd.service"
	expect 0 "systemd-analyze verify contrib/navarchd.service" \
	    systemd-analyze verify --man=no "$T/navarchd.service"
	lacks "no line systemd ignores" "$T/err" "gnoring\|nknown"
	if systemd-analyze security --offline=yes "$T/navarchd.service" \
	    >"$T/security" 2>&1; then
		has "systemd rates the unit's exposure OK" "$T/security" \
		    "Overall exposure level.* OK"
	fi
else
	echo "systemd-analyze is not installed: the unit is not checked"
fi

finish
