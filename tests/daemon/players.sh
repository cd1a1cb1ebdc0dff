#!/usr/bin/env bash
# tests/daemon/players.sh: what players, observers and the GM send by mail
# beyond orders, through navarchd on a Maildir (issue 15, items 5 and 6):
# HELP FIRE with examples of the player's own ships, SET SVG and SET
# STORY followed by the reports, press to the GM and the GM's
# announcement, an observer's STATUS and press, ABSENT (no reminder, the
# turn played without waiting) and ORDERS FOR TURN 2 used when turn 2
# opens.  No server needed.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR.
. "$(dirname "$0")/../cli/lib.sh"
. "$(dirname "$0")/lib-maildir.sh"
maildir_setup

# mail NAME FROM: drops a message with the body on stdin into new/.
n=0
mail() {
	n=$((n + 1))
	{
		printf 'From: %s\nTo: navarch@example.org\n' "$2"
		printf 'Subject: orders\nMessage-ID: <m%d.%s@test>\n' "$n" "$1"
		printf 'Date: Tue, 01 Dec 2026 12:00:00 +0000\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat
	} > "$MD/new/100$n.$1.test"
}

cycle() {
	expect 0 "$1" "$NAVARCHD" -f "$T/navarchd.conf" --once --foreground \
	    --now "$2"
}

# sent TO SUBJECT: the last message to TO whose Subject holds SUBJECT.
sent() {
	f=$(grep -l "^Subject: .*$2" $(grep -l "^To: $1" "$OUT"/new/* \
	    2>/dev/null) 2>/dev/null | xargs -r ls -t | head -n 1)
	[ -n "$f" ] && ok || bad "no mail to $1 about '$2'"
	printf '%s\n' "${f:-/dev/null}"
}

expect 0 "init" nv init
expect 0 "game create" nv --now "$NOW" game create demo \
    --scenario "$SCENARIO" --deadline +2d --gm gm@example.org \
    --gm-password-file "$T/pw-gm"
expect 0 "player athens" nv player add demo athens athens@example.org \
    --password-file "$T/pw-athens"
expect 0 "player persia" nv player add demo persia persia@example.org \
    --password-file "$T/pw-persia"
expect 0 "observer" nv observer add demo obs@example.org

mail help athens@example.org <<'EOF'
GAME demo
PLAYER athens
PASSWORD athens-secret
HELP FIRE
SET SVG OFF
SET STORY OWN
ABSENT UNTIL +3d
PRESS TO GM
I sail for Delos; my orders for turn 2 follow.
END PRESS
EOF
mail ahead athens@example.org <<'EOF'
GAME demo
PLAYER athens
PASSWORD athens-secret
ORDERS FOR TURN 2
SHIP nike SPEED 1
EOF
mail observer obs@example.org <<'EOF'
GAME demo
STATUS
PRESS TO GM
Splendid weather for it.
END PRESS
EOF
mail announce gm@example.org <<'EOF'
GAME demo
GM
PASSWORD gm-secret
PRESS TO ALL
The wind is from the north all week.
END PRESS
EOF
cycle "cycle 1" "$NOW"

grep -l "HELP FIRE" "$OUT"/new/* > "$T/help" 2>/dev/null
help=$(grep -l "^To: athens@example.org" $(cat "$T/help") | head -n 1)
has "HELP FIRE's usage" "${help:-/dev/null}" \
    "^HELP FIRE: FIRE \[n\] BOW|CATAPULT|STONE|ALL AT ship \[PHASE p\]"
has "an example of athens's own" "${help:-/dev/null}" \
    "^  SHIP \(nike\|paralos\|salaminia\) FIRE .* AT [a-z]*"
has "SVG off said" "${help:-/dev/null}" "^SET SVG OFF: your reports are text"
has "away until" "${help:-/dev/null}" \
    "^ABSENT: you are away until 2026-12-04T12:00Z (UTC)"
f=$(sent gm@example.org "Press from athens")
has "press to the GM" "$f" "I sail for Delos"
f=$(sent gm@example.org "Press from an observer")
has "an observer's press" "$f" "Splendid weather"
grep -q "obs@example.org" "$f" && bad "the observer's address shown" || ok
f=$(grep -l "read as an observer's" "$OUT"/new/* | head -n 1)
has "the observer's STATUS" "${f:-/dev/null}" "^STATUS: game demo"
for who in athens persia obs; do
	f=$(sent "$who@example.org" "Announcement from the GM")
	has "announcement to $who" "$f" "The wind is from the north"
done

# --- a day before the deadline: a reminder to persia, none to athens ----
cycle "cycle 2 (reminders)" 2026-12-02T13:00Z
sent persia@example.org "Reminder" > /dev/null
[ -z "$(grep -l "^To: athens" $(grep -l "Reminder" "$OUT"/new/*))" ] &&
    ok || bad "athens is away, yet reminded"

# --- persia's orders: the turn does not wait for athens -----------------
mail persia persia@example.org <<'EOF'
GAME demo
PLAYER persia
PASSWORD persia-secret
SHIP tyre SPEED 2
EOF
cycle "cycle 3 (played without athens)" 2026-12-02T14:00Z
f=$(sent athens@example.org "Turn 1 report")
has "athens's own story" "$f" "^Only what befell your side's own ships"
grep -q "image/svg+xml" "$f" && bad "athens's report has the map" || ok
f=$(sent persia@example.org "Turn 1 report")
has "persia's report has the map" "$f" "image/svg+xml"

# --- turn 2 opens: athens's orders sent ahead are in force --------------
cycle "cycle 4 (orders ahead)" 2026-12-02T14:01Z
expect 0 "orders show" nv orders show demo --turn 2
has "athens's orders for turn 2" "$T/out" "SHIP nike SPEED 1"

finish
