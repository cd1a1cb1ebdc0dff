#!/bin/sh
# demo.sh: build Navarch and play the demo battle in orders/demo/, turn
# by turn, printing each turn's orders as understood, events and map.
#
# Until the mail daemon lands this plays the battle through `navarch turn`
# (the engine the daemon will drive); the states of every turn are left in
# build/demo/.
set -eu
cd "$(dirname "$0")/.."
[ -x configure ] || ./autogen.sh >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure >/dev/null
make -j2 >/dev/null
export NAVARCH_DATADIR="$PWD/../data"
nv=./navarch
demo=../orders/demo
out=demo
rm -rf "$out" && mkdir -p "$out"
cp "$demo/scenario.xml" "$out/turn1.xml"
echo "== The demo battle: $(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$demo/scenario.xml")"
$nv map "$out/turn1.xml"
turn=1
while :; do
	set -- "$demo"/turn$turn-*.txt
	[ -e "$1" ] || break
	next=$((turn + 1))
	echo
	echo "== Turn $turn: orders as understood"
	$nv check-orders "$out/turn$turn.xml" "$@" 2>/dev/null
	echo
	echo "== Turn $turn: events"
	$nv turn "$out/turn$turn.xml" "$@" --seed "demo-$turn" \
	    --events "$out/events$turn.txt" --output "$out/turn$next.xml"
	cat "$out/events$turn.txt"
	echo
	echo "== After turn $turn"
	$nv map "$out/turn$next.xml"
	turn=$next
done
echo
echo "The demo played $((turn - 1)) turns; states and events are in build/$out/."
