#!/bin/bash
# navarch map --side under fog of war (docs/maps.md, "Fog of war"): a
# side's map, ASCII or SVG, of a state file or a stored game, shows only
# the ships and wrecks that side sees, the same as the map in its turn
# report; without --side the GM sees everything; an unknown side is a
# usage error that names the legal ones.
#
# The state is the busy turn of the report tests (three sides, an island,
# a wreck far off) with a visibility of 4 hexes.  What each side sees
# there was worked out by hand from the hexes and the island, and is
# checked against the GM's map so that a hidden ship cannot be "absent"
# only because it was never there.
. "$(dirname "$0")/lib.sh"

FOG=$T/fog.xml
sed 's/visibility="0"/visibility="4"/' \
    "$SRC/tests/unit/fixtures/report-busy.xml" >"$FOG"
if grep -q 'visibility="4"' "$FOG"; then ok; else bad "the fog state has no visibility"; fi

# One row a side: the ships and wrecks its SVG draws, what must never
# appear (ids, names, hexes of the ships and the wreck it cannot see; "old"
# in 1608 is the wreck) and what must (its own ships and those in sight).
FOG_ROWS='athens|7|0|c1 Korkyra 1812 c2 Leukas 1011 p8 Arados 1306 p9 Gaza 1802 old 1608|a1 Nike 0410 a4 Delos 0713 p1 Azes 0408 p2 Tyros 0609 p3 Sidon 0212
persia|9|1|c1 Korkyra 1812 c2 Leukas 1011|p9 Gaza 1802 a1 Nike 0410 a3 Salaminia 0213 old 1608
corinth|2|0|a1 Nike 0410 a2 Paralos 0612 a3 Salaminia 0213 a4 Delos 0713 p1 Azes 0408 p2 Tyros 0609 p3 Sidon 0212 p8 Arados 1306 p9 Gaza 1802 old 1608|c1 Korkyra 1812 c2 Leukas 1011'

# row SIDE FIELD: one field of SIDE's row (2 ships, 3 wrecks, 4 hidden,
# 5 shown).
row() {
	printf '%s\n' "$FOG_ROWS" | grep "^$1|" | cut -d'|' -f"$2"
}

# check_fog WHAT SIDE FILE: FILE (a map of SIDE's) holds no word hidden
# from SIDE and every word shown to it.  Whole words: "a1" is not in "a12".
check_fog() {
	local what=$1 side=$2 file=$3 w
	for w in $(row "$side" 4); do
		lacks "$what: $side must not see $w" "$file" "\<$w\>"
	done
	for w in $(row "$side" 5); do
		has "$what: $side sees $w" "$file" "\<$w\>"
	done
}

# count DESCRIPTION FILE PATTERN N: N lines of FILE match PATTERN.
count() {
	local n
	n=$(grep -c -- "$3" "$2" || true)
	if [ "$n" = "$4" ]; then ok; else bad "$1: $n, wanted $4"; fi
}

# The SVG names every hex of the grid, seen or not; only its ships, wrecks
# and legend may not name a hidden hex, so the hex names go first.
svg_body() {
	grep -v 'class="hexname"' "$1" >"$2"
}

# --- the GM's view: everything ------------------------------------------------
expect 0 "GM map" nv map "$FOG" --sheets
cp "$T/out" "$T/gm.txt"
expect 0 "GM SVG map" nv map "$FOG" --svg
svg_body "$T/out" "$T/gm.svg"
for f in "$T/gm.txt" "$T/gm.svg"; do
	for w in $(row corinth 4) $(row corinth 5); do
		has "GM map $(basename "$f") shows $w" "$f" "\<$w\>"
	done
done
count "the GM's SVG draws all 11 ships" "$T/gm.svg" '<g class="ship">' 11
count "the GM's SVG draws the wreck" "$T/gm.svg" '<g class="wreck">' 1

# --- each side's view, ASCII (window and sheets) and SVG ---------------------
for side in athens persia corinth; do
	expect 0 "$side map" nv map "$FOG" --side "$side"
	check_fog "ASCII window" "$side" "$T/out"
	expect 0 "$side sheets" nv map "$FOG" --side "$side" --sheets
	check_fog "ASCII sheets" "$side" "$T/out"
	expect 0 "$side SVG" nv map "$FOG" --side "$side" --svg
	svg_body "$T/out" "$T/$side.svg"
	check_fog "SVG" "$side" "$T/$side.svg"
	count "$side SVG: ships drawn" "$T/$side.svg" '<g class="ship">' \
	    "$(row "$side" 2)"
	count "$side SVG: wrecks drawn" "$T/$side.svg" '<g class="wreck">' \
	    "$(row "$side" 3)"
done
# Without a visibility range a side sees every ship, as in its report.
expect 0 "a side's map without fog" nv map \
    "$SRC/tests/unit/fixtures/report-busy.xml" --side corinth --svg
count "without fog corinth's SVG draws all 11 ships" "$T/out" \
    '<g class="ship">' 11
# The codes count only the ships a side sees: persia's p8 would be B4 for
# the GM, and athens sees no B4 at all (no gap betrays p8).
nv map "$FOG" --side athens >"$T/out"
lacks "athens sees no fourth persian code" "$T/out" "\<B4\>"

# --- the same map as the side's report --------------------------------------
# A turn with the report tests' orders; each side's report has a map of the
# next state, and navarch map --side must draw exactly that map.
printf 'SIDE athens\nSHIP a1 SPEED 2 MOVE F F\nSHIP a2 SPEED 0\nSHIP a2 FIRE BOW AT p2\nSHIP a3 SPEED 0\nSHIP a3 BOARD p3\nSHIP a4 SPEED 1\n' >"$T/a.txt"
printf 'SIDE persia\nSHIP p1 SPEED 0\nSHIP p2 SPEED 0\nSHIP p2 FIRE BOW AT a2\nSHIP p3 SPEED 0\nSHIP p8 SPEED 2 MOVE F F\nSHIP p9 SPEED 2 MOVE F F\n' >"$T/p.txt"
printf 'SIDE corinth\nSHIP c1 SPEED 2 MOVE F F\nSHIP c2 SPEED 0\n' >"$T/c.txt"
mkdir "$T/rep"
expect 0 "a turn under fog with reports" nv turn "$FOG" "$T/a.txt" \
    "$T/p.txt" "$T/c.txt" --seed busy3 --output "$T/next.xml" \
    --report-dir "$T/rep"
for side in athens persia corinth; do
	# The report's MAP section: after its heading and rule, up to the
	# blank line before SCORE.
	sed -n '/^MAP$/,/^SCORE$/p' "$T/rep/side-$side.txt" |
	    sed '1,2d;$d' | sed '$d' >"$T/rep-$side.map"
	has "$side's report has a map" "$T/rep-$side.map" "^Turn 4:"
	expect 0 "$side map of the next state" nv map "$T/next.xml" --side "$side"
	same "$side: navarch map is the report's map" "$T/rep-$side.map" "$T/out"
done

# --- a stored game ------------------------------------------------------------
nv init >/dev/null
expect 0 "a game under fog" nv game create fog --scenario "$FOG" --seed s
for side in athens persia corinth; do
	expect 0 "$side map of the game" nv map fog --side "$side"
	check_fog "game ASCII" "$side" "$T/out"
	cp "$T/out" "$T/game-$side.txt"
	nv map "$FOG" --side "$side" >"$T/file-$side.txt"
	same "$side: the game's map is the file's" "$T/game-$side.txt" \
	    "$T/file-$side.txt"
	expect 0 "$side SVG of the game" nv map fog --side "$side" --svg
	svg_body "$T/out" "$T/game-$side.svg"
	check_fog "game SVG" "$side" "$T/game-$side.svg"
	expect 0 "$side SVG of turn 3" nv map fog --turn 3 --side "$side" --svg
	svg_body "$T/out" "$T/game3-$side.svg"
	same "$side: --turn 3 is the current turn" "$T/game-$side.svg" \
	    "$T/game3-$side.svg"
done

# --- an unknown side ------------------------------------------------------------
for what in "$FOG" fog; do
	for fmt in "" --svg; do
		# shellcheck disable=SC2086
		expect 64 "unknown side of $(basename "$what") $fmt" \
		    nv map "$what" --side sparta $fmt
		has "names the side" "$T/err" "--side 'sparta'"
		has "lists the legal sides" "$T/err" "sides are athens, persia, corinth"
		if [ -s "$T/out" ]; then bad "a map for an unknown side"; else ok; fi
	done
done

finish
