#!/usr/bin/env bash
# tests/daemon/ahead-valgrind.sh: the check ahead's test (ahead.sh) with
# every navarchd run under valgrind: the worker thread, its copies of the
# passwords and its end (maildir-valgrind.sh says when it is skipped).
exec bash "$(dirname "$0")/maildir-valgrind.sh" ahead.sh
