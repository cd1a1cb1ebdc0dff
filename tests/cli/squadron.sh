#!/usr/bin/env bash
# tests/cli/squadron.sh: squadrons the GM adds (navarch squadron add) and
# ships moved between squadrons (ASSIGN SHIP s TO SQUADRON q by mail,
# navarch squadron join) at every moment of a turn: before any order,
# after some, after all, after the deadline (issue 14, items 1 and 2).
# The demo battle with a squadron van (nike, paralos) commanded by
# athens-2, and a squadron rear added by the GM for athens, the admiral.
# A move by mail waits for the next turn (orders sent stand), the GM's
# NOW is at once; every turn is then played, and replays identical.  The
# admiral's ASSIGN SQUADRON q STANDING order is what a missed captain's
# ships do (item 4's station-keeping defaults).
. "$(dirname "$0")/lib.sh"

mail_setup athens athens-2 persia syracuse gm
. "$(dirname "$0")/lib-command.sh"
printf 'SIDE athens\nSHIP salaminia SPEED 1\n' > "$T/athens.txt"
printf 'PLAYER athens-2\nSQUADRON van SPEED 2\n' > "$T/athens-2.txt"

# game ID: command_game, with the van given to athens-2 and a squadron
# rear added for athens (salaminia is athens's by name).
game() {
	command_game "$1"
	nv --now "$BEFORE" squadron assign "$1" van athens-2 >/dev/null
	nv --now "$BEFORE" squadron add "$1" athens rear --name "The rear" \
	    >/dev/null 2>&1
	nv --now "$BEFORE" squadron assign "$1" rear athens >/dev/null
}

# answer ADDRESS PATTERN: a mail to ADDRESS matches the SQL LIKE pattern.
answer() {
	sql "SELECT count(*) FROM outbox WHERE recipient = '$1' AND
	    body LIKE '$2'"
}

# squadron_of GAME SHIP: the ship's squadron in the game's live state.
squadron_of() {
	nv export "$1" 2>/dev/null | sed -n "s/.*<ship id=\"$2\".* squadron=\"\([a-z0-9_-]*\)\".*/\1/p"
}

pending() {
	sql "SELECT turn || ' ' || ship || ' ' || squadron FROM squadron_moves
	    WHERE game = '$1'"
}

nv init >/dev/null

# --- squadron add -----------------------------------------------------------
game a1
expect 0 "a1: squadron add with a standing order" nv --now "$BEFORE" \
    squadron add a1 persia wing --name "The wing" --standing "speed 2 move f f"
has "a1: says so" "$T/out" "squadron wing added to side persia in turn 1; standing order: SPEED 2 MOVE F F (audited)"
nv export a1 > "$T/a1.xml"
has "a1: rear in the state" "$T/a1.xml" '<squadron id="rear" side="athens" name="The rear"/>'
has "a1: wing in the state" "$T/a1.xml" '<squadron id="wing" side="persia" name="The wing" standing="SPEED 2 MOVE F F"/>'
expect 2 "a1: a squadron of that id already" nv squadron add a1 athens van
has "a1: says which" "$T/err" "game has a squadron van already"
expect 2 "a1: an unknown side" nv squadron add a1 sparta left
has "a1: lists the sides" "$T/err" "there is no side sparta; sides: athens, persia"
expect 2 "a1: an illegal standing order" nv squadron add a1 athens left --standing "FLY AWAY"
has "a1: says what is legal" "$T/err" "FLY is no order for a ship; legal: SPEED, MOVE"
expect 2 "a1: a bad id" nv squadron add a1 athens "Left Wing"
expect 64 "a1: no id" nv squadron add a1 athens
nv export a1 > "$T/a1-after.xml"
same "a1: nothing changed by the refusals" "$T/a1.xml" "$T/a1-after.xml"
expect 0 "a1: squadron list" nv squadron list a1
has "a1: rear is athens's" "$T/out" "squadron rear (side athens, 0 ships): athens"
has "a1: wing has no player" "$T/out" "squadron wing (side persia, 0 ships): no player"
has "a1: no change to come" "$T/out" "^  none$"
expect 0 "a1: game show" nv game show a1
has "a1: game show lists wing" "$T/out" "squadron wing (side persia, 0 ships)"
has "a1: game show, athens-2's squadron" "$T/out" "^    squadrons: van$"
expect 0 "a1: player list" nv player list a1
has "a1: player list, athens's squadron" "$T/out" "^    squadrons: rear$"
has "a1: player list, athens-2's squadron" "$T/out" "^    squadrons: van$"
[ "$(sql "SELECT count(*) FROM audit WHERE game = 'a1' AND
    action = 'squadron-set'")" = 2 ] && ok || bad "a1: not audited"
# The persian ships join the wing at once; they take its standing order.
expect 0 "a1: tyre and sidon join the wing" nv --now "$BEFORE" squadron join a1 wing tyre sidon
has "a1: says from when" "$T/out" "tyre sidon join squadron wing from the start of turn 1"
[ "$(squadron_of a1 tyre)" = wing ] && ok || bad "a1: tyre is not in the wing"
expect 0 "a1: athens's orders" nv orders submit a1 athens "$T/athens.txt"
expect 0 "a1: athens-2's orders" nv orders submit a1 athens-2 "$T/athens-2.txt"
expect 0 "a1: persia orders azes only" nv orders submit a1 persia /dev/stdin <<<'SIDE persia
SHIP azes SPEED 1'
expect 0 "a1: the turn is played" nv --now "$AFTER" adjudicate a1
nv export a1 > "$T/a1-2.xml"
has "a1: tyre took the wing's standing order" "$T/a1-2.xml" '<ship id="tyre" .*speed="2"'
has "a1: azes its own order" "$T/a1-2.xml" '<ship id="azes" .*speed="1"'

expect 0 "a1: replay --verify" nv replay a1 --verify
has "a1: identical" "$T/out" "replay of a1: identical"
# The archive of a game with a squadron's correction is version 3 (an
# older navarch refuses it by its version), and replays the same.
expect 0 "a1: seed revealed" nv seed reveal a1
expect 0 "a1: archive" nv export a1 --archive "$T/a1-archive.xml"
has "a1: archive version 3" "$T/a1-archive.xml" '<navarch-archive version="3"'
has "a1: the squadron's correction" "$T/a1-archive.xml" '<fix turn="1" squadron="wing">'
expect 0 "a1: replay --archive" "$NAVARCH" replay --archive "$T/a1-archive.xml" --verify
has "a1: the archive is identical" "$T/out" "replay of a1: identical"

# --- before any order: the admiral's move waits for turn 2 ----------------
game j1
mail j1 athens j1-move "ASSIGN SHIP paralos TO SQUADRON rear"
[ "$(pending j1)" = "2 paralos rear" ] && ok || bad "j1: the move is not waiting for turn 2"
[ "$(squadron_of j1 paralos)" = van ] && ok || bad "j1: paralos moved at once"
[ "$(answer a@example.org '%ASSIGN: paralos joins squadron rear from the start of turn 2%')" = 1 ] &&
    ok || bad "j1: the admiral is not answered"
[ "$(notices j1 athens)" = 1 ] && ok || bad "j1: no notice"
expect 0 "j1: squadron list shows it" nv squadron list j1
has "j1: to come" "$T/out" "from turn 2: ship paralos into squadron rear"
expect 0 "j1: athens-2 orders the van, paralos too" nv orders submit j1 athens-2 "$T/athens-2.txt"
expect 2 "j1: athens may not order paralos yet" nv orders submit j1 athens /dev/stdin <<<'SIDE athens
SHIP paralos SPEED 1'
expect 0 "j1: athens's orders" nv orders submit j1 athens "$T/athens.txt"
expect 0 "j1: persia's orders" nv orders submit j1 persia "$T/persia.txt"
expect 0 "j1: the turn is played without --force" nv --now "$BEFORE" adjudicate j1
[ "$(squadron_of j1 paralos)" = rear ] && ok || bad "j1: paralos is not in the rear in turn 2"
[ -z "$(pending j1)" ] && ok || bad "j1: the move is still pending"
expect 2 "j1: turn 2, athens-2 may not order paralos" nv orders submit j1 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP paralos SPEED 1'
expect 0 "j1: turn 2, athens orders the rear" nv orders submit j1 athens /dev/stdin <<<'SIDE athens
SQUADRON rear SPEED 1'

# --- after some orders: the orders sent stand --------------------------------
game j2
expect 0 "j2: athens-2's orders" nv orders submit j2 athens-2 "$T/athens-2.txt"
in_force j2 athens-2 > "$T/j2-before.txt"
mail j2 athens j2-move "ASSIGN SHIP paralos TO SQUADRON rear"
in_force j2 athens-2 > "$T/j2-after.txt"
same "j2: athens-2's orders stand" "$T/j2-before.txt" "$T/j2-after.txt"
[ "$(notices j2 athens)" = 1 ] && ok || bad "j2: no notice"
expect 0 "j2: athens's orders" nv orders submit j2 athens "$T/athens.txt"
expect 0 "j2: persia's orders" nv orders submit j2 persia "$T/persia.txt"
expect 0 "j2: the turn is played" nv --now "$BEFORE" adjudicate j2
[ "$(squadron_of j2 paralos)" = rear ] && ok || bad "j2: paralos is not in the rear"

# --- after all orders -----------------------------------------------------------
game j3
expect 0 "j3: athens's orders" nv orders submit j3 athens "$T/athens.txt"
expect 0 "j3: athens-2's orders" nv orders submit j3 athens-2 "$T/athens-2.txt"
expect 0 "j3: persia's orders" nv orders submit j3 persia "$T/persia.txt"
mail j3 athens j3-move "ASSIGN SHIP paralos TO SQUADRON rear"
[ "$(pending j3)" = "2 paralos rear" ] && ok || bad "j3: the move is not waiting"
expect 0 "j3: the turn is played" nv --now "$BEFORE" adjudicate j3
[ "$(squadron_of j3 paralos)" = rear ] && ok || bad "j3: paralos is not in the rear"
[ "$(sql "SELECT count(*) FROM order_sets o JOIN turn_orders t ON
    t.order_set = o.id WHERE o.game = 'j3' AND o.player = 'athens-2' AND
    o.text LIKE '%SQUADRON van SPEED 2%'")" = 1 ] && ok ||
    bad "j3: athens-2's orders were not the ones played"

# --- after the deadline: the GM's NOW by mail -----------------------------------
game j4
expect 0 "j4: athens-2's orders" nv orders submit j4 athens-2 "$T/athens-2.txt"
WHEN=$AFTER mail j4 athens j4-now "ASSIGN SHIP paralos TO SQUADRON rear NOW"
[ "$(answer a@example.org '%only the GM may move a%ship at once (NOW)%')" = 1 ] &&
    ok || bad "j4: the admiral's NOW is not refused"
WHEN=$AFTER mail j4 gm j4-gm "ASSIGN SHIP paralos TO SQUADRON rear NOW"
[ "$(squadron_of j4 paralos)" = rear ] && ok || bad "j4: paralos did not move at once"
[ -z "$(pending j4)" ] && ok || bad "j4: a move at once is pending"
[ "$(notices j4 athens)" = 1 ] && ok || bad "j4: athens is not told"
in_force j4 athens-2 > "$T/j4.txt"
has "j4: the van's line stands (nike)" "$T/j4.txt" "SQUADRON van SPEED 2"
expect 0 "j4: athens orders paralos in this turn" nv orders submit j4 athens /dev/stdin <<<'SIDE athens
SHIP paralos SPEED 1
SHIP salaminia SPEED 1'
expect 0 "j4: the turn is played (the deadline has passed)" nv --now "$AFTER" adjudicate j4

# --- the GM at once with navarch, after the van's orders ----------------------------
game j5
expect 0 "j5: athens-2's orders by squadron" nv orders submit j5 athens-2 /dev/stdin <<<'PLAYER athens-2
SQUADRON van SPEED 2
SHIP paralos SPEED 1'
expect 0 "j5: squadron join at once" nv --now "$BEFORE" squadron join j5 rear paralos --reason "athens-2 is away"
has "j5: rewritten" "$T/out" "paralos joins squadron rear from the start of turn 1; orders in force rewritten: athens-2"
in_force j5 athens-2 > "$T/j5.txt"
lacks "j5: paralos's line gone" "$T/j5.txt" "paralos"
has "j5: the van's line kept" "$T/j5.txt" "SQUADRON van SPEED 2"
[ "$(sql "SELECT reason FROM notices WHERE game = 'j5' AND kind = 'reassigned'
    AND details LIKE '%ships=paralos%'")" = "athens-2 is away" ] &&
    ok || bad "j5: the reason is not in the notice"
expect 0 "j5: --next-turn" nv --now "$BEFORE" squadron join j5 van salaminia --next-turn
has "j5: from turn 2" "$T/out" "salaminia joins squadron van from the start of turn 2"
expect 0 "j5: the turn is played" nv --now "$AFTER" adjudicate j5
[ "$(squadron_of j5 salaminia)" = van ] && ok || bad "j5: salaminia is not in the van"
[ "$(sql "SELECT player FROM player_ships WHERE game = 'j5' AND ship = 'salaminia'")" = "" ] &&
    ok || bad "j5: salaminia is still held by name"
expect 0 "j5: athens-2 orders salaminia in turn 2" nv orders submit j5 athens-2 /dev/stdin <<<'PLAYER athens-2
SHIP salaminia SPEED 1'

for g in j1 j2 j3 j4 j5; do
	expect 0 "$g: replay --verify" nv replay "$g" --verify
	has "$g: identical" "$T/out" "replay of $g: identical"
done

# --- into a squadron no player commands: the admiral, else the GM, is told -------
game u1
nv --now "$BEFORE" squadron add u1 athens left --name "The left" >/dev/null 2>&1
mail u1 athens u1-move "ASSIGN SHIP paralos TO SQUADRON left"
[ "$(pending u1)" = "2 paralos left" ] && ok || bad "u1: the move is not waiting"
[ "$(sql "SELECT count(*) FROM notices WHERE game = 'u1' AND
    kind = 'uncommanded' AND player = 'athens' AND details LIKE '%ships=paralos%squadron=left%at=2%'")" = 1 ] &&
    ok || bad "u1: no notice to the admiral"
[ "$(answer a@example.org '%No one commands paralos from turn 2%nobody%orders%them%ASSIGN%SQUADRON%left%TO%player%')" = 1 ] &&
    ok || bad "u1: the admiral is not told the ship is uncommanded and what to do"
[ "$(notices u1 athens-2)" = 1 ] && ok || bad "u1: athens-2 is not told he loses paralos"
# No admiral on the side: the GM is told.
nv --now 2026-01-01T10:00Z game create u2 --scenario "$SQ" --seed seed-u2 \
    --deadline +2d --gm gm@example.org --gm-password-file "$T/pw-gm" >/dev/null
nv player add u2 athens a@example.org --password-file "$T/pw-athens" >/dev/null 2>&1
nv player add u2 athens a2@example.org --id athens-2 --ships "" \
    --password-file "$T/pw-athens-2" >/dev/null 2>&1
nv player add u2 persia p@example.org --password-file "$T/pw-persia" >/dev/null 2>&1
expect 0 "u2: the GM moves nike into the van, which nobody commands" \
    nv --now "$BEFORE" squadron join u2 van salaminia --next-turn
[ "$(sql "SELECT count(*) FROM notices WHERE game = 'u2' AND
    kind = 'uncommanded' AND player IS NULL")" = 1 ] && ok || bad "u2: no notice for the GM"
mail u2 gm u2-status "STATUS"
[ "$(answer gm@example.org '%No one commands salaminia from turn 2%Side%athens%has%no%admiral%navarch%squadron%assign%u2%van%PLAYER%')" = 1 ] &&
    ok || bad "u2: the GM is not told the ship is uncommanded and what to do"

# --- a squadron's standing order, for a captain who misses the deadline -----------
# Without one, a missed captain's ships go straight on (the default order).
game s0
expect 0 "s0: athens's orders" nv orders submit s0 athens "$T/athens.txt"
expect 0 "s0: persia's orders" nv orders submit s0 persia "$T/persia.txt"
expect 0 "s0: athens-2 misses the deadline" nv --now "$AFTER" adjudicate s0
nv export s0 > "$T/s0.xml"
has "s0: nike straight on" "$T/s0.xml" '<ship id="nike" .*hex="0508"'
# With one set by the admiral by mail during turn 1, they take it from
# turn 2 on (nauta.md, "Big battles": the admiral's standing orders act
# from the next turn, the ruleset's command-delay): in turn 1 the missed
# captain's ships still go straight on.
standing_pending() {
	sql "SELECT turn || ' ' || squadron || ' ' || standing FROM
	    squadron_standing WHERE game = '$1'"
}
game s1
mail s1 athens s1-standing "ASSIGN SQUADRON van STANDING speed 2 move f f"
[ "$(answer a@example.org '%the standing order of squadron van is SPEED 2 MOVE F F from the%start of turn 2 on%')" = 1 ] &&
    ok || bad "s1: the admiral is not answered with the turn it acts from"
[ "$(standing_pending s1)" = "2 van SPEED 2 MOVE F F" ] && ok ||
    bad "s1: the standing order is not waiting for turn 2"
nv export s1 > "$T/s1.xml"
has "s1: not in turn 1's state" "$T/s1.xml" '<squadron id="van" side="athens" name="The van"/>'
[ "$(sql "SELECT count(*) FROM notices WHERE game = 's1' AND kind = 'standing'
    AND player = 'athens-2' AND details LIKE '%at=2%'")" = 1 ] &&
    ok || bad "s1: the van's captain has no notice saying turn 2"
[ "$(answer a2@example.org '%Your admiral (player athens) set the standing%order of your squadron van%SPEED 2 MOVE F F, from the start of turn 2%')" = 1 ] &&
    ok || bad "s1: the captain's mail does not say from which turn"
expect 0 "s1: squadron list" nv squadron list s1
has "s1: shows it to come" "$T/out" "from turn 2: squadron van standing order SPEED 2 MOVE F F"
has "s1: on the van's line" "$T/out" "squadron van (side athens, 2 ships): athens-2; standing order: SPEED 2 MOVE F F from turn 2$"
[ "$(sql "SELECT count(*) FROM audit WHERE game = 's1' AND action = 'assign'
    AND details = 'squadron van standing SPEED 2 MOVE F F from the start of turn 2'")" = 1 ] &&
    ok || bad "s1: not audited"
mail s1 athens-2 s1-captain "ASSIGN SQUADRON van STANDING SPEED 1"
[ "$(answer a2@example.org '%only the admiral of side%athens (or the GM) may set a squadron%s standing order%')" = 1 ] &&
    ok || bad "s1: a captain's is not refused"
mail s1 athens s1-illegal "ASSIGN SQUADRON van STANDING FLY AWAY"
[ "$(answer a@example.org '%FLY is no order for a ship; legal: SPEED, MOVE%')" = 1 ] &&
    ok || bad "s1: an illegal standing order is not refused with what is legal"
mail s1 persia s1-foreign "ASSIGN SQUADRON van STANDING SPEED 1"
[ "$(answer p@example.org '%there is no squadron van of%side persia%')" = 1 ] &&
    ok || bad "s1: persia may set an athenian squadron's standing order"
mail s1 athens s1-now "ASSIGN SQUADRON van STANDING SPEED 1 NOW"
[ "$(answer a@example.org '%only%the%GM%may%set%a%standing%order%at%once%(NOW)%')" = 1 ] &&
    ok || bad "s1: the admiral's NOW is not refused"
nv export s1 > "$T/s1-after.xml"
same "s1: the refusals changed nothing" "$T/s1.xml" "$T/s1-after.xml"
[ "$(standing_pending s1)" = "2 van SPEED 2 MOVE F F" ] && ok ||
    bad "s1: a refusal changed the pending order"
expect 0 "s1: athens's orders" nv orders submit s1 athens "$T/athens.txt"
expect 0 "s1: persia's orders" nv orders submit s1 persia "$T/persia.txt"
expect 0 "s1: athens-2 misses the deadline of turn 1" nv --now "$AFTER" adjudicate s1
nv export s1 > "$T/s1-2.xml"
has "s1: in turn 1, nike straight on" "$T/s1-2.xml" '<ship id="nike" .*hex="0508"'
lacks "s1: in turn 1, nike did not take it" "$T/s1-2.xml" '<ship id="nike" .*speed="2"'
has "s1: in turn 2's state" "$T/s1-2.xml" '<squadron id="van" side="athens" name="The van" standing="SPEED 2 MOVE F F"/>'
[ -z "$(standing_pending s1)" ] && ok || bad "s1: the order is still pending"
[ "$(sql "SELECT count(*) FROM audit WHERE game = 's1' AND
    action = 'squadron-set' AND details LIKE 'turn 2 squadron van%'")" = 1 ] &&
    ok || bad "s1: not audited as a correction of turn 2"
expect 0 "s1: turn 2's orders, athens" nv orders submit s1 athens "$T/athens.txt"
expect 0 "s1: turn 2's orders, persia" nv orders submit s1 persia "$T/persia.txt"
expect 0 "s1: athens-2 misses turn 2 too" nv --now "$AFTER" adjudicate s1 --force
nv export s1 > "$T/s1-3.xml"
has "s1: in turn 2, nike took the van's standing order" "$T/s1-3.xml" '<ship id="nike" .*speed="2"'
has "s1: paralos too" "$T/s1-3.xml" '<ship id="paralos" .*speed="2"'
has "s1: salaminia its own order" "$T/s1-3.xml" '<ship id="salaminia" .*speed="1"'
[ "$(sql "SELECT missed FROM players WHERE game = 's1' AND id = 'athens-2'")" = 2 ] &&
    ok || bad "s1: athens-2's missed turns are not counted"
expect 0 "s1: replay --verify" nv replay s1 --verify
has "s1: identical" "$T/out" "replay of s1: identical"
expect 0 "s1: seed revealed" nv seed reveal s1
expect 0 "s1: archive" nv export s1 --archive "$T/s1-archive.xml"
has "s1: the correction of turn 2 in the archive" "$T/s1-archive.xml" '<fix turn="2" squadron="van">'
expect 0 "s1: replay --archive" "$NAVARCH" replay --archive "$T/s1-archive.xml" --verify
has "s1: the archive is identical" "$T/out" "replay of s1: identical"
# The GM's waits too, unless NOW; NONE takes it back.
WHEN=$AFTER mail s1 gm s1-none "ASSIGN SQUADRON van STANDING NONE"
[ "$(standing_pending s1)" = "4 van " ] && ok || bad "s1: the GM's NONE is not waiting for turn 4"
[ "$(answer gm@example.org '%squadron van has no standing order from the start of turn 4%')" = 1 ] &&
    ok || bad "s1: the GM is not answered with the turn"
WHEN=$AFTER mail s1 gm s1-none-now "ASSIGN SQUADRON van STANDING NONE NOW"
nv export s1 > "$T/s1-4.xml"
lacks "s1: taken back at once" "$T/s1-4.xml" '<squadron id="van" .*standing='
[ "$(sql "SELECT count(*) FROM notices WHERE game = 's1' AND kind = 'standing'
    AND player = 'athens-2'")" = 3 ] && ok || bad "s1: the captain is not told of the GM's"
expect 0 "s1: replay --verify after the GM's" nv replay s1 --verify
has "s1: still identical" "$T/out" "replay of s1: identical"

# A rollback past the turn the order took effect discards it with that
# turn's state, as a move into a squadron (squadron_moves).
game s2
mail s2 athens s2-standing "ASSIGN SQUADRON van STANDING speed 2 move f f"
expect 0 "s2: turn 1 played" nv --now "$AFTER" adjudicate s2 --force
nv export s2 > "$T/s2-2.xml"
has "s2: in turn 2's state" "$T/s2-2.xml" '<squadron id="van" .*standing="SPEED 2 MOVE F F"'
expect 0 "s2: rollback to turn 1" nv --now "$AFTER" rollback s2 1 --reason "a mistake"
nv export s2 > "$T/s2-1.xml"
lacks "s2: gone with turn 2's state" "$T/s2-1.xml" '<squadron id="van" .*standing='
[ -z "$(standing_pending s2)" ] && ok || bad "s2: pending again after the rollback"
expect 0 "s2: turn 1 played again" nv --now "$AFTER" adjudicate s2 --force
nv export s2 > "$T/s2-2b.xml"
lacks "s2: not made again" "$T/s2-2b.xml" '<squadron id="van" .*standing='
expect 0 "s2: replay --verify" nv replay s2 --verify
has "s2: identical" "$T/out" "replay of s2: identical"

# --- RESEND of a turn whose end moved ships: the report first sent ------------------
# The report of turn 1 shows the side as turn 2 opened (the moves and the
# standing orders due then, "what binds them next turn"); RESEND makes it
# again, the same, though the turn is played again without them.
# report_of GAME ADDRESS SUBJECT: the body of the mail, without the lines
# that differ between a report and its RESEND.
report_of() {
	sql "SELECT body FROM outbox WHERE recipient = '$2' AND
	    body LIKE '%Subject: [navarch $1] $3%' ORDER BY id" |
	    grep -v '^Subject: \|^Message-ID: '
}
game e1
mail e1 athens e1-move "ASSIGN SHIP paralos TO SQUADRON rear" \
    "ASSIGN SQUADRON van STANDING speed 1"
expect 0 "e1: athens's orders" nv orders submit e1 athens "$T/athens.txt"
expect 0 "e1: athens-2's orders" nv orders submit e1 athens-2 "$T/athens-2.txt"
expect 0 "e1: persia's orders" nv orders submit e1 persia "$T/persia.txt"
WHEN=$AFTER mail e1 gm e1-process "PROCESS"
report_of e1 a2@example.org "Turn 1 report" > "$T/e1-first.txt"
has "e1: paralos is athens's in turn 2" "$T/e1-first.txt" "^A2  paralos Paralos .* athens\($\|[^-]\)"
has "e1: the van's standing order of turn 2" "$T/e1-first.txt" "Standing order: SPEED 1"
WHEN=$AFTER mail e1 athens-2 e1-resend "RESEND"
report_of e1 a2@example.org "Turn 1 report (again)" > "$T/e1-again.txt"
has "e1: resent" "$T/e1-again.txt" "NAVARCH -- turn 1 report"
same "e1: RESEND is the report first sent" "$T/e1-first.txt" "$T/e1-again.txt"
# A turn played with navarch: its reports are made when the daemon next
# runs, from the turn played again, and show turn 2's squadrons too.
game e2
mail e2 athens e2-move "ASSIGN SHIP paralos TO SQUADRON rear"
expect 0 "e2: turn 1 played with navarch" nv --now "$AFTER" adjudicate e2 --force
WHEN=$AFTER mail e2 persia e2-status "STATUS"
report_of e2 a2@example.org "Turn 1 report" > "$T/e2-first.txt"
has "e2: paralos is athens's in turn 2" "$T/e2-first.txt" "^A2  paralos Paralos .* athens\($\|[^-]\)"
lacks "e2: not athens-2's" "$T/e2-first.txt" "^A2  paralos Paralos .*  6 "

# --- the ruleset's command delay (<ruleset command-delay>) --------------------------
mkdir -p "$T/data2"
cp -R "$NAVARCH_DATADIR"/. "$T/data2/"
sed -i 's/command-delay="1"/command-delay="2"/' "$T/data2/rulesets/classic.xml"
grep -q 'command-delay="2"' "$T/data2/rulesets/classic.xml" && ok || bad "d1: no command-delay in classic.xml"
game d1
expect 0 "d1: a ruleset with command-delay 2" nv --datadir "$T/data2" --now "$BEFORE"     player assign d1 athens-2 salaminia --next-turn
has "d1: from turn 3" "$T/out" "athens-2 takes command of salaminia from the start of turn 3"
expect 0 "d1: a move waits as long" nv --datadir "$T/data2" --now "$BEFORE"     squadron join d1 van salaminia --next-turn
has "d1: from turn 3 too" "$T/out" "salaminia joins squadron van from the start of turn 3"
expect 0 "d1: turn 1 played" nv --datadir "$T/data2" --now "$AFTER" adjudicate d1
[ "$(squadron_of d1 salaminia)" = "" ] && ok || bad "d1: salaminia moved at turn 2"
[ "$(pending d1)" = "3 salaminia van" ] && ok || bad "d1: the move is not waiting for turn 3"
sed -i 's/command-delay="2"/command-delay="0"/' "$T/data2/rulesets/classic.xml"
expect 78 "d1: a command-delay out of range" nv --datadir "$T/data2" squadron list d1
has "d1: says which" "$T/err" "command-delay"

# --- Nauta: no change of command while the Admiral is killed or captured ------------
nv --now 2026-01-01T10:00Z game create n1 --scenario "$SRC/orders/nauta/duel.xml"     --seed n1 --deadline +2d --gm gm@example.org --gm-password-file "$T/pw-gm" >/dev/null
nv player add n1 athens a@example.org --admiral --password-file "$T/pw-athens" >/dev/null 2>&1
nv player add n1 athens a2@example.org --id athens-2 --ships ""     --password-file "$T/pw-athens-2" >/dev/null 2>&1
nv player add n1 syracuse s@example.org --password-file "$T/pw-syracuse" >/dev/null 2>&1
mail n1 athens n1-alive "ASSIGN SHIP nike TO athens-2"
[ "$(sql "SELECT count(*) FROM assignments WHERE game = 'n1'")" = 1 ] &&
    ok || bad "n1: the living Admiral's ASSIGN is refused"
expect 0 "n1: the Admiral is killed" nv --now "$BEFORE" ship set n1 paralos admiral=killed
mail n1 athens n1-killed "ASSIGN SHIP hermes TO athens-2"
[ "$(answer a@example.org '%the Admiral of side athens is%killed: no change of command%')" = 1 ] &&
    ok || bad "n1: the ASSIGN is not refused with the reason"
[ "$(sql "SELECT count(*) FROM assignments WHERE game = 'n1'")" = 1 ] &&
    ok || bad "n1: the ASSIGN was recorded"
expect 0 "n1: the GM still may" nv --now "$BEFORE" player assign n1 athens-2 hermes
expect 0 "n1: the Admiral is captured" nv --now "$BEFORE" ship set n1 paralos admiral=captured
mail n1 athens n1-captured "ASSIGN SHIP salaminia TO athens-2"
[ "$(answer a@example.org '%the Admiral of side athens is%captured: no change of command%')" = 1 ] &&
    ok || bad "n1: a captured Admiral's ASSIGN is not refused"
mail n1 syracuse n1-other "ASSIGN SHIP kyane TO syracuse"
[ "$(answer s@example.org '%ASSIGN: syracuse takes command of kyane%')" = 1 ] &&
    ok || bad "n1: the other side is bound too"

# --- a draw offer stands until withdrawn ---------------------------------------------
status_of() {
	sql "SELECT status FROM games WHERE id = '$1'"
}
game w1
mail w1 athens w1-draw "DRAW"
expect 0 "w1: turn 1 played" nv --now "$AFTER" adjudicate w1 --force
WHEN=$AFTER mail w1 persia w1-draw2 "DRAW"
[ "$(status_of w1)" = ended ] && ok || bad "w1: athens's offer of turn 1 did not stand in turn 2"
WHEN=$AFTER mail w1 athens w1-after "DRAW"
[ "$(answer a@example.org '%game w1 has ended, so there is nothing to draw%')" = 1 ] &&
    ok || bad "w1: a DRAW after the end is not refused"
game w2
mail w2 athens w2-withdraw-none "DRAW WITHDRAW"
[ "$(answer a@example.org '%side athens has no draw offer standing; DRAW offers%one%')" = 1 ] &&
    ok || bad "w2: a withdrawal without an offer is not refused"
mail w2 athens w2-draw "DRAW"
mail w2 athens w2-again "DRAW"
[ "$(answer a@example.org '%draw offer stands already%')" = 1 ] &&
    ok || bad "w2: a second DRAW is not told the offer stands"
[ "$(answer p@example.org '%Side athens offers a draw on turn 1 of game w2.%')" = 1 ] &&
    ok || bad "w2: persia is not told of the offer"
mail w2 athens w2-withdraw "DRAW WITHDRAW"
[ "$(answer a@example.org '%DRAW WITHDRAW: your side%s draw offer is withdrawn%')" = 1 ] &&
    ok || bad "w2: the withdrawal is not answered"
# The withdrawal is told as the offer was: the other sides' players, the GM.
[ "$(answer p@example.org '%Draw offer withdrawn%Side athens withdraws its draw offer on turn 1 of game w2.%No%draw%offer%stands%now.%')" = 1 ] &&
    ok || bad "w2: persia is not told of the withdrawal"
[ "$(answer gm@example.org '%Side athens withdraws its draw offer%')" = 1 ] &&
    ok || bad "w2: the GM is not told of the withdrawal"
[ "$(answer a2@example.org '%Side athens withdraws its draw offer%')" = 1 ] &&
    ok || bad "w2: athens-2 is not told of the withdrawal"
[ "$(answer a@example.org '%Side athens withdraws its draw offer%')" = 0 ] &&
    ok || bad "w2: the sender is told of his own withdrawal"
mail w2 persia w2-persia "DRAW"
[ "$(status_of w2)" = playing ] && ok || bad "w2: a withdrawn offer counted"
mail w2 athens w2-bad "DRAW NOW"
[ "$(answer a@example.org '%write DRAW to offer a draw, or DRAW WITHDRAW%')" = 1 ] &&
    ok || bad "w2: DRAW with a stray word is not refused with the forms"
mail w2 athens w2-concede "CONCEDE"
[ "$(status_of w2)" = ended ] && ok || bad "w2: the concession did not end the game"
mail w2 athens w2-concede-again "CONCEDE"
[ "$(answer a@example.org '%game w2 has ended, so there is nothing to concede%')" = 1 ] &&
    ok || bad "w2: a CONCEDE after the end is not refused"

# --- refused ------------------------------------------------------------------------
game r1
mail r1 athens-2 r1-captain "ASSIGN SHIP nike TO SQUADRON rear"
[ "$(answer a2@example.org '%only the admiral of side athens%may move ships between squadrons%')" = 1 ] &&
    ok || bad "r1: the captain is not told why"
mail r1 athens r1-unknown "ASSIGN SHIP nike TO SQUADRON left"
[ "$(answer a@example.org '%there is no squadron left of%side athens; squadrons: van, rear%')" = 1 ] &&
    ok || bad "r1: an unknown squadron is not refused with the list"
mail r1 athens r1-enemy "ASSIGN SHIP tyre TO SQUADRON rear"
[ "$(answer a@example.org '%tyre is no ship of side athens%')" = 1 ] &&
    ok || bad "r1: an enemy ship is not refused"
mail r1 athens r1-already "ASSIGN SHIP nike TO SQUADRON van"
[ "$(answer a@example.org '%nike is in squadron van already%')" = 1 ] &&
    ok || bad "r1: a ship in the squadron already is not refused"
mail r1 persia r1-foreign "ASSIGN SHIP azes TO SQUADRON rear"
[ "$(answer p@example.org '%there is no squadron rear of%side persia; squadrons: none%')" = 1 ] &&
    ok || bad "r1: persia may move a ship into an athenian squadron"
[ -z "$(pending r1)" ] && ok || bad "r1: a refused move is pending"
mail r1 athens r1-player "ASSIGN SHIP nike TO pericles"
[ "$(answer a@example.org '%pericles is no player of side%athens; the side%s players: athens, athens-2%')" = 1 ] &&
    ok || bad "r1: an unknown player is not refused with the side's players"
mail r1 athens-2 r1-captain2 "ASSIGN SHIP nike TO athens-2"
[ "$(answer a2@example.org '%may assign ships and squadrons; ask your admiral%')" = 1 ] &&
    ok || bad "r1: the captain is not told whom to ask"
mail r1 athens r1-ship "ASSIGN SHIP argo TO athens-2"
[ "$(answer a@example.org '%argo is no ship of side athens; name%one of its ships%')" = 1 ] &&
    ok || bad "r1: an unknown ship is not refused with what is accepted"
expect 1 "r1: squadron join of an unknown squadron" nv squadron join r1 left nike
has "r1: lists them" "$T/err" "there is no squadron left; squadrons: van, rear"

# --- a big battle seated squadron by squadron: one mail each -----------------
# The GM gives a captain four squadrons before turn 1 (orders/bigbattle/
# README): the captain, and the admiral who loses them, each get one
# "reassigned" mail listing the four, queued before their turn 1 report.
# mail_of GAME ADDRESS SUBJECT: the ids of the mails to ADDRESS whose
# subject starts with SUBJECT, one a line.
mail_of() {
	sql "SELECT id FROM outbox WHERE recipient = '$2' AND
	    body LIKE '%Subject: [navarch $1] $3%' ORDER BY id"
}
nv --now 2026-01-01T10:00Z game create bb1 --scenario \
    "$SRC/orders/bigbattle/scenario.xml" --seed seed-n1 --deadline +2d \
    --gm gm@example.org --gm-password-file "$T/pw-gm" >/dev/null
nv player add bb1 athens a@example.org --admiral --password-file \
    "$T/pw-athens" >/dev/null 2>&1
nv player add bb1 athens a2@example.org --id athens-2 --ships "" \
    --password-file "$T/pw-athens-2" >/dev/null 2>&1
nv player add bb1 corinth c@example.org --id syracuse --password-file \
    "$T/pw-syracuse" >/dev/null 2>&1
for q in a-van a-centre a-rear a-reserve; do
	expect 0 "bb1: squadron assign $q" nv --now "$BEFORE" squadron assign \
	    bb1 "$q" athens-2
done
expect 0 "bb1: turn 1 played with navarch" nv --now "$AFTER" adjudicate bb1 \
    --force
WHEN=$AFTER mail bb1 syracuse bb1-status "STATUS"
for to in a2@example.org a@example.org; do
	told=$(mail_of bb1 "$to" "Command changed from turn 1")
	report=$(mail_of bb1 "$to" "Turn 1 report")
	[ "$(printf '%s\n' "$told" | grep -c .)" = 1 ] && ok ||
	    bad "bb1: $to got $(printf '%s\n' "$told" | grep -c .) reassigned mails, not one"
	[ -n "$report" ] && [ -n "$told" ] && [ "$(printf '%s\n' "$told" | head -n 1)" -lt "$report" ] &&
	    ok || bad "bb1: $to's reassigned mail is not queued before the turn 1 report"
	sql "SELECT body FROM outbox WHERE id = '$(printf '%s\n' "$told" | head -n 1)'" |
	    tr '\r\n' '  ' | tr -s ' ' > "$T/bb1-told.txt"	# lines wrap
	has "bb1: $to is told of the four" "$T/bb1-told.txt" "4 changes of command in game bb1 concern you"
	for q in a-van a-centre a-rear a-reserve; do
		has "bb1: $to is told of $q" "$T/bb1-told.txt" "(squadron $q)"
	done
done
has "bb1: the captain takes a-reserve" "$T/bb1-told.txt" "to athens-2"

finish
