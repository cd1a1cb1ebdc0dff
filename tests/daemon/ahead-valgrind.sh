#!/usr/bin/env bash
# tests/daemon/ahead-valgrind.sh: the check ahead's test again, with every
# navarchd run under valgrind (errors and definite leaks fail): the worker
# thread, its copies of the passwords and its end.  Skipped (77) without
# valgrind, except in CI, where it is a failure.
if ! command -v valgrind >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		echo "valgrind is missing (apt-get install valgrind)"
		exit 1
	fi
	echo "skipped: install valgrind to run this test"
	exit 77
fi
# A sanitizer build cannot run under valgrind (ASan wants to come first).
if ldd "${NAVARCHD:?}" 2>/dev/null | grep -q 'libasan\|libubsan'; then
	echo "skipped: navarchd is built with sanitizers"
	exit 77
fi
VALGRIND=1 exec bash "$(dirname "$0")/ahead.sh"
