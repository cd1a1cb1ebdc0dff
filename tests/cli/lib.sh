# tests/cli/lib.sh: what the CLI tests share (sourced; bash).
#
# Each test runs navarch ($NAVARCH) on a database in a fresh temporary
# directory, never on a config file of the machine: NAVARCH_CONFIG and
# NAVARCH_NOW are unset and every command gets --db.  A test ends with
# finish, which prints "N passed, N failed" and fails if anything did.

set -eu
: "${NAVARCH:?NAVARCH must name the navarch binary}"
: "${NAVARCH_DATADIR:?NAVARCH_DATADIR must name the data directory}"
SRC=${NAVARCH_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
unset NAVARCH_CONFIG NAVARCH_NOW
# Fast password hashing: tests and valgrind need not pay yescrypt's cost.
export NAVARCH_HASH_COST=1
T=$(mktemp -d "${TMPDIR:-/tmp}/navarch-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
DB=$T/nv.db
SCENARIO=$SRC/orders/demo/scenario.xml
pass=0
fail=0

nv() {
	"$NAVARCH" --db "$DB" "$@"
}

ok() {
	pass=$((pass + 1))
}

bad() {
	fail=$((fail + 1))
	echo "FAIL: $*"
}

# expect STATUS DESCRIPTION COMMAND...: runs COMMAND (standard output in
# $T/out, standard error in $T/err) and checks its exit status.
expect() {
	local want=$1 desc=$2 got
	shift 2
	set +e
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	set -e
	if [ "$got" = "$want" ]; then
		ok
	else
		bad "$desc: exit status $got, wanted $want"
		sed 's/^/    stderr: /' "$T/err" | head -20
		sed 's/^/    stdout: /' "$T/out" | head -10
	fi
}

# has DESCRIPTION FILE PATTERN: FILE holds a line matching PATTERN
# (a grep basic regular expression).
has() {
	if grep -q -- "$3" "$2"; then
		ok
	else
		bad "$1: no line matching '$3' in $(basename "$2")"
		sed 's/^/    | /' "$2" | head -20
	fi
}

# lacks DESCRIPTION FILE PATTERN: the opposite.
lacks() {
	if grep -q -- "$3" "$2"; then
		bad "$1: a line matches '$3' in $(basename "$2")"
		grep -- "$3" "$2" | sed 's/^/    | /' | head -5
	else
		ok
	fi
}

# same DESCRIPTION A B: the files are identical.
same() {
	if cmp -s "$2" "$3"; then
		ok
	else
		bad "$1: $(basename "$2") and $(basename "$3") differ"
	fi
}

# sql SQL...: runs SQL on the database with Python's sqlite3 (the sqlite3
# shell may be absent) and prints the rows, one a line, columns by '|'.
sql() {
	python3 - "$DB" "$1" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for row in c.execute(sys.argv[2]):
    print("|".join(str(v) for v in row))
c.commit()
PY
}

# Order files for the demo battle (orders/demo/scenario.xml).
write_orders() {
	cp "$SRC/orders/demo/turn1-athens.txt" "$T/a1.txt"
	cp "$SRC/orders/demo/turn1-persia.txt" "$T/p1.txt"
	printf 'SIDE athens\nSHIP nike SPEED 2\nSHIP paralos SPEED 2\nSHIP salaminia SPEED 0\n' >"$T/a2.txt"
	printf 'SIDE persia\nSHIP azes SPEED 2\nSHIP tyre SPEED 2\nSHIP sidon SPEED 2\n' >"$T/p2.txt"
	printf 'SIDE athens\nSHIP nike SPEED 1\nSHIP paralos SPEED 1\nSHIP salaminia SPEED 1\n' >"$T/a2b.txt"
}

# new_game: a database with the demo game, its two players (athens with
# a generated password, persia with a chosen one) and a known seed.
new_game() {
	write_orders
	printf 'hunter2\n' >"$T/pw"
	nv init >/dev/null
	nv --now 2026-01-01T10:00Z game create demo --scenario "$SCENARIO" \
	    --seed test-seed --deadline +2d >/dev/null
	nv player add demo athens a@example.org >"$T/athens.pw" 2>/dev/null
	nv player add demo persia p@example.org --password-file "$T/pw" \
	    >/dev/null 2>&1
}

# play_turn A P: submits the two order files and adjudicates.
play_turn() {
	nv orders submit demo athens "$1" >/dev/null 2>&1
	nv orders submit demo persia "$2" >/dev/null 2>&1
	nv --now 2026-01-01T12:00Z adjudicate demo >/dev/null 2>&1
}

# mail_setup: a Maildir ($MD), a file outbox ($OUT) and a daemon
# configuration ($T/navarchd.conf) on $DB, for navarch deliver; and
# password files $T/pw-NAME ("NAME-pw") for each NAME given.
mail_setup() {
	local n
	OUT=$T/outbox
	MD=$T/Maildir
	mkdir -p "$MD/new" "$MD/cur" "$MD/tmp" "$OUT"
	cat > "$T/navarchd.conf" <<CONF
database = $DB
mailbox = maildir:$MD
smtp = file:$OUT
from = navarch@example.org
datadir = $NAVARCH_DATADIR
hash_cost = 1
CONF
	for n in "$@"; do
		printf '%s-pw\n' "$n" > "$T/pw-$n"
	done
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
