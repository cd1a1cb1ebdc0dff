#!/usr/bin/env bash
# tests/cli/clock.sh: the GM's clock with navarch (issue 15, item 3):
# pause keeps the time left and resume gives it back (or takes a named
# deadline), +24h extends the current deadline, an absolute deadline in
# any zone, one in the past refused; players' time zones; and every move
# noticed to the players (the daemon mails the notices) with the reason,
# seats and orders entered too.
. "$(dirname "$0")/lib.sh"

T0=2026-01-01T10:00Z
notices() {
	sql "SELECT kind || ':' || coalesce(player, '-') || ':' || reason
	    FROM notices ORDER BY id" > "$T/notices"
}

write_orders
nv init >/dev/null
expect 1 "a deadline in the past" nv --now $T0 game create demo \
    --scenario "$SCENARIO" --deadline 2025-12-31T10:00Z
has "refused" "$T/err" "is not in the future"
expect 64 "a time without its zone" nv --now $T0 game create demo \
    --scenario "$SCENARIO" --deadline 2026-01-03T10:00
has "asks whose clock" "$T/err" "whose clock is that"
# 11:00 in Paris is 10:00 UTC in January.
expect 0 "create, the deadline in a zone" nv --now $T0 game create demo \
    --scenario "$SCENARIO" --seed s --deadline "2026-01-03T11:00 Europe/Paris"
expect 0 "show" nv game show demo
has "the deadline in UTC" "$T/out" "^  deadline  2026-01-03T10:00Z$"
printf 'pw\n' > "$T/pw"
expect 0 "a player with a time zone" nv --now $T0 player add demo athens \
    a@example.org --password-file "$T/pw" --timezone Europe/Paris \
    --reason "welcome aboard"
expect 64 "a time zone that is none" nv --now $T0 player add demo persia \
    p@example.org --timezone Mars/Olympus
has "says what is legal" "$T/err" "no time zone 'Mars/Olympus'.*Europe/Paris"
expect 0 "a player with a generated password" nv --now $T0 player add demo \
    persia p@example.org
pw=$(cat "$T/out")
[ "$(sql "SELECT secret FROM notices WHERE kind = 'welcome' AND
    player = 'persia'")" = "$pw" ] && ok ||
    bad "the welcome does not carry the generated password"
[ "$(sql "SELECT secret IS NULL FROM notices WHERE kind = 'welcome' AND
    player = 'athens'")" = 1 ] && ok ||
    bad "a password the GM chose is in the welcome"
expect 0 "player set-timezone" nv player set-timezone demo persia +05:30
has "said" "$T/out" "time zone of persia in demo: +05:30"
expect 0 "player list" nv player list demo
has "the zones listed" "$T/out" "timezone Europe/Paris"
has "canonical" "$T/out" "timezone +05:30"
expect 0 "player set-timezone none" nv player set-timezone demo persia none
expect 64 "a bad zone" nv player set-timezone demo persia Europe/Nowhere

# --- pause keeps the time left, resume gives it back --------------------------
expect 0 "pause" nv --now 2026-01-02T10:00Z pause demo --reason "a storm"
has "the time kept" "$T/err" "paused with 86400 s left"
expect 1 "pause twice" nv --now 2026-01-02T10:00Z pause demo
has "says so" "$T/err" "already paused"
expect 0 "show a paused game" nv game show demo
has "the clock stopped" "$T/out" "clock     stopped with 86400 s left"
# The deadline passes during the pause; nothing is lost.
expect 1 "a paused game is not played" nv --now 2026-01-05T00:00Z \
    adjudicate demo
expect 0 "extend while paused" nv --now 2026-01-05T00:00Z deadline demo \
    +12h --reason "the storm lasts"
has "adds to the time left" "$T/out" "deadline of demo: paused, 129600 s left"
expect 0 "resume" nv --now 2026-01-06T00:00Z resume demo
has "the time given back" "$T/err" "deadline 2026-01-07T12:00Z"
expect 1 "resume twice" nv --now 2026-01-06T00:00Z resume demo
has "says so" "$T/err" "is not paused"

# --- deadlines: +N extends, AT in any zone, the past refused --------------------
expect 0 "+24h extends the deadline" nv --now 2026-01-06T00:00Z deadline \
    demo +24h --reason "a player travels"
has "from the deadline, not now" "$T/out" "deadline of demo: 2026-01-08T12:00Z"
expect 0 "AT a time in New York" nv --now 2026-01-06T00:00Z deadline demo \
    at 2026-01-09 15:00 America/New_York
has "in UTC" "$T/out" "deadline of demo: 2026-01-09T20:00Z"
expect 0 "an RFC 3339 offset" nv --now 2026-01-06T00:00Z deadline demo \
    2026-01-09T22:00+02:00
has "in UTC" "$T/out" "deadline of demo: 2026-01-09T20:00Z"
expect 1 "the past" nv --now 2026-01-06T00:00Z deadline demo \
    2026-01-05T00:00Z
has "refused" "$T/err" "2026-01-05T00:00Z is not in the future (it is now 2026-01-06T00:00Z)"
expect 64 "a skipped time" nv --now 2026-01-06T00:00Z deadline demo \
    "2026-03-29T02:30 Europe/Paris"
has "said" "$T/err" "the clocks skip it"
# A passed deadline is extended from now.
expect 0 "+1h from a passed deadline" nv --now 2026-01-10T00:00Z deadline \
    demo +1h
has "from now" "$T/out" "deadline of demo: 2026-01-10T01:00Z"
expect 0 "none" nv --now 2026-01-10T00:00Z deadline demo none
has "cleared" "$T/out" "deadline of demo: none"
expect 0 "resume with a named deadline" nv --now 2026-01-10T00:00Z pause demo
expect 1 "resume at a passed time" nv --now 2026-01-10T00:00Z resume demo \
    --deadline 2026-01-09T00:00Z
expect 0 "resume --deadline +2d" nv --now 2026-01-10T00:00Z resume demo \
    --deadline +2d --reason "back at it"
has "from now" "$T/err" "deadline 2026-01-12T00:00Z"

# --- every move is noticed, with its reason -------------------------------------
expect 0 "orders entered" nv --now 2026-01-10T00:00Z orders submit demo \
    athens "$T/a1.txt" --reason "sent by telephone"
expect 0 "replace" nv --now 2026-01-10T00:00Z player replace demo persia \
    p2@example.org --reason "the player left"
expect 0 "remove" nv --now 2026-01-10T00:00Z player remove demo persia \
    --reason "no word for a week"
notices
same "every notice, in order" "$T/notices" <(cat <<'N'
welcome:athens:welcome aboard
welcome:persia:
paused:-:a storm
deadline:-:the storm lasts
resumed:-:
deadline:-:a player travels
deadline:-:
deadline:-:
deadline:-:
deadline:-:
paused:-:
resumed:-:back at it
orders:athens:sent by telephone
replaced:persia:the player left
welcome:persia:the player left
removed:persia:no word for a week
N
)
[ "$(sql "SELECT details FROM notices WHERE kind = 'replaced'")" = \
    "address=p@example.org" ] && ok || bad "the old address is not kept"
[ "$(sql "SELECT count(*) FROM notices WHERE sent IS NOT NULL")" = 0 ] &&
    ok || bad "navarch sent a notice itself"
expect 0 "audited" nv game show demo
has "the pause and its reason" "$T/out" "pause .*paused with 86400 s left.*: a storm"

finish
