#!/bin/bash
# A whole game of the demo battle driven through navarch: seating players,
# orders (legal, illegal, for someone else's ships), three adjudicated
# turns, the deadline rule, a rollback and a different replay of turn 2,
# corrections, pause, and every listing.
. "$(dirname "$0")/lib.sh"
write_orders

expect 0 "init" nv init
has "init says the schema" "$T/out" "schema version"
expect 0 "init again is harmless" nv init

expect 0 "game create" nv --now 2026-01-01T10:00Z game create demo \
    --scenario "$SCENARIO" --deadline +2d --seed test-seed
has "create names the sides" "$T/out" "sides athens, persia"
has "create shows the commitment, not the seed" "$T/out" \
    "seed commitment (SHA-256): [0-9a-f]\{64\}"
lacks "the seed stays secret" "$T/out" "test-seed"
expect 1 "a game id is taken once" nv game create demo --scenario "$SCENARIO"
expect 0 "game list" nv game list
has "game list shows the game" "$T/out" "^demo .*playing.*turn 1 .*2026-01-03T10:00Z"

expect 0 "player add, password generated" nv player add demo athens a@example.org
[ "$(wc -l <"$T/out")" = 1 ] && grep -q '^[A-Za-z0-9]\{12\}$' "$T/out" && ok ||
    bad "the generated password is one line of 12 characters on stdout"
has "player add says it is shown once" "$T/err" "shown this once only"
printf 'hunter2\n' >"$T/pw"
expect 0 "player add with a password file" nv player add demo persia \
    p@example.org --password-file "$T/pw"
[ ! -s "$T/out" ] && ok || bad "a chosen password is not printed"
expect 1 "a player id is taken once" nv player add demo athens b@example.org
expect 0 "player list" nv player list demo
has "athens commands the side's ships" "$T/out" "ships: nike paralos salaminia"
has "persia commands the side's ships" "$T/out" "ships: azes sidon tyre"
lacks "no password or hash is listed" "$T/out" 'hunter2\|\$y\$'

expect 0 "observer add" nv observer add demo o@example.org
expect 0 "observer remove" nv observer remove demo o@example.org
expect 1 "observer remove twice" nv observer remove demo o@example.org

# Orders: legal, illegal (every error, exit 2), someone else's ships.
expect 0 "orders submit" nv orders submit demo athens "$T/a1.txt"
has "orders are echoed normalised" "$T/out" "^SHIP salaminia FIRE 2 BOW AT sidon PHASE 6$"
lacks "the password is never echoed" "$T/out" "change-me"
printf 'SIDE persia\nSHIP azes SPEED 9\nSHIP tyre FLY\nSHIP sidon SPEED 2\n' >"$T/bad.txt"
expect 2 "illegal orders" nv orders submit demo persia "$T/bad.txt"
has "the speed error" "$T/err" "bad.txt:2: SHIP azes SPEED 9"
has "the verb error" "$T/err" "bad.txt:3: SHIP tyre FLY"
expect 2 "orders for another side's ships" nv orders submit demo persia "$T/a1.txt"
has "says whose ships" "$T/err" "not yours to order"
printf 'GAME other\nSIDE persia\nSHIP azes SPEED 2\n' >"$T/other.txt"
expect 2 "orders for another game" nv orders submit demo persia "$T/other.txt"
has "names the game" "$T/err" "GAME other: these orders are for game demo"
expect 2 "a missing order file" nv orders submit demo persia "$T/nope.txt"
expect 1 "orders of an unknown player" nv orders submit demo nobody "$T/p1.txt"
expect 0 "orders show" nv orders show demo
has "one set is in" "$T/out" "player athens, cli"
lacks "refused sets are not stored" "$T/out" "player persia"

# The deadline rule: refused while persia has no orders and the deadline
# is ahead; played once it has passed, persia missing the turn.
expect 1 "adjudicate refuses before the deadline" \
    nv --now 2026-01-02T10:00Z adjudicate demo
has "says who is missing and when" "$T/err" "persia.*2026-01-03T10:00Z"
expect 0 "adjudicate after the deadline" nv --now 2026-01-03T10:01Z adjudicate demo
has "persia missed turn 1" "$T/err" "missed the turn: persia"
has "the events are printed" "$T/out" "^Turn 1 begins"
has "persia's ships went straight on" "$T/out" "azes.*no movement orders"
expect 0 "game show after turn 1" nv game show demo
has "adjudication cleared the turn's deadline" "$T/out" "^  deadline  none$"
expect 1 "no deadline: missing orders refused" \
    nv --now 2026-02-01T00:00Z adjudicate demo
has "says there is no deadline" "$T/err" "has no deadline"
expect 0 "player list after turn 1" nv player list demo
has "persia's missed count" "$T/out" "persia .*missed 1"

# Turn 2 and 3 with all orders in.
expect 0 "deadline" nv --now 2026-01-03T10:01Z deadline demo +48h
has "deadline printed" "$T/out" "2026-01-05T10:01Z"
nv orders submit demo athens "$T/a2.txt" >/dev/null 2>&1
expect 1 "adjudicate refuses without persia's orders" \
    nv --now 2026-01-03T11:00Z adjudicate demo
nv orders submit demo persia "$T/p2.txt" >/dev/null 2>&1
expect 0 "adjudicate turn 2 (all in)" nv --now 2026-01-03T11:00Z adjudicate demo
nv export demo >"$T/state3-first.xml"
expect 0 "pause" nv pause demo
expect 1 "pause twice" nv pause demo
nv orders submit demo athens "$T/a2.txt" >/dev/null 2>&1
nv orders submit demo persia "$T/p2.txt" >/dev/null 2>&1
expect 1 "a paused game is not adjudicated" nv adjudicate demo --force
has "says how to go on" "$T/err" "paused.*resume"
expect 0 "resume" nv resume demo
expect 0 "adjudicate turn 3" nv adjudicate demo
expect 0 "game show" nv game show demo
has "turn 4 now" "$T/out" "^  turn      4$"
has "history lists turn 3 adjudicated" "$T/out" "turn 3 .*adjudicated 20"
has "audit lists the pause" "$T/out" "cli:.* pause"
expect 0 "game show --turn 2" nv game show demo --turn 2
has "events of turn 2" "$T/out" "^events of turn 2:"
has "turn 2's first event" "$T/out" "turn-start .*Turn 2 begins"
expect 0 "orders show --turn 2" nv orders show demo --turn 2
has "turn 2's sets" "$T/out" "#.* turn 2, player persia, cli"

# Roll back to the start of turn 2 and play it with other orders.
expect 64 "rollback needs a reason" nv rollback demo 2
expect 0 "rollback" nv rollback demo 2 --reason "athens mailed late"
expect 0 "game show after rollback" nv game show demo
has "back at turn 2" "$T/out" "^  turn      2$"
has "discarded turns stay in history" "$T/out" "turn 3 .*(rolled back)"
has "the audit log says who and why" "$T/out" \
    "cli:.* rollback .*to the start of turn 2: athens mailed late"
expect 1 "rollback of the open turn" nv rollback demo 2 --reason again
expect 0 "new orders for turn 2" nv orders submit demo athens "$T/a2b.txt"
expect 0 "turn 2 again" nv adjudicate demo
has "the new orders are played" "$T/out" "nike .*speed 1"
nv export demo --turn 3 >"$T/state3-second.xml"
cmp -s "$T/state3-first.xml" "$T/state3-second.xml" &&
    bad "turn 2 played with other orders gives another state" || ok
expect 0 "orders show: the old set is superseded" nv orders show demo --turn 2
has "superseded set listed" "$T/out" "player athens.*superseded"

# Corrections, ships, players.
expect 0 "ship set" nv ship set demo nike hull=4 facing=N
nv export demo >"$T/fixed.xml"
has "the correction is in the state" "$T/fixed.xml" 'id="nike".*facing="N".*hull="4"'
expect 2 "ship set checked by the ruleset" nv ship set demo nike hull=99
has "the ruleset's limit" "$T/err" "at most 6 hull"
expect 2 "ship set: unknown attribute" nv ship set demo nike sails=2
has "lists the attributes" "$T/err" "legal: name, side"
expect 2 "ship set: unknown ship" nv ship set demo argo hull=1
expect 0 "game show lists the correction" nv game show demo
has "audited" "$T/out" "ship-set .*turn 3 ship nike"
expect 0 "second player on a side" nv player add demo athens x@example.org \
    --id athens-2 --ships paralos
expect 0 "player list" nv player list demo
has "paralos moved" "$T/out" "ships: paralos$"
expect 0 "player assign" nv player assign demo athens paralos
expect 1 "player assign: an enemy ship" nv player assign demo athens tyre
expect 0 "player set-address" nv player set-address demo athens-2 y@example.org
expect 0 "player replace" nv player replace demo athens-2 z@example.org
grep -q '^[A-Za-z0-9]\{12\}$' "$T/out" && ok || bad "replace prints a new password"
# A lock-out after wrong passwords (the daemon's), lifted by the GM: the
# player's count and its address's go, a guesser's address stays.
sql "INSERT INTO auth_failures (key, failures, last_failure, locked_until,
    lockouts) VALUES ('player:demo:athens-2', 0, 5, 9999999999, 1),
    ('sender:z@example.org', 2, 5, 0, 0),
    ('sender:mallory@evil.example', 0, 5, 9999999999, 1)"
expect 0 "player unlock" nv player unlock demo athens-2
has "says what it did" "$T/out" "lock-out lifted"
sql "SELECT key || ' ' || failures || ' ' || locked_until FROM auth_failures
    ORDER BY key" >"$T/locks"
has "the player's lock-out is gone" "$T/locks" "^player:demo:athens-2 0 0$"
has "its address's count is gone" "$T/locks" "^sender:z@example.org 0 0$"
has "the guesser stays locked" "$T/locks" "^sender:mallory@evil.example 0 9999999999$"
expect 0 "game show lists the unlock" nv game show demo
has "unlock audited" "$T/out" "player-unlock .*athens-2"
expect 0 "player unlock again" nv player unlock demo athens-2
has "nothing was recorded" "$T/out" "no wrong password was recorded"
expect 0 "player unlock GM" nv player unlock demo GM
expect 1 "player unlock: no such player" nv player unlock demo nobody
expect 0 "player remove" nv player remove demo athens-2
expect 0 "player list" nv player list demo
has "removed players are listed" "$T/out" "athens-2 .*REMOVED"
expect 1 "player remove twice" nv player remove demo athens-2

# Map and export: a game id or a state file.
expect 0 "map of a game" nv map demo --side athens
has "map header" "$T/out" "^Turn 3: Demo"
expect 0 "map of a file" "$NAVARCH" map "$SCENARIO"
has "map of the scenario" "$T/out" "^Turn 1: Demo"
expect 64 "map --side of no side" nv map demo --side sparta
expect 0 "export of a turn" nv export demo --turn 1
has "turn 1's state" "$T/out" '<scenario ruleset="classic" turn="1">'
expect 0 "export of a file is canonical" "$NAVARCH" export "$SCENARIO"
has "every attribute written" "$T/out" 'id="nike".*hull="6"'
expect 0 "backup" nv backup "$T/copy.db"
"$NAVARCH" --db "$T/copy.db" game list >"$T/out"
has "the backup holds the game" "$T/out" "^demo "
expect 1 "backup never overwrites" nv backup "$T/copy.db"

finish
