# tests/cli/lib-command.sh: what the tests of changes of command share
# (assign.sh, squadron.sh; sourced after lib.sh).  The demo battle with a
# squadron van (nike, paralos) in $SQ, a game of it with two players of
# Athens (athens the admiral, athens-2 with no ships yet), persia and a
# GM, and mails through navarch deliver.  The passwords are mail_setup's
# (NAME-pw), so the caller runs mail_setup athens athens-2 persia gm.

SQ=$T/scenario.xml
sed -e '/^  <side id="persia"/a\  <squadron id="van" side="athens" name="The van"/>' \
    -e 's|id="nike" name="Nike" side="athens"|& squadron="van"|' \
    -e 's|id="paralos" name="Paralos" side="athens"|& squadron="van"|' \
    "$SCENARIO" > "$SQ"
printf 'SIDE persia\nSHIP azes SPEED 2\nSHIP tyre SPEED 2\nSHIP sidon SPEED 2\n' > "$T/persia.txt"
BEFORE=2026-01-01T12:00Z	# the deadline is 2026-01-03T10:00Z
AFTER=2026-01-04T12:00Z

# command_game ID: the game, athens (the admiral, every ship of the side),
# athens-2 (none yet), persia, and a GM.
command_game() {
	nv --now 2026-01-01T10:00Z game create "$1" --scenario "$SQ" \
	    --seed "seed-$1" --deadline +2d --gm gm@example.org \
	    --gm-password-file "$T/pw-gm" >/dev/null
	nv player add "$1" athens a@example.org --admiral --password-file \
	    "$T/pw-athens" >/dev/null 2>&1
	nv player add "$1" athens a2@example.org --id athens-2 --ships "" \
	    --password-file "$T/pw-athens-2" >/dev/null 2>&1
	nv player add "$1" persia p@example.org --password-file \
	    "$T/pw-persia" >/dev/null 2>&1
}

# mail GAME WHO ID LINE...: a mail (WHO a player, or gm), through navarch
# deliver at time $WHEN (default $BEFORE); its output in $T/out.
mail() {
	local g=$1 who=$2 id=$3
	shift 3
	{
		printf 'From: %s@example.org\nTo: navarch@example.org\n' "$who"
		printf 'Subject: orders\nMessage-ID: <%s@example.org>\n\n' "$id"
		if [ "$who" = gm ]; then
			printf 'GAME %s\nGM\nPASSWORD gm-pw\n' "$g"
		else
			printf 'GAME %s\nPLAYER %s\nPASSWORD %s-pw\n' "$g" "$who" "$who"
		fi
		printf '%s\n' "$@"
	} > "$T/$id.eml"
	"$NAVARCH" --config "$T/navarchd.conf" --now "${WHEN:-$BEFORE}" deliver \
	    < "$T/$id.eml" > "$T/out" 2>&1 || true
}

# in_force GAME PLAYER: the text of the player's orders in force (what
# adjudication parses; its normalised form spells SQUADRON lines out).
in_force() {
	sql "SELECT text FROM order_sets WHERE game = '$1' AND
	    player = '$2' AND in_force = 1"
}

# notices GAME PLAYER: how many "reassigned" notices the player has.
notices() {
	sql "SELECT count(*) FROM notices WHERE game = '$1' AND
	    kind = 'reassigned' AND player = '$2'"
}
