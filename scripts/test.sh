#!/bin/sh
# test.sh: build Navarch with warnings as errors and run the whole test
# suite (unit tests and the adjudication cases).  Prints the failing logs.
set -eu
cd "$(dirname "$0")/.."
[ -x configure ] || ./autogen.sh >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure --enable-werror >/dev/null
make -j2 >/dev/null
if ! make -j2 check; then
	for f in tests/unit/*.log tests/*.log; do
		[ -f "$f" ] || continue
		grep -q '^FAIL\|^ERROR' "${f%.log}.trs" 2>/dev/null || continue
		echo "==== $f"; tail -n 60 "$f"
	done
	exit 1
fi
# One closing line for the whole suite: cmocka tests and cases counted
# one by one, other test scripts by their own "N passed, N failed" line.
passed=0
failed=0
# A cmocka program may run several groups: each ends with its own counts.
for f in tests/unit/*.log; do
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$f" |
	    awk '{ n += $1 } END { print n + 0 }')
	x=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$f" |
	    awk '{ n += $1 } END { print n + 0 }')
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${x:-0}))
done
for f in tests/*.log tests/*/*.log; do
	case "$f" in tests/unit/*|test-suite.log) continue ;; esac
	[ -f "$f" ] || continue
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$f" | tail -n 1)
	[ -n "$line" ] || continue
	passed=$((passed + ${line%% passed*}))
	x=${line#*passed, }
	failed=$((failed + ${x%% failed*}))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
