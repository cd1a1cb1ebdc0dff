#!/usr/bin/env bash
# tests/cli/nauta.sh: a Nauta game from the command line, as a GM runs one:
# created from orders/nauta/duel.xml, two players, the example game's
# orders submitted and adjudicated turn by turn, the game's end recorded,
# and replay --verify.  Also navarch turn on the scenario with the seed
# orders/nauta/README names, which must end as it says.
. "$(dirname "$0")/lib.sh"

DUEL=$SRC/orders/nauta/duel.xml
printf 'pw\n' > "$T/pw"
expect 0 "init" nv init
# The game's dice differ from navarch turn's (the game's name is in every
# roll's label: docs/dice.md); with this seed the example's orders stay
# legal to the end.
expect 0 "create" nv game create duel --scenario "$DUEL" --seed s8
expect 0 "athens" nv player add duel athens a@example.org --password-file "$T/pw"
expect 0 "syracuse" nv player add duel syracuse s@example.org --password-file "$T/pw"

# HELP by mail speaks Nauta: its verbs, their usage and the module's own
# words for what they do (ruleset.h, nv_verb's help), nothing of classic.
mail_setup
{
	printf 'From: a@example.org\nTo: navarch@example.org\n'
	printf 'Subject: help\nMessage-ID: <help@example.org>\n\n'
	printf 'GAME duel\nPLAYER athens\nPASSWORD pw\nHELP SHOOT\nHELP ORDERS\n'
} > "$T/help.eml"
expect 0 "HELP by mail" "$NAVARCH" --config "$T/navarchd.conf" deliver \
    < "$T/help.eml"
sql "SELECT body FROM outbox WHERE recipient = 'a@example.org' AND
    subject LIKE '%Re: help%'" > "$T/help.txt"
has "HELP SHOOT's usage" "$T/help.txt" "^HELP SHOOT: SHOOT START|END|NONE"
has "what SHOOT does" "$T/help.txt" "When a ship with Balistae shoots"
has "what SPEED does, Nauta's way" "$T/help.txt" "number of its steps"
lacks "no classic verb" "$T/help.txt" "FIRE\|RAKE\|Missiles"
expect 0 "map" nv map duel
has "the map names the scenario" "$T/out" "great harbour of Syracuse"
for turn in 1 2 3 4; do
	expect 0 "turn $turn: athens' orders" nv orders submit duel athens \
	    "$SRC/orders/nauta/duel-turn$turn-athens.txt"
	expect 0 "turn $turn: syracuse's orders" nv orders submit duel \
	    syracuse "$SRC/orders/nauta/duel-turn$turn-syracuse.txt"
	expect 0 "turn $turn" nv adjudicate duel
done
has "the events of turn 4" "$T/out" "Turn 4 ends."
has "athens wins" "$T/out" "a side lost a third of its fleet: athens lost 31 of 121 points"
expect 0 "show" nv game show duel
has "the game is over" "$T/out" "status *ended"
expect 1 "no turn after the end" nv adjudicate duel --force
expect 0 "replay" nv replay duel --verify
has "replay identical" "$T/out" "identical"

# Illegal orders are refused with the reason and what is legal.
printf 'SIDE athens\nSHIP paralos SPEED 7\n' > "$T/bad.txt"
expect 2 "check-orders refuses" "$NAVARCH" check-orders "$DUEL" "$T/bad.txt"
has "why and what is legal" "$T/err" "SHIP paralos SPEED 7: a triremis may write 0-6 (its maximum speed)"

# navarch turn, four turns with --seed duel: the end orders/nauta/README
# tells (a tie: both sides lost a third).
cp "$DUEL" "$T/s1.xml"
for turn in 1 2 3 4; do
	expect 0 "navarch turn $turn" "$NAVARCH" turn "$T/s$turn.xml" \
	    "$SRC/orders/nauta/duel-turn$turn-athens.txt" \
	    "$SRC/orders/nauta/duel-turn$turn-syracuse.txt" --seed duel
	cp "$T/out" "$T/s$((turn + 1)).xml"
done
has "a tie" "$T/s5.xml" 'result status="drawn"'
has "athens' losses" "$T/s5.xml" "athens lost 116 of 121 points"
finish
