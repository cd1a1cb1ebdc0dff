#!/bin/sh
# demo.sh: build Navarch and play the demo battle by mail on the embedded
# default: order mails dropped into a local Maildir, navarchd --once run
# once a turn, every answer and report written to a local Maildir outbox
# and printed.  No mail server is needed.  Everything is left in
# build/demo/ (the database, the Maildirs, the configuration).
set -eu
cd "$(dirname "$0")/.."
[ -x configure ] || ./autogen.sh >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure >/dev/null
make -j2 >/dev/null
src=$(cd .. && pwd)
demo=$PWD/demo
rm -rf "$demo"
mkdir -p "$demo/Maildir/new" "$demo/Maildir/cur" "$demo/Maildir/tmp" \
    "$demo/outbox/new" "$demo/outbox/cur" "$demo/outbox/tmp"
export NAVARCH_DATADIR="$src/data" NAVARCH_TEMPLATEDIR="$src/templates"
unset NAVARCH_CONFIG NAVARCH_NOW
# The demo may run as root (README): navarchd then stays root in this
# private directory.  A real daemon sets `user` (docs/security.md).
export NAVARCH_ALLOW_ROOT=1
cat > "$demo/navarchd.conf" <<CONF
# The demo's navarchd.conf: the embedded default, a Maildir in and a
# Maildir outbox out (see etc/navarchd.conf for every key).
database = $demo/navarch.db
mailbox = maildir:$demo/Maildir
smtp = file:$demo/outbox
from = navarch@demo.example
datadir = $src/data
hash_cost = 1
log_level = warning
CONF
nv() { ./navarch --config "$demo/navarchd.conf" "$@"; }
printf 'change-me\n' > "$demo/athens.pw"
printf 'great-king\n' > "$demo/persia.pw"
printf 'umpire\n' > "$demo/gm.pw"

echo "== Setting up the game (navarch, the GM's tool)"
nv init >/dev/null
nv game create demo --scenario "$src/orders/demo/scenario.xml" \
    --gm gm@demo.example --gm-password-file "$demo/gm.pw" --seed demo-seed
nv player add demo athens themistocles@athens.example \
    --password-file "$demo/athens.pw"
nv player add demo persia artaphernes@persia.example \
    --password-file "$demo/persia.pw"
nv map demo

# mail TURN SIDE ADDRESS: the side's order file as a mail in the Maildir.
mail() {
	{
		printf 'From: %s\nTo: navarch@demo.example\n' "$3"
		printf 'Subject: Orders for turn %s\n' "$1"
		printf 'Message-ID: <turn%s.%s@demo.example>\n' "$1" "$2"
		printf 'Date: Mon, 01 Dec 2026 12:00:00 +0000\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat "$src/orders/demo/turn$1-$2.txt"
	} > "$demo/Maildir/new/$1$2.demo"
}

turn=1
while [ -e "$src/orders/demo/turn$turn-athens.txt" ]; do
	echo
	echo "== Turn $turn: the players mail their orders; navarchd --once"
	mail "$turn" athens themistocles@athens.example
	mail "$turn" persia artaphernes@persia.example
	ls "$demo/outbox/new" > "$demo/sent-before"
	# Every player's orders are in, so the turn is played at once
	# (early processing); the clock is fixed for the demo.
	./navarchd -f "$demo/navarchd.conf" --once --foreground \
	    --now "2026-12-0${turn}T12:00Z"
	# The mails this cycle sent, in the order they were queued (the
	# Maildir names count them: ...Q1R..., Q2, ...).
	ls "$demo/outbox/new" | grep -vxF -f "$demo/sent-before" |
	    sort -t Q -k 2,2n |
	    sed "s|^|$demo/outbox/new/|" | xargs python3 "$src/scripts/show-mail.py"
	turn=$((turn + 1))
done
echo
echo "== After $((turn - 1)) turns"
nv game show demo
nv map demo
echo
echo "The demo played $((turn - 1)) turns by mail; the database, the Maildir"
echo "and the outbox are in build/demo/."
