#!/bin/bash
# Replay and verifiable dice: replay --verify of a stored game (also after
# a correction and a rollback), a tampered state or event found and shown,
# seed reveal, archives written and verified without the database.
. "$(dirname "$0")/lib.sh"
new_game

play_turn "$T/a1.txt" "$T/p1.txt"
play_turn "$T/a2.txt" "$T/p2.txt"
nv ship set demo salaminia speed=0 hull=5 >/dev/null 2>&1
play_turn "$T/a2.txt" "$T/p2.txt"
expect 0 "replay --verify" nv replay demo --verify
has "identical" "$T/out" "replay of demo: identical: turns 1 to 4"
expect 0 "replay without --verify prints the events" nv replay demo
has "the replayed events" "$T/out" "^  Turn 3 begins"

nv rollback demo 2 --reason "test" >/dev/null 2>&1
play_turn "$T/a2b.txt" "$T/p2.txt"
expect 0 "replay --verify after rollback" nv replay demo --verify
has "identical after rollback" "$T/out" "identical: turns 1 to 3"
# The correction was made on turn 3's state, which the rollback discarded.
nv ship set demo nike hull=3 >/dev/null 2>&1
expect 0 "replay --verify after a correction of the open turn" \
    nv replay demo --verify

# Tampering with the database is found, and the first difference shown.
sql "UPDATE states SET xml = replace(xml, 'id=\"tyre\" name=\"Tyre\"', 'id=\"tyre\" name=\"Tyr\"') WHERE game = 'demo' AND turn = 2 AND superseded = 0"
expect 1 "a tampered state" nv replay demo --verify
has "the first difference" "$T/out" "DIFFERENT: turn 2: the state at the start of the turn differs at line"
has "stored line" "$T/out" '^  stored: .*name="Tyr"'
has "replayed line" "$T/out" '^  replayed: .*name="Tyre"'
# --states compares states and dice too: the tampered state is found.
expect 1 "a tampered state, states only" nv replay demo --states
has "the state difference" "$T/out" "DIFFERENT: turn 2: the state at the start"
sql "UPDATE states SET xml = replace(xml, 'name=\"Tyr\"', 'name=\"Tyre\"') WHERE game = 'demo'"
expect 0 "repaired" nv replay demo --verify
sql "UPDATE events SET text = 'Turn 1 begins badly.' WHERE game = 'demo' AND turn = 1 AND seq = 1"
expect 1 "a tampered event" nv replay demo --verify
has "the event shown" "$T/out" "turn 1: event 1 differs"
has "stored event" "$T/out" "stored: .*Turn 1 begins badly."
# A sentence worded differently (another version of navarch) with the
# same states and dice: --states finds nothing to object to, and says
# the wording was not compared.
expect 0 "a reworded event, states only" nv replay demo --states
has "what --states compared" "$T/out" \
    "states and dice identical (the events' wording not compared)"
sql "UPDATE events SET text = 'Turn 1 begins.' WHERE game = 'demo' AND turn = 1 AND seq = 1"
sql "DELETE FROM events WHERE game = 'demo' AND turn = 2 AND seq = (SELECT max(seq) FROM events WHERE game = 'demo' AND turn = 2)"
expect 1 "a missing event" nv replay demo --verify
has "the missing event" "$T/out" "stored:   (none)"

# The archive: refused before the seed is public, unless forced (then
# without the seed).
expect 1 "archive before seed reveal" nv export demo --archive "$T/a.xml"
has "says how" "$T/err" "seed reveal demo"
[ ! -e "$T/a.xml" ] && ok || bad "no archive written"
expect 0 "forced archive" nv export demo --archive "$T/forced.xml" --force
lacks "the forced archive keeps the seed secret" "$T/forced.xml" "test-seed"
expect 1 "a seedless archive cannot be verified" \
    "$NAVARCH" replay --archive "$T/forced.xml" --verify
has "says why" "$T/err" "seed is not in the archive"

expect 0 "seed reveal" nv seed reveal demo
has "the seed" "$T/out" "seed of demo: test-seed"
expect 1 "seed reveal twice" nv seed reveal demo
expect 0 "game show shows the seed now" nv game show demo
has "revealed" "$T/out" "revealed: test-seed"
has "audited" "$T/out" "cli:.* seed-reveal"

# Roll back past the damage (the turn's rows are then history) and play
# turn 2 again; the correction made on turn 3's state goes with it.
nv rollback demo 2 --reason "repair" >/dev/null 2>&1
play_turn "$T/a2b.txt" "$T/p2.txt"
expect 0 "a correction of the open turn" nv ship set demo nike hull=3
expect 0 "export --archive" nv export demo --archive "$T/a.xml"
has "the archive holds the seed" "$T/a.xml" 'seed="test-seed"'
has "the archive holds the orders in force" "$T/a.xml" '<orders player="athens" side="athens">'
has "the archive holds the correction" "$T/a.xml" '<fix turn="3" ship="nike">'
# Verified with no database at all.
expect 0 "replay --archive --verify" "$NAVARCH" replay --archive "$T/a.xml" --verify
has "identical" "$T/out" "replay of demo: identical: turns 1 to 3"
# From standard input too (read twice: copied to a file first).
expect 0 "replay --archive - --verify" sh -c \
    '"$1" replay --archive - --verify <"$2"' sh "$NAVARCH" "$T/a.xml"
has "identical from standard input" "$T/out" \
    "replay of demo: identical: turns 1 to 3"
sed 's/seed="test-seed"/seed="other-seed"/' "$T/a.xml" >"$T/b.xml"
expect 1 "a seed that is not the committed one" \
    "$NAVARCH" replay --archive "$T/b.xml" --verify
has "commitment" "$T/out" "does not match the commitment"
sed 's/Turn 2 begins\./Turn 2 starts./' "$T/a.xml" >"$T/c.xml"
expect 1 "a tampered archive" "$NAVARCH" replay --archive "$T/c.xml" --verify
has "the tampered event" "$T/out" "turn 2: event 1 differs"
printf '<navarch-archive version="9"/>\n' >"$T/d.xml"
expect 2 "not an archive" "$NAVARCH" replay --archive "$T/d.xml" --verify
has "the version" "$T/err" "archive version '9'"
printf 'not xml\n' >"$T/e.xml"
expect 2 "not XML" "$NAVARCH" replay --archive "$T/e.xml"
# An error anywhere refuses the archive before any turn is replayed, with
# every error and its line, as when the file was read whole.
sed '0,/<event /s//<evnt /; 0,/<\/event>/s//<\/evnt>/; s|<fix |<fox |; s|</fix>|</fox>|' "$T/a.xml" >"$T/f.xml"
expect 2 "a broken archive" "$NAVARCH" replay --archive "$T/f.xml" --verify
has "the first error" "$T/err" "f.xml:[0-9]*: unexpected <evnt> in <turn>"
has "the last error" "$T/err" "f.xml:[0-9]*: unexpected <fox>; legal"
lacks "no turn replayed" "$T/out" "replay of demo"
head -c 2000 "$T/a.xml" >"$T/g.xml"
expect 2 "a cut archive" "$NAVARCH" replay --archive "$T/g.xml"
has "its line" "$T/err" "g.xml:[0-9]*: "
expect 64 "replay needs a game or an archive" "$NAVARCH" replay
expect 64 "not both" nv replay demo --archive "$T/a.xml"

# The same inputs give the same archive, byte for byte.
nv export demo --archive "$T/a2.xml" 2>/dev/null
same "export is deterministic" "$T/a.xml" "$T/a2.xml"

finish
