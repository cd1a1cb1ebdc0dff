#!/usr/bin/env bash
# tests/cli/endings.sh: every way a game ends replays identical (issue 15,
# item 4): an agreed draw and a concession (mails through navarch deliver,
# as an MTA pipes them), the GM's decision (navarch game end) and the
# rules (the turn limit).  Each is verified from the database and from its
# archive, whose <end> records a decision; a game ended before navarch
# recorded decisions still verifies, and a result changed by hand does
# not.  Every end leaves the players' final mail to the daemon (a notice).
. "$(dirname "$0")/lib.sh"

OUT=$T/outbox
MD=$T/Maildir
mkdir -p "$MD/new" "$MD/cur" "$MD/tmp" "$OUT"
cat > "$T/navarchd.conf" <<CONF
database = $DB
mailbox = maildir:$MD
smtp = file:$OUT
from = navarch@example.org
datadir = $NAVARCH_DATADIR
hash_cost = 1
CONF
printf 'athens-pw\n' > "$T/pw-athens"
printf 'persia-pw\n' > "$T/pw-persia"
printf 'gm-pw\n' > "$T/pw-gm"
NOW=2026-01-01T12:00Z

# game ID [SCENARIO]: the demo battle with two players and a GM.
game() {
	nv --now 2026-01-01T10:00Z game create "$1" --scenario \
	    "${2:-$SCENARIO}" --seed "seed-$1" --deadline +2d --gm \
	    gm@example.org --gm-password-file "$T/pw-gm" >/dev/null
	nv player add "$1" athens a@example.org --password-file \
	    "$T/pw-athens" >/dev/null 2>&1
	nv player add "$1" persia p@example.org --password-file \
	    "$T/pw-persia" >/dev/null 2>&1
}

# mail GAME SIDE ID LINE...: a player's mail, through navarch deliver.
mail() {
	local g=$1 side=$2 id=$3
	shift 3
	{
		printf 'From: %s@example.org\nTo: navarch@example.org\n' "$side"
		printf 'Subject: orders\nMessage-ID: <%s@example.org>\n\n' "$id"
		printf 'GAME %s\nPLAYER %s\nPASSWORD %s-pw\n' "$g" "$side" "$side"
		printf '%s\n' "$@"
	} > "$T/$id.eml"
	expect 0 "deliver $id" "$NAVARCH" --config "$T/navarchd.conf" --now \
	    "$NOW" deliver < "$T/$id.eml"
}

# verified GAME WHAT: replay --verify from the database and from the
# archive say identical, and name the end.
verified() {
	expect 0 "$1: replay --verify" nv replay "$1" --verify
	has "$1: identical" "$T/out" "replay of $1: identical"
	has "$1: $2" "$T/out" "$2"
	expect 0 "$1: archive" nv export "$1" --archive "$T/$1.xml"
	expect 0 "$1: replay --archive --verify" "$NAVARCH" replay --archive \
	    "$T/$1.xml" --verify
	has "$1: the archive is identical" "$T/out" "replay of $1: identical"
	has "$1: and ends the same way" "$T/out" "$2"
}

nv init >/dev/null

# --- an agreed draw, by mail ------------------------------------------------
game drawn
mail drawn athens d1 DRAW
mail drawn persia d2 DRAW
[ "$(sql "SELECT status || seed_revealed FROM games WHERE id = 'drawn'")" \
    = ended1 ] && ok || bad "drawn: not ended, or the seed not revealed"
verified drawn "ended on turn 1 by decision: drawn (drawn by agreement of every side on turn 1)"
has "drawn: the archive records the end" "$T/drawn.xml" \
    '<end turn="1" result="drawn">drawn by agreement of every side on turn 1</end>'
has "drawn: as version 2" "$T/drawn.xml" 'version="2"'
[ "$(sql "SELECT count(*) FROM notices WHERE game = 'drawn' AND
    kind = 'ended' AND details = 'how=drawn'")" = 1 ] && ok ||
    bad "drawn: no notice for the final mail"

# --- a concession on turn 2, by mail ------------------------------------------
game conceded
for side in athens persia; do
	{ echo "SIDE $side"; grep -i '^SHIP' "$SRC/orders/demo/turn1-$side.txt"; } \
	    > "$T/$side-1.txt"
	expect 0 "conceded: orders of $side" nv orders submit conceded "$side" \
	    "$T/$side-1.txt"
done
expect 0 "conceded: turn 1" nv --now "$NOW" adjudicate conceded
mail conceded athens c1 CONCEDE
verified conceded "ended on turn 2 by decision: won by persia (athens conceded on turn 2)"
has "conceded: the winner in the archive" "$T/conceded.xml" \
    '<end turn="2" result="won" winner="persia">'

# --- the GM's decision ---------------------------------------------------------
game gmend
expect 64 "game end needs --draw or --winner" nv game end gmend
expect 64 "not both" nv game end gmend --draw --winner athens
expect 64 "a side of the game" nv game end gmend --winner sparta
has "says which" "$T/err" "no such side"
expect 0 "game end" nv --now "$NOW" game end gmend --winner athens \
    --reason "persia left the campaign"
has "says so" "$T/err" "game gmend is over on turn 1, won by athens"
expect 1 "game end twice" nv --now "$NOW" game end gmend --draw
has "refused" "$T/err" "has ended already"
verified gmend "ended on turn 1 by decision: won by athens (persia left the campaign)"
[ "$(sql "SELECT details FROM notices WHERE game = 'gmend' AND
    kind = 'ended'")" = how=gm ] && ok || bad "gmend: no final-mail notice"

# --- the rules: the turn limit -------------------------------------------------
sed 's/turn-limit="8"/turn-limit="1"/' "$SCENARIO" > "$T/short.xml"
game rules "$T/short.xml"
expect 0 "rules: the last turn" nv --now "$NOW" adjudicate rules --force
has "rules: over" "$T/err" "the game is over"
verified rules "identical: turns 1 to 2"
lacks "rules: no decision in the archive" "$T/rules.xml" "<end "
has "rules: version 1" "$T/rules.xml" 'version="1"'
[ "$(sql "SELECT details FROM notices WHERE game = 'rules' AND
    kind = 'ended'")" = how=rules ] && ok || bad "rules: no final-mail notice"

# --- a game ended before navarch recorded decisions still verifies ------------
sql "UPDATE audit SET details = 'turn 1: drawn by agreement of every side on turn 1'
    WHERE game = 'drawn' AND action = 'game-end'" >/dev/null
expect 0 "an old draw: replay --verify" nv replay drawn --verify
has "identical, the result as stored" "$T/out" \
    "replay of drawn: identical.*ended on turn 1 by decision: drawn"
# An archive of version 1, without <end>, as navarch wrote them.
sed -e 's/version="2"/version="1"/' -e '/<end /d' "$T/drawn.xml" > "$T/old.xml"
expect 0 "an old archive: replay --verify" "$NAVARCH" replay --archive \
    "$T/old.xml" --verify
has "identical" "$T/out" "replay of drawn: identical"

# --- a result changed by hand is found ---------------------------------------
sql "UPDATE states SET xml = replace(xml, 'winner=\"persia\"', 'winner=\"athens\"')
    WHERE game = 'conceded' AND turn = 2" >/dev/null
expect 1 "a changed winner" nv replay conceded --verify
has "the state differs" "$T/out" "DIFFERENT: turn 2: the state at the start"
# An archive whose <end> names no side.
sed 's/winner="persia"/winner="sparta"/' "$T/conceded.xml" > "$T/bad.xml"
expect 1 "an end won by no side" "$NAVARCH" replay --archive "$T/bad.xml" \
    --verify
has "says so" "$T/out" "won by sparta, which is no side"
sed 's/result="won"/result="lost"/' "$T/conceded.xml" > "$T/bad.xml"
expect 2 "an end of no kind" "$NAVARCH" replay --archive "$T/bad.xml" \
    --verify
has "names the legal ones" "$T/err" 'result="lost">: legal: drawn, won'

finish
