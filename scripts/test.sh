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
cat tests/run-cases.sh.log 2>/dev/null | tail -n 1
