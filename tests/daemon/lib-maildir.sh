# tests/daemon/lib-maildir.sh: the set-up the daemon's Maildir tests share,
# sourced after tests/cli/lib.sh: navarchd on a Maildir in ($MD) and a
# file: outbox ($OUT), the players' password files, and a navarchd.conf.
#
# maildir_setup [LINE...]: makes $MD and $OUT, $T/pw-athens, pw-persia and
# pw-gm, and $T/navarchd.conf with the keys every such test needs, then
# each LINE (a "key = value" of the test's own).
#
# maildir_demo: the database, and in it the game demo with its GM and the
# players athens and persia, with maildir_setup's passwords.
: "${NAVARCHD:?NAVARCHD must name the navarchd binary}"

NOW=2026-12-01T12:00Z
MD=$T/Maildir
OUT=$T/outbox

maildir_setup() {
	local line
	mkdir -p "$MD/new" "$MD/cur" "$MD/tmp" "$OUT/new" "$OUT/cur" \
	    "$OUT/tmp"
	printf 'athens-secret\n' > "$T/pw-athens"
	printf 'persia-secret\n' > "$T/pw-persia"
	printf 'gm-secret\n' > "$T/pw-gm"
	{
		printf 'database = %s\nmailbox = maildir:%s\n' "$DB" "$MD"
		printf 'smtp = file:%s\nfrom = navarch@example.org\n' "$OUT"
		printf 'datadir = %s\nhash_cost = 1\n' "$NAVARCH_DATADIR"
		for line in "$@"; do
			printf '%s\n' "$line"
		done
	} > "$T/navarchd.conf"
}

maildir_demo() {
	expect 0 "init" nv init
	expect 0 "game create" nv game create demo --scenario "$SCENARIO" \
	    --gm gm@example.org --gm-password-file "$T/pw-gm"
	expect 0 "player athens" nv player add demo athens \
	    athens@example.org --password-file "$T/pw-athens"
	expect 0 "player persia" nv player add demo persia \
	    persia@example.org --password-file "$T/pw-persia"
}
