#!/usr/bin/env bash
# tests/cli/templates.sh: navarch templates checks what a GM edited: the
# shipped templates pass, every sample mail is worded within 76 columns,
# and a broken, overlong or incomplete mail.xsl is named with what is
# wrong.  Also: every kind and element the daemon puts in a mail document
# has a sample (maildoc-sample.c), so the check covers them all.
. "$(dirname "$0")/lib.sh"

TPL=$T/tpl
mkdir -p "$TPL"
cp "$SRC"/templates/*.xsl "$TPL/"

# --- the shipped templates -------------------------------------------------
expect 0 "shipped templates" "$NAVARCH" templates --dir "$SRC/templates"
has "every sample worded" "$T/err" "mail.xsl: 85 sample mails worded, 0 failed"
has "report templates compile" "$T/err" "report-side.xsl: compiles"
expect 0 "--show" "$NAVARCH" templates --dir "$SRC/templates" --show
for s in answer-player answer-gm rejected-player refused-gm \
    unrouted-no-game unrouted-help reminder press-all draw-offer \
    concession report-gm report-side-again report-side-replaces welcome \
    welcome-gm-password paused resumed deadline-changed rolled-back \
    unseated-replaced seat-removed orders-entered reassigned-takes \
    reassigned-loses standing standing-none uncommanded uncommanded-gm \
    draw-withdrawn draw-withdrawn-none \
    late waiting \
    final-rules final-drawn final-conceded final-gm help-all help-orders \
    help-fire help-board help-press press-to-gm press-gm-all press-gm-side \
    press-observer answer-observer answer-ahead ahead-illegal ahead-late \
    lobby lobby-none join-request; do
	has "sample $s shown" "$T/out" "^==== $s\$"
done
has "the reminder's subject" "$T/out" "^Subject: Reminder: your orders"
has "HELP's sample mail" "$T/out" "^  SHIP salaminia FIRE 1 BOW AT sidon PHASE 3$"
has "HELP FIRE's usage" "$T/out" \
    "^HELP FIRE: FIRE \[n\] BOW|CATAPULT|STONE|ALL AT ship \[PHASE p\]$"
has "HELP topic with no example" "$T/out" \
    "^None of your ships could be given this order now\.$"
has "the GM's announcement" "$T/out" "^Subject: Announcement from the GM$"
has "an observer's press" "$T/out" "^Press from an observer to the GM, turn 2\."
has "GM's help lists PROCESS" "$T/out" "^  PROCESS       play the turn now"
has "and ENDGAME" "$T/out" "^  ENDGAME       ENDGAME DRAW or ENDGAME WIN side"
has "the clock on the reader's own" "$T/out" \
    "^Deadline: 2026-12-03T20:00Z (UTC), Thu 2026-12-03 21:00 CET on your clock"
has "the time left" "$T/out" "2 days 3 hours left\.$"
has "a paused clock" "$T/out" "stopped with 2 days 3 hours left"
has "the final mail's command" "$T/out" \
    "^  navarch replay --archive demo-archive.xml --verify$"
has "the welcome's password" "$T/out" "^Your password: k7Fq2mWx9aPe$"
long=$(awk 'length($0) > 76' "$T/out" | wc -l)
[ "$long" = 0 ] && ok || bad "$long sample lines are longer than 76"
if grep -q "$(printf '\t')" "$T/out"; then bad "a tab in a sample"; else ok; fi

# --- NAVARCH_TEMPLATEDIR is the default directory ---------------------------
NAVARCH_TEMPLATEDIR=$TPL expect 0 "from NAVARCH_TEMPLATEDIR" \
    "$NAVARCH" templates

# --- a malformed mail.xsl: its line named ---------------------------------
sed '30s/$/<broken>/' "$SRC/templates/mail.xsl" > "$TPL/mail.xsl"
expect 1 "malformed mail.xsl" "$NAVARCH" templates --dir "$TPL"
has "file and line named" "$T/err" "mail.xsl:[0-9][0-9]*:"
has "the report templates are still checked" "$T/err" \
    "report-gm.xsl: compiles"

# --- wording over 76 columns: the sample and the line named ---------------
sed "s/concat('HELP:', \$nl)/concat('HELP: $(printf 'x%.0s' $(seq 80))', \$nl)/" \
    "$SRC/templates/mail.xsl" > "$TPL/mail.xsl"
cmp -s "$TPL/mail.xsl" "$SRC/templates/mail.xsl" && bad "the edit missed"
expect 1 "overlong wording" "$NAVARCH" templates --dir "$TPL"
has "overlong line named" "$T/err" \
    "mail.xsl, sample answer-player: .*line [0-9]* has 86 characters"

# --- no wording for a kind -------------------------------------------------
python3 - "$SRC/templates/mail.xsl" "$TPL/mail.xsl" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s2 = re.sub(r'<xsl:template match="/mail\[@kind = \'reminder\'\]">.*?'
            r'</xsl:template>', '', s, flags=re.S)
assert s2 != s
open(sys.argv[2], 'w').write(s2)
PY
expect 1 "no reminder wording" "$NAVARCH" templates --dir "$TPL"
has "the missing kind named" "$T/err" \
    "sample reminder: .*no wording for a mail of kind reminder"
has "the others still worded" "$T/err" "84 sample mails worded, 1 failed"

# --- a missing report template ---------------------------------------------
cp "$SRC/templates/mail.xsl" "$TPL/mail.xsl"
rm "$TPL/report-observer.xsl"
expect 1 "missing report-observer.xsl" "$NAVARCH" templates --dir "$TPL"
has "missing file named" "$T/err" "report-observer.xsl"
has "mail.xsl still counted right" "$T/err" "85 sample mails worded, 0 failed"

# --- a language installed: its own files checked, the others not ----------
# (a test-only language: "xx", a partial translation with mail.xsl only)
cp "$SRC/templates/report-observer.xsl" "$TPL/"
mkdir -p "$TPL/xx" "$TPL/notes"
sed 's/Orders accepted for turn /XX orders for turn /' \
    "$SRC/templates/mail.xsl" > "$TPL/xx/mail.xsl"
expect 0 "a language" "$NAVARCH" templates --dir "$TPL" --show
has "its mail.xsl checked" "$T/err" "^navarch: xx/mail.xsl: 85 sample mails worded, 0 failed"
has "its wording shown" "$T/out" "XX orders for turn"
lacks "no report template of its own" "$T/err" "xx/report-side.xsl"
lacks "a directory without templates is no language" "$T/err" "notes/"
sed '30s/$/<broken>/' "$SRC/templates/mail.xsl" > "$TPL/xx/mail.xsl"
expect 1 "a language's broken mail.xsl" "$NAVARCH" templates --dir "$TPL"
has "named with its language" "$T/err" "xx/mail.xsl:[0-9][0-9]*:"
has "the default still checked" "$T/err" "^navarch: mail.xsl: 85 sample mails worded, 0 failed"
rm -r "$TPL/xx" "$TPL/notes"

# --- every name the daemon uses has a sample --------------------------------
names=$(cat "$SRC"/src/mail/mailproc*.c | tr -d '\n\t' |
    grep -oE '(mp_part|mp_doc|md_add|md_set|md_set_int|md_lines|mp_set_when)\([^,]*, *"[a-z-]+"' |
    sed 's/.*"\([a-z-]*\)"$/\1/' | sort -u)
[ -n "$names" ] && ok || bad "no names found in src/mail/mailproc*.c"
for n in $names; do
	cat "$SRC"/src/mail/maildoc-sample*.c | grep -q "\"$n\"" && ok ||
	    bad "'$n' is used by the daemon but has no sample"
done

finish
