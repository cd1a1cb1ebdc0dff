#!/usr/bin/env bash
# tests/cli/requests.sh: navarch player requests lists the JOIN requests
# of a game (setting join=gm) still waiting for the GM: the latest of each
# address, with the command that seats it; a seated address drops out, and
# a request for a side taken since says so.
. "$(dirname "$0")/lib.sh"

mail_setup athens gm

nv --now 2026-01-01T10:00Z game create demo --scenario "$SCENARIO" \
    --seed seed-demo --deadline +2d --gm gm@example.org \
    --gm-password-file "$T/pw-gm" >/dev/null
nv player add demo athens a@example.org --password-file "$T/pw-athens" \
    >/dev/null 2>&1

# join FROM SIDE ID AT: a stranger's JOIN demo SIDE, through deliver.
join() {
	printf 'From: %s\nTo: navarch@example.org\nSubject: join\nMessage-ID: <%s@example.org>\n\nJOIN demo %s\n' \
	    "$1" "$3" "$2" > "$T/$3.eml"
	expect 0 "deliver $3" "$NAVARCH" --config "$T/navarchd.conf" --now \
	    "$4" deliver < "$T/$3.eml"
}

expect 0 "no request yet" nv player requests demo
has "none waits" "$T/out" "^no JOIN request waits in game demo$"
expect 1 "no such game" nv player requests nosuch
has "named" "$T/err" "no game 'nosuch'"

# join=off: a JOIN is no request.
join x@example.org persia j1 2026-01-01T11:00Z
expect 0 "join=off" nv player requests demo
has "still none" "$T/out" "^no JOIN request waits"

nv game settings demo join=gm >/dev/null
join x@example.org athens j2 2026-01-01T11:30Z
join x@example.org persia j3 2026-01-01T12:00Z
join y@example.org persia j4 2026-01-01T12:30Z
expect 0 "two waiting" nv player requests demo
has "x's latest" "$T/out" "^2026-01-01T12:00Z  x@example.org asks to play persia$"
has "its command" "$T/out" "^    seat: navarch player add demo persia x@example.org$"
has "y's" "$T/out" "^2026-01-01T12:30Z  y@example.org asks to play persia$"
[ "$(grep -c 'asks to play' "$T/out")" = 2 ] && ok ||
    bad "wanted 2 requests: $(cat "$T/out")"
lacks "a taken side is no request" "$T/out" "asks to play athens"

nv player add demo persia x@example.org >/dev/null 2>&1
expect 0 "x seated" nv player requests demo
lacks "x is gone" "$T/out" "x@example.org"
has "y's side is taken" "$T/out" "^    side persia is taken: tell them"

finish
