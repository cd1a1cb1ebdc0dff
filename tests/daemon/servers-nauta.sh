#!/usr/bin/env bash
# tests/daemon/servers-nauta.sh: a whole Nauta game by mail, navarchd end to
# end against the real mail servers (issue 13): the duel of orders/nauta/,
# under fog of war, created with navarch game create --scenario; the two
# players mail their orders over SMTP turn after turn, navarchd --once
# reads them over IMAP, acknowledges each with the orders as understood,
# plays the turn and mails every side and the GM a report in Nauta's
# words (the ship table, the losses against a third, the order template
# in Nauta's grammar, the map); the game ends after turn 4, its report in
# the final mail, and navarch replay --verify finds every turn identical.
#
# Needs root, postfix, dovecot-imapd, openssl and python3; without them
# exit 77 with what to install (with CI=true a failure).
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR.
. "$(dirname "$0")/../cli/lib.sh"
BOXES="navarch athens syracuse gm"
. "$(dirname "$0")/servers-lib.sh"

printf 'owls-of-athena\n' >"$T/pw-athens"
printf 'arethusa-spring\n' >"$T/pw-syracuse"
printf 'umpire\n' >"$T/pw-gm"
write_conf
# The duel under fog of war: a side sees 6 hexes around its ships.
sed 's|</title>|</title>\n  <settings visibility="6"/>|' \
    "$SRC/orders/nauta/duel.xml" >"$T/duel.xml"

expect 0 "init" nv init
# The seed with which the example's orders stay legal to the end
# (tests/cli/nauta.sh): athens wins after turn 4.
expect 0 "game create" nv game create duel --scenario "$T/duel.xml" \
    --seed s8 --gm gm@example.org --gm-password-file "$T/pw-gm"
expect 0 "player athens" nv player add duel athens athens@example.org \
    --password-file "$T/pw-athens"
expect 0 "player syracuse" nv player add duel syracuse \
    syracuse@example.org --password-file "$T/pw-syracuse"

# order_mail TURN SIDE: the example's order file, with the game and the
# password, wrapped in a mail (send_orders sends it).
order_mail() {
	{
		printf 'GAME duel\nPASSWORD %s\n' "$(cat "$T/pw-$2")"
		cat "$SRC/orders/nauta/duel-turn$1-$2.txt"
	} | write_order_mail "$1" "$2"
}

for turn in 1 2 3 4; do
	send_orders "$turn" athens
	send_orders "$turn" syracuse
	wait_count navarch "$inbox" || true
	cycle "turn $turn" "2026-12-0${turn}T12:00Z" "$turn"
	for who in athens syracuse; do
		expect_mail "$who's turn $turn acknowledgement" "$who" \
		    "\[navarch duel\] Re: Orders for turn $turn" \
		    "Orders accepted for turn $turn"
	done
	# The last turn's report comes in the final mail (docs/mail-commands.md,
	# "The end of a game").
	subj="\[navarch duel\] Turn $turn report\$"
	[ "$turn" -lt 4 ] || subj='\[navarch duel\] Game over: won by athens$'
	for who in athens syracuse gm; do
		expect_mail "turn $turn report for $who" "$who" \
		    "$subj" "NAVARCH -- turn $turn"
	done
	# A side's table in Nauta's columns, its losses against its third.
	expect_mail "athens's ship table, turn $turn" athens \
	    "$subj" "Face Spd Max Sold Dmg Dash"
	expect_mail "athens's losses, turn $turn" athens "$subj" "^athens has lost"
done

# The acknowledgement echoes the orders as understood, in Nauta's grammar.
expect_mail "the ack echoes hermes's turn" athens \
    '\[navarch duel\] Re: Orders for turn 1' 'SHIP hermes SPEED 4 MOVE L F F F'
expect_mail "the ack echoes lower-case orders normalised" syracuse \
    '\[navarch duel\] Re: Orders for turn 1' 'SHIP anapos SPEED 3 MOVE L F F'
# The order template speaks Nauta (turns 1-3; the game ends with turn 4).
expect_mail "turn 1's order template" athens \
    '\[navarch duel\] Turn 1 report$' 'SPEED n DASH; SPEED 0 MOVE B'
expect_mail "the template's lines are Nauta orders" athens \
    '\[navarch duel\] Turn 1 report$' '^SHIP paralos SPEED 4 MOVE F F F F'
# A Nauta sentence of what binds a ship.
expect_mail "paralos's detail" athens \
    '\[navarch duel\] Turn 1 report$' 'paralos: maximum speed 6'
# Fog of war: during the game a side sees its own losses, not the enemy's.
[ "$(mails_matching athens 'Turn 1 report' '^syracuse has lost')" -eq 0 ] &&
    ok || bad "athens's turn 1 report tells syracuse's losses under fog"
expect_mail "the GM sees both sides' losses" gm \
    '\[navarch duel\] Turn 1 report$' '^syracuse has lost'
# The end, told to all in the final mail, which no turn 4 report repeats.
for who in athens syracuse gm; do
	expect_mail "the end, for $who" "$who" \
	    '\[navarch duel\] Game over: won by athens$' \
	    'The game is over: athens wins'
	[ "$(mails_matching "$who" '\[navarch duel\] Turn 4 report' .)" -eq 0 ] &&
	    ok || bad "$who got a turn 4 report beside the final mail"
done
expect 0 "game show" nv game show duel
has "the game has ended" "$T/out" "status *ended"
expect 0 "replay --verify" nv replay duel --verify
has "every turn identical" "$T/out" "identical"
finish
