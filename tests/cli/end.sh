#!/usr/bin/env bash
# tests/cli/end.sh: a game played to its end from the command line: the
# turn limit ends it, the result is recorded, the seed is revealed, no
# further turn is played, and replay verifies every turn.
. "$(dirname "$0")/lib.sh"

sed 's/turn-limit="8"/turn-limit="2"/' "$SCENARIO" > "$T/short.xml"
printf 'pw\n' > "$T/pw"
expect 0 "init" nv init
expect 0 "create" nv game create demo --scenario "$T/short.xml"
expect 0 "athens" nv player add demo athens a@example.org --password-file "$T/pw"
expect 0 "persia" nv player add demo persia p@example.org --password-file "$T/pw"
# Settings for the mail daemon: checked, stored, audited.
expect 0 "settings: schedule" nv game settings demo schedule=+48h@20:00 \
    early=off reminder=12h
has "schedule stored" "$T/out" "schedule = +48h@20:00"
expect 0 "settings: show" nv game settings demo
has "early stored" "$T/out" "early = off"
expect 0 "settings: replace" nv game settings demo early=on
has "early replaced" "$T/out" "early = on"
expect 2 "settings: bad schedule" nv game settings demo schedule=every-day
has "legal schedules named" "$T/err" "+48h@20:00"
expect 2 "settings: unknown key" nv game settings demo colour=red
has "keys listed" "$T/err" "missed_limit"
expect 64 "settings: not KEY=VALUE" nv game settings demo early
# svg: the map attached to report mails, yes or no.
expect 0 "settings: svg off" nv game settings demo svg=no
has "svg stored" "$T/out" "svg = no"
expect 2 "settings: bad svg" nv game settings demo svg=maybe
has "svg values named" "$T/err" "expected yes or no"
expect 0 "settings: svg on" nv game settings demo svg=yes
has "svg replaced" "$T/out" "svg = yes"
# report_ships: the most ships a report mail reports, 0 or more.
expect 0 "settings: report_ships" nv game settings demo report_ships=500
has "report_ships stored" "$T/out" "report_ships = 500"
expect 2 "settings: bad report_ships" nv game settings demo report_ships=-1
has "report_ships values named" "$T/err" "from 0 (whole reports)"
expect 0 "settings audited" nv game show demo
has "audit entry" "$T/out" "settings"
expect 0 "orders athens" nv orders submit demo athens "$SRC/orders/demo/turn1-athens.txt"
expect 0 "orders persia" nv orders submit demo persia "$SRC/orders/demo/turn1-persia.txt"
expect 0 "turn 1" nv adjudicate demo
expect 0 "show after turn 1" nv game show demo
has "still playing" "$T/out" "status *playing"
expect 0 "turn 2 (no orders: straight on)" nv adjudicate demo --force
has "the game is over" "$T/err" "the game is over and the seed revealed"
expect 0 "show after turn 2" nv game show demo
has "ended" "$T/out" "status *ended"
has "seed revealed" "$T/out" "revealed: "
expect 1 "no turn 3" nv adjudicate demo --force
has "refused: ended" "$T/err" "is ended"
expect 0 "final state" nv export demo
has "result recorded" "$T/out" "<result status="
expect 0 "replay" nv replay demo --verify
has "identical" "$T/out" "identical: turns 1 to 3"
finish
