#!/usr/bin/env bash
# run-cases.sh: the adjudication case suite (docs/cases.md).
#
# Each directory under $CASES is one case: a state, order files, dice and
# the expected outcome, citing the ruling it checks.  The case is played
# with `navarch turn` and the outcome compared exactly.
#
#   case            key: value lines
#                     ruling: the rule it checks (required)
#                     dice: fixed N | script N N ... | seed TEXT
#                           (default: an empty script, so any roll fails)
#   state.xml       the state before the turn
#   orders*.txt     order files, in name order (none: every ship defaults)
#   expect.xml      the exact next state (exit status 0), or
#   expect.err      lines that must all appear on standard error, with
#                   exit status 2 (illegal orders or invalid state)
#   expect-ships.txt   hand-written expectations, one ship a line:
#                   "ID attr=value attr=value ..." (e.g. "nike hex=0608
#                   facing=SE speed=3"); checked against the next state
#   expect-events.txt  lines that must all appear in the event log
#
# A case needs expect.err, or expect-ships.txt and/or expect.xml.
#
# Environment: NAVARCH (the binary), CASES (the directory), and
# NAVARCH_DATADIR.  Prints "N passed, N failed" and exits non-zero when any
# case fails.
set -u

NAVARCH=${NAVARCH:-./navarch}
CASES=${CASES:-$(dirname "$0")/cases}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
failed=()

field() {	# field NAME FILE: the value of "NAME: value"
	sed -n "s/^$1:[[:space:]]*//p" "$2" | head -n 1
}

# check_ships EXPECT STATE: every "id attr=value" holds in STATE.
check_ships() {
	local id kv attr want got ok=0
	while read -r id rest; do
		case "$id" in ""|\#*) continue ;; esac
		for kv in $rest; do
			attr=${kv%%=*}
			want=${kv#*=}
			got=$(xmllint --xpath "string(/scenario/ship[@id='$id']/@$attr)" "$2" 2>/dev/null)
			if [ "$got" != "$want" ]; then
				echo "    $id: $attr is '$got', expected '$want'"
				ok=1
			fi
		done
	done < "$1"
	return $ok
}

run_case() {
	local dir=$1 name dice orders=() rc
	name=$(basename "$dir")
	if [ ! -f "$dir/case" ] || [ -z "$(field ruling "$dir/case")" ]; then
		echo "FAIL $name: no 'ruling:' line in $dir/case"
		return 1
	fi
	dice=$(field dice "$dir/case")
	local dargs=()
	case "$dice" in
	"")		: > "$tmp/dice"; dargs=(--dice-script "$tmp/dice") ;;
	fixed\ *)	dargs=(--dice-fixed "${dice#fixed }") ;;
	seed\ *)	dargs=(--seed "${dice#seed }") ;;
	script\ *)	echo "${dice#script }" > "$tmp/dice"
			dargs=(--dice-script "$tmp/dice") ;;
	*)		echo "FAIL $name: bad dice line '$dice'"; return 1 ;;
	esac
	for f in "$dir"/orders*.txt; do
		[ -e "$f" ] && orders+=("$f")
	done
	"$NAVARCH" turn "$dir/state.xml" ${orders[@]+"${orders[@]}"} \
	    "${dargs[@]}" --events "$tmp/events" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ -f "$dir/expect.xml" ] || [ -f "$dir/expect-ships.txt" ]; then
		if [ $rc -ne 0 ]; then
			echo "FAIL $name: exit status $rc, expected 0"
			sed 's/^/    /' "$tmp/err" | head -n 20
			return 1
		fi
		if [ -f "$dir/expect.xml" ] &&
		    ! diff -u "$dir/expect.xml" "$tmp/out" >"$tmp/diff"; then
			echo "FAIL $name: next state differs"
			sed 's/^/    /' "$tmp/diff" | head -n 40
			return 1
		fi
		if [ -f "$dir/expect-ships.txt" ] &&
		    ! check_ships "$dir/expect-ships.txt" "$tmp/out"; then
			echo "FAIL $name: ship expectations not met"
			return 1
		fi
	elif [ -f "$dir/expect.err" ]; then
		if [ $rc -ne 2 ]; then
			echo "FAIL $name: exit status $rc, expected 2"
			sed 's/^/    /' "$tmp/err" | head -n 20
			return 1
		fi
		while IFS= read -r line; do
			[ -z "$line" ] && continue
			if ! grep -qF -- "$line" "$tmp/err"; then
				echo "FAIL $name: missing error: $line"
				sed 's/^/    got: /' "$tmp/err" | head -n 20
				return 1
			fi
		done < "$dir/expect.err"
	else
		echo "FAIL $name: neither expect.xml nor expect.err"
		return 1
	fi
	if [ -f "$dir/expect-events.txt" ]; then
		while IFS= read -r line; do
			[ -z "$line" ] && continue
			if ! grep -qF -- "$line" "$tmp/events"; then
				echo "FAIL $name: missing event: $line"
				sed 's/^/    got: /' "$tmp/events" | head -n 40
				return 1
			fi
		done < "$dir/expect-events.txt"
	fi
	echo "PASS $name"
	return 0
}

for dir in "$CASES"/*/; do
	dir=${dir%/}
	[ -d "$dir" ] || continue
	if run_case "$dir"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed+=("$(basename "$dir")")
	fi
done

if [ $((pass + fail)) -eq 0 ]; then
	echo "no cases found in $CASES"
	exit 1
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
