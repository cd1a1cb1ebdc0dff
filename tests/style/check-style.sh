#!/bin/sh
# check-style.sh: the style gate passes on the source tree, and fails on
# each kind of violation planted in a copy of it (so the gate cannot pass
# by checking nothing).  Ends "N passed, N failed".
set -u
SRC=${NAVARCH_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
CHECK="$SRC/scripts/check-style.py"
T=$(mktemp -d "${TMPDIR:-/tmp}/navarch-style.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The real tree is clean.
if out=$(python3 "$CHECK" "$SRC" 2>&1); then ok; else
	bad "the source tree has findings:"; echo "$out"
fi

# fresh: a copy of src/ (and what the gate reads besides) to plant in.
fresh() {
	rm -rf "$T/tree" && mkdir -p "$T/tree/tests" "$T/tree/bench" &&
	    cp -R "$SRC/src" "$T/tree/src"
}

# planted NAME KIND FILE TEXT: appends TEXT to FILE of a fresh copy and
# expects the gate to fail with a finding of KIND in FILE.
planted() {
	name=$1 kind=$2 file=$3 text=$4
	fresh
	printf '%s\n' "$text" >>"$T/tree/$file"
	out=$(python3 "$CHECK" "$T/tree" 2>/dev/null)
	rc=$?
	if [ "$rc" -eq 1 ] && printf '%s\n' "$out" |
	    grep -q "^$file:[0-9]*: $kind:"; then
		ok
	else
		bad "$name: rc $rc, expected a '$kind' finding in $file; got:"
		printf '%s\n' "$out"
	fi
}

planted "sprintf call" banned src/common/buf.c \
    'static void f(char *b) { sprintf(b, "%d", 1); }'
planted "atoi call" banned src/mail/mime.c \
    'static int g(const char *s) { return atoi(s); }'
planted "engine includes the store" layer src/game/hex.c \
    '#include "store.h"'
planted "report includes mail" layer src/report/map.c \
    '#include "mailproc.h"'
planted "private header from elsewhere" private src/ctl/navarch.c \
    '#include "mime-int.h"'

# A 90-line function.
body=$(awk 'BEGIN { print "static int\nlong_one(void)\n{"; \
    for (i = 0; i < 90; i++) print "\t(void)0;"; print "\treturn 0;\n}" }')
planted "long function" func-size src/common/strutil.c "$body"

# A file over 800 lines.
lines=$(awk 'BEGIN { for (i = 0; i < 801; i++) print "/* filler */" }')
planted "long file" file-size src/common/log.c "$lines"

# A ruleset's name outside its folders.
planted "ruleset named in the core" ruleset src/game/turn.c \
    '/* as classic does */'

# Exit statuses in a library (issue 11, item 6).
planted "exitcode.h in the play layer" exit src/play/play-load.c \
    '#include "exitcode.h"'
planted "an exit status constant in the mail layer" exit src/mail/outbox.c \
    'static int h(void) { return NV_EXIT_TEMP; }'
planted "a literal 75 in the daemon's library" exit src/daemon/daemon-cycle.c \
    'static int k(int rc) { return rc == 75; }'
planted "sysexits in the store" exit src/store/store.c \
    'static int x(void) { return EX_TEMPFAIL; }'
# ... but the programs' edges make them.
fresh
printf '%s\n' 'static int e(void) { return NV_EXIT_TEMP; }' \
    >>"$T/tree/src/daemon/navarchd.c"
if python3 "$CHECK" "$T/tree" >/dev/null 2>&1; then ok; else
	bad "navarchd.c, a program's edge, was refused an exit status"
fi

# Banned names inside comments and strings are not calls.
fresh
printf '%s\n' '/* never sprintf( here */' \
    'static const char *s = "strcpy(a, b)";' >>"$T/tree/src/common/buf.c"
if python3 "$CHECK" "$T/tree" >/dev/null 2>&1; then ok; else
	bad "a banned name in a comment or string was taken for a call"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
