#!/usr/bin/env bash
# tests/cli/examples.sh: the examples a user copies work as their READMEs
# say.  Every scenario under orders/ loads and draws its map; the order
# mail of orders/bigbattle/README (its lines from GAME to END) is legal
# for its side on the big battle's scenario, and seating an admiral and
# captains as the README does gives every ship of the side a commander.
. "$(dirname "$0")/lib.sh"

for f in "$SRC"/orders/*/scenario.xml "$SRC"/orders/nauta/*.xml; do
	expect 0 "map of ${f#$SRC/}" "$NAVARCH" map "$f"
done

BIG=$SRC/orders/bigbattle/scenario.xml
# The README's mail: PLAYER becomes SIDE for check-orders (no store).
sed -n '/^    GAME isthmus/,/^    END/p' "$SRC/orders/bigbattle/README" |
    sed 's/^    //; /^GAME /d; /^PASSWORD /d; s/^PLAYER athens-left/SIDE athens/' \
    > "$T/readme-orders.txt"
has "the README's mail was found" "$T/readme-orders.txt" "^SQUADRON a-van"
expect 0 "the README's orders are legal" "$NAVARCH" check-orders "$BIG" \
    "$T/readme-orders.txt"

# The README's schedule, as written (a later turn's deadline).
sed -n 's/^    nv game settings isthmus \([^ ]*\) .*$/\1/p' \
    "$SRC/orders/bigbattle/README" > "$T/schedule"
has "the README sets a schedule" "$T/schedule" "^schedule="

# Seated as the README says, for athens.
printf 'pw\n' > "$T/pw"
expect 0 "init" nv init
expect 0 "create" nv game create isthmus --scenario "$BIG" --gm \
    gm@example.org --gm-password-file "$T/pw"
expect 0 "admiral" nv player add isthmus athens strategos@example.org \
    --id athens --admiral --password-file "$T/pw"
for who in left right; do
	expect 0 "captain $who" nv player add isthmus athens \
	    "$who@example.org" --id "athens-$who" --ships "" \
	    --password-file "$T/pw"
done
sed -n 's/^    nv squadron assign isthmus \(a-[a-z]*\) \(athens-[a-z]*\)$/\1 \2/p' \
    "$SRC/orders/bigbattle/README" > "$T/assign"
[ "$(wc -l < "$T/assign")" -eq 4 ] && ok || bad "the README assigns 4 squadrons"
while read -r sq who; do
	expect 0 "squadron $sq to $who" nv squadron assign isthmus "$sq" "$who"
done < "$T/assign"
expect 0 "the README's schedule" nv game settings isthmus "$(cat "$T/schedule")"
expect 0 "settings" nv game settings isthmus
has "the schedule is set" "$T/out" "schedule.*48h"
expect 0 "squadron list" nv squadron list isthmus
has "a-van is athens-left's" "$T/out" "a-van.*athens-left"
has "a-reserve is athens-right's" "$T/out" "a-reserve.*athens-right"
[ "$(sql "SELECT count(*) FROM squadron_commands WHERE game = 'isthmus'")" \
    = 4 ] && ok || bad "four squadrons commanded"
finish
