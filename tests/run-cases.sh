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
#                     turns: K   play K turns in a row (a multi-turn case)
#                     dice-tN: as dice:, for turn N only
#                     exit: S    the exit status expected of the last turn
#                           (default 0, or 2 with expect.err)
#   state.xml       the state before the (first) turn
#   orders*.txt     order files, in name order (none: every ship defaults);
#                   in a multi-turn case orders-tN-*.txt are turn N's
#   expect.xml      the exact final state (exit status 0), or
#   expect.err      lines that must all appear on standard error, with
#                   exit status 2 (illegal orders or invalid state); beside
#                   the expectations below (and exit: 0), warnings
#   expect-ships.txt   hand-written expectations, one ship a line:
#                   "ID attr=value attr=value ..." (e.g. "nike hex=0608
#                   facing=SE speed=3"); checked against the final state
#   expect-result.txt  the final state's <result>: "result attr=value ...",
#                   "score SIDE=POINTS ...", "reason TEXT" (a substring)
#   expect-events.txt  lines that must all appear in the event log (of
#                   every turn played)
#
# A multi-turn case feeds each turn's state to the next; a dice script is
# shared, each turn using what the turns before it left (the rolls a turn
# made are counted in its event log).
#
# A case needs expect.err, or expect-ships.txt, expect-result.txt and/or
# expect.xml.
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

# check_result EXPECT STATE: the <result> of STATE is as EXPECT says.
check_result() {
	local what rest kv key want got ok=0
	while read -r what rest; do
		case "$what" in
		""|\#*)	continue ;;
		reason)	got=$(xmllint --xpath "string(/scenario/result/@reason)" "$2" 2>/dev/null)
			case "$got" in
			*"$rest"*) ;;
			*)	echo "    result: reason is '$got', expected it to contain '$rest'"
				ok=1 ;;
			esac
			continue ;;
		result|score) ;;
		*)	echo "    expect-result.txt: '$what': expected result, score or reason"
			ok=1
			continue ;;
		esac
		for kv in $rest; do
			key=${kv%%=*}
			want=${kv#*=}
			if [ "$what" = score ]; then
				got=$(xmllint --xpath "string(/scenario/result/score[@side='$key']/@points)" "$2" 2>/dev/null)
			else
				got=$(xmllint --xpath "string(/scenario/result/@$key)" "$2" 2>/dev/null)
				# No <result>: the game is still being played.
				[ "$key" = status ] && [ -z "$got" ] && got=playing
			fi
			if [ "$got" != "$want" ]; then
				echo "    result: $what $key is '$got', expected '$want'"
				ok=1
			fi
		done
	done < "$1"
	return $ok
}

# dice_args SPEC: sets dargs for one turn (script values from $script).
dice_args() {
	dargs=()
	case "$1" in
	"")		: > "$tmp/dice"; dargs=(--dice-script "$tmp/dice") ;;
	fixed\ *)	dargs=(--dice-fixed "${1#fixed }") ;;
	seed\ *)	dargs=(--seed "${1#seed }") ;;
	script\ *)	echo "${script[@]+"${script[@]}"}" > "$tmp/dice"
			dargs=(--dice-script "$tmp/dice") ;;
	*)		return 1 ;;
	esac
}

# play_turn DIR STATE N MULTI: plays turn N of the case from STATE into
# $tmp/out, appending its events to $tmp/events; returns the exit status.
play_turn() {
	local dir=$1 state=$2 n=$3 multi=$4 spec own f orders=() rc used
	local shared=("${script[@]+"${script[@]}"}")
	own=$(field "dice-t$n" "$dir/case")
	spec=${own:-$(field dice "$dir/case")}
	# A turn's own script stands apart from the shared one.
	case "$own" in
	script\ *) read -r -a script <<< "$(echo "${own#script }" | tr ',' ' ')" ;;
	esac
	if ! dice_args "$spec"; then
		echo "bad dice line '$spec'" > "$tmp/err"
		return 99
	fi
	if [ "$multi" = 1 ]; then
		for f in "$dir"/orders-t"$n"-*.txt; do
			[ -e "$f" ] && orders+=("$f")
		done
	else
		for f in "$dir"/orders*.txt; do
			[ -e "$f" ] && orders+=("$f")
		done
	fi
	"$NAVARCH" turn "$state" ${orders[@]+"${orders[@]}"} \
	    "${dargs[@]}" --events "$tmp/turn-events" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ -f "$tmp/turn-events" ] && cat "$tmp/turn-events" >> "$tmp/events"
	# A shared script: the next turn starts after the rolls this one made.
	if [ -n "$own" ]; then
		script=("${shared[@]+"${shared[@]}"}")
	elif [ "${spec%% *}" = script ] && [ -f "$tmp/turn-events" ]; then
		used=$(grep -cE ' rolls 1d[0-9]+=[0-9]+ for ' "$tmp/turn-events")
		script=("${script[@]:$used}")
	fi
	rm -f "$tmp/turn-events"
	return $rc
}

run_case() {
	local dir=$1 name dice turns multi=0 n rc want state
	name=$(basename "$dir")
	if [ ! -f "$dir/case" ] || [ -z "$(field ruling "$dir/case")" ]; then
		echo "FAIL $name: no 'ruling:' line in $dir/case"
		return 1
	fi
	dice=$(field dice "$dir/case")
	script=()
	case "$dice" in
	script\ *) read -r -a script <<< "$(echo "${dice#script }" | tr ',' ' ')" ;;
	esac
	turns=$(field turns "$dir/case")
	if [ -n "$turns" ]; then
		multi=1
		case "$turns" in
		*[!0-9]*|0)	echo "FAIL $name: bad turns line '$turns'"; return 1 ;;
		esac
	else
		turns=1
	fi
	want=$(field exit "$dir/case")
	if [ -z "$want" ]; then
		want=0
		[ -f "$dir/expect.err" ] && want=2
	fi
	: > "$tmp/events"
	cp "$dir/state.xml" "$tmp/state.xml"
	for ((n = 1; n <= turns; n++)); do
		play_turn "$dir" "$tmp/state.xml" "$n" "$multi"
		rc=$?
		if [ $rc -eq 99 ]; then
			echo "FAIL $name: $(cat "$tmp/err")"
			return 1
		fi
		if [ $n -lt "$turns" ]; then
			if [ $rc -ne 0 ]; then
				echo "FAIL $name: turn $n: exit status $rc, expected 0"
				sed 's/^/    /' "$tmp/err" | head -n 20
				return 1
			fi
			cp "$tmp/out" "$tmp/state.xml"
		fi
	done
	if [ $rc -ne "$want" ]; then
		echo "FAIL $name: exit status $rc, expected $want"
		sed 's/^/    /' "$tmp/err" | head -n 20
		return 1
	fi
	if [ -f "$dir/expect.xml" ] || [ -f "$dir/expect-ships.txt" ] ||
	    [ -f "$dir/expect-result.txt" ]; then
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
		if [ -f "$dir/expect-result.txt" ] &&
		    ! check_result "$dir/expect-result.txt" "$tmp/out"; then
			echo "FAIL $name: result expectations not met"
			return 1
		fi
	elif [ ! -f "$dir/expect.err" ]; then
		echo "FAIL $name: neither expect.xml nor expect.err"
		return 1
	fi
	# Errors, or warnings beside a state's expectations (with exit: 0).
	if [ -f "$dir/expect.err" ]; then
		while IFS= read -r line; do
			[ -z "$line" ] && continue
			if ! grep -qF -- "$line" "$tmp/err"; then
				echo "FAIL $name: missing error: $line"
				sed 's/^/    got: /' "$tmp/err" | head -n 20
				return 1
			fi
		done < "$dir/expect.err"
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
