#!/usr/bin/env bash
# tests/daemon/maildir-valgrind.sh [SCRIPT]: the daemon's end-to-end test
# again (or SCRIPT, another test of this folder that honours VALGRIND:
# ahead-valgrind.sh), with every navarchd run under valgrind (errors and
# definite leaks fail).
# Skipped (77) without valgrind, except in CI, where it is a failure.
if ! command -v valgrind >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		echo "valgrind is missing (apt-get install valgrind)"
		exit 1
	fi
	echo "skipped: install valgrind to run this test"
	exit 77
fi
# A sanitizer build cannot run under valgrind (ASan wants to come first);
# CI runs this test in its plain build, the sanitizers in another.
if ldd "${NAVARCHD:?}" 2>/dev/null | grep -q 'libasan\|libubsan'; then
	echo "skipped: navarchd is built with sanitizers"
	exit 77
fi
VALGRIND=1 exec bash "$(dirname "$0")/${1:-maildir.sh}"
