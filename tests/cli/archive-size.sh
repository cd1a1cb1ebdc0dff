#!/bin/bash
# The archive's memory (issue 16, item 4): navarch export --archive holds
# one turn at a time, so its peak resident memory does not grow with the
# game's length.  A real game plays its first turn; further turns of about
# 1.5 MB each (a state, 3,000 events, 1,000 rolls) are then written
# straight into the database, since only their size matters here.  The
# export of 20 turns must take at most a quarter more memory than that
# of 5.  Before, it held the whole archive several times over: 49 MiB
# for 5 turns (4 MiB of archive), 219 MiB for 20 (23 MiB); now 23 MiB
# for both.  navarch replay --archive reads it back a turn at a time
# too: the same bound.  Before, it read the file whole and built its
# tree (41 MiB for 5 turns) and refused 20 turns (over 16 MiB); now
# 33 MiB for both.
. "$(dirname "$0")/lib.sh"
RSS=$(dirname "$NAVARCH")/tests/hostile/rss
# The demo battle with room for 20 turns, so that replay plays them all.
sed 's/turn-limit="8"/turn-limit="30"/' "$SCENARIO" >"$T/scenario.xml"
SCENARIO=$T/scenario.xml
new_game
play_turn "$T/a1.txt" "$T/p1.txt"
nv seed reveal demo >/dev/null

# grow N: adds live turns until the game has N, each earlier one
# adjudicated with its events and rolls.
grow() {
	python3 - "$DB" "$1" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
want = int(sys.argv[2])
line = '  <ship id="s%05d" side="athens" hex="0101" facing="N" speed="2"/>\n'
state = "<state>\n" + "".join(line % i for i in range(12000)) + "</state>\n"
while True:
    sid, turn = c.execute("SELECT id, turn FROM states WHERE game = 'demo'"
                          " AND superseded = 0 ORDER BY turn DESC").fetchone()
    if turn >= want:
        break
    c.execute("UPDATE states SET adjudicated = 5 WHERE id = ?", (sid,))
    c.executemany("INSERT INTO events (state, game, turn, seq, phase, kind,"
                  " ship, other, text) VALUES (?, 'demo', ?, ?, 1, 'move',"
                  " 's1', '', ?)", [(sid, turn, 1000 + k, "Ship s%05d moves"
                  " ahead two hexes & rams <nothing> at all." % k)
                  for k in range(3000)])
    c.executemany("INSERT INTO rolls (state, game, turn, seq, phase, label,"
                  " purpose, ship, sides, result) VALUES (?, 'demo', ?, ?, 1,"
                  " 'd6', 'test', 's1', 6, 3)",
                  [(sid, turn, 1000 + k) for k in range(1000)])
    c.execute("INSERT INTO states (game, turn, xml, created) VALUES"
              " ('demo', ?, ?, 5)", (turn + 1, state))
    c.commit()
PY
}

# export N: exports the game (N live turns) and records the peak RSS.
export_rss() {
	rm -f "$T/a.xml" "$T/rss"
	"$RSS" "$T/rss" 120 "$NAVARCH" --db "$DB" export demo \
	    --archive "$T/a.xml" 2>"$T/err"
	read -r status kib <"$T/rss"
	[ "$status" = 0 ] && ok || bad "export of $1 turns: status $status"
	[ "$(grep -c '^  <turn number=' "$T/a.xml")" = "$1" ] && ok ||
	    bad "the archive of $1 turns has $(grep -c '^  <turn ' "$T/a.xml")"
	tail -n 1 "$T/a.xml" | grep -q '^</navarch-archive>$' && ok ||
	    bad "the archive of $1 turns is not whole"
	eval "rss$1=$kib"
	size=$(wc -c <"$T/a.xml")
	echo "export of $1 turns: $((size / 1024)) KiB written, peak RSS $kib KiB"
}

# replay_rss N: replays the archive of N turns (its first turn played,
# the others with no orders: only the reading's memory matters) and
# records the peak RSS.
replay_rss() {
	rm -f "$T/rss"
	"$RSS" "$T/rss" 120 "$NAVARCH" replay --archive "$T/a.xml" \
	    >"$T/out" 2>"$T/err"
	read -r status kib <"$T/rss"
	[ "$status" = 0 ] && ok ||
	    bad "replay of $1 turns: status $status: $(head -c 300 "$T/err")"
	has "replay of $1 turns: every turn" "$T/out" "done: turns 1 to $1,"
	eval "replay$1=$kib"
	echo "replay of $1 turns: peak RSS $kib KiB"
}

grow 5
export_rss 5
replay_rss 5
grow 20
export_rss 20
replay_rss 20
[ "$size" -gt $((12 * 1024 * 1024)) ] && ok ||
    bad "the archive of 20 turns is $size bytes: the turns did not grow it"
if [ "$rss20" -le $((rss5 + rss5 / 4)) ]; then
	ok
else
	bad "peak RSS grew with the game: $rss5 KiB for 5 turns," \
	    "$rss20 KiB for 20"
fi
if [ "$replay20" -le $((replay5 + replay5 / 4)) ]; then
	ok
else
	bad "replay's peak RSS grew with the game: $replay5 KiB for 5" \
	    "turns, $replay20 KiB for 20"
fi

# A write that fails half way is an error, not a short archive; a
# device is written to, never removed.
if [ -c /dev/full ]; then
	expect 1 "export to a full disk" nv export demo --archive /dev/full
	has "says why" "$T/err" "/dev/full: write error"
	[ -c /dev/full ] && ok || bad "/dev/full is gone"
fi
finish
