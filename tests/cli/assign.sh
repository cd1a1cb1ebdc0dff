#!/usr/bin/env bash
# tests/cli/assign.sh: no change of command, by mail or by the GM, at any
# moment, leaves a turn that cannot be played (issue 14, item 2).  Each
# moment on a fresh game of the demo battle with a squadron (van: nike,
# paralos) and two players of Athens: before any order, after some,
# after all, after the deadline, and after a rollback past a change that
# took effect.  The admiral's ASSIGN by mail waits for the next turn and
# the orders sent stand; the GM's at once rewrites the orders in force
# without the moved ships; the players are told (a notice each time);
# every turn is then played without --force where the deadline allows.
# The admiral's mail at each moment (m9 before any order, m10 after some,
# m3 after all, m11 after the deadline), the GM's at once at each (m1,
# m2, m12, m4) and by mail without NOW (m13, waiting as the admiral's),
# and a waiting change overtaken by the GM's at once (m14).
. "$(dirname "$0")/lib.sh"

mail_setup athens athens-2 persia gm
. "$(dirname "$0")/lib-command.sh"
printf 'SIDE athens\nSHIP nike SPEED 2\nSHIP paralos SPEED 2\nSHIP salaminia SPEED 1\n' > "$T/athens.txt"
printf 'SIDE athens\nSQUADRON van SPEED 2\nSHIP salaminia SPEED 1\n' > "$T/athens-sq.txt"

game() {
	command_game "$1"
}

# commander GAME SHIP: the player the store gives the ship by name.
commander() {
	sql "SELECT player FROM player_ships WHERE game = '$1' AND ship = '$2'"
}

nv init >/dev/null

# --- before any order: the GM's change at once --------------------------
game m1
expect 0 "m1: player assign" nv --now "$BEFORE" player assign m1 athens-2 nike
has "m1: says from when" "$T/out" "athens-2 takes command of nike from the start of turn 1"
[ "$(commander m1 nike)" = athens-2 ] && ok || bad "m1: nike is not athens-2's"
[ "$(notices m1 athens-2)" = 1 ] && ok || bad "m1: no notice"
expect 2 "m1: athens may not order nike" nv orders submit m1 athens "$T/athens.txt"
has "m1: the error names nike" "$T/err" "nike is not yours to order"
expect 0 "m1: the turn is played" nv --now "$AFTER" adjudicate m1

# --- after some orders: the GM's at once rewrites athens's set ------------
game m2
expect 0 "m2: athens's orders" nv orders submit m2 athens "$T/athens.txt"
expect 0 "m2: player assign" nv --now "$BEFORE" player assign m2 athens-2 nike --reason "athens is slow"
has "m2: the set rewritten" "$T/out" "orders in force rewritten: athens"
in_force m2 athens > "$T/m2.txt"
lacks "m2: nike's line gone" "$T/m2.txt" "nike"
has "m2: paralos's line kept" "$T/m2.txt" "SHIP paralos SPEED 2"
has "m2: salaminia's line kept" "$T/m2.txt" "SHIP salaminia SPEED 1"
[ "$(sql "SELECT reason FROM notices WHERE game = 'm2' AND kind = 'reassigned'")" = "athens is slow" ] &&
    ok || bad "m2: the reason is not in the notice"
expect 0 "m2: persia's orders" nv orders submit m2 persia "$T/persia.txt"
expect 0 "m2: athens-2's orders" nv orders submit m2 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP nike SPEED 1'
expect 0 "m2: the turn is played without --force" nv --now "$BEFORE" adjudicate m2

# --- after all orders: the admiral's ASSIGN waits for turn 2 -------------
game m3
expect 0 "m3: athens's orders" nv orders submit m3 athens "$T/athens.txt"
expect 0 "m3: athens-2's empty set" nv orders submit m3 athens-2 /dev/stdin <<<'PLAYER athens-2'
expect 0 "m3: persia's orders" nv orders submit m3 persia "$T/persia.txt"
mail m3 athens m3-assign "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT turn || ' ' || player FROM assignments WHERE game = 'm3' AND what = 'nike'")" = "2 athens-2" ] &&
    ok || bad "m3: the assignment is not waiting for turn 2"
[ "$(commander m3 nike)" = athens ] && ok || bad "m3: nike moved at once"
in_force m3 athens > "$T/m3.txt"
has "m3: athens's orders stand" "$T/m3.txt" "SHIP nike SPEED 2"
[ "$(notices m3 athens-2)" = 1 ] && ok || bad "m3: no notice"
expect 0 "m3: the turn is played" nv --now "$BEFORE" adjudicate m3
[ "$(sql "SELECT count(*) FROM order_sets o JOIN turn_orders t ON
    t.order_set = o.id WHERE o.game = 'm3' AND o.player = 'athens' AND
    o.normalised LIKE '%SHIP nike SPEED 2%'")" = 1 ] && ok ||
    bad "m3: athens's orders for nike were not the ones played"
[ "$(commander m3 nike)" = athens-2 ] && ok || bad "m3: nike is not athens-2's in turn 2"
[ "$(sql "SELECT count(*) FROM assignments WHERE game = 'm3'")" = 0 ] &&
    ok || bad "m3: the assignment is still pending"
expect 2 "m3: turn 2, athens may not order nike" nv orders submit m3 athens "$T/athens.txt"
expect 0 "m3: turn 2, athens-2 may" nv orders submit m3 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP nike SPEED 1'
expect 0 "m3: game show lists the squadrons" nv game show m3
has "m3: the van" "$T/out" "squadron van (side athens, 2 ships): no player"

# --- after the deadline: the GM gives the squadron at once ----------------
game m4
expect 0 "m4: athens's orders by squadron" nv orders submit m4 athens "$T/athens-sq.txt"
expect 0 "m4: squadron assign" nv --now "$AFTER" squadron assign m4 van athens-2
has "m4: both ships" "$T/out" "athens-2 takes command of nike paralos from the start of turn 1"
in_force m4 athens > "$T/m4.txt"
lacks "m4: the SQUADRON line gone" "$T/m4.txt" "van"
has "m4: salaminia's line kept" "$T/m4.txt" "SHIP salaminia SPEED 1"
expect 0 "m4: a new captain" nv player add m4 athens a3@example.org --id athens-3 --password-file "$T/pw-athens"
has "m4: takes no ship of a commanded squadron" "$T/err" "player athens-3 on side athens, a3@example.org, ships:$"
expect 0 "m4: squadron list" nv squadron list m4
has "m4: the van is athens-2's" "$T/out" "squadron van (side athens, 2 ships): athens-2"
expect 0 "m4: athens-2 orders the van by squadron" nv orders submit m4 athens-2 /dev/stdin <<<'PLAYER athens-2
SQUADRON van SPEED 1'
expect 0 "m4: the turn is played (the deadline has passed)" nv --now "$AFTER" adjudicate m4
# A ship given by name later wins over its squadron.
expect 0 "m4: nike back to athens" nv --now "$AFTER" player assign m4 athens nike
expect 0 "m4: athens orders nike" nv orders submit m4 athens /dev/stdin <<<'SIDE athens
SHIP nike SPEED 1'
expect 2 "m4: athens still may not order paralos" nv orders submit m4 athens /dev/stdin <<<'SIDE athens
SHIP paralos SPEED 1'

# --- after the deadline, by mail: the GM's ASSIGN ... NOW ----------------
game m5
expect 0 "m5: athens's orders" nv orders submit m5 athens "$T/athens-sq.txt"
mail m5 athens m5-now "ASSIGN SQUADRON van TO athens-2 NOW"
[ "$(sql "SELECT count(*) FROM outbox WHERE recipient = 'a@example.org' AND
    body LIKE '%only the GM may%'")" = 1 ] && ok || bad "m5: NOW not refused"
[ "$(sql "SELECT count(*) FROM squadron_commands WHERE game = 'm5'")" = 0 ] &&
    ok || bad "m5: an admiral made a change at once"
{
	printf 'From: gm@example.org\nTo: navarch@example.org\n'
	printf 'Subject: orders\nMessage-ID: <m5-gm@example.org>\n\n'
	printf 'GAME m5\nGM\nPASSWORD gm-pw\nASSIGN SQUADRON van TO athens-2 NOW\n'
} > "$T/m5-gm.eml"
expect 0 "m5: the GM's mail" "$NAVARCH" --config "$T/navarchd.conf" \
    --now "$AFTER" deliver < "$T/m5-gm.eml"
[ "$(sql "SELECT player FROM squadron_commands WHERE game = 'm5' AND squadron = 'van'")" = athens-2 ] &&
    ok || bad "m5: the van is not athens-2's"
in_force m5 athens > "$T/m5.txt"
lacks "m5: the SQUADRON line gone" "$T/m5.txt" "van"
expect 0 "m5: the turn is played" nv --now "$AFTER" adjudicate m5

# --- a rollback past a change that took effect ----------------------------
game m6
expect 0 "m6: athens's orders" nv orders submit m6 athens "$T/athens.txt"
expect 0 "m6: persia's orders" nv orders submit m6 persia "$T/persia.txt"
expect 0 "m6: --next-turn" nv --now "$BEFORE" player assign m6 athens-2 nike --next-turn
has "m6: from turn 2" "$T/out" "from the start of turn 2"
[ "$(commander m6 nike)" = athens ] && ok || bad "m6: nike moved at once"
expect 0 "m6: turn 1 played" nv --now "$AFTER" adjudicate m6
[ "$(commander m6 nike)" = athens-2 ] && ok || bad "m6: nike not moved at turn 2"
expect 0 "m6: rollback to turn 1" nv --now "$AFTER" rollback m6 1 --reason "a mistake"
in_force m6 athens > "$T/m6.txt"
lacks "m6: turn 1's set made legal again" "$T/m6.txt" "nike"
[ "$(sql "SELECT count(*) FROM notices WHERE game = 'm6' AND
    kind = 'orders' AND player = 'athens' AND
    reason LIKE '%changed since the turn was first played%'")" = 1 ] &&
    ok || bad "m6: athens is not told his orders were rewritten"
# athens-2 has sent nothing for nike: the rollback left no deadline.
expect 0 "m6: turn 1 played again" nv --now "$AFTER" adjudicate m6 --force
for g in m2 m3 m4 m5 m6; do
	expect 0 "$g: replay --verify" nv replay "$g" --verify
	has "$g: identical" "$T/out" "replay of $g: identical"
done

# --- a GM's correction that gives a ship to the other side ----------------
game m8
expect 0 "m8: the van to athens-2" nv --now "$BEFORE" squadron assign m8 van athens-2
expect 0 "m8: athens's orders" nv orders submit m8 athens /dev/stdin <<<'SIDE athens
SHIP salaminia SPEED 1'
expect 0 "m8: athens-2's orders by squadron" nv orders submit m8 athens-2 /dev/stdin <<<'PLAYER athens-2
SQUADRON van SPEED 2'
expect 0 "m8: salaminia changes sides" nv ship set m8 salaminia side=persia
has "m8: the set rewritten" "$T/err" "rewritten without the lines no longer legal: athens$"
in_force m8 athens > "$T/m8.txt"
lacks "m8: salaminia's line gone" "$T/m8.txt" "salaminia"
in_force m8 athens-2 > "$T/m8.txt"
has "m8: athens-2's squadron line kept" "$T/m8.txt" "SQUADRON van SPEED 2"
expect 0 "m8: the turn is played" nv --now "$AFTER" adjudicate m8
expect 0 "m8: replay --verify" nv replay m8 --verify

# --- the admiral's ASSIGN by mail before any order -----------------------
# It waits for turn 2: in turn 1 nike is still athens's to order, and
# athens-2 may not order it yet.
game m9
mail m9 athens m9-assign "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT turn || ' ' || player FROM assignments WHERE game = 'm9' AND what = 'nike'")" = "2 athens-2" ] &&
    ok || bad "m9: the assignment is not waiting for turn 2"
[ "$(notices m9 athens-2)" = 1 ] && ok || bad "m9: athens-2 is not told"
expect 2 "m9: athens-2 may not order nike yet" nv orders submit m9 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP nike SPEED 1'
has "m9: the error names nike" "$T/err" "nike is not yours to order"
expect 0 "m9: athens orders nike in turn 1" nv orders submit m9 athens "$T/athens.txt"
expect 0 "m9: persia's orders" nv orders submit m9 persia "$T/persia.txt"
expect 0 "m9: the turn is played without --force" nv --now "$BEFORE" adjudicate m9
[ "$(commander m9 nike)" = athens-2 ] && ok || bad "m9: nike is not athens-2's in turn 2"

# --- the admiral's ASSIGN by mail after some orders ------------------------
# athens's set (nike in it) stands and may still be sent again in turn 1.
game m10
expect 0 "m10: athens's orders" nv orders submit m10 athens "$T/athens.txt"
mail m10 athens m10-assign "ASSIGN SHIP nike TO athens-2"
in_force m10 athens > "$T/m10.txt"
has "m10: athens's orders stand" "$T/m10.txt" "SHIP nike SPEED 2"
expect 0 "m10: athens sends his orders again, nike in them" nv orders submit m10 athens /dev/stdin <<<'SIDE athens
SHIP nike SPEED 1
SHIP paralos SPEED 2
SHIP salaminia SPEED 1'
expect 0 "m10: persia's orders" nv orders submit m10 persia "$T/persia.txt"
expect 0 "m10: the turn is played without --force" nv --now "$BEFORE" adjudicate m10
[ "$(sql "SELECT count(*) FROM order_sets o JOIN turn_orders t ON
    t.order_set = o.id WHERE o.game = 'm10' AND o.player = 'athens' AND
    o.normalised LIKE '%SHIP nike SPEED 1%'")" = 1 ] && ok ||
    bad "m10: athens's second set was not the one played"
[ "$(commander m10 nike)" = athens-2 ] && ok || bad "m10: nike is not athens-2's in turn 2"

# --- the admiral's ASSIGN by mail after the deadline, before the turn ------
game m11
expect 0 "m11: athens's orders" nv orders submit m11 athens "$T/athens.txt"
WHEN=$AFTER mail m11 athens m11-assign "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT turn || ' ' || player FROM assignments WHERE game = 'm11' AND what = 'nike'")" = "2 athens-2" ] &&
    ok || bad "m11: the assignment is not waiting for turn 2"
[ "$(commander m11 nike)" = athens ] && ok || bad "m11: nike moved at once"
expect 0 "m11: the turn is played (the deadline has passed)" nv --now "$AFTER" adjudicate m11
[ "$(commander m11 nike)" = athens-2 ] && ok || bad "m11: nike is not athens-2's in turn 2"

# --- the GM's change at once after every order is in -----------------------
game m12
expect 0 "m12: athens's orders" nv orders submit m12 athens "$T/athens.txt"
expect 0 "m12: athens-2's empty set" nv orders submit m12 athens-2 /dev/stdin <<<'PLAYER athens-2'
expect 0 "m12: persia's orders" nv orders submit m12 persia "$T/persia.txt"
expect 0 "m12: player assign at once" nv --now "$BEFORE" player assign m12 athens-2 nike
has "m12: the set rewritten" "$T/out" "orders in force rewritten: athens"
in_force m12 athens > "$T/m12.txt"
lacks "m12: nike's line gone" "$T/m12.txt" "nike"
expect 0 "m12: the turn is played without --force" nv --now "$BEFORE" adjudicate m12
expect 0 "m12: replay --verify" nv replay m12 --verify

# --- the GM's ASSIGN by mail without NOW waits as the admiral's -----------
game m13
expect 0 "m13: athens's orders" nv orders submit m13 athens "$T/athens.txt"
mail m13 gm m13-gm "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT turn || ' ' || player FROM assignments WHERE game = 'm13' AND what = 'nike'")" = "2 athens-2" ] &&
    ok || bad "m13: the GM's assignment is not waiting for turn 2"
in_force m13 athens > "$T/m13.txt"
has "m13: athens's orders stand" "$T/m13.txt" "SHIP nike SPEED 2"
expect 0 "m13: persia's orders" nv orders submit m13 persia "$T/persia.txt"
expect 0 "m13: the turn is played without --force" nv --now "$BEFORE" adjudicate m13
[ "$(commander m13 nike)" = athens-2 ] && ok || bad "m13: nike is not athens-2's in turn 2"

# --- a waiting assignment, then the GM's change of the same ship at once ---
game m14
expect 0 "m14: athens's orders" nv orders submit m14 athens "$T/athens.txt"
mail m14 athens m14-assign "ASSIGN SHIP nike TO athens-2"
expect 0 "m14: the GM at once" nv --now "$BEFORE" player assign m14 athens-2 nike
[ "$(commander m14 nike)" = athens-2 ] && ok || bad "m14: nike is not athens-2's at once"
in_force m14 athens > "$T/m14.txt"
lacks "m14: nike's line gone" "$T/m14.txt" "nike"
expect 0 "m14: athens-2 orders nike" nv orders submit m14 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP nike SPEED 1'
expect 0 "m14: persia's orders" nv orders submit m14 persia "$T/persia.txt"
expect 0 "m14: the turn is played without --force" nv --now "$BEFORE" adjudicate m14
[ "$(commander m14 nike)" = athens-2 ] && ok || bad "m14: nike is not athens-2's in turn 2"
expect 0 "m14: turn 2, athens-2 orders nike" nv orders submit m14 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP nike SPEED 1'
for g in m9 m10 m11 m13 m14; do
	expect 0 "$g: replay --verify" nv replay "$g" --verify
	has "$g: identical" "$T/out" "replay of $g: identical"
done

# --- refused ----------------------------------------------------------------
game m7
expect 1 "m7: an enemy ship" nv player assign m7 athens-2 tyre
has "m7: names it" "$T/err" "tyre is no ship of side athens; name one of its ships"
expect 1 "m7: an unknown squadron" nv squadron assign m7 rear athens-2
has "m7: names it and the side's squadrons" "$T/err" "there is no squadron rear of side athens; squadrons: van"
expect 1 "m7: an unknown player" nv squadron assign m7 van pericles
expect 1 "m7: persia may not take an athenian squadron" nv squadron assign m7 van persia
mail m7 athens-2 m7-not-admiral "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT count(*) FROM assignments WHERE game = 'm7'")" = 0 ] &&
    ok || bad "m7: a captain assigned a ship"
[ "$(sql "SELECT count(*) FROM outbox WHERE recipient = 'a2@example.org' AND
    body LIKE '%only the admiral of side athens%'")" = 1 ] && ok ||
    bad "m7: the captain is not told why"
# A captain who commands no ship sends a mail with nothing in it (his
# template, unedited): received, nothing to order, no pointer to HELP as
# for a mail sent empty by mistake.  athens, who commands ships, gets the
# plain answer.
mail m7 athens-2 m7-nothing
[ "$(sql "SELECT count(*) FROM outbox WHERE recipient = 'a2@example.org' AND
    body LIKE '%Received: you command no ship this turn, so there was nothing to order%'")" = 1 ] &&
    ok || bad "m7: the captain without ships is not told he had nothing to order"
mail m7 athens m7-empty
[ "$(sql "SELECT count(*) FROM outbox WHERE recipient = 'a@example.org' AND
    body LIKE '%held no orders and no command%'")" = 1 ] && ok ||
    bad "m7: the admiral with ships is not told his mail held nothing"

finish
