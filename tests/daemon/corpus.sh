#!/bin/sh
# tests/daemon/corpus.sh: the hostile corpus of docs/mail-parsing.md, made
# by tests/hostile/gen.py and run through navarchd by tests/hostile/run.py
# (which prints "N passed, M failed").
exec python3 "$(dirname "$0")/../hostile/run.py"
