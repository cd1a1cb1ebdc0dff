#!/bin/bash
# Exit statuses scripts rely on, the same for every command: 64 usage,
# 2 invalid input file, 75 busy (try again), 78 configuration, 1 other;
# --help for every command; the config file and the clock.
. "$(dirname "$0")/lib.sh"
new_game

# --- 64: usage -------------------------------------------------------------
expect 64 "no command" "$NAVARCH"
expect 64 "unknown command" nv frobnicate
has "says which" "$T/err" "unknown command 'frobnicate'"
expect 64 "a group without subcommand" nv player
has "lists the subcommands" "$T/err" "player add, player list"
expect 64 "unknown subcommand" nv game frob
expect 64 "unknown option" nv game list --frob
expect 64 "too few arguments" nv player add demo athens
has "prints the usage" "$T/err" "^usage: navarch player add GAME SIDE ADDRESS"
expect 64 "too many arguments" nv game show demo extra
expect 64 "option without its value" nv game show demo --turn
expect 64 "a turn that is no number" nv game show demo --turn two
expect 64 "rollback turn no number" nv rollback demo x --reason r
expect 64 "bad deadline SPEC" nv deadline demo tomorrow
has "says what is legal" "$T/err" \
    "'tomorrow': expected a date and a time with its zone: 2026-12-01T20:00Z"
has "and the relative form" "$T/err" "or +N to extend (+24h), or none"
expect 64 "bad --deadline" nv game create g2 --scenario "$SCENARIO" --deadline +3y
expect 64 "bad --now" nv --now yesterday adjudicate demo
expect 64 "relative --now" nv --now +1h adjudicate demo
expect 64 "bad game id" nv game create "Bad Id" --scenario "$SCENARIO"
expect 64 "create without --scenario" nv game create g2
expect 64 "--gm without its password" nv game create g2 --scenario "$SCENARIO" --gm gm@example.org
expect 64 "bad address" nv player add demo athens not-an-address --id a2
expect 64 "bad player id" nv player add demo athens a@example.org --id "A B"
expect 64 "bad --hash-cost" nv --hash-cost 99 player add demo athens q@example.org --id a3
expect 64 "bad --busy-timeout" nv --busy-timeout soon game list
expect 64 "export --force without --archive" nv export demo --force
expect 64 "export --turn of a file" nv export "$SCENARIO" --turn 2
expect 64 "unknown global option" "$NAVARCH" --frob game list

# --help for every command and subcommand, on standard output, status 0.
for c in "init" "game create" "game list" "game show" "player add" \
    "player list" "player remove" "player replace" "player set-address" \
    "player assign" "player unlock" "observer add" "observer remove" "orders submit" \
    "orders show" "adjudicate" "rollback" "pause" "resume" "deadline" \
    "ship set" "map" "export" "replay" "seed reveal" "backup" "turn" \
    "check-orders" "game" "player"; do
	# shellcheck disable=SC2086
	expect 0 "$c --help" "$NAVARCH" $c --help
	has "$c --help shows its usage" "$T/out" "^usage: navarch $c"
done
expect 0 "navarch --help" "$NAVARCH" --help
has "lists subcommands" "$T/out" "orders submit"
has "lists exit statuses" "$T/out" "75 temporary failure"
expect 0 "map --help lists its options" "$NAVARCH" map --help
has "map options" "$T/out" "--sheets"

# --- 2: invalid input files ---------------------------------------------------
printf '<scenario ruleset="classic" turn="1"><map/></scenario>\n' >"$T/bad.xml"
expect 2 "invalid scenario" nv game create g2 --scenario "$T/bad.xml"
expect 2 "missing scenario" nv game create g2 --scenario "$T/none.xml"
: >"$T/empty"
expect 2 "empty password file" nv player add demo athens q@example.org --id a4 --password-file "$T/empty"
has "says so" "$T/err" "holds no password"
expect 2 "missing password file" nv player add demo athens q@example.org --id a4 --password-file "$T/none"
expect 2 "illegal orders" nv orders submit demo athens "$T/p1.txt"

# --- 1: other failures ---------------------------------------------------------
expect 1 "unknown game" nv game show nogame
has "names it" "$T/err" "nogame"
expect 1 "unknown player" nv player remove demo nobody
expect 1 "unknown side" nv player add demo sparta s@example.org
expect 1 "resume a game that plays" nv resume demo

# --- 78: configuration -------------------------------------------------------
expect 78 "no config, no --db" "$NAVARCH" --config "$T/none.conf" game list
has "says how to fix it" "$T/err" "give the database with --db PATH"
printf 'mailbox = maildir:/x\n' >"$T/nodb.conf"
expect 78 "a config without database" "$NAVARCH" --config "$T/nodb.conf" game list
has "names the key" "$T/err" "no 'database' key"
printf 'database = %s\ndatabase = %s\n' "$DB" "$DB" >"$T/twice.conf"
expect 78 "database given twice" "$NAVARCH" --config "$T/twice.conf" game list
has "file and line" "$T/err" "twice.conf:2: database is already set on line 1"
printf '# the daemon config\nmailbox = maildir:/x   # not ours\ndatabase = %s\nhash_cost = 1\n' "$DB" >"$T/good.conf"
expect 0 "--config" "$NAVARCH" --config "$T/good.conf" game list
has "the game through the config" "$T/out" "^demo "
NAVARCH_CONFIG=$T/good.conf expect 0 "NAVARCH_CONFIG" "$NAVARCH" game list
has "the game through NAVARCH_CONFIG" "$T/out" "^demo "
NAVARCH_CONFIG=$T/nodb.conf expect 78 "a bad NAVARCH_CONFIG" "$NAVARCH" game list
printf 'hash_cost = 42\ndatabase = %s\n' "$DB" >"$T/cost.conf"
NAVARCH_HASH_COST= expect 78 "a bad hash_cost in the config" \
    "$NAVARCH" --config "$T/cost.conf" player add demo athens q@example.org --id a5
NAVARCH_HASH_COST=0 expect 78 "a bad NAVARCH_HASH_COST" nv player add demo athens q@example.org --id a5
NAVARCH_NOW=soon expect 78 "a bad NAVARCH_NOW" nv adjudicate demo
NAVARCH_NOW=2026-01-05T00:00Z expect 0 "NAVARCH_NOW past the deadline" nv adjudicate demo
has "the deadline passed: both missed" "$T/err" "missed the turn: athens, persia"
# Orders in force that a correction made illegal: adjudication refuses
# with every error (2) and writes nothing.
nv orders submit demo athens "$T/a2.txt" >/dev/null 2>&1
expect 0 "a correction after the orders came in" nv ship set demo paralos status=sunk
expect 2 "orders no longer legal" nv adjudicate demo --force
has "the order's error" "$T/err" "orders of athens:3: SHIP paralos SPEED 2"
has "what to do" "$T/err" "submit new orders"
expect 0 "game show" nv game show demo
has "still turn 2" "$T/out" "^  turn      2$"
printf 'this is no database, just text that goes on for a while......\n%.0s' $(seq 100) >"$T/junk.db"
expect 78 "a file that is no database" "$NAVARCH" --db "$T/junk.db" game list

# --- 75: busy ----------------------------------------------------------------
# Another connection holds the write lock, as the daemon would mid-turn.
python3 - "$DB" >"$T/lock.out" 2>&1 <<'PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
c.execute("INSERT INTO audit (game, time, actor, action) VALUES (NULL, 0, 'lock', 'hold')")
print("locked", flush=True)
time.sleep(60)
PY
LOCKER=$!
for _ in $(seq 100); do
	grep -q locked "$T/lock.out" 2>/dev/null && break
	sleep 0.1
done
has "the lock is held" "$T/lock.out" "locked"
expect 75 "a write while the database is busy" nv --busy-timeout 100 pause demo
has "says try again" "$T/err" "busy: try again"
printf 'SIDE athens\nSHIP nike SPEED 2\n' >"$T/a3.txt"
expect 75 "orders submit while busy" nv --busy-timeout 100 orders submit demo athens "$T/a3.txt"
expect 75 "adjudicate while busy" nv --busy-timeout 100 adjudicate demo --force
expect 0 "reading while busy" nv --busy-timeout 100 game show demo
expect 0 "backup while busy" nv --busy-timeout 100 backup "$T/during.db"
"$NAVARCH" --db "$T/during.db" game list >"$T/out"
has "the backup is complete" "$T/out" "^demo "
DB=$T/during.db sql "SELECT count(*) FROM audit WHERE action = 'hold'" >"$T/out"
has "the uncommitted write is not in the backup" "$T/out" "^0$"
kill "$LOCKER"
wait "$LOCKER" 2>/dev/null || true
expect 0 "the write works once the lock is gone" nv --busy-timeout 100 pause demo

finish
