# tests/daemon/lib-maildir.sh: the set-up the daemon's Maildir tests share,
# sourced after tests/cli/lib.sh: navarchd on a Maildir in ($MD) and a
# file: outbox ($OUT), the players' password files, and a navarchd.conf.
#
# maildir_setup [LINE...]: makes $MD and $OUT, $T/pw-athens, pw-persia and
# pw-gm, and $T/navarchd.conf with the keys every such test needs, then
# each LINE (a "key = value" of the test's own).
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
